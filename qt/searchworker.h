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

    /// Searches `path` and emits done(). The file is opened on first use, and again when the
    /// path or `opened` (the store's count of opens: the same path may be another file now)
    /// changes.
    void run(quint64 generation, const QString& path, quint64 opened, const QString& query,
             int limit);
    /// Lets go of the file (its store closed it, or the model left the store).
    void closeDatabase();

Q_SIGNALS:
    void done(quint64 generation, const QList<koder::agent::qt::SearchHit>& hits,
              const QString& error);

private:
    QString m_path;
    quint64 m_opened = 0;
    QString m_connection;
};

} // namespace koder::agent::qt
