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

    \snippet qml/tst_docexamples.qml sender

    \l ChatView places one under its messages. The text is sent as plain text, without
    attachments; call the controller's \c send() yourself to attach files.

    \section2 Keyboard

    \list
    \li Enter or Return (the keypad's Enter too) sends the text, unless it is empty or only
        white space; the input is emptied when the controller accepts it and keeps the text
        when it refuses.
    \li Shift+Enter starts a new line.
    \li While a reply streams, Enter sends only when the controller's \c busyPolicy is not
        \c "reject"; otherwise the text stays in the input for later.
    \li Tab goes through the buttons that remove queued messages (when there are any), the
        input and the Send / Stop button, in that order; Space presses a button.
    \endlist

    \section2 Accessibility

    \list
    \li The input (a \c TextArea) is named \e Message, described \e{Enter sends,
        Shift+Enter starts a new line}, and shows the placeholder \e{Write a message}.
    \li The button is named by what it does now, \e Send or \e Stop, and described
        \e{Sends the message} or \e{Stops the reply}; its name changes as a reply starts and
        ends.
    \li The notice above the input (\c StaticText) is named by its text: \e{Approve or deny
        the tool call first.} while the input is blocked, or the reason the last send was
        refused (\l rejection).
    \li Queued messages are a \c List named \e{Queued messages}; each chip is a
        \c ListItem named \e{Queued: <text>}, with a button named \e{Remove queued message}
        and described by the message's text.
    \endlist

    \sa ChatView, PermissionPrompt, {Accessibility}
*/
Pane {
    id: root

    /*!
        The controller the input sends to and stops. Default null: nothing can be sent.
    */
    property KoderAgentController controller
    /*!
        The reason the controller gave for refusing the last send (its \c rejected signal for
        the action \c "send"), shown above the input. Default empty; cleared by the next
        successful send.
    */
    property string rejection: ""
    /*!
        \readonly
        True while the controller streams a reply (its \c streaming): the button is Stop.
    */
    readonly property bool streaming: controller !== null && controller.streaming
    /*!
        \readonly
        True while a tool call waits for the user's decision (the controller's \c status is
        \c "reviewingToolCall").
    */
    readonly property bool awaitingApproval: controller !== null
                                             && controller.status === "reviewingToolCall"
    /*!
        \readonly
        True when a send while a turn is open goes by the controller's \c busyPolicy
        (\c "queue", \c "interrupt" or \c "steer"), false with \c "reject" (the default) or
        without a controller.
    */
    readonly property bool sendsWhileBusy: controller !== null && controller.busyPolicy !== "reject"
    /*!
        \readonly
        True while the input is disabled: a tool call waits for the user (\l awaitingApproval)
        and the busy policy is \c "reject". The notice above the input then says
        \e{Approve or deny the tool call first.}
    */
    readonly property bool blocked: root.awaitingApproval && !root.sendsWhileBusy
    /*!
        \qmlproperty string Sender::text

        The text being written, as plain text. Default empty. Setting it replaces the input's
        text; a successful send empties it.
    */
    property alias text: input.text
    /*!
        \qmlproperty TextArea Sender::inputItem
        \readonly

        The text area (object name \c senderInput), for moving the keyboard focus to it:
        \c{sender.inputItem.forceActiveFocus()}. ChatView gives it to the permission prompt as
        the place the focus returns to.
    */
    readonly property alias inputItem: input

    /*!
        Sends \l text to the controller, as Enter and the Send button do. Returns false, and
        sends nothing, when there is no controller, the input is \l blocked, the text is empty
        or only white space, or the controller refuses it (then \l rejection shows why);
        returns true when the controller accepted it, after emptying the input and clearing
        \l rejection.
    */
    function submit() {
        if (!root.controller || root.blocked || input.text.trim().length === 0)
            return false
        if (!root.controller.send(input.text, undefined))
            return false
        input.clear()
        root.rejection = ""
        return true
    }

    padding: KoderTheme.spacing
    focusPolicy: Qt.NoFocus

    ColumnLayout {
        anchors.fill: parent
        spacing: KoderTheme.smallSpacing

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
            spacing: KoderTheme.spacing
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
                    padding: KoderTheme.smallSpacing
                    Accessible.role: Accessible.ListItem
                    Accessible.name: qsTr("Queued: %1").arg(chip.modelData.text)
                    RowLayout {
                        spacing: KoderTheme.smallSpacing
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
            spacing: KoderTheme.spacing
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

    /*!
        Handles Enter and Return pressed in the input; \a event is the key event. With Shift
        held, it leaves the event to the text area, which starts a new line. Otherwise it
        accepts the event and calls submit(), unless a reply streams and the controller's busy
        policy is \c "reject".
    */
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
