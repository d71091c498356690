// SPDX-License-Identifier: MIT
// The tools a server ran for a reply (metadata.serverTools, AbstractBubble.serverTools): one card
// per entry in order, headed with a human name, marked as run by the server, with its status in
// words and its texts in plain text (folded when long); named for a screen reader; in a ChatView
// over a controller, from the row's metadata, reached by Tab, and laid out without overlap.
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
        name: "ServerTools"
        when: windowShown

        Component {
            id: bubbleComponent
            Bubble {
                width: 640
                messageId: "m1"
                role: "assistant"
                text: "Here is what I found."
            }
        }

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

        readonly property string markup: "<b>bold</b> <img src=\"http://127.0.0.1:9/x.png\">"
        readonly property string longOutput: {
            let lines = []
            for (let i = 1; i <= 40; ++i)
                lines.push("result line " + i)
            return lines.join("\n")
        }

        function make(props) {
            const b = createTemporaryObject(bubbleComponent, stage, props || {})
            verify(b)
            return b
        }

        // The cards of a bubble, in the order they are shown (top to bottom).
        function cards(bubble) {
            const repeater = findChild(bubble, "serverToolCards")
            verify(repeater, "the bubble has the server tools' repeater")
            const found = []
            for (let i = 0; i < repeater.count; ++i)
                found.push(repeater.itemAt(i))
            return found
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

        function rectIn(item, ancestor) {
            const p = item.mapToItem(ancestor, 0, 0)
            return { x: p.x, y: p.y, width: item.width, height: item.height }
        }

        function overlap(a, b) {
            return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5
                   && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5
        }

        function test_oneCardPerEntryInOrderWithItsName() {
            const tools = [
                { type: "web_search_call", status: "completed", input: "weather in Lisbon" },
                { type: "file_search_call", status: "searching" },
                { type: "mcp_call", name: "deepwiki", status: "completed", input: "{\"q\":1}",
                  output: "an answer" },
                { type: "mcp_list_tools", name: "deepwiki" },
                { type: "mcp_approval_request", name: "ask_question" },
                { type: "code_interpreter_call", status: "in_progress", input: "print(1)" },
                { type: "custom_tool_call", name: "grammar", status: "incomplete" },
                { type: "image_generation_call", status: "generating" }
            ]
            const b = make({ serverTools: tools })
            const shown = cards(b)
            compare(shown.length, tools.length)
            const names = ["Web search", "File search", "MCP tool deepwiki", "MCP tool list",
                           "MCP approval request", "Code interpreter", "Custom tool grammar",
                           "image_generation_call"]
            const statuses = ["Completed", "Searching", "Completed", "", "", "In progress",
                              "Incomplete", "generating"]
            for (let i = 0; i < shown.length; ++i) {
                const card = shown[i]
                compare(card.objectName, "serverToolCard")
                compare(findChild(card, "serverToolName").text, names[i])
                compare(findChild(card, "serverToolStatus").text, statuses[i])
                const mark = findChild(card, "serverToolMark")
                verify(mark.visible, "card " + i + " is marked as run by the server")
                compare(mark.children[0].text, "Run by the server")
                compare(card.Accessible.role, Accessible.Grouping)
                compare(card.Accessible.name, statuses[i] !== ""
                        ? "Tool run by the server: " + names[i] + ", " + statuses[i]
                        : "Tool run by the server: " + names[i])
                if (i > 0)
                    verify(card.y >= shown[i - 1].y + shown[i - 1].height,
                           "card " + i + " comes under card " + (i - 1))
            }
            compare(shown[0].Accessible.name, "Tool run by the server: Web search, Completed")
            // Nothing to approve: these are not the application's tools.
            verify(!findChild(b, "toolCallCard"), "no card of the app's own tools")
            for (const card of shown) {
                for (const name of ["approve", "deny", "allow", "reject"])
                    verify(!findChild(card, name), name + " is no part of a server tool's card")
            }
        }

        function test_textsArePlain() {
            const b = make({ serverTools: [{ type: "mcp_call", name: markup, status: markup,
                                             input: markup, output: markup, error: markup }] })
            const card = cards(b)[0]
            for (const name of ["serverToolName", "serverToolStatus", "serverToolInput",
                                "serverToolOutput", "serverToolError"]) {
                const item = findChild(card, name)
                verify(item, name)
                compare(item.textFormat, Text.PlainText, name)
                verify(item.text.indexOf(markup) >= 0, name + " shows the markup as it came: " + item.text)
            }
            // The text drawn is the markup itself, angle brackets and all.
            const output = findChild(card, "serverToolOutput")
            compare(output.getText(0, output.length), markup)
            compare(findChild(card, "serverToolName").text, "MCP tool " + markup)
            compare(findChild(card, "serverToolError").text, "Error: " + markup)
        }

        function test_aPercentInAServerTextStaysAsItIs() {
            const b = make({ serverTools: [{ type: "custom_tool_call", name: "x%2y%1",
                                             status: "completed" }] })
            const card = cards(b)[0]
            compare(findChild(card, "serverToolName").text, "Custom tool x%2y%1")
            compare(card.Accessible.name, "Tool run by the server: Custom tool x%2y%1, Completed")
        }

        function test_accessibleTexts() {
            const b = make({ serverTools: [{ type: "web_search_call", input: "lisbon",
                                             output: "sunny", error: "quota" }] })
            const card = cards(b)[0]
            compare(card.Accessible.name, "Tool run by the server: Web search")
            compare(findChild(card, "serverToolInput").Accessible.name, "Input: lisbon")
            compare(findChild(card, "serverToolOutput").Accessible.name, "Output: sunny")
            compare(findChild(card, "serverToolError").Accessible.name, "Error: quota")
            for (const name of ["serverToolName", "serverToolStatus"])
                verify(findChild(card, name).Accessible.ignored, name + " is said by the card's name")
        }

        function test_errorLooksLikeTheCardsError() {
            const b = make({ serverTools: [{ type: "code_interpreter_call", status: "failed",
                                             input: "1/0", error: "ZeroDivisionError" }] })
            const card = cards(b)[0]
            const error = KoderTheme.errorColor(b.palette)
            compare(String(card.border.color), String(error), "an error border")
            compare(String(findChild(card, "serverToolError").color), String(error), "the error's colour")
            compare(String(findChild(card, "serverToolStatus").color), String(error), "the status's colour")
            compare(findChild(card, "serverToolStatus").text, "Failed")
            const ok = cards(make({ serverTools: [{ type: "web_search_call", status: "completed" }] }))[0]
            compare(String(ok.border.color), String(b.palette.mid), "no error, no error border")
            verify(!findChild(ok, "serverToolError").parent.parent.visible, "no error, no error line")
        }

        function test_longTextsFoldAndUnfold() {
            const b = make({ serverTools: [{ type: "mcp_call", name: "m", input: longOutput,
                                             output: longOutput }] })
            const card = cards(b)[0]
            const input = findChild(card, "serverToolInput")
            const output = findChild(card, "serverToolOutput")
            const inputToggle = findChild(card, "serverToolInputToggle")
            const outputToggle = findChild(card, "serverToolOutputToggle")
            verify(inputToggle.visible && outputToggle.visible, "long texts fold")
            compare(inputToggle.text, "Show all")
            compare(inputToggle.Accessible.name, "Show all of the input")
            compare(outputToggle.Accessible.name, "Show all of the output")
            // Folded: the frame shows whole lines, the first ones.
            const inputBox = input.parent
            verify(inputBox.height < input.contentHeight / 2, "the input is folded")
            const lines = inputBox.height / input.lineHeight
            verify(Math.abs(lines - Math.round(lines)) < 0.05, "whole lines: " + lines)
            const foldedHeight = card.height
            mouseClick(outputToggle)
            compare(outputToggle.text, "Show less")
            compare(outputToggle.Accessible.name, "Show less of the output")
            tryVerify(() => output.parent.height >= output.contentHeight, 2000, "the output unfolds")
            tryVerify(() => card.height > foldedHeight, 2000, "the card grows")
            verify(inputBox.height < input.contentHeight / 2, "the input stays folded")
            mouseClick(outputToggle)
            tryCompare(card, "height", foldedHeight)
            // A short text does not fold.
            const brief = cards(make({ serverTools: [{ type: "mcp_call", output: "one line" }] }))[0]
            verify(!findChild(brief, "serverToolOutputToggle").visible)
        }

        function test_whateverTheServerSentShowsNoMoreThanItsEntries_data() {
            return [
                { tag: "none", tools: undefined, count: 0 },
                { tag: "empty", tools: [], count: 0 },
                { tag: "a number", tools: 100000000, count: 0 },
                { tag: "a string", tools: "web_search_call", count: 0 },
                { tag: "a map", tools: { type: "web_search_call" }, count: 0 },
                { tag: "odd entries", tools: [null, 7, "text", { type: 3, status: { a: 1 },
                                                                 output: [1, 2] }], count: 4 }
            ]
        }
        function test_whateverTheServerSentShowsNoMoreThanItsEntries(data) {
            const b = make(data.tools === undefined ? {} : { serverTools: data.tools })
            const shown = cards(b)
            compare(shown.length, data.count)
            if (data.tag === "odd entries") {
                compare(findChild(shown[0], "serverToolName").text, "Server tool")
                compare(findChild(shown[3], "serverToolName").text, "3")
                compare(findChild(shown[3], "serverToolOutput").text, JSON.stringify([1, 2], null, 2))
            }
        }

        function test_cardsUnderTheTextInsideTheBubble() {
            const b = make({ text: "Here is a reply long enough to take a line or two of the bubble.",
                             serverTools: [{ type: "web_search_call", status: "completed",
                                             input: "a query" },
                                           { type: "mcp_call", name: "wiki", output: longOutput },
                                           { type: "code_interpreter_call", status: "failed",
                                             error: "it broke" }] })
            waitForRendering(b)
            const card = findChild(b, "bubbleCard")
            const body = findShown(card, "bubbleBody")[0]
            verify(body, "the text is shown")
            const bodyRect = rectIn(body, card)
            const shown = cards(b)
            for (let i = 0; i < shown.length; ++i) {
                const r = rectIn(shown[i], card)
                verify(r.x >= -0.5 && r.x + r.width <= card.width + 0.5
                       && r.y >= -0.5 && r.y + r.height <= card.height + 0.5,
                       "card " + i + " lies inside the bubble's card")
                verify(r.y >= bodyRect.y + body.contentHeight, "card " + i + " is under the text")
                for (let j = 0; j < i; ++j)
                    verify(!overlap(r, rectIn(shown[j], card)), "cards " + j + " and " + i + " overlap")
            }
        }

        // A reply in a ChatView with the tools its server ran, as a transport leaves them in
        // the row's metadata.
        function chatWithServerTools() {
            const view = createTemporaryObject(chatComponent, stage)
            verify(view)
            verify(view.controller.setChatMessages([
                { role: "user", text: "What is the weather in Lisbon?" },
                { role: "assistant", text: "It is **22 °C and sunny** in Lisbon, says the web.",
                  metadata: { serverTools: [
                      { type: "web_search_call", status: "completed", input: "weather in Lisbon" },
                      { type: "mcp_call", name: "deepwiki", status: "completed",
                        input: "{\"question\": \"weather\"}", output: longOutput },
                      { type: "code_interpreter_call", status: "failed", input: "print(1/0)",
                        error: "ZeroDivisionError: division by zero" }
                  ] } }
            ]))
            const list = view.listView
            tryVerify(() => list.itemAtIndex(1) !== null, 2000, "the reply has a bubble")
            return view
        }

        function test_chatViewShowsTheRowsServerTools() {
            const view = chatWithServerTools()
            const reply = view.listView.itemAtIndex(1)
            compare(reply.role, "assistant")
            compare(reply.serverTools.length, 3)
            const shown = cards(reply)
            compare(shown.length, 3)
            compare(shown[0].Accessible.name, "Tool run by the server: Web search, Completed")
            compare(shown[1].Accessible.name, "Tool run by the server: MCP tool deepwiki, Completed")
            compare(shown[2].Accessible.name, "Tool run by the server: Code interpreter, Failed")
            compare(cards(view.listView.itemAtIndex(0)).length, 0, "the user's message has none")
            // No approval waits: the server ran them.
            compare(view.controller.pendingToolCalls.length, 0)
            compare(view.controller.status, "idle")
        }

        function test_chatViewCardsDoNotOverlap() {
            const view = chatWithServerTools()
            const list = view.listView
            waitForItemPolished(list)
            const reply = list.itemAtIndex(1)
            const card = findChild(reply, "bubbleCard")
            tryVerify(() => {
                const shown = cards(reply)
                const body = findShown(card, "bubbleBody")[0]
                if (!body || shown.length !== 3)
                    return false
                const bodyRect = rectIn(body, card)
                for (let i = 0; i < shown.length; ++i) {
                    const r = rectIn(shown[i], card)
                    if (r.x < -0.5 || r.x + r.width > card.width + 0.5 || r.y < -0.5
                            || r.y + r.height > card.height + 0.5) {
                        console.log("card", i, JSON.stringify(r), card.width, card.height)
                        return false
                    }
                    if (r.y < bodyRect.y + body.contentHeight - 0.5) {
                        console.log("body", i, JSON.stringify(r), JSON.stringify(bodyRect), body.contentHeight)
                        return false
                    }
                    for (let j = 0; j < i; ++j) {
                        if (overlap(r, rectIn(shown[j], card)))
                            return false
                    }
                    // Their texts lie inside them (a folded text: its frame, which cuts it
                    // at a line's end).
                    for (const name of ["serverToolName", "serverToolStatus", "serverToolMark",
                                        "serverToolInput", "serverToolOutput", "serverToolError"]) {
                        for (const found of findShown(shown[i], name)) {
                            const text = name === "serverToolName" || name === "serverToolStatus"
                                         || name === "serverToolMark" ? found : found.parent
                            const t = rectIn(text, shown[i])
                            if (t.x < -0.5 || t.x + text.width > r.width + 0.5 || t.y < -0.5
                                    || t.y + text.height > r.height + 0.5) {
                                console.log("text", i, name, JSON.stringify(t), JSON.stringify(r))
                                return false
                            }
                        }
                    }
                }
                // The bubble holds its card, and the next row (none here) would start after it.
                return card.y + card.height <= reply.height + 0.5
                       && Math.abs(reply.width - list.width) <= 1
            }, 3000, "the server tools' cards lie inside the reply, under its text, apart")
            const user = list.itemAtIndex(0)
            verify(user.y + user.height <= reply.y + 0.5, "the rows do not overlap")
        }

        function test_tabReachesTheShowAllButtons() {
            const view = chatWithServerTools()
            const list = view.listView
            list.currentIndex = 1
            list.forceActiveFocus(Qt.TabFocusReason)
            compare(stage.Window.activeFocusItem, list.currentItem, "the reply has the focus")
            const reply = list.currentItem
            const toggle = findShown(reply, "serverToolOutputToggle")[0]
            verify(toggle, "the long output folds")
            verify(toggle.activeFocusOnTab, "its Show all is a Tab stop")
            let reached = false
            for (let i = 0; i < 12 && !reached; ++i) {
                keyClick(Qt.Key_Tab)
                reached = stage.Window.activeFocusItem === toggle
            }
            verify(reached, "Tab reaches Show all of the output")
            compare(toggle.text, "Show all")
            keyClick(Qt.Key_Space)
            compare(toggle.text, "Show less", "Space unfolds it")
            verify(toggle.activeFocus, "the focus stays on the button")
            // And Shift+Tab goes back through the message to the message itself.
            let back = false
            for (let i = 0; i < 12 && !back; ++i) {
                keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
                back = stage.Window.activeFocusItem === reply
            }
            verify(back, "Shift+Tab comes back to the message")
            // Not the current message: its buttons are no Tab stops.
            list.currentIndex = 0
            tryVerify(() => !toggle.activeFocusOnTab, 2000)
        }
    }
}
