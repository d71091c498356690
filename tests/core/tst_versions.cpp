// SPDX-License-Identifier: MIT
// The conversation tree (DESIGN.md, "Conversation tree (versions)"): regenerate and edit add
// versions instead of deleting, switchVersion walks them and remembers where the user was under
// each one, the refusals, the change sets and writes each step reports, a seeded random walk
// checked against a reference tree written here, and the tree in the JSON format 2.
#include "driver.h"
#include "invariants.h"
#include "rows.h"

#include "koder/agent/serialization.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace koder::agent {
// Readable failures. Inline: another test file may print these too.
inline void PrintTo(const VersionPosition& p, std::ostream* os)
{
    *os << "{index " << p.index << ", count " << p.count << "}";
}
inline void PrintTo(const Change& c, std::ostream* os)
{
    static const char* kinds[] = {"Inserted", "Removed", "Changed", "Reset"};
    *os << kinds[static_cast<int>(c.kind)] << "{" << c.first << ", " << c.count << "}";
}
} // namespace koder::agent

namespace koder::agent::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

std::vector<std::string> ids(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    for (const Message& m : messages)
        out.push_back(m.id);
    return out;
}

std::vector<std::string> slice(const std::vector<std::string>& v, std::size_t from,
                               std::size_t to = static_cast<std::size_t>(-1))
{
    to = std::min(to, v.size());
    return {v.begin() + static_cast<std::ptrdiff_t>(from),
            v.begin() + static_cast<std::ptrdiff_t>(to)};
}

/// The message `id` off the path, checked to hang from `parentId` with `activeChildId`
/// remembered under it; null (and a failure) when it is not off the path.
const OtherVersion* expectOffPath(const State& s, const std::string& id, std::string_view parentId,
                                  std::string_view activeChildId)
{
    const OtherVersion* v = s.conversation.versions.find(id);
    if (!v) {
        ADD_FAILURE() << id << " is not off the path";
        return nullptr;
    }
    EXPECT_EQ(v->parentId, parentId) << id;
    EXPECT_EQ(v->activeChildId, activeChildId) << id;
    return v;
}

/// The one Persist effect of the last reduce.
std::optional<Persist> persistOf(const Driver& d)
{
    const auto writes = d.effects<Persist>();
    EXPECT_LE(writes.size(), 1u) << "one write per reduce";
    if (writes.empty())
        return std::nullopt;
    return writes.front();
}

/// The active-path rule, seen from outside: row i's parent is row i - 1 (the row is never off
/// the path, it is among its parent's versions when there are several, and every other child of
/// that parent is in that group), and versionOf() says where it stands.
std::string pathRuleBroken(const State& s)
{
    const Versions& v = s.conversation.versions;
    for (std::size_t row = 0; row < s.conversation.messages.size(); ++row) {
        const std::string& id = s.conversation.messages[row].id;
        if (v.find(id))
            return "row " + std::to_string(row) + " (" + id + ") is also off the path";
        const std::string parent(parentIdOf(s.conversation.messages, row));
        VersionPosition expected{};
        // Every child of the parent: the row itself and the messages off the path under it.
        std::size_t children = 1;
        for (const auto& [otherId, other] : v.offPath)
            children += other.parentId == parent ? 1u : 0u;
        if (const auto* group = v.siblingsOf(parent)) {
            const auto it = std::find(group->begin(), group->end(), id);
            if (it == group->end())
                return "row " + std::to_string(row) + " is not among its parent's versions";
            expected = {static_cast<std::size_t>(it - group->begin()), group->size()};
        }
        if (expected.count != children)
            return "row " + std::to_string(row) + ": " + std::to_string(children) +
                   " children under its parent, " + std::to_string(expected.count) +
                   " versions listed";
        if (versionOf(s, row) != expected)
            return "versionOf(" + std::to_string(row) + ") disagrees with the sibling list";
    }
    if (!s.conversation.messages.empty())
        for (const auto& [id, other] : v.offPath)
            if (other.parentId == s.conversation.messages.back().id)
                return id + " hangs from the last row of the path";
    return {};
}

/// What a rejection must leave alone.
struct Before {
    explicit Before(const State& s)
        : messages(s.conversation.messages)
        , versions(s.conversation.versions)
        , status(s.status)
        , turn(s.turn.has_value())
        , pending(s.pendingToolCalls)
        , nextRequestId(s.nextRequestId)
        , conversationId(s.conversation.id)
    {
    }
    bool same(const State& s) const
    {
        return s.conversation.messages == messages && s.conversation.versions == versions &&
               s.status == status && s.turn.has_value() == turn && s.pendingToolCalls == pending &&
               s.nextRequestId == nextRequestId && s.conversation.id == conversationId;
    }
    std::vector<Message> messages;
    Versions versions;
    Status status;
    bool turn;
    std::vector<ToolCall> pending;
    std::uint64_t nextRequestId;
    std::string conversationId;
};

void expectRefused(Driver& d, const Input& input, RejectReason reason)
{
    const Before before(d.s);
    const Outcome& out = d.dispatch(input);
    ASSERT_TRUE(out.rejected()) << actionName(input) << " was accepted";
    EXPECT_EQ(out.rejection->reason, reason) << toString(out.rejection->reason);
    EXPECT_EQ(out.rejection->action, actionName(input));
    EXPECT_TRUE(out.changes.empty());
    EXPECT_TRUE(out.effects.empty());
    EXPECT_TRUE(out.events.empty());
    EXPECT_TRUE(before.same(d.s)) << "a refused " << actionName(input) << " changed the state";
}

// ---- 1. the tree operations ---------------------------------------------------------------

TEST(VersionsTree, RegenerateTwiceKeepsEveryReplyWithItsToolMessages)
{
    Driver d;
    d.send("q");
    d.call("c1", "read_file", R"({"path":"a"})");
    d.end("tool_calls");
    d.dispatch(ApproveToolCall{"c1"});
    d.dispatch(ToolResult{"c1", "contents", false});
    d.token("a1");
    d.end();
    ASSERT_THAT(d.texts(), ElementsAre("q", "", "contents", "a1"));
    const std::vector<std::string> first = ids(d.s.conversation.messages);
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{0, 1}));

    ASSERT_FALSE(d.dispatch(Regenerate{first[3]}).rejected());
    ASSERT_EQ(d.s.conversation.messages.size(), 2u)
        << "the whole old reply, tool messages too, left the path";
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{1, 2}));
    EXPECT_EQ(streamingRow(d.s), 1u);
    d.token("a2");
    d.end();
    const std::string second = d.s.conversation.messages[1].id;

    ASSERT_FALSE(d.dispatch(Regenerate{second}).rejected());
    d.token("a3");
    d.end();
    const std::string third = d.s.conversation.messages[1].id;
    EXPECT_THAT(d.texts(), ElementsAre("q", "a3"));
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{2, 3})) << "the new reply is the newest";
    EXPECT_EQ(pathRuleBroken(d.s), "");

    const Versions& v = d.s.conversation.versions;
    ASSERT_NE(v.siblingsOf(first[0]), nullptr);
    EXPECT_THAT(*v.siblingsOf(first[0]), ElementsAre(first[1], second, third));
    EXPECT_EQ(v.offPath.size(), 4u);
    // The first reply with its tool call, the tool's result and the answer after it.
    const OtherVersion* step = expectOffPath(d.s, first[1], first[0], first[2]);
    ASSERT_NE(step, nullptr);
    ASSERT_EQ(step->message.toolCalls().size(), 1u);
    EXPECT_EQ(step->message.toolCalls()[0].id, "c1");
    const OtherVersion* tool = expectOffPath(d.s, first[2], first[1], first[3]);
    ASSERT_NE(tool, nullptr);
    EXPECT_EQ(tool->message.role, Role::Tool);
    EXPECT_EQ(tool->message.toolCallId(), "c1");
    EXPECT_EQ(tool->message.text, "contents");
    const OtherVersion* answer = expectOffPath(d.s, first[3], first[2], "");
    ASSERT_NE(answer, nullptr);
    EXPECT_EQ(answer->message.text, "a1");
    const OtherVersion* middle = expectOffPath(d.s, second, first[0], "");
    ASSERT_NE(middle, nullptr);
    EXPECT_EQ(middle->message.text, "a2");

    // Every version comes back whole.
    ASSERT_FALSE(d.dispatch(SwitchVersion{third, 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), first);
    EXPECT_EQ(d.s.conversation.messages[1].toolCalls().size(), 1u);
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{0, 3}));
    ASSERT_FALSE(d.dispatch(SwitchVersion{first[1], 1}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre(first[0], second));
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{1, 3}));
    ASSERT_FALSE(d.dispatch(SwitchVersion{second, 2}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre(first[0], third));
    EXPECT_EQ(pathRuleBroken(d.s), "");
}

TEST(VersionsTree, RegenerateSendsTheHistoryWithoutTheOldReply)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto before = ids(d.s.conversation.messages);
    d.dispatch(Regenerate{before[3]});
    const auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_THAT(ids(starts[0].history), ElementsAre(before[0], before[1], before[2]));
    EXPECT_EQ(d.s.conversation.versions.find(before[3])->message.text, "a2");
}

