// SPDX-License-Identifier: MIT
#include "koderconversationlistmodel.h"

#include "koderconversationstore.h"

#include <QtCore/QDateTime>
#include <QtCore/QSet>

#include <algorithm>
#include <utility>

/*!
    \class KoderConversationListModel
    \inmodule KoderAgent
    \brief Lists the conversations of a KoderConversationStore, pinned ones first, then newest
    first, and keeps the list up to date.

    One row per stored conversation that the filters let through: by default those not
    archived (showArchived lists the archived ones only), in every folder or in one (folder).
    The pinned conversations come first, the most recently written first among them; then the
    others, the most recent first. Rows are inserted, moved, changed and removed as the store
    reports conversations written, renamed, branched, pinned, archived, filed or deleted, and
    as the filters change; the model is reset only when its store changes or the store's
    database is opened or closed. With a \l controller, the \c status role follows
    KoderAgentController::conversationStatus() with one \c dataChanged per change.

    In QML: \l [QML] {KoderConversationListModel}{the KoderConversationListModel QML type}.

    \sa KoderConversationStore, {Conversations and Storage}
*/

/*!
    \qmltype KoderConversationListModel
    \inqmlmodule Koder.Agent
    \instantiates KoderConversationListModel
    \brief The conversations of a store, pinned ones first, then newest first, kept up to
    date: titles, message counts, unread replies, the replies running in the background, and
    the pins, archive and folders that organise them.

    A list model for a conversation list: set \l store, and \l controller to see which
    conversations have a turn running in the background. The pinned conversations come first
    (the most recently written first among them), then the others, the most recent first.
    Archived conversations are hidden unless \l showArchived is true, which lists them alone
    (an Archive view); \l folder narrows the list to one folder.

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
    \row \li \c pinned \li bool \li pinned to the top of the list (setPinned()); stored
    \row \li \c archived \li bool \li archived (setArchived()): listed only while
         \l showArchived is true; stored
    \row \li \c folder \li string \li the folder it is filed in (setFolder()), or \c{""}
         for none; stored
    \endtable

    \section2 Organising conversations

    Pins, the archive and folders are kept by the store with each conversation and survive a
    restart; none of them counts as a write (\c updatedAt stays). Pin a conversation to keep
    it at the top, archive it to take it out of the everyday list, file it in a folder to find
    it with others:

    \snippet qml/tst_organisation.qml organisation

    The methods take a conversation's id: a delegate's \c conversationId. A second model on
    the same store with \l showArchived set is the Archive view; unarchiving a conversation
    there moves it back to the everyday list.

    folders() lists the folders in use for a folder picker; read it again on foldersChanged(),
    as the example does.

    \section2 Updates

    The rows follow the store: a conversation written (a new one on its first send, a reply
    saved, a branch) is inserted at the top of its block (the pinned ones, or the others) or
    moved there; a rename moves it there too; a deleted one is removed; a change of \c unread
    or \c status is one \c dataChanged of its row and does not move it. Pinning a
    conversation moves its row (\c rowsMoved) to its place among the pinned ones, by when it
    was last written; unpinning moves it back among the others. Archiving or unarchiving a
    conversation, or filing it in another folder, removes its row when the filters no longer
    let it through, or inserts it at its place when they now do. Changing \l showArchived or
    \l folder removes the rows filtered out and inserts the ones let in, keeping the rows that
    stay (and their delegates). The model is reset only when \l store changes or the store's
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
    \qmlproperty bool KoderConversationListModel::showArchived

    Which side of the archive is listed. False (the default): the conversations that are not
    archived; archiving one removes its row. True: only the archived conversations (an
    Archive view); unarchiving one removes its row from this view. The two views never mix,
    so a conversation list and its archive can be two models on one store. Changing it
    removes and inserts rows (no reset). \l folder applies in both views.

    \sa setArchived()
*/

/*!
    \qmlproperty string KoderConversationListModel::folder

    The folder listed: only the conversations filed in it (setFolder()). Empty (the default):
    every conversation, in a folder or not. Compared as the store keeps folder names (blanks
    at the ends dropped, inner runs of blanks one space), case-sensitively. A folder nothing
    is filed in lists nothing. Changing it removes and inserts rows (no reset).

    \sa folders(), setFolder()
*/

