// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace koder::agent {

/// An announcement ready to be voiced: it carries its own text, so one that waited for its
/// listener is spoken as it was made, whatever happened since.
struct SpokenAnnouncement {
    Announcement::Kind kind = Announcement::Kind::ReplyText;
    Politeness politeness = Politeness::Polite;
    std::string messageId;
    /// ReplyText: the phrase; Error: the error's message; otherwise empty.
    std::string text;
    /// ReplyText: where the phrase starts in the message's text, in UTF-16 units (what a
    /// Qt or JS string and an accessibility text event count). ContextHigh: the percent of the
    /// context window crossed (80 or 95).
    std::size_t position = 0;

    friend bool operator==(const SpokenAnnouncement&, const SpokenAnnouncement&) = default;
};

/// Turns the reducer's announcements into what a screen reader says, and keeps what no listener
/// heard yet: a view that starts listening to a message (its bubble was created late) hears what
/// was said for it before. Toolkit-free; the Runtime owns one.
class Announcer {
public:
    /// The texts of `announcements`, read from `state` (which they point into), in order.
    std::vector<SpokenAnnouncement> voice(const std::vector<Announcement>& announcements,
                                          const State& state);
    /// Records `spoken` as said: kept for later unless someone listens to its message. Returns
    /// whether someone heard it.
    bool said(const SpokenAnnouncement& spoken);

    /// A listener starts voicing `messageId`: returns what was said for it before, in order.
    /// Listeners are counted: the id is heard until as many unlisten() calls.
    std::vector<SpokenAnnouncement> listen(const std::string& messageId);
    void unlisten(const std::string& messageId);
    std::size_t unheardCount() const { return unheard_.size(); }
    static constexpr std::size_t maxUnheard = 256;

private:
    std::size_t utf16Position(const std::string& messageId, std::string_view text,
                              std::size_t offset);

    std::unordered_map<std::string, int> listening_; ///< listeners by message id (never 0)
    std::vector<SpokenAnnouncement> unheard_;        ///< bounded by maxUnheard
    // Where the last phrase of a streamed reply started (UTF-8 offset and UTF-16 position), so
    // the next one counts only the bytes in between: announcing a reply costs its length once,
    // not once per phrase.
    struct AnnouncedAt {
        std::string messageId;
        std::size_t offset = 0;
        std::size_t position = 0;
    };
    AnnouncedAt announcedAt_;
};

/// The length in UTF-16 units of valid UTF-8 text.
std::size_t utf16Length(std::string_view utf8);

} // namespace koder::agent
