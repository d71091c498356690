// SPDX-License-Identifier: MIT
// (No raw string literals here: moc 6.4 loses the class after one that ends in a quote.)
// A hostile OpenAI-compatible server on 127.0.0.1, started by the test: cross-origin redirects
// with the key, an endless line, a giant event, endless reasoning, huge tool arguments, a
// thousand tool calls, deep JSON, keep-alives only, an absurd Retry-After. Each case ends in its
// documented error, the key never reaches another origin, and memory stays bounded.
#include "agenttesting.h"
#include "koderagentcontroller.h"
#include "kodermessagemodel.h"
#include "koderopenaitransport.h"
#include "scriptedhttpserver.h"

#include <QtCore/QElapsedTimer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <sys/resource.h>

#include <limits>
#include <memory>

namespace {
const QByteArray streamHead = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                              "Cache-Control: no-cache\r\nConnection: close\r\n\r\n";
const QString key = QStringLiteral("sk-hostile-test-key");

QByteArray chunk(const QByteArray& delta)
{
    return "data: {\"choices\":[{\"index\":0,\"delta\":" + delta + "}]}\n\n";
}

QByteArray toolCall(int index, const QByteArray& arguments)
{
    return chunk("{\"tool_calls\":[{\"index\":" + QByteArray::number(index) + ",\"id\":\"call_" +
                 QByteArray::number(index) + "\",\"function\":{\"name\":\"f\",\"arguments\":\"" +
                 arguments + "\"}}]}");
}

// A stream that begins with `bytes` and then repeats `piece` without end (the connection closes
// when the client stops reading).
ScriptedHttpServer::Response endless(const QByteArray& bytes, const QByteArray& piece,
                                     int intervalMs = 0)
{
    ScriptedHttpServer::Response r;
    r.bytes = streamHead + bytes;
    r.repeat = piece;
    r.repeatCount = std::numeric_limits<qint64>::max();
    r.repeatIntervalMs = intervalMs;
    return r;
}

qint64 peakResidentMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

// moc's preprocessor cannot evaluate __has_feature.
#ifndef Q_MOC_RUN
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif
#endif
} // namespace

class TstHostileServer : public QObject {
    Q_OBJECT

    std::unique_ptr<ScriptedHttpServer> server;
    std::unique_ptr<KoderAgentController> agent;
    KoderOpenAiTransport* transport = nullptr;

    QVariantMap error() const { return agent->lastError().toMap(); }
    QVariantMap reply() const { return agent->messages()->get(1); }

