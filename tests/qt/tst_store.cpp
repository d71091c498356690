// SPDX-License-Identifier: MIT
// KoderConversationStore and the controller with a store, on temporary files: every field, the
// conversation operations, the list model, migration, two controllers on one store, a child
// process killed mid-stream, bad files, and conversation trees (versions).
#include "koder/agent/reducer.h"
#include "koder/agent/serialization.h"
#include "koderagentcontroller.h"
#include "koderconversationlistmodel.h"
#include "koderconversationstore.h"
#include "koderlocalagent.h"
#include "kodermessagemodel.h"
#include "kodertool.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QScopeGuard>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <variant>

using namespace koder::agent;

namespace {

const QString longReply = QStringLiteral(
    "This reply is long enough to be flushed several times while it streams, so that a crash "
    "in the middle of it leaves a partial reply in the store, marked as interrupted, and the "
    "user can regenerate it after opening the conversation again. It goes on and on and on, "
    "word after word, until the parent process kills the child that writes it.");

std::vector<Message> everyField()
{
    Message user("m1", Role::User, "Hello \xC3\xA9\xE2\x82\xAC \"q\"\n", 1700000000000);
    user.extras().attachments = R"([{"name":"a.png"}])";
    user.extras().context = R"({"file":"notes.md"})";
    user.extras().selection = R"({"from":1,"to":4})";
    user.extras().metadata = R"({"k":[1,2]})";
    Message assistant("m2", Role::Assistant, "", 1700000000001);
    assistant.extras().reasoning = "thinking";
    assistant.extras().toolCalls = {{"c1", "get_time", R"({"tz":"UTC"})", true}};
    assistant.extras().finishReason = "tool_calls";
    assistant.extras().usage.promptTokens = 20;
    assistant.extras().usage.completionTokens = 5;
    assistant.extras().usage.totalTokens = 25;
    Message tool("m3", Role::Tool, "09:41", 1700000000002);
    tool.extras().toolCallId = "c1";
    tool.extras().toolName = "get_time";
    tool.isError = true;
    tool.denied = true;
    Message failed("m4", Role::Assistant, "partial");
    failed.extras().error = "connection lost";
    failed.aborted = true;
    Message system("m5", Role::System, "be brief");
    Message checkpoint("m6", Role::Checkpoint, R"({"doc":1})");
    return {user, assistant, tool, failed, system, checkpoint};
}

// Child mode: stream a long reply into the store at argv path, report each flush, wait to die.
int childMain(const QString& path)
{
    KoderConversationStore store;
    store.setPath(path);
    KoderAgentController agent;
    agent.setStore(&store);
    agent.setFlushIntervalMs(50);
    auto* local = new KoderLocalAgent(&agent);
    local->setReply(longReply);
    local->setTokensPerSecond(60);
    agent.setTransport(local);
    QObject::connect(&store, &KoderConversationStore::conversationChanged, [&](const QString& id) {
        if (!agent.streaming())
            return;
        const QVariantMap last = agent.messages()->get(agent.messages()->count() - 1);
        std::printf("flushed %s %lld\n", qPrintable(id),
                    static_cast<long long>(last.value(QStringLiteral("text")).toString().size()));
        std::fflush(stdout);
    });
    agent.send(QStringLiteral("Write something long."));
    return QCoreApplication::exec();
}

// A tree with every kind of version. Path: u1, a1c, u2e, a2e. The first reply was regenerated
// twice (a1a, a1b, a1c: the newest shown), the second question edited (u2, u2e: the edit
// shown). Under the first reply a1a the user had asked a follow-up and edited it (u3, u3x); the
// older one, u3, was the active child there: a1a remembers it (not the newest).
Conversation treeConversation()
{
    Conversation c;
    c.id = "tree";
    c.title = "first question";
    Message a1c("a1c", Role::Assistant, "third answer", 4);
    a1c.extras().reasoning = "thought again";
    c.messages = {Message("u1", Role::User, "first question", 1), a1c,
                  Message("u2e", Role::User, "second question, edited", 8),
                  Message("a2e", Role::Assistant, "answer to the edit", 9)};
    Versions& v = c.versions;
    v.siblings["u1"] = {"a1a", "a1b", "a1c"};
    v.siblings["a1c"] = {"u2", "u2e"};
    v.siblings["a1a"] = {"u3", "u3x"};
    auto off = [&](Message m, std::string parent, std::string active) {
        std::string id = m.id;
        v.offPath.emplace(std::move(id),
                          OtherVersion{std::move(m), std::move(parent), std::move(active)});
    };
    off(Message("a1a", Role::Assistant, "first answer", 2), "u1", "u3");
    Message a1b("a1b", Role::Assistant, "second answer, stopped", 3);
    a1b.aborted = true;
    a1b.extras().toolCalls = {{"c1", "get_time", R"({"tz":"UTC"})", true}};
    a1b.extras().metadata = R"({"k":1})";
    off(a1b, "u1", "");
    off(Message("u2", Role::User, "second question", 5), "a1c", "a2");
    off(Message("a2", Role::Assistant, "second answer", 6), "u2", "");
    off(Message("u3", Role::User, "follow-up", 3), "a1a", "a3");
    off(Message("a3", Role::Assistant, "follow-up answer", 3), "u3", "");
    off(Message("u3x", Role::User, "follow-up, edited", 3), "a1a", "");
    return c;
}

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
                if (!store.save(*write, state.messages, state.versions, streamingRow(state)) &&
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
    const std::string& row(std::size_t i) const { return state.messages.at(i).id; }
};

} // namespace

