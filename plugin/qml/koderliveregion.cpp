// SPDX-License-Identifier: MIT
#include "koderliveregion.h"

#include "accessibilitynotifier.h"
#include "koderagentcontroller.h"

using koder::agent::qt::AccessibilityNotifier;

KoderLiveRegion::KoderLiveRegion(QObject* item)
    : QObject(item)
{
}

KoderLiveRegion::~KoderLiveRegion()
{
    listen(false);
}

KoderLiveRegion* KoderLiveRegion::qmlAttachedProperties(QObject* item)
{
    return new KoderLiveRegion(item);
}

void KoderLiveRegion::setPoliteness(Koder::Politeness p)
{
    if (m_politeness == p)
        return;
    m_politeness = p;
    Q_EMIT politenessChanged();
}

KoderAgentController* KoderLiveRegion::controller() const
{
    return m_controller;
}

void KoderLiveRegion::listen(bool on)
{
    if (!m_controller || m_messageId.isEmpty())
        return;
    if (on)
        m_controller->attachListener(m_messageId, this);
    else
        m_controller->detachListener(m_messageId, this);
}

void KoderLiveRegion::setController(KoderAgentController* controller)
{
    if (m_controller == controller)
        return;
    listen(false);
    m_controller = controller;
    listen(true);
    Q_EMIT controllerChanged();
}

void KoderLiveRegion::setMessageId(const QString& id)
{
    if (m_messageId == id)
        return;
    listen(false); // delegates are reused: this item now shows another message
    m_messageId = id;
    listen(true);
    Q_EMIT messageIdChanged();
}

void KoderLiveRegion::speak(const KoderAnnouncement& a)
{
    if (m_politeness == Koder::Politeness::Off)
        return;
    QObject* item = parent();
    const bool assertive = m_politeness == Koder::Politeness::Assertive ||
                           a.politeness == Koder::Politeness::Assertive;
    switch (a.kind) {
    case Koder::AnnouncementKind::ReplyText:
        AccessibilityNotifier::textInserted(item, a.position, a.text);
        break;
    case Koder::AnnouncementKind::ReplyStarted:
        AccessibilityNotifier::announce(item, tr("Reply started"), assertive);
        break;
    case Koder::AnnouncementKind::ReplyFinished:
        AccessibilityNotifier::announce(item, tr("Reply finished"), assertive);
        break;
    case Koder::AnnouncementKind::Stopped:
        AccessibilityNotifier::announce(item, tr("Reply stopped"), assertive);
        break;
    case Koder::AnnouncementKind::Error:
        // The announcement's own text: a newer error may have replaced lastError meanwhile.
        AccessibilityNotifier::announce(item, tr("Error: %1").arg(a.text), true);
        break;
    case Koder::AnnouncementKind::ApprovalNeeded:
        AccessibilityNotifier::announce(item, tr("A tool call needs your approval"), true);
        break;
    case Koder::AnnouncementKind::MessageAdded:
        AccessibilityNotifier::announce(item, tr("Your message was added to the running reply"),
                                        assertive);
        break;
    }
}
