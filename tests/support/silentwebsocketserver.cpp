// SPDX-License-Identifier: MIT
#include "silentwebsocketserver.h"

#include <QtCore/QCryptographicHash>
#include <QtNetwork/QTcpSocket>

SilentWebSocketServer::SilentWebSocketServer(QObject* parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* socket = m_server.nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                if (socket->property("upgraded").toBool()) {
                    // Silent from now on: frames and pings are never read, only counted.
                    m_bytesAfterUpgrade = qMax(m_bytesAfterUpgrade, socket->bytesAvailable());
                    return;
                }
                const QByteArray request = socket->peek(socket->bytesAvailable());
                if (!request.contains("\r\n\r\n"))
                    return;
                socket->read(request.indexOf("\r\n\r\n") + 4);
                QByteArray key;
                for (const QByteArray& line : request.split('\n'))
                    if (line.toLower().startsWith("sec-websocket-key:"))
                        key = line.mid(line.indexOf(':') + 1).trimmed();
                // RFC 6455 §4.2.2: the accept value proves the server read the key.
                const QByteArray accept =
                    QCryptographicHash::hash(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11",
                                             QCryptographicHash::Sha1)
                        .toBase64();
                socket->write("HTTP/1.1 101 Switching Protocols\r\n"
                              "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                              "Sec-WebSocket-Protocol: aichat.v1\r\n"
                              "Sec-WebSocket-Accept: " +
                              accept + "\r\n\r\n");
                socket->setProperty("upgraded", true);
            });
        }
    });
}

QUrl SilentWebSocketServer::url() const
{
    return QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(m_server.serverPort()));
}
