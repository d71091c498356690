// SPDX-License-Identifier: MIT
// The fixture of the tst_store_* tests: a temporary folder for their files, and the conversations
// they store (a message with every field, a tree with every kind of version).
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/serialization.h"
#include "koder/agent/versions.h"

#include "conversationsearch.h"

#include <QtCore/QObject>
#include <QtCore/QStringList>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <string>
#include <vector>

namespace koder::test {

// Messages of every role, between them every field a message has.
inline std::vector<koder::agent::Message> everyField()
{
    using koder::agent::Message;
    using koder::agent::Role;
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

// A tree with every kind of version. Path: u1, a1c, u2e, a2e. The first reply was regenerated
// twice (a1a, a1b, a1c: the newest shown), the second question edited (u2, u2e: the edit
// shown). Under the first reply a1a the user had asked a follow-up and edited it (u3, u3x); the
// older one, u3, was the active child there: a1a remembers it (not the newest).
inline koder::agent::Conversation treeConversation()
{
    using koder::agent::Message;
    using koder::agent::OtherVersion;
    using koder::agent::Role;
    using koder::agent::Versions;
    koder::agent::Conversation c;
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

// What is wrong with the full-text index of the store file `path`: "" when, once the rows
// written since are folded in, it holds exactly the stored user and assistant messages and
// tool results (path and other versions, with their text) and FTS5's own integrity check passes.
// `caughtUp`: nothing must be left to fold in (a store that was just opened folds it in).
// Read through a connection of its own.
inline QString searchIndexMismatch(const QString& path, bool caughtUp = false)
{
    const QString name = QUuid::createUuid().toString();
    QString problem;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open())
            return QStringLiteral("cannot open ") + path;
        auto rows = [&](const QString& sql) {
            QStringList out;
            QSqlQuery q(db);
            if (!q.exec(sql))
                problem = q.lastError().text();
            while (q.next())
                out << q.value(0).toString() + QLatin1Char('/') + q.value(1).toString() +
                           QLatin1Char('=') + q.value(2).toString();
            out.sort();
            return out;
        };
        QSqlQuery pending(db);
        if (caughtUp &&
            (!pending.exec(QStringLiteral(
                 "SELECT (SELECT count(*) FROM search_pending) + (SELECT count(*) FROM messages "
                 "WHERE rowid > (SELECT messages_through FROM search_state)) + (SELECT count(*) "
                 "FROM other_versions WHERE rowid > (SELECT others_through FROM search_state))")) ||
             !pending.next() || pending.value(0).toInt() != 0))
            problem = QStringLiteral("rows wait in the queue");
        pending.finish();
        QString error;
        if (!koder::agent::qt::updateSearchIndex(db, &error))
            problem = QStringLiteral("update: ") + error;
        const QStringList indexed =
            rows(QStringLiteral("SELECT conversation_id, message_id, text FROM search_index"));
        const QStringList stored = rows(QStringLiteral(
            "SELECT conversation_id, id, text FROM messages WHERE role IN ('user', 'assistant', "
            "'tool') UNION ALL SELECT conversation_id, id, text FROM other_versions WHERE role IN "
            "('user', 'assistant', 'tool')"));
        QSqlQuery mapped(db);
        if (mapped.exec(QStringLiteral("SELECT (SELECT count(*) FROM search_rows) = (SELECT "
                                       "count(*) FROM search_index), (SELECT count(*) FROM "
                                       "search_rows r LEFT JOIN search_index s ON s.rowid = r.row "
                                       "WHERE s.rowid IS NULL)")) &&
            mapped.next() && (!mapped.value(0).toBool() || mapped.value(1).toInt() != 0))
            problem = QStringLiteral("search_rows does not map the index");
        mapped.finish();
        QSqlQuery check(db);
        if (!check.exec(QStringLiteral(
                "INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)")))
            problem = QStringLiteral("integrity-check: ") + check.lastError().text();
        else if (problem.isEmpty() && indexed != stored)
            problem =
                QStringLiteral("index: [%1]\nstored: [%2]")
                    .arg(indexed.join(QStringLiteral(", ")), stored.join(QStringLiteral(", ")));
    }
    QSqlDatabase::removeDatabase(name);
    return problem;
}

} // namespace koder::test

// The base of the tst_store_* test classes: files go to a temporary folder of the test program.
class StoreTest : public QObject {
protected:
    QTemporaryDir dir;
    QString file(const QString& name) const { return dir.filePath(name); }
};
