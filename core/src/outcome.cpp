// SPDX-License-Identifier: MIT
#include "koder/agent/outcome.h"

#include "koder/agent/overloaded.h"

/*!
    \class koder::agent::Outcome
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief What one reduce did: changes, effects, events, announcements, or a rejection.

    \l {koder::agent::reduce()}{reduce()} clears the outcome it is given and fills it in. One of
    three things happened:

    \list
    \li The input was applied. \l {koder::agent::Outcome::changes}{changes} say how the message
        list changed, \l {koder::agent::Outcome::effects}{effects} what to perform,
        \l {koder::agent::Outcome::events}{events} what to tell subscribers and
        \l {koder::agent::Outcome::announcements}{announcements} what to tell assistive
        technology, each in the order it happened. Any of them may be empty.
    \li The input was rejected: \l {koder::agent::Outcome::rejection}{rejection} says why, the
        state is untouched and every other part is empty.
    \li The input was a stale transport event or a tool result nobody waits for:
        \l {koder::agent::Outcome::dropped}{dropped} is set and nothing else happened.
    \endlist

    Pass the same Outcome to every reduce: \l {koder::agent::Outcome::clear()}{clear()} keeps its
    capacity, so that the token path allocates nothing.

    A rejected second send, from the core tests (\c Driver calls reduce() on one State with one
    Environment and one Outcome):

    \snippet core/tst_lifecycle.cpp core-rejection
*/

/*!
    \variable koder::agent::Outcome::changes

    How \l {koder::agent::ConversationState::messages}{ConversationState::messages} changed, as steps to apply in order
    to a list model.
*/

/*!
    \variable koder::agent::Outcome::effects

    The I/O to perform, in order.
*/

/*!
    \variable koder::agent::Outcome::events

    The lifecycle events to deliver, in order.
*/

/*!
    \variable koder::agent::Outcome::announcements

    What to announce to assistive technology, in order.
*/

/*!
    \variable koder::agent::Outcome::rejection

    Why the input was rejected, or \c std::nullopt when it was not.
*/

/*!
    \variable koder::agent::Outcome::dropped

    \c true when the input was a transport event of another request (a late token of an aborted
    turn, for example) or a tool result nobody waits for: it was ignored and nothing else
    happened.
*/

/*!
    \variable koder::agent::Outcome::result

    The value an action returns: the new conversation id of a
    \l {koder::agent::Branch}{Branch}, or the id of a message a \l {koder::agent::Send}{Send}
    queued. Empty otherwise.
*/

/*!
    \fn bool koder::agent::Outcome::rejected() const

    Returns \c true if the input was rejected, that is, if
    \l {koder::agent::Outcome::rejection}{rejection} holds a value.
*/

// ---- change set ----

/*!
    \enum koder::agent::Field

    The fields of a \l {koder::agent::Message}{Message}, as bits of a mask, so that a list model
    can name exactly the roles that changed. Combine them with \c | and test them with
    \l {koder::agent::has()}{has()}.

    \value None No field.
    \value Id The id.
    \value Role The role.
    \value Text The text.
    \value Reasoning The reasoning.
    \value ToolCalls The tool calls.
    \value ToolCallId The id of the call a tool message answers.
    \value ToolName The name of the tool a tool message answers.
    \value IsError Whether a tool result is an error.
    \value Denied Whether a tool call was denied.
    \value Aborted Whether the reply was stopped.
    \value Error The error text.
    \value Attachments The attachments.
    \value Context The context.
    \value Selection The selection.
    \value Metadata The metadata.
    \value CreatedAt The creation time.
    \value Streaming Whether this row is the one being streamed into (a derived value, see
           \l {koder::agent::streamingRow()}{streamingRow()}).
    \value Usage The usage.
    \value FinishReason The finish reason.
*/

/*!
    \fn koder::agent::Field koder::agent::operator|(koder::agent::Field a, koder::agent::Field b)
    \relates koder::agent::Change

    Returns the fields in \a a or in \a b.
*/

/*!
    \fn koder::agent::Field &koder::agent::operator|=(koder::agent::Field &a, koder::agent::Field b)
    \relates koder::agent::Change

    Adds the fields in \a b to \a a and returns a reference to \a a.
*/

