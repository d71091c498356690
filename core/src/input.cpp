// SPDX-License-Identifier: MIT
#include "koder/agent/input.h"

#include "koder/agent/overloaded.h"

namespace koder::agent {

std::string_view actionName(const Input& input)
{
    // By type: an alternative without a name here does not compile.
    using Name = std::string_view;
    return std::visit(overloaded{
                          [](const Send&) -> Name { return "send"; },
                          [](const Regenerate&) -> Name { return "regenerate"; },
                          [](const Edit&) -> Name { return "edit"; },
                          [](const Branch&) -> Name { return "branch"; },
                          [](const SwitchVersion&) -> Name { return "switchVersion"; },
                          [](const Abort&) -> Name { return "abort"; },
                          [](const Clear&) -> Name { return "clear"; },
                          [](const DeleteConversation&) -> Name { return "deleteConversation"; },
                          [](const ApproveToolCall&) -> Name { return "approveToolCall"; },
                          [](const DenyToolCall&) -> Name { return "denyToolCall"; },
                          [](const ApproveAll&) -> Name { return "approveAll"; },
                          [](const DenyAll&) -> Name { return "denyAll"; },
                          [](const AddUserMessage&) -> Name { return "addUserMessage"; },
                          [](const AddMessages&) -> Name { return "addChatMessages"; },
                          [](const SetMessages&) -> Name { return "setChatMessages"; },
                          [](const Reset&) -> Name { return "reset"; },
                          [](const SetAutoAccept&) -> Name { return "setAutoAccept"; },
                          [](const SetToolPolicies&) -> Name { return "setToolPolicies"; },
                          [](const SetBusyPolicy&) -> Name { return "setBusyPolicy"; },
                          [](const SendQueued&) -> Name { return "sendQueued"; },
                          [](const CancelQueued&) -> Name { return "cancelQueued"; },
                          [](const SetSystemPrompt&) -> Name { return "setSystemPrompt"; },
                          [](const SetTools&) -> Name { return "setTools"; },
                          [](const SetMaxSteps&) -> Name { return "setMaxSteps"; },
                          [](const SetMaxRetries&) -> Name { return "setMaxRetries"; },
                          [](const AddCheckpoint&) -> Name { return "addCheckpoint"; },
                          [](const RestoreCheckpoint&) -> Name { return "restoreCheckpoint"; },
                          [](const SwitchConversation&) -> Name { return "switchConversation"; },
                          [](const StreamStarted&) -> Name { return "streamStarted"; },
                          [](const TextDelta&) -> Name { return "textDelta"; },
                          [](const ReasoningDelta&) -> Name { return "reasoningDelta"; },
                          [](const ToolCallRequested&) -> Name { return "toolCallRequested"; },
                          [](const StreamEnded&) -> Name { return "streamEnded"; },
                          [](const StreamFailed&) -> Name { return "streamFailed"; },
                          [](const Handoff&) -> Name { return "handoff"; },
                          [](const ToolResult&) -> Name { return "toolResult"; },
                      },
                      input);
}

} // namespace koder::agent
