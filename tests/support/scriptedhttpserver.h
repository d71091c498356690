// SPDX-License-Identifier: MIT
// An HTTP/1.1 server on 127.0.0.1 for transport tests: answers each request with the next
// scripted response, written in chosen pieces, and can stall or drop the connection.
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtNetwork/QTcpServer>

#include <deque>
#include <vector>

class QTcpSocket;

class ScriptedHttpServer : public QObject {
    Q_OBJECT
public:
    struct Response {
        QByteArray bytes;            ///< status line, headers and body, as sent
        std::vector<qsizetype> cuts; ///< write boundaries inside `bytes`, ascending
        qsizetype dropAfter = -1;    ///< close the connection after this many bytes
        qsizetype stallAfter = -1;   ///< stop writing (stay connected) after this many bytes
        /// After `bytes`: `repeat` written `repeatCount` times, one per event-loop turn (or one
        /// per `repeatIntervalMs`), while the client stays connected; never held whole in memory.
        QByteArray repeat;
        qint64 repeatCount = 0;
        int repeatIntervalMs = 0;
    };
    struct Received {
        QByteArray method;
        QByteArray path;
        QMap<QByteArray, QByteArray> headers; ///< lower-case names
        QByteArray body;
    };

    /// 200 with `text/event-stream`, the body in chunked transfer encoding, one HTTP chunk per
    /// `chunkSize` bytes of body.
    static Response sse(const QByteArray& body, qsizetype chunkSize = 97);
    /// Any status with a plain body (Content-Length set) and extra headers.
    static Response status(int code, const QByteArray& body,
                           const QList<QPair<QByteArray, QByteArray>>& headers = {});
    /// Cuts `r.bytes` into reads of `step` bytes (1 = byte by byte).
    static Response cutEvery(Response r, qsizetype step);
    /// Cuts at seeded random places, reads of 1..maxPiece bytes.
    static Response cutRandomly(Response r, unsigned seed, int maxPiece = 40);

    explicit ScriptedHttpServer(QObject* parent = nullptr);
    bool listen();
    QUrl baseUrl() const; ///< http://127.0.0.1:<port>/v1

    void enqueue(Response response) { m_responses.push_back(std::move(response)); }
    const QList<Received>& received() const { return m_received; }
    /// Bytes written to clients so far, repeated tails included.
    qint64 bytesWritten() const { return m_bytesWritten; }
    int openConnections() const;

Q_SIGNALS:
    void requestReceived();
    void clientGone();

private:
    struct Connection;
    void onReadable(QTcpSocket* socket);
    void writeNext(QTcpSocket* socket);

    QTcpServer m_server;
    std::deque<Response> m_responses;
    QList<Received> m_received;
    qint64 m_bytesWritten = 0;
};
