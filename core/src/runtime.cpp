// SPDX-License-Identifier: MIT
#include "koder/agent/runtime.h"

#include "koder/agent/reducer.h"

#include <algorithm>
#include <type_traits>
#include <utility>

namespace koder::agent {

// Every byte but a continuation byte (0x80-0xBF) starts a character and counts one unit; a
// 4-byte lead (0xF0-0xF7) starts a character outside the BMP, a surrogate pair: one more.
std::size_t utf16Length(std::string_view utf8)
{
    std::size_t units = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        units += static_cast<std::size_t>((b & 0xC0) != 0x80) +
                 static_cast<std::size_t>((b & 0xF8) == 0xF0);
    }
    return units;
}

Runtime::Runtime(Executor& executor, Environment env)
    : executor_(executor)
    , env_(std::move(env))
{
    state_.conversationId = env_.newId("c");
    seen_.conversationId = state_.conversationId;
    seen_.autoAccept = state_.autoAccept;
    seen_.maxSteps = state_.maxSteps;
    seen_.maxRetries = state_.maxRetries;
}

// ---- dispatch ---------------------------------------------------------------------------------

namespace {
// Settings that hold for every conversation (what copyConfiguration carries).
bool isConfiguration(const Input& input)
{
    return std::holds_alternative<SetAutoAccept>(input) ||
           std::holds_alternative<SetToolPolicies>(input) ||
           std::holds_alternative<SetBusyPolicy>(input) ||
           std::holds_alternative<SetSystemPrompt>(input) ||
           std::holds_alternative<SetTools>(input) || std::holds_alternative<SetMaxSteps>(input) ||
           std::holds_alternative<SetMaxRetries>(input);
}
} // namespace

bool Runtime::dispatch(Input&& input)
{
    if (busy_) {
        // An input produced while effects run (a transport or tool answering at once) waits for
        // the current one to finish, so outcomes never interleave.
        queue_.push_back(std::move(input));
        return true;
    }
    struct Nesting {
        int& depth;
        explicit Nesting(int& d)
            : depth(d)
        {
            ++depth;
        }
        ~Nesting() { --depth; }
        Nesting(const Nesting&) = delete;
        Nesting& operator=(const Nesting&) = delete;
    } nesting(depth_);
    if (!background_.empty()) {
        if (Live* other = backgroundFor(input))
            return dispatchBackground(other->state.conversationId, std::move(input));
        if (refusedForTooManyTurns(input))
            return false;
    }
    // A new conversation leaves the open turn running, as opening another one does.
    if (std::holds_alternative<Reset>(input) && roomToLeaveRunning())
        leaveRunning(env_.newId("c"));
    if (std::holds_alternative<TextDelta>(input))
        return streamText(std::move(input));
    // onError hooks decide for the live request only; a stale failure is dropped by the core.
    if (auto* failed = std::get_if<StreamFailed>(&input)) {
        if (state_.turn && state_.turn->requestId == failed->requestId) {
            std::vector<HookFailure> failures;
            const ErrorVerdict verdict =
                hooks_.onError(failed->error, state_.turn->attempt, failures);
            report(failures);
            if (verdict != ErrorVerdict::Default)
                failed->verdict = verdict;
        }
    }
    // A reasoning delta changes the streaming row and nothing else: it compares nothing.
    const bool delta = std::holds_alternative<ReasoningDelta>(input);
    // Configuration holds for every conversation: the background ones follow the shown one.
    std::optional<Input> alsoInBackground;
    if (!background_.empty() && isConfiguration(input))
        alsoInBackground = input;

    busy_ = true;
    reduce(state_, std::move(input), out_, env_);
    log_.record(input, out_, state_); // reads only what reduce() never moves out

    if (out_.rejected()) {
        const Rejection rejection = *out_.rejection;
        busy_ = false;
        if (observer_)
            observer_->rejected(rejection);
        drainQueue();
        return false;
    }

    if (!out_.result.empty() || !lastResult_.empty())
        lastResult_ = out_.result; // the token path assigns nothing
    if (observer_ && !out_.changes.empty())
        observer_->messagesChanged(out_.changes);
    // Tools start after the events (a step's stepFinished comes before its tools' start) and
    // only if the turn still wants them then: a handler may have aborted it meanwhile.
    std::vector<ToolCall> toolsToRun = performEffects(shown_);
    // Take the events and announcements out: handlers may dispatch again, reusing out_.
    std::vector<Event> events;
    std::vector<Announcement> announcements;
    events.swap(out_.events);
    announcements.swap(out_.announcements);
    busy_ = false;

    if (!delta) {
        updateFlushTimer();
        const Aspect changed = changedAspects();
        if (observer_ && changed != Aspect::None)
            observer_->propertiesChanged(changed);
    }
    deliver(announcements, events);
    for (const ToolCall& call : toolsToRun)
        runTool(call);
    giveBack(events, announcements);
    if (alsoInBackground)
        for (const std::string& id : backgroundConversations())
            dispatchBackground(id, Input(*alsoInBackground));
    drainQueue();
    return true;
}

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

