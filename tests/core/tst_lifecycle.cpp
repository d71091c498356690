// SPDX-License-Identifier: MIT
// Behaviour scenarios: R4 order, R5 tools, R7 rejection, abort, regenerate, edit, branch, clear.
#include "driver.h"

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;

// Collects the lifecycle event names over several reduce calls.
struct Recorder {
    std::vector<std::string> names;
    void take(const Outcome& out)
    {
        for (const Event& e : out.events)
            if (!std::holds_alternative<StepFinishEvent>(e))
                names.emplace_back(eventName(e));
    }
};

TEST(Lifecycle, SendStreamsAndEndsInR4Order)
{
    Driver d;
    Recorder r;
    r.take(d.send("hi"));
    EXPECT_TRUE(d.hasEffect<StartTurn>());
    EXPECT_EQ(d.s.status, Status::Streaming);
    EXPECT_TRUE(isStreaming(d.s));
    EXPECT_TRUE(isAbortable(d.s));
    r.take(d.token("Hel"));
    r.take(d.token("lo"));
    r.take(d.end());
    EXPECT_THAT(r.names, ElementsAre("userMessage", "streamStart", "streamToken", "streamToken",
                                     "streamEnd"));
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_FALSE(isAbortable(d.s));
    ASSERT_EQ(d.s.conversation.messages.size(), 2u);
    EXPECT_EQ(d.s.conversation.messages[0].role, Role::User);
    EXPECT_EQ(d.s.conversation.messages[1].role, Role::Assistant);
    EXPECT_EQ(d.s.conversation.messages[1].text, "Hello");
}

TEST(Lifecycle, StartTurnCarriesSystemPromptAndHistoryWithoutPlaceholder)
{
    Driver d;
    d.dispatch(SetSystemPrompt{"Be brief."});
    d.dispatch(AddCheckpoint{"{\"doc\":1}"});
    d.send("hi");
    auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    const auto& h = starts[0].history;
    ASSERT_EQ(h.size(), 2u);
    EXPECT_EQ(h[0].role, Role::System);
    EXPECT_EQ(h[0].text, "Be brief.");
    EXPECT_EQ(h[1].role, Role::User);
    EXPECT_EQ(starts[0].requestId, d.request());
}

TEST(Lifecycle, TokenEventViewsTheAppendedText)
{
    Driver d;
    d.send();
    d.token("abc");
    ASSERT_EQ(d.out.events.size(), 1u);
    const auto& tok = std::get<StreamTokenEvent>(d.out.events[0]);
    EXPECT_EQ(tok.token, "abc");
    EXPECT_EQ(tok.messageId, d.last().id);
    ASSERT_EQ(d.out.changes.size(), 1u);
    EXPECT_EQ(d.out.changes[0], (Change{Change::Kind::Changed, d.s.conversation.messages.size() - 1,
                                        1, Field::Text}));
}

TEST(Lifecycle, SecondSendWhileStreamingIsRejectedAndChangesNothing)
{
    //! [core-rejection]
    Driver d;
    d.send("one");
    d.token("partial");
    const auto before = d.texts();
    auto& out = d.send("two");
    ASSERT_TRUE(out.rejected());
    EXPECT_EQ(out.rejection->action, "send");
    EXPECT_EQ(out.rejection->reason, RejectReason::TurnInProgress);
    EXPECT_TRUE(out.events.empty());
    EXPECT_TRUE(out.effects.empty());
    EXPECT_TRUE(out.changes.empty());
    EXPECT_EQ(d.texts(), before);
    EXPECT_EQ(d.s.status, Status::Streaming);
    //! [core-rejection]
}

