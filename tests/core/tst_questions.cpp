// SPDX-License-Identifier: MIT
// Questions from the agent: the schema subset a question may use, an answer checked against it
// by path, the ask_user tool's arguments turned into a question, and the lifecycle of a
// question in the reducer (asked, answered, declined, dismissed, stopped, steered, kept across a
// restart).
#include "driver.h"

#include "koder/agent/question.h"
#include "koder/agent/serialization.h"
#include "koder/agent/toolarguments.h"
#include "koder/agent/toolcallstatus.h"

#include <nlohmann/json.hpp>

namespace koder::agent::test {
namespace {

using nlohmann::json;

// ---- the schema subset --------------------------------------------------------------------------

TEST(QuestionSchema, TheSubsetMcpElicitationUsesIsAccepted)
{
    const char* schema = R"({
        "type": "object", "title": "Deploy", "description": "Where and how",
        "properties": {
            "name": {"type": "string", "title": "Name", "minLength": 1, "maxLength": 20,
                     "pattern": "^[a-z]+$", "default": "app"},
            "email": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri"},
            "day": {"type": "string", "format": "date"},
            "at": {"type": "string", "format": "date-time"},
            "count": {"type": "integer", "minimum": 1, "maximum": 5},
            "ratio": {"type": "number", "minimum": 0, "maximum": 1},
            "force": {"type": "boolean", "default": false},
            "region": {"type": "string", "enum": ["eu", "us"], "enumNames": ["Europe", "US"]},
            "plan": {"type": "string", "oneOf": [{"const": "a", "title": "Plan A"},
                                                  {"const": "b", "title": "Plan B"}]},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]},
                     "minItems": 1, "maxItems": 2, "uniqueItems": true},
            "colour": {"type": "string", "examples": ["red", "blue"]}
        },
        "required": ["name", "region"]
    })";
    EXPECT_EQ(checkQuestionSchema(schema), "");
    EXPECT_EQ(checkQuestionSchema(R"({"type":"object"})"), "") << "a plain confirmation";
}

TEST(QuestionSchema, WhatAFormCannotShowIsRefusedWithItsPath)
{
    const std::vector<std::pair<std::string, std::string>> cases{
        {"[]", "schema: must be a JSON object"},
        {"{nope", "schema: not valid JSON"},
        {R"({"properties":{}})", "schema: type must be \"object\""},
        {R"({"type":"object","properties":{"a":{"type":"object","properties":{}}}})",
         "a: type \"object\" is not supported in a question (string, number, integer, boolean, "
         "or a list of choices)"},
        {R"({"type":"object","properties":{"a":{"type":"string","format":"phone"}}})",
         "a: format must be email, uri, date or date-time"},
        {R"({"type":"object","properties":{"a":{"type":"string","pattern":"a{0,100}b{100,}"}}})",
         "a.pattern: repeats too much to check quickly (more than 128 steps)"},
        // Nested counts multiply: 3,200 states, where adding them up would say 80.
        {R"({"type":"object","properties":{"a":{"type":"string","pattern":"((.?){40}){40}Q"}}})",
         "a.pattern: repeats too much to check quickly (more than 128 steps)"},
        {R"({"type":"object","properties":{"a":{"type":"string","pattern":"(a)\\1"}}})",
         "a.pattern: back-references are not supported"},
        {R"({"type":"object","properties":{"a":{"type":"string","pattern":"[a-"}}})",
         "a.pattern: not a valid regular expression"},
        {R"({"type":"object","properties":{"a":{"type":"string","enum":[]}}})",
         "a: enum must be a non-empty list"},
        {R"({"type":"object","properties":{"a":{"type":"string","enum":["x"],"enumNames":[]}}})",
         "a: enumNames must list one string per enum value"},
        {R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}}})",
         "a: a list answer must be a multiple choice (items with enum, oneOf, anyOf or "
         "examples)"},
        {R"({"type":"object","properties":{"a":{"type":"number","multipleOf":2}}})",
         "a: \"multipleOf\" is not supported in a question"},
        {R"({"type":"object","properties":{"a":{"type":"string"}},"required":["b"]})",
         "schema: required names \"b\", which is not a property"},
        {R"({"type":"object","allOf":[]})", "schema: \"allOf\" is not supported in a question"},
        {R"({"type":"object","properties":{"a":{"title":"no type"}}})", "a: has no type"},
    };
    for (const auto& [schema, why] : cases)
        EXPECT_EQ(checkQuestionSchema(schema), why) << schema;
}

