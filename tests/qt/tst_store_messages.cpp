// SPDX-License-Identifier: MIT
// KoderConversationStore's messages on temporary files: every field of every role round trips,
// export and import, and a damaged row costs its details, never the conversation (nor is a
// conversation that failed to load ever overwritten).
#include "koder/agent/serialization.h"
#include "koderagentcontroller.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "storetest.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;
using namespace koder::test;

class TstStoreMessages : public StoreTest {
    Q_OBJECT

    // Stores conversation "c" (every field) at `path`, then changes one row behind the store's
    // back with `sql`, which must touch exactly one row.
    static void storeThenDamage(const QString& path, const char* sql)
    {
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY(store.save(QStringLiteral("c"), everyField(), 0));
        }
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QString::fromLatin1(sql)));
            QCOMPARE(q.numRowsAffected(), 1);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    }

private Q_SLOTS:
    void everyMessageFieldRoundTrips()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("fields.sqlite")));
        QVERIFY2(store.ready(), qPrintable(store.error()));
        const auto messages = everyField();
        QVERIFY(store.save(QStringLiteral("c1"), messages, 0));
        KoderConversationStore reopened;
        reopened.setPath(file(QStringLiteral("fields.sqlite")));
        const auto loaded = reopened.load(QStringLiteral("c1"));
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), messages.size());
        for (std::size_t i = 0; i < messages.size(); ++i)
            QVERIFY2((*loaded)[i] == messages[i], toJson((*loaded)[i]).c_str());
        QVERIFY(!reopened.load(QStringLiteral("nope")));
    }

    void importAndExport()
    {
        KoderConversationStore store;
        QVERIFY(store.save(QStringLiteral("c1"), everyField(), 0, static_cast<std::size_t>(-1),
                           QStringLiteral("Title")));
        const QString json = store.exportJson(QStringLiteral("c1"));
        QVERIFY(json.contains(QStringLiteral("\"Title\"")));
        const QString copy = store.importJson(json);
        QVERIFY(!copy.isEmpty());
        QVERIFY(copy != QStringLiteral("c1")); // the id was taken
        QCOMPARE(*store.load(copy), *store.load(QStringLiteral("c1")));
        QCOMPARE(store.conversation(copy).value(QStringLiteral("title")).toString(),
                 QStringLiteral("Title"));
        QVERIFY(store
                    .importJson(QStringLiteral(
                        R"({"id":"x","messages":[{"id":"a","role":"bot","text":""}]})"))
                    .isEmpty());
        QVERIFY2(store.error().contains(QStringLiteral("messages[0].role: unknown value \"bot\"")),
                 qPrintable(store.error()));
        QVERIFY(store.exportJson(QStringLiteral("missing")).isEmpty());
    }

    void aDamagedRowCostsItsDetailsNotTheConversation()
    {
        const QString path = file(QStringLiteral("damaged.sqlite"));
        storeThenDamage(path, "UPDATE messages SET extras = '{\"broken' WHERE position = 0");
        if (QTest::currentTestFailed())
            return;

        KoderConversationStore store;
        store.setPath(path);
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        const auto loaded = store.load(QStringLiteral("c"));
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), everyField().size());
        QCOMPARE((*loaded)[0].text, everyField()[0].text);
        QCOMPARE(failed.count(), 1);
        QVERIFY2(store.error().contains(QString::fromStdString(everyField()[0].id)),
                 qPrintable(store.error()));
    }

    void aConversationThatFailsToLoadIsNeverOverwritten()
    {
        const QString path = file(QStringLiteral("unreadable.sqlite"));
        storeThenDamage(path, "UPDATE messages SET role = 'bot' WHERE position = 1");
        if (QTest::currentTestFailed())
            return;

        KoderConversationStore store;
        store.setPath(path);
        KoderAgentController agent;
        agent.setStore(&store);
        agent.setTransport(new KoderLocalAgent(&agent));
        agent.setConversationId(QStringLiteral("c"));
        QCOMPARE(agent.conversationId(), QStringLiteral("c"));
        QCOMPARE(agent.messages()->count(), 0);
        QCOMPARE(agent.lastError().toMap().value(QStringLiteral("code")).toString(),
                 QStringLiteral("load_failed"));

        // Sending would have saved an empty conversation over the stored one.
        QSignalSpy rejected(&agent, &KoderAgentController::rejected);
        QVERIFY(!agent.send(QStringLiteral("hello")));
        QCOMPARE(rejected.count(), 1);
        QVERIFY2(rejected.at(0).at(1).toString().contains(QStringLiteral("read-only")),
                 qPrintable(rejected.at(0).at(1).toString()));
        QVERIFY(!agent.addCheckpoint(QVariantMap{{QStringLiteral("doc"), QStringLiteral("v1")}}));
        QCOMPARE(
            store.conversation(QStringLiteral("c")).value(QStringLiteral("messageCount")).toInt(),
            static_cast<int>(everyField().size()));

        // Deleting it is the app's decision.
        QVERIFY(agent.deleteConversation());
        QVERIFY(!store.contains(QStringLiteral("c")));
        QVERIFY(agent.send(QStringLiteral("hello")));
    }
};

QTEST_GUILESS_MAIN(TstStoreMessages)
#include "tst_store_messages.moc"
