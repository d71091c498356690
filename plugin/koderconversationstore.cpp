// SPDX-License-Identifier: MIT
#include "koderconversationstore.h"

#include "agentlogging.h"
#include "koder/agent/serialization.h"
#include "qtconvert.h"

#include <QtCore/QDateTime>
#include <QtCore/QHash>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <algorithm>
#include <string_view>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

enum Flag { IsError = 1, Denied = 2, Aborted = 4, Streaming = 8 };

// Each schema version is the list of statements that brings the previous one up to it.
const QList<QStringList>& migrations()
{
    static const QList<QStringList> steps{
        // 1: the first schema
        {QStringLiteral("CREATE TABLE conversations (id TEXT PRIMARY KEY, title TEXT NOT NULL "
                        "DEFAULT '', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)"),
         QStringLiteral("CREATE TABLE messages (conversation_id TEXT NOT NULL REFERENCES "
                        "conversations(id) ON DELETE CASCADE, position INTEGER NOT NULL, id TEXT "
                        "NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT "
                        "NULL, flags INTEGER NOT NULL DEFAULT 0, extras TEXT, PRIMARY KEY "
                        "(conversation_id, position))"),
         QStringLiteral("CREATE INDEX conversations_by_recency ON conversations(updated_at)")},
        // 2: titles the user edited are kept
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN title_edited INTEGER NOT NULL "
                        "DEFAULT 0")},
        // 3: the conversation tree. `messages` stays the active path (so the list's message
        // count, the path's order and writing a tail by position are unchanged); each row gains
        // its version index among its siblings. The messages off the path have no position:
        // they are kept by id, with their parent, version index and the child that was active
        // under them. A file of schema 2 is a tree of one version per message as it is.
        {QStringLiteral("ALTER TABLE messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0"),
         QStringLiteral("CREATE TABLE other_versions (conversation_id TEXT NOT NULL REFERENCES "
                        "conversations(id) ON DELETE CASCADE, id TEXT NOT NULL, parent_id TEXT "
                        "NOT NULL, version INTEGER NOT NULL, active_child_id TEXT NOT NULL "
                        "DEFAULT '', role TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER "
                        "NOT NULL, flags INTEGER NOT NULL DEFAULT 0, extras TEXT, PRIMARY KEY "
                        "(conversation_id, id))")},
        // 4: durable approvals. What the conversation's open tool phase waits for (the calls
        // pending the user, the approved ones whose tool ran) and its tools granted by the user,
        // as the core's JSON (toJson(ApprovalState)); '' when there is none.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN approvals TEXT NOT NULL DEFAULT ''")},
        // 5: the messages sent while a turn was open (busy policy "queue"), as the core's JSON
        // (toJson of the queue); '' when none wait.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN queued TEXT NOT NULL DEFAULT ''")},
        // 6: a turn finished while the conversation was not shown, and it has not been shown
        // since (1); kept across restarts like the rest of the list.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN unread INTEGER NOT NULL DEFAULT 0")},
    };
    return steps;
}

// The title a conversation gets until the user names it: its first user message, one line.
QString titleFrom(const std::vector<Message>& messages)
{
    for (const Message& m : messages) {
        if (m.role != Role::User)
            continue;
        QString title = toQString(m.text).simplified();
        if (title.size() > 80)
            title = title.left(79) + QChar(0x2026);
        return title;
    }
    return {};
}

int flagsOf(const Message& m, bool streaming)
{
    return (m.isError ? IsError : 0) | (m.denied ? Denied : 0) | (m.aborted ? Aborted : 0) |
           (streaming ? Streaming : 0);
}

// The out-of-line fields as JSON (the core's message format around an empty shell), or null.
QVariant extrasOf(const Message& m)
{
    const MessageExtras* x = m.extrasOrNull();
    if (!x || x->empty())
        return QVariant(QMetaType::fromType<QString>());
    Message shell("x", m.role, {});
    shell.extras() = *x;
    return toQString(toJson(shell));
}

// The columns every message row has: id, role, text, created_at, flags, extras. In a UTF-8
// database the long ones are read as their bytes: Qt would turn them into UTF-16 and the core
// back into UTF-8, which costs a fifth of a load.
QString messageColumns(bool utf8)
{
    return utf8 ? QStringLiteral("id, role, CAST(text AS BLOB), created_at, flags, "
                                 "CAST(extras AS BLOB)")
                : QStringLiteral("id, role, text, created_at, flags, extras");
}

