// SPDX-License-Identifier: MIT
// Recorded OpenAI Responses API streams (tests/wire/streams/responses_*.sse, written from the API
// reference and the quirks of the servers that speak it: Copilot, LM Studio, Ollama) through the
// decoder, under every read schedule and every line-ending style.
#include "recorder.h"
#include "responsesstream.h"
#include "splits.h"

#include <gtest/gtest.h>

namespace koder::wire::test {
namespace {

using namespace koder::agent;

struct Outcome : Recorded {
    std::vector<ResponsesReasoning> reasoningItems;
    std::vector<ServerTool> serverTools;
    std::string responseId;
    std::uint64_t events = 0;

    friend bool operator==(const Outcome& a, const Outcome& b)
    {
        return a.sameInputs(b) && a.replacedText == b.replacedText && a.usage == b.usage &&
               a.reasoningItems == b.reasoningItems && a.serverTools == b.serverTools &&
               a.warnings.size() == b.warnings.size() &&
               (!a.error || a.error->retryable == b.error->retryable);
    }
};

Outcome decode(std::string_view bytes, const Schedule& schedule, bool cleanEnd = true,
               Limits limits = {})
{
    Outcome r;
    ResponsesStreamDecoder d(7, recordInto(r, 7), limits);
    decodeAll(d, r, bytes, schedule, cleanEnd);
    r.reasoningItems = d.reasoningItems();
    r.serverTools = d.serverTools();
    r.responseId = d.responseId();
    r.events = d.events();
    if (!r.finishReason)
        r.usage = d.usage();
    return r;
}

Usage tokens(std::int64_t prompt, std::int64_t completion, std::int64_t cached = 0,
             std::int64_t reasoning = 0)
{
    Usage u;
    u.promptTokens = prompt;
    u.completionTokens = completion;
    u.totalTokens = prompt + completion;
    u.cachedTokens = cached;
    u.reasoningTokens = reasoning;
    return u;
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
    static Expect failed(std::string text, std::string code, bool retryable)
    {
        Expect e(std::move(text), {});
        e.r.finishReason.reset();
        e.r.error = ErrorInfo{std::move(code), {}, retryable, -1};
        return e;
    }
    Expect calls(std::vector<ToolCall> c) &&
    {
        r.calls = std::move(c);
        return std::move(*this);
    }
    Expect reasoning(std::string s, std::vector<ResponsesReasoning> items) &&
    {
        r.reasoning = std::move(s);
        r.reasoningItems = std::move(items);
        return std::move(*this);
    }
    Expect tools(std::vector<ServerTool> t) &&
    {
        r.serverTools = std::move(t);
        return std::move(*this);
    }
    Expect usage(Usage u) &&
    {
        r.usage = u;
        return std::move(*this);
    }
    Expect replaced() &&
    {
        r.replacedText = true;
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

std::string describe(const Outcome& got)
{
    std::string s = "\n  text: \"" + got.text + "\"" + (got.replacedText ? " (replaced)" : "") +
                    "\n  reasoning: \"" + got.reasoning + "\"\n  calls:";
    for (const auto& c : got.calls)
        s += " [" + c.id + " " + c.name + " " + c.arguments + "]";
    s += "\n  terminals: " + std::to_string(got.terminals);
    if (got.error)
        s += "\n  error: " + got.error->code + " (" +
             (got.error->retryable ? "retryable" : "final") + ") " + got.error->message;
    if (got.finishReason)
        s += "\n  finish: \"" + *got.finishReason + "\"";
    s += "\n  usage: " + std::to_string(got.usage.promptTokens) + "/" +
         std::to_string(got.usage.completionTokens) + "/" + std::to_string(got.usage.totalTokens) +
         " cached " + std::to_string(got.usage.cachedTokens) + " reasoning " +
         std::to_string(got.usage.reasoningTokens);
    for (const auto& i : got.reasoningItems) {
        s += "\n  reasoning item " + i.id + " enc \"" + i.encryptedContent + "\"";
        for (const auto& p : i.summary)
            s += " [" + p + "]";
    }
    for (const auto& t : got.serverTools)
        s += "\n  server tool " + t.type + " status=" + t.status + " name=" + t.name +
             " input=" + t.input + " output=" + t.output + " error=" + t.error;
    for (const auto& w : got.warnings)
        s += "\n  warning: " + w;
    return s;
}

void PrintTo(const Recording& r, std::ostream* os)
{
    *os << r.file;
}

class ResponsesStreams : public ::testing::TestWithParam<Recording> {};

TEST_P(ResponsesStreams, SameResultUnderEveryScheduleAndLineEnding)
{
    const std::string lf = streamFile(GetParam().file);
    ASSERT_FALSE(lf.empty()) << GetParam().file;
    for (const LineEnding& ending : lineEndings) {
        const std::string bytes = withLineEnds(lf, ending.end);
        for (const Schedule& s : schedulesFor(bytes.size())) {
            const Outcome got = decode(bytes, s);
            ASSERT_EQ(got, GetParam().expected)
                << GetParam().file << ", schedule " << s.name << ", line end " << ending.name
                << describe(got) << "\n expected:" << describe(GetParam().expected);
        }
    }
}

const std::string summaryEncrypted = "gAAAAABoIPOE3bFzC0Tz4o2V0bP1Jb5P2Ldq8Xr0zYbC-q9fGkQ==";
const std::string summaryPart1 = "**Multiplying**\n\n27 \xC3\x97 453: 27 \xC3\x97 400 = 10,800.";
const std::string summaryPart2 = "Then 27 \xC3\x97 53 = 1,431; sum 12,231.";

INSTANTIATE_TEST_SUITE_P(
    Recorded, ResponsesStreams,
    ::testing::Values(
        // Two text parts of one message, then a second message item: joined as they come, UTF-8
        // and escapes intact; an annotation event between; usage with reported zeros kept.
        Recording{"responses_text.sse",
                  Expect("Hello, world caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x99\x82 "
                         "\"q\" \\ \n\tend. Second item.",
                         "stop")
                      .usage(tokens(37, 11, 0, 0))},
        // Two summary parts (a blank line between), the encrypted content kept with them.
        Recording{"responses_reasoning_summary.sse",
                  Expect("27 \xC3\x97 453 = 12,231", "stop")
                      .reasoning(summaryPart1 + "\n\n" + summaryPart2,
                                 {{"rs_6820f383d7c08191846711c5df8233bc0ac5ba57aafcbac7",
                                   summaryEncrypted,
                                   {summaryPart1, summaryPart2},
                                   true,
                                   ""}})
                      .usage(tokens(18, 190, 0, 128))},
        // LM Studio: reasoning_text deltas (no summary), then the answer.
        Recording{
            "responses_reasoning_text.sse",
            Expect("Hi there!", "stop")
                .reasoning("The user greets; reply briefly.", {{"rs_lmstudio_0", {}, {}, true, ""}})
                .usage(tokens(12, 20, 0, 9))},
        // A sentence, then a call whose argument deltas split escapes (a delta ends on a
        // backslash) and UTF-8; function_call_arguments.done agrees.
        Recording{"responses_function_call_deltas.sse",
                  Expect("Let me check.", "tool_calls")
                      .calls({{"call_unLAR8MvFNptuiZK6K6HCy5k", "get_weather",
                               R"({"location":"Paris, \"FR\"","note":"a\\b )"
                               "\xC3\xA9"
                               R"(\u00e9"})",
                               false}})
                      .usage(tokens(64, 25, 32, 0))},
        // Ollama: summary deltas without summary_part.added (encrypted_content is the thinking),
        // a call whole: no deltas, its arguments only in output_item.done.
        Recording{"responses_ollama_whole_call.sse",
                  Expect("", "tool_calls")
                      .reasoning("Need the time in Tokyo.", {{"rs_8412",
                                                              "Need the time in Tokyo.",
                                                              {"Need the time in Tokyo."},
                                                              true,
                                                              "call_k2m9x1"}})
                      .calls({{"call_k2m9x1", "get_time", R"({"tz":"Asia/Tokyo"})", false}})
                      .usage(tokens(40, 22))},
        // The arguments whole in output_item.added (and again in .done).
        Recording{
            "responses_function_call_added.sse",
            Expect("", "tool_calls")
                .calls({{"call_added_1", "list_files", R"({"dir":"/tmp","all":true})", false}})
                .usage(tokens(30, 9))},
        // Three calls, their deltas interleaved, items done out of order, the third's arguments
        // only in function_call_arguments.done: requested in output order.
        Recording{"responses_parallel_calls.sse",
                  Expect("", "tool_calls")
                      .calls({{"call_a", "get_time", R"({"tz":"Asia/Tokyo"})", false},
                              {"call_b", "read_file", R"({"path":"/tmp/x","lines":[1,2]})", false},
                              {"call_c", "save", R"({"text":"hi"})", false}})
                      .usage(tokens(80, 40))},
        Recording{"responses_refusal.sse",
                  Expect("I'm sorry, I can't help with that.", "refusal").usage(tokens(15, 10))},
        // max_output_tokens cut a call: the text stays, the call is not requested.
        Recording{"responses_incomplete_length.sse",
                  Expect("Writing the file.", "length").usage(tokens(50, 40))},
        Recording{"responses_incomplete_filter.sse",
                  Expect("Here is", "content_filter").usage(tokens(20, 2))},
        Recording{"responses_failed.sse", Expect::failed("partial", "server_error", true)},
        // An error event, then response.failed: one terminal, the error event's.
        Recording{"responses_error_rate_limit.sse",
                  Expect::failed("partial", "rate_limit_exceeded", true)},
        Recording{"responses_error_quota.sse", Expect::failed("", "insufficient_quota", false)},
        // Copilot: every event of an item names another item id; the output_index holds.
        Recording{"responses_id_rotation.sse",
                  Expect("Rotating ids are fine.", "tool_calls")
                      .calls({{"call_rot", "lookup", R"({"q":"ids"})", false}})
                      .usage(tokens(33, 12))},
        // Items the server ran (and one of a type the decoder does not know): never calls, each
        // a ServerTool in output order; their progress events are quietly skipped.
        Recording{"responses_hosted_tools.sse",
                  Expect("It is sunny.", "stop")
                      .tools({{"web_search_call", "completed", "", "weather Paris today", "", ""},
                              {"mcp_call", "completed", "ask_question", R"({"repo":"a/b"})",
                               "It is a library.", ""},
                              {"shell_call", "completed", "",
                               R"({"commands":["ls -la"],"timeout_ms":1000})", "", ""}})
                      .usage(tokens(300, 50))},
        // The deltas say "Hello wrld", the .done events "Hello world": the end carries it.
        Recording{"responses_done_disagrees.sse",
                  Expect("Hello world", "stop").replaced().usage(tokens(5, 3))},
        // A .done that extends its deltas, a part that only came whole: emitted as text.
        Recording{"responses_done_extends.sse",
                  Expect("Hello world Whole part.", "stop").usage(tokens(5, 6))},
        // No terminal event, the last event cut: incomplete, the finished call not requested.
        Recording{"responses_cut.sse", Expect("looks fine", "")},
        // No `event:` lines (the data's type decides), a [DONE] after the end.
        Recording{"responses_no_event_lines.sse",
                  Expect("typed only", "stop").usage(tokens(4, 2))}),
    [](const auto& p) {
        std::string n = p.param.file;
        return n.substr(0, n.find('.'));
    });

const Schedule wholeRead{"whole", {}};

// ---- focused ------------------------------------------------------------------------------------

std::string ev(std::string_view type, std::string_view rest = {})
{
    return "event: " + std::string(type) + "\ndata: {\"type\":\"" + std::string(type) + "\"" +
           (rest.empty() ? "" : ",") + std::string(rest) + "}\n\n";
}

std::string itemAdded(int index, std::string_view item, bool done = false)
{
    return ev(done ? "response.output_item.done" : "response.output_item.added",
              "\"output_index\":" + std::to_string(index) + ",\"item\":" + std::string(item));
}

std::string textDelta(int index, std::string_view delta, int part = 0)
{
    return ev("response.output_text.delta", "\"item_id\":\"msg_" + std::to_string(index) +
                                                "\",\"output_index\":" + std::to_string(index) +
                                                ",\"content_index\":" + std::to_string(part) +
                                                ",\"delta\":\"" + std::string(delta) + "\"");
}

std::string callItem(int index, std::string_view arguments = "")
{
    return R"({"id":"fc_)" + std::to_string(index) +
           R"(","type":"function_call","status":"in_progress","call_id":"call_)" +
           std::to_string(index) + R"(","name":"f","arguments":")" + std::string(arguments) + "\"}";
}

std::string argumentsDelta(int index, std::string_view delta)
{
    return ev("response.function_call_arguments.delta",
              "\"item_id\":\"fc_" + std::to_string(index) + "\",\"output_index\":" +
                  std::to_string(index) + ",\"delta\":\"" + std::string(delta) + "\"");
}

const std::string completed =
    ev("response.completed", R"("response":{"id":"resp_1","status":"completed"})");

TEST(ResponsesStream, ReasoningItemsAndTheResponseIdAreKept)
{
    ResponsesStreamDecoder d(1, [](Input&&) {});
    d.feed(streamFile("responses_reasoning_summary.sse"));
    d.endOfStream();
    EXPECT_EQ(d.responseId(), "resp_reason_1");
    ASSERT_EQ(d.reasoningItems().size(), 1u);
    EXPECT_EQ(d.reasoningItems()[0].encryptedContent, summaryEncrypted);
    ASSERT_EQ(d.reasoningItems()[0].summary.size(), 2u);
    EXPECT_EQ(d.finishReason(), "stop");
    EXPECT_EQ(d.usage().reasoningTokens, 128);
}

TEST(ResponsesStream, UsageReportedZerosAreKeptAndATotalIsComputed)
{
    const Outcome text = decode(streamFile("responses_text.sse"), wholeRead);
    EXPECT_EQ(text.usage.cachedTokens, 0);
    EXPECT_EQ(text.usage.reasoningTokens, 0);
    EXPECT_EQ(text.usage.cacheWriteTokens, -1);

    const Outcome r = decode(
        textDelta(0, "x") +
            ev("response.completed",
               R"("response":{"status":"completed","usage":{"input_tokens":5,"output_tokens":2}})"),
        wholeRead);
    EXPECT_EQ(r.usage.promptTokens, 5);
    EXPECT_EQ(r.usage.completionTokens, 2);
    EXPECT_EQ(r.usage.totalTokens, 7);
    EXPECT_EQ(r.usage.cachedTokens, -1); // not reported
    EXPECT_EQ(r.usage.reasoningTokens, -1);
}

TEST(ResponsesStream, ErrorsKeepTheServersCodeAndMessage)
{
    const Outcome rate = decode(streamFile("responses_error_rate_limit.sse"), wholeRead);
    ASSERT_TRUE(rate.error);
    EXPECT_NE(rate.error->message.find("Rate limit reached for gpt-4.1"), std::string::npos)
        << rate.error->message;
    EXPECT_EQ(rate.terminals, 1);

    const Outcome quota = decode(streamFile("responses_error_quota.sse"), wholeRead);
    ASSERT_TRUE(quota.error);
    EXPECT_NE(quota.error->message.find("exceeded your current quota"), std::string::npos);

    const Outcome failed = decode(streamFile("responses_failed.sse"), wholeRead);
    ASSERT_TRUE(failed.error);
    EXPECT_NE(failed.error->message.find("Sorry about that"), std::string::npos);

    // response.failed without an error: the server's failure, retryable.
    const Outcome bare = decode(
        textDelta(0, "a") + ev("response.failed", R"("response":{"status":"failed","error":null})"),
        wholeRead);
    ASSERT_TRUE(bare.error);
    EXPECT_EQ(bare.error->code, "upstream_error");
    EXPECT_TRUE(bare.error->retryable);
    EXPECT_EQ(bare.text, "a");
}

TEST(ResponsesStream, AnInputTooLongForTheContextWindowIsContextLength)
{
    const Outcome failed = decode(
        ev("response.failed",
           R"("response":{"status":"failed","error":{"code":"context_length_exceeded","message":"Your input exceeds the context window of this model. Please adjust your input and try again."}})"),
        wholeRead);
    ASSERT_TRUE(failed.error);
    EXPECT_EQ(failed.error->code, "context_length");
    EXPECT_FALSE(failed.error->retryable);
    EXPECT_NE(failed.error->message.find("context window"), std::string::npos);

    const Outcome event = decode(
        ev("error",
           R"("code":"context_length_exceeded","message":"Your input exceeds the context window of this model.","param":"input")"),
        wholeRead);
    ASSERT_TRUE(event.error);
    EXPECT_EQ(event.error->code, "context_length");
    EXPECT_FALSE(event.error->retryable);
}

TEST(ResponsesStream, ATerminalEventWithoutItsResponseObject)
{
    // A regression test: an earlier version of the decoder read `error` and
    // `incomplete_details` from a default-constructed simdjson object here, a null-pointer
    // dereference (found by fuzz_responses_stream).
    const Outcome failed = decode(ev("response.failed"), wholeRead);
    ASSERT_TRUE(failed.error);
    EXPECT_EQ(failed.error->code, "upstream_error");
    EXPECT_TRUE(failed.error->retryable);

    const Outcome incomplete = decode(textDelta(0, "a") + ev("response.incomplete"), wholeRead);
    EXPECT_EQ(incomplete.text, "a");
    EXPECT_EQ(incomplete.finishReason, "length");
}

TEST(ResponsesStream, AnErrorEventWithoutACodeIsAnUpstreamError)
{
    // A regression test: an earlier version of the decoder fell back to the object's `type` when
    // `code` was null; for the top-level form of the error event that is the event's own type,
    // so the code became "error" (not retryable).
    const Outcome r = decode(
        ev("error", R"("code":null,"message":"Something went wrong","param":null)"), wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "upstream_error");
    EXPECT_TRUE(r.error->retryable);
    EXPECT_EQ(r.error->message, "Something went wrong");
}

TEST(ResponsesStream, AnErrorEventsNestedTypeStandsInForItsCode)
{
    const Outcome r = decode(
        ev("error", R"("error":{"type":"server_error","code":null,"message":"boom"})"), wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "server_error");
    EXPECT_TRUE(r.error->retryable);
    EXPECT_EQ(r.error->message, "boom");
}

TEST(ResponsesStream, AnEventThatIsNotJsonIsAProtocolError)
{
    const Outcome r = decode(
        textDelta(0, "a") + "event: response.output_text.delta\ndata: {\"type\":\n\n" + completed,
        wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_FALSE(r.error->retryable);
    EXPECT_EQ(r.text, "a");
    EXPECT_EQ(r.terminals, 1);

    const Outcome array = decode("data: [1,2]\n\n", wholeRead);
    ASSERT_TRUE(array.error);
    EXPECT_EQ(array.error->code, "protocol_error");
}

TEST(ResponsesStream, TheEventNameStandsInForAMissingType)
{
    // Data without a type: the event name decides. A misleading name is overruled by the data.
    const Outcome r = decode(
        "event: response.output_text.delta\ndata: {\"output_index\":0,\"delta\":\"named\"}\n\n"
        "event: response.in_progress\ndata: {\"type\":\"response.output_text.delta\","
        "\"output_index\":0,\"delta\":\" typed\"}\n\n"
        "event: response.completed\ndata: {\"response\":{\"status\":\"completed\"}}\n\n",
        wholeRead);
    EXPECT_EQ(r.text, "named typed");
    EXPECT_EQ(r.finishReason, "stop");
}

TEST(ResponsesStream, UnknownEventsAndKeepAlivesAreSkipped)
{
    const Outcome r = decode(": keep-alive\n\n" + ev("response.future_event", R"("x":1)") +
                                 textDelta(0, "ok") + ": keep-alive\n\n" + completed,
                             wholeRead);
    EXPECT_EQ(r.text, "ok");
    EXPECT_EQ(r.finishReason, "stop");
    EXPECT_TRUE(r.warnings.empty());
}

TEST(ResponsesStream, EventsCountsEventsNotComments)
{
    const std::string stream = streamFile("responses_text.sse");
    std::uint64_t dataLines = 0;
    for (std::size_t at = stream.find("data: "); at != std::string::npos;
         at = stream.find("data: ", at + 1))
        ++dataLines;
    EXPECT_EQ(decode(stream, wholeRead).events, dataLines);

    // A keep-alive comment is not an event: nothing starts, the transfer timer is not reset.
    const Outcome comments = decode(": keep-alive\n\n:\n\n: ping\n\n", wholeRead);
    EXPECT_EQ(comments.events, 0u);
    EXPECT_FALSE(comments.started);
    EXPECT_EQ(comments.finishReason, "");

    // `[DONE]` is not an event either.
    EXPECT_EQ(decode("data: [DONE]\n\n", wholeRead).events, 0u);
}

TEST(ResponsesStream, StreamStartedOnceAndOneTerminalWhereverTheBodyEnds)
{
    for (const char* file :
         {"responses_text.sse", "responses_reasoning_summary.sse", "responses_reasoning_text.sse",
          "responses_function_call_deltas.sse", "responses_ollama_whole_call.sse",
          "responses_function_call_added.sse", "responses_parallel_calls.sse",
          "responses_refusal.sse", "responses_incomplete_length.sse",
          "responses_incomplete_filter.sse", "responses_failed.sse",
          "responses_error_rate_limit.sse", "responses_error_quota.sse",
          "responses_id_rotation.sse", "responses_hosted_tools.sse", "responses_done_disagrees.sse",
          "responses_done_extends.sse", "responses_cut.sse", "responses_no_event_lines.sse"}) {
        const std::string stream = streamFile(file);
        ASSERT_FALSE(stream.empty()) << file;
        for (std::size_t end = 0; end <= stream.size(); end += 13) {
            int started = 0;
            int terminals = 0;
            bool afterTerminal = false;
            bool beforeStart = false;
            ResponsesStreamDecoder d(1, [&](Input&& in) {
                afterTerminal = afterTerminal || terminals > 0;
                if (std::holds_alternative<StreamStarted>(in))
                    ++started;
                else if (std::holds_alternative<StreamEnded>(in) ||
                         std::holds_alternative<StreamFailed>(in))
                    ++terminals;
                else
                    beforeStart = beforeStart || started == 0;
            });
            d.feed(std::string_view(stream).substr(0, end));
            d.endOfStream();
            d.endOfStream();
            d.fail({"transport", "late", true, -1});
            ASSERT_LE(started, 1) << file << " cut at " << end;
            ASSERT_EQ(terminals, 1) << file << " cut at " << end;
            ASSERT_FALSE(afterTerminal) << file << " cut at " << end;
            ASSERT_FALSE(beforeStart) << file << " cut at " << end;
        }
    }
}

TEST(ResponsesStream, AConnectionFailureMidStreamIsTheOneTerminal)
{
    int terminals = 0;
    std::optional<ErrorInfo> error;
    ResponsesStreamDecoder d(1, [&](Input&& in) {
        if (std::holds_alternative<StreamFailed>(in) || std::holds_alternative<StreamEnded>(in))
            ++terminals;
        if (auto* f = std::get_if<StreamFailed>(&in))
            error = f->error;
        EXPECT_FALSE(std::holds_alternative<ToolCallRequested>(in));
    });
    const std::string stream = streamFile("responses_function_call_deltas.sse");
    d.feed(stream.substr(0, stream.find("event: response.completed")));
    d.fail({"transport", "connection reset", true, -1});
    d.endOfStream();
    d.fail({"transport", "again", true, -1});
    EXPECT_EQ(terminals, 1);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->code, "transport");
}

TEST(ResponsesStream, CancelStopsEverything)
{
    int inputs = 0;
    ResponsesStreamDecoder d(1, [&](Input&&) { ++inputs; });
    d.cancel();
    d.feed(streamFile("responses_text.sse"));
    d.endOfStream();
    EXPECT_EQ(inputs, 0);

    // Cancelled midway: nothing more, not even a terminal input or the held calls.
    const std::string stream = streamFile("responses_parallel_calls.sse");
    std::vector<std::string> kinds;
    ResponsesStreamDecoder m(2, [&](Input&& in) { kinds.emplace_back(actionName(in)); });
    m.feed(stream.substr(0, stream.size() / 2));
    const std::size_t before = kinds.size();
    m.cancel();
    m.feed(stream.substr(stream.size() / 2));
    m.endOfStream();
    m.fail({"transport", "late", true, -1});
    EXPECT_EQ(kinds.size(), before);
    EXPECT_TRUE(m.finished());
}

TEST(ResponsesStream, ARefusalRunsNoCalls)
{
    const Outcome r =
        decode(itemAdded(0, callItem(0, "{}")) +
                   ev("response.refusal.delta",
                      R"("item_id":"msg_1","output_index":1,"content_index":0,"delta":"No.")") +
                   completed,
               wholeRead);
    EXPECT_EQ(r.text, "No.");
    EXPECT_EQ(r.finishReason, "refusal");
    EXPECT_TRUE(r.calls.empty());

    // A refusal given only whole (refusal.done) is the text too, and a refusal.
    const Outcome whole = decode(
        ev("response.refusal.done",
           R"("item_id":"msg_1","output_index":0,"content_index":0,"refusal":"Declined here.")") +
            completed,
        wholeRead);
    EXPECT_EQ(whole.text, "Declined here.");
    EXPECT_EQ(whole.finishReason, "refusal");
}

TEST(ResponsesStream, CallsOfAnIncompleteOrFailedResponseAreNotRun)
{
    for (const char* reason : {"max_output_tokens", "content_filter"}) {
        const Outcome r = decode(
            itemAdded(0, callItem(0)) + argumentsDelta(0, R"({\"a\":1})") +
                ev("response.incomplete",
                   std::string(
                       R"("response":{"status":"incomplete","incomplete_details":{"reason":")") +
                       reason + "\"}}"),
            wholeRead);
        EXPECT_TRUE(r.calls.empty()) << reason;
        EXPECT_EQ(r.finishReason,
                  std::string_view(reason) == "content_filter" ? "content_filter" : "length");
    }
    const Outcome f = decode(
        itemAdded(0, callItem(0, "{}")) +
            ev("response.failed",
               R"("response":{"status":"failed","error":{"code":"server_error","message":"x"}})"),
        wholeRead);
    EXPECT_TRUE(f.calls.empty());
    ASSERT_TRUE(f.error);
}

TEST(ResponsesStream, TheFinalResponseAloneGivesTextAndCalls)
{
    // A server that streams nothing but the final response: its output is read as the items'
    // `.done` would be, the message's text emitted and its call requested.
    const Outcome r = decode(
        ev("response.completed",
           R"("response":{"id":"resp_9","status":"completed","output":[)"
           R"({"type":"reasoning","id":"rs_9","summary":[{"type":"summary_text","text":"Plan."}]},)"
           R"({"type":"message","id":"msg_9","content":[{"type":"output_text","text":"Calling."}]},)"
           R"({"type":"function_call","id":"fc_9","call_id":"call_9","name":"g","arguments":"{\"k\":2}"}]})"),
        wholeRead);
    EXPECT_EQ(r.text, "Calling.");
    EXPECT_EQ(r.reasoning, "Plan.");
    EXPECT_FALSE(r.replacedText);
    ASSERT_EQ(r.calls.size(), 1u);
    EXPECT_EQ(r.calls[0], (ToolCall{"call_9", "g", R"({"k":2})", false}));
    EXPECT_EQ(r.finishReason, "tool_calls");
    EXPECT_EQ(r.responseId, "resp_9");
}

