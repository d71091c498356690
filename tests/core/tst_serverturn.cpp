// SPDX-License-Identifier: MIT
// What an agent server that drives its own loop (AG-UI) needs of the core: the messages it
// opens inside one request (MessageStarted), the calls it runs itself (CallRunner::Server, and
// their ServerToolResult), the calls it waits on a decision for (ServerAfterApproval and the
// SettleApproval effect), a run that pauses on a question (RequestInput before StreamEnded), its
// view of the conversation (ReconcileMessages) and what it says it does (ServerActivity).
#include "driver.h"

#include "koder/agent/question.h"

#include <nlohmann/json.hpp>

namespace koder::agent::test {
namespace {

using nlohmann::json;

std::vector<std::string> ids(const Driver& d)
{
    std::vector<std::string> out;
    for (const Message& m : d.s.conversation.messages)
        out.push_back(m.id);
    return out;
}

class ServerTurn : public ::testing::Test {
protected:
    Driver d;

    void started(std::string messageId)
    {
        d.dispatch(MessageStarted{d.request(), std::move(messageId)});
    }
    void serverCall(std::string id, std::string name, std::string args = "{}",
                    CallRunner runner = CallRunner::Server)
    {
        d.dispatch(ToolCallRequested{
            d.request(), {std::move(id), std::move(name), std::move(args), false}, runner});
    }
    void result(std::string callId, std::string text, std::string messageId = {})
    {
        d.dispatch(ServerToolResult{d.request(), std::move(callId), std::move(messageId),
                                    std::move(text), false});
    }
    RequestInput question(std::string id = "int-1")
    {
        PendingInput input;
        input.id = std::move(id);
        input.message = "Which colour?";
        input.schema =
            R"({"type":"object","properties":{"colour":{"type":"string"}},"required":["colour"]})";
        input.source = "agui";
        return RequestInput{std::move(input), d.request()};
    }
};

// ---- messages ------------------------------------------------------------------------------------

TEST_F(ServerTurn, TheEmptyReplyRowTakesTheServersMessageId)
{
    d.send();
    const std::string minted = d.last().id;
    started("msg-1");
    EXPECT_EQ(d.last().id, "msg-1");
    EXPECT_NE(minted, "msg-1");
    ASSERT_EQ(d.out.changes.size(), 1u);
    EXPECT_EQ(d.out.changes[0].kind, Change::Kind::Changed);
    EXPECT_TRUE(has(d.out.changes[0].fields, Field::Id));
    EXPECT_FALSE(d.out.effects.empty()) << "the renamed row is written";
    d.token("Hello");
    d.end();
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"hello", "Hello"}));
}

TEST_F(ServerTurn, ARenamedVersionIsRenamedInTheTreeAndWrittenWithIt)
{
    d.send();
    started("msg-1");
    d.token("First.");
    d.end();
    d.dispatch(Regenerate{"msg-1"});
    started("msg-2");
    const std::string userId = d.s.conversation.messages[0].id;
    const auto* group = d.s.conversation.versions.siblingsOf(userId);
    ASSERT_NE(group, nullptr);
    EXPECT_EQ(*group, (std::vector<std::string>{"msg-1", "msg-2"}));
    const auto writes = d.effects<Persist>();
    ASSERT_EQ(writes.size(), 1u);
    EXPECT_TRUE(writes[0].allVersions) << "the tree changed with the path";
}

