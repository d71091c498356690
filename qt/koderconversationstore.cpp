// SPDX-License-Identifier: MIT
#include "koderconversationstore.h"

#include "agentlogging.h"
#include "conversationsearch.h"
#include "koder/agent/serialization.h"
#include "qtconvert.h"

#include <QtCore/QDateTime>
#include <QtCore/QHash>
#include <QtCore/QTimer>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <algorithm>
#include <string_view>
#include <variant>

/*!
    \class KoderConversationStore
    \inmodule KoderAgent
    \brief Keeps conversations in an SQLite database through Qt SQL.

    A KoderAgentController with a \c store saves every conversation it shows or runs into it
    and loads a conversation from it when its \c conversationId is set. A
    KoderConversationListModel lists what it holds. The store keeps every message field (role,
    text, reasoning, tool calls and results, \c isError, \c denied, \c aborted, the error,
    attachments, context, selection, metadata, \c createdAt, usage and finish reason), every
    version of a regenerated or edited message with the active path, what a tool phase waits
    for, the queued messages and the \c unread mark.

    The database lives at \l path: a local file, or, when \l path is empty (the default),
    memory private to this object. Every write is one transaction; file databases use WAL.
    Problems are reported in \l error and by failed(), never by a crash, and nothing already
    stored is lost or overwritten because of one.

    In QML: \l [QML] {KoderConversationStore}{the KoderConversationStore QML type}, which
    describes the behaviour in full. The \l {Conversations and Storage} page shows how the
    store, the list and the controller work together.

    The store uses a Qt SQL connection of its own; use it from the thread that created it.

    \sa KoderConversationListModel, KoderAgentController
*/

/*!
    \qmltype KoderConversationStore
    \inqmlmodule Koder.Agent
    \instantiates KoderConversationStore
    \brief Keeps conversations in SQLite: every message field, every version, titles, and
    replies that survive a crash.

    Give a KoderAgentController a store and it saves the conversations it shows or runs into
    it, and loads one when its \c conversationId is set. A \l KoderConversationListModel lists
    what the store holds and follows its changes.

    \snippet qml/tst_store.qml storage

    \section2 Where the database lives

    \l path names an SQLite file; the application chooses it, typically in its data folder.
    The store does not create folders: the folder must exist, or opening fails. The
    demo passes the path from C++:

    \snippet main.cpp store-path

    An empty \l path (the default) keeps the conversations in memory, in a database private to
    this store object that is gone when the object is, or when \l path changes. Each store has
    a Qt SQL connection of its own and reports only its own writes through its signals.

    \section2 What is stored

    Every message field: role, text, reasoning, tool calls, tool results, \c isError,
    \c denied, \c aborted, the error text, attachments, context, selection, metadata,
    \c createdAt, usage and finish reason. A conversation is a tree (regenerate and edit keep
    the old versions): the store keeps its active path and every other version, and the
    active path comes back on reload. It also keeps what the conversation's tool phase waits
    for (pending approvals come back pending), the tools granted for the conversation, the
    messages queued by the \c queue busy policy, the \c unread mark and the title. A title is
    the conversation's first user message on one line, cut at 80 characters, until
    rename() sets one; a renamed title is kept from then on.

    \section2 Search and organisation

    The store keeps a full-text index (SQLite FTS5) of what was said: the text and reasoning
    of user and assistant messages and the tool results, on the active path and in every other
    version. A \l KoderSearchModel queries it. The index takes in what was written since it
    last did, in one transaction of its own, before the next search, when the file is opened,
    and two seconds after the last write: writing a message costs what it did without the
    index (a deleted or changed message the index holds is queued, in the write's transaction).
    A search sees every write committed before it, after a crash too. A file of an older schema gets the
    index of what it holds when it is first opened (the migration to schema 7).

    Each conversation also keeps whether it is pinned (setPinned()) or archived
    (setArchived()) and its folder (setFolder()); \l KoderConversationListModel sorts and
    filters by them. Changing them is not a write of the conversation: it keeps its place
    among the most recent.

    exportMarkdown() and exportHtml() give the active path of a conversation as a document to
    save or share.

    \section2 Crash safety

    Every write is one transaction, and file databases run in WAL mode, so a write is either
    all there or not at all. The controller commits a reply before it emits \c streamEnd,
    \c aborted or \c error, and saves a reply that streams every \c flushIntervalMs (default
    1000). A reply that was still streaming when the process died is marked: it comes back
    with \c aborted true and the controller's \c status \c interrupted, so \c regenerate()
    works at once. At most the last flush interval of text is lost.

    \section2 Errors

    No problem crashes the application or destroys what is stored. Each sets \l error and
    emits \l failed() with a sentence that says what happened (also logged as a warning in the
    \c koder.agent category); a failed write is rolled back and leaves every other
    conversation as it was. The store reports:

    \list
    \li a file that cannot be opened (a missing folder, no permission): \e{Cannot open the
        conversation store <path>: <reason>}; \l ready stays false;
    \li a file that is not an SQLite database: \e{<path> is not a usable conversation store:
        <reason>}; the file is not touched;
    \li a database written by a newer version: \e{<path> was written by a newer version (schema
        N); this version reads up to schema 7. It was left untouched.};
    \li a migration that fails: \e{Cannot migrate <path> to schema N: <reason>}; that step is
        rolled back;
    \li a write that fails (a database locked by another process for more than two seconds, a
        full disk): \e{Cannot save the conversation: <reason>} (and \e{Cannot rename ...},
        \e{Cannot delete ...}, \e{Cannot mark ...} for the other writes);
    \li a stored conversation that cannot be read: a message with an unknown role, or a
        damaged version tree (\e{The stored conversation <id> cannot be read: ...}). The
        controller then shows that conversation read-only (its \c lastError has the code
        \c load_failed, and sends are refused) so that no save can overwrite it, until it is
        deleted or replaced;
    \li a stored message whose details (tool calls, attachments, ...) are damaged: the
        conversation loads, that message keeps its text and loses the details, and \l error
        names it;
    \li a JSON document that importJson() refuses, with the path of the first invalid field;
    \li a call made while the database is not open: \e{The conversation store is not open.}
    \endlist

    The schema carries its version (\c{PRAGMA user_version}, currently 7); a file of an older
    schema is migrated on open, one transaction per step.

    \sa KoderConversationListModel, {Conversations and Storage}
*/

/*!
    \qmlproperty string KoderConversationStore::path

    The SQLite file that holds the conversations: a local file name, such as
    \c{/home/me/.local/share/MyApp/conversations.sqlite}. The folder must exist. A file that
    does not exist yet is created with the current schema; an older one is migrated.

    Empty (the default) keeps the conversations in memory, private to this store. Changing
    the path closes the database in use (an in-memory one is gone then) and opens the new one;
    \l ready says whether that worked.
*/

/*!
    \qmlproperty bool KoderConversationStore::ready
    \readonly

    True while the database is open and usable. False when \l path could not be opened or
    migrated (\l error says why), and for a moment while \l path changes. A store starts ready,
    on an in-memory database.
*/

