// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent
import "usage.js" as Usage

/*
    The core's compact event log (controller.eventLog()): what the state machine did, oldest
    first, a step's tokens folded into one line. Refreshed while visible. Below it, the tokens
    each reply of the conversation cost (ChatView's bubbles belong to the library, so the demo
    lists them here), and which replies the model declined.
*/
Pane {
    id: panel

    required property KoderAgentController controller
    property var entries: []
    /*! Each assistant reply's usage: {messageId, usage, total, refused, finishReason}. */
    property var replies: []

    function refresh() {
        // The line the keys are on stays while the list has the focus; otherwise the newest.
        const current = log.currentIndex
        entries = controller.eventLog()
        if (log.activeFocus) {
            log.currentIndex = Math.min(current, log.count - 1)
        } else {
            log.currentIndex = log.count - 1
            log.positionViewAtEnd()
        }
    }

    padding: 6
    onVisibleChanged: if (visible) refresh()

    // A Tab stop shows where it is: a frame on the current line while its list has the focus.
    component FocusFrame: Rectangle {
        objectName: "focusFrame"
        anchors.fill: parent
        color: "transparent"
        border.width: 2
        border.color: KoderTheme.focusColor(panel.palette)
        radius: 2
    }

    // Polling keeps the log out of the token path: one read four times a second, not per token.
    Timer {
        interval: 250
        repeat: true
        running: panel.visible
        onTriggered: panel.refresh()
    }

    ColumnLayout {
        anchors.fill: parent
        RowLayout {
            Layout.fillWidth: true
            Label {
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: qsTr("Event log")
                font.bold: true
                Accessible.role: Accessible.Heading
            }
            Label {
                textFormat: Text.PlainText
                text: qsTr("status: %1").arg(panel.controller.status)
                opacity: 0.75
            }
        }
        ListView {
            id: log
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.entries
            activeFocusOnTab: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Event log")
            ScrollBar.vertical: ScrollBar {}
            delegate: Label {
                id: logLine
                required property var modelData
                width: ListView.view.width
                font.family: "monospace"
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: modelData.seq + "  " + modelData.kind
                      + (modelData.repeat > 1 ? " ×" + modelData.repeat : "")
                      + "  " + modelData.subject
                FocusFrame { visible: logLine.ListView.isCurrentItem && log.activeFocus }
            }
        }
        Label {
            Layout.fillWidth: true
            Layout.topMargin: 6
            textFormat: Text.PlainText
            text: qsTr("Tokens per reply")
            font.bold: true
            Accessible.role: Accessible.Heading
        }
        Label {
            visible: panel.replies.length === 0
            Layout.fillWidth: true
            textFormat: Text.PlainText
            text: qsTr("No reply reported its usage.")
            wrapMode: Text.Wrap
            opacity: 0.75
        }
        ListView {
            id: usageList
            objectName: "usageList"
            visible: panel.replies.length > 0
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, 160)
            clip: true
            model: panel.replies
            activeFocusOnTab: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Tokens per reply")
            ScrollBar.vertical: ScrollBar {}
            delegate: Label {
                id: usageLine
                required property var modelData
                required property int index
                width: ListView.view.width
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: qsTr("Reply %1: %2").arg(index + 1).arg(Usage.tokenText(modelData.total))
                      + (modelData.refused ? " · " + qsTr("Declined") : "")
                Accessible.role: Accessible.ListItem
                Accessible.name: text
                Accessible.description: Usage.details(modelData.usage)
                HoverHandler { id: hover }
                ToolTip.visible: hover.hovered && Accessible.description !== ""
                ToolTip.text: Accessible.description
                FocusFrame { visible: usageLine.ListView.isCurrentItem && usageList.activeFocus }
            }
        }
    }
}
