// SPDX-License-Identifier: MIT
// A conversation exported for people to read (KoderConversationStore::exportMarkdown() and
// exportHtml()): Markdown, and a standalone HTML document that shows the Markdown safely. Free
// functions so that the tests and the fuzz target (tests/fuzz/fuzz_export_html.cpp) call them
// without a store.
#pragma once

#include "koder/agent/serialization.h"

#include <QtCore/QString>
#include <QtCore/QStringView>

namespace koder::agent::qt {

/// The active path of `conversation` (its `messages`; never the other versions) as Markdown:
/// `# title`, then per message a `## You`, `## Assistant`, `## Tool result` or `## Summary`
/// heading (translated) and its text as it is. Tool calls and results are fenced code blocks
/// whose fence is longer than any run of backticks inside. System and checkpoint rows are left
/// out.
QString conversationMarkdown(const Conversation& conversation);

/// The active path of `conversation` as a standalone HTML document that loads nothing (a
/// Content-Security-Policy that allows inline style only, no image, no script): the escaped
/// title, then one <section> per message with the role, the local time and the body; user,
/// assistant and summary text rendered by safeHtmlOfMarkdown(), tool results as escaped plain
/// text. System and checkpoint rows are left out.
QString conversationHtml(const Conversation& conversation);

/// `markdown` (GitHub dialect, raw HTML off) as an HTML fragment made of p, h1-h6, ul, ol, li,
/// blockquote, pre, code, em, strong, del, table, thead, tbody, tr, th, td, hr, br and a only.
/// Every character of the text is escaped; links keep their target only when isSafeExportLink()
/// allows it (with rel="noopener noreferrer nofollow"), otherwise their label only; an image is
/// the text "[image: <address>]", a link to it when the address is safe. The output never holds
/// the character sequences "javascript:" or "src=" in any case (their ':' and '=' are written
/// as character references), so a naive filter downstream finds nothing to trip over either.
QString safeHtmlOfMarkdown(QStringView markdown);

/// Whether `url` may be a link's target: an http: or https: address with a host, or a mailto:
/// address with a recipient. The rule of KoderText::isSafeLink() (plugin/kodertext.cpp), which
/// this library cannot call.
bool isSafeExportLink(const QString& url);

/// A code fence of backticks for `text`: at least three, and longer than any run of backticks
/// in it, so that nothing inside closes the block.
QString markdownFence(QStringView text);

} // namespace koder::agent::qt