TEST(VersionsTree, EditMakesANewUserVersionWithItsOwnReply)
{
    Driver d;
    d.exchange("q1", "a1");
    d.dispatch(Send{"q2", R"([{"name":"a.png"}])"});
    d.token("a2");
    d.end();
    const auto before = ids(d.s.conversation.messages);

    ASSERT_FALSE(d.dispatch(Edit{before[2], "q2 edited"}).rejected());
    ASSERT_EQ(d.s.conversation.messages.size(), 4u);
    const std::string edited = d.s.conversation.messages[2].id;
    EXPECT_NE(edited, before[2]) << "a new message, not the old one rewritten";
    EXPECT_EQ(d.s.conversation.messages[2].role, Role::User);
    EXPECT_EQ(d.s.conversation.messages[2].text, "q2 edited");
    EXPECT_EQ(d.s.conversation.messages[2].attachments(), R"([{"name":"a.png"}])");
    EXPECT_EQ(d.s.conversation.messages[3].role, Role::Assistant);
    EXPECT_EQ(streamingRow(d.s), 3u);
    const auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_THAT(ids(starts[0].history), ElementsAre(before[0], before[1], edited))
        << "the request asks about the edited text only";
    d.token("a2 edited");
    d.end();

    EXPECT_THAT(d.texts(), ElementsAre("q1", "a1", "q2 edited", "a2 edited"));
    EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{1, 2}));
    EXPECT_EQ(versionOf(d.s, 3), (VersionPosition{0, 1})) << "the edit's reply is its only child";
    const Versions& v = d.s.conversation.versions;
    ASSERT_NE(v.siblingsOf(before[1]), nullptr);
    EXPECT_THAT(*v.siblingsOf(before[1]), ElementsAre(before[2], edited));
    EXPECT_EQ(v.offPath.size(), 2u);
    const OtherVersion* original = expectOffPath(d.s, before[2], before[1], before[3]);
    ASSERT_NE(original, nullptr);
    EXPECT_EQ(original->message.text, "q2");
    const OtherVersion* reply = expectOffPath(d.s, before[3], before[2], "");
    ASSERT_NE(reply, nullptr);
    EXPECT_EQ(reply->message.text, "a2");
    EXPECT_EQ(pathRuleBroken(d.s), "");

    ASSERT_FALSE(d.dispatch(SwitchVersion{edited, 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), before);
    EXPECT_THAT(d.texts(), ElementsAre("q1", "a1", "q2", "a2"));
}

TEST(VersionsTree, EditOfTheFirstMessageMakesAnotherRoot)
{
    Driver d;
    Message u("u1", Role::User, "first");
    u.extras().metadata = R"({"k":1})";
    u.extras().context = R"({"file":"a.md"})";
    d.dispatch(SetMessages{{u, Message("a1", Role::Assistant, "reply")}});

    ASSERT_FALSE(d.dispatch(Edit{"u1", "first, edited"}).rejected());
    d.token("reply 2");
    d.end();
    EXPECT_THAT(d.texts(), ElementsAre("first, edited", "reply 2"));
    const std::string root = d.s.conversation.messages[0].id;
    EXPECT_NE(root, "u1");
    EXPECT_EQ(d.s.conversation.messages[0].metadata(), R"({"k":1})") << "metadata kept";
    EXPECT_EQ(d.s.conversation.messages[0].context(), R"({"file":"a.md"})");
    EXPECT_EQ(versionOf(d.s, 0), (VersionPosition{1, 2}));
    ASSERT_NE(d.s.conversation.versions.siblingsOf(""), nullptr) << "\"\" names the roots";
    EXPECT_THAT(*d.s.conversation.versions.siblingsOf(""), ElementsAre("u1", root));
    expectOffPath(d.s, "u1", "", "a1");
    expectOffPath(d.s, "a1", "u1", "");
    EXPECT_EQ(pathRuleBroken(d.s), "");

    const std::string reply = d.s.conversation.messages[1].id;
    ASSERT_FALSE(d.dispatch(SwitchVersion{root, 0}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre("u1", "a1"));
    EXPECT_EQ(versionOf(d.s, 0), (VersionPosition{0, 2}));
    expectOffPath(d.s, root, "", reply);
    EXPECT_EQ(pathRuleBroken(d.s), "");
}

TEST(VersionsTree, SwitchingBackRestoresTheContinuationLastActiveUnderThatVersion)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto original = ids(d.s.conversation.messages);

    d.dispatch(Regenerate{original[1]});
    d.token("b1");
    d.end();
    const std::string b1 = d.s.conversation.messages[1].id;
    EXPECT_THAT(d.texts(), ElementsAre("q1", "b1"));

    ASSERT_FALSE(d.dispatch(SwitchVersion{b1, 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), original)
        << "version 1 comes back with what followed it";

    // Under version 1, edit the later question.
    ASSERT_FALSE(d.dispatch(Edit{original[2], "q2 edited"}).rejected());
    d.token("c2");
    d.end();
    const auto edited = ids(d.s.conversation.messages);
    EXPECT_THAT(d.texts(), ElementsAre("q1", "a1", "q2 edited", "c2"));

    ASSERT_FALSE(d.dispatch(SwitchVersion{original[1], 1}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre(original[0], b1));
    ASSERT_FALSE(d.dispatch(SwitchVersion{b1, 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), edited)
        << "the edited continuation, not the original one";
    EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{1, 2}));

    // The memory follows the user: pick the original question, leave, come back.
    ASSERT_FALSE(d.dispatch(SwitchVersion{edited[2], 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), original);
    ASSERT_FALSE(d.dispatch(SwitchVersion{original[1], 1}).rejected());
    ASSERT_FALSE(d.dispatch(SwitchVersion{b1, 0}).rejected());
    EXPECT_EQ(ids(d.s.conversation.messages), original);
    EXPECT_EQ(pathRuleBroken(d.s), "");
}

TEST(VersionsTree, EveryEditAddsAVersionNeverStuckAtTwo)
{
    // langgraphjs#2295: the third edit showed 2/2.
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const std::string a1 = d.s.conversation.messages[1].id;
    for (std::size_t n = 1; n <= 3; ++n) {
        ASSERT_FALSE(d.dispatch(Edit{d.s.conversation.messages[2].id, "q2 v" + std::to_string(n)})
                         .rejected());
        EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{n, n + 1})) << "edit " << n;
        d.token("r" + std::to_string(n));
        d.end();
        EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{n, n + 1})) << "edit " << n;
    }
    ASSERT_NE(d.s.conversation.versions.siblingsOf(a1), nullptr);
    EXPECT_EQ(d.s.conversation.versions.siblingsOf(a1)->size(), 4u)
        << "the original and three edits";

    // An edit of an older version is the newest version too.
    ASSERT_FALSE(d.dispatch(SwitchVersion{d.s.conversation.messages[2].id, 0}).rejected());
    ASSERT_FALSE(d.dispatch(Edit{d.s.conversation.messages[2].id, "q2 v4"}).rejected());
    d.token("r4");
    d.end();
    EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{4, 5}));
    const std::vector<std::string> expected = {"q2", "q2 v1", "q2 v2", "q2 v3", "q2 v4"};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_FALSE(d.dispatch(SwitchVersion{d.s.conversation.messages[2].id, static_cast<int>(i)})
                         .rejected());
        EXPECT_EQ(d.s.conversation.messages[2].text, expected[i]);
        EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{i, 5}));
        EXPECT_EQ(d.s.conversation.messages[3].text, i == 0 ? "a2" : "r" + std::to_string(i));
    }

    // The same for the first message (the roots).
    Driver r;
    r.exchange("q", "a");
    for (std::size_t n = 1; n <= 3; ++n) {
        ASSERT_FALSE(
            r.dispatch(Edit{r.s.conversation.messages[0].id, "q" + std::to_string(n)}).rejected());
        r.token("a");
        r.end();
        EXPECT_EQ(versionOf(r.s, 0), (VersionPosition{n, n + 1})) << "edit " << n;
    }
}

