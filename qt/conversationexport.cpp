// SPDX-License-Identifier: MIT
// KoderConversationStore::exportMarkdown() and exportHtml(), and the renderers behind them.
//
// The HTML export is a file a user opens in a browser, outside any sandbox the application
// has: whatever a model, a server or an imported file put into a conversation must not run,
// load or link anything dangerous there. So the Markdown is parsed by md4c (the parser Qt's
// QTextDocument uses; this library has no Qt Gui) with raw HTML off, and written by the
// renderer below, which knows a short list of tags and escapes every character of the text;
// nothing the text says ever becomes a tag or an attribute of its choosing.
#include "conversationexport.h"

#include "safelink.h"

#include "qtconvert.h"
#include "toolresulttext.h"

// The fuzz target (tests/fuzz/fuzz_export_html.cpp) compiles this file without the store, so
// that the renderers are instrumented for libFuzzer without the whole (shared) library.
#ifndef KODER_EXPORT_WITHOUT_STORE
#include "koderconversationstore.h"
#endif

#include <QtCore/QByteArray>
#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QUrl>

#include <md4c.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#ifndef KODER_EXPORT_WITHOUT_STORE

/*!
    \fn QString KoderConversationStore::exportMarkdown(const QString &id) const

    Returns the active path of the conversation \a id as Markdown (a heading per message, tool
    calls and results in fenced code blocks), or an empty string when it does not exist or
    cannot be read.
*/

/*!
    \fn QString KoderConversationStore::exportHtml(const QString &id) const

    Returns the active path of the conversation \a id as a standalone HTML document that loads
    nothing, its Markdown rendered with every character escaped and only safe links kept, or an
    empty string when it does not exist or cannot be read.
*/

QString KoderConversationStore::exportMarkdown(const QString& id) const
{
    auto* self = const_cast<KoderConversationStore*>(this);
    const auto c = self->loadConversation(id);
    if (!c)
        return {};
    return koder::agent::qt::conversationMarkdown(*c);
}

QString KoderConversationStore::exportHtml(const QString& id) const
{
    auto* self = const_cast<KoderConversationStore*>(this);
    const auto c = self->loadConversation(id);
    if (!c)
        return {};
    return koder::agent::qt::conversationHtml(*c);
}

#endif // KODER_EXPORT_WITHOUT_STORE

namespace koder::agent::qt {

namespace {

// A text of this file in the user's language: the store's (it is the store that exports). The
// texts are marked where they are written, with QT_TRANSLATE_NOOP, which lupdate reads (it skips
// a call to a function named translate() whose arguments are not string literals).
QString translated(const char* text)
{
    return QCoreApplication::translate("KoderConversationStore", text);
}

constexpr char replacementCharacter[] = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

char asciiLower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `out` ends with `word` (lower case), in any case.
bool endsWithInsensitive(const QByteArray& out, std::string_view word)
{
    const auto n = static_cast<qsizetype>(word.size());
    if (out.size() < n)
        return false;
    const char* tail = out.constData() + (out.size() - n);
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (asciiLower(tail[i]) != word[i])
            return false;
    }
    return true;
}

// Appends `text` (UTF-8) to the HTML in `out` as character data, good in element content and
// in a quoted attribute value alike. Beyond the five characters that could end text or a value,
// the ':' of "javascript:" and the '=' of "src=" are written as character references: the
// browser shows the same text, and no filter or reader that looks for those sequences in the
// file (a mail gateway, a naive sanitiser, the fuzz target) finds them. The check looks back
// into `out`, so a sequence split over several pieces of text is caught too; the renderers'
// own markup never ends with those words, so only the text's characters can form them.
void appendEscaped(QByteArray& out, std::string_view text)
{
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        case ':':
            out += endsWithInsensitive(out, "javascript") ? "&#58;" : ":";
            break;
        case '=':
            out += endsWithInsensitive(out, "src") ? "&#61;" : "=";
            break;
        case '\0':
            out += replacementCharacter; // a NUL is a parse error in HTML
            break;
        default:
            out += c;
        }
    }
}

