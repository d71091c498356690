// SPDX-License-Identifier: MIT
#include "aichatserver.h"
#include "mcptesting.h"
#include "providerstreams.h"
#include "scriptedhttpserver.h"
#include "voicetesting.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtQml/QJSValue>
#include <QtQml/QQmlContext>
#include <QtQml/QQmlEngine>
#include <QtQuickTest/quicktest.h>

// The reference aichat.v1 server (tests/support) for QML tests, on 127.0.0.1: `script` is the
// JSON array of turns AichatServer documents; `count(type)` counts the frames of that type the
// clients sent.
class AichatTestServer : public QObject {
    Q_OBJECT
    Q_PROPERTY(QUrl url READ url CONSTANT FINAL)
    Q_PROPERTY(QJSValue script READ script WRITE setScript FINAL)
    /// Keeps turns across a dropped connection (caps.resume). Default true.
    Q_PROPERTY(bool resume READ resume WRITE setResume FINAL)
    /// Drops the next turn's connection after this many frames, once (-1: never).
    Q_PROPERTY(int dropAfterFrames READ dropAfterFrames WRITE setDropAfterFrames FINAL)

public:
    explicit AichatTestServer(QObject* parent = nullptr)
        : QObject(parent)
    {
        m_server.listen();
    }

    QUrl url() const { return m_server.url(); }
    QJSValue script() const { return m_script; }
    void setScript(const QJSValue& script)
    {
        m_script = script;
        m_server.setScript(QJsonValue::fromVariant(script.toVariant()).toArray());
    }
    bool resume() const { return m_resume; }
    void setResume(bool resume)
    {
        m_resume = resume;
        m_server.setResumeEnabled(resume);
    }
    int dropAfterFrames() const { return m_dropAfter; }
    void setDropAfterFrames(int frames)
    {
        m_dropAfter = frames;
        m_server.dropAfterFrames(frames);
    }
    Q_INVOKABLE int count(const QString& type) const
    {
        int n = 0;
        for (const QJsonObject& frame : m_server.received())
            n += frame.value(QStringLiteral("type")).toString() == type ? 1 : 0;
        return n;
    }

private:
    AichatServer m_server;
    QJSValue m_script;
    bool m_resume = true;
    int m_dropAfter = -1;
};

// An HTTP server for the HTTP transports (tests/support/scriptedhttpserver.h), on 127.0.0.1:
// `reply(dialect, tokens)` queues a streamed reply in "openai", "responses", "anthropic" or
// "ollama" form (usage 11 + 4 tokens); `replyEvents(events)` queues a stream of SSE events
// written from JS objects (`event:` their `type`, `data:` the object); `respond(code, json)`
// queues a plain answer with that status and JSON body (a transcription: {"text": "..."});
// `request(i)` is what the i-th request carried (path, lower-case headers, parsed JSON body);
// `writeFile(name, base64)` writes a scratch file and gives its file: URL.
class HttpTestServer : public QObject {
    Q_OBJECT
    /// http://127.0.0.1:<port> (KoderAnthropicTransport's and KoderOllamaTransport's baseUrl).
    Q_PROPERTY(QUrl url READ url CONSTANT FINAL)
    /// http://127.0.0.1:<port>/v1 (KoderOpenAiTransport's and KoderResponsesTransport's baseUrl).
    Q_PROPERTY(QUrl openAiUrl READ openAiUrl CONSTANT FINAL)
    Q_PROPERTY(int requestCount READ requestCount NOTIFY requestCountChanged FINAL)

public:
    explicit HttpTestServer(QObject* parent = nullptr)
        : QObject(parent)
    {
        m_server.listen();
        connect(&m_server, &ScriptedHttpServer::requestReceived, this,
                &HttpTestServer::requestCountChanged);
    }

    QUrl url() const { return openAiUrl().adjusted(QUrl::RemovePath); }
    QUrl openAiUrl() const { return m_server.baseUrl(); }
    int requestCount() const { return static_cast<int>(m_server.received().size()); }