TEST(VersionsTree, RegenerateOrEditDuringATurnKeepsThePartialReplyAsAVersion)
{
    Driver d;
    d.exchange("q1", "a1");
    d.send("q2");
    d.token("half a");
    const std::string partial = d.last().id;
    const std::string q2 = d.s.conversation.messages[2].id;
    const Outcome& out = d.dispatch(Regenerate{partial});
    ASSERT_FALSE(out.rejected());
    EXPECT_TRUE(d.hasEffect<CancelTurn>());
    EXPECT_THAT(d.eventNames(), ElementsAre("aborted", "streamStart"));
    const OtherVersion* kept = d.s.conversation.versions.find(partial);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->message.text, "half a");
    EXPECT_TRUE(kept->message.aborted);
    EXPECT_EQ(versionOf(d.s, 3), (VersionPosition{1, 2}));
    EXPECT_EQ(streamingRow(d.s), 3u);

    // While reviewing a tool call: the step, its call and the cancelled answer go together.
    d.call("c1", "write_file");
    d.end("tool_calls");
    ASSERT_EQ(d.s.status, Status::ReviewingToolCall);
    const std::string step = d.last().id;
    ASSERT_FALSE(d.dispatch(Edit{q2, "q2 edited"}).rejected());
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(streamingRow(d.s), 3u);
    EXPECT_EQ(d.s.conversation.messages[2].text, "q2 edited");
    const OtherVersion* stepKept = d.s.conversation.versions.find(step);
    ASSERT_NE(stepKept, nullptr);
    EXPECT_TRUE(stepKept->message.aborted);
    ASSERT_EQ(stepKept->message.toolCalls().size(), 1u);
    const std::string answer = stepKept->activeChildId;
    const OtherVersion* cancelled = d.s.conversation.versions.find(answer);
    ASSERT_NE(cancelled, nullptr) << "the call is answered in the version it belongs to";
    EXPECT_EQ(cancelled->message.role, Role::Tool);
    EXPECT_EQ(cancelled->message.toolCallId(), "c1");
    EXPECT_EQ(cancelled->parentId, step);
    EXPECT_EQ(pathRuleBroken(d.s), "");
    d.end();
    // Back to the original question: its latest reply (the stopped step) comes back.
    ASSERT_FALSE(d.dispatch(SwitchVersion{d.s.conversation.messages[2].id, 0}).rejected());
    ASSERT_EQ(d.s.conversation.messages.size(), 5u);
    EXPECT_EQ(d.s.conversation.messages[3].id, step);
    EXPECT_EQ(d.s.conversation.messages[4].id, answer);
    EXPECT_EQ(versionOf(d.s, 3), (VersionPosition{1, 2}));
}

TEST(VersionsTree, NewIdsAreUniqueAcrossTheWholeTree)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    d.end();
    d.dispatch(Edit{d.s.conversation.messages[0].id, "q1 again"});
    d.end();
    ASSERT_FALSE(d.s.conversation.versions.offPath.empty());
    // An id source that starts over: every id it offers is taken, on the path or off it.
    d.env = Environment::deterministic();
    std::set<std::string> taken;
    for (const Message& m : d.s.conversation.messages)
        taken.insert(m.id);
    for (const auto& [id, other] : d.s.conversation.versions.offPath)
        taken.insert(id);
    ASSERT_FALSE(d.dispatch(Regenerate{d.s.conversation.messages[1].id}).rejected());
    EXPECT_EQ(taken.count(d.s.conversation.messages[1].id), 0u)
        << d.s.conversation.messages[1].id << " reused";
    d.end();
    ASSERT_FALSE(d.dispatch(Edit{d.s.conversation.messages[0].id, "q1 third"}).rejected());
    EXPECT_EQ(taken.count(d.s.conversation.messages[0].id), 0u)
        << d.s.conversation.messages[0].id << " reused";
    EXPECT_EQ(taken.count(d.s.conversation.messages[1].id), 0u)
        << d.s.conversation.messages[1].id << " reused";
    EXPECT_NE(d.s.conversation.messages[0].id, d.s.conversation.messages[1].id);
    d.end();

    // Messages added from outside may not take an id of another version either.
    const std::string offPath = d.s.conversation.versions.offPath.begin()->first;
    expectRefused(d, AddMessages{{Message(offPath, Role::User, "again")}},
                  RejectReason::InvalidMessages);
    EXPECT_NE(d.out.rejection->detail.find(offPath), std::string::npos) << d.out.rejection->detail;
}

// ---- 2. the active-path rule ---------------------------------------------------------------

TEST(VersionsPath, EveryRowIsTheActiveChildOfTheRowBefore)
{
    Driver d;
    auto step = [&](const Input& input) {
        ASSERT_FALSE(d.dispatch(input).rejected()) << actionName(input);
        if (d.s.turn) {
            d.token("x");
            d.end();
        }
        ASSERT_EQ(pathRuleBroken(d.s), "") << "after " << actionName(input);
    };
    step(Send{"q1", {}});
    step(Send{"q2", {}});
    step(Send{"q3", {}});
    step(Regenerate{d.s.conversation.messages[3].id});  // row 3: 2 versions
    step(Edit{d.s.conversation.messages[2].id, "q2b"}); // row 2: 2 versions
    step(Edit{d.s.conversation.messages[0].id, "q1b"}); // row 0: 2 versions
    step(SwitchVersion{d.s.conversation.messages[0].id, 0});
    step(SwitchVersion{d.s.conversation.messages[2].id, 0});
    ASSERT_EQ(d.s.conversation.messages.size(), 4u);
    step(Send{"q3", {}});
    step(Regenerate{d.s.conversation.messages[5].id}); // row 5: 2 versions
    step(Regenerate{d.s.conversation.messages[5].id}); // row 5: 3 versions
    ASSERT_EQ(d.s.conversation.messages.size(), 6u);
    const std::vector<VersionPosition> expected = {{0, 2}, {0, 1}, {0, 2}, {1, 2}, {0, 1}, {2, 3}};
    for (std::size_t row = 0; row < d.s.conversation.messages.size(); ++row)
        EXPECT_EQ(versionOf(d.s, row), expected[row]) << "row " << row;
    // Off the path, each message names its parent; none claims a parent that skips a row.
    for (const auto& [id, other] : d.s.conversation.versions.offPath) {
        const std::size_t parentRow = findMessage(d.s, other.parentId);
        if (parentRow == noRow)
            continue; // under another version
        ASSERT_LT(parentRow + 1, d.s.conversation.messages.size());
        EXPECT_EQ(d.s.conversation.versions.position(other.parentId, id).count,
                  versionOf(d.s, parentRow + 1).count);
    }
}

// ---- 3. refusals ---------------------------------------------------------------------------

TEST(VersionsRefusal, SwitchWhileStreamingIsRefusedFirst)
{
    Driver d;
    d.exchange("q1", "a1");
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    ASSERT_TRUE(isStreaming(d.s));
    const std::string row1 = d.s.conversation.messages[1].id;
    expectRefused(d, SwitchVersion{row1, 0}, RejectReason::TurnInProgress);
    // The turn is checked first: a bad id or index is still "a turn is open".
    expectRefused(d, SwitchVersion{"nope", 0}, RejectReason::TurnInProgress);
    expectRefused(d, SwitchVersion{row1, 9}, RejectReason::TurnInProgress);
    expectRefused(d, SwitchVersion{row1, 1}, RejectReason::TurnInProgress);
    EXPECT_TRUE(isStreaming(d.s));
}

TEST(VersionsRefusal, SwitchWhileATurnWaitsForATool)
{
    Driver d;
    d.exchange("q1", "a1");
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    d.call("c1", "write_file");
    d.end("tool_calls");
    ASSERT_EQ(d.s.status, Status::ReviewingToolCall);
    expectRefused(d, SwitchVersion{d.s.conversation.messages[1].id, 0},
                  RejectReason::TurnInProgress);
    EXPECT_EQ(d.s.pendingToolCalls.size(), 1u);
    d.dispatch(ApproveToolCall{"c1"});
    ASSERT_EQ(d.s.status, Status::RunningTool);
    expectRefused(d, SwitchVersion{d.s.conversation.messages[1].id, 0},
                  RejectReason::TurnInProgress);
}

TEST(VersionsRefusal, UnknownAndOffPathIds)
{
    Driver d;
    d.exchange("q1", "a1");
    const std::string a1 = d.s.conversation.messages[1].id;
    d.dispatch(Regenerate{a1});
    d.end();
    expectRefused(d, SwitchVersion{"nope", 0}, RejectReason::UnknownMessage);
    EXPECT_EQ(d.out.rejection->detail, "nope");
    ASSERT_NE(d.s.conversation.versions.find(a1), nullptr);
    expectRefused(d, SwitchVersion{a1, 0}, RejectReason::UnknownMessage);
    expectRefused(d, SwitchVersion{a1, 1}, RejectReason::UnknownMessage);
    expectRefused(d, SwitchVersion{"", 0}, RejectReason::UnknownMessage);
    // Regenerate and edit name path rows too.
    expectRefused(d, Regenerate{a1}, RejectReason::UnknownMessage);
    expectRefused(d, Edit{a1, "t"}, RejectReason::UnknownMessage);
    expectRefused(d, Branch{a1}, RejectReason::UnknownMessage);
}

TEST(VersionsRefusal, IndexOutOfRange)
{
    Driver d;
    d.exchange("q1", "a1");
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    d.end();
    const std::string row1 = d.s.conversation.messages[1].id;
    ASSERT_EQ(versionOf(d.s, 1), (VersionPosition{1, 2}));
    expectRefused(d, SwitchVersion{row1, -1}, RejectReason::InvalidValue);
    expectRefused(d, SwitchVersion{row1, 2}, RejectReason::InvalidValue);
    expectRefused(d, SwitchVersion{row1, 1 << 30}, RejectReason::InvalidValue);
    expectRefused(d, SwitchVersion{d.s.conversation.messages[0].id, 1}, RejectReason::InvalidValue);
    expectRefused(d, SwitchVersion{d.s.conversation.messages[0].id, -1},
                  RejectReason::InvalidValue);

    // The shown index is accepted and does nothing.
    for (const auto& [id, index] :
         {std::pair{row1, 1}, std::pair{d.s.conversation.messages[0].id, 0}}) {
        const Before before(d.s);
        const Outcome& out = d.dispatch(SwitchVersion{id, index});
        EXPECT_FALSE(out.rejected());
        EXPECT_TRUE(out.changes.empty());
        EXPECT_TRUE(out.effects.empty());
        EXPECT_TRUE(before.same(d.s));
    }
}