void appendEscaped(QByteArray& out, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    appendEscaped(out, std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
}

bool isAsciiAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isAsciiDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isAsciiHexDigit(char c)
{
    return isAsciiDigit(c) || (asciiLower(c) >= 'a' && asciiLower(c) <= 'f');
}

// Whether `entity` is a character reference as md4c reports one (MD_TEXT_ENTITY): "&name;",
// "&#123;" or "&#x1F;". Checked again rather than trusted, since it is copied into the HTML as
// it is.
bool isCharacterReference(std::string_view entity)
{
    if (entity.size() < 3 || entity.front() != '&' || entity.back() != ';')
        return false;
    std::string_view body = entity.substr(1, entity.size() - 2);
    if (body.front() == '#') {
        body.remove_prefix(1);
        const bool hex = !body.empty() && (body.front() == 'x' || body.front() == 'X');
        if (hex)
            body.remove_prefix(1);
        if (body.empty() || body.size() > 8)
            return false;
        return std::all_of(body.begin(), body.end(), hex ? isAsciiHexDigit : isAsciiDigit);
    }
    return isAsciiAlpha(body.front()) && body.size() <= 48 &&
           std::all_of(body.begin(), body.end(),
                       [](char c) { return isAsciiAlpha(c) || isAsciiDigit(c); });
}

void appendUtf8(QByteArray& out, char32_t code)
{
    if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
        out += replacementCharacter;
        return;
    }
    const auto byte = [](char32_t value) { return static_cast<char>(value); };
    if (code < 0x80) {
        out += byte(code);
    } else if (code < 0x800) {
        out += byte(0xC0 | (code >> 6));
        out += byte(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += byte(0xE0 | (code >> 12));
        out += byte(0x80 | ((code >> 6) & 0x3F));
        out += byte(0x80 | (code & 0x3F));
    } else {
        out += byte(0xF0 | (code >> 18));
        out += byte(0x80 | ((code >> 12) & 0x3F));
        out += byte(0x80 | ((code >> 6) & 0x3F));
        out += byte(0x80 | (code & 0x3F));
    }
}

// Appends the character a reference in a link or image address stands for. Numeric ones and
// the five of XML are decoded; another named one stays as the text it is (this renderer has no
// table of HTML's two thousand names), which can only make an address fail the check, never
// pass it.
void appendDecodedReference(QByteArray& out, std::string_view entity)
{
    if (!isCharacterReference(entity)) {
        out.append(entity.data(), static_cast<qsizetype>(entity.size()));
        return;
    }
    std::string_view body = entity.substr(1, entity.size() - 2);
    if (body.front() == '#') {
        body.remove_prefix(1);
        int base = 10;
        if (body.front() == 'x' || body.front() == 'X') {
            base = 16;
            body.remove_prefix(1);
        }
        char32_t code = 0;
        for (const char c : body) {
            const auto digit =
                static_cast<char32_t>(isAsciiDigit(c) ? c - '0' : asciiLower(c) - 'a' + 10);
            code = code * static_cast<char32_t>(base) + digit;
            if (code > 0x10FFFF) // at most 8 digits: no overflow before this
                break;
        }
        appendUtf8(out, code);
        return;
    }
    static constexpr std::pair<std::string_view, char> xml[] = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    for (const auto& [name, c] : xml) {
        if (body == name) {
            out += c;
            return;
        }
    }
    out.append(entity.data(), static_cast<qsizetype>(entity.size()));
}

// An md4c attribute (a link's or an image's address, a code block's language) as the text it
// stands for.
QString attributeText(const MD_ATTRIBUTE& attribute)
{
    // An absent attribute (a code block without an info string) has no substrings at all.
    if (attribute.text == nullptr || attribute.size == 0 || attribute.substr_offsets == nullptr)
        return {};
    QByteArray utf8;
    for (int i = 0; attribute.substr_offsets[i] < attribute.size; ++i) {
        const MD_OFFSET from = attribute.substr_offsets[i];
        const MD_OFFSET to = attribute.substr_offsets[i + 1];
        const std::string_view part(attribute.text + from, to - from);
        switch (attribute.substr_types[i]) {
        case MD_TEXT_NULLCHAR:
            utf8 += replacementCharacter;
            break;
        case MD_TEXT_ENTITY:
            appendDecodedReference(utf8, part);
            break;
        default:
            utf8.append(part.data(), static_cast<qsizetype>(part.size()));
        }
    }
    return QString::fromUtf8(utf8);
}

// The class of a fenced code block: its info string's first word (md4c's `lang`), reduced to
// the characters a language name needs, so that it can be neither markup nor another attribute.
QByteArray languageClass(const MD_ATTRIBUTE& lang)
{
    QByteArray name;
    for (const QChar c : attributeText(lang)) {
        const char16_t u = c.unicode();
        if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
            u == u'_' || u == u'+' || u == u'-')
            name += static_cast<char>(u);
        if (name.size() >= 64)
            break;
    }
    return name;
}

