// SPDX-License-Identifier: MIT
// What a speech engine should say of a reply written in Markdown, phrase by phrase as it
// streams: the words without the syntax, a code block said as "Code block in <language>."
// instead of read out, a link as its text. Used by KoderSpeech.
#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

namespace koder::agent::qt {

class SpeakableText {
public:
    /// The speakable text of the next piece of one message's Markdown (a phrase of the
    /// announcements, or any cut of the text): empty when it says nothing. Pieces must follow
    /// each other in the text; the state between them (inside a code block, a link not yet
    /// closed) is kept.
    QString next(QStringView markdown);
    /// What is still held back (a link whose end never came) at the end of the message.
    QString finish();
    /// Starts a new message.
    void reset() { *this = SpeakableText(); }

    /// A link's text is held back until its end arrives, at most this many characters.
    static constexpr qsizetype maxHeld = 400;

    /// Splits a whole message's text into phrases as the announcements cut a streaming one:
    /// after . ! ? ; : followed by a blank, and at line breaks.
    static QList<QStringView> phrasesOf(QStringView text);

private:
    QString line(QStringView text, bool lineStart, bool complete);
    QString spokenInline(QStringView text, bool complete);
    QString inlineText(QStringView text) const;

    bool m_lineStart = true; ///< the next piece starts a line
    bool m_inFence = false;  ///< inside a fenced code block
    QChar m_fenceChar;       ///< ` or ~
    qsizetype m_fenceLength = 0;
    bool m_skipLine = false; ///< the rest of the current line says nothing (a fence, a rule)
    QString m_held;          ///< an open link's text, held until it closes
    bool m_heldLine = false; ///< m_held is the start of a line that may be a block's syntax
};

} // namespace koder::agent::qt
