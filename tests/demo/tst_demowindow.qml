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

        // Each server keeps its own URL, model and key in the dialog; Ollama's think box and
        // Anthropic's thinking budget apply to their transports.
        function test_eachAgentHasItsOwnServerSettings() {
            const view = createTemporaryObject(settingsComponent, stage)
            const dialog = view.dialog
            dialog.open()
            tryVerify(() => dialog.opened)
            compare(dialog.agents.map(a => a.value).join(),
                    "local,openai,ollama,anthropic,ws")
            verify(!dialog.baseUrlField.visible)
            verify(!dialog.apiKeyField.visible)
            dialog.agentBox.currentIndex = 2 // Ollama
            compare(dialog.baseUrlField.text, "http://127.0.0.1:11434")
            compare(dialog.modelField.text, "llama3.2")
            verify(dialog.thinkBox.visible)
            verify(!dialog.thinkingBudgetBox.visible)
            dialog.modelField.text = "qwen3:8b"
            dialog.thinkBox.checked = true
            dialog.apiKeyField.text = "ollama-key"
            dialog.agentBox.currentIndex = 3 // Anthropic
            compare(dialog.baseUrlField.text, "https://api.anthropic.com")
            compare(dialog.modelField.text, "claude-sonnet-4-5")
            compare(dialog.apiKeyField.text, "", "each provider has its own key")
            verify(!dialog.thinkBox.visible)
            verify(dialog.thinkingBudgetBox.visible)
            dialog.thinkingBudgetBox.value = 2048
            dialog.apiKeyField.text = "sk-ant"
            dialog.agentBox.currentIndex = 2 // back: what was typed is still there
            compare(dialog.modelField.text, "qwen3:8b")
            compare(dialog.apiKeyField.text, "ollama-key")
            dialog.agentBox.currentIndex = 4
            verify(dialog.wsUrlField.visible)
            verify(!dialog.baseUrlField.visible)
            dialog.agentBox.currentIndex = 3
            dialog.accept()
            compare(view.settings.agent, "anthropic")
            compare(view.settings.ollamaModel, "qwen3:8b")
            verify(view.settings.ollamaThink)
            compare(view.settings.anthropicThinkingBudget, 2048)
            compare(view.settings.apiKeys.anthropic, "sk-ant")
            compare(view.settings.apiKeys.ollama, "ollama-key")
            compare(view.settings.apiKeys.openai, "")
            compare(view.settings.baseUrl, "https://api.openai.com/v1", "untouched")
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
                { index: 2, type: "KoderOllamaTransport", label: "Ollama: llama3.2" },
                { index: 3, type: "KoderAnthropicTransport", label: "Anthropic: claude-sonnet-4-5" },
                { index: 4, type: "KoderWebSocketTransport", label: "WebSocket: ws://127.0.0.1:8765" },
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
                if (choice.index === 2)
                    dialog.thinkBox.checked = true
                if (choice.index === 3) {
                    dialog.thinkingBudgetBox.value = 4096
                    dialog.apiKeyField.text = "sk-ant"
                }
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
