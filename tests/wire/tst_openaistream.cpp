// SPDX-License-Identifier: MIT
// Recorded OpenAI-compatible streams (tests/wire/streams) through the decoder, under every read
// schedule and every line-ending style.
#include "openaistream.h"
#include "recorder.h"
#include "splits.h"

#include <gtest/gtest.h>

namespace koder::wire::test {
namespace {

using namespace koder::agent;

struct Result : Recorded {
    friend bool operator==(const Result& a, const Result& b) { return a.sameInputs(b); }
};

Result run(std::string_view bytes, const Schedule& schedule, bool cleanEnd = true,
           Limits limits = {})
{
    Result r;
    OpenAiStreamDecoder d(7, recordInto(r, 7), limits);
    decodeAll(d, r, bytes, schedule, cleanEnd);
    return r;
}

Result ended(std::string text, std::string reason, std::vector<ToolCall> calls = {},
             std::string reasoning = {})
{
    Result r;
    r.started = true;
    r.text = std::move(text);
    r.reasoning = std::move(reasoning);
    r.calls = std::move(calls);
    r.terminals = 1;
    r.finishReason = std::move(reason);
    return r;
}

Result failed(std::string text, std::string code)
{
    Result r;
    r.started = true;
    r.text = std::move(text);
    r.terminals = 1;
    r.error = ErrorInfo{std::move(code), {}, false, -1};
    return r;
}

struct Case {
    const char* file;
    Result expected;
};

class Streams : public ::testing::TestWithParam<Case> {};

TEST_P(Streams, SameResultUnderEveryScheduleAndLineEnding)
{
    const std::string lf = streamFile(GetParam().file);
    ASSERT_FALSE(lf.empty()) << GetParam().file;
    for (const LineEnding& ending : lineEndings) {
        const std::string bytes = withLineEnds(lf, ending.end);
        for (const Schedule& s : schedulesFor(bytes.size())) {
            const Result got = run(bytes, s);
            ASSERT_EQ(got, GetParam().expected)
                << GetParam().file << ", schedule " << s.name << ", line end " << ending.name
                << "\n  text: \"" << got.text << "\"\n  terminals: " << got.terminals
                << (got.error ? "\n  error: " + got.error->code + " " + got.error->message : "")
                << (got.finishReason ? "\n  finish: " + *got.finishReason : "");
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Recorded, Streams,
    ::testing::Values(
        Case{"text.sse", ended("Hello, world", "stop")},
        Case{"bom_comments_multiline.sse", ended("multi-line", "stop")},
        Case{
            "utf8.sse",
            ended(
                "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xF0\x9F\x99\x82 \"q\" \\ \n end",
                "stop")},
        Case{"reasoning.sse", ended("Answer.", "stop", {}, "Think hard. And more.")},
        Case{"tool_calls_fragments.sse",
             ended("", "tool_calls",
                   {{"call_a", "get_time", R"({"tz":"Asia/Tokyo", "q": "a\"b"})", false},
                    {"call_b", "save", "{}", false}})},
        Case{"tool_calls_index0_reuse.sse",
             ended("", "tool_calls",
                   {{"call_1", "a", R"({"x":1})", false}, {"call_2", "b", R"({"y":2})", false}})},
        Case{"tool_calls_no_index.sse",
             ended("", "tool_calls",
                   {{"g1", "a", R"({"k":"v"})", false}, {"g2", "b", "{}", false}})},
        Case{"unknown_fields.sse", ended("ok", "stop")},
        Case{"finish_length.sse", ended("cut", "length")},
        // vLLM's in-stream error (a numeric code 400) saying the prompt is too long.
        Case{"error_in_stream.sse", failed("partial", "context_length")},
        Case{"event_error.sse", failed("partial", "overloaded")},
        Case{"no_finish.sse", ended("looks fine", "")},
        Case{"eof_after_finish.sse", ended("done", "stop")},
        Case{"eof_mid_event.sse", ended("half", "")},
        Case{"malformed.sse", failed("a", "protocol_error")},
        Case{"llamacpp_error_field.sse", ended("a", "")},
        Case{"refusal.sse", ended("I'm sorry, I can't help with that.", "refusal")},
        Case{"content_filter.sse", ended("Here is", "content_filter")},
        Case{"content_parts.sse", ended("The answer is 4.", "stop", {}, "Two plus two is four.")}),
    [](const auto& p) {
        std::string n = p.param.file;
        return n.substr(0, n.find('.'));
    });

TEST(OpenAiStream, UsageChunkIsRead)
{
    const Result r = run(streamFile("text.sse"), Schedule{"whole", {}});
    EXPECT_FALSE(r.usage.empty());
    EXPECT_EQ(r.usage.promptTokens, 12);
    EXPECT_EQ(r.usage.completionTokens, 3);
    EXPECT_EQ(r.usage.totalTokens, 15);
    EXPECT_EQ(r.usage.cachedTokens, 4);
}

TEST(OpenAiStream, AConnectionFailureMidStreamIsTheOneTerminal)
{
    Result r;
    int terminals = 0;
    OpenAiStreamDecoder d(1, [&](Input&& in) {
        if (std::holds_alternative<StreamFailed>(in) || std::holds_alternative<StreamEnded>(in))
            ++terminals;
        if (auto* f = std::get_if<StreamFailed>(&in))
            r.error = f->error;
    });
    d.feed(streamFile("text.sse").substr(0, 300));
    d.fail({"transport", "connection reset", true, -1});
    d.endOfStream();
    d.fail({"transport", "again", true, -1});
    EXPECT_EQ(terminals, 1);
    EXPECT_EQ(r.error->code, "transport");
}

TEST(OpenAiStream, CancelStopsEverything)
{
    int inputs = 0;
    OpenAiStreamDecoder d(1, [&](Input&&) { ++inputs; });
    d.cancel();
    d.feed(streamFile("text.sse"));
    d.endOfStream();
    EXPECT_EQ(inputs, 0);
}

std::string chunk(std::string_view delta)
{
    return R"(data: {"choices":[{"index":0,"delta":)" + std::string(delta) + "}]}\n\n";
}

std::string toolFragment(int index, std::string_view arguments, bool first)
{
    std::string f = R"({"tool_calls":[{"index":)" + std::to_string(index);
    if (first)
        f +=
            R"(,"id":"call_)" + std::to_string(index) + R"(","function":{"name":"f","arguments":")";
    else
        f += R"(,"function":{"arguments":")";
    return chunk(f + std::string(arguments) + "\"}}]}");
}

const Schedule whole{"whole", {}};

TEST(OpenAiStreamLimits, EndlessReasoningEndsTooLargeKeepingWhatArrived)
{
    std::string stream;
    for (int i = 0; i < 100; ++i)
        stream += chunk(R"({"reasoning_content":"0123456789"})");
    const Result r = run(stream, whole, true, Limits{1 << 20, 500, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_FALSE(r.error->retryable);
    EXPECT_EQ(r.terminals, 1);
    EXPECT_EQ(r.reasoning.size(), 500u); // what was shown stays
    EXPECT_FALSE(r.finishReason);
}

TEST(OpenAiStreamLimits, TextAndToolArgumentsCountTogether)
{
    std::string stream = chunk(R"({"content":"hello"})");
    stream += toolFragment(0, "", true);
    for (int i = 0; i < 200; ++i)
        stream += toolFragment(0, "0123456789", false);
    const Result r = run(stream, whole, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_EQ(r.text, "hello");
    EXPECT_TRUE(r.calls.empty()); // an unfinished call is never requested
}

TEST(OpenAiStreamLimits, TooManyToolCallsInOneStep)
{
    std::string stream;
    for (int i = 0; i < 1000; ++i)
        stream += toolFragment(i, "{}", true);
    stream += chunk(R"({},"finish_reason":"tool_calls")");
    const Result r = run(stream, whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_NE(r.error->message.find("64 tool calls"), std::string::npos);
    EXPECT_TRUE(r.calls.empty());

    // 64 are fine.
    std::string ok;
    for (int i = 0; i < 64; ++i)
        ok += toolFragment(i, "{}", true);
    const Result fine =
        run(ok + chunk(R"({},"finish_reason":"tool_calls")") + "data: [DONE]\n\n", whole);
    EXPECT_FALSE(fine.error);
    EXPECT_EQ(fine.calls.size(), 64u);
}

TEST(OpenAiStreamLimits, AnEventPastTheLimitUnderEverySchedule)
{
    const std::string stream =
        chunk(R"({"content":"a"})") + "data: " + std::string(5000, 'x') + "\n\n";
    for (const Schedule& s : schedulesFor(stream.size())) {
        const Result r = run(stream, s, true, Limits{4096, 1 << 20, 64});
        ASSERT_TRUE(r.error) << s.name;
        EXPECT_EQ(r.error->code, "too_large");
        EXPECT_EQ(r.text, "a");
        EXPECT_EQ(r.terminals, 1);
    }
}

TEST(OpenAiStreamLimits, DeeplyNestedArgumentsEndTheTurn)
{
    const std::string deep = std::string(80'000, '[') + std::string(80'000, ']');
    const Result r = run(toolFragment(0, deep, true) + chunk(R"({},"finish_reason":"tool_calls")") +
                             "data: [DONE]\n\n",
                         whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_TRUE(r.calls.empty());
    // Given as an object rather than text: the chunk itself is refused, nothing recurses.
    const std::string chunkDeep =
        R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":{"a":)" +
        deep + "}}}]}}]}\n\n";
    const Result o = run(chunkDeep, whole);
    ASSERT_TRUE(o.error);
    EXPECT_EQ(o.error->code, "protocol_error");
}

} // namespace
} // namespace koder::wire::test

namespace koder::wire::test {
namespace {

TEST(OpenAiStream, AContentPartOfAnUnknownTypeIsReportedNotDroppedInSilence)
{
    std::vector<std::string> warnings;
    std::string text;
    OpenAiStreamDecoder d(1, [&](Input&& in) {
        if (const auto* t = std::get_if<TextDelta>(&in))
            text += t->text;
    });
    d.setWarningSink([&](std::string_view w) { warnings.emplace_back(w); });
    d.feed(streamFile("content_parts.sse"));
    d.endOfStream();
    EXPECT_EQ(text, "The answer is 4.");
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("image_ref"), std::string::npos) << warnings[0];

    // A content that is neither text nor parts.
    warnings.clear();
    OpenAiStreamDecoder other(2, [](Input&&) {});
    other.setWarningSink([&](std::string_view w) { warnings.emplace_back(w); });
    other.feed("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":{\"x\":1}}}]}\n\n");
    EXPECT_EQ(warnings.size(), 1u);
}

TEST(OpenAiStream, ARefusalWithoutWordsIsNeverAnEmptyAnswer)
{
    std::string text;
    std::string reason;
    OpenAiStreamDecoder d(1, [&](Input&& in) {
        if (const auto* t = std::get_if<TextDelta>(&in))
            text += t->text;
        if (const auto* e = std::get_if<StreamEnded>(&in))
            reason = e->finishReason;
    });
    d.setDeclinedText("Declined.");
    d.feed("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"content_filter\"}]}"
           "\n\ndata: [DONE]\n\n");
    d.endOfStream();
    EXPECT_EQ(text, "Declined.");
    EXPECT_EQ(reason, "content_filter");
}

TEST(OpenAiStream, UsageWithoutATotalGetsOne)
{
    Usage usage;
    OpenAiStreamDecoder d(1, [&](Input&& in) {
        if (const auto* e = std::get_if<StreamEnded>(&in))
            usage = e->usage;
    });
    d.feed("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
           "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2}}\n\ndata: [DONE]\n\n");
    d.endOfStream();
    EXPECT_EQ(usage.promptTokens, 5);
    EXPECT_EQ(usage.completionTokens, 2);
    EXPECT_EQ(usage.totalTokens, 7);
    EXPECT_EQ(usage.cachedTokens, -1); // not reported
}

// A call is run only after a reply that ended for it: arguments cut by `length`, or calls of a
// reply a filter stopped, are dropped (never run, never left without a result).
TEST(OpenAiStream, CallsOfACutOrFilteredReplyAreDropped)
{
    for (const char* reason : {"length", "content_filter"}) {
        std::vector<ToolCall> calls;
        std::string finish;
        OpenAiStreamDecoder d(1, [&](Input&& in) {
            if (const auto* c = std::get_if<ToolCallRequested>(&in))
                calls.push_back(c->call);
            if (const auto* e = std::get_if<StreamEnded>(&in))
                finish = e->finishReason;
        });
        d.feed(R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1",)"
               R"("function":{"name":"save","arguments":"{\"text\":\"cut her"}}]}}]})"
               "\n\n");
        d.feed(std::string(R"(data: {"choices":[{"index":0,"delta":{},"finish_reason":")") +
               reason + "\"}]}\n\ndata: [DONE]\n\n");
        d.endOfStream();
        EXPECT_TRUE(calls.empty()) << reason;
        EXPECT_EQ(finish, reason);
    }
}

} // namespace
} // namespace koder::wire::test