// UTF-8 text from a column read as bytes (a UTF-8 database) or as text.
std::string utf8Of(const QVariant& value)
{
    if (value.typeId() == QMetaType::QByteArray) {
        const QByteArray bytes = value.toByteArray();
        return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    }
    return toStd(value.toString());
}

// The message of a row read with messageColumns() from column `first` on. nullopt for an unknown
// role (the conversation cannot be shown as it was); damaged details cost the details only, and
// the first such row is described in `unreadable`.
std::optional<Message> messageOf(const QSqlQuery& q, int first, QString& unreadable)
{
    const auto role = roleFromString(toStd(q.value(first + 1).toString()));
    if (!role)
        return std::nullopt;
    Message m(toStd(q.value(first).toString()), *role, utf8Of(q.value(first + 2)),
              q.value(first + 3).toLongLong());
    const int flags = q.value(first + 4).toInt();
    m.isError = flags & IsError;
    m.denied = flags & Denied;
    // A reply still being written when the store last saw it was cut off (a crash): it comes
    // back stopped, so it can be regenerated.
    m.aborted = (flags & (Aborted | Streaming)) != 0;
    const std::string extras = utf8Of(q.value(first + 5));
    if (!extras.empty()) {
        auto parsed = messageFromJson(extras);
        if (auto* shell = std::get_if<Message>(&parsed); shell && shell->extrasOrNull())
            m.extras() = *shell->extrasOrNull();
        else if (auto* error = std::get_if<LoadError>(&parsed); error && unreadable.isEmpty())
            unreadable = KoderConversationStore::tr(
                             "The details (tool calls, attachments, ...) of the stored message "
                             "%1 cannot be read: %2. Its text is shown.")
                             .arg(toQString(m.id), toQString(error->toString()));
    }
    return m;
}

// The name assembleVersions gives the stored other versions in its errors.
constexpr std::string_view othersName = "other_versions";

// The record number in an error path like "other_versions[12].parentId", or -1.
qint64 recordOf(const std::string& path)
{
    const std::string prefix = std::string(othersName) + "[";
    if (path.rfind(prefix, 0) != 0)
        return -1;
    const std::size_t end = path.find(']', prefix.size());
    if (end == std::string::npos)
        return -1;
    bool ok = false;
    const qint64 record =
        QString::fromStdString(path.substr(prefix.size(), end - prefix.size())).toLongLong(&ok);
    return ok ? record : -1;
}

} // namespace

KoderConversationStore::KoderConversationStore(QObject* parent)
    : QObject(parent)
    , m_connection(QStringLiteral("koder-store-") + QUuid::createUuid().toString(QUuid::Id128))
{
    open();
}

KoderConversationStore::~KoderConversationStore()
{
    close();
}

void KoderConversationStore::setPath(const QString& path)
{
    if (m_path == path)
        return;
    close();
    m_path = path;
    open();
    Q_EMIT pathChanged();
}

bool KoderConversationStore::fail(const QString& message) const
{
    qCWarning(lcAgent).noquote() << "conversation store:" << message;
    m_error = message;
    auto* self = const_cast<KoderConversationStore*>(this);
    Q_EMIT self->errorChanged();
    Q_EMIT self->failed(message);
    return false;
}

void KoderConversationStore::succeed() const
{
    if (m_error.isEmpty())
        return;
    m_error.clear();
    Q_EMIT const_cast<KoderConversationStore*>(this)->errorChanged();
}

bool KoderConversationStore::open()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(m_path.isEmpty() ? QStringLiteral(":memory:") : m_path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    if (!db.open())
        return fail(
            tr("Cannot open the conversation store %1: %2").arg(m_path, db.lastError().text()));
    if (!migrate()) {
        db.close();
        return false;
    }
    QSqlQuery encoding(db);
    m_utf8 = encoding.exec(QStringLiteral("PRAGMA encoding")) && encoding.next() &&
             encoding.value(0).toString() == QLatin1String("UTF-8");
    // Recency keeps its order even if the clock went back since the last write.
    QSqlQuery latest(db);
    m_lastStamp =
        latest.exec(QStringLiteral("SELECT MAX(updated_at) FROM conversations")) && latest.next()
            ? latest.value(0).toLongLong()
            : 0;
    m_ready = true;
    Q_EMIT readyChanged();
    succeed();
    return true;
}

void KoderConversationStore::close()
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    if (m_ready) {
        m_ready = false;
        Q_EMIT readyChanged();
    }
}

