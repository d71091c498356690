// SPDX-License-Identifier: MIT
// KoderAgentController's MCP servers: their tools join the app's under the approval engine
// (named "<server>__<tool>", the server's toolPolicy as the tools' own policy), their questions
// (elicitation) become pending inputs, and an approval of a call to a server still connecting
// waits for it.
#include "koderagentcontroller.h"

#include "agentlogging.h"
#include "mcpmessages.h"
#include "qtconvert.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>

#include <optional>

using namespace koder::agent;
using namespace koder::agent::qt;
namespace mcp = koder::wire::mcp;

namespace {
std::optional<ToolPolicy> serverPolicy(const KoderMcpServer& server)
{
    const QString policy = server.toolPolicy();
    if (policy == QLatin1String("auto") || policy.isEmpty())
        return std::nullopt;
    if (const auto known = toolPolicyFromString(toStd(policy)))
        return known;
    // A policy this library does not know asks: the safe reading of a typo.
    qCWarning(lcMcp).noquote() << server.name() << "has an unknown toolPolicy" << policy
                               << "; its tools ask";
    return ToolPolicy::Ask;
}

QString prefixOf(const KoderMcpServer& server)
{
    return QString::fromStdString(mcp::sanitizedName(toStd(server.name()))) + QStringLiteral("__");
}
} // namespace

/*!
    \fn const QList<KoderMcpServer *> &KoderAgentController::mcpServerList() const

    Returns the MCP servers whose tools the model may call, in the order they were added. In
    QML this list is the \l [QML] {KoderAgentController::mcpServers}{mcpServers} property.

    \sa addMcpServer(), removeMcpServer(), clearMcpServers(), {MCP servers}
*/

/*!
    \fn void KoderAgentController::addMcpServer(KoderMcpServer *server)

    Adds \a server to the MCP servers whose tools the model may call, after the others, and
    emits mcpServersChanged(). While the server is ready and enabled, each of its tools is
    offered after the controller's own tools as \c{<server>__<tool>} and decided by the
    approval policy (toolPolicies, autoAccept and the server's
    \l {KoderMcpServer::toolPolicy}{toolPolicy}); its questions (elicitation) become
    pendingInputs with source \c "mcp". The controller does not take ownership: the server
    leaves the list when it is destroyed. A null \a server or one already in the list is
    ignored. When another server of the list has the same name (once sanitized), \a server
    is made \c "failed".
*/

/*!
    \fn void KoderAgentController::removeMcpServer(KoderMcpServer *server)

    Removes \a server from the MCP servers and emits mcpServersChanged(); nothing happens
    when it is not in the list. Its tools are no longer offered, and a later call to one is
    answered as a call to an unknown tool. The server itself keeps running: a call of it
    already running still brings its result.
*/

/*!
    \fn void KoderAgentController::clearMcpServers()

    Removes every MCP server, as removeMcpServer() does, and emits mcpServersChanged().
*/

/*!
    \fn void KoderAgentController::mcpServersChanged()

    The list of MCP servers changed: a server was added, removed or destroyed (the QML
    type's \c mcpServers property notifies with it). A change of a server's tools or status
    is told by the server itself (KoderMcpServer::toolsChanged(),
    KoderMcpServer::statusChanged()).

    \sa mcpServerList()
*/

void KoderAgentController::addMcpServer(KoderMcpServer* server)
{
    if (!server || m_mcpServers.contains(server))
        return;
    m_mcpServers.append(server);
    watchMcpServer(server);
    syncTools();
    Q_EMIT mcpServersChanged();
}

void KoderAgentController::removeMcpServer(KoderMcpServer* server)
{
    if (!m_mcpServers.removeAll(server))
        return;
    dismissMcpQuestions(server);
    disconnect(server, nullptr, this, nullptr);
    syncTools();
    Q_EMIT mcpServersChanged();
}

void KoderAgentController::clearMcpServers()
{
    for (KoderMcpServer* server : std::as_const(m_mcpServers)) {
        dismissMcpQuestions(server);
        disconnect(server, nullptr, this, nullptr);
    }
    m_mcpServers.clear();
    syncTools();
    Q_EMIT mcpServersChanged();
}

// A server leaving the controller takes its questions with it: they stop waiting here and the
// server hears them dismissed.
void KoderAgentController::dismissMcpQuestions(KoderMcpServer* server)
{
    for (const QString& key : m_executor.mcpQuestionsOf(server)) {
        m_executor.forgetMcpQuestion(key);
        dispatch(WithdrawInput{toStd(key)});
        server->answerElicitation(key, QStringLiteral("cancel"));
    }
}

void KoderAgentController::watchMcpServer(KoderMcpServer* server)
{
    for (auto signal : {&KoderMcpServer::toolsChanged, &KoderMcpServer::statusChanged,
                        &KoderMcpServer::toolPolicyChanged, &KoderMcpServer::nameChanged,
                        &KoderMcpServer::enabledChanged})
        connect(server, signal, this, &KoderAgentController::syncTools);
    connect(server, &KoderMcpServer::elicitationRequested, this,
            [this, server](const QString& key, const QString& message, const std::string& schema) {
                askFromMcp(server, key, message, schema);
            });
    connect(server, &KoderMcpServer::elicitationWithdrawn, this, [this](const QString& key) {
        m_executor.forgetMcpQuestion(key);
        dispatch(WithdrawInput{toStd(key)});
    });
    connect(server, &QObject::destroyed, this, [this, server] {
        m_mcpServers.removeAll(server);
        syncTools();
        Q_EMIT mcpServersChanged();
    });
}

