// SPDX-License-Identifier: MIT
#include "kodertext.h"

#include <QtCore/QList>
#include <QtCore/QUrl>
#include <QtGui/QClipboard>
#include <QtGui/QGuiApplication>
#include <QtGui/QTextBlock>
#include <QtGui/QTextCursor>
#include <QtGui/QTextDocument>
#include <QtGui/QTextDocumentFragment>

KoderText::KoderText(QObject* parent)
    : QObject(parent)
{
}

bool KoderText::isSafeLink(const QString& url)
{
    // Parsed as Qt.openUrlExternally and QDesktopServices read the string (tolerant mode, not
    // trimmed), so what is checked is what would be opened.
    const QUrl parsed(url);
    if (!parsed.isValid())
        return false;
    const QString scheme = parsed.scheme();
    if (scheme.compare(QLatin1String("http"), Qt::CaseInsensitive) == 0 ||
        scheme.compare(QLatin1String("https"), Qt::CaseInsensitive) == 0)
        return !parsed.host().isEmpty();
    if (scheme.compare(QLatin1String("mailto"), Qt::CaseInsensitive) == 0)
        return !parsed.path().isEmpty();
    return false; // javascript:, file:, data:, custom schemes, relative links
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
