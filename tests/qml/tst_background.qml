// SPDX-License-Identifier: MIT
// Background runs through the QML API: a conversation left mid-reply streams on; its row in a
// ListView over KoderConversationListModel goes streaming -> idle and turns unread; coming back
// shows the whole reply. Switching away and back while it streams shows it live.
pragma ComponentBehavior: Bound
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Background"
    when: windowShown
    width: 400
    height: 400

    readonly property string reply: "one two three four five six seven eight nine ten eleven "
                                    + "twelve thirteen fourteen fifteen sixteen seventeen eighteen"

    Component {
        id: app
        Item {
            id: appRoot
            width: 400
            height: 400
            property alias agent: agent
            property alias list: list
            property alias view: view
            KoderConversationStore { id: store; path: "" }
            KoderConversationListModel {
                id: list
                store: store
                controller: agent             // the status role follows the controller
            }
            KoderAgentController {
                id: agent
                store: store
                transport: KoderLocalAgent { reply: root.reply; tokensPerSecond: 40 }
            }
            ListView {
                id: view
                anchors.fill: parent
                model: list
                delegate: Text {
                    required property string conversationId
                    required property string status
                    required property bool unread
                    width: ListView.view.width
                    height: 20
                    textFormat: Text.PlainText
                    text: conversationId + " " + status + (unread ? " unread" : "")
                }
            }
        }
    }

    SignalSpy { id: ended; signalName: "streamEnd" }

    function rowOf(list, id) {
        for (let i = 0; i < list.count; ++i)
            if (list.get(i).conversationId === id)
                return i
        return -1
    }

    function delegateOf(app, id) {
        const row = rowOf(app.list, id)
        return row < 0 ? null : app.view.itemAtIndex(row)
    }

    function test_aLeftConversationStreamsOnAndComesBackComplete() {
        const a = createTemporaryObject(app, root)
        const agent = a.agent
        //! [background-run]
        verify(agent.send("question A"))
        const first = agent.conversationId
        tryVerify(() => agent.messages.count === 2 && agent.messages.get(1).text.length > 0)

        agent.conversationId = "elsewhere"
        compare(agent.messages.count, 0)
        compare(agent.status, "idle")
        compare(agent.conversationStatus(first), "streaming")
        tryVerify(() => delegateOf(a, first) !== null)
        const row = delegateOf(a, first)
        compare(row.status, "streaming")
        compare(row.unread, false)

        // The row follows the turn: streaming, then idle and unread, with no reset of the list.
        tryCompare(row, "status", "idle", 10000)
        tryCompare(row, "unread", true)
        compare(a.list.get(rowOf(a.list, first)).unread, true)

        agent.conversationId = first
        compare(agent.messages.count, 2)
        compare(agent.messages.get(1).text, root.reply)
        compare(agent.messages.get(1).aborted, false)
        tryCompare(delegateOf(a, first), "unread", false)
        //! [background-run]
    }

    function test_switchingAwayAndBackWhileStreamingShowsItLive() {
        const a = createTemporaryObject(app, root)
        const agent = a.agent
        ended.target = agent
        ended.clear()
        verify(agent.send("question"))
        const first = agent.conversationId
        tryVerify(() => agent.messages.count === 2 && agent.messages.get(1).text.length > 0)

        agent.conversationId = "elsewhere"
        compare(agent.streaming, false)
        compare(agent.abortable, false)
        agent.conversationId = first
        compare(agent.status, "streaming")
        compare(agent.streaming, true)
        compare(agent.abortable, true)
        compare(agent.messages.count, 2)
        compare(agent.messages.get(1).streaming, true)

        ended.wait(10000)
        compare(ended.count, 1)
        compare(agent.messages.get(1).text, root.reply)
        compare(agent.status, "idle")
        tryVerify(() => delegateOf(a, first) !== null)
        compare(delegateOf(a, first).unread, false, "it ended while shown")
    }

    function test_twoConversationsStreamAtOnce() {
        const a = createTemporaryObject(app, root)
        const agent = a.agent
        verify(agent.send("question A"))
        const first = agent.conversationId
        agent.conversationId = "second"
        verify(agent.send("question B"))
        compare(agent.conversationStatus(first), "streaming")
        compare(agent.status, "streaming")

        ended.target = agent
        ended.clear()
        ended.wait(10000)
        compare(agent.messages.get(1).text, root.reply)
        tryCompare(delegateOf(a, first), "status", "idle", 10000)
        agent.conversationId = first
        compare(agent.messages.get(0).text, "question A")
        compare(agent.messages.get(1).text, root.reply)
    }
}