/*!
    \fn bool koder::agent::has(koder::agent::Field set, koder::agent::Field f)
    \relates koder::agent::Change

    Returns \c true if \a set holds any field of \a f.
*/

/*!
    \class koder::agent::Change
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief One step of a change set: rows inserted, removed or changed, or a reset.

    The steps of \l {koder::agent::Outcome::changes}{Outcome::changes} apply in order, and each
    index refers to the list as it is after the previous steps, so a list model can replay them
    one by one as its insert, remove and data-changed signals. A token delta is one
    \c Changed step for the streaming row with \l {koder::agent::Field}{Field::Text}; steps for
    the same row are merged. Only replacing the whole history (set, switch, clear, reset,
    delete) is a \c Reset.
*/

/*!
    \enum koder::agent::Change::Kind

    What happened to the rows.

    \value Inserted Rows \c first to \c {first + count - 1} were inserted.
    \value Removed Rows \c first to \c {first + count - 1} were removed.
    \value Changed Rows \c first to \c {first + count - 1} changed in the
           \l {koder::agent::Change::fields}{fields} named.
    \value Reset The whole list was replaced: read every row anew from the state. Rows
           appended or changed later in the same change set are folded into the reset, so take
           the number of rows from the state rather than from \c count.
*/

/*!
    \variable koder::agent::Change::kind

    What happened; \c Changed by default.
*/

/*!
    \variable koder::agent::Change::first

    The first row concerned.
*/

/*!
    \variable koder::agent::Change::count

    How many rows are concerned (for \c Reset: how many rows the list had when it was
    replaced).
*/

/*!
    \variable koder::agent::Change::fields

    For \c Changed: which fields changed. \l {koder::agent::Field}{Field::None} otherwise.
*/

/*!
    \fn bool koder::agent::Change::operator==(const koder::agent::Change &a, const koder::agent::Change &b)

    Returns \c true if \a a and \a b are the same step.
*/

// ---- effects ----

/*!
    \typealias koder::agent::Effect

    The I/O the layer above performs for the core: a \c std::variant of

    \list
    \li \l {koder::agent::StartTurn}{StartTurn}: send a request to the model;
    \li \l {koder::agent::CancelTurn}{CancelTurn}: stop a request and the tools it runs;
    \li \l {koder::agent::ExecuteTool}{ExecuteTool}: run an allowed tool call;
    \li \l {koder::agent::Persist}{Persist}: write the conversation;
    \li \l {koder::agent::ForkConversation}{ForkConversation}: create a forked conversation;
    \li \l {koder::agent::DeleteStoredConversation}{DeleteStoredConversation}: remove a stored
        conversation.
    \li \l {koder::agent::LeaveRunning}{LeaveRunning}: the open turn goes on in the background;
    \li \l {koder::agent::ShowBackground}{ShowBackground}: a conversation whose turn runs in the
        background is shown;
    \li \l {koder::agent::LoadConversation}{LoadConversation}: load a conversation to show;
    \li \l {koder::agent::SettleInput}{SettleInput}: answer the asker of a question from
        outside a tool call.
    \li \l {koder::agent::SettleApproval}{SettleApproval}: tell the server what was decided
        about a call it waits on.
    \endlist

    Perform them in the order of \l {koder::agent::Outcome::effects}{Outcome::effects}. The
    results come back as inputs: a transport's events, a \l {koder::agent::ToolResult}{ToolResult}.
    The \l {koder::agent::Runtime}{Runtime} does this with an \l {koder::agent::Executor}{Executor}.
    Visit an effect by type:

    \snippet core/tst_transitions.cpp core-visit-effect
*/

/*!
    \class koder::agent::StartTurn
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Send a request to the model.

    Every step of a turn, and every retry of a step, is one StartTurn with a new request id.
    The transport's events for it must carry that id.
*/

/*!
    \variable koder::agent::StartTurn::requestId

    The id the transport's events must carry.
*/

/*!
    \variable koder::agent::StartTurn::conversationId

    The conversation the request belongs to.
*/

/*!
    \variable koder::agent::StartTurn::history

    What to send: the system prompt first when one is set (a system message with the id
    \c "system-prompt"), then the active path without checkpoints, without the message being
    streamed into, and without stopped replies that said nothing.
*/

/*!
    \variable koder::agent::StartTurn::step

    The step of the turn this request is for, from \c 1.
*/

