// SPDX-License-Identifier: MIT
#include "searchworker.h"

#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>

#include <optional>

namespace koder::agent::qt {

SearchWorker::~SearchWorker()
{
    closeDatabase();
}

void SearchWorker::run(quint64 generation, const QString& path, quint64 opened,
                       const QString& query, int limit)
{
    QString error;
    if (m_connection.isEmpty() || path != m_path || opened != m_opened) {
        closeDatabase();
        m_path = path;
        m_opened = opened;
        m_connection = QStringLiteral("koder-search-") + QUuid::createUuid().toString(QUuid::Id128);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
        if (!db.open())
            error = db.lastError().text();
    }
    std::optional<QList<SearchHit>> hits;
    if (error.isEmpty())
        hits = searchMessages(QSqlDatabase::database(m_connection, false), query, limit, &error);
    Q_EMIT done(generation, hits.value_or(QList<SearchHit>{}), error);
}

void SearchWorker::closeDatabase()
{
    if (m_connection.isEmpty())
        return;
    QSqlDatabase::database(m_connection, false).close();
    QSqlDatabase::removeDatabase(m_connection);
    m_connection.clear();
}

} // namespace koder::agent::qt
