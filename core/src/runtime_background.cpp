// SPDX-License-Identifier: MIT
// The runtime's turns in conversations not shown: which conversation an event belongs to, leaving
// a turn running, showing it again, retiring it when it ends, forgetting it.
#include "koder/agent/runtime.h"

#include "koder/agent/reducer.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace koder::agent {

namespace {
// What holds for every conversation, not one: the shown one's settings go with the next shown,
// with the surface's count of background turns and its request ids.
void copySurface(const State& from, State& to)
{
    to.settings = from.settings;
    to.background = from.background;
    to.nextRequestId = std::max(to.nextRequestId, from.nextRequestId);
}
} // namespace

// A turn in the background runs as the shown one does, unseen: its changes reach no model, its
// announcements no screen reader, its events only the hooks. The observer hears its status.
bool Runtime::dispatchBackground(std::string conversationId, Input&& input)
{
    Live* live = findBackground(conversationId);
    if (!live)
        return false;
    State& s = live->state;
    const Status before = s.status;
    const bool wasOpen = s.turn.has_value();
    busy_ = true;
    // Request ids are unique across conversations: the shown state carries the counter.
    s.nextRequestId = std::max(s.nextRequestId, state_.nextRequestId);
    reduce(s, std::move(input), out_, env_);
    state_.nextRequestId = std::max(state_.nextRequestId, s.nextRequestId);
    if (out_.rejected()) {
        busy_ = false;
        drainQueue();
        return false;
    }
    std::vector<ToolCall> toolsToRun = performEffects(*live);
    std::vector<Event> events;
    std::vector<Announcement> announcements;
    events.swap(out_.events);
    announcements.swap(out_.announcements);
    busy_ = false;

    updateFlushTimer();
    for (const Event& e : events) {
        if (isTerminal(e))
            report(hooks_.onFinish(e));
        else if (const auto* step = std::get_if<StepFinishEvent>(&e))
            report(hooks_.onStepFinish(*step));
    }
    for (const ToolCall& call : toolsToRun)
        runBackgroundTool(conversationId, call);
    retireIfEnded(conversationId, before, wasOpen);
    giveBack(events, announcements);
    drainQueue();
    return true;
}

Runtime::Live* Runtime::backgroundFor(const Input& input)
{
    const RequestId request = requestIdOf(input);
    const auto ownsRequest = [request](const State& s) {
        return (s.turn && (s.turn->requestId == request || s.turn->lastRequestId == request)) ||
               (s.compaction && s.compaction->requestId == request);
    };
    if (request != 0) {
        if (ownsRequest(state_))
            return nullptr;
        for (const auto& live : background_)
            if (ownsRequest(live->state))
                return live.get();
    } else {
        // A tool's result or progress: the conversation whose turn runs the call.
        const std::string* callId = nullptr;
        if (const auto* result = std::get_if<ToolResult>(&input))
            callId = &result->callId;
        else if (const auto* progress = std::get_if<ToolProgress>(&input))
            callId = &progress->callId;
        if (!callId || runningIn(state_, *callId))
            return nullptr;
        for (const auto& live : background_)
            if (runningIn(live->state, *callId))
                return live.get();
    }
    return nullptr;
}

Runtime::Live* Runtime::findBackground(std::string_view conversationId)
{
    for (const auto& live : background_)
        if (live->state.conversation.id == conversationId)
            return live.get();
    return nullptr;
}

const Runtime::Live* Runtime::findBackground(std::string_view conversationId) const
{
    for (const auto& live : background_)
        if (live->state.conversation.id == conversationId)
            return live.get();
    return nullptr;
}

std::vector<std::string> Runtime::backgroundConversations() const
{
    std::vector<std::string> ids;
    ids.reserve(background_.size());
    for (const auto& live : background_)
        ids.push_back(live->state.conversation.id);
    return ids;
}

const State* Runtime::backgroundState(std::string_view conversationId) const
{
    const Live* live = findBackground(conversationId);
    return live ? &live->state : nullptr;
}

Status Runtime::statusOf(std::string_view conversationId) const
{
    if (conversationId == state_.conversation.id)
        return state_.status;
    if (const Live* live = findBackground(conversationId))
        return live->state.status;
    for (const auto& [id, status] : ended_)
        if (id == conversationId)
            return status;
    return Status::Idle;
}

// A background turn that ended leaves the background: its conversation is stored (or, without a
// store, kept in memory), and how it ended is remembered until it is shown.
void Runtime::retireIfEnded(std::string conversationId, Status before, bool wasOpen)
{
    const auto it = std::find_if(background_.begin(), background_.end(), [&](const auto& live) {
        return live->state.conversation.id == conversationId;
    });
    if (it == background_.end())
        return;
    State& s = (*it)->state;
    const Status status = s.status;
    const bool ended = wasOpen && !s.turn;
    if (status == before && !ended)
        return;
    if (ended) {
        if (status == Status::Error || status == Status::Interrupted || status == Status::Handoff)
            ended_[conversationId] = status;
        const bool retrying = (*it)->delayed.has_value();
        // A summary the ended reply started (autoCompact) would land in a state let go: stopped.
        if (s.compaction)
            executor_.cancelRequest(s.compaction->requestId);
        background_.erase(it);
        if (retrying)
            armRetryTimer(true);
        updateFlushTimer();
        dispatch(BackgroundEnded{conversationId}); // a place for one more
        if (executor_.hasStore() && executor_.holdsConversation(conversationId))
            executor_.markUnread(conversationId, true);
    }
    if (observer_)
        observer_->backgroundChanged(conversationId, status, ended);
}

