// SPDX-License-Identifier: MIT
#include "kodersearchmodel.h"

#include "agentlogging.h"
#include "conversationsearch.h"
#include "searchworker.h"

#include <QtCore/QDateTime>
#include <QtCore/QThread>
#include <QtCore/QTimer>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>

/*!
    \class KoderSearchModel
    \inmodule KoderAgent
    \brief Finds what was said: the messages of a KoderConversationStore that match a query,
    best first, kept up to date.

    One row per matching message of any stored conversation, on the active path or in another
    version: user and assistant messages (their text and reasoning) and tool results. The
    store keeps a full-text index (SQLite FTS5) of them, and each query first has it take in
    what was written since it last did, so a search sees every committed write and reads no
    history.

    Queries of a store on a file run on a worker thread with a connection of their own: typing
    never waits for the database. The rows follow the store: a write, rename or deletion runs
    the query again.

    In QML: \l [QML] {KoderSearchModel}{the KoderSearchModel QML type}.

    \sa KoderConversationStore, KoderAgentController::openMessage(), {Conversations and Storage}
*/

/*!
    \qmltype KoderSearchModel
    \inqmlmodule Koder.Agent
    \instantiates KoderSearchModel
    \brief Full-text search across every conversation and version of a store: ranked results
    with plain-text snippets and match ranges.

    Set \l store and \l query; each row is a message that matches, best first.

    \snippet qml/tst_search.qml search

    \section2 Queries

    A query is what a user types, never a syntax to learn and never an error:

    \list
    \li Words must all match, in any order, anywhere in the message. Case and accents do not
        count: \c cafe finds \e{Café}.
    \li The last word matches as a prefix, so results come while the user types: \c{wor}
        finds \e{world}.
    \li \c{"quoted phrases"} match those words in that order. A phrase whose closing quote is
        not typed yet matches as a prefix too.
    \li Anything else is plain text: \c AND, \c OR, \c NOT and \c NEAR are words; \c{*},
        \c{^}, \c{:}, brackets and other punctuation separate words. A query with no letter
        or digit (empty, blanks, \c{*} alone) has no results.
    \li The first 64 different words count; more would only narrow the results.
    \endlist

    Results are ranked by relevance (BM25: rarer words and shorter messages count more; a
    match in the text counts twice what one in the reasoning does), at most \l limit of them.
    A query that matches more than 500 messages ranks the 500 written most recently: so a
    common word answers as fast as a rare one (under 50 ms over 100,000 messages), and what
    the user looks for is most often recent. A query with a quoted phrase (or a word that
    splits into several, like \c{e-mail}) lists its matches newest first: ranking a phrase
    would mean reading every message that holds it.

    \section2 Roles

    \table
    \header \li Role \li Type \li Value
    \row \li \c conversationId \li string \li the conversation the message is in
    \row \li \c messageId \li string \li the message; pass both to
         \l {KoderAgentController::openMessage()}{KoderAgentController.openMessage()} to show it
    \row \li \c title \li string \li the conversation's title, as the conversation list shows
         it; also the \c display role
    \row \li \c snippet \li string \li plain text around the best match, on one line, with
         \c … where it was cut. Never rich text: show it in a \c{Text.PlainText} item
    \row \li \c matches \li list \li where the words matched in \c snippet: a list of
         \c{[start, length]} pairs in JavaScript string indices (UTF-16 code units), ready
         for \c{snippet.substring(start, start + length)}
    \row \li \c role \li string \li \c user, \c assistant or \c tool
    \row \li \c createdAt \li date \li when the message was written
    \endtable

    \section2 Updates

    Setting \l query, \l store or \l limit runs the query. \l searching is true until its
    results are in; the rows are then replaced at once (a reset), or only changed in place
    when the same messages match in the same order. While a query runs, further changes wait
    for it and run once after it, so fast typing costs one query at a time.

    A store on a file is queried on a worker thread; a store in memory (an empty \c path, or
    \c{:memory:}) has no file another connection could open, so it is queried on the store's
    own thread, after the current event. When the store closes its file (its \c path
    changes), the worker lets go of it too.

    \sa KoderConversationStore, KoderAgentController::openMessage()
*/

/*!
    \qmlproperty KoderConversationStore KoderSearchModel::store

    The store to search. Default null: no results.
*/

/*!
    \qmlproperty string KoderSearchModel::query

    What the user typed. Default empty: no results. See \l {Queries}.
*/

/*!
    \qmlproperty int KoderSearchModel::count
    \readonly

    The number of results (rows), at most \l limit.
*/

/*!
    \qmlproperty int KoderSearchModel::limit

    The most results kept, the best ones. Default 100; values below 1 count as 1.
*/

/*!
    \qmlproperty bool KoderSearchModel::searching
    \readonly

    True from a change of \l query, \l store or \l limit (or a write to the store) until the
    results of that query are in the rows. A view can show progress while it is true and
    announce \l count when it becomes false.
*/

