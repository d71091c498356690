// SPDX-License-Identifier: MIT
#include "koder/agent/input.h"

#include "koder/agent/overloaded.h"

#include <algorithm>

/*!
    \typealias koder::agent::Input

    Everything that can happen to a \l {koder::agent::State}{State}: a \c std::variant of the
    user actions and the transport events that \l {koder::agent::reduce()}{reduce()} takes.

    User actions (the controller's methods and property setters):

    \table
    \header \li Alternative \li What it does
    \row \li \l {koder::agent::Send}{Send} \li Appends a user message and starts a turn.
    \row \li \l {koder::agent::Regenerate}{Regenerate}
         \li Runs a turn again from a message; the old reply stays as another version.
    \row \li \l {koder::agent::Edit}{Edit}
         \li Makes new text a new version of a user message and answers it.
    \row \li \l {koder::agent::Branch}{Branch}
         \li Forks a new conversation with the history up to a message.
    \row \li \l {koder::agent::SwitchVersion}{SwitchVersion}
         \li Shows another version of a message.
    \row \li \l {koder::agent::Abort}{Abort} \li Stops the open turn.
    \row \li \l {koder::agent::Clear}{Clear}
         \li Empties the view; the stored copy stays.
    \row \li \l {koder::agent::DeleteConversation}{DeleteConversation}
         \li Removes the conversation from storage and starts a new one.
    \row \li \l {koder::agent::ApproveToolCall}{ApproveToolCall},
             \l {koder::agent::DenyToolCall}{DenyToolCall},
             \l {koder::agent::ApproveAll}{ApproveAll}, \l {koder::agent::DenyAll}{DenyAll}
         \li Decide the tool calls that wait for the user.
    \row \li \l {koder::agent::AddUserMessage}{AddUserMessage},
             \l {koder::agent::AddMessages}{AddMessages}
         \li Append messages without starting a turn.
    \row \li \l {koder::agent::SetMessages}{SetMessages} \li Replaces the history.
    \row \li \l {koder::agent::Reset}{Reset}
         \li Starts an empty conversation, keeping the settings.
    \row \li \l {koder::agent::SendQueued}{SendQueued},
             \l {koder::agent::CancelQueued}{CancelQueued}
         \li Send or drop a queued message.
    \row \li \l {koder::agent::AddCheckpoint}{AddCheckpoint},
             \l {koder::agent::RestoreCheckpoint}{RestoreCheckpoint}
         \li Append a checkpoint, or go back to one.
    \row \li \l {koder::agent::SwitchConversation}{SwitchConversation}
         \li Shows another conversation (loaded from a store or kept in memory).
    \row \li \l {koder::agent::SetAutoAccept}{SetAutoAccept},
             \l {koder::agent::SetToolPolicies}{SetToolPolicies},
             \l {koder::agent::SetBusyPolicy}{SetBusyPolicy},
             \l {koder::agent::SetSystemPrompt}{SetSystemPrompt},
             \l {koder::agent::SetTools}{SetTools}, \l {koder::agent::SetMaxSteps}{SetMaxSteps},
             \l {koder::agent::SetMaxRetries}{SetMaxRetries}
         \li Change a setting.
    \endtable

    Transport events, each naming the request it belongs to (an event of another request is
    dropped), and the result of a tool the layer above ran:

    \table
    \header \li Alternative \li What it reports
    \row \li \l {koder::agent::StreamStarted}{StreamStarted} \li The server took the request.
    \row \li \l {koder::agent::TextDelta}{TextDelta} \li A piece of the reply's text.
    \row \li \l {koder::agent::ReasoningDelta}{ReasoningDelta}
         \li A piece of the model's reasoning.
    \row \li \l {koder::agent::ToolCallRequested}{ToolCallRequested}
         \li A complete tool call the model asks for.
    \row \li \l {koder::agent::StreamEnded}{StreamEnded} \li The model finished the request.
    \row \li \l {koder::agent::StreamFailed}{StreamFailed}
         \li The transport or the model failed.
    \row \li \l {koder::agent::Handoff}{Handoff}
         \li The conversation is handed to another agent or a human.
    \row \li \l {koder::agent::ToolResult}{ToolResult} \li A tool's result.
    \row \li \l {koder::agent::ToolProgress}{ToolProgress} \li How far a running tool got.
    \endtable

    What a server that drives its own loop reports (an AG-UI agent: several messages in one
    request, tools it runs itself, its own view of the conversation):

    \table
    \header \li Alternative \li What it reports
    \row \li \l {koder::agent::MessageStarted}{MessageStarted}
         \li The server began a message of its own id.
    \row \li \l {koder::agent::ServerToolResult}{ServerToolResult}
         \li The result of a call the server ran.
    \row \li \l {koder::agent::ReconcileMessages}{ReconcileMessages}
         \li The server's view of the conversation.
    \row \li \l {koder::agent::ServerActivity}{ServerActivity}
         \li A step or an activity of the server, for the debug log.
    \endtable

    Questions from outside a tool call's result (an MCP server's elicitation, an AG-UI
    interrupt), which the user answers with \l {koder::agent::AnswerInput}{AnswerInput},
    \l {koder::agent::DeclineInput}{DeclineInput} or \l {koder::agent::CancelInput}{CancelInput}:

    \table
    \header \li Alternative \li What it does
    \row \li \l {koder::agent::RequestInput}{RequestInput} \li Asks the user a question.
    \row \li \l {koder::agent::WithdrawInput}{WithdrawInput} \li Takes the question back.
    \endtable

    An action that cannot be applied is rejected: the outcome carries a
    \l {koder::agent::Rejection}{Rejection} and the state is untouched. Each alternative's page
    lists the reasons it can be rejected for.

    \sa koder::agent::actionName()
*/

// ---- user actions ----

/*!
    \class koder::agent::Send
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sends a user message: appends it to the history and starts a turn.

    With no turn open, the user message is appended (event \c userMessage), followed by an
    empty assistant message that the reply streams into (event \c streamStart, status
    \l {koder::agent::Status}{Streaming}). The outcome carries a
    \l {koder::agent::StartTurn}{StartTurn} effect with the history to send and a
    \l {koder::agent::Persist}{Persist} effect. A conversation with no id yet gets one first.

    While a turn is open, \l {koder::agent::Settings::busyPolicy}{Settings::busyPolicy} decides: the
    send is rejected (\l {koder::agent::BusyPolicy}{Reject}, the default), queued (\c Queue:
    nothing is added to the history and \l {koder::agent::Outcome::result}{Outcome::result}
    holds the queued message's id), sent after the open turn is stopped (\c Interrupt), or added
    to the open turn (\c Steer).

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open under
    \c Reject, \c ReadOnly when the conversation could not be loaded, and \c InvalidValue when
    both the text and the attachments are empty.
*/

/*!
    \variable koder::agent::Send::text

    The text of the message.
*/

/*!
    \variable koder::agent::Send::attachments

    The attachments as JSON text (a list of objects with \c name, \c mimeType and \c url);
    empty for none.
*/

/*!
    \class koder::agent::Regenerate
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Runs a turn again from a message, keeping the old reply as another version.

    The turn re-runs from the user message \l {koder::agent::Regenerate::messageId}{messageId}
    names, or from the nearest user message before it. Everything after that user message leaves
    the active path and stays in \l {koder::agent::ConversationState::versions}{ConversationState::versions}; the new
    reply is a new version beside it and becomes the active one. An open turn is stopped first,
    as \l {koder::agent::Abort}{Abort} stops it (its \c aborted event comes before the new
    \c streamStart).

    Rejected with \l {koder::agent::RejectReason}{UnknownMessage} when no row has that id, and
    \c NothingToRun when no user message comes at or before it.
*/

