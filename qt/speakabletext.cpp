// SPDX-License-Identifier: MIT
// Markdown made speakable, piece by piece: block syntax is read at the start of each line
// (fences, headings, quotes, lists, rules, table rows), inline syntax in between (emphasis,
// code spans, links, autolinks, tags, escapes). A piece may end anywhere in a line; what spans
// pieces is a code block (skipped, announced once by its language) and a link (held back until
// its target closes, so that "[the docs](https://example.com)" is said "the docs" although the
// announcements cut it at the dot).
#include "speakabletext.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QList>

#include <utility>

namespace koder::agent::qt {

namespace {

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r';
}

QStringView trimmedStart(QStringView s)
{
    qsizetype i = 0;
    while (i < s.size() && isBlank(s[i]))
        ++i;
    return s.mid(i);
}

qsizetype runOf(QStringView s, QChar c)
{
    qsizetype n = 0;
    while (n < s.size() && s[n] == c)
        ++n;
    return n;
}

// A thematic break (---, ***, ___, spaced or not) or a table's delimiter row (|---|:--:|).
bool saysNothing(QStringView line)
{
    const QStringView t = line.trimmed();
    if (t.isEmpty())
        return false;
    int marks = 0;
    bool pipe = false;
    for (const QChar c : t) {
        if (c == u'-' || c == u'*' || c == u'_' || c == u'=')
            ++marks;
        else if (c == u'|')
            pipe = true;
        else if (c != u':' && !isBlank(c))
            return false;
    }
    return marks >= 3 || (pipe && marks > 0);
}

// Whether the start of a line, cut before its end, could still become a block's syntax (a fence,
// a heading, a quote, a bullet or task, a rule, a table's delimiter row) with what follows: it
// holds nothing to say yet.
bool mayBeBlockSyntax(QStringView t)
{
    for (const QChar c : t)
        if (!isBlank(c) && !QStringView(u"`~#>-*+_=|:[]xX").contains(c))
            return false;
    return true;
}

// Drops a bullet (-, *, +) and a task's box ([ ], [x]). An ordered item keeps its number:
// "1. First" is said so.
QStringView withoutListMarker(QStringView t)
{
    if (t.size() >= 2 && (t[0] == u'-' || t[0] == u'*' || t[0] == u'+') && isBlank(t[1]))
        t = trimmedStart(t.mid(2));
    if (t.size() >= 3 && t[0] == u'[' && t[2] == u']' &&
        (t[1] == u' ' || t[1] == u'x' || t[1] == u'X'))
        t = trimmedStart(t.mid(3));
    return t;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber();
}

// "<https://...>" or "<mailto:...>": the length up to and with ">", else 0.
qsizetype autolinkAt(QStringView s, qsizetype i)
{
    const QStringView rest = s.mid(i + 1);
    if (!(rest.startsWith(u"http://") || rest.startsWith(u"https://") ||
          rest.startsWith(u"mailto:")))
        return 0;
    for (qsizetype k = i + 1; k < s.size(); ++k) {
        if (s[k] == u'>')
            return k - i + 1;
        if (isBlank(s[k]) || s[k] == u'<')
            return 0;
    }
    return 0;
}

// "<b>", "</span>", "<br/>": the tag's length, else 0. Tags say nothing.
qsizetype tagAt(QStringView s, qsizetype i)
{
    qsizetype k = i + 1;
    if (k < s.size() && s[k] == u'/')
        ++k;
    if (k >= s.size() || !(s[k].isLetter() && s[k].unicode() < 128))
        return 0;
    for (; k < s.size(); ++k) {
        if (s[k] == u'>')
            return k - i + 1;
        if (s[k] == u'<' || s[k] == u'\n')
            return 0;
    }
    return 0;
}

// Whether s[i] is escaped: an odd number of backslashes before it.
bool escaped(QStringView s, qsizetype i)
{
    qsizetype n = 0;
    while (i - n > 0 && s[i - n - 1] == u'\\')
        ++n;
    return n % 2 == 1;
}

// The last `c` of `s` that is not escaped, or -1.
qsizetype lastUnescaped(QStringView s, QChar c)
{
    for (qsizetype i = s.lastIndexOf(c); i >= 0; i = i > 0 ? s.lastIndexOf(c, i - 1) : -1)
        if (!escaped(s, i))
            return i;
    return -1;
}

// What follows a "<" that may still become an autolink or a tag: its ">" has not come yet
// ("<https:", "</b", "<").
bool opensAngle(QStringView rest)
{
    if (rest.contains(u'>') || rest.contains(u'\n'))
        return false;
    if (rest.startsWith(u'/'))
        rest = rest.mid(1);
    return rest.isEmpty() || (rest[0].unicode() < 128 && rest[0].isLetter());
}

// One line's text, simplified. A table row's pipes are commas between its cells, none before
// the first or after the last: "| a | b |" is said "a, b".
QString lineSaid(const QString& text)
{
    QString said = text.simplified();
    said.replace(QStringLiteral(" ,"), QStringLiteral(","));
    qsizetype from = 0;
    while (from < said.size() && (said[from] == u',' || said[from] == u' '))
        ++from;
    qsizetype to = said.size();
    while (to > from && (said[to - 1] == u',' || said[to - 1] == u' '))
        --to;
    return said.mid(from, to - from);
}

QString spoken(QString text)
{
    text = text.simplified();
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            return text;
    return {}; // only punctuation (".", "---"): nothing to say
}

} // namespace

