// SPDX-License-Identifier: MIT
// AG-UI runs (tests/wire/streams/agui_*.sse, written from the protocol's events.ts and docs, and
// streams built here event by event) through AgUiStreamDecoder, each under every read schedule
// and line-ending style: the mapping onto the core's inputs, the order the verifier enforces,
// the *_CHUNK expansion, the shared state with all of RFC 6902's Appendix A, interrupts, limits.
#include "aguistream.h"
#include "splits.h"

#include "koder/agent/question.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

namespace koder::wire::test {
namespace {

using namespace koder::agent;
using json = nlohmann::json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// ---- recording ----------------------------------------------------------------------------------

const char* runnerName(CallRunner runner)
{
    switch (runner) {
    case CallRunner::Client:
        return "client";
    case CallRunner::Server:
        return "server";
    case CallRunner::ServerAfterApproval:
        return "approval";
    }
    return "?";
}

// One line per input, in order (recorder.h's Recorded keeps the chat dialects' inputs only, not
// MessageStarted, ServerToolResult, ReconcileMessages or RequestInput, nor their order).
std::string describe(const Input& input)
{
    return std::visit(
        [](const auto& in) -> std::string {
            using T = std::decay_t<decltype(in)>;
            if constexpr (std::is_same_v<T, StreamStarted>)
                return "started";
            else if constexpr (std::is_same_v<T, MessageStarted>)
                return "message " + in.messageId;
            else if constexpr (std::is_same_v<T, TextDelta>)
                return "text " + in.text;
            else if constexpr (std::is_same_v<T, ReasoningDelta>)
                return "reasoning " + in.text;
            else if constexpr (std::is_same_v<T, ToolCallRequested>)
                return std::string("call ") + runnerName(in.runner) + " " + in.call.id + " " +
                       in.call.name + " " + in.call.arguments;
            else if constexpr (std::is_same_v<T, ServerToolResult>)
                return "result " + in.callId + " " + in.messageId + " " + in.text +
                       (in.isError ? " (error)" : "");
            else if constexpr (std::is_same_v<T, ReconcileMessages>)
                return "reconcile " + std::to_string(in.messages.size());
            else if constexpr (std::is_same_v<T, RequestInput>)
                return "input " + in.input.id + " " + in.input.kind + " " + in.input.source +
                       " \"" + in.input.message + "\" " + in.input.schema;
            else if constexpr (std::is_same_v<T, StreamEnded>)
                return "ended " + in.finishReason;
            else if constexpr (std::is_same_v<T, StreamFailed>)
                return "failed " + in.error.code + (in.error.retryable ? " (retryable)" : "");
            else
                return "unexpected " + std::string(actionName(Input(in)));
        },
        input);
}

struct Outcome {
    std::vector<std::string> log;
    std::vector<std::vector<Message>> snapshots; ///< ReconcileMessages' messages
    std::string errorMessage;
    Usage usage;
    std::string state;                ///< state() at the end, as JSON text
    std::vector<std::string> states;  ///< what the state handler heard
    std::vector<std::string> customs; ///< "name value" per custom handler call
    std::vector<std::string> logged;  ///< the log handler's types
    std::vector<AgUiInterrupt> interrupts;
    std::string runId;
    std::vector<std::string> warnings;

    friend bool operator==(const Outcome&, const Outcome&) = default;
};

std::string describe(const Outcome& o)
{
    std::string s = "\n  log:";
    for (const auto& l : o.log)
        s += "\n    " + l;
    s += "\n  error: " + o.errorMessage + "\n  state: " + o.state;
    for (const auto& c : o.customs)
        s += "\n  custom: " + c;
    for (const auto& w : o.warnings)
        s += "\n  warning: " + w;
    return s;
}

struct Options {
    json initialState = json::object();
    std::vector<std::string> frontendTools;
    Limits limits;
};

Outcome decodeWith(std::string_view bytes, const Schedule& schedule, const Options& setup)
{
    Outcome o;
    AgUiHandlers handlers;
    handlers.state = [&o](const json& state) { o.states.push_back(state.dump()); };
    handlers.custom = [&o](std::string_view name, const json& value) {
        o.customs.push_back(std::string(name) + " " + value.dump());
    };
    handlers.log = [&o](std::string_view type, const json&) { o.logged.emplace_back(type); };
    bool terminal = false;
    AgUiStreamDecoder d(
        7,
        [&](Input&& in) {
            EXPECT_FALSE(terminal) << "an input after the terminal one: " << describe(in);
            std::visit(
                [](const auto& e) {
                    if constexpr (requires { e.requestId; }) {
                        EXPECT_EQ(e.requestId, 7u);
                    }
                },
                in);
            if (const auto* f = std::get_if<StreamFailed>(&in))
                o.errorMessage = f->error.message;
            if (const auto* e = std::get_if<StreamEnded>(&in))
                o.usage = e->usage;
            if (const auto* r = std::get_if<ReconcileMessages>(&in))
                o.snapshots.push_back(r->messages);
            terminal = terminal || std::holds_alternative<StreamEnded>(in) ||
                       std::holds_alternative<StreamFailed>(in);
            o.log.push_back(describe(in));
        },
        setup.limits, setup.initialState, setup.frontendTools, handlers);
    d.setWarningSink([&o](std::string_view w) { o.warnings.emplace_back(w); });
    for (std::string_view piece : cut(bytes, schedule))
        d.feed(piece);
    d.endOfStream();
    EXPECT_TRUE(terminal);
    o.state = d.state().dump();
    o.interrupts = d.interrupts();
    o.runId = d.runId();
    return o;
}

/// Decodes `bytes` whole, then under every read schedule and line ending, expecting the same;
/// returns the whole read's outcome.
Outcome run(const std::string& bytes, const Options& setup = {})
{
    const Outcome whole = decodeWith(bytes, {"whole", {}}, setup);
    for (const LineEnding& ending : lineEndings) {
        const std::string ended = withLineEnds(bytes, ending.end);
        for (const Schedule& s : schedulesFor(ended.size())) {
            const Outcome got = decodeWith(ended, s, setup);
            EXPECT_EQ(got, whole) << "schedule " << s.name << ", line end " << ending.name
                                  << describe(got) << "\n expected:" << describe(whole);
            if (got != whole)
                return whole;
        }
    }
    return whole;
}

/// An SSE body of the events (JSON text each, written over several lines here: their line
/// breaks become spaces), as the reference encoder writes them.
std::string sse(std::initializer_list<std::string_view> events)
{
    std::string out;
    for (std::string_view e : events) {
        std::string line(e);
        std::replace(line.begin(), line.end(), '\n', ' ');
        out += "data: " + line + "\n\n";
    }
    return out;
}

const std::string runStarted = R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})";
const std::string runFinished = R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})";

std::string textStart(std::string_view id, std::string_view role = {})
{
    return R"({"type":"TEXT_MESSAGE_START","messageId":")" + std::string(id) + "\"" +
           (role.empty() ? "" : R"(,"role":")" + std::string(role) + "\"") + "}";
}
std::string textContent(std::string_view id, std::string_view delta)
{
    return R"({"type":"TEXT_MESSAGE_CONTENT","messageId":")" + std::string(id) + R"(","delta":")" +
           std::string(delta) + "\"}";
}
std::string textEnd(std::string_view id)
{
    return R"({"type":"TEXT_MESSAGE_END","messageId":")" + std::string(id) + "\"}";
}
std::string callStart(std::string_view id, std::string_view name)
{
    return R"({"type":"TOOL_CALL_START","toolCallId":")" + std::string(id) +
           R"(","toolCallName":")" + std::string(name) + "\"}";
}
std::string callArgs(std::string_view id, std::string_view delta)
{
    return R"({"type":"TOOL_CALL_ARGS","toolCallId":")" + std::string(id) + R"(","delta":")" +
           std::string(delta) + "\"}";
}
std::string callEnd(std::string_view id)
{
    return R"({"type":"TOOL_CALL_END","toolCallId":")" + std::string(id) + "\"}";
}
std::string reasoningContent(std::string_view id, std::string_view delta)
{
    return R"({"type":"REASONING_MESSAGE_CONTENT","messageId":")" + std::string(id) +
           R"(","delta":")" + std::string(delta) + "\"}";
}
// A whole reasoning message: start, one content, end.
std::string reasoningMessage(std::string_view id, std::string_view delta)
{
    return std::string("data: ") + R"({"type":"REASONING_MESSAGE_START","messageId":")" +
           std::string(id) + R"(","role":"reasoning"})" +
           "\n\ndata: " + reasoningContent(id, delta) +
           "\n\ndata: " + R"({"type":"REASONING_MESSAGE_END","messageId":")" + std::string(id) +
           "\"}\n\n";
}