bool Runtime::roomToLeaveRunning() const
{
    return state_.turn && maxBackgroundTurns_ > 0 &&
           background_.size() < static_cast<std::size_t>(maxBackgroundTurns_);
}

// A send that would open one turn more than the background may hold is refused: switching away
// from it later could not keep it running.
bool Runtime::refusedForTooManyTurns(const Input& input)
{
    const bool opensTurn =
        std::holds_alternative<Send>(input) || std::holds_alternative<Regenerate>(input) ||
        std::holds_alternative<Edit>(input) || std::holds_alternative<SendQueued>(input);
    if (!opensTurn || state_.turn || maxBackgroundTurns_ == 0 ||
        background_.size() < static_cast<std::size_t>(maxBackgroundTurns_))
        return false;
    if (observer_)
        observer_->rejected(
            {actionName(input), RejectReason::TooManyTurns, std::to_string(background_.size())});
    return true;
}

Runtime::Live* Runtime::backgroundFor(const Input& input)
{
    RequestId request = 0;
    std::visit(
        [&request](const auto& i) {
            if constexpr (requires { i.requestId; })
                request = i.requestId;
        },
        input);
    const auto ownsRequest = [request](const State& s) {
        return s.turn && (s.turn->requestId == request || s.turn->lastRequestId == request);
    };
    if (request != 0) {
        if (ownsRequest(state_))
            return nullptr;
        for (const auto& live : background_)
            if (ownsRequest(live->state))
                return live.get();
    } else if (const auto* result = std::get_if<ToolResult>(&input)) {
        if (runningIn(state_, result->callId))
            return nullptr;
        for (const auto& live : background_)
            if (runningIn(live->state, result->callId))
                return live.get();
    }
    return nullptr;
}

Runtime::Live* Runtime::findBackground(std::string_view conversationId)
{
    for (const auto& live : background_)
        if (live->state.conversationId == conversationId)
            return live.get();
    return nullptr;
}

const Runtime::Live* Runtime::findBackground(std::string_view conversationId) const
{
    for (const auto& live : background_)
        if (live->state.conversationId == conversationId)
            return live.get();
    return nullptr;
}

std::vector<std::string> Runtime::backgroundConversations() const
{
    std::vector<std::string> ids;
    ids.reserve(background_.size());
    for (const auto& live : background_)
        ids.push_back(live->state.conversationId);
    return ids;
}

const State* Runtime::backgroundState(std::string_view conversationId) const
{
    const Live* live = findBackground(conversationId);
    return live ? &live->state : nullptr;
}

Status Runtime::statusOf(std::string_view conversationId) const
{
    if (conversationId == state_.conversationId)
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
        return live->state.conversationId == conversationId;
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
        if (!executor_.hasStore())
            memory_[conversationId] = {std::move(s.messages), std::move(s.versions),
                                       approvalStateOf(s), std::move(s.queued)};
        const bool retrying = (*it)->delayed.has_value();
        background_.erase(it);
        if (retrying)
            armRetryTimer(true);
        updateFlushTimer();
    }
    if (observer_)
        observer_->backgroundChanged(conversationId, status, ended);
}