/*!
    \variable koder::agent::Regenerate::messageId

    A message of the active path: the user message to answer again, or a message after it
    (usually the reply to regenerate).
*/

/*!
    \class koder::agent::Edit
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Replaces a user message's text with a new version and answers it.

    The edited message is a new version of the user message, with a new id and the new text; it
    keeps the original's attachments, context and selection. The original and everything under
    it stay in \l {koder::agent::ConversationState::versions}{ConversationState::versions}. A turn starts for the new
    version (event \c streamStart). An open turn is stopped first.

    Rejected with \l {koder::agent::RejectReason}{UnknownMessage} when no row has that id,
    \c NotUserMessage when it is not a user message, and \c InvalidValue when the new text is
    empty and the message has no attachments.
*/

/*!
    \variable koder::agent::Edit::messageId

    The user message to edit, a row of the active path.
*/

/*!
    \variable koder::agent::Edit::newText

    The new text.
*/

/*!
    \class koder::agent::Branch
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Forks a new conversation holding the history up to a message.

    The outcome carries a \l {koder::agent::ForkConversation}{ForkConversation} effect with a new
    conversation id and a copy of the active path up to and including
    \l {koder::agent::Branch::messageId}{messageId} (without other versions), and
    \l {koder::agent::Outcome::result}{Outcome::result} holds the new id. The current
    conversation is unchanged; showing the fork is a
    \l {koder::agent::SwitchConversation}{SwitchConversation}.

    Rejected with \l {koder::agent::RejectReason}{UnknownMessage} when no row has that id, and
    \c StillStreaming when it is the message being streamed.
*/

/*!
    \variable koder::agent::Branch::messageId

    The last message of the fork, a row of the active path.
*/

/*!
    \class koder::agent::SwitchVersion
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Shows another version of a message of the active path.

    The active path switches to version \l {koder::agent::SwitchVersion::index}{index} among
    the siblings of \l {koder::agent::SwitchVersion::messageId}{messageId}, and continues under
    it with the descendants that were active there last. The rows from that message on are
    removed and the other version's rows inserted; the status becomes
    \l {koder::agent::Status}{Interrupted} when the shown path ends with a stopped reply, else
    \c Idle. Asking for the version already shown changes nothing.

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open,
    \c UnknownMessage when no row has that id, and \c InvalidValue when the index is out of
    range.

    \sa koder::agent::versionOf()
*/

/*!
    \variable koder::agent::SwitchVersion::messageId

    A row of the active path.
*/

/*!
    \variable koder::agent::SwitchVersion::index

    The version to show, 0-based among the message's siblings (oldest first).
*/

/*!
    \fn std::optional<std::vector<koder::agent::SwitchVersion>> koder::agent::switchesToShow(const std::vector<koder::agent::Message> &path, const koder::agent::Versions &versions, std::string_view id)
    \relates koder::agent::SwitchVersion

    Returns the SwitchVersion inputs that make the active path \a path go through the message
    \a id, in the order to dispatch them: the topmost first (each shows a version whose
    remembered descendants the next one starts from). Empty when \a id is on \a path already;
    \c std::nullopt when neither \a path nor \a versions holds it.

    A search result can be any version of any message; this is how a view shows it.
*/

/*!
    \class koder::agent::Abort
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Stops the open turn.

    Works whether a reply streams, a tool call waits for the user or a tool runs. The partial
    reply stays in the history with \l {koder::agent::Message::aborted}{aborted} set; calls that
    waited or ran are recorded as cancelled tool messages; the status becomes
    \l {koder::agent::Status}{Interrupted}. The outcome carries a
    \l {koder::agent::CancelTurn}{CancelTurn} effect, a \l {koder::agent::Persist}{Persist}
    effect and the turn's terminal event, \c aborted. Tokens that still arrive for the turn's
    requests are dropped.

    Rejected with \l {koder::agent::RejectReason}{NoTurn} when no turn is open.
*/

/*!
    \class koder::agent::Clear
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Empties the view of the conversation; the stored copy stays untouched.

    An open turn is stopped (\c aborted), the history, the queued messages and the tools granted
    for the conversation are dropped, and the change set is a reset. Nothing is written: the
    next message added starts a new conversation with a new id
    (\l {koder::agent::ConversationState::cleared}{ConversationState::cleared}). Never rejected.
*/

/*!
    \class koder::agent::DeleteConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Removes the conversation from storage and starts a new, empty one.

    An open turn is stopped (\c aborted); the outcome carries a
    \l {koder::agent::DeleteStoredConversation}{DeleteStoredConversation} effect for the current
    conversation id (when it has one), the history is emptied and a new conversation id is
    made. The settings are kept. Never rejected.
*/

/*!
    \class koder::agent::ApproveToolCall
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Approves one tool call that waits for the user.

    The call leaves \l {koder::agent::State::pendingToolCalls}{State::pendingToolCalls} and runs:
    the outcome carries an \l {koder::agent::ExecuteTool}{ExecuteTool} effect, and the decision
    is recorded for the call's tool message. The approval's
    \l {koder::agent::ApproveToolCall::scope}{scope} may grant the tool beyond this call, and a
    new grant may let other waiting calls run too. Once no call waits and none runs, the turn
    goes on with its next step.

    A call whose tool is no longer registered is answered with an error result, and one whose
    tool's policy is now \l {koder::agent::ToolPolicy}{Deny} is denied: neither runs.

    Rejected with \l {koder::agent::RejectReason}{UnknownToolCall} when no waiting call has
    that id, and \c InvalidValue when the edited arguments are not a JSON object that fits the
    tool's \l {koder::agent::ToolInfo::parameters}{parameters} (the detail says why, after
    \c {"arguments: "}).
*/

/*!
    \variable koder::agent::ApproveToolCall::callId

    The id of the waiting call.
*/

/*!
    \variable koder::agent::ApproveToolCall::scope

    How far the approval reaches: this call only (\l {koder::agent::ApprovalScope}{Once}, the
    default), the tool for the rest of the conversation (\c Conversation), or the tool from now
    on (\c Always: its policy becomes \l {koder::agent::ToolPolicy}{Allow}).
*/

/*!
    \variable koder::agent::ApproveToolCall::arguments

    Arguments the user edited, as JSON text of an object, replacing the model's; none by
    default. They are checked against the tool's parameters. The history and the next request
    then hold the arguments that ran, and the audit record notes the edit and the model's
    original arguments.
*/

/*!
    \class koder::agent::AnswerInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Answers a question of the agent that waits for the user.

    The answer \l value is checked against the question's schema
    (\l {koder::agent::checkAnswer()}{checkAnswer()}); one that does not fit is rejected with
    \l {koder::agent::RejectReason}{InvalidValue} (the detail says why) and the question keeps
    waiting. A fitting answer takes the question out of
    \l {koder::agent::State::pendingInputs}{State::pendingInputs}; a question a tool call asked
    gets its tool message, whose text is the answer
    (\l {koder::agent::answerText()}{answerText()}) and whose metadata records
    \c {{"input": {"decision": "answered", "value": ...}}}; once nothing else waits or runs,
    the turn goes on with its next step.

    A question from outside a tool call (\l {koder::agent::RequestInput}{RequestInput}) gets no
    tool message: the answer, with the schema's defaults filled in for what the user left out
    (\l {koder::agent::withSchemaDefaults()}{withSchemaDefaults()}; checked so), goes to its
    asker in a \l {koder::agent::SettleInput}{SettleInput} effect. The turn moves on only if it
    was the last thing its tool phase waited for.

    Rejected with \l {koder::agent::RejectReason}{UnknownInput} when no waiting question has
    that id.
*/

