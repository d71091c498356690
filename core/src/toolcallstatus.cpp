// SPDX-License-Identifier: MIT
// Where one tool call stands (pending, running, done, error, denied), derived from the state for
// a view's tool card: the state keeps no status per call, only where each call is.
#include "koder/agent/toolcallstatus.h"

#include <algorithm>

/*!
    \enum koder::agent::ToolCallStatus
    \relates koder::agent::ToolCallProgress

    Where a tool call of a reply stands, as a chat view's tool card shows it. The names in
    brackets are those \l {koder::agent::toString(koder::agent::ToolCallStatus)}{toString()}
    returns.

    \value Pending The call waits for the user's decision (it is in
           \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls}), or is not
           decided yet: the model still streams the step that asked for it. An id the state
           does not know is pending too (\c "pending").
    \value Running The call was approved (by the user or a policy) and its tool runs: it is in
           the open turn's \l {koder::agent::Turn::running}{Turn::running} (\c "running").
    \value Done Its tool message is in the history, neither an error nor a denial
           (\c "done").
    \value Error Its tool message is an error (\l {koder::agent::Message::isError}{isError}):
           the tool failed or timed out, the tool is unknown, or it ran when the turn ended and
           its result was lost (\c "error").
    \value Denied Its tool message is a denial (\l {koder::agent::Message::denied}{denied}): the
           user or a policy denied it, or the turn ended before anyone decided (\c "denied").
    \value Asking The call asked the user a question that waits for the answer (it is the
           \l {koder::agent::PendingInput::callId}{callId} of a question in
           \l {koder::agent::State::pendingInputs}{State::pendingInputs}) (\c "asking").

    \sa koder::agent::toolCallProgress()
*/

/*!
    \class koder::agent::ToolCallProgress
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/toolcallstatus.h
    \brief Where one tool call stands, and the row of its result once it has one.

    The state keeps no status per tool call, only where each call is: in
    \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls} while it waits for the
    user, in the open turn's \l {koder::agent::Turn::running}{Turn::running} while its tool
    runs, and answered by a \c tool message (its
    \l {koder::agent::Message::toolCallId()}{toolCallId()} names the call) once it has a
    result. \l {koder::agent::toolCallProgress()}{toolCallProgress()} derives a call's
    \l {koder::agent::ToolCallStatus}{ToolCallStatus} from them, which is what a chat view
    shows on the call's card, with the result under it:

    \code
    const ToolCallProgress p = toolCallProgress(state, call.id);
    if (p.resultRow != noRow)
        show(toString(p.status), state.messages[p.resultRow].text);
    \endcode

    The Qt library's KoderToolCallState follows one call this way as its state changes.
*/

/*!
    \variable koder::agent::ToolCallProgress::status

    Where the call stands. Default \c ToolCallStatus::Pending.
*/

/*!
    \variable koder::agent::ToolCallProgress::resultRow

    The row of the call's \c tool message in \l {koder::agent::ConversationState::messages}{ConversationState::messages}
    when \l {koder::agent::ToolCallProgress::status}{status} is \c Done, \c Error or
    \c Denied; \l {koder::agent::noRow}{noRow} otherwise.
    Its \c text is the result the model reads (the tool's output, an error text or the reason of
    the denial).
*/

/*!
    \fn bool koder::agent::ToolCallProgress::operator==(const koder::agent::ToolCallProgress &a,
   const koder::agent::ToolCallProgress &b)

    Returns \c true when \a a and \a b have the same status and result row.
*/

/*!
    \fn const koder::agent::ToolCallProgressReport *koder::agent::toolProgressOf(const koder::agent::State &state, std::string_view callId)

    Returns the latest progress the running call \a callId of the open turn of \a state
    reported (\l {koder::agent::ToolProgress}{ToolProgress}), or \c nullptr when it reported
    none or does not run: its result came, its turn ended, or no call has that id. The pointer
    is valid until the state changes.

    A dispatch that changes it reports the assistant row that holds the call as changed
    (\l {koder::agent::Field}{Field::ToolCalls}), so a message model reads the row's calls again.
*/

