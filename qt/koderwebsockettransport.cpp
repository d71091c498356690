// SPDX-License-Identifier: MIT
#include "koderwebsockettransport.h"

#include "agentlogging.h"
#include "aichatframe.h"
#include "qtconvert.h"
#include "replylimits.h"
#include "requestjson.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTimer>
#include <QtCore/QUuid>
#include <QtNetwork/QNetworkRequest>
#include <QtWebSockets/QWebSocketHandshakeOptions>

#include <algorithm>
#include <limits>

/*!
    \class KoderWebSocketTransport
    \inmodule KoderAgent
    \inheaderfile koderwebsockettransport.h
    \brief Speaks the \c aichat.v1 JSON protocol over a WebSocket, to an agent server that
    runs the model.

    A connection per running turn, client-side tools answered inside the turn, and a turn that
    survives a dropped connection when the server keeps turns (\c{caps.resume}). In QML:
    \l [QML] {KoderWebSocketTransport}{the KoderWebSocketTransport QML type}, which describes
    the protocol handling and lists the errors.

    \sa {Transports}
*/

/*!
    \qmltype KoderWebSocketTransport
    \inqmlmodule Koder.Agent
    \instantiates KoderWebSocketTransport
    \inherits KoderTransport
    \brief Speaks the \c aichat.v1 JSON protocol over a WebSocket, to an agent server that
    runs the model.

    The server at \l url runs the model (and any server-side tools) and asks the client to run
    its client-side tools, the \c KoderTool items of the controller. The protocol is the one of
    the project's \c PROTOCOL.md with its v1.1 clarifications: the client offers the
    \c aichat.v1 subprotocol, and every frame is one JSON text message with \c{"v": 1}.

    \snippet Main.qml websocket-transport

    \section1 Connections and turns

    A turn gets a connection of its own (the protocol allows one turn per connection), opened
    when the turn starts; conversations running in the background each have theirs. On
    connecting, the client sends \c hello offering \c{caps.resume}, then
    \c{turn.start} with the history (role, content, tool calls and the call id of tool
    results), the tools (name, description, JSON schema) and \l model when set. Only the text
    of messages is sent: attachments are not. The summary of a compacted conversation is a
    \c system message after the system prompt. To continue a reply cut by \c length
    (\l [QML] {KoderAgentController::continueReply()}{continueReply()}), the history ends with
    that reply and a user message asking the model to go on from where it stopped without
    repeating itself.

    When a step ends with tool calls (\c{step.end} with \c{finish_reason: "tool_calls"}), the
    controller runs the tools, with the user's approval where the policy asks for it, and the
    results go back as \c tool.result frames inside the same turn (\c{is_error} for a failed
    or denied call). The server waits \l serverToolTimeout milliseconds for them.

    One idle connection is kept for the next turn and the others are closed.
    \l [QML] {KoderAgentController::abort()}{abort()} on the controller sends \c turn.abort: the turn is over for the client at once, and the frames the
    server still sends for it are dropped; that connection takes a new turn only once the
    server has ended the old one. Every control frame carries a \c rid, so that an \c error
    refusing it can be matched. A \c seq gap or repeat, a frame of another version, a frame
    that is not a JSON object and a binary frame are protocol errors.

    \section1 A dropped connection is not a stop

    Closing a connection never stops a run on the server; only \c turn.abort does. When the
    server's \c hello announced \c{caps.resume}, a dropped connection is reopened with
    exponential backoff (250 ms doubling to 4 s, with 25% jitter either way) for up to
    \l reconnectBudget milliseconds, and the transport sends \c{turn.resume} with the last
    \c seq it received (-1 when none); the server replays what was missed and the reply goes
    on with no gap and no repeat. Tool results sent after the last frame received are sent
    again (the server keeps the first of each call). A server that stops answering pings for
    \l pongTimeout milliseconds counts as a drop.

    The turn ends with one retryable \c{"transport"} error instead when the server does not
    resume (no \c{caps.resume}, or a \c hello without it after reconnecting), no longer knows
    the turn (\c unknown_turn), or the budget is spent. Connection-fatal close codes (1002,
    1003, 1007, 1008, 1009, 1011, 4401, 4429) and an \c error frame before a close are never
    resumed.

    \section1 Errors

    A turn ends with an error (the controller's
    \l [QML] {KoderAgentController::lastError}{lastError} and
    \l [QML] {KoderAgentController::error()}{error()} signal) whose \c code is one of these:

    \table
    \header \li \c code \li Retryable \li When
    \row \li the server's \li as the server says \li An \c error frame of the turn, or one
         refusing its \c turn.start or \c turn.resume: \c bad_request, \c unauthorized,
         \c forbidden, \c not_found, \c rate_limited (with \c retryAfterMs),
         \c content_filter, \c overloaded, \c upstream_error,
         \c upstream_timeout, \c tool_timeout (the tool results came too late),
         \c turn_in_progress, \c unsupported_version, \c internal, ... An \c error frame
         sent just before the server closed the connection is the turn's error too.
    \row \li \c{"context_length"} \li no \li An \c error frame with the protocol's
         \c context_length_exceeded, or whose message says the prompt does not fit the
         model's context window ("maximum context length", "prompt is too long", ...): the
         conversation needs compacting
         (\l [QML] {KoderAgentController::compact()}{compact()}).
    \row \li \c{"transport"} \li yes \li The connection failed (refused, host not found, TLS
         handshake failed) or was lost and the turn could not be resumed (see above); the
         server stopped answering pings; \l url changed while the turn ran; the server closed
         with 1011 or a code not listed here.
    \row \li \c{"protocol_error"} \li no \li The server did not accept the \c aichat.v1
         subprotocol; it sent a binary frame, a frame that is not a JSON object, of a version
         other than 1 or nested deeper than 64 levels, or a \c seq gap or repeat; it closed
         with 1002, 1003 or 1007.
    \row \li \c{"too_large"} \li no \li A message larger than
         \l [QML] {KoderTransport::maxEventBytes}{maxEventBytes} (the socket refuses it with
         close code 1009), or a step past
         \l [QML] {KoderTransport::maxReplyBytes}{maxReplyBytes} or
         \l [QML] {KoderTransport::maxToolCallsPerStep}{maxToolCallsPerStep}.
    \row \li \c{"unauthorized"} \li no \li The server closed with 4401.
    \row \li \c{"forbidden"} \li no \li The server closed with 1008 (policy).
    \row \li \c{"rate_limited"} \li yes \li The server closed with 4429.
    \row \li \c{"bad_request"} \li no \li \l url is empty or invalid.
    \endtable

    A server-side error keeps the server's \c message; the others have a message of their
    own, with the server's close reason when it gave one.

    \section1 Security

    The transport has no key property: authentication is the server's business, and a server
    that refuses the client closes with 4401. The URL is logged without its user information.
    Use a \c{wss:} URL for anything but a local server; TLS errors are never ignored.

    The project's reference server, \c{koder-aichat-server --port 8765 [--script turns.json]
    [--no-resume]} (built in \c{tests/support}), is there to try it by hand; it keeps a turn
    60 s after its connection drops.

    \sa {Transports}
*/

