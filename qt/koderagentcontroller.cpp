// SPDX-License-Identifier: MIT
#include "koderagentcontroller.h"

#include "koder/agent/import.h"
#include "koder/agent/toolarguments.h"
#include "qtconvert.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QRandomGenerator>

/*!
    \qmltype KoderAgentController
    \inqmlmodule Koder.Agent
    \instantiates KoderAgentController
    \brief The state of one chat or agent surface: the messages, the streaming reply, tool calls
    that wait for permission, and the lifecycle signals of every turn.

    A KoderAgentController holds one conversation at a time and everything a chat window needs
    to show and drive it. Give it a \l transport (the model that answers), optionally
    \l [QML] KoderTool objects (functions the model may call) and a \l store, then call send().
    Views bind to its properties and to its \l messages model; \l [QML] ChatView is a ready-made
    view.

    \snippet qml/tst_readme.qml twenty-lines

    Every method applies its action at once: when it returns, the properties and the model have
    changed and the signals it causes have been emitted. What the model answers comes later, as
    the transport delivers it. The controller needs no QML engine: the same class is used from
    C++ (see \l [CPP] {KoderAgentController}{the C++ class}).

    \section1 Turns and their signals

    A \e turn begins with send(), regenerate(), edit() or a queued message and ends with exactly
    one of streamEnd(), error() and aborted(), however many model calls (\e steps) it takes:

    \list 1
    \li userMessage() — the user's message was appended (not for regenerate(), which answers a
        message already there, nor for edit(), whose new version of the message is appended
        without it).
    \li streamStart() — the reply's assistant message was appended; \l status is
        \c{"streaming"}.
    \li streamToken() — a piece of the reply's text arrived (many times).
    \li toolCall() — the model asked for a tool (optional, once per call). The calls are
        decided when the step ends: a call runs without asking when \l toolPolicies or
        \l autoAccept allow it; otherwise it waits in
        \l pendingToolCalls, with \l status \c{"reviewingToolCall"}, until approveToolCall() or
        denyToolCall(). The result is appended as a \c tool message and the reply goes on in a
        new assistant message (the next step), again with streamToken().
    \li streamEnd(), error() or aborted() — the one terminal signal of the turn.
    \endlist

    Before the terminal signal is emitted, the model shows the final rows (coalesced updates are
    flushed) and, with a \l store, the turn's messages are committed. \l {Turn Lifecycle}
    describes the order in detail.

    \target koder-controller-status
    \section1 Status values

    \l status is one of these strings; \l statusValue is the same as a \l [QML] Koder value.

    \table
    \header \li \l status \li \l statusValue \li Meaning
    \row \li \c{"idle"} \li \c Koder.Status.Idle
         \li No turn is open. The default, and the status after a turn that ended with
             streamEnd().
    \row \li \c{"streaming"} \li \c Koder.Status.Streaming
         \li A reply streams, or a failed request waits for its retry.
    \row \li \c{"reviewingToolCall"} \li \c Koder.Status.ReviewingToolCall
         \li Tool calls wait for the user's decision in \l pendingToolCalls.
    \row \li \c{"runningTool"} \li \c Koder.Status.RunningTool
         \li Tools run; the reply goes on when their results are in.
    \row \li \c{"error"} \li \c Koder.Status.Error
         \li The last turn ended with error(); \l lastError says why.
    \row \li \c{"interrupted"} \li \c Koder.Status.Interrupted
         \li The last turn was stopped (abort(), or a new \l transport), or the reply shown
             last was cut off: one that was streaming when the application stopped, reloaded
             from the store, or a stopped version shown with switchVersion(). The partial
             reply is kept with \c aborted set; regenerate() answers again.
    \row \li \c{"handoff"} \li \c Koder.Status.Handoff
         \li The transport handed the conversation to another agent or a human; the turn ended
             with streamEnd().
    \endtable

    \l streaming is true only for \c{"streaming"}; \l abortable for \c{"streaming"},
    \c{"reviewingToolCall"} and \c{"runningTool"}, the statuses of an open turn.

    \target koder-controller-refusals
    \section1 Refused calls and errors

    A call the controller cannot carry out at that moment is refused: the method returns
    \c false (branch() an empty string), nothing changes, and rejected() is emitted with the
    method's name and a translated sentence that says why. A property given a value it does not
    accept keeps its value and emits rejected() with the setter's name (\c{"setAutoAccept"},
    \c{"setToolPolicies"}, \c{"setBusyPolicy"}, \c{"setMaxSteps"}, \c{"setMaxRetries"}).
    Nothing is thrown, and nothing is half done.

    \table
    \header \li The reason (in English) \li When
    \row \li A reply is still in progress.
         \li A turn is open: send() with \l busyPolicy \c{"reject"}, sendQueued(),
             switchVersion(), addUserMessage(), addChatMessages(), addCheckpoint(),
             restoreCheckpoint().
    \row \li There is no reply in progress.
         \li abort() when no turn is open.
    \row \li There is no message with that id.
         \li regenerate(), edit(), switchVersion(), branch(), restoreCheckpoint() or
             cancelQueued() with an id that is not there.
    \row \li Only your own messages can be edited.
         \li edit() of a message whose role is not \c{"user"}.
    \row \li That message is not a checkpoint.
         \li restoreCheckpoint() of another kind of message.
    \row \li That message is still being written.
         \li branch() at the message that is streaming.
    \row \li There is no message of yours to answer.
         \li regenerate() of a message with no user message at or before it.
    \row \li No tool call with that id is waiting for a decision.
         \li approveToolCall() or denyToolCall() with an id that is not in
             \l pendingToolCalls; approveAll() or denyAll() when none waits.
    \row \li The messages are not valid.
         \li addChatMessages() or setChatMessages() with a list that does not load; the first
             bad field is named by its path, such as \c{messages[2].role: unknown value "bot"},
             or a duplicate id.
    \row \li The value is not valid.
         \li An empty message (send() or edit() with neither text nor attachments), attachments
             that the transport cannot send (a type it does not take, a file that cannot be
             read or is too large), a value that JSON cannot hold, approval options that do not
             fit, a version index out of range, sendQueued() with nothing queued, or a setter's
             unknown value. What was wrong follows the sentence.
    \row \li This conversation could not be loaded, so it is read-only until it is deleted or
             replaced.
         \li send(), sendQueued(), addUserMessage(), addChatMessages() or addCheckpoint() in a
             stored conversation that failed to load (\l lastError has the code
             \c{"load_failed"}); deleteConversation(), setChatMessages(), clear() or switching
             away ends it.
    \row \li Too many replies are running in other conversations. Wait for one to finish, or
             open one and stop it.
         \li send(), regenerate(), edit() or sendQueued() would open a turn while
             \l maxBackgroundTurns turns run in conversations that are not shown.
    \endtable

    Some calls are not refused during a turn but end it first, with aborted() as its terminal
    signal: regenerate() and edit() (the partial reply stays as a version), clear(),
    setChatMessages(), deleteConversation(), and reset() when the turn cannot run on in the
    background. send() during a turn does what \l busyPolicy says.

    A failure of the model or the connection is not a refusal: it ends the turn with error()
    and sets \l lastError.

    \section1 Conversations

    \l conversationId names the conversation shown. With a \l store, each conversation is saved
    as it changes and setting \c conversationId loads another one; without one, the
    conversations of this controller (branches included) are kept in memory for its life.
    Leaving a conversation while its turn is open does not stop the turn: it runs on unseen
    (up to \l maxBackgroundTurns) and is shown live again when its id is set back;
    conversationStatus() and conversationStatusChanged() follow it. See
    \l {Conversations and Storage}.

    \sa KoderMessageModel, KoderVisibleMessages, KoderTool, KoderTransport, ChatView,
        {Turn Lifecycle}, {Tools and Permissions}
*/

/*!
    \class KoderAgentController
    \inmodule KoderAgent
    \brief The KoderAgentController class holds the state of one chat or agent surface: the
    messages, the streaming reply, tool calls waiting for permission and the lifecycle signals.

    It is a property layer over the core's runtime (\c koder::agent::Runtime): each method
    applies one action, the properties read the runtime's state, and the runtime's events
    become signals and rows of the messages() model. It needs no QML engine; a
    QCoreApplication is enough:

    \snippet console-chat/main.cpp console-chat

    The behaviour is described once, on \l [QML] {KoderAgentController}{the KoderAgentController
    QML type}: the lifecycle of a turn, the status values, the tool-call flow, and the reasons
    a call is refused (a refused call returns \c false, changes nothing and emits rejected()).
    The C++ class has the same properties, signals and invokable methods, and these for C++
    alone: addTool(), removeTool(), clearTools() and toolList() (the QML type's \c tools list),
    addHooks() (the agent loop's hooks as C++ callbacks), state() (the core's state, read-only),
    setEnvironment() (how ids and time are made), and attachListener() / detachListener() (the
    accessibility announcements of a message).

    \sa KoderMessageModel, KoderTransport, KoderTool, KoderConversationStore, Koder
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

// The tool's JSON Schema as the core reads it (compact JSON text).
std::string parametersJson(const KoderTool& tool)
{
    return QJsonDocument(QJsonObject::fromVariantMap(tool.parameters()))
        .toJson(QJsonDocument::Compact)
        .toStdString();
}

// Short random ids (prefix + 12 hex digits) fit std::string's small buffer: no allocation.
Environment productionEnvironment()
{
    Environment env;
    env.newId = [](std::string_view prefix) {
        const quint64 bits = QRandomGenerator::global()->generate64() & 0xffffffffffffULL;
        std::string id(prefix);
        id += QByteArray::number(bits, 16).rightJustified(12, '0').toStdString();
        return id;
    };
    env.now = [] { return QDateTime::currentMSecsSinceEpoch(); };
    return env;
}
} // namespace

/*!
    \fn KoderAgentController::KoderAgentController(QObject *parent)

    Constructs a controller with \a parent: a new, empty conversation with a random id, no
    transport, no store and no tools.
*/

