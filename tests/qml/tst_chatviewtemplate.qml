// SPDX-License-Identifier: MIT
// AbstractChatView under a look written here: the messages model, the answers to a bubble's
// requests, the empty state and the scrolling rule come with the template.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 480
    height: 300

    Component {
        id: ownLook
        //! [own-look]
        AbstractChatView {
            id: chat
            width: 480
            height: 300
            controller: KoderAgentController {
                transport: KoderLocalAgent { tokensPerSecond: 0; reply: "Hi there." }
            }
            listView: list
            ListView {
                id: list
                anchors.fill: parent
                model: chat.messages
                delegate: Bubble {
                    required messageId
                    required role
                    required text
                    required streaming
                    width: ListView.view.width
                    controller: chat.controller
                    onRegenerateRequested: (id) => chat.regenerate(id)
                    onBranchRequested: (id) => chat.branch(id)
                }
            }
            Label {
                anchors.centerIn: parent
                visible: chat.empty
                textFormat: Text.PlainText
                text: chat.placeholderText
            }
        }
        //! [own-look]
    }

    TestCase {
        id: testCase
        name: "ChatViewTemplate"
        when: windowShown

        function history(n) {
            const list = []
            for (let i = 0; i < n; ++i)
                list.push({ role: i % 2 ? "assistant" : "user", text: "message " + i })
            return list
        }

        function test_messagesAndEmptyState() {
            const chat = createTemporaryObject(ownLook, stage)
            verify(chat)
            verify(chat.empty)
            compare(chat.placeholderText, "How can I help?")
            chat.sendSuggestion("Hello?")
            tryCompare(chat.controller, "status", "idle")
            verify(!chat.empty)
            compare(chat.messages.count, 2)
            verify(!chat.showToolResults, "results are shown in their call's card")
        }

        function test_answersTheBubblesRequests() {
            const chat = createTemporaryObject(ownLook, stage)
            chat.sendSuggestion("Hello?")
            tryCompare(chat.controller, "status", "idle")
            const reply = chat.controller.messages.get(1).messageId
            chat.regenerate(reply)
            tryCompare(chat.controller, "status", "idle")
            compare(chat.controller.messages.get(1).versionCount, 2)
            chat.switchVersion(chat.controller.messages.get(1).messageId, 0)
            compare(chat.controller.messages.get(1).versionIndex, 0)
            const branched = createTemporaryQmlObject("import QtTest; SignalSpy { signalName: \"branched\" }", testCase)
            branched.target = chat
            chat.branch(reply)
            compare(branched.count, 1)
            verify(branched.signalArguments[0][0] !== "")
        }

        function test_scrollingRuleFollowsTheLooksList() {
            const chat = createTemporaryObject(ownLook, stage)
            chat.controller.setChatMessages(history(60))
            const list = chat.listView
            tryVerify(() => list.atYEnd, 2000, "pinned to the newest message")
            verify(chat.pinned)
            list.flick(0, 4000)
            tryCompare(list, "moving", false)
            verify(!chat.pinned, "the user's gesture unpins")
            chat.controller.addUserMessage("more")
            verify(!list.atYEnd, "an unpinned view is not pulled down")
            chat.jumpToLatest()
            verify(chat.pinned)
            tryVerify(() => list.atYEnd)
        }
    }
}