/*!
    \variable koder::agent::StartTurn::attempt

    The retry this request is: \c 0 for the first attempt of the step.
*/

/*!
    \variable koder::agent::StartTurn::delayMs

    How long to wait before sending, in milliseconds: the backoff of a retry (or the server's
    Retry-After); \c 0 to send at once.
*/

/*!
    \variable koder::agent::StartTurn::kind

    What the request is for (\l {koder::agent::RequestKind}{RequestKind}): a turn's step, a
    compaction's summary, or the continuation of a cut reply.
*/

/*!
    \enum koder::agent::RequestKind
    \relates koder::agent::StartTurn

    \value Reply A step of a turn.
    \value Summary Compaction's own request (\l {koder::agent::Compact}{Compact}): the history's
           last message asks for a summary of the others. No hook sees it.
    \value Continuation The history's last message is a reply cut by \c "length", to be
           continued: a prefill where the API has one (Anthropic), else followed by a message
           that asks the model to go on.
*/

/*!
    \class koder::agent::CompactionEndEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A compaction ended, with its summary row or the reason it made none.
*/

/*!
    \variable koder::agent::CompactionEndEvent::messageId

    The summary row; empty when the compaction failed, was stopped or found the history
    changed.
*/

/*!
    \variable koder::agent::CompactionEndEvent::error

    Why no summary was made (\c code empty on success): the server's error, \c "cancelled",
    \c "empty_summary" or \c "history_changed".
*/

/*!
    \class koder::agent::CancelTurn
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Stop a turn's request and its running tools.

    Emitted when a turn is stopped (an abort, a regenerate or edit while it is open, the busy
    policy, a conversation cleared, reset, deleted, replaced or switched) and when a steering
    message cuts a step. Events that still arrive for the request are dropped.
*/

/*!
    \variable koder::agent::CancelTurn::requestId

    The turn's most recent request: still streaming, or finished when the turn waits for tools
    (a transport that keeps one session per turn, like aichat.v1, ends that session). \c 0 when
    there is no request to stop.
*/

/*!
    \variable koder::agent::CancelTurn::toolCallIds

    The calls whose tool runs: no result is expected for them any more.
*/

/*!
    \class koder::agent::ExecuteTool
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Run an allowed tool call.

    The user approved the call, or a policy let it run. Answer with a
    \l {koder::agent::ToolResult}{ToolResult} naming the call's id.
*/

/*!
    \variable koder::agent::ExecuteTool::call

    The call to run. Its arguments are JSON text, the user's when they edited them.
*/

/*!
    \class koder::agent::Persist
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Write the conversation.

    A reduce emits at most one Persist. It says what changed since the last write, so that a
    store writes only that: the rows of the active path from
    \l {koder::agent::Persist::fromRow}{fromRow} on (rows past the end are gone), and the other
    versions that left or joined the path. Write the state's queued messages and tool phase
    (\l {koder::agent::approvalStateOf()}{approvalStateOf()}) with it.
*/

/*!
    \variable koder::agent::Persist::conversationId

    The conversation to write.
*/

/*!
    \variable koder::agent::Persist::fromRow

    The first row of the active path that changed; the rows before it are as last written.
*/

/*!
    \variable koder::agent::Persist::versionsWritten

    Messages that left the active path and are now other versions: write them.
*/

/*!
    \variable koder::agent::Persist::versionsDropped

    Messages that joined the active path or are gone: drop them from the other versions.
*/

/*!
    \variable koder::agent::Persist::allVersions

    \c true when the history was replaced: rewrite all the other versions. \c false by default.
*/

/*!
    \class koder::agent::ForkConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Create a new conversation from a copy of a history (a branch).

    With a store, write the new conversation there; without one, keep it in memory so that it
    can be switched to.
*/

/*!
    \variable koder::agent::ForkConversation::newConversationId

    The id of the new conversation.
*/

/*!
    \variable koder::agent::ForkConversation::sourceConversationId

    The conversation it was forked from.
*/

/*!
    \variable koder::agent::ForkConversation::messages

    Its history: the active path up to and including the branched message.
*/

/*!
    \class koder::agent::DeleteStoredConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Remove a conversation from storage.
*/

