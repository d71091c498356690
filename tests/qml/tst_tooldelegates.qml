// SPDX-License-Identifier: MIT
// Tool cards: the default card's status and result under the call, and an application's own
// card for its own tool (ChatView.toolDelegates), through a real controller and tools.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 520
    height: 700

    Component {
        id: chatComponent
        Item {
            id: chat
            property alias agent: agent
            property alias view: view
            width: 520
            height: 700

            KoderAgentController {
                id: agent
                autoAccept: "never"
                transport: KoderLocalAgent {
                    tokensPerSecond: 0
                    reply: "Sunny, and noted."
                    toolCalls: [{ name: "weather", arguments: { city: "Lisbon" } },
                                { name: "save_note", arguments: { text: "sunny" } }]
                }
                KoderTool {
                    name: "weather"
                    readOnly: true
                    handler: function (args) { return "22 °C, sunny" }
                }
                KoderTool {
                    name: "save_note"
                    handler: function (args) { return "saved" }
                }
            }
            //! [chat-view]
            ChatView {
                id: view
                anchors.fill: parent
                controller: agent
                toolDelegates: ({ weather: weatherCard })
            }
            //! [chat-view]
            //! [weather-card]
            Component {
                id: weatherCard
                Label {
                    objectName: "weatherCard"
                    property var toolCall
                    property var result
                    property string status
                    textFormat: Text.PlainText
                    text: status === "done" && result ? qsTr("Weather in %1: %2").arg(toolCall.arguments.city).arg(result.text)
                        : status === "denied" ? qsTr("No weather for %1").arg(toolCall.arguments.city)
                        : qsTr("Looking up the weather in %1…").arg(toolCall.arguments.city)
                }
            }
            //! [weather-card]
        }
    }

    Component {
        id: standaloneComponent
        Bubble {
            width: 480
            text: ""
        }
    }

    Component {
        id: ownCardComponent
        Label {
            objectName: "ownCard"
            property var toolCall
            textFormat: Text.PlainText
            text: "Building " + toolCall.arguments.target
        }
    }

    TestCase {
        id: testCase
        name: "ToolDelegates"
        when: windowShown

        // The reply that made the calls, and its cards.
        function cardsOf(view, objectName) {
            const list = view.listView
            const found = []
            for (let i = 0; i < list.count; ++i) {
                const bubble = list.itemAtIndex(i)
                if (!bubble)
                    continue
                const card = findChild(bubble, objectName)
                if (card)
                    found.push(card)
            }
            return found
        }

        function test_ownCardAndDefaultCardFollowTheCall() {
            const chat = createTemporaryObject(chatComponent, stage)
            verify(chat)
            verify(chat.agent.send("Weather, then note it"))
            tryCompare(chat.agent.pendingToolCalls, "length", 2)
            let weather = null
            tryVerify(() => (weather = cardsOf(chat.view, "weatherCard")[0]) !== undefined)
            compare(weather.status, "pending")
            compare(weather.result, null)
            compare(weather.toolCall.name, "weather")
            compare(weather.text, "Looking up the weather in Lisbon…")
            const note = cardsOf(chat.view, "toolCallCard")[0]
            verify(note, "the default card for a tool without its own")
            compare(note.toolCall.name, "save_note")
            compare(note.status, "pending")
            compare(note.Accessible.description, "Waiting for approval")
            compare(findChild(note, "toolCallStatus").text, "Waiting for approval")
            verify(!findChild(note, "toolCallResult").visible)

            const weatherId = chat.agent.pendingToolCalls[0].id
            verify(chat.agent.approveToolCall(weatherId))
            const noteId = chat.agent.pendingToolCalls[0].id
            verify(chat.agent.denyToolCall(noteId, "not now"))
            tryCompare(chat.agent, "status", "idle")

            tryCompare(weather, "status", "done")
            compare(weather.result.text, "22 °C, sunny")
            compare(weather.result.isError, false)
            compare(weather.text, "Weather in Lisbon: 22 °C, sunny")
            tryCompare(note, "status", "denied")
            compare(note.result.denied, true)
            compare(note.Accessible.description, "Denied")
            verify(findChild(note, "toolCallResult").visible, "the result sits under the call")

            // The results are in the cards, not bubbles of their own.
            for (let i = 0; i < chat.view.listView.count; ++i)
                verify(chat.view.listView.itemAtIndex(i).role !== "tool")
        }

        function test_defaultCardShowsEveryStatus() {
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "build", arguments: { target: "all" }, status: "running" }]
            })
            verify(b)
            const card = findChild(b, "toolCallCard")
            verify(card)
            verify(findChild(card, "toolCallSpinner").visible)
            compare(card.Accessible.description, "Running")
            b.toolCalls = [{ id: "c1", name: "build", arguments: { target: "all" }, status: "error",
                             result: { text: "exit code 2", isError: true, denied: false } }]
            const failed = findChild(b, "toolCallCard")
            compare(failed.Accessible.description, "Failed")
            verify(!findChild(failed, "toolCallSpinner").visible)
            compare(findChild(failed, "toolCallResult").text, "exit code 2")
            compare(String(findChild(failed, "toolCallStatus").color),
                    String(KoderTheme.errorColor(b.palette)))
        }

        function test_longArgumentsFold() {
            const args = {}
            for (let i = 0; i < 20; ++i)
                args["key" + i] = "value " + i
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "configure", arguments: args, status: "done" }]
            })
            const card = findChild(b, "toolCallCard")
            const toggle = findChild(card, "toolCallArgumentsToggle")
            verify(toggle.visible)
            const label = findChild(card, "toolCallArguments")
            verify(label.truncated, "folded to its first lines")
            compare(toggle.Accessible.name, "Show all arguments")
            toggle.forceActiveFocus()
            keyClick(Qt.Key_Space)
            compare(toggle.Accessible.name, "Show fewer arguments")
            tryVerify(() => !label.truncated, 2000, "every argument line shows")
        }

        // A tool name a JS object already knows is no delegate of the application's.
        function test_onlyTheApplicationsOwnEntriesAreCards_data() {
            return [{ tag: "constructor" }, { tag: "toString" }, { tag: "__proto__" }, { tag: "hasOwnProperty" }]
        }
        function test_onlyTheApplicationsOwnEntriesAreCards(data) {
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolDelegates: ({ weather: null }),
                toolCalls: [{ id: "c1", name: data.tag, arguments: {}, status: "done" }]
            })
            const card = findChild(b, "toolCallCard")
            verify(card, "the default card")
            compare(card.toolCall.name, data.tag)
            b.toolDelegates = null
            verify(findChild(b, "toolCallCard"), "no map at all: the default card")
        }

        function test_longResultsFoldAndCanBeSelected() {
            const lines = []
            for (let i = 0; i < 40; ++i)
                lines.push("line " + i)
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "grep", arguments: {}, status: "done",
                              result: { text: lines.join("\n"), isError: false, denied: false } }]
            })
            const card = findChild(b, "toolCallCard")
            const result = findChild(card, "toolCallResult")
            compare(result.text, lines.join("\n"), "the whole text is there to select and copy")
            verify(result.selectByMouse)
            const toggle = findChild(card, "toolCallResultToggle")
            verify(toggle.visible)
            compare(toggle.Accessible.name, "Show the whole result")
            const frame = result.parent
            // Layouts round to whole pixels: compare with a pixel to spare.
            tryVerify(() => frame.height > 0 && frame.height < result.contentHeight - 1, 2000,
                      "folded")
            toggle.forceActiveFocus()
            keyClick(Qt.Key_Space)
            tryVerify(() => frame.height >= result.contentHeight - 1, 2000, "unfolded")
            compare(toggle.Accessible.name, "Show less of the result")
        }

        function test_aBubbleOnItsOwnWithoutStatusClaimsNone() {
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "build", arguments: {} }]
            })
            const card = findChild(b, "toolCallCard")
            compare(findChild(card, "toolCallStatus").text, "")
            compare(card.Accessible.description, "")
        }

        // Giving the tool a card of its own later replaces the default card at once.
        function test_aCardComesAndGoesWithItsDelegate() {
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "build", arguments: { target: "all" }, status: "done" }]
            })
            verify(findChild(b, "toolCallCard"))
            b.toolDelegates = ({ build: ownCardComponent })
            const own = findChild(b, "ownCard")
            verify(own)
            compare(own.text, "Building all")
            const stale = findChild(b, "toolCallCard")
            verify(!stale || !stale.visible, "the default card is gone from the view")
            b.toolDelegates = ({})
            tryVerify(() => findChild(b, "ownCard") === null)
            verify(findChild(b, "toolCallCard").visible)
        }

        // Each card's status sits at the end of its first line, the first card's too.
        function test_everyCardShowsItsStatusAtTheEnd() {
            const b = createTemporaryObject(standaloneComponent, stage, {
                toolCalls: [{ id: "c1", name: "get_weather", arguments: { city: "Lisbon" }, status: "done",
                              result: { text: "Wednesday, 25 November 2026 23:23:08 UTC", isError: false, denied: false } },
                            { id: "c2", name: "save_note", arguments: { path: "notes.md" }, status: "done",
                              result: { text: "Saved", isError: false, denied: false } }]
            })
            const cards = findChild(b, "toolCards")
            for (let i = 0; i < 2; ++i) {
                const status = findChild(cards.itemAt(i), "toolCallStatus")
                const name = findChild(cards.itemAt(i), "toolCallName")
                tryVerify(() => status.width >= status.implicitWidth - 1 && status.width > 0, 2000,
                          "card " + i + " has room for its status")
                fuzzyCompare(status.x + status.width, status.parent.width, 1, "at the end")
                verify(name.x + name.width <= status.x, "the name does not run under it")
            }
            compare(findChild(cards.itemAt(0), "toolCallResult").lineCount, 1,
                    "the card is as wide as its result needs")
        }
    }
}
