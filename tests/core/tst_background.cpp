// SPDX-License-Identifier: MIT
// Background runs: a conversation left while its turn is open keeps its turn. Two conversations
// stream at once through one runtime; each keeps its own request-id fencing, its saves, its tool
// calls and retries; abort stops only the shown one; the number of background turns is bounded.
#include "runtimefixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace koder::agent {
namespace {

using namespace runtime_test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

class Background : public RuntimeFixture {
protected:
    Background()
    {
        exec.store = true;
        rt.openConversation("A");
        log.clear();
    }

    /// The id of the request conversation `id` streams on (the shown one's or a background one's).
    RequestId requestOf(const std::string& id) const
    {
        const State* s = id == state().conversation.id ? &state() : rt.backgroundState(id);
        return s && s->turn ? s->turn->requestId : 0;
    }
    bool tokenTo(const std::string& id, std::string text)
    {
        return rt.dispatch(TextDelta{requestOf(id), std::move(text)});
    }
    bool endOf(const std::string& id, std::string reason = "stop")
    {
        return rt.dispatch(StreamEnded{requestOf(id), std::move(reason)});
    }
    /// Conversation `id`'s step ends asking for one call.
    void askFor(const std::string& id, std::string callId, std::string tool)
    {
        const RequestId request = requestOf(id);
        rt.dispatch(ToolCallRequested{request, {std::move(callId), std::move(tool), "{}", false}});
        rt.dispatch(StreamEnded{request, "tool_calls"});
    }
    std::vector<std::string> storedTexts(const std::string& id) const
    {
        const auto it = exec.stored.find(id);
        return it == exec.stored.end() ? std::vector<std::string>{} : texts(it->second);
    }
};

TEST_F(Background, TwoConversationsStreamAtOnceAndSwitchingBackAndForthShowsEachLive)
{
    send("question A");
    tokenTo("A", "alpha ");
    const RequestId requestA = requestOf("A");

    rt.openConversation("B");
    EXPECT_EQ(state().conversation.id, "B");
    EXPECT_TRUE(state().conversation.messages.empty());
    EXPECT_EQ(state().status, Status::Idle);
    EXPECT_THAT(rt.backgroundConversations(), ElementsAre("A"));
    EXPECT_EQ(rt.statusOf("A"), Status::Streaming);
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 0u) << "A runs on";
    EXPECT_EQ(count("obs:background A streaming"), 1u);

    send("question B");
    const RequestId requestB = requestOf("B");
    EXPECT_NE(requestA, requestB) << "request ids are unique across conversations";

    // Tokens of both arrive interleaved; each lands in its own conversation.
    ASSERT_TRUE(tokenTo("A", "beta "));
    ASSERT_TRUE(tokenTo("B", "one "));
    ASSERT_TRUE(tokenTo("A", "gamma"));
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("question B", "one "));
    EXPECT_THAT(texts(rt.backgroundState("A")->conversation.messages),
                ElementsAre("question A", "alpha beta gamma"));

    // Back to A: shown live, streaming row included; B goes on in the background.
    rt.openConversation("A");
    EXPECT_EQ(state().conversation.id, "A");
    EXPECT_EQ(state().status, Status::Streaming);
    EXPECT_EQ(streamingRow(state()), 1u);
    EXPECT_THAT(texts(state().conversation.messages),
                ElementsAre("question A", "alpha beta gamma"));
    EXPECT_THAT(rt.backgroundConversations(), ElementsAre("B"));
    EXPECT_EQ(countPrefix("exec:load A"), 0u) << "a live conversation is not reloaded";

    ASSERT_TRUE(tokenTo("B", "two"));
    ASSERT_TRUE(tokenTo("A", "!"));
    ASSERT_TRUE(endOf("B"));
    EXPECT_EQ(count("obs:background B idle finished"), 1u);
    EXPECT_THAT(rt.backgroundConversations(), IsEmpty());
    EXPECT_THAT(storedTexts("B"), ElementsAre("question B", "one two"));
    EXPECT_EQ(rt.statusOf("B"), Status::Idle);

    ASSERT_TRUE(endOf("A"));
    EXPECT_EQ(state().status, Status::Idle);
    EXPECT_THAT(storedTexts("A"), ElementsAre("question A", "alpha beta gamma!"));

    rt.openConversation("B");
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("question B", "one two"));
}