// ---- recorded runs ------------------------------------------------------------------------------

struct Recording {
    const char* file;
    std::vector<std::string> log;
    std::vector<std::string> frontendTools{};
};

void PrintTo(const Recording& r, std::ostream* os)
{
    *os << r.file;
}

class AgUiRecorded : public ::testing::TestWithParam<Recording> {};

TEST_P(AgUiRecorded, SameInputsUnderEveryScheduleAndLineEnding)
{
    const std::string bytes = streamFile(GetParam().file);
    ASSERT_FALSE(bytes.empty()) << GetParam().file;
    Options setup;
    setup.frontendTools = GetParam().frontendTools;
    const Outcome got = run(bytes, setup);
    EXPECT_EQ(got.log, GetParam().log) << describe(got);
}

INSTANTIATE_TEST_SUITE_P(
    AgUi, AgUiRecorded,
    ::testing::Values(
        // A plain answer: two messages with reasoning before each, UTF-8 and escapes intact,
        // usage from two models summed.
        Recording{"agui_text.sse",
                  {"started", "reasoning The user greets.", "message msg_1",
                   "text Hello, caf\xC3\xA9 \xF0\x9F\x99\x82 \"q\" \\ \n\tend.", "message msg_2",
                   "reasoning Then offer help.", "text How can I help?", "ended stop"}},
        // A backend tool (pydantic-ai's shape: parentMessageId, a result with role "tool"),
        // steps, the answer after the result.
        Recording{"agui_backend_tool.sse",
                  {"started", "message msg_a", "text Let me look.",
                   R"(call server call_1 get_weather {"city":"Paris"})",
                   "result call_1 res_1 {\"temp\":21}", "message msg_b",
                   "text It is 21 \xC2\xB0"
                   "C.",
                   "ended stop"}},
        // A frontend tool: the run ends after the call, which runs here.
        Recording{"agui_frontend_tool.sse",
                  {"started", "message msg_1", "text Changing the colour.",
                   R"(call client call_fe change_background {"color":"#336699"})",
                   "ended tool_calls"},
                  {"change_background"}},
        // LangGraph's shape: steps, state snapshots and deltas, a messages snapshot at the end.
        Recording{"agui_state.sse",
                  {"started", "message m1", "text Adding the step.", "reconcile 2", "ended stop"}},
        // *_CHUNK events only (the .NET and ADK adapters): expanded, ids switch messages.
        Recording{"agui_chunks.sse",
                  {"started", "reasoning Plan: look up, then answer.", "message c1", "text Looking",
                   "text  it up.", R"(call server tc1 search {"q":"ag-ui"})", "message c2",
                   "text Found it.", "ended stop"}},
        // An approval interrupt for a streamed call, and a question.
        Recording{
            "agui_interrupt.sse",
            {"started", "message m1", "text I will delete the file.",
             R"(call server call_rm delete_file {"path":"/tmp/x"})",
             R"(call approval call_rm delete_file {"path":"/tmp/x"})",
             R"(input int_2 question agui "Which environment?" {"properties":{"env":{"enum":["dev","prod"],"type":"string"}},"required":["env"],"type":"object"})",
             "ended stop"}},
        // RUN_ERROR after some text: the text stays, the error is final.
        Recording{"agui_run_error.sse",
                  {"started", "message m1", "text Partial", "failed rate_limited"}},
        // The body cut mid-run: incomplete.
        Recording{"agui_cut.sse", {"started", "message m1", "text Partial ans", "ended "}}),
    [](const auto& p) {
        std::string n = p.param.file;
        return n.substr(0, n.find('.'));
    });

TEST(AgUiStream, RecordedAccessors)
{
    AgUiStreamDecoder d(1, [](Input&&) {});
    d.feed(streamFile("agui_text.sse"));
    d.endOfStream();
    EXPECT_EQ(d.runId(), "run_text_1");
    EXPECT_EQ(d.finishReason(), "stop");
    EXPECT_EQ(d.usage().promptTokens, 30);
    EXPECT_EQ(d.usage().completionTokens, 12);
    EXPECT_EQ(d.usage().totalTokens, -1); // not reported: StreamEnded's is computed
    EXPECT_EQ(run(streamFile("agui_text.sse")).usage.totalTokens, 42);
    EXPECT_EQ(d.usage().cachedTokens, 8);
    EXPECT_EQ(d.usage().reasoningTokens, 4);
    EXPECT_EQ(d.usage().cacheWriteTokens, -1);

    const Outcome state = run(streamFile("agui_state.sse"));
    EXPECT_EQ(state.state,
              R"({"steps":[{"done":true,"title":"plan"},{"done":false,"title":"act"}]})");
    EXPECT_THAT(state.logged, ElementsAre("RUN_STARTED", "STEP_STARTED", "STEP_FINISHED"));
    EXPECT_EQ(state.states.size(), 3u);
    ASSERT_EQ(state.snapshots.size(), 1u);
    EXPECT_EQ(state.snapshots[0][0].role, Role::User);
    EXPECT_EQ(state.snapshots[0][1].text, "Adding the step.");
}

// ---- lifecycle and order ------------------------------------------------------------------------