/*!
    \fn KoderAgentController::~KoderAgentController()

    Destroys the controller. With a store, a reply that is still streaming is saved as it
    stands first, so the conversation comes back with it (\c aborted set, status
    \c{"interrupted"}) when it is loaded again.
*/

KoderAgentController::KoderAgentController(QObject* parent)
    : QObject(parent)
    , m_executor(this) // a child: it moves to another thread with the controller
    , m_runtime(m_executor, productionEnvironment())
    , m_projection(makeProjection(*this))
    , m_model(new KoderMessageModel(m_runtime.state(), this))
{
    m_executor.setRuntime(&m_runtime);
    m_executor.setTools(&m_tools);
    m_runtime.setObserver(m_projection.get());
    m_shownId = conversationId();
}

KoderAgentController::~KoderAgentController()
{
    // A window closed mid-reply keeps what streamed so far; it comes back interrupted.
    m_runtime.flushStreamingReply();
    m_runtime.setObserver(nullptr);
    m_executor.setRuntime(nullptr);
    delete m_model; // it reads the runtime's state, which goes before ~QObject deletes children
}
// ---- properties -------------------------------------------------------------------------------

/*!
    \qmlproperty KoderMessageModel KoderAgentController::messages
    \readonly

    Every message of the shown conversation's active path, in order, as a list model: user and
    assistant messages, tool results, system messages and checkpoints alike. The \c visible role
    says which a chat view shows; \l [QML] KoderVisibleMessages filters them. The roles are
    listed on \l [QML] KoderMessageModel.

    It is the same object for the controller's whole life: switching conversations resets its
    rows, it does not replace the model.
*/

/*!
    \property KoderAgentController::messages
    \brief the messages of the shown conversation's active path, as a list model.

    The model holds hidden messages too (tool results, system messages, checkpoints); its
    \l {KoderMessageModel::Roles}{VisibleRole} says which a chat view shows. The object is
    owned by the controller and stays the same for its whole life.
*/

/*!
    \qmlproperty string KoderAgentController::status
    \readonly

    Where the shown conversation stands: \c{"idle"} (the default), \c{"streaming"},
    \c{"reviewingToolCall"}, \c{"runningTool"}, \c{"error"}, \c{"interrupted"} or
    \c{"handoff"}. The values are explained under
    \l {koder-controller-status}{Status values}. \l statusValue holds the same as an enum.
*/

/*!
    \property KoderAgentController::status
    \brief the state of the shown conversation, as the contract's string.

    One of \c{"idle"} (the default), \c{"streaming"}, \c{"reviewingToolCall"},
    \c{"runningTool"}, \c{"error"}, \c{"interrupted"} and \c{"handoff"}; see
    \l [QML] {KoderAgentController::status}{status} in QML for what each means. statusValue
    holds the same as a Koder::Status.
*/

/*!
    \qmlproperty enumeration KoderAgentController::statusValue
    \readonly

    \l status as a value of \l [QML] Koder: \c Koder.Status.Idle (the default),
    \c Koder.Status.Streaming, \c Koder.Status.ReviewingToolCall, \c Koder.Status.RunningTool,
    \c Koder.Status.Error, \c Koder.Status.Interrupted or \c Koder.Status.Handoff. It changes
    with \l status (the same \c statusChanged signal), for a \c switch without string
    comparisons.
*/

/*!
    \property KoderAgentController::statusValue
    \brief the status as a Koder::Status value.

    Koder::Status::Idle by default. It changes with status and is notified by the same
    statusChanged() signal.
*/

/*!
    \qmlproperty bool KoderAgentController::streaming
    \readonly

    True while a reply streams: from streamStart() until the step's model call ends, and again
    for each later step of the turn (after tool results). False while tool calls wait for the
    user or tools run, and when no turn is open. The default is \c false.

    \sa abortable
*/

/*!
    \property KoderAgentController::streaming
    \brief whether a reply is streaming (status is \c{"streaming"}).

    False by default, and while tool calls wait for the user or tools run.
*/

/*!
    \qmlproperty bool KoderAgentController::abortable
    \readonly

    True while a turn is open: a reply streams, tool calls wait for the user, or tools run.
    abort() works in all of these; bind a Stop button's \c enabled to it. The default is
    \c false.
*/

/*!
    \property KoderAgentController::abortable
    \brief whether a turn is open, so that abort() stops something.

    True while a reply streams, tool calls wait for the user or tools run; false by default.
*/

/*!
    \qmlproperty list<var> KoderAgentController::pendingToolCalls
    \readonly

    The tool calls that wait for the user's decision, in the order the model asked for them.
    Each entry is a map:

    \table
    \header \li Key \li Type \li Meaning
    \row \li \c id \li string \li The call's id: pass it to approveToolCall() or denyToolCall().
    \row \li \c name \li string \li The tool the model wants to call.
    \row \li \c arguments \li object
         \li The arguments the model gave, parsed from their JSON (an empty object when it gave
             none; the text itself when it is not JSON).
    \row \li \c readOnly \li bool \li The registered tool's \c readOnly flag.
    \row \li \c description \li string
         \li The tool's description; present when a tool of that name is registered.
    \row \li \c parameters \li object
         \li The tool's JSON Schema; present when a tool of that name is registered.
    \endtable

    Empty (the default) unless \l status is \c{"reviewingToolCall"}. A call leaves the list when
    it is decided: by approveToolCall(), denyToolCall(), approveAll(), denyAll(), or by a change
    of \l autoAccept or \l toolPolicies that decides it. Stopping, editing, regenerating or
    clearing answers the waiting calls as not run and empties the list. The list is stored
    with the conversation: a conversation stored while calls wait (the application quit, or the
    user switched conversations) comes back with the same calls waiting.

    \sa {Tools and Permissions}
*/

/*!
    \property KoderAgentController::pendingToolCalls
    \brief the tool calls that wait for the user's decision.

    A list of QVariantMap with the keys \c id, \c name, \c arguments (the parsed arguments),
    \c readOnly, and the registered tool's \c description and \c parameters. Empty by default.
    See \l [QML] {KoderAgentController::pendingToolCalls}{pendingToolCalls} in QML.
*/

/*!
    \qmlproperty var KoderAgentController::lastError

    The most recent error of the model, the connection or the store, or \c null (the default)
    when there is none. An error is a map:

    \table
    \header \li Key \li Type \li Meaning
    \row \li \c code \li string
         \li A stable code to decide on, such as \c{"transport"}, \c{"http"},
             \c{"unauthorized"}, \c{"rate_limit"}, \c{"overloaded"}, \c{"upstream_timeout"},
             \c{"protocol_error"}, \c{"redirect"}, \c{"too_large"}, \c{"incomplete"} (the
             stream ended without a finish reason), \c{"no_transport"} (no \l transport is
             set), \c{"step_limit"} (the turn reached \l maxSteps) or \c{"load_failed"} (the
             stored conversation could not be loaded).
    \row \li \c message \li string \li A sentence for people.
    \row \li \c retryable \li bool \li Whether trying again may succeed.
    \row \li \c retryAfterMs \li real
         \li How long the server asked to wait before a retry, in milliseconds; -1 when it
             did not say.
    \endtable

    It is set before error() is emitted, and cleared when a new turn starts and when another
    conversation is shown (unless that one failed to load). \l Transports lists the codes of
    each transport.
*/

/*!
    \property KoderAgentController::lastError
    \brief the most recent error, or a null QVariant when there is none.

    The error is a QVariantMap with \c code, \c message, \c retryable and \c retryAfterMs; see
    \l [QML] {KoderAgentController::lastError}{lastError} in QML. Null by default; cleared when
    a turn starts.
*/

