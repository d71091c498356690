// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"
#include "koderannouncement.h"
#include "koderenums.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtQml/qqmlregistration.h>

/*!
    \qmltype KoderLiveRegion
    \inqmlmodule Koder.Agent
    \brief Makes an item a live region: what the agent says about one message reaches assistive
    technology as it happens, phrase by phrase.

    \qml
    Item {
        Accessible.role: Accessible.StaticText
        KoderLiveRegion.politeness: Koder.Politeness.Polite
        KoderLiveRegion.controller: agent
        KoderLiveRegion.messageId: model.messageId
    }
    \endqml

    The streamed reply arrives as text insertions in phrase-sized pieces (the core cuts them at
    sentence ends, never per token); reply started / finished / stopped are announced politely,
    errors and approval requests assertively. \c Off silences the item. The item should bind its
    \c Accessible.name to the whole text once it stops streaming: that change is the final
    announcement screen readers read.
*/
class KoderLiveRegion : public QObject, public KoderAnnouncementListener {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("KoderLiveRegion is an attached type: KoderLiveRegion.politeness: ...")
    QML_ATTACHED(KoderLiveRegion)
    /*! Koder.Politeness.Off, Polite (the default) or Assertive (every announcement
        interrupts). */
    Q_PROPERTY(Koder::Politeness politeness READ politeness WRITE setPoliteness NOTIFY
                   politenessChanged FINAL)
    /*! The controller whose announcements this item voices. */
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    /*! The message this item shows. */
    Q_PROPERTY(QString messageId READ messageId WRITE setMessageId NOTIFY messageIdChanged FINAL)

public:
    explicit KoderLiveRegion(QObject* item);
    ~KoderLiveRegion() override;
    static KoderLiveRegion* qmlAttachedProperties(QObject* item);

    Koder::Politeness politeness() const { return m_politeness; }
    void setPoliteness(Koder::Politeness p);
    KoderAgentController* controller() const;
    void setController(KoderAgentController* controller);
    QString messageId() const { return m_messageId; }
    void setMessageId(const QString& id);

    /// Voices one announcement on the item (called by the controller).
    void speak(const KoderAnnouncement& a) override;

Q_SIGNALS:
    void politenessChanged();
    void controllerChanged();
    void messageIdChanged();

private:
    void listen(bool on);

    Koder::Politeness m_politeness = Koder::Politeness::Polite;
    QPointer<KoderAgentController> m_controller;
    QString m_messageId;
};