bool KoderConversationStore::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    // Reading the version is the first access: a file that is not a database fails here.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return fail(tr("%1 is not a usable conversation store: %2")
                        .arg(m_path.isEmpty() ? tr("The in-memory database") : m_path,
                             q.lastError().text()));
    const int version = q.value(0).toInt();
    if (version > schemaVersion)
        return fail(tr("%1 was written by a newer version (schema %2); this version reads up to "
                       "schema %3. It was left untouched.")
                        .arg(m_path)
                        .arg(version)
                        .arg(schemaVersion));
    q.exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    if (!m_path.isEmpty())
        q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
    for (int v = version; v < schemaVersion; ++v) {
        if (!db.transaction())
            return fail(tr("Cannot migrate %1: %2").arg(m_path, db.lastError().text()));
        for (const QString& statement : migrations().at(v)) {
            if (!q.exec(statement)) {
                const QString why = q.lastError().text();
                db.rollback();
                return fail(
                    tr("Cannot migrate %1 to schema %2: %3").arg(m_path).arg(v + 1).arg(why));
            }
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(v + 1)) || !db.commit()) {
            const QString why = db.lastError().text();
            db.rollback();
            return fail(tr("Cannot migrate %1 to schema %2: %3").arg(m_path).arg(v + 1).arg(why));
        }
        qCDebug(lcAgent) << "conversation store migrated to schema" << v + 1;
    }
    return true;
}

// The time of a write, strictly after this store's previous one: two writes in the same
// millisecond still list in the order they happened.
qint64 KoderConversationStore::stamp()
{
    m_lastStamp = std::max(QDateTime::currentMSecsSinceEpoch(), m_lastStamp + 1);
    return m_lastStamp;
}

bool KoderConversationStore::save(const QString& id, const std::vector<Message>& messages,
                                  std::size_t fromRow, std::size_t streamingRow,
                                  const QString& title)
{
    return writeConversation(Persist{toStd(id), fromRow, {}, {}, false}, messages, nullptr, nullptr,
                             streamingRow, title);
}

bool KoderConversationStore::save(const Persist& write, const std::vector<Message>& messages,
                                  const Versions& versions, std::size_t streamingRow,
                                  const QString& title)
{
    return writeConversation(write, messages, &versions, nullptr, streamingRow, title);
}

bool KoderConversationStore::save(const Persist& write, const std::vector<Message>& messages,
                                  const Versions& versions, const Pending& pending,
                                  std::size_t streamingRow, const QString& title)
{
    return writeConversation(write, messages, &versions, &pending, streamingRow, title);
}

