// SPDX-License-Identifier: MIT
// The context budget: the estimate and the meter (cached tokens, thresholds, O(1) per token),
// compaction's lifecycle in every status, the summary as a boundary of the request history,
// undo, the tree of versions across a summary, continuing a reply cut by `length`, costs.
#include "driver.h"

#include "koder/agent/contextbudget.h"
#include "koder/agent/serialization.h"

#include <algorithm>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;

// The rows of a request's history, as "role:text" (the system ones shortened to their start).
std::vector<std::string> rowsOf(const StartTurn& start)
{
    std::vector<std::string> rows;
    for (const Message& m : start.history)
        rows.push_back(std::string(toString(m.role)) + ":" + m.text.substr(0, 20));
    return rows;
}

// The meter as a recount from scratch sees it: the incremental one must always agree.
std::int64_t recounted(const State& s)
{
    State copy = s;
    copy.context.settled = settledContextTokens(copy, streamingRow(copy));
    copy.context.streamingUnits =
        streamingRow(copy) == noRow
            ? 0
            : estimateUnits(copy.conversation.messages[streamingRow(copy)].text);
    return contextUsed(copy);
}

const StartTurn* summaryRequest(const Driver& d)
{
    for (const Effect& e : d.out.effects)
        if (const auto* start = std::get_if<StartTurn>(&e);
            start && start->kind == RequestKind::Summary)
            return start;
    return nullptr;
}

const CompactionEndEvent* compactionEnd(const Driver& d)
{
    for (const Event& e : d.out.events)
        if (const auto* end = std::get_if<CompactionEndEvent>(&e))
            return end;
    return nullptr;
}

// Three finished exchanges, no tools: rows u0 a0 u1 a1 u2 a2.
Driver threeExchanges()
{
    Driver d;
    d.s.settings.tools.clear();
    d.exchange("first question", "first answer");
    d.exchange("second question", "second answer");
    d.exchange("third question", "third answer");
    return d;
}

// Lands the running compaction's summary.
Outcome& summarise(Driver& d, std::string text = "the summary", Usage usage = {})
{
    const RequestId id = d.s.compaction->requestId;
    d.dispatch(TextDelta{id, std::move(text)});
    return d.dispatch(StreamEnded{id, "stop", usage});
}

// ---- the estimate ---------------------------------------------------------------------------

TEST(ContextEstimate, AsciiIsAQuarterTokenPerByteOtherCharactersAWholeToken)
{
    EXPECT_EQ(estimateUnits("abcd"), 4);
    EXPECT_EQ(tokensOfUnits(estimateUnits("abcd")), 1);
    EXPECT_EQ(tokensOfUnits(estimateUnits("abcde")), 2);
    EXPECT_EQ(estimateUnits("日本語"), 12); // three characters, a token each
    EXPECT_EQ(estimateUnits("é"), 4);
    EXPECT_EQ(estimateUnits("😀"), 4);
}

TEST(ContextEstimate, IsAdditiveHoweverAStreamIsSplit)
{
    const std::string text = "Grüße aus 東京, a mixed line 😀 with ASCII.";
    for (std::size_t split = 0; split <= text.size(); ++split)
        EXPECT_EQ(estimateUnits(text.substr(0, split)) + estimateUnits(text.substr(split)),
                  estimateUnits(text))
            << "split at " << split;
}

TEST(ContextEstimate, AMessageCountsItsTextCallsAndAttachmentsButNotReasoningOrCheckpoints)
{
    Message m("m", Role::Assistant, "abcdefgh"); // 2 tokens
    EXPECT_EQ(estimateTokens(m), messageOverheadTokens + 2);
    m.extras().reasoning = std::string(4000, 'x');
    EXPECT_EQ(estimateTokens(m), messageOverheadTokens + 2);
    m.extras().toolCalls = {{"c1", "read", R"({"p":"a"})", true}};
    EXPECT_GT(estimateTokens(m), messageOverheadTokens + 2);
    Message u("u", Role::User, "");
    u.extras().attachments = R"([{"name":"a.png"},{"name":"b.txt"}])";
    EXPECT_EQ(estimateTokens(u), messageOverheadTokens + 2 * attachmentTokens);
    EXPECT_EQ(estimateTokens(Message("c", Role::Checkpoint, "{\"big\":1}")), 0);
}

