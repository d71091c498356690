// SPDX-License-Identifier: MIT
// KoderSpeech's engine in QML: Qt TextToSpeech with the platform's default backend.
#pragma once

#include "koderspeechengine.h"

#include <QtTextToSpeech/QTextToSpeech>

class TextToSpeechEngine : public KoderSpeechEngine {
    Q_OBJECT
public:
    explicit TextToSpeechEngine(QObject* parent = nullptr);

    void say(const QString& text) override;
    void stop() override;
    void setLocale(const QLocale& locale) override;
    void setVoice(const QString& name) override;
    void setRate(double rate) override;
    QStringList voices() const override;

private:
    void onStateChanged(QTextToSpeech::State state);
    static QString sentenceOf(QTextToSpeech::ErrorReason reason);

    QTextToSpeech m_speech;
    QString m_voice;
    bool m_saying = false; ///< an utterance of say() has not finished yet
    bool m_spoke = false;  ///< and the backend said it is speaking it
};
