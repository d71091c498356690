// SPDX-License-Identifier: MIT
#include "kodermessagemodel.h"

#include "koder/agent/projection.h"
#include "koder/agent/toolcallstatus.h"
#include "qtconvert.h"

#include <QtCore/QDateTime>

#include <utility>

/*!
    \qmltype KoderMessageModel
    \inqmlmodule Koder.Agent
    \instantiates KoderMessageModel
    \brief The messages of a KoderAgentController, as a list model for views.

    The \l {KoderAgentController::messages}{messages} of a \l [QML] KoderAgentController: every
    message of the shown conversation's active path, in order, hidden ones included. It cannot
    be created in QML; each controller has one for its whole life. Bind a \c ListView to it (or
    to a \l [QML] KoderVisibleMessages over it, which leaves out what a chat does not show), and
    read the roles in the delegate as \c required properties:

    \snippet qml/tst_docexamples.qml message-model

    \section1 Roles

    \table
    \header \li Role \li Type \li Meaning
    \row \li \c messageId \li string
         \li The message's unique id, the one regenerate(), edit(), branch(), switchVersion()
             and restoreCheckpoint() take.
    \row \li \c role \li string
         \li \c{"user"}, \c{"assistant"}, \c{"system"}, \c{"tool"} (a tool's result) or
             \c{"checkpoint"}.
    \row \li \c text \li string
         \li A user message's text; an assistant reply's text so far (it grows while the reply
             streams); a tool message's result (JSON text when the tool returned something
             other than a string); a checkpoint's payload as JSON text.
    \row \li \c reasoning \li string
         \li The model's reasoning (thinking) for an assistant reply, as the server sent it;
             empty when there is none.
    \row \li \c streaming \li bool
         \li This row is the reply streaming now.
    \row \li \c aborted \li bool
         \li The reply was cut off before it finished (stopped, or left streaming when the
             application stopped); its partial text stays.
    \row \li \c errorText \li string
         \li For a reply whose turn failed, the error's message; empty otherwise.
    \row \li \c toolCalls \li list<var>
         \li For an assistant row, the tool calls the model asked for in that step: maps with
             \c id, \c name, \c arguments (an object: the arguments that ran, when the user
             edited them) and \c readOnly. While a call runs and its tool reports progress
             (an MCP server's progress notifications), its map also has \c progress (a
             number, in the tool's units), \c total (what \c progress reaches, only when the
             tool said) and \c progressMessage (plain text, may be empty); they go when the
             call's result comes or the turn ends. Empty otherwise.
    \row \li \c toolCallId \li string
         \li For a tool message, the id of the call it answers.
    \row \li \c toolName \li string
         \li For a tool message, the tool's name.
    \row \li \c isError \li bool
         \li For a tool message, the result is an error: the tool threw, rejected, timed out,
             got arguments it could not take, or is not registered.
    \row \li \c denied \li bool
         \li For a tool message, the call was not run: the user or a policy denied it, or the
             turn ended before it was decided. The text says which.
    \row \li \c attachments \li var
         \li The attachments sent with a user message: a list of maps with \c name,
             \c mimeType and \c url. \c undefined when there are none.
    \row \li \c context \li var
         \li A JSON value the application attached to the message (given to
             addChatMessages() or setChatMessages(), or imported), such as what the user had
             open when writing it; \c undefined when there is none.
    \row \li \c selection \li var
         \li A JSON value the application attached to the message, such as what the user had
             selected; \c undefined when there is none.
    \row \li \c metadata \li var
         \li A JSON object about the message: for a tool message, \c{metadata.approval} records
             how the call was decided (\c decision, \c scope, \c by, \c at,
             \c argumentsEdited and, when edited, \c originalArguments); the result of an
             MCP tool keeps what is not text in \c{metadata.content} (images, audio,
             resources, as the server sent them) and \c{metadata.structuredContent}; a
             refused answer has \c{metadata.refusal} true; and whatever the application
             gave.
             \c undefined when empty.
    \row \li \c createdAt \li date
         \li When the message was made.
    \row \li \c visible \li bool
         \li Whether a chat view shows it: true for user and assistant messages, false for
             system, tool and checkpoint messages.
    \row \li \c parentId \li string
         \li The message this one follows in the conversation's tree; an empty string for the
             first.
    \row \li \c versionIndex \li int
         \li Which version of its message this row is, from 0, among the versions that
             regenerate() and edit() made.
    \row \li \c versionCount \li int
         \li How many versions there are (1 when there is no other); a version switcher shows
             itself when it is more than 1.
    \row \li \c usage \li var
         \li For an assistant reply, the token counts the server reported for it: a map with
             those of \c promptTokens, \c completionTokens, \c totalTokens,
             \c reasoningTokens, \c cachedTokens and \c cacheWriteTokens that the server
             sent, and no others. An empty map when it sent none.
    \row \li \c finishReason \li string
         \li For an assistant reply, why the model stopped: \c{"stop"}, \c{"length"},
             \c{"tool_calls"}, \c{"refusal"} or \c{"content_filter"}. Empty while it streams,
             and for a reply that was stopped or failed (see \c aborted and \c errorText).
    \endtable

    \section1 Updates

    The model reads the controller's state directly; it keeps no copy of the history. Its
    updates are precise: rows are inserted and removed as messages come and go, and
    \c dataChanged names only the roles that changed. A model reset happens only when the whole
    history is replaced: setChatMessages(), clear(), reset(), deleteConversation() and a
    switch of conversation.

    Updates of the streaming row's text and reasoning are coalesced to at most one
    \c dataChanged per \l {KoderAgentController::updateInterval}{updateInterval} milliseconds,
    on the trailing edge only: the first change of a reply (its first token) is announced at
    once, in the same call that delivered it; a later change waits, with the changes after it,
    for one \c dataChanged an interval later. So the first token reaches the view without
    waiting for a timer, a fast model updates the row at most once an interval however long
    the view's frames take, and no change is held back for longer than an interval. The last update is always made before the turn's terminal
    signal, and other changes (new rows, a finished reply) are never delayed.

    All readers of one update share one conversion of the text: the \c text role of a row read
    again before the next change of the messages returns the same string, so a delegate and a
    KoderMarkdownBlocks that both read the streaming reply (see
    \l {KoderMarkdownBlocks::sourceModel}{sourceModel}) convert it once per update.

    \sa KoderAgentController, KoderVisibleMessages
*/

