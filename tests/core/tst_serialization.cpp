// SPDX-License-Identifier: MIT
#include "koder/agent/serialization.h"

#include <gtest/gtest.h>

namespace koder::agent {

// Readable failures: print messages as their JSON.
void PrintTo(const Message& m, std::ostream* os)
{
    *os << toJson(m);
}
void PrintTo(const Conversation& c, std::ostream* os)
{
    *os << toJson(c);
}

namespace {

Conversation fullConversation()
{
    Conversation c;
    c.id = "c1";
    c.title = "Trip to Tokyo";
    c.systemPrompt = "Be brief.";
    Message user("m1", Role::User, "Time in Tokyo? \xC3\xA9\xE2\x82\xAC \"quoted\"\n",
                 1700000000000);
    user.extras().attachments = R"([{"name":"a.png","mime":"image/png"}])";
    user.extras().context = R"({"file":"notes.md"})";
    user.extras().selection = R"({"from":1,"to":4})";
    user.extras().metadata = R"({"client":"test","n":[1,2]})";
    Message assistant("m2", Role::Assistant, "", 1700000000001);
    assistant.extras().reasoning = "Need the tool.";
    assistant.extras().toolCalls = {{"call_1", "get_time", R"({"tz":"Asia/Tokyo"})", true},
                                    {"call_2", "save", R"({"x":1})", false}};
    assistant.extras().finishReason = "tool_calls";
    assistant.extras().usage.promptTokens = 30;
    assistant.extras().usage.completionTokens = 12;
    assistant.extras().usage.totalTokens = 42;
    assistant.extras().usage.cachedTokens = 8;
    Message tool("m3", Role::Tool, "09:41", 1700000000002);
    tool.extras().toolCallId = "call_1";
    tool.extras().toolName = "get_time";
    Message denied("m4", Role::Tool, "The user denied this tool call.");
    denied.extras().toolCallId = "call_2";
    denied.extras().toolName = "save";
    denied.denied = true;
    Message failed("m5", Role::Assistant, "It is");
    failed.extras().error = "connection lost";
    failed.isError = true;
    Message aborted("m6", Role::Assistant, "partial");
    aborted.aborted = true;
    Message system("m7", Role::System, "note");
    Message checkpoint("m8", Role::Checkpoint, R"({"doc":"v1"})");
    c.messages = {user, assistant, tool, denied, failed, aborted, system, checkpoint};
    return c;
}

TEST(Serialization, ConversationRoundTripsEveryField)
{
    const Conversation c = fullConversation();
    for (int indent : {-1, 2}) {
        const std::string text = toJson(c, indent);
        auto loaded = conversationFromJson(text);
        ASSERT_TRUE(std::holds_alternative<Conversation>(loaded))
            << std::get<LoadError>(loaded).toString();
        EXPECT_EQ(std::get<Conversation>(loaded), c);
        EXPECT_EQ(toJson(std::get<Conversation>(loaded), indent), text);
    }
}

TEST(Serialization, MessagesArrayAndSingleMessage)
{
    const Conversation c = fullConversation();
    auto list = messagesFromJson(toJson(c.messages));
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(list));
    EXPECT_EQ(std::get<std::vector<Message>>(list), c.messages);
    auto one = messageFromJson(toJson(c.messages[1]));
    ASSERT_TRUE(std::holds_alternative<Message>(one));
    EXPECT_EQ(std::get<Message>(one), c.messages[1]);
}

TEST(Serialization, ToolCallArgumentsMayBeAnObject)
{
    auto m = messageFromJson(
        R"({"id":"a","role":"assistant","text":"","toolCalls":[{"id":"c","name":"n","arguments":{"x":1}}]})");
    ASSERT_TRUE(std::holds_alternative<Message>(m));
    EXPECT_EQ(std::get<Message>(m).toolCalls()[0].arguments, R"({"x":1})");
}

TEST(Serialization, UnknownFieldsAreIgnored)
{
    auto c = conversationFromJson(
        R"({"version":1,"id":"c","future":true,"messages":[{"id":"a","role":"user","text":"t","x":[1]}]})");
    ASSERT_TRUE(std::holds_alternative<Conversation>(c));
    EXPECT_EQ(std::get<Conversation>(c).messages.size(), 1u);
}

struct InvalidCase {
    const char* document;
    const char* error;
};

class InvalidDocuments : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(InvalidDocuments, ReportTheFirstBadFieldByPath)
{
    const auto loaded = conversationFromJson(GetParam().document);
    ASSERT_TRUE(std::holds_alternative<LoadError>(loaded)) << GetParam().document;
    EXPECT_EQ(std::get<LoadError>(loaded).toString(), GetParam().error);
}

// A valid prefix to splice bad messages into.
#define DOC(messages) R"({"version":1,"id":"c","messages":[)" messages "]}"
#define OK_MSG R"({"id":"a","role":"user","text":"hi"})"

INSTANTIATE_TEST_SUITE_P(
    Table, InvalidDocuments,
    ::testing::Values(
        InvalidCase{"", "not valid JSON"}, InvalidCase{"{", "not valid JSON"},
        InvalidCase{"{\"id\":\"c\",\"messages\":[]", "not valid JSON"},
        InvalidCase{"[]", "expected an object, found array"},
        InvalidCase{"42", "expected an object, found integer"},
        InvalidCase{R"({"messages":[]})", "id: missing"},
        InvalidCase{R"({"id":"","messages":[]})", "id: must not be empty"},
        InvalidCase{R"({"id":7,"messages":[]})", "id: expected a string, found integer"},
        InvalidCase{R"({"id":"c"})", "messages: missing"},
        InvalidCase{R"({"id":"c","messages":{}})", "messages: expected an array, found object"},
        InvalidCase{R"({"version":3,"id":"c","messages":[]})",
                    "version: unsupported version 3 (this library reads up to 2)"},
        InvalidCase{R"({"version":"1","id":"c","messages":[]})",
                    "version: expected an integer, found string"},
        InvalidCase{R"({"id":"c","title":5,"messages":[]})",
                    "title: expected a string, found integer"},
        InvalidCase{DOC(OK_MSG R"(,"x")"), "messages[1]: expected an object, found string"},
        InvalidCase{DOC(OK_MSG R"(,{"role":"user","text":""})"), "messages[1].id: missing"},
        InvalidCase{DOC(OK_MSG R"(,{"id":"b","text":""})"), "messages[1].role: missing"},
        InvalidCase{DOC(OK_MSG
                        R"(,{"id":"b","role":"user","text":""},{"id":"c","role":"tool","text":""},)"
                        R"({"id":"d","role":"bot","text":""})"),
                    "messages[3].role: unknown value \"bot\""},
        InvalidCase{DOC(R"({"id":"a","role":"user"})"), "messages[0].text: missing"},
        InvalidCase{DOC(R"({"id":"a","role":"user","text":["x"]})"),
                    "messages[0].text: expected a string, found array"},
        InvalidCase{DOC(OK_MSG "," OK_MSG), "messages[1].id: duplicate id \"a\""},
        InvalidCase{DOC(R"({"id":"a","role":"user","text":"","createdAt":"today"})"),
                    "messages[0].createdAt: expected an integer, found string"},
        InvalidCase{DOC(R"({"id":"a","role":"user","text":"","createdAt":1.5})"),
                    "messages[0].createdAt: expected an integer, found number"},
        InvalidCase{DOC(R"({"id":"a","role":"user","text":"","aborted":"yes"})"),
                    "messages[0].aborted: expected a boolean, found string"},
        InvalidCase{DOC(R"({"id":"a","role":"tool","text":"","toolCallId":1})"),
                    "messages[0].toolCallId: expected a string, found integer"},
        InvalidCase{DOC(R"({"id":"a","role":"assistant","text":"","toolCalls":{}})"),
                    "messages[0].toolCalls: expected an array, found object"},
        InvalidCase{DOC(R"({"id":"a","role":"assistant","text":"","toolCalls":[{"id":"c"}]})"),
                    "messages[0].toolCalls[0].name: missing"},
        InvalidCase{
            DOC(R"({"id":"a","role":"assistant","text":"","toolCalls":[{"id":"c","name":"n"},{"id":"","name":"n"}]})"),
            "messages[0].toolCalls[1].id: must not be empty"},
        InvalidCase{
            DOC(R"({"id":"a","role":"assistant","text":"","toolCalls":[{"id":"c","name":"n","arguments":3}]})"),
            "messages[0].toolCalls[0].arguments: expected a string or an object, found integer"},
        InvalidCase{
            DOC(R"({"id":"a","role":"assistant","text":"","toolCalls":[{"id":"c","name":"n","readOnly":1}]})"),
            "messages[0].toolCalls[0].readOnly: expected a boolean, found integer"},
        InvalidCase{DOC(R"({"id":"a","role":"assistant","text":"","reasoning":false})"),
                    "messages[0].reasoning: expected a string, found boolean"}));

TEST(Serialization, GarbageNeverCrashes)
{
    // Every prefix of a valid document is either valid or a clean error.
    const std::string text = toJson(fullConversation());
    for (std::size_t n = 0; n < text.size(); n += 7) {
        const auto loaded = conversationFromJson(std::string_view(text).substr(0, n));
        ASSERT_TRUE(std::holds_alternative<LoadError>(loaded));
    }
    // Invalid UTF-8 in text is reported, not thrown.
    const auto bad = conversationFromJson("{\"id\":\"c\",\"messages\":[],\"title\":\"\xff\"}");
    EXPECT_TRUE(std::holds_alternative<LoadError>(bad));
}

std::string nested(int depth, std::string_view inner = "1")
{
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(inner) +
           std::string(static_cast<std::size_t>(depth), ']');
}

std::string conversationWithArguments(const std::string& arguments)
{
    return R"({"id":"c","messages":[{"id":"a","role":"assistant","text":"","toolCalls":[)"
           R"({"id":"c1","name":"n","arguments":{"x":)" +
           arguments + "}}]}]}";
}

TEST(Serialization, DeepNestingIsRefusedBeforeItCanOverflow)
{
    // 80,000 levels used to be parsed and then printed recursively until the stack overflowed.
    const auto deep = conversationFromJson(conversationWithArguments(nested(80'000)));
    ASSERT_TRUE(std::holds_alternative<LoadError>(deep));
    EXPECT_EQ(std::get<LoadError>(deep).toString(), "nested deeper than 64 levels");

    // The limit counts every level of the document: the arguments object sits at level 6.
    EXPECT_TRUE(std::holds_alternative<Conversation>(
        conversationFromJson(conversationWithArguments(nested(maxJsonDepth - 6)))));
    EXPECT_TRUE(std::holds_alternative<LoadError>(
        conversationFromJson(conversationWithArguments(nested(maxJsonDepth - 5)))));
    EXPECT_TRUE(std::holds_alternative<LoadError>(messagesFromJson(nested(65))));
    EXPECT_TRUE(std::holds_alternative<LoadError>(messageFromJson(nested(65, "{}"))));

    EXPECT_EQ(checkJson(nested(64)), JsonProblem::None);
    EXPECT_EQ(checkJson(nested(65)), JsonProblem::TooDeep);
    EXPECT_EQ(checkJson("{"), JsonProblem::NotJson);
    EXPECT_EQ(describe(JsonProblem::TooDeep), "nested deeper than 64 levels");
}

TEST(Serialization, OversizedDocumentsAreRefused)
{
    std::string huge = R"({"id":"c","messages":[],"title":")";
    huge.append(maxJsonBytes, 'x');
    huge += "\"}";
    const auto loaded = conversationFromJson(huge);
    ASSERT_TRUE(std::holds_alternative<LoadError>(loaded));
    EXPECT_EQ(std::get<LoadError>(loaded).toString(), "larger than 64 MiB");
}

TEST(Serialization, DeepTextFieldsAreSavedAsTextWithoutRecursion)
{
    // A tool's deep metadata or a server's deep arguments stay text: saving never recurses.
    Message m("m1", Role::Assistant, "");
    m.extras().metadata = nested(80'000);
    m.extras().toolCalls = {{"c1", "n", nested(80'000), false}};
    const std::string text = toJson(std::vector<Message>{m});
    const auto loaded = messagesFromJson(text);
    ASSERT_TRUE(std::holds_alternative<std::vector<Message>>(loaded))
        << std::get<LoadError>(loaded).toString();
    // Too deep to embed as a value, the metadata travels as a JSON string holding the text.
    EXPECT_EQ(std::get<std::vector<Message>>(loaded)[0].extrasOrNull()->metadata,
              "\"" + nested(80'000) + "\"");
    EXPECT_EQ(std::get<std::vector<Message>>(loaded)[0].toolCalls()[0].arguments, nested(80'000));
}

} // namespace
} // namespace koder::agent
