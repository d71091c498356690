// SPDX-License-Identifier: MIT
// Versions through the QML API: regenerate and edit keep the old ones, switchVersion brings them
// back with what was said under them, a switch during a turn is refused, a reload in a new store
// shows the same path and versions; the Bubble's switcher by mouse, keyboard and its accessible
// names; and the delegate example of the Versions page (docs/src/versions.qdoc).
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 480

    TestCase {
        id: testCase
        name: "Versions"
        when: windowShown

        Component {
            id: agentComponent
            KoderAgentController {
                transport: KoderLocalAgent { tokensPerSecond: 0 }
            }
        }
        Component {
            id: storeComponent
            KoderConversationStore {}
        }
        Component {
            id: chatComponent
            ChatView {
                width: 480
                height: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { tokensPerSecond: 0 }
                }
            }
        }
        Component {
            id: bubbleComponent
            Bubble {
                width: 400
                messageId: "m1"
                role: "assistant"
                text: "An answer"
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
            id: readmeComponent
            Item {
                width: 480
                height: 300
                property alias agent: agent
                // The documented ListView (docs/src/versions.qdoc): the one visual child (the
                // controller is not an Item).
                readonly property ListView list: children[0]
                KoderAgentController {
                    id: agent
                    transport: KoderLocalAgent { tokensPerSecond: 0 }
                }
                //! [versions-delegate]
                ListView {
                    anchors.fill: parent
                    model: agent.messages
                    delegate: Row {
                        required property string messageId
                        required property string text
                        required property int versionIndex
                        required property int versionCount
                        Label { text: parent.text }
                        Button {
                            visible: versionCount > 1; enabled: versionIndex > 0; text: "‹"
                            Accessible.name: qsTr("Previous version")
                            onClicked: agent.switchVersion(messageId, versionIndex - 1)
                        }
                    }
                }
                //! [versions-delegate]
            }
        }

        function converse(agent, question, answer) {
            agent.transport.reply = answer
            verify(agent.send(question))
            tryCompare(agent, "status", "idle")
        }
        function regenerate(agent, row, answer) {
            agent.transport.reply = answer
            verify(agent.regenerate(agent.messages.get(row).messageId))
            tryCompare(agent, "status", "idle")
        }
        function row(agent, i) {
            return agent.messages.get(i)
        }
        // Every row of the shown path as the model gives it.
        function snapshot(agent) {
            const rows = []
            for (let i = 0; i < agent.messages.count; ++i) {
                const r = agent.messages.get(i)
                rows.push({ messageId: r.messageId, parentId: r.parentId, text: r.text,
                            versionIndex: r.versionIndex, versionCount: r.versionCount })
            }
            return rows
        }

        function test_regenerateEditAndSwitchBack() {
            const agent = createTemporaryObject(agentComponent, testCase)
            converse(agent, "q1", "first answer")
            compare(row(agent, 1).versionCount, 1)
            regenerate(agent, 1, "second answer")
            compare(agent.messages.count, 2)
            compare(row(agent, 1).text, "second answer")
            compare(row(agent, 1).versionIndex, 1)
            compare(row(agent, 1).versionCount, 2)
            compare(row(agent, 1).parentId, row(agent, 0).messageId)

            verify(agent.switchVersion(row(agent, 1).messageId, 0))
            compare(row(agent, 1).text, "first answer")
            compare(row(agent, 1).versionIndex, 0)

            const q1 = row(agent, 0).messageId
            agent.transport.reply = "answer to the edit"
            verify(agent.edit(q1, "q1 edited"))
            tryCompare(agent, "status", "idle")
            compare(row(agent, 0).text, "q1 edited")
            compare(row(agent, 0).versionIndex, 1)
            compare(row(agent, 0).versionCount, 2)
            compare(row(agent, 0).parentId, "")
            compare(row(agent, 1).text, "answer to the edit")
            compare(row(agent, 1).versionCount, 1)

            // Back to the original question: its older reply, the one shown under it last.
            verify(agent.switchVersion(row(agent, 0).messageId, 0))
            compare(row(agent, 0).messageId, q1)
            compare(row(agent, 0).text, "q1")
            compare(row(agent, 1).text, "first answer")
            compare(row(agent, 1).versionIndex, 0)
            compare(row(agent, 1).versionCount, 2)
        }

        function test_aSwitchDuringATurnIsRefused() {
            const agent = createTemporaryObject(agentComponent, testCase)
            converse(agent, "q1", "first")
            regenerate(agent, 1, "second")
            const rejected = createTemporaryQmlObject(
                "import QtTest; SignalSpy { signalName: \"rejected\" }", testCase)
            rejected.target = agent
            agent.transport.tokensPerSecond = 20
            agent.transport.reply = "a slow reply of several words"
            verify(agent.send("q2"))
            verify(agent.streaming)
            verify(!agent.switchVersion(row(agent, 1).messageId, 0))
            compare(rejected.count, 1)
            compare(rejected.signalArguments[0][0], "switchVersion")
            verify(rejected.signalArguments[0][1].length > 0)
            agent.abort()
            verify(!agent.switchVersion(row(agent, 1).messageId, 5)) // out of range
            verify(!agent.switchVersion("no-such-message", 0))
            compare(rejected.count, 3)
            compare(row(agent, 1).text, "second")
        }

        function test_aReloadInANewStoreShowsTheSamePathAndVersions() {
            const path = testTempDir + "/versions.sqlite"
            const store = createTemporaryObject(storeComponent, testCase, { path: path })
            const agent = createTemporaryObject(agentComponent, testCase, { store: store })
            converse(agent, "q1", "first answer")
            regenerate(agent, 1, "second answer")
            converse(agent, "q2", "answer two")
            agent.transport.reply = "answer to the edit"
            verify(agent.edit(row(agent, 2).messageId, "q2 edited"))
            tryCompare(agent, "status", "idle")
            verify(agent.switchVersion(row(agent, 1).messageId, 0)) // back to the first answer
            const shown = snapshot(agent)
            compare(shown.length, 2)
            compare(shown[1].text, "first answer")
            verify(agent.switchVersion(row(agent, 1).messageId, 1))
            const expected = snapshot(agent)
            compare(expected.length, 4)
            compare(expected[2].text, "q2 edited")
            compare(expected[2].versionCount, 2)
            const conversation = agent.conversationId

            const store2 = createTemporaryObject(storeComponent, testCase, { path: path })
            verify(store2.ready)
            const agent2 = createTemporaryObject(agentComponent, testCase, { store: store2 })
            agent2.conversationId = conversation
            compare(snapshot(agent2), expected)
            // The memory of what was shown under each version came back too.
            verify(agent2.switchVersion(row(agent2, 2).messageId, 0))
            compare(row(agent2, 2).text, "q2")
            compare(row(agent2, 3).text, "answer two")
        }

        function test_theSwitcherByMouseAndItsAccessibleNames() {
            const bubble = createTemporaryObject(bubbleComponent, stage)
            const switcher = findChild(bubble, "versionSwitcher")
            verify(!switcher.visible, "one version: no switcher")
            bubble.versionCount = 3
            bubble.versionIndex = 1
            verify(switcher.visible)
            const label = findChild(bubble, "versionLabel")
            const previous = findChild(bubble, "previousVersion")
            const next = findChild(bubble, "nextVersion")
            compare(label.text, "2/3")
            compare(label.Accessible.name, "Version 2 of 3")
            compare(previous.Accessible.name, "Previous version")
            compare(next.Accessible.name, "Next version")
            compare(previous.Accessible.role, Accessible.Button)
            compare(next.Accessible.role, Accessible.Button)
            const requested = createTemporaryQmlObject(
                "import QtTest; SignalSpy { signalName: \"versionRequested\" }", testCase)
            requested.target = bubble
            // The switcher sits in the footer under the card: let its row lay out first.
            tryVerify(() => next.width > 0 && !isPolishScheduled(switcher) && !isPolishScheduled(next.parent.parent))
            mouseClick(next)
            compare(requested.count, 1)
            compare(requested.signalArguments[0][0], "m1")
            compare(requested.signalArguments[0][1], 2)
            bubble.versionIndex = 2
            verify(!next.enabled, "no version after the last")
            verify(previous.enabled)
            bubble.versionIndex = 0
            verify(!previous.enabled, "no version before the first")
        }

        function test_theSwitcherInAChatViewByKeyboard() {
            const view = createTemporaryObject(chatComponent, stage)
            const agent = view.controller
            converse(agent, "q1", "first answer")
            regenerate(agent, 1, "second answer")
            const list = findChild(view, "messageList")
            // Looked up afresh each time: until the view lays out the regenerated row, index 1
            // may still be the delegate of the replaced one.
            const previousButton = function() {
                const item = list.itemAtIndex(1)
                return item ? findChild(item, "previousVersion") : null
            }
            tryVerify(function() {
                const button = previousButton()
                return button !== null && button.visible && button.enabled
            })
            const previous = previousButton()
            list.forceActiveFocus()
            // The arrows choose the message; Tab goes through that message's buttons.
            for (let i = 0; i < 3 && list.currentIndex < 1; ++i)
                keyClick(Qt.Key_Down)
            compare(list.currentIndex, 1)
            for (let i = 0; i < 20 && !previous.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(previous.activeFocus, "Tab reaches the previous-version button")
            keyClick(Qt.Key_Space)
            tryCompare(agent.messages.get(1), "text", "first answer")
            compare(agent.messages.get(1).versionIndex, 0)
        }

        function test_theReadmeDelegate() {
            const example = createTemporaryObject(readmeComponent, stage)
            const agent = example.agent
            converse(agent, "q1", "first answer")
            regenerate(agent, 1, "second answer")
            const list = example.list
            // Looked up afresh: until the view lays out the regenerated row, index 1 may still
            // be the delegate of the replaced one.
            tryVerify(function() {
                const item = list.itemAtIndex(1)
                return item !== null && item.children[1].visible && item.children[1].enabled
            })
            const button = list.itemAtIndex(1).children[1]
            compare(button.Accessible.name, "Previous version")
            mouseClick(button)
            compare(agent.messages.get(1).text, "first answer")
        }
    }
}
