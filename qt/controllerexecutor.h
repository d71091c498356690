// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/runtime.h"
#include "koderconversationstore.h"
#include "kodermcpserver.h"
#include "kodertool.h"
#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QTimer>

class ToolRunner;

/// The runtime's I/O in Qt terms: a request goes to the transport, a tool call to the
/// ToolRunner, a conversation to the store, a timer is a QTimer. Every answer goes back to the
/// runtime as an input; this class decides nothing.
class ControllerExecutor : public QObject, public koder::agent::Executor {
    Q_OBJECT
public:
    explicit ControllerExecutor(QObject* parent = nullptr);
    ~ControllerExecutor() override;

    /// Set once, right after the runtime is made (the runtime needs an executor to exist).
    void setRuntime(koder::agent::Runtime* runtime) { m_runtime = runtime; }

    KoderTransport* transport() const { return m_transport; }
    void setTransport(KoderTransport* transport);
    KoderConversationStore* store() const { return m_store; }
    void setStore(KoderConversationStore* store) { m_store = store; }
    /// The controller's tool list, read when a tool runs and when a request goes out.
    void setTools(const QList<KoderTool*>* tools) { m_tools = tools; }
    /// The tool of that name in the controller's list, or null.
    KoderTool* findTool(const QString& name) const;

    /// Where a model-facing MCP tool name ("<server>__<tool>") is called.
    struct McpRoute {
        QPointer<KoderMcpServer> server;
        QString tool; ///< the server's own name for it
    };
    /// The MCP tools offered now: where each is called and what the model is told of it.
    void setMcpTools(QHash<QString, McpRoute> routes, QList<KoderTransport::ToolSpec> specs);
    const McpRoute* findMcpTool(const QString& name) const;
    /// The call of the controller's still running on `server`, when it runs exactly one.
    QString soleMcpCallOn(const KoderMcpServer* server) const;
    /// The server's question `key` is the pending input of that id.
    void addMcpQuestion(const QString& key, KoderMcpServer* server);
    void forgetMcpQuestion(const QString& key) { m_mcpQuestions.remove(key); }
    /// The pending inputs that are questions of `server`.
    QStringList mcpQuestionsOf(const KoderMcpServer* server) const;

    void startRequest(const koder::agent::StartTurn& request) override;
    void cancelRequest(koder::agent::RequestId id) override;
    void runTool(const koder::agent::ToolCall& call) override;
    void cancelTool(const std::string& callId) override;
    void settleInput(const koder::agent::PendingInput& input, koder::agent::InputDecision decision,
                     const std::string& valueJson) override;
    void settleApproval(const koder::agent::SettleApproval& decision) override;
    bool hasStore() const override { return !m_store.isNull(); }
    void saveConversation(const koder::agent::Persist& write,
                          const std::vector<koder::agent::Message>& messages,
                          const koder::agent::Versions& versions,
                          const koder::agent::ApprovalState& approvals,
                          const std::vector<koder::agent::QueuedMessage>& queued,
                          std::size_t streamingRow) override;
    void loadConversation(const std::string& id) override;
    void removeConversation(const std::string& id) override;
    bool holdsConversation(const std::string& id) const override;
    void markUnread(const std::string& id, bool unread) override;
    void startTimer(Timer timer, std::int64_t delayMs) override;
    void stopTimer(Timer timer) override;

private:
    QList<KoderTransport::ToolSpec> toolSpecs() const;
    QTimer& timer(Timer which) { return which == Timer::Retry ? m_retryTimer : m_flushTimer; }

    koder::agent::Runtime* m_runtime = nullptr;
    QPointer<KoderTransport> m_transport;
    QPointer<KoderConversationStore> m_store;
    const QList<KoderTool*>* m_tools = nullptr;
    ToolRunner* m_runner;
    QHash<QString, McpRoute> m_mcpRoutes;
    QList<KoderTransport::ToolSpec> m_mcpSpecs;
    struct McpCall {
        QPointer<KoderMcpServer> server;
        qint64 handle = 0;
    };
    QHash<QString, McpCall> m_mcpCalls;                      ///< by call id
    QHash<QString, QPointer<KoderMcpServer>> m_mcpQuestions; ///< by pending input id
    QTimer m_retryTimer{this}; // children: they move to another thread with the executor
    QTimer m_flushTimer{this};
};
