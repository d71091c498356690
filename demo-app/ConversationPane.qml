// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Koder.Agent
import KoderDemo

/*
    The stored conversations: pinned ones first, then newest first. Search what was said in
    them, start a new one, open, pin, file in folders, archive, export, rename and delete.

    Search: typing in the field searches the messages of every conversation and version
    (KoderSearchModel); the results replace the list while the field has text, each with its
    conversation, who said it, when, and the words that matched in bold. When no message
    matches, the conversations whose title does are listed instead. Down or Enter in the field
    moves to the results, Up on the first result comes back, Escape clears the field. Enter or
    a click opens a result: the chat shows that message, in whichever version it is, with the
    keyboard focus on it.

    Keys in the list: Up/Down move, Enter opens, the Menu key (or Shift+F10) shows every action
    of the conversation (also a right click), F2 renames, Ctrl+P pins or unpins, Ctrl+E
    archives (in the archive: takes it out again), Ctrl+M moves it to a folder, Delete deletes.
    The folder box lists one folder (or all), and Archive shows the archived conversations
    (Back returns).
*/
Pane {
    id: pane

    required property KoderConversationStore store
    required property KoderAgentController controller
    /*! The title of the conversation the controller shows ("" when it is not stored yet). */
    property string currentTitle: ""
    /*! Whether the conversation the controller shows is stored (it can be exported). */
    property bool currentStored: false
    // For tests and for apps that embed the pane.
    readonly property alias searchField: search
    readonly property alias newButton: newButton
    readonly property alias listView: list
    readonly property alias renameDialog: renameDialog
    readonly property alias deleteDialog: deleteDialog
    readonly property alias titleField: titleField
    readonly property alias resultsView: resultList
    readonly property alias searchModel: searchModel
    readonly property alias resultsStatus: resultsStatus
    readonly property alias conversationModel: conversationList
    readonly property alias folderBox: folderBox
    readonly property alias archiveButton: archiveButton
    readonly property alias conversationMenu: rowMenu
    readonly property alias folderDialog: folderDialog
    readonly property alias folderField: folderField
    readonly property alias exportDialog: exportDialog
    readonly property alias exportNotice: noticeLabel

    /*! The field has something to search for: the results are shown instead of the list. */
    readonly property bool searchActive: search.text.trim() !== ""
    /*! No message matched the last query, but some titles do: those conversations are listed. */
    property bool titleFallback: false
    /*! What the search found, as shown above the results (and told to screen readers). */
    property string resultsText: ""
    /*! The folders conversations are filed in (KoderConversationListModel.folders()). */
    property var folderNames: []
    /*! The last export's outcome, shown under the list ("" when there is none). */
    property string noticeText: ""
    property bool noticeIsError: false

    /*!
        The user opened a conversation from the list (click, Enter), started a new one, or
        opened a search result (\a messageId, the message shown; "" otherwise): the window puts
        the keyboard focus where the user goes on.
    */
    signal opened(string messageId)

    function refreshTitle() {
        const c = store.conversation(controller.conversationId)
        currentTitle = c && c.title ? c.title : ""
        currentStored = !!(c && c.id)
    }

    function messagesText(count: int): string {
        // English needs no catalogue: "1 message" apart, "%n messages" with every other
        // language's plural forms (Arabic has six).
        return count === 1 ? qsTr("1 message") : qsTr("%n messages", "", count)
    }

    function startNew() {
        controller.reset()
        search.text = ""
        opened("")
    }

    /*! Opens the conversation \a id (a row of the list). */
    function open(id: string) {
        controller.conversationId = id
        opened("")
    }

    /*!
        Opens the search result \a messageId of \a conversationId: the chat shows that message
        (switching to its version) and the keys go to it. Returns false when it is gone.
    */
    function openResult(conversationId: string, messageId: string): bool {
        if (!controller.openMessage(conversationId, messageId))
            return false
        opened(messageId)
        return true
    }

    /*! Moves the keys from the field into what it shows: the results, or the list. */
    function enterList(): bool {
        const view = resultList.visible ? resultList : list
        if (!view.visible || view.count === 0)
            return false
        view.forceActiveFocus()
        if (view.currentIndex < 0)
            view.currentIndex = 0
        return true
    }

    /*! Says what the search found, once its results are in (not while the user types). */
    function settleSearch() {
        if (!searchActive) {
            titleFallback = false
            resultsText = ""
            return
        }
        if (searchModel.searching)
            return
        const found = searchModel.count
        titleFallback = found === 0 && filtered.count > 0
        if (found > 0)
            resultsText = found === 1 ? qsTr("1 result") : qsTr("%n results", "", found)
        else if (titleFallback)
            resultsText = qsTr("No message matches. Conversations with it in their title:")
        else
            resultsText = qsTr("Nothing matches “%1”.").arg(search.text.trim())
    }

    /*! Who wrote a result, as its details line says it. */
    function roleText(role: string): string {
        switch (role) {
        case "user": return qsTr("You")
        case "assistant": return qsTr("Assistant")
        case "tool": return qsTr("Tool result")
        }
        return role
    }

    /*! What a screen reader says of a result: where it is, who said it, what matched. */
    function resultName(title: string, role: string, snippet: string): string {
        switch (role) {
        case "user": return qsTr("In “%1”, you wrote: %2").arg(title).arg(snippet)
        case "assistant": return qsTr("In “%1”, the assistant wrote: %2").arg(title).arg(snippet)
        }
        return qsTr("In “%1”, a tool result: %2").arg(title).arg(snippet)
    }

    function dateText(when: date): string {
        return when.toLocaleString(Qt.locale(), Locale.ShortFormat)
    }

    function escaped(text: string): string {
        return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    }

    /*!
        The snippet as styled text with its \a matches ([start, length] pairs) in bold. Every
        character of the snippet is escaped: whatever a message says, only the <b> added here
        is markup.
    */
    function emphasised(snippet: string, matches: var): string {
        const ranges = []
        for (const match of (matches || [])) {
            const start = Number(match[0])
            const length = Number(match[1])
            if (start >= 0 && length > 0 && start + length <= snippet.length)
                ranges.push([start, length])
        }
        ranges.sort((a, b) => a[0] - b[0])
        let styled = ""
        let at = 0
        for (const [start, length] of ranges) {
            if (start < at)
                continue // overlaps the one before
            styled += escaped(snippet.substring(at, start)) + "<b>"
                      + escaped(snippet.substring(start, start + length)) + "</b>"
            at = start + length
        }
        return styled + escaped(snippet.substring(at))
    }

    function refreshFolders() {
        folderNames = conversationList.folders()
        // The folder shown is gone (its last conversation moved out): every folder again.
        if (conversationList.folder !== "" && folderNames.indexOf(conversationList.folder) < 0)
            conversationList.folder = ""
    }

    /*! Pins or unpins the conversation \a id. */
    function setPinned(id: string, pinned: bool): bool {
        return conversationList.setPinned(id, pinned)
    }

    /*! The row of the conversation \a id in the list, or -1. */
    function rowOf(id: string): int {
        for (let row = 0; row < filtered.count; ++row)
            if (filtered.get(row).id === id)
                return row
        return -1
    }

    /*! Archives the conversation \a id, or takes it out of the archive. */
    function setArchived(id: string, archived: bool): bool {
        return conversationList.setArchived(id, archived)
    }

    /*! Shows the archived conversations (true) or the others (false). */
    function showArchive(archived: bool) {
        conversationList.showArchived = archived
        list.currentIndex = -1
    }

    /*! Asks where to save the conversation \a id as \a format ("markdown" or "html"). */
    function exportConversation(id: string, format: string) {
        const c = store.conversation(id)
        exportDialog.conversationId = id
        exportDialog.format = format
        const file = files.suggestedFile(c && c.title ? c.title : "", format === "html" ? "html" : "md")
        const path = String(file)
        exportDialog.currentFolder = path.substring(0, path.lastIndexOf("/"))
        exportDialog.selectedFile = file
        exportDialog.open()
    }

    /*!
        Writes the conversation \a id as \a format ("markdown" or "html") to \a file, and says
        how it went under the list. Returns whether the file was written.
    */
    function exportTo(id: string, format: string, file: url): bool {
        const text = format === "html" ? store.exportHtml(id) : store.exportMarkdown(id)
        let written = false
        if (text === "")
            showNotice(qsTr("Not exported: the conversation has no messages."), true)
        else if (!files.save(file, text))
            showNotice(qsTr("Not exported: %1").arg(files.errorString), true)
        else {
            const path = String(file)
            showNotice(qsTr("Exported to %1").arg(decodeURIComponent(path.substring(path.lastIndexOf("/") + 1))), false)
            written = true
        }
        return written
    }

    function showNotice(text: string, error: bool) {
        noticeText = text
        noticeIsError = error
        // What went well goes after a while; a failure stays until it is dismissed.
        if (error)
            noticeTimer.stop()
        else
            noticeTimer.restart()
    }

    /*! Whether one of the pane's dialogs is open (a menu's action opened it). */
    function dialogShown(): bool {
        return renameDialog.visible || deleteDialog.visible || folderDialog.visible
               || exportDialog.visible
    }

    /*! The keys go back to the list (after a menu or a dialog), when it is shown. */
    function focusList() {
        if (list.visible && list.count > 0)
            list.forceActiveFocus()
        else
            search.forceActiveFocus()
    }

    padding: 6
    Component.onCompleted: {
        refreshTitle()
        refreshFolders()
    }

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
        onFoldersChanged: pane.refreshFolders()
    }
    ConversationFilter {
        id: filtered
        sourceModel: conversationList
        text: search.text.trim()
        onCountChanged: pane.settleSearch()
    }
    //! [search-model]
    KoderSearchModel {
        id: searchModel
        store: pane.store
        query: search.text             // words, the last one as a prefix; never an error
        onSearchingChanged: pane.settleSearch()
        onCountChanged: pane.settleSearch()
    }
    //! [search-model]
    DemoFiles {
        id: files
    }
    // After a menu or the file dialog closed (once the popup let the focus go): the keys go
    // back to the list, unless a dialog has them.
    Timer {
        id: refocus
        interval: 0
        onTriggered: if (!pane.dialogShown()) pane.focusList()
    }
    Timer {
        id: noticeTimer
        interval: 8000
        onTriggered: pane.noticeText = ""
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: search
                Layout.fillWidth: true
                Layout.minimumWidth: KoderTheme.gridUnit * 3
                placeholderText: qsTr("Search messages")
                Accessible.name: qsTr("Search messages")
                // While it has text, a screen reader hears how many results there are.
                Accessible.description: pane.resultsText
                onTextChanged: pane.settleSearch()
                Keys.onDownPressed: pane.enterList()
                Keys.onReturnPressed: pane.enterList()
                Keys.onEnterPressed: pane.enterList()
                Keys.onEscapePressed: (event) => {
                    if (text !== "")
                        clear()
                    else
                        event.accepted = false
                }
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

        // The folder shown and the way into the archive (and back); not while searching,
        // which finds messages everywhere.
        RowLayout {
            objectName: "listFilters"
            visible: !pane.searchActive
            Layout.fillWidth: true
            ComboBox {
                id: folderBox
                objectName: "folderFilter"
                visible: pane.folderNames.length > 0 || conversationList.folder !== ""
                Layout.fillWidth: true
                Layout.minimumWidth: KoderTheme.gridUnit * 3
                model: [qsTr("All folders"), ...pane.folderNames]
                currentIndex: conversationList.folder === ""
                              ? 0 : pane.folderNames.indexOf(conversationList.folder) + 1
                onActivated: (index) => {
                    conversationList.folder = index <= 0 ? "" : pane.folderNames[index - 1]
                    list.currentIndex = -1
                }
                Accessible.name: qsTr("Folder shown")
                // The arrow as text: Fusion's own arrow is a tinted image (QQuickColorImage),
                // whose texture Qt 6.4 never frees (LeakSanitizer fails the suite on it).
                indicator: Label {
                    x: folderBox.mirrored ? folderBox.leftPadding
                                          : folderBox.width - width - folderBox.rightPadding
                    y: folderBox.topPadding + (folderBox.availableHeight - height) / 2
                    text: "\u25BE"
                    color: folderBox.palette.buttonText
                    Accessible.ignored: true
                }
                // Folder names are the user's text: shown as plain text.
                delegate: ItemDelegate {
                    id: folderOption
                    required property int index
                    required property string modelData
                    width: ListView.view ? ListView.view.width : implicitWidth
                    highlighted: folderBox.highlightedIndex === index
                    text: modelData
                    contentItem: Label {
                        textFormat: Text.PlainText
                        text: folderOption.text
                        elide: Text.ElideRight
                        font.bold: folderBox.currentIndex === folderOption.index
                    }
                }
            }
            Item {
                visible: !folderBox.visible
                Layout.fillWidth: true
            }
            Button {
                id: archiveButton
                objectName: "archiveToggle"
                text: conversationList.showArchived
                      ? qsTr("Back")
                        //: The button that shows the archived conversations (a noun: the archive).
                      : qsTr("Archive", "the archive")
                Accessible.name: conversationList.showArchived ? qsTr("Back to the conversations")
                                                               : qsTr("Show the archived conversations")
                onClicked: pane.showArchive(!conversationList.showArchived)
            }
        }
        Label {
            objectName: "archiveHeading"
            visible: conversationList.showArchived && !pane.searchActive
            Layout.fillWidth: true
            textFormat: Text.PlainText
            text: qsTr("Archived conversations")
            elide: Text.ElideRight
            font.bold: true
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }

        // What the search found (a screen reader hears the count), and progress while it looks.
        RowLayout {
            visible: pane.searchActive
            Layout.fillWidth: true
            Label {
                id: resultsStatus
                objectName: "resultsStatus"
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: pane.resultsText
                wrapMode: Text.Wrap
                opacity: 0.8
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
            BusyIndicator {
                objectName: "searchBusy"
                running: searchModel.searching
                Layout.preferredWidth: 20
                Layout.preferredHeight: 20
                Accessible.name: qsTr("Searching")
                Accessible.ignored: !running
            }
        }

        ListView {
            id: resultList
            objectName: "searchResults"
            visible: pane.searchActive && !pane.titleFallback
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: searchModel
            keyNavigationEnabled: true
            // No Tab stop while empty (kept while it has the keys: Qt refuses to drop it then).
            activeFocusOnTab: activeFocus || (visible && count > 0)
            currentIndex: -1
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Search results")
            Accessible.description: pane.resultsText
            ScrollBar.vertical: ScrollBar {}

            //! [result-row]
            delegate: ItemDelegate {
                id: hit
                required property int index
                required property string conversationId
                required property string messageId
                required property string title
                required property string snippet    // plain text: escaped before it is styled
                required property var matches       // [start, length] pairs in the snippet
                required property string role
                required property date createdAt
                readonly property bool keyboardCurrent: ListView.isCurrentItem && resultList.activeFocus

                width: ListView.view.width
                text: title || qsTr("Untitled")
                Accessible.name: pane.resultName(text, role, snippet)
                Accessible.description: pane.dateText(createdAt)
                //! [result-row]
                Rectangle {
                    objectName: "focusFrame"
                    parent: hit.background
                    anchors.fill: parent
                    visible: hit.keyboardCurrent
                    color: "transparent"
                    border.width: 2
                    border.color: KoderTheme.focusColor(hit.palette)
                    radius: 2
                }
                contentItem: ColumnLayout {
                    spacing: 1
                    Label {
                        objectName: "resultTitle"
                        Layout.fillWidth: true
                        textFormat: Text.PlainText
                        text: hit.text
                        elide: Text.ElideRight
                        horizontalAlignment: Text.AlignLeft
                        font.bold: true
                    }
                    Label {
                        objectName: "resultSnippet"
                        Layout.fillWidth: true
                        textFormat: Text.StyledText
                        text: pane.emphasised(hit.snippet, hit.matches)
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        horizontalAlignment: Text.AlignLeft
                        // The words, not the markup of their emphasis.
                        Accessible.name: hit.snippet
                    }
                    Label {
                        objectName: "resultDetails"
                        Layout.fillWidth: true
                        textFormat: Text.PlainText
                        text: pane.roleText(hit.role) + " · " + pane.dateText(hit.createdAt)
                        font.pointSize: Math.max(1, pane.font.pointSize - 1)
                        horizontalAlignment: Text.AlignLeft
                        opacity: 0.7
                        elide: Text.ElideRight
                    }
                }
                onClicked: {
                    resultList.currentIndex = index
                    pane.openResult(conversationId, messageId)
                }
            }

            Keys.onReturnPressed: openCurrent()
            Keys.onEnterPressed: openCurrent()
            Keys.onEscapePressed: search.forceActiveFocus()
            Keys.onUpPressed: (event) => {
                if (currentIndex <= 0)
                    search.forceActiveFocus()
                else
                    event.accepted = false
            }
            function openCurrent() {
                open(searchModel.get(currentIndex))
            }
            function open(result: var) {
                if (result.messageId)
                    pane.openResult(result.conversationId, result.messageId)
            }
        }

        ListView {
            id: list
            visible: !pane.searchActive || pane.titleFallback
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: filtered
            keyNavigationEnabled: true
            // An empty list is no Tab stop (kept while it has the keys: Qt refuses to drop it).
            activeFocusOnTab: activeFocus || (visible && count > 0)
            currentIndex: -1
            // Coming in by Tab (or Down from the search), the keys start on the first row.
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            Accessible.role: Accessible.List
            Accessible.name: conversationList.showArchived ? qsTr("Archived conversations")
                                                           : qsTr("Conversations")
            Accessible.description: qsTr("Enter opens. The Menu key shows every action; F2 renames, Ctrl+P pins, Ctrl+E archives, Ctrl+M moves to a folder, Delete deletes.")
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
                required property bool pinned
                required property bool archived
                required property string folder
                readonly property bool busy: status === "streaming" || status === "runningTool"
                readonly property bool needsApproval: status === "reviewingToolCall"
                readonly property bool awaitsAnswer: status === "awaitingInput"
                readonly property string activity: pane.activityText(status, unread)

                width: ListView.view.width
                highlighted: conversationId === pane.controller.conversationId
                // The row the arrow keys are on, while the list has the keyboard focus.
                readonly property bool keyboardCurrent: ListView.isCurrentItem && list.activeFocus
                text: title || qsTr("Untitled")
                Accessible.name: text + (pinned ? ", " + qsTr("pinned") : "")
                                 + (folder !== "" ? ", " + qsTr("in the folder %1").arg(folder) : "")
                                 + ", " + pane.messagesText(messageCount)
                                 + (activity !== "" ? ", " + activity : "")
                //! [conversation-row]
                /*! The row as the menu takes it. */
                function summary(): var {
                    return { id: conversationId, title: title, pinned: pinned,
                             archived: archived, folder: folder }
                }
                // A frame on the row the keys are on: the list is a Tab stop, and shows where it is.
                Rectangle {
                    objectName: "focusFrame"
                    parent: row.background
                    anchors.fill: parent
                    visible: row.keyboardCurrent
                    color: "transparent"
                    border.width: 2
                    // On the open conversation's row (the highlight) in the highlight's text colour.
                    border.color: row.highlighted ? row.palette.highlightedText
                                                  : KoderTheme.focusColor(row.palette)
                    radius: 2
                }
                contentItem: RowLayout {
                    spacing: 6
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        RowLayout {
                            Layout.fillWidth: true
                            spacing: 4
                            // A pushpin before the title of a pinned conversation.
                            Item {
                                objectName: "pinMarker"
                                visible: row.pinned
                                implicitWidth: 10
                                implicitHeight: 12
                                Layout.alignment: Qt.AlignVCenter
                                Accessible.role: Accessible.Indicator
                                Accessible.name: qsTr("pinned")
                                Rectangle { // the head
                                    x: 1
                                    width: 8
                                    height: 4
                                    radius: 1
                                    color: row.palette.windowText
                                }
                                Rectangle { // the body
                                    x: 3
                                    y: 3
                                    width: 4
                                    height: 4
                                    color: row.palette.windowText
                                }
                                Rectangle { // the plate
                                    y: 6
                                    width: 10
                                    height: 2
                                    radius: 1
                                    color: row.palette.windowText
                                }
                                Rectangle { // the needle
                                    x: 4.25
                                    y: 8
                                    width: 1.5
                                    height: 4
                                    color: row.palette.windowText
                                }
                            }
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
                        }
                        Label {
                            objectName: "rowDetails"
                            Layout.fillWidth: true
                            textFormat: Text.PlainText
                            // The folder, while every folder is listed.
                            text: (row.folder !== "" && conversationList.folder === "" ? row.folder + " · " : "")
                                  + pane.messagesText(row.messageCount) + " · "
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
                // Takes the right button's press (the delegate would take it as a click and open
                // the row): a right click only shows the menu.
                MouseArea {
                    anchors.fill: parent
                    acceptedButtons: Qt.RightButton
                    onClicked: (mouse) => {
                        list.currentIndex = row.index
                        rowMenu.show(row, row.summary(), Qt.point(mouse.x, mouse.y), false)
                    }
                }
            }

            Keys.onReturnPressed: open(currentIndex)
            Keys.onEnterPressed: open(currentIndex)
            Keys.onPressed: (event) => {
                const c = filtered.get(currentIndex)
                if (!c.id)
                    return
                const control = (event.modifiers & Qt.ControlModifier) !== 0
                if (event.key === Qt.Key_F2) {
                    renameDialog.ask(c.id, c.title)
                } else if (event.key === Qt.Key_Delete) {
                    deleteDialog.ask(c.id, c.title)
                } else if (event.key === Qt.Key_Menu
                           || (event.key === Qt.Key_F10 && (event.modifiers & Qt.ShiftModifier))) {
                    if (currentItem)
                        rowMenu.show(currentItem, c, Qt.point(KoderTheme.gridUnit, currentItem.height / 2), true)
                } else if (control && event.key === Qt.Key_P) {
                    // The keys stay on the conversation where it moves (pinned ones come first).
                    if (pane.setPinned(c.id, !c.pinned))
                        currentIndex = pane.rowOf(c.id)
                } else if (control && event.key === Qt.Key_E) {
                    pane.setArchived(c.id, !c.archived)
                } else if (control && event.key === Qt.Key_M) {
                    folderDialog.ask(c.id, c.folder)
                } else {
                    return
                }
                event.accepted = true
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
                text: conversationList.showArchived ? qsTr("No conversation is archived.")
                      : conversationList.folder !== "" ? qsTr("No conversation is in this folder.")
                      : qsTr("Your conversations will be listed here.")
            }
        }

        // How the last export went: a failure stays until it is dismissed.
        RowLayout {
            objectName: "notice"
            visible: pane.noticeText !== ""
            Layout.fillWidth: true
            Label {
                id: noticeLabel
                objectName: "exportNotice"
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: pane.noticeText
                wrapMode: Text.Wrap
                color: pane.noticeIsError ? KoderTheme.errorColor(pane.palette) : pane.palette.windowText
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
            ToolButton {
                objectName: "dismissNotice"
                text: "×"
                Layout.preferredWidth: KoderTheme.minimumTargetSize
                Accessible.name: qsTr("Dismiss the message")
                ToolTip.visible: hovered
                ToolTip.text: Accessible.name
                onClicked: {
                    pane.noticeText = ""
                    pane.focusList()
                }
            }
        }
    }

    // The actions of one conversation: a right click on its row, or the Menu key (Shift+F10).
    Menu {
        id: rowMenu
        objectName: "conversationMenu"
        property string conversationId
        property string conversationTitle
        property bool pinned
        property bool archived
        property string folder
        property bool fromKeyboard: false
        // For tests.
        readonly property alias pinItem: pinItem
        readonly property alias archiveItem: archiveItem
        readonly property alias folderItem: folderItem
        readonly property alias markdownItem: markdownItem
        readonly property alias htmlItem: htmlItem

        /*! Shows the actions of \a c (a row's summary) at \a position in \a item. */
        function show(item: Item, c: var, position: point, keyboard: bool) {
            conversationId = c.id
            conversationTitle = c.title || ""
            pinned = !!c.pinned
            archived = !!c.archived
            folder = c.folder || ""
            fromKeyboard = keyboard
            const at = item.mapToItem(pane, position.x, position.y)
            popup(pane, at.x, at.y)
            if (keyboard)
                currentIndex = 0 // the keys start on the first action
        }
        onClosed: {
            // Keys come back to the list, unless an action opened a dialog that has them.
            if (fromKeyboard)
                refocus.restart()
        }

        MenuItem {
            id: pinItem
            objectName: "pinAction"
            text: rowMenu.pinned ? qsTr("Unpin") : qsTr("Pin to the top")
            onTriggered: pane.setPinned(rowMenu.conversationId, !rowMenu.pinned)
        }
        MenuItem {
            objectName: "renameAction"
            text: qsTr("Rename…")
            onTriggered: renameDialog.ask(rowMenu.conversationId, rowMenu.conversationTitle)
        }
        MenuItem {
            id: folderItem
            objectName: "folderAction"
            text: qsTr("Move to folder…")
            onTriggered: folderDialog.ask(rowMenu.conversationId, rowMenu.folder)
        }
        MenuItem {
            id: archiveItem
            objectName: "archiveAction"
            text: rowMenu.archived
                  ? qsTr("Unarchive")
                    //: A conversation's action (a verb): moves it to the archive.
                  : qsTr("Archive", "to archive")
            onTriggered: pane.setArchived(rowMenu.conversationId, !rowMenu.archived)
        }
        MenuSeparator {}
        MenuItem {
            id: markdownItem
            objectName: "exportMarkdownAction"
            text: qsTr("Export as Markdown…")
            onTriggered: pane.exportConversation(rowMenu.conversationId, "markdown")
        }
        MenuItem {
            id: htmlItem
            objectName: "exportHtmlAction"
            text: qsTr("Export as HTML…")
            onTriggered: pane.exportConversation(rowMenu.conversationId, "html")
        }
        MenuSeparator {}
        MenuItem {
            objectName: "deleteAction"
            text: qsTr("Delete…")
            onTriggered: deleteDialog.ask(rowMenu.conversationId, rowMenu.conversationTitle)
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
        onClosed: pane.focusList()
    }

    // Move to folder: a name typed, or one of the folders there are picked; empty: no folder.
    Dialog {
        id: folderDialog
        objectName: "folderDialog"
        property string conversationId
        function ask(id: string, folder: string) {
            conversationId = id
            folderField.text = folder
            open()
            folderField.selectAll()
            folderField.forceActiveFocus()
        }
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Move to folder")
        standardButtons: Dialog.Ok | Dialog.Cancel
        ColumnLayout {
            spacing: 6
            Label {
                Layout.preferredWidth: 320
                textFormat: Text.PlainText
                text: qsTr("Folder name (leave it empty for no folder):")
                wrapMode: Text.Wrap
            }
            TextField {
                id: folderField
                objectName: "folderField"
                Layout.preferredWidth: 320
                placeholderText: qsTr("No folder")
                Accessible.name: qsTr("Folder name")
                onAccepted: folderDialog.accept()
            }
            Label {
                visible: pane.folderNames.length > 0
                Layout.preferredWidth: 320
                textFormat: Text.PlainText
                text: qsTr("Or pick one:")
            }
            Flow {
                objectName: "folderChoices"
                visible: pane.folderNames.length > 0
                Layout.preferredWidth: 320
                Layout.preferredHeight: implicitHeight
                spacing: 4
                Repeater {
                    model: pane.folderNames
                    delegate: Button {
                        id: choice
                        required property string modelData
                        text: modelData
                        // At most the dialog's width: a long name elides.
                        width: Math.min(implicitWidth, 320)
                        contentItem: Label {
                            textFormat: Text.PlainText
                            text: choice.text
                            elide: Text.ElideRight
                            horizontalAlignment: Text.AlignHCenter
                        }
                        Accessible.name: qsTr("Folder %1").arg(modelData)
                        onClicked: {
                            folderField.text = modelData
                            folderField.forceActiveFocus()
                        }
                    }
                }
            }
        }
        onAccepted: conversationList.setFolder(conversationId, folderField.text.trim())
        onClosed: pane.focusList()
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
        onClosed: pane.focusList()
    }

    // Export: where to save, then DemoFiles writes it (UTF-8, whole or not at all).
    FileDialog {
        id: exportDialog
        objectName: "exportDialog"
        property string conversationId
        property string format: "markdown" // or "html"
        fileMode: FileDialog.SaveFile
        title: format === "html" ? qsTr("Export as HTML") : qsTr("Export as Markdown")
        nameFilters: format === "html" ? [qsTr("HTML files (%1)").arg("*.html *.htm")]
                                       : [qsTr("Markdown files (%1)").arg("*.md")]
        defaultSuffix: format === "html" ? "html" : "md"
        acceptLabel: qsTr("Save")
        onAccepted: pane.exportTo(conversationId, format, selectedFile)
        onVisibleChanged: if (!visible) refocus.restart()
    }
}
