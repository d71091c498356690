// SPDX-License-Identifier: MIT
import QtQuick
import QtTest
import Koder.Agent
import Koder.Test

// A server that ends the turn while a call waits for the user (PROTOCOL.md: an error with the
// turn ends it whatever the client waits for; a dropped connection without resume ends it): the
// turn ends once, the prompt goes away, and approving afterwards sends nothing.
Item {
    id: stage
    width: 480
    height: 400

    Component {
        id: chatComponent
        Item {
            property alias agent: agent
            property alias prompt: prompt
            property alias server: server
            property int runs: 0
            width: 480
            height: 400
            AichatTestServer {
                id: server
                resume: false // these turns end when their connection does
            }
            KoderAgentController {
                id: agent
                maxRetries: 3 // a retryable drop is still not retried: that would re-send the turn
                transport: KoderWebSocketTransport {
                    url: server.url
                }
                KoderTool {
                    name: "save_note"
                    handler: function (args) {
                        runs++
                        return "saved"
                    }
                }
            }
            PermissionPrompt {
                id: prompt
                width: parent.width
                controller: agent
            }
            SignalSpy {
                id: errors
                objectName: "errors"
                target: agent
                signalName: "error"
            }
            SignalSpy {
                id: ends
                objectName: "ends"
                target: agent
                signalName: "streamEnd"
            }
            property alias errorCount: errors.count
            property alias endCount: ends.count
        }
    }

    TestCase {
        name: "ApprovalsOverWebSocket"
        when: windowShown

        function waitingTurn(ending) {
            return [[{ "send": { "type": "turn.started" } },
                     { "send": { "type": "tool_call", "step": 0, "call_id": "call_1",
                                 "name": "save_note", "arguments": { "text": "hi" } } },
                     { "send": { "type": "step.end", "step": 0, "finish_reason": "tool_calls" } },
                     ending]]
        }

        function run(ending) {
            const chat = createTemporaryObject(chatComponent, stage)
            chat.server.script = waitingTurn(ending)
            let sawPrompt = false
            chat.prompt.visibleChanged.connect(function () {
                if (chat.prompt.visible)
                    sawPrompt = true
            })
            verify(chat.agent.send("save it"))
            tryVerify(function () { return sawPrompt }, 5000, "the call waited for the user")
            tryCompare(chat.agent, "abortable", false, 5000)
            compare(chat.errorCount + chat.endCount, 1, "one terminal event")
            compare(chat.agent.pendingToolCalls.length, 0)
            verify(!chat.prompt.visible)
            const last = chat.agent.messages.get(chat.agent.messages.count - 1)
            compare(last.role, "tool")
            verify(last.denied)
            compare(last.metadata.approval.decision, "denied")
            verify(!chat.agent.approveToolCall("call_1"), "nothing left to approve")
            compare(chat.runs, 0)
            compare(chat.server.count("turn.start"), 1, "the turn was never started again")
            compare(chat.server.count("tool.result"), 0)
            return chat
        }

        function test_toolTimeout() {
            const chat = run({ "send": { "type": "error", "code": "tool_timeout",
                                         "message": "No tool result in time.",
                                         "retryable": false } })
            compare(chat.agent.status, "error")
            compare(chat.agent.lastError.code, "tool_timeout")
        }

        function test_droppedConnection() {
            const chat = run({ "drop": true })
            compare(chat.agent.status, "error")
            compare(chat.agent.lastError.code, "transport")
        }
    }
}
