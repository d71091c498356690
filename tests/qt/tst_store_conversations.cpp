// SPDX-License-Identifier: MIT
// The conversation operations with KoderConversationStore and a live KoderConversationListModel:
// switch, branch, rename, clear and delete, the order of writes in one millisecond, a reply that
// runs on in the background, and abort and the limit of background turns.
#include "koderagentcontroller.h"
#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "storetest.h"

#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <vector>

using namespace koder::agent;
using namespace koder::test;

class TstStoreConversations : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void switchBranchRenameDeleteWithALiveList()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("ops.sqlite")));
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        QCOMPARE(list.count(), 0);

        KoderAgentController agent;
        agent.setStore(&store);
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("answer"));
        agent.setTransport(local);
        QSignalSpy end(&agent, &KoderAgentController::streamEnd);
        agent.send(QStringLiteral("first conversation"));
        QVERIFY(end.wait());
        const QString first = agent.conversationId();
        QCOMPARE(list.count(), 1);
        QCOMPARE(list.get(0).value(QStringLiteral("title")).toString(),
                 QStringLiteral("first conversation"));
        QCOMPARE(list.get(0).value(QStringLiteral("messageCount")).toInt(), 2);

        agent.reset(); // a new, empty conversation; nothing stored until the first send
        QCOMPARE(list.count(), 1);
        agent.send(QStringLiteral("second conversation"));
        QVERIFY(end.wait());
        const QString second = agent.conversationId();
        QCOMPARE(list.count(), 2);
        QCOMPARE(list.get(0).value(QStringLiteral("conversationId")).toString(),
                 second); // newest first

        agent.setConversationId(first);
        QCOMPARE(agent.messages()->count(), 2);
        QCOMPARE(agent.messages()->get(0).value(QStringLiteral("text")).toString(),
                 QStringLiteral("first conversation"));

        const QString fork =
            agent.branch(agent.messages()->get(0).value(QStringLiteral("messageId")).toString());
        QVERIFY(!fork.isEmpty());
        QVERIFY(store.contains(fork));
        QCOMPARE(store.load(fork)->size(), std::size_t(1));
        QCOMPARE(list.count(), 3);

        QVERIFY(list.rename(first, QStringLiteral("Renamed")));
        QCOMPARE(list.get(0).value(QStringLiteral("title")).toString(), QStringLiteral("Renamed"));
        agent.send(QStringLiteral("more"));
        QVERIFY(end.wait());
        QCOMPARE(store.conversation(first).value(QStringLiteral("title")).toString(),
                 QStringLiteral("Renamed"));
        QCOMPARE(list.get(0).value(QStringLiteral("messageCount")).toInt(), 4);

        agent.clear(); // the view empties; the stored copy stays, even through the next send
        QCOMPARE(store.load(first)->size(), std::size_t(4));
        agent.send(QStringLiteral("after clearing"));
        QVERIFY(agent.conversationId() != first);
        QVERIFY(end.wait());
        QCOMPARE(store.load(first)->size(), std::size_t(4));
        QCOMPARE(store.load(agent.conversationId())->size(), std::size_t(2));
        agent.setConversationId(first);
        QCOMPARE(agent.messages()->count(), 4);
        QVERIFY(agent.deleteConversation());
        QVERIFY(!store.contains(first));
        QCOMPARE(list.count(), 3);
    }

    void writesInTheSameMillisecondKeepTheirOrder()
    {
        KoderConversationStore store;
        KoderConversationListModel list;
        list.setStore(&store);
        const std::vector<Message> one{Message("m", Role::User, "x")};
        QStringList written;
        for (int i = 0; i < 20; ++i) { // a save takes well under a millisecond
            written.prepend(QStringLiteral("c%1").arg(i, 2, 10, QLatin1Char('0')));
            QVERIFY(store.save(written.first(), one, 0));
        }
        QStringList listed;
        for (const QVariant& c : store.conversations())
            listed << c.toMap().value(QStringLiteral("id")).toString();
        QCOMPARE(listed, written);
        QCOMPARE(list.count(), written.size());
        for (int row = 0; row < list.count(); ++row)
            QCOMPARE(list.get(row).value(QStringLiteral("id")).toString(), written.at(row));
        QVERIFY(store.rename(QStringLiteral("c00"), QStringLiteral("oldest, renamed")));
        QCOMPARE(list.get(0).value(QStringLiteral("id")).toString(), QStringLiteral("c00"));
    }

    // Background runs through the real controller, store, list and local agent: a conversation
    // left mid-reply streams on and is stored; its list row says so (one dataChanged per status
    // change, never a reset) and is unread when the reply ends; coming back shows it whole.
    void aReplyRunsOnInTheBackgroundWithALiveList()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("background.sqlite")));
        KoderConversationListModel list;
        QAbstractItemModelTester tester(&list,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setStore(&store);
        KoderAgentController agent;
        agent.setStore(&store);
        list.setController(&agent);
        agent.setFlushIntervalMs(20);
        auto* local = new KoderLocalAgent(&agent);
        const QString reply = QStringLiteral(
            "one two three four five six seven eight nine ten eleven twelve thirteen fourteen");
        local->setReply(reply);
        local->setTokensPerSecond(100);
        agent.setTransport(local);

        QVERIFY(agent.send(QStringLiteral("question A")));
        const QString a = agent.conversationId();
        QTRY_VERIFY(agent.messages()->count() == 2 &&
                    !agent.messages()->get(1).value(QStringLiteral("text")).toString().isEmpty());
        QCOMPARE(agent.conversationStatus(a), QStringLiteral("streaming"));

        QSignalSpy resets(&list, &QAbstractItemModel::modelReset);
        // Status changes of each row, read when they are signalled.
        QStringList statusChanges;
        connect(&list, &QAbstractItemModel::dataChanged, &list,
                [&](const QModelIndex& first, const QModelIndex& last, const QList<int>& roles) {
                    if (roles != QList<int>{KoderConversationListModel::StatusRole})
                        return;
                    QCOMPARE(first, last);
                    statusChanges.append(
                        first.data(KoderConversationListModel::ConversationIdRole).toString() +
                        QLatin1Char(' ') +
                        first.data(KoderConversationListModel::StatusRole).toString());
                });
        agent.setConversationId(QStringLiteral("b-conversation"));
        QCOMPARE(agent.messages()->count(), 0);
        QCOMPARE(agent.status(), QStringLiteral("idle"));
        QCOMPARE(agent.conversationStatus(a), QStringLiteral("streaming"));
        const auto rowOfA = [&] {
            for (int i = 0; i < list.count(); ++i)
                if (list.get(i).value(QStringLiteral("conversationId")).toString() == a)
                    return i;
            return -1;
        };
        QVERIFY(rowOfA() >= 0);
        QCOMPARE(list.get(rowOfA()).value(QStringLiteral("status")).toString(),
                 QStringLiteral("streaming"));
        QCOMPARE(list.index(rowOfA()).data(KoderConversationListModel::StatusRole).toString(),
                 QStringLiteral("streaming"));
        QVERIFY(!list.index(rowOfA()).data(KoderConversationListModel::UnreadRole).toBool());

        // B streams at the same time. The spy is made before the send: under a slow
        // (sanitizer) build B may end while A's end is still being checked.
        QSignalSpy bEnded(&agent, &KoderAgentController::streamEnd);
        QVERIFY(agent.send(QStringLiteral("question B")));
        QCOMPARE(agent.status(), QStringLiteral("streaming"));
        // A's reply goes on being stored while B is shown.
        QTRY_VERIFY(store.load(a) && store.load(a)->size() == 2 &&
                    store.load(a)->back().text.size() > 10);

        QTRY_COMPARE(agent.conversationStatus(a), QStringLiteral("idle"));
        QCOMPARE(list.index(rowOfA()).data(KoderConversationListModel::StatusRole).toString(),
                 QStringLiteral("idle"));
        QTRY_VERIFY(list.index(rowOfA()).data(KoderConversationListModel::UnreadRole).toBool());
        QCOMPARE(store.conversation(a).value(QStringLiteral("unread")).toBool(), true);
        // One dataChanged per change of A's status: it left the view streaming, then ended.
        QCOMPARE(statusChanges.filter(a + QLatin1Char(' ')),
                 QStringList({a + QStringLiteral(" streaming"), a + QStringLiteral(" idle")}));
        QCOMPARE(resets.count(), 0);

        QTRY_COMPARE(bEnded.count(), 1);
        const QString b = agent.conversationId();
        QCOMPARE(agent.messages()->get(1).value(QStringLiteral("text")).toString(), reply);

        agent.setConversationId(a);
        QCOMPARE(agent.messages()->count(), 2);
        QCOMPARE(agent.messages()->get(1).value(QStringLiteral("text")).toString(), reply);
        QCOMPARE(agent.messages()->get(1).value(QStringLiteral("aborted")).toBool(), false);
        QVERIFY(!list.index(rowOfA()).data(KoderConversationListModel::UnreadRole).toBool());
        QCOMPARE(store.conversation(a).value(QStringLiteral("unread")).toBool(), false);
        QVERIFY2(!store.conversation(b).value(QStringLiteral("unread")).toBool(),
                 "B finished while shown");

        // The mark survives a restart of the store.
        QVERIFY(store.setUnread(b, true));
        KoderConversationStore reopened;
        reopened.setPath(file(QStringLiteral("background.sqlite")));
        QCOMPARE(reopened.conversation(b).value(QStringLiteral("unread")).toBool(), true);
    }

    void abortStopsOnlyTheShownConversationAndTheLimitRefusesASend()
    {
        KoderConversationStore store;
        KoderAgentController agent;
        agent.setStore(&store);
        agent.setMaxBackgroundTurns(1);
        QCOMPARE(agent.maxBackgroundTurns(), 1);
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("a b c d e f g h i j k l m n o p q r s t u v w x y z"));
        local->setTokensPerSecond(20);
        agent.setTransport(local);

        QVERIFY(agent.send(QStringLiteral("first")));
        const QString first = agent.conversationId();
        agent.setConversationId(QStringLiteral("second"));
        QCOMPARE(agent.conversationStatus(first), QStringLiteral("streaming"));

        // The background is full: a send here could not run on when this one is left.
        QSignalSpy rejected(&agent, &KoderAgentController::rejected);
        QVERIFY(!agent.send(QStringLiteral("second question")));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().at(0).toString(), QStringLiteral("send"));
        QVERIFY(rejected.first().at(1).toString().contains(QStringLiteral("other conversations")));
        QCOMPARE(agent.messages()->count(), 0);
        QTRY_COMPARE(agent.conversationStatus(first), QStringLiteral("idle"));
        QVERIFY(agent.send(QStringLiteral("second question")));

        // Abort stops the shown conversation's turn only.
        agent.setConversationId(QStringLiteral("third"));
        QCOMPARE(agent.conversationStatus(QStringLiteral("second")), QStringLiteral("streaming"));
        agent.abort();
        QCOMPARE(agent.conversationStatus(QStringLiteral("second")), QStringLiteral("streaming"));
        agent.setConversationId(QStringLiteral("second"));
        QCOMPARE(agent.status(), QStringLiteral("streaming"));
        agent.abort();
        QCOMPARE(agent.status(), QStringLiteral("interrupted"));

        // With no background allowed, leaving stops the turn, as before.
        agent.setMaxBackgroundTurns(0);
        QVERIFY(agent.send(QStringLiteral("once more")));
        agent.setConversationId(QStringLiteral("third"));
        QCOMPARE(agent.conversationStatus(QStringLiteral("second")), QStringLiteral("idle"));
        agent.setConversationId(QStringLiteral("second"));
        QVERIFY(agent.messages()
                    ->get(agent.messages()->count() - 1)
                    .value(QStringLiteral("aborted"))
                    .toBool());
    }
};

QTEST_GUILESS_MAIN(TstStoreConversations)
#include "tst_store_conversations.moc"
