// SPDX-License-Identifier: MIT
// Questions from the agent: a call of a tool that asks the user (ask_user) becomes a pending
// input instead of running; the user's answer, decline or dismissal is the call's result, and
// the tool phase goes on as it does after a tool's result. A question waits like an approval:
// it is stored with the conversation, and a stop, a steer or the end of the turn answers it.
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
    if (input.source != "tool" || !s_.turn)
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
    const AnswerProblem problem = checkAnswer(s_.pendingInputs[*index].schema, a.value);
    if (!problem.empty())
        return reject(RejectReason::InvalidValue, problem.text);
    settleInput(*index, InputDecision::Answered, a.value);
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
    decideInput(index, decision, valueJson);
    persist(s_.conversation.messages.size()); // what still waits: a restart must not ask again
    settleToolPhase();
}

} // namespace koder::agent::reduction
