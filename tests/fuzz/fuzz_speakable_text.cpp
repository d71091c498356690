// SPDX-License-Identifier: MIT
// SpeakableText (qt/speakabletext.cpp, compiled in): the Markdown of a reply made speakable,
// piece by piece, as KoderSpeech feeds it the phrases of a streaming reply.
//
// Any text (the payload read as UTF-8, and as UTF-16 code units, lone surrogates and all), fed
// whole, in the pieces the header cuts, one character at a time (when short) and as the phrases
// of phrasesOf(): nothing crashes; each utterance is one line of words (simplified, with a letter
// or a digit); it says no character the text does not hold but blanks, commas and the sentence
// that stands for a code block; no backtick unless the text escapes one or has a "<"; what a
// piece holds back (a link not closed) stays under 2 * maxHeld characters said; the same pieces
// say the same again after reset(); phrasesOf() cuts the whole text, nothing lost.
//
// And a reply built from the payload's bytes out of Markdown's parts (words w0, w1, ... in text,
// emphasis, code spans, links, images, autolinks, tags, headings, lists, tasks, quotes, tables,
// rules, fenced code blocks in languages l0, l1, ...), cut where the core cuts a streaming reply
// (after . ! ? ; : and line breaks, and before a blank: where a 160-byte cut falls between
// tokens): every word is said once and in order, each code block once as "Code block in lN."
// where it was, and none of the syntax, the link targets or the code is ever said.
#include "fuzzcheck.h"
#include "speakabletext.h"

#include <QtCore/QRegularExpression>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

using koder::agent::qt::SpeakableText;
using koder::fuzz::Chunked;
using koder::fuzz::printable;

std::string utf8(const QString& text)
{
    return text.toStdString();
}

// What one way of feeding said: the utterances in order (empty ones left out), the last being
// what finish() gave.
QStringList feed(const std::vector<QStringView>& pieces)
{
    SpeakableText s;
    QStringList said;
    for (const QStringView piece : pieces) {
        const QString out = s.next(piece);
        // What is held back is bounded: a copy's finish() says it.
        SpeakableText copy = s;
        const QString held = copy.finish();
        KODER_FUZZ_CHECK(held.size() < 2 * SpeakableText::maxHeld,
                         "held back " + std::to_string(held.size()) + " characters");
        if (!out.isEmpty())
            said << out;
    }
    if (const QString rest = s.finish(); !rest.isEmpty())
        said << rest;
    KODER_FUZZ_CHECK(s.finish().isEmpty(), "finish() said something twice");
    return said;
}

std::vector<QStringView> cutAt(QStringView text, std::vector<qsizetype> at)
{
    std::vector<QStringView> pieces;
    qsizetype from = 0;
    for (const qsizetype cut : at) {
        if (cut <= from || cut >= text.size())
            continue;
        pieces.push_back(text.mid(from, cut - from));
        from = cut;
    }
    pieces.push_back(text.mid(from));
    return pieces;
}

// What holds for any utterance of any text.
void checkUtterances(const QStringList& said, const QString& text, const char* how)
{
    const bool escapesOrAngles = text.contains(u'\\') || text.contains(u'<');
    for (const QString& u : said) {
        const std::string where =
            std::string(how) + ": " + printable(utf8(u)) + "\n  of: " + printable(utf8(text));
        KODER_FUZZ_CHECK(u == u.simplified(), "an utterance not simplified " + where);
        bool words = false;
        for (const QChar c : u)
            words = words || c.isLetterOrNumber();
        KODER_FUZZ_CHECK(words, "an utterance without a word " + where);
        KODER_FUZZ_CHECK(!u.startsWith(u',') && !u.endsWith(u','),
                         "an utterance starts or ends with a comma " + where);
        if (!escapesOrAngles)
            KODER_FUZZ_CHECK(!u.contains(u'`'), "a backtick said " + where);
        // Every character comes from the text, but blanks, commas and the code block's sentence.
        QString rest = u;
        static const QRegularExpression codeBlock(QStringLiteral("Code block(?: in [^ ]*)?\\."));
        const bool sentence = rest.contains(codeBlock);
        rest.remove(QStringLiteral("Code block in "));
        rest.remove(QStringLiteral("Code block."));
        for (const QChar c : std::as_const(rest))
            KODER_FUZZ_CHECK(c == u' ' || c == u',' || (sentence && c == u'.') || text.contains(c),
                             "said U+" + std::to_string(c.unicode()) + " not in the text " + where);
    }
}