/*!
    \qmlmethod var KoderSearchModel::get(int row)

    Returns the result at \a row as a map with the role names as keys, or an empty map when
    \a row is out of range.
*/

/*!
    \enum KoderSearchModel::Roles

    The model's roles; the names in parentheses are the QML role names.

    \value ConversationIdRole \c conversationId (QString)
    \value MessageIdRole \c messageId (QString)
    \value TitleRole \c title (QString): the conversation's title; also Qt::DisplayRole
    \value SnippetRole \c snippet (QString): plain text around the best match
    \value MatchesRole \c matches (QVariantList of QVariantList {start, length})
    \value RoleRole \c role (QString): \c user, \c assistant or \c tool
    \value CreatedAtRole \c createdAt (QDateTime, UTC)
*/

/*!
    \property KoderSearchModel::store
    \brief The KoderConversationStore searched.
*/

/*!
    \property KoderSearchModel::query
    \brief What the user typed: words (all must match, the last as a prefix) and quoted
    phrases.
*/

/*!
    \property KoderSearchModel::count
    \brief The number of results.
*/

/*!
    \property KoderSearchModel::limit
    \brief The most results kept (default 100).
*/

/*!
    \property KoderSearchModel::searching
    \brief Whether a query runs whose results are not in the rows yet.
*/

/*!
    \fn KoderSearchModel::KoderSearchModel(QObject *parent)

    Constructs an empty model with \a parent.
*/

/*!
    \fn KoderSearchModel::~KoderSearchModel()

    Stops the worker thread (after the query it runs, if any) and destroys the model.
*/

/*!
    \fn int KoderSearchModel::rowCount(const QModelIndex &parent) const

    Returns the number of results; 0 for a valid \a parent (the model is a list).
*/

/*!
    \fn QVariant KoderSearchModel::data(const QModelIndex &index, int role) const

    Returns the value of \a role (one of Roles, or Qt::DisplayRole for the title) for the
    result at \a index, or an invalid QVariant.
*/

/*!
    \fn QHash<int, QByteArray> KoderSearchModel::roleNames() const

    Returns the QML names of the Roles: \c conversationId, \c messageId, \c title,
    \c snippet, \c matches, \c role and \c createdAt.
*/

/*!
    \fn QVariantMap KoderSearchModel::get(int row) const

    Returns the result at \a row as a map of role names to values, or an empty map.
*/

/*!
    \fn void KoderSearchModel::storeChanged()
    Emitted when \l store changes.
*/
/*!
    \fn void KoderSearchModel::queryChanged()
    Emitted when \l query changes.
*/
/*!
    \fn void KoderSearchModel::countChanged()
    Emitted when \l count changes.
*/
/*!
    \fn void KoderSearchModel::limitChanged()
    Emitted when \l limit changes.
*/
/*!
    \fn void KoderSearchModel::searchingChanged()
    Emitted when \l searching changes.
*/

using namespace koder::agent::qt;

KoderSearchModel::KoderSearchModel(QObject* parent)
    : QAbstractListModel(parent)
    , m_hits(std::make_unique<QList<SearchHit>>())
{
}

KoderSearchModel::~KoderSearchModel()
{
    if (m_thread) {
        // The worker's connection belongs to its thread: it is closed there.
        QMetaObject::invokeMethod(
            m_worker, [worker = m_worker] { delete worker; }, Qt::BlockingQueuedConnection);
        m_thread->quit();
        m_thread->wait();
    }
}

int KoderSearchModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

int KoderSearchModel::count() const
{
    return static_cast<int>(m_hits->size());
}

QVariant KoderSearchModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SearchHit& hit = m_hits->at(index.row());
    switch (role) {
    case ConversationIdRole:
        return hit.conversationId;
    case MessageIdRole:
        return hit.messageId;
    case Qt::DisplayRole:
    case TitleRole:
        return hit.title;
    case SnippetRole:
        return hit.snippet;
    case MatchesRole: {
        QVariantList matches;
        matches.reserve(hit.matches.size());
        for (const auto& [start, length] : hit.matches)
            matches.append(QVariant(QVariantList{start, length}));
        return matches;
    }
    case RoleRole:
        return hit.role;
    case CreatedAtRole:
        return QDateTime::fromMSecsSinceEpoch(hit.createdAt, Qt::UTC);
    default:
        return {};
    }
}

QHash<int, QByteArray> KoderSearchModel::roleNames() const
{
    return {{ConversationIdRole, "conversationId"},
            {MessageIdRole, "messageId"},
            {TitleRole, "title"},
            {SnippetRole, "snippet"},
            {MatchesRole, "matches"},
            {RoleRole, "role"},
            {CreatedAtRole, "createdAt"}};
}

QVariantMap KoderSearchModel::get(int row) const
{
    QVariantMap map;
    if (row < 0 || row >= count())
        return map;
    const QModelIndex at = index(row);
    const auto names = roleNames();
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        map.insert(QString::fromUtf8(it.value()), data(at, it.key()));
    return map;
}

