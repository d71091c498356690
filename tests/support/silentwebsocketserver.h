// SPDX-License-Identifier: MIT
// A WebSocket server that completes the aichat.v1 handshake and then never reads or writes
// again: no frames, no pongs. What a hung server looks like to a client.
#pragma once

#include <QtCore/QUrl>
#include <QtNetwork/QTcpServer>

class SilentWebSocketServer : public QObject {
    Q_OBJECT
public:
    explicit SilentWebSocketServer(QObject* parent = nullptr);
    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QUrl url() const;
    // Bytes a client sent after the handshake (left unread): the client has seen the 101 once
    // this is above 0.
    qint64 bytesAfterUpgrade() const { return m_bytesAfterUpgrade; }

private:
    QTcpServer m_server;
    qint64 m_bytesAfterUpgrade = 0;
};
