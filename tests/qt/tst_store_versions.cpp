// SPDX-License-Identifier: MIT
// Conversation trees (schema 3) in KoderConversationStore: a tree round trips, what the core's
// reducer writes reloads equal, a replaced history and a removed conversation leave no other
// version behind, export and import keep the tree, a damaged tree is a load error (a damaged other
// version costs its details only), and the controller stores and reloads versions.
#include "koder/agent/reducer.h"
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

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

using namespace koder::agent;
using namespace koder::test;

namespace {

// Rows of `table` stored for `conversation`, through a connection of its own.
int storedRows(const QString& path, const char* table, const QString& conversation)
{
    int n = -1;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("count"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("SELECT COUNT(*) FROM %1 WHERE conversation_id = ?")
                          .arg(QLatin1String(table)));
            q.addBindValue(conversation);
            if (q.exec() && q.next())
                n = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("count"));
    return n;
}

// Runs `sql` on the file behind the store's back; it must touch exactly one row.
bool damage(const QString& path, const char* sql)
{
    bool ok = false;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        db.setDatabaseName(path);
        QSqlQuery q(db);
        ok = db.open() && q.exec(QString::fromLatin1(sql)) && q.numRowsAffected() == 1;
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    return ok;
}

std::string dump(const Versions& v)
{
    std::string out;
    std::vector<std::string> lines;
    for (const auto& [parent, ids] : v.siblings) {
        std::string line = "siblings[" + parent + "] =";
        for (const std::string& id : ids)
            line += " " + id;
        lines.push_back(line);
    }
    for (const auto& [id, o] : v.offPath)
        lines.push_back("off " + id + " parent=" + o.parentId + " active=" + o.activeChildId);
    std::sort(lines.begin(), lines.end());
    for (const std::string& line : lines)
        out += line + "\n";
    return out;
}

// The core's reducer writing through the store, as the runtime does: every Persist it asks for
// is saved, and what is stored can be compared with its state.
struct Driven {
    explicit Driven(KoderConversationStore& s)
        : store(s)
    {
    }
    KoderConversationStore& store;
    State state;
    Environment env = Environment::deterministic();
    RequestId request = 0;
    QString problem;

    void apply(Input input)
    {
        Outcome out = reduce(state, input, env);
        if (out.rejected() && problem.isEmpty())
            problem = QStringLiteral("rejected: %1")
                          .arg(QString::fromStdString(std::string(actionName(input)) + " " +
                                                      out.rejection->detail));
        for (const Effect& e : out.effects) {
            if (const auto* write = std::get_if<Persist>(&e)) {
                if (!store.save(*write, state.conversation.messages, state.conversation.versions,
                                streamingRow(state)) &&
                    problem.isEmpty())
                    problem = store.error();
            } else if (const auto* start = std::get_if<StartTurn>(&e)) {
                request = start->requestId;
            }
        }
    }
    void reply(const std::string& text)
    {
        apply(StreamStarted{request});
        apply(TextDelta{request, text});
        apply(StreamEnded{request, "stop"});
    }
    const std::string& row(std::size_t i) const { return state.conversation.messages.at(i).id; }
};

} // namespace

