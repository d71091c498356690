// SPDX-License-Identifier: MIT
// Dictation: samples in, a level meter and an end on silence computed from the samples
// themselves (so it behaves the same with a slow device and in tests), a WAV file out to the
// transcriber, the text back.
#include "koderdictation.h"

#include "koderaudioinput.h"
#include "koderspeech.h"
#include "kodertranscriber.h"
#include "wavaudio.h"

#include <algorithm>

using namespace koder::agent::qt;

namespace {

std::function<KoderAudioInput*()>& defaultFactory()
{
    static std::function<KoderAudioInput*()> factory;
    return factory;
}

} // namespace

/*!
    \class KoderDictation
    \inmodule KoderAgent
    \brief Records what the user says and turns it into text.

    start() captures the microphone (a KoderAudioInput; in QML the default microphone through
    Qt Multimedia), \l level follows how loud it is, stop() ends the recording and sends it, as
    a WAV file, to the \l transcriber (an OpenAI-compatible \c{/audio/transcriptions} server,
    KoderTranscriber); transcribed() gives the text. Sender has a microphone button that does
    this and puts the text into the input for the user to check.

    A recording in which less than \l minimumSpeechMs (in total) was louder than
    \l speechLevel is not sent: heardNothing() follows instead (a click or a knock is not
    speech). With \c{start(true)} the recording ends by itself after
    \l silenceTimeout of silence once the user spoke, or after \l noSpeechTimeout when the user
    says nothing (then heardNothing()): this is how conversation mode listens. Every recording
    ends at \l maxDuration, and is then sent.

    Starting a recording stops \l speech, so that the user speaking interrupts a reply read
    aloud.

    \section1 Errors

    failed() gives a code and a sentence for the user, also kept in \l errorString:
    \c "noTranscriber", \c "noMicrophone" (no audio input device), \c "microphone" (the device
    could not be opened or broke off: denied, busy), and the codes of KoderTranscriber::failed()
    (\c "network" when the server is down, \c "auth", \c "http", \c "timeout", ...), and
    \c "cancelled" when the transcription ended without an answer for the dictation: someone
    called KoderTranscriber::cancel() on the \l transcriber directly (KoderDictation::cancel()
    gives no signal).

    \section1 Privacy

    Audio is captured only between start() and the end of the recording, and kept in memory
    only until it is sent. It leaves the machine once, to the \l transcriber's server, when the
    recording ends with speech in it. Nothing is stored.

    \section1 Example

    \snippet qml/tst_docexamples.qml dictation

    \sa KoderTranscriber, KoderSpeech, {Voice}
*/

/*!
    \class KoderAudioInput
    \inmodule KoderAgent
    \brief Where KoderDictation's audio comes from.

    An audio input delivers 16-bit signed little-endian mono samples (samples()) at
    sampleRate() between start() and stop(). The QML module's captures the default microphone
    with Qt Multimedia; subclass it to record from elsewhere (a test plays a file).
*/

/*!
    \fn KoderAudioInput::KoderAudioInput(QObject *parent)

    Constructs an audio input with \a parent.
*/

/*!
    \fn void KoderAudioInput::start()

    Starts capturing: samples() follow, or failed().
*/

/*!
    \fn void KoderAudioInput::stop()

    Stops capturing; no samples() follow.
*/

/*!
    \fn int KoderAudioInput::sampleRate() const

    Returns the rate of the samples, in Hz: 16000 by default.
*/

/*!
    \fn void KoderAudioInput::samples(const QByteArray &pcm)

    Emit this with captured audio: \a pcm holds 16-bit signed little-endian mono samples.
*/

/*!
    \fn void KoderAudioInput::failed(const QString &code, const QString &message)

    Emit this when capturing cannot start or broke off: \a code is \c "noMicrophone" (there
    is no input device) or \c "microphone" (it could not be opened, or failed), \a message
    says it for the user.
*/

/*!
    Constructs a dictation with \a parent. It needs a \l transcriber before it can start.
*/
KoderDictation::KoderDictation(QObject* parent)
    : QObject(parent)
{
}

/*!
    Destroys the dictation; a recording is dropped, a transcription cancelled.
*/
KoderDictation::~KoderDictation()
{
    if (m_input)
        disconnect(m_input, nullptr, this, nullptr);
    if (m_recording && m_input)
        m_input->stop();
    if (m_transcriber) {
        disconnect(m_transcriber, nullptr, this, nullptr);
        if (m_transcribing)
            m_transcriber->cancel();
    }
}

/*!
    \property KoderDictation::recording
    \brief Whether the microphone is being recorded.
*/