TEST(ResponsesStream, AReasoningItemThatStreamedNothingGivesItsTextWhenDone)
{
    const Outcome r = decode(
        itemAdded(0, R"({"id":"rs_1","type":"reasoning","summary":[]})") +
            itemAdded(
                0,
                R"({"id":"rs_1","type":"reasoning","encrypted_content":"enc","summary":[)"
                R"({"type":"summary_text","text":"One."},{"type":"summary_text","text":"Two."}]})",
                true) +
            itemAdded(1,
                      R"({"id":"rs_2","type":"reasoning","summary":[],"content":[)"
                      R"({"type":"reasoning_text","text":"Three."}]})",
                      true) +
            textDelta(2, "Answer.") + completed,
        wholeRead);
    EXPECT_EQ(r.reasoning, "One.\n\nTwo.\n\nThree.");
    EXPECT_EQ(r.text, "Answer.");
    ASSERT_EQ(r.reasoningItems.size(), 2u);
    EXPECT_EQ(r.reasoningItems[0], (ResponsesReasoning{"rs_1", "enc", {"One.", "Two."}, true, ""}));
    EXPECT_EQ(r.reasoningItems[1], (ResponsesReasoning{"rs_2", "", {}, true, ""}));
}

TEST(ResponsesStream, AReasoningItemWithoutSummaryOrContent)
{
    // OpenAI's reasoning models without a summary requested: the item has an id, an empty summary
    // and the encrypted content, no `content` at all. (A regression test: an earlier version of
    // the decoder threw simdjson_error out of feed() on the absent `content`.)
    const Outcome r = decode(
        itemAdded(0, R"({"id":"rs_1","type":"reasoning","summary":[]})") +
            itemAdded(0,
                      R"({"id":"rs_1","type":"reasoning","summary":[],"encrypted_content":"enc"})",
                      true) +
            textDelta(1, "Answer.") + completed,
        wholeRead);
    EXPECT_EQ(r.text, "Answer.");
    EXPECT_EQ(r.reasoning, "");
    ASSERT_EQ(r.reasoningItems.size(), 1u);
    EXPECT_EQ(r.reasoningItems[0], (ResponsesReasoning{"rs_1", "enc", {}, true, ""}));
    EXPECT_EQ(r.finishReason, "stop");
}

