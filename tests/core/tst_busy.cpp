// SPDX-License-Identifier: MIT
// The busy policy: what a send does while a turn is open (streaming, reviewing a tool call,
// running a tool, waiting out a retry's backoff) — reject, queue, interrupt or steer — with the
// R4 order and one terminal event per turn under each, and the queue kept with the conversation.
#include "driver.h"

#include "koder/agent/serialization.h"

#include <functional>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;

// Every event name of every dispatch, in order.
struct Recorded : Driver {
    std::vector<std::string> names;
    Outcome& run(const Input& input)
    {
        Outcome& result = dispatch(input);
        for (const std::string& n : eventNames())
            names.push_back(n);
        return result;
    }
    void sendNow(std::string text) { run(Send{std::move(text), {}}); }
    /// Sends, and the model asks for write_file (which waits or runs, as autoAccept says).
    void askForTool()
    {
        sendNow("first");
        run(ToolCallRequested{request(), {"c1", "write_file", "{}", false}});
        run(StreamEnded{request(), "tool_calls"});
    }
    void reply(std::string text)
    {
        run(TextDelta{request(), std::move(text)});
        run(StreamEnded{request(), "stop"});
    }
};

// The four open statuses, each reached from a fresh driver.
struct OpenStatus {
    const char* name;
    std::function<void(Recorded&)> reach;
    Status status;
};
const std::vector<OpenStatus>& openStatuses()
{
    static const std::vector<OpenStatus> all{
        {"streaming",
         [](Recorded& d) {
             d.sendNow("first");
             d.run(TextDelta{d.request(), "partial"});
         },
         Status::Streaming},
        {"reviewing", [](Recorded& d) { d.askForTool(); }, Status::ReviewingToolCall},
        {"running",
         [](Recorded& d) {
             d.s.settings.autoAccept = AutoAccept::Always;
             d.askForTool();
         },
         Status::RunningTool},
        {"retry backoff",
         [](Recorded& d) {
             d.s.settings.maxRetries = 2;
             d.sendNow("first");
             d.run(StreamFailed{d.request(), {"overloaded", "busy", true, 500}, {}});
         },
         Status::Streaming},
    };
    return all;
}

int count(const std::vector<std::string>& names, const char* name)
{
    return static_cast<int>(std::count(names.begin(), names.end(), name));
}
int terminals(const std::vector<std::string>& names)
{
    return count(names, "streamEnd") + count(names, "error") + count(names, "aborted");
}

TEST(BusyPolicy, RejectIsTheDefaultAndChangesNothing)
{
    for (const OpenStatus& open : openStatuses()) {
        SCOPED_TRACE(open.name);
        Recorded d;
        open.reach(d);
        ASSERT_EQ(d.s.status, open.status);
        const State before = d.s;
        Outcome& out = d.run(Send{"second", {}});
        ASSERT_TRUE(out.rejected());
        EXPECT_EQ(out.rejection->reason, RejectReason::TurnInProgress);
        EXPECT_EQ(d.s.conversation.messages, before.conversation.messages);
        EXPECT_EQ(d.s.status, before.status);
    }
}

