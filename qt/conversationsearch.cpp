// SPDX-License-Identifier: MIT
#include "conversationsearch.h"

#include <QtCore/QSet>
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

// A column's text without the markers, in SQL over the trigger's row `row`.
QString cleanText(const QString& row)
{
    return QStringLiteral("replace(replace(%1.text, char(1), ' '), char(2), ' ')").arg(row);
}

// The reasoning kept in a row's extras (the core's message JSON), '' when there is none or the
// details are damaged: a damaged row must not fail the write or the migration.
QString cleanReasoning(const QString& row)
{
    return QStringLiteral("CASE WHEN json_valid(%1.extras) THEN replace(replace(coalesce("
                          "json_extract(%1.extras, '$.reasoning'), ''), char(1), ' '), char(2), "
                          "' ') ELSE '' END")
        .arg(row);
}

// The values of an index row for the stored row `row` of `table` (`sign` -1 off the path).
QString indexValues(const QString& row, const QString& sign)
{
    return QStringLiteral("%2%1.rowid, %3, %4, %1.conversation_id, %1.id, %1.role, %1.created_at")
        .arg(row, sign, cleanText(row), cleanReasoning(row));
}

const QString indexColumns =
    QStringLiteral("rowid, text, reasoning, conversation_id, message_id, role, created_at");

// Beyond this many words a query only narrows; the cap keeps a pasted page from building an
// expression FTS5 needs long to plan.
constexpr int maxParts = 64;

} // namespace

QString searchIndexSchema()
{
    // unicode61 with diacritics removed: "cafe" finds "café". Prefix indexes of 2 and 3
    // characters keep the prefix of the word being typed fast.
    return QStringLiteral(
        "CREATE VIRTUAL TABLE search_index USING fts5(text, reasoning, conversation_id UNINDEXED, "
        "message_id UNINDEXED, role UNINDEXED, created_at UNINDEXED, tokenize = 'unicode61 "
        "remove_diacritics 2', prefix = '2 3')");
}

QStringList searchTriggers()
{
    QStringList triggers;
    const struct {
        QString table;
        QString sign;
    } sources[] = {{QStringLiteral("messages"), QString()},
                   {QStringLiteral("other_versions"), QStringLiteral("-")}};
    for (const auto& source : sources) {
        const QString insert =
            QStringLiteral("INSERT INTO search_index (%1) VALUES (%2);")
                .arg(indexColumns, indexValues(QStringLiteral("new"), source.sign));
        const QString remove =
            QStringLiteral("DELETE FROM search_index WHERE rowid = %1old.rowid;").arg(source.sign);
        triggers << QStringLiteral("CREATE TRIGGER %1_indexed AFTER INSERT ON %1 WHEN new.role IN "
                                   "%2 BEGIN %3 END")
                        .arg(source.table, indexedRoles, insert)
                 << QStringLiteral("CREATE TRIGGER %1_unindexed AFTER DELETE ON %1 WHEN old.role "
                                   "IN %2 BEGIN %3 END")
                        .arg(source.table, indexedRoles, remove)
                 // The store rewrites rows rather than updating them; an update (by another
                 // tool, a later schema) is followed all the same.
                 << QStringLiteral("CREATE TRIGGER %1_reindexed AFTER UPDATE ON %1 BEGIN %2 "
                                   "INSERT INTO search_index (%3) SELECT %4 WHERE new.role IN %5; "
                                   "END")
                        .arg(source.table, remove, indexColumns,
                             indexValues(QStringLiteral("new"), source.sign), indexedRoles);
    }
    return triggers;
}

QStringList searchIndexFill()
{
    return {QStringLiteral("INSERT INTO search_index (%1) SELECT %2 FROM messages new WHERE "
                           "new.role IN %3")
                .arg(indexColumns, indexValues(QStringLiteral("new"), QString()), indexedRoles),
            QStringLiteral("INSERT INTO search_index (%1) SELECT %2 FROM other_versions new WHERE "
                           "new.role IN %3")
                .arg(indexColumns, indexValues(QStringLiteral("new"), QStringLiteral("-")),
                     indexedRoles),
            // A match in the text counts twice what one in the reasoning does.
            QStringLiteral(
                "INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(2.0, 1.0)')")};
}

QString ftsQueryOf(const QString& typed)
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
            } else if (!inPhrase) {
                flush(false, false);
            }
            continue;
        }
        if (c == u'"') {
            flush(inPhrase, false);
            inPhrase = !inPhrase;
        } else if (!inPhrase && (c.isSpace() || c.category() == QChar::Other_Control)) {
            flush(false, false);
        } else {
            current.append(c);
        }
    }
    flush(inPhrase, inPhrase);

    QStringList terms;
    QSet<QString> seen;
    for (qsizetype i = 0; i < parts.size() && terms.size() < maxParts; ++i) {
        const Part& part = parts.at(i);
        QString text = part.text;
        text.replace(u'"', QStringLiteral("\"\""));
        // The last word is still being typed: a prefix. So is a phrase not closed yet.
        const bool prefix = i == parts.size() - 1 && (!part.phrase || part.open);
        QString term = QLatin1Char('"') + text + QLatin1Char('"');
        if (prefix)
            term += QStringLiteral(" *");
        if (!seen.contains(term)) {
            seen.insert(term);
            terms << term;
        }
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
            if (start >= 0 && plain.size() > start)
                hit.matches.append({start, static_cast<int>(plain.size()) - start});
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
        plain.chop(1);
    // A match cannot end in the trailing blank just removed (matches end on a token).
    for (auto& match : hit.matches)
        match.second = std::min<int>(match.second, static_cast<int>(plain.size()) - match.first);
    hit.snippet = plain;
}

std::optional<QList<SearchHit>> searchMessages(const QSqlDatabase& db, const QString& typed,
                                               int limit, QString* error)
{
    const QString match = ftsQueryOf(typed);
    if (match.isEmpty() || limit <= 0)
        return QList<SearchHit>{};
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // FTS5 orders by rank itself, so the snippets are made for the rows returned only.
    q.prepare(QStringLiteral(
        "SELECT s.conversation_id, s.message_id, c.title, s.marked, s.role, s.created_at FROM "
        "(SELECT conversation_id, message_id, role, created_at, rank, snippet(search_index, -1, "
        "char(1), char(2), '…', 16) AS marked FROM search_index WHERE search_index MATCH ? ORDER "
        "BY rank LIMIT ?) s JOIN conversations c ON c.id = s.conversation_id ORDER BY s.rank"));
    q.addBindValue(match);
    q.addBindValue(limit);
    if (!q.exec()) {
        if (error)
            *error = q.lastError().text();
        return std::nullopt;
    }
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
