// SPDX-License-Identifier: MIT
#include "koderaguitransport.h"

#include "agentlogging.h"
#include "aguistream.h"
#include "attachments.h"
#include "qtconvert.h"
#include "requestjson.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QSet>
#include <QtCore/QUuid>
#include <QtNetwork/QNetworkRequest>

#include <optional>

#include "koder/agent/question.h"

/*!
    \class KoderAgUiTransport
    \inmodule KoderAgent
    \inheaderfile koderaguitransport.h
    \brief Connects a controller to an agent that speaks AG-UI (LangGraph, CrewAI, Mastra,
    Pydantic AI, Google ADK, Microsoft Agent Framework, AWS Strands, Agno, LlamaIndex, AG2, ...).

    Each run of the agent is one POST of a \c RunAgentInput to \l url; the agent answers with
    its events as Server-Sent Events. See \l [QML] {KoderAgUiTransport}{the QML type} for the
    whole behaviour.

    \sa {AG-UI agents}, {Transports}
*/

/*!
    \qmltype KoderAgUiTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderAgUiTransport
    \inherits KoderHttpTransport
    \brief Connects a controller to an agent that speaks AG-UI.

    AG-UI is the event protocol agent frameworks (LangGraph, CrewAI, Mastra, Pydantic AI,
    Google ADK, Microsoft Agent Framework, ...) speak to their user interfaces. Set \l url to
    the agent's endpoint:

    \snippet qml/tst_agui.qml agui-transport

    \section1 Runs

    Each request of a turn is one run: a POST of a \c RunAgentInput with \c threadId the
    conversation's id, a new \c runId, \c messages the whole active path in AG-UI's shape (with
    the conversation's message ids; images as \c image parts; reasoning is not sent), the
    controller's tools as \c tools (the tools this side runs), \l agentState as \c state and
    \l forwardedProps. \l {KoderHttpTransport::}{apiKey}, when set, goes as a bearer token;
    \l {KoderHttpTransport::}{extraHeaders} go with every run, both to the origin of \l url
    only. \l {KoderHttpTransport::}{model} is not sent: the agent chooses (when set, it names
    the model of each reply in its \c{metadata.model}, which prices it). An AG-UI agent keeps
    its own context: it is not asked to summarise the conversation
    (\l [QML] {KoderAgentController::compact()}{compact()} is refused). To continue a
    reply cut by \c length
    (\l [QML] {KoderAgentController::continueReply()}{continueReply()}), the run's messages
    end with that reply and a user message (id \c{continue-<the reply's id>}) asking the
    agent to go on from where it stopped without repeating itself.

    A send is one turn however many runs it takes: one \c streamStart and one terminal event,
    which comes when the last run's body ends.

    \section1 Events

    \table
    \header \li Events \li What they become
    \row \li \c TEXT_MESSAGE_* (and \c TEXT_MESSAGE_CHUNK)
         \li The assistant's text, a row per message id (the row takes the agent's id).
    \row \li \c REASONING_* (and the older \c THINKING_*)
         \li Reasoning, on the row the next text opens.
    \row \li \c TOOL_CALL_* for one of the controller's tools
         \li A call decided by the approval policies and run here; its result goes to the
             agent with the next run of the same turn.
    \row \li \c TOOL_CALL_* for another tool, \c TOOL_CALL_RESULT
         \li A call the agent runs: shown on its row, never run here; its result is a tool
             message as sent, with \c{metadata.ranBy} \c{"server"}.
    \row \li \c STATE_SNAPSHOT, \c STATE_DELTA
         \li \l agentState replaced, or patched (RFC 6902, all or nothing).
    \row \li \c MESSAGES_SNAPSHOT
         \li Reconciled with the conversation by message id: rows it names take its text,
             messages the conversation lacks are added, nothing is removed or duplicated.
    \row \li \c RUN_FINISHED
         \li The run's \c usage becomes \l {KoderHttpTransport::}{usage}; an interrupt outcome
             is described below.
    \row \li \c RUN_ERROR
         \li The turn ends with an error: \c code the event's code, else \c{"agent_error"}; not
             retryable; the text before it is kept. A code or message saying the prompt is too
             long for the model's context window (\c context_length_exceeded, "maximum context
             length", "prompt is too long", ...) is \c{"context_length"}.
    \row \li \c CUSTOM, \c RAW
         \li customEvent() with the event's name and value (\c{"raw"} and the event).
    \row \li \c STEP_*, \c ACTIVITY_*
         \li Entries of the controller's \l {KoderAgentController::eventLog()}{eventLog()}.
    \endtable

    Event types and fields this version does not know are ignored.

    \section1 Interrupts

    A run that finishes with an interrupt outcome pauses the turn. An interrupt with reason
    \c tool_call becomes a pending approval (the id in \l {KoderAgentController::}
    {pendingToolCalls} is the interrupt's \c toolCallId, else its id); the approval policies
    and autoAccept apply as to any call, and nothing runs here. Any other interrupt becomes a
    pending input (\l {KoderAgentController::}{pendingInputs}, \c source \c{"agui"}) with the
    interrupt's \c message and \c responseSchema, shown by \l QuestionPrompt. When every
    interrupt is decided, the next run carries \c resume: for each, \c status \c{"resolved"}
    and the payload (\c{{approved, reason, arguments}} for an approval; the object given to
    \l {KoderAgentController::}{answerInput()} for an input), or \c status \c{"cancelled"}
    for one declined, dismissed or left when the turn was stopped.

    \section1 Errors

    The errors and limits are \l [QML] {KoderHttpTransport}{KoderHttpTransport's}. Events out
    of the protocol's order (an event before \c RUN_STARTED, content or an end without a start,
    anything after \c RUN_FINISHED or \c RUN_ERROR, \c RUN_FINISHED with a message or call
    still open) and a \c STATE_DELTA that does not apply end the turn with code
    \c{"protocol_error"}; \l agentState keeps what it was before that event. A body that ends
    without \c RUN_FINISHED fails with code \c{"incomplete"} (retryable).

    \sa {AG-UI agents}, {Transports}
*/