TEST(Lifecycle, AbortKeepsPartialMarksAbortedAndDropsLateTokens)
{
    Driver d;
    d.send();
    d.token("partial ");
    const RequestId old = d.request();
    auto& out = d.dispatch(Abort{});
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted"));
    ASSERT_EQ(d.effects<CancelTurn>().size(), 1u);
    EXPECT_EQ(d.effects<CancelTurn>()[0].requestId, old);
    EXPECT_TRUE(d.hasEffect<Persist>());
    (void)out;
    EXPECT_EQ(d.s.status, Status::Interrupted);
    EXPECT_FALSE(isStreaming(d.s));
    EXPECT_FALSE(isAbortable(d.s));
    EXPECT_EQ(d.last().text, "partial ");
    EXPECT_TRUE(d.last().aborted);

    auto& late = d.dispatch(TextDelta{old, "late"});
    EXPECT_TRUE(late.events.empty());
    EXPECT_TRUE(late.changes.empty());
    EXPECT_FALSE(late.rejected());
    EXPECT_EQ(d.last().text, "partial ");
    d.dispatch(StreamEnded{old, "stop"});
    EXPECT_EQ(d.s.status, Status::Interrupted);
}

TEST(Lifecycle, AbortWhenIdleIsRejected)
{
    Driver d;
    EXPECT_EQ(d.dispatch(Abort{}).rejection->reason, RejectReason::NoTurn);
}

TEST(Lifecycle, FailureEndsWithErrorAndLastErrorClearedOnNextSend)
{
    Driver d;
    d.send();
    d.token("par");
    d.fail({"transport", "connection lost", true, -1});
    EXPECT_THAT(d.eventNames(), ElementsAre("error"));
    EXPECT_EQ(d.s.status, Status::Error);
    ASSERT_TRUE(d.s.lastError);
    EXPECT_EQ(d.s.lastError->code, "transport");
    EXPECT_EQ(d.last().error(), "connection lost");
    EXPECT_EQ(d.last().text, "par");
    EXPECT_FALSE(d.last().aborted) << "a disconnect is not a user stop";
    d.send("again");
    EXPECT_FALSE(d.s.lastError);
}

TEST(Lifecycle, StreamWithoutFinishReasonIsAnError)
{
    Driver d;
    d.send();
    d.token("cut");
    d.end("");
    EXPECT_THAT(d.eventNames(), ElementsAre("error"));
    EXPECT_EQ(d.s.lastError->code, "incomplete");
}

TEST(Lifecycle, RegenerateAssistantDiscardsLaterHistory)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const std::string a1 = d.s.conversation.messages[1].id;
    Recorder r;
    r.take(d.dispatch(Regenerate{a1}));
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"q1", ""}));
    EXPECT_TRUE(d.hasEffect<StartTurn>());
    d.token("a1'");
    r.take(d.end());
    EXPECT_THAT(r.names, ElementsAre("streamStart", "streamEnd"));
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"q1", "a1'"}));
}

TEST(Lifecycle, RegenerateWithNoUserMessageBeforeIsRejected)
{
    Driver d;
    Message a("x", Role::Assistant, "hello");
    d.dispatch(SetMessages{{a}});
    EXPECT_EQ(d.dispatch(Regenerate{"x"}).rejection->reason, RejectReason::NothingToRun);
    EXPECT_EQ(d.dispatch(Regenerate{"nope"}).rejection->reason, RejectReason::UnknownMessage);
}

TEST(Lifecycle, EditChangesUserMessageAndRegenerates)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const std::string q1 = d.s.conversation.messages[0].id;
    d.dispatch(Edit{q1, "q1 edited"});
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"q1 edited", ""}));
    EXPECT_EQ(d.s.status, Status::Streaming);
    auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    ASSERT_EQ(starts[0].history.size(), 1u);
    EXPECT_EQ(starts[0].history[0].text, "q1 edited");
}

TEST(Lifecycle, EditOfAssistantMessageIsRejected)
{
    Driver d;
    d.exchange("q", "a");
    auto& out = d.dispatch(Edit{d.s.conversation.messages[1].id, "x"});
    ASSERT_TRUE(out.rejected());
    EXPECT_EQ(out.rejection->reason, RejectReason::NotUserMessage);
    EXPECT_EQ(d.s.conversation.messages[1].text, "a");
}