bool KoderConversationStore::writeConversation(const Persist& write,
                                               const std::vector<Message>& messages,
                                               const Versions* tree, const Pending* pending,
                                               std::size_t streamingRow, const QString& title)
{
    static const Versions none;
    const Versions& versions = tree ? *tree : none;
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    const QString id = toQString(write.conversationId);
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (!db.transaction())
        return fail(tr("Cannot save the conversation: %1").arg(db.lastError().text()));
    auto abandon = [&](const QSqlQuery& q) {
        const QString why = q.lastError().text();
        db.rollback();
        return fail(tr("Cannot save the conversation: %1").arg(why));
    };
    const qint64 now = stamp();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT OR IGNORE INTO conversations (id, title, created_at, "
                             "updated_at) VALUES (?, '', ?, ?)"));
    q.addBindValue(id);
    q.addBindValue(now);
    q.addBindValue(now);
    if (!q.exec())
        return abandon(q);

    // The path: its rows from fromRow on, by position. Without the tree (a path-only save), a
    // row rewritten with the same id keeps the version index it has.
    QHash<QString, qint64> storedIndexes;
    if (!tree) {
        q.prepare(QStringLiteral("SELECT id, version FROM messages WHERE conversation_id = ? AND "
                                 "position >= ? AND version <> 0"));
        q.addBindValue(id);
        q.addBindValue(static_cast<qint64>(write.fromRow));
        if (!q.exec())
            return abandon(q);
        while (q.next())
            storedIndexes.insert(q.value(0).toString(), q.value(1).toLongLong());
    }
    q.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ? AND position >= ?"));
    q.addBindValue(id);
    q.addBindValue(static_cast<qint64>(write.fromRow));
    if (!q.exec())
        return abandon(q);
    q.prepare(QStringLiteral("INSERT INTO messages (conversation_id, position, id, role, text, "
                             "created_at, flags, extras, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                             "?)"));
    for (std::size_t row = write.fromRow; row < messages.size(); ++row) {
        const Message& m = messages[row];
        const QString messageId = toQString(m.id);
        q.bindValue(0, id);
        q.bindValue(1, static_cast<qint64>(row));
        q.bindValue(2, messageId);
        q.bindValue(3, toQString(toString(m.role)));
        q.bindValue(4, toQString(m.text));
        q.bindValue(5, static_cast<qint64>(m.createdAt));
        q.bindValue(6, flagsOf(m, row == streamingRow));
        q.bindValue(7, extrasOf(m));
        q.bindValue(
            8, tree ? static_cast<qint64>(versions.position(parentIdOf(messages, row), m.id).index)
                    : storedIndexes.value(messageId, 0));
        if (!q.exec())
            return abandon(q);
    }

    // The other versions: all of them, or the ones named. A named one is stored as `versions`
    // has it now (off the path: written; on it or gone: dropped), whichever list named it.
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral("INSERT OR REPLACE INTO other_versions (conversation_id, id, "
                                  "role, text, created_at, flags, extras, parent_id, version, "
                                  "active_child_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    auto store = [&](const OtherVersion& v) {
        const Message& m = v.message;
        insert.bindValue(0, id);
        insert.bindValue(1, toQString(m.id));
        insert.bindValue(2, toQString(toString(m.role)));
        insert.bindValue(3, toQString(m.text));
        insert.bindValue(4, static_cast<qint64>(m.createdAt));
        insert.bindValue(5, flagsOf(m, false));
        insert.bindValue(6, extrasOf(m));
        insert.bindValue(7, toQString(v.parentId));
        insert.bindValue(8, static_cast<qint64>(versions.position(v.parentId, m.id).index));
        insert.bindValue(9, toQString(v.activeChildId));
        return insert.exec();
    };
    if (write.allVersions) {
        q.prepare(QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ?"));
        q.addBindValue(id);
        if (!q.exec())
            return abandon(q);
        for (const OtherVersion* v : versions.inOrder(messages))
            if (!store(*v))
                return abandon(insert);
    } else if (!write.versionsDropped.empty() || !write.versionsWritten.empty()) {
        q.prepare(
            QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ? AND id = ?"));
        for (const auto* named : {&write.versionsDropped, &write.versionsWritten}) {
            for (const std::string& versionId : *named) {
                if (const OtherVersion* v = versions.find(versionId)) {
                    if (!store(*v))
                        return abandon(insert);
                    continue;
                }
                q.bindValue(0, id);
                q.bindValue(1, toQString(versionId));
                if (!q.exec())
                    return abandon(q);
            }
        }
    }

    q.prepare(QStringLiteral("UPDATE conversations SET updated_at = ?, title = CASE WHEN "
                             "title_edited = 0 THEN ? ELSE title END WHERE id = ?"));
    q.addBindValue(now);
    q.addBindValue(title.isEmpty() ? titleFrom(messages) : title);
    q.addBindValue(id);
    if (!q.exec())
        return abandon(q);
    if (pending) {
        q.prepare(
            QStringLiteral("UPDATE conversations SET approvals = ?, queued = ? WHERE id = ?"));
        q.addBindValue(toQString(toJson(pending->approvals)));
        q.addBindValue(toQString(toJson(pending->queued)));
        q.addBindValue(id);
        if (!q.exec())
            return abandon(q);
    }
    if (!db.commit()) {
        const QString why = db.lastError().text();
        db.rollback();
        return fail(tr("Cannot save the conversation: %1").arg(why));
    }
    succeed();
    Q_EMIT conversationChanged(id);
    return true;
}

std::optional<std::vector<Message>> KoderConversationStore::load(const QString& id)
{
    auto loaded = loadConversation(id);
    if (!loaded)
        return std::nullopt;
    return std::move(loaded->messages);
}

std::optional<Conversation> KoderConversationStore::loadConversation(const QString& id)
{
    const QVariantMap summary = conversation(id); // empty when there is no such conversation
    if (summary.isEmpty())
        return std::nullopt;
    Conversation c;
    c.id = toStd(id);
    c.title = toStd(summary.value(QStringLiteral("title")).toString());
    // Sized once: a grown vector would keep up to twice the room a long history needs.
    const auto rows =
        static_cast<std::size_t>(summary.value(QStringLiteral("messageCount")).toInt());
    c.messages.reserve(rows);
    std::vector<std::size_t> pathIndexes;
    pathIndexes.reserve(rows);
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1, version FROM messages WHERE conversation_id = ? ORDER BY "
                             "position")
                  .arg(messageColumns(m_utf8)));
    q.addBindValue(id);
    if (!q.exec()) {
        fail(tr("Cannot read the conversation: %1").arg(q.lastError().text()));
        return std::nullopt;
    }
    QString unreadable;
    while (q.next()) {
        auto m = messageOf(q, 0, unreadable);
        if (!m) {
            fail(tr("The stored message %1 has an unknown role.").arg(q.value(0).toString()));
            return std::nullopt;
        }
        c.messages.push_back(std::move(*m));
        pathIndexes.push_back(
            static_cast<std::size_t>(std::max<qint64>(0, q.value(6).toLongLong())));
    }

    // The rest of the tree, in a stable order (the one a damaged record is found by again).
    const QString othersSql = QStringLiteral("FROM other_versions WHERE conversation_id = ? "
                                             "ORDER BY id");
    q.prepare(QStringLiteral("SELECT %1, parent_id, version, active_child_id ")
                  .arg(messageColumns(m_utf8)) +
              othersSql);
    q.addBindValue(id);
    if (!q.exec()) {
        fail(tr("Cannot read the conversation: %1").arg(q.lastError().text()));
        return std::nullopt;
    }
    std::vector<OtherVersionRecord> others;
    while (q.next()) {
        auto m = messageOf(q, 0, unreadable);
        if (!m) {
            fail(tr("The stored message %1 has an unknown role.").arg(q.value(0).toString()));
            return std::nullopt;
        }
        OtherVersionRecord& r = others.emplace_back();
        r.version.message = std::move(*m);
        r.version.parentId = toStd(q.value(6).toString());
        r.versionIndex = static_cast<std::size_t>(std::max<qint64>(0, q.value(7).toLongLong()));
        r.version.activeChildId = toStd(q.value(8).toString());
    }
    if (!others.empty()) {
        auto assembled = assembleVersions(c.messages, pathIndexes, std::move(others), othersName);
        if (auto* error = std::get_if<LoadError>(&assembled)) {
            // Named by the stored message it is about, not by its place in a query.
            QString message;
            if (const qint64 record = recordOf(error->path); record >= 0) {
                QSqlQuery which(db);
                which.prepare(QStringLiteral("SELECT id ") + othersSql +
                              QStringLiteral(" LIMIT 1 OFFSET ?"));
                which.addBindValue(id);
                which.addBindValue(record);
                // "other_versions[12].parentId" names the field after "].".
                const std::size_t dot = error->path.find("].");
                const std::string field =
                    dot == std::string::npos ? std::string() : error->path.substr(dot + 2);
                if (which.exec() && which.next())
                    message = tr("The stored conversation %1 cannot be read: its message %2, "
                                 "off the active path, is damaged (%3: %4).")
                                  .arg(id, which.value(0).toString(), toQString(field),
                                       toQString(error->message));
            }
            if (message.isEmpty())
                message = tr("The stored conversation %1 cannot be read: its versions are "
                             "damaged (%2).")
                              .arg(id, toQString(error->toString()));
            fail(message);
            return std::nullopt;
        }
        c.versions = std::move(std::get<Versions>(assembled));
    }
    // What its tool phase waits for. Damaged, it costs the wait (the conversation comes back
    // interrupted), not the conversation.
    q.prepare(QStringLiteral("SELECT approvals, queued FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next()) {
        auto approvals = approvalStateFromJson(toStd(q.value(0).toString()));
        if (auto* error = std::get_if<LoadError>(&approvals))
            unreadable = tr("The stored conversation %1 lost what it waited for: %2")
                             .arg(id, toQString(error->toString()));
        else
            c.approvals = std::move(std::get<ApprovalState>(approvals));
        auto queued = queuedFromJson(toStd(q.value(1).toString()));
        if (auto* error = std::get_if<LoadError>(&queued))
            unreadable = tr("The stored conversation %1 lost its queued messages: %2")
                             .arg(id, toQString(error->toString()));
        else
            c.queued = std::move(std::get<std::vector<QueuedMessage>>(queued));
    }
    // A damaged row costs its details, not the conversation, and is said, not hidden.
    if (unreadable.isEmpty())
        succeed();
    else
        fail(unreadable);
    return c;
}

bool KoderConversationStore::contains(const QString& id) const
{
    if (!m_ready)
        return false;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT 1 FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    return q.exec() && q.next();
}

namespace {
const QString summarySql =
    QStringLiteral("SELECT c.id, c.title, c.updated_at, (SELECT COUNT(*) FROM messages m WHERE "
                   "m.conversation_id = c.id), c.unread FROM conversations c");

QVariantMap summaryOf(const QSqlQuery& q)
{
    return {{QStringLiteral("id"), q.value(0).toString()},
            {QStringLiteral("title"), q.value(1).toString()},
            {QStringLiteral("updatedAt"),
             QDateTime::fromMSecsSinceEpoch(q.value(2).toLongLong(), Qt::UTC)},
            {QStringLiteral("messageCount"), q.value(3).toInt()},
            {QStringLiteral("unread"), q.value(4).toInt() != 0}};
}
} // namespace

QVariantList KoderConversationStore::conversations() const
{
    QVariantList list;
    if (!m_ready)
        return list;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(summarySql + QStringLiteral(" ORDER BY c.updated_at DESC, c.id"))) {
        fail(tr("Cannot list the conversations: %1").arg(q.lastError().text()));
        return list;
    }
    while (q.next())
        list.append(summaryOf(q));
    return list;
}

