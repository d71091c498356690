// SPDX-License-Identifier: MIT
// KoderConversationStore on files of earlier schemas and of other tools: the first schema is
// migrated, the file of the release before versions opens and becomes a tree, a UTF-16 database
// reads the same.
#include "koderconversationstore.h"
#include "storetest.h"

#include <QtCore/QFile>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <cstdint>
#include <string>
#include <vector>

using namespace koder::agent;
using namespace koder::test;

namespace {

int userVersion(const QString& path)
{
    int version = -1;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("version"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next())
                version = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("version"));
    return version;
}

} // namespace

class TstStoreSchema : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void migratesFromTheFirstSchema()
    {
        const QString path = file(QStringLiteral("v1.sqlite"));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral(
                "CREATE TABLE conversations (id TEXT PRIMARY KEY, title TEXT NOT NULL "
                "DEFAULT '', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)")));
            QVERIFY(q.exec(
                QStringLiteral("CREATE TABLE messages (conversation_id TEXT NOT NULL REFERENCES "
                               "conversations(id) ON DELETE CASCADE, position INTEGER NOT NULL, id "
                               "TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, created_at "
                               "INTEGER NOT NULL, flags INTEGER NOT NULL DEFAULT 0, extras TEXT, "
                               "PRIMARY KEY (conversation_id, position))")));
            QVERIFY(q.exec(QStringLiteral(
                "CREATE INDEX conversations_by_recency ON conversations(updated_at)")));
            QVERIFY(q.exec(
                QStringLiteral("INSERT INTO conversations VALUES ('old', 'Old title', 1, 2)")));
            QVERIFY(q.exec(QStringLiteral(
                "INSERT INTO messages VALUES ('old', 0, 'm1', 'user', 'from v1', 1, 0, "
                "NULL)")));
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 1")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v1"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY2(store.ready(), qPrintable(store.error()));
        const auto loaded = store.load(QStringLiteral("old"));
        QVERIFY(loaded);
        QCOMPARE(loaded->front().text, std::string("from v1"));
        QVERIFY(store.rename(QStringLiteral("old"),
                             QStringLiteral("Kept"))); // needs the column schema 2 added
        QVERIFY(store.save(QStringLiteral("old"), *loaded, 0));
        QCOMPARE(
            store.conversation(QStringLiteral("old")).value(QStringLiteral("title")).toString(),
            QStringLiteral("Kept"));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), KoderConversationStore::schemaVersion);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("check"));
    }

    // tests/data/store-release-0.1.sqlite was written by this release's store (schema 2), before
    // conversations became trees: every later schema must open it and show the same messages.
    // (Kept as a file, not re-created by code, so a change to the writer cannot hide a break.)
    void theFileOfTheReleaseBeforeVersionsOpens()
    {
        const QString path = file(QStringLiteral("release.sqlite"));
        QVERIFY(QFile::copy(QStringLiteral(KODER_TEST_DATA_DIR "/store-release-0.1.sqlite"), path));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY2(store.ready(), qPrintable(store.error()));
        QCOMPARE(store.conversations().size(), 2);
        QCOMPARE(store.conversation(QStringLiteral("c-release"))
                     .value(QStringLiteral("title"))
                     .toString(),
                 QStringLiteral("Written by the release before versions"));

        const auto chat = store.load(QStringLiteral("c-release"));
        QVERIFY(chat);
        QCOMPARE(chat->size(), std::size_t(7));
        const std::vector<std::string> ids{"u1", "a1", "t1", "a2", "k1", "u2", "a3"};
        for (std::size_t i = 0; i < ids.size(); ++i)
            QCOMPARE((*chat)[i].id, ids[i]);
        const Message& call = (*chat)[1];
        QVERIFY(call.role == Role::Assistant);
        QVERIFY(call.extrasOrNull());
        QCOMPARE(call.extrasOrNull()->reasoning, std::string("The user wants the time."));
        QCOMPARE(call.extrasOrNull()->toolCalls.size(), std::size_t(1));
        QCOMPARE(call.extrasOrNull()->toolCalls[0].name, std::string("get_time"));
        QVERIFY((*chat)[2].extrasOrNull());
        QCOMPARE((*chat)[2].extrasOrNull()->toolCallId, std::string("call_1"));
        QCOMPARE((*chat)[3].text, std::string("It is 09:41 in Tokyo."));
        QVERIFY((*chat)[4].role == Role::Checkpoint);
        QVERIFY((*chat)[5].extrasOrNull());
        QVERIFY(!(*chat)[5].extrasOrNull()->attachments.empty());
        QVERIFY((*chat)[6].aborted);
        QCOMPARE((*chat)[6].createdAt, std::int64_t(1700000006000));

        const auto second = store.load(QStringLiteral("c-second"));
        QVERIFY(second);
        QCOMPARE(second->front().createdAt, std::int64_t(-86400000));
    }

    void theReleaseFileBecomesATree()
    {
        const QString path = file(QStringLiteral("release-tree.sqlite"));
        QVERIFY(QFile::copy(QStringLiteral(KODER_TEST_DATA_DIR "/store-release-0.1.sqlite"), path));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(userVersion(path), 2);
        std::vector<Message> shown;
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY2(store.ready(), qPrintable(store.error()));
            QCOMPARE(userVersion(path), KoderConversationStore::schemaVersion);
            const QVariantList all = store.conversations();
            QCOMPARE(all.size(), 2);
            for (const QVariant& summary : all) {
                const QString id = summary.toMap().value(QStringLiteral("id")).toString();
                const auto loaded = store.loadConversation(id);
                QVERIFY2(loaded, qPrintable(id + QStringLiteral(": ") + store.error()));
                QVERIFY(loaded->versions.empty()); // one version per message
                QCOMPARE(static_cast<int>(loaded->messages.size()),
                         summary.toMap().value(QStringLiteral("messageCount")).toInt());
            }
            shown = store.loadConversation(QStringLiteral("c-release"))->messages;
            QCOMPARE(shown.size(), std::size_t(7));

            // Its last reply regenerated: the old one is the first version, off the path.
            Versions versions;
            versions.siblings["u2"] = {"a3", "a3b"};
            versions.offPath.emplace("a3", OtherVersion{shown[6], "u2", ""});
            shown[6] = Message("a3b", Role::Assistant, "A regenerated reply.", 1700000007000);
            QVERIFY(store.save(Persist{"c-release", 6, {"a3"}, {}, false}, shown, versions));
        }
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY2(store.ready(), qPrintable(store.error()));
        const auto loaded = store.loadConversation(QStringLiteral("c-release"));
        QVERIFY2(loaded, qPrintable(store.error()));
        QCOMPARE(loaded->messages, shown);
        QCOMPARE(loaded->versions.position("u2", "a3b"), (VersionPosition{1, 2}));
        const OtherVersion* old = loaded->versions.find("a3");
        QVERIFY(old);
        QVERIFY(old->message.aborted); // every field of the release's row kept
        QCOMPARE(old->message.createdAt, std::int64_t(1700000006000));
        QCOMPARE(loaded->title, std::string("Written by the release before versions"));
        QCOMPARE(store.conversation(QStringLiteral("c-release"))
                     .value(QStringLiteral("messageCount"))
                     .toInt(),
                 7);
    }

    // Text is read as its UTF-8 bytes; a database in UTF-16 (made by another tool) reads too.
    void aUtf16DatabaseReadsTheSame()
    {
        const QString path = file(QStringLiteral("utf16.sqlite"));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("utf16"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA encoding = 'UTF-16le'")));
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE made_elsewhere (x)")));
            QVERIFY(q.exec(QStringLiteral("PRAGMA encoding")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("UTF-16le"));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("utf16"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY2(store.ready(), qPrintable(store.error()));
        const Conversation tree = treeConversation();
        QVERIFY(store.save(QStringLiteral("fields"), everyField(), 0));
        QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        KoderConversationStore reopened;
        reopened.setPath(path);
        QCOMPARE(*reopened.load(QStringLiteral("fields")), everyField());
        const auto loaded = reopened.loadConversation(QStringLiteral("tree"));
        QVERIFY(loaded);
        QCOMPARE(loaded->messages, tree.messages);
        QVERIFY(loaded->versions == tree.versions);
    }
};

QTEST_GUILESS_MAIN(TstStoreSchema)
#include "tst_store_schema.moc"