TEST(Lifecycle, EditWhileStreamingAbortsTheOpenTurnFirst)
{
    Driver d;
    d.send("q");
    d.token("partial");
    const RequestId old = d.request();
    d.dispatch(Edit{d.s.conversation.messages[0].id, "q2"});
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted", "streamStart"));
    EXPECT_EQ(d.effects<CancelTurn>()[0].requestId, old);
    EXPECT_NE(d.request(), old);
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"q2", ""}));
}

TEST(Lifecycle, BranchForksHistoryUpToMessageAndLeavesCurrentUnchanged)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto before = d.texts();
    auto& out = d.dispatch(Branch{d.s.conversation.messages[1].id});
    ASSERT_FALSE(out.rejected());
    auto forks = d.effects<ForkConversation>();
    ASSERT_EQ(forks.size(), 1u);
    EXPECT_EQ(out.result, forks[0].newConversationId);
    EXPECT_NE(forks[0].newConversationId, d.s.conversation.id);
    EXPECT_EQ(forks[0].sourceConversationId, d.s.conversation.id);
    ASSERT_EQ(forks[0].messages.size(), 2u);
    EXPECT_EQ(forks[0].messages[1].text, "a1");
    EXPECT_EQ(d.texts(), before);
    EXPECT_TRUE(d.out.changes.empty());
}

TEST(Lifecycle, BranchOfStreamingMessageIsRejected)
{
    Driver d;
    d.send();
    EXPECT_EQ(d.dispatch(Branch{d.last().id}).rejection->reason, RejectReason::StillStreaming);
    EXPECT_FALSE(d.dispatch(Branch{d.s.conversation.messages[0].id}).rejected());
}

TEST(Lifecycle, ClearKeepsStorageDeleteRemovesIt)
{
    Driver d;
    d.exchange("q", "a");
    const std::string id = d.s.conversation.id;
    d.dispatch(Clear{});
    EXPECT_TRUE(d.s.conversation.messages.empty());
    EXPECT_EQ(d.s.conversation.id, id);
    EXPECT_FALSE(d.hasEffect<DeleteStoredConversation>());
    EXPECT_FALSE(d.hasEffect<Persist>());
    ASSERT_EQ(d.out.changes.size(), 1u);
    EXPECT_EQ(d.out.changes[0].kind, Change::Kind::Reset);
    // What is sent next is saved elsewhere: the stored copy of `id` is never overwritten.
    d.send("q");
    const std::string next = d.s.conversation.id;
    EXPECT_NE(next, id);
    for (const Persist& p : d.effects<Persist>())
        EXPECT_EQ(p.conversationId, next);
    d.token("a");
    d.end();
    EXPECT_EQ(d.s.conversation.id, next);

    d.dispatch(DeleteConversation{});
    auto del = d.effects<DeleteStoredConversation>();
    ASSERT_EQ(del.size(), 1u);
    EXPECT_EQ(del[0].conversationId, next);
    EXPECT_TRUE(d.s.conversation.messages.empty());
    EXPECT_NE(d.s.conversation.id, next);
}

TEST(Lifecycle, ClearDuringStreamEmitsOneTerminalEvent)
{
    Driver d;
    d.send();
    d.dispatch(Clear{});
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted"));
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_FALSE(isAbortable(d.s));
}

// ---- R5: tool calls -----------------------------------------------------------------------------