void checkAnyText(const QString& text, const Chunked& input)
{
    // phrasesOf() cuts the whole text into non-empty phrases, in order.
    const QList<QStringView> phrases = SpeakableText::phrasesOf(text);
    QString joined;
    for (const QStringView p : phrases) {
        KODER_FUZZ_CHECK(!p.isEmpty(), "an empty phrase of " + printable(utf8(text)));
        joined += p;
    }
    KODER_FUZZ_CHECK(joined == text,
                     "the phrases do not make the text of " + printable(utf8(text)));

    const QStringList whole = feed({QStringView(text)});
    checkUtterances(whole, text, "whole");
    checkUtterances(feed({phrases.begin(), phrases.end()}), text, "phrases");

    std::vector<qsizetype> cuts;
    for (const std::size_t c : input.cuts)
        cuts.push_back(static_cast<qsizetype>(c * static_cast<std::size_t>(text.size()) /
                                              std::max<std::size_t>(1, input.payload.size())));
    const auto pieces = cutAt(text, cuts);
    const QStringList cut = feed(pieces);
    checkUtterances(cut, text, "cut");
    KODER_FUZZ_CHECK(feed(pieces) == cut, "the same pieces said otherwise after a reset");
    if (text.size() <= 512) {
        std::vector<qsizetype> every;
        for (qsizetype i = 1; i < text.size(); ++i)
            every.push_back(i);
        checkUtterances(feed(cutAt(text, every)), text, "one character at a time");
    }
}

// ---- a reply built out of Markdown's parts ------------------------------------------------------

struct Reply {
    std::string text;
    std::vector<std::string> expected; ///< the words and code block languages, in order
};

Reply build(std::string_view bytes)
{
    Reply r;
    int next = 0;
    const auto word = [&] {
        std::string w = "w" + std::to_string(next++);
        r.expected.push_back(w);
        return w;
    };
    // Words in the order they are written (the operands of + are evaluated in any order).
    const auto words = [&](std::initializer_list<const char*> parts) {
        std::string out;
        for (const char* part : parts)
            out += part ? std::string(part) : word();
        return out;
    };
    // A block starts on a line of its own.
    const auto block = [&] {
        if (!r.text.empty() && r.text.back() != '\n')
            r.text += '\n';
    };
    static const char* const ends[] = {". ", "! ", "? ", ": ", "; ", ", "};
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        const unsigned variant = b >> 5;
        switch (b % 20) {
        case 0:
        case 1:
        case 2:
            r.text += ' ' + word();
            break;
        case 3:
            r.text += ends[variant % std::size(ends)];
            break;
        case 4:
            r.text += words({" **", nullptr, " ", nullptr, "**"});
            break;
        case 5:
            r.text += variant % 2 ? " *" + word() + '*' : " _" + word() + '_';
            break;
        case 6:
            r.text += " `" + word() + '`';
            break;
        case 7: {
            std::string text = word();
            if (variant % 2)
                text += ". " + word(); // a phrase end inside the link's text
            r.text += " [" + text + "](https://zurl.example/a.b?c=d#e)";
            break;
        }
        case 8:
            r.text += " ![" + word() + "](zurl/p.png)";
            break;
        case 9:
            r.text += " <https://" + word() + ".org/x.y>";
            break;
        case 10:
            r.text += variant % 2 ? " <b>" + word() + "</b>"
                                  : " <a href=\"https://zurl.org/a.b\">" + word() + "</a>";
            break;
        case 11:
            block();
            r.text += std::string(1 + variant % 6, '#') + ' ' + word() + '\n';
            break;
        case 12:
            block();
            r.text += variant % 2 ? "- " + word()
                                  : "- [" + std::string(variant % 4 ? " " : "x") + "] " + word();
            break;
        case 13:
            block();
            r.text += "> " + word();
            break;
        case 14: {
            block();
            const std::string fence(3 + variant % 2, variant % 4 < 2 ? '`' : '~');
            const std::string language = "l" + std::to_string(next++);
            r.expected.push_back(language);
            r.text += fence + (variant % 3 ? language : " {." + language + "} more") +
                      "\nzcode(zcode.zcode); zcode: zcode\n\n  zcode! zcode\n" + fence + '\n';
            break;
        }
        case 15:
            block();
            r.text += words({"| ", nullptr, " | ", nullptr, " |\n|:---|---:|\n| ", nullptr, " | ",
                             nullptr, " |\n"});
            break;
        case 16:
            block();
            r.text += variant % 2 ? "---\n" : "* * *\n";
            break;
        case 17:
            block();
            r.text += "1. " + word();
            break;
        case 18:
            r.text += '\n';
            break;
        default:
            r.text += " zz" + std::string(1, static_cast<char>('a' + variant)) + '.';
            break;
        }
    }
    return r;
}

