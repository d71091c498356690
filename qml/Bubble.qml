// SPDX-License-Identifier: MIT
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype Bubble
    \inqmlmodule Koder.Agent
    \brief One message: alignment and colours by role, Markdown rendered safely, streaming,
    stopped and error states, tool call and tool result cards, copy / regenerate / edit / branch,
    and the version switcher (‹ 2/3 ›) of a regenerated reply or an edited message.

    Only the Markdown body is rich text, and only as KoderText.toSafeHtml renders it; everything
    else that comes from outside (reasoning, tool names and arguments, errors) is plain text, so
    no markup in it is interpreted and nothing is fetched.

    Usable as a delegate of a model with the KoderMessageModel roles. The bubble is the message's
    accessible item (StaticText) and, for replies, a polite live region: while the reply streams
    its phrases are announced; when it ends its accessible name becomes the whole reply.
*/
Item {
    id: root

    /*! The controller, for the live region and the actions. */
    property KoderAgentController controller
    required property string messageId
    required property string role
    required property string text
    required property string reasoning
    required property bool streaming
    required property bool aborted
    required property string errorText
    required property var toolCalls
    required property string toolName
    required property bool isError
    required property bool denied
    /*! Which version of its turn the message is (0-based) and how many there are; the switcher
        shows when there is more than one. A delegate takes them from the model's roles with
        `required versionIndex; required versionCount`. */
    property int versionIndex: 0
    property int versionCount: 1

    /*! Emitted when a link in the message is activated; nothing is opened by the bubble. */
    signal linkActivated(string url)
    signal regenerateRequested(string messageId)
    signal editRequested(string messageId, string text)
    signal branchRequested(string messageId)
    /*! The user asked for version \a index of the message (switchVersion). */
    signal versionRequested(string messageId, int index)

    readonly property bool fromUser: role === "user"
    readonly property bool isTool: role === "tool"
    readonly property bool isAssistant: role === "assistant"
    // Versions cannot be switched while a turn is open (the controller refuses it).
    readonly property bool turnOpen: controller !== null && controller.abortable

    implicitWidth: card.implicitWidth
    implicitHeight: card.implicitHeight + 8

    Accessible.role: Accessible.StaticText
    Accessible.name: streaming ? qsTr("The assistant is writing a reply") : root.text
    Accessible.description: fromUser ? qsTr("Your message")
                          : isTool ? qsTr("Result of the tool %1").arg(toolName)
                          : role === "system" ? qsTr("System message")
                          : role === "checkpoint" ? qsTr("Checkpoint")
                          : qsTr("Assistant message")
    KoderLiveRegion.controller: root.controller
    KoderLiveRegion.messageId: root.messageId
    KoderLiveRegion.politeness: root.isAssistant ? Koder.Politeness.Polite : Koder.Politeness.Off

    Rectangle {
        id: card
        objectName: "bubbleCard"
        anchors.right: root.fromUser ? parent.right : undefined
        anchors.left: root.fromUser ? undefined : parent.left
        anchors.margins: 8
        width: Math.min(implicitWidth, root.width * 0.85)
        implicitWidth: Math.max(content.implicitWidth, 120) + 24
        implicitHeight: content.implicitHeight + 16
        radius: 10
        color: root.fromUser ? palette.highlight
             : root.isTool ? palette.base
             : palette.alternateBase
        border.width: root.isError || root.errorText !== "" ? 2 : 1
        border.color: root.isError || root.errorText !== "" ? "#c62828" : palette.mid

        ColumnLayout {
            id: content
            x: 12
            y: 8
            width: parent.width - 24
            spacing: 4

            Label {
                objectName: "toolHeader"
                visible: root.isTool
                textFormat: Text.PlainText
                text: root.denied ? qsTr("Tool %1: denied").arg(root.toolName)
                                  : qsTr("Tool %1: result").arg(root.toolName)
                font.bold: true
                color: palette.text
                Layout.fillWidth: true
            }

            Label {
                objectName: "reasoningLabel"
                visible: root.reasoning !== ""
                textFormat: Text.PlainText
                text: root.reasoning
                wrapMode: Text.Wrap
                font.italic: true
                opacity: 0.7
                color: palette.text
                Layout.fillWidth: true
                Accessible.name: qsTr("Reasoning: %1").arg(root.reasoning)
            }

            TextEdit {
                id: body
                objectName: "bubbleBody"
                visible: root.text !== ""
                readOnly: true
                selectByMouse: true
                wrapMode: Text.Wrap
                textFormat: root.isTool ? TextEdit.PlainText : TextEdit.RichText
                text: root.isTool ? root.text : KoderText.toSafeHtml(root.text)
                color: root.fromUser ? palette.highlightedText : palette.text
                selectionColor: palette.highlight
                Layout.fillWidth: true
                Layout.preferredWidth: Math.min(implicitWidth, 560)
                Accessible.ignored: true // the bubble itself speaks for the text
                onLinkActivated: (link) => root.linkActivated(link)
            }

            Repeater {
                model: root.toolCalls
                delegate: Frame {
                    id: callCard
                    objectName: "toolCallCard"
                    required property var modelData
                    Layout.fillWidth: true
                    Accessible.role: Accessible.Grouping
                    Accessible.name: qsTr("Tool call %1").arg(callCard.modelData.name)
                    ColumnLayout {
                        anchors.fill: parent
                        Label {
                            objectName: "toolCallName"
                            textFormat: Text.PlainText
                            text: qsTr("Calls %1").arg(callCard.modelData.name)
                            font.bold: true
                            color: palette.text
                        }
                        Label {
                            objectName: "toolCallArguments"
                            textFormat: Text.PlainText
                            text: JSON.stringify(callCard.modelData.arguments, null, 2)
                            font.family: "monospace"
                            wrapMode: Text.WrapAnywhere
                            color: palette.text
                            Layout.fillWidth: true
                        }
                    }
                }
            }

            RowLayout {
                spacing: 6
                Layout.fillWidth: true

                BusyIndicator {
                    objectName: "streamingIndicator"
                    visible: root.streaming
                    running: root.streaming
                    implicitWidth: 20
                    implicitHeight: 20
                    Accessible.name: qsTr("Writing")
                }
                Label {
                    objectName: "stoppedBadge"
                    visible: root.aborted
                    textFormat: Text.PlainText
                    text: qsTr("Stopped")
                    font.italic: true
                    color: palette.text
                }
                Label {
                    objectName: "errorBadge"
                    visible: root.errorText !== ""
                    textFormat: Text.PlainText
                    text: qsTr("Error: %1").arg(root.errorText)
                    color: "#c62828"
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Item { Layout.fillWidth: true }
                RowLayout {
                    objectName: "versionSwitcher"
                    visible: root.versionCount > 1
                    spacing: 0
                    ToolButton {
                        objectName: "previousVersion"
                        text: "\u2039"
                        enabled: root.versionIndex > 0 && !root.turnOpen
                        Accessible.name: qsTr("Previous version")
                        Accessible.role: Accessible.Button
                        onClicked: root.versionRequested(root.messageId, root.versionIndex - 1)
                    }
                    Label {
                        objectName: "versionLabel"
                        textFormat: Text.PlainText
                        text: qsTr("%1/%2").arg(root.versionIndex + 1).arg(root.versionCount)
                        color: palette.text
                        Accessible.role: Accessible.StaticText
                        Accessible.name: qsTr("Version %1 of %2").arg(root.versionIndex + 1)
                                                                  .arg(root.versionCount)
                    }
                    ToolButton {
                        objectName: "nextVersion"
                        text: "\u203a"
                        enabled: root.versionIndex < root.versionCount - 1 && !root.turnOpen
                        Accessible.name: qsTr("Next version")
                        Accessible.role: Accessible.Button
                        onClicked: root.versionRequested(root.messageId, root.versionIndex + 1)
                    }
                }
                ToolButton {
                    visible: !root.streaming && root.text !== ""
                    text: qsTr("Copy")
                    Accessible.name: qsTr("Copy message")
                    onClicked: KoderText.copyToClipboard(root.text)
                }
                ToolButton {
                    visible: root.isAssistant && !root.streaming
                    text: qsTr("Regenerate")
                    Accessible.name: qsTr("Regenerate reply")
                    onClicked: root.regenerateRequested(root.messageId)
                }
                ToolButton {
                    visible: root.fromUser
                    text: qsTr("Edit")
                    Accessible.name: qsTr("Edit message")
                    onClicked: root.editRequested(root.messageId, root.text)
                }
                ToolButton {
                    visible: !root.streaming && !root.isTool
                    text: qsTr("Branch")
                    Accessible.name: qsTr("Branch the conversation here")
                    onClicked: root.branchRequested(root.messageId)
                }
            }
        }
    }
}
