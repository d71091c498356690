// SPDX-License-Identifier: MIT
// The state machine's invariants, checked after each step of a walk over its inputs (the seeded
// walk of tst_property.cpp and the fuzz bytes of tests/fuzz/fuzz_reducer.cpp): a rejection
// changes nothing, the change set replayed over the rows before gives the rows after (what a list
// model sees), one streamStart and exactly one terminal event per turn, status / streaming /
// abortable agree, the turn's step row is an assistant message, at most one streaming message,
// every pending tool call on the last assistant message, message ids unique in the whole tree,
// the tree well formed (see treeBroken); a dropped event
// changes nothing. A question from outside a tool call (RequestInput) is settled exactly once: it
// leaves the waiting questions with a SettleInput effect, unless its asker withdrew it; it is
// never stored. Progress is kept only for running calls. A debug log observes the walk: a rejection writes no entry, a dropped event
// exactly one, and the ring stays bounded and in order.
// Plain C++ against the core (no gtest, no Qt): the fuzz target links only koder_core.
#pragma once

#include "rows.h"

#include "koder/agent/contextbudget.h"
#include "koder/agent/debuglog.h"
#include "koder/agent/input.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace koder::agent::test {

/// Checks one walk, step by step: before(state) ahead of each input, then
/// after(state, outcome, input) once the reducer ran. Keeps the turn count across steps.
class InvariantChecker {
public:
    void before(const State& s)
    {
        rows_ = snapshot(s);
        status_ = s.status;
        turn_ = s.turn.has_value();
        external_.clear();
        for (const PendingInput& p : s.pendingInputs)
            if (p.source != "tool")
                external_.push_back(p.id);
    }