// The token path. A text delta only grows the streaming row, names its token and, at a phrase
// end, announces it: no effect, no refusal, no property change. Its one event is delivered
// from a copy of the outcome's, without the general path's swaps.
bool Runtime::streamText(Input&& input)
{
    busy_ = true;
    reduce(state_, std::move(input), out_, env_);
    log_.record(input, out_, state_); // reads only what reduce() never moves out
    if (observer_ && !out_.changes.empty())
        observer_->messagesChanged(out_.changes);
    busy_ = false;
    const StreamTokenEvent* token = out_.announcements.empty() && out_.events.size() == 1
                                        ? std::get_if<StreamTokenEvent>(&out_.events.front())
                                        : nullptr;
    if (token) {
        // Delivered from a copy (two views: no allocation): a handler's own dispatch reuses out_.
        if (observer_)
            observer_->event(Event{std::in_place_type<StreamTokenEvent>, *token});
    } else if (!out_.events.empty() || !out_.announcements.empty()) {
        std::vector<Event> events;
        std::vector<Announcement> announcements;
        events.swap(out_.events);
        announcements.swap(out_.announcements);
        deliver(announcements, events);
        giveBack(events, announcements);
    }
    drainQueue();
    return true;
}

// Hands the capacity of a dispatch's taken-out vectors back to the outcome (unless a nested
// dispatch gave it some already), so the token path stays allocation-free.
void Runtime::giveBack(std::vector<Event>& events, std::vector<Announcement>& announcements)
{
    events.clear();
    announcements.clear();
    if (out_.events.capacity() == 0)
        out_.events.swap(events);
    if (out_.announcements.capacity() == 0)
        out_.announcements.swap(announcements);
}

void Runtime::drainQueue()
{
    // Only the outermost dispatch takes the queue, once all its events are out: a handler's own
    // dispatch (nested in that delivery) must not let a queued input overtake them (a token
    // before its streamStart).
    if (depth_ > 1)
        return;
    while (!busy_ && !queue_.empty()) {
        Input next = std::move(queue_.front());
        queue_.pop_front();
        dispatch(std::move(next));
    }
}

Aspect Runtime::changedAspects()
{
    Aspect changed = Aspect::None;
    Snapshot& b = seen_;
    const State& s = state_;
    if (b.status != s.status) {
        changed |= Aspect::Status;
        if ((b.status == Status::Streaming) != (s.status == Status::Streaming))
            changed |= Aspect::Streaming;
        b.status = s.status;
    }
    // The plain values: remembered as seen, and noted when they differ.
    const auto note = [&changed](Aspect aspect, auto& seen, const auto& now) {
        if (seen != now) {
            changed |= aspect;
            seen = now;
        }
    };
    note(Aspect::Abortable, b.open, s.turn.has_value());
    const auto& pending = s.pendingToolCalls;
    if (b.pendingCount != pending.size() ||
        (!pending.empty() && b.firstPending != pending.front().id)) {
        changed |= Aspect::PendingToolCalls;
        b.pendingCount = pending.size();
        b.firstPending = pending.empty() ? std::string() : pending.front().id;
    }
    if (b.hasError != s.lastError.has_value() ||
        (s.lastError && b.errorCode != s.lastError->code)) {
        changed |= Aspect::LastError;
        b.hasError = s.lastError.has_value();
        b.errorCode = s.lastError ? s.lastError->code : std::string();
    }
    note(Aspect::ConversationId, b.conversationId, s.conversationId);
    note(Aspect::AutoAccept, b.autoAccept, s.autoAccept);
    note(Aspect::SystemPrompt, b.systemPrompt, s.systemPrompt);
    note(Aspect::MaxSteps, b.maxSteps, s.maxSteps);
    note(Aspect::MaxRetries, b.maxRetries, s.maxRetries);
    note(Aspect::Policies, b.toolPolicies, s.toolPolicies);
    note(Aspect::Busy, b.busyPolicy, s.busyPolicy);
    note(Aspect::Queue, b.queued, s.queued);
    return changed;
}

// ---- effects ----------------------------------------------------------------------------------

// Performs the outcome's effects for `live` in order, but the tool runs: they are returned, to
// start once the events are out.
std::vector<ToolCall> Runtime::performEffects(Live& live)
{
    std::vector<ToolCall> toolsToRun;
    if (out_.effects.empty())
        return toolsToRun;
    std::vector<Effect> effects = std::move(out_.effects);
    out_.effects.clear();
    for (Effect& effect : effects) {
        if (auto* exec = std::get_if<ExecuteTool>(&effect))
            toolsToRun.push_back(std::move(exec->call));
        else
            perform(effect, live);
    }
    return toolsToRun;
}

