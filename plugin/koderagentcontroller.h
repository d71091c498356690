// SPDX-License-Identifier: MIT
#pragma once

#include "controllerexecutor.h"
#include "koder/agent/runtime.h"
#include "koderannouncement.h"
#include "koderconversationstore.h"
#include "koderenums.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "kodertransport.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QVariant>

#include <memory>
#include <optional>
#include <string>

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

    A property layer over the core's runtime (koder::agent::Runtime), which holds the state and
    runs the agent loop: each method dispatches one input; the properties are read from the
    runtime's state and notified from what each dispatch changed; the lifecycle events become
    signals and the change sets rows of \l messages. The runtime's I/O (transport, tools, store,
    timers) is done by a ControllerExecutor. Usable from C++ with no QML engine.
*/
class KoderAgentController : public QObject {
    Q_OBJECT
    /*! Every message of the conversation, hidden ones included (see the \c visible role). */
    Q_PROPERTY(KoderMessageModel* messages READ messages CONSTANT FINAL)
    /*! idle, streaming, reviewingToolCall, runningTool, error, interrupted or handoff. */
    Q_PROPERTY(QString status READ status NOTIFY statusChanged FINAL)
    /*! \l status as a typed enum (Koder.Status.Streaming, ...). */
    Q_PROPERTY(Koder::Status statusValue READ statusValue NOTIFY statusChanged FINAL)
    /*! True while a reply streams (also again while a tool loop resumes). */
    Q_PROPERTY(bool streaming READ streaming NOTIFY streamingChanged FINAL)
    /*! True while a turn is open: streaming, reviewing a tool call or running a tool. */
    Q_PROPERTY(bool abortable READ abortable NOTIFY abortableChanged FINAL)
    /*! Tool calls awaiting the user's decision: maps of id, name, arguments (JSON text),
        readOnly, and the tool's description and parameters (its JSON Schema). They survive a
        restart: a conversation stored while calls wait reloads waiting for them. */
    Q_PROPERTY(
        QVariantList pendingToolCalls READ pendingToolCalls NOTIFY pendingToolCallsChanged FINAL)
    /*! The most recent error (code, message, retryable, retryAfterMs), or null. */
    Q_PROPERTY(QVariant lastError READ lastError NOTIFY lastErrorChanged FINAL)
    /*! always, never or onlyRead: which tool calls run without asking. Default never. */
    Q_PROPERTY(
        QString autoAccept READ autoAccept WRITE setAutoAccept NOTIFY autoAcceptChanged FINAL)
    /*! Per tool name, "ask", "allow" or "deny", over \l autoAccept: "deny" answers the model
        with a denial without asking, "ask" always asks (a grant for the conversation still
        applies), "allow" never asks. Approving with scope "always" sets "allow". The app
        persists it if it wants. Default empty. */
    Q_PROPERTY(QVariantMap toolPolicies READ toolPolicies WRITE setToolPolicies NOTIFY
                   toolPoliciesChanged FINAL)
    /*! What send() does while a turn is open: "reject" (default: refused, R7), "queue" (waits
        in \l queuedMessages and is sent when the turn ends with streamEnd), "interrupt" (the
        turn ends aborted and the message starts a new one) or "steer" (the message joins the
        running turn, which goes on with a new request). */
    Q_PROPERTY(
        QString busyPolicy READ busyPolicy WRITE setBusyPolicy NOTIFY busyPolicyChanged FINAL)
    /*! Messages sent while a turn was open under busyPolicy "queue", in order: maps of id, text,
        attachments. Not history until sent; stored with the conversation. */
    Q_PROPERTY(QVariantList queuedMessages READ queuedMessages NOTIFY queuedMessagesChanged FINAL)
    /*! \l autoAccept as a typed enum (Koder.AutoAccept.OnlyRead, ...). */
    Q_PROPERTY(Koder::AutoAccept autoAcceptValue READ autoAcceptValue WRITE setAutoAcceptValue
                   NOTIFY autoAcceptChanged FINAL)
    /*! Sent as the first system message of every turn when not empty. */
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY
                   systemPromptChanged FINAL)
    /*! The conversation shown; setting it switches conversations. A turn open in the one left
        runs on in the background (see \l maxBackgroundTurns) and is shown live when its
        conversation is shown again. */
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
    /*! How many turns may run on in conversations that are not shown. Default 4. While that many
        run, a send that opens a turn is refused (\c rejected says why); 0 stops a turn when
        its conversation is left. */
    Q_PROPERTY(int maxBackgroundTurns READ maxBackgroundTurns WRITE setMaxBackgroundTurns NOTIFY
                   maxBackgroundTurnsChanged FINAL)
    /*! Milliseconds between model updates of a streaming row. Default 16; 0 = every token. */
    Q_PROPERTY(int updateInterval READ updateInterval WRITE setUpdateInterval NOTIFY
                   updateIntervalChanged FINAL)

