// SPDX-License-Identifier: MIT
// The Runtime (the agent loop around the reducer) driven through a fake executor with a fake
// clock: the moments of the hooks, tool bookkeeping and re-entrancy, retries on the Retry timer,
// announcements and their buffer, conversations kept in memory, the flush timer and the property
// notifications. Executor, observer and hooks write into one ordered log.
#include "runtimefixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace koder::agent {
namespace {

using namespace runtime_test;

using RuntimeHooks = RuntimeFixture;
using RuntimeErrors = RuntimeFixture;
using RuntimeTools = RuntimeFixture;
using RuntimeQueue = RuntimeFixture;
using RuntimeRetry = RuntimeFixture;
using RuntimeAnnouncements = RuntimeFixture;
using RuntimeConversations = RuntimeFixture;
using RuntimeFlush = RuntimeFixture;
using RuntimeAspects = RuntimeFixture;

const ErrorInfo retryable{"transport", "connection lost", true, -1};
const ErrorInfo fatal{"server", "bad request", false, -1};

// ---- (1) hook order ---------------------------------------------------------------------------

TEST_F(RuntimeHooks, AFullTurnWithAToolRoundCallsEveryHookAtItsMoment)
{
    //! [runtime-turn]
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    rt.addHooks(loggingHooks(log, "A"));
    rt.addHooks(loggingHooks(log, "B"));
    log.clear();

    send("hi");
    rt.dispatch(StreamStarted{live()});
    call("t1");
    end("tool_calls");
    rt.toolFinished("t1", "contents", false);
    token("Done.");
    end("stop");

    EXPECT_THAT(
        log,
        ElementsAre(
            // send: list, request (onStart, turnStarting, prepareStep chain), then
            // properties, announcements, events
            "obs:changes I0+2", "A:onStart r1", "B:onStart r1", "obs:turnStarting r1",
            "A:prepareStep r1", "B:prepareStep r1", "exec:startRequest r1 step1 attempt0",
            "obs:props Status|Streaming|Abortable", "obs:announce ReplyStarted m3 unheard",
            "obs:event userMessage m2", "obs:event streamStart m3",
            // the tool call
            "obs:changes C1", "obs:event toolCall m3",
            // the step ends: onStepFinish before its event, the tool after both
            "obs:changes C1", "obs:props Status|Streaming", "A:onStepFinish step1 tool_calls",
            "B:onStepFinish step1 tool_calls", "obs:event stepFinish m3",
            "A:onToolExecutionStart t1", "B:onToolExecutionStart t1", "obs:toolStarted t1",
            "exec:runTool t1",
            // the result: onToolExecutionEnd before it is dispatched; step 2 has
            // no onStart
            "A:onToolExecutionEnd t1 contents", "B:onToolExecutionEnd t1 contents",
            "obs:toolFinished t1 contents", "obs:changes I2+2", "A:prepareStep r2",
            "B:prepareStep r2", "exec:startRequest r2 step2 attempt0", "obs:props Status|Streaming",
            // a phrase
            "obs:changes C3", "obs:announce ReplyText m5 unheard", "obs:event streamToken m5 Done.",
            // the end: onFinish after beforeTerminal, before the terminal event
            "obs:changes C3", "obs:props Status|Streaming|Abortable",
            "obs:announce ReplyFinished m5 unheard", "A:onStepFinish step2 stop",
            "B:onStepFinish step2 stop", "obs:event stepFinish m5", "obs:beforeTerminal",
            "A:onFinish streamEnd m5", "B:onFinish streamEnd m5", "obs:event streamEnd m5"));
    //! [runtime-turn]

    // The prepareStep chain: B saw what A returned, and the executor got the result.
    ASSERT_EQ(exec.requests.size(), 2u);
    for (const StartTurn& r : exec.requests) {
        ASSERT_FALSE(r.history.empty());
        EXPECT_EQ(r.history.back().text, "AB");
    }
    EXPECT_EQ(state().status, Status::Idle);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("hi", "", "contents", "Done."));
}

TEST_F(RuntimeHooks, OnStartRunsOncePerTurnNotOnARetryNorOnALaterStep)
{
    rt.dispatch(SetMaxRetries{1});
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    rt.addHooks(loggingHooks(log, "A"));
    log.clear();

    send();
    fail(retryable);
    exec.advance(500); // the retry goes out
    ASSERT_EQ(exec.requests.size(), 2u);
    EXPECT_EQ(exec.requests[1].attempt, 1);
    call("t1");
    end("tool_calls");
    rt.toolFinished("t1", "x", false); // step 2
    ASSERT_EQ(exec.requests.size(), 3u);
    EXPECT_EQ(exec.requests[2].step, 2);
    end();

    EXPECT_EQ(countPrefix("A:onStart"), 1u);
    EXPECT_EQ(count("obs:turnStarting r1"), 1u);
    EXPECT_EQ(countPrefix("obs:turnStarting"), 1u);
    EXPECT_EQ(countPrefix("A:prepareStep"), 3u) << "every request goes through prepareStep";
    EXPECT_EQ(count("A:onFinish streamEnd m5"), 1u);

    // A new turn starts with onStart again.
    send("again");
    EXPECT_EQ(countPrefix("A:onStart"), 2u);
}

// ---- (2) onError and failing hooks ------------------------------------------------------------