TEST(ResponsesStream, AHostedToolItemWithoutItsOptionalFields)
{
    // A web search still in progress has no `action`; a file search no results yet. (A regression
    // test: an earlier version of the decoder threw simdjson_error out of feed() on them.)
    const Outcome r = decode(
        itemAdded(0, R"({"id":"ws_1","type":"web_search_call","status":"in_progress"})") +
            itemAdded(
                1,
                R"({"id":"fs_1","type":"file_search_call","status":"in_progress","queries":["q"]})") +
            itemAdded(
                2,
                R"({"id":"ci_1","type":"code_interpreter_call","status":"in_progress","code":"1+1"})") +
            itemAdded(3, R"({"id":"ml_1","type":"mcp_list_tools","server_label":"wiki"})") +
            textDelta(4, "ok") + completed,
        wholeRead);
    EXPECT_EQ(r.text, "ok");
    ASSERT_EQ(r.serverTools.size(), 4u);
    EXPECT_EQ(r.serverTools[0], (ServerTool{"web_search_call", "in_progress", "", "", "", ""}));
    EXPECT_EQ(r.serverTools[1], (ServerTool{"file_search_call", "in_progress", "", "q", "", ""}));
    EXPECT_EQ(r.serverTools[2],
              (ServerTool{"code_interpreter_call", "in_progress", "", "1+1", "", ""}));
    EXPECT_EQ(r.serverTools[3], (ServerTool{"mcp_list_tools", "", "wiki", "", "", ""}));
}

