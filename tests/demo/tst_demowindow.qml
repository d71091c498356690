// SPDX-License-Identifier: MIT
// The demo's QML: the conversation pane by keyboard (search, open, rename, delete, new), the
// settings dialog, the whole window through a read-only and a writing tool call, the version
// switcher of a regenerated reply and an edited message, and a link that asks before it opens.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent
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

        // A slow reply and a tool that asks: rows that run on, wait and turn unread.
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
                    tools: [ KoderTool { name: "save_note" } ]
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

            // Search narrows the list; Down moves into it, Down selects, Enter opens.
            pane.searchField.forceActiveFocus()
            keyClick(Qt.Key_L)
            keyClick(Qt.Key_I)
            keyClick(Qt.Key_S)
            compare(pane.searchField.text, "lis")
            compare(list.count, 1)
            keyClick(Qt.Key_Down)
            verify(list.activeFocus)
            keyClick(Qt.Key_Down)
            compare(list.currentIndex, 0)
            keyClick(Qt.Key_Return)
            compare(view.agent.conversationId, lisbon)
            compare(view.agent.messages.count, 2)

            // F2 renames.
            keyClick(Qt.Key_F2)
            tryVerify(() => pane.renameDialog.opened)
            compare(pane.titleField.text, "Trip to Lisbon")
            pane.titleField.text = "Porto, not Lisbon"
            keyClick(Qt.Key_Return)
            tryVerify(() => !pane.renameDialog.visible)
            tryCompare(pane, "currentTitle", "Porto, not Lisbon")

            // Delete asks first, then removes the open conversation and leaves the other.
            pane.searchField.text = "porto"
            compare(list.count, 1)
            list.forceActiveFocus()
            list.currentIndex = 0
            keyClick(Qt.Key_Delete)
            tryVerify(() => pane.deleteDialog.opened)
            compare(list.count, 1, "nothing is deleted before the answer")
            pane.deleteDialog.accept()
            compare(list.count, 0)
            verify(view.agent.conversationId !== lisbon)
            pane.searchField.text = ""
            compare(list.count, 1)
            compare(list.model.get(0).title, "Tax return")
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
            dialog.baseUrlField.text = "http://127.0.0.1:8080/v1"
            dialog.apiKeyField.text = "sk-test"
            verify(!dialog.rememberBox.checked)
            dialog.themeBox.currentIndex = 2 // dark
            compare(dialog.busyPolicies[dialog.busyBox.currentIndex].value, "queue")
            dialog.busyBox.currentIndex = 1 // steer
            dialog.accept()
            compare(view.settings.busyPolicy, "steer")
            compare(view.settings.agent, "openai")
            compare(view.settings.baseUrl, "http://127.0.0.1:8080/v1")
            compare(view.settings.apiKey, "sk-test")
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
    }
}
