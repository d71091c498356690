// SPDX-License-Identifier: MIT
#include "koderagentcontroller.h"

#include "agentlogging.h"
#include "koder/agent/reducer.h"
#include "koder/agent/serialization.h"
#include "qtconvert.h"
#include "toolrunner.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QMetaMethod>
#include <QtCore/QRandomGenerator>

#include <algorithm>

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

// The length in UTF-16 units of valid UTF-8 text, as QString::fromUtf8 would give it: every byte
// but a continuation byte (0x80-0xBF) starts a character and counts one; a 4-byte lead
// (0xF0-0xF7) starts a character outside the BMP, a surrogate pair, and counts one more.
qsizetype utf16Length(std::string_view utf8)
{
    qsizetype units = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        units +=
            static_cast<qsizetype>((b & 0xC0) != 0x80) + static_cast<qsizetype>((b & 0xF8) == 0xF0);
    }
    return units;
}

} // namespace

KoderAgentController::KoderAgentController(QObject* parent)
    : QObject(parent)
    , m_env(productionEnvironment())
    , m_model(new KoderMessageModel(m_state, this))
    , m_runner(
          new ToolRunner([this](const std::string& id, std::string result,
                                bool isError) { toolFinished(id, std::move(result), isError); },
                         this))
{
    m_state.conversationId = m_env.newId("c");
    m_flush.setInterval(1000);
    connect(&m_flush, &QTimer::timeout, this, &KoderAgentController::flushStreamingReply);
    connect(this, &KoderAgentController::streamingChanged, this, [this] {
        if (streaming() && m_store)
            m_flush.start();
        else
            m_flush.stop();
    });
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        if (auto request = std::exchange(m_delayedRequest, std::nullopt))
            startRequest(std::move(*request));
    });
}

KoderAgentController::~KoderAgentController()
{
    // A window closed mid-reply keeps what streamed so far; it comes back interrupted.
    flushStreamingReply();
    if (m_transport)
        m_transport->setSink({});
}

// ---- dispatch ---------------------------------------------------------------------------------

bool KoderAgentController::dispatch(Input&& input)
{
    if (m_dispatching) {
        // An input produced while effects run (a transport or tool answering at once) waits for
        // the current one to finish, so outcomes never interleave.
        m_queue.push_back(std::move(input));
        return true;
    }
    m_dispatching = true;
    const Observed before = observe();
    reduce(m_state, std::move(input), m_out, m_env);

    if (m_out.rejected()) {
        const Rejection rejection = *m_out.rejection;
        m_dispatching = false;
        qCDebug(lcAgent) << "rejected" << toQString(rejection.action)
                         << toQString(toString(rejection.reason)) << toQString(rejection.detail);
        Q_EMIT rejected(toQString(rejection.action), reasonText(rejection));
        while (!m_dispatching && !m_queue.empty()) {
            Input next = std::move(m_queue.front());
            m_queue.pop_front();
            dispatch(std::move(next));
        }
        return false;
    }

    m_lastResult = m_out.result;
    m_model->apply(m_out.changes);
    // Tools start after the events (a step's stepFinished comes before its tools' start) and
    // only if the turn still wants them then: a handler may have aborted it meanwhile.
    std::vector<ToolCall> toolsToRun;
    if (!m_out.effects.empty()) {
        std::vector<Effect> effects = std::move(m_out.effects);
        m_out.effects.clear();
        for (Effect& effect : effects) {
            if (auto* exec = std::get_if<ExecuteTool>(&effect))
                toolsToRun.push_back(std::move(exec->call));
            else
                perform(effect);
        }
    }
    // Take the events and announcements out: handlers may dispatch again, reusing m_out.
    std::vector<Event> events;
    std::vector<Announcement> announcements;
    events.swap(m_out.events);
    announcements.swap(m_out.announcements);
    m_dispatching = false;

    notifyChanges(before);
    if (!announcements.empty())
        emitAnnouncements(announcements);
    if (!events.empty())
        emitEvents(events);
    for (const ToolCall& call : toolsToRun)
        runTool(call);
    // Hand the capacity back so the token path stays allocation-free.
    events.clear();
    announcements.clear();
    if (m_out.events.capacity() == 0)
        m_out.events.swap(events);
    if (m_out.announcements.capacity() == 0)
        m_out.announcements.swap(announcements);

    drainQueue();
    return true;
}

