// SPDX-License-Identifier: MIT
// Conversions between the core's std types (UTF-8, JSON text) and Qt's (QString, QVariant).
#pragma once

#include "koder/agent/message.h"

#include <QtCore/QJsonValue>
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

// ---- QVariant -> JSON: the one conversion every `var` from QML goes through -----------------
//
// A value arrives as plain QVariants (C++ callers, QML properties of type QVariantMap/List) or,
// from a QML `var` parameter, as a QVariant holding a QJSValue (JS objects, arrays, functions),
// which QJsonValue::fromVariant cannot read. This file needs no Qt Qml (it is part of the Qt
// library, KoderAgent::qt, built without it), so a QJSValue is opened by a converter the QML
// module installs when it is loaded (plugin/jsvalueconverter.cpp). Without one, Qt's
// registered conversions (QSequentialIterable, QVariantMap, which Qt Qml registers for QJSValue)
// are used: they cannot tell a function from an empty object, and Qt 6.4 crashes converting an
// object that holds a symbol.
//
// JSON.stringify's rules, stricter where it would lose data in silence: maps and hashes become
// objects, lists arrays, strings strings, integral numbers up to 2^53 integers and others
// doubles, bool, null, dates ISO 8601 in UTC with milliseconds ("1970-01-01T00:00:00.000Z"),
// URLs strings. An undefined value is left out of an object and is null in an array. A function,
// a symbol, NaN or Infinity, a C++ object or a value nested deeper than 128 levels (a cycle) is
// an error that names where it is ("n[2].save: a function cannot be represented as JSON").

/// Opens one level of a value this library cannot read (a QJSValue): returns false when the
/// type is not the converter's; otherwise sets `unwrapped` to a plain value (null, bool, number,
/// string, QDateTime, an invalid QVariant for undefined) or to a QVariantMap / QVariantList whose
/// members may again be foreign values, or sets `error` ("a function") when there is none.
using ForeignValueConverter = bool (*)(const QVariant& value, QVariant& unwrapped, QString& error);
/// Installs the converter for foreign values; returns the previous one. Thread-safe.
ForeignValueConverter setForeignValueConverter(ForeignValueConverter converter);

/// `value` with every foreign value opened, as plain QVariants only: QVariantMap, QVariantList,
/// QString, qint64, double, bool, nullptr and QDateTime (an invalid QVariant for undefined). On
/// failure an invalid QVariant, and `*error` (path and reason) set if given.
QVariant plainVariant(const QVariant& value, QString* error = nullptr);
/// `value` as a JSON value (undefined for an invalid QVariant). On failure undefined, and
/// `*error` set if given.
QJsonValue variantToJson(const QVariant& value, QString* error = nullptr);
/// `value` as compact JSON text; an invalid or null QVariant gives an empty text. On failure
/// an empty text and `*error` set (without `error`, the failure is logged).
std::string variantToJsonText(const QVariant& value, QString* error = nullptr);

QVariantMap toolCallToVariant(const ToolCall& call);
QVariantList toolCallsToVariant(const std::vector<ToolCall>& calls);
QVariantMap errorToVariant(const ErrorInfo& error);
/// promptTokens, completionTokens, totalTokens, reasoningTokens, cachedTokens, cacheWriteTokens:
/// those the server reported; empty when it sent none.
QVariantMap usageToVariant(const Usage& usage);

} // namespace koder::agent::qt
