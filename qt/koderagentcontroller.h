// SPDX-License-Identifier: MIT
#pragma once

#include "controllerexecutor.h"
#include "koder/agent/runtime.h"
#include "koderannouncement.h"
#include "koderconversationstore.h"
#include "koderenums.h"
#include "kodermcpserver.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QSet>
#include <QtCore/QVariant>

#include <memory>

// The state of one chat or agent surface: a property layer over the core's runtime
// (koder::agent::Runtime). Each method dispatches one input; the properties are read from the
// runtime's state and notified from what each dispatch changed; the lifecycle events become
// signals and the change sets rows of the message model (controllerprojection.cpp). The
// runtime's I/O (transport, tools, store, timers) is done by a ControllerExecutor. Usable from
// C++ with no QML engine. Documented in koderagentcontroller.qdoc, the members for C++ alone
// beside their code.
class KoderAgentController : public QObject {
    Q_OBJECT
    Q_PROPERTY(KoderMessageModel* messages READ messages CONSTANT FINAL)
    Q_PROPERTY(QString status READ status NOTIFY statusChanged FINAL)
    Q_PROPERTY(Koder::Status statusValue READ statusValue NOTIFY statusChanged FINAL)
    Q_PROPERTY(bool streaming READ streaming NOTIFY streamingChanged FINAL)
    Q_PROPERTY(bool abortable READ abortable NOTIFY abortableChanged FINAL)
    Q_PROPERTY(
        QVariantList pendingToolCalls READ pendingToolCalls NOTIFY pendingToolCallsChanged FINAL)
    Q_PROPERTY(QVariantList pendingInputs READ pendingInputs NOTIFY pendingInputsChanged FINAL)
    Q_PROPERTY(QVariant lastError READ lastError NOTIFY lastErrorChanged FINAL)
    Q_PROPERTY(
        QString autoAccept READ autoAccept WRITE setAutoAccept NOTIFY autoAcceptChanged FINAL)
    Q_PROPERTY(QVariantMap toolPolicies READ toolPolicies WRITE setToolPolicies NOTIFY
                   toolPoliciesChanged FINAL)
    Q_PROPERTY(
        QString busyPolicy READ busyPolicy WRITE setBusyPolicy NOTIFY busyPolicyChanged FINAL)
    Q_PROPERTY(QVariantList queuedMessages READ queuedMessages NOTIFY queuedMessagesChanged FINAL)
    Q_PROPERTY(Koder::AutoAccept autoAcceptValue READ autoAcceptValue WRITE setAutoAcceptValue
                   NOTIFY autoAcceptChanged FINAL)
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY
                   systemPromptChanged FINAL)
    Q_PROPERTY(QString conversationId READ conversationId WRITE setConversationId NOTIFY
                   conversationIdChanged FINAL)
    Q_PROPERTY(
        KoderTransport* transport READ transport WRITE setTransport NOTIFY transportChanged FINAL)
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    Q_PROPERTY(int flushIntervalMs READ flushIntervalMs WRITE setFlushIntervalMs NOTIFY
                   flushIntervalMsChanged FINAL)
    Q_PROPERTY(int maxSteps READ maxSteps WRITE setMaxSteps NOTIFY maxStepsChanged FINAL)
    Q_PROPERTY(int maxRetries READ maxRetries WRITE setMaxRetries NOTIFY maxRetriesChanged FINAL)
    Q_PROPERTY(int maxBackgroundTurns READ maxBackgroundTurns WRITE setMaxBackgroundTurns NOTIFY
                   maxBackgroundTurnsChanged FINAL)
    Q_PROPERTY(int updateInterval READ updateInterval WRITE setUpdateInterval NOTIFY
                   updateIntervalChanged FINAL)
    // The context budget (controllercontext.cpp).
    Q_PROPERTY(int contextWindow READ contextWindow WRITE setContextWindow NOTIFY
                   contextWindowChanged FINAL)
    Q_PROPERTY(int contextUsed READ contextUsed NOTIFY contextChanged FINAL)
    Q_PROPERTY(double contextRatio READ contextRatio NOTIFY contextChanged FINAL)
    Q_PROPERTY(
        double autoCompact READ autoCompact WRITE setAutoCompact NOTIFY autoCompactChanged FINAL)
    Q_PROPERTY(bool compacting READ compacting NOTIFY compactingChanged FINAL)
    Q_PROPERTY(bool canCompact READ canCompact NOTIFY canCompactChanged FINAL)
    Q_PROPERTY(QVariantMap pricing READ pricing WRITE setPricing NOTIFY pricingChanged FINAL)
    Q_PROPERTY(double cost READ cost NOTIFY costChanged FINAL)

