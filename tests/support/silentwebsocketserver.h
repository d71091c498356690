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

private:
    QTcpServer m_server;
};
