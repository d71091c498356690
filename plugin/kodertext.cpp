// SPDX-License-Identifier: MIT
#include "kodertext.h"

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

QString KoderText::toSafeHtml(const QString& markdown)
{
    QTextDocument doc;
    // MarkdownNoHTML: "<img src=...>" or "<b>" in model text stays literal text.
    doc.setMarkdown(markdown, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                              QTextDocument::MarkdownNoHTML));
    // Markdown images become links to their address: shown, never loaded.
    QTextCursor cursor(&doc);
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid() || !fragment.charFormat().isImageFormat())
                continue;
            const QString url = fragment.charFormat().toImageFormat().name();
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            QTextCharFormat link;
            link.setAnchor(true);
            link.setAnchorHref(url);
            link.setFontUnderline(true);
            cursor.insertText(tr("[image: %1]").arg(url), link);
            it = block.begin(); // the block changed under the iterator: start over
        }
    }
    return doc.toHtml();
}

void KoderText::copyToClipboard(const QString& text)
{
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        clipboard->setText(text);
}
