// SPDX-License-Identifier: MIT
// An MCP server declared in QML: its tools join the controller's turn, a call is approved by
// keyboard alone in the view's permission prompt, a denied call never reaches the server (its
// own log shows what it received), its question (elicitation) is answered from QML, and its
// prompt and resource come back through JS callbacks.
import QtQuick
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 520
    height: 640

    Component {
        id: chatComponent
        Item {
            id: chat
            property alias agent: agent
            property alias view: view
            property alias local: local
            property alias server: server
            property string logPath: ""
            width: 520
            height: 640

            //! [mcp-server]
            KoderAgentController {
                id: agent
                autoAccept: "never"
                transport: KoderLocalAgent {
                    id: local
                    reply: "Done."
                    toolCalls: [{ name: "files__write_file", arguments: { path: "a.md", content: "hi" } }]
                }
                mcpServers: [
                    KoderMcpServer {
                        id: server
                        name: "files"
                        command: mcpTest.node
                        args: [mcpTest.scriptedServer, "--log", chat.logPath]
                        toolPolicy: "ask"
                    }
                ]
            }
            //! [mcp-server]
            ChatView {
                id: view
                anchors.fill: parent
                controller: agent
            }
        }
    }

    TestCase {
        name: "Mcp"
        when: windowShown

        property int serial: 0

        function makeChat() {
            const chat = createTemporaryObject(chatComponent, stage, {
                logPath: testTempDir + "/mcp-" + (++serial) + ".log"
            })
            verify(chat)
            tryCompare(chat.server, "status", "ready", 20000)
            return chat
        }

        function toolMessages(agent) {
            const out = []
            for (let i = 0; i < agent.messages.count; ++i) {
                const m = agent.messages.get(i)
                if (m.role === "tool")
                    out.push(m)
            }
            return out
        }

        function test_toolsFromQml() {
            const chat = makeChat()
            const names = chat.server.tools.map(t => t.name)
            verify(names.indexOf("write_file") >= 0, names.join(","))
            compare(chat.agent.mcpServers.length, 1)
            compare(chat.server.errorString, "")
        }

        function test_approvalByKeyboardRunsTheCall() {
            const chat = makeChat()
            const input = findChild(chat.view, "senderInput")
            input.forceActiveFocus()
            input.text = "write it"
            keyClick(Qt.Key_Return)
            tryCompare(chat.agent, "status", "reviewingToolCall", 10000)
            compare(chat.agent.pendingToolCalls[0].name, "files__write_file")
            const prompt = findChild(chat.view, "permissionPrompt")
            const approve = findChild(chat.view, "approveButton")
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            for (let i = 0; i < 8 && !approve.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(approve.activeFocus, "Tab reaches Approve")
            keyClick(Qt.Key_Space)
            tryCompare(chat.agent, "status", "idle", 10000)
            const tools = toolMessages(chat.agent)
            compare(tools.length, 1)
            compare(tools[0].text, "written")
            verify(mcpTest.loggedMethods(chat.logPath).indexOf("tools/call") >= 0)
        }

        function test_deniedCallNeverReachesTheServer() {
            const chat = makeChat()
            verify(chat.agent.send("write it"))
            tryCompare(chat.agent, "status", "reviewingToolCall", 10000)
            const prompt = findChild(chat.view, "permissionPrompt")
            tryVerify(function () { return prompt.focusIsInside() }, 2000)
            keyClick(Qt.Key_Escape) // denies every waiting call
            tryCompare(chat.agent, "status", "idle", 10000)
            const tools = toolMessages(chat.agent)
            compare(tools.length, 1)
            verify(tools[0].denied)
            // A prompt round trip: everything sent before it has been read by the server.
            let answered = false
            chat.server.getPrompt("greet", { name: "x" }, function (result, error) { answered = true })
            tryVerify(function () { return answered }, 10000)
            compare(mcpTest.loggedMethods(chat.logPath).indexOf("tools/call"), -1,
                    "the server never received the denied call")
        }

        function test_elicitationAnsweredFromQml() {
            const chat = makeChat()
            chat.server.toolPolicy = "allow"
            chat.local.toolCalls = [{ name: "files__ask", arguments: {} }]
            verify(chat.agent.send("ask me"))
            tryCompare(chat.agent, "status", "awaitingInput", 10000)
            const input = chat.agent.pendingInputs[0]
            compare(input.source, "mcp")
            verify(findChild(chat.view, "questionPrompt").visible)
            verify(!chat.agent.answerInput(input.id, { colour: "purple" }), "refused by the schema")
            verify(chat.agent.answerInput(input.id, { colour: "green" }))
            tryCompare(chat.agent, "status", "idle", 10000)
            compare(toolMessages(chat.agent)[0].text, 'accepted {"colour":"green"}')
        }

        function test_promptAndResourceCallbacks() {
            const chat = makeChat()
            let prompt = null
            let calls = 0
            chat.server.getPrompt("greet", { name: "Ada" }, function (result, error) {
                ++calls
                prompt = result
            })
            tryVerify(function () { return calls === 1 }, 10000)
            compare(prompt.messages[0].content.text, "Hello, Ada")
            let resource = null
            let failure = "unset"
            chat.server.readResource("file:///nowhere.txt", function (result, error) {
                resource = result
                failure = error
            })
            tryVerify(function () { return failure !== "unset" }, 10000)
            verify(failure.length > 0, "an unknown resource is an error")
            compare(resource, undefined)
        }
    }
}
