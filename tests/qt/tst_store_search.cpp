// SPDX-License-Identifier: MIT
// The store's full-text index: kept in step with every write a controller makes (send,
// regenerate, edit, switch version, delete, import), built by the migration for a database of
// the schema before it, and queried with anything a user can type.
#include "controllertest.h"
#include "conversationsearch.h"
#include "koderconversationstore.h"
#include "storetest.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;
using namespace koder::agent::qt;
using namespace koder::test;

namespace {

// A connection of its own to `path`, for searchMessages().
class Reader {
public:
    explicit Reader(const QString& path)
        : m_name(QUuid::createUuid().toString())
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.open();
    }
    ~Reader() { QSqlDatabase::removeDatabase(m_name); }
    QList<SearchHit> search(const QString& typed, int limit = 50) const
    {
        QString error;
        const auto hits = searchMessages(QSqlDatabase::database(m_name), typed, limit, &error);
        if (!hits) {
            qWarning() << "search failed:" << typed.left(80) << error;
            failed = true;
        }
        return hits.value_or(QList<SearchHit>{});
    }
    QStringList ids(const QString& typed) const
    {
        QStringList out;
        for (const SearchHit& hit : search(typed))
            out << hit.messageId;
        out.sort();
        return out;
    }

    mutable bool failed = false;

private:
    QString m_name;
};

} // namespace

class TstStoreSearch : public ControllerTest {
    Q_OBJECT

    QTemporaryDir dir;
    QString path;
    std::unique_ptr<KoderConversationStore> store;
    ScriptedTransport* t = nullptr;

    void reply(const std::string& text)
    {
        t->push(TextDelta{t->last(), text});
        t->push(StreamEnded{t->last(), "stop"});
    }
    QString idAt(int row) const
    {
        return agent->messages()->get(row).value(QStringLiteral("messageId")).toString();
    }

private Q_SLOTS:
    void init()
    {
        setUp();
        static int n = 0;
        path = dir.filePath(QStringLiteral("search%1.sqlite").arg(++n));
        store = std::make_unique<KoderConversationStore>();
        store->setPath(path);
        QVERIFY(store->ready());
        agent->setStore(store.get());
        t = useScripted();
    }
    void cleanup()
    {
        tearDown();
        store.reset();
    }

