// SPDX-License-Identifier: MIT
// Behaviours the other core suites leave unchecked (some were only covered by the Qt suites):
// attachment-only sends, per-step retry budgets, the hook retry bound above the hook limit, the
// phrase threshold of announcements, stored versions and dates, tool error results, the
// projection flags and the contract's enum names.
#include "driver.h"

#include "koder/agent/projection.h"
#include "koder/agent/retry.h"
#include "koder/agent/serialization.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAreArray;

// The one StartTurn effect of the last reduce.
StartTurn onlyStart(const Driver& d)
{
    const auto starts = d.effects<StartTurn>();
    EXPECT_EQ(starts.size(), 1u);
    return starts.empty() ? StartTurn{} : starts.front();
}

std::vector<Announcement> replyTexts(const Outcome& out)
{
    std::vector<Announcement> found;
    for (const Announcement& a : out.announcements)
        if (a.kind == Announcement::Kind::ReplyText)
            found.push_back(a);
    return found;
}

bool hasError(const Outcome& out)
{
    for (const Event& e : out.events)
        if (std::holds_alternative<ErrorEvent>(e))
            return true;
    return false;
}

// ---- 1. a send with attachments and no text ---------------------------------------------------

TEST(Behaviours, SendWithOnlyAttachmentsReachesTheMessageAndTheHistory)
{
    const std::string attachments =
        R"([{"name":"a.png","mimeType":"image/png","url":"data:image/png;base64,AAAA"}])";
    Driver d;
    auto& out = d.dispatch(Send{"", attachments});
    ASSERT_FALSE(out.rejected()) << toString(out.rejection->reason) << " " << out.rejection->detail;
    EXPECT_EQ(d.s.status, Status::Streaming);

    ASSERT_EQ(d.s.conversation.messages.size(), 2u);
    const Message& user = d.s.conversation.messages[0];
    EXPECT_EQ(user.role, Role::User);
    EXPECT_EQ(user.text, "");
    ASSERT_NE(user.extrasOrNull(), nullptr);
    EXPECT_EQ(user.extrasOrNull()->attachments, attachments);
    EXPECT_EQ(user.attachments(), attachments);

    const StartTurn start = onlyStart(d);
    ASSERT_EQ(start.history.size(), 1u);
    EXPECT_EQ(start.history[0].id, user.id);
    EXPECT_EQ(start.history[0].role, Role::User);
    EXPECT_EQ(start.history[0].text, "");
    EXPECT_EQ(start.history[0].attachments(), attachments);
}

// ---- 2. every step has its own retry budget ---------------------------------------------------

TEST(Behaviours, EachStepGetsItsOwnRetryBudgetAfterAToolRound)
{
    constexpr int maxRetries = 3;
    const ErrorInfo flaky{"transport", "connection reset", true, -1};
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.dispatch(SetMaxRetries{maxRetries});
    d.send("read it");

    // Step 1 spends its whole budget, with backoff.
    std::int64_t delay = RetryPolicy{}.baseDelayMs;
    for (int attempt = 1; attempt <= maxRetries; ++attempt) {
        d.token("partial");
        d.fail(flaky);
        ASSERT_FALSE(hasError(d.out)) << "step 1, retry " << attempt;
        const StartTurn retry = onlyStart(d);
        EXPECT_EQ(retry.step, 1);
        EXPECT_EQ(retry.attempt, attempt);
        EXPECT_EQ(retry.delayMs, delay);
        delay *= 2;
    }

    // ... then succeeds with a tool call.
    d.call("c1", "read_file");
    d.end("tool_calls");
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    d.dispatch(ToolResult{"c1", "contents", false});
    const StartTurn step2 = onlyStart(d);
    EXPECT_EQ(step2.step, 2);
    EXPECT_EQ(step2.attempt, 0);
    EXPECT_EQ(step2.delayMs, 0);
    ASSERT_TRUE(d.s.turn.has_value());
    EXPECT_EQ(d.s.turn->attempt, 0);

    // Step 2 gets the same budget again, backoff starting over.
    delay = RetryPolicy{}.baseDelayMs;
    for (int attempt = 1; attempt <= maxRetries; ++attempt) {
        d.fail(flaky);
        ASSERT_FALSE(hasError(d.out)) << "step 2, retry " << attempt;
        const StartTurn retry = onlyStart(d);
        EXPECT_EQ(retry.step, 2);
        EXPECT_EQ(retry.attempt, attempt);
        EXPECT_EQ(retry.delayMs, delay);
        delay *= 2;
    }

    // One failure more ends the turn.
    d.fail(flaky);
    EXPECT_TRUE(hasError(d.out));
    EXPECT_FALSE(d.hasEffect<StartTurn>());
    EXPECT_EQ(d.s.status, Status::Error);
    EXPECT_FALSE(d.s.turn.has_value());
}

