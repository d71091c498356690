// SPDX-License-Identifier: MIT
// Approvals v2 through QML: a waiting call survives a restart (a real file store), scopes,
// edited arguments, approveAll / denyAll, per-tool policies, the prompt's keyboard focus and its
// argument editor.
import QtQuick
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 520
    height: 640

    // One chat: a controller on a file store, a tool that records what it received, and the
    // view with its prompt.
    Component {
        id: chatComponent
        Item {
            id: chat
            property alias agent: agent
            property alias store: store
            property alias view: view
            property alias local: local
            property string storePath: ""
            property var received: []
            width: 520
            height: 640

            KoderConversationStore {
                id: store
                path: chat.storePath
            }
            KoderAgentController {
                id: agent
                store: store
                transport: KoderLocalAgent {
                    id: local
                    reply: "Done."
                    toolCalls: [{ name: "save_note", arguments: { path: "model.md", text: "hi" } }]
                }
                KoderTool {
                    name: "save_note"
                    description: "Saves a note to a file"
                    parameters: ({
                        type: "object",
                        properties: { path: { type: "string" }, text: { type: "string" } },
                        required: ["path"]
                    })
                    handler: function (args) {
                        chat.received = chat.received.concat([args])
                        return "saved"
                    }
                }
                KoderTool {
                    name: "read_note"
                    readOnly: true
                    handler: function (args) {
                        chat.received = chat.received.concat([args])
                        return "contents"
                    }
                }
            }
            ChatView {
                id: view
                anchors.fill: parent
                controller: agent
            }
            SignalSpy {
                id: ends
                target: agent
                signalName: "streamEnd"
            }
            property alias endCount: ends.count
        }
    }

    TestCase {
        id: testCase
        name: "Approvals"
        when: windowShown

        function makeChat(path) {
            return createTemporaryObject(chatComponent, stage, { storePath: path || "" })
        }
        function ask(chat, text) {
            verify(chat.agent.send(text || "save it"))
            tryCompare(chat.agent, "status", "reviewingToolCall")
        }
        function finish(chat, ends) {
            tryCompare(chat, "endCount", ends)
            compare(chat.agent.status, "idle")
        }
        function toolMessages(agent) {
            const found = []
            for (let i = 0; i < agent.messages.count; ++i) {
                const m = agent.messages.get(i)
                if (m.role === "tool")
                    found.push(m)
            }
            return found
        }
        function row(chat, index) {
            return findChild(chat.view, "call_" + index)
        }

        function test_aWaitingCallSurvivesARestart() {
            const path = testTempDir + "/approvals-restart.sqlite"
            const first = makeChat(path)
            ask(first)
            const conversation = first.agent.conversationId
            const pending = JSON.stringify(first.agent.pendingToolCalls)
            first.destroy() // the app quits; a new one opens the same file

            const second = makeChat(path)
            second.agent.conversationId = conversation
            compare(second.agent.status, "reviewingToolCall")
            compare(JSON.stringify(second.agent.pendingToolCalls), pending)
            compare(second.agent.messages.get(1).toolCalls.length, 1)
            const callId = second.agent.pendingToolCalls[0].id
            verify(second.agent.approveToolCall(callId))
            finish(second, 1)
            compare(second.received.length, 1, "the tool ran once")
            compare(second.received[0].path, "model.md")
            compare(second.agent.messages.get(second.agent.messages.count - 1).text, "Done.")
            const tool = toolMessages(second.agent)[0]
            compare(tool.metadata.approval.decision, "approved")
            compare(tool.metadata.approval.by, "user")
        }

        function test_conversationScopeRunsTheSameToolWithoutAskingUntilANewConversation() {
            const chat = makeChat()
            ask(chat)
            verify(chat.agent.approveToolCall(chat.agent.pendingToolCalls[0].id,
                                              { scope: "conversation" }))
            finish(chat, 1)
            let asked = 0
            chat.agent.pendingToolCallsChanged.connect(function () {
                if (chat.agent.pendingToolCalls.length > 0)
                    asked++
            })
            verify(chat.agent.send("again"))
            finish(chat, 2)
            compare(asked, 0, "not asked again in this conversation")
            compare(chat.received.length, 2)
            const second = toolMessages(chat.agent)[1]
            compare(second.metadata.approval.decision, "auto")
            compare(second.metadata.approval.scope, "conversation")
            compare(second.metadata.approval.by, "user")

            chat.agent.reset()
            ask(chat, "in a new conversation")
            compare(asked, 1, "a new conversation asks again")
        }

        function test_alwaysSetsTheToolsPolicy() {
            const chat = makeChat()
            ask(chat)
            verify(chat.agent.approveToolCall(chat.agent.pendingToolCalls[0].id,
                                              { scope: "always" }))
            compare(chat.agent.toolPolicies.save_note, "allow")
            finish(chat, 1)
            chat.agent.reset()
            verify(chat.agent.send("again"))
            finish(chat, 2)
            compare(chat.received.length, 2)
        }

        function test_theScopeIsChosenInThePrompt() {
            const chat = makeChat()
            ask(chat)
            const always = findChild(chat.view, "scope_always")
            verify(!always.checked)
            verify(findChild(chat.view, "scope_once").checked, "only this time by default")
            compare(findChild(chat.view, "scopeChoice").Accessible.role, Accessible.Grouping)
            mouseClick(always)
            verify(always.checked)
            mouseClick(findChild(chat.view, "approveButton"))
            finish(chat, 1)
            compare(chat.agent.toolPolicies.save_note, "allow")
        }

        function test_editedArgumentsReachTheToolAndAreRecorded() {
            const chat = makeChat()
            ask(chat)
            verify(chat.agent.approveToolCall(chat.agent.pendingToolCalls[0].id,
                                              { arguments: { path: "mine.md", text: "edited" } }))
            finish(chat, 1)
            compare(chat.received[0].path, "mine.md")
            compare(chat.received[0].text, "edited")
            const approval = toolMessages(chat.agent)[0].metadata.approval
            compare(approval.argumentsEdited, true)
            compare(JSON.parse(approval.originalArguments).path, "model.md")
            compare(chat.agent.messages.get(1).toolCalls[0].arguments.path, "mine.md",
                    "the history records what ran")
        }

        function test_approveAllAndDenyAllThroughThePrompt() {
            const chat = makeChat()
            chat.local.toolCalls = [{ name: "save_note", arguments: { path: "a.md" } },
                                    { name: "save_note", arguments: { path: "b.md" } }]
            ask(chat)
            compare(chat.agent.pendingToolCalls.length, 2)
            const all = findChild(chat.view, "approveAllButton")
            verify(all.visible)
            verify(!findChild(chat.view, "approveButton").visible)
            verify(row(chat, 1) !== null, "one row per call")
            mouseClick(all)
            finish(chat, 1)
            compare(chat.received.length, 2)

            ask(chat, "again")
            findChild(chat.view, "denyReason").text = "not now"
            mouseClick(findChild(chat.view, "denyAllButton"))
            finish(chat, 2)
            compare(chat.received.length, 2)
            const tools = toolMessages(chat.agent)
            verify(tools[2].denied && tools[3].denied)
            verify(tools[3].text.indexOf("not now") >= 0)
        }

        function test_approveAllAndDenyAllThroughTheApi() {
            const chat = makeChat()
            chat.local.toolCalls = [{ name: "save_note", arguments: { path: "a.md" } },
                                    { name: "read_note", arguments: {} }]
            ask(chat)
            verify(chat.agent.approveAll({ scope: "once" }))
            finish(chat, 1)
            compare(chat.received.length, 2)
            ask(chat, "again")
            verify(chat.agent.denyAll("no"))
            finish(chat, 2)
            verify(!chat.agent.approveAll(), "nothing left")
        }

        function test_policies() {
            const chat = makeChat()
            chat.agent.toolPolicies = { save_note: "deny" }
            verify(chat.agent.send("save it"))
            finish(chat, 1)
            compare(chat.received.length, 0, "a denied tool never runs")
            const denied = toolMessages(chat.agent)[0]
            verify(denied.denied)
            compare(denied.metadata.approval.by, "policy")

            chat.agent.autoAccept = "never"
            chat.agent.toolPolicies = { save_note: "allow" }
            verify(chat.agent.send("again"))
            finish(chat, 2)
            compare(chat.received.length, 1, "allowed without asking")

            chat.agent.autoAccept = "always"
            chat.agent.toolPolicies = { save_note: "ask" }
            ask(chat, "once more")
            chat.agent.toolPolicies = ({})
            finish(chat, 3) // the pending call is decided again: autoAccept runs it
            compare(chat.received.length, 2)
        }

        function test_thePromptTakesTheFocusAndGivesItBack() {
            const chat = makeChat()
            const input = findChild(chat.view, "senderInput")
            input.forceActiveFocus()
            verify(input.activeFocus)
            input.text = "save it"
            keyClick(Qt.Key_Return)
            tryCompare(chat.agent, "status", "reviewingToolCall")
            const approve = findChild(chat.view, "approveButton")
            const prompt = findChild(chat.view, "permissionPrompt")
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            // Keyboard only: Tab stays in the prompt until Approve, Space presses it.
            for (let i = 0; i < 8 && !approve.activeFocus; ++i) {
                keyClick(Qt.Key_Tab)
                verify(prompt.focusIsInside(), "Tab " + (i + 1) + " stays in the prompt")
            }
            verify(approve.activeFocus, "Tab reaches Approve inside the prompt")
            keyClick(Qt.Key_Space)
            finish(chat, 1)
            tryVerify(function () { return input.activeFocus }, 2000, "focus is back in the input")
        }

        function test_thePromptDoesNotTakeTheFocusFromSomeoneTyping() {
            const chat = makeChat()
            chat.agent.busyPolicy = "queue"
            const input = findChild(chat.view, "senderInput")
            input.forceActiveFocus()
            input.text = "half a thought"
            verify(chat.agent.send("save it"))
            tryCompare(chat.agent, "status", "reviewingToolCall")
            verify(findChild(chat.view, "permissionPrompt").visible)
            verify(input.activeFocus, "the input keeps the focus while text is typed")
            compare(input.text, "half a thought")
        }

        function test_theArgumentEditorRefusesInvalidJsonAndSchemaViolations() {
            const chat = makeChat()
            ask(chat)
            const first = row(chat, 0)
            const approve = findChild(chat.view, "approveButton")
            mouseClick(findChild(first, "editArgumentsButton"))
            const editor = findChild(first, "argumentsEditor")
            const error = findChild(first, "argumentsError")
            verify(editor.visible)
            verify(editor.activeFocus)
            compare(JSON.parse(editor.text).path, "model.md")
            verify(approve.enabled)

            editor.text = "{\"path\": "
            verify(!approve.enabled, "invalid JSON keeps Approve off")
            verify(error.visible)
            verify(error.text.indexOf("not valid JSON") >= 0, error.text)
            verify(!chat.agent.approveToolCall(chat.agent.pendingToolCalls[0].id,
                                               { arguments: editor.text }))

            editor.text = "{\"path\": 3}"
            verify(!approve.enabled, "a schema violation keeps Approve off")
            verify(error.text.indexOf("path") >= 0, error.text)

            editor.text = "{\"text\": \"no path\"}"
            verify(!approve.enabled)
            verify(error.text.indexOf("missing required property") >= 0, error.text)

            editor.text = "{\"path\": \"fixed.md\"}"
            verify(approve.enabled)
            verify(!error.visible)
            mouseClick(approve)
            finish(chat, 1)
            compare(chat.received[0].path, "fixed.md")
        }

        function test_newControlsHaveAccessibleNames() {
            const chat = makeChat()
            chat.local.toolCalls = [{ name: "save_note", arguments: { path: "a.md" } },
                                    { name: "read_note", arguments: {} }]
            ask(chat)
            for (const name of ["scopeChoice", "approveAllButton", "denyAllButton", "denyReason"])
                verify(findChild(chat.view, name).Accessible.name !== "", name)
            const first = row(chat, 0)
            for (const name of ["editArgumentsButton", "argumentsEditor", "approveCallButton",
                                "denyCallButton"])
                verify(findChild(first, name).Accessible.name !== "", name)
            verify(findChild(first, "approveCallButton").Accessible.name.indexOf("save_note") >= 0)
        }
    }
}