// Two sends in the same event-loop turn (a handler of the first one's userMessage sends again,
// so the second waits in the runtime's input queue): the busy policy decides, and the executor
// sees exactly the requests that policy implies.
using RuntimeBusy = RuntimeFixture;

TEST_F(RuntimeBusy, TwoSendsInOneEventLoopTurnFollowThePolicy)
{
    const auto twoSends = [&](BusyPolicy policy) {
        rt.dispatch(Reset{});
        rt.dispatch(SetBusyPolicy{policy});
        bool again = true;
        obs.onEvent = [&](const Event& e) {
            if (std::holds_alternative<UserMessageEvent>(e) && std::exchange(again, false))
                rt.dispatch(Send{"two", {}});
        };
        log.clear();
        EXPECT_TRUE(send("one"));
        obs.onEvent = nullptr;
        Log requests;
        for (const std::string& line : log)
            if (line.rfind("exec:startRequest", 0) == 0 || line.rfind("exec:cancelRequest", 0) == 0)
                requests.push_back(line.substr(5, line.find(' ', 5) - 5));
        return requests;
    };
    EXPECT_THAT(twoSends(BusyPolicy::Reject), ElementsAre("startRequest"));
    EXPECT_EQ(obs.rejections.back().reason, RejectReason::TurnInProgress);
    EXPECT_THAT(twoSends(BusyPolicy::Queue), ElementsAre("startRequest"));
    EXPECT_EQ(state().conversation.queued.size(), 1u);
    EXPECT_THAT(twoSends(BusyPolicy::Interrupt),
                ElementsAre("startRequest", "cancelRequest", "startRequest"));
    EXPECT_THAT(twoSends(BusyPolicy::Steer),
                ElementsAre("startRequest", "cancelRequest", "startRequest"));
    ASSERT_TRUE(state().turn.has_value());
    EXPECT_EQ(state().turn->step, 2);
    EXPECT_EQ(state().conversation.messages.size(),
              4u); // one, its stopped reply, two, the reply to both
}

TEST_F(RuntimeErrors, OnErrorIsAskedOnlyForTheLiveRequest)
{
    std::vector<std::pair<std::string, int>> asked;
    rt.addHooks({.name = "errors", .onError = [&](const ErrorInfo& e, int attempt) {
                     asked.emplace_back(e.code, attempt);
                     return ErrorVerdict::Default;
                 }});
    send();
    const RequestId first = live();
    rt.dispatch(Abort{});
    // The aborted request's failure comes late: no turn is open.
    rt.dispatch(StreamFailed{first, retryable, {}});
    EXPECT_TRUE(asked.empty());
    EXPECT_EQ(state().status, Status::Interrupted);

    // A new turn is live; a failure of the old request is stale.
    send("again");
    const RequestId second = live();
    ASSERT_NE(second, first);
    rt.dispatch(StreamFailed{first, {"stale", "old", true, -1}, {}});
    EXPECT_TRUE(asked.empty());
    EXPECT_EQ(state().status, Status::Streaming);
    EXPECT_FALSE(state().lastError);

    rt.dispatch(StreamFailed{second, fatal, {}});
    EXPECT_THAT(asked, ElementsAre(std::make_pair(std::string("server"), 0)));
    EXPECT_EQ(state().status, Status::Error);
}

TEST_F(RuntimeErrors, HookVerdictsRetryAndAbortAreApplied)
{
    //! [runtime-onerror]
    ErrorVerdict verdict = ErrorVerdict::Retry;
    rt.addHooks({.name = "decider", .onError = [&](const ErrorInfo&, int) { return verdict; }});

    // Retry: the policy (maxRetries 0, not retryable) would give up; the hook retries.
    send();
    fail(fatal);
    EXPECT_EQ(state().status, Status::Streaming);
    EXPECT_FALSE(state().lastError);
    ASSERT_EQ(exec.timerStarts.size(), 1u);
    EXPECT_EQ(exec.timerStarts[0], std::make_pair(Timer::Retry, std::int64_t{500}));
    exec.advance(500);
    ASSERT_EQ(exec.requests.size(), 2u);
    EXPECT_EQ(exec.requests[1].attempt, 1);
    end();
    //! [runtime-onerror]

    // Abort: the policy (maxRetries 2, retryable) would retry; the hook gives up.
    rt.dispatch(SetMaxRetries{2});
    verdict = ErrorVerdict::Abort;
    send("again");
    const std::size_t timers = exec.timerStarts.size();
    fail(retryable);
    EXPECT_EQ(state().status, Status::Error);
    ASSERT_TRUE(state().lastError);
    EXPECT_EQ(state().lastError->code, "transport");
    EXPECT_EQ(exec.timerStarts.size(), timers) << "no retry was scheduled";
    exec.advance(60000);
    EXPECT_EQ(exec.requests.size(), 3u);
}

