// SPDX-License-Identifier: MIT
// The demo's QML: the conversation pane by keyboard (search, open, rename, delete, new), its
// full-text search (results from every conversation and version, said as a count, each result
// saying where it is, matched words in bold and everything else escaped, opened on its message
// by keys or a click; titles when no message matches), pins, the archive, folders and export
// (by keys, the menu and a right click; nothing overlaps at the window's minimum width), the
// settings dialog, the whole window through a read-only and a writing tool call and a question
// of the agent (ask_user, answered by keyboard, and waiting across a restart), the version
// switcher of a regenerated reply and an edited message, a link that asks before it opens, and
// the MCP servers in the settings (status, tools, switch and Restart by keyboard, the file's
// problems, how to add servers; nothing clipped in any language), and an AG-UI agent (its URL
// and key in the settings, its shared state and custom events in the debug panel). The voice:
// the Voice menu by keyboard (without a speech-to-text server it leads to the settings; with
// one, the microphone and conversation mode), reading aloud and its errors.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtTest
import Koder.Agent
import Koder.Test
import KoderDemo

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 700
    height: 600

    TestCase {
        id: root
        name: "DemoWindow"
        when: windowShown

        Component {
            id: paneComponent
            Item {
                property alias pane: pane
                property alias agent: agent
                anchors.fill: parent
                KoderConversationStore { id: store }
                KoderAgentController {
                    id: agent
                    store: store
                    transport: KoderLocalAgent { reply: "Noted." }
                }
                ConversationPane {
                    id: pane
                    anchors.fill: parent
                    store: store
                    controller: agent
                }
            }
        }

        // A slow reply, a tool that asks and a question: rows that run on, wait and turn unread.
        Component {
            id: busyPaneComponent
            Item {
                property alias pane: pane
                property alias agent: agent
                property alias local: local
                anchors.fill: parent
                KoderConversationStore { id: store }
                KoderAgentController {
                    id: agent
                    store: store
                    transport: KoderLocalAgent {
                        id: local
                        reply: "one two three four five six seven eight nine ten eleven twelve"
                        tokensPerSecond: 40
                    }
                    tools: [ KoderTool { name: "save_note" }, KoderAskUserTool {} ]
                }
                ConversationPane {
                    id: pane
                    anchors.fill: parent
                    store: store
                    controller: agent
                }
            }
        }

        Component {
            id: settingsComponent
            Item {
                property alias dialog: dialog
                property alias settings: settings
                property alias appearance: appearance
                anchors.fill: parent
                DemoSettings { id: settings }
                Appearance { id: appearance }
                SettingsDialog {
                    id: dialog
                    settings: settings
                    appearance: appearance
                }
            }
        }

        Component {
            id: windowComponent
            Main {
                settings: DemoSettings {}
                appearance: Appearance {}
                notes: NoteBook {}
                storePath: ""
            }
        }

        // MCP servers for the settings (the demo's own come from its file: tst_demo.cpp). The
        // scripted test server runs with node (mcpTest: the runner tst_qml gives it).
        Component {
            id: mcpServerComponent
            KoderMcpServer { command: mcpTest.node }
        }
        Component {
            id: mcpConfigurationComponent
            McpConfiguration {}
        }
        property int mcpLogs: 0

        /*! Gives the window's controller three servers: one ready (its received messages logged),
            one that dies once started (failed) and one turned off; waits until they are so. */
        function addMcpServers(window, names) {
            const log = testTempDir + "/demo-mcp-" + (++mcpLogs) + ".log"
            const make = (name, extra, enabled) => createTemporaryObject(mcpServerComponent, window, {
                name: name, args: [mcpTest.scriptedServer].concat(extra), enabled: enabled
            })
            const servers = {
                ready: make(names ? names[0] : "files", ["--log", log], true),
                dies: make(names ? names[1] : "dies", ["--fault", "die-after-init"], true),
                off: make(names ? names[2] : "off", [], false),
                log: log
            }
            ignoreWarning(/ failed: The server exited with code 3/) // koder.mcp says so
            window.agent.mcpServers = [servers.ready, servers.dies, servers.off]
            tryCompare(servers.ready, "status", "ready", 20000)
            tryCompare(servers.dies, "status", "failed", 20000)
            compare(servers.off.status, "disconnected")
            return servers
        }

        SignalSpy { id: ended; signalName: "streamEnd" }

        function converse(agent, text) {
            ended.target = agent
            ended.clear()
            verify(agent.send(text))
            ended.wait(10000)
        }

        function test_conversationPaneByKeyboard() {
            const view = createTemporaryObject(paneComponent, stage)
            const pane = view.pane
            const list = pane.listView
            converse(view.agent, "Trip to Lisbon")
            const lisbon = view.agent.conversationId
            mouseClick(pane.newButton)
            verify(view.agent.conversationId !== lisbon)
            compare(view.agent.messages.count, 0)
            converse(view.agent, "Tax return")
            compare(list.count, 2)

            // Search finds the message and shows it instead of the list; Down moves into the
            // results, Enter opens the conversation on it.
            pane.searchField.forceActiveFocus()
            keyClick(Qt.Key_L)
            keyClick(Qt.Key_I)
            keyClick(Qt.Key_S)
            compare(pane.searchField.text, "lis")
            tryCompare(pane.searchModel, "searching", false)
            compare(pane.searchModel.count, 1)
            verify(pane.resultsView.visible)
            verify(!list.visible)
            keyClick(Qt.Key_Down)
            verify(pane.resultsView.activeFocus)
            compare(pane.resultsView.currentIndex, 0)
            keyClick(Qt.Key_Return)
            compare(view.agent.conversationId, lisbon)
            compare(view.agent.messages.count, 2)

            // Escape in the field clears it: the list is back, and F2 renames.
            pane.searchField.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            compare(pane.searchField.text, "")
            verify(list.visible)
            verify(!pane.resultsView.visible)
            list.forceActiveFocus()
            list.currentIndex = 1
            compare(list.currentItem.conversationId, lisbon)
            keyClick(Qt.Key_F2)
            tryVerify(() => pane.renameDialog.opened)
            compare(pane.titleField.text, "Trip to Lisbon")
            pane.titleField.text = "Porto, not Lisbon"
            keyClick(Qt.Key_Return)
            tryVerify(() => !pane.renameDialog.visible)
            tryCompare(pane, "currentTitle", "Porto, not Lisbon")
            tryVerify(() => list.activeFocus, 2000, "the keys are back in the list")

            // No message says "porto", a title does: that conversation is listed. Delete asks
            // first, then removes the open conversation and leaves the other.
            pane.searchField.text = "porto"
            tryVerify(() => pane.titleFallback)
            verify(list.visible)
            verify(!pane.resultsView.visible)
            compare(list.count, 1)
            compare(pane.resultsStatus.text, "No message matches. Conversations with it in their title:")
            list.forceActiveFocus()
            list.currentIndex = 0
            keyClick(Qt.Key_Delete)
            tryVerify(() => pane.deleteDialog.opened)
            compare(list.count, 1, "nothing is deleted before the answer")
            pane.deleteDialog.accept()
            compare(list.count, 0)
            verify(view.agent.conversationId !== lisbon)
            tryCompare(pane.resultsStatus, "text", "Nothing matches “porto”.")
            pane.searchField.text = ""
            compare(list.count, 1)
            compare(list.model.get(0).title, "Tax return")
        }

        // --- Search, pins, folders, the archive and export -----------------------------------

        SignalSpy { id: paneOpened; signalName: "opened" }

        // Three conversations; the reply of the second was regenerated, so "The kiwi, from New
        // Zealand" is only in its older version.
        function searchablePane() {
            const view = createTemporaryObject(paneComponent, stage)
            const agent = view.agent
            converse(agent, "Plan a trip to Lisbon")
            view.pane.startNew()
            agent.transport.reply = "The kiwi, from New Zealand, cannot fly."
            converse(agent, "Which bird cannot fly?")
            const kiwi = agent.messages.get(1).messageId
            agent.transport.reply = "Penguins cannot fly either."
            ended.clear()
            verify(agent.regenerate(kiwi))
            ended.wait(10000)
            compare(agent.messages.get(1).versionIndex, 1)
            view.pane.startNew()
            agent.transport.reply = "Noted <b>bold</b> & <i>fine</i> words."
            converse(agent, "Tax return")
            return { view: view, pane: view.pane, agent: agent, kiwi: kiwi }
        }

        function conversationWithTitle(pane, title) {
            for (const c of pane.store.conversations())
                if (c.title === title)
                    return c.id
            return ""
        }

        function test_searchShowsWhatWasSaidAndOpensIt() {
            const s = searchablePane()
            const pane = s.pane
            const agent = s.agent
            const birds = conversationWithTitle(pane, "Which bird cannot fly?")
            verify(birds !== "")
            paneOpened.target = pane
            paneOpened.clear()

            // Typing searches the messages of every conversation and version; busy meanwhile.
            pane.searchField.forceActiveFocus()
            const busy = findChild(pane, "searchBusy")
            typeWord("zea")
            compare(busy.running, pane.searchModel.searching)
            pane.searchField.text = "zeal"
            verify(pane.searchModel.searching)
            verify(busy.running)
            tryCompare(pane.searchModel, "searching", false)
            verify(!busy.running)
            compare(pane.searchModel.count, 1)
            compare(pane.resultsStatus.text, "1 result")
            compare(pane.resultsStatus.Accessible.name, "1 result")
            compare(pane.searchField.Accessible.description, "1 result")
            compare(pane.resultsView.Accessible.description, "1 result")
            const results = pane.resultsView
            tryVerify(() => results.itemAtIndex(0) !== null)
            const hit = results.itemAtIndex(0)
            compare(hit.messageId, s.kiwi)
            compare(hit.conversationId, birds)
            // Where it is, who said it, what matched; the matched word in bold, on screen.
            compare(hit.Accessible.name,
                    "In “Which bird cannot fly?”, the assistant wrote: " + hit.snippet)
            verify(hit.snippet.indexOf("Zealand") >= 0, hit.snippet)
            compare(findChild(hit, "resultTitle").text, "Which bird cannot fly?")
            verify(findChild(hit, "resultSnippet").text.indexOf("<b>Zealand</b>") >= 0,
                   findChild(hit, "resultSnippet").text)
            compare(findChild(hit, "resultSnippet").textFormat, Text.StyledText)
            verify(findChild(hit, "resultDetails").text.startsWith("Assistant · "))

            // Down, then Enter: the conversation opens on that message, in its older version.
            keyClick(Qt.Key_Down)
            verify(results.activeFocus)
            compare(results.currentIndex, 0)
            verify(findChild(hit, "focusFrame").visible, "the result the keys are on shows it")
            // Up on the first result goes back to the field.
            keyClick(Qt.Key_Up)
            verify(pane.searchField.activeFocus)
            keyClick(Qt.Key_Return)
            verify(results.activeFocus, "Enter in the field moves to the results too")
            keyClick(Qt.Key_Return)
            compare(agent.conversationId, birds)
            compare(agent.messages.get(1).messageId, s.kiwi)
            compare(agent.messages.get(1).versionIndex, 0)
            compare(paneOpened.count, 1)
            compare(paneOpened.signalArguments[0][0], s.kiwi)
            // The version switch is stored.
            compare(pane.store.conversation(birds).id, birds)

            // Several results, said as a count; a click opens one too.
            pane.searchField.text = "cannot fly"
            tryCompare(pane.searchModel, "searching", false)
            compare(pane.searchModel.count, 3) // the question and both versions of the reply
            compare(pane.resultsStatus.text, "3 results")
            compare(results.Accessible.name, "Search results")
            agent.conversationId = conversationWithTitle(pane, "Tax return")
            tryVerify(() => results.itemAtIndex(2) !== null && results.itemAtIndex(2).height > 0)
            const other = results.itemAtIndex(2)
            const id = other.messageId
            mouseClick(other)
            compare(agent.conversationId, birds)
            verify(Array.from({ length: agent.messages.count },
                              (_, i) => agent.messages.get(i).messageId).indexOf(id) >= 0,
                   "the clicked message is on the path shown")
            compare(paneOpened.signalArguments[1][0], id)

            // A user message says "you wrote".
            pane.searchField.text = "lisbon"
            tryCompare(pane.searchModel, "searching", false)
            tryVerify(() => results.itemAtIndex(0) !== null)
            compare(results.itemAtIndex(0).Accessible.name,
                    "In “Plan a trip to Lisbon”, you wrote: Plan a trip to Lisbon")
            verify(findChild(results.itemAtIndex(0), "resultDetails").text.startsWith("You · "))

            // What a message says is never markup: only the emphasis added is.
            pane.searchField.text = "bold"
            tryCompare(pane.searchModel, "searching", false)
            compare(pane.searchModel.count, 1)
            tryVerify(() => results.itemAtIndex(0) !== null)
            const styled = findChild(results.itemAtIndex(0), "resultSnippet").text
            verify(styled.indexOf("&lt;b&gt;<b>bold</b>&lt;/b&gt; &amp; &lt;i&gt;fine&lt;/i&gt;") >= 0, styled)

            // Nothing found: said, and the results stay empty.
            pane.searchField.text = "xylophone"
            tryCompare(pane.resultsStatus, "text", "Nothing matches “xylophone”.")
            compare(pane.searchModel.count, 0)
            verify(!pane.listView.visible)
            pane.searchField.text = ""
            verify(pane.listView.visible)
            compare(pane.resultsStatus.text, "")
        }

        // The snippet's emphasis: escaped text, overlapping or broken ranges left out.
        function test_theEmphasisEscapesEverything() {
            const view = createTemporaryObject(paneComponent, stage)
            const pane = view.pane
            compare(pane.emphasised("a <b> & c", [[0, 1], [8, 1]]),
                    "<b>a</b> &lt;b&gt; &amp; <b>c</b>")
            compare(pane.emphasised("word", [[1, 2], [0, 3], [3, 9], [-1, 2]]), "<b>wor</b>d")
            compare(pane.emphasised("<img src=x>", []), "&lt;img src=x&gt;")
            compare(pane.emphasised("", undefined), "")
        }

        function titlesOf(list) {
            const titles = []
            for (let i = 0; i < list.count; ++i)
                titles.push(list.model.get(i).title)
            return titles
        }

        function rowWithTitle(pane, title) {
            const list = pane.listView
            for (let i = 0; i < list.count; ++i) {
                const item = list.itemAtIndex(i)
                if (item && item.title === title)
                    return item
            }
            return null
        }

        function selectRow(list, title) {
            list.forceActiveFocus()
            const titles = titlesOf(list)
            verify(titles.indexOf(title) >= 0, title + " in " + titles)
            list.currentIndex = titles.indexOf(title)
        }

        function test_pinArchiveAndFoldersByKeyboard() {
            const view = createTemporaryObject(paneComponent, stage)
            const pane = view.pane
            const list = pane.listView
            for (const title of ["Alpha", "Beta", "Gamma"]) {
                pane.startNew()
                converse(view.agent, title)
            }
            compare(titlesOf(list), ["Gamma", "Beta", "Alpha"])

            // Ctrl+P pins: first, with a pin, said in its name; the keys stay on it.
            selectRow(list, "Alpha")
            keySequence("Ctrl+P")
            compare(titlesOf(list), ["Alpha", "Gamma", "Beta"])
            compare(list.currentIndex, 0)
            let row = rowWithTitle(pane, "Alpha")
            verify(findChild(row, "pinMarker").visible)
            compare(findChild(row, "pinMarker").Accessible.name, "pinned")
            verify(row.Accessible.name.startsWith("Alpha, pinned, "), row.Accessible.name)
            verify(!findChild(rowWithTitle(pane, "Gamma"), "pinMarker").visible)

            // The Menu key shows the row's actions with the keys on the first: Unpin.
            const menu = pane.conversationMenu
            keyClick(Qt.Key_Menu)
            tryVerify(() => menu.opened)
            compare(menu.currentIndex, 0)
            compare(menu.pinItem.text, "Unpin")
            compare(menu.archiveItem.text, "Archive")
            keyClick(Qt.Key_Return)
            tryVerify(() => !menu.visible)
            compare(titlesOf(list), ["Gamma", "Beta", "Alpha"])
            tryVerify(() => list.activeFocus, 2000, "the keys are back in the list")

            // Ctrl+E archives: gone from the list, in the archive; Unarchive there, and Back.
            selectRow(list, "Beta")
            keySequence("Ctrl+E")
            compare(titlesOf(list), ["Gamma", "Alpha"])
            const archive = pane.archiveButton
            compare(archive.text, "Archive")
            compare(archive.Accessible.name, "Show the archived conversations")
            mouseClick(archive)
            compare(titlesOf(list), ["Beta"])
            verify(findChild(pane, "archiveHeading").visible)
            compare(archive.text, "Back")
            compare(list.Accessible.name, "Archived conversations")
            selectRow(list, "Beta")
            keySequence("Shift+F10")
            tryVerify(() => menu.opened)
            compare(menu.archiveItem.text, "Unarchive")
            menu.archiveItem.triggered()
            menu.close()
            compare(list.count, 0)
            mouseClick(archive)
            verify(!findChild(pane, "archiveHeading").visible)
            compare(titlesOf(list), ["Gamma", "Beta", "Alpha"])

            // Ctrl+M moves to a folder: a name typed; then the folder box shows one folder.
            const folderBox = pane.folderBox
            verify(!folderBox.visible, "no folder box before there are folders")
            selectRow(list, "Gamma")
            keySequence("Ctrl+M")
            tryVerify(() => pane.folderDialog.opened)
            verify(pane.folderField.activeFocus)
            typeWord("Work")
            keyClick(Qt.Key_Return)
            tryVerify(() => !pane.folderDialog.visible)
            compare(Array.from(pane.folderNames), ["Work"])
            verify(folderBox.visible)
            compare(folderBox.currentText, "All folders")
            verify(findChild(rowWithTitle(pane, "Gamma"), "rowDetails").text.startsWith("Work · "))
            verify(rowWithTitle(pane, "Gamma").Accessible.name.indexOf(", in the folder Work, ") > 0)

            // Another one into the same folder, picked from the folders there are.
            selectRow(list, "Alpha")
            keySequence("Ctrl+M")
            tryVerify(() => pane.folderDialog.opened)
            const choices = findChild(pane.folderDialog.contentItem, "folderChoices")
            verify(choices.visible)
            const work = Array.from(choices.children).find(item => item.text === "Work")
            compare(work.text, "Work")
            compare(work.Accessible.name, "Folder Work")
            mouseClick(work)
            compare(pane.folderField.text, "Work")
            pane.folderDialog.accept()
            tryVerify(() => !pane.folderDialog.visible)

            // The folder box by keyboard: Work lists its two, All folders every one.
            folderBox.forceActiveFocus()
            keyClick(Qt.Key_Down)
            compare(folderBox.currentText, "Work")
            compare(pane.conversationModel.folder, "Work")
            compare(titlesOf(list), ["Gamma", "Alpha"])
            verify(!findChild(rowWithTitle(pane, "Gamma"), "rowDetails").text.startsWith("Work · "),
                   "the folder is not repeated while only it is listed")
            keyClick(Qt.Key_Up)
            compare(pane.conversationModel.folder, "")
            compare(titlesOf(list), ["Gamma", "Beta", "Alpha"])

            // Out of the folder (an empty name): the last one out, the folder is gone.
            folderBox.forceActiveFocus()
            keyClick(Qt.Key_Down)
            for (const title of ["Gamma", "Alpha"]) {
                selectRow(list, title)
                keySequence("Ctrl+M")
                tryVerify(() => pane.folderDialog.opened)
                compare(pane.folderField.text, "Work")
                pane.folderField.text = ""
                keyClick(Qt.Key_Return)
                tryVerify(() => !pane.folderDialog.visible)
            }
            compare(Array.from(pane.folderNames), [])
            compare(pane.conversationModel.folder, "", "the filter follows its folder away")
            verify(!folderBox.visible)
            compare(titlesOf(list), ["Gamma", "Beta", "Alpha"])
        }

        // A right click shows the menu and leaves the conversation shown as it was.
        function test_aRightClickShowsTheActions() {
            const view = createTemporaryObject(paneComponent, stage)
            const pane = view.pane
            converse(view.agent, "One")
            const one = view.agent.conversationId
            pane.startNew()
            converse(view.agent, "Two")
            const two = view.agent.conversationId
            const row = rowWithTitle(pane, "One")
            mouseClick(row, 20, row.height / 2, Qt.RightButton)
            const menu = pane.conversationMenu
            tryVerify(() => menu.opened)
            compare(view.agent.conversationId, two)
            compare(menu.conversationId, one)
            compare(menu.pinItem.text, "Pin to the top")
            menu.pinItem.triggered()
            menu.close()
            compare(titlesOf(pane.listView), ["One", "Two"])
            verify(findChild(rowWithTitle(pane, "One"), "pinMarker").visible)
        }

        function test_exportAsksWhereAndSaysHowItWent() {
            const view = createTemporaryObject(paneComponent, stage)
            const pane = view.pane
            converse(view.agent, "Notes on <script>")
            const id = view.agent.conversationId
            const row = rowWithTitle(pane, "Notes on <script>")
            mouseClick(row, 20, row.height / 2, Qt.RightButton)
            const menu = pane.conversationMenu
            tryVerify(() => menu.opened)
            compare(menu.htmlItem.text, "Export as HTML…")
            compare(menu.markdownItem.text, "Export as Markdown…")
            menu.htmlItem.triggered()
            menu.close()
            const dialog = pane.exportDialog
            tryVerify(() => dialog.visible)
            compare(dialog.title, "Export as HTML")
            compare(dialog.fileMode, FileDialog.SaveFile)
            compare(dialog.acceptLabel, "Save")
            compare(dialog.defaultSuffix, "html")
            // A name from the title, without what file systems refuse.
            verify(String(dialog.selectedFile).endsWith("/Notes on script.html"),
                   String(dialog.selectedFile))
            dialog.close()
            tryVerify(() => !dialog.visible)

            // Written (what is in the file: tst_demo.cpp), and said under the list.
            const file = "file://" + testTempDir + "/export-test.md"
            verify(pane.exportTo(id, "markdown", file))
            compare(pane.exportNotice.text, "Exported to export-test.md")
            verify(pane.exportNotice.visible)
            compare(pane.exportNotice.Accessible.role, Accessible.AlertMessage)
            // A failure says why, in the error colour, until it is dismissed.
            verify(!pane.exportTo(id, "html", "file:///nonexistent-folder/x.html"))
            verify(pane.exportNotice.text.startsWith("Not exported: Cannot write x.html"),
                   pane.exportNotice.text)
            compare(String(pane.exportNotice.color), String(KoderTheme.errorColor(pane.palette)))
            const dismiss = findChild(pane, "dismissNotice")
            compare(dismiss.Accessible.name, "Dismiss the message")
            mouseClick(dismiss)
            verify(!pane.exportNotice.visible)
            verify(!pane.exportTo("no-such-conversation", "markdown", file))
            compare(pane.exportNotice.text, "Not exported: the conversation has no messages.")
        }

        function rowOf(pane, id) {
            const list = pane.listView
            for (let i = 0; i < list.count; ++i) {
                const item = list.itemAtIndex(i)
                if (item && item.conversationId === id)
                    return item
            }
            return null
        }

        function test_rowsShowARunningReplyAnApprovalAndAnUnreadOne() {
            const view = createTemporaryObject(busyPaneComponent, stage)
            const pane = view.pane
            const agent = view.agent
            verify(agent.send("Long story"))
            const story = agent.conversationId
            tryVerify(() => agent.messages.count === 2 && agent.messages.get(1).text !== "")

            // New conversation: the story goes on beside it, its row says so.
            mouseClick(pane.newButton)
            verify(agent.conversationId !== story)
            tryVerify(() => rowOf(pane, story) !== null)
            let row = rowOf(pane, story)
            verify(findChild(row, "runningIndicator").visible)
            compare(findChild(row, "runningIndicator").Accessible.name, "replying")
            verify(row.Accessible.name.endsWith(", replying"), row.Accessible.name)
            verify(!findChild(row, "unreadDot").visible)

            // It ends unseen: an unread dot, and the name says it.
            tryVerify(() => !findChild(rowOf(pane, story), "runningIndicator").visible, 10000)
            row = rowOf(pane, story)
            verify(findChild(row, "unreadDot").visible)
            verify(row.Accessible.name.endsWith(", unread reply"), row.Accessible.name)
            compare(findChild(row, "unreadDot").Accessible.name, "unread reply")

            // A tool call waits for a decision in another conversation: a badge.
            view.local.toolCalls = [{ name: "save_note" }]
            verify(agent.send("Save a note"))
            const note = agent.conversationId
            tryCompare(agent, "status", "reviewingToolCall")
            mouseClick(pane.newButton)
            tryVerify(() => rowOf(pane, note) !== null)
            row = rowOf(pane, note)
            verify(findChild(row, "approvalBadge").visible)
            verify(row.Accessible.name.endsWith(", needs approval"), row.Accessible.name)

            // Opening the story marks it read; opening the note shows its prompt.
            mouseClick(rowOf(pane, story))
            compare(agent.conversationId, story)
            tryVerify(() => !findChild(rowOf(pane, story), "unreadDot").visible)
            mouseClick(rowOf(pane, note))
            compare(agent.status, "reviewingToolCall")
            compare(agent.pendingToolCalls.length, 1)
        }

        function test_settingsDialogAppliesAndKeepsTheKeyOnlyWhenAsked() {
            const view = createTemporaryObject(settingsComponent, stage)
            const dialog = view.dialog
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.agentBox.currentIndex, 0) // the offline agent by default
            dialog.agentBox.currentIndex = 1
            compare(dialog.baseUrlField.text, "https://api.openai.com/v1")
            compare(dialog.modelField.text, "")
            dialog.baseUrlField.text = "http://127.0.0.1:8080/v1"
            dialog.apiKeyField.text = "sk-test"
            verify(!dialog.rememberBox.checked)
            // No secret store here: the key cannot be remembered, and the dialog says why.
            verify(!dialog.rememberBox.enabled)
            verify(dialog.rememberNote.visible)
            verify(dialog.rememberNote.text.indexOf("secret store") >= 0, dialog.rememberNote.text)
            compare(dialog.rememberBox.Accessible.description, dialog.rememberNote.text)
            dialog.rememberBox.checked = true // even forced, nothing is kept
            dialog.themeBox.currentIndex = 2 // dark
            compare(dialog.busyPolicies[dialog.busyBox.currentIndex].value, "queue")
            dialog.busyBox.currentIndex = 1 // steer
            dialog.accept()
            compare(view.settings.busyPolicy, "steer")
            compare(view.settings.agent, "openai")
            compare(view.settings.baseUrl, "http://127.0.0.1:8080/v1")
            compare(view.settings.apiKeys.openai, "sk-test")
            verify(!view.settings.rememberApiKey)
            compare(view.settings.theme, "dark")
            verify(view.appearance.dark)

            // Languages switch the running UI, the module's strings included.
            dialog.open()
            tryVerify(() => dialog.opened)
            const languages = dialog.languages
            let german = -1
            for (let i = 0; i < languages.length; ++i)
                if (languages[i].code === "de")
                    german = i
            verify(german > 0)
            dialog.languageBox.currentIndex = german
            dialog.accept()
            compare(view.settings.language, "de")
            compare(dialog.title, "Einstellungen")
            view.appearance.applyLanguage("en")
            compare(dialog.title, "Settings")
        }

        // Each server keeps its own URL, model and key in the dialog; Ollama's think box,
        // Anthropic's thinking budget and the Responses API's reasoning apply to their transports.
        function test_eachAgentHasItsOwnServerSettings() {
            const view = createTemporaryObject(settingsComponent, stage)
            const dialog = view.dialog
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.agents.map(a => a.value).join(),
                    "local,openai,responses,ollama,anthropic,ws,agui")
            verify(!dialog.baseUrlField.visible)
            verify(!dialog.apiKeyField.visible)
            verify(!dialog.reasoningEffortBox.visible)
            verify(!dialog.reasoningSummaryBox.visible)
            dialog.agentBox.currentIndex = 3 // Ollama
            compare(dialog.baseUrlField.text, "http://127.0.0.1:11434")
            compare(dialog.modelField.text, "llama3.2")
            verify(dialog.thinkBox.visible)
            verify(!dialog.thinkingBudgetBox.visible)
            verify(!dialog.reasoningEffortBox.visible)
            dialog.modelField.text = "qwen3:8b"
            dialog.thinkBox.checked = true
            dialog.apiKeyField.text = "ollama-key"
            dialog.agentBox.currentIndex = 4 // Anthropic
            compare(dialog.baseUrlField.text, "https://api.anthropic.com")
            compare(dialog.modelField.text, "claude-sonnet-4-5")
            compare(dialog.apiKeyField.text, "", "each provider has its own key")
            verify(!dialog.thinkBox.visible)
            verify(dialog.thinkingBudgetBox.visible)
            verify(!dialog.reasoningEffortBox.visible)
            dialog.thinkingBudgetBox.value = 2048
            dialog.apiKeyField.text = "sk-ant"
            dialog.agentBox.currentIndex = 2 // the Responses API: OpenAI's server, its own key
            compare(dialog.baseUrlField.text, "https://api.openai.com/v1")
            compare(dialog.modelField.text, "gpt-5-mini")
            compare(dialog.apiKeyField.text, "", "each provider has its own key")
            verify(!dialog.thinkBox.visible)
            verify(!dialog.thinkingBudgetBox.visible)
            verify(dialog.reasoningEffortBox.visible)
            verify(dialog.reasoningSummaryBox.visible)
            compare(dialog.reasoningEffortBox.Accessible.name, "Reasoning effort")
            compare(dialog.reasoningSummaryBox.Accessible.name, "Reasoning summary")
            // The server's own effort and an automatic summary unless chosen otherwise.
            compare(dialog.reasoningEffortBox.currentText, "Server default")
            compare(dialog.reasoningSummaryBox.currentText, "Automatic")
            compare(dialog.reasoningEfforts.map(e => e.value).join(), ",minimal,low,medium,high")
            compare(dialog.reasoningSummaries.map(e => e.value).join(), ",auto,concise,detailed")
            dialog.modelField.text = "o4-mini"
            dialog.apiKeyField.text = "sk-resp"
            dialog.reasoningEffortBox.currentIndex = 4 // high
            dialog.reasoningSummaryBox.currentIndex = 0 // off
            dialog.agentBox.currentIndex = 3 // back: what was typed is still there
            compare(dialog.modelField.text, "qwen3:8b")
            compare(dialog.apiKeyField.text, "ollama-key")
            dialog.agentBox.currentIndex = 2
            compare(dialog.modelField.text, "o4-mini")
            compare(dialog.apiKeyField.text, "sk-resp")
            dialog.agentBox.currentIndex = 5
            verify(dialog.wsUrlField.visible)
            verify(!dialog.baseUrlField.visible)
            dialog.agentBox.currentIndex = 4
            dialog.accept()
            compare(view.settings.agent, "anthropic")
            compare(view.settings.ollamaModel, "qwen3:8b")
            verify(view.settings.ollamaThink)
            compare(view.settings.anthropicThinkingBudget, 2048)
            compare(view.settings.apiKeys.anthropic, "sk-ant")
            compare(view.settings.apiKeys.ollama, "ollama-key")
            compare(view.settings.apiKeys.responses, "sk-resp")
            compare(view.settings.apiKeys.openai, "", "the Responses API's key is its own")
            compare(view.settings.responsesModel, "o4-mini")
            compare(view.settings.responsesUrl, "https://api.openai.com/v1")
            compare(view.settings.responsesReasoningEffort, "high")
            compare(view.settings.responsesReasoningSummary, "")
            compare(view.settings.baseUrl, "https://api.openai.com/v1", "untouched")

            // Opened again, the dialog shows what was kept.
            dialog.open()
            tryVerify(() => dialog.opened)
            dialog.agentBox.currentIndex = 2
            compare(dialog.reasoningEffortBox.currentText, "High")
            compare(dialog.reasoningSummaryBox.currentText, "Off")
            dialog.reject()
            tryVerify(() => !dialog.visible)
        }

        // The Responses API's reasoning choices are reached with the keyboard: Tab from the
        // model field, and the arrow keys choose.
        function test_reasoningChoicesByKeyboard() {
            const view = createTemporaryObject(settingsComponent, stage)
            const dialog = view.dialog
            dialog.open()
            tryVerify(() => dialog.opened)
            dialog.agentBox.currentIndex = 2
            dialog.modelField.forceActiveFocus()
            keyClick(Qt.Key_Tab)
            verify(dialog.reasoningEffortBox.activeFocus, "Tab goes from the model to the effort")
            keyClick(Qt.Key_Down)
            compare(dialog.reasoningEffortBox.currentText, "Minimal")
            keyClick(Qt.Key_Tab)
            verify(dialog.reasoningSummaryBox.activeFocus, "then to the summary")
            keyClick(Qt.Key_Down)
            compare(dialog.reasoningSummaryBox.currentText, "Concise")
            keyClick(Qt.Key_Tab)
            verify(dialog.apiKeyField.activeFocus, "then to the key")
            dialog.accept()
            compare(view.settings.responsesReasoningEffort, "minimal")
            compare(view.settings.responsesReasoningSummary, "concise")
        }

        // Choosing an agent in the settings gives the controller that transport, and the header
        // names it.
        function test_choosingAnAgentSetsTheTransport() {
            const window = createTemporaryObject(windowComponent, root)
            const dialog = window.settingsDialog
            const label = findChild(window.header, "agentLabel")
            compare(String(window.agent.transport).split("(")[0], "KoderLocalAgent")
            compare(label.text, "Offline local agent")
            const expected = [
                { index: 1, type: "KoderOpenAiTransport", label: "OpenAI-compatible: " },
                { index: 2, type: "KoderResponsesTransport", label: "OpenAI Responses: gpt-5-mini" },
                { index: 3, type: "KoderOllamaTransport", label: "Ollama: llama3.2" },
                { index: 4, type: "KoderAnthropicTransport", label: "Anthropic: claude-sonnet-4-5" },
                { index: 5, type: "KoderWebSocketTransport", label: "WebSocket: ws://127.0.0.1:8765" },
                { index: 6, type: "KoderAgUiTransport", label: "AG-UI agent: http://127.0.0.1:8000/agent" },
                { index: 0, type: "KoderLocalAgent", label: "Offline local agent" }
            ]
            for (const choice of expected) {
                dialog.open()
                tryVerify(() => dialog.opened)
                dialog.agentBox.currentIndex = choice.index
                if (choice.index === 1) {
                    dialog.modelField.text = "gpt-test"
                    dialog.apiKeyField.text = "sk-openai"
                }
                if (choice.index === 2) {
                    dialog.apiKeyField.text = "sk-resp"
                    dialog.reasoningEffortBox.currentIndex = 3 // medium
                }
                if (choice.index === 3)
                    dialog.thinkBox.checked = true
                if (choice.index === 4) {
                    dialog.thinkingBudgetBox.value = 4096
                    dialog.apiKeyField.text = "sk-ant"
                }
                if (choice.index === 6)
                    dialog.apiKeyField.text = "agui-token"

                dialog.accept()
                tryVerify(() => !dialog.visible)
                compare(String(window.agent.transport).split("(")[0], choice.type)
                verify(label.text.startsWith(choice.label), label.text)
            }
            compare(window.transports.openai.model, "gpt-test")
            compare(window.transports.openai.apiKey, "sk-openai")
            compare(String(window.transports.openai.baseUrl), "https://api.openai.com/v1")
            verify(window.transports.ollama.think)
            compare(String(window.transports.ollama.baseUrl), "http://127.0.0.1:11434")
            compare(window.transports.anthropic.thinkingBudget, 4096)
            compare(window.transports.anthropic.apiKey, "sk-ant")
            compare(window.transports.ollama.apiKey, "")
            compare(String(window.transports.responses.baseUrl), "https://api.openai.com/v1")
            compare(window.transports.responses.model, "gpt-5-mini")
            compare(window.transports.responses.apiKey, "sk-resp")
            compare(window.transports.responses.reasoningEffort, "medium")
            compare(window.transports.responses.reasoningSummary, "auto")
            compare(window.transports.responses.maxOutputTokens, 0)
            compare(String(window.transports.agui.url), "http://127.0.0.1:8000/agent")
            compare(window.transports.agui.apiKey, "agui-token")
        }

        // An AG-UI agent: its endpoint in the URL field (labelled so), no model, its own key;
        // reached by Tab from the agent box; kept by OK.
        function test_anAgUiAgentHasItsUrlAndKey() {
            const view = createTemporaryObject(settingsComponent, stage)
            const dialog = view.dialog
            dialog.open()
            tryVerify(() => dialog.opened)
            const agui = dialog.agents.findIndex(a => a.value === "agui")
            verify(agui > 0)
            compare(dialog.agents[agui].text, "AG-UI agent")
            dialog.agentBox.currentIndex = agui
            verify(dialog.baseUrlField.visible)
            compare(dialog.baseUrlField.Accessible.name, "Agent URL")
            compare(dialog.baseUrlField.text, "http://127.0.0.1:8000/agent")
            compare(dialog.baseUrlField.placeholderText, "http://127.0.0.1:8000/agent")
            verify(!dialog.modelField.visible, "the agent chooses its model")
            verify(dialog.apiKeyField.visible)
            compare(dialog.apiKeyField.placeholderText, "Only for an agent that asks for one")
            verify(dialog.rememberBox.visible)
            verify(!dialog.wsUrlField.visible)

            // By keyboard: the agent box, its URL, then its key.
            dialog.agentBox.forceActiveFocus()
            keyClick(Qt.Key_Tab)
            verify(dialog.baseUrlField.activeFocus, "Tab goes from the agent to its URL")
            dialog.baseUrlField.selectAll()
            typeWord("http://127.0.0.1:9000/run")
            keyClick(Qt.Key_Tab)
            verify(dialog.apiKeyField.activeFocus, "then to its key")
            typeWord("tok")

            // Another server's URL is a server URL again, with its own text and key.
            dialog.agentBox.currentIndex = 1
            compare(dialog.baseUrlField.Accessible.name, "Server URL")
            compare(dialog.baseUrlField.text, "https://api.openai.com/v1")
            compare(dialog.apiKeyField.text, "")
            verify(dialog.modelField.visible)
            dialog.agentBox.currentIndex = agui
            compare(dialog.baseUrlField.text, "http://127.0.0.1:9000/run")
            compare(dialog.apiKeyField.text, "tok")
            dialog.accept()
            compare(view.settings.agent, "agui")
            compare(view.settings.aguiUrl, "http://127.0.0.1:9000/run")
            compare(view.settings.apiKeys.agui, "tok")
            compare(view.settings.apiKeys.openai, "", "the agent's key is its own")
            compare(view.settings.baseUrl, "https://api.openai.com/v1", "untouched")

            // The words follow the language.
            view.appearance.applyLanguage("de")
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.agentBox.currentText, "AG-UI-Agent")
            compare(dialog.baseUrlField.Accessible.name, "Agenten-URL")
            dialog.reject()
            tryVerify(() => !dialog.visible)
            view.appearance.applyLanguage("en")
        }

        // With an AG-UI agent the debug panel shows the state it shares (as indented JSON, read
        // only, live) and the names of its last custom events; with another agent it does not.
        Component {
            id: agUiAgentComponent
            AgUiTestAgent {}
        }

        function test_theDebugPanelShowsAnAgUiAgentsState() {
            const scripted = createTemporaryObject(agUiAgentComponent, root)
            tryVerify(() => scripted.ready, 20000, "the scripted AG-UI agent listens")
            const window = shownWindow()
            window.settings.showDebug = true
            const panel = window.debugPanel
            const heading = findChild(panel, "agentStateHeading")
            const empty = findChild(panel, "agentStateEmpty")
            const view = findChild(panel, "agentStateView")
            const text = findChild(panel, "agentStateText")
            const events = findChild(panel, "customEvents")
            verify(!heading.visible, "the offline agent shares no state")
            verify(!view.visible)

            window.settings.aguiUrl = String(scripted.url("state"))
            window.settings.agent = "agui"
            compare(String(window.agent.transport).split("(")[0], "KoderAgUiTransport")
            verify(heading.visible)
            compare(heading.text, "Agent state")
            compare(heading.Accessible.role, Accessible.Heading)
            verify(empty.visible, "no state yet, and it says so")
            verify(!view.visible)

            converse(window.agent, "Count, please")
            compare(window.agent.messages.get(window.agent.messages.count - 1).text, "State updated.")
            tryVerify(() => view.visible)
            verify(!empty.visible)
            compare(text.text, JSON.stringify({ count: 1, items: ["a"] }, null, 2))
            verify(text.readOnly)
            verify(text.selectByMouse)
            compare(text.textFormat, TextEdit.PlainText)
            verify(text.wrapMode !== TextEdit.NoWrap)
            compare(text.font.family, KoderTheme.monospaceFont.family)
            compare(text.Accessible.name, "Agent state")
            verify(view.height > 0 && view.height <= panel.availableHeight / 2 + 1,
                   "the state keeps to its part of the panel: " + view.height)

            // Live: a change of the state shows at once.
            window.transports.agui.agentState = { count: 2, note: "changed here" }
            compare(text.text, JSON.stringify({ count: 2, note: "changed here" }, null, 2))

            // A long state scrolls inside the panel, and wraps.
            const items = []
            for (let i = 0; i < 60; ++i)
                items.push("a fairly long entry, number " + i)
            window.transports.agui.agentState = { items: items }
            tryVerify(() => view.contentHeight > view.height)
            verify(text.width <= view.width, "no sideways scrolling: " + text.width + " of " + view.width)

            // Reached by Tab from the event log, shows the focus, and Tab moves on.
            text.forceActiveFocus(Qt.TabFocusReason)
            verify(text.activeFocus)
            compare(text.background.border.width, 2, "the frame shows the focus")
            keyClick(Qt.Key_Backtab)
            verify(!text.activeFocus)
            const before = window.activeFocusItem
            keyClick(Qt.Key_Tab)
            verify(text.activeFocus, "Tab from " + before + " reaches the state")
            keyClick(Qt.Key_Tab)
            verify(!text.activeFocus, "Tab leaves the state")

            // Custom events: the last names.
            verify(!events.visible)
            window.settings.aguiUrl = String(scripted.url("custom"))
            converse(window.agent, "Something custom")
            tryVerify(() => events.visible)
            compare(events.text, "Last custom events: progress, raw")
            compare(events.Accessible.name, events.text)

            // In German.
            window.appearance.applyLanguage("de")
            compare(heading.text, "Agentenzustand")
            compare(events.text, "Letzte benutzerdefinierte Ereignisse: progress, raw")
            window.appearance.applyLanguage("en")

            // Another agent: no state section.
            window.settings.agent = "local"
            verify(!heading.visible)
            verify(!view.visible)
            verify(!events.visible)
        }

        // Each reply's tokens (status bar, debug panel), their sum for the conversation on
        // screen (header), and a declined reply's note.
        function test_usageIsShownPerReplyAndSummed() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            const total = findChild(window.header, "conversationTokens")
            verify(!total.visible)
            converse(agent, "Hello") // the offline agent reports no usage
            const plain = agent.conversationId
            compare(window.conversationTokens, 0)
            verify(!total.visible)

            window.conversationPane.startNew()
            verify(agent.setChatMessages([
                { id: "u1", role: "user", text: "Hi" },
                { id: "a1", role: "assistant", text: "Hello!", finishReason: "stop",
                  usage: { promptTokens: 1000, completionTokens: 200, totalTokens: 1200,
                           cachedTokens: 800 } },
                { id: "u2", role: "user", text: "And?" },
                { id: "a2", role: "assistant", text: "More.", finishReason: "stop",
                  usage: { promptTokens: 1300, completionTokens: 34 } }
            ]))
            const counted = agent.conversationId
            tryCompare(window, "conversationTokens", 2534)
            verify(total.visible)
            verify(total.text.indexOf("2") >= 0 && total.text.endsWith("tokens"), total.text)
            compare(window.replyUsage.length, 2)
            const last = findChild(window.footer, "lastReplyTokens")
            verify(window.footer.visible)
            verify(last.visible)
            verify(last.text.startsWith("Last reply: ") && last.text.endsWith("tokens"), last.text)
            compare(last.Accessible.description, "prompt: %1, completion: 34"
                    .arg(Number(1300).toLocaleString(Qt.locale(), "f", 0)))
            compare(window.replyUsage[0].total, 1200)
            verify(!findChild(window.footer, "declinedNote").visible)

            // The debug panel lists each reply.
            window.settings.showDebug = true
            const list = findChild(window.debugPanel, "usageList")
            tryCompare(list, "count", 2)
            tryVerify(() => list.itemAtIndex(0) !== null)
            verify(list.itemAtIndex(0).Accessible.description.indexOf("read from cache: 800") >= 0,
                   list.itemAtIndex(0).Accessible.description)

            // Another conversation has its own total; coming back shows this one's again.
            agent.conversationId = plain
            tryCompare(window, "conversationTokens", 0)
            verify(!total.visible)
            verify(!window.footer.visible)
            agent.conversationId = counted
            tryCompare(window, "conversationTokens", 2534)

            // A declined reply gets a note.
            window.conversationPane.startNew()
            verify(agent.setChatMessages([
                { id: "u1", role: "user", text: "Something harmful" },
                { id: "a1", role: "assistant", text: "I can't help with that.",
                  finishReason: "refusal", metadata: { refusal: true },
                  usage: { promptTokens: 20, completionTokens: 1, totalTokens: 21 } }
            ]))
            tryCompare(window, "conversationTokens", 21)
            const declined = findChild(window.footer, "declinedNote")
            tryVerify(() => declined.visible)
            compare(declined.text, "Declined")
            compare(declined.Accessible.name, "The model declined to answer")
            compare(findChild(window.header, "conversationTokens").text,
                    "This conversation: 21 tokens")
            tryVerify(() => list.itemAtIndex(0) !== null && list.itemAtIndex(0).text.indexOf("Declined") > 0)

            // The words follow the language, the plural included.
            window.appearance.applyLanguage("de")
            compare(findChild(window.header, "conversationTokens").text, "Dieses Gespräch: 21 Tokens")
            compare(declined.text, "Abgelehnt")
            window.appearance.applyLanguage("en")
            compare(findChild(window.header, "conversationTokens").text,
                    "This conversation: 21 tokens")
        }

        function test_windowRunsTheReadOnlyToolAndAsksForTheWritingOne() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            converse(agent, "What time is it?")
            // user, tool call, tool result, reply
            compare(agent.messages.count, 4)
            compare(agent.messages.get(2).role, "tool")
            compare(agent.messages.get(2).toolName, "get_time")
            verify(!agent.messages.get(2).isError)
            compare(window.conversationPane.listView.count, 1)

            // The writing tool waits for the user; denied, the reply still comes.
            ended.clear()
            verify(agent.send("Save a note: buy milk"))
            tryCompare(agent, "status", "reviewingToolCall")
            compare(agent.pendingToolCalls[0].name, "save_note")
            compare(agent.pendingToolCalls[0].arguments.text, "buy milk")
            verify(!agent.pendingToolCalls[0].readOnly)
            agent.denyToolCall(agent.pendingToolCalls[0].id, "not now")
            ended.wait(10000)
            const tool = agent.messages.get(agent.messages.count - 2)
            compare(tool.role, "tool")
            verify(tool.denied)

            // The debug panel shows the core's event log.
            window.settings.showDebug = true
            tryVerify(() => window.debugPanel.entries.length > 0)
            verify(window.debugPanel.entries.some(e => e.kind === "deny"))
        }

        // The settings list each tool with its own permission; "Always" in the prompt shows
        // there and is kept; Reset puts every tool back under the general setting.
        function test_settingsShowAndResetEachToolsPermission() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            const dialog = window.settingsDialog
            ended.target = agent
            ended.clear()
            verify(agent.send("Save a note: buy milk"))
            tryCompare(agent, "status", "reviewingToolCall")
            verify(agent.approveToolCall(agent.pendingToolCalls[0].id, { scope: "always" }))
            ended.wait(10000)
            compare(window.settings.toolPolicies.save_note, "allow", "kept in the settings")

            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.policyRows.count, 2)
            const saveNote = findChild(dialog.contentItem, "policy_save_note")
            const getTime = findChild(dialog.contentItem, "policy_get_time")
            compare(saveNote.currentText, "Allow")
            compare(getTime.currentIndex, 0)
            verify(saveNote.Accessible.name.indexOf("save_note") >= 0)
            getTime.currentIndex = 3 // Deny
            dialog.accept()
            compare(window.settings.toolPolicies.get_time, "deny")
            compare(agent.toolPolicies.get_time, "deny")
            compare(agent.toolPolicies.save_note, "allow")

            dialog.open()
            tryVerify(() => dialog.opened)
            compare(getTime.currentText, "Deny")
            mouseClick(dialog.resetPoliciesButton)
            compare(saveNote.currentIndex, 0)
            compare(getTime.currentIndex, 0)
            dialog.accept()
            compare(JSON.stringify(agent.toolPolicies), "{}")
            compare(JSON.stringify(window.settings.toolPolicies), "{}")
        }

        // The version switcher appears on a regenerated reply and on an edited message.
        function test_regeneratedAndEditedMessagesShowTheirVersions() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            converse(agent, "Hello")
            const list = findChild(window, "messageList")
            tryVerify(() => list.itemAtIndex(1) !== null)
            verify(!findChild(list.itemAtIndex(1), "versionSwitcher").visible)
            ended.clear()
            verify(agent.regenerate(agent.messages.get(1).messageId))
            ended.wait(10000)
            tryVerify(() => list.itemAtIndex(1) !== null
                      && findChild(list.itemAtIndex(1), "versionSwitcher").visible)
            compare(findChild(list.itemAtIndex(1), "versionLabel").text, "2/2")
            ended.clear()
            verify(agent.edit(agent.messages.get(0).messageId, "Hello again"))
            ended.wait(10000)
            tryVerify(() => list.itemAtIndex(0) !== null
                      && findChild(list.itemAtIndex(0), "versionSwitcher").visible)
            compare(findChild(list.itemAtIndex(0), "versionLabel").Accessible.name,
                    "Version 2 of 2")
        }

        // The context budget: the header's meter (the offline agent has a small window, the
        // settings another), the cost once prices are set, Compact in the header and not twice
        // in the chat, and "Compact and retry" asking for the failed reply again.
        function test_theHeaderShowsTheContextAndTheCost() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            const meter = findChild(window.header, "headerContextMeter")
            verify(meter.visible, "the offline agent's window is known")
            compare(agent.contextWindow, 4000)
            verify(!findChild(window.chatView, "contextMeter").visible, "not twice")
            const compact = findChild(window.header, "headerCompact")
            verify(compact.visible)
            verify(!compact.enabled, "nothing to compact yet")
            compare(compact.Accessible.name, "Compact the conversation")
            const cost = findChild(window.header, "conversationCost")
            verify(!cost.visible, "no prices, no cost")

            converse(agent, "Hello")
            verify(agent.contextUsed > 0)
            compare(meter.value, agent.contextRatio)
            verify(meter.Accessible.name.startsWith("Context: "), meter.Accessible.name)
            verify(meter.Accessible.name.indexOf(Number(4000).toLocaleString(Qt.locale(), "f", 0)) > 0,
                   meter.Accessible.name)

            window.settings.contextWindow = 1000
            compare(agent.contextWindow, 1000, "the settings' window wins")
            window.settings.autoCompact = 80
            fuzzyCompare(agent.autoCompact, 0.8, 1e-9)
            window.settings.autoCompact = 0
            window.settings.contextWindow = 0
            compare(agent.contextWindow, 4000)

            agent.pricing = { "": { input: 1, cachedInput: 0.1, output: 2 } }
            verify(cost.visible)
            compare(cost.text, "Cost: $%1".arg(Number(agent.cost).toLocaleString(Qt.locale(), "f", 4)))

            // Compact and retry: once the summary is there, the failed reply is asked again.
            converse(agent, "And again")
            converse(agent, "Once more")
            tryVerify(() => compact.enabled)
            const failed = agent.messages.get(agent.messages.count - 1).messageId
            window.contextFailedReply = failed
            ended.clear()
            window.compactAndRetry()
            verify(window.retryAfterCompaction)
            ended.wait(10000)
            verify(!window.retryAfterCompaction)
            let summaries = 0
            for (let row = 0; row < agent.messages.count; ++row) {
                const message = agent.messages.get(row)
                if (message.role === "summary")
                    ++summaries
                if (message.messageId === failed)
                    verify(false, "the failed reply was asked for again: it is an older version now")
            }
            compare(summaries, 1)
            compare(agent.messages.get(agent.messages.count - 1).versionCount, 2)
        }

        Component {
            id: httpServerComponent
            HttpTestServer {}
        }

        // A prompt too long for the model (an Anthropic server says so): the status bar offers
        // "Compact and retry", which summarises and then asks for the failed reply again.
        function test_compactAndRetryAfterAPromptTooLong() {
            const window = createTemporaryObject(windowComponent, root)
            const server = createTemporaryObject(httpServerComponent, root)
            const agent = window.agent
            window.settings.anthropicUrl = server.url
            window.settings.anthropicModel = "claude-test"
            window.settings.setApiKey("anthropic", "test-key")
            window.settings.contextWindow = 4000
            window.settings.agent = "anthropic"
            compare(agent.contextWindow, 4000)
            server.reply("anthropic", ["First ", "answer"])
            converse(agent, "One")
            server.reply("anthropic", ["Second ", "answer"])
            converse(agent, "Two")
            compare(window.contextFailedReply, "")

            server.replyEvents([{ type: "error", error: { type: "invalid_request_error",
                                  message: "prompt is too long: 5000 tokens > 4000 maximum" } }])
            verify(agent.send("Three"))
            tryVerify(() => window.contextTooLong, 10000, "the prompt was too long")
            const failed = window.contextFailedReply
            verify(failed !== "", "the failed reply is remembered")
            const button = findChild(window.footer, "compactAndRetry")
            tryVerify(() => button.visible && button.enabled, 2000, "Compact and retry is offered")
            compare(button.text, "Compact and retry")
            compare(button.Accessible.name, "Compact and retry")

            server.reply("anthropic", ["A summary ", "of the talk."])
            server.reply("anthropic", ["The answer ", "at last."])
            const requestsBefore = server.requestCount
            mouseClick(button)
            verify(window.retryAfterCompaction || agent.compacting)
            tryVerify(() => server.requestCount === requestsBefore + 2 && !agent.abortable
                      && !agent.compacting, 10000, "summarised, then asked again")
            verify(!window.retryAfterCompaction)
            const rows = agent.messages
            compare(rows.get(rows.count - 1).text, "The answer at last.")
            compare(rows.get(rows.count - 1).versionCount, 2, "the failed reply is an older version")
            let summaries = 0
            for (let row = 0; row < rows.count; ++row) {
                if (rows.get(row).role === "summary")
                    ++summaries
            }
            compare(summaries, 1)
            compare(window.contextFailedReply, "", "forgotten once another reply started")
            compare(window.compactionError, "")
        }

        // A compaction that fails says so in the status bar.
        function test_aFailedCompactionIsShownInTheStatusBar() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            converse(agent, "One")
            converse(agent, "Two")
            const compact = findChild(window.header, "headerCompact")
            tryVerify(() => compact.enabled)
            agent.transport.failAfterTokens = 0
            const note = findChild(window.footer, "compactionError")
            verify(!note.visible)
            mouseClick(compact)
            tryVerify(() => note.visible, 10000, "the failure is said")
            verify(window.footer.visible)
            verify(note.text.startsWith("Not compacted: "), note.text)
            compare(note.Accessible.role, Accessible.AlertMessage)
            agent.transport.failAfterTokens = -1
        }

        // Keyboard only, in the window: Tab from the message input reaches the search field;
        // the typed word is only in the older version of an edited message of another
        // conversation; Down and Enter open it there, with the keys on that message.
        function test_searchInTheWindowByKeyboard() {
            const window = shownWindow()
            const agent = window.agent
            const pane = window.conversationPane
            const input = window.chatView.inputItem
            converse(agent, "Tell me about the kiwi bird")
            const birds = agent.conversationId
            const kiwi = agent.messages.get(0).messageId
            ended.clear()
            verify(agent.edit(kiwi, "Tell me about the falcon"))
            ended.wait(10000)
            compare(agent.messages.get(0).text, "Tell me about the falcon")
            pane.startNew()
            converse(agent, "Tax return")
            tryVerify(() => input.activeFocus)

            const stops = []
            for (let i = 0; i < 60 && window.activeFocusItem !== pane.searchField; ++i) {
                keyClick(Qt.Key_Tab)
                stops.push(window.activeFocusItem ? window.activeFocusItem.Accessible.name : "-")
            }
            verify(pane.searchField.activeFocus, "Tab reaches the search field: " + stops.join(", "))
            compare(pane.searchField.Accessible.name, "Search messages")
            typeWord("kiwi")
            tryCompare(pane.searchModel, "searching", false)
            compare(pane.searchModel.count, 2) // the question and its reply, both of the old version
            compare(pane.resultsStatus.text, "2 results")
            keyClick(Qt.Key_Down)
            verify(pane.resultsView.activeFocus)
            const opened = pane.searchModel.get(0).messageId
            keyClick(Qt.Key_Return)

            compare(agent.conversationId, birds)
            compare(agent.messages.get(0).messageId, kiwi, "the old version is shown")
            compare(agent.messages.get(0).text, "Tell me about the kiwi bird")
            const list = window.chatView.listView
            tryVerify(() => list.currentItem !== null)
            compare(list.currentItem.messageId, opened)
            tryVerify(() => window.focusIsIn(list) && !input.activeFocus, 2000,
                      "the keys are on the opened message: " + window.activeFocusItem)
            compare(window.conversationPane.currentTitle, "Tell me about the kiwi bird")
        }

        // Whether `items` (in a row) lie side by side inside `bounds`, none squeezed to nothing.
        function sideBySide(items, bounds) {
            let end = -0.5
            for (const item of items) {
                if (!item.visible)
                    continue
                const x = item.mapToItem(bounds, 0, 0).x
                if (x < end || item.width <= 0)
                    return (item.Accessible.name || item.objectName) + " at " + x + " overlaps what ends at " + end
                end = x + item.width - 0.5
            }
            return end > bounds.width ? "they run out of it: " + end + " > " + bounds.width : ""
        }

        function test_thePaneFitsAtTheMinimumWidth_data() {
            return [{ tag: "100%", scale: 1 }, { tag: "150%", scale: 1.5 }]
        }

        // At the window's minimum width (and a larger font) the pane's controls lie side by side
        // inside it, and the rows and results elide rather than run out.
        function test_thePaneFitsAtTheMinimumWidth(data) {
            const window = shownWindow()
            if (data.scale !== 1) {
                if (window.font.pixelSize > 0)
                    window.font.pixelSize *= data.scale
                else
                    window.font.pointSize *= data.scale
            }
            window.width = window.minimumWidth
            const pane = window.conversationPane
            converse(window.agent, "A rather long question about the migration of the arctic tern")
            const id = window.agent.conversationId
            verify(pane.conversationModel.setFolder(id, "Birds of the northern seas"))
            verify(pane.conversationModel.setPinned(id, true))
            tryVerify(() => pane.folderBox.visible)
            let problem = ""
            const check = () => {
                problem = sideBySide([pane.searchField, pane.newButton], pane)
                          || sideBySide([pane.folderBox, pane.archiveButton], pane)
                if (problem !== "")
                    return false
                const row = pane.listView.itemAtIndex(0)
                if (!row)
                    return (problem = "no row") === ""
                for (const name of ["pinMarker", "rowTitle", "rowDetails"]) {
                    const item = findChild(row, name)
                    const right = item.mapToItem(pane.listView, item.width, 0).x
                    if (right > pane.listView.width + 0.5)
                        return (problem = name + " runs out of the list: " + right) === ""
                }
                return true
            }
            tryVerify(check, 2000, problem)
            verify(check(), problem)

            pane.searchField.text = "tern"
            tryCompare(pane.searchModel, "searching", false)
            const results = pane.resultsView
            const checkResult = () => {
                const hit = results.itemAtIndex(0)
                if (!hit || results.width <= 0)
                    return (problem = "no result laid out") === ""
                for (const name of ["resultTitle", "resultSnippet", "resultDetails"]) {
                    const item = findChild(hit, name)
                    const right = item.mapToItem(results, item.width, 0).x
                    if (right > results.width + 0.5)
                        return (problem = name + " runs out of the results: " + right + " > " + results.width) === ""
                    if (item.height <= 0 || item.width <= 0)
                        return (problem = name + " is not shown") === ""
                }
                const status = pane.resultsStatus
                if (status.mapToItem(pane, status.width, 0).x > pane.width + 0.5)
                    return (problem = "the status runs out of the pane") === ""
                return true
            }
            tryVerify(checkResult, 2000, problem)
            verify(checkResult(), problem)
            pane.searchField.text = ""
            for (const c of window.store.conversations())
                window.store.remove(c.id)
        }

        // At the window's minimum width the header's items shrink (the labels elide) and
        // never overlap or leave the header.
        function test_theHeaderFitsAtTheMinimumWidth() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            window.width = window.minimumWidth
            agent.pricing = { "": { input: 1, cachedInput: 0.1, output: 2 } }
            agent.transport.estimateUsage = true // the conversation's tokens show too
            converse(agent, "Hello")
            window.readUsage()
            agent.transport.estimateUsage = false
            const names = ["conversationTitle", "conversationTokens", "headerContextMeter",
                           "headerCompact", "conversationCost", "agentLabel", "headerSettings"]
            const header = window.header
            let problem = ""
            const check = () => {
                let end = -0.5
                for (const name of names) {
                    const item = findChild(header, name)
                    if (!item.visible) {
                        problem = name + " is hidden"
                        return false
                    }
                    const x = item.mapToItem(header, 0, 0).x
                    if (x < end || item.width <= 0) {
                        problem = name + " at " + x + " overlaps what ends at " + end
                        return false
                    }
                    end = x + item.width - 0.5
                }
                if (end > header.width) {
                    problem = "the header's items run out of it: " + end + " > " + header.width
                    return false
                }
                return true
            }
            tryVerify(check, 2000, problem)
            verify(check(), problem)
        }

        // --- Focus where the user types ----------------------------------------------------

        // The window comes up with the keys in the message input.
        function shownWindow(properties) {
            const window = createTemporaryObject(windowComponent, root, properties || {})
            verify(window)
            tryVerify(() => window.active, 5000, "the window is active")
            return window
        }

        function typeWord(word) {
            for (const letter of word)
                keyClick(letter)
        }

        function test_typedTextAtLaunchGoesToTheInput() {
            const window = shownWindow()
            const input = window.chatView.inputItem
            tryVerify(() => input.activeFocus, 2000, "the input has the focus at launch")
            typeWord("hello")
            compare(input.text, "hello")
        }

        function test_newConversationPutsTheFocusInTheInput() {
            const window = shownWindow()
            const agent = window.agent
            const input = window.chatView.inputItem
            const pane = window.conversationPane
            converse(agent, "First")
            const first = agent.conversationId

            // Ctrl+N from the list.
            pane.listView.forceActiveFocus()
            verify(!input.activeFocus)
            keySequence("Ctrl+N")
            verify(agent.conversationId !== first)
            compare(agent.messages.count, 0)
            tryVerify(() => input.activeFocus, 2000, "Ctrl+N: the input has the focus")
            typeWord("abc")
            compare(input.text, "abc")
            input.clear()

            // The New button, after a conversation was opened again.
            agent.conversationId = first
            pane.searchField.forceActiveFocus()
            mouseClick(pane.newButton)
            compare(agent.messages.count, 0)
            tryVerify(() => input.activeFocus, 2000, "New: the input has the focus")
            typeWord("xyz")
            compare(input.text, "xyz")
        }

        // The list keeps the focus while the arrows move through it; Enter opens the row and
        // the keys go on in the message input.
        function test_openingAConversationByKeyboardPutsTheFocusInTheInput() {
            const window = shownWindow()
            const agent = window.agent
            const input = window.chatView.inputItem
            const list = window.conversationPane.listView
            converse(agent, "Trip to Lisbon")
            const lisbon = agent.conversationId
            window.conversationPane.startNew()
            converse(agent, "Tax return")
            compare(list.count, 2)

            list.forceActiveFocus()
            list.currentIndex = 0
            keyClick(Qt.Key_Down)
            compare(list.currentIndex, 1)
            verify(list.activeFocus, "the arrows leave the focus in the list")
            const row = list.itemAtIndex(1)
            compare(row.conversationId, lisbon)
            const frameShown = findChild(row, "focusFrame") !== null && findChild(row, "focusFrame").visible
            keyClick(Qt.Key_Return)
            compare(agent.conversationId, lisbon)
            tryVerify(() => input.activeFocus, 2000, "Enter: the input has the focus")
            verify(frameShown, "the row the keys were on showed it")
            verify(!findChild(row, "focusFrame").visible)
            typeWord("ok")
            compare(input.text, "ok")

            // A click on a row does the same.
            input.clear()
            list.forceActiveFocus()
            mouseClick(list.itemAtIndex(0))
            verify(agent.conversationId !== lisbon)
            tryVerify(() => input.activeFocus, 2000, "click: the input has the focus")
        }

        // A branch opens the new conversation with the keys in its input.
        function test_aBranchPutsTheFocusInTheInput() {
            const window = shownWindow()
            const agent = window.agent
            const input = window.chatView.inputItem
            converse(agent, "Hello")
            const original = agent.conversationId
            window.conversationPane.listView.forceActiveFocus()
            window.chatView.branch(agent.messages.get(1).messageId)
            verify(agent.conversationId !== original)
            tryVerify(() => input.activeFocus, 2000, "branch: the input has the focus")
        }

        // Tab from the message input moves on to Send (Stop while a reply runs), which shows it.
        function test_tabFromTheInputReachesSend() {
            const window = shownWindow()
            const input = window.chatView.inputItem
            tryVerify(() => input.activeFocus)
            typeWord("hi")
            keyClick(Qt.Key_Tab)
            compare(input.text, "hi", "Tab types nothing")
            const focused = window.activeFocusItem
            verify(focused !== input, "Tab left the input")
            verify(focused.visualFocus, "the focused control shows its focus: " + focused)
            verify(/send/i.test(focused.Accessible.name), "Send has the focus: " + focused.Accessible.name)
        }

        // Whether a Tab stop shows that it has the focus.
        function showsFocus(item) {
            if (item.visualFocus === true)
                return true // controls: the style draws it
            if (item.cursorVisible === true)
                return true // text: the cursor blinks in it
            // Lists (a focus scope: their current row has the focus): a frame on that row.
            let view = item
            while (view && view.currentItem === undefined)
                view = view.parent
            if (view) {
                if (view.highlightItem && view.highlightItem.visible)
                    return true
                const frame = view.currentItem ? findChild(view.currentItem, "focusFrame") : null
                return frame !== null && frame.visible
            }
            return false
        }

        // Tab goes round the window: every stop shows the focus, and the input and Send are
        // stops.
        function test_everyTabStopShowsTheFocus() {
            const window = shownWindow()
            window.settings.showDebug = true
            converse(window.agent, "What time is it?")
            window.conversationPane.startNew()
            converse(window.agent, "Hello")
            const input = window.chatView.inputItem
            tryVerify(() => input.activeFocus)
            typeWord("so") // Send takes the focus only when there is something to send
            const stops = []
            for (let i = 0; i < 60; ++i) {
                keyClick(Qt.Key_Tab)
                const item = window.activeFocusItem
                verify(item !== null, "Tab " + (i + 1) + " leaves the focus somewhere")
                const name = (item.Accessible.name || item.objectName || String(item))
                stops.push(name)
                if (item === input)
                    break
                verify(showsFocus(item), "Tab " + (i + 1) + ": " + name + " shows no focus (after "
                       + stops.slice(-4, -1).join(", ") + ")")
            }
            compare(window.activeFocusItem, input, "Tab comes back to the input: " + stops.join(", "))
            verify(stops.some(name => /^send$/i.test(name)), "Send is a stop: " + stops.join(", "))
        }

        // --- The last conversation comes back ------------------------------------------------

        function test_theLastConversationOpensAtLaunch() {
            const path = testTempDir + "/reopen.sqlite"
            const first = shownWindow({ storePath: path })
            converse(first.agent, "Older")
            first.conversationPane.startNew()
            converse(first.agent, "Newer")
            const newer = first.agent.conversationId
            first.visible = false

            const second = shownWindow({ storePath: path })
            compare(second.agent.conversationId, newer)
            compare(second.agent.messages.get(0).text, "Newer")
            tryVerify(() => second.chatView.inputItem.activeFocus)
            for (const c of second.store.conversations())
                second.store.remove(c.id)
        }

        // After a restart a conversation that waits for an approval says so in the list (its
        // status comes from the list model), and the badge leaves the title and date their
        // width.
        function test_aWaitingApprovalIsShownAfterARestart() {
            const path = testTempDir + "/approval.sqlite"
            const first = shownWindow({ storePath: path })
            ended.target = first.agent
            verify(first.agent.send("Save a note: buy milk"))
            tryCompare(first.agent, "status", "reviewingToolCall")
            const waiting = first.agent.conversationId
            first.conversationPane.startNew()
            converse(first.agent, "Hello")
            first.visible = false

            const second = shownWindow({ storePath: path })
            verify(second.agent.conversationId !== waiting, "the newest one opens")
            tryVerify(() => rowOf(second.conversationPane, waiting) !== null)
            const row = rowOf(second.conversationPane, waiting)
            tryVerify(() => findChild(row, "approvalBadge").visible, 2000,
                      "the stored conversation shows Needs approval")
            verify(!rowLabel(row, /^Save a note/).truncated)
            verify(!rowLabel(row, /messages ·/).truncated)
            for (const c of second.store.conversations())
                second.store.remove(c.id)
        }

        // After a restart a conversation whose question waits for the user's answer says so in
        // the list ("Question waiting", as an approval says "Needs approval"); opened, its
        // question is back, and the answer goes on to the reply.
        function test_aWaitingQuestionIsShownAfterARestart() {
            const path = testTempDir + "/question.sqlite"
            const first = shownWindow({ storePath: path })
            verify(first.agent.send("Ask me something"))
            tryCompare(first.agent, "status", "awaitingInput", 10000)
            const waiting = first.agent.conversationId
            first.conversationPane.startNew()
            converse(first.agent, "Hello")
            first.visible = false

            const second = shownWindow({ storePath: path })
            verify(second.agent.conversationId !== waiting, "the newest one opens")
            tryVerify(() => rowOf(second.conversationPane, waiting) !== null)
            const row = rowOf(second.conversationPane, waiting)
            const badge = findChild(row, "questionBadge")
            tryVerify(() => badge.visible, 2000, "the stored conversation shows Question waiting")
            compare(badge.text, "Question waiting")
            tryVerify(() => !isPolishScheduled(badge.parent))
            verify(!badge.truncated, "the badge is whole")
            verify(!findChild(row, "approvalBadge").visible)
            verify(!findChild(row, "unreadDot").visible)
            verify(row.Accessible.name.endsWith(", question waiting"), row.Accessible.name)
            verify(!rowLabel(row, /^Ask me something/).truncated)
            verify(!rowLabel(row, /messages ·/).truncated)

            // Opened, the question is back in its prompt, which has the keys; answered, the
            // reply says what was chosen.
            mouseClick(row)
            compare(second.agent.conversationId, waiting)
            tryCompare(second.agent, "status", "awaitingInput")
            compare(second.agent.pendingInputs.length, 1)
            compare(second.agent.pendingInputs[0].message, "Which colour should the next note be?")
            const prompt = findChild(second.chatView, "questionPrompt")
            tryVerify(() => prompt.visible)
            tryVerify(() => second.focusIsIn(prompt), 2000, "the prompt has the keys")
            ended.target = second.agent
            ended.clear()
            verify(second.agent.answerInput(second.agent.pendingInputs[0].id, { answer: "Blue" }))
            tryCompare(ended, "count", 1, 10000)
            const reply = second.agent.messages.get(second.agent.messages.count - 1)
            compare(reply.role, "assistant")
            verify(reply.text.indexOf("“Blue”") >= 0, reply.text)
            tryVerify(() => !findChild(rowOf(second.conversationPane, waiting), "questionBadge").visible)
            for (const c of second.store.conversations())
                second.store.remove(c.id)
        }

        // The labels of a conversation row that show `text` (its title) and the date line.
        function rowLabel(row, pattern) {
            const walk = (item) => {
                if (item.truncated !== undefined && pattern.test(item.text))
                    return item
                for (let i = 0; i < item.children.length; ++i) {
                    const found = walk(item.children[i])
                    if (found)
                        return found
                }
                return null
            }
            return walk(row)
        }

        function test_theApprovalBadgeLeavesTheTitleItsWidth() {
            const view = createTemporaryObject(busyPaneComponent, stage)
            view.local.toolCalls = [{ name: "save_note" }]
            verify(view.agent.send("Save a note: buy milk"))
            tryCompare(view.agent, "status", "reviewingToolCall")
            const note = view.agent.conversationId
            tryVerify(() => rowOf(view.pane, note) !== null)
            const row = rowOf(view.pane, note)
            view.anchors.fill = undefined
            view.width = 260 // the demo's list is 260 px wide
            tryCompare(view.pane, "width", 260)
            tryVerify(() => findChild(row, "approvalBadge").visible)
            verify(!findChild(row, "approvalBadge").truncated)
            const title = rowLabel(row, /^Save a note/)
            const details = rowLabel(row, /messages ·/)
            verify(!title.truncated, title.text)
            verify(!details.truncated, details.text)
        }

        // --- Questions from the agent -------------------------------------------------------

        // The last row of `role` in the conversation shown.
        function lastOf(agent, role) {
            for (let i = agent.messages.count - 1; i >= 0; --i)
                if (agent.messages.get(i).role === role)
                    return agent.messages.get(i)
            return null
        }

        // "Ask me a question": the offline agent calls ask_user; the question prompt shows the
        // question and has the keys; Tab reaches the options, Down chooses Green, Tab reaches
        // Submit and Return sends it: the answer is the tool's result, the reply says what was
        // chosen and the keys are back in the input.
        function test_theOfflineAgentAsksAndItsReplySaysTheAnswer() {
            const window = shownWindow()
            const agent = window.agent
            const input = window.chatView.inputItem
            tryVerify(() => input.activeFocus, 2000, "the input has the focus at launch")
            ended.target = agent
            ended.clear()
            typeWord("ask me a question")
            keyClick(Qt.Key_Return)
            tryCompare(agent, "status", "awaitingInput", 10000)
            compare(ended.count, 0, "the turn waits for the answer")
            compare(agent.pendingInputs.length, 1)
            const question = agent.pendingInputs[0]
            compare(question.kind, "question")
            compare(question.source, "tool")
            compare(question.toolName, "ask_user")
            compare(question.message, "Which colour should the next note be?")
            compare(question.schema.properties.answer.examples, ["Red", "Green", "Blue"],
                    "the options, and any other answer (allowOther)")

            const prompt = findChild(window.chatView, "questionPrompt")
            verify(prompt !== null, "the chat view has the question prompt")
            tryVerify(() => prompt.visible)
            tryVerify(() => window.focusIsIn(prompt), 2000, "the prompt has the keys")
            compare(findChild(prompt, "questionText").text, question.message)
            const otherOption = findChild(prompt, "otherOption")
            verify(otherOption !== null && otherOption.visible, "Other is offered")
            keyClick(Qt.Key_Tab)
            compare(window.activeFocusItem, findChild(prompt, "option_0"),
                    "Tab reaches the options at the first")
            compare(window.activeFocusItem.text, "Red")
            keyClick(Qt.Key_Down)
            const green = findChild(prompt, "option_1")
            compare(window.activeFocusItem, green, "Down moves in the options")
            verify(green.checked, "and chooses")
            const submit = findChild(prompt, "submitButton")
            for (let i = 0; i < 5 && window.activeFocusItem !== submit; ++i)
                keyClick(Qt.Key_Tab)
            compare(window.activeFocusItem, submit, "Tab reaches Submit")
            verify(submit.enabled)
            keyClick(Qt.Key_Return)

            tryCompare(ended, "count", 1, 10000)
            compare(agent.status, "idle")
            compare(agent.pendingInputs.length, 0)
            verify(!prompt.visible)
            const tool = lastOf(agent, "tool")
            compare(tool.toolName, "ask_user")
            compare(tool.text, "Green")
            compare(tool.metadata.input.decision, "answered")
            const reply = agent.messages.get(agent.messages.count - 1)
            compare(reply.role, "assistant")
            compare(reply.text, "You chose “Green”: your answer came back to me as the result of the ask_user tool.")
            tryVerify(() => input.activeFocus, 2000, "the keys are back in the input")
        }

        // Declined, the reply says no answer came; the welcome reply offers the question.
        function test_aDeclinedQuestionAndTheWelcomeReply() {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            converse(agent, "Hello")
            verify(agent.messages.get(1).text.indexOf("*Ask me a question*") >= 0,
                   agent.messages.get(1).text)
            ended.clear()
            verify(agent.send("Ask me something"))
            tryCompare(agent, "status", "awaitingInput", 10000)
            verify(agent.declineInput(agent.pendingInputs[0].id))
            tryCompare(ended, "count", 1, 10000)
            compare(lastOf(agent, "tool").metadata.input.decision, "declined")
            compare(agent.messages.get(agent.messages.count - 1).text,
                    "You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.")
        }

        // The offline agent understands the request in the demo's languages.
        function test_theOfflineAgentAsksInEveryLanguage_data() {
            return [
                { tag: "en", text: "Ask me a question" },
                { tag: "de", text: "Frag mich etwas" },
                { tag: "es", text: "Pregúntame algo" },
                { tag: "pt_BR", text: "Me pergunte algo" },
                { tag: "pt", text: "Pergunte-me algo" },
                { tag: "ar", text: "اسألني سؤالاً" }
            ]
        }
        function test_theOfflineAgentAsksInEveryLanguage(data) {
            const window = createTemporaryObject(windowComponent, root)
            const agent = window.agent
            verify(agent.send(data.text))
            tryCompare(agent, "status", "awaitingInput", 10000)
            compare(agent.pendingInputs[0].toolName, "ask_user")
            agent.abort()
            compare(agent.status, "interrupted")
        }

        // Only the words themselves ask: a task meeting is no question.
        function test_theOfflineAgentAsksOnlyWhenAsked() {
            const window = createTemporaryObject(windowComponent, root)
            converse(window.agent, "Plan a task meeting")
            compare(window.agent.status, "idle")
            compare(lastOf(window.agent, "tool"), null)
        }

        // A conversation whose question waits says so in the list while another is shown.
        function test_rowsShowAWaitingQuestion() {
            const view = createTemporaryObject(busyPaneComponent, stage)
            const pane = view.pane
            const agent = view.agent
            view.local.toolCalls = [{ name: "ask_user", arguments: { question: "Which colour?" } }]
            verify(agent.send("Ask me"))
            const asked = agent.conversationId
            tryCompare(agent, "status", "awaitingInput")
            tryVerify(() => rowOf(pane, asked) !== null)
            tryVerify(() => findChild(rowOf(pane, asked), "questionBadge").visible)
            mouseClick(pane.newButton)
            verify(agent.conversationId !== asked)
            tryVerify(() => rowOf(pane, asked) !== null)
            const row = rowOf(pane, asked)
            verify(findChild(row, "questionBadge").visible)
            verify(!findChild(row, "approvalBadge").visible)
            verify(!findChild(row, "runningIndicator").visible)
            verify(row.Accessible.name.endsWith(", question waiting"), row.Accessible.name)
            compare(pane.activityText("awaitingInput", false), "question waiting")
        }

        // --- Settings: MCP servers ------------------------------------------------------------

        // Each server: its name, its status in words, its tools or its error; a switch and a
        // Restart button that name the server and act at once; Tab reaches them all.
        function test_settingsShowMcpServersAndReachThemByKeyboard() {
            const window = shownWindow()
            const servers = addMcpServers(window)
            const dialog = window.settingsDialog
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.mcpRows.count, 3)
            const ready = dialog.mcpRows.itemAt(0)
            const dies = dialog.mcpRows.itemAt(1)
            const off = dialog.mcpRows.itemAt(2)
            compare(ready.nameLabel.text, "files")
            compare(ready.statusLabel.text, "Ready")
            compare(ready.statusLabel.Accessible.name, "Status of files: Ready")
            verify(ready.detailsLabel.text.startsWith("6 tools: noop, echo, write_file, slow, ask, add_tool"),
                   ready.detailsLabel.text)
            verify(ready.detailsLabel.Accessible.description.indexOf("echo") >= 0)
            compare(dies.statusLabel.text, "Failed")
            verify(servers.dies.errorString !== "")
            compare(dies.detailsLabel.text, servers.dies.errorString)
            compare(dies.detailsLabel.Accessible.name, "dies failed: " + servers.dies.errorString)
            compare(off.statusLabel.text, "Not connected")
            compare(off.detailsLabel.text, "Turned off: its tools are not offered to the model.")
            verify(!off.enabledSwitch.checked)
            verify(!off.restartButton.enabled)
            compare(ready.enabledSwitch.Accessible.name, "Use the MCP server files")
            compare(ready.restartButton.Accessible.name, "Restart the MCP server files")
            compare(dialog.mcpHeading.text, "MCP servers")
            verify(dialog.mcpNote.text.startsWith("Read from "), dialog.mcpNote.text)
            compare(dialog.mcpProblemRows.count, 0)

            // Tab from the last field goes through every switch and every Restart that can act.
            dialog.themeBox.forceActiveFocus()
            const stops = [ready.enabledSwitch, ready.restartButton, dies.enabledSwitch,
                           dies.restartButton, off.enabledSwitch]
            for (let i = 0; i < stops.length; ++i) {
                keyClick(Qt.Key_Tab)
                verify(stops[i].activeFocus, "Tab " + (i + 1) + " reaches " + stops[i].Accessible.name
                       + ", not " + window.activeFocusItem)
            }
            // Space turns the server that was off on: it starts at once, and its Restart is a stop.
            keyClick(Qt.Key_Space)
            verify(servers.off.enabled)
            tryCompare(off.statusLabel, "text", "Ready", 20000)
            verify(off.restartButton.enabled)
            keyClick(Qt.Key_Tab)
            verify(off.restartButton.activeFocus)

            // Restart by keyboard starts the server again (it receives a second initialize).
            ready.restartButton.forceActiveFocus()
            keyClick(Qt.Key_Space)
            tryVerify(() => mcpTest.loggedMethods(servers.log).filter(m => m === "initialize").length === 2,
                      10000, "the server was started again")
            tryCompare(ready.statusLabel, "text", "Ready", 20000)

            // Space on a switch turns its server off; Cancel does not bring it back (it acted).
            ready.enabledSwitch.forceActiveFocus()
            keyClick(Qt.Key_Space)
            verify(!servers.ready.enabled)
            compare(ready.statusLabel.text, "Not connected")
            verify(!ready.restartButton.enabled)
            dialog.reject()
            tryVerify(() => !dialog.visible)
            verify(!servers.ready.enabled)
        }

        // No server: the section says how to add them; a file that could not be read is said.
        function test_settingsSayHowToAddMcpServers() {
            const window = shownWindow()
            const dialog = window.settingsDialog
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.mcpRows.count, 0)
            verify(dialog.mcpNote.visible)
            verify(dialog.mcpNote.text.indexOf("--mcp-config") >= 0, dialog.mcpNote.text)
            verify(dialog.mcpNote.text.indexOf("\"mcpServers\"") >= 0, dialog.mcpNote.text)
            compare(dialog.mcpProblemRows.count, 0)

            const config = createTemporaryObject(mcpConfigurationComponent, window)
            ignoreWarning(/nowhere\/mcp.json cannot be read/) // logged (koder.demo.mcp)
            config.load(testTempDir + "/nowhere/mcp.json")
            window.mcp = config
            compare(dialog.mcpProblemRows.count, 1)
            const problem = dialog.mcpProblemRows.itemAt(0).label
            verify(problem.visible)
            verify(problem.text.indexOf("nowhere/mcp.json") >= 0, problem.text)
            verify(problem.Accessible.name.startsWith("Problem in the MCP configuration: "))
            // Where to write it: the file that was named.
            verify(dialog.mcpNote.text.indexOf("nowhere/mcp.json") >= 0, dialog.mcpNote.text)
            dialog.reject()
            tryVerify(() => !dialog.visible)
        }

        // --- Settings: nothing clipped, one width ---------------------------------------------

        TextMetrics { id: entryMetrics }

        function applyLanguage(window, code) {
            window.settings.language = code
            window.appearance.applyLanguage(code)
        }

        // Every Label, ComboBox and button inside `item`: none elides, none is squeezed below
        // what its text needs, none reaches past `bounds` (sideways).
        function checkNothingClipped(item, bounds, where) {
            if (!item || !item.visible)
                return
            const place = where + " > " + (item.objectName || item.Accessible.name || item.text || String(item))
            const inBounds = () => {
                const left = item.mapToItem(bounds, 0, 0).x
                verify(left >= -0.5 && left + item.width <= bounds.width + 0.5,
                       place + ": inside, " + left + "+" + item.width + " of " + bounds.width)
            }
            if (item.textAt !== undefined && item.indicator !== undefined) { // ComboBox
                entryMetrics.font = item.font
                const content = item.contentItem
                const room = content.width - content.leftPadding - content.rightPadding
                for (let i = 0; i < item.count; ++i) {
                    entryMetrics.text = item.textAt(i)
                    verify(entryMetrics.advanceWidth <= room + 0.5,
                           place + ": \"" + entryMetrics.text + "\" needs " + entryMetrics.advanceWidth
                           + ", has " + room)
                }
                const height = content.height - content.topPadding - content.bottomPadding
                verify(content.contentHeight <= height + 0.5,
                       place + ": the text needs " + content.contentHeight + " high, has " + height)
                inBounds()
                return
            }
            if (item.autoExclusive !== undefined) { // buttons and check boxes
                verify(item.implicitWidth <= item.width + 0.5,
                       place + ": needs " + item.implicitWidth + ", has " + item.width)
                verify(item.implicitHeight <= item.height + 0.5,
                       place + ": needs " + item.implicitHeight + " high, has " + item.height)
                inBounds()
                return
            }
            if (item.truncated !== undefined) { // Label
                verify(!item.truncated, place + ": elided")
                if (item.wrapMode === Text.NoWrap)
                    verify(item.implicitWidth <= item.width + 0.5,
                           place + ": needs " + item.implicitWidth + ", has " + item.width)
                verify(item.implicitHeight <= item.height + 0.5,
                       place + ": needs " + item.implicitHeight + " high, has " + item.height)
                inBounds()
                return
            }
            if (item.echoMode !== undefined && item.contentHeight !== undefined) { // text fields
                verify(item.contentHeight <= item.height - item.topPadding - item.bottomPadding + 0.5,
                       place + ": the text needs " + item.contentHeight + " high, has " + item.height)
                inBounds()
                return
            }
            if (item.background !== undefined && item.contentItem !== undefined) { // other controls
                inBounds()
                return
            }
            for (let i = 0; i < item.children.length; ++i)
                checkNothingClipped(item.children[i], bounds, where)
        }

        function checkSettings(window, where) {
            const dialog = window.settingsDialog
            const content = dialog.contentItem
            tryVerify(() => !isPolishScheduled(dialog.grid || content))
            const overlay = dialog.parent
            verify(dialog.x >= 0 && dialog.x + dialog.width <= overlay.width + 0.5,
                   where + ": the dialog is inside the window, " + dialog.x + "+" + dialog.width)
            verify(dialog.y >= 0 && dialog.y + dialog.height <= overlay.height + 0.5,
                   where + ": the dialog is inside the window, " + dialog.y + "+" + dialog.height)
            checkNothingClipped(content, content, where)
            verify(!dialog.header.truncated, where + ": the title is elided")
            for (const button of [Dialog.Ok, Dialog.Cancel])
                checkNothingClipped(dialog.standardButton(button), dialog.footer, where)
        }

        function test_settingsClipNothing_data() {
            const rows = []
            for (const language of ["en", "de", "es", "pt_BR", "ar"])
                for (const scale of [1, 2])
                    rows.push({ tag: language + (scale > 1 ? " 200%" : ""), language: language,
                                scale: scale })
            return rows
        }

        function test_settingsClipNothing(data) {
            // A larger font or another language changes the dialogs' content widths: their
            // implicitWidth bindings do not re-enter themselves (the style's eliding title did).
            failOnWarning(/Binding loop detected/)
            const window = shownWindow()
            // The MCP section with a ready server (its tools), a failed one (its error), one
            // turned off with a long name, and a problem of the file.
            addMcpServers(window, ["files", "dies",
                                   "a-server-with-a-rather-long-name-from-a-desktop-config"])
            const config = createTemporaryObject(mcpConfigurationComponent, window)
            ignoreWarning(/cannot be read/)
            config.load(testTempDir + "/missing-for-the-clip-test/mcp.json")
            window.mcp = config
            if (data.scale !== 1) {
                if (window.font.pixelSize > 0)
                    window.font.pixelSize *= data.scale
                else
                    window.font.pointSize *= data.scale
            }
            applyLanguage(window, data.language)
            const dialog = window.settingsDialog
            dialog.open()
            tryVerify(() => dialog.opened)
            let width = -1
            // Each agent's fields: nothing clipped, and the dialog keeps its width.
            for (const agent of [0, 1, 2, 3, 4, 5, 6, 0]) {
                dialog.agentBox.currentIndex = agent
                const where = data.tag + ", agent " + dialog.agents[agent].value
                checkSettings(window, where)
                if (width < 0)
                    width = dialog.width
                compare(dialog.width, width, where + ": the dialog keeps its width")
            }
            dialog.reject()
            tryVerify(() => !dialog.visible)
            applyLanguage(window, "en")
        }

        // --- Right to left ------------------------------------------------------------------

        // The conversation's title in the header (the heading).
        function headerTitle(window) {
            const row = window.header.contentChildren[0]
            for (let i = 0; i < row.children.length; ++i)
                if (row.children[i].Accessible.role === Accessible.Heading)
                    return row.children[i]
            return null
        }

        // The gap between the title's text and the agent's name in the header.
        function headerGap(window) {
            const title = headerTitle(window)
            const agentLabel = findChild(window.header, "agentLabel")
            const align = title.effectiveHorizontalAlignment
            const textLeft = title.x + (align === Text.AlignRight ? title.width - title.contentWidth
                                        : align === Text.AlignHCenter ? (title.width - title.contentWidth) / 2
                                        : 0)
            const textRight = textLeft + title.contentWidth
            return Math.max(agentLabel.x - textRight, textLeft - (agentLabel.x + agentLabel.width))
        }

        function test_anArabicTitleDoesNotRunIntoTheAgentName() {
            const window = shownWindow()
            converse(window.agent, "خطة رحلة إلى لشبونة")
            tryVerify(() => window.conversationPane.currentTitle !== "")
            const title = headerTitle(window)
            tryCompare(title, "text", window.conversationPane.currentTitle)
            verify(headerGap(window) >= 3 * 5, "gap " + headerGap(window))
        }

        function test_anArabicUiIsMirrored() {
            const window = shownWindow()
            verify(!window.rightToLeft)
            const dialog = window.settingsDialog
            const arabic = dialog.languages.findIndex(language => language.code === "ar")
            verify(arabic > 0, "Arabic is offered")
            dialog.open()
            tryVerify(() => dialog.opened)
            dialog.languageBox.currentIndex = arabic
            dialog.accept()
            tryVerify(() => !dialog.visible)
            compare(window.settings.language, "ar")
            verify(window.rightToLeft)
            const title = headerTitle(window)
            const agentLabel = findChild(window.header, "agentLabel")
            tryVerify(() => agentLabel.x < title.x, 2000, "the header is mirrored")
            compare(title.effectiveHorizontalAlignment, Text.AlignRight)
            const pane = window.conversationPane
            verify(pane.mapToItem(window.contentItem, 0, 0).x > window.chatView.mapToItem(window.contentItem, 0, 0).x,
                   "the conversation list is on the right")
            converse(window.agent, "Plan a trip")
            tryCompare(title, "text", "Plan a trip")
            verify(headerGap(window) >= 3 * 5, "gap " + headerGap(window))
            applyLanguage(window, "en")
            verify(!window.rightToLeft)
        }

        function test_aLinkAsksFirstAndShowsWhereItGoes() {
            const window = createTemporaryObject(windowComponent, root)
            const dialog = window.linkDialog
            verify(!dialog.visible)

            // A web link: the address is shown as text, Cancel has the focus, Open is offered.
            window.chatView.linkActivated("https://example.invalid/<b>page</b>")
            tryVerify(() => dialog.opened)
            compare(dialog.targetLabel.text, "https://example.invalid/<b>page</b>")
            compare(dialog.targetLabel.textFormat, Text.PlainText)
            tryVerify(() => dialog.cancelButton.focus, 1000, "the safe choice has the focus")
            verify(dialog.openButton.enabled)
            compare(dialog.openButton.Accessible.name, "Open the link")
            compare(dialog.cancelButton.Accessible.name, "Do not open the link")
            mouseClick(dialog.cancelButton)
            tryVerify(() => !dialog.visible)

            // Anything else can only be looked at.
            window.chatView.linkActivated("javascript:alert(1)")
            tryVerify(() => dialog.opened)
            compare(dialog.targetLabel.text, "javascript:alert(1)")
            verify(!dialog.openable)
            verify(!dialog.openButton.enabled)
            dialog.reject()
            tryVerify(() => !dialog.visible)
        }

        // --- Voice --------------------------------------------------------------------------

        Component {
            id: silentMicrophone
            FileAudioInput {} // silence, as a quiet room gives
        }
        Component {
            id: recordingVoice
            FakeSpeechEngine {}
        }

        /*! The Voice menu's item that shows \a action, or null. */
        function voiceMenuItem(window, action) {
            const menu = window.voiceMenu
            for (let i = 0; i < menu.count; ++i) {
                const item = menu.itemAt(i)
                if (item && item.action === action)
                    return item
            }
            return null
        }
        function voiceMenuItemNamed(window, pattern) {
            const menu = window.voiceMenu
            for (let i = 0; i < menu.count; ++i) {
                const item = menu.itemAt(i)
                if (item && item.text !== undefined && pattern.test(item.text.replace("&", "")))
                    return item
            }
            return null
        }

        /*! Opens the Voice menu from the keyboard (its mnemonic) and moves down to \a item;
            returns how many Down presses it took, or -1. */
        function downTo(window, item) {
            const menu = window.voiceMenu
            keySequence("Alt+O")
            tryVerify(() => menu.opened, 2000, "Alt+O opens the Voice menu")
            for (let presses = 1; presses <= menu.count; ++presses) {
                keyClick(Qt.Key_Down)
                if (menu.currentIndex >= 0 && menu.itemAt(menu.currentIndex) === item)
                    return presses
            }
            return -1
        }

        // Without a speech-to-text server there is no microphone that could only fail (the
        // library would say "No transcription service is set."): Dictate and Conversation mode
        // are off in the Voice menu, and its last item, Set up dictation…, opens the settings
        // with the keys in the server's URL, under a note that says what it is for.
        function test_withoutAServerTheVoiceMenuLeadsToTheSettings() {
            const window = shownWindow()
            const chat = window.chatView
            compare(chat.dictation, null)
            compare(chat.speech, window.speech)
            const microphone = findChild(chat, "dictateButton")
            verify(microphone === null || !microphone.visible, "no microphone")
            verify(!window.conversationModeAction.enabled)
            const dictate = findChild(window.voiceMenu, "dictateItem") || voiceMenuItem(window, chat.dictateAction)
            verify(dictate !== null, "Dictate is in the Voice menu")
            verify(!dictate.enabled)
            keySequence("Ctrl+Shift+L") // does nothing without a server
            verify(!chat.conversationMode)

            const setUp = voiceMenuItemNamed(window, /^Set up dictation/)
            verify(setUp !== null, "Set up dictation… is in the Voice menu")
            verify(downTo(window, setUp) > 0, "Down reaches Set up dictation…")
            keyClick(Qt.Key_Return)
            const dialog = window.settingsDialog
            tryVerify(() => dialog.opened)
            tryVerify(() => dialog.transcriptionUrlField.activeFocus, 2000,
                      "the keys are in the speech-to-text server's URL")
            // At the end of the dialog, which scrolls to it.
            const field = dialog.transcriptionUrlField
            const inView = () => {
                const y = field.mapToItem(dialog.contentItem, 0, 0).y
                return y >= -0.5 && y + field.height <= dialog.contentItem.height + 0.5
            }
            tryVerify(inView, 2000, "the field is in view")
            verify(dialog.transcriptionNote.visible)
            verify(/microphone/.test(dialog.transcriptionNote.text), dialog.transcriptionNote.text)
            compare(dialog.transcriptionUrlField.Accessible.name, "Speech-to-text server URL")
            // Tab goes on through the section: model, key, language.
            keyClick(Qt.Key_Tab)
            verify(dialog.transcriptionModelField.activeFocus)
            keyClick(Qt.Key_Tab)
            verify(dialog.transcriptionKeyField.activeFocus)
            compare(dialog.transcriptionKeyField.echoMode, TextInput.Password)
            keyClick(Qt.Key_Tab)
            verify(dialog.transcriptionLanguageField.activeFocus)
            dialog.transcriptionUrlField.text = "http://127.0.0.1:9/v1"
            dialog.accept()
            tryVerify(() => !dialog.visible)
            compare(window.settings.transcriptionUrl, "http://127.0.0.1:9/v1")
            compare(chat.dictation, window.dictation)
            verify(window.conversationModeAction.enabled)
            verify(/^Voice settings/.test(voiceMenuItemNamed(window, /^Voice settings/).text.replace("&", "")))
        }

        // With a server the message box has a microphone, named for screen readers and a Tab
        // stop after the input; Voice > Conversation mode is reached by keyboard (Alt+O, Down,
        // Enter) and by its shortcut, and follows the chat's own switch. The microphone is a
        // quiet room, so the conversation listens without hearing anything meanwhile.
        function test_theMicrophoneAndConversationModeByKeyboard() {
            const window = shownWindow()
            window.dictation.audioInput = createTemporaryObject(silentMicrophone, window)
            window.dictation.noSpeechTimeout = 60000
            window.speech.engine = createTemporaryObject(recordingVoice, window)
            window.settings.transcriptionUrl = "http://127.0.0.1:9/v1"
            const chat = window.chatView
            const microphone = findChild(chat, "dictateButton")
            verify(microphone !== null)
            tryVerify(() => microphone.visible, 2000, "the microphone shows")
            compare(microphone.Accessible.name, "Dictate")
            verify(microphone.width > 0 && microphone.height > 0)
            const input = chat.inputItem
            tryVerify(() => input.activeFocus)
            let stops = 0
            while (!microphone.activeFocus && stops < 6) {
                keyClick(Qt.Key_Tab)
                ++stops
            }
            verify(microphone.activeFocus, "Tab from the input reaches the microphone")
            input.forceActiveFocus()

            const action = window.conversationModeAction
            verify(action.enabled)
            const item = voiceMenuItem(window, action)
            verify(item !== null, "Conversation mode is in the Voice menu")
            compare(item.text.replace("&", ""), "Conversation mode")
            verify(item.checkable)
            verify(!item.checked)
            verify(downTo(window, item) > 0, "Down reaches Conversation mode")
            keyClick(Qt.Key_Return)
            tryVerify(() => !window.voiceMenu.visible)
            verify(chat.conversationMode, "on from the menu")
            verify(action.checked)
            tryVerify(() => window.dictation.recording, 2000, "it listens")
            compare(chat.voiceStatus, "Listening…")

            keySequence("Ctrl+Shift+L")
            verify(!chat.conversationMode, "off by the shortcut")
            verify(!action.checked)
            verify(!window.dictation.recording, "the recording is dropped")
            keySequence("Ctrl+Shift+L")
            verify(chat.conversationMode, "on by the shortcut")
            // The chat's own switch: the menu follows.
            chat.conversationAction.trigger()
            verify(!chat.conversationMode)
            verify(!action.checked)

            // The server taken away in the settings: the microphone goes, the mode is off.
            keySequence("Ctrl+Shift+L")
            verify(chat.conversationMode)
            window.settings.transcriptionUrl = ""
            compare(chat.dictation, null)
            verify(!chat.conversationMode)
            verify(!window.dictation.recording)
            tryVerify(() => !microphone.visible)
        }

        // A voice that cannot speak is said above the input, as an alert (the message box's
        // notice); Read replies aloud is in the Voice menu and the settings, which agree.
        function test_readAloudAndItsErrors() {
            const window = shownWindow()
            const voice = createTemporaryObject(recordingVoice, window)
            window.speech.engine = voice
            const item = voiceMenuItem(window, window.readAloudAction)
            verify(item !== null, "Read replies aloud is in the Voice menu")
            verify(item.checkable && !item.checked)
            keySequence("Ctrl+Shift+R")
            verify(window.settings.readAloud)
            verify(window.speech.readAloud)
            verify(item.checked)
            converse(window.agent, "Hello")
            tryVerify(() => voice.said.length > 0, 5000, "the reply is read aloud")
            verify(voice.said.join(" ").indexOf("offline demo agent") >= 0, voice.said.join(" | "))

            const dialog = window.settingsDialog
            dialog.open()
            tryVerify(() => dialog.opened)
            verify(dialog.readAloudBox.checked)
            // The engine's voices, after the default one.
            compare(dialog.voices.map(v => v.name).join(), ",Alice,Bob")
            dialog.readAloudBox.checked = false
            dialog.voiceBox.currentIndex = 2
            dialog.rateSlider.value = -0.5
            compare(dialog.rateSlider.Accessible.description, "-50%")
            dialog.accept()
            tryVerify(() => !dialog.visible)
            verify(!window.settings.readAloud)
            verify(!item.checked, "the menu follows the settings")
            compare(window.settings.speechVoice, "Bob")
            compare(window.speech.voice, "Bob")
            compare(window.speech.rate, -0.5)

            const sender = findChild(window.chatView, "sender")
            voice.fail("The voice cannot speak.")
            tryCompare(sender, "notice", "The voice cannot speak.")
            const notice = findChild(sender, "senderNotice")
            verify(notice.visible)
            compare(notice.Accessible.role, Accessible.AlertMessage)
        }
    }
}
