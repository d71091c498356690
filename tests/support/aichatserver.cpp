// SPDX-License-Identifier: MIT
#include "aichatserver.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>
#include <QtWebSockets/QWebSocket>

struct AichatServer::Client {
    QWebSocket* socket = nullptr;
    QString turn;     ///< the active turn, empty when none
    QJsonArray steps; ///< the active turn's script
    int step = 0;
    int seq = 0;
    QString awaitType; ///< the client frame the script waits for ("tool.result", "turn.abort")
    int awaiting = 0;  ///< how many of them are still expected
    bool aborted = false;
};

AichatServer::AichatServer(QObject* parent)
    : QObject(parent)
    , m_server(QStringLiteral("koder-aichat"), QWebSocketServer::NonSecureMode)
{
    m_server.setSupportedSubprotocols({QStringLiteral("aichat.v1")});
    connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
        while (QWebSocket* socket = m_server.nextPendingConnection()) {
            auto* client = new Client;
            client->socket = socket;
            m_clients.append(client);
            connect(socket, &QWebSocket::textMessageReceived, this,
                    [this, client](const QString& text) { onFrame(client, text); });
            connect(socket, &QWebSocket::disconnected, this, [this, client] {
                m_clients.removeAll(client);
                client->socket->deleteLater();
                delete client;
                Q_EMIT clientDisconnected();
            });
        }
    });
}

AichatServer::~AichatServer()
{
    for (Client* c : std::as_const(m_clients)) {
        c->socket->disconnect(this);
        c->socket->abort();
        c->socket->deleteLater();
        delete c;
    }
}

bool AichatServer::listen(quint16 port)
{
    return m_server.listen(QHostAddress::LocalHost, port);
}

QUrl AichatServer::url() const
{
    return QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(m_server.serverPort()));
}

void AichatServer::setSubprotocolEnabled(bool enabled)
{
    m_server.setSupportedSubprotocols(enabled ? QStringList{QStringLiteral("aichat.v1")}
                                              : QStringList{});
}

void AichatServer::dropAll()
{
    const auto clients = m_clients;
    for (Client* c : clients)
        c->socket->abort();
}