/*!
    \variable koder::agent::AnswerInput::id

    The question's \l {koder::agent::PendingInput::id}{id}.
*/

/*!
    \variable koder::agent::AnswerInput::value

    The answer: JSON text of the object the question's schema describes, such as
    \c {{"answer": "Blue"}}.
*/

/*!
    \class koder::agent::DeclineInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The user declines to answer a question of the agent.

    The question leaves \l {koder::agent::State::pendingInputs}{State::pendingInputs}; a question
    a tool call asked gets its tool message \c {"The user declined to answer."}
    (\l {koder::agent::declinedAnswerText}{declinedAnswerText}) with \c {metadata.input.decision}
    \c "declined", and the turn goes on: the model reads the decline. A question from outside a
    tool call goes back to its asker as declined (\l {koder::agent::SettleInput}{SettleInput}).
    Rejected with \l {koder::agent::RejectReason}{UnknownInput} when no waiting question has
    that id.
*/

/*!
    \variable koder::agent::DeclineInput::id

    The question's \l {koder::agent::PendingInput::id}{id}.
*/

/*!
    \class koder::agent::CancelInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The user dismisses a question of the agent without deciding.

    As \l {koder::agent::DeclineInput}{DeclineInput}, recorded as \c "cancelled".
*/

/*!
    \variable koder::agent::CancelInput::id

    The question's \l {koder::agent::PendingInput::id}{id}.
*/

/*!
    \class koder::agent::DenyToolCall
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Denies one tool call that waits for the user.

    The call does not run. A tool message with \l {koder::agent::Message::denied}{denied} set
    answers it, so the model learns of the denial: its text is
    \c {"The user denied this tool call."}, followed by \c {" Reason: "} and the reason when one
    is given. Once no call waits and none runs, the turn goes on with its next step.

    Rejected with \l {koder::agent::RejectReason}{UnknownToolCall} when no waiting call has
    that id.
*/

/*!
    \variable koder::agent::DenyToolCall::callId

    The id of the waiting call.
*/

/*!
    \variable koder::agent::DenyToolCall::reason

    Why the user denied it, for the model to read; may be empty.
*/

/*!
    \class koder::agent::ApproveAll
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Approves every tool call that waits for the user.

    Each waiting call is approved as \l {koder::agent::ApproveToolCall}{ApproveToolCall} with
    the same scope and the model's arguments would approve it.

    Rejected with \l {koder::agent::RejectReason}{UnknownToolCall} when no call waits.
*/

/*!
    \variable koder::agent::ApproveAll::scope

    How far each approval reaches; \l {koder::agent::ApprovalScope}{Once} by default.
*/

/*!
    \class koder::agent::DenyAll
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Denies every tool call that waits for the user.

    Each waiting call is denied as \l {koder::agent::DenyToolCall}{DenyToolCall} would deny it.

    Rejected with \l {koder::agent::RejectReason}{UnknownToolCall} when no call waits.
*/

/*!
    \variable koder::agent::DenyAll::reason

    Why the user denied them, for the model to read; may be empty.
*/

/*!
    \class koder::agent::AddUserMessage
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Appends a user message without starting a turn.

    The message is appended and written (\l {koder::agent::Persist}{Persist}); no event is
    emitted and nothing is sent to the model.

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open, and
    \c ReadOnly when the conversation could not be loaded.
*/

/*!
    \variable koder::agent::AddUserMessage::text

    The text of the message.
*/

/*!
    \class koder::agent::AddMessages
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Appends messages to the history without starting a turn.

    The messages are appended in order and written; a message without an id gets one. No event
    is emitted and nothing is sent to the model. Messages an application hands over as JSON are
    read with \l {koder::agent::importMessages()}{importMessages()} first.

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open,
    \c ReadOnly when the conversation could not be loaded, and \c InvalidMessages when an id is
    used twice, among the new messages or by a message already in the conversation (the
    rejection's detail names the first, such as \c {messages[2].id: duplicate id "m7"}).
*/

/*!
    \variable koder::agent::AddMessages::messages

    The messages to append, in order.
*/

/*!
    \class koder::agent::SetMessages
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Replaces the whole history.

    An open turn is stopped (\c aborted); the history becomes
    \l {koder::agent::SetMessages::messages}{messages}, with no other versions, and the change
    set is a reset. The status becomes \l {koder::agent::Status}{Interrupted} when the last
    message is a stopped reply, else \c Idle, and \l {koder::agent::State::lastError}{lastError}
    is cleared. A message without an id gets one. The whole conversation is written
    (\l {koder::agent::Persist::allVersions}{Persist::allVersions}). A conversation that could
    not be loaded is writable again afterwards.

    Rejected with \l {koder::agent::RejectReason}{InvalidMessages} when an id is used twice.
*/

/*!
    \variable koder::agent::SetMessages::messages

    The new history, oldest first.
*/

/*!
    \class koder::agent::Reset
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Starts an empty conversation with a new id, keeping the settings.

    An open turn is stopped (\c aborted); the history, the queued messages and the tools granted
    for the conversation are dropped, and a new conversation id is made. The tools, the system
    prompt and the policies are kept. Nothing is written or deleted. Never rejected.
*/

/*!
    \class koder::agent::SetAutoAccept
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets which tool calls run without asking.

    Sets \l {koder::agent::Settings::autoAccept}{Settings::autoAccept}. The calls that wait for the
    user are decided again under the new mode: some may run now. Never rejected.
*/

/*!
    \variable koder::agent::SetAutoAccept::mode

    The new mode.
*/

/*!
    \class koder::agent::SetBusyPolicy
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets what a send does while a turn is open.

    Sets \l {koder::agent::Settings::busyPolicy}{Settings::busyPolicy}. Never rejected.
*/

/*!
    \variable koder::agent::SetBusyPolicy::policy

    The new policy.
*/

/*!
    \class koder::agent::SendQueued
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sends the first queued message now.

    The first message of \l {koder::agent::ConversationState::queued}{ConversationState::queued} leaves the queue and
    is sent as \l {koder::agent::Send}{Send} would send it. A queue is sent by itself only after
    a turn that ends with \c streamEnd and status \l {koder::agent::Status}{Idle}; after an
    error, an abort or a \l {koder::agent::Handoff}{Handoff} it waits for this input.

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open,
    \c ReadOnly when the conversation could not be loaded, and \c InvalidValue when the queue
    is empty.
*/

/*!
    \class koder::agent::CancelQueued
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Drops a queued message.

    The message leaves \l {koder::agent::ConversationState::queued}{ConversationState::queued} without being sent.

    Rejected with \l {koder::agent::RejectReason}{UnknownMessage} when no queued message has
    that id.
*/

/*!
    \variable koder::agent::CancelQueued::id

    The id of the queued message.
*/