/*!
    \qmlproperty int KoderMessageModel::count
    \readonly

    The number of messages (rows). 0 for a new conversation.
*/

/*!
    \qmlmethod var KoderMessageModel::get(int row)

    Returns every role of \a row as a map from the role's name to its value, such as
    \c{agent.messages.get(0).text}; an empty object when \a row is out of range.
*/

/*!
    \class KoderMessageModel
    \inmodule KoderAgent
    \brief The KoderMessageModel class presents the messages of a KoderAgentController as a
    list model.

    KoderAgentController::messages() is one: a QAbstractListModel with a row per message of
    the shown conversation's active path, hidden messages included, and a role per field of a
    message (see \l {KoderMessageModel::Roles}{Roles}). It reads the controller's core state
    directly, with no second copy of the history. Updates are precise (rows inserted and
    removed, \c dataChanged with the changed roles only); a reset happens only when the whole
    history is replaced; updates of the streaming row are coalesced on the trailing edge, the
    first one announced at once (see setUpdateInterval()). The text of a row is converted from
    the core's UTF-8 once per change, however many readers ask for it.

    In QML: \l [QML] {KoderMessageModel}{the KoderMessageModel QML type}, which lists what each
    role holds.

    \sa KoderAgentController, KoderVisibleMessages
*/

