// SPDX-License-Identifier: MIT
// AbstractQuestionPrompt (qml/templates/AbstractQuestionPrompt.qml) with a bare look written
// here: the question, a control per field, the reason and buttons bound to the template's
// actions. The form made of the schema, the draft, the reasons in words, the keys, the commands,
// the focus and the accessibility of the root come from the template, whatever the look.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests press and read lives on this stage.
Item {
    id: stage
    width: 480
    height: 400

    Component {
        id: bareComponent
        //! [custom-look]
        AbstractQuestionPrompt {
            id: prompt
            implicitWidth: 460
            implicitHeight: 300
            contentItem: Column {
                Label {
                    textFormat: Text.PlainText // the agent's text, never markup
                    text: prompt.input ? prompt.input.message : ""
                }
                Repeater {
                    model: prompt.fields
                    delegate: Column {
                        id: row
                        required property var modelData
                        objectName: "row_" + row.modelData.name
                        TextField {
                            objectName: "text"
                            visible: row.modelData.kind === "text"
                                     || row.modelData.kind === "number"
                                     || row.modelData.kind === "integer"
                            placeholderText: row.modelData.hint
                            Accessible.name: row.modelData.title
                            id: text
                            onTextEdited: prompt.setText(row.modelData.name, text.text)
                            Keys.onPressed: (event) => prompt.handleFieldKey(event)
                        }
                        CheckBox {
                            objectName: "flag"
                            visible: row.modelData.kind === "boolean"
                            text: row.modelData.title
                            checked: prompt.valueOf(row.modelData.name) === true
                            onToggled: prompt.setField(row.modelData.name, checked)
                        }
                        Repeater {
                            model: row.modelData.kind === "single" ? row.modelData.options : []
                            delegate: RadioButton {
                                id: option
                                required property var modelData
                                text: option.modelData.label
                                checked: prompt.isChosen(row.modelData.name, option.modelData.value)
                                onToggled: prompt.chooseOption(row.modelData.name,
                                                               option.modelData.value)
                            }
                        }
                        Repeater {
                            model: row.modelData.kind === "multiple" ? row.modelData.options : []
                            delegate: CheckBox {
                                id: box
                                required property var modelData
                                text: box.modelData.label
                                checked: prompt.isChosen(row.modelData.name, box.modelData.value)
                                onToggled: prompt.setOptionChecked(row.modelData.name,
                                                                   box.modelData.value, checked)
                            }
                        }
                    }
                }
                Label {
                    objectName: "problem"
                    visible: !prompt.canSubmit
                    text: prompt.problemText
                }
                Button {
                    objectName: "submit"
                    action: prompt.submitAction
                    Keys.onPressed: (event) => prompt.handleSubmitKey(event)
                }
                Button {
                    objectName: "decline"
                    action: prompt.declineAction
                }
            }
        }
        //! [custom-look]
    }

    // The controller's questions API; it accepts what its `refuse` does not name.
    Component {
        id: fakeComponent
        QtObject {
            id: fake
            property var pendingInputs: []
            property var answers: []
            property var declined: []
            property var cancelled: []
            // What checkInputAnswer() says: a function of the value, {} when it fits.
            property var refuse: function (value) { return {} }
            property int nextId: 1
            function ask(message, schema, fields) {
                const input = { id: "q" + fake.nextId++, kind: "question", message: message,
                                schema: schema, source: "mcp", callId: "" }
                if (fields !== undefined)
                    input.fields = fields
                fake.pendingInputs = fake.pendingInputs.concat([input])
                return input.id
            }
            function _remove(id) {
                fake.pendingInputs = fake.pendingInputs.filter(i => i.id !== id)
            }
            function checkInputAnswer(id, value) {
                return fake.refuse(value)
            }
            function answerInput(id, value) {
                if (Object.keys(fake.refuse(value)).length > 0)
                    return false
                fake.answers = fake.answers.concat([{ id: id, value: value }])
                fake._remove(id)
                return true
            }
            function declineInput(id) {
                fake.declined = fake.declined.concat([id])
                fake._remove(id)
                return true
            }
            function cancelInput(id) {
                fake.cancelled = fake.cancelled.concat([id])
                fake._remove(id)
                return true
            }
        }
    }

    // Where the focus returns once the question is answered.
    TextField {
        id: elsewhere
        y: 380
        width: 100
    }

    TestCase {
        id: testCase
        name: "QuestionPromptTemplate"
        when: windowShown

        readonly property var colours: ({ type: "object", required: ["answer"], properties: {
            answer: { type: "string", "enum": ["Red", "Blue"] } } })

        function make(message, schema, fields) {
            const fake = createTemporaryObject(fakeComponent, testCase)
            const prompt = createTemporaryObject(bareComponent, stage,
                                                 { controller: fake, focusReturn: elsewhere })
            verify(prompt)
            verify(!prompt.visible, "hidden while nothing waits")
            elsewhere.forceActiveFocus()
            if (message !== undefined) {
                fake.ask(message, schema, fields)
                tryVerify(() => prompt.visible)
            }
            return { prompt: prompt, fake: fake, submit: findChild(prompt, "submit"),
                     decline: findChild(prompt, "decline") }
        }

        function test_theRootIsAnAlertThatTakesTheFocus() {
            const p = make("Pick one", colours)
            compare(p.prompt.Accessible.role, Accessible.AlertMessage)
            compare(p.prompt.Accessible.name, "The agent asks: Pick one")
            compare(p.prompt.Accessible.description,
                    "Answer, then choose Submit; or Decline. Escape cancels.")
            compare(p.prompt.background, null, "the template draws nothing")
            compare(p.prompt.focusPolicy, Qt.StrongFocus)
            compare(stage.Window.activeFocusItem, p.prompt, "it took the keyboard focus itself")
            verify(p.prompt.focusIsInside())
            compare(p.submit.text, "Submit", "the action names the button")
            compare(p.decline.text, "Decline")
            compare(p.prompt.cancelAction.text, "Cancel")
            compare(p.prompt.positionText, "")
        }

        // The form from the schema: each kind, in the input's order, titles and options.
        function test_fieldsOfTheSchema() {
            const p = make("Form", { type: "object", required: ["name", "tags"], properties: {
                name: { type: "string", title: "Name", description: "Your name", minLength: 2 },
                bio: { type: "string", maxLength: 500 },
                mail: { type: "string", format: "email" },
                when: { type: ["string", "null"], format: "date" },
                age: { type: "integer", minimum: 0, maximum: 150 },
                ratio: { type: "number", minimum: 0.5 },
                ok: { type: "boolean", "default": true },
                size: { type: "string", "enum": ["s", "m"], enumNames: ["Small", "Medium"] },
                tone: { type: "string", oneOf: [{ "const": "w", title: "Warm" },
                                                { "const": "c" }] },
                level: { type: "integer", anyOf: [{ "const": 1, title: "Low" },
                                                  { "const": 2, title: "High" }] },
                tags: { type: "array", minItems: 1, maxItems: 2,
                        items: { type: "string", "enum": ["a", "b", "c"] } },
                answer: { type: "string", examples: ["Yes", "No"] },
                blob: { type: "object" }
            } }, ["tags", "name", "bio", "mail", "when", "age", "ratio", "ok", "size", "tone",
                  "level", "answer", "blob", "nope"])
            const f = {}
            for (const field of p.prompt.fields)
                f[field.name] = field
            compare(p.prompt.fields.map(x => x.name),
                    ["tags", "name", "bio", "mail", "when", "age", "ratio", "ok", "size", "tone",
                     "level", "answer", "blob"], "in the input's order, unknown names left out")
            compare(f.name.kind, "text")
            compare(f.name.title, "Name")
            compare(f.name.description, "Your name")
            verify(f.name.required && f.tags.required && !f.bio.required)
            compare(f.name.multiline, false)
            compare(f.bio.kind, "text")
            compare(f.bio.title, "bio", "no title: the property's name")
            compare(f.bio.multiline, true)
            compare(f.mail.format, "email")
            compare(f.mail.hint, "name@example.com")
            compare(f.when.kind, "text", "a type list")
            compare(f.when.hint, "YYYY-MM-DD")
            compare(f.age.kind, "integer")
            compare(f.age.hint, "From 0 to 150")
            compare(f.age.minimum, 0)
            compare(f.ratio.kind, "number")
            compare(f.ratio.hint, "0.5 or more")
            compare(f.ok.kind, "boolean")
            compare(f.size.kind, "single")
            compare(f.size.options, [{ value: "s", label: "Small" }, { value: "m", label: "Medium" }])
            compare(f.tone.options, [{ value: "w", label: "Warm" }, { value: "c", label: "c" }])
            compare(f.level.kind, "single")
            compare(f.level.options[1], { value: 2, label: "High" })
            compare(f.tags.kind, "multiple")
            compare(f.tags.minItems, 1)
            compare(f.tags.maxItems, 2)
            compare(f.tags.options.length, 3)
            compare(f.answer.kind, "single")
            verify(f.answer.allowOther, "examples: the options and Other")
            compare(f.answer.title, "Answer")
            compare(f.answer.options.map(o => o.label), ["Yes", "No"])
            verify(!f.size.allowOther)
            compare(f.blob.kind, "text", "a type the form does not know")
            compare(p.prompt.value, { ok: true }, "the defaults, false or given for booleans")
        }

        function test_defaults() {
            const p = make("Defaults", { type: "object", properties: {
                n: { type: "number", "default": 2.5 },
                s: { type: "string", "enum": ["a", "b"], "default": "b" },
                m: { type: "array", items: { "enum": ["x", "y"] }, "default": ["y"] },
                o: { type: "string", examples: ["p"], "default": "mine" },
                f: { type: "boolean" } } })
            compare(p.prompt.value, { n: 2.5, s: "b", m: ["y"], o: "mine", f: false })
            verify(p.prompt.isChosen("s", "b"))
            verify(p.prompt.isChosen("m", "y"))
            verify(p.prompt.isOther("o"), "a default that is no option is the Other text")
            compare(p.prompt.otherText("o"), "mine")
            compare(p.prompt.textOf("n"), String(2.5).replace(".", Qt.locale().decimalPoint))
            // A default the form cannot show or change is left out: a value no option has,
            // a text for a number.
            const q = make("Odd defaults", { type: "object", properties: {
                m: { type: "array", items: { "enum": ["x", "y"] }, "default": ["zzz", "x"] },
                s: { type: "string", "enum": ["a"], "default": "zzz" },
                n: { type: "number", "default": "ten" } } })
            compare(q.prompt.value, { m: ["x"] })
        }

        function test_theDraft() {
            const p = make("Draft", { type: "object", properties: {
                n: { type: "integer" },
                t: { type: "string" },
                o: { type: "string", examples: ["p", "q"] },
                m: { type: "array", items: { "enum": ["x", "y", "z"] } } } })
            p.prompt.setText("n", "42")
            compare(p.prompt.value.n, 42)
            p.prompt.setText("n", "4x")
            compare(p.prompt.value.n, "4x", "not a number: sent as typed, for the check to refuse")
            p.prompt.setText("n", "")
            compare(p.prompt.value.n, undefined)
            p.prompt.setText("t", "hi")
            compare(p.prompt.value.t, "hi")
            p.prompt.setField("t", undefined)
            verify(!("t" in p.prompt.value))
            p.prompt.chooseOption("o", "q")
            verify(p.prompt.isChosen("o", "q") && !p.prompt.isOther("o"))
            p.prompt.chooseOther("o", "")
            verify(p.prompt.isOther("o") && !p.prompt.isChosen("o", "q"))
            compare(p.prompt.value.o, undefined, "an empty Other is no answer")
            p.prompt.chooseOther("o", "r")
            compare(p.prompt.value.o, "r")
            p.prompt.chooseOption("o", "p")
            compare(p.prompt.otherText("o"), "")
            p.prompt.setOptionChecked("m", "z", true)
            p.prompt.setOptionChecked("m", "x", true)
            p.prompt.setOptionChecked("m", "y", true)
            p.prompt.setOptionChecked("m", "y", false)
            compare(p.prompt.value.m, ["x", "z"], "in the order of the options")
        }

        // The controller's reasons in words: title + code + limit, its text otherwise.
        function test_describeProblem_data() {
            return [
                { tag: "none", problem: {}, text: "" },
                { tag: "required", problem: { field: "name", code: "required" },
                  text: "Name: an answer is needed" },
                { tag: "type integer", problem: { field: "age", code: "type" },
                  text: "Age: enter a whole number" },
                { tag: "type string", problem: { field: "name", code: "type", text: "wrong" },
                  text: "wrong" },
                { tag: "enum", problem: { field: "name", code: "enum" },
                  text: "Name: choose one of the options" },
                { tag: "minimum", problem: { field: "age", code: "minimum", limit: 3 },
                  text: "Age: at least 3" },
                { tag: "maximum", problem: { field: "age", code: "maximum", limit: 9 },
                  text: "Age: at most 9" },
                { tag: "exclusiveMinimum", problem: { field: "age", code: "exclusiveMinimum",
                                                      limit: 0 },
                  text: "Age: more than 0" },
                { tag: "exclusiveMaximum", problem: { field: "age", code: "exclusiveMaximum",
                                                      limit: 10 },
                  text: "Age: less than 10" },
                { tag: "minLength", problem: { field: "name", code: "minLength", limit: 2 },
                  text: "Name: at least 2 characters" },
                { tag: "maxLength", problem: { field: "name", code: "maxLength", limit: 20 },
                  text: "Name: at most 20 characters" },
                { tag: "minItems", problem: { field: "tags", code: "minItems", limit: 2 },
                  text: "tags: choose 2 or more" },
                { tag: "maxItems", problem: { field: "tags", code: "maxItems", limit: 1 },
                  text: "tags: choose no more than 1" },
                { tag: "pattern", problem: { field: "name", code: "pattern", limit: "^a" },
                  text: "Name: not in the expected form" },
                { tag: "format email", problem: { field: "mail", code: "format", limit: "email" },
                  text: "Mail: enter an email address" },
                { tag: "unknownInput", problem: { field: "", code: "unknownInput", text: "x" },
                  text: "The question is no longer waiting" },
                { tag: "root", problem: { field: "", code: "shapes", text: "Not an object" },
                  text: "Not an object" },
                { tag: "other code", problem: { field: "name", code: "additional",
                                                text: "Unknown field" },
                  text: "Unknown field" }
            ]
        }
        function test_describeProblem(data) {
            const p = make("Q", { type: "object", properties: {
                name: { type: "string", title: "Name" },
                age: { type: "integer", title: "Age" },
                mail: { type: "string", title: "Mail", format: "email" },
                tags: { type: "array", items: { "enum": ["a", "b"] } } } })
            compare(p.prompt.describeProblem(data.problem), data.text)
        }

        // The problem follows the draft; the actions follow the problem.
        function test_theActionsFollowTheCheck() {
            const p = make("Pick one", colours)
            p.fake.refuse = v => v.answer === undefined
                                 ? { field: "answer", code: "required", text: "is required" } : {}
            verify(!p.prompt.canSubmit)
            verify(!p.prompt.submitAction.enabled)
            verify(!p.submit.enabled)
            compare(p.prompt.problem.code, "required")
            compare(p.prompt.problemText, "Answer: an answer is needed")
            compare(findChild(p.prompt, "problem").text, p.prompt.problemText)
            verify(!p.prompt.submit(), "nothing is sent while it does not fit")
            compare(p.fake.answers.length, 0)
            verify(p.prompt.declineAction.enabled)
            p.prompt.chooseOption("answer", "Blue")
            verify(p.prompt.canSubmit)
            compare(p.prompt.problemText, "")
            verify(p.submit.enabled)
            p.prompt.submitAction.trigger()
            compare(p.fake.answers, [{ id: "q1", value: { answer: "Blue" } }])
            verify(!p.prompt.visible)
            verify(!p.prompt.submitAction.enabled, "nothing waits")
            tryVerify(() => elsewhere.activeFocus, 2000, "the focus went back")
        }

        // Enter submits on Submit, and in a one-line field once the answer fits; Escape cancels.
        function test_keys() {
            const p = make("Name?", { type: "object", required: ["name"], properties: {
                name: { type: "string", title: "Name" } } })
            p.fake.refuse = v => v.name ? {} : { field: "name", code: "required" }
            const field = findChild(findChild(p.prompt, "row_name"), "text")
            field.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 0, "Enter while the answer is missing does nothing")
            keyClick(Qt.Key_A)
            compare(p.prompt.value.name, "a")
            p.decline.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length + p.fake.declined.length, 0, "Enter on Decline")
            field.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 1, "Enter in the field submits")
            compare(p.fake.answers[0].value, { name: "a" })

            p.fake.refuse = v => ({})
            p.fake.ask("Again?", colours)
            tryVerify(() => p.prompt.visible)
            p.prompt.chooseOption("answer", "Red")
            p.submit.forceActiveFocus()
            keyClick(Qt.Key_Enter)
            compare(p.fake.answers.length, 2, "Enter on Submit")

            p.fake.ask("Once more?", colours)
            tryVerify(() => p.prompt.visible)
            p.prompt.chooseOption("answer", "Red")
            p.submit.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            compare(p.fake.cancelled.length, 1, "Escape cancels")
            verify(!p.prompt.visible)
        }

        function test_declineAndCancel() {
            const p = make("Pick one", colours)
            mouseClick(p.decline)
            compare(p.fake.declined.length, 1)
            p.fake.ask("Pick again", colours)
            tryVerify(() => p.prompt.visible)
            p.prompt.cancelAction.trigger()
            compare(p.fake.cancelled.length, 1)
            verify(!p.prompt.visible)
        }

        // Several questions: the first is shown, "1 of N"; the draft is the first one's until
        // it is answered, then the next starts from its own defaults.
        function test_severalQuestions() {
            const p = make("First", { type: "object", properties: {
                t: { type: "string", "default": "one" } } })
            p.fake.ask("Second", { type: "object", properties: {
                t: { type: "string", "default": "two" } } })
            compare(p.prompt.inputs.length, 2)
            compare(p.prompt.positionText, "Question 1 of 2")
            verify(p.prompt.Accessible.description.indexOf("Question 1 of 2. ") === 0)
            p.prompt.setText("t", "mine")
            p.fake.ask("Third", { type: "object", properties: {} })
            compare(p.prompt.value.t, "mine", "a question added behind keeps the draft")
            compare(p.prompt.positionText, "Question 1 of 3")
            verify(p.prompt.submit())
            compare(p.fake.answers[0].value, { t: "mine" })
            compare(p.prompt.input.message, "Second")
            compare(p.prompt.value, { t: "two" })
            compare(p.prompt.Accessible.name, "The agent asks: Second")
        }

        function test_aControllerWithoutTheApi() {
            const p = make()
            p.prompt.controller = { pendingInputs: undefined }
            compare(p.prompt.inputs, [])
            compare(p.prompt.input, null)
            verify(!p.prompt.visible)
            p.prompt.controller = { pendingInputs: [{ id: "x", message: "Hi?",
                                                      schema: { type: "object" } }] }
            verify(p.prompt.visible)
            compare(p.prompt.problem, {}, "no checkInputAnswer(): nothing to say")
            compare(p.prompt.fields, [])
            verify(p.prompt.canSubmit)
            p.prompt.controller = null
            verify(!p.prompt.visible)
        }

        // The form scrolls: a control reached with the keyboard is brought into view.
        function test_reveal() {
            const p = make("Q", colours)
            const flick = createTemporaryQmlObject(
                "import QtQuick; Flickable { width: 100; height: 50; contentHeight: 500;"
                + " Item { objectName: 'deep'; y: 400; width: 10; height: 20 } }", p.prompt)
            p.prompt.formView = flick
            const deep = findChild(flick, "deep")
            p.prompt.reveal(deep)
            compare(flick.contentY, 370)
            p.prompt.reveal(deep, Qt.rect(0, -400, 10, 10))
            compare(flick.contentY, 0)
        }
    }
}
