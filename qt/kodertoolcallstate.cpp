// SPDX-License-Identifier: MIT
#include "kodertoolcallstate.h"

#include "kodermessagemodel.h"
#include "qtconvert.h"
#include "toolresulttext.h"

#include <algorithm>

/*!
    \qmltype KoderToolCallState
    \inqmlmodule Koder.Agent
    \instantiates KoderToolCallState
    \brief Where one tool call of a reply stands, and its result, kept up to date: for a tool
    card.

    Follows the tool call \l callId of a \l controller and says where it stands in \l status:
    \c pending while it waits for the user (or the model still streams the step that asked for
    it), \c running while its tool runs, then \c done, \c error or \c denied once its result is
    in the history, with the result in \l result. The properties change as the conversation
    does: an approval, a denial, a tool that starts or finishes, a conversation loaded or
    switched, rows removed by a regenerate.

    An application that draws its own tool cards creates one per card. Here a message
    delegate shows the calls of its row (the \c toolCalls role: a list of maps with \c id,
    \c name and \c arguments), each with where it stands and its result under it:

    \qml
    delegate: Column {
        id: row
        required property var toolCalls

        Repeater {
            model: row.toolCalls
            delegate: Frame {
                id: card
                required property var modelData

                KoderToolCallState {
                    id: callState
                    controller: agent
                    callId: card.modelData.id
                }
                Column {
                    Label {
                        text: card.modelData.name + ": " + callState.status
                        textFormat: Text.PlainText
                    }
                    Label {
                        visible: callState.result !== null
                        text: callState.result ? callState.result.text : ""
                        textFormat: Text.PlainText
                        color: callState.status === "done" ? palette.text
                                                           : KoderTheme.errorColor(palette)
                    }
                    Button {
                        visible: callState.status === "pending"
                                 && agent.status === "reviewingToolCall"
                        text: qsTr("Approve")
                        onClicked: agent.approveToolCall(card.modelData.id)
                    }
                }
            }
        }
    }
    \endqml

    The status is derived by the core (\l {koder::agent::toolCallProgress()}), so a card
    never disagrees with the controller. It costs nothing per streamed token: the text of the
    streaming reply is no part of a call's status, and a change of it is let by.

    \sa KoderAgentController, {Tools and Permissions}
*/

/*!
    \qmlproperty KoderAgentController KoderToolCallState::controller

    The controller whose conversation holds the call. The default is \c null: \l status is
    \c pending and \l result \c null. When the controller is destroyed, it becomes \c null
    again.
*/

/*!
    \qmlproperty string KoderToolCallState::callId

    The id of the tool call to follow: the \c id of one of an assistant message's
    \c toolCalls, or of \l {KoderAgentController::pendingToolCalls}{pendingToolCalls}. The
    default is empty: \l status is \c pending and \l result \c null.
*/

/*!
    \qmlproperty string KoderToolCallState::messageId

    The id of the assistant message that made the call (a Bubble passes its own). Optional,
    empty by default; when set, the result is looked for after that message only, so a model
    that gives two calls of a conversation the same id never shows the newer call's result on
    the older card.
*/

/*!
    \qmlproperty string KoderToolCallState::status
    \readonly

    Where the call stands:

    \table
    \header \li Value \li Meaning
    \row \li \c pending \li The call waits for the user's decision; or the model still
         streams the step that asked for it; or there is no such call (also without a
         \l controller or a \l callId).
    \row \li \c running \li The call was approved (by the user or a policy) and its tool
         runs.
    \row \li \c done \li The tool finished and its result is in \l result.
    \row \li \c error \li The call failed: the tool threw or reported an error, timed out,
         is unknown, or was running when the turn ended. \l result says why.
    \row \li \c denied \li The call did not run: the user or a policy denied it, or the turn
         ended before anyone decided. \l result holds the reason the model reads.
    \endtable
*/

/*!
    \qmlproperty var KoderToolCallState::result
    \readonly

    The call's result once \l status is \c done, \c error or \c denied: a map of the call's
    \c tool message.

    \table
    \header \li Key \li Type \li Value
    \row \li \c text \li string \li the tool's output, the error or the reason of the
         denial, as the user reads it: the library's own answers for a call it denied,
         cancelled or never ran (\e{The user denied this tool call.}, \e{Denied by the
         tool's policy: it was not run.}, ...) in the application's language (the message in
         the history keeps the English the model reads); everything else as the tool returned
         it. Plain text from a tool: show it as such.
    \row \li \c isError \li bool \li the call failed
    \row \li \c denied \li bool \li the call was not run
    \endtable

    \c null before that (\c pending or \c running).
*/

/*!
    \qmlproperty real KoderToolCallState::progress
    \readonly

    How far the running call got, as its tool last reported it (an MCP server's progress
    notification), in the tool's own units; -1 when it reported nothing. It goes back to -1
    when the call's result comes or its turn ends. A card shows a bar when \l total is known,
    and a busy indicator otherwise:

    \qml
    ProgressBar {
        visible: callState.status === "running" && callState.progress >= 0
        indeterminate: callState.total <= 0
        value: callState.total > 0 ? callState.progress / callState.total : 0
    }
    \endqml
*/