TEST_F(RuntimeErrors, AThrowingHookIsReportedAndTheChainGoesOn)
{
    rt.addHooks(
        {.name = "bad",
         .onStart = [](const StartTurn&) { throw std::runtime_error("no start"); },
         .prepareStep = [](StartTurn) -> StartTurn { throw std::logic_error("no prepare"); },
         .onStepFinish = [](const StepFinishEvent&) { throw std::runtime_error("no step"); },
         .onFinish = [](const Event&) { throw std::runtime_error("no finish"); },
         .onError = [](const ErrorInfo&, int) -> ErrorVerdict {
             throw std::runtime_error("no verdict");
         }});
    rt.addHooks(loggingHooks(log, "good"));
    rt.addHooks(
        {.name = "retrier", .onError = [](const ErrorInfo&, int) { return ErrorVerdict::Retry; }});
    log.clear();

    send();
    // The request still went out, prepared by the good link.
    ASSERT_EQ(exec.requests.size(), 1u);
    EXPECT_EQ(exec.requests[0].history.back().text, "good");
    fail(fatal); // "bad" throws, "retrier" still decides
    exec.advance(500);
    ASSERT_EQ(exec.requests.size(), 2u);
    end();

    EXPECT_THAT(obs.hookFailures, ElementsAre(HookFailure{"bad", "onStart", "no start"},
                                              HookFailure{"bad", "prepareStep", "no prepare"},
                                              HookFailure{"bad", "onError", "no verdict"},
                                              HookFailure{"bad", "prepareStep", "no prepare"},
                                              HookFailure{"bad", "onStepFinish", "no step"},
                                              HookFailure{"bad", "onFinish", "no finish"}));
    // The chain went on past each failure, which is reported once the chain is done and before
    // what the hook precedes (the request, the event).
    EXPECT_LT(at("good:onStart r1"), at("obs:hookFailed bad onStart no start"));
    EXPECT_LT(at("obs:hookFailed bad onStart no start"), at("exec:startRequest r1 step1 attempt0"));
    EXPECT_LT(at("good:onStepFinish step1 stop"), at("obs:hookFailed bad onStepFinish no step"));
    EXPECT_LT(at("obs:hookFailed bad onStepFinish no step"), at("obs:event stepFinish m3"));
    EXPECT_LT(at("obs:hookFailed bad onFinish no finish"), at("obs:event streamEnd m3"));
    EXPECT_EQ(count("good:onFinish streamEnd m3"), 1u);
    EXPECT_EQ(count("obs:event streamEnd m3"), 1u);
    EXPECT_EQ(state().status, Status::Idle);
}

// ---- (3) tools --------------------------------------------------------------------------------

TEST_F(RuntimeTools, ARunningToolIsKnownUntilItsResult)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    send();
    call("t1");
    EXPECT_EQ(rt.runningTool("t1"), nullptr) << "requested, not approved yet";
    end("tool_calls");
    const ToolCall* running = rt.runningTool("t1");
    ASSERT_NE(running, nullptr);
    EXPECT_EQ(running->name, "read_file");
    EXPECT_EQ(rt.runningTool("t2"), nullptr);
    EXPECT_EQ(state().status, Status::RunningTool);

    rt.toolFinished("t1", "ok", false);
    EXPECT_EQ(rt.runningTool("t1"), nullptr);
    ASSERT_EQ(obs.toolsFinished.size(), 1u);
    EXPECT_EQ(obs.toolsFinished[0].first.name, "read_file");
    EXPECT_EQ(obs.toolsFinished[0].second.callId, "t1");
    EXPECT_EQ(obs.toolsFinished[0].second.result, "ok");
    EXPECT_FALSE(obs.toolsFinished[0].second.isError);
    EXPECT_EQ(state().status, Status::Streaming) << "the next step streams";
}

TEST_F(RuntimeTools, AbortCancelsRunningToolsAndALateResultIsIgnored)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    rt.addHooks(loggingHooks(log, "A"));
    send();
    call("t1");
    call("t2", "write_file");
    end("tool_calls");
    ASSERT_NE(rt.runningTool("t1"), nullptr);
    ASSERT_NE(rt.runningTool("t2"), nullptr);

    const std::size_t mark = log.size();
    rt.dispatch(Abort{});
    const Log aborted = since(mark);
    // The turn's last request and both running tools are cancelled through the executor.
    EXPECT_THAT(aborted, ::testing::IsSupersetOf({std::string("exec:cancelRequest r1"),
                                                  std::string("exec:cancelTool t1"),
                                                  std::string("exec:cancelTool t2")}));
    EXPECT_EQ(rt.runningTool("t1"), nullptr);
    const std::vector<std::string> before = texts(state().conversation.messages);

    const std::size_t late = log.size();
    rt.toolFinished("t1", "late result", false);
    EXPECT_TRUE(since(late).empty()) << "nothing heard of a late result";
    EXPECT_EQ(count("A:onToolExecutionEnd t1 late result"), 0u);
    EXPECT_TRUE(obs.toolsFinished.empty());
    EXPECT_EQ(texts(state().conversation.messages), before);
    EXPECT_EQ(state().status, Status::Interrupted);
}

TEST_F(RuntimeTools, ToolsStartOnlyIfTheTurnStillWantsThemAfterTheEvents)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    rt.addHooks(loggingHooks(log, "A"));
    // A handler of the step's stepFinish event stops the turn.
    obs.onEvent = [this](const Event& e) {
        if (std::holds_alternative<StepFinishEvent>(e))
            rt.dispatch(Abort{});
    };
    send();
    call("t1");
    end("tool_calls");
    EXPECT_EQ(countPrefix("exec:runTool"), 0u);
    EXPECT_EQ(countPrefix("A:onToolExecutionStart"), 0u);
    EXPECT_EQ(countPrefix("obs:toolStarted"), 0u);
    EXPECT_EQ(state().status, Status::Interrupted);
}

