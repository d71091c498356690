// SPDX-License-Identifier: MIT
#pragma once

#include <QtCore/QLocale>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

// What KoderSpeech speaks through: one utterance at a time. The QML module gives KoderSpeech
// one over Qt TextToSpeech; tests give a fake; an app may give its own (a cloud voice).
// Documented in koderspeech.cpp.
class KoderSpeechEngine : public QObject {
    Q_OBJECT
public:
    explicit KoderSpeechEngine(QObject* parent = nullptr)
        : QObject(parent)
    {
    }

    /// Starts speaking `text`; an utterance still speaking is cut off.
    virtual void say(const QString& text) = 0;
    /// Stops speaking at once; no sayFinished() follows.
    virtual void stop() = 0;
    virtual void setLocale(const QLocale& locale) { Q_UNUSED(locale) }
    virtual void setVoice(const QString& name) { Q_UNUSED(name) }
    virtual void setRate(double rate) { Q_UNUSED(rate) }
    virtual QStringList voices() const { return {}; }

Q_SIGNALS:
    /// The utterance of the last say() was spoken to its end.
    void sayFinished();
    /// The engine cannot speak (no backend, no audio output): `message` says why.
    void errorOccurred(const QString& message);
    /// The voices() changed (the locale changed, the backend came up).
    void voicesChanged();
};