QVariantMap KoderConversationStore::conversation(const QString& id) const
{
    if (!m_ready)
        return {};
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(summarySql + QStringLiteral(" WHERE c.id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return summaryOf(q);
}

bool KoderConversationStore::rename(const QString& id, const QString& title)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE conversations SET title = ?, title_edited = 1, updated_at = "
                             "? WHERE id = ?"));
    q.addBindValue(title);
    q.addBindValue(stamp());
    q.addBindValue(id);
    if (!q.exec())
        return fail(tr("Cannot rename the conversation: %1").arg(q.lastError().text()));
    if (q.numRowsAffected() == 0)
        return fail(tr("There is no conversation %1.").arg(id));
    succeed();
    Q_EMIT conversationChanged(id);
    return true;
}

bool KoderConversationStore::setUnread(const QString& id, bool unread)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlQuery q(QSqlDatabase::database(m_connection));
    // Not a write of the conversation: its place in the list (updated_at) stays.
    q.prepare(QStringLiteral("UPDATE conversations SET unread = ? WHERE id = ? AND unread != ?"));
    q.addBindValue(unread ? 1 : 0);
    q.addBindValue(id);
    q.addBindValue(unread ? 1 : 0);
    if (!q.exec())
        return fail(tr("Cannot mark the conversation: %1").arg(q.lastError().text()));
    succeed();
    if (q.numRowsAffected() > 0)
        Q_EMIT conversationChanged(id);
    return true;
}

