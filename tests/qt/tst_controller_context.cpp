// SPDX-License-Identifier: MIT
// KoderAgentController's context budget: the window (the app's, else the transport's), the
// meter, compaction and its summary row in the model (a row in the middle, which
// QAbstractItemModelTester checks), undo, the summary in the store through a restart, pricing
// and the cost role, continuing a reply cut by `length`, a server's "context_length".
#include "controllertest.h"
#include "koderconversationstore.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;

class TstControllerContext : public ControllerTest {
    Q_OBJECT

    // One finished exchange through the scripted transport.
    static void exchange(KoderAgentController* a, ScriptedTransport* t, const QString& question,
                         const std::string& answer, Usage usage = {},
                         const std::string& metadata = {})
    {
        QVERIFY(a->send(question));
        t->push(TextDelta{t->last(), answer});
        t->push(StreamEnded{t->last(), "stop", usage, metadata});
    }
    QString roleAt(int row) const
    {
        return agent->messages()->get(row).value(QStringLiteral("role")).toString();
    }

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void canCompactSaysWhatCompactWouldDo()
    {
        QVERIFY(!agent->canCompact()); // no transport
        auto* t = useScripted();
        QSignalSpy changed(agent.get(), &KoderAgentController::canCompactChanged);
        exchange(agent.get(), t, QStringLiteral("one"), "first");
        QVERIFY(!agent->canCompact()); // the last exchange is kept
        exchange(agent.get(), t, QStringLiteral("two"), "second");
        QVERIFY(agent->canCompact());
        QCOMPARE(changed.count(), 1);
        QVERIFY(agent->send(QStringLiteral("three")));
        for (int i = 0; i < 20; ++i)
            t->push(TextDelta{t->last(), "tok "});
        QCOMPARE(changed.count(), 1); // not per token
        t->push(StreamEnded{t->last(), "stop"});
        agent->setContextWindow(1'000'000); // the oldest exchange is summarised anyway
        QVERIFY(agent->canCompact());
        agent->setContextWindow(0); // only the last exchange is kept
        QVERIFY(agent->compact());
        t->push(TextDelta{t->last(), "sum"});
        t->push(StreamEnded{t->last(), "stop"});
        QVERIFY(!agent->canCompact()); // one exchange after the summary
    }

    void theAppsWindowWinsOverTheTransports()
    {
        auto* t = useScripted();
        QSignalSpy window(agent.get(), &KoderAgentController::contextWindowChanged);
        QCOMPARE(agent->contextWindow(), 0);
        QCOMPARE(agent->contextRatio(), 0.0);
        t->reportContextWindow(8192);
        QCOMPARE(agent->contextWindow(), 8192);
        QCOMPARE(window.count(), 1);
        agent->setContextWindow(1000);
        QCOMPARE(agent->contextWindow(), 1000);
        t->reportContextWindow(4096); // the app's stays
        QCOMPARE(agent->contextWindow(), 1000);
        agent->setContextWindow(0); // back to the transport's
        QCOMPARE(agent->contextWindow(), 4096);
        QSignalSpy refused(agent.get(), &KoderAgentController::rejected);
        agent->setContextWindow(-5);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(agent->contextWindow(), 4096);
    }

    void theMeterFollowsTheConversation()
    {
        auto* t = useScripted();
        agent->setContextWindow(1000);
        QSignalSpy context(agent.get(), &KoderAgentController::contextChanged);
        Usage u;
        u.promptTokens = 700;
        u.cachedTokens = 500;
        u.completionTokens = 50;
        QVERIFY(agent->send(QStringLiteral("hello")));
        QVERIFY(context.count() > 0);
        t->push(TextDelta{t->last(), std::string(200, 'x')});
        t->push(StreamEnded{t->last(), "stop", u});
        QCOMPARE(agent->contextUsed(), 700 + 4 + 50);
        QCOMPARE(agent->contextRatio(), 0.754);
        QSignalSpy announced(agent.get(), &KoderAgentController::announcement);
        QVERIFY(agent->send(QStringLiteral("more")));
        t->push(TextDelta{t->last(), std::string(400, 'y')}); // a hundred tokens more: past 0.8
        bool high = false;
        for (const auto& args : announced)
            high = high || (args.at(0).value<Koder::AnnouncementKind>() ==
                                Koder::AnnouncementKind::ContextHigh &&
                            args.at(4).toInt() == 80);
        QVERIFY(high);
        t->push(StreamFailed{t->last(), {"context_length", "prompt is too long", false, -1}, {}});
        QCOMPARE(agent->contextRatio(), 1.0);
        QCOMPARE(agent->lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("context_length"));
    }