    Q_INVOKABLE void reply(const QString& dialect, const QStringList& tokens)
    {
        using namespace koder::test;
        const QByteArray body = dialect == QLatin1String("anthropic")   ? anthropicReply(tokens)
                                : dialect == QLatin1String("ollama")    ? ollamaReply(tokens)
                                : dialect == QLatin1String("responses") ? responsesReply(tokens)
                                                                        : openAiReply(tokens);
        m_server.enqueue(ScriptedHttpServer::sse(body));
    }
    Q_INVOKABLE void replyEvents(const QVariantList& events)
    {
        QByteArray body;
        for (const QVariant& e : events)
            body += koder::test::namedEvent(QJsonObject::fromVariantMap(e.toMap()));
        m_server.enqueue(ScriptedHttpServer::sse(body));
    }
    Q_INVOKABLE void respond(int code, const QString& json)
    {
        m_server.enqueue(ScriptedHttpServer::status(
            code, json.toUtf8(), {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")}}));
    }
    Q_INVOKABLE QVariantMap request(int i) const
    {
        if (i < 0 || i >= requestCount())
            return {};
        const auto& r = m_server.received().at(i);
        QVariantMap headers;
        for (auto it = r.headers.cbegin(); it != r.headers.cend(); ++it)
            headers.insert(QString::fromLatin1(it.key()), QString::fromUtf8(it.value()));
        return {{QStringLiteral("path"), QString::fromLatin1(r.path)},
                {QStringLiteral("headers"), headers},
                {QStringLiteral("body"), QJsonDocument::fromJson(r.body).toVariant()}};
    }
    Q_INVOKABLE QString writeFile(const QString& name, const QString& base64)
    {
        QFile f(QDir(m_dir.path()).filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QByteArray::fromBase64(base64.toLatin1()));
        return QUrl::fromLocalFile(f.fileName()).toString();
    }

Q_SIGNALS:
    void requestCountChanged();

private:
    ScriptedHttpServer m_server;
    QTemporaryDir m_dir;
};

// What the MCP tests need: the node program, the test servers' folder, and the methods a
// scripted server logged (its --log file), to prove what reached it.
class McpTestSupport : public QObject {
    Q_OBJECT
    Q_PROPERTY(QString node READ node CONSTANT)
    Q_PROPERTY(QString scriptedServer READ scriptedServer CONSTANT)

public:
    using QObject::QObject;
    QString node() const { return QStringLiteral(KODER_NODE_EXECUTABLE); }
    QString scriptedServer() const
    {
        return QStringLiteral(KODER_MCP_SERVERS_DIR "/scripted_server.mjs");
    }
    Q_INVOKABLE QStringList loggedMethods(const QString& path) const
    {
        return mcpLoggedMethods(path);
    }
};

// The scripted AG-UI agent of tests/support/agui, started for the object and stopped with it:
// `ready` once it listens (127.0.0.1), `url(scenario, split)` the endpoint of a scenario (its
// body written `split` bytes at a time; 0: an event per write).
class AgUiTestAgent : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool ready READ ready NOTIFY readyChanged FINAL)

public:
    explicit AgUiTestAgent(QObject* parent = nullptr)
        : QObject(parent)
    {
        connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] {
            if (m_port != 0 || !m_process.canReadLine())
                return;
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("LISTENING ")) {
                m_port = line.mid(10).toInt();
                Q_EMIT readyChanged();
            }
        });
        m_process.setProgram(QStringLiteral(KODER_NODE_EXECUTABLE));
        m_process.setArguments({QStringLiteral(KODER_AGUI_SERVER_DIR "/scripted_agent.mjs")});
        m_process.start();
    }
    ~AgUiTestAgent() override
    {
        m_process.closeWriteChannel(); // the agent exits when its stdin closes
        if (!m_process.waitForFinished(5'000))
            m_process.kill();
    }

    bool ready() const { return m_port != 0; }
    Q_INVOKABLE QUrl url(const QString& scenario, int split = 0) const
    {
        QUrl url(QStringLiteral("http://127.0.0.1:%1/agent/%2").arg(m_port).arg(scenario));
        if (split > 0)
            url.setQuery(QStringLiteral("split=%1").arg(split));
        return url;
    }

Q_SIGNALS:
    void readyChanged();

private:
    QProcess m_process;
    int m_port = 0;
};

// Gives the tests a scratch directory (`testTempDir`, removed when the run ends), for stores that
// must outlive one KoderConversationStore object, the test data (`testDataDir`: tests/data, with
// speech-16k.wav) and the test types (import Koder.Test): the servers, and the voice's stand-ins
// (tests/support/voicetesting.h), a speech engine that records what it says (FakeSpeechEngine)
// and a WAV file played as a microphone (FileAudioInput).
class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void qmlEngineAvailable(QQmlEngine* engine)
    {
        qmlRegisterType<AichatTestServer>("Koder.Test", 1, 0, "AichatTestServer");
        qmlRegisterType<HttpTestServer>("Koder.Test", 1, 0, "HttpTestServer");
        qmlRegisterType<AgUiTestAgent>("Koder.Test", 1, 0, "AgUiTestAgent");
        qmlRegisterType<FakeSpeechEngine>("Koder.Test", 1, 0, "FakeSpeechEngine");
        qmlRegisterType<FileAudioInput>("Koder.Test", 1, 0, "FileAudioInput");
        engine->rootContext()->setContextProperty(QStringLiteral("testTempDir"), m_dir.path());
        engine->rootContext()->setContextProperty(QStringLiteral("testDataDir"),
                                                  QStringLiteral(KODER_TEST_DATA_DIR));
        engine->rootContext()->setContextProperty(QStringLiteral("mcpTest"),
                                                  new McpTestSupport(engine));
    }

private:
    QTemporaryDir m_dir;
};

QUICK_TEST_MAIN_WITH_SETUP(koder_agent, Setup)

#include "tst_qml.moc"