TEST(QuestionSchema, AChoiceOfMoreThanAThousandOptionsAndAnOverDeepSchemaAreRefused)
{
    json options = json::array();
    for (int i = 0; i < 1001; ++i)
        options.push_back("o" + std::to_string(i));
    json schema = {{"type", "object"},
                   {"properties", {{"a", {{"type", "string"}, {"enum", options}}}}}};
    EXPECT_EQ(checkQuestionSchema(schema.dump()), "a: more than 1000 options");
    options.erase(options.begin());
    schema["properties"]["a"]["enum"] = options;
    EXPECT_EQ(checkQuestionSchema(schema.dump()), "");

    std::string deep = R"({"type":"object","properties":{"a":)";
    for (int i = 0; i < 70; ++i)
        deep += "[";
    EXPECT_EQ(checkQuestionSchema(deep), "schema: nested deeper than 64 levels");
}

// ---- answers ----------------------------------------------------------------------------------

const char* answerSchema = R"({
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"},
        "email": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "count": {"type": "integer", "minimum": 1, "maximum": 5},
        "force": {"type": "boolean"},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]},
                 "minItems": 1, "maxItems": 2}
    },
    "required": ["name"]
})";

TEST(QuestionAnswer, AFittingAnswerHasNoProblem)
{
    EXPECT_TRUE(checkAnswer(answerSchema, R"({"name":"ada","email":"a@b.io",
        "site":"https://example.org/x","day":"2024-02-29","at":"2026-11-27T10:00:00.5+01:00",
        "count":3,"force":true,"tags":["x","z"]})")
                    .empty());
    EXPECT_TRUE(checkAnswer(answerSchema, R"({"name":"ab"})").empty());
}

TEST(QuestionAnswer, EachRuleReportsItsCodeFieldLimitAndPath)
{
    struct Case {
        const char* answer;
        AnswerProblem problem;
    };
    const std::vector<Case> cases{
        {R"({})", {"name", "required", "\"name\"", "missing required property \"name\""}},
        {R"({"name":"a"})", {"name", "minLength", "2", "name: shorter than 2 characters"}},
        {R"({"name":"abcdef"})", {"name", "maxLength", "5", "name: longer than 5 characters"}},
        {R"({"name":"AB"})",
         {"name", "pattern", "\"^[a-z]+$\"", "name: must match the pattern \"^[a-z]+$\""}},
        {R"({"name":"ab","email":"a@b"})",
         {"email", "format", "\"email\"", "email: must be an email address"}},
        {R"({"name":"ab","site":"not a uri"})",
         {"site", "format", "\"uri\"", "site: must be a URI"}},
        {R"({"name":"ab","day":"2023-02-29"})",
         {"day", "format", "\"date\"", "day: must be a date (YYYY-MM-DD)"}},
        {R"({"name":"ab","at":"2026-11-27 10:00"})",
         {"at", "format", "\"date-time\"", "at: must be a date and time (RFC 3339)"}},
        {R"({"name":"ab","count":0})", {"count", "minimum", "1", "count: must be at least 1"}},
        {R"({"name":"ab","count":2.5})",
         {"count", "type", "\"integer\"", "count: expected an integer, got a number"}},
        {R"({"name":"ab","force":"yes"})",
         {"force", "type", "\"boolean\"", "force: expected a boolean, got a string"}},
        {R"({"name":"ab","tags":[]})", {"tags", "minItems", "1", "tags: fewer than 1 item"}},
        {R"({"name":"ab","tags":["x","y","z"]})",
         {"tags", "maxItems", "2", "tags: more than 2 items"}},
        {R"({"name":"ab","tags":["w"]})",
         {"tags", "enum", "[\"x\",\"y\",\"z\"]", "tags[0]: must be one of \"x\", \"y\", \"z\""}},
        {R"(["ab"])", {"", "json", "", "the answer must be a JSON object"}},
        {R"({"name":)", {"", "json", "", "answer: not valid JSON"}},
    };
    for (const Case& c : cases)
        EXPECT_EQ(checkAnswer(answerSchema, c.answer), c.problem) << c.answer;
}