/*!
    \qmlproperty string KoderConversationStore::error
    \readonly

    The last problem, as a sentence for the user (translated), or an empty string (the
    default) when the database opened and the last write or load succeeded. The Errors section
    above lists what it can say.

    \sa failed()
*/

/*!
    \qmlsignal KoderConversationStore::failed(string message)

    Emitted when something goes wrong; \a message says what, as \l error does from then on.
    The store never throws and never crashes on a bad file; every public call that can fail
    returns false, an empty string or an empty list as well.
*/

/*!
    \qmlsignal KoderConversationStore::conversationChanged(string id)

    Emitted after the conversation \a id was created, written, renamed or branched, or its
    \c unread mark changed. KoderConversationListModel inserts, moves or updates its row on
    this signal.
*/

/*!
    \qmlsignal KoderConversationStore::conversationRemoved(string id)

    Emitted after the conversation \a id was deleted (by remove(), a controller's
    \c deleteConversation() or KoderConversationListModel::remove()). A KoderAgentController
    using this store cancels a turn of \a id that runs in the background and writes nothing of
    it again.
*/

/*!
    \qmlmethod list<var> KoderConversationStore::conversations()

    Returns the stored conversations, the most recently written first (ties by id), each as a
    map:

    \table
    \header \li Key \li Type \li Value
    \row \li \c id \li string \li the conversation's id
    \row \li \c title \li string \li its title (the first user message until renamed)
    \row \li \c updatedAt \li date \li when it was last written or renamed (UTC)
    \row \li \c messageCount \li int \li the messages on its active path, hidden ones (system,
         tool, checkpoint) included
    \row \li \c unread \li bool \li a turn finished while it was not shown, and it has not
         been shown since
    \row \li \c waiting \li string \li what its stored state waits for from the user:
         \c reviewingToolCall when tool calls wait for a decision (they wait again when the
         conversation is opened), else an empty string. Read from what the store keeps of the
         tool phase, without loading the messages
    \row \li \c pinned \li bool \li setPinned() pinned it
    \row \li \c archived \li bool \li setArchived() archived it
    \row \li \c folder \li string \li the folder setFolder() put it in, or an empty string
    \endtable

    Returns an empty list when the store is not \l ready or the query fails (then \l error
    says why).
*/

/*!
    \qmlmethod var KoderConversationStore::conversation(string id)

    Returns the summary of the conversation \a id, a map with the keys conversations() lists,
    or an empty map when there is no such conversation or the store is not \l ready.
*/

/*!
    \qmlmethod bool KoderConversationStore::rename(string id, string title)

    Sets the title of the conversation \a id to \a title and keeps it from then on (later
    writes no longer derive the title from the first message). A rename counts as a write: the
    conversation moves to the top of the list. Emits conversationChanged().

    Returns false, with \l error set, when there is no conversation \a id (\e{There is no
    conversation <id>.}), the store is not \l ready, or the write fails.
*/

/*!
    \qmlmethod bool KoderConversationStore::remove(string id)

    Deletes the conversation \a id with all its messages and versions, in one transaction, and
    emits conversationRemoved(). Removing an id that does not exist succeeds and changes
    nothing. Returns false, with \l error set, when the store is not \l ready or the delete
    fails (nothing is deleted then).
*/

/*!
    \qmlmethod bool KoderConversationStore::setUnread(string id, bool unread)

    Marks the conversation \a id as having a reply the user has not seen (\a unread true), or
    as seen. KoderAgentController calls it: it sets the mark when a turn ends in a conversation
    that is not shown and clears it when the conversation is shown. The mark is kept across
    restarts.

    Unlike a write, it leaves the conversation's place in the list (\c updatedAt) alone.
    Emits conversationChanged() when the mark changes. Returns false, with \l error set, when
    the store is not \l ready or the write fails; true otherwise, also when \a id does not
    exist.
*/

/*!
    \qmlmethod bool KoderConversationStore::setPinned(string id, bool pinned)

    Pins the conversation \a id (\a pinned true), or unpins it. \l KoderConversationListModel
    lists pinned conversations first. Kept across restarts.

    Like setUnread(), it is not a write of the conversation: its \c updatedAt stays. Emits
    conversationChanged() when the value changes. Returns false, with \l error set, when there
    is no conversation \a id (\e{There is no conversation <id>.}), the store is not \l ready
    or the write fails.
*/

/*!
    \qmlmethod bool KoderConversationStore::setArchived(string id, bool archived)

    Archives the conversation \a id (\a archived true), or brings it back.
    \l KoderConversationListModel hides archived conversations unless its \c showArchived is
    set. Archived conversations stay searchable. Returns false in the same cases as
    setPinned(), which it otherwise works like.
*/

/*!
    \qmlmethod bool KoderConversationStore::setFolder(string id, string folder)

    Puts the conversation \a id in the folder \a folder, a name on one line (blanks at the
    ends are dropped, runs of blanks and line breaks become one space); an empty \a folder
    takes it out of any folder. A folder exists while a conversation is in it: there is
    nothing to create or delete. Returns false in the same cases as setPinned(), which it
    otherwise works like.

    \sa folders()
*/

/*!
    \qmlmethod list<string> KoderConversationStore::folders()

    Returns the names of the folders that hold a conversation, sorted as the user's locale
    sorts text, without the empty name. Empty when the store is not \l ready.
*/

// Defined in conversationexport.cpp; documented here, after the \qmltype qdoc must read first.
/*!
    \qmlmethod string KoderConversationStore::exportMarkdown(string id)

    Returns the conversation \a id as Markdown text for people to read: its title as a
    \c{#} heading, then each message of the active path (the versions the user sees; never the
    other versions of a regenerated reply or an edited message) under a \c{##} heading naming
    who wrote it (\e You, \e Assistant, \e{Tool result}, \e Summary, translated), with its text
    as it is. Tool calls and tool results are fenced code blocks, their fence longer than any
    run of backticks inside so that nothing in them ends the block early. System and
    checkpoint rows are left out.

    Returns an empty string when there is no such conversation or it cannot be read (then
    \l error says why).

    \sa exportHtml(), exportJson()
*/

/*!
    \qmlmethod string KoderConversationStore::exportHtml(string id)

    Returns the conversation \a id as a standalone HTML document, for a file the user opens in
    a browser or prints: the title, then one section per message of the active path (never the
    other versions) with who wrote it, its local time, and its body. User, assistant and
    summary text is rendered from Markdown safely: every character of the text is escaped, HTML
    in it stays literal text, only \c http:, \c https: and \c mailto: links keep their target
    (opened with \c{rel="noopener noreferrer nofollow"}), and images are never loaded: each is
    the text \e{[image: <address>]}, a link to the address when it is safe. Code blocks keep
    their language. An assistant's reasoning is in a collapsed \e Reasoning part, its tool
    calls are listed with their arguments, and tool results are shown as plain text with the
    tool's name. System and checkpoint rows are left out.

    The document loads nothing: no script, no image, no font, no style sheet from elsewhere;
    its Content-Security-Policy allows inline style only, and its style follows the system's
    light or dark preference.

    Returns an empty string when there is no such conversation or it cannot be read (then
    \l error says why).

    \sa exportMarkdown(), exportJson(), {Security}
*/