TEST(BusyPolicy, QueueWaitsSilentlyAndSendsInOrderAfterStreamEnd)
{
    for (const OpenStatus& open : openStatuses()) {
        SCOPED_TRACE(open.name);
        Recorded d;
        d.s.settings.busyPolicy = BusyPolicy::Queue;
        open.reach(d);
        const std::size_t rows = d.s.conversation.messages.size();
        const std::size_t events = d.names.size();
        Outcome& out = d.run(Send{"second", "[{\"n\":1}]"});
        ASSERT_FALSE(out.rejected());
        EXPECT_EQ(d.names.size(), events) << "a queued send emits nothing";
        EXPECT_TRUE(out.announcements.empty());
        EXPECT_EQ(d.s.conversation.messages.size(), rows) << "not history yet";
        ASSERT_EQ(d.s.conversation.queued.size(), 1u);
        EXPECT_EQ(d.s.conversation.queued[0].id, out.result);
        EXPECT_EQ(d.s.conversation.queued[0].attachments, "[{\"n\":1}]");
        EXPECT_FALSE(d.effects<Persist>().empty()) << "the queue is stored";
        d.run(Send{"third", {}});
        ASSERT_EQ(d.s.conversation.queued.size(), 2u);
        const std::string secondId = d.s.conversation.queued[0].id;

        // Finish the open turn; the queue drains one turn per streamEnd.
        if (open.status == Status::ReviewingToolCall)
            d.run(ApproveToolCall{"c1", ApprovalScope::Once, {}});
        if (d.s.status == Status::RunningTool)
            d.run(ToolResult{"c1", "ok", false});
        d.reply("done");
        EXPECT_EQ(d.s.conversation.queued.size(), 1u);
        ASSERT_TRUE(d.s.turn.has_value());
        EXPECT_EQ(d.s.conversation.messages[d.s.conversation.messages.size() - 2].id, secondId)
            << "sent under its id";
        EXPECT_EQ(d.s.conversation.messages[d.s.conversation.messages.size() - 2].text, "second");
        EXPECT_EQ(d.s.conversation.messages[d.s.conversation.messages.size() - 2].attachments(),
                  "[{\"n\":1}]");
        d.reply("done 2");
        EXPECT_TRUE(d.s.conversation.queued.empty());
        d.reply("done 3");
        EXPECT_FALSE(d.s.turn.has_value());
        EXPECT_EQ(count(d.names, "streamStart"), 3);
        EXPECT_EQ(terminals(d.names), 3);
        EXPECT_EQ(count(d.names, "userMessage"), 3);
    }
}

TEST(BusyPolicy, TheQueueStaysAfterAnErrorOrAStopUntilSentOrCancelled)
{
    Recorded d;
    d.s.settings.busyPolicy = BusyPolicy::Queue;
    d.sendNow("first");
    d.run(Send{"a", {}});
    d.run(Send{"b", {}});
    d.run(StreamFailed{d.request(), {"x", "failed", false, -1}, {}});
    EXPECT_EQ(d.s.status, Status::Error);
    EXPECT_EQ(d.s.conversation.queued.size(), 2u) << "an error does not send the queue";
    const std::string a = d.s.conversation.queued[0].id;
    const std::string b = d.s.conversation.queued[1].id;
    EXPECT_TRUE(d.run(CancelQueued{"nope"}).rejected());
    d.run(CancelQueued{a});
    ASSERT_EQ(d.s.conversation.queued.size(), 1u);
    d.run(SendQueued{});
    EXPECT_TRUE(d.s.conversation.queued.empty());
    EXPECT_EQ(d.s.conversation.messages[d.s.conversation.messages.size() - 2].id, b);
    EXPECT_TRUE(d.run(SendQueued{}).rejected()) << "a turn is open";
    d.run(Abort{});
    EXPECT_TRUE(d.run(SendQueued{}).rejected()) << "nothing queued";
    EXPECT_EQ(terminals(d.names), count(d.names, "streamStart"));
}

TEST(BusyPolicy, InterruptEndsTheOpenTurnAbortedAndStartsANewOne)
{
    for (const OpenStatus& open : openStatuses()) {
        SCOPED_TRACE(open.name);
        Recorded d;
        d.s.settings.busyPolicy = BusyPolicy::Interrupt;
        open.reach(d);
        const std::size_t before = d.names.size();
        d.run(Send{"instead", {}});
        const std::vector<std::string> now(d.names.begin() + static_cast<std::ptrdiff_t>(before),
                                           d.names.end());
        EXPECT_THAT(now, ElementsAre("aborted", "userMessage", "streamStart"));
        EXPECT_TRUE(d.s.pendingToolCalls.empty());
        EXPECT_EQ(d.s.status, Status::Streaming);
        ASSERT_EQ(d.effects<CancelTurn>().size(), 1u);
        if (open.name == std::string("streaming")) {
            EXPECT_EQ(d.s.conversation.messages[1].text, "partial") << "the partial reply is kept";
        }
        d.reply("ok");
        EXPECT_EQ(count(d.names, "streamStart"), 2);
        EXPECT_EQ(terminals(d.names), 2);
    }
}