public:
    explicit KoderAgentController(QObject* parent = nullptr);
    ~KoderAgentController() override;

    KoderMessageModel* messages() const { return m_model; }
    QString status() const;
    Koder::Status statusValue() const;
    bool streaming() const;
    bool abortable() const;
    QVariantList pendingToolCalls() const;
    QVariantList pendingInputs() const;
    QVariant lastError() const;
    QString autoAccept() const;
    void setAutoAccept(const QString& mode);
    Koder::AutoAccept autoAcceptValue() const;
    void setAutoAcceptValue(Koder::AutoAccept mode);
    QVariantMap toolPolicies() const;
    void setToolPolicies(const QVariantMap& policies);
    QString busyPolicy() const;
    void setBusyPolicy(const QString& policy);
    QVariantList queuedMessages() const;
    QString systemPrompt() const;
    void setSystemPrompt(const QString& prompt);
    QString conversationId() const;
    void setConversationId(const QString& id);
    KoderTransport* transport() const { return m_executor.transport(); }
    void setTransport(KoderTransport* transport);
    KoderConversationStore* store() const { return m_executor.store(); }
    void setStore(KoderConversationStore* store);
    int flushIntervalMs() const { return static_cast<int>(m_runtime.flushInterval()); }
    void setFlushIntervalMs(int ms);
    // The tools (in QML, the default property `tools`, which the QML module adds).
    const QList<KoderTool*>& toolList() const { return m_tools; }
    void addTool(KoderTool* tool);
    void removeTool(KoderTool* tool);
    void clearTools();
    // The MCP servers whose tools join the app's (in QML, the list property `mcpServers`, which
    // the QML module adds). controllermcp.cpp.
    const QList<KoderMcpServer*>& mcpServerList() const { return m_mcpServers; }
    void addMcpServer(KoderMcpServer* server);
    void removeMcpServer(KoderMcpServer* server);
    void clearMcpServers();
    int maxSteps() const { return state().settings.maxSteps; }
    void setMaxSteps(int steps);
    int maxRetries() const { return state().settings.maxRetries; }
    void setMaxRetries(int retries);
    int updateInterval() const;
    void setUpdateInterval(int ms);
    int maxBackgroundTurns() const { return m_runtime.maxBackgroundTurns(); }
    void setMaxBackgroundTurns(int turns);
    Q_INVOKABLE QString conversationStatus(const QString& conversationId) const;

    Q_INVOKABLE bool send(const QString& text, const QVariant& attachments = {});
    Q_INVOKABLE bool sendQueued();
    Q_INVOKABLE bool cancelQueued(const QString& id);
    Q_INVOKABLE bool regenerate(const QString& messageId);
    Q_INVOKABLE bool edit(const QString& messageId, const QString& newText);
    Q_INVOKABLE bool switchVersion(const QString& messageId, int index);
    Q_INVOKABLE bool openMessage(const QString& conversationId, const QString& messageId);
    Q_INVOKABLE QString branch(const QString& messageId);
    Q_INVOKABLE void abort();
    Q_INVOKABLE void clear();
    Q_INVOKABLE bool deleteConversation();
    Q_INVOKABLE bool approveToolCall(const QString& callId, const QVariant& options = {});
    Q_INVOKABLE bool denyToolCall(const QString& callId, const QString& reason = {});
    Q_INVOKABLE bool approveAll(const QVariant& options = {});
    Q_INVOKABLE bool denyAll(const QString& reason = {});
    Q_INVOKABLE bool answerInput(const QString& id, const QVariant& value);
    Q_INVOKABLE bool declineInput(const QString& id);
    Q_INVOKABLE bool cancelInput(const QString& id);
    Q_INVOKABLE QVariantMap checkInputAnswer(const QString& id, const QVariant& value) const;
    Q_INVOKABLE QString checkToolArguments(const QString& toolName,
                                           const QVariant& arguments) const;
    Q_INVOKABLE bool addUserMessage(const QString& text);
    Q_INVOKABLE bool addChatMessages(const QVariant& list);
    Q_INVOKABLE bool setChatMessages(const QVariant& list);
    Q_INVOKABLE void reset();
    Q_INVOKABLE bool addCheckpoint(const QVariant& payload);
    Q_INVOKABLE bool restoreCheckpoint(const QString& messageId);
    Q_INVOKABLE QVariantList eventLog() const;

    // The context budget (controllercontext.cpp).
    // int, not qint64: QML in Qt 6.4 cannot assign a qlonglong property.
    int contextWindow() const;
    void setContextWindow(int tokens);
    int contextUsed() const;
    double contextRatio() const;
    double autoCompact() const;
    void setAutoCompact(double ratio);
    bool compacting() const;
    bool canCompact() const { return m_canCompact; }
    QVariantMap pricing() const { return m_pricing; }
    void setPricing(const QVariantMap& pricing);
    double cost() const;
    Q_INVOKABLE bool compact();
    Q_INVOKABLE bool undoCompaction(const QString& summaryMessageId);
    Q_INVOKABLE bool continueReply(const QString& messageId);

    // For C++ alone: the agent loop's hooks, the core's state, how ids and time are made, and
    // the voices of a message's announcements (KoderLiveRegion).
    void addHooks(koder::agent::HookSet hooks);
    const koder::agent::State& state() const { return m_runtime.state(); }
    void setEnvironment(koder::agent::Environment env);
    void attachListener(const QString& messageId, KoderAnnouncementListener* listener);
    void detachListener(const QString& messageId, KoderAnnouncementListener* listener);