/*!
    \class koder::agent::LeaveRunning
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief The open turn goes on in the background; an empty conversation is shown instead.

    The reducer has added the conversation being left to
    \l {koder::agent::State::background}{State::background}. The performer keeps the state as it
    is, turn and all, and shows an empty one with the same
    \l {koder::agent::State::settings}{settings}; that one's list of rows is reset.
*/

/*!
    \variable koder::agent::LeaveRunning::nextConversationId

    The id of the conversation shown in its place.
*/

/*!
    \class koder::agent::ShowBackground
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A conversation whose turn runs in the background is shown, live.

    Its state replaces the shown one, keeping the shown one's
    \l {koder::agent::State::settings}{settings}; the list of rows is reset.
*/

/*!
    \variable koder::agent::ShowBackground::conversationId

    The conversation to show.
*/

/*!
    \variable koder::agent::ShowBackground::keepLeft

    Whether the conversation left has an open turn that runs on in the background.
*/

/*!
    \class koder::agent::LoadConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Load a conversation to show.

    Answer with a \l {koder::agent::SwitchConversation}{SwitchConversation}: from a store, or
    from the conversations a runtime without one keeps in memory.
*/

/*!
    \variable koder::agent::LoadConversation::conversationId

    The conversation to load.
*/

/*!
    \class koder::agent::SettleInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Answer the asker of a question from outside a tool call.

    A question a \l {koder::agent::RequestInput}{RequestInput} added (an MCP server's
    elicitation, an AG-UI interrupt) stopped waiting: the user answered, declined or
    dismissed it (\l {koder::agent::AnswerInput}{AnswerInput},
    \l {koder::agent::DeclineInput}{DeclineInput}, \l {koder::agent::CancelInput}{CancelInput}),
    or its wait ended with it cancelled: its turn ended (a stream end, an error, an abort), a
    message steered the turn, or the conversation was switched, replaced, cleared, deleted or
    left running in the background. A \l {koder::agent::Runtime}{Runtime} performs it with
    \l {koder::agent::Executor::settleInput()}{Executor::settleInput()}. A question its asker
    withdrew (\l {koder::agent::WithdrawInput}{WithdrawInput}) gets none.
*/

/*!
    \variable koder::agent::SettleInput::input

    The question, as it waited in \l {koder::agent::State::pendingInputs}{State::pendingInputs}.
*/

/*!
    \variable koder::agent::SettleInput::decision

    What became of it. Default \c InputDecision::Cancelled.
*/

/*!
    \variable koder::agent::SettleInput::value

    For \c InputDecision::Answered, the answer as JSON text of an object, with the schema's
    defaults filled in for the properties the user left out
    (\l {koder::agent::withSchemaDefaults()}{withSchemaDefaults()}); empty otherwise.
*/

/*!
    \class koder::agent::SettleApproval
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Tell the server what was decided about a call it waits on.

    A call that came as \l {koder::agent::CallRunner}{CallRunner::ServerAfterApproval} (an
    AG-UI \c tool_call interrupt) was decided by a policy or the user. Nothing runs here; a
    \l {koder::agent::Runtime}{Runtime} performs it with
    \l {koder::agent::Executor::settleApproval()}{Executor::settleApproval()} before the
    request that goes on.
*/

/*!
    \variable koder::agent::SettleApproval::callId

    The call's id.
*/

/*!
    \variable koder::agent::SettleApproval::approved

    Whether it may run.
*/

/*!
    \variable koder::agent::SettleApproval::reason

    A denial's reason, as the user gave it or the policy's; may be empty.
*/

/*!
    \variable koder::agent::SettleApproval::arguments

    The arguments the user edited (JSON text of an object) when they differ from the call's;
    empty otherwise.
*/

/*!
    \variable koder::agent::DeleteStoredConversation::conversationId

    The conversation to remove.
*/

// ---- lifecycle events ----

