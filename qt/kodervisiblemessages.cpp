// SPDX-License-Identifier: MIT
#include "kodervisiblemessages.h"

#include "koder/agent/projection.h"
#include "kodermessagemodel.h"
#include "qtconvert.h"

/*!
    \qmltype KoderVisibleMessages
    \inqmlmodule Koder.Agent
    \instantiates KoderVisibleMessages
    \brief The messages a chat view shows: a filter over a KoderAgentController's messages.

    A proxy model over a \l [QML] KoderMessageModel (its \l sourceModel) that keeps user and
    assistant messages always and, as its properties say, tool results, system messages and
    checkpoints. The rows keep every role of the source model and follow it live: a streaming
    reply, rows inserted and removed. \l [QML] ChatView uses one.

    \snippet qml/tst_docexamples.qml visible-messages

    Which messages pass is decided by their \c role alone, not by the \c visible role, so the
    filter can show more than a chat shows by default.

    \sa KoderMessageModel
*/

/*!
    \qmlproperty KoderMessageModel KoderVisibleMessages::sourceModel

    The model to filter: a controller's \l {KoderAgentController::messages}{messages}. The
    default is \c null (no rows).
*/

/*!
    \qmlproperty bool KoderVisibleMessages::showToolResults

    Whether tool messages (the results of tool calls) are shown, as cards between the replies.
    The default is \c true.
*/

/*!
    \qmlproperty bool KoderVisibleMessages::showSystem

    Whether system messages are shown. The default is \c false.
*/

/*!
    \qmlproperty bool KoderVisibleMessages::showCheckpoints

    Whether checkpoint messages are shown. The default is \c false.
*/

/*!
    \qmlproperty int KoderVisibleMessages::count
    \readonly

    The number of rows that pass the filter.
*/

/*!
    \qmlmethod var KoderVisibleMessages::get(int row)

    Returns every role of the shown \a row (a row of this model, not of the source) as a map
    from the role's name to its value; an empty object when \a row is out of range.
*/

/*!
    \class KoderVisibleMessages
    \inmodule KoderAgent
    \brief The KoderVisibleMessages class filters a KoderMessageModel down to the messages a
    chat view shows.

    A QSortFilterProxyModel: set a KoderMessageModel (KoderAgentController::messages()) as its
    source model. User and assistant messages always pass; tool results, system messages and
    checkpoints pass when showToolResults, showSystem and showCheckpoints say so. Every role of
    the source passes through unchanged.

    In QML: \l [QML] {KoderVisibleMessages}{the KoderVisibleMessages QML type}.

    \sa KoderMessageModel
*/

/*!
    \fn KoderVisibleMessages::KoderVisibleMessages(QObject *parent)

    Constructs a filter with \a parent, with no source model: tool results shown, system
    messages and checkpoints hidden.
*/

/*!
    \property KoderVisibleMessages::showToolResults
    \brief whether tool messages (the results of tool calls) pass the filter.

    True by default.
*/

/*!
    \property KoderVisibleMessages::showSystem
    \brief whether system messages pass the filter.

    False by default.
*/

/*!
    \property KoderVisibleMessages::showCheckpoints
    \brief whether checkpoint messages pass the filter.

    False by default.
*/

/*!
    \property KoderVisibleMessages::count
    \brief the number of rows that pass the filter.

    countChanged() is emitted when rows are inserted or removed, and after a reset or a layout
    change.
*/

/*!
    \fn QVariantMap KoderVisibleMessages::get(int row) const

    Returns every role of \a row (a row of this model) as a map from the role's name to its
    value; an empty map when \a row is out of range.
*/

/*!
    \qmlmethod int KoderVisibleMessages::rowOf(string messageId)

    Returns the row that shows the message \a messageId: its own row, or, for a message this
    model hides (a tool result while \l showToolResults is false, a system message), the
    visible row before it, where it would be (the first visible row after it when none comes
    before). Returns -1 when the controller's messages have no \a messageId or no row is
    visible.
*/

/*!
    \fn int KoderVisibleMessages::rowOf(const QString &messageId) const

    Returns the row of this model that shows \a messageId: its own, or for a hidden message
    the visible row before it (else after it); -1 when there is none.
*/

/*!
    \fn bool KoderVisibleMessages::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const

    Returns whether the source model's row \a sourceRow under \a sourceParent passes: decided
    by its \c role role (KoderMessageModel::RoleRole) and the three \c show properties. A row
    whose role is not one of the five is left out.
*/

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

int KoderVisibleMessages::rowOf(const QString& messageId) const
{
    const QAbstractItemModel* source = sourceModel();
    if (!source || messageId.isEmpty())
        return -1;
    for (int sourceRow = source->rowCount() - 1; sourceRow >= 0; --sourceRow) {
        if (source->index(sourceRow, 0).data(KoderMessageModel::MessageIdRole).toString() !=
            messageId)
            continue;
        // A hidden message is shown where it would be: at the visible row before it, or, at
        // the start of the conversation, the first one after it.
        for (int row = sourceRow; row >= 0; --row) {
            const QModelIndex shown = mapFromSource(source->index(row, 0));
            if (shown.isValid())
                return shown.row();
        }
        for (int row = sourceRow + 1; row < source->rowCount(); ++row) {
            const QModelIndex shown = mapFromSource(source->index(row, 0));
            if (shown.isValid())
                return shown.row();
        }
        return -1;
    }
    return -1;
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
