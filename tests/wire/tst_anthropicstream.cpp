// SPDX-License-Identifier: MIT
// Recorded Anthropic Messages streams (tests/wire/streams/anthropic_*.sse, written from the API's
// documented event format) through the decoder, under every read schedule and every line-ending
// style.
#include "anthropicstream.h"
#include "recorder.h"
#include "splits.h"

#include <gtest/gtest.h>

namespace koder::wire::test {
namespace {

using namespace koder::agent;

struct Outcome : Recorded {
    std::vector<ThinkingBlock> thinking;
    std::uint64_t events = 0;

    friend bool operator==(const Outcome& a, const Outcome& b)
    {
        return a.sameInputs(b) && a.thinking == b.thinking &&
               a.warnings.size() == b.warnings.size();
    }
};

Outcome decode(std::string_view bytes, const Schedule& schedule, bool cleanEnd = true,
               Limits limits = {})
{
    Outcome r;
    AnthropicStreamDecoder d(7, recordInto(r, 7), limits);
    decodeAll(d, r, bytes, schedule, cleanEnd);
    r.thinking = d.thinkingBlocks();
    r.events = d.events();
    if (!r.finishReason)
        r.usage = d.usage();
    return r;
}

struct Expect {
    Outcome r;
    Expect(std::string text, std::string reason)
    {
        r.started = true;
        r.text = std::move(text);
        r.terminals = 1;
        r.finishReason = std::move(reason);
    }
    static Expect failed(std::string text, std::string code)
    {
        Expect e(std::move(text), {});
        e.r.finishReason.reset();
        e.r.error = ErrorInfo{std::move(code), {}, false, -1};
        return e;
    }
    Expect calls(std::vector<ToolCall> c) &&
    {
        r.calls = std::move(c);
        return std::move(*this);
    }
    Expect reasoning(std::string s, std::vector<ThinkingBlock> blocks) &&
    {
        r.reasoning = std::move(s);
        r.thinking = std::move(blocks);
        return std::move(*this);
    }
    Expect warnings(std::size_t n) &&
    {
        r.warnings.assign(n, {});
        return std::move(*this);
    }
};

struct Recording {
    const char* file;
    Outcome expected;
    Recording(const char* f, Expect e)
        : file(f)
        , expected(std::move(e.r))
    {
    }
};

class AnthropicStreams : public ::testing::TestWithParam<Recording> {};

TEST_P(AnthropicStreams, SameResultUnderEveryScheduleAndLineEnding)
{
    const std::string lf = streamFile(GetParam().file);
    ASSERT_FALSE(lf.empty()) << GetParam().file;
    for (const LineEnding& ending : lineEndings) {
        const std::string bytes = withLineEnds(lf, ending.end);
        for (const Schedule& s : schedulesFor(bytes.size())) {
            const Outcome got = decode(bytes, s);
            std::string warnings;
            for (const auto& w : got.warnings)
                warnings += "\n  warning: " + w;
            ASSERT_EQ(got, GetParam().expected)
                << GetParam().file << ", schedule " << s.name << ", line end " << ending.name
                << "\n  text: \"" << got.text << "\"\n  reasoning: \"" << got.reasoning
                << "\"\n  calls: " << got.calls.size() << "\n  terminals: " << got.terminals
                << (got.error ? "\n  error: " + got.error->code + " " + got.error->message : "")
                << (got.finishReason ? "\n  finish: " + *got.finishReason : "") << warnings;
        }
    }
}

const std::string signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds";
const std::string redactedData = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP";

INSTANTIATE_TEST_SUITE_P(
    Recorded, AnthropicStreams,
    ::testing::Values(
        // Two text blocks joined as they come, UTF-8 and escapes intact, a ping between.
        Recording{"anthropic_text.sse",
                  Expect("Hello, world \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x99\x82 \"q\" \\ \n end",
                         "end_turn")},
        // Thinking (with its signature), a redacted thinking block, then the answer.
        Recording{"anthropic_thinking.sse",
                  Expect("27 * 453 = 12,231", "end_turn")
                      .reasoning("Let me think about 27 * 453.",
                                 {{"Let me think about 27 * 453.", signature, false, {}},
                                  {{}, {}, true, redactedData}})},
        // Text, then a tool call whose input_json_delta fragments split keys, values and escapes.
        Recording{
            "anthropic_tool_use.sse",
            Expect("Let me check the weather.", "tool_use")
                .calls(
                    {{"toolu_01T1x1fJ34qAmk2tNTrN7Up6", "get_weather",
                      R"({"location": "San Francisco, CA", "unit": "fahrenheit", "q": "a\"b\u00e9"})",
                      false}})},
        // Parallel calls: arguments from fragments, from the start's input, and none at all.
        Recording{"anthropic_parallel_tools.sse",
                  Expect("", "tool_use")
                      .calls({{"toolu_a", "get_time", R"({"tz": "Asia/Tokyo"})", false},
                              {"toolu_b", "read_file", R"({"path":"/tmp/x","lines":[1,2]})", false},
                              {"toolu_c", "list_files", "{}", false}})},
        // The token limit cut the second call: neither call is requested, the text stays.
        Recording{"anthropic_max_tokens_tool.sse", Expect("Writing both files.", "max_tokens")},
        // A refusal with nothing said: the API's explanation is the text.
        Recording{"anthropic_refusal.sse",
                  Expect("This request would help attack systems.", "refusal")},
        // A refusal after some text: the text stays, the explanation is not added.
        Recording{"anthropic_refusal_partial.sse", Expect("Sure, the first step is", "refusal")},
        // An overloaded_error event mid-stream: what came stays, nothing after it.
        Recording{"anthropic_error.sse", Expect::failed("partial", "overloaded")},
        // Pings everywhere, an event type and fields from a later API version, a comment.
        Recording{"anthropic_ping_unknown.sse", Expect("ok", "end_turn")},
        // Blocks the server ran (web search): no calls, no warnings, citations not in the text.
        Recording{"anthropic_server_tools.sse", Expect("I'll search. It is sunny.", "end_turn")},
        // The same message_start twice: the second is ignored, quietly.
        Recording{"anthropic_repeated_start.sse", Expect("one two", "end_turn")},
        // Cut mid-event with no stop reason: incomplete, and the finished call is not requested.
        Recording{"anthropic_cut.sse", Expect("looks fine", "")},
        // message_delta gave the stop reason, message_stop never came: the call and the reason.
        Recording{"anthropic_delta_no_stop.sse",
                  Expect("done", "tool_use").calls({{"toolu_y", "f", R"({"a":1})", false}})},
        Recording{"anthropic_usage.sse", Expect("counted", "stop_sequence")},
        Recording{"anthropic_malformed.sse", Expect::failed("a", "protocol_error")},
        // An unknown block type, a delta its block does not take (twice), deltas for blocks never
        // opened (twice): each reported once, the rest read.
        Recording{"anthropic_unknown_block.sse", Expect("fine", "end_turn").warnings(3)},
        // No event names (the data's type decides; a misleading name is overruled) and data
        // without a type (the event name decides).
        Recording{"anthropic_event_name_fallback.sse", Expect("typed named", "end_turn")},
        // A long server-side turn paused: its reason as the wire says it, no calls.
        Recording{"anthropic_pause_turn.sse", Expect("", "pause_turn")}),
    [](const auto& p) {
        std::string n = p.param.file;
        return n.substr(0, n.find('.'));
    });