/*!
    \class koder::agent::SetToolPolicies
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Replaces the per-tool policies.

    Sets \l {koder::agent::Settings::toolPolicies}{Settings::toolPolicies}. The calls that wait for
    the user are decided again under the new policies: some may run or be denied now. Never
    rejected.
*/

/*!
    \variable koder::agent::SetToolPolicies::policies

    The new policies, a tool name to its policy.
*/

/*!
    \class koder::agent::SetSystemPrompt
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets the system prompt sent with every request.

    Sets \l {koder::agent::Settings::systemPrompt}{Settings::systemPrompt}; the next request uses it.
    Never rejected.
*/

/*!
    \variable koder::agent::SetSystemPrompt::prompt

    The new prompt; empty for none.
*/

/*!
    \class koder::agent::SetTools
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Replaces the list of registered tools.

    Sets \l {koder::agent::Settings::tools}{Settings::tools}. The calls that wait for the user
    are decided again, as by \l {koder::agent::SetToolPolicies}{SetToolPolicies}: a tool's own
    policy (\l {koder::agent::ToolInfo::policy}{ToolInfo::policy}) that is new may run or deny
    one now. A call whose tool is gone keeps waiting (an MCP server may bring it back); approved
    meanwhile, it is answered with an error result. Never rejected.
*/

/*!
    \variable koder::agent::SetTools::tools

    The registered tools.
*/

/*!
    \class koder::agent::SetMaxSteps
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets the most steps one turn may take.

    Sets \l {koder::agent::Settings::maxSteps}{Settings::maxSteps}. Rejected with
    \l {koder::agent::RejectReason}{InvalidValue} when it is less than 1.
*/

/*!
    \variable koder::agent::SetMaxSteps::maxSteps

    The new limit, at least 1.
*/

/*!
    \class koder::agent::SetMaxRetries
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets how often a retryable error is retried without a hook asking.

    Sets \l {koder::agent::Settings::maxRetries}{Settings::maxRetries}. Rejected with
    \l {koder::agent::RejectReason}{InvalidValue} when it is negative.
*/

/*!
    \variable koder::agent::SetMaxRetries::maxRetries

    The new number of retries, \c 0 or more.
*/

/*!
    \class koder::agent::AddCheckpoint
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Appends a checkpoint message.

    Appends a message of role \l {koder::agent::Role}{Checkpoint} whose text is the payload, and
    writes it. Checkpoints are never sent to the model.

    Rejected with \l {koder::agent::RejectReason}{TurnInProgress} while a turn is open, and
    \c ReadOnly when the conversation could not be loaded.

    \sa koder::agent::RestoreCheckpoint
*/

/*!
    \variable koder::agent::AddCheckpoint::payload

    What the application wants back when the checkpoint is restored, as JSON text.
*/

/*!
    \class koder::agent::RestoreCheckpoint
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Goes back to a checkpoint: drops the history after it and hands back its payload.

    The rows after the checkpoint are removed (with any other versions under them), and the
    outcome carries a \l {koder::agent::CheckpointRestoredEvent}{CheckpointRestoredEvent} with
    the checkpoint's payload and a \l {koder::agent::Persist}{Persist} effect.

    Rejected with \l {koder::agent::RejectReason}{UnknownMessage} when no row has that id,
    \c NotCheckpoint when it is not a checkpoint, and \c TurnInProgress while a turn is open.
*/

/*!
    \variable koder::agent::RestoreCheckpoint::messageId

    The checkpoint message, a row of the active path.
*/

/*!
    \class koder::agent::SwitchConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Shows another conversation, loaded from a store or kept in memory.

    The open turn of the state is stopped (\c aborted) and the history is replaced by the
    conversation's (the change set is a reset). The conversation comes back as it was stored:
    its other versions, its queued messages, the tools granted for it, and its tool phase. A
    conversation stored while tool calls waited for the user comes back waiting for them
    (status \l {koder::agent::Status}{ReviewingToolCall}, the same
    \l {koder::agent::State::pendingToolCalls}{pendingToolCalls}); a call whose tool was
    running when the conversation was stored is recorded as not completed, since its result is
    lost and running it again unasked could repeat a side effect.

    A conversation that could not be loaded
    (\l {koder::agent::SwitchConversation::loadError}{loadError} set) is shown empty and
    read-only, with \l {koder::agent::State::lastError}{State::lastError} code
    \c "load_failed".

    Rejected with \l {koder::agent::RejectReason}{InvalidMessages} when an id is used twice.

    \note The \l {koder::agent::Runtime}{Runtime} keeps a turn that is open in the conversation
    being left running in the background; the reducer alone stops it.
*/

/*!
    \class koder::agent::OpenConversation
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Asks to show another conversation; the reducer decides what becomes of the open turn.

    What \l {koder::agent::Runtime::openConversation()}{Runtime::openConversation()} dispatches.
    The reducer decides, and the transition table shows it:

    \list
    \li The conversation shown now is asked for again: it is loaded anew
        (\l {koder::agent::LoadConversation}{LoadConversation}).
    \li Its turn runs on in the background (\l {koder::agent::State::background}{background}):
        it is shown live, as it is (\l {koder::agent::ShowBackground}{ShowBackground}).
    \li Otherwise it is loaded (\l {koder::agent::LoadConversation}{LoadConversation}).
    \endlist

    A turn open in the conversation being left runs on in the background
    (\l {koder::agent::LeaveRunning}{LeaveRunning}, or ShowBackground's
    \l {koder::agent::ShowBackground::keepLeft}{keepLeft}) while fewer than
    \l {koder::agent::Settings::maxBackgroundTurns}{maxBackgroundTurns} run there (one coming
    back makes room). Otherwise it stops: the loaded conversation replaces it (a
    \l {koder::agent::SwitchConversation}{SwitchConversation} aborts it), and a conversation
    coming back from the background stops it first, as \l {koder::agent::Abort}{Abort} does.
*/

/*!
    \variable koder::agent::OpenConversation::conversationId

    The conversation to show.
*/

/*!
    \class koder::agent::BackgroundEnded
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief A turn that ran in the background ended, or its conversation was deleted.

    The \l {koder::agent::Runtime}{Runtime} dispatches it when it retires a background turn: the
    conversation leaves \l {koder::agent::State::background}{State::background}, and a send that
    was refused with \l {koder::agent::RejectReason}{TooManyTurns} may open its turn now.
*/

/*!
    \variable koder::agent::BackgroundEnded::conversationId

    The conversation whose turn no longer runs.
*/

/*!
    \class koder::agent::SetMaxBackgroundTurns
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets \l {koder::agent::Settings::maxBackgroundTurns}{Settings::maxBackgroundTurns}.

    Rejected with \l {koder::agent::RejectReason}{InvalidValue} when negative. Turns already
    running in the background go on; a lower limit only refuses new ones.
*/

/*!
    \variable koder::agent::SetMaxBackgroundTurns::turns

    How many turns may run on in conversations not shown; 0 stops a turn when its conversation
    is left.
*/

/*!
    \class koder::agent::SetContextWindow
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets \l {koder::agent::Settings::contextWindow}{Settings::contextWindow}.

    Rejected with \l {koder::agent::RejectReason}{InvalidValue} when negative.
    \sa {Context budget}
*/

/*!
    \variable koder::agent::SetContextWindow::tokens

    The model's context window in tokens; 0 when unknown.
*/