void KoderAgentController::drainQueue()
{
    while (!m_dispatching && !m_queue.empty()) {
        Input next = std::move(m_queue.front());
        m_queue.pop_front();
        dispatch(std::move(next));
    }
}

KoderAgentController::Observed KoderAgentController::observe() const
{
    const auto& pending = m_state.pendingToolCalls;
    return {m_state.status,
            m_state.turn.has_value(),
            pending.size(),
            pending.empty() ? std::string() : pending.front().id,
            m_state.lastError.has_value(),
            m_state.lastError ? m_state.lastError->code : std::string(),
            m_state.conversationId};
}

void KoderAgentController::notifyChanges(const Observed& b)
{
    const Status status = m_state.status;
    if (b.status != status)
        Q_EMIT statusChanged();
    if ((b.status == Status::Streaming) != (status == Status::Streaming))
        Q_EMIT streamingChanged();
    if (b.open != m_state.turn.has_value())
        Q_EMIT abortableChanged();
    const auto& pending = m_state.pendingToolCalls;
    if (b.pendingCount != pending.size() ||
        (!pending.empty() && b.firstPending != pending.front().id))
        Q_EMIT pendingToolCallsChanged();
    if (b.hasError != m_state.lastError.has_value() ||
        (m_state.lastError && b.errorCode != m_state.lastError->code))
        Q_EMIT lastErrorChanged();
    if (b.conversationId != m_state.conversationId)
        Q_EMIT conversationIdChanged();
}

// ---- effects ----------------------------------------------------------------------------------

void KoderAgentController::perform(Effect& effect)
{
    if (auto* start = std::get_if<StartTurn>(&effect)) {
        if (start->delayMs > 0) {
            qCDebug(lcAgent) << "retrying in" << start->delayMs << "ms";
            m_delayedRequest = std::move(*start);
            m_retryTimer.start(static_cast<int>(m_delayedRequest->delayMs));
        } else {
            startRequest(std::move(*start));
        }
    } else if (auto* cancel = std::get_if<CancelTurn>(&effect)) {
        if (m_delayedRequest && m_delayedRequest->requestId == cancel->requestId) {
            m_retryTimer.stop();
            m_delayedRequest.reset();
        }
        if (cancel->requestId != 0 && m_transport)
            m_transport->cancel(cancel->requestId);
        for (const std::string& id : cancel->toolCallIds) {
            m_runner->cancel(id);
            m_runningCalls.erase(id);
        }
    } else if (auto* persist = std::get_if<Persist>(&effect)) {
        // Without a store the state itself is the memory copy.
        if (m_store)
            m_store->save(toQString(persist->conversationId), m_state.messages, persist->fromRow,
                          streamingRow(m_state));
    } else if (auto* fork = std::get_if<ForkConversation>(&effect)) {
        // Without a store, forks live in memory for the life of the controller.
        if (m_store)
            m_store->save(toQString(fork->newConversationId), fork->messages, 0);
        else
            m_memory.insert(toQString(fork->newConversationId), std::move(fork->messages));
    } else if (auto* del = std::get_if<DeleteStoredConversation>(&effect)) {
        if (m_store)
            m_store->remove(toQString(del->conversationId));
        else
            m_memory.remove(toQString(del->conversationId));
    }
}

void KoderAgentController::flushStreamingReply()
{
    const std::size_t row = streamingRow(m_state);
    if (!m_store || row == noRow)
        return;
    m_store->save(toQString(m_state.conversationId), m_state.messages, row, row);
}

SwitchConversation KoderAgentController::storedConversation(const QString& id)
{
    SwitchConversation to{toStd(id), {}, {}};
    if (!m_store) {
        to.messages = m_memory.take(id);
    } else if (auto loaded = m_store->load(id)) {
        to.messages = std::move(*loaded);
    } else if (m_store->contains(id)) {
        // It exists but cannot be read: shown read-only, so no save can overwrite it.
        to.loadError = toStd(m_store->error());
    }
    return to;
}

