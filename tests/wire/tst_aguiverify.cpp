// SPDX-License-Identifier: MIT
// AgUiVerifier alone: the order of one AG-UI run's (expanded) events, fed as JSON objects.
#include "aguiverify.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace koder::wire::test {
namespace {

using json = nlohmann::json;

// Feeds `events` (JSON text each) in order: the index of the first refused and its sentence, or
// -1 and "" when all pass.
std::pair<int, std::string> verify(const std::vector<std::string>& events)
{
    AgUiVerifier v;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const json event = json::parse(events[i]);
        std::string why = v.check(event["type"].get<std::string>(), event);
        if (!why.empty())
            return {static_cast<int>(i), why};
    }
    return {-1, ""};
}

const std::string started = R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})";
const std::string finished = R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})";
const std::string runError = R"({"type":"RUN_ERROR","message":"x"})";

std::string ev(const std::string& type, const std::string& field = {}, const std::string& id = {})
{
    return R"({"type":")" + type + "\"" +
           (field.empty() ? "" : ",\"" + field + "\":\"" + id + "\"") + "}";
}

TEST(AgUiVerifier, TypesByName)
{
    EXPECT_EQ(agUiEventType("TEXT_MESSAGE_CONTENT"), AgUiEventType::TextMessageContent);
    EXPECT_EQ(agUiEventType("THINKING_TEXT_MESSAGE_END"), AgUiEventType::ThinkingTextMessageEnd);
    EXPECT_EQ(agUiEventType("CUSTOM"), AgUiEventType::Custom);
    EXPECT_EQ(agUiEventType("text_message_content"), AgUiEventType::Unknown);
    EXPECT_EQ(agUiEventType(""), AgUiEventType::Unknown);
    // Every name round-trips.
    for (int t = 1; t <= static_cast<int>(AgUiEventType::Custom); ++t) {
        const auto type = static_cast<AgUiEventType>(t);
        EXPECT_EQ(agUiEventType(agUiEventName(type)), type) << t;
    }
    EXPECT_EQ(agUiEventName(AgUiEventType::Unknown), "");
}

TEST(AgUiVerifier, AWellFormedRun)
{
    EXPECT_EQ(
        verify({started, ev("STEP_STARTED", "stepName", "s"),
                ev("TEXT_MESSAGE_START", "messageId", "m1"),
                ev("TEXT_MESSAGE_CONTENT", "messageId", "m1"),
                ev("TOOL_CALL_START", "toolCallId", "a"), ev("TOOL_CALL_START", "toolCallId", "b"),
                ev("TOOL_CALL_ARGS", "toolCallId", "b"), ev("TOOL_CALL_ARGS", "toolCallId", "a"),
                ev("TOOL_CALL_END", "toolCallId", "a"), ev("TOOL_CALL_END", "toolCallId", "b"),
                ev("TEXT_MESSAGE_END", "messageId", "m1"),
                ev("TOOL_CALL_RESULT", "toolCallId", "a"),
                ev("REASONING_MESSAGE_START", "messageId", "r"),
                ev("REASONING_MESSAGE_CONTENT", "messageId", "r"),
                ev("REASONING_MESSAGE_END", "messageId", "r"), ev("STATE_SNAPSHOT"),
                ev("SOMETHING_NEW"), finished}),
        std::make_pair(-1, std::string()));
}

TEST(AgUiVerifier, TheRunsLifecycle)
{
    EXPECT_EQ(verify({ev("STATE_SNAPSHOT"), started}),
              std::make_pair(0, std::string("The agent sent STATE_SNAPSHOT before RUN_STARTED.")));
    EXPECT_EQ(verify({ev("SOMETHING_NEW")}),
              std::make_pair(0, std::string("The agent sent an event before RUN_STARTED.")));
    EXPECT_EQ(verify({runError}).first, -1);
    EXPECT_EQ(verify({runError, started}),
              std::make_pair(1, std::string("The agent sent RUN_STARTED after RUN_ERROR.")));
    EXPECT_EQ(verify({started, started}).first, 1);
    EXPECT_EQ(verify({started, finished, runError}),
              std::make_pair(2, std::string("The agent sent RUN_ERROR after RUN_FINISHED.")));
    EXPECT_EQ(verify({started, finished, ev("CUSTOM")}).first, 2);
    EXPECT_EQ(verify({started, runError, ev("CUSTOM")}).first, 2);

    AgUiVerifier v;
    EXPECT_FALSE(v.started());
    EXPECT_EQ(v.checkId(AgUiEventType::RunStarted, {}), "");
    EXPECT_TRUE(v.started());
    EXPECT_FALSE(v.ended());
    EXPECT_EQ(v.checkId(AgUiEventType::RunFinished, {}), "");
    EXPECT_TRUE(v.ended());
}