    void theQueryOfWhatWasTyped_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("query");
        QTest::newRow("words, the last a prefix")
            << QStringLiteral("hello wor") << QStringLiteral("\"hello\" \"wor\" *");
        QTest::newRow("a phrase") << QStringLiteral("\"red fox\" jumps")
                                  << QStringLiteral("\"red fox\" \"jumps\" *");
        QTest::newRow("a closed phrase last is exact")
            << QStringLiteral("a \"red fox\"") << QStringLiteral("\"a\" \"red fox\"");
        QTest::newRow("a phrase being typed")
            << QStringLiteral("\"red fo") << QStringLiteral("\"red fo\" *");
        QTest::newRow("operators are words") << QStringLiteral("cats NEAR dogs OR NOT")
                                             << QStringLiteral("\"cats\" \"NEAR\" \"dogs\" "
                                                               "\"OR\" \"NOT\" *");
        QTest::newRow("a star alone is nothing") << QStringLiteral("*") << QString();
        QTest::newRow("punctuation alone is nothing")
            << QStringLiteral(" - ... ( ) ^ : ") << QString();
        QTest::newRow("a repeated word once")
            << QStringLiteral("go go go") << QStringLiteral("\"go\" \"go\" *");
        QTest::newRow("blank") << QStringLiteral("   \t\n") << QString();
    }
    void theQueryOfWhatWasTyped()
    {
        QFETCH(QString, typed);
        QFETCH(QString, query);
        QCOMPARE(ftsQueryOf(typed), query);
    }

    void aPartOfSeveralTokensIsSaid()
    {
        bool splits = true;
        ftsQueryOf(QStringLiteral("hello caf\u00E9 wor"), &splits);
        QVERIFY(!splits);
        for (const QString& typed : {QStringLiteral("\"red fox\""), QStringLiteral("e-mail"),
                                     QStringLiteral("x \"open phrase")}) {
            ftsQueryOf(typed, &splits);
            QVERIFY2(splits, qPrintable(typed));
        }
    }

    void snippetsArePlainTextWithMatchRanges()
    {
        SearchHit hit;
        setSnippet(hit, QStringLiteral("…  the \x01quick\x02\n\nbrown \x01"
                                       "f\u00F6x\x02  "));
        QCOMPARE(hit.snippet, QStringLiteral("… the quick brown f\u00F6x"));
        QCOMPARE(hit.matches.size(), 2);
        QCOMPARE(hit.snippet.mid(hit.matches[0].first, hit.matches[0].second),
                 QStringLiteral("quick"));
        QCOMPARE(hit.snippet.mid(hit.matches[1].first, hit.matches[1].second),
                 QStringLiteral("f\u00F6x"));
        // Indices count UTF-16 code units, as QML strings do: an emoji is two.
        SearchHit emoji;
        setSnippet(emoji, QStringLiteral("\U0001F600 \x01word\x02"));
        QCOMPARE(emoji.matches.value(0), std::make_pair(3, 4));
    }

    void theIndexFollowsEveryWrite()
    {
        agent->send(QStringLiteral("Where do otters sleep?"));
        reply("Sea otters sleep floating, holding paws.");
        QCOMPARE(searchIndexMismatch(path), QString());
        Reader reader(path);
        QCOMPARE(reader.ids(QStringLiteral("otters")), QStringList({idAt(0), idAt(1)}));
        QCOMPARE(reader.ids(QStringLiteral("holding pa")), QStringList(idAt(1)));

        // Regenerate: the old reply stays findable (a version), the new one is found too.
        const QString first = idAt(1);
        QVERIFY(agent->regenerate(first));
        reply("Otters sleep in dens on land, or wrapped in kelp.");
        QCOMPARE(searchIndexMismatch(path), QString());
        QCOMPARE(reader.ids(QStringLiteral("kelp")), QStringList(idAt(1)));
        QCOMPARE(reader.ids(QStringLiteral("holding")), QStringList(first));

        // Edit: the question as it was and as it is.
        const QString question = idAt(0);
        QVERIFY(agent->edit(question, QStringLiteral("Where do beavers sleep?")));
        reply("Beavers sleep in lodges.");
        QCOMPARE(searchIndexMismatch(path), QString());
        QCOMPARE(reader.ids(QStringLiteral("sleep")).size(), 5);
        QStringList beavers{idAt(0), idAt(1)};
        beavers.sort();
        QCOMPARE(reader.ids(QStringLiteral("beavers")), beavers);

        // Switch back: rows move between the path and the other versions, the index with them.
        QVERIFY(agent->switchVersion(idAt(0), 0));
        QCOMPARE(idAt(0), question);
        QCOMPARE(searchIndexMismatch(path), QString());
        QCOMPARE(reader.ids(QStringLiteral("kelp")).size(), 1);

        // Reasoning is searched, and a hit in it is shown from it.
        agent->send(QStringLiteral("And seals?"));
        t->push(ReasoningDelta{t->last(), "Pinnipeds haul out on beaches to rest."});
        reply("On beaches.");
        QCOMPARE(searchIndexMismatch(path), QString());
        const auto hits = reader.search(QStringLiteral("pinnipeds"));
        QCOMPARE(hits.size(), 1);
        QVERIFY(hits[0].snippet.contains(QStringLiteral("haul out")));
        QCOMPARE(hits[0].role, QStringLiteral("assistant"));

        // Import: the copy is indexed; delete: its messages leave the index.
        const QString copy = store->importJson(store->exportJson(agent->conversationId()));
        QVERIFY(!copy.isEmpty());
        QCOMPARE(searchIndexMismatch(path), QString());
        QCOMPARE(reader.search(QStringLiteral("pinnipeds")).size(), 2);
        QVERIFY(store->remove(copy));
        QCOMPARE(reader.search(QStringLiteral("pinnipeds")).size(), 1);
        QVERIFY(agent->deleteConversation());
        QCOMPARE(searchIndexMismatch(path), QString());
        QCOMPARE(reader.search(QStringLiteral("otters")).size(), 0);
    }

    // The last row rewritten after the index took it in gets its rowid again (SQLite gives the
    // largest + 1): the index holds it once, as it is now. A row rewritten before that (a reply
    // streaming) is taken in once, when the index catches up.
    void aRowidGivenAgainIsIndexedAsItIsNow()
    {
        Reader reader(path);
        const QString id = QStringLiteral("reuse");
        std::vector<Message> rows{Message("q", Role::User, "first draft of the question", 1)};
        QVERIFY(store->save(id, rows, 0));
        QCOMPARE(reader.search(QStringLiteral("draft")).size(), 1); // taken in
        for (const char* text : {"second version", "third version", "fourth version"}) {
            rows[0].text = text;
            QVERIFY(store->save(id, rows, 0)); // delete + insert of the same row
        }
        QCOMPARE(reader.search(QStringLiteral("draft")).size(), 0);
        QCOMPARE(reader.search(QStringLiteral("version")).size(), 1);
        QCOMPARE(reader.search(QStringLiteral("fourth")).size(), 1);
        QCOMPARE(searchIndexMismatch(path), QString());
        // A system message at the end, deleted, its rowid given to a message the index holds.
        rows.emplace_back("s", Role::System, "be brief", 2);
        QVERIFY(store->save(id, rows, 1));
        QCOMPARE(reader.search(QStringLiteral("fourth")).size(), 1); // catches up
        rows.back() = Message("a", Role::Assistant, "an answer about zebras", 3);
        QVERIFY(store->save(id, rows, 1));
        QCOMPARE(reader.search(QStringLiteral("zebras")).size(), 1);
        QCOMPARE(searchIndexMismatch(path), QString());
    }

    // Words rank by relevance (BM25: here the shorter message, written first); a phrase lists
    // its matches newest first (its BM25 would read every match of it in the index).
    void wordsRankByRelevancePhrasesByRecency()
    {
        Reader reader(path);
        QVERIFY(store->save(QStringLiteral("short"),
                            {Message("s1", Role::User, "green apple pie", 1)}, 0));
        QVERIFY(store->save(QStringLiteral("long"),
                            {Message("l1", Role::User,
                                     "a long message that mentions a green apple pie once among "
                                     "many other words about orchards, harvests and weather",
                                     2)},
                            0));
        QStringList byWord;
        for (const SearchHit& hit : reader.search(QStringLiteral("apple")))
            byWord << hit.messageId;
        QCOMPARE(byWord, QStringList({QStringLiteral("s1"), QStringLiteral("l1")}));
        QStringList byPhrase;
        for (const SearchHit& hit : reader.search(QStringLiteral("\"green apple\"")))
            byPhrase << hit.messageId;
        QCOMPARE(byPhrase, QStringList({QStringLiteral("l1"), QStringLiteral("s1")}));
    }

    void resultsSayWhereTheyAre()
    {
        agent->send(QStringLiteral("Tell me about the caf\u00E9 on the corner"));
        reply("The **caf\u00E9** opens at seven.");
        QVERIFY(store->rename(agent->conversationId(), QStringLiteral("Corner caf\u00E9")));
        Reader reader(path);
        const auto hits = reader.search(QStringLiteral("cafe opens"));
        QCOMPARE(hits.size(), 1);
        const SearchHit& hit = hits[0];
        QCOMPARE(hit.conversationId, agent->conversationId());
        QCOMPARE(hit.messageId, idAt(1));
        QCOMPARE(hit.title, QStringLiteral("Corner caf\u00E9"));
        QCOMPARE(hit.role, QStringLiteral("assistant"));
        QCOMPARE(hit.createdAt, agent->messages()
                                    ->get(1)
                                    .value(QStringLiteral("createdAt"))
                                    .toDateTime()
                                    .toMSecsSinceEpoch());
        QStringList matched;
        for (const auto& [start, length] : hit.matches)
            matched << hit.snippet.mid(start, length);
        QCOMPARE(matched, QStringList({QStringLiteral("caf\u00E9"), QStringLiteral("opens")}));
        // A phrase matches in order only.
        QCOMPARE(reader.search(QStringLiteral("\"opens at seven\"")).size(), 1);
        QCOMPARE(reader.search(QStringLiteral("\"seven at opens\"")).size(), 0);
        // Only what matches every word.
        QCOMPARE(reader.search(QStringLiteral("cafe closes")).size(), 0);
    }

    void anyInputIsAValidQuery_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::newRow("quotes") << QStringLiteral("\"\"\" \" \"a\"b\"");
        QTest::newRow("NEAR") << QStringLiteral("NEAR(a b, 2)");
        QTest::newRow("star alone") << QStringLiteral("*");
        QTest::newRow("operators") << QStringLiteral("AND OR NOT ( ) a:b ^c -d +e {f g}");
        QTest::newRow("10,000 characters") << QString(10'000, u'x');
        QTest::newRow("10,000 characters of words") << QStringLiteral("word ").repeated(2'000);
        QTest::newRow("invalid UTF-8") << QString::fromUtf8("\xff\xfe\xc3 \xed\xa0\x80 ok");
        QTest::newRow("a lone surrogate") << (QStringLiteral("ab") + QChar(0xD800));
        QTest::newRow("control characters") << QStringLiteral("\x01\x02 a\x00b").append(QChar());
        QTest::newRow("emoji") << QStringLiteral("\U0001F600 \U0001F44D\U0001F3FD");
        QTest::newRow("NUL in a phrase")
            << (QStringLiteral("\"a") + QChar(u'\0') + QStringLiteral("b\" ok"));
        QTest::newRow("control characters in a phrase") << QStringLiteral("\"ok \x01\x02\x1b\"");
    }
    void anyInputIsAValidQuery()
    {
        QFETCH(QString, typed);
        agent->send(QStringLiteral("word ok ab"));
        reply("x");
        Reader reader(path);
        reader.search(typed);
        QVERIFY2(!reader.failed, qPrintable(typed.left(40)));
    }

    // A database of schema 6 (as the release before this one wrote it) gains the index of the
    // messages it already holds, versions included, when it is opened.
    void theMigrationIndexesWhatIsStored()
    {
        const Conversation tree = treeConversation();
        QVERIFY(store->save(Persist{tree.id, 0, {}, {}, true}, tree.messages, tree.versions));
        agent->send(QStringLiteral("a stored question"));
        reply("a stored answer");
        tearDown();
        store.reset();
        {
            // Back to schema 6: what it had, and only that.
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("downgrade"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const char* statement :
                 {"DROP TRIGGER messages_unindexed", "DROP TRIGGER messages_reindexed",
                  "DROP TRIGGER other_versions_unindexed", "DROP TRIGGER other_versions_reindexed",
                  "DROP TABLE search_index", "DROP TABLE search_pending", "DROP TABLE search_rows",
                  "DROP TABLE search_state", "ALTER TABLE conversations DROP COLUMN pinned",
                  "ALTER TABLE conversations DROP COLUMN archived",
                  "ALTER TABLE conversations DROP COLUMN folder", "PRAGMA user_version = 6"})
                QVERIFY2(q.exec(QString::fromLatin1(statement)), qPrintable(q.lastError().text()));
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = "
                                          "'trigger'")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 0);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("downgrade"));

        KoderConversationStore reopened;
        reopened.setPath(path);
        QVERIFY2(reopened.ready(), qPrintable(reopened.error()));
        QCOMPARE(searchIndexMismatch(path), QString());
        Reader reader(path);
        QStringList answers{QStringLiteral("a1a"),
                            QStringLiteral("a1b"),
                            QStringLiteral("a1c"),
                            QStringLiteral("a2"),
                            QStringLiteral("a2e"),
                            QStringLiteral("a3"),
                            reader.search(QStringLiteral("stored answer")).value(0).messageId};
        answers.sort();
        QCOMPARE(reader.ids(QStringLiteral("answer")), answers);
        QCOMPARE(reader.ids(QStringLiteral("follow")),
                 QStringList({QStringLiteral("a3"), QStringLiteral("u3"), QStringLiteral("u3x")}));
        QCOMPARE(reopened.conversation(QStringLiteral("tree")).value(QStringLiteral("pinned")),
                 QVariant(false));
    }

    void pinArchiveAndFolderAreKeptAndMoveNothing()
    {
        agent->send(QStringLiteral("one"));
        reply("x");
        const QString id = agent->conversationId();
        const QDateTime updated =
            store->conversation(id).value(QStringLiteral("updatedAt")).toDateTime();
        QSignalSpy changed(store.get(), &KoderConversationStore::conversationChanged);
        QVERIFY(store->setPinned(id, true));
        QVERIFY(store->setArchived(id, true));
        QVERIFY(store->setFolder(id, QStringLiteral("  Work \n notes ")));
        QCOMPARE(changed.count(), 3);
        QVERIFY(store->setPinned(id, true)); // no change, no signal
        QCOMPARE(changed.count(), 3);
        const QVariantMap summary = store->conversation(id);
        QCOMPARE(summary.value(QStringLiteral("pinned")), QVariant(true));
        QCOMPARE(summary.value(QStringLiteral("archived")), QVariant(true));
        QCOMPARE(summary.value(QStringLiteral("folder")), QVariant(QStringLiteral("Work notes")));
        QCOMPARE(summary.value(QStringLiteral("updatedAt")).toDateTime(), updated);
        QCOMPARE(store->folders(), QStringList(QStringLiteral("Work notes")));
        QVERIFY(!store->setPinned(QStringLiteral("nope"), true));
        QVERIFY(store->error().contains(QStringLiteral("nope")));
        tearDown();
        store.reset();
        KoderConversationStore reopened;
        reopened.setPath(path);
        QCOMPARE(reopened.conversation(id).value(QStringLiteral("folder")).toString(),
                 QStringLiteral("Work notes"));
        QVERIFY(reopened.setFolder(id, {}));
        QVERIFY(reopened.folders().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstStoreSearch)
#include "tst_store_search.moc"
