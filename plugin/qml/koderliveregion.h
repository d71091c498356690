// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"

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
        KoderLiveRegion.politeness: KoderLiveRegion.Polite
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
    /*! Off, Polite (the default) or Assertive (every announcement interrupts). */
    Q_PROPERTY(
        Politeness politeness READ politeness WRITE setPoliteness NOTIFY politenessChanged FINAL)
    /*! The controller whose announcements this item voices. */
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    /*! The message this item shows. */
    Q_PROPERTY(QString messageId READ messageId WRITE setMessageId NOTIFY messageIdChanged FINAL)

public:
    enum Politeness { Off, Polite, Assertive };
    Q_ENUM(Politeness)

    explicit KoderLiveRegion(QObject* item);
    ~KoderLiveRegion() override;
    static KoderLiveRegion* qmlAttachedProperties(QObject* item);

    Politeness politeness() const { return m_politeness; }
    void setPoliteness(Politeness p);
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

    Politeness m_politeness = Polite;
    QPointer<KoderAgentController> m_controller;
    QString m_messageId;
};