/*!
    \enum KoderMessageModel::Roles

    The roles of the model, from Qt::UserRole + 1; roleNames() gives each its name, which is
    the role's name in QML. \l [QML] {KoderMessageModel}{The QML type} describes the values in
    full.

    \value MessageIdRole \c messageId (QString): the message's unique id.
    \value RoleRole \c role (QString): \c{"user"}, \c{"assistant"}, \c{"system"}, \c{"tool"} or
           \c{"checkpoint"}.
    \value TextRole \c text (QString): the message's text; also returned for Qt::DisplayRole.
    \value ReasoningRole \c reasoning (QString): the model's reasoning for a reply.
    \value StreamingRole \c streaming (bool): this row is the reply streaming now.
    \value AbortedRole \c aborted (bool): the reply was cut off; its partial text stays.
    \value ErrorTextRole \c errorText (QString): the error's message for a reply that failed.
    \value ToolCallsRole \c toolCalls (QVariantList of QVariantMap \c id, \c name,
           \c arguments, \c readOnly, and while a call runs and reports progress
           \c progress, \c total (when known) and \c progressMessage): the calls an
           assistant step asked for.
    \value ToolCallIdRole \c toolCallId (QString): the call a tool message answers.
    \value ToolNameRole \c toolName (QString): the tool of a tool message.
    \value IsErrorRole \c isError (bool): a tool message's result is an error.
    \value DeniedRole \c denied (bool): a tool message's call was not run.
    \value AttachmentsRole \c attachments (QVariantList): a user message's attachments; an
           invalid QVariant when there are none.
    \value ContextRole \c context (QVariant): the JSON value the application attached, or an
           invalid QVariant.
    \value SelectionRole \c selection (QVariant): the JSON value the application attached, or
           an invalid QVariant.
    \value MetadataRole \c metadata (QVariantMap): metadata such as \c approval and
           \c refusal, or an invalid QVariant when empty.
    \value CreatedAtRole \c createdAt (QDateTime, UTC): when the message was made.
    \value VisibleRole \c visible (bool): true for user, assistant and summary messages.
    \value ParentIdRole \c parentId (QString): the message this one follows; empty for the
           first.
    \value VersionIndexRole \c versionIndex (int): which version of its message this row is,
           from 0.
    \value VersionCountRole \c versionCount (int): how many versions there are, at least 1.
    \value UsageRole \c usage (QVariantMap): a reply's token counts; empty when the server sent
           none.
    \value FinishReasonRole \c finishReason (QString): why the model stopped: \c{"stop"},
           \c{"length"}, \c{"tool_calls"}, \c{"refusal"} or \c{"content_filter"}.
    \value CostRole \c cost (double): what the row's requests cost under
           KoderAgentController::pricing (a summary's too); negative when unknown.
*/

/*!
    \property KoderMessageModel::count
    \brief the number of messages (rows).

    0 for an empty conversation. countChanged() is emitted after rows are inserted or removed
    and after a reset that changes the number.
*/

/*!
    \fn KoderMessageModel::KoderMessageModel(const koder::agent::State &state, QObject *parent)

    Constructs a model over the core's \a state with \a parent. The model reads \a state
    directly, so \a state must outlive it, and learns of changes only through apply().
    KoderAgentController makes its own; an application does not need to construct one.
*/

/*!
    \fn int KoderMessageModel::rowCount(const QModelIndex &parent) const

    Returns the number of messages; 0 for a valid \a parent, as the model is a flat list.
*/

/*!
    \fn QVariant KoderMessageModel::data(const QModelIndex &index, int role) const

    Returns the value of \a role (one of Roles, or Qt::DisplayRole for the text) for the
    message at \a index, or an invalid QVariant for an invalid index or an unknown role.
*/

/*!
    \fn QHash<int, QByteArray> KoderMessageModel::roleNames() const

    Returns the names of the Roles, the names QML delegates use: \c messageId, \c role,
    \c text, \c reasoning, \c streaming, \c aborted, \c errorText, \c toolCalls,
    \c toolCallId, \c toolName, \c isError, \c denied, \c attachments, \c context,
    \c selection, \c metadata, \c createdAt, \c visible, \c parentId, \c versionIndex,
    \c versionCount, \c usage and \c finishReason.
*/

/*!
    \fn QVariantMap KoderMessageModel::get(int row) const

    Returns every role of \a row as a map from the role's name to its value; an empty map when
    \a row is out of range.
*/

/*!
    \fn void KoderMessageModel::apply(const std::vector<koder::agent::Change> &changes)

    Announces \a changes, a change set the core reported, to views: rows inserted, removed,
    changed (with the changed fields as roles) or a reset. The state already holds the result.
    The controller calls it; an application does not.
*/

