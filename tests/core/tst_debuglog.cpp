// SPDX-License-Identifier: MIT
// The debug log as an observer of the reducer: the entries it derives from each input, its
// outcome and the state after it (Driver feeds it every dispatch), and the bounded ring itself.
#include "driver.h"

#include "koder/agent/projection.h"

#include <string>
#include <utility>
#include <vector>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// "kind subject" or "kind subject xN" per entry, oldest first.
std::vector<std::string> lines(const DebugLog& log)
{
    std::vector<std::string> out;
    for (const DebugEntry& e : log.entries()) {
        std::string line = std::string(e.kind) + " " + e.subject;
        if (e.repeat > 1)
            line += " x" + std::to_string(e.repeat);
        out.push_back(std::move(line));
    }
    return out;
}

TEST(DebugLog, AStepsTokensAreOneEntryBetweenItsMilestones)
{
    Driver d; // ids: c1 the conversation, m2 the user message, m3 the reply
    d.send("hi");
    d.dispatch(StreamStarted{d.request()});
    d.token("one ");
    d.token("two ");
    d.token("three");
    d.end();
    EXPECT_THAT(lines(d.log),
                ElementsAre("send m2", "started m3", "tokens m3 x3", "stepEnd m3", "end m3"));
    std::vector<std::uint64_t> seqs;
    for (const DebugEntry& e : d.log.entries())
        seqs.push_back(e.seq);
    EXPECT_THAT(seqs, ElementsAre(1u, 2u, 3u, 4u, 5u));
    EXPECT_EQ(d.log.seq(), 5u);
}

TEST(DebugLog, ReasoningRepeatsFoldIntoOneEntry)
{
    Driver d;
    d.send("hi");
    d.dispatch(ReasoningDelta{d.request(), "a"});
    d.dispatch(ReasoningDelta{d.request(), "b"});
    const DebugEntry last = d.log.entries().back();
    EXPECT_EQ(last.kind, "reasoning");
    EXPECT_EQ(last.subject, "m3");
    EXPECT_EQ(last.repeat, 2u);
    EXPECT_EQ(last.seq, 3u); // a folded entry takes the newest seq
}

TEST(DebugLog, StaleTransportEventsAreDropped)
{
    Driver d;
    d.send("hi");
    const RequestId old = d.request();
    d.dispatch(Abort{});
    d.dispatch(TextDelta{old, "late"});
    EXPECT_TRUE(d.out.dropped);
    d.dispatch(StreamEnded{old, "stop"});
    d.dispatch(ToolResult{"nobody-asked", "x", false});
    EXPECT_THAT(lines(d.log), ElementsAre("send m2", "abort m3", "dropped  x3"));
}

TEST(DebugLog, AbortNamesTheTurnsFirstReplyAfterItsToolSteps)
{
    Driver d;
    d.send("write it");
    d.call("c1", "write_file");
    d.end("tool_calls");                       // write_file asks first
    d.dispatch(ApproveToolCall{"c1"});         // runs
    d.dispatch(ToolResult{"c1", "ok", false}); // the tool message m4, then step 2 streams into m5
    d.token("do");
    d.token("ne");
    d.dispatch(Abort{});
    EXPECT_THAT(lines(d.log), ElementsAre("send m2", "toolCall c1", "stepEnd m3", "approve c1",
                                          "toolResult c1", "step m5", "abort m3", "tokens m5 x2"));
}

TEST(DebugLog, DenialAndUnknownToolsMoveToTheNextStep)
{
    Driver d;
    d.send("go");
    d.call("c1", "write_file");
    d.call("c2", "no_such_tool"); // answered with an error message, never run
    d.end("tool_calls");
    d.dispatch(DenyToolCall{"c1", "no"});
    d.end(); // step 2 ends the turn
    EXPECT_THAT(lines(d.log), ElementsAre("send m2", "toolCall c1", "toolCall c2", "stepEnd m3",
                                          "deny c1", "step m6", "stepEnd m6", "end m6"));
}

TEST(DebugLog, AutoAcceptOfAPendingCallThatRunsWritesNoStep)
{
    Driver d;
    d.send("go");
    d.call("c1", "read_file");
    d.end("tool_calls");
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead}); // runs c1: the turn waits for its result
    d.dispatch(ToolResult{"c1", "text", false});
    EXPECT_THAT(lines(d.log),
                ElementsAre("send m2", "toolCall c1", "stepEnd m3", "toolResult c1", "step m5"));
}

TEST(DebugLog, RetriesAndErrorsNameTheirCodes)
{
    Driver d;
    d.dispatch(SetMaxRetries{1});
    d.send("hi");
    d.token("partial");
    d.dispatch(StreamEnded{d.request(), ""}); // no finish reason: incomplete, retried
    d.token("again");
    d.fail({"transport", "gone", true, -1}); // the one retry is spent
    EXPECT_THAT(lines(d.log), ElementsAre("send m2", "tokens m3", "retry incomplete", "tokens m3",
                                          "error transport"));
}

TEST(DebugLog, HandoffAndTheStepLimit)
{
    Driver d;
    d.send("hi");
    d.token("over to you");
    d.dispatch(Handoff{d.request(), "human"});
    d.dispatch(SetMaxSteps{1});
    d.send("again");
    d.call("c1", "read_file");
    d.end("tool_calls"); // step 1 of 1: the call is not run, the turn fails
    EXPECT_THAT(lines(d.log),
                ElementsAre("send m2", "tokens m3", "handoff human", "end m3", "send m4",
                            "toolCall c1", "stepEnd m5", "error step_limit"));
}