const Schedule wholeRead{"whole", {}};

TEST(AnthropicStream, UsageIsTheLastReportedFieldByField)
{
    const Outcome r = decode(streamFile("anthropic_usage.sse"), wholeRead);
    // Every prompt token: message_delta's input_tokens (30) and message_start's cache reads (10)
    // and writes (3), which Anthropic's input_tokens leave out.
    EXPECT_EQ(r.usage.promptTokens, 43);
    EXPECT_EQ(r.usage.completionTokens, 42); // message_delta's output_tokens
    EXPECT_EQ(r.usage.totalTokens, 85);
    EXPECT_EQ(r.usage.cachedTokens, 10); // message_start's (message_delta said null)
    EXPECT_EQ(r.usage.cacheWriteTokens, 3);
    EXPECT_EQ(r.usage.reasoningTokens, -1);

    const Outcome plain = decode(streamFile("anthropic_text.sse"), wholeRead);
    EXPECT_EQ(plain.usage.promptTokens, 25);
    EXPECT_EQ(plain.usage.completionTokens, 15);
    EXPECT_EQ(plain.usage.cachedTokens, 0);
    EXPECT_EQ(plain.usage.cacheWriteTokens, 0);
}

TEST(AnthropicStream, PromptTokensCountTheCacheAsItIsReportedAgain)
{
    // message_delta restates every count (newer servers do): the sum follows the last of each,
    // not the sum of both reports.
    const std::string stream =
        "event: message_start\n"
        R"(data: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"cache_read_input_tokens":1000,"cache_creation_input_tokens":200,"output_tokens":1}}})"
        "\n\n"
        "event: message_delta\n"
        R"(data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"input_tokens":6,"cache_read_input_tokens":1000,"cache_creation_input_tokens":300,"output_tokens":9}})"
        "\n\n"
        "event: message_stop\n"
        R"(data: {"type":"message_stop"})"
        "\n\n";
    const Outcome r = decode(stream, wholeRead);
    EXPECT_EQ(r.finishReason, "end_turn");
    EXPECT_EQ(r.usage.promptTokens, 1306);
    EXPECT_EQ(r.usage.cachedTokens, 1000);
    EXPECT_EQ(r.usage.cacheWriteTokens, 300);
    EXPECT_EQ(r.usage.completionTokens, 9);
    EXPECT_EQ(r.usage.totalTokens, 1315);
}