TEST(ResponsesStream, HostedToolsReadTheirOwnFields)
{
    const Outcome r = decode(
        itemAdded(
            0,
            R"({"id":"fs_1","type":"file_search_call","status":"completed","queries":["a","b"],)"
            R"("results":[{"file_id":"f","text":"one"},{"file_id":"g","text":"two"}]})",
            true) +
            itemAdded(
                1,
                R"({"id":"ci_1","type":"code_interpreter_call","status":"completed","code":"1+1",)"
                R"("outputs":[{"type":"logs","logs":"1"},{"type":"image","url":"u"}]})",
                true) +
            itemAdded(
                2,
                R"({"id":"ml_1","type":"mcp_list_tools","server_label":"wiki","tools":[{"name":"a"},{"name":"b"}]})",
                true) +
            itemAdded(
                3,
                R"({"id":"mcp_2","type":"mcp_call","status":"failed","server_label":"wiki","name":"ask",)"
                R"("arguments":"{}","output":null,"error":{"message":"denied"}})",
                true) +
            itemAdded(
                4,
                R"({"id":"ct_1","type":"custom_tool_call","status":"completed","call_id":"c","name":"grammar","input":"x+y"})",
                true) +
            itemAdded(
                5,
                R"({"id":"ar_1","type":"mcp_approval_request","server_label":"wiki","name":"ask","arguments":"{\"q\":1}"})",
                true) +
            completed,
        wholeRead);
    ASSERT_EQ(r.serverTools.size(), 6u);
    EXPECT_EQ(r.serverTools[0],
              (ServerTool{"file_search_call", "completed", "", "a\nb", "one\n\ntwo", ""}));
    EXPECT_EQ(r.serverTools[1],
              (ServerTool{"code_interpreter_call", "completed", "", "1+1", "1", ""}));
    EXPECT_EQ(r.serverTools[2], (ServerTool{"mcp_list_tools", "", "wiki", "", "a, b", ""}));
    EXPECT_EQ(r.serverTools[3], (ServerTool{"mcp_call", "failed", "ask", "{}", "", "denied"}));
    EXPECT_EQ(r.serverTools[4],
              (ServerTool{"custom_tool_call", "completed", "grammar", "x+y", "", ""}));
    EXPECT_EQ(r.serverTools[5],
              (ServerTool{"mcp_approval_request", "", "ask", R"({"q":1})", "", ""}));
    EXPECT_TRUE(r.calls.empty());
    EXPECT_EQ(r.finishReason, "stop"); // an approval request ends the reply normally
}

