// SPDX-License-Identifier: MIT
// KoderSpeech reading a controller's replies aloud through a recording engine (FakeSpeechEngine,
// tests/support/voicetesting.h), the reply pushed token by token through a scripted transport:
// phrases said in order while the reply streams, Markdown made speakable, what stops the voice,
// nothing said twice, speak() of a stored message, spoken(), the engine's errors, the engine's
// settings, readsAloud(). And SpeakableText, the Markdown made speakable, on its own.
#include "controllertest.h"
#include "koderspeech.h"
#include "speakabletext.h"
#include "voicetesting.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace koder::agent;
using koder::agent::qt::SpeakableText;

// An engine that says each utterance at once: its sayFinished() comes from inside say().
class ImmediateEngine : public FakeSpeechEngine {
public:
    ImmediateEngine() { autoFinish = false; }
    void say(const QString& text) override
    {
        FakeSpeechEngine::say(text);
        finish();
    }
};

class TstSpeech : public ControllerTest {
    Q_OBJECT

    std::unique_ptr<KoderSpeech> speech;
    FakeSpeechEngine* engine = nullptr; // owned by `speech`
    ScriptedTransport* t = nullptr;

    // Pushes `text` into the reply of the last request, as the server's next token.
    void token(const char* text) { t->push(TextDelta{t->last(), text}); }
    void tokens(std::initializer_list<const char*> texts)
    {
        for (const char* text : texts)
            token(text);
    }
    void endReply() { t->push(StreamEnded{t->last(), "stop"}); }
    QString replyId() const
    {
        return agent->messages()
            ->get(agent->messages()->count() - 1)
            .value(QStringLiteral("messageId"))
            .toString();
    }
    // Sends and waits for nothing: the scripted transport delivers only what the test pushes.
    void sendQuestion(const QString& text = QStringLiteral("q")) { QVERIFY(agent->send(text)); }
    // Lets the fake engine end every queued utterance (autoFinish) and checks nothing is left.
    void drain() { QTRY_VERIFY(!speech->speaking()); }

    // A queue of phrases of reply 1 waits while its first is said (the engine is slow).
    void readReplyWithQueue()
    {
        engine->autoFinish = false;
        speech->setReadAloud(true);
        sendQuestion();
        tokens({"One. ", "Two. ", "Three."});
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        QVERIFY(speech->speaking());
    }

private Q_SLOTS:
    void init()
    {
        setUp();
        t = useScripted();
        speech = std::make_unique<KoderSpeech>();
        engine = new FakeSpeechEngine;
        speech->setEngine(engine);
        QCOMPARE(engine->parent(), static_cast<QObject*>(speech.get()));
        speech->setController(agent.get());
    }
    void cleanup()
    {
        speech.reset();
        KoderSpeech::setDefaultEngineFactory({});
        tearDown();
    }

    // ---- while a reply streams ------------------------------------------------------------------

