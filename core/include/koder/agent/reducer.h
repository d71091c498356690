// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/environment.h"
#include "koder/agent/input.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

namespace koder::agent {

/// The state machine. Applies one input to `state` in place and describes what happened in
/// `out` (cleared first): changes for list models, effects to perform, lifecycle events,
/// announcements, a stale transport event dropped, or a rejection with `state` untouched.
/// Observers such as the debug log are fed afterwards: `log.record(input, out, state)`.
///
/// No I/O, no clock, no globals: ids and time come from `env`. A token delta is amortized O(1)
/// in the history length and in the streaming message's length, and allocates nothing when `out`
/// is reused (beyond the growth of the message text).
void reduce(State& state, const Input& input, Outcome& out, Environment& env);
/// The same, moving the messages of set / add / switch out of `input` instead of copying them.
void reduce(State& state, Input&& input, Outcome& out, Environment& env);

/// Convenience for tests and one-off calls.
Outcome reduce(State& state, const Input& input, Environment& env);

} // namespace koder::agent