// md4c's events written as HTML into `out`, from a list of known tags only.
class MarkdownToHtml {
public:
    explicit MarkdownToHtml(QByteArray& out)
        : m_out(out)
    {
    }

    void render(QStringView markdown)
    {
        const QByteArray utf8 = markdown.toUtf8();
        const qsizetype start = m_out.size();
        MD_PARSER parser{};
        // GitHub's dialect (tables, strikethrough, task lists, autolinks); raw HTML off, so that
        // "<script>" or "<img src=...>" in the text reach text() as text and are escaped.
        parser.flags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML;
        parser.enter_block = [](MD_BLOCKTYPE type, void* detail, void* self) {
            return static_cast<MarkdownToHtml*>(self)->enterBlock(type, detail);
        };
        parser.leave_block = [](MD_BLOCKTYPE type, void* detail, void* self) {
            return static_cast<MarkdownToHtml*>(self)->leaveBlock(type, detail);
        };
        parser.enter_span = [](MD_SPANTYPE type, void* detail, void* self) {
            return static_cast<MarkdownToHtml*>(self)->enterSpan(type, detail);
        };
        parser.leave_span = [](MD_SPANTYPE type, void*, void* self) {
            return static_cast<MarkdownToHtml*>(self)->leaveSpan(type);
        };
        parser.text = [](MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
            return static_cast<MarkdownToHtml*>(self)->text(type, std::string_view(text, size));
        };
        // md4c takes an unsigned size; a message of 4 GiB is not shown whole.
        const auto size = static_cast<MD_SIZE>(
            std::min<qsizetype>(utf8.size(), std::numeric_limits<MD_SIZE>::max()));
        if (md_parse(utf8.constData(), size, &parser, this) != 0) {
            // md4c ran out of memory: the text as it is, escaped, rather than half a document.
            m_out.truncate(start);
            m_out += "<pre>";
            appendEscaped(m_out, std::string_view(utf8.constData(), size));
            m_out += "</pre>\n";
        }
    }

private:
    int enterBlock(MD_BLOCKTYPE type, void* detail)
    {
        closeAllInline(); // none should be open (see closeInline())
        switch (type) {
        case MD_BLOCK_DOC:
            break;
        case MD_BLOCK_QUOTE:
            m_out += "<blockquote>\n";
            break;
        case MD_BLOCK_UL:
            m_out += "<ul>\n";
            break;
        case MD_BLOCK_OL: {
            const auto* ol = static_cast<const MD_BLOCK_OL_DETAIL*>(detail);
            if (ol->start == 1) {
                m_out += "<ol>\n";
            } else {
                m_out += "<ol start=\"";
                m_out += QByteArray::number(ol->start);
                m_out += "\">\n";
            }
            break;
        }
        case MD_BLOCK_LI: {
            m_out += "<li>";
            // A task list item's box as a character: an <input> would be one more element for
            // the reader to trust.
            const auto* li = static_cast<const MD_BLOCK_LI_DETAIL*>(detail);
            if (li->is_task)
                m_out += li->task_mark == ' ' ? "\xE2\x98\x90 " : "\xE2\x98\x91 "; // U+2610/2611
            break;
        }
        case MD_BLOCK_HR:
            m_out += "<hr>\n";
            break;
        case MD_BLOCK_H:
            m_out += "<h";
            m_out += heading(detail);
            m_out += ">";
            break;
        case MD_BLOCK_CODE: {
            m_out += "<pre><code";
            const QByteArray language =
                languageClass(static_cast<const MD_BLOCK_CODE_DETAIL*>(detail)->lang);
            if (!language.isEmpty()) {
                m_out += " class=\"language-";
                m_out += language;
                m_out += "\"";
            }
            m_out += ">";
            break;
        }
        case MD_BLOCK_HTML: // not with MD_FLAG_NOHTML; should it come, its text is escaped
            m_out += "<pre>";
            break;
        case MD_BLOCK_P:
            m_out += "<p>";
            break;
        case MD_BLOCK_TABLE:
            m_out += "<table>\n";
            break;
        case MD_BLOCK_THEAD:
            m_out += "<thead>\n";
            break;
        case MD_BLOCK_TBODY:
            m_out += "<tbody>\n";
            break;
        case MD_BLOCK_TR:
            m_out += "<tr>";
            break;
        case MD_BLOCK_TH:
            m_out += "<th>";
            break;
        case MD_BLOCK_TD:
            m_out += "<td>";
            break;
        }
        return 0;
    }

