// SPDX-License-Identifier: MIT
#include "koder/agent/input.h"

#include <array>

namespace koder::agent {

std::string_view actionName(const Input& input)
{
    // In the order of the Input variant.
    // clang-format off
    constexpr std::array<std::string_view, std::variant_size_v<Input>> names{
        "send", "regenerate", "edit", "branch", "abort", "clear", "deleteConversation",
        "approveToolCall", "denyToolCall", "addUserMessage", "addChatMessages", "setChatMessages",
        "reset", "setAutoAccept", "setSystemPrompt", "setTools", "setMaxSteps", "setMaxRetries",
        "addCheckpoint", "restoreCheckpoint", "switchConversation",
        "streamStarted", "textDelta", "reasoningDelta", "toolCallRequested", "streamEnded",
        "streamFailed", "handoff", "toolResult"};
    // clang-format on
    return names[input.index()];
}

} // namespace koder::agent