/*!
    \property KoderAgUiTransport::url
    \brief The agent's endpoint, posted to as it is.

    The same property as \l {KoderHttpTransport::}{baseUrl}. Empty by default: a turn fails
    until it is set.
*/

/*!
    \qmlproperty url KoderAgUiTransport::url

    The agent's endpoint, posted to as it is (the same property as \c baseUrl). Empty by
    default: a turn fails until it is set.
*/

/*!
    \property KoderAgUiTransport::agentState
    \brief The state the agent shares with the application.

    Each conversation (the agent's thread) has its own: this is the state of the conversation
    the controller shows (\c{{}} until its agent sends one or it is set), sent as \c state with
    that conversation's runs. \c STATE_SNAPSHOT replaces it and \c STATE_DELTA applies an RFC
    6902 JSON Patch to it, all or nothing: a patch that does not apply ends the run with
    \c{"protocol_error"} and leaves it as it was. A state set before a new conversation's
    first message becomes that conversation's. The states are kept in memory while the
    transport lives; they are not stored.
*/

/*!
    \qmlproperty var KoderAgUiTransport::agentState

    The state the agent shares with the application, for the conversation the controller shows
    (each conversation, the agent's thread, has its own; \c{{}} until its agent sends one or it
    is set): sent as \c state with that conversation's runs; \c STATE_SNAPSHOT replaces it,
    \c STATE_DELTA patches it (RFC 6902, all or nothing: a patch that does not apply ends the
    run with \c{"protocol_error"} and leaves it as it was). Bind views to it: it changes when
    the agent changes it and when another conversation is shown. Assign it to change what the
    next run sends; set before a new conversation's first message, it becomes that
    conversation's. Kept in memory while the transport lives, not stored.

    \snippet qml/tst_agui.qml agui-state
*/