/*!
    \typealias koder::agent::Event

    A lifecycle event for subscribers: a \c std::variant of

    \table
    \header \li Alternative \li Name \li When
    \row \li \l {koder::agent::UserMessageEvent}{UserMessageEvent} \li \c userMessage
         \li A user message was sent.
    \row \li \l {koder::agent::StreamStartEvent}{StreamStartEvent} \li \c streamStart
         \li A turn started: its reply begins to stream.
    \row \li \l {koder::agent::StreamTokenEvent}{StreamTokenEvent} \li \c streamToken
         \li A piece of text was appended to the reply.
    \row \li \l {koder::agent::ToolCallEvent}{ToolCallEvent} \li \c toolCall
         \li The model asked for a tool call.
    \row \li \l {koder::agent::StepFinishEvent}{StepFinishEvent} \li \c stepFinish
         \li A step of the turn (one request) finished.
    \row \li \l {koder::agent::StreamEndEvent}{StreamEndEvent} \li \c streamEnd
         \li The turn ended normally (terminal).
    \row \li \l {koder::agent::ErrorEvent}{ErrorEvent} \li \c error
         \li The turn ended with an error (terminal).
    \row \li \l {koder::agent::AbortedEvent}{AbortedEvent} \li \c aborted
         \li The turn was stopped (terminal).
    \row \li \l {koder::agent::CheckpointRestoredEvent}{CheckpointRestoredEvent}
         \li \c checkpointRestored \li A checkpoint was restored.
    \endtable

    A turn's events come in this order: \c userMessage (for a send), \c streamStart, then for
    each step \c streamToken (many) and \c toolCall (when the model asks for tools) followed by
    \c stepFinish, and at last exactly one terminal event, however many steps the turn took.

    \sa isTerminal(), eventName(), {Turn Lifecycle}
*/

/*!
    \class koder::agent::UserMessageEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A user message was sent (\c userMessage).
*/

/*!
    \variable koder::agent::UserMessageEvent::messageId

    The id of the user message.
*/

/*!
    \class koder::agent::StreamStartEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A turn started and its reply begins to stream (\c streamStart).

    Once per turn, for its first step.
*/

/*!
    \variable koder::agent::StreamStartEvent::messageId

    The id of the assistant message the reply streams into.
*/

/*!
    \class koder::agent::StreamTokenEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A piece of text was appended to the streaming reply (\c streamToken).

    Its fields are views into the state, not copies, so that the token path allocates nothing:
    they stay valid until the next reduce on that state. Copy them to keep them longer.
*/

/*!
    \variable koder::agent::StreamTokenEvent::messageId

    The id of the assistant message streamed into: each step of a turn streams into its own
    message.
*/

/*!
    \variable koder::agent::StreamTokenEvent::token

    The text that was appended.
*/

/*!
    \class koder::agent::ToolCallEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief The model asked for a tool call (\c toolCall).

    The call is decided when its step ends: it may run, be denied, or wait for the user.
*/

/*!
    \variable koder::agent::ToolCallEvent::messageId

    The id of the assistant message that holds the call.
*/

/*!
    \variable koder::agent::ToolCallEvent::call

    The call, with the id the core settled on.
*/

/*!
    \class koder::agent::StepFinishEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A step of the turn finished: the model ended one request (\c stepFinish).

    It comes before the turn's terminal event when the step was the last one, and before the
    tool phase otherwise.
*/

/*!
    \variable koder::agent::StepFinishEvent::messageId

    The id of the step's assistant message.
*/

/*!
    \variable koder::agent::StepFinishEvent::step

    The step's index in the turn, from \c 1.
*/

/*!
    \variable koder::agent::StepFinishEvent::finishReason

    Why the model stopped, normalised (see
    \l {koder::agent::normalizedFinishReason()}{normalizedFinishReason()}).
*/

/*!
    \class koder::agent::StreamEndEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief The turn ended normally (\c streamEnd, terminal).

    Also the terminal event of a turn that ended by a \l {koder::agent::Handoff}{Handoff}.
*/

/*!
    \variable koder::agent::StreamEndEvent::messageId

    The id of the turn's last assistant message.
*/

/*!
    \class koder::agent::ErrorEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief The turn ended with an error (\c error, terminal).

    The error is also in \l {koder::agent::State::lastError}{State::lastError}. A user's stop is
    not an error: it ends with \l {koder::agent::AbortedEvent}{AbortedEvent}.
*/

/*!
    \variable koder::agent::ErrorEvent::messageId

    The id of the assistant message of the step that failed.
*/

/*!
    \variable koder::agent::ErrorEvent::error

    What went wrong.
*/

/*!
    \class koder::agent::AbortedEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief The turn was stopped (\c aborted, terminal).
*/

/*!
    \variable koder::agent::AbortedEvent::messageId

    The id of the assistant message of the step that was stopped; its partial text stays.
*/