// The words and languages said, in order.
std::vector<std::string> tokensOf(const QString& said)
{
    static const QRegularExpression token(QStringLiteral("\\b[wl]\\d+\\b"));
    std::vector<std::string> out;
    for (auto it = token.globalMatch(said); it.hasNext();)
        out.push_back(utf8(it.next().captured()));
    return out;
}

std::string join(const std::vector<std::string>& v)
{
    std::string out;
    for (const auto& s : v)
        out += s + ' ';
    return out;
}

void checkReply(const Reply& reply, const std::vector<QStringView>& pieces, const char* how)
{
    const QString text = QString::fromStdString(reply.text);
    const QStringList said = feed(pieces);
    checkUtterances(said, text, how);
    const QString all = said.join(u'\n');
    const std::string where = std::string(how) + "\n  said: " + printable(utf8(all), 2000) +
                              "\n  of:   " + printable(reply.text, 2000);
    for (const char* never :
         {"](", "`", "zurl", "zcode", "**", "#", "|", "~", "<", ">", "[", "]", "_w", "*w", "---"})
        KODER_FUZZ_CHECK(!all.contains(QString::fromUtf8(never)),
                         std::string("said \"") + never + "\" " + where);
    const auto tokens = tokensOf(all);
    KODER_FUZZ_CHECK(tokens == reply.expected,
                     "said " + join(tokens) + "instead of " + join(reply.expected) + where);
    // Each code block by its sentence.
    qsizetype blocks = 0;
    for (const auto& t : reply.expected)
        blocks += t[0] == 'l';
    KODER_FUZZ_CHECK(all.count(QStringLiteral("Code block in l")) == blocks,
                     "not one sentence per code block " + where);
}

void checkBuiltReply(std::string_view bytes, unsigned mode)
{
    const Reply reply = build(bytes.substr(0, 256));
    const QString text = QString::fromStdString(reply.text); // ASCII: positions are bytes
    checkReply(reply, {QStringView(text)}, "whole");
    const QList<QStringView> phrases = SpeakableText::phrasesOf(text);
    checkReply(reply, {phrases.begin(), phrases.end()}, "phrases");

    // Where the core cuts: after every phrase end, or after some (a token holds several), and
    // before some blanks (the 160-byte cut between tokens), chosen by the bytes.
    std::vector<qsizetype> core, some;
    std::uint32_t choose = 2166136261u ^ mode;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        choose = (choose ^ static_cast<std::uint32_t>(c.unicode())) * 16777619u;
        const bool phraseEnd =
            c == u'.' || c == u'!' || c == u'?' || c == u';' || c == u':' || c == u'\n';
        if (phraseEnd)
            core.push_back(i + 1);
        if ((phraseEnd && (choose >> 7) % 2) || (c == u' ' && (choose >> 9) % 3 == 0))
            some.push_back(i);
    }
    // `some` holds cuts before a blank (i) and after a phrase end (i + 1): sorted, made unique.
    for (auto& cut : some)
        if (text[cut] != u' ')
            ++cut;
    std::sort(some.begin(), some.end());
    checkReply(reply, cutAt(text, core), "cut at every phrase end");
    checkReply(reply, cutAt(text, some), "cut at some phrase ends and blanks");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Chunked input(data, size);
    const QString utf8Text =
        QString::fromUtf8(input.payload.data(), static_cast<qsizetype>(input.payload.size()));
    checkAnyText(utf8Text, input);
    QString utf16Text(static_cast<qsizetype>(input.payload.size() / 2), Qt::Uninitialized);
    if (!utf16Text.isEmpty())
        std::memcpy(utf16Text.data(), input.payload.data(),
                    static_cast<std::size_t>(utf16Text.size()) * 2);
    checkAnyText(utf16Text, input);
    checkBuiltReply(input.payload, input.mode);
    return 0;
}