TEST(QuestionAnswer, APatternIsFoundAnywhereUnlessAnchoredAndLongTextsNeverMatch)
{
    const char* schema = R"({"type":"object","properties":{"a":{"type":"string","pattern":"b+"}}})";
    EXPECT_TRUE(checkAnswer(schema, R"({"a":"abba"})").empty());
    EXPECT_EQ(checkAnswer(schema, R"({"a":"aca"})").code, "pattern");
    const json longText = {{"a", std::string(257, 'b')}};
    EXPECT_EQ(checkAnswer(schema, longText.dump()).code, "pattern");
}

// Patterns that backtrack for minutes on 512 bytes (exponential, or polynomial of high degree)
// are matched in polynomial time: each check of the longest text stays well under a second
// (a hang here is what the test would show; the time itself is the benchmark's business).
TEST(QuestionAnswer, PatternsThatBacktrackForMinutesAreCheckedAtOnce)
{
    for (const char* pattern : {"(a+)+$", ".*.*.*.*x", "a*a*a*a*b", "(a|aa)*c",
                                "^([a-z]+.)*[a-z]+$", "(.?){60}Q", "((.?){7}){8}Q"}) {
        const json schema = {{"type", "object"},
                             {"properties", {{"a", {{"type", "string"}, {"pattern", pattern}}}}}};
        EXPECT_EQ(checkQuestionSchema(schema.dump()), "") << pattern;
        const json answer = {{"a", std::string(255, 'a') + "!"}}; // 256 bytes, checked
        EXPECT_FALSE(checkAnswer(schema.dump(), answer.dump()).empty()) << pattern;
    }
}

TEST(QuestionSchema, ASchemaOfTooManyPropertiesOrPatternStatesIsRefused)
{
    json schema = {{"type", "object"}, {"properties", json::object()}};
    for (int i = 0; i < 101; ++i)
        schema["properties"]["p" + std::to_string(i)] = {{"type", "boolean"}};
    EXPECT_EQ(checkQuestionSchema(schema.dump()), "schema: more than 100 properties");
    schema["properties"] = json::object();
    for (int i = 0; i < 5; ++i) // 5 x 120 states: each fits, all of them do not
        schema["properties"]["p" + std::to_string(i)] = {{"type", "string"},
                                                         {"pattern", "^[a-z]{120}$"}};
    EXPECT_EQ(checkQuestionSchema(schema.dump()),
              "schema: its patterns repeat too much to check quickly (more than 512 steps in all)");
}

TEST(QuestionAnswer, UniqueItemsAreHeldInAnswers)
{
    const char* schema = R"({"type":"object","properties":{"a":{"type":"array",
        "items":{"type":"string","enum":["x","y"]},"uniqueItems":true}}})";
    EXPECT_EQ(checkAnswer(schema, R"({"a":["x","x"]})"),
              (AnswerProblem{"a", "uniqueItems", "\"x\"", "a: lists \"x\" twice"}));
    EXPECT_TRUE(checkAnswer(schema, R"({"a":["x","y"]})").empty());
}

TEST(QuestionAnswer, ToolArgumentsStillIgnorePatternAndFormat)
{
    EXPECT_EQ(checkToolArguments(R"({"properties":{"a":{"type":"string","pattern":"^x$",
        "format":"email"}}})",
                                 R"({"a":"no"})"),
              "");
}

TEST(QuestionAnswer, FieldsKeepTheSchemasOrderAndTheTextIsWhatTheModelReads)
{
    EXPECT_EQ(questionFields(R"({"type":"object","properties":{"z":{},"a":{},"m":{}}})"),
              (std::vector<std::string>{"z", "a", "m"}));
    EXPECT_TRUE(questionFields("[]").empty());
    EXPECT_EQ(answerText(R"({"answer":"Blue"})"), "Blue");
    EXPECT_EQ(answerText(R"({"answer":["Red","Blue"]})"), "Red, Blue");
    EXPECT_EQ(answerText(R"({"answer":3})"), "3");
    EXPECT_EQ(answerText(R"({"a":1,"b":true})"), R"({"a":1,"b":true})");
}

// ---- ask_user ---------------------------------------------------------------------------------

