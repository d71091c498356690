// SPDX-License-Identifier: MIT
// Approvals v2: per-tool policies over autoAccept, grants for a conversation, edited arguments,
// one and all decisions, the audit record on every tool message, the durable tool phase (stored,
// reloaded, approved, resumed) and turns the transport ends while calls wait.
#include "driver.h"

#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <random>

namespace koder::agent::test {
namespace {

using nlohmann::json;
using ::testing::ElementsAre;

// 2026-11-24T10:00:00.000Z
constexpr std::int64_t noon = 1795514400000;

struct ApprovalDriver : Driver {
    ApprovalDriver()
    {
        s.settings.tools = {
            {"read_file", true, {}},
            {"write_file", false,
             R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"]})"},
            {"delete_all", false, {}}};
        env.now = [] { return noon; };
    }

    /// Sends and lets the model ask for `calls` (name, arguments) in one step.
    void step(std::vector<std::pair<std::string, std::string>> calls, std::string text = "go")
    {
        if (!s.turn)
            send(std::move(text));
        int n = 0;
        for (auto& [name, args] : calls)
            call("k" + std::to_string(s.conversation.messages.size()) + "_" + std::to_string(n++),
                 name, args);
        end("tool_calls");
    }

    std::vector<std::string> pendingIds() const
    {
        std::vector<std::string> ids;
        for (const ToolCall& c : s.pendingToolCalls)
            ids.push_back(c.id);
        return ids;
    }

    /// The tool message answering `callId`.
    const Message* answer(const std::string& callId) const
    {
        for (const Message& m : s.conversation.messages)
            if (m.role == Role::Tool && m.toolCallId() == callId)
                return &m;
        return nullptr;
    }
};

json approvalJson(const Message& m)
{
    return json::parse(m.metadata()).at("approval");
}

// ---- the policy rules -------------------------------------------------------------------------

// The rules as DESIGN.md words them, written apart from the core's decideCall.
PolicyVerdict::Kind expectedVerdict(const std::string& name, bool readOnly, AutoAccept mode,
                                    const ToolPolicies& policies,
                                    const std::vector<std::string>& granted)
{
    const auto policy = policies.find(name);
    const bool hasPolicy = policy != policies.end();
    if (hasPolicy && policy->second == ToolPolicy::Deny)
        return PolicyVerdict::Kind::Deny;
    if (std::count(granted.begin(), granted.end(), name) > 0)
        return PolicyVerdict::Kind::Run;
    if (hasPolicy)
        return policy->second == ToolPolicy::Allow ? PolicyVerdict::Kind::Run
                                                   : PolicyVerdict::Kind::Ask;
    if (mode == AutoAccept::Always || (mode == AutoAccept::OnlyRead && readOnly))
        return PolicyVerdict::Kind::Run;
    return PolicyVerdict::Kind::Ask;
}

TEST(ApprovalPolicy, EveryCombinationOfAutoAcceptPolicyGrantAndReadOnly)
{
    int checked = 0;
    for (AutoAccept mode : {AutoAccept::Always, AutoAccept::Never, AutoAccept::OnlyRead})
        for (int policy = -1; policy < 3; ++policy)
            for (bool granted : {false, true})
                for (bool readOnly : {false, true}) {
                    ToolPolicies policies;
                    if (policy >= 0)
                        policies["t"] = static_cast<ToolPolicy>(policy);
                    const std::vector<std::string> grants =
                        granted ? std::vector<std::string>{"t"} : std::vector<std::string>{};
                    const ToolInfo tool{"t", readOnly, {}};
                    const PolicyVerdict v =
                        decideCall({"c", "t", "{}", readOnly}, &tool, mode, policies, grants);
                    SCOPED_TRACE(std::string(toString(mode)) + " policy " + std::to_string(policy) +
                                 " granted " + std::to_string(granted) + " readOnly " +
                                 std::to_string(readOnly));
                    EXPECT_EQ(v.kind, expectedVerdict("t", readOnly, mode, policies, grants));
                    if (v.kind == PolicyVerdict::Kind::Run) {
                        EXPECT_EQ(v.approval.decision, Decision::Auto);
                        EXPECT_EQ(v.approval.by,
                                  granted && policy != 2 ? DecidedBy::User : DecidedBy::Policy);
                    }
                    if (v.kind == PolicyVerdict::Kind::Deny) {
                        EXPECT_EQ(v.approval.decision, Decision::Denied);
                    }
                    ++checked;
                }
    EXPECT_EQ(checked, 48);
}

TEST(ApprovalPolicy, OnlyReadAsksTheToolRegisteredNowNotTheCallsFlag)
{
    const ToolInfo writing{"t", false, {}};
    EXPECT_EQ(decideCall({"c", "t", "{}", true}, &writing, AutoAccept::OnlyRead, {}, {}).kind,
              PolicyVerdict::Kind::Ask);
    EXPECT_EQ(decideCall({"c", "t", "{}", true}, nullptr, AutoAccept::OnlyRead, {}, {}).kind,
              PolicyVerdict::Kind::Ask);
}

TEST(ApprovalPolicy, DenyPolicyAnswersTheModelWithoutAsking)
{
    ApprovalDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.s.settings.toolPolicies = {{"delete_all", ToolPolicy::Deny}};
    d.step({{"delete_all", "{}"}});
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(d.s.status, Status::Streaming); // the model sees the denial in the next step
    const Message* answer = d.answer("k2_0");
    ASSERT_NE(answer, nullptr);
    EXPECT_TRUE(answer->denied);
    EXPECT_EQ(approvalJson(*answer),
              json::parse(R"({"decision":"denied","scope":"always","by":"policy",
                              "at":"2026-11-24T10:00:00.000Z","argumentsEdited":false})"));
}

TEST(ApprovalPolicy, AllowPolicyRunsUnderNeverAndAskPolicyAsksUnderAlways)
{
    ApprovalDriver d;
    d.s.settings.autoAccept = AutoAccept::Never;
    d.s.settings.toolPolicies = {{"write_file", ToolPolicy::Allow}};
    d.step({{"write_file", R"({"path":"a"})"}});
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    d.dispatch(ToolResult{"k2_0", "ok", false});
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["decision"], "auto");
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["by"], "policy");

