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
    messages and the attached files. With a \l {AbstractSender::dictation}{dictation}, a
    microphone button and a conversation-mode button sit between the input and Send, and a
    line above the input says \e{Listening…} or \e{Transcribing…}. Every button is at least
    KoderTheme.minimumTargetSize
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

    \section2 Voice

    With a \l {AbstractSender::dictation}{dictation} (and, for reading replies aloud, a
    \l {AbstractSender::speech}{speech}) the Sender shows two more buttons between the input
    and Send:

    \list
    \li The microphone button (\l {AbstractSender::dictateAction}{dictateAction}): pressed
        once it records, drawn as a stop square in KoderTheme.errorColor() with a thin bar
        under it that follows how loud the microphone is (the dictation's \c level); pressed
        again it stops, the recording is transcribed, and the text is added to the input for
        the user to check and send. It is dimmed while the text is being transcribed.
    \li The conversation button (\l {AbstractSender::conversationAction}{conversationAction}),
        filled in the highlight colour while \l {AbstractSender::conversationMode}{conversation
        mode} is on: the Sender listens, sends what it heard, and listens again once the reply
        has been read aloud, until the user says nothing, presses Escape or turns it off.
    \endlist

    Above the input, \e{Listening…} or \e{Transcribing…}
    (\l {AbstractSender::voiceStatus}{voiceStatus}) says what the voice does; an error (no
    microphone, the transcription service down) is shown in the notice.

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
        Attach button, the input, the microphone and conversation buttons (with a
        dictation) and the Send / Stop button, in that order; Shift+Tab goes back. So Tab
        from the input reaches Stop while a reply streams (after the voice's buttons).
    \li Escape in the input, or on a voice button, cancels a recording or a transcription
        and ends conversation mode. Otherwise Escape in the input stops a streaming reply, as
        Stop does. When no reply streams, Escape is left to what is around the input (a
        dialog, a prompt).
    \li Ctrl+Shift+M in the input starts and stops dictation, as the microphone button
        does.
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
    \li The microphone button is named by what it does now, \e Dictate or \e{Stop
        dictation}; the conversation button is a toggle button named \e{Conversation mode},
        checked while it is on. The level bar is decoration, hidden from assistive
        technology.
    \li The line that says \e{Listening…} or \e{Transcribing…} has the role
        \c AlertMessage and is named by its text, so a screen reader says it as it changes.
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
    \c dictateButton (with its level bar \c dictationLevel), \c conversationButton,
    \c senderVoiceStatus,
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

    // A microphone, drawn in `color` inside the item's square.
    // A button of the voice beside Send: as tall as Send and at least a target's size, named by
    // its text, with a tooltip on hover and keyboard focus; Escape on it cancels what the voice
    // does.
    component VoiceButton: ToolButton {
        property real sendHeight: 0
        opacity: enabled ? 1 : 0.4
        Layout.preferredWidth: Math.max(KoderTheme.minimumTargetSize, sendHeight, implicitWidth)
        Layout.preferredHeight: Math.max(KoderTheme.minimumTargetSize, sendHeight, implicitHeight)
        Layout.alignment: Qt.AlignBottom
        Accessible.role: Accessible.Button
        Accessible.name: text
        ToolTip.visible: hovered || visualFocus
        ToolTip.delay: 500
        Keys.onEscapePressed: (event) => { event.accepted = root.cancelVoice() }
    }
    component MicrophoneIcon: Item {
        id: mic
        property color color: root.palette.buttonText
        readonly property real size: Math.min(width, height)
        readonly property real stroke: Math.max(1.5, Math.round(mic.size / 10))
        implicitWidth: KoderTheme.gridUnit
        implicitHeight: KoderTheme.gridUnit
        Item {
            anchors.centerIn: parent
            width: mic.size
            height: mic.size
            // The capsule.
            Rectangle {
                x: mic.size * 0.3
                width: mic.size * 0.4
                height: mic.size * 0.62
                radius: width / 2
                color: mic.color
            }
            // The cradle: the lower half of a ring around the capsule.
            Item {
                x: mic.size * 0.12
                y: mic.size * 0.4
                width: mic.size * 0.76
                height: mic.size * 0.38
                clip: true
                Rectangle {
                    y: -mic.size * 0.38
                    width: parent.width
                    height: mic.size * 0.76
                    radius: width / 2
                    color: "transparent"
                    border.width: mic.stroke
                    border.color: mic.color
                }
            }
            // The stand and its foot.
            Rectangle {
                x: (mic.size - width) / 2
                y: mic.size * 0.76
                width: mic.stroke
                height: mic.size * 0.16
                color: mic.color
            }
            Rectangle {
                x: mic.size * 0.28
                y: mic.size * 0.92 - height / 2
                width: mic.size * 0.44
                height: mic.stroke
                color: mic.color
            }
        }
    }
    // Two speech balloons with their tails, one outlined, one filled, in `color` inside the
    // item's square: a conversation.
    component ConversationIcon: Item {
        id: talk
        property color color: root.palette.buttonText
        readonly property real size: Math.min(width, height)
        readonly property real stroke: Math.max(1.5, Math.round(talk.size / 10))
        implicitWidth: KoderTheme.gridUnit
        implicitHeight: KoderTheme.gridUnit
        Item {
            anchors.centerIn: parent
            width: talk.size
            height: talk.size
            // The first: outlined, its tail down on the left.
            Rectangle {
                y: talk.size * 0.02
                width: talk.size * 0.7
                height: talk.size * 0.46
                radius: height / 2
                color: "transparent"
                border.width: talk.stroke
                border.color: talk.color
            }
            Rectangle {
                x: talk.size * 0.12
                y: talk.size * 0.4
                width: talk.stroke
                height: talk.size * 0.2
                rotation: 30
                color: talk.color
            }
            // The answer: filled, its tail down on the right.
            Rectangle {
                x: talk.size * 0.3
                y: talk.size * 0.44
                width: talk.size * 0.7
                height: talk.size * 0.44
                radius: height / 2
                color: talk.color
            }
            Rectangle {
                x: talk.size * 0.74
                y: talk.size * 0.76
                width: talk.size * 0.18
                height: width
                rotation: 45
                color: talk.color
            }
        }
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

            // What the voice does: Listening…, Transcribing…; an alert, so that a screen
            // reader says it as it changes.
            Label {
                id: voiceStatus
                objectName: "senderVoiceStatus"
                visible: text !== ""
                textFormat: Text.PlainText
                text: root.voiceStatus
                color: root.palette.text
                elide: Text.ElideRight
                Layout.fillWidth: true
                Accessible.role: Accessible.AlertMessage
                Accessible.name: voiceStatus.text
                Accessible.ignored: !voiceStatus.visible
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

                // Dictation, push to talk: a microphone, or a stop square while recording,
                // with the microphone's level as a thin bar under it.
                VoiceButton {
                    id: dictateButton
                    objectName: "dictateButton"
                    readonly property bool recording: root.dictation !== null
                                                      && root.dictation.recording
                    visible: root.dictation !== null
                    text: root.dictateAction.text
                    enabled: root.dictateAction.enabled
                    onClicked: root.dictateAction.trigger()
                    // Qt 6.4's styles draw a disabled button like an enabled one.
                    sendHeight: button.height
                    Accessible.description: dictateButton.recording
                                            ? qsTr("Stops recording; what you said is written into the message")
                                            : qsTr("Records what you say and writes it into the message")
                    //: The microphone's tooltip: its action (Dictate, Stop dictation), then its
                    //: keyboard shortcut as the platform writes it.
                    ToolTip.text: qsTr("%1 (%2)").arg(root.dictateAction.text)
                                                 .arg(dictateShortcut.nativeText)
                    // Only for the tooltip's text of the key handleKey() takes (Ctrl is the
                    // Command key on macOS): disabled, it takes no key itself.
                    Shortcut {
                        id: dictateShortcut
                        sequence: "Ctrl+Shift+M"
                        enabled: false
                    }
                    contentItem: Item {
                        implicitWidth: KoderTheme.gridUnit
                        implicitHeight: KoderTheme.gridUnit
                        MicrophoneIcon {
                            anchors.fill: parent
                            visible: !dictateButton.recording
                        }
                        Rectangle {
                            objectName: "dictationStop"
                            anchors.centerIn: parent
                            visible: dictateButton.recording
                            width: Math.round(Math.min(parent.width, parent.height) * 0.7)
                            height: width
                            radius: KoderTheme.smallSpacing / 2
                            color: KoderTheme.errorColor(root.palette)
                        }
                    }
                    // The level meter: a thin track, filled as loud as the microphone is.
                    Rectangle {
                        objectName: "dictationLevel"
                        readonly property real level: dictateButton.recording
                                                      ? Math.max(0, Math.min(1, root.dictation.level)) : 0
                        visible: dictateButton.recording
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.bottom: parent.bottom
                        anchors.margins: 4
                        height: 3
                        radius: 1
                        color: KoderTheme.outlineColor(root.palette)
                        Accessible.ignored: true
                        Rectangle {
                            objectName: "dictationLevelFill"
                            width: parent.width * parent.level
                            height: parent.height
                            radius: 1
                            color: KoderTheme.errorColor(root.palette)
                        }
                    }
                    FocusRing { control: dictateButton }
                }

                // Conversation mode: filled in the highlight colour while it is on.
                VoiceButton {
                    id: conversationButton
                    objectName: "conversationButton"
                    visible: root.dictation !== null
                    checkable: true
                    checked: root.conversationMode
                    text: root.conversationAction.text
                    enabled: root.conversationAction.enabled
                    onClicked: root.conversationAction.trigger()
                    sendHeight: button.height
                    Accessible.description: qsTr("Listens, sends what you said and listens again after the reply")
                    ToolTip.text: root.conversationAction.text
                    contentItem: Item {
                        implicitWidth: KoderTheme.gridUnit
                        implicitHeight: KoderTheme.gridUnit
                        Rectangle {
                            objectName: "conversationOn"
                            anchors.fill: parent
                            anchors.margins: -KoderTheme.smallSpacing / 2
                            visible: conversationButton.checked
                            radius: KoderTheme.smallSpacing
                            color: root.palette.highlight
                        }
                        ConversationIcon {
                            anchors.fill: parent
                            color: conversationButton.checked ? root.palette.highlightedText
                                                              : root.palette.buttonText
                        }
                    }
                    FocusRing { control: conversationButton }
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