// Real usage as the providers' references print it, against the estimate of the same request:
// within a quarter. (OpenAI's Chat Completions reference: a system "You are a helpful
// assistant." and a user "Hello!" report 19 prompt tokens; Anthropic's token counting guide: a
// system "You are a scientist" and a user "Hello, Claude" count 14 input tokens.)
TEST(ContextEstimate, StaysNearRealUsage)
{
    const auto estimateOf = [](std::string system, std::string user) {
        State s;
        s.settings.systemPrompt = std::move(system);
        s.conversation.messages.emplace_back("u", Role::User, std::move(user));
        return settledContextTokens(s, noRow);
    };
    const auto near = [](std::int64_t estimate, std::int64_t real) {
        return std::abs(static_cast<double>(estimate - real)) <= 0.25 * static_cast<double>(real);
    };
    EXPECT_PRED2(near, estimateOf("You are a helpful assistant.", "Hello!"), 19);
    EXPECT_PRED2(near, estimateOf("You are a scientist", "Hello, Claude"), 14);
}

TEST(ContextEstimate, CachedTokensCountAsPromptTokens)
{
    Usage openai; // prompt_tokens holds the cached ones
    openai.promptTokens = 1000;
    openai.cachedTokens = 800;
    EXPECT_EQ(promptTokensOf(openai), 1000);
    Usage apart; // a server that reports cache reads beside the prompt (llama.cpp)
    apart.promptTokens = 200;
    apart.cachedTokens = 30000;
    EXPECT_EQ(promptTokensOf(apart), 30200);
    EXPECT_EQ(promptTokensOf(Usage{}), -1);
}

// ---- the meter ------------------------------------------------------------------------------

TEST(ContextMeter, ARepliedPromptAnchorsTheMeterAndWhatFollowsIsEstimated)
{
    Driver d;
    d.s.settings.tools.clear();
    d.dispatch(SetContextWindow{10000});
    d.send("hello");
    d.token("abcdefgh"); // 2 tokens
    Usage u;
    u.promptTokens = 3000;
    u.cachedTokens = 2500;
    u.completionTokens = 7;
    u.reasoningTokens = 3;
    d.dispatch(StreamEnded{d.request(), "stop", u});
    // The prompt, cached tokens included, and the reply's output but its reasoning.
    EXPECT_EQ(contextUsed(d.s), 3000 + messageOverheadTokens + 4);
    EXPECT_DOUBLE_EQ(contextRatio(d.s), (3000.0 + messageOverheadTokens + 4) / 10000.0);
    d.dispatch(AddUserMessage{"abcdefghijkl"}); // 3 tokens
    EXPECT_EQ(contextUsed(d.s), 3000 + 2 * messageOverheadTokens + 4 + 3);
    EXPECT_EQ(contextUsed(d.s), recounted(d.s));
}

TEST(ContextMeter, RatioIsZeroWithoutAWindowAndNeverAboveOne)
{
    Driver d;
    d.exchange("hello", std::string(400, 'x'));
    EXPECT_GT(contextUsed(d.s), 100);
    EXPECT_EQ(contextRatio(d.s), 0);
    d.dispatch(SetContextWindow{50});
    EXPECT_EQ(contextRatio(d.s), 1);
    EXPECT_TRUE(d.dispatch(SetContextWindow{-1}).rejected());
}

TEST(ContextMeter, EachTokenIsCountedInConstantTimeAndAgreesWithARecount)
{
    Driver d;
    d.dispatch(SetContextWindow{100000});
    d.exchange("a first question", "a first answer");
    d.send("again");
    for (const char* piece : {"Ab", "c ", "日", "本", "😀", " done."}) {
        d.token(piece);
        EXPECT_EQ(contextUsed(d.s), recounted(d.s)) << piece;
    }
    d.end();
    EXPECT_EQ(contextUsed(d.s), recounted(d.s));
}

TEST(ContextMeter, ThresholdsAreAnnouncedOnceEachAndAgainAfterFallingBelow)
{
    Driver d;
    d.s.settings.tools.clear();
    d.dispatch(SetContextWindow{100});
    d.send("hi");
    std::vector<std::pair<int, Politeness>> heard;
    for (int i = 0; i < 120; ++i) {
        d.token("abcd");
        for (const Announcement& a : d.out.announcements)
            if (a.kind == Announcement::Kind::ContextHigh)
                heard.emplace_back(static_cast<int>(a.offset), a.politeness);
    }
    d.end();
    EXPECT_THAT(heard, ElementsAre(std::pair{80, Politeness::Polite},
                                   std::pair{95, Politeness::Assertive}));
    EXPECT_EQ(d.s.context.announced, 2);
    d.dispatch(SetContextWindow{100000}); // far below again
    EXPECT_EQ(d.s.context.announced, 0);
    d.dispatch(SetContextWindow{100});
    const bool again = std::any_of(
        d.out.announcements.begin(), d.out.announcements.end(), [](const Announcement& a) {
            return a.kind == Announcement::Kind::ContextHigh && a.offset == 95;
        });
    EXPECT_TRUE(again);
}