    ApprovalDriver e;
    e.s.settings.autoAccept = AutoAccept::Always;
    e.s.settings.toolPolicies = {{"read_file", ToolPolicy::Ask}};
    e.step({{"read_file", "{}"}});
    EXPECT_FALSE(e.hasEffect<ExecuteTool>());
    EXPECT_EQ(e.s.status, Status::ReviewingToolCall);
}

TEST(ApprovalPolicy, ChangingPoliciesDecidesThePendingCallsAgain)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    ASSERT_EQ(d.s.pendingToolCalls.size(), 2u);
    d.dispatch(SetToolPolicies{{{"delete_all", ToolPolicy::Deny}}});
    EXPECT_EQ(d.pendingIds(), std::vector<std::string>{"k2_0"});
    ASSERT_NE(d.answer("k2_1"), nullptr);
    EXPECT_TRUE(d.answer("k2_1")->denied);
    EXPECT_FALSE(d.effects<Persist>().empty()); // what waits now is stored
    d.dispatch(SetToolPolicies{{{"write_file", ToolPolicy::Allow}}});
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_EQ(d.s.status, Status::RunningTool);
}

// ---- scopes -----------------------------------------------------------------------------------

TEST(ApprovalScopes, ConversationGrantRunsTheSameToolWithoutAskingUntilTheConversationEnds)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"},
            {"write_file", R"({"path":"b"})"},
            {"delete_all", "{}"}});
    ASSERT_EQ(d.s.pendingToolCalls.size(), 3u);
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Conversation, {}});
    // The grant covers the other write_file call of the step at once; delete_all still asks.
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 2u);
    EXPECT_EQ(d.pendingIds(), std::vector<std::string>{"k2_2"});
    EXPECT_EQ(d.s.conversation.grantedTools, std::vector<std::string>{"write_file"});
    EXPECT_EQ(approvalStateOf(d.s).grantedTools, std::vector<std::string>{"write_file"});
    d.dispatch(DenyToolCall{"k2_2", "no"});
    d.dispatch(ToolResult{"k2_0", "ok", false});
    d.dispatch(ToolResult{"k2_1", "ok", false});
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["decision"], "approved");
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["scope"], "conversation");
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["by"], "user");
    EXPECT_EQ(approvalJson(*d.answer("k2_1"))["decision"], "auto");
    EXPECT_EQ(approvalJson(*d.answer("k2_1"))["scope"], "conversation");
    EXPECT_EQ(approvalJson(*d.answer("k2_1"))["by"], "user");

    // The next step's call runs unasked; the grant is not a policy.
    d.step({{"write_file", R"({"path":"c"})"}});
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_TRUE(d.s.settings.toolPolicies.empty());

    // A new conversation starts without it (the turn stopping: with room in the background it
    // would run on there, its grant with it).
    d.s.settings.maxBackgroundTurns = 0;
    d.dispatch(Reset{});
    EXPECT_TRUE(d.s.conversation.grantedTools.empty());
}

TEST(ApprovalScopes, AlwaysSetsTheToolsPolicyToAllow)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Always, {}});
    EXPECT_EQ(d.s.settings.toolPolicies.at("write_file"), ToolPolicy::Allow);
    EXPECT_TRUE(d.s.conversation.grantedTools.empty());
    d.dispatch(Reset{});
    EXPECT_EQ(d.s.settings.toolPolicies.at("write_file"),
              ToolPolicy::Allow); // it outlives conversations
}