bool KoderConversationStore::remove(const QString& id)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    if (!db.transaction())
        return fail(tr("Cannot delete the conversation: %1").arg(db.lastError().text()));
    q.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ?"));
    q.addBindValue(id);
    bool ok = q.exec();
    q.prepare(QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ?"));
    q.addBindValue(id);
    ok = ok && q.exec();
    q.prepare(QStringLiteral("DELETE FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    ok = ok && q.exec();
    if (!ok || !db.commit()) {
        const QString why = q.lastError().text();
        db.rollback();
        return fail(tr("Cannot delete the conversation: %1").arg(why));
    }
    succeed();
    Q_EMIT conversationRemoved(id);
    return true;
}

QString KoderConversationStore::exportJson(const QString& id) const
{
    auto* self = const_cast<KoderConversationStore*>(this);
    const auto c = self->loadConversation(id);
    if (!c)
        return {};
    return toQString(toJson(*c, 2));
}

QString KoderConversationStore::importJson(const QString& json)
{
    auto loaded = conversationFromJson(toStd(json));
    if (auto* error = std::get_if<LoadError>(&loaded)) {
        fail(tr("The conversation cannot be imported: %1").arg(toQString(error->toString())));
        return {};
    }
    Conversation& c = std::get<Conversation>(loaded);
    // A file from elsewhere grants nothing: the tools someone allowed in their conversation
    // would otherwise run unasked here.
    c.approvals.grantedTools.clear();
    QString id = toQString(c.id);
    if (id.isEmpty() || contains(id))
        id = QStringLiteral("c") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    if (!save(Persist{toStd(id), 0, {}, {}, true}, c.messages, c.versions, {c.approvals, c.queued},
              noRow, toQString(c.title)))
        return {};
    return id;
}
