// SPDX-License-Identifier: MIT
#include "koder/agent/state.h"

#include "enumnames.h"

#include <array>

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

namespace {
constexpr std::array<std::string_view, 7> statusNames{
    "idle", "streaming", "reviewingToolCall", "runningTool", "error", "interrupted", "handoff"};
constexpr std::array<std::string_view, 3> autoAcceptNames{"always", "never", "onlyRead"};
} // namespace

std::string_view toString(Status status)
{
    return statusNames[static_cast<std::size_t>(status)];
}

std::string_view toString(AutoAccept mode)
{
    return autoAcceptNames[static_cast<std::size_t>(mode)];
}

std::optional<AutoAccept> autoAcceptFromString(std::string_view text)
{
    return detail::enumFromName<AutoAccept>(autoAcceptNames, text);
}

} // namespace koder::agent
