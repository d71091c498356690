// SPDX-License-Identifier: MIT
// KoderSearchModel (the rows, kept live, queried on a worker thread for a file and on the
// store's thread in memory) and KoderAgentController::openMessage() (any version of any stored
// message shown, the switch stored).
#include "controllertest.h"
#include "koderconversationstore.h"
#include "kodersearchmodel.h"
#include "storetest.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace koder::agent;
using namespace koder::test;

class TstSearchModel : public ControllerTest {
    Q_OBJECT

    QTemporaryDir dir;
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
    QStringList pathIds() const
    {
        QStringList ids;
        for (int row = 0; row < agent->messages()->count(); ++row)
            ids << idAt(row);
        return ids;
    }
    // Waits for the model's answer to what was just asked.
    static bool settle(KoderSearchModel& model)
    {
        QSignalSpy searching(&model, &KoderSearchModel::searchingChanged);
        return !model.searching() || (searching.wait(5000) && !model.searching());
    }

private Q_SLOTS:
    void init()
    {
        setUp();
        static int n = 0;
        store = std::make_unique<KoderConversationStore>();
        store->setPath(dir.filePath(QStringLiteral("model%1.sqlite").arg(++n)));
        agent->setStore(store.get());
        t = useScripted();
    }
    void cleanup()
    {
        tearDown();
        store.reset();
    }