void KoderAgentController::runTool(const ToolCall& call)
{
    if (!m_state.turn)
        return;
    const auto& running = m_state.turn->running;
    if (std::find(running.begin(), running.end(), call.id) == running.end())
        return;
    reportHookFailures(m_hooks.onToolExecutionStart(call));
    Q_EMIT toolExecutionStarted(toolCallToVariant(call));
    m_runningCalls[call.id] = call;
    m_runner->run(findTool(call.name), call);
}

void KoderAgentController::startRequest(StartTurn request)
{
    if (request.step == 1 && request.attempt == 0) {
        reportHookFailures(m_hooks.onStart(request));
        Q_EMIT turnStarting(requestToVariant(request));
    }
    std::vector<HookFailure> failures;
    StartTurn prepared = m_hooks.prepareStep(std::move(request), failures);
    reportHookFailures(failures);
    if (!m_transport) {
        const RequestId id = prepared.requestId;
        QMetaObject::invokeMethod(
            this,
            [this, id] {
                fromTransport(StreamFailed{id,
                                           {"no_transport", "No transport is set.", false, -1},
                                           ErrorVerdict::Default});
            },
            Qt::QueuedConnection);
        return;
    }
    m_transport->start(prepared, toolSpecs());
}

void KoderAgentController::fromTransport(Input&& input)
{
    if (auto* failed = std::get_if<StreamFailed>(&input)) {
        // onError hooks run only for the live request; a stale failure is dropped by the core.
        if (m_state.turn && m_state.turn->requestId == failed->requestId) {
            std::vector<HookFailure> failures;
            const ErrorVerdict verdict =
                m_hooks.onError(failed->error, m_state.turn->attempt, failures);
            reportHookFailures(failures);
            if (verdict != ErrorVerdict::Default)
                failed->verdict = verdict;
        }
    }
    dispatch(std::move(input));
}

void KoderAgentController::toolFinished(const std::string& callId, std::string result, bool isError)
{
    const auto it = m_runningCalls.find(callId);
    ToolResult toolResult{callId, std::move(result), isError};
    if (it != m_runningCalls.end()) {
        reportHookFailures(m_hooks.onToolExecutionEnd(it->second, toolResult));
        Q_EMIT toolExecutionFinished(toolCallToVariant(it->second),
                                     {{QStringLiteral("result"), toQString(toolResult.result)},
                                      {QStringLiteral("isError"), isError}});
        m_runningCalls.erase(it);
    }
    dispatch(std::move(toolResult));
}

void KoderAgentController::reportHookFailures(const std::vector<HookFailure>& failures)
{
    for (const HookFailure& f : failures)
        qCWarning(lcAgent).noquote() << "hook" << toQString(f.hookSet) << toQString(f.hook)
                                     << "threw:" << toQString(f.what) << "(skipped)";
}

// ---- events -----------------------------------------------------------------------------------