/*!
    \class koder::agent::CheckpointRestoredEvent
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief A checkpoint was restored (\c checkpointRestored).

    \sa koder::agent::RestoreCheckpoint
*/

/*!
    \variable koder::agent::CheckpointRestoredEvent::messageId

    The id of the checkpoint message.
*/

/*!
    \variable koder::agent::CheckpointRestoredEvent::payload

    The checkpoint's payload, JSON text as \l {koder::agent::AddCheckpoint}{AddCheckpoint} gave
    it.
*/

// ---- announcements ----

/*!
    \enum koder::agent::Politeness

    How urgently assistive technology should speak an announcement, as ARIA live regions say it.

    \value Off Not announced.
    \value Polite Spoken when the user is idle.
    \value Assertive Spoken at once, interrupting.
*/

/*!
    \class koder::agent::Announcement
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Something to announce to assistive technology.

    The core announces the boundaries of a reply and its text in phrase-sized pieces, never
    token by token; the Qt layer turns them into accessibility events. An announcement names
    its message and, for reply text, a range of the message's text rather than a copy.
*/

/*!
    \enum koder::agent::Announcement::Kind

    What is announced. Errors and approvals are assertive; everything else is polite.

    \value ReplyStarted A reply started.
    \value ReplyText A phrase of the streaming reply: the bytes from
           \l {koder::agent::Announcement::offset}{offset} to \c {offset + length} of the
           message's text. A phrase ends after \c . \c ! \c ? \c ; \c : or a line break, or after
           160 bytes without one; the rest is announced when the step ends.
    \value ReplyFinished The reply finished.
    \value Stopped The reply was stopped.
    \value Error The turn failed.
    \value ApprovalNeeded Tool calls wait for the user's decision.
    \value InputNeeded A question of the agent waits for the user's answer.
    \value ContextHigh The context crossed a threshold of the window: \c offset is its percent
           (80 polite, 95 assertive). Each is announced once, again after the ratio fell below.
    \value MessageAdded The user's message joined the running reply
           (\l {koder::agent::BusyPolicy}{BusyPolicy::Steer}).
*/

/*!
    \variable koder::agent::Announcement::kind

    What is announced.
*/

/*!
    \variable koder::agent::Announcement::politeness

    How urgently.
*/

/*!
    \variable koder::agent::Announcement::messageId

    The message it is about.
*/

/*!
    \variable koder::agent::Announcement::offset

    For \c ReplyText: where the phrase starts in the message's text, in bytes of UTF-8.
*/

/*!
    \variable koder::agent::Announcement::length

    For \c ReplyText: the phrase's length, in bytes of UTF-8.
*/

/*!
    \fn bool koder::agent::Announcement::operator==(const koder::agent::Announcement &a, const koder::agent::Announcement &b)

    Returns \c true if every field of \a a equals that of \a b.
*/

// ---- rejection ----

/*!
    \enum koder::agent::RejectReason

    Why an input was rejected. The names in parentheses are the ones
    \l {koder::agent::toString(koder::agent::RejectReason)}{toString()} returns; the sentences
    are the ones \l {koder::agent::describe(koder::agent::RejectReason)}{describe()} returns.

    \value TurnInProgress A turn is open (\c "turnInProgress"): "A reply is still in
           progress."
    \value NoTurn There is nothing to abort (\c "noTurn"): "There is no reply in progress."
    \value UnknownMessage No message has that id (\c "unknownMessage").
    \value NotUserMessage Only user messages can be edited (\c "notUserMessage").
    \value NotCheckpoint The message is not a checkpoint (\c "notCheckpoint").
    \value StillStreaming The message is being streamed into (\c "stillStreaming").
    \value NothingToRun There is no user message to answer at or before that message
           (\c "nothingToRun").
    \value UnknownToolCall No call with that id waits for a decision, or none waits at all
           (\c "unknownToolCall").
    \value InvalidMessages Messages to add or set are invalid or use an id twice; the detail
           says which (\c "invalidMessages").
    \value InvalidValue A value is not valid, such as \c maxSteps below 1, an empty message or
           edited arguments that do not fit the tool; the detail says which
           (\c "invalidValue").
    \value ReadOnly The conversation could not be loaded, so it takes nothing new; the detail
           says why (\c "readOnly").
    \value TooManyTurns As many turns run in the background as the
           \l {koder::agent::Runtime}{Runtime} allows; the detail gives the count
           (\c "tooManyTurns").
    \value UnknownInput No question with that id waits for an answer (\c "unknownInput").
    \value NothingToCompact Compaction found no rows before the ones it keeps
           (\c "nothingToCompact").
    \value Compacting A compaction runs already (\c "compacting").
    \value NotSummary The message is not a summary (\c "notSummary"); also a regenerate of a
           summary.
    \value NotCutOff The reply was not cut by the output limit, or is not the last row
           (\c "notCutOff").
*/

