// SPDX-License-Identifier: MIT
// Conversions between the core's std types (UTF-8, JSON text) and Qt's (QString, QVariant).
#pragma once

#include "koder/agent/message.h"
#include "usage.h"

#include <QtCore/QString>
#include <QtCore/QVariant>

#include <string>
#include <string_view>

namespace koder::agent::qt {

inline QString toQString(std::string_view utf8)
{
    return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()));
}

inline std::string toStd(const QString& text)
{
    return text.toStdString();
}

/// A JSON text as a QVariant (map, list, string, number, bool); an empty text is an invalid
/// QVariant, a text that does not parse is returned as the string it is.
QVariant jsonTextToVariant(std::string_view json);
/// A QVariant (from QML: a JS object, array, string, ...) as compact JSON text; an invalid or
/// null QVariant gives an empty text.
std::string variantToJsonText(const QVariant& value);

QVariantMap toolCallToVariant(const ToolCall& call);
QVariantList toolCallsToVariant(const std::vector<ToolCall>& calls);
QVariantMap errorToVariant(const ErrorInfo& error);
/// promptTokens, completionTokens, totalTokens, reasoningTokens, cachedTokens; empty when the
/// server sent none.
QVariantMap usageToVariant(const koder::wire::Usage& usage);

} // namespace koder::agent::qt
