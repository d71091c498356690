// SPDX-License-Identifier: MIT
// KoderOpenAiTransport against a real HTTP server on 127.0.0.1 started by the test: recorded
// streams written in chosen pieces, HTTP errors, stalls, dropped connections, abort.
#include "agenttesting.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "koderopenaitransport.h"
#include "kodertool.h"
#include "scriptedhttpserver.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace koder::agent;
using namespace koder::test;

class TstOpenAiTransport : public QObject {
    Q_OBJECT

    std::unique_ptr<ScriptedHttpServer> server;
    std::unique_ptr<KoderAgentController> agent;
    std::unique_ptr<QAbstractItemModelTester> tester;
    KoderOpenAiTransport* transport = nullptr;

    QVariantMap lastRow() const { return agent->messages()->get(agent->messages()->count() - 1); }

    // text.sse in one HTTP chunk, cut (stalled or dropped) right after the event holding `text`.
    static ScriptedHttpServer::Response streamUpTo(const char* text,
                                                   qsizetype ScriptedHttpServer::Response::*cut)
    {
        auto response = ScriptedHttpServer::sse(streamFile(QStringLiteral("text.sse")), 1 << 20);
        response.*cut = response.bytes.indexOf("\n\n", response.bytes.indexOf(text)) + 2;
        return response;
    }

    void addTool(const QString& name)
    {
        auto* tool = new KoderTool(agent.get());
        tool->setName(name);
        tool->setCallable([](const QJsonObject&) { return QVariant(QStringLiteral("ok")); });
        agent->addTool(tool);
    }

private Q_SLOTS:
    void init()
    {
        server = std::make_unique<ScriptedHttpServer>();
        QVERIFY(server->listen());
        agent = std::make_unique<KoderAgentController>();
        tester = std::make_unique<QAbstractItemModelTester>(
            agent->messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        transport = new KoderOpenAiTransport(agent.get());
        transport->setBaseUrl(server->baseUrl());
        transport->setModel(QStringLiteral("test-model"));
        agent->setTransport(transport);
    }

    void cleanup()
    {
        tester.reset();
        agent.reset();
        server.reset();
    }

    void recordedStreams_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("schedule"); // 0 whole, 1 byte by byte, n>1 every n, <0 random seed
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("detail"); // error code, or pending tool call names

        struct Expect {
            const char* file;
            const char* status;
            const char* text;
            const char* detail;
        };
        const Expect expects[] = {
            {"text.sse", "idle", "Hello, world", ""},
            {"bom_comments_multiline.sse", "idle", "multi-line", ""},
            {"utf8.sse", "idle",
             "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xF0\x9F\x99\x82 \"q\" \\ \n end",
             ""},
            {"reasoning.sse", "idle", "Answer.", ""},
            {"tool_calls_fragments.sse", "reviewingToolCall", "", "get_time,save"},
            {"tool_calls_index0_reuse.sse", "reviewingToolCall", "", "a,b"},
            {"tool_calls_no_index.sse", "reviewingToolCall", "", "a,b"},
            {"unknown_fields.sse", "idle", "ok", ""},
            {"finish_length.sse", "idle", "cut", ""},
            // vLLM's in-stream error saying the prompt is too long.
            {"error_in_stream.sse", "error", "partial", "context_length"},
            {"event_error.sse", "error", "partial", "overloaded"},
            {"no_finish.sse", "error", "looks fine", "incomplete"},
            {"eof_after_finish.sse", "idle", "done", ""},
            {"eof_mid_event.sse", "error", "half", "incomplete"},
            {"malformed.sse", "error", "a", "protocol_error"},
            {"llamacpp_error_field.sse", "error", "a", "incomplete"},
        };
        for (const Expect& e : expects)
            for (int schedule : {0, 1, 7, -1, -2})
                QTest::addRow("%s/%d", e.file, schedule)
                    << QString::fromLatin1(e.file) << schedule << QString::fromLatin1(e.status)
                    << QString::fromUtf8(e.text) << QString::fromLatin1(e.detail);
    }

