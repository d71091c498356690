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
    links, so no remote image or resource is ever fetched. Only \c http:, \c https: and
    \c mailto: links are kept (\c isSafeLink); any other link (\c javascript:, \c file:,
    \c data:, a custom scheme, a relative address) and an image at such an address become plain
    text. Links are only ever reported through the view's \c linkActivated signal.
*/
class KoderText : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit KoderText(QObject* parent = nullptr);

    Q_INVOKABLE static QString toSafeHtml(const QString& markdown);
    /*! Whether \a url may be opened: an \c http: or \c https: address with a host, or a
        \c mailto: address (scheme case-insensitive). Nothing else: not \c javascript:,
        \c file:, \c data:, custom schemes or relative links. */
    Q_INVOKABLE static bool isSafeLink(const QString& url);
    Q_INVOKABLE static void copyToClipboard(const QString& text);
};