/*!
    \qmlmethod string KoderConversationStore::exportJson(string id)

    Returns the conversation \a id as JSON text in the core's conversation format (id, title,
    messages, the other versions, pending approvals and queued messages), indented by two
    spaces; importJson() reads it back. Returns an empty string when there is no such
    conversation or it cannot be read (then \l error says why).
*/

/*!
    \qmlmethod string KoderConversationStore::importJson(string json)

    Stores the conversation in \a json (the core's format, as exportJson() writes it) and
    returns its id. When the document has no id, or one that is stored already, the
    conversation gets a new id, so an import never overwrites anything. Tools that the
    exported conversation had allowed for the rest of the conversation are not allowed in the
    copy: a file from elsewhere grants nothing.

    An invalid document is refused as a whole: nothing is written, the method returns an empty
    string and \l error names the first invalid field by its path, for example
    \e{The conversation cannot be imported: messages[0].role: unknown value "bot"}. Documents
    nested deeper than 64 levels or larger than 64 MiB are refused the same way.
*/

/*!
    \property KoderConversationStore::path
    \brief The SQLite file that holds the conversations.

    A local file name in an existing folder. Empty (the default) keeps the conversations in an
    in-memory database private to this object. Setting it closes the database in use and
    opens (creating or migrating) the new one.
*/

/*!
    \property KoderConversationStore::ready
    \brief Whether the database is open and usable.

    False when \l path could not be opened or migrated; error() says why.
*/

/*!
    \property KoderConversationStore::error
    \brief The last problem as a translated sentence, or an empty string.

    Cleared when the database opens or a later write or load succeeds. Empty by default.
*/

/*!
    \variable KoderConversationStore::schemaVersion
    \brief The schema version this store writes and reads up to (7).

    It is kept in the database's \c{PRAGMA user_version}. Older files are migrated on open; a
    newer one is refused and left untouched.
*/

/*!
    \variable KoderConversationStore::noRow
    \brief The \c streamingRow value that says no row is still being written.
*/

/*!
    \class KoderConversationStore::Pending
    \inmodule KoderAgent
    \brief What a conversation keeps beside its messages: its open tool phase and its queued
    messages.

    save() stores it with the conversation; loadConversation() gives it back in the
    \c approvals and \c queued fields of the koder::agent::Conversation it returns.
*/

/*!
    \variable KoderConversationStore::Pending::approvals
    \brief What the conversation's open tool phase waits for (the calls pending the user, the
    approved ones whose tool was running) and the tools granted for the conversation.
*/

/*!
    \variable KoderConversationStore::Pending::queued
    \brief The messages sent while a turn was open under the \c queue busy policy, in order.
*/

/*!
    \fn KoderConversationStore::KoderConversationStore(QObject *parent)

    Constructs a store with \a parent, open on an empty in-memory database (\l path is empty).
    Set \l path to keep the conversations in a file.
*/

/*!
    \fn KoderConversationStore::~KoderConversationStore()

    Closes the database and destroys the store. An in-memory database is gone with it.
*/

/*!
    \fn bool KoderConversationStore::save(const koder::agent::Persist &write, const std::vector<koder::agent::Message> &messages, const koder::agent::Versions &versions, std::size_t streamingRow, const QString &title)

    Writes what \a write says changed in the conversation whose active path is \a messages and
    whose other versions are \a versions, in one transaction, at a cost proportional to the
    change: the path rows from \c{write.fromRow} on (stored rows past the path's end are
    dropped); of the other versions, those named in \c{write.versionsWritten} are written
    (as \a versions has them) and those in \c{write.versionsDropped} dropped, or, with
    \c{write.allVersions}, every stored other version is replaced by \a versions.

    Creates the conversation on first use. \a streamingRow marks the reply still being written
    (noRow for none): if the process dies, loading reports that reply as aborted. \a title
    sets the title unless the user renamed the conversation; empty, the title is the first
    user message.

    Returns false, with error() set and the transaction rolled back, when the write fails.
    Emits conversationChanged() on success. KoderAgentController calls it; applications rarely
    need to.
*/

/*!
    \fn bool KoderConversationStore::save(const koder::agent::Persist &write, const std::vector<koder::agent::Message> &messages, const koder::agent::Versions &versions, const KoderConversationStore::Pending &pending, std::size_t streamingRow, const QString &title)
    \overload

    As the overload without \a pending, and also stores \a pending (the open tool phase and the
    queued messages) with the conversation. \a write, \a messages, \a versions,
    \a streamingRow and \a title mean the same.
*/

/*!
    \fn bool KoderConversationStore::save(const QString &id, const std::vector<koder::agent::Message> &messages, std::size_t fromRow, std::size_t streamingRow, const QString &title)
    \overload

    Writes the active path of the conversation \a id only: the rows of \a messages from
    \a fromRow on, leaving the stored other versions as they are. Meant for conversations
    without versions. A row rewritten with the id it had keeps its version index; any other
    row written is its parent's first version. \a streamingRow and \a title mean the same as
    in the other overloads.
*/

/*!
    \fn std::optional<koder::agent::Conversation> KoderConversationStore::loadConversation(const QString &id)

    Returns the conversation \a id: its id, title, active path, other versions, pending
    approvals and queued messages. A reply that was still being written when the process
    stopped comes back with \c aborted set.

    Returns \c std::nullopt when there is no such conversation, or when it cannot be read (a
    row with an unknown role, a damaged version tree; error() says which). A row whose details
    are damaged loses them, not the conversation: its text is kept and error() names it.
*/

/*!
    \fn std::optional<std::vector<koder::agent::Message>> KoderConversationStore::load(const QString &id)

    Returns the active path of the conversation \a id, as loadConversation() reads it, or
    \c std::nullopt.
*/

/*!
    \fn bool KoderConversationStore::contains(const QString &id) const

    Returns whether a conversation \a id is stored (false while the store is not \l ready).
*/

/*!
    \fn void KoderConversationStore::failed(const QString &message)

    Emitted when something goes wrong; \a message says what (also in error()).
*/

/*!
    \fn void KoderConversationStore::conversationChanged(const QString &id)

    Emitted after the conversation \a id was created, written, renamed or branched, or its
    unread mark changed.
*/

/*!
    \fn void KoderConversationStore::conversationRemoved(const QString &id)

    Emitted after the conversation \a id was deleted.
*/

/*!
    \fn QVariantList KoderConversationStore::conversations() const

    Returns the stored conversations, the most recently written first, each a QVariantMap with
    \c id, \c title, \c updatedAt (QDateTime, UTC), \c messageCount, \c unread and \c waiting
    (\c reviewingToolCall when its stored tool calls wait for the user, else empty). Empty when
    the store is not \l ready or the query fails.
*/

/*!
    \fn QVariantMap KoderConversationStore::conversation(const QString &id) const

    Returns the summary of the conversation \a id (the keys conversations() lists), or an empty
    map.
*/