void Runtime::perform(Effect& effect, Live& live)
{
    const State& state = live.state;
    std::visit(
        [this, &live, &state](auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, StartTurn>) {
                if (e.delayMs > 0)
                    delay(live, std::move(e));
                else
                    startRequest(std::move(e));
            } else if constexpr (std::is_same_v<T, CancelTurn>) {
                if (live.delayed && live.delayed->request.requestId == e.requestId) {
                    live.delayed.reset();
                    armRetryTimer(true);
                }
                if (e.requestId != 0)
                    executor_.cancelRequest(e.requestId);
                for (const std::string& id : e.toolCallIds)
                    executor_.cancelTool(id);
            } else if constexpr (std::is_same_v<T, Persist>) {
                // Without a store the state itself is the memory copy.
                if (executor_.hasStore())
                    executor_.saveConversation(e, state.messages, state.versions,
                                               approvalStateOf(state), state.queued,
                                               streamingRow(state));
            } else if constexpr (std::is_same_v<T, ForkConversation>) {
                if (executor_.hasStore())
                    executor_.saveConversation(Persist{e.newConversationId, 0, {}, {}, true},
                                               e.messages, Versions{}, ApprovalState{}, {}, noRow);
                else
                    memory_[e.newConversationId] = {std::move(e.messages), {}, {}, {}};
            } else if constexpr (std::is_same_v<T, DeleteStoredConversation>) {
                if (executor_.hasStore())
                    executor_.removeConversation(e.conversationId);
                else
                    memory_.erase(e.conversationId);
            } else if constexpr (std::is_same_v<T, ExecuteTool>) {
                // dispatch() holds these back until the events are out; never reached
                if (&live == &shown_)
                    runTool(e.call);
                else
                    runBackgroundTool(state.conversationId, e.call);
            } else {
                static_assert(!sizeof(T), "every effect must be performed");
            }
        },
        effect);
}

void Runtime::delay(Live& live, StartTurn request)
{
    const std::int64_t due = env_.now() + request.delayMs;
    live.delayed = Delayed{std::move(request), due};
    armRetryTimer(false);
}

// One timer serves every conversation's retry: it is set for the one that falls due first.
void Runtime::armRetryTimer(bool stopWhenIdle)
{
    std::optional<std::int64_t> first;
    const auto consider = [&first](const Live& live) {
        if (live.delayed && (!first || live.delayed->due < *first))
            first = live.delayed->due;
    };
    consider(shown_);
    for (const auto& live : background_)
        consider(*live);
    if (first)
        executor_.startTimer(Executor::Timer::Retry,
                             std::max<std::int64_t>(0, *first - env_.now()));
    else if (stopWhenIdle)
        executor_.stopTimer(Executor::Timer::Retry);
}

void Runtime::startRequest(StartTurn request)
{
    if (request.step == 1 && request.attempt == 0) {
        report(hooks_.onStart(request));
        if (observer_)
            observer_->turnStarting(request);
    }
    std::vector<HookFailure> failures;
    StartTurn prepared = hooks_.prepareStep(std::move(request), failures);
    report(failures);
    executor_.startRequest(prepared);
}

