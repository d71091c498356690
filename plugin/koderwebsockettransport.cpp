// SPDX-License-Identifier: MIT
#include "koderwebsockettransport.h"

#include "agentlogging.h"
#include "aichatframe.h"
#include "qtconvert.h"
#include "replylimits.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QUuid>
#include <QtNetwork/QNetworkRequest>
#include <QtWebSockets/QWebSocketHandshakeOptions>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
const QString subprotocol = QStringLiteral("aichat.v1");
constexpr int closedTurnsKept = 64;

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
    RequestId requestId = 0;
    int nextSeq = 0;
    bool awaitingTools = false;      ///< step.end{tool_calls} came; tool.result frames next
    QSet<QString> unanswered;        ///< call ids the server asked this turn, not yet answered
    koder::wire::ReplyBudget budget; ///< of the current step's request
};

KoderWebSocketTransport::KoderWebSocketTransport(QObject* parent)
    : KoderTransport(parent)
    , m_frames(std::make_unique<koder::wire::AichatFrameParser>())
{
    m_socket.setParent(this);
    applyLimits();
    connect(this, &KoderTransport::maxEventBytesChanged, this,
            &KoderWebSocketTransport::applyLimits);
    connect(&m_socket, &QWebSocket::connected, this, &KoderWebSocketTransport::onConnected);
    connect(&m_socket, &QWebSocket::disconnected, this, &KoderWebSocketTransport::onDisconnected);
    connect(&m_socket, &QWebSocket::textMessageReceived, this, &KoderWebSocketTransport::onText);
    connect(&m_socket, &QWebSocket::binaryMessageReceived, this, [this] {
        closeWithError(QWebSocketProtocol::CloseCodeDatatypeNotSupported,
                       {"protocol_error", "The server sent a binary frame.", false, -1});
    });
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    const auto errorSignal = &QWebSocket::errorOccurred;
#else
    const auto errorSignal = qOverload<QAbstractSocket::SocketError>(&QWebSocket::error);
#endif
    connect(&m_socket, errorSignal, this, [this](QAbstractSocket::SocketError) {
        if (m_socket.state() != QAbstractSocket::ConnectedState)
            failTurn({"transport", m_socket.errorString().toStdString(), true, -1});
    });
    connect(&m_socket, &QWebSocket::pong, this, [this] { m_sincePong.restart(); });
    connect(&m_ping, &QTimer::timeout, this, &KoderWebSocketTransport::checkLiveness);
}

KoderWebSocketTransport::~KoderWebSocketTransport()
{
    m_socket.disconnect(this);
    m_socket.abort();
}

// QWebSocket refuses a larger message or frame itself (close code 1009) before buffering it.
void KoderWebSocketTransport::applyLimits()
{
    m_socket.setMaxAllowedIncomingMessageSize(static_cast<quint64>(maxEventBytes()));
    m_socket.setMaxAllowedIncomingFrameSize(static_cast<quint64>(maxEventBytes()));
}

void KoderWebSocketTransport::ensureConnected()
{
    if (m_socket.state() != QAbstractSocket::UnconnectedState)
        return;
    if (!m_url.isValid() || m_url.isEmpty()) {
        failTurn({"bad_request", "KoderWebSocketTransport has no url.", false, -1});
        return;
    }
    QWebSocketHandshakeOptions options;
    options.setSubprotocols({subprotocol});
    qCDebug(lcAgent) << "connecting to" << m_url.toString(QUrl::RemoveUserInfo);
    m_socket.open(QNetworkRequest(m_url), options);
}

void KoderWebSocketTransport::sendFrame(QJsonObject frame)
{
    frame.insert(QStringLiteral("v"), 1);
    const QString text = QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact));
    if (m_socket.state() == QAbstractSocket::ConnectedState) {
        m_socket.sendTextMessage(text);
        return;
    }
    m_outbox.append(text);
    ensureConnected();
}

