// SPDX-License-Identifier: MIT
#include "koderconversationlistmodel.h"

#include "koderconversationstore.h"

#include <QtCore/QDateTime>

namespace {
const QString idKey = QStringLiteral("id");
const QString updatedKey = QStringLiteral("updatedAt");

// Newest first; the id breaks ties so the order is total (as the store's query orders them).
bool before(const QVariantMap& a, const QVariantMap& b)
{
    const QDateTime ta = a.value(updatedKey).toDateTime();
    const QDateTime tb = b.value(updatedKey).toDateTime();
    if (ta != tb)
        return ta > tb;
    return a.value(idKey).toString() < b.value(idKey).toString();
}
} // namespace

KoderConversationListModel::KoderConversationListModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

int KoderConversationListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

QHash<int, QByteArray> KoderConversationListModel::roleNames() const
{
    return {{ConversationIdRole, QByteArrayLiteral("conversationId")},
            {TitleRole, QByteArrayLiteral("title")},
            {UpdatedAtRole, QByteArrayLiteral("updatedAt")},
            {MessageCountRole, QByteArrayLiteral("messageCount")},
            {UnreadRole, QByteArrayLiteral("unread")},
            {StatusRole, QByteArrayLiteral("status")}};
}

QVariant KoderConversationListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QVariantMap& row = m_rows.at(index.row());
    switch (role) {
    case ConversationIdRole:
        return row.value(idKey);
    case Qt::DisplayRole:
    case TitleRole:
        return row.value(QStringLiteral("title"));
    case UpdatedAtRole:
        return row.value(updatedKey);
    case MessageCountRole:
        return row.value(QStringLiteral("messageCount"));
    case UnreadRole:
        return row.value(QStringLiteral("unread")).toBool();
    case StatusRole:
        return statusOf(row.value(idKey).toString());
    default:
        return {};
    }
}

QVariantMap KoderConversationListModel::get(int row) const
{
    if (row < 0 || row >= count())
        return {};
    QVariantMap map = m_rows.at(row);
    map.insert(QStringLiteral("conversationId"), map.value(idKey));
    map.insert(QStringLiteral("status"), statusOf(map.value(idKey).toString()));
    return map;
}

void KoderConversationListModel::setStore(KoderConversationStore* store)
{
    if (m_store == store)
        return;
    if (m_store)
        m_store->disconnect(this);
    m_store = store;
    if (m_store) {
        connect(m_store, &KoderConversationStore::conversationChanged, this,
                &KoderConversationListModel::onChanged);
        connect(m_store, &KoderConversationStore::conversationRemoved, this,
                &KoderConversationListModel::onRemoved);
        connect(m_store, &KoderConversationStore::readyChanged, this,
                &KoderConversationListModel::reload);
    }
    reload();
    Q_EMIT storeChanged();
}

void KoderConversationListModel::setController(KoderAgentController* controller)
{
    if (m_controller == controller)
        return;
    if (m_controller)
        m_controller->disconnect(this);
    m_controller = controller;
    if (m_controller)
        connect(m_controller, &KoderAgentController::conversationStatusChanged, this,
                &KoderConversationListModel::onStatusChanged);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(count() - 1), {StatusRole});
    Q_EMIT controllerChanged();
}

QString KoderConversationListModel::statusOf(const QString& id) const
{
    return m_controller ? m_controller->conversationStatus(id) : QStringLiteral("idle");
}

void KoderConversationListModel::onStatusChanged(const QString& id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed, {StatusRole});
}

void KoderConversationListModel::reload()
{
    beginResetModel();
    m_rows.clear();
    if (m_store)
        for (const QVariant& c : m_store->conversations())
            m_rows.append(c.toMap());
    endResetModel();
    Q_EMIT countChanged();
}

int KoderConversationListModel::rowOf(const QString& id) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).value(idKey).toString() == id)
            return i;
    return -1;
}

int KoderConversationListModel::sortedPosition(const QVariantMap& summary, int ignoring) const
{
    int position = 0;
    for (int i = 0; i < m_rows.size(); ++i)
        if (i != ignoring && before(m_rows.at(i), summary))
            ++position;
    return position;
}

void KoderConversationListModel::onChanged(const QString& id)
{
    const QVariantMap summary = m_store ? m_store->conversation(id) : QVariantMap{};
    if (summary.isEmpty())
        return onRemoved(id);
    const int row = rowOf(id);
    const int target = sortedPosition(summary, row);
    if (row < 0) {
        beginInsertRows({}, target, target);
        m_rows.insert(target, summary);
        endInsertRows();
        Q_EMIT countChanged();
        return;
    }
    if (target != row) {
        // beginMoveRows counts the destination before the move.
        beginMoveRows({}, row, row, {}, target > row ? target + 1 : target);
        m_rows.move(row, target);
        endMoveRows();
    }
    m_rows[target] = summary;
    const QModelIndex changed = index(target);
    Q_EMIT dataChanged(changed, changed);
}

void KoderConversationListModel::onRemoved(const QString& id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    Q_EMIT countChanged();
}

bool KoderConversationListModel::rename(const QString& id, const QString& title)
{
    return m_store && m_store->rename(id, title);
}

bool KoderConversationListModel::remove(const QString& id)
{
    return m_store && m_store->remove(id);
}