TEST_F(Background, EachConversationKeepsItsOwnRequestIdFencing)
{
    send("a");
    const RequestId firstA = requestOf("A");
    ASSERT_TRUE(rt.dispatch(Abort{}));
    send("a again");
    const RequestId secondA = requestOf("A");
    ASSERT_NE(firstA, secondA);
    rt.openConversation("B");
    send("b");
    const RequestId requestB = requestOf("B");

    // A token of A's aborted request reaches nobody: not B, not A's live turn.
    const std::size_t bRows = state().conversation.messages.size();
    rt.dispatch(TextDelta{firstA, "late"});
    EXPECT_EQ(state().conversation.messages.size(), bRows);
    EXPECT_EQ(state().conversation.messages.back().text, "");
    EXPECT_EQ(rt.backgroundState("A")->conversation.messages.back().text, "");

    // Each live request reaches its own conversation only.
    rt.dispatch(TextDelta{secondA, "for A"});
    rt.dispatch(TextDelta{requestB, "for B"});
    EXPECT_EQ(rt.backgroundState("A")->conversation.messages.back().text, "for A");
    EXPECT_EQ(state().conversation.messages.back().text, "for B");

    // A terminal event of A ends A's turn, never B's.
    rt.dispatch(StreamEnded{secondA, "stop"});
    EXPECT_EQ(state().status, Status::Streaming);
    EXPECT_THAT(rt.backgroundConversations(), IsEmpty());
    rt.dispatch(StreamFailed{secondA, {"transport", "late", true, -1}, {}});
    EXPECT_EQ(state().status, Status::Streaming) << "a late failure of A's ended request";
    EXPECT_FALSE(state().lastError.has_value());
}

TEST_F(Background, AbortStopsOnlyTheShownConversation)
{
    send("a");
    const RequestId requestA = requestOf("A");
    rt.openConversation("B");
    send("b");
    const RequestId requestB = requestOf("B");
    log.clear();

    ASSERT_TRUE(rt.dispatch(Abort{}));
    EXPECT_EQ(state().status, Status::Interrupted);
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestB)), 1u);
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 0u);
    EXPECT_EQ(rt.statusOf("A"), Status::Streaming);
    EXPECT_FALSE(rt.dispatch(Abort{})) << "nothing left to abort in the shown one";

    ASSERT_TRUE(tokenTo("A", "still here"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_THAT(storedTexts("A"), ElementsAre("a", "still here"));
}

TEST_F(Background, TheNumberOfBackgroundTurnsIsBoundedAndASendBeyondItIsRefused)
{
    rt.setMaxBackgroundTurns(2);
    send("a");
    rt.openConversation("B");
    send("b");
    rt.openConversation("C");
    EXPECT_THAT(rt.backgroundConversations(), ElementsAre("A", "B"));
    const std::size_t requests = exec.requests.size();

    EXPECT_FALSE(send("c")) << "a third turn could not run on when C is left";
    ASSERT_EQ(obs.rejections.size(), 1u);
    EXPECT_EQ(obs.rejections[0].reason, RejectReason::TooManyTurns);
    EXPECT_EQ(obs.rejections[0].action, "send");
    EXPECT_EQ(toString(RejectReason::TooManyTurns), "tooManyTurns");
    EXPECT_FALSE(describe(RejectReason::TooManyTurns).empty());
    EXPECT_EQ(exec.requests.size(), requests);
    EXPECT_TRUE(state().conversation.messages.empty()) << "nothing was added";

    ASSERT_TRUE(endOf("A"));
    EXPECT_TRUE(send("c")) << "a slot is free again";

    // Showing a background conversation makes room for the one left.
    rt.openConversation("B");
    EXPECT_THAT(rt.backgroundConversations(), ElementsAre("C"));
    EXPECT_EQ(state().status, Status::Streaming);
}

TEST_F(Background, WithNoRoomOrALimitOfZeroLeavingStopsTheTurnAsBefore)
{
    rt.setMaxBackgroundTurns(0);
    send("a");
    const RequestId requestA = requestOf("A");
    rt.openConversation("B");
    EXPECT_THAT(rt.backgroundConversations(), IsEmpty());
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 1u);
    EXPECT_TRUE(send("b")) << "no background turn counts against a send";
}

