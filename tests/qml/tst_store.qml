// SPDX-License-Identifier: MIT
// Conversations through the QML API only: the storage example of the reference, the list model following
// sends, renames, branches and deletes, and JSON export / import.
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Store"
    when: windowShown

    Component {
        id: example
        Item {
            property alias agent: agent
            property alias list: list
            //! [storage]
            KoderConversationStore {
                id: store
                path: ""                       // "" = in memory; a file path keeps them
                onFailed: (message) => console.warn(message)
            }
            KoderConversationListModel {
                id: list                       // id, title, updatedAt, messageCount, unread, status
                store: store
                controller: agent              // status: a reply running on in the background, ...
            }
            KoderAgentController {
                id: agent
                store: store                   // replies are saved, and flushed while streaming
                transport: KoderLocalAgent { reply: "Saved as it streams." }
            }
            ListView {
                model: list
                delegate: Text {
                    required property string conversationId
                    required property string title
                    required property string status   // "streaming" while its reply runs unseen
                    required property bool unread     // a reply ended while it was not shown
                    textFormat: Text.PlainText
                    text: title + (status === "streaming" ? " …" : "") + (unread ? " •" : "")
                    TapHandler { onTapped: agent.conversationId = conversationId }
                }
            }
            //! [storage]
        }
    }

    SignalSpy { id: ended; signalName: "streamEnd" }

    function converse(agent, text) {
        ended.target = agent
        ended.clear()
        verify(agent.send(text))
        ended.wait()
    }

    function test_conversationsFollowTheController() {
        const view = createTemporaryObject(example, root)
        const agent = view.agent
        const list = view.list
        compare(list.count, 0)

        converse(agent, "First question")
        compare(list.count, 1)
        compare(list.get(0).title, "First question")
        compare(list.get(0).messageCount, 2)
        const first = agent.conversationId
        compare(list.get(0).id, first)

        // A branch is written to the store and listed; it is where the controller goes next.
        const fork = agent.branch(agent.messages.get(0).messageId)
        verify(fork !== "")
        compare(list.count, 2)
        agent.conversationId = fork
        compare(agent.messages.count, 1)
        converse(agent, "In the branch")
        compare(list.get(0).id, fork, "the most recent conversation comes first")

        verify(list.rename(first, "Renamed"))
        const renamed = [0, 1].map(i => list.get(i)).find(c => c.id === first)
        compare(renamed.title, "Renamed")

        // Back to the first one: its history is loaded from the store.
        agent.conversationId = first
        compare(agent.messages.count, 2)
        compare(agent.messages.get(1).text, "Saved as it streams.")

        verify(agent.deleteConversation())
        compare(list.count, 1)
        compare(list.get(0).id, fork)
    }

    function test_exportAndImport() {
        const view = createTemporaryObject(example, root)
        const agent = view.agent
        converse(agent, "Keep this")
        const store = agent.store
        const json = store.exportJson(agent.conversationId)
        verify(json.indexOf("Keep this") >= 0)

        const copy = store.importJson(json)
        verify(copy !== "" && copy !== agent.conversationId)
        compare(view.list.count, 2)

        compare(store.importJson('{"id":"x","messages":[{"id":"a","role":"bot","text":"x"}]}'), "")
        verify(store.error.indexOf("messages[0].role") >= 0, store.error)
        compare(view.list.count, 2, "a refused import adds nothing")
    }
}