void KoderAgentController::emitEvents(std::vector<Event>& events)
{
    static const QMetaMethod tokenSignal =
        QMetaMethod::fromSignal(&KoderAgentController::streamToken);
    // The hot path: one token. No bookkeeping, and no conversion when nobody listens.
    if (events.size() == 1) {
        if (const auto* token = std::get_if<StreamTokenEvent>(&events.front())) {
            if (isSignalConnected(tokenSignal))
                Q_EMIT streamToken(toQString(token->messageId), toQString(token->token));
            return;
        }
    }
    // Views in StreamTokenEvent point into the state: turn every event into Qt values before
    // any handler runs (a handler may change the state).
    struct Pending {
        std::size_t index;
        QString a;
        QString b;
        QVariant v;
    };
    std::vector<Pending> pending;
    pending.reserve(events.size());
    const bool tokensWanted = isSignalConnected(tokenSignal);
    for (std::size_t i = 0; i < events.size(); ++i) {
        std::visit(
            [&](const auto& e) {
                using T = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<T, StreamTokenEvent>) {
                    if (tokensWanted)
                        pending.push_back({i, toQString(e.messageId), toQString(e.token), {}});
                } else if constexpr (std::is_same_v<T, ToolCallEvent>) {
                    pending.push_back({i, toQString(e.messageId), {}, toolCallToVariant(e.call)});
                } else if constexpr (std::is_same_v<T, StepFinishEvent>) {
                    pending.push_back({i, {}, {}, stepToVariant(e)});
                } else if constexpr (std::is_same_v<T, ErrorEvent>) {
                    QVariantMap error = errorToVariant(e.error);
                    error.insert(QStringLiteral("messageId"), toQString(e.messageId));
                    pending.push_back({i, toQString(e.messageId), {}, error});
                } else if constexpr (std::is_same_v<T, CheckpointRestoredEvent>) {
                    pending.push_back(
                        {i, toQString(e.messageId), {}, jsonTextToVariant(e.payload)});
                } else {
                    pending.push_back({i, toQString(e.messageId), {}, {}});
                }
            },
            events[i]);
    }
    for (const Pending& p : pending) {
        const Event& e = events[p.index];
        if (isTerminal(e)) {
            // Coalesced model updates are always visible before a terminal event.
            m_model->flush();
            reportHookFailures(m_hooks.onFinish(e));
        }
        switch (e.index()) {
        case 0:
            Q_EMIT userMessage(p.a);
            break;
        case 1:
            Q_EMIT streamStart(p.a);
            break;
        case 2:
            Q_EMIT streamToken(p.a, p.b);
            break;
        case 3:
            Q_EMIT toolCall(p.v);
            break;
        case 4:
            reportHookFailures(m_hooks.onStepFinish(std::get<StepFinishEvent>(e)));
            Q_EMIT stepFinished(p.v.toMap());
            break;
        case 5:
            Q_EMIT streamEnd(p.a);
            Q_EMIT turnFinished(QStringLiteral("streamEnd"), p.a);
            break;
        case 6:
            Q_EMIT error(p.v);
            Q_EMIT turnFinished(QStringLiteral("error"), p.a);
            break;
        case 7:
            Q_EMIT aborted(p.a);
            Q_EMIT turnFinished(QStringLiteral("aborted"), p.a);
            break;
        case 8:
            Q_EMIT checkpointRestored(p.v);
            break;
        default:
            break;
        }
    }
}

void KoderAgentController::emitAnnouncements(const std::vector<Announcement>& announcements)
{
    // Texts first: a handler may change the state the offsets point into.
    QList<KoderAnnouncement> spoken;
    for (const Announcement& a : announcements) {
        KoderAnnouncement s{enumCast<Koder::AnnouncementKind>(a.kind),
                            enumCast<Koder::Politeness>(a.politeness), toQString(a.messageId),
                            {}, 0};
        if (a.kind == Announcement::Kind::ReplyText) {
            const std::size_t row = findMessage(m_state, a.messageId);
            if (row != noRow) {
                const std::string_view all(m_state.messages[row].text);
                s.text = toQString(all.substr(std::min(a.offset, all.size()), a.length));
                s.position = utf16Position(a.messageId, all, a.offset);
            }
        } else {
            m_announcedAt = {}; // a turn began or ended: the next phrase counts from the start
            if (a.kind == Announcement::Kind::Error && m_state.lastError)
                s.text = toQString(m_state.lastError->message);
        }
        spoken.append(s);
    }
    constexpr qsizetype maxUnheard = 256;
    for (const KoderAnnouncement& s : std::as_const(spoken)) {
        if (s.kind == Koder::AnnouncementKind::ReplyStarted)
            m_unheard.clear(); // a new turn: what nobody heard before is stale now
        if (KoderAnnouncementListener* listener = m_listeners.value(s.messageId))
            listener->speak(s);
        else if (m_unheard.size() < maxUnheard)
            m_unheard.append(s);
        Q_EMIT announcement(s.kind, s.politeness, s.messageId, s.text, s.position);
    }
}

// The position of byte `offset` of a message's text in UTF-16 units (the units of the QString
// the views show and of QAccessibleTextInsertEvent). Phrases come in order, so only the bytes
// since the last phrase are counted; another message, or an offset that went back (a retry
// starts the reply over), counts from the start.
int KoderAgentController::utf16Position(const std::string& messageId, std::string_view text,
                                        std::size_t offset)
{
    AnnouncedAt& last = m_announcedAt;
    offset = std::min(offset, text.size());
    if (offset < last.offset || last.messageId != messageId) {
        last.messageId = messageId;
        last.offset = 0;
        last.position = 0;
    }
    last.position += static_cast<int>(utf16Length(text.substr(last.offset, offset - last.offset)));
    last.offset = offset;
    return last.position;
}