void KoderWebSocketTransport::onConnected()
{
    if (m_socket.subprotocol() != subprotocol) {
        closeWithError(
            QWebSocketProtocol::CloseCodeProtocolError,
            {"protocol_error", "The server did not accept the aichat.v1 protocol.", false, -1});
        return;
    }
    m_sincePong.start();
    if (m_pingInterval > 0)
        m_ping.start(m_pingInterval);
    m_socket.sendTextMessage(QStringLiteral(
        R"({"v":1,"type":"hello","client":{"name":"Koder Agent","version":"0.1"}})"));
    const QList<QString> outbox = std::exchange(m_outbox, {});
    for (const QString& text : outbox)
        m_socket.sendTextMessage(text);
}

void KoderWebSocketTransport::start(const StartTurn& request, const QList<ToolSpec>& tools)
{
    // A later step of an open turn: the server waits for this turn's tool results.
    if (m_turn && m_turn->awaitingTools && request.step > 1 && request.attempt == 0) {
        m_turn->requestId = request.requestId;
        m_turn->awaitingTools = false;
        m_turn->budget = koder::wire::ReplyBudget(limits());
        for (const Message& m : request.history) {
            const QString callId = toQString(m.toolCallId());
            if (m.role != Role::Tool || !m_turn->unanswered.remove(callId))
                continue;
            sendFrame({{QStringLiteral("type"), QStringLiteral("tool.result")},
                       {QStringLiteral("turn"), m_turn->id},
                       {QStringLiteral("call_id"), callId},
                       {QStringLiteral("content"), jsonOrString(m.text)},
                       {QStringLiteral("is_error"), m.isError || m.denied}});
        }
        return;
    }
    if (m_turn)
        cancel(m_turn->requestId);

    m_turn.reset(new Turn{QStringLiteral("t-") + QUuid::createUuid().toString(QUuid::WithoutBraces),
                          request.requestId,
                          0,
                          false,
                          {},
                          koder::wire::ReplyBudget(limits())});
    const Turn& turn = *m_turn;

    QJsonArray messages;
    for (const Message& m : request.history)
        messages.append(wireMessage(m));
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
    sendFrame(frame);
}

void KoderWebSocketTransport::cancel(RequestId requestId)
{
    if (!m_turn || m_turn->requestId != requestId)
        return;
    // The turn is over for us at once; the server's late frames for it are dropped.
    const QString id = m_turn->id;
    endTurn();
    if (m_socket.state() == QAbstractSocket::ConnectedState)
        sendFrame({{QStringLiteral("type"), QStringLiteral("turn.abort")},
                   {QStringLiteral("turn"), id},
                   {QStringLiteral("reason"), QStringLiteral("user")}});
    else
        m_outbox.clear(); // its turn.start never went out
}

void KoderWebSocketTransport::endTurn()
{
    if (!m_turn)
        return;
    m_closedTurns.append(m_turn->id);
    if (m_closedTurns.size() > closedTurnsKept)
        m_closedTurns.removeFirst();
    m_turn.reset();
}

bool KoderWebSocketTransport::recentlyClosed(const QString& turn) const
{
    return m_closedTurns.contains(turn);
}

void KoderWebSocketTransport::failTurn(ErrorInfo error)
{
    if (!m_turn)
        return;
    const RequestId id = m_turn->requestId;
    const QString turnId = m_turn->id;
    endTurn();
    if (m_socket.state() == QAbstractSocket::ConnectedState)
        sendFrame({{QStringLiteral("type"), QStringLiteral("turn.abort")},
                   {QStringLiteral("turn"), turnId},
                   {QStringLiteral("reason"), QStringLiteral("error")}});
    else
        m_outbox.clear();
    deliver(StreamFailed{id, std::move(error), ErrorVerdict::Default});
}

void KoderWebSocketTransport::closeWithError(QWebSocketProtocol::CloseCode code, ErrorInfo error)
{
    failTurn(std::move(error));
    m_socket.close(code);
}

