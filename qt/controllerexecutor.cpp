// SPDX-License-Identifier: MIT
#include "controllerexecutor.h"

#include "qtconvert.h"
#include "toolrunner.h"

#include <QtCore/QJsonObject>

#include <limits>

using namespace koder::agent;
using namespace koder::agent::qt;

ControllerExecutor::ControllerExecutor(QObject* parent)
    : QObject(parent)
    , m_runner(new ToolRunner(
          [this](const std::string& callId, std::string result, bool isError) {
              if (m_runtime)
                  m_runtime->toolFinished(callId, std::move(result), isError);
          },
          this))
{
    for (QTimer* t : {&m_retryTimer, &m_flushTimer})
        t->setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        if (m_runtime)
            m_runtime->timerFired(Timer::Retry);
    });
    connect(&m_flushTimer, &QTimer::timeout, this, [this] {
        if (m_runtime)
            m_runtime->timerFired(Timer::Flush);
    });
}

ControllerExecutor::~ControllerExecutor()
{
    if (m_transport)
        m_transport->setSink({});
}

void ControllerExecutor::setTransport(KoderTransport* transport)
{
    if (m_transport)
        m_transport->setSink({});
    m_transport = transport;
    if (m_transport)
        m_transport->setSink([this](Input&& input) {
            if (m_runtime)
                m_runtime->dispatch(std::move(input));
        });
}

void ControllerExecutor::startRequest(const StartTurn& request)
{
    if (!m_transport) {
        // Answered later, like a transport would: never from inside the dispatch that asked.
        const RequestId id = request.requestId;
        QMetaObject::invokeMethod(
            this,
            [this, id] {
                if (m_runtime)
                    m_runtime->dispatch(
                        StreamFailed{id, {"no_transport", "No transport is set.", false, -1}, {}});
            },
            Qt::QueuedConnection);
        return;
    }
    if (request.kind == RequestKind::Summary && !m_transport->summarises()) {
        const RequestId id = request.requestId;
        QMetaObject::invokeMethod(
            this,
            [this, id] {
                if (m_runtime)
                    m_runtime->dispatch(StreamFailed{
                        id,
                        {"unsupported",
                         "This agent keeps its own context: its transport cannot summarise the "
                         "conversation.",
                         false, -1},
                        {}});
            },
            Qt::QueuedConnection);
        return;
    }
    m_transport->start(request, toolSpecs());
}

void ControllerExecutor::cancelRequest(RequestId id)
{
    if (m_transport)
        m_transport->cancel(id);
}

void ControllerExecutor::runTool(const ToolCall& call)
{
    const McpRoute* route = findMcpTool(toQString(call.name));
    if (!route || !route->server) {
        m_runner->run(findTool(toQString(call.name)), call);
        return;
    }
    const QString callId = toQString(call.id);
    const std::string id = call.id;
    KoderMcpServer* server = route->server;
    const QPointer<ControllerExecutor> self(this);
    const qint64 handle = server->callTool(
        route->tool, call.arguments,
        [self, id](double progress, double total, const QString& message) {
            if (!self || !self->m_runtime)
                return;
            ToolProgress report{id, progress, std::nullopt, toStd(message)};
            if (total >= 0)
                report.total = total;
            self->m_runtime->dispatch(std::move(report));
        },
        [self, id, callId](std::string text, std::string metadata, bool isError) {
            if (!self)
                return;
            self->m_mcpCalls.remove(callId);
            if (self->m_runtime)
                self->m_runtime->toolFinished(id, std::move(text), isError, std::move(metadata));
        });
    m_mcpCalls.insert(callId, {server, handle});
}

void ControllerExecutor::cancelTool(const std::string& callId)
{
    const McpCall call = m_mcpCalls.take(toQString(callId));
    if (call.server) {
        call.server->cancelCall(call.handle); // the server hears notifications/cancelled
        return;
    }
    m_runner->cancel(callId);
}

void ControllerExecutor::settleInput(const PendingInput& input, InputDecision decision,
                                     const std::string& valueJson)
{
    const QPointer<KoderMcpServer> server = m_mcpQuestions.take(toQString(input.id));
    if (!server) {
        // Not an MCP server's: the transport's own server asked it (an AG-UI interrupt).
        if (input.source != "mcp" && m_transport)
            m_transport->settleInput(input, decision, valueJson);
        return;
    }
    switch (decision) {
    case InputDecision::Answered:
        server->answerElicitation(toQString(input.id), QStringLiteral("accept"), valueJson);
        break;
    case InputDecision::Declined:
        server->answerElicitation(toQString(input.id), QStringLiteral("decline"));
        break;
    case InputDecision::Cancelled:
        server->answerElicitation(toQString(input.id), QStringLiteral("cancel"));
        break;
    }
}