class TstStore : public QObject {
    Q_OBJECT

    QTemporaryDir dir;
    QString file(const QString& name) const { return dir.filePath(name); }

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

    void aTurnIsCommittedBeforeItsTerminalEvent()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("commit.sqlite")));
        KoderAgentController agent;
        agent.setStore(&store);
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("stored before you hear of it"));
        agent.setTransport(local);
        QString seenAtEnd;
        connect(&agent, &KoderAgentController::streamEnd, this, [&] {
            KoderConversationStore other; // a second connection to the same file
            other.setPath(file(QStringLiteral("commit.sqlite")));
            const auto loaded = other.load(agent.conversationId());
            seenAtEnd = loaded && loaded->size() == 2 ? QString::fromStdString(loaded->back().text)
                                                      : QString();
        });
        QSignalSpy end(&agent, &KoderAgentController::streamEnd);
        agent.send(QStringLiteral("hi"));
        QVERIFY(end.wait());
        QCOMPARE(seenAtEnd, QStringLiteral("stored before you hear of it"));
        QCOMPARE(
            store.conversation(agent.conversationId()).value(QStringLiteral("title")).toString(),
            QStringLiteral("hi"));
    }

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

        // B streams at the same time.
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

        QSignalSpy bEnded(&agent, &KoderAgentController::streamEnd);
        QVERIFY(bEnded.wait());
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

    void twoControllersOnOneStore()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("two.sqlite")));
        KoderAgentController a;
        KoderAgentController b;
        for (auto [agent, reply] :
             {std::pair{&a, "alpha beta gamma"}, std::pair{&b, "one two three"}}) {
            agent->setStore(&store);
            auto* local = new KoderLocalAgent(agent);
            local->setReply(QString::fromLatin1(reply));
            agent->setTransport(local);
        }
        QSignalSpy endA(&a, &KoderAgentController::streamEnd);
        QSignalSpy endB(&b, &KoderAgentController::streamEnd);
        a.send(QStringLiteral("to a"));
        b.send(QStringLiteral("to b"));
        QVERIFY(endA.count() == 1 || endA.wait());
        QVERIFY(endB.count() == 1 || endB.wait());
        QCOMPARE(store.load(a.conversationId())->back().text, std::string("alpha beta gamma"));
        QCOMPARE(store.load(b.conversationId())->back().text, std::string("one two three"));
        QCOMPARE(store.conversations().size(), 2);
    }

    void aCrashMidStreamLosesNothingBeforeTheLastFlush()
    {
        const QString path = file(QStringLiteral("crash.sqlite"));
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KODER_STORE_CHILD"), path);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForStarted());
        QString conversation;
        qint64 lastFlushed = 0;
        int flushes = 0;
        QByteArray buffer;
        while (flushes < 3) {
            QVERIFY2(child.waitForReadyRead(10'000), "the child reported no flush");
            buffer += child.readAllStandardOutput();
            qsizetype newline;
            while ((newline = buffer.indexOf('\n')) >= 0) {
                const QList<QByteArray> parts = buffer.left(newline).split(' ');
                buffer.remove(0, newline + 1);
                if (parts.value(0) == "flushed") {
                    conversation = QString::fromLatin1(parts.value(1));
                    lastFlushed = parts.value(2).toLongLong();
                    ++flushes;
                }
            }
        }
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        KoderConversationStore store;
        store.setPath(path);
        const auto loaded = store.load(conversation);
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), std::size_t(2));
        const Message& reply = loaded->back();
        const QString text = QString::fromStdString(reply.text);
        QVERIFY2(text.size() >= lastFlushed,
                 qPrintable(QStringLiteral("%1 < %2").arg(text.size()).arg(lastFlushed)));
        QVERIFY(lastFlushed > 0);
        QVERIFY(longReply.startsWith(text));
        QVERIFY(text.size() < longReply.size());
        QVERIFY2(reply.aborted, "the cut-off reply comes back marked interrupted");

        // Reopened in a controller, it can be regenerated.
        KoderAgentController agent;
        agent.setStore(&store);
        agent.setConversationId(conversation);
        QCOMPARE(agent.messages()->count(), 2);
        QCOMPARE(agent.status(), QStringLiteral("interrupted"));
        QVERIFY(agent.messages()->get(1).value(QStringLiteral("aborted")).toBool());
        auto* local = new KoderLocalAgent(&agent);
        local->setReply(QStringLiteral("again"));
        agent.setTransport(local);
        QVERIFY(agent.regenerate(
            agent.messages()->get(1).value(QStringLiteral("messageId")).toString()));
    }

    void aControllerDestroyedMidReplyKeepsWhatStreamed()
    {
        KoderConversationStore store;
        store.setPath(file(QStringLiteral("closed.sqlite")));
        QString conversation;
        {
            KoderAgentController agent;
            agent.setStore(&store);
            agent.setFlushIntervalMs(60'000); // no periodic flush: only the one at destruction
            auto* local = new KoderLocalAgent(&agent);
            local->setReply(QStringLiteral("one two three four five six seven eight"));
            local->setTokensPerSecond(50);
            agent.setTransport(local);
            QVERIFY(agent.send(QStringLiteral("q")));
            conversation = agent.conversationId();
            QTRY_VERIFY(agent.messages()->get(1).value(QStringLiteral("text")).toString().size() >=
                        7);
        }
        const auto loaded = store.load(conversation);
        QVERIFY(loaded);
        QCOMPARE(loaded->size(), std::size_t(2));
        QVERIFY(loaded->back().text.size() >= 7);
        QVERIFY(loaded->back().aborted);
    }

    void aCorruptFileIsRefusedAndLeftAlone()
    {
        const QString path = file(QStringLiteral("corrupt.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray garbage = QByteArray("this is not a database. ").repeated(200);
        f.write(garbage);
        f.close();
        KoderConversationStore store;
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        store.setPath(path);
        QVERIFY(!store.ready());
        QVERIFY(failed.count() >= 1);
        QVERIFY2(store.error().contains(QStringLiteral("not a usable conversation store")),
                 qPrintable(store.error()));
        QVERIFY(!store.save(QStringLiteral("c"), everyField(), 0));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), garbage);
    }

    void aNewerSchemaIsRefusedAndLeftAlone()
    {
        const QString path = file(QStringLiteral("newer.sqlite"));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE future (x)")));
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 99")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(!store.ready());
        QVERIFY2(store.error().contains(QStringLiteral("newer version")),
                 qPrintable(store.error()));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer2"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), 99);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer2"));
    }

    void aLockedDatabaseIsAnErrorNotALoss()
    {
        const QString path = file(QStringLiteral("locked.sqlite"));
        KoderConversationStore store;
        store.setPath(path);
        QVERIFY(store.save(QStringLiteral("c"), everyField(), 0));
        {
            QSqlDatabase locker =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
            locker.setDatabaseName(path);
            QVERIFY(locker.open());
            QSqlQuery q(locker);
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QSignalSpy failed(&store, &KoderConversationStore::failed);
            QVERIFY(!store.save(QStringLiteral("c"), {Message("x", Role::User, "new")}, 0));
            QCOMPARE(failed.count(), 1);
            QVERIFY2(store.error().contains(QStringLiteral("locked")), qPrintable(store.error()));
            QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
            locker.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("locker"));
        QCOMPARE(store.load(QStringLiteral("c"))->size(), everyField().size()); // nothing was lost
        QVERIFY(store.save(QStringLiteral("c"), {Message("x", Role::User, "new")}, 0));
        QVERIFY(store.error().isEmpty());
    }

    void aFullDiskIsAnErrorNotALoss()
    {
        // A real full disk: a 160 KiB tmpfs (needs mount rights, as root in CI has).
        const QString mountPoint = file(QStringLiteral("small-disk"));
        QDir().mkpath(mountPoint);
        if (QProcess::execute(QStringLiteral("mount"),
                              {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                               QStringLiteral("size=160k"), QStringLiteral("tmpfs"), mountPoint}) !=
            0)
            QSKIP("cannot mount a small tmpfs here");
        auto unmount =
            qScopeGuard([&] { QProcess::execute(QStringLiteral("umount"), {mountPoint}); });
        KoderConversationStore store;
        store.setPath(mountPoint + QStringLiteral("/full.sqlite"));
        QVERIFY2(store.ready(), qPrintable(store.error()));
        QVERIFY(store.save(QStringLiteral("kept"), everyField(), 0));
        std::vector<Message> big;
        for (int i = 0; i < 400; ++i)
            big.emplace_back("b" + std::to_string(i), Role::User, std::string(1000, 'x'));
        QSignalSpy failed(&store, &KoderConversationStore::failed);
        QVERIFY(!store.save(QStringLiteral("big"), big, 0));
        QCOMPARE(failed.count(), 1);
        QVERIFY2(store.error().contains(QStringLiteral("full")), qPrintable(store.error()));
        QCOMPARE(store.load(QStringLiteral("kept"))->size(),
                 everyField().size());                   // nothing else was lost
        QVERIFY(!store.contains(QStringLiteral("big"))); // the failed write left nothing half-done
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

    // ---- conversation trees (schema 3) ----------------------------------------------------

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
            if (loaded->messages != d.state.messages)
                return QStringLiteral("%1: the path differs").arg(QString::fromUtf8(step));
            if (!(loaded->versions == d.state.versions))
                return QStringLiteral("%1: the versions differ:\n%2---\n%3")
                    .arg(QString::fromUtf8(step), QString::fromStdString(dump(loaded->versions)),
                         QString::fromStdString(dump(d.state.versions)));
            return d.problem;
        };
        d.apply(Send{"q1", {}});
        d.reply("r1");
        d.apply(Send{"q2", {}});
        d.reply("r2");
        conversation = QString::fromStdString(d.state.conversationId);
        QVERIFY2(same("two turns").isEmpty(), qPrintable(same("two turns")));
        QVERIFY(d.state.versions.empty());

        d.apply(Regenerate{d.row(3)}); // r2 -> r2b
        d.reply("r2b");
        d.apply(Regenerate{d.row(3)}); // -> r2c
        d.reply("r2c");
        QCOMPARE(d.state.versions.position(d.row(2), d.row(3)), (VersionPosition{2, 3}));
        QVERIFY2(same("regenerated twice").isEmpty(), qPrintable(same("regenerated twice")));

        const std::string q1 = d.row(0);
        const std::string r2c = d.row(3);
        d.apply(Edit{q1, "q1 edited"});
        d.reply("r1e");
        QCOMPARE(d.state.messages.size(), std::size_t(2));
        QVERIFY2(same("edited").isEmpty(), qPrintable(same("edited")));

        // Switch-like writes: the old tail is written as other versions, the new one dropped.
        d.apply(SwitchVersion{d.row(0), 0});
        QCOMPARE(d.row(0), q1);
        QCOMPARE(d.row(3), r2c); // the active child remembered under r1
        QVERIFY2(same("back to q1").isEmpty(), qPrintable(same("back to q1")));
        d.apply(SwitchVersion{d.row(3), 0});
        QCOMPARE(d.state.messages.back().text, std::string("r2"));
        QVERIFY2(same("back to r2").isEmpty(), qPrintable(same("back to r2")));
        d.apply(SwitchVersion{d.row(0), 1});
        QCOMPARE(d.state.messages.back().text, std::string("r1e"));
        QVERIFY2(same("to the edit").isEmpty(), qPrintable(same("to the edit")));
        d.apply(SwitchVersion{d.row(0), 0});
        QCOMPARE(d.state.messages.back().text, std::string("r2")); // r2 is active there now
        QVERIFY2(same("to q1 again").isEmpty(), qPrintable(same("to q1 again")));
        QCOMPARE(store.conversation(conversation).value(QStringLiteral("messageCount")).toInt(), 4);

        // Another connection (a restart) reads the same tree.
        {
            KoderConversationStore reopened;
            reopened.setPath(path);
            const auto loaded = reopened.loadConversation(conversation);
            QVERIFY(loaded);
            QCOMPARE(loaded->messages, d.state.messages);
            QVERIFY(loaded->versions == d.state.versions);
        }

        // Replacing the history (allVersions) leaves no other version behind.
        d.apply(SetMessages{{Message("n1", Role::User, "new history")}});
        QVERIFY(d.state.versions.empty());
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

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (const QString child = qEnvironmentVariable("KODER_STORE_CHILD"); !child.isEmpty())
        return childMain(child);
    TstStore test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_store.moc"
