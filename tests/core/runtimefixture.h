// SPDX-License-Identifier: MIT
// The runtime test harness: a fake executor that records every call and runs timers on a virtual
// clock, an observer that records what it hears, hooks that log, and the fixture that joins them
// into one ordered log. Shared by the runtime's test files.
#pragma once

#include "koder/agent/runtime.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace koder::agent::runtime_test {

using ::testing::ElementsAre;
using Log = std::vector<std::string>;
using Timer = Executor::Timer;

inline std::string timerName(Timer t)
{
    return t == Timer::Retry ? "Retry" : "Flush";
}

inline std::string kindName(Announcement::Kind k)
{
    switch (k) {
    case Announcement::Kind::ReplyStarted:
        return "ReplyStarted";
    case Announcement::Kind::ReplyText:
        return "ReplyText";
    case Announcement::Kind::ReplyFinished:
        return "ReplyFinished";
    case Announcement::Kind::Stopped:
        return "Stopped";
    case Announcement::Kind::Error:
        return "Error";
    case Announcement::Kind::ApprovalNeeded:
        return "ApprovalNeeded";
    case Announcement::Kind::MessageAdded:
        return "MessageAdded";
    case Announcement::Kind::InputNeeded:
        return "InputNeeded";
    case Announcement::Kind::ContextHigh:
        return "ContextHigh";
    }
    return "?";
}

/// `set` without Aspect::Context, which the meter changes with almost every input (the
/// tests of hook and notification order leave it out; tst_context checks it).
inline Aspect withoutContext(Aspect set)
{
    return static_cast<Aspect>(static_cast<std::uint32_t>(set) &
                               ~static_cast<std::uint32_t>(Aspect::Context));
}

inline std::string aspectNames(Aspect set)
{
    static const std::pair<Aspect, const char*> names[] = {
        {Aspect::Status, "Status"},         {Aspect::Streaming, "Streaming"},
        {Aspect::Abortable, "Abortable"},   {Aspect::PendingToolCalls, "PendingToolCalls"},
        {Aspect::LastError, "LastError"},   {Aspect::ConversationId, "ConversationId"},
        {Aspect::AutoAccept, "AutoAccept"}, {Aspect::SystemPrompt, "SystemPrompt"},
        {Aspect::MaxSteps, "MaxSteps"},     {Aspect::MaxRetries, "MaxRetries"},
        {Aspect::Policies, "Policies"},     {Aspect::Busy, "Busy"},
        {Aspect::Queue, "Queue"},           {Aspect::Context, "Context"},
        {Aspect::Compaction, "Compaction"}, {Aspect::AutoCompact, "AutoCompact"},
    };
    std::string text;
    for (const auto& [aspect, name] : names) {
        if (!has(set, aspect))
            continue;
        if (!text.empty())
            text += '|';
        text += name;
    }
    return text.empty() ? "None" : text;
}

inline std::string changeText(const Change& c)
{
    switch (c.kind) {
    case Change::Kind::Inserted:
        return "I" + std::to_string(c.first) + "+" + std::to_string(c.count);
    case Change::Kind::Removed:
        return "R" + std::to_string(c.first) + "+" + std::to_string(c.count);
    case Change::Kind::Changed:
        return "C" + std::to_string(c.first);
    case Change::Kind::Reset:
        return "Reset" + std::to_string(c.count);
    }
    return "?";
}

inline std::string rowText(std::size_t row)
{
    return row == noRow ? "-" : std::to_string(row);
}

inline std::string eventText(const Event& e)
{
    std::string text = "obs:event " + std::string(eventName(e));
    std::visit(
        [&](const auto& ev) {
            text += ' ';
            text += ev.messageId;
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, StreamTokenEvent>) {
                text += ' ';
                text += ev.token;
            }
        },
        e);
    return text;
}

inline std::vector<std::string> texts(const std::vector<Message>& messages)
{
    std::vector<std::string> t;
    for (const Message& m : messages)
        t.push_back(m.text);
    return t;
}