json schemaOf(const char* arguments)
{
    const AskedQuestion q = askUserQuestion(arguments);
    EXPECT_EQ(q.error, "") << arguments;
    EXPECT_EQ(checkQuestionSchema(q.schema), "") << q.schema;
    return json::parse(q.schema);
}

TEST(AskUser, TheArgumentsBecomeAQuestionWithOneRequiredAnswer)
{
    EXPECT_EQ(askUserQuestion(R"({"question":"Which colour?"})").message, "Which colour?");
    EXPECT_EQ(schemaOf(R"({"question":"Why?"})"),
              json::parse(R"({"type":"object","properties":{"answer":{"type":"string",
                  "minLength":1}},"required":["answer"]})"));
    EXPECT_EQ(schemaOf(R"({"question":"Which?","options":["Red","Blue"]})")["properties"]["answer"],
              json::parse(R"({"type":"string","enum":["Red","Blue"]})"));
    EXPECT_EQ(
        schemaOf(R"({"question":"Which?","options":["Red","Blue"],"multiple":true})")["properties"]
                                                                                     ["answer"],
        json::parse(R"({"type":"array","items":{"type":"string","enum":["Red","Blue"]},
                  "minItems":1,"uniqueItems":true})"));
    EXPECT_EQ(
        schemaOf(
            R"({"question":"Which?","options":["Red"],"allowOther":true})")["properties"]["answer"],
        json::parse(R"({"type":"string","minLength":1,"examples":["Red"]})"));
    EXPECT_EQ(schemaOf(R"({"question":"Which?","options":["Red"],"allowOther":true,
                  "multiple":true})")["properties"]["answer"]["items"],
              json::parse(R"({"type":"string","minLength":1,"examples":["Red"]})"));
}

TEST(AskUser, ABadQuestionSaysWhyForTheModel)
{
    const std::vector<std::pair<std::string, std::string>> cases{
        {"[]", "Invalid question: the arguments must be a JSON object"},
        {"{", "Invalid question: arguments not valid JSON"},
        {"{}", "Invalid question: \"question\" must be a non-empty text"},
        {R"({"question":"  "})", "Invalid question: \"question\" must be a non-empty text"},
        {R"({"question":"q","options":"a"})",
         "Invalid question: \"options\" must be a list of texts"},
        {R"({"question":"q","options":["a",""]})",
         "Invalid question: each option must be a non-empty text"},
        {R"({"question":"q","options":["a","a"]})",
         "Invalid question: the option \"a\" is listed twice"},
        {R"({"question":"q","multiple":"yes"})",
         "Invalid question: \"multiple\" must be true or false"},
    };
    for (const auto& [args, why] : cases)
        EXPECT_EQ(askUserQuestion(args).error, why) << args;
    json many = {{"question", "q"}, {"options", json::array()}};
    for (int i = 0; i < 1001; ++i)
        many["options"].push_back(std::to_string(i));
    EXPECT_EQ(askUserQuestion(many.dump()).error, "Invalid question: more than 1000 options");
}

// ---- the lifecycle ----------------------------------------------------------------------------

struct Asking : ::testing::Test {
    Driver d;

    Asking() { d.s.settings.tools.push_back({"ask_user", true, {}, true}); }

    /// The model asks `args` (an ask_user call with id "q1") and ends its step.
    void ask(const char* args = R"({"question":"Which colour?","options":["Red","Blue"]})")
    {
        d.send("paint it");
        d.call("q1", "ask_user", args);
        d.end("tool_calls");
    }
    const std::string& inputId() const { return d.s.pendingInputs.at(0).id; }
    json inputRecord(const Message& m) const { return json::parse(m.metadata())["input"]; }
};

TEST_F(Asking, AQuestionWaitsForTheUserAndIsAnnouncedAssertively)
{
    ask();
    EXPECT_EQ(d.s.status, Status::AwaitingInput);
    ASSERT_EQ(d.s.pendingInputs.size(), 1u);
    const PendingInput& input = d.s.pendingInputs[0];
    EXPECT_EQ(input.message, "Which colour?");
    EXPECT_EQ(input.kind, "question");
    EXPECT_EQ(input.source, "tool");
    EXPECT_EQ(input.callId, "q1");
    EXPECT_TRUE(d.effects<ExecuteTool>().empty()) << "asking runs nothing";
    EXPECT_TRUE(isAbortable(d.s));
    ASSERT_EQ(d.out.announcements.size(), 1u);
    EXPECT_EQ(d.out.announcements[0].kind, Announcement::Kind::InputNeeded);
    EXPECT_EQ(d.out.announcements[0].politeness, Politeness::Assertive);
    EXPECT_EQ(approvalStateOf(d.s).inputs, d.s.pendingInputs) << "written with the conversation";
}