/*!
    \fn void KoderMessageModel::flush()

    Emits the coalesced update of the streaming row now, if one is pending. The controller
    calls it before every terminal signal.
*/

/*!
    \fn int KoderMessageModel::updateInterval() const

    Returns the least number of milliseconds between two updates of the streaming row.

    \sa setUpdateInterval()
*/

/*!
    \fn void KoderMessageModel::setPricing(koder::agent::Pricing pricing, std::string fallbackModel)

    Sets the prices the \c cost role uses to \a pricing, and \a fallbackModel as the model of a
    row that names none (the transport's). KoderAgentController::pricing sets it.
*/

/*!
    \fn void KoderMessageModel::setUpdateInterval(int ms)

    Sets the least time between two updates (\c dataChanged) of the streaming row to \a ms
    milliseconds: changes of its text and reasoning that arrive meanwhile are announced
    together. The first change of a reply (its first token) is announced at once; a later one
    an interval later, together with those that follow it. 16 by default; 0 announces every change at once, and
    negative values count as 0. KoderAgentController::updateInterval sets it.
*/

/*!
    \fn static QList<int> KoderMessageModel::rolesFor(koder::agent::Field fields)

    Returns the roles that show the message fields \a fields (a set of the core's
    \c koder::agent::Field flags): what \c dataChanged names for a change of those fields.
*/

