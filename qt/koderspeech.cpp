// SPDX-License-Identifier: MIT
// Read-aloud: the controller's announcements of a streaming reply, phrase by phrase, made
// speakable (speakabletext.h) and queued for an engine that says one utterance at a time.
#include "koderspeech.h"

#include "koderagentcontroller.h"
#include "koderspeechengine.h"
#include "qtconvert.h"

#include "koder/agent/state.h"

#include <QtCore/QHash>

#include <algorithm>
#include <utility>

using namespace koder::agent::qt;

/*!
    \class KoderSpeech
    \inmodule KoderAgent
    \brief Reads replies aloud as they stream, and any message on request.

    With \l readAloud on, KoderSpeech says each phrase of the controller's reply as soon as it
    is complete, while the rest still streams: the first sentence is heard after the first
    sentence arrived, not after the whole reply. The phrases are the ones the accessibility
    announcements cut (after \c . \c ! \c ? \c ; \c : or a line break), made speakable: the
    Markdown syntax is not read, a link is said by its text, a code block by \e{Code block in
    <language>.} instead of its code. speak() reads a message that is already there.

    What stops the voice: stop(), a new message sent (the controller's \c userMessage), the
    reply stopped (\c abort()), another conversation opened, and \l readAloud turned off.
    KoderDictation's start() stops it too, when it is given this object, so that the user
    speaking interrupts the reply. A reply whose reading was stopped is not taken up again
    by its next phrases; nothing is said twice: a phrase is said once, and versions switched
    or regenerated are not read unless a new reply streams.

    \section1 Engine, voice and rate

    KoderSpeech speaks through a KoderSpeechEngine. In QML (\c{import Koder.Agent}) it is one
    over Qt TextToSpeech, made when first needed, with the platform's default backend
    (speech-dispatcher on Linux, or Flite); set \l engine to use another. \l locale, \l voice
    and \l rate go to the engine; \l voices lists the names of the engine's voices for the
    locale. An engine that cannot speak reports it: \l errorString and errorOccurred().

    \section1 Screen readers

    A screen reader already voices a streaming reply (ChatView's bubbles are live regions,
    KoderLiveRegion). \l readAloud is off by default, so an app that turns it on does so from
    a choice of the user; while it is on, the live regions of the same controller leave the
    reply's phrases to KoderSpeech and announce only the rest (the reply started and finished,
    errors, approvals), so that the two voices do not talk over each other.

    \section1 Example

    \snippet qml/tst_docexamples.qml speech

    \sa KoderDictation, {Voice}
*/

/*!
    \class KoderSpeechEngine
    \inmodule KoderAgent
    \brief What KoderSpeech speaks through: one utterance at a time.

    Subclass it to speak through another voice (a cloud service, a test's recorder). The QML
    module's engine drives Qt TextToSpeech.

    KoderSpeech calls say() with one phrase at a time and waits for sayFinished() before the
    next; it calls stop() to silence the engine at once.
*/

/*!
    \fn KoderSpeechEngine::KoderSpeechEngine(QObject *parent)

    Constructs an engine with \a parent.
*/

/*!
    \fn void KoderSpeechEngine::say(const QString &text)

    Starts speaking \a text. An utterance still speaking is cut off. Emit sayFinished() when it
    was said to its end.
*/

/*!
    \fn void KoderSpeechEngine::stop()

    Stops speaking at once. No sayFinished() follows.
*/

/*!
    \fn void KoderSpeechEngine::setLocale(const QLocale &locale)

    Speaks in \a locale from the next utterance. The default does nothing.
*/

/*!
    \fn void KoderSpeechEngine::setVoice(const QString &name)

    Speaks with the voice named \a name (one of voices()) from the next utterance; an empty
    or unknown name keeps the locale's default. The default does nothing.
*/

/*!
    \fn void KoderSpeechEngine::setRate(double rate)

    Speaks at \a rate, from -1 (slowest) through 0 (normal) to 1 (fastest). The default does
    nothing.
*/

/*!
    \fn QStringList KoderSpeechEngine::voices() const

    Returns the names of the voices for the current locale. The default returns none.
*/

/*!
    \fn void KoderSpeechEngine::sayFinished()

    Emit this when the utterance of the last say() was spoken to its end.
*/

