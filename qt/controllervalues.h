// SPDX-License-Identifier: MIT
// KoderAgentController's values on their way between QML/JavaScript (or QVariant, from C++) and
// the core: what a method or a setter takes, read into the core's terms, and what a property
// shows. A reader returns nothing and sets `error` (what was wrong, for the controller's
// refusal) when the value does not fit; none of them decides anything.
#pragma once

#include "koder/agent/debuglog.h"
#include "koder/agent/environment.h"
#include "koder/agent/message.h"
#include "koder/agent/types.h"

#include <QtCore/QString>
#include <QtCore/QVariant>

#include <optional>
#include <string>
#include <vector>

namespace koder::agent::qt {

/// send()'s attachments as JSON text; empty for none (no value, null or an empty list).
std::optional<std::string> readAttachments(const QVariant& attachments, QString& error);

/// The options of approveToolCall() and approveAll().
struct ApprovalOptions {
    ApprovalScope scope = ApprovalScope::Once;
    std::optional<std::string> arguments; ///< edited arguments (JSON text), for one call only
};
/// `options`: none, or a map of `scope` and (with `takesArguments`) `arguments`.
std::optional<ApprovalOptions> readApprovalOptions(const QVariant& options, bool takesArguments,
                                                   QString& error);

/// The messages of addChatMessages() and setChatMessages(), a list of maps, through the core's
/// validating importer: a bad field is named by its path ("messages[2].role: unknown value
/// \"bot\""), and a message without id or time gets them from `env`.
std::optional<std::vector<Message>> readMessages(const QVariant& list, Environment& env,
                                                 QString& error);

/// toolPolicies: tool name -> "ask", "allow" or "deny".
std::optional<ToolPolicies> readToolPolicies(const QVariantMap& policies, QString& error);
QVariantMap toolPoliciesToVariant(const ToolPolicies& policies);

/// queuedMessages: maps of id, text and attachments (a list, empty for none).
QVariantList queuedMessagesToVariant(const std::vector<QueuedMessage>& queued);

/// eventLog(): maps of seq, kind, subject and repeat, oldest first.
QVariantList debugLogToVariant(const DebugLog& log);

} // namespace koder::agent::qt
