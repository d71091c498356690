// SPDX-License-Identifier: MIT
// Stand-ins for the voice's devices: a speech engine that records what it is told to say,
// and an audio input that plays a WAV file as if it were a microphone.
#pragma once

#include "koderaudioinput.h"
#include "koderspeechengine.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QStringList>
#include <QtCore/QTimer>

#include <functional>

class FakeSpeechEngine : public KoderSpeechEngine {
    Q_OBJECT
    Q_PROPERTY(QStringList said READ said NOTIFY saidChanged)
    Q_PROPERTY(int stops READ stops NOTIFY saidChanged)
    Q_PROPERTY(bool speaking READ speaking NOTIFY saidChanged)
    Q_PROPERTY(bool autoFinish MEMBER autoFinish)
public:
    explicit FakeSpeechEngine(QObject* parent = nullptr);

    void say(const QString& text) override;
    void stop() override;
    void setLocale(const QLocale& locale) override { lastLocale = locale; }
    void setVoice(const QString& name) override { lastVoice = name; }
    void setRate(double rate) override { lastRate = rate; }
    QStringList voices() const override { return {QStringLiteral("Alice"), QStringLiteral("Bob")}; }

    QStringList said() const { return m_said; }
    int stops() const { return m_stops; }
    bool speaking() const { return m_speaking; }

    /// Ends the utterance speaking now (sayFinished()).
    Q_INVOKABLE void finish();
    /// Reports that the engine cannot speak.
    Q_INVOKABLE void fail(const QString& message);

    /// Each utterance ends by itself on the next turn of the event loop (default), or waits
    /// for finish().
    bool autoFinish = true;
    QLocale lastLocale;
    QString lastVoice;
    double lastRate = 0.0;
    /// Called in say(), before anything else: a benchmark stops its clock there.
    std::function<void(const QString&)> onSay;

Q_SIGNALS:
    void saidChanged();

private:
    QStringList m_said;
    int m_stops = 0;
    bool m_speaking = false;
    int m_utterance = 0;
};

class FileAudioInput : public KoderAudioInput {
    Q_OBJECT
    Q_PROPERTY(QString file READ file WRITE setFile)
    Q_PROPERTY(QString failWith MEMBER failWith)
    Q_PROPERTY(int started READ started)
    Q_PROPERTY(bool capturing READ capturing)
public:
    explicit FileAudioInput(QObject* parent = nullptr);

    /// A 16-bit mono WAV file, played from its start at each start(); silence follows it, as a
    /// microphone in a quiet room gives, until stop(). Empty: silence only.
    QString file() const { return m_file; }
    void setFile(const QString& path);
    /// The PCM of a 16-bit mono WAV file (empty when it is none); its rate in `rate`.
    static QByteArray pcmOfWav(const QString& path, int* rate = nullptr);

    void start() override;
    void stop() override;
    int sampleRate() const override { return m_rate; }
    int started() const { return m_started; }
    bool capturing() const { return m_timer.isActive(); }

    /// start() fails with this code ("noMicrophone", "microphone") instead of capturing.
    QString failWith;
    /// Milliseconds of audio per samples() signal, one signal per turn of the event loop.
    int chunkMs = 100;

private:
    void deliver();

    QString m_file;
    QByteArray m_pcm;
    int m_rate = 16000;
    qsizetype m_at = 0;
    int m_started = 0;
    QTimer m_timer;
};
