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

        // A slow reply that streams long enough for the keys to stop it, inside an item that
        // counts the Escape presses the Sender leaves to what is around it.
        Component {
            id: slowComponent
            Item {
                id: around
                property int escapes: 0
                readonly property Sender sender: slowSender
                width: 480
                height: 200
                Keys.onEscapePressed: around.escapes++
                Sender {
                    id: slowSender
                    width: 480
                    controller: KoderAgentController {
                        transport: KoderLocalAgent {
                            reply: "one two three four five six seven eight nine ten"
                            tokensPerSecond: 2
                        }
                    }
                }
            }
        }

        function makeSlow() {
            const around = createTemporaryObject(slowComponent, stage)
            verify(around)
            const sender = around.sender
            return { around: around, sender: sender, input: findChild(sender, "senderInput"),
                     button: findChild(sender, "senderButton"),
                     attach: findChild(sender, "attachButton") }
        }

        // Tab moves the focus on (no tab character): from the input to Send, and Shift+Tab
        // back to the input, then to Attach before it.
        function test_tabAndShiftTabMoveTheFocus() {
            const s = makeSlow()
            s.input.forceActiveFocus()
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_I)
            keyClick(Qt.Key_Tab)
            compare(s.input.text, "hi", "Tab typed nothing")
            tryCompare(s.button, "activeFocus", true)
            compare(s.button.text, "Send")
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryCompare(s.input, "activeFocus", true)
            compare(s.input.text, "hi")
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryCompare(s.attach, "activeFocus", true)
            keyClick(Qt.Key_Tab)
            tryCompare(s.input, "activeFocus", true)
            compare(s.input.text, "hi")
        }

        // Stop is reachable by Tab while a reply streams, shows its focus, and Space stops.
        function test_tabToStopAndSpaceStops() {
            const s = makeSlow()
            s.input.forceActiveFocus()
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_Return)
            verify(s.sender.controller.streaming)
            tryCompare(s.input, "activeFocus", true)
            keyClick(Qt.Key_Tab)
            tryCompare(s.button, "activeFocus", true)
            compare(s.button.text, "Stop")
            verify(s.button.visualFocus, "focused by the keyboard")
            const ring = findChild(s.button, "focusRing")
            verify(ring && ring.visible, "a visible focus ring")
            verify(Qt.colorEqual(ring.border.color, KoderTheme.focusColor(s.sender.palette)))
            keyClick(Qt.Key_Space)
            compare(s.sender.controller.status, "interrupted")
            verify(!s.sender.controller.streaming)
        }

        // Escape in the input stops a streaming reply; otherwise it goes on to what is around.
        function test_escapeStopsAStreamingReply() {
            const s = makeSlow()
            s.input.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            compare(s.around.escapes, 1, "nothing streams: Escape is left alone")
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_Return)
            verify(s.sender.controller.streaming)
            keyClick(Qt.Key_Escape)
            compare(s.sender.controller.status, "interrupted")
            verify(!s.sender.controller.streaming)
            compare(s.around.escapes, 1, "the Sender took this one")
            keyClick(Qt.Key_Escape)
            compare(s.around.escapes, 2)
        }

        // The input is outlined (not a caption on the window) in light and dark palettes, in
        // the focus colour while it has the focus.
        function test_theInputIsOutlined_data() {
            return [
                { tag: "light", window: "#efefef", base: "#ffffff", text: "#1a1a1a", highlight: "#3063d6" },
                { tag: "dark", window: "#202020", base: "#2a2a2a", text: "#e8e8e8", highlight: "#5b8def" }
            ]
        }
        function test_theInputIsOutlined(data) {
            const s = makeSlow()
            const p = s.sender.palette
            p.window = data.window
            p.base = data.base
            p.alternateBase = data.base
            p.text = data.text
            p.windowText = data.text
            p.highlight = data.highlight
            // The left edge of the text area's frame, halfway down: its outline.
            const frame = s.input.parent.parent.parent // the ScrollView around the input
            const near = (a, b) => Math.abs(a.r - b.r) < 0.02 && Math.abs(a.g - b.g) < 0.02
                                   && Math.abs(a.b - b.b) < 0.02
            const edge = () => {
                waitForRendering(s.sender)
                const image = grabImage(s.sender)
                const point = s.input.mapToItem(s.sender, 0, s.input.height / 2)
                return image.pixel(Math.round(point.x), Math.round(point.y))
            }
            s.button.forceActiveFocus()
            const outline = KoderTheme.outlineColor(s.sender.palette)
            if (frame.objectName === "senderInputFrame")
                compare(s.input.mapToItem(frame, 0, 0).x, 0, "the input starts at the frame's edge")
            let pixel = edge()
            verify(near(pixel, outline), "the border is the outline colour: " + pixel + " vs " + outline)
            verify(!near(pixel, Qt.color(data.window)) && !near(pixel, Qt.color(data.base)))
            s.input.forceActiveFocus()
            tryCompare(s.input, "activeFocus", true)
            const focus = KoderTheme.focusColor(s.sender.palette)
            pixel = edge()
            verify(near(pixel, focus), "the border is the focus colour: " + pixel + " vs " + focus)
        }

        // Under the "queue" policy each chip says it is queued; its button is a target.
        function test_aQueuedChipSaysItIsQueued() {
            const s = makeSlow()
            s.sender.controller.busyPolicy = "queue"
            s.sender.text = "first"
            verify(s.sender.submit())
            s.sender.text = "second"
            verify(s.sender.submit())
            const chip = findChild(s.sender, "queuedChip_0")
            verify(chip && chip.visible)
            const label = findChild(chip, "queuedLabel")
            verify(label && label.visible)
            compare(label.text, "Queued")
            compare(chip.Accessible.name, "Queued: second")
            compare(chip.Accessible.description, "Sends after this reply")
            const remove = findChild(chip, "removeQueued")
            compare(remove.Accessible.name, "Remove queued message")
            verify(remove.width >= KoderTheme.minimumTargetSize, remove.width)
            verify(remove.height >= KoderTheme.minimumTargetSize, remove.height)
        }

        // Every button of the Sender is at least KoderTheme.minimumTargetSize square.
        function test_everyButtonIsLargeEnough() {
            const s = makeSlow()
            s.sender.controller.busyPolicy = "queue"
            s.sender.text = "first"
            verify(s.sender.submit())
            s.sender.text = "second"
            verify(s.sender.submit())
            verify(s.sender.addAttachment("data:text/plain;base64," + Qt.btoa("milk"), "list.txt"))
            waitForRendering(s.sender)
            const buttons = []
            const walk = item => {
                if (item.visible && typeof item.clicked === "function" && item.focusPolicy !== undefined)
                    buttons.push(item)
                for (let i = 0; i < item.children.length; ++i)
                    walk(item.children[i])
            }
            walk(s.sender)
            verify(buttons.length >= 4, "Send, Attach and two chips' buttons: " + buttons.length)
            for (const b of buttons) {
                verify(b.width >= KoderTheme.minimumTargetSize, b.objectName + " " + b.width)
                verify(b.height >= KoderTheme.minimumTargetSize, b.objectName + " " + b.height)
            }
        }
    }
}
