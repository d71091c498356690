// SPDX-License-Identifier: MIT
#pragma once

#include "koderconversationstore.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QPointer>

#include <memory>

namespace koder::agent::qt {
struct SearchHit;
} // namespace koder::agent::qt

class QThread;

// The messages of a store that match a query, best first, kept live. Documented in
// kodersearchmodel.cpp.
class KoderSearchModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    Q_PROPERTY(QString query READ query WRITE setQuery NOTIFY queryChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // The most results kept (default 100).
    Q_PROPERTY(int limit READ limit WRITE setLimit NOTIFY limitChanged FINAL)
    // True from a change of the query (or of the store) until its results are in.
    Q_PROPERTY(bool searching READ searching NOTIFY searchingChanged FINAL)

public:
    enum Roles {
        ConversationIdRole = Qt::UserRole + 1,
        MessageIdRole,
        TitleRole,
        SnippetRole,
        MatchesRole,
        RoleRole,
        CreatedAtRole
    };
    Q_ENUM(Roles)

    explicit KoderSearchModel(QObject* parent = nullptr);
    ~KoderSearchModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    KoderConversationStore* store() const { return m_store; }
    void setStore(KoderConversationStore* store);
    QString query() const { return m_query; }
    void setQuery(const QString& query);
    int count() const;
    int limit() const { return m_limit; }
    void setLimit(int limit);
    bool searching() const { return m_searching; }

    Q_INVOKABLE QVariantMap get(int row) const;

Q_SIGNALS:
    void storeChanged();
    void queryChanged();
    void countChanged();
    void limitChanged();
    void searchingChanged();

private:
    void schedule();
    void start();
    void finish(quint64 generation, const QList<koder::agent::qt::SearchHit>& hits,
                const QString& error);
    void setSearching(bool searching);
    void releaseFile();

    QPointer<KoderConversationStore> m_store;
    QString m_query;
    int m_limit = 100;
    bool m_searching = false;
    bool m_running = false;   ///< a query is out and its answer not in
    quint64 m_generation = 0; ///< counts changes: an answer to an older one is asked again
    std::unique_ptr<QList<koder::agent::qt::SearchHit>> m_hits;
    QThread* m_thread = nullptr;
    QObject* m_worker = nullptr; ///< runs the queries of a file, on m_thread
};
