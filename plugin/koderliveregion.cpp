// SPDX-License-Identifier: MIT
#include "koderliveregion.h"

#include "accessibilitynotifier.h"
#include "koderagentcontroller.h"
#include "koderspeech.h"

/*!
    \class KoderLiveRegion
    \inmodule KoderAgent
    \brief Voices the accessibility announcements of one message on the item that shows it.

    The attached object behind \c{KoderLiveRegion.politeness}, \c{.controller} and
    \c{.messageId} in QML. Given a controller and a message id, it registers with the
    controller (KoderAgentController::attachListener()) and turns each announcement about
    that message into an accessibility event on the item it is attached to: a
    QAccessibleTextInsertEvent for each phrase of a streamed reply, and, for the boundaries
    (reply started, finished, stopped, an error, an approval needed, the context filling up), a
    QAccessibleAnnouncementEvent when built with Qt 6.8 or later, or an Alert event for the
    assertive ones before that.

    In QML: \l [QML] {KoderLiveRegion}{the KoderLiveRegion QML type}; the
    \l {Accessibility} page explains what a screen reader hears.
*/

/*!
    \qmltype KoderLiveRegion
    \inqmlmodule Koder.Agent
    \instantiates KoderLiveRegion
    \brief Makes an item a live region: what the agent says about one message reaches
    assistive technology as it happens, phrase by phrase.

    Qt 6.4 has no live regions (no ARIA \c aria-live, no announcement event), so an item shows
    a streamed reply to a screen reader only if someone raises accessibility events on it.
    KoderLiveRegion does that. It is an attached type: set its properties on the item that
    shows a message, and the item receives the controller's announcements about that message.

    \snippet qml/tst_docexamples.qml live-region

    \l Bubble does exactly this for every reply, so a \l ChatView needs nothing more.

    What the item receives:

    \list
    \li \b{The reply's text}, as text insertions (\c QAccessibleTextInsertEvent, on Linux the
        AT-SPI event \c{object:text-changed:insert}) of phrase-sized pieces: the core cuts the
        stream at sentence ends, never per token, so a screen reader is not flooded. Each
        insertion carries the phrase and where it starts in the reply.
    \li \b{Boundary announcements}: "Reply started", "Reply finished" and "Reply stopped"
        (polite), "Error: <message>" and "A tool call needs your approval" (assertive),
        "Your message was added to the running reply" when the \c steer busy policy joins a
        message to a running turn, and "The conversation fills 80% of the model's context"
        when the context crosses 80 % (polite) and 95 % (assertive). Built against Qt 6.8 or later, they are
        \c QAccessibleAnnouncementEvent with that politeness. Qt 6.4 to 6.7 have no
        announcement event: a polite one raises nothing, an assertive one an \c Alert event
        (which the Linux AT-SPI bridge ignores). There, the item's \c Accessible.name changing
        to the whole reply when it ends is what the screen reader reads, and the permission
        prompt taking the focus is how an approval request is heard.
    \endlist

    The item must have an accessible interface with a text interface for the insertions to
    reach the platform: \c{Accessible.role: Accessible.StaticText} gives it one (an item with
    no \c Accessible property set has no accessible interface at all). Bind its
    \c Accessible.name to the whole text: the name change at the end of the reply is the
    final announcement.

    Announcements made while no item listened for the message (a delegate created after the
    reply started) are kept, a bounded number of them until the next reply starts, and handed
    to the item when it registers.

    While a KoderSpeech reads the controller's replies aloud (its \c readAloud is on), the
    reply's text insertions are left out, so that the screen reader and the speech do not say
    the same phrases over each other; the boundary announcements still come. A reused delegate that is given another \l messageId leaves
    the old message and follows the new one.

    \sa {Accessibility}, Bubble
*/

/*!
    \qmlattachedproperty enumeration KoderLiveRegion::politeness

    How the item's announcements interrupt a screen reader:

    \value Koder.Politeness.Off
           Nothing is raised on the item: no text insertions, no announcements.
    \value Koder.Politeness.Polite
           The default. Text insertions and boundary announcements as the controller made
           them: polite ones wait for the screen reader to finish, errors and approval
           requests stay assertive.
    \value Koder.Politeness.Assertive
           Every boundary announcement is assertive: it interrupts what the screen reader
           says.

    \l Bubble sets \c Polite on assistant messages and \c Off on every other message.
*/

/*!
    \qmlattachedproperty KoderAgentController KoderLiveRegion::controller

    The controller whose announcements the item voices. Default null: the item receives
    nothing.
*/

/*!
    \qmlattachedproperty string KoderLiveRegion::messageId

    The id of the message the item shows (the \c messageId role of the controller's
    messages). Default empty: the item receives nothing. Changing it (a reused delegate) moves
    the item to the new message.
*/

/*!
    \property KoderLiveRegion::politeness
    \brief How the item's announcements interrupt a screen reader: Koder::Politeness::Off,
    Polite (the default) or Assertive.

    Off raises nothing on the item; Assertive makes every boundary announcement assertive.
*/

/*!
    \property KoderLiveRegion::controller
    \brief The controller whose announcements the item voices; null by default.
*/

/*!
    \property KoderLiveRegion::messageId
    \brief The id of the message the item shows; empty by default.
*/

/*!
    \fn KoderLiveRegion::KoderLiveRegion(QObject *item)

    Constructs the live region of \a item, which is also its parent and the object the
    accessibility events are raised on. The QML engine calls it through
    qmlAttachedProperties().
*/

/*!
    \fn KoderLiveRegion::~KoderLiveRegion()

    Stops listening to the controller and destroys the live region.
*/

/*!
    \fn KoderLiveRegion *KoderLiveRegion::qmlAttachedProperties(QObject *item)

    Returns a new live region attached to \a item (the QML engine's attached-object factory).
*/

/*!
    \fn void KoderLiveRegion::speak(const KoderAnnouncement &a)

    Raises the accessibility event for the announcement \a a on the item: a text insertion
    for a phrase of the reply, an announcement (Qt 6.8 or later) or an Alert (assertive, before
    Qt 6.8) for the others. Does nothing while \l politeness is Off. The controller calls it.
*/

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
        // A KoderSpeech reads the reply aloud: the screen reader would say it a second time,
        // over it. The boundaries are still announced.
        if (!KoderSpeech::readsAloud(m_controller))
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
    case Koder::AnnouncementKind::InputNeeded:
        AccessibilityNotifier::announce(item, tr("The agent asks you a question"), true);
        break;
    case Koder::AnnouncementKind::ContextHigh:
        // The percent crossed (80, then 95): at 95 the next request may not fit, which
        // interrupts.
        AccessibilityNotifier::announce(
            item, tr("The conversation fills %1% of the model's context").arg(a.position),
            assertive || a.position >= 95);
        break;
    }
}
