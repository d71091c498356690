// SPDX-License-Identifier: MIT
// What a screen reader hears of a conversation: the reducer's announcements voiced with their
// texts, and what nobody heard yet kept for the listener that comes later.
#include "koder/agent/announcer.h"

#include <algorithm>
#include <iterator>

/*!
    \variable koder::agent::SpokenAnnouncement::kind

    What is announced: a phrase of the reply (\c ReplyText, the default), the reply started,
    finished or stopped, an error, an approval needed, or a message added to the running reply.
*/

/*!
    \variable koder::agent::SpokenAnnouncement::politeness

    How urgently to speak it: \c Polite (the default) waits for the screen reader to finish,
    \c Assertive (errors, approvals needed) interrupts.
*/

/*!
    \variable koder::agent::SpokenAnnouncement::messageId

    The message it is about: the reply, or the user message added to it.
*/

/*!
    \variable koder::agent::SpokenAnnouncement::text

    For \c ReplyText the phrase; for \c Error the error's message, as it was when the error
    happened; otherwise empty: the listener phrases the announcement from its kind.
*/

/*!
    \variable koder::agent::SpokenAnnouncement::position

    For \c ReplyText, where the phrase starts in the message's text, in UTF-16 code units (what
    a toolkit string and an accessibility text event count); for \c ContextHigh, the percent
    of the context window crossed (80 or 95); otherwise 0.
*/

/*!
    \fn bool koder::agent::SpokenAnnouncement::operator==(const koder::agent::SpokenAnnouncement &a, const koder::agent::SpokenAnnouncement &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \fn std::size_t koder::agent::utf16Length(std::string_view utf8)
    \relates koder::agent::SpokenAnnouncement

    Returns the length in UTF-16 code units of the valid UTF-8 text \a utf8: what a toolkit
    string of it counts (a character outside the Basic Multilingual Plane counts two).
*/

/*!
    \class koder::agent::Announcer
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/announcer.h
    \brief Voices the reducer's announcements and keeps what no listener heard yet.

    The \l {koder::agent::Runtime}{Runtime} owns one. voice() turns each
    \l {koder::agent::Announcement}{Announcement} of an outcome into a
    \l {koder::agent::SpokenAnnouncement}{SpokenAnnouncement} that carries its text (a phrase of
    the streaming reply with its UTF-16 position, an error's message); said() records it, kept
    (at most \l {koder::agent::Announcer::maxUnheard}{maxUnheard}) unless someone
    listen()s to its message. A turn that starts forgets what nobody heard of the last one.
*/

/*!
    \fn std::vector<koder::agent::SpokenAnnouncement> koder::agent::Announcer::voice(const std::vector<koder::agent::Announcement> &announcements, const koder::agent::State &state)

    Returns the texts of \a announcements, read from \a state (their offsets point into its
    messages), in order. Phrases of one reply are counted incrementally: voicing a reply costs
    its length once.
*/

/*!
    \fn bool koder::agent::Announcer::said(const koder::agent::SpokenAnnouncement &spoken)

    Records \a spoken as said. Returns \c true when a listener listens to its message; else it
    is kept for the listener that comes later (a \c ReplyStarted forgets what was kept before).
*/

/*!
    \fn std::vector<koder::agent::SpokenAnnouncement> koder::agent::Announcer::listen(const std::string &messageId)

    A listener starts voicing \a messageId: returns what was said for it before, in order, and
    forgets it. Listeners are counted.
*/

/*!
    \fn void koder::agent::Announcer::unlisten(const std::string &messageId)

    One listener of \a messageId stops.
*/

/*!
    \fn std::size_t koder::agent::Announcer::unheardCount() const

    How many announcements wait for their listener.
*/

/*!
    \variable koder::agent::Announcer::maxUnheard

    At most this many announcements wait for their listener; later ones are dropped.
*/

namespace koder::agent {

// Every byte but a continuation byte (0x80-0xBF) starts a character and counts one unit; a
// 4-byte lead (0xF0-0xF7) starts a character outside the BMP, a surrogate pair: one more.
std::size_t utf16Length(std::string_view utf8)
{
    std::size_t units = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        units += static_cast<std::size_t>((b & 0xC0) != 0x80) +
                 static_cast<std::size_t>((b & 0xF8) == 0xF0);
    }
    return units;
}

std::vector<SpokenAnnouncement> Announcer::voice(const std::vector<Announcement>& announcements,
                                                 const State& state)
{
    std::vector<SpokenAnnouncement> spoken;
    spoken.reserve(announcements.size());
    for (const Announcement& a : announcements) {
        SpokenAnnouncement s{a.kind, a.politeness, a.messageId, {}, 0};
        if (a.kind == Announcement::Kind::ReplyText) {
            const std::size_t row = findMessage(state, a.messageId);
            if (row != noRow) {
                const std::string_view all(state.conversation.messages[row].text);
                s.text = std::string(all.substr(std::min(a.offset, all.size()), a.length));
                s.position = utf16Position(a.messageId, all, a.offset);
            }
        } else {
            announcedAt_ = {}; // a turn began or ended: the next phrase counts from the start
            if (a.kind == Announcement::Kind::Error && state.lastError)
                s.text = state.lastError->message;
            if (a.kind == Announcement::Kind::ContextHigh)
                s.position = a.offset; // the percent crossed
        }
        spoken.push_back(std::move(s));
    }
    return spoken;
}

bool Announcer::said(const SpokenAnnouncement& s)
{
    if (s.kind == Announcement::Kind::ReplyStarted)
        unheard_.clear(); // a new turn: what nobody heard before is stale now
    const bool heard = listening_.count(s.messageId) != 0; // counts are never 0
    if (!heard && unheard_.size() < maxUnheard)
        unheard_.push_back(s);
    return heard;
}

std::vector<SpokenAnnouncement> Announcer::listen(const std::string& messageId)
{
    ++listening_[messageId];
    std::vector<SpokenAnnouncement> missed;
    const auto mine = [&](const SpokenAnnouncement& s) { return s.messageId == messageId; };
    std::copy_if(unheard_.begin(), unheard_.end(), std::back_inserter(missed), mine);
    unheard_.erase(std::remove_if(unheard_.begin(), unheard_.end(), mine), unheard_.end());
    return missed;
}

void Announcer::unlisten(const std::string& messageId)
{
    const auto it = listening_.find(messageId);
    if (it != listening_.end() && --it->second == 0)
        listening_.erase(it);
}

// The position of byte `offset` of a message's text in UTF-16 units. Phrases come in order, so
// only the bytes since the last phrase are counted; another message, or an offset that went back
// (a retry starts the reply over), counts from the start.
std::size_t Announcer::utf16Position(const std::string& messageId, std::string_view text,
                                     std::size_t offset)
{
    AnnouncedAt& last = announcedAt_;
    offset = std::min(offset, text.size());
    if (offset < last.offset || last.messageId != messageId) {
        last.messageId = messageId;
        last.offset = 0;
        last.position = 0;
    }
    last.position += utf16Length(text.substr(last.offset, offset - last.offset));
    last.offset = offset;
    return last.position;
}

} // namespace koder::agent