TEST(AnthropicStream, AReplyThatFillsTheContextWindowFailsWithContextLength)
{
    // stop_reason model_context_window_exceeded: the text so far stays, the call it cut is not
    // run, and the turn fails as a prompt too long does.
    const std::string stream =
        "event: message_start\n"
        R"(data: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"output_tokens":1}}})"
        "\n\n"
        "event: content_block_start\n"
        R"(data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})"
        "\n\n"
        "event: content_block_delta\n"
        R"(data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"so far"}})"
        "\n\n"
        "event: content_block_stop\n"
        R"(data: {"type":"content_block_stop","index":0})"
        "\n\n"
        "event: content_block_start\n"
        R"(data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}})"
        "\n\n"
        "event: content_block_delta\n"
        R"(data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}})"
        "\n\n"
        "event: message_delta\n"
        R"(data: {"type":"message_delta","delta":{"stop_reason":"model_context_window_exceeded"},"usage":{"output_tokens":9}})"
        "\n\n"
        "event: message_stop\n"
        R"(data: {"type":"message_stop"})"
        "\n\n";
    for (const Schedule& schedule : schedulesFor(stream.size())) {
        const Outcome r = decode(stream, schedule);
        EXPECT_EQ(r.text, "so far") << schedule.name;
        EXPECT_TRUE(r.calls.empty()) << schedule.name;
        EXPECT_EQ(r.terminals, 1) << schedule.name;
        ASSERT_TRUE(r.error) << schedule.name;
        EXPECT_EQ(r.error->code, "context_length");
        EXPECT_FALSE(r.error->retryable);
    }
}

TEST(AnthropicStream, AnErrorEventSayingThePromptIsTooLongIsContextLength)
{
    const Outcome r = decode(
        "event: error\n"
        R"(data: {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}})"
        "\n\n",
        wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "context_length");
    EXPECT_EQ(r.error->message, "prompt is too long: 208310 tokens > 200000 maximum");
    EXPECT_FALSE(r.error->retryable);
}

TEST(AnthropicStream, ARepeatedMessageStartChangesNothing)
{
    const Outcome r = decode(streamFile("anthropic_repeated_start.sse"), wholeRead);
    EXPECT_EQ(r.usage.promptTokens, 25);
    EXPECT_EQ(r.usage.completionTokens, 4);
    EXPECT_TRUE(r.warnings.empty());

    // Another message's start is reported and ignored.
    std::string other = streamFile("anthropic_repeated_start.sse");
    const std::size_t second = other.find("msg_01XFDUDYJgAACzvnptvVoYEL", other.find("one"));
    ASSERT_NE(second, std::string::npos);
    other.replace(second, 6, "msg_02");
    const Outcome o = decode(other, wholeRead);
    EXPECT_EQ(o.text, "one two");
    EXPECT_EQ(o.usage.promptTokens, 25);
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_NE(o.warnings[0].find("message_start"), std::string::npos);
}

TEST(AnthropicStream, MessageIdAndThinkingBlocksAreKept)
{
    AnthropicStreamDecoder d(1, [](Input&&) {});
    d.feed(streamFile("anthropic_thinking.sse"));
    d.endOfStream();
    EXPECT_EQ(d.messageId(), "msg_01XFDUDYJgAACzvnptvVoYEL");
    ASSERT_EQ(d.thinkingBlocks().size(), 2u);
    EXPECT_EQ(d.thinkingBlocks()[0].signature, signature);
    EXPECT_FALSE(d.thinkingBlocks()[0].redacted);
    EXPECT_TRUE(d.thinkingBlocks()[1].redacted);
    EXPECT_EQ(d.thinkingBlocks()[1].data, redactedData);
    EXPECT_EQ(d.finishReason(), "end_turn");
}

