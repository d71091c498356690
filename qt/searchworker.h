// SPDX-License-Identifier: MIT
#pragma once

#include "conversationsearch.h"

#include <QtCore/QObject>
#include <QtCore/QString>

namespace koder::agent::qt {

/// Runs KoderSearchModel's queries of a store file with a connection of its own, on the
/// model's worker thread (it lives there: create it, then move it).
class SearchWorker : public QObject {
    Q_OBJECT
public:
    ~SearchWorker() override;

    /// Searches `path` (opened on first use, again when it changes) and emits done().
    void run(quint64 generation, const QString& path, const QString& query, int limit);

Q_SIGNALS:
    void done(quint64 generation, const QList<koder::agent::qt::SearchHit>& hits,
              const QString& error);

private:
    void closeDatabase();

    QString m_path;
    QString m_connection;
};

} // namespace koder::agent::qt