// ---- 4. change sets and writes -------------------------------------------------------------

// The last input started a new version at `row` of a path whose ids were `before` (rows
// `rows`): the rows from `row` on left it, `inserted` rows came in, the change set says so and
// replays to the new rows, and the one write starts at `row` and keeps the old tail.
void expectNewVersionAt(const Driver& d, const std::vector<RowSnapshot>& rows,
                        const std::vector<std::string>& before, std::size_t row,
                        std::size_t inserted)
{
    EXPECT_THAT(d.out.changes,
                ElementsAre(Change{Change::Kind::Removed, row, before.size() - row, Field::None},
                            Change{Change::Kind::Inserted, row, inserted, Field::None}));
    EXPECT_EQ(replayMismatch(rows, d.out.changes, snapshot(d.s)), std::nullopt);
    const auto write = persistOf(d);
    ASSERT_TRUE(write);
    EXPECT_EQ(write->conversationId, d.s.conversation.id);
    EXPECT_EQ(write->fromRow, row);
    EXPECT_EQ(write->versionsWritten, slice(before, row));
    EXPECT_THAT(write->versionsDropped, IsEmpty());
    EXPECT_FALSE(write->allVersions);
}

TEST(VersionsChanges, RegenerateRemovesTheOldReplyAndInsertsTheNewOne)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto before = ids(d.s.conversation.messages);
    const auto rows = snapshot(d.s);
    d.dispatch(Regenerate{before[1]});
    expectNewVersionAt(d, rows, before, 1, 1); // the new reply
}

TEST(VersionsChanges, EditRemovesFromTheEditedRow)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto before = ids(d.s.conversation.messages);
    const auto rows = snapshot(d.s);
    d.dispatch(Edit{before[2], "q2b"});
    expectNewVersionAt(d, rows, before, 2, 2); // the edited question and its reply
}

TEST(VersionsChanges, SwitchRemovesTheOldTailAndInsertsTheNewOne)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    const auto original = ids(d.s.conversation.messages);
    d.dispatch(Regenerate{original[1]});
    d.token("b1");
    d.end();
    const auto shorter = ids(d.s.conversation.messages);

    auto check = [&](int index, const std::vector<std::string>& from,
                     const std::vector<std::string>& to) {
        ASSERT_EQ(ids(d.s.conversation.messages), from);
        const auto rows = snapshot(d.s);
        const Outcome& out = d.dispatch(SwitchVersion{d.s.conversation.messages[1].id, index});
        ASSERT_FALSE(out.rejected());
        EXPECT_EQ(ids(d.s.conversation.messages), to);
        EXPECT_THAT(out.changes,
                    ElementsAre(Change{Change::Kind::Removed, 1, from.size() - 1, Field::None},
                                Change{Change::Kind::Inserted, 1, to.size() - 1, Field::None}))
            << "precise, never a reset";
        EXPECT_EQ(replayMismatch(rows, out.changes, snapshot(d.s)), std::nullopt);
        EXPECT_TRUE(out.events.empty());
        const auto write = persistOf(d);
        ASSERT_TRUE(write);
        EXPECT_EQ(write->conversationId, d.s.conversation.id);
        EXPECT_EQ(write->fromRow, 1u);
        EXPECT_EQ(write->versionsWritten, slice(from, 1)) << "what left the path";
        EXPECT_EQ(write->versionsDropped, slice(to, 1)) << "what joined it";
        EXPECT_FALSE(write->allVersions);
        EXPECT_FALSE(d.hasEffect<StartTurn>());
    };
    check(0, shorter, original);
    check(1, original, shorter);
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST(VersionsChanges, SwitchToAStoppedReplyIsInterruptedAndClearsAnotherVersionsError)
{
    Driver d;
    d.send("q");
    d.token("half");
    d.dispatch(Abort{});
    ASSERT_EQ(d.s.status, Status::Interrupted);
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    d.fail({"server", "boom", false, -1});
    ASSERT_EQ(d.s.status, Status::Error);
    ASSERT_FALSE(d.dispatch(SwitchVersion{d.s.conversation.messages[1].id, 0}).rejected());
    EXPECT_EQ(d.s.conversation.messages[1].text, "half");
    EXPECT_EQ(d.s.status, Status::Interrupted) << "a stopped reply can be regenerated";
    EXPECT_FALSE(d.s.lastError.has_value());
}

TEST(VersionsChanges, RestoreCheckpointDropsTheVersionsUnderIt)
{
    Driver d;
    d.exchange("q1", "a1");
    // Versions before the checkpoint: they stay.
    d.dispatch(Edit{d.s.conversation.messages[0].id, "q1b"});
    d.end();
    const std::string q1b = d.s.conversation.messages[0].id;
    d.dispatch(SwitchVersion{q1b, 0});
    d.dispatch(AddCheckpoint{R"({"doc":1})"});
    const std::string checkpoint = d.last().id;
    d.exchange("q2", "a2");
    const std::string q2 = d.s.conversation.messages[3].id;
    const std::string a2 = d.s.conversation.messages[4].id;
    d.dispatch(Regenerate{a2});
    d.end();
    const std::string a2b = d.s.conversation.messages[4].id;
    d.dispatch(Edit{q2, "q2b"});
    d.end();
    ASSERT_EQ(d.s.conversation.messages.size(), 5u);
    ASSERT_EQ(pathRuleBroken(d.s), "");
    const Versions versionsBefore = d.s.conversation.versions;

    const auto rows = snapshot(d.s);
    ASSERT_FALSE(d.dispatch(RestoreCheckpoint{checkpoint}).rejected());
    EXPECT_EQ(d.s.conversation.messages.size(), 3u);
    EXPECT_EQ(d.last().id, checkpoint);
    EXPECT_THAT(d.out.changes, ElementsAre(Change{Change::Kind::Removed, 3, 2, Field::None}));
    EXPECT_EQ(replayMismatch(rows, d.out.changes, snapshot(d.s)), std::nullopt);
    const auto write = persistOf(d);
    ASSERT_TRUE(write);
    EXPECT_EQ(write->fromRow, 3u);
    EXPECT_THAT(write->versionsDropped, UnorderedElementsAre(q2, a2, a2b));
    EXPECT_THAT(write->versionsWritten, IsEmpty());
    // Nothing under the checkpoint; the versions of the first question stay.
    for (const std::string& gone : {q2, a2, a2b})
        EXPECT_EQ(d.s.conversation.versions.find(gone), nullptr) << gone;
    EXPECT_EQ(d.s.conversation.versions.siblingsOf(checkpoint), nullptr);
    EXPECT_EQ(d.s.conversation.versions.siblingsOf(q2), nullptr);
    EXPECT_EQ(d.s.conversation.versions.offPath.size(), 2u);
    ASSERT_NE(d.s.conversation.versions.find(q1b), nullptr);
    EXPECT_EQ(*d.s.conversation.versions.siblingsOf(""), *versionsBefore.siblingsOf(""));
    EXPECT_EQ(versionOf(d.s, 0), (VersionPosition{0, 2}));
    EXPECT_EQ(pathRuleBroken(d.s), "");

    // What is said next under the checkpoint is its only child.
    d.exchange("q3", "a3");
    EXPECT_EQ(versionOf(d.s, 3), (VersionPosition{0, 1}));
    EXPECT_EQ(pathRuleBroken(d.s), "");
}

TEST(VersionsChanges, BranchCopiesThePathOnlyAndClearingForgetsTheTree)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    d.dispatch(Regenerate{d.s.conversation.messages[1].id});
    d.end();
    d.dispatch(SwitchVersion{d.s.conversation.messages[1].id, 0});
    const auto path = ids(d.s.conversation.messages);
    const Versions versions = d.s.conversation.versions;
    ASSERT_FALSE(d.dispatch(Branch{path[2]}).rejected());
    const auto forks = d.effects<ForkConversation>();
    ASSERT_EQ(forks.size(), 1u);
    EXPECT_EQ(ids(forks[0].messages), slice(path, 0, 3));
    EXPECT_EQ(d.s.conversation.versions, versions) << "the source keeps its tree";

    Driver set = d;
    set.dispatch(SetMessages{{Message("x", Role::User, "x")}});
    EXPECT_TRUE(set.s.conversation.versions.empty());
    const auto write = persistOf(set);
    ASSERT_TRUE(write);
    EXPECT_TRUE(write->allVersions);
    Driver cleared = d;
    cleared.dispatch(Clear{});
    EXPECT_TRUE(cleared.s.conversation.versions.empty());
    Driver reset = d;
    reset.dispatch(Reset{});
    EXPECT_TRUE(reset.s.conversation.versions.empty());
    // After a clear, a new exchange has no versions.
    cleared.exchange("q", "a");
    EXPECT_EQ(versionOf(cleared.s, 0), (VersionPosition{0, 1}));
    EXPECT_TRUE(cleared.s.conversation.versions.empty());
}

