// SPDX-License-Identifier: MIT
#include "koder/agent/state.h"

#include "enumnames.h"

namespace koder::agent {

std::size_t findMessage(const State& s, std::string_view id)
{
    // Newest first: actions almost always name a recent message.
    for (std::size_t i = s.messages.size(); i-- > 0;)
        if (s.messages[i].id == id)
            return i;
    return noRow;
}

const ToolInfo* findTool(const State& s, std::string_view name)
{
    for (const ToolInfo& t : s.tools)
        if (t.name == name)
            return &t;
    return nullptr;
}

ApprovalState approvalStateOf(const State& s)
{
    ApprovalState a;
    a.grantedTools = s.grantedTools;
    if (s.turn) {
        for (const ToolCall& call : s.pendingToolCalls)
            a.pending.push_back(call.id);
        a.running = s.turn->decided;
    }
    return a;
}

std::string_view toString(Status status)
{
    switch (status) {
    case Status::Idle:
        return "idle";
    case Status::Streaming:
        return "streaming";
    case Status::ReviewingToolCall:
        return "reviewingToolCall";
    case Status::RunningTool:
        return "runningTool";
    case Status::Error:
        return "error";
    case Status::Interrupted:
        return "interrupted";
    case Status::Handoff:
        return "handoff";
    }
    return {};
}

std::string_view toString(AutoAccept mode)
{
    switch (mode) {
    case AutoAccept::Always:
        return "always";
    case AutoAccept::Never:
        return "never";
    case AutoAccept::OnlyRead:
        return "onlyRead";
    }
    return {};
}

std::optional<AutoAccept> autoAcceptFromString(std::string_view text)
{
    return detail::enumFromName<AutoAccept>([](AutoAccept m) { return toString(m); }, text);
}

std::string_view toString(BusyPolicy policy)
{
    switch (policy) {
    case BusyPolicy::Reject:
        return "reject";
    case BusyPolicy::Queue:
        return "queue";
    case BusyPolicy::Interrupt:
        return "interrupt";
    case BusyPolicy::Steer:
        return "steer";
    }
    return {};
}

std::optional<BusyPolicy> busyPolicyFromString(std::string_view text)
{
    return detail::enumFromName<BusyPolicy>([](BusyPolicy p) { return toString(p); }, text);
}

std::string_view toString(ToolPolicy policy)
{
    switch (policy) {
    case ToolPolicy::Ask:
        return "ask";
    case ToolPolicy::Allow:
        return "allow";
    case ToolPolicy::Deny:
        return "deny";
    }
    return {};
}

std::optional<ToolPolicy> toolPolicyFromString(std::string_view text)
{
    return detail::enumFromName<ToolPolicy>([](ToolPolicy p) { return toString(p); }, text);
}

std::string_view toString(ApprovalScope scope)
{
    switch (scope) {
    case ApprovalScope::Once:
        return "once";
    case ApprovalScope::Conversation:
        return "conversation";
    case ApprovalScope::Always:
        return "always";
    }
    return {};
}

std::optional<ApprovalScope> approvalScopeFromString(std::string_view text)
{
    return detail::enumFromName<ApprovalScope>([](ApprovalScope s) { return toString(s); }, text);
}

} // namespace koder::agent