/*!
    \property KoderDictation::transcribing
    \brief Whether a recording is being transcribed (the server has it).
*/

/*!
    \property KoderDictation::level
    \brief How loud the microphone is while recording, from 0 (silence) to 1 (full scale).

    The root mean square of the last samples on a decibel scale from -60 dBFS to 0: what a
    level meter shows. 0 when not recording.
*/

/*!
    \property KoderDictation::transcriber
    \brief The server the recordings are sent to.

    Default null: start() fails with \c "noTranscriber".
*/
void KoderDictation::setTranscriber(KoderTranscriber* transcriber)
{
    if (m_transcriber == transcriber)
        return;
    if (m_transcriber) {
        disconnect(m_transcriber, nullptr, this, nullptr);
        if (m_transcribing)
            m_transcriber->cancel();
    }
    setTranscribing(false);
    m_transcriber = transcriber;
    if (transcriber) {
        connect(transcriber, &KoderTranscriber::finished, this, &KoderDictation::onTranscribed);
        connect(transcriber, &KoderTranscriber::failed, this,
                &KoderDictation::onTranscriptionFailed);
        connect(transcriber, &KoderTranscriber::busyChanged, this,
                &KoderDictation::onTranscriberBusyChanged);
        connect(transcriber, &QObject::destroyed, this, &KoderDictation::onTranscriberGone);
    }
    Q_EMIT transcriberChanged();
}

/*!
    \property KoderDictation::audioInput
    \brief Where the audio comes from.

    In QML the default microphone through Qt Multimedia, made when first needed; from C++ null
    unless set (or a default factory was set, setDefaultAudioInputFactory()). One without a parent is
    parented to the dictation. Setting it drops a recording running (no signal follows); a
    transcription running goes on.
*/
KoderAudioInput* KoderDictation::audioInput()
{
    if (!m_input && defaultFactory()) {
        if (KoderAudioInput* made = defaultFactory()())
            setAudioInput(made);
    }
    return m_input;
}

void KoderDictation::setAudioInput(KoderAudioInput* input)
{
    if (m_input == input)
        return;
    dropRecording(); // the transcription, if one runs, does not need the input
    if (m_input)
        disconnect(m_input, nullptr, this, nullptr);
    m_input = input;
    if (input) {
        if (!input->parent())
            input->setParent(this);
        connect(input, &KoderAudioInput::samples, this, &KoderDictation::onSamples);
        connect(input, &KoderAudioInput::failed, this, &KoderDictation::onInputFailed);
        connect(input, &QObject::destroyed, this, &KoderDictation::onInputGone);
    }
    Q_EMIT audioInputChanged();
}

/*!
    \property KoderDictation::speech
    \brief The read-aloud to silence when the user starts speaking.

    Default null.
*/
void KoderDictation::setSpeech(KoderSpeech* speech)
{
    if (m_speech == speech)
        return;
    m_speech = speech;
    Q_EMIT speechChanged();
}

/*!
    \property KoderDictation::maxDuration
    \brief The longest recording, in milliseconds; at this length it ends and is sent.

    Default 120000 (two minutes). At least 1000.
*/
void KoderDictation::setMaxDuration(int ms)
{
    ms = std::max(1000, ms);
    if (m_maxDuration == ms)
        return;
    m_maxDuration = ms;
    Q_EMIT maxDurationChanged();
}

/*!
    \property KoderDictation::silenceTimeout
    \brief With \c{start(true)}: how long, in milliseconds, the user may pause before the
    recording ends. Default 1500.
*/
void KoderDictation::setSilenceTimeout(int ms)
{
    ms = std::max(100, ms);
    if (m_silenceTimeout == ms)
        return;
    m_silenceTimeout = ms;
    Q_EMIT silenceTimeoutChanged();
}

/*!
    \property KoderDictation::noSpeechTimeout
    \brief With \c{start(true)}: how long, in milliseconds, to wait for the user to start
    speaking; then the recording ends with heardNothing(). Default 8000.
*/
void KoderDictation::setNoSpeechTimeout(int ms)
{
    ms = std::max(500, ms);
    if (m_noSpeechTimeout == ms)
        return;
    m_noSpeechTimeout = ms;
    Q_EMIT noSpeechTimeoutChanged();
}

/*!
    \property KoderDictation::errorString
    \brief Why the last recording or transcription failed, or empty.

    Cleared by start().
*/