// ---- 3. a hook's Retry when maxRetries is above the hook limit --------------------------------

TEST(Behaviours, HookRetryIsBoundedByMaxRetriesAboveTheHookLimitInDecideRetry)
{
    RetryPolicy policy;
    ASSERT_EQ(policy.hookRetryLimit, 3);
    policy.maxRetries = 5;
    const ErrorInfo fatal{"server", "bad request", false, -1};
    for (int attempts = 0; attempts < 5; ++attempts)
        EXPECT_TRUE(decideRetry(policy, fatal, attempts, ErrorVerdict::Retry).retry)
            << "after " << attempts << " retries";
    EXPECT_FALSE(decideRetry(policy, fatal, 5, ErrorVerdict::Retry).retry);

    // Below the limit the hook limit is the bound.
    policy.maxRetries = 1;
    EXPECT_TRUE(decideRetry(policy, fatal, 2, ErrorVerdict::Retry).retry);
    EXPECT_FALSE(decideRetry(policy, fatal, 3, ErrorVerdict::Retry).retry);
}

TEST(Behaviours, HookRetryIsBoundedByMaxRetriesAboveTheHookLimitInReduce)
{
    constexpr int maxRetries = 5;
    static_assert(maxRetries > RetryPolicy{}.hookRetryLimit);
    const ErrorInfo fatal{"server", "bad request", false, -1};
    Driver d;
    ASSERT_FALSE(d.dispatch(SetMaxRetries{maxRetries}).rejected());
    d.send();
    for (int attempt = 1; attempt <= maxRetries; ++attempt) {
        d.fail(fatal, ErrorVerdict::Retry);
        ASSERT_FALSE(hasError(d.out)) << "retry " << attempt;
        EXPECT_EQ(onlyStart(d).attempt, attempt);
    }
    d.fail(fatal, ErrorVerdict::Retry);
    EXPECT_TRUE(hasError(d.out));
    EXPECT_FALSE(d.hasEffect<StartTurn>());
    EXPECT_EQ(d.s.status, Status::Error);
    ASSERT_TRUE(d.s.lastError.has_value());
    EXPECT_EQ(*d.s.lastError, fatal);
}

// ---- 4. unpunctuated text and the phrase threshold (160 bytes) --------------------------------

TEST(Behaviours, UnpunctuatedTextIsAnnouncedAtExactlyThePhraseThresholdInOneToken)
{
    Driver d;
    d.send();
    d.token(std::string(159, 'a'));
    EXPECT_TRUE(replyTexts(d.out).empty()) << "announced at 159 bytes";
    d.token("a");
    const auto texts = replyTexts(d.out);
    ASSERT_EQ(texts.size(), 1u) << "not announced at 160 bytes";
    EXPECT_EQ(texts[0].messageId, d.last().id);
    EXPECT_EQ(texts[0].offset, 0u);
    EXPECT_EQ(texts[0].length, 160u);
    EXPECT_EQ(texts[0].politeness, Politeness::Polite);
    // The next byte starts a new phrase.
    d.token("a");
    EXPECT_TRUE(replyTexts(d.out).empty());
}

TEST(Behaviours, UnpunctuatedTextIsAnnouncedAtExactlyThePhraseThresholdByteByByte)
{
    Driver d;
    d.send();
    for (int i = 1; i <= 159; ++i) {
        d.token("b");
        ASSERT_TRUE(replyTexts(d.out).empty()) << "announced at " << i << " bytes";
    }
    d.token("b");
    const auto texts = replyTexts(d.out);
    ASSERT_EQ(texts.size(), 1u) << "not announced at 160 bytes";
    EXPECT_EQ(texts[0].offset, 0u);
    EXPECT_EQ(texts[0].length, 160u);
}

