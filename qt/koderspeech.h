// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"
#include "koderenums.h"
#include "koderspeechengine.h"
#include "speakabletext.h"

#include <QtCore/QLocale>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <deque>
#include <functional>

// Reads replies aloud: each finished phrase of a streaming reply as it arrives (the phrases of
// the accessibility announcements, Markdown made speakable), or a whole message on request.
// Speaks through a KoderSpeechEngine. Documented in koderspeech.cpp.
class KoderSpeech : public QObject {
    Q_OBJECT
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    Q_PROPERTY(bool readAloud READ readAloud WRITE setReadAloud NOTIFY readAloudChanged FINAL)
    Q_PROPERTY(bool speaking READ speaking NOTIFY speakingChanged FINAL)
    Q_PROPERTY(QString speakingMessageId READ speakingMessageId NOTIFY speakingChanged FINAL)
    Q_PROPERTY(QLocale locale READ locale WRITE setLocale NOTIFY localeChanged FINAL)
    Q_PROPERTY(QString voice READ voice WRITE setVoice NOTIFY voiceChanged FINAL)
    Q_PROPERTY(QStringList voices READ voices NOTIFY voicesChanged FINAL)
    Q_PROPERTY(double rate READ rate WRITE setRate NOTIFY rateChanged FINAL)
    Q_PROPERTY(KoderSpeechEngine* engine READ engine WRITE setEngine NOTIFY engineChanged FINAL)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged FINAL)

public:
    explicit KoderSpeech(QObject* parent = nullptr);
    ~KoderSpeech() override;

    KoderAgentController* controller() const { return m_controller; }
    void setController(KoderAgentController* controller);
    bool readAloud() const { return m_readAloud; }
    void setReadAloud(bool on);
    bool speaking() const { return !m_speakingId.isEmpty(); }
    QString speakingMessageId() const { return m_speakingId; }
    QLocale locale() const { return m_locale; }
    void setLocale(const QLocale& locale);
    QString voice() const { return m_voice; }
    void setVoice(const QString& name);
    QStringList voices();
    double rate() const { return m_rate; }
    void setRate(double rate);
    KoderSpeechEngine* engine();
    void setEngine(KoderSpeechEngine* engine);
    QString errorString() const { return m_error; }

    Q_INVOKABLE bool speak(const QString& messageId);
    Q_INVOKABLE void stop();

    // For C++ alone: how an engine is made when none was set (the QML module gives one over Qt
    // TextToSpeech when it loads), and whether some KoderSpeech reads `controller`'s replies
    // aloud (KoderLiveRegion then leaves their phrases to it).
    static void setDefaultEngineFactory(std::function<KoderSpeechEngine*()> factory);
    static bool readsAloud(const KoderAgentController* controller);

Q_SIGNALS:
    // A reply was read to its end: it finished streaming and its last phrase was spoken.
    void spoken(const QString& messageId);
    void errorOccurred(const QString& message);

    void controllerChanged();
    void readAloudChanged();
    void speakingChanged();
    void localeChanged();
    void voiceChanged();
    void voicesChanged();
    void rateChanged();
    void engineChanged();
    void errorStringChanged();

private:
    struct Utterance {
        QString messageId;
        QString text;
    };
    void onAnnouncement(Koder::AnnouncementKind kind, const QString& messageId, const QString& text,
                        int position);
    void follow(const QString& messageId, int from);
    void interrupt();
    void enqueue(const QString& messageId, const QString& text);
    void sayNext();
    void onSayFinished();
    void onEngineError(const QString& message);
    void setSpeakingId(const QString& id);
    void setError(const QString& message);
    void countReader(bool add);
    void updateReader();

    QPointer<KoderAgentController> m_controller;
    QList<QMetaObject::Connection> m_connections;
    bool m_readAloud = false;
    /// The controller this object is counted for in readsAloud(), while it is.
    const KoderAgentController* m_countedFor = nullptr;
    QLocale m_locale;
    QString m_voice;
    double m_rate = 0.0;
    QPointer<KoderSpeechEngine> m_engine;
    QString m_error;

    std::deque<Utterance> m_queue; ///< phrases waiting for the engine
    QString m_speakingId;          ///< the message of the utterance speaking; empty when silent
    // The streaming reply being read: its phrases from `m_from` (UTF-16 position) on are said,
    // once each; `m_ended` once it finished streaming.
    QString m_following;
    /// stop() ended the reading of the open turn: its later phrases (and steps) are not said.
    bool m_stoppedTurn = false;
    /// The reply whose ReplyStarted came and no phrase yet: the userMessage or aborted of the
    /// same dispatch (delivered after its announcements) is not this reply's stop.
    QString m_started;
    int m_from = 0;
    bool m_ended = false;
    koder::agent::qt::SpeakableText m_speakable;
};
