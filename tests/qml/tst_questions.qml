// SPDX-License-Identifier: MIT
// Questions from the agent through QML: the ask_user tool asks, the answer given as a JS object
// is checked against the question's schema and becomes the call's result, a decline goes on,
// a waiting question survives a restart (a real file store) and the view shows it again.
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
            property string storePath: ""
            // What the offline agent asks for; the colour question when none is given.
            property var calls: null
            property alias endCount: ends.count
            property alias rejections: rejections
            width: 520
            height: 640

            KoderConversationStore {
                id: store
                path: chat.storePath
            }
            //! [ask-user-tool]
            KoderAgentController {
                id: agent
                store: store
                transport: KoderLocalAgent {
                    id: local
                    reply: "Blue it is."
                    toolCalls: chat.calls ?? [{
                        name: "ask_user",
                        arguments: { question: "Which colour?", options: ["Red", "Blue"] }
                    }]
                }
                KoderAskUserTool {}
                KoderTool {
                    name: "write_note"
                    handler: function (args) { return "written" }
                }
            }
            ChatView {
                id: view
                anchors.fill: parent
                controller: agent // shows the question where the permission prompt goes
            }
            //! [ask-user-tool]
            SignalSpy {
                id: ends
                target: agent
                signalName: "streamEnd"
            }
            SignalSpy {
                id: rejections
                target: agent
                signalName: "rejected"
            }
        }
    }

    TestCase {
        name: "Questions"
        when: windowShown

        function makeChat(path, calls) {
            return createTemporaryObject(chatComponent, stage,
                                         { storePath: path || "", calls: calls || null })
        }
        function ask(chat) {
            verify(chat.agent.send("paint it"))
            tryCompare(chat.agent, "status", "awaitingInput")
        }
        function lastTool(agent) {
            for (let i = agent.messages.count - 1; i >= 0; --i) {
                const m = agent.messages.get(i)
                if (m.role === "tool")
                    return m
            }
            return null
        }

        function test_theQuestionWaitsWithItsForm() {
            const chat = makeChat()
            ask(chat)
            compare(chat.agent.abortable, true)
            compare(chat.agent.statusValue, Koder.Status.AwaitingInput)
            compare(chat.agent.pendingInputs.length, 1)
            const input = chat.agent.pendingInputs[0]
            compare(input.kind, "question")
            compare(input.message, "Which colour?")
            compare(input.source, "tool")
            compare(input.toolName, "ask_user")
            compare(input.fields, ["answer"])
            compare(input.schema.required, ["answer"])
            compare(input.schema.properties.answer.enum, ["Red", "Blue"])
            const sender = findChild(chat.view, "sender")
            verify(sender.awaitingAnswer)
            verify(sender.blocked, "the input waits for the answer (busy policy reject)")
            compare(sender.notice, "Answer or decline the question first.")
        }

        function test_anAnswerFromAJsObjectIsTheToolsResult() {
            const chat = makeChat()
            ask(chat)
            const id = chat.agent.pendingInputs[0].id
            compare(chat.agent.checkInputAnswer(id, { answer: "Blue" }), {})
            //! [answer]
            verify(chat.agent.answerInput(id, { answer: "Blue" }))
            //! [answer]
            tryCompare(chat, "endCount", 1)
            compare(chat.agent.status, "idle")
            compare(chat.agent.pendingInputs.length, 0)
            const tool = lastTool(chat.agent)
            compare(tool.text, "Blue")
            compare(tool.metadata.input.decision, "answered")
            compare(tool.metadata.input.value.answer, "Blue")
            compare(chat.agent.messages.get(chat.agent.messages.count - 1).text, "Blue it is.")
        }

        function test_anAnswerTheSchemaRefusesKeepsItWaiting() {
            const chat = makeChat()
            ask(chat)
            const id = chat.agent.pendingInputs[0].id
            const problem = chat.agent.checkInputAnswer(id, { answer: "Green" })
            compare(problem.field, "answer")
            compare(problem.code, "enum")
            compare(problem.limit, ["Red", "Blue"])
            verify(!chat.agent.answerInput(id, { answer: "Green" }))
            compare(chat.rejections.count, 1)
            compare(chat.rejections.signalArguments[0][0], "answerInput")
            compare(chat.agent.status, "awaitingInput")
            verify(!chat.agent.answerInput("no-such-question", { answer: "Red" }))
            compare(chat.rejections.count, 2)
            compare(chat.agent.checkInputAnswer("no-such-question", {}).code, "unknownInput")
            compare(chat.agent.pendingInputs.length, 1)
        }

        function test_aDeclineGoesOnAndAStopCancels() {
            const chat = makeChat()
            ask(chat)
            verify(chat.agent.declineInput(chat.agent.pendingInputs[0].id))
            tryCompare(chat, "endCount", 1)
            compare(lastTool(chat.agent).text, "The user declined to answer.")
            compare(lastTool(chat.agent).metadata.input.decision, "declined")

            ask(chat)
            chat.agent.abort()
            compare(chat.agent.status, "interrupted")
            compare(chat.agent.pendingInputs.length, 0)
            compare(lastTool(chat.agent).metadata.input.decision, "cancelled")
        }

        // The whole flow as a keyboard user meets it in ChatView, with the real controller: the
        // question takes the focus from the input, Tab reaches the options, Down chooses, Tab
        // reaches Submit, Enter answers, the reply goes on and the focus is back in the input.
        function test_answeredByTheKeyboardInTheView() {
            const chat = makeChat()
            chat.view.focusInput()
            tryVerify(() => chat.view.inputItem.activeFocus)
            ask(chat)
            const prompt = findChild(chat.view, "questionPrompt")
            tryCompare(prompt, "visible", true)
            tryVerify(() => prompt.activeFocus, 2000, "the question took the focus")
            const field = findChild(prompt, "field_answer")
            const red = findChild(field, "option_0")
            const blue = findChild(field, "option_1")
            compare(red.text, "Red")
            keyClick(Qt.Key_Tab)
            compare(stage.Window.activeFocusItem, red)
            keyClick(Qt.Key_Space)
            keyClick(Qt.Key_Down)
            compare(stage.Window.activeFocusItem, blue)
            verify(blue.checked)
            keyClick(Qt.Key_Tab)
            compare(stage.Window.activeFocusItem, findChild(prompt, "submitButton"))
            keyClick(Qt.Key_Return)
            tryCompare(chat, "endCount", 1)
            compare(lastTool(chat.agent).text, "Blue")
            verify(!prompt.visible)
            tryVerify(() => chat.view.inputItem.activeFocus, 2000, "the focus is back in the input")
        }

        // Several answers and one of the user's own: the options as check boxes, Other with
        // its text, the answer the list of both.
        function test_severalChoicesAndAnAnswerOfOnesOwn() {
            const chat = makeChat("", [{ name: "ask_user", arguments: {
                question: "Which colours?", options: ["Red", "Blue"], multiple: true,
                allowOther: true } }])
            verify(chat.agent.send("paint it"))
            tryCompare(chat.agent, "status", "awaitingInput")
            const prompt = findChild(chat.view, "questionPrompt")
            tryCompare(prompt, "visible", true)
            const field = findChild(prompt, "field_answer")
            const red = findChild(field, "option_0")
            compare(red.text, "Red")
            const other = findChild(field, "otherCheck")
            verify(other.visible, "Other is offered beside the check boxes")
            verify(!findChild(prompt, "submitButton").enabled)
            red.toggle()
            red.toggled()
            const input = findChild(field, "otherInput")
            input.forceActiveFocus()
            keyClick("T")
            keyClick("e")
            keyClick("a")
            keyClick("l")
            verify(other.checked, "typing checks Other")
            compare(prompt.value.answer, ["Red", "Teal"])
            tryCompare(findChild(prompt, "submitButton"), "enabled", true)
            other.toggle()
            other.toggled()
            compare(prompt.value.answer, ["Red"], "unchecking Other drops its text")
            other.toggle()
            other.toggled()
            compare(prompt.value.answer, ["Red", "Teal"], "and checking it again brings it back")
            findChild(prompt, "submitButton").clicked()
            tryCompare(chat, "endCount", 1)
            compare(lastTool(chat.agent).text, "Red, Teal")
        }

        // A step that asks for an approval and a question: the permission prompt has the
        // focus; once the call is decided the question gets it (the input is off until the
        // answer), and once answered the input.
        function test_anApprovalAndAQuestionTakeTheFocusInTurn() {
            const chat = makeChat("", [
                { name: "write_note", arguments: { text: "hi" } },
                { name: "ask_user", arguments: { question: "Which colour?", options: ["Red"] } }])
            chat.view.focusInput()
            verify(chat.agent.send("both"))
            tryCompare(chat.agent, "status", "reviewingToolCall")
            const approval = findChild(chat.view, "permissionPrompt")
            const question = findChild(chat.view, "questionPrompt")
            tryCompare(approval, "visible", true)
            tryCompare(question, "visible", true)
            tryVerify(() => approval.activeFocus, 2000, "the approval comes first")
            verify(chat.agent.denyToolCall(chat.agent.pendingToolCalls[0].id))
            compare(chat.agent.status, "awaitingInput")
            tryVerify(() => question.activeFocus, 2000, "then the question")
            verify(chat.agent.answerInput(chat.agent.pendingInputs[0].id, { answer: "Red" }))
            tryCompare(chat, "endCount", 1)
            tryVerify(() => chat.view.inputItem.activeFocus, 2000, "then the input")
        }

        function test_aWaitingQuestionSurvivesARestartAndIsShownAgain() {
            const path = testTempDir + "/questions-restart.sqlite"
            const first = makeChat(path)
            ask(first)
            const conversation = first.agent.conversationId
            const asked = JSON.stringify(first.agent.pendingInputs)
            first.destroy() // the app quits; a new one opens the same file

            const second = makeChat(path)
            second.agent.conversationId = conversation
            compare(second.agent.status, "awaitingInput")
            compare(JSON.stringify(second.agent.pendingInputs), asked)
            const prompt = findChild(second.view, "questionPrompt")
            verify(prompt, "ChatView has a question prompt")
            tryCompare(prompt, "visible", true)
            verify(second.agent.answerInput(second.agent.pendingInputs[0].id, { answer: "Red" }))
            tryCompare(second, "endCount", 1)
            compare(lastTool(second.agent).text, "Red")
            tryCompare(prompt, "visible", false)
        }
    }
}
