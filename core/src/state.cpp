// SPDX-License-Identifier: MIT
#include "koder/agent/state.h"

#include "enumnames.h"

#include <algorithm>

/*!
    \enum koder::agent::Status

    Where a conversation surface stands. The names in parentheses are the ones
    \l {koder::agent::toString(koder::agent::Status)}{toString()} returns, which the controller's
    \c status property and the stored conversations use.

    \value Idle No turn is open, and the last one (if any) ended normally (\c "idle").
    \value Streaming A request of the open turn streams its reply (\c "streaming").
    \value ReviewingToolCall Tool calls of the open turn wait for the user's decision: they are
           in \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls}
           (\c "reviewingToolCall").
    \value RunningTool Approved tool calls of the open turn run and their results are awaited
           (\c "runningTool").
    \value Error The last turn ended with an error, which is in
           \l {koder::agent::State::lastError}{State::lastError} (\c "error").
    \value Interrupted The last turn was stopped: by \l {koder::agent::Abort}{Abort}, or because
           the history ends with a reply that was cut off, or because a stored tool phase had
           nothing left to wait for when it was loaded (\c "interrupted").
    \value Handoff The last turn ended by handing the conversation to another agent or a human
           (\l {koder::agent::Handoff}{Handoff}) (\c "handoff").
    \value AwaitingInput A question of the open turn waits for the user's answer, and no tool
           call waits for a decision: it is in
           \l {koder::agent::State::pendingInputs}{State::pendingInputs} (\c "awaitingInput").

    \sa koder::agent::isStreaming(), koder::agent::isAbortable()
*/

/*!
    \variable koder::agent::noRow

    A row index that names no row: the largest \c std::size_t. Returned by
    \l {koder::agent::findMessage()}{findMessage()} and
    \l {koder::agent::streamingRow()}{streamingRow()} when there is no such row.
*/

/*!
    \class koder::agent::Turn
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief The bookkeeping of the open turn.

    A turn is what one \l {koder::agent::Send}{Send}, \l {koder::agent::Regenerate}{Regenerate}
    or \l {koder::agent::Edit}{Edit} starts, until its one terminal event (\c streamEnd,
    \c error or \c aborted). It may take several steps: each step is one request to the model,
    streamed into its own assistant message, and a step that asks for tools is followed by
    another once their results are in. \l {koder::agent::State::turn}{State::turn} holds the
    open turn; it is empty when no turn is open.

    Applications read it, for example to learn the request id the transport must echo; only the
    reducer changes it.
*/

/*!
    \variable koder::agent::Turn::requestId

    The request that streams now; \c 0 between steps (while tool calls wait or run).
*/

/*!
    \variable koder::agent::Turn::lastRequestId

    The most recent request of the turn, finished or not. An abort cancels this one.
*/

/*!
    \variable koder::agent::Turn::step

    The index of the current step (model call) inside the turn, from \c 1.
    \l {koder::agent::Settings::maxSteps}{Settings::maxSteps} bounds it.
*/

/*!
    \variable koder::agent::Turn::attempt

    The retries spent on the current step, \c 0 for the first attempt.
*/

/*!
    \variable koder::agent::Turn::stepRow

    The row of the current step's assistant message in
    \l {koder::agent::ConversationState::messages}{ConversationState::messages}.
*/

/*!
    \variable koder::agent::Turn::announcedUpTo

    How much of the streaming message's text (a byte offset) was already announced to assistive
    technology.
*/

/*!
    \variable koder::agent::Turn::stepFirstRow

    The row the current step opened with. A server that opens messages of its own
    (\l {koder::agent::MessageStarted}{MessageStarted}) moves \l stepRow past it; a retry goes
    back to it.
*/

/*!
    \variable koder::agent::Turn::stepCalls

    The tool calls the current step requested, in order.
*/

/*!
    \variable koder::agent::Turn::serverDecides

    The ids of the step's calls that the server runs once they are decided here
    (\l {koder::agent::CallRunner}{CallRunner::ServerAfterApproval}).
*/

/*!
    \variable koder::agent::Turn::pausedOn

    The ids of the questions the streaming request paused on
    (\l {koder::agent::RequestInput::requestId}{RequestInput::requestId}): when it ends the turn
    waits for their answers.
*/

/*!
    \variable koder::agent::Turn::running

    The ids of the approved calls whose result is outstanding.
*/

