// SPDX-License-Identifier: MIT
// (No raw string literals here: moc 6.4 loses the class after one that ends in a quote.)
// KoderDictation with a recorded question played as the microphone (FileAudioInput, 100 ms per
// piece, one piece per turn of the event loop) against the scripted transcription server on
// 127.0.0.1 (tests/support/transcriptionserver.h): what is sent (a WAV file of exactly what was
// captured, the form's fields, the key to its origin only), when a recording ends (stop(),
// silence after the speech, no speech at all, maxDuration), what comes back (the text, nothing
// heard, each error), cancel(), and the sound helpers levelOf() and wavOf(). Every duration is
// computed from the samples, so nothing depends on the speed of the machine.
#include "agenttesting.h"
#include "koderagentcontroller.h"
#include "koderdictation.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "koderspeech.h"
#include "kodertranscriber.h"
#include "transcriptionserver.h"
#include "voicetesting.h"
#include "wavaudio.h"

#include <QtCore/QTemporaryFile>
#include <QtCore/QtEndian>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QTcpServer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <limits>
#include <memory>
#include <optional>

using koder::agent::qt::levelOf;
using koder::agent::qt::wavOf;

namespace {

const QString question = QStringLiteral("What is the weather in Berlin today?");
const QString key = QStringLiteral("sk-dictation-test-key");
constexpr int rate = 16000;
constexpr qsizetype bytesPerMs = rate / 1000 * 2;
constexpr int timeoutMs = 15'000;

QString speechFile()
{
    return QStringLiteral(KODER_TEST_DATA_DIR "/speech-16k.wav");
}

// A WAV file as a transcription server reads it, strictly: RIFF/WAVE whose size is the whole
// file's, a 16-byte "fmt " chunk first, then a "data" chunk holding the rest.
struct Wav {
    quint16 format = 0;
    quint16 channels = 0;
    quint32 rate = 0;
    quint32 byteRate = 0;
    quint16 blockAlign = 0;
    quint16 bits = 0;
    QByteArray pcm;
};

std::optional<Wav> parseWav(const QByteArray& wav)
{
    if (wav.size() < 44 || !wav.startsWith("RIFF") || wav.mid(8, 8) != "WAVEfmt ")
        return std::nullopt;
    const auto u32 = [&wav](qsizetype at) {
        return qFromLittleEndian<quint32>(wav.constData() + at);
    };
    const auto u16 = [&wav](qsizetype at) {
        return qFromLittleEndian<quint16>(wav.constData() + at);
    };
    if (u32(4) != wav.size() - 8 || u32(16) != 16 || wav.mid(36, 4) != "data" ||
        u32(40) != wav.size() - 44)
        return std::nullopt;
    Wav w;
    w.format = u16(20);
    w.channels = u16(22);
    w.rate = u32(24);
    w.byteRate = u32(28);
    w.blockAlign = u16(32);
    w.bits = u16(34);
    w.pcm = wav.mid(44);
    return w;
}

qint64 msOf(const QByteArray& pcm)
{
    return pcm.size() / 2 * 1000 / rate;
}

// `count` samples of `value`, 16-bit little-endian.
QByteArray constant(qint16 value, qsizetype count)
{
    QByteArray pcm(count * 2, Qt::Uninitialized);
    for (qsizetype i = 0; i < count; ++i)
        qToLittleEndian(value, pcm.data() + 2 * i);
    return pcm;
}

bool allZero(const QByteArray& bytes)
{
    return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
}

// A port on 127.0.0.1 nobody listens on (it was free a moment ago).
quint16 deadPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

} // namespace

class TstDictation : public QObject {
    Q_OBJECT

    QByteArray filePcm;      ///< the recorded question's samples
    qint64 speechFromMs = 0; ///< where the first 100 ms loud enough to count as speech begins
    qint64 speechToMs = 0;   ///< where the last one ends

    std::unique_ptr<TranscriptionServer> server;
    std::unique_ptr<KoderDictation> dictation;
    KoderTranscriber* transcriber = nullptr;
    FileAudioInput* input = nullptr;

    QStringList events;  ///< recording:/transcribing: flips, transcribed:, heardNothing, failed:
    QByteArray captured; ///< every sample the input gave since the last start()
    QList<QPair<qint64, double>> levels; ///< after each piece: the ms captured, the level
    QString failedMessage;

    void listen(KoderDictation* d)
    {
        connect(d, &KoderDictation::recordingChanged, this, [this, d] {
            events << (d->recording() ? QStringLiteral("recording:true")
                                      : QStringLiteral("recording:false"));
        });
        connect(d, &KoderDictation::transcribingChanged, this, [this, d] {
            events << (d->transcribing() ? QStringLiteral("transcribing:true")
                                         : QStringLiteral("transcribing:false"));
        });
        connect(d, &KoderDictation::transcribed, this,
                [this](const QString& text) { events << QStringLiteral("transcribed:") + text; });
        connect(d, &KoderDictation::heardNothing, this,
                [this] { events << QStringLiteral("heardNothing"); });
        connect(d, &KoderDictation::failed, this,
                [this](const QString& code, const QString& message) {
                    events << QStringLiteral("failed:") + code;
                    failedMessage = message;
                });
    }

    // After the dictation's own connection: the piece is in the recording when this runs.
    void watch(FileAudioInput* in, KoderDictation* d)
    {
        connect(in, &KoderAudioInput::samples, this, [this, d](const QByteArray& pcm) {
            captured += pcm;
            levels.append({msOf(captured), d->level()});
        });
    }

    // What ended the last recordings: transcribed, heardNothing, failed.
    QStringList outcomes() const
    {
        QStringList out;
        for (const QString& e : events) {
            if (!e.startsWith(u"recording:") && !e.startsWith(u"transcribing:"))
                out << e;
        }
        return out;
    }

    bool waitForOutcome(int ms = timeoutMs)
    {
        return QTest::qWaitFor([this] { return !outcomes().isEmpty(); }, ms);
    }

