// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/question.h"
#include "koder/agent/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// Who allowed a tool call, and what stays of a tool phase when a conversation is stored.
namespace koder::agent {

/// How a call was decided: by the user when asked, or without asking (`Auto`).
enum class Decision : std::uint8_t { Approved, Denied, Auto };
/// Whose rule decided: the user's (a click, or a grant they gave with a scope) or a policy's
/// (autoAccept, toolPolicies, the library's own refusals of unknown tools and step limits).
enum class DecidedBy : std::uint8_t { User, Policy };

/// The audit record of one decision, kept on the call's tool message as `metadata.approval`.
struct Approval {
    std::string callId;
    Decision decision = Decision::Auto;
    ApprovalScope scope = ApprovalScope::Once;
    DecidedBy by = DecidedBy::Policy;
    std::int64_t at = 0;             ///< milliseconds since the Unix epoch
    bool argumentsEdited = false;    ///< the user replaced the model's arguments
    std::string originalArguments{}; ///< the model's arguments, when edited

    friend bool operator==(const Approval&, const Approval&) = default;
};

/// What a policy decides for one call before anyone is asked.
struct PolicyVerdict {
    enum class Kind : std::uint8_t { Run, Deny, Ask } kind = Kind::Ask;
    Approval approval{}; ///< for Run and Deny: who decided, with which scope
};

/// The rules, in order: a tool's `Deny` policy; a grant for this conversation (the user chose
/// scope `conversation`); a tool's `Allow` or `Ask` policy; then autoAccept (`onlyRead` runs
/// the tools registered read-only now). `granted` lists the tools granted for the conversation.
PolicyVerdict decideCall(const ToolCall& call, const ToolInfo* tool, AutoAccept autoAccept,
                         const ToolPolicies& policies, const std::vector<std::string>& granted);

/// What a stored conversation keeps of its open tool phase, so that it reloads waiting for the
/// user as it was: the calls (of the last assistant message's `toolCalls`) awaiting a decision,
/// the approved ones whose tool was running (recorded as not completed on reload), and the
/// tools granted for the rest of the conversation.
struct ApprovalState {
    std::vector<std::string> pending;
    std::vector<Approval> running;
    std::vector<std::string> grantedTools;
    /// The questions waiting for the user's answer.
    std::vector<PendingInput> inputs{};

    bool empty() const
    {
        return pending.empty() && running.empty() && grantedTools.empty() && inputs.empty();
    }
    friend bool operator==(const ApprovalState&, const ApprovalState&) = default;
};

/// `{"approval":{"decision":"approved","scope":"once","by":"user","at":"2026-11-24T10:00:00.000Z",
/// "argumentsEdited":false}}`, merged into `metadata` (JSON text of an object, or empty; other
/// keys are kept).
std::string withApproval(std::string_view metadata, const Approval& approval);
/// The `metadata.approval` of a message, if it has a well-formed one (the call id is the
/// message's `toolCallId`).
std::optional<Approval> approvalOf(const Message& message);

/// `at` as ISO 8601 in UTC with milliseconds ("2026-11-24T10:00:00.000Z").
std::string isoTime(std::int64_t msSinceEpoch);

std::string_view toString(Decision decision);
std::optional<Decision> decisionFromString(std::string_view text);
std::string_view toString(DecidedBy by);
std::optional<DecidedBy> decidedByFromString(std::string_view text);

} // namespace koder::agent