/*!
    Sets how a KoderDictation without an \l audioInput makes one: \a factory is called at its
    first start(). The QML module sets one that captures the default microphone when it is
    loaded. Not thread-safe: call it from the main thread.
*/
void KoderDictation::setDefaultAudioInputFactory(std::function<KoderAudioInput*()> factory)
{
    defaultFactory() = std::move(factory);
}

/*!
    Starts recording, after stopping \l speech. With \a untilSilence the recording ends by
    itself: after \l silenceTimeout of silence once the user spoke, or after
    \l noSpeechTimeout if the user says nothing. Returns false when a recording or a
    transcription runs, and (emitting failed()) when there is no \l transcriber or no audio
    input.
*/
bool KoderDictation::start(bool untilSilence)
{
    if (m_recording || m_transcribing)
        return false;
    if (!m_transcriber) {
        fail(QStringLiteral("noTranscriber"), tr("No transcription service is set."));
        return false;
    }
    KoderAudioInput* input = audioInput();
    if (!input) {
        fail(QStringLiteral("noMicrophone"), tr("No microphone was found."));
        return false;
    }
    if (!m_error.isEmpty()) {
        m_error.clear();
        Q_EMIT errorStringChanged();
    }
    if (m_speech)
        m_speech->stop(); // the user speaking interrupts the reply read aloud
    m_untilSilence = untilSilence;
    m_rate = std::max(1, input->sampleRate());
    m_pcm.clear();
    m_loudBytes = 0;
    m_heard = false;
    m_quietSince = 0;
    setRecording(true);
    input->start(); // may fail at once: onInputFailed() ends the recording
    return m_recording;
}

/*!
    Ends the recording and sends it to the \l transcriber; transcribed() follows (or
    heardNothing() when nobody spoke, or failed()). Does nothing when not recording.
*/
void KoderDictation::stop()
{
    if (m_recording)
        endRecording();
}

/*!
    Ends the recording, or the transcription, and drops it: nothing is sent, no signal
    follows.
*/
void KoderDictation::cancel()
{
    dropRecording();
    if (m_transcribing) {
        // Not transcribing first: the transcriber's busyChanged() is not taken for someone
        // else's cancel() (onTranscriberBusyChanged()).
        setTranscribing(false);
        if (m_transcriber)
            m_transcriber->cancel();
    }
}

void KoderDictation::dropRecording()
{
    if (!m_recording)
        return;
    if (m_input)
        m_input->stop();
    m_pcm.clear();
    setLevel(0.0);
    setRecording(false);
}

qint64 KoderDictation::msOf(qint64 bytes) const
{
    return bytes / 2 * 1000 / m_rate;
}

void KoderDictation::onSamples(const QByteArray& pcm)
{
    if (!m_recording)
        return;
    // A recording is never longer than maxDuration, whatever the size of the device's pieces.
    const qint64 maxBytes = qint64(m_maxDuration) * m_rate / 1000 * 2;
    const qint64 room = maxBytes - m_pcm.size();
    const QByteArray kept =
        pcm.size() > room ? pcm.left(std::max<qint64>(0, room) & ~qint64(1)) : pcm;
    const double level = levelOf(kept);
    setLevel(level);
    m_pcm += kept;
    const qint64 end = m_pcm.size();
    if (level >= speechLevel) {
        // Speech is minimumSpeechMs loud in total; the silence after it counts from the last
        // loud piece, whether or not that piece made it speech.
        m_loudBytes += kept.size();
        m_heard = m_heard || msOf(m_loudBytes) >= minimumSpeechMs;
        m_quietSince = end;
    }
    if (end >= maxBytes) {
        endRecording();
    } else if (m_untilSilence) {
        if (m_heard ? msOf(end - m_quietSince) >= m_silenceTimeout : msOf(end) >= m_noSpeechTimeout)
            endRecording();
    }
}

void KoderDictation::endRecording()
{
    if (m_input)
        m_input->stop();
    const QByteArray pcm = std::exchange(m_pcm, {});
    setLevel(0.0);
    setRecording(false);
    if (!m_heard) {
        Q_EMIT heardNothing();
        return;
    }
    if (!m_transcriber) {
        fail(QStringLiteral("noTranscriber"), tr("No transcription service is set."));
        return;
    }
    setTranscribing(true);
    m_sending = true;
    const bool sent = m_transcriber->transcribe(wavOf(pcm, m_rate));
    m_sending = false;
    if (!sent)
        setTranscribing(false); // failed() came from the transcriber
}

void KoderDictation::onInputFailed(const QString& code, const QString& message)
{
    if (!m_recording)
        return;
    dropRecording();
    fail(code, message);
}

