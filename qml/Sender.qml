// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype Sender
    \inqmlmodule Koder.Agent
    \inherits AbstractSender
    \brief Message input: Enter sends, Shift+Enter breaks the line; the button turns from Send
    into Stop while a reply streams (R7).

    Sender is the default look of \l AbstractSender, which holds all of its behaviour: its
    properties, its Send and Stop commands, its keyboard rules and its state are documented
    there. The look draws it with the palette and KoderTheme: the window colour behind it, a
    text area, a button bound to the template's
    \l {AbstractSender::sendAction}{sendAction} or \l {AbstractSender::stopAction}{stopAction},
    and the notice and queued messages above the input. For another look, write your own on
    \l AbstractSender.

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
        refused (\l {AbstractSender::rejection}{rejection}).
    \li Queued messages are a \c List named \e{Queued messages}; each chip is a
        \c ListItem named \e{Queued: <text>}, with a button named \e{Remove queued message}
        and described by the message's text.
    \endlist

    Object names for tests and automation: \c senderNotice, \c queuedMessages (with
    \c queuedChip_0, \c queuedChip_1, ..., each with its \c removeQueued button),
    \c senderInput and \c senderButton.

    \sa AbstractSender, ChatView, PermissionPrompt, {Accessibility}
*/
AbstractSender {
    id: root

    inputItem: input
    padding: KoderTheme.spacing
    implicitWidth: Math.max(root.implicitBackgroundWidth + root.leftInset + root.rightInset,
                            root.contentWidth + root.leftPadding + root.rightPadding)
    implicitHeight: Math.max(root.implicitBackgroundHeight + root.topInset + root.bottomInset,
                             root.contentHeight + root.topPadding + root.bottomPadding)

    background: Rectangle {
        objectName: "senderBackground"
        color: root.palette.window
    }

    contentItem: ColumnLayout {
        spacing: KoderTheme.smallSpacing

        Label {
            id: notice
            objectName: "senderNotice"
            visible: text !== ""
            textFormat: Text.PlainText
            text: root.notice
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: notice.text
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
                model: root.queuedMessages
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
                            onClicked: root.removeQueued(chip.modelData.id)
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
                    Keys.onPressed: (event) => root.handleKey(event)
                }
            }

            Button {
                id: button
                objectName: "senderButton"
                // Send, or Stop while a reply streams: the template's commands, triggered from
                // `clicked` (rather than `action:`) so that code emitting clicked() stops or sends.
                readonly property T.Action command: root.streaming ? root.stopAction
                                                                 : root.sendAction
                text: button.command.text
                enabled: button.command.enabled
                onClicked: button.command.trigger()
                Accessible.name: button.text
                Accessible.description: root.streaming ? qsTr("Stops the reply")
                                                       : qsTr("Sends the message")
            }
        }
    }
}