TEST(ContextMeter, OpeningAFullConversationIsNotAnnounced)
{
    Driver d;
    d.dispatch(SetContextWindow{60});
    std::vector<Message> full{Message("u", Role::User, std::string(400, 'x'))};
    d.dispatch(SwitchConversation{"other", full, {}, {}, {}, {}});
    EXPECT_EQ(contextRatio(d.s), 1);
    EXPECT_TRUE(d.out.announcements.empty());
}

TEST(ContextMeter, AContextLengthErrorPutsTheMeterAtTheWindowUntilTheHistoryChanges)
{
    Driver d;
    d.dispatch(SetContextWindow{100000});
    d.send("a very long prompt");
    d.fail({"context_length", "prompt is too long", false, -1});
    EXPECT_EQ(contextUsed(d.s), 100000);
    EXPECT_EQ(contextRatio(d.s), 1);
    d.dispatch(Clear{});
    EXPECT_LT(contextRatio(d.s), 0.01);
}

// ---- compaction -----------------------------------------------------------------------------

TEST(Compaction, SummarisesAllButTheLastExchangeIntoABoundaryRow)
{
    Driver d = threeExchanges();
    d.dispatch(SetSystemPrompt{"Be brief."});
    d.dispatch(Compact{});
    ASSERT_FALSE(d.out.rejected());
    const StartTurn* request = summaryRequest(d);
    ASSERT_NE(request, nullptr);
    EXPECT_THAT(rowsOf(*request),
                ElementsAre("system:Be brief.", "user:first question", "assistant:first answer",
                            "user:second question", "assistant:second answer",
                            "user:Summarise the conver"));
    ASSERT_TRUE(d.s.compaction);
    EXPECT_EQ(d.s.status, Status::Idle); // not a turn
    EXPECT_TRUE(d.out.changes.empty());

    d.dispatch(TextDelta{d.s.compaction->requestId, "They asked "});
    EXPECT_TRUE(d.out.changes.empty()); // nothing shows before it is whole
    Usage u;
    u.promptTokens = 50;
    u.completionTokens = 6;
    d.dispatch(StreamEnded{d.s.compaction->requestId, "stop", u});
    EXPECT_FALSE(d.s.compaction);
    ASSERT_EQ(d.s.conversation.messages.size(), 7u);
    const Message& summary = d.s.conversation.messages[4];
    EXPECT_EQ(summary.role, Role::Summary);
    EXPECT_EQ(summary.text, "They asked ");
    EXPECT_EQ(summary.usage().completionTokens, 6);
    EXPECT_THAT(summary.metadata(), ::testing::HasSubstr("\"rows\":4"));
    EXPECT_EQ(d.s.conversation.messages[5].text, "third question");
    ASSERT_EQ(d.out.changes.size(), 1u);
    EXPECT_EQ(d.out.changes[0], (Change{Change::Kind::Inserted, 4, 1, Field::None}));
    ASSERT_NE(compactionEnd(d), nullptr);
    EXPECT_EQ(compactionEnd(d)->messageId, summary.id);
    ASSERT_EQ(d.effects<Persist>().size(), 1u);
    EXPECT_EQ(d.effects<Persist>()[0].fromRow, 4u);

    // The next request sends the summary in place of what it covers.
    d.send("fourth question");
    EXPECT_THAT(rowsOf(d.effects<StartTurn>().at(0)),
                ElementsAre("system:Be brief.", "user:Summary of the earli", "user:third question",
                            "assistant:third answer", "user:fourth question"));
}

TEST(Compaction, TheMeterFallsToTheSummaryAndTheRowsKept)
{
    Driver d;
    d.s.settings.tools.clear();
    d.dispatch(SetContextWindow{1000});
    for (int i = 0; i < 4; ++i) {
        d.send(std::string(400, 'q'));
        d.token(std::string(400, 'a'));
        Usage u;
        u.promptTokens = 200 * (i + 1);
        d.dispatch(StreamEnded{d.request(), "stop", u});
    }
    const std::int64_t before = contextUsed(d.s);
    d.dispatch(Compact{});
    summarise(d, "short");
    EXPECT_LT(contextUsed(d.s), before / 2);
    EXPECT_EQ(contextUsed(d.s), recounted(d.s));
    // A reply after it reports its prompt under the summary: it anchors the meter again.
    d.send("next");
    Usage u;
    u.promptTokens = 321;
    d.dispatch(StreamEnded{d.request(), "stop", u});
    EXPECT_THAT(d.last().metadata(), ::testing::HasSubstr("\"boundary\""));
    EXPECT_EQ(contextUsed(d.s), 321 + messageOverheadTokens);
}

