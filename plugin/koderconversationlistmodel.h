// SPDX-License-Identifier: MIT
#pragma once

#include "koderconversationstore.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QPointer>

/*!
    \qmltype KoderConversationListModel
    \inqmlmodule Koder.Agent
    \brief The conversations of a store, newest first, kept live.

    Roles: \c conversationId, \c title, \c updatedAt, \c messageCount. Rows are inserted, moved,
    updated and removed as conversations are added, written, renamed, branched or deleted.
*/
class KoderConversationListModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        ConversationIdRole = Qt::UserRole + 1,
        TitleRole,
        UpdatedAtRole,
        MessageCountRole
    };
    Q_ENUM(Roles)

    explicit KoderConversationListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    KoderConversationStore* store() const { return m_store; }
    void setStore(KoderConversationStore* store);
    int count() const { return static_cast<int>(m_rows.size()); }

    Q_INVOKABLE QVariantMap get(int row) const;
    Q_INVOKABLE bool rename(const QString& id, const QString& title);
    Q_INVOKABLE bool remove(const QString& id);

Q_SIGNALS:
    void storeChanged();
    void countChanged();

private:
    void reload();
    void onChanged(const QString& id);
    void onRemoved(const QString& id);
    int rowOf(const QString& id) const;
    int sortedPosition(const QVariantMap& summary, int ignoring) const;

    QPointer<KoderConversationStore> m_store;
    QList<QVariantMap> m_rows;
};