/*!
    \property KoderAgUiTransport::forwardedProps
    \brief Sent as \c forwardedProps with every run (\c{{}} until set).
*/

/*!
    \qmlproperty var KoderAgUiTransport::forwardedProps

    Sent as \c forwardedProps with every run (\c{{}} until set): what the agent's framework
    passes on to the agent, such as a model choice.
*/

/*!
    \fn void KoderAgUiTransport::customEvent(const QString &name, const QVariant &value)

    A \c CUSTOM event came, with its \a name and \a value; or a \c RAW one: \a name is
    \c{"raw"} and \a value the whole event.
*/

/*!
    \qmlsignal KoderAgUiTransport::customEvent(string name, var value)

    A \c CUSTOM event came, with its \a name and \a value; or a \c RAW one: \a name is
    \c{"raw"} and \a value the whole event.
*/

/*!
    \fn void KoderAgUiTransport::agentStateChanged()
    Emitted when agentState changes.
*/

/*!
    \fn void KoderAgUiTransport::forwardedPropsChanged()
    Emitted when forwardedProps changes.
*/

using namespace koder::agent;
using namespace koder::agent::qt;
using nlohmann::json;

namespace {
const QString idKey = QStringLiteral("id");
const QString roleKey = QStringLiteral("role");
const QString contentKey = QStringLiteral("content");
const QString typeKey = QStringLiteral("type");

QJsonValue toQJson(const json& value)
{
    // QJsonDocument holds an object or an array: any value goes through a one-element array.
    const std::string text = json::array({value}).dump();
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).array().at(0);
}

QJsonObject userMessage(const Message& m, const QList<LoadedAttachment>& attachments)
{
    const QString text = textWithAttachedFiles(m, attachments);
    QJsonArray parts;
    for (const LoadedAttachment& a : attachments) {
        if (a.kind != LoadedAttachment::Kind::Image)
            continue;
        const QJsonObject source =
            a.remoteUrl.isEmpty()
                ? QJsonObject{{typeKey, QStringLiteral("data")},
                              {QStringLiteral("value"), QString::fromLatin1(a.bytes.toBase64())},
                              {QStringLiteral("mimeType"), a.mimeType}}
                : QJsonObject{{typeKey, QStringLiteral("url")},
                              {QStringLiteral("value"), a.remoteUrl.toString()},
                              {QStringLiteral("mimeType"), a.mimeType}};
        parts.append(
            QJsonObject{{typeKey, QStringLiteral("image")}, {QStringLiteral("source"), source}});
    }
    QJsonObject o{{idKey, toQString(m.id)}, {roleKey, QStringLiteral("user")}};
    if (parts.isEmpty()) {
        o.insert(contentKey, text);
    } else {
        if (!text.isEmpty())
            parts.prepend(
                QJsonObject{{typeKey, QStringLiteral("text")}, {QStringLiteral("text"), text}});
        o.insert(contentKey, parts);
    }
    return o;
}

QJsonObject assistantMessage(const Message& m)
{
    QJsonObject o{{idKey, toQString(m.id)}, {roleKey, QStringLiteral("assistant")}};
    if (!m.text.empty())
        o.insert(contentKey, toQString(m.text));
    QJsonArray calls;
    for (ToolCall c : m.toolCalls()) {
        if (c.arguments.empty()) // AG-UI's schema wants the arguments' JSON text
            c.arguments = "{}";
        calls.append(functionCall(c));
    }
    if (!calls.isEmpty())
        o.insert(QStringLiteral("toolCalls"), calls);
    return o;
}

QJsonObject toolMessage(const Message& m)
{
    QJsonObject o{{idKey, toQString(m.id)},
                  {roleKey, QStringLiteral("tool")},
                  {QStringLiteral("toolCallId"), toQString(m.toolCallId())},
                  {contentKey, toQString(m.text)}};
    if (m.isError)
        o.insert(QStringLiteral("error"), toQString(m.text));
    return o;
}