/*!
    \qmlproperty real KoderToolCallState::total
    \readonly

    What \l progress reaches when the call is done, when the tool said; -1 when it did not
    (or reported nothing).
*/

/*!
    \qmlproperty string KoderToolCallState::progressMessage
    \readonly

    What the tool says it is doing, with its latest progress report; empty when it said
    nothing. Untrusted plain text: show it as such.
*/

/*!
    \class KoderToolCallState
    \inmodule KoderAgent
    \inheaderfile kodertoolcallstate.h
    \brief The KoderToolCallState class follows one tool call of a KoderAgentController: its
    status and its result, for a tool card.

    Set the controller() and the callId(); status() is then one of \c "pending",
    \c "running", \c "done", \c "error" and \c "denied", and result() the call's result once
    it has one (a QVariantMap with \c text, \c isError and \c denied; a null QVariant before).
    Both are recomputed with the core's koder::agent::toolCallProgress() whenever the
    controller reports something that can change them (rows of its message model inserted,
    removed, reset or changed, its pendingToolCalls or status, a tool that starts or
    finishes, another conversation) and notify only when their value changed.

    \code
    KoderToolCallState card;
    card.setController(&agent);
    card.setCallId(callId);
    QObject::connect(&card, &KoderToolCallState::statusChanged, [&] { show(card.status()); });
    \endcode

    The controller is held weakly: when it is destroyed, status() goes back to \c "pending"
    and result() to null.

    In QML: \l [QML] {KoderToolCallState}{the KoderToolCallState QML type}.

    \sa koder::agent::ToolCallProgress
*/

/*!
    \property KoderToolCallState::controller
    \brief the controller whose conversation holds the call.

    Null by default. Held weakly: it becomes null when the controller is destroyed, with
    controllerChanged().
*/

/*!
    \property KoderToolCallState::callId
    \brief the id of the tool call to follow.

    Empty by default.
*/

/*!
    \property KoderToolCallState::messageId
    \brief the id of the assistant message that made the call.

    Empty by default. When set, the result is looked for after that message only
    (koder::agent::toolCallProgress() with \c askedBy), so calls that share an id keep their
    own results.
*/

/*!
    \property KoderToolCallState::status
    \brief where the call stands: \c "pending", \c "running", \c "done", \c "error",
    \c "denied" or \c "asking" (its question waits for the user's answer).

    The name koder::agent::toString() gives the koder::agent::ToolCallStatus of the call;
    \c "pending" without a controller or a callId, and for an id the controller does not
    know.
*/

/*!
    \property KoderToolCallState::result
    \brief the call's result: a QVariantMap with \c text (QString), \c isError and \c denied
    (bool) once status is \c "done", \c "error" or \c "denied"; a null QVariant (holding
    \c nullptr, \c null in QML) before.
*/

/*!
    \property KoderToolCallState::progress
    \brief how far the running call got, as its tool last reported it; -1 when it reported
    nothing.

    Set from an MCP server's progress notifications while the call runs (the core's
    koder::agent::toolProgressOf()); back to -1 when the result comes or the turn ends.
    progressChanged() notifies it, total and progressMessage together.
*/

/*!
    \property KoderToolCallState::total
    \brief what progress reaches when the call is done; -1 when the tool did not say.
*/

/*!
    \property KoderToolCallState::progressMessage
    \brief what the tool says it is doing, with its latest progress report; empty when
    nothing.
*/

/*!
    \fn KoderToolCallState::KoderToolCallState(QObject *parent)

    Constructs a state with \a parent that follows no call yet: status \c "pending", result
    null.
*/

/*!
    \fn KoderToolCallState::~KoderToolCallState()

    Destroys the state.
*/

using namespace koder::agent;
using namespace koder::agent::qt;

namespace {
// The roles whose change can move a call along: a row's kind, the calls an assistant message
// asks for, a tool message's call, error and denial. Text matters only on the call's result row.
bool movesCalls(const QList<int>& roles)
{
    if (roles.isEmpty()) // every role
        return true;
    return std::any_of(roles.begin(), roles.end(), [](int role) {
        switch (role) {
        case KoderMessageModel::RoleRole:
        case KoderMessageModel::ToolCallsRole:
        case KoderMessageModel::ToolCallIdRole:
        case KoderMessageModel::IsErrorRole:
        case KoderMessageModel::DeniedRole:
            return true;
        default:
            return false;
        }
    });
}

QVariant resultOf(const Message& m)
{
    // The card shows the core's own answers (a denial, a call never run) in the user's
    // language; a tool's result as it came.
    const QString text = toQString(m.text);
    return QVariantMap{
        {QStringLiteral("text"), m.denied || m.isError ? shownToolResultText(text) : text},
        {QStringLiteral("isError"), m.isError},
        {QStringLiteral("denied"), m.denied}};
}
} // namespace

