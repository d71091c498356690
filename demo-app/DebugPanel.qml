// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent
import "usage.js" as Usage

/*
    The core's compact event log (controller.eventLog()): what the state machine did, oldest
    first, a step's tokens folded into one line. Refreshed while visible. With an AG-UI agent,
    below it the agent's shared state (agentState, as JSON, live) and the names of the last
    custom events it sent. Then the tokens each reply of the conversation cost (ChatView's
    bubbles belong to the library, so the demo lists them here), and which replies the model
    declined.
*/
Pane {
    id: panel

    required property KoderAgentController controller
    property var entries: []
    /*! Each assistant reply's usage: {messageId, usage, total, refused, finishReason}. */
    property var replies: []
    /*! The AG-UI transport the controller talks through, or null: its state is shown then. */
    property KoderAgUiTransport agUiTransport: null
    /*! The agent's state as the section shows it: JSON, indented. */
    readonly property string agentStateText: {
        const state = agUiTransport ? agUiTransport.agentState : undefined
        return state === undefined || state === null ? "{}" : JSON.stringify(state, null, 2)
    }
    /*! The names of the last custom events (CUSTOM, "raw" for RAW), oldest first. */
    property var customEvents: []
    readonly property int customEventsKept: 5

    Connections {
        target: panel.agUiTransport
        function onCustomEvent(name: string, value: var) {
            panel.customEvents = panel.customEvents.concat([name]).slice(-panel.customEventsKept)
        }
    }
    onAgUiTransportChanged: customEvents = []

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

        // --- An AG-UI agent's shared state ---
        Label {
            id: stateHeading
            objectName: "agentStateHeading"
            visible: panel.agUiTransport !== null
            Layout.fillWidth: true
            Layout.topMargin: 6
            textFormat: Text.PlainText
            text: qsTr("Agent state")
            font.bold: true
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Label {
            objectName: "agentStateEmpty"
            visible: panel.agUiTransport !== null && panel.agentStateText === "{}"
            Layout.fillWidth: true
            textFormat: Text.PlainText
            text: qsTr("The agent has shared no state yet.")
            wrapMode: Text.Wrap
            opacity: 0.75
        }
        ScrollView {
            id: stateView
            objectName: "agentStateView"
            visible: panel.agUiTransport !== null && panel.agentStateText !== "{}"
            Layout.fillWidth: true
            // Up to a third of the panel: the event log keeps the rest; longer state scrolls.
            Layout.preferredHeight: Math.min(stateText.implicitHeight,
                                             Math.max(stateHeading.implicitHeight * 4,
                                                      panel.availableHeight / 3))
            // The text wraps to the panel's width (its own width would loop through the layout).
            contentWidth: availableWidth
            // Shown whenever the state is longer than the view, so that it is seen to scroll.
            ScrollBar.vertical.policy: stateText.implicitHeight > stateView.availableHeight
                                       ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
            TextArea {
                id: stateText
                objectName: "agentStateText"
                readOnly: true
                selectByMouse: true
                selectByKeyboard: true
                activeFocusOnTab: true
                textFormat: TextEdit.PlainText
                wrapMode: TextEdit.WrapAtWordBoundaryOrAnywhere
                // Room for the scroll bar (at the end of the line, mirrored at the start), used or
                // not: the text does not wrap anew when it shows.
                leftPadding: padding + 4 + (stateView.mirrored ? stateView.ScrollBar.vertical.width : 0)
                rightPadding: padding + (stateView.mirrored ? 0 : stateView.ScrollBar.vertical.width)
                font.family: KoderTheme.monospaceFont.family
                text: panel.agentStateText
                Accessible.role: Accessible.EditableText
                Accessible.name: qsTr("Agent state")
                Accessible.description: qsTr("The state the AG-UI agent shares, as JSON")
                Accessible.readOnly: true
                // Tab moves on (a read-only text takes no tab character).
                Keys.onTabPressed: (event) => {
                    const next = nextItemInFocusChain(true)
                    if (next)
                        next.forceActiveFocus(Qt.TabFocusReason)
                }
                Keys.onBacktabPressed: (event) => {
                    const previous = nextItemInFocusChain(false)
                    if (previous)
                        previous.forceActiveFocus(Qt.BacktabFocusReason)
                }
                // A frame that reads on the panel, in the focus colour with the keyboard focus.
                background: Rectangle {
                    color: stateText.palette.base
                    border.width: stateText.activeFocus ? 2 : 1
                    border.color: stateText.activeFocus ? KoderTheme.focusColor(stateText.palette)
                                                        : KoderTheme.outlineColor(stateText.palette)
                    radius: 2
                }
            }
        }
        Label {
            objectName: "customEvents"
            visible: panel.agUiTransport !== null && panel.customEvents.length > 0
            Layout.fillWidth: true
            textFormat: Text.PlainText
            text: qsTr("Last custom events: %1").arg(panel.customEvents.join(", "))
            wrapMode: Text.WrapAtWordBoundaryOrAnywhere
            opacity: 0.75
            Accessible.role: Accessible.StaticText
            Accessible.name: text
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
