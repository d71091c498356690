// SPDX-License-Identifier: MIT
#include "mcpsession.h"

#include "agentlogging.h"
#include "jsonrpc.h"

#include <QtCore/QPointer>

namespace jsonrpc = koder::wire::jsonrpc;

McpSession::McpSession(McpChannel* channel, QString serverName, QObject* parent)
    : QObject(parent)
    , m_channel(channel)
    , m_serverName(std::move(serverName))
{
    connect(channel, &McpChannel::received, this, &McpSession::received);
}

McpSession::~McpSession() = default;

qint64 McpSession::request(const std::string& method, const nlohmann::json& params, Reply reply,
                           int timeoutMs)
{
    const qint64 id = m_nextId++;
    auto waiting = std::make_shared<Waiting>();
    waiting->reply = std::move(reply);
    if (timeoutMs > 0) {
        waiting->timer = std::make_unique<QTimer>();
        waiting->timer->setSingleShot(true);
        connect(waiting->timer.get(), &QTimer::timeout, this, [this, id, method] {
            const std::shared_ptr<Waiting> late = m_waiting.take(id);
            if (!late)
                return;
            // The server is told, so it can stop (never for initialize, which the spec says a
            // client must not cancel); the caller hears a timeout.
            if (method != "initialize")
                notify("notifications/cancelled",
                       nlohmann::json{{"requestId", id}, {"reason", "timed out"}});
            m_channel->abandon(id);
            if (late->reply)
                late->reply({false, nullptr, 0, tr("The server did not answer in time."), true});
        });
        waiting->timer->start(timeoutMs);
    }
    m_waiting.insert(id, waiting);
    m_channel->send(jsonrpc::request(id, method, params));
    return id;
}

void McpSession::cancel(qint64 id, const std::string& reason)
{
    if (!m_waiting.remove(id))
        return;
    notify("notifications/cancelled", nlohmann::json{{"requestId", id}, {"reason", reason}});
    m_channel->abandon(id);
}

void McpSession::notify(const std::string& method, const nlohmann::json& params)
{
    m_channel->send(jsonrpc::notification(method, params));
}

void McpSession::respond(const nlohmann::json& id, const nlohmann::json& result)
{
    m_channel->send(jsonrpc::result(id, result));
}

void McpSession::respondError(const nlohmann::json& id, int code, const std::string& message)
{
    m_channel->send(jsonrpc::error(id, code, message));
}

void McpSession::failAll(const QString& reason)
{
    const auto waiting = std::exchange(m_waiting, {});
    for (const auto& w : waiting)
        if (w->reply)
            w->reply({false, nullptr, 0, reason});
}

void McpSession::finish(qint64 id, const McpOutcome& outcome)
{
    const auto it = m_waiting.find(id);
    if (it == m_waiting.end()) {
        qCWarning(lcMcp).noquote() << m_serverName << "answered request" << id
                                   << "which was never asked or is no longer waited for; ignored";
        return;
    }
    const std::shared_ptr<Waiting> waiting = *it;
    m_waiting.erase(it);
    if (waiting->reply)
        waiting->reply(outcome);
}

void McpSession::received(const std::string& text)
{
    const jsonrpc::Message message = jsonrpc::parse(text);
    switch (message.kind) {
    case jsonrpc::Kind::Invalid:
        qCWarning(lcMcp).noquote() << m_serverName << "sent something that is not JSON-RPC ("
                                   << QString::fromStdString(message.problem) << "); skipped";
        return;
    case jsonrpc::Kind::Result:
    case jsonrpc::Kind::Error: {
        // This client's ids are integers; anything else was never asked.
        if (!message.id.is_number_integer()) {
            qCWarning(lcMcp).noquote()
                << m_serverName << "answered an id this client never uses; ignored";
            return;
        }
        const qint64 id = message.id.get<qint64>();
        if (message.kind == jsonrpc::Kind::Result)
            finish(id, {true, message.result, 0, {}});
        else
            finish(id, {false, nullptr, message.errorCode,
                        QString::fromStdString(message.errorMessage)});
        return;
    }
    case jsonrpc::Kind::Notification:
        if (onNotification)
            onNotification(message.method, message.params);
        return;
    case jsonrpc::Kind::Request:
        if (message.method == "ping") {
            respond(message.id, nlohmann::json::object());
            return;
        }
        if (m_onRequest && m_onRequest(message.id, message.method, message.params))
            return;
        respondError(message.id, jsonrpc::methodNotFound,
                     "Method not supported by this client: " + message.method);
        return;
    }
}