public:
    explicit KoderAgentController(QObject* parent = nullptr);
    ~KoderAgentController() override;

    KoderMessageModel* messages() const { return m_model; }
    QString status() const;
    Koder::Status statusValue() const;
    bool streaming() const;
    bool abortable() const;
    QVariantList pendingToolCalls() const;
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
    /// The tools the model may call, in the order added. (In QML, `tools` is the controller's
    /// default property, added by the QML module.)
    const QList<KoderTool*>& toolList() const { return m_tools; }
    /// Adds a tool (not owned; removed again when it is destroyed). Null or a duplicate: no-op.
    void addTool(KoderTool* tool);
    void removeTool(KoderTool* tool);
    void clearTools();
    int maxSteps() const { return state().maxSteps; }
    void setMaxSteps(int steps);
    int maxRetries() const { return state().maxRetries; }
    void setMaxRetries(int retries);
    int updateInterval() const;
    void setUpdateInterval(int ms);
    int maxBackgroundTurns() const { return m_runtime.maxBackgroundTurns(); }
    void setMaxBackgroundTurns(int turns);
    /*! The status of any conversation, as \l status names it: the shown one's, a background
        turn's (\c streaming, \c reviewingToolCall, \c runningTool), how a background turn
        ended (\c error, \c interrupted, \c handoff) until the conversation is shown, else
        \c idle. */
    Q_INVOKABLE QString conversationStatus(const QString& conversationId) const;

    Q_INVOKABLE bool send(const QString& text, const QVariant& attachments = {});
    /*! Sends the first queued message now. False (and \c rejected) while a turn is open or
        when nothing is queued. */
    Q_INVOKABLE bool sendQueued();
    /*! Drops the queued message \a id. */
    Q_INVOKABLE bool cancelQueued(const QString& id);
    /*! A new reply to the turn of \a messageId, kept beside the old one as a new version. */
    Q_INVOKABLE bool regenerate(const QString& messageId);
    /*! A new version of the user message \a messageId with \a newText, and its own reply; the
        original and everything under it stay. */
    Q_INVOKABLE bool edit(const QString& messageId, const QString& newText);
    /*! Shows version \a index (0-based) of the message \a messageId, a row of the shown path,
        continuing under it with what was shown there last. False (and \c rejected) for an
        unknown message, an index out of range, or while a turn is open. */
    Q_INVOKABLE bool switchVersion(const QString& messageId, int index);
    /*! Forks at \a messageId; returns the new conversation's id, or "" when rejected. */
    Q_INVOKABLE QString branch(const QString& messageId);
    Q_INVOKABLE void abort();
    Q_INVOKABLE void clear();
    Q_INVOKABLE bool deleteConversation();
    /*! Runs the pending call \a callId. \a options (optional): \c scope — "once" (default),
        "conversation" (the tool runs without asking for the rest of this conversation; stored
        with it) or "always" (sets \l toolPolicies for the tool to "allow"); \c arguments — an
        object (or its JSON text) replacing the model's, checked against the tool's parameters;
        the tool receives them and the history records what ran. Every tool message records
        its decision in \c{metadata.approval}. False (and \c rejected) for an id not pending,
        an unknown scope or arguments that do not fit. */
    Q_INVOKABLE bool approveToolCall(const QString& callId, const QVariant& options = {});
    Q_INVOKABLE bool denyToolCall(const QString& callId, const QString& reason = {});
    /*! Approves every pending call, with \a options' \c scope as approveToolCall(). */
    Q_INVOKABLE bool approveAll(const QVariant& options = {});
    /*! Denies every pending call; the model sees \a reason. */
    Q_INVOKABLE bool denyAll(const QString& reason = {});
    /*! Why \a arguments (an object or JSON text) do not fit the parameters of the tool
        \a toolName, or "" when they do: what an argument editor shows before approving. */
    Q_INVOKABLE QString checkToolArguments(const QString& toolName,
                                           const QVariant& arguments) const;
    Q_INVOKABLE bool addUserMessage(const QString& text);
    Q_INVOKABLE bool addChatMessages(const QVariant& list);
    Q_INVOKABLE bool setChatMessages(const QVariant& list);
    Q_INVOKABLE void reset();
    Q_INVOKABLE bool addCheckpoint(const QVariant& payload);
    Q_INVOKABLE bool restoreCheckpoint(const QString& messageId);
    /*! The runtime's compact event log, oldest first: a list of
        \c{{seq, kind, subject, repeat}}; a step's tokens are one entry. For debug panels. */
    Q_INVOKABLE QVariantList eventLog() const;

    /// C++ hooks, composed by the core's rules (see koder/agent/hooks.h).
    void addHooks(koder::agent::HookSet hooks);
    /// The runtime's state, read-only (for tests, debugging and the message model).
    const koder::agent::State& state() const { return m_runtime.state(); }
    /// Replaces how ids and time are made (tests use Environment::deterministic()).
    void setEnvironment(koder::agent::Environment env);

    /// `listener` voices the announcements of `messageId` from now on (several may). Announcements
    /// made before its view item existed (a delegate is created a frame after its row) are handed
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
    /// conversationStatus(`conversationId`) changed: the shown one's status, a background turn's,
    /// or a conversation coming into or leaving view.
    void conversationStatusChanged(const QString& conversationId, const QString& status);

    // Agent-loop hooks, as signals (the void ones; onError is maxRetries or a C++ hook).
    void turnStarting(const QVariantMap& request);
    void stepFinished(const QVariantMap& step);
    void toolExecutionStarted(const QVariantMap& call);
    void toolExecutionFinished(const QVariantMap& call, const QVariantMap& result);
    void turnFinished(const QString& outcome, const QString& messageId);

    /// Accessibility announcements (see koder::agent::SpokenAnnouncement), for KoderLiveRegion.
    /// For a phrase of the reply (kind ReplyText) `text` is the phrase and `position` where it
    /// starts in the message's text (in QString units); for an error `text` is its message, as
    /// it was when the error happened; otherwise `text` is empty.
    void announcement(Koder::AnnouncementKind kind, Koder::Politeness politeness,
                      const QString& messageId, const QString& text, int position);

    void statusChanged();
    void streamingChanged();
    void abortableChanged();
    void pendingToolCallsChanged();
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
    void maxStepsChanged();
    void maxRetriesChanged();
    void updateIntervalChanged();
    void maxBackgroundTurnsChanged();

