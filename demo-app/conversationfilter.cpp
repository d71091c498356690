// SPDX-License-Identifier: MIT
#include "conversationfilter.h"

#include "koderconversationlistmodel.h"

ConversationFilter::ConversationFilter(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &ConversationFilter::countChanged);
    connect(this, &QAbstractItemModel::modelReset, this, &ConversationFilter::countChanged);
    connect(this, &QAbstractItemModel::layoutChanged, this, &ConversationFilter::countChanged);
}

void ConversationFilter::setText(const QString& text)
{
    if (m_text == text)
        return;
    m_text = text;
    invalidateRowsFilter();
    Q_EMIT textChanged();
    Q_EMIT countChanged();
}

QVariant ConversationFilter::get(int row) const
{
    const QModelIndex source = mapToSource(index(row, 0));
    auto* list = qobject_cast<KoderConversationListModel*>(sourceModel());
    return source.isValid() && list ? list->get(source.row()) : QVariantMap();
}

bool ConversationFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_text.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(KoderConversationListModel::TitleRole)
        .toString()
        .contains(m_text, Qt::CaseInsensitive);
}