    // Hostile servers take longer to give up on than the shared helper waits by default.
    void sendAndSettle() { koder::test::sendAndSettle(*agent, QStringLiteral("hi"), {}, 20'000); }

    void expectError(const char* code)
    {
        QCOMPARE(agent->status(), QStringLiteral("error"));
        QCOMPARE(error().value(QStringLiteral("code")).toString(), QString::fromLatin1(code));
    }

private Q_SLOTS:
    void init()
    {
        server = std::make_unique<ScriptedHttpServer>();
        QVERIFY(server->listen());
        agent = std::make_unique<KoderAgentController>();
        transport = new KoderOpenAiTransport(agent.get());
        transport->setBaseUrl(server->baseUrl());
        transport->setApiKey(key);
        transport->setExtraHeaders({{QStringLiteral("X-Secret"), QStringLiteral("also-secret")}});
        agent->setTransport(transport);
    }

    void cleanup()
    {
        agent.reset();
        server.reset();
    }

    // First, while the process is small: the peak resident size is the whole process's.
    void anEndlessLineIsRefusedInBoundedMemory()
    {
        const qint64 before = peakResidentMiB();
        // 256 MiB and more of one line without an end, after a first token.
        server->enqueue(
            endless(chunk("{\"content\":\"Hi\"}") + "data: ", QByteArray(1 << 20, 'x')));
        sendAndSettle();
        expectError("too_large");
        QCOMPARE(error().value(QStringLiteral("retryable")).toBool(), false);
        QCOMPARE(reply().value(QStringLiteral("text")).toString(),
                 QStringLiteral("Hi")); // what was seen stays
        // The client stopped reading long before the line ended.
        QTRY_COMPARE(server->openConnections(), 0);
        QVERIFY2(server->bytesWritten() < (qint64{64} << 20),
                 qPrintable(QString::number(server->bytesWritten())));
        const qint64 peak = peakResidentMiB();
        qInfo("peak resident size %lld MiB (before: %lld MiB)", peak, before);
        if (!sanitized) // ASan's shadow memory and quarantine are not the library's
            QVERIFY2(peak < 400, qPrintable(QString::number(peak)));
    }

    void aGiantEventIsRefused()
    {
        // Many short data lines of one event add up past maxEventBytes.
        server->enqueue(endless({}, "data: " + QByteArray(4096, 'y') + '\n'));
        sendAndSettle();
        expectError("too_large");
        QVERIFY(server->bytesWritten() < (qint64{64} << 20));
    }

    void endlessReasoningIsRefused()
    {
        transport->setMaxReplyBytes(4 << 20);
        server->enqueue(
            endless({}, chunk("{\"reasoning_content\":\"" + QByteArray(8192, 'r') + "\"}")));
        sendAndSettle();
        expectError("too_large");
        const qsizetype kept = reply().value(QStringLiteral("reasoning")).toString().size();
        QVERIFY2(kept > 0 && kept <= (4 << 20), qPrintable(QString::number(kept)));
    }

    void hugeToolArgumentsAreRefused()
    {
        transport->setMaxReplyBytes(4 << 20);
        QByteArray body = toolCall(0, "{");
        const QByteArray piece =
            chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" +
                  QByteArray(10'000, 'a') + "\"}}]}");
        for (int i = 0; i < 1000; ++i) // 10 MB of arguments
            body += piece;
        body += chunk("{},\"finish_reason\":\"tool_calls\"");
        server->enqueue(ScriptedHttpServer::sse(body, 1 << 16));
        sendAndSettle();
        expectError("too_large");
        QVERIFY(agent->pendingToolCalls().isEmpty());
    }

    void aThousandToolCallsInOneStepAreRefused()
    {
        QByteArray body;
        for (int i = 0; i < 1000; ++i)
            body += toolCall(i, "{}");
        body += chunk("{},\"finish_reason\":\"tool_calls\"");
        server->enqueue(ScriptedHttpServer::sse(body, 1 << 16));
        sendAndSettle();
        expectError("too_large");
        QVERIFY(agent->pendingToolCalls().isEmpty());
        QVERIFY(error().value(QStringLiteral("message")).toString().contains(QStringLiteral("64")));
    }

    void deeplyNestedArgumentsAreRefused()
    {
        const QByteArray deep = QByteArray(80'000, '[') + QByteArray(80'000, ']');
        server->enqueue(ScriptedHttpServer::sse(
            toolCall(0, deep) + chunk("{},\"finish_reason\":\"tool_calls\""), 1 << 16));
        sendAndSettle();
        expectError("protocol_error");
        QVERIFY(agent->pendingToolCalls().isEmpty());
    }

    void keepAlivesAloneDoNotHoldATurnOpen()
    {
        transport->setTransferTimeout(400);
        // A first token, then only comments: 20 a second, each well inside the timeout.
        server->enqueue(endless(chunk("{\"content\":\"Hi\"}"), ": ping\n\n", 50));
        QElapsedTimer clock;
        clock.start();
        sendAndSettle();
        expectError("upstream_timeout");
        QCOMPARE(reply().value(QStringLiteral("text")).toString(), QStringLiteral("Hi"));
        QVERIFY(clock.elapsed() < 15'000);
    }

    void eventsDoResetTheTransferTimeout()
    {
        transport->setTransferTimeout(400);
        // 30 tokens 50 ms apart: 1.5 s in all, never 400 ms without an event.
        auto r = endless({}, chunk("{\"content\":\".\"}"), 50);
        r.repeatCount = 30;
        server->enqueue(r);
        sendAndSettle();
        QVERIFY(error().value(QStringLiteral("code")).toString() !=
                QStringLiteral("upstream_timeout"));
        QCOMPARE(reply().value(QStringLiteral("text")).toString(), QString(30, QLatin1Char('.')));
    }

    void aHugeRetryAfterIsClamped()
    {
        server->enqueue(ScriptedHttpServer::status(429, "{\"error\":{\"message\":\"later\"}}",
                                                   {{"Retry-After", "1e300"}}));
        sendAndSettle();
        expectError("rate_limited");
        QCOMPARE(error().value(QStringLiteral("retryAfterMs")).toLongLong(), qint64{3'600'000});
    }

    void aRedirectToAnotherOriginIsRefusedAndTheKeyStaysHome()
    {
        ScriptedHttpServer elsewhere;
        QVERIFY(elsewhere.listen());
        elsewhere.enqueue(ScriptedHttpServer::sse(chunk("{\"content\":\"stolen\"}")));
        for (int status : {307, 308, 301, 302}) {
            server->enqueue(ScriptedHttpServer::status(
                status, {},
                {{"Location", elsewhere.baseUrl().toString().toUtf8() + "/chat/completions"}}));
            agent->clear();
            sendAndSettle();
            expectError("redirect");
            QCOMPARE(error().value(QStringLiteral("retryable")).toBool(), false);
            QVERIFY(!error().value(QStringLiteral("message")).toString().contains(key));
        }
        QCOMPARE(elsewhere.received().size(), 0); // nothing at all reached the other origin
    }

    void aSameOriginRedirectIsFollowedWithTheKey()
    {
        server->enqueue(ScriptedHttpServer::status(
            308, {}, {{"Location", server->baseUrl().toString().toUtf8() + "/moved"}}));
        server->enqueue(
            ScriptedHttpServer::sse(chunk("{\"content\":\"moved\"}") + "data: [DONE]\n\n"));
        sendAndSettle();
        QCOMPARE(reply().value(QStringLiteral("text")).toString(), QStringLiteral("moved"));
        QCOMPARE(server->received().size(), 2);
        const auto& followed = server->received().at(1);
        QCOMPARE(followed.path, QByteArray("/v1/moved"));
        QCOMPARE(followed.headers.value("authorization"), "Bearer " + key.toUtf8());
        QCOMPARE(followed.method, QByteArray("POST"));
    }
};

QTEST_GUILESS_MAIN(TstHostileServer)
#include "tst_hostileserver.moc"
