// SPDX-License-Identifier: MIT
#include "qtconvert.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonValue>

namespace koder::agent::qt {

QVariant jsonTextToVariant(std::string_view json)
{
    if (json.empty())
        return {};
    const QByteArray bytes(json.data(), static_cast<qsizetype>(json.size()));
    // Wrap in an array so scalars (strings, numbers) parse too.
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson("[" + bytes + "]", &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        return QString::fromUtf8(bytes);
    return doc.array().at(0).toVariant();
}

std::string variantToJsonText(const QVariant& value)
{
    if (!value.isValid() || value.isNull())
        return {};
    const QJsonValue json = QJsonValue::fromVariant(value);
    if (json.isUndefined() || json.isNull())
        return {};
    QJsonArray wrapper{json};
    QByteArray text = QJsonDocument(wrapper).toJson(QJsonDocument::Compact);
    // Strip the wrapper's brackets: "[...]" -> "...".
    return std::string(text.constData() + 1, static_cast<std::size_t>(text.size() - 2));
}

QVariantMap toolCallToVariant(const ToolCall& call)
{
    QVariant arguments = jsonTextToVariant(call.arguments);
    if (!arguments.isValid())
        arguments = QVariantMap{};
    return {{QStringLiteral("id"), toQString(call.id)},
            {QStringLiteral("name"), toQString(call.name)},
            {QStringLiteral("arguments"), arguments},
            {QStringLiteral("readOnly"), call.readOnly}};
}

QVariantList toolCallsToVariant(const std::vector<ToolCall>& calls)
{
    QVariantList list;
    list.reserve(static_cast<qsizetype>(calls.size()));
    for (const ToolCall& c : calls)
        list.append(toolCallToVariant(c));
    return list;
}

QVariantMap errorToVariant(const ErrorInfo& error)
{
    return {{QStringLiteral("code"), toQString(error.code)},
            {QStringLiteral("message"), toQString(error.message)},
            {QStringLiteral("retryable"), error.retryable},
            {QStringLiteral("retryAfterMs"), static_cast<double>(error.retryAfterMs)}};
}

QVariantMap usageToVariant(const koder::wire::Usage& u)
{
    if (!u.present)
        return {};
    auto n = [](std::int64_t v) { return QVariant::fromValue<qint64>(v); };
    return {{QStringLiteral("promptTokens"), n(u.promptTokens)},
            {QStringLiteral("completionTokens"), n(u.completionTokens)},
            {QStringLiteral("totalTokens"), n(u.totalTokens)},
            {QStringLiteral("reasoningTokens"), n(u.reasoningTokens)},
            {QStringLiteral("cachedTokens"), n(u.cachedTokens)}};
}

} // namespace koder::agent::qt
