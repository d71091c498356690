// SPDX-License-Identifier: MIT
#include "kodertransport.h"

#include "replylimits.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QVariant>

#include <limits>

/*!
    \class KoderTransport
    \inmodule KoderAgent
    \inheaderfile kodertransport.h
    \brief The abstract agent role: sends a turn's history to a model and reports what comes
    back.

    A KoderAgentController talks to a model only through a KoderTransport (its \c transport
    property). The library has six: KoderLocalAgent (offline, for demos and tests),
    KoderOpenAiTransport, KoderResponsesTransport, KoderAnthropicTransport and
    KoderOllamaTransport (HTTP streaming, on KoderHttpTransport) and KoderWebSocketTransport (the \c aichat.v1 protocol). In QML:
    \l [QML] {KoderTransport}{the KoderTransport QML type}; the \l {Transports} page compares
    them.

    \section1 Writing a transport

    A subclass implements start() and cancel() and reports through deliver(). For each request
    that start() receives it delivers, tagged with that request's id:

    \list
    \li \c StreamStarted once, before any delta or tool call (a request that fails before the
        server answered, such as an HTTP error or a refused connection, may end with
        \c StreamFailed alone);
    \li any number of \c TextDelta and \c ReasoningDelta inputs (UTF-8 text as it arrives), and
        \c ToolCallRequested for each complete tool call (the transport assembles argument
        fragments itself);
    \li exactly one terminal input: \c StreamEnded with the finish reason as the wire says it
        (\c{"stop"}, \c{"tool_calls"}, \c{"length"}, ...; an empty reason means the stream ended
        without one and fails the turn with code \c{"incomplete"}), \c StreamFailed with an error
        (a stable \c code, a \c message, \c retryable and \c retryAfterMs), or \c Handoff.
    \endlist

    After cancel() of a request, nothing of that request may be delivered. deliver() never runs
    the controller reentrantly, so a transport may call it from anywhere on the controller's
    thread, inside start() included. The controller runs one request per conversation at a
    time; requests of several conversations (one in the foreground, others in the background)
    run at once.

    A \c StreamEnded is stamped with the model it came from: when its \c metadata (JSON text
    of an object, or empty) has no \c model key and the transport has a \c model property
    holding a non-empty string (the HTTP transports and KoderWebSocketTransport do),
    deliver() adds \c{"model": <that property>} to it. The controller prices a reply by that
    name. The property is read when the reply ends.

    A transport that can learn the model's context window from its server implements
    requestContextWindow() and reports it with setContextWindow() (KoderOllamaTransport does).

    Every transport that reads from a network bounds what it accepts with the limits below:
    going past one ends the turn with an error whose code is \c{"too_large"} (not retryable),
    frees what was buffered, and keeps what the user already saw.

    \sa KoderAgentController, {Transports}, {Turn Lifecycle}
*/

/*!
    \qmltype KoderTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderTransport
    \brief The abstract base of the transports: the limits every transport enforces.

    A \l [QML] KoderAgentController's
    \l [QML] {KoderAgentController::transport}{transport} is one of the types that inherit this
    one:
    \l [QML] KoderLocalAgent, \l [QML] KoderOpenAiTransport,
    \l [QML] KoderResponsesTransport, \l [QML] KoderAnthropicTransport,
    \l [QML] KoderOllamaTransport or \l [QML] KoderWebSocketTransport. KoderTransport itself
    cannot be created.

    Its properties bound what a transport accepts from a server, so that a broken or hostile
    server cannot make the application buffer without end. Going past a limit ends the turn
    with an error whose \c code is \c{"too_large"} (not retryable); what was buffered is freed
    and what the user already saw stays.

    \snippet qml/tst_docexamples.qml transport-limits

    \sa {Transports}, {Security}
*/

/*!
    \qmlproperty int KoderTransport::maxEventBytes

    The largest single unit a transport reads, in bytes: one SSE line or event
    (\l [QML] KoderOpenAiTransport, \l [QML] KoderAnthropicTransport), one NDJSON line
    (\l [QML] KoderOllamaTransport) or one WebSocket message or frame
    (\l [QML] KoderWebSocketTransport, where the socket refuses a larger one with close code
    1009). A larger one ends the turn with code \c{"too_large"}.

    The default is 8388608 (8 MiB). Values below 1 are taken as 1.
*/

