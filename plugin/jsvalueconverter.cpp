// SPDX-License-Identifier: MIT
// The converter qtconvert (in the Qt library, which has no Qt Qml) uses to open QJSValues: every
// `var` from QML (attachments, checkpoint payloads, chat messages, tool results) is read through
// here. Installed when the QML module's library is loaded, before any QML can hand a JS value over.
#include "qtconvert.h"

#include <QtQml/QJSValue>
#include <QtQml/QJSValueIterator>

namespace {

// Opens one level of a JS value. Members stay QJSValues; qtconvert walks them with their path and
// a depth limit (which stops cycles).
bool openJsValue(const QVariant& value, QVariant& unwrapped, QString& error)
{
    if (value.metaType() != QMetaType::fromType<QJSValue>())
        return false;
    const QJSValue js = value.value<QJSValue>();
    auto cannot = [&error](const QString& what) {
        error = what + QStringLiteral(" cannot be represented as JSON");
    };
    if (js.isUndefined()) {
        unwrapped = {};
    } else if (js.isNull()) {
        unwrapped = QVariant::fromValue(nullptr);
    } else if (js.isBool()) {
        unwrapped = js.toBool();
    } else if (js.isNumber()) {
        unwrapped = js.toNumber();
    } else if (js.isString()) {
        unwrapped = js.toString();
    } else if (js.isDate()) {
        unwrapped = js.toDateTime();
    } else if (js.isCallable()) {
        cannot(QStringLiteral("a function"));
    } else if (js.isArray()) {
        const quint32 length = js.property(QStringLiteral("length")).toUInt();
        QVariantList items;
        items.reserve(static_cast<qsizetype>(length));
        for (quint32 i = 0; i < length; ++i)
            items.append(QVariant::fromValue(js.property(i)));
        unwrapped = items;
    } else if (js.isQObject()) {
        cannot(QStringLiteral("an object of type %1")
                   .arg(QLatin1StringView(js.toQObject() ? js.toQObject()->metaObject()->className()
                                                         : "QObject")));
    } else if (js.isRegExp()) {
        cannot(QStringLiteral("a regular expression"));
    } else if (js.isError()) {
        cannot(QStringLiteral("an Error (%1)").arg(js.toString()));
    } else if (js.isUrl() || js.isVariant()) {
        unwrapped = js.toVariant(); // a C++ value in JS clothing (url, point, ...)
    } else if (js.isObject()) {
        QVariantMap members;
        for (QJSValueIterator it(js); it.hasNext();) {
            it.next();
            members.insert(it.name(), QVariant::fromValue(it.value()));
        }
        unwrapped = members;
    } else {
        cannot(js.toString()); // a symbol: "Symbol(name)"
    }
    return true;
}

void installJsValueConverter()
{
    koder::agent::qt::setForeignValueConverter(&openJsValue);
}

} // namespace

// When the module loads, before any QML can hand a JS value over.
Q_CONSTRUCTOR_FUNCTION(installJsValueConverter)