/*!
    \fn void KoderMessageModel::countChanged()

    The number of rows changed.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// A running call's latest progress report (an MCP server's notifications/progress) on its
// entry: `progress`, `total` (when known) and `progressMessage`.
QVariantList withToolProgress(const State& state, QVariantList calls)
{
    for (QVariant& entry : calls) {
        QVariantMap call = entry.toMap();
        const auto* report =
            toolProgressOf(state, toStd(call.value(QStringLiteral("id")).toString()));
        if (!report)
            continue;
        call.insert(QStringLiteral("progress"), report->progress);
        if (report->total)
            call.insert(QStringLiteral("total"), *report->total);
        call.insert(QStringLiteral("progressMessage"), toQString(report->message));
        entry = call;
    }
    return calls;
}

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
    , m_count(static_cast<int>(state.conversation.messages.size()))
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
        {CostRole, QByteArrayLiteral("cost")},
    };
}

QVariant KoderMessageModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::size_t row = stateRow(index.row());
    if (row >= m_state.conversation.messages.size())
        return {};
    const Message& m = m_state.conversation.messages[row];
    switch (role) {
    case Qt::DisplayRole:
    case TextRole:
        return textOf(row);
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
        return withToolProgress(m_state, toolCallsToVariant(m.toolCalls()));
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
        return toQString(parentIdOf(m_state.conversation.messages, row));
    case VersionIndexRole:
        return static_cast<int>(versionOf(m_state, row).index);
    case VersionCountRole:
        return static_cast<int>(versionOf(m_state, row).count);
    case UsageRole:
        return usageToVariant(m.usage());
    case FinishReasonRole:
        return toQString(m.finishReason());
    case CostRole:
        return costOf(m, m_pricing, m_fallbackModel);
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
        {Field::Usage, CostRole},
        {Field::Metadata, CostRole},
    };
    QList<int> roles;
    for (const auto& [field, role] : map)
        if (has(fields, field) && !roles.contains(role))
            roles.append(role);
    return roles;
}

void KoderMessageModel::setPricing(Pricing pricing, std::string fallbackModel)
{
    if (pricing == m_pricing && fallbackModel == m_fallbackModel)
        return;
    m_pricing = std::move(pricing);
    m_fallbackModel = std::move(fallbackModel);
    if (m_count > 0)
        Q_EMIT dataChanged(index(0), index(m_count - 1), {CostRole});
}

std::size_t KoderMessageModel::stateRow(int row) const
{
    if (m_moving.first >= 0 && row >= m_moving.first)
        return static_cast<std::size_t>(row + m_moving.shift);
    return static_cast<std::size_t>(row);
}

void KoderMessageModel::setUpdateInterval(int ms)
{
    m_interval = qMax(0, ms);
    m_coalesce.setInterval(m_interval);
}

QString KoderMessageModel::textOf(std::size_t row) const
{
    if (m_textMemo.row != row || m_textMemo.generation != m_generation)
        m_textMemo = {row, m_generation, toQString(m_state.conversation.messages[row].text)};
    return m_textMemo.text;
}

void KoderMessageModel::emitRow(std::size_t row, Field fields)
{
    if (row >= static_cast<std::size_t>(m_count))
        return;
    if (has(fields, streamedFields))
        m_shownRow = row;
    const QModelIndex idx = index(static_cast<int>(row));
    Q_EMIT dataChanged(idx, idx, rolesFor(fields));
}

void KoderMessageModel::flush()
{
    m_coalesce.stop();
    if (m_pendingRow == noRow)
        return;
    const std::size_t row = std::exchange(m_pendingRow, noRow);
    emitRow(row, std::exchange(m_pendingFields, Field::None));
}

void KoderMessageModel::changeRow(std::size_t row, Field fields)
{
    if (m_interval > 0 && onlyStreamed(fields) && row == streamingRow(m_state)) {
        // A row is pending exactly while the timer runs: the token path asks the timer nothing.
        if (row == m_pendingRow) {
            m_pendingFields |= fields;
            return;
        }
        flush(); // another row's update
        // The trailing edge: a row already shown while it streams waits, with the changes that
        // follow within an interval, for one update when the interval ends. Whatever the view's
        // frames cost, that is at most one update per interval.
        if (row == m_shownRow) {
            m_pendingRow = row;
            m_pendingFields = fields;
            m_coalesce.start();
            return;
        }
        // A reply's first change (its first token) is shown at once.
        emitRow(row, fields);
        return;
    }
    if (row == m_pendingRow) {
        fields |= std::exchange(m_pendingFields, Field::None);
        m_pendingRow = noRow;
        m_coalesce.stop();
    }
    emitRow(row, fields);
}

// The state already holds the final list when a change set is replayed. The core mostly appends
// at the end and removes a tail; a summary row comes and goes in the middle, and while such a
// change is announced (begin*Rows) stateRow() shows the rows after it where they were, so views
// and proxies read a consistent list.
void KoderMessageModel::apply(const std::vector<Change>& changes)
{
    const int before = m_count;
    ++m_generation; // the state changed: a text read before is stale
    for (const Change& c : changes) {
        switch (c.kind) {
        case Change::Kind::Changed:
            changeRow(c.first, c.fields);
            break;
        case Change::Kind::Inserted: {
            const int first = static_cast<int>(c.first);
            // Rows from `first` on were after the new ones until endInsertRows(); a pending
            // update of the streaming row is read where the row is now.
            m_moving = {first, static_cast<int>(c.count)};
            flush();
            m_shownRow = noRow; // a new reply (regenerate appends it at the row of the old one)
            beginInsertRows({}, first, first + static_cast<int>(c.count) - 1);
            m_moving = {};
            m_count += static_cast<int>(c.count);
            endInsertRows();
            break;
        }
        case Change::Kind::Removed: {
            const int first = static_cast<int>(c.first);
            // Rows after the removed ones are still announced where they were (the removed rows
            // themselves are gone from the state: reading one gives the row after them).
            m_moving = {first + static_cast<int>(c.count), -static_cast<int>(c.count)};
            flush();
            m_shownRow = noRow;
            beginRemoveRows({}, first, first + static_cast<int>(c.count) - 1);
            m_moving = {};
            m_count -= static_cast<int>(c.count);
            endRemoveRows();
            break;
        }
        case Change::Kind::Reset:
            m_coalesce.stop();
            m_pendingRow = noRow;
            m_pendingFields = Field::None;
            m_shownRow = noRow;
            m_textMemo = {};
            beginResetModel();
            m_count = static_cast<int>(m_state.conversation.messages.size());
            endResetModel();
            break;
        }
    }
    Q_ASSERT(m_count == static_cast<int>(m_state.conversation.messages.size()));
    if (m_count != before)
        Q_EMIT countChanged();
}
