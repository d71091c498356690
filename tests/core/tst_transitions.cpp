// SPDX-License-Identifier: MIT
// Every action and transport event in every status: the resulting status and effects, or the
// rejection. One row per input; one column per starting status.
#include "driver.h"

#include "koder/agent/overloaded.h"

#include <functional>
#include <map>

namespace koder::agent::test {
namespace {

// A question from outside a tool call, with the schema of ask_user's (options "a" and "b").
PendingInput externalQuestion(std::string id, std::string callId = {})
{
    PendingInput input;
    input.id = std::move(id);
    input.message = "Which?";
    input.schema = R"({"type":"object","properties":{"answer":{"type":"string","enum":["a","b"]}},)"
                   R"("required":["answer"]})";
    input.source = "mcp";
    input.callId = std::move(callId);
    return input;
}

// The starting statuses, each reached the way a user would reach it. Every history starts
// with a checkpoint and one finished exchange, so the inputs have something to point at.
const std::vector<std::pair<std::string, std::function<void(Driver&)>>>& setups()
{
    static const std::vector<std::pair<std::string, std::function<void(Driver&)>>> all{
        {"idle", [](Driver&) {}},
        {"streaming",
         [](Driver& d) {
             d.send("q2");
             d.token("par");
         }},
        {"reviewing",
         [](Driver& d) {
             d.send("q2");
             d.call("c1", "write_file");
             d.end("tool_calls");
         }},
        {"running",
         [](Driver& d) {
             d.send("q2");
             d.call("c1", "write_file");
             d.end("tool_calls");
             d.dispatch(ApproveToolCall{"c1"});
         }},
        {"awaitingInput",
         [](Driver& d) {
             d.s.settings.tools.push_back({"ask_user", true, {}, true});
             d.send("q2");
             d.call("c1", "ask_user", R"({"question":"Which?","options":["a","b"]})");
             d.end("tool_calls");
         }},
        // A running tool's question from outside (an MCP server's elicitation).
        {"external",
         [](Driver& d) {
             d.send("q2");
             d.call("c1", "write_file");
             d.end("tool_calls");
             d.dispatch(ApproveToolCall{"c1"});
             d.dispatch(RequestInput{externalQuestion("e1", "c1")});
         }},
        {"error",
         [](Driver& d) {
             d.send("q2");
             d.fail({"transport", "gone", true, -1});
         }},
        {"interrupted",
         [](Driver& d) {
             d.send("q2");
             d.dispatch(Abort{});
         }},
        {"handoff",
         [](Driver& d) {
             d.send("q2");
             d.dispatch(Handoff{d.request(), "human"});
         }},
    };
    return all;
}

using MakeInput = std::function<Input(Driver&)>;

const std::string& firstUser(Driver& d)
{
    return d.s.conversation.messages[1].id;
}

// The question waiting, or an id no question has.
std::string questionId(Driver& d)
{
    return d.s.pendingInputs.empty() ? std::string("input-none") : d.s.pendingInputs[0].id;
}

const std::vector<std::pair<std::string, MakeInput>>& inputs()
{
    static const std::vector<std::pair<std::string, MakeInput>> all{
        {"send",
         [](Driver&) -> Input {
             return Send{"hi", {}};
         }},
        {"sendQueue",
         [](Driver& d) -> Input {
             d.s.settings.busyPolicy = BusyPolicy::Queue;
             return Send{"later", {}};
         }},
        {"sendInterrupt",
         [](Driver& d) -> Input {
             d.s.settings.busyPolicy = BusyPolicy::Interrupt;
             return Send{"instead", {}};
         }},
        {"sendSteer",
         [](Driver& d) -> Input {
             d.s.settings.busyPolicy = BusyPolicy::Steer;
             return Send{"also", {}};
         }},
        {"sendQueued",
         [](Driver& d) -> Input {
             d.s.conversation.queued.push_back({"q9", "waiting", ""});
             return SendQueued{};
         }},
        {"cancelQueued",
         [](Driver& d) -> Input {
             d.s.conversation.queued.push_back({"q9", "waiting", ""});
             return CancelQueued{"q9"};
         }},
        {"busyPolicy", [](Driver&) -> Input { return SetBusyPolicy{BusyPolicy::Steer}; }},
        {"regenerate", [](Driver& d) -> Input { return Regenerate{firstUser(d)}; }},
        {"edit",
         [](Driver& d) -> Input {
             return Edit{firstUser(d), "changed"};
         }},
        {"branch", [](Driver& d) -> Input { return Branch{firstUser(d)}; }},
        {"switchVersion",
         [](Driver& d) -> Input {
             return SwitchVersion{firstUser(d), 0};
         }},
        {"abort", [](Driver&) -> Input { return Abort{}; }},
        {"clear", [](Driver&) -> Input { return Clear{}; }},
        {"delete", [](Driver&) -> Input { return DeleteConversation{}; }},
        {"approve", [](Driver&) -> Input { return ApproveToolCall{"c1"}; }},
        {"deny",
         [](Driver&) -> Input {
             return DenyToolCall{"c1", "no"};
         }},
        {"approveEdited",
         [](Driver&) -> Input {
             return ApproveToolCall{"c1", ApprovalScope::Conversation, "{\"path\":\"b\"}"};
         }},
        {"approveAll", [](Driver&) -> Input { return ApproveAll{ApprovalScope::Once}; }},
        {"denyAll", [](Driver&) -> Input { return DenyAll{"no"}; }},
        // Questions: the waiting one answered (well, or not as its schema says), declined,
        // dismissed.
        {"answerInput",
         [](Driver& d) -> Input {
             return AnswerInput{questionId(d), R"({"answer":"a"})"};
         }},
        {"answerInputInvalid",
         [](Driver& d) -> Input {
             return AnswerInput{questionId(d), R"({"answer":"c"})"};
         }},
        {"declineInput", [](Driver& d) -> Input { return DeclineInput{questionId(d)}; }},
        {"cancelInput", [](Driver& d) -> Input { return CancelInput{questionId(d)}; }},
        {"addUserMessage", [](Driver&) -> Input { return AddUserMessage{"note"}; }},
        {"addMessages",
         [](Driver&) -> Input { return AddMessages{{Message("x", Role::Assistant, "t")}}; }},
        {"setMessages",
         [](Driver&) -> Input { return SetMessages{{Message("x", Role::User, "t")}}; }},
        {"reset", [](Driver&) -> Input { return Reset{}; }},
        {"autoAcceptAlways", [](Driver&) -> Input { return SetAutoAccept{AutoAccept::Always}; }},
        {"toolPoliciesDeny",
         [](Driver&) -> Input {
             return SetToolPolicies{{{"write_file", ToolPolicy::Deny}}};
         }},
        {"systemPrompt", [](Driver&) -> Input { return SetSystemPrompt{"sys"}; }},
        {"tools",
         [](Driver&) -> Input {
             return SetTools{{{"read_file", true}}};
         }},
        {"maxSteps0", [](Driver&) -> Input { return SetMaxSteps{0}; }},
        {"maxRetries", [](Driver&) -> Input { return SetMaxRetries{2}; }},
        {"addCheckpoint", [](Driver&) -> Input { return AddCheckpoint{"{}"}; }},
        {"restoreCheckpoint",
         [](Driver& d) -> Input { return RestoreCheckpoint{d.s.conversation.messages[0].id}; }},
        // Opening conversations: another one, the one shown, one whose turn runs in the
        // background, another one while the background is full.
        {"open", [](Driver&) -> Input { return OpenConversation{"other"}; }},
        {"reopen", [](Driver& d) -> Input { return OpenConversation{d.s.conversation.id}; }},
        {"openBackground",
         [](Driver& d) -> Input {
             d.s.background = {"bg"};
             return OpenConversation{"bg"};
         }},
        {"openBackgroundNoRoom",
         [](Driver& d) -> Input {
             d.s.settings.maxBackgroundTurns = 0; // lowered while "bg" ran on
             d.s.background = {"bg"};
             return OpenConversation{"bg"};
         }},
        {"openBackgroundFull",
         [](Driver& d) -> Input {
             d.s.settings.maxBackgroundTurns = 1;
             d.s.background = {"bg"};
             return OpenConversation{"other"};
         }},
        {"sendBackgroundFull",
         [](Driver& d) -> Input {
             d.s.settings.maxBackgroundTurns = 2;
             d.s.background = {"b1", "b2"};
             return Send{"one more", {}};
         }},
        {"regenerateBackgroundFull",
         [](Driver& d) -> Input {
             d.s.settings.maxBackgroundTurns = 1;
             d.s.background = {"b1"};
             return Regenerate{firstUser(d)};
         }},
        {"resetNoBackground",
         [](Driver& d) -> Input {
             d.s.settings.maxBackgroundTurns = 0;
             return Reset{};
         }},
        {"backgroundEnded",
         [](Driver& d) -> Input {
             d.s.background = {"bg"};
             return BackgroundEnded{"bg"};
         }},
        {"maxBackgroundTurns", [](Driver&) -> Input { return SetMaxBackgroundTurns{-1}; }},
        {"switch",
         [](Driver&) -> Input {
             return SwitchConversation{"other", {Message("o", Role::User, "t")}, {}};
         }},
        {"streamStarted", [](Driver& d) -> Input { return StreamStarted{d.request()}; }},
        {"textDelta",
         [](Driver& d) -> Input {
             return TextDelta{d.request(), "x"};
         }},
        {"staleTextDelta",
         [](Driver&) -> Input {
             return TextDelta{1, "late"};
         }},
        {"reasoningDelta",
         [](Driver& d) -> Input {
             return ReasoningDelta{d.request(), "r"};
         }},
        {"toolCallRequested",
         [](Driver& d) -> Input {
             return ToolCallRequested{d.request(), {"c9", "read_file", "{}", false}};
         }},
        {"streamEnded",
         [](Driver& d) -> Input {
             return StreamEnded{d.request(), "stop"};
         }},
        // The server ends the turn while it waits for tools (its last request, none streaming).
        {"turnFailedAfterStep",
         [](Driver& d) -> Input {
             return StreamFailed{d.s.turn ? d.s.turn->lastRequestId : 1,
                                 {"tool_timeout", "late", false, -1}};
         }},
        {"streamFailed",
         [](Driver& d) -> Input {
             return StreamFailed{d.request(), {"x", "y", false, -1}, ErrorVerdict::Default};
         }},
        {"handoff",
         [](Driver& d) -> Input {
             return Handoff{d.request(), "human"};
         }},
        {"toolResult",
         [](Driver&) -> Input {
             return ToolResult{"c1", "ok", false};
         }},
        {"toolProgress",
         [](Driver&) -> Input {
             return ToolProgress{"c1", 1, 2, "half"};
         }},
        // Questions from outside a tool call: asked (well, or with a schema the core refuses, or
        // for a call that does not run), and withdrawn by their asker.
        {"requestInput", [](Driver&) -> Input { return RequestInput{externalQuestion("e2")}; }},
        {"requestInputBadSchema",
         [](Driver&) -> Input {
             PendingInput input = externalQuestion("e2");
             input.schema = R"({"type":"object","properties":{"a":{"type":"object"}}})";
             return RequestInput{std::move(input)};
         }},
        {"requestInputOtherCall",
         [](Driver&) -> Input { return RequestInput{externalQuestion("e2", "c7")}; }},
        {"withdrawInput", [](Driver&) -> Input { return WithdrawInput{"e1"}; }},
        // What a server that drives its own loop (AG-UI) reports.
        {"messageStarted",
         [](Driver& d) -> Input {
             return MessageStarted{d.request(), "msg-server"};
         }},
        {"serverCall",
         [](Driver& d) -> Input {
             return ToolCallRequested{
                 d.request(), {"s1", "remote", "{}", false}, CallRunner::Server};
         }},
        {"serverCallAfterApproval",
         [](Driver& d) -> Input {
             return ToolCallRequested{
                 d.request(), {"s1", "remote", "{}", false}, CallRunner::ServerAfterApproval};
         }},
        {"serverToolResult",
         [](Driver& d) -> Input {
             return ServerToolResult{d.request(), "s1", "msg-r", "done"};
         }},
        {"reconcileMessages",
         [](Driver& d) -> Input {
             return ReconcileMessages{d.request(),
                                      {Message("msg-extra", Role::Assistant, "From the server.")}};
         }},
        {"serverActivity",
         [](Driver& d) -> Input {
             return ServerActivity{d.request(), "stepStarted", "plan"};
         }},
    };
    return all;
}

//! [core-visit-effect]
std::string effectName(const Effect& e)
{
    return std::visit(overloaded{
                          [](const StartTurn&) { return "Start"; },
                          [](const CancelTurn&) { return "Cancel"; },
                          [](const ExecuteTool&) { return "Exec"; },
                          [](const Persist&) { return "Persist"; },
                          [](const ForkConversation&) { return "Fork"; },
                          [](const DeleteStoredConversation&) { return "Delete"; },
                          [](const LeaveRunning&) { return "Leave"; },
                          [](const ShowBackground&) { return "Show"; },
                          [](const LoadConversation&) { return "Load"; },
                          [](const SettleInput&) { return "Settle"; },
                          [](const SettleApproval&) { return "SettleApproval"; },
                      },
                      e);
}
//! [core-visit-effect]

// "!reason" for a rejection; else the new status, the effects in order and the lifecycle events,
// e.g. "streaming Cancel+Start /aborted,streamStart". A dropped event shows the status alone.
std::string describeOutcome(const Outcome& out, const State& s)
{
    if (out.rejected())
        return "!" + std::string(toString(out.rejection->reason));
    std::string r(toString(s.status));
    for (std::size_t i = 0; i < out.effects.size(); ++i)
        r += (i == 0 ? " " : "+") + effectName(out.effects[i]);
    for (std::size_t i = 0; i < out.events.size(); ++i)
        r += (i == 0 ? " /" : ",") + std::string(eventName(out.events[i]));
    if (out.effects.empty() && out.events.empty() && !out.changes.empty())
        r += " ~"; // the list changed, nothing else happened
    return r;
}

// Expected outcome per input, columns in the order of setups():
// idle | streaming | reviewing | running | awaitingInput | external | error | interrupted | handoff
const std::map<std::string, std::vector<std::string>>& expected()
{
    static const std::map<std::string, std::vector<std::string>> table{
        // clang-format off
        {"send", {"streaming Start+Persist /userMessage,streamStart", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart"}},
        {"sendQueue", {"streaming Start+Persist /userMessage,streamStart", "streaming Persist", "reviewingToolCall Persist", "runningTool Persist", "awaitingInput Persist", "awaitingInput Persist", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart"}},
        {"sendInterrupt", {"streaming Start+Persist /userMessage,streamStart", "streaming Cancel+Persist+Start /aborted,userMessage,streamStart", "streaming Cancel+Persist+Start /aborted,userMessage,streamStart", "streaming Cancel+Persist+Start /aborted,userMessage,streamStart", "streaming Cancel+Persist+Start /aborted,userMessage,streamStart", "streaming Cancel+Settle+Persist+Start /aborted,userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart"}},
        {"sendSteer", {"streaming Start+Persist /userMessage,streamStart", "streaming Cancel+Start+Persist /userMessage", "streaming Cancel+Persist+Start /userMessage", "streaming Cancel+Persist+Start /userMessage", "streaming Cancel+Persist+Start /userMessage", "streaming Settle+Cancel+Persist+Start /userMessage", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart"}},
        {"sendQueued", {"streaming Start+Persist /userMessage,streamStart", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart", "streaming Start+Persist /userMessage,streamStart"}},
        {"cancelQueued", {"idle Persist", "streaming Persist", "reviewingToolCall Persist", "runningTool Persist", "awaitingInput Persist", "awaitingInput Persist", "error Persist", "interrupted Persist", "handoff Persist"}},
        {"busyPolicy", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"regenerate", {"streaming Persist+Start /streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Settle+Persist+Start /aborted,streamStart", "streaming Persist+Start /streamStart", "streaming Persist+Start /streamStart", "streaming Persist+Start /streamStart"}},
        {"edit", {"streaming Persist+Start /streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Settle+Persist+Start /aborted,streamStart", "streaming Persist+Start /streamStart", "streaming Persist+Start /streamStart", "streaming Persist+Start /streamStart"}},
        {"branch", {"idle Fork", "streaming Fork", "reviewingToolCall Fork", "runningTool Fork", "awaitingInput Fork", "awaitingInput Fork", "error Fork", "interrupted Fork", "handoff Fork"}},
        {"switchVersion", {"idle", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "error", "interrupted", "handoff"}},
        {"abort", {"!noTurn", "interrupted Cancel+Persist /aborted", "interrupted Cancel+Persist /aborted", "interrupted Cancel+Persist /aborted", "interrupted Cancel+Persist /aborted", "interrupted Cancel+Settle+Persist /aborted", "!noTurn", "!noTurn", "!noTurn"}},
        {"clear", {"idle ~", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel+Settle /aborted", "idle ~", "idle ~", "idle ~"}},
        {"delete", {"idle Delete", "idle Cancel+Delete /aborted", "idle Cancel+Delete /aborted", "idle Cancel+Delete /aborted", "idle Cancel+Delete /aborted", "idle Cancel+Settle+Delete /aborted", "idle Delete", "idle Delete", "idle Delete"}},
        {"approve", {"!unknownToolCall", "!unknownToolCall", "runningTool Exec+Persist", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall"}},
        {"deny", {"!unknownToolCall", "!unknownToolCall", "streaming Persist+Start", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall"}},
        {"approveEdited", {"!unknownToolCall", "!unknownToolCall", "runningTool Persist+Exec", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall"}},
        {"approveAll", {"!unknownToolCall", "!unknownToolCall", "runningTool Exec+Persist", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall"}},
        {"denyAll", {"!unknownToolCall", "!unknownToolCall", "streaming Persist+Start", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall", "!unknownToolCall"}},
        {"answerInput", {"!unknownInput", "!unknownInput", "!unknownInput", "!unknownInput", "streaming Persist+Start", "runningTool Settle", "!unknownInput", "!unknownInput", "!unknownInput"}},
        {"answerInputInvalid", {"!unknownInput", "!unknownInput", "!unknownInput", "!unknownInput", "!invalidValue", "!invalidValue", "!unknownInput", "!unknownInput", "!unknownInput"}},
        {"declineInput", {"!unknownInput", "!unknownInput", "!unknownInput", "!unknownInput", "streaming Persist+Start", "runningTool Settle", "!unknownInput", "!unknownInput", "!unknownInput"}},
        {"cancelInput", {"!unknownInput", "!unknownInput", "!unknownInput", "!unknownInput", "streaming Persist+Start", "runningTool Settle", "!unknownInput", "!unknownInput", "!unknownInput"}},
        {"addUserMessage", {"idle Persist", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "error Persist", "interrupted Persist", "handoff Persist"}},
        {"addMessages", {"idle Persist", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "error Persist", "interrupted Persist", "handoff Persist"}},
        {"setMessages", {"idle Persist", "idle Cancel+Persist /aborted", "idle Cancel+Persist /aborted", "idle Cancel+Persist /aborted", "idle Cancel+Persist /aborted", "idle Cancel+Settle+Persist /aborted", "idle Persist", "idle Persist", "idle Persist"}},
        {"reset", {"idle ~", "streaming Leave", "reviewingToolCall Leave", "runningTool Leave", "awaitingInput Leave", "runningTool Settle+Leave", "idle ~", "idle ~", "idle ~"}},
        {"autoAcceptAlways", {"idle", "streaming", "runningTool Exec+Persist", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"toolPoliciesDeny", {"idle", "streaming", "streaming Persist+Start", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"systemPrompt", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"tools", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"maxSteps0", {"!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue"}},
        {"maxRetries", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"addCheckpoint", {"idle Persist", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "error Persist", "interrupted Persist", "handoff Persist"}},
        {"restoreCheckpoint", {"idle Persist /checkpointRestored", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "error Persist /checkpointRestored", "interrupted Persist /checkpointRestored", "handoff Persist /checkpointRestored"}},
        {"open", {"idle Load", "streaming Leave+Load", "reviewingToolCall Leave+Load", "runningTool Leave+Load", "awaitingInput Leave+Load", "runningTool Settle+Leave+Load", "error Load", "interrupted Load", "handoff Load"}},
        {"reopen", {"idle Load", "streaming Load", "reviewingToolCall Load", "runningTool Load", "awaitingInput Load", "awaitingInput Load", "error Load", "interrupted Load", "handoff Load"}},
        {"openBackground", {"idle Show", "streaming Show", "reviewingToolCall Show", "runningTool Show", "awaitingInput Show", "runningTool Settle+Show", "error Show", "interrupted Show", "handoff Show"}},
        {"openBackgroundNoRoom", {"idle Show", "interrupted Cancel+Persist+Show /aborted", "interrupted Cancel+Persist+Show /aborted", "interrupted Cancel+Persist+Show /aborted", "interrupted Cancel+Persist+Show /aborted", "interrupted Cancel+Settle+Persist+Show /aborted", "error Show", "interrupted Show", "handoff Show"}},
        {"openBackgroundFull", {"idle Load", "streaming Load", "reviewingToolCall Load", "runningTool Load", "awaitingInput Load", "awaitingInput Load", "error Load", "interrupted Load", "handoff Load"}},
        {"sendBackgroundFull", {"!tooManyTurns", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!turnInProgress", "!tooManyTurns", "!tooManyTurns", "!tooManyTurns"}},
        {"regenerateBackgroundFull", {"!tooManyTurns", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Persist+Start /aborted,streamStart", "streaming Cancel+Settle+Persist+Start /aborted,streamStart", "!tooManyTurns", "!tooManyTurns", "!tooManyTurns"}},
        {"resetNoBackground", {"idle ~", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel+Settle /aborted", "idle ~", "idle ~", "idle ~"}},
        {"backgroundEnded", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"maxBackgroundTurns", {"!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue"}},
        {"switch", {"idle ~", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel /aborted", "idle Cancel+Settle /aborted", "idle ~", "idle ~", "idle ~"}},
        {"streamStarted", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"textDelta", {"idle", "streaming /streamToken", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"staleTextDelta", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"reasoningDelta", {"idle", "streaming ~", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"toolCallRequested", {"idle", "streaming /toolCall", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"streamEnded", {"idle", "idle Persist /stepFinish,streamEnd", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"turnFailedAfterStep", {"idle", "error Persist /error", "error Cancel+Persist /error", "error Cancel+Persist /error", "error Cancel+Persist /error", "error Cancel+Settle+Persist /error", "error", "interrupted", "handoff"}},
        {"streamFailed", {"idle", "error Persist /error", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"handoff", {"idle", "handoff Persist /streamEnd", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"toolResult", {"idle", "streaming", "reviewingToolCall", "streaming Persist+Start", "awaitingInput", "awaitingInput Persist", "error", "interrupted", "handoff"}},
        {"toolProgress", {"idle", "streaming", "reviewingToolCall", "runningTool ~", "awaitingInput", "awaitingInput ~", "error", "interrupted", "handoff"}},
        {"requestInput", {"!noTurn", "streaming", "reviewingToolCall", "awaitingInput", "awaitingInput", "awaitingInput", "!noTurn", "!noTurn", "!noTurn"}},
        {"requestInputBadSchema", {"!noTurn", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!noTurn", "!noTurn", "!noTurn"}},
        {"requestInputOtherCall", {"!noTurn", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!invalidValue", "!noTurn", "!noTurn", "!noTurn"}},
        {"withdrawInput", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "runningTool", "error", "interrupted", "handoff"}},
        {"messageStarted", {"idle", "streaming Persist", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"serverCall", {"idle", "streaming /toolCall", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"serverCallAfterApproval", {"idle", "streaming /toolCall", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"serverToolResult", {"idle", "streaming Persist", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"reconcileMessages", {"idle", "streaming Persist", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        {"serverActivity", {"idle", "streaming", "reviewingToolCall", "runningTool", "awaitingInput", "awaitingInput", "error", "interrupted", "handoff"}},
        // clang-format on
    };
    return table;
}

TEST(Transitions, EveryInputInEveryStatus)
{
    std::string actualTable;
    bool mismatch = false;
    for (const auto& [inputName, make] : inputs()) {
        std::vector<std::string> row;
        for (const auto& [statusName, setup] : setups()) {
            Driver d;
            d.dispatch(AddCheckpoint{"{\"v\":1}"});
            d.exchange("q1", "a1");
            setup(d);
            ASSERT_EQ(toString(d.s.status), statusName == "reviewing"  ? "reviewingToolCall"
                                            : statusName == "running"  ? "runningTool"
                                            : statusName == "external" ? "awaitingInput"
                                                                       : statusName);
            const Input input = make(d);
            d.dispatch(input);
            row.push_back(describeOutcome(d.out, d.s));
        }
        std::string line = "        {\"" + inputName + "\", {";
        for (std::size_t i = 0; i < row.size(); ++i)
            line += (i ? ", \"" : "\"") + row[i] + "\"";
        actualTable += line + "}},\n";
        auto it = expected().find(inputName);
        if (it == expected().end() || it->second != row) {
            mismatch = true;
            ADD_FAILURE() << "input " << inputName << ": got " << line;
        }
    }
    EXPECT_EQ(expected().size(), inputs().size());
    if (mismatch)
        std::cout << "Actual table:\n" << actualTable;
}

} // namespace
} // namespace koder::agent::test