    bool waitForCapturedMs(qint64 ms)
    {
        return QTest::qWaitFor([this, ms] { return msOf(captured) >= ms; }, timeoutMs);
    }

    // Starts (`untilSilence`) with `silenceMs` and waits until the recording ended by itself.
    bool recordUntilSilence(int silenceMs = 500)
    {
        dictation->setSilenceTimeout(silenceMs);
        if (!dictation->start(true))
            return false;
        return QTest::qWaitFor([this] { return !dictation->recording(); }, timeoutMs);
    }

    // The failure of the last recording: exactly one failed(code) and nothing else, a message,
    // the same in errorString, nothing running any more.
    void expectFailure(const QString& code)
    {
        QCOMPARE(outcomes(), QStringList{QStringLiteral("failed:") + code});
        QVERIFY(!failedMessage.isEmpty());
        QCOMPARE(dictation->errorString(), failedMessage);
        QVERIFY(!dictation->recording());
        QVERIFY(!dictation->transcribing());
        QCOMPARE(dictation->level(), 0.0);
        QVERIFY(!input->capturing());
        QVERIFY(!transcriber->busy());
    }

    // The one request the server received, its form parsed, its WAV checked and returned.
    std::optional<Wav> sentWav(const TranscriptionServer::Request& request)
    {
        if (!request.form)
            return std::nullopt;
        const TranscriptionServer::Part* file = request.part("file");
        if (!file || request.count("file") != 1)
            return std::nullopt;
        return parseWav(file->body);
    }

    // The input plays `pcm` (16 kHz), through a WAV file as a microphone's recording.
    bool play(const QByteArray& pcm)
    {
        QTemporaryFile file;
        if (!file.open() || file.write(wavOf(pcm, rate)) < 0 || !file.flush())
            return false;
        input->setFile(file.fileName());
        return !input->file().isEmpty() &&
               msOf(FileAudioInput::pcmOfWav(file.fileName())) == msOf(pcm);
    }

private Q_SLOTS:
    void initTestCase()
    {
        int fileRate = 0;
        filePcm = FileAudioInput::pcmOfWav(speechFile(), &fileRate);
        QVERIFY(!filePcm.isEmpty());
        QCOMPARE(fileRate, rate);
        // Where the question is spoken, by the pieces the dictation hears.
        const qsizetype piece = 100 * bytesPerMs;
        for (qsizetype at = 0; at < filePcm.size(); at += piece) {
            QByteArray chunk = filePcm.mid(at, piece);
            chunk.append(piece - chunk.size(), '\0');
            if (levelOf(chunk) >= KoderDictation::speechLevel) {
                if (speechToMs == 0)
                    speechFromMs = at / bytesPerMs;
                speechToMs = (at + piece) / bytesPerMs;
            }
        }
        // The recording: 0.4 s of silence, the question, 2 s of silence.
        QVERIFY(speechFromMs >= 400);
        QVERIFY(speechToMs > speechFromMs + 1000);
        QVERIFY(msOf(filePcm) >= speechToMs + 1900);
    }

    void init()
    {
        server = std::make_unique<TranscriptionServer>();
        QVERIFY(server->listen());
        dictation = std::make_unique<KoderDictation>();
        transcriber = new KoderTranscriber(dictation.get());
        transcriber->setBaseUrl(server->baseUrl());
        input = new FileAudioInput(dictation.get());
        input->setFile(speechFile());
        dictation->setTranscriber(transcriber);
        dictation->setAudioInput(input);
        events.clear();
        captured.clear();
        levels.clear();
        failedMessage.clear();
        listen(dictation.get());
        watch(input, dictation.get());
    }

    void cleanup()
    {
        dictation.reset();
        server.reset();
    }

    // --- What is sent, and what comes back ---------------------------------------------------

    void pushToTalkSendsTheRecording_data()
    {
        QTest::addColumn<QString>("apiKey");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("model");
        QTest::newRow("local server") << QString() << QString() << QString();
        QTest::newRow("key, language, model")
            << key << QStringLiteral("en") << QStringLiteral("Systran/faster-whisper-small");
    }

    void pushToTalkSendsTheRecording()
    {
        QFETCH(QString, apiKey);
        QFETCH(QString, language);
        QFETCH(QString, model);
        transcriber->setApiKey(apiKey);
        transcriber->setLanguage(language);
        if (!model.isEmpty())
            transcriber->setModel(model);
        server->answerText(QStringLiteral("  ") + question + QStringLiteral("\n"));

        QVERIFY(dictation->start());
        QVERIFY(dictation->recording());
        QVERIFY(!dictation->transcribing());
        QCOMPARE(input->started(), 1);
        // The whole question, and some of the quiet room after it.
        QVERIFY(waitForCapturedMs(msOf(filePcm) + 300));
        QVERIFY(dictation->recording()); // start() without untilSilence waits for stop()
        QCOMPARE(server->requestCount(), 0);

        // The meter: nothing in the silence before, speech loud, nothing after.
        double loudest = 0.0;
        for (const auto& [ms, level] : levels) {
            if (ms <= 400 || ms > speechToMs + 100)
                QCOMPARE(level, 0.0);
            else if (ms > speechFromMs && ms <= speechToMs)
                loudest = std::max(loudest, level);
        }
        QVERIFY2(loudest >= KoderDictation::speechLevel, qPrintable(QString::number(loudest)));
        QCOMPARE(dictation->level(), 0.0);

        dictation->stop();
        QVERIFY(!dictation->recording());
        QVERIFY(dictation->transcribing());
        QVERIFY(!input->capturing());
        QCOMPARE(dictation->level(), 0.0);
        QVERIFY(waitForOutcome());
        QCOMPARE(
            events,
            (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                         QStringLiteral("transcribing:true"), QStringLiteral("transcribing:false"),
                         QStringLiteral("transcribed:") + question}));
        QVERIFY(dictation->errorString().isEmpty());