    void rowsHaveEveryRole()
    {
        agent->send(QStringLiteral("What is a quokka?"));
        reply("A small marsupial from Western Australia.");
        KoderSearchModel model;
        QAbstractItemModelTester searchTester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setStore(store.get());
        model.setQuery(QStringLiteral("marsupial west"));
        QVERIFY(model.searching());
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        const QVariantMap row = model.get(0);
        QCOMPARE(row.value(QStringLiteral("conversationId")).toString(), agent->conversationId());
        QCOMPARE(row.value(QStringLiteral("messageId")).toString(), idAt(1));
        QCOMPARE(row.value(QStringLiteral("title")).toString(),
                 QStringLiteral("What is a quokka?"));
        QCOMPARE(row.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        QCOMPARE(row.value(QStringLiteral("createdAt")).toDateTime(),
                 agent->messages()->get(1).value(QStringLiteral("createdAt")).toDateTime());
        const QString snippet = row.value(QStringLiteral("snippet")).toString();
        QStringList matched;
        for (const QVariant& match : row.value(QStringLiteral("matches")).toList()) {
            const QVariantList pair = match.toList();
            QCOMPARE(pair.size(), 2);
            matched << snippet.mid(pair[0].toInt(), pair[1].toInt());
        }
        QCOMPARE(matched, QStringList({QStringLiteral("marsupial"), QStringLiteral("Western")}));
        QCOMPARE(model.data(model.index(0), Qt::DisplayRole).toString(),
                 QStringLiteral("What is a quokka?"));
        QVERIFY(model.get(1).isEmpty());
        QVERIFY(model.get(-1).isEmpty());

        // Nothing to search for: no rows, at once, never an error.
        for (const QString& nothing : {QString(), QStringLiteral("*"), QStringLiteral("\" \"")}) {
            model.setQuery(nothing);
            QVERIFY(!model.searching());
            QCOMPARE(model.count(), 0);
        }
    }

    // A file store is queried on the worker thread, with a connection of its own.
    void aFileIsQueriedOnTheWorkerThread()
    {
        agent->send(QStringLiteral("threads please"));
        reply("ok");
        KoderSearchModel model;
        model.setStore(store.get());
        model.setQuery(QStringLiteral("threads"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        const auto threads = model.findChildren<QThread*>();
        QCOMPARE(threads.size(), 1);
        QVERIFY(threads.first()->isRunning());
    }

    void anInMemoryStoreIsQueriedToo()
    {
        KoderConversationStore memory;
        QVERIFY(memory.path().isEmpty());
        QVERIFY(
            !memory
                 .importJson(QStringLiteral(R"({"id":"mem","messages":[{"id":"x1","role":"user",)"
                                            R"("text":"kept in memory"}]})"))
                 .isEmpty());
        KoderSearchModel model;
        model.setStore(&memory);
        model.setQuery(QStringLiteral("memory"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        QCOMPARE(model.get(0).value(QStringLiteral("messageId")).toString(), QStringLiteral("x1"));
        QVERIFY(model.findChildren<QThread*>().isEmpty());
    }

    // ":memory:" is a database in memory too: no other connection can see it.
    void aMemoryPathIsQueriedOnTheStoresThread()
    {
        KoderConversationStore memory;
        memory.setPath(QStringLiteral(":memory:"));
        QVERIFY(memory.ready());
        QVERIFY(!memory
                     .importJson(QStringLiteral(R"({"id":"m9","messages":[{"id":"y1","role":"user",)"
                                                R"("text":"named memory"}]})"))
                     .isEmpty());
        KoderSearchModel model;
        model.setStore(&memory);
        model.setQuery(QStringLiteral("named"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        QVERIFY(model.findChildren<QThread*>().isEmpty());
    }

    // A file deleted and made anew at the same path is another file: the worker lets go of the
    // old one when the store closes it, and searches the new one.
    void aFileReplacedAtTheSamePathIsSearchedAnew()
    {
        agent->send(QStringLiteral("alpha words"));
        reply("noted");
        KoderSearchModel model;
        model.setStore(store.get());
        model.setQuery(QStringLiteral("alpha"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);

        const QString path = store->path();
        agent->setStore(nullptr);
        store->setPath(QString());
        QVERIFY(settle(model));
        for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(path + suffix);
        QVERIFY(!QFile::exists(path));
        store->setPath(path);
        QVERIFY(store->ready());
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 0);
        QVERIFY(!store
                     ->importJson(QStringLiteral(R"({"id":"m8","messages":[{"id":"b1","role":"user",)"
                                                 R"("text":"beta alpha"}]})"))
                     .isEmpty());
        QTRY_COMPARE(model.count(), 1);
        QCOMPARE(model.get(0).value(QStringLiteral("messageId")).toString(), QStringLiteral("b1"));
    }

    // Writes, renames and deletions run the query again; rows that stay the same messages
    // change in place (no reset).
    void theRowsFollowTheStore()
    {
        KoderSearchModel model;
        QAbstractItemModelTester searchTester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setStore(store.get());
        model.setQuery(QStringLiteral("penguin"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 0);

        QSignalSpy count(&model, &KoderSearchModel::countChanged);
        agent->send(QStringLiteral("Tell me about the emperor penguin"));
        reply("The emperor penguin is the tallest penguin.");
        QTRY_COMPARE(model.count(), 2);
        QVERIFY(!model.searching());

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(store->rename(agent->conversationId(), QStringLiteral("Penguins")));
        QTRY_COMPARE(changed.count(), 2);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.get(0).value(QStringLiteral("title")).toString(),
                 QStringLiteral("Penguins"));

        QVERIFY(agent->deleteConversation());
        QTRY_COMPARE(model.count(), 0);
        QVERIFY(count.count() >= 2);
    }

    // Many changes while a query is out cost one query more, not one each, and the rows end
    // as the last query says.
    void fastTypingEndsOnTheLastQuery()
    {
        agent->send(QStringLiteral("alpha alpine alps"));
        reply("ok");
        KoderSearchModel model;
        model.setStore(store.get());
        QSignalSpy searching(&model, &KoderSearchModel::searchingChanged);
        for (const QString& typed :
             {QStringLiteral("a"), QStringLiteral("al"), QStringLiteral("alp"),
              QStringLiteral("alpi"), QStringLiteral("alpin")})
            model.setQuery(typed);
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        QCOMPARE(searching.count(), 2); // on once, off once
        model.setQuery(QStringLiteral("alpha alps"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        model.setQuery(QStringLiteral("alpha beta"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 0);
    }

    void theLimitKeepsTheBest()
    {
        for (int i = 0; i < 5; ++i) {
            agent->send(QStringLiteral("walrus %1").arg(i));
            reply("noted");
        }
        KoderSearchModel model;
        model.setStore(store.get());
        model.setLimit(3);
        model.setQuery(QStringLiteral("walrus"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 3);
        model.setLimit(0);
        QCOMPARE(model.limit(), 1);
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
    }

    // openMessage() shows a message of another conversation, off the path two levels down,
    // stores the switches, and says so; unknown ids are refused.
    void openMessageShowsAnyVersion()
    {
        agent->send(QStringLiteral("Name a river"));
        reply("The Danube.");
        const QString first = agent->conversationId();
        const QString danube = idAt(1);
        QVERIFY(agent->regenerate(danube));
        reply("The Amazon.");
        agent->send(QStringLiteral("How long is it?"));
        reply("About 6,400 km.");
        QVERIFY(agent->switchVersion(idAt(1), 0)); // back to the Danube
        agent->send(QStringLiteral("Which countries?"));
        reply("Ten countries, from Germany to Ukraine.");
        QVERIFY(agent->regenerate(idAt(3)));
        reply("Germany, Austria, and eight more.");
        QVERIFY(agent->switchVersion(idAt(1), 1)); // the Amazon path is shown
        const QStringList amazonPath = pathIds();

        // Another conversation is shown when the search result is opened.
        agent->setConversationId(QString());
        agent->send(QStringLiteral("unrelated"));
        reply("fine");
        QVERIFY(agent->conversationId() != first);

        KoderSearchModel model;
        model.setStore(store.get());
        model.setQuery(QStringLiteral("ten countries"));
        QVERIFY(settle(model));
        QCOMPARE(model.count(), 1);
        const QString target = model.get(0).value(QStringLiteral("messageId")).toString();
        QVERIFY(!amazonPath.contains(target));

        QSignalSpy opened(agent.get(), &KoderAgentController::messageOpened);
        QVERIFY(agent->openMessage(first, target));
        QCOMPARE(agent->conversationId(), first);
        QVERIFY(pathIds().contains(target));
        QCOMPARE(pathIds().value(1), danube);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().toString(), target);

        // The switches were stored: the conversation opens on that path again.
        const QStringList shown = pathIds();
        tearDown();
        setUp();
        agent->setStore(store.get());
        agent->setConversationId(first);
        QCOMPARE(pathIds(), shown);

        // A message on the path needs no switch; unknown ids are refused and say which call.
        QVERIFY(agent->openMessage(first, shown.first()));
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(!agent->openMessage(first, QStringLiteral("no-such-message")));
        QVERIFY(!agent->openMessage(QStringLiteral("no-such-conversation"), target));
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(rejected.first().first().toString(), QStringLiteral("openMessage"));
        QCOMPARE(agent->conversationId(), first);
    }

    // A turn open in the conversation: a message that needs a switch is refused (the core
    // refuses switches during a turn), one on the path is shown.
    void openMessageDuringATurn()
    {
        agent->send(QStringLiteral("one"));
        reply("first reply");
        const QString old = idAt(1);
        QVERIFY(agent->regenerate(old));
        reply("second reply");
        agent->send(QStringLiteral("two"));
        QVERIFY(agent->abortable());
        QSignalSpy rejected(agent.get(), &KoderAgentController::rejected);
        QVERIFY(!agent->openMessage(agent->conversationId(), old));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().first().toString(), QStringLiteral("switchVersion"));
        QVERIFY(agent->openMessage(agent->conversationId(), idAt(0)));
    }
};

QTEST_GUILESS_MAIN(TstSearchModel)
#include "tst_search_model.moc"
