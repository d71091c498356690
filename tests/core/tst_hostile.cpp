// SPDX-License-Identifier: MIT
// What the core does with input it must not trust: stored flags it re-checks, a conversation
// that failed to load.
#include "driver.h"

namespace koder::agent::test {
namespace {

TEST(Hostile, AutoAcceptAsksTheToolRegisteredNowNotTheCallsFlag)
{
    Driver d;
    d.send("look");
    d.call("c1", "read_file");
    d.end("tool_calls");
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_TRUE(d.s.pendingToolCalls[0].readOnly); // read-only when it arrived

    // The app re-registers the tool as one that writes before the user picks "only read".
    d.dispatch(SetTools{{{"read_file", false}, {"write_file", false}}});
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead});
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);

    // The other way round: a tool that is read-only now is accepted, whatever the call said.
    d.dispatch(SetAutoAccept{AutoAccept::Never});
    d.dispatch(SetTools{{{"read_file", true}}});
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead});
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
}

TEST(Hostile, AStoredCallsReadOnlyFlagDoesNotRunAWritingTool)
{
    // A stored conversation says write_file was read-only; the registry says it writes.
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::OnlyRead});
    d.send("save it");
    d.dispatch(ToolCallRequested{d.request(), {"c1", "write_file", "{}", true}});
    d.end("tool_calls");
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
}

TEST(Hostile, AConversationThatFailedToLoadIsReadOnly)
{
    Driver d;
    d.dispatch(SwitchConversation{"c9", {}, "The stored message m1 has an unknown role."});
    EXPECT_EQ(d.s.conversation.id, "c9");
    ASSERT_TRUE(d.s.lastError);
    EXPECT_EQ(d.s.lastError->code, "load_failed");

    auto expectRefused = [&](const Input& input) {
        const Outcome& out = d.dispatch(input);
        ASSERT_TRUE(out.rejection);
        EXPECT_EQ(out.rejection->reason, RejectReason::ReadOnly);
        EXPECT_EQ(out.rejection->detail, "The stored message m1 has an unknown role.");
        EXPECT_TRUE(out.effects.empty()); // above all, no Persist
        EXPECT_TRUE(d.s.conversation.messages.empty());
    };
    expectRefused(Send{"hello", {}});
    expectRefused(AddUserMessage{"hello"});
    expectRefused(AddMessages{{Message("m5", Role::User, "x")}});
    expectRefused(AddCheckpoint{"{}"});
    EXPECT_EQ(toString(RejectReason::ReadOnly), "readOnly");

    // Replacing it is the app's decision: then it saves.
    d.dispatch(SetMessages{{Message("m5", Role::User, "repaired")}});
    EXPECT_TRUE(d.s.conversation.loadError.empty());
    EXPECT_TRUE(d.hasEffect<Persist>());
    EXPECT_EQ(d.s.conversation.id, "c9");
}

TEST(Hostile, DeleteClearOrLeavingEndsTheReadOnlyState)
{
    Driver d;
    d.dispatch(SwitchConversation{"c9", {}, "broken"});
    d.dispatch(DeleteConversation{});
    ASSERT_EQ(d.effects<DeleteStoredConversation>().size(), 1u);
    EXPECT_EQ(d.effects<DeleteStoredConversation>()[0].conversationId, "c9");
    EXPECT_FALSE(d.send("new").rejection);

    Driver e;
    e.dispatch(SwitchConversation{"c9", {}, "broken"});
    e.dispatch(Clear{});
    e.send("fresh");
    EXPECT_FALSE(e.out.rejection);
    EXPECT_NE(e.s.conversation.id, "c9"); // the damaged copy is never written over

    Driver f;
    f.dispatch(SwitchConversation{"c9", {}, "broken"});
    f.dispatch(SwitchConversation{"c10", {}, {}});
    EXPECT_FALSE(f.send("ok").rejection);
}

} // namespace
} // namespace koder::agent::test