/*!
    \qmlmethod var KoderConversationListModel::get(int row)

    Returns the row \a row as a map with the keys \c id, \c conversationId (the same value),
    \c title, \c updatedAt, \c messageCount, \c unread, \c status, \c pinned, \c archived
    and \c folder, or an empty map when \a row is out of range.
*/

/*!
    \qmlmethod bool KoderConversationListModel::setPinned(string id, bool pinned)

    Pins the conversation \a id to the top of the list when \a pinned is true, or unpins it,
    through the store (KoderConversationStore::setPinned()); its row moves to its place. The
    pin is stored and does not count as a write (\c updatedAt stays). Returns false when there
    is no \l store, no such conversation, or the write fails (the store's \c error says why).
*/

/*!
    \qmlmethod bool KoderConversationListModel::setArchived(string id, bool archived)

    Archives the conversation \a id when \a archived is true, or takes it out of the archive,
    through the store (KoderConversationStore::setArchived()). Its row leaves the list (or
    enters it) as \l showArchived says. Stored; \c updatedAt stays. Returns false when there
    is no \l store, no such conversation, or the write fails (the store's \c error says why).
*/

/*!
    \qmlmethod bool KoderConversationListModel::setFolder(string id, string folder)

    Files the conversation \a id in \a folder (blanks at the ends dropped, inner runs one
    space), or in no folder when \a folder is empty, through the store
    (KoderConversationStore::setFolder()). A folder exists while a conversation is filed in
    it. With a \l folder filter, the row leaves the list or enters it. Stored; \c updatedAt
    stays. Returns false when there is no \l store, no such conversation, or the write fails
    (the store's \c error says why).
*/

/*!
    \qmlmethod list<string> KoderConversationListModel::folders()

    Returns the folders conversations are filed in, sorted for the user (locale-aware), without
    the empty name; archived conversations' folders included. Empty without a \l store. For a
    folder picker: read it again on foldersChanged().

    \sa folder
*/

/*!
    \qmlsignal KoderConversationListModel::foldersChanged()

    Emitted when folders() may have changed: a conversation was filed in another folder,
    created in one or deleted from one, or the list was reloaded (\l store or its \c ready
    changed).
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
    \value PinnedRole \c pinned: it is pinned to the top of the list (bool).
    \value ArchivedRole \c archived: it is archived (bool); listed only with showArchived.
    \value FolderRole \c folder: the folder it is filed in, or an empty string (QString).
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
    \property KoderConversationListModel::showArchived
    \brief Whether the archived conversations are listed, and only they.

    False by default: the conversations not archived. True: the archived ones only (an Archive
    view). Changing it removes and inserts rows; the model is not reset.

    \sa setArchived()
*/

/*!
    \property KoderConversationListModel::folder
    \brief The folder whose conversations are listed; empty for every conversation.

    Empty by default. Compared with the folder names as the store keeps them (blanks
    simplified). Changing it removes and inserts rows; the model is not reset. The setter is
    setFolderFilter(): setFolder() files a conversation.

    \sa folders()
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
    \c messageCount, \c unread, \c status, \c pinned, \c archived, \c folder), or an empty
    map when \a row is out of range.
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

/*!
    \fn bool KoderConversationListModel::setPinned(const QString &id, bool pinned)

    Pins the conversation \a id (\a pinned true) or unpins it in the store; its row moves.
    Returns false without a store or when the store refuses (KoderConversationStore::error()
    says why).
*/

/*!
    \fn bool KoderConversationListModel::setArchived(const QString &id, bool archived)

    Archives the conversation \a id (\a archived true) or unarchives it in the store; its row
    leaves or enters the list as showArchived says. Returns false without a store or when the
    store refuses (KoderConversationStore::error() says why).
*/

/*!
    \fn bool KoderConversationListModel::setFolder(const QString &id, const QString &folder)

    Files the conversation \a id in \a folder in the store (an empty \a folder: in none).
    With a folder filter, its row leaves or enters the list. Returns false without a store or
    when the store refuses (KoderConversationStore::error() says why). Not the setter of the
    folder property: that is setFolderFilter().
*/