// ---- the fake executor: records every call, runs timers on a virtual clock --------------------

class FakeExecutor : public Executor {
public:
    struct Save {
        std::string id;
        std::vector<Message> messages;
        std::size_t fromRow = 0;
        std::size_t streamingRow = noRow;
    };

    explicit FakeExecutor(Log& log)
        : log_(log)
    {
    }

    Runtime* runtime = nullptr;
    bool store = false;
    std::map<std::string, std::vector<Message>> stored;
    std::map<std::string, ApprovalState> storedApprovals;
    std::map<std::string, std::vector<QueuedMessage>> storedQueues;
    std::map<std::string, std::string> unreadable; ///< id -> why it cannot be loaded
    /// Synchronous answers, called from inside the executor's call.
    std::function<void(const StartTurn&)> answerRequest;
    std::function<void(const ToolCall&)> answerTool;

    std::vector<StartTurn> requests;
    std::vector<Save> saves;
    std::vector<std::pair<Timer, std::int64_t>> timerStarts;

    std::int64_t now = 0;
    std::map<Timer, std::int64_t> deadlines;

    /// Moves the clock `ms` on, firing the timers that fall due on the way, in deadline order.
    void advance(std::int64_t ms)
    {
        const std::int64_t until = now + ms;
        for (;;) {
            const auto due =
                std::min_element(deadlines.begin(), deadlines.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
            if (due == deadlines.end() || due->second > until)
                break;
            const Timer timer = due->first;
            now = due->second;
            deadlines.erase(due);
            runtime->timerFired(timer);
        }
        now = until;
    }
    bool timerRunning(Timer t) const { return deadlines.count(t) != 0; }

    void startRequest(const StartTurn& request) override
    {
        log_.push_back("exec:startRequest r" + std::to_string(request.requestId) + " step" +
                       std::to_string(request.step) + " attempt" + std::to_string(request.attempt));
        requests.push_back(request);
        if (answerRequest)
            answerRequest(request);
    }
    void cancelRequest(RequestId id) override
    {
        log_.push_back("exec:cancelRequest r" + std::to_string(id));
    }
    void runTool(const ToolCall& call) override
    {
        log_.push_back("exec:runTool " + call.id);
        if (answerTool)
            answerTool(call);
    }
    void cancelTool(const std::string& callId) override
    {
        log_.push_back("exec:cancelTool " + callId);
    }
    /// What the askers of questions from outside heard, in order.
    struct Settled {
        PendingInput input;
        InputDecision decision;
        std::string value;
    };
    std::vector<Settled> settled;
    void settleInput(const PendingInput& input, InputDecision decision,
                     const std::string& valueJson) override
    {
        log_.push_back("exec:settleInput " + input.id + " " + std::string(toString(decision)));
        settled.push_back({input, decision, valueJson});
    }
    bool hasStore() const override { return store; }
    void saveConversation(const Persist& write, const std::vector<Message>& messages,
                          const Versions& /*versions*/, const ApprovalState& approvals,
                          const std::vector<QueuedMessage>& queue,
                          std::size_t streamingRow) override
    {
        storedQueues[write.conversationId] = queue;
        storedApprovals[write.conversationId] = approvals;
        const std::string& id = write.conversationId;
        const std::size_t fromRow = write.fromRow;
        log_.push_back("exec:save " + id + " from" + std::to_string(fromRow) + " streaming" +
                       rowText(streamingRow) + " n" + std::to_string(messages.size()));
        saves.push_back({id, messages, fromRow, streamingRow});
        stored[id] = messages;
    }
    //! [runtime-executor-load]
    void loadConversation(const std::string& id) override
    {
        log_.push_back("exec:load " + id);
        SwitchConversation to{id, {}, {}};
        if (const auto bad = unreadable.find(id); bad != unreadable.end())
            to.loadError = bad->second;
        else if (const auto it = stored.find(id); it != stored.end()) {
            to.messages = it->second;
            to.approvals = storedApprovals[id];
            to.queued = storedQueues[id];
        }
        runtime->dispatch(std::move(to));
    }
    //! [runtime-executor-load]
    void removeConversation(const std::string& id) override
    {
        log_.push_back("exec:remove " + id);
        stored.erase(id);
    }
    bool holdsConversation(const std::string& id) const override { return stored.count(id) != 0; }
    /// Unread marks, in order: "id 1" unread, "id 0" read.
    std::vector<std::string> unreadMarks;
    void markUnread(const std::string& id, bool unread) override
    {
        unreadMarks.push_back(id + (unread ? " 1" : " 0"));
    }
    void startTimer(Timer timer, std::int64_t delayMs) override
    {
        log_.push_back("exec:startTimer " + timerName(timer) + " " + std::to_string(delayMs));
        timerStarts.emplace_back(timer, delayMs);
        deadlines[timer] = now + delayMs;
    }
    void stopTimer(Timer timer) override
    {
        log_.push_back("exec:stopTimer " + timerName(timer));
        deadlines.erase(timer);
    }

private:
    Log& log_;
};

// ---- the recording observer ---------------------------------------------------------------------

class RecordingObserver : public RuntimeObserver {
public:
    explicit RecordingObserver(Log& log)
        : log_(log)
    {
    }

