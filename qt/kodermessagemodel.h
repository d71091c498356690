// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <QtCore/QAbstractListModel>
#include <QtCore/QTimer>

// The messages of a KoderAgentController as a list model, read from the core's state (no second
// copy). Documented in kodermessagemodel.cpp.
class KoderMessageModel : public QAbstractListModel {
    Q_OBJECT
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
