// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent
import KoderDemo

/*
    The stored conversations, newest first: search by title, start a new one, open, rename and
    delete. Keys in the list: Up/Down move, Enter opens, F2 renames, Delete deletes.
*/
Pane {
    id: pane

    required property KoderConversationStore store
    required property KoderAgentController controller
    /*! The title of the conversation the controller shows ("" when it is not stored yet). */
    property string currentTitle: ""
    // For tests and for apps that embed the pane.
    readonly property alias searchField: search
    readonly property alias newButton: newButton
    readonly property alias listView: list
    readonly property alias renameDialog: renameDialog
    readonly property alias deleteDialog: deleteDialog
    readonly property alias titleField: titleField

    /*!
        The user opened a conversation from the list (click, Enter) or started a new one: the
        window puts the keyboard focus where the user types next.
    */
    signal opened()

    function refreshTitle() {
        const c = store.conversation(controller.conversationId)
        currentTitle = c && c.title ? c.title : ""
    }

    function messagesText(count: int): string {
        // English needs no catalogue: "1 message" apart, "%n messages" with every other
        // language's plural forms (Arabic has six).
        return count === 1 ? qsTr("1 message") : qsTr("%n messages", "", count)
    }

    function startNew() {
        controller.reset()
        search.text = ""
        opened()
    }

    /*! Opens the conversation \a id (a row of the list). */
    function open(id: string) {
        controller.conversationId = id
        opened()
    }

    padding: 6
    Component.onCompleted: refreshTitle()

    Connections {
        target: pane.store
        function onConversationChanged() { pane.refreshTitle() }
        function onConversationRemoved() { pane.refreshTitle() }
    }
    Connections {
        target: pane.controller
        function onConversationIdChanged() { pane.refreshTitle() }
    }

    //! [activity-text]
    /*! What a row's status and unread mark say, for its accessible name and its badge. */
    function activityText(status: string, unread: bool): string {
        switch (status) {
        case "streaming": return qsTr("replying")
        case "runningTool": return qsTr("running a tool")
        case "reviewingToolCall": return qsTr("needs approval")
        case "awaitingInput": return qsTr("question waiting")
        case "error": return qsTr("ended with an error")
        case "interrupted": return qsTr("stopped")
        }
        return unread ? qsTr("unread reply") : ""
    }
    //! [activity-text]

    KoderConversationListModel {
        id: conversationList
        store: pane.store
        controller: pane.controller     // status: streaming, reviewingToolCall, awaitingInput, ...
    }
    ConversationFilter {
        id: filtered
        sourceModel: conversationList
        text: search.text
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: search
                Layout.fillWidth: true
                placeholderText: qsTr("Search conversations")
                Accessible.name: qsTr("Search conversations")
                Keys.onDownPressed: list.forceActiveFocus()
            }
            Button {
                id: newButton
                text: qsTr("New")
                onClicked: pane.startNew()
                Accessible.name: qsTr("New conversation")
                ToolTip.visible: hovered
                ToolTip.text: qsTr("New conversation (Ctrl+N)")
            }
        }

        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: filtered
            keyNavigationEnabled: true
            activeFocusOnTab: count > 0 // an empty list is no Tab stop
            currentIndex: -1
            // Coming in by Tab (or Down from the search), the keys start on the first row.
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversations")
            ScrollBar.vertical: ScrollBar {}

            //! [conversation-row]
            delegate: ItemDelegate {
                id: row
                required property int index
                required property string conversationId
                required property string title
                required property int messageCount
                required property date updatedAt
                required property string status
                required property bool unread
                readonly property bool busy: status === "streaming" || status === "runningTool"
                readonly property bool needsApproval: status === "reviewingToolCall"
                readonly property bool awaitsAnswer: status === "awaitingInput"
                readonly property string activity: pane.activityText(status, unread)

                width: ListView.view.width
                highlighted: conversationId === pane.controller.conversationId
                // The row the arrow keys are on, while the list has the keyboard focus.
                readonly property bool keyboardCurrent: ListView.isCurrentItem && list.activeFocus
                text: title || qsTr("Untitled")
                Accessible.name: text + ", " + pane.messagesText(messageCount)
                                 + (activity !== "" ? ", " + activity : "")
                //! [conversation-row]
                // A frame on the row the keys are on: the list is a Tab stop, and shows where it is.
                Rectangle {
                    objectName: "focusFrame"
                    parent: row.background
                    anchors.fill: parent
                    visible: row.keyboardCurrent
                    color: "transparent"
                    border.width: 2
                    border.color: KoderTheme.focusColor(row.palette)
                    radius: 2
                }
                contentItem: RowLayout {
                    spacing: 6
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        Label {
                            objectName: "rowTitle"
                            Layout.fillWidth: true
                            textFormat: Text.PlainText
                            text: row.text
                            elide: Text.ElideRight
                            // At the start whatever the title's script (mirrored in a RTL window).
                            horizontalAlignment: Text.AlignLeft
                            font.bold: row.highlighted
                        }
                        Label {
                            objectName: "rowDetails"
                            Layout.fillWidth: true
                            textFormat: Text.PlainText
                            text: pane.messagesText(row.messageCount) + " · "
                                  + row.updatedAt.toLocaleString(Qt.locale(), Locale.ShortFormat)
                            font.pointSize: Math.max(1, pane.font.pointSize - 1)
                            horizontalAlignment: Text.AlignLeft
                            opacity: 0.7
                            elide: Text.ElideRight
                        }
                        // Under the title and date, so it leaves them their width.
                        Label {
                            objectName: "approvalBadge"
                            visible: row.needsApproval
                            Layout.topMargin: 2
                            Layout.maximumWidth: row.availableWidth
                            textFormat: Text.PlainText
                            text: qsTr("Needs approval")
                            elide: Text.ElideRight
                            font.pointSize: Math.max(1, pane.font.pointSize - 1)
                            color: row.palette.highlightedText
                            leftPadding: 4
                            rightPadding: 4
                            background: Rectangle {
                                radius: 3
                                color: row.palette.highlight
                            }
                        }
                        // The same for a question of the agent that waits for the user's answer.
                        Label {
                            objectName: "questionBadge"
                            visible: row.awaitsAnswer
                            Layout.topMargin: 2
                            Layout.maximumWidth: row.availableWidth
                            textFormat: Text.PlainText
                            text: qsTr("Question waiting")
                            elide: Text.ElideRight
                            font.pointSize: Math.max(1, pane.font.pointSize - 1)
                            color: row.palette.highlightedText
                            leftPadding: 4
                            rightPadding: 4
                            background: Rectangle {
                                radius: 3
                                color: row.palette.highlight
                            }
                        }
                    }
                    // The turn runs on while another conversation is shown.
                    BusyIndicator {
                        objectName: "runningIndicator"
                        visible: row.busy
                        running: row.busy
                        Layout.preferredWidth: 20
                        Layout.preferredHeight: 20
                        Accessible.name: pane.activityText(row.status, false)
                    }
                    Rectangle {
                        objectName: "unreadDot"
                        visible: row.unread && !row.busy && !row.needsApproval && !row.awaitsAnswer
                        implicitWidth: 8
                        implicitHeight: 8
                        radius: 4
                        color: row.palette.highlight
                        Accessible.role: Accessible.Indicator
                        Accessible.name: qsTr("unread reply")
                    }
                }
                onClicked: {
                    list.currentIndex = index
                    pane.open(conversationId)
                }
                TapHandler {
                    acceptedButtons: Qt.RightButton
                    onTapped: {
                        list.currentIndex = row.index
                        menu.popup()
                    }
                }
                Menu {
                    id: menu
                    MenuItem {
                        text: qsTr("Rename…")
                        onTriggered: renameDialog.ask(row.conversationId, row.title)
                    }
                    MenuItem {
                        text: qsTr("Delete…")
                        onTriggered: deleteDialog.ask(row.conversationId, row.title)
                    }
                }
            }

            Keys.onReturnPressed: open(currentIndex)
            Keys.onEnterPressed: open(currentIndex)
            Keys.onPressed: (event) => {
                const c = filtered.get(currentIndex)
                if (!c.id)
                    return
                if (event.key === Qt.Key_F2) {
                    renameDialog.ask(c.id, c.title)
                    event.accepted = true
                } else if (event.key === Qt.Key_Delete) {
                    deleteDialog.ask(c.id, c.title)
                    event.accepted = true
                }
            }
            function open(row: int) {
                const c = filtered.get(row)
                if (c.id)
                    pane.open(c.id)
            }

            Label {
                anchors.centerIn: parent
                width: parent.width - 24
                visible: list.count === 0
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                opacity: 0.7
                textFormat: Text.PlainText
                text: search.text !== "" ? qsTr("No conversation matches “%1”.").arg(search.text)
                                         : qsTr("Your conversations will be listed here.")
            }
        }
    }

    Dialog {
        id: renameDialog
        property string conversationId
        function ask(id: string, title: string) {
            conversationId = id
            titleField.text = title
            open()
            titleField.selectAll()
            titleField.forceActiveFocus()
        }
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Rename conversation")
        standardButtons: Dialog.Ok | Dialog.Cancel
        TextField {
            id: titleField
            implicitWidth: 320
            Accessible.name: qsTr("Title")
            onAccepted: renameDialog.accept()
        }
        onAccepted: conversationList.rename(conversationId, titleField.text.trim())
    }

    Dialog {
        id: deleteDialog
        property string conversationId
        property string conversationTitle
        function ask(id: string, title: string) {
            conversationId = id
            conversationTitle = title
            open()
        }
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Delete conversation")
        standardButtons: Dialog.Yes | Dialog.No
        // The style's eliding title would loop the dialog's implicitWidth binding when the
        // question's width changes (see SettingsDialog.qml); the dialog is as wide as its title.
        Binding {
            target: deleteDialog.header
            property: "elide"
            value: Text.ElideNone
            when: deleteDialog.header instanceof Text
        }
        Label {
            objectName: "deleteQuestion"
            textFormat: Text.PlainText
            text: qsTr("Delete “%1” and all its messages? This cannot be undone.")
                  .arg(deleteDialog.conversationTitle)
            wrapMode: Text.Wrap
            width: 320
        }
        onAccepted: {
            if (conversationId === pane.controller.conversationId)
                pane.controller.deleteConversation()
            else
                conversationList.remove(conversationId)
        }
    }
}