/*!
    \qmlproperty string KoderAgentController::autoAccept

    Which tool calls run without asking the user:

    \table
    \header \li Value \li A read-only tool (\c{readOnly: true}) \li A tool that writes
    \row \li \c{"never"} (the default) \li asks \li asks
    \row \li \c{"onlyRead"} \li runs \li asks
    \row \li \c{"always"} \li runs \li runs
    \endtable

    \l toolPolicies and the grants made with approveToolCall()'s \c{"conversation"} scope come
    first. The tool's flag is read when the call is decided, not when it arrived. Changing the
    value while calls wait decides them again: a call the new value lets run, runs at once.
    Any other string is refused: rejected() with the action \c{"setAutoAccept"}, and the value
    stays. \l autoAcceptValue is the same as an enum.
*/

/*!
    \property KoderAgentController::autoAccept
    \brief which tool calls run without asking: \c{"never"}, \c{"onlyRead"} or \c{"always"}.

    \c{"never"} by default. Another string is refused with rejected() (action
    \c{"setAutoAccept"}) and the value stays. See
    \l [QML] {KoderAgentController::autoAccept}{autoAccept} in QML.
*/

/*!
    \qmlproperty enumeration KoderAgentController::autoAcceptValue

    \l autoAccept as a value of \l [QML] Koder: \c Koder.AutoAccept.Never (the default),
    \c Koder.AutoAccept.OnlyRead or \c Koder.AutoAccept.Always. Setting either property changes
    both. A number that is not one of these is refused with rejected() (action
    \c{"setAutoAccept"}).
*/

/*!
    \property KoderAgentController::autoAcceptValue
    \brief the autoAccept mode as a Koder::AutoAccept value.

    Koder::AutoAccept::Never by default. Setting either property changes both (one
    autoAcceptChanged() signal).
*/

/*!
    \qmlproperty var KoderAgentController::toolPolicies

    A policy per tool, over \l autoAccept: an object whose keys are tool names and whose values
    are \c{"ask"}, \c{"allow"} or \c{"deny"}.

    \list
    \li \c{"deny"} — the call is never run and nobody is asked: the model gets a denial it can
        read (a \c tool message with \c denied true).
    \li \c{"allow"} — the call runs without asking.
    \li \c{"ask"} — the user is always asked, whatever \l autoAccept says (a grant for this
        conversation still applies).
    \endlist

    A tool with no entry follows \l autoAccept. The order of the rules: a \c{"deny"} policy,
    then a grant for this conversation (approveToolCall() with scope \c{"conversation"}), then
    an \c{"allow"} or \c{"ask"} policy, then \l autoAccept. Approving with scope \c{"always"}
    sets the tool's policy to \c{"allow"}.

    \qml
    KoderAgentController { toolPolicies: ({ read_file: "allow", delete_all: "deny" }) }
    \endqml

    The default is an empty object. The controller does not store it: the application persists
    it if it wants to. A value other than the three is refused: rejected() with the action
    \c{"setToolPolicies"}, and nothing changes. Setting it while calls wait decides them again.
*/

/*!
    \property KoderAgentController::toolPolicies
    \brief the policy per tool name, \c{"ask"}, \c{"allow"} or \c{"deny"}, over autoAccept.

    Empty by default. A map with another value is refused with rejected() (action
    \c{"setToolPolicies"}) and nothing changes. See
    \l [QML] {KoderAgentController::toolPolicies}{toolPolicies} in QML for the order of the
    rules.
*/

/*!
    \qmlproperty string KoderAgentController::busyPolicy

    What send() does while a turn is open (a reply streams, tool calls wait or tools run):

    \table
    \header \li Value \li The message \li The open turn
    \row \li \c{"reject"} (the default)
         \li Refused: send() returns \c false and rejected() is emitted with the action
             \c{"send"}.
         \li Goes on.
    \row \li \c{"queue"}
         \li send() returns \c true and the message waits in \l queuedMessages: it is not in
             the history yet and no signal is emitted. When the turn ends with streamEnd(), the
             first queued message is sent as a new turn, and so on, one per turn. After
             error(), aborted() or a handoff (\l status \c{"handoff"}) the queue waits for
             sendQueued() or cancelQueued().
         \li Goes on.
    \row \li \c{"interrupt"}
         \li Sent as a new turn.
         \li Ends first, with aborted(); its partial reply is kept.
    \row \li \c{"steer"}
         \li Joins the open turn: the user message is appended (userMessage() is emitted) and
             the turn goes on with a new request that includes it.
         \li A streaming reply is cut (kept, with \c aborted set); waiting or running tool
             calls are answered as not run. The turn still has one streamStart() and one
             terminal signal.
    \endtable

    Any other string is refused: rejected() with the action \c{"setBusyPolicy"}, and the value
    stays.
*/

/*!
    \property KoderAgentController::busyPolicy
    \brief the policy for send() while a turn is open: \c{"reject"}, \c{"queue"},
    \c{"interrupt"} or \c{"steer"}.

    \c{"reject"} by default. Another string is refused with rejected() (action
    \c{"setBusyPolicy"}). See \l [QML] {KoderAgentController::busyPolicy}{busyPolicy} in QML.
*/

/*!
    \qmlproperty list<var> KoderAgentController::queuedMessages
    \readonly

    The messages sent while a turn was open under \l busyPolicy \c{"queue"}, in the order they
    will be sent. Each is a map: \c id (string; the user message keeps this id when it is
    sent), \c text (string) and \c attachments (a list, empty when there are none). They are
    not part of the history until sent, and they are stored with the conversation. Empty by
    default.

    \sa sendQueued(), cancelQueued()
*/

/*!
    \property KoderAgentController::queuedMessages
    \brief the messages waiting under busyPolicy \c{"queue"}, as maps of \c id, \c text and
    \c attachments.

    Empty by default.

    \sa sendQueued(), cancelQueued()
*/

/*!
    \qmlproperty string KoderAgentController::systemPrompt

    Instructions for the model, sent as the first system message of every request when not
    empty. It is a setting of the controller, not a message: it is not a row of \l messages,
    and it applies to whichever conversation is shown. The default is an empty string.
*/

/*!
    \property KoderAgentController::systemPrompt
    \brief the system message sent first with every request when not empty.

    Empty by default. It is not a row of the message model.
*/

/*!
    \qmlproperty string KoderAgentController::conversationId

    The id of the conversation shown. When the controller is created it is a new random id
    (a new, empty conversation).

    Setting it shows that conversation: loaded from the \l store, or, without one, from this
    controller's memory (its earlier conversations and branches); an id nobody knows shows an
    empty conversation under that id. A turn open in the conversation left runs on in the
    background while fewer than \l maxBackgroundTurns do, and is shown live when its id is set
    again; otherwise it stops (aborted()). Tool calls that wait are kept with their
    conversation and wait again when it is shown. Setting the same id again reloads it from the
    store (after clear(), for instance) unless a turn is open.

    It also changes by itself: reset() and deleteConversation() start a new conversation with a
    new id, and the first message after clear() does too, so the stored copy is never
    overwritten.
*/

/*!
    \property KoderAgentController::conversationId
    \brief the id of the conversation shown; setting it switches conversations.

    A new random id by default. See
    \l [QML] {KoderAgentController::conversationId}{conversationId} in QML for what switching
    does to an open turn.
*/

/*!
    \qmlproperty KoderTransport KoderAgentController::transport

    The agent that answers: a \l [QML] KoderLocalAgent, \l [QML] KoderOpenAiTransport,
    \l [QML] KoderAnthropicTransport, \l [QML] KoderOllamaTransport or
    \l [QML] KoderWebSocketTransport. It is not owned by the controller. The default is
    \c null: a turn started without a transport ends with error() and the code
    \c{"no_transport"}.

    Setting another transport stops every open turn (the shown one and those in the
    background), since the old transport cannot finish them.
*/

/*!
    \property KoderAgentController::transport
    \brief the agent that answers.

    Not owned; null by default (a turn then fails with the code \c{"no_transport"}). Setting
    another transport stops every open turn, in the background too.
*/

/*!
    \qmlproperty KoderConversationStore KoderAgentController::store

    Where conversations are saved and loaded from. The default is \c null: conversations are
    kept in memory for the life of the controller. With a store, every change is saved, a
    streaming reply is saved every \l flushIntervalMs, and a turn's messages are committed
    before its terminal signal. Setting a store that already holds the shown conversation's id
    loads it. The store is not owned by the controller.

    \sa {Conversations and Storage}
*/

/*!
    \property KoderAgentController::store
    \brief the store where conversations are saved; null (the default) keeps them in memory
    only.

    Not owned. A store that already holds the shown conversation loads it when it is set.
*/

/*!
    \qmlproperty int KoderAgentController::flushIntervalMs

    With a \l store, the time between two saves of a reply while it streams, in milliseconds;
    a crash loses at most this much of the reply. The default is 1000; values below 10 count
    as 10. A reply is always saved when it ends, fails or is stopped, whatever this says.
*/

/*!
    \property KoderAgentController::flushIntervalMs
    \brief the milliseconds between two saves of a streaming reply, with a store.

    1000 by default; values below 10 count as 10.
*/