TEST(BusyPolicy, SteerJoinsTheOpenTurnWithOneStreamStartAndOneTerminalEvent)
{
    for (const OpenStatus& open : openStatuses()) {
        SCOPED_TRACE(open.name);
        Recorded d;
        d.s.settings.busyPolicy = BusyPolicy::Steer;
        open.reach(d);
        const int step = d.s.turn->step;
        Outcome& out = d.run(Send{"also this", {}});
        ASSERT_FALSE(out.rejected());
        EXPECT_EQ(d.eventNames(), std::vector<std::string>{"userMessage"});
        ASSERT_FALSE(out.announcements.empty());
        EXPECT_EQ(out.announcements.front().kind, Announcement::Kind::MessageAdded);
        EXPECT_EQ(out.announcements.front().politeness, Politeness::Polite);
        ASSERT_EQ(d.effects<StartTurn>().size(), 1u);
        const StartTurn next = d.effects<StartTurn>()[0];
        EXPECT_EQ(next.step, step + 1);
        EXPECT_EQ(next.history.back().text, "also this");
        EXPECT_EQ(next.history.back().role, Role::User);
        EXPECT_TRUE(d.s.pendingToolCalls.empty());
        EXPECT_EQ(d.s.status, Status::Streaming);
        // Every call of the turn has its answer before the user's message (a well-formed history).
        for (const Message& m : next.history)
            for (const ToolCall& c : m.toolCalls())
                EXPECT_TRUE(std::any_of(next.history.begin(), next.history.end(),
                                        [&](const Message& t) { return t.toolCallId() == c.id; }))
                    << c.id;
        if (open.status == Status::ReviewingToolCall) {
            const Message& denial = d.s.conversation.messages[d.s.conversation.messages.size() - 3];
            EXPECT_TRUE(denial.denied);
            EXPECT_EQ(denial.text, "Denied: the user sent a new message instead.");
        }
        if (open.name == std::string("streaming")) {
            EXPECT_TRUE(d.s.conversation.messages[1].aborted);
            EXPECT_EQ(d.s.conversation.messages[1].text, "partial") << "the cut reply is kept";
        }
        if (open.name == std::string("retry backoff")) {
            EXPECT_TRUE(d.s.conversation.messages[1].aborted);
            EXPECT_TRUE(d.s.conversation.messages[1].text.empty());
            EXPECT_EQ(next.history.size(), 2u) << "the empty stopped reply is not sent";
        }
        d.reply("answer to both");
        EXPECT_EQ(count(d.names, "streamStart"), 1);
        EXPECT_EQ(terminals(d.names), 1);
        EXPECT_EQ(count(d.names, "userMessage"), 2);
    }
}

TEST(BusyPolicy, SteeringARegeneratedReplyKeepsItsOtherVersions)
{
    Recorded d;
    d.sendNow("question");
    d.reply("first answer");
    const std::string first = d.s.conversation.messages[1].id;
    d.run(Regenerate{first});
    d.s.settings.busyPolicy = BusyPolicy::Steer;
    d.run(Send{"shorter, please", {}}); // before the new version said a word
    ASSERT_NE(d.s.conversation.versions.find(first), nullptr)
        << "the first answer is still a version";
    EXPECT_EQ(versionOf(d.s, 1).count, 2u);
    d.reply("short answer");
    EXPECT_EQ(terminals(d.names), 2);
}

TEST(BusyPolicy, TwoSendsAtOnceFollowThePolicy)
{
    // No transport event between them: the second meets a turn that has not streamed yet.
    const auto twoSends = [](BusyPolicy policy) {
        Recorded d;
        d.s.settings.busyPolicy = policy;
        d.sendNow("one");
        d.sendNow("two");
        return d;
    };
    Recorded reject = twoSends(BusyPolicy::Reject);
    EXPECT_EQ(count(reject.names, "userMessage"), 1);
    Recorded queue = twoSends(BusyPolicy::Queue);
    EXPECT_EQ(queue.s.conversation.queued.size(), 1u);
    EXPECT_EQ(count(queue.names, "userMessage"), 1);
    Recorded interrupt = twoSends(BusyPolicy::Interrupt);
    EXPECT_THAT(interrupt.names,
                ElementsAre("userMessage", "streamStart", "aborted", "userMessage", "streamStart"));
    Recorded steer = twoSends(BusyPolicy::Steer);
    EXPECT_THAT(steer.names, ElementsAre("userMessage", "streamStart", "userMessage"));
    ASSERT_EQ(steer.s.conversation.messages.size(), 4u);
    EXPECT_TRUE(steer.s.conversation.messages[1].aborted)
        << "the first reply, stopped before a word";
    EXPECT_EQ(steer.s.conversation.messages[2].text, "two");
    const auto history = steer.effects<StartTurn>().back().history;
    ASSERT_EQ(history.size(), 2u) << "one, two: the empty stopped reply is not sent";
    EXPECT_EQ(history[1].text, "two");
}

