// SPDX-License-Identifier: MIT
// The conversations of a runtime without a store: the storage interface a store implements,
// kept in memory.
#include "koder/agent/memoryconversations.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> texts(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    for (const Message& m : messages)
        out.push_back(m.text);
    return out;
}

std::vector<Message> rows(std::initializer_list<const char*> texts)
{
    std::vector<Message> out;
    int i = 0;
    for (const char* t : texts) {
        ++i;
        out.emplace_back("m" + std::to_string(i), i % 2 ? Role::User : Role::Assistant, t);
    }
    return out;
}

class Memory : public ::testing::Test {
protected:
    std::optional<SwitchConversation> answer;
    MemoryConversations memory{[this](SwitchConversation&& to) { answer = std::move(to); }};

    void save(const std::string& id, std::size_t fromRow, const std::vector<Message>& messages)
    {
        memory.saveConversation(Persist{id, fromRow, {}, {}, false}, messages, {}, {}, {}, noRow);
    }
};

TEST_F(Memory, AWriteReplacesTheRowsFromItsRowOn)
{
    save("c1", 0, rows({"q1", "a1"}));
    save("c1", 1, rows({"q1", "a1 longer", "q2"}));
    EXPECT_THAT(texts(memory.messagesOf("c1")), ElementsAre("q1", "a1 longer", "q2"));
    save("c1", 1, rows({"q1"})); // the rows past the end are gone
    EXPECT_THAT(texts(memory.messagesOf("c1")), ElementsAre("q1"));
    EXPECT_TRUE(memory.holdsConversation("c1"));
    EXPECT_FALSE(memory.holdsConversation("c2"));
}

TEST_F(Memory, AFirstWriteFromALaterRowKeepsTheWholePath)
{
    save("c1", 2, rows({"q1", "a1", "q2"}));
    EXPECT_THAT(texts(memory.messagesOf("c1")), ElementsAre("q1", "a1", "q2"));
}

TEST_F(Memory, ALoadAnswersAtOnceWithACopyAndTheConversationStaysKept)
{
    const std::vector<QueuedMessage> queued{{"q9", "later", ""}};
    memory.saveConversation(Persist{"c1", 0, {}, {}, true}, rows({"q1", "a1"}), {}, {}, queued,
                            noRow);
    memory.loadConversation("c1");
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->conversationId, "c1");
    EXPECT_THAT(texts(answer->messages), ElementsAre("q1", "a1"));
    ASSERT_EQ(answer->queued.size(), 1u);
    EXPECT_EQ(answer->queued[0].text, "later");
    EXPECT_TRUE(memory.holdsConversation("c1"));
}

TEST_F(Memory, AnUnknownConversationLoadsEmptyAndARemovedOneIsGone)
{
    memory.loadConversation("nobody");
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->conversationId, "nobody");
    EXPECT_THAT(answer->messages, IsEmpty());
    EXPECT_TRUE(answer->loadError.empty());

    save("c1", 0, rows({"q1"}));
    memory.removeConversation("c1");
    EXPECT_FALSE(memory.holdsConversation("c1"));
    EXPECT_THAT(memory.messagesOf("c1"), IsEmpty());
}

TEST_F(Memory, AWriteWithoutAnIdIsIgnored)
{
    save("", 0, rows({"q1"}));
    EXPECT_FALSE(memory.holdsConversation(""));
}

} // namespace
} // namespace koder::agent::test