// ---- 5. a random walk against a reference tree ----------------------------------------------

/// The conversation tree as the design describes it, as plainly as possible: nodes with a parent,
/// their children in the order they were made and the child last active under them; the active
/// path is the walk from the active root down the active children.
class ReferenceTree {
public:
    struct Node {
        std::string parent;
        Role role = Role::User;
        std::vector<std::string> children;
        std::string active;
    };

    bool has(const std::string& id) const { return nodes_.count(id) != 0; }
    const Node& node(const std::string& id) const { return nodes_.at(id); }
    std::size_t size() const { return nodes_.size(); }
    const std::map<std::string, Node>& nodes() const { return nodes_; }

    std::vector<std::string> path() const
    {
        std::vector<std::string> p;
        for (std::string at = activeRoot_; !at.empty(); at = nodes_.at(at).active)
            p.push_back(at);
        return p;
    }
    const std::vector<std::string>& childrenOf(const std::string& parent) const
    {
        return parent.empty() ? roots_ : nodes_.at(parent).children;
    }
    VersionPosition position(const std::string& id) const
    {
        const auto& group = childrenOf(nodes_.at(id).parent);
        const auto it = std::find(group.begin(), group.end(), id);
        return {static_cast<std::size_t>(it - group.begin()), group.size()};
    }

    void add(const std::string& id, const std::string& parent, Role role)
    {
        nodes_[id] = Node{parent, role, {}, {}};
        (parent.empty() ? roots_ : nodes_.at(parent).children).push_back(id);
        show(parent, id);
    }
    /// The path goes through `child` under `parent` from now on.
    void show(const std::string& parent, const std::string& child)
    {
        (parent.empty() ? activeRoot_ : nodes_.at(parent).active) = child;
    }
    void removeDescendants(const std::string& id)
    {
        std::vector<std::string> doomed = std::move(nodes_.at(id).children);
        nodes_.at(id).children.clear();
        nodes_.at(id).active.clear();
        while (!doomed.empty()) {
            const std::string x = doomed.back();
            doomed.pop_back();
            const Node& n = nodes_.at(x);
            doomed.insert(doomed.end(), n.children.begin(), n.children.end());
            nodes_.erase(x);
        }
    }

private:
    std::map<std::string, Node> nodes_;
    std::vector<std::string> roots_;
    std::string activeRoot_;
};

class VersionWalk {
public:
    explicit VersionWalk(std::uint32_t seed)
        : rng_(seed)
    {
    }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
    bool chance(int percent) { return pick(100) < percent; }

    /// One random step; the first disagreement with the reference, or "".
    std::string step()
    {
        const std::vector<std::string> path = ref_.path();
        // Most turns run to their end; the rest meet a regenerate, edit, switch or stop.
        if (open() && chance(50))
            return finishTurn();
        const int kind = pick(100);
        if (kind < 14)
            return send();
        if (kind < 28)
            return finishTurn();
        if (kind < 32)
            return partialToken();
        if (kind < 46)
            return regenerate(anyId(path));
        if (kind < 60)
            return edit(chance(70) ? anyUserRow(path) : anyId(path));
        if (kind < 84)
            return switchVersion(anyId(path));
        if (kind < 90)
            return abort();
        if (kind < 92)
            return fail();
        if (kind < 94)
            return simpleAppend(AddUserMessage{"note"}, Role::User);
        if (kind < 97)
            return simpleAppend(AddCheckpoint{"{}"}, Role::Checkpoint);
        return restoreCheckpoint(path);
    }

    std::string roundTrip() const
    {
        Conversation c;
        c.id = d_.s.conversation.id.empty() ? "c" : d_.s.conversation.id;
        c.messages = d_.s.conversation.messages;
        c.versions = d_.s.conversation.versions;
        auto loaded = conversationFromJson(toJson(c));
        if (const auto* error = std::get_if<LoadError>(&loaded))
            return "JSON round trip refused: " + error->toString();
        if (!(std::get<Conversation>(loaded) == c))
            return "JSON round trip differs: " + toJson(c);
        return {};
    }

    std::map<std::string, int> counts; ///< accepted and refused steps, by name
    std::size_t widest = 1;            ///< the most versions a row had

private:
    std::string anyId(const std::vector<std::string>& path)
    {
        const int r = pick(100);
        if (r < 75 && !path.empty())
            return path[static_cast<std::size_t>(pick(static_cast<int>(path.size())))];
        if (r < 92 && ref_.size() > path.size()) {
            // A message off the path.
            std::vector<std::string> off;
            const std::set<std::string> onPath(path.begin(), path.end());
            for (const auto& [id, n] : ref_.nodes())
                if (!onPath.count(id))
                    off.push_back(id);
            return off[static_cast<std::size_t>(pick(static_cast<int>(off.size())))];
        }
        return chance(50) ? "missing" : "";
    }

    std::string anyUserRow(const std::vector<std::string>& path)
    {
        std::vector<std::string> users;
        for (const std::string& id : path)
            if (ref_.node(id).role == Role::User)
                users.push_back(id);
        if (users.empty())
            return anyId(path);
        return users[static_cast<std::size_t>(pick(static_cast<int>(users.size())))];
    }

    static std::optional<std::size_t> rowOf(const std::vector<std::string>& path,
                                            const std::string& id)
    {
        const auto it = std::find(path.begin(), path.end(), id);
        if (it == path.end())
            return std::nullopt;
        return static_cast<std::size_t>(it - path.begin());
    }

    // Dispatches, then checks the outcome: refused with `reason`, or accepted.
    std::string dispatch(const Input& input, std::optional<RejectReason> reason)
    {
        const std::string name(actionName(input));
        checker_.before(d_.s);
        const Outcome& out = d_.dispatch(input);
        if (auto broken = checker_.after(d_.s, out, input))
            return "invariant: " + *broken;
        if (out.dropped)
            return name + " was dropped";
        if (reason) {
            counts[name + " refused"]++;
            if (!out.rejected())
                return name + " accepted, expected " + std::string(toString(*reason));
            if (out.rejection->reason != *reason)
                return name + " refused with " + std::string(toString(out.rejection->reason)) +
                       ", expected " + std::string(toString(*reason));
            return {};
        }
        counts[name]++;
        if (out.rejected())
            return name + " refused with " + std::string(toString(out.rejection->reason)) + " (" +
                   out.rejection->detail + ")";
        for (const StartTurn& start : d_.effects<StartTurn>()) {
            live_ = start.requestId;
            // The request carries the shown version only: the path but its streaming row (and
            // checkpoints and replies stopped before a word, which tell the model nothing).
            std::vector<std::string> expected;
            for (std::size_t row = 0; row + 1 < d_.s.conversation.messages.size(); ++row) {
                const Message& m = d_.s.conversation.messages[row];
                const bool silent = m.role == Role::Assistant && m.aborted && m.text.empty() &&
                                    m.reasoning().empty() && m.toolCalls().empty();
                if (m.role != Role::Checkpoint && !silent)
                    expected.push_back(m.id);
            }
            if (ids(start.history) != expected)
                return name + ": the request's history is not the active path";
        }
        return {};
    }

    // The path keeps `keep` rows and continues with new messages of `roles`: their ids are the
    // core's (checked fresh), their places the reference's.
    std::string grow(std::size_t keep, const std::vector<Role>& roles)
    {
        const std::vector<std::string> before = ref_.path();
        const auto after = ids(d_.s.conversation.messages);
        if (after.size() != keep + roles.size())
            return "path of " + std::to_string(after.size()) + " rows, expected " +
                   std::to_string(keep + roles.size());
        for (std::size_t row = 0; row < keep; ++row)
            if (after[row] != before[row])
                return "row " + std::to_string(row) + " changed";
        std::string parent = keep == 0 ? std::string() : before[keep - 1];
        for (std::size_t i = 0; i < roles.size(); ++i) {
            const std::string& id = after[keep + i];
            if (id.empty() || ref_.has(id))
                return "new message " + id + " reuses an id of the tree";
            ref_.add(id, parent, roles[i]);
            parent = id;
        }
        return {};
    }

    std::string send()
    {
        const std::optional<RejectReason> reason =
            open() ? std::optional(RejectReason::TurnInProgress) : std::nullopt;
        const std::size_t keep = ref_.path().size();
        if (auto e = dispatch(Send{"q" + std::to_string(pick(1000)), {}}, reason); !e.empty())
            return e;
        if (reason)
            return {};
        phase_ = Phase::Streaming;
        return grow(keep, {Role::User, Role::Assistant});
    }

    std::string simpleAppend(const Input& input, Role role)
    {
        const std::optional<RejectReason> reason =
            open() ? std::optional(RejectReason::TurnInProgress) : std::nullopt;
        const std::size_t keep = ref_.path().size();
        if (auto e = dispatch(input, reason); !e.empty())
            return e;
        return reason ? std::string() : grow(keep, {role});
    }

