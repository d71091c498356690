// SPDX-License-Identifier: MIT
#include "mcpchannel.h"

#include "agentlogging.h"
#include "httporigin.h"
#include "jsonrpc.h"
#include "ssedecoder.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>

using namespace koder::agent::qt;
namespace jsonrpc = koder::wire::jsonrpc;

namespace {
// How long a server has to exit once its stdin is closed, then once it is asked to terminate.
constexpr int gracefulExitMs = 2000;
// The longest stderr line logged; the rest of it is dropped.
constexpr qsizetype maxLogLine = 4096;
// What Qt's network thread may hold for a reply before it stops reading the socket.
constexpr qint64 readBufferBytes = 1 << 20;

// Whether `text` is the result or the error of the request `id` (not a notification or a
// request of the server's that came on the same stream).
bool answers(const nlohmann::json& id, std::string_view text)
{
    if (id.is_null())
        return false;
    const jsonrpc::Message m = jsonrpc::parse(text);
    return (m.kind == jsonrpc::Kind::Result || m.kind == jsonrpc::Kind::Error) && m.id == id;
}
} // namespace

McpChannel::McpChannel(qint64 maxMessageBytes, QObject* parent)
    : QObject(parent)
    , m_maxMessageBytes(maxMessageBytes)
{
}

McpChannel::~McpChannel() = default;

// ---- stdio ------------------------------------------------------------------------------------

McpStdioChannel::McpStdioChannel(QString command, QStringList args, QVariantMap environment,
                                 QString workingDirectory, QString serverName,
                                 qint64 maxMessageBytes, QObject* parent)
    : McpChannel(maxMessageBytes, parent)
    , m_command(std::move(command))
    , m_args(std::move(args))
    , m_environment(std::move(environment))
    , m_workingDirectory(std::move(workingDirectory))
    , m_serverName(std::move(serverName))
    , m_lines(std::make_unique<jsonrpc::LineSplitter>(static_cast<std::size_t>(maxMessageBytes)))
{
}

McpStdioChannel::~McpStdioChannel()
{
    if (m_process) {
        m_process->disconnect(this);
        // QProcess's destructor kills what still runs and waits for it.
    }
}

QProcessEnvironment McpStdioChannel::serverEnvironment(const QProcessEnvironment& base,
                                                       const QVariantMap& environment)
{
    QProcessEnvironment env;
    for (const QString& key : base.keys()) {
        if (key == QLatin1String("PATH") || key == QLatin1String("HOME") ||
            key == QLatin1String("USER") || key == QLatin1String("LANG") ||
            key == QLatin1String("TMPDIR") || key.startsWith(QLatin1String("LC_")))
            env.insert(key, base.value(key));
    }
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        env.insert(it.key(), it.value().toString());
    return env;
}

void McpStdioChannel::open()
{
    auto* process = new QProcess(this);
    m_process = process;
    process->setProgram(m_command);
    process->setArguments(m_args);
    process->setProcessEnvironment(
        serverEnvironment(QProcessEnvironment::systemEnvironment(), m_environment));
    if (!m_workingDirectory.isEmpty())
        process->setWorkingDirectory(m_workingDirectory);
    connect(process, &QProcess::readyReadStandardOutput, this, &McpStdioChannel::readOut);
    connect(process, &QProcess::readyReadStandardError, this, &McpStdioChannel::readErr);
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && !m_closing)
            Q_EMIT failed(tr("The server could not be started: %1").arg(m_process->errorString()));
    });
    connect(process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        const QPointer<McpStdioChannel> self(this);
        readOut(); // what it wrote before it ended still counts (its handlers may delete this)
        if (!self || m_closing)
            return;
        Q_EMIT failed(status == QProcess::CrashExit
                          ? tr("The server crashed.")
                          : tr("The server exited with code %1.").arg(code));
    });
    qCDebug(lcMcp) << m_serverName << "starting" << m_command << m_args;
    process->start(QIODevice::ReadWrite);
}

void McpStdioChannel::send(const std::string& message)
{
    if (!m_process || m_process->state() == QProcess::NotRunning || m_closing)
        return;
    QByteArray line(message.data(), static_cast<qsizetype>(message.size()));
    line.append('\n');
    m_process->write(line);
}

