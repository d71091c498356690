// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype Sender
    \inqmlmodule Koder.Agent
    \inherits AbstractSender
    \brief Message input: Enter sends, Shift+Enter breaks the line; the button turns from Send
    into Stop while a reply streams (R7); files can be attached.

    Sender is the default look of \l AbstractSender, which holds all of its behaviour: its
    properties, its Send and Stop commands, its keyboard rules, its attachments and its state
    are documented there. The look draws it with the palette and KoderTheme: the window colour
    behind it, a text area outlined in KoderTheme.outlineColor() (KoderTheme.focusColor(),
    thicker, while it has the focus), an Attach button before it and a button after it bound
    to the template's \l {AbstractSender::sendAction}{sendAction} or
    \l {AbstractSender::stopAction}{stopAction}, and above the input the notice, the queued
    messages and the attached files. Every button is at least KoderTheme.minimumTargetSize
    square and shows a ring in the focus colour when the keyboard focuses it. For another
    look, write your own on \l AbstractSender.

    While a turn is open, what Enter does follows the controller's \c busyPolicy: with
    "reject" (the default) nothing is sent, and the input is disabled, with the reason shown,
    while a tool call waits for the user's decision; with "queue", "interrupt" or "steer" Enter
    sends by that policy and the button still stops the reply. Queued messages are shown above
    the input as chips marked \e Queued, each with a button that removes it. A refused send
    shows the controller's reason.

    \snippet qml/tst_docexamples.qml sender

    \l ChatView places one under its messages.

    \section2 Attachments

    Files are attached in three ways: the Attach button (\e +) opens a file dialog
    (QtQuick.Dialogs' \c FileDialog, several files at once); files dropped on the Sender are
    attached (other drags, such as text, go to the text area); and Ctrl+V with an image on the
    clipboard attaches it as \e{Pasted image.png}. Each attached file is a chip above the
    input with its name, its size (in the locale's units) and a button that removes it. A
    file the models cannot take (not a PNG, JPEG, GIF or WebP image nor a text file) or larger
    than \l {AbstractSender::maximumAttachmentBytes}{maximumAttachmentBytes} is not
    attached: the notice says why as the file is attached, before anything is sent, and a
    screen reader hears it. Send passes the files to the controller with the text and clears
    them.

    \section2 Keyboard

    \list
    \li Enter or Return (the keypad's Enter too) sends the text and the attached files,
        unless there is neither text (only white space counts as none) nor a file; the input
        and the files are emptied when the controller accepts them and kept when it refuses.
    \li Shift+Enter starts a new line.
    \li While a reply streams, Enter sends only when the controller's \c busyPolicy is not
        \c "reject"; otherwise the text stays in the input for later.
    \li Tab and Shift+Tab move the focus (they type no tab character). Tab goes through the
        buttons that remove queued messages and attached files (when there are any), the
        Attach button, the input and the Send / Stop button, in that order; Shift+Tab goes
        back. So Tab from the input reaches Stop while a reply streams.
    \li Escape in the input stops a streaming reply, as Stop does. When no reply streams,
        Escape is left to what is around the input (a dialog, a prompt).
    \li Ctrl+V with an image on the clipboard (and no text) attaches the image.
    \li Space presses the focused button: on Attach it opens the file dialog, on a chip's
        button it removes that file or message and the focus returns to the input.
    \endlist

    \section2 Accessibility

    \list
    \li The input (a \c TextArea) is named \e Message, described \e{Enter sends,
        Shift+Enter starts a new line}, and shows the placeholder \e{Write a message}.
    \li The button is named by what it does now, \e Send or \e Stop, and described
        \e{Sends the message} or \e{Stops the reply}; its name changes as a reply starts and
        ends.
    \li The Attach button is named \e{Attach a file} and described \e{Images and text
        files}.
    \li The notice above the input has the role \c AlertMessage and is named by its text:
        \e{Approve or deny the tool call first.} or \e{Answer or decline the question first.}
        while the input is blocked, or the reason the
        last send or the last attached file was refused
        (\l {AbstractSender::rejection}{rejection}).
    \li Queued messages are a \c List named \e{Queued messages}; each chip is a
        \c ListItem named \e{Queued: <text>} and described \e{Sends after this reply},
        showing the word \e Queued before the text, with a button named \e{Remove queued
        message} and described by the message's text.
    \li Attached files are a \c List named \e{Attached files}; each chip is a \c ListItem
        named \e{<name>, <size>}, with a button named \e{Remove <name>}.
    \endlist

    Object names for tests and automation: \c senderNotice, \c queuedMessages (with
    \c queuedChip_0, \c queuedChip_1, ..., each with its \c queuedLabel and \c removeQueued
    button), \c attachments (with \c attachmentChip_0, ..., each with \c attachmentName,
    \c attachmentSize and its \c removeAttachment button), \c attachButton,
    \c attachFileDialog, \c senderInputFrame (with its outline \c senderInputOutline),
    \c senderInput, \c senderButton and \c senderDropArea; each button's focus ring is
    \c focusRing.

    \sa AbstractSender, ChatView, PermissionPrompt, KoderAttachmentHelper, {Accessibility}
*/
AbstractSender {
    id: root

    // A ring in the focus colour around a control focused by the keyboard (the styles' own
    // marks are faint or absent on some palettes).
    component FocusRing: Rectangle {
        required property T.Control control
        objectName: "focusRing"
        anchors.fill: parent
        visible: control.visualFocus
        color: "transparent"
        radius: KoderTheme.smallSpacing
        border.width: 2
        border.color: KoderTheme.focusColor(control.palette)
    }

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

    contentItem: Item {
        implicitWidth: column.implicitWidth
        implicitHeight: column.implicitHeight

        ColumnLayout {
            id: column
            anchors.fill: parent
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
                // An alert: a screen reader reads it as it appears (a refused file or send).
                Accessible.role: Accessible.AlertMessage
                Accessible.name: notice.text
                Accessible.ignored: !notice.visible
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
                    delegate: Item {
                        id: chip
                        required property var modelData
                        required property int index
                        objectName: "queuedChip_" + chip.index
                        Accessible.role: Accessible.ListItem
                        Accessible.name: qsTr("Queued: %1").arg(chip.modelData.text)
                        Accessible.description: qsTr("Sends after this reply")
                        // A plain item carries the role: Qt 6.4 replaces the role given to a Control.
                        implicitWidth: chipFrame.implicitWidth
                        implicitHeight: chipFrame.implicitHeight
                        Frame {
                            id: chipFrame
                            anchors.fill: parent
                            Accessible.ignored: true // the item above speaks for the chip
                            padding: KoderTheme.smallSpacing
                            RowLayout {
                                spacing: KoderTheme.smallSpacing
                                Label {
                                    id: queuedWord
                                    objectName: "queuedLabel"
                                    textFormat: Text.PlainText
                                    text: qsTr("Queued")
                                    font.bold: true
                                    color: root.palette.text
                                    ToolTip.text: qsTr("Sends after this reply")
                                }
                                // The message as the user wrote it, on up to three lines (the
                                // chip's accessible name has all of it).
                                Label {
                                    objectName: "queuedText"
                                    textFormat: Text.PlainText
                                    text: chip.modelData.text
                                    wrapMode: Text.Wrap
                                    maximumLineCount: 3
                                    elide: Text.ElideRight
                                    color: root.palette.text
                                    Layout.maximumWidth: Math.max(KoderTheme.gridUnit * 6,
                                                                  root.availableWidth - queuedWord.implicitWidth
                                                                  - removeQueuedButton.implicitWidth
                                                                  - 4 * KoderTheme.spacing)
                                }
                                ToolButton {
                                    id: removeQueuedButton
                                    objectName: "removeQueued"
                                    text: "\u00d7"
                                    Layout.preferredWidth: Math.max(KoderTheme.minimumTargetSize, implicitWidth)
                                    Layout.preferredHeight: Math.max(KoderTheme.minimumTargetSize, implicitHeight)
                                    Accessible.name: qsTr("Remove queued message")
                                    Accessible.description: chip.modelData.text
                                    onClicked: {
                                        root.removeQueued(chip.modelData.id)
                                        input.forceActiveFocus(Qt.OtherFocusReason)
                                    }
                                    FocusRing { control: removeQueuedButton }
                                }
                            }
                        }
                    }
                }
            }

            Flow {
                objectName: "attachments"
                visible: files.count > 0
                spacing: KoderTheme.spacing
                Layout.fillWidth: true
                Accessible.role: Accessible.List
                Accessible.name: qsTr("Attached files")

                Repeater {
                    id: files
                    model: root.attachments
                    delegate: Item {
                        id: file
                        required property var modelData
                        required property int index
                        readonly property string size: file.modelData.size >= 0
                                                       ? Qt.locale().formattedDataSize(file.modelData.size)
                                                       : ""
                        objectName: "attachmentChip_" + file.index
                        Accessible.role: Accessible.ListItem
                        Accessible.name: file.size !== ""
                                         ? qsTr("%1, %2").arg(file.modelData.name).arg(file.size)
                                         : file.modelData.name
                        // A plain item carries the role: Qt 6.4 replaces the role given to a Control.
                        implicitWidth: fileFrame.implicitWidth
                        implicitHeight: fileFrame.implicitHeight
                        Frame {
                            id: fileFrame
                            anchors.fill: parent
                            Accessible.ignored: true // the item above speaks for the chip
                            padding: KoderTheme.smallSpacing
                            RowLayout {
                                spacing: KoderTheme.smallSpacing
                                Label {
                                    objectName: "attachmentName"
                                    textFormat: Text.PlainText
                                    text: file.modelData.name
                                    elide: Text.ElideMiddle
                                    color: root.palette.text
                                    Layout.maximumWidth: KoderTheme.gridUnit * 12
                                }
                                Label {
                                    objectName: "attachmentSize"
                                    visible: text !== ""
                                    textFormat: Text.PlainText
                                    text: file.size
                                    color: root.palette.text
                                }
                                ToolButton {
                                    id: removeFileButton
                                    objectName: "removeAttachment"
                                    text: "\u00d7"
                                    Layout.preferredWidth: Math.max(KoderTheme.minimumTargetSize, implicitWidth)
                                    Layout.preferredHeight: Math.max(KoderTheme.minimumTargetSize, implicitHeight)
                                    Accessible.name: qsTr("Remove %1").arg(file.modelData.name)
                                    onClicked: {
                                        root.removeAttachment(file.index)
                                        input.forceActiveFocus(Qt.OtherFocusReason)
                                    }
                                    FocusRing { control: removeFileButton }
                                }
                            }
                        }
                    }
                }
            }

            RowLayout {
                spacing: KoderTheme.spacing
                Layout.fillWidth: true

                ToolButton {
                    id: attachButton
                    objectName: "attachButton"
                    text: "+"
                    font.pixelSize: Math.round(KoderTheme.gridUnit * 1.25)
                    font.bold: true
                    Layout.preferredWidth: Math.max(KoderTheme.minimumTargetSize, button.height,
                                                    implicitWidth)
                    Layout.preferredHeight: Math.max(KoderTheme.minimumTargetSize, button.height,
                                                     implicitHeight)
                    Layout.alignment: Qt.AlignBottom
                    Accessible.name: qsTr("Attach a file")
                    Accessible.description: qsTr("Images and text files")
                    ToolTip.text: attachButton.Accessible.name
                    ToolTip.visible: attachButton.hovered || attachButton.visualFocus
                    ToolTip.delay: 500
                    onClicked: fileDialog.open()
                    FocusRing { control: attachButton }
                }

                ScrollView {
                    id: scroll
                    objectName: "senderInputFrame"
                    Layout.fillWidth: true
                    Layout.maximumHeight: KoderTheme.gridUnit * 9
                    // The outline that makes the input read as a field on light and dark
                    // windows, in the focus colour while it has the focus.
                    background: Rectangle {
                        objectName: "senderInputOutline"
                        color: root.palette.base
                        radius: KoderTheme.smallSpacing
                        border.width: input.activeFocus ? 2 : 1
                        border.color: input.activeFocus ? KoderTheme.focusColor(root.palette)
                                                        : KoderTheme.outlineColor(root.palette)
                    }
                    TextArea {
                        id: input
                        objectName: "senderInput"
                        enabled: !root.blocked
                        textFormat: TextEdit.PlainText
                        placeholderText: qsTr("Write a message")
                        wrapMode: TextArea.Wrap
                        focus: true
                        background: null
                        Accessible.name: qsTr("Message")
                        Accessible.description: qsTr("Enter sends, Shift+Enter starts a new line")
                        Keys.onPressed: (event) => root.handleKey(event)
                    }
                }

                Button {
                    id: button
                    objectName: "senderButton"
                    // Send, or Stop while a reply streams: the template's commands, triggered
                    // from `clicked` (rather than `action:`) so that code emitting clicked()
                    // stops or sends.
                    readonly property T.Action command: root.streaming ? root.stopAction
                                                                     : root.sendAction
                    text: button.command.text
                    enabled: button.command.enabled
                    onClicked: button.command.trigger()
                    Layout.minimumWidth: KoderTheme.minimumTargetSize
                    Layout.minimumHeight: KoderTheme.minimumTargetSize
                    Layout.alignment: Qt.AlignBottom
                    Accessible.name: button.text
                    Accessible.description: root.streaming ? qsTr("Stops the reply")
                                                           : qsTr("Sends the message")
                    FocusRing { control: button }
                }
            }
        }

        // Files dropped anywhere on the input's area are attached; other drags (text) go on
        // to the text area.
        DropArea {
            id: dropArea
            objectName: "senderDropArea"
            anchors.fill: parent
            onEntered: (drag) => { drag.accepted = drag.hasUrls }
            onDropped: (drop) => {
                if (!drop.hasUrls)
                    return
                root.addAttachments(drop.urls)
                drop.accept(Qt.CopyAction)
            }
        }
        Rectangle {
            objectName: "senderDropHighlight"
            anchors.fill: parent
            visible: dropArea.containsDrag
            color: "transparent"
            radius: KoderTheme.smallSpacing
            border.width: 2
            border.color: KoderTheme.focusColor(root.palette)
        }

        FileDialog {
            id: fileDialog
            objectName: "attachFileDialog"
            title: qsTr("Attach files")
            fileMode: FileDialog.OpenFiles
            // Everything by default (text files have too many extensions to list); what a
            // model cannot take is refused with the reason when it is picked.
            nameFilters: [
                qsTr("All files (*)"),
                qsTr("Images (%1)").arg("*.png *.jpg *.jpeg *.gif *.webp"),
                qsTr("Text files (%1)").arg("*.txt *.md *.csv *.json")
            ]
            onAccepted: {
                root.addAttachments(fileDialog.selectedFiles)
                input.forceActiveFocus(Qt.OtherFocusReason)
            }
            onRejected: attachButton.forceActiveFocus(Qt.OtherFocusReason)
        }
    }
}