void Runtime::runTool(const ToolCall& call)
{
    if (!runningTool(call.id))
        return; // a handler of the step's events ended the turn meanwhile
    report(hooks_.onToolExecutionStart(call));
    if (observer_)
        observer_->toolExecutionStarted(call);
    if (!runningTool(call.id))
        return; // the hook or a handler of toolExecutionStarted ended the turn: never run it
    executor_.runTool(call);
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

// The core's turn is the one record of running calls: `running` has the ids, `stepCalls` the
// calls themselves. A result for a call it no longer waits for (aborted, cancelled) is dropped.
const ToolCall* Runtime::runningIn(const State& state, std::string_view callId)
{
    if (!state.turn)
        return nullptr;
    const Turn& turn = *state.turn;
    if (std::find(turn.running.begin(), turn.running.end(), callId) == turn.running.end())
        return nullptr;
    const auto it = std::find_if(turn.stepCalls.begin(), turn.stepCalls.end(),
                                 [&](const ToolCall& c) { return c.id == callId; });
    return it == turn.stepCalls.end() ? nullptr : &*it;
}

void Runtime::toolFinished(const std::string& callId, std::string result, bool isError)
{
    ToolResult toolResult{callId, std::move(result), isError};
    if (const ToolCall* running = runningTool(callId)) {
        const ToolCall call = *running; // the hooks may change the state
        report(hooks_.onToolExecutionEnd(call, toolResult));
        if (observer_)
            observer_->toolExecutionFinished(call, toolResult);
    } else {
        for (const auto& live : background_)
            if (const ToolCall* call = runningIn(live->state, callId)) {
                report(hooks_.onToolExecutionEnd(ToolCall(*call), toolResult));
                break;
            }
    }
    dispatch(std::move(toolResult)); // finds the conversation that waits for it
}

void Runtime::timerFired(Executor::Timer timer)
{
    switch (timer) {
    case Executor::Timer::Retry: {
        // The first retry to fall due goes, with every other whose time has come.
        Live* first = shown_.delayed ? &shown_ : nullptr;
        for (const auto& live : background_)
            if (live->delayed && (!first || live->delayed->due < first->delayed->due))
                first = live.get();
        if (!first)
            break;
        const std::int64_t now = env_.now();
        std::vector<StartTurn> due;
        const auto take = [&](Live& live) {
            if (live.delayed && (&live == first || live.delayed->due <= now))
                due.push_back(std::exchange(live.delayed, std::nullopt)->request);
        };
        take(*first);
        take(shown_);
        for (const auto& live : background_)
            take(*live);
        armRetryTimer(false);
        for (StartTurn& request : due)
            startRequest(std::move(request));
        break;
    }
    case Executor::Timer::Flush:
        flushing_ = false;
        flushStreamingReply();
        updateFlushTimer();
        break;
    }
}

void Runtime::flushStreamingReply()
{
    if (!executor_.hasStore())
        return;
    const auto flush = [this](const State& s) {
        const std::size_t row = streamingRow(s);
        if (row != noRow)
            executor_.saveConversation(Persist{s.conversationId, row, {}, {}, false}, s.messages,
                                       s.versions, approvalStateOf(s), s.queued, row);
    };
    flush(state_);
    for (const auto& live : background_)
        flush(live->state);
}

void Runtime::updateFlushTimer()
{
    bool anyStreaming = isStreaming(state_);
    for (const auto& live : background_)
        anyStreaming = anyStreaming || isStreaming(live->state);
    const bool wanted = anyStreaming && executor_.hasStore();
    if (wanted == flushing_)
        return;
    flushing_ = wanted;
    if (wanted)
        executor_.startTimer(Executor::Timer::Flush, flushIntervalMs_);
    else
        executor_.stopTimer(Executor::Timer::Flush);
}

void Runtime::storeChanged()
{
    updateFlushTimer();
}

void Runtime::openConversation(const std::string& id)
{
    const bool other = id != state_.conversationId;
    const bool returning = other && findBackground(id);
    // The turn being left runs on while the background has room (a conversation coming back
    // from it makes room).
    const bool keepRunning =
        other && state_.turn && maxBackgroundTurns_ > 0 && (returning || roomToLeaveRunning());
    if (returning) {
        showBackground(id, keepRunning);
        return;
    }
    if (keepRunning)
        leaveRunning(id);
    ended_.erase(id); // shown: how its turn ended is no longer news
    if (!executor_.hasStore()) {
        // Keep the conversation being left so switching back finds it.
        if (!state_.messages.empty())
            memory_[state_.conversationId] = {state_.messages, state_.versions,
                                              approvalStateOf(state_), state_.queued};
        SwitchConversation to{id, {}, {}, {}, {}, {}};
        if (const auto it = memory_.find(id); it != memory_.end()) {
            to.messages = std::move(it->second.messages);
            to.versions = std::move(it->second.versions);
            to.approvals = std::move(it->second.approvals);
            to.queued = std::move(it->second.queued);
            memory_.erase(it);
        }
        dispatch(std::move(to));
        return;
    }
    executor_.loadConversation(id); // answers with dispatch(SwitchConversation{...})
}

namespace {
// What holds for every conversation, not one: the shown one's settings go with the next shown.
void copyConfiguration(const State& from, State& to)
{
    to.autoAccept = from.autoAccept;
    to.toolPolicies = from.toolPolicies;
    to.busyPolicy = from.busyPolicy;
    to.systemPrompt = from.systemPrompt;
    to.tools = from.tools;
    to.maxSteps = from.maxSteps;
    to.maxRetries = from.maxRetries;
    to.nextRequestId = std::max(to.nextRequestId, from.nextRequestId);
}
} // namespace

// The shown conversation's turn goes on in the background; an empty one with the same settings
// is shown until `nextId` is loaded into it.
void Runtime::leaveRunning(const std::string& nextId)
{
    auto left = std::make_unique<Live>(std::move(shown_));
    shown_ = Live{};
    copyConfiguration(left->state, state_);
    state_.conversationId = nextId;
    const std::string leftId = left->state.conversationId;
    const Status status = left->state.status;
    background_.push_back(std::move(left));
    // The view forgets the conversation now, not only when the next one arrives (a store that
    // loads later must not leave it reading rows that are gone).
    if (observer_) {
        observer_->messagesChanged(
            {Change{Change::Kind::Reset, 0, state_.messages.size(), Field::None}});
        const Aspect changed = changedAspects();
        if (changed != Aspect::None)
            observer_->propertiesChanged(changed);
        observer_->backgroundChanged(leftId, status, false);
    }
}

// A conversation whose turn ran in the background is shown as it is, live; the one shown so far
// goes to the background if its turn is open and may go on (else its turn stops).
void Runtime::showBackground(const std::string& id, bool keepRunning)
{
    if (state_.turn && !keepRunning)
        dispatch(Abort{});
    const auto it = std::find_if(background_.begin(), background_.end(), [&](const auto& live) {
        return live->state.conversationId == id;
    });
    if (it == background_.end())
        return; // a handler of the abort opened something else
    std::unique_ptr<Live> next = std::move(*it);
    background_.erase(it);
    copyConfiguration(state_, next->state);
    std::string leftId;
    Status leftStatus = Status::Idle;
    if (keepRunning && state_.turn) {
        leftId = state_.conversationId;
        leftStatus = state_.status;
        background_.push_back(std::make_unique<Live>(std::move(shown_)));
    } else if (!executor_.hasStore() && !state_.messages.empty()) {
        memory_[state_.conversationId] = {std::move(state_.messages), std::move(state_.versions),
                                          approvalStateOf(state_), std::move(state_.queued)};
    }
    shown_ = std::move(*next);
    ended_.erase(id);
    updateFlushTimer();
    if (!observer_)
        return;
    observer_->messagesChanged(
        {Change{Change::Kind::Reset, 0, state_.messages.size(), Field::None}});
    const Aspect changed = changedAspects();
    if (changed != Aspect::None)
        observer_->propertiesChanged(changed);
    if (!leftId.empty())
        observer_->backgroundChanged(leftId, leftStatus, false);
    // A decision waits here: say so, as when a stored one is reopened.
    if (state_.turn && !state_.pendingToolCalls.empty() &&
        state_.turn->stepRow < state_.messages.size()) {
        std::vector<Announcement> approval{{Announcement::Kind::ApprovalNeeded,
                                            Politeness::Assertive,
                                            state_.messages[state_.turn->stepRow].id, 0, 0}};
        speak(approval);
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
    memory_.erase(id);
    const auto it = std::find_if(background_.begin(), background_.end(), [&](const auto& live) {
        return live->state.conversationId == id;
    });
    if (it == background_.end())
        return;
    std::unique_ptr<Live> live = std::move(*it);
    background_.erase(it);
    if (live->state.turn) {
        Effect cancel{CancelTurn{live->state.turn->lastRequestId, live->state.turn->running}};
        perform(cancel, *live);
    }
    if (live->delayed)
        armRetryTimer(true);
    updateFlushTimer();
}

void Runtime::report(const std::vector<HookFailure>& failures)
{
    if (!observer_)
        return;
    for (const HookFailure& f : failures)
        observer_->hookFailed(f);
}

// ---- events and announcements -----------------------------------------------------------------

void Runtime::deliver(std::vector<Announcement>& announcements, std::vector<Event>& events)
{
    if (events.empty()) {
        if (!announcements.empty())
            speak(announcements);
        return;
    }
    // A handler of an announcement or of an earlier event may change the state the token views
    // point into: they are copied first (all of them, then pointed at: the vector must not grow
    // while views into its short strings exist). A lone token, the hot path, is not.
    std::vector<std::string> tokenCopies; // local: a handler's own dispatch delivers too
    if (events.size() > 1 || !announcements.empty()) {
        for (const Event& e : events)
            if (const auto* token = std::get_if<StreamTokenEvent>(&e)) {
                tokenCopies.emplace_back(token->messageId);
                tokenCopies.emplace_back(token->token);
            }
        std::size_t next = 0;
        for (Event& e : events)
            if (auto* token = std::get_if<StreamTokenEvent>(&e)) {
                token->messageId = tokenCopies[next++];
                token->token = tokenCopies[next++];
            }
    }
    if (!announcements.empty())
        speak(announcements);
    for (const Event& e : events) {
        if (isTerminal(e)) {
            if (observer_)
                observer_->beforeTerminal();
            report(hooks_.onFinish(e));
        } else if (const auto* step = std::get_if<StepFinishEvent>(&e)) {
            report(hooks_.onStepFinish(*step));
        }
        if (observer_)
            observer_->event(e);
    }
}

void Runtime::speak(std::vector<Announcement>& announcements)
{
    // Texts first: the offsets point into the state, which a listener may change.
    std::vector<SpokenAnnouncement> spoken;
    spoken.reserve(announcements.size());
    for (const Announcement& a : announcements) {
        SpokenAnnouncement s{a.kind, a.politeness, a.messageId, {}, 0};
        if (a.kind == Announcement::Kind::ReplyText) {
            const std::size_t row = findMessage(state_, a.messageId);
            if (row != noRow) {
                const std::string_view all(state_.messages[row].text);
                s.text = std::string(all.substr(std::min(a.offset, all.size()), a.length));
                s.position = utf16Position(a.messageId, all, a.offset);
            }
        } else {
            announcedAt_ = {}; // a turn began or ended: the next phrase counts from the start
            if (a.kind == Announcement::Kind::Error && state_.lastError)
                s.text = state_.lastError->message;
        }
        spoken.push_back(std::move(s));
    }
    for (const SpokenAnnouncement& s : spoken) {
        if (s.kind == Announcement::Kind::ReplyStarted)
            unheard_.clear(); // a new turn: what nobody heard before is stale now
        const bool heard = listening_.count(s.messageId) != 0; // counts are never 0
        if (!heard && unheard_.size() < maxUnheard)
            unheard_.push_back(s);
        if (observer_)
            observer_->announced(s, heard);
    }
}

std::vector<SpokenAnnouncement> Runtime::listen(const std::string& messageId)
{
    ++listening_[messageId];
    std::vector<SpokenAnnouncement> missed;
    const auto mine = [&](const SpokenAnnouncement& s) { return s.messageId == messageId; };
    std::copy_if(unheard_.begin(), unheard_.end(), std::back_inserter(missed), mine);
    unheard_.erase(std::remove_if(unheard_.begin(), unheard_.end(), mine), unheard_.end());
    return missed;
}

void Runtime::unlisten(const std::string& messageId)
{
    const auto it = listening_.find(messageId);
    if (it != listening_.end() && --it->second == 0)
        listening_.erase(it);
}

// The position of byte `offset` of a message's text in UTF-16 units. Phrases come in order, so
// only the bytes since the last phrase are counted; another message, or an offset that went back
// (a retry starts the reply over), counts from the start.
std::size_t Runtime::utf16Position(const std::string& messageId, std::string_view text,
                                   std::size_t offset)
{
    AnnouncedAt& last = announcedAt_;
    offset = std::min(offset, text.size());
    if (offset < last.offset || last.messageId != messageId) {
        last.messageId = messageId;
        last.offset = 0;
        last.position = 0;
    }
    last.position += utf16Length(text.substr(last.offset, offset - last.offset));
    last.offset = offset;
    return last.position;
}

} // namespace koder::agent