/*!
    \class koder::agent::SetAutoCompact
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Sets \l {koder::agent::Settings::autoCompact}{Settings::autoCompact}.

    Rejected with \l {koder::agent::RejectReason}{InvalidValue} outside 0 to 1.
*/

/*!
    \variable koder::agent::SetAutoCompact::ratio

    Compaction starts after a reply whose contextRatio() is at least this; 0 turns it off.
*/

/*!
    \class koder::agent::Compact
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Summarises the older part of the conversation into one summary row.

    The rows kept as they are: whole exchanges from a user message on, the last one at least
    (while a turn is open, the one it began with), and as many before it as fit in a quarter of
    \l {koder::agent::Settings::contextWindow}{the window} by the estimate. The rows between
    the last summary (taken in) and them are sent in a request of its own: a
    \l {koder::agent::StartTurn}{StartTurn} of \l {koder::agent::RequestKind}{RequestKind}
    \c Summary, whose history ends with a user message that asks for the summary. It is no turn:
    the status does not change, a send meanwhile goes out uncompacted, and the events of that
    request (State::compaction's \c requestId) build the summary. When it ends, a message of
    \l {koder::agent::Role}{Role::Summary} is inserted before the first row kept (a change of
    kind \c Inserted in the middle of the list), written, and a
    \l {koder::agent::CompactionEndEvent}{CompactionEndEvent} names it. The rows kept become
    its children, their other versions too. A failure, an empty answer, an
    \l {koder::agent::Abort}{Abort} while no turn is open, leaving the conversation, or a
    history that no longer holds the rows summarised end it without a summary (the event
    carries the error).

    Rejected with \l {koder::agent::RejectReason}{NothingToCompact} when no row lies before the
    rows kept, \c Compacting while one runs, \c ReadOnly for a conversation that could not be
    loaded.
    \sa koder::agent::UndoCompaction, {Context budget}
*/

/*!
    \class koder::agent::UndoCompaction
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Removes a summary row: the rows before it are sent again.

    The change is a \c Removed in the middle of the list; the rows under the summary hang under
    the row before it again. Rejected with \c UnknownMessage or \c NotSummary.
*/

/*!
    \variable koder::agent::UndoCompaction::messageId

    The summary row.
*/

/*!
    \class koder::agent::ContinueReply
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Continues a reply the output limit cut off, in the same row.

    The reply must be the last row and its finish reason \c "length". A turn opens on that row
    (\l {koder::agent::Turn::continuedFrom}{Turn::continuedFrom}); its request is
    \l {koder::agent::RequestKind}{RequestKind} \c Continuation with the reply last in the
    history, and the deltas are appended to it. The row's usage becomes the new request's; the
    earlier one is kept in \c metadata.earlierUsage (costOf() counts both). Rejected with
    \c NotCutOff, \c UnknownMessage or \c TurnInProgress.
*/

/*!
    \variable koder::agent::ContinueReply::messageId

    The reply to continue.
*/

/*!
    \variable koder::agent::SwitchConversation::conversationId

    The conversation's id; when empty, a new id is made.
*/

/*!
    \variable koder::agent::SwitchConversation::messages

    Its active path, oldest first.
*/

/*!
    \variable koder::agent::SwitchConversation::loadError

    Non-empty when the conversation could not be loaded: why. It is then shown empty and
    read-only (nothing may be added, so nothing overwrites the stored copy) until it is replaced
    (\l {koder::agent::SetMessages}{SetMessages}), deleted, cleared or left.
*/

/*!
    \variable koder::agent::SwitchConversation::versions

    The rest of its tree, as \l {koder::agent::assembleVersions()}{assembleVersions()} builds
    and checks it.
*/

/*!
    \variable koder::agent::SwitchConversation::approvals

    Its stored tool phase (\l {koder::agent::approvalStateOf()}{approvalStateOf()} made it): a
    conversation left waiting for the user comes back waiting.
*/

/*!
    \variable koder::agent::SwitchConversation::queued

    Its queued messages (\l {koder::agent::BusyPolicy}{BusyPolicy::Queue}).
*/

// ---- transport events ----

/*!
    \class koder::agent::StreamStarted
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The server took a request.

    Nothing changes; observers such as the debug log may note it. Dropped when it names another
    request than the one streaming.
*/

/*!
    \variable koder::agent::StreamStarted::requestId

    The request, as \l {koder::agent::StartTurn::requestId}{StartTurn::requestId} named it.
*/

/*!
    \class koder::agent::TextDelta
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief A piece of the reply's text.

    The text is appended to the streaming assistant message. The outcome reports the row's
    \l {koder::agent::Field}{Text} as changed, a \l {koder::agent::StreamTokenEvent}{streamToken}
    event, and a \l {koder::agent::Announcement}{ReplyText} announcement when the text now ends
    a phrase (after \c . \c ! \c ? \c ; \c : or a line break, or every 160 bytes without one).
    Amortized O(1), and allocation-free beyond the text's growth when the Outcome is reused.

    Dropped when it names another request than the one streaming.
*/

/*!
    \variable koder::agent::TextDelta::requestId

    The request the text belongs to.
*/

/*!
    \variable koder::agent::TextDelta::text

    The new text, UTF-8.
*/

/*!
    \class koder::agent::ReasoningDelta
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief A piece of the model's reasoning.

    The text is appended to the streaming message's
    \l {koder::agent::Message::reasoning()}{reasoning()}, and the outcome reports the row's
    \l {koder::agent::Field}{Reasoning} as changed; no event. Dropped when it names another
    request than the one streaming.
*/

/*!
    \variable koder::agent::ReasoningDelta::requestId

    The request the reasoning belongs to.
*/

/*!
    \variable koder::agent::ReasoningDelta::text

    The new reasoning text, UTF-8.
*/

/*!
    \class koder::agent::ToolCallRequested
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief A complete tool call the model asks for.

    The transport assembles the call's argument fragments first. The call is added to the
    streaming message's \l {koder::agent::Message::toolCalls()}{toolCalls()}, and the outcome
    carries a \l {koder::agent::ToolCallEvent}{toolCall} event. A call without an id, or with an
    id used before in the turn, gets a new one. Nothing runs yet: the calls of a step are decided
    when the step ends (\l {koder::agent::StreamEnded}{StreamEnded}).

    A call the server runs itself (\l runner \c Server or \c ServerAfterApproval) whose id
    already stands on a row of the conversation updates that call where it stands (its name and
    arguments) instead of adding one; a \c ServerAfterApproval call also joins the step's calls
    to be decided.

    Dropped when it names another request than the one streaming.
*/

/*!
    \variable koder::agent::ToolCallRequested::runner

    Who runs the call: \c CallRunner::Client (the default) for the tools this side runs.
*/

/*!
    \enum koder::agent::CallRunner
    \relates koder::agent::ToolCallRequested

    Who runs a tool call a request brought.

    \value Client
        Decided by the policies or the user and run here (an
        \l {koder::agent::ExecuteTool}{ExecuteTool} effect); its result goes to the next
        request.
    \value Server
        The server runs it (AG-UI's backend tools, and calls of tools this side does not have):
        shown on its row, never decided, run or answered here. Its result may come as a
        \l {koder::agent::ServerToolResult}{ServerToolResult}.
    \value ServerAfterApproval
        The server waits for a decision before it runs it (an AG-UI \c tool_call interrupt):
        decided here like any call (policies, autoAccept, the user, edited arguments); the
        decision goes back to the server in a
        \l {koder::agent::SettleApproval}{SettleApproval} effect, nothing runs here and no tool
        message is written for it. It is never stored: it dies with the server's run.
*/

