// SPDX-License-Identifier: MIT
// The other half of KoderAgentController: what the runtime reports (list changes, properties,
// announcements, lifecycle events) turned into the message model, NOTIFY signals and signals.
#include "koderagentcontroller.h"

#include "agentlogging.h"
#include "koder/agent/overloaded.h"
#include "qtconvert.h"

#include <QtCore/QMetaMethod>

// The signals that QML has too are documented in koderagentcontroller.qdoc.

/*!
    \fn void KoderAgentController::toolsChanged()

    The list of tools changed: a tool was added, removed or destroyed (the QML type's \c tools
    property notifies with it).

    \sa toolList()
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

QVariantMap stepToVariant(const StepFinishEvent& e)
{
    return {{QStringLiteral("messageId"), toQString(e.messageId)},
            {QStringLiteral("step"), e.step},
            {QStringLiteral("finishReason"), toQString(e.finishReason)}};
}

QVariantMap requestToVariant(const StartTurn& r)
{
    return {{QStringLiteral("requestId"), static_cast<double>(r.requestId)},
            {QStringLiteral("conversationId"), toQString(r.conversationId)},
            {QStringLiteral("step"), r.step},
            {QStringLiteral("attempt"), r.attempt},
            {QStringLiteral("messageCount"), static_cast<int>(r.history.size())}};
}

const QMetaMethod& streamTokenSignal()
{
    static const QMetaMethod signal = QMetaMethod::fromSignal(&KoderAgentController::streamToken);
    return signal;
}
} // namespace

// The runtime's observer: forwards to the controller, which turns the news into Qt.
class KoderAgentController::Projection final : public RuntimeObserver {
public:
    explicit Projection(KoderAgentController& c)
        : c_(c)
    {
    }
    void rejected(const Rejection& r) override { c_.onRejected(r); }
    void messagesChanged(const std::vector<Change>& changes) override
    {
        c_.m_model->apply(changes);
        c_.rowsChanged(changes);
    }
    void propertiesChanged(Aspect changed) override { c_.onPropertiesChanged(changed); }
    void announced(const SpokenAnnouncement& a, bool heard) override { c_.onAnnounced(a, heard); }
    // Coalesced model updates are always visible before a terminal event.
    void beforeTerminal() override { c_.m_model->flush(); }
    void event(const Event& e) override { c_.onEvent(e); }
    void turnStarting(const StartTurn& r) override { Q_EMIT c_.turnStarting(requestToVariant(r)); }
    void toolExecutionStarted(const ToolCall& call) override
    {
        Q_EMIT c_.toolExecutionStarted(toolCallToVariant(call));
    }
    void toolExecutionFinished(const ToolCall& call, const ToolResult& result) override
    {
        Q_EMIT c_.toolExecutionFinished(toolCallToVariant(call),
                                        {{QStringLiteral("result"), toQString(result.result)},
                                         {QStringLiteral("isError"), result.isError}});
    }
    void backgroundChanged(const std::string& id, Status status, bool /*finished*/) override
    {
        // A turn that ended unseen was marked unread by the runtime; the view hears the status.
        Q_EMIT c_.conversationStatusChanged(toQString(id), toQString(toString(status)));
    }
    void hookFailed(const HookFailure& f) override
    {
        qCWarning(lcAgent).noquote() << "hook" << toQString(f.hookSet) << toQString(f.hook)
                                     << "threw:" << toQString(f.what) << "(skipped)";
    }

private:
    KoderAgentController& c_;
};
std::unique_ptr<RuntimeObserver> KoderAgentController::makeProjection(KoderAgentController& c)
{
    return std::make_unique<Projection>(c);
}

// ---- the runtime's news -----------------------------------------------------------------------

void KoderAgentController::onRejected(const Rejection& r)
{
    qCDebug(lcAgent) << "rejected" << toQString(r.action) << toQString(toString(r.reason))
                     << toQString(r.detail);
    refuse(std::string(r.action).c_str(), r.reason, toQString(r.detail));
}

void KoderAgentController::onPropertiesChanged(Aspect changed)
{
    // The calls first: a view shows its permission prompt (which takes the keyboard focus) before
    // the new status disables the input, so the focus moves from the input to the prompt and
    // never falls on what holds the input in between (a screen reader would say "panel").
    if (has(changed, Aspect::PendingToolCalls))
        Q_EMIT pendingToolCallsChanged();
    if (has(changed, Aspect::PendingInputs))
        Q_EMIT pendingInputsChanged();
    if (has(changed, Aspect::Status))
        Q_EMIT statusChanged();
    if (has(changed, Aspect::ConversationId)) {
        // The one left is reported by the runtime when its turn runs on; else it is idle now.
        const QString shown = conversationId();
        const QString left = std::exchange(m_shownId, shown);
        if (!left.isEmpty() && m_runtime.statusOf(toStd(left)) == Status::Idle)
            Q_EMIT conversationStatusChanged(left, QStringLiteral("idle"));
    }
    if (has(changed, Aspect::Status | Aspect::ConversationId))
        Q_EMIT conversationStatusChanged(m_shownId, status());
    if (has(changed, Aspect::Streaming))
        Q_EMIT streamingChanged();
    if (has(changed, Aspect::Abortable))
        Q_EMIT abortableChanged();
    if (has(changed, Aspect::LastError))
        Q_EMIT lastErrorChanged();
    if (has(changed, Aspect::ConversationId)) {
        // Before the signal: a binding to the transport's state per conversation reads the
        // new one.
        if (KoderTransport* transport = m_executor.transport())
            transport->showConversation(toStd(conversationId()));
        Q_EMIT conversationIdChanged();
    }
    if (has(changed, Aspect::AutoAccept))
        Q_EMIT autoAcceptChanged();
    if (has(changed, Aspect::Policies))
        Q_EMIT toolPoliciesChanged();
    if (has(changed, Aspect::Busy))
        Q_EMIT busyPolicyChanged();
    if (has(changed, Aspect::Queue))
        Q_EMIT queuedMessagesChanged();
    if (has(changed, Aspect::SystemPrompt))
        Q_EMIT systemPromptChanged();
    if (has(changed, Aspect::MaxSteps))
        Q_EMIT maxStepsChanged();
    if (has(changed, Aspect::MaxRetries))
        Q_EMIT maxRetriesChanged();
    if (has(changed, Aspect::Context)) {
        if (std::exchange(m_seenContextWindow, contextWindow()) != contextWindow()) {
            Q_EMIT contextWindowChanged();
            updateCanCompact(); // what fits the rows kept
        }
        Q_EMIT contextChanged();
    }
    if (has(changed, Aspect::Compaction | Aspect::Status | Aspect::ConversationId))
        updateCanCompact();
    if (has(changed, Aspect::Compaction))
        Q_EMIT compactingChanged();
    if (has(changed, Aspect::AutoCompact))
        Q_EMIT autoCompactChanged();
    if (has(changed, Aspect::ConversationId))
        updateCost();
}