// ---- 5. stored versions below 1 ---------------------------------------------------------------

TEST(Behaviours, ConversationVersionZeroOrNegativeIsRefused)
{
    for (const char* version : {"0", "-1", "-100"}) {
        const std::string doc =
            std::string(R"({"version":)") + version + R"(,"id":"c","messages":[]})";
        const auto loaded = conversationFromJson(doc);
        ASSERT_TRUE(std::holds_alternative<LoadError>(loaded)) << "version " << version;
        const LoadError& error = std::get<LoadError>(loaded);
        EXPECT_EQ(error.path, "version");
        EXPECT_EQ(error.message,
                  std::string("unsupported version ") + version + " (this library reads up to 2)");
    }
    const auto current = conversationFromJson(
        R"({"version":1,"id":"c","messages":[{"id":"a","role":"user","text":"t"}]})");
    ASSERT_TRUE(std::holds_alternative<Conversation>(current))
        << std::get<LoadError>(current).toString();
    EXPECT_EQ(std::get<Conversation>(current).id, "c");
    EXPECT_EQ(std::get<Conversation>(current).messages.size(), 1u);
}

// ---- 6. dates before 1970 ---------------------------------------------------------------------

TEST(Behaviours, CreatedAtBefore1970SurvivesSaveAndLoad)
{
    constexpr std::array<std::int64_t, 3> dates{-86'400'000, -2'208'988'800'000, -1};
    Conversation c;
    c.id = "old";
    for (std::size_t i = 0; i < dates.size(); ++i)
        c.messages.emplace_back("m" + std::to_string(i), Role::User, "t", dates[i]);

    const auto loaded = conversationFromJson(toJson(c));
    ASSERT_TRUE(std::holds_alternative<Conversation>(loaded))
        << std::get<LoadError>(loaded).toString();
    const Conversation& back = std::get<Conversation>(loaded);
    ASSERT_EQ(back.messages.size(), dates.size());
    for (std::size_t i = 0; i < dates.size(); ++i)
        EXPECT_EQ(back.messages[i].createdAt, dates[i]);
    EXPECT_EQ(back, c);

    const auto one = messageFromJson(toJson(c.messages[1]));
    ASSERT_TRUE(std::holds_alternative<Message>(one)) << std::get<LoadError>(one).toString();
    EXPECT_EQ(std::get<Message>(one).createdAt, -2'208'988'800'000);

    const auto list = messagesFromJson(toJson(c.messages));
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(list))
        << std::get<LoadError>(list).toString();
    EXPECT_EQ(std::get<std::vector<Message>>(list), c.messages);
}

// ---- 7. a tool's error result ---------------------------------------------------------------

TEST(Behaviours, ToolResultIsErrorReachesTheToolMessage)
{
    Driver d;
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    d.send("two tools");
    d.call("bad", "read_file");
    d.call("good", "write_file");
    d.end("tool_calls");
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 2u);

    d.dispatch(ToolResult{"bad", "no such file", true});
    ASSERT_EQ(d.last().role, Role::Tool);
    EXPECT_EQ(d.last().toolCallId(), "bad");
    EXPECT_EQ(d.last().text, "no such file");
    EXPECT_TRUE(d.last().isError);
    EXPECT_FALSE(d.last().denied);

    d.dispatch(ToolResult{"good", "written", false});
    const StartTurn next = onlyStart(d);
    const Message* good = nullptr;
    for (const Message& m : d.s.conversation.messages)
        if (m.role == Role::Tool && m.toolCallId() == "good")
            good = &m;
    ASSERT_NE(good, nullptr);
    EXPECT_EQ(good->text, "written");
    EXPECT_FALSE(good->isError);
    EXPECT_FALSE(good->denied);

    // The model sees both flags as set.
    std::vector<bool> seen;
    for (const Message& m : next.history)
        if (m.role == Role::Tool)
            seen.push_back(m.isError);
    EXPECT_EQ(seen, (std::vector<bool>{true, false}));
}