TEST(AgUiStream, ATextMessageOpensARowAndStreamsItsText)
{
    const Outcome o = run(sse({runStarted, textStart("m1"), textContent("m1", "Hel"),
                               textContent("m1", "lo"), textEnd("m1"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text Hel", "text lo", "ended stop"));
    EXPECT_EQ(o.runId, "r1");
    EXPECT_THAT(o.logged, ElementsAre("RUN_STARTED"));
    EXPECT_TRUE(o.warnings.empty());
}

TEST(AgUiStream, TheFirstEventMustBeRunStarted)
{
    const Outcome o = run(sse({textStart("m1"), textContent("m1", "x"), textEnd("m1")}));
    EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error"));
    EXPECT_EQ(o.errorMessage, "The agent sent TEXT_MESSAGE_START before RUN_STARTED.");
    // Unknown types too: the run's order is checked for every event.
    EXPECT_THAT(run(sse({R"({"type":"FUTURE_THING"})", runStarted})).log,
                ElementsAre("started", "failed protocol_error"));
}

TEST(AgUiStream, RunErrorMayComeFirst)
{
    const Outcome o = run(sse({R"({"type":"RUN_ERROR","message":"No such agent.","code":"404"})"}));
    EXPECT_THAT(o.log, ElementsAre("started", "failed 404"));
    EXPECT_EQ(o.errorMessage, "No such agent.");
}

TEST(AgUiStream, RunErrorFailsAtOnceWithItsCodeOrAgentError)
{
    const Outcome o = run(sse({runStarted, textStart("m1"), textContent("m1", "Partial"),
                               R"({"type":"RUN_ERROR","message":"Model overloaded"})",
                               textContent("m1", "never read")}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text Partial", "failed agent_error"));
    EXPECT_EQ(o.errorMessage, "Model overloaded");
    EXPECT_EQ(run(sse({runStarted, R"({"type":"RUN_ERROR"})"})).errorMessage, "The agent failed.");
}

TEST(AgUiStream, ARunErrorSayingThePromptIsTooLongIsContextLength)
{
    // By its code, whatever the message says...
    const Outcome coded = run(sse(
        {runStarted,
         R"({"type":"RUN_ERROR","message":"Error code: 400","code":"context_length_exceeded"})"}));
    EXPECT_THAT(coded.log, ElementsAre("started", "failed context_length"));
    EXPECT_EQ(coded.errorMessage, "Error code: 400");
    // ... or by its message when the code says nothing else (none, or the framework's own).
    for (
        const char* event :
        {R"({"type":"RUN_ERROR","message":"This model's maximum context length is 8192 tokens."})",
         R"({"type":"RUN_ERROR","message":"prompt is too long: 210000 tokens > 200000 maximum","code":"LLM_ERROR"})"})
        EXPECT_THAT(run(sse({runStarted, event})).log,
                    ElementsAre("started", "failed context_length"))
            << event;
    // A code that says something else stays.
    EXPECT_THAT(
        run(sse({runStarted,
                 R"({"type":"RUN_ERROR","message":"too many tokens","code":"rate_limited"})"}))
            .log,
        ElementsAre("started", "failed rate_limited"));
}

TEST(AgUiStream, AnyEventAfterTheRunEndedIsAProtocolError)
{
    for (const std::string& after : {textStart("m2"), runStarted, runFinished,
                                     std::string(R"({"type":"RUN_ERROR","message":"x"})"),
                                     std::string(R"({"type":"CUSTOM","name":"n","value":1})"),
                                     std::string(R"({"type":"SOMETHING_NEW"})"),
                                     std::string(R"({"type":"RAW","event":{}})")}) {
        const Outcome o = run(sse({runStarted, textStart("m1"), textContent("m1", "Done"),
                                   textEnd("m1"), runFinished, after}));
        EXPECT_THAT(o.log,
                    ElementsAre("started", "message m1", "text Done", "failed protocol_error"))
            << after;
        EXPECT_THAT(o.errorMessage, HasSubstr("after RUN_FINISHED")) << after;
    }
}

TEST(AgUiStream, AnEventAfterRunFinishedCancelsItsInterrupts)
{
    const Outcome o = run(sse(
        {runStarted,
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[{"id":"i1","reason":"input_required"}]}})",
         R"({"type":"STEP_STARTED","stepName":"late"})"}));
    EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error"));
}

TEST(AgUiStream, ASecondRunStartedIsAProtocolError)
{
    const Outcome o = run(sse({runStarted, runStarted}));
    EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error"));
    EXPECT_EQ(o.errorMessage, "The agent sent a second RUN_STARTED in one run.");
}

TEST(AgUiStream, ContentOrEndWithoutItsStartIsAProtocolError)
{
    const struct {
        std::string event;
        const char* sentence;
    } cases[] = {
        {textContent("m1", "x"),
         "The agent sent TEXT_MESSAGE_CONTENT for text message \"m1\", which is not open."},
        {textEnd("m1"),
         "The agent sent TEXT_MESSAGE_END for text message \"m1\", which is not open."},
        {callArgs("c1", "{}"),
         "The agent sent TOOL_CALL_ARGS for tool call \"c1\", which is not open."},
        {callEnd("c1"), "The agent sent TOOL_CALL_END for tool call \"c1\", which is not open."},
        {reasoningContent("r1", "x"), "The agent sent REASONING_MESSAGE_CONTENT for reasoning "
                                      "message \"r1\", which is not open."},
        {R"({"type":"REASONING_MESSAGE_END","messageId":"r1"})",
         "The agent sent REASONING_MESSAGE_END for reasoning message \"r1\", which is not open."},
        {R"({"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"x"})",
         "The agent sent THINKING_TEXT_MESSAGE_CONTENT without THINKING_TEXT_MESSAGE_START."},
    };
    for (const auto& c : cases) {
        const Outcome o = run(sse({runStarted, c.event}));
        EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error")) << c.event;
        EXPECT_EQ(o.errorMessage, c.sentence);
    }
}

TEST(AgUiStream, ContentForAnotherIdIsAProtocolError)
{
    const Outcome o = run(sse({runStarted, textStart("m1"), textContent("m2", "x")}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "failed protocol_error"));
    const Outcome call = run(sse({runStarted, callStart("c1", "f"), callArgs("c2", "{}")}));
    EXPECT_THAT(call.log, ElementsAre("started", "failed protocol_error"));
}

TEST(AgUiStream, AStartForAnOpenIdIsAProtocolError)
{
    EXPECT_EQ(run(sse({runStarted, textStart("m1"), textStart("m1")})).errorMessage,
              "The agent sent TEXT_MESSAGE_START for text message \"m1\", which is already open.");
    EXPECT_EQ(run(sse({runStarted, callStart("c1", "f"), callStart("c1", "f")})).errorMessage,
              "The agent sent TOOL_CALL_START for tool call \"c1\", which is already open.");
    // A closed id may open again.
    EXPECT_THAT(run(sse({runStarted, textStart("m1"), textEnd("m1"), textStart("m1"),
                         textContent("m1", "again"), textEnd("m1"), runFinished}))
                    .log,
                ElementsAre("started", "message m1", "message m1", "text again", "ended stop"));
}

TEST(AgUiStream, RunFinishedWithOpenMessagesOrCallsIsAProtocolError)
{
    const Outcome text =
        run(sse({runStarted, textStart("m1"), textContent("m1", "x"), runFinished}));
    EXPECT_THAT(text.log, ElementsAre("started", "message m1", "text x", "failed protocol_error"));
    EXPECT_EQ(text.errorMessage, "The agent finished its run with text message \"m1\" still open.");
    const Outcome call = run(sse({runStarted, callStart("c1", "f"), runFinished}));
    EXPECT_EQ(call.errorMessage, "The agent finished its run with tool call \"c1\" still open.");
}

TEST(AgUiStream, OpenStepsAndReasoningAreToleratedAtRunFinished)
{
    const Outcome o =
        run(sse({runStarted, R"({"type":"STEP_STARTED","stepName":"plan"})",
                 R"({"type":"REASONING_START","messageId":"r"})",
                 R"({"type":"REASONING_MESSAGE_START","messageId":"r1","role":"reasoning"})",
                 reasoningContent("r1", "hmm"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "reasoning hmm", "ended stop"));
    // Steps are only logged: their order is not checked.
    EXPECT_THAT(
        run(sse({runStarted, R"({"type":"STEP_FINISHED","stepName":"never"})", runFinished})).log,
        ElementsAre("started", "ended stop"));
}

TEST(AgUiStream, DataThatIsNotAJsonObjectWithAStringTypeIsAProtocolError)
{
    for (const char* data : {"not json", "[1,2]", "\"RUN_STARTED\"", "{}", R"({"type":3})",
                             R"({"type":null})", R"({"type":"RUN_STARTED")"}) {
        const Outcome o = run(sse({runStarted, data}));
        EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error")) << data;
        EXPECT_EQ(o.errorMessage, "The agent sent an event that is not a JSON object with a type.");
    }
}

TEST(AgUiStream, FieldsOfTheWrongTypeAreProtocolErrors)
{
    EXPECT_EQ(run(sse({runStarted, textStart("m1"),
                       R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":5})"}))
                  .errorMessage,
              "The agent sent a TEXT_MESSAGE_CONTENT whose delta is not a string.");
    EXPECT_EQ(
        run(sse({runStarted, R"({"type":"TEXT_MESSAGE_CONTENT","messageId":null,"delta":"x"})"}))
            .errorMessage,
        "The agent sent TEXT_MESSAGE_CONTENT without a messageId.");
    EXPECT_EQ(run(sse({runStarted, callStart("c1", "f"),
                       R"({"type":"TOOL_CALL_ARGS","toolCallId":"c1","delta":{"a":1}})"}))
                  .errorMessage,
              "The agent sent a TOOL_CALL_ARGS whose delta is not a string.");
    // A missing delta is an empty one.
    EXPECT_THAT(
        run(sse({runStarted, textStart("m1"), R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1"})",
                 textEnd("m1"), runFinished}))
            .log,
        ElementsAre("started", "message m1", "ended stop"));
}

TEST(AgUiStream, ContentEventsTheFastPathLeavesAreReadTheSame)
{
    // simdjson refuses integers past 64 bits and a null id; the general path (nlohmann-json)
    // reads them: the same inputs either way.
    const Outcome o = run(sse(
        {runStarted, textStart("m1"),
         R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"a","timestamp":123456789012345678901234567890})",
         textContent("m1", "b"), textEnd("m1"),
         R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m2","delta":"c"})",
         R"({"type":"TEXT_MESSAGE_CHUNK","messageId":null,"delta":"d"})",
         R"({"type":"TEXT_MESSAGE_CHUNK","delta":"e","role":7})", runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text a", "text b", "message m2",
                                   "text c", "text d", "text e", "ended stop"));
}

TEST(AgUiStream, UnknownTypesAndFieldsAreIgnored)
{
    const Outcome o = run(sse(
        {R"({"type":"RUN_STARTED","threadId":"t","runId":"r","parentRunId":"p","input":{"x":1},"timestamp":1,"future":true})",
         R"({"type":"SOMETHING_NEW","messageId":"m1","delta":"x"})",
         R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant","name":"bot","timestamp":1700000000,"rawEvent":{"huge":[1,2,3]},"metadata":{"k":"v"},"extra":[1]})",
         R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"ok","metadata":{"a":1},"rawEvent":"x"})",
         textEnd("m1"),
         R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"f","parentMessageId":null})",
         R"({"type":"TOOL_CALL_END","toolCallId":"c1","extra":1})",
         R"({"type":"REASONING_ENCRYPTED_VALUE","subtype":"message","entityId":"m1","encryptedValue":"xyz"})",
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","result":{"answer":42},"outcome":{"type":"success"}})"}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text ok", "call server c1 f {}",
                                   "ended stop"));
    EXPECT_TRUE(o.warnings.empty());
}