QList<QStringView> SpeakableText::phrasesOf(QStringView text)
{
    QList<QStringView> phrases;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const bool end =
            c == u'\n' || ((c == u'.' || c == u'!' || c == u'?' || c == u';' || c == u':') &&
                           (i + 1 == text.size() || isBlank(text[i + 1]) || text[i + 1] == u'\n'));
        if (end) {
            phrases.append(text.mid(start, i + 1 - start));
            start = i + 1;
        }
    }
    if (start < text.size())
        phrases.append(text.mid(start));
    return phrases;
}

QString SpeakableText::next(QStringView markdown)
{
    QString out;
    while (!markdown.isEmpty()) {
        const qsizetype newline = markdown.indexOf(u'\n');
        const bool complete = newline >= 0;
        const QStringView segment = complete ? markdown.left(newline) : markdown;
        const QString said = lineSaid(line(segment, m_lineStart, complete));
        if (!said.isEmpty()) {
            if (!out.isEmpty())
                out += u' ';
            out += said;
        }
        m_lineStart = complete || m_heldLine;
        if (complete)
            m_skipLine = false;
        markdown = complete ? markdown.mid(newline + 1) : QStringView();
    }
    return spoken(out);
}

QString SpeakableText::finish()
{
    QString held;
    held.swap(m_held);
    m_heldLine = false;
    return spoken(lineSaid(inlineText(held)));
}

// One line's piece: `lineStart` when it begins the line, `complete` when the line ends with it.
QString SpeakableText::line(QStringView text, bool lineStart, bool complete)
{
    if (m_skipLine)
        return {};
    QString started; // the start of this line held by the piece before, and this piece
    if (m_heldLine) {
        started = std::exchange(m_held, {});
        started += text;
        m_heldLine = false;
        text = started;
    }
    QStringView t = text;
    if (lineStart) {
        t = trimmedStart(text);
        // "``" of a fence, "#" of a heading, "|:" of a delimiter row, cut there (the core cuts
        // after ":", and after 160 bytes anywhere): held, read with the rest of the line.
        if (!complete && text.size() < maxHeld && mayBeBlockSyntax(t)) {
            m_held = text.toString();
            m_heldLine = true;
            return {};
        }
        const QChar first = t.isEmpty() ? QChar() : t[0];
        const qsizetype run = (first == u'`' || first == u'~') ? runOf(t, first) : 0;
        if (run >= 3) {
            if (!complete && !m_inFence && text.size() < maxHeld) {
                // A fence's line is read whole, so that its language is ("``` {.python}" is cut
                // at its dot).
                m_held = text.toString();
                m_heldLine = true;
                return {};
            }
            m_skipLine = !complete;
            if (m_inFence) {
                if (first == m_fenceChar && run >= m_fenceLength && t.mid(run).trimmed().isEmpty())
                    m_inFence = false;
                return {};
            }
            m_inFence = true;
            m_fenceChar = first;
            m_fenceLength = run;
            QStringView language = t.mid(run).trimmed();
            const qsizetype blank = language.indexOf(u' ');
            if (blank >= 0)
                language = language.left(blank);
            // Braces of attributes ({.python}) and the like are no part of the name.
            QString name;
            for (const QChar c : language)
                if (c.isLetterOrNumber() || c == u'+' || c == u'#' || c == u'-')
                    name += c;
            return name.isEmpty()
                       ? QCoreApplication::translate("KoderSpeech", "Code block.")
                       : QCoreApplication::translate("KoderSpeech", "Code block in %1.").arg(name);
        }
        if (m_inFence) {
            m_skipLine = !complete;
            return {};
        }
        if (complete && saysNothing(t))
            return {};
        if (first == u'#') {
            const qsizetype hashes = runOf(t, u'#');
            if (hashes <= 6 && (hashes == t.size() || isBlank(t[hashes])))
                t = trimmedStart(t.mid(hashes));
        }
        while (!t.isEmpty() && t[0] == u'>')
            t = trimmedStart(t.mid(1));
        t = withoutListMarker(t);
    } else if (m_inFence) {
        return {};
    }
    if (m_held.isEmpty())
        return spokenInline(t, complete);
    QString joined = std::exchange(m_held, {});
    joined += t;
    return spokenInline(joined, complete);
}