TEST_F(RuntimeTools, AToolWhoseStartHookEndsTheTurnNeverRuns)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    // A policy hook stops the turn as the tool is about to start: it must not run at all.
    HookSet stop;
    stop.name = "stop";
    stop.onToolExecutionStart = [this](const ToolCall&) { rt.dispatch(Abort{}); };
    rt.addHooks(std::move(stop));
    send();
    call("t1", "write_file");
    end("tool_calls");
    EXPECT_EQ(countPrefix("exec:runTool"), 0u);
    EXPECT_EQ(rt.runningTool("t1"), nullptr);
    EXPECT_EQ(state().status, Status::Interrupted);
}

TEST_F(RuntimeTools, AToolAnsweringInsideRunToolIsProcessedAfterTheDispatchThatStartedIt)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    rt.addHooks(loggingHooks(log, "A"));
    exec.answerTool = [this](const ToolCall& c) { rt.toolFinished(c.id, "sync " + c.id, false); };
    send();
    call("t1");
    call("t2");
    const std::size_t mark = log.size();
    end("tool_calls");

    const Log step = since(mark);
    auto pos = [&](const std::string& e) {
        return std::find(step.begin(), step.end(), e) - step.begin();
    };
    // Both results arrived from inside runTool; each is handled after the step's events and
    // after its own start, and the next request goes out once, after both.
    EXPECT_LT(pos("obs:event stepFinish m3"), pos("A:onToolExecutionStart t1"));
    EXPECT_LT(pos("exec:runTool t1"), pos("A:onToolExecutionEnd t1 sync t1"));
    EXPECT_LT(pos("exec:runTool t2"), pos("A:onToolExecutionEnd t2 sync t2"));
    EXPECT_LT(pos("A:onToolExecutionEnd t2 sync t2"), pos("exec:startRequest r2 step2 attempt0"));
    EXPECT_EQ(countPrefix("exec:startRequest r2"), 1u);
    EXPECT_THAT(texts(state().conversation.messages),
                ElementsAre("hi", "", "sync t1", "sync t2", ""));
    EXPECT_EQ(state().status, Status::Streaming);
    EXPECT_EQ(live(), 2u);
}

// ---- re-entrancy: inputs arriving during a dispatch wait
// -----------------------------------------

TEST_F(RuntimeQueue, ATransportAnsweringInsideStartRequestIsQueuedBehindTheDispatch)
{
    //! [runtime-synchronous]
    std::vector<bool> accepted;
    exec.answerRequest = [&](const StartTurn& r) {
        accepted.push_back(rt.dispatch(StreamStarted{r.requestId}));
        accepted.push_back(rt.dispatch(TextDelta{r.requestId, "Hi."}));
    };
    send();
    EXPECT_THAT(accepted, ElementsAre(true, true)) << "queued inputs report true";
    // The token is delivered after the send's own events, not in the middle of them.
    EXPECT_LT(at("obs:event streamStart m3"), at("obs:event streamToken m3 Hi."));
    EXPECT_LT(at("obs:event userMessage m2"), at("obs:event streamToken m3 Hi."));
    //! [runtime-synchronous]
    EXPECT_EQ(state().conversation.messages.back().text, "Hi.");
    EXPECT_EQ(state().status, Status::Streaming);
}

TEST_F(RuntimeQueue, AHandlerDispatchingDuringTheEventsDoesNotLetQueuedInputsJumpAhead)
{
    // The transport answers at once (queued: the runtime is busy), and a handler of the send's
    // first event dispatches something of its own. The queued token must still come after the
    // send's streamStart (R4), not in the middle of its events.
    exec.answerRequest = [&](const StartTurn& r) { rt.dispatch(TextDelta{r.requestId, "Hi."}); };
    bool handled = false;
    obs.onEvent = [&](const Event& e) {
        if (std::holds_alternative<UserMessageEvent>(e) && !handled) {
            handled = true;
            EXPECT_TRUE(rt.dispatch(SetSystemPrompt{"Be brief."}));
        }
    };
    send();
    EXPECT_TRUE(handled);
    EXPECT_EQ(state().settings.systemPrompt, "Be brief.");
    EXPECT_LT(at("obs:event streamStart m3"), at("obs:event streamToken m3 Hi."));
    EXPECT_EQ(state().conversation.messages.back().text, "Hi.");
}

// ---- (4) retries --------------------------------------------------------------------------------

TEST_F(RuntimeRetry, BackoffWaitsOnTheRetryTimerAndDoubles)
{
    //! [runtime-retry]
    rt.dispatch(SetMaxRetries{2});
    send();
    ASSERT_EQ(exec.requests.size(), 1u);

    fail(retryable);
    ASSERT_EQ(exec.timerStarts.size(), 1u);
    EXPECT_EQ(exec.timerStarts[0], std::make_pair(Timer::Retry, std::int64_t{500}));
    EXPECT_EQ(state().status, Status::Streaming) << "the turn waits, it did not fail";
    exec.advance(499);
    EXPECT_EQ(exec.requests.size(), 1u) << "nothing goes out before the deadline";
    exec.advance(1);
    ASSERT_EQ(exec.requests.size(), 2u);
    EXPECT_EQ(exec.now, 500);
    EXPECT_EQ(exec.requests[1].attempt, 1);
    EXPECT_EQ(exec.requests[1].step, 1);
    EXPECT_EQ(exec.requests[1].requestId, 2u);

    fail(retryable);
    ASSERT_EQ(exec.timerStarts.size(), 2u);
    EXPECT_EQ(exec.timerStarts[1], std::make_pair(Timer::Retry, std::int64_t{1000}));
    exec.advance(999);
    EXPECT_EQ(exec.requests.size(), 2u);
    exec.advance(1);
    ASSERT_EQ(exec.requests.size(), 3u);
    EXPECT_EQ(exec.requests[2].attempt, 2);
    EXPECT_EQ(exec.now, 1500);

    // The budget is spent: the third failure ends the turn.
    fail(retryable);
    EXPECT_EQ(exec.timerStarts.size(), 2u);
    EXPECT_EQ(state().status, Status::Error);
    ASSERT_TRUE(state().lastError);
    EXPECT_EQ(state().lastError->code, "transport");
    exec.advance(60000);
    EXPECT_EQ(exec.requests.size(), 3u);
    //! [runtime-retry]
}

