// SPDX-License-Identifier: MIT
#pragma once

#include "koderaudioinput.h"
#include "koderspeech.h"
#include "kodertranscriber.h"

#include <QtCore/QByteArray>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>

#include <functional>

// Dictation: records the user from a KoderAudioInput, with a level meter and an end on
// silence, and has the recording transcribed by a KoderTranscriber. Documented in
// koderdictation.cpp.
class KoderDictation : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool recording READ recording NOTIFY recordingChanged FINAL)
    Q_PROPERTY(bool transcribing READ transcribing NOTIFY transcribingChanged FINAL)
    Q_PROPERTY(double level READ level NOTIFY levelChanged FINAL)
    Q_PROPERTY(KoderTranscriber* transcriber READ transcriber WRITE setTranscriber NOTIFY
                   transcriberChanged FINAL)
    Q_PROPERTY(KoderAudioInput* audioInput READ audioInput WRITE setAudioInput NOTIFY
                   audioInputChanged FINAL)
    Q_PROPERTY(KoderSpeech* speech READ speech WRITE setSpeech NOTIFY speechChanged FINAL)
    Q_PROPERTY(
        int maxDuration READ maxDuration WRITE setMaxDuration NOTIFY maxDurationChanged FINAL)
    Q_PROPERTY(int silenceTimeout READ silenceTimeout WRITE setSilenceTimeout NOTIFY
                   silenceTimeoutChanged FINAL)
    Q_PROPERTY(int noSpeechTimeout READ noSpeechTimeout WRITE setNoSpeechTimeout NOTIFY
                   noSpeechTimeoutChanged FINAL)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged FINAL)

public:
    explicit KoderDictation(QObject* parent = nullptr);
    ~KoderDictation() override;

    bool recording() const { return m_recording; }
    bool transcribing() const { return m_transcribing; }
    double level() const { return m_level; }
    KoderTranscriber* transcriber() const { return m_transcriber; }
    void setTranscriber(KoderTranscriber* transcriber);
    KoderAudioInput* audioInput();
    void setAudioInput(KoderAudioInput* input);
    KoderSpeech* speech() const { return m_speech; }
    void setSpeech(KoderSpeech* speech);
    int maxDuration() const { return m_maxDuration; }
    void setMaxDuration(int ms);
    int silenceTimeout() const { return m_silenceTimeout; }
    void setSilenceTimeout(int ms);
    int noSpeechTimeout() const { return m_noSpeechTimeout; }
    void setNoSpeechTimeout(int ms);
    QString errorString() const { return m_error; }

    Q_INVOKABLE bool start(bool untilSilence = false);
    Q_INVOKABLE void stop();
    Q_INVOKABLE void cancel();

    // For C++ alone: how an audio input is made when none was set (the QML module gives one
    // that captures the default microphone with Qt Multimedia when it loads).
    static void setDefaultAudioInputFactory(std::function<KoderAudioInput*()> factory);

    /// The level from which a piece of audio counts as speech, not silence.
    static constexpr double speechLevel = 0.35;
    /// How much audio, in milliseconds and in total, must be louder than speechLevel for a
    /// recording to hold speech: a click or a knock is shorter.
    static constexpr int minimumSpeechMs = 250;

Q_SIGNALS:
    void transcribed(const QString& text);
    void heardNothing();
    void failed(const QString& code, const QString& message);

    void recordingChanged();
    void transcribingChanged();
    void levelChanged();
    void transcriberChanged();
    void audioInputChanged();
    void speechChanged();
    void maxDurationChanged();
    void silenceTimeoutChanged();
    void noSpeechTimeoutChanged();
    void errorStringChanged();

private:
    void onSamples(const QByteArray& pcm);
    void onInputFailed(const QString& code, const QString& message);
    void onTranscribed(const QString& text);
    void onTranscriptionFailed(const QString& code, const QString& message);
    void onInputGone();
    void onTranscriberGone();
    void onTranscriberBusyChanged();
    void dropRecording();
    void endRecording();
    void setRecording(bool on);
    void setTranscribing(bool on);
    void setLevel(double level);
    void fail(const QString& code, const QString& message);
    qint64 msOf(qint64 bytes) const;

    QPointer<KoderTranscriber> m_transcriber;
    QPointer<KoderAudioInput> m_input;
    QPointer<KoderSpeech> m_speech;
    int m_maxDuration = 120000;
    int m_silenceTimeout = 1500;
    int m_noSpeechTimeout = 8000;
    QString m_error;

    bool m_recording = false;
    bool m_transcribing = false;
    bool m_untilSilence = false;
    bool m_sending = false; ///< inside the transcriber's transcribe()
    double m_level = 0.0;
    QByteArray m_pcm;        ///< the recording so far
    int m_rate = 16000;      ///< its sample rate
    qint64 m_loudBytes = 0;  ///< how much of it was louder than speechLevel
    bool m_heard = false;    ///< at least minimumSpeechMs of it was
    qint64 m_quietSince = 0; ///< where (in bytes) the silence at its end began
};
