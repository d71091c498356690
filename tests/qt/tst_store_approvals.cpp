// SPDX-License-Identifier: MIT
// Approvals v2, durable: what a conversation's tool phase waits for is stored with it, waits
// again when the conversation is opened again (or the app restarted; the list says so before),
// survives export and import, and a damaged record costs the wait, not the conversation.
#include "koderagentcontroller.h"
#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "kodertool.h"
#include "storetest.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <vector>

using namespace koder::agent;
using namespace koder::test;

class TstStoreApprovals : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    // Leaving a conversation stops its turn here, but what waits for the user is stored with
    // it (Approvals v2, durable): coming back, it waits again, and approving resumes the turn.
    void switchingAwayParksPendingApprovals()
    {
        KoderConversationStore store;
        KoderAgentController agent;
        agent.setStore(&store);
        auto* local = new KoderLocalAgent(&agent);
        local->setToolCalls({QVariantMap{{QStringLiteral("name"), QStringLiteral("save_note")}}});
        agent.setTransport(local);
        auto* tool = new KoderTool(&agent);
        tool->setName(QStringLiteral("save_note"));
        agent.addTool(tool);
        agent.send(QStringLiteral("save"));
        QTRY_COMPARE(agent.status(), QStringLiteral("reviewingToolCall"));
        const QString first = agent.conversationId();
        agent.setConversationId(QStringLiteral("elsewhere"));
        QVERIFY(agent.pendingToolCalls().isEmpty());
        QCOMPARE(agent.status(), QStringLiteral("idle"));
        agent.setConversationId(first);
        QCOMPARE(agent.status(), QStringLiteral("reviewingToolCall"));
        QCOMPARE(agent.messages()->count(), 2); // the request and the reply asking for the tool
        QVERIFY(!agent.messages()->get(1).value(QStringLiteral("aborted")).toBool());
        QCOMPARE(agent.pendingToolCalls().size(), 1);
        const QString callId =
            agent.pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString();
        QSignalSpy ended(&agent, &KoderAgentController::streamEnd);
        QVERIFY(agent.approveToolCall(callId));
        QVERIFY(ended.wait());
        QCOMPARE(agent.status(), QStringLiteral("idle"));
    }

    // After a restart the list says which stored conversation waits for an approval, before
    // it is opened: the store keeps the pending calls, and the list reads them without loading
    // any history. Once it is opened and decided, it is idle again, in every list.
    void aWaitingApprovalIsListedAfterARestart()
    {
        const QString path = file(QStringLiteral("waiting.sqlite"));
        QString waiting;
        QString answered;
        {
            KoderConversationStore store;
            store.setPath(path);
            KoderAgentController agent;
            agent.setStore(&store);
            auto* local = new KoderLocalAgent(&agent);
            agent.setTransport(local);
            auto* tool = new KoderTool(&agent);
            tool->setName(QStringLiteral("save_note"));
            agent.addTool(tool);
            QSignalSpy ended(&agent, &KoderAgentController::streamEnd);
            agent.send(QStringLiteral("hello"));
            QVERIFY(ended.wait());
            answered = agent.conversationId();
            agent.reset(); // New conversation
            local->setToolCalls(
                {QVariantMap{{QStringLiteral("name"), QStringLiteral("save_note")}}});
            agent.send(QStringLiteral("save"));
            QTRY_COMPARE(agent.status(), QStringLiteral("reviewingToolCall"));
            waiting = agent.conversationId();
        } // the app quits with the call waiting

        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(store.ready());
        QCOMPARE(store.conversation(waiting).value(QStringLiteral("waiting")).toString(),
                 QStringLiteral("reviewingToolCall"));
        QCOMPARE(store.conversation(answered).value(QStringLiteral("waiting")).toString(),
                 QString());
        auto statusIn = [](const KoderConversationListModel& list, const QString& id) {
            for (int row = 0; row < list.count(); ++row)
                if (list.get(row).value(QStringLiteral("id")).toString() == id)
                    return list.data(list.index(row), KoderConversationListModel::StatusRole)
                        .toString();
            return QStringLiteral("(not listed)");
        };

        KoderConversationListModel alone; // no controller
        alone.setStore(&store);
        QCOMPARE(alone.count(), 2);
        QCOMPARE(statusIn(alone, waiting), QStringLiteral("reviewingToolCall"));
        QCOMPARE(statusIn(alone, answered), QStringLiteral("idle"));

        // The app starts on a new, empty conversation.
        KoderAgentController agent;
        agent.setStore(&store);
        auto* local = new KoderLocalAgent(&agent);
        agent.setTransport(local);
        auto* tool = new KoderTool(&agent);
        tool->setName(QStringLiteral("save_note"));
        agent.addTool(tool);
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        list.setController(&agent);
        QCOMPARE(statusIn(list, waiting), QStringLiteral("reviewingToolCall"));
        QCOMPARE(statusIn(list, answered), QStringLiteral("idle"));

        // Opened, it waits there; decided, it is idle in both lists.
        agent.setConversationId(waiting);
        QCOMPARE(agent.status(), QStringLiteral("reviewingToolCall"));
        QCOMPARE(statusIn(list, waiting), QStringLiteral("reviewingToolCall"));
        QCOMPARE(agent.pendingToolCalls().size(), 1);
        QSignalSpy ended(&agent, &KoderAgentController::streamEnd);
        QVERIFY(agent.denyToolCall(
            agent.pendingToolCalls().first().toMap().value(QStringLiteral("id")).toString()));
        QVERIFY(ended.wait());
        QCOMPARE(statusIn(list, waiting), QStringLiteral("idle"));
        QCOMPARE(statusIn(alone, waiting), QStringLiteral("idle"));
    }

    // Schema 4: what a conversation's tool phase waits for, and its grants, are stored with it,
    // survive export and import, and a damaged record costs the wait, not the conversation.
    void approvalsAreStoredExportedAndSurviveDamage()
    {
        const QString path = file(QStringLiteral("approvals.sqlite"));
        std::vector<Message> messages{Message("q", Role::User, "save it"),
                                      Message("a", Role::Assistant, "")};
        messages[1].extras().toolCalls.push_back({"w1", "write", "{\"path\":\"a\"}", false});
        ApprovalState approvals;
        approvals.pending = {"w1"};
        approvals.running = {{"w0",
                              Decision::Auto,
                              ApprovalScope::Always,
                              DecidedBy::Policy,
                              1795514400000,
                              false,
                              {}}};
        approvals.grantedTools = {"read"};
        const std::vector<QueuedMessage> queued{{"q1", "next, please", "[{\"n\":1}]"},
                                                {"q2", "and then this", ""}};
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY(store.save(Persist{"c", 0, {}, {}, true}, messages, Versions{},
                               {approvals, queued}));
            const auto loaded = store.loadConversation(QStringLiteral("c"));
            QVERIFY(loaded);
            QVERIFY(loaded->approvals == approvals);
            QVERIFY(loaded->queued == queued);
            // A save without approvals (the path-only one) leaves them as they are.
            QVERIFY(store.save(QStringLiteral("c"), messages, 1));
            QVERIFY(store.loadConversation(QStringLiteral("c"))->approvals == approvals);

            const QString json = store.exportJson(QStringLiteral("c"));
            QVERIFY(json.contains(QStringLiteral("\"approvals\"")));
            const QString copy = store.importJson(json);
            QVERIFY2(!copy.isEmpty(), qPrintable(store.error()));
            // An imported file grants nothing; what waits comes along.
            ApprovalState imported = approvals;
            imported.grantedTools.clear();
            QVERIFY(store.loadConversation(copy)->approvals == imported);
            QVERIFY(store.loadConversation(copy)->queued == queued);

            // Decided: nothing waits any more.
            QVERIFY(store.save(Persist{"c", 2, {}, {}, false}, messages, Versions{},
                               KoderConversationStore::Pending{}));
            QVERIFY(store.loadConversation(QStringLiteral("c"))->approvals.empty());
            QVERIFY(store.loadConversation(QStringLiteral("c"))->queued.empty());
            QVERIFY(store.save(Persist{"c", 2, {}, {}, false}, messages, Versions{},
                               {approvals, queued}));
        }
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral(
                "UPDATE conversations SET approvals = '{\"running\":[1]}' WHERE id = 'c'")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("damage"));
        KoderConversationStore store;
        store.setPath(path);
        const auto loaded = store.loadConversation(QStringLiteral("c"));
        QVERIFY(loaded);
        QCOMPARE(loaded->messages.size(), messages.size());
        QVERIFY(loaded->approvals.empty());
        QVERIFY2(store.error().contains(QStringLiteral("approvals.running[0]")),
                 qPrintable(store.error()));
    }
};

QTEST_GUILESS_MAIN(TstStoreApprovals)
#include "tst_store_approvals.moc"