    void compactionAddsASummaryRowInTheMiddleAndUndoRemovesIt()
    {
        auto* t = useScripted();
        exchange(agent.get(), t, QStringLiteral("one"), "first");
        exchange(agent.get(), t, QStringLiteral("two"), "second");
        exchange(agent.get(), t, QStringLiteral("three"), "third");
        QSignalSpy compacting(agent.get(), &KoderAgentController::compactingChanged);
        QSignalSpy finished(agent.get(), &KoderAgentController::compactionFinished);
        QVERIFY(agent->canCompact());
        QVERIFY(agent->compact());
        QVERIFY(!agent->canCompact()); // one runs
        QVERIFY(agent->compacting());
        QCOMPARE(compacting.count(), 1);
        QVERIFY(t->requests.back().kind == RequestKind::Summary);
        QCOMPARE(agent->status(), QStringLiteral("idle"));
        QSignalSpy refused(agent.get(), &KoderAgentController::rejected);
        QVERIFY(!agent->compact());
        QCOMPARE(refused.count(), 1);

        t->push(TextDelta{t->last(), "We counted to two."});
        t->push(StreamEnded{t->last(), "stop"});
        QVERIFY(!agent->compacting());
        QCOMPARE(finished.count(), 1);
        const QString summaryId = finished.at(0).at(0).toString();
        QVERIFY(!summaryId.isEmpty());
        QVERIFY(finished.at(0).at(1).isNull());
        QCOMPARE(agent->messages()->count(), 7);
        QCOMPARE(roleAt(4), QStringLiteral("summary"));
        QCOMPARE(agent->messages()->get(4).value(QStringLiteral("text")).toString(),
                 QStringLiteral("We counted to two."));
        QCOMPARE(agent->messages()->get(4).value(QStringLiteral("visible")).toBool(), true);
        QCOMPARE(agent->messages()->get(5).value(QStringLiteral("text")).toString(),
                 QStringLiteral("three"));

        QVERIFY(agent->send(QStringLiteral("four")));
        const StartTurn& next = t->requests.back();
        QCOMPARE(next.history.size(), std::size_t{4});    // the summary, three, third, four
        QVERIFY(next.history.front().role == Role::User); // the summary, as context

        t->push(StreamEnded{t->last(), "stop"});
        QVERIFY(agent->undoCompaction(summaryId));
        QCOMPARE(agent->messages()->count(), 8);
        QCOMPARE(roleAt(4), QStringLiteral("user"));
        QVERIFY(!agent->undoCompaction(summaryId));
    }

    void anAgentThatKeepsItsOwnContextIsNotAskedForASummary()
    {
        class AgentTransport : public ScriptedTransport {
        public:
            using ScriptedTransport::ScriptedTransport;
            bool summarises() const override { return false; }
        };
        auto* t = new AgentTransport(agent.get());
        agent->setTransport(t);
        exchange(agent.get(), t, QStringLiteral("one"), "first");
        exchange(agent.get(), t, QStringLiteral("two"), "second");
        QSignalSpy refused(agent.get(), &KoderAgentController::rejected);
        const std::size_t requests = t->requests.size();
        QVERIFY(!agent->canCompact());
        QVERIFY(!agent->compact());
        QCOMPARE(refused.count(), 1);
        // autoCompact asks anyway: the request never reaches the agent, and ends unsupported.
        QSignalSpy finished(agent.get(), &KoderAgentController::compactionFinished);
        agent->setContextWindow(20);
        agent->setAutoCompact(0.5);
        exchange(agent.get(), t, QStringLiteral("three"), "third");
        QVERIFY(finished.wait());
        QCOMPARE(finished.at(0).at(1).toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("unsupported"));
        QCOMPARE(t->requests.size(), requests + 1); // only the third exchange's
        QVERIFY(!agent->compacting());
    }

    void aFailedSummaryReportsItsErrorAndChangesNothing()
    {
        auto* t = useScripted();
        exchange(agent.get(), t, QStringLiteral("one"), "first");
        exchange(agent.get(), t, QStringLiteral("two"), "second");
        QSignalSpy finished(agent.get(), &KoderAgentController::compactionFinished);
        QVERIFY(agent->compact());
        t->push(StreamFailed{t->last(), {"overloaded", "busy", true, -1}, {}});
        QCOMPARE(finished.count(), 1);
        QVERIFY(finished.at(0).at(0).toString().isEmpty());
        QCOMPARE(finished.at(0).at(1).toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("overloaded"));
        QCOMPARE(agent->messages()->count(), 4);
        QVERIFY(!agent->lastError().isValid() || agent->lastError().isNull());
    }

    void theSummaryAndItsVersionsSurviveARestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chats.sqlite"));
        QString conversation;
        QStringList roles;
        {
            KoderConversationStore store;
            store.setPath(path);
            agent->setStore(&store);
            auto* t = useScripted();
            exchange(agent.get(), t, QStringLiteral("one"), "first");
            exchange(agent.get(), t, QStringLiteral("two"), "second");
            // The kept question has two versions.
            const QString two =
                agent->messages()->get(2).value(QStringLiteral("messageId")).toString();
            QVERIFY(agent->edit(two, QStringLiteral("two, edited")));
            t->push(TextDelta{t->last(), "second again"});
            t->push(StreamEnded{t->last(), "stop"});
            QVERIFY(agent->compact());
            t->push(TextDelta{t->last(), "They said one."});
            t->push(StreamEnded{t->last(), "stop"});
            QCOMPARE(roleAt(2), QStringLiteral("summary"));
            QCOMPARE(agent->messages()->get(3).value(QStringLiteral("versionCount")).toInt(), 2);
            conversation = agent->conversationId();
            for (int row = 0; row < agent->messages()->count(); ++row)
                roles << roleAt(row);
            tester.reset();
            agent.reset();
        }
        agent = std::make_unique<KoderAgentController>();
        tester = std::make_unique<QAbstractItemModelTester>(
            agent->messages(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        KoderConversationStore store;
        store.setPath(path);
        agent->setStore(&store);
        auto* t = useScripted();
        agent->setConversationId(conversation);
        QStringList reloaded;
        for (int row = 0; row < agent->messages()->count(); ++row)
            reloaded << roleAt(row);
        QCOMPARE(reloaded, roles);
        QCOMPARE(agent->messages()->get(2).value(QStringLiteral("text")).toString(),
                 QStringLiteral("They said one."));
        QCOMPARE(agent->messages()->get(3).value(QStringLiteral("versionCount")).toInt(), 2);
        const QString kept =
            agent->messages()->get(3).value(QStringLiteral("messageId")).toString();
        QVERIFY(agent->switchVersion(kept, 0));
        QCOMPARE(agent->messages()->get(3).value(QStringLiteral("text")).toString(),
                 QStringLiteral("two"));
        QCOMPARE(roleAt(2), QStringLiteral("summary"));
        QVERIFY(agent->send(QStringLiteral("three")));
        QVERIFY(t->requests.back().history.front().text.find("Summary of") ==
                0); // the summary leads
    }

    void pricingGivesEachReplyAndTheConversationACost()
    {
        auto* t = useScripted();
        t->setProperty("model", QStringLiteral("small"));
        QSignalSpy cost(agent.get(), &KoderAgentController::costChanged);
        agent->setPricing(
            {{QStringLiteral("big"), QVariantMap{{QStringLiteral("input"), 2.0},
                                                 {QStringLiteral("cachedInput"), 1.0},
                                                 {QStringLiteral("output"), 8.0}}},
             {QStringLiteral("small"),
              QVariantMap{{QStringLiteral("input"), 0.5}, {QStringLiteral("output"), 1.0}}}});
        Usage u;
        u.promptTokens = 1000;
        u.cachedTokens = 400;
        u.completionTokens = 100;
        exchange(agent.get(), t, QStringLiteral("one"), "first", u, R"({"model":"big"})");
        const double big = (600 * 2.0 + 400 * 1.0 + 100 * 8.0) / 1e6;
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("cost")).toDouble(), big);
        QCOMPARE(agent->messages()->get(0).value(QStringLiteral("cost")).toDouble(), -1.0);
        exchange(agent.get(), t, QStringLiteral("two"), "second", u); // the transport's model
        const double small = (1000 * 0.5 + 100 * 1.0) / 1e6;
        QCOMPARE(agent->messages()->get(3).value(QStringLiteral("cost")).toDouble(), small);
        QCOMPARE(agent->cost(), big + small);
        QVERIFY(cost.count() >= 2);
        QSignalSpy refused(agent.get(), &KoderAgentController::rejected);
        agent->setPricing({{QStringLiteral("x"), QVariantMap{{QStringLiteral("input"), -1}}}});
        QCOMPARE(refused.count(), 1);
        QCOMPARE(agent->cost(), big + small); // the old prices stay
        agent->setPricing({});
        QCOMPARE(agent->cost(), 0.0);
    }

    void aReplyCutByLengthGoesOnInTheSameRow()
    {
        auto* t = useScripted();
        QVERIFY(agent->send(QStringLiteral("write a long story")));
        t->push(TextDelta{t->last(), "Once upon"});
        t->push(StreamEnded{t->last(), "length"});
        const QString id = agent->messages()->get(1).value(QStringLiteral("messageId")).toString();
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("finishReason")).toString(),
                 QStringLiteral("length"));
        QVERIFY(agent->continueReply(id));
        QVERIFY(t->requests.back().kind == RequestKind::Continuation);
        QVERIFY(agent->streaming());
        t->push(TextDelta{t->last(), " a time."});
        t->push(StreamEnded{t->last(), "stop"});
        QCOMPARE(agent->messages()->count(), 2);
        QCOMPARE(agent->messages()->get(1).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Once upon a time."));
        QSignalSpy refused(agent.get(), &KoderAgentController::rejected);
        QVERIFY(!agent->continueReply(id));
        QCOMPARE(refused.at(0).at(0).toString(), QStringLiteral("continueReply"));
    }
};

QTEST_MAIN(TstControllerContext)
#include "tst_controller_context.moc"