TEST(ApprovalScopes, ApproveAllAndDenyAllDecideEveryPendingCallInOneStep)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    d.dispatch(ApproveAll{ApprovalScope::Once});
    EXPECT_EQ(d.effects<ExecuteTool>().size(), 2u);
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_EQ(d.s.status, Status::RunningTool);

    ApprovalDriver e;
    e.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    e.dispatch(DenyAll{"not today"});
    EXPECT_FALSE(e.hasEffect<ExecuteTool>());
    ASSERT_EQ(e.effects<StartTurn>().size(), 1u); // one next step for both denials
    const auto history = e.effects<StartTurn>()[0].history;
    ASSERT_GE(history.size(), 2u);
    EXPECT_EQ(history[history.size() - 1].text,
              "The user denied this tool call. Reason: not today");
    EXPECT_TRUE(e.answer("k2_0")->denied && e.answer("k2_1")->denied);

    EXPECT_TRUE(e.dispatch(ApproveAll{}).rejected());
    EXPECT_TRUE(e.dispatch(DenyAll{}).rejected());
}

// ---- edited arguments -------------------------------------------------------------------------

TEST(ApprovalArguments, EditedArgumentsRunAndTheHistoryRecordsWhatRan)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"model.txt"})"}});
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, R"({"path":"user.txt"})"});
    ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
    EXPECT_EQ(d.effects<ExecuteTool>()[0].call.arguments, R"({"path":"user.txt"})");
    EXPECT_EQ(d.s.conversation.messages[1].toolCalls()[0].arguments, R"({"path":"user.txt"})");
    ASSERT_FALSE(d.out.changes.empty());
    EXPECT_TRUE(has(d.out.changes.front().fields, Field::ToolCalls));
    d.dispatch(ToolResult{"k2_0", "written", false});
    const auto history = d.effects<StartTurn>()[0].history;
    const auto asked = std::find_if(history.begin(), history.end(),
                                    [](const Message& m) { return !m.toolCalls().empty(); });
    ASSERT_NE(asked, history.end());
    EXPECT_EQ(asked->toolCalls()[0].arguments, R"({"path":"user.txt"})");
    const json approval = approvalJson(*d.answer("k2_0"));
    EXPECT_EQ(approval["argumentsEdited"], true);
    EXPECT_EQ(approval["originalArguments"], R"({"path":"model.txt"})");
}

TEST(ApprovalArguments, TheSameValueWrittenDifferentlyIsNotAnEdit)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, "{ \"path\" : \"a\" }"});
    EXPECT_EQ(d.effects<ExecuteTool>()[0].call.arguments, R"({"path":"a"})");
    d.dispatch(ToolResult{"k2_0", "ok", false});
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["argumentsEdited"], false);
}

TEST(ApprovalArguments, InvalidJsonOrASchemaViolationIsRefusedAndTheCallStillWaits)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    for (const char* bad : {"{\"path\":", "[1]", R"({"path":3})", "{}"}) {
        SCOPED_TRACE(bad);
        Outcome& out = d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, std::string(bad)});
        ASSERT_TRUE(out.rejected());
        EXPECT_EQ(out.rejection->reason, RejectReason::InvalidValue);
        EXPECT_EQ(out.rejection->detail.rfind("arguments: ", 0), 0u) << out.rejection->detail;
        EXPECT_EQ(d.pendingIds(), std::vector<std::string>{"k2_0"});
        EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    }
}

// ---- the audit record -------------------------------------------------------------------------

TEST(ApprovalAudit, EveryToolMessageSaysWhoDecidedWhatAndWhen)
{
    ApprovalDriver d;
    d.s.settings.autoAccept = AutoAccept::OnlyRead;
    d.step({{"read_file", "{}"},
            {"write_file", R"({"path":"a"})"},
            {"delete_all", "{}"},
            {"no_such_tool", "{}"}});
    d.dispatch(ApproveToolCall{"k2_1", ApprovalScope::Once, {}});
    d.dispatch(DenyToolCall{"k2_2", {}});
    d.dispatch(ToolResult{"k2_0", "r", false});
    d.dispatch(ToolResult{"k2_1", "w", false});
    int tools = 0;
    for (const Message& m : d.s.conversation.messages)
        if (m.role == Role::Tool) {
            ++tools;
            const auto approval = approvalOf(m);
            ASSERT_TRUE(approval.has_value()) << m.toolCallId();
            EXPECT_EQ(approval->callId, m.toolCallId());
            EXPECT_EQ(approval->at, noon);
        }
    EXPECT_EQ(tools, 4);
    const auto decision = [&](const char* id) {
        const json a = approvalJson(*d.answer(id));
        return a["decision"].get<std::string>() + "/" + a["scope"].get<std::string>() + "/" +
               a["by"].get<std::string>();
    };
    EXPECT_EQ(decision("k2_0"), "auto/always/policy"); // onlyRead ran it
    EXPECT_EQ(decision("k2_1"), "approved/once/user"); // the user said yes
    EXPECT_EQ(decision("k2_2"), "denied/once/user");   // the user said no
    EXPECT_EQ(decision("k2_3"), "denied/once/policy"); // unknown tools never run
}