/*!
    \qmlproperty url KoderWebSocketTransport::url

    The server, a \c{ws:} or \c{wss:} URL such as \c{ws://127.0.0.1:8765}. Changing it closes
    every connection: a turn running on one ends with a retryable \c{"transport"} error, and
    the next turn connects to the new address. A turn started without a valid URL ends with
    \c{"bad_request"}.

    The default is empty.
*/

/*!
    \property KoderWebSocketTransport::url
    \brief The server, e.g. \c{ws://127.0.0.1:8765}.

    Changing it closes every connection; a turn running on one ends with a retryable
    \c{"transport"} error. The default is empty.
*/

/*!
    \qmlproperty string KoderWebSocketTransport::model

    The model to ask the server for, sent as \c{turn.start}'s \c model when not empty. The
    default is an empty string, which leaves the choice to the server.
*/

/*!
    \property KoderWebSocketTransport::model
    \brief The model to ask for; empty leaves it to the server.

    The default is empty.
*/

/*!
    \qmlproperty int KoderWebSocketTransport::pingInterval

    Milliseconds between the WebSocket pings on each open connection; the liveness check
    (\l pongTimeout) runs at each ping. 0 sends no pings, on the open connections too, and a
    silent server is then never noticed. A new value applies to the open connections at once.

    The default is 15000. Values below 0 are taken as 0.
*/

/*!
    \property KoderWebSocketTransport::pingInterval
    \brief Milliseconds between pings; 0 sends none.

    The default is 15000.
*/

/*!
    \qmlproperty int KoderWebSocketTransport::pongTimeout

    Milliseconds without a pong after which a connection counts as dropped (checked at each
    ping, so it is noticed within \l pingInterval more). A dropped connection is resumed when
    the server allows it, else its turn ends with a retryable \c{"transport"} error.

    The default is 30000. Values below 1 are taken as 1.
*/

/*!
    \property KoderWebSocketTransport::pongTimeout
    \brief Milliseconds without a pong before the connection counts as dropped.

    The default is 30000.
*/

/*!
    \qmlproperty var KoderWebSocketTransport::usage
    \readonly

    The token counts of the last turn that ended (\c{turn.end}), over all its steps: a map
    with \c promptTokens, \c completionTokens, \c totalTokens, and \c reasoningTokens and
    \c cachedTokens when the server reported them; empty when it reported none. Each reply
    row's \c usage role has its own step's share.
*/

/*!
    \property KoderWebSocketTransport::usage
    \brief The token counts of the last finished turn, over all its steps.

    Empty when the server reported none.
*/

/*!
    \qmlproperty int KoderWebSocketTransport::reconnectBudget

    Milliseconds to keep reconnecting after a turn's connection dropped, when the server
    resumes turns; past it the turn ends with a retryable \c{"transport"} error. The budget
    also ends a reconnection attempt that hangs.

    The default is 30000; 0 never resumes (a drop ends the turn). Values below 0 are taken
    as 0.
*/

