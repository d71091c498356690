// SPDX-License-Identifier: MIT
#include "koder/agent/outcome.h"

#include "koder/agent/overloaded.h"

namespace koder::agent {

// Both by type: an event that is not decided on here does not compile.
bool isTerminal(const Event& e)
{
    return std::visit(overloaded{
                          [](const UserMessageEvent&) { return false; },
                          [](const StreamStartEvent&) { return false; },
                          [](const StreamTokenEvent&) { return false; },
                          [](const ToolCallEvent&) { return false; },
                          [](const StepFinishEvent&) { return false; },
                          [](const StreamEndEvent&) { return true; },
                          [](const ErrorEvent&) { return true; },
                          [](const AbortedEvent&) { return true; },
                          [](const CheckpointRestoredEvent&) { return false; },
                      },
                      e);
}

std::string_view eventName(const Event& e)
{
    using Name = std::string_view;
    return std::visit(
        overloaded{
            [](const UserMessageEvent&) -> Name { return "userMessage"; },
            [](const StreamStartEvent&) -> Name { return "streamStart"; },
            [](const StreamTokenEvent&) -> Name { return "streamToken"; },
            [](const ToolCallEvent&) -> Name { return "toolCall"; },
            [](const StepFinishEvent&) -> Name { return "stepFinish"; },
            [](const StreamEndEvent&) -> Name { return "streamEnd"; },
            [](const ErrorEvent&) -> Name { return "error"; },
            [](const AbortedEvent&) -> Name { return "aborted"; },
            [](const CheckpointRestoredEvent&) -> Name { return "checkpointRestored"; },
        },
        e);
}

namespace {
struct ReasonText {
    std::string_view name;
    std::string_view sentence;
};

// A switch, not a table indexed by the enumerator: a reason left out is a -Wswitch warning.
constexpr ReasonText reasonText(RejectReason reason)
{
    switch (reason) {
    case RejectReason::TurnInProgress:
        return {"turnInProgress", "A reply is still in progress."};
    case RejectReason::NoTurn:
        return {"noTurn", "There is no reply in progress."};
    case RejectReason::UnknownMessage:
        return {"unknownMessage", "There is no message with that id."};
    case RejectReason::NotUserMessage:
        return {"notUserMessage", "Only a user message can be edited."};
    case RejectReason::NotCheckpoint:
        return {"notCheckpoint", "That message is not a checkpoint."};
    case RejectReason::StillStreaming:
        return {"stillStreaming", "That message is still being written."};
    case RejectReason::NothingToRun:
        return {"nothingToRun", "There is no user message to answer."};
    case RejectReason::UnknownToolCall:
        return {"unknownToolCall", "No tool call with that id is waiting for a decision."};
    case RejectReason::InvalidMessages:
        return {"invalidMessages", "The messages are not valid."};
    case RejectReason::InvalidValue:
        return {"invalidValue", "The value is not valid."};
    case RejectReason::ReadOnly:
        return {"readOnly", "The conversation could not be loaded and is read-only."};
    }
    return {};
}
} // namespace

std::string_view describe(RejectReason reason)
{
    return reasonText(reason).sentence;
}

std::string_view toString(RejectReason reason)
{
    return reasonText(reason).name;
}

void Outcome::clear()
{
    changes.clear();
    effects.clear();
    events.clear();
    announcements.clear();
    rejection.reset();
    dropped = false;
    result.clear();
}

} // namespace koder::agent