TEST_F(RuntimeRetry, AbortDuringTheBackoffStopsTheTimerAndNothingGoesOut)
{
    rt.dispatch(SetMaxRetries{2});
    send();
    fail(retryable);
    ASSERT_TRUE(exec.timerRunning(Timer::Retry));

    const std::size_t mark = log.size();
    rt.dispatch(Abort{});
    EXPECT_EQ(std::count(log.begin() + static_cast<std::ptrdiff_t>(mark), log.end(),
                         "exec:stopTimer Retry"),
              1);
    EXPECT_FALSE(exec.timerRunning(Timer::Retry));
    exec.advance(10000);
    EXPECT_EQ(exec.requests.size(), 1u);
    // Even a timer that fires anyway (already queued by the toolkit) sends nothing.
    rt.timerFired(Timer::Retry);
    EXPECT_EQ(exec.requests.size(), 1u);
    EXPECT_EQ(state().status, Status::Interrupted);
}

TEST_F(RuntimeRetry, AServerRetryAfterReplacesTheBackoff)
{
    rt.dispatch(SetMaxRetries{2});
    send();
    fail({"rate_limit", "slow down", true, 2500});
    ASSERT_EQ(exec.timerStarts.size(), 1u);
    EXPECT_EQ(exec.timerStarts[0], std::make_pair(Timer::Retry, std::int64_t{2500}));
    exec.advance(2499);
    EXPECT_EQ(exec.requests.size(), 1u);
    exec.advance(1);
    ASSERT_EQ(exec.requests.size(), 2u);
    EXPECT_EQ(exec.requests[1].attempt, 1);
}

// ---- (5) announcements ------------------------------------------------------------------------

TEST_F(RuntimeAnnouncements, UnheardOnesAreBufferedAndHandedToListenInOrder)
{
    send();
    token("One.");
    token(" Two.");
    end();
    EXPECT_EQ(rt.unheardCount(), 4u);
    EXPECT_TRUE(rt.listen("m2").empty()) << "nothing was said for the user message";

    const auto missed = rt.listen("m3");
    using K = Announcement::Kind;
    EXPECT_THAT(missed,
                ElementsAre(SpokenAnnouncement{K::ReplyStarted, Politeness::Polite, "m3", "", 0},
                            SpokenAnnouncement{K::ReplyText, Politeness::Polite, "m3", "One.", 0},
                            SpokenAnnouncement{K::ReplyText, Politeness::Polite, "m3", " Two.", 4},
                            SpokenAnnouncement{K::ReplyFinished, Politeness::Polite, "m3", "", 0}));
    EXPECT_EQ(rt.unheardCount(), 0u);
    EXPECT_TRUE(rt.listen("m3").empty()) << "handed over once";
}

TEST_F(RuntimeAnnouncements, AHeardOneIsNotBuffered)
{
    send();
    ASSERT_EQ(rt.listen("m3").size(), 1u); // ReplyStarted, said before anyone listened
    token("Heard.");
    EXPECT_EQ(rt.unheardCount(), 0u);
    // After unlisten the next ones wait again.
    rt.unlisten("m3");
    end();
    EXPECT_EQ(rt.unheardCount(), 1u);
    ASSERT_EQ(obs.announcements.size(), 3u);
    EXPECT_FALSE(obs.announcements[0].second);
    EXPECT_TRUE(obs.announcements[1].second);
    EXPECT_EQ(obs.announcements[1].first.text, "Heard.");
    EXPECT_FALSE(obs.announcements[2].second);
    const auto missed = rt.listen("m3");
    ASSERT_EQ(missed.size(), 1u);
    EXPECT_EQ(missed[0].kind, Announcement::Kind::ReplyFinished);
}

TEST_F(RuntimeAnnouncements, ListenersAreCountedPerMessage)
{
    send();
    rt.listen("m3");
    rt.listen("m3"); // a second view of the same message
    rt.unlisten("m3");
    token("Still heard.");
    EXPECT_EQ(rt.unheardCount(), 0u) << "one listener is left";
    ASSERT_FALSE(obs.announcements.empty());
    EXPECT_TRUE(obs.announcements.back().second);
    rt.unlisten("m3");
    end();
    EXPECT_EQ(rt.unheardCount(), 1u) << "nobody listens any more";
}