TEST(AgUiStream, MessagesOfOtherRolesAreSkippedWithAWarning)
{
    const Outcome o =
        run(sse({runStarted, textStart("u1", "user"), textContent("u1", "echo"), textEnd("u1"),
                 textStart("m1"), textContent("m1", "answer"), textEnd("m1"),
                 textStart("s1", "system"), textContent("s1", "sys"), textEnd("s1"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text answer", "ended stop"));
    EXPECT_THAT(o.warnings, ElementsAre("a text message of role \"user\" was skipped",
                                        "a text message of role \"system\" was skipped"));
}

TEST(AgUiStream, InterleavedTextGoesOnTheLastOpenedRow)
{
    const Outcome o = run(sse({runStarted, textStart("a"), textStart("b"), textContent("a", "A"),
                               textContent("b", "B"), textEnd("a"), textEnd("b"), runFinished}));
    EXPECT_THAT(o.log,
                ElementsAre("started", "message a", "message b", "text A", "text B", "ended stop"));
    EXPECT_THAT(o.warnings, ElementsAre("text of message \"a\" went on the row of \"b\""));
}

TEST(AgUiStream, ABodyWithoutRunFinishedIsIncomplete)
{
    EXPECT_THAT(run(sse({runStarted, textStart("m1"), textContent("m1", "cut")})).log,
                ElementsAre("started", "message m1", "text cut", "ended "));
    // Nothing at all.
    EXPECT_THAT(run("").log, ElementsAre("ended "));
}

TEST(AgUiStream, KeepAlivesAndEventNamesDoNotMatter)
{
    const Outcome o = run(": ping\n\nevent: whatever\ndata: " + runStarted + "\n\n: ping\n\n" +
                          "data: " + textStart("m1") + "\n\ndata: " + textContent("m1", "x") +
                          "\n\ndata: " + textEnd("m1") + "\n\ndata: " + runFinished + "\n\n");
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text x", "ended stop"));
}

// ---- reasoning ----------------------------------------------------------------------------------

TEST(AgUiStream, ReasoningBeforeAnyTextGoesOnTheReplyRow)
{
    const Outcome o = run(sse({runStarted, R"({"type":"REASONING_START","messageId":"r"})"}) +
                          reasoningMessage("r1", "First.") + reasoningMessage("r2", "Second.") +
                          sse({R"({"type":"REASONING_END","messageId":"r"})", textStart("m1"),
                               textContent("m1", "Answer"), textEnd("m1"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "reasoning First.", "reasoning \n\n",
                                   "reasoning Second.", "message m1", "text Answer", "ended stop"));
}

TEST(AgUiStream, ReasoningAfterATextWaitsForTheNextTextMessage)
{
    const Outcome o =
        run(sse({runStarted, textStart("m1"), textContent("m1", "One"), textEnd("m1")}) +
            reasoningMessage("r1", "Think.") + reasoningMessage("r2", "More.") +
            sse({textStart("m2"), textContent("m2", "Two"), textEnd("m2"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text One", "message m2",
                                   "reasoning Think.\n\nMore.", "text Two", "ended stop"));
}

TEST(AgUiStream, ReasoningThatNoTextFollowsComesBeforeTheEnd)
{
    const Outcome o = run(sse({runStarted}) + reasoningMessage("r0", "Early.") +
                          sse({textStart("m1"), textContent("m1", "One"), textEnd("m1")}) +
                          reasoningMessage("r1", "Late.") +
                          sse({callStart("c1", "f"), callEnd("c1"), runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "reasoning Early.", "message m1", "text One",
                                   "call server c1 f {}", "reasoning \n\nLate.", "ended stop"));
    // Before a RUN_ERROR's failure, and before an incomplete end, too.
    EXPECT_THAT(run(sse({runStarted, textStart("m1"), textEnd("m1")}) +
                    reasoningMessage("r1", "Why.") + sse({R"({"type":"RUN_ERROR","message":"x"})"}))
                    .log,
                ElementsAre("started", "message m1", "reasoning Why.", "failed agent_error"));
    EXPECT_THAT(
        run(sse({runStarted, textStart("m1"), textEnd("m1")}) + reasoningMessage("r1", "Why.")).log,
        ElementsAre("started", "message m1", "reasoning Why.", "ended "));
}

TEST(AgUiStream, DeprecatedThinkingEventsAreReasoning)
{
    const Outcome o = run(sse(
        {runStarted, R"({"type":"THINKING_START","title":"t"})",
         R"({"type":"THINKING_TEXT_MESSAGE_START"})",
         R"({"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"Hmm"})",
         R"({"type":"THINKING_TEXT_MESSAGE_END"})", R"({"type":"THINKING_TEXT_MESSAGE_START"})",
         R"({"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"Ok"})",
         R"({"type":"THINKING_TEXT_MESSAGE_END"})", R"({"type":"THINKING_END"})", runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "reasoning Hmm", "reasoning \n\n", "reasoning Ok",
                                   "ended stop"));
    EXPECT_EQ(run(sse({runStarted, R"({"type":"THINKING_TEXT_MESSAGE_START"})"})).errorMessage,
              "The agent sent THINKING_TEXT_MESSAGE_START without THINKING_START.");
}

TEST(AgUiStream, WaitingReasoningCountsAgainstTheBudget)
{
    Options setup;
    setup.limits.maxReplyBytes = 20;
    const Outcome o =
        run(sse({runStarted, textStart("m1"), textContent("m1", "0123456789"), textEnd("m1")}) +
                reasoningMessage("r1", "0123456789abc"),
            setup);
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text 0123456789", "failed too_large"));
}

// ---- tool calls ---------------------------------------------------------------------------------

TEST(AgUiStream, FrontendToolsRunHereOthersOnTheServer)
{
    Options setup;
    setup.frontendTools = {"confirm", "pick_color"};
    const Outcome o =
        run(sse({runStarted, callStart("c1", "search"), callStart("c2", "pick_color"),
                 callArgs("c1", R"({\"q\":)"), callArgs("c2", R"({\"c\":1})"),
                 callArgs("c1", R"(\"x\"})"), callEnd("c2"), callEnd("c1"), runFinished}),
            setup);
    EXPECT_THAT(o.log, ElementsAre("started", R"(call client c2 pick_color {"c":1})",
                                   R"(call server c1 search {"q":"x"})", "ended tool_calls"));
    // Server calls alone end with "stop".
    EXPECT_THAT(run(sse({runStarted, callStart("c1", "search"), callEnd("c1"), runFinished})).log,
                ElementsAre("started", "call server c1 search {}", "ended stop"));
}

TEST(AgUiStream, ACallOpensTheRowOfItsParentMessage)
{
    // A model that only calls tools: the agent names the message without streaming its text.
    const std::string withParent =
        R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search","parentMessageId":"ai-1"})";
    EXPECT_THAT(run(sse({runStarted, withParent, callEnd("c1"), runFinished})).log,
                ElementsAre("started", "message ai-1", "call server c1 search {}", "ended stop"));
    // Its parent streaming already, or null as some servers send it: no new row.
    EXPECT_THAT(run(sse({runStarted, textStart("ai-1"), textEnd("ai-1"), withParent, callEnd("c1"),
                         runFinished}))
                    .log,
                ElementsAre("started", "message ai-1", "call server c1 search {}", "ended stop"));
    const std::string nullParent =
        R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search","parentMessageId":null})";
    EXPECT_THAT(run(sse({runStarted, nullParent, callEnd("c1"), runFinished})).log,
                ElementsAre("started", "call server c1 search {}", "ended stop"));
}

TEST(AgUiStream, AConnectionLostAfterRunFinishedEndsTheRun)
{
    std::vector<Input> inputs;
    AgUiStreamDecoder decoder(1, [&](Input&& in) { inputs.push_back(std::move(in)); });
    decoder.feed(
        sse({runStarted, textStart("m1"), textContent("m1", "x"), textEnd("m1"), runFinished}));
    decoder.fail({"transport", "reset", true, -1});
    ASSERT_FALSE(inputs.empty());
    EXPECT_TRUE(std::holds_alternative<StreamEnded>(inputs.back()))
        << "not a retryable failure: the run completed";
    // Before RUN_FINISHED it is the failure it is.
    inputs.clear();
    AgUiStreamDecoder cut(2, [&](Input&& in) { inputs.push_back(std::move(in)); });
    cut.feed(sse({runStarted, textStart("m1"), textContent("m1", "x")}));
    cut.fail({"transport", "reset", true, -1});
    ASSERT_TRUE(std::holds_alternative<StreamFailed>(inputs.back()));
}

TEST(AgUiStream, ToolCallStartNeedsAName)
{
    EXPECT_EQ(
        run(sse({runStarted, R"({"type":"TOOL_CALL_START","toolCallId":"c1"})"})).errorMessage,
        "The agent sent a TOOL_CALL_START without a toolCallName.");
    EXPECT_EQ(
        run(sse({runStarted, R"({"type":"TOOL_CALL_START","toolCallName":"f"})"})).errorMessage,
        "The agent sent TOOL_CALL_START without a toolCallId.");
}

TEST(AgUiStream, TooManyToolCallsAreRefused)
{
    Options setup;
    setup.limits.maxToolCallsPerStep = 1;
    const Outcome o = run(sse({runStarted, callStart("c1", "f"), callEnd("c1"),
                               callStart("c2", "f"), callEnd("c2"), runFinished}),
                          setup);
    EXPECT_THAT(o.log, ElementsAre("started", "call server c1 f {}", "failed too_large"));
}

TEST(AgUiStream, ToolCallResultsAreServerResults)
{
    const Outcome o = run(sse(
        {runStarted, callStart("c1", "f"), callEnd("c1"),
         R"({"type":"TOOL_CALL_RESULT","messageId":"t1","toolCallId":"c1","content":"done","role":"tool"})",
         // A result of a call of an earlier run, and a content that is not a string.
         R"({"type":"TOOL_CALL_RESULT","messageId":"t2","toolCallId":"old","content":{"n":1}})",
         R"({"type":"TOOL_CALL_RESULT","toolCallId":"c3"})", runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "call server c1 f {}", "result c1 t1 done",
                                   R"(result old t2 {"n":1})", "result c3  ", "ended stop"));
    EXPECT_EQ(run(sse({runStarted, R"({"type":"TOOL_CALL_RESULT","messageId":"t","content":"x"})"}))
                  .errorMessage,
              "The agent sent a TOOL_CALL_RESULT without a toolCallId.");
}

// ---- chunks -------------------------------------------------------------------------------------

TEST(AgUiStream, TextChunksExpandIntoAMessage)
{
    const Outcome o = run(
        sse({runStarted,
             R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","role":"assistant","delta":"Hel"})",
             R"({"type":"TEXT_MESSAGE_CHUNK","delta":"lo"})",
             R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1"})",
             // Another id closes m1 and opens m2.
             R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m2","delta":"Bye"})",
             // RAW leaves it open, a non-chunk event closes it.
             R"({"type":"RAW","event":{"x":1}})", R"({"type":"TEXT_MESSAGE_CHUNK","delta":"!"})",
             runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text Hel", "text lo", "message m2",
                                   "text Bye", "text !", "ended stop"));
}

TEST(AgUiStream, ANonChunkEventClosesTheChunkedMessage)
{
    // The chunked message is closed by STEP_STARTED: its own CONTENT then has no open message.
    const Outcome o =
        run(sse({runStarted, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"})",
                 R"({"type":"STEP_STARTED","stepName":"s"})", textContent("m1", "b")}));
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text a", "failed protocol_error"));
    // A chunk of another kind closes it too; RUN_FINISHED closes it before it checks.
    EXPECT_THAT(
        run(sse({runStarted, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"a"})",
                 R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f","delta":"{}"})",
                 runFinished}))
            .log,
        ElementsAre("started", "message m1", "text a", "call server c1 f {}", "ended stop"));
}

TEST(AgUiStream, ToolCallAndReasoningChunks)
{
    const Outcome o = run(sse(
        {runStarted, R"({"type":"REASONING_MESSAGE_CHUNK","messageId":"r1","delta":"Think"})",
         R"({"type":"REASONING_MESSAGE_CHUNK","messageId":"","delta":"ing"})",
         R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"f","parentMessageId":null,"delta":"{\"a\":"})",
         R"({"type":"TOOL_CALL_CHUNK","delta":"1}"})",
         R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c2","toolCallName":"g"})", runFinished}));
    EXPECT_THAT(o.log,
                ElementsAre("started", "reasoning Think", "reasoning ing",
                            R"(call server c1 f {"a":1})", "call server c2 g {}", "ended stop"));
}

TEST(AgUiStream, TheFirstChunkNeedsItsIdAndACallItsName)
{
    EXPECT_EQ(run(sse({runStarted, R"({"type":"TEXT_MESSAGE_CHUNK","delta":"x"})"})).errorMessage,
              "The agent sent a first TEXT_MESSAGE_CHUNK without a messageId.");
    EXPECT_EQ(run(sse({runStarted, R"({"type":"TOOL_CALL_CHUNK","toolCallId":"c","delta":"x"})"}))
                  .errorMessage,
              "The agent sent a first TOOL_CALL_CHUNK without a toolCallName.");
    EXPECT_EQ(
        run(sse({runStarted, R"({"type":"REASONING_MESSAGE_CHUNK","delta":"x"})"})).errorMessage,
        "The agent sent a first REASONING_MESSAGE_CHUNK without a messageId.");
    EXPECT_EQ(run(sse({runStarted, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","delta":5})"}))
                  .errorMessage,
              "The agent sent a TEXT_MESSAGE_CHUNK whose messageId or delta is not a string.");
    // Before RUN_STARTED, a chunk breaks the order like the START it stands for.
    EXPECT_EQ(
        run(sse({R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"m","delta":"x"})"})).errorMessage,
        "The agent sent TEXT_MESSAGE_START before RUN_STARTED.");
}

TEST(AgUiStream, AChunkOfAUserMessageIsSkipped)
{
    const Outcome o = run(sse(
        {runStarted, R"({"type":"TEXT_MESSAGE_CHUNK","messageId":"u","role":"user","delta":"hi"})",
         runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "ended stop"));
    EXPECT_EQ(o.warnings.size(), 1u);
}

// ---- state --------------------------------------------------------------------------------------

TEST(AgUiStream, StateSnapshotsReplaceAndDeltasPatch)
{
    Options setup;
    setup.initialState = json{{"count", 1}};
    const Outcome o = run(
        sse({runStarted,
             R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/count","value":2}]})",
             R"({"type":"STATE_SNAPSHOT","snapshot":{"items":[]}})",
             R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/items/-","value":"a"},{"op":"add","path":"/items/-","value":"b"}]})",
             R"({"type":"STATE_DELTA","delta":[]})", runFinished}),
        setup);
    EXPECT_THAT(o.log, ElementsAre("started", "ended stop"));
    EXPECT_THAT(o.states, ElementsAre(R"({"count":2})", R"({"items":[]})", R"({"items":["a","b"]})",
                                      R"({"items":["a","b"]})"));
    EXPECT_EQ(o.state, R"({"items":["a","b"]})");
}

TEST(AgUiStream, TheStateIsTheInitialOneUntilAnEventChangesIt)
{
    Options setup;
    setup.initialState = json{{"keep", true}};
    const Outcome o = run(sse({runStarted, runFinished}), setup);
    EXPECT_EQ(o.state, R"({"keep":true})");
    EXPECT_TRUE(o.states.empty());
}

TEST(AgUiStream, APatchThatDoesNotApplyLeavesTheStateAsItWas)
{
    Options setup;
    setup.initialState = json{{"a", 1}};
    // The first operation applies, the second does not: all or nothing.
    const Outcome o = run(
        sse({runStarted,
             R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/a","value":2},{"op":"remove","path":"/missing"}]})"}),
        setup);
    EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error"));
    EXPECT_THAT(o.errorMessage, HasSubstr("The agent's STATE_DELTA does not apply to the state "
                                          "(operation 1: "));
    EXPECT_EQ(o.state, R"({"a":1})");
    EXPECT_TRUE(o.states.empty());
    for (const char* delta :
         {R"({"type":"STATE_DELTA"})", R"({"type":"STATE_DELTA","delta":{"op":"add"}})",
          R"({"type":"STATE_DELTA","delta":"[]"})"}) {
        const Outcome bad = run(sse({runStarted, delta}), setup);
        EXPECT_EQ(bad.errorMessage, "The agent sent a STATE_DELTA whose delta is not a JSON Patch "
                                    "(a list of operations).");
        EXPECT_EQ(bad.state, R"({"a":1})");
    }
    // Operations that are not operations.
    for (const char* op :
         {R"(1)", R"({"op":"frobnicate","path":"/a"})", R"({"path":"/a"})",
          R"({"op":"add","path":"/b"})", R"({"op":"add","value":1})",
          R"({"op":"move","path":"/b"})", R"({"op":"add","path":"a","value":1})"}) {
        const Outcome bad =
            run(sse({runStarted, R"({"type":"STATE_DELTA","delta":[)" + std::string(op) + "]}"}),
                setup);
        EXPECT_THAT(bad.log, ElementsAre("started", "failed protocol_error")) << op;
        EXPECT_EQ(bad.state, R"({"a":1})");
    }
}

TEST(AgUiStream, AddingUnderANullIsRefused)
{
    // RFC 6902 wants an object or array there; nlohmann-json alone would make the null an object.
    Options setup;
    setup.initialState = json{{"a", nullptr}};
    const Outcome o =
        run(sse({runStarted,
                 R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/a/b","value":1}]})"}),
            setup);
    EXPECT_EQ(o.errorMessage, "The agent's STATE_DELTA does not apply to the state (operation 0 "
                              "adds to a null value).");
    EXPECT_EQ(o.state, R"({"a":null})");
}

// RFC 6902 Appendix A, every example, as STATE_SNAPSHOT (the document) then STATE_DELTA (the
// patch). `result` empty: the patch is an error, the run ends with protocol_error and the state
// stays the document.
struct PatchExample {
    const char* name;
    const char* document;
    const char* patch;
    const char* result;
};

void PrintTo(const PatchExample& e, std::ostream* os)
{
    *os << e.name;
}

class Rfc6902AppendixA : public ::testing::TestWithParam<PatchExample> {};

TEST_P(Rfc6902AppendixA, ThroughTheDecoder)
{
    const PatchExample& e = GetParam();
    const Outcome o = run(
        sse({runStarted, R"({"type":"STATE_SNAPSHOT","snapshot":)" + std::string(e.document) + "}",
             R"({"type":"STATE_DELTA","delta":)" + std::string(e.patch) + "}", runFinished}));
    const std::string document = json::parse(e.document).dump();
    if (std::string_view(e.result).empty()) {
        EXPECT_THAT(o.log, ElementsAre("started", "failed protocol_error")) << describe(o);
        EXPECT_THAT(o.errorMessage, HasSubstr("STATE_DELTA does not apply"));
        EXPECT_EQ(o.state, document);
        EXPECT_THAT(o.states, ElementsAre(document));
    } else {
        EXPECT_THAT(o.log, ElementsAre("started", "ended stop")) << describe(o);
        const std::string result = json::parse(e.result).dump();
        EXPECT_EQ(o.state, result);
        EXPECT_THAT(o.states, ElementsAre(document, result));
    }
}

INSTANTIATE_TEST_SUITE_P(
    AgUi, Rfc6902AppendixA,
    ::testing::Values(
        PatchExample{"A1_AddingAnObjectMember", R"({ "foo": "bar"})",
                     R"([ { "op": "add", "path": "/baz", "value": "qux" } ])",
                     R"({ "baz": "qux", "foo": "bar" })"},
        PatchExample{"A2_AddingAnArrayElement", R"({ "foo": [ "bar", "baz" ] })",
                     R"([ { "op": "add", "path": "/foo/1", "value": "qux" } ])",
                     R"({ "foo": [ "bar", "qux", "baz" ] })"},
        PatchExample{"A3_RemovingAnObjectMember", R"({ "baz": "qux", "foo": "bar" })",
                     R"([ { "op": "remove", "path": "/baz" } ])", R"({ "foo": "bar" })"},
        PatchExample{"A4_RemovingAnArrayElement", R"({ "foo": [ "bar", "qux", "baz" ] })",
                     R"([ { "op": "remove", "path": "/foo/1" } ])",
                     R"({ "foo": [ "bar", "baz" ] })"},
        PatchExample{"A5_ReplacingAValue", R"({ "baz": "qux", "foo": "bar" })",
                     R"([ { "op": "replace", "path": "/baz", "value": "boo" } ])",
                     R"({ "baz": "boo", "foo": "bar" })"},
        PatchExample{
            "A6_MovingAValue",
            R"({ "foo": { "bar": "baz", "waldo": "fred" }, "qux": { "corge": "grault" } })",
            R"([ { "op": "move", "from": "/foo/waldo", "path": "/qux/thud" } ])",
            R"({ "foo": { "bar": "baz" }, "qux": { "corge": "grault", "thud": "fred" } })"},
        PatchExample{"A7_MovingAnArrayElement", R"({ "foo": [ "all", "grass", "cows", "eat" ] })",
                     R"([ { "op": "move", "from": "/foo/1", "path": "/foo/3" } ])",
                     R"({ "foo": [ "all", "cows", "eat", "grass" ] })"},
        PatchExample{"A8_TestingAValueSuccess", R"({ "baz": "qux", "foo": [ "a", 2, "c" ] })",
                     R"([ { "op": "test", "path": "/baz", "value": "qux" },
                          { "op": "test", "path": "/foo/1", "value": 2 } ])",
                     R"({ "baz": "qux", "foo": [ "a", 2, "c" ] })"},
        PatchExample{"A9_TestingAValueError", R"({ "baz": "qux" })",
                     R"([ { "op": "test", "path": "/baz", "value": "bar" } ])", ""},
        PatchExample{"A10_AddingANestedMemberObject", R"({ "foo": "bar" })",
                     R"([ { "op": "add", "path": "/child", "value": { "grandchild": { } } } ])",
                     R"({ "foo": "bar", "child": { "grandchild": { } } })"},
        // Members an operation does not define are ignored.
        PatchExample{"A11_IgnoringUnrecognizedElements", R"({ "foo": "bar" })",
                     R"([ { "op": "add", "path": "/baz", "value": "qux", "xyz": 123 } ])",
                     R"({ "foo": "bar", "baz": "qux" })"},
        PatchExample{"A12_AddingToANonexistentTarget", R"({ "foo": "bar" })",
                     R"([ { "op": "add", "path": "/baz/bat", "value": "qux" } ])", ""},
        // A13 (a duplicate "op"): nlohmann-json's parser keeps the last of duplicate keys, so
        // the operation is a "remove" — never the "add" the RFC says it must not be taken for.
        // Removing /baz from a document without it fails...
        PatchExample{"A13_InvalidJsonPatchDocument", R"({ "foo": "bar" })",
                     R"([ { "op": "add", "path": "/baz", "value": "qux", "op": "remove" } ])", ""},
        // ... and from one with it removes it.
        PatchExample{"A13_DuplicateOpTheLastWins", R"({ "foo": "bar", "baz": 1 })",
                     R"([ { "op": "add", "path": "/baz", "value": "qux", "op": "remove" } ])",
                     R"({ "foo": "bar" })"},
        PatchExample{"A14_EscapeOrdering", R"({ "/": 9, "~1": 10 })",
                     R"([ {"op": "test", "path": "/~01", "value": 10} ])",
                     R"({ "/": 9, "~1": 10 })"},
        PatchExample{"A15_ComparingStringsAndNumbers", R"({ "/": 9, "~1": 10 })",
                     R"([ {"op": "test", "path": "/~01", "value": "10"} ])", ""},
        PatchExample{"A16_AddingAnArrayValue", R"({ "foo": ["bar"] })",
                     R"([ { "op": "add", "path": "/foo/-", "value": ["abc", "def"] } ])",
                     R"({ "foo": ["bar", ["abc", "def"]] })"}),
    [](const auto& p) { return std::string(p.param.name); });

TEST(AgUiStream, APatchThatCopiesTheStateIntoItselfIsStopped)
{
    // Each copy doubles the state: 40 of them would need terabytes.
    std::string ops;
    for (int i = 0; i < 40; ++i)
        ops += std::string(i ? "," : "") + R"({"op":"copy","from":"","path":"/)" +
               std::to_string(i) + "\"}";
    Options setup;
    setup.initialState = json{{"seed", std::string(100, 'x')}};
    setup.limits.maxEventBytes = 1 << 20;
    const Outcome o = decodeWith(
        sse({runStarted, R"({"type":"STATE_DELTA","delta":[)" + ops + "]}"}), {"whole", {}}, setup);
    EXPECT_THAT(o.log, ElementsAre("started", "failed too_large"));
    EXPECT_EQ(o.errorMessage, "The agent's state grew past 1048576 bytes.");
    EXPECT_EQ(o.state, setup.initialState.dump());
}

TEST(AgUiStream, AStateTooLargeOrTooDeepIsRefused)
{
    // A patch may not make the state larger than an event may be.
    Options setup;
    setup.limits.maxEventBytes = 256;
    const std::string copied =
        R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/a","value":")" +
        std::string(125, 'x') + R"("},{"op":"copy","from":"/a","path":"/b"}]})";
    ASSERT_LT(copied.size(), 256u);
    const Outcome large = run(sse({runStarted, copied}), setup);
    EXPECT_THAT(large.log, ElementsAre("started", "failed too_large"));
    EXPECT_EQ(large.errorMessage, "The agent's state grew past 256 bytes.");
    EXPECT_EQ(large.state, "{}");
    // A state no larger than the one it replaces is kept, whatever the limit.
    setup.limits.maxEventBytes = 100;
    setup.initialState = json{{"s", std::string(300, 'x')}};
    EXPECT_EQ(
        run(sse({runStarted,
                 R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/s","value":"short"}]})",
                 runFinished}),
            setup)
            .state,
        R"({"s":"short"})");

    // 65 levels of arrays: deeper than a state may be.
    const std::string deep = std::string(65, '[') + std::string(65, ']');
    const Outcome o =
        run(sse({runStarted, R"({"type":"STATE_SNAPSHOT","snapshot":)" + deep + "}"}));
    EXPECT_EQ(o.errorMessage, "The agent sent a state nested deeper than 64 levels.");
    // A patch that would nest it deeper, by adding or by copying it into itself.
    const Outcome nested = run(sse(
        {runStarted,
         R"({"type":"STATE_SNAPSHOT","snapshot":)" + std::string(60, '[') + std::string(60, ']') +
             "}",
         R"({"type":"STATE_DELTA","delta":[{"op":"copy","from":"","path":"/0/0/0/0/0/0/0"}]})"}));
    EXPECT_THAT(nested.errorMessage, HasSubstr("would nest the state deeper than 64 levels"));
    // An event deeper than any state may be is not parsed at all.
    const Outcome event = run(sse({runStarted, R"({"type":"RAW","event":)" + std::string(100, '[') +
                                                   std::string(100, ']') + "}"}));
    EXPECT_EQ(event.errorMessage, "The agent sent an event nested deeper than 72 levels.");
}

