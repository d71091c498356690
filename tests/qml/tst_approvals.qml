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
                //! [tools]
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
                //! [tools]
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
        // Waits until no item under \a item waits for a relayout (positions are final).
        function settle(item) {
            function polished(it) {
                if (isPolishScheduled(it))
                    return false
                for (let i = 0; i < it.children.length; ++i)
                    if (!polished(it.children[i]))
                        return false
                return true
            }
            tryVerify(function () { return polished(item) }, 2000, "the layout settles")
        }
        // Clicks \a item of the prompt as a user would: laid out, scrolled into sight.
        function click(chat, item) {
            settle(chat.view)
            findChild(chat.view, "permissionPrompt").reveal(item)
            const calls = findChild(chat.view, "promptCalls")
            if (isInside(item, calls)) {
                const at = item.mapToItem(calls, 0, item.height / 2)
                verify(at.y >= 0 && at.y <= calls.height, item.objectName + " is in sight")
            }
            mouseClick(item)
        }
        function isInside(item, ancestor) {
            for (let p = item; p; p = p.parent)
                if (p === ancestor)
                    return true
            return false
        }
        function editArguments(chat, index, text) {
            const r = row(chat, index)
            click(chat, findChild(r, "editArgumentsButton"))
            const editor = findChild(r, "argumentsEditor")
            verify(editor.visible)
            editor.text = text
            return editor
        }

        function test_aWaitingCallSurvivesARestart() {
            //! [durable]
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
            //! [durable]
        }

        function test_conversationScopeRunsTheSameToolWithoutAskingUntilANewConversation() {
            //! [scope-conversation]
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
            //! [scope-conversation]
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
            click(chat, always)
            verify(always.checked)
            click(chat, findChild(chat.view, "approveButton"))
            finish(chat, 1)
            compare(chat.agent.toolPolicies.save_note, "allow")
        }

        function test_editedArgumentsReachTheToolAndAreRecorded() {
            //! [edited-arguments]
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
            //! [edited-arguments]
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
            click(chat, all)
            finish(chat, 1)
            compare(chat.received.length, 2)

            ask(chat, "again")
            findChild(chat.view, "denyReason").text = "not now"
            click(chat, findChild(chat.view, "denyAllButton"))
            finish(chat, 2)
            compare(chat.received.length, 2)
            const tools = toolMessages(chat.agent)
            verify(tools[2].denied && tools[3].denied)
            verify(tools[3].text.indexOf("not now") >= 0)
        }

        function test_approveAllAndDenyAllThroughTheApi() {
            //! [approve-all]
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
            //! [approve-all]
        }

        function test_policies() {
            //! [policies]
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
            //! [policies]
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
            click(chat, findChild(first, "editArgumentsButton"))
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
            click(chat, approve)
            finish(chat, 1)
            compare(chat.received[0].path, "fixed.md")
        }

        function twoCalls(chat) {
            chat.local.toolCalls = [{ name: "save_note", arguments: { path: "a.md" } },
                                    { name: "save_note", arguments: { path: "b.md" } }]
            ask(chat)
            compare(chat.agent.pendingToolCalls.length, 2)
        }

        // An edit belongs to its call: deciding another call leaves it open and as typed.
        function test_anEditStaysWithItsCallWhileAnotherIsDecided() {
            const chat = makeChat()
            twoCalls(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            const second = row(chat, 1)
            const editor = editArguments(chat, 1, "{\"path\": \"mine.md\"}")
            const deny = findChild(row(chat, 0), "denyCallButton")
            deny.forceActiveFocus()
            keyClick(Qt.Key_Space)
            compare(chat.agent.pendingToolCalls.length, 1)
            compare(row(chat, 0), second, "the row of the call left is the same item")
            verify(second.editing)
            compare(editor.text, "{\"path\": \"mine.md\"}")
            verify(prompt.focusIsInside(), "the focus stays in the prompt")
            const approve = findChild(chat.view, "approveButton")
            verify(approve.visible && approve.enabled)
            click(chat, approve)
            finish(chat, 1)
            compare(chat.received.length, 1)
            compare(chat.received[0].path, "mine.md")
            const tools = toolMessages(chat.agent)
            verify(tools[0].denied)
            compare(tools[1].metadata.approval.argumentsEdited, true)
        }

        function test_approveAllPassesEveryEdit() {
            const chat = makeChat()
            twoCalls(chat)
            editArguments(chat, 1, "{\"path\": \"edited1.md\"}")
            editArguments(chat, 0, "{\"path\": \"edited0.md\"}")
            click(chat, findChild(chat.view, "approveAllButton"))
            finish(chat, 1)
            compare(chat.received.map(a => a.path).sort().join(" "), "edited0.md edited1.md")
            const tools = toolMessages(chat.agent)
            compare(tools.length, 2)
            verify(tools[0].metadata.approval.argumentsEdited && tools[1].metadata.approval.argumentsEdited)
        }

        function test_approveAllWaitsUntilEveryEditFits() {
            const chat = makeChat()
            twoCalls(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            const all = findChild(chat.view, "approveAllButton")
            editArguments(chat, 1, "{\"path\": 1}")
            verify(!all.enabled)
            verify(!findChild(row(chat, 1), "approveCallButton").enabled)
            verify(findChild(row(chat, 0), "approveCallButton").enabled)
            verify(findChild(row(chat, 1), "argumentsError").visible)
            verify(!prompt.approveAll(), "refused while an edit does not fit")
            compare(chat.agent.pendingToolCalls.length, 2, "nothing was decided")
            compare(chat.received.length, 0)
            findChild(row(chat, 1), "argumentsEditor").text = "{\"path\": \"one.md\"}"
            verify(all.enabled)
            click(chat, all)
            finish(chat, 1)
            compare(chat.received.map(a => a.path).sort().join(" "), "a.md one.md")
        }

        function test_escapeDeniesEveryCall() {
            const chat = makeChat()
            twoCalls(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            tryVerify(function () { return prompt.focusIsInside() })
            keyClick(Qt.Key_Escape)
            finish(chat, 1)
            compare(chat.received.length, 0)
            const tools = toolMessages(chat.agent)
            compare(tools.length, 2)
            verify(tools[0].denied && tools[1].denied)
        }

        // Keyboard only with several calls: deny one in its row, approve the other.
        function test_severalCallsByKeyboardOnly() {
            const chat = makeChat()
            chat.local.toolCalls = [{ name: "save_note", arguments: { path: "a.md" } },
                                    { name: "save_note", arguments: { path: "b.md" } }]
            const input = findChild(chat.view, "senderInput")
            input.forceActiveFocus()
            input.text = "save both"
            keyClick(Qt.Key_Return)
            tryCompare(chat.agent, "status", "reviewingToolCall")
            const prompt = findChild(chat.view, "permissionPrompt")
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            const denyFirst = findChild(row(chat, 0), "denyCallButton")
            for (let i = 0; i < 12 && !denyFirst.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(denyFirst.activeFocus, "Tab reaches the first row's Deny")
            keyClick(Qt.Key_Space)
            compare(chat.agent.pendingToolCalls.length, 1)
            verify(prompt.focusIsInside(), "the focus stays in the prompt")
            const approve = findChild(chat.view, "approveButton")
            for (let i = 0; i < 12 && !approve.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(approve.activeFocus, "Tab reaches Approve")
            keyClick(Qt.Key_Return)
            finish(chat, 1)
            compare(chat.received.length, 1)
            compare(chat.received[0].path, "b.md")
            tryVerify(function () { return input.activeFocus }, 2000, "focus is back in the input")
        }

        // Many calls scroll inside the prompt; Tab brings the focused control into sight.
        function test_manyCallsScrollAndTabRevealsTheFocusedControl() {
            const chat = makeChat()
            const calls = []
            for (let i = 0; i < 6; ++i)
                calls.push({ name: "save_note", arguments: { path: "n" + i + ".md" } })
            chat.local.toolCalls = calls
            ask(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            const view = findChild(chat.view, "promptCalls")
            settle(chat.view)
            verify(view.contentHeight > view.height, "the calls scroll")
            verify(view.height <= prompt.maximumCallsHeight)
            verify(prompt.height < chat.height, "the prompt fits in the window")
            compare(view.contentY, 0)
            tryVerify(function () { return prompt.focusIsInside() })
            const last = findChild(row(chat, 5), "approveCallButton")
            for (let i = 0; i < 30 && !last.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(last.activeFocus, "Tab reaches the last row's Approve")
            verify(view.contentY > 0, "scrolled")
            const at = last.mapToItem(view, 0, 0)
            verify(at.y >= 0 && at.y + last.height <= view.height, "the focused button is in sight")
            keyClick(Qt.Key_Return)
            compare(chat.agent.pendingToolCalls.length, 5)
            verify(chat.agent.pendingToolCalls.every(c => c.arguments.path !== "n5.md"))
        }

        // Keyboard only (issue 30): in the arguments editor Enter adds a line, Tab and Shift+Tab
        // move the focus instead of typing a tab, and Ctrl+Enter approves with the edits.
        function test_editArgumentsAndApproveByKeyboardOnly() {
            const chat = makeChat()
            ask(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            const first = row(chat, 0)
            const edit = findChild(first, "editArgumentsButton")
            for (let i = 0; i < 8 && !edit.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(edit.activeFocus, "Tab reaches Edit arguments")
            keyClick(Qt.Key_Space)
            const editor = findChild(first, "argumentsEditor")
            tryCompare(editor, "activeFocus", true)
            editor.text = "{\"path\": \"typed.md\"}"
            editor.cursorPosition = editor.length
            keyClick(Qt.Key_Return)
            compare(editor.text, "{\"path\": \"typed.md\"}\n", "Enter adds a line")
            compare(chat.agent.status, "reviewingToolCall", "Enter approves nothing")

            keyClick(Qt.Key_Tab)
            verify(!editor.activeFocus, "Tab leaves the editor")
            verify(editor.text.indexOf("\t") < 0, "no tab was typed")
            verify(findChild(chat.view, "scope_once").activeFocus,
                   "Tab reaches the next control, the first scope choice")
            keyClick(Qt.Key_Backtab)
            verify(editor.activeFocus, "Shift+Tab comes back to the editor")
            keyClick(Qt.Key_Tab, Qt.ShiftModifier)
            verify(edit.activeFocus, "Shift+Tab goes on to Edit arguments")
            keyClick(Qt.Key_Tab)
            verify(editor.activeFocus)
            compare(editor.text, "{\"path\": \"typed.md\"}\n", "neither typed a tab")

            // From the editor, Approve is a few Tabs away, inside the prompt.
            const approve = findChild(chat.view, "approveButton")
            let presses = 0
            while (presses < 6 && !approve.activeFocus) {
                keyClick(Qt.Key_Tab)
                ++presses
                verify(prompt.focusIsInside(), "Tab " + presses + " stays in the prompt")
            }
            verify(approve.activeFocus, "Tab reaches Approve from the editor")
            editor.forceActiveFocus()

            // Ctrl+Enter does not approve what does not fit, and adds no line.
            editor.text = "{\"path\": 3}"
            editor.cursorPosition = editor.length
            keyClick(Qt.Key_Return, Qt.ControlModifier)
            compare(chat.agent.pendingToolCalls.length, 1, "refused while the edit does not fit")
            compare(editor.text, "{\"path\": 3}", "Ctrl+Enter adds no line")
            verify(findChild(first, "argumentsError").visible)

            editor.text = "{\"path\": \"typed.md\"}"
            keyClick(Qt.Key_Enter, Qt.ControlModifier | Qt.KeypadModifier)
            compare(chat.agent.pendingToolCalls.length, 0, "Ctrl+Enter approved")
            finish(chat, 1)
            compare(chat.received.length, 1)
            compare(chat.received[0].path, "typed.md", "the tool ran with the edited arguments")
            compare(toolMessages(chat.agent)[0].metadata.approval.argumentsEdited, true)
            const input = findChild(chat.view, "senderInput")
            tryVerify(function () { return input.activeFocus }, 2000, "focus is back in the input")
        }

        // With several calls Ctrl+Enter approves the call whose arguments are edited.
        function test_ctrlReturnApprovesTheEditedCallOnly() {
            const chat = makeChat()
            twoCalls(chat)
            const editor = editArguments(chat, 1, "{\"path\": \"second.md\"}")
            editor.forceActiveFocus()
            keyClick(Qt.Key_Return, Qt.ControlModifier)
            compare(chat.agent.pendingToolCalls.length, 1)
            compare(chat.agent.pendingToolCalls[0].arguments.path, "a.md", "the other call waits")
            click(chat, findChild(chat.view, "denyButton"))
            finish(chat, 1)
            compare(chat.received.length, 1)
            compare(chat.received[0].path, "second.md")
        }

        // Each new prompt starts at "Only this time" (issue 30): the last choice does not carry
        // over, neither to the next call of the conversation nor to another conversation.
        function test_eachNewPromptStartsAtOnlyThisTime() {
            const chat = makeChat()
            ask(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            click(chat, findChild(chat.view, "scope_conversation"))
            compare(prompt.scope, "conversation")
            click(chat, findChild(chat.view, "denyButton"))
            finish(chat, 1)

            ask(chat, "again, after the first was decided")
            verify(findChild(chat.view, "scope_once").checked, "the next call asks for once")
            verify(!findChild(chat.view, "scope_conversation").checked)
            compare(prompt.scope, "once")
            click(chat, findChild(chat.view, "scope_conversation"))
            click(chat, findChild(chat.view, "approveButton"))
            finish(chat, 2)

            chat.agent.reset()
            ask(chat, "in another conversation")
            verify(findChild(chat.view, "scope_once").checked, "another conversation asks for once")
            compare(prompt.scope, "once")
        }

        // The scope stays as chosen while the calls of one prompt are decided one by one.
        function test_theScopeHoldsWithinOnePrompt() {
            const chat = makeChat()
            twoCalls(chat)
            const prompt = findChild(chat.view, "permissionPrompt")
            click(chat, findChild(chat.view, "scope_always"))
            click(chat, findChild(row(chat, 0), "denyCallButton"))
            compare(chat.agent.pendingToolCalls.length, 1)
            compare(prompt.scope, "always")
            verify(findChild(chat.view, "scope_always").checked)
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