TEST(Compaction, KeepsAsManyExchangesAsFitAQuarterOfTheWindow)
{
    Driver d = threeExchanges();
    d.dispatch(SetContextWindow{200}); // a quarter: 50 tokens, two short exchanges
    d.dispatch(Compact{});
    const StartTurn* request = summaryRequest(d);
    ASSERT_NE(request, nullptr);
    EXPECT_THAT(rowsOf(*request), ElementsAre("user:first question", "assistant:first answer",
                                              "user:Summarise the conver"));
    EXPECT_EQ(d.s.compaction->firstKeptId, d.s.conversation.messages[2].id);
}

TEST(Compaction, IsRefusedWithNothingBeforeTheLastExchangeOrWhileOneRuns)
{
    Driver d;
    EXPECT_EQ(d.dispatch(Compact{}).rejection->reason, RejectReason::NothingToCompact);
    d.exchange("only", "one");
    EXPECT_EQ(d.dispatch(Compact{}).rejection->reason, RejectReason::NothingToCompact);
    d.exchange("two", "exchanges");
    EXPECT_FALSE(d.dispatch(Compact{}).rejected());
    EXPECT_EQ(d.dispatch(Compact{}).rejection->reason, RejectReason::Compacting);
}

TEST(Compaction, ANewSummaryCoversTheOldOne)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    summarise(d, "first summary");
    d.exchange("fourth question", "fourth answer");
    d.dispatch(Compact{});
    const StartTurn* request = summaryRequest(d);
    ASSERT_NE(request, nullptr);
    EXPECT_THAT(rowsOf(*request),
                ElementsAre("user:Summary of the earli", "user:third question",
                            "assistant:third answer", "user:Summarise the conver"));
    EXPECT_THAT(request->history[0].text, ::testing::HasSubstr("first summary"));
    summarise(d, "second summary");
    d.send("fifth");
    const StartTurn next = d.effects<StartTurn>().at(0);
    EXPECT_THAT(rowsOf(next), ElementsAre("user:Summary of the earli", "user:fourth question",
                                          "assistant:fourth answer", "user:fifth"));
    EXPECT_THAT(next.history[0].text, ::testing::HasSubstr("second summary"));
}

TEST(Compaction, ASendWhileItRunsGoesOutUncompactedAndTheSummaryLandsInTheMiddle)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    const RequestId summaryId = d.s.compaction->requestId;
    d.send("fourth question");
    const StartTurn sent = d.effects<StartTurn>().at(0);
    EXPECT_EQ(sent.history.size(), 7u); // everything: the summary is not there yet
    EXPECT_NE(sent.requestId, summaryId);
    d.token("part ");
    summarise(d);
    EXPECT_EQ(d.s.conversation.messages[4].role, Role::Summary);
    // The reply streams on into its own row, now one further down.
    EXPECT_EQ(d.s.turn->stepRow, 8u);
    d.token("two");
    d.end();
    EXPECT_EQ(d.last().text, "part two");
}

TEST(Compaction, DuringAStreamingTurnTheOpenTurnIsKept)
{
    Driver d = threeExchanges();
    d.send("fourth question");
    d.token("streaming");
    d.dispatch(Compact{});
    const StartTurn* request = summaryRequest(d);
    ASSERT_NE(request, nullptr);
    // Everything before the open turn, the third exchange included.
    EXPECT_EQ(request->history.size(), 7u);
    summarise(d);
    EXPECT_EQ(d.s.conversation.messages[6].role, Role::Summary);
    EXPECT_EQ(d.s.conversation.messages[7].text, "fourth question");
    EXPECT_EQ(streamingRow(d.s), 8u);
    d.end();
    EXPECT_EQ(d.last().text, "streaming");
}