/*!
    \property KoderTransport::maxEventBytes
    \brief The largest SSE line or event, NDJSON line or WebSocket message, in bytes.

    A larger one ends the turn with code \c{"too_large"}. The default is 8 MiB; values below 1
    are taken as 1.
*/

/*!
    \qmlproperty int KoderTransport::maxReplyBytes

    The most text, reasoning, tool names and tool arguments one request (one step of a turn)
    may bring, in bytes. Past it the turn ends with code \c{"too_large"}; the text streamed so
    far stays in the reply.

    The default is 33554432 (32 MiB). Values below 1 are taken as 1.
*/

/*!
    \property KoderTransport::maxReplyBytes
    \brief The most text, reasoning and tool-call bytes one request may bring.

    Past it the turn ends with code \c{"too_large"}. The default is 32 MiB; values below 1 are
    taken as 1.
*/

/*!
    \qmlproperty int KoderTransport::maxToolCallsPerStep

    The most tool calls one step may ask for. One more ends the turn with code
    \c{"too_large"}, and none of the step's calls runs.

    The default is 64. Values below 1 are taken as 1.
*/

/*!
    \property KoderTransport::maxToolCallsPerStep
    \brief The most tool calls one step may ask for.

    One more ends the turn with code \c{"too_large"}. The default is 64; values below 1 are
    taken as 1.
*/

/*!
    \qmlproperty int KoderTransport::maxAttachmentBytes

    The largest attachment (an image or a text file) a message may carry to the model, in
    bytes. \l [QML] {KoderAgentController::send()}{send()} refuses a message with a larger one,
    with a reason naming it, and nothing is sent; an attachment of an earlier message that has grown past the
    limit since is named in the text of that message instead of being sent.

    Only the transports that send attachments check it (the four HTTP transports);
    \l [QML] KoderLocalAgent and \l [QML] KoderWebSocketTransport accept any attachment and send
    only the text of each message.

    The default is 20971520 (20 MiB). Values below 0 are taken as 0, which refuses every
    attachment that has content.
*/

/*!
    \property KoderTransport::maxAttachmentBytes
    \brief The largest attachment a message may carry to the model, in bytes.

    KoderAgentController::send() refuses a message with a larger one. The default is 20 MiB;
    values below 0 are taken as 0.

    \sa checkAttachments()
*/

/*!
    \struct KoderTransport::ToolSpec
    \inmodule KoderAgent
    \inheaderfile kodertransport.h
    \brief What a transport may tell the model about a tool.

    The controller builds one from each KoderTool with a non-empty name and passes the list to
    start(). The HTTP transports send a tool without \l parameters as an object schema without
    properties.
*/

/*!
    \variable KoderTransport::ToolSpec::name
    \brief The name the model calls the tool by (KoderTool::name).
*/

/*!
    \variable KoderTransport::ToolSpec::description
    \brief What the tool does, for the model (KoderTool::description).
*/

/*!
    \variable KoderTransport::ToolSpec::parameters
    \brief The JSON schema of the tool's arguments object (KoderTool::parameters); may be empty.
*/

/*!
    \variable KoderTransport::ToolSpec::readOnly
    \brief Whether the tool changes nothing (KoderTool::readOnly). Defaults to \c false.

    The built-in transports do not send it; the controller's permission policy uses it.
*/

/*!
    \typedef KoderTransport::Sink

    The function a transport reports through: \c{std::function<void(koder::agent::Input&&)>}.
    The controller sets it with setSink(); deliver() calls it.
*/

/*!
    Constructs a transport with \a parent. The limits have their defaults.
*/
KoderTransport::KoderTransport(QObject* parent)
    : QObject(parent)
{
}

/*!
    \fn void KoderTransport::start(const koder::agent::StartTurn &request, const QList<KoderTransport::ToolSpec> &tools)

    Sends \a request to the model, offering it \a tools, and reports what comes back through
    deliver(), each input tagged with \c{request.requestId}.

    \c{request.history} is the conversation as the model sees it (the system prompt first when
    set, no checkpoints); \c{request.step} counts the model calls of the turn from 1 (each tool
    round trip is a new step) and \c{request.attempt} the retries of that step. The controller
    has already waited out any retry delay.

    Implementations must not fail synchronously: a request that cannot even be sent ends with a
    \c StreamFailed delivered like any other input.
*/

