// SPDX-License-Identifier: MIT
#include "texttospeechengine.h"

#include "koderdictation.h"
#include "koderspeech.h"
#include "microphoneinput.h"

#include <QtTextToSpeech/QVoice>

TextToSpeechEngine::TextToSpeechEngine(QObject* parent)
    : KoderSpeechEngine(parent)
{
    connect(&m_speech, &QTextToSpeech::stateChanged, this, &TextToSpeechEngine::onStateChanged);
    connect(&m_speech, &QTextToSpeech::errorOccurred, this,
            [this](QTextToSpeech::ErrorReason, const QString& message) {
                m_saying = false;
                Q_EMIT errorOccurred(message.isEmpty() ? tr("The speech engine failed.") : message);
            });
    connect(&m_speech, &QTextToSpeech::localeChanged, this, &KoderSpeechEngine::voicesChanged);
}

void TextToSpeechEngine::say(const QString& text)
{
    if (m_speech.state() == QTextToSpeech::Error) {
        const QString why = m_speech.errorString();
        Q_EMIT errorOccurred(why.isEmpty() ? tr("No speech engine is available.") : why);
        return;
    }
    m_saying = true;
    m_speech.say(text);
}

void TextToSpeechEngine::stop()
{
    m_saying = false;
    m_speech.stop(QTextToSpeech::BoundaryHint::Immediate);
}

void TextToSpeechEngine::setLocale(const QLocale& locale)
{
    m_speech.setLocale(locale);
    setVoice(m_voice); // the same name in the new locale, if it has it
}

void TextToSpeechEngine::setVoice(const QString& name)
{
    m_voice = name;
    const QList<QVoice> voices = m_speech.availableVoices();
    for (const QVoice& v : voices) {
        if (v.name() == name) {
            m_speech.setVoice(v);
            return;
        }
    }
}

void TextToSpeechEngine::setRate(double rate)
{
    m_speech.setRate(rate);
}

QStringList TextToSpeechEngine::voices() const
{
    QStringList names;
    const QList<QVoice> voices = m_speech.availableVoices();
    for (const QVoice& v : voices)
        names.append(v.name());
    return names;
}

// Speaking -> Ready ends an utterance; after stop() it is no end of one.
void TextToSpeechEngine::onStateChanged(QTextToSpeech::State state)
{
    if (state == QTextToSpeech::Ready && m_saying) {
        m_saying = false;
        Q_EMIT sayFinished();
    }
}

// When the module loads, KoderSpeech and KoderDictation get their engines: Qt TextToSpeech and
// the default microphone. Each object makes its own when it first needs it.
static void installVoiceDefaults()
{
    KoderSpeech::setDefaultEngineFactory([] { return new TextToSpeechEngine; });
    KoderDictation::setDefaultAudioInputFactory([] { return new MicrophoneInput; });
}
Q_CONSTRUCTOR_FUNCTION(installVoiceDefaults)