    void recordedStreams()
    {
        QFETCH(QString, file);
        QFETCH(int, schedule);
        QFETCH(QString, status);
        QFETCH(QString, text);
        QFETCH(QString, detail);
        for (const char* name : {"get_time", "save", "a", "b"})
            addTool(QString::fromLatin1(name));
        const QByteArray body = streamFile(file);
        QVERIFY(!body.isEmpty());
        auto response = ScriptedHttpServer::sse(body);
        if (schedule > 0)
            response = ScriptedHttpServer::cutEvery(response, schedule);
        else if (schedule < 0)
            response = ScriptedHttpServer::cutRandomly(response, static_cast<unsigned>(-schedule));
        server->enqueue(response);

        sendAndSettle(*agent);
        QCOMPARE(agent->status(), status);
        const QVariantMap assistant = agent->messages()->get(1);
        QCOMPARE(assistant.value(QStringLiteral("text")).toString(), text);
        if (status == QStringLiteral("error")) {
            QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(), detail);
        } else if (status == QStringLiteral("reviewingToolCall")) {
            QStringList names;
            for (const QVariant& c : agent->pendingToolCalls())
                names << c.toMap().value(QStringLiteral("name")).toString();
            QCOMPARE(names.join(QLatin1Char(',')), detail);
            QCOMPARE(assistant.value(QStringLiteral("toolCalls")).toList().size(), names.size());
        } else {
            QVERIFY(agent->lastError().isNull());
        }
        if (file == QStringLiteral("reasoning.sse"))
            QCOMPARE(assistant.value(QStringLiteral("reasoning")).toString(),
                     QStringLiteral("Think hard. And more."));
        if (file == QStringLiteral("tool_calls_fragments.sse")) {
            const QVariantMap call = agent->pendingToolCalls().first().toMap();
            QCOMPARE(call.value(QStringLiteral("id")).toString(), QStringLiteral("call_a"));
            QCOMPARE(call.value(QStringLiteral("arguments"))
                         .toMap()
                         .value(QStringLiteral("tz"))
                         .toString(),
                     QStringLiteral("Asia/Tokyo"));
            QCOMPARE(call.value(QStringLiteral("arguments"))
                         .toMap()
                         .value(QStringLiteral("q"))
                         .toString(),
                     QStringLiteral("a\"b"));
        }
        if (file == QStringLiteral("text.sse")) {
            QCOMPARE(transport->usage().value(QStringLiteral("promptTokens")).toInt(), 12);
            QCOMPARE(transport->usage().value(QStringLiteral("totalTokens")).toInt(), 15);
        }
    }

    void requestCarriesHistoryToolsAndSettings()
    {
        addTool(QStringLiteral("get_time"));
        agent->setSystemPrompt(QStringLiteral("Be brief."));
        transport->setApiKey(QStringLiteral("sk-secret"));
        transport->setExtraHeaders({{QStringLiteral("X-Trace"), QStringLiteral("t1")}});
        transport->setTemperature(0.5);
        transport->setMaxTokens(64);
        server->enqueue(ScriptedHttpServer::sse(streamFile(QStringLiteral("text.sse"))));
        sendAndSettle(*agent, QStringLiteral("What time is it?"));

        QCOMPARE(server->received().size(), 1);
        const auto& req = server->received().first();
        QCOMPARE(req.method, QByteArray("POST"));
        QCOMPARE(req.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(req.headers.value("authorization"), QByteArray("Bearer sk-secret"));
        QCOMPARE(req.headers.value("x-trace"), QByteArray("t1"));
        QCOMPARE(req.headers.value("accept"), QByteArray("text/event-stream"));
        const QJsonObject body = QJsonDocument::fromJson(req.body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(), true);
        QCOMPARE(body.value(QStringLiteral("stream_options"))
                     .toObject()
                     .value(QStringLiteral("include_usage"))
                     .toBool(),
                 true);
        QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.5);
        QCOMPARE(body.value(QStringLiteral("max_tokens")).toInt(), 64);
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("system"));
        QCOMPARE(messages[0].toObject().value(QStringLiteral("content")).toString(),
                 QStringLiteral("Be brief."));
        QCOMPARE(messages[1].toObject().value(QStringLiteral("content")).toString(),
                 QStringLiteral("What time is it?"));
        const QJsonArray tools = body.value(QStringLiteral("tools")).toArray();
        QCOMPARE(tools.size(), 1);
        QCOMPARE(tools[0]
                     .toObject()
                     .value(QStringLiteral("function"))
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
                 QStringLiteral("get_time"));
    }

    void toolRoundTripSendsResultsInTheNextRequest()
    {
        addTool(QStringLiteral("get_time"));
        addTool(QStringLiteral("save"));
        agent->setAutoAccept(QStringLiteral("always"));
        server->enqueue(
            ScriptedHttpServer::sse(streamFile(QStringLiteral("tool_calls_fragments.sse"))));
        server->enqueue(ScriptedHttpServer::sse(streamFile(QStringLiteral("text.sse"))));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        agent->send(QStringLiteral("go"));
        QVERIFY(end.wait(10'000));
        QCOMPARE(server->received().size(), 2);
        const QJsonArray messages = QJsonDocument::fromJson(server->received()[1].body)
                                        .object()
                                        .value(QStringLiteral("messages"))
                                        .toArray();
        // user, assistant with tool_calls, two tool results
        QCOMPARE(messages.size(), 4);
        const QJsonObject assistant = messages[1].toObject();
        QCOMPARE(assistant.value(QStringLiteral("tool_calls")).toArray().size(), 2);
        QVERIFY(assistant.value(QStringLiteral("content")).isNull());
        QCOMPARE(messages[2].toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("tool"));
        QCOMPARE(messages[2].toObject().value(QStringLiteral("tool_call_id")).toString(),
                 QStringLiteral("call_a"));
        QCOMPARE(messages[2].toObject().value(QStringLiteral("content")).toString(),
                 QStringLiteral("ok"));
        QCOMPARE(lastRow().value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hello, world"));
    }

    void httpErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("headerName");
        QTest::addColumn<QByteArray>("headerValue");
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("retryable");
        QTest::addColumn<int>("retryAfterMs");
        QTest::addColumn<QString>("message");
        QTest::newRow("401 json")
            << 401
            << QByteArray(
                   R"({"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}})")
            << QByteArray() << QByteArray() << "unauthorized" << false << -1 << "Incorrect API key";
        QTest::newRow("404 json")
            << 404
            << QByteArray(R"({"error":{"message":"model not found","type":"not_found_error"}})")
            << QByteArray() << QByteArray() << "not_found" << false << -1 << "model not found";
        QTest::newRow("429 retry-after-ms")
            << 429
            << QByteArray(R"({"error":{"message":"slow down","code":"rate_limit_exceeded"}})")
            << QByteArray("retry-after-ms") << QByteArray("1500") << "rate_limited" << true << 1500
            << "slow down";
        QTest::newRow("429 Retry-After")
            << 429 << QByteArray(R"({"error":{"message":"slow down"}})")
            << QByteArray("Retry-After") << QByteArray("3") << "rate_limited" << true << 3000
            << "slow down";
        QTest::newRow("500 html") << 500 << QByteArray("<html>oops</html>") << QByteArray()
                                  << QByteArray() << "upstream_error" << true << -1
                                  << "<html>oops</html>";
        QTest::newRow("503 json") << 503 << QByteArray(R"({"error":"overloaded"})") << QByteArray()
                                  << QByteArray() << "overloaded" << true << -1 << "overloaded";
    }

    void httpErrors()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, headerName);
        QFETCH(QByteArray, headerValue);
        QFETCH(QString, code);
        QFETCH(bool, retryable);
        QFETCH(int, retryAfterMs);
        QFETCH(QString, message);
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!headerName.isEmpty())
            headers.append({headerName, headerValue});
        server->enqueue(ScriptedHttpServer::status(status, body, headers));
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        sendAndSettle(*agent);
        QCOMPARE(err.count(), 1);
        QCOMPARE(agent->status(), QStringLiteral("error"));
        const QVariantMap e = agent->lastError().toMap();
        QCOMPARE(e.value(QStringLiteral("code")).toString(), code);
        QCOMPARE(e.value(QStringLiteral("retryable")).toBool(), retryable);
        QCOMPARE(e.value(QStringLiteral("retryAfterMs")).toInt(), retryAfterMs);
        QCOMPARE(e.value(QStringLiteral("message")).toString(), message);
    }

    void rateLimitIsRetriedAfterTheServersHint()
    {
        agent->setMaxRetries(1);
        server->enqueue(ScriptedHttpServer::status(429, R"({"error":{"message":"slow down"}})",
                                                   {{"retry-after-ms", "20"}}));
        server->enqueue(ScriptedHttpServer::sse(streamFile(QStringLiteral("text.sse"))));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        agent->send(QStringLiteral("q"));
        QVERIFY(end.wait(10'000));
        QCOMPARE(err.count(), 0);
        QCOMPARE(server->received().size(), 2);
        QCOMPARE(lastRow().value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hello, world"));
    }

    void stallHitsTheTransferTimeout()
    {
        transport->setTransferTimeout(300);
        auto response = streamUpTo("Hello", &ScriptedHttpServer::Response::stallAfter);
        server->enqueue(response);
        sendAndSettle(*agent);
        QCOMPARE(agent->status(), QStringLiteral("error"));
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("upstream_timeout"));
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hello"));
    }

    void droppedConnectionIsATransportError()
    {
        auto response = streamUpTo(", world", &ScriptedHttpServer::Response::dropAfter);
        server->enqueue(response);
        sendAndSettle(*agent);
        QCOMPARE(agent->status(), QStringLiteral("error"));
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("transport"));
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("retryable")).toBool(), true);
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hello, world"));
    }

    void abortCancelsTheRequestAndNothingArrivesAfter()
    {
        // The stream stays open after the first token.
        auto response = streamUpTo("Hello", &ScriptedHttpServer::Response::stallAfter);
        server->enqueue(response);
        QSignalSpy token(agent.get(), &KoderAgentController::streamToken);
        QSignalSpy gone(server.get(), &ScriptedHttpServer::clientGone);
        agent->send(QStringLiteral("q"));
        QVERIFY(token.wait(10'000));
        agent->abort();
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QVERIFY(gone.wait(10'000)); // the connection was really closed
        QCOMPARE(token.count(), 1);
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("aborted")).toBool(), true);
    }

    void tlsFailureIsAnErrorNeverIgnored()
    {
        QUrl url = server->baseUrl();
        url.setScheme(QStringLiteral("https")); // the server speaks plain HTTP
        transport->setBaseUrl(url);
        server->enqueue(ScriptedHttpServer::sse(streamFile(QStringLiteral("text.sse"))));
        sendAndSettle(*agent);
        QCOMPARE(agent->status(), QStringLiteral("error"));
        const QString code = agent->lastError().toMap().value(QStringLiteral("code")).toString();
        qInfo() << "TLS failure reported as" << code;
        QVERIFY2(code == QStringLiteral("tls") || code == QStringLiteral("transport"),
                 qPrintable(code));
        QVERIFY(agent->messages()->get(1).value(QStringLiteral("text")).toString().isEmpty());
        QCOMPARE(server->received().size(), 0); // no request ever went out in clear text
    }

    void missingBaseUrlIsAClearError()
    {
        transport->setBaseUrl(QUrl());
        sendAndSettle(*agent);
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("bad_request"));
    }

    void apiKeyIsNeverLogged()
    {
        LogCapture log(QStringLiteral("koder.agent.debug=true"));
        transport->setApiKey(QStringLiteral("sk-never-logged"));
        server->enqueue(ScriptedHttpServer::status(401, R"({"error":{"message":"bad key"}})"));
        sendAndSettle(*agent);
        log.stop();
        QVERIFY(!log.lines().isEmpty()); // debug output was on
        for (const QString& line : log.lines())
            QVERIFY2(!line.contains(QStringLiteral("sk-never-logged")), qPrintable(line));
    }
};

QTEST_MAIN(TstOpenAiTransport)
#include "tst_openaitransport.moc"