void KoderAgentController::attachListener(const QString& messageId,
                                          KoderAnnouncementListener* listener)
{
    if (messageId.isEmpty() || !listener)
        return;
    m_listeners.insert(messageId, listener);
    for (qsizetype i = 0; i < m_unheard.size();) {
        if (m_unheard[i].messageId == messageId)
            listener->speak(m_unheard.takeAt(i));
        else
            ++i;
    }
}

void KoderAgentController::detachListener(const QString& messageId,
                                          KoderAnnouncementListener* listener)
{
    const auto it = m_listeners.constFind(messageId);
    if (it != m_listeners.cend() && it.value() == listener)
        m_listeners.erase(it);
}

QString KoderAgentController::reasonText(const Rejection& r) const
{
    QString text;
    switch (r.reason) {
    case RejectReason::TurnInProgress:
        text = tr("A reply is still in progress.");
        break;
    case RejectReason::NoTurn:
        text = tr("There is no reply in progress.");
        break;
    case RejectReason::UnknownMessage:
        text = tr("There is no message with that id.");
        break;
    case RejectReason::NotUserMessage:
        text = tr("Only your own messages can be edited.");
        break;
    case RejectReason::NotCheckpoint:
        text = tr("That message is not a checkpoint.");
        break;
    case RejectReason::StillStreaming:
        text = tr("That message is still being written.");
        break;
    case RejectReason::NothingToRun:
        text = tr("There is no message of yours to answer.");
        break;
    case RejectReason::UnknownToolCall:
        text = tr("No tool call with that id is waiting for a decision.");
        break;
    case RejectReason::InvalidMessages:
        text = tr("The messages are not valid.");
        break;
    case RejectReason::InvalidValue:
        text = tr("The value is not valid.");
        break;
    case RejectReason::ReadOnly:
        text = tr("This conversation could not be loaded, so it is read-only until it is deleted "
                  "or replaced.");
        break;
    }
    if (!r.detail.empty() &&
        (r.reason == RejectReason::InvalidMessages || r.reason == RejectReason::InvalidValue ||
         r.reason == RejectReason::ReadOnly))
        text += QLatin1Char(' ') + toQString(r.detail);
    return text;
}

// ---- properties -------------------------------------------------------------------------------

QString KoderAgentController::status() const
{
    return toQString(toString(m_state.status));
}

bool KoderAgentController::streaming() const
{
    return isStreaming(m_state);
}

bool KoderAgentController::abortable() const
{
    return isAbortable(m_state);
}

QVariantList KoderAgentController::pendingToolCalls() const
{
    return toolCallsToVariant(m_state.pendingToolCalls);
}

QVariant KoderAgentController::lastError() const
{
    if (!m_state.lastError)
        return QVariant::fromValue(nullptr);
    return errorToVariant(*m_state.lastError);
}

QString KoderAgentController::autoAccept() const
{
    return toQString(toString(m_state.autoAccept));
}

void KoderAgentController::setAutoAccept(const QString& mode)
{
    const auto parsed = autoAcceptFromString(toStd(mode));
    if (!parsed) {
        Q_EMIT rejected(
            QStringLiteral("setAutoAccept"),
            tr("Unknown auto-accept mode \"%1\": use always, never or onlyRead.").arg(mode));
        return;
    }
    const AutoAccept before = m_state.autoAccept;
    dispatch(SetAutoAccept{*parsed});
    if (m_state.autoAccept != before)
        Q_EMIT autoAcceptChanged();
}

QString KoderAgentController::systemPrompt() const
{
    return toQString(m_state.systemPrompt);
}

void KoderAgentController::setSystemPrompt(const QString& prompt)
{
    std::string text = toStd(prompt);
    if (text == m_state.systemPrompt)
        return;
    dispatch(SetSystemPrompt{std::move(text)});
    Q_EMIT systemPromptChanged();
}

QString KoderAgentController::conversationId() const
{
    return toQString(m_state.conversationId);
}