TEST(ApprovalAudit, ApprovalMetadataRoundTripsAndKeepsOtherKeys)
{
    const Approval a{
        "c1", Decision::Approved, ApprovalScope::Conversation, DecidedBy::User, noon + 123,
        true, R"({"x":1})"};
    const std::string metadata = withApproval(R"({"app":"kept"})", a);
    EXPECT_EQ(json::parse(metadata)["app"], "kept");
    Message m("t", Role::Tool, "r");
    m.extras().toolCallId = "c1";
    m.extras().metadata = metadata;
    EXPECT_EQ(approvalOf(m), a);
    EXPECT_EQ(isoTime(noon + 123), "2026-11-24T10:00:00.123Z");
    EXPECT_EQ(isoTime(0), "1970-01-01T00:00:00.000Z");
    m.extras().metadata = R"({"approval":{"decision":"maybe"}})";
    EXPECT_FALSE(approvalOf(m).has_value());
}

// ---- durable ----------------------------------------------------------------------------------

/// Stores `d` as a file would (JSON), loads it into a fresh driver.
ApprovalDriver reload(const ApprovalDriver& d)
{
    Conversation c{
        d.s.conversation.id, "", "", d.s.conversation.messages, d.s.conversation.versions,
        approvalStateOf(d.s)};
    auto loaded = conversationFromJson(toJson(c));
    if (auto* error = std::get_if<LoadError>(&loaded))
        ADD_FAILURE() << error->toString();
    Conversation& back = std::get<Conversation>(loaded);
    EXPECT_EQ(back.approvals, c.approvals);
    ApprovalDriver fresh;
    fresh.dispatch(SwitchConversation{back.id, back.messages, {}, back.versions, back.approvals});
    return fresh;
}

TEST(ApprovalDurable, StoredWhileWaitingReloadsWaitingAndResumesWhenApproved)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    ASSERT_EQ(d.s.status, Status::ReviewingToolCall);
    ASSERT_FALSE(d.effects<Persist>().empty()); // the waiting step is written when it starts
    const std::vector<ToolCall> pending = d.s.pendingToolCalls;

    ApprovalDriver e = reload(d);
    EXPECT_EQ(e.s.status, Status::ReviewingToolCall);
    EXPECT_TRUE(isAbortable(e.s));
    EXPECT_EQ(e.s.pendingToolCalls, pending);
    EXPECT_EQ(e.s.conversation.messages[1].toolCalls().size(), 2u); // the model's request is kept
    ASSERT_FALSE(e.out.announcements.empty());
    EXPECT_EQ(e.out.announcements.back().kind, Announcement::Kind::ApprovalNeeded);
    EXPECT_FALSE(e.hasEffect<StartTurn>()); // nothing is sent by itself

    e.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, {}});
    ASSERT_EQ(e.effects<ExecuteTool>().size(), 1u);
    e.dispatch(DenyToolCall{"k2_1", "no"});
    e.dispatch(ToolResult{"k2_0", "ok", false});
    ASSERT_EQ(e.effects<StartTurn>().size(), 1u);
    const StartTurn start = e.effects<StartTurn>()[0];
    EXPECT_EQ(start.step, 2);
    // The full history: the question, the request, both answers.
    ASSERT_EQ(start.history.size(), 4u);
    EXPECT_EQ(start.history[1].toolCalls().size(), 2u);
    EXPECT_EQ(start.history[2].toolCallId(), "k2_1");
    EXPECT_EQ(start.history[3].toolCallId(), "k2_0");
    e.token("done");
    e.end();
    EXPECT_THAT(e.eventNames(), ElementsAre("stepFinish", "streamEnd"));
    EXPECT_EQ(e.s.status, Status::Idle);
}

TEST(ApprovalDurable, ACallWhoseToolWasRunningIsRecordedAsNotCompletedAndTheOthersStillWait)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, {}}); // running when the app dies
    ASSERT_EQ(approvalStateOf(d.s).running.size(), 1u);

    ApprovalDriver e = reload(d);
    EXPECT_EQ(e.s.status, Status::ReviewingToolCall);
    EXPECT_EQ(e.pendingIds(), std::vector<std::string>{"k2_1"});
    const Message* record = e.answer("k2_0");
    ASSERT_NE(record, nullptr);
    EXPECT_TRUE(record->isError);
    EXPECT_EQ(record->text, "Not completed: the app closed while the tool ran.");
    EXPECT_EQ(approvalJson(*record)["decision"], "approved"); // how it had been allowed
    EXPECT_FALSE(e.effects<Persist>().empty());               // and the record is stored
    ASSERT_EQ(e.out.changes.size(), 1u); // one reset: the record is part of what loads
    EXPECT_EQ(e.out.changes[0].kind, Change::Kind::Reset);
    EXPECT_FALSE(e.hasEffect<ExecuteTool>()); // never run again unasked
}