/*!
    \variable koder::agent::Turn::decided

    How each running call was allowed: its audit record, which goes into the
    \c {metadata.approval} of its tool message when the result comes.
*/

/*!
    \variable koder::agent::Turn::progress

    The latest progress each running call reported (\l {koder::agent::ToolProgress}{ToolProgress}),
    by call id; read it with \l {koder::agent::toolProgressOf()}{toolProgressOf()}. A call's
    report goes when its result comes; all go when the turn ends or a message steers it. Never
    stored, never announced.
*/

/*!
    \class koder::agent::ToolCallProgressReport
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief How far a running tool call got, as its tool last reported.

    An MCP server's progress notification for a call, kept on the open turn
    (\l {koder::agent::Turn::progress}{Turn::progress}) while the call runs. A chat view shows it
    on the call's card; \l {koder::agent::toolProgressOf()}{toolProgressOf()} (in
    \c koder/agent/toolcallstatus.h, which includes this header) finds it.
*/

/*!
    \variable koder::agent::ToolCallProgressReport::progress

    How far the call got: a number that grows with each report, in the tool's units.
*/

/*!
    \variable koder::agent::ToolCallProgressReport::total

    What \l progress reaches when the call is done, when the tool knows it; none otherwise.
*/

/*!
    \variable koder::agent::ToolCallProgressReport::message

    What the tool says it is doing, as plain text; may be empty. Untrusted.
*/

/*!
    \fn bool koder::agent::ToolCallProgressReport::operator==(const koder::agent::ToolCallProgressReport &a, const koder::agent::ToolCallProgressReport &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::State
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief The whole state of one conversation surface, nested by sub-model.

    A State is a plain value: copy it, compare its fields, serialize its conversation. It is
    made of sub-models, each with its reducer:

    \list
    \li \l {koder::agent::State::settings}{settings} (\l {koder::agent::Settings}{Settings}):
        what decides what inputs do, for every conversation the surface shows;
    \li \l {koder::agent::State::conversation}{conversation}
        (\l {koder::agent::ConversationState}{ConversationState}): the shown conversation, what
        is stored with it (the active path, the other versions with their checkpoints, the
        tools granted for it, the queue);
    \li the turn: where it stands (\l {koder::agent::State::status}{status},
        \l {koder::agent::State::turn}{turn},
        \l {koder::agent::State::pendingToolCalls}{pendingToolCalls},
        \l {koder::agent::State::lastError}{lastError}) and the turns that run on in
        conversations not shown (\l {koder::agent::State::background}{background}).
    \endlist

    A default-constructed State is an empty conversation with no id yet; the first message
    added gives it one. Change it only through \l {koder::agent::reduce()}{reduce()}, which keeps
    its fields consistent with each other and reports every change of the message list; set the
    settings with their inputs (\l {koder::agent::SetAutoAccept}{SetAutoAccept},
    \l {koder::agent::SetTools}{SetTools}, ...), which also decide again the tool calls that
    wait. Derived values have free functions: \l {koder::agent::isStreaming()}{isStreaming()},
    \l {koder::agent::isAbortable()}{isAbortable()},
    \l {koder::agent::streamingRow()}{streamingRow()}, \l {koder::agent::versionOf()}{versionOf()}.

    \sa koder::agent::reduce(), koder::agent::Conversation
*/

/*!
    \variable koder::agent::State::settings

    The settings of the surface (\l {koder::agent::Settings}{Settings}). Opening another
    conversation keeps them.
*/

/*!
    \variable koder::agent::State::conversation

    The shown conversation (\l {koder::agent::ConversationState}{ConversationState}).
*/

/*!
    \variable koder::agent::State::background

    The conversations whose turn runs on while they are not shown, oldest first. The
    \l {koder::agent::Runtime}{Runtime} holds their states; the reducer keeps this list to decide
    whether one more may go there (\l {koder::agent::OpenConversation}{OpenConversation},
    \l {koder::agent::Reset}{Reset}) and to refuse a turn that could not
    (\l {koder::agent::RejectReason}{TooManyTurns}).
    \l {koder::agent::BackgroundEnded}{BackgroundEnded} takes one off.
*/

/*!
    \class koder::agent::Settings
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief The settings of a conversation surface: the one list of them.

    They hold for every conversation the surface shows and decide what inputs do. Each has its
    input (\l {koder::agent::SetAutoAccept}{SetAutoAccept}, ...); a setting added here is copied
    to the next conversation shown and compared with the others.
*/