/*!
    \property KoderWebSocketTransport::reconnectBudget
    \brief Milliseconds to keep reconnecting after a dropped connection.

    Past it the open turn ends with a retryable \c{"transport"} error. The default is 30000;
    0 never resumes.
*/

/*!
    \qmlproperty int KoderWebSocketTransport::serverToolTimeout
    \readonly

    How long the server waits for a tool result, in milliseconds, as its \c hello said
    (\c{limits.tool_timeout_ms}). A tool call that waits longer for the user's approval, or
    runs longer, ends the turn with the server's \c{"tool_timeout"} error; an application may
    show it in its permission prompt.

    It is 0 until a server says, and keeps the last value a server said.
*/

/*!
    \property KoderWebSocketTransport::serverToolTimeout
    \brief How long the server waits for a tool result, in milliseconds, as its \c hello said.

    0 until a server says.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
const QString subprotocol = QStringLiteral("aichat.v1");
constexpr int closedTurnsKept = 64;
constexpr int firstReconnectDelayMs = 250;
constexpr int maxReconnectDelayMs = 4'000;

// Close codes after which the server will not take the connection back (PROTOCOL.md rule 6),
// and ours: a resume would be refused or would repeat the problem.
bool connectionFatal(int code)
{
    switch (code) {
    case QWebSocketProtocol::CloseCodeProtocolError:
    case QWebSocketProtocol::CloseCodeDatatypeNotSupported:
    case QWebSocketProtocol::CloseCodeWrongDatatype:
    case QWebSocketProtocol::CloseCodePolicyViolated:
    case QWebSocketProtocol::CloseCodeTooMuchData:
    case QWebSocketProtocol::CloseCodeBadOperation: // 1011, the server's internal error
    case 4401:
    case 4429:
        return true;
    default:
        return false;
    }
}

QJsonValue jsonOrString(const std::string& text)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    if (doc.isObject())
        return doc.object();
    if (doc.isArray())
        return doc.array();
    return toQString(text);
}

QJsonObject wireMessage(const Message& m)
{
    QJsonObject o{{QStringLiteral("role"), toQString(toString(m.role))},
                  {QStringLiteral("content"), toQString(m.text)}};
    if (!m.toolCalls().empty()) {
        QJsonArray calls;
        for (const ToolCall& c : m.toolCalls())
            calls.append(QJsonObject{{QStringLiteral("id"), toQString(c.id)},
                                     {QStringLiteral("name"), toQString(c.name)},
                                     {QStringLiteral("arguments"), jsonOrString(c.arguments)}});
        o.insert(QStringLiteral("tool_calls"), calls);
    }
    if (m.role == Role::Tool)
        o.insert(QStringLiteral("tool_call_id"), toQString(m.toolCallId()));
    return o;
}
} // namespace

struct KoderWebSocketTransport::Turn {
    QString id;
    QString conversationId;
    RequestId requestId = 0;
    int nextSeq = 0;
    bool awaitingTools = false;      ///< step.end{tool_calls} came; tool.result frames next
    QSet<QString> unanswered;        ///< call ids the server asked this turn, not yet answered
    QList<QJsonObject> results{};    ///< tool.result frames sent since the last frame came:
                                     ///< the server may not have them, so a resume sends them again
    koder::wire::ReplyBudget budget; ///< of the current step's request
    Usage stepsUsage{}; ///< what the step.end frames reported: turn.end's usage is the turn's
};

namespace {
// The last step's share of a turn's usage: the turn's counts less what earlier steps reported
// (a count either side did not report stays unreported).
Usage lastStepUsage(const Usage& turn, const Usage& steps)
{
    Usage last = turn;
    for (const auto& [name, field] : usageCounts)
        if (turn.*field >= 0 && steps.*field >= 0)
            last.*field = std::max<std::int64_t>(0, turn.*field - steps.*field);
    return last;
}

void addUsage(Usage& sum, const Usage& step)
{
    for (const auto& [name, field] : usageCounts)
        if (step.*field >= 0)
            sum.*field = std::max<std::int64_t>(sum.*field, 0) + step.*field;
}
} // namespace

// One WebSocket and the turn it carries. Never deleted from inside one of its socket's signals:
// dead connections are dropped on a later event-loop turn (dropDeadConnections).
struct KoderWebSocketTransport::Connection {
    QWebSocket socket;
    QList<QString> outbox; ///< frames waiting for the connection to open
    std::unique_ptr<Turn> turn;
    koder::wire::AichatFrameParser frames;
    std::optional<ErrorInfo> connectionError; ///< an `error` frame before a close
    QTimer ping;
    QElapsedTimer sincePong;
    bool serverResumes = false; ///< the server's hello said caps.resume
    bool closing = false;       ///< we close it: not a drop
    /// A turn we aborted whose end the server has not sent yet: until then the server may still
    /// count it as the connection's turn (rule 1) and refuse a new turn.start.
    QString abortedTurn;
    // Resuming the turn after a drop.
    bool resuming = false;
    QString resumeRid;      ///< of the last turn.resume: an error refusing it ends the turn
    bool replayDue = false; ///< a turn.resume went out and no frame of the turn came since
    int attempts = 0;
    QElapsedTimer sinceDrop;
    QTimer backoff;
    QTimer giveUp; ///< the reconnect budget: also ends an attempt that hangs (a silent host)
};

/*!
    Constructs a WebSocket transport with \a parent. It connects when the first turn starts.
*/
KoderWebSocketTransport::KoderWebSocketTransport(QObject* parent)
    : KoderTransport(parent)
{
    connect(this, &KoderTransport::maxEventBytesChanged, this, [this] {
        for (const auto& c : m_connections)
            applyLimits(*c);
    });
}