TEST(ApprovalDurable, ACallThatWaitedNeverRunsAgainstTheToolsCurrentPolicyOrWithoutItsTool)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}, {"delete_all", "{}"}});
    ApprovalDriver e = reload(d);
    // After the restart the app denies delete_all and no longer registers write_file (in
    // whatever order it restores them, the calls came back waiting).
    e.s.settings.toolPolicies = {{"delete_all", ToolPolicy::Deny}};
    e.s.settings.tools.erase(e.s.settings.tools.begin() + 1);
    e.dispatch(ApproveAll{ApprovalScope::Once});
    EXPECT_FALSE(e.hasEffect<ExecuteTool>());
    EXPECT_TRUE(e.answer("k2_0")->isError);
    EXPECT_EQ(e.answer("k2_0")->text, "Unknown tool \"write_file\": it was not run.");
    EXPECT_TRUE(e.answer("k2_1")->denied);
    EXPECT_EQ(approvalJson(*e.answer("k2_1"))["by"], "policy");
    EXPECT_EQ(e.s.status, Status::Streaming); // the model hears both answers
}

TEST(ApprovalDurable, AStepWithoutAValidRecordGetsItsUnansweredCallsAnswered)
{
    // An older file, or one whose record was damaged: the last step asked for two calls, one
    // was answered. The other is answered as not run, so the next request is well formed.
    Message ask("a", Role::Assistant, "");
    ask.extras().toolCalls = {{"w1", "write_file", "{}", false}, {"w2", "write_file", "{}", false}};
    Message done("t1", Role::Tool, "ok");
    done.extras().toolCallId = "w1";
    ApprovalDriver e;
    e.dispatch(SwitchConversation{"c", {Message("q", Role::User, "go"), ask, done}, {}, {}, {}});
    EXPECT_EQ(e.s.status, Status::Interrupted);
    ASSERT_NE(e.answer("w2"), nullptr);
    EXPECT_TRUE(e.answer("w2")->denied);
    EXPECT_FALSE(e.s.turn.has_value());
    e.dispatch(Send{"next", {}});
    const auto history = e.effects<StartTurn>()[0].history;
    EXPECT_EQ(std::count_if(history.begin(), history.end(),
                            [](const Message& m) { return m.role == Role::Tool; }),
              2);

    // A step cut while streaming (stored with calls) cannot wait, even with a record.
    Message cut = ask;
    cut.aborted = true;
    ApprovalState stored;
    stored.pending = {"w1", "w2"};
    ApprovalDriver f;
    f.dispatch(SwitchConversation{"c", {Message("q", Role::User, "go"), cut}, {}, {}, stored});
    EXPECT_TRUE(f.s.pendingToolCalls.empty());
    EXPECT_NE(f.answer("w1"), nullptr);
    EXPECT_NE(f.answer("w2"), nullptr);
}

TEST(ApprovalDurable, AStepWhoseCallsAllRunUnaskedIsWrittenToo)
{
    ApprovalDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.step({{"write_file", R"({"path":"a"})"}});
    ASSERT_EQ(d.s.status, Status::RunningTool);
    const auto writes = d.effects<Persist>();
    ASSERT_EQ(writes.size(), 1u);
    EXPECT_LE(writes[0].fromRow, 1u) << "the step row with its toolCalls is written";
    EXPECT_EQ(approvalStateOf(d.s).running.size(), 1u);
}

TEST(ApprovalPolicy, ReDecidingNeverRunsAToolThatIsGone)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    d.dispatch(SetTools{{{"read_file", true, {}}}});
    d.dispatch(SetAutoAccept{AutoAccept::Always});
    EXPECT_FALSE(d.hasEffect<ExecuteTool>());
    EXPECT_EQ(d.answer("k2_0")->text, "Unknown tool \"write_file\": it was not run.");
}

TEST(ApprovalAudit, TextThatIsNotUtf8NeverThrows)
{
    Approval a{"c\xff", Decision::Approved, ApprovalScope::Once, DecidedBy::User, 0,
               true,    "{\"p\":\"\xff\"}"};
    EXPECT_NO_THROW(withApproval({}, a));
    ApprovalState state;
    state.pending = {"\xfe"};
    state.running = {a};
    EXPECT_NO_THROW(toJson(state));
}

