// SPDX-License-Identifier: MIT
// AbstractSender (qml/templates/AbstractSender.qml) with a bare look written here, a text area
// and a button bound to the template's actions: the keyboard rules, the commands, the state and
// the accessibility of the root come from the template, whatever the look.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 200

    Component {
        id: bareComponent
        //! [custom-look]
        AbstractSender {
            id: sender
            inputItem: field
            implicitWidth: 400
            implicitHeight: 80
            contentItem: Row {
                TextArea {
                    id: field
                    objectName: "field"
                    width: 300
                    textFormat: TextEdit.PlainText
                    Accessible.name: qsTr("Message")
                    Keys.onPressed: (event) => sender.handleKey(event)
                }
                Button {
                    objectName: "button"
                    action: sender.streaming ? sender.stopAction : sender.sendAction
                }
            }
        }
        //! [custom-look]
    }

    Component {
        id: agentComponent
        KoderAgentController {
            transport: KoderLocalAgent {
                reply: "one two three four five six seven eight"
                tokensPerSecond: 20
            }
        }
    }

    Component {
        id: toolAgentComponent
        KoderAgentController {
            transport: KoderLocalAgent { reply: "ok"; toolCalls: [{ name: "save_note" }] }
            KoderTool { name: "save_note"; handler: function () { return "saved" } }
        }
    }

    TestCase {
        id: testCase
        name: "SenderTemplate"
        when: windowShown

        function make(agentComponentToUse) {
            const agent = createTemporaryObject(agentComponentToUse || agentComponent, testCase)
            verify(agent)
            const sender = createTemporaryObject(bareComponent, stage, { controller: agent })
            verify(sender)
            return { sender: sender, agent: agent, field: findChild(sender, "field"),
                     button: findChild(sender, "button") }
        }

        // The root: a Pane (a focus scope taking no focus itself), no visuals of its own.
        function test_theRootIsAnAccessiblePaneWithoutVisuals() {
            const s = make()
            compare(s.sender.Accessible.role, Accessible.Pane)
            compare(s.sender.focusPolicy, Qt.NoFocus)
            compare(s.sender.background, null, "the template draws nothing")
            compare(s.sender.inputItem, s.field)
            compare(s.button.text, "Send", "the action names the button")
        }

        function test_enterSendsAndEmptiesTheInput() {
            const s = make()
            s.field.forceActiveFocus()
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_I)
            compare(s.sender.text, "hi", "the template follows what is typed")
            verify(s.sender.sendAction.enabled)
            keyClick(Qt.Key_Return)
            compare(s.agent.messages.count, 2)
            compare(s.agent.messages.get(0).text, "hi")
            compare(s.field.text, "")
            compare(s.sender.text, "")
            verify(s.sender.streaming)
            compare(s.button.text, "Stop")
        }

        function test_shiftEnterStartsANewLineAndTheKeypadEnterSends() {
            const s = make()
            s.field.forceActiveFocus()
            keyClick(Qt.Key_A)
            keyClick(Qt.Key_Return, Qt.ShiftModifier)
            keyClick(Qt.Key_B)
            compare(s.field.text, "a\nb")
            compare(s.agent.messages.count, 0)
            keyClick(Qt.Key_Enter)
            compare(s.agent.messages.count, 2)
            compare(s.agent.messages.get(0).text, "a\nb")
        }

        function test_enterWithOnlyWhiteSpaceSendsNothing() {
            const s = make()
            s.field.forceActiveFocus()
            keyClick(Qt.Key_Space)
            verify(!s.sender.sendAction.enabled)
            keyClick(Qt.Key_Return)
            compare(s.agent.messages.count, 0)
            compare(s.field.text, " ", "Enter was taken, not typed")
        }

        function test_enterWhileAReplyStreamsFollowsTheBusyPolicy() {
            const s = make()
            s.sender.text = "first"
            verify(s.sender.submit())
            s.field.forceActiveFocus()
            keyClick(Qt.Key_X)
            verify(!s.sender.sendAction.enabled, "reject: nothing to send while it streams")
            keyClick(Qt.Key_Return)
            compare(s.agent.messages.count, 2, "reject: not sent")
            compare(s.field.text, "x", "kept for later")

            s.agent.busyPolicy = "queue"
            verify(s.sender.sendsWhileBusy)
            verify(s.sender.sendAction.enabled)
            keyClick(Qt.Key_Return)
            compare(s.field.text, "", "queued")
            compare(s.sender.queuedMessages.length, 1)
            compare(s.sender.queuedMessages[0].text, "x")
            verify(s.sender.removeQueued(s.sender.queuedMessages[0].id))
            compare(s.sender.queuedMessages.length, 0)
            verify(!s.sender.removeQueued("no such id"))
        }

        function test_theActionsFollowTheController() {
            const s = make()
            verify(!s.sender.sendAction.enabled, "nothing to send")
            verify(!s.sender.stopAction.enabled, "nothing to stop")
            s.sender.text = "go"
            verify(s.sender.sendAction.enabled)
            s.sender.sendAction.trigger()
            compare(s.agent.messages.count, 2)
            verify(s.sender.stopAction.enabled)
            mouseClick(s.button) // Stop, through the action the look bound
            compare(s.agent.status, "interrupted")
            verify(!s.sender.stopAction.enabled)
            compare(s.button.text, "Send")
        }

        function test_theTextAndTheInputFollowEachOther() {
            const s = make()
            s.sender.text = "from the template"
            compare(s.field.text, "from the template")
            s.field.text = "from the look"
            compare(s.sender.text, "from the look")
        }

        function test_aTextGivenAtCreationReachesTheInput() {
            const sender = createTemporaryObject(bareComponent, stage, { text: "draft" })
            verify(sender)
            compare(findChild(sender, "field").text, "draft")
        }

        function test_aRefusedSendSetsTheNotice() {
            const s = make()
            compare(s.sender.notice, "")
            s.sender.text = "first"
            verify(s.sender.submit())
            s.sender.text = "second"
            verify(!s.sender.submit())
            verify(s.sender.rejection.length > 0)
            compare(s.sender.notice, s.sender.rejection)
            compare(s.field.text, "second", "a refused message is kept")
        }

        function test_blockedWhileAToolCallWaits() {
            const s = make(toolAgentComponent)
            s.sender.text = "save"
            verify(s.sender.submit())
            tryCompare(s.agent, "status", "reviewingToolCall")
            verify(s.sender.awaitingApproval)
            verify(s.sender.blocked)
            compare(s.sender.notice, "Approve or deny the tool call first.")
            const count = s.agent.messages.count
            s.sender.text = "more"
            verify(!s.sender.sendAction.enabled)
            verify(!s.sender.submit())
            compare(s.agent.messages.count, count, "nothing sent while blocked")
            compare(s.sender.text, "more")
        }

        // Without a controller nothing is sent and nothing breaks.
        function test_withoutAController() {
            const sender = createTemporaryObject(bareComponent, stage)
            verify(sender)
            sender.text = "hello"
            verify(!sender.submit())
            verify(!sender.streaming && !sender.blocked && !sender.sendsWhileBusy)
            compare(sender.queuedMessages.length, 0)
            verify(!sender.removeQueued("x"))
            sender.stopAction.trigger() // disabled: no effect, no error
            compare(sender.text, "hello")
        }

        // The keyboard rules are the template's, in any look: Tab and Shift+Tab move the
        // focus, Escape stops a streaming reply.
        function test_tabMovesTheFocusAndEscapeStops() {
            const s = make()
            s.field.forceActiveFocus()
            keyClick(Qt.Key_G)
            keyClick(Qt.Key_Tab)
            compare(s.field.text, "g", "no tab character")
            tryCompare(s.button, "activeFocus", true)
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryCompare(s.field, "activeFocus", true)
            keyClick(Qt.Key_Return)
            verify(s.sender.streaming)
            keyClick(Qt.Key_Escape)
            compare(s.agent.status, "interrupted")
        }

        // Files: checked as they are added, sent with the text, then cleared.
        function test_attachmentsAreCheckedAndSent() {
            const s = make()
            compare(s.sender.attachments.length, 0)
            verify(s.sender.maximumAttachmentBytes > 0)
            verify(!s.sender.addAttachment("data:application/zip;base64," + Qt.btoa("PK"), "a.zip"))
            verify(s.sender.rejection.indexOf("a.zip") >= 0, s.sender.rejection)
            compare(s.sender.notice, s.sender.rejection)
            verify(s.sender.addAttachment("data:text/plain;base64," + Qt.btoa("hello"), "a.txt"))
            compare(s.sender.rejection, "", "a successful attach clears the refusal")
            compare(s.sender.attachments[0].size, 5)
            verify(s.sender.sendAction.enabled, "a file alone can be sent")
            verify(!s.sender.removeAttachment(3))
            verify(s.sender.submit())
            compare(s.agent.messages.get(0).attachments.length, 1)
            compare(s.agent.messages.get(0).attachments[0].name, "a.txt")
            compare(s.sender.attachments.length, 0)
        }
    }
}