/*!
    \fn bool koder::agent::Settings::operator==(const koder::agent::Settings &a, const koder::agent::Settings &b)

    Returns \c true when \a a and \a b are equal in every setting.
*/

/*!
    \variable koder::agent::Settings::maxBackgroundTurns

    How many turns may run on in conversations not shown; \c 4 by default. \c 0 stops a turn
    when its conversation is left. While that many run, a turn that would open in the shown
    conversation is refused (\l {koder::agent::RejectReason}{TooManyTurns}).
*/

/*!
    \variable koder::agent::Settings::contextWindow

    The model's context window in tokens; \c 0 when unknown (contextRatio() is then 0).
*/

/*!
    \variable koder::agent::Settings::autoCompact

    Compaction starts after a reply whose contextRatio() is at least this; \c 0 (the default)
    turns it off.
*/

/*!
    \class koder::agent::ContextMeter
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief How full the context window is, kept by the reducer in O(1) per streamed token.

    Read it through contextUsed() and contextRatio(); \l {Context budget} gives the rules.
*/

/*!
    \variable koder::agent::ContextMeter::settled

    The tokens of the rows before the streaming one (settledContextTokens()).
*/

/*!
    \variable koder::agent::ContextMeter::streamingUnits

    The streaming row's text so far, in quarter tokens (estimateUnits()).
*/

/*!
    \variable koder::agent::ContextMeter::overflowed

    The server refused the last request as too long (\c "context_length"): contextUsed() is
    the window until the history changes.
*/

/*!
    \variable koder::agent::ContextMeter::announced

    The highest threshold announced: 0 none, 1 for 0.8, 2 for 0.95.
*/

/*!
    \class koder::agent::Compaction
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief A compaction under way (\l {koder::agent::Compact}{Compact}).
*/

/*!
    \variable koder::agent::Compaction::requestId

    Its request: the transport's events for it build the summary, never a turn.
*/

/*!
    \variable koder::agent::Compaction::lastSummarizedId

    The last row the summary covers: it must still be the row before firstKeptId when the
    summary lands.
*/

/*!
    \variable koder::agent::Compaction::firstKeptId

    The row the summary goes before.
*/

/*!
    \variable koder::agent::Compaction::rows

    How many rows the summary covers (the summary before them counts as one).
*/

/*!
    \variable koder::agent::Compaction::text

    The summary as it streams.
*/

/*!
    \variable koder::agent::State::context

    The context meter (\l {koder::agent::ContextMeter}{ContextMeter}).
*/

/*!
    \variable koder::agent::State::compaction

    The compaction under way, if any.
*/

/*!
    \variable koder::agent::Turn::sentUnder

    The summary that was the history's boundary when the current request went out (empty for
    none). The reply's \c metadata.boundary records it: its reported prompt counts under that
    boundary only (see settledContextTokens()).
*/

/*!
    \variable koder::agent::Turn::continuedFrom

    For a continued reply (\l {koder::agent::ContinueReply}{ContinueReply}), the length of its
    text before the turn: its requests are continuations and a retry goes back to that text.
*/

/*!
    \fn std::int64_t koder::agent::contextUsed(const koder::agent::State &s)
    \relates koder::agent::State

    Returns the tokens the next request of \a s will send: the meter's settled part, the
    streaming row's estimate, or the window after a \c "context_length" refusal.
*/

/*!
    \fn double koder::agent::contextRatio(const koder::agent::State &s)
    \relates koder::agent::State

    Returns contextUsed() divided by the context window of \a s, at most 1; 0 while the window
    is unknown.
*/

/*!
    \class koder::agent::ConversationState
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/state.h
    \brief The shown conversation: what is stored with it.
*/

/*!
    \variable koder::agent::ConversationState::id

    The id of the conversation this state holds. Empty in a new State until something is added;
    then the core makes one with \l {koder::agent::Environment::newId}{Environment::newId}
    (prefix \c "c"). \l {koder::agent::Reset}{Reset} and
    \l {koder::agent::DeleteConversation}{DeleteConversation} make a new one at once.
*/

/*!
    \variable koder::agent::ConversationState::messages

    The history: the active path of the conversation tree, oldest first. The parent of row \c i
    is row \c {i - 1}, and row \c 0 is a root. System, tool and checkpoint messages are part of
    it. A list model shows these rows; the change sets of
    \l {koder::agent::Outcome::changes}{Outcome::changes} describe how they changed.
*/