/*!
    \fn void KoderConversationListModel::setFolderFilter(const QString &folder)

    Sets the folder property (the filter) to \a folder.
*/

/*!
    \fn QStringList KoderConversationListModel::folders() const

    Returns the store's folders (KoderConversationStore::folders()): the names conversations
    are filed in, sorted, without the empty one; empty without a store.
*/

/*!
    \fn void KoderConversationListModel::foldersChanged()

    Emitted when folders() may have changed: a conversation's folder changed, a conversation
    in a folder was created or deleted, or the list was reloaded.
*/

namespace {
const QString idKey = QStringLiteral("id");
const QString updatedKey = QStringLiteral("updatedAt");
const QString pinnedKey = QStringLiteral("pinned");
const QString archivedKey = QStringLiteral("archived");
const QString folderKey = QStringLiteral("folder");

QString idOf(const QVariantMap& row)
{
    return row.value(idKey).toString();
}

// Pinned first; then newest first; the id breaks ties so the order is total (as the store's
// query orders them).
bool before(const QVariantMap& a, const QVariantMap& b)
{
    const bool pa = a.value(pinnedKey).toBool();
    const bool pb = b.value(pinnedKey).toBool();
    if (pa != pb)
        return pa;
    const QDateTime ta = a.value(updatedKey).toDateTime();
    const QDateTime tb = b.value(updatedKey).toDateTime();
    if (ta != tb)
        return ta > tb;
    return idOf(a) < idOf(b);
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
            {StatusRole, QByteArrayLiteral("status")},
            {PinnedRole, QByteArrayLiteral("pinned")},
            {ArchivedRole, QByteArrayLiteral("archived")},
            {FolderRole, QByteArrayLiteral("folder")}};
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
    case PinnedRole:
        return row.value(pinnedKey).toBool();
    case ArchivedRole:
        return row.value(archivedKey).toBool();
    case FolderRole:
        return row.value(folderKey).toString();
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

void KoderConversationListModel::setShowArchived(bool showArchived)
{
    if (m_showArchived == showArchived)
        return;
    m_showArchived = showArchived;
    refilter();
    Q_EMIT showArchivedChanged();
}

void KoderConversationListModel::setFolderFilter(const QString& folder)
{
    if (m_folder == folder)
        return;
    // Compared as the store keeps folder names: blanks simplified.
    const bool same = m_folder.simplified() == folder.simplified();
    m_folder = folder;
    if (!same)
        refilter();
    Q_EMIT folderChanged();
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

bool KoderConversationListModel::accepts(const QVariantMap& summary) const
{
    if (summary.value(archivedKey).toBool() != m_showArchived)
        return false;
    const QString folder = m_folder.simplified();
    return folder.isEmpty() || summary.value(folderKey).toString() == folder;
}

bool KoderConversationListModel::noteFolder(const QString& id, const QString& folder)
{
    const auto it = m_folderOf.constFind(id);
    const QString was = it == m_folderOf.cend() ? QString() : it.value();
    if (was == folder)
        return false;
    if (folder.isEmpty())
        m_folderOf.remove(id);
    else
        m_folderOf.insert(id, folder);
    return true;
}

QList<QVariantMap> KoderConversationListModel::listed()
{
    m_folderOf.clear();
    QList<QVariantMap> rows;
    if (!m_store)
        return rows;
    for (const QVariant& c : m_store->conversations()) {
        QVariantMap summary = c.toMap();
        noteFolder(idOf(summary), summary.value(folderKey).toString());
        if (accepts(summary))
            rows.append(std::move(summary));
    }
    // The store lists them newest first; the pinned ones come first here.
    std::stable_sort(rows.begin(), rows.end(), before);
    return rows;
}

void KoderConversationListModel::reload()
{
    beginResetModel();
    m_rows = listed();
    endResetModel();
    Q_EMIT countChanged();
    Q_EMIT foldersChanged();
}

void KoderConversationListModel::refilter()
{
    const QList<QVariantMap> wanted = listed();
    QSet<QString> wantedIds;
    for (const QVariantMap& row : wanted)
        wantedIds.insert(idOf(row));
    // The rows that stay must keep their order (they do while the rows follow the store);
    // else the list starts over.
    QStringList keptBefore;
    for (const QVariantMap& row : std::as_const(m_rows))
        if (wantedIds.contains(idOf(row)))
            keptBefore << idOf(row);
    const QSet<QString> kept(keptBefore.cbegin(), keptBefore.cend());
    QStringList keptAfter;
    for (const QVariantMap& row : wanted)
        if (kept.contains(idOf(row)))
            keptAfter << idOf(row);
    const int counted = count();
    if (keptBefore != keptAfter) {
        beginResetModel();
        m_rows = wanted;
        endResetModel();
        if (count() != counted)
            Q_EMIT countChanged();
        return;
    }
    // The rows filtered out, each run of neighbours at once, from the last.
    for (int last = count() - 1; last >= 0;) {
        if (kept.contains(idOf(m_rows.at(last)))) {
            --last;
            continue;
        }
        int first = last;
        while (first > 0 && !kept.contains(idOf(m_rows.at(first - 1))))
            --first;
        beginRemoveRows({}, first, last);
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
        last = first - 1;
    }
    // The rows let in, each run of neighbours at once; the rows kept are the first ones of the
    // rest in the same order, so a row that differs from `wanted` starts a run to insert.
    for (int row = 0; row < wanted.size();) {
        if (row < count() && idOf(m_rows.at(row)) == idOf(wanted.at(row))) {
            if (m_rows.at(row) != wanted.at(row)) {
                m_rows[row] = wanted.at(row);
                Q_EMIT dataChanged(index(row), index(row));
            }
            ++row;
            continue;
        }
        int end = row;
        while (end < wanted.size() && !kept.contains(idOf(wanted.at(end))))
            ++end;
        beginInsertRows({}, row, end - 1);
        for (int i = row; i < end; ++i)
            m_rows.insert(i, wanted.at(i));
        endInsertRows();
        row = end;
    }
    if (count() != counted)
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
    const bool foldersMoved = noteFolder(id, summary.value(folderKey).toString());
    const int row = rowOf(id);
    if (!accepts(summary)) {
        // Archived, unarchived or filed elsewhere: out of this list.
        if (row >= 0) {
            beginRemoveRows({}, row, row);
            m_rows.removeAt(row);
            endRemoveRows();
            Q_EMIT countChanged();
        }
    } else if (row < 0) {
        const int target = sortedPosition(summary, row);
        beginInsertRows({}, target, target);
        m_rows.insert(target, summary);
        endInsertRows();
        Q_EMIT countChanged();
    } else {
        // Written, renamed, pinned or unpinned: to its place in the order.
        const int target = sortedPosition(summary, row);
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
    if (foldersMoved)
        Q_EMIT foldersChanged();
}

void KoderConversationListModel::onRemoved(const QString& id)
{
    const int row = rowOf(id);
    if (row >= 0) {
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
        Q_EMIT countChanged();
    }
    if (noteFolder(id, QString()))
        Q_EMIT foldersChanged();
}

bool KoderConversationListModel::rename(const QString& id, const QString& title)
{
    return m_store && m_store->rename(id, title);
}

bool KoderConversationListModel::remove(const QString& id)
{
    return m_store && m_store->remove(id);
}

bool KoderConversationListModel::setPinned(const QString& id, bool pinned)
{
    return m_store && m_store->setPinned(id, pinned);
}

bool KoderConversationListModel::setArchived(const QString& id, bool archived)
{
    return m_store && m_store->setArchived(id, archived);
}

bool KoderConversationListModel::setFolder(const QString& id, const QString& folder)
{
    // A null string would be stored as NULL: "" is no folder.
    return m_store && m_store->setFolder(id, folder.isNull() ? QStringLiteral("") : folder);
}

QStringList KoderConversationListModel::folders() const
{
    return m_store ? m_store->folders() : QStringList();
}