/*!
    \class koder::agent::MessageStarted
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The server began a message of its own in the streaming request.

    An AG-UI agent names each message it streams. While the reply row has said nothing (no
    text, no tool calls) and is the last row, it takes the server's \l messageId, so the next
    request sends the server its own message back; the row reports the change as
    \c Field::Id. Otherwise the row before is complete (its finish reason \c "stop", or
    \c "tool_calls" when it holds calls) and a new assistant row opens for the message, after
    what the request added so far; text, reasoning and calls that follow go to it. An id
    another message of the tree has is not taken (the row keeps one of its own). The id of the
    current row again changes nothing. While the step holds calls this side decides and runs
    (\l {koder::agent::CallRunner}{CallRunner::Client}), no row opens after them: the message
    goes on in the row the user decides them on. A retry of the request drops the rows it
    opened.

    Dropped when it names another request than the one streaming.
*/

/*!
    \variable koder::agent::MessageStarted::requestId

    The request the message belongs to.
*/

/*!
    \variable koder::agent::MessageStarted::messageId

    The server's id of the message.
*/

/*!
    \class koder::agent::ServerToolResult
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The result of a call the server ran itself.

    A tool message is appended with \l text as the server sent it, the call's id and tool name,
    \l isError, and \c{{"ranBy":"server"}} as its metadata; it takes \l messageId when no
    other message has that id. Nothing runs here: a call of the step that the server answered
    is no longer decided or run. A second result for the same call replaces the text of the
    first.

    Dropped when it names another request than the one streaming.
*/

/*!
    \variable koder::agent::ServerToolResult::requestId

    The request that brought the result.
*/

/*!
    \variable koder::agent::ServerToolResult::callId

    The call it answers.
*/

/*!
    \variable koder::agent::ServerToolResult::messageId

    The server's id of the tool message.
*/

/*!
    \variable koder::agent::ServerToolResult::text

    The result, as the server sent it.
*/

/*!
    \variable koder::agent::ServerToolResult::isError

    Whether the call failed.
*/

/*!
    \class koder::agent::ReconcileMessages
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The server's view of the conversation, reconciled with the active path by id.

    For each of \l messages, in order: a row of the active path with its id (and role) takes
    its text when it has one, and the tool calls it lacks; a message the conversation lacks is
    added, before the reply row while that row is still empty and last, else after everything;
    a tool result the path already holds under another id, and a message that is another
    version off the path, are left out; system messages are skipped. Nothing is removed: what
    the server left out stays, so nothing the user saw disappears and nothing appears twice.

    Dropped when it names another request than the one streaming.
*/

/*!
    \variable koder::agent::ReconcileMessages::requestId

    The request that brought the snapshot.
*/

/*!
    \variable koder::agent::ReconcileMessages::messages

    The server's messages, oldest first.
*/

/*!
    \class koder::agent::ServerActivity
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief What the server says it is doing.

    AG-UI's \c STEP_STARTED, \c STEP_FINISHED and \c ACTIVITY_* events. Nothing changes; the
    \l {koder::agent::DebugLog}{debug log} writes an entry (\c serverStepStarted,
    \c serverStepFinished or \c serverActivity, with \l name). Dropped when it names another
    request than the one streaming.
*/

/*!
    \variable koder::agent::ServerActivity::requestId

    The request it belongs to.
*/

/*!
    \variable koder::agent::ServerActivity::kind

    \c "stepStarted", \c "stepFinished" or \c "activity".
*/

/*!
    \variable koder::agent::ServerActivity::name

    The step's name, or the activity's type.
*/

/*!
    \variable koder::agent::ToolCallRequested::requestId

    The request the call belongs to.
*/

/*!
    \variable koder::agent::ToolCallRequested::call

    The call. Its \l {koder::agent::ToolCall::readOnly}{readOnly} is ignored: the core sets it
    from the registered tools.
*/

/*!
    \class koder::agent::StreamEnded
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The model finished a request.

    The step's assistant message keeps the normalised finish reason, the usage and the metadata,
    and the outcome carries a \l {koder::agent::StepFinishEvent}{StepFinishEvent}. Then:

    \list
    \li When the step asked for no tools, the turn ends: status
        \l {koder::agent::Status}{Idle}, a \l {koder::agent::Persist}{Persist} effect and the
        terminal event \c streamEnd. The first queued message
        (\l {koder::agent::BusyPolicy}{BusyPolicy::Queue}), if any, is then sent.
    \li When it asked for tools, the tool phase starts: calls of unknown tools are answered
        with an error result, the policies run or deny the calls they decide, and the rest wait
        for the user (status \l {koder::agent::Status}{ReviewingToolCall}). Once every call has
        its answer, the next step starts. A step at
        \l {koder::agent::Settings::maxSteps}{Settings::maxSteps} runs no tools: the turn ends with the
        error \c "step_limit".
    \li With an empty finish reason the stream ended before the model finished: this is a
        retryable error (code \c "incomplete"), retried or ending the turn as
        \l {koder::agent::StreamFailed}{StreamFailed} would.
    \endlist

    A refusal (\c "refusal", or \c "content_filter") ends the turn normally, with
    \c {metadata.refusal} set on the message.

    When the turn waits for tools and the event names its last request, the transport ended
    the turn: the calls still waiting or running are recorded as not run or not completed, and
    the turn ends with \c streamEnd. Any other request's end is dropped.
*/

/*!
    \variable koder::agent::StreamEnded::requestId

    The request that finished.
*/

/*!
    \variable koder::agent::StreamEnded::finishReason

    Why the model stopped, as the wire said it (\c "stop", \c "tool_calls", \c "length",
    \c "end_turn", ...); \c "stop" by default. The message keeps it normalised (see
    \l {koder::agent::normalizedFinishReason()}{normalizedFinishReason()}). Empty means the
    stream ended without one, which is an incomplete turn.
*/

/*!
    \variable koder::agent::StreamEnded::usage

    What the server reported the request cost; empty when it reported nothing.
*/

/*!
    \variable koder::agent::StreamEnded::metadata

    JSON text of an object, or empty: merged into the message's
    \l {koder::agent::Message::metadata()}{metadata()}. It carries what a provider needs back
    with the reply in the next request, such as Anthropic's thinking blocks with their
    signatures.
*/

/*!
    \variable koder::agent::StreamEnded::text

    The reply's whole text as the server gave it when it finished, or unset. When set and
    different from what streamed, it replaces the message's text: a wire whose final events
    restate the text (the Responses API's \c{.done} events) is believed over its deltas.
*/

/*!
    \class koder::agent::StreamFailed
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The transport or the model failed.

    The step is retried when the retry policy allows it
    (\l {koder::agent::Settings::maxRetries}{Settings::maxRetries}, the error's
    \l {koder::agent::ErrorInfo::retryable}{retryable} and the hooks'
    \l {koder::agent::StreamFailed::verdict}{verdict}): the partial output of the failed attempt
    is discarded and a new \l {koder::agent::StartTurn}{StartTurn} goes out, with
    \l {koder::agent::StartTurn::delayMs}{delayMs} set to the backoff (or the server's
    Retry-After). Otherwise the turn ends: the message keeps the error's text in
    \l {koder::agent::Message::error()}{error()}, \l {koder::agent::State::lastError}{lastError}
    is set, the status becomes \l {koder::agent::Status}{Error}, and the outcome carries the
    terminal event \c error.

    When the turn waits for tools and the event names its last request, the server ended the
    turn: it ends with the error, never retried. Any other request's failure is dropped.
*/

