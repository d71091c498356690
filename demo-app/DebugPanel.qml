// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*
    The core's compact event log (controller.eventLog()): what the state machine did, oldest
    first, a step's tokens folded into one line. Refreshed while visible.
*/
Pane {
    id: panel

    required property KoderAgentController controller
    property var entries: []

    function refresh() {
        entries = controller.eventLog()
        log.positionViewAtEnd()
    }

    padding: 6
    onVisibleChanged: if (visible) refresh()

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
                required property var modelData
                width: ListView.view.width
                font.family: "monospace"
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: modelData.seq + "  " + modelData.kind
                      + (modelData.repeat > 1 ? " ×" + modelData.repeat : "")
                      + "  " + modelData.subject
            }
        }
    }
}
