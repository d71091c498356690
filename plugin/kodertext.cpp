// SPDX-License-Identifier: MIT
#include "kodertext.h"

#include "safelink.h"

#include <QtCore/QList>
#include <QtCore/QUrl>
#include <QtGui/QClipboard>
#include <QtGui/QGuiApplication>
#include <QtGui/QTextBlock>
#include <QtGui/QTextCursor>
#include <QtGui/QTextDocument>
#include <QtGui/QTextDocumentFragment>

/*!
    \class KoderText
    \inmodule KoderAgent
    \brief Text helpers for untrusted model output: safe Markdown, safe links, the clipboard.

    The C++ side of the \c KoderText QML singleton. Its functions are static and can be called
    from C++ as well: toSafeHtml() turns Markdown into HTML that fetches nothing and keeps only
    safe links, isSafeLink() says whether a link may be opened.

    In QML: \l [QML] {KoderText}{the KoderText QML type}; the \l {Security} page explains the
    threat it handles.
*/

/*!
    \qmltype KoderText
    \inqmlmodule Koder.Agent
    \instantiates KoderText
    \brief A singleton of text helpers for untrusted model output: Markdown rendered safely,
    link checks, copying to the clipboard.

    KoderText is a singleton: call its methods on the type, as \c{KoderText.toSafeHtml(text)}.

    Text that comes from a model or a server can hold markup meant to make the application
    load a remote image (a tracking pixel, or a URL that carries data out) or to open a
    dangerous link. toSafeHtml() renders Markdown for a rich-text item without any of that:
    HTML in the text stays text, images become links that are shown and never loaded, and only
    \c http:, \c https: and \c mailto: links survive. Links are never opened by the view that
    shows them; it emits \c linkActivated and the application decides, with isSafeLink().

    \qml
    ChatView {
        onLinkActivated: (url) => { if (KoderText.isSafeLink(url)) Qt.openUrlExternally(url) }
    }
    \endqml

    \l Bubble renders message bodies with toSafeHtml() and offers Copy with copyToClipboard().

    \sa {Security}, Bubble
*/

/*!
    \qmlmethod string KoderText::toSafeHtml(string markdown)

    Returns \a markdown rendered as HTML for a \c{Text.RichText} or \c{TextEdit.RichText} item,
    safely. Qt's own Markdown parser reads it (GitHub dialect: tables, task lists,
    strikethrough, autolinks), with HTML switched off, so \c{<img src=...>}, \c{<b>} or
    \c{<script>} in the text appear as the literal characters.

    Links are kept only to \c http: and \c https: addresses with a host and to \c mailto:
    addresses (isSafeLink()); a link to anything else (\c javascript:, \c file:, \c data:, a
    custom scheme, a relative address) loses its target and keeps its label as plain text.
    An image becomes the text \e{[image: <address>]} (translated), a link to that address when
    the address is safe: nothing is ever fetched to show the text.
*/

/*!
    \qmlmethod bool KoderText::isSafeLink(string url)

    Returns whether \a url may be opened: an \c http: or \c https: address with a host, or a
    \c mailto: address with a recipient (the scheme in any case). Everything else is refused:
    \c javascript:, \c file:, \c data:, custom schemes, relative links and text that does not
    parse as a URL. The check reads the string as \c{Qt.openUrlExternally()} would, so what
    passes is what would be opened.
*/

/*!
    \qmlmethod void KoderText::copyToClipboard(string text)

    Puts \a text on the system clipboard as plain text. Does nothing where the application has
    no clipboard.
*/

/*!
    \fn KoderText::KoderText(QObject *parent)

    Constructs the helper object with \a parent. The QML engine makes the singleton; C++ code
    calls the static functions directly.
*/

/*!
    \fn QString KoderText::toSafeHtml(const QString &markdown)

    Returns \a markdown rendered as HTML (Qt's Markdown parser, GitHub dialect, HTML off) in
    which images are links that are never loaded and links other than isSafeLink() ones are
    plain text.
*/

/*!
    \fn bool KoderText::isSafeLink(const QString &url)

    Returns whether \a url is an \c http: or \c https: address with a host, or a \c mailto:
    address: the only links toSafeHtml() keeps.
*/

/*!
    \fn void KoderText::copyToClipboard(const QString &text)

    Puts \a text on the application's clipboard (QGuiApplication::clipboard()), if it has one.
*/

KoderText::KoderText(QObject* parent)
    : QObject(parent)
{
}

bool KoderText::isSafeLink(const QString& url)
{
    return koder::agent::qt::isSafeLink(url);
}

QString KoderText::toSafeHtml(const QString& markdown)
{
    QTextDocument doc;
    // MarkdownNoHTML: "<img src=...>" or "<b>" in model text stays literal text.
    doc.setMarkdown(markdown, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                              QTextDocument::MarkdownNoHTML));

    // First find what to change (images, links to a scheme that is not allowed), then change it
    // from the end backwards so that the positions found stay valid.
    struct Span {
        int position;
        int length;
        bool image;
        QString url;
        QTextCharFormat format;
    };
    QList<Span> spans;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid())
                continue;
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat())
                spans.append({fragment.position(), fragment.length(), true,
                              format.toImageFormat().name(), format});
            else if (format.isAnchor() && !isSafeLink(format.anchorHref()))
                spans.append({fragment.position(), fragment.length(), false, {}, format});
        }
    }

    QTextCursor cursor(&doc);
    for (auto span = spans.crbegin(); span != spans.crend(); ++span) {
        cursor.setPosition(span->position);
        cursor.setPosition(span->position + span->length, QTextCursor::KeepAnchor);
        if (span->image) {
            // Markdown images become links to their address: shown, never loaded; an address
            // that may not be opened is only shown.
            QTextCharFormat shown;
            if (isSafeLink(span->url)) {
                shown.setAnchor(true);
                shown.setAnchorHref(span->url);
                shown.setFontUnderline(true);
            }
            cursor.insertText(tr("[image: %1]").arg(span->url), shown);
        } else {
            // A link to javascript:, file:, data:, a custom scheme or a relative address: its
            // label stays, as text.
            QTextCharFormat text = span->format;
            text.setAnchor(false);
            text.clearProperty(QTextFormat::AnchorHref);
            text.clearProperty(QTextFormat::AnchorName);
            text.clearProperty(QTextFormat::ForegroundBrush);
            text.clearProperty(QTextFormat::TextUnderlineStyle);
            text.clearProperty(QTextFormat::FontUnderline);
            cursor.setCharFormat(text);
        }
    }
    return doc.toHtml();
}

void KoderText::copyToClipboard(const QString& text)
{
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        clipboard->setText(text);
}
