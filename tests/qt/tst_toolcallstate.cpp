// SPDX-License-Identifier: MIT
// KoderToolCallState with a real controller, the offline agent and real tools: a call's status
// (pending, running, done, error, denied) and result follow the conversation, notifying only
// when they change.
#include "koderagentcontroller.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "kodertoolcallstate.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QScopeGuard>
#include <QtCore/QTranslator>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <stdexcept>

using namespace koder::agent;

class TstToolCallState : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<KoderAgentController> agent;
    std::unique_ptr<QAbstractItemModelTester> tester;
    std::unique_ptr<KoderToolCallState> card;
    KoderTool::Done finishWrite; // the running write call's report, kept to finish it later

    // The offline agent asks for one `write` call in the first step of every turn, and answers
    // "Saved." in the next; `write` waits for the user (policy "ask") and finishes when the test
    // says so.
    void useAgentThatWrites()
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setReply(QStringLiteral("Saved."));
        local->setToolCalls(
            {QVariantMap{{QStringLiteral("name"), QStringLiteral("write")},
                         {QStringLiteral("arguments"),
                          QVariantMap{{QStringLiteral("path"), QStringLiteral("a.txt")}}}}});
        agent->setTransport(local);
        auto* write = new KoderTool(agent.get());
        write->setName(QStringLiteral("write"));
        write->setAsyncCallable(
            [this](const QJsonObject&, KoderTool::Done done) { finishWrite = std::move(done); });
        agent->addTool(write);
        agent->setToolPolicies({{QStringLiteral("write"), QStringLiteral("ask")}});
    }

    // Sends, waits until the write call waits for the user, and points the card at it.
    QString sendAndWaitForTheCall()
    {
        QSignalSpy asked(agent.get(), &KoderAgentController::toolCall);
        if (!agent->send(QStringLiteral("save it")))
            return {};
        if (asked.isEmpty() && !asked.wait())
            return {};
        const QString id = asked.first().first().toMap().value(QStringLiteral("id")).toString();
        card->setCallId(id);
        return id;
    }

    QString resultText() const
    {
        return card->result().toMap().value(QStringLiteral("text")).toString();
    }

    // A conversation as an app stored it: a reply with two calls, one run and one denied.
    QVariantList recorded() const
    {
        const auto call = [](const QString& id) {
            return QVariantMap{{QStringLiteral("id"), id},
                               {QStringLiteral("name"), QStringLiteral("write")},
                               {QStringLiteral("arguments"), QVariantMap{}}};
        };
        return {
            QVariantMap{{QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("text"), QStringLiteral("save both")}},
            QVariantMap{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("text"), QString()},
                        {QStringLiteral("toolCalls"), QVariantList{call(QStringLiteral("rec-1")),
                                                                   call(QStringLiteral("rec-2"))}}},
            QVariantMap{{QStringLiteral("role"), QStringLiteral("tool")},
                        {QStringLiteral("toolCallId"), QStringLiteral("rec-1")},
                        {QStringLiteral("toolName"), QStringLiteral("write")},
                        {QStringLiteral("text"), QStringLiteral("saved a.txt")}},
            QVariantMap{{QStringLiteral("role"), QStringLiteral("tool")},
                        {QStringLiteral("toolCallId"), QStringLiteral("rec-2")},
                        {QStringLiteral("toolName"), QStringLiteral("write")},
                        {QStringLiteral("text"), QStringLiteral("The user denied this tool call.")},
                        {QStringLiteral("denied"), true}},
            QVariantMap{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("text"), QStringLiteral("Saved one.")}},
        };
    }

