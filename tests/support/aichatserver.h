// SPDX-License-Identifier: MIT
// A reference aichat.v1 server (PROTOCOL.md) that replays scripted turns. Used by the transport
// tests, and runnable by hand (koder-aichat-server) to try KoderWebSocketTransport.
#pragma once

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtWebSockets/QWebSocketServer>

class QWebSocket;

/*
    A script is a JSON array of turns; each turn is an array of steps, run in order when a
    `turn.start` arrives:
      {"send": {...}}            a frame; "v", "turn" and "seq" are filled in unless present
      {"await": "tool.result", "count": n}   wait for n tool results of this turn
      {"await": "turn.abort"}    wait for the client's abort, then go on (late frames)
      {"raw": "text"}            a text frame sent as it is (bad JSON, ...); "$turn" in it is
                                 replaced by the turn's id
      {"binary": "text"}         a binary frame
      {"close": code, "reason": "..."}       close the connection
      {"drop": true}             vanish: abort the TCP connection without a close frame
      {"stall": true}            send nothing more
    Each step goes out on its own event-loop turn.
*/
class AichatServer : public QObject {
    Q_OBJECT
public:
    explicit AichatServer(QObject* parent = nullptr);
    ~AichatServer() override;

    bool listen(quint16 port = 0);
    QUrl url() const;
    void setScript(const QJsonArray& turns) { m_script = turns; }
    /// Start over at the first scripted turn after the last (for a server run by hand).
    void setLoop(bool loop) { m_loop = loop; }
    /// Frames received from clients, in order.
    const QList<QJsonObject>& received() const { return m_received; }
    /// Close every connection abruptly.
    void dropAll();
    /// Offer the aichat.v1 subprotocol in the handshake (default); false: a server that does not.
    void setSubprotocolEnabled(bool enabled);

Q_SIGNALS:
    void frameReceived(const QJsonObject& frame);
    void clientDisconnected();

private:
    struct Client;
    void onFrame(Client* client, const QString& text);
    void runNext(Client* client);
    void later(Client* client);
    void send(Client* client, QJsonObject frame);

    QWebSocketServer m_server;
    QJsonArray m_script;
    int m_nextTurn = 0;
    bool m_loop = false;
    QList<QJsonObject> m_received;
    QList<Client*> m_clients;
};