void McpStdioChannel::readOut()
{
    if (!m_process)
        return;
    const QByteArray bytes = m_process->readAllStandardOutput();
    if (bytes.isEmpty() || m_lines->overflowed())
        return;
    std::vector<std::string> lines;
    m_lines->feed({bytes.constData(), static_cast<std::size_t>(bytes.size())},
                  [&lines](std::string_view line) { lines.emplace_back(line); });
    // Handlers may close or delete the channel: emit from a guarded loop.
    const QPointer<McpStdioChannel> self(this);
    for (const std::string& line : lines) {
        if (!self || m_closing)
            return;
        Q_EMIT received(line);
    }
    if (self && m_lines->overflowed() && !m_closing)
        Q_EMIT failed(tr("The server sent a message larger than %1 bytes.").arg(m_maxMessageBytes));
}

void McpStdioChannel::readErr()
{
    if (!m_process)
        return;
    // Lines go to the log; a line is cut at maxLogLine so a chatty server cannot grow memory.
    m_errLine += m_process->readAllStandardError();
    qsizetype start = 0;
    for (qsizetype nl = m_errLine.indexOf('\n'); nl >= 0; nl = m_errLine.indexOf('\n', start)) {
        const QByteArray line = m_errLine.mid(start, std::min(nl - start, maxLogLine)).trimmed();
        if (!line.isEmpty())
            qCInfo(lcMcp).noquote() << m_serverName << "stderr:" << QString::fromUtf8(line);
        start = nl + 1;
    }
    m_errLine.remove(0, start);
    if (m_errLine.size() > maxLogLine) {
        qCInfo(lcMcp).noquote() << m_serverName
                                << "stderr:" << QString::fromUtf8(m_errLine.left(maxLogLine));
        m_errLine.clear();
    }
}

void McpStdioChannel::close()
{
    if (m_closing)
        return;
    m_closing = true;
    QProcess* process = m_process;
    if (!process || process->state() == QProcess::NotRunning)
        return;
    // The spec's shutdown: close stdin, then SIGTERM, then SIGKILL. The process outlives this
    // channel until it ends, and deletes itself then.
    process->disconnect(this);
    // Nothing more is read: Qt drops what the server still writes instead of buffering it.
    process->closeReadChannel(QProcess::StandardOutput);
    process->closeReadChannel(QProcess::StandardError);
    // The application's child: if the app quits first, QProcess's destructor kills it.
    process->setParent(QCoreApplication::instance());
    m_process = nullptr;
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
    process->closeWriteChannel();
    QTimer::singleShot(gracefulExitMs, process, [process] {
        process->terminate();
        QTimer::singleShot(gracefulExitMs, process, &QProcess::kill);
    });
}

// ---- Streamable HTTP -------------------------------------------------------------------------

struct McpHttpChannel::Exchange {
    QPointer<QNetworkReply> reply;
    nlohmann::json requestId; ///< the id of the request it posted (null: a notification or GET)
    bool stream = false;      ///< the GET stream for the server's own messages
    bool sse = false;         ///< the answer is an event stream
    bool answered = false;    ///< the request's result or error came back
    bool initialized = false; ///< notifications/initialized: later messages wait for it
    QByteArray body;          ///< a JSON answer, as it arrives
    std::unique_ptr<koder::wire::SseDecoder> events;
    QUrl refusedRedirect;
};

McpHttpChannel::McpHttpChannel(QUrl url, QVariantMap headers, qint64 maxMessageBytes,
                               QObject* parent)
    : McpChannel(maxMessageBytes, parent)
    , m_url(std::move(url))
    , m_headers(std::move(headers))
    , m_manager(new QNetworkAccessManager(this))
{
}

McpHttpChannel::~McpHttpChannel()
{
    m_closed = true;
    for (const auto& exchange : std::as_const(m_exchanges))
        if (exchange->reply) {
            exchange->reply->disconnect(this);
            exchange->reply->abort();
        }
}

void McpHttpChannel::open() {}