KoderToolCallState::KoderToolCallState(QObject* parent)
    : QObject(parent)
    , m_result(QVariant::fromValue(nullptr))
{
}

KoderToolCallState::~KoderToolCallState() = default;

QString KoderToolCallState::status() const
{
    return toQString(toString(m_progress.status));
}

void KoderToolCallState::setController(KoderAgentController* controller)
{
    if (m_controller == controller)
        return;
    if (m_controller) {
        m_controller->disconnect(this);
        m_controller->messages()->disconnect(this);
    }
    m_controller = controller;
    if (controller) {
        KoderMessageModel* model = controller->messages();
        connect(model, &QAbstractItemModel::dataChanged, this, &KoderToolCallState::onDataChanged);
        connect(model, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex&, int first) { onRowsChanged(first); });
        connect(model, &QAbstractItemModel::rowsRemoved, this,
                [this](const QModelIndex&, int first) { onRowsChanged(first); });
        connect(model, &QAbstractItemModel::modelReset, this, &KoderToolCallState::onReplaced);
        connect(controller, &KoderAgentController::conversationIdChanged, this,
                &KoderToolCallState::onReplaced);
        for (auto signal :
             {&KoderAgentController::pendingToolCallsChanged, &KoderAgentController::statusChanged})
            connect(controller, signal, this, &KoderToolCallState::update);
        connect(controller, &KoderAgentController::toolExecutionStarted, this,
                &KoderToolCallState::update);
        connect(controller, &KoderAgentController::toolExecutionFinished, this,
                &KoderToolCallState::update);
        connect(controller, &QObject::destroyed, this, &KoderToolCallState::onControllerDestroyed);
    }
    Q_EMIT controllerChanged();
    onReplaced();
}

void KoderToolCallState::setCallId(const QString& callId)
{
    if (m_callId == callId)
        return;
    m_callId = callId;
    m_id = toStd(callId);
    Q_EMIT callIdChanged();
    onReplaced();
}

void KoderToolCallState::setMessageId(const QString& messageId)
{
    if (m_messageId == messageId)
        return;
    m_messageId = messageId;
    m_askedBy = toStd(messageId);
    Q_EMIT messageIdChanged();
    onReplaced();
}

void KoderToolCallState::onControllerDestroyed()
{
    // The QPointer is already null here: nothing of the controller is read.
    Q_EMIT controllerChanged();
    onReplaced();
}

void KoderToolCallState::onDataChanged(const QModelIndex& first, const QModelIndex& last,
                                       const QList<int>& roles)
{
    // The streaming reply's text changes here once per coalesced batch of tokens: let it by
    // unless it can move a call, or it is this call's result row (whose text is the result).
    const std::size_t row = m_progress.resultRow;
    const bool onResult = row != noRow && first.row() >= 0 &&
                          row >= static_cast<std::size_t>(first.row()) &&
                          row <= static_cast<std::size_t>(last.row());
    if (onResult)
        m_resultStale = true;
    else if (!movesCalls(roles))
        return;
    update();
}

void KoderToolCallState::onRowsChanged(int first)
{
    // Rows are appended or a tail is removed: the result row holds another message only when
    // the change reaches it.
    if (m_progress.resultRow != noRow && m_progress.resultRow >= static_cast<std::size_t>(first))
        m_resultStale = true;
    update();
}

void KoderToolCallState::onReplaced()
{
    m_resultStale = true;
    update();
}

void KoderToolCallState::update()
{
    const KoderAgentController* controller = m_controller.data();
    ToolCallProgress progress;
    if (controller && !m_id.empty())
        progress = toolCallProgress(controller->state(), m_id, m_askedBy);

    QVariant result = m_result;
    if (progress.resultRow == noRow)
        result = QVariant::fromValue(nullptr);
    else if (m_resultStale || progress.resultRow != m_progress.resultRow)
        result = resultOf(controller->state().conversation.messages[progress.resultRow]);
    m_resultStale = false;

    const ToolCallProgressReport* report =
        controller && !m_id.empty() ? toolProgressOf(controller->state(), m_id) : nullptr;
    const double value = report ? report->progress : -1;
    const double total = report && report->total ? *report->total : -1;
    const QString message = report ? toQString(report->message) : QString();
    const bool progressChanged =
        value != m_progressValue || total != m_total || message != m_progressMessage;
    m_progressValue = value;
    m_total = total;
    m_progressMessage = message;

    const bool statusChanged = progress.status != m_progress.status;
    const bool resultChanged = result != m_result; // two nulls compare equal, two maps by value
    m_progress = progress;
    m_result = std::move(result);
    // The result first: a card that reads the result when the status says "done" finds it.
    if (resultChanged)
        Q_EMIT this->resultChanged();
    if (statusChanged)
        Q_EMIT this->statusChanged();
    if (progressChanged)
        Q_EMIT this->progressChanged();
}
