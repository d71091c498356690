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
            [this](QTextToSpeech::ErrorReason reason, const QString& message) {
                m_saying = false;
                // Qt's own message names formats and devices: logged for the developer; the
                // user reads a sentence.
                qWarning().noquote() << "text to speech:" << message;
                Q_EMIT errorOccurred(sentenceOf(reason));
            });
    connect(&m_speech, &QTextToSpeech::localeChanged, this, &KoderSpeechEngine::voicesChanged);
}

void TextToSpeechEngine::say(const QString& text)
{
    if (m_speech.state() == QTextToSpeech::Error) {
        Q_EMIT errorOccurred(sentenceOf(m_speech.errorReason()));
        return;
    }
    m_saying = true;
    m_spoke = false;
    m_speech.say(text);
}

QString TextToSpeechEngine::sentenceOf(QTextToSpeech::ErrorReason reason)
{
    switch (reason) {
    case QTextToSpeech::ErrorReason::Playback:
        return tr("The speech cannot be played: no audio output is available.");
    case QTextToSpeech::ErrorReason::Configuration:
        return tr("The speech engine has no voice for this language.");
    case QTextToSpeech::ErrorReason::Input:
        return tr("The speech engine could not read the text.");
    case QTextToSpeech::ErrorReason::Initialization:
    case QTextToSpeech::ErrorReason::NoError:
        break;
    }
    return tr("No speech engine is available.");
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
    // A backend reports a cancelled utterance's Ready late (speech-dispatcher): only a Ready
    // after this utterance was heard speaking ends it.
    if (state == QTextToSpeech::Speaking && m_saying)
        m_spoke = true;
    if (state == QTextToSpeech::Ready && m_saying && m_spoke) {
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