TEST(Compaction, DuringAnApprovalTheCallStillRunsWhenApproved)
{
    Driver d = threeExchanges();
    d.s.settings.tools = {{"write_file", false}};
    d.send("write it");
    d.call("c1", "write_file");
    d.end("tool_calls");
    ASSERT_EQ(d.s.status, Status::ReviewingToolCall);
    d.dispatch(Compact{});
    summarise(d);
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    d.dispatch(ApproveToolCall{"c1", ApprovalScope::Once, {}});
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    d.dispatch(ToolResult{"c1", "done", false, {}});
    const StartTurn next = d.effects<StartTurn>().at(0);
    EXPECT_EQ(next.history[0].role, Role::User); // the summary leads, as context
    EXPECT_EQ(next.history.back().role, Role::Tool);
}

TEST(Compaction, StopWithNoReplyRunningStopsTheSummary)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    const RequestId id = d.s.compaction->requestId;
    d.dispatch(Abort{});
    EXPECT_FALSE(d.out.rejected());
    EXPECT_FALSE(d.s.compaction);
    ASSERT_EQ(d.effects<CancelTurn>().size(), 1u);
    EXPECT_EQ(d.effects<CancelTurn>()[0].requestId, id);
    ASSERT_NE(compactionEnd(d), nullptr);
    EXPECT_EQ(compactionEnd(d)->error.code, "cancelled");
    // Late words of the stopped request change nothing.
    d.dispatch(TextDelta{id, "late"});
    EXPECT_TRUE(d.out.dropped);
    EXPECT_EQ(d.s.conversation.messages.size(), 6u);
}

TEST(Compaction, AReplySentBeforeTheSummaryLandedCountsItsPromptAsSentUncompacted)
{
    Driver d = threeExchanges();
    d.dispatch(SetContextWindow{100000});
    d.dispatch(Compact{});
    d.send("fourth question"); // out uncompacted
    summarise(d);
    Usage u;
    u.promptTokens = 5000; // the whole history, as it was sent
    d.dispatch(StreamEnded{d.request(), "stop", u});
    // Counted under no summary: not an anchor under the new one, so the meter estimates.
    EXPECT_THAT(d.last().metadata(), ::testing::Not(::testing::HasSubstr("boundary")));
    EXPECT_LT(contextUsed(d.s), 1000);
    // The next reply goes out under the summary and is stamped so.
    d.send("fifth");
    d.dispatch(StreamEnded{d.request(), "stop", u});
    EXPECT_THAT(d.last().metadata(), ::testing::HasSubstr("\"boundary\""));
    EXPECT_EQ(contextUsed(d.s), 5000 + messageOverheadTokens);
}

TEST(Compaction, AServerCannotSetTheBudgetsOwnMetadata)
{
    Driver d;
    d.send("q");
    Usage u;
    u.promptTokens = 10;
    d.dispatch(
        StreamEnded{d.request(), "stop", u,
                    R"({"boundary":"forged","earlierUsage":{"promptTokens":999999},"x":1})"});
    EXPECT_THAT(d.last().metadata(), ::testing::Not(::testing::HasSubstr("forged")));
    EXPECT_THAT(d.last().metadata(), ::testing::Not(::testing::HasSubstr("999999")));
    EXPECT_THAT(d.last().metadata(), ::testing::HasSubstr("\"x\":1"));
}

TEST(Compaction, ASummaryTheModelDidNotFinishIsNotUsed)
{
    Driver d = threeExchanges();
    const auto before = d.s.conversation.messages;
    for (const char* reason : {"length", "content_filter", "refusal"}) {
        d.dispatch(Compact{});
        d.dispatch(TextDelta{d.s.compaction->requestId, "half a summ"});
        d.dispatch(StreamEnded{d.s.compaction->requestId, reason});
        ASSERT_NE(compactionEnd(d), nullptr) << reason;
        EXPECT_EQ(compactionEnd(d)->error.code, "incomplete_summary") << reason;
        EXPECT_EQ(d.s.conversation.messages, before) << reason;
    }
}

TEST(Compaction, StopDuringAReplyStopsTheReplyAndTheSummaryGoesOn)
{
    Driver d = threeExchanges();
    d.send("fourth");
    d.dispatch(Compact{});
    d.dispatch(Abort{});
    EXPECT_FALSE(d.s.turn);
    ASSERT_TRUE(d.s.compaction);
    summarise(d);
    EXPECT_EQ(d.s.conversation.messages[6].role, Role::Summary);
}