void KoderSearchModel::setStore(KoderConversationStore* store)
{
    if (m_store == store)
        return;
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    releaseFile();
    m_store = store;
    if (store) {
        // Any write can add, change or remove a result: the query runs again (once, however
        // many writes happen while it runs).
        connect(store, &KoderConversationStore::conversationChanged, this,
                &KoderSearchModel::schedule);
        connect(store, &KoderConversationStore::conversationRemoved, this,
                &KoderSearchModel::schedule);
        connect(store, &KoderConversationStore::readyChanged, this, [this] {
            if (!m_store || !m_store->ready())
                releaseFile();
            schedule();
        });
        // Queued: the store is gone by then, and so are its results.
        connect(store, &KoderConversationStore::destroyed, this, &KoderSearchModel::releaseFile);
        connect(store, &KoderConversationStore::destroyed, this, &KoderSearchModel::schedule,
                Qt::QueuedConnection);
    }
    Q_EMIT storeChanged();
    schedule();
}

void KoderSearchModel::setQuery(const QString& query)
{
    if (m_query == query)
        return;
    m_query = query;
    Q_EMIT queryChanged();
    schedule();
}

void KoderSearchModel::setLimit(int limit)
{
    limit = std::max(1, limit);
    if (m_limit == limit)
        return;
    m_limit = limit;
    Q_EMIT limitChanged();
    schedule();
}

void KoderSearchModel::setSearching(bool searching)
{
    if (m_searching == searching)
        return;
    m_searching = searching;
    Q_EMIT searchingChanged();
}

void KoderSearchModel::schedule()
{
    ++m_generation;
    if (m_running) {
        // The answer of the query out now is out of date: finish() asks again.
        setSearching(true);
        return;
    }
    start();
}

void KoderSearchModel::start()
{
    const quint64 generation = m_generation;
    if (!m_store || !m_store->ready() || ftsQueryOf(m_query).isEmpty()) {
        // Nothing to ask: no results, at once.
        finish(generation, {}, {});
        return;
    }
    m_running = true;
    setSearching(true);
    const QString path = m_store->path();
    if (m_store->inMemory()) {
        // An in-memory database is visible to the store's connection only: queried there,
        // after the current event, like a worker's answer.
        QTimer::singleShot(0, this, [this, generation] {
            QString error;
            std::optional<QList<SearchHit>> hits;
            if (m_store && m_store->ready())
                hits = searchMessages(QSqlDatabase::database(m_store->m_connection, false), m_query,
                                      m_limit, &error);
            finish(generation, hits.value_or(QList<SearchHit>{}), error);
        });
        return;
    }
    if (!m_thread) {
        m_thread = new QThread(this);
        m_thread->setObjectName(QStringLiteral("KoderSearchModel"));
        auto* worker = new SearchWorker;
        worker->moveToThread(m_thread);
        connect(worker, &SearchWorker::done, this, &KoderSearchModel::finish);
        m_worker = worker;
        m_thread->start();
    }
    QMetaObject::invokeMethod(m_worker,
                              [worker = static_cast<SearchWorker*>(m_worker), generation, path,
                               opened = m_store->m_opened, query = m_query, limit = m_limit] {
                                  worker->run(generation, path, opened, query, limit);
                              });
}

void KoderSearchModel::releaseFile()
{
    // The worker's connection would keep a file the store closed (one the application may
    // delete or replace) open, and read it.
    if (m_worker)
        QMetaObject::invokeMethod(
            m_worker, [worker = static_cast<SearchWorker*>(m_worker)] { worker->closeDatabase(); });
}

void KoderSearchModel::finish(quint64 generation, const QList<SearchHit>& hits,
                              const QString& error)
{
    m_running = false;
    if (!error.isEmpty())
        qCWarning(lcAgent).noquote() << "search:" << error;
    if (generation != m_generation) {
        start(); // its answer is out of date already
        return;
    }
    // The same messages in the same order: only what changed in them (a title, a snippet)
    // changes, so a view keeps its current item while a reply is written.
    const bool sameRows =
        hits.size() == m_hits->size() &&
        std::equal(hits.cbegin(), hits.cend(), m_hits->cbegin(),
                   [](const SearchHit& a, const SearchHit& b) {
                       return a.conversationId == b.conversationId && a.messageId == b.messageId;
                   });
    if (sameRows) {
        for (qsizetype row = 0; row < hits.size(); ++row) {
            if (hits.at(row) == m_hits->at(row))
                continue;
            (*m_hits)[row] = hits.at(row);
            const QModelIndex at = index(static_cast<int>(row));
            Q_EMIT dataChanged(at, at);
        }
    } else {
        const int before = count();
        beginResetModel();
        *m_hits = hits;
        endResetModel();
        if (count() != before)
            Q_EMIT countChanged();
    }
    setSearching(false);
}