TEST(AgUiVerifier, PairsByIdAndRefusesWhatIsNotOpen)
{
    EXPECT_EQ(verify({started, ev("TEXT_MESSAGE_START", "messageId", "m1"),
                      ev("TEXT_MESSAGE_CONTENT", "messageId", "m2")}),
              std::make_pair(2, std::string("The agent sent TEXT_MESSAGE_CONTENT for text message "
                                            "\"m2\", which is not open.")));
    EXPECT_EQ(verify({started, ev("TOOL_CALL_START", "toolCallId", "a"),
                      ev("TOOL_CALL_START", "toolCallId", "a")}),
              std::make_pair(2, std::string("The agent sent TOOL_CALL_START for tool call \"a\", "
                                            "which is already open.")));
    EXPECT_EQ(verify({started, ev("REASONING_MESSAGE_END", "messageId", "r")}).first, 1);
    // After its END an id is closed: a second END is refused, a new START accepted.
    EXPECT_EQ(
        verify({started, ev("TOOL_CALL_START", "toolCallId", "a"),
                ev("TOOL_CALL_END", "toolCallId", "a"), ev("TOOL_CALL_END", "toolCallId", "a")})
            .first,
        3);
    EXPECT_EQ(verify({started, ev("TEXT_MESSAGE_START", "messageId", "m"),
                      ev("TEXT_MESSAGE_END", "messageId", "m"),
                      ev("TEXT_MESSAGE_START", "messageId", "m")})
                  .first,
              -1);
}

TEST(AgUiVerifier, AnEventWithoutTheIdItPairsByIsRefused)
{
    EXPECT_EQ(
        verify({started, ev("TEXT_MESSAGE_START")}),
        std::make_pair(1, std::string("The agent sent TEXT_MESSAGE_START without a messageId.")));
    EXPECT_EQ(
        verify({started, R"({"type":"TOOL_CALL_ARGS","toolCallId":5})"}),
        std::make_pair(1, std::string("The agent sent TOOL_CALL_ARGS without a toolCallId.")));
    // Other events need none.
    EXPECT_EQ(verify({started, ev("STEP_STARTED"), ev("TOOL_CALL_RESULT"), finished}).first, -1);
}

TEST(AgUiVerifier, RunFinishedWaitsForMessagesAndCallsOnly)
{
    EXPECT_EQ(verify({started, ev("TEXT_MESSAGE_START", "messageId", "m1"),
                      ev("TEXT_MESSAGE_START", "messageId", "m2"), finished}),
              std::make_pair(3, std::string("The agent finished its run with text message \"m1\", "
                                            "\"m2\" still open.")));
    EXPECT_EQ(verify({started, ev("TOOL_CALL_START", "toolCallId", "a"), finished}).first, 2);
    EXPECT_EQ(verify({started, ev("STEP_STARTED", "stepName", "s"),
                      ev("REASONING_MESSAGE_START", "messageId", "r"), ev("THINKING_START"),
                      ev("THINKING_TEXT_MESSAGE_START"), finished})
                  .first,
              -1);
    // A refused RUN_FINISHED is not recorded: the run goes on.
    AgUiVerifier v;
    v.checkId(AgUiEventType::RunStarted, {});
    v.checkId(AgUiEventType::TextMessageStart, "m");
    EXPECT_NE(v.checkId(AgUiEventType::RunFinished, {}), "");
    EXPECT_FALSE(v.ended());
}

TEST(AgUiVerifier, ThinkingNestsAsTheReferenceWants)
{
    EXPECT_EQ(verify({started, ev("THINKING_START"), ev("THINKING_TEXT_MESSAGE_START"),
                      ev("THINKING_TEXT_MESSAGE_CONTENT"), ev("THINKING_TEXT_MESSAGE_END"),
                      ev("THINKING_END"), finished})
                  .first,
              -1);
    EXPECT_EQ(verify({started, ev("THINKING_START"), ev("THINKING_START")}).first, 2);
    EXPECT_EQ(verify({started, ev("THINKING_END")}).first, 1);
    EXPECT_EQ(verify({started, ev("THINKING_TEXT_MESSAGE_START")}).first, 1);
    EXPECT_EQ(verify({started, ev("THINKING_START"), ev("THINKING_TEXT_MESSAGE_START"),
                      ev("THINKING_TEXT_MESSAGE_START")})
                  .first,
              3);
    EXPECT_EQ(verify({started, ev("THINKING_START"), ev("THINKING_TEXT_MESSAGE_END")}).first, 2);
}

TEST(AgUiVerifier, TooManyOpenAtOnce)
{
    AgUiVerifier v;
    v.checkId(AgUiEventType::RunStarted, {});
    for (std::size_t i = 0; i < AgUiVerifier::maxOpen; ++i)
        ASSERT_EQ(v.checkId(AgUiEventType::TextMessageStart, std::to_string(i)), "");
    EXPECT_EQ(v.checkId(AgUiEventType::TextMessageStart, "one more"),
              "The agent opened more than 1024 text messages at once.");
    EXPECT_EQ(v.checkId(AgUiEventType::TextMessageEnd, "0"), "");
    EXPECT_EQ(v.checkId(AgUiEventType::TextMessageStart, "one more"), "");
}

TEST(AgUiVerifier, QuotedIdsAreCut)
{
    EXPECT_EQ(agUiQuoted("abc"), "\"abc\"");
    EXPECT_EQ(agUiQuoted(std::string(64, 'x')), "\"" + std::string(64, 'x') + "\"");
    EXPECT_EQ(agUiQuoted(std::string(65, 'x')), "\"" + std::string(64, 'x') + "...\"");
    // Never half a character.
    EXPECT_EQ(agUiQuoted(std::string(63, 'x') + "\xE2\x82\xAC" + "yy"),
              "\"" + std::string(63, 'x') + "...\"");
}

} // namespace
} // namespace koder::wire::test
