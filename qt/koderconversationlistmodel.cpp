// SPDX-License-Identifier: MIT
#include "koderconversationlistmodel.h"

#include "koderconversationstore.h"

#include <QtCore/QDateTime>

/*!
    \class KoderConversationListModel
    \inmodule KoderAgent
    \brief Lists the conversations of a KoderConversationStore, newest first, and keeps the
    list up to date.

    One row per stored conversation, sorted by when it was last written (the most recent
    first). Rows are inserted, moved, changed and removed as the store reports conversations
    written, renamed, branched or deleted; the model is reset only when its store changes or
    the store's database is opened or closed. With a \l controller, the \c status role follows
    KoderAgentController::conversationStatus() with one \c dataChanged per change.

    In QML: \l [QML] {KoderConversationListModel}{the KoderConversationListModel QML type}.

    \sa KoderConversationStore, {Conversations and Storage}
*/

/*!
    \qmltype KoderConversationListModel
    \inqmlmodule Koder.Agent
    \instantiates KoderConversationListModel
    \brief The conversations of a store, newest first, kept up to date: titles, message
    counts, unread replies and the replies running in the background.

    A list model for a conversation list: set \l store, and \l controller to see which
    conversations have a turn running in the background.

    \snippet qml/tst_store.qml storage

    \section2 Roles

    \table
    \header \li Role \li Type \li Value
    \row \li \c conversationId \li string \li the conversation's id; set a controller's
         \c conversationId to it to show the conversation
    \row \li \c title \li string \li the first user message (one line, at most 80
         characters) until the conversation is renamed; also the \c display role
    \row \li \c updatedAt \li date \li when the conversation was last written or renamed
    \row \li \c messageCount \li int \li the messages on its active path, hidden ones
         (system, tool, checkpoint) included
    \row \li \c unread \li bool \li a turn finished while the conversation was not shown;
         stored, kept across restarts, cleared when the conversation is shown
    \row \li \c status \li string \li the conversation's status as
         \c{KoderAgentController.conversationStatus()} names it: for the conversation the
         controller shows, its \c status; for another, \c streaming while its turn runs in
         the background, \c reviewingToolCall while a tool call waits there for the user,
         \c awaitingInput while a question of the agent waits there,
         \c runningTool while a tool runs, \c error, \c interrupted or \c handoff for a turn
         that ended so while the conversation was not shown (until it is shown); for a stored
         conversation whose tool calls wait for the user (after a restart, or left while they
         waited), \c reviewingToolCall, and \c awaitingInput for one whose question waits,
         with or without a \l controller (the store keeps what waits: no history is loaded
         for it); else \c idle.
    \endtable

    \section2 Updates

    The rows follow the store: a conversation written (a new one on its first send, a reply
    saved, a branch) is inserted at the top or moved there; a rename moves it there too; a
    deleted one is removed; a change of \c unread or \c status is one \c dataChanged of its row
    and does not move it. The model is reset only when \l store changes or the store's
    database is opened or closed (its \c ready changes), so delegates and the current item
    survive everything else.

    \sa KoderConversationStore, {Conversations and Storage}
*/

/*!
    \qmlproperty KoderConversationStore KoderConversationListModel::store

    The store whose conversations are listed. Default null: the list is empty. Setting it
    reloads the list.
*/

/*!
    \qmlproperty KoderAgentController KoderConversationListModel::controller

    The controller whose conversations' statuses the \c status role shows: which conversation
    has a reply running in the background, a tool call waiting, or ended unseen. Default null:
    \c status is \c idle for every row but the stored conversations whose tool calls wait for
    the user (\c reviewingToolCall). Usually the controller that uses the same \l store.
*/

/*!
    \qmlproperty int KoderConversationListModel::count
    \readonly

    The number of rows (conversations).
*/

/*!
    \qmlmethod var KoderConversationListModel::get(int row)

    Returns the row \a row as a map with the keys \c id, \c conversationId (the same value),
    \c title, \c updatedAt, \c messageCount, \c unread and \c status, or an empty map when
    \a row is out of range.
*/