TEST(ApprovalDurable, NothingLeftToDecideComesBackInterruptedWithoutARequest)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, {}});
    ApprovalDriver e = reload(d);
    EXPECT_EQ(e.s.status, Status::Interrupted);
    EXPECT_FALSE(e.s.turn.has_value());
    EXPECT_FALSE(e.hasEffect<StartTurn>());
    EXPECT_NE(e.answer("k2_0"), nullptr);
    EXPECT_TRUE(approvalStateOf(e.s).empty());
}

TEST(ApprovalDurable, AStoredWaitTheHistoryDoesNotBearOutIsIgnored)
{
    ApprovalDriver d;
    d.exchange("hi", "hello");
    ApprovalState stale;
    stale.pending = {"k9"};
    stale.grantedTools = {"write_file"};
    ApprovalDriver e;
    e.dispatch(SwitchConversation{"c", d.s.conversation.messages, {}, {}, stale});
    EXPECT_EQ(e.s.status, Status::Idle);
    EXPECT_TRUE(e.s.pendingToolCalls.empty());
    EXPECT_EQ(e.s.conversation.grantedTools, std::vector<std::string>{"write_file"});
}

TEST(ApprovalDurable, ARepeatedCallIdInAStoredRecordWaitsOnce)
{
    Message ask("a", Role::Assistant, "");
    ask.extras().toolCalls = {{"w1", "write_file", "{}", false}, {"w1", "write_file", "{}", false}};
    ApprovalState stored;
    stored.pending = {"w1", "w1"};
    ApprovalDriver e;
    e.dispatch(SwitchConversation{"c", {Message("q", Role::User, "go"), ask}, {}, {}, stored});
    EXPECT_EQ(e.pendingIds(), std::vector<std::string>{"w1"});
    e.dispatch(ApproveToolCall{"w1", ApprovalScope::Once, {}});
    EXPECT_EQ(e.effects<ExecuteTool>().size(), 1u);
    EXPECT_TRUE(e.dispatch(ApproveToolCall{"w1", ApprovalScope::Once, {}}).rejected());
}

TEST(ApprovalDurable, AStreamingReplyStillComesBackInterrupted)
{
    ApprovalDriver d;
    d.send("q");
    d.token("partial");
    Message cut = d.s.conversation.messages[1];
    cut.aborted = true; // how a store marks a reply it was writing
    ApprovalDriver e;
    e.dispatch(
        SwitchConversation{"c", {d.s.conversation.messages[0], cut}, {}, {}, approvalStateOf(d.s)});
    EXPECT_EQ(e.s.status, Status::Interrupted);
}

TEST(ApprovalDurable, MalformedApprovalsAreRefusedByPath)
{
    EXPECT_TRUE(std::holds_alternative<ApprovalState>(approvalStateFromJson("")));
    const auto bad = approvalStateFromJson(R"({"running":[{"decision":"approved"}]})");
    ASSERT_TRUE(std::holds_alternative<LoadError>(bad));
    EXPECT_EQ(std::get<LoadError>(bad).path, "approvals.running[0]");
    const auto doc = conversationFromJson(R"({"id":"c","messages":[],"approvals":[1]})");
    ASSERT_TRUE(std::holds_alternative<LoadError>(doc));
    EXPECT_EQ(std::get<LoadError>(doc).path, "approvals");
}

// ---- the transport ends the turn while calls wait ---------------------------------------------

TEST(ApprovalEndedTurn, AServerErrorDuringReviewEndsTheTurnOnceAndNothingRunsAgain)
{
    ApprovalDriver d;
    d.s.settings.maxRetries =
        3; // even a retryable error is not retried: that would re-send the turn
    d.step({{"write_file", R"({"path":"a"})"}});
    const RequestId last = d.s.turn->lastRequestId;
    d.dispatch(StreamFailed{last, {"tool_timeout", "No tool result in time.", true, -1}, {}});
    EXPECT_THAT(d.eventNames(), ElementsAre("error"));
    EXPECT_EQ(d.s.status, Status::Error);
    EXPECT_TRUE(d.s.pendingToolCalls.empty());
    EXPECT_FALSE(d.s.turn.has_value());
    EXPECT_FALSE(d.hasEffect<StartTurn>());
    ASSERT_TRUE(d.s.lastError.has_value());
    EXPECT_EQ(d.s.lastError->code, "tool_timeout");
    const Message* record = d.answer("k2_0");
    ASSERT_NE(record, nullptr);
    EXPECT_EQ(record->text, "Not run: the turn ended before the call was decided.");
    EXPECT_TRUE(record->denied);
    EXPECT_TRUE(d.dispatch(ApproveToolCall{"k2_0", ApprovalScope::Once, {}}).rejected());
    EXPECT_FALSE(d.hasEffect<StartTurn>());
    // The same error again (a late duplicate) changes nothing.
    d.dispatch(StreamFailed{last, {"tool_timeout", "again", false, -1}, {}});
    EXPECT_TRUE(d.eventNames().empty());
}