TEST_F(Background, AReplacedTransportStopsEveryOpenTurnShownOrNot)
{
    send("a");
    const RequestId requestA = requestOf("A");
    rt.openConversation("B");
    send("b");
    const RequestId requestB = requestOf("B");
    rt.openConversation("C"); // idle: nothing to stop here
    log.clear();

    rt.transportReplaced();
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 1u);
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestB)), 1u);
    EXPECT_THAT(rt.backgroundConversations(), IsEmpty());
    EXPECT_EQ(rt.statusOf("A"), Status::Interrupted);
    EXPECT_EQ(state().status, Status::Idle) << "the shown one had no turn";

    rt.openConversation("A");
    send("again");
    log.clear();
    rt.transportReplaced();
    EXPECT_EQ(state().status, Status::Interrupted) << "the shown turn stops too";
    EXPECT_EQ(countPrefix("exec:cancelRequest"), 1u);
}

TEST_F(Background, AStoreThatHoldsTheShownConversationShowsItAsStored)
{
    exec.store = false;
    rt.storeChanged();
    exchange("q1", "a1"); // kept in memory: no store
    const std::string id = state().conversation.id;
    exec.stored[id] = {Message("s1", Role::User, "stored question"),
                       Message("s2", Role::Assistant, "stored answer")};
    exec.store = true;
    rt.storeChanged();
    EXPECT_EQ(state().conversation.id, id);
    EXPECT_THAT(texts(state().conversation.messages),
                ElementsAre("stored question", "stored answer"));

    // A store without it leaves the conversation as it is.
    exec.stored.erase(id);
    rt.storeChanged();
    EXPECT_THAT(texts(state().conversation.messages),
                ElementsAre("stored question", "stored answer"));
}