/*!
    \fn bool KoderConversationStore::rename(const QString &id, const QString &title)

    Sets the title of the conversation \a id to \a title, kept from then on; the conversation
    moves to the top of the list. Returns false, with error() set, when there is no such
    conversation or the write fails.
*/

/*!
    \fn bool KoderConversationStore::remove(const QString &id)

    Deletes the conversation \a id with everything it holds, in one transaction, and emits
    conversationRemoved(). Returns false, with error() set, when the delete fails.
*/

/*!
    \fn bool KoderConversationStore::setUnread(const QString &id, bool unread)

    Marks the conversation \a id as having a reply the user has not seen (\a unread true) or
    as seen, without moving it in the list. Emits conversationChanged() when the mark changes.
    KoderAgentController sets and clears it. Returns false, with error() set, when the store
    is not open or the write fails.
*/

/*!
    \fn bool KoderConversationStore::setPinned(const QString &id, bool pinned)

    Pins the conversation \a id (\a pinned true) or unpins it, without moving it in the list
    (\c updatedAt stays). Emits conversationChanged() when the value changes. Returns false,
    with error() set, when there is no such conversation or the write fails.
*/

/*!
    \fn bool KoderConversationStore::setArchived(const QString &id, bool archived)

    Archives the conversation \a id (\a archived true) or brings it back, as setPinned()
    does for pinning. Returns false, with error() set, when there is no such conversation or
    the write fails.
*/

/*!
    \fn bool KoderConversationStore::setFolder(const QString &id, const QString &folder)

    Puts the conversation \a id in \a folder (simplified to one line; empty for none), as
    setPinned() does for pinning. Returns false, with error() set, when there is no such
    conversation or the write fails.
*/

/*!
    \fn QStringList KoderConversationStore::folders() const

    Returns the names of the folders in use, sorted locale-aware, without the empty one.
*/

/*!
    \fn QString KoderConversationStore::exportJson(const QString &id) const

    Returns the conversation \a id as JSON text in the core's format, or an empty string when
    it does not exist or cannot be read.
*/