class TstStoreVersions : public StoreTest {
    Q_OBJECT

private Q_SLOTS:
    void aTreeRoundTrips()
    {
        const QString path = file(QStringLiteral("tree.sqlite"));
        const Conversation tree = treeConversation();
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        }
        KoderConversationStore store;
        store.setPath(path);
        const auto loaded = store.loadConversation(QStringLiteral("tree"));
        QVERIFY2(loaded, qPrintable(store.error()));
        QVERIFY(store.error().isEmpty());
        QCOMPARE(loaded->id, std::string("tree"));
        QCOMPARE(loaded->title, std::string("first question"));
        QCOMPARE(loaded->messages, tree.messages);
        QVERIFY2(loaded->versions == tree.versions, dump(loaded->versions).c_str());
        QCOMPARE(loaded->versions.find("a1a")->activeChildId, std::string("u3"));
        QCOMPARE(loaded->versions.position("u1", "a1c"), (VersionPosition{2, 3}));
        // The list counts the shown path, not the tree.
        QCOMPARE(store.conversation(QStringLiteral("tree"))
                     .value(QStringLiteral("messageCount"))
                     .toInt(),
                 4);
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("tree")), 7);
        QCOMPARE(*store.load(QStringLiteral("tree")), tree.messages);
    }

    void whatTheReducerWritesReloadsEqual()
    {
        const QString path = file(QStringLiteral("driven.sqlite"));
        KoderConversationStore store;
        store.setPath(path);
        Driven d(store);
        QString conversation;
        auto same = [&](const char* step) {
            const auto loaded = store.loadConversation(conversation);
            if (!loaded)
                return QStringLiteral("%1: not loaded: %2")
                    .arg(QString::fromUtf8(step), store.error());
            if (loaded->messages != d.state.conversation.messages)
                return QStringLiteral("%1: the path differs").arg(QString::fromUtf8(step));
            if (!(loaded->versions == d.state.conversation.versions))
                return QStringLiteral("%1: the versions differ:\n%2---\n%3")
                    .arg(QString::fromUtf8(step), QString::fromStdString(dump(loaded->versions)),
                         QString::fromStdString(dump(d.state.conversation.versions)));
            return d.problem;
        };
        d.apply(Send{"q1", {}});
        d.reply("r1");
        d.apply(Send{"q2", {}});
        d.reply("r2");
        conversation = QString::fromStdString(d.state.conversation.id);
        QVERIFY2(same("two turns").isEmpty(), qPrintable(same("two turns")));
        QVERIFY(d.state.conversation.versions.empty());

        d.apply(Regenerate{d.row(3)}); // r2 -> r2b
        d.reply("r2b");
        d.apply(Regenerate{d.row(3)}); // -> r2c
        d.reply("r2c");
        QCOMPARE(d.state.conversation.versions.position(d.row(2), d.row(3)),
                 (VersionPosition{2, 3}));
        QVERIFY2(same("regenerated twice").isEmpty(), qPrintable(same("regenerated twice")));

        const std::string q1 = d.row(0);
        const std::string r2c = d.row(3);
        d.apply(Edit{q1, "q1 edited"});
        d.reply("r1e");
        QCOMPARE(d.state.conversation.messages.size(), std::size_t(2));
        QVERIFY2(same("edited").isEmpty(), qPrintable(same("edited")));

        // Switch-like writes: the old tail is written as other versions, the new one dropped.
        d.apply(SwitchVersion{d.row(0), 0});
        QCOMPARE(d.row(0), q1);
        QCOMPARE(d.row(3), r2c); // the active child remembered under r1
        QVERIFY2(same("back to q1").isEmpty(), qPrintable(same("back to q1")));
        d.apply(SwitchVersion{d.row(3), 0});
        QCOMPARE(d.state.conversation.messages.back().text, std::string("r2"));
        QVERIFY2(same("back to r2").isEmpty(), qPrintable(same("back to r2")));
        d.apply(SwitchVersion{d.row(0), 1});
        QCOMPARE(d.state.conversation.messages.back().text, std::string("r1e"));
        QVERIFY2(same("to the edit").isEmpty(), qPrintable(same("to the edit")));
        d.apply(SwitchVersion{d.row(0), 0});
        QCOMPARE(d.state.conversation.messages.back().text,
                 std::string("r2")); // r2 is active there now
        QVERIFY2(same("to q1 again").isEmpty(), qPrintable(same("to q1 again")));
        QCOMPARE(store.conversation(conversation).value(QStringLiteral("messageCount")).toInt(), 4);

        // Another connection (a restart) reads the same tree.
        {
            KoderConversationStore reopened;
            reopened.setPath(path);
            const auto loaded = reopened.loadConversation(conversation);
            QVERIFY(loaded);
            QCOMPARE(loaded->messages, d.state.conversation.messages);
            QVERIFY(loaded->versions == d.state.conversation.versions);
        }

        // Replacing the history (allVersions) leaves no other version behind.
        d.apply(SetMessages{{Message("n1", Role::User, "new history")}});
        QVERIFY(d.state.conversation.versions.empty());
        QVERIFY2(same("replaced").isEmpty(), qPrintable(same("replaced")));
        QCOMPARE(storedRows(path, "other_versions", conversation), 0);
    }

    void allVersionsReplacesEveryStoredVersion()
    {
        const QString path = file(QStringLiteral("replace.sqlite"));
        KoderConversationStore store;
        store.setPath(path);
        const Conversation tree = treeConversation();
        QVERIFY(store.save(Persist{"c", 0, {}, {}, true}, tree.messages, tree.versions));
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("c")), 7);

        // A smaller tree: the first question with two answers.
        std::vector<Message> path2{Message("x1", Role::User, "other question"),
                                   Message("y2", Role::Assistant, "second")};
        Versions v2;
        v2.siblings["x1"] = {"y1", "y2"};
        v2.offPath.emplace("y1", OtherVersion{Message("y1", Role::Assistant, "first"), "x1", ""});
        QVERIFY(store.save(Persist{"c", 0, {}, {}, true}, path2, v2));
        auto loaded = store.loadConversation(QStringLiteral("c"));
        QVERIFY2(loaded, qPrintable(store.error()));
        QCOMPARE(loaded->messages, path2);
        QVERIFY2(loaded->versions == v2, dump(loaded->versions).c_str());
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("c")), 1);

        // No versions at all.
        QVERIFY(store.save(Persist{"c", 0, {}, {}, true}, path2, Versions{}));
        loaded = store.loadConversation(QStringLiteral("c"));
        QVERIFY(loaded);
        QVERIFY(loaded->versions.empty());
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("c")), 0);

        // The path-only save leaves the tree as it is stored (a rewritten row keeps its index).
        QVERIFY(store.save(Persist{"c", 0, {}, {}, true}, path2, v2));
        path2[1].text = "second, rewritten";
        QVERIFY(store.save(QStringLiteral("c"), path2, 1));
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("c")), 1);
        loaded = store.loadConversation(QStringLiteral("c"));
        QVERIFY2(loaded, qPrintable(store.error()));
        QCOMPARE(loaded->messages, path2);
        QVERIFY2(loaded->versions == v2, dump(loaded->versions).c_str());
    }

    void removeDeletesTheOtherVersions()
    {
        const QString path = file(QStringLiteral("remove.sqlite"));
        KoderConversationStore store;
        store.setPath(path);
        const Conversation tree = treeConversation();
        QVERIFY(store.save(Persist{"gone", 0, {}, {}, true}, tree.messages, tree.versions));
        QVERIFY(store.save(Persist{"kept", 0, {}, {}, true}, tree.messages, tree.versions));
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("gone")), 7);
        QVERIFY(store.remove(QStringLiteral("gone")));
        QVERIFY(!store.contains(QStringLiteral("gone")));
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("gone")), 0);
        QCOMPARE(storedRows(path, "messages", QStringLiteral("gone")), 0);
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("kept")), 7);
        QVERIFY(store.loadConversation(QStringLiteral("kept"))->versions == tree.versions);
    }

    void exportAndImportKeepTheTree()
    {
        KoderConversationStore store;
        const Conversation tree = treeConversation();
        QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        const QString json = store.exportJson(QStringLiteral("tree"));
        QVERIFY(json.contains(QStringLiteral("\"otherVersions\"")));
        auto parsed = conversationFromJson(json.toStdString());
        QVERIFY(std::holds_alternative<Conversation>(parsed));
        QVERIFY(std::get<Conversation>(parsed).versions == tree.versions);

        const QString copy = store.importJson(json);
        QVERIFY2(!copy.isEmpty(), qPrintable(store.error()));
        QVERIFY(copy != QStringLiteral("tree"));
        const auto loaded = store.loadConversation(copy);
        QVERIFY2(loaded, qPrintable(store.error()));
        QCOMPARE(loaded->messages, tree.messages);
        QVERIFY2(loaded->versions == tree.versions, dump(loaded->versions).c_str());
        QCOMPARE(store.conversation(copy).value(QStringLiteral("title")).toString(),
                 QStringLiteral("first question"));

        // A document whose tree does not hold is refused, naming the field.
        QVERIFY(store
                    .importJson(QStringLiteral(
                        R"({"version":2,"id":"b","messages":[{"id":"a","role":"user",)"
                        R"("text":"q"}],"otherVersions":[{"id":"o","role":"user","text":)"
                        R"("x","parentId":"nobody","versionIndex":0}]})"))
                    .isEmpty());
        QVERIFY2(store.error().contains(QStringLiteral("otherVersions[0].parentId")),
                 qPrintable(store.error()));
    }

    void aDamagedTreeIsALoadErrorNotACrash()
    {
        const QString path = file(QStringLiteral("bad-tree.sqlite"));
        {
            KoderConversationStore store;
            store.setPath(path);
            const Conversation tree = treeConversation();
            QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        }
        QVERIFY(damage(path, "UPDATE other_versions SET parent_id = 'ghost' WHERE id = 'a1b'"));

        KoderConversationStore store;
        store.setPath(path);
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        QVERIFY(!store.loadConversation(QStringLiteral("tree")));
        QCOMPARE(failed.count(), 1);
        for (const char* part : {"tree", "a1b", "parentId", "unknown message \"ghost\""})
            QVERIFY2(store.error().contains(QLatin1String(part)), qPrintable(store.error()));
        QVERIFY(!store.load(QStringLiteral("tree")));
        QVERIFY(store.exportJson(QStringLiteral("tree")).isEmpty());

        // The controller shows it read-only; nothing overwrites the stored copy.
        KoderAgentController agent;
        agent.setStore(&store);
        agent.setTransport(new KoderLocalAgent(&agent));
        agent.setConversationId(QStringLiteral("tree"));
        QCOMPARE(agent.messages()->count(), 0);
        const QVariantMap error = agent.lastError().toMap();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("load_failed"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("a1b")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
        QVERIFY(!agent.send(QStringLiteral("hello")));
        QCOMPARE(store.conversation(QStringLiteral("tree"))
                     .value(QStringLiteral("messageCount"))
                     .toInt(),
                 4);
        QCOMPARE(storedRows(path, "other_versions", QStringLiteral("tree")), 7);

        // A cycle and an active child that is not a child are refused the same way.
        QVERIFY(damage(path, "UPDATE other_versions SET parent_id = 'a1a' WHERE id = 'a1b'"));
        QVERIFY(damage(path, "UPDATE other_versions SET parent_id = 'a1b' WHERE id = 'a1a'"));
        QVERIFY(!store.loadConversation(QStringLiteral("tree")));
        QVERIFY2(store.error().contains(QStringLiteral("cycle")), qPrintable(store.error()));
        QVERIFY(damage(path, "UPDATE other_versions SET parent_id = 'u1' WHERE id IN ('a1a')"));
        QVERIFY(damage(path, "UPDATE other_versions SET parent_id = 'u1' WHERE id IN ('a1b')"));
        QVERIFY(store.loadConversation(QStringLiteral("tree"))); // repaired
        QVERIFY(damage(path, "UPDATE other_versions SET active_child_id = 'a2' WHERE id = 'a1a'"));
        QVERIFY(!store.loadConversation(QStringLiteral("tree")));
        QVERIFY2(store.error().contains(QStringLiteral("activeChildId")),
                 qPrintable(store.error()));
    }

    void aDamagedOtherVersionCostsItsDetailsOnly()
    {
        const QString path = file(QStringLiteral("bad-extras.sqlite"));
        const Conversation tree = treeConversation();
        {
            KoderConversationStore store;
            store.setPath(path);
            QVERIFY(store.save(Persist{"tree", 0, {}, {}, true}, tree.messages, tree.versions));
        }
        QVERIFY(damage(path, "UPDATE other_versions SET extras = '{\"broken' WHERE id = 'a1b'"));
        KoderConversationStore store;
        store.setPath(path);
        const auto loaded = store.loadConversation(QStringLiteral("tree"));
        QVERIFY(loaded);
        QVERIFY2(store.error().contains(QStringLiteral("a1b")), qPrintable(store.error()));
        const OtherVersion* a1b = loaded->versions.find("a1b");
        QVERIFY(a1b);
        QCOMPARE(a1b->message.text, tree.versions.find("a1b")->message.text);
        QVERIFY(a1b->message.aborted);
        QVERIFY(!a1b->message.extrasOrNull());
        QCOMPARE(loaded->messages, tree.messages);
    }

    void theControllerStoresAndReloadsVersions()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("controller-tree.sqlite")));
        QString conversation;
        QString reply;
        {
            KoderAgentController agent;
            agent.setStore(&store);
            auto* local = new KoderLocalAgent(&agent);
            local->setReply(QStringLiteral("first reply"));
            agent.setTransport(local);
            QSignalSpy end(&agent, &KoderAgentController::streamEnd);
            QVERIFY(agent.send(QStringLiteral("question")));
            QVERIFY(end.wait());
            conversation = agent.conversationId();
            local->setReply(QStringLiteral("second reply"));
            QVERIFY(agent.regenerate(
                agent.messages()->get(1).value(QStringLiteral("messageId")).toString()));
            QVERIFY(end.count() == 2 || end.wait());
            reply = agent.messages()->get(1).value(QStringLiteral("messageId")).toString();
        }
        const auto stored = store.loadConversation(conversation);
        QVERIFY(stored);
        QCOMPARE(stored->versions.offPath.size(), std::size_t(1));

        KoderAgentController agent;
        agent.setStore(&store);
        agent.setConversationId(conversation);
        QCOMPARE(agent.messages()->count(), 2);
        QVariantMap row = agent.messages()->get(1);
        QCOMPARE(row.value(QStringLiteral("messageId")).toString(), reply);
        QCOMPARE(row.value(QStringLiteral("text")).toString(), QStringLiteral("second reply"));
        QCOMPARE(row.value(QStringLiteral("versionIndex")).toInt(), 1);
        QCOMPARE(row.value(QStringLiteral("versionCount")).toInt(), 2);
        QVERIFY(agent.switchVersion(reply, 0));
        QCOMPARE(agent.messages()->get(1).value(QStringLiteral("text")).toString(),
                 QStringLiteral("first reply"));

        KoderAgentController again; // the switch was stored
        again.setStore(&store);
        again.setConversationId(conversation);
        row = again.messages()->get(1);
        QCOMPARE(row.value(QStringLiteral("text")).toString(), QStringLiteral("first reply"));
        QCOMPARE(row.value(QStringLiteral("versionIndex")).toInt(), 0);
        QCOMPARE(row.value(QStringLiteral("versionCount")).toInt(), 2);
    }
};

QTEST_GUILESS_MAIN(TstStoreVersions)
#include "tst_store_versions.moc"