TEST(Tools, CallWaitsForApprovalThenRunsAndResumes)
{
    Driver d;
    Recorder r;
    r.take(d.send("list"));
    r.take(d.call("c1", "write_file", "{\"path\":\"a\"}"));
    r.take(d.end("tool_calls"));
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    EXPECT_FALSE(isStreaming(d.s));
    EXPECT_TRUE(isAbortable(d.s));
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_EQ(d.s.pendingToolCalls[0].id, "c1");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    ASSERT_FALSE(d.out.announcements.empty());
    EXPECT_EQ(d.out.announcements.back().kind, Announcement::Kind::ApprovalNeeded);
    EXPECT_EQ(d.out.announcements.back().politeness, Politeness::Assertive);

    d.dispatch(ApproveToolCall{"c1"});
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_EQ(d.effects<ExecuteTool>()[0].call.name, "write_file");
    EXPECT_EQ(d.s.status, Status::RunningTool);
    EXPECT_TRUE(d.s.pendingToolCalls.empty());

    d.dispatch(ToolResult{"c1", "ok", false});
    EXPECT_EQ(d.s.status, Status::Streaming);
    ASSERT_EQ(d.effects<StartTurn>().size(), 1u);
    EXPECT_EQ(d.effects<StartTurn>()[0].step, 2);
    const auto history = d.effects<StartTurn>()[0].history; // a copy: effects() returns a temporary
    EXPECT_EQ(history.back().role, Role::Tool);
    EXPECT_EQ(history.back().toolCallId(), "c1");

    r.take(d.token("done"));
    r.take(d.end());
    EXPECT_THAT(r.names,
                ElementsAre("userMessage", "streamStart", "toolCall", "streamToken", "streamEnd"));
    // user, assistant(step 1, tool call), tool result, assistant(step 2)
    ASSERT_EQ(d.s.conversation.messages.size(), 4u);
    EXPECT_EQ(d.s.conversation.messages[1].toolCalls().size(), 1u);
    EXPECT_EQ(d.s.conversation.messages[2].role, Role::Tool);
    EXPECT_EQ(d.s.conversation.messages[2].text, "ok");
    EXPECT_EQ(d.s.conversation.messages[2].toolName(), "write_file");
    EXPECT_EQ(d.s.conversation.messages[3].text, "done");
}

TEST(Tools, DenyAppendsDeniedResultAndResumes)
{
    Driver d;
    d.send();
    d.call("c1", "write_file");
    d.end("tool_calls");
    d.dispatch(DenyToolCall{"c1", "not now"});
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_EQ(d.s.status, Status::Streaming);
    const Message& tool = d.s.conversation.messages[2];
    EXPECT_EQ(tool.role, Role::Tool);
    EXPECT_TRUE(tool.denied);
    EXPECT_NE(tool.text.find("not now"), std::string::npos);
    EXPECT_EQ(d.effects<StartTurn>().size(), 1u);
}

TEST(Tools, OnlyReadRunsReadOnlyAndAsksForWriting)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead});
    d.send();
    d.call("r", "read_file");
    d.call("w", "write_file");
    d.end("tool_calls");
    auto runs = d.effects<ExecuteTool>();
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].call.id, "r");
    EXPECT_TRUE(runs[0].call.readOnly);
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_EQ(d.s.pendingToolCalls[0].id, "w");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    d.dispatch(ToolResult{"r", "contents", false});
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall) << "still waiting for the writing call";
    d.dispatch(ApproveToolCall{"w"});
    EXPECT_EQ(d.s.status, Status::RunningTool);
    d.dispatch(ToolResult{"w", "written", false});
    EXPECT_EQ(d.s.status, Status::Streaming);
}

TEST(Tools, AlwaysRunsEverythingAndNeverAsksForAll)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.send();
    d.call("w", "write_file");
    d.end("tool_calls");
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_EQ(d.s.status, Status::RunningTool);

    Driver n;
    n.dispatch(SetAutoAccept{AutoAccept::Never});
    n.send();
    n.call("r", "read_file");
    n.end("tool_calls");
    EXPECT_FALSE(n.hasEffect<ExecuteTool>());
    EXPECT_EQ(n.s.pendingToolCalls.size(), 1u);
}

TEST(Tools, SwitchingToAlwaysReleasesPendingCalls)
{
    Driver d;
    d.send();
    d.call("w", "write_file");
    d.end("tool_calls");
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(d.s.status, Status::RunningTool);
}

