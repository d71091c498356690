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

} // namespace koder::agent
