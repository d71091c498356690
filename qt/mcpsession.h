// SPDX-License-Identifier: MIT
// One JSON-RPC 2.0 session with an MCP server over a channel: ids, the callbacks waiting for
// them, timeouts and cancellation, and what the server sends on its own (notifications, its
// requests). What is not JSON-RPC is skipped with a warning; an answer to an id never asked is
// dropped.
#pragma once

#include "mcpchannel.h"

#include "jsonrpc.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QTimer>

#include <functional>
#include <memory>

struct McpOutcome {
    bool ok = false;
    nlohmann::json result; ///< the result when ok
    int code = 0;  ///< the JSON-RPC error code otherwise (0: timed out or the session ended)
    QString error; ///< an English or translated sentence when not ok
    bool timedOut = false; ///< no answer within the request's timeout
};

class McpSession : public QObject {
    Q_OBJECT
public:
    using Reply = std::function<void(const McpOutcome&)>;
    /// A request from the server: answer it with respond() or respondError() (now or later).
    using RequestHandler = std::function<bool(const nlohmann::json& id, const std::string& method,
                                              const nlohmann::json& params)>;

    McpSession(McpChannel* channel, QString serverName, QObject* parent = nullptr);
    ~McpSession() override;

    /// Sends a request; `reply` is called exactly once (result, error, timeout after
    /// `timeoutMs` when it is positive, or the end of the session) unless cancel() is called
    /// first. Returns the request's id.
    qint64 request(const std::string& method, const nlohmann::json& params, Reply reply,
                   int timeoutMs = 0);
    /// Tells the server the request is no longer wanted (notifications/cancelled); its reply
    /// callback is dropped.
    void cancel(qint64 id, const std::string& reason);
    void notify(const std::string& method, const nlohmann::json& params = nullptr);
    void respond(const nlohmann::json& id, const nlohmann::json& result);
    void respondError(const nlohmann::json& id, int code, const std::string& message);
    /// Ends every waiting request with `reason` (the session is over).
    void failAll(const QString& reason);
    int waiting() const { return static_cast<int>(m_waiting.size()); }

    void setRequestHandler(RequestHandler handler) { m_onRequest = std::move(handler); }

    /// Notifications, by method; params as the server sent them.
    std::function<void(const std::string& method, const nlohmann::json& params)> onNotification;

private:
    struct Waiting {
        Reply reply;
        std::unique_ptr<QTimer> timer;
    };
    void received(const std::string& text);
    void finish(qint64 id, const McpOutcome& outcome);

    McpChannel* m_channel;
    QString m_serverName;
    qint64 m_nextId = 1;
    QHash<qint64, std::shared_ptr<Waiting>> m_waiting;
    RequestHandler m_onRequest;
};