/*!
    \class koder::agent::Rejection
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/outcome.h
    \brief Why an input was rejected.

    A rejected input changes nothing: the state is untouched and the outcome carries no change,
    effect, event or announcement.
*/

/*!
    \variable koder::agent::Rejection::action

    The rejected action's name, as \l {koder::agent::actionName()}{actionName()} gives it
    (\c "send", \c "edit", ...). It views a string literal, so it stays valid.
*/

/*!
    \variable koder::agent::Rejection::reason

    Why.
*/

/*!
    \variable koder::agent::Rejection::detail

    More about it: which value or which field, or why the conversation could not be loaded.
    Worth showing after the sentence when \l {koder::agent::showsDetail()}{showsDetail()} says
    so; otherwise it names the id concerned, for logs.
*/

namespace koder::agent {

// Both by type: an event that is not decided on here does not compile.
/*!
    \fn bool koder::agent::isTerminal(const koder::agent::Event &e)

    Returns \c true if \a e ends a turn: \c streamEnd, \c error or \c aborted. Every turn has
    exactly one.
*/
bool isTerminal(const Event& e)
{
    return std::visit(overloaded{
                          [](const UserMessageEvent&) { return false; },
                          [](const StreamStartEvent&) { return false; },
                          [](const StreamTokenEvent&) { return false; },
                          [](const ToolCallEvent&) { return false; },
                          [](const StepFinishEvent&) { return false; },
                          [](const StreamEndEvent&) { return true; },
                          [](const ErrorEvent&) { return true; },
                          [](const AbortedEvent&) { return true; },
                          [](const CheckpointRestoredEvent&) { return false; },
                          [](const CompactionEndEvent&) { return false; },
                      },
                      e);
}

/*!
    \fn std::string_view koder::agent::eventName(const koder::agent::Event &e)

    Returns the name of \a e, as the controller's signals and the debug log spell it:
    \c "userMessage", \c "streamStart", \c "streamToken", \c "toolCall", \c "stepFinish",
    \c "streamEnd", \c "error", \c "aborted", \c "checkpointRestored" or \c "compactionEnd".
*/
std::string_view eventName(const Event& e)
{
    using Name = std::string_view;
    return std::visit(
        overloaded{
            [](const UserMessageEvent&) -> Name { return "userMessage"; },
            [](const StreamStartEvent&) -> Name { return "streamStart"; },
            [](const StreamTokenEvent&) -> Name { return "streamToken"; },
            [](const ToolCallEvent&) -> Name { return "toolCall"; },
            [](const StepFinishEvent&) -> Name { return "stepFinish"; },
            [](const StreamEndEvent&) -> Name { return "streamEnd"; },
            [](const ErrorEvent&) -> Name { return "error"; },
            [](const AbortedEvent&) -> Name { return "aborted"; },
            [](const CheckpointRestoredEvent&) -> Name { return "checkpointRestored"; },
            [](const CompactionEndEvent&) -> Name { return "compactionEnd"; },
        },
        e);
}

// The one table of reasons. Its sentences are also the source texts the Qt layer translates
// (context "KoderAgentController"): lupdate finds them by the QT_TRANSLATE_NOOP marker, which here
// is the plain text and nothing more (the core stays toolkit-free).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace {
struct ReasonText {
    std::string_view name;
    std::string_view sentence;
};

// A switch, not a table indexed by the enumerator: a reason left out is a -Wswitch warning.
constexpr ReasonText reasonText(RejectReason reason)
{
    switch (reason) {
    case RejectReason::TurnInProgress:
        return {"turnInProgress",
                QT_TRANSLATE_NOOP("KoderAgentController", "A reply is still in progress.")};
    case RejectReason::NoTurn:
        return {"noTurn",
                QT_TRANSLATE_NOOP("KoderAgentController", "There is no reply in progress.")};
    case RejectReason::UnknownMessage:
        return {"unknownMessage",
                QT_TRANSLATE_NOOP("KoderAgentController", "There is no message with that id.")};
    case RejectReason::NotUserMessage:
        return {"notUserMessage",
                QT_TRANSLATE_NOOP("KoderAgentController", "Only your own messages can be edited.")};
    case RejectReason::NotCheckpoint:
        return {"notCheckpoint",
                QT_TRANSLATE_NOOP("KoderAgentController", "That message is not a checkpoint.")};
    case RejectReason::StillStreaming:
        return {"stillStreaming",
                QT_TRANSLATE_NOOP("KoderAgentController", "That message is still being written.")};
    case RejectReason::NothingToRun:
        return {"nothingToRun", QT_TRANSLATE_NOOP("KoderAgentController",
                                                  "There is no message of yours to answer.")};
    case RejectReason::UnknownToolCall:
        return {"unknownToolCall",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "No tool call with that id is waiting for a decision.")};
    case RejectReason::InvalidMessages:
        return {"invalidMessages",
                QT_TRANSLATE_NOOP("KoderAgentController", "The messages are not valid.")};
    case RejectReason::InvalidValue:
        return {"invalidValue",
                QT_TRANSLATE_NOOP("KoderAgentController", "The value is not valid.")};
    case RejectReason::ReadOnly:
        return {"readOnly",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "This conversation could not be loaded, so it is read-only "
                                  "until it is deleted or replaced.")};
    case RejectReason::TooManyTurns:
        return {"tooManyTurns",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "Too many replies are running in other conversations. Wait for "
                                  "one to finish, or open one and stop it.")};
    case RejectReason::UnknownInput:
        return {"unknownInput",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "No question with that id is waiting for an answer.")};
    case RejectReason::NothingToCompact:
        return {"nothingToCompact",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "There is nothing to summarise before the latest exchange.")};
    case RejectReason::Compacting:
        return {"compacting", QT_TRANSLATE_NOOP("KoderAgentController",
                                                "The conversation is being summarised already.")};
    case RejectReason::NotSummary:
        return {"notSummary",
                QT_TRANSLATE_NOOP("KoderAgentController", "That message is not a summary.")};
    case RejectReason::NotCutOff:
        return {"notCutOff",
                QT_TRANSLATE_NOOP("KoderAgentController",
                                  "Only the last reply, when the model's output limit cut it "
                                  "off, can be continued.")};
    }
    return {};
}
} // namespace