void Runtime::runBackgroundTool(std::string conversationId, const ToolCall& call)
{
    const auto stillWanted = [&] {
        const Live* live = findBackground(conversationId);
        return live && runningIn(live->state, call.id);
    };
    if (!stillWanted())
        return;
    report(hooks_.onToolExecutionStart(call));
    if (stillWanted())
        executor_.runTool(call);
}

void Runtime::openConversation(const std::string& id)
{
    // What becomes of the open turn is the reducer's to decide (OpenConversation): the
    // effects that follow leave it running, show a background one, or load.
    dispatch(OpenConversation{id});
}

// A conversation to show: from the store, or from memory. A reply streaming in the one shown
// so far is written first, so what streamed of it is kept whatever becomes of its turn.
void Runtime::load(const std::string& id)
{
    ended_.erase(id); // shown: how its turn ended is no longer news
    saveStreamingRow(state_);
    storage().loadConversation(id); // answers with dispatch(SwitchConversation{...})
}

// The shown conversation's turn goes on in the background (the reducer has counted it there);
// an empty one with the same settings is shown until `nextId` is loaded into it.
void Runtime::leaveRunning(const std::string& nextId)
{
    auto left = std::make_unique<Live>(std::move(shown_));
    shown_ = Live{};
    copySurface(left->state, state_);
    state_.conversation.id = nextId;
    const std::string leftId = left->state.conversation.id;
    const Status status = left->state.status;
    background_.push_back(std::move(left));
    // The view forgets the conversation now, not only when the next one arrives (a store that
    // loads later must not leave it reading rows that are gone).
    if (observer_)
        observer_->messagesChanged(
            {Change{Change::Kind::Reset, 0, state_.conversation.messages.size(), Field::None}});
    notifyProperties();
    if (observer_)
        observer_->backgroundChanged(leftId, status, false);
}

// A conversation whose turn ran in the background is shown as it is, live; the one shown so far
// goes to the background if its turn is open and may go on (the reducer decided, and stopped
// it otherwise).
void Runtime::showBackground(const std::string& id, bool keepLeft)
{
    const auto it = std::find_if(background_.begin(), background_.end(), [&](const auto& live) {
        return live->state.conversation.id == id;
    });
    if (it == background_.end())
        return;
    std::unique_ptr<Live> next = std::move(*it);
    background_.erase(it);
    copySurface(state_, next->state);
    std::string leftId;
    Status leftStatus = Status::Idle;
    if (keepLeft && state_.turn) {
        leftId = state_.conversation.id;
        leftStatus = state_.status;
        background_.push_back(std::make_unique<Live>(std::move(shown_)));
    }
    shown_ = std::move(*next);
    ended_.erase(id);
    updateFlushTimer();
    if (observer_)
        observer_->messagesChanged(
            {Change{Change::Kind::Reset, 0, state_.conversation.messages.size(), Field::None}});
    notifyProperties();
    if (!observer_)
        return;
    if (!leftId.empty())
        observer_->backgroundChanged(leftId, leftStatus, false);
    // A decision or an answer waits here: say so, as when a stored one is reopened.
    if (state_.turn && state_.turn->stepRow < state_.conversation.messages.size()) {
        const std::string& stepId = state_.conversation.messages[state_.turn->stepRow].id;
        std::vector<Announcement> waiting;
        if (!state_.pendingToolCalls.empty())
            waiting.push_back(
                {Announcement::Kind::ApprovalNeeded, Politeness::Assertive, stepId, 0, 0});
        if (!state_.pendingInputs.empty())
            waiting.push_back(
                {Announcement::Kind::InputNeeded, Politeness::Assertive, stepId, 0, 0});
        if (!waiting.empty())
            speak(waiting);
    }
}

void Runtime::abortBackground()
{
    for (const std::string& id : backgroundConversations())
        dispatchBackground(id, Abort{});
}

void Runtime::forgetConversation(const std::string& id)
{
    ended_.erase(id);
    memory_.removeConversation(id);
    const auto it = std::find_if(background_.begin(), background_.end(), [&](const auto& live) {
        return live->state.conversation.id == id;
    });
    if (it == background_.end())
        return;
    std::unique_ptr<Live> live = std::move(*it);
    background_.erase(it);
    if (live->state.turn) {
        Effect cancel{CancelTurn{live->state.turn->lastRequestId, live->state.turn->running}};
        perform(cancel, *live);
    }
    if (live->state.compaction)
        executor_.cancelRequest(live->state.compaction->requestId);
    if (live->delayed)
        armRetryTimer(true);
    updateFlushTimer();
    dispatch(BackgroundEnded{id});
}

} // namespace koder::agent
