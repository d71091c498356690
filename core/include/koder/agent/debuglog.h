// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/input.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace koder::agent {

struct Outcome;
struct State;

/// One compact entry of the debug log. `kind` names a static string ("send", "tokens", ...).
struct DebugEntry {
    std::uint64_t seq = 0;
    std::string_view kind;
    std::string subject; ///< message id, call id, conversation id or error code, as fits
    std::uint64_t repeat = 1;

    friend bool operator==(const DebugEntry&, const DebugEntry&) = default;
};

/// The compact event log of a conversation surface (Jidoka's debug panel): a bounded ring of
/// entries, oldest dropped first, where repeated events of the same kind and subject fold into
/// one entry with a count.
///
/// An observer, not part of the state: the reducer knows nothing of it. Whoever runs the reducer
/// feeds it every input with its outcome and the state after it:
///
///     reduce(state, input, out, env);
///     log.record(input, out, state);
///
/// Entries by kind (subject in brackets): the actions send [user message], regenerate, edit,
/// restore [message named], branch [new conversation], abort [the turn's first reply], clear,
/// delete, reset, switch [conversation], checkpoint [new message], approve, deny, toolResult
/// [call]; the turn's milestones started, reasoning, stepEnd, step, end [reply message],
/// toolCall [call], retry, error [error code], handoff [target]; "dropped" for a stale transport
/// event; and a step's text deltas as one "tokens" entry [reply message] counting them, written
/// when the step ends, fails or is cut off. A rejected input leaves no entry. Reset empties the
/// log before its own entry.
class DebugLog {
public:
    explicit DebugLog(std::size_t capacity = 256)
        : capacity_(capacity == 0 ? 1 : capacity)
    {
    }

    /// Records what reducing `input` did: `outcome` is what reduce() reported, `after` the state
    /// it left. `input` may be the moved-from input of reduce(State&, Input&&, ...): only fields
    /// the reducer never moves are read. A text delta costs O(1) and allocates nothing.
    void record(const Input& input, const Outcome& outcome, const State& after);

    /// An entry of one's own (say, a hook that failed). `kind` must be a string with static
    /// storage; `times` > 1 records a batch at once.
    void append(std::string_view kind, std::string_view subject, std::uint64_t times = 1);

    /// Oldest first.
    std::vector<DebugEntry> entries() const;
    std::size_t size() const { return ring_.size(); }
    std::size_t capacity() const { return capacity_; }
    /// Entries written so far, folded ones included: the newest entry's `seq` (0 before any).
    /// A panel that shows the log refreshes when it changes.
    std::uint64_t seq() const { return seq_; }
    /// Empties the ring; `seq` keeps counting, and a step's text deltas not yet written stay.
    void clear();

private:
    void countToken(const Outcome& out);
    void flushTokens(std::string_view message);
    void cutOff(const Outcome& out);
    void turnMilestones(const Outcome& out, const State& after, std::string_view retryCode);
    void noteTurnStart(const Outcome& out);

    std::size_t capacity_;
    std::size_t head_ = 0; ///< index of the oldest entry once the ring is full
    std::uint64_t seq_ = 0;
    std::vector<DebugEntry> ring_;
    std::size_t last_ = static_cast<std::size_t>(-1); ///< index of the newest entry

    std::uint64_t tokens_ = 0;     ///< text deltas of the current step not yet written
    std::string turnFirstMessage_; ///< the message the open turn's streamStart named
};

} // namespace koder::agent