void ControllerExecutor::settleApproval(const SettleApproval& decision)
{
    if (m_transport)
        m_transport->settleApproval(decision);
}

void ControllerExecutor::setMcpTools(QHash<QString, McpRoute> routes,
                                     QList<KoderTransport::ToolSpec> specs)
{
    m_mcpRoutes = std::move(routes);
    m_mcpSpecs = std::move(specs);
}

const ControllerExecutor::McpRoute* ControllerExecutor::findMcpTool(const QString& name) const
{
    const auto it = m_mcpRoutes.constFind(name);
    return it == m_mcpRoutes.cend() ? nullptr : &*it;
}

QString ControllerExecutor::soleMcpCallOn(const KoderMcpServer* server) const
{
    QString found;
    for (auto it = m_mcpCalls.cbegin(); it != m_mcpCalls.cend(); ++it)
        if (it->server == server) {
            if (!found.isEmpty())
                return {};
            found = it.key();
        }
    return found;
}

QStringList ControllerExecutor::mcpQuestionsOf(const KoderMcpServer* server) const
{
    QStringList keys;
    for (auto it = m_mcpQuestions.cbegin(); it != m_mcpQuestions.cend(); ++it)
        if (it.value() == server)
            keys.append(it.key());
    return keys;
}

void ControllerExecutor::addMcpQuestion(const QString& key, KoderMcpServer* server)
{
    m_mcpQuestions.insert(key, server);
}

void ControllerExecutor::saveConversation(const Persist& write,
                                          const std::vector<Message>& messages,
                                          const Versions& versions, const ApprovalState& approvals,
                                          const std::vector<QueuedMessage>& queued,
                                          std::size_t streamingRow)
{
    if (m_store)
        m_store->save(write, messages, versions, {approvals, queued}, streamingRow);
}

void ControllerExecutor::loadConversation(const std::string& id)
{
    if (!m_runtime)
        return;
    const QString qid = toQString(id);
    SwitchConversation to{id, {}, {}, {}, {}, {}}; // without a store: an empty conversation
    // One that exists but cannot be read (a damaged row or version tree) is shown read-only,
    // so no save can overwrite it.
    if (m_store) {
        if (auto loaded = m_store->loadConversation(qid)) {
            to.messages = std::move(loaded->messages);
            to.versions = std::move(loaded->versions);
            to.approvals = std::move(loaded->approvals);
            to.queued = std::move(loaded->queued);
        } else if (m_store->contains(qid))
            to.loadError = toStd(m_store->error());
    }
    m_runtime->dispatch(std::move(to));
}

void ControllerExecutor::removeConversation(const std::string& id)
{
    if (m_store)
        m_store->remove(toQString(id));
}

bool ControllerExecutor::holdsConversation(const std::string& id) const
{
    return m_store && m_store->contains(toQString(id));
}

void ControllerExecutor::markUnread(const std::string& id, bool unread)
{
    if (m_store)
        m_store->setUnread(toQString(id), unread);
}

void ControllerExecutor::startTimer(Timer which, std::int64_t delayMs)
{
    constexpr std::int64_t maxMs = std::numeric_limits<int>::max();
    timer(which).start(static_cast<int>(std::clamp<std::int64_t>(delayMs, 0, maxMs)));
}

void ControllerExecutor::stopTimer(Timer which)
{
    timer(which).stop();
}

KoderTool* ControllerExecutor::findTool(const QString& name) const
{
    if (m_tools)
        for (KoderTool* tool : *m_tools)
            if (tool->name() == name)
                return tool;
    return nullptr;
}

QList<KoderTransport::ToolSpec> ControllerExecutor::toolSpecs() const
{
    QList<KoderTransport::ToolSpec> specs;
    if (m_tools)
        for (const KoderTool* tool : *m_tools)
            if (!tool->name().isEmpty())
                specs.append({tool->name(), tool->description(),
                              QJsonObject::fromVariantMap(tool->parameters()), tool->readOnly()});
    specs += m_mcpSpecs;
    return specs;
}