// ---- messages snapshot --------------------------------------------------------------------------

TEST(AgUiStream, MessagesSnapshotsAreReconciled)
{
    const Outcome o = run(sse({runStarted, R"({"type":"MESSAGES_SNAPSHOT","messages":[
        {"id":"d1","role":"developer","content":"be nice"},
        {"id":"s1","role":"system","content":"sys"},
        {"id":"u1","role":"user","content":"plain"},
        {"id":"u2","role":"user","content":[{"type":"text","text":"one"},{"type":"image","source":{"type":"url","value":"http://x/y.png"}},{"type":"text","text":"two"}]},
        {"role":"user","content":"no id"},
        {"id":"a1","role":"assistant","content":"Let me.","toolCalls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\"a\":1}"}},{"id":"c2","type":"function","function":{"name":"g","arguments":""}}]},
        {"id":"a2","role":"assistant"},
        {"id":"t1","role":"tool","toolCallId":"c1","content":"ok"},
        {"id":"t2","role":"tool","toolCallId":"c2","content":"","error":"boom"},
        {"id":"t3","role":"tool","toolCallId":"c3","content":"partial","error":"late"},
        {"id":"x1","role":"activity","activityType":"plan","content":{}},
        {"id":"r1","role":"reasoning","content":"hidden"},
        "not a message"
    ]})",
                               runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "reconcile 7", "ended stop"));
    ASSERT_EQ(o.snapshots.size(), 1u);
    const std::vector<Message>& m = o.snapshots[0];
    ASSERT_EQ(m.size(), 7u);
    EXPECT_EQ(m[0], Message("u1", Role::User, "plain"));
    EXPECT_EQ(m[1], Message("u2", Role::User, "one\ntwo"));
    Message a1("a1", Role::Assistant, "Let me.");
    a1.extras().toolCalls = {{"c1", "f", R"({"a":1})", false}, {"c2", "g", "", false}};
    EXPECT_EQ(m[2], a1);
    EXPECT_EQ(m[3], Message("a2", Role::Assistant, ""));
    Message t1("t1", Role::Tool, "ok");
    t1.extras().toolCallId = "c1";
    EXPECT_EQ(m[4], t1);
    Message t2("t2", Role::Tool, "boom");
    t2.extras().toolCallId = "c2";
    t2.isError = true;
    EXPECT_EQ(m[5], t2);
    Message t3("t3", Role::Tool, "partial");
    t3.extras().toolCallId = "c3";
    t3.isError = true;
    EXPECT_EQ(m[6], t3);

    EXPECT_EQ(run(sse({runStarted, R"({"type":"MESSAGES_SNAPSHOT"})"})).errorMessage,
              "The agent sent a MESSAGES_SNAPSHOT without a list of messages.");
    EXPECT_THAT(
        run(sse({runStarted, R"({"type":"MESSAGES_SNAPSHOT","messages":[]})", runFinished})).log,
        ElementsAre("started", "ended stop"));
}