TEST(DebugLog, ActionsNameTheirSubjects)
{
    Driver d;
    d.exchange("q1", "a1");                                   // c1, m2, m3
    d.dispatch(AddCheckpoint{"{}"});                          // m4
    d.dispatch(RestoreCheckpoint{"m4"});                      //
    d.dispatch(Edit{"m2", "q1!"});                            // version m5, reply m6
    d.token("x");                                             //
    d.dispatch(Regenerate{"m6"});                             // cuts m6 off, reply m7
    d.dispatch(Abort{});                                      //
    d.dispatch(Branch{"m5"});                                 // c8
    d.dispatch(Clear{});                                      //
    d.dispatch(DeleteConversation{});                         // c1 is deleted, c8 is new
    d.dispatch(SwitchConversation{"other", {}, {}});          //
    d.dispatch(AddUserMessage{"note"});                       // no entry
    d.dispatch(SetMessages{{Message("u", Role::User, "t")}}); // no entry
    EXPECT_THAT(lines(d.log),
                ElementsAre("send m2", "tokens m3", "stepEnd m3", "end m3", "checkpoint m4",
                            "restore m4", "edit m2", "regenerate m6", "tokens m6", "abort m7",
                            "branch c8", "clear c1", "delete c1", "switch other"));
}

TEST(DebugLog, ARejectionWritesNothing)
{
    Driver d;
    d.dispatch(Abort{}); // no turn
    d.dispatch(SetMaxSteps{0});
    d.dispatch(Edit{"missing", "x"});
    EXPECT_TRUE(d.out.rejected());
    EXPECT_THAT(d.log.entries(), IsEmpty());
    EXPECT_EQ(d.log.seq(), 0u);
}

TEST(DebugLog, ResetEmptiesTheLogAndSeqGoesOn)
{
    Driver d;
    d.send("hi");
    d.token("a");
    d.s.settings.maxBackgroundTurns = 0; // the reset stops the turn rather than leaving it
    d.dispatch(Reset{}); // the cut-off step's tokens are written, then the log is emptied
    ASSERT_EQ(d.log.size(), 1u);
    const DebugEntry reset = d.log.entries().front();
    EXPECT_EQ(reset.kind, "reset");
    EXPECT_EQ(reset.subject, d.s.conversation.id);
    EXPECT_EQ(reset.seq, 3u); // send 1, tokens 2
}

TEST(DebugLog, AResetThatLeavesTheTurnRunningNamesTheNewConversation)
{
    Driver d;
    d.send("hi");
    d.dispatch(Reset{}); // the turn runs on in the background
    ASSERT_EQ(d.log.size(), 1u);
    const DebugEntry reset = d.log.entries().front();
    EXPECT_EQ(reset.kind, "reset");
    const auto left = d.effects<LeaveRunning>();
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(reset.subject, left.front().nextConversationId);
    EXPECT_NE(reset.subject, d.s.conversation.id);
}

TEST(DebugLog, AMovedFromInputIsRecordedAsTheCopiedOne)
{
    // The runtime reduces rvalue inputs and records afterwards.
    Driver copied;
    Driver moved;
    const auto script = [](Driver& d) {
        return std::vector<Input>{
            SetMessages{{Message("a", Role::User, "t"), Message("b", Role::Assistant, "r")}},
            Regenerate{"b"},
            TextDelta{d.request(), "x"},
            SwitchConversation{"other", {Message("o", Role::User, "t")}, {}},
            AddMessages{{Message("p", Role::User, "t")}},
        };
    };
    for (std::size_t i = 0; i < script(copied).size(); ++i) {
        copied.dispatch(script(copied)[i]);
        Input input = script(moved)[i];
        reduce(moved.s, std::move(input), moved.out, moved.env);
        moved.log.record(input, moved.out, moved.s);
    }
    EXPECT_EQ(moved.log.entries(), copied.log.entries());
    EXPECT_THAT(lines(moved.log), ElementsAre("regenerate b", "tokens m2", "switch other"));
}

TEST(DebugLog, TheRingFoldsRepeatsAndDropsTheOldest)
{
    DebugLog log(3);
    log.append("a", "x");
    log.append("a", "x", 4);
    log.append("b", "x");
    log.append("a", "x"); // not folded: "b" came between
    log.append("c", "y");
    EXPECT_EQ(log.size(), 3u);
    EXPECT_EQ(log.capacity(), 3u);
    EXPECT_THAT(log.entries(), ElementsAre(DebugEntry{3, "b", "x", 1}, DebugEntry{4, "a", "x", 1},
                                           DebugEntry{5, "c", "y", 1}));
    log.clear();
    EXPECT_THAT(log.entries(), IsEmpty());
    log.append("d", "z");
    EXPECT_EQ(log.entries().front().seq, 6u);
    EXPECT_EQ(DebugLog(0).capacity(), 1u);
}

TEST(DebugLog, TheProjectionCarriesTheLogItIsGiven)
{
    Driver d;
    d.exchange("hi", "hello");
    EXPECT_THAT(project(d.s).log, IsEmpty()); // the state has no log
    const Projection p = project(d.s, d.log);
    EXPECT_EQ(p.log, d.log.entries());
    EXPECT_EQ(p.visibleRows, project(d.s).visibleRows);
}

} // namespace
} // namespace koder::agent::test