    /// The first invariant the step broke, or nothing.
    std::optional<std::string> after(const State& s, const Outcome& out, const Input& input)
    {
        if (auto broken = check(s, out, input))
            return std::string(actionName(input)) + ": " + *broken;
        if (auto broken = checkLog(s, out, input))
            return std::string(actionName(input)) + ": debug log: " + *broken;
        return std::nullopt;
    }

private:
    std::optional<std::string> check(const State& s, const Outcome& out, const Input& input)
    {
        const auto after = snapshot(s);
        if (out.rejected()) {
            if (s.status != status_ || s.turn.has_value() != turn_)
                return "rejection changed the status";
            if (auto m = replayMismatch(rows_, {}, after))
                return "rejection changed messages: " + *m;
        }
        if (out.dropped) {
            if (out.rejected() || !out.changes.empty() || !out.effects.empty() ||
                !out.events.empty() || !out.announcements.empty())
                return "a dropped event reported something";
            if (s.status != status_ || s.turn.has_value() != turn_)
                return "a dropped event changed the status";
            if (auto m = replayMismatch(rows_, {}, after))
                return "a dropped event changed messages: " + *m;
        }
        if (auto m = replayMismatch(rows_, out.changes, after))
            return "change set: " + *m;

        // Lifecycle: one streamStart and exactly one terminal event per turn. A conversation
        // loaded waiting for the user reopens its turn without a streamStart (it started before
        // the restart); it still ends with exactly one terminal event.
        if (std::holds_alternative<SwitchConversation>(input) && !out.rejected()) {
            for (const Event& e : out.events)
                if (isTerminal(e) && openTurns_-- != 1)
                    return "terminal event without an open turn";
            openTurns_ = s.turn.has_value() ? 1 : 0;
        }
        for (const Event& e : out.events) {
            if (std::holds_alternative<SwitchConversation>(input))
                break;
            if (std::holds_alternative<StreamStartEvent>(e) && openTurns_++ != 0)
                return "streamStart while a turn was open";
            if (isTerminal(e) && openTurns_-- != 1)
                return "terminal event without an open turn";
        }
        if ((openTurns_ == 1) != s.turn.has_value())
            return "turn bookkeeping disagrees with lifecycle events";

        const bool open = s.status == Status::Streaming || s.status == Status::ReviewingToolCall ||
                          s.status == Status::RunningTool || s.status == Status::AwaitingInput;
        if (isAbortable(s) != open)
            return "abortable disagrees with status " + std::string(toString(s.status));
        if (isStreaming(s) != (s.status == Status::Streaming))
            return "streaming disagrees with status";
        if (isStreaming(s) && (!s.turn || s.turn->requestId == 0))
            return "streaming without a live request";
        if (s.turn && (s.turn->stepRow >= s.conversation.messages.size() ||
                       s.conversation.messages[s.turn->stepRow].role != Role::Assistant))
            return "the step row is not an assistant message";
        // The meter, kept incrementally, is what a recount from scratch gives.
        {
            const std::size_t row = streamingRow(s);
            const std::int64_t settled = settledContextTokens(s, row);
            const std::int64_t units =
                row == noRow ? 0 : estimateUnits(s.conversation.messages[row].text);
            if (s.context.settled != settled || s.context.streamingUnits != units)
                return "the context meter (" + std::to_string(s.context.settled) + " + " +
                       std::to_string(s.context.streamingUnits) + "/4) drifted from a recount (" +
                       std::to_string(settled) + " + " + std::to_string(units) + "/4)";
        }

        std::size_t streamingRows = 0;
        for (const auto& r : after)
            streamingRows += r.streaming ? 1u : 0u;
        if (streamingRows > 1)
            return "more than one streaming message";

        if (!s.pendingToolCalls.empty()) {
            if (s.status != Status::ReviewingToolCall)
                return "pending calls outside reviewingToolCall";
            std::size_t lastAssistant = noRow;
            for (std::size_t i = 0; i < s.conversation.messages.size(); ++i)
                if (s.conversation.messages[i].role == Role::Assistant)
                    lastAssistant = i;
            if (lastAssistant == noRow)
                return "pending calls without an assistant message";
            const auto& calls = s.conversation.messages[lastAssistant].toolCalls();
            const auto& serverDecides = s.turn->serverDecides;
            for (const ToolCall& p : s.pendingToolCalls) {
                const auto on = [&](const std::vector<ToolCall>& shown) {
                    return std::any_of(shown.begin(), shown.end(),
                                       [&](const ToolCall& c) { return c.id == p.id; });
                };
                // A call a server waits on may stand on an earlier row of its run (the server
                // said more after it), but on a row.
                if (std::find(serverDecides.begin(), serverDecides.end(), p.id) !=
                    serverDecides.end()) {
                    if (std::none_of(s.conversation.messages.begin(), s.conversation.messages.end(),
                                     [&](const Message& m) { return on(m.toolCalls()); }))
                        return "pending call " + p.id + " on no row";
                } else if (!on(calls)) {
                    return "pending call " + p.id + " not on the last assistant message";
                }
            }
        }
        if (s.status == Status::ReviewingToolCall && s.pendingToolCalls.empty())
            return "reviewing with nothing pending";
        if (s.status == Status::AwaitingInput &&
            (s.pendingInputs.empty() || !s.pendingToolCalls.empty()))
            return "awaiting input with no question, or with a call to decide first";
        if (!s.pendingInputs.empty() && !s.turn)
            return "a question waits without an open turn";
        for (const PendingInput& p : s.pendingInputs) {
            // A question from outside may wait while a step streams too (the reply goes on).
            if (s.status != Status::AwaitingInput && s.status != Status::ReviewingToolCall &&
                (p.source == "tool" || s.status != Status::Streaming))
                return "question " + p.id + " waits in status " + std::string(toString(s.status));
        }
        if (auto broken = externalSettled(s, out, input))
            return broken;
        if (s.turn)
            for (const auto& [callId, report] : s.turn->progress)
                if (std::find(s.turn->running.begin(), s.turn->running.end(), callId) ==
                    s.turn->running.end())
                    return "progress kept for " + callId + ", which does not run";
        for (const PendingInput& p : s.pendingInputs) {
            if (p.source != "tool")
                continue;
            // A question of a tool call waits on a call of the step that nothing answered yet.
            const auto& calls = s.turn->stepCalls;
            if (std::none_of(calls.begin(), calls.end(),
                             [&](const ToolCall& c) { return c.id == p.callId; }))
                return "question " + p.id + " of a call not in the step";
            // Answered in this step, that is: a model may reuse an id of an earlier step.
            const auto& messages = s.conversation.messages;
            for (std::size_t row = s.turn->stepRow + 1; row < messages.size(); ++row)
                if (messages[row].role == Role::Tool && messages[row].toolCallId() == p.callId)
                    return "question " + p.id + " waits on an answered call";
        }

        std::set<std::string> ids;
        for (const Message& m : s.conversation.messages)
            if (!ids.insert(m.id).second)
                return "duplicate message id " + m.id;
        for (const auto& [id, other] : s.conversation.versions.offPath)
            if (!ids.insert(id).second)
                return "duplicate message id " + id + " (off the path)";
        return treeBroken(s);
    }

    // Each question from outside that stopped waiting was settled once (a SettleInput naming
    // it), unless withdrawn; a settlement names a question that waited; none is stored.
    std::optional<std::string> externalSettled(const State& s, const Outcome& out,
                                               const Input& input) const
    {
        const auto waiting = [&](const std::string& id) {
            return std::any_of(s.pendingInputs.begin(), s.pendingInputs.end(),
                               [&](const PendingInput& p) { return p.id == id; });
        };
        std::vector<std::string> settled;
        for (const Effect& e : out.effects)
            if (const auto* settle = std::get_if<SettleInput>(&e)) {
                const std::string& id = settle->input.id;
                if (std::find(external_.begin(), external_.end(), id) == external_.end())
                    return "settled " + id + ", which did not wait";
                if (std::find(settled.begin(), settled.end(), id) != settled.end())
                    return "settled " + id + " twice";
                if (waiting(id))
                    return "settled " + id + ", which still waits";
                if ((settle->decision == InputDecision::Answered) == settle->value.empty())
                    return "settled " + id + " with a value that does not fit its decision";
                settled.push_back(id);
            }
        const auto* withdrawn = std::get_if<WithdrawInput>(&input);
        for (const std::string& id : external_)
            if (!waiting(id) && std::find(settled.begin(), settled.end(), id) == settled.end() &&
                !(withdrawn && withdrawn->id == id))
                return "question " + id + " stopped waiting without being settled";
        for (const PendingInput& p : approvalStateOf(s).inputs)
            if (p.source != "tool")
                return "question " + p.id + " from outside would be stored";
        return std::nullopt;
    }