void KoderAgentController::onConversationRemoved(const QString& id)
{
    m_runtime.forgetConversation(toStd(id));
}

void KoderAgentController::onEvent(const Event& event)
{
    std::visit(
        overloaded{
            // The hot path: no conversion when nobody listens.
            [this](const StreamTokenEvent& e) {
                // Asked per token (a bit test, no lock): counting receivers in
                // disconnectNotify would take a QObject mutex that may be held there.
                if (isSignalConnected(streamTokenSignal()))
                    Q_EMIT streamToken(toQString(e.messageId), toQString(e.token));
            },
            [this](const UserMessageEvent& e) { Q_EMIT userMessage(toQString(e.messageId)); },
            [this](const StreamStartEvent& e) { Q_EMIT streamStart(toQString(e.messageId)); },
            [this](const ToolCallEvent& e) { Q_EMIT toolCall(toolCallToVariant(e.call)); },
            [this](const StepFinishEvent& e) { Q_EMIT stepFinished(stepToVariant(e)); },
            [this](const StreamEndEvent& e) {
                const QString id = toQString(e.messageId);
                Q_EMIT streamEnd(id);
                Q_EMIT turnFinished(QStringLiteral("streamEnd"), id);
            },
            [this](const ErrorEvent& e) {
                const QString id = toQString(e.messageId);
                QVariantMap error = errorToVariant(e.error);
                error.insert(QStringLiteral("messageId"), id);
                Q_EMIT this->error(error);
                Q_EMIT turnFinished(QStringLiteral("error"), id);
            },
            [this](const AbortedEvent& e) {
                const QString id = toQString(e.messageId);
                Q_EMIT aborted(id);
                Q_EMIT turnFinished(QStringLiteral("aborted"), id);
            },
            [this](const CheckpointRestoredEvent& e) {
                Q_EMIT checkpointRestored(jsonTextToVariant(e.payload));
            },
            [this](const CompactionEndEvent& e) {
                Q_EMIT compactionFinished(toQString(e.messageId),
                                          e.error.code.empty() ? QVariant()
                                                               : QVariant(errorToVariant(e.error)));
            },
        },
        event);
}

void KoderAgentController::onAnnounced(const SpokenAnnouncement& a, bool heard)
{
    const KoderAnnouncement said{enumCast<Koder::AnnouncementKind>(a.kind),
                                 enumCast<Koder::Politeness>(a.politeness), toQString(a.messageId),
                                 toQString(a.text), static_cast<int>(a.position)};
    if (heard)
        for (KoderAnnouncementListener* listener : m_listeners.values(said.messageId))
            listener->speak(said);
    Q_EMIT announcement(said.kind, said.politeness, said.messageId, said.text, said.position);
}

/*!
    \fn void KoderAgentController::attachListener(const QString &messageId, KoderAnnouncementListener *listener)

    Makes \a listener voice the announcements of the message \a messageId from now on, until
    detachListener(); several listeners may listen to one message. Announcements made before
    (a view's delegate is created a frame after its row) are handed to \a listener at once, so
    the start of a short reply is never lost to a screen reader. An empty \a messageId, a null
    \a listener or one already attached to that message is ignored. The controller does not own
    \a listener. KoderLiveRegion in the QML module uses this.

    \sa announcement()
*/

/*!
    \fn void KoderAgentController::detachListener(const QString &messageId, KoderAnnouncementListener *listener)

    Stops \a listener from voicing the announcements of the message \a messageId. Call it
    before \a listener is destroyed.
*/

void KoderAgentController::attachListener(const QString& messageId,
                                          KoderAnnouncementListener* listener)
{
    if (messageId.isEmpty() || !listener || m_listeners.contains(messageId, listener))
        return;
    m_listeners.insert(messageId, listener);
    for (const SpokenAnnouncement& a : m_runtime.listen(toStd(messageId)))
        listener->speak({enumCast<Koder::AnnouncementKind>(a.kind),
                         enumCast<Koder::Politeness>(a.politeness), messageId, toQString(a.text),
                         static_cast<int>(a.position)});
}

void KoderAgentController::detachListener(const QString& messageId,
                                          KoderAnnouncementListener* listener)
{
    if (m_listeners.remove(messageId, listener) > 0)
        m_runtime.unlisten(toStd(messageId));
}