TEST(BusyPolicy, TheQueueIsStoredWithTheConversation)
{
    Recorded d;
    d.s.settings.busyPolicy = BusyPolicy::Queue;
    d.sendNow("first");
    d.run(Send{"later", "[{\"name\":\"a.png\"}]"});
    //! [core-json-round-trip]
    Conversation c{
        d.s.conversation.id,    "", "", d.s.conversation.messages, d.s.conversation.versions, {},
        d.s.conversation.queued};
    auto loaded = conversationFromJson(toJson(c));
    ASSERT_TRUE(std::holds_alternative<Conversation>(loaded));
    Conversation& back = std::get<Conversation>(loaded);
    EXPECT_EQ(back.queued, d.s.conversation.queued);
    //! [core-json-round-trip]

    Driver e;
    e.dispatch(
        SwitchConversation{back.id, back.messages, {}, back.versions, back.approvals, back.queued});
    EXPECT_EQ(e.s.conversation.queued, d.s.conversation.queued);
    e.dispatch(SendQueued{});
    EXPECT_EQ(e.s.conversation.messages[e.s.conversation.messages.size() - 2].text, "later");

    // Another conversation does not inherit it.
    e.dispatch(Reset{});
    EXPECT_TRUE(e.s.conversation.queued.empty());
    const auto bad = queuedFromJson(R"([{"id":"","text":"x"}])");
    ASSERT_TRUE(std::holds_alternative<LoadError>(bad));
    EXPECT_EQ(std::get<LoadError>(bad).path, "queued[0].id");
}

} // namespace
} // namespace koder::agent::test

namespace koder::agent::test {
namespace {

// Steering while a step still streams: the calls that step asked for so far (not yet decided,
// since a step's calls are decided when it ends) are answered before the user's message, so
// the next request never carries a call without its answer.
TEST(BusyPolicy, SteeringAStreamingStepAnswersTheCallsItAskedFor)
{
    Recorded d;
    d.s.settings.busyPolicy = BusyPolicy::Steer;
    d.sendNow("first");
    d.run(TextDelta{d.request(), "let me look"});
    d.run(ToolCallRequested{d.request(), {"c1", "read_file", "{}", false}});
    d.run(ToolCallRequested{d.request(), {"c2", "write_file", "{}", false}});
    ASSERT_EQ(d.s.status, Status::Streaming);
    Outcome& out = d.run(Send{"no, do this instead", {}});
    ASSERT_FALSE(out.rejected());
    ASSERT_EQ(d.effects<StartTurn>().size(), 1u);
    const StartTurn next = d.effects<StartTurn>()[0];
    const std::vector<Message>& history = next.history;
    std::size_t userRow = history.size();
    for (std::size_t i = 0; i < history.size(); ++i)
        if (history[i].role == Role::User && history[i].text == "no, do this instead")
            userRow = i;
    ASSERT_LT(userRow, history.size()) << "the steering message is sent";
    for (const char* id : {"c1", "c2"}) {
        SCOPED_TRACE(id);
        const auto asked = std::find_if(history.begin(), history.end(), [&](const Message& m) {
            return std::any_of(m.toolCalls().begin(), m.toolCalls().end(),
                               [&](const ToolCall& c) { return c.id == id; });
        });
        const auto answer = std::find_if(history.begin(), history.end(),
                                         [&](const Message& m) { return m.toolCallId() == id; });
        ASSERT_NE(asked, history.end()) << "the call is in the history";
        ASSERT_NE(answer, history.end()) << "and so is its answer";
        EXPECT_LT(answer - history.begin(), static_cast<std::ptrdiff_t>(userRow))
            << "answered before the user's message";
        EXPECT_TRUE(answer->denied) << "never run: the user steered instead";
    }
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    d.reply("done");
    EXPECT_EQ(count(d.names, "streamStart"), 1);
    EXPECT_EQ(terminals(d.names), 1);
}

} // namespace
} // namespace koder::agent::test