Q_SIGNALS:
    // Lifecycle (R4).
    void userMessage(const QString& messageId);
    void streamStart(const QString& messageId);
    void streamToken(const QString& messageId, const QString& token);
    void toolCall(const QVariant& call);
    void streamEnd(const QString& messageId);
    void error(const QVariant& error);
    void aborted(const QString& messageId);
    void checkpointRestored(const QVariant& payload);
    void rejected(const QString& action, const QString& reason);
    void conversationStatusChanged(const QString& conversationId, const QString& status);
    // openMessage() showed `messageId`: a view scrolls to it.
    void messageOpened(const QString& messageId);
    // A compaction ended: its summary row, or an empty id and the error (null on success).
    void compactionFinished(const QString& summaryMessageId, const QVariant& error);

    // Agent-loop hooks, as signals (the void ones; onError is maxRetries or a C++ hook).
    void turnStarting(const QVariantMap& request);
    void stepFinished(const QVariantMap& step);
    void toolExecutionStarted(const QVariantMap& call);
    void toolExecutionFinished(const QVariantMap& call, const QVariantMap& result);
    void turnFinished(const QString& outcome, const QString& messageId);

    // Accessibility announcements (koder::agent::SpokenAnnouncement), for KoderLiveRegion.
    void announcement(Koder::AnnouncementKind kind, Koder::Politeness politeness,
                      const QString& messageId, const QString& text, int position);

    void statusChanged();
    void streamingChanged();
    void abortableChanged();
    void pendingToolCallsChanged();
    void pendingInputsChanged();
    void lastErrorChanged();
    void autoAcceptChanged();
    void toolPoliciesChanged();
    void busyPolicyChanged();
    void queuedMessagesChanged();
    void systemPromptChanged();
    void conversationIdChanged();
    void transportChanged();
    void storeChanged();
    void flushIntervalMsChanged();
    void toolsChanged();
    void mcpServersChanged();
    void maxStepsChanged();
    void maxRetriesChanged();
    void updateIntervalChanged();
    void maxBackgroundTurnsChanged();
    void contextWindowChanged();
    void contextChanged();
    void autoCompactChanged();
    void compactingChanged();
    void canCompactChanged();
    void pricingChanged();
    void costChanged();

private:
    bool dispatch(koder::agent::Input&& input) { return m_runtime.dispatch(std::move(input)); }
    /// Emits rejected() with the reason's translated sentence and `detail`; returns false.
    bool refuse(const char* action, koder::agent::RejectReason reason, const QString& detail);
    void syncTools(); // controllertools.cpp
    // controllermcp.cpp
    void watchMcpServer(KoderMcpServer* server);
    void mcpToolInfos(std::vector<koder::agent::ToolInfo>& infos);
    void askFromMcp(KoderMcpServer* server, const QString& key, const QString& message,
                    const std::string& schema);
    bool deferApproval(const QString& callId, const QVariant& options);
    void dismissMcpQuestions(KoderMcpServer* server);
    // controllercontext.cpp
    void syncContextWindow();
    std::string fallbackModel() const;
    void updatePricing();
    void updateCost();
    void rowsChanged(const std::vector<koder::agent::Change>& changes);
    void updateCanCompact();

    // The runtime's news, as models, properties and signals (through a RuntimeObserver).
    class Projection;
    friend class Projection;
    static std::unique_ptr<koder::agent::RuntimeObserver> makeProjection(KoderAgentController& c);
    void onRejected(const koder::agent::Rejection& rejection);
    void onPropertiesChanged(koder::agent::Aspect changed);
    void onAnnounced(const koder::agent::SpokenAnnouncement& announcement, bool heard);
    void onEvent(const koder::agent::Event& event);
    void onConversationRemoved(const QString& id);

    ControllerExecutor m_executor; // before m_runtime, which keeps a reference to it
    koder::agent::Runtime m_runtime;
    std::unique_ptr<koder::agent::RuntimeObserver> m_projection;
    KoderMessageModel* m_model;
    QList<KoderTool*> m_tools;
    QList<KoderMcpServer*> m_mcpServers;
    QSet<QString> m_approvalsWaited; ///< approvals that waited for their server (deferApproval)
    // Voices by message id (the runtime keeps what nobody has heard yet).
    QMultiHash<QString, KoderAnnouncementListener*> m_listeners;
    QString m_shownId;          ///< the conversation last reported shown (its status changes hands)
    int m_appContextWindow = 0; ///< contextWindow as the app set it (0: the transport's)
    int m_seenContextWindow = 0;
    QVariantMap m_pricing;
    koder::agent::Pricing m_prices;
    double m_cost = 0;
    bool m_canCompact = false;
};