TEST(Compaction, AFailedSummaryLeavesTheHistoryAsItWas)
{
    Driver d = threeExchanges();
    const auto before = d.s.conversation.messages;
    d.dispatch(Compact{});
    d.dispatch(StreamFailed{d.s.compaction->requestId, {"overloaded", "busy", true, -1}, {}});
    EXPECT_EQ(d.s.conversation.messages, before);
    EXPECT_FALSE(d.s.lastError); // the conversation did not fail
    ASSERT_NE(compactionEnd(d), nullptr);
    EXPECT_EQ(compactionEnd(d)->error.code, "overloaded");
    EXPECT_FALSE(d.hasEffect<Persist>());
    d.dispatch(Compact{});
    d.dispatch(StreamEnded{d.s.compaction->requestId, "stop"}); // said nothing
    EXPECT_EQ(d.s.conversation.messages, before);
    EXPECT_EQ(compactionEnd(d)->error.code, "empty_summary");
}

TEST(Compaction, AHistoryChangedUnderItDropsTheSummary)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    d.dispatch(Edit{d.s.conversation.messages[2].id, "second, edited"});
    d.end();
    summarise(d);
    EXPECT_EQ(compactionEnd(d)->error.code, "history_changed");
    EXPECT_TRUE(std::none_of(d.s.conversation.messages.begin(), d.s.conversation.messages.end(),
                             [](const Message& m) { return m.role == Role::Summary; }));
}

TEST(Compaction, LeavingTheConversationStopsIt)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    const RequestId id = d.s.compaction->requestId;
    d.dispatch(SwitchConversation{"other", {}, {}, {}, {}, {}});
    EXPECT_FALSE(d.s.compaction);
    ASSERT_EQ(d.effects<CancelTurn>().size(), 1u);
    EXPECT_EQ(d.effects<CancelTurn>()[0].requestId, id);
    EXPECT_EQ(compactionEnd(d)->error.code, "cancelled");
}

TEST(Compaction, UndoRemovesTheBoundary)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    summarise(d);
    const std::string summaryId = d.s.conversation.messages[4].id;
    EXPECT_EQ(d.dispatch(UndoCompaction{"nope"}).rejection->reason, RejectReason::UnknownMessage);
    EXPECT_EQ(d.dispatch(UndoCompaction{d.s.conversation.messages[0].id}).rejection->reason,
              RejectReason::NotSummary);
    d.dispatch(UndoCompaction{summaryId});
    ASSERT_FALSE(d.out.rejected());
    EXPECT_EQ(d.s.conversation.messages.size(), 6u);
    EXPECT_EQ(d.out.changes.at(0), (Change{Change::Kind::Removed, 4, 1, Field::None}));
    EXPECT_EQ(d.effects<Persist>().at(0).fromRow, 4u);
    d.send("again");
    EXPECT_EQ(d.effects<StartTurn>().at(0).history.size(), 7u);
}

TEST(Compaction, ASummaryIsNotRegenerated)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    summarise(d);
    EXPECT_EQ(d.dispatch(Regenerate{d.s.conversation.messages[4].id}).rejection->reason,
              RejectReason::NotSummary);
}

TEST(Compaction, TheTreeOfVersionsWorksAcrossTheSummary)
{
    Driver d = threeExchanges();
    // The kept exchange has two versions of its question.
    const std::string third = d.s.conversation.messages[4].id;
    d.dispatch(Edit{third, "third, edited"});
    d.token("edited answer");
    d.end();
    ASSERT_EQ(versionOf(d.s, 4).count, 2u);
    d.dispatch(Compact{});
    summarise(d);
    ASSERT_EQ(d.s.conversation.messages[4].role, Role::Summary);
    EXPECT_EQ(versionOf(d.s, 5).count, 2u);
    EXPECT_EQ(versionOf(d.s, 5).index, 1u);
    EXPECT_TRUE(d.effects<Persist>().at(0).allVersions);
    d.dispatch(SwitchVersion{d.s.conversation.messages[5].id, 0});
    ASSERT_FALSE(d.out.rejected());
    EXPECT_EQ(d.s.conversation.messages[5].text, "third question");
    EXPECT_EQ(d.s.conversation.messages[4].role, Role::Summary); // the boundary stays
    // Undone, the versions hang under the row before again.
    d.dispatch(UndoCompaction{d.s.conversation.messages[4].id});
    EXPECT_EQ(versionOf(d.s, 4).count, 2u);
    d.dispatch(SwitchVersion{d.s.conversation.messages[4].id, 1});
    EXPECT_EQ(d.s.conversation.messages[4].text, "third, edited");
}