    void phrasesAreSpokenInOrderWhileTheReplyStreams()
    {
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        const QString id = replyId();
        tokens({"Hel", "lo the"});
        QCOMPARE(engine->said(), QStringList());
        token("re. How a"); // the phrase ends mid-token, the next one starts mid-word
        QCOMPARE(engine->said(), QStringList{QStringLiteral("Hello there.")});
        QVERIFY(agent->streaming()); // said before the reply ended
        QVERIFY(speech->speaking());
        QCOMPARE(speech->speakingMessageId(), id);
        tokens({"re y", "ou? I am", " fi"});
        QTRY_COMPARE(engine->said(),
                     (QStringList{QStringLiteral("Hello there."), QStringLiteral("How are you?")}));
        QVERIFY(agent->streaming());
        QCOMPARE(spoken.count(), 0);
        tokens({"ne, thanks"});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said(),
                 (QStringList{QStringLiteral("Hello there."), QStringLiteral("How are you?"),
                              QStringLiteral("I am fine, thanks")}));
        QCOMPARE(spoken.first().first().toString(), id);
        QVERIFY(!speech->speaking());
        QCOMPARE(speech->speakingMessageId(), QString());
    }

    // One utterance at a time: the next waits for the engine's sayFinished().
    void oneUtteranceAtATime()
    {
        engine->autoFinish = false;
        speech->setReadAloud(true);
        sendQuestion();
        tokens({"One. ", "Two. ", "Three."});
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        engine->finish();
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two.")}));
        engine->finish();
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two."),
                                              QStringLiteral("Three.")}));
        QVERIFY(speech->speaking());
        engine->finish();
        QVERIFY(!speech->speaking());
    }

    void markdownIsSaidAsWords()
    {
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        // Cut into small tokens, as a server streams it: the core makes phrases of them.
        const QByteArray reply = "# Setup guide\n"
                                 "Install it with **pip** and _then_ run `tool`.\n"
                                 "```python\n"
                                 "print(\"secret token\")\n"
                                 "x = a.b; y = 2\n"
                                 "```\n"
                                 "- first item\n"
                                 "- Read the [docs](https://example.com/a.b) first.\n"
                                 "> Quoted advice.\n"
                                 "Or see <https://koder.dev/voice>.\n"
                                 "| Name | Size |\n"
                                 "|:-----|-----:|\n"
                                 "| alpha | 10 |\n"
                                 "Done.";
        for (qsizetype i = 0; i < reply.size(); i += 3)
            token(reply.mid(i, 3).constData());
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        const QStringList said = engine->said();
        const QString all = said.join(u'\n');
        QCOMPARE(said.count(QStringLiteral("Code block in python.")), 1);
        QCOMPARE(all.count(QStringLiteral("Code block")), 1);
        for (const char* never : {"print", "secret", "x =", "y = 2", "#", "**", "`", "](", "[",
                                  "example", "a.b", "---", "|", "<", ">", "- "})
            QVERIFY2(
                !all.contains(QString::fromUtf8(never)),
                qPrintable(QStringLiteral("said %1 in:\n%2").arg(QString::fromUtf8(never), all)));
        // The words, in order, each once.
        qsizetype from = 0;
        for (const char* word :
             {"Setup guide", "Install it with pip and then run tool.", "Code block in python.",
              "first item", "Read the", "docs", "first.", "Quoted advice.", "Or see",
              "https://koder.dev/voice.", "Name, Size", "alpha, 10", "Done."}) {
            const qsizetype at = all.indexOf(QString::fromUtf8(word), from);
            QVERIFY2(at >= 0, qPrintable(QStringLiteral("%1 not said in order in:\n%2")
                                             .arg(QString::fromUtf8(word), all)));
            from = at + qsizetype(qstrlen(word));
        }
        // The link, cut by the core at its colon and dots, is said by its text once it closed.
        QVERIFY2(said.contains(QStringLiteral("docs first.")), qPrintable(all));
        for (const QString& utterance : said)
            QVERIFY2(!utterance.trimmed().isEmpty(), qPrintable(all));
    }

    // ---- what stops the voice -------------------------------------------------------------------

    void aNewSendStopsSpeechAndTheNextReplyIsRead()
    {
        readReplyWithQueue();
        endReply();
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        const int stopsBefore = engine->stops();
        sendQuestion(QStringLiteral("next"));
        QCOMPARE(engine->stops(), stopsBefore + 1);
        QVERIFY(!speech->speaking());
        engine->finish(); // a late report of the engine: nothing follows
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        // The new send's reply is read.
        engine->autoFinish = true;
        tokens({"Fresh ", "start. ", "Again"});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said(),
                 (QStringList{QStringLiteral("One."), QStringLiteral("Fresh start."),
                              QStringLiteral("Again")}));
        QCOMPARE(spoken.first().first().toString(), replyId());
    }

    void abortStopsSpeech()
    {
        readReplyWithQueue();
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        agent->abort();
        QCOMPARE(engine->stops(), 1);
        QVERIFY(!speech->speaking());
        engine->autoFinish = true;
        engine->finish();
        QVERIFY(!spoken.wait(50));
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        // The next reply is read again.
        sendQuestion();
        tokens({"Back. "});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Back.")}));
    }

    void readAloudOffStopsSpeech()
    {
        readReplyWithQueue();
        speech->setReadAloud(false);
        QCOMPARE(engine->stops(), 1);
        QVERIFY(!speech->speaking());
        engine->finish();
        tokens({"Four. ", "Five."});
        endReply();
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
    }

    // Turned off and on again while the reply streams: read on from the next phrase.
    void readAloudOffAndOnReadsOnFromTheNextPhrase()
    {
        readReplyWithQueue();
        speech->setReadAloud(false);
        tokens({" Four."});
        speech->setReadAloud(true);
        engine->autoFinish = true;
        tokens({" Five."});
        endReply();
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Five.")}));
    }

    void stopEndsTheReplysReadingButNotTheNext()
    {
        readReplyWithQueue();
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        QSignalSpy speakingChanged(speech.get(), &KoderSpeech::speakingChanged);
        speech->stop();
        QCOMPARE(engine->stops(), 1);
        QVERIFY(!speech->speaking());
        QCOMPARE(speakingChanged.count(), 1);
        speech->stop(); // silent already: nothing more
        QCOMPARE(engine->stops(), 1);
        engine->autoFinish = true;
        engine->finish();
        // The later phrases of the stopped reply are not said.
        tokens({" Four.", " Five."});
        endReply();
        QVERIFY(!spoken.wait(50));
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        // The next reply is.
        sendQuestion();
        tokens({"Next one."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said(),
                 (QStringList{QStringLiteral("One."), QStringLiteral("Next one.")}));
    }

    void anotherConversationStopsSpeech()
    {
        readReplyWithQueue();
        endReply();
        QSignalSpy changed(agent.get(), &KoderAgentController::conversationIdChanged);
        agent->setConversationId(QStringLiteral("another"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(engine->stops(), 1);
        QVERIFY(!speech->speaking());
        engine->finish();
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
    }

    void changingTheControllerStopsSpeech()
    {
        readReplyWithQueue();
        KoderAgentController other;
        speech->setController(&other);
        QCOMPARE(engine->stops(), 1);
        QVERIFY(!speech->speaking());
        engine->finish();
        tokens({" Four."});
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        speech->setController(nullptr);
    }

    // ---- nothing said twice ---------------------------------------------------------------------

    void regenerateReadsOnlyTheNewReply()
    {
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        tokens({"First. ", "Answer."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        const QString first = replyId();
        QVERIFY(agent->regenerate(first));
        const QString second = replyId();
        QVERIFY(second != first);
        tokens({"Second ", "try. ", "Better."});
        endReply();
        QTRY_COMPARE(spoken.count(), 2);
        QCOMPARE(spoken.last().first().toString(), second);
        QCOMPARE(engine->said(),
                 (QStringList{QStringLiteral("First."), QStringLiteral("Answer."),
                              QStringLiteral("Second try."), QStringLiteral("Better.")}));

        // Switching between the versions reads nothing.
        QSignalSpy said(engine, &FakeSpeechEngine::saidChanged);
        QVERIFY(agent->switchVersion(second, 0));
        QVERIFY(agent->switchVersion(first, 1));
        QVERIFY(!said.wait(50));
        QCOMPARE(engine->said().size(), 4);
        QVERIFY(!speech->speaking());
    }

    // Regenerated while the first reply still streams: the first is not read on.
    void regenerateWhileStreaming()
    {
        readReplyWithQueue();
        const QString first = replyId();
        QVERIFY(agent->regenerate(first));
        QVERIFY(!speech->speaking());
        engine->autoFinish = true;
        engine->finish();
        tokens({"New. ", "Reply."});
        endReply();
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("New."),
                                              QStringLiteral("Reply.")}));
    }

    void readAloudTurnedOnMidReplyReadsFromTheNextPhrase()
    {
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        tokens({"One. ", "Tw"});
        QCOMPARE(engine->said(), QStringList());
        speech->setReadAloud(true);
        QCOMPARE(engine->said(), QStringList()); // nothing of what was before
        tokens({"o. ", "Three."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("Two."), QStringLiteral("Three.")}));
    }

    // Turned on inside a code block: its code is not read; what follows it is.
    void readAloudTurnedOnInsideACodeBlock()
    {
        sendQuestion();
        tokens({"Look:\n", "```js\n", "let a = 1;\n"});
        speech->setReadAloud(true);
        tokens({"let b = 2;\n", "```\n", "That is all."});
        endReply();
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(engine->said(), QStringList{QStringLiteral("That is all.")});
    }

    void speakAStreamingReplyThenItsFurtherPhrases()
    {
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        const QString id = replyId();
        tokens({"One. ", "Tw"}); // "Tw" is not a phrase yet
        QVERIFY(speech->speak(id));
        QCOMPARE(speech->speakingMessageId(), id);
        tokens({"o. ", "Three."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(spoken.first().first().toString(), id);
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two."),
                                              QStringLiteral("Three.")}));
    }

    // speak() of the reply read aloud already: from its start again, each phrase once more.
    void speakTheReplyBeingReadStartsItOver()
    {
        speech->setReadAloud(true);
        sendQuestion();
        const QString id = replyId();
        tokens({"One. ", "Two. "});
        QTRY_COMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two.")}));
        QVERIFY(speech->speak(id));
        tokens({"Three."});
        endReply();
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two."),
                                              QStringLiteral("One."), QStringLiteral("Two."),
                                              QStringLiteral("Three.")}));
    }

    // ---- speak() --------------------------------------------------------------------------------

    void speakAFinishedMessage()
    {
        sendQuestion();
        tokens({"# Title\nFirst sentence. Second one!\n- a [link](https://x.org/y.z) here"});
        endReply();
        const QString id = replyId();
        QCOMPARE(engine->said(), QStringList()); // readAloud is off
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        QVERIFY(speech->speak(id));
        QVERIFY(speech->speaking());
        QCOMPARE(speech->speakingMessageId(), id);
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(spoken.first().first().toString(), id);
        QCOMPARE(engine->said(),
                 (QStringList{QStringLiteral("Title"), QStringLiteral("First sentence."),
                              QStringLiteral("Second one!"), QStringLiteral("a link here")}));
        QVERIFY(!spoken.wait(50)); // once
    }

    void speakOfTheUserMessageAndOfNothing()
    {
        QVERIFY(!speech->speak(QStringLiteral("no-such-message")));
        sendQuestion(QStringLiteral("What is **this**?"));
        const QString question =
            agent->messages()->get(0).value(QStringLiteral("messageId")).toString();
        endReply();
        QVERIFY(!speech->speak(QStringLiteral("no-such-message")));
        QVERIFY(!speech->speaking());
        QVERIFY(speech->speak(question));
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(engine->said(), QStringList{QStringLiteral("What is this?")});
        // An empty reply says nothing.
        QVERIFY(!speech->speak(replyId()));
        KoderSpeech alone;
        alone.setEngine(new FakeSpeechEngine);
        QVERIFY(!alone.speak(question)); // no controller
    }

    // speak() while another message is read: that one stops.
    void speakStopsWhatWasSaid()
    {
        sendQuestion();
        tokens({"Old one. ", "Old two."});
        endReply();
        const QString old = replyId();
        sendQuestion();
        tokens({"New."});
        endReply();
        const QString fresh = replyId();
        engine->autoFinish = false;
        QVERIFY(speech->speak(old));
        QCOMPARE(engine->said(), QStringList{QStringLiteral("Old one.")});
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        QVERIFY(speech->speak(fresh));
        QCOMPARE(engine->stops(), 1);
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("Old one."), QStringLiteral("New.")}));
        engine->finish();
        QCOMPARE(spoken.count(), 1);
        QCOMPARE(spoken.first().first().toString(), fresh);
    }

    // ---- spoken() -------------------------------------------------------------------------------

    void spokenOnceAfterTheLastUtterance()
    {
        engine->autoFinish = false;
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        tokens({"One. ", "Two."});
        endReply();
        QCOMPARE(spoken.count(), 0); // "Two." waits
        engine->finish();
        QCOMPARE(spoken.count(), 0); // "Two." is being said
        engine->finish();
        QCOMPARE(spoken.count(), 1);
        engine->finish();
        QVERIFY(!spoken.wait(50));
    }

    // A reply whose text was all said before it ended: spoken() as it ends.
    void spokenWhenTheReplyEndsAfterItsLastPhrase()
    {
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        tokens({"All of it."});
        QTRY_VERIFY(!speech->speaking());
        QCOMPARE(spoken.count(), 0);
        endReply();
        QCOMPARE(spoken.count(), 1);
    }

    void notSpokenAfterAnError()
    {
        engine->autoFinish = false;
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        tokens({"One. ", "Two. "});
        t->push(StreamFailed{
            t->last(), {"boom", "The server failed.", false, -1}, ErrorVerdict::Default});
        QCOMPARE(agent->status(), QStringLiteral("error"));
        // What was said so far is said to its end.
        engine->finish();
        engine->finish();
        QCOMPARE(engine->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two.")}));
        QVERIFY(!speech->speaking());
        QVERIFY(!spoken.wait(50));
    }

    void notSpokenAfterAStop()
    {
        readReplyWithQueue();
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        endReply();
        speech->stop();
        engine->finish();
        QVERIFY(!spoken.wait(50));
    }

    // ---- the engine -----------------------------------------------------------------------------

    void engineErrorDropsTheQueue()
    {
        readReplyWithQueue();
        QSignalSpy error(speech.get(), &KoderSpeech::errorOccurred);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        engine->fail(QStringLiteral("No audio output."));
        QCOMPARE(error.count(), 1);
        QCOMPARE(error.first().first().toString(), QStringLiteral("No audio output."));
        QCOMPARE(speech->errorString(), QStringLiteral("No audio output."));
        QVERIFY(!speech->speaking());
        // The queue was dropped, and the reply is not taken up again.
        tokens({" Four."});
        endReply();
        QVERIFY(!spoken.wait(50));
        QCOMPARE(engine->said(), QStringList{QStringLiteral("One.")});
        // The next reply is read, and the error clears once the engine speaks again.
        engine->autoFinish = true;
        sendQuestion();
        tokens({"Works again."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QCOMPARE(engine->said().last(), QStringLiteral("Works again."));
        QCOMPARE(speech->errorString(), QString());
        QCOMPARE(error.count(), 1);
    }

    void anEngineThatSpeaksAtOnce()
    {
        auto* immediate = new ImmediateEngine;
        speech->setEngine(immediate);
        speech->setReadAloud(true);
        QSignalSpy spoken(speech.get(), &KoderSpeech::spoken);
        sendQuestion();
        const QString id = replyId();
        tokens({"One. ", "Two."});
        QCOMPARE(spoken.count(), 0);
        endReply();
        QCOMPARE(immediate->said(), (QStringList{QStringLiteral("One."), QStringLiteral("Two.")}));
        QCOMPARE(spoken.count(), 1);
        QCOMPARE(spoken.first().first().toString(), id);
        QVERIFY(!speech->speaking());
        QVERIFY(speech->speak(id));
        QCOMPARE(spoken.count(), 2);
        QCOMPARE(spoken.last().first().toString(), id);
        QCOMPARE(immediate->said().size(), 4);
        QVERIFY(!speech->speaking());
    }

    void noEngine()
    {
        KoderSpeech bare;
        QCOMPARE(bare.engine(), nullptr);
        QCOMPARE(bare.voices(), QStringList());
        bare.setController(agent.get());
        bare.setReadAloud(true);
        QSignalSpy error(&bare, &KoderSpeech::errorOccurred);
        QSignalSpy spoken(&bare, &KoderSpeech::spoken);
        sendQuestion();
        tokens({"Nobody ", "hears this. ", "Nor this."});
        endReply();
        QCOMPARE(error.count(), 1);
        QVERIFY2(bare.errorString().contains(QStringLiteral("No speech engine")),
                 qPrintable(bare.errorString()));
        QVERIFY(!bare.speaking());
        QCOMPARE(spoken.count(), 0); // nothing was said
    }

    void defaultEngineFactory()
    {
        int made = 0;
        QPointer<FakeSpeechEngine> madeEngine;
        KoderSpeech::setDefaultEngineFactory([&] {
            ++made;
            madeEngine = new FakeSpeechEngine;
            return madeEngine.data();
        });
        {
            KoderSpeech withDefault;
            withDefault.setLocale(QLocale(QLocale::French, QLocale::France));
            withDefault.setRate(0.25);
            QCOMPARE(made, 0); // made when first needed
            QCOMPARE(withDefault.voices(),
                     (QStringList{QStringLiteral("Alice"), QStringLiteral("Bob")}));
            QCOMPARE(made, 1);
            QCOMPARE(withDefault.engine(), static_cast<KoderSpeechEngine*>(madeEngine.data()));
            QCOMPARE(madeEngine->parent(), static_cast<QObject*>(&withDefault));
            QCOMPARE(madeEngine->lastLocale, QLocale(QLocale::French, QLocale::France));
            QCOMPARE(madeEngine->lastRate, 0.25);
            withDefault.setController(agent.get());
            sendQuestion();
            tokens({"Hello there."});
            endReply();
            QVERIFY(withDefault.speak(replyId()));
            QCOMPARE(made, 1);
            QCOMPARE(madeEngine->said(), QStringList{QStringLiteral("Hello there.")});
        }
        QVERIFY(madeEngine.isNull()); // owned by the KoderSpeech that made it
    }

    // An agent turn reads each step's reply; once the user stopped the reading, the later
    // steps of that turn stay silent, and the next turn is read again.
    void aStopLastsThroughTheTurnsSteps()
    {
        addTool(QStringLiteral("read"), true,
                [](const QJsonObject&) { return QVariant(QStringLiteral("contents")); });
        agent->setAutoAccept(QStringLiteral("always"));
        speech->setReadAloud(true);
        sendQuestion();
        RequestId id = t->last();
        t->push(TextDelta{id, "Let me look. "});
        QTRY_COMPARE(engine->said(), QStringList{QStringLiteral("Let me look.")});
        t->push(ToolCallRequested{id, {"r1", "read", "{}", false}});
        t->push(StreamEnded{id, "tool_calls"});
        QTRY_COMPARE(t->requests.size(), std::size_t(2)); // the tool ran, step 2 started
        id = t->last();
        t->push(TextDelta{id, "It says contents. "});
        QTRY_COMPARE(engine->said(), (QStringList{QStringLiteral("Let me look."),
                                                  QStringLiteral("It says contents.")}));
        speech->stop();
        t->push(ToolCallRequested{id, {"r2", "read", "{}", false}});
        t->push(StreamEnded{id, "tool_calls"});
        QTRY_COMPARE(t->requests.size(), std::size_t(3)); // step 3, after the stop
        id = t->last();
        t->push(TextDelta{id, "Still contents. "});
        t->push(StreamEnded{id, "stop"});
        QTRY_VERIFY(!agent->streaming());
        QCOMPARE(engine->said().size(), 2); // step 3 was not read
        QVERIFY(!speech->speaking());
        sendQuestion(); // the next turn is read again
        token("Next turn. ");
        QTRY_COMPARE(engine->said().last(), QStringLiteral("Next turn."));
    }

    // The first utterance makes the engine (no voices read before): it says what was queued.
    void theFirstUtteranceMakesTheDefaultEngine()
    {
        QPointer<FakeSpeechEngine> madeEngine;
        KoderSpeech::setDefaultEngineFactory([&] {
            madeEngine = new FakeSpeechEngine;
            return madeEngine.data();
        });
        KoderSpeech fresh;
        fresh.setController(agent.get());
        fresh.setReadAloud(true);
        QSignalSpy spoken(&fresh, &KoderSpeech::spoken);
        sendQuestion();
        tokens({"Hello there. ", "Bye."});
        endReply();
        QTRY_COMPARE(spoken.count(), 1);
        QVERIFY(madeEngine);
        QCOMPARE(madeEngine->said(),
                 (QStringList{QStringLiteral("Hello there."), QStringLiteral("Bye.")}));
    }

    // The screen reader gets the phrases back when the speech cannot say them: stopped or
    // failing.
    void readsAloudOnlyWhileItCanSpeak()
    {
        const KoderAgentController* c = agent.get();
        engine->autoFinish = false;
        speech->setReadAloud(true);
        sendQuestion();
        token("One. ");
        QVERIFY(KoderSpeech::readsAloud(c));
        speech->stop();
        QVERIFY(!KoderSpeech::readsAloud(c)); // this reply is not read any more
        endReply();
        sendQuestion(); // the next reply is read again
        QVERIFY(KoderSpeech::readsAloud(c));
        token("Two. ");
        engine->fail(QStringLiteral("no audio"));
        QVERIFY(!KoderSpeech::readsAloud(c));
        QCOMPARE(speech->errorString(), QStringLiteral("no audio"));
    }

    // An engine deleted while it speaks: the voice is silent, not stuck speaking.
    void anEngineDeletedWhileSpeaking()
    {
        engine->autoFinish = false;
        speech->setReadAloud(true);
        sendQuestion();
        token("One. ");
        QVERIFY(speech->speaking());
        delete engine;
        engine = nullptr;
        QVERIFY(!speech->speaking());
        QCOMPARE(speech->engine(), static_cast<KoderSpeechEngine*>(nullptr));
    }

    // A hostile line of brackets is said in one pass over it, not one per bracket.
    void manyBracketsAreOnePass()
    {
        SpeakableText speakable;
        const QString hostile = QString(200000, u'[') + QStringLiteral("x]");
        QCOMPARE(speakable.next(hostile + u'\n'), QStringLiteral("x"));
        QCOMPARE(speakable.next(QStringLiteral("[docs](https://example.com/a.b) ok.")),
                 QStringLiteral("docs ok."));
    }

    void settingsReachTheEngine()
    {
        QSignalSpy rateChanged(speech.get(), &KoderSpeech::rateChanged);
        QSignalSpy voiceChanged(speech.get(), &KoderSpeech::voiceChanged);
        QSignalSpy localeChanged(speech.get(), &KoderSpeech::localeChanged);
        speech->setLocale(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(engine->lastLocale, QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(speech->locale(), QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(localeChanged.count(), 1);
        speech->setVoice(QStringLiteral("Bob"));
        QCOMPARE(engine->lastVoice, QStringLiteral("Bob"));
        QCOMPARE(voiceChanged.count(), 1);
        speech->setRate(0.5);
        QCOMPARE(engine->lastRate, 0.5);
        QCOMPARE(speech->rate(), 0.5);
        speech->setRate(3.0);
        QCOMPARE(speech->rate(), 1.0);
        QCOMPARE(engine->lastRate, 1.0);
        speech->setRate(-7.0);
        QCOMPARE(speech->rate(), -1.0);
        QCOMPARE(engine->lastRate, -1.0);
        QCOMPARE(rateChanged.count(), 3);
        speech->setRate(-1.5); // clamped to what it is: no change
        QCOMPARE(rateChanged.count(), 3);
        QCOMPARE(speech->voices(), (QStringList{QStringLiteral("Alice"), QStringLiteral("Bob")}));

        // A new engine gets them all.
        auto* second = new FakeSpeechEngine;
        QSignalSpy engineChanged(speech.get(), &KoderSpeech::engineChanged);
        speech->setEngine(second);
        QCOMPARE(engineChanged.count(), 1);
        QCOMPARE(speech->engine(), static_cast<KoderSpeechEngine*>(second));
        QCOMPARE(second->lastLocale, QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(second->lastVoice, QStringLiteral("Bob"));
        QCOMPARE(second->lastRate, -1.0);
        // The engine's voices change: the property notifies.
        QSignalSpy voicesChanged(speech.get(), &KoderSpeech::voicesChanged);
        Q_EMIT second->voicesChanged();
        QCOMPARE(voicesChanged.count(), 1);
        // The old one no longer speaks for it.
        speech->setReadAloud(true);
        sendQuestion();
        tokens({"Only the second."});
        QCOMPARE(second->said(), QStringList{QStringLiteral("Only the second.")});
        QCOMPARE(engine->said(), QStringList());
    }

    // An engine with a parent of its own stays its parent's.
    void engineWithAParentIsNotTaken()
    {
        QObject owner;
        auto* own = new FakeSpeechEngine(&owner);
        {
            KoderSpeech borrowing;
            borrowing.setEngine(own);
            QCOMPARE(own->parent(), &owner);
        }
        QCOMPARE(own->parent(), &owner); // still alive
    }

    // ---- readsAloud() ---------------------------------------------------------------------------

    void readsAloudWhileOn()
    {
        const KoderAgentController* c = agent.get();
        QVERIFY(!KoderSpeech::readsAloud(c));
        speech->setReadAloud(true);
        QVERIFY(KoderSpeech::readsAloud(c));
        speech->setReadAloud(false);
        QVERIFY(!KoderSpeech::readsAloud(c));
        speech->setReadAloud(true);
        speech->setController(nullptr);
        QVERIFY(!KoderSpeech::readsAloud(c));
        speech->setController(agent.get());
        QVERIFY(KoderSpeech::readsAloud(c));
        {
            KoderSpeech second;
            second.setReadAloud(true);
            second.setController(agent.get());
            QVERIFY(KoderSpeech::readsAloud(c));
            speech->setReadAloud(false);
            QVERIFY(KoderSpeech::readsAloud(c)); // the second still does
        }
        QVERIFY(!KoderSpeech::readsAloud(c)); // destroyed
        speech->setReadAloud(true);
        QVERIFY(KoderSpeech::readsAloud(c));
        speech.reset();
        QVERIFY(!KoderSpeech::readsAloud(c));
        QVERIFY(!KoderSpeech::readsAloud(nullptr));
    }

    void controllerDestroyedFirst()
    {
        auto other = std::make_unique<KoderAgentController>();
        const KoderAgentController* c = other.get();
        speech->setController(other.get());
        speech->setReadAloud(true);
        QVERIFY(KoderSpeech::readsAloud(c));
        other.reset();
        QVERIFY(!KoderSpeech::readsAloud(c));
        QCOMPARE(speech->controller(), nullptr);
        QVERIFY(!speech->speak(QStringLiteral("x")));
    }

    // ---- SpeakableText --------------------------------------------------------------------------

    void speakableText_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("said");
        const auto row = [](const char* name, const char* markdown, const char* said) {
            QTest::newRow(name) << QString::fromUtf8(markdown) << QString::fromUtf8(said);
        };
        row("plain", "Hello there.", "Hello there.");
        row("bold and italic", "A **bold** and *italic* and __strong__ word",
            "A bold and italic and strong word");
        row("strikethrough", "~~gone~~ here", "gone here");
        row("heading", "## Step one\n", "Step one");
        row("hashes without a blank", "#hashtag", "#hashtag");
        row("quote", "> > nested quote\n", "nested quote");
        row("bullet", "- item\n", "item");
        row("star bullet", "* item\n", "item");
        row("task", "- [x] done task\n", "done task");
        row("ordered item keeps its number", "1. First\n", "1. First");
        row("rule", "---\n", "");
        row("spaced rule", "* * *\n", "");
        row("table delimiter", "|---|:--:|\n", "");
        row("table row", "| a | b |\n", "a, b");
        row("code span", "Use `grep -r` here", "Use grep -r here");
        row("link", "See [the docs](https://example.com/x.y).", "See the docs.");
        row("image", "![a cat](cat.png)", "a cat");
        row("autolink", "<https://example.com/a>", "https://example.com/a");
        row("tags", "a <b>bold</b> word<br/>next", "a bold word next");
        row("less than", "1 < 2", "1 < 2");
        row("escapes", "\\*not emphasis\\* \\[x\\]", "*not emphasis* [x]");
        row("snake_case", "snake_case and _em_", "snake_case and em");
        row("multiplication", "2 * 3", "2 * 3");
        row("punctuation only", " ... ", "");
        row("fence with language", "```python\nprint(1)\n```\nAfter",
            "Code block in python. After");
        row("fence without language", "```\ncode\n```\n", "Code block.");
        row("tilde fence with attributes", "~~~ {.rust}\nfn main() {}\n~~~\n",
            "Code block in rust.");
        row("longer fence holds a shorter one", "````md\n```\nstill code\n````\nout",
            "Code block in md. out");
        row("indented fence", "  ```sh\nrm -rf /\n  ```\nok", "Code block in sh. ok");
        row("unclosed fence", "```c\nint x;\nmore", "Code block in c.");
        row("blank lines", "one\n\n\ntwo", "one two");
    }

    void speakableText()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, said);
        SpeakableText whole;
        QCOMPARE(whole.next(markdown) + whole.finish(), said);
    }

    // The state that spans pieces: a link held until it closes, a code block skipped.
    void speakableTextAcrossPieces()
    {
        SpeakableText s;
        QCOMPARE(s.next(u"Read the [docs](https://example."), QStringLiteral("Read the"));
        QCOMPARE(s.next(u"com/a."), QString());
        QCOMPARE(s.next(u"b) first."), QStringLiteral("docs first."));
        QCOMPARE(s.finish(), QString());

        s.reset();
        QCOMPARE(s.next(u"A [link text"), QStringLiteral("A"));
        QCOMPARE(s.next(u" goes on]"), QString()); // its target may follow
        QCOMPARE(s.next(u" but none came."), QStringLiteral("link text goes on but none came."));

        s.reset();
        QCOMPARE(s.next(u"Never [closed"), QStringLiteral("Never"));
        QCOMPARE(s.finish(), QStringLiteral("closed"));
        QCOMPARE(s.finish(), QString());

        // A line ends the wait: a link cannot span lines.
        s.reset();
        QCOMPARE(s.next(u"Half [a"), QStringLiteral("Half"));
        QCOMPARE(s.next(u"b\nnext"), QStringLiteral("ab next"));

        // Held no longer than maxHeld.
        s.reset();
        const QString longText = QStringLiteral("[") + QString(SpeakableText::maxHeld + 10, u'a');
        QCOMPARE(s.next(longText), QString(SpeakableText::maxHeld + 10, u'a'));
        QCOMPARE(s.finish(), QString());

        // A code block over many pieces, cut where the core cuts (at dots, semicolons).
        s.reset();
        QStringList out;
        for (const char* piece : {"Here:", "\n", "```py\n", "import os.", "path\n", "x = 1;",
                                  " y = 2\n", "```", "\n", "Done."})
            out << s.next(QString::fromUtf8(piece));
        out.removeAll(QString());
        QCOMPARE(out, (QStringList{QStringLiteral("Here:"), QStringLiteral("Code block in py."),
                                   QStringLiteral("Done.")}));

        // An autolink and a tag cut where the announcements cut them, and a "<" of neither.
        s.reset();
        QCOMPARE(s.next(u"See <https:"), QStringLiteral("See"));
        QCOMPARE(s.next(u"//example."), QString());
        QCOMPARE(s.next(u"com/x> now."), QStringLiteral("https://example.com/x now."));
        s.reset();
        QCOMPARE(s.next(u"A <a href=\"https:"), QStringLiteral("A"));
        QCOMPARE(s.next(u"//x.org\">link</a> here."), QStringLiteral("link here."));
        s.reset();
        QCOMPARE(s.next(u"1 <"), QStringLiteral("1"));
        QCOMPARE(s.next(u" 2\n"), QStringLiteral("< 2"));

        // An escape cut from its character, an escaped bracket at a piece's end.
        s.reset();
        QCOMPARE(s.next(u"Not \\"), QStringLiteral("Not"));
        QCOMPARE(s.next(u"*bold*"), QStringLiteral("*bold"));
        s.reset();
        QCOMPARE(s.next(u"Literal \\[x\\]"), QStringLiteral("Literal [x]"));
        QCOMPARE(s.finish(), QString());

        // A line's start cut before its syntax is whole (the core cuts after ":", and anywhere
        // after 160 bytes): a fence, a heading, a table's delimiter row, a rule.
        s.reset();
        QCOMPARE(s.next(u"``"), QString());
        QCOMPARE(s.next(u"`python\nsecret = 1\n`"), QStringLiteral("Code block in python."));
        QCOMPARE(s.next(u"``\nAfter."), QStringLiteral("After."));
        s.reset();
        QCOMPARE(s.next(u"``` {."), QString());
        QCOMPARE(s.next(u"rust}\nfn main() {}\n```\n"), QStringLiteral("Code block in rust."));
        s.reset();
        QCOMPARE(s.next(u"#"), QString());
        QCOMPARE(s.next(u"# Title\n|:"), QStringLiteral("Title"));
        QCOMPARE(s.next(u"---|---:"), QString());
        QCOMPARE(s.next(u"|\n* *"), QString());
        QCOMPARE(s.next(u" *\nEnd"), QStringLiteral("End"));

        // A heading, a bullet and a quote whose line starts a piece.
        s.reset();
        QCOMPARE(s.next(u"Intro.\n# Head"), QStringLiteral("Intro. Head"));
        QCOMPARE(s.next(u"ing.\n- item"), QStringLiteral("ing. item"));
        QCOMPARE(s.next(u"\n> quote"), QStringLiteral("quote"));
    }

    void phrasesOf()
    {
        const QString text = QStringLiteral("One. Two!\nThree? Version 2.5 is: here;  four\nfive");
        QStringList phrases;
        for (const QStringView p : SpeakableText::phrasesOf(text))
            phrases << p.toString();
        QCOMPARE(phrases, (QStringList{QStringLiteral("One."), QStringLiteral(" Two!"),
                                       QStringLiteral("\n"), QStringLiteral("Three?"),
                                       QStringLiteral(" Version 2.5 is:"), QStringLiteral(" here;"),
                                       QStringLiteral("  four\n"), QStringLiteral("five")}));
        QCOMPARE(phrases.join(QString()), text);
        QVERIFY(SpeakableText::phrasesOf(u"").isEmpty());
        QCOMPARE(SpeakableText::phrasesOf(u"no end").size(), 1);
    }
};

QTEST_GUILESS_MAIN(TstSpeech)
#include "tst_speech.moc"
