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
      {"drop": true}             vanish: abort the TCP connection without a close frame; with
                                 resume the script runs on (its frames kept for the resume),
                                 without it the turn ends there
      {"stall": true}            send nothing more
    Each step goes out on its own event-loop turn.

    Resume (PROTOCOL.md rule 5): the server says caps.resume in its hello. A turn whose connection
    drops keeps running for resumeWindow() ms, its frames kept; `turn.resume{turn, after_seq}` on
    a new connection replays the frames after after_seq and goes on live there; an ended turn is
    kept as long for a replay of its last frames (lost in flight by a drop). An unknown or
    expired turn is answered `error{unknown_turn, turn, rid}` (no seq), an after_seq past the last
    frame sent `error{protocol_error, rid}`. A repeated tool.result of a call is ignored; results
    that come before the script awaits them count.
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
    /// Keep turns across a dropped connection (default); false: a server without caps.resume,
    /// whose turns end with their connection.
    void setResumeEnabled(bool enabled) { m_resume = enabled; }
    /// How long a turn waits for its client to come back. Default 60000 ms.
    void setResumeWindow(int ms) { m_resumeWindow = ms; }
    /// Abort the TCP connection of the next turn once it has sent `frames` frames (0: as soon as
    /// it starts), once. -1 (the default): never.
    void dropAfterFrames(int frames) { m_dropAfter = frames; }
    /// The next turn runs to its end as if every frame went out, but those past `frames` are lost
    /// in flight: its connection drops when the turn ends. With resume the client gets them by a
    /// replay of the ended turn. -1 (the default): nothing is lost.
    void loseFramesAfter(int frames) { m_loseAfter = frames; }
    /// Turns running, with their client or waiting for it to come back (an ended turn kept for a
    /// replay does not count).
    int turnCount() const;

Q_SIGNALS:
    void frameReceived(const QJsonObject& frame);
    void clientDisconnected();

private:
    struct Client;
    struct Turn;
    void onFrame(Client* client, const QString& text);
    void onResume(Client* client, const QJsonObject& frame);
    void onClientGone(Client* client);
    void runNext(Turn* turn);
    void later(Turn* turn);
    void send(Turn* turn, QJsonObject frame);
    void sendTo(Client* client, const QJsonObject& frame);
    void finish(Turn* turn);
    void vanish(Turn* turn);
    void expireLater(Turn* turn);
    Turn* findTurn(const QString& id) const;

    QWebSocketServer m_server;
    QJsonArray m_script;
    int m_nextTurn = 0;
    bool m_loop = false;
    QList<QJsonObject> m_received;
    QList<Client*> m_clients;
    QList<Turn*> m_turns;
    bool m_resume = true;
    int m_resumeWindow = 60'000;
    int m_dropAfter = -1;
    int m_loseAfter = -1;
};