/*!
    \fn void KoderTransport::cancel(koder::agent::RequestId requestId)

    Stops request \a requestId: its network request is aborted (for
    KoderWebSocketTransport, a \c turn.abort is sent) and nothing more of it is delivered. An
    unknown or finished id is ignored.
*/

/*!
    \fn bool KoderTransport::checkAttachments(std::string_view attachments, QString *error) const

    Returns whether a message with \a attachments can be sent, where \a attachments is the JSON
    text of a list of \c{{name, mimeType, url}} objects. When it cannot, \a error (if not null)
    receives the reason, and KoderAgentController::send() refuses the message with it.

    Transports that send attachments to a model check them (type, size against
    maxAttachmentBytes, readable); the default implementation accepts any.
*/

/*!
    \fn void KoderTransport::setSink(KoderTransport::Sink sink)

    Makes deliver() report to \a sink. Set by the controller that uses this transport (an empty
    sink when it lets go of it); an application does not call it.
*/

namespace {
// Adds {"model": <name>} to a reply's metadata (JSON text of an object, or empty) unless it names
// a model already. The rest of the text stays as it was, byte for byte.
void stampModel(std::string& metadata, const QString& name)
{
    const QByteArray member = QJsonDocument(QJsonObject{{QStringLiteral("model"), name}})
                                  .toJson(QJsonDocument::Compact)
                                  .chopped(1)
                                  .mid(1); // "model":"<name>"
    const auto open = metadata.find_first_not_of(" \t\r\n");
    if (open == std::string::npos) {
        metadata = '{' + member.toStdString() + '}';
        return;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(metadata));
    if (!doc.isObject() || doc.object().contains(QStringLiteral("model")))
        return; // not ours to change, or named already
    const bool empty = doc.object().isEmpty();
    metadata.insert(open + 1, member.toStdString() + (empty ? "" : ","));
}
} // namespace

/*!
    Hands \a input to the controller that uses this transport, or drops it when none does.
    Subclasses call it for every stream event; see \l {Writing a transport}.

    A \c StreamEnded whose metadata has no \c model gets the transport's \c model property
    (when it has one that is a non-empty string) as \c{metadata.model}.
*/
void KoderTransport::deliver(koder::agent::Input&& input)
{
    if (!m_sink)
        return;
    if (auto* ended = std::get_if<koder::agent::StreamEnded>(&input)) {
        const QVariant model = property("model");
        if (model.typeId() == QMetaType::QString && !model.toString().isEmpty())
            stampModel(ended->metadata, model.toString());
    }
    m_sink(std::move(input));
}

/*!
    \property KoderTransport::contextWindow
    \brief The model's context window in tokens, as the server reported it; 0 while unknown.

    Set by requestContextWindow() in the transports that can ask their server
    (KoderOllamaTransport); the others leave it 0. KoderAgentController uses it when the
    application sets no \c contextWindow of its own.
*/

/*!
    \qmlproperty int KoderTransport::contextWindow
    \readonly

    The model's context window in tokens, as the transport learnt it from its server; 0 while
    unknown. \l [QML] KoderOllamaTransport asks Ollama (see its
    \l [QML] {KoderOllamaTransport::requestContextWindow()}{requestContextWindow()}); the other
    transports cannot ask and leave it 0. A \l [QML] KoderAgentController uses it when the
    application sets no
    \l [QML] {KoderAgentController::contextWindow}{contextWindow} of its own.
*/

/*!
    \fn void KoderTransport::contextWindowChanged()

    Emitted when contextWindow changes.
*/

/*!
    \qmlmethod void KoderTransport::requestContextWindow()

    Asks the server for the model's context window; \l contextWindow changes when it
    answers. Transports that cannot ask do nothing.
*/

/*!
    Asks the server for the model's context window; contextWindow changes when it answers (it
    may change before this function returns). The default does nothing: the transport cannot
    ask. KoderOllamaTransport asks Ollama's \c{/api/show}.
*/
void KoderTransport::requestContextWindow() {}