TEST(ResponsesStream, ALaterWholeStatementAgreeingWithTheDeltasWins)
{
    // The added item's arguments are a placeholder ("{}") the deltas and the agreeing `.done`s
    // replace. (A regression test: an earlier version of the decoder kept the placeholder as the
    // whole statement and requested the call with "{}".)
    const Outcome r =
        decode(itemAdded(0, callItem(0, "{}")) + argumentsDelta(0, R"({\"a\":)") +
                   argumentsDelta(0, "1}") +
                   ev("response.function_call_arguments.done",
                      R"("item_id":"fc_0","output_index":0,"arguments":"{\"a\":1}")") +
                   itemAdded(0, callItem(0, R"({\"a\":1})"), true) + completed,
               wholeRead);
    ASSERT_EQ(r.calls.size(), 1u);
    EXPECT_EQ(r.calls[0].arguments, R"({"a":1})");

    // Nothing but the placeholder: it is the arguments.
    const Outcome only = decode(itemAdded(0, callItem(0, "{}")) + completed, wholeRead);
    ASSERT_EQ(only.calls.size(), 1u);
    EXPECT_EQ(only.calls[0].arguments, "{}");

    // A done item that says more than the deltas wins over them.
    const Outcome done = decode(itemAdded(0, callItem(0)) + argumentsDelta(0, R"({\"a\":)") +
                                    itemAdded(0, callItem(0, R"({\"a\":2})"), true) + completed,
                                wholeRead);
    ASSERT_EQ(done.calls.size(), 1u);
    EXPECT_EQ(done.calls[0].arguments, R"({"a":2})");
}

// Reasoning text in two parts reads as two paragraphs, streamed or given whole; an item known
// from its deltas only keeps the id they named; a summary .done that extends its deltas adds the
// rest.
TEST(ResponsesStream, ReasoningPartsAreParagraphsAndKeepTheirItem)
{
    const auto reasoningText = [](int part, std::string_view delta) {
        return ev("response.reasoning_text.delta",
                  R"("item_id":"rs_7","output_index":0,"content_index":)" + std::to_string(part) +
                      R"(,"delta":")" + std::string(delta) + "\"");
    };
    const Outcome streamed =
        decode(reasoningText(0, "A") + reasoningText(0, "a") + reasoningText(1, "B") + completed,
               wholeRead);
    EXPECT_EQ(streamed.reasoning, "Aa\n\nB");
    ASSERT_EQ(streamed.reasoningItems.size(), 1u);
    EXPECT_EQ(streamed.reasoningItems[0].id, "rs_7");

    const Outcome whole = decode(
        itemAdded(0,
                  R"({"id":"rs_7","type":"reasoning","summary":[],"content":[)"
                  R"({"type":"reasoning_text","text":"Aa"},{"type":"reasoning_text","text":"B"}]})",
                  true) +
            completed,
        wholeRead);
    EXPECT_EQ(whole.reasoning, streamed.reasoning);

    const Outcome extended =
        decode(ev("response.reasoning_summary_text.delta",
                  R"("item_id":"rs_1","output_index":0,"summary_index":0,"delta":"abc")") +
                   ev("response.reasoning_summary_text.done",
                      R"("item_id":"rs_1","output_index":0,"summary_index":0,"text":"abcdef")") +
                   ev("response.reasoning_summary_text.done",
                      R"("item_id":"rs_1","output_index":0,"summary_index":0,"text":"xyz")") +
                   completed,
               wholeRead);
    EXPECT_EQ(extended.reasoning, "abcdef"); // a disagreeing one changes nothing shown
    ASSERT_EQ(extended.reasoningItems.size(), 1u);
    EXPECT_EQ(extended.reasoningItems[0].summary, std::vector<std::string>{"abcdef"});
}

