// SPDX-License-Identifier: MIT
// Tool calls: requested by the model, decided by the auto-accept policy or the user (approve /
// deny), run by the Qt layer, answered by their results; and the tool phase between two steps.
#include "reduction.h"

#include <algorithm>
#include <utility>

namespace koder::agent::reduction {

namespace {
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
    const std::size_t row = s_.turn->stepRow;
    ToolCall call = e.call;
    // A call needs an id unique in its turn to be approved and answered; mint one if the server
    // sent none or repeated one.
    if (call.id.empty() || hasCallId(call.id))
        call.id = env_.newId("call");
    const ToolInfo* tool = findTool(s_, call.name);
    call.readOnly = tool && tool->readOnly;
    Message& m = s_.messages[row];
    m.extras().toolCalls.push_back(call);
    changed(row, Field::ToolCalls);
    s_.turn->stepCalls.push_back(call);
    out_.events.emplace_back(ToolCallEvent{m.id, std::move(call)});
}

void ToolInputs::operator()(const ApproveToolCall& a)
{
    auto it = findPending(a.callId);
    if (it == s_.pendingToolCalls.end())
        return reject(RejectReason::UnknownToolCall, a.callId);
    ToolCall call = std::move(*it);
    s_.pendingToolCalls.erase(it);
    run(std::move(call));
    settleToolPhase();
}

void ToolInputs::operator()(const DenyToolCall& a)
{
    auto it = findPending(a.callId);
    if (it == s_.pendingToolCalls.end())
        return reject(RejectReason::UnknownToolCall, a.callId);
    ToolCall call = std::move(*it);
    s_.pendingToolCalls.erase(it);
    appendToolMessage(call, deniedText(a.reason), false, true);
    settleToolPhase();
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
    const auto& calls = s_.turn->stepCalls;
    auto call = std::find_if(calls.begin(), calls.end(),
                             [&](const ToolCall& c) { return c.id == e.callId; });
    appendToolMessage(call != calls.end() ? *call : ToolCall{e.callId, {}, {}, false}, e.result,
                      e.isError, false);
    settleToolPhase();
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
    return std::any_of(s_.turn->stepCalls.begin(), s_.turn->stepCalls.end(),
                       [&](const ToolCall& c) { return c.id == id; });
}

// ---- the tool phase ---------------------------------------------------------------------------

void Reduction::startToolPhase(std::size_t row)
{
    for (const ToolCall& call : s_.turn->stepCalls) {
        if (!findTool(s_, call.name))
            appendToolMessage(call, "Unknown tool \"" + call.name + "\": it was not run.", true,
                              false);
        else if (accepts(call))
            run(call);
        else
            s_.pendingToolCalls.push_back(call);
    }
    if (!s_.pendingToolCalls.empty())
        announce(Announcement::Kind::ApprovalNeeded, Politeness::Assertive, s_.messages[row].id);
    settleToolPhase();
}

void Reduction::runAcceptedPending()
{
    std::vector<ToolCall> stillPending;
    for (ToolCall& call : s_.pendingToolCalls) {
        if (accepts(call))
            run(std::move(call));
        else
            stillPending.push_back(std::move(call));
    }
    s_.pendingToolCalls = std::move(stillPending);
    settleToolPhase();
}

void Reduction::settleToolPhase()
{
    if (!s_.pendingToolCalls.empty())
        s_.status = Status::ReviewingToolCall;
    else if (!s_.turn->running.empty())
        s_.status = Status::RunningTool;
    else
        startNextStep();
}

bool Reduction::accepts(const ToolCall& call) const
{
    switch (s_.autoAccept) {
    case AutoAccept::Always:
        return true;
    case AutoAccept::OnlyRead: {
        // The tool registered now decides, not the flag the call carried when it arrived (or was
        // stored with): a tool re-registered as writing is never run unasked.
        const ToolInfo* tool = findTool(s_, call.name);
        return tool && tool->readOnly;
    }
    case AutoAccept::Never:
        break;
    }
    return false;
}

void Reduction::run(ToolCall call)
{
    s_.turn->running.push_back(call.id);
    out_.effects.emplace_back(ExecuteTool{std::move(call)});
}

void Reduction::appendToolMessage(const ToolCall& call, std::string text, bool isError, bool denied)
{
    Message m = newMessage(Role::Tool, std::move(text));
    m.extras().toolCallId = call.id;
    m.extras().toolName = call.name;
    m.isError = isError;
    m.denied = denied;
    persist(append(std::move(m)));
}

} // namespace koder::agent::reduction
