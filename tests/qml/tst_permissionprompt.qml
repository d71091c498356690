// SPDX-License-Identifier: MIT
import QtQuick
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 400

    TestCase {
        id: testCase
        name: "PermissionPrompt"
        when: windowShown

        Component {
            id: promptComponent
            PermissionPrompt {
                property int writes: 0
                width: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "done"; toolCalls: [{ name: "save_note", arguments: { text: "hello", path: "notes.md" } }] }
                    KoderTool {
                        name: "save_note"
                        description: "Saves a note to a file"
                        handler: function(args) { writes++; return "saved" }
                    }
                }
            }
        }

        function make() {
            const prompt = createTemporaryObject(promptComponent, stage)
            verify(!prompt.visible, "hidden while nothing waits")
            prompt.controller.send("save it")
            tryVerify(function() { return prompt.visible })
            return prompt
        }

        function test_showsTheCall() {
            const prompt = make()
            compare(prompt.call.name, "save_note")
            compare(prompt.Accessible.role, Accessible.AlertMessage)
            verify(prompt.Accessible.name.indexOf("save_note") >= 0)
            compare(prompt.descriptionOf("save_note"), "Saves a note to a file")
        }

        function test_approveByMouse() {
            const prompt = make()
            mouseClick(findChild(prompt, "approveButton"))
            tryCompare(prompt.controller, "status", "idle")
            compare(prompt.writes, 1)
            verify(!prompt.visible)
        }

        function test_denyByMouseWithAReason() {
            const prompt = make()
            findChild(prompt, "denyReason").text = "not today"
            mouseClick(findChild(prompt, "denyButton"))
            tryCompare(prompt.controller, "status", "idle")
            compare(prompt.writes, 0)
            const tool = prompt.controller.messages.get(2)
            verify(tool.denied)
            verify(tool.text.indexOf("not today") >= 0)
        }

        function test_enterApprovesOnlyOnTheApproveButton() {
            const prompt = make()
            findChild(prompt, "denyReason").forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(prompt.controller.status, "reviewingToolCall", "Enter elsewhere does nothing")
            findChild(prompt, "denyButton").forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(prompt.controller.status, "reviewingToolCall")
            findChild(prompt, "approveButton").forceActiveFocus()
            keyClick(Qt.Key_Return)
            tryCompare(prompt.controller, "status", "idle")
            compare(prompt.writes, 1)
        }

        function test_escapeDenies() {
            const prompt = make()
            findChild(prompt, "approveButton").forceActiveFocus()
            keyClick(Qt.Key_Escape)
            tryCompare(prompt.controller, "status", "idle")
            compare(prompt.writes, 0)
            verify(prompt.controller.messages.get(2).denied)
        }

        // Several calls: a row each, the plural name; deciding one leaves the single-call view.
        function test_severalCallsAreListedThenOneIsLeft() {
            const prompt = createTemporaryObject(promptComponent, stage)
            prompt.controller.transport.toolCalls = [
                { name: "save_note", arguments: { path: "a.md" } },
                { name: "save_note", arguments: { path: "b.md" } }]
            prompt.controller.send("save both")
            tryCompare(prompt.calls, "length", 2)
            compare(prompt.Accessible.name, "2 tools want to run")
            verify(findChild(prompt, "promptHeading").visible)
            verify(findChild(prompt, "approveAllButton").visible)
            verify(!findChild(prompt, "approveButton").visible)
            const second = findChild(prompt, "call_1")
            compare(findChild(second, "promptTitle").text, "save_note")
            verify(findChild(second, "promptArguments").text.indexOf("b.md") >= 0)
            findChild(findChild(prompt, "call_0"), "approveCallButton").clicked()
            compare(prompt.calls.length, 1)
            compare(findChild(prompt, "call_0"), second)
            compare(findChild(second, "promptTitle").text, "Allow the tool \"save_note\" to run?")
            verify(findChild(prompt, "approveButton").visible)
            verify(!findChild(prompt, "approveAllButton").visible)
            compare(prompt.Accessible.name, "The tool save_note wants to run")
            findChild(prompt, "denyButton").clicked()
            tryCompare(prompt.controller, "status", "idle")
            compare(prompt.writes, 1)
        }

        function test_tabReachesReasonApproveAndDeny() {
            const prompt = make()
            const reason = findChild(prompt, "denyReason")
            reason.forceActiveFocus()
            keyClick(Qt.Key_Tab)
            verify(findChild(prompt, "approveButton").activeFocus)
            keyClick(Qt.Key_Tab)
            verify(findChild(prompt, "denyButton").activeFocus)
        }

        // The look takes its colours from the palette: light and dark.
        function test_palettes_data() {
            return [
                { tag: "light", base: "#ffffff", text: "#1a1a1a", highlight: "#2a6fd6",
                  mid: "#a0a0a0" },
                { tag: "dark", base: "#2b2b2b", text: "#e8e8e8", highlight: "#3d7ad6",
                  mid: "#55585e" }
            ]
        }
        function test_palettes(data) {
            const prompt = make()
            prompt.palette.base = data.base
            prompt.palette.text = data.text
            prompt.palette.windowText = data.text
            prompt.palette.highlight = data.highlight
            prompt.palette.mid = data.mid
            compare(String(prompt.background.color), data.base)
            compare(String(prompt.background.border.color), data.highlight)
            const title = findChild(findChild(prompt, "call_0"), "promptTitle")
            compare(String(title.color), data.text)
            waitForRendering(prompt)
            const image = grabImage(prompt)
            verify(image.width > 0 && image.height > 0, "something was rendered")
            // Inside the frame, in the padding: the base colour.
            compare(String(image.pixel(prompt.leftPadding / 2, prompt.height / 2)), data.base)
            const colours = {}
            for (let x = 0; x < image.width; x += 3)
                for (let y = 0; y < image.height; y += 3)
                    colours[String(image.pixel(x, y))] = true
            verify(Object.keys(colours).length > 3, "not a blank surface")
        }
    }
}