TEST_F(RuntimeAnnouncements, ANewReplyStartedClearsTheBuffer)
{
    exchange("q1", "a1.");
    EXPECT_EQ(rt.unheardCount(), 3u);
    send("q2");
    EXPECT_EQ(rt.unheardCount(), 1u) << "only the new ReplyStarted";
    EXPECT_TRUE(rt.listen("m3").empty());
    const auto fresh = rt.listen(state().conversation.messages.back().id);
    ASSERT_EQ(fresh.size(), 1u);
    EXPECT_EQ(fresh[0].kind, Announcement::Kind::ReplyStarted);
}

TEST_F(RuntimeAnnouncements, TheBufferIsBounded)
{
    send();
    for (int i = 0; i < 300; ++i)
        token("x.");
    EXPECT_EQ(obs.announcements.size(), 301u) << "every one is still announced";
    EXPECT_EQ(rt.unheardCount(), Runtime::maxUnheard);
    const auto missed = rt.listen("m3");
    ASSERT_EQ(missed.size(), Runtime::maxUnheard);
    // The oldest are kept: the ReplyStarted and the first phrases.
    EXPECT_EQ(missed.front().kind, Announcement::Kind::ReplyStarted);
    EXPECT_EQ(missed[1].position, 0u);
    EXPECT_EQ(missed.back().position, 2 * (Runtime::maxUnheard - 2));
}

TEST_F(RuntimeAnnouncements, AnErrorHeardLaterCarriesItsOwnMessage)
{
    exec.store = true;
    exec.unreadable["broken"] = "corrupt file";
    send();
    token("Part.");
    fail({"transport", "first failure", false, -1});
    ASSERT_TRUE(state().lastError);
    ASSERT_EQ(rt.unheardCount(), 3u); // ReplyStarted, the phrase, Error

    // A newer error replaces lastError (no ReplyStarted between).
    rt.openConversation("broken");
    ASSERT_TRUE(state().lastError);
    EXPECT_EQ(state().lastError->message, "corrupt file");

    const auto missed = rt.listen("m3");
    ASSERT_EQ(missed.size(), 3u);
    EXPECT_EQ(missed[2].kind, Announcement::Kind::Error);
    EXPECT_EQ(missed[2].politeness, Politeness::Assertive);
    EXPECT_EQ(missed[2].text, "first failure");
}

TEST_F(RuntimeAnnouncements, PhrasePositionsCountUtf16Units)
{
    rt.dispatch(SetMaxRetries{1});
    send();
    token("Olá.");               // á: 2 bytes, 1 unit
    token(" €.");                // €: 3 bytes, 1 unit
    token(" \xF0\x9F\x98\x80!"); // U+1F600: 4 bytes, 2 units (a surrogate pair)
    token(" end");
    end();
    std::vector<std::pair<std::string, std::size_t>> phrases;
    for (const auto& heard : obs.announcements)
        if (heard.first.kind == Announcement::Kind::ReplyText)
            phrases.emplace_back(heard.first.text, heard.first.position);
    EXPECT_THAT(phrases,
                ElementsAre(std::make_pair(std::string("Olá."), std::size_t{0}),
                            std::make_pair(std::string(" €."), std::size_t{4}),
                            std::make_pair(std::string(" \xF0\x9F\x98\x80!"), std::size_t{7}),
                            std::make_pair(std::string(" end"), std::size_t{11})));
    EXPECT_EQ(utf16Length("Olá. €. \xF0\x9F\x98\x80! end"), 15u);

    // A retry starts the reply over: positions count from its start again.
    obs.announcements.clear();
    send("again");
    token("Ça va.");
    fail(retryable);
    exec.advance(500);
    token("Über.");
    std::vector<std::size_t> positions;
    for (const auto& heard : obs.announcements)
        if (heard.first.kind == Announcement::Kind::ReplyText)
            positions.push_back(heard.first.position);
    EXPECT_THAT(positions, ElementsAre(0u, 0u));
}

// ---- (6) conversations ------------------------------------------------------------------------

TEST_F(RuntimeConversations, WithoutAStoreForksAndLeftConversationsLiveInMemory)
{
    exchange("q1", "a1");
    exchange("q2", "a2");
    const std::string original = state().conversation.id;
    const std::string a1 = state().conversation.messages[1].id;

    ASSERT_TRUE(rt.dispatch(Branch{a1}));
    const std::string fork = rt.lastResult();
    ASSERT_FALSE(fork.empty());
    EXPECT_NE(fork, original);
    EXPECT_TRUE(rt.hasInMemory(fork));
    EXPECT_EQ(state().conversation.id, original) << "branching does not switch";

    rt.openConversation(fork);
    EXPECT_EQ(state().conversation.id, fork);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1"));
    EXPECT_TRUE(rt.hasInMemory(original)) << "the one left is kept";
    EXPECT_TRUE(rt.hasInMemory(fork)) << "kept as a store keeps it: shown or not";

    exchange("q3", "a3");
    rt.openConversation(original);
    EXPECT_EQ(state().conversation.id, original);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1", "q2", "a2"));
    EXPECT_TRUE(rt.hasInMemory(fork));

    rt.openConversation(fork);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1", "q3", "a3"));

    // Deleting the shown memory conversation forgets it.
    rt.dispatch(DeleteConversation{});
    EXPECT_NE(state().conversation.id, fork);
    EXPECT_TRUE(state().conversation.messages.empty());
    EXPECT_FALSE(rt.hasInMemory(fork));
    rt.openConversation(fork);
    EXPECT_TRUE(state().conversation.messages.empty());
    // No executor call touched a store.
    EXPECT_EQ(countPrefix("exec:save"), 0u);
    EXPECT_EQ(countPrefix("exec:load"), 0u);
    EXPECT_EQ(countPrefix("exec:remove"), 0u);
}