QVariantList KoderAgentController::eventLog() const
{
    QVariantList entries;
    for (const DebugEntry& e : m_state.debugLog.entries())
        entries.append(QVariantMap{{QStringLiteral("seq"), static_cast<double>(e.seq)},
                                   {QStringLiteral("kind"), toQString(e.kind)},
                                   {QStringLiteral("subject"), toQString(e.subject)},
                                   {QStringLiteral("repeat"), static_cast<double>(e.repeat)}});
    return entries;
}

void KoderAgentController::setConversationId(const QString& id)
{
    // The same id reloads it from the store (after clear(), say) unless a turn is running.
    if (id == conversationId() && (!m_store || isAbortable(m_state)))
        return;
    // Without a store, keep the conversation being left so switching back finds it; with one,
    // it is stored already (every turn persists before its terminal event).
    if (!m_store && !m_state.messages.empty())
        m_memory.insert(conversationId(), m_state.messages);
    dispatch(storedConversation(id));
}

void KoderAgentController::setTransport(KoderTransport* transport)
{
    if (m_transport == transport)
        return;
    if (isAbortable(m_state))
        dispatch(Abort{}); // the old transport cannot finish the open turn
    if (m_transport)
        m_transport->setSink({});
    m_transport = transport;
    if (m_transport)
        m_transport->setSink([this](Input&& input) { fromTransport(std::move(input)); });
    Q_EMIT transportChanged();
}

void KoderAgentController::setStore(KoderConversationStore* store)
{
    if (m_store == store)
        return;
    m_store = store;
    // A store that already holds the current conversation shows it.
    if (m_store && m_store->contains(conversationId()))
        dispatch(storedConversation(conversationId()));
    Q_EMIT storeChanged();
}

void KoderAgentController::setFlushIntervalMs(int ms)
{
    ms = qMax(10, ms);
    if (ms == m_flush.interval())
        return;
    m_flush.setInterval(ms);
    Q_EMIT flushIntervalMsChanged();
}

void KoderAgentController::setMaxSteps(int steps)
{
    if (steps != m_state.maxSteps && dispatch(SetMaxSteps{steps}))
        Q_EMIT maxStepsChanged();
}

