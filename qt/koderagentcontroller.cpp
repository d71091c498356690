// SPDX-License-Identifier: MIT
// KoderAgentController: each method and setter dispatches one input to the runtime, each
// property reads the runtime's state. Its other files: controllerprojection.cpp (the runtime's
// news as the model, NOTIFY signals and signals), controllertools.cpp (the tool list),
// controllervalues.cpp (QML/JavaScript values read into the core's terms and back),
// controllerexecutor.cpp (the runtime's I/O). The members that QML has too are documented in
// koderagentcontroller.qdoc; those for C++ alone beside their code.
#include "koderagentcontroller.h"

#include "controllervalues.h"
#include "qtconvert.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QRandomGenerator>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// Short random ids (prefix + 12 hex digits) fit std::string's small buffer: no allocation.
Environment productionEnvironment()
{
    Environment env;
    env.newId = [](std::string_view prefix) {
        const quint64 bits = QRandomGenerator::global()->generate64() & 0xffffffffffffULL;
        std::string id(prefix);
        id += QByteArray::number(bits, 16).rightJustified(12, '0').toStdString();
        return id;
    };
    env.now = [] { return QDateTime::currentMSecsSinceEpoch(); };
    return env;
}
} // namespace

/*!
    \fn KoderAgentController::KoderAgentController(QObject *parent)

    Constructs a controller with \a parent: a new, empty conversation with a random id, no
    transport, no store and no tools.
*/

/*!
    \fn KoderAgentController::~KoderAgentController()

    Destroys the controller. With a store, a reply that is still streaming is saved as it
    stands first, so the conversation comes back with it (\c aborted set, status
    \c{"interrupted"}) when it is loaded again.
*/

KoderAgentController::KoderAgentController(QObject* parent)
    : QObject(parent)
    , m_executor(this) // a child: it moves to another thread with the controller
    , m_runtime(m_executor, productionEnvironment())
    , m_projection(makeProjection(*this))
    , m_model(new KoderMessageModel(m_runtime.state(), this))
{
    m_executor.setRuntime(&m_runtime);
    m_executor.setTools(&m_tools);
    m_runtime.setObserver(m_projection.get());
    m_shownId = conversationId();
}

KoderAgentController::~KoderAgentController()
{
    // A window closed mid-reply keeps what streamed so far; it comes back interrupted.
    m_runtime.flushStreamingReply();
    m_runtime.setObserver(nullptr);
    m_executor.setRuntime(nullptr);
    delete m_model; // it reads the runtime's state, which goes before ~QObject deletes children
}

// ---- properties -------------------------------------------------------------------------------

QString KoderAgentController::status() const
{
    return toQString(toString(state().status));
}

Koder::Status KoderAgentController::statusValue() const
{
    return enumCast<Koder::Status>(state().status);
}

bool KoderAgentController::streaming() const
{
    return isStreaming(state());
}

bool KoderAgentController::abortable() const
{
    return isAbortable(state());
}

QVariant KoderAgentController::lastError() const
{
    if (!state().lastError)
        return QVariant::fromValue(nullptr);
    return errorToVariant(*state().lastError);
}

QString KoderAgentController::autoAccept() const
{
    return toQString(toString(state().settings.autoAccept));
}

void KoderAgentController::setAutoAccept(const QString& mode)
{
    if (const auto parsed = autoAcceptFromString(toStd(mode)))
        dispatch(SetAutoAccept{*parsed});
    else
        refuse("setAutoAccept", RejectReason::InvalidValue,
               tr("Unknown auto-accept mode \"%1\": use always, never or onlyRead.").arg(mode));
}

Koder::AutoAccept KoderAgentController::autoAcceptValue() const
{
    return enumCast<Koder::AutoAccept>(state().settings.autoAccept);
}

void KoderAgentController::setAutoAcceptValue(Koder::AutoAccept mode)
{
    const AutoAccept value = enumCast<AutoAccept>(mode);
    if (toString(value).empty()) // a number outside the enum, from QML
        refuse("setAutoAccept", RejectReason::InvalidValue, QString::number(int(mode)));
    else
        dispatch(SetAutoAccept{value});
}

QVariantMap KoderAgentController::toolPolicies() const
{
    return toolPoliciesToVariant(state().settings.toolPolicies);
}

void KoderAgentController::setToolPolicies(const QVariantMap& policies)
{
    QString error;
    if (auto parsed = readToolPolicies(policies, error))
        dispatch(SetToolPolicies{std::move(*parsed)});
    else
        refuse("setToolPolicies", RejectReason::InvalidValue, error);
}

QString KoderAgentController::busyPolicy() const
{
    return toQString(toString(state().settings.busyPolicy));
}

void KoderAgentController::setBusyPolicy(const QString& policy)
{
    if (const auto parsed = busyPolicyFromString(toStd(policy)))
        dispatch(SetBusyPolicy{*parsed});
    else
        refuse(
            "setBusyPolicy", RejectReason::InvalidValue,
            tr("Unknown busy policy \"%1\": use reject, queue, interrupt or steer.").arg(policy));
}