QNetworkRequest McpHttpChannel::request(const char* accept) const
{
    QNetworkRequest req(m_url);
    req.setRawHeader("Accept", accept);
    for (auto it = m_headers.cbegin(); it != m_headers.cend(); ++it)
        req.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    if (!m_sessionId.isEmpty())
        req.setRawHeader("Mcp-Session-Id", m_sessionId);
    if (!m_protocolVersion.isEmpty())
        req.setRawHeader("MCP-Protocol-Version", m_protocolVersion);
    // Every redirect is checked: the headers go to this origin only.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::UserVerifiedRedirectPolicy);
    return req;
}

void McpHttpChannel::send(const std::string& message)
{
    if (m_closed)
        return;
    if (m_holding) {
        m_held.append(message);
        return;
    }
    auto exchange = std::make_shared<Exchange>();
    const jsonrpc::Message sent = jsonrpc::parse(message);
    if (sent.kind == jsonrpc::Kind::Request)
        exchange->requestId = sent.id;
    else if (sent.kind == jsonrpc::Kind::Notification &&
             sent.method == "notifications/initialized") {
        exchange->initialized = true;
        m_holding = true;
    }
    QNetworkRequest req = request("application/json, text/event-stream");
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    exchange->reply =
        m_manager->post(req, QByteArray(message.data(), static_cast<qsizetype>(message.size())));
    watch(exchange);
}

void McpHttpChannel::setProtocolVersion(const QByteArray& version)
{
    m_protocolVersion = version;
}

// The handshake is complete on the server: the stream for its own messages opens, and what
// waited goes out in order.
void McpHttpChannel::releaseHeld()
{
    m_holding = false;
    openStream();
    for (const std::string& message : std::exchange(m_held, {}))
        send(message);
}

void McpHttpChannel::abandon(qint64 id)
{
    for (const auto& exchange : std::as_const(m_exchanges))
        if (exchange->requestId == nlohmann::json(id) && exchange->reply) {
            m_exchanges.removeAll(exchange);
            exchange->reply->disconnect(this);
            exchange->reply->abort();
            exchange->reply->deleteLater();
            return; // the connection is free for the next request
        }
}

// The stream for what the server sends on its own (list changes, requests); a server without
// one answers 405, which is fine.
void McpHttpChannel::openStream()
{
    if (m_closed)
        return;
    auto exchange = std::make_shared<Exchange>();
    exchange->stream = true;
    exchange->reply = m_manager->get(request("text/event-stream"));
    watch(exchange);
}

void McpHttpChannel::watch(const std::shared_ptr<Exchange>& exchange)
{
    m_exchanges.append(exchange);
    QNetworkReply* reply = exchange->reply;
    reply->setReadBufferSize(readBufferBytes);
    const std::weak_ptr<Exchange> weak = exchange;
    connect(reply, &QNetworkReply::readyRead, this, [this, weak] {
        if (const auto e = weak.lock())
            readBody(e);
    });
    connect(reply, &QNetworkReply::finished, this, [this, weak] {
        if (const auto e = weak.lock())
            finished(e);
    });
    connect(reply, &QNetworkReply::redirected, this, [this, weak](const QUrl& target) {
        const auto e = weak.lock();
        if (!e || !e->reply)
            return;
        if (sameOrigin(target, m_url)) {
            Q_EMIT e->reply->redirectAllowed();
            return;
        }
        e->refusedRedirect = target;
        e->reply->abort();
    });
    // TLS errors are never ignored: no sslErrors handler calls ignoreSslErrors().
}

