// SPDX-License-Identifier: MIT
// Tool calls: requested by the model, decided by the policies (approval.h) or the user (approve /
// deny, one or all, with a scope and edited arguments), run by the Qt layer, answered by their
// results, each with its audit record; and the tool phase between two steps.
#include "reduction.h"

#include "koder/agent/serialization.h"
#include "koder/agent/toolarguments.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace koder::agent::reduction {

namespace {
constexpr std::string_view deniedByPolicyText = "Denied by the tool's policy: it was not run.";

bool sameJson(const std::string& a, const std::string& b)
{
    if (a == b)
        return true;
    if (checkJson(a) != JsonProblem::None || checkJson(b) != JsonProblem::None)
        return false;
    return nlohmann::json::parse(a, nullptr, false) == nlohmann::json::parse(b, nullptr, false);
}

std::string deniedText(std::string_view reason)
{
    std::string text = "The user denied this tool call.";
    if (!reason.empty()) {
        text += " Reason: ";
        text += reason;
    }
    return text;
}
} // namespace

// ---- inputs -----------------------------------------------------------------------------------

void ToolInputs::operator()(const ToolCallRequested& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    if (e.runner != CallRunner::Client)
        return serverCall(e.call, e.runner);
    const std::size_t row = s_.turn->stepRow;
    ToolCall call = e.call;
    // A call needs an id unique in its turn to be approved and answered; mint one if the server
    // sent none or repeated one.
    if (call.id.empty() || hasCallId(call.id))
        call.id = env_.newId("call");
    const ToolInfo* tool = findTool(s_, call.name);
    call.readOnly = tool && tool->readOnly;
    Message& m = s_.conversation.messages[row];
    m.extras().toolCalls.push_back(call);
    changed(row, Field::ToolCalls);
    s_.turn->stepCalls.push_back(call);
    out_.events.emplace_back(ToolCallEvent{m.id, std::move(call)});
}

// A call the server runs is shown and never decided here; one it waits on a decision for joins
// the step's calls (decided like any, its decision goes back). A call already on a row (of an
// earlier run, or streamed before its interrupt) is updated where it stands.
void ToolInputs::serverCall(ToolCall call, CallRunner runner)
{
    Turn& turn = *s_.turn;
    if (call.id.empty())
        call.id = env_.newId("call");
    // The server's tool is not this side's tool of the same name: nothing of it is borrowed.
    call.readOnly = false;
    bool found = false;
    for (std::size_t row = s_.conversation.messages.size(); row-- > 0 && !found;) {
        Message& m = s_.conversation.messages[row];
        if (m.role != Role::Assistant || m.toolCalls().empty())
            continue;
        for (ToolCall& shown : m.extras().toolCalls) {
            if (shown.id != call.id)
                continue;
            found = true;
            if (shown != call) {
                // An interrupt keeps what the call streamed with when it says less.
                if (runner == CallRunner::ServerAfterApproval) {
                    if (call.arguments == "{}" && !shown.arguments.empty())
                        call.arguments = shown.arguments;
                    if (call.name == "tool_call" && !shown.name.empty())
                        call.name = shown.name;
                }
                shown = call;
                changed(row, Field::ToolCalls);
                persist(row);
            }
            break;
        }
    }
    if (!found) {
        Message& m = s_.conversation.messages[turn.stepRow];
        m.extras().toolCalls.push_back(call);
        // Marked on its row: a reload must not answer it as a call of this side left undecided.
        m.extras().metadata = withServerCall(m.metadata(), call.id);
        changed(turn.stepRow, Field::ToolCalls | Field::Metadata);
        out_.events.emplace_back(ToolCallEvent{m.id, call});
    }
    const auto inStep = std::find_if(turn.stepCalls.begin(), turn.stepCalls.end(),
                                     [&](const ToolCall& c) { return c.id == call.id; });
    if (inStep != turn.stepCalls.end())
        *inStep = call;
    if (runner != CallRunner::ServerAfterApproval)
        return;
    if (inStep == turn.stepCalls.end())
        turn.stepCalls.push_back(call);
    if (!isServerDecided(call.id))
        turn.serverDecides.push_back(call.id);
}

