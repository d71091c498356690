// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/state.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

/// Where one tool call of a reply stands, derived from the state: for a view's tool card.
namespace koder::agent {

/// Where a tool call stands. The names (toString) are those of a chat view's tool cards.
enum class ToolCallStatus : std::uint8_t { Pending, Running, Done, Error, Denied, Asking };

/// A tool call's status and, once it has one, the row of its result (a `tool` message).
struct ToolCallProgress {
    ToolCallStatus status = ToolCallStatus::Pending;
    std::size_t resultRow = noRow; ///< the call's tool message in State::messages, or noRow

    friend bool operator==(const ToolCallProgress&, const ToolCallProgress&) = default;
};

/// The status of the call `callId` in `state`: its result first (Done, Error or Denied, with its
/// row), then whether it waits for the user (Pending) or runs (Running); Pending otherwise.
/// Searches from the newest row back to the message that asked for the call.
ToolCallProgress toolCallProgress(const State& state, std::string_view callId);

/// The same for the call `callId` that the assistant message `askedBy` made: its result is looked
/// for after that message only, up to a newer message asking for the same id, so an older call
/// never shows a newer one's result when a model reuses ids. An unknown `askedBy` (or an empty
/// one) falls back to toolCallProgress(state, callId).
ToolCallProgress toolCallProgress(const State& state, std::string_view callId,
                                  std::string_view askedBy);

/// The latest progress the running call `callId` of the open turn reported (ToolProgress), or
/// null: none reported, or the call does not run (its result came, its turn ended).
/// ToolCallProgressReport is declared in state.h, which this header includes.
const ToolCallProgressReport* toolProgressOf(const State& state, std::string_view callId);

std::string_view toString(ToolCallStatus status);

} // namespace koder::agent
