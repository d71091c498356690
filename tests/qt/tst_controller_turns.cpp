// SPDX-License-Identifier: MIT
// KoderAgentController's turns through its public C++ API: the lifecycle and its signals in order,
// a second send refused, abort, failures and retries, hooks, the event log, no transport, and the
// offline agent's tokens.
#include "controllertest.h"

#include <QtCore/QRegularExpression>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <stdexcept>

using namespace koder::agent;

class TstControllerTurns : public ControllerTest {
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void lifecycleOrderR4()
    {
        useLocalAgent(QStringLiteral("Hello there, friend."));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QSignalSpy streamingChanged(agent.get(), &KoderAgentController::streamingChanged);
        QVERIFY(agent->send(QStringLiteral("hi")));
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
        QVERIFY(agent->streaming());
        QVERIFY(agent->abortable());
        QVERIFY(end.wait());
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("streamToken"), QStringLiteral("streamEnd")}));
        QCOMPARE(agent->status(), QStringLiteral("idle"));
        QVERIFY(!agent->streaming());
        QVERIFY(!agent->abortable());
        QCOMPARE(streamingChanged.count(), 2);
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(lastText(), QStringLiteral("Hello there, friend."));
        const QVariantMap row = agent->messages()->get(1);
        QCOMPARE(row.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        QCOMPARE(row.value(QStringLiteral("streaming")).toBool(), false);
        QCOMPARE(row.value(QStringLiteral("visible")).toBool(), true);
        QCOMPARE(end.first().first().toString(), row.value(QStringLiteral("messageId")).toString());
    }

    void echoWhenReplyIsEmpty()
    {
        useLocalAgent({});
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        agent->send(QStringLiteral("ping  pong"));
        QVERIFY(end.wait());
        QCOMPARE(lastText(), QStringLiteral("You said: \"ping  pong\""));
    }

    void secondSendIsRejectedR7()
    {
        useLocalAgent(QStringLiteral("a b c d e f g"))->setTokensPerSecond(50);
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(agent->send(QStringLiteral("one")));
        QVERIFY(!agent->send(QStringLiteral("two")));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().at(0).toString(), QStringLiteral("send"));
        QVERIFY(!rejected.first().at(1).toString().isEmpty());
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
    }

    void abortKeepsPartialAndDropsLateTokens()
    {
        auto* t = useScripted();
        QSignalSpy abortedSpy(agent.get(), &KoderAgentController::aborted);
        agent->send(QStringLiteral("q"));
        const RequestId id = t->last();
        t->push(TextDelta{id, "partial "});
        agent->abort();
        QCOMPARE(abortedSpy.count(), 1);
        QCOMPARE(t->cancelled, std::vector<RequestId>{id});
        QCOMPARE(agent->status(), QStringLiteral("interrupted"));
        QVERIFY(!agent->abortable());
        t->push(TextDelta{id, "late"});
        t->push(StreamEnded{id, "stop"});
        QCOMPARE(lastText(), QStringLiteral("partial "));
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("aborted")).toBool(), true);
        QCOMPARE(events, (QStringList{QStringLiteral("userMessage"), QStringLiteral("streamStart"),
                                      QStringLiteral("streamToken"), QStringLiteral("aborted")}));
    }

    void localAgentStopsAtOnceOnAbort()
    {
        auto* local = useLocalAgent(QStringLiteral("one two three four five six"));
        local->setTokensPerSecond(200);
        QSignalSpy token(agent.get(), &KoderAgentController::streamToken);
        agent->send(QStringLiteral("q"));
        QVERIFY(token.wait());
        agent->abort();
        const qsizetype tokensAtAbort = token.count();
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(!end.wait(150)); // nothing of the cancelled turn arrives
        QCOMPARE(token.count(), tokensAtAbort);
    }

    void failureSetsLastError()
    {
        useLocalAgent(QStringLiteral("a b c d"))->setFailAfterTokens(2);
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        QSignalSpy lastErrorChanged(agent.get(), &KoderAgentController::lastErrorChanged);
        QVERIFY(agent->lastError().isNull());
        agent->send(QStringLiteral("q"));
        QVERIFY(err.wait());
        QCOMPARE(agent->status(), QStringLiteral("error"));
        const QVariantMap e = agent->lastError().toMap();
        QCOMPARE(e.value(QStringLiteral("code")).toString(), QStringLiteral("transport"));
        QCOMPARE(err.first().first().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("transport"));
        QCOMPARE(lastText(), QStringLiteral("a b"));
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("errorText")).toString(),
                 e.value(QStringLiteral("message")).toString());
        QCOMPARE(lastErrorChanged.count(), 1);
        QCOMPARE(events.last(), QStringLiteral("error"));
    }

    void hooksRunInOrderAThrowingHookIsSkippedAndRetryWorks()
    {
        auto* local = useLocalAgent(QStringLiteral("fine now"));
        local->setFailAfterTokens(1);
        QStringList order;
        agent->addHooks(
            {.name = "first",
             .onStart = [&](const StartTurn&) { order << QStringLiteral("onStart"); },
             .prepareStep =
                 [&](StartTurn r) {
                     order << QStringLiteral("prepareStep#") + QString::number(r.attempt);
                     return r;
                 },
             .onStepFinish =
                 [&](const StepFinishEvent&) { order << QStringLiteral("onStepFinish"); },
             .onFinish =
                 [&](const Event& e) {
                     order << QStringLiteral("onFinish:") + QString::fromLatin1(eventName(e));
                 },
             .onError =
                 [&](const ErrorInfo& e, int attempt) {
                     order << QStringLiteral("onError:") + QString::fromStdString(e.code) +
                                  QStringLiteral("#") + QString::number(attempt);
                     local->setFailAfterTokens(-1); // the next attempt succeeds
                     return ErrorVerdict::Retry;
                 }});
        agent->addHooks({.name = "thrower", .onStart = [](const StartTurn&) -> void {
                             throw std::runtime_error("hook bug");
                         }});
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral(
                                               "hook thrower onStart threw: hook bug")));
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        agent->send(QStringLiteral("q"));
        QVERIFY(end.wait());
        QCOMPARE(err.count(), 0);
        QCOMPARE(order, (QStringList{
                            QStringLiteral("onStart"), QStringLiteral("prepareStep#0"),
                            QStringLiteral("onError:transport#0"), QStringLiteral("prepareStep#1"),
                            QStringLiteral("onStepFinish"), QStringLiteral("onFinish:streamEnd")}));
        QCOMPARE(lastText(), QStringLiteral("fine now"));
        QCOMPARE(events.count(QStringLiteral("streamStart")), 1);
    }

    void maxRetriesRetriesRetryableErrors()
    {
        auto* t = useScripted();
        agent->setMaxRetries(1);
        QCOMPARE(agent->maxRetries(), 1);
        agent->send(QStringLiteral("q"));
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QTRY_COMPARE(t->requests.size(), std::size_t(2));
        QCOMPARE(t->requests.back().attempt, 1);
        QCOMPARE(agent->status(), QStringLiteral("streaming"));
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, 0}, ErrorVerdict::Default});
        QCOMPARE(agent->status(), QStringLiteral("error"));
    }

    void eventLogListsWhatHappened()
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setReply(QStringLiteral("one two three"));
        agent->setTransport(local);
        QSignalSpy end(agent.get(), &KoderAgentController::streamEnd);
        QVERIFY(agent->send(QStringLiteral("hi")));
        QVERIFY(end.wait());
        QStringList kinds;
        double lastSeq = 0;
        for (const QVariant& v : agent->eventLog()) {
            const QVariantMap e = v.toMap();
            QVERIFY(e.value(QStringLiteral("seq")).toDouble() > lastSeq);
            lastSeq = e.value(QStringLiteral("seq")).toDouble();
            kinds << e.value(QStringLiteral("kind")).toString();
            if (e.value(QStringLiteral("kind")) == QStringLiteral("tokens"))
                QCOMPARE(e.value(QStringLiteral("repeat")).toInt(),
                         3); // one entry for the step's three tokens
        }
        QVERIFY2(kinds.contains(QStringLiteral("send")) &&
                     kinds.contains(QStringLiteral("tokens")) &&
                     kinds.contains(QStringLiteral("end")),
                 qPrintable(kinds.join(QLatin1Char(','))));
        QVERIFY(kinds.indexOf(QStringLiteral("send")) < kinds.indexOf(QStringLiteral("end")));
    }

    void localAgentTokensKeepWhitespace()
    {
        QCOMPARE(KoderLocalAgent::tokenize(QStringLiteral("Hello  w\u00f6rld,\n\tok ")),
                 (QStringList{QStringLiteral("Hello"), QStringLiteral("  w\u00f6rld,"),
                              QStringLiteral("\n\tok"), QStringLiteral(" ")}));
        QCOMPARE(KoderLocalAgent::tokenize({}), QStringList{});
    }

    void noTransportIsAClearError()
    {
        QSignalSpy err(agent.get(), &KoderAgentController::error);
        agent->send(QStringLiteral("q"));
        QVERIFY(err.wait());
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("no_transport"));
    }
};

QTEST_MAIN(TstControllerTurns)
#include "tst_controller_turns.moc"
