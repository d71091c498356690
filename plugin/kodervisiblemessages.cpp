// SPDX-License-Identifier: MIT
#include "kodervisiblemessages.h"

#include "koder/agent/projection.h"
#include "kodermessagemodel.h"
#include "qtconvert.h"

KoderVisibleMessages::KoderVisibleMessages(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &KoderVisibleMessages::countChanged);
    connect(this, &QAbstractItemModel::modelReset, this, &KoderVisibleMessages::countChanged);
    connect(this, &QAbstractItemModel::layoutChanged, this, &KoderVisibleMessages::countChanged);
}

bool KoderVisibleMessages::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    // The core decides what is visible; this proxy only says which hidden roles to show.
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto role = koder::agent::roleFromString(
        koder::agent::qt::toStd(index.data(KoderMessageModel::RoleRole).toString()));
    if (!role)
        return false;
    koder::agent::Message probe;
    probe.role = *role;
    return koder::agent::isVisible(probe, {m_showSystem, m_showTool, m_showCheckpoints});
}

QVariantMap KoderVisibleMessages::get(int row) const
{
    QVariantMap map;
    const QModelIndex idx = index(row, 0);
    if (!idx.isValid())
        return map;
    const auto names = roleNames();
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        map.insert(QString::fromLatin1(it.value()), idx.data(it.key()));
    return map;
}

void KoderVisibleMessages::setFlag(bool& flag, bool value, void (KoderVisibleMessages::*changed)())
{
    if (flag == value)
        return;
    flag = value;
    invalidateRowsFilter();
    Q_EMIT(this->*changed)();
}

void KoderVisibleMessages::setShowToolResults(bool show)
{
    setFlag(m_showTool, show, &KoderVisibleMessages::showToolResultsChanged);
}

void KoderVisibleMessages::setShowSystem(bool show)
{
    setFlag(m_showSystem, show, &KoderVisibleMessages::showSystemChanged);
}

void KoderVisibleMessages::setShowCheckpoints(bool show)
{
    setFlag(m_showCheckpoints, show, &KoderVisibleMessages::showCheckpointsChanged);
}
