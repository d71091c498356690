// SPDX-License-Identifier: MIT
// Questions from the agent: a call of a tool that asks the user (ask_user) becomes a pending
// input instead of running; the user's answer, decline or dismissal is the call's result, and
// the tool phase goes on as it does after a tool's result. A question waits like an approval:
// it is stored with the conversation, and a stop, a steer or the end of the turn answers it.
// A question from outside a tool call's result (RequestInput: an MCP server's elicitation)
// waits the same way while its turn is open, but is never stored: its answer goes back to its
// asker (a SettleInput effect), and whatever ends its wait (the turn ending, a steer, leaving
// the conversation) tells the asker it was cancelled.
#include "reduction.h"

#include "koder/agent/question.h"

#include <algorithm>

namespace koder::agent::reduction {

namespace {
// The audit record of a call that asks: it needed no approval.
Approval askedWithoutApproval(const std::string& callId)
{
    return {callId, Decision::Auto, ApprovalScope::Once, DecidedBy::Policy, 0, false, {}};
}
} // namespace

// The call's question waits in pendingInputs (settleToolPhase() says AwaitingInput once no call
// waits for a decision). A Deny policy still denies it; no other policy applies: asking is
// what the tool does, and the answer is the user's own decision.
void Reduction::askUser(const ToolCall& call)
{
    if (deniedByPolicy(call.name)) {
        decideByPolicy(call);
        return;
    }
    AskedQuestion question = askUserQuestion(call.arguments);
    if (!question.error.empty())
        return appendToolMessage(call, std::move(question.error), true, false,
                                 askedWithoutApproval(call.id));
    PendingInput input;
    input.id = env_.newId("input");
    input.message = std::move(question.message);
    input.schema = std::move(question.schema);
    input.source = "tool";
    input.callId = call.id;
    input.toolName = call.name;
    s_.pendingInputs.push_back(std::move(input));
}

bool Reduction::denyQuestionsByPolicy()
{
    bool denied = false;
    for (std::size_t i = 0; i < s_.pendingInputs.size();) {
        const PendingInput& input = s_.pendingInputs[i];
        if (input.source != "tool" || !deniedByPolicy(input.toolName)) {
            ++i;
            continue;
        }
        const ToolCall asked = stepCall(input.callId, input.toolName);
        s_.pendingInputs.erase(s_.pendingInputs.begin() + static_cast<std::ptrdiff_t>(i));
        decideByPolicy(asked); // the Deny policy's answer, as for a call it denies when asked
        denied = true;
    }
    return denied;
}

void Reduction::decideInput(std::size_t index, InputDecision decision, const std::string& valueJson)
{
    PendingInput input = std::move(s_.pendingInputs[index]);
    s_.pendingInputs.erase(s_.pendingInputs.begin() + static_cast<std::ptrdiff_t>(index));
    if (input.source != "tool") {
        std::string value = decision == InputDecision::Answered ? valueJson : std::string();
        out_.effects.emplace_back(SettleInput{std::move(input), decision, std::move(value)});
        return;
    }
    if (!s_.turn)
        return;
    const bool answered = decision == InputDecision::Answered;
    appendToolMessage(stepCall(input.callId, input.toolName),
                      answered ? answerText(valueJson) : std::string(declinedAnswerText), false,
                      false, askedWithoutApproval(input.callId),
                      withInputDecision({}, decision, answered ? valueJson : std::string_view()));
}

std::optional<std::size_t> ToolInputs::findInput(const std::string& id)
{
    const auto& inputs = s_.pendingInputs;
    const auto it = std::find_if(inputs.begin(), inputs.end(),
                                 [&](const PendingInput& p) { return p.id == id; });
    if (!s_.turn || it == inputs.end()) {
        reject(RejectReason::UnknownInput, id);
        return std::nullopt;
    }
    return static_cast<std::size_t>(it - inputs.begin());
}

void ToolInputs::operator()(const AnswerInput& a)
{
    const auto index = findInput(a.id);
    if (!index)
        return;
    const PendingInput& input = s_.pendingInputs[*index];
    if (input.source == "tool") {
        const AnswerProblem problem = checkAnswer(input.schema, a.value);
        if (!problem.empty())
            return reject(RejectReason::InvalidValue, problem.text);
        return settleInput(*index, InputDecision::Answered, a.value);
    }
    // An outside asker gets the answer with the schema's defaults filled in (MCP elicitation),
    // checked as it goes out.
    const std::string value = withSchemaDefaults(input.schema, a.value);
    const AnswerProblem problem = checkAnswer(input.schema, value);
    if (!problem.empty())
        return reject(RejectReason::InvalidValue, problem.text);
    settleInput(*index, InputDecision::Answered, value);
}

void ToolInputs::operator()(const DeclineInput& a)
{
    if (const auto index = findInput(a.id))
        settleInput(*index, InputDecision::Declined, {});
}

void ToolInputs::operator()(const CancelInput& a)
{
    if (const auto index = findInput(a.id))
        settleInput(*index, InputDecision::Cancelled, {});
}

void ToolInputs::settleInput(std::size_t index, InputDecision decision,
                             const std::string& valueJson)
{
    const bool external = s_.pendingInputs[index].source != "tool";
    decideInput(index, decision, valueJson);
    if (external)
        return settleAfterExternalInput();    // nothing of it was stored, no tool message comes
    persist(s_.conversation.messages.size()); // what still waits: a restart must not ask again
    settleToolPhase();
}

// Added as given, while a turn is open: the asker chose the id and the source. While a step
// streams the status stays streaming (its tokens still come); in the tool phase it is
// awaitingInput unless a call waits for a decision.
void ToolInputs::operator()(const RequestInput& a)
{
    const PendingInput& input = a.input;
    if (!s_.turn || (a.requestId != 0 && !isCurrent(a.requestId)))
        return reject(RejectReason::NoTurn, input.id);
    if (input.id.empty())
        return reject(RejectReason::InvalidValue, "id: must not be empty");
    if (input.source == "tool")
        return reject(RejectReason::InvalidValue,
                      "source: \"tool\" is for the questions of the core's own tool calls");
    const auto& inputs = s_.pendingInputs;
    if (std::any_of(inputs.begin(), inputs.end(),
                    [&](const PendingInput& p) { return p.id == input.id; }))
        return reject(RejectReason::InvalidValue, "id: \"" + input.id + "\" is already waiting");
    if (input.message.size() > maxQuestionBytes)
        return reject(RejectReason::InvalidValue,
                      "message: longer than " + std::to_string(maxQuestionBytes) + " bytes");
    if (std::string why = checkQuestionSchema(input.schema); !why.empty())
        return reject(RejectReason::InvalidValue, std::move(why));
    const auto& running = s_.turn->running;
    if (!input.callId.empty() &&
        std::find(running.begin(), running.end(), input.callId) == running.end())
        return reject(RejectReason::InvalidValue,
                      "callId: no call \"" + input.callId + "\" runs in this conversation's turn");
    s_.pendingInputs.push_back(input);
    if (a.requestId != 0)
        s_.turn->pausedOn.push_back(input.id);
    announce(Announcement::Kind::InputNeeded, Politeness::Assertive,
             s_.conversation.messages[s_.turn->stepRow].id);
    if (inToolPhase())
        settleToolPhase();
}

// The asker's own withdrawal: nobody is told. An id that no outside question waits under (it
// was answered meanwhile) is ignored.
void ToolInputs::operator()(const WithdrawInput& a)
{
    const auto& inputs = s_.pendingInputs;
    const auto it = std::find_if(inputs.begin(), inputs.end(), [&](const PendingInput& p) {
        return p.id == a.id && p.source != "tool";
    });
    if (!s_.turn || it == inputs.end())
        return dropped();
    s_.pendingInputs.erase(it);
    settleAfterExternalInput();
}

void Reduction::cancelExternalInputs()
{
    for (std::size_t i = 0; i < s_.pendingInputs.size();) {
        if (s_.pendingInputs[i].source != "tool")
            decideInput(i, InputDecision::Cancelled, {});
        else
            ++i;
    }
}

void Reduction::settleAfterExternalInput()
{
    if (!inToolPhase())
        return; // a step streams (or no turn is open): it goes on as it was
    const std::size_t end = s_.conversation.messages.size();
    settleToolPhase();
    if (s_.status == Status::Streaming)
        persist(end); // the phase is over: the next step's row and an empty stored phase
}

} // namespace koder::agent::reduction