        QCOMPARE(server->requestCount(), 1);
        const TranscriptionServer::Request request = server->requests().constFirst();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QByteArray("/v1/audio/transcriptions"));
        QVERIFY(request.headers.value("content-type").startsWith("multipart/form-data"));
        QVERIFY2(request.form.has_value(), request.body.left(300).constData());
        const TranscriptionServer::Part* file = request.part("file");
        QVERIFY(file);
        QVERIFY(file->hasFileName);
        QCOMPARE(file->fileName, QByteArray("speech.wav"));
        QCOMPARE(file->contentType, QByteArray("audio/wav"));
        const std::optional<Wav> wav = sentWav(request);
        QVERIFY(wav.has_value());
        QCOMPARE(wav->format, quint16(1));
        QCOMPARE(wav->channels, quint16(1));
        QCOMPARE(wav->rate, quint32(rate));
        QCOMPARE(wav->byteRate, quint32(rate * 2));
        QCOMPARE(wav->blockAlign, quint16(2));
        QCOMPARE(wav->bits, quint16(16));
        // Exactly what was captured: the question, then the quiet room.
        QCOMPARE(wav->pcm.size(), captured.size());
        QVERIFY(wav->pcm == captured);
        QVERIFY(wav->pcm.startsWith(filePcm));
        QVERIFY(allZero(wav->pcm.mid(filePcm.size())));

        QCOMPARE(request.count("model"), 1);
        QCOMPARE(request.field("model"),
                 model.isEmpty() ? QByteArray("whisper-1") : model.toUtf8());
        QCOMPARE(request.field("response_format"), QByteArray("json"));
        QCOMPARE(request.has("language"), !language.isEmpty());
        QCOMPARE(request.field("language"), language.toUtf8());
        QCOMPARE(request.form->size(), qsizetype(language.isEmpty() ? 3 : 4));
        QCOMPARE(request.headers.contains("authorization"), !apiKey.isEmpty());
        if (!apiKey.isEmpty())
            QCOMPARE(request.headers.value("authorization"), "Bearer " + apiKey.toUtf8());
    }

    // start(true): the recording ends silenceTimeout after the last speech, by itself.
    void untilSilenceEndsAfterTheSpeech_data()
    {
        QTest::addColumn<int>("silenceTimeout");
        QTest::addColumn<int>("noSpeechTimeout");
        QTest::newRow("700 ms") << 700 << 8000;
        QTest::newRow("1500 ms (default)") << 1500 << 8000;
        QTest::newRow("2500 ms, past the file") << 2500 << 8000;
        QTest::newRow("speech came before noSpeechTimeout") << 1500 << 1000;
    }

    void untilSilenceEndsAfterTheSpeech()
    {
        QFETCH(int, silenceTimeout);
        QFETCH(int, noSpeechTimeout);
        dictation->setSilenceTimeout(silenceTimeout);
        dictation->setNoSpeechTimeout(noSpeechTimeout);
        QCOMPARE(dictation->silenceTimeout(), silenceTimeout);
        server->answerText(question);

        QVERIFY(dictation->start(true));
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(server->requestCount(), 1);
        const std::optional<Wav> wav = sentWav(server->requests().constFirst());
        QVERIFY(wav.has_value());
        QCOMPARE(msOf(wav->pcm), speechToMs + silenceTimeout);
        QVERIFY(wav->pcm == captured);                               // the input stopped at once
        QVERIFY(wav->pcm.startsWith(filePcm.left(wav->pcm.size()))); // the question first
        QVERIFY(!input->capturing());
    }

    // start(true) on silence only: heardNothing() after noSpeechTimeout, nothing sent.
    void untilSilenceHearsNothing_data()
    {
        QTest::addColumn<int>("noSpeechTimeout");
        QTest::newRow("500 ms") << 500;
        QTest::newRow("1000 ms") << 1000;
        QTest::newRow("2000 ms") << 2000;
    }

    void untilSilenceHearsNothing()
    {
        QFETCH(int, noSpeechTimeout);
        input->setFile({});
        dictation->setNoSpeechTimeout(noSpeechTimeout);
        server->answerText(question); // must not be asked

        QVERIFY(dictation->start(true));
        QVERIFY(waitForOutcome());
        QCOMPARE(events,
                 (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                              QStringLiteral("heardNothing")}));
        QCOMPARE(msOf(captured), qint64(noSpeechTimeout));
        QVERIFY(!input->capturing());
        QVERIFY(!dictation->transcribing());
        QVERIFY(!transcriber->busy());
        QCOMPARE(server->requestCount(), 0);
        QVERIFY(dictation->errorString().isEmpty());
    }

    // The question's first 500 ms are silence: with noSpeechTimeout 500 it is not heard.
    void untilSilenceGivesUpBeforeLateSpeech()
    {
        QVERIFY(speechFromMs >= 500);
        dictation->setNoSpeechTimeout(500);
        QVERIFY(dictation->start(true));
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("heardNothing")});
        QCOMPARE(msOf(captured), qint64(500));
        QCOMPARE(server->requestCount(), 0);
    }

    // stop() on silence only: heardNothing(), nothing sent.
    void stopOnSilenceHearsNothing()
    {
        input->setFile({});
        server->answerText(question);
        QVERIFY(dictation->start());
        QVERIFY(waitForCapturedMs(1000));
        QVERIFY(dictation->recording());
        dictation->stop();
        QCOMPARE(events,
                 (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                              QStringLiteral("heardNothing")}));
        QVERIFY(!transcriber->busy());
        QVERIFY(!input->capturing());
        QCOMPARE(server->requestCount(), 0);
        dictation->stop(); // not recording: nothing
        QCOMPARE(events.size(), 3);
    }

    // maxDuration ends a recording and sends it, cut at exactly that length.
    void maxDurationCutsAndSends_data()
    {
        QTest::addColumn<int>("chunkMs");
        QTest::addColumn<int>("maxDuration");
        QTest::addColumn<bool>("untilSilence");
        QTest::newRow("1 s, 100 ms pieces") << 100 << 1000 << false;
        QTest::newRow("1 s, 300 ms pieces") << 300 << 1000 << false;
        QTest::newRow("1.5 s, 400 ms pieces, untilSilence") << 400 << 1500 << true;
        QTest::newRow("2 s, 100 ms pieces, untilSilence") << 100 << 2000 << true;
    }

    void maxDurationCutsAndSends()
    {
        QFETCH(int, chunkMs);
        QFETCH(int, maxDuration);
        QFETCH(bool, untilSilence);
        QVERIFY(maxDuration < speechToMs); // it cuts the question short
        input->chunkMs = chunkMs;
        dictation->setMaxDuration(maxDuration);
        QCOMPARE(dictation->maxDuration(), maxDuration);
        server->answerText(question);

        QVERIFY(dictation->start(untilSilence));
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QVERIFY(!input->capturing());
        QCOMPARE(server->requestCount(), 1);
        const std::optional<Wav> wav = sentWav(server->requests().constFirst());
        QVERIFY(wav.has_value());
        QCOMPARE(msOf(wav->pcm), qint64(maxDuration));
        QVERIFY(wav->pcm == filePcm.left(maxDuration * bytesPerMs));
    }

    // A server that heard no words: heardNothing(), not an empty text.
    void blankAnswersHearNothing_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral("  \n ");
        QTest::newRow("[BLANK_AUDIO]") << QStringLiteral("[BLANK_AUDIO]");
        QTest::newRow("[BLANK_AUDIO] with spaces") << QStringLiteral(" [BLANK_AUDIO]\n");
    }

    void blankAnswersHearNothing()
    {
        QFETCH(QString, text);
        server->answerText(text);
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("heardNothing")});
        QCOMPARE(server->requestCount(), 1);
        QVERIFY(!dictation->transcribing());
        QVERIFY(dictation->errorString().isEmpty());
    }

    // A same-origin redirect is followed, with the key and the recording.
    void sameOriginRedirectIsFollowed_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("307") << 307;
        QTest::newRow("308") << 308;
    }

    void sameOriginRedirectIsFollowed()
    {
        QFETCH(int, status);
        transcriber->setApiKey(key);
        QUrl moved = server->baseUrl();
        moved.setPath(QStringLiteral("/v2/audio/transcriptions"));
        server->answerRedirect(moved, status);
        server->answerText(question);
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        const QList<TranscriptionServer::Request> requests = server->requests();
        QCOMPARE(requests.size(), 2);
        QCOMPARE(requests[1].path, QByteArray("/v2/audio/transcriptions"));
        QCOMPARE(requests[1].headers.value("authorization"), "Bearer " + key.toUtf8());
        const std::optional<Wav> wav = sentWav(requests[1]);
        QVERIFY(wav.has_value());
        QVERIFY(wav->pcm == captured);
    }

    // --- Errors --------------------------------------------------------------------------------

    void noTranscriber()
    {
        dictation->setTranscriber(nullptr);
        QVERIFY(!dictation->start());
        expectFailure(QStringLiteral("noTranscriber"));
        QCOMPARE(input->started(), 0);
        QVERIFY(!events.contains(QStringLiteral("recording:true")));
    }

    void noAudioInput()
    {
        dictation->setAudioInput(nullptr); // and no default factory in C++
        QVERIFY(!dictation->audioInput());
        QVERIFY(!dictation->start(true));
        QCOMPARE(outcomes(), QStringList{QStringLiteral("failed:noMicrophone")});
        QVERIFY(!failedMessage.isEmpty());
        QCOMPARE(dictation->errorString(), failedMessage);
        QVERIFY(!dictation->recording());
        QCOMPARE(input->started(), 0);
    }

    void microphoneCannotStart_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("no microphone") << QStringLiteral("noMicrophone");
        QTest::newRow("denied or busy") << QStringLiteral("microphone");
    }

    void microphoneCannotStart()
    {
        QFETCH(QString, code);
        input->failWith = code;
        QVERIFY(!dictation->start());
        expectFailure(code);
        QCOMPARE(failedMessage, QStringLiteral("test: ") + code);
        QCOMPARE(input->started(), 1);
        QCOMPARE(server->requestCount(), 0);
    }

    void microphoneBreaksOff()
    {
        server->answerText(question);
        QVERIFY(dictation->start(true));
        QVERIFY(waitForCapturedMs(speechFromMs + 500)); // speech heard
        Q_EMIT input->failed(QStringLiteral("microphone"), QStringLiteral("unplugged"));
        expectFailure(QStringLiteral("microphone"));
        QCOMPARE(failedMessage, QStringLiteral("unplugged"));
        QCOMPARE(server->requestCount(), 0);
        // The device's later complaints are not the dictation's any more.
        Q_EMIT input->failed(QStringLiteral("microphone"), QStringLiteral("again"));
        QCOMPARE(outcomes().size(), 1);
    }

    void microphoneDestroyedWhileRecording()
    {
        QVERIFY(dictation->start(true));
        QVERIFY(waitForCapturedMs(speechFromMs + 500));
        QSignalSpy inputChanged(dictation.get(), &KoderDictation::audioInputChanged);
        delete input;
        input = nullptr;
        QCOMPARE(outcomes(), QStringList{QStringLiteral("failed:microphone")});
        QVERIFY(!failedMessage.isEmpty());
        QVERIFY(!dictation->recording());
        QCOMPARE(dictation->level(), 0.0);
        QCOMPARE(inputChanged.size(), 1);
        QVERIFY(!dictation->audioInput());
        QCOMPARE(server->requestCount(), 0);
    }

    // Each way a transcription fails, through the dictation.
    void transcriptionFails_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("inMessage");
        QTest::newRow("server down") << "down"
                                     << "network" << QString();
        QTest::newRow("connection dropped") << "drop"
                                            << "network" << QString();
        QTest::newRow("500 with OpenAI's error") << "500"
                                                 << "http"
                                                 << "boom";
        QTest::newRow("500 without a body") << "500 bare"
                                            << "http"
                                            << "500";
        QTest::newRow("422 with FastAPI's detail") << "422"
                                                   << "http"
                                                   << "bad file";
        QTest::newRow("401") << "401"
                             << "auth"
                             << "401";
        QTest::newRow("403") << "403"
                             << "auth"
                             << "403";
        QTest::newRow("answer over 1 MiB") << "large"
                                           << "tooLarge" << QString();
        QTest::newRow("endless answer") << "endless"
                                        << "tooLarge" << QString();
        QTest::newRow("not JSON") << "not json"
                                  << "response" << QString();
        QTest::newRow("JSON without text") << "no text"
                                           << "response" << QString();
        QTest::newRow("text not a string") << "number"
                                           << "response" << QString();
        QTest::newRow("stall") << "stall"
                               << "timeout" << QString();
        QTest::newRow("no baseUrl") << "config"
                                    << "config" << QString();
    }

    void transcriptionFails()
    {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QString, inMessage);
        transcriber->setApiKey(key);
        if (kind == u"down") {
            const quint16 port = deadPort();
            QVERIFY(port != 0);
            transcriber->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port)));
        } else if (kind == u"drop") {
            for (int i = 0; i < 3; ++i) // Qt may try a dropped request again
                server->drop();
        } else if (kind == u"500") {
            server->answerError(500,
                                "{\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}");
        } else if (kind == u"500 bare") {
            server->answerError(500, {});
        } else if (kind == u"422") {
            server->answerError(422, "{\"detail\":\"bad file\"}");
        } else if (kind == u"401") {
            server->answerError(401, "{\"error\":{\"message\":\"Incorrect API key\"}}");
        } else if (kind == u"403") {
            server->answerError(403, {});
        } else if (kind == u"large") {
            // A valid transcription, only too long: read whole it would be transcribed.
            server->answerText(QString(int(KoderTranscriber::maxResponseBytes), u'a'));
        } else if (kind == u"endless") {
            ScriptedHttpServer::Response r;
            r.bytes = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      "Connection: close\r\n\r\n{\"text\":\"";
            r.repeat = QByteArray(64 * 1024, 'a');
            r.repeatCount = std::numeric_limits<qint64>::max();
            server->answer(std::move(r));
        } else if (kind == u"not json") {
            server->answerError(200, "What is the weather in Berlin today?");
        } else if (kind == u"no text") {
            server->answerError(200, "{\"transcript\":\"What is the weather?\"}");
        } else if (kind == u"number") {
            server->answerError(200, "{\"text\":42}");
        } else if (kind == u"stall") {
            transcriber->setTransferTimeout(300);
            server->stall();
        } else if (kind == u"config") {
            transcriber->setBaseUrl(QUrl());
        } else {
            QFAIL("unknown kind");
        }

        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        expectFailure(code);
        if (!inMessage.isEmpty())
            QVERIFY2(failedMessage.contains(inMessage), qPrintable(failedMessage));
        QVERIFY(!failedMessage.contains(key));
        QCOMPARE(events.mid(0, 4),
                 (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                              QStringLiteral("transcribing:true"),
                              QStringLiteral("transcribing:false")}));
        if (kind == u"down" || kind == u"config")
            QCOMPARE(server->requestCount(), 0);
        else
            QVERIFY(server->requestCount() >= 1);
        if (kind == u"endless")
            QVERIFY(server->bytesWritten() < 64 * 1024 * 1024);
    }

    // A redirect to another origin is not followed: the other origin gets nothing, no key.
    void redirectToAnotherOrigin_data()
    {
        QTest::addColumn<int>("status");
        for (const int status : {301, 302, 303, 307, 308})
            QTest::addRow("%d", status) << status;
    }

    void redirectToAnotherOrigin()
    {
        QFETCH(int, status);
        TranscriptionServer other;
        QVERIFY(other.listen());
        other.answerText(QStringLiteral("stolen"));
        QUrl target = other.baseUrl();
        target.setPath(QStringLiteral("/v1/audio/transcriptions"));
        server->answerRedirect(target, status);
        transcriber->setApiKey(key);

        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        expectFailure(QStringLiteral("redirect"));
        QVERIFY2(failedMessage.contains(other.origin().toString()), qPrintable(failedMessage));
        QCOMPARE(server->requestCount(), 1);
        QCOMPARE(server->requests().constFirst().headers.value("authorization"),
                 "Bearer " + key.toUtf8());
        QCOMPARE(other.requestCount(), 0);
        QCOMPARE(other.openConnections(), 0);
    }

    // After a failure, the next start() clears errorString, and works.
    void startClearsTheError()
    {
        server->answerError(500, "{\"error\":{\"message\":\"boom\"}}");
        server->answerText(question);
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QVERIFY(!dictation->errorString().isEmpty());
        events.clear();
        captured.clear();
        QVERIFY(dictation->start(true));
        QVERIFY(dictation->errorString().isEmpty());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
    }

    // --- Cancel, start while busy, speech --------------------------------------------------------

    void cancelWhileRecording()
    {
        server->answerText(question);
        QVERIFY(dictation->start());
        QVERIFY(waitForCapturedMs(speechToMs)); // the question was heard
        dictation->cancel();
        QCOMPARE(events, (QStringList{QStringLiteral("recording:true"),
                                      QStringLiteral("recording:false")}));
        QVERIFY(!dictation->recording());
        QVERIFY(!dictation->transcribing());
        QCOMPARE(dictation->level(), 0.0);
        QVERIFY(!input->capturing());
        QVERIFY(!transcriber->busy());
        dictation->stop(); // nothing to stop any more
        dictation->cancel();
        QCOMPARE(events.size(), 2);

        // The next recording is sent alone, and is the only thing that was.
        events.clear();
        captured.clear();
        QVERIFY(recordUntilSilence(700));
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(server->requestCount(), 1);
        const std::optional<Wav> wav = sentWav(server->requests().constFirst());
        QVERIFY(wav.has_value());
        QCOMPARE(msOf(wav->pcm), speechToMs + 700);
    }

    void cancelWhileTranscribing()
    {
        server->stall();
        server->answerText(question);
        QSignalSpy gone(server.get(), &TranscriptionServer::clientGone);
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs);
        dictation->cancel();
        QVERIFY(!dictation->transcribing());
        QVERIFY(!transcriber->busy());
        QCOMPARE(events,
                 (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                              QStringLiteral("transcribing:true"),
                              QStringLiteral("transcribing:false")}));
        QVERIFY(gone.wait(timeoutMs)); // the request was aborted

        events.clear();
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(server->requestCount(), 2);
    }

    void startWhileBusyReturnsFalse()
    {
        server->stall();
        QVERIFY(dictation->start());
        QVERIFY(!dictation->start());
        QVERIFY(!dictation->start(true));
        QCOMPARE(input->started(), 1);
        QVERIFY(dictation->recording());
        QVERIFY(waitForCapturedMs(speechToMs + 200));
        dictation->stop();
        QVERIFY(dictation->transcribing());
        QVERIFY(!dictation->start());
        QCOMPARE(input->started(), 1);
        QVERIFY(dictation->transcribing());
        QVERIFY(!dictation->recording());
        QVERIFY(outcomes().isEmpty());
        dictation->cancel();
        QVERIFY(outcomes().isEmpty());
    }

    // Destroying the dictation while it transcribes aborts the request.
    void destroyedWhileTranscribing()
    {
        auto* shared = new KoderTranscriber(server.get()); // outlives the dictation
        shared->setBaseUrl(server->baseUrl());
        dictation->setTranscriber(shared);
        transcriber = shared;
        server->stall();
        QSignalSpy gone(server.get(), &TranscriptionServer::clientGone);
        QVERIFY(recordUntilSilence());
        QVERIFY(shared->busy());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs);
        dictation.reset();
        QVERIFY(!shared->busy());
        QVERIFY(gone.wait(timeoutMs));
        QVERIFY(outcomes().isEmpty());
    }

    // The manager an application gave is deleted mid-request, and the reply with it: the
    // transcription fails with "network", busy turns false, and the next one works (the
    // transcriber makes a manager of its own).
    void managerDeletedWhileTranscribing()
    {
        auto* manager = new QNetworkAccessManager;
        transcriber->setNetworkAccessManager(manager);
        server->stall();
        QSignalSpy busy(transcriber, &KoderTranscriber::busyChanged);
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs); // it has the stall
        QCOMPARE(busy.size(), 1);
        delete manager;
        QVERIFY(waitForOutcome());
        expectFailure(QStringLiteral("network"));
        QCOMPARE(busy.size(), 2);
        transcriber->cancel(); // nothing runs: no signal
        QCOMPARE(busy.size(), 2);

        server->answerText(question);
        events.clear();
        captured.clear();
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(server->requestCount(), 2);
    }

    // The manager deleted, then the transcription cancelled before the failure came: no
    // signal from the transcriber, the dictation's cancel() gives none either.
    void managerDeletedThenCancelled()
    {
        auto* manager = new QNetworkAccessManager;
        transcriber->setNetworkAccessManager(manager);
        server->stall();
        QSignalSpy failed(transcriber, &KoderTranscriber::failed);
        QVERIFY(recordUntilSilence());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs);
        delete manager;
        QVERIFY(transcriber->busy()); // the failure is on its way
        dictation->cancel();
        QVERIFY(!transcriber->busy());
        QTest::qWait(50);
        QCOMPARE(failed.size(), 0);
        QVERIFY(outcomes().isEmpty());
        QVERIFY(!dictation->transcribing());
    }

    // Someone cancels the transcriber directly: the dictation's transcription ends with
    // failed("cancelled"), and another caller's transcription after it is not the dictation's.
    void transcriberCancelledFromOutside()
    {
        server->stall();
        server->answerText(QStringLiteral("another caller's words"));
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs);
        QSignalSpy finished(transcriber, &KoderTranscriber::finished);
        transcriber->cancel();
        expectFailure(QStringLiteral("cancelled"));
        QVERIFY(transcriber->transcribe(wavOf(constant(0, rate), rate))); // another caller
        QVERIFY(finished.wait(timeoutMs));
        QCOMPARE(finished.constFirst().constFirst().toString(),
                 QStringLiteral("another caller's words"));
        QCOMPARE(outcomes(), QStringList{QStringLiteral("failed:cancelled")});
        QCOMPARE(
            events,
            (QStringList{QStringLiteral("recording:true"), QStringLiteral("recording:false"),
                         QStringLiteral("transcribing:true"), QStringLiteral("transcribing:false"),
                         QStringLiteral("failed:cancelled")}));

        // And the dictation goes on.
        server->answerText(question);
        events.clear();
        captured.clear();
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
    }

    // A new audio input during a transcription: the transcription goes on.
    void audioInputSetWhileTranscribing()
    {
        server->answerText(question);
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        auto* other = new FileAudioInput(dictation.get());
        dictation->setAudioInput(other);
        QCOMPARE(dictation->audioInput(), other);
        QVERIFY(dictation->transcribing());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(other->started(), 0);
    }

    // Speech is at least minimumSpeechMs above speechLevel in total: a click is not, and is not
    // sent. 300 ms of silence, then the loud pieces (100 ms each) and quiet gaps given.
    void shortNoiseIsNotSpeech_data()
    {
        QTest::addColumn<QList<int>>("pattern"); ///< ms loud, ms quiet, ms loud, ...
        QTest::addColumn<bool>("untilSilence");
        QTest::addColumn<qint64>("sentMs"); ///< 0: heardNothing, nothing sent; -1: all captured
        QTest::newRow("100 ms click, stop()") << QList<int>{100} << false << qint64(0);
        QTest::newRow("100 ms click, untilSilence") << QList<int>{100} << true << qint64(0);
        QTest::newRow("200 ms, untilSilence") << QList<int>{200} << true << qint64(0);
        QTest::newRow("300 ms, untilSilence") << QList<int>{300} << true << qint64(300 + 300 + 500);
        QTest::newRow("300 ms, stop()") << QList<int>{300} << false << qint64(-1);
        QTest::newRow("three 100 ms pieces apart, untilSilence")
            << QList<int>{100, 200, 100, 200, 100} << true << qint64(300 + 700 + 500);
    }

    void shortNoiseIsNotSpeech()
    {
        QFETCH(QList<int>, pattern);
        QFETCH(bool, untilSilence);
        QFETCH(qint64, sentMs);
        QCOMPARE(KoderDictation::minimumSpeechMs, 250);
        QByteArray pcm = constant(0, 300 * rate / 1000);
        for (qsizetype i = 0; i < pattern.size(); ++i)
            pcm += constant(i % 2 == 0 ? 8000 : 0, pattern[i] * rate / 1000);
        QVERIFY(levelOf(constant(8000, rate / 10)) >= KoderDictation::speechLevel);
        QVERIFY(play(pcm));
        dictation->setSilenceTimeout(500);
        dictation->setNoSpeechTimeout(1000);
        server->answerText(question);

        QVERIFY(dictation->start(untilSilence));
        if (untilSilence) {
            QVERIFY(waitForOutcome());
        } else {
            QVERIFY(waitForCapturedMs(1200));
            QVERIFY(dictation->recording());
            dictation->stop();
            if (sentMs != 0)
                QVERIFY(waitForOutcome());
        }
        QVERIFY(!input->capturing());
        if (sentMs == 0) {
            QCOMPARE(outcomes(), QStringList{QStringLiteral("heardNothing")});
            QCOMPARE(server->requestCount(), 0);
            QVERIFY(!dictation->transcribing());
            if (untilSilence)
                QCOMPARE(msOf(captured), qint64(1000)); // noSpeechTimeout
            return;
        }
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
        QCOMPARE(server->requestCount(), 1);
        const std::optional<Wav> wav = sentWav(server->requests().constFirst());
        QVERIFY(wav.has_value());
        if (sentMs > 0)
            QCOMPARE(msOf(wav->pcm), sentMs);
        QVERIFY(wav->pcm == captured); // the input stopped at once
        QVERIFY(wav->pcm.startsWith(pcm.left(wav->pcm.size())));
    }

    // Destroying the transcriber while it transcribes: the dictation fails, and can start again.
    void transcriberDestroyedWhileTranscribing()
    {
        server->stall();
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        QTRY_COMPARE_WITH_TIMEOUT(server->requestCount(), 1, timeoutMs); // it has the stall
        QSignalSpy transcriberChanged(dictation.get(), &KoderDictation::transcriberChanged);
        delete transcriber;
        QVERIFY(!dictation->transcriber());
        QCOMPARE(transcriberChanged.size(), 1);
        QVERIFY(!dictation->transcribing());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("failed:noTranscriber")});

        transcriber = new KoderTranscriber(dictation.get());
        transcriber->setBaseUrl(server->baseUrl());
        dictation->setTranscriber(transcriber);
        server->answerText(question);
        events.clear();
        QVERIFY(recordUntilSilence());
        QVERIFY(waitForOutcome());
        QCOMPARE(outcomes(), QStringList{QStringLiteral("transcribed:") + question});
    }

    // A transcriber shared with another caller: that caller's failures are not the dictation's.
    void sharedTranscriberFailuresAreNotTheDictations()
    {
        server->stall();
        QVERIFY(recordUntilSilence());
        QVERIFY(dictation->transcribing());
        QVERIFY(!transcriber->transcribe(QByteArray("RIFF"))); // another caller: busy
        QVERIFY(dictation->transcribing());
        QVERIFY(outcomes().isEmpty());
        dictation->cancel();

        transcriber->setBaseUrl(QUrl());
        QVERIFY(!transcriber->transcribe(QByteArray("RIFF"))); // another caller: config
        QVERIFY(outcomes().isEmpty());
        QVERIFY(dictation->errorString().isEmpty());
    }

    // The user speaking interrupts a reply read aloud.
    void startStopsSpeech()
    {
        KoderAgentController agent;
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("It is sunny in Berlin. Twenty degrees, a light wind."));
        agent.setTransport(local);
        koder::test::sendAndSettle(agent);
        const QString replyId =
            agent.messages()->get(1).value(QStringLiteral("messageId")).toString();
        QVERIFY(!replyId.isEmpty());

        KoderSpeech speech;
        auto* engine = new FakeSpeechEngine(&speech);
        engine->autoFinish = false;
        speech.setEngine(engine);
        speech.setController(&agent);
        QVERIFY(speech.speak(replyId));
        QTRY_VERIFY(engine->speaking());
        QVERIFY(speech.speaking());
        const int stopsBefore = engine->stops();

        dictation->setSpeech(&speech);
        QCOMPARE(dictation->speech(), &speech);
        QVERIFY(dictation->start());
        QVERIFY(!speech.speaking());
        QVERIFY(!engine->speaking());
        QCOMPARE(engine->stops(), stopsBefore + 1);
        QVERIFY(dictation->recording());
        dictation->cancel();
        dictation->setSpeech(nullptr); // before `speech` goes
    }

    // The test server's form reader: a body is a form only when it is one.
    void formReaderRejectsBrokenBodies_data()
    {
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("parts"); // -1: not a form
        const QByteArray type = "multipart/form-data; boundary=\"b-1\"";
        const QByteArray model = "--b-1\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\n"
                                 "whisper-1";
        QTest::newRow("one field") << type << model + "\r\n--b-1--\r\n" << 1;
        QTest::newRow("unquoted boundary, a preamble, an epilogue")
            << QByteArray("multipart/form-data; boundary=b-1")
            << "preamble\r\n" + model + "\r\n--b-1--\r\nepilogue" << 1;
        QTest::newRow("a file and a field")
            << type
            << QByteArray("--b-1\r\nContent-Disposition: form-data; name=\"file\"; "
                          "filename=\"a;b.wav\"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n"
                          "--b-1\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\n"
                          "m\r\n--b-1--")
            << 2;
        QTest::newRow("no close delimiter") << type << model + "\r\n--b-1\r\n" << -1;
        QTest::newRow("cut short") << type << model << -1;
        QTest::newRow("another boundary")
            << QByteArray("multipart/form-data; boundary=b-2") << model + "\r\n--b-1--" << -1;
        QTest::newRow("no boundary")
            << QByteArray("multipart/form-data") << model + "\r\n--b-1--" << -1;
        QTest::newRow("not a form")
            << QByteArray("application/json; boundary=b-1") << model + "\r\n--b-1--" << -1;
        QTest::newRow("a part without a name")
            << type << QByteArray("--b-1\r\nContent-Type: text/plain\r\n\r\nx\r\n--b-1--") << -1;
        QTest::newRow("a part without headers")
            << type << QByteArray("--b-1\r\n\r\nx\r\n--b-1--") << -1;
    }

    void formReaderRejectsBrokenBodies()
    {
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, body);
        QFETCH(int, parts);
        const auto form = TranscriptionServer::parseForm(contentType, body);
        QCOMPARE(form.has_value(), parts >= 0);
        if (!form)
            return;
        QCOMPARE(form->size(), qsizetype(parts));
        QCOMPARE(form->constLast().name, QByteArray("model"));
        if (parts == 2) {
            QCOMPARE(form->constFirst().name, QByteArray("file"));
            QVERIFY(form->constFirst().hasFileName);
            QCOMPARE(form->constFirst().fileName, QByteArray("a;b.wav"));
            QCOMPARE(form->constFirst().contentType, QByteArray("audio/wav"));
            QCOMPARE(form->constFirst().body, QByteArray("RIFF"));
            QCOMPARE(form->constLast().body, QByteArray("m"));
        } else {
            QVERIFY(!form->constLast().hasFileName);
            QCOMPARE(form->constLast().body, QByteArray("whisper-1"));
        }
    }

    // --- The sound -----------------------------------------------------------------------------

    void wavOfWritesTheHeader_data()
    {
        QTest::addColumn<QByteArray>("pcm");
        QTest::addColumn<int>("sampleRate");
        QTest::addColumn<QByteArray>("data");
        const QByteArray three("\x01\x00\xff\x7f\x00\x80", 6);
        QTest::newRow("three samples, 22050 Hz") << three << 22050 << three;
        QTest::newRow("odd byte count: the last byte is dropped")
            << QByteArray("\x01\x00\xff\x7f\x00", 5) << 16000 << QByteArray("\x01\x00\xff\x7f", 4);
        QTest::newRow("empty, 48000 Hz") << QByteArray() << 48000 << QByteArray();
        QTest::newRow("one byte") << QByteArray("\x05", 1) << 8000 << QByteArray();
    }

    void wavOfWritesTheHeader()
    {
        QFETCH(QByteArray, pcm);
        QFETCH(int, sampleRate);
        QFETCH(QByteArray, data);
        const QByteArray wav = wavOf(pcm, sampleRate);
        QCOMPARE(wav.size(), 44 + data.size());
        QCOMPARE(wav.left(4), QByteArray("RIFF"));
        QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 4), quint32(36 + data.size()));
        const std::optional<Wav> parsed = parseWav(wav);
        QVERIFY(parsed.has_value());
        QCOMPARE(parsed->format, quint16(1));
        QCOMPARE(parsed->channels, quint16(1));
        QCOMPARE(parsed->rate, quint32(sampleRate));
        QCOMPARE(parsed->byteRate, quint32(sampleRate * 2));
        QCOMPARE(parsed->blockAlign, quint16(2));
        QCOMPARE(parsed->bits, quint16(16));
        QCOMPARE(parsed->pcm, data);
    }

    // The file KoderDictation sends reads back, by the test support's reader too.
    void wavOfReadsBack()
    {
        const QByteArray wav = wavOf(filePcm, rate);
        QTemporaryFile file;
        QVERIFY(file.open());
        file.write(wav);
        file.close();
        int readRate = 0;
        QCOMPARE(FileAudioInput::pcmOfWav(file.fileName(), &readRate), filePcm);
        QCOMPARE(readRate, rate);
    }

    void levelOfIsDecibels_data()
    {
        QTest::addColumn<QByteArray>("pcm");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("nothing") << QByteArray() << 0.0 << 0.0;
        QTest::newRow("one byte") << QByteArray("\xff", 1) << 0.0 << 0.0;
        QTest::newRow("digital silence") << constant(0, 1600) << 0.0 << 0.0;
        // -60 dBFS is the floor: 32/32768 is below it, 33/32768 just above.
        QTest::newRow("below -60 dBFS") << constant(32, 1600) << 0.0 << 0.0;
        QTest::newRow("just above -60 dBFS") << constant(33, 1600) << 1e-6 << 0.01;
        QTest::newRow("negative, just above -60 dBFS") << constant(-33, 1600) << 1e-6 << 0.01;
        // -20 dBFS: (-20 + 60) / 60.
        QTest::newRow("-20 dBFS") << constant(3277, 1600) << 0.6666 << 0.6668;
        QTest::newRow("-6 dBFS") << constant(16422, 1600) << 0.8999 << 0.9001;
        QTest::newRow("full scale, negative") << constant(-32768, 1600) << 1.0 << 1.0;
        QTest::newRow("full scale, little-endian bytes")
            << QByteArray("\x00\x80\x00\x80", 4) << 1.0 << 1.0;
        QTest::newRow("full scale square wave")
            << constant(32767, 1).repeated(2) + constant(-32768, 1).repeated(2) << 0.9999 << 1.0;
        QTest::newRow("a trailing odd byte is not a sample")
            << constant(3277, 4) + QByteArray("\x7f", 1) << 0.6666 << 0.6668;
    }

    void levelOfIsDecibels()
    {
        QFETCH(QByteArray, pcm);
        QFETCH(double, low);
        QFETCH(double, high);
        const double level = levelOf(pcm);
        QVERIFY2(level >= low && level <= high, qPrintable(QString::number(level, 'g', 10)));
    }
};

QTEST_GUILESS_MAIN(TstDictation)
#include "tst_dictation.moc"
