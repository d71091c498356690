// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/environment.h"
#include "koder/agent/hooks.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"
#include "koderconversationstore.h"
#include "koderannouncement.h"
#include "koderenums.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtCore/QVariant>

#include <deque>
#include <optional>
#include <string>
#include <string_view>

class ToolRunner;

/*!
    \qmltype KoderAgentController
    \inqmlmodule Koder.Agent
    \brief The state of one chat or agent surface: messages, streaming, tools, lifecycle.

    \qml
    KoderAgentController {
        id: agent
        transport: KoderLocalAgent { reply: "Hello from the local agent." }
        KoderTool { name: "get_time"; readOnly: true; handler: () => new Date().toString() }
        onStreamEnd: (messageId) => console.log("reply finished", messageId)
    }
    // agent.send("Hi"); agent.abort(); agent.regenerate(id); agent.edit(id, "text") ...
    \endqml

    A thin shell over the toolkit-free core: every method dispatches one input to the core's
    reducer; the controller performs the effects it returns (transport, tools), replays its change
    sets on \l messages and emits its lifecycle events as signals. It holds no state logic.
*/
class KoderAgentController : public QObject {
    Q_OBJECT
    /*! Every message of the conversation, hidden ones included (see the \c visible role). */
    Q_PROPERTY(KoderMessageModel* messages READ messages CONSTANT FINAL)
    /*! idle, streaming, reviewingToolCall, runningTool, error, interrupted or handoff. */
    Q_PROPERTY(QString status READ status NOTIFY statusChanged FINAL)
    /*! True while a reply streams (also again while a tool loop resumes). */
    Q_PROPERTY(bool streaming READ streaming NOTIFY streamingChanged FINAL)
    /*! True while a turn is open: streaming, reviewing a tool call or running a tool. */
    Q_PROPERTY(bool abortable READ abortable NOTIFY abortableChanged FINAL)
    /*! Tool calls awaiting the user's decision: maps of id, name, arguments, readOnly. */
    Q_PROPERTY(
        QVariantList pendingToolCalls READ pendingToolCalls NOTIFY pendingToolCallsChanged FINAL)
    /*! The most recent error (code, message, retryable, retryAfterMs), or null. */
    Q_PROPERTY(QVariant lastError READ lastError NOTIFY lastErrorChanged FINAL)
    /*! always, never or onlyRead: which tool calls run without asking. Default never. */
    Q_PROPERTY(
        QString autoAccept READ autoAccept WRITE setAutoAccept NOTIFY autoAcceptChanged FINAL)
    /*! Sent as the first system message of every turn when not empty. */
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY
                   systemPromptChanged FINAL)
    /*! The conversation shown; setting it switches conversations. */
    Q_PROPERTY(QString conversationId READ conversationId WRITE setConversationId NOTIFY
                   conversationIdChanged FINAL)
    /*! The agent that answers. */
    Q_PROPERTY(
        KoderTransport* transport READ transport WRITE setTransport NOTIFY transportChanged FINAL)
    /*! Where conversations are kept; null (the default) keeps them in memory only. */
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    /*! Milliseconds between saves of a reply while it streams (with a store). Default 1000. */
    Q_PROPERTY(int flushIntervalMs READ flushIntervalMs WRITE setFlushIntervalMs NOTIFY
                   flushIntervalMsChanged FINAL)
    /*! Model calls per turn before the turn stops with an error. Default 10. */
    Q_PROPERTY(int maxSteps READ maxSteps WRITE setMaxSteps NOTIFY maxStepsChanged FINAL)
    /*! Retries of retryable errors. Default 0: retried only when the app asks. */
    Q_PROPERTY(int maxRetries READ maxRetries WRITE setMaxRetries NOTIFY maxRetriesChanged FINAL)
    /*! Milliseconds between model updates of a streaming row. Default 16; 0 = every token. */
    Q_PROPERTY(int updateInterval READ updateInterval WRITE setUpdateInterval NOTIFY
                   updateIntervalChanged FINAL)