/*!
    Destroys the transport and aborts its connections. No \c{turn.abort} is sent: closing a
    connection is not a stop, and what the server does with a turn it can no longer deliver is
    its own business.
*/
KoderWebSocketTransport::~KoderWebSocketTransport()
{
    for (const auto& c : m_connections) {
        c->socket.disconnect(this);
        c->socket.abort();
    }
}

// QWebSocket refuses a larger message or frame itself (close code 1009) before buffering it.
void KoderWebSocketTransport::applyLimits(Connection& c) const
{
    c.socket.setMaxAllowedIncomingMessageSize(static_cast<quint64>(maxEventBytes()));
    c.socket.setMaxAllowedIncomingFrameSize(static_cast<quint64>(maxEventBytes()));
}

KoderWebSocketTransport::Connection& KoderWebSocketTransport::connectionForNewTurn()
{
    for (const auto& c : m_connections)
        if (!c->turn && !c->resuming && !c->closing && c->abortedTurn.isEmpty() &&
            c->socket.state() != QAbstractSocket::UnconnectedState)
            return *c;
    auto owned = std::make_unique<Connection>();
    Connection* c = owned.get();
    m_connections.push_back(std::move(owned));
    applyLimits(*c);
    c->backoff.setSingleShot(true);
    c->giveUp.setSingleShot(true);
    connect(&c->socket, &QWebSocket::connected, this, [this, c] { onConnected(*c); });
    connect(&c->socket, &QWebSocket::disconnected, this, [this, c] { onDisconnected(*c); });
    connect(&c->socket, &QWebSocket::textMessageReceived, this,
            [this, c](const QString& text) { onText(*c, text); });
    connect(&c->socket, &QWebSocket::binaryMessageReceived, this, [this, c] {
        closeWithError(*c, QWebSocketProtocol::CloseCodeDatatypeNotSupported,
                       {"protocol_error", "The server sent a binary frame.", false, -1});
    });
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    const auto errorSignal = &QWebSocket::errorOccurred;
#else
    const auto errorSignal = qOverload<QAbstractSocket::SocketError>(&QWebSocket::error);
#endif
    connect(&c->socket, errorSignal, this,
            [this, c](QAbstractSocket::SocketError) { onSocketError(*c); });
    connect(&c->socket, &QWebSocket::pong, this, [c] { c->sincePong.restart(); });
    connect(&c->ping, &QTimer::timeout, this, [this, c] { checkLiveness(*c); });
    connect(&c->backoff, &QTimer::timeout, this, [this, c] { open(*c); });
    connect(&c->giveUp, &QTimer::timeout, this, [this, c] { budgetSpent(*c); });
    return *c;
}

KoderWebSocketTransport::Connection*
KoderWebSocketTransport::connectionOf(RequestId requestId) const
{
    for (const auto& c : m_connections)
        if (c->turn && c->turn->requestId == requestId)
            return c.get();
    return nullptr;
}

KoderWebSocketTransport::Connection*
KoderWebSocketTransport::connectionOf(const QString& conversationId) const
{
    for (const auto& c : m_connections)
        if (c->turn && c->turn->conversationId == conversationId)
            return c.get();
    return nullptr;
}

void KoderWebSocketTransport::open(Connection& c)
{
    if (c.socket.state() != QAbstractSocket::UnconnectedState)
        return;
    if (!m_url.isValid() || m_url.isEmpty()) {
        c.resuming = false;
        failTurn(c, {"bad_request", "KoderWebSocketTransport has no url.", false, -1});
        return;
    }
    QWebSocketHandshakeOptions options;
    options.setSubprotocols({subprotocol});
    qCDebug(lcAgent) << (c.resuming ? "reconnecting to" : "connecting to")
                     << m_url.toString(QUrl::RemoveUserInfo);
    c.closing = false;
    c.socket.open(QNetworkRequest(m_url), options);
}

QString KoderWebSocketTransport::nextRid()
{
    return QStringLiteral("r%1").arg(++m_rids);
}

void KoderWebSocketTransport::sendFrame(Connection& c, QJsonObject frame)
{
    frame.insert(QStringLiteral("v"), 1);
    const QString text = QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact));
    if (c.socket.state() == QAbstractSocket::ConnectedState && !c.resuming) {
        c.socket.sendTextMessage(text);
        return;
    }
    if (c.resuming)
        return; // a tool result is kept in its turn and sent again after the resume
    c.outbox.append(text);
    open(c);
}