TEST(AnthropicStream, AnErrorEventIsRetryableWhenOverloaded)
{
    const Outcome r = decode(streamFile("anthropic_error.sse"), wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "overloaded");
    EXPECT_TRUE(r.error->retryable);
    EXPECT_NE(r.error->message.find("Overloaded"), std::string::npos);

    // The same error under the data's type alone.
    const Outcome t =
        decode("event: message\ndata: {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\","
               "\"message\":\"slow down\"}}\n\n",
               wholeRead);
    ASSERT_TRUE(t.error);
    EXPECT_EQ(t.error->code, "rate_limit");
    EXPECT_TRUE(t.error->retryable);
}

TEST(AnthropicStream, PingsAreNotProgress)
{
    const Outcome r = decode(streamFile("anthropic_ping_unknown.sse"), wholeRead);
    // message_start, future_event, content_block_start/_delta/_stop, message_delta, message_stop
    EXPECT_EQ(r.events, 7u);

    const Outcome pings = decode("event: ping\ndata: {\"type\": \"ping\"}\n\n"
                                 "event: ping\ndata: {\"type\": \"ping\"}\n\n",
                                 wholeRead);
    EXPECT_EQ(pings.events, 0u);
    EXPECT_FALSE(pings.started);
    EXPECT_EQ(pings.finishReason, "");
}

TEST(AnthropicStream, WarningsNameWhatWasSkipped)
{
    const Outcome r = decode(streamFile("anthropic_unknown_block.sse"), wholeRead);
    ASSERT_EQ(r.warnings.size(), 3u);
    EXPECT_NE(r.warnings[0].find("\"hologram\""), std::string::npos);
    EXPECT_NE(r.warnings[1].find("\"thinking_delta\""), std::string::npos);
    EXPECT_NE(r.warnings[2].find("not open"), std::string::npos);
    EXPECT_TRUE(decode(streamFile("anthropic_server_tools.sse"), wholeRead).warnings.empty());
}

TEST(AnthropicStream, ARefusalWithoutExplanationGetsTheDeclinedText)
{
    const Outcome r = decode("event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":"
                             "{\"stop_reason\":\"refusal\"},\"usage\":{\"output_tokens\":1}}\n\n"
                             "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
                             wholeRead);
    EXPECT_EQ(r.text, "The model declined to answer.");
    EXPECT_EQ(r.finishReason, "refusal");
}

TEST(AnthropicStream, MessageStopWithoutStopReasonIsIncomplete)
{
    const std::string stream = streamFile("anthropic_delta_no_stop.sse");
    const std::string withoutDelta = stream.substr(0, stream.find("event: message_delta")) +
                                     "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    const Outcome r = decode(withoutDelta, wholeRead);
    EXPECT_EQ(r.finishReason, "");
    EXPECT_TRUE(r.calls.empty());
}

TEST(AnthropicStream, AConnectionFailureMidStreamIsTheOneTerminal)
{
    int terminals = 0;
    std::optional<ErrorInfo> error;
    AnthropicStreamDecoder d(1, [&](Input&& in) {
        if (std::holds_alternative<StreamFailed>(in) || std::holds_alternative<StreamEnded>(in))
            ++terminals;
        if (auto* f = std::get_if<StreamFailed>(&in))
            error = f->error;
        EXPECT_FALSE(std::holds_alternative<ToolCallRequested>(in));
    });
    const std::string stream = streamFile("anthropic_tool_use.sse");
    d.feed(stream.substr(0, stream.find("event: message_stop")));
    d.fail({"transport", "connection reset", true, -1});
    d.endOfStream();
    d.fail({"transport", "again", true, -1});
    EXPECT_EQ(terminals, 1);
    EXPECT_EQ(error->code, "transport");
}

TEST(AnthropicStream, CancelStopsEverything)
{
    int inputs = 0;
    AnthropicStreamDecoder d(1, [&](Input&&) { ++inputs; });
    d.cancel();
    d.feed(streamFile("anthropic_text.sse"));
    d.endOfStream();
    EXPECT_EQ(inputs, 0);
}

std::string anthropicEvent(std::string_view type, std::string_view rest)
{
    return "event: " + std::string(type) + "\ndata: {\"type\":\"" + std::string(type) + "\"" +
           std::string(rest) + "}\n\n";
}

std::string blockDelta(int index, std::string_view delta)
{
    return anthropicEvent("content_block_delta", ",\"index\":" + std::to_string(index) +
                                                     ",\"delta\":" + std::string(delta));
}

