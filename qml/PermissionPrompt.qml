// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype PermissionPrompt
    \inqmlmodule Koder.Agent
    \brief Asks the user about the pending tool calls of a step: each tool, what it does, its
    arguments, whether it only reads or also writes; Approve or Deny (with an optional reason),
    for how long (only this time, for this conversation, always), with the arguments edited
    first if the user wants. Several calls are listed, each with its own Approve and Deny, and
    "Approve all" / "Deny all" decide them at once.

    Names, descriptions and arguments come from the model and the app and are shown as plain
    text. Edited arguments are checked against the tool's \c parameters schema as they are
    typed (KoderAgentController::checkToolArguments): while they do not fit, Approve is off and
    the reason is shown.

    The prompt is visible only while \l controller has a pending tool call; deciding the last
    one hides it. \l ChatView places one between its messages and its \l Sender; on its own:

    \snippet qml/tst_docexamples.qml permission-prompt

    \section2 Keyboard and focus

    When the prompt appears it takes the keyboard focus (unless \l takesFocus is false), so the
    user can decide at once. Tab then moves through its controls: per call the \e{Edit
    arguments} button (and the editor, while editing) and, when several calls wait, its
    Approve and Deny buttons; then the three scope choices, the reason field, and Approve and
    Deny (or Approve all and Deny all). Space presses the focused button; Enter or Return on an
    Approve or Approve all button approves, and on no other control, so a stray Enter never
    approves. Escape denies (all of them when several wait), except in the arguments editor,
    where it discards the edit. When the last call is decided and the prompt hides while it
    had the focus, the focus goes to \l focusReturn (ChatView sets the Sender's input).

    \section2 Accessibility

    \list
    \li The prompt has the role \c AlertMessage. Its name is \e{The tool <name> wants to
        run} (one call) or \e{N tools want to run}; its description \e{It only reads.},
        \e{It can change things.} or \e{Approve or deny each call, or all of them.}
    \li Each call is a \c Grouping named by its tool. In it: the arguments (\c StaticText,
        \e{Arguments: <JSON>}), a line saying whether the tool only reads or can change
        things, the \e{Edit arguments} / \e{Keep the model's arguments} button (described
        \e{Change the arguments before approving} / \e{Discards your changes to the
        arguments}), the editor (\e{Arguments (JSON)}, described \e{Edited arguments must be a
        JSON object that fits the tool}) and, when the edit does not fit, \e{Cannot approve:
        <reason>} (\c StaticText). With several calls, each has \e{Approve <name>} and
        \e{Deny <name>} buttons, described \e{Runs the tool} and \e{Tells the model the tool
        was not run}.
    \li The scope is a \c Grouping named \e{How long the approval holds} with three radio
        buttons: \e{Only this time}, \e{For this conversation}, \e Always.
    \li The reason field is named \e{Reason for denying}.
    \li The buttons are named \e Approve, \e Deny, \e{Approve all} and \e{Deny all}, each
        described by what it does (\e{Runs the tool}, \e{Tells the model the tool was not
        run}, \e{Runs every tool listed}, \e{Tells the model none of the tools was run}).
    \endlist

    A screen reader hears the prompt when it takes the focus; the controller also makes an
    assertive \e{A tool call needs your approval} announcement (heard on Qt 6.8 and later,
    see \l {Accessibility}).

    An edit in progress belongs to its call (by id): it stays while other calls are decided, and
    "Approve all" passes every call's edited arguments. The calls scroll when they need more
    height than \l maximumCallsHeight (long arguments, many calls); a control reached with Tab,
    and the editor's cursor, are scrolled into view.

    Object names for tests and automation: \c promptTitle, \c promptDescription,
    \c promptArguments, \c editArgumentsButton, \c argumentsEditor, \c argumentsError (inside
    each call's row, named \c call_0, \c call_1, ... in the order of the calls), \c promptCalls
    (the scrolling area of the rows), \c scopeChoice (with \c scope_once, \c scope_conversation,
    \c scope_always), \c denyReason, \c approveButton and \c denyButton (one call),
    \c approveCallButton and \c denyCallButton (in each row, several calls), \c promptHeading,
    \c approveAllButton and \c denyAllButton (several calls).

    \sa ChatView, {Tools and Permissions}, {Accessibility}
*/
Pane {
    id: root

    /*!
        The controller whose pending tool calls the prompt shows and decides. Default null: the
        prompt stays hidden. Switching its conversation drops the rows and every edit.
    */
    property KoderAgentController controller
    /*!
        \readonly
        The pending calls, the controller's \c pendingToolCalls: a list of maps with \c id,
        \c name, \c arguments (an object), \c readOnly and, for a registered tool,
        \c description and \c parameters (its JSON schema). Empty without a controller.
    */
    readonly property var calls: root.controller ? root.controller.pendingToolCalls : []
    /*!
        \readonly
        The first call waiting (the first of \l calls), or null when none waits. The prompt is
        visible exactly while it is not null.
    */
    readonly property var call: root.calls.length > 0 ? root.calls[0] : null
    /*!
        How long an approval holds, passed as the \c scope option of every approval:
        \c "once" (the default: only this call), \c "conversation" (the same tool runs without
        asking for the rest of the conversation) or \c "always" (the tool's policy becomes
        \c "allow"). The three radio buttons set it; it is not reset after a decision.
    */
    property string scope: "once"
    /*!
        Whether the prompt moves the keyboard focus into itself when it appears. Default true.
        ChatView sets it to false while the user is typing a message that the busy policy
        would accept during the turn, so typing is not interrupted.
    */
    property bool takesFocus: true
    /*!
        The item that gets the keyboard focus back when the prompt hides while the focus was
        in it. Default null: the focus is left where Qt puts it. ChatView sets the Sender's
        input.
    */
    property Item focusReturn: null
    /*!
        The height the calls may take before they scroll. Default: 45% of the window's height,
        at least 160 pixels (the window counted as 640 pixels high before it has a height).
    */
    property real maximumCallsHeight: Math.max(160, (root.Window.height > 0 ? root.Window.height
                                                                          : 640) * 0.45)
    /*!
        The arguments being edited, by call id: the text as typed. A call without an entry is
        not being edited. Default an empty object. Written by the rows through setDraft();
        entries of calls no longer waiting are dropped. Assign a new object to change it (a
        change inside the object is not noticed).
    */
    property var drafts: ({})

    /*!
        Approves the call \a callId (default: the first call), with the scope in \l scope and
        its edited arguments when they differ from the model's. Returns false, approving
        nothing, when there is no controller or no such call, or when the edited arguments do
        not fit the tool (problemOf()); otherwise returns what the controller's
        \c approveToolCall() returned.
    */
    function approve(callId) {
        const id = callId === undefined ? (root.call ? root.call.id : "") : callId
        if (!root.controller || !root.callById(id) || root.problemOf(id) !== "")
            return false
        const options = { scope: root.scope }
        if (root.isEdited(id))
            options.arguments = root.drafts[id] // the text: the controller parses it exactly
        return root.controller.approveToolCall(id, options)
    }
    /*!
        Denies the call \a callId (default: the first call) with the reason typed in the
        reason field (may be empty), and empties the field. The model is told the tool was not
        run. Returns false without a controller or a call; otherwise what the controller's
        \c denyToolCall() returned.
    */
    function deny(callId) {
        const id = callId === undefined ? (root.call ? root.call.id : "") : callId
        if (!root.controller || id === "")
            return false
        const done = root.controller.denyToolCall(id, reason.text)
        reason.clear()
        return done
    }
    /*!
        Approves every pending call with the scope in \l scope, each edited one with its
        edits. Returns false, approving nothing, while one of the edits does not fit its tool
        (allApprovable()) or when nothing waits; false also when the controller refuses one.
    */
    function approveAll() {
        if (!root.controller || root.calls.length === 0 || !root.allApprovable())
            return false
        // Taken first: each approval changes the calls (and may decide others by policy).
        const edited = root.calls.filter(c => root.isEdited(c.id))
                                 .map(c => ({ id: c.id, text: root.drafts[c.id] }))
        for (const edit of edited) {
            if (!root.controller.approveToolCall(edit.id, { scope: root.scope,
                                                            arguments: edit.text }))
                return false
        }
        return root.calls.length === 0 || root.controller.approveAll({ scope: root.scope })
    }
    /*!
        Returns whether every pending call can be approved as it stands: no call has edited
        arguments that do not fit its tool. Approve all is enabled only then.
    */
    function allApprovable() {
        return root.calls.every(c => root.problemOf(c.id) === "")
    }
    /*!
        Denies every pending call with the reason typed in the reason field, and empties the
        field. Returns false without a controller; otherwise what the controller's
        \c denyAll() returned.
    */
    function denyAll() {
        if (!root.controller)
            return false
        const done = root.controller.denyAll(reason.text)
        reason.clear()
        return done
    }
    /*!
        Returns the description of the tool named \a name among the controller's \c tools, or
        an empty string when no such tool is registered.
    */
    function descriptionOf(name) {
        if (!root.controller)
            return ""
        const tools = root.controller.tools
        for (let i = 0; i < tools.length; ++i)
            if (tools[i].name === name)
                return tools[i].description
        return ""
    }
    /*!
        Returns the pending call whose id is \a callId (a map, as in \l calls), or null.
    */
    function callById(callId) {
        for (let i = 0; i < root.calls.length; ++i)
            if (root.calls[i].id === callId)
                return root.calls[i]
        return null
    }
    /*!
        Returns the arguments \a args as the prompt shows them: JSON indented by two spaces.
        An object is written out; a string is parsed and written out again, or returned as it
        is when it is not JSON; no arguments give \c{{}}.
    */
    function argumentsText(args) {
        if (typeof args === "string") {
            try {
                return JSON.stringify(JSON.parse(args), null, 2)
            } catch (e) {
                return args // shown as they came
            }
        }
        return JSON.stringify(args === undefined ? {} : args, null, 2)
    }
    /*!
        Returns whether the arguments of the call \a callId are being edited and differ from
        the model's (as argumentsText() shows them).
    */
    function isEdited(callId) {
        const text = root.drafts[callId]
        const call = root.callById(callId)
        return text !== undefined && call !== null && text !== root.argumentsText(call.arguments)
    }
    /*!
        Returns why the call \a callId cannot be approved with its edited arguments, as the
        controller's \c checkToolArguments() says it (not JSON, not an object, or not fitting
        the tool's \c parameters schema), or an empty string when it can, or when it is not
        edited.
    */
    function problemOf(callId) {
        if (!root.controller || !root.isEdited(callId))
            return ""
        return root.controller.checkToolArguments(root.callById(callId).name, root.drafts[callId])
    }
    /*!
        Starts or updates the edit of the arguments of the call \a callId with \a text; with
        \a text undefined the edit starts from the model's arguments, and with \a text null
        the edit stops and is forgotten (the model's arguments are used again).
    */
    function setDraft(callId, text) {
        const next = Object.assign({}, root.drafts)
        if (text === null) {
            delete next[callId]
        } else {
            const call = root.callById(callId)
            next[callId] = text !== undefined ? text
                                              : root.argumentsText(call ? call.arguments : {})
        }
        root.drafts = next
    }

    // One row per call, kept by id: deciding one call leaves the others' rows (their edits,
    // the focus in them) as they are.
    ListModel {
        id: callRows
    }
    /*!
        Brings the prompt's rows (one per pending call, kept by id, so that deciding one call
        leaves the others' edits and focus alone) in line with \l calls, and drops the
        \l drafts of calls that no longer wait. The prompt calls it whenever \l calls changes;
        an application does not need to.
    */
    function syncRows() {
        const ids = root.calls.map(c => c.id)
        for (let i = callRows.count - 1; i >= 0; --i)
            if (ids.indexOf(callRows.get(i).callId) < 0)
                callRows.remove(i)
        for (let i = 0; i < ids.length; ++i) {
            if (i < callRows.count && callRows.get(i).callId === ids[i])
                continue
            let found = -1
            for (let j = i + 1; j < callRows.count; ++j)
                if (callRows.get(j).callId === ids[i])
                    found = j
            if (found >= 0)
                callRows.move(found, i, 1)
            else
                callRows.insert(i, { callId: ids[i] })
        }
        const kept = {}
        let dropped = false
        for (const id in root.drafts) {
            if (ids.indexOf(id) >= 0)
                kept[id] = root.drafts[id]
            else
                dropped = true
        }
        if (dropped)
            root.drafts = kept
    }
    onCallsChanged: root.syncRows()
    Component.onCompleted: root.syncRows()
    Connections {
        target: root.controller
        // Another conversation: its calls may reuse ids, none of the rows or edits carry over.
        function onConversationIdChanged() {
            callRows.clear()
            root.drafts = {}
            root.syncRows()
        }
    }

    /*!
        Scrolls the list of calls so that the rectangle \a rect of \a item (in the item's
        coordinates; default: all of it) is in sight, when \a item is inside a call's row and
        the calls scroll. The prompt calls it for the control that gets the focus and for the
        editor's cursor.
    */
    function reveal(item, rect) {
        let inside = false
        for (let p = item; p; p = p.parent) {
            if (p === callsColumn) {
                inside = true
                break
            }
        }
        if (!inside || callsView.contentHeight <= callsView.height)
            return
        const r = rect !== undefined ? rect : Qt.rect(0, 0, item.width, item.height)
        const top = item.mapToItem(callsColumn, r.x, r.y).y
        const bottom = top + r.height
        if (top < callsView.contentY)
            callsView.contentY = Math.max(0, top)
        else if (bottom > callsView.contentY + callsView.height)
            callsView.contentY = Math.min(bottom - callsView.height,
                                          callsView.contentHeight - callsView.height)
    }

    /*!
        Whether the keyboard focus is inside the prompt, as last seen while it was visible
        (the focus may leave with the controls that hide when the last call is decided).
        Default false. The prompt keeps it up to date; when it hides with this true, the focus
        goes to \l focusReturn.
    */
    property bool holdsFocus: false
    /*!
        Returns whether the window's active focus item is the prompt or inside it.
    */
    function focusIsInside() {
        for (let item = root.Window.activeFocusItem; item; item = item.parent)
            if (item === root)
                return true
        return false
    }
    Connections {
        target: root.Window.window
        function onActiveFocusItemChanged() {
            if (!root.visible)
                return
            root.holdsFocus = root.focusIsInside()
            if (root.holdsFocus)
                root.reveal(root.Window.activeFocusItem)
        }
    }
    onVisibleChanged: {
        if (root.visible) {
            callsView.contentY = 0
            if (root.takesFocus)
                root.forceActiveFocus()
        } else if (root.holdsFocus) {
            root.holdsFocus = false
            giveFocusBack.start()
        }
    }
    // After the bindings settle: the input is enabled again once nothing waits.
    Timer {
        id: giveFocusBack
        interval: 0
        onTriggered: {
            if (root.focusReturn)
                root.focusReturn.forceActiveFocus()
        }
    }

    visible: root.call !== null
    padding: KoderTheme.largeSpacing
    focusPolicy: Qt.StrongFocus
    Accessible.role: Accessible.AlertMessage
    Accessible.name: root.calls.length > 1
                     ? qsTr("%n tools want to run", "", root.calls.length)
                     : root.call ? qsTr("The tool %1 wants to run").arg(root.call.name) : ""
    Accessible.description: root.calls.length > 1
                            ? qsTr("Approve or deny each call, or all of them.")
                            : root.call ? (root.call.readOnly ? qsTr("It only reads.")
                                                              : qsTr("It can change things."))
                                        : ""
    Keys.onEscapePressed: root.calls.length > 1 ? root.denyAll() : root.deny()

    background: Rectangle {
        color: root.palette.base
        border.color: root.palette.highlight
        border.width: 2
        radius: KoderTheme.smallRadius
    }

    component CallRow: ColumnLayout {
        id: row

        required property string callId
        required property int index
        readonly property var call: root.callById(row.callId)
        readonly property string toolName: row.call ? row.call.name : ""
        readonly property string originalText: row.call ? root.argumentsText(row.call.arguments)
                                                        : ""
        readonly property bool editing: root.drafts[row.callId] !== undefined
        readonly property string editedText: row.editing ? root.drafts[row.callId]
                                                         : row.originalText
        readonly property bool edited: row.editing && row.editedText !== row.originalText
        // Why the edited arguments cannot be approved, or "".
        readonly property string problem: row.edited && root.controller
                                          ? root.controller.checkToolArguments(row.toolName,
                                                                               row.editedText)
                                          : ""
        readonly property bool canApprove: row.problem === ""

        // The editor starts from the draft: the model's arguments, or an edit kept.
        onEditingChanged: {
            if (row.editing)
                editor.text = row.editedText
        }
        Component.onCompleted: {
            if (row.editing)
                editor.text = row.editedText
        }

        objectName: "call_" + row.index
        spacing: KoderTheme.spacing
        Layout.fillWidth: true
        Accessible.role: Accessible.Grouping
        Accessible.name: row.toolName

        Rectangle { // between the calls
            visible: row.index > 0
            implicitHeight: 1
            color: root.palette.mid
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptTitle"
            textFormat: Text.PlainText
            text: root.calls.length > 1 ? row.toolName
                                        : qsTr("Allow the tool \"%1\" to run?").arg(row.toolName)
            font.bold: true
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptDescription"
            readonly property string description: row.call && row.call.description !== undefined
                                                  ? row.call.description
                                                  : root.descriptionOf(row.toolName)
            visible: description !== ""
            textFormat: Text.PlainText
            text: description
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            text: row.call && row.call.readOnly ? qsTr("Read-only: it changes nothing.")
                                                : qsTr("Writing: it can change things.")
            color: root.palette.text
            font.italic: true
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptArguments"
            visible: !row.editing
            textFormat: Text.PlainText
            text: row.originalText
            font.family: KoderTheme.monospaceFont.family
            wrapMode: Text.WrapAnywhere
            color: root.palette.text
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Arguments: %1").arg(text)
        }
        Button {
            objectName: "editArgumentsButton"
            text: row.editing ? qsTr("Keep the model's arguments") : qsTr("Edit arguments")
            Accessible.name: text
            Accessible.description: row.editing
                                    ? qsTr("Discards your changes to the arguments")
                                    : qsTr("Change the arguments before approving")
            onClicked: {
                if (row.editing) {
                    root.setDraft(row.callId, null)
                } else {
                    root.setDraft(row.callId, undefined)
                    editor.forceActiveFocus()
                }
            }
        }
        TextArea {
            id: editor
            objectName: "argumentsEditor"
            visible: row.editing
            textFormat: TextEdit.PlainText
            font.family: KoderTheme.monospaceFont.family
            wrapMode: TextEdit.WrapAnywhere
            selectByMouse: true
            Layout.fillWidth: true
            Accessible.name: qsTr("Arguments (JSON)")
            Accessible.description: qsTr("Edited arguments must be a JSON object that fits the tool")
            onTextChanged: {
                if (row.editing && editor.text !== root.drafts[row.callId])
                    root.setDraft(row.callId, editor.text)
            }
            onCursorRectangleChanged: {
                if (editor.activeFocus)
                    root.reveal(editor, editor.cursorRectangle)
            }
            Keys.onEscapePressed: (event) => {
                root.setDraft(row.callId, null)
                event.accepted = true
            }
        }
        Label {
            objectName: "argumentsError"
            visible: row.problem !== ""
            textFormat: Text.PlainText
            text: qsTr("Cannot approve: %1").arg(row.problem)
            color: root.palette.text
            font.bold: true
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
        RowLayout {
            visible: root.calls.length > 1
            spacing: KoderTheme.spacing
            Button {
                objectName: "approveCallButton"
                text: qsTr("Approve")
                enabled: row.canApprove
                Accessible.name: qsTr("Approve %1").arg(row.toolName)
                Accessible.description: qsTr("Runs the tool")
                onClicked: root.approve(row.callId)
                Keys.onReturnPressed: root.approve(row.callId)
                Keys.onEnterPressed: root.approve(row.callId)
            }
            Button {
                objectName: "denyCallButton"
                text: qsTr("Deny")
                Accessible.name: qsTr("Deny %1").arg(row.toolName)
                Accessible.description: qsTr("Tells the model the tool was not run")
                onClicked: root.deny(row.callId)
            }
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: KoderTheme.spacing

        Label {
            objectName: "promptHeading"
            visible: root.calls.length > 1
            textFormat: Text.PlainText
            text: qsTr("%n tools want to run", "", root.calls.length)
            font.bold: true
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        // The calls; they scroll when they need more than maximumCallsHeight.
        Flickable {
            id: callsView
            objectName: "promptCalls"
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(callsColumn.implicitHeight, root.maximumCallsHeight)
            contentWidth: width
            contentHeight: callsColumn.implicitHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            interactive: contentHeight > height
            ScrollBar.vertical: ScrollBar {
                id: callsScrollBar
                policy: callsView.interactive ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
            }

            ColumnLayout {
                id: callsColumn
                width: callsView.width - (callsView.interactive ? callsScrollBar.width : 0)
                spacing: KoderTheme.largeSpacing

                Repeater {
                    id: rows
                    model: callRows
                    delegate: CallRow {}
                }
            }
        }

        // How long an approval holds: three radio buttons (one keystroke each, all in sight).
        Flow {
            objectName: "scopeChoice"
            spacing: KoderTheme.spacing
            Layout.fillWidth: true
            Accessible.role: Accessible.Grouping
            Accessible.name: qsTr("How long the approval holds")
            Label {
                id: scopeLabel
                textFormat: Text.PlainText
                text: qsTr("Allow")
                color: root.palette.text
                verticalAlignment: Text.AlignVCenter // as high as the buttons (below)
            }
            Repeater {
                model: [
                    { value: "once", text: qsTr("Only this time") },
                    { value: "conversation", text: qsTr("For this conversation") },
                    { value: "always", text: qsTr("Always") }
                ]
                delegate: RadioButton {
                    required property var modelData
                    objectName: "scope_" + modelData.value
                    text: modelData.text
                    checked: root.scope === modelData.value
                    Accessible.name: text
                    onToggled: root.scope = modelData.value
                }
                onItemAdded: (index, item) => {
                    if (index === 0)
                        scopeLabel.height = Qt.binding(() => item.height)
                }
            }
        }
        TextField {
            id: reason
            objectName: "denyReason"
            placeholderText: qsTr("Reason for denying (optional)")
            Accessible.name: qsTr("Reason for denying")
            Layout.fillWidth: true
            Keys.onEscapePressed: root.calls.length > 1 ? root.denyAll() : root.deny()
        }
        RowLayout {
            visible: root.calls.length === 1
            spacing: KoderTheme.spacing
            Button {
                objectName: "approveButton"
                text: qsTr("Approve")
                enabled: {
                    root.drafts // re-checked as the arguments are edited
                    return root.call !== null && root.problemOf(root.call.id) === ""
                }
                Accessible.name: text
                Accessible.description: qsTr("Runs the tool")
                onClicked: root.approve()
                Keys.onReturnPressed: root.approve()
                Keys.onEnterPressed: root.approve()
                Keys.onEscapePressed: root.deny()
            }
            Button {
                objectName: "denyButton"
                text: qsTr("Deny")
                Accessible.name: text
                Accessible.description: qsTr("Tells the model the tool was not run")
                onClicked: root.deny()
                Keys.onEscapePressed: root.deny()
            }
        }
        RowLayout {
            visible: root.calls.length > 1
            spacing: KoderTheme.spacing
            Button {
                objectName: "approveAllButton"
                text: qsTr("Approve all")
                enabled: {
                    root.drafts // re-checked as the arguments are edited
                    return root.calls.length > 0 && root.allApprovable()
                }
                Accessible.name: text
                Accessible.description: qsTr("Runs every tool listed")
                onClicked: root.approveAll()
                Keys.onReturnPressed: root.approveAll()
                Keys.onEnterPressed: root.approveAll()
                Keys.onEscapePressed: root.denyAll()
            }
            Button {
                objectName: "denyAllButton"
                text: qsTr("Deny all")
                Accessible.name: text
                Accessible.description: qsTr("Tells the model none of the tools was run")
                onClicked: root.denyAll()
                Keys.onEscapePressed: root.denyAll()
            }
        }
    }
}