void KoderWebSocketTransport::onConnected(Connection& c)
{
    if (c.socket.subprotocol() != subprotocol) {
        c.resuming = false;
        closeWithError(
            c, QWebSocketProtocol::CloseCodeProtocolError,
            {"protocol_error", "The server did not accept the aichat.v1 protocol.", false, -1});
        return;
    }
    c.sincePong.start();
    if (m_pingInterval > 0)
        c.ping.start(m_pingInterval);
    c.socket.sendTextMessage(QStringLiteral(
        R"({"v":1,"type":"hello","client":{"name":"Koder Agent","version":"0.1"},"caps":{"resume":true}})"));
    if (c.resuming)
        resume(c);
    const QList<QString> outbox = std::exchange(c.outbox, {});
    for (const QString& text : outbox)
        c.socket.sendTextMessage(text);
}

// The replay is the answer: frames go on from after_seq + 1. Results the server may have missed
// go again; it keeps the first of each call.
void KoderWebSocketTransport::resume(Connection& c)
{
    c.resuming = false;
    c.giveUp.stop();
    c.attempts = 0;
    if (!c.turn)
        return;
    qCDebug(lcAgent) << "resuming turn" << c.turn->id << "after seq" << c.turn->nextSeq - 1;
    c.resumeRid = nextRid();
    c.replayDue = true;
    sendFrame(c, {{QStringLiteral("type"), QStringLiteral("turn.resume")},
                  {QStringLiteral("turn"), c.turn->id},
                  {QStringLiteral("after_seq"), c.turn->nextSeq - 1},
                  {QStringLiteral("rid"), c.resumeRid}});
    for (const QJsonObject& result : std::as_const(c.turn->results))
        sendFrame(c, result);
}

/*!
    \reimp

    Starts a turn for \a request with \a tools on a connection of its own (\c{turn.start}),
    ending the conversation's turn that still runs. For a later step of a turn that waits for
    tool results, sends those results (\c{tool.result}) on the turn's connection instead.
*/
void KoderWebSocketTransport::start(const StartTurn& request, const QList<ToolSpec>& tools)
{
    const QString conversation = toQString(request.conversationId);
    Connection* open = connectionOf(conversation);
    // A later step of an open turn: the server waits for this turn's tool results.
    if (open && open->turn->awaitingTools && request.step > 1 && request.attempt == 0) {
        Turn& turn = *open->turn;
        turn.requestId = request.requestId;
        turn.awaitingTools = false;
        turn.budget = koder::wire::ReplyBudget(limits());
        for (const Message& m : request.history) {
            const QString callId = toQString(m.toolCallId());
            if (m.role != Role::Tool || !turn.unanswered.remove(callId))
                continue;
            const QJsonObject result{{QStringLiteral("type"), QStringLiteral("tool.result")},
                                     {QStringLiteral("turn"), turn.id},
                                     {QStringLiteral("call_id"), callId},
                                     {QStringLiteral("content"), jsonOrString(m.text)},
                                     {QStringLiteral("is_error"), m.isError || m.denied},
                                     {QStringLiteral("rid"), nextRid()}};
            turn.results.append(result);
            sendFrame(*open, result);
        }
        return;
    }
    if (open)
        cancel(open->turn->requestId); // one turn per conversation

    Connection& c = connectionForNewTurn();
    c.turn.reset(new Turn{QStringLiteral("t-") + QUuid::createUuid().toString(QUuid::WithoutBraces),
                          conversation,
                          request.requestId,
                          0,
                          false,
                          {},
                          {},
                          koder::wire::ReplyBudget(limits())});
    const Turn& turn = *c.turn;

    QJsonArray messages;
    for (const Message& m : request.history)
        messages.append(wireMessage(m));
    if (continues(request)) // the reply cut by `length` is the last message: ask for the rest
        messages.append(
            QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("content"), QString::fromLatin1(continuationInstruction)}});
    QJsonArray toolList;
    for (const ToolSpec& t : tools)
        toolList.append(QJsonObject{{QStringLiteral("name"), t.name},
                                    {QStringLiteral("description"), t.description},
                                    {QStringLiteral("parameters"), t.parameters}});
    QJsonObject frame{{QStringLiteral("type"), QStringLiteral("turn.start")},
                      {QStringLiteral("turn"), turn.id},
                      {QStringLiteral("rid"), turn.id},
                      {QStringLiteral("messages"), messages},
                      {QStringLiteral("tools"), toolList}};
    if (!m_model.isEmpty())
        frame.insert(QStringLiteral("model"), m_model);
    sendFrame(c, frame);
}

/*!
    \reimp

    Ends the turn of \a requestId at once and sends \c{turn.abort} (reason \c user) when its
    connection is open; later frames of that turn are dropped.
*/
void KoderWebSocketTransport::cancel(RequestId requestId)
{
    Connection* c = connectionOf(requestId);
    if (!c)
        return;
    // The turn is over for us at once; the server's late frames for it are dropped.
    const QString id = c->turn->id;
    endTurn(*c);
    if (c->resuming) {
        // Not connected: the server drops the turn when its resume window ends.
        c->resuming = false;
        c->backoff.stop();
        c->giveUp.stop();
    } else if (c->socket.state() == QAbstractSocket::ConnectedState) {
        c->abortedTurn = id;
        sendFrame(*c, {{QStringLiteral("type"), QStringLiteral("turn.abort")},
                       {QStringLiteral("turn"), id},
                       {QStringLiteral("reason"), QStringLiteral("user")},
                       {QStringLiteral("rid"), nextRid()}});
    } else {
        c->outbox.clear(); // its turn.start never went out
    }
}

