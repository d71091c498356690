// SPDX-License-Identifier: MIT
// How a step's end is recorded on its row: the finish reason normalised from any wire's name,
// the request's usage, a refusal marked in the metadata, a provider's metadata merged.
#include "driver.h"

#include "koder/agent/serialization.h"

namespace koder::agent::test {
namespace {

TEST(Finish, EveryWiresReasonIsNormalised)
{
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"stop", "stop"},           {"end_turn", "stop"},
        {"stop_sequence", "stop"},  {"length", "length"},
        {"max_tokens", "length"},   {"tool_calls", "tool_calls"},
        {"tool_use", "tool_calls"}, {"function_call", "tool_calls"},
        {"refusal", "refusal"},     {"content_filter", "content_filter"},
        {"pause_turn", "stop"},     {"load", "stop"},
    };
    for (const auto& [wire, row] : cases)
        EXPECT_EQ(normalizedFinishReason(wire, false), row) << wire;
    // Ollama ends a tool step with "stop".
    EXPECT_EQ(normalizedFinishReason("stop", true), "tool_calls");
    EXPECT_EQ(normalizedFinishReason("end_turn", true), "tool_calls");
    EXPECT_EQ(normalizedFinishReason("model_context_window_exceeded", false), "length");
    // A refusal or a cut reply stays what it is, calls or not.
    EXPECT_EQ(normalizedFinishReason("content_filter", true), "content_filter");
    EXPECT_EQ(normalizedFinishReason("length", true), "length");
}

TEST(Finish, TheRowKeepsItsReasonAndUsageInOneChange)
{
    Driver d;
    d.send("hi");
    d.token("Hello");
    EXPECT_EQ(d.last().finishReason(), ""); // empty while streaming
    Usage usage;
    usage.promptTokens = 11;
    usage.completionTokens = 4;
    usage.totalTokens = 15;
    usage.cachedTokens = 3;
    d.dispatch(StreamEnded{d.request(), "end_turn", usage});
    EXPECT_EQ(d.last().finishReason(), "stop");
    EXPECT_EQ(d.last().usage(), usage);
    EXPECT_TRUE(d.last().metadata().empty());
    bool reported = false;
    for (const Change& c : d.out.changes)
        if (c.kind == Change::Kind::Changed && has(c.fields, Field::FinishReason)) {
            EXPECT_TRUE(has(c.fields, Field::Usage));
            EXPECT_FALSE(has(c.fields, Field::Metadata));
            reported = true;
        }
    EXPECT_TRUE(reported);
}

// A wire that restates the text at the end (the Responses API's .done events) is believed over
// its deltas: the row's text is replaced, in the same change as the finish reason.
TEST(Finish, TheWiresFinalTextReplacesWhatStreamed)
{
    Driver d;
    d.send("hi");
    d.token("Helo wrld");
    d.dispatch(StreamEnded{d.request(), "stop", {}, {}, std::string("Hello world")});
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_EQ(d.last().text, "Hello world");
    bool reported = false;
    for (const Change& c : d.out.changes)
        if (c.kind == Change::Kind::Changed && has(c.fields, Field::FinishReason)) {
            EXPECT_TRUE(has(c.fields, Field::Text));
            reported = true;
        }
    EXPECT_TRUE(reported);

    // The same text changes nothing but the finish.
    d.send("again");
    d.token("Same");
    d.dispatch(StreamEnded{d.request(), "stop", {}, {}, std::string("Same")});
    EXPECT_EQ(d.last().text, "Same");
    for (const Change& c : d.out.changes) {
        if (c.kind == Change::Kind::Changed && has(c.fields, Field::FinishReason)) {
            EXPECT_FALSE(has(c.fields, Field::Text));
        }
    }
}

TEST(Finish, ARefusalIsMarkedInTheMetadataBesideWhatWasThere)
{
    Driver d;
    d.send("hi");
    d.s.conversation.messages.back().extras().metadata = R"({"client":"x"})";
    d.token("I can't help with that.");
    d.dispatch(StreamEnded{d.request(), "refusal", {}, R"({"provider":{"k":1}})"});
    EXPECT_EQ(d.s.status, Status::Idle);
    EXPECT_EQ(d.last().finishReason(), "refusal");
    EXPECT_EQ(d.last().metadata(), R"({"client":"x","provider":{"k":1},"refusal":true})");
    EXPECT_TRUE(d.last().usage().empty());

    d.send("again");
    d.token("Here is");
    d.end("content_filter");
    EXPECT_EQ(d.last().finishReason(), "content_filter");
    EXPECT_EQ(d.last().metadata(), R"({"refusal":true})");
}

TEST(Finish, AToolStepEndedWithStopIsAToolStep)
{
    Driver d;
    d.send("read it");
    d.call("c1", "read_file");
    d.end("stop");
    EXPECT_EQ(d.s.conversation.messages[1].finishReason(), "tool_calls");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall); // the call waits for its approval
}

TEST(Finish, StoppedAndFailedRowsKeepTheirStatusInstead)
{
    Driver d;
    d.send("hi");
    d.token("par");
    d.dispatch(Abort{});
    EXPECT_TRUE(d.last().aborted);
    EXPECT_EQ(d.last().finishReason(), "");

    d.dispatch(SetMaxRetries{0});
    d.send("again");
    d.token("x");
    d.fail({"transport", "gone", true, -1});
    EXPECT_EQ(d.last().finishReason(), "");
}

TEST(Finish, ReasonAndUsageAreSavedAndLoaded)
{
    Driver d;
    d.send("hi");
    d.token("ok");
    Usage usage;
    usage.promptTokens = 7;
    usage.completionTokens = 2;
    usage.totalTokens = 9;
    usage.reasoningTokens = 0;
    usage.cacheWriteTokens = 5;
    d.dispatch(StreamEnded{d.request(), "length", usage});
    const std::string json = toJson(d.last());
    EXPECT_NE(json.find(R"("usage":{"promptTokens":7,"completionTokens":2,"totalTokens":9,)"
                        R"("reasoningTokens":0,"cacheWriteTokens":5})"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("finishReason":"length")"), std::string::npos) << json;
    const auto loaded = messagesFromJson("[" + json + "]");
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(loaded));
    EXPECT_EQ(std::get<std::vector<Message>>(loaded).front(), d.last());
}

TEST(Finish, UsageOfAnotherShapeIsLeftUnreported)
{
    const auto loaded = messagesFromJson(
        R"([{"id":"a","role":"assistant","text":"x","usage":{"promptTokens":-3,"totalTokens":"9","completionTokens":2.5,"cachedTokens":4}}])");
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(loaded));
    const Usage& u = std::get<std::vector<Message>>(loaded).front().usage();
    EXPECT_EQ(u.promptTokens, -1);
    EXPECT_EQ(u.totalTokens, -1);
    EXPECT_EQ(u.completionTokens, -1);
    EXPECT_EQ(u.cachedTokens, 4);
    const auto refused =
        messagesFromJson(R"([{"id":"a","role":"assistant","text":"x","usage":7}])");
    EXPECT_TRUE(std::holds_alternative<LoadError>(refused));
}

} // namespace
} // namespace koder::agent::test