void KoderDictation::onTranscribed(const QString& text)
{
    if (!m_transcribing)
        return;
    setTranscribing(false);
    // whisper.cpp says "[BLANK_AUDIO]" for a recording without words.
    const QString words = text.trimmed();
    if (words.isEmpty() || words == u"[BLANK_AUDIO]")
        Q_EMIT heardNothing();
    else
        Q_EMIT transcribed(words);
}

void KoderDictation::onTranscriptionFailed(const QString& code, const QString& message)
{
    if (!m_transcribing)
        return;
    // "config" and "busy" come from inside a transcribe() call: the dictation's own, or another
    // caller's on a shared transcriber while the dictation's transcription runs.
    if ((code == u"config" || code == u"busy") && !m_sending)
        return;
    setTranscribing(false);
    fail(code, message);
}

// The input was destroyed during a recording: it broke off.
void KoderDictation::onInputGone()
{
    Q_EMIT audioInputChanged();
    if (!m_recording)
        return;
    dropRecording(); // the input is gone already: nothing to stop
    fail(QStringLiteral("microphone"), tr("The microphone went away during the recording."));
}

// The transcriber stopped being busy, and neither finished() nor failed() came for the
// dictation's transcription before (the transcriber emits busyChanged() after them): someone
// else cancelled it on the transcriber, maybe to run their own. Its answer is not the
// dictation's; the recording is lost.
void KoderDictation::onTranscriberBusyChanged()
{
    if (!m_transcribing || m_sending || !m_transcriber || m_transcriber->busy())
        return;
    setTranscribing(false);
    fail(QStringLiteral("cancelled"), tr("The transcription was cancelled."));
}

// The transcriber was destroyed during a transcription: the recording is lost.
void KoderDictation::onTranscriberGone()
{
    Q_EMIT transcriberChanged();
    if (!m_transcribing)
        return;
    setTranscribing(false);
    fail(QStringLiteral("noTranscriber"), tr("No transcription service is set."));
}

void KoderDictation::setRecording(bool on)
{
    if (m_recording == on)
        return;
    m_recording = on;
    Q_EMIT recordingChanged();
}

void KoderDictation::setTranscribing(bool on)
{
    if (m_transcribing == on)
        return;
    m_transcribing = on;
    Q_EMIT transcribingChanged();
}

void KoderDictation::setLevel(double level)
{
    if (qFuzzyCompare(m_level + 1.0, level + 1.0))
        return;
    m_level = level;
    Q_EMIT levelChanged();
}

void KoderDictation::fail(const QString& code, const QString& message)
{
    m_error = message;
    Q_EMIT errorStringChanged();
    Q_EMIT failed(code, message);
}

/*!
    \fn void KoderDictation::transcribed(const QString &text)

    The recording was transcribed as \a text (trimmed, never empty).
*/

/*!
    \fn void KoderDictation::heardNothing()

    A recording ended without speech: less than \l minimumSpeechMs of it was louder than
    \l speechLevel (it was not sent), or the server found no words in it. Conversation mode ends on it.
*/

/*!
    \fn void KoderDictation::failed(const QString &code, const QString &message)

    Recording or transcription failed: \a code says how (see Errors), \a message says it for
    the user (also in \l errorString).
*/

/*!
    \variable KoderDictation::speechLevel

    The \l level from which audio counts as speech: 0.35, about -39 dBFS.
*/

/*!
    \variable KoderDictation::minimumSpeechMs

    How much of a recording, in milliseconds and in total, must be louder than \l speechLevel
    for it to hold speech: 250. A click, a knock or a cough is shorter, and is not sent (in
    conversation mode, heardNothing() follows instead). With \c{start(true)} the silence that
    ends the recording counts from the last loud piece.
*/

/*!
    \fn void KoderDictation::recordingChanged()

    Notifies a change of \l recording.
*/

/*!
    \fn void KoderDictation::transcribingChanged()

    Notifies a change of \l transcribing.
*/

/*!
    \fn void KoderDictation::levelChanged()

    Notifies a change of \l level.
*/

/*!
    \fn void KoderDictation::transcriberChanged()

    Notifies a change of \l transcriber.
*/

/*!
    \fn void KoderDictation::audioInputChanged()

    Notifies a change of \l audioInput.
*/

/*!
    \fn void KoderDictation::speechChanged()

    Notifies a change of \l speech.
*/

/*!
    \fn void KoderDictation::maxDurationChanged()

    Notifies a change of \l maxDuration.
*/

/*!
    \fn void KoderDictation::silenceTimeoutChanged()

    Notifies a change of \l silenceTimeout.
*/

