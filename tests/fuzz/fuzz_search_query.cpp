// SPDX-License-Identifier: MIT
// What a user types into a search (qt/conversationsearch.cpp, compiled in): the input, read as
// UTF-8 and as UTF-16 code units (a JavaScript string can hold a lone surrogate), becomes an FTS5
// query that SQLite accepts against a real index, whatever it holds: quotes, operators, `*`,
// control characters, half a surrogate pair. And a snippet as FTS5 marks it (the input with
// bytes 1 and 2 as the match markers) becomes one line of plain text whose match ranges lie
// inside it.
#include "conversationsearch.h"
#include "fuzzcheck.h"

#include <QtCore/QString>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <cstdint>
#include <cstring>
#include <string>

namespace {

using koder::fuzz::printable;

QSqlDatabase& index()
{
    static QSqlDatabase db = [] {
        QSqlDatabase d =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fuzz"));
        d.setDatabaseName(QStringLiteral(":memory:"));
        KODER_FUZZ_CHECK(d.open(), "cannot open an in-memory database");
        QSqlQuery q(d);
        for (const QString& statement : koder::agent::qt::searchIndexSchema())
            KODER_FUZZ_CHECK(q.exec(statement), q.lastError().text().toStdString());
        KODER_FUZZ_CHECK(q.exec(QStringLiteral("INSERT INTO search_index (rowid, text, reasoning) "
                                               "VALUES (1, 'the quick brown fox', 'jumps over')")),
                         q.lastError().text().toStdString());
        return d;
    }();
    return db;
}

void checkQuery(const QString& typed, std::string_view input)
{
    const QString match = koder::agent::qt::ftsQueryOf(typed);
    if (match.isEmpty())
        return;
    QSqlQuery q(index());
    q.prepare(QStringLiteral("SELECT count(*) FROM search_index WHERE search_index MATCH ?"));
    q.addBindValue(match);
    KODER_FUZZ_CHECK(q.exec(), "FTS5 refused the query of " + printable(input) + ": " +
                                   match.toStdString() + ": " + q.lastError().text().toStdString());
}

void checkSnippet(const QString& marked, std::string_view input)
{
    koder::agent::qt::SearchHit hit;
    koder::agent::qt::setSnippet(hit, marked);
    for (const QChar c : hit.snippet)
        KODER_FUZZ_CHECK(c.category() != QChar::Other_Control && c != u'\n' && c.unicode() != 1 &&
                             c.unicode() != 2,
                         "a control character in the snippet of " + printable(input));
    for (const auto& [start, length] : hit.matches)
        KODER_FUZZ_CHECK(start >= 0 && length > 0 && start + length <= hit.snippet.size(),
                         "a match outside the snippet of " + printable(input));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const QString utf8 = QString::fromUtf8(input.data(), static_cast<qsizetype>(input.size()));
    QString utf16(static_cast<qsizetype>(size / 2), Qt::Uninitialized);
    if (size >= 2)
        std::memcpy(utf16.data(), data, (size / 2) * 2);
    for (const QString& typed : {utf8, utf16}) {
        checkQuery(typed, input);
        checkSnippet(typed, input);
    }
    return 0;
}
