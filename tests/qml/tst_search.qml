// SPDX-License-Identifier: MIT
// Search from QML: the example of the reference (a search field over the results, a result
// opened in the chat), the roles as JavaScript sees them, and a result in an older version of a
// reply opened in a ChatView, which shows that version and scrolls to it.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 800
    height: 600

    TestCase {
        id: root
        name: "Search"
        when: windowShown

        Component {
            id: example
            Row {
                property alias agent: agent
                property alias results: results
                property alias field: field
                property alias chat: chat
                property alias resultList: resultList
                width: 800
                height: 600
                KoderConversationStore { id: store }
                //! [search]
                KoderSearchModel {
                    id: results
                    store: store
                    query: field.text                  // words; the last one as a prefix
                }
                Column {
                    width: 300
                    TextField {
                        id: field
                        width: parent.width
                        placeholderText: qsTr("Search conversations")
                        Accessible.name: qsTr("Search conversations")
                    }
                    ListView {
                        id: resultList
                        width: parent.width
                        height: 500
                        model: results
                        Accessible.role: Accessible.List
                        Accessible.name: qsTr("%n results", "", results.count)
                        delegate: ItemDelegate {
                            id: result
                            required property string conversationId
                            required property string messageId
                            required property string title
                            required property string snippet   // plain text around the match
                            width: ListView.view.width
                            contentItem: Column {
                                Label { text: result.title; font.bold: true; textFormat: Text.PlainText }
                                Label { text: result.snippet; textFormat: Text.PlainText; elide: Text.ElideRight }
                            }
                            // Where it is, for a screen reader: the conversation, then what matched.
                            Accessible.name: qsTr("In %1: %2").arg(result.title).arg(result.snippet)
                            //! [open]
                            // Shows that message, in whichever version it is, and scrolls to it.
                            onClicked: agent.openMessage(result.conversationId, result.messageId)
                            //! [open]
                        }
                    }
                }
                //! [search]
                ChatView {
                    id: chat
                    width: 500
                    height: 600
                    controller: KoderAgentController {
                        id: agent
                        store: store
                        transport: KoderLocalAgent { tokensPerSecond: 0 }
                    }
                }
            }
        }

        SignalSpy { id: ended; signalName: "streamEnd" }

        function converse(agent, text, reply) {
            agent.transport.reply = reply
            ended.target = agent
            ended.clear()
            verify(agent.send(text))
            ended.wait()
        }

        function test_searchFromQml() {
            const view = createTemporaryObject(example, stage)
            converse(view.agent, "Which bird cannot fly?", "The kiwi, from New Zealand, cannot fly.")
            converse(view.agent, "And a fast one?", "The peregrine falcon dives fastest.")
            view.field.text = "new zeal"
            tryCompare(view.results, "count", 1)
            tryCompare(view.results, "searching", false)
            const hit = view.results.get(0)
            compare(hit.conversationId, view.agent.conversationId)
            compare(hit.messageId, view.agent.messages.get(1).messageId)
            compare(hit.title, "Which bird cannot fly?")
            compare(hit.role, "assistant")
            verify(hit.createdAt instanceof Date)
            // matches: [start, length] pairs in JavaScript string indices.
            const words = hit.matches.map(([start, length]) => hit.snippet.substring(start, start + length))
            compare(words, ["New", "Zealand"])
            // The delegate's accessible name says where the result is.
            tryVerify(() => view.resultList.itemAtIndex(0) !== null)
            compare(view.resultList.itemAtIndex(0).Accessible.name,
                    "In Which bird cannot fly?: " + hit.snippet)
            compare(view.resultList.Accessible.name, "1 results")

            // Anything typed is a query: never an error (the model would warn), at most no
            // results.
            failOnWarning(/search/)
            for (const typed of ["\"", "NEAR(", "*", "a OR", "\"open phrase", "(((", "kiwi \"",
                                 "\"fly\u0000\" kiwi"]) {
                view.field.text = typed
                tryCompare(view.results, "searching", false)
            }
            compare(view.results.count, 1, "the last one finds the kiwi")
            view.field.text = ""
            compare(view.results.count, 0)
        }

        // A result in the older version of a regenerated reply: opening it shows that version in
        // the chat, stores the switch, and puts the view and the focus on the message.
        function test_openAResultInAnOlderVersion() {
            const view = createTemporaryObject(example, stage)
            const agent = view.agent
            converse(agent, "Name a river", "The Danube flows through ten countries.")
            const danube = agent.messages.get(1).messageId
            agent.transport.reply = "The Amazon carries the most water."
            ended.clear()
            verify(agent.regenerate(danube))
            ended.wait()
            for (let i = 0; i < 12; ++i)
                converse(agent, "More, " + i, "Another paragraph about rivers, number " + i + ".")
            compare(agent.messages.get(1).versionIndex, 1)

            view.field.text = "danube"
            tryCompare(view.results, "count", 1)
            compare(view.results.get(0).messageId, danube)
            const rejected = []
            agent.rejected.connect((action, reason) => rejected.push(action + ": " + reason))
            tryVerify(() => view.resultList.itemAtIndex(0) !== null && view.resultList.itemAtIndex(0).visible)
            mouseClick(view.resultList.itemAtIndex(0))
            compare(rejected, [])

            compare(agent.messages.get(1).messageId, danube)
            compare(agent.messages.get(1).versionIndex, 0)
            compare(agent.messages.count, 2, "the path of that version: the question and the reply")
            const list = view.chat.listView
            compare(list.currentIndex, 1)
            verify(list.currentItem !== null)
            verify(list.currentItem.activeFocus || list.currentItem.focusWithin,
                   "the keyboard is on the opened message")

            // Back to the newest path, then open a message far up the list: it is scrolled into view.
            verify(agent.switchVersion(danube, 1))
            compare(agent.messages.count, 26)
            const first = agent.messages.get(0).messageId
            view.chat.jumpToLatest()
            verify(agent.openMessage(agent.conversationId, first))
            compare(list.currentIndex, 0)
            verify(!view.chat.pinned, "the view stays on the message")
            const item = list.itemAtIndex(0)
            verify(item !== null)
            verify(item.y + item.height > list.contentY && item.y < list.contentY + list.height,
                   "the message is in view")
            verify(!agent.openMessage(agent.conversationId, "nothing-like-it"))
        }

        // A result in another conversation: the chat shows that conversation, scrolled to the
        // message, with the keyboard on it.
        function test_openAResultInAnotherConversation() {
            const view = createTemporaryObject(example, stage)
            const agent = view.agent
            converse(agent, "Tell me about lighthouses", "The Pharos of Alexandria was one.")
            for (let i = 0; i < 10; ++i)
                converse(agent, "More, " + i, "Another paragraph about the sea, number " + i + ".")
            const first = agent.conversationId
            agent.conversationId = ""
            converse(agent, "Something else", "Fine.")
            verify(agent.conversationId !== first)

            view.field.text = "pharos"
            tryCompare(view.results, "count", 1)
            tryVerify(() => view.resultList.itemAtIndex(0) !== null && view.resultList.itemAtIndex(0).visible)
            mouseClick(view.resultList.itemAtIndex(0))
            compare(agent.conversationId, first)
            const list = view.chat.listView
            compare(list.currentIndex, 1)
            verify(!view.chat.pinned)
            const item = list.currentItem
            verify(item !== null)
            verify(item.activeFocus || item.focusWithin)
            verify(item.y + item.height > list.contentY && item.y < list.contentY + list.height,
                   "the message is in view")
        }
    }
}
