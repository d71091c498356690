// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"
#include "koderannouncement.h"
#include "koderenums.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtQml/qqmlregistration.h>

// Makes an item a live region (attached: KoderLiveRegion.politeness, .controller,
// .messageId). Documented in koderliveregion.cpp.
class KoderLiveRegion : public QObject, public KoderAnnouncementListener {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("KoderLiveRegion is an attached type: KoderLiveRegion.politeness: ...")
    QML_ATTACHED(KoderLiveRegion)
    // Koder.Politeness.Off, Polite (the default) or Assertive (every announcement interrupts).
    Q_PROPERTY(Koder::Politeness politeness READ politeness WRITE setPoliteness NOTIFY
                   politenessChanged FINAL)
    // The controller whose announcements this item voices.
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    // The message this item shows.
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
