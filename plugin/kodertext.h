// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtQml/qqmlregistration.h>

// Text helpers for untrusted model output (the KoderText singleton). Documented in
// kodertext.cpp.
class KoderText : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit KoderText(QObject* parent = nullptr);

    Q_INVOKABLE static QString toSafeHtml(const QString& markdown);
    // Whether `url` may be opened: an http: or https: address with a host, or a mailto:
    // address (scheme case-insensitive). Nothing else: not javascript:, file:, data:, custom
    // schemes or relative links.
    Q_INVOKABLE static bool isSafeLink(const QString& url);
    Q_INVOKABLE static void copyToClipboard(const QString& text);
};
