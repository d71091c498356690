// SPDX-License-Identifier: MIT
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype Sender
    \inqmlmodule Koder.Agent
    \brief Message input: Enter sends, Shift+Enter breaks the line; the button turns from Send
    into Stop while a reply streams (R7).

    Disabled, with the reason shown, while a tool call waits for the user's decision; a refused
    send shows the controller's reason.
*/
Pane {
    id: root

    property KoderAgentController controller
    /*! The reason the last send was refused; cleared by the next successful one. */
    property string rejection: ""
    readonly property bool streaming: controller !== null && controller.streaming
    readonly property bool awaitingApproval: controller !== null
                                             && controller.status === "reviewingToolCall"
    /*! The text being written. */
    property alias text: input.text
    /*! The text area, for moving the keyboard focus to it. */
    readonly property alias inputItem: input

    /*! Sends the text (what Enter and the Send button do); returns whether it was accepted. */
    function submit() {
        if (!root.controller || root.awaitingApproval || input.text.trim().length === 0)
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
            text: root.awaitingApproval ? qsTr("Approve or deny the tool call first.")
                                        : root.rejection
            color: palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: text
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
                    enabled: !root.awaitingApproval
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
                enabled: root.streaming || (!root.awaitingApproval && input.text.trim().length > 0)
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
        if (!root.streaming)
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