TEST(ApprovalEndedTurn, AnEndWhileAToolRunsStopsItAndItsLateResultIsDropped)
{
    ApprovalDriver d;
    d.s.settings.autoAccept = AutoAccept::Always;
    d.step({{"write_file", R"({"path":"a"})"}});
    ASSERT_EQ(d.s.status, Status::RunningTool);
    d.dispatch(StreamEnded{d.s.turn->lastRequestId, "stop"});
    EXPECT_THAT(d.eventNames(), ElementsAre("streamEnd"));
    ASSERT_EQ(d.effects<CancelTurn>().size(), 1u);
    EXPECT_THAT(d.effects<CancelTurn>()[0].toolCallIds, ElementsAre("k2_0"));
    EXPECT_EQ(d.answer("k2_0")->text, "Not completed: the turn ended while the tool ran.");
    EXPECT_EQ(approvalJson(*d.answer("k2_0"))["decision"], "auto");
    const std::size_t rows = d.s.conversation.messages.size();
    d.dispatch(ToolResult{"k2_0", "late", false});
    EXPECT_EQ(d.s.conversation.messages.size(), rows);
    EXPECT_EQ(d.s.status, Status::Idle);
}

TEST(ApprovalEndedTurn, AnOlderRequestsFailureDuringReviewIsStillIgnored)
{
    ApprovalDriver d;
    d.step({{"write_file", R"({"path":"a"})"}});
    d.dispatch(StreamFailed{d.s.turn->lastRequestId + 7, {"x", "y", false, -1}, {}});
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    d.dispatch(StreamFailed{0, {"x", "y", false, -1}, {}});
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
}

// ---- property: no call runs without the decision its policy requires --------------------------

TEST(ApprovalProperty, EveryExecutedCallHadTheDecisionItsPolicyRequires)
{
    const std::vector<std::string> names{"read_file", "write_file", "delete_all"};
    std::size_t executed = 0, asked = 0, deniedByPolicy = 0;
    for (unsigned seed = 1; seed <= 60; ++seed) {
        std::mt19937 rng(seed);
        const auto pick = [&](std::size_t n) {
            return static_cast<std::size_t>(
                std::uniform_int_distribution<std::size_t>(0, n - 1)(rng));
        };
        ApprovalDriver d;
        for (int i = 0; i < 300; ++i) {
            Input input;
            switch (pick(9)) {
            case 0: {
                ToolPolicies p;
                for (const std::string& n : names)
                    if (pick(2))
                        p[n] = static_cast<ToolPolicy>(pick(3));
                input = SetToolPolicies{p};
                break;
            }
            case 1:
                input = SetAutoAccept{static_cast<AutoAccept>(pick(3))};
                break;
            case 2:
            case 3:
                if (d.s.status == Status::Streaming) {
                    for (std::size_t k = 0, n = 1 + pick(3); k < n; ++k)
                        d.call("r" + std::to_string(i) + "_" + std::to_string(k),
                               names[pick(names.size())], R"({"path":"p"})");
                    input = StreamEnded{d.request(), "tool_calls"};
                } else if (!d.s.turn) {
                    input = Send{"go", {}};
                } else {
                    input = SetAutoAccept{d.s.settings.autoAccept};
                }
                break;
            case 4:
            case 5:
                if (!d.s.pendingToolCalls.empty()) {
                    const ToolCall& c = d.s.pendingToolCalls[pick(d.s.pendingToolCalls.size())];
                    input = pick(3) ? Input{ApproveToolCall{
                                          c.id, static_cast<ApprovalScope>(pick(3)), std::nullopt}}
                                    : Input{DenyToolCall{c.id, "r"}};
                } else {
                    input = pick(2) ? Input{ApproveAll{}} : Input{DenyAll{}};
                }
                break;
            case 6:
                if (d.s.turn && !d.s.turn->running.empty())
                    input =
                        ToolResult{d.s.turn->running[pick(d.s.turn->running.size())], "ok", false};
                else
                    input = StreamEnded{d.request(), "stop"};
                break;
            case 7:
                input = pick(4) ? Input{Abort{}}
                                : Input{StreamFailed{d.s.turn ? d.s.turn->lastRequestId : 0,
                                                     {"tool_timeout", "t", false, -1},
                                                     {}}};
                break;
            default:
                if (pick(4) == 0 &&
                    !d.s.conversation.id.empty()) { // a restart: stored and reloaded
                    d = reload(d);
                    continue;
                }
                input = d.s.status == Status::Streaming ? Input{TextDelta{d.request(), "t"}}
                                                        : Input{Abort{}};
            }
            const State before = d.s;
            Outcome& out = d.dispatch(input);
            for (const ExecuteTool& run : d.effects<ExecuteTool>()) {
                ++executed;
                const ToolInfo* tool = findTool(d.s, run.call.name);
                ASSERT_NE(tool, nullptr);
                const auto* approve = std::get_if<ApproveToolCall>(&input);
                const bool userSaidYes = (approve && approve->callId == run.call.id) ||
                                         std::holds_alternative<ApproveAll>(input);
                const bool wasPending =
                    std::any_of(before.pendingToolCalls.begin(), before.pendingToolCalls.end(),
                                [&](const ToolCall& c) { return c.id == run.call.id; });
                const auto rule =
                    expectedVerdict(run.call.name, tool->readOnly, d.s.settings.autoAccept,
                                    d.s.settings.toolPolicies, d.s.conversation.grantedTools);
                ASSERT_TRUE((userSaidYes && wasPending) || rule == PolicyVerdict::Kind::Run)
                    << "seed " << seed << " step " << i << ": " << run.call.name << " ran";
                ASSERT_NE(rule, PolicyVerdict::Kind::Deny);
            }
            // A call the rules leave to the user is pending, never run or answered unasked.
            if (std::holds_alternative<StreamEnded>(input) && !out.rejected())
                asked += d.s.pendingToolCalls.size();
            for (const ToolCall& c : d.s.pendingToolCalls)
                ASSERT_EQ(expectedVerdict(c.name, findTool(d.s, c.name)->readOnly,
                                          d.s.settings.autoAccept, d.s.settings.toolPolicies,
                                          d.s.conversation.grantedTools),
                          PolicyVerdict::Kind::Ask)
                    << "seed " << seed << " step " << i;
            for (const Message& m : d.s.conversation.messages)
                if (m.role == Role::Tool && m.denied && approvalOf(m) &&
                    approvalOf(m)->by == DecidedBy::Policy &&
                    approvalOf(m)->scope == ApprovalScope::Always)
                    ++deniedByPolicy;
        }
    }
    // The walk reached every kind of decision.
    EXPECT_GT(executed, 500u);
    EXPECT_GT(asked, 200u);
    EXPECT_GT(deniedByPolicy, 50u);
}

} // namespace
} // namespace koder::agent::test

