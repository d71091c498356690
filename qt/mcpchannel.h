// SPDX-License-Identifier: MIT
// How JSON-RPC messages travel between the MCP client and one server: the lines of a child
// process (stdio) or the POSTs of Streamable HTTP. A channel moves text only; the session
// (McpSession) reads it.
#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QProcess>
#include <QtCore/QUrl>
#include <QtCore/QVariantMap>

#include <memory>
#include <string>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace koder::wire::jsonrpc {
class LineSplitter;
}

class McpChannel : public QObject {
    Q_OBJECT
public:
    explicit McpChannel(qint64 maxMessageBytes, QObject* parent = nullptr);
    ~McpChannel() override;

    /// Starts the channel (a stdio server's process); messages may be sent at once.
    virtual void open() = 0;
    /// Sends one JSON-RPC message (compact JSON, one line).
    virtual void send(const std::string& message) = 0;
    /// Ends the session politely (stdin closed, then the process stopped; HTTP: DELETE).
    virtual void close() = 0;
    /// The revision the handshake agreed on, for transports that repeat it on every request;
    /// from then on the session is open (HTTP opens its stream for server messages).
    virtual void setProtocolVersion(const QByteArray& version) { Q_UNUSED(version); }
    /// No answer to the request `id` is wanted any more (cancelled, timed out): a transport
    /// that holds something open for it (an HTTP response stream) lets it go.
    virtual void abandon(qint64 id) { Q_UNUSED(id); }

Q_SIGNALS:
    /// One message's text, as the server sent it (not checked yet).
    void received(const std::string& text);
    /// The channel is gone for good (the process ended, a message was too large, ...).
    void failed(const QString& reason);

protected:
    qint64 m_maxMessageBytes;
};

/// A server started as a child process: one message per line on stdin and stdout, stderr to
/// the koder.mcp log. It gets `environment` on top of a minimal base, never the app's whole
/// environment.
class McpStdioChannel : public McpChannel {
    Q_OBJECT
public:
    McpStdioChannel(QString command, QStringList args, QVariantMap environment,
                    QString workingDirectory, QString serverName, qint64 maxMessageBytes,
                    QObject* parent = nullptr);
    ~McpStdioChannel() override;

    void open() override;
    void send(const std::string& message) override;
    void close() override;

    /// The variables a server process starts with: PATH, HOME, USER, LANG, LC_*, TMPDIR of
    /// `base`, then `environment` on top.
    static QProcessEnvironment serverEnvironment(const QProcessEnvironment& base,
                                                 const QVariantMap& environment);

private:
    void readOut();
    void readErr();

    QString m_command;
    QStringList m_args;
    QVariantMap m_environment;
    QString m_workingDirectory;
    QString m_serverName;
    QPointer<QProcess> m_process;
    std::unique_ptr<koder::wire::jsonrpc::LineSplitter> m_lines;
    QByteArray m_errLine;
    bool m_closing = false;
};

/// A server at a URL (Streamable HTTP, 2025-03-26 to 2025-11-25): each message is a POST whose
/// answer is JSON or an SSE stream; the session id the server gives is sent back; after the
/// handshake a GET stream carries what the server sends on its own. `headers` go to the URL's
/// origin only: a redirect elsewhere is refused.
class McpHttpChannel : public McpChannel {
    Q_OBJECT
public:
    McpHttpChannel(QUrl url, QVariantMap headers, qint64 maxMessageBytes,
                   QObject* parent = nullptr);
    ~McpHttpChannel() override;

    void open() override;
    void send(const std::string& message) override;
    void close() override;
    void setProtocolVersion(const QByteArray& version) override;
    void abandon(qint64 id) override;

private:
    struct Exchange;
    QNetworkReply* post(const QByteArray& body);
    QNetworkRequest request(const char* accept) const;
    void watch(const std::shared_ptr<Exchange>& exchange);
    void readBody(const std::shared_ptr<Exchange>& exchange);
    void finished(const std::shared_ptr<Exchange>& exchange);
    void openStream();
    void releaseHeld();

    QUrl m_url;
    QVariantMap m_headers;
    QNetworkAccessManager* m_manager;
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    QList<std::shared_ptr<Exchange>> m_exchanges;
    /// Messages held while notifications/initialized is on its way: servers may refuse a
    /// request that overtakes it on another connection.
    QList<std::string> m_held;
    bool m_holding = false;
    bool m_closed = false;
};
