// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <QtCore/QObject>

// The core's enums, typed for C++ and QML (Q_ENUM_NS; in QML scoped: Koder.Status.Streaming).
// Each mirrors a core enum value for value, so converting is a cast (checked at compile time
// below). Documented in docs/src/koderenums.qdoc.
namespace Koder {
Q_NAMESPACE
Q_CLASSINFO("RegisterEnumClassesUnscoped", "false")

// int-sized on purpose: a signal argument of an enum type smaller than int reaches a QML handler
// with garbage in its upper bytes (Qt 6.4 reads an int).

enum class Status {
    Idle,
    Streaming,
    ReviewingToolCall,
    RunningTool,
    Error,
    Interrupted,
    Handoff,
    AwaitingInput,
};
Q_ENUM_NS(Status)

enum class AutoAccept { Always, Never, OnlyRead };
Q_ENUM_NS(AutoAccept)

enum class Role { User, Assistant, System, Tool, Checkpoint };
Q_ENUM_NS(Role)

/// How an announcement interrupts a screen reader: Off (silent), Polite, Assertive.
enum class Politeness { Off, Polite, Assertive };
Q_ENUM_NS(Politeness)

/// What an announcement says (see koder::agent::Announcement::Kind).
enum class AnnouncementKind {
    ReplyStarted,
    ReplyText,
    ReplyFinished,
    Stopped,
    Error,
    ApprovalNeeded,
    MessageAdded,
    InputNeeded,
    ContextHigh,
};
Q_ENUM_NS(AnnouncementKind)

} // namespace Koder

namespace koder::agent::qt {

template<typename To, typename From>
constexpr To enumCast(From value)
{
    return static_cast<To>(static_cast<std::underlying_type_t<From>>(value));
}

// The Qt enums are the core's, value for value: a reordering on either side fails here.
#define KODER_SAME_ENUM(qtValue, coreValue)                                                        \
    static_assert(static_cast<int>(qtValue) == static_cast<int>(coreValue))
KODER_SAME_ENUM(Koder::Status::Idle, Status::Idle);
KODER_SAME_ENUM(Koder::Status::Streaming, Status::Streaming);
KODER_SAME_ENUM(Koder::Status::ReviewingToolCall, Status::ReviewingToolCall);
KODER_SAME_ENUM(Koder::Status::RunningTool, Status::RunningTool);
KODER_SAME_ENUM(Koder::Status::Error, Status::Error);
KODER_SAME_ENUM(Koder::Status::Interrupted, Status::Interrupted);
KODER_SAME_ENUM(Koder::Status::Handoff, Status::Handoff);
KODER_SAME_ENUM(Koder::Status::AwaitingInput, Status::AwaitingInput);
KODER_SAME_ENUM(Koder::AutoAccept::Always, AutoAccept::Always);
KODER_SAME_ENUM(Koder::AutoAccept::Never, AutoAccept::Never);
KODER_SAME_ENUM(Koder::AutoAccept::OnlyRead, AutoAccept::OnlyRead);
KODER_SAME_ENUM(Koder::Role::User, Role::User);
KODER_SAME_ENUM(Koder::Role::Assistant, Role::Assistant);
KODER_SAME_ENUM(Koder::Role::System, Role::System);
KODER_SAME_ENUM(Koder::Role::Tool, Role::Tool);
KODER_SAME_ENUM(Koder::Role::Checkpoint, Role::Checkpoint);
KODER_SAME_ENUM(Koder::Politeness::Off, Politeness::Off);
KODER_SAME_ENUM(Koder::Politeness::Polite, Politeness::Polite);
KODER_SAME_ENUM(Koder::Politeness::Assertive, Politeness::Assertive);
KODER_SAME_ENUM(Koder::AnnouncementKind::ReplyStarted, Announcement::Kind::ReplyStarted);
KODER_SAME_ENUM(Koder::AnnouncementKind::ReplyText, Announcement::Kind::ReplyText);
KODER_SAME_ENUM(Koder::AnnouncementKind::ReplyFinished, Announcement::Kind::ReplyFinished);
KODER_SAME_ENUM(Koder::AnnouncementKind::Stopped, Announcement::Kind::Stopped);
KODER_SAME_ENUM(Koder::AnnouncementKind::Error, Announcement::Kind::Error);
KODER_SAME_ENUM(Koder::AnnouncementKind::ApprovalNeeded, Announcement::Kind::ApprovalNeeded);
KODER_SAME_ENUM(Koder::AnnouncementKind::MessageAdded, Announcement::Kind::MessageAdded);
KODER_SAME_ENUM(Koder::AnnouncementKind::InputNeeded, Announcement::Kind::InputNeeded);
KODER_SAME_ENUM(Koder::AnnouncementKind::ContextHigh, Announcement::Kind::ContextHigh);
#undef KODER_SAME_ENUM

} // namespace koder::agent::qt