// ---- 8. the projection flags ------------------------------------------------------------------

TEST(Behaviours, ProjectionFlagsChangeExactlyTheirRows)
{
    State s;
    s.conversation.messages.emplace_back("u", Role::User, "hi");
    s.conversation.messages.emplace_back("a", Role::Assistant, "hello");
    s.conversation.messages.emplace_back("s", Role::System, "be brief");
    s.conversation.messages.emplace_back("t", Role::Tool, "result");
    s.conversation.messages.emplace_back("k", Role::Checkpoint, "{}");

    for (int mask = 0; mask < 8; ++mask) {
        ProjectionOptions options;
        options.showSystem = (mask & 1) != 0;
        options.showTool = (mask & 2) != 0;
        options.showCheckpoints = (mask & 4) != 0;
        std::vector<std::size_t> expected{0, 1};
        if (options.showSystem)
            expected.push_back(2);
        if (options.showTool)
            expected.push_back(3);
        if (options.showCheckpoints)
            expected.push_back(4);
        EXPECT_THAT(project(s, options).visibleRows, ElementsAreArray(expected))
            << "showSystem " << options.showSystem << ", showTool " << options.showTool
            << ", showCheckpoints " << options.showCheckpoints;
        for (std::size_t row = 0; row < s.conversation.messages.size(); ++row)
            EXPECT_EQ(isVisible(s.conversation.messages[row], options),
                      std::find(expected.begin(), expected.end(), row) != expected.end())
                << "row " << row << ", mask " << mask;
    }
    // The defaults hide all three.
    EXPECT_THAT(project(s).visibleRows, ElementsAreArray({std::size_t{0}, std::size_t{1}}));
}

// ---- 9. the contract's enum names -------------------------------------------------------------

TEST(Behaviours, EnumNamesAreTheContractsAndRoundTrip)
{
    const std::array<std::pair<Status, std::string_view>, 7> statuses{{
        {Status::Idle, "idle"},
        {Status::Streaming, "streaming"},
        {Status::ReviewingToolCall, "reviewingToolCall"},
        {Status::RunningTool, "runningTool"},
        {Status::Error, "error"},
        {Status::Interrupted, "interrupted"},
        {Status::Handoff, "handoff"},
    }};
    // The core has no statusFromString: the names must at least be exact and name one status
    // each, so that a reader can map them back.
    for (const auto& [status, name] : statuses) {
        EXPECT_EQ(toString(status), name);
        int named = 0;
        for (const auto& [other, otherName] : statuses)
            named += toString(other) == name ? 1 : 0;
        EXPECT_EQ(named, 1) << name;
    }

    const std::array<std::pair<AutoAccept, std::string_view>, 3> modes{{
        {AutoAccept::Always, "always"},
        {AutoAccept::Never, "never"},
        {AutoAccept::OnlyRead, "onlyRead"},
    }};
    for (const auto& [mode, name] : modes) {
        EXPECT_EQ(toString(mode), name);
        EXPECT_EQ(autoAcceptFromString(name), mode) << name;
        EXPECT_EQ(autoAcceptFromString(toString(mode)), mode) << name;
    }

    const std::array<std::pair<Role, std::string_view>, 5> roles{{
        {Role::User, "user"},
        {Role::Assistant, "assistant"},
        {Role::System, "system"},
        {Role::Tool, "tool"},
        {Role::Checkpoint, "checkpoint"},
    }};
    for (const auto& [role, name] : roles) {
        EXPECT_EQ(toString(role), name);
        EXPECT_EQ(roleFromString(name), role) << name;
        EXPECT_EQ(roleFromString(toString(role)), role) << name;
    }

    for (std::string_view unknown : {"", "bot", "User", "ALWAYS", "only_read", "user "}) {
        EXPECT_EQ(roleFromString(unknown), std::nullopt) << unknown;
        EXPECT_EQ(autoAcceptFromString(unknown), std::nullopt) << unknown;
    }
}

} // namespace
} // namespace koder::agent::test