/*!
    \variable koder::agent::StreamFailed::requestId

    The request that failed.
*/

/*!
    \variable koder::agent::StreamFailed::error

    What went wrong.
*/

/*!
    \variable koder::agent::StreamFailed::verdict

    What the \c onError hooks decided: nothing (\l {koder::agent::ErrorVerdict}{Default}, the
    policy decides), \c Retry or \c Abort. The \l {koder::agent::Runtime}{Runtime} asks the hooks
    and fills it in.
*/

/*!
    \class koder::agent::Handoff
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The conversation is handed to another agent or a human; the turn ends.

    The turn ends with status \l {koder::agent::Status}{Handoff} and the terminal event
    \c streamEnd. Dropped when it names another request than the turn's.
*/

/*!
    \variable koder::agent::Handoff::requestId

    The request that handed off.
*/

/*!
    \variable koder::agent::Handoff::target

    Who the conversation goes to, as the transport names it; the debug log records it.
*/

/*!
    \class koder::agent::ToolResult
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The result of a tool run for an ExecuteTool effect.

    A tool message with the result answers the call, its
    \l {koder::agent::Message::metadata()}{metadata()} holding how the call was allowed. Once
    every call of the step has its answer, the next step starts (a new
    \l {koder::agent::StartTurn}{StartTurn}). A result nobody waits for (its turn ended, or the
    call is not running) is dropped.
*/

/*!
    \variable koder::agent::ToolResult::callId

    The id of the call, as \l {koder::agent::ExecuteTool::call}{ExecuteTool::call} named it.
*/

/*!
    \variable koder::agent::ToolResult::result

    The result: text, or JSON text when the tool returned a value that is not a string. For an
    error, the error's description.
*/

/*!
    \variable koder::agent::ToolResult::isError

    Whether the tool failed (threw, rejected, timed out, or got malformed arguments). \c false
    by default.
*/

/*!
    \variable koder::agent::ToolResult::metadata

    What the result holds besides its text, as JSON text of an object (empty for nothing), merged
    into the tool message's \l {koder::agent::Message::metadata()}{metadata()}: an MCP result puts
    its parts that are not text there (\c content) and its \c structuredContent. The keys the
    core writes itself (\c approval) win over the same keys here; the others are kept.
*/

/*!
    \class koder::agent::ToolProgress
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief How far a running tool call got.

    An MCP server's progress notification for a call it runs. The latest one is kept on the
    open turn (\l {koder::agent::Turn::progress}{Turn::progress}, read with
    \l {koder::agent::toolProgressOf()}{toolProgressOf()}) until the call's result comes or the
    turn ends, and the assistant row that holds the call is reported changed
    (\l {koder::agent::Field}{Field::ToolCalls}) so a view shows it on the call. Nothing is
    stored or announced. A report for a call that does not run in the open turn is dropped; one
    equal to the last changes nothing.
*/

/*!
    \variable koder::agent::ToolProgress::callId

    The running call, as \l {koder::agent::ExecuteTool::call}{ExecuteTool::call} named it.
*/

/*!
    \variable koder::agent::ToolProgress::progress

    How far it got, in the tool's units. \c 0 by default.
*/

/*!
    \variable koder::agent::ToolProgress::total

    What \l progress reaches at the end, when the tool knows; none by default.
*/

/*!
    \variable koder::agent::ToolProgress::message

    What the tool says it is doing, as plain text; may be empty.
*/

/*!
    \class koder::agent::RequestInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief Asks the user a question from outside a tool call's result.

    An MCP server's elicitation (\c {source} \c "mcp"), an AG-UI interrupt
    (\c "agui"): the question \l input waits in
    \l {koder::agent::State::pendingInputs}{State::pendingInputs} as given, announced as a
    question of the agent (\l {koder::agent::Announcement}{InputNeeded}). In the tool phase the
    status is \l {koder::agent::Status}{AwaitingInput} unless a call waits for a decision; while
    a step streams it stays \c Streaming, since the reply goes on.

    The user answers it with \l {koder::agent::AnswerInput}{AnswerInput},
    \l {koder::agent::DeclineInput}{DeclineInput} or \l {koder::agent::CancelInput}{CancelInput}:
    no tool message is appended and nothing runs; a
    \l {koder::agent::SettleInput}{SettleInput} effect gives the asker the decision (a
    \l {koder::agent::Runtime}{Runtime} calls
    \l {koder::agent::Executor::settleInput()}{Executor::settleInput()}), and the turn moves on
    only when nothing else holds its tool phase. When its wait ends otherwise (the turn ends or
    is steered, the conversation is switched, replaced, cleared, deleted or left running in the
    background) the asker hears \c Cancelled. The asker may take it back with
    \l {koder::agent::WithdrawInput}{WithdrawInput}. It is never stored
    (\l {koder::agent::approvalStateOf()}{approvalStateOf()} leaves it out): it dies with the
    asker's request.

    Rejected with \l {koder::agent::RejectReason}{NoTurn} when no turn is open, and
    \c InvalidValue (the detail says why) for an empty id or one already waiting, the source
    \c "tool" (the core's own), a message longer than
    \l {koder::agent::maxQuestionBytes}{maxQuestionBytes}, a schema
    \l {koder::agent::checkQuestionSchema()}{checkQuestionSchema()} refuses, or a \c callId
    that names no call running in the open turn (a call of a conversation not shown included).
    A Runtime then settles it as cancelled at once, so the asker never waits in vain.
*/

/*!
    \variable koder::agent::RequestInput::requestId

    The request that pauses on the question (an AG-UI run that ended with an interrupt), or 0.
    When that request ends the turn does not: it waits for the answer like a tool phase
    (\l {koder::agent::Status}{AwaitingInput}), and then goes on with a new request, which the
    transport gives the answer to. With 0 (an MCP server's elicitation) the question waits
    only while the turn is open anyway. Rejected with \c NoTurn when it names a request that
    is not streaming.
*/

/*!
    \variable koder::agent::RequestInput::input

    The question: \c id chosen by the asker (unique among the waiting questions), \c source
    such as \c "mcp", \c message, \c schema, and optionally the running call that asked
    (\c callId, \c toolName).
*/

/*!
    \class koder::agent::WithdrawInput
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/input.h
    \brief The asker takes back its question.

    The question from outside a tool call (\l {koder::agent::RequestInput}{RequestInput}) with
    that id stops waiting, and its asker is told nothing (its request is gone: the server
    cancelled it or stopped). In the tool phase, the turn moves on if it was the last thing it
    waited for. An id no such question waits under (answered meanwhile, or a tool call's
    question) is dropped.
*/

/*!
    \variable koder::agent::WithdrawInput::id

    The question's \l {koder::agent::PendingInput::id}{id}.
*/

