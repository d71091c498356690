// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"
#include "koderconversationstore.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QPointer>

// The conversations of a store, newest first, kept live. Documented in
// koderconversationlistmodel.cpp.
class KoderConversationListModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    // The controller whose conversations' statuses the `status` role shows.
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        ConversationIdRole = Qt::UserRole + 1,
        TitleRole,
        UpdatedAtRole,
        MessageCountRole,
        UnreadRole,
        StatusRole
    };
    Q_ENUM(Roles)

    explicit KoderConversationListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    KoderConversationStore* store() const { return m_store; }
    void setStore(KoderConversationStore* store);
    KoderAgentController* controller() const { return m_controller; }
    void setController(KoderAgentController* controller);
    int count() const { return static_cast<int>(m_rows.size()); }

    Q_INVOKABLE QVariantMap get(int row) const;
    Q_INVOKABLE bool rename(const QString& id, const QString& title);
    Q_INVOKABLE bool remove(const QString& id);

Q_SIGNALS:
    void storeChanged();
    void controllerChanged();
    void countChanged();

private:
    void reload();
    void onChanged(const QString& id);
    void onRemoved(const QString& id);
    void onStatusChanged(const QString& id);
    QString statusOf(const QVariantMap& row) const;
    int rowOf(const QString& id) const;
    int sortedPosition(const QVariantMap& summary, int ignoring) const;

    QPointer<KoderConversationStore> m_store;
    QPointer<KoderAgentController> m_controller;
    QList<QVariantMap> m_rows;
};