/*!
    \qmlproperty int KoderAgentController::maxSteps

    How many model calls one turn may make (each tool round is a step) before it stops with
    error() and the code \c{"step_limit"}; the calls of the last step are answered as not run.
    It stops a model that calls tools without end. The default is 10; a value below 1 is
    refused with rejected() (action \c{"setMaxSteps"}).
*/

/*!
    \property KoderAgentController::maxSteps
    \brief the number of model calls one turn may make.

    10 by default. A value below 1 is refused with rejected() (action \c{"setMaxSteps"}).
*/

/*!
    \qmlproperty int KoderAgentController::maxRetries

    How many times a step whose request failed with a retryable error (\c{lastError.retryable})
    is sent again, with a growing delay that honours the server's Retry-After, before the turn
    ends with error(). The failed attempt's partial text is dropped and \l status stays
    \c{"streaming"} while the retry waits. The default is 0: errors are retried only when the
    application asks, with this property or with an \c onError hook from C++. A negative value
    is refused with rejected() (action \c{"setMaxRetries"}).
*/

/*!
    \property KoderAgentController::maxRetries
    \brief the number of times a request that failed with a retryable error is sent again.

    0 by default (no retries unless an \c onError hook asks for one, see addHooks()). A
    negative value is refused with rejected() (action \c{"setMaxRetries"}).
*/

/*!
    \qmlproperty int KoderAgentController::maxBackgroundTurns

    How many turns may run on in conversations that are not shown. The default is 4. While
    that many run, a call that would open one more turn (send(), regenerate(), edit(),
    sendQueued()) is refused with rejected(). 0 stops a turn when its conversation is left;
    a negative value counts as 0.

    \sa conversationStatus()
*/

/*!
    \property KoderAgentController::maxBackgroundTurns
    \brief the number of turns that may run on in conversations that are not shown.

    4 by default; 0 stops a turn when its conversation is left, and negative values count
    as 0.
*/

/*!
    \qmlproperty int KoderAgentController::updateInterval

    The least time between two updates (\c dataChanged) of the streaming row of \l messages,
    in milliseconds: tokens that arrive meanwhile are shown together, so a fast model does not
    redraw a view per token. The first token of a reply (and the first after a pause of an
    interval or more) updates the row at once; a token that comes sooner is shown an interval
    later, together with those that follow it. The default is 16 (about one frame); 0 updates
    the row for every token. The last update is always made before the turn's terminal signal,
    and other changes (new rows, a finished reply) are never delayed.
*/

/*!
    \property KoderAgentController::updateInterval
    \brief the least milliseconds between two updates of the streaming row of the message
    model.

    16 by default; 0 updates the row for every token. The first token of a reply updates the
    row at once; later ones are coalesced, on the trailing edge.
*/

QString KoderAgentController::status() const
{
    return toQString(toString(state().status));
}

Koder::Status KoderAgentController::statusValue() const
{
    return enumCast<Koder::Status>(state().status);
}

bool KoderAgentController::streaming() const
{
    return isStreaming(state());
}

bool KoderAgentController::abortable() const
{
    return isAbortable(state());
}

QVariantList KoderAgentController::pendingToolCalls() const
{
    QVariantList calls = toolCallsToVariant(state().pendingToolCalls);
    for (QVariant& call : calls) {
        QVariantMap map = call.toMap();
        if (const KoderTool* tool =
                m_executor.findTool(map.value(QStringLiteral("name")).toString())) {
            map.insert(QStringLiteral("description"), tool->description());
            map.insert(QStringLiteral("parameters"), tool->parameters());
        }
        call = map;
    }
    return calls;
}

QVariant KoderAgentController::lastError() const
{
    if (!state().lastError)
        return QVariant::fromValue(nullptr);
    return errorToVariant(*state().lastError);
}

QString KoderAgentController::autoAccept() const
{
    return toQString(toString(state().autoAccept));
}

void KoderAgentController::setAutoAccept(const QString& mode)
{
    if (const auto parsed = autoAcceptFromString(toStd(mode)))
        dispatch(SetAutoAccept{*parsed});
    else
        refuse("setAutoAccept", RejectReason::InvalidValue,
               tr("Unknown auto-accept mode \"%1\": use always, never or onlyRead.").arg(mode));
}

Koder::AutoAccept KoderAgentController::autoAcceptValue() const
{
    return enumCast<Koder::AutoAccept>(state().autoAccept);
}

void KoderAgentController::setAutoAcceptValue(Koder::AutoAccept mode)
{
    const AutoAccept value = enumCast<AutoAccept>(mode);
    if (toString(value).empty()) // a number outside the enum, from QML
        refuse("setAutoAccept", RejectReason::InvalidValue, QString::number(int(mode)));
    else
        dispatch(SetAutoAccept{value});
}

QVariantMap KoderAgentController::toolPolicies() const
{
    QVariantMap map;
    for (const auto& [name, policy] : state().toolPolicies)
        map.insert(toQString(name), toQString(toString(policy)));
    return map;
}

void KoderAgentController::setToolPolicies(const QVariantMap& policies)
{
    ToolPolicies parsed;
    for (auto it = policies.cbegin(); it != policies.cend(); ++it) {
        const QString value = it.value().toString();
        const auto policy = toolPolicyFromString(toStd(value));
        if (!policy) {
            refuse("setToolPolicies", RejectReason::InvalidValue,
                   tr("Unknown policy \"%1\" for the tool \"%2\": use ask, allow or deny.")
                       .arg(value, it.key()));
            return;
        }
        parsed.emplace(toStd(it.key()), *policy);
    }
    dispatch(SetToolPolicies{std::move(parsed)});
}

QString KoderAgentController::busyPolicy() const
{
    return toQString(toString(state().busyPolicy));
}

void KoderAgentController::setBusyPolicy(const QString& policy)
{
    if (const auto parsed = busyPolicyFromString(toStd(policy)))
        dispatch(SetBusyPolicy{*parsed});
    else
        refuse(
            "setBusyPolicy", RejectReason::InvalidValue,
            tr("Unknown busy policy \"%1\": use reject, queue, interrupt or steer.").arg(policy));
}

QVariantList KoderAgentController::queuedMessages() const
{
    QVariantList list;
    for (const QueuedMessage& q : state().queued)
        list.append(QVariantMap{
            {QStringLiteral("id"), toQString(q.id)},
            {QStringLiteral("text"), toQString(q.text)},
            {QStringLiteral("attachments"),
             q.attachments.empty() ? QVariant(QVariantList{}) : jsonTextToVariant(q.attachments)}});
    return list;
}

bool KoderAgentController::sendQueued()
{
    return dispatch(SendQueued{});
}

bool KoderAgentController::cancelQueued(const QString& id)
{
    return dispatch(CancelQueued{toStd(id)});
}

QString KoderAgentController::systemPrompt() const
{
    return toQString(state().systemPrompt);
}

void KoderAgentController::setSystemPrompt(const QString& prompt)
{
    if (std::string text = toStd(prompt); text != state().systemPrompt)
        dispatch(SetSystemPrompt{std::move(text)});
}

QString KoderAgentController::conversationId() const
{
    return toQString(state().conversationId);
}

void KoderAgentController::setConversationId(const QString& id)
{
    // The same id reloads it from the store (after clear(), say) unless a turn is running.
    if (id == conversationId() && (!store() || isAbortable(state())))
        return;
    m_runtime.openConversation(toStd(id));
}

QVariantList KoderAgentController::eventLog() const
{
    QVariantList entries;
    for (const DebugEntry& e : m_runtime.debugLog().entries())
        entries.append(QVariantMap{{QStringLiteral("seq"), static_cast<double>(e.seq)},
                                   {QStringLiteral("kind"), toQString(e.kind)},
                                   {QStringLiteral("subject"), toQString(e.subject)},
                                   {QStringLiteral("repeat"), static_cast<double>(e.repeat)}});
    return entries;
}

void KoderAgentController::setTransport(KoderTransport* transport)
{
    if (m_executor.transport() == transport)
        return;
    // The old transport cannot finish the open turns.
    m_runtime.abortBackground();
    if (isAbortable(state()))
        dispatch(Abort{});
    m_executor.setTransport(transport);
    Q_EMIT transportChanged();
}

void KoderAgentController::setStore(KoderConversationStore* store)
{
    if (m_executor.store() == store)
        return;
    if (KoderConversationStore* old = m_executor.store())
        old->disconnect(this);
    m_executor.setStore(store);
    if (store)
        connect(store, &KoderConversationStore::conversationRemoved, this,
                &KoderAgentController::onConversationRemoved);
    m_runtime.storeChanged();
    // A store that already holds the current conversation shows it.
    if (store && store->contains(conversationId()))
        m_runtime.openConversation(state().conversationId);
    Q_EMIT storeChanged();
}

void KoderAgentController::setMaxBackgroundTurns(int turns)
{
    const int before = m_runtime.maxBackgroundTurns();
    m_runtime.setMaxBackgroundTurns(turns);
    if (m_runtime.maxBackgroundTurns() != before)
        Q_EMIT maxBackgroundTurnsChanged();
}