TEST(Compaction, StartsByItselfAfterAReplyPastAutoCompact)
{
    Driver d = threeExchanges();
    d.dispatch(SetAutoCompact{0.5});
    EXPECT_TRUE(d.dispatch(SetAutoCompact{1.5}).rejected());
    d.dispatch(SetContextWindow{60});
    EXPECT_FALSE(d.s.compaction); // not without a reply
    d.send("fourth question");
    EXPECT_EQ(summaryRequest(d), nullptr); // never before the reply
    d.token("fourth answer");
    d.end();
    EXPECT_NE(summaryRequest(d), nullptr);
    EXPECT_TRUE(d.s.compaction);
}

TEST(Compaction, TheSummaryRowSurvivesAJsonRoundTrip)
{
    Driver d = threeExchanges();
    d.dispatch(Compact{});
    Usage u;
    u.completionTokens = 9;
    summarise(d, "kept", u);
    const std::string json = toJson(d.s.conversation.messages);
    const auto loaded = messagesFromJson(json);
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(loaded));
    EXPECT_EQ(std::get<std::vector<Message>>(loaded), d.s.conversation.messages);
    EXPECT_THAT(json, ::testing::HasSubstr("\"role\":\"summary\""));
}

// ---- continuing a reply cut by `length` -----------------------------------------------------

TEST(ContinueReply, GoesOnInTheSameRow)
{
    Driver d;
    d.send("write a long story");
    d.token("Once upon a time");
    Usage first;
    first.promptTokens = 10;
    first.completionTokens = 4;
    d.dispatch(StreamEnded{d.request(), "length", first});
    const std::string id = d.last().id;
    ASSERT_EQ(d.last().finishReason(), "length");
    d.dispatch(ContinueReply{id});
    ASSERT_FALSE(d.out.rejected());
    const StartTurn request = d.effects<StartTurn>().at(0);
    EXPECT_EQ(request.kind, RequestKind::Continuation);
    EXPECT_EQ(request.history.back().id, id);
    EXPECT_EQ(request.history.back().text, "Once upon a time");
    EXPECT_EQ(d.eventNames(), std::vector<std::string>{"streamStart"});
    d.token(", the end.");
    Usage second;
    second.promptTokens = 14;
    second.completionTokens = 3;
    d.dispatch(StreamEnded{d.request(), "stop", second});
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
    EXPECT_EQ(d.last().text, "Once upon a time, the end.");
    EXPECT_EQ(d.last().finishReason(), "stop");
    EXPECT_EQ(d.last().usage().promptTokens, 14);
    EXPECT_THAT(d.last().metadata(), ::testing::HasSubstr("\"earlierUsage\""));
    Pricing prices{{"m", Price{1, -1, 2}}};
    // Both requests are paid for: (10 + 14) * 1 + (4 + 3) * 2 per million.
    EXPECT_DOUBLE_EQ(costOf(d.last(), prices, "m"), 38e-6);
}

TEST(ContinueReply, ARetryGoesBackToTheTextBeforeIt)
{
    Driver d;
    d.s.settings.maxRetries = 1;
    d.send("story");
    d.token("Start");
    d.end("length");
    d.dispatch(ContinueReply{d.last().id});
    d.token(" half");
    d.fail({"overloaded", "busy", true, -1});
    EXPECT_EQ(d.last().text, "Start");
}

TEST(ContinueReply, GoesOnFromTheLastWordAndAStopKeepsItContinuable)
{
    Driver d;
    d.send("story");
    d.token("Once upon a time \n");
    d.end("length");
    const std::string id = d.last().id;
    d.dispatch(ContinueReply{id});
    EXPECT_EQ(d.effects<StartTurn>().at(0).history.back().text, "Once upon a time");
    d.token(" there");
    d.dispatch(Abort{});
    EXPECT_EQ(d.last().finishReason(), "length");
    EXPECT_FALSE(d.dispatch(ContinueReply{id}).rejected());
    d.token(" was");
    d.end();
    EXPECT_EQ(d.last().text, "Once upon a time there was");
}

TEST(ContinueReply, ARetryDoesNotAnnounceTheEarlierTextAgain)
{
    Driver d;
    d.s.settings.maxRetries = 1;
    d.send("story");
    d.token("First sentence. ");
    d.end("length");
    d.dispatch(ContinueReply{d.last().id});
    d.fail({"overloaded", "busy", true, -1});
    d.token("Second.");
    d.end();
    for (const Announcement& a : d.out.announcements) {
        if (a.kind == Announcement::Kind::ReplyText) {
            EXPECT_GE(a.offset, std::string("First sentence.").size());
        }
    }
}