namespace koder::agent::test {
namespace {

// A call is read-only only when the tool registered under its name is: what the server says of
// it is never believed, neither in the history, nor in the event and the pending call the view
// announces, nor in the decision.
TEST(ApprovalPolicy, ACallIsReadOnlyOnlyWhenItsRegisteredToolIs)
{
    struct Case {
        const char* tool;
        bool serverSays;
        bool readOnly;
    };
    for (const Case c : {Case{"write_file", true, false}, Case{"nope", true, false},
                         Case{"read_file", false, true}}) {
        SCOPED_TRACE(c.tool);
        Driver d;
        d.s.settings.autoAccept = AutoAccept::OnlyRead;
        d.send("go");
        d.dispatch(ToolCallRequested{d.request(), {"c1", c.tool, "{}", c.serverSays}});
        const auto events = [&] {
            std::vector<ToolCallEvent> found;
            for (const Event& e : d.out.events)
                if (const auto* t = std::get_if<ToolCallEvent>(&e))
                    found.push_back(*t);
            return found;
        }();
        ASSERT_EQ(events.size(), 1u);
        EXPECT_EQ(events[0].call.readOnly, c.readOnly) << "the toolCall event";
        ASSERT_EQ(d.s.conversation.messages.back().toolCalls().size(), 1u);
        EXPECT_EQ(d.s.conversation.messages.back().toolCalls()[0].readOnly, c.readOnly)
            << "the history";
        d.end("tool_calls");
        if (std::string(c.tool) == "write_file") {
            // Asked for, as a writing call, however the server labelled it.
            ASSERT_EQ(d.s.pendingToolCalls.size(), 1u);
            EXPECT_FALSE(d.s.pendingToolCalls[0].readOnly);
            EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
            EXPECT_TRUE(std::any_of(d.out.announcements.begin(), d.out.announcements.end(),
                                    [](const Announcement& a) {
                                        return a.kind == Announcement::Kind::ApprovalNeeded;
                                    }));
            EXPECT_FALSE(d.hasEffect<ExecuteTool>());
        } else if (std::string(c.tool) == "read_file") {
            // Run without asking: the registered tool only reads.
            EXPECT_TRUE(d.s.pendingToolCalls.empty());
            ASSERT_EQ(d.effects<ExecuteTool>().size(), 1u);
            EXPECT_TRUE(d.effects<ExecuteTool>()[0].call.readOnly);
        } else {
            // An unknown tool is answered with an error and never run.
            EXPECT_TRUE(d.s.pendingToolCalls.empty());
            EXPECT_FALSE(d.hasEffect<ExecuteTool>());
        }
    }
}

} // namespace
} // namespace koder::agent::test