    int leaveBlock(MD_BLOCKTYPE type, void* detail)
    {
        closeAllInline();
        switch (type) {
        case MD_BLOCK_DOC:
        case MD_BLOCK_HR:
            break;
        case MD_BLOCK_QUOTE:
            m_out += "</blockquote>\n";
            break;
        case MD_BLOCK_UL:
            m_out += "</ul>\n";
            break;
        case MD_BLOCK_OL:
            m_out += "</ol>\n";
            break;
        case MD_BLOCK_LI:
            m_out += "</li>\n";
            break;
        case MD_BLOCK_H:
            m_out += "</h";
            m_out += heading(detail);
            m_out += ">\n";
            break;
        case MD_BLOCK_CODE:
            m_out += "</code></pre>\n";
            break;
        case MD_BLOCK_HTML:
            m_out += "</pre>\n";
            break;
        case MD_BLOCK_P:
            m_out += "</p>\n";
            break;
        case MD_BLOCK_TABLE:
            m_out += "</table>\n";
            break;
        case MD_BLOCK_THEAD:
            m_out += "</thead>\n";
            break;
        case MD_BLOCK_TBODY:
            m_out += "</tbody>\n";
            break;
        case MD_BLOCK_TR:
            m_out += "</tr>\n";
            break;
        case MD_BLOCK_TH:
            m_out += "</th>";
            break;
        case MD_BLOCK_TD:
            m_out += "</td>";
            break;
        }
        return 0;
    }

    static char heading(void* detail)
    {
        const unsigned level = static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level;
        return static_cast<char>('0' + std::clamp(level, 1u, 6u));
    }

    int enterSpan(MD_SPANTYPE type, void* detail)
    {
        // Inside an image nothing is written (its description is not shown: the image is the
        // text written when it began); only nested images are counted, to find its end.
        if (m_image > 0) {
            if (type == MD_SPAN_IMG)
                ++m_image;
            return 0;
        }
        switch (type) {
        case MD_SPAN_EM:
            openInline(type, "<em>", "</em>");
            break;
        case MD_SPAN_STRONG:
            openInline(type, "<strong>", "</strong>");
            break;
        case MD_SPAN_CODE:
            openInline(type, "<code>", "</code>");
            break;
        case MD_SPAN_DEL:
            openInline(type, "<del>", "</del>");
            break;
        case MD_SPAN_A: {
            // A link to anything but http(s) with a host or mailto keeps its label only (its
            // element writes nothing). An <a> is never opened inside another (an image in a
            // link's label is the one case).
            const QString url = attributeText(static_cast<const MD_SPAN_A_DETAIL*>(detail)->href);
            if (!inLink() && isSafeExportLink(url))
                openInline(type, linkStart(url), "</a>");
            else
                openInline(type, {}, {});
            break;
        }
        case MD_SPAN_IMG: {
            // Never an <img>: the export loads nothing. The address is shown, and is a link
            // when it is safe, so a reader can still open it on purpose.
            ++m_image;
            const QString url = attributeText(static_cast<const MD_SPAN_IMG_DETAIL*>(detail)->src);
            //: An image of a message in an exported conversation, never loaded; %1 is its address.
            const QString shown =
                translated(QT_TRANSLATE_NOOP("KoderConversationStore", "[image: %1]")).arg(url);
            const bool linked = !inLink() && isSafeExportLink(url);
            if (linked)
                m_out += linkStart(url);
            appendEscaped(m_out, shown);
            if (linked)
                m_out += "</a>";
            break;
        }
        case MD_SPAN_LATEXMATH: // the extensions below are not switched on
        case MD_SPAN_LATEXMATH_DISPLAY:
        case MD_SPAN_WIKILINK:
        case MD_SPAN_U:
            break;
        }
        return 0;
    }