/*!
    Sets contextWindow to \a tokens (values below 0 are taken as 0, values above the largest
    int as that), emitting
    contextWindowChanged() when it changes. For subclasses that learn the window from their
    server.
*/
void KoderTransport::setContextWindow(qint64 tokens)
{
    const int window =
        static_cast<int>(qBound(qint64{0}, tokens, qint64{std::numeric_limits<int>::max()}));
    if (m_contextWindow == window)
        return;
    m_contextWindow = window;
    Q_EMIT contextWindowChanged();
}

bool KoderTransport::checkAttachments(std::string_view, QString*) const
{
    return true;
}

/*!
    \fn void KoderTransport::settleInput(const koder::agent::PendingInput &input, koder::agent::InputDecision decision, const std::string &valueJson)

    Called when a question this transport's server asked stopped waiting: \a input is the
    pending input it delivered (a koder::agent::RequestInput whose \c source names the
    transport, such as an AG-UI interrupt), \a decision what the user did, and \a valueJson
    the answer (JSON text of the object its schema describes) when it was answered. The
    default does nothing.
*/
void KoderTransport::settleInput(const koder::agent::PendingInput&, koder::agent::InputDecision,
                                 const std::string&)
{
}

/*!
    \fn void KoderTransport::settleApproval(const koder::agent::SettleApproval &decision)

    Called when a call the server asked a decision for (a koder::agent::ToolCallRequested with
    koder::agent::CallRunner::ServerAfterApproval) was decided by a policy or the user:
    \a decision says how. The default does nothing.
*/
void KoderTransport::settleApproval(const koder::agent::SettleApproval&) {}

/*!
    \fn bool KoderTransport::summarises() const

    Returns whether this transport takes a compaction's summary request
    (koder::agent::RequestKind::Summary) beside a turn of the same conversation. True by
    default. An agent that keeps its own thread and context (KoderWebSocketTransport,
    KoderAgUiTransport) returns false: the controller then refuses
    KoderAgentController::compact(), and a compaction that autoCompact starts ends with the
    error \c{"unsupported"} without a request.
*/

/*!
    \fn void KoderTransport::showConversation(const std::string &conversationId)

    Called when the controller that uses this transport shows the conversation
    \a conversationId (empty for one not created yet): when it is set as the controller's
    transport, and whenever the shown conversation changes. A transport that keeps something
    per conversation, such as KoderAgUiTransport's agentState, follows it. The default does
    nothing.
*/
void KoderTransport::showConversation(const std::string&) {}

/*!
    Returns maxEventBytes, maxReplyBytes and maxToolCallsPerStep in the form the library's
    stream decoders take.
*/
koder::wire::Limits KoderTransport::limits() const
{
    return {static_cast<std::size_t>(m_maxEventBytes), static_cast<std::size_t>(m_maxReplyBytes),
            static_cast<std::size_t>(m_maxToolCallsPerStep)};
}

// Limits are at least one byte (one call): zero or less would refuse every reply.
void KoderTransport::setMaxEventBytes(qint64 bytes)
{
    bytes = qMax<qint64>(1, bytes);
    if (m_maxEventBytes == bytes)
        return;
    m_maxEventBytes = bytes;
    Q_EMIT maxEventBytesChanged();
}

void KoderTransport::setMaxReplyBytes(qint64 bytes)
{
    bytes = qMax<qint64>(1, bytes);
    if (m_maxReplyBytes == bytes)
        return;
    m_maxReplyBytes = bytes;
    Q_EMIT maxReplyBytesChanged();
}

void KoderTransport::setMaxToolCallsPerStep(int calls)
{
    calls = qMax(1, calls);
    if (m_maxToolCallsPerStep == calls)
        return;
    m_maxToolCallsPerStep = calls;
    Q_EMIT maxToolCallsPerStepChanged();
}

void KoderTransport::setMaxAttachmentBytes(qint64 bytes)
{
    bytes = qMax<qint64>(0, bytes);
    if (m_maxAttachmentBytes == bytes)
        return;
    m_maxAttachmentBytes = bytes;
    Q_EMIT maxAttachmentBytesChanged();
}
