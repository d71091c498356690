// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/runtime.h"
#include "koderconversationstore.h"
#include "kodertool.h"
#include "kodertransport.h"

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

    void startRequest(const koder::agent::StartTurn& request) override;
    void cancelRequest(koder::agent::RequestId id) override;
    void runTool(const koder::agent::ToolCall& call) override;
    void cancelTool(const std::string& callId) override;
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
    QTimer m_retryTimer{this}; // children: they move to another thread with the executor
    QTimer m_flushTimer{this};
};