    int leaveSpan(MD_SPANTYPE type)
    {
        if (m_image > 0) {
            if (type == MD_SPAN_IMG)
                --m_image;
            return 0;
        }
        closeInline(type);
        return 0;
    }

    int text(MD_TEXTTYPE type, std::string_view text)
    {
        if (m_image > 0)
            return 0;
        switch (type) {
        case MD_TEXT_NULLCHAR:
            m_out += replacementCharacter;
            break;
        case MD_TEXT_BR:
            m_out += "<br>\n";
            break;
        case MD_TEXT_SOFTBR:
            m_out += "\n";
            break;
        case MD_TEXT_ENTITY:
            // A character reference stays one ("&lt;" shows "<", as Markdown means); it cannot
            // start markup. Anything else is escaped.
            if (isCharacterReference(text))
                m_out.append(text.data(), static_cast<qsizetype>(text.size()));
            else
                appendEscaped(m_out, text);
            break;
        case MD_TEXT_NORMAL:
        case MD_TEXT_CODE:
        case MD_TEXT_HTML: // raw HTML is off; should some come, it is shown as text
        case MD_TEXT_LATEXMATH:
            appendEscaped(m_out, text);
            break;
        }
        return 0;
    }

    // An inline element: the markup that opens it (again) and the markup that closes it, both
    // empty for a link whose target was refused.
    struct Inline {
        MD_SPANTYPE type;
        QByteArray start;
        QByteArray end;
    };

    void openInline(MD_SPANTYPE type, QByteArray start, QByteArray end)
    {
        m_out += start;
        m_inline.push_back({type, std::move(start), std::move(end)});
    }

    // md4c 0.4.8 does not always report spans well nested: a '~' inside a permissive autolink
    // can end a strikethrough that began outside it, or end one that never began. The HTML
    // stays well nested whatever comes: an element ends where md4c says, the ones opened inside
    // it are closed before it and opened again after it; an end without a start is ignored,
    // and a block's end closes what is still open in it.
    void closeInline(MD_SPANTYPE type)
    {
        const auto found = std::find_if(m_inline.rbegin(), m_inline.rend(),
                                        [type](const Inline& e) { return e.type == type; });
        if (found == m_inline.rend())
            return;
        const auto at = std::next(found).base(); // the element as a forward iterator
        for (auto inner = m_inline.rbegin(); inner != found; ++inner)
            m_out += inner->end;
        m_out += at->end;
        std::vector<Inline> reopened(std::make_move_iterator(std::next(at)),
                                     std::make_move_iterator(m_inline.end()));
        m_inline.erase(at, m_inline.end());
        for (Inline& inner : reopened)
            openInline(inner.type, std::move(inner.start), std::move(inner.end));
    }

    void closeAllInline()
    {
        for (auto e = m_inline.rbegin(); e != m_inline.rend(); ++e)
            m_out += e->end;
        m_inline.clear();
        m_image = 0;
    }

    bool inLink() const
    {
        return std::any_of(m_inline.begin(), m_inline.end(), [](const Inline& e) {
            return e.type == MD_SPAN_A && !e.start.isEmpty();
        });
    }

    // The address written is QUrl's fully encoded form of the one checked: what the browser
    // parses is what passed (spaces, quotes and control characters are percent-encoded, so it
    // cannot read another scheme out of it than QUrl did).
    static QByteArray linkStart(const QString& url)
    {
        QByteArray start = "<a href=\"";
        appendEscaped(start, QString::fromUtf8(QUrl(url).toEncoded(QUrl::FullyEncoded)));
        start += "\" rel=\"noopener noreferrer nofollow\">";
        return start;
    }

    QByteArray& m_out;
    int m_image = 0;              ///< images open (their descriptions are not written)
    std::vector<Inline> m_inline; ///< the inline elements open, innermost last
};