void McpHttpChannel::readBody(const std::shared_ptr<Exchange>& exchange)
{
    QNetworkReply* reply = exchange->reply;
    if (!reply)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status < 200 || status >= 300) {
        // An error page is read at the end, up to a bound.
        if (exchange->body.size() < (1 << 16))
            exchange->body += reply->read((1 << 16) - exchange->body.size());
        reply->readAll();
        return;
    }
    if (m_sessionId.isEmpty() && reply->hasRawHeader("Mcp-Session-Id"))
        m_sessionId = reply->rawHeader("Mcp-Session-Id");
    const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    if (type.startsWith("text/event-stream")) {
        if (!exchange->events) {
            exchange->sse = true;
            const QPointer<McpHttpChannel> self(this);
            exchange->events = std::make_unique<koder::wire::SseDecoder>(
                [this, self,
                 weak = std::weak_ptr<Exchange>(exchange)](const koder::wire::SseEvent& event) {
                    if (!self || m_closed || event.data.empty())
                        return;
                    if (const auto e = weak.lock(); e && answers(e->requestId, event.data))
                        e->answered = true;
                    Q_EMIT received(std::string(event.data));
                },
                static_cast<std::size_t>(m_maxMessageBytes));
        }
        const QByteArray bytes = reply->readAll();
        const QPointer<McpHttpChannel> self(this);
        exchange->events->feed({bytes.constData(), static_cast<std::size_t>(bytes.size())});
        if (self && exchange->events->overflowed() && !m_closed) {
            reply->abort();
            Q_EMIT failed(
                tr("The server sent a message larger than %1 bytes.").arg(m_maxMessageBytes));
        }
        return;
    }
    exchange->body += reply->readAll();
    if (exchange->body.size() > m_maxMessageBytes && !m_closed) {
        exchange->body.clear();
        reply->abort();
        Q_EMIT failed(tr("The server sent a message larger than %1 bytes.").arg(m_maxMessageBytes));
    }
}

void McpHttpChannel::finished(const std::shared_ptr<Exchange>& exchange)
{
    m_exchanges.removeAll(exchange);
    QNetworkReply* reply = exchange->reply;
    if (!reply || m_closed)
        return;
    reply->deleteLater();
    const QPointer<McpHttpChannel> self(this);
    readBody(exchange); // may deliver messages, whose handlers may close or delete this
    if (!self || m_closed)
        return;
    if (exchange->initialized)
        releaseHeld(); // whatever its answer: the session goes on or fails on its own
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (exchange->stream)
        return; // the optional stream ended (or the server has none: 405)
    QString problem;
    if (!exchange->refusedRedirect.isEmpty())
        problem = tr("The server redirected to another origin (%1); the request was not sent "
                     "there.")
                      .arg(origin(exchange->refusedRedirect));
    else if (status == 404 && !m_sessionId.isEmpty()) {
        Q_EMIT failed(tr("The server ended the session."));
        return;
    } else if (status >= 200 && status < 300) {
        if (!exchange->sse && !exchange->body.trimmed().isEmpty()) {
            const std::string body = exchange->body.toStdString();
            exchange->answered = answers(exchange->requestId, body);
            Q_EMIT received(body);
            if (!self || m_closed || exchange->answered || exchange->requestId.is_null())
                return;
            problem = tr("The server's answer is not a JSON-RPC response to the request.");
        } else if (exchange->requestId.is_null() || exchange->answered) {
            return; // a notification or a response: 202 Accepted
        } else
            problem = tr("The server's answer ended without a result.");
    } else if (status != 0)
        problem = tr("The server answered HTTP %1.").arg(status);
    else
        problem = reply->errorString();
    if (exchange->requestId.is_null()) {
        qCWarning(lcMcp).noquote() << "a message to" << origin(m_url) << "failed:" << problem;
        return;
    }
    // The request failed as HTTP: its caller hears it as a JSON-RPC error.
    Q_EMIT received(
        jsonrpc::error(exchange->requestId, jsonrpc::internalError, problem.toStdString()));
}

void McpHttpChannel::close()
{
    if (m_closed)
        return;
    m_closed = true;
    for (const auto& exchange : std::as_const(m_exchanges))
        if (exchange->reply) {
            exchange->reply->disconnect(this);
            exchange->reply->abort();
        }
    m_exchanges.clear();
    if (!m_sessionId.isEmpty()) {
        // The session ends on the server too. The request outlives this channel (which may be
        // deleted right after): its manager goes once it is answered, or after a few seconds.
        QNetworkAccessManager* manager = std::exchange(m_manager, nullptr);
        manager->setParent(nullptr);
        QNetworkReply* reply = manager->deleteResource(request("application/json"));
        connect(reply, &QNetworkReply::finished, manager, &QObject::deleteLater);
        QTimer::singleShot(gracefulExitMs, manager, &QObject::deleteLater);
    }
}