TEST_F(Background, ATurnThatEndsUnseenMarksItsConversationUnreadAndShowingItMarksItRead)
{
    send("a");
    rt.openConversation("B");
    exec.unreadMarks.clear();
    ASSERT_TRUE(tokenTo("A", "done"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_THAT(exec.unreadMarks, ElementsAre("A 1"));
    rt.openConversation("A");
    EXPECT_THAT(exec.unreadMarks, ElementsAre("A 1", "A 0"));
}

TEST_F(Background, OneEndedInTheBackgroundMakesRoomForASendTheReducerRefused)
{
    rt.setMaxBackgroundTurns(1);
    send("a");
    rt.openConversation("B");
    EXPECT_THAT(state().background, ElementsAre("A")) << "the reducer counts it";
    EXPECT_FALSE(send("b"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_THAT(state().background, IsEmpty());
    EXPECT_TRUE(send("b"));
}

TEST_F(Background, AToolApprovalReachedInTheBackgroundWaitsDurablyAndIsAnnouncedWhenShown)
{
    send("write it");
    rt.openConversation("B");
    askFor("A", "call_w", "write_file");
    EXPECT_EQ(rt.statusOf("A"), Status::ReviewingToolCall);
    EXPECT_EQ(count("obs:background A reviewingToolCall"), 1u);
    EXPECT_THAT(exec.storedApprovals["A"].pending, ElementsAre("call_w")) << "durable";
    EXPECT_EQ(countPrefix("exec:runTool"), 0u);
    EXPECT_TRUE(state().pendingToolCalls.empty()) << "the shown conversation has nothing to decide";

    obs.announcements.clear();
    rt.openConversation("A");
    ASSERT_EQ(state().pendingToolCalls.size(), 1u);
    EXPECT_EQ(state().status, Status::ReviewingToolCall);
    ASSERT_EQ(obs.announcements.size(), 1u);
    EXPECT_EQ(obs.announcements[0].first.kind, Announcement::Kind::ApprovalNeeded);

    ASSERT_TRUE(rt.dispatch(ApproveToolCall{"call_w"}));
    EXPECT_EQ(count("exec:runTool call_w"), 1u);
}

TEST_F(Background, AQuestionAskedInTheBackgroundWaitsDurablyAndIsAnnouncedWhenShown)
{
    rt.dispatch(
        SetTools{{{"read_file", true}, {"write_file", false}, {"ask_user", true, {}, true}}});
    send("ask me");
    rt.openConversation("B");
    const RequestId request = requestOf("A");
    rt.dispatch(ToolCallRequested{request, {"q1", "ask_user", R"({"question":"Which?"})", false}});
    rt.dispatch(StreamEnded{request, "tool_calls"});
    EXPECT_EQ(rt.statusOf("A"), Status::AwaitingInput);
    ASSERT_EQ(exec.storedApprovals["A"].inputs.size(), 1u) << "durable";
    EXPECT_TRUE(state().pendingInputs.empty()) << "the shown conversation asks nothing";

    obs.announcements.clear();
    rt.openConversation("A");
    ASSERT_EQ(state().pendingInputs.size(), 1u);
    EXPECT_EQ(state().status, Status::AwaitingInput);
    ASSERT_EQ(obs.announcements.size(), 1u);
    EXPECT_EQ(obs.announcements[0].first.kind, Announcement::Kind::InputNeeded);

    const std::size_t starts = countPrefix("exec:startRequest");
    ASSERT_TRUE(rt.dispatch(AnswerInput{state().pendingInputs[0].id, R"({"answer":"yes"})"}));
    EXPECT_EQ(countPrefix("exec:startRequest"), starts + 1) << "the turn goes on";
    EXPECT_TRUE(exec.storedApprovals["A"].inputs.empty());
}

TEST_F(Background, ToolsApprovedByPolicyRunInTheBackgroundAndTheTurnGoesOn)
{
    rt.dispatch(SetAutoAccept{AutoAccept::Always});
    send("read it");
    rt.openConversation("B");
    askFor("A", "call_r", "read_file");
    EXPECT_EQ(count("exec:runTool call_r"), 1u);
    EXPECT_EQ(rt.statusOf("A"), Status::RunningTool);
    EXPECT_EQ(countPrefix("obs:toolStarted"), 0u) << "the observer hears the shown one's tools";

    rt.toolFinished("call_r", "contents", false);
    ASSERT_FALSE(exec.requests.empty());
    EXPECT_EQ(exec.requests.back().conversationId, "A");
    EXPECT_EQ(exec.requests.back().step, 2);
    EXPECT_EQ(rt.statusOf("A"), Status::Streaming);
    ASSERT_TRUE(tokenTo("A", "done"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_THAT(storedTexts("A"), ElementsAre("read it", "", "contents", "done"));
    EXPECT_TRUE(state().conversation.messages.empty()) << "B saw none of it";
}

TEST_F(Background, ConfigurationChangesReachBackgroundConversations)
{
    send("write it");
    rt.openConversation("B");
    askFor("A", "call_w", "write_file");
    ASSERT_EQ(rt.statusOf("A"), Status::ReviewingToolCall);

    ASSERT_TRUE(rt.dispatch(SetToolPolicies{{{"write_file", ToolPolicy::Allow}}}));
    EXPECT_EQ(count("exec:runTool call_w"), 1u) << "the waiting call is decided again";
    EXPECT_EQ(rt.backgroundState("A")->settings.toolPolicies, state().settings.toolPolicies);
}

TEST_F(Background, ARetryInTheBackgroundWaitsForItsBackoffAndGoesToItsConversation)
{
    rt.dispatch(SetMaxRetries{1});
    send("a");
    rt.openConversation("B");
    const RequestId requestA = requestOf("A");
    rt.dispatch(StreamFailed{requestA, {"transport", "lost", true, -1}, {}});
    ASSERT_TRUE(exec.timerRunning(Timer::Retry));
    const std::size_t requests = exec.requests.size();
    send("b"); // B's own request meanwhile
    ASSERT_EQ(exec.requests.size(), requests + 1);

    exec.advance(60'000);
    ASSERT_EQ(exec.requests.size(), requests + 2);
    EXPECT_EQ(exec.requests.back().conversationId, "A");
    EXPECT_EQ(exec.requests.back().attempt, 1);
    EXPECT_FALSE(exec.timerRunning(Timer::Retry));
}

TEST_F(Background, TwoRetriesShareTheTimerInDueOrder)
{
    rt.dispatch(SetMaxRetries{1});
    send("a");
    rt.openConversation("B");
    send("b");
    rt.dispatch(StreamFailed{requestOf("A"), {"transport", "lost", true, -1}, {}});
    exec.advance(100);
    rt.dispatch(StreamFailed{requestOf("B"), {"transport", "lost", true, -1}, {}});
    const std::size_t requests = exec.requests.size();
    exec.advance(120'000);
    ASSERT_EQ(exec.requests.size(), requests + 2);
    EXPECT_EQ(exec.requests[requests].conversationId, "A") << "A fell due first";
    EXPECT_EQ(exec.requests[requests + 1].conversationId, "B");
}

TEST_F(Background, StreamingRepliesInTheBackgroundAreFlushedToo)
{
    send("a");
    tokenTo("A", "partial");
    rt.openConversation("B");
    exec.saves.clear();
    exec.advance(rt.flushInterval());
    bool savedA = false;
    for (const FakeExecutor::Save& save : exec.saves)
        savedA = savedA || (save.id == "A" && save.streamingRow == 1);
    EXPECT_TRUE(savedA);
    EXPECT_TRUE(exec.timerRunning(Timer::Flush)) << "A still streams";
    ASSERT_TRUE(endOf("A"));
    EXPECT_FALSE(exec.timerRunning(Timer::Flush));
}

TEST_F(Background, AnErrorInTheBackgroundIsRememberedUntilShown)
{
    send("a");
    rt.openConversation("B");
    rt.dispatch(StreamFailed{requestOf("A"), {"server", "bad", false, -1}, {}});
    EXPECT_EQ(count("obs:background A error finished"), 1u);
    EXPECT_EQ(rt.statusOf("A"), Status::Error);
    rt.openConversation("A");
    rt.openConversation("B");
    EXPECT_EQ(rt.statusOf("A"), Status::Idle) << "shown once: no longer news";
}

TEST_F(Background, ForgettingAConversationCancelsItsTurnAndWritesNothingMore)
{
    send("a");
    const RequestId requestA = requestOf("A");
    rt.openConversation("B");
    exec.saves.clear();
    rt.forgetConversation("A");
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 1u);
    EXPECT_THAT(rt.backgroundConversations(), IsEmpty());
    rt.dispatch(TextDelta{requestA, "late"});
    rt.dispatch(StreamEnded{requestA, "stop"});
    EXPECT_THAT(exec.saves, IsEmpty());
    EXPECT_FALSE(exec.timerRunning(Timer::Flush));
}

TEST_F(Background, WithoutAStoreAFinishedBackgroundTurnIsKeptInMemory)
{
    exec.store = false;
    send("a");
    rt.openConversation("B");
    ASSERT_TRUE(tokenTo("A", "reply"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_TRUE(rt.hasInMemory("A"));
    rt.openConversation("A");
    EXPECT_THAT(texts(state().conversation.messages), ElementsAre("a", "reply"));
}

TEST_F(Background, HooksSeeBackgroundTurnsFinish)
{
    rt.addHooks(loggingHooks(log, "H"));
    send("a");
    rt.openConversation("B");
    log.clear();
    ASSERT_TRUE(endOf("A"));
    EXPECT_EQ(countPrefix("H:onFinish streamEnd"), 1u);
    EXPECT_EQ(countPrefix("obs:event"), 0u) << "the observer's events are the shown one's";
}

TEST_F(Background, AbortBackgroundStopsEveryBackgroundTurnAndRecordsIt)
{
    send("a");
    const RequestId requestA = requestOf("A");
    rt.openConversation("B");
    send("b");
    rt.abortBackground();
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestA)), 1u);
    EXPECT_EQ(count("obs:background A interrupted finished"), 1u);
    EXPECT_TRUE(exec.stored["A"].back().aborted) << "recorded as stopped";
    EXPECT_EQ(state().status, Status::Streaming) << "the shown one is the caller's to stop";
}

TEST_F(Background, ANewConversationLeavesTheOpenTurnRunningToo)
{
    send("a");
    ASSERT_TRUE(rt.dispatch(Reset{}));
    EXPECT_NE(state().conversation.id, "A");
    EXPECT_TRUE(state().conversation.messages.empty());
    EXPECT_THAT(rt.backgroundConversations(), ElementsAre("A"));
    ASSERT_TRUE(tokenTo("A", "goes on"));
    ASSERT_TRUE(endOf("A"));
    EXPECT_THAT(storedTexts("A"), ElementsAre("a", "goes on"));

    rt.setMaxBackgroundTurns(0);
    send("b");
    const RequestId requestB = requestOf(state().conversation.id);
    ASSERT_TRUE(rt.dispatch(Reset{}));
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(requestB)), 1u) << "no room: stopped";
}

// A random walk over several conversations: sends, switches, new conversations, aborts, tokens,
// ends, failures and tool calls of whichever conversation streams, decisions, tool results,
// timers, limit changes and deletions, in any order. After every step: every background
// conversation has an open turn and is not the shown one, ids are unique, the open turns'
// request ids are distinct, statusOf agrees, and a store write is never for a forgotten one.
TEST_F(Background, ARandomWalkOverSeveralConversationsKeepsEveryInvariant)
{
    rt.dispatch(SetMaxRetries{1});
    const std::vector<std::string> ids{"A", "B", "C", "D"};
    std::size_t busiest = 0;
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        std::mt19937 rng(seed);
        const auto pick = [&rng](std::size_t n) {
            return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
        };
        std::set<std::string> forgotten;
        for (int step = 0; step < 3000; ++step) {
            // The open turns, shown one first.
            std::vector<const State*> open;
            if (state().turn)
                open.push_back(&state());
            for (const std::string& id : rt.backgroundConversations())
                open.push_back(rt.backgroundState(id));
            const State* some = open.empty() ? nullptr : open[pick(open.size())];
            const RequestId request = some ? some->turn->requestId : 0;
            const std::size_t savesBefore = exec.saves.size();
            switch (pick(16)) {
            case 0:
            case 1:
                send("q" + std::to_string(step));
                break;
            case 2: {
                const std::string id = ids[pick(ids.size())];
                forgotten.erase(id);
                rt.openConversation(id);
                break;
            }
            case 3:
                rt.dispatch(Reset{});
                break;
            case 4:
                rt.dispatch(Abort{});
                break;
            case 5:
            case 6:
                if (request)
                    rt.dispatch(TextDelta{request, "t "});
                break;
            case 7:
                if (request)
                    rt.dispatch(StreamEnded{request, "stop"});
                break;
            case 8:
                if (request)
                    rt.dispatch(StreamFailed{request, {"transport", "lost", pick(2) == 0, -1}, {}});
                break;
            case 9:
                if (request) {
                    const std::string name = pick(2) == 0 ? "read_file" : "write_file";
                    rt.dispatch(ToolCallRequested{
                        request, {"call" + std::to_string(step), name, "{}", false}});
                    rt.dispatch(StreamEnded{request, "tool_calls"});
                }
                break;
            case 10:
                if (!state().pendingToolCalls.empty()) {
                    const std::string call = state().pendingToolCalls.front().id;
                    if (pick(2) == 0)
                        rt.dispatch(ApproveToolCall{call});
                    else
                        rt.dispatch(DenyToolCall{call, "no"});
                }
                break;
            case 11:
                if (some && !some->turn->running.empty())
                    rt.toolFinished(some->turn->running.front(), "result", pick(3) == 0);
                break;
            case 12:
                exec.advance(static_cast<std::int64_t>(pick(5000)));
                break;
            case 13:
                rt.setMaxBackgroundTurns(static_cast<int>(pick(4)));
                break;
            case 14: {
                const std::string id = ids[pick(ids.size())];
                if (id != state().conversation.id) {
                    rt.forgetConversation(id);
                    exec.stored.erase(id);
                    forgotten.insert(id);
                }
                break;
            }
            case 15:
                rt.dispatch(SetAutoAccept{pick(2) == 0 ? AutoAccept::Always : AutoAccept::Never});
                break;
            }

            for (std::size_t i = savesBefore; i < exec.saves.size(); ++i)
                ASSERT_EQ(forgotten.count(exec.saves[i].id), 0u)
                    << "seed " << seed << " step " << step << ": wrote a forgotten conversation";
            std::set<std::string> seen{state().conversation.id};
            std::set<RequestId> requests;
            if (state().turn && state().turn->requestId != 0)
                requests.insert(state().turn->requestId);
            for (const std::string& id : rt.backgroundConversations()) {
                const State* s = rt.backgroundState(id);
                ASSERT_NE(s, nullptr);
                ASSERT_TRUE(s->turn.has_value()) << "seed " << seed << " step " << step;
                ASSERT_TRUE(seen.insert(id).second) << "seed " << seed << " step " << step;
                EXPECT_EQ(rt.statusOf(id), s->status);
                if (s->turn->requestId != 0) {
                    ASSERT_TRUE(requests.insert(s->turn->requestId).second)
                        << "seed " << seed << " step " << step << ": a request id twice";
                }
            }
            ASSERT_LE(rt.backgroundConversations().size(), ids.size());
            busiest = std::max(busiest, rt.backgroundConversations().size());
        }
    }
    // The walk went where it should: several turns in the background at once, some ending there.
    EXPECT_GE(busiest, 2u);
    EXPECT_GT(obs.background.size(), 100u);
    std::size_t endedUnseen = 0;
    for (const auto& [id, status, finished] : obs.background)
        endedUnseen += finished ? 1 : 0;
    EXPECT_GT(endedUnseen, 20u);
}

// ---- a compaction beside turns that run in the background --------------------------------

TEST_F(Background, ACompactionRunsBesideATurnInAnotherConversation)
{
    exchange("a one", "first");
    exchange("a two", "second");
    send("a three"); // A streams on while B is shown
    rt.openConversation("B");
    ASSERT_EQ(rt.backgroundConversations(), std::vector<std::string>{"A"});
    exchange("b one", "first");
    exchange("b two", "second");
    ASSERT_TRUE(rt.dispatch(Compact{}));
    const RequestId summary = state().compaction->requestId;
    EXPECT_NE(summary, requestOf("A"));
    // A's words go to A, the summary's to B's compaction.
    rt.dispatch(TextDelta{requestOf("A"), "a words"});
    rt.dispatch(TextDelta{summary, "b summary"});
    rt.dispatch(StreamEnded{summary, "stop"});
    EXPECT_EQ(state().conversation.messages[2].role, Role::Summary);
    EXPECT_EQ(state().conversation.messages[2].text, "b summary");
    EXPECT_EQ(rt.backgroundState("A")->conversation.messages.back().text, "a words");
    rt.dispatch(StreamEnded{requestOf("A"), "stop"});
    EXPECT_TRUE(rt.backgroundConversations().empty());
}

TEST_F(Background, ACompactionOfAConversationLeftRunningIsStopped)
{
    exchange("a one", "first");
    exchange("a two", "second");
    send("a three");
    ASSERT_TRUE(rt.dispatch(Compact{}));
    const RequestId summary = state().compaction->requestId;
    rt.openConversation("B"); // A's turn goes on in the background; its summary does not
    EXPECT_EQ(count("exec:cancelRequest r" + std::to_string(summary)), 1u);
    EXPECT_FALSE(rt.backgroundState("A")->compaction);
    rt.dispatch(TextDelta{summary, "late"}); // dropped, nowhere
    EXPECT_FALSE(state().compaction);
}

TEST_F(Background, AnAutoCompactionStartedAsABackgroundTurnEndsIsStopped)
{
    rt.dispatch(SetAutoCompact{0.1});
    rt.dispatch(SetContextWindow{50});
    exchange("a one", "first answer that is long enough");
    send("a two");
    rt.openConversation("B");
    log.clear();
    rt.dispatch(TextDelta{requestOf("A"), "a long second answer that fills the window"});
    rt.dispatch(StreamEnded{requestOf("A"), "stop"}); // ends in the background: retired
    EXPECT_TRUE(rt.backgroundConversations().empty());
    // The summary it started was let go with the state: its request is stopped.
    EXPECT_EQ(countPrefix("exec:startRequest"), 1u);
    EXPECT_EQ(countPrefix("exec:cancelRequest"), 1u);
}

} // namespace
} // namespace koder::agent