public:
    explicit KoderAgentController(QObject* parent = nullptr);
    ~KoderAgentController() override;

    KoderMessageModel* messages() const { return m_model; }
    QString status() const;
    bool streaming() const;
    bool abortable() const;
    QVariantList pendingToolCalls() const;
    QVariant lastError() const;
    QString autoAccept() const;
    void setAutoAccept(const QString& mode);
    QString systemPrompt() const;
    void setSystemPrompt(const QString& prompt);
    QString conversationId() const;
    void setConversationId(const QString& id);
    KoderTransport* transport() const { return m_transport; }
    void setTransport(KoderTransport* transport);
    KoderConversationStore* store() const { return m_store; }
    void setStore(KoderConversationStore* store);
    int flushIntervalMs() const { return m_flush.interval(); }
    void setFlushIntervalMs(int ms);
    /// The tools the model may call, in the order added. (In QML, `tools` is the controller's
    /// default property, added by the QML module.)
    const QList<KoderTool*>& toolList() const { return m_tools; }
    /// Adds a tool (not owned; removed again when it is destroyed). Null or a duplicate: no-op.
    void addTool(KoderTool* tool);
    void removeTool(KoderTool* tool);
    void clearTools();
    int maxSteps() const { return m_state.maxSteps; }
    void setMaxSteps(int steps);
    int maxRetries() const { return m_state.maxRetries; }
    void setMaxRetries(int retries);
    int updateInterval() const;
    void setUpdateInterval(int ms);

    Q_INVOKABLE bool send(const QString& text, const QVariant& attachments = {});
    Q_INVOKABLE bool regenerate(const QString& messageId);
    Q_INVOKABLE bool edit(const QString& messageId, const QString& newText);
    /*! Forks at \a messageId; returns the new conversation's id, or "" when rejected. */
    Q_INVOKABLE QString branch(const QString& messageId);
    Q_INVOKABLE void abort();
    Q_INVOKABLE void clear();
    Q_INVOKABLE bool deleteConversation();
    Q_INVOKABLE void approveToolCall(const QString& callId);
    Q_INVOKABLE void denyToolCall(const QString& callId, const QString& reason = {});
    Q_INVOKABLE bool addUserMessage(const QString& text);
    Q_INVOKABLE bool addChatMessages(const QVariant& list);
    Q_INVOKABLE bool setChatMessages(const QVariant& list);
    Q_INVOKABLE void reset();
    Q_INVOKABLE bool addCheckpoint(const QVariant& payload);
    Q_INVOKABLE bool restoreCheckpoint(const QString& messageId);
    /*! The core's compact event log (the projection's), oldest first: a list of
        \c{{seq, kind, subject, repeat}}; a step's tokens are one entry. For debug panels. */
    Q_INVOKABLE QVariantList eventLog() const;

    /// C++ hooks, composed by the core's rules (see koder/agent/hooks.h).
    void addHooks(koder::agent::HookSet hooks);
    /// The core state, read-only (for tests, debugging and the projection).
    const koder::agent::State& state() const { return m_state; }
    /// Replaces how ids and time are made (tests use Environment::deterministic()).
    void setEnvironment(koder::agent::Environment env);

    /// `listener` voices the announcements of `messageId` from now on. Announcements made
    /// before its view item existed (a delegate is created a frame after its row) are handed
    /// over at once, so a short reply is never lost to a screen reader.
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

    // Agent-loop hooks, as signals (the void ones; onError is maxRetries or a C++ hook).
    void turnStarting(const QVariantMap& request);
    void stepFinished(const QVariantMap& step);
    void toolExecutionStarted(const QVariantMap& call);
    void toolExecutionFinished(const QVariantMap& call, const QVariantMap& result);
    void turnFinished(const QString& outcome, const QString& messageId);

    /// Accessibility announcements (see koder::agent::Announcement), for KoderLiveRegion.
    /// For a phrase of the reply (kind ReplyText) `text` is the phrase and `position` where it
    /// starts in the message's text (in QString units); otherwise `text` is empty.
    void announcement(Koder::AnnouncementKind kind, Koder::Politeness politeness,
                      const QString& messageId, const QString& text, int position);

    void statusChanged();
    void streamingChanged();
    void abortableChanged();
    void pendingToolCallsChanged();
    void lastErrorChanged();
    void autoAcceptChanged();
    void systemPromptChanged();
    void conversationIdChanged();
    void transportChanged();
    void storeChanged();
    void flushIntervalMsChanged();
    void toolsChanged();
    void maxStepsChanged();
    void maxRetriesChanged();
    void updateIntervalChanged();