namespace koder::agent {

namespace {
bool asksFor(const Message& message, std::string_view callId)
{
    const std::vector<ToolCall>& calls = message.toolCalls();
    return std::any_of(calls.begin(), calls.end(),
                       [&](const ToolCall& c) { return c.id == callId; });
}

bool answers(const Message& message, std::string_view callId)
{
    return message.role == Role::Tool && message.toolCallId() == callId;
}

// The status the tool message at `row` gives its call.
ToolCallProgress answeredAt(const State& state, std::size_t row)
{
    const Message& m = state.conversation.messages[row];
    return {m.denied    ? ToolCallStatus::Denied
            : m.isError ? ToolCallStatus::Error
                        : ToolCallStatus::Done,
            row};
}

// A call without a result: waiting for the user, running, or neither yet.
ToolCallProgress unanswered(const State& state, std::string_view callId)
{
    const auto& pending = state.pendingToolCalls;
    if (std::any_of(pending.begin(), pending.end(),
                    [&](const ToolCall& c) { return c.id == callId; }))
        return {ToolCallStatus::Pending, noRow};
    const auto& inputs = state.pendingInputs;
    if (std::any_of(inputs.begin(), inputs.end(),
                    [&](const PendingInput& p) { return p.callId == callId; }))
        return {ToolCallStatus::Asking, noRow};
    if (state.turn) {
        const auto& running = state.turn->running;
        if (std::find(running.begin(), running.end(), callId) != running.end())
            return {ToolCallStatus::Running, noRow};
    }
    return {};
}
} // namespace

/*!
    \relates koder::agent::ToolCallProgress

    Returns where the tool call \a callId stands in \a state. The rules, in order:

    \list 1
    \li a \c tool message answers the call (its \c toolCallId is \a callId): \c Denied if it is
        \l {koder::agent::Message::denied}{denied}, else \c Error if it
        \l {koder::agent::Message::isError}{isError}, else \c Done, with
        \l {koder::agent::ToolCallProgress::resultRow}{resultRow} its row;
    \li the call is in \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls}:
        \c Pending;
    \li the call's question waits in \l {koder::agent::State::pendingInputs}{State::pendingInputs}:
        \c Asking;
    \li the call is in the open turn's \l {koder::agent::Turn::running}{Turn::running}:
        \c Running;
    \li otherwise \c Pending: the step that asked for the call still streams, or \a callId is
        unknown (an empty one included).
    \endlist

    The result is looked for from the newest row back to the assistant message that asked for
    the call, since results follow their call: a call of the last reply costs a few rows,
    whatever the length of the history, and a text delta changes nothing this reads but the
    streaming row's text. An id \a state does not know costs one pass over the history. A model
    that gives two calls of a conversation the same id (the core keeps ids unique within a
    step only) gets the status of the newest one.
*/
ToolCallProgress toolCallProgress(const State& state, std::string_view callId)
{
    if (callId.empty())
        return {};
    for (std::size_t row = state.conversation.messages.size(); row-- > 0;) {
        const Message& m = state.conversation.messages[row];
        if (answers(m, callId))
            return answeredAt(state, row);
        // Above the message that asked for the call there is no result of it, only, at most, of
        // an older call with the same id.
        if (m.role == Role::Assistant && asksFor(m, callId))
            break;
    }
    return unanswered(state, callId);
}

/*!
    \overload

    Returns where the call \a callId that the assistant message \a askedBy made stands in
    \a state. Its result is looked for after that message only, up to a newer assistant
    message that asks for the same id: a model that reuses an id (the core keeps ids unique
    within a step only) never gives an older call the newer one's result. When a newer message
    asks for the same id and there is no result in between, the older call is \c Pending (it
    was never answered); otherwise the waiting and running calls decide as above. An \a askedBy
    that \a state does not hold, or an empty one, gives toolCallProgress(\a state, \a callId).

    It costs a pass from the newest row back to \a askedBy and forward again.
*/
ToolCallProgress toolCallProgress(const State& state, std::string_view callId,
                                  std::string_view askedBy)
{
    if (callId.empty())
        return {};
    const std::size_t asker = askedBy.empty() ? noRow : findMessage(state, askedBy);
    if (asker == noRow || !asksFor(state.conversation.messages[asker], callId))
        return toolCallProgress(state, callId);
    for (std::size_t row = asker + 1; row < state.conversation.messages.size(); ++row) {
        const Message& m = state.conversation.messages[row];
        if (answers(m, callId))
            return answeredAt(state, row);
        // A newer call with the same id: what waits or runs now is that one, not this.
        if (m.role == Role::Assistant && asksFor(m, callId))
            return {};
    }
    return unanswered(state, callId);
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::ToolCallStatus status)

    Returns the name of \a status: \c "pending", \c "running", \c "done", \c "error",
    \c "denied" or \c "asking".
*/
std::string_view toString(ToolCallStatus status)
{
    switch (status) {
    case ToolCallStatus::Pending:
        return "pending";
    case ToolCallStatus::Running:
        return "running";
    case ToolCallStatus::Done:
        return "done";
    case ToolCallStatus::Error:
        return "error";
    case ToolCallStatus::Denied:
        return "denied";
    case ToolCallStatus::Asking:
        return "asking";
    }
    return {};
}

const ToolCallProgressReport* toolProgressOf(const State& state, std::string_view callId)
{
    if (!state.turn)
        return nullptr;
    const auto& progress = state.turn->progress;
    const auto it = progress.find(callId);
    return it == progress.end() ? nullptr : &it->second;
}

} // namespace koder::agent
