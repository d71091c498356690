// SPDX-License-Identifier: MIT
#include "kodermessagemodel.h"

#include "koder/agent/projection.h"
#include "qtconvert.h"

#include <QtCore/QDateTime>

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// Fields a streaming row changes on every token: these are the ones worth coalescing.
constexpr Field streamedFields = Field::Text | Field::Reasoning;

bool onlyStreamed(Field fields)
{
    return (static_cast<std::uint32_t>(fields) & ~static_cast<std::uint32_t>(streamedFields)) == 0;
}
} // namespace

KoderMessageModel::KoderMessageModel(const State& state, QObject* parent)
    : QAbstractListModel(parent)
    , m_state(state)
    , m_count(static_cast<int>(state.messages.size()))
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(m_interval);
    connect(&m_coalesce, &QTimer::timeout, this, &KoderMessageModel::flush);
}

int KoderMessageModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_count;
}

QHash<int, QByteArray> KoderMessageModel::roleNames() const
{
    return {
        {MessageIdRole, QByteArrayLiteral("messageId")},
        {RoleRole, QByteArrayLiteral("role")},
        {TextRole, QByteArrayLiteral("text")},
        {ReasoningRole, QByteArrayLiteral("reasoning")},
        {StreamingRole, QByteArrayLiteral("streaming")},
        {AbortedRole, QByteArrayLiteral("aborted")},
        {ErrorTextRole, QByteArrayLiteral("errorText")},
        {ToolCallsRole, QByteArrayLiteral("toolCalls")},
        {ToolCallIdRole, QByteArrayLiteral("toolCallId")},
        {ToolNameRole, QByteArrayLiteral("toolName")},
        {IsErrorRole, QByteArrayLiteral("isError")},
        {DeniedRole, QByteArrayLiteral("denied")},
        {AttachmentsRole, QByteArrayLiteral("attachments")},
        {ContextRole, QByteArrayLiteral("context")},
        {SelectionRole, QByteArrayLiteral("selection")},
        {MetadataRole, QByteArrayLiteral("metadata")},
        {CreatedAtRole, QByteArrayLiteral("createdAt")},
        {VisibleRole, QByteArrayLiteral("visible")},
        {ParentIdRole, QByteArrayLiteral("parentId")},
        {VersionIndexRole, QByteArrayLiteral("versionIndex")},
        {VersionCountRole, QByteArrayLiteral("versionCount")},
        {UsageRole, QByteArrayLiteral("usage")},
        {FinishReasonRole, QByteArrayLiteral("finishReason")},
    };
}

QVariant KoderMessageModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    if (row >= m_state.messages.size())
        return {};
    const Message& m = m_state.messages[row];
    switch (role) {
    case Qt::DisplayRole:
    case TextRole:
        return toQString(m.text);
    case MessageIdRole:
        return toQString(m.id);
    case RoleRole:
        return toQString(toString(m.role));
    case ReasoningRole:
        return toQString(m.reasoning());
    case StreamingRole:
        return row == streamingRow(m_state);
    case AbortedRole:
        return m.aborted;
    case ErrorTextRole:
        return toQString(m.error());
    case ToolCallsRole:
        return toolCallsToVariant(m.toolCalls());
    case ToolCallIdRole:
        return toQString(m.toolCallId());
    case ToolNameRole:
        return toQString(m.toolName());
    case IsErrorRole:
        return m.isError;
    case DeniedRole:
        return m.denied;
    case AttachmentsRole:
        return jsonTextToVariant(m.attachments());
    case ContextRole:
        return jsonTextToVariant(m.context());
    case SelectionRole:
        return jsonTextToVariant(m.selection());
    case MetadataRole:
        return jsonTextToVariant(m.metadata());
    case CreatedAtRole:
        return QDateTime::fromMSecsSinceEpoch(m.createdAt, Qt::UTC);
    case VisibleRole:
        return isVisible(m);
    case ParentIdRole:
        return toQString(parentIdOf(m_state.messages, row));
    case VersionIndexRole:
        return static_cast<int>(versionOf(m_state, row).index);
    case VersionCountRole:
        return static_cast<int>(versionOf(m_state, row).count);
    case UsageRole:
        return usageToVariant(m.usage());
    case FinishReasonRole:
        return toQString(m.finishReason());
    default:
        return {};
    }
}