// A content_part.done names its part by the event's indexes, not the part's: the second part's
// restatement is the second part's, with no output_item.done to set things right.
TEST(ResponsesStream, AContentPartDoneRestatesItsOwnPart)
{
    const auto partDone = [](int part, std::string_view text) {
        return ev("response.content_part.done",
                  R"("item_id":"msg_0","output_index":0,"content_index":)" + std::to_string(part) +
                      R"(,"part":{"type":"output_text","annotations":[],"text":")" +
                      std::string(text) + "\"}");
    };
    const Outcome r = decode(textDelta(0, "One. ", 0) + textDelta(0, "Tw", 1) +
                                 partDone(0, "One. ") + partDone(1, "Two.") + completed,
                             wholeRead);
    EXPECT_EQ(r.text, "One. Two.");
    EXPECT_FALSE(r.replacedText);
}

// Reasoning that led to nothing (a reply cut while it thought) is marked so: the API refuses it
// back without the item it led to. Reasoning before a call names the call.
TEST(ResponsesStream, ReasoningKnowsWhatItLedTo)
{
    const std::string reasoningItem =
        R"({"id":"rs_1","type":"reasoning","summary":[],"encrypted_content":"enc"})";
    const Outcome alone = decode(itemAdded(0, reasoningItem, true) + completed, wholeRead);
    ASSERT_EQ(alone.reasoningItems.size(), 1u);
    EXPECT_FALSE(alone.reasoningItems[0].followed);

    const Outcome beforeCall = decode(
        itemAdded(0, reasoningItem, true) +
            itemAdded(1, R"({"id":"ws_1","type":"web_search_call","status":"completed"})", true) +
            itemAdded(2, callItem(2, "{}"), true) + completed,
        wholeRead);
    ASSERT_EQ(beforeCall.reasoningItems.size(), 1u);
    EXPECT_TRUE(beforeCall.reasoningItems[0].followed);
    EXPECT_EQ(beforeCall.reasoningItems[0].followedBy, "call_2");
}

