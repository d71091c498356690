// SPDX-License-Identifier: MIT
// The context budget in a ChatView, with the offline agent: the meter fills as the conversation
// grows (its value, its colour, its accessible name) and the context is announced past 80 %;
// Compact (by keyboard) summarises the earlier messages into a marker that opens, keeps its
// size in the list and undoes; Compact is offered as soon as a view shows a conversation that
// can be compacted, never for an agent that keeps its own context, and a failed compaction says
// why; a reply cut off by the length limit is continued in the same message. The meter and the
// marker never cover the list or the input.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests press and read lives on this stage.
Item {
    id: stage
    width: 720
    height: 640

    SignalSpy {
        id: announcements
        signalName: "announcement"
    }
    SignalSpy {
        id: compactions
        signalName: "compactionFinished"
    }
    SignalSpy {
        id: compactingChanges
        signalName: "compactingChanged"
    }

    TestCase {
        id: testCase
        name: "Context"
        when: windowShown

        Component {
            id: chatComponent
            ChatView {
                anchors.fill: parent
                controller: KoderAgentController {
                    contextWindow: 300
                    transport: KoderLocalAgent {
                        reply: "Here is an answer of about twenty words, long enough that a few "
                               + "of them fill a small context window quickly."
                        tokensPerSecond: 0
                    }
                }
            }
        }

        Component {
            id: storyComponent
            ChatView {
                anchors.fill: parent
                controller: KoderAgentController {
                    transport: KoderLocalAgent {
                        tokensPerSecond: 0
                    }
                }
            }
        }

        // A view on a controller the test made (and may have filled) first.
        Component {
            id: viewComponent
            ChatView {
                anchors.fill: parent
            }
        }
        Component {
            id: controllerComponent
            KoderAgentController {
                contextWindow: 300
                transport: KoderLocalAgent {
                    reply: "A short answer."
                    tokensPerSecond: 0
                }
            }
        }
        // An agent that keeps its own context: it cannot summarise (never connected here).
        Component {
            id: webSocketControllerComponent
            KoderAgentController {
                contextWindow: 300
                transport: KoderWebSocketTransport {
                    url: "ws://127.0.0.1:9/never"
                }
            }
        }
        readonly property var threeExchanges: [
            { id: "u1", role: "user", text: "First question" },
            { id: "a1", role: "assistant", text: "First answer" },
            { id: "u2", role: "user", text: "Second question" },
            { id: "a2", role: "assistant", text: "Second answer" },
            { id: "u3", role: "user", text: "Third question" },
            { id: "a3", role: "assistant", text: "Third answer" }
        ]

        // A meter on its own, in a palette given by the test.
        Component {
            id: meterComponent
            ContextMeter {}
        }

        function activeItem() {
            return stage.Window.activeFocusItem
        }

        function named(name) {
            return (item) => item !== null && item.objectName === name
        }

        // Tab until `predicate(item)` holds for the focused item, at most `presses` times.
        function tabTo(predicate, presses) {
            for (let i = 0; i < presses; ++i) {
                if (predicate(activeItem()))
                    return true
                keyClick(Qt.Key_Tab)
            }
            return predicate(activeItem())
        }

        function waitIdle(controller) {
            tryVerify(() => !controller.abortable, 10000, "the turn ends")
        }

        function number(n) {
            return Number(n).toLocaleString(Qt.locale(), "f", 0)
        }

        function rowOf(model, role) {
            for (let row = 0; row < model.count; ++row) {
                if (model.get(row).role === role)
                    return row
            }
            return -1
        }

        function rectIn(item, ancestor) {
            const p = item.mapToItem(ancestor, 0, 0)
            return { x: p.x, y: p.y, width: item.width, height: item.height }
        }

        // The list, the context bar and the input, top to bottom, none over another; the
        // bubbles the list made, one after another, each card inside its bubble. The first
        // problem, or "".
        function geometryProblem(view, step) {
            const list = view.listView
            const bar = findChild(view, "contextBar")
            const sender = findChild(view, "sender")
            const listRect = rectIn(list, view)
            const senderRect = rectIn(sender, view)
            if (listRect.y + listRect.height > senderRect.y + 0.5)
                return step + ": the list ends under the input's top"
            if (bar.visible) {
                const barRect = rectIn(bar, view)
                if (barRect.height <= 0)
                    return step + ": the context bar has no height"
                if (barRect.y < listRect.y + listRect.height - 0.5)
                    return step + ": the context bar (" + barRect.y + ") starts above the list's end ("
                           + (listRect.y + listRect.height) + ")"
                if (barRect.y + barRect.height > senderRect.y + 0.5)
                    return step + ": the context bar ends under the input's top"
                if (barRect.x < -0.5 || barRect.x + barRect.width > view.width + 0.5)
                    return step + ": the context bar runs out of the view"
                const meter = findChild(view, "contextMeter")
                if (meter.visible) {
                    const meterRect = rectIn(meter, view)
                    if (meterRect.x < -0.5 || meterRect.x + meterRect.width > view.width + 0.5)
                        return step + ": the meter runs out of the view"
                    if (meterRect.y < barRect.y - 0.5
                            || meterRect.y + meterRect.height > barRect.y + barRect.height + 0.5)
                        return step + ": the meter runs out of its bar"
                }
            }
            let previous = null
            for (let row = 0; row < list.count; ++row) {
                const item = list.itemAtIndex(row)
                if (!item || !item.visible) {
                    previous = null
                    continue
                }
                const where = step + ", row " + row + " (" + item.role + ")"
                if (previous && previous.y + previous.height > item.y + 0.5)
                    return where + ": starts at " + item.y + ", before the row above ends at "
                           + (previous.y + previous.height)
                const card = findChild(item, "bubbleCard")
                const cardRect = rectIn(card, item)
                if (cardRect.y < -0.5 || cardRect.y + cardRect.height > item.height + 0.5)
                    return where + ": the card (" + cardRect.y + "+" + cardRect.height
                           + ") runs out of the bubble's height " + item.height
                if (cardRect.x < -0.5 || cardRect.x + cardRect.width > item.width + 0.5)
                    return where + ": the card runs out of the bubble's width"
                previous = item
            }
            return ""
        }

        // Once laid out (the layouts polish a frame later), no geometry problem.
        function checkGeometry(view, step) {
            let problem = ""
            tryVerify(() => (problem = geometryProblem(view, step)) === "", 2000, problem)
            compare(geometryProblem(view, step), "")
        }

        function isInside(item, ancestor) {
            for (let i = item; i; i = i.parent) {
                if (i === ancestor)
                    return true
            }
            return false
        }

        // Sends until the context is at least `ratio` full; returns how many were sent.
        function fillTo(view, ratio) {
            const controller = view.controller
            let sent = 0
            while (controller.contextRatio < ratio && sent < 30) {
                verify(controller.send("Question number " + sent + ": what else?"))
                waitIdle(controller)
                ++sent
            }
            verify(controller.contextRatio >= ratio,
                   "the context fills up: " + controller.contextUsed + " of "
                   + controller.contextWindow)
            return sent
        }

        function test_theMeterFillsAndTheContextIsAnnounced() {
            const view = createTemporaryObject(chatComponent, stage)
            const controller = view.controller
            announcements.target = controller
            announcements.clear()
            const meter = findChild(view, "contextMeter")
            verify(meter)
            verify(meter.visible, "shown while the window is known")
            compare(meter.value, 0)
            compare(meter.Accessible.role, Accessible.ProgressBar)
            compare(meter.Accessible.name, "Context: about 0 of 300 tokens (0%)")
            compare(meter.Accessible.description, "Context: 0 of 300 tokens (0%)")
            compare(meter.focusPolicy, Qt.NoFocus, "not a Tab stop: it is not a control")
            checkGeometry(view, "empty")

            fillTo(view, 0.8)
            fuzzyCompare(meter.value, controller.contextRatio, 0.0001)
            verify(meter.level === "warning" || meter.level === "critical", meter.level)
            // The name in hundreds (it must not change with every token), the description exact.
            const percent = Math.floor(controller.contextRatio * 100 + 1e-9)
            compare(meter.Accessible.name, "Context: about %1 of %2 tokens (%3%)"
                    .arg(number(Math.round(controller.contextUsed / 100) * 100)).arg(number(300))
                    .arg(number(percent)))
            compare(meter.Accessible.description, "Context: %1 of %2 tokens (%3%)"
                    .arg(number(controller.contextUsed)).arg(number(300)).arg(number(percent)))
            compare(findChild(meter, "contextPercentage").text, percent + "%")
            compare(findChild(meter, "contextFill").color, meter.barColor)
            verify(findChild(meter, "contextFill").width > findChild(meter, "contextTrack").width * 0.7,
                   "the bar is mostly full")
            checkGeometry(view, "filled")

            // Crossing 80 % was said once, politely (95 %, if crossed too, interrupts).
            let at80 = 0
            for (let i = 0; i < announcements.count; ++i) {
                const args = announcements.signalArguments[i]
                if (args[0] !== Koder.AnnouncementKind.ContextHigh)
                    continue
                if (args[4] === 80) {
                    ++at80
                    compare(args[1], Koder.Politeness.Polite)
                } else {
                    compare(args[4], 95)
                }
            }
            compare(at80, 1, "crossing 80 % is announced once")

            // Without a window the meter and its row go.
            controller.contextWindow = 0
            verify(!meter.visible)
            verify(!findChild(view, "contextBar").visible)
            compare(controller.contextRatio, 0)
        }

        function test_theMeterHoldsItsContrastInLightAndDark_data() {
            return [
                { tag: "light", window: "#efefef", base: "#ffffff", text: "#000000" },
                { tag: "dark", window: "#2b2b2b", base: "#1e1e1e", text: "#f0f0f0" }
            ]
        }

        function test_theMeterHoldsItsContrastInLightAndDark(data) {
            const meter = createTemporaryObject(meterComponent, stage)
            meter.palette.window = data.window
            meter.palette.base = data.base
            meter.palette.text = data.text
            meter.palette.windowText = data.text
            meter.palette.alternateBase = data.base
            for (const ratio of [0.3, 0.795, 0.85, 0.97]) {
                meter.value = ratio
                const expected = ratio >= 0.95 ? "critical" : ratio >= 0.8 ? "warning" : "normal"
                compare(meter.level, expected)
                // Rounded down, as the level: 79.5 % says 79 % in the normal colour.
                compare(meter.percent, Math.floor(ratio * 100 + 1e-9))
                for (const background of [meter.palette.base, meter.palette.window]) {
                    const contrast = KoderTheme._contrast(meter.barColor, background)
                    verify(contrast >= 3, data.tag + " " + ratio + ": the bar at " + contrast + ":1")
                }
            }
            compare(meter.barColor, KoderTheme.errorColor(meter.palette))
        }

        function test_compactSummarisesUndoRestores() {
            const view = createTemporaryObject(chatComponent, stage)
            const controller = view.controller
            const list = view.listView
            const compact = findChild(view, "compactButton")
            verify(compact.visible)
            verify(!compact.enabled, "nothing to compact yet")
            compare(compact.Accessible.name, "Compact the conversation")

            for (let i = 0; i < 3; ++i) {
                verify(controller.send("Question number " + i))
                waitIdle(controller)
            }
            tryVerify(() => compact.enabled, 2000, "three exchanges can be compacted")
            const rowsBefore = controller.messages.count
            const lastReply = controller.messages.get(rowsBefore - 1).messageId

            // Compact by keyboard: Shift+Tab from the input reaches it (past Attach).
            view.focusInput()
            verify(view.inputItem.activeFocus)
            for (let i = 0; i < 4 && !compact.activeFocus; ++i)
                keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
            verify(compact.activeFocus, "Shift+Tab from the input reaches Compact: " + activeItem())
            compactions.target = controller
            compactions.clear()
            compactingChanges.target = controller
            compactingChanges.clear()
            keyClick(Qt.Key_Space)
            verify(controller.compacting, "compacting once asked")
            verify(!compact.enabled, "not twice at once")
            const indicator = findChild(view, "compactingIndicator")
            verify(indicator.visible)
            compare(indicator.Accessible.name, "Summarising earlier messages")
            verify(findChild(view, "compactingLabel").visible)
            checkGeometry(view, "compacting")
            compactions.wait(10000)
            verify(!controller.compacting)
            compare(compactingChanges.count, 2, "on, then off")
            const summaryId = compactions.signalArguments[0][0]
            verify(summaryId !== "", "a summary was made")
            verify(compactions.signalArguments[0][1] === null
                   || compactions.signalArguments[0][1] === undefined, "no error")
            tryVerify(() => !findChild(view, "compactingIndicator").visible)
            verify(!compact.enabled, "one exchange after the summary: nothing more to compact")

            // The summary lands before the rows kept; what it stands for stays visible.
            const model = controller.messages
            const summaryRow = rowOf(model, "summary")
            verify(summaryRow > 0, "the summary comes after the rows it stands for")
            compare(model.get(summaryRow).messageId, summaryId)
            compare(model.count, rowsBefore + 1)
            let lastRow = -1
            for (let row = 0; row < model.count; ++row) {
                if (model.get(row).messageId === lastReply)
                    lastRow = row
            }
            verify(lastRow > summaryRow, "the last reply is kept after the summary")
            const rows = model.get(summaryRow).metadata.rows
            verify(rows > 0, "it says how many rows it covers")

            // In the view: a marker with the count, closed.
            const viewRow = rowOf(view.messages, "summary")
            verify(viewRow >= 0, "the view shows the summary")
            list.positionViewAtIndex(viewRow, ListView.Center)
            tryVerify(() => list.itemAtIndex(viewRow) !== null)
            const bubble = list.itemAtIndex(viewRow)
            const marker = findChild(bubble, "summaryMarker")
            verify(marker.visible)
            const toggle = findChild(bubble, "summaryToggle")
            compare(bubble.Accessible.name, "Earlier messages summarised (%1)".arg(number(rows)))
            compare(toggle.Accessible.name, bubble.Accessible.name)
            compare(toggle.Accessible.role, Accessible.CheckBox)
            verify(!bubble.summaryExpanded)
            verify(!findChild(bubble, "summaryText").visible)
            verify(!findChild(bubble, "bubbleBody"), "no Markdown body: the marker stands for it")
            checkGeometry(view, "closed")
            const closedHeight = bubble.height
            const closedWidth = findChild(bubble, "bubbleCard").width

            // Tab from the list reaches the toggle, then Undo; Space and Enter toggle.
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = viewRow
            verify(tabTo(named("summaryToggle"), 4), "Tab reaches the marker's toggle")
            verify(toggle.visualFocus, "and shows it")
            keyClick(Qt.Key_Space)
            verify(bubble.summaryExpanded)
            const text = findChild(bubble, "summaryText")
            verify(text.visible)
            compare(text.text, model.get(summaryRow).text)
            compare(text.textFormat, TextEdit.PlainText)
            verify(toggle.Accessible.checked)
            tryVerify(() => bubble.height > closedHeight, 2000, "the open marker is taller")
            compare(findChild(bubble, "bubbleCard").width, closedWidth, "and as wide")
            checkGeometry(view, "open")
            keyClick(Qt.Key_Return)
            verify(!bubble.summaryExpanded, "Enter closes it")
            tryCompare(bubble, "height", closedHeight)
            keyClick(Qt.Key_Enter)
            verify(bubble.summaryExpanded, "Enter (keypad) opens it")
            keyClick(Qt.Key_Space)
            verify(!bubble.summaryExpanded)
            checkGeometry(view, "closed again")

            keyClick(Qt.Key_Tab)
            const undo = findChild(bubble, "undoCompaction")
            verify(undo.activeFocus, "Tab goes on to Undo")
            compare(undo.Accessible.name, "Undo the summary")
            keyClick(Qt.Key_Space)
            tryCompare(model, "count", rowsBefore)
            compare(rowOf(model, "summary"), -1, "the summary is gone")
            compare(rowOf(view.messages, "summary"), -1)
            tryVerify(() => isInside(activeItem(), list), 2000,
                      "the keyboard stays in the list: " + activeItem())
            tryVerify(() => compact.enabled, 2000, "it can be compacted again")
            checkGeometry(view, "undone")
        }

        function test_aViewOnAConversationThatCanBeCompactedOffersCompactAtOnce() {
            const controller = createTemporaryObject(controllerComponent, stage)
            verify(controller.setChatMessages(threeExchanges))
            tryVerify(() => controller.canCompact, 2000, "the controller can compact it")
            const view = createTemporaryObject(viewComponent, stage, { controller: controller })
            verify(view.canCompact, "known when the view is made, not at the next row")
            verify(findChild(view, "compactButton").enabled)
        }

        function test_anAgentThatKeepsItsOwnContextIsNotCompacted() {
            const controller = createTemporaryObject(webSocketControllerComponent, stage)
            verify(controller.setChatMessages(threeExchanges))
            const view = createTemporaryObject(viewComponent, stage, { controller: controller })
            const compact = findChild(view, "compactButton")
            verify(compact.visible, "the window is known")
            verify(!controller.canCompact)
            verify(!view.canCompact)
            verify(!compact.enabled, "its transport cannot summarise")
        }

        function test_aFailedCompactionSaysWhy() {
            const view = createTemporaryObject(chatComponent, stage)
            const controller = view.controller
            verify(controller.setChatMessages(threeExchanges))
            const compact = findChild(view, "compactButton")
            tryVerify(() => compact.enabled)
            const note = findChild(view, "compactionError")
            verify(!note.visible)
            controller.transport.failAfterTokens = 0 // the summary fails at once
            compactions.target = controller
            compactions.clear()
            mouseClick(compact)
            compactions.wait(10000)
            const error = compactions.signalArguments[0][1]
            verify(error, "the compaction failed")
            tryVerify(() => note.visible, 2000, "and says so")
            compare(note.text, "Not compacted: " + error.message)
            compare(note.Accessible.role, Accessible.AlertMessage)
            compare(note.Accessible.name, note.text)
            verify(findChild(view, "contextBar").visible)
            checkGeometry(view, "failed")

            // A new compaction clears it.
            controller.transport.failAfterTokens = -1
            compactions.clear()
            verify(view.compact())
            verify(!note.visible, "not while it runs")
            compactions.wait(10000)
            verify(!note.visible, "nor after it worked")
        }

        function test_aReplyCutOffByTheLengthLimitIsContinued() {
            const view = createTemporaryObject(storyComponent, stage)
            const controller = view.controller
            const list = view.listView
            verify(!findChild(view, "contextBar").visible, "no meter while the window is unknown")
            verify(controller.send("Write a long story"))
            waitIdle(controller)
            const model = controller.messages
            const row = model.count - 1
            const cut = model.get(row)
            compare(cut.role, "assistant")
            compare(cut.finishReason, "length")
            const before = cut.text
            const id = cut.messageId

            tryVerify(() => list.itemAtIndex(list.count - 1) !== null)
            const bubble = list.itemAtIndex(list.count - 1)
            const button = findChild(bubble, "continueReply")
            verify(button.visible, "the last cut-off reply offers Continue")
            verify(button.enabled)
            compare(button.Accessible.name, "Continue the reply")
            verify(findChild(bubble, "cutOffNote").visible)
            checkGeometry(view, "cut off")

            // By keyboard: Tab from the list reaches it.
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = list.count - 1
            verify(tabTo(named("continueReply"), 6), "Tab reaches Continue")
            keyClick(Qt.Key_Space)
            tryVerify(() => controller.abortable, 2000, "the reply goes on")
            verify(!findChild(bubble, "continueReply").visible, "not while its turn runs")
            waitIdle(controller)
            compare(model.count, row + 1, "in the same message: no row was added")
            const continued = model.get(row)
            compare(continued.messageId, id)
            verify(continued.text.length > before.length, "the text grew")
            verify(continued.text.startsWith(before), "after what was there")
            compare(continued.finishReason, "stop")
            tryVerify(() => !findChild(bubble, "continueReply").visible,
                      2000, "nothing left to continue")
            verify(!findChild(bubble, "cutOffNote").visible)
            checkGeometry(view, "continued")
        }

        function test_onlyTheLastCutOffReplyOffersContinue() {
            const view = createTemporaryObject(storyComponent, stage)
            const controller = view.controller
            verify(controller.setChatMessages([
                { id: "u1", role: "user", text: "Write" },
                { id: "a1", role: "assistant", text: "Once upon", finishReason: "length" },
                { id: "u2", role: "user", text: "And?" },
                { id: "a2", role: "assistant", text: "The end.", finishReason: "stop" }
            ]))
            const list = view.listView
            tryVerify(() => list.itemAtIndex(1) !== null && list.itemAtIndex(3) !== null)
            const first = list.itemAtIndex(1)
            verify(findChild(first, "cutOffNote").visible, "it still says it was cut off")
            verify(!findChild(first, "continueReply").visible, "but is not the last")
            verify(!findChild(list.itemAtIndex(3), "cutOffState").visible)
        }
    }
}