/*!
    \qmlmethod bool KoderConversationListModel::rename(string id, string title)

    Renames the conversation \a id to \a title through the store
    (KoderConversationStore::rename()); its row gets the new title and moves to the top.
    Returns false when there is no \l store, no such conversation, or the write fails (the
    store's \c error says why).
*/

/*!
    \qmlmethod bool KoderConversationListModel::remove(string id)

    Deletes the conversation \a id from the store (KoderConversationStore::remove()); its row
    is removed. A turn of that conversation running in the background is cancelled and
    nothing of it is written again. To delete the conversation the controller shows, calling
    \c{KoderAgentController.deleteConversation()} also empties the view. Returns false when
    there is no \l store or the delete fails (the store's \c error says why).
*/

/*!
    \enum KoderConversationListModel::Roles

    The roles of the model; roleNames() gives their names as QML delegates see them.

    \value ConversationIdRole \c conversationId: the conversation's id (QString).
    \value TitleRole \c title: its title (QString); Qt::DisplayRole gives it too.
    \value UpdatedAtRole \c updatedAt: when it was last written or renamed (QDateTime, UTC).
    \value MessageCountRole \c messageCount: the messages on its active path (int).
    \value UnreadRole \c unread: a turn finished while it was not shown (bool).
    \value StatusRole \c status: its status as KoderAgentController::conversationStatus()
           names it (QString); for a conversation neither shown nor running whose stored tool
           calls wait for the user, \c reviewingToolCall, or whose question waits,
           \c awaitingInput; else \c idle without a controller.
*/

/*!
    \property KoderConversationListModel::store
    \brief The store whose conversations are listed.

    Null by default (an empty list). Setting it resets the model.
*/

/*!
    \property KoderConversationListModel::controller
    \brief The controller whose conversations' statuses the StatusRole shows.

    Null by default: every row's status is \c idle, except \c reviewingToolCall for a stored
    conversation whose tool calls wait for the user.
*/

/*!
    \property KoderConversationListModel::count
    \brief The number of rows.
*/

/*!
    \fn KoderConversationListModel::KoderConversationListModel(QObject *parent)

    Constructs an empty list model with \a parent; set a store to fill it.
*/

/*!
    \fn int KoderConversationListModel::rowCount(const QModelIndex &parent) const
    \reimp
*/

/*!
    \fn QVariant KoderConversationListModel::data(const QModelIndex &index, int role) const
    \reimp
*/

/*!
    \fn QHash<int, QByteArray> KoderConversationListModel::roleNames() const
    \reimp
*/

/*!
    \fn QVariantMap KoderConversationListModel::get(int row) const

    Returns the row \a row as a map (\c id, \c conversationId, \c title, \c updatedAt,
    \c messageCount, \c unread, \c status), or an empty map when \a row is out of range.
*/

/*!
    \fn bool KoderConversationListModel::rename(const QString &id, const QString &title)

    Renames the conversation \a id to \a title in the store. Returns false without a store or
    when the store refuses (KoderConversationStore::error() says why).
*/

/*!
    \fn bool KoderConversationListModel::remove(const QString &id)

    Deletes the conversation \a id from the store. Returns false without a store or when the
    store refuses (KoderConversationStore::error() says why).
*/

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
        return statusOf(row);
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
    map.insert(QStringLiteral("status"), statusOf(map));
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

QString KoderConversationListModel::statusOf(const QVariantMap& row) const
{
    const QString id = row.value(idKey).toString();
    const QString status =
        m_controller ? m_controller->conversationStatus(id) : QStringLiteral("idle");
    // The controller knows the conversation it shows and the turns it runs; of the others, the
    // store knows which wait for the user (after a restart, or once left while waiting).
    if (status != QLatin1String("idle") || (m_controller && m_controller->conversationId() == id))
        return status;
    const QString waiting = row.value(QStringLiteral("waiting")).toString();
    return waiting.isEmpty() ? status : waiting;
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