void KoderWebSocketTransport::endTurn(Connection& c)
{
    c.replayDue = false;
    if (!c.turn)
        return;
    m_closedTurns.append(c.turn->id);
    if (m_closedTurns.size() > closedTurnsKept)
        m_closedTurns.removeFirst();
    c.turn.reset();
    pruneLater();
}

void KoderWebSocketTransport::pruneLater()
{
    if (m_pruneQueued)
        return;
    m_pruneQueued = true;
    QMetaObject::invokeMethod(this, &KoderWebSocketTransport::dropDeadConnections,
                              Qt::QueuedConnection);
}

// Closed connections without a turn go; of the idle open ones the first is kept for the next
// turn and the others are closed cleanly (a close frame after what was written, a turn.abort
// say), to go once closed. One still owed the end of a turn we aborted is left alone: tearing it
// down could lose the turn.abort, and closing is not a stop.
void KoderWebSocketTransport::dropDeadConnections()
{
    m_pruneQueued = false;
    bool idleKept = false;
    std::erase_if(m_connections, [&idleKept](const std::unique_ptr<Connection>& c) {
        if (c->turn || c->resuming || !c->abortedTurn.isEmpty())
            return false;
        const QAbstractSocket::SocketState state = c->socket.state();
        if (state != QAbstractSocket::UnconnectedState) {
            if (c->closing)
                return false; // goes when its disconnected() comes
            if (!idleKept) {
                idleKept = true;
                return false;
            }
            c->closing = true;
            c->socket.close(QWebSocketProtocol::CloseCodeGoingAway);
            return false;
        }
        c->socket.disconnect();
        c->ping.disconnect();
        c->backoff.disconnect();
        c->giveUp.disconnect();
        c->socket.abort();
        return true;
    });
}

bool KoderWebSocketTransport::recentlyClosed(const QString& turn) const
{
    return m_closedTurns.contains(turn);
}

void KoderWebSocketTransport::failTurn(Connection& c, ErrorInfo error)
{
    c.resuming = false;
    c.backoff.stop();
    c.giveUp.stop();
    if (!c.turn)
        return;
    const RequestId id = c.turn->requestId;
    const QString turnId = c.turn->id;
    endTurn(c);
    if (c.socket.state() == QAbstractSocket::ConnectedState) {
        c.abortedTurn = turnId;
        sendFrame(c, {{QStringLiteral("type"), QStringLiteral("turn.abort")},
                      {QStringLiteral("turn"), turnId},
                      {QStringLiteral("reason"), QStringLiteral("error")},
                      {QStringLiteral("rid"), nextRid()}});
    } else {
        c.outbox.clear();
    }
    deliver(StreamFailed{id, std::move(error), ErrorVerdict::Default});
}

void KoderWebSocketTransport::closeWithError(Connection& c, QWebSocketProtocol::CloseCode code,
                                             ErrorInfo error)
{
    failTurn(c, std::move(error));
    c.closing = true;
    c.socket.close(code);
}

