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
    std::vector<ToolCall> toolsToRun;
    if (!out_.effects.empty()) {
        std::vector<Effect> effects = std::move(out_.effects);
        out_.effects.clear();
        for (Effect& effect : effects) {
            if (auto* exec = std::get_if<ExecuteTool>(&effect))
                toolsToRun.push_back(std::move(exec->call));
            else
                perform(effect);
        }
    }
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
    drainQueue();
    return true;
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

void Runtime::perform(Effect& effect)
{
    std::visit(
        [this](auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, StartTurn>) {
                if (e.delayMs > 0) {
                    delayed_ = std::move(e);
                    executor_.startTimer(Executor::Timer::Retry, delayed_->delayMs);
                } else {
                    startRequest(std::move(e));
                }
            } else if constexpr (std::is_same_v<T, CancelTurn>) {
                if (delayed_ && delayed_->requestId == e.requestId) {
                    executor_.stopTimer(Executor::Timer::Retry);
                    delayed_.reset();
                }
                if (e.requestId != 0)
                    executor_.cancelRequest(e.requestId);
                for (const std::string& id : e.toolCallIds)
                    executor_.cancelTool(id);
            } else if constexpr (std::is_same_v<T, Persist>) {
                // Without a store the state itself is the memory copy.
                if (executor_.hasStore())
                    executor_.saveConversation(e, state_.messages, state_.versions,
                                               approvalStateOf(state_), state_.queued,
                                               streamingRow(state_));
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
                runTool(e.call); // dispatch() holds these back until the events are out
            } else {
                static_assert(!sizeof(T), "every effect must be performed");
            }
        },
        effect);
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

// The core's turn is the one record of running calls: `running` has the ids, `stepCalls` the
// calls themselves. A result for a call it no longer waits for (aborted, cancelled) is dropped.
const ToolCall* Runtime::runningTool(std::string_view callId) const
{
    if (!state_.turn)
        return nullptr;
    const Turn& turn = *state_.turn;
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
    }
    dispatch(std::move(toolResult));
}

void Runtime::timerFired(Executor::Timer timer)
{
    switch (timer) {
    case Executor::Timer::Retry:
        if (auto request = std::exchange(delayed_, std::nullopt))
            startRequest(std::move(*request));
        break;
    case Executor::Timer::Flush:
        flushing_ = false;
        flushStreamingReply();
        updateFlushTimer();
        break;
    }
}

void Runtime::flushStreamingReply()
{
    const std::size_t row = streamingRow(state_);
    if (row == noRow || !executor_.hasStore())
        return;
    executor_.saveConversation(Persist{state_.conversationId, row, {}, {}, false}, state_.messages,
                               state_.versions, approvalStateOf(state_), state_.queued, row);
}

void Runtime::updateFlushTimer()
{
    const bool wanted = isStreaming(state_) && executor_.hasStore();
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