// ---- handlers -----------------------------------------------------------------------------------

TEST(AgUiStream, CustomRawStepsAndActivityGoToTheHandlers)
{
    const Outcome o = run(sse(
        {runStarted, R"({"type":"STEP_STARTED","stepName":"plan"})",
         R"({"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"PLAN","content":{"x":1}})",
         R"({"type":"ACTIVITY_DELTA","messageId":"a","activityType":"PLAN","patch":[]})",
         R"({"type":"CUSTOM","name":"progress","value":{"pct":50}})",
         R"({"type":"CUSTOM","name":"bare"})", R"({"type":"CUSTOM","value":1})",
         R"({"type":"RAW","event":{"vendor":"x"},"source":"langgraph"})",
         R"({"type":"STEP_FINISHED","stepName":"plan"})", runFinished}));
    EXPECT_THAT(o.log, ElementsAre("started", "ended stop"));
    EXPECT_THAT(o.logged, ElementsAre("RUN_STARTED", "STEP_STARTED", "ACTIVITY_SNAPSHOT",
                                      "ACTIVITY_DELTA", "STEP_FINISHED"));
    EXPECT_THAT(o.customs,
                ElementsAre(R"(progress {"pct":50})", "bare null",
                            R"(raw {"event":{"vendor":"x"},"source":"langgraph","type":"RAW"})"));
    EXPECT_THAT(o.warnings, ElementsAre("a CUSTOM event without a name was skipped"));
}

