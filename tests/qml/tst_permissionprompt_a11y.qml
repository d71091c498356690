// SPDX-License-Identifier: MIT
// The permission prompt stays an AlertMessage for a screen reader. Qt 6.4's Qt Quick Controls
// Control puts its own role (Pane) over an explicit Accessible.role when accessibility turns
// on, so the template's root is a FocusScope that keeps a Pane's background, content item,
// padding, focus policy and click blocking.
//
// Offscreen, accessibility is off and the role is never replaced; test_roleUnderAScreenReader
// fails on a Control root only when a screen reader's bus is running. The ctest
// a11y_qml_tst_permissionprompt_a11y (tests/a11y) runs it so, under Xvfb with the bus up:
//   xvfb-run -a dbus-run-session -- env QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb
//     python3 tests/a11y/with_atspi_bus.py build/tests/qml/tst_qml
//     -input tests/qml/tst_permissionprompt_a11y.qml -import build/imports
import QtQuick
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 480
    height: 500

    // Under the prompt: a click on the prompt must not reach it.
    MouseArea {
        id: under
        anchors.fill: parent
        property int presses: 0
        onPressed: under.presses++
    }

    Component {
        id: promptComponent
        PermissionPrompt {
            width: 480
            controller: KoderAgentController {
                transport: KoderLocalAgent {
                    reply: "done"
                    toolCalls: [{ name: "save_note", arguments: { path: "notes.md" } }]
                }
                KoderTool {
                    name: "save_note"
                    handler: function (args) { return "saved" }
                }
            }
        }
    }

    TestCase {
        name: "PermissionPromptAccessibility"
        when: windowShown

        function make() {
            const prompt = createTemporaryObject(promptComponent, stage)
            verify(prompt)
            verify(prompt.controller.send("save it"))
            tryVerify(function () { return prompt.visible })
            return prompt
        }

        function test_roleUnderAScreenReader() {
            const prompt = make()
            compare(prompt.Accessible.role, Accessible.AlertMessage)
            compare(prompt.Accessible.name, "The tool save_note wants to run")
        }

        // Not a Qt Quick Controls Control (whose role Qt 6.4 replaces): it has none of a
        // Control's own properties, yet what the looks use of a Pane.
        function test_theRootIsNotAControl() {
            const prompt = make()
            compare(prompt.wheelEnabled, undefined, "no Control's wheelEnabled")
            compare(prompt.hoverEnabled, undefined, "no Control's hoverEnabled")
            compare(prompt.focusPolicy, Qt.StrongFocus)
            verify(prompt.activeFocusOnTab, "a Tab stop, as a Pane with a strong focus policy")
        }

        function test_theLookIsPlacedAsInAPane() {
            const prompt = make()
            tryVerify(function () { return !isPolishScheduled(prompt) && prompt.height > 0 })
            const content = prompt.contentItem
            const background = prompt.background
            verify(content && background)
            compare(content.parent, prompt)
            compare(background.parent, prompt)
            compare(content.x, prompt.leftPadding)
            compare(content.y, prompt.topPadding)
            compare(content.width, prompt.availableWidth)
            compare(content.height, prompt.availableHeight)
            compare(prompt.availableWidth, prompt.width - prompt.leftPadding - prompt.rightPadding)
            compare(background.width, prompt.width)
            compare(background.height, prompt.height)
            verify(background.z < content.z, "the background is drawn under the content")
            compare(prompt.implicitHeight,
                    Math.max(prompt.implicitBackgroundHeight,
                             prompt.implicitContentHeight + prompt.topPadding
                             + prompt.bottomPadding))
            prompt.padding = 20
            compare(content.x, 20)
            compare(content.width, prompt.width - 40)
            prompt.leftInset = 5
            compare(background.x, 5)
            compare(background.width, prompt.width - 5)
        }

        // A click on the prompt (in its padding) does not go through, and gives it the focus.
        function test_clicksStopAtThePrompt() {
            const prompt = make()
            tryVerify(function () { return !isPolishScheduled(prompt) && prompt.height > 0 })
            under.forceActiveFocus()
            under.presses = 0
            mouseClick(prompt, prompt.leftPadding / 2, prompt.height / 2)
            compare(under.presses, 0, "the click stopped at the prompt")
            verify(prompt.activeFocus, "the click gave the prompt the focus")
            keyClick(Qt.Key_Escape)
            tryCompare(prompt.controller, "status", "idle")
            verify(prompt.controller.messages.get(2).denied, "and Escape denied")
        }
    }
}
