// SPDX-License-Identifier: MIT
// toolCallProgress(): where a tool call stands (pending, running, done, error, denied) as the
// reducer moves it along, and the row of its result.
#include "driver.h"

#include "koder/agent/toolcallstatus.h"

#include <string>

namespace koder::agent::test {
namespace {

struct StatusDriver : Driver {
    ToolCallProgress progress(std::string_view callId) const { return toolCallProgress(s, callId); }
    ToolCallStatus status(std::string_view callId) const { return progress(callId).status; }

    /// The row of the tool message answering `callId`, found here without the function under test.
    std::size_t answerRow(const std::string& callId) const
    {
        for (std::size_t row = 0; row < s.conversation.messages.size(); ++row)
            if (s.conversation.messages[row].role == Role::Tool &&
                s.conversation.messages[row].toolCallId() == callId)
                return row;
        return noRow;
    }
};

constexpr ToolCallProgress pending{ToolCallStatus::Pending, noRow};
constexpr ToolCallProgress running{ToolCallStatus::Running, noRow};

TEST(ToolCallStatus, NamesAreThoseOfTheToolCards)
{
    EXPECT_EQ(toString(ToolCallStatus::Pending), "pending");
    EXPECT_EQ(toString(ToolCallStatus::Running), "running");
    EXPECT_EQ(toString(ToolCallStatus::Done), "done");
    EXPECT_EQ(toString(ToolCallStatus::Error), "error");
    EXPECT_EQ(toString(ToolCallStatus::Denied), "denied");
    EXPECT_EQ(toString(ToolCallStatus::Asking), "asking");
    EXPECT_EQ(ToolCallProgress{}, pending);
}

TEST(ToolCallStatus, PendingWhileTheStepStreamsAndWhileTheUserDecides)
{
    StatusDriver d;
    d.send();
    d.call("c1", "write_file");
    EXPECT_EQ(d.progress("c1"), pending); // not decided yet: the step still streams
    d.end("tool_calls");
    ASSERT_EQ(d.s.status, Status::ReviewingToolCall);
    EXPECT_EQ(d.progress("c1"), pending);
}

TEST(ToolCallStatus, RunningOnceApprovedThenDoneWithItsResultRow)
{
    StatusDriver d;
    d.send();
    d.call("c1", "write_file");
    d.end("tool_calls");
    d.dispatch(ApproveToolCall{"c1"});
    ASSERT_EQ(d.s.status, Status::RunningTool);
    EXPECT_EQ(d.progress("c1"), running);
    d.dispatch(ToolResult{"c1", "written", false});
    const std::size_t row = d.answerRow("c1");
    ASSERT_NE(row, noRow);
    EXPECT_EQ(d.progress("c1"), (ToolCallProgress{ToolCallStatus::Done, row}));
    EXPECT_EQ(d.s.conversation.messages[row].text, "written");
}

TEST(ToolCallStatus, ErrorWhenTheToolFailsOrIsUnknown)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.send();
    d.call("c1", "write_file");
    d.call("c2", "no_such_tool");
    d.end("tool_calls");
    EXPECT_EQ(d.status("c1"), ToolCallStatus::Running);
    EXPECT_EQ(d.progress("c2"), (ToolCallProgress{ToolCallStatus::Error, d.answerRow("c2")}));
    d.dispatch(ToolResult{"c1", "disk full", true});
    const ToolCallProgress p = d.progress("c1");
    EXPECT_EQ(p.status, ToolCallStatus::Error);
    ASSERT_EQ(p.resultRow, d.answerRow("c1"));
    EXPECT_EQ(d.s.conversation.messages[p.resultRow].text, "disk full");
}

TEST(ToolCallStatus, DeniedByTheUserByAPolicyOrByTheEndOfTheTurn)
{
    StatusDriver d;
    d.s.settings.toolPolicies = {{"read_file", ToolPolicy::Deny}};
    d.send();
    d.call("c1", "write_file");
    d.call("c2", "read_file");
    d.call("c3", "write_file");
    d.end("tool_calls");
    EXPECT_EQ(d.status("c2"), ToolCallStatus::Denied); // by policy, without asking
    d.dispatch(DenyToolCall{"c1", "not now"});
    const ToolCallProgress p = d.progress("c1");
    EXPECT_EQ(p.status, ToolCallStatus::Denied);
    ASSERT_EQ(p.resultRow, d.answerRow("c1"));
    EXPECT_NE(d.s.conversation.messages[p.resultRow].text.find("not now"), std::string::npos);
    EXPECT_EQ(d.progress("c3"), pending);
    d.dispatch(Abort{}); // c3 was never decided
    EXPECT_EQ(d.progress("c3"), (ToolCallProgress{ToolCallStatus::Denied, d.answerRow("c3")}));
}

TEST(ToolCallStatus, ARunningCallOfAStoppedTurnIsAnError)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.send();
    d.call("c1", "write_file");
    d.end("tool_calls");
    ASSERT_EQ(d.status("c1"), ToolCallStatus::Running);
    d.dispatch(Abort{}); // its result is lost: recorded as not completed
    EXPECT_EQ(d.progress("c1"), (ToolCallProgress{ToolCallStatus::Error, d.answerRow("c1")}));
}

TEST(ToolCallStatus, AnUnknownIdIsPending)
{
    StatusDriver d;
    EXPECT_EQ(d.progress("c1"), pending); // an empty state
    d.exchange("hello", "hi");
    d.send();
    d.call("c1", "write_file");
    d.end("tool_calls");
    EXPECT_EQ(d.progress("nope"), pending);
    EXPECT_EQ(d.progress(""), pending);
    EXPECT_EQ(d.progress("c"), pending); // a prefix of an id is another id
}