TEST(AgUiStream, NoHandlersIsFine)
{
    AgUiStreamDecoder d(1, [](Input&&) {});
    d.feed(sse({runStarted, R"({"type":"CUSTOM","name":"x","value":1})",
                R"({"type":"STATE_SNAPSHOT","snapshot":{"a":1}})",
                R"({"type":"STEP_STARTED","stepName":"s"})", runFinished}));
    d.endOfStream();
    EXPECT_EQ(d.finishReason(), "stop");
    EXPECT_EQ(d.state(), (json{{"a", 1}}));
}

TEST(AgUiStream, AHandlerMayCancelTheDecoder)
{
    std::vector<std::string> log;
    std::unique_ptr<AgUiStreamDecoder> d;
    AgUiHandlers handlers;
    handlers.custom = [&](std::string_view, const json&) { d->cancel(); };
    d = std::make_unique<AgUiStreamDecoder>(
        1, [&](Input&& in) { log.push_back(describe(in)); }, Limits{}, json::object(),
        std::vector<std::string>{}, handlers);
    d->feed(sse({runStarted, R"({"type":"CUSTOM","name":"stop","value":1})", textStart("m1"),
                 runFinished}));
    d->endOfStream();
    EXPECT_THAT(log, ElementsAre("started"));
    EXPECT_TRUE(d->finished());
}