TEST_F(Asking, TheAskingCallsCardSaysItWaitsForTheAnswer)
{
    ask();
    EXPECT_EQ(toolCallProgress(d.s, "q1").status, ToolCallStatus::Asking);
    d.dispatch(AnswerInput{inputId(), R"({"answer":"Red"})"});
    EXPECT_EQ(toolCallProgress(d.s, "q1").status, ToolCallStatus::Done);
}

TEST_F(Asking, TheAnswerIsTheCallsResultAndTheTurnGoesOn)
{
    ask();
    d.dispatch(AnswerInput{inputId(), R"({"answer":"Blue"})"});
    EXPECT_FALSE(d.out.rejected());
    EXPECT_EQ(d.s.status, Status::Streaming);
    EXPECT_TRUE(d.s.pendingInputs.empty());
    const Message& tool = d.s.conversation.messages.at(d.s.conversation.messages.size() - 2);
    EXPECT_EQ(tool.role, Role::Tool);
    EXPECT_EQ(tool.toolCallId(), "q1");
    EXPECT_EQ(tool.text, "Blue");
    EXPECT_FALSE(tool.isError);
    EXPECT_EQ(inputRecord(tool),
              json::parse(R"({"decision":"answered","value":{"answer":"Blue"}})"));
    const auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0].history.back().text, "Blue") << "the model reads the answer";
}

TEST_F(Asking, SeveralChoicesAreJoined)
{
    ask(R"({"question":"Which?","options":["Red","Blue","Green"],"multiple":true})");
    d.dispatch(AnswerInput{inputId(), R"({"answer":["Red","Green"]})"});
    EXPECT_EQ(d.s.conversation.messages.at(d.s.conversation.messages.size() - 2).text,
              "Red, Green");
}

TEST_F(Asking, AnAnswerTheSchemaRefusesKeepsTheQuestionWaiting)
{
    ask();
    d.dispatch(AnswerInput{inputId(), R"({"answer":"Green"})"});
    ASSERT_TRUE(d.out.rejected());
    EXPECT_EQ(d.out.rejection->reason, RejectReason::InvalidValue);
    EXPECT_EQ(d.out.rejection->action, "answerInput");
    EXPECT_EQ(d.out.rejection->detail, "answer: must be one of \"Red\", \"Blue\"");
    EXPECT_EQ(d.s.status, Status::AwaitingInput);
    EXPECT_EQ(d.s.pendingInputs.size(), 1u);

    d.dispatch(AnswerInput{"input-nope", R"({"answer":"Red"})"});
    ASSERT_TRUE(d.out.rejected());
    EXPECT_EQ(d.out.rejection->reason, RejectReason::UnknownInput);
    EXPECT_EQ(d.s.pendingInputs.size(), 1u);
}

TEST_F(Asking, DeclinedOrDismissedTheModelReadsThatTheUserDeclined)
{
    for (const bool decline : {true, false}) {
        Driver& dr = d;
        ask();
        const std::string id = inputId();
        if (decline)
            dr.dispatch(DeclineInput{id});
        else
            dr.dispatch(CancelInput{id});
        EXPECT_TRUE(dr.hasEffect<Persist>()) << "the store learns the question is gone";
        EXPECT_TRUE(approvalStateOf(dr.s).inputs.empty());
        EXPECT_EQ(dr.s.status, Status::Streaming) << "the turn goes on";
        const Message& tool = dr.s.conversation.messages.at(dr.s.conversation.messages.size() - 2);
        EXPECT_EQ(tool.text, "The user declined to answer.");
        EXPECT_FALSE(tool.denied);
        EXPECT_EQ(inputRecord(tool)["decision"], decline ? "declined" : "cancelled");
        EXPECT_FALSE(inputRecord(tool).contains("value"));
        dr.token("ok");
        dr.end();
    }
}

