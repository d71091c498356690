// SPDX-License-Identifier: MIT
import QtQuick
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 200

    TestCase {
        id: testCase
        name: "Sender"
        when: windowShown

        Component {
            id: senderComponent
            Sender {
                width: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "one two three four five six seven eight"; tokensPerSecond: 20 }
                }
            }
        }

        function make() {
            const sender = createTemporaryObject(senderComponent, stage)
            verify(sender)
            return { sender: sender, input: findChild(sender, "senderInput"),
                     button: findChild(sender, "senderButton"), notice: findChild(sender, "senderNotice") }
        }

        function test_enterSendsAndTheButtonMorphsIntoStop() {
            const s = make()
            compare(s.button.text, "Send")
            verify(!s.button.enabled, "nothing to send yet")
            s.input.forceActiveFocus()
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_I)
            verify(s.button.enabled)
            keyClick(Qt.Key_Return)
            compare(s.sender.controller.messages.count, 2)
            compare(s.sender.controller.messages.get(0).text, "hi")
            compare(s.input.text, "", "the input is cleared")
            verify(s.sender.controller.streaming)
            compare(s.button.text, "Stop")
            verify(s.button.enabled)
            mouseClick(s.button)
            compare(s.sender.controller.status, "interrupted")
            compare(s.button.text, "Send")
        }

        function test_shiftEnterBreaksTheLine() {
            const s = make()
            s.input.forceActiveFocus()
            keyClick(Qt.Key_A)
            keyClick(Qt.Key_Return, Qt.ShiftModifier)
            keyClick(Qt.Key_B)
            compare(s.input.text, "a\nb")
            compare(s.sender.controller.messages.count, 0)
            keyClick(Qt.Key_Enter) // the keypad Enter sends too
            compare(s.sender.controller.messages.count, 2)
            compare(s.sender.controller.messages.get(0).text, "a\nb")
        }

        function test_enterWhileStreamingDoesNotSend() {
            const s = make()
            s.sender.text = "first"
            verify(s.sender.submit())
            s.input.forceActiveFocus()
            keyClick(Qt.Key_X)
            keyClick(Qt.Key_Return)
            compare(s.sender.controller.messages.count, 2)
            compare(s.input.text, "x")
        }

        function test_aRefusedSendShowsTheReason() {
            const s = make()
            s.sender.text = "first"
            verify(s.sender.submit())
            s.sender.text = "second"
            verify(!s.sender.submit())
            verify(s.sender.rejection.length > 0)
            compare(s.notice.text, s.sender.rejection)
            verify(s.notice.visible)
            compare(s.sender.text, "second", "a refused message is kept")
        }

        Component {
            id: toolSenderComponent
            Sender {
                width: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "ok"; toolCalls: [{ name: "save_note" }] }
                    KoderTool { name: "save_note"; handler: function() { return "saved" } }
                }
            }
        }

        function test_disabledWithAReasonWhileAToolCallWaits() {
            const sender = createTemporaryObject(toolSenderComponent, stage)
            sender.text = "save"
            verify(sender.submit())
            tryCompare(sender.controller, "status", "reviewingToolCall")
            const input = findChild(sender, "senderInput")
            const notice = findChild(sender, "senderNotice")
            verify(!input.enabled)
            verify(notice.visible)
            verify(notice.text.length > 0)
            verify(!findChild(sender, "senderButton").enabled)
        }
    }
}
