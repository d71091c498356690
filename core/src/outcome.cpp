// SPDX-License-Identifier: MIT
#include "koder/agent/outcome.h"

#include <array>

namespace koder::agent {

bool isTerminal(const Event& e)
{
    return std::holds_alternative<StreamEndEvent>(e) || std::holds_alternative<ErrorEvent>(e) ||
           std::holds_alternative<AbortedEvent>(e);
}

std::string_view eventName(const Event& e)
{
    constexpr std::array<std::string_view, std::variant_size_v<Event>> names{
        "userMessage", "streamStart", "streamToken", "toolCall",          "stepFinish",
        "streamEnd",   "error",       "aborted",     "checkpointRestored"};
    return names[e.index()];
}

namespace {
struct ReasonText {
    std::string_view name;
    std::string_view sentence;
};
constexpr std::array<ReasonText, 11> reasons{{
    {"turnInProgress", "A reply is still in progress."},
    {"noTurn", "There is no reply in progress."},
    {"unknownMessage", "There is no message with that id."},
    {"notUserMessage", "Only a user message can be edited."},
    {"notCheckpoint", "That message is not a checkpoint."},
    {"stillStreaming", "That message is still being written."},
    {"nothingToRun", "There is no user message to answer."},
    {"unknownToolCall", "No tool call with that id is waiting for a decision."},
    {"invalidMessages", "The messages are not valid."},
    {"invalidValue", "The value is not valid."},
    {"readOnly", "The conversation could not be loaded and is read-only."},
}};
} // namespace

std::string_view describe(RejectReason reason)
{
    return reasons[static_cast<std::size_t>(reason)].sentence;
}

std::string_view toString(RejectReason reason)
{
    return reasons[static_cast<std::size_t>(reason)].name;
}

void Outcome::clear()
{
    changes.clear();
    effects.clear();
    events.clear();
    announcements.clear();
    rejection.reset();
    result.clear();
}

} // namespace koder::agent