/*!
    \fn void KoderDictation::noSpeechTimeoutChanged()

    Notifies a change of \l noSpeechTimeout.
*/

/*!
    \fn void KoderDictation::errorStringChanged()

    Notifies a change of \l errorString.
*/

/*!
    \qmltype KoderDictation
    \inqmlmodule Koder.Agent
    \instantiates KoderDictation
    \brief Records what the user says and has it transcribed.

    start() records the default microphone (Qt Multimedia), \l level follows its loudness,
    stop() sends the recording as a WAV file to the \l transcriber and transcribed() gives
    the text. Give it to \l Sender (its \c dictation) for a microphone button and
    conversation mode.

    \snippet qml/tst_docexamples.qml dictation

    A recording without speech (less than 250 ms above the speech level) is never sent
    (heardNothing()). With \c{start(true)} the
    recording ends by itself after \l silenceTimeout of silence, or after
    \l noSpeechTimeout when nothing is said. Audio leaves the machine only to the
    \l transcriber's server, once per recording: see \l {Voice}.

    \sa KoderTranscriber, KoderSpeech, Sender
*/

/*!
    \qmlproperty bool KoderDictation::recording
    \readonly

    True while the microphone is recorded.
*/

/*!
    \qmlproperty bool KoderDictation::transcribing
    \readonly

    True while the server transcribes a recording.
*/

/*!
    \qmlproperty real KoderDictation::level
    \readonly

    How loud the microphone is while recording, from 0 (silence, -60 dBFS) to 1 (full
    scale), for a level meter. 0 when not recording.
*/

/*!
    \qmlproperty KoderTranscriber KoderDictation::transcriber

    The server recordings are sent to. Default null: start() fails with \c "noTranscriber".
*/

/*!
    \qmlproperty KoderAudioInput KoderDictation::audioInput

    Where the audio comes from. Default: the default microphone through Qt Multimedia,
    made at the first start(). A C++ application or test may set its own KoderAudioInput.
*/

/*!
    \qmlproperty KoderSpeech KoderDictation::speech

    The read-aloud to silence when the user starts speaking. Default null.
*/

/*!
    \qmlproperty int KoderDictation::maxDuration

    The longest recording, in milliseconds; it then ends and is sent. Default 120000.
*/

/*!
    \qmlproperty int KoderDictation::silenceTimeout

    With \c{start(true)}: the pause, in milliseconds, that ends the recording once the user
    spoke. Default 1500.
*/

/*!
    \qmlproperty int KoderDictation::noSpeechTimeout

    With \c{start(true)}: how long, in milliseconds, to wait for speech before ending with
    heardNothing(). Default 8000.
*/

/*!
    \qmlproperty string KoderDictation::errorString
    \readonly

    Why the last recording or transcription failed, or empty. Cleared by start().
*/

/*!
    \qmlmethod bool KoderDictation::start(bool untilSilence)

    Starts recording, after stopping \l speech; with \a untilSilence (default false) the
    recording ends by itself on silence. Returns false when a recording or transcription
    runs, or when it cannot start (then failed() says why).
*/

/*!
    \qmlmethod void KoderDictation::stop()

    Ends the recording and sends it: transcribed(), heardNothing() or failed() follows.
*/

/*!
    \qmlmethod void KoderDictation::cancel()

    Ends the recording or the transcription and drops it; no signal follows.
*/

/*!
    \qmlsignal KoderDictation::transcribed(string text)

    The recording was transcribed as \a text (never empty).
*/

/*!
    \qmlsignal KoderDictation::heardNothing()

    A recording ended without speech; nothing was sent, or the server found no words.
*/

/*!
    \qmlsignal KoderDictation::failed(string code, string message)

    Recording or transcription failed. \a code is \c noTranscriber, \c noMicrophone,
    \c microphone, \c cancelled (the transcriber was cancelled directly), or one of
    KoderTranscriber's (\c network, \c auth, \c http,
    \c timeout, ...); \a message says it for the user.
*/

/*!
    \qmltype KoderAudioInput
    \inqmlmodule Koder.Agent
    \instantiates KoderAudioInput
    \brief Where KoderDictation's audio comes from; a C++ interface.

    Not creatable in QML: subclass KoderAudioInput in C++ to record from elsewhere, and set
    it as KoderDictation's \c audioInput.
*/

/*!
    \qmlsignal KoderAudioInput::samples(var pcm)

    Captured audio, \a pcm: 16-bit signed little-endian mono samples.
*/

/*!
    \qmlsignal KoderAudioInput::failed(string code, string message)

    Capture could not start or broke off: \a code and \a message say why.
*/
