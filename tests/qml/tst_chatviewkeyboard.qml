// SPDX-License-Identifier: MIT
// ChatView with the keyboard alone: every Tab stop is a control the user can see; Tab goes from
// the list through the current message's buttons to the input and Stop; the focus stays on a
// visible control after Regenerate and after a version switch; a message is edited and saved
// with Enter; a reply is stopped by Tab + Space and by Escape.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests press and read lives on this stage.
Item {
    id: stage
    width: 720
    height: 640

    TestCase {
        id: testCase
        name: "ChatViewKeyboard"
        when: windowShown

        Component {
            id: chatComponent
            ChatView {
                anchors.fill: parent
                controller: KoderAgentController {
                    transport: KoderLocalAgent {
                        reply: "A reply of a few words."
                        tokensPerSecond: 0
                    }
                }
            }
        }

        function activeItem() {
            return stage.Window.activeFocusItem
        }

        function isInside(item, ancestor) {
            for (let i = item; i; i = i.parent) {
                if (i === ancestor)
                    return true
            }
            return false
        }

        // What the user can see of the focused item: it and its ancestors are shown and not
        // transparent (once a fade-in has run), and inside the list it lies in the viewport.
        function seenProblem(view, item) {
            if (!item)
                return "no item has the focus"
            const name = item.objectName + " (" + item + ")"
            for (let i = item; i && i !== stage; i = i.parent) {
                if (!i.visible)
                    return name + " is hidden"
                if (i.opacity < 0.99)
                    return name + " is transparent (" + i + " at " + i.opacity + ")"
            }
            // It shows that it has the focus: a message its ring, a control its focus frame.
            if (item.messageId !== undefined) {
                const ring = findChild(item, "focusRing")
                if (!ring || !ring.visible)
                    return name + " is a message with the focus but no ring"
            } else if (item.visualFocus !== undefined && !item.visualFocus) {
                return name + " has the focus but does not show it"
            }
            const list = view.listView
            if (item !== list && isInside(item, list)) {
                const p = item.mapToItem(list, 0, 0)
                if (p.y + item.height <= 0 || p.y >= list.height)
                    return name + " lies outside the list's viewport (y " + p.y + ")"
            }
            return ""
        }

        function checkSeen(view, step) {
            tryVerify(() => seenProblem(view, activeItem()) === "", 2000,
                      step + ": the focused control is seen")
        }

        function waitIdle(controller) {
            tryVerify(() => !controller.abortable, 10000, "the turn ends")
        }

        function conversation(view, turns) {
            for (let i = 0; i < turns; ++i) {
                verify(view.controller.send("question number " + i))
                waitIdle(view.controller)
            }
        }

        // Tab until `predicate(item)` holds for the focused item, at most `presses` times.
        function tabTo(predicate, presses, backwards) {
            for (let i = 0; i < presses; ++i) {
                if (predicate(activeItem()))
                    return true
                if (backwards)
                    keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
                else
                    keyClick(Qt.Key_Tab)
            }
            return predicate(activeItem())
        }

        function named(name) {
            return (item) => item !== null && item.objectName === name
        }

        function test_everyTabStopIsSeenAndTheInputIsNear() {
            const view = createTemporaryObject(chatComponent, stage)
            conversation(view, 12) // more messages than the view shows
            const list = view.listView
            tryVerify(() => list.atYEnd)
            list.forceActiveFocus(Qt.TabFocusReason)
            checkSeen(view, "the list")
            verify(list.currentIndex >= list.count - 2, "the list starts at a message in view, "
                   + "not at the top: " + list.currentIndex)
            compare(activeItem(), list.currentItem, "the current message has the focus")
            const ring = findChild(list.currentItem, "focusRing")
            verify(ring && ring.visible, "the current message shows a ring")

            // From the list to the input: the current message's buttons only, each seen.
            let stops = 0
            while (activeItem() !== view.inputItem && stops < 12) {
                keyClick(Qt.Key_Tab)
                ++stops
                if (activeItem() !== view.inputItem)
                    checkSeen(view, "Tab stop " + stops)
            }
            compare(activeItem(), view.inputItem, "Tab reaches the input")
            verify(stops <= 6, "the input is " + stops + " stops after the list")

            // And back, with Shift+Tab, every stop seen.
            for (let back = 0; back < stops; ++back) {
                keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
                checkSeen(view, "Shift+Tab stop " + back)
            }
            compare(activeItem(), list.currentItem, "Shift+Tab comes back to the current message")

            // The arrows move the current message, and its buttons become the Tab stops.
            const before = list.currentIndex
            keyClick(Qt.Key_Up)
            keyClick(Qt.Key_Up)
            compare(list.currentIndex, before - 2)
            keyClick(Qt.Key_Tab)
            verify(isInside(activeItem(), list.currentItem),
                   "Tab goes into the current message: " + activeItem())
            checkSeen(view, "a button of the message two up")
        }

        function test_regenerateKeepsTheFocusOnAVisibleControl() {
            const view = createTemporaryObject(chatComponent, stage)
            conversation(view, 2)
            const list = view.listView
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = list.count - 1
            verify(tabTo(named("regenerate"), 8), "Tab reaches Regenerate")
            keyClick(Qt.Key_Space)
            tryVerify(() => view.controller.messages.count > 0 && !view.controller.abortable, 5000)
            checkSeen(view, "after Regenerate")
            verify(isInside(activeItem(), view), "the focus stays in the view: " + activeItem())
            const reply = view.messages.get(list.count - 1)
            compare(reply.versionCount, 2, "a second version")
        }

        function test_aVersionSwitchKeepsTheFocusOnAnArrow() {
            const view = createTemporaryObject(chatComponent, stage)
            conversation(view, 1)
            const list = view.listView
            const replyId = view.messages.get(1).messageId
            verify(view.controller.regenerate(replyId))
            waitIdle(view.controller)
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = 1
            verify(tabTo(named("previousVersion"), 8), "Tab reaches the previous version")
            keyClick(Qt.Key_Space)
            compare(view.messages.get(1).versionIndex, 0)
            // The list shows the switched row once it has laid itself out.
            tryVerify(() => list.itemAtIndex(1) && list.itemAtIndex(1).versionIndex === 0)
            tryVerify(() => activeItem() && activeItem().objectName === "nextVersion", 2000,
                      "the focus moved to the arrow that can still be pressed")
            checkSeen(view, "after going to the first version")
            keyClick(Qt.Key_Space)
            tryVerify(() => list.itemAtIndex(1) && list.itemAtIndex(1).versionIndex === 1)
            tryVerify(() => activeItem() && activeItem().objectName === "previousVersion", 2000,
                      "the focus moved back to the other arrow")
            checkSeen(view, "after going back to the last version")
        }

        function test_editAndSaveWithTheKeyboard() {
            const view = createTemporaryObject(chatComponent, stage)
            conversation(view, 1)
            const list = view.listView
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = 0
            verify(tabTo(named("edit"), 8), "Tab reaches Edit")
            keyClick(Qt.Key_Space)
            const editText = findChild(view, "editText")
            tryVerify(() => editText.activeFocus, 2000, "the dialog's text has the focus")
            keySequence(StandardKey.SelectAll)
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_I)
            // Tab leaves the text (no tab character) and comes back with Shift+Tab.
            keyClick(Qt.Key_Tab)
            verify(!editText.activeFocus, "Tab moves on")
            compare(editText.text, "hi")
            keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            tryVerify(() => editText.activeFocus)
            // Shift+Enter breaks the line, Enter saves.
            keyClick(Qt.Key_Return, Qt.ShiftModifier)
            keyClick(Qt.Key_X)
            compare(editText.text, "hi\nx")
            keyClick(Qt.Key_Return)
            waitIdle(view.controller)
            compare(view.messages.get(0).text, "hi\nx")
            compare(view.messages.get(0).versionCount, 2)
            tryVerify(() => activeItem() === view.inputItem, 2000,
                      "the focus goes back to the input")
        }

        function test_stopAReplyByTabAndByEscape() {
            const view = createTemporaryObject(chatComponent, stage)
            const agent = view.controller.transport
            agent.reply = "word ".repeat(400).trim()
            agent.tokensPerSecond = 50
            view.focusInput()
            tryVerify(() => activeItem() === view.inputItem)
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_Return)
            tryVerify(() => view.controller.streaming)
            keyClick(Qt.Key_Tab)
            verify(tabTo((item) => item !== null && item.text === "Stop", 4), "Tab reaches Stop")
            keyClick(Qt.Key_Space)
            tryCompare(view.controller, "status", "interrupted")

            view.focusInput()
            keyClick(Qt.Key_A)
            keyClick(Qt.Key_Return)
            tryVerify(() => view.controller.streaming)
            keyClick(Qt.Key_Escape)
            tryCompare(view.controller, "status", "interrupted")
        }
    }
}
