// SPDX-License-Identifier: MIT
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 300

    TestCase {
        id: testCase
        name: "Bubble"
        when: windowShown

        Component {
            id: bubbleComponent
            Bubble {
                width: 480
                messageId: "m1"
                role: "assistant"
                text: "Hello **world**"
                reasoning: ""
                streaming: false
                aborted: false
                errorText: ""
                toolCalls: []
                toolName: ""
                isError: false
                denied: false
            }
        }

        Component {
            id: standaloneComponent
            Item {
                width: 480
                height: 120
                property alias bubble: hello
                //! [standalone]
                Bubble {
                    id: hello
                    width: parent.width
                    role: "assistant"
                    text: "Hello"
                }
                //! [standalone]
            }
        }

        Component {
            id: delegateComponent
            Item {
                width: 480
                height: 400
                property alias agent: agent
                property alias list: list
                KoderAgentController {
                    id: agent
                    transport: KoderLocalAgent { tokensPerSecond: 0; reply: "Hi there." }
                }
                ListView {
                    id: list
                    anchors.fill: parent
                    model: agent.messages
                    //! [delegate]
                    delegate: Bubble {
                        required messageId
                        required role
                        required text
                        required streaming
                        required versionIndex
                        required versionCount
                        width: ListView.view.width
                        controller: agent
                    }
                    //! [delegate]
                }
            }
        }

        Component {
            id: actionsComponent
            Item {
                width: 480
                height: 120
                property alias bubble: rated
                property int helpful: 0
                Bubble {
                    id: rated
                    width: parent.width
                    text: "An answer"
                    actions: [
                        Action {
                            text: "Helpful"
                            onTriggered: rated.parent.helpful++
                        },
                        Action {
                            text: "Report"
                            enabled: false
                        }
                    ]
                }
            }
        }

        // A bubble whose body is read from the model: its text property is never set.
        Component {
            id: sourcedComponent
            Item {
                width: 480
                height: 300
                property alias agent: agent
                property alias bubble: fed
                KoderAgentController {
                    id: agent
                    updateInterval: 0
                    transport: KoderLocalAgent {
                        tokensPerSecond: 0
                        reply: "Streamed **bold** words\n\n```js\nlet x = 1\n```\n"
                    }
                }
                Bubble {
                    id: fed
                    width: parent.width
                    sourceModel: agent.messages
                    sourceRow: 1
                }
            }
        }

        Component {
            id: paletteComponent
            Bubble {
                width: 480
                text: "Looks **right**\n\n```cpp\nint x = 1;\n```\n"
                reasoning: "Thought it through"
                usage: ({ promptTokens: 12, completionTokens: 30, totalTokens: 42 })
            }
        }

        function make(props) {
            const b = createTemporaryObject(bubbleComponent, stage, props || {})
            verify(b)
            return b
        }

        function test_userMessagesSitRightRepliesLeft() {
            const user = make({ role: "user", text: "hi" })
            const card = findChild(user, "bubbleCard")
            verify(card.x > 0, "a user bubble is right-aligned")
            compare(user.Accessible.description, "Your message")
            compare(user.KoderLiveRegion.politeness, Koder.Politeness.Off)
            const reply = make({ role: "assistant" })
            compare(findChild(reply, "bubbleCard").x, KoderTheme.spacing)
            compare(reply.KoderLiveRegion.politeness, Koder.Politeness.Polite)
        }

        function test_accessibleRoleAndNameFollowStreaming() {
            const b = make({ streaming: true, text: "partial" })
            compare(b.Accessible.role, Accessible.StaticText)
            verify(b.Accessible.name !== "partial", "no name churn while streaming")
            verify(findChild(b, "streamingIndicator").visible)
            b.streaming = false
            compare(b.Accessible.name, "partial", "the name is the whole reply at the end")
            verify(!findChild(b, "streamingIndicator").visible)
        }

        function test_stoppedAndErrorBadges() {
            const stopped = make({ aborted: true })
            verify(findChild(stopped, "stoppedBadge").visible)
            verify(!findChild(stopped, "errorBadge").visible)
            const failed = make({ errorText: "connection lost" })
            const badge = findChild(failed, "errorBadge")
            verify(badge.visible)
            verify(badge.text.indexOf("connection lost") >= 0)
        }

        function test_markdownIsRendered() {
            const b = make({ text: "Hello **world**" })
            const body = findChild(b, "bubbleBody")
            compare(body.textFormat, TextEdit.RichText)
            compare(body.getText(0, body.length), "Hello world")
        }

        function test_toolResultAndDenied() {
            const tool = make({ role: "tool", toolName: "save_note", text: "{\"saved\":true}", denied: true })
            const body = findChild(tool, "bubbleBody")
            compare(body.textFormat, TextEdit.PlainText)
            compare(body.text, "{\"saved\":true}")
            verify(tool.Accessible.description.indexOf("save_note") >= 0)
        }

        function test_toolCallCards() {
            const b = make({ text: "", toolCalls: [{ id: "c1", name: "get_time", arguments: { tz: "UTC" }, readOnly: true }] })
            const body = findChild(b, "bubbleBody")
            verify(!body || !body.visible, "no text, no body")
            const card = findChild(b, "toolCallCard")
            verify(card)
            compare(card.Accessible.role, Accessible.Grouping)
            verify(card.Accessible.name.indexOf("get_time") >= 0)
        }

        // A server's progress on a running call shows in the card's status (and its description).
        function test_toolCallProgress() {
            const b = make({ text: "", toolCalls: [{ id: "c1", name: "srv__index", status: "running",
                                                    progress: 2, total: 3 }] })
            const status = findChild(b, "toolCallStatus")
            compare(status.text, "Running, 2 of 3")
            compare(findChild(b, "toolCallCard").Accessible.description, "Running, 2 of 3")
            const alone = make({ text: "", toolCalls: [{ id: "c2", name: "srv__index", status: "running",
                                                        progress: 40 }] })
            compare(findChild(alone, "toolCallStatus").text, "Running, 40")
            const none = make({ text: "", toolCalls: [{ id: "c3", name: "t", status: "running" }] })
            compare(findChild(none, "toolCallStatus").text, "Running")
        }

        function test_systemAndCheckpointRoles() {
            const system = make({ role: "system", text: "Be brief." })
            compare(system.Accessible.description, "System message")
            compare(system.KoderLiveRegion.politeness, Koder.Politeness.Off)
            const checkpoint = make({ role: "checkpoint", text: "{}" })
            compare(checkpoint.Accessible.description, "Checkpoint")
            compare(findChild(checkpoint, "bubbleCard").x, KoderTheme.spacing)
        }

        function test_linksOnlyThroughTheSignal() {
            const b = make({ text: "see [docs](https://example.invalid/docs)" })
            const spy = createTemporaryQmlObject("import QtTest; SignalSpy { signalName: \"linkActivated\" }", testCase)
            spy.target = b
            findChild(b, "bubbleBody").linkActivated("https://example.invalid/docs")
            compare(spy.count, 1)
            compare(spy.signalArguments[0][0], "https://example.invalid/docs")
        }

        // Outside text other than the Markdown body is plain: markup in it is shown, not used.
        function test_standaloneBubbleNeedsNoMoreThanItsText() {
            const holder = createTemporaryObject(standaloneComponent, stage)
            verify(holder)
            const b = holder.bubble
            compare(b.Accessible.name, "Hello")
            compare(b.Accessible.description, "Assistant message")
            compare(b.messageId, "")
            compare(b.toolCalls.length, 0)
            verify(findChild(b, "bubbleCard").height > 0)
            verify(!findChild(b, "errorBadge").visible)
        }

        function test_delegateTakesTheRolesItDeclaresRequired() {
            const holder = createTemporaryObject(delegateComponent, stage)
            verify(holder)
            verify(holder.agent.send("Hello?"))
            tryCompare(holder.agent, "status", "idle")
            compare(holder.list.count, 2)
            tryVerify(() => holder.list.itemAtIndex(1) !== null)
            const user = holder.list.itemAtIndex(0)
            const reply = holder.list.itemAtIndex(1)
            compare(user.role, "user")
            compare(user.text, "Hello?")
            compare(reply.role, "assistant")
            compare(reply.text, "Hi there.")
            compare(reply.messageId, holder.agent.messages.get(1).messageId)
            compare(reply.Accessible.name, "Hi there.")
        }

        function test_bodyReadsTheStreamingReplyFromTheModel() {
            const holder = createTemporaryObject(sourcedComponent, stage)
            verify(holder)
            const blocks = findChild(holder.bubble, "bodyBlocks").model
            compare(blocks.sourceModel, holder.agent.messages)
            compare(blocks.sourceRow, 1)
            const agent = holder.agent
            let whileStreaming = 0
            function count() {
                if (agent.streaming)
                    ++whileStreaming
            }
            blocks.markdownChanged.connect(count)
            verify(holder.agent.send("Show me"))
            tryCompare(holder.agent, "status", "idle")
            verify(whileStreaming > 3, whileStreaming + " updates while streaming")
            compare(blocks.markdown, holder.agent.messages.get(1).text)
            compare(holder.bubble.text, "", "the text property is not what fed the blocks")
            compare(blocks.count, 2)
            verify(findChild(holder.bubble, "bubbleBody").text.indexOf("bold") >= 0)
            compare(findChild(findChild(holder.bubble, "codeBlock"), "codeBody").text, "let x = 1")
            // A tool result is plain text: no blocks, whatever the source.
            holder.bubble.role = "tool"
            compare(blocks.sourceModel, null)
            compare(blocks.count, 0)
            blocks.markdownChanged.disconnect(count)
        }

        function test_applicationActionsSitBesideTheBuiltInOnes() {
            const holder = createTemporaryObject(actionsComponent, stage)
            verify(holder)
            const b = holder.bubble
            const repeater = findChild(b, "appActions")
            compare(repeater.count, 2)
            const helpful = repeater.itemAt(0)
            compare(helpful.text, "Helpful")
            compare(helpful.Accessible.name, "Helpful")
            verify(helpful.visible && helpful.enabled)
            verify(helpful.activeFocusOnTab, "reachable by keyboard")
            mouseClick(helpful)
            compare(holder.helpful, 1)
            helpful.forceActiveFocus()
            keyClick(Qt.Key_Space)
            compare(holder.helpful, 2)
            verify(!repeater.itemAt(1).enabled, "a disabled action gives a disabled button")
        }

        function test_outsideTextIsPlain() {
            const markup = "<b>bold</b> <img src=\"http://127.0.0.1:9/x.png\">"
            const b = make({ reasoning: markup, errorText: markup,
                             toolCalls: [{ id: "c1", name: markup, arguments: { a: markup } }] })
            for (const name of ["reasoningLabel", "errorBadge", "toolCallName", "toolCallArguments"]) {
                const label = findChild(b, name)
                verify(label, name)
                compare(label.textFormat, Text.PlainText, name)
                verify(label.text.indexOf("<b>bold</b>") >= 0, name)
            }
            const tool = make({ role: "tool", toolName: markup, text: markup })
            compare(findChild(tool, "toolHeader").textFormat, Text.PlainText)
            verify(findChild(tool, "toolHeader").text.indexOf(markup) >= 0)
            compare(findChild(tool, "bubbleBody").textFormat, TextEdit.PlainText)
        }

        // Only web and e-mail links stay links; the others keep their label as text.
        function test_onlySafeLinksStayLinks() {
            const b = make({ text: "[a](javascript:alert(1)) [b](file:///etc/passwd) [c](https://example.invalid/c) [d](mailto:ana@example.invalid)" })
            const body = findChild(b, "bubbleBody")
            compare(body.getText(0, body.length), "a b c d")
            verify(body.text.indexOf("javascript:") < 0)
            verify(body.text.indexOf("file:") < 0)
            verify(body.text.indexOf("href=\"https://example.invalid/c\"") >= 0)
            verify(body.text.indexOf("href=\"mailto:ana@example.invalid\"") >= 0)
        }

        function test_isSafeLink() {
            //! [is-safe-link]
            verify(KoderText.isSafeLink("https://example.invalid/docs"))
            verify(KoderText.isSafeLink("http://example.invalid"))
            verify(KoderText.isSafeLink("mailto:ana@example.invalid"))
            verify(!KoderText.isSafeLink("javascript:alert(1)"))
            verify(!KoderText.isSafeLink("JAVASCRIPT:alert(1)"))
            verify(!KoderText.isSafeLink("file:///etc/passwd"))
            verify(!KoderText.isSafeLink("data:text/html,<b>x</b>"))
            verify(!KoderText.isSafeLink("custom:thing"))
            verify(!KoderText.isSafeLink("relative/page.html"))
            //! [is-safe-link]
        }

        function test_looksTakeThePalette_data() {
            return [
                { tag: "light", window: "#f6f6f6", base: "#ffffff", alternateBase: "#eeeeee", text: "#1a1a1a" },
                { tag: "dark", window: "#202124", base: "#181818", alternateBase: "#2a2a2a", text: "#e8e8e8" }
            ]
        }
        function test_looksTakeThePalette(data) {
            const b = createTemporaryObject(paletteComponent, stage)
            verify(b)
            b.palette.window = data.window
            b.palette.base = data.base
            b.palette.alternateBase = data.alternateBase
            b.palette.text = data.text
            const card = findChild(b, "bubbleCard")
            compare(String(card.color), data.alternateBase)
            compare(String(findChild(b, "bubbleBody").color), data.text)
            const code = findChild(b, "codeBlock")
            verify(code, "a fenced block is a code card")
            compare(String(code.color), String(KoderTheme.codeBackground(b.palette)))
            verify(String(code.color) !== data.base, "tinted, not the plain base")
            // The error colour stays readable: dark on a light window, light on a dark one.
            const error = KoderTheme.errorColor(b.palette)
            verify(data.tag === "dark" ? error.hslLightness > 0.5 : error.hslLightness < 0.5)
            tryVerify(() => card.height > 0)
            const image = grabImage(b)
            compare(String(image.pixel(card.x + 3, card.y + card.height / 2)), data.alternateBase,
                    "the card is drawn in the palette's colour")
        }

        function test_codeBlocksHaveLanguageAndCopy() {
            const b = createTemporaryObject(paletteComponent, stage)
            const code = findChild(b, "codeBlock")
            compare(findChild(code, "codeLanguage").text, "cpp")
            compare(findChild(code, "codeBody").text, "int x = 1;")
            compare(findChild(code, "codeBody").font.family, KoderTheme.monospaceFont.family)
            const copy = findChild(code, "copyCode")
            compare(copy.Accessible.name, "Copy code")
            verify(copy.activeFocusOnTab)
            copy.forceActiveFocus()
            keyClick(Qt.Key_Space)
            compare(copy.text, "Copied")
            compare(copy.Accessible.name, "Copied", "a screen reader hears it")
            compare(findChild(b, "bubbleBody").getText(0, 40), "Looks right")
            b.text = "Other\n\n```cpp\nint y = 2;\n```\n"
            compare(copy.text, "Copy", "a reused bubble's new code is not copied yet")
        }

        function test_reasoningSectionAndUsage() {
            const b = createTemporaryObject(paletteComponent, stage)
            const toggle = findChild(b, "reasoningToggle")
            verify(toggle.visible)
            compare(toggle.Accessible.name, "Reasoning")
            verify(!findChild(b, "reasoningLabel").visible, "a finished reply's reasoning is closed")
            toggle.forceActiveFocus()
            keyClick(Qt.Key_Space)
            verify(findChild(b, "reasoningLabel").visible)
            compare(findChild(b, "reasoningLabel").Accessible.name, "Reasoning: Thought it through")
            const usage = findChild(b, "usageLabel")
            verify(usage.visible)
            compare(usage.text, "42 tokens")
            b.usage = ({})
            verify(!usage.visible, "nothing when the server sent no usage")
        }

        function test_actionsFadeInOnHoverAndFocus() {
            const b = createTemporaryObject(paletteComponent, stage)
            const bar = findChild(b, "actionBar")
            mouseMove(stage, stage.width - 1, stage.height - 1)
            tryCompare(bar, "opacity", 0)
            const copy = findChild(b, "copyMessage")
            verify(copy.visible && copy.activeFocusOnTab, "faded buttons stay in the Tab chain")
            compare(copy.Accessible.name, "Copy message")
            copy.forceActiveFocus()
            tryCompare(bar, "opacity", 1)
        }
    }
}