void appendMarkdownAsHtml(QByteArray& out, QStringView markdown)
{
    MarkdownToHtml(out).render(markdown);
}

QString titleOf(const Conversation& conversation)
{
    // One line: a title is a heading in both exports.
    const QString title = toQString(conversation.title).simplified();
    //: The title of an exported conversation that has none.
    return title.isEmpty() ? translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Conversation"))
                           : title;
}

// The heading of a message in the exports; empty for the rows that are not exported (system
// prompts and checkpoints are the application's, not part of what was said).
QString roleHeading(Role role)
{
    switch (role) {
    case Role::User:
        //: Heading of the user's messages in an exported conversation.
        return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "You"));
    case Role::Assistant:
        //: Heading of the model's replies in an exported conversation.
        return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Assistant"));
    case Role::Tool:
        //: Heading of what a tool returned in an exported conversation.
        return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Tool result"));
    case Role::Summary:
        //: Heading of a summary of earlier messages (context compaction) in an export.
        return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Summary"));
    case Role::System:
    case Role::Checkpoint:
        break;
    }
    return {};
}

const char* roleClass(Role role)
{
    switch (role) {
    case Role::User:
        return "user";
    case Role::Assistant:
        return "assistant";
    case Role::Tool:
        return "tool";
    case Role::Summary:
        return "summary";
    case Role::System:
    case Role::Checkpoint:
        break;
    }
    return "";
}

// A tool result as the user reads it: the core's own answers (a denied call, one never run)
// translated, anything else as the tool returned it.
QString toolResultText(const Message& message)
{
    return shownToolResultText(toQString(message.text));
}

QString toolCallLine(const QString& name)
{
    //: Before the name of a tool the model called, in an exported conversation.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Tool call: %1")).arg(name);
}

QString toolNameLine(const QString& name)
{
    //: Before the name of the tool whose result follows, in an exported conversation.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Tool: %1")).arg(name);
}

QString toolErrorLine()
{
    //: Under the heading of a tool result the tool marked as an error, in an export.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "The tool reported an error."));
}

QString errorLine(const Message& message)
{
    //: A reply that ended with an error, in an exported conversation; %1 is the error.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Error: %1"))
        .arg(toQString(message.error()));
}

QString stoppedLine()
{
    //: A reply the user stopped before it was complete, in an exported conversation.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Stopped before the end."));
}

QString reasoningLabel()
{
    //: The collapsed part of an exported reply that holds the model's reasoning.
    return translated(QT_TRANSLATE_NOOP("KoderConversationStore", "Reasoning"));
}

// ---- Markdown ----------------------------------------------------------------------------------

// An inline code span holding `text` on one line: its delimiter longer than any run of
// backticks in it, padded with a space where the text starts or ends with one (CommonMark).
QString codeSpan(const QString& text)
{
    QString oneLine = text;
    oneLine.replace(u'\n', u' ').replace(u'\r', u' ');
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : oneLine) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString delimiter(longest + 1, u'`');
    const bool pad = oneLine.startsWith(u'`') || oneLine.endsWith(u'`') ||
                     (oneLine.startsWith(u' ') && oneLine.endsWith(u' '));
    const QString space = pad ? QStringLiteral(" ") : QString();
    return delimiter + space + oneLine + space + delimiter;
}

void appendFenced(QString& out, const QString& text, QStringView info = {})
{
    const QString fence = markdownFence(text);
    out += fence;
    out += info;
    out += u'\n';
    out += text;
    if (!text.isEmpty() && !text.endsWith(u'\n'))
        out += u'\n';
    out += fence + QStringLiteral("\n\n");
}

void appendParagraph(QString& out, const QString& text)
{
    if (text.isEmpty())
        return;
    out += text;
    if (!text.endsWith(u'\n'))
        out += u'\n';
    out += u'\n';
}