TEST(Tools, UnknownToolGetsErrorResultAndIsNeverExecuted)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.send();
    d.call("x", "rm_rf");
    d.end("tool_calls");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    const Message& tool = d.s.conversation.messages[2];
    EXPECT_EQ(tool.role, Role::Tool);
    EXPECT_TRUE(tool.isError);
    EXPECT_NE(tool.text.find("rm_rf"), std::string::npos);
    EXPECT_EQ(d.s.status, Status::Streaming) << "the model sees the error and goes on";
}

TEST(Tools, StepLimitStopsRunawayLoops)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.dispatch(SetMaxSteps{3});
    d.send();
    for (int step = 1; step <= 2; ++step) {
        d.call("c" + std::to_string(step), "read_file");
        d.end("tool_calls");
        ASSERT_EQ(d.s.status, Status::RunningTool);
        d.dispatch(ToolResult{"c" + std::to_string(step), "x", false});
        ASSERT_EQ(d.s.status, Status::Streaming);
    }
    d.call("c3", "read_file");
    d.end("tool_calls");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_THAT(d.eventNames(), ElementsAre("stepFinish", "error"));
    EXPECT_EQ(d.s.lastError->code, "step_limit");
    EXPECT_EQ(d.s.status, Status::Error);
    EXPECT_EQ(d.last().role, Role::Tool);
    EXPECT_TRUE(d.last().isError);
}

TEST(Tools, ApproveOfUnknownCallIsRejected)
{
    Driver d;
    EXPECT_EQ(d.dispatch(ApproveToolCall{"nope"}).rejection->reason, RejectReason::UnknownToolCall);
    EXPECT_EQ(d.dispatch(DenyToolCall{"nope", ""}).rejection->reason,
              RejectReason::UnknownToolCall);
}

TEST(Tools, AbortCancelsPendingAndRunningCallsAsRecords)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead});
    d.send();
    d.call("r", "read_file");
    d.call("w", "write_file");
    d.end("tool_calls");
    d.dispatch(Abort{});
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted"));
    auto cancels = d.effects<CancelTurn>();
    ASSERT_EQ(cancels.size(), 1u);
    EXPECT_EQ(cancels[0].toolCallIds, std::vector<std::string>{"r"});
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(d.s.status, Status::Interrupted);
    // Every call has its answer in history: the running one as an error, the pending one denied.
    ASSERT_EQ(d.s.conversation.messages.size(), 4u);
    EXPECT_TRUE(d.s.conversation.messages[2].isError);
    EXPECT_TRUE(d.s.conversation.messages[3].denied);
    // A result arriving after the abort is dropped.
    auto& late = d.dispatch(ToolResult{"r", "late", false});
    EXPECT_TRUE(late.changes.empty());
    EXPECT_EQ(d.s.conversation.messages.size(), 4u);
}

TEST(Tools, RegenerateCancelsPendingApprovals)
{
    Driver d;
    d.send("q");
    d.call("w", "write_file");
    d.end("tool_calls");
    d.dispatch(Regenerate{d.s.conversation.messages[0].id});
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted", "streamStart"));
    EXPECT_EQ(d.dispatch(ApproveToolCall{"w"}).rejection->reason, RejectReason::UnknownToolCall);
}

TEST(Tools, DuplicateOrMissingCallIdsAreMinted)
{
    Driver d;
    d.send();
    d.call("same", "read_file");
    d.call("same", "read_file");
    d.call("", "read_file");
    d.end("tool_calls");
    ASSERT_EQ(d.s.pendingToolCalls.size(), 3u);
    EXPECT_NE(d.s.pendingToolCalls[0].id, d.s.pendingToolCalls[1].id);
    EXPECT_FALSE(d.s.pendingToolCalls[2].id.empty());
}

// ---- retry, handoff, checkpoints, messages ----------------------------------------------------