void AichatServer::send(Client* client, QJsonObject frame)
{
    if (!frame.contains(QStringLiteral("v")))
        frame.insert(QStringLiteral("v"), 1);
    if (!client->turn.isEmpty() && !frame.contains(QStringLiteral("turn")))
        frame.insert(QStringLiteral("turn"), client->turn);
    if (!client->turn.isEmpty() && !frame.contains(QStringLiteral("seq")))
        frame.insert(QStringLiteral("seq"), client->seq++);
    client->socket->sendTextMessage(
        QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
}

void AichatServer::onFrame(Client* client, const QString& text)
{
    const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
    m_received.append(frame);
    Q_EMIT frameReceived(frame);
    const QString type = frame.value(QStringLiteral("type")).toString();
    if (frame.value(QStringLiteral("v")).toInt() != 1) {
        client->turn.clear();
        send(client, {{QStringLiteral("type"), QStringLiteral("error")},
                      {QStringLiteral("code"), QStringLiteral("unsupported_version")},
                      {QStringLiteral("message"), QStringLiteral("v must be 1")},
                      {QStringLiteral("retryable"), false}});
        client->socket->close(QWebSocketProtocol::CloseCodeProtocolError);
        return;
    }
    if (type == QStringLiteral("hello")) {
        send(client, {{QStringLiteral("type"), QStringLiteral("hello")},
                      {QStringLiteral("server"),
                       QJsonObject{{QStringLiteral("name"), QStringLiteral("koder-aichat")}}},
                      {QStringLiteral("limits"),
                       QJsonObject{{QStringLiteral("max_frame_bytes"), 1 << 20}}}});
    } else if (type == QStringLiteral("turn.start")) {
        const QString turn = frame.value(QStringLiteral("turn")).toString();
        if (!client->turn.isEmpty()) {
            const QString active = std::exchange(client->turn, QString());
            send(client, {{QStringLiteral("type"), QStringLiteral("error")},
                          {QStringLiteral("rid"), frame.value(QStringLiteral("rid"))},
                          {QStringLiteral("code"), QStringLiteral("turn_in_progress")},
                          {QStringLiteral("message"), QStringLiteral("one turn at a time")},
                          {QStringLiteral("retryable"), false}});
            client->turn = active;
            return;
        }
        client->turn = turn;
        client->seq = 0;
        client->step = 0;
        client->awaiting = 0;
        client->awaitType.clear();
        client->aborted = false;
        if (m_loop && !m_script.isEmpty())
            m_nextTurn %= static_cast<int>(m_script.size());
        if (m_nextTurn >= m_script.size()) {
            client->turn = turn;
            client->seq = 0;
            send(client,
                 {{QStringLiteral("type"), QStringLiteral("error")},
                  {QStringLiteral("code"), QStringLiteral("internal")},
                  {QStringLiteral("message"), QStringLiteral("the script has no turn left")},
                  {QStringLiteral("retryable"), false}});
            client->turn.clear();
            return;
        }
        client->steps = m_script.at(m_nextTurn++).toArray();
        later(client);
    } else if (type == QStringLiteral("tool.result")) {
        if (frame.value(QStringLiteral("turn")).toString() == client->turn &&
            client->awaitType == type && --client->awaiting == 0)
            later(client);
    } else if (type == QStringLiteral("turn.abort")) {
        if (frame.value(QStringLiteral("turn")).toString() != client->turn)
            return;
        if (client->awaitType == type) {
            // The script wants to talk past the abort: its next frames are late ones.
            client->awaitType.clear();
            later(client);
            return;
        }
        client->aborted = true;
        send(client, {{QStringLiteral("type"), QStringLiteral("turn.end")},
                      {QStringLiteral("finish_reason"), QStringLiteral("aborted")}});
        client->turn.clear();
    }
}

// The next step on the next event-loop turn, if the client is still there by then.
void AichatServer::later(Client* client)
{
    QPointer<QWebSocket> socket = client->socket;
    QTimer::singleShot(0, this, [this, socket] {
        for (Client* c : std::as_const(m_clients))
            if (socket && c->socket == socket)
                return runNext(c);
    });
}

void AichatServer::runNext(Client* client)
{
    if (client->aborted || client->turn.isEmpty() || client->step >= client->steps.size())
        return;
    const QJsonObject step = client->steps.at(client->step++).toObject();
    if (step.contains(QStringLiteral("send"))) {
        const QJsonObject frame = step.value(QStringLiteral("send")).toObject();
        const QString type = frame.value(QStringLiteral("type")).toString();
        send(client, frame);
        if (type == QStringLiteral("turn.end") || type == QStringLiteral("error")) {
            client->turn.clear(); // a terminal frame ends the turn
            return;
        }
    } else if (step.contains(QStringLiteral("await"))) {
        client->awaitType = step.value(QStringLiteral("await")).toString();
        client->awaiting = step.value(QStringLiteral("count")).toInt(1);
        return; // the awaited client frames resume the script
    } else if (step.contains(QStringLiteral("raw"))) {
        client->socket->sendTextMessage(step.value(QStringLiteral("raw"))
                                            .toString()
                                            .replace(QStringLiteral("$turn"), client->turn));
    } else if (step.contains(QStringLiteral("binary"))) {
        client->socket->sendBinaryMessage(step.value(QStringLiteral("binary")).toString().toUtf8());
    } else if (step.contains(QStringLiteral("close"))) {
        client->socket->close(
            static_cast<QWebSocketProtocol::CloseCode>(step.value(QStringLiteral("close")).toInt()),
            step.value(QStringLiteral("reason")).toString());
        return;
    } else if (step.contains(QStringLiteral("drop"))) {
        client->socket->flush(); // what was sent before the drop still arrives
        client->socket->abort();
        return;
    } else if (step.contains(QStringLiteral("stall"))) {
        return;
    }
    later(client);
}