QString KoderAgentController::conversationStatus(const QString& conversationId) const
{
    return toQString(toString(m_runtime.statusOf(toStd(conversationId))));
}

void KoderAgentController::setFlushIntervalMs(int ms)
{
    const auto before = m_runtime.flushInterval();
    m_runtime.setFlushInterval(ms);
    if (m_runtime.flushInterval() != before)
        Q_EMIT flushIntervalMsChanged();
}

void KoderAgentController::setMaxSteps(int steps)
{
    dispatch(SetMaxSteps{steps});
}

void KoderAgentController::setMaxRetries(int retries)
{
    dispatch(SetMaxRetries{retries});
}

int KoderAgentController::updateInterval() const
{
    return m_model->updateInterval();
}

void KoderAgentController::setUpdateInterval(int ms)
{
    if (ms == m_model->updateInterval())
        return;
    m_model->setUpdateInterval(ms);
    Q_EMIT updateIntervalChanged();
}

void KoderAgentController::addHooks(HookSet hooks)
{
    m_runtime.addHooks(std::move(hooks));
}

void KoderAgentController::setEnvironment(Environment env)
{
    m_runtime.setEnvironment(std::move(env));
}

// ---- tools ------------------------------------------------------------------------------------

/*!
    \fn const QList<KoderTool *> &KoderAgentController::toolList() const

    Returns the tools the model may call, in the order they were added. In QML this list is the
    \l [QML] {KoderAgentController::tools}{tools} property.

    \sa addTool(), removeTool(), clearTools()
*/

/*!
    \fn void KoderAgentController::addTool(KoderTool *tool)

    Adds \a tool to the tools the model may call, after the others, and emits toolsChanged().
    The controller does not take ownership: the tool leaves the list when it is destroyed. A
    null \a tool or one already in the list is ignored. A tool whose name is empty is not
    offered to the model.
*/

/*!
    \fn void KoderAgentController::removeTool(KoderTool *tool)

    Removes \a tool from the tools the model may call and emits toolsChanged(); nothing happens
    when it is not in the list. A later call to it is answered as a call to an unknown tool.
*/

/*!
    \fn void KoderAgentController::clearTools()

    Removes every tool and emits toolsChanged().
*/

/*!
    \fn void KoderAgentController::addHooks(koder::agent::HookSet hooks)

    Adds \a hooks, C++ callbacks of the agent loop, after those added before: \c onStart,
    \c prepareStep (which may change each outgoing request; chained, each receiving what the
    previous one returned), \c onStepFinish, \c onToolExecutionStart, \c onToolExecutionEnd,
    \c onFinish and \c onError (which may ask for a retry or an abort; any retry wins). They run
    one after the other, in order; a hook that throws is logged and skipped and the others still
    run. The void hooks are also signals: turnStarting(), stepFinished(),
    toolExecutionStarted(), toolExecutionFinished() and turnFinished().
*/

/*!
    \fn const koder::agent::State &KoderAgentController::state() const

    Returns the core's state of the shown conversation, read-only: the messages of the active
    path and the other versions, the open turn, the settings. It is what the properties and the
    message model read; for tests and debugging.
*/

/*!
    \fn void KoderAgentController::setEnvironment(koder::agent::Environment env)

    Replaces how ids and the time are made with \a env. By default ids are random and the time is
    the system clock; tests pass \c{koder::agent::Environment::deterministic()} to get the same
    ids and times on every run. Set it before the first message.
*/