TEST_F(RuntimeConversations, AConversationLeftInMemoryKeepsItsVersions)
{
    exchange("q1", "a1");
    const std::string original = state().conversation.id;
    const std::string a1 = state().conversation.messages[1].id;
    ASSERT_TRUE(rt.dispatch(Regenerate{a1}));
    token("a2");
    end();
    const Versions versions = state().conversation.versions;
    ASSERT_EQ(versionOf(state(), 1), (VersionPosition{1, 2}));

    ASSERT_TRUE(rt.dispatch(Branch{state().conversation.messages[1].id}));
    const std::string fork = rt.lastResult();
    rt.openConversation(fork);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a2"));
    EXPECT_TRUE(state().conversation.versions.empty()) << "a branch copies the shown path only";

    rt.openConversation(original);
    EXPECT_EQ(state().conversation.versions, versions);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a2"));
    ASSERT_TRUE(rt.dispatch(SwitchVersion{state().conversation.messages[1].id, 0}));
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1"));
}

TEST_F(RuntimeConversations, DeletingAConversationKeptInMemoryForgetsIt)
{
    exchange("q1", "a1");
    ASSERT_TRUE(rt.dispatch(Branch{state().conversation.messages[1].id}));
    const std::string fork = rt.lastResult();
    ASSERT_TRUE(rt.hasInMemory(fork));
    // Shown by a switch the app made itself: the memory copy is still there.
    rt.dispatch(SwitchConversation{fork, {}, {}});
    ASSERT_TRUE(rt.hasInMemory(fork));
    rt.dispatch(DeleteConversation{});
    EXPECT_FALSE(rt.hasInMemory(fork));
}

TEST_F(RuntimeConversations, WithAStoreTheSameGoesThroughTheExecutor)
{
    exec.store = true;
    exchange("q1", "a1");
    const std::string original = state().conversation.id;
    ASSERT_TRUE(rt.dispatch(Branch{state().conversation.messages[1].id}));
    const std::string fork = rt.lastResult();
    EXPECT_EQ(count("exec:save " + fork + " from0 streaming- n2"), 1u);
    EXPECT_FALSE(rt.hasInMemory(fork));

    rt.openConversation(fork);
    EXPECT_EQ(count("exec:load " + fork), 1u);
    EXPECT_EQ(state().conversation.id, fork);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1"));
    EXPECT_FALSE(rt.hasInMemory(original)) << "with a store nothing is kept in memory";

    rt.openConversation(original);
    EXPECT_EQ(count("exec:load " + original), 1u);
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("q1", "a1"));
    EXPECT_EQ(state().conversation.id, original);

    rt.dispatch(DeleteConversation{});
    EXPECT_EQ(count("exec:remove " + original), 1u);
    EXPECT_EQ(exec.stored.count(original), 0u);
    EXPECT_EQ(exec.stored.count(fork), 1u);
}

TEST_F(RuntimeConversations, AConversationThatCannotBeLoadedIsShownReadOnly)
{
    exec.store = true;
    exec.unreadable["broken"] = "corrupt file";
    rt.openConversation("broken");
    EXPECT_EQ(state().conversation.id, "broken");
    EXPECT_EQ(state().conversation.loadError, "corrupt file");
    EXPECT_FALSE(send());
    ASSERT_EQ(obs.rejections.size(), 1u);
    EXPECT_EQ(obs.rejections[0].reason, RejectReason::ReadOnly);
    EXPECT_EQ(countPrefix("exec:save"), 0u);
}

// ---- (7) the flush timer ----------------------------------------------------------------------

TEST_F(RuntimeFlush, WhileStreamingTheReplyIsSavedOnTheFlushTimer)
{
    exec.store = true;
    rt.setFlushInterval(200);
    send();
    EXPECT_TRUE(exec.timerRunning(Timer::Flush));
    EXPECT_EQ(count("exec:startTimer Flush 200"), 1u);
    const std::size_t row = 1;
    token("Partial");
    const std::size_t savesBefore = exec.saves.size();

    exec.advance(199);
    EXPECT_EQ(exec.saves.size(), savesBefore);
    exec.advance(1);
    ASSERT_EQ(exec.saves.size(), savesBefore + 1);
    const FakeExecutor::Save& flushed = exec.saves.back();
    EXPECT_EQ(flushed.id, state().conversation.id);
    EXPECT_EQ(flushed.fromRow, row);
    EXPECT_EQ(flushed.streamingRow, row);
    EXPECT_EQ(flushed.messages.at(row).text, "Partial");
    EXPECT_TRUE(exec.timerRunning(Timer::Flush)) << "re-armed while streaming";

    token(" more");
    exec.advance(200);
    ASSERT_EQ(exec.saves.size(), savesBefore + 2);
    EXPECT_EQ(exec.saves.back().messages.at(row).text, "Partial more");
    EXPECT_EQ(count("exec:startTimer Flush 200"), 3u);

    end();
    EXPECT_FALSE(exec.timerRunning(Timer::Flush));
    EXPECT_EQ(count("exec:stopTimer Flush"), 1u);
    const std::size_t savesAtEnd = exec.saves.size();
    EXPECT_EQ(exec.saves.back().streamingRow, noRow) << "the turn's own save at its end";
    exec.advance(5000);
    EXPECT_EQ(exec.saves.size(), savesAtEnd);
    rt.flushStreamingReply();
    EXPECT_EQ(exec.saves.size(), savesAtEnd) << "nothing streams";
}