std::string toolStart(int index, std::string_view input = "{}")
{
    return anthropicEvent("content_block_start",
                          ",\"index\":" + std::to_string(index) +
                              ",\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_" +
                              std::to_string(index) +
                              "\",\"name\":\"f\",\"input\":" + std::string(input) + "}");
}

const std::string toolUseEnd =
    anthropicEvent("message_delta", ",\"delta\":{\"stop_reason\":\"tool_use\"}") +
    anthropicEvent("message_stop", "");

TEST(AnthropicStreamLimits, EndlessThinkingEndsTooLargeKeepingWhatArrived)
{
    std::string stream = anthropicEvent(
        "content_block_start", R"(,"index":0,"content_block":{"type":"thinking","thinking":""})");
    for (int i = 0; i < 100; ++i)
        stream += blockDelta(0, R"({"type":"thinking_delta","thinking":"0123456789"})");
    const Outcome r = decode(stream, wholeRead, true, Limits{1 << 20, 500, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_FALSE(r.error->retryable);
    EXPECT_EQ(r.terminals, 1);
    EXPECT_EQ(r.reasoning.size(), 500u);
}

TEST(AnthropicStreamLimits, SignaturesAndToolArgumentsCountTowardsTheReply)
{
    std::string signatures = anthropicEvent(
        "content_block_start", R"(,"index":0,"content_block":{"type":"thinking","thinking":""})");
    for (int i = 0; i < 200; ++i)
        signatures += blockDelta(0, R"({"type":"signature_delta","signature":"0123456789"})");
    const Outcome s = decode(signatures, wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(s.error);
    EXPECT_EQ(s.error->code, "too_large");

    std::string args = anthropicEvent(
        "content_block_start", R"(,"index":0,"content_block":{"type":"text","text":"hello"})");
    args += toolStart(1);
    for (int i = 0; i < 200; ++i)
        args += blockDelta(1, R"({"type":"input_json_delta","partial_json":"0123456789"})");
    const Outcome a = decode(args + toolUseEnd, wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(a.error);
    EXPECT_EQ(a.error->code, "too_large");
    EXPECT_EQ(a.text, "hello");
    EXPECT_TRUE(a.calls.empty());
}

TEST(AnthropicStreamLimits, TooManyToolCallsInOneStep)
{
    std::string stream;
    for (int i = 0; i < 1000; ++i)
        stream += toolStart(i);
    const Outcome r = decode(stream + toolUseEnd, wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_TRUE(r.calls.empty());

    std::string ok;
    for (int i = 0; i < 64; ++i)
        ok += toolStart(i);
    const Outcome fine = decode(ok + toolUseEnd, wholeRead);
    EXPECT_FALSE(fine.error);
    EXPECT_EQ(fine.calls.size(), 64u);
}

TEST(AnthropicStreamLimits, AnEventPastTheLimitUnderEverySchedule)
{
    const std::string stream =
        anthropicEvent("content_block_start",
                       R"(,"index":0,"content_block":{"type":"text","text":""})") +
        blockDelta(0, R"({"type":"text_delta","text":"a"})") +
        blockDelta(0, R"({"type":"text_delta","text":")" + std::string(5000, 'x') + "\"}");
    for (const Schedule& s : schedulesFor(stream.size())) {
        const Outcome r = decode(stream, s, true, Limits{4096, 1 << 20, 64});
        ASSERT_TRUE(r.error) << s.name;
        EXPECT_EQ(r.error->code, "too_large");
        EXPECT_EQ(r.text, "a");
        EXPECT_EQ(r.terminals, 1);
    }
}

TEST(AnthropicStreamLimits, DeeplyNestedInputEndsTheTurn)
{
    const std::string deep = std::string(80'000, '[') + std::string(80'000, ']');
    const Outcome r =
        decode(toolStart(0) +
                   blockDelta(0, R"({"type":"input_json_delta","partial_json":")" + deep + "\"}") +
                   toolUseEnd,
               wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_TRUE(r.calls.empty());
    // Given as the start's input object: the event itself is refused, nothing recurses.
    const Outcome o = decode(toolStart(0, "{\"a\":" + deep + "}") + toolUseEnd, wholeRead);
    ASSERT_TRUE(o.error);
    EXPECT_EQ(o.error->code, "protocol_error");
}

TEST(AnthropicStreamLimits, BlocksThatNeverCloseAreBounded)
{
    std::string stream;
    for (int i = 0; i < 2000; ++i)
        stream += anthropicEvent("content_block_start",
                                 ",\"index\":" + std::to_string(i) +
                                     R"(,"content_block":{"type":"text","text":""})");
    const Outcome r = decode(stream, wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
}

} // namespace
} // namespace koder::wire::test