    // Moves the open turn on: the stream ends (now and then asking for a tool), the call is
    // approved or denied, the tool's result comes in.
    std::string finishTurn()
    {
        switch (phase_) {
        case Phase::None:
            return {};
        case Phase::Streaming:
            if (chance(25)) {
                call_ = "call-" + std::to_string(++calls_);
                for (const Input& input :
                     {Input{StreamStarted{live_}},
                      Input{ToolCallRequested{live_, {call_, "write_file", "{}", false}}},
                      Input{StreamEnded{live_, "tool_calls"}}})
                    if (auto e = dispatch(input, std::nullopt); !e.empty())
                        return e;
                phase_ = Phase::Reviewing;
                return d_.s.status == Status::ReviewingToolCall ? std::string()
                                                                : "the tool call is not reviewed";
            }
            for (const Input& input : {Input{StreamStarted{live_}}, Input{TextDelta{live_, "tok "}},
                                       Input{StreamEnded{live_, "stop"}}})
                if (auto e = dispatch(input, std::nullopt); !e.empty())
                    return e;
            phase_ = Phase::None;
            return {};
        case Phase::Reviewing:
            if (chance(70)) {
                phase_ = Phase::Running;
                return dispatch(ApproveToolCall{call_}, std::nullopt);
            } else {
                const std::size_t keep = ref_.path().size();
                if (auto e = dispatch(DenyToolCall{call_, "no"}, std::nullopt); !e.empty())
                    return e;
                phase_ = Phase::Streaming;
                return grow(keep, {Role::Tool, Role::Assistant});
            }
        case Phase::Running: {
            const std::size_t keep = ref_.path().size();
            if (auto e = dispatch(ToolResult{call_, "out", false}, std::nullopt); !e.empty())
                return e;
            phase_ = Phase::Streaming;
            return grow(keep, {Role::Tool, Role::Assistant});
        }
        }
        return {};
    }

    // A turn stopped while its call waited or ran answers the call with a cancelled tool message
    // under the step (the step may have left the path with it).
    std::string adoptCancelledTool(bool cut, const std::string& step)
    {
        if (!cut)
            return {};
        const std::size_t row = findMessage(d_.s, step);
        std::string id;
        if (row != noRow && row + 1 < d_.s.conversation.messages.size())
            id = d_.s.conversation.messages[row + 1].id;
        else if (const OtherVersion* other = d_.s.conversation.versions.find(step))
            id = other->activeChildId;
        if (id.empty() || ref_.has(id))
            return "no cancelled tool message under the stopped step " + step;
        ref_.add(id, step, Role::Tool);
        counts["stopped while a tool call was open"]++;
        return {};
    }

    bool cutsToolCall() const { return phase_ == Phase::Reviewing || phase_ == Phase::Running; }

    std::string partialToken()
    {
        if (phase_ != Phase::Streaming)
            return {};
        return dispatch(TextDelta{live_, "part "}, std::nullopt);
    }

    std::string abort()
    {
        const bool cut = cutsToolCall();
        const std::string step = cut ? ref_.path().back() : std::string();
        auto e = dispatch(Abort{}, open() ? std::nullopt : std::optional(RejectReason::NoTurn));
        phase_ = Phase::None;
        if (!e.empty())
            return e;
        return adoptCancelledTool(cut, step);
    }

    std::string fail()
    {
        if (phase_ != Phase::Streaming)
            return {};
        phase_ = Phase::None;
        return dispatch(StreamFailed{live_, {"server", "boom", false, -1}}, std::nullopt);
    }

    std::string regenerate(const std::string& id)
    {
        const std::vector<std::string> path = ref_.path();
        const auto row = rowOf(path, id);
        std::optional<std::size_t> keep;
        if (row)
            for (std::size_t i = *row + 1; i-- > 0 && !keep;)
                if (ref_.node(path[i]).role == Role::User)
                    keep = i;
        const std::optional<RejectReason> reason =
            !row    ? std::optional(RejectReason::UnknownMessage)
            : !keep ? std::optional(RejectReason::NothingToRun)
                    : std::nullopt;
        const bool cut = cutsToolCall();
        const std::string step = cut ? path.back() : std::string();
        if (auto e = dispatch(Regenerate{id}, reason); !e.empty())
            return e;
        if (reason)
            return {};
        phase_ = Phase::Streaming;
        if (auto e = adoptCancelledTool(cut, step); !e.empty())
            return e;
        return grow(*keep + 1, {Role::Assistant});
    }

    std::string edit(const std::string& id)
    {
        const std::vector<std::string> path = ref_.path();
        const auto row = rowOf(path, id);
        const bool empty = chance(5);
        const std::optional<RejectReason> reason =
            !row                                       ? std::optional(RejectReason::UnknownMessage)
            : ref_.node(path[*row]).role != Role::User ? std::optional(RejectReason::NotUserMessage)
            : empty                                    ? std::optional(RejectReason::InvalidValue)
                                                       : std::nullopt;
        const bool cut = cutsToolCall();
        const std::string step = cut ? path.back() : std::string();
        if (auto e = dispatch(Edit{id, empty ? "" : "edit " + std::to_string(pick(1000))}, reason);
            !e.empty())
            return e;
        if (reason)
            return {};
        phase_ = Phase::Streaming;
        if (auto e = adoptCancelledTool(cut, step); !e.empty())
            return e;
        return grow(*row, {Role::User, Role::Assistant});
    }

    std::string switchVersion(const std::string& id)
    {
        const std::vector<std::string> path = ref_.path();
        const auto row = rowOf(path, id);
        const std::string parent = row && *row > 0 ? path[*row - 1] : std::string();
        const int count = row ? static_cast<int>(ref_.childrenOf(parent).size()) : 3;
        // Mostly in range, sometimes one past either end.
        const int index = pick(count + 2) - 1;
        const std::optional<RejectReason> reason =
            open()                        ? std::optional(RejectReason::TurnInProgress)
            : !row                        ? std::optional(RejectReason::UnknownMessage)
            : index < 0 || index >= count ? std::optional(RejectReason::InvalidValue)
                                          : std::nullopt;
        if (auto e = dispatch(SwitchVersion{id, index}, reason); !e.empty())
            return e;
        if (reason)
            return {};
        const std::string target = ref_.childrenOf(parent)[static_cast<std::size_t>(index)];
        ref_.show(parent, target);
        // The change set: nothing for the shown version, else the tail out and the new one in.
        const auto& changes = d_.out.changes;
        const std::vector<std::string> after = ref_.path();
        if (target == id) {
            if (!changes.empty() || !d_.out.effects.empty())
                return "switching to the shown version reported something";
            return {};
        }
        counts["switchVersion (moved)"]++;
        const std::vector<Change> expected = {
            {Change::Kind::Removed, *row, path.size() - *row, Field::None},
            {Change::Kind::Inserted, *row, after.size() - *row, Field::None}};
        if (changes != expected)
            return "switchVersion: not Removed + Inserted of the tails";
        const auto write = persistOf(d_);
        if (!write || write->fromRow != *row || write->allVersions ||
            write->versionsWritten != slice(path, *row) ||
            write->versionsDropped != slice(after, *row))
            return "switchVersion: the Persist does not name the tails";
        return {};
    }

    std::string restoreCheckpoint(const std::vector<std::string>& path)
    {
        std::vector<std::string> checkpoints;
        for (const std::string& id : path)
            if (ref_.node(id).role == Role::Checkpoint)
                checkpoints.push_back(id);
        const std::string id =
            !checkpoints.empty() && chance(80)
                ? checkpoints[static_cast<std::size_t>(pick(static_cast<int>(checkpoints.size())))]
                : anyId(path);
        const auto row = rowOf(path, id);
        const std::optional<RejectReason> reason =
            !row                                     ? std::optional(RejectReason::UnknownMessage)
            : ref_.node(id).role != Role::Checkpoint ? std::optional(RejectReason::NotCheckpoint)
            : open()                                 ? std::optional(RejectReason::TurnInProgress)
                                                     : std::nullopt;
        // Everything under the checkpoint goes, except the path rows that just leave the view.
        std::set<std::string> doomedOff;
        if (!reason) {
            const std::set<std::string> onPath(path.begin(), path.end());
            std::vector<std::string> stack = ref_.node(id).children;
            while (!stack.empty()) {
                const std::string x = stack.back();
                stack.pop_back();
                if (!onPath.count(x))
                    doomedOff.insert(x);
                const auto& children = ref_.node(x).children;
                stack.insert(stack.end(), children.begin(), children.end());
            }
        }
        if (auto e = dispatch(RestoreCheckpoint{id}, reason); !e.empty())
            return e;
        if (reason)
            return {};
        ref_.removeDescendants(id);
        const auto write = persistOf(d_);
        if (!write)
            return "restoreCheckpoint wrote nothing";
        const std::set<std::string> dropped(write->versionsDropped.begin(),
                                            write->versionsDropped.end());
        if (dropped != doomedOff)
            return "restoreCheckpoint: versionsDropped is not the versions under the checkpoint";
        return {};
    }

public:
    /// switchesToShow() brings every message of the tree onto the path of a copy of the state,
    /// with switches the core accepts. Only between turns (a switch is refused during one).
    std::string showEveryMessage() const
    {
        if (open())
            return {};
        for (const auto& [id, other] : d_.s.conversation.versions.offPath) {
            const auto switches =
                switchesToShow(d_.s.conversation.messages, d_.s.conversation.versions, id);
            if (!switches || switches->empty())
                return "no switches to show " + id;
            State s = d_.s;
            Environment env = Environment::deterministic();
            for (const SwitchVersion& step : *switches) {
                const Outcome out = reduce(s, step, env);
                if (out.rejected())
                    return "a switch to show " + id + " was refused";
            }
            const auto& path = s.conversation.messages;
            const std::string& wanted = id; // a structured binding cannot be captured (C++20)
            if (std::none_of(path.begin(), path.end(),
                             [&](const Message& m) { return m.id == wanted; }))
                return id + " is not on the path after its switches";
        }
        for (const Message& m : d_.s.conversation.messages) {
            const auto none =
                switchesToShow(d_.s.conversation.messages, d_.s.conversation.versions, m.id);
            if (!none || !none->empty())
                return m.id + " is on the path, yet switches were asked for";
        }
        if (switchesToShow(d_.s.conversation.messages, d_.s.conversation.versions, "nowhere"))
            return "an unknown message has switches";
        return {};
    }

