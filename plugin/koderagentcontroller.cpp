// SPDX-License-Identifier: MIT
#include "koderagentcontroller.h"

#include "koder/agent/import.h"
#include "koder/agent/toolarguments.h"
#include "qtconvert.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QRandomGenerator>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

// The tool's JSON Schema as the core reads it (compact JSON text).
std::string parametersJson(const KoderTool& tool)
{
    return QJsonDocument(QJsonObject::fromVariantMap(tool.parameters()))
        .toJson(QJsonDocument::Compact)
        .toStdString();
}

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

QVariantList KoderAgentController::pendingToolCalls() const
{
    QVariantList calls = toolCallsToVariant(state().pendingToolCalls);
    for (QVariant& call : calls) {
        QVariantMap map = call.toMap();
        if (const KoderTool* tool =
                m_executor.findTool(map.value(QStringLiteral("name")).toString())) {
            map.insert(QStringLiteral("description"), tool->description());
            map.insert(QStringLiteral("parameters"), tool->parameters());
        }
        call = map;
    }
    return calls;
}

QVariant KoderAgentController::lastError() const
{
    if (!state().lastError)
        return QVariant::fromValue(nullptr);
    return errorToVariant(*state().lastError);
}

QString KoderAgentController::autoAccept() const
{
    return toQString(toString(state().autoAccept));
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
    return enumCast<Koder::AutoAccept>(state().autoAccept);
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
    QVariantMap map;
    for (const auto& [name, policy] : state().toolPolicies)
        map.insert(toQString(name), toQString(toString(policy)));
    return map;
}

void KoderAgentController::setToolPolicies(const QVariantMap& policies)
{
    ToolPolicies parsed;
    for (auto it = policies.cbegin(); it != policies.cend(); ++it) {
        const QString value = it.value().toString();
        const auto policy = toolPolicyFromString(toStd(value));
        if (!policy) {
            refuse("setToolPolicies", RejectReason::InvalidValue,
                   tr("Unknown policy \"%1\" for the tool \"%2\": use ask, allow or deny.")
                       .arg(value, it.key()));
            return;
        }
        parsed.emplace(toStd(it.key()), *policy);
    }
    dispatch(SetToolPolicies{std::move(parsed)});
}

QString KoderAgentController::busyPolicy() const
{
    return toQString(toString(state().busyPolicy));
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
    QVariantList list;
    for (const QueuedMessage& q : state().queued)
        list.append(QVariantMap{
            {QStringLiteral("id"), toQString(q.id)},
            {QStringLiteral("text"), toQString(q.text)},
            {QStringLiteral("attachments"),
             q.attachments.empty() ? QVariant(QVariantList{}) : jsonTextToVariant(q.attachments)}});
    return list;
}

bool KoderAgentController::sendQueued()
{
    return dispatch(SendQueued{});
}

bool KoderAgentController::cancelQueued(const QString& id)
{
    return dispatch(CancelQueued{toStd(id)});
}

QString KoderAgentController::systemPrompt() const
{
    return toQString(state().systemPrompt);
}

void KoderAgentController::setSystemPrompt(const QString& prompt)
{
    if (std::string text = toStd(prompt); text != state().systemPrompt)
        dispatch(SetSystemPrompt{std::move(text)});
}

QString KoderAgentController::conversationId() const
{
    return toQString(state().conversationId);
}

void KoderAgentController::setConversationId(const QString& id)
{
    // The same id reloads it from the store (after clear(), say) unless a turn is running.
    if (id == conversationId() && (!store() || isAbortable(state())))
        return;
    m_runtime.openConversation(toStd(id));
}

QVariantList KoderAgentController::eventLog() const
{
    QVariantList entries;
    for (const DebugEntry& e : m_runtime.debugLog().entries())
        entries.append(QVariantMap{{QStringLiteral("seq"), static_cast<double>(e.seq)},
                                   {QStringLiteral("kind"), toQString(e.kind)},
                                   {QStringLiteral("subject"), toQString(e.subject)},
                                   {QStringLiteral("repeat"), static_cast<double>(e.repeat)}});
    return entries;
}

void KoderAgentController::setTransport(KoderTransport* transport)
{
    if (m_executor.transport() == transport)
        return;
    // The old transport cannot finish the open turns.
    m_runtime.abortBackground();
    if (isAbortable(state()))
        dispatch(Abort{});
    m_executor.setTransport(transport);
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
    m_runtime.storeChanged();
    // A store that already holds the current conversation shows it.
    if (store && store->contains(conversationId()))
        m_runtime.openConversation(state().conversationId);
    Q_EMIT storeChanged();
}

void KoderAgentController::setMaxBackgroundTurns(int turns)
{
    const int before = m_runtime.maxBackgroundTurns();
    m_runtime.setMaxBackgroundTurns(turns);
    if (m_runtime.maxBackgroundTurns() != before)
        Q_EMIT maxBackgroundTurnsChanged();
}