// The kind of a STEP_* / ACTIVITY_* event for the debug log, and what names it.
ServerActivity activityOf(RequestId requestId, std::string_view type, const json& event)
{
    const auto field = [&](const char* key) {
        const auto it = event.find(key);
        return it != event.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (type == "STEP_STARTED")
        return {requestId, "stepStarted", field("stepName")};
    if (type == "STEP_FINISHED")
        return {requestId, "stepFinished", field("stepName")};
    return {requestId, "activity", field("activityType")};
}
} // namespace

struct KoderAgUiTransport::Private {
    /// Each thread's state; "" holds the state of the conversation not created yet (its id
    /// comes with its first message), which becomes that conversation's.
    QHash<QString, json> states;
    QString shown;                       ///< the thread agentState shows
    QVariant stateValue = QVariantMap(); ///< its state as QML reads it, converted once per change
    QVariant forwardedProps;

    json stateOf(const QString& thread) const { return states.value(thread, json::object()); }
    /// `thread` is the conversation shown now: a new one takes the state set before it had an
    /// id. True when agentState changed.
    bool show(const QString& thread)
    {
        if (thread == shown)
            return false;
        if (shown.isEmpty() && !states.contains(thread) && states.contains(QString()))
            states.insert(thread, states.take(QString()));
        shown = thread;
        return refresh();
    }
    /// Converts the shown state for QML; true when it changed.
    bool refresh()
    {
        QVariant next = jsonTextToVariant(stateOf(shown).dump());
        if (next == stateValue)
            return false;
        stateValue = std::move(next);
        return true;
    }

    /// One run, from start() until its body ended or it was cancelled.
    struct Run {
        QString threadId;
        QString runId;
        std::vector<std::string> frontendTools;
        QSet<QString> answeredCalls; ///< calls the history already has a result of
        QJsonArray resume;
        const koder::wire::StreamDecoder* decoder = nullptr;
    };
    QHash<RequestId, Run> runs;

    /// An interrupt the agent waits on: `key` is what the core decides it under (the call id
    /// of a tool_call interrupt, else the interrupt's id); `payload` its decision, once made
    /// (none: resumed as cancelled).
    struct Interrupt {
        QString id;
        QString key;
        std::optional<QJsonValue> payload{};
    };
    /// By thread. They stay until a run that resumed them completes: a resuming run that
    /// fails (and its retry, or the next message) resumes them again.
    QHash<QString, QList<Interrupt>> interrupts;

    /// Records the decision about `key` on the interrupt waiting under it, in any thread.
    void decide(const QString& key, std::optional<QJsonValue> payload)
    {
        for (QList<Interrupt>& open : interrupts)
            for (Interrupt& i : open)
                if (i.key == key)
                    i.payload = std::move(payload);
    }
};

/*!
    Constructs an AG-UI transport with \a parent. Set url before the first turn.
*/
KoderAgUiTransport::KoderAgUiTransport(QObject* parent)
    : KoderHttpTransport(QUrl(), parent)
    , d(std::make_unique<Private>())
{
}

/*!
    Destroys the transport; runs still streaming are aborted.
*/
KoderAgUiTransport::~KoderAgUiTransport() = default;

QVariant KoderAgUiTransport::agentState() const
{
    return d->stateValue;
}

void KoderAgUiTransport::setAgentState(const QVariant& state)
{
    json next = json::object();
    if (state.isValid() && !state.isNull()) {
        QString error;
        const std::string text = variantToJsonText(state, &error);
        next = json::parse(text, nullptr, false);
        if (!error.isEmpty() || next.is_discarded()) {
            qWarning("KoderAgUiTransport: agentState must be a JSON value: %s", qPrintable(error));
            return;
        }
    }
    if (next == d->stateOf(d->shown))
        return;
    d->states.insert(d->shown, std::move(next));
    if (d->refresh())
        Q_EMIT agentStateChanged();
}

