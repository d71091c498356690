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

// The one table of reasons. Its sentences are also the source texts the Qt layer translates
// (context "KoderAgentController"): lupdate finds them by the QT_TRANSLATE_NOOP marker, which here
// is the plain text and nothing more (the core stays toolkit-free).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

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
        return {"turnInProgress",
                QT_TRANSLATE_NOOP("KoderAgentController", "A reply is still in progress.")};
    case RejectReason::NoTurn:
        return {"noTurn",
                QT_TRANSLATE_NOOP("KoderAgentController", "There is no reply in progress.")};
    case RejectReason::UnknownMessage:
        return {"unknownMessage",
                QT_TRANSLATE_NOOP("KoderAgentController", "There is no message with that id.")};
    case RejectReason::NotUserMessage:
        return {"notUserMessage",
                QT_TRANSLATE_NOOP("KoderAgentController", "Only your own messages can be edited.")};
    case RejectReason::NotCheckpoint:
        return {"notCheckpoint",
                QT_TRANSLATE_NOOP("KoderAgentController", "That message is not a checkpoint.")};
    case RejectReason::StillStreaming:
        return {"stillStreaming",
                QT_TRANSLATE_NOOP("KoderAgentController", "That message is still being written.")};
    case RejectReason::NothingToRun:
        return {"nothingToRun", QT_TRANSLATE_NOOP("KoderAgentController",
                                                  "There is no message of yours to answer.")};
    case RejectReason::UnknownToolCall:
        return {"unknownToolCall",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "No tool call with that id is waiting for a decision.")};
    case RejectReason::InvalidMessages:
        return {"invalidMessages",
                QT_TRANSLATE_NOOP("KoderAgentController", "The messages are not valid.")};
    case RejectReason::InvalidValue:
        return {"invalidValue",
                QT_TRANSLATE_NOOP("KoderAgentController", "The value is not valid.")};
    case RejectReason::ReadOnly:
        return {"readOnly",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "This conversation could not be loaded, so it is read-only "
                                  "until it is deleted or replaced.")};
    case RejectReason::TooManyTurns:
        return {"tooManyTurns",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "Too many replies are running in other conversations. Wait for "
                                  "one to finish, or open one and stop it.")};
    }
    return {};
}
} // namespace

std::string_view describe(RejectReason reason)
{
    // The sentence is a string literal: its data() is null-terminated.
    return reasonText(reason).sentence;
}

bool showsDetail(RejectReason reason)
{
    return reason == RejectReason::InvalidMessages || reason == RejectReason::InvalidValue ||
           reason == RejectReason::ReadOnly;
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