/*!
    \variable koder::agent::ConversationState::versions

    The rest of the conversation tree: the other versions that
    \l {koder::agent::Regenerate}{Regenerate} and \l {koder::agent::Edit}{Edit} left beside the
    active path, and the messages under them. Empty for a conversation that was never
    regenerated or edited.

    \sa koder::agent::SwitchVersion, koder::agent::versionOf()
*/

/*!
    \variable koder::agent::ConversationState::grantedTools

    The tools the user allowed for the rest of this conversation (an approval with scope
    \l {koder::agent::ApprovalScope}{Conversation}). They are stored with the conversation and
    dropped when another conversation is shown, cleared or reset.
*/

/*!
    \variable koder::agent::ConversationState::queued

    The messages sent while a turn was open under
    \l {koder::agent::BusyPolicy}{BusyPolicy::Queue}, in order. They are stored with the
    conversation.
*/

/*!
    \variable koder::agent::ConversationState::cleared

    \c true after \l {koder::agent::Clear}{Clear} emptied the view of a conversation whose stored
    copy stays: the next message added starts a new conversation, with a new id, rather than
    overwriting that copy.
*/

/*!
    \variable koder::agent::ConversationState::loadError

    Why the shown conversation could not be loaded; empty when it loaded. While it is set the
    conversation is read-only: inputs that would add to it are rejected with
    \l {koder::agent::RejectReason}{RejectReason::ReadOnly}, so nothing overwrites the stored
    copy. Replacing the history (\l {koder::agent::SetMessages}{SetMessages}), clearing,
    resetting, deleting or switching to another conversation ends it.
*/

/*!
    \variable koder::agent::State::status

    Where the surface stands; \l {koder::agent::Status}{Status::Idle} by default.
*/

/*!
    \variable koder::agent::State::lastError

    The error that ended the last turn, or a conversation's load error; \c std::nullopt when
    there is none. A new turn clears it, and so does replacing or switching the history.
*/

/*!
    \variable koder::agent::State::pendingToolCalls

    The tool calls that wait for the user's decision
    (\l {koder::agent::ApproveToolCall}{ApproveToolCall},
    \l {koder::agent::DenyToolCall}{DenyToolCall}, \l {koder::agent::ApproveAll}{ApproveAll},
    \l {koder::agent::DenyAll}{DenyAll}). Non-empty only while the status is
    \l {koder::agent::Status}{Status::ReviewingToolCall}. When their turn ends before a
    decision, they are cancelled and recorded as denied.
*/

/*!
    \variable koder::agent::State::pendingInputs

    The questions of the open turn that wait for the user's answer
    (\l {koder::agent::AnswerInput}{AnswerInput}, \l {koder::agent::DeclineInput}{DeclineInput},
    \l {koder::agent::CancelInput}{CancelInput}). The status is
    \l {koder::agent::Status}{Status::AwaitingInput} while one waits and no tool call waits
    for a decision. When their turn ends before an answer (a stop, a steer, the transport
    ending the turn), a tool call's question is answered as declined or cancelled.
*/

/*!
    \variable koder::agent::Settings::autoAccept

    Which tool calls run without asking, for tools without a policy of their own;
    \l {koder::agent::AutoAccept}{AutoAccept::Never} by default.
*/

/*!
    \variable koder::agent::Settings::toolPolicies

    Per-tool policies over \l {koder::agent::Settings::autoAccept}{autoAccept}: a tool listed here
    is asked about, allowed or denied as its \l {koder::agent::ToolPolicy}{ToolPolicy} says.
    Empty by default. An approval with scope \l {koder::agent::ApprovalScope}{Always} adds an
    \c Allow entry.
*/

/*!
    \variable koder::agent::Settings::busyPolicy

    What a send does while a turn is open; \l {koder::agent::BusyPolicy}{BusyPolicy::Reject} by
    default.
*/

/*!
    \variable koder::agent::Settings::systemPrompt

    When non-empty, sent as the first message (a system message) of every request. It is not
    part of \l {koder::agent::ConversationState::messages}{messages}. Empty by default.
*/

/*!
    \variable koder::agent::Settings::tools

    The registered tools (\l {koder::agent::SetTools}{SetTools}). A call to a tool not listed
    here is answered with an error result and never run.
*/

