// SPDX-License-Identifier: MIT
// The other half of KoderAgentController: what the runtime reports (list changes, properties,
// announcements, lifecycle events) turned into the message model, NOTIFY signals and signals.
#include "koderagentcontroller.h"

#include "agentlogging.h"
#include "koder/agent/overloaded.h"
#include "qtconvert.h"

#include <QtCore/QMetaMethod>

// ---- documentation: the signals (their QML side is in koderagentcontroller.cpp) ----------------

/*!
    \fn void KoderAgentController::userMessage(const QString &messageId)

    The user's message \a messageId was appended and a turn starts (or, under busyPolicy
    \c{"steer"}, goes on with it).
*/

/*!
    \fn void KoderAgentController::streamStart(const QString &messageId)

    A turn started; \a messageId is its first assistant message. Once per turn.
*/

/*!
    \fn void KoderAgentController::streamToken(const QString &messageId, const QString &token)

    \a token was appended to the reply \a messageId. Emitted only while something is connected
    to it: an unconnected controller converts nothing per token.
*/

/*!
    \fn void KoderAgentController::toolCall(const QVariant &call)

    The model asked for the tool call \a call (a QVariantMap with \c id, \c name, \c arguments
    and \c readOnly), before it is decided.
*/

/*!
    \fn void KoderAgentController::streamEnd(const QString &messageId)

    The turn ended normally with the reply \a messageId: one of the three terminal signals.
*/

/*!
    \fn void KoderAgentController::error(const QVariant &error)

    The turn failed with \a error, a QVariantMap with \c code, \c message, \c retryable,
    \c retryAfterMs and \c messageId: one of the three terminal signals.

    \sa lastError
*/

/*!
    \fn void KoderAgentController::aborted(const QString &messageId)

    The turn was stopped; \a messageId is the reply cut off, kept with \c aborted set. One of
    the three terminal signals.
*/

/*!
    \fn void KoderAgentController::checkpointRestored(const QVariant &payload)

    restoreCheckpoint() went back to a checkpoint whose value is \a payload.
*/

/*!
    \fn void KoderAgentController::rejected(const QString &action, const QString &reason)

    The call \a action was refused for \a reason, a translated sentence; nothing changed.
*/

/*!
    \fn void KoderAgentController::conversationStatusChanged(const QString &conversationId, const QString &status)

    The status of the conversation \a conversationId, shown or in the background, is now
    \a status.

    \sa conversationStatus()
*/

/*!
    \fn void KoderAgentController::turnStarting(const QVariantMap &request)

    A turn's first request, described by \a request (\c requestId, \c conversationId,
    \c step, \c attempt, \c messageCount), is about to go out.
*/

/*!
    \fn void KoderAgentController::stepFinished(const QVariantMap &step)

    A model call of the turn ended, described by \a step (\c messageId, \c step,
    \c finishReason).
*/

/*!
    \fn void KoderAgentController::toolExecutionStarted(const QVariantMap &call)

    The tool call \a call (\c id, \c name, \c arguments, \c readOnly) is about to run.
*/

/*!
    \fn void KoderAgentController::toolExecutionFinished(const QVariantMap &call, const QVariantMap &result)

    The tool call \a call finished with \a result (\c result, the text, and \c isError).
*/

/*!
    \fn void KoderAgentController::turnFinished(const QString &outcome, const QString &messageId)

    The turn ended with \a outcome (\c{"streamEnd"}, \c{"error"} or \c{"aborted"}) at the reply
    \a messageId, right after its terminal signal.
*/

/*!
    \fn void KoderAgentController::announcement(Koder::AnnouncementKind kind, Koder::Politeness politeness, const QString &messageId, const QString &text, int position)

    The announcement of \a kind and \a politeness about the message \a messageId: for
    Koder::AnnouncementKind::ReplyText, \a text is the phrase and \a position where it starts in
    the message's text (in QString units); for an error, \a text is its message; otherwise
    \a text is empty.

    \sa attachListener()
*/

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
    if (has(changed, Aspect::ConversationId))
        Q_EMIT conversationIdChanged();
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