TEST_F(RuntimeFlush, WithoutAStoreThereIsNoFlushTimer)
{
    send();
    token("x");
    EXPECT_EQ(countPrefix("exec:startTimer Flush"), 0u);
    rt.flushStreamingReply();
    EXPECT_TRUE(exec.saves.empty());
}

TEST_F(RuntimeFlush, AStoreSetWhileStreamingStartsTheFlushTimer)
{
    send();
    token("x");
    EXPECT_EQ(countPrefix("exec:startTimer Flush"), 0u);
    exec.store = true;
    rt.storeChanged();
    token("y"); // a delta alone would not start it
    EXPECT_EQ(countPrefix("exec:startTimer Flush"), 1u);
    exec.advance(rt.flushInterval());
    ASSERT_FALSE(exec.saves.empty());
    exec.store = false;
    rt.storeChanged();
    EXPECT_GE(countPrefix("exec:stopTimer Flush"), 1u);
}

TEST_F(RuntimeFlush, TheFlushTimerStopsWhileAToolRunsAndOnAbort)
{
    exec.store = true;
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    send();
    call("t1");
    end("tool_calls");
    EXPECT_FALSE(exec.timerRunning(Timer::Flush)) << "nothing streams while the tool runs";
    rt.toolFinished("t1", "ok", false);
    EXPECT_TRUE(exec.timerRunning(Timer::Flush));
    rt.dispatch(Abort{});
    EXPECT_FALSE(exec.timerRunning(Timer::Flush));
}

// ---- (8) property notifications ---------------------------------------------------------------

TEST_F(RuntimeAspects, EachInputNotifiesExactlyTheAspectsItChanged)
{
    // The names of what each propertiesChanged call carried during one dispatch.
    const auto changedBy = [this](auto&& input) {
        const std::size_t mark = obs.properties.size();
        rt.dispatch(std::forward<decltype(input)>(input));
        std::vector<std::string> names;
        for (std::size_t i = mark; i < obs.properties.size(); ++i)
            if (withoutContext(obs.properties[i]) != Aspect::None)
                names.push_back(aspectNames(withoutContext(obs.properties[i])));
        return names;
    };
    const std::vector<std::string> none;

    EXPECT_THAT(changedBy(Send{"hi", {}}), ElementsAre("Status|Streaming|Abortable"));
    EXPECT_EQ(changedBy(TextDelta{live(), "tok"}), none);
    EXPECT_EQ(changedBy(ReasoningDelta{live(), "hmm"}), none);
    EXPECT_EQ(changedBy(ToolCallRequested{live(), {"t1", "write_file", "{}", false}}), none);
    // A tool review (autoAccept never): the turn stays open.
    EXPECT_THAT(changedBy(StreamEnded{live(), "tool_calls"}),
                ElementsAre("Status|Streaming|PendingToolCalls"));
    // Reviewing -> running: neither streams.
    EXPECT_THAT(changedBy(ApproveToolCall{"t1"}), ElementsAre("Status|PendingToolCalls"));
    const std::size_t mark = obs.properties.size();
    rt.toolFinished("t1", "done", false);
    ASSERT_EQ(obs.properties.size(), mark + 1);
    EXPECT_EQ(aspectNames(withoutContext(obs.properties.back())), "Status|Streaming");
    EXPECT_THAT(changedBy(StreamFailed{live(), fatal, {}}),
                ElementsAre("Status|Streaming|Abortable|LastError"));
    EXPECT_THAT(changedBy(Send{"again", {}}), ElementsAre("Status|Streaming|Abortable|LastError"));
    EXPECT_THAT(changedBy(Abort{}), ElementsAre("Status|Streaming|Abortable"));

    EXPECT_THAT(changedBy(SetAutoAccept{AutoAccept::Always}), ElementsAre("AutoAccept"));
    EXPECT_EQ(changedBy(SetAutoAccept{AutoAccept::Always}), none) << "the same value";
    EXPECT_THAT(changedBy(SetSystemPrompt{"Be brief."}), ElementsAre("SystemPrompt"));
    EXPECT_THAT(changedBy(SetMaxSteps{3}), ElementsAre("MaxSteps"));
    EXPECT_THAT(changedBy(SetMaxRetries{2}), ElementsAre("MaxRetries"));
    EXPECT_EQ(changedBy(SetMaxSteps{0}), none) << "refused";
    EXPECT_EQ(obs.rejections.back().reason, RejectReason::InvalidValue);

    // A switch: only the id (the status stays interrupted: the history ends in a stopped reply).
    std::vector<Message> same = state().conversation.messages;
    EXPECT_THAT(changedBy(SwitchConversation{"other", std::move(same), {}}),
                ElementsAre("ConversationId"));
    EXPECT_EQ(state().status, Status::Interrupted);
}

TEST_F(RuntimeAspects, OpeningAConversationNotifiesItsId)
{
    obs.properties.clear();
    rt.openConversation("elsewhere");
    EXPECT_THAT(obs.properties, ElementsAre(Aspect::ConversationId));
    EXPECT_EQ(state().conversation.id, "elsewhere");
}

} // namespace
} // namespace koder::agent