void KoderWebSocketTransport::onText(Connection& c, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    auto parsed =
        c.frames.parse(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (auto* error = std::get_if<ErrorInfo>(&parsed)) {
        failTurn(c, std::move(*error));
        return;
    }
    auto& frame = std::get<koder::wire::AichatFrame>(parsed);
    const QString turn = toQString(frame.turn);
    if (frame.type == "hello")
        return onHello(frame, c);
    if (frame.type == "error" && turn.isEmpty()) {
        const QString rid = toQString(frame.rid);
        if (rid.isEmpty()) {
            c.connectionError = std::move(frame.error); // a close usually follows
        } else if (c.turn && (rid == c.turn->id || rid == c.resumeRid ||
                              frame.error.code == "protocol_error")) {
            // Our turn.start (its rid is the turn id) or turn.resume was refused, or the server
            // says we broke the protocol: the turn cannot go on.
            failTurn(c, std::move(frame.error));
        } else {
            // E.g. unknown_tool_call answering a tool.result: the server goes on (or ends the
            // turn with an error of its own), and a later drop may still be resumed.
            qCDebug(lcAgent) << "the server refused frame" << rid << frame.error.code.c_str();
        }
        return;
    }
    if (turn.isEmpty())
        return; // a control frame of a newer minor version
    if (turn == c.abortedTurn && (frame.type == "turn.end" || frame.type == "error")) {
        c.abortedTurn.clear(); // the server is done with it: the connection takes a new turn
        pruneLater();
    }
    if (!c.turn || c.turn->id != turn) {
        qCDebug(lcAgent) << "dropping a frame of" << (recentlyClosed(turn) ? "closed" : "unknown")
                         << "turn" << turn << frame.type.c_str();
        return;
    }
    if (frame.type == "error" && frame.error.code == "unknown_turn") {
        // The answer to a resume the server cannot serve (the turn expired or was never there).
        failTurn(c, {"transport",
                     "The connection to the server was lost and the server no longer knows the "
                     "reply, so it cannot be resumed.",
                     true, -1});
        return;
    }
    if (frame.seq != c.turn->nextSeq) {
        failTurn(c, {"protocol_error",
                     QStringLiteral("Frame sequence broken: expected %1, got %2.")
                         .arg(c.turn->nextSeq)
                         .arg(frame.seq)
                         .toStdString(),
                     false, -1});
        return;
    }
    ++c.turn->nextSeq;
    c.replayDue = false;
    c.turn->results.clear(); // a frame after them: the server had the results
    onTurnFrame(c, frame);
}

void KoderWebSocketTransport::onHello(const koder::wire::AichatFrame& frame, Connection& c)
{
    c.serverResumes = frame.resume;
    if (c.replayDue && !frame.resume) {
        // We reconnected to a server that no longer keeps turns (restarted, say): it would ignore
        // the turn.resume and the turn would wait for ever.
        failTurn(c, {"transport",
                     "The connection to the server was lost and the server no longer resumes "
                     "replies.",
                     true, -1});
    }
    if (frame.toolTimeoutMs > 0) {
        const int ms = static_cast<int>(
            std::min<std::int64_t>(frame.toolTimeoutMs, std::numeric_limits<int>::max()));
        if (ms != m_serverToolTimeout) {
            m_serverToolTimeout = ms;
            Q_EMIT serverToolTimeoutChanged();
        }
    }
}

void KoderWebSocketTransport::onTurnFrame(Connection& c, koder::wire::AichatFrame& frame)
{
    Turn& turn = *c.turn;
    const RequestId id = turn.requestId;
    koder::wire::ReplyBudget& budget = turn.budget;
    const std::string& type = frame.type;
    if (type == "turn.started") {
        deliver(StreamStarted{id});
    } else if (type == "delta") {
        if (frame.text.empty())
            return;
        if (!budget.addBytes(frame.text.size()))
            return failTurn(c, budget.error());
        if (frame.reasoning)
            deliver(ReasoningDelta{id, std::move(frame.text)});
        else
            deliver(TextDelta{id, std::move(frame.text)});
    } else if (type == "tool_call") {
        if (!budget.addToolCall() || !budget.addBytes(frame.name.size() + frame.arguments.size()))
            return failTurn(c, budget.error());
        turn.unanswered.insert(toQString(frame.callId));
        deliver(ToolCallRequested{
            id,
            {std::move(frame.callId), std::move(frame.name), std::move(frame.arguments), false}});
    } else if (type == "step.end") {
        if (frame.finishReason == "tool_calls") {
            turn.awaitingTools = true;
            addUsage(turn.stepsUsage, frame.usage);
            deliver(StreamEnded{id, "tool_calls", frame.usage});
        }
    } else if (type == "turn.end") {
        m_usage = usageToVariant(frame.usage);
        Q_EMIT usageChanged();
        const Usage last = lastStepUsage(frame.usage, turn.stepsUsage);
        endTurn(c);
        deliver(StreamEnded{id, std::move(frame.finishReason), last});
    } else if (type == "error") {
        endTurn(c);
        deliver(StreamFailed{id, std::move(frame.error), ErrorVerdict::Default});
    }
    // tool_call.begin / tool_call.delta: the final tool_call frame is authoritative.
}

ErrorInfo KoderWebSocketTransport::errorFromClose(const Connection& c) const
{
    if (c.connectionError)
        return *c.connectionError;
    const int code = c.socket.closeCode();
    const std::string reason = c.socket.closeReason().toStdString();
    auto with = [&](std::string message) {
        if (!reason.empty())
            message += " (" + reason + ")";
        return message;
    };
    switch (code) {
    case QWebSocketProtocol::CloseCodeProtocolError:
    case QWebSocketProtocol::CloseCodeDatatypeNotSupported:
    case QWebSocketProtocol::CloseCodeWrongDatatype:
        return {"protocol_error", with("The server closed the connection: protocol error."), false,
                -1};
    case QWebSocketProtocol::CloseCodePolicyViolated:
        return {"forbidden", with("The server refused the connection (policy)."), false, -1};
    case QWebSocketProtocol::CloseCodeTooMuchData:
        return {"too_large",
                with(QStringLiteral("The server sent a message larger than %1 bytes.")
                         .arg(maxEventBytes())
                         .toStdString()),
                false, -1};
    case 4401:
        return {"unauthorized", with("The server refused the credentials."), false, -1};
    case 4429:
        return {"rate_limited", with("The server limits this connection's rate."), true, -1};
    default:
        return {"transport", with("The connection to the server was lost."), true, -1};
    }
}

// A drop the turn can survive: the server keeps turns, nothing said the connection is refused,
// and we did not close it ourselves.
bool KoderWebSocketTransport::mayResume(const Connection& c) const
{
    return c.turn && c.serverResumes && m_reconnectBudget > 0 && !c.closing && !c.connectionError &&
           !connectionFatal(c.socket.closeCode());
}

void KoderWebSocketTransport::onDisconnected(Connection& c)
{
    c.ping.stop();
    c.outbox.clear();
    c.abortedTurn.clear();
    pruneLater(); // once it is done with below, and no turn needs it, it goes
    if (c.resuming) {
        reconnectLater(c); // an attempt failed
        return;
    }
    if (mayResume(c)) {
        qCDebug(lcAgent) << "connection of turn" << c.turn->id << "dropped; resuming";
        c.resuming = true;
        c.attempts = 0;
        c.sinceDrop.start();
        c.giveUp.start(m_reconnectBudget);
        reconnectLater(c);
        return;
    }
    if (c.turn) {
        ErrorInfo error = errorFromClose(c);
        if (error.code == "transport" && !c.serverResumes && !c.connectionError)
            error.message += " The server does not resume replies.";
        failTurn(c, std::move(error));
    }
    c.connectionError.reset();
}

void KoderWebSocketTransport::onSocketError(Connection& c)
{
    if (c.socket.state() == QAbstractSocket::ConnectedState)
        return; // a disconnect follows
    if (c.resuming) {
        reconnectLater(c);
        return;
    }
    failTurn(c, {"transport", c.socket.errorString().toStdString(), true, -1});
}

// Exponential backoff with jitter (so many clients do not come back at once). An attempt that
// would start after the budget is not made: giveUp ends the turn when the budget runs out.
void KoderWebSocketTransport::reconnectLater(Connection& c)
{
    if (!c.resuming || c.backoff.isActive() ||
        c.socket.state() != QAbstractSocket::UnconnectedState)
        return;
    if (!c.giveUp.isActive())
        return budgetSpent(c);
    const int base =
        std::min(maxReconnectDelayMs, firstReconnectDelayMs << std::min(c.attempts, 5));
    const int delay =
        base * 3 / 4 + static_cast<int>(QRandomGenerator::global()->bounded(base / 2 + 1));
    ++c.attempts;
    if (c.sinceDrop.elapsed() + delay < m_reconnectBudget)
        c.backoff.start(delay);
}

void KoderWebSocketTransport::budgetSpent(Connection& c)
{
    if (!c.resuming)
        return;
    qCDebug(lcAgent) << "giving up reconnecting after" << c.attempts << "attempts";
    failTurn(c, {"transport",
                 QStringLiteral("The connection to the server was lost and could not be "
                                "restored within %1 s.")
                     .arg(m_reconnectBudget / 1000.0)
                     .toStdString(),
                 true, -1});
    c.socket.abort(); // an attempt under way; the turn has ended, so its signals change nothing
}

void KoderWebSocketTransport::checkLiveness(Connection& c)
{
    if (c.socket.state() != QAbstractSocket::ConnectedState)
        return;
    if (c.sincePong.isValid() && c.sincePong.elapsed() > m_pongTimeout + m_pingInterval) {
        // A silent server is a drop: the turn resumes on a new connection if the server allows.
        qCDebug(lcAgent) << "the server stopped answering pings";
        if (!c.turn || !c.serverResumes || m_reconnectBudget == 0)
            c.connectionError =
                ErrorInfo{"transport", "The server stopped answering pings.", true, -1};
        c.socket.abort();
        return;
    }
    c.socket.ping();
}

void KoderWebSocketTransport::setReconnectBudget(int ms)
{
    ms = qMax(0, ms);
    if (m_reconnectBudget == ms)
        return;
    m_reconnectBudget = ms;
    Q_EMIT reconnectBudgetChanged();
}

void KoderWebSocketTransport::setUrl(const QUrl& url)
{
    if (m_url == url)
        return;
    m_url = url;
    for (const auto& c : m_connections) {
        c->resuming = false;
        c->backoff.stop();
        c->giveUp.stop();
        if (c->socket.state() != QAbstractSocket::UnconnectedState) {
            c->closing = true;
            c->socket.close(QWebSocketProtocol::CloseCodeGoingAway);
        } else if (c->turn) {
            failTurn(*c, {"transport", "The server address changed.", true, -1});
        }
    }
    Q_EMIT urlChanged();
}

void KoderWebSocketTransport::setModel(const QString& model)
{
    if (m_model == model)
        return;
    m_model = model;
    Q_EMIT modelChanged();
}

void KoderWebSocketTransport::setPingInterval(int ms)
{
    ms = qMax(0, ms);
    if (m_pingInterval == ms)
        return;
    m_pingInterval = ms;
    for (const auto& c : m_connections) {
        if (ms == 0)
            c->ping.stop();
        else if (c->sincePong.isValid()) // past the handshake: its pings take the new pace
            c->ping.start(ms);
    }
    Q_EMIT pingIntervalChanged();
}

void KoderWebSocketTransport::setPongTimeout(int ms)
{
    ms = qMax(1, ms);
    if (m_pongTimeout == ms)
        return;
    m_pongTimeout = ms;
    Q_EMIT pongTimeoutChanged();
}

/*!
    \fn bool KoderWebSocketTransport::summarises() const
    \reimp

    False: the agent keeps its own context, so it is not asked for a summary.
*/