// The inline pass over one line's piece; an open link at its end is held for the next piece
// unless the line is complete (or the link too long to be one).
QString SpeakableText::spokenInline(QStringView s, bool complete)
{
    qsizetype end = s.size();
    if (!complete) {
        // The last "[" whose link did not close yet: from there on, wait for the rest.
        const qsizetype open = lastUnescaped(s, u'[');
        if (open >= 0 && s.size() - open < maxHeld) {
            const qsizetype close = s.indexOf(u']', open);
            const bool waits = close < 0 || close + 1 == s.size() ||
                               (s[close + 1] == u'(' && s.indexOf(u')', close) < 0);
            if (waits)
                end = open;
        }
        // So too an autolink or a tag whose ">" has not come: the announcements cut
        // "<https://example.com>" after "https:".
        const qsizetype angle = lastUnescaped(s, u'<');
        if (angle >= 0 && angle < end && s.size() - angle < maxHeld && opensAngle(s.mid(angle + 1)))
            end = angle;
        // And an escape whose character comes with the next piece.
        if (end == s.size() && s.endsWith(u'\\') && !escaped(s, s.size() - 1))
            end = s.size() - 1;
        if (end < s.size())
            m_held = s.mid(end).toString();
    }
    return inlineText(s.left(end));
}

QString SpeakableText::inlineText(QStringView s) const
{
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        const QChar before = i > 0 ? s[i - 1] : QChar(u' ');
        const QChar after = i + 1 < s.size() ? s[i + 1] : QChar(u' ');
        if (c == u'\\' && after.unicode() < 128 && after.isPunct()) {
            out += after; // an escaped character is itself
            ++i;
        } else if (c == u'!' && after == u'[') {
            continue; // an image: its alternative text, as a link's
        } else if (c == u'[') {
            continue; // a link's (or an image's) text is said as the text around it
        } else if (c == u']') {
            // A link's target is not read out. Looked for within maxHeld only: a hostile
            // "[[[[…" costs its length once, not its square.
            if (after == u'(') {
                const qsizetype target = s.mid(i, maxHeld).indexOf(u')');
                if (target >= 0)
                    i += target;
                else if (s.size() - i < maxHeld)
                    i = s.size(); // cut in its target: the rest is address
            }
        } else if (c == u'<') {
            if (const qsizetype n = autolinkAt(s, i)) {
                out += s.mid(i + 1, n - 2);
                i += n - 1;
            } else if (const qsizetype m = tagAt(s, i)) {
                out += u' ';
                i += m - 1;
            } else {
                out += c;
            }
        } else if (c == u'`') {
            continue; // a code span is said as its text
        } else if (c == u'*' || c == u'~') {
            if (isBlank(before) && isBlank(after))
                out += c; // "2 * 3"
        } else if (c == u'_') {
            if (isWordChar(before) && isWordChar(after))
                out += c; // snake_case
        } else if (c == u'|') {
            out += u", ";
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace koder::agent::qt