QVariantList KoderAgentController::queuedMessages() const
{
    return queuedMessagesToVariant(state().conversation.queued);
}

QString KoderAgentController::systemPrompt() const
{
    return toQString(state().settings.systemPrompt);
}

void KoderAgentController::setSystemPrompt(const QString& prompt)
{
    if (std::string text = toStd(prompt); text != state().settings.systemPrompt)
        dispatch(SetSystemPrompt{std::move(text)});
}

QString KoderAgentController::conversationId() const
{
    return toQString(state().conversation.id);
}

void KoderAgentController::setConversationId(const QString& id)
{
    // The same id reloads it from the store (after clear(), say) unless a turn is running.
    if (id == conversationId() && (!store() || isAbortable(state())))
        return;
    m_runtime.openConversation(toStd(id));
}

void KoderAgentController::setTransport(KoderTransport* transport)
{
    if (m_executor.transport() == transport)
        return;
    m_runtime.transportReplaced(); // the old transport cannot finish the open turns
    if (KoderTransport* old = m_executor.transport())
        disconnect(old, &KoderTransport::contextWindowChanged, this,
                   &KoderAgentController::syncContextWindow);
    m_executor.setTransport(transport);
    if (transport) {
        transport->showConversation(toStd(conversationId()));
        connect(transport, &KoderTransport::contextWindowChanged, this,
                &KoderAgentController::syncContextWindow);
    }
    syncContextWindow();
    updatePricing();
    updateCanCompact();
    Q_EMIT transportChanged();
}

void KoderAgentController::setStore(KoderConversationStore* store)
{
    if (m_executor.store() == store)
        return;
    if (KoderConversationStore* old = m_executor.store())
        old->disconnect(this);
    m_executor.setStore(store);
    if (store)
        connect(store, &KoderConversationStore::conversationRemoved, this,
                &KoderAgentController::onConversationRemoved);
    m_runtime.storeChanged(); // a store that holds the shown conversation shows it
    Q_EMIT storeChanged();
}

void KoderAgentController::setFlushIntervalMs(int ms)
{
    const auto before = m_runtime.flushInterval();
    m_runtime.setFlushInterval(ms);
    if (m_runtime.flushInterval() != before)
        Q_EMIT flushIntervalMsChanged();
}

void KoderAgentController::setMaxSteps(int steps)
{
    dispatch(SetMaxSteps{steps});
}

void KoderAgentController::setMaxRetries(int retries)
{
    dispatch(SetMaxRetries{retries});
}

int KoderAgentController::updateInterval() const
{
    return m_model->updateInterval();
}

void KoderAgentController::setUpdateInterval(int ms)
{
    if (ms == m_model->updateInterval())
        return;
    m_model->setUpdateInterval(ms);
    Q_EMIT updateIntervalChanged();
}

void KoderAgentController::setMaxBackgroundTurns(int turns)
{
    const int before = m_runtime.maxBackgroundTurns();
    m_runtime.setMaxBackgroundTurns(turns);
    if (m_runtime.maxBackgroundTurns() != before)
        Q_EMIT maxBackgroundTurnsChanged();
}

// ---- methods ----------------------------------------------------------------------------------

bool KoderAgentController::send(const QString& text, const QVariant& attachments)
{
    QString error;
    std::optional<std::string> json = readAttachments(attachments, error);
    if (!json || (!json->empty() && transport() && !transport()->checkAttachments(*json, &error)))
        return refuse("send", RejectReason::InvalidValue, error);
    return dispatch(Send{toStd(text), std::move(*json)});
}

bool KoderAgentController::sendQueued()
{
    return dispatch(SendQueued{});
}

bool KoderAgentController::cancelQueued(const QString& id)
{
    return dispatch(CancelQueued{toStd(id)});
}

bool KoderAgentController::regenerate(const QString& messageId)
{
    return dispatch(Regenerate{toStd(messageId)});
}

bool KoderAgentController::edit(const QString& messageId, const QString& newText)
{
    return dispatch(Edit{toStd(messageId), toStd(newText)});
}

bool KoderAgentController::switchVersion(const QString& messageId, int index)
{
    return dispatch(SwitchVersion{toStd(messageId), index});
}

bool KoderAgentController::openMessage(const QString& conversationId, const QString& messageId)
{
    // Another conversation is opened first (a turn running in the shown one goes on in the
    // background); one that is not stored is not made up.
    if (conversationId != this->conversationId()) {
        if (!store() || !store()->contains(conversationId))
            return refuse("openMessage", RejectReason::UnknownMessage, conversationId);
        setConversationId(conversationId);
        if (this->conversationId() != conversationId)
            return false;
    }
    const auto switches = switchesToShow(state().conversation.messages,
                                         state().conversation.versions, toStd(messageId));
    if (!switches)
        return refuse("openMessage", RejectReason::UnknownMessage, messageId);
    // Each switch is stored like one the user makes; a refused one (a turn is open) leaves
    // the path where the switches before it brought it.
    for (const SwitchVersion& step : *switches)
        if (!dispatch(SwitchVersion(step)))
            return false;
    Q_EMIT messageOpened(messageId);
    return true;
}