void ToolInputs::operator()(const ApproveToolCall& a)
{
    auto it = findPending(a.callId);
    if (it == s_.pendingToolCalls.end())
        return reject(RejectReason::UnknownToolCall, a.callId);
    if (a.arguments) {
        const ToolInfo* tool = findTool(s_, it->name);
        const std::string why = checkToolArguments(tool ? tool->parameters : "", *a.arguments);
        if (!why.empty())
            return reject(RejectReason::InvalidValue, "arguments: " + why);
    }
    approve(it, a.scope, a.arguments);
    redecidePending(); // a new grant may cover other calls; the phase goes on
}

void ToolInputs::operator()(const DenyToolCall& a)
{
    auto it = findPending(a.callId);
    if (it == s_.pendingToolCalls.end())
        return reject(RejectReason::UnknownToolCall, a.callId);
    deny(it, a.reason);
    redecidePending();
}

void ToolInputs::operator()(const ApproveAll& a)
{
    if (!s_.turn || s_.pendingToolCalls.empty())
        return reject(RejectReason::UnknownToolCall, "no tool call is pending");
    while (!s_.pendingToolCalls.empty())
        approve(s_.pendingToolCalls.begin(), a.scope, std::nullopt);
    redecidePending();
}

void ToolInputs::operator()(const DenyAll& a)
{
    if (!s_.turn || s_.pendingToolCalls.empty())
        return reject(RejectReason::UnknownToolCall, "no tool call is pending");
    while (!s_.pendingToolCalls.empty())
        deny(s_.pendingToolCalls.begin(), a.reason);
    redecidePending();
}

void ToolInputs::operator()(const ToolResult& e)
{
    if (!s_.turn)
        return dropped();
    auto& running = s_.turn->running;
    auto it = std::find(running.begin(), running.end(), e.callId);
    if (it == running.end())
        return dropped();
    running.erase(it);
    forgetProgress(e.callId);
    appendToolMessage(stepCall(e.callId), e.result, e.isError, false, takeDecision(e.callId),
                      e.metadata);
    settleToolPhase();
}

// The latest report replaces the one before; the row holding the call is read again (its
// toolCalls show the progress). Nothing is written or announced.
void ToolInputs::operator()(const ToolProgress& e)
{
    if (!s_.turn)
        return dropped();
    const auto& running = s_.turn->running;
    if (std::find(running.begin(), running.end(), e.callId) == running.end())
        return dropped();
    ToolCallProgressReport report{e.progress, e.total, e.message};
    auto& progress = s_.turn->progress;
    if (const auto it = progress.find(e.callId); it != progress.end()) {
        if (it->second == report)
            return;
        it->second = std::move(report);
    } else {
        progress.emplace(e.callId, std::move(report));
    }
    changed(s_.turn->stepRow, Field::ToolCalls);
}

void ToolInputs::approve(std::vector<ToolCall>::iterator it, ApprovalScope scope,
                         const std::optional<std::string>& arguments)
{
    ToolCall call = std::move(*it);
    s_.pendingToolCalls.erase(it);
    if (isServerDecided(call.id))
        return approveForServer(std::move(call), arguments);
    // Checked again when the user says yes: a call that waited across a restart may meet a
    // tool that is gone or a policy that denies it now (whatever order the app restored them
    // in), and neither lets it run.
    if (!findTool(s_, call.name))
        return answerUnknownTool(call);
    if (deniedByPolicy(call.name))
        return appendToolMessage(
            call, std::string(deniedByPolicyText), false, true,
            {call.id, Decision::Denied, ApprovalScope::Always, DecidedBy::Policy, 0, false, {}});
    Approval approval{call.id, Decision::Approved, scope, DecidedBy::User, 0, false, {}};
    if (arguments && !sameJson(*arguments, call.arguments)) {
        approval.argumentsEdited = true;
        approval.originalArguments = call.arguments;
        call.arguments = *arguments;
        recordArguments(call);
    }
    grant(call.name, scope);
    run(std::move(call), stamped(std::move(approval)));
}

