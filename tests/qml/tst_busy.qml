// SPDX-License-Identifier: MIT
// The busy policy from QML with a slowly streaming local agent: reject, queue (with the Sender's
// chips), interrupt and steer; Enter in the Sender while a reply streams.
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
            property var events: []
            property var spoken: []
            width: 520
            height: 640
            KoderAgentController {
                id: agent
                transport: KoderLocalAgent {
                    reply: "one two three four five six seven eight"
                    tokensPerSecond: 40
                }
                onUserMessage: chat.events = chat.events.concat(["userMessage"])
                onStreamStart: chat.events = chat.events.concat(["streamStart"])
                onStreamEnd: chat.events = chat.events.concat(["streamEnd"])
                onAborted: chat.events = chat.events.concat(["aborted"])
                onError: chat.events = chat.events.concat(["error"])
                onAnnouncement: (kind, politeness, messageId, text, position) => {
                    chat.spoken = chat.spoken.concat([kind])
                }
            }
            ChatView {
                id: view
                anchors.fill: parent
                controller: agent
            }
        }
    }

    TestCase {
        name: "BusyPolicy"
        when: windowShown

        function makeChat(policy) {
            const chat = createTemporaryObject(chatComponent, stage)
            chat.agent.busyPolicy = policy
            compare(chat.agent.busyPolicy, policy)
            return chat
        }
        function streamingSoon(chat, text) {
            verify(chat.agent.send(text))
            tryVerify(function () {
                const m = chat.agent.messages.get(chat.agent.messages.count - 1)
                return chat.agent.streaming && m.text.length > 0
            }, 5000, "the reply streams")
        }
        function count(list, name) {
            return list.filter(function (e) { return e === name }).length
        }
        function texts(agent) {
            const all = []
            for (let i = 0; i < agent.messages.count; ++i)
                all.push(agent.messages.get(i).role + ":" + agent.messages.get(i).text)
            return all
        }

        function test_rejectIsTheDefault() {
            const chat = createTemporaryObject(chatComponent, stage)
            compare(chat.agent.busyPolicy, "reject")
            streamingSoon(chat, "first")
            let refused = ""
            chat.agent.rejected.connect(function (action, reason) { refused = action })
            verify(!chat.agent.send("second"))
            compare(refused, "send")
            tryCompare(chat.agent, "streaming", false, 5000)
            compare(count(chat.events, "userMessage"), 1)
        }

        function test_queueSendsAfterTheReplyAndShowsChips() {
            //! [busy-queue]
            const chat = makeChat("queue")
            streamingSoon(chat, "first")
            verify(chat.agent.send("second"))
            verify(chat.agent.send("third"))
            compare(chat.agent.queuedMessages.length, 2)
            compare(chat.agent.queuedMessages[0].text, "second")
            compare(count(chat.events, "userMessage"), 1, "a queued send emits nothing")
            const chip = findChild(chat.view, "queuedChip_0")
            verify(chip && chip.visible)
            compare(chip.Accessible.name, "Queued: second")
            const remove = findChild(findChild(chat.view, "queuedChip_1"), "removeQueued")
            compare(remove.Accessible.name, "Remove queued message")
            waitForRendering(chat.view) // the chips are laid out before they are clicked
            mouseClick(remove)
            compare(chat.agent.queuedMessages.length, 1, "the chip removed its message")
            tryCompare(chat.agent, "queuedMessages", [], 10000)
            tryVerify(function () { return count(chat.events, "streamEnd") === 2 }, 10000)
            compare(count(chat.events, "streamStart"), 2)
            const all = texts(chat.agent)
            compare(all.length, 4)
            compare(all[2], "user:second")
            verify(!findChild(chat.view, "queuedChip_0"), "no chip left")
            //! [busy-queue]
        }

        function test_interruptStopsTheReplyAndStartsANewTurn() {
            const chat = makeChat("interrupt")
            streamingSoon(chat, "first")
            verify(chat.agent.send("instead"))
            compare(count(chat.events, "aborted"), 1)
            verify(chat.agent.messages.get(1).aborted, "the partial reply is kept, stopped")
            tryVerify(function () { return count(chat.events, "streamEnd") === 1 }, 10000)
            compare(count(chat.events, "streamStart"), 2)
            compare(chat.agent.messages.get(2).text, "instead")
        }

        function test_steerJoinsTheRunningReply() {
            const chat = makeChat("steer")
            streamingSoon(chat, "first")
            verify(chat.agent.send("also this"))
            verify(chat.agent.messages.get(1).aborted)
            compare(chat.agent.messages.get(2).text, "also this")
            verify(chat.spoken.indexOf(Koder.AnnouncementKind.MessageAdded) >= 0, "announced")
            tryCompare(chat.agent, "streaming", false, 10000)
            compare(count(chat.events, "streamStart"), 1, "one turn")
            compare(count(chat.events, "streamEnd"), 1)
            compare(count(chat.events, "aborted"), 0)
            compare(count(chat.events, "userMessage"), 2)
            compare(chat.agent.messages.count, 4)
        }

        function test_enterInTheSenderSendsByThePolicyAndTheButtonStillStops() {
            const chat = makeChat("queue")
            streamingSoon(chat, "first")
            const input = findChild(chat.view, "senderInput")
            const button = findChild(chat.view, "senderButton")
            verify(input.enabled)
            input.forceActiveFocus()
            input.text = "typed while it streams"
            keyClick(Qt.Key_Return)
            compare(input.text, "", "sent")
            compare(chat.agent.queuedMessages.length, 1)
            compare(button.text, "Stop")
            mouseClick(button)
            compare(count(chat.events, "aborted"), 1)
            compare(chat.agent.queuedMessages.length, 1, "kept after a stop")
            verify(chat.agent.sendQueued())
            compare(chat.agent.queuedMessages.length, 0)
            tryCompare(chat.agent, "streaming", false, 10000)
        }
    }
}