TEST(Retry, RetryableErrorRetriesUpToMaxRetriesWithBackoff)
{
    Driver d;
    d.dispatch(SetMaxRetries{2});
    d.send();
    d.token("partial");
    d.fail({"rate_limited", "slow down", true, 1500});
    EXPECT_TRUE(d.out.events.empty()) << "no terminal event while retrying";
    auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0].delayMs, 1500) << "Retry-After wins over backoff";
    EXPECT_EQ(starts[0].attempt, 1);
    EXPECT_EQ(d.last().text, "") << "the failed attempt's partial text is discarded";
    d.fail({"overloaded", "busy", true, -1});
    EXPECT_EQ(d.effects<StartTurn>()[0].delayMs, 1000);
    d.fail({"overloaded", "busy", true, -1});
    EXPECT_THAT(d.eventNames(), ElementsAre("error"));
    EXPECT_EQ(d.s.status, Status::Error);
}

TEST(Retry, HookVerdictsDecide)
{
    Driver d;
    d.send();
    d.fail({"bad_request", "no", false, -1}, ErrorVerdict::Retry);
    EXPECT_TRUE(d.hasEffect<StartTurn>()) << "a hook may retry what the policy would not";
    d.dispatch(SetMaxRetries{5});
    d.fail({"overloaded", "busy", true, -1}, ErrorVerdict::Abort);
    EXPECT_THAT(d.eventNames(), ElementsAre("error"));
}

TEST(Handoff, EndsTheTurnWithStatusHandoff)
{
    Driver d;
    d.send();
    d.token("passing you on");
    d.dispatch(Handoff{d.request(), "human"});
    EXPECT_THAT(d.eventNames(), ElementsAre("streamEnd"));
    EXPECT_EQ(d.s.status, Status::Handoff);
    EXPECT_FALSE(isAbortable(d.s));
    EXPECT_FALSE(d.send("next").rejected());
}

TEST(Checkpoints, RestoreEmitsPayloadAndDropsLaterHistory)
{
    Driver d;
    d.exchange("q1", "a1");
    d.dispatch(AddCheckpoint{"{\"doc\":\"v1\"}"});
    const std::string cp = d.last().id;
    EXPECT_EQ(d.last().role, Role::Checkpoint);
    d.exchange("q2", "a2");
    d.dispatch(RestoreCheckpoint{cp});
    ASSERT_EQ(d.out.events.size(), 1u);
    const auto& ev = std::get<CheckpointRestoredEvent>(d.out.events[0]);
    EXPECT_EQ(ev.payload, "{\"doc\":\"v1\"}");
    EXPECT_EQ(d.s.conversation.messages.size(), 3u);
    EXPECT_EQ(d.last().id, cp);
    EXPECT_EQ(d.dispatch(RestoreCheckpoint{d.s.conversation.messages[0].id}).rejection->reason,
              RejectReason::NotCheckpoint);
}

TEST(Messages, AddAndSetValidateIds)
{
    Driver d;
    d.dispatch(AddUserMessage{"note"});
    EXPECT_EQ(d.s.conversation.messages.size(), 1u);
    EXPECT_FALSE(d.hasEffect<StartTurn>());
    const std::string existing = d.s.conversation.messages[0].id;
    auto& out = d.dispatch(AddMessages{{Message(existing, Role::Assistant, "dup")}});
    ASSERT_TRUE(out.rejected());
    EXPECT_EQ(out.rejection->detail, "messages[0].id: duplicate id \"" + existing + "\"");
    EXPECT_EQ(d.s.conversation.messages.size(), 1u);
    d.dispatch(AddMessages{{Message("", Role::Assistant, "minted")}});
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
    EXPECT_FALSE(d.last().id.empty());
    auto& dup =
        d.dispatch(SetMessages{{Message("b", Role::User, "x"), Message("a", Role::User, "y"),
                                Message("c", Role::User, "z"), Message("a", Role::User, "w")}});
    ASSERT_TRUE(dup.rejected());
    EXPECT_EQ(dup.rejection->detail, "messages[3].id: duplicate id \"a\"");
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
    d.dispatch(SetMessages{{Message("a", Role::User, "x")}});
    ASSERT_EQ(d.s.conversation.messages.size(), 1u);
    EXPECT_EQ(d.out.changes[0].kind, Change::Kind::Reset);
}

