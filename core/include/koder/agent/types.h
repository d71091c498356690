// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

/// Vocabulary the state and the inputs share, apart from both so that the inputs (and the debug
/// log that observes them) do not need the state's header.
namespace koder::agent {

enum class AutoAccept : std::uint8_t { Always, Never, OnlyRead };

/// What one tool's calls need: asking (`Ask`), nothing (`Allow`), or a denial without asking
/// (`Deny`). A tool's policy, when it has one, overrides AutoAccept.
enum class ToolPolicy : std::uint8_t { Ask, Allow, Deny };
using ToolPolicies = std::map<std::string, ToolPolicy, std::less<>>;

/// What a send does while a turn is open: refuse it (R7), queue it for after the turn, stop the
/// turn and start a new one, or add the message to the running turn.
enum class BusyPolicy : std::uint8_t { Reject, Queue, Interrupt, Steer };

/// A message sent while a turn was open under BusyPolicy::Queue: not history until it is sent.
struct QueuedMessage {
    std::string id;
    std::string text;
    std::string attachments{}; ///< JSON text, empty for none

    friend bool operator==(const QueuedMessage&, const QueuedMessage&) = default;
};

/// How far a user's approval reaches: this call, the same tool for the rest of the
/// conversation, or the same tool from now on (its policy becomes Allow).
enum class ApprovalScope : std::uint8_t { Once, Conversation, Always };

/// What the core knows of a registered tool: enough to decide approval and check edited
/// arguments, nothing to run it.
struct ToolInfo {
    std::string name;
    bool readOnly = false;
    std::string parameters{}; ///< the JSON Schema of its arguments (JSON text), may be empty
    /// A call asks the user a question (the ask_user tool): the core makes it a pending input
    /// from its arguments (askUserQuestion()) instead of running it, and the answer is its
    /// result. It needs no approval (a Deny policy still denies it).
    bool asksUser = false;
    /// The tool's own policy (an MCP server's `toolPolicy`); none is "auto": autoAccept decides.
    /// An entry for the tool in the settings' ToolPolicies wins over it.
    std::optional<ToolPolicy> policy{};

    friend bool operator==(const ToolInfo&, const ToolInfo&) = default;
};

/// Identifies one request to the transport. 0 never names a request.
using RequestId = std::uint64_t;

std::string_view toString(AutoAccept mode);
std::optional<AutoAccept> autoAcceptFromString(std::string_view text);
std::string_view toString(BusyPolicy policy);
std::optional<BusyPolicy> busyPolicyFromString(std::string_view text);
std::string_view toString(ToolPolicy policy);
std::optional<ToolPolicy> toolPolicyFromString(std::string_view text);
std::string_view toString(ApprovalScope scope);
std::optional<ApprovalScope> approvalScopeFromString(std::string_view text);

} // namespace koder::agent
