// SPDX-License-Identifier: MIT
// AbstractPermissionPrompt (qml/templates/AbstractPermissionPrompt.qml) with a bare look written
// here: a row per call (with an arguments editor), a reason field and buttons bound to the
// template's actions. The keys, the commands, the edits, the focus and the accessibility of the
// root come from the template, whatever the look.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 400

    Component {
        id: bareComponent
        //! [custom-look]
        AbstractPermissionPrompt {
            id: prompt
            reasonItem: reasonField
            implicitWidth: 460
            implicitHeight: 300
            contentItem: Column {
                Repeater {
                    model: prompt.callRows
                    delegate: Row {
                        id: row
                        required property string callId
                        objectName: "row_" + row.callId
                        Label {
                            textFormat: Text.PlainText
                            text: prompt.argumentsText(prompt.callById(row.callId)?.arguments)
                        }
                        TextArea {
                            id: editor
                            objectName: "editor"
                            visible: prompt.isEditing(row.callId)
                            textFormat: TextEdit.PlainText
                            text: prompt.drafts[row.callId] ?? ""
                            onTextChanged: {
                                if (prompt.isEditing(row.callId)
                                        && editor.text !== prompt.drafts[row.callId])
                                    prompt.setDraft(row.callId, editor.text)
                            }
                            Keys.onPressed: (event) => prompt.handleEditorKey(event, row.callId)
                        }
                        Button {
                            objectName: "approveRow"
                            text: qsTr("Approve")
                            enabled: prompt.problemOf(row.callId) === ""
                            onClicked: prompt.approve(row.callId)
                            Keys.onPressed: (event) => prompt.handleApproveKey(event, row.callId)
                        }
                    }
                }
                TextField {
                    id: reasonField
                    objectName: "reason"
                    Keys.onPressed: (event) => prompt.handleKey(event)
                }
                Button {
                    objectName: "approve"
                    action: prompt.calls.length > 1 ? prompt.approveAllAction : prompt.approveAction
                    Keys.onPressed: (event) => prompt.handleApproveKey(event)
                }
                Button {
                    objectName: "deny"
                    action: prompt.calls.length > 1 ? prompt.denyAllAction : prompt.denyAction
                }
            }
        }
        //! [custom-look]
    }

    Component {
        id: agentComponent
        KoderAgentController {
            id: agent
            property int writes: 0
            property var received: []
            transport: KoderLocalAgent {
                reply: "done"
                toolCalls: [{ name: "save_note", arguments: { path: "notes.md" } }]
            }
            KoderTool {
                name: "save_note"
                description: "Saves a note to a file"
                parameters: ({ type: "object", properties: { path: { type: "string" } },
                               required: ["path"] })
                handler: function (args) {
                    agent.writes++
                    agent.received = agent.received.concat([args])
                    return "saved"
                }
            }
        }
    }

    // Where the focus returns once the calls are decided.
    TextField {
        id: elsewhere
        y: 380
        width: 100
    }

    SignalSpy {
        id: announcements
        signalName: "announcement"
    }

    TestCase {
        id: testCase
        name: "PermissionPromptTemplate"
        when: windowShown

        function make(toolCalls) {
            const agent = createTemporaryObject(agentComponent, testCase)
            verify(agent)
            if (toolCalls)
                agent.transport.toolCalls = toolCalls
            const prompt = createTemporaryObject(bareComponent, stage,
                                                 { controller: agent, focusReturn: elsewhere })
            verify(prompt)
            verify(!prompt.visible, "hidden while nothing waits")
            announcements.target = agent
            announcements.clear()
            verify(agent.send("save it"))
            tryVerify(function () { return prompt.visible })
            return { prompt: prompt, agent: agent, reason: findChild(prompt, "reason"),
                     approve: findChild(prompt, "approve"), deny: findChild(prompt, "deny") }
        }
        function rowOf(p, index) {
            return findChild(p.prompt, "row_" + p.prompt.calls[index].id)
        }

        function test_theRootIsAnAlertThatTakesTheFocus() {
            const p = make()
            compare(p.prompt.Accessible.role, Accessible.AlertMessage)
            compare(p.prompt.Accessible.name, "The tool save_note wants to run")
            compare(p.prompt.Accessible.description, "It can change things.")
            compare(p.prompt.focusPolicy, Qt.StrongFocus)
            compare(p.prompt.background, null, "the template draws nothing")
            verify(p.prompt.activeFocus, "it took the keyboard focus")
            verify(p.prompt.focusIsInside())
            compare(p.prompt.callRows.count, 1)
            compare(p.prompt.callRows.get(0).callId, p.prompt.call.id)
            compare(p.prompt.callDescription(p.prompt.call.id), "Saves a note to a file")
            compare(p.approve.text, "Approve", "the action names the button")
            compare(p.deny.text, "Deny")
        }

        // As before the split: the controller says it assertively; the prompt itself is heard
        // when it takes the focus.
        function test_theApprovalIsAnnounced() {
            const p = make()
            let found = false
            for (let i = 0; i < announcements.count; ++i) {
                const args = announcements.signalArguments[i]
                if (args[0] === Koder.AnnouncementKind.ApprovalNeeded
                        && args[1] === Koder.Politeness.Assertive)
                    found = true
            }
            verify(found, "an assertive ApprovalNeeded announcement")
        }

        function test_enterApprovesOnlyOnAnApproveButton() {
            const p = make()
            p.reason.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.agent.status, "reviewingToolCall", "Enter in the reason field does nothing")
            p.deny.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.agent.status, "reviewingToolCall", "Enter on Deny does nothing")
            p.approve.forceActiveFocus()
            keyClick(Qt.Key_Return)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.writes, 1)
            verify(!p.prompt.visible)
            tryVerify(function () { return elsewhere.activeFocus }, 2000, "the focus went back")
        }

        function test_escapeDeniesWithTheTypedReason() {
            const p = make()
            p.reason.forceActiveFocus()
            keyClick(Qt.Key_N)
            keyClick(Qt.Key_O)
            compare(p.prompt.reason, "no", "the template follows what is typed")
            keyClick(Qt.Key_Escape)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.writes, 0)
            const tool = p.agent.messages.get(2)
            verify(tool.denied)
            verify(tool.text.indexOf("no") >= 0, tool.text)
            compare(p.prompt.reason, "")
            compare(p.reason.text, "", "the field is emptied")
        }

        function test_theReasonAndTheFieldFollowEachOther() {
            const p = make()
            p.prompt.reason = "from the template"
            compare(p.reason.text, "from the template")
            p.reason.text = "from the look"
            compare(p.prompt.reason, "from the look")
        }

        function test_theActionsFollowTheEdits() {
            const p = make()
            const id = p.prompt.call.id
            verify(p.prompt.approveAction.enabled)
            verify(p.prompt.denyAction.enabled)
            p.prompt.setDraft(id, undefined)
            verify(p.prompt.isEditing(id))
            verify(!p.prompt.isEdited(id), "the model's arguments, unchanged")
            verify(p.prompt.approveAction.enabled)
            p.prompt.setDraft(id, "{\"path\": 3}")
            verify(p.prompt.problemOf(id) !== "")
            verify(!p.prompt.approveAction.enabled, "an edit that does not fit")
            verify(!p.approve.enabled)
            verify(!p.prompt.approve())
            p.prompt.setDraft(id, "{\"path\": \"mine.md\"}")
            verify(p.prompt.approveAction.enabled)
            p.prompt.approveAction.trigger()
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.received[0].path, "mine.md")
            verify(!p.prompt.approveAction.enabled, "nothing waits")
        }

        function test_escapeInTheEditorDiscardsTheEdit() {
            const p = make()
            const id = p.prompt.call.id
            p.prompt.setDraft(id, undefined)
            const editor = findChild(rowOf(p, 0), "editor")
            verify(editor.visible)
            compare(JSON.parse(editor.text).path, "notes.md", "the edit starts from the model's")
            editor.forceActiveFocus()
            editor.cursorPosition = 0
            keyClick(Qt.Key_X)
            verify(p.prompt.isEdited(id), "typing edits the draft")
            verify(p.prompt.problemOf(id).length > 0, "not JSON any more")
            keyClick(Qt.Key_Escape)
            verify(!p.prompt.isEditing(id), "the edit is forgotten")
            compare(p.agent.status, "reviewingToolCall", "nothing was denied")
        }

        // Whatever the look: in the editor Tab moves on, Enter adds a line, Ctrl+Enter approves.
        function test_editorKeys() {
            const p = make()
            const id = p.prompt.call.id
            p.prompt.setDraft(id, "{\"path\": \"keys.md\"}")
            const row = rowOf(p, 0)
            const editor = findChild(row, "editor")
            editor.forceActiveFocus()
            editor.cursorPosition = editor.length
            keyClick(Qt.Key_Tab)
            verify(findChild(row, "approveRow").activeFocus, "Tab reaches the next control")
            keyClick(Qt.Key_Backtab)
            verify(editor.activeFocus, "Shift+Tab the previous one")
            compare(p.prompt.drafts[id], "{\"path\": \"keys.md\"}", "no tab was typed")
            keyClick(Qt.Key_Return)
            compare(p.prompt.drafts[id], "{\"path\": \"keys.md\"}\n", "Enter adds a line")
            compare(p.agent.status, "reviewingToolCall")
            keyClick(Qt.Key_Return, Qt.ControlModifier)
            compare(p.agent.pendingToolCalls.length, 0, "Ctrl+Enter approves")
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.received[0].path, "keys.md")
        }

        function test_eachPromptStartsAtOnce() {
            const p = make()
            p.prompt.scope = "conversation"
            p.agent.reset() // another conversation, which asks again
            verify(p.agent.send("in another conversation"))
            tryVerify(function () { return p.prompt.visible })
            compare(p.prompt.scope, "once")
            p.prompt.scope = "always"
            verify(p.prompt.deny())
            tryCompare(p.agent, "status", "idle")
            verify(p.agent.send("again"))
            tryVerify(function () { return p.prompt.visible })
            compare(p.prompt.scope, "once", "after a decision")
        }

        function test_theScopeIsPassed() {
            const p = make()
            p.prompt.scope = "always"
            mouseClick(p.approve)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.toolPolicies.save_note, "allow")
        }

        function test_severalCalls() {
            const p = make([{ name: "save_note", arguments: { path: "a.md" } },
                            { name: "save_note", arguments: { path: "b.md" } }])
            compare(p.prompt.calls.length, 2)
            compare(p.prompt.Accessible.name, "2 tools want to run")
            compare(p.prompt.Accessible.description, "Approve or deny each call, or all of them.")
            compare(p.prompt.callRows.count, 2)
            compare(p.approve.text, "Approve all")
            verify(p.prompt.approveAllAction.enabled)
            const second = rowOf(p, 1)
            const secondId = p.prompt.calls[1].id
            p.prompt.setDraft(secondId, "{\"path\": 1}")
            verify(!p.prompt.allApprovable())
            verify(!p.prompt.approveAllAction.enabled, "waits until every edit fits")
            p.prompt.setDraft(secondId, null)
            // Enter on the first row's Approve decides that call only; the other row stays.
            findChild(rowOf(p, 0), "approveRow").forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.prompt.calls.length, 1)
            compare(rowOf(p, 0), second, "the row of the call left is the same item")
            compare(p.prompt.Accessible.name, "The tool save_note wants to run")
            compare(p.approve.text, "Approve")
            // Escape in the prompt denies what is left.
            p.prompt.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.writes, 1)
            compare(p.agent.received[0].path, "a.md")
        }

        function test_enterOnApproveAllAndEscapeDenyAll() {
            const p = make([{ name: "save_note", arguments: { path: "a.md" } },
                            { name: "save_note", arguments: { path: "b.md" } }])
            p.approve.forceActiveFocus()
            keyClick(Qt.Key_Return)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.writes, 2)

            verify(p.agent.send("again"))
            tryVerify(function () { return p.prompt.visible })
            compare(p.prompt.calls.length, 2)
            p.reason.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            tryCompare(p.agent, "status", "idle")
            compare(p.agent.writes, 2, "Escape denied both")
        }
    }
}