TEST(ContinueReply, IsRefusedForAnyOtherReply)
{
    Driver d;
    d.exchange("q", "a complete answer");
    EXPECT_EQ(d.dispatch(ContinueReply{d.last().id}).rejection->reason, RejectReason::NotCutOff);
    EXPECT_EQ(d.dispatch(ContinueReply{"nope"}).rejection->reason, RejectReason::UnknownMessage);
    d.send("story");
    d.token("cut");
    d.end("length");
    const std::string cut = d.last().id;
    d.dispatch(AddUserMessage{"after it"});
    EXPECT_EQ(d.dispatch(ContinueReply{cut}).rejection->reason, RejectReason::NotCutOff);
    d.send("another");
    d.token("also cut");
    d.end("length");
    d.send("streaming");
    EXPECT_EQ(d.dispatch(ContinueReply{d.s.conversation.messages[5].id}).rejection->reason,
              RejectReason::TurnInProgress);
}

// ---- cost -------------------------------------------------------------------------------------

TEST(Cost, PricesUncachedCachedAndCompletionTokensByTheRowsModel)
{
    Usage u;
    u.promptTokens = 1'000'000;
    u.cachedTokens = 400'000;
    u.completionTokens = 100'000;
    const Price price{2.5, 1.25, 10};
    EXPECT_DOUBLE_EQ(costOf(u, price), 0.6 * 2.5 + 0.4 * 1.25 + 0.1 * 10);
    EXPECT_DOUBLE_EQ(costOf(u, Price{2, -1, 0}), 2.0); // cached at the input price
    EXPECT_LT(costOf(Usage{}, price), 0);

    Message a("a", Role::Assistant, "x");
    a.extras().usage = u;
    a.extras().metadata = R"({"model":"big"})";
    const Pricing pricing{{"big", price}, {"small", Price{0.1, -1, 0.4}}};
    EXPECT_DOUBLE_EQ(costOf(a, pricing, "small"), costOf(u, price));
    a.extras().metadata.clear();
    EXPECT_DOUBLE_EQ(costOf(a, pricing, "small"), costOf(u, Price{0.1, -1, 0.4}));
    EXPECT_LT(costOf(a, pricing, "unknown"), 0);
    Message s("s", Role::Summary, "summary");
    s.extras().usage = u;
    EXPECT_DOUBLE_EQ(totalCost({a, s, Message("u", Role::User, "q")}, pricing, "small"),
                     2 * costOf(u, Price{0.1, -1, 0.4}));
}

} // namespace
} // namespace koder::agent::test

// ---- through the runtime --------------------------------------------------------------------

#include "runtimefixture.h"

namespace koder::agent {
namespace {

using namespace runtime_test;
using RuntimeContext = RuntimeFixture;

TEST_F(RuntimeContext, TheSummaryRequestIsNoTurnForTheHooks)
{
    rt.addHooks(loggingHooks(log, "A"));
    exchange("one", "first");
    exchange("two", "second");
    log.clear();
    ASSERT_TRUE(rt.dispatch(Compact{}));
    EXPECT_EQ(countPrefix("exec:startRequest"), 1u);
    EXPECT_EQ(countPrefix("A:onStart"), 0u);
    EXPECT_EQ(countPrefix("A:prepareStep"), 0u);
    EXPECT_EQ(countPrefix("obs:turnStarting"), 0u);
    EXPECT_EQ(count("obs:props Compaction"), 1u);
    const RequestId id = state().compaction->requestId;
    rt.dispatch(TextDelta{id, "summary"});
    rt.dispatch(StreamEnded{id, "stop"});
    EXPECT_EQ(countPrefix("A:onFinish"), 0u);
    EXPECT_EQ(count("obs:event compactionEnd " + state().conversation.messages[2].id), 1u);
    EXPECT_EQ(count("obs:props Compaction"), 2u);
    EXPECT_EQ(state().conversation.messages[2].role, Role::Summary);
}

TEST_F(RuntimeContext, TheMeterIsNotifiedAsTheReplyStreams)
{
    rt.dispatch(SetContextWindow{1000});
    send("hello");
    const auto contextNotes = [this] {
        return std::count_if(obs.properties.begin(), obs.properties.end(),
                             [](Aspect a) { return has(a, Aspect::Context); });
    };
    const auto before = contextNotes();
    const std::int64_t used = contextUsed(state());
    token("abcd"); // a whole token more
    EXPECT_EQ(contextNotes(), before + 1);
    EXPECT_EQ(contextUsed(state()), used + 1);
    token("a"); // a quarter: counted, but the meter shows whole tokens
    token("b");
    EXPECT_EQ(contextNotes(), before + 2);
}

} // namespace
} // namespace koder::agent
