// SPDX-License-Identifier: MIT
// The QML examples of the reference that are longer than three lines, each between a pair of
// `//! [name]` lines exactly as the reference shows it (\snippet qml/tst_docexamples.qml name),
// and run: an example that stops working against the API fails here. Around the markers only
// what the reference takes as given: a controller `agent`, an `input`, a window to lay out in.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtTest
import Koder.Agent
import Koder.Test

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 400

    // KoderVisibleMessages (qt/kodervisiblemessages.cpp): a tool turn's result is left out.
    Component {
        id: visibleMessagesExample
        Item {
            width: 480
            height: 400
            property alias agent: agent
            property alias visibleMessages: visibleMessages
            // The one visual child: the example's ListView (the models are no Items).
            readonly property ListView list: children[0]
            KoderAgentController {
                id: agent
                autoAccept: "always"
                transport: KoderLocalAgent {
                    reply: "Saved."
                    toolCalls: [{ name: "save_note", arguments: { text: "milk" } }]
                }
                KoderTool {
                    name: "save_note"
                    handler: function (args) { return "saved" }
                }
            }
            //! [visible-messages]
            KoderVisibleMessages {
                id: visibleMessages
                sourceModel: agent.messages
                showToolResults: false        // only the conversation itself
            }
            ListView {
                model: visibleMessages
                delegate: Text {
                    required property var model
                    textFormat: Text.PlainText
                    text: model.text
                }
            }
            //! [visible-messages]
        }
    }

    // KoderMessageModel (qt/kodermessagemodel.cpp): a ListView over the messages.
    Component {
        id: messageModelExample
        Item {
            width: 480
            height: 400
            property alias agent: agent
            readonly property ListView list: children[0]
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent { reply: "Hello there." }
            }
            //! [message-model]
            ListView {
                model: agent.messages
                delegate: Column {
                    required property string role
                    required property string text
                    required property bool streaming
                    Text {
                        textFormat: Text.PlainText   // text from a model is never markup
                        text: (parent.role === "user" ? "You: " : "") + parent.text
                              + (parent.streaming ? " …" : "")
                    }
                }
            }
            //! [message-model]
        }
    }

    // KoderLiveRegion (plugin/koderliveregion.cpp) and a custom delegate of the
    // Accessibility page (docs/src/accessibility.qdoc), each the delegate of a ListView.
    Component {
        id: liveRegionExample
        Item {
            width: 480
            height: 400
            property alias agent: agent
            property alias list: list
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent { reply: "One. Two." }
            }
            Component {
                id: liveRegionDelegate
                //! [live-region]
                Item {
                    required property string messageId
                    required property string text
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text        // the whole reply once it has ended
                    KoderLiveRegion.controller: agent
                    KoderLiveRegion.messageId: messageId
                    KoderLiveRegion.politeness: Koder.Politeness.Polite
                }
                //! [live-region]
            }
            ListView {
                id: list
                anchors.fill: parent
                model: agent.messages
                delegate: liveRegionDelegate
            }
        }
    }
    Component {
        id: liveRegionDelegateExample
        Item {
            width: 480
            height: 400
            property alias agent: agent
            property alias list: list
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent { reply: "One. Two." }
            }
            ListView {
                id: list
                anchors.fill: parent
                model: agent.messages
                //! [live-region-delegate]
                delegate: Item {
                    required property string messageId
                    required property string text
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                    KoderLiveRegion.controller: agent
                    KoderLiveRegion.messageId: messageId
                }
                //! [live-region-delegate]
            }
        }
    }

    // ChatView (qml/ChatView.qml), filling the stage.
    Component {
        id: chatViewExample
        //! [chat-view]
        ChatView {
            anchors.fill: parent
            controller: KoderAgentController { transport: KoderLocalAgent {} }
            // The app decides; KoderText.isSafeLink allows http:, https: and mailto: only.
            onLinkActivated: (url) => { if (KoderText.isSafeLink(url)) Qt.openUrlExternally(url) }
        }
        //! [chat-view]
    }

    // PermissionPrompt (qml/PermissionPrompt.qml) on its own, above an input of the app's.
    Component {
        id: permissionPromptExample
        ColumnLayout {
            width: 480
            height: 400
            property alias agent: agent
            property alias input: input
            property int saves: 0
            // The first visual child: the example's prompt.
            readonly property PermissionPrompt prompt: children[0]
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent {
                    reply: "Saved."
                    toolCalls: [{ name: "save_note", arguments: { text: "milk" } }]
                }
                KoderTool {
                    name: "save_note"
                    description: "Saves a note"
                    handler: function (args) { ++saves; return "saved" }
                }
            }
            //! [permission-prompt]
            PermissionPrompt {
                controller: agent
                focusReturn: input          // where the focus goes back once the calls are decided
                Layout.fillWidth: true
            }
            //! [permission-prompt]
            TextField {
                id: input
                Layout.fillWidth: true
            }
        }
    }

    // Sender (qml/Sender.qml) on its own.
    Component {
        id: senderExample
        ColumnLayout {
            width: 480
            height: 400
            property alias agent: agent
            readonly property Sender sender: children[0]
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent {}
            }
            //! [sender]
            Sender {
                controller: agent
                Layout.fillWidth: true
            }
            //! [sender]
        }
    }

    // KoderTransport's limits (qt/kodertransport.cpp).
    Component {
        id: transportLimitsExample
        //! [transport-limits]
        KoderOpenAiTransport {
            maxReplyBytes: 4 * 1024 * 1024   // refuse replies over 4 MiB
            maxToolCallsPerStep: 8
        }
        //! [transport-limits]
    }

    // KoderOllamaTransport::options (qt/koderollamatransport.cpp).
    Component {
        id: ollamaOptionsExample
        //! [ollama-options]
        KoderOllamaTransport {
            model: "qwen3:8b"
            options: ({ num_ctx: 16384, temperature: 0.2 })
        }
        //! [ollama-options]
    }

    // Policies per tool (docs/src/tools.qdoc).
    Component {
        id: toolPoliciesExample
        //! [tool-policies]
        KoderAgentController {
            autoAccept: "never"
            toolPolicies: ({ read_file: "allow", delete_all: "deny" })
        }
        //! [tool-policies]
    }


    // KoderSpeech (qt/koderspeech.cpp, docs/src/voice.qdoc): replies read aloud as they stream.
    Component {
        id: speechExample
        Item {
            property alias agent: agent
            property alias speech: speech
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent {
                    reply: "Hello there. The **weather** is fine:\n```python\nprint(1)\n```\nBye."
                }
            }
            //! [speech]
            KoderSpeech {
                id: speech
                controller: agent
                readAloud: true      // from the user's setting; off by default
                locale: Qt.locale("en_GB")
                rate: 0.2
            }
            //! [speech]
        }
    }

    // KoderDictation and KoderTranscriber (qt/koderdictation.cpp, docs/src/voice.qdoc).
    Component {
        id: dictationExample
        Item {
            width: 480
            height: 400
            property alias agent: agent
            readonly property ChatView view: children[0]
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent {}
            }
            //! [dictation]
            ChatView {
                anchors.fill: parent
                controller: agent
                speech: KoderSpeech { controller: agent }
                dictation: KoderDictation {
                    transcriber: KoderTranscriber {
                        baseUrl: "http://127.0.0.1:8000/v1" // faster-whisper-server
                        model: "Systran/faster-whisper-small"
                    }
                }
            }
            //! [dictation]
        }
    }

    Component {
        id: controllerComponent
        KoderAgentController {}
    }
    Component {
        id: localAgentComponent
        KoderLocalAgent {}
    }
    Component {
        id: toolComponent
        KoderTool {
            property int runs: 0
            handler: function (args) { ++runs; return "done" }
        }
    }
    Component {
        id: serverComponent
        HttpTestServer {}
    }
    Component {
        id: fakeSpeechEngineComponent
        FakeSpeechEngine {}
    }
    Component {
        id: signalSpy
        SignalSpy {}
    }

    TestCase {
        id: testCase
        name: "DocExamples"
        when: windowShown

        function roles(model) {
            const found = []
            for (let i = 0; i < model.count; ++i)
                found.push(model.get(i).role)
            return found
        }

        function test_visibleMessages() {
            const example = createTemporaryObject(visibleMessagesExample, stage)
            const agent = example.agent
            const list = example.list
            list.width = 480
            list.height = 400
            verify(agent.send("Note: buy milk"))
            tryCompare(agent, "status", "idle")
            const all = roles(agent.messages)
            verify(all.indexOf("tool") >= 0, "the turn has a tool result: " + all)
            const shown = roles(example.visibleMessages)
            compare(shown, all.filter(function (role) { return role !== "tool" }))
            compare(example.visibleMessages.get(shown.length - 1).text, "Saved.")
            // The view shows those rows, each by its text.
            list.forceLayout()
            compare(list.count, shown.length)
            for (let i = 0; i < list.count; ++i)
                compare(list.itemAtIndex(i).text, example.visibleMessages.get(i).text)
        }

        function test_messageModel() {
            const example = createTemporaryObject(messageModelExample, stage)
            const agent = example.agent
            const list = example.list
            list.width = 480
            list.height = 400
            const line = function (i) {
                const item = list.itemAtIndex(i)
                return item ? item.children[0].text : null
            }
            verify(agent.send("Hi"))
            // The reply is on its way (its first token comes in a later event-loop turn).
            verify(agent.streaming)
            list.forceLayout()
            compare(line(0), "You: Hi")
            compare(line(1), " …")
            tryCompare(agent, "status", "idle")
            compare(line(1), "Hello there.")
        }

        function checkLiveRegion(example) {
            const agent = example.agent
            const list = example.list
            verify(agent.send("Count to two"))
            tryCompare(agent, "status", "idle")
            list.forceLayout()
            const reply = list.itemAtIndex(1)
            compare(reply.Accessible.role, Accessible.StaticText)
            compare(reply.Accessible.name, "One. Two.")
            compare(reply.KoderLiveRegion.controller, agent)
            compare(reply.KoderLiveRegion.messageId, agent.messages.get(1).messageId)
            compare(list.itemAtIndex(0).KoderLiveRegion.messageId, agent.messages.get(0).messageId)
            return reply
        }

        function test_liveRegion() {
            const reply = checkLiveRegion(createTemporaryObject(liveRegionExample, stage))
            compare(reply.KoderLiveRegion.politeness, Koder.Politeness.Polite)
        }

        function test_liveRegionDelegate() {
            const reply = checkLiveRegion(createTemporaryObject(liveRegionDelegateExample, stage))
            // Polite by default, as the page says after the example.
            compare(reply.KoderLiveRegion.politeness, Koder.Politeness.Polite)
        }

        function test_chatView() {
            const view = createTemporaryObject(chatViewExample, stage)
            compare(view.width, stage.width)
            compare(view.height, stage.height)
            verify(view.controller.transport instanceof KoderLocalAgent)
            const input = findChild(view, "senderInput")
            input.forceActiveFocus()
            input.text = "hello"
            keyClick(Qt.Key_Return)
            tryCompare(view.controller, "status", "idle")
            compare(view.controller.messages.get(1).text, "You said: \"hello\"")
            compare(view.listView.count, 2)
            // What the comment says of the handler's check; an unsafe link is not opened (and
            // the handler runs without an error).
            verify(KoderText.isSafeLink("https://example.org/"))
            verify(KoderText.isSafeLink("http://example.org/"))
            verify(KoderText.isSafeLink("mailto:someone@example.org"))
            verify(!KoderText.isSafeLink("file:///etc/passwd"))
            verify(!KoderText.isSafeLink("javascript:alert(1)"))
            failOnWarning(/Error/)
            view.linkActivated("javascript:alert(1)")
        }

        function test_permissionPrompt() {
            const example = createTemporaryObject(permissionPromptExample, stage)
            const agent = example.agent
            const prompt = example.prompt
            const input = example.input
            verify(!prompt.visible, "hidden while nothing waits")
            input.forceActiveFocus()
            verify(agent.send("Note: buy milk"))
            tryCompare(agent, "status", "reviewingToolCall")
            tryVerify(function () { return prompt.visible && prompt.focusIsInside() }, 2000,
                      "the prompt shows and takes the focus")
            tryCompare(prompt, "width", example.width) // laid out once it shows
            compare(prompt.call.name, "save_note")
            mouseClick(findChild(prompt, "approveButton"))
            tryCompare(agent, "status", "idle")
            compare(example.saves, 1)
            verify(!prompt.visible)
            tryVerify(function () { return input.activeFocus }, 2000, "the focus is back in input")
        }

        function test_sender() {
            const example = createTemporaryObject(senderExample, stage)
            const agent = example.agent
            const sender = example.sender
            compare(sender.width, example.width)
            sender.inputItem.forceActiveFocus()
            sender.text = "hello"
            keyClick(Qt.Key_Return)
            tryCompare(agent, "status", "idle")
            compare(agent.messages.get(0).text, "hello")
            compare(agent.messages.get(1).text, "You said: \"hello\"")
            compare(sender.text, "")
        }

        function test_transportLimits() {
            const server = createTemporaryObject(serverComponent, testCase)
            const transport = createTemporaryObject(transportLimitsExample, testCase, {
                baseUrl: server.openAiUrl, model: "gpt-test"
            })
            compare(transport.maxReplyBytes, 4194304)
            compare(transport.maxToolCallsPerStep, 8)
            const agent = createTemporaryObject(controllerComponent, testCase, { transport: transport })
            const mebibyte = "x".repeat(1024 * 1024)
            // 3 MiB pass; 5 MiB are refused (the default limit, 32 MiB, would take both).
            server.reply("openai", [mebibyte, mebibyte, mebibyte])
            verify(agent.send("three"))
            tryCompare(agent, "status", "idle", 10000)
            verify(!agent.lastError, "no error")
            compare(agent.messages.get(1).text.length, 3 * mebibyte.length)
            server.reply("openai", [mebibyte, mebibyte, mebibyte, mebibyte, mebibyte])
            verify(agent.send("five"))
            tryVerify(function () { return agent.lastError !== undefined && agent.lastError !== null },
                      10000, "the turn fails")
            compare(agent.lastError.code, "too_large")
            verify(agent.messages.get(3).text.length <= 4 * mebibyte.length)
        }

        function test_ollamaOptions() {
            const server = createTemporaryObject(serverComponent, testCase)
            const transport = createTemporaryObject(ollamaOptionsExample, testCase, {
                baseUrl: server.url
            })
            const agent = createTemporaryObject(controllerComponent, testCase, { transport: transport })
            server.reply("ollama", ["Hi."])
            verify(agent.send("Hello"))
            tryCompare(agent, "status", "idle", 10000)
            compare(agent.messages.get(1).text, "Hi.")
            compare(server.requestCount, 1)
            const body = server.request(0).body
            compare(body.model, "qwen3:8b")
            compare(body.options, { num_ctx: 16384, temperature: 0.2 })
        }

        function test_toolPolicies() {
            const agent = createTemporaryObject(toolPoliciesExample, testCase)
            const readFile = createTemporaryObject(toolComponent, testCase, { name: "read_file" })
            const deleteAll = createTemporaryObject(toolComponent, testCase, { name: "delete_all" })
            const writeNote = createTemporaryObject(toolComponent, testCase, { name: "write_note" })
            agent.tools = [readFile, deleteAll, writeNote]
            agent.transport = createTemporaryObject(localAgentComponent, testCase, {
                reply: "Done.",
                toolCalls: [{ name: "read_file" }, { name: "delete_all" }, { name: "write_note" }]
            })
            verify(agent.send("Tidy up"))
            // No policy for write_note: autoAccept "never" asks the user, for that one only.
            tryCompare(agent, "status", "reviewingToolCall")
            compare(agent.pendingToolCalls.length, 1)
            compare(agent.pendingToolCalls[0].name, "write_note")
            verify(agent.denyToolCall(agent.pendingToolCalls[0].id))
            tryCompare(agent, "status", "idle")
            compare(readFile.runs, 1, "allowed: runs without asking")
            compare(deleteAll.runs, 0, "denied: never runs")
            compare(writeNote.runs, 0)
            const results = {}
            for (let i = 0; i < agent.messages.count; ++i) {
                const m = agent.messages.get(i)
                if (m.role === "tool")
                    results[m.toolName] = m
            }
            verify(!results.read_file.denied)
            verify(results.delete_all.denied)
            compare(results.delete_all.metadata.approval.by, "policy")
            verify(results.write_note.denied)
            compare(results.write_note.metadata.approval.by, "user")
        }

        function test_speech() {
            const example = createTemporaryObject(speechExample, stage)
            const speech = example.speech
            // The test's engine records instead of speaking; set before anything is said.
            const engine = createTemporaryObject(fakeSpeechEngineComponent, stage)
            speech.engine = engine
            compare(speech.locale.name, "en_GB")
            compare(speech.rate, 0.2)
            const spoken = signalSpy.createObject(stage, { target: speech, signalName: "spoken" })
            verify(example.agent.send("Weather?"))
            spoken.wait()
            compare(engine.said, ["Hello there.", "The weather is fine:", "Code block in python.",
                                  "Bye."])
        }

        function test_dictation() {
            const example = createTemporaryObject(dictationExample, stage)
            const view = example.view
            compare(String(view.dictation.transcriber.baseUrl), "http://127.0.0.1:8000/v1")
            compare(view.speech.controller, example.agent)
            const sender = findChild(view, "sender") ?? view.sender
            verify(sender, "the view has a Sender")
            compare(sender.dictation, view.dictation)
            verify(sender.dictateAction.enabled, "the microphone can be used")
        }
    }
}