private:
    bool dispatch(koder::agent::Input&& input) { return m_runtime.dispatch(std::move(input)); }
    void syncTools();
    bool loadMessages(const QVariant& list, bool replace, const char* action);
    bool refuse(const char* action, koder::agent::RejectReason reason, const QString& detail);
    struct ApprovalOptions {
        koder::agent::ApprovalScope scope = koder::agent::ApprovalScope::Once;
        std::optional<std::string> arguments;
    };
    /// `options` of approveToolCall/approveAll; refuses (as `action`) and returns nullopt when
    /// they are malformed.
    std::optional<ApprovalOptions> readApprovalOptions(const char* action, const QVariant& options,
                                                       bool takesArguments);

    // The runtime's news, as models, properties and signals (through a RuntimeObserver).
    class Projection;
    friend class Projection;
    static std::unique_ptr<koder::agent::RuntimeObserver> makeProjection(KoderAgentController& c);
    void onRejected(const koder::agent::Rejection& rejection);
    void onPropertiesChanged(koder::agent::Aspect changed);
    void onAnnounced(const koder::agent::SpokenAnnouncement& announcement, bool heard);
    void onEvent(const koder::agent::Event& event);
    void onBackgroundChanged(const std::string& conversationId, koder::agent::Status status,
                             bool finished);
    void onConversationRemoved(const QString& id);

    ControllerExecutor m_executor; // before m_runtime, which keeps a reference to it
    koder::agent::Runtime m_runtime;
    std::unique_ptr<koder::agent::RuntimeObserver> m_projection;
    KoderMessageModel* m_model;
    QList<KoderTool*> m_tools;
    // Voices by message id (the runtime keeps what nobody has heard yet).
    QMultiHash<QString, KoderAnnouncementListener*> m_listeners;
    QString m_shownId; ///< the conversation last reported shown (its status changes hands)
};