// What a hostile server could make the decoder hold without the reply budget seeing it.
TEST(ResponsesStreamLimits, NothingGrowsUncounted)
{
    // Summary parts come one after another: index 1000 first is not a part.
    const Outcome far =
        decode(ev("response.reasoning_summary_text.delta",
                  R"("item_id":"rs_0","output_index":0,"summary_index":1000,"delta":"x")") +
                   completed,
               wholeRead);
    EXPECT_TRUE(far.reasoningItems.empty() || far.reasoningItems[0].summary.empty());
    EXPECT_EQ(far.reasoning, "");
    EXPECT_EQ(far.warnings.size(), 1u);

    // An id or a type longer than any is none.
    const std::string longText(5000, 'a');
    const Outcome longNames = decode(
        itemAdded(0, R"({"id":")" + longText + R"(","type":"reasoning","summary":[]})", true) +
            itemAdded(1, R"({"id":"x","type":")" + longText + R"(","status":"completed"})", true) +
            completed,
        wholeRead);
    ASSERT_EQ(longNames.reasoningItems.size(), 1u);
    EXPECT_EQ(longNames.reasoningItems[0].id, "");
    ASSERT_EQ(longNames.serverTools.size(), 1u);
    EXPECT_EQ(longNames.serverTools[0].type, "unknown");

    // A server tool restated field by field: each field's growth counts.
    const std::string big(600, 'x');
    std::string stream;
    for (const char* field : {"output", "error", "code", "input"})
        stream += itemAdded(0, R"({"id":"x","type":"mcp_call","status":"completed",")" +
                                   std::string(field) + R"(":")" + big + "\"}");
    const Outcome grown = decode(stream + completed, wholeRead, true, Limits{1 << 20, 1500, 64});
    ASSERT_TRUE(grown.error);
    EXPECT_EQ(grown.error->code, "too_large");
}

TEST(ResponsesStream, AnErrorGivenAsTextKeepsItsText)
{
    const Outcome r = decode(ev("error", R"("error":"boom")"), wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "upstream_error");
    EXPECT_EQ(r.error->message, "boom");
    EXPECT_TRUE(r.error->retryable);
}

TEST(ResponsesStream, OllamaReasoningWithoutAnyItemEvent)
{
    // Summary deltas for an item never added: reasoning all the same; a second summary index is
    // a paragraph of its own.
    const Outcome r =
        decode(ev("response.reasoning_summary_text.delta",
                  R"("item_id":"rs_0","output_index":0,"summary_index":0,"delta":"a")") +
                   ev("response.reasoning_summary_text.delta",
                      R"("item_id":"rs_0","output_index":0,"summary_index":1,"delta":"b")") +
                   textDelta(1, "t") + completed,
               wholeRead);
    EXPECT_EQ(r.reasoning, "a\n\nb");
    EXPECT_EQ(r.text, "t");
    ASSERT_EQ(r.reasoningItems.size(), 1u);
    EXPECT_EQ(r.reasoningItems[0].summary, (std::vector<std::string>{"a", "b"}));
    EXPECT_TRUE(r.warnings.empty());
}

TEST(ResponsesStream, ATextDeltaWithoutAnOutputIndexFindsItsItemById)
{
    const Outcome r = decode(itemAdded(0, R"({"id":"msg_a","type":"message","content":[]})") +
                                 ev("response.output_text.delta",
                                    R"("item_id":"msg_a","content_index":0,"delta":"by id")") +
                                 completed,
                             wholeRead);
    EXPECT_EQ(r.text, "by id");
}

TEST(ResponsesStream, ATextDeltaWithoutAnOutputIndexOrAKnownIdGoesToTheLastItem)
{
    // With neither an index nor a known id the event is the last item's, the one the server is
    // writing. (A regression test: an earlier version of the decoder dropped such a text delta
    // without a warning.)
    const Outcome r =
        decode(itemAdded(0, R"({"id":"msg_a","type":"message","content":[]})") +
                   ev("response.output_text.delta",
                      R"("item_id":"msg_rotated","content_index":0,"delta":"found")") +
                   completed,
               wholeRead);
    EXPECT_EQ(r.text, "found");
}

