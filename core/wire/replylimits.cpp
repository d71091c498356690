// SPDX-License-Identifier: MIT
#include "replylimits.h"

#include "koder/agent/serialization.h"

namespace koder::wire {

namespace {
std::string bytesText(std::size_t n)
{
    if (n >= (std::size_t{1} << 20) && n % (std::size_t{1} << 20) == 0)
        return std::to_string(n >> 20) + " MiB";
    return std::to_string(n) + " bytes";
}
} // namespace

koder::agent::ErrorInfo ReplyBudget::error() const
{
    std::string message;
    switch (exceeded_) {
    case Exceeded::Nothing:
        return {};
    case Exceeded::Event:
        message = "The server sent an event larger than " + bytesText(limits_.maxEventBytes) + ".";
        break;
    case Exceeded::Reply:
        message = "The reply grew larger than " + bytesText(limits_.maxReplyBytes) + ".";
        break;
    case Exceeded::ToolCalls:
        message = "The server asked for more than " + std::to_string(limits_.maxToolCallsPerStep) +
                  " tool calls in one step.";
        break;
    }
    return {"too_large", std::move(message), false, -1};
}

std::optional<koder::agent::ErrorInfo> refuseToolArguments(std::string_view toolName,
                                                           std::string_view arguments)
{
    using koder::agent::JsonProblem;
    const JsonProblem problem = koder::agent::checkJson(arguments);
    if (problem != JsonProblem::TooDeep && problem != JsonProblem::TooLarge)
        return std::nullopt;
    return koder::agent::ErrorInfo{"protocol_error",
                                   "The arguments of tool call \"" + std::string(toolName) +
                                       "\" are " + koder::agent::describe(problem) + ".",
                                   false, -1};
}

} // namespace koder::wire
