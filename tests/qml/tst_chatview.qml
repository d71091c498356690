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
        name: "ChatView"
        when: windowShown

        Component {
            id: chatComponent
            ChatView {
                width: 480
                height: 400
                controller: KoderAgentController {
                    transport: KoderLocalAgent {
                        reply: "one two three four five six seven eight nine ten eleven twelve"
                        tokensPerSecond: 30
                    }
                }
            }
        }

        Component {
            id: rtlComponent
            ChatView {
                width: 480
                height: 400
                LayoutMirroring.enabled: true
                LayoutMirroring.childrenInherit: true
                controller: KoderAgentController {
                    transport: KoderLocalAgent {
                        tokensPerSecond: 0
                        reply: "مرحبا بك! كيف يمكنني مساعدتك اليوم؟"
                    }
                }
            }
        }

        function history(n) {
            const list = []
            for (let i = 0; i < n; ++i)
                list.push({ role: i % 2 ? "assistant" : "user", text: "message " + i })
            return list
        }

        function test_anEmptyConversationOffersItsSuggestions() {
            const view = createTemporaryObject(chatComponent, stage,
                                               { suggestions: ["What can you do?", "Hi"] })
            const empty = findChild(view, "emptyState")
            verify(empty.visible)
            compare(findChild(view, "placeholder").text, "How can I help?")
            const chips = findChild(view, "suggestions")
            compare(chips.count, 2)
            const first = chips.itemAt(0)
            compare(first.Accessible.name, "What can you do?")
            verify(first.activeFocusOnTab, "reachable by keyboard")
            first.forceActiveFocus()
            keyClick(Qt.Key_Space)
            tryCompare(view.controller, "status", "idle", 5000)
            compare(view.controller.messages.get(0).text, "What can you do?")
            verify(!empty.visible, "gone once the conversation has messages")
            view.controller.reset()
            tryVerify(() => empty.visible)
        }

        function test_showsUserAndAssistantMessagesOnly() {
            const view = createTemporaryObject(chatComponent, stage)
            view.controller.setChatMessages([{ role: "system", text: "hidden" },
                                             { role: "user", text: "hi" },
                                             { role: "checkpoint", text: "{}" },
                                             { role: "assistant", text: "hello" }])
            const list = findChild(view, "messageList")
            compare(list.count, 2)
            compare(list.Accessible.role, Accessible.List)
        }

        function test_staysPinnedWhileStreamingUnlessScrolledUp() {
            const view = createTemporaryObject(chatComponent, stage)
            // A reply long enough to wrap onto many lines: the list grows while it streams.
            view.controller.transport.reply = "word ".repeat(120).trim()
            view.controller.transport.tokensPerSecond = 60
            view.controller.setChatMessages(history(40))
            const list = findChild(view, "messageList")
            tryVerify(function() { return list.atYEnd })
            verify(view.pinned)
            view.controller.send("go on")
            tryVerify(function() { return view.controller.messages.get(41).text.length > 10 }, 5000)
            verify(list.atYEnd, "pinned to the newest text")

            // The user flicks up: the view stays where the user put it. (A flick, not a synthetic
            // drag: under load a drag's few move events may scroll the view by nothing.)
            list.flick(0, 700)
            tryVerify(function() { return !list.moving && !view.pinned })
            const jump = findChild(view, "jumpToLatest")
            verify(jump.visible)
            // Where it stays is judged by what the user sees: the message in the middle of the
            // viewport and its place on screen (contentY alone moves when the list re-estimates
            // the heights of rows above).
            const middle = list.indexAt(list.width / 2, list.contentY + list.height / 2)
            verify(middle >= 0 && middle < 40, "scrolled away from the newest message")
            const onScreen = list.itemAtIndex(middle).y - list.contentY
            const length = view.controller.messages.get(41).text.length
            tryVerify(function() { return view.controller.messages.get(41).text.length > length + 200 },
                      5000, "the reply grows")
            verify(!view.pinned)
            compare(list.indexAt(list.width / 2, list.contentY + list.height / 2), middle)
            fuzzyCompare(list.itemAtIndex(middle).y - list.contentY, onScreen, 1)
            mouseClick(jump)
            verify(view.pinned)
            tryVerify(function() { return list.atYEnd })
            view.controller.abort()
        }

        // The streaming reply's Markdown blocks read the view's model themselves: the bubble's
        // blocks follow its row of the view's messages while the reply streams.
        function test_bubblesReadTheirMarkdownFromTheModel() {
            const view = createTemporaryObject(chatComponent, stage)
            view.controller.transport.tokensPerSecond = 0
            view.controller.transport.reply = "Some *Markdown*\n\n```sh\nls\n```\n\nDone."
            view.controller.setChatMessages(history(2))
            const list = findChild(view, "messageList")
            verify(view.controller.send("more"))
            tryVerify(() => list.itemAtIndex(3) !== null)
            const reply = list.itemAtIndex(3)
            const blocks = findChild(reply, "bodyBlocks").model
            compare(blocks.sourceModel, view.messages)
            compare(blocks.sourceRow, 3)
            tryCompare(view.controller, "status", "idle")
            compare(blocks.markdown, "Some *Markdown*\n\n```sh\nls\n```\n\nDone.")
            compare(blocks.markdown, reply.text)
            compare(blocks.count, 3)
            compare(findChild(list.itemAtIndex(0), "bodyBlocks").model.markdown, "message 0")
        }

        function test_regenerateAndBranchFromABubble() {
            const view = createTemporaryObject(chatComponent, stage)
            view.controller.transport.tokensPerSecond = 0
            view.controller.setChatMessages(history(2))
            const branched = createTemporaryQmlObject("import QtTest; SignalSpy { signalName: \"branched\" }", testCase)
            branched.target = view
            const list = findChild(view, "messageList")
            tryVerify(function() { return list.itemAtIndex(1) !== null })
            list.itemAtIndex(0).branchRequested(list.itemAtIndex(0).messageId)
            compare(branched.count, 1)
            list.itemAtIndex(1).regenerateRequested(list.itemAtIndex(1).messageId)
            verify(view.controller.streaming)
            tryCompare(view.controller, "status", "idle")
            compare(view.controller.messages.get(1).text,
                    "one two three four five six seven eight nine ten eleven twelve")
        }

        // The view passes every target on to the app, as it is (the app decides, with
        // KoderText.isSafeLink); it has no handler of its own that could open one.
        function test_linksReachTheAppAsTheyAre() {
            const view = createTemporaryObject(chatComponent, stage)
            view.controller.setChatMessages([{ role: "assistant", text: "[x](javascript:alert(1))" }])
            const links = createTemporaryQmlObject("import QtTest; SignalSpy { signalName: \"linkActivated\" }", testCase)
            links.target = view
            const list = findChild(view, "messageList")
            tryVerify(function() { return list.itemAtIndex(0) !== null })
            const body = findChild(list.itemAtIndex(0), "bubbleBody")
            verify(body.text.indexOf("javascript:") < 0, "the renderer dropped the link")
            body.linkActivated("javascript:alert(1)") // as if one still came through
            body.linkActivated("https://example.invalid/")
            compare(links.count, 2)
            compare(links.signalArguments[0][0], "javascript:alert(1)")
            verify(!KoderText.isSafeLink(links.signalArguments[0][0]))
            verify(KoderText.isSafeLink(links.signalArguments[1][0]))
        }

        // Right-to-left: the whole view mirrors, the user's messages on the left.
        function test_rightToLeftMirrors() {
            const view = createTemporaryObject(rtlComponent, stage)
            verify(view)
            verify(view.controller.send("مرحبا"))
            tryCompare(view.controller, "status", "idle")
            const list = view.listView
            tryVerify(() => list.itemAtIndex(1) !== null)
            const user = findChild(list.itemAtIndex(0), "bubbleCard")
            const reply = findChild(list.itemAtIndex(1), "bubbleCard")
            compare(user.x, KoderTheme.spacing, "the user's message sits on the left")
            fuzzyCompare(reply.x + reply.width, list.width - KoderTheme.spacing, 1,
                         "the reply sits on the right")
            const body = findChild(list.itemAtIndex(1), "bubbleBody")
            compare(body.effectiveHorizontalAlignment, TextEdit.AlignRight)
            compare(body.getText(0, 5), "مرحبا")
        }

        function test_theLookTakesThePalette_data() {
            return [
                { tag: "light", window: "#f6f6f6", base: "#ffffff", alternateBase: "#eeeeee", text: "#1a1a1a", highlight: "#3070c0" },
                { tag: "dark", window: "#202124", base: "#181818", alternateBase: "#2a2a2a", text: "#e8e8e8", highlight: "#3d7ad6" }
            ]
        }
        function test_theLookTakesThePalette(data) {
            const view = createTemporaryObject(chatComponent, stage)
            for (const role of ["window", "base", "alternateBase", "text", "highlight"])
                view.palette[role] = data[role]
            view.controller.setChatMessages(history(2))
            const list = view.listView
            tryVerify(() => list.itemAtIndex(1) !== null)
            const user = findChild(list.itemAtIndex(0), "bubbleCard")
            const reply = findChild(list.itemAtIndex(1), "bubbleCard")
            compare(String(user.color), data.highlight, "the user's message in the highlight")
            compare(String(reply.color), data.alternateBase)
            compare(String(findChild(list.itemAtIndex(1), "bubbleBody").color), data.text)
            tryVerify(() => reply.height > 0)
            const image = grabImage(view)
            const at = reply.mapToItem(view, 3, reply.height / 2)
            compare(String(image.pixel(at.x, at.y)), data.alternateBase, "drawn in the palette")
        }
    }
}