// ---- limits -------------------------------------------------------------------------------------

TEST(ResponsesStreamLimits, EndlessReasoningEndsTooLargeKeepingWhatArrived)
{
    std::string stream;
    for (int i = 0; i < 100; ++i)
        stream += ev("response.reasoning_summary_text.delta",
                     R"("item_id":"rs_0","output_index":0,"summary_index":0,"delta":"0123456789")");
    const Outcome r = decode(stream + completed, wholeRead, true, Limits{1 << 20, 500, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_FALSE(r.error->retryable);
    EXPECT_EQ(r.terminals, 1);
    EXPECT_EQ(r.reasoning.size(), 500u); // what was shown stays
    EXPECT_FALSE(r.finishReason);
}

TEST(ResponsesStreamLimits, TextAndToolArgumentsCountTogether)
{
    std::string stream = textDelta(0, "hello") + itemAdded(1, callItem(1));
    for (int i = 0; i < 200; ++i)
        stream += argumentsDelta(1, "0123456789");
    const Outcome r = decode(stream + completed, wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_EQ(r.text, "hello");
    EXPECT_TRUE(r.calls.empty()); // an unfinished call is never requested
}

TEST(ResponsesStreamLimits, WholeStatementsCountTowardsTheReply)
{
    // Arguments stated whole, encrypted reasoning, a disagreeing .done: each is kept, so each
    // counts.
    const std::string big(2000, 'x');
    const Outcome args =
        decode(itemAdded(0, callItem(0)) +
                   ev("response.function_call_arguments.done",
                      R"("item_id":"fc_0","output_index":0,"arguments":")" + big + "\"") +
                   completed,
               wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(args.error);
    EXPECT_EQ(args.error->code, "too_large");
    EXPECT_TRUE(args.calls.empty());

    const Outcome enc =
        decode(itemAdded(0,
                         R"({"id":"rs_1","type":"reasoning","summary":[],"encrypted_content":")" +
                             big + "\"}",
                         true) +
                   completed,
               wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(enc.error);
    EXPECT_EQ(enc.error->code, "too_large");

    const Outcome done = decode(
        textDelta(0, "abc") +
            ev("response.output_text.done",
               R"("item_id":"msg_0","output_index":0,"content_index":0,"text":")" + big + "\"") +
            completed,
        wholeRead, true, Limits{1 << 20, 1000, 64});
    ASSERT_TRUE(done.error);
    EXPECT_EQ(done.error->code, "too_large");
    EXPECT_EQ(done.text, "abc");
}

TEST(ResponsesStreamLimits, TooManyToolCallsInOneStep)
{
    std::string stream;
    for (int i = 0; i < 1000; ++i)
        stream += itemAdded(i, callItem(i, "{}"));
    const Outcome r = decode(stream + completed, wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "too_large");
    EXPECT_NE(r.error->message.find("64 tool calls"), std::string::npos) << r.error->message;
    EXPECT_TRUE(r.calls.empty());

    std::string ok;
    for (int i = 0; i < 64; ++i)
        ok += itemAdded(i, callItem(i, "{}"));
    const Outcome fine = decode(ok + completed, wholeRead);
    EXPECT_FALSE(fine.error);
    EXPECT_EQ(fine.calls.size(), 64u);
    EXPECT_EQ(fine.finishReason, "tool_calls");

    // The limit the caller set.
    const Outcome two = decode(ok + completed, wholeRead, true, Limits{1 << 20, 1 << 20, 2});
    ASSERT_TRUE(two.error);
    EXPECT_EQ(two.error->code, "too_large");
    EXPECT_TRUE(two.calls.empty());
}

TEST(ResponsesStreamLimits, AnEventPastTheLimitUnderEverySchedule)
{
    const std::string stream = textDelta(0, "a") + textDelta(0, std::string(5000, 'x')) + completed;
    for (const Schedule& s : schedulesFor(stream.size())) {
        const Outcome r = decode(stream, s, true, Limits{4096, 1 << 20, 64});
        ASSERT_TRUE(r.error) << s.name;
        EXPECT_EQ(r.error->code, "too_large");
        EXPECT_EQ(r.text, "a");
        EXPECT_EQ(r.terminals, 1);
    }
}

TEST(ResponsesStreamLimits, TooManyOutputItemsIsAProtocolError)
{
    std::string stream;
    for (int i = 0; i < 2000; ++i)
        stream += itemAdded(i, R"({"type":"message","content":[]})");
    const Outcome r = decode(stream + completed, wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_NE(r.error->message.find("too many output items"), std::string::npos);

    // In the final response's output as well.
    std::string output;
    for (int i = 0; i < 2000; ++i)
        output += std::string(i ? "," : "") + R"({"type":"message","content":[]})";
    const Outcome f = decode(
        ev("response.completed", R"("response":{"status":"completed","output":[)" + output + "]}"),
        wholeRead);
    ASSERT_TRUE(f.error);
    EXPECT_EQ(f.error->code, "protocol_error");

    // Text deltas naming ever new output indexes.
    std::string deltas;
    for (int i = 0; i < 2000; ++i)
        deltas += textDelta(i, "x");
    const Outcome d = decode(deltas + completed, wholeRead);
    ASSERT_TRUE(d.error);
    EXPECT_EQ(d.error->code, "protocol_error");
    EXPECT_EQ(d.text.size(), 1024u);
}

TEST(ResponsesStreamLimits, DeeplyNestedArgumentsEndTheTurn)
{
    const std::string deep = std::string(80'000, '[') + std::string(80'000, ']');
    const Outcome r =
        decode(itemAdded(0, callItem(0)) + argumentsDelta(0, deep) + completed, wholeRead);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->code, "protocol_error");
    EXPECT_TRUE(r.calls.empty());
    // Given as an object rather than text: the event itself is refused, nothing recurses.
    const Outcome o =
        decode(itemAdded(0,
                         R"({"type":"function_call","call_id":"c","name":"f","arguments":{"a":)" +
                             deep + "}}",
                         true) +
                   completed,
               wholeRead);
    ASSERT_TRUE(o.error);
    EXPECT_EQ(o.error->code, "protocol_error");
}

} // namespace
} // namespace koder::wire::test
