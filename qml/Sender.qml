// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype Sender
    \inqmlmodule Koder.Agent
    \brief Message input: Enter sends, Shift+Enter breaks the line; the button turns from Send
    into Stop while a reply streams (R7).

    While a turn is open, what Enter does follows the controller's \c busyPolicy: with
    "reject" (the default) nothing is sent, and the input is disabled, with the reason shown,
    while a tool call waits for the user's decision; with "queue", "interrupt" or "steer" Enter
    sends by that policy and the button still stops the reply. Queued messages are shown above
    the input as chips, each with a button that removes it. A refused send shows the
    controller's reason.
*/
Pane {
    id: root

    property KoderAgentController controller
    /*! The reason the last send was refused; cleared by the next successful one. */
    property string rejection: ""
    readonly property bool streaming: controller !== null && controller.streaming
    readonly property bool awaitingApproval: controller !== null
                                             && controller.status === "reviewingToolCall"
    /*! A send while a turn is open goes by the controller's busy policy (not "reject"). */
    readonly property bool sendsWhileBusy: controller !== null && controller.busyPolicy !== "reject"
    readonly property bool blocked: root.awaitingApproval && !root.sendsWhileBusy
    /*! The text being written. */
    property alias text: input.text
    /*! The text area, for moving the keyboard focus to it. */
    readonly property alias inputItem: input

    /*! Sends the text (what Enter and the Send button do); returns whether it was accepted. */
    function submit() {
        if (!root.controller || root.blocked || input.text.trim().length === 0)
            return false
        if (!root.controller.send(input.text, undefined))
            return false
        input.clear()
        root.rejection = ""
        return true
    }

    padding: 8
    focusPolicy: Qt.NoFocus

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        Label {
            id: notice
            objectName: "senderNotice"
            visible: text !== ""
            textFormat: Text.PlainText
            text: root.blocked ? qsTr("Approve or deny the tool call first.") : root.rejection
            color: palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }

        Flow {
            objectName: "queuedMessages"
            visible: queue.count > 0
            spacing: 6
            Layout.fillWidth: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Queued messages")

            Repeater {
                id: queue
                model: root.controller ? root.controller.queuedMessages : []
                delegate: Frame {
                    id: chip
                    required property var modelData
                    required property int index
                    objectName: "queuedChip_" + chip.index
                    padding: 4
                    Accessible.role: Accessible.ListItem
                    Accessible.name: qsTr("Queued: %1").arg(chip.modelData.text)
                    RowLayout {
                        spacing: 4
                        Label {
                            textFormat: Text.PlainText
                            text: chip.modelData.text
                            elide: Text.ElideRight
                            color: root.palette.text
                            Layout.maximumWidth: 240
                        }
                        ToolButton {
                            objectName: "removeQueued"
                            text: "\u00d7"
                            Accessible.name: qsTr("Remove queued message")
                            Accessible.description: chip.modelData.text
                            onClicked: root.controller.cancelQueued(chip.modelData.id)
                        }
                    }
                }
            }
        }

        RowLayout {
            spacing: 8
            Layout.fillWidth: true

            ScrollView {
                Layout.fillWidth: true
                Layout.maximumHeight: 160
                TextArea {
                    id: input
                    objectName: "senderInput"
                    enabled: !root.blocked
                    textFormat: TextEdit.PlainText
                    placeholderText: qsTr("Write a message")
                    wrapMode: TextArea.Wrap
                    focus: true
                    Accessible.name: qsTr("Message")
                    Accessible.description: qsTr("Enter sends, Shift+Enter starts a new line")
                    Keys.onReturnPressed: (event) => root.onEnter(event)
                    Keys.onEnterPressed: (event) => root.onEnter(event)
                }
            }

            Button {
                id: action
                objectName: "senderButton"
                text: root.streaming ? qsTr("Stop") : qsTr("Send")
                enabled: root.streaming || (!root.blocked && input.text.trim().length > 0)
                Accessible.name: text
                Accessible.description: root.streaming ? qsTr("Stops the reply")
                                                       : qsTr("Sends the message")
                onClicked: root.streaming ? root.controller.abort() : root.submit()
            }
        }
    }

    function onEnter(event) {
        if (event.modifiers & Qt.ShiftModifier) {
            event.accepted = false // the text area breaks the line
            return
        }
        event.accepted = true
        if (!root.streaming || root.sendsWhileBusy)
            root.submit()
    }

    Connections {
        target: root.controller
        function onRejected(action, reason) {
            if (action === "send")
                root.rejection = reason
        }
    }
}