// The tools of every ready, enabled server after the app's own. A server whose name is taken
// (by an earlier server, once sanitized) is failed; a tool whose name is taken is skipped.
void KoderAgentController::mcpToolInfos(std::vector<ToolInfo>& infos)
{
    QHash<QString, ControllerExecutor::McpRoute> routes;
    QList<KoderTransport::ToolSpec> specs;
    QSet<QString> taken;
    for (const ToolInfo& info : infos)
        taken.insert(toQString(info.name));
    QSet<QString> serverNames;
    for (KoderMcpServer* server : std::as_const(m_mcpServers)) {
        const QString prefix = prefixOf(*server);
        if (server->name().isEmpty())
            continue;
        if (serverNames.contains(prefix)) {
            if (server->status() != QLatin1String("failed"))
                QMetaObject::invokeMethod(
                    server,
                    [server] {
                        server->markFailed(
                            KoderMcpServer::tr(
                                "Another MCP server of this controller has the name \"%1\".")
                                .arg(server->name()));
                    },
                    Qt::QueuedConnection);
            continue;
        }
        serverNames.insert(prefix);
        if (!server->enabled() || !server->isReady())
            continue;
        const std::optional<ToolPolicy> policy = serverPolicy(*server);
        for (const KoderMcpServer::ToolDefinition& tool : server->toolDefinitions()) {
            const QString name = QString::fromStdString(
                mcp::qualifiedToolName(toStd(server->name()), toStd(tool.name)));
            if (taken.contains(name)) {
                qCWarning(lcMcp).noquote()
                    << server->name() << "tool" << tool.name << "is named like another tool ("
                    << name << "); not offered";
                continue;
            }
            taken.insert(name);
            routes.insert(name, {server, tool.name});
            specs.append({name, tool.description, tool.inputSchema, tool.readOnly});
            ToolInfo info{
                toStd(name), tool.readOnly,
                QJsonDocument(tool.inputSchema).toJson(QJsonDocument::Compact).toStdString(),
                false};
            info.policy = policy;
            infos.push_back(std::move(info));
        }
    }
    m_executor.setMcpTools(std::move(routes), std::move(specs));
}

void KoderAgentController::askFromMcp(KoderMcpServer* server, const QString& key,
                                      const QString& message, const std::string& schema)
{
    PendingInput input;
    input.id = toStd(key);
    input.message = toStd(message);
    input.schema = schema;
    input.source = "mcp";
    const QString callId = m_executor.soleMcpCallOn(server);
    if (!callId.isEmpty()) {
        input.callId = toStd(callId);
        for (const ToolCall& call :
             state().turn ? state().turn->stepCalls : std::vector<ToolCall>{})
            if (call.id == input.callId)
                input.toolName = call.name;
    }
    // Registered first: a refusal answers the server at once (cancel) through settleInput().
    m_executor.addMcpQuestion(key, server);
    dispatch(RequestInput{std::move(input)});
}

// A waiting call to a tool of a server that is still connecting (a conversation reloaded before
// its servers are up) is approved once the server is ready or has failed, or after its
// callTimeout; the core then finds the tool, or answers the call as one to an unknown tool.
bool KoderAgentController::deferApproval(const QString& callId, const QVariant& options)
{
    // Once waited for, an approval goes to the core as it is: it runs, or the core answers a
    // call to a tool it does not know.
    if (m_approvalsWaited.remove(callId))
        return false;
    const std::string id = toStd(callId);
    const auto& pending = state().pendingToolCalls;
    const auto call =
        std::find_if(pending.begin(), pending.end(), [&](const ToolCall& c) { return c.id == id; });
    if (call == pending.end() || findTool(state(), call->name))
        return false;
    const QString name = toQString(call->name);
    KoderMcpServer* server = nullptr;
    for (KoderMcpServer* s : std::as_const(m_mcpServers))
        if (s->status() == QLatin1String("connecting") && name.startsWith(prefixOf(*s)))
            server = s;
    if (!server)
        return false;
    auto* wait = new QObject(this);
    auto approve = [this, wait, callId, options] {
        if (wait->property("done").toBool())
            return;
        wait->setProperty("done", true);
        wait->deleteLater();
        // Queued: the controller's own syncTools() runs on the same signal first.
        QMetaObject::invokeMethod(
            this,
            [this, callId, options] {
                // Decided meanwhile (denied, approved again, another conversation shown): the
                // user's later choice stands, and nothing is refused in their name.
                const auto& waiting = state().pendingToolCalls;
                if (std::none_of(waiting.begin(), waiting.end(),
                                 [&](const ToolCall& c) { return c.id == toStd(callId); }))
                    return;
                m_approvalsWaited.insert(callId);
                approveToolCall(callId, options);
                m_approvalsWaited.remove(callId);
            },
            Qt::QueuedConnection);
    };
    auto settled = [server, approve] {
        if (server->isReady() || server->status() == QLatin1String("failed") ||
            server->status() == QLatin1String("disconnected"))
            approve();
    };
    connect(server, &KoderMcpServer::statusChanged, wait, settled);
    connect(server, &KoderMcpServer::toolsChanged, wait, settled);
    connect(server, &QObject::destroyed, wait, approve);
    if (server->callTimeout() > 0)
        QTimer::singleShot(server->callTimeout(), wait, approve);
    return true;
}
