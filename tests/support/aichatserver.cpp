// SPDX-License-Identifier: MIT
#include "aichatserver.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtCore/QTimer>
#include <QtWebSockets/QWebSocket>

#include <algorithm>

struct AichatServer::Client {
    QWebSocket* socket = nullptr;
    Turn* turn = nullptr; ///< its live turn, if any
};

// A turn lives apart from its connection: it runs on, its frames kept, while the client is away.
struct AichatServer::Turn {
    QString id;
    Client* client = nullptr; ///< null while its connection is gone
    QJsonArray steps;         ///< the script
    int step = 0;
    int seq = 0;
    QString awaitType; ///< the client frame the script waits for ("tool.result", "turn.abort")
    int awaiting = 0;  ///< how many of them are still expected
    bool ended = false;
    QList<QJsonObject> frames; ///< every frame sent, for a replay
    QSet<QString> results;     ///< call ids answered: a repeated result is ignored
    int early = 0;             ///< results that came before the script awaited them
    int dropAfter = -1;
    int loseAfter = -1; ///< frames past this many count as sent but never reach the client
    int detached = 0;   ///< times its client went away (a late expiry of an earlier one is stale)
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
            connect(socket, &QWebSocket::disconnected, this,
                    [this, client] { onClientGone(client); });
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
    qDeleteAll(m_turns);
}

void AichatServer::onClientGone(Client* client)
{
    m_clients.removeAll(client);
    if (Turn* turn = std::exchange(client->turn, nullptr)) {
        turn->client = nullptr;
        if (m_resume) {
            expireLater(turn);
        } else {
            m_turns.removeAll(turn); // without resume a turn ends with its connection
            delete turn;
        }
    }
    client->socket->deleteLater();
    delete client;
    Q_EMIT clientDisconnected();
}

// A turn without its client is forgotten after the resume window, unless the client came back
// (and went away again: a later detachment has its own expiry).
void AichatServer::expireLater(Turn* turn)
{
    const QString id = turn->id;
    const int detached = ++turn->detached;
    QTimer::singleShot(m_resumeWindow, this, [this, id, detached] {
        Turn* t = findTurn(id);
        if (t && !t->client && t->detached == detached) {
            m_turns.removeAll(t);
            delete t;
        }
    });
}

// Vanish: abort the turn's TCP connection without a close frame, once what was sent is flushed.
// With resume the turn runs on without its client at once (its next frames are kept); without
// it the turn ends with the connection.
void AichatServer::vanish(Turn* turn)
{
    Client* client = turn->client;
    if (!client)
        return;
    if (m_resume) {
        turn->client = nullptr;
        client->turn = nullptr;
        expireLater(turn);
    }
    QPointer<QWebSocket> socket = client->socket;
    QMetaObject::invokeMethod(
        this,
        [socket] {
            if (socket) {
                socket->flush(); // what was sent before the drop still arrives
                socket->abort();
            }
        },
        Qt::QueuedConnection);
}

