// SPDX-License-Identifier: MIT
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype PermissionPrompt
    \inqmlmodule Koder.Agent
    \brief Asks the user about the first pending tool call: the tool, what it does, its
    arguments, whether it only reads or also writes; Approve or Deny (with an optional reason).
    The tool's name, description and arguments are shown as plain text.

    Keyboard: Tab reaches the reason, Approve and Deny; Enter approves only when Approve has the
    focus; Escape denies.
*/
Pane {
    id: root

    property KoderAgentController controller
    /*! The call being asked about, or null. */
    readonly property var call: controller && controller.pendingToolCalls.length > 0
                                ? controller.pendingToolCalls[0] : null

    function approve() {
        if (root.call)
            root.controller.approveToolCall(root.call.id)
    }
    function deny() {
        if (root.call)
            root.controller.denyToolCall(root.call.id, reason.text)
        reason.clear()
    }
    function descriptionOf(name) {
        if (!root.controller)
            return ""
        const tools = root.controller.tools
        for (let i = 0; i < tools.length; ++i)
            if (tools[i].name === name)
                return tools[i].description
        return ""
    }

    visible: call !== null
    padding: 12
    focusPolicy: Qt.StrongFocus
    Accessible.role: Accessible.AlertMessage
    Accessible.name: call ? qsTr("The tool %1 wants to run").arg(call.name) : ""
    Accessible.description: call ? (call.readOnly ? qsTr("It only reads.")
                                                  : qsTr("It can change things.")) : ""
    Keys.onEscapePressed: root.deny()

    background: Rectangle {
        color: palette.base
        border.color: palette.highlight
        border.width: 2
        radius: 8
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        Label {
            objectName: "promptTitle"
            textFormat: Text.PlainText
            text: root.call ? qsTr("Allow the tool \"%1\" to run?").arg(root.call.name) : ""
            font.bold: true
            color: palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptDescription"
            readonly property string description: root.call ? root.descriptionOf(root.call.name) : ""
            visible: description !== ""
            textFormat: Text.PlainText
            text: description
            color: palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            text: root.call && root.call.readOnly ? qsTr("Read-only: it changes nothing.")
                                                  : qsTr("Writing: it can change things.")
            color: palette.text
            font.italic: true
        }
        Label {
            objectName: "promptArguments"
            textFormat: Text.PlainText
            text: root.call ? JSON.stringify(root.call.arguments, null, 2) : ""
            font.family: "monospace"
            wrapMode: Text.WrapAnywhere
            color: palette.text
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Arguments: %1").arg(text)
        }
        TextField {
            id: reason
            objectName: "denyReason"
            placeholderText: qsTr("Reason for denying (optional)")
            Accessible.name: qsTr("Reason for denying")
            Layout.fillWidth: true
            Keys.onEscapePressed: root.deny()
        }
        RowLayout {
            spacing: 8
            Button {
                id: approveButton
                objectName: "approveButton"
                text: qsTr("Approve")
                Accessible.name: text
                Accessible.description: qsTr("Runs the tool")
                onClicked: root.approve()
                Keys.onReturnPressed: root.approve()
                Keys.onEnterPressed: root.approve()
                Keys.onEscapePressed: root.deny()
            }
            Button {
                id: denyButton
                objectName: "denyButton"
                text: qsTr("Deny")
                Accessible.name: text
                Accessible.description: qsTr("Tells the model the tool was not run")
                onClicked: root.deny()
                Keys.onEscapePressed: root.deny()
            }
        }
    }
}
