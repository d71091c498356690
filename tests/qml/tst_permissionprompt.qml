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

        // WCAG 2.2's contrast ratio of two colours.
        function contrast(a, b) {
            function luminance(c) {
                const linear = v => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)
                return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
            }
            const la = luminance(a)
            const lb = luminance(b)
            return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
        }

        // The demo's palettes (demo-app/appearance.cpp).
        function outlines_data() {
            return [
                { tag: "light", window: "#f3f3f3", base: "#ffffff", alternateBase: "#f7f7f7",
                  text: "#1f1f1f", highlight: "#1a66c9", mid: "#b8b8b8" },
                { tag: "dark", window: "#202124", base: "#17181a", alternateBase: "#2a2b2e",
                  text: "#e8eaed", highlight: "#3367d6", mid: "#5f6368" }
            ]
        }
        function setPalette(prompt, data) {
            for (const role of ["window", "base", "alternateBase", "text", "highlight", "mid"])
                prompt.palette[role] = data[role]
            prompt.palette.windowText = data.text
        }

        // The radios, the reason field and the arguments editor are outlined at 3:1 or more
        // on the prompt's surface, light and dark (issue 30: invisible in the dark theme).
        function test_outlines_data() {
            return outlines_data()
        }
        function test_outlines(data) {
            const prompt = make()
            setPalette(prompt, data)
            const outline = KoderTheme.outlineColor(prompt.palette)
            findChild(prompt, "editArgumentsButton").clicked()
            const frames = {
                reason: findChild(prompt, "denyReasonFrame"),
                editor: findChild(prompt, "argumentsEditorFrame"),
                once: findChild(findChild(prompt, "scope_once"), "scopeIndicator"),
                always: findChild(findChild(prompt, "scope_always"), "scopeIndicator")
            }
            findChild(prompt, "scope_once").forceActiveFocus() // not by the keyboard: no ring
            for (const name in frames) {
                const frame = frames[name]
                verify(frame, name + " has a frame")
                verify(frame.visible, name)
                verify(frame.border.width >= 1, name + " is outlined")
                if (name === "editor")
                    continue // it has the focus: below
                compare(String(frame.border.color), String(outline), name + " in the outline colour")
                verify(contrast(frame.border.color, prompt.palette.base) >= 3,
                       name + " outline on the base: " + contrast(frame.border.color,
                                                                 prompt.palette.base))
            }
            // The checked radio shows a dot in the text colour; the others none.
            verify(findChild(frames.once, "scopeDot").visible)
            verify(!findChild(frames.always, "scopeDot").visible)
            verify(contrast(findChild(frames.once, "scopeDot").color, prompt.palette.base) >= 3)

            // Focus: a thicker ring in the focus colour.
            const editor = findChild(prompt, "argumentsEditor")
            editor.forceActiveFocus()
            compare(String(frames.editor.border.color),
                    String(KoderTheme.focusColor(prompt.palette)))
            compare(frames.editor.border.width, 2)
            findChild(prompt, "denyReason").forceActiveFocus()
            compare(String(frames.reason.border.color),
                    String(KoderTheme.focusColor(prompt.palette)))
            compare(frames.reason.border.width, 2)
            compare(String(frames.editor.border.color), String(outline))
            keyClick(Qt.Key_Backtab) // to the last radio, by the keyboard
            const always = findChild(prompt, "scope_always")
            verify(always.activeFocus && always.visualFocus)
            compare(String(frames.always.border.color),
                    String(KoderTheme.focusColor(prompt.palette)))
            compare(frames.always.border.width, 2)

            waitForRendering(prompt)
            const image = grabImage(prompt)
            const reason = findChild(prompt, "denyReason")
            const at = reason.mapToItem(prompt, 0, reason.height / 2)
            verify(contrast(image.pixel(at.x, at.y), prompt.palette.base) >= 3,
                   "the field's left edge is drawn in a colour that stands out: "
                   + image.pixel(at.x, at.y))
        }

        // Why the edit cannot be approved is shown in the error colour, and Approve is off.
        function test_theReasonItCannotApproveIsAnError_data() {
            return outlines_data()
        }
        function test_theReasonItCannotApproveIsAnError(data) {
            const prompt = make()
            setPalette(prompt, data)
            findChild(prompt, "editArgumentsButton").clicked()
            findChild(prompt, "argumentsEditor").text = "{ not json"
            const error = findChild(prompt, "argumentsError")
            verify(error.visible)
            compare(String(error.color), String(KoderTheme.errorColor(prompt.palette)))
            verify(contrast(error.color, prompt.palette.base) >= 4.5)
            verify(!findChild(prompt, "approveButton").enabled)
        }

        // Every button of the prompt is a target of 24 by 24 pixels or more.
        function test_targetSizes() {
            const prompt = createTemporaryObject(promptComponent, stage)
            prompt.controller.transport.toolCalls = [
                { name: "save_note", arguments: { path: "a.md" } },
                { name: "save_note", arguments: { path: "b.md" } }]
            prompt.controller.send("save both")
            tryCompare(prompt.calls, "length", 2)
            const seen = []
            function visit(item) {
                if (!item.visible)
                    return
                if (item.autoExclusive !== undefined && item.checkable !== undefined) { // a button
                    seen.push(item.objectName)
                    verify(item.width >= KoderTheme.minimumTargetSize
                           && item.height >= KoderTheme.minimumTargetSize,
                           item.objectName + " is " + item.width + " x " + item.height)
                }
                for (let i = 0; i < item.children.length; ++i)
                    visit(item.children[i])
            }
            tryVerify(function () { return !isPolishScheduled(prompt) })
            visit(prompt)
            for (const name of ["editArgumentsButton", "approveCallButton", "denyCallButton",
                                "scope_once", "scope_conversation", "scope_always",
                                "approveAllButton", "denyAllButton"])
                verify(seen.indexOf(name) >= 0, name + " was measured: " + seen.join(", "))
        }

        // A new prompt starts at "Only this time" whatever was chosen for the last one.
        function test_aNewPromptStartsAtOnce() {
            const prompt = make()
            mouseClick(findChild(prompt, "scope_conversation"))
            compare(prompt.scope, "conversation")
            mouseClick(findChild(prompt, "denyButton"))
            tryCompare(prompt.controller, "status", "idle")
            prompt.controller.send("again")
            tryVerify(function () { return prompt.visible })
            compare(prompt.scope, "once")
            verify(findChild(prompt, "scope_once").checked)
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