    // The conversation tree: every message off the path hangs, through its parents, from the
    // path (never from its last row) or is a root; keys are ids; active children are children;
    // a sibling group has two or more members, each a child of its parent, the path's own child
    // among them; a message off the path whose parent has no group is that parent's active child.
    static std::optional<std::string> treeBroken(const State& s)
    {
        const Versions& v = s.conversation.versions;
        std::set<std::string, std::less<>> onPath;
        for (const Message& m : s.conversation.messages)
            onPath.insert(m.id);
        auto parentOf = [&](std::string_view id) -> std::optional<std::string> {
            if (const OtherVersion* o = v.find(id))
                return o->parentId;
            for (std::size_t row = 0; row < s.conversation.messages.size(); ++row)
                if (s.conversation.messages[row].id == id)
                    return std::string(parentIdOf(s.conversation.messages, row));
            return std::nullopt;
        };
        for (const auto& [parent, group] : v.siblings) {
            if (group.size() < 2)
                return "a sibling group of fewer than two under \"" + parent + "\"";
            if (std::set<std::string>(group.begin(), group.end()).size() != group.size())
                return "a sibling listed twice under \"" + parent + "\"";
            std::size_t pathChildren = 0;
            for (const std::string& child : group) {
                const auto p = parentOf(child);
                if (!p || *p != parent)
                    return "sibling " + child + " is not a child of \"" + parent + "\"";
                pathChildren += onPath.count(child);
            }
            const bool parentOnPath = parent.empty() || onPath.count(parent) != 0;
            if (parentOnPath && !s.conversation.messages.empty() && pathChildren != 1)
                return "the group under path message \"" + parent + "\" has " +
                       std::to_string(pathChildren) + " children on the path";
            if (!parentOnPath && pathChildren != 0)
                return "a message off the path has a child on it";
        }
        const std::string last =
            s.conversation.messages.empty() ? std::string() : s.conversation.messages.back().id;
        for (const auto& [id, other] : v.offPath) {
            if (other.message.id != id)
                return "off-path key " + id + " names message " + other.message.id;
            if (s.conversation.messages.empty())
                return "versions beside an empty path";
            if (other.parentId == last && !last.empty())
                return id + " hangs from the last row of the path";
            if (!other.activeChildId.empty()) {
                const OtherVersion* child = v.find(other.activeChildId);
                if (!child || child->parentId != id)
                    return id + "'s active child " + other.activeChildId + " is not its child";
            }
            const auto* group = v.siblingsOf(other.parentId);
            if (!group) {
                const OtherVersion* parent = v.find(other.parentId);
                if (!parent || parent->activeChildId != id)
                    return "only child " + id + " is not its parent's active child";
            } else if (std::find(group->begin(), group->end(), id) == group->end()) {
                return id + " is missing from its parent's sibling group";
            }
            // Reachable: the parents lead to the path or a root within the tree's size.
            std::string at = other.parentId;
            for (std::size_t hops = 0; !at.empty() && !onPath.count(at); ++hops) {
                const OtherVersion* up = v.find(at);
                if (!up || hops > v.offPath.size())
                    return id + " does not hang from the path";
                at = up->parentId;
            }
        }
        return std::nullopt;
    }

    std::optional<std::string> checkLog(const State& s, const Outcome& out, const Input& input)
    {
        const std::uint64_t before = log_.seq();
        log_.record(input, out, s);
        if (out.rejected() && log_.seq() != before)
            return "a rejection wrote an entry";
        if (out.dropped && log_.seq() != before + 1)
            return "a dropped event did not write exactly one entry";
        if (log_.size() > log_.capacity())
            return "more entries than its capacity";
        if (++logChecks_ % 64 != 0)
            return std::nullopt;
        // Now and then the whole ring (a copy): oldest first, the newest one is the last written.
        std::uint64_t seq = 0;
        for (const DebugEntry& e : log_.entries()) {
            if (e.seq <= seq)
                return "entries out of order";
            if (e.kind.empty() || e.repeat == 0)
                return "an empty entry";
            seq = e.seq;
        }
        if (seq != log_.seq())
            return "the newest entry is not the last written";
        return std::nullopt;
    }

    std::vector<RowSnapshot> rows_;
    std::vector<std::string> external_; ///< questions from outside waiting before the step
    Status status_ = Status::Idle;
    bool turn_ = false;
    int openTurns_ = 0;
    DebugLog log_{64}; // small, so that the ring wraps
    std::uint64_t logChecks_ = 0;
};

} // namespace koder::agent::test
