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

        // The look takes its colours from the palette: light and dark.
        function test_palettes_data() {
            return [
                { tag: "light", window: "#f2f2f2", text: "#1a1a1a" },
                { tag: "dark", window: "#202020", text: "#e8e8e8" }
            ]
        }
        function test_palettes(data) {
            const s = make()
            s.sender.palette.window = data.window
            s.sender.palette.windowText = data.text
            s.sender.palette.text = data.text
            s.sender.palette.base = data.window
            s.sender.rejection = "Not now." // shows the notice
            verify(s.notice.visible)
            compare(String(s.sender.background.color), data.window)
            compare(String(s.notice.color), data.text)
            waitForRendering(s.sender)
            const image = grabImage(s.sender)
            verify(image.width > 0 && image.height > 0, "something was rendered")
            compare(String(image.pixel(1, 1)), data.window, "the background is the window colour")
            let inked = false // the notice's text is drawn in the text colour's tones
            for (let x = 0; x < image.width && !inked; ++x)
                for (let y = 0; y < s.notice.y + s.notice.height && !inked; ++y)
                    inked = String(image.pixel(x, y)) !== data.window
            verify(inked, "not a blank surface")
        }
    }
}