TEST(ToolCallStatus, AResultFurtherDownIsFoundWithItsRow)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.send("first");
    d.call("c1", "read_file");
    d.end("tool_calls");
    d.dispatch(ToolResult{"c1", "contents", false});
    const std::size_t row = d.answerRow("c1");
    ASSERT_NE(row, noRow);
    // The next step's reply, then two more exchanges: the result is well above the end now.
    d.token("read it");
    d.end();
    d.exchange("second", "two");
    d.exchange("third", "three");
    ASSERT_GE(d.s.conversation.messages.size(), row + 6);
    EXPECT_EQ(d.progress("c1"), (ToolCallProgress{ToolCallStatus::Done, row}));
}

TEST(ToolCallStatus, SeveralCallsOfOneStepEachHaveTheirOwn)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::OnlyRead;
    d.send();
    d.call("r1", "read_file");    // runs without asking
    d.call("w1", "write_file");   // asks
    d.call("w2", "write_file");   // asks
    d.call("x1", "no_such_tool"); // answered with an error at once
    d.end("tool_calls");
    EXPECT_EQ(d.progress("r1"), running);
    EXPECT_EQ(d.progress("w1"), pending);
    EXPECT_EQ(d.progress("w2"), pending);
    EXPECT_EQ(d.status("x1"), ToolCallStatus::Error);

    d.dispatch(DenyToolCall{"w2", {}});
    d.dispatch(ApproveToolCall{"w1"});
    EXPECT_EQ(d.progress("w1"), running);
    EXPECT_EQ(d.status("w2"), ToolCallStatus::Denied);
    d.dispatch(ToolResult{"w1", "saved", false}); // the later call finishes first
    EXPECT_EQ(d.progress("r1"), running);
    d.dispatch(ToolResult{"r1", "read failed", true});

    const ToolCallProgress r1 = d.progress("r1"), w1 = d.progress("w1"), w2 = d.progress("w2"),
                           x1 = d.progress("x1");
    EXPECT_EQ(r1, (ToolCallProgress{ToolCallStatus::Error, d.answerRow("r1")}));
    EXPECT_EQ(w1, (ToolCallProgress{ToolCallStatus::Done, d.answerRow("w1")}));
    EXPECT_EQ(w2, (ToolCallProgress{ToolCallStatus::Denied, d.answerRow("w2")}));
    EXPECT_EQ(x1, (ToolCallProgress{ToolCallStatus::Error, d.answerRow("x1")}));
    // Results in the order they came, each its own row.
    EXPECT_LT(x1.resultRow, w2.resultRow);
    EXPECT_LT(w2.resultRow, w1.resultRow);
    EXPECT_LT(w1.resultRow, r1.resultRow);
    EXPECT_EQ(d.s.conversation.messages[w1.resultRow].text, "saved");
    EXPECT_EQ(d.s.conversation.messages[r1.resultRow].text, "read failed");
}

TEST(ToolCallStatus, AnIdTheModelReusesShowsItsNewestCall)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.send("first");
    d.call("call_0", "write_file");
    d.end("tool_calls");
    d.dispatch(ToolResult{"call_0", "one", false});
    d.token("ok");
    d.end();
    ASSERT_EQ(d.status("call_0"), ToolCallStatus::Done);
    d.s.settings.autoAccept = AutoAccept::Never;
    d.send("second");
    d.call("call_0", "write_file"); // a model that numbers its calls per reply
    d.end("tool_calls");
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    ASSERT_EQ(d.s.pendingToolCalls.front().id, "call_0");
    EXPECT_EQ(d.progress("call_0"), pending); // not the older call's result
    d.dispatch(DenyToolCall{"call_0", {}});
    const ToolCallProgress p = d.progress("call_0");
    EXPECT_EQ(p.status, ToolCallStatus::Denied);
    EXPECT_EQ(p.resultRow,
              d.s.conversation.messages.size() - 2); // the new answer, before the next step
}

// With the message that asked, each of two calls sharing an id keeps its own status and result.
TEST(ToolCallStatus, TheAskingMessageKeepsEachCallItsOwnResult)
{
    StatusDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.send("first");
    d.call("call_0", "write_file");
    d.end("tool_calls");
    const std::string firstAsker = d.s.conversation.messages.back().id;
    d.dispatch(ToolResult{"call_0", "one", false});
    std::size_t firstResult = noRow;
    for (std::size_t row = 0; row < d.s.conversation.messages.size(); ++row)
        if (d.s.conversation.messages[row].role == Role::Tool)
            firstResult = row;
    ASSERT_NE(firstResult, noRow);
    d.token("ok");
    d.end();
    d.s.settings.autoAccept = AutoAccept::Never;
    d.send("second");
    d.call("call_0", "write_file");
    d.end("tool_calls");
    const std::string secondAsker = d.s.conversation.messages.back().id;

    const ToolCallProgress older = toolCallProgress(d.s, "call_0", firstAsker);
    EXPECT_EQ(older.status, ToolCallStatus::Done);
    EXPECT_EQ(older.resultRow, firstResult);
    EXPECT_EQ(toolCallProgress(d.s, "call_0", secondAsker), pending);

    d.dispatch(DenyToolCall{"call_0", {}});
    EXPECT_EQ(toolCallProgress(d.s, "call_0", firstAsker).resultRow, firstResult)
        << "the older card keeps its own result";
    EXPECT_EQ(toolCallProgress(d.s, "call_0", secondAsker).status, ToolCallStatus::Denied);
    // An asker the state does not hold falls back to the newest call.
    EXPECT_EQ(toolCallProgress(d.s, "call_0", "no-such-message").status, ToolCallStatus::Denied);
}

} // namespace
} // namespace koder::agent::test