TEST_F(ServerTurn, ASecondMessageOpensASecondRow)
{
    d.send();
    started("msg-one");
    d.token("First.");
    started("msg-two");
    d.token("Second.");
    d.end();
    EXPECT_EQ(ids(d)[1], "msg-one");
    EXPECT_EQ(ids(d)[2], "msg-two");
    EXPECT_EQ(d.texts(), (std::vector<std::string>{"hello", "First.", "Second."}));
    EXPECT_EQ(d.s.conversation.messages[1].finishReason(), "stop");
    EXPECT_EQ(d.s.conversation.messages[2].finishReason(), "stop");
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST_F(ServerTurn, TheSameIdAgainChangesNothingAndATakenIdIsNotReused)
{
    d.send();
    started("msg-1");
    d.token("a");
    started("msg-1");
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
    // A user message's id: a new row opens, under an id of its own.
    const std::string userId = d.s.conversation.messages[0].id;
    started(userId);
    EXPECT_EQ(d.s.conversation.messages.size(), 3u);
    EXPECT_NE(d.last().id, userId);
}

TEST_F(ServerTurn, AMessageOfAnotherRequestIsDropped)
{
    d.send();
    d.dispatch(MessageStarted{d.request() + 7, "msg-x"});
    EXPECT_TRUE(d.out.dropped);
    EXPECT_NE(d.last().id, "msg-x");
}

TEST_F(ServerTurn, ARetryAfterAServerRowTookTheReplysPlaceStartsFromAnEmptyReply)
{
    d.dispatch(SetMaxRetries{1});
    d.send();
    serverCall("call-1", "lookup");
    d.end("stop");
    d.send("again");
    const std::size_t reply = d.s.turn->stepRow;
    result("call-1", "found", "msg-r");
    d.token("partial");
    d.fail({"incomplete", "cut", true, -1});
    ASSERT_TRUE(d.hasEffect<StartTurn>());
    EXPECT_EQ(d.s.conversation.messages.size(), reply + 1);
    EXPECT_EQ(d.last().role, Role::Assistant);
    EXPECT_EQ(d.last().text, "");
    EXPECT_EQ(d.s.turn->stepRow, reply);
}

TEST_F(ServerTurn, ARetryDropsTheRowsTheFailedAttemptOpened)
{
    d.dispatch(SetMaxRetries{1});
    d.send();
    started("msg-one");
    d.token("First.");
    started("msg-two");
    d.token("Second.");
    d.fail({"incomplete", "cut", true, -1});
    ASSERT_TRUE(d.hasEffect<StartTurn>());
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
    EXPECT_EQ(d.last().text, "");
    EXPECT_EQ(d.s.turn->stepRow, 1u);
}

// ---- calls the server runs ------------------------------------------------------------------------

TEST_F(ServerTurn, CallsOfThisSideKeepTheirRowAsTheLastOne)
{
    // An agent that says more after asking for a frontend tool: the call stays on the row the
    // user decides it on, and what follows goes on in that row.
    d.send();
    started("msg-1");
    d.call("c1", "write_file");
    started("msg-2");
    d.token("More.");
    d.dispatch(ReconcileMessages{d.request(), {Message("msg-x", Role::Assistant, "Extra")}});
    d.end("tool_calls");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    ASSERT_EQ(d.s.conversation.messages.size(), 2u);
    EXPECT_EQ(d.last().id, "msg-1");
    EXPECT_EQ(d.last().text, "More.");
    ASSERT_EQ(d.last().toolCalls().size(), 1u);
}

TEST_F(ServerTurn, AServerCallIsShownAndNeverDecidedOrRun)
{
    d.send();
    serverCall("call-weather", "get_weather", R"({"city":"Oslo"})");
    result("call-weather", "Sunny", "msg-result");
    started("msg-after");
    d.token("It is sunny.");
    d.end();
    EXPECT_EQ(d.s.status, Status::Idle) << "nothing waits: the server ran it";
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    const auto& rows = d.s.conversation.messages;
    ASSERT_EQ(rows.size(), 4u);
    ASSERT_EQ(rows[1].toolCalls().size(), 1u);
    EXPECT_EQ(rows[1].toolCalls()[0].name, "get_weather");
    EXPECT_EQ(rows[1].finishReason(), "tool_calls");
    EXPECT_EQ(rows[2].role, Role::Tool);
    EXPECT_EQ(rows[2].id, "msg-result");
    EXPECT_EQ(rows[2].text, "Sunny");
    EXPECT_EQ(rows[2].toolName(), "get_weather");
    EXPECT_EQ(json::parse(rows[2].metadata())["ranBy"], "server");
    EXPECT_EQ(rows[3].id, "msg-after");
    EXPECT_EQ(rows[3].text, "It is sunny.");
}

TEST_F(ServerTurn, AResultBeforeAnyTextGoesAboveTheEmptyReplyRow)
{
    // A run resumed after an approval begins with the result of the call the user allowed.
    d.send();
    serverCall("call-delete", "delete_file");
    d.end("stop");
    d.send("go on");
    const std::size_t reply = d.s.turn->stepRow;
    result("call-delete", "Deleted", "msg-deleted");
    EXPECT_EQ(d.s.conversation.messages[reply].id, "msg-deleted");
    EXPECT_EQ(d.s.turn->stepRow, reply + 1) << "an empty reply row stays last";
    for (const Change& c : d.out.changes)
        EXPECT_NE(c.kind == Change::Kind::Inserted, c.first < reply + 1)
            << "nothing is inserted above other rows";
    started("msg-after");
    d.token("Done.");
    d.end();
    const auto& rows = d.s.conversation.messages;
    EXPECT_EQ(rows.back().id, "msg-after");
    EXPECT_EQ(rows[rows.size() - 2].role, Role::Tool);
    for (const Message& m : rows)
        EXPECT_FALSE(m.role == Role::Assistant && m.text.empty() && m.toolCalls().empty())
            << "no empty bubble left behind";
}

TEST_F(ServerTurn, AServerCallWithoutAResultIsOnlyShown)
{
    d.send();
    serverCall("call-x", "remote_thing");
    d.end("stop");
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_EQ(d.s.conversation.messages.size(), 2u) << "no tool message: never answered here";
    EXPECT_EQ(d.last().toolCalls().size(), 1u);
}

TEST_F(ServerTurn, AServerCallIsNotAnsweredWhenItsConversationComesBack)
{
    d.send();
    serverCall("call-x", "remote_thing");
    d.end("stop");
    const std::string id = d.s.conversation.id;
    const std::vector<Message> messages = d.s.conversation.messages;
    EXPECT_EQ(json::parse(d.last().metadata())["serverCalls"], json::array({"call-x"}));
    d.dispatch(SwitchConversation{"other", {}, {}});
    d.dispatch(SwitchConversation{id, messages, {}});
    EXPECT_EQ(d.s.conversation.messages.size(), 2u) << "no made-up answer for the server's call";
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST_F(ServerTurn, TheSameCallIdLaterUpdatesThatCall)
{
    d.send();
    serverCall("call-1", "lookup", R"({"q":"a"})");
    d.end("stop");
    d.send("again");
    serverCall("call-1", "lookup", R"({"q":"b"})");
    const auto& first = d.s.conversation.messages[1];
    ASSERT_EQ(first.toolCalls().size(), 1u);
    EXPECT_EQ(first.toolCalls()[0].arguments, R"({"q":"b"})");
    EXPECT_TRUE(d.last().toolCalls().empty());
}

TEST_F(ServerTurn, ASecondResultReplacesTheFirst)
{
    d.send();
    serverCall("call-1", "lookup");
    result("call-1", "partial", "msg-r");
    result("call-1", "final", "msg-r2");
    EXPECT_EQ(d.s.conversation.messages.size(), 3u);
    EXPECT_EQ(d.last().text, "final");
}

TEST_F(ServerTurn, AResultForAFrontendCallMeansItIsNotRunHere)
{
    d.send();
    d.call("c1", "read_file");
    result("c1", "the server did it");
    d.end("tool_calls");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST_F(ServerTurn, FrontendAndServerCallsMix)
{
    d.send();
    d.call("call-a", "write_file");
    serverCall("call-srv", "server_tool");
    result("call-srv", "server done");
    d.end("tool_calls");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_EQ(d.s.pendingToolCalls[0].id, "call-a");
}

// ---- calls the server waits on a decision for --------------------------------------------------

TEST_F(ServerTurn, AnApprovalInterruptWaitsAndItsDecisionGoesBack)
{
    d.send();
    serverCall("call-delete", "delete_file", R"({"path":"notes.txt"})");
    serverCall("call-delete", "delete_file", "{}", CallRunner::ServerAfterApproval);
    EXPECT_EQ(d.last().toolCalls().size(), 1u) << "upgraded, not added";
    EXPECT_EQ(d.last().toolCalls()[0].arguments, R"({"path":"notes.txt"})");
    d.end("stop");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_EQ(d.s.pendingToolCalls[0].id, "call-delete");
    EXPECT_TRUE(approvalStateOf(d.s).pending.empty()) << "never stored: it dies with the run";

    d.dispatch(ApproveToolCall{"call-delete", ApprovalScope::Once, R"({"path":"old.txt"})"});
    const auto settled = d.effects<SettleApproval>();
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_TRUE(settled[0].approved);
    EXPECT_EQ(settled[0].arguments, R"({"path":"old.txt"})");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_TRUE(d.hasEffect<StartTurn>()) << "the next run resumes the server";
    EXPECT_EQ(d.s.status, Status::Streaming);
    EXPECT_EQ(d.s.conversation.messages[1].toolCalls()[0].arguments, R"({"path":"old.txt"})");
    for (const Message& m : d.s.conversation.messages)
        EXPECT_NE(m.role, Role::Tool) << "no tool message: the server runs it";
}

TEST_F(ServerTurn, ADenialGoesBackWithItsReason)
{
    d.send();
    serverCall("int-1", "tool_call", "{}", CallRunner::ServerAfterApproval);
    d.end("stop");
    d.dispatch(DenyToolCall{"int-1", "not now"});
    const auto settled = d.effects<SettleApproval>();
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_FALSE(settled[0].approved);
    EXPECT_EQ(settled[0].reason, "not now");
    EXPECT_TRUE(d.hasEffect<StartTurn>());
}

TEST_F(ServerTurn, PoliciesDecideAnApprovalInterrupt)
{
    d.dispatch(SetToolPolicies{{{"delete_file", ToolPolicy::Deny}}});
    d.send();
    serverCall("call-delete", "delete_file", "{}", CallRunner::ServerAfterApproval);
    d.end("stop");
    auto settled = d.effects<SettleApproval>();
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_FALSE(settled[0].approved);
    EXPECT_EQ(d.s.status, Status::Streaming) << "resumed at once";

    d.end("stop");
    d.dispatch(SetToolPolicies{});
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.send("again");
    serverCall("call-2", "delete_file", "{}", CallRunner::ServerAfterApproval);
    d.end("stop");
    settled = d.effects<SettleApproval>();
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_TRUE(settled[0].approved);
}

TEST_F(ServerTurn, StoppingWhileAnInterruptWaitsWritesNoToolMessage)
{
    d.send();
    serverCall("int-1", "tool_call", "{}", CallRunner::ServerAfterApproval);
    d.end("stop");
    d.dispatch(Abort{});
    EXPECT_EQ(d.s.status, Status::Interrupted);
    for (const Message& m : d.s.conversation.messages)
        EXPECT_NE(m.role, Role::Tool);
}

// ---- a run that pauses on a question ---------------------------------------------------------------

TEST_F(ServerTurn, AQuestionAskedBeforeTheEndKeepsTheTurnOpen)
{
    d.send();
    started("msg-ask");
    d.token("I need one detail.");
    d.dispatch(question());
    EXPECT_EQ(d.s.status, Status::Streaming);
    d.end("stop");
    EXPECT_EQ(d.s.status, Status::AwaitingInput);
    EXPECT_TRUE(d.s.turn.has_value());
    EXPECT_FALSE(d.hasEffect<StartTurn>());

    d.dispatch(AnswerInput{"int-1", R"({"colour":"blue"})"});
    const auto settled = d.effects<SettleInput>();
    ASSERT_EQ(settled.size(), 1u);
    EXPECT_EQ(settled[0].decision, InputDecision::Answered);
    EXPECT_EQ(json::parse(settled[0].value)["colour"], "blue");
    ASSERT_TRUE(d.hasEffect<StartTurn>());
    // The answer goes out before the request that carries it.
    std::size_t settleAt = 0, startAt = 0;
    for (std::size_t i = 0; i < d.out.effects.size(); ++i) {
        if (std::holds_alternative<SettleInput>(d.out.effects[i]))
            settleAt = i;
        if (std::holds_alternative<StartTurn>(d.out.effects[i]))
            startAt = i;
    }
    EXPECT_LT(settleAt, startAt);
    d.token("You chose blue.");
    d.end();
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST_F(ServerTurn, ADeclinedQuestionResumesTheServerToo)
{
    d.send();
    d.dispatch(question());
    d.end("stop");
    d.dispatch(DeclineInput{"int-1"});
    ASSERT_EQ(d.effects<SettleInput>().size(), 1u);
    EXPECT_EQ(d.effects<SettleInput>()[0].decision, InputDecision::Declined);
    EXPECT_TRUE(d.hasEffect<StartTurn>());
}

TEST_F(ServerTurn, AQuestionAndAnApprovalWaitTogether)
{
    d.send();
    serverCall("int-a", "tool_call", "{}", CallRunner::ServerAfterApproval);
    d.dispatch(question("int-q"));
    d.end("stop");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    d.dispatch(ApproveToolCall{"int-a", ApprovalScope::Once, std::nullopt});
    EXPECT_FALSE(d.hasEffect<StartTurn>()) << "the question still waits";
    EXPECT_EQ(d.s.status, Status::AwaitingInput);
    d.dispatch(AnswerInput{"int-q", R"({"colour":"red"})"});
    EXPECT_TRUE(d.hasEffect<StartTurn>()) << "one run resumes both";
}

// ---- the server's view of the conversation -----------------------------------------------------------

TEST_F(ServerTurn, ASnapshotAddsWhatIsMissingAndDuplicatesNothing)
{
    d.send();
    started("msg-snap");
    d.token("Snapshot reply.");
    const std::string userId = d.s.conversation.messages[0].id;
    Message user(userId, Role::User, "hello");
    Message reply("msg-snap", Role::Assistant, "Snapshot reply.");
    Message extra("msg-extra", Role::Assistant, "Added by the server.");
    d.dispatch(ReconcileMessages{d.request(), {user, reply, extra}});
    d.end();
    EXPECT_EQ(ids(d), (std::vector<std::string>{userId, "msg-snap", "msg-extra"}));
    EXPECT_EQ(d.texts(),
              (std::vector<std::string>{"hello", "Snapshot reply.", "Added by the server."}));
    d.dispatch(ReconcileMessages{d.request(), {user, reply, extra}});
    EXPECT_TRUE(d.out.dropped) << "outside a request";
}

TEST_F(ServerTurn, ASnapshotBeforeTheReplyGoesAboveIt)
{
    d.send();
    Message earlier("msg-earlier", Role::Assistant, "From before.");
    d.dispatch(ReconcileMessages{d.request(), {earlier}});
    ASSERT_EQ(d.s.conversation.messages.size(), 3u);
    EXPECT_EQ(d.s.conversation.messages[1].id, "msg-earlier");
    EXPECT_EQ(d.s.turn->stepRow, 2u);
    d.token("Now.");
    d.end();
    EXPECT_EQ(d.last().text, "Now.");
}

TEST_F(ServerTurn, ASnapshotLeavesTheUsersWordsAsTheyWere)
{
    d.send("see the file");
    const std::string userId = d.s.conversation.messages[0].id;
    // The agent echoes the message as it received it: its attached file inlined.
    Message echoed(userId, Role::User, "see the file\n\nAttached file notes.txt: ...");
    d.dispatch(ReconcileMessages{d.request(), {echoed}});
    EXPECT_EQ(d.s.conversation.messages[0].text, "see the file");
}

TEST_F(ServerTurn, ASnapshotOfACallShownUnderAnotherIdAddsNothing)
{
    d.send();
    serverCall("c1", "search");
    Message agents("ai-1", Role::Assistant, "");
    agents.extras().toolCalls.push_back({"c1", "search", "{}", false});
    d.dispatch(ReconcileMessages{d.request(), {agents}});
    EXPECT_EQ(d.s.conversation.messages.size(), 2u) << "the same message: no second row";
}

TEST_F(ServerTurn, ServerCallsBorrowNothingFromTheAppsToolOfTheSameName)
{
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead}); // read_file is the app's read-only tool
    d.send();
    serverCall("c1", "read_file", "{}", CallRunner::ServerAfterApproval);
    EXPECT_FALSE(d.last().toolCalls()[0].readOnly);
    d.end("stop");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall) << "asked, not run as read-only";
    // "For this conversation" grants nothing beyond this call.
    d.dispatch(ApproveToolCall{"c1", ApprovalScope::Conversation, std::nullopt});
    EXPECT_TRUE(d.s.conversation.grantedTools.empty());
}

TEST_F(ServerTurn, ASnapshotUpdatesTheTextOfARowItNames)
{
    d.send();
    started("msg-1");
    d.token("Draft");
    Message reply("msg-1", Role::Assistant, "Final text");
    d.dispatch(ReconcileMessages{d.request(), {reply}});
    EXPECT_EQ(d.last().text, "Final text");
    EXPECT_EQ(d.s.conversation.messages.size(), 2u);
}

// ---- what the server does ----------------------------------------------------------------------------

TEST_F(ServerTurn, ActivityOnlyReachesTheDebugLog)
{
    d.send();
    const std::size_t before = d.log.entries().size();
    d.dispatch(ServerActivity{d.request(), "stepStarted", "plan"});
    EXPECT_TRUE(d.out.changes.empty());
    EXPECT_TRUE(d.out.effects.empty());
    const auto entries = d.log.entries();
    ASSERT_EQ(entries.size(), before + 1);
    EXPECT_EQ(entries.back().kind, "serverStepStarted");
    EXPECT_EQ(entries.back().subject, "plan");
}

} // namespace
} // namespace koder::agent::test