// ---- the end of a run: usage and interrupts -----------------------------------------------------

TEST(AgUiStream, UsageIsSummedOverItsEntries)
{
    const Outcome o = run(sse(
        {runStarted,
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","usage":[{"provider":"openai","model":"a","inputTokens":10,"outputTokens":5,"cachedInputTokens":2},{"model":"b","inputTokens":7,"outputTokens":3,"reasoningTokens":1,"totalTokens":11},{"inputTokens":-4,"outputTokens":1.5}]})"}));
    EXPECT_THAT(o.log, ElementsAre("started", "ended stop"));
    EXPECT_EQ(o.usage.promptTokens, 17);
    EXPECT_EQ(o.usage.completionTokens, 8);
    EXPECT_EQ(o.usage.totalTokens, 11); // as reported (only one entry said it)
    EXPECT_EQ(o.usage.cachedTokens, 2);
    EXPECT_EQ(o.usage.reasoningTokens, 1);
    // A total is computed when none is reported.
    const Outcome computed = run(sse(
        {runStarted,
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","usage":{"inputTokens":3,"outputTokens":4}})"}));
    EXPECT_EQ(computed.usage.totalTokens, 7);
}

TEST(AgUiStream, ToolCallInterruptsAskForApproval)
{
    Options setup;
    setup.frontendTools = {"local"};
    const Outcome o = run(
        sse({runStarted, callStart("c1", "delete_file"), callArgs("c1", R"({\"p\":1})"),
             callEnd("c1"),
             R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[
            {"id":"i1","reason":"tool_call","toolCallId":"c1","message":"Delete?"},
            {"id":"i2","reason":"tool_call","toolCallId":"c9","metadata":{"toolName":"send_mail","arguments":{"to":"a@b.c"}}},
            {"id":"i3","reason":"tool_call","metadata":{"toolName":7,"arguments":[1]}},
            {"id":"i4","reason":"tool_call","metadata":{"arguments":"{\"raw\":true}"}}
         ]}})"}),
        setup);
    EXPECT_THAT(o.log, ElementsAre("started", R"(call server c1 delete_file {"p":1})",
                                   R"(call approval c1 delete_file {"p":1})",
                                   R"(call approval c9 send_mail {"to":"a@b.c"})",
                                   "call approval i3 tool_call {}",
                                   R"(call approval i4 tool_call {"raw":true})", "ended stop"));
    ASSERT_EQ(o.interrupts.size(), 4u);
    EXPECT_EQ(o.interrupts[0], (AgUiInterrupt{"i1", "tool_call", "Delete?", "c1", "", ""}));
    EXPECT_EQ(o.interrupts[1].metadata, R"({"arguments":{"to":"a@b.c"},"toolName":"send_mail"})");
}

TEST(AgUiStream, OtherInterruptsAskTheUser)
{
    const Outcome o = run(sse(
        {runStarted,
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[
            {"id":"q1","reason":"input_required","message":"Your name?","responseSchema":{"type":"object","properties":{"name":{"type":"string"}}},"expiresAt":"2030-01-01T00:00:00Z"},
            {"id":"q2","reason":"langgraph:custom"}
         ]}})"}));
    EXPECT_THAT(
        o.log,
        ElementsAre(
            "started",
            R"(input q1 question agui "Your name?" {"properties":{"name":{"type":"string"}},"type":"object"})",
            R"(input q2 question agui "The agent needs your input." {"type":"object","properties":{}})",
            "ended stop"));
    // The schema an interrupt without one gets is a question's schema.
    EXPECT_EQ(checkQuestionSchema(R"({"type":"object","properties":{}})"), "");
    ASSERT_EQ(o.interrupts.size(), 2u);
    EXPECT_EQ(o.interrupts[0].responseSchema,
              R"({"properties":{"name":{"type":"string"}},"type":"object"})");
    EXPECT_EQ(o.interrupts[1].reason, "langgraph:custom");
}

TEST(AgUiStream, AFrontendCallAndAnInterruptEndWithToolCalls)
{
    Options setup;
    setup.frontendTools = {"pick"};
    const Outcome o = run(
        sse({runStarted, callStart("c1", "pick"), callEnd("c1"),
             R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[{"id":"q","reason":"confirmation","message":"Sure?"}]}})"}),
        setup);
    EXPECT_THAT(o.log,
                ElementsAre("started", "call client c1 pick {}",
                            R"(input q question agui "Sure?" {"type":"object","properties":{}})",
                            "ended tool_calls"));
}

TEST(AgUiStream, EarlierInterruptShapesAreRead)
{
    // The proposal's second draft: the outcome a string, the interrupts beside it (or alone).
    EXPECT_THAT(
        run(sse({runStarted,
                 R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":"interrupt","interrupts":[{"id":"a","reason":"input_required"}]})"}))
            .log,
        ElementsAre(
            "started",
            R"(input a question agui "The agent needs your input." {"type":"object","properties":{}})",
            "ended stop"));
    EXPECT_EQ(
        run(sse({runStarted,
                 R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","interrupts":[{"id":"b","reason":"x"}]})"}))
            .interrupts.size(),
        1u);
    // Its first: one `interrupt`, its id optional (the run's id stands in).
    const Outcome first = run(sse(
        {runStarted,
         R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":"interrupt","interrupt":{"reason":"human_approval","payload":{"x":1}}})"}));
    ASSERT_EQ(first.interrupts.size(), 1u);
    EXPECT_EQ(first.interrupts[0].id, "r1");
    // A success outcome has none, whatever lies beside it.
    EXPECT_TRUE(
        run(sse({runStarted,
                 R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"success"},"interrupts":[{"id":"b","reason":"x"}]})"}))
            .interrupts.empty());
}

TEST(AgUiStream, AnInterruptWithoutAnIdIsAProtocolError)
{
    EXPECT_EQ(
        run(sse({runStarted,
                 R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[{"reason":"input_required"}]}})"}))
            .errorMessage,
        "The agent interrupted its run with an interrupt that has no id.");
    EXPECT_EQ(
        run(sse({runStarted,
                 R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt"}})"}))
            .errorMessage,
        "The agent interrupted its run without a list of interrupts.");
}

// ---- limits and the end -------------------------------------------------------------------------

TEST(AgUiStream, AnEventPastTheLimitIsTooLarge)
{
    Options setup;
    setup.limits.maxEventBytes = 200;
    const Outcome o =
        run(sse({runStarted, textStart("m1"), textContent("m1", std::string(300, 'x'))}), setup);
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "failed too_large"));
}

TEST(AgUiStream, TextPastTheReplyBudgetIsTooLarge)
{
    Options setup;
    setup.limits.maxReplyBytes = 5;
    const Outcome o =
        run(sse({runStarted, textStart("m1"), textContent("m1", "abc"), textContent("m1", "def")}),
            setup);
    EXPECT_THAT(o.log, ElementsAre("started", "message m1", "text abc", "failed too_large"));
}

TEST(AgUiStream, NothingAfterCancel)
{
    std::vector<std::string> log;
    AgUiStreamDecoder d(1, [&](Input&& in) { log.push_back(describe(in)); });
    d.feed(sse({runStarted, textStart("m1")}));
    d.cancel();
    d.feed(sse({textContent("m1", "x"), textEnd("m1"), runFinished}));
    d.endOfStream();
    d.fail({"network", "reset", true, -1});
    EXPECT_THAT(log, ElementsAre("started", "message m1"));
}

TEST(AgUiStream, ANetworkFailureEndsItOnce)
{
    std::vector<std::string> log;
    AgUiStreamDecoder d(1, [&](Input&& in) { log.push_back(describe(in)); });
    d.feed(sse({runStarted, textStart("m1"), textContent("m1", "x")}));
    d.fail({"network", "reset", true, -1});
    d.endOfStream();
    EXPECT_THAT(log, ElementsAre("started", "message m1", "text x", "failed network (retryable)"));
}

TEST(AgUiStream, LongIdsAreCutInSentences)
{
    const std::string id = std::string(63, 'a') + "\xC3\xA9" + std::string(100, 'b');
    const Outcome o = run(sse({runStarted, textContent(id, "x")}));
    EXPECT_EQ(o.errorMessage, "The agent sent TEXT_MESSAGE_CONTENT for text message \"" +
                                  std::string(63, 'a') + "...\", which is not open.");
}

} // namespace
} // namespace koder::wire::test