private Q_SLOTS:
    void init()
    {
        agent = std::make_unique<KoderAgentController>();
        agent->setEnvironment(Environment::deterministic());
        tester = std::make_unique<QAbstractItemModelTester>(
            agent->messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        card = std::make_unique<KoderToolCallState>();
        card->setController(agent.get());
        finishWrite = nullptr;
    }

    void cleanup()
    {
        card.reset();
        tester.reset();
        agent.reset();
    }

    void pendingWithoutControllerOrId()
    {
        KoderToolCallState alone;
        QCOMPARE(alone.controller(), nullptr);
        QCOMPARE(alone.status(), QStringLiteral("pending"));
        QVERIFY(alone.result().isNull());
        QSignalSpy statusChanged(&alone, &KoderToolCallState::statusChanged);
        QSignalSpy controllerChanged(&alone, &KoderToolCallState::controllerChanged);
        QSignalSpy callIdChanged(&alone, &KoderToolCallState::callIdChanged);
        alone.setCallId(QStringLiteral("rec-1"));
        alone.setCallId(QStringLiteral("rec-1"));
        QCOMPARE(callIdChanged.count(), 1);
        QCOMPARE(alone.status(), QStringLiteral("pending")); // no controller
        alone.setController(agent.get());
        alone.setController(agent.get());
        QCOMPARE(controllerChanged.count(), 1);
        QCOMPARE(alone.controller(), agent.get());
        QCOMPARE(alone.status(), QStringLiteral("pending")); // an id it does not know
        QCOMPARE(statusChanged.count(), 0);
        QVERIFY(alone.result().isNull());
    }

    void askedThenApprovedThenDone()
    {
        useAgentThatWrites();
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        const QString id = sendAndWaitForTheCall();
        QVERIFY(!id.isEmpty());
        QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QCOMPARE(statusChanged.count(), 0);

        QVERIFY(agent->approveToolCall(id));
        QCOMPARE(card->status(), QStringLiteral("running"));
        QCOMPARE(statusChanged.count(), 1);
        QVERIFY(card->result().isNull());
        QTRY_VERIFY(finishWrite); // the tool started and waits to be finished

        finishWrite(QStringLiteral("wrote a.txt"), false);
        QTRY_COMPARE(card->status(), QStringLiteral("done"));
        QCOMPARE(statusChanged.count(), 2);
        QCOMPARE(resultChanged.count(), 1);
        const QVariantMap result = card->result().toMap();
        QCOMPARE(result.value(QStringLiteral("text")).toString(), QStringLiteral("wrote a.txt"));
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        QCOMPARE(result.value(QStringLiteral("denied")).toBool(), false);

        // The reply that follows streams token by token: nothing of the card changes.
        QTRY_COMPARE(agent->status(), QStringLiteral("idle"));
        QCOMPARE(
            agent->messages()->get(agent->messages()->count() - 1).value(QStringLiteral("text")),
            QVariant(QStringLiteral("Saved.")));
        QCOMPARE(statusChanged.count(), 2);
        QCOMPARE(resultChanged.count(), 1);
    }

    void deniedByTheUser()
    {
        useAgentThatWrites();
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        const QString id = sendAndWaitForTheCall();
        QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(agent->denyToolCall(id, QStringLiteral("not that file")));
        QCOMPARE(card->status(), QStringLiteral("denied"));
        QCOMPARE(statusChanged.count(), 1);
        QCOMPARE(resultChanged.count(), 1);
        QCOMPARE(card->result().toMap().value(QStringLiteral("denied")).toBool(), true);
        QCOMPARE(card->result().toMap().value(QStringLiteral("isError")).toBool(), false);
        QVERIFY(resultText().contains(QStringLiteral("not that file")));
        QVERIFY(!finishWrite); // never run
    }

    // The answers the library writes itself reach the card in the user's language (here a
    // translator that marks what it translated); the history keeps the English the model reads.
    void theLibrarysOwnAnswersAreTranslated_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("shown");
        QTest::newRow("denied with a reason") << "deny-reason"
                                              << "<The user denied this tool call. Reason: %1>";
        QTest::newRow("denied") << "deny"
                                << "<The user denied this tool call.>";
        QTest::newRow("policy") << "policy"
                                << "<Denied by the tool's policy: it was not run.>";
        QTest::newRow("stopped while waiting") << "abort"
                                               << "<Cancelled: the turn was stopped.>";
        QTest::newRow("stopped while running")
            << "abort-running"
            << "<Cancelled: the turn was stopped while the tool ran.>";
        QTest::newRow("unknown tool") << "unknown"
                                      << "<Unknown tool \"%1\": it was not run.>";
    }

    void theLibrarysOwnAnswersAreTranslated()
    {
        QFETCH(QString, how);
        QFETCH(QString, shown);
        struct Marking : QTranslator {
            bool isEmpty() const override { return false; }
            QString translate(const char* context, const char* source, const char*,
                              int) const override
            {
                return qstrcmp(context, "KoderToolResult") == 0
                           ? QLatin1Char('<') + QString::fromUtf8(source) + QLatin1Char('>')
                           : QString();
            }
        } marking;
        QCoreApplication::installTranslator(&marking);
        const auto remove = qScopeGuard([&] { QCoreApplication::removeTranslator(&marking); });

        useAgentThatWrites();
        if (how == QLatin1String("policy"))
            agent->setToolPolicies({{QStringLiteral("write"), QStringLiteral("deny")}});
        if (how == QLatin1String("unknown"))
            agent->clearTools();
        QSignalSpy asked(agent.get(), &KoderAgentController::toolCall);
        QVERIFY(agent->send(QStringLiteral("save it")));
        QTRY_VERIFY(!asked.isEmpty());
        const QString id = asked.first().first().toMap().value(QStringLiteral("id")).toString();
        card->setCallId(id);
        if (how.startsWith(QLatin1String("deny"))) {
            QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
            QVERIFY(agent->denyToolCall(id, how == QLatin1String("deny-reason")
                                                ? QStringLiteral("not that file")
                                                : QString()));
            if (how == QLatin1String("deny-reason"))
                shown = shown.arg(QStringLiteral("not that file"));
        } else if (how == QLatin1String("abort")) {
            QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
            agent->abort();
        } else if (how == QLatin1String("abort-running")) {
            QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
            QVERIFY(agent->approveToolCall(id));
            QTRY_VERIFY(finishWrite);
            agent->abort();
        } else if (how == QLatin1String("unknown")) {
            shown = shown.arg(QStringLiteral("write"));
        }
        QTRY_VERIFY(card->result().isValid() && !card->result().isNull());
        QCOMPARE(resultText(), shown);
        // The history keeps the core's English: the text without the translator's marks.
        auto* messages = agent->messages();
        QString stored;
        for (int row = 0; row < messages->rowCount(); ++row) {
            const QVariantMap m = messages->get(row);
            if (m.value(QStringLiteral("toolCallId")).toString() == id)
                stored = m.value(QStringLiteral("text")).toString();
        }
        QCOMPARE(QLatin1Char('<') + stored + QLatin1Char('>'), shown);
    }

    void aToolThatFailsIsAnError()
    {
        auto* local = new KoderLocalAgent(agent.get());
        local->setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("explode")}}});
        agent->setTransport(local);
        auto* tool = new KoderTool(agent.get());
        tool->setName(QStringLiteral("explode"));
        tool->setCallable(
            [](const QJsonObject&) -> QVariant { throw std::runtime_error("no disk"); });
        agent->addTool(tool);
        agent->setToolPolicies({{QStringLiteral("explode"), QStringLiteral("allow")}});
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        QSignalSpy finished(agent.get(), &KoderAgentController::toolExecutionFinished);
        QSignalSpy asked(agent.get(), &KoderAgentController::toolCall);
        QVERIFY(agent->send(QStringLiteral("go")));
        QVERIFY(asked.wait());
        card->setCallId(asked.first().first().toMap().value(QStringLiteral("id")).toString());
        QTRY_COMPARE(card->status(), QStringLiteral("error"));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(resultChanged.count(), 1);
        QCOMPARE(card->result().toMap().value(QStringLiteral("isError")).toBool(), true);
        QCOMPARE(card->result().toMap().value(QStringLiteral("denied")).toBool(), false);
        QVERIFY(resultText().contains(QStringLiteral("no disk")));
    }

    void aRecordedConversationIsDoneAtOnce()
    {
        card->setCallId(QStringLiteral("rec-1"));
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        QVERIFY(agent->setChatMessages(recorded()));
        QCOMPARE(card->status(), QStringLiteral("done"));
        QCOMPARE(statusChanged.count(), 1);
        QCOMPARE(resultChanged.count(), 1);
        QCOMPARE(resultText(), QStringLiteral("saved a.txt"));

        // Rows added below change nothing of it.
        QVERIFY(agent->addUserMessage(QStringLiteral("thanks")));
        QCOMPARE(statusChanged.count(), 1);
        QCOMPARE(resultChanged.count(), 1);
    }

    void anotherCallIdRecomputes()
    {
        QVERIFY(agent->setChatMessages(recorded()));
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        card->setCallId(QStringLiteral("rec-1"));
        QCOMPARE(card->status(), QStringLiteral("done"));
        card->setCallId(QStringLiteral("rec-2"));
        QCOMPARE(card->status(), QStringLiteral("denied"));
        QCOMPARE(card->result().toMap().value(QStringLiteral("denied")).toBool(), true);
        QCOMPARE(statusChanged.count(), 2);
        QCOMPARE(resultChanged.count(), 2);
        card->setCallId(QStringLiteral("unknown"));
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QVERIFY(card->result().isNull());
        QCOMPARE(statusChanged.count(), 3);
        QCOMPARE(resultChanged.count(), 3);
        card->setCallId({});
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QCOMPARE(statusChanged.count(), 3); // pending and null still: no signal
        QCOMPARE(resultChanged.count(), 3);
    }

    void anotherConversationRecomputes()
    {
        QVERIFY(agent->setChatMessages(recorded()));
        const QString recordedId = agent->conversationId();
        card->setCallId(QStringLiteral("rec-1"));
        QCOMPARE(card->status(), QStringLiteral("done"));
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);

        agent->setConversationId(QStringLiteral("elsewhere"));
        QCOMPARE(agent->messages()->count(), 0);
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QVERIFY(card->result().isNull());
        QCOMPARE(statusChanged.count(), 1);
        QCOMPARE(resultChanged.count(), 1);

        agent->setConversationId(recordedId); // held in the controller's memory
        QCOMPARE(card->status(), QStringLiteral("done"));
        QCOMPARE(resultText(), QStringLiteral("saved a.txt"));
        QCOMPARE(statusChanged.count(), 2);
        QCOMPARE(resultChanged.count(), 2);
    }

    void aReplacedHistoryIsReadAgain()
    {
        QVERIFY(agent->setChatMessages(recorded()));
        card->setCallId(QStringLiteral("rec-1"));
        QCOMPARE(card->status(), QStringLiteral("done"));
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        // The same row number, another message: a recording where the call has another result.
        QVariantList changed = recorded();
        QVariantMap result = changed[2].toMap();
        result.insert(QStringLiteral("text"), QStringLiteral("saved b.txt"));
        changed[2] = result;
        QVERIFY(agent->setChatMessages(changed));
        QCOMPARE(card->status(), QStringLiteral("done"));
        QCOMPARE(resultChanged.count(), 1);
        QCOMPARE(resultText(), QStringLiteral("saved b.txt"));
        agent->reset();
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QVERIFY(card->result().isNull());
        QCOMPARE(resultChanged.count(), 2);
    }

    void destroyingTheControllerGivesPending()
    {
        QVERIFY(agent->setChatMessages(recorded()));
        card->setCallId(QStringLiteral("rec-1"));
        QCOMPARE(card->status(), QStringLiteral("done"));
        QSignalSpy controllerChanged(card.get(), &KoderToolCallState::controllerChanged);
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        QSignalSpy resultChanged(card.get(), &KoderToolCallState::resultChanged);
        tester.reset();
        agent.reset();
        QCOMPARE(card->controller(), nullptr);
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QVERIFY(card->result().isNull());
        QCOMPARE(controllerChanged.count(), 1);
        QCOMPARE(statusChanged.count(), 1);
        QCOMPARE(resultChanged.count(), 1);
        card->setCallId(QStringLiteral("rec-2")); // still no controller: nothing to read
        QCOMPARE(card->status(), QStringLiteral("pending"));
    }

    void destroyingTheControllerWhileTheToolRuns()
    {
        useAgentThatWrites();
        const QString id = sendAndWaitForTheCall();
        QTRY_COMPARE(agent->status(), QStringLiteral("reviewingToolCall"));
        QVERIFY(agent->approveToolCall(id));
        QCOMPARE(card->status(), QStringLiteral("running"));
        QSignalSpy statusChanged(card.get(), &KoderToolCallState::statusChanged);
        tester.reset();
        agent.reset();
        QCOMPARE(card->status(), QStringLiteral("pending"));
        QCOMPARE(statusChanged.count(), 1);
        if (finishWrite)
            finishWrite(QStringLiteral("late"), false); // reaches nobody
        QCOMPARE(card->status(), QStringLiteral("pending"));
    }
};

QTEST_GUILESS_MAIN(TstToolCallState)
#include "tst_toolcallstate.moc"