/*!
    \fn QString KoderConversationStore::importJson(const QString &json)

    Stores the conversation in \a json and returns its id (a new one when the document's id is
    missing or taken). An invalid document writes nothing, returns an empty string and sets
    error() to the first invalid field's path and what is wrong with it.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {

enum Flag { IsError = 1, Denied = 2, Aborted = 4, Streaming = 8 };

// Each schema version is the list of statements that brings the previous one up to it.
const QList<QStringList>& migrations()
{
    static const QList<QStringList> steps{
        // 1: the first schema
        {QStringLiteral("CREATE TABLE conversations (id TEXT PRIMARY KEY, title TEXT NOT NULL "
                        "DEFAULT '', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)"),
         QStringLiteral("CREATE TABLE messages (conversation_id TEXT NOT NULL REFERENCES "
                        "conversations(id) ON DELETE CASCADE, position INTEGER NOT NULL, id TEXT "
                        "NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT "
                        "NULL, flags INTEGER NOT NULL DEFAULT 0, extras TEXT, PRIMARY KEY "
                        "(conversation_id, position))"),
         QStringLiteral("CREATE INDEX conversations_by_recency ON conversations(updated_at)")},
        // 2: titles the user edited are kept
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN title_edited INTEGER NOT NULL "
                        "DEFAULT 0")},
        // 3: the conversation tree. `messages` stays the active path (so the list's message
        // count, the path's order and writing a tail by position are unchanged); each row gains
        // its version index among its siblings. The messages off the path have no position:
        // they are kept by id, with their parent, version index and the child that was active
        // under them. A file of schema 2 is a tree of one version per message as it is.
        {QStringLiteral("ALTER TABLE messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0"),
         QStringLiteral("CREATE TABLE other_versions (conversation_id TEXT NOT NULL REFERENCES "
                        "conversations(id) ON DELETE CASCADE, id TEXT NOT NULL, parent_id TEXT "
                        "NOT NULL, version INTEGER NOT NULL, active_child_id TEXT NOT NULL "
                        "DEFAULT '', role TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER "
                        "NOT NULL, flags INTEGER NOT NULL DEFAULT 0, extras TEXT, PRIMARY KEY "
                        "(conversation_id, id))")},
        // 4: durable approvals. What the conversation's open tool phase waits for (the calls
        // pending the user, the approved ones whose tool ran) and its tools granted by the user,
        // as the core's JSON (toJson(ApprovalState)); '' when there is none.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN approvals TEXT NOT NULL DEFAULT ''")},
        // 5: the messages sent while a turn was open (busy policy "queue"), as the core's JSON
        // (toJson of the queue); '' when none wait.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN queued TEXT NOT NULL DEFAULT ''")},
        // 6: a turn finished while the conversation was not shown, and it has not been shown
        // since (1); kept across restarts like the rest of the list.
        {QStringLiteral("ALTER TABLE conversations ADD COLUMN unread INTEGER NOT NULL DEFAULT 0")},
        // 7: organisation and search. Pinned, archived and the folder (kept by the list, never a
        // write of the conversation). The full-text index of what was said (conversationsearch.h
        // describes it), built here for the messages stored so far and kept in step from then
        // on: what it has not taken in yet is known from the rows themselves and a queue the
        // triggers fill in the transaction of the write, so no crash can leave them apart.
        [] {
            QStringList step{
                QStringLiteral("ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL "
                               "DEFAULT 0"),
                QStringLiteral("ALTER TABLE conversations ADD COLUMN archived INTEGER NOT NULL "
                               "DEFAULT 0"),
                QStringLiteral("ALTER TABLE conversations ADD COLUMN folder TEXT NOT NULL "
                               "DEFAULT ''")};
            step += searchIndexSchema();
            step += searchTriggers();
            step += searchIndexFill();
            return step;
        }(),
    };
    return steps;
}

// The title a conversation gets until the user names it: its first user message, one line.
QString titleFrom(const std::vector<Message>& messages)
{
    for (const Message& m : messages) {
        if (m.role != Role::User)
            continue;
        QString title = toQString(m.text).simplified();
        if (title.size() > 80)
            title = title.left(79) + QChar(0x2026);
        return title;
    }
    return {};
}

int flagsOf(const Message& m, bool streaming)
{
    return (m.isError ? IsError : 0) | (m.denied ? Denied : 0) | (m.aborted ? Aborted : 0) |
           (streaming ? Streaming : 0);
}

// The out-of-line fields as JSON (the core's message format around an empty shell), or null.
QVariant extrasOf(const Message& m)
{
    const MessageExtras* x = m.extrasOrNull();
    if (!x || x->empty())
        return QVariant(QMetaType::fromType<QString>());
    Message shell("x", m.role, {});
    shell.extras() = *x;
    return toQString(toJson(shell));
}

// The columns every message row has: id, role, text, created_at, flags, extras. In a UTF-8
// database the long ones are read as their bytes: Qt would turn them into UTF-16 and the core
// back into UTF-8, which costs a fifth of a load.
QString messageColumns(bool utf8)
{
    return utf8 ? QStringLiteral("id, role, CAST(text AS BLOB), created_at, flags, "
                                 "CAST(extras AS BLOB)")
                : QStringLiteral("id, role, text, created_at, flags, extras");
}

// UTF-8 text from a column read as bytes (a UTF-8 database) or as text.
std::string utf8Of(const QVariant& value)
{
    if (value.typeId() == QMetaType::QByteArray) {
        const QByteArray bytes = value.toByteArray();
        return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    }
    return toStd(value.toString());
}

// The message of a row read with messageColumns() from column `first` on. nullopt for an unknown
// role (the conversation cannot be shown as it was); damaged details cost the details only, and
// the first such row is described in `unreadable`.
std::optional<Message> messageOf(const QSqlQuery& q, int first, QString& unreadable)
{
    const auto role = roleFromString(toStd(q.value(first + 1).toString()));
    if (!role)
        return std::nullopt;
    Message m(toStd(q.value(first).toString()), *role, utf8Of(q.value(first + 2)),
              q.value(first + 3).toLongLong());
    const int flags = q.value(first + 4).toInt();
    m.isError = flags & IsError;
    m.denied = flags & Denied;
    // A reply still being written when the store last saw it was cut off (a crash): it comes
    // back stopped, so it can be regenerated.
    m.aborted = (flags & (Aborted | Streaming)) != 0;
    const std::string extras = utf8Of(q.value(first + 5));
    if (!extras.empty()) {
        auto parsed = messageFromJson(extras);
        if (auto* shell = std::get_if<Message>(&parsed); shell && shell->extrasOrNull())
            m.extras() = *shell->extrasOrNull();
        else if (auto* error = std::get_if<LoadError>(&parsed); error && unreadable.isEmpty())
            unreadable = KoderConversationStore::tr(
                             "The details (tool calls, attachments, ...) of the stored message "
                             "%1 cannot be read: %2. Its text is shown.")
                             .arg(toQString(m.id), toQString(error->toString()));
    }
    return m;
}

// The name assembleVersions gives the stored other versions in its errors.
constexpr std::string_view othersName = "other_versions";

// The record number in an error path like "other_versions[12].parentId", or -1.
qint64 recordOf(const std::string& path)
{
    const std::string prefix = std::string(othersName) + "[";
    if (path.rfind(prefix, 0) != 0)
        return -1;
    const std::size_t end = path.find(']', prefix.size());
    if (end == std::string::npos)
        return -1;
    bool ok = false;
    const qint64 record =
        QString::fromStdString(path.substr(prefix.size(), end - prefix.size())).toLongLong(&ok);
    return ok ? record : -1;
}

} // namespace

KoderConversationStore::KoderConversationStore(QObject* parent)
    : QObject(parent)
    , m_connection(QStringLiteral("koder-store-") + QUuid::createUuid().toString(QUuid::Id128))
    , m_indexTimer(new QTimer(this))
    , m_prepared(std::make_unique<std::map<QString, QSqlQuery>>())
{
    // The search index catches up a moment after the last write: a reply that streams is
    // rewritten at each flush and indexed once, when it is done.
    m_indexTimer->setSingleShot(true);
    m_indexTimer->setInterval(2000);
    connect(m_indexTimer, &QTimer::timeout, this, &KoderConversationStore::updateIndex);
    open();
}

void KoderConversationStore::updateIndex()
{
    if (!m_ready)
        return;
    m_indexTimer->stop();
    QString why;
    if (!updateSearchIndex(QSqlDatabase::database(m_connection, false), &why))
        qCWarning(lcAgent).noquote() << "conversation store: search index not updated:" << why;
}

KoderConversationStore::~KoderConversationStore()
{
    close();
}

void KoderConversationStore::setPath(const QString& path)
{
    if (m_path == path)
        return;
    close();
    m_path = path;
    open();
    Q_EMIT pathChanged();
}

bool KoderConversationStore::fail(const QString& message) const
{
    qCWarning(lcAgent).noquote() << "conversation store:" << message;
    m_error = message;
    auto* self = const_cast<KoderConversationStore*>(this);
    Q_EMIT self->errorChanged();
    Q_EMIT self->failed(message);
    return false;
}

void KoderConversationStore::succeed() const
{
    if (m_error.isEmpty())
        return;
    m_error.clear();
    Q_EMIT const_cast<KoderConversationStore*>(this)->errorChanged();
}

bool KoderConversationStore::open()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(m_path.isEmpty() ? QStringLiteral(":memory:") : m_path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    if (!db.open())
        return fail(
            tr("Cannot open the conversation store %1: %2").arg(m_path, db.lastError().text()));
    if (!migrate()) {
        db.close();
        return false;
    }
    QSqlQuery encoding(db);
    m_utf8 = encoding.exec(QStringLiteral("PRAGMA encoding")) && encoding.next() &&
             encoding.value(0).toString() == QLatin1String("UTF-8");
    // Recency keeps its order even if the clock went back since the last write.
    QSqlQuery latest(db);
    m_lastStamp =
        latest.exec(QStringLiteral("SELECT MAX(updated_at) FROM conversations")) && latest.next()
            ? latest.value(0).toLongLong()
            : 0;
    m_ready = true;
    ++m_opened;
    // What the index had not taken in when the file was last closed (a crash, say).
    updateIndex();
    Q_EMIT readyChanged();
    succeed();
    return true;
}

bool KoderConversationStore::inMemory() const
{
    // SQLite's names for a database in memory: the plain one and the URI forms.
    return m_path.isEmpty() || m_path == QLatin1String(":memory:") ||
           m_path.startsWith(QLatin1String("file::memory:")) ||
           m_path.contains(QLatin1String("mode=memory"));
}

void KoderConversationStore::close()
{
    updateIndex(); // the next open starts with nothing to catch up
    m_prepared->clear();
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    if (m_ready) {
        m_ready = false;
        Q_EMIT readyChanged();
    }
}

bool KoderConversationStore::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    // Reading the version is the first access: a file that is not a database fails here.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return fail(tr("%1 is not a usable conversation store: %2")
                        .arg(m_path.isEmpty() ? tr("The in-memory database") : m_path,
                             q.lastError().text()));
    const int version = q.value(0).toInt();
    if (version > schemaVersion)
        return fail(tr("%1 was written by a newer version (schema %2); this version reads up to "
                       "schema %3. It was left untouched.")
                        .arg(m_path)
                        .arg(version)
                        .arg(schemaVersion));
    q.exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    // INSERT OR REPLACE of a stored version deletes the row it replaces: the search index's
    // delete trigger must see that (SQLite runs delete triggers for REPLACE only with this on).
    q.exec(QStringLiteral("PRAGMA recursive_triggers = ON"));
    if (!m_path.isEmpty())
        q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
    for (int v = version; v < schemaVersion; ++v) {
        if (!db.transaction())
            return fail(tr("Cannot migrate %1: %2").arg(m_path, db.lastError().text()));
        for (const QString& statement : migrations().at(v)) {
            if (!q.exec(statement)) {
                const QString why = q.lastError().text();
                db.rollback();
                return fail(
                    tr("Cannot migrate %1 to schema %2: %3").arg(m_path).arg(v + 1).arg(why));
            }
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(v + 1)) || !db.commit()) {
            const QString why = db.lastError().text();
            db.rollback();
            return fail(tr("Cannot migrate %1 to schema %2: %3").arg(m_path).arg(v + 1).arg(why));
        }
        qCDebug(lcAgent) << "conversation store migrated to schema" << v + 1;
    }
    return true;
}

// A write statement of this store's connection, prepared once: a save prepares nothing, so
// neither it nor the search index's triggers are compiled again for each write.
QSqlQuery& KoderConversationStore::prepared(const QString& sql)
{
    auto it = m_prepared->find(sql);
    if (it == m_prepared->end()) {
        it = m_prepared->emplace(sql, QSqlQuery(QSqlDatabase::database(m_connection))).first;
        if (!it->second.prepare(sql)) {
            // Not kept (a busy schema read, say): the next write prepares it again. This one
            // fails, and its error says why.
            QSqlQuery failed = std::move(it->second);
            m_prepared->erase(it);
            it = m_prepared->insert_or_assign(QString(), std::move(failed)).first;
        }
    }
    return it->second;
}

// The time of a write, strictly after this store's previous one: two writes in the same
// millisecond still list in the order they happened.
qint64 KoderConversationStore::stamp()
{
    m_lastStamp = std::max(QDateTime::currentMSecsSinceEpoch(), m_lastStamp + 1);
    return m_lastStamp;
}

bool KoderConversationStore::save(const QString& id, const std::vector<Message>& messages,
                                  std::size_t fromRow, std::size_t streamingRow,
                                  const QString& title)
{
    return writeConversation(Persist{toStd(id), fromRow, {}, {}, false}, messages, nullptr, nullptr,
                             streamingRow, title);
}

bool KoderConversationStore::save(const Persist& write, const std::vector<Message>& messages,
                                  const Versions& versions, std::size_t streamingRow,
                                  const QString& title)
{
    return writeConversation(write, messages, &versions, nullptr, streamingRow, title);
}

bool KoderConversationStore::save(const Persist& write, const std::vector<Message>& messages,
                                  const Versions& versions, const Pending& pending,
                                  std::size_t streamingRow, const QString& title)
{
    return writeConversation(write, messages, &versions, &pending, streamingRow, title);
}

bool KoderConversationStore::writeConversation(const Persist& write,
                                               const std::vector<Message>& messages,
                                               const Versions* tree, const Pending* pending,
                                               std::size_t streamingRow, const QString& title)
{
    static const Versions none;
    const Versions& versions = tree ? *tree : none;
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    const QString id = toQString(write.conversationId);
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (!db.transaction())
        return fail(tr("Cannot save the conversation: %1").arg(db.lastError().text()));
    auto abandon = [&](const QSqlQuery& q) {
        const QString why = q.lastError().text();
        db.rollback();
        return fail(tr("Cannot save the conversation: %1").arg(why));
    };
    const qint64 now = stamp();
    QSqlQuery q(db);
    QSqlQuery& create = prepared(QStringLiteral("INSERT OR IGNORE INTO conversations (id, title, "
                                                "created_at, updated_at) VALUES (?, '', ?, ?)"));
    create.bindValue(0, id);
    create.bindValue(1, now);
    create.bindValue(2, now);
    if (!create.exec())
        return abandon(create);

    // The path: its rows from fromRow on, by position. Without the tree (a path-only save), a
    // row rewritten with the same id keeps the version index it has.
    QHash<QString, qint64> storedIndexes;
    if (!tree) {
        q.prepare(QStringLiteral("SELECT id, version FROM messages WHERE conversation_id = ? AND "
                                 "position >= ? AND version <> 0"));
        q.addBindValue(id);
        q.addBindValue(static_cast<qint64>(write.fromRow));
        if (!q.exec())
            return abandon(q);
        while (q.next())
            storedIndexes.insert(q.value(0).toString(), q.value(1).toLongLong());
    }
    QSqlQuery& cut = prepared(
        QStringLiteral("DELETE FROM messages WHERE conversation_id = ? AND position >= ?"));
    cut.bindValue(0, id);
    cut.bindValue(1, static_cast<qint64>(write.fromRow));
    if (!cut.exec())
        return abandon(cut);
    QSqlQuery& add = prepared(QStringLiteral(
        "INSERT INTO messages (conversation_id, position, id, role, text, created_at, flags, "
        "extras, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (std::size_t row = write.fromRow; row < messages.size(); ++row) {
        const Message& m = messages[row];
        const QString messageId = toQString(m.id);
        add.bindValue(0, id);
        add.bindValue(1, static_cast<qint64>(row));
        add.bindValue(2, messageId);
        add.bindValue(3, toQString(toString(m.role)));
        add.bindValue(4, toQString(m.text));
        add.bindValue(5, static_cast<qint64>(m.createdAt));
        add.bindValue(6, flagsOf(m, row == streamingRow));
        add.bindValue(7, extrasOf(m));
        add.bindValue(
            8, tree ? static_cast<qint64>(versions.position(parentIdOf(messages, row), m.id).index)
                    : storedIndexes.value(messageId, 0));
        if (!add.exec())
            return abandon(add);
    }

    // The other versions: all of them, or the ones named. A named one is stored as `versions`
    // has it now (off the path: written; on it or gone: dropped), whichever list named it.
    QSqlQuery& insert = prepared(QStringLiteral(
        "INSERT OR REPLACE INTO other_versions (conversation_id, id, role, text, created_at, "
        "flags, extras, parent_id, version, active_child_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?)"));
    auto store = [&](const OtherVersion& v) {
        const Message& m = v.message;
        insert.bindValue(0, id);
        insert.bindValue(1, toQString(m.id));
        insert.bindValue(2, toQString(toString(m.role)));
        insert.bindValue(3, toQString(m.text));
        insert.bindValue(4, static_cast<qint64>(m.createdAt));
        insert.bindValue(5, flagsOf(m, false));
        insert.bindValue(6, extrasOf(m));
        insert.bindValue(7, toQString(v.parentId));
        insert.bindValue(8, static_cast<qint64>(versions.position(v.parentId, m.id).index));
        insert.bindValue(9, toQString(v.activeChildId));
        return insert.exec();
    };
    if (write.allVersions) {
        q.prepare(QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ?"));
        q.addBindValue(id);
        if (!q.exec())
            return abandon(q);
        for (const OtherVersion* v : versions.inOrder(messages))
            if (!store(*v))
                return abandon(insert);
    } else if (!write.versionsDropped.empty() || !write.versionsWritten.empty()) {
        q.prepare(
            QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ? AND id = ?"));
        for (const auto* named : {&write.versionsDropped, &write.versionsWritten}) {
            for (const std::string& versionId : *named) {
                if (const OtherVersion* v = versions.find(versionId)) {
                    if (!store(*v))
                        return abandon(insert);
                    continue;
                }
                q.bindValue(0, id);
                q.bindValue(1, toQString(versionId));
                if (!q.exec())
                    return abandon(q);
            }
        }
    }

    QSqlQuery& touch = prepared(QStringLiteral("UPDATE conversations SET updated_at = ?, title = "
                                               "CASE WHEN title_edited = 0 THEN ? ELSE title END "
                                               "WHERE id = ?"));
    touch.bindValue(0, now);
    touch.bindValue(1, title.isEmpty() ? titleFrom(messages) : title);
    touch.bindValue(2, id);
    if (!touch.exec())
        return abandon(touch);
    if (pending) {
        QSqlQuery& keep = prepared(
            QStringLiteral("UPDATE conversations SET approvals = ?, queued = ? WHERE id = ?"));
        keep.bindValue(0, toQString(toJson(pending->approvals)));
        keep.bindValue(1, toQString(toJson(pending->queued)));
        keep.bindValue(2, id);
        if (!keep.exec())
            return abandon(keep);
    }
    if (!db.commit()) {
        const QString why = db.lastError().text();
        db.rollback();
        return fail(tr("Cannot save the conversation: %1").arg(why));
    }
    succeed();
    m_indexTimer->start();
    Q_EMIT conversationChanged(id);
    return true;
}

std::optional<std::vector<Message>> KoderConversationStore::load(const QString& id)
{
    auto loaded = loadConversation(id);
    if (!loaded)
        return std::nullopt;
    return std::move(loaded->messages);
}

std::optional<Conversation> KoderConversationStore::loadConversation(const QString& id)
{
    const QVariantMap summary = conversation(id); // empty when there is no such conversation
    if (summary.isEmpty())
        return std::nullopt;
    Conversation c;
    c.id = toStd(id);
    c.title = toStd(summary.value(QStringLiteral("title")).toString());
    // Sized once: a grown vector would keep up to twice the room a long history needs.
    const auto rows =
        static_cast<std::size_t>(summary.value(QStringLiteral("messageCount")).toInt());
    c.messages.reserve(rows);
    std::vector<std::size_t> pathIndexes;
    pathIndexes.reserve(rows);
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1, version FROM messages WHERE conversation_id = ? ORDER BY "
                             "position")
                  .arg(messageColumns(m_utf8)));
    q.addBindValue(id);
    if (!q.exec()) {
        fail(tr("Cannot read the conversation: %1").arg(q.lastError().text()));
        return std::nullopt;
    }
    QString unreadable;
    while (q.next()) {
        auto m = messageOf(q, 0, unreadable);
        if (!m) {
            fail(tr("The stored message %1 has an unknown role.").arg(q.value(0).toString()));
            return std::nullopt;
        }
        c.messages.push_back(std::move(*m));
        pathIndexes.push_back(
            static_cast<std::size_t>(std::max<qint64>(0, q.value(6).toLongLong())));
    }

    // The rest of the tree, in a stable order (the one a damaged record is found by again).
    const QString othersSql = QStringLiteral("FROM other_versions WHERE conversation_id = ? "
                                             "ORDER BY id");
    q.prepare(QStringLiteral("SELECT %1, parent_id, version, active_child_id ")
                  .arg(messageColumns(m_utf8)) +
              othersSql);
    q.addBindValue(id);
    if (!q.exec()) {
        fail(tr("Cannot read the conversation: %1").arg(q.lastError().text()));
        return std::nullopt;
    }
    std::vector<OtherVersionRecord> others;
    while (q.next()) {
        auto m = messageOf(q, 0, unreadable);
        if (!m) {
            fail(tr("The stored message %1 has an unknown role.").arg(q.value(0).toString()));
            return std::nullopt;
        }
        OtherVersionRecord& r = others.emplace_back();
        r.version.message = std::move(*m);
        r.version.parentId = toStd(q.value(6).toString());
        r.versionIndex = static_cast<std::size_t>(std::max<qint64>(0, q.value(7).toLongLong()));
        r.version.activeChildId = toStd(q.value(8).toString());
    }
    if (!others.empty()) {
        auto assembled = assembleVersions(c.messages, pathIndexes, std::move(others), othersName);
        if (auto* error = std::get_if<LoadError>(&assembled)) {
            // Named by the stored message it is about, not by its place in a query.
            QString message;
            if (const qint64 record = recordOf(error->path); record >= 0) {
                QSqlQuery which(db);
                which.prepare(QStringLiteral("SELECT id ") + othersSql +
                              QStringLiteral(" LIMIT 1 OFFSET ?"));
                which.addBindValue(id);
                which.addBindValue(record);
                // "other_versions[12].parentId" names the field after "].".
                const std::size_t dot = error->path.find("].");
                const std::string field =
                    dot == std::string::npos ? std::string() : error->path.substr(dot + 2);
                if (which.exec() && which.next())
                    message = tr("The stored conversation %1 cannot be read: its message %2, "
                                 "off the active path, is damaged (%3: %4).")
                                  .arg(id, which.value(0).toString(), toQString(field),
                                       toQString(error->message));
            }
            if (message.isEmpty())
                message = tr("The stored conversation %1 cannot be read: its versions are "
                             "damaged (%2).")
                              .arg(id, toQString(error->toString()));
            fail(message);
            return std::nullopt;
        }
        c.versions = std::move(std::get<Versions>(assembled));
    }
    // What its tool phase waits for. Damaged, it costs the wait (the conversation comes back
    // interrupted), not the conversation.
    q.prepare(QStringLiteral("SELECT approvals, queued FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next()) {
        auto approvals = approvalStateFromJson(toStd(q.value(0).toString()));
        if (auto* error = std::get_if<LoadError>(&approvals))
            unreadable = tr("The stored conversation %1 lost what it waited for: %2")
                             .arg(id, toQString(error->toString()));
        else
            c.approvals = std::move(std::get<ApprovalState>(approvals));
        auto queued = queuedFromJson(toStd(q.value(1).toString()));
        if (auto* error = std::get_if<LoadError>(&queued))
            unreadable = tr("The stored conversation %1 lost its queued messages: %2")
                             .arg(id, toQString(error->toString()));
        else
            c.queued = std::move(std::get<std::vector<QueuedMessage>>(queued));
    }
    // A damaged row costs its details, not the conversation, and is said, not hidden.
    if (unreadable.isEmpty())
        succeed();
    else
        fail(unreadable);
    return c;
}

bool KoderConversationStore::contains(const QString& id) const
{
    if (!m_ready)
        return false;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT 1 FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    return q.exec() && q.next();
}

namespace {
// The stored tool phase is read only where it names calls pending the user or questions: most
// conversations have none ('' or only granted tools), and the list reads no history for it.
const QString summarySql = QStringLiteral(
    "SELECT c.id, c.title, c.updated_at, (SELECT COUNT(*) FROM messages m WHERE "
    "m.conversation_id = c.id), c.unread, CASE WHEN instr(c.approvals, '\"pending\"') > 0 OR "
    "instr(c.approvals, '\"inputs\"') > 0 THEN c.approvals ELSE '' END, c.pinned, c.archived, "
    "c.folder FROM conversations c");

// What a stored conversation waits for when it is opened again: "reviewingToolCall" while its
// tool phase holds calls pending the user's decision, else "awaitingInput" while a question
// waits, else "" (the order the reopened turn takes them in).
QString waitingOf(const QString& approvals)
{
    if (approvals.isEmpty())
        return {};
    const auto state = approvalStateFromJson(toStd(approvals));
    const auto* loaded = std::get_if<ApprovalState>(&state);
    if (!loaded)
        return {};
    if (!loaded->pending.empty())
        return QStringLiteral("reviewingToolCall");
    return loaded->inputs.empty() ? QString() : QStringLiteral("awaitingInput");
}

QVariantMap summaryOf(const QSqlQuery& q)
{
    return {{QStringLiteral("id"), q.value(0).toString()},
            {QStringLiteral("title"), q.value(1).toString()},
            {QStringLiteral("updatedAt"),
             QDateTime::fromMSecsSinceEpoch(q.value(2).toLongLong(), Qt::UTC)},
            {QStringLiteral("messageCount"), q.value(3).toInt()},
            {QStringLiteral("unread"), q.value(4).toInt() != 0},
            {QStringLiteral("waiting"), waitingOf(q.value(5).toString())},
            {QStringLiteral("pinned"), q.value(6).toInt() != 0},
            {QStringLiteral("archived"), q.value(7).toInt() != 0},
            {QStringLiteral("folder"), q.value(8).toString()}};
}
} // namespace

QVariantList KoderConversationStore::conversations() const
{
    QVariantList list;
    if (!m_ready)
        return list;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(summarySql + QStringLiteral(" ORDER BY c.updated_at DESC, c.id"))) {
        fail(tr("Cannot list the conversations: %1").arg(q.lastError().text()));
        return list;
    }
    while (q.next())
        list.append(summaryOf(q));
    return list;
}

QVariantMap KoderConversationStore::conversation(const QString& id) const
{
    if (!m_ready)
        return {};
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(summarySql + QStringLiteral(" WHERE c.id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return summaryOf(q);
}

bool KoderConversationStore::rename(const QString& id, const QString& title)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE conversations SET title = ?, title_edited = 1, updated_at = "
                             "? WHERE id = ?"));
    q.addBindValue(title);
    q.addBindValue(stamp());
    q.addBindValue(id);
    if (!q.exec())
        return fail(tr("Cannot rename the conversation: %1").arg(q.lastError().text()));
    if (q.numRowsAffected() == 0)
        return fail(tr("There is no conversation %1.").arg(id));
    succeed();
    Q_EMIT conversationChanged(id);
    return true;
}

bool KoderConversationStore::setUnread(const QString& id, bool unread)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlQuery q(QSqlDatabase::database(m_connection));
    // Not a write of the conversation: its place in the list (updated_at) stays.
    q.prepare(QStringLiteral("UPDATE conversations SET unread = ? WHERE id = ? AND unread != ?"));
    q.addBindValue(unread ? 1 : 0);
    q.addBindValue(id);
    q.addBindValue(unread ? 1 : 0);
    if (!q.exec())
        return fail(tr("Cannot mark the conversation: %1").arg(q.lastError().text()));
    succeed();
    if (q.numRowsAffected() > 0)
        Q_EMIT conversationChanged(id);
    return true;
}

bool KoderConversationStore::setMark(const QString& id, const char* column, const QVariant& value)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlQuery q(QSqlDatabase::database(m_connection));
    // Not a write of the conversation: its place in the list (updated_at) stays.
    const QString name = QString::fromLatin1(column);
    q.prepare(
        QStringLiteral("UPDATE conversations SET %1 = ? WHERE id = ? AND %1 IS NOT ?").arg(name));
    q.addBindValue(value);
    q.addBindValue(id);
    q.addBindValue(value);
    if (!q.exec())
        return fail(tr("Cannot mark the conversation: %1").arg(q.lastError().text()));
    if (q.numRowsAffected() == 0 && !contains(id))
        return fail(tr("There is no conversation %1.").arg(id));
    succeed();
    if (q.numRowsAffected() > 0)
        Q_EMIT conversationChanged(id);
    return true;
}

bool KoderConversationStore::setPinned(const QString& id, bool pinned)
{
    return setMark(id, "pinned", pinned ? 1 : 0);
}

bool KoderConversationStore::setArchived(const QString& id, bool archived)
{
    return setMark(id, "archived", archived ? 1 : 0);
}

bool KoderConversationStore::setFolder(const QString& id, const QString& folder)
{
    // One line: a folder is a name in a list, not a text.
    const QString name = folder.simplified();
    return setMark(id, "folder", name.isEmpty() ? QStringLiteral("") : name); // never NULL
}

QStringList KoderConversationStore::folders() const
{
    QStringList names;
    if (!m_ready)
        return names;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT DISTINCT folder FROM conversations WHERE folder <> ''"))) {
        fail(tr("Cannot list the conversations: %1").arg(q.lastError().text()));
        return names;
    }
    while (q.next())
        names << q.value(0).toString();
    std::sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        return QString::localeAwareCompare(a, b) < 0;
    });
    return names;
}

bool KoderConversationStore::remove(const QString& id)
{
    if (!m_ready)
        return fail(tr("The conversation store is not open."));
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    if (!db.transaction())
        return fail(tr("Cannot delete the conversation: %1").arg(db.lastError().text()));
    q.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ?"));
    q.addBindValue(id);
    bool ok = q.exec();
    q.prepare(QStringLiteral("DELETE FROM other_versions WHERE conversation_id = ?"));
    q.addBindValue(id);
    ok = ok && q.exec();
    q.prepare(QStringLiteral("DELETE FROM conversations WHERE id = ?"));
    q.addBindValue(id);
    ok = ok && q.exec();
    if (!ok || !db.commit()) {
        const QString why = q.lastError().text();
        db.rollback();
        return fail(tr("Cannot delete the conversation: %1").arg(why));
    }
    succeed();
    m_indexTimer->start();
    Q_EMIT conversationRemoved(id);
    return true;
}

QString KoderConversationStore::exportJson(const QString& id) const
{
    auto* self = const_cast<KoderConversationStore*>(this);
    const auto c = self->loadConversation(id);
    if (!c)
        return {};
    return toQString(toJson(*c, 2));
}

QString KoderConversationStore::importJson(const QString& json)
{
    auto loaded = conversationFromJson(toStd(json));
    if (auto* error = std::get_if<LoadError>(&loaded)) {
        fail(tr("The conversation cannot be imported: %1").arg(toQString(error->toString())));
        return {};
    }
    Conversation& c = std::get<Conversation>(loaded);
    // A file from elsewhere grants nothing: the tools someone allowed in their conversation
    // would otherwise run unasked here.
    c.approvals.grantedTools.clear();
    QString id = toQString(c.id);
    if (id.isEmpty() || contains(id))
        id = QStringLiteral("c") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    if (!save(Persist{toStd(id), 0, {}, {}, true}, c.messages, c.versions, {c.approvals, c.queued},
              noRow, toQString(c.title)))
        return {};
    return id;
}