namespace koder::agent {

/*!
    \fn std::string_view koder::agent::actionName(const koder::agent::Input &input)

    Returns the name of \a input as a rejection reports it
    (\l {koder::agent::Rejection::action}{Rejection::action}), which the controller's
    \c {rejected(action, reason)} signal passes on. An action is named after the controller's
    method: \c "send", \c "regenerate", \c "edit", \c "branch", \c "switchVersion",
    \c "abort", \c "clear", \c "deleteConversation", \c "approveToolCall",
    \c "denyToolCall", \c "approveAll", \c "denyAll", \c "addUserMessage",
    \c "addChatMessages", \c "setChatMessages", \c "reset", \c "sendQueued",
    \c "cancelQueued", \c "addCheckpoint" and \c "restoreCheckpoint". A setting, and a switch
    of conversation, is named after its input: \c "setAutoAccept", \c "setToolPolicies",
    \c "setBusyPolicy", \c "setSystemPrompt", \c "setTools", \c "setMaxSteps",
    \c "setMaxRetries", \c "switchConversation". A transport event or a tool result is named after
    its type in lower camel case: \c "streamStarted", \c "textDelta", \c "reasoningDelta",
    \c "toolCallRequested", \c "streamEnded", \c "streamFailed", \c "handoff",
    \c "toolResult", \c "toolProgress". A question from outside a tool call is
    \c "requestInput" or \c "withdrawInput".
*/
/*!
    \fn koder::agent::RequestId koder::agent::requestIdOf(const koder::agent::Input &input)

    Returns the request \a input names, when it is a transport event (or a question a request
    paused on); 0 for every other input. The runtime finds the conversation an event belongs to
    by it, and the reducer a compaction's events.
*/
RequestId requestIdOf(const Input& input)
{
    return std::visit(
        [](const auto& i) -> RequestId {
            if constexpr (requires { i.requestId; })
                return i.requestId;
            else
                return 0;
        },
        input);
}

std::string_view actionName(const Input& input)
{
    // By type: an alternative without a name here does not compile.
    using Name = std::string_view;
    return std::visit(
        overloaded{
            [](const Send&) -> Name { return "send"; },
            [](const Regenerate&) -> Name { return "regenerate"; },
            [](const Edit&) -> Name { return "edit"; },
            [](const Branch&) -> Name { return "branch"; },
            [](const SwitchVersion&) -> Name { return "switchVersion"; },
            [](const Abort&) -> Name { return "abort"; },
            [](const Clear&) -> Name { return "clear"; },
            [](const DeleteConversation&) -> Name { return "deleteConversation"; },
            [](const ApproveToolCall&) -> Name { return "approveToolCall"; },
            [](const DenyToolCall&) -> Name { return "denyToolCall"; },
            [](const ApproveAll&) -> Name { return "approveAll"; },
            [](const DenyAll&) -> Name { return "denyAll"; },
            [](const AnswerInput&) -> Name { return "answerInput"; },
            [](const DeclineInput&) -> Name { return "declineInput"; },
            [](const CancelInput&) -> Name { return "cancelInput"; },
            [](const AddUserMessage&) -> Name { return "addUserMessage"; },
            [](const AddMessages&) -> Name { return "addChatMessages"; },
            [](const SetMessages&) -> Name { return "setChatMessages"; },
            [](const Reset&) -> Name { return "reset"; },
            [](const SetAutoAccept&) -> Name { return "setAutoAccept"; },
            [](const SetToolPolicies&) -> Name { return "setToolPolicies"; },
            [](const SetBusyPolicy&) -> Name { return "setBusyPolicy"; },
            [](const SendQueued&) -> Name { return "sendQueued"; },
            [](const CancelQueued&) -> Name { return "cancelQueued"; },
            [](const SetSystemPrompt&) -> Name { return "setSystemPrompt"; },
            [](const SetTools&) -> Name { return "setTools"; },
            [](const SetMaxSteps&) -> Name { return "setMaxSteps"; },
            [](const SetMaxRetries&) -> Name { return "setMaxRetries"; },
            [](const AddCheckpoint&) -> Name { return "addCheckpoint"; },
            [](const RestoreCheckpoint&) -> Name { return "restoreCheckpoint"; },
            [](const SwitchConversation&) -> Name { return "switchConversation"; },
            [](const OpenConversation&) -> Name { return "openConversation"; },
            [](const BackgroundEnded&) -> Name { return "backgroundEnded"; },
            [](const SetMaxBackgroundTurns&) -> Name { return "setMaxBackgroundTurns"; },
            [](const SetContextWindow&) -> Name { return "setContextWindow"; },
            [](const SetAutoCompact&) -> Name { return "setAutoCompact"; },
            [](const Compact&) -> Name { return "compact"; },
            [](const UndoCompaction&) -> Name { return "undoCompaction"; },
            [](const ContinueReply&) -> Name { return "continueReply"; },
            [](const StreamStarted&) -> Name { return "streamStarted"; },
            [](const TextDelta&) -> Name { return "textDelta"; },
            [](const ReasoningDelta&) -> Name { return "reasoningDelta"; },
            [](const ToolCallRequested&) -> Name { return "toolCallRequested"; },
            [](const StreamEnded&) -> Name { return "streamEnded"; },
            [](const StreamFailed&) -> Name { return "streamFailed"; },
            [](const Handoff&) -> Name { return "handoff"; },
            [](const ToolResult&) -> Name { return "toolResult"; },
            [](const ToolProgress&) -> Name { return "toolProgress"; },
            [](const RequestInput&) -> Name { return "requestInput"; },
            [](const WithdrawInput&) -> Name { return "withdrawInput"; },
            [](const MessageStarted&) -> Name { return "messageStarted"; },
            [](const ServerToolResult&) -> Name { return "serverToolResult"; },
            [](const ReconcileMessages&) -> Name { return "reconcileMessages"; },
            [](const ServerActivity&) -> Name { return "serverActivity"; },
        },
        input);
}

std::optional<std::vector<SwitchVersion>>
switchesToShow(const std::vector<Message>& path, const Versions& versions, std::string_view id)
{
    const auto onPath = [&](std::string_view messageId) {
        return std::find_if(path.cbegin(), path.cend(),
                            [&](const Message& m) { return m.id == messageId; });
    };
    if (onPath(id) != path.cend())
        return std::vector<SwitchVersion>{};
    // From the message up to the first ancestor on the path (or to the roots): the chain of
    // versions to bring onto it, the topmost last.
    std::vector<const OtherVersion*> chain;
    for (const OtherVersion* v = versions.find(id); v; v = versions.find(v->parentId)) {
        chain.push_back(v);
        if (v->parentId.empty() || onPath(v->parentId) != path.cend())
            break;
        if (chain.size() > versions.offPath.size())
            return std::nullopt; // a cycle: a damaged tree shows nothing
    }
    if (chain.empty())
        return std::nullopt;
    const std::string& top = chain.back()->parentId;
    if (!top.empty() && onPath(top) == path.cend())
        return std::nullopt; // its ancestors are not in the tree
    // Under each parent, the child the path holds now: on the path, the row after it; under a
    // version brought onto the path, the child it remembers.
    const auto row = top.empty() ? path.cbegin() : onPath(top) + 1;
    if (row == path.cend())
        return std::nullopt;
    std::string shown = row->id;
    std::string parent = top;
    std::vector<SwitchVersion> switches;
    for (auto it = chain.crbegin(); it != chain.crend(); ++it) {
        const OtherVersion& wanted = **it;
        if (shown.empty())
            return std::nullopt; // the parent remembers no child to switch from
        if (shown != wanted.message.id)
            switches.push_back(SwitchVersion{
                shown, static_cast<int>(versions.position(parent, wanted.message.id).index)});
        parent = wanted.message.id;
        shown = wanted.activeChildId;
    }
    return switches;
}

} // namespace koder::agent
