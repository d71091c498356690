// SPDX-License-Identifier: MIT
// What the user sees of a ChatView through a long session: after every step (send, a long
// message, edit, regenerate, version switches, stop, conversation switches, coming back to a
// reply that still streams, resizes, a font change, a hundred-message history scrolled through)
// the bubbles on screen do not overlap, every text fits inside its bubble, and a short user
// bubble is as narrow as its text.
import QtQuick
import QtQuick.Layouts
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests read lives on this stage.
Item {
    id: stage
    width: 900
    height: 700

    TestCase {
        id: testCase
        name: "ChatViewGeometry"
        when: windowShown

        Component {
            id: chatComponent
            ChatView {
                width: 720
                height: 640
                controller: KoderAgentController {
                    busyPolicy: "reject"
                    autoAccept: "onlyRead"
                    tools: [
                        KoderTool {
                            name: "lookup"
                            readOnly: true
                            handler: (args) => "Result line for " + args.query + "\n"
                                               + "a longer line of the result that goes on and on, ".repeat(6)
                        }
                    ]
                    transport: KoderLocalAgent {
                        reply: "Here is a reply that is long enough to wrap onto a second line "
                               + "in a bubble of the readable width, with **bold** and `code`."
                        tokensPerSecond: 0
                    }
                }
            }
        }

        // Every item under `item` whose objectName is `name` and which is shown.
        function findShown(item, name, found) {
            found = found || []
            for (let i = 0; i < item.children.length; ++i) {
                const child = item.children[i]
                if (!child.visible)
                    continue
                if (child.objectName === name)
                    found.push(child)
                findShown(child, name, found)
            }
            return found
        }

        // The bubbles the list has made for its rows now, in row order.
        function bubbles(list) {
            const found = []
            for (let row = 0; row < list.count; ++row) {
                const item = list.itemAtIndex(row)
                if (item && item.visible)
                    found.push({ row: row, item: item })
            }
            return found
        }

        function rectIn(item, ancestor) {
            const p = item.mapToItem(ancestor, 0, 0)
            return { x: p.x, y: p.y, width: item.width, height: item.height }
        }

        // The invariants a user relies on, checked for every bubble the list has made. `step`
        // names the step in the failure message.
        function firstProblem(view, step) {
            testCase._problem = ""
            const list = view.listView
            const made = bubbles(list)
            if (made.length === 0)
                return step + ": the list shows no bubble"
            const model = view.messages
            for (let i = 0; i < made.length; ++i) {
                const bubble = made[i].item
                const row = made[i].row
                const where = step + ", row " + row + " (" + bubble.role + ")"
                const message = model.get(row)
                check(bubble.messageId === message.messageId, where + ": shows its own message")
                check(bubble.text === message.text, where + ": shows the model's text")
                check(Math.abs(bubble.width - list.width) <= 1, where + ": as wide as the list")
                check(bubble.height >= 1, where + ": has a height")

                // Consecutive bubbles do not overlap.
                if (i + 1 < made.length && made[i + 1].row === row + 1) {
                    const next = made[i + 1].item
                    check(bubble.y + bubble.height <= next.y + 0.5,
                           where + ": ends at " + (bubble.y + bubble.height)
                           + " after the next one starts at " + next.y)
                }

                const card = findShown(bubble, "bubbleCard")[0]
                if (card === undefined)
                    return where + ": has no card"
                const cardRect = rectIn(card, bubble)
                check(cardRect.x >= -0.5 && cardRect.x + cardRect.width <= bubble.width + 0.5,
                       where + ": the card lies inside the bubble's width")
                check(cardRect.y >= -0.5 && cardRect.y + cardRect.height <= bubble.height + 0.5,
                       where + ": the card (" + cardRect.y + "+" + cardRect.height
                       + ") lies inside the bubble's height " + bubble.height)

                // Every text fits inside the card: none runs past its border or is cut.
                const bodies = findShown(card, "bubbleBody")
                let bodyText = 0
                for (let b = 0; b < bodies.length; ++b) {
                    const body = bodies[b]
                    const r = rectIn(body, card)
                    check(r.x >= -0.5 && r.x + r.width <= cardRect.width + 0.5,
                           where + ": text " + b + " lies inside the card's width")
                    // What is drawn: the text's lines, from the top of its box.
                    check(r.y >= -0.5 && r.y + body.contentHeight <= cardRect.height + 0.5,
                          where + ": text " + b + " (" + r.y + "+" + body.contentHeight
                          + ") lies inside the card's height " + cardRect.height)
                    check(body.contentHeight <= body.height + 1,
                           where + ": text " + b + " is " + body.contentHeight
                           + " high in a box of " + body.height)
                    check(body.contentWidth <= body.width + 1,
                           where + ": text " + b + " is " + body.contentWidth
                           + " wide in a box of " + body.width)
                    bodyText += body.length
                }
                // Tool cards and their texts lie inside the card too.
                const toolCards = findShown(card, "toolCallCard")
                for (let t = 0; t < toolCards.length; ++t) {
                    const tc = rectIn(toolCards[t], card)
                    check(tc.x >= -0.5 && tc.x + tc.width <= cardRect.width + 0.5
                          && tc.y >= -0.5 && tc.y + tc.height <= cardRect.height + 0.5,
                          where + ": tool card " + t + " lies inside the card")
                    const texts = findShown(toolCards[t], "toolCallArguments")
                                  .concat(findShown(toolCards[t], "toolCallName"))
                    for (let k = 0; k < texts.length; ++k) {
                        const tr = rectIn(texts[k], toolCards[t])
                        check(tr.x >= -0.5 && tr.x + texts[k].width <= tc.width + 0.5
                              && tr.y >= -0.5 && tr.y + texts[k].contentHeight <= tc.height + 0.5,
                              where + ": text " + texts[k].objectName + " of tool card " + t
                              + " lies inside it")
                    }
                }
                const codeBlocks = findShown(card, "codeBlock")
                for (let c = 0; c < codeBlocks.length; ++c) {
                    const cb = rectIn(codeBlocks[c], card)
                    const code = findShown(codeBlocks[c], "codeBody")[0]
                    check(cb.x >= -0.5 && cb.x + cb.width <= cardRect.width + 0.5
                          && cb.y >= -0.5 && cb.y + cb.height <= cardRect.height + 0.5,
                          where + ": code block " + c + " lies inside the card")
                    check(code !== undefined && code.y + code.contentHeight <= cb.height + 0.5,
                          where + ": the code of block " + c + " lies inside it")
                }

                if (message.text !== "" && bubble.role !== "tool")
                    check(bodies.length > 0 && bodyText > 0, where + ": its text is shown")

                // A short user message gets a narrow bubble.
                if (bubble.role === "user" && message.text.length <= 12 && message.text.indexOf("\n") < 0)
                    check(card.width < list.width / 2,
                           where + ": a short message (\"" + message.text + "\") in a bubble "
                           + card.width + " wide, in a list " + list.width + " wide")
            }
            return testCase._problem
        }

        // Records the first problem firstProblem() finds.
        property string _problem: ""
        function check(condition, message) {
            if (!condition && testCase._problem === "")
                testCase._problem = message
        }

        // The invariants hold once the view has laid itself out: within a few frames, not
        // only at the next restart. (tryVerify's polling, with the problem in the message.)
        function checkGeometry(view, step) {
            waitForItemPolished(view.listView)
            const deadline = Date.now() + 3000
            let problem = firstProblem(view, step)
            while (problem !== "" && Date.now() < deadline) {
                wait(20)
                problem = firstProblem(view, step)
            }
            if (problem !== "") {
                const made = bubbles(view.listView)
                for (let i = 0; i < made.length; ++i) {
                    const b = made[i].item
                    const card = findShown(b, "bubbleCard")[0]
                    console.log("row", made[i].row, b.role, "bubble", b.width, b.height, b.implicitHeight, "card", card.width, card.height, card.implicitWidth, card.implicitHeight)
                    const col = card.children[0]
                    let desc = "   column " + col.width + " impl " + col.implicitWidth + ":"
                    for (let c = 0; c < col.children.length; ++c)
                        desc += " [" + col.children[c].objectName + " v" + col.children[c].visible + " w" + col.children[c].width + "]"
                    console.log(desc)
                    const bodies = findShown(card, "bubbleBody")
                    for (let k = 0; k < bodies.length; ++k) {
                        const t = bodies[k]
                        console.log("   body", t.x, t.y, t.width, t.height, "impl", t.implicitWidth, t.implicitHeight, "content", t.contentWidth, t.contentHeight, "lines", t.lineCount, "pref", t.Layout.preferredWidth, "parent", t.parent.width, t.parent.implicitWidth, t.parent.height)
                    }
                }
            }
            verify(problem === "", problem)
        }

        function waitIdle(controller) {
            tryVerify(() => !controller.abortable, 10000, "the turn ends")
        }

        function send(view, text) {
            verify(view.controller.send(text), "sent: " + text)
            waitIdle(view.controller)
        }

        // The last visible row of the given role.
        function lastRow(view, role) {
            for (let row = view.messages.count - 1; row >= 0; --row) {
                if (view.messages.get(row).role === role)
                    return row
            }
            return -1
        }

        function test_aLongSessionKeepsEveryBubbleInShape() {
            const view = createTemporaryObject(chatComponent, stage)
            const controller = view.controller
            const agent = controller.transport
            const list = view.listView

            send(view, "hello?")
            checkGeometry(view, "a short message")

            const longText = "A long message that wraps onto many lines. ".repeat(35)
            send(view, longText)
            checkGeometry(view, "a long message")

            send(view, "ok")
            checkGeometry(view, "another short one")

            // Edit the long message into a short one, and a short one into a long one.
            const longId = view.messages.get(2).messageId
            verify(controller.edit(longId, "shorter"))
            waitIdle(controller)
            checkGeometry(view, "the long message edited short")
            const firstId = view.messages.get(0).messageId
            verify(controller.edit(firstId, longText))
            waitIdle(controller)
            checkGeometry(view, "a short message edited long")
            verify(controller.switchVersion(view.messages.get(0).messageId, 0))
            checkGeometry(view, "back to the first version of the first message")
            verify(controller.switchVersion(view.messages.get(0).messageId, 1))
            checkGeometry(view, "the edited version again")

            // Regenerate and switch between the replies.
            const replyRow = lastRow(view, "assistant")
            verify(controller.regenerate(view.messages.get(replyRow).messageId))
            waitIdle(controller)
            checkGeometry(view, "a regenerated reply")
            verify(controller.switchVersion(view.messages.get(lastRow(view, "assistant")).messageId, 0))
            checkGeometry(view, "the first reply again")

            // A reply with a list and code, then a step that calls a tool and its answer.
            agent.reply = "Steps:\n\n- first\n- second, which is a longer item of the list\n\n"
                          + "```js\nconst answer = compute(" + "'argument', ".repeat(12) + ")\n```\n\nDone."
            send(view, "show me code")
            checkGeometry(view, "a reply with a list and a code block")
            agent.toolCalls = [{ name: "lookup", arguments: { query: "the weather", days: 3 } }]
            agent.reply = "The lookup says it will be fine."
            send(view, "look it up")
            checkGeometry(view, "a reply with a tool card and its result")
            agent.toolCalls = []

            // Stop a reply half way.
            agent.reply = "word ".repeat(300).trim()
            agent.tokensPerSecond = 200
            verify(controller.send("go on"))
            tryVerify(() => view.messages.get(lastRow(view, "assistant")).text.length > 200, 5000)
            checkGeometry(view, "a reply streaming")
            controller.abort()
            waitIdle(controller)
            checkGeometry(view, "a stopped reply")

            // Another conversation and back.
            const first = controller.conversationId
            agent.tokensPerSecond = 0
            agent.reply = "Fine."
            controller.conversationId = "another"
            send(view, "a message in another conversation that is long enough to wrap, "
                       + "surely, once it has gone on for a while longer than a line")
            checkGeometry(view, "another conversation")
            controller.conversationId = first
            checkGeometry(view, "back to the first conversation")

            // Leave while a reply streams, come back while it still does.
            agent.reply = "streaming word ".repeat(200).trim()
            agent.tokensPerSecond = 300
            verify(controller.send("tell me more"))
            tryVerify(() => view.messages.get(lastRow(view, "assistant")).text.length > 50, 5000)
            controller.conversationId = "another"
            checkGeometry(view, "away while the first streams")
            controller.conversationId = first
            checkGeometry(view, "back while it streams")
            const growing = view.messages.get(lastRow(view, "assistant")).text.length
            tryVerify(() => view.messages.get(lastRow(view, "assistant")).text.length > growing + 300,
                      5000, "the reply goes on")
            checkGeometry(view, "back while it streams, later")
            waitIdle(controller)
            checkGeometry(view, "back, the reply ended")

            // Resizes.
            view.width = 420
            checkGeometry(view, "narrow")
            view.width = 880
            checkGeometry(view, "wide")
            view.width = 300
            checkGeometry(view, "narrower than a readable line")
            view.width = 720
            checkGeometry(view, "back to its width")

            // A hundred and twenty messages, scrolled through from the end to the start.
            agent.tokensPerSecond = 0
            agent.reply = "Noted."
            const history = []
            for (let i = 0; i < 120; ++i) {
                const text = i % 7 === 0 ? longText : i % 3 === 0 ? "yes" : "message number " + i
                history.push({ role: i % 2 ? "assistant" : "user", text: text })
            }
            controller.setChatMessages(history)
            tryCompare(list, "count", 120)
            list.positionViewAtEnd()
            checkGeometry(view, "a longText history at its end")
            for (let row = 110; row >= 0; row -= 10) {
                list.positionViewAtIndex(row, ListView.Beginning)
                checkGeometry(view, "a longText history at row " + row)
            }
            list.positionViewAtEnd()
            send(view, "and one more")
            checkGeometry(view, "a longText history, one more turn")
        }
    }
}