QVariant KoderAgUiTransport::forwardedProps() const
{
    return d->forwardedProps;
}

void KoderAgUiTransport::setForwardedProps(const QVariant& props)
{
    const QVariant plain = plainVariant(props);
    if (plain == d->forwardedProps)
        return;
    d->forwardedProps = plain;
    Q_EMIT forwardedPropsChanged();
}

/*!
    \reimp

    Starts a run for \a request with \a tools as the agent's frontend tools, resuming the
    interrupts the conversation's last run ended with.
*/
void KoderAgUiTransport::start(const StartTurn& request, const QList<ToolSpec>& tools)
{
    Private::Run run;
    run.threadId = toQString(request.conversationId);
    run.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    for (const ToolSpec& t : tools)
        run.frontendTools.push_back(toStd(t.name));
    for (const Message& m : request.history)
        if (m.role == Role::Tool)
            run.answeredCalls.insert(toQString(m.toolCallId()));
    // Every interrupt the thread waits on is resumed: the protocol asks for all of them.
    if (const auto open = d->interrupts.constFind(run.threadId); open != d->interrupts.cend()) {
        for (const Private::Interrupt& i : *open) {
            QJsonObject entry{{QStringLiteral("interruptId"), i.id}};
            if (i.payload) {
                entry.insert(QStringLiteral("status"), QStringLiteral("resolved"));
                entry.insert(QStringLiteral("payload"), *i.payload);
            } else {
                entry.insert(QStringLiteral("status"), QStringLiteral("cancelled"));
            }
            run.resume.append(entry);
        }
    }
    // The first run of a conversation just created: its id arrives here before the controller
    // says it is shown.
    if (d->shown.isEmpty() && d->show(run.threadId))
        Q_EMIT agentStateChanged();
    d->runs.insert(request.requestId, std::move(run));
    KoderHttpTransport::start(request, tools);
}

/*!
    \reimp

    agentState shows the state of the conversation \a conversationId from now on (empty until
    its agent sends one, or the application sets it); a conversation not created yet takes
    the state set before it.
*/
void KoderAgUiTransport::showConversation(const std::string& conversationId)
{
    if (d->show(toQString(conversationId)))
        Q_EMIT agentStateChanged();
}

/*!
    \reimp
*/
void KoderAgUiTransport::cancel(RequestId requestId)
{
    // start() prepares the run before the base class cancels the id it reuses: only a run that
    // got its decoder is one to forget.
    if (const auto it = d->runs.constFind(requestId); it != d->runs.cend() && it->decoder) {
        // A stop while the agent resumes: what the user decided before it is not carried
        // into a later message; the agent hears the interrupts were cancelled.
        if (const auto open = d->interrupts.find(it->threadId); open != d->interrupts.end())
            for (Private::Interrupt& i : *open)
                i.payload.reset();
        d->runs.erase(it);
    }
    KoderHttpTransport::cancel(requestId);
}

/*!
    \reimp

    An input interrupt was answered (its payload is \a valueJson) or not, as \a decision says:
    the next run of \a input's conversation resumes it.
*/
void KoderAgUiTransport::settleInput(const PendingInput& input, InputDecision decision,
                                     const std::string& valueJson)
{
    if (input.source != "agui")
        return;
    if (decision == InputDecision::Answered) {
        const QJsonDocument answer = QJsonDocument::fromJson(QByteArray::fromStdString(valueJson));
        d->decide(toQString(input.id),
                  answer.isObject() ? QJsonValue(answer.object()) : QJsonValue(QJsonObject()));
    } else {
        d->decide(toQString(input.id), std::nullopt); // resumed as cancelled
    }
}