    std::vector<Rejection> rejections;
    std::vector<Aspect> properties;
    std::vector<std::pair<SpokenAnnouncement, bool>> announcements;
    std::vector<HookFailure> hookFailures;
    std::vector<std::pair<ToolCall, ToolResult>> toolsFinished;
    std::vector<std::tuple<std::string, Status, bool>> background;
    /// Called after an event is recorded (a handler that acts on it).
    std::function<void(const Event&)> onEvent;

    void rejected(const Rejection& rejection) override
    {
        log_.push_back("obs:rejected " + std::string(rejection.action) + " " +
                       std::string(toString(rejection.reason)));
        rejections.push_back(rejection);
    }
    void messagesChanged(const std::vector<Change>& changes) override
    {
        std::string text = "obs:changes";
        for (const Change& c : changes)
            text += " " + changeText(c);
        log_.push_back(text);
    }
    void propertiesChanged(Aspect changed) override
    {
        if (withoutContext(changed) != Aspect::None)
            log_.push_back("obs:props " + aspectNames(withoutContext(changed)));
        properties.push_back(changed);
    }
    void announced(const SpokenAnnouncement& a, bool heard) override
    {
        log_.push_back("obs:announce " + kindName(a.kind) + " " + a.messageId +
                       (heard ? " heard" : " unheard"));
        announcements.emplace_back(a, heard);
    }
    void beforeTerminal() override { log_.push_back("obs:beforeTerminal"); }
    void event(const Event& e) override
    {
        log_.push_back(eventText(e));
        if (onEvent)
            onEvent(e);
    }
    void turnStarting(const StartTurn& request) override
    {
        log_.push_back("obs:turnStarting r" + std::to_string(request.requestId));
    }
    void toolExecutionStarted(const ToolCall& call) override
    {
        log_.push_back("obs:toolStarted " + call.id);
    }
    void toolExecutionFinished(const ToolCall& call, const ToolResult& result) override
    {
        log_.push_back("obs:toolFinished " + call.id + " " + result.result);
        toolsFinished.emplace_back(call, result);
    }
    void backgroundChanged(const std::string& conversationId, Status status, bool finished) override
    {
        log_.push_back("obs:background " + conversationId + " " + std::string(toString(status)) +
                       (finished ? " finished" : ""));
        background.emplace_back(conversationId, status, finished);
    }
    void hookFailed(const HookFailure& failure) override
    {
        log_.push_back("obs:hookFailed " + failure.hookSet + " " + std::string(failure.hook) + " " +
                       failure.what);
        hookFailures.push_back(failure);
    }

private:
    Log& log_;
};

/// A hook set that writes every call into the log under its name. Its prepareStep appends a
/// system message naming itself after what the previous link left, so the chain is visible.
inline HookSet loggingHooks(Log& log, const std::string& setName)
{
    HookSet h;
    h.name = setName;
    h.onStart = [&log, setName](const StartTurn& r) {
        log.push_back(setName + ":onStart r" + std::to_string(r.requestId));
    };
    h.prepareStep = [&log, setName](StartTurn r) {
        log.push_back(setName + ":prepareStep r" + std::to_string(r.requestId));
        const bool chained = !r.history.empty() && r.history.back().id == "chain";
        const std::string before = chained ? r.history.back().text : std::string();
        r.history.emplace_back("chain", Role::System, before + setName);
        return r;
    };
    h.onStepFinish = [&log, setName](const StepFinishEvent& s) {
        log.push_back(setName + ":onStepFinish step" + std::to_string(s.step) + " " +
                      s.finishReason);
    };
    h.onToolExecutionStart = [&log, setName](const ToolCall& c) {
        log.push_back(setName + ":onToolExecutionStart " + c.id);
    };
    h.onToolExecutionEnd = [&log, setName](const ToolCall& c, const ToolResult& r) {
        log.push_back(setName + ":onToolExecutionEnd " + c.id + " " + r.result);
    };
    h.onFinish = [&log, setName](const Event& e) {
        std::string text = setName + ":onFinish " + std::string(eventName(e));
        std::visit([&](const auto& ev) { text += " " + std::string(ev.messageId); }, e);
        log.push_back(text);
    };
    return h;
}

// ---- the fixture --------------------------------------------------------------------------------

class RuntimeFixture : public ::testing::Test {
protected:
    //! [runtime-setup]
    Log log;
    FakeExecutor exec{log};
    RecordingObserver obs{log};
    Runtime rt{exec, makeEnvironment()};