void KoderWebSocketTransport::onText(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    auto parsed =
        m_frames->parse(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (auto* error = std::get_if<ErrorInfo>(&parsed)) {
        failTurn(std::move(*error));
        return;
    }
    auto& frame = std::get<koder::wire::AichatFrame>(parsed);
    const QString turn = toQString(frame.turn);
    if (frame.type == "error" && turn.isEmpty()) {
        if (m_turn && toQString(frame.rid) == m_turn->id)
            failTurn(std::move(frame.error)); // the answer to our turn.start
        else
            m_connectionError = std::move(frame.error); // a close usually follows
        return;
    }
    if (turn.isEmpty())
        return; // hello, or a control frame of a newer minor version
    if (!m_turn || m_turn->id != turn) {
        qCDebug(lcAgent) << "dropping a frame of" << (recentlyClosed(turn) ? "closed" : "unknown")
                         << "turn" << turn << frame.type.c_str();
        return;
    }
    if (frame.seq != m_turn->nextSeq) {
        failTurn({"protocol_error",
                  QStringLiteral("Frame sequence broken: expected %1, got %2.")
                      .arg(m_turn->nextSeq)
                      .arg(frame.seq)
                      .toStdString(),
                  false, -1});
        return;
    }
    ++m_turn->nextSeq;
    onTurnFrame(frame);
}

void KoderWebSocketTransport::onTurnFrame(koder::wire::AichatFrame& frame)
{
    const RequestId id = m_turn->requestId;
    koder::wire::ReplyBudget& budget = m_turn->budget;
    const std::string& type = frame.type;
    if (type == "turn.started") {
        deliver(StreamStarted{id});
    } else if (type == "delta") {
        if (frame.text.empty())
            return;
        if (!budget.addBytes(frame.text.size()))
            return failTurn(budget.error());
        if (frame.reasoning)
            deliver(ReasoningDelta{id, std::move(frame.text)});
        else
            deliver(TextDelta{id, std::move(frame.text)});
    } else if (type == "tool_call") {
        if (!budget.addToolCall() || !budget.addBytes(frame.name.size() + frame.arguments.size()))
            return failTurn(budget.error());
        const QString callId = toQString(frame.callId);
        m_turn->unanswered.insert(callId);
        deliver(ToolCallRequested{
            id,
            {std::move(frame.callId), std::move(frame.name), std::move(frame.arguments), false}});
    } else if (type == "step.end") {
        if (frame.finishReason == "tool_calls") {
            m_turn->awaitingTools = true;
            deliver(StreamEnded{id, "tool_calls"});
        }
    } else if (type == "turn.end") {
        m_usage = usageToVariant(frame.usage);
        Q_EMIT usageChanged();
        endTurn();
        deliver(StreamEnded{id, std::move(frame.finishReason)});
    } else if (type == "error") {
        endTurn();
        deliver(StreamFailed{id, std::move(frame.error), ErrorVerdict::Default});
    }
    // tool_call.begin / tool_call.delta: the final tool_call frame is authoritative.
}

ErrorInfo KoderWebSocketTransport::errorFromClose() const
{
    if (m_connectionError)
        return *m_connectionError;
    const int code = m_socket.closeCode();
    const std::string reason = m_socket.closeReason().toStdString();
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

void KoderWebSocketTransport::onDisconnected()
{
    m_ping.stop();
    m_outbox.clear();
    if (m_turn)
        failTurn(errorFromClose());
    m_connectionError.reset();
}

void KoderWebSocketTransport::checkLiveness()
{
    if (m_socket.state() != QAbstractSocket::ConnectedState)
        return;
    if (m_sincePong.isValid() && m_sincePong.elapsed() > m_pongTimeout + m_pingInterval) {
        m_connectionError = ErrorInfo{"transport", "The server stopped answering pings.", true, -1};
        m_socket.abort();
        return;
    }
    m_socket.ping();
}

void KoderWebSocketTransport::setUrl(const QUrl& url)
{
    if (m_url == url)
        return;
    m_url = url;
    if (m_socket.state() != QAbstractSocket::UnconnectedState)
        m_socket.close(QWebSocketProtocol::CloseCodeGoingAway);
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
    if (m_ping.isActive())
        m_ping.start(qMax(1, ms));
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