// The server runs it: the user's yes (with edited arguments, shown on the row) goes back to it.
void ToolInputs::approveForServer(ToolCall call, const std::optional<std::string>& arguments)
{
    SettleApproval decision{call.id, true, {}, {}};
    if (arguments && !sameJson(*arguments, call.arguments)) {
        decision.arguments = *arguments;
        call.arguments = *arguments;
        recordArguments(call);
    }
    // No grant beyond this call (the scope is not used): the name is the server's word for its
    // own tool, and a conversation or "always" grant under it could let other calls through.
    out_.effects.emplace_back(std::move(decision));
}

// The history records what the user allowed, not what was asked for: the call's row (a server
// that opened rows of its own may have put it on an earlier row of the step) and the step.
void ToolInputs::recordArguments(const ToolCall& call)
{
    const std::size_t found = findCallRow(call.id);
    const std::size_t row = found != noRow ? found : s_.turn->stepRow;
    for (ToolCall& c : s_.conversation.messages[row].extras().toolCalls)
        if (c.id == call.id)
            c.arguments = call.arguments;
    for (ToolCall& c : s_.turn->stepCalls)
        if (c.id == call.id)
            c.arguments = call.arguments;
    changed(row, Field::ToolCalls);
    persist(row);
}

void ToolInputs::deny(std::vector<ToolCall>::iterator it, const std::string& reason)
{
    ToolCall call = std::move(*it);
    s_.pendingToolCalls.erase(it);
    if (isServerDecided(call.id)) {
        out_.effects.emplace_back(SettleApproval{call.id, false, reason, {}});
        return;
    }
    appendToolMessage(
        call, deniedText(reason), false, true,
        {call.id, Decision::Denied, ApprovalScope::Once, DecidedBy::User, 0, false, {}});
}

void ToolInputs::grant(const std::string& toolName, ApprovalScope scope)
{
    switch (scope) {
    case ApprovalScope::Once:
        break;
    case ApprovalScope::Conversation:
        if (std::find(s_.conversation.grantedTools.begin(), s_.conversation.grantedTools.end(),
                      toolName) == s_.conversation.grantedTools.end())
            s_.conversation.grantedTools.push_back(toolName);
        break;
    case ApprovalScope::Always:
        s_.settings.toolPolicies[toolName] = ToolPolicy::Allow;
        break;
    }
}

std::vector<ToolCall>::iterator ToolInputs::findPending(const std::string& callId)
{
    if (!s_.turn)
        return s_.pendingToolCalls.end();
    return std::find_if(s_.pendingToolCalls.begin(), s_.pendingToolCalls.end(),
                        [&](const ToolCall& c) { return c.id == callId; });
}

bool ToolInputs::hasCallId(const std::string& id) const
{
    if (std::any_of(s_.turn->stepCalls.begin(), s_.turn->stepCalls.end(),
                    [&](const ToolCall& c) { return c.id == id; }))
        return true;
    // A result the server already gave in this step (ServerToolResult) answers that id.
    const auto& rows = s_.conversation.messages;
    const std::size_t first =
        s_.turn->stepFirstRow == noRow ? s_.turn->stepRow : s_.turn->stepFirstRow;
    for (std::size_t row = first; row < rows.size(); ++row)
        if (rows[row].role == Role::Tool && rows[row].toolCallId() == id)
            return true;
    return false;
}

// ---- the tool phase ---------------------------------------------------------------------------

