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

    Keyboard: when the prompt appears it takes the focus (\l takesFocus), so Tab moves through
    its controls — the arguments, the scope, the reason, Approve and Deny; Enter approves only
    when an Approve button has the focus; Escape denies (all, when several wait). When it closes
    it gives the focus back to \l focusReturn (ChatView sets the Sender's input).

    Object names for tests and automation: \c promptTitle, \c promptDescription,
    \c promptArguments, \c editArgumentsButton, \c argumentsEditor, \c argumentsError (inside
    each call's row, named \c call_0, \c call_1, ...), \c scopeChoice, \c denyReason,
    \c approveButton and \c denyButton (one call), \c approveCallButton and \c denyCallButton
    (in each row, several calls), \c approveAllButton and \c denyAllButton.
*/
Pane {
    id: root

    property KoderAgentController controller
    /*! The pending calls (KoderAgentController::pendingToolCalls). */
    readonly property var calls: root.controller ? root.controller.pendingToolCalls : []
    /*! The first call waiting, or null. */
    readonly property var call: root.calls.length > 0 ? root.calls[0] : null
    /*! How long an approval holds: "once" (default), "conversation" or "always". */
    property string scope: "once"
    /*! Move the keyboard focus into the prompt when it appears. Default true. */
    property bool takesFocus: true
    /*! Where the keyboard focus goes when the prompt closes while it had it. */
    property Item focusReturn: null

    /*! Approves the call \a callId (default: the first), with the edited arguments of its row
        when they were changed. Returns whether the controller took it. */
    function approve(callId) {
        const row = root.rowOf(callId === undefined ? (root.call ? root.call.id : "") : callId)
        if (!row || !row.canApprove)
            return false
        const options = { scope: root.scope }
        if (row.edited)
            options.arguments = row.editedText
        return root.controller.approveToolCall(row.callId, options)
    }
    /*! Denies the call \a callId (default: the first) with the reason typed. */
    function deny(callId) {
        const id = callId === undefined ? (root.call ? root.call.id : "") : callId
        if (id === "")
            return false
        const done = root.controller.denyToolCall(id, reason.text)
        reason.clear()
        return done
    }
    /*! Approves every call: the rows whose arguments were edited with their edits. */
    function approveAll() {
        if (!root.controller || !root.allApprovable())
            return false
        for (let i = 0; i < rows.count; ++i) {
            const row = rows.itemAt(i)
            if (row && row.edited && !root.approve(row.callId))
                return false
        }
        return root.calls.length === 0 || root.controller.approveAll({ scope: root.scope })
    }
    function allApprovable() {
        for (let i = 0; i < rows.count; ++i) {
            const row = rows.itemAt(i)
            if (row && !row.canApprove)
                return false
        }
        return true
    }
    function denyAll() {
        if (!root.controller)
            return false
        const done = root.controller.denyAll(reason.text)
        reason.clear()
        return done
    }
    /*! The description of the registered tool \a name, or "". */
    function descriptionOf(name) {
        if (!root.controller)
            return ""
        const tools = root.controller.tools
        for (let i = 0; i < tools.length; ++i)
            if (tools[i].name === name)
                return tools[i].description
        return ""
    }
    function rowOf(callId) {
        for (let i = 0; i < rows.count; ++i) {
            const row = rows.itemAt(i)
            if (row && row.callId === callId)
                return row
        }
        return null
    }
    function argumentsText(args) {
        return typeof args === "string" ? args : JSON.stringify(args, null, 2)
    }

    // Whether the keyboard focus is inside the prompt (it may leave with the controls that
    // hide when the last call is decided).
    property bool holdsFocus: false
    function focusIsInside() {
        for (let item = root.Window.activeFocusItem; item; item = item.parent)
            if (item === root)
                return true
        return false
    }
    Connections {
        target: root.Window.window
        function onActiveFocusItemChanged() {
            if (root.visible)
                root.holdsFocus = root.focusIsInside()
        }
    }
    onVisibleChanged: {
        if (root.visible) {
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
    padding: 12
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
        radius: 8
    }

    component CallRow: ColumnLayout {
        id: row

        required property var modelData
        required property int index
        readonly property string callId: row.modelData.id
        readonly property string toolName: row.modelData.name
        readonly property string originalText: root.argumentsText(row.modelData.arguments)
        property bool editing: false
        property string editedText: row.originalText
        readonly property bool edited: row.editing && row.editedText !== row.originalText
        /*! Why the edited arguments cannot be approved, or "". */
        readonly property string problem: row.edited && root.controller
                                          ? root.controller.checkToolArguments(row.toolName,
                                                                               row.editedText)
                                          : ""
        readonly property bool canApprove: row.problem === ""

        objectName: "call_" + row.index
        spacing: 6
        Layout.fillWidth: true

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
            readonly property string description: root.descriptionOf(row.toolName)
            visible: description !== ""
            textFormat: Text.PlainText
            text: description
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            text: row.modelData.readOnly ? qsTr("Read-only: it changes nothing.")
                                         : qsTr("Writing: it can change things.")
            color: root.palette.text
            font.italic: true
        }
        Label {
            objectName: "promptArguments"
            visible: !row.editing
            textFormat: Text.PlainText
            text: row.originalText
            font.family: "monospace"
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
                row.editing = !row.editing
                row.editedText = row.originalText
                if (row.editing)
                    editor.forceActiveFocus()
            }
        }
        TextArea {
            id: editor
            objectName: "argumentsEditor"
            visible: row.editing
            text: row.editedText
            textFormat: TextEdit.PlainText
            font.family: "monospace"
            wrapMode: TextEdit.WrapAnywhere
            selectByMouse: true
            Layout.fillWidth: true
            Accessible.name: qsTr("Arguments (JSON)")
            Accessible.description: qsTr("Edited arguments must be a JSON object that fits the tool")
            onTextChanged: row.editedText = editor.text
            Keys.onEscapePressed: (event) => {
                row.editing = false
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
            spacing: 8
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
        spacing: 8

        Label {
            objectName: "promptHeading"
            visible: root.calls.length > 1
            textFormat: Text.PlainText
            text: qsTr("%n tools want to run", "", root.calls.length)
            font.bold: true
            color: root.palette.text
            Layout.fillWidth: true
        }

        Repeater {
            id: rows
            model: root.calls
            delegate: CallRow {}
        }

        // How long an approval holds: three radio buttons (one keystroke each, all in sight).
        RowLayout {
            objectName: "scopeChoice"
            spacing: 8
            Layout.fillWidth: true
            Accessible.role: Accessible.Grouping
            Accessible.name: qsTr("How long the approval holds")
            Label {
                textFormat: Text.PlainText
                text: qsTr("Allow")
                color: root.palette.text
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
            spacing: 8
            Button {
                objectName: "approveButton"
                readonly property var row: rows.count > 0 ? rows.itemAt(0) : null
                text: qsTr("Approve")
                enabled: row !== null && row.canApprove
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
            spacing: 8
            Button {
                objectName: "approveAllButton"
                text: qsTr("Approve all")
                enabled: {
                    root.calls // re-checked when the calls change
                    return root.allApprovable()
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