/*!
    \reimp

    A tool_call interrupt was decided as \a decision says: the next run resumes it with
    \c{{approved, reason, arguments}}.
*/
void KoderAgUiTransport::settleApproval(const SettleApproval& decision)
{
    QJsonObject payload{{QStringLiteral("approved"), decision.approved}};
    if (!decision.reason.empty())
        payload.insert(QStringLiteral("reason"), toQString(decision.reason));
    if (!decision.arguments.empty())
        payload.insert(QStringLiteral("arguments"), argumentsObject(decision.arguments));
    d->decide(toQString(decision.callId), payload);
}

/*!
    \reimp

    Returns url as it is.
*/
QUrl KoderAgUiTransport::endpoint() const
{
    return baseUrl();
}

/*!
    \reimp

    Adds apiKey, when set, to \a request as \c{Authorization: Bearer <key>}.
*/
void KoderAgUiTransport::addHeaders(QNetworkRequest& request) const
{
    addBearerKey(request);
}

/*!
    \reimp

    Returns the \c RunAgentInput for \a request with \a tools; \a attachments reads each user
    message's attachments.
*/
QJsonObject KoderAgUiTransport::body(const StartTurn& request, const QList<ToolSpec>& tools,
                                     AttachmentLoader& attachments) const
{
    const auto run = d->runs.constFind(request.requestId);
    QJsonArray messages;
    for (const Message& m : request.history) {
        switch (m.role) {
        case Role::System:
            messages.append(QJsonObject{{idKey, toQString(m.id)},
                                        {roleKey, QStringLiteral("system")},
                                        {contentKey, toQString(m.text)}});
            break;
        case Role::User: {
            QList<LoadedAttachment> loaded;
            attachments.load(m.attachments(), &loaded);
            messages.append(userMessage(m, loaded));
            break;
        }
        case Role::Assistant:
            // A row that said nothing tells the agent nothing.
            if (!m.text.empty() || !m.toolCalls().empty())
                messages.append(assistantMessage(m));
            break;
        case Role::Tool:
            messages.append(toolMessage(m));
            break;
        case Role::Checkpoint:
        case Role::Summary: // never in a request: the core sends a summary as a user message
            break;
        }
    }
    // The reply cut by `length` is the last message: a user message of this run asks for the
    // rest (its id is the reply's, prefixed: the conversation has no row of it).
    if (continues(request))
        messages.append(QJsonObject{
            {idKey,
             QStringLiteral("continue-") +
                 (request.history.empty() ? QString() : toQString(request.history.back().id))},
            {roleKey, QStringLiteral("user")},
            {contentKey, QString::fromLatin1(continuationInstruction)}});
    QJsonArray toolList;
    for (const ToolSpec& t : tools)
        toolList.append(QJsonObject{{QStringLiteral("name"), t.name},
                                    {QStringLiteral("description"), t.description},
                                    {QStringLiteral("parameters"), parametersOf(t)}});
    QJsonObject o{
        {QStringLiteral("threadId"), toQString(request.conversationId)},
        {QStringLiteral("runId"),
         run != d->runs.cend() ? run->runId : QUuid::createUuid().toString(QUuid::WithoutBraces)},
        {QStringLiteral("state"), toQJson(d->stateOf(toQString(request.conversationId)))},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("tools"), toolList},
        {QStringLiteral("context"), QJsonArray()},
        // AG-UI's schema takes any value but null: unset or null is sent as {}.
        {QStringLiteral("forwardedProps"),
         d->forwardedProps.isValid() && !d->forwardedProps.isNull()
             ? variantToJson(d->forwardedProps)
             : QJsonValue(QJsonObject())},
    };
    if (run != d->runs.cend() && !run->resume.isEmpty())
        o.insert(QStringLiteral("resume"), run->resume);
    return o;
}

