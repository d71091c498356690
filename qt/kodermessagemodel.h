// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/contextbudget.h"
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
        CostRole,
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
    /// Emits the pending coalesced update now and ends the coalescing window.
    void flush();

    int updateInterval() const { return m_interval; }
    void setUpdateInterval(int ms);

    static QList<int> rolesFor(koder::agent::Field fields);

    /// The prices the `cost` role uses, and the model a row that names none was answered by.
    void setPricing(koder::agent::Pricing pricing, std::string fallbackModel);

Q_SIGNALS:
    void countChanged();

private:
    void changeRow(std::size_t row, koder::agent::Field fields);
    void emitRow(std::size_t row, koder::agent::Field fields);
    QString textOf(std::size_t row) const;

    /// The state row model row `row` names: during a replay's begin*Rows() (when views and
    /// proxies read the rows as they were) the rows after the change are shifted back.
    std::size_t stateRow(int row) const;

    const koder::agent::State& m_state;
    koder::agent::Pricing m_pricing;
    std::string m_fallbackModel;
    // A row insert or remove in the middle being announced: the state holds the result already.
    struct Moving {
        int first = -1;
        int shift = 0; ///< added to a model row at or after `first` to find its state row
    } m_moving;
    int m_count = 0; ///< rows the model has announced; equals the state's once a replay ends
    int m_interval = 16;
    // Coalescing of the streamed fields: a change of a row that was not announced within the
    // last interval is announced at once (the leading edge: a reply's first token); one that
    // comes sooner waits, with those after it, for the timer (the trailing edge). A row is
    // pending exactly while the timer runs.
    QTimer m_coalesce;
    std::size_t m_pendingRow = koder::agent::noRow;
    koder::agent::Field m_pendingFields = koder::agent::Field::None;
    /// The streaming row whose text was announced since it appeared: its next changes coalesce.
    std::size_t m_shownRow = koder::agent::noRow;
    // The text of the row read last, converted once for every reader of the same update (a
    // view's delegate and a Markdown block model read it in turn). Valid while m_generation,
    // counted up by every apply(), is the same.
    struct TextMemo {
        std::size_t row = koder::agent::noRow;
        quint64 generation = 0;
        QString text;
    };
    mutable TextMemo m_textMemo;
    quint64 m_generation = 1;
};