/*!
    \variable koder::agent::Settings::maxSteps

    The most steps (model calls) one turn may take; when a step at the limit asks for tools,
    the turn ends with the error \c "step_limit". \c 10 by default, at least \c 1.
*/

/*!
    \variable koder::agent::Settings::maxRetries

    How often a retryable error of a step is retried without a hook asking for it. \c 0 by
    default: errors are retried only when asked.
*/

/*!
    \variable koder::agent::State::turn

    The open turn, or \c std::nullopt when no turn is open.
*/

/*!
    \variable koder::agent::State::nextRequestId

    The id the next request will get; request ids count up from \c 1 and are never reused by a
    state.
*/

/*!
    \fn bool koder::agent::isStreaming(const koder::agent::State &s)
    \relates koder::agent::State

    Returns \c true if a reply streams in \a s (its status is
    \l {koder::agent::Status}{Status::Streaming}): between a send and the end, error or abort
    of the stream, and again while a tool loop resumes with its next step.
*/

/*!
    \fn bool koder::agent::isAbortable(const koder::agent::State &s)
    \relates koder::agent::State

    Returns \c true if a turn is open in \a s: a reply streams, a tool call waits for the user
    or a tool runs. \l {koder::agent::Abort}{Abort} works in all of them.
*/

/*!
    \fn std::size_t koder::agent::streamingRow(const koder::agent::State &s)
    \relates koder::agent::State

    Returns the row of \a s that is being streamed into, or
    \l {koder::agent::noRow}{noRow} when no reply streams.
*/

/*!
    \fn koder::agent::VersionPosition koder::agent::versionOf(const koder::agent::State &s, std::size_t row)
    \relates koder::agent::State

    Returns where row \a row of the active path of \a s stands among its siblings: its 0-based
    version index and how many versions there are (\c {{0, 1}} for a message with no other
    version). \a row must be a valid row.
*/

namespace koder::agent {

/*!
    \fn std::size_t koder::agent::findMessage(const koder::agent::State &s, std::string_view id)

    \relates koder::agent::State

    Returns the row of the message \a id on the active path of \a s, or
    \l {koder::agent::noRow}{noRow} when there is none. A linear search, newest first: meant
    for user actions, never used on the token path.
*/
std::size_t findMessage(const State& s, std::string_view id)
{
    // Newest first: actions almost always name a recent message.
    for (std::size_t i = s.conversation.messages.size(); i-- > 0;)
        if (s.conversation.messages[i].id == id)
            return i;
    return noRow;
}

/*!
    \fn const koder::agent::ToolInfo *koder::agent::findTool(const koder::agent::State &s, std::string_view name)

    \relates koder::agent::State

    Returns the registered tool called \a name in \a s, or \c nullptr when no tool has that
    name.
*/
const ToolInfo* findTool(const State& s, std::string_view name)
{
    for (const ToolInfo& t : s.settings.tools)
        if (t.name == name)
            return &t;
    return nullptr;
}

/*!
    \fn koder::agent::ApprovalState koder::agent::approvalStateOf(const koder::agent::State &s)

    \relates koder::agent::State

    Returns what a store keeps of the open tool phase of \a s: the ids of the calls that wait for
    the user, the audit records of the approved calls whose tool runs, the questions of tool
    calls that wait for an answer, and the tools granted for the conversation. A conversation
    stored with it reloads waiting for the user as it was. Questions from outside a tool call
    (\l {koder::agent::RequestInput}{RequestInput}) are not kept: their askers wait for them
    only as long as the app runs.

    \sa koder::agent::SwitchConversation::approvals
*/
ApprovalState approvalStateOf(const State& s)
{
    ApprovalState a;
    a.grantedTools = s.conversation.grantedTools;
    if (s.turn) {
        // A call its server waits on dies with that server's run, like a question from outside.
        const auto& serverDecides = s.turn->serverDecides;
        for (const ToolCall& call : s.pendingToolCalls)
            if (std::find(serverDecides.begin(), serverDecides.end(), call.id) ==
                serverDecides.end())
                a.pending.push_back(call.id);
        a.running = s.turn->decided;
        // A question from outside dies with its asker's request: never stored, never reloaded.
        for (const PendingInput& input : s.pendingInputs)
            if (input.source == "tool")
                a.inputs.push_back(input);
    }
    return a;
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::Status status)

