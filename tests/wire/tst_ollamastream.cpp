// SPDX-License-Identifier: MIT
// Ollama /api/chat NDJSON streams (tests/wire/streams/ollama_*.ndjson, written from Ollama's API
// documentation) through the decoder, under every read schedule and both line-ending styles.
#include "ollamastream.h"
#include "recorder.h"
#include "splits.h"

#include <gtest/gtest.h>

#include <set>

namespace koder::wire::test {
namespace {

using namespace koder::agent;

struct Result : Recorded {
    std::uint64_t events = 0;

    friend bool operator==(const Result& a, const Result& b)
    {
        return a.sameInputs(b) && a.usage == b.usage && a.warnings.size() == b.warnings.size() &&
               a.events == b.events;
    }
};

Result run(std::string_view bytes, const Schedule& schedule, bool cleanEnd = true,
           Limits limits = {}, RequestId id = 7)
{
    Result r;
    OllamaStreamDecoder d(id, recordInto(r, id), limits);
    decodeAll(d, r, bytes, schedule, cleanEnd,
              [&] { EXPECT_LE(d.bufferedBytes(), limits.maxEventBytes); });
    r.events = d.events();
    return r;
}

Usage tokens(std::int64_t prompt, std::int64_t completion)
{
    Usage u;
    u.promptTokens = prompt;
    u.completionTokens = completion;
    u.totalTokens = prompt >= 0 && completion >= 0 ? prompt + completion : -1;
    return u;
}

// Default member initializers everywhere: designated initializers may leave any out.
struct Expect {
    std::string text{};
    std::string reasoning{};
    std::vector<ToolCall> calls{};
    std::uint64_t events = 0;
    Usage usage{};
    std::size_t warnings = 0;
};

Result ended(std::string reason, Expect e)
{
    Result r;
    r.started = true;
    r.text = std::move(e.text);
    r.reasoning = std::move(e.reasoning);
    r.calls = std::move(e.calls);
    r.terminals = 1;
    r.finishReason = std::move(reason);
    r.usage = e.usage;
    r.warnings.resize(e.warnings);
    r.events = e.events;
    return r;
}

Result failed(std::string code, Expect e)
{
    Result r = ended({}, std::move(e));
    r.finishReason.reset();
    r.usage = {};
    r.error = ErrorInfo{std::move(code), {}, false, -1};
    return r;
}

struct Case {
    const char* file;
    Result expected;
};

void PrintTo(const Case& c, std::ostream* os)
{
    *os << c.file;
}

class OllamaStreams : public ::testing::TestWithParam<Case> {};

TEST_P(OllamaStreams, SameResultUnderEveryScheduleAndLineEnding)
{
    const std::string lf = streamFile(GetParam().file);
    ASSERT_FALSE(lf.empty()) << GetParam().file;
    for (std::string_view ending : {"\n", "\r\n"}) {
        const std::string bytes = withLineEnds(lf, ending);
        for (const Schedule& s : schedulesFor(bytes.size())) {
            const Result got = run(bytes, s);
            ASSERT_EQ(got, GetParam().expected)
                << GetParam().file << ", schedule " << s.name << ", line end "
                << (ending == "\n" ? "LF" : "CRLF") << "\n  text: \"" << got.text
                << "\"\n  reasoning: \"" << got.reasoning << "\"\n  calls: " << got.calls.size()
                << (got.calls.empty() ? ""
                                      : " first " + got.calls[0].id + " " + got.calls[0].arguments)
                << "\n  terminals: " << got.terminals << "\n  events: " << got.events
                << "\n  warnings: " << got.warnings.size()
                << "\n  tokens: " << got.usage.promptTokens << "/" << got.usage.completionTokens
                << "/" << got.usage.totalTokens
                << (got.error ? "\n  error: " + got.error->code + " " + got.error->message : "")
                << (got.finishReason ? "\n  finish: " + *got.finishReason : "");
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Recorded, OllamaStreams,
    ::testing::Values(
        Case{"ollama_text.ndjson",
             ended("stop", {.text = "Hello, world", .events = 4, .usage = tokens(26, 290)})},
        Case{"ollama_thinking.ndjson",
             ended("stop", {.text = "Hi there!",
                            .reasoning = "The user says hi. Reply politely.",
                            .events = 5,
                            .usage = tokens(11, 20)})},
        Case{"ollama_tool_calls.ndjson",
             ended("stop",
                   {.calls =
                        {{"ollama_7_0", "get_weather",
                          R"({"city":"Tokyo","units":{"temp":"celsius","wind":["kmh",1.5]},"days":3,"hourly":false,"note":"say \"hi\""})",
                          false},
                         {"ollama_7_1", "save", "{}", false}},
                    .events = 2,
                    .usage = tokens(180, 42)})},
        Case{"ollama_length.ndjson",
             ended("length", {.text = "This answer is cut", .events = 2, .usage = tokens(5, 8)})},
        Case{"ollama_error.ndjson", failed("upstream_error", {.text = "partial", .events = 2})},
        Case{"ollama_malformed.ndjson", failed("protocol_error", {.text = "a", .events = 2})},
        Case{"ollama_cut.ndjson", ended("", {.text = "looks fine", .events = 2})},
        Case{"ollama_blank_lines.ndjson", ended("stop", {.text = "one two", .events = 3})},
        Case{"ollama_unknown_fields.ndjson",
             ended("stop", {.text = "ok", .events = 3, .usage = tokens(-1, 2)})},
        Case{"ollama_after_done.ndjson",
             ended("stop", {.text = "done", .events = 2, .usage = tokens(26, 290)})},
        Case{"ollama_content_array.ndjson",
             ended("stop", {.text = "ab", .events = 4, .usage = tokens(26, 290), .warnings = 2})},
        Case{"ollama_utf8.ndjson",
             ended("stop", {.text = "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E "
                                    "\xF0\x9F\x99\x82 \"q\" \\ \n end",
                            .events = 2})},
        Case{"ollama_no_trailing_newline.ndjson",
             ended("stop", {.text = "end", .events = 2, .usage = tokens(26, 290)})}),
    [](const auto& p) {
        std::string n = p.param.file;
        return n.substr(0, n.find('.'));
    });

const Schedule whole{"whole", {}};

std::string content(std::string_view text)
{
    return R"({"model":"m","message":{"role":"assistant","content":")" + std::string(text) +
           "\"},\"done\":false}\n";
}

std::string toolLine(int calls, std::string_view arguments)
{
    std::string line = R"({"model":"m","message":{"role":"assistant","content":"","tool_calls":[)";
    for (int i = 0; i < calls; ++i)
        line += (i ? "," : "") + std::string(R"({"function":{"name":"f","arguments":)") +
                std::string(arguments) + "}}";
    return line + "]},\"done\":false}\n";
}

const std::string doneLine = R"({"model":"m","message":{"role":"assistant","content":""},)"
                             R"("done":true,"done_reason":"stop"})"
                             "\n";

TEST(OllamaStream, ErrorLineKeepsTheServersMessage)
{
    const Result r = run(streamFile("ollama_error.ndjson"), whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "upstream_error");
    EXPECT_NE(r.error->message.find("model 'llama9' not found"), std::string::npos)
        << r.error->message;
}

TEST(OllamaStream, AnErrorLineSayingThePromptIsTooLongIsContextLength)
{
    const Result r = run(content("a") + R"({"error":"the input length exceeds the context length"})"
                                        "\n",
                         whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "context_length");
    EXPECT_FALSE(r.error->retryable);
    EXPECT_EQ(r.error->message, "the input length exceeds the context length");
    EXPECT_EQ(r.text, "a");
}

TEST(OllamaStream, CachedPromptTokensAreReadWhenReported)
{
    const Result r =
        run(content("a") + R"({"model":"m","message":{"role":"assistant","content":""},)"
                           R"("done":true,"done_reason":"stop","prompt_eval_count":900,)"
                           R"("prompt_eval_cached_count":850,"eval_count":3})"
                           "\n",
            whole);
    EXPECT_EQ(r.usage.promptTokens, 900); // the cached ones included
    EXPECT_EQ(r.usage.cachedTokens, 850);
    EXPECT_EQ(r.usage.completionTokens, 3);
}

TEST(OllamaStream, ALineThatIsNotAnObjectIsAProtocolError)
{
    for (const char* line : {"[1,2]\n", "\"text\"\n", "42\n", "{\"a\":\n", "{}{}\n"}) {
        const Result r = run(content("a") + line + doneLine, whole);
        ASSERT_TRUE(r.error) << line;
        EXPECT_EQ(r.error->code, "protocol_error") << line;
        EXPECT_EQ(r.error->message, "The server sent a line that is not JSON.");
        EXPECT_EQ(r.text, "a");
    }
}

TEST(OllamaStream, CallIdsAreUniqueWithinAndAcrossRequests)
{
    const std::string stream = toolLine(2, "{}") + toolLine(1, "{}") + doneLine;
    const Result a = run(stream, whole, true, {}, 1);
    const Result b = run(stream, whole, true, {}, 2);
    ASSERT_EQ(a.calls.size(), 3u);
    ASSERT_EQ(b.calls.size(), 3u);
    std::set<std::string> ids;
    for (const auto* r : {&a, &b})
        for (const ToolCall& c : r->calls)
            ids.insert(c.id);
    EXPECT_EQ(ids.size(), 6u);
    EXPECT_EQ(a.calls[2].id, "ollama_1_2");
}

TEST(OllamaStream, AServersCallIdIsKept)
{
    const std::string line =
        R"({"message":{"tool_calls":[{"id":"call_x","function":{"name":"f","arguments":{"a":1}}}]},"done":false})"
        "\n";
    const Result r = run(line + doneLine, whole);
    ASSERT_EQ(r.calls.size(), 1u);
    EXPECT_EQ(r.calls[0].id, "call_x");
    EXPECT_EQ(r.calls[0].arguments, R"({"a":1})");
}

TEST(OllamaStream, StringArgumentsAreTakenAsTheyAre)
{
    const Result r = run(toolLine(1, R"("{\"q\": 1}")") + doneLine, whole);
    ASSERT_EQ(r.calls.size(), 1u);
    EXPECT_EQ(r.calls[0].arguments, R"({"q": 1})");
    // Missing arguments are an empty object.
    const Result none = run(R"({"message":{"tool_calls":[{"function":{"name":"f"}}]},"done":false})"
                            "\n" +
                                doneLine,
                            whole);
    ASSERT_EQ(none.calls.size(), 1u);
    EXPECT_EQ(none.calls[0].arguments, "{}");
}

TEST(OllamaStream, ContentThatIsNotTextIsReportedNotDropped)
{
    std::vector<std::string> warnings;
    OllamaStreamDecoder d(1, [](Input&&) {});
    d.setWarningSink([&](std::string_view w) { warnings.emplace_back(w); });
    d.feed(R"({"message":{"content":["a"]},"done":false})"
           "\n");
    d.feed(R"({"message":{"tool_calls":[{"name":"no function"}]},"done":false})"
           "\n");
    d.endOfStream();
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_NE(warnings[0].find("message.content"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("tool call"), std::string::npos) << warnings[1];
}

TEST(OllamaStream, AConnectionFailureMidStreamIsTheOneTerminal)
{
    int terminals = 0;
    std::optional<ErrorInfo> error;
    OllamaStreamDecoder d(1, [&](Input&& in) {
        if (std::holds_alternative<StreamFailed>(in) || std::holds_alternative<StreamEnded>(in))
            ++terminals;
        if (auto* f = std::get_if<StreamFailed>(&in))
            error = f->error;
    });
    d.feed(streamFile("ollama_text.ndjson").substr(0, 150));
    d.fail({"transport", "connection reset", true, -1});
    d.endOfStream();
    d.fail({"transport", "again", true, -1});
    EXPECT_EQ(terminals, 1);
    EXPECT_EQ(error->code, "transport");
    EXPECT_EQ(d.bufferedBytes(), 0u);
}

TEST(OllamaStream, CancelStopsEverything)
{
    int inputs = 0;
    OllamaStreamDecoder d(1, [&](Input&&) { ++inputs; });
    d.cancel();
    d.feed(streamFile("ollama_text.ndjson"));
    d.endOfStream();
    EXPECT_EQ(inputs, 0);
}

TEST(OllamaStream, AnEmptyBodyIsAnIncompleteTurn)
{
    const Result r = run("", whole);
    EXPECT_EQ(r.terminals, 1);
    EXPECT_EQ(r.finishReason, "");
    EXPECT_FALSE(r.error);
}

TEST(OllamaStreamLimits, AHugeLineWithoutNewlineEndsTooLargeAndFreesItsBytes)
{
    const std::string stream = content("a") + std::string(5000, 'x');
    for (const Schedule& s : schedulesFor(stream.size())) {
        const Result r = run(stream, s, true, Limits{4096, 1 << 20, 64});
        ASSERT_TRUE(r.error) << s.name;
        EXPECT_EQ(r.error->code, "too_large");
        EXPECT_EQ(r.text, "a");
        EXPECT_EQ(r.terminals, 1);
    }
    // Never buffered whole, freed at once.
    OllamaStreamDecoder d(
        1, [](Input&&) {}, Limits{4096, 1 << 20, 64});
    for (int i = 0; i < 100; ++i) {
        d.feed(std::string(1000, 'x'));
        EXPECT_LE(d.bufferedBytes(), 4096u);
    }
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.bufferedBytes(), 0u);
}

TEST(OllamaStreamLimits, ALineAtTheLimitIsRead)
{
    std::string padded = content("a");
    padded.insert(padded.size() - 1, 4096 - (padded.size() - 1), ' ');
    ASSERT_EQ(padded.size(), 4097u); // 4096 bytes and the newline
    const Result r = run(padded + doneLine, whole, true, Limits{4096, 1 << 20, 64});
    EXPECT_FALSE(r.error);
    EXPECT_EQ(r.text, "a");
}

TEST(OllamaStreamLimits, EndlessThinkingEndsTooLargeKeepingWhatArrived)
{
    std::string stream;
    for (int i = 0; i < 100; ++i)
        stream += R"({"message":{"thinking":"0123456789"},"done":false})"
                  "\n";
    const Result r = run(stream, whole, true, Limits{1 << 20, 500, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_EQ(r.reasoning.size(), 500u);
    EXPECT_FALSE(r.finishReason);
}

TEST(OllamaStreamLimits, TooManyToolCallsInOneStep)
{
    const Result r = run(toolLine(65, "{}") + doneLine, whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_EQ(r.calls.size(), 64u); // complete calls are requested as they come
    const Result fine = run(toolLine(64, "{}") + doneLine, whole);
    EXPECT_FALSE(fine.error);
    EXPECT_EQ(fine.calls.size(), 64u);
}

TEST(OllamaStreamLimits, ToolArgumentsCountAgainstTheReply)
{
    const std::string big = "{\"k\":\"" + std::string(2000, 'v') + "\"}";
    const Result r =
        run(content("hello") + toolLine(1, big) + doneLine, whole, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_EQ(r.text, "hello");
    EXPECT_TRUE(r.calls.empty());
}

TEST(OllamaStreamLimits, DeeplyNestedArgumentsEndTheTurn)
{
    // Past the core's JSON limit but within the line's: the call is refused.
    const std::string deep = std::string(65, '[') + std::string(65, ']');
    const Result r = run(toolLine(1, "{\"a\":" + deep + "}") + doneLine, whole);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_TRUE(r.calls.empty());
    // Far deeper: the line itself is refused, nothing recurses.
    const std::string deeper = std::string(80'000, '[') + std::string(80'000, ']');
    const Result o = run(toolLine(1, deeper) + doneLine, whole);
    ASSERT_TRUE(o.error);
    EXPECT_EQ(o.error->code, "protocol_error");
    EXPECT_TRUE(o.calls.empty());
}

} // namespace
} // namespace koder::wire::test