TEST_F(Asking, AStopEndsTheTurnWithTheQuestionCancelled)
{
    ask();
    d.dispatch(Abort{});
    EXPECT_EQ(d.s.status, Status::Interrupted);
    EXPECT_TRUE(d.s.pendingInputs.empty());
    EXPECT_FALSE(isAbortable(d.s));
    const Message& tool = d.last();
    EXPECT_EQ(tool.toolCallId(), "q1");
    EXPECT_EQ(tool.text, "The user declined to answer.");
    EXPECT_EQ(inputRecord(tool)["decision"], "cancelled");
    EXPECT_EQ(d.eventNames(), (std::vector<std::string>{"aborted"}));
}

TEST_F(Asking, SteeringAnswersTheQuestionAsDeclinedWithTheUsersMessage)
{
    d.s.settings.busyPolicy = BusyPolicy::Steer;
    ask();
    d.dispatch(Send{"use green instead", {}});
    EXPECT_EQ(d.s.status, Status::Streaming);
    EXPECT_TRUE(d.s.pendingInputs.empty());
    const auto& m = d.s.conversation.messages;
    const Message& tool = m.at(m.size() - 3);
    EXPECT_EQ(tool.toolCallId(), "q1");
    EXPECT_EQ(inputRecord(tool)["decision"], "declined");
    EXPECT_EQ(m.at(m.size() - 2).text, "use green instead");
    const auto starts = d.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0].history.back().text, "use green instead");
}

TEST_F(Asking, ABadQuestionIsTheCallsErrorAndTheTurnGoesOn)
{
    ask(R"({"question":"","options":["a"]})");
    EXPECT_EQ(d.s.status, Status::Streaming);
    EXPECT_TRUE(d.s.pendingInputs.empty());
    const Message& tool = d.s.conversation.messages.at(d.s.conversation.messages.size() - 2);
    EXPECT_TRUE(tool.isError);
    EXPECT_EQ(tool.text, "Invalid question: \"question\" must be a non-empty text");
}

TEST_F(Asking, ADenyPolicyDeniesTheQuestionAndNoOtherPolicyIsAsked)
{
    d.s.settings.toolPolicies["ask_user"] = ToolPolicy::Deny;
    ask();
    EXPECT_TRUE(d.s.pendingInputs.empty());
    EXPECT_TRUE(d.s.conversation.messages.at(d.s.conversation.messages.size() - 2).denied);

    Driver ask2;
    ask2.s.settings.tools.push_back({"ask_user", true, {}, true});
    ask2.s.settings.toolPolicies["ask_user"] = ToolPolicy::Ask; // asking needs no approval
    ask2.send("x");
    ask2.call("q1", "ask_user", R"({"question":"Sure?"})");
    ask2.end("tool_calls");
    EXPECT_EQ(ask2.s.status, Status::AwaitingInput);
    EXPECT_TRUE(ask2.s.pendingToolCalls.empty());
}

TEST_F(Asking, ADenyPolicySetWhileTheQuestionWaitsAnswersIt)
{
    ask();
    d.dispatch(SetToolPolicies{{{"ask_user", ToolPolicy::Deny}}});
    EXPECT_TRUE(d.s.pendingInputs.empty());
    EXPECT_EQ(d.s.status, Status::Streaming) << "the turn goes on";
    const Message& tool = d.s.conversation.messages.at(d.s.conversation.messages.size() - 2);
    EXPECT_EQ(tool.toolCallId(), "q1");
    EXPECT_TRUE(tool.denied);
    EXPECT_EQ(tool.text, "Denied by the tool's policy: it was not run.");
    EXPECT_TRUE(d.hasEffect<Persist>());
}

TEST_F(Asking, AnApprovalIsDecidedFirstThenTheQuestionWaits)
{
    d.send("both");
    d.call("w1", "write_file");
    d.call("q1", "ask_user", R"({"question":"Name?"})");
    d.end("tool_calls");
    EXPECT_EQ(d.s.status, Status::ReviewingToolCall);
    EXPECT_EQ(d.s.pendingInputs.size(), 1u) << "it may be answered meanwhile";
    d.dispatch(DenyToolCall{"w1", ""});
    EXPECT_EQ(d.s.status, Status::AwaitingInput);
    d.dispatch(AnswerInput{inputId(), R"({"answer":"Ada"})"});
    EXPECT_EQ(d.s.status, Status::Streaming);
}