// The text with the fenced code block it leaves open closed (a reply stopped inside one):
// the next message's heading would be code otherwise. CommonMark's rule: a fence is three or
// more backticks or tildes after at most three spaces; the block ends at a fence of the same
// character, at least as long, with nothing after it.
QString withFencesClosed(const QString& text)
{
    QChar fenceChar;
    qsizetype open = 0;
    for (const QStringView line : QStringView(text).tokenize(u'\n')) {
        qsizetype indent = 0;
        while (indent < line.size() && indent < 4 && line[indent] == u' ')
            ++indent;
        if (indent > 3 || indent == line.size())
            continue;
        const QChar c = line[indent];
        if (c != u'`' && c != u'~')
            continue;
        qsizetype n = indent;
        while (n < line.size() && line[n] == c)
            ++n;
        const qsizetype length = n - indent;
        const QStringView rest = line.mid(n);
        if (length < 3)
            continue;
        if (open == 0) {
            if (c == u'`' && rest.contains(u'`'))
                continue; // an info string with a backtick: not a fence
            fenceChar = c;
            open = length;
        } else if (c == fenceChar && length >= open && rest.trimmed().isEmpty()) {
            open = 0;
        }
    }
    if (open == 0)
        return text;
    QString closed = text;
    if (!closed.endsWith(u'\n'))
        closed += u'\n';
    return closed + QString(open, fenceChar);
}

void appendMarkdownMessage(QString& out, const Message& message)
{
    const QString heading = roleHeading(message.role);
    if (heading.isEmpty())
        return;
    out += QStringLiteral("## ") + heading + QStringLiteral("\n\n");
    if (message.role == Role::Tool) {
        const QString name = toQString(message.toolName());
        if (!name.isEmpty())
            appendParagraph(out, toolNameLine(codeSpan(name)));
        if (message.isError)
            appendParagraph(out, toolErrorLine());
        appendFenced(out, toolResultText(message));
        return;
    }
    if (message.role == Role::Assistant && !message.reasoning().empty()) {
        // A quote, so that the reasoning stays apart from the reply in any viewer.
        out += QStringLiteral("> **") + reasoningLabel() + QStringLiteral("**\n>\n");
        const QStringList lines = toQString(message.reasoning()).split(u'\n');
        for (const QString& line : lines) {
            out += line.isEmpty() ? QStringLiteral(">") : QStringLiteral("> ") + line;
            out += u'\n';
        }
        out += u'\n';
    }
    appendParagraph(out, withFencesClosed(toQString(message.text)));
    if (message.role != Role::Assistant)
        return;
    for (const ToolCall& call : message.toolCalls()) {
        appendParagraph(out, toolCallLine(codeSpan(toQString(call.name))));
        appendFenced(out, toQString(call.arguments), u"json");
    }
    if (!message.error().empty())
        appendParagraph(out, errorLine(message));
    else if (message.aborted)
        appendParagraph(out, stoppedLine());
}

// ---- HTML --------------------------------------------------------------------------------------

// The document's only style: readable in light and dark (the system's choice), nothing loaded.
constexpr char documentStyle[] = R"(:root {
  color-scheme: light dark;
  --fg: #1f2328; --bg: #ffffff; --muted: #59636e; --border: #d1d9e0;
  --code: #f6f8fa; --mine: #ddf4ff; --link: #0969da; --error: #cf222e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --border: #3d444d;
    --code: #151b23; --mine: #12263f; --link: #4493f8; --error: #f47067;
  }
}
body {
  margin: 0 auto; max-width: 50rem; padding: 1.5rem;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--fg); background: var(--bg); overflow-wrap: anywhere;
}
h1 { font-size: 1.6rem; }
section { border-top: 1px solid var(--border); padding: 0.75rem 0; }
section.user { background: var(--mine); border-radius: 8px; padding: 0.75rem 1rem; }
section > h2 { font-size: 1rem; margin: 0; display: inline; }
section > time, .meta { color: var(--muted); font-size: 0.85rem; margin-left: 0.5rem; }
.tool, .note { color: var(--muted); font-size: 0.9rem; }
.error { color: var(--error); }
pre {
  background: var(--code); border: 1px solid var(--border); border-radius: 6px;
  padding: 0.75rem; overflow-x: auto; white-space: pre-wrap;
}
code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
:not(pre) > code { background: var(--code); border-radius: 4px; padding: 0.1em 0.3em; }
blockquote {
  margin: 0.5rem 0; padding-left: 1rem; border-left: 3px solid var(--border); color: var(--muted);
}
table { border-collapse: collapse; }
th, td { border: 1px solid var(--border); padding: 0.25rem 0.6rem; }
a { color: var(--link); }
details { color: var(--muted); margin: 0.5rem 0; }
summary { cursor: pointer; }
@media print { section.user { border: 1px solid var(--border); } }
)";