QVariantMap KoderMessageModel::get(int row) const
{
    QVariantMap map;
    if (row < 0 || row >= m_count)
        return map;
    const QModelIndex idx = index(row);
    const auto names = roleNames();
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        map.insert(QString::fromLatin1(it.value()), data(idx, it.key()));
    return map;
}

QList<int> KoderMessageModel::rolesFor(Field fields)
{
    static constexpr std::pair<Field, int> map[] = {
        {Field::Id, MessageIdRole},
        {Field::Role, RoleRole},
        {Field::Role, VisibleRole},
        {Field::Text, TextRole},
        {Field::Text, Qt::DisplayRole},
        {Field::Reasoning, ReasoningRole},
        {Field::ToolCalls, ToolCallsRole},
        {Field::ToolCallId, ToolCallIdRole},
        {Field::ToolName, ToolNameRole},
        {Field::IsError, IsErrorRole},
        {Field::Denied, DeniedRole},
        {Field::Aborted, AbortedRole},
        {Field::Error, ErrorTextRole},
        {Field::Attachments, AttachmentsRole},
        {Field::Context, ContextRole},
        {Field::Selection, SelectionRole},
        {Field::Metadata, MetadataRole},
        {Field::CreatedAt, CreatedAtRole},
        {Field::Streaming, StreamingRole},
        {Field::Usage, UsageRole},
        {Field::FinishReason, FinishReasonRole},
    };
    QList<int> roles;
    for (const auto& [field, role] : map)
        if (has(fields, field))
            roles.append(role);
    return roles;
}

void KoderMessageModel::setUpdateInterval(int ms)
{
    m_interval = qMax(0, ms);
    m_coalesce.setInterval(m_interval);
}

void KoderMessageModel::flush()
{
    m_coalesce.stop();
    if (m_pendingRow == noRow)
        return;
    const std::size_t row = m_pendingRow;
    const Field fields = m_pendingFields;
    m_pendingRow = noRow;
    m_pendingFields = Field::None;
    if (row < static_cast<std::size_t>(m_count)) {
        const QModelIndex idx = index(static_cast<int>(row));
        Q_EMIT dataChanged(idx, idx, rolesFor(fields));
    }
}

void KoderMessageModel::changeRow(std::size_t row, Field fields)
{
    if (m_interval > 0 && onlyStreamed(fields) && row == streamingRow(m_state)) {
        // A row is pending exactly while the timer runs: the token path asks the timer nothing.
        if (m_pendingRow != row) {
            flush();
            m_pendingRow = row;
            m_coalesce.start();
        }
        m_pendingFields |= fields;
        return;
    }
    if (row == m_pendingRow) {
        fields |= m_pendingFields;
        m_pendingRow = noRow;
        m_pendingFields = Field::None;
        m_coalesce.stop();
    }
    const QModelIndex idx = index(static_cast<int>(row));
    Q_EMIT dataChanged(idx, idx, rolesFor(fields));
}

// The core only appends at the end and removes a tail (or resets), so announcing rows in order
// while the state already holds the final list is consistent for views and proxies.
void KoderMessageModel::apply(const std::vector<Change>& changes)
{
    const int before = m_count;
    for (const Change& c : changes) {
        switch (c.kind) {
        case Change::Kind::Changed:
            changeRow(c.first, c.fields);
            break;
        case Change::Kind::Inserted: {
            flush();
            const int first = static_cast<int>(c.first);
            beginInsertRows({}, first, first + static_cast<int>(c.count) - 1);
            m_count += static_cast<int>(c.count);
            endInsertRows();
            break;
        }
        case Change::Kind::Removed: {
            flush();
            const int first = static_cast<int>(c.first);
            beginRemoveRows({}, first, first + static_cast<int>(c.count) - 1);
            m_count -= static_cast<int>(c.count);
            endRemoveRows();
            break;
        }
        case Change::Kind::Reset:
            m_coalesce.stop();
            m_pendingRow = noRow;
            m_pendingFields = Field::None;
            beginResetModel();
            m_count = static_cast<int>(m_state.messages.size());
            endResetModel();
            break;
        }
    }
    Q_ASSERT(m_count == static_cast<int>(m_state.messages.size()));
    if (m_count != before)
        Q_EMIT countChanged();
}