/*!
    \fn void KoderSpeechEngine::errorOccurred(const QString &message)

    Emit this when the engine cannot speak (no backend, no audio output); \a message says why,
    for the user.
*/

/*!
    \fn void KoderSpeechEngine::voicesChanged()

    Emit this when voices() changed.
*/

namespace {

// How many KoderSpeech objects read each controller's replies aloud (readsAloud()).
QHash<const KoderAgentController*, int>& readers()
{
    static QHash<const KoderAgentController*, int> count;
    return count;
}

std::function<KoderSpeechEngine*()>& defaultFactory()
{
    static std::function<KoderSpeechEngine*()> factory;
    return factory;
}

} // namespace

/*!
    Constructs a KoderSpeech with \a parent. It has no controller and reads nothing aloud until
    \l readAloud is set or speak() is called.
*/
KoderSpeech::KoderSpeech(QObject* parent)
    : QObject(parent)
{
}

/*!
    Destroys the object; its engine stops.
*/
KoderSpeech::~KoderSpeech()
{
    countReader(false);
    if (m_engine && m_engine->parent() != this && speaking())
        m_engine->stop();
}

/*!
    \property KoderSpeech::controller
    \brief The controller whose replies are read.

    Default null. Changing it stops the voice.
*/
void KoderSpeech::setController(KoderAgentController* controller)
{
    if (m_controller == controller)
        return;
    stop();
    countReader(false);
    for (const auto& c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_controller = controller;
    if (controller) {
        m_connections = {
            connect(controller, &KoderAgentController::announcement, this,
                    [this](Koder::AnnouncementKind kind, Koder::Politeness,
                           const QString& messageId, const QString& text,
                           int position) { onAnnouncement(kind, messageId, text, position); }),
            connect(controller, &KoderAgentController::userMessage, this, &KoderSpeech::interrupt),
            connect(controller, &KoderAgentController::aborted, this, &KoderSpeech::interrupt),
            connect(controller, &KoderAgentController::conversationIdChanged, this,
                    &KoderSpeech::stop),
            connect(controller, &QObject::destroyed, this,
                    [this] {
                        countReader(false);
                        stop();
                        Q_EMIT controllerChanged();
                    }),
        };
    }
    countReader(true);
    Q_EMIT controllerChanged();
}

/*!
    \property KoderSpeech::readAloud
    \brief Whether each reply of the \l controller is read aloud while it streams.

    Default false: an app turns it on from a setting of the user. Turning it off stops the
    voice. Turning it on while a reply streams reads it from its next phrase. While it is on,
    the live regions of the controller leave the reply's phrases to this object (see
    readsAloud()).
*/
void KoderSpeech::setReadAloud(bool on)
{
    if (m_readAloud == on)
        return;
    if (!on)
        stop();
    else
        m_stoppedTurn = false; // asked for again: the reply streaming is read from its next phrase
    m_readAloud = on;
    updateReader();
    Q_EMIT readAloudChanged();
}

/*!
    \property KoderSpeech::speaking
    \brief Whether something is being said or waits to be said.
*/

/*!
    \property KoderSpeech::speakingMessageId
    \brief The message being read, or empty while silent.

    A look uses it to show \e{Stop reading} on that message's bubble.
*/

/*!
    \property KoderSpeech::locale
    \brief The language to speak in. Default: the default QLocale.
*/
void KoderSpeech::setLocale(const QLocale& locale)
{
    if (m_locale == locale)
        return;
    m_locale = locale;
    if (m_engine)
        m_engine->setLocale(locale);
    Q_EMIT localeChanged();
    Q_EMIT voicesChanged();
}

/*!
    \property KoderSpeech::voice
    \brief The name of the voice to speak with, one of \l voices.

    Default empty: the locale's default voice.
*/
void KoderSpeech::setVoice(const QString& name)
{
    if (m_voice == name)
        return;
    m_voice = name;
    if (m_engine)
        m_engine->setVoice(name);
    Q_EMIT voiceChanged();
}

/*!
    \property KoderSpeech::voices
    \brief The names of the engine's voices for \l locale.

    Reading it makes the engine when there is none yet.
*/
QStringList KoderSpeech::voices()
{
    KoderSpeechEngine* e = engine();
    return e ? e->voices() : QStringList();
}

/*!
    \property KoderSpeech::rate
    \brief How fast to speak, from -1 (slowest) through 0 (the default) to 1 (fastest).

    Values outside are clamped.
*/
void KoderSpeech::setRate(double rate)
{
    rate = std::clamp(rate, -1.0, 1.0);
    if (qFuzzyCompare(m_rate + 2.0, rate + 2.0))
        return;
    m_rate = rate;
    if (m_engine)
        m_engine->setRate(rate);
    Q_EMIT rateChanged();
}

/*!
    \property KoderSpeech::engine
    \brief What speaks.

    In QML, an engine over Qt TextToSpeech, made when first needed; from C++ null unless set
    (or a default factory was set, setDefaultEngineFactory()). KoderSpeech does not take
    ownership of an engine that has a parent; one without is parented to it, and deleted when
    another is set. Setting another stops the voice.
*/
KoderSpeechEngine* KoderSpeech::engine()
{
    if (!m_engine && defaultFactory()) {
        if (KoderSpeechEngine* made = defaultFactory()()) {
            if (!made->parent())
                made->setParent(this);
            setEngine(made);
        }
    }
    return m_engine;
}

void KoderSpeech::setEngine(KoderSpeechEngine* engine)
{
    if (m_engine == engine)
        return;
    // Only a replaced engine stops the voice: the first one is made by engine() in the middle
    // of sayNext(), with the queue it is about to speak.
    if (m_engine) {
        stop();
        disconnect(m_engine, nullptr, this, nullptr);
        if (m_engine->parent() == this)
            m_engine->deleteLater(); // one this object made or adopted
    }
    m_engine = engine;
    if (engine) {
        if (!engine->parent())
            engine->setParent(this);
        engine->setLocale(m_locale);
        if (!m_voice.isEmpty())
            engine->setVoice(m_voice);
        engine->setRate(m_rate);
        connect(engine, &KoderSpeechEngine::sayFinished, this, &KoderSpeech::onSayFinished);
        connect(engine, &KoderSpeechEngine::errorOccurred, this, &KoderSpeech::onEngineError);
        connect(engine, &KoderSpeechEngine::voicesChanged, this, &KoderSpeech::voicesChanged);
        // An engine deleted while it speaks never finishes its utterance.
        connect(engine, &QObject::destroyed, this, [this] {
            m_queue.clear();
            m_following.clear();
            setSpeakingId({});
            Q_EMIT engineChanged();
        });
    }
    Q_EMIT engineChanged();
    Q_EMIT voicesChanged();
}

/*!
    \property KoderSpeech::errorString
    \brief Why the engine could not speak the last time, or empty.

    Cleared when the engine speaks again.
*/

/*!
    Sets how a KoderSpeech without an \l engine makes one: \a factory is called when its
    first utterance needs one (or \l voices is read). The QML module sets one that makes an
    engine over Qt TextToSpeech when it is loaded. Not thread-safe: call it from the main
    thread.
*/
void KoderSpeech::setDefaultEngineFactory(std::function<KoderSpeechEngine*()> factory)
{
    defaultFactory() = std::move(factory);
}

/*!
    Returns whether a KoderSpeech reads the replies of \a controller aloud: its \l readAloud
    is on, its engine did not fail (\l errorString is empty) and the reading of the open turn
    was not stopped. KoderLiveRegion then leaves the reply's phrases to it; otherwise the
    screen reader gets them, so that nobody loses the reply.
*/
bool KoderSpeech::readsAloud(const KoderAgentController* controller)
{
    return readers().value(controller) > 0;
}

// Counted while it can take the phrases over from the screen reader: on, for a controller,
// its engine not failing and the open turn's reading not stopped.
void KoderSpeech::updateReader()
{
    countReader(false);
    countReader(true);
}

void KoderSpeech::countReader(bool add)
{
    if (add && m_readAloud && m_controller && !m_countedFor && m_error.isEmpty() &&
        !m_stoppedTurn) {
        m_countedFor = m_controller.data();
        ++readers()[m_countedFor];
    } else if (!add && m_countedFor) {
        auto& count = readers();
        if (--count[m_countedFor] <= 0)
            count.remove(m_countedFor);
        m_countedFor = nullptr;
    }
}

/*!
    Reads the message \a messageId of the controller's conversation aloud, from its start,
    after stopping what was being said; spoken() follows its last phrase. A reply still
    streaming is read on as it streams, whatever \l readAloud says. Returns false, and says
    nothing, when there is no controller, no such message, or nothing in it to say (nor more to
    come), or when there is no engine to say it.
*/
bool KoderSpeech::speak(const QString& messageId)
{
    if (!m_controller)
        return false;
    const auto& state = m_controller->state();
    const std::size_t row = koder::agent::findMessage(state, messageId.toStdString());
    if (row == koder::agent::noRow)
        return false;
    const std::string_view all = state.conversation.messages[row].text;
    const bool streaming = state.turn && state.turn->stepRow == row && m_controller->streaming();
    // A reply that streams is read up to where its announcements got (its last phrase end):
    // the rest comes by the next announcement, whole, not cut where the text is now.
    const QString text =
        toQString(streaming ? all.substr(0, std::min(state.turn->announcedUpTo, all.size())) : all);
    stop();
    // Followed to its end, as a reply read aloud: spoken() when its last phrase was said.
    m_speakable.reset();
    m_following = messageId;
    m_from = static_cast<int>(text.size());
    m_ended = false;
    bool any = false;
    const auto say = [&](const QString& speakable) {
        any = any || !speakable.isEmpty();
        enqueue(messageId, speakable);
    };
    for (const QStringView phrase : SpeakableText::phrasesOf(text))
        say(m_speakable.next(phrase));
    if (!streaming)
        say(m_speakable.finish());
    if (m_following != messageId)
        return false; // the engine failed
    if (streaming)
        return true;
    m_ended = true;
    if (m_queue.empty() && m_speakingId.isEmpty()) {
        // Nothing to say, or an engine that speaks at once said it all.
        m_following.clear();
        if (any)
            Q_EMIT spoken(messageId);
        return any;
    }
    return true;
}

/*!
    Stops the voice at once and forgets what waited to be said. The reply being read is not
    taken up again by its later phrases.
*/
void KoderSpeech::stop()
{
    if (!m_following.isEmpty()) {
        m_stoppedTurn = true;
        updateReader();
    }
    m_following.clear();
    m_queue.clear();
    if (m_speakingId.isEmpty())
        return;
    if (m_engine)
        m_engine->stop();
    setSpeakingId({});
}

void KoderSpeech::onAnnouncement(Koder::AnnouncementKind kind, const QString& messageId,
                                 const QString& text, int position)
{
    using Kind = Koder::AnnouncementKind;
    if (kind != Kind::ReplyStarted)
        m_started.clear();
    switch (kind) {
    case Kind::ReplyStarted:
        m_stoppedTurn = false;
        updateReader();
        m_started = messageId;
        if (m_readAloud)
            follow(messageId, 0);
        break;
    case Kind::ReplyText:
        // A reply whose start was not followed (read-aloud turned on since, a step of an
        // agent turn in a new row): read from this phrase on, unless the user stopped it.
        // A reply speak() follows is read on whatever readAloud says.
        if (m_readAloud && messageId != m_following && !m_stoppedTurn)
            follow(messageId, position);
        // Not where the last phrase ended: a retry started the reply over, a continued reply
        // goes on after text it already had. Its Markdown state is read again from the text.
        if (messageId == m_following && !m_ended && position != m_from)
            follow(messageId, position);
        if (messageId == m_following && !m_ended) {
            enqueue(messageId, m_speakable.next(text));
            m_from = position + static_cast<int>(text.size());
        }
        break;
    case Kind::ReplyFinished:
        // Not a message speak() reads to its end already (m_ended): that one is not this reply.
        if (m_following.isEmpty() || m_ended)
            break;
        m_ended = true;
        enqueue(QString(m_following), m_speakable.finish());
        // Said already (or by an engine that speaks at once): spoken() now.
        if (!m_following.isEmpty() && m_queue.empty() && m_speakingId.isEmpty())
            Q_EMIT spoken(std::exchange(m_following, {}));
        break;
    case Kind::Stopped:
        stop();
        break;
    case Kind::Error:
        // What was said so far is said to its end; the reply is not finished.
        if (!m_ended)
            m_following.clear();
        break;
    default:
        break;
    }
}

void KoderSpeech::follow(const QString& messageId, int from)
{
    m_following = messageId;
    m_from = from;
    m_ended = false;
    m_speakable.reset();
    if (from <= 0 || !m_controller)
        return;
    // Read from a phrase in the middle: the Markdown before it sets the state (inside a code
    // block, a link not closed yet), though none of it is said.
    const auto& state = m_controller->state();
    const std::size_t row = koder::agent::findMessage(state, messageId.toStdString());
    if (row != koder::agent::noRow)
        (void)m_speakable.next(toQString(state.conversation.messages[row].text).left(from));
}

// A new send (userMessage) or a stopped reply (aborted): the voice stops. These events come
// after the announcements of the same change, so a reply that has just started in it (the
// send's own, a regenerate's) is the one to read next, not one that was stopped.
void KoderSpeech::interrupt()
{
    const QString started = std::exchange(m_started, {});
    stop();
    if (!started.isEmpty() && m_readAloud) {
        m_stoppedTurn = false;
        updateReader();
        follow(started, 0);
    }
}

void KoderSpeech::enqueue(const QString& messageId, const QString& text)
{
    if (text.isEmpty())
        return;
    m_queue.push_back({messageId, text});
    if (m_speakingId.isEmpty())
        sayNext();
}

void KoderSpeech::sayNext()
{
    if (m_queue.empty()) {
        setSpeakingId({});
        // Everything of the reply followed was queued before it ended: it was all said.
        if (!m_following.isEmpty() && m_ended)
            Q_EMIT spoken(std::exchange(m_following, {}));
        return;
    }
    KoderSpeechEngine* e = engine();
    if (!e) {
        onEngineError(tr("No speech engine is available."));
        return;
    }
    if (m_queue.empty())
        return; // made the engine, which stopped what was queued
    Utterance next = std::move(m_queue.front());
    m_queue.pop_front();
    setSpeakingId(next.messageId);
    e->say(next.text);
}

void KoderSpeech::onSayFinished()
{
    if (m_speakingId.isEmpty())
        return; // a late report after stop()
    setError({});
    sayNext();
}

void KoderSpeech::onEngineError(const QString& message)
{
    // As a stop: the reply being read is not taken up again by its next phrases (a later one
    // is tried again).
    m_queue.clear();
    if (!m_following.isEmpty()) {
        m_following.clear();
        m_stoppedTurn = true;
    }
    setSpeakingId({});
    setError(message);
}

void KoderSpeech::setSpeakingId(const QString& id)
{
    if (m_speakingId == id)
        return;
    m_speakingId = id;
    Q_EMIT speakingChanged();
}

void KoderSpeech::setError(const QString& message)
{
    if (m_error == message)
        return;
    m_error = message;
    updateReader();
    Q_EMIT errorStringChanged();
    if (!message.isEmpty())
        Q_EMIT errorOccurred(message);
}

/*!
    \fn void KoderSpeech::spoken(const QString &messageId)

    The reply \a messageId was read to its end: it finished streaming and its last phrase was
    said. Conversation mode listens again on it.
*/

/*!
    \fn void KoderSpeech::errorOccurred(const QString &message)

    The engine could not speak; \a message says why, for the user.
*/

/*!
    \fn void KoderSpeech::controllerChanged()

    Notifies a change of \l controller.
*/

/*!
    \fn void KoderSpeech::readAloudChanged()

    Notifies a change of \l readAloud.
*/

/*!
    \fn void KoderSpeech::speakingChanged()

    Notifies a change of \l speaking.
*/

/*!
    \fn void KoderSpeech::localeChanged()

    Notifies a change of \l locale.
*/

/*!
    \fn void KoderSpeech::voiceChanged()

    Notifies a change of \l voice.
*/

/*!
    \fn void KoderSpeech::voicesChanged()

    Notifies a change of \l voices.
*/

/*!
    \fn void KoderSpeech::rateChanged()

    Notifies a change of \l rate.
*/

/*!
    \fn void KoderSpeech::engineChanged()

    Notifies a change of \l engine.
*/

/*!
    \fn void KoderSpeech::errorStringChanged()

    Notifies a change of \l errorString.
*/

/*!
    \qmltype KoderSpeech
    \inqmlmodule Koder.Agent
    \instantiates KoderSpeech
    \brief Reads replies aloud as they stream, phrase by phrase, and any message on request.

    With \l readAloud on, each phrase of the \l controller's reply is said as soon as it is
    complete, while the rest still streams. Markdown is not read out: a link is said by its
    text, a code block as \e{Code block in <language>.}. A new message sent, the reply stopped,
    another conversation opened, the user starting to dictate (KoderDictation's \c speech) or
    stop() silence it; nothing is said twice.

    \snippet qml/tst_docexamples.qml speech

    It speaks through Qt TextToSpeech with the platform's default engine (speech-dispatcher
    or Flite on Linux), made when first needed. \l readAloud is off by default; while it is
    on, the bubbles' live regions leave the reply's phrases to it, so that a screen reader
    and the speech do not say them over each other. See \l {Voice}.

    \sa KoderDictation, Sender
*/

/*!
    \qmlproperty KoderAgentController KoderSpeech::controller

    The controller whose replies are read. Default null. Changing it stops the voice.
*/

/*!
    \qmlproperty bool KoderSpeech::readAloud

    Whether each reply is read aloud while it streams. Default false. Turning it off stops the
    voice; turning it on during a reply reads it from its next phrase.
*/

/*!
    \qmlproperty bool KoderSpeech::speaking
    \readonly

    True while something is said or waits to be said.
*/

/*!
    \qmlproperty string KoderSpeech::speakingMessageId
    \readonly

    The message being read, or empty while silent.
*/

/*!
    \qmlproperty locale KoderSpeech::locale

    The language to speak in, such as \c{Qt.locale("de_DE")}. Default: the default locale.
*/

/*!
    \qmlproperty string KoderSpeech::voice

    The name of the voice, one of \l voices. Default empty: the locale's default voice.
*/

/*!
    \qmlproperty list<string> KoderSpeech::voices
    \readonly

    The names of the engine's voices for \l locale.
*/

/*!
    \qmlproperty real KoderSpeech::rate

    How fast to speak, from -1 (slowest) through 0 (the default) to 1 (fastest).
*/

/*!
    \qmlproperty KoderSpeechEngine KoderSpeech::engine

    What speaks. Default: an engine over Qt TextToSpeech, made when first needed. A C++
    application or test may set its own KoderSpeechEngine.
*/

/*!
    \qmlproperty string KoderSpeech::errorString
    \readonly

    Why the engine could not speak the last time (no speech engine, no audio output), or
    empty.
*/

/*!
    \qmlmethod bool KoderSpeech::speak(string messageId)

    Reads the message \a messageId aloud from its start, after stopping what was said. A reply
    still streaming is read on as it streams. Returns false when there is no such message or
    nothing in it to say.
*/

/*!
    \qmlmethod void KoderSpeech::stop()

    Stops the voice at once. The reply being read is not taken up again by its later phrases.
*/

/*!
    \qmlsignal KoderSpeech::spoken(string messageId)

    The reply \a messageId was read to its end: it finished streaming and its last phrase was
    said. Sender's conversation mode listens again on it.
*/

/*!
    \qmlsignal KoderSpeech::errorOccurred(string message)

    The engine could not speak; \a message says why.
*/

/*!
    \qmltype KoderSpeechEngine
    \inqmlmodule Koder.Agent
    \instantiates KoderSpeechEngine
    \brief What KoderSpeech speaks through; a C++ interface.

    Not creatable in QML: subclass KoderSpeechEngine in C++ to speak through another voice,
    and set it as KoderSpeech's \c engine.
*/

/*!
    \qmlsignal KoderSpeechEngine::sayFinished()

    The engine said its utterance to the end.
*/

/*!
    \qmlsignal KoderSpeechEngine::errorOccurred(string message)

    The engine cannot speak; \a message says why.
*/

/*!
    \qmlsignal KoderSpeechEngine::voicesChanged()

    The engine's voices changed.
*/
