// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QTimer>

/*!
    \class KoderMessageModel
    \brief The messages of a KoderAgentController, as a list model.

    Reads the controller's core state directly: the model keeps no second copy of the history.
    Holds every message, hidden ones included; the \c visible role says which a chat view shows.
    A conversation is a tree (regenerate and edit keep the old versions); the model shows its
    active path, with \c parentId, \c versionIndex (0-based) and \c versionCount per row.
    Updates are precise (inserted / removed / changed rows with the changed roles only); a reset
    happens only for set / reset / clear / switch. Updates of the streaming row are coalesced to
    at most one \c dataChanged per \l updateInterval milliseconds.
*/
class KoderMessageModel : public QAbstractListModel {
    Q_OBJECT
    /*! The number of messages. */
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        MessageIdRole = Qt::UserRole + 1,
        RoleRole,
        TextRole,
        ReasoningRole,
        StreamingRole,
        AbortedRole,
        ErrorTextRole,
        ToolCallsRole,
        ToolCallIdRole,
        ToolNameRole,
        IsErrorRole,
        DeniedRole,
        AttachmentsRole,
        ContextRole,
        SelectionRole,
        MetadataRole,
        CreatedAtRole,
        VisibleRole,
        ParentIdRole,
        VersionIndexRole,
        VersionCountRole,
        UsageRole,
        FinishReasonRole,
    };
    Q_ENUM(Roles)

    explicit KoderMessageModel(const koder::agent::State& state, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    int count() const { return m_count; }
    /*! Every role of \a row as a map (role name → value); an empty map for a bad row. */
    Q_INVOKABLE QVariantMap get(int row) const;

    /// Replays a change set the core reported; the state already holds the result.
    void apply(const std::vector<koder::agent::Change>& changes);
    /// Emits the pending coalesced update now.
    void flush();

    int updateInterval() const { return m_interval; }
    void setUpdateInterval(int ms);

    static QList<int> rolesFor(koder::agent::Field fields);

Q_SIGNALS:
    void countChanged();

private:
    void changeRow(std::size_t row, koder::agent::Field fields);

    const koder::agent::State& m_state;
    int m_count = 0; ///< rows the model has announced; equals the state's once a replay ends
    int m_interval = 16;
    QTimer m_coalesce;
    std::size_t m_pendingRow = koder::agent::noRow;
    koder::agent::Field m_pendingFields = koder::agent::Field::None;
};