private:
    bool dispatch(koder::agent::Input&& input);
    void drainQueue();
    void perform(koder::agent::Effect& effect);
    void startRequest(koder::agent::StartTurn request);
    void flushStreamingReply();
    koder::agent::SwitchConversation storedConversation(const QString& id);
    void runTool(const koder::agent::ToolCall& call);
    void emitEvents(std::vector<koder::agent::Event>& events);
    void emitAnnouncements(const std::vector<koder::agent::Announcement>& announcements);
    int utf16Position(const std::string& messageId, std::string_view text, std::size_t offset);
    void fromTransport(koder::agent::Input&& input);
    void toolFinished(const std::string& callId, std::string result, bool isError);
    void reportHookFailures(const std::vector<koder::agent::HookFailure>& failures);
    void syncTools();
    KoderTool* findTool(const std::string& name) const;
    QList<KoderTransport::ToolSpec> toolSpecs() const;
    bool loadMessages(const QVariant& list, bool replace, const char* action);
    QString reasonText(const koder::agent::Rejection& rejection) const;
    bool refuse(const char* action, koder::agent::RejectReason reason, const QString& detail);

    // Properties derived from the state, compared around each dispatch to emit NOTIFY signals.
    struct Observed {
        koder::agent::Status status;
        bool open;
        std::size_t pendingCount;
        std::string firstPending;
        bool hasError;
        std::string errorCode;
        std::string conversationId;
    };
    Observed observe() const;
    void notifyChanges(const Observed& before);

    koder::agent::State m_state;
    koder::agent::Environment m_env;
    koder::agent::Outcome m_out;
    koder::agent::Hooks m_hooks;
    KoderMessageModel* m_model;
    QPointer<KoderTransport> m_transport;
    QPointer<KoderConversationStore> m_store;
    QTimer m_flush; ///< saves the streaming reply while it grows (crash safety)
    QList<KoderTool*> m_tools;
    ToolRunner* m_runner;
    std::unordered_map<std::string, koder::agent::ToolCall> m_runningCalls;
    bool m_dispatching = false;
    std::string m_lastResult; ///< Outcome::result of the last dispatch (a branch's new id)
    std::deque<koder::agent::Input> m_queue;
    // A retry waiting for its backoff.
    QTimer m_retryTimer;
    std::optional<koder::agent::StartTurn> m_delayedRequest;
    // Live regions by message id, and what was said while a message had none (bounded).
    QHash<QString, KoderAnnouncementListener*> m_listeners;
    QList<KoderAnnouncement> m_unheard;
    // Where the last phrase of a streamed reply started, as a UTF-8 offset and as a position in
    // UTF-16 units: the next phrase's position counts only the bytes in between, so announcing
    // a reply costs its length once, not once per phrase.
    struct AnnouncedAt {
        std::string messageId;
        std::size_t offset = 0;
        int position = 0;
    };
    AnnouncedAt m_announcedAt;
    // Conversations kept for the life of the controller when there is no store.
    QHash<QString, std::vector<koder::agent::Message>> m_memory;
};