void KoderAgentController::addTool(KoderTool* tool)
{
    if (!tool || m_tools.contains(tool))
        return;
    m_tools.append(tool);
    connect(tool, &KoderTool::definitionChanged, this, &KoderAgentController::syncTools);
    connect(tool, &QObject::destroyed, this, [this, tool] {
        m_tools.removeAll(tool);
        syncTools();
        Q_EMIT toolsChanged();
    });
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::removeTool(KoderTool* tool)
{
    if (!m_tools.removeAll(tool))
        return;
    disconnect(tool, nullptr, this, nullptr);
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::clearTools()
{
    for (KoderTool* tool : std::as_const(m_tools))
        disconnect(tool, nullptr, this, nullptr);
    m_tools.clear();
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::syncTools()
{
    std::vector<ToolInfo> infos;
    for (const KoderTool* tool : std::as_const(m_tools))
        if (!tool->name().isEmpty())
            infos.push_back({toStd(tool->name()), tool->readOnly(), parametersJson(*tool)});
    dispatch(SetTools{std::move(infos)});
}

// ---- methods ----------------------------------------------------------------------------------

/*!
    \qmlmethod bool KoderAgentController::send(string text, var attachments)

    Sends \a text as the user's message and starts a turn: the message is appended
    (userMessage()), then the reply's assistant message (streamStart()), and the request goes
    to the \l transport. \a attachments is optional: a list of maps with \c name, \c mimeType
    (may be left out: it is read from the name or the file) and \c url (\c{file:}, \c{data:}
    or \c{http(s):}); images are sent as the provider's image input and text files inlined.

    \qml
    agent.send("Describe this picture", [{ name: "shot.png", url: "file:///tmp/shot.png" }])
    \endqml

    Returns \c true when the message was sent, or queued under \l busyPolicy \c{"queue"}.
    Returns \c false and emits rejected() with the action \c{"send"} when a turn is open and
    \l busyPolicy is \c{"reject"} (the default), when both \a text and \a attachments are
    empty, when the transport cannot send an attachment (its type, size, or a file that cannot
    be read), when the conversation is read-only, or when \l maxBackgroundTurns turns run in
    the background. Nothing is added then.

    \sa {koder-controller-refusals}{Refused calls and errors}
*/

/*!
    \fn bool KoderAgentController::send(const QString &text, const QVariant &attachments)

    Sends \a text as the user's message, with \a attachments (a QVariantList of QVariantMap with
    \c name, \c mimeType and \c url; none by default), and starts a turn. Returns \c true when
    it was sent or queued; returns \c false and emits rejected() when it is refused, for
    instance while a turn is open under the default busyPolicy. See
    \l [QML] {KoderAgentController::send()}{send()} in QML.
*/

/*!
    \qmlmethod bool KoderAgentController::sendQueued()

    Sends the first of \l queuedMessages now, as a new turn. Use it after a turn ended with
    error() or aborted(), when the queue waits. Returns \c false and emits rejected() with the
    action \c{"sendQueued"} while a turn is open, when nothing is queued, or when the
    conversation is read-only.
*/

/*!
    \fn bool KoderAgentController::sendQueued()

    Sends the first queued message now. Returns \c false and emits rejected() while a turn is
    open or when nothing is queued.

    \sa queuedMessages
*/

/*!
    \qmlmethod bool KoderAgentController::cancelQueued(string id)

    Removes the message \a id from \l queuedMessages; it is never sent. Returns \c false and
    emits rejected() with the action \c{"cancelQueued"} when no queued message has that id.
*/

/*!
    \fn bool KoderAgentController::cancelQueued(const QString &id)

    Removes the queued message \a id. Returns \c false and emits rejected() when no queued
    message has that id.

    \sa queuedMessages
*/

/*!
    \qmlmethod bool KoderAgentController::regenerate(string messageId)

    Answers again: a new turn from the user message at or before \a messageId (usually an
    assistant reply). The old reply and what followed it are kept as another version
    (\c versionCount grows) and the new reply becomes the shown one; switchVersion() goes back.
    A turn that is open is stopped first (aborted()).

    Returns \c false and emits rejected() with the action \c{"regenerate"} for an unknown id,
    when there is no user message at or before it, or when \l maxBackgroundTurns turns run in
    the background.
*/

/*!
    \fn bool KoderAgentController::regenerate(const QString &messageId)

    Starts a new reply to the turn of \a messageId, kept beside the old one as a new version.
    Returns \c false and emits rejected() for an unknown id or when there is nothing to answer.
*/

/*!
    \qmlmethod bool KoderAgentController::edit(string messageId, string newText)

    Makes \a newText a new version of the user message \a messageId (a new id, the same
    attachments) and starts a turn that answers it. The original message and everything under
    it stay, as another version; switchVersion() goes back. A turn that is open is stopped
    first (aborted()).

    Returns \c false and emits rejected() with the action \c{"edit"} for an unknown id, a
    message that is not the user's, an empty \a newText on a message without attachments, or
    when \l maxBackgroundTurns turns run in the background.
*/

/*!
    \fn bool KoderAgentController::edit(const QString &messageId, const QString &newText)

    Makes \a newText a new version of the user message \a messageId and starts a turn that
    answers it; the original stays as another version. Returns \c false and emits rejected()
    when \a messageId is unknown or not a user message, or \a newText is empty and the message
    has no attachments.
*/

/*!
    \qmlmethod bool KoderAgentController::switchVersion(string messageId, int index)

    Shows version \a index (0-based) of the message \a messageId, a row of \l messages, and
    under it the messages that were shown there last, so going back restores a whole older
    continuation. The rows from \a messageId on are removed and the new ones inserted (no
    model reset). Nothing happens when that version is already shown.

    Returns \c false and emits rejected() with the action \c{"switchVersion"} while a turn is
    open, for an id that is not a row of the shown path, or for an index outside 0 to
    \c{versionCount - 1}.
*/

/*!
    \fn bool KoderAgentController::switchVersion(const QString &messageId, int index)

    Shows version \a index (0-based) of the message \a messageId, with what was shown under it
    last. Returns \c false and emits rejected() while a turn is open, for an unknown message or
    for an index out of range.
*/

/*!
    \qmlmethod string KoderAgentController::branch(string messageId)

    Forks the conversation: a new conversation holding the shown path up to and including
    \a messageId (without other versions). The current conversation stays shown and unchanged;
    set \l conversationId to the returned id to show the fork. With a \l store the fork is
    written there; without one it is kept in memory for the life of the controller.

    Returns the new conversation's id, or an empty string, with rejected() and the action
    \c{"branch"}, for an unknown id or the message that is streaming.
*/

/*!
    \fn QString KoderAgentController::branch(const QString &messageId)

    Forks the conversation at \a messageId and returns the new conversation's id, or an empty
    string (and emits rejected()) for an unknown id or the message that is streaming.
*/

/*!
    \qmlmethod KoderAgentController::abort()

    Stops the shown conversation's open turn, whether a reply streams, tool calls wait or tools
    run: the request is cancelled, the partial reply stays in the history with \c aborted set,
    tokens that still arrive are dropped, waiting calls are answered as cancelled, running tools
    are stopped, \l status becomes \c{"interrupted"} and aborted() is emitted, as the turn's
    terminal signal. Turns that run in the background are not touched.

    With no turn open it emits rejected() with the action \c{"abort"} and changes nothing.
*/

/*!
    \fn void KoderAgentController::abort()

    Stops the shown conversation's open turn; the partial reply stays with \c aborted set and
    aborted() is emitted. Emits rejected() when no turn is open.
*/

/*!
    \qmlmethod KoderAgentController::clear()

    Empties the view: all rows of \l messages are removed (a model reset), and queued messages
    and the conversation's grants are forgotten. A turn that is open ends with aborted(). The
    stored copy is not touched: the next message starts a new conversation with a new
    \l conversationId, so setting the old id again shows the old conversation.
*/

/*!
    \fn void KoderAgentController::clear()

    Empties the view and keeps the stored copy; the next message starts a new conversation. An
    open turn ends with aborted().
*/

/*!
    \qmlmethod bool KoderAgentController::deleteConversation()

    Removes the shown conversation from the \l store (or from memory) and starts a new, empty
    one with a new \l conversationId. A turn that is open ends with aborted(). (It is not
    called \c delete, a name neither C++ nor QML allows for a method.) Returns \c true.
*/

/*!
    \fn bool KoderAgentController::deleteConversation()

    Removes the shown conversation from the store and starts a new, empty one. An open turn
    ends with aborted(). Returns \c true.
*/

/*!
    \qmlmethod bool KoderAgentController::approveToolCall(string callId, var options)

    Approves the waiting call \a callId (an \c id of \l pendingToolCalls): the tool runs, its
    result is appended as a \c tool message, and when no other call waits, the reply goes on.
    \a options is optional, an object with:

    \table
    \header \li Key \li Meaning
    \row \li \c scope
         \li How long the approval holds: \c{"once"} (the default: this call only),
             \c{"conversation"} (this tool runs without asking for the rest of this
             conversation; stored with it, gone in a new one) or \c{"always"} (sets the tool's
             entry of \l toolPolicies to \c{"allow"}).
    \row \li \c arguments
         \li An object (or its JSON text) that replaces the model's arguments, for a user who
             corrected them. It must fit the tool's \c parameters schema (see
             checkToolArguments()). The tool receives these, and the history records what ran.
    \endtable

    \qml
    agent.approveToolCall(call.id, { scope: "conversation" })
    agent.approveToolCall(call.id, { arguments: { path: "notes/today.md" } })
    \endqml

    The tool message records the decision in \c{metadata.approval}. Returns \c false and emits
    rejected() with the action \c{"approveToolCall"}, leaving the call waiting, when no call
    with that id waits, the scope is unknown, or the arguments are not an object or do not fit
    the schema.

    \sa denyToolCall(), approveAll(), {Tools and Permissions}
*/

/*!
    \fn bool KoderAgentController::approveToolCall(const QString &callId, const QVariant &options)

    Approves the waiting call \a callId; the tool runs. \a options (optional) is a map with
    \c scope (\c{"once"}, \c{"conversation"} or \c{"always"}) and \c arguments (a map or its
    JSON text replacing the model's). Returns \c false and emits rejected() when no call with
    that id waits or the options do not fit. See
    \l [QML] {KoderAgentController::approveToolCall()}{approveToolCall()} in QML.
*/

/*!
    \qmlmethod bool KoderAgentController::denyToolCall(string callId, string reason)

    Denies the waiting call \a callId: it is not run, a \c tool message with \c denied set is
    appended (its text says the user denied it, followed by \a reason when given), and when no
    other call waits the reply goes on, so the model learns of the denial. Returns \c false and
    emits rejected() with the action \c{"denyToolCall"} when no call with that id waits.
*/

/*!
    \fn bool KoderAgentController::denyToolCall(const QString &callId, const QString &reason)

    Denies the waiting call \a callId; the model is told, with \a reason when not empty.
    Returns \c false and emits rejected() when no call with that id waits.
*/

/*!
    \qmlmethod bool KoderAgentController::approveAll(var options)

    Approves every waiting call, as approveToolCall() would one by one, with the \c scope of
    \a options (optional; edited \c arguments apply to one call and are refused here). Returns
    \c false and emits rejected() with the action \c{"approveAll"} when no call waits or the
    options do not fit.
*/

/*!
    \fn bool KoderAgentController::approveAll(const QVariant &options)

    Approves every waiting call with the \c scope of \a options. Returns \c false and emits
    rejected() when no call waits or \a options do not fit.
*/

/*!
    \qmlmethod bool KoderAgentController::denyAll(string reason)

    Denies every waiting call; the model sees \a reason (optional). Returns \c false and emits
    rejected() with the action \c{"denyAll"} when no call waits.
*/

/*!
    \fn bool KoderAgentController::denyAll(const QString &reason)

    Denies every waiting call with \a reason. Returns \c false and emits rejected() when no
    call waits.
*/

/*!
    \qmlmethod string KoderAgentController::checkToolArguments(string toolName, var arguments)

    Returns why \a arguments (an object, or its JSON text) do not fit the \c parameters schema
    of the tool \a toolName, or an empty string when they do: what an argument editor shows
    before the user approves. Arguments must be a JSON object; for a tool that is not
    registered, any object fits. It changes nothing and emits nothing.
*/

/*!
    \fn QString KoderAgentController::checkToolArguments(const QString &toolName, const QVariant &arguments) const

    Returns why \a arguments (a map or its JSON text) do not fit the parameters of the tool
    \a toolName, or an empty string when they do.
*/

/*!
    \qmlmethod bool KoderAgentController::addUserMessage(string text)

    Appends \a text as a user message without starting a turn (no lifecycle signal is
    emitted). Returns
    \c false and emits rejected() with the action \c{"addUserMessage"} while a turn is open or
    when the conversation is read-only.
*/

/*!
    \fn bool KoderAgentController::addUserMessage(const QString &text)

    Appends \a text as a user message without starting a turn. Returns \c false and emits
    rejected() while a turn is open.
*/

/*!
    \qmlmethod bool KoderAgentController::addChatMessages(var list)

    Appends the messages of \a list, a JavaScript array of objects, to the history without
    starting a turn. Each object has \c role (\c{"user"}, \c{"assistant"}, \c{"system"},
    \c{"tool"} or \c{"checkpoint"}) and \c text, and may have the other fields of a message
    under the names of the conversation's JSON: \c id (made when missing), \c reasoning,
    \c toolCalls, \c toolCallId, \c toolName, \c isError, \c denied, \c aborted, \c error,
    \c attachments, \c context, \c selection, \c metadata, \c usage, \c finishReason and
    \c createdAt (milliseconds since 1970, or a \c Date; now when missing).

    \qml
    agent.addChatMessages([{ role: "user", text: "Hi" }, { role: "assistant", text: "Hello!" }])
    \endqml

    The list is checked before anything is added. Returns \c false and emits rejected() with
    the action \c{"addChatMessages"} while a turn is open, when the conversation is read-only,
    or when the list is not valid (the first bad field by its path, or an id that is already
    taken); nothing is added then.
*/

/*!
    \fn bool KoderAgentController::addChatMessages(const QVariant &list)

    Appends the messages of \a list (a QVariantList of QVariantMap with the fields of the
    conversation's JSON) without starting a turn. Returns \c false and emits rejected(), adding
    nothing, while a turn is open or when a message is not valid.
*/

/*!
    \qmlmethod bool KoderAgentController::setChatMessages(var list)

    Replaces the whole history with the messages of \a list (the same form as for
    addChatMessages()); the model is reset. A turn that is open ends with aborted(). It also
    makes a conversation that could not be loaded usable again. Returns \c false and emits
    rejected() with the action \c{"setChatMessages"} when the list is not valid; nothing
    changes then.
*/

/*!
    \fn bool KoderAgentController::setChatMessages(const QVariant &list)

    Replaces the history with the messages of \a list. Returns \c false and emits rejected(),
    changing nothing, when a message is not valid.
*/

/*!
    \qmlmethod KoderAgentController::reset()

    Starts a new, empty conversation with a new \l conversationId, as a "New chat" button
    would. With a \l store, the conversation left stays stored. A turn open in it runs on in
    the background when \l maxBackgroundTurns allows, and ends with aborted() otherwise.
*/

/*!
    \fn void KoderAgentController::reset()

    Starts a new, empty conversation with a new id. An open turn runs on in the background when
    maxBackgroundTurns allows, and is stopped otherwise.
*/

/*!
    \qmlmethod bool KoderAgentController::addCheckpoint(var payload)

    Appends a \c checkpoint message holding \a payload, any JavaScript value JSON can hold (the
    message's \c text is its JSON text). A checkpoint marks a point to come back to, such as
    the state of a document the agent edits; restoreCheckpoint() returns to it. Checkpoints are
    not sent to the model and are hidden from chat views by default.

    Returns \c false and emits rejected() with the action \c{"addCheckpoint"} while a turn is
    open, when the conversation is read-only, or when \a payload holds something JSON cannot
    (a function, NaN).
*/

/*!
    \fn bool KoderAgentController::addCheckpoint(const QVariant &payload)

    Appends a checkpoint message holding \a payload (any value JSON can hold). Returns \c false
    and emits rejected() while a turn is open.
*/

/*!
    \qmlmethod bool KoderAgentController::restoreCheckpoint(string messageId)

    Goes back to the checkpoint \a messageId: every message after it is deleted (with the
    versions under them) and checkpointRestored() is emitted with its payload, for the
    application to restore what it saved. Returns \c false and emits rejected() with the action
    \c{"restoreCheckpoint"} for an unknown id, a message that is not a checkpoint, or while a
    turn is open.
*/

/*!
    \fn bool KoderAgentController::restoreCheckpoint(const QString &messageId)

    Deletes the messages after the checkpoint \a messageId and emits checkpointRestored() with
    its payload. Returns \c false and emits rejected() for an unknown id, another kind of
    message, or while a turn is open.
*/

/*!
    \qmlmethod string KoderAgentController::conversationStatus(string conversationId)

    Returns the status of any conversation, named as \l status names it: the shown one's
    status; for a turn running in the background \c{"streaming"}, \c{"reviewingToolCall"} or
    \c{"runningTool"}; how a background turn ended (\c{"error"}, \c{"interrupted"},
    \c{"handoff"}) until \a conversationId is shown; otherwise \c{"idle"}. A conversation list
    uses it to mark conversations whose reply runs unseen.

    \sa conversationStatusChanged(), maxBackgroundTurns
*/

/*!
    \fn QString KoderAgentController::conversationStatus(const QString &conversationId) const

    Returns the status of the conversation \a conversationId, shown or not, as status names it
    (\c{"idle"} for one with no news).

    \sa conversationStatusChanged()
*/

/*!
    \qmlmethod list<var> KoderAgentController::eventLog()

    Returns the runtime's compact event log, oldest first, for debug panels: a list of maps
    with \c seq (a running number), \c kind (what happened: an action such as \c{"send"},
    \c{"approve"} or \c{"abort"}, or a milestone of the turn such as \c{"started"},
    \c{"toolCall"}, \c{"retry"}, \c{"error"} or \c{"end"}), \c subject (the message id,
    call id, conversation id or error code it concerns) and \c repeat (how many times it
    happened in a row; the text of a step is one \c{"tokens"} entry counting its pieces). The
    log keeps the latest 256 entries; a refused call leaves none.
*/

/*!
    \fn QVariantList KoderAgentController::eventLog() const

    Returns the runtime's compact event log, oldest first: maps of \c seq, \c kind,
    \c subject and \c repeat.
*/

bool KoderAgentController::send(const QString& text, const QVariant& attachments)
{
    QString error;
    std::string json = variantToJsonText(attachments, &error);
    if (!error.isEmpty())
        return refuse("send", RejectReason::InvalidValue, error);
    if (json == "[]")
        json.clear(); // no attachments
    if (!json.empty() && transport() && !transport()->checkAttachments(json, &error))
        return refuse("send", RejectReason::InvalidValue, error);
    return dispatch(Send{toStd(text), std::move(json)});
}

bool KoderAgentController::regenerate(const QString& messageId)
{
    return dispatch(Regenerate{toStd(messageId)});
}

bool KoderAgentController::edit(const QString& messageId, const QString& newText)
{
    return dispatch(Edit{toStd(messageId), toStd(newText)});
}

bool KoderAgentController::switchVersion(const QString& messageId, int index)
{
    return dispatch(SwitchVersion{toStd(messageId), index});
}

QString KoderAgentController::branch(const QString& messageId)
{
    if (!dispatch(Branch{toStd(messageId)}))
        return {};
    return toQString(m_runtime.lastResult());
}

void KoderAgentController::abort()
{
    dispatch(Abort{});
}

void KoderAgentController::clear()
{
    dispatch(Clear{});
}

bool KoderAgentController::deleteConversation()
{
    return dispatch(DeleteConversation{});
}

bool KoderAgentController::approveToolCall(const QString& callId, const QVariant& options)
{
    const auto read = readApprovalOptions("approveToolCall", options, true);
    if (!read)
        return false;
    return dispatch(ApproveToolCall{toStd(callId), read->scope, read->arguments});
}

bool KoderAgentController::denyToolCall(const QString& callId, const QString& reason)
{
    return dispatch(DenyToolCall{toStd(callId), toStd(reason)});
}

bool KoderAgentController::approveAll(const QVariant& options)
{
    const auto read = readApprovalOptions("approveAll", options, false);
    return read && dispatch(ApproveAll{read->scope});
}

bool KoderAgentController::denyAll(const QString& reason)
{
    return dispatch(DenyAll{toStd(reason)});
}

QString KoderAgentController::checkToolArguments(const QString& toolName,
                                                 const QVariant& arguments) const
{
    QString error;
    std::string text = arguments.typeId() == QMetaType::QString
                           ? toStd(arguments.toString())
                           : variantToJsonText(arguments, &error);
    if (!error.isEmpty())
        return error;
    const KoderTool* tool = m_executor.findTool(toolName);
    const std::string schema = tool ? parametersJson(*tool) : std::string();
    const std::string why = koder::agent::checkToolArguments(schema, text);
    return why.empty() ? QString() : toQString(why);
}

std::optional<KoderAgentController::ApprovalOptions>
KoderAgentController::readApprovalOptions(const char* action, const QVariant& options,
                                          bool takesArguments)
{
    ApprovalOptions read;
    if (!options.isValid() || options.isNull())
        return read;
    QString error;
    const QJsonValue value = variantToJson(options, &error);
    // A value that did not convert (NaN, a function...) is refused, never taken for "none":
    // edited arguments must not silently fall back to the model's.
    if (!error.isEmpty()) {
        refuse(action, RejectReason::InvalidValue, error);
        return std::nullopt;
    }
    if (value.isUndefined() || value.isNull())
        return read;
    if (!value.isObject()) {
        refuse(action, RejectReason::InvalidValue,
               tr("The options must be an object like {scope: \"once\"}."));
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue scope = object.value(QStringLiteral("scope"));
    if (!scope.isUndefined() && !scope.isNull()) {
        const auto parsed = approvalScopeFromString(toStd(scope.toString()));
        if (!parsed) {
            refuse(action, RejectReason::InvalidValue,
                   tr("Unknown scope \"%1\": use once, conversation or always.")
                       .arg(scope.toVariant().toString()));
            return std::nullopt;
        }
        read.scope = *parsed;
    }
    const QJsonValue arguments = object.value(QStringLiteral("arguments"));
    if (!arguments.isUndefined() && !arguments.isNull()) {
        if (!takesArguments) {
            refuse(action, RejectReason::InvalidValue,
                   tr("Edited arguments apply to one call: use approveToolCall()."));
            return std::nullopt;
        }
        if (arguments.isString())
            read.arguments = toStd(arguments.toString());
        else if (arguments.isObject())
            read.arguments =
                QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact).toStdString();
        else {
            refuse(action, RejectReason::InvalidValue,
                   tr("The arguments must be an object (or its JSON text)."));
            return std::nullopt;
        }
    }
    return read;
}

bool KoderAgentController::addUserMessage(const QString& text)
{
    return dispatch(AddUserMessage{toStd(text)});
}

bool KoderAgentController::addChatMessages(const QVariant& list)
{
    return loadMessages(list, false, "addChatMessages");
}

bool KoderAgentController::setChatMessages(const QVariant& list)
{
    return loadMessages(list, true, "setChatMessages");
}

void KoderAgentController::reset()
{
    dispatch(Reset{});
}

bool KoderAgentController::addCheckpoint(const QVariant& payload)
{
    QString error;
    std::string json = variantToJsonText(payload, &error);
    if (!error.isEmpty())
        return refuse("addCheckpoint", RejectReason::InvalidValue, error);
    return dispatch(AddCheckpoint{std::move(json)});
}

bool KoderAgentController::restoreCheckpoint(const QString& messageId)
{
    return dispatch(RestoreCheckpoint{toStd(messageId)});
}

// Every refusal, the core's and the Qt side's (a value JSON cannot hold), reads from the core's
// one table of reasons (outcome.cpp, marked for translation under this class's context).
bool KoderAgentController::refuse(const char* action, RejectReason reason, const QString& detail)
{
    QString text = QCoreApplication::translate("KoderAgentController", describe(reason).data());
    if (!detail.isEmpty() && showsDetail(reason))
        text += QLatin1Char(' ') + detail;
    Q_EMIT rejected(QString::fromLatin1(action), text);
    return false;
}

// Messages from QML go through the core's validating importer, so a bad field is reported by
// its path ("messages[2].role: unknown value \"bot\"") instead of being half-applied; the
// importer gives a message without id or time its id and time.
bool KoderAgentController::loadMessages(const QVariant& list, bool replace, const char* action)
{
    QString error;
    const QVariant plain = plainVariant(list, &error); // JS arrays and objects too
    if (error.isEmpty() && plain.typeId() != QMetaType::QVariantList)
        error = QStringLiteral("messages: expected an array"); // like the loader's details
    if (!error.isEmpty())
        return refuse(action, RejectReason::InvalidMessages, error);
    const QVariantList items = plain.toList();
    QJsonArray array;
    for (const QVariant& item : std::as_const(items)) {
        // A JS Date arrives as a QDateTime: the core counts milliseconds.
        QVariantMap m = item.toMap();
        const QVariant created = m.value(QStringLiteral("createdAt"));
        if (created.typeId() == QMetaType::QDateTime)
            m.insert(QStringLiteral("createdAt"),
                     QVariant::fromValue<qint64>(created.toDateTime().toMSecsSinceEpoch()));
        array.append(variantToJson(m));
    }
    const QByteArray json = QJsonDocument(array).toJson(QJsonDocument::Compact);
    auto loaded = importMessages(std::string_view(json.constData(), std::size_t(json.size())),
                                 m_runtime.environment());
    if (auto* problem = std::get_if<LoadError>(&loaded))
        return refuse(action, RejectReason::InvalidMessages, toQString(problem->toString()));
    auto& messages = std::get<std::vector<Message>>(loaded);
    if (replace)
        return dispatch(SetMessages{std::move(messages)});
    return dispatch(AddMessages{std::move(messages)});
}

// ---- documentation: the QML signals (the C++ ones are in controllerprojection.cpp) ------------

/*!
    \qmlsignal KoderAgentController::userMessage(string messageId)

    The user's message \a messageId was appended: the first signal of a turn started by send()
    or by a queued message, and of a message that joins a turn under \l busyPolicy
    \c{"steer"}.
*/

/*!
    \qmlsignal KoderAgentController::streamStart(string messageId)

    A turn started: \a messageId is its first assistant message, empty for now. Emitted once per
    turn, after userMessage() (or first, for regenerate() and edit()).
*/

/*!
    \qmlsignal KoderAgentController::streamToken(string messageId, string token)

    \a token, a piece of the reply's text, was appended to the assistant message
    \a messageId. Each step of a turn streams into its own message, so \a messageId changes
    after tool calls. The row's \c text in \l messages already holds it (its \c dataChanged
    comes at once for the first token of a reply, up to \l updateInterval later for the
    others).
*/

/*!
    \qmlsignal KoderAgentController::toolCall(var call)

    The model asked for a tool call, before it is decided: \a call is a map with \c id,
    \c name, \c arguments (an object) and \c readOnly (whether the registered tool only
    reads). Whether it runs at once or waits in \l pendingToolCalls follows \l toolPolicies and
    \l autoAccept.
*/

/*!
    \qmlsignal KoderAgentController::streamEnd(string messageId)

    The turn ended normally: \a messageId is its last assistant message, complete. It is the
    terminal signal of the turn (like error() and aborted(); exactly one of them ends every
    turn). The model shows the final text and, with a \l store, the turn is saved before it is
    emitted. A transport's handoff ends the turn with this signal too (\l status
    \c{"handoff"}).
*/

/*!
    \qmlsignal KoderAgentController::error(var error)

    The turn failed: \a error is a map with \c code, \c message, \c retryable and
    \c retryAfterMs, as \l lastError (set before this signal), and \c messageId, the assistant
    message that failed (its \c errorText role holds the message). It is the terminal signal of
    the turn. Errors that \l maxRetries or a hook retried are not reported.
*/

/*!
    \qmlsignal KoderAgentController::aborted(string messageId)

    The turn was stopped: by abort(), or by an action that ends it (regenerate(), edit(),
    clear(), setChatMessages(), deleteConversation(), a send under \l busyPolicy
    \c{"interrupt"}, a new \l transport, or leaving the conversation when the turn cannot run
    on in the background).
    \a messageId is the assistant message that was cut off; its partial text stays with
    \c aborted set. It is the terminal signal of the turn.
*/

/*!
    \qmlsignal KoderAgentController::checkpointRestored(var payload)

    restoreCheckpoint() went back to a checkpoint: \a payload is the value given to
    addCheckpoint(), for the application to restore what it saved.
*/

/*!
    \qmlsignal KoderAgentController::rejected(string action, string reason)

    A call was refused and changed nothing: \a action names it (the method, such as
    \c{"send"} or \c{"approveToolCall"}, or the setter, such as \c{"setAutoAccept"}) and
    \a reason is a translated sentence to show the user, followed by the detail when it helps
    (which value, which field). \l {koder-controller-refusals}{Refused calls and errors}
    lists the reasons.
*/

/*!
    \qmlsignal KoderAgentController::conversationStatusChanged(string conversationId, string status)

    What conversationStatus() returns for \a conversationId changed to \a status: the shown
    conversation's status changed, a turn running in the background moved on or ended, or a
    conversation came into view or left it.
*/

/*!
    \qmlsignal KoderAgentController::turnStarting(var request)

    A turn's first request is about to go to the transport (the agent loop's \c onStart hook).
    \a request is a map with \c requestId, \c conversationId, \c step, \c attempt and
    \c messageCount (how many messages the request carries).
*/

/*!
    \qmlsignal KoderAgentController::stepFinished(var step)

    A model call of the turn ended (the \c onStepFinish hook): \a step is a map with
    \c messageId (the step's assistant message), \c step (its number, from 1) and
    \c finishReason (\c{"stop"}, \c{"tool_calls"}, \c{"length"}, ...). Emitted before the
    step's tools run.
*/

/*!
    \qmlsignal KoderAgentController::toolExecutionStarted(var call)

    A tool is about to run (the \c onToolExecutionStart hook): \a call is a map with \c id,
    \c name, \c arguments and \c readOnly. Aborting from a handler keeps it from running.
*/

/*!
    \qmlsignal KoderAgentController::toolExecutionFinished(var call, var result)

    A tool finished (the \c onToolExecutionEnd hook): \a call as in toolExecutionStarted(),
    \a result a map with \c result (the text the \c tool message will hold) and \c isError.
*/

/*!
    \qmlsignal KoderAgentController::turnFinished(string outcome, string messageId)

    The turn ended (the \c onFinish hook), right after its terminal signal: \a outcome is
    \c{"streamEnd"}, \c{"error"} or \c{"aborted"}, and \a messageId the assistant message the
    terminal signal named.
*/

/*!
    \qmlsignal KoderAgentController::announcement(enumeration kind, enumeration politeness, string messageId, string text, int position)

    Something a screen reader should say about the message \a messageId. \a kind is a
    \c Koder.AnnouncementKind (the reply started, a phrase of it, finished, stopped, an error,
    an approval needed, a message added to the running reply) and \a politeness a
    \c Koder.Politeness (errors and approval requests are \c Assertive). For a phrase of the
    reply (\c ReplyText), \a text is the phrase and \a position where it starts in the
    message's text, in characters (UTF-16 units, as JavaScript counts); for an error, \a text
    is its message as it was then; otherwise \a text is empty and \a position 0.

    \l [QML] KoderLiveRegion voices these; an application needs this signal only to voice them
    another way.

    \sa {Accessibility}
*/
