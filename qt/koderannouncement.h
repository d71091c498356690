// SPDX-License-Identifier: MIT
#pragma once

#include "koderenums.h"

#include <QtCore/QString>

/// One accessibility announcement, ready to be voiced. It carries its own text, so one that
/// waited for its view item is spoken as it was made, whatever happened since.
struct KoderAnnouncement {
    Koder::AnnouncementKind kind = Koder::AnnouncementKind::ReplyText;
    Koder::Politeness politeness = Koder::Politeness::Polite;
    QString messageId;
    /// ReplyText: the phrase; Error: the error's message; otherwise empty.
    QString text;
    /// ReplyText: where the phrase starts in the message's text, in QString (UTF-16) units.
    int position = 0;
};

/// Something that voices the announcements of one message (KoderLiveRegion in the QML module).
class KoderAnnouncementListener {
public:
    virtual ~KoderAnnouncementListener() = default;
    virtual void speak(const KoderAnnouncement& announcement) = 0;

protected:
    KoderAnnouncementListener() = default;
    KoderAnnouncementListener(const KoderAnnouncementListener&) = default;
    KoderAnnouncementListener& operator=(const KoderAnnouncementListener&) = default;
};