void appendTime(QByteArray& out, std::int64_t createdAt)
{
    if (createdAt <= 0) // unknown (imported without one)
        return;
    // The reader's local time, with its offset in the machine-readable form.
    QDateTime local = QDateTime::fromMSecsSinceEpoch(createdAt);
    local = local.toOffsetFromUtc(local.offsetFromUtc());
    out += "\n<time datetime=\"";
    appendEscaped(out, local.toString(Qt::ISODate));
    out += "\">";
    appendEscaped(out, local.toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    out += "</time>";
}

void appendClassedParagraph(QByteArray& out, const char* cls, const QString& text)
{
    out += "<p class=\"";
    out += cls;
    out += "\">";
    appendEscaped(out, text);
    out += "</p>\n";
}

void appendPre(QByteArray& out, const QString& text)
{
    out += "<pre><code>";
    appendEscaped(out, text);
    out += "</code></pre>\n";
}

void appendHtmlMessage(QByteArray& out, const Message& message)
{
    const QString heading = roleHeading(message.role);
    if (heading.isEmpty())
        return;
    out += "<section class=\"";
    out += roleClass(message.role);
    out += "\">\n<h2>";
    appendEscaped(out, heading);
    out += "</h2>";
    appendTime(out, message.createdAt);
    out += "\n";
    if (message.role == Role::Tool) {
        // What a tool returned is data, not the model's prose: plain text, as it is.
        const QString name = toQString(message.toolName());
        if (!name.isEmpty())
            appendClassedParagraph(out, "tool", toolNameLine(name));
        if (message.isError)
            appendClassedParagraph(out, "error", toolErrorLine());
        appendPre(out, toolResultText(message));
        out += "</section>\n";
        return;
    }
    if (message.role == Role::Assistant && !message.reasoning().empty()) {
        out += "<details><summary>";
        appendEscaped(out, reasoningLabel());
        out += "</summary>\n";
        appendMarkdownAsHtml(out, toQString(message.reasoning()));
        out += "</details>\n";
    }
    appendMarkdownAsHtml(out, toQString(message.text));
    if (message.role == Role::Assistant) {
        for (const ToolCall& call : message.toolCalls()) {
            appendClassedParagraph(out, "tool", toolCallLine(toQString(call.name)));
            appendPre(out, toQString(call.arguments));
        }
        if (!message.error().empty())
            appendClassedParagraph(out, "error", errorLine(message));
        else if (message.aborted)
            appendClassedParagraph(out, "note", stoppedLine());
    }
    out += "</section>\n";
}

} // namespace

bool isSafeExportLink(const QString& url)
{
    return isSafeLink(url);
}

QString markdownFence(QStringView text)
{
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max<qsizetype>(3, longest + 1), u'`');
}

QString safeHtmlOfMarkdown(QStringView markdown)
{
    QByteArray out;
    appendMarkdownAsHtml(out, markdown);
    return QString::fromUtf8(out);
}

QString conversationMarkdown(const Conversation& conversation)
{
    QString out = QStringLiteral("# ") + titleOf(conversation) + QStringLiteral("\n\n");
    for (const Message& message : conversation.messages)
        appendMarkdownMessage(out, message);
    return out;
}

QString conversationHtml(const Conversation& conversation)
{
    const QString title = titleOf(conversation);
    QByteArray out;
    out += "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n";
    // Defence in depth: should anything in the body still name a resource, the browser loads
    // nothing (no script, image, font, frame or style sheet); only the inline style applies.
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'\">\n";
    // A link followed from the file tells the site nothing about it.
    out += "<meta name=\"referrer\" content=\"no-referrer\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<title>";
    appendEscaped(out, title);
    out += "</title>\n<style>\n";
    out += documentStyle;
    out += "</style>\n</head>\n<body>\n<h1>";
    appendEscaped(out, title);
    out += "</h1>\n";
    for (const Message& message : conversation.messages)
        appendHtmlMessage(out, message);
    out += "</body>\n</html>\n";
    return QString::fromUtf8(out);
}

} // namespace koder::agent::qt
