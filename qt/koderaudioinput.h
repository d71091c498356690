// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QObject>
#include <QtCore/QString>

// Where KoderDictation's audio comes from: 16-bit signed little-endian mono PCM. The QML
// module gives one over Qt Multimedia's default microphone; tests give one that plays a file.
// Documented in koderdictation.cpp.
class KoderAudioInput : public QObject {
    Q_OBJECT
public:
    explicit KoderAudioInput(QObject* parent = nullptr)
        : QObject(parent)
    {
    }

    /// Starts capturing: samples() follow, or failed().
    virtual void start() = 0;
    /// Stops capturing; no samples() follow.
    virtual void stop() = 0;
    /// The samples' rate, in Hz.
    virtual int sampleRate() const { return 16000; }

Q_SIGNALS:
    /// Captured audio: 16-bit signed little-endian mono samples, at sampleRate().
    void samples(const QByteArray& pcm);
    /// Capture could not start or broke off: `code` is "noMicrophone" or "microphone".
    void failed(const QString& code, const QString& message);
};