void Reduction::startToolPhase(std::size_t row)
{
    for (const ToolCall& call : s_.turn->stepCalls) {
        const ToolInfo* tool = findTool(s_, call.name);
        if (isServerDecided(call.id)) {
            if (!decideByPolicy(call))
                s_.pendingToolCalls.push_back(call);
        } else if (!tool)
            answerUnknownTool(call);
        else if (tool->asksUser)
            askUser(call);
        else if (!decideByPolicy(call))
            s_.pendingToolCalls.push_back(call);
    }
    if (!s_.pendingToolCalls.empty())
        announce(Announcement::Kind::ApprovalNeeded, Politeness::Assertive,
                 s_.conversation.messages[row].id);
    if (!s_.pendingInputs.empty())
        announce(Announcement::Kind::InputNeeded, Politeness::Assertive,
                 s_.conversation.messages[row].id);
    persist(row); // the request, what waits and what runs survive a restart
    settleToolPhase();
}

void Reduction::redecidePending(bool toolsChanged)
{
    const std::size_t end = s_.conversation.messages.size();
    const std::size_t before = s_.pendingToolCalls.size();
    std::vector<ToolCall> stillPending;
    for (ToolCall& call : std::exchange(s_.pendingToolCalls, {})) {
        // A tool that went with the tool list (its MCP server stopped) may come back: its call
        // waits, and approving it meanwhile answers it as unknown.
        if (toolsChanged && !findTool(s_, call.name))
            stillPending.push_back(std::move(call));
        else if (!decideByPolicy(call))
            stillPending.push_back(std::move(call));
    }
    s_.pendingToolCalls = std::move(stillPending);
    if (toolsChanged && s_.pendingToolCalls.size() == before)
        return;   // nothing decided: nothing to write, the phase stays as it is
    persist(end); // what waits now: a restart must not ask again
    settleToolPhase();
}

ToolCall Reduction::stepCall(const std::string& callId, const std::string& name) const
{
    const auto& calls = s_.turn->stepCalls;
    const auto it =
        std::find_if(calls.begin(), calls.end(), [&](const ToolCall& c) { return c.id == callId; });
    return it != calls.end() ? *it : ToolCall{callId, name, {}, false};
}

void Reduction::answerUnknownTool(const ToolCall& call)
{
    appendToolMessage(
        call, "Unknown tool \"" + call.name + "\": it was not run.", true, false,
        {call.id, Decision::Denied, ApprovalScope::Once, DecidedBy::Policy, 0, false, {}});
}

bool Reduction::decideByPolicy(const ToolCall& call)
{
    if (isServerDecided(call.id)) {
        // No tool runs here: the policies' verdict is the server's answer. The settings' policy
        // for the name and autoAccept decide; no tool of this side, nor its grants, lends it
        // anything (a local read-only tool of the same name does not make it read-only).
        PolicyVerdict v =
            decideCall(call, nullptr, s_.settings.autoAccept, s_.settings.toolPolicies, {});
        if (v.kind == PolicyVerdict::Kind::Ask)
            return false;
        const bool approved = v.kind == PolicyVerdict::Kind::Run;
        out_.effects.emplace_back(SettleApproval{
            call.id, approved, approved ? std::string() : std::string(deniedByPolicyText), {}});
        return true;
    }
    if (!findTool(s_, call.name)) { // gone since the call was asked (tools changed, a reload)
        answerUnknownTool(call);
        return true;
    }
    PolicyVerdict v = verdict(call);
    switch (v.kind) {
    case PolicyVerdict::Kind::Run:
        run(call, stamped(std::move(v.approval)));
        return true;
    case PolicyVerdict::Kind::Deny:
        appendToolMessage(call, std::string(deniedByPolicyText), false, true,
                          std::move(v.approval));
        return true;
    case PolicyVerdict::Kind::Ask:
        break;
    }
    return false;
}

void Reduction::settleToolPhase()
{
    if (!s_.pendingToolCalls.empty())
        s_.status = Status::ReviewingToolCall;
    else if (!s_.pendingInputs.empty())
        s_.status = Status::AwaitingInput;
    else if (!s_.turn->running.empty())
        s_.status = Status::RunningTool;
    else
        startNextStep();
}