QString KoderAgentController::branch(const QString& messageId)
{
    if (!dispatch(Branch{toStd(messageId)}))
        return {};
    return toQString(m_runtime.lastResult());
}

void KoderAgentController::abort()
{
    dispatch(Abort{});
}

void KoderAgentController::clear()
{
    dispatch(Clear{});
}

bool KoderAgentController::deleteConversation()
{
    return dispatch(DeleteConversation{});
}

bool KoderAgentController::approveToolCall(const QString& callId, const QVariant& options)
{
    QString error;
    const auto read = readApprovalOptions(options, true, error);
    if (!read)
        return refuse("approveToolCall", RejectReason::InvalidValue, error);
    if (deferApproval(callId, options))
        return true;
    return dispatch(ApproveToolCall{toStd(callId), read->scope, read->arguments});
}

bool KoderAgentController::denyToolCall(const QString& callId, const QString& reason)
{
    return dispatch(DenyToolCall{toStd(callId), toStd(reason)});
}

bool KoderAgentController::approveAll(const QVariant& options)
{
    QString error;
    const auto read = readApprovalOptions(options, false, error);
    if (!read)
        return refuse("approveAll", RejectReason::InvalidValue, error);
    return dispatch(ApproveAll{read->scope});
}

bool KoderAgentController::denyAll(const QString& reason)
{
    return dispatch(DenyAll{toStd(reason)});
}

bool KoderAgentController::addUserMessage(const QString& text)
{
    return dispatch(AddUserMessage{toStd(text)});
}

bool KoderAgentController::addChatMessages(const QVariant& list)
{
    QString error;
    auto messages = readMessages(list, m_runtime.environment(), error);
    if (!messages)
        return refuse("addChatMessages", RejectReason::InvalidMessages, error);
    return dispatch(AddMessages{std::move(*messages)});
}

bool KoderAgentController::setChatMessages(const QVariant& list)
{
    QString error;
    auto messages = readMessages(list, m_runtime.environment(), error);
    if (!messages)
        return refuse("setChatMessages", RejectReason::InvalidMessages, error);
    return dispatch(SetMessages{std::move(*messages)});
}

void KoderAgentController::reset()
{
    dispatch(Reset{});
}

bool KoderAgentController::addCheckpoint(const QVariant& payload)
{
    QString error;
    std::string json = variantToJsonText(payload, &error);
    if (!error.isEmpty())
        return refuse("addCheckpoint", RejectReason::InvalidValue, error);
    return dispatch(AddCheckpoint{std::move(json)});
}

bool KoderAgentController::restoreCheckpoint(const QString& messageId)
{
    return dispatch(RestoreCheckpoint{toStd(messageId)});
}

QString KoderAgentController::conversationStatus(const QString& conversationId) const
{
    return toQString(toString(m_runtime.statusOf(toStd(conversationId))));
}

QVariantList KoderAgentController::eventLog() const
{
    return debugLogToVariant(m_runtime.debugLog());
}

// Every refusal, the core's and the Qt side's (a value JSON cannot hold), reads from the core's
// one table of reasons (outcome.cpp, marked for translation under this class's context).
bool KoderAgentController::refuse(const char* action, RejectReason reason, const QString& detail)
{
    QString text = QCoreApplication::translate("KoderAgentController", describe(reason).data());
    if (!detail.isEmpty() && showsDetail(reason))
        text += QLatin1Char(' ') + detail;
    Q_EMIT rejected(QString::fromLatin1(action), text);
    return false;
}

// ---- for C++ alone ----------------------------------------------------------------------------

/*!
    \fn void KoderAgentController::addHooks(koder::agent::HookSet hooks)

    Adds \a hooks, C++ callbacks of the agent loop, after those added before: \c onStart,
    \c prepareStep (which may change each outgoing request; chained, each receiving what the
    previous one returned), \c onStepFinish, \c onToolExecutionStart, \c onToolExecutionEnd,
    \c onFinish and \c onError (which may ask for a retry or an abort; any retry wins). They run
    one after the other, in order; a hook that throws is logged and skipped and the others still
    run. The void hooks are also signals: turnStarting(), stepFinished(),
    toolExecutionStarted(), toolExecutionFinished() and turnFinished().
*/

/*!
    \fn const koder::agent::State &KoderAgentController::state() const

    Returns the core's state of the shown conversation, read-only: the messages of the active
    path and the other versions, the open turn, the settings. It is what the properties and the
    message model read; for tests and debugging.
*/

/*!
    \fn void KoderAgentController::setEnvironment(koder::agent::Environment env)

    Replaces how ids and the time are made with \a env. By default ids are random and the time is
    the system clock; tests pass \c{koder::agent::Environment::deterministic()} to get the same
    ids and times on every run. Set it before the first message.
*/

void KoderAgentController::addHooks(HookSet hooks)
{
    m_runtime.addHooks(std::move(hooks));
}

void KoderAgentController::setEnvironment(Environment env)
{
    m_runtime.setEnvironment(std::move(env));
}