    /// The core against the reference, after every step.
    std::string compare()
    {
        const State& s = d_.s;
        const std::vector<std::string> path = ref_.path();
        if (ids(s.conversation.messages) != path)
            return "the active path differs from the reference";
        if (isAbortable(s) != open())
            return "a turn is open in one and not the other";
        const Status expectedStatus = phase_ == Phase::Streaming   ? Status::Streaming
                                      : phase_ == Phase::Reviewing ? Status::ReviewingToolCall
                                      : phase_ == Phase::Running   ? Status::RunningTool
                                                                   : s.status;
        if (s.status != expectedStatus)
            return "status " + std::string(toString(s.status));
        for (std::size_t row = 0; row < path.size(); ++row) {
            if (s.conversation.messages[row].role != ref_.node(path[row]).role)
                return "row " + std::to_string(row) + " has another role";
            const VersionPosition expected = ref_.position(path[row]);
            if (versionOf(s, row) != expected)
                return "row " + std::to_string(row) + " is version " +
                       std::to_string(versionOf(s, row).index) + " of " +
                       std::to_string(versionOf(s, row).count) + ", expected " +
                       std::to_string(expected.index) + " of " + std::to_string(expected.count);
            widest = std::max(widest, expected.count);
        }
        if (path.size() + s.conversation.versions.offPath.size() != ref_.size())
            return std::to_string(path.size()) + " rows + " +
                   std::to_string(s.conversation.versions.offPath.size()) + " other versions, " +
                   std::to_string(ref_.size()) + " messages in the reference";
        const std::set<std::string> onPath(path.begin(), path.end());
        for (const auto& [id, other] : s.conversation.versions.offPath) {
            if (!ref_.has(id) || onPath.count(id))
                return id + " is off the path in the core only";
            const auto& n = ref_.node(id);
            if (other.parentId != n.parent)
                return id + " has parent " + other.parentId + ", expected " + n.parent;
            if (other.activeChildId != n.active)
                return id + " remembers " + other.activeChildId + ", expected " + n.active;
            if (other.message.role != n.role)
                return id + " has another role";
            if (s.conversation.versions.position(other.parentId, id) != ref_.position(id))
                return id + " stands elsewhere among its siblings";
        }
        if (auto broken = pathRuleBroken(s); !broken.empty())
            return broken;
        return {};
    }

private:
    Driver d_;
    ReferenceTree ref_;
    std::mt19937 rng_;
    InvariantChecker checker_;
    enum class Phase { None, Streaming, Reviewing, Running };
    bool open() const { return phase_ != Phase::None; }
    Phase phase_ = Phase::None;
    std::string call_; ///< the call the open turn waits for
    int calls_ = 0;
    RequestId live_ = 0;
};

TEST(VersionsProperty, RandomWalksAgreeWithAReferenceTree)
{
    constexpr std::uint32_t seeds = 8;
    constexpr int steps = 600;
    std::map<std::string, int> counts;
    std::size_t widest = 1;
    for (std::uint32_t seed = 1; seed <= seeds; ++seed) {
        VersionWalk w(seed);
        for (int i = 0; i < steps; ++i) {
            const std::string stepError = w.step();
            ASSERT_EQ(stepError, "") << "seed " << seed << ", step " << i;
            const std::string mismatch = w.compare();
            ASSERT_EQ(mismatch, "") << "seed " << seed << ", step " << i;
            if (i % 25 == 0) {
                ASSERT_EQ(w.roundTrip(), "") << "seed " << seed << ", step " << i;
                ASSERT_EQ(w.showEveryMessage(), "") << "seed " << seed << ", step " << i;
            }
        }
        for (const auto& [name, n] : w.counts)
            counts[name] += n;
        widest = std::max(widest, w.widest);
    }
    // The walk went where it matters.
    for (const char* name :
         {"send", "regenerate", "edit", "switchVersion (moved)", "switchVersion refused", "abort",
          "restoreCheckpoint", "regenerate refused", "edit refused", "approveToolCall",
          "denyToolCall", "toolResult", "stopped while a tool call was open"})
        EXPECT_GT(counts[name], 10) << name;
    EXPECT_GE(widest, 4u) << "some row had several versions";
}

// ---- 6. JSON ---------------------------------------------------------------------------------

// A tree whose memory is not the default: a1 (off the path) remembers q2, not the newest q2b.
Driver treeWithMemory(std::vector<std::string>* original)
{
    Driver d;
    d.exchange("q1", "a1");
    d.exchange("q2", "a2");
    *original = ids(d.s.conversation.messages);
    d.dispatch(Regenerate{(*original)[1]});
    d.token("b1");
    d.end();
    d.dispatch(SwitchVersion{d.s.conversation.messages[1].id, 0});
    d.dispatch(Edit{(*original)[2], "q2b"});
    d.token("c2");
    d.end();
    d.dispatch(SwitchVersion{d.s.conversation.messages[2].id, 0}); // back to q2
    d.dispatch(SwitchVersion{d.s.conversation.messages[1].id, 1}); // b1 shown, a1 -> q2 remembered
    return d;
}

TEST(VersionsJson, RoundTripKeepsTheTreeAndItsMemory)
{
    std::vector<std::string> original;
    Driver d = treeWithMemory(&original);
    ASSERT_EQ(d.s.conversation.versions.find(original[1])->activeChildId, original[2]);
    Conversation c;
    c.id = d.s.conversation.id;
    c.title = "Tree";
    c.systemPrompt = "Be brief.";
    c.messages = d.s.conversation.messages;
    c.versions = d.s.conversation.versions;
    for (int indent : {-1, 2}) {
        const std::string text = toJson(c, indent);
        auto loaded = conversationFromJson(text);
        ASSERT_TRUE(std::holds_alternative<Conversation>(loaded))
            << std::get<LoadError>(loaded).toString();
        EXPECT_TRUE(std::get<Conversation>(loaded) == c) << text;
        EXPECT_EQ(toJson(std::get<Conversation>(loaded), indent), text);
    }
    const std::string compact = toJson(c);
    EXPECT_NE(compact.find(R"("version":2)"), std::string::npos) << compact;
    EXPECT_NE(compact.find(R"("otherVersions":[)"), std::string::npos) << compact;
    EXPECT_NE(compact.find(R"("activeChildId":")" + original[2] + "\""), std::string::npos)
        << compact;

    // Loaded into another surface, the memory works: version 1 continues with q2, a2.
    const auto loaded = std::get<Conversation>(conversationFromJson(compact));
    Driver e;
    ASSERT_FALSE(
        e.dispatch(SwitchConversation{loaded.id, loaded.messages, {}, loaded.versions}).rejected());
    EXPECT_EQ(e.s.conversation.versions, d.s.conversation.versions);
    ASSERT_FALSE(e.dispatch(SwitchVersion{e.s.conversation.messages[1].id, 0}).rejected());
    EXPECT_EQ(ids(e.s.conversation.messages), original);
    EXPECT_EQ(versionOf(e.s, 2), (VersionPosition{0, 2}));
}

