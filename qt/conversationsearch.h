// SPDX-License-Identifier: MIT
#pragma once

// The store's full-text index and its queries (SQLite FTS5).
//
// One index row per message that says something a user looks for: user and assistant messages
// and tool results, on the active path or off it (every version). Its columns are the text and
// the reasoning (both searched), then the conversation, the message id, the role and the time
// (stored, not searched). Its rowids follow the order rows were indexed in, so the newest
// matches of a query are read first; `search_rows` maps each stored row (its `source`: its rowid
// in `messages` for a row of the path, minus its rowid in `other_versions` for one off it) to
// its index row. The index holds its own copy of the text, without the two control characters
// its snippets mark matches with.
//
// Writes do not wait for the index. `search_state` says up to which rowid each table is indexed:
// SQLite gives a new row the largest rowid + 1, so the rows written since are found by range, at
// no cost to the write. Triggers put an indexed row that is deleted or updated into
// `search_pending`, in the transaction of the write (a rowid deleted may be given again).
// updateSearchIndex() folds both into the index in one transaction of its own: before every
// search, when the store is opened, and a moment after the store's last write. So the index and
// what it has still to take in always match the messages, a crash included, and searches see
// every committed write, while a write costs what it did without the index (a reply rewritten
// at each flush while it streams is not indexed yet, and queues nothing).

#include <QtCore/QList>
#include <QtCore/QMetaType>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

class QSqlDatabase;

namespace koder::agent::qt {

/// The statements that create the index and its queue.
QStringList searchIndexSchema();
/// The triggers that queue the indexed rows of `messages` and `other_versions` that are
/// deleted or updated.
QStringList searchTriggers();
/// Fills it from the messages stored so far (the migration to schema 7).
QStringList searchIndexFill();
/// Folds the new and the queued rows into the index (nothing to do costs three lookups). False, with `error`,
/// when the database is busy past its timeout or fails; the queue is kept for the next time.
bool updateSearchIndex(const QSqlDatabase& db, QString* error);

/// The FTS5 query for what a user typed, or "" when it holds nothing to search for. Words must
/// all match, the last word as a prefix (it may still be being typed); "quoted phrases" match
/// as phrases, an unclosed one as a prefix too. Each part is quoted for FTS5, so no input is an FTS5 syntax
/// error: operators (AND, OR, NOT, NEAR), `*`, `^`, `:` and parentheses are words or nothing.
/// `splits` (when given) says whether a part is more than one token (a phrase, or a word like
/// "e-mail"): FTS5's BM25 of such a part reads every match of it in the index.
QString ftsQueryOf(const QString& typed, bool* splits = nullptr);

/// One message that matches.
struct SearchHit {
    QString conversationId;
    QString messageId;
    QString title;   ///< the conversation's
    QString snippet; ///< plain text, one line
    /// [start, length] of each match in `snippet`, in UTF-16 code units (QML string indices).
    QList<std::pair<int, int>> matches;
    QString role;
    qint64 createdAt = 0;
    friend bool operator==(const SearchHit&, const SearchHit&) = default;
};

/// The best `limit` matches of `typed` in the database `db` is open on, best first (BM25),
/// after updateSearchIndex(). A query that matches more than 500 messages ranks the newest
/// 500 of them. Empty for a query with nothing to search for; nullopt when the database fails
/// (`error` says why).
std::optional<QList<SearchHit>> searchMessages(const QSqlDatabase& db, const QString& typed,
                                               int limit, QString* error);

/// Sets `hit`'s snippet and matches from a snippet as FTS5 returns it (each match between the
/// markers): plain text on one line, blanks collapsed, and the ranges of the matches in it.
void setSnippet(SearchHit& hit, const QString& marked);

} // namespace koder::agent::qt

Q_DECLARE_METATYPE(koder::agent::qt::SearchHit)