TEST_F(Asking, AWaitingQuestionIsStoredAndComesBackAfterARestart)
{
    ask();
    const ApprovalState stored = approvalStateOf(d.s);
    const std::string text = toJson(stored);
    auto loaded = approvalStateFromJson(text);
    ASSERT_TRUE(std::holds_alternative<ApprovalState>(loaded)) << text;
    EXPECT_EQ(std::get<ApprovalState>(loaded), stored) << "JSON round trip";

    // A new process: the same tools, the stored conversation opened.
    Driver after;
    after.s.settings.tools = d.s.settings.tools;
    after.dispatch(SwitchConversation{d.s.conversation.id,
                                      d.s.conversation.messages,
                                      {},
                                      {},
                                      std::get<ApprovalState>(loaded),
                                      {}});
    EXPECT_EQ(after.s.status, Status::AwaitingInput);
    ASSERT_EQ(after.s.pendingInputs.size(), 1u);
    EXPECT_EQ(after.s.pendingInputs[0], stored.inputs[0]);
    ASSERT_EQ(after.out.announcements.size(), 1u);
    EXPECT_EQ(after.out.announcements[0].kind, Announcement::Kind::InputNeeded);

    after.dispatch(AnswerInput{stored.inputs[0].id, R"({"answer":"Red"})"});
    EXPECT_EQ(after.s.status, Status::Streaming) << "the turn resumes";
    const auto starts = after.effects<StartTurn>();
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0].history.back().role, Role::Tool);
    EXPECT_EQ(starts[0].history.back().text, "Red");
}

TEST_F(Asking, AStoredQuestionWhoseCallWasAnsweredOrCutDoesNotComeBack)
{
    ask();
    ApprovalState stored = approvalStateOf(d.s);
    auto messages = d.s.conversation.messages;
    messages.back().aborted = true; // the asking step was cut off
    Driver after;
    after.dispatch(SwitchConversation{"c", messages, {}, {}, stored, {}});
    EXPECT_TRUE(after.s.pendingInputs.empty());
    EXPECT_EQ(after.s.status, Status::Interrupted);
    EXPECT_EQ(after.last().role, Role::Tool) << "the call is recorded as not run";
}

TEST_F(Asking, AStoredQuestionAnswersOnlyACallOfItsOwnTool)
{
    ask();
    ApprovalState stored = approvalStateOf(d.s);
    stored.inputs[0].toolName = "write_file"; // a crafted record
    Driver after;
    after.s.settings.tools = d.s.settings.tools;
    after.dispatch(SwitchConversation{"c", d.s.conversation.messages, {}, {}, stored, {}});
    EXPECT_TRUE(after.s.pendingInputs.empty());
    EXPECT_EQ(after.last().text, "Not run: the app closed before the call was decided.");

    stored = approvalStateOf(d.s);
    Driver renamed; // the asking call's tool is registered, but no longer asks
    renamed.s.settings.tools = {{"ask_user", true, {}, false}};
    renamed.dispatch(SwitchConversation{"c", d.s.conversation.messages, {}, {}, stored, {}});
    EXPECT_TRUE(renamed.s.pendingInputs.empty());
}

TEST_F(Asking, ADamagedStoredQuestionIsALoadError)
{
    auto twice = approvalStateFromJson(
        R"({"inputs":[{"id":"i","message":"m","schema":"{\"type\":\"object\"}"},
                      {"id":"i","message":"n","schema":"{\"type\":\"object\"}"}]})");
    ASSERT_TRUE(std::holds_alternative<LoadError>(twice));
    EXPECT_EQ(std::get<LoadError>(twice).message, "the question id is used twice");

    auto loaded = approvalStateFromJson(R"({"inputs":[{"id":"i","message":"m","schema":"[]"}]})");
    ASSERT_TRUE(std::holds_alternative<LoadError>(loaded));
    EXPECT_EQ(std::get<LoadError>(loaded).path, "approvals.inputs[0]");
}

} // namespace
} // namespace koder::agent::test