    RuntimeFixture()
    {
        exec.runtime = &rt;
        rt.setObserver(&obs);
        rt.dispatch(SetTools{{{"read_file", true}, {"write_file", false}}});
        log.clear();
    }
    //! [runtime-setup]

    Environment makeEnvironment()
    {
        Environment env = Environment::deterministic();
        env.now = [this] { return exec.now; };
        return env;
    }

    //! [runtime-inputs]
    const State& state() const { return rt.state(); }
    RequestId live() const { return state().turn ? state().turn->requestId : 0; }

    bool send(std::string text = "hi") { return rt.dispatch(Send{std::move(text), {}}); }
    bool token(std::string text) { return rt.dispatch(TextDelta{live(), std::move(text)}); }
    bool end(std::string reason = "stop")
    {
        return rt.dispatch(StreamEnded{live(), std::move(reason)});
    }
    bool fail(ErrorInfo error) { return rt.dispatch(StreamFailed{live(), std::move(error), {}}); }
    bool call(std::string id, std::string name = "read_file")
    {
        return rt.dispatch(
            ToolCallRequested{live(), {std::move(id), std::move(name), "{}", false}});
    }
    //! [runtime-inputs]
    /// One finished exchange.
    void exchange(std::string question, std::string answer)
    {
        send(std::move(question));
        token(std::move(answer));
        end();
    }

    std::size_t count(const std::string& entry) const
    {
        return static_cast<std::size_t>(std::count(log.begin(), log.end(), entry));
    }
    std::size_t countPrefix(const std::string& prefix) const
    {
        return static_cast<std::size_t>(std::count_if(
            log.begin(), log.end(), [&](const std::string& e) { return e.starts_with(prefix); }));
    }
    /// Where `entry` first appears in the log (log.size() when it does not).
    std::size_t at(const std::string& entry) const
    {
        return static_cast<std::size_t>(std::find(log.begin(), log.end(), entry) - log.begin());
    }
    Log since(std::size_t mark) const
    {
        return Log(log.begin() + static_cast<std::ptrdiff_t>(mark), log.end());
    }
};

} // namespace koder::agent::runtime_test