PolicyVerdict Reduction::verdict(const ToolCall& call) const
{
    return decideCall(call, findTool(s_, call.name), s_.settings.autoAccept,
                      s_.settings.toolPolicies, s_.conversation.grantedTools);
}

Approval Reduction::stamped(Approval approval) const
{
    approval.at = env_.now ? env_.now() : 0;
    return approval;
}

void Reduction::run(ToolCall call, Approval approval)
{
    s_.turn->running.push_back(call.id);
    s_.turn->decided.push_back(std::move(approval));
    out_.effects.emplace_back(ExecuteTool{std::move(call)});
}

Approval Reduction::takeDecision(const std::string& callId)
{
    auto& decided = s_.turn->decided;
    const auto it = std::find_if(decided.begin(), decided.end(),
                                 [&](const Approval& a) { return a.callId == callId; });
    if (it == decided.end())
        return {callId, Decision::Auto, ApprovalScope::Once, DecidedBy::Policy, 0, false, {}};
    Approval approval = std::move(*it);
    decided.erase(it);
    return approval;
}

void Reduction::appendToolMessage(const ToolCall& call, std::string text, bool isError, bool denied,
                                  Approval approval, std::string_view metadata)
{
    Message m = newMessage(Role::Tool, std::move(text));
    m.extras().toolCallId = call.id;
    m.extras().toolName = call.name;
    if (approval.at == 0)
        approval = stamped(std::move(approval));
    approval.callId = call.id;
    m.extras().metadata = withApproval(metadata, approval);
    m.isError = isError;
    m.denied = denied;
    persist(append(std::move(m)));
}

void Reduction::recordUnansweredCalls(std::string_view notDecided, std::string_view notCompleted,
                                      DecidedBy pendingBy, InputDecision inputs)
{
    cancelExternalInputs(); // their askers hear "cancelled", whatever the tool questions get
    while (!s_.pendingInputs.empty())
        decideInput(0, inputs, {});
    Turn& turn = *s_.turn;
    for (const ToolCall& call : turn.stepCalls) {
        const bool pending = std::any_of(s_.pendingToolCalls.begin(), s_.pendingToolCalls.end(),
                                         [&](const ToolCall& c) { return c.id == call.id; });
        const bool running =
            std::find(turn.running.begin(), turn.running.end(), call.id) != turn.running.end();
        // A call its server waits on gets no tool message: the server hears of it (its next run
        // says the interrupt was cancelled) and answers it, or not, itself.
        if (pending && !isServerDecided(call.id))
            appendToolMessage(
                call, std::string(notDecided), false, true,
                {call.id, Decision::Denied, ApprovalScope::Once, pendingBy, 0, false, {}});
        else if (running)
            appendToolMessage(call, std::string(notCompleted), true, false, takeDecision(call.id));
    }
    s_.pendingToolCalls.clear();
}

bool Reduction::isServerDecided(const std::string& callId) const
{
    if (!s_.turn)
        return false;
    const auto& ids = s_.turn->serverDecides;
    return std::find(ids.begin(), ids.end(), callId) != ids.end();
}

std::size_t Reduction::findCallRow(const std::string& callId) const
{
    const auto& rows = s_.conversation.messages;
    for (std::size_t row = rows.size(); row-- > 0;)
        for (const ToolCall& c : rows[row].toolCalls())
            if (c.id == callId)
                return row;
    return noRow;
}

void Reduction::clearProgress()
{
    if (!s_.turn || s_.turn->progress.empty())
        return;
    s_.turn->progress.clear();
    changed(s_.turn->stepRow, Field::ToolCalls);
}

void Reduction::forgetProgress(const std::string& callId)
{
    if (s_.turn && s_.turn->progress.erase(callId) != 0)
        changed(s_.turn->stepRow, Field::ToolCalls);
}

} // namespace koder::agent::reduction