TEST(VersionsJson, AConversationWithoutVersionsIsVersion1)
{
    Driver d;
    d.exchange("q1", "a1");
    Conversation c;
    c.id = "c1";
    c.messages = d.s.conversation.messages;
    const std::string text = toJson(c);
    EXPECT_NE(text.find(R"("version":1)"), std::string::npos) << text;
    EXPECT_EQ(text.find("otherVersions"), std::string::npos) << text;
    EXPECT_EQ(text.find("versionIndex"), std::string::npos) << text;
    auto loaded = conversationFromJson(text);
    ASSERT_TRUE(std::holds_alternative<Conversation>(loaded));
    EXPECT_TRUE(std::get<Conversation>(loaded) == c);

    // Written by hand, as version 1 or 2 without other versions: one version per message.
    for (const char* doc :
         {R"({"version":1,"id":"c","messages":[{"id":"u","role":"user","text":"q"},)"
          R"({"id":"a","role":"assistant","text":"r"}]})",
          R"({"version":2,"id":"c","messages":[{"id":"u","role":"user","text":"q"},)"
          R"({"id":"a","role":"assistant","text":"r"}]})"}) {
        auto one = conversationFromJson(doc);
        ASSERT_TRUE(std::holds_alternative<Conversation>(one)) << doc;
        const Conversation& conversation = std::get<Conversation>(one);
        EXPECT_TRUE(conversation.versions.empty());
        Driver e;
        e.dispatch(SwitchConversation{"c", conversation.messages, {}, conversation.versions});
        EXPECT_EQ(versionOf(e.s, 0), (VersionPosition{0, 1}));
        EXPECT_EQ(versionOf(e.s, 1), (VersionPosition{0, 1}));
        expectRefused(e, SwitchVersion{"a", 1}, RejectReason::InvalidValue);
    }
}

TEST(VersionsJson, AHandWrittenTreeLoadsInVersionOrder)
{
    // The path's reply is version 1 (0-based) of two, the other one listed after it.
    const char* doc =
        R"({"version":2,"id":"c","messages":[{"id":"u","role":"user","text":"q"},)"
        R"({"id":"a","role":"assistant","text":"new","versionIndex":1}],)"
        R"("otherVersions":[{"id":"old","role":"assistant","text":"old","parentId":"u",)"
        R"("versionIndex":0,"activeChildId":"f"},)"
        R"({"id":"f","role":"user","text":"follow-up","parentId":"old"}]})";
    auto loaded = conversationFromJson(doc);
    ASSERT_TRUE(std::holds_alternative<Conversation>(loaded))
        << std::get<LoadError>(loaded).toString();
    const Conversation& c = std::get<Conversation>(loaded);
    ASSERT_NE(c.versions.siblingsOf("u"), nullptr);
    EXPECT_THAT(*c.versions.siblingsOf("u"), ElementsAre("old", "a"));
    Driver d;
    d.dispatch(SwitchConversation{"c", c.messages, {}, c.versions});
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{1, 2}));
    ASSERT_FALSE(d.dispatch(SwitchVersion{"a", 0}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre("u", "old", "f"));
    EXPECT_EQ(pathRuleBroken(d.s), "");
}

struct BadDocument {
    const char* name;
    const char* otherVersions; ///< the document's otherVersions array
    const char* path;          ///< where the loader must say the problem is
    const char* words;         ///< a part of its message
    const char* replyIndex = "";
};

TEST(VersionsJson, BadTreesAreRefusedWithThePath)
{
    const BadDocument bad[] = {
        {"unknown parent", R"([{"id":"x","role":"assistant","text":"b","parentId":"nope"}])",
         "otherVersions[0].parentId", "nope"},
        {"unknown parent, second record",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u"},)"
         R"({"id":"y","role":"assistant","text":"b","parentId":"zz"}])",
         "otherVersions[1].parentId", "zz"},
        {"cycle",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"y"},)"
         R"({"id":"y","role":"user","text":"b","parentId":"x"}])",
         "otherVersions[0].parentId", "cycle"},
        {"own parent", R"([{"id":"x","role":"assistant","text":"b","parentId":"x"}])",
         "otherVersions[0].parentId", "cycle"},
        {"duplicate of a path id", R"([{"id":"a","role":"assistant","text":"b","parentId":"u"}])",
         "otherVersions[0].id", "duplicate"},
        {"duplicate between records",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u"},)"
         R"({"id":"x","role":"assistant","text":"c","parentId":"u"}])",
         "otherVersions[1].id", "duplicate"},
        {"active child not a child",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u","activeChildId":"a"}])",
         "otherVersions[0].activeChildId", "not a child"},
        {"active child unknown",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u","activeChildId":"q"}])",
         "otherVersions[0].activeChildId", "not a child"},
        {"hangs from the last path row", R"([{"id":"x","role":"user","text":"b","parentId":"a"}])",
         "otherVersions[0].parentId", "ends the active path"},
        {"negative version index",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u","versionIndex":-1}])",
         "otherVersions[0].versionIndex", "negative"},
        {"negative version index on the path",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u"}])", "messages[1].versionIndex",
         "negative", R"(,"versionIndex":-1)"},
        {"a version index not a number",
         R"([{"id":"x","role":"assistant","text":"b","parentId":"u","versionIndex":"1"}])",
         "otherVersions[0].versionIndex", "integer"},
        {"a record without a role", R"([{"id":"x","text":"b","parentId":"u"}])",
         "otherVersions[0].role", ""},
        {"not an array", R"({"id":"x"})", "otherVersions", "array"},
    };
    for (const BadDocument& b : bad) {
        const std::string doc =
            std::string(R"({"version":2,"id":"c","messages":[{"id":"u","role":"user","text":"q"},)"
                        R"({"id":"a","role":"assistant","text":"r")") +
            b.replyIndex + R"(}],"otherVersions":)" + b.otherVersions + "}";
        auto loaded = conversationFromJson(doc);
        ASSERT_TRUE(std::holds_alternative<LoadError>(loaded)) << b.name << " was accepted";
        const LoadError& error = std::get<LoadError>(loaded);
        EXPECT_EQ(error.path, b.path) << b.name << ": " << error.toString();
        EXPECT_NE(error.message.find(b.words), std::string::npos)
            << b.name << ": " << error.toString();
    }
    // The path's indexes are checked even in a document without other versions.
    const auto lone = conversationFromJson(
        R"({"version":2,"id":"c","messages":[{"id":"u","role":"user","text":"q","versionIndex":-1}]})");
    ASSERT_TRUE(std::holds_alternative<LoadError>(lone));
    EXPECT_EQ(std::get<LoadError>(lone).path, "messages[0].versionIndex");
}

TEST(VersionsJson, AssembledVersionsNameTheRecordsAndSwitchWorks)
{
    const std::vector<Message> path = {Message("u", Role::User, "q"),
                                       Message("a", Role::Assistant, "new")};
    auto record = [](const char* id, Role role, const char* parent, std::size_t index,
                     const char* active = "") {
        return OtherVersionRecord{OtherVersion{Message(id, role, id), parent, active}, index};
    };
    // Errors name the caller's records.
    auto bad = assembleVersions(path, {}, {record("x", Role::Assistant, "nope", 0)}, "rows");
    ASSERT_TRUE(std::holds_alternative<LoadError>(bad));
    EXPECT_EQ(std::get<LoadError>(bad).path, "rows[0].parentId");

    // Two old replies, one with a follow-up chain whose active child is not given: the newest.
    auto assembled = assembleVersions(
        path, {0, 2},
        {record("old1", Role::Assistant, "u", 0), record("old2", Role::Assistant, "u", 1),
         record("f1", Role::User, "old2", 0), record("f2", Role::User, "old2", 1),
         record("r2", Role::Assistant, "f2", 0)});
    ASSERT_TRUE(std::holds_alternative<Versions>(assembled))
        << std::get<LoadError>(assembled).toString();
    Versions versions = std::get<Versions>(assembled);
    ASSERT_NE(versions.siblingsOf("u"), nullptr);
    EXPECT_THAT(*versions.siblingsOf("u"), ElementsAre("old1", "old2", "a"));
    EXPECT_EQ(versions.find("old2")->activeChildId, "f2") << "no active child: the newest";
    EXPECT_EQ(versions.find("f2")->activeChildId, "r2");

    Driver d;
    ASSERT_FALSE(d.dispatch(SwitchConversation{"c9", path, {}, versions}).rejected());
    EXPECT_EQ(d.out.changes.size(), 1u);
    EXPECT_EQ(versionOf(d.s, 1), (VersionPosition{2, 3}));
    const auto rows = snapshot(d.s);
    ASSERT_FALSE(d.dispatch(SwitchVersion{"a", 1}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre("u", "old2", "f2", "r2"));
    EXPECT_EQ(replayMismatch(rows, d.out.changes, snapshot(d.s)), std::nullopt);
    const auto write = persistOf(d);
    ASSERT_TRUE(write);
    EXPECT_EQ(write->conversationId, "c9");
    EXPECT_THAT(write->versionsWritten, ElementsAre("a"));
    EXPECT_THAT(write->versionsDropped, ElementsAre("old2", "f2", "r2"));
    EXPECT_EQ(versionOf(d.s, 2), (VersionPosition{1, 2}));
    ASSERT_FALSE(d.dispatch(SwitchVersion{"f2", 0}).rejected());
    EXPECT_THAT(ids(d.s.conversation.messages), ElementsAre("u", "old2", "f1"));
    EXPECT_EQ(pathRuleBroken(d.s), "");
    // A conversation is then continued in the shown version.
    d.send("more");
    const auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(ids(starts[0].history).size(), 4u);
    EXPECT_EQ(ids(starts[0].history)[1], "old2");
}

} // namespace
} // namespace koder::agent::test
