// SPDX-License-Identifier: MIT
#include "scriptedhttpserver.h"

#include <QtCore/QTimer>
#include <QtNetwork/QTcpSocket>

#include <random>

namespace {
// Per-connection state, stored on the socket.
struct Pending {
    QByteArray in;
    ScriptedHttpServer::Response out;
    qsizetype written = 0;
    std::size_t nextCut = 0;
    qint64 repeated = 0; ///< how often the repeated tail was written
    bool responding = false;
};
constexpr char pendingProperty[] = "koderPending";

Pending* pendingOf(QTcpSocket* socket)
{
    return static_cast<Pending*>(socket->property(pendingProperty).value<void*>());
}
} // namespace

ScriptedHttpServer::Response ScriptedHttpServer::sse(const QByteArray& body, qsizetype chunkSize)
{
    Response r;
    r.bytes = "HTTP/1.1 200 OK\r\n"
              "Content-Type: text/event-stream\r\n"
              "Cache-Control: no-cache\r\n"
              "Transfer-Encoding: chunked\r\n"
              "\r\n";
    for (qsizetype at = 0; at < body.size(); at += chunkSize) {
        const QByteArray chunk = body.mid(at, chunkSize);
        r.bytes += QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
    }
    r.bytes += "0\r\n\r\n";
    return r;
}

ScriptedHttpServer::Response
ScriptedHttpServer::status(int code, const QByteArray& body,
                           const QList<QPair<QByteArray, QByteArray>>& headers)
{
    Response r;
    r.bytes = "HTTP/1.1 " + QByteArray::number(code) + " Scripted\r\n";
    for (const auto& [name, value] : headers)
        r.bytes += name + ": " + value + "\r\n";
    r.bytes += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    return r;
}

ScriptedHttpServer::Response ScriptedHttpServer::cutEvery(Response r, qsizetype step)
{
    r.cuts.clear();
    for (qsizetype at = step; at < r.bytes.size(); at += step)
        r.cuts.push_back(at);
    return r;
}

ScriptedHttpServer::Response ScriptedHttpServer::cutRandomly(Response r, unsigned seed,
                                                             int maxPiece)
{
    std::mt19937 rng(seed);
    r.cuts.clear();
    for (qsizetype at = 0;;) {
        at += std::uniform_int_distribution<int>(1, maxPiece)(rng);
        if (at >= r.bytes.size())
            break;
        r.cuts.push_back(at);
    }
    return r;
}

ScriptedHttpServer::ScriptedHttpServer(QObject* parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* socket = m_server.nextPendingConnection()) {
            auto* pending = new Pending;
            socket->setProperty(pendingProperty, QVariant::fromValue<void*>(pending));
            // The state lives as long as its socket: `disconnected` can be emitted from inside
            // a write (flush) in writeNext, which still reads it afterwards.
            connect(socket, &QObject::destroyed, [pending] { delete pending; });
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
            connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                socket->deleteLater();
                Q_EMIT clientGone();
            });
        }
    });
}

bool ScriptedHttpServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl ScriptedHttpServer::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()));
}

int ScriptedHttpServer::openConnections() const
{
    return static_cast<int>(m_server.findChildren<QTcpSocket*>().size());
}

void ScriptedHttpServer::onReadable(QTcpSocket* socket)
{
    Pending* p = pendingOf(socket);
    if (!p || p->responding)
        return;
    p->in += socket->readAll();
    if (p->in.startsWith('\x16')) {
        // A TLS ClientHello to this plain server: answer in plain text, which the client's TLS
        // layer must refuse.
        socket->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    const qsizetype headEnd = p->in.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return;
    Received req;
    const QList<QByteArray> lines = p->in.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    req.method = requestLine.value(0);
    req.path = requestLine.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            req.headers.insert(lines[i].left(colon).trimmed().toLower(),
                               lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = req.headers.value("content-length", "0").toLongLong();
    if (p->in.size() < headEnd + 4 + length)
        return;
    req.body = p->in.mid(headEnd + 4, length);
    m_received.append(req);
    p->responding = true;
    if (m_responses.empty()) {
        p->out = status(500, "no scripted response left");
    } else {
        p->out = std::move(m_responses.front());
        m_responses.pop_front();
    }
    Q_EMIT requestReceived();
    writeNext(socket);
}

// One piece per event-loop turn, so the client sees separate reads where the network allows.
void ScriptedHttpServer::writeNext(QTcpSocket* socket)
{
    Pending* p = pendingOf(socket);
    if (!p || socket->state() != QAbstractSocket::ConnectedState)
        return;
    const Response& r = p->out;
    qsizetype end = p->nextCut < r.cuts.size() ? r.cuts[p->nextCut++] : r.bytes.size();
    if (r.stallAfter >= 0)
        end = qMin(end, r.stallAfter);
    if (r.dropAfter >= 0)
        end = qMin(end, r.dropAfter);
    if (end > p->written) {
        socket->write(r.bytes.constData() + p->written, end - p->written);
        socket->flush();
        m_bytesWritten += end - p->written;
        p->written = end;
        if (socket->state() != QAbstractSocket::ConnectedState)
            return; // the client went away during the write
    }
    if (r.dropAfter >= 0 && p->written >= r.dropAfter) {
        socket->abort();
        return;
    }
    if (r.stallAfter >= 0 && p->written >= r.stallAfter)
        return;
    if (p->written < r.bytes.size()) {
        QTimer::singleShot(0, socket, [this, socket] { writeNext(socket); });
        return;
    }
    if (p->repeated < r.repeatCount) {
        // Write only what the client takes: the server's own buffer stays small.
        if (socket->bytesToWrite() < 4 * r.repeat.size() + (1 << 20)) {
            socket->write(r.repeat);
            m_bytesWritten += r.repeat.size();
            ++p->repeated;
        }
        QTimer::singleShot(r.repeatIntervalMs, socket, [this, socket] { writeNext(socket); });
        return;
    }
    socket->disconnectFromHost();
}
