// SPDX-License-Identifier: MIT
#include "controllervalues.h"

#include "koder/agent/import.h"
#include "qtconvert.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>

namespace koder::agent::qt {

// The reasons are the controller's sentences: translated under its context.

std::optional<std::string> readAttachments(const QVariant& attachments, QString& error)
{
    std::string json = variantToJsonText(attachments, &error);
    if (!error.isEmpty())
        return std::nullopt;
    if (json == "[]")
        json.clear(); // no attachments
    return json;
}

std::optional<ApprovalOptions> readApprovalOptions(const QVariant& options, bool takesArguments,
                                                   QString& error)
{
    ApprovalOptions read;
    if (!options.isValid() || options.isNull())
        return read;
    const QJsonValue value = variantToJson(options, &error);
    // A value that did not convert (NaN, a function...) is refused, never taken for "none":
    // edited arguments must not silently fall back to the model's.
    if (!error.isEmpty())
        return std::nullopt;
    if (value.isUndefined() || value.isNull())
        return read;
    if (!value.isObject()) {
        error = QCoreApplication::translate(
            "KoderAgentController", "The options must be an object like {scope: \"once\"}.");
        return std::nullopt;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue scope = object.value(QStringLiteral("scope"));
    if (!scope.isUndefined() && !scope.isNull()) {
        const auto parsed = approvalScopeFromString(toStd(scope.toString()));
        if (!parsed) {
            error = QCoreApplication::translate(
                        "KoderAgentController",
                        "Unknown scope \"%1\": use once, conversation or always.")
                        .arg(scope.toVariant().toString());
            return std::nullopt;
        }
        read.scope = *parsed;
    }
    const QJsonValue arguments = object.value(QStringLiteral("arguments"));
    if (arguments.isUndefined() || arguments.isNull())
        return read;
    if (!takesArguments) {
        error = QCoreApplication::translate(
            "KoderAgentController", "Edited arguments apply to one call: use approveToolCall().");
        return std::nullopt;
    }
    if (arguments.isString())
        read.arguments = toStd(arguments.toString());
    else if (arguments.isObject())
        read.arguments =
            QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact).toStdString();
    else {
        error = QCoreApplication::translate("KoderAgentController",
                                            "The arguments must be an object (or its JSON text).");
        return std::nullopt;
    }
    return read;
}

std::optional<std::vector<Message>> readMessages(const QVariant& list, Environment& env,
                                                 QString& error)
{
    const QVariant plain = plainVariant(list, &error); // JS arrays and objects too
    if (error.isEmpty() && plain.typeId() != QMetaType::QVariantList)
        error = QStringLiteral("messages: expected an array"); // like the loader's details
    if (!error.isEmpty())
        return std::nullopt;
    const QVariantList items = plain.toList();
    QJsonArray array;
    for (const QVariant& item : items) {
        // A JS Date arrives as a QDateTime: the core counts milliseconds.
        QVariantMap m = item.toMap();
        const QVariant created = m.value(QStringLiteral("createdAt"));
        if (created.typeId() == QMetaType::QDateTime)
            m.insert(QStringLiteral("createdAt"),
                     QVariant::fromValue<qint64>(created.toDateTime().toMSecsSinceEpoch()));
        array.append(variantToJson(m));
    }
    const QByteArray json = QJsonDocument(array).toJson(QJsonDocument::Compact);
    auto loaded = importMessages(std::string_view(json.constData(), std::size_t(json.size())), env);
    if (auto* problem = std::get_if<LoadError>(&loaded)) {
        error = toQString(problem->toString());
        return std::nullopt;
    }
    return std::move(std::get<std::vector<Message>>(loaded));
}

std::optional<ToolPolicies> readToolPolicies(const QVariantMap& policies, QString& error)
{
    ToolPolicies parsed;
    for (auto it = policies.cbegin(); it != policies.cend(); ++it) {
        const QString value = it.value().toString();
        const auto policy = toolPolicyFromString(toStd(value));
        if (!policy) {
            error = QCoreApplication::translate(
                        "KoderAgentController",
                        "Unknown policy \"%1\" for the tool \"%2\": use ask, allow or deny.")
                        .arg(value, it.key());
            return std::nullopt;
        }
        parsed.emplace(toStd(it.key()), *policy);
    }
    return parsed;
}

QVariantMap toolPoliciesToVariant(const ToolPolicies& policies)
{
    QVariantMap map;
    for (const auto& [name, policy] : policies)
        map.insert(toQString(name), toQString(toString(policy)));
    return map;
}

QVariantList queuedMessagesToVariant(const std::vector<QueuedMessage>& queued)
{
    QVariantList list;
    for (const QueuedMessage& q : queued)
        list.append(QVariantMap{
            {QStringLiteral("id"), toQString(q.id)},
            {QStringLiteral("text"), toQString(q.text)},
            {QStringLiteral("attachments"),
             q.attachments.empty() ? QVariant(QVariantList{}) : jsonTextToVariant(q.attachments)}});
    return list;
}

QVariantList debugLogToVariant(const DebugLog& log)
{
    QVariantList entries;
    for (const DebugEntry& e : log.entries())
        entries.append(QVariantMap{{QStringLiteral("seq"), static_cast<double>(e.seq)},
                                   {QStringLiteral("kind"), toQString(e.kind)},
                                   {QStringLiteral("subject"), toQString(e.subject)},
                                   {QStringLiteral("repeat"), static_cast<double>(e.repeat)}});
    return entries;
}

} // namespace koder::agent::qt