void KoderAgentController::setMaxRetries(int retries)
{
    if (retries != m_state.maxRetries && dispatch(SetMaxRetries{retries}))
        Q_EMIT maxRetriesChanged();
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

void KoderAgentController::addHooks(HookSet hooks)
{
    m_hooks.add(std::move(hooks));
}

void KoderAgentController::setEnvironment(Environment env)
{
    m_env = std::move(env);
}

// ---- tools ------------------------------------------------------------------------------------

void KoderAgentController::addTool(KoderTool* tool)
{
    if (!tool || m_tools.contains(tool))
        return;
    m_tools.append(tool);
    connect(tool, &KoderTool::definitionChanged, this, &KoderAgentController::syncTools);
    connect(tool, &QObject::destroyed, this, [this, tool] {
        m_tools.removeAll(tool);
        syncTools();
        Q_EMIT toolsChanged();
    });
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::removeTool(KoderTool* tool)
{
    if (!m_tools.removeAll(tool))
        return;
    disconnect(tool, nullptr, this, nullptr);
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::clearTools()
{
    for (KoderTool* tool : std::as_const(m_tools))
        disconnect(tool, nullptr, this, nullptr);
    m_tools.clear();
    syncTools();
    Q_EMIT toolsChanged();
}

void KoderAgentController::syncTools()
{
    std::vector<ToolInfo> infos;
    for (const KoderTool* tool : std::as_const(m_tools))
        if (!tool->name().isEmpty())
            infos.push_back({toStd(tool->name()), tool->readOnly()});
    dispatch(SetTools{std::move(infos)});
}

KoderTool* KoderAgentController::findTool(const std::string& name) const
{
    const QString qname = toQString(name);
    for (KoderTool* tool : m_tools)
        if (tool->name() == qname)
            return tool;
    return nullptr;
}

QList<KoderTransport::ToolSpec> KoderAgentController::toolSpecs() const
{
    QList<KoderTransport::ToolSpec> specs;
    for (const KoderTool* tool : m_tools)
        if (!tool->name().isEmpty())
            specs.append({tool->name(), tool->description(),
                          QJsonObject::fromVariantMap(tool->parameters()), tool->readOnly()});
    return specs;
}

// ---- methods ----------------------------------------------------------------------------------

bool KoderAgentController::send(const QString& text, const QVariant& attachments)
{
    QString error;
    std::string json = variantToJsonText(attachments, &error);
    if (!error.isEmpty()) {
        return refuse("send", RejectReason::InvalidValue, error);
    }
    if (json == "[]")
        json.clear(); // no attachments
    return dispatch(Send{toStd(text), std::move(json)});
}

bool KoderAgentController::regenerate(const QString& messageId)
{
    return dispatch(Regenerate{toStd(messageId)});
}

bool KoderAgentController::edit(const QString& messageId, const QString& newText)
{
    return dispatch(Edit{toStd(messageId), toStd(newText)});
}

QString KoderAgentController::branch(const QString& messageId)
{
    if (!dispatch(Branch{toStd(messageId)}))
        return {};
    return toQString(m_lastResult);
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

void KoderAgentController::approveToolCall(const QString& callId)
{
    dispatch(ApproveToolCall{toStd(callId)});
}

void KoderAgentController::denyToolCall(const QString& callId, const QString& reason)
{
    dispatch(DenyToolCall{toStd(callId), toStd(reason)});
}

bool KoderAgentController::addUserMessage(const QString& text)
{
    return dispatch(AddUserMessage{toStd(text)});
}

bool KoderAgentController::addChatMessages(const QVariant& list)
{
    return loadMessages(list, false, "addChatMessages");
}

bool KoderAgentController::setChatMessages(const QVariant& list)
{
    return loadMessages(list, true, "setChatMessages");
}

void KoderAgentController::reset()
{
    dispatch(Reset{});
}

bool KoderAgentController::addCheckpoint(const QVariant& payload)
{
    QString error;
    std::string json = variantToJsonText(payload, &error);
    if (!error.isEmpty()) {
        return refuse("addCheckpoint", RejectReason::InvalidValue, error);
    }
    return dispatch(AddCheckpoint{std::move(json)});
}

bool KoderAgentController::restoreCheckpoint(const QString& messageId)
{
    return dispatch(RestoreCheckpoint{toStd(messageId)});
}

// Input the Qt side refuses before it reaches the core (a value JSON cannot hold) is reported
// like a refusal of the core: the same signal, the same translated reasons.
bool KoderAgentController::refuse(const char* action, RejectReason reason, const QString& detail)
{
    Q_EMIT rejected(QString::fromLatin1(action), reasonText({action, reason, toStd(detail)}));
    return false;
}

// Messages from QML go through the core's validating JSON loader, so a bad field is reported by
// its path ("messages[2].role: unknown value \"bot\"") instead of being half-applied.
bool KoderAgentController::loadMessages(const QVariant& list, bool replace, const char* action)
{
    QJsonArray array;
    QString error;
    const QVariantList items = plainVariant(list, &error).toList(); // JS arrays and objects too
    if (!error.isEmpty()) {
        return refuse(action, RejectReason::InvalidMessages, error);
    }
    for (const QVariant& item : items) {
        QVariantMap m = item.toMap();
        if (!m.contains(QStringLiteral("id")))
            m.insert(QStringLiteral("id"), toQString(m_env.newId("m")));
        const QVariant created = m.value(QStringLiteral("createdAt"));
        if (!created.isValid())
            m.insert(QStringLiteral("createdAt"),
                     QVariant::fromValue<qint64>(m_env.now ? m_env.now() : 0));
        else if (created.typeId() == QMetaType::QDateTime)
            m.insert(QStringLiteral("createdAt"),
                     QVariant::fromValue<qint64>(created.toDateTime().toMSecsSinceEpoch()));
        array.append(variantToJson(m));
    }
    const QByteArray json = QJsonDocument(array).toJson(QJsonDocument::Compact);
    auto loaded = messagesFromJson(std::string_view(json.constData(), json.size()));
    if (auto* error = std::get_if<LoadError>(&loaded)) {
        return refuse(action, RejectReason::InvalidMessages, toQString(error->toString()));
    }
    auto& messages = std::get<std::vector<Message>>(loaded);
    if (replace)
        return dispatch(SetMessages{std::move(messages)});
    return dispatch(AddMessages{std::move(messages)});
}
