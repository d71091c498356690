// SPDX-License-Identifier: MIT
#pragma once

// The store's full-text index and its queries (SQLite FTS5).
//
// One index row per message that says something a user looks for: user and assistant messages
// and tool results, on the active path or off it (every version). Its columns are the text and
// the reasoning (both searched), then the conversation, the message id, the role and the time
// (stored, not searched). Its rowid is the message's rowid in `messages` for a row of the path
// and minus its rowid in `other_versions` for one off it, so the triggers that keep it in step
// find a row without a search. The index holds its own copy of the text, without the two
// control characters its snippets mark matches with.

#include <QtCore/QList>
#include <QtCore/QMetaType>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

class QSqlDatabase;

namespace koder::agent::qt {

/// The statement that creates the index.
QString searchIndexSchema();
/// The triggers that keep it in step with `messages` and `other_versions`.
QStringList searchTriggers();
/// Fills it from the messages stored so far (the migration to schema 7).
QStringList searchIndexFill();

/// The FTS5 query for what a user typed, or "" when it holds nothing to search for. Words must
/// all match, the last one (unless a quote or a blank ends the text) as a prefix; "quoted
/// phrases" match as phrases. Each part is quoted for FTS5, so no input is an FTS5 syntax
/// error: operators (AND, OR, NOT, NEAR), `*`, `^`, `:` and parentheses are words or nothing.
QString ftsQueryOf(const QString& typed);

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

/// The best `limit` matches of `typed` in the database `db` is open on, best first; empty for a
/// query with nothing to search for. nullopt when the database fails (`error` says why).
std::optional<QList<SearchHit>> searchMessages(const QSqlDatabase& db, const QString& typed,
                                               int limit, QString* error);

/// Sets `hit`'s snippet and matches from a snippet as FTS5 returns it (each match between the
/// markers): plain text on one line, blanks collapsed, and the ranges of the matches in it.
void setSnippet(SearchHit& hit, const QString& marked);

} // namespace koder::agent::qt

Q_DECLARE_METATYPE(koder::agent::qt::SearchHit)