TEST(Messages, ResetStartsANewConversationAndKeepsConfiguration)
{
    Driver d;
    d.dispatch(SetSystemPrompt{"sys"});
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.exchange("q", "a");
    const std::string id = d.s.conversation.id;
    d.dispatch(Reset{});
    EXPECT_TRUE(d.s.conversation.messages.empty());
    EXPECT_NE(d.s.conversation.id, id);
    EXPECT_EQ(d.s.settings.systemPrompt, "sys");
    EXPECT_EQ(d.s.settings.autoAccept, AutoAccept::Always);
}

TEST(Messages, SwitchConversationLoadsAndInvalidatesPendingApprovals)
{
    Driver d;
    d.send();
    d.call("w", "write_file");
    d.end("tool_calls");
    d.dispatch(SwitchConversation{"other", {Message("x", Role::User, "elsewhere")}, {}});
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted"));
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(d.s.conversation.id, "other");
    EXPECT_EQ(d.texts(), std::vector<std::string>{"elsewhere"});
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST(Messages, AHistoryEndingInACutOffReplyLoadsInterrupted)
{
    Driver d;
    Message cut("r", Role::Assistant, "half a rep");
    cut.aborted = true; // stopped, or the store saw it streaming when the process died
    d.dispatch(SwitchConversation{"crashed", {Message("q", Role::User, "question"), cut}, {}});
    EXPECT_EQ(d.s.status, Status::Interrupted);
    d.dispatch(Regenerate{"r"});
    EXPECT_FALSE(d.out.rejected());
    EXPECT_EQ(d.s.status, Status::Streaming);

    // A finished history, or one whose cut-off reply is not the last message, loads idle.
    Message earlier("e", Role::Assistant, "old");
    earlier.aborted = true;
    d.dispatch(SwitchConversation{
        "fine",
        {earlier, Message("q2", Role::User, "again"), Message("a2", Role::Assistant, "done")},
        {}});
    EXPECT_EQ(d.s.status, Status::Idle);
}

// ---- announcements ------------------------------------------------------------------------------

TEST(Announcements, PhraseSizedBatchesAndBoundaries)
{
    Driver d;
    d.send();
    ASSERT_EQ(d.out.announcements.size(), 1u);
    EXPECT_EQ(d.out.announcements[0].kind, Announcement::Kind::ReplyStarted);
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (const char* t : {"Hello", " wor", "ld.", " How", " are", " you?", " Fine"}) {
        d.token(t);
        for (const auto& a : d.out.announcements)
            spans.emplace_back(a.offset, a.length);
    }
    // Two phrases announced, the trailing " Fine" still held back.
    ASSERT_EQ(spans.size(), 2u);
    EXPECT_EQ(d.last().text.substr(spans[0].first, spans[0].second), "Hello world.");
    EXPECT_EQ(d.last().text.substr(spans[1].first, spans[1].second), " How are you?");
    d.end();
    ASSERT_EQ(d.out.announcements.size(), 2u);
    EXPECT_EQ(d.last().text.substr(d.out.announcements[0].offset, d.out.announcements[0].length),
              " Fine");
    EXPECT_EQ(d.out.announcements[1].kind, Announcement::Kind::ReplyFinished);
}

TEST(Announcements, LongRunsWithoutPunctuationAreStillAnnounced)
{
    Driver d;
    d.send();
    std::size_t announced = 0;
    for (int i = 0; i < 100; ++i) {
        d.token("word ");
        announced += d.out.announcements.size();
    }
    EXPECT_GE(announced, 2u);
    EXPECT_LE(announced, 4u);
}

TEST(Announcements, ErrorIsAssertive)
{
    Driver d;
    d.send();
    d.fail({"transport", "gone", false, -1});
    ASSERT_EQ(d.out.announcements.size(), 1u);
    EXPECT_EQ(d.out.announcements[0].kind, Announcement::Kind::Error);
    EXPECT_EQ(d.out.announcements[0].politeness, Politeness::Assertive);
}

} // namespace
} // namespace koder::agent::test