AichatServer::Turn* AichatServer::findTurn(const QString& id) const
{
    for (Turn* t : m_turns)
        if (t->id == id)
            return t;
    return nullptr;
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

void AichatServer::sendTo(Client* client, const QJsonObject& frame)
{
    client->socket->sendTextMessage(
        QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
}

void AichatServer::send(Turn* turn, QJsonObject frame)
{
    if (!frame.contains(QStringLiteral("v")))
        frame.insert(QStringLiteral("v"), 1);
    if (!frame.contains(QStringLiteral("turn")))
        frame.insert(QStringLiteral("turn"), turn->id);
    if (!frame.contains(QStringLiteral("seq")))
        frame.insert(QStringLiteral("seq"), turn->seq++);
    turn->frames.append(frame);
    if (!turn->client)
        return; // kept for the client's resume
    if (turn->loseAfter >= 0 && turn->frames.size() > turn->loseAfter)
        return; // "in flight" when the connection drops (finish() drops it)
    sendTo(turn->client, frame);
    if (turn->dropAfter >= 0 && turn->frames.size() >= turn->dropAfter) {
        turn->dropAfter = -1;
        vanish(turn); // the turn runs on without its client, which must resume it
    }
}

// A terminal frame went out. With resume the turn is kept for the resume window all the same:
// a connection that drops loses the frames in flight, so its client may not have the last ones
// and asks for them with a turn.resume.
void AichatServer::finish(Turn* turn)
{
    turn->ended = true;
    if (turn->loseAfter >= 0)
        vanish(turn); // the frames held back were lost with the connection
    if (Client* client = std::exchange(turn->client, nullptr))
        client->turn = nullptr; // the connection takes a new turn
    if (m_resume) {
        expireLater(turn);
    } else {
        m_turns.removeAll(turn);
        delete turn;
    }
}

int AichatServer::turnCount() const
{
    return static_cast<int>(
        std::count_if(m_turns.begin(), m_turns.end(), [](const Turn* t) { return !t->ended; }));
}

void AichatServer::onFrame(Client* client, const QString& text)
{
    const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
    m_received.append(frame);
    Q_EMIT frameReceived(frame);
    const QString type = frame.value(QStringLiteral("type")).toString();
    const QJsonValue rid = frame.value(QStringLiteral("rid"));
    const auto refuse = [&](const QString& code, const QString& message) {
        QJsonObject error{{QStringLiteral("v"), 1},
                          {QStringLiteral("type"), QStringLiteral("error")},
                          {QStringLiteral("code"), code},
                          {QStringLiteral("message"), message},
                          {QStringLiteral("retryable"), false}};
        if (!rid.isUndefined())
            error.insert(QStringLiteral("rid"), rid);
        sendTo(client, error);
    };
    if (frame.value(QStringLiteral("v")).toInt() != 1) {
        refuse(QStringLiteral("unsupported_version"), QStringLiteral("v must be 1"));
        client->socket->close(QWebSocketProtocol::CloseCodeProtocolError);
        return;
    }
    Turn* turn = findTurn(frame.value(QStringLiteral("turn")).toString());
    if (type == QStringLiteral("hello")) {
        QJsonObject caps{{QStringLiteral("reasoning"), true},
                         {QStringLiteral("tools"), true},
                         {QStringLiteral("usage"), true},
                         {QStringLiteral("parallel_tool_calls"), true}};
        if (m_resume)
            caps.insert(QStringLiteral("resume"), true);
        sendTo(client, {{QStringLiteral("v"), 1},
                        {QStringLiteral("type"), QStringLiteral("hello")},
                        {QStringLiteral("server"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("koder-aichat")}}},
                        {QStringLiteral("caps"), caps},
                        {QStringLiteral("limits"),
                         QJsonObject{{QStringLiteral("max_frame_bytes"), 1 << 20},
                                     {QStringLiteral("tool_timeout_ms"), 600'000}}}});
    } else if (type == QStringLiteral("turn.start")) {
        if (client->turn && !client->turn->ended) {
            refuse(QStringLiteral("turn_in_progress"), QStringLiteral("one turn at a time"));
            return;
        }
        auto* started = new Turn;
        started->id = frame.value(QStringLiteral("turn")).toString();
        started->client = client;
        started->dropAfter = std::exchange(m_dropAfter, -1);
        started->loseAfter = std::exchange(m_loseAfter, -1);
        client->turn = started;
        m_turns.append(started);
        if (m_loop && !m_script.isEmpty())
            m_nextTurn %= static_cast<int>(m_script.size());
        if (m_nextTurn >= m_script.size()) {
            send(started,
                 {{QStringLiteral("type"), QStringLiteral("error")},
                  {QStringLiteral("code"), QStringLiteral("internal")},
                  {QStringLiteral("message"), QStringLiteral("the script has no turn left")},
                  {QStringLiteral("retryable"), false}});
            finish(started);
            return;
        }
        started->steps = m_script.at(m_nextTurn++).toArray();
        if (started->dropAfter == 0) {
            started->dropAfter = -1;
            vanish(started); // its hello still arrives
        }
        later(started);
    } else if (type == QStringLiteral("turn.resume")) {
        onResume(client, frame);
    } else if (type == QStringLiteral("tool.result")) {
        const QString callId = frame.value(QStringLiteral("call_id")).toString();
        if (!turn || turn->ended || turn->results.contains(callId))
            return; // the first result of a call counts; repeats after a resume are ignored
        turn->results.insert(callId);
        if (turn->awaitType != type)
            ++turn->early;
        else if (--turn->awaiting == 0)
            later(turn);
    } else if (type == QStringLiteral("turn.abort")) {
        if (!turn || turn->ended)
            return;
        if (turn->awaitType == type) {
            // The script wants to talk past the abort: its next frames are late ones.
            turn->awaitType.clear();
            later(turn);
            return;
        }
        send(turn, {{QStringLiteral("type"), QStringLiteral("turn.end")},
                    {QStringLiteral("finish_reason"), QStringLiteral("aborted")}});
        finish(turn);
    }
}

// The replay is the answer: every frame after after_seq, then the turn goes on live here.
void AichatServer::onResume(Client* client, const QJsonObject& frame)
{
    const QString id = frame.value(QStringLiteral("turn")).toString();
    const int afterSeq = frame.value(QStringLiteral("after_seq")).toInt(-1);
    Turn* turn = findTurn(id);
    if (!turn) {
        QJsonObject error{
            {QStringLiteral("v"), 1},
            {QStringLiteral("type"), QStringLiteral("error")},
            {QStringLiteral("turn"), id},
            {QStringLiteral("code"), QStringLiteral("unknown_turn")},
            {QStringLiteral("message"), QStringLiteral("no such turn, or it expired")},
            {QStringLiteral("retryable"), false}};
        if (frame.contains(QStringLiteral("rid")))
            error.insert(QStringLiteral("rid"), frame.value(QStringLiteral("rid")));
        sendTo(client, error); // no seq: it is not a frame of the turn
        return;
    }
    if (afterSeq > turn->seq - 1) {
        QJsonObject error{
            {QStringLiteral("v"), 1},
            {QStringLiteral("type"), QStringLiteral("error")},
            {QStringLiteral("code"), QStringLiteral("protocol_error")},
            {QStringLiteral("message"), QStringLiteral("after_seq is past the last frame")},
            {QStringLiteral("retryable"), false}};
        if (frame.contains(QStringLiteral("rid")))
            error.insert(QStringLiteral("rid"), frame.value(QStringLiteral("rid")));
        sendTo(client, error);
        return;
    }
    if (!turn->ended) {
        if (turn->client && turn->client != client)
            turn->client->turn = nullptr; // a half-open old connection
        turn->client = client;
        client->turn = turn;
    }
    for (const QJsonObject& sent : std::as_const(turn->frames))
        if (sent.value(QStringLiteral("seq")).toInt(-1) > afterSeq)
            sendTo(client, sent);
}

// The next step on the next event-loop turn, if the turn is still there by then.
void AichatServer::later(Turn* turn)
{
    const QString id = turn->id;
    QTimer::singleShot(0, this, [this, id] {
        if (Turn* t = findTurn(id))
            runNext(t);
    });
}

void AichatServer::runNext(Turn* turn)
{
    if (turn->ended || turn->step >= turn->steps.size())
        return;
    const QJsonObject step = turn->steps.at(turn->step++).toObject();
    QWebSocket* socket = turn->client ? turn->client->socket : nullptr;
    if (step.contains(QStringLiteral("send"))) {
        const QJsonObject frame = step.value(QStringLiteral("send")).toObject();
        const QString type = frame.value(QStringLiteral("type")).toString();
        send(turn, frame);
        if (type == QStringLiteral("turn.end") || type == QStringLiteral("error"))
            return finish(turn); // a terminal frame ends the turn
    } else if (step.contains(QStringLiteral("await"))) {
        turn->awaitType = step.value(QStringLiteral("await")).toString();
        turn->awaiting = step.value(QStringLiteral("count")).toInt(1);
        // Results that came before the script asked for them count.
        if (turn->awaitType == QStringLiteral("tool.result"))
            turn->awaiting -= std::exchange(turn->early, 0);
        if (turn->awaiting > 0 || turn->awaitType != QStringLiteral("tool.result"))
            return; // the awaited client frames resume the script
        turn->awaitType.clear();
    } else if (step.contains(QStringLiteral("stall"))) {
        return; // also while the client is away
    } else if (!socket) {
        // raw, binary, close and drop need the connection: gone, they are skipped
    } else if (step.contains(QStringLiteral("raw"))) {
        socket->sendTextMessage(step.value(QStringLiteral("raw"))
                                    .toString()
                                    .replace(QStringLiteral("$turn"), turn->id));
    } else if (step.contains(QStringLiteral("binary"))) {
        socket->sendBinaryMessage(step.value(QStringLiteral("binary")).toString().toUtf8());
    } else if (step.contains(QStringLiteral("close"))) {
        socket->close(
            static_cast<QWebSocketProtocol::CloseCode>(step.value(QStringLiteral("close")).toInt()),
            step.value(QStringLiteral("reason")).toString());
        return;
    } else if (step.contains(QStringLiteral("drop"))) {
        if (!m_resume) {
            socket->flush(); // what was sent before the drop still arrives
            socket->abort();
            return; // the turn ended with its connection
        }
        vanish(turn); // the script runs on; the client resumes it
    }
    later(turn);
}