/*!
    \fn std::string_view koder::agent::describe(koder::agent::RejectReason reason)

    Returns a plain English sentence saying why an input was rejected for \a reason, such as
    "A reply is still in progress.". Meant for logs; the Qt layer shows its own translation of
    the same sentence.
*/
std::string_view describe(RejectReason reason)
{
    // The sentence is a string literal: its data() is null-terminated.
    return reasonText(reason).sentence;
}

/*!
    \fn bool koder::agent::showsDetail(koder::agent::RejectReason reason)

    Returns \c true if a rejection's \l {koder::agent::Rejection::detail}{detail} is worth
    showing to the user after the sentence for \a reason: which value or field was invalid
    (\c InvalidMessages, \c InvalidValue) or why the conversation could not be loaded
    (\c ReadOnly).
*/
bool showsDetail(RejectReason reason)
{
    return reason == RejectReason::InvalidMessages || reason == RejectReason::InvalidValue ||
           reason == RejectReason::ReadOnly;
}

/*!
    \fn std::string_view koder::agent::toString(koder::agent::RejectReason reason)

    Returns the name of \a reason in lower camel case, such as \c "turnInProgress".
*/
std::string_view toString(RejectReason reason)
{
    return reasonText(reason).name;
}

/*!
    \fn void koder::agent::Outcome::clear()

    Empties every part of the outcome but keeps the capacity of its lists, so that a reused
    outcome allocates nothing. \l {koder::agent::reduce()}{reduce()} calls it first.
*/
void Outcome::clear()
{
    changes.clear();
    effects.clear();
    events.clear();
    announcements.clear();
    rejection.reset();
    dropped = false;
    result.clear();
}

} // namespace koder::agent