    Returns the name of \a status: \c "idle", \c "streaming", \c "reviewingToolCall",
    \c "runningTool", \c "awaitingInput", \c "error", \c "interrupted" or \c "handoff".
*/
std::string_view toString(Status status)
{
    switch (status) {
    case Status::Idle:
        return "idle";
    case Status::Streaming:
        return "streaming";
    case Status::ReviewingToolCall:
        return "reviewingToolCall";
    case Status::RunningTool:
        return "runningTool";
    case Status::Error:
        return "error";
    case Status::Interrupted:
        return "interrupted";
    case Status::AwaitingInput:
        return "awaitingInput";
    case Status::Handoff:
        return "handoff";
    }
    return {};
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::AutoAccept mode)

    Returns the name of \a mode: \c "always", \c "never" or \c "onlyRead".

    \sa autoAcceptFromString()
*/
std::string_view toString(AutoAccept mode)
{
    switch (mode) {
    case AutoAccept::Always:
        return "always";
    case AutoAccept::Never:
        return "never";
    case AutoAccept::OnlyRead:
        return "onlyRead";
    }
    return {};
}

/*!
    \fn std::optional<koder::agent::AutoAccept> koder::agent::autoAcceptFromString(std::string_view text)

    Returns the mode named \a text (\c "always", \c "never" or \c "onlyRead", exactly), or
    \c std::nullopt for any other text.
*/
std::optional<AutoAccept> autoAcceptFromString(std::string_view text)
{
    return detail::enumFromName<AutoAccept>([](AutoAccept m) { return toString(m); }, text);
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::BusyPolicy policy)

    Returns the name of \a policy: \c "reject", \c "queue", \c "interrupt" or \c "steer".

    \sa busyPolicyFromString()
*/
std::string_view toString(BusyPolicy policy)
{
    switch (policy) {
    case BusyPolicy::Reject:
        return "reject";
    case BusyPolicy::Queue:
        return "queue";
    case BusyPolicy::Interrupt:
        return "interrupt";
    case BusyPolicy::Steer:
        return "steer";
    }
    return {};
}

/*!
    \fn std::optional<koder::agent::BusyPolicy> koder::agent::busyPolicyFromString(std::string_view text)

    Returns the policy named \a text (\c "reject", \c "queue", \c "interrupt" or \c "steer",
    exactly), or \c std::nullopt for any other text.
*/
std::optional<BusyPolicy> busyPolicyFromString(std::string_view text)
{
    return detail::enumFromName<BusyPolicy>([](BusyPolicy p) { return toString(p); }, text);
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::ToolPolicy policy)

    Returns the name of \a policy: \c "ask", \c "allow" or \c "deny".

    \sa toolPolicyFromString()
*/
std::string_view toString(ToolPolicy policy)
{
    switch (policy) {
    case ToolPolicy::Ask:
        return "ask";
    case ToolPolicy::Allow:
        return "allow";
    case ToolPolicy::Deny:
        return "deny";
    }
    return {};
}

/*!
    \fn std::optional<koder::agent::ToolPolicy> koder::agent::toolPolicyFromString(std::string_view text)

    Returns the policy named \a text (\c "ask", \c "allow" or \c "deny", exactly), or
    \c std::nullopt for any other text.
*/
std::optional<ToolPolicy> toolPolicyFromString(std::string_view text)
{
    return detail::enumFromName<ToolPolicy>([](ToolPolicy p) { return toString(p); }, text);
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::ApprovalScope scope)

    Returns the name of \a scope: \c "once", \c "conversation" or \c "always".

    \sa approvalScopeFromString()
*/
std::string_view toString(ApprovalScope scope)
{
    switch (scope) {
    case ApprovalScope::Once:
        return "once";
    case ApprovalScope::Conversation:
        return "conversation";
    case ApprovalScope::Always:
        return "always";
    }
    return {};
}

/*!
    \fn std::optional<koder::agent::ApprovalScope> koder::agent::approvalScopeFromString(std::string_view text)

    Returns the scope named \a text (\c "once", \c "conversation" or \c "always", exactly), or
    \c std::nullopt for any other text.
*/
std::optional<ApprovalScope> approvalScopeFromString(std::string_view text)
{
    return detail::enumFromName<ApprovalScope>([](ApprovalScope s) { return toString(s); }, text);
}

} // namespace koder::agent
