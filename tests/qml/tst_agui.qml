// SPDX-License-Identifier: MIT
// An AG-UI agent declared in QML (the scripted agent of tests/support/agui): its shared state
// bound in QML follows each snapshot and delta, a patch that does not apply keeps it, a question
// of the agent (an interrupt) is answered in the view's question prompt by keyboard alone, and
// an approval interrupt in its permission prompt.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent
import Koder.Test

Item {
    id: stage
    width: 520
    height: 640

    AgUiTestAgent {
        id: testAgent
    }

    Component {
        id: chatComponent
        Item {
            id: chat
            property alias agent: agent
            property alias view: view
            property alias transport: transport
            property alias countLabel: countLabel
            property var counts: []
            property url endpoint
            width: 520
            height: 640

            //! [agui-transport]
            KoderAgentController {
                id: agent
                transport: KoderAgUiTransport {
                    id: transport
                    url: chat.endpoint // e.g. "http://127.0.0.1:8000/agent"
                    forwardedProps: ({ model: "small" })
                    onCustomEvent: (name, value) => console.log("custom event", name)
                }
            }
            //! [agui-transport]

            //! [agui-state]
            Label {
                id: countLabel
                // The agent's shared state, bound like any property: it follows each
                // STATE_SNAPSHOT and STATE_DELTA as they arrive.
                text: transport.agentState.count === undefined
                      ? qsTr("No count yet") : qsTr("Count: %1").arg(transport.agentState.count)
            }
            //! [agui-state]

            Connections {
                target: transport
                function onAgentStateChanged() {
                    chat.counts = chat.counts.concat([transport.agentState.count])
                }
            }

            ChatView {
                id: view
                anchors.fill: parent
                anchors.topMargin: countLabel.height
                controller: agent
            }
        }
    }

    TestCase {
        name: "AgUi"
        when: windowShown

        function makeChat(scenario, split) {
            tryCompare(testAgent, "ready", true, 20000)
            const chat = createTemporaryObject(chatComponent, stage, {
                endpoint: testAgent.url(scenario, split || 0)
            })
            verify(chat)
            return chat
        }

        function sendByKeyboard(chat, text) {
            const input = findChild(chat.view, "senderInput")
            input.forceActiveFocus()
            input.text = text
            keyClick(Qt.Key_Return)
        }

        function test_stateBoundInQmlFollowsTheDeltas() {
            const chat = makeChat("state", 5)
            compare(chat.countLabel.text, "No count yet")
            compare(JSON.stringify(chat.transport.agentState), "{}")
            sendByKeyboard(chat, "Update")
            tryCompare(chat.agent, "status", "idle", 10000)
            compare(chat.counts, [0, 1, 1], "the snapshot, then each delta")
            compare(chat.countLabel.text, "Count: 1")
            compare(chat.transport.agentState.items, ["a"])
        }

        function test_aFailedPatchKeepsTheState() {
            const chat = makeChat("bad-patch", 3)
            sendByKeyboard(chat, "Go")
            tryCompare(chat.agent, "status", "error", 10000)
            compare(chat.agent.lastError.code, "protocol_error")
            compare(chat.countLabel.text, "Count: 1", "as it was before the patch")
            compare(chat.transport.agentState.count, 1)
        }

        function test_stateSetInQmlIsSent() {
            const chat = makeChat("state-echo")
            chat.transport.agentState = { mode: "draft", tags: ["a"] }
            verify(chat.agent.send("Echo"))
            tryCompare(chat.agent, "status", "idle", 10000)
            const reply = chat.agent.messages.get(chat.agent.messages.count - 1).text
            verify(reply.indexOf('"mode":"draft"') >= 0, reply)
            verify(reply.indexOf('"model":"small"') >= 0, reply)
        }

        function test_questionOfTheAgentAnsweredByKeyboard() {
            const chat = makeChat("input")
            sendByKeyboard(chat, "Paint it")
            tryCompare(chat.agent, "status", "awaitingInput", 10000)
            compare(chat.agent.pendingInputs[0].source, "agui")
            const prompt = findChild(chat.view, "questionPrompt")
            verify(prompt.visible)
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            // The single choice is one Tab stop; the arrows move through its options.
            const focused = function () { return prompt.Window.activeFocusItem }
            for (let i = 0; i < 8 && !String(focused().objectName).startsWith("option_"); ++i)
                keyClick(Qt.Key_Tab)
            verify(String(focused().objectName).startsWith("option_"), "Tab reaches the choice")
            for (let i = 0; i < 4 && focused().text !== "green"; ++i)
                keyClick(Qt.Key_Down)
            compare(focused().text, "green")
            keyClick(Qt.Key_Space)
            const answer = findChild(chat.view, "submitButton")
            for (let i = 0; i < 8 && !answer.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(answer.activeFocus, "Tab reaches Answer")
            keyClick(Qt.Key_Space)
            tryCompare(chat.agent, "status", "idle", 10000)
            compare(chat.agent.messages.get(chat.agent.messages.count - 1).text, "You chose green.")
        }

        function test_approvalInterruptApprovedByKeyboard() {
            const chat = makeChat("approval", 7)
            sendByKeyboard(chat, "Delete notes.txt")
            tryCompare(chat.agent, "status", "reviewingToolCall", 10000)
            compare(chat.agent.pendingToolCalls[0].name, "delete_file")
            const prompt = findChild(chat.view, "permissionPrompt")
            const approve = findChild(chat.view, "approveButton")
            tryVerify(function () { return prompt.focusIsInside() }, 2000, "the prompt has the focus")
            for (let i = 0; i < 8 && !approve.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(approve.activeFocus, "Tab reaches Approve")
            keyClick(Qt.Key_Space)
            tryCompare(chat.agent, "status", "idle", 10000)
            compare(chat.agent.messages.get(chat.agent.messages.count - 1).text, "Deleted.")
        }
    }
}