QString KoderAgentController::conversationStatus(const QString& conversationId) const
{
    return toQString(toString(m_runtime.statusOf(toStd(conversationId))));
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

void KoderAgentController::addHooks(HookSet hooks)
{
    m_runtime.addHooks(std::move(hooks));
}

void KoderAgentController::setEnvironment(Environment env)
{
    m_runtime.setEnvironment(std::move(env));
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
            infos.push_back({toStd(tool->name()), tool->readOnly(), parametersJson(*tool)});
    dispatch(SetTools{std::move(infos)});
}

// ---- methods ----------------------------------------------------------------------------------

bool KoderAgentController::send(const QString& text, const QVariant& attachments)
{
    QString error;
    std::string json = variantToJsonText(attachments, &error);
    if (!error.isEmpty())
        return refuse("send", RejectReason::InvalidValue, error);
    if (json == "[]")
        json.clear(); // no attachments
    if (!json.empty() && transport() && !transport()->checkAttachments(json, &error))
        return refuse("send", RejectReason::InvalidValue, error);
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

bool KoderAgentController::switchVersion(const QString& messageId, int index)
{
    return dispatch(SwitchVersion{toStd(messageId), index});
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
    const auto read = readApprovalOptions("approveToolCall", options, true);
    if (!read)
        return false;
    return dispatch(ApproveToolCall{toStd(callId), read->scope, read->arguments});
}

bool KoderAgentController::denyToolCall(const QString& callId, const QString& reason)
{
    return dispatch(DenyToolCall{toStd(callId), toStd(reason)});
}

bool KoderAgentController::approveAll(const QVariant& options)
{
    const auto read = readApprovalOptions("approveAll", options, false);
    return read && dispatch(ApproveAll{read->scope});
}

bool KoderAgentController::denyAll(const QString& reason)
{
    return dispatch(DenyAll{toStd(reason)});
}

QString KoderAgentController::checkToolArguments(const QString& toolName,
                                                 const QVariant& arguments) const
{
    QString error;
    std::string text = arguments.typeId() == QMetaType::QString
                           ? toStd(arguments.toString())
                           : variantToJsonText(arguments, &error);
    if (!error.isEmpty())
        return error;
    const KoderTool* tool = m_executor.findTool(toolName);
    const std::string schema = tool ? parametersJson(*tool) : std::string();
    const std::string why = koder::agent::checkToolArguments(schema, text);
    return why.empty() ? QString() : toQString(why);
}

std::optional<KoderAgentController::ApprovalOptions>
KoderAgentController::readApprovalOptions(const char* action, const QVariant& options,
                                          bool takesArguments)
{
    ApprovalOptions read;
    if (!options.isValid() || options.isNull())
        return read;
    QString error;
    const QJsonValue value = variantToJson(options, &error);
    // A value that did not convert (NaN, a function...) is refused, never taken for "none":
    // edited arguments must not silently fall back to the model's.
    if (!error.isEmpty()) {
        refuse(action, RejectReason::InvalidValue, error);
        return std::nullopt;
    }
    if (value.isUndefined() || value.isNull())
        return read;
    if (!value.isObject()) {
        refuse(action, RejectReason::InvalidValue,
               tr("The options must be an object like {scope: \"once\"}."));
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue scope = object.value(QStringLiteral("scope"));
    if (!scope.isUndefined() && !scope.isNull()) {
        const auto parsed = approvalScopeFromString(toStd(scope.toString()));
        if (!parsed) {
            refuse(action, RejectReason::InvalidValue,
                   tr("Unknown scope \"%1\": use once, conversation or always.")
                       .arg(scope.toVariant().toString()));
            return std::nullopt;
        }
        read.scope = *parsed;
    }
    const QJsonValue arguments = object.value(QStringLiteral("arguments"));
    if (!arguments.isUndefined() && !arguments.isNull()) {
        if (!takesArguments) {
            refuse(action, RejectReason::InvalidValue,
                   tr("Edited arguments apply to one call: use approveToolCall()."));
            return std::nullopt;
        }
        if (arguments.isString())
            read.arguments = toStd(arguments.toString());
        else if (arguments.isObject())
            read.arguments =
                QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact).toStdString();
        else {
            refuse(action, RejectReason::InvalidValue,
                   tr("The arguments must be an object (or its JSON text)."));
            return std::nullopt;
        }
    }
    return read;
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
    if (!error.isEmpty())
        return refuse("addCheckpoint", RejectReason::InvalidValue, error);
    return dispatch(AddCheckpoint{std::move(json)});
}

bool KoderAgentController::restoreCheckpoint(const QString& messageId)
{
    return dispatch(RestoreCheckpoint{toStd(messageId)});
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

// Messages from QML go through the core's validating importer, so a bad field is reported by
// its path ("messages[2].role: unknown value \"bot\"") instead of being half-applied; the
// importer gives a message without id or time its id and time.
bool KoderAgentController::loadMessages(const QVariant& list, bool replace, const char* action)
{
    QString error;
    const QVariant plain = plainVariant(list, &error); // JS arrays and objects too
    if (error.isEmpty() && plain.typeId() != QMetaType::QVariantList)
        error = QStringLiteral("messages: expected an array"); // like the loader's details
    if (!error.isEmpty())
        return refuse(action, RejectReason::InvalidMessages, error);
    const QVariantList items = plain.toList();
    QJsonArray array;
    for (const QVariant& item : std::as_const(items)) {
        // A JS Date arrives as a QDateTime: the core counts milliseconds.
        QVariantMap m = item.toMap();
        const QVariant created = m.value(QStringLiteral("createdAt"));
        if (created.typeId() == QMetaType::QDateTime)
            m.insert(QStringLiteral("createdAt"),
                     QVariant::fromValue<qint64>(created.toDateTime().toMSecsSinceEpoch()));
        array.append(variantToJson(m));
    }
    const QByteArray json = QJsonDocument(array).toJson(QJsonDocument::Compact);
    auto loaded = importMessages(std::string_view(json.constData(), std::size_t(json.size())),
                                 m_runtime.environment());
    if (auto* problem = std::get_if<LoadError>(&loaded))
        return refuse(action, RejectReason::InvalidMessages, toQString(problem->toString()));
    auto& messages = std::get<std::vector<Message>>(loaded);
    if (replace)
        return dispatch(SetMessages{std::move(messages)});
    return dispatch(AddMessages{std::move(messages)});
}
