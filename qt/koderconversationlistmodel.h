// SPDX-License-Identifier: MIT
#pragma once

#include "koderagentcontroller.h"
#include "koderconversationstore.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QHash>
#include <QtCore/QPointer>
#include <QtCore/QStringList>

// The conversations of a store, pinned ones first, then newest first, filtered by archive and
// folder, kept live. Documented in koderconversationlistmodel.cpp.
class KoderConversationListModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(KoderConversationStore* store READ store WRITE setStore NOTIFY storeChanged FINAL)
    // The controller whose conversations' statuses the `status` role shows.
    Q_PROPERTY(KoderAgentController* controller READ controller WRITE setController NOTIFY
                   controllerChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // False (the default): the conversations not archived; true: the archived ones only.
    Q_PROPERTY(
        bool showArchived READ showArchived WRITE setShowArchived NOTIFY showArchivedChanged FINAL)
    // The folder listed; "" (the default) lists every folder and the conversations in none.
    Q_PROPERTY(QString folder READ folder WRITE setFolderFilter NOTIFY folderChanged FINAL)

public:
    enum Roles {
        ConversationIdRole = Qt::UserRole + 1,
        TitleRole,
        UpdatedAtRole,
        MessageCountRole,
        UnreadRole,
        StatusRole,
        PinnedRole,
        ArchivedRole,
        FolderRole
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
    bool showArchived() const { return m_showArchived; }
    void setShowArchived(bool showArchived);
    QString folder() const { return m_folder; }
    // The `folder` property's setter; setFolder(id, folder) files a conversation.
    void setFolderFilter(const QString& folder);

    Q_INVOKABLE QVariantMap get(int row) const;
    Q_INVOKABLE bool rename(const QString& id, const QString& title);
    Q_INVOKABLE bool remove(const QString& id);
    Q_INVOKABLE bool setPinned(const QString& id, bool pinned);
    Q_INVOKABLE bool setArchived(const QString& id, bool archived);
    Q_INVOKABLE bool setFolder(const QString& id, const QString& folder);
    Q_INVOKABLE QStringList folders() const;

Q_SIGNALS:
    void storeChanged();
    void controllerChanged();
    void countChanged();
    void showArchivedChanged();
    void folderChanged();
    // The store's folders() may have changed.
    void foldersChanged();

private:
    void reload();
    // The store's conversations that the filters let through, in the list's order; notes
    // every conversation's folder on the way.
    QList<QVariantMap> listed();
    // After a filter changed: removes and inserts rows until they are listed() (a reset only if
    // the rows had fallen out of the store's order).
    void refilter();
    bool accepts(const QVariantMap& summary) const;
    // Notes the folder of `id` ("" for none, or a removed conversation); true when it changed.
    bool noteFolder(const QString& id, const QString& folder);
    void onChanged(const QString& id);
    void onRemoved(const QString& id);
    void onStatusChanged(const QString& id);
    QString statusOf(const QVariantMap& row) const;
    int rowOf(const QString& id) const;
    int sortedPosition(const QVariantMap& summary, int ignoring) const;

    QPointer<KoderConversationStore> m_store;
    QPointer<KoderAgentController> m_controller;
    QList<QVariantMap> m_rows;
    bool m_showArchived = false;
    QString m_folder;
    // The folder of every stored conversation in one (listed or not), for foldersChanged().
    QHash<QString, QString> m_folderOf;
};