/*!
    \reimp

    Returns an AG-UI decoder for request \a requestId, reporting through \a report within
    \a limits.
*/
std::unique_ptr<koder::wire::StreamDecoder>
KoderAgUiTransport::decoder(RequestId requestId, std::function<void(Input&&)> report,
                            const koder::wire::Limits& limits) const
{
    // The decoder reports into this transport (agentState, customEvent): the const is the base
    // class's promise about the request, not about the shared state.
    const QPointer<KoderAgUiTransport> self(const_cast<KoderAgUiTransport*>(this));
    Private::Run* run = nullptr;
    if (const auto it = d->runs.find(requestId); it != d->runs.end())
        run = &*it;
    QSet<QString> answered = run ? run->answeredCalls : QSet<QString>();
    koder::wire::AgUiHandlers handlers;
    const QString thread = run ? run->threadId : QString();
    handlers.state = [self, thread](const json& state) {
        if (!self)
            return;
        self->d->states.insert(thread, state);
        if (thread == self->d->shown && self->d->refresh())
            Q_EMIT self->agentStateChanged();
    };
    handlers.custom = [self](std::string_view name, const json& value) {
        if (self)
            Q_EMIT self->customEvent(toQString(name), jsonTextToVariant(value.dump()));
    };
    handlers.log = [requestId, report](std::string_view type, const json& event) {
        // What the agent does (its steps and activities), not the run's own bounds.
        if (type.starts_with("STEP_") || type.starts_with("ACTIVITY_"))
            report(activityOf(requestId, type, event));
    };
    // A frontend call the history already answered, streamed again by a later run, is that
    // call: shown, never run a second time. An interrupt's question pauses this run.
    auto filtered = [report, requestId, answered = std::move(answered)](Input&& input) {
        if (auto* call = std::get_if<ToolCallRequested>(&input);
            call && call->runner == CallRunner::Client &&
            answered.contains(toQString(call->call.id)))
            call->runner = CallRunner::Server;
        if (auto* question = std::get_if<RequestInput>(&input)) {
            question->requestId = requestId;
            // The core refuses a form it cannot show; the agent then hears "cancelled".
            if (const std::string why = checkQuestionSchema(question->input.schema); !why.empty())
                qCWarning(lcWire) << "AG-UI interrupt" << toQString(question->input.id)
                                  << "has a response schema the question prompt cannot show:"
                                  << toQString(why);
        }
        report(std::move(input));
    };
    auto decoder = std::make_unique<koder::wire::AgUiStreamDecoder>(
        requestId, std::move(filtered), limits, d->stateOf(thread),
        run ? run->frontendTools : std::vector<std::string>(), std::move(handlers));
    if (run)
        run->decoder = decoder.get();
    return decoder;
}

/*!
    \reimp

    When \a input ends a run, remembers the interrupts \a decoder's run ended with: the next
    run of the thread resumes them.
*/
void KoderAgUiTransport::finishing(koder::wire::StreamDecoder& decoder, Input& input) const
{
    for (auto it = d->runs.begin(); it != d->runs.end(); ++it) {
        if (it->decoder != &decoder)
            continue;
        const auto* agui = dynamic_cast<const koder::wire::AgUiStreamDecoder*>(&decoder);
        if (agui && std::holds_alternative<StreamEnded>(input)) {
            // The run completed: what it resumed is answered, and what it paused on waits.
            QList<Private::Interrupt> open;
            for (const koder::wire::AgUiInterrupt& i : agui->interrupts()) {
                const QString id = toQString(i.id);
                const bool approval = i.reason == "tool_call";
                open.append({id, approval && !i.toolCallId.empty() ? toQString(i.toolCallId) : id});
            }
            if (open.isEmpty())
                d->interrupts.remove(it->threadId);
            else
                d->interrupts.insert(it->threadId, std::move(open));
        }
        d->runs.erase(it);
        return;
    }
}

/*!
    \fn bool KoderAgUiTransport::summarises() const
    \reimp

    False: the agent keeps its own context, so it is not asked for a summary.
*/
