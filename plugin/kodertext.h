// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QObject>
#include <QtQml/qqmlregistration.h>

/*!
    \qmltype KoderText
    \inqmlmodule Koder.Agent
    \brief Text helpers for untrusted model output.

    \c toSafeHtml renders Markdown with Qt's own parser (GitHub dialect) for a rich-text item, but
    safely: HTML in the text stays text (it is never interpreted as markup), and images become
    links, so no remote image or resource is ever fetched. Links are only ever reported through
    the view's \c linkActivated signal.
*/
class KoderText : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit KoderText(QObject* parent = nullptr);

    Q_INVOKABLE static QString toSafeHtml(const QString& markdown);
    Q_INVOKABLE static void copyToClipboard(const QString& text);
};
