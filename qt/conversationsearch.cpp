// SPDX-License-Identifier: MIT
#include "conversationsearch.h"

#include "agentlogging.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <algorithm>

namespace koder::agent::qt {

namespace {

// The roles worth finding: what the user said, what the model answered and what a tool gave
// back. System prompts, checkpoints and summaries (a retelling of rows that stay searchable)
// are not.
const QString indexedRoles = QStringLiteral("('user', 'assistant', 'tool')");

// The match markers of snippet(): removed from what is indexed, so they mean a match only.
constexpr char16_t matchStart = 1;
constexpr char16_t matchEnd = 2;

// The stored rows the index holds, as `source` (the rowid in `messages`, minus the rowid in
// `other_versions`) and the columns it reads: those of `messages` that pass one of `onPath`, and
// of `other_versions` that pass one of `offPath` (one SELECT each: each filter finds its rows by
// rowid).
QString sourceRows(const QStringList& onPath, const QStringList& offPath)
{
    QStringList selects;
    for (const QString& filter : onPath)
        selects << QStringLiteral("SELECT rowid AS source, text, extras, conversation_id, id, "
                                  "role, created_at FROM messages WHERE role IN %1 AND %2")
                       .arg(indexedRoles, filter);
    for (const QString& filter : offPath)
        selects << QStringLiteral("SELECT -rowid AS source, text, extras, conversation_id, id, "
                                  "role, created_at FROM other_versions WHERE role IN %1 AND %2")
                       .arg(indexedRoles, filter);
    return selects.join(QStringLiteral(" UNION ALL "));
}

// How far each table's rows are indexed: every row with a larger rowid is new since. SQLite gives
// a new row the largest rowid + 1, so new rows are found by range; a rowid taken again (after the
// largest rows were deleted) was queued by the delete.
const QString markIndexed = QStringLiteral(
    "UPDATE search_state SET messages_through = (SELECT coalesce(max(rowid), 0) FROM messages), "
    "others_through = (SELECT coalesce(max(rowid), 0) FROM other_versions)");
const QString messagesThrough = QStringLiteral("(SELECT messages_through FROM search_state)");
const QString othersThrough = QStringLiteral("(SELECT others_through FROM search_state)");

// Indexes `sourceRows`, oldest first, under rowids after the bound parameter: the index's rowid
// order is the order rows were written in, which a query with many matches reads newest first.
// The text loses the markers; the reasoning comes out of the row's extras (the core's message
// JSON), '' when there is none or the details are damaged (a damaged row must not fail the
// update or the migration).
QString indexInsert(const QString& rows)
{
    return QStringLiteral(
               "INSERT INTO search_index (rowid, text, reasoning, source, conversation_id, "
               "message_id, role, created_at) SELECT ? + row_number() OVER (ORDER BY created_at, "
               "source), replace(replace(text, char(1), ' '), char(2), ' '), CASE WHEN "
               "json_valid(extras) THEN replace(replace(coalesce(json_extract(extras, "
               "'$.reasoning'), ''), char(1), ' '), char(2), ' ') ELSE '' END, source, "
               "conversation_id, id, role, created_at FROM (%1)")
        .arg(rows);
}

// The index rows after the bound parameter, in the map from stored rows to index rows.
const QString mapInsert = QStringLiteral(
    "INSERT INTO search_rows (source, row) SELECT source, rowid FROM search_index WHERE rowid > ?");

// Beyond this many words a query only narrows; the cap keeps a pasted page from building an
// expression FTS5 needs long to plan.
constexpr int maxParts = 64;

// A query with more matches than this (or than its limit) ranks the newest this many: ranking
// costs a read of each match's positions, and the newest matches are the ones looked for.
constexpr int rankedWindow = 500;

bool run(QSqlQuery& q, const QString& sql, const QVariantList& values, QString* error)
{
    q.prepare(sql);
    for (const QVariant& value : values)
        q.addBindValue(value);
    if (q.exec())
        return true;
    if (error)
        *error = q.lastError().text();
    return false;
}

} // namespace

QStringList searchIndexSchema()
{
    // unicode61 with diacritics removed: "cafe" finds "café". Prefix indexes of 2 and 3
    // characters keep the prefix of the word being typed fast.
    return {QStringLiteral("CREATE VIRTUAL TABLE search_index USING fts5(text, reasoning, source "
                           "UNINDEXED, conversation_id UNINDEXED, message_id UNINDEXED, role "
                           "UNINDEXED, created_at UNINDEXED, tokenize = 'unicode61 "
                           "remove_diacritics 2', prefix = '2 3')"),
            // Which index row holds a stored row.
            QStringLiteral("CREATE TABLE search_rows (source INTEGER PRIMARY KEY, row INTEGER "
                           "NOT NULL)"),
            // The indexed rows deleted or changed since the index was last brought up to date.
            QStringLiteral("CREATE TABLE search_pending (source INTEGER PRIMARY KEY)"),
            // The rowids up to which each table is indexed (markIndexed).
            QStringLiteral("CREATE TABLE search_state (messages_through INTEGER NOT NULL, "
                           "others_through INTEGER NOT NULL)"),
            QStringLiteral("INSERT INTO search_state VALUES (0, 0)"),
            // A match in the text counts twice what one in the reasoning does.
            QStringLiteral("INSERT INTO search_index (search_index, rank) VALUES ('rank', "
                           "'bm25(2.0, 1.0)')")};
}

QStringList searchTriggers()
{
    QStringList triggers;
    const struct {
        QString table;
        QString sign;
        QString through;
    } sources[] = {{QStringLiteral("messages"), QString(), messagesThrough},
                   {QStringLiteral("other_versions"), QStringLiteral("-"), othersThrough}};
    for (const auto& source : sources) {
        // Only a row the index may hold is queued: a new row is found by its rowid, and a reply
        // rewritten at each flush while it streams costs no more than it did without the index.
        // Any role: a rowid deleted may be taken again by a message the index must hold.
        auto queue = [&](const QString& row) {
            return QStringLiteral("INSERT OR IGNORE INTO search_pending SELECT %1%2.rowid WHERE "
                                  "%2.rowid <= %3;")
                .arg(source.sign, row, source.through);
        };
        triggers << QStringLiteral("CREATE TRIGGER %1_unindexed AFTER DELETE ON %1 WHEN old.rowid "
                                   "<= %2 BEGIN %3 END")
                        .arg(source.table, source.through, queue(QStringLiteral("old")))
                 // The store rewrites rows rather than updating them; an update (by another
                 // tool, a later schema) is followed all the same.
                 << QStringLiteral("CREATE TRIGGER %1_reindexed AFTER UPDATE ON %1 BEGIN %2 %3 END")
                        .arg(source.table, queue(QStringLiteral("old")),
                             queue(QStringLiteral("new")));
    }
    return triggers;
}

QStringList searchIndexFill()
{
    // Every stored row, oldest first from rowid 1 (the bound is a literal here: a migration
    // step binds nothing).
    QString insert = indexInsert(sourceRows({QStringLiteral("1")}, {QStringLiteral("1")}));
    QString map = mapInsert;
    return {insert.replace(QStringLiteral("SELECT ? +"), QStringLiteral("SELECT 0 +")),
            map.replace(QStringLiteral("rowid > ?"), QStringLiteral("rowid > 0")), markIndexed};
}

bool updateSearchIndex(const QSqlDatabase& db, QString* error)
{
    QSqlQuery q(db);
    // Nothing written since the last update: three lookups, no write, no lock.
    if (!run(q,
             QStringLiteral("SELECT EXISTS (SELECT 1 FROM search_pending) OR EXISTS (SELECT 1 "
                            "FROM messages WHERE rowid > %1) OR EXISTS (SELECT 1 FROM "
                            "other_versions WHERE rowid > %2)")
                 .arg(messagesThrough, othersThrough),
             {}, error) ||
        !q.next())
        return false;
    if (!q.value(0).toBool())
        return true;
    q.finish();
    // IMMEDIATE: the queue read is the one emptied, whichever connection writes next.
    if (!run(q, QStringLiteral("BEGIN IMMEDIATE"), {}, error))
        return false;
    auto abandon = [&] {
        q.exec(QStringLiteral("ROLLBACK"));
        return false;
    };
    const QString queued = QStringLiteral("SELECT source FROM search_pending");
    if (!run(q,
             QStringLiteral("DELETE FROM search_index WHERE rowid IN (SELECT row FROM search_rows "
                            "WHERE source IN (%1))")
                 .arg(queued),
             {}, error) ||
        !run(q, QStringLiteral("DELETE FROM search_rows WHERE source IN (%1)").arg(queued), {},
             error) ||
        !run(q, QStringLiteral("SELECT coalesce(max(rowid), 0) FROM search_index"), {}, error) ||
        !q.next())
        return abandon();
    const qint64 last = q.value(0).toLongLong();
    // The rows queued as they are now (if they still are), and the new ones.
    const QString rows = sourceRows(
        {QStringLiteral("rowid IN (SELECT source FROM search_pending WHERE source > 0)"),
         QStringLiteral("rowid > ") + messagesThrough},
        {QStringLiteral("rowid IN (SELECT -source FROM search_pending WHERE source < 0)"),
         QStringLiteral("rowid > ") + othersThrough});
    if (!run(q, indexInsert(rows), {last}, error) || !run(q, mapInsert, {last}, error) ||
        !run(q, markIndexed, {}, error) ||
        !run(q, QStringLiteral("DELETE FROM search_pending"), {}, error) ||
        !run(q, QStringLiteral("COMMIT"), {}, error))
        return abandon();
    return true;
}

QString ftsQueryOf(const QString& typed, bool* splits)
{
    // The parts: phrases between quotes and words between blanks, in order.
    struct Part {
        QString text;
        bool phrase = false;
        bool open = false; ///< a phrase whose closing quote is not typed yet
    };
    QList<Part> parts;
    QString current;
    bool inPhrase = false;
    auto flush = [&](bool phrase, bool open) {
        // Only a part with a letter or a digit holds a token: "*", "-" or "..." alone would
        // be an empty phrase.
        const bool searchable = std::any_of(current.cbegin(), current.cend(),
                                            [](QChar c) { return c.isLetterOrNumber(); });
        if (searchable)
            parts.append({current, phrase, open});
        current.clear();
    };
    for (qsizetype i = 0; i < typed.size(); ++i) {
        const QChar c = typed.at(i);
        // A lone surrogate (JavaScript strings can hold one) would swallow the quote after it
        // on its way to UTF-8: it separates words, like any character that is not text.
        if (c.isSurrogate()) {
            const bool paired =
                c.isHighSurrogate() && i + 1 < typed.size() && typed.at(i + 1).isLowSurrogate();
            if (paired) {
                current.append(c);
                current.append(typed.at(++i));
            } else if (inPhrase) {
                current.append(u' ');
            } else {
                flush(false, false);
            }
            continue;
        }
        const bool blank = c.isSpace() || c.category() == QChar::Other_Control;
        if (c == u'"') {
            flush(inPhrase, false);
            inPhrase = !inPhrase;
        } else if (blank && !inPhrase) {
            flush(false, false);
        } else if (blank) {
            // FTS5 reads its query as C text: a NUL would end it inside the phrase.
            current.append(u' ');
        } else {
            current.append(c);
        }
    }
    flush(inPhrase, inPhrase);

    QStringList terms;
    if (splits)
        *splits = false;
    for (qsizetype i = 0; i < parts.size() && terms.size() < maxParts; ++i) {
        const Part& part = parts.at(i);
        QString text = part.text;
        text.replace(u'"', QStringLiteral("\"\""));
        // The last word is still being typed: a prefix. So is a phrase not closed yet.
        const bool prefix = i == parts.size() - 1 && (!part.phrase || part.open);
        QString term = QLatin1Char('"') + text + QLatin1Char('"');
        if (prefix)
            term += QStringLiteral(" *");
        if (terms.contains(term))
            continue;
        terms << term;
        if (splits && !std::all_of(part.text.cbegin(), part.text.cend(),
                                   [](QChar c) { return c.isLetterOrNumber() || c.isMark(); }))
            *splits = true;
    }
    return terms.join(QLatin1Char(' '));
}

void setSnippet(SearchHit& hit, const QString& marked)
{
    QString plain;
    plain.reserve(marked.size());
    int start = -1;
    bool blank = true; // no blank at the start
    for (const QChar c : marked) {
        if (c == QChar(matchStart)) {
            start = static_cast<int>(plain.size());
        } else if (c == QChar(matchEnd)) {
            // A match is its words, not the blank after them.
            const int end = static_cast<int>(plain.size()) - (blank && !plain.isEmpty() ? 1 : 0);
            if (start >= 0 && end > start)
                hit.matches.append({start, end - start});
            start = -1;
        } else if (c.isSpace() || c.category() == QChar::Other_Control) {
            if (!blank)
                plain.append(u' ');
            blank = true;
        } else {
            plain.append(c);
            blank = false;
        }
    }
    if (plain.endsWith(u' '))
        plain.chop(1); // no match ends in it: matches end before a blank
    hit.snippet = plain;
}

std::optional<QList<SearchHit>> searchMessages(const QSqlDatabase& db, const QString& typed,
                                               int limit, QString* error)
{
    bool splits = false;
    const QString match = ftsQueryOf(typed, &splits);
    if (match.isEmpty() || limit <= 0)
        return QList<SearchHit>{};
    // The rows written since the last update first: results follow every committed write.
    // A database busy for longer than its timeout is searched as it is.
    QString stale;
    if (!updateSearchIndex(db, &stale))
        qCWarning(lcAgent).noquote() << "search index not brought up to date:" << stale;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // With more matches than the window, the newest ones are ranked: the index row of the
    // window's oldest match bounds the ranked query. Reading matches newest first stops there.
    if (!run(q,
             QStringLiteral("SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY "
                            "rowid DESC LIMIT 1 OFFSET ?"),
             {match, std::max(rankedWindow, limit) - 1}, error))
        return std::nullopt;
    const qint64 oldest = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    // BM25 weighs a term by how many messages hold it. For a word FTS5 knows; for a phrase (or
    // a word that splits into several, like "e-mail") it reads every match in the index to
    // count them, which costs more than the rest of the query: those are listed newest first.
    const bool byRelevance = !splits;
    const QString order = byRelevance ? QStringLiteral("rank") : QStringLiteral("rowid DESC");
    // FTS5 orders by rank or rowid itself, so the snippets are made for the rows returned only.
    if (!run(q,
             QStringLiteral(
                 "SELECT s.conversation_id, s.message_id, c.title, s.marked, s.role, "
                 "s.created_at FROM (SELECT conversation_id, message_id, role, created_at, %1 AS "
                 "place, snippet(search_index, -1, char(1), char(2), '…', 16) AS marked FROM "
                 "search_index WHERE search_index MATCH ? AND rowid >= ? ORDER BY %2 LIMIT ?) "
                 "s JOIN conversations c ON c.id = s.conversation_id ORDER BY s.place")
                 .arg(byRelevance ? QStringLiteral("rank") : QStringLiteral("-rowid"), order),
             {match, oldest, limit}, error))
        return std::nullopt;
    QList<SearchHit> hits;
    while (q.next()) {
        SearchHit& hit = hits.emplace_back();
        hit.conversationId = q.value(0).toString();
        hit.messageId = q.value(1).toString();
        hit.title = q.value(2).toString();
        setSnippet(hit, q.value(3).toString());
        hit.role = q.value(4).toString();
        hit.createdAt = q.value(5).toLongLong();
    }
    return hits;
}

} // namespace koder::agent::qt
