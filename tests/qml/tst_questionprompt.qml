// SPDX-License-Identifier: MIT
// QuestionPrompt (qml/QuestionPrompt.qml) against a stand-in controller with the questions API
// (pendingInputs, answerInput, declineInput, cancelInput, checkInputAnswer): each kind of field
// by the keyboard alone, the reason Submit is off, Decline and Escape, the focus it takes and
// gives back, the accessible names, plain text, no clipping at 300 and 800 pixels, outlines in
// light and dark palettes.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

// TestCase items are invisible: what the tests press and read lives on this stage.
Item {
    id: stage
    width: 800
    height: 600

    // Where the focus returns once the question is answered.
    TextField {
        id: elsewhere
        objectName: "elsewhere"
        y: 560
        width: 100
    }

    // The controller's questions API, checking answers as the core does (a subset).
    Component {
        id: fakeComponent
        QtObject {
            id: fake
            property var pendingInputs: []
            property string status: "idle"
            property var answers: []
            property var declined: []
            property var cancelled: []
            property int nextId: 1

            function ask(message, schema, extra) {
                const properties = schema.properties || {}
                const input = Object.assign({
                    id: "in" + fake.nextId++, kind: "question", message: message,
                    schema: schema, fields: Object.keys(properties), source: "tool",
                    callId: "call" + fake.nextId
                }, extra || {})
                fake.pendingInputs = fake.pendingInputs.concat([input])
                fake.status = "awaitingInput"
                return input.id
            }
            function _remove(id) {
                fake.pendingInputs = fake.pendingInputs.filter(i => i.id !== id)
                if (fake.pendingInputs.length === 0)
                    fake.status = "idle"
            }
            function _find(id) {
                return fake.pendingInputs.find(i => i.id === id)
            }
            function answerInput(id, value) {
                if (Object.keys(fake.checkInputAnswer(id, value)).length > 0)
                    return false
                fake.answers = fake.answers.concat([{ id: id, value: value }])
                fake._remove(id)
                return true
            }
            function declineInput(id) {
                if (!fake._find(id))
                    return false
                fake.declined = fake.declined.concat([id])
                fake._remove(id)
                return true
            }
            function cancelInput(id) {
                if (!fake._find(id))
                    return false
                fake.cancelled = fake.cancelled.concat([id])
                fake._remove(id)
                return true
            }
            function checkInputAnswer(id, value) {
                const input = fake._find(id)
                if (!input)
                    return { field: "", code: "unknownInput", text: "No such input" }
                const schema = input.schema
                const properties = schema.properties || {}
                for (const name of schema.required || [])
                    if (value[name] === undefined)
                        return { field: name, code: "required", text: "is required" }
                for (const name in value) {
                    const p = properties[name]
                    const v = value[name]
                    if (!p)
                        return { field: name, code: "additional", text: "Unknown field" }
                    const fail = (code, limit, text) => ({ field: name, code: code, limit: limit,
                                                          text: text })
                    if ((p.type === "number" || p.type === "integer") && typeof v !== "number")
                        return fail("type", p.type, "must be a number")
                    if (p.type === "integer" && !Number.isInteger(v))
                        return fail("type", p.type, "must be an integer")
                    if (p.type === "string" && typeof v !== "string")
                        return fail("type", "string", "must be a string")
                    if (p.type === "boolean" && typeof v !== "boolean")
                        return fail("type", "boolean", "must be a boolean")
                    if (p.minimum !== undefined && v < p.minimum)
                        return fail("minimum", p.minimum, "too small")
                    if (p.maximum !== undefined && v > p.maximum)
                        return fail("maximum", p.maximum, "too large")
                    if (p.minLength !== undefined && v.length < p.minLength)
                        return fail("minLength", p.minLength, "too short")
                    if (p["enum"] && p["enum"].indexOf(v) < 0)
                        return fail("enum", p["enum"], "not an option")
                    if (p.pattern !== undefined && !(new RegExp(p.pattern)).test(v))
                        return fail("pattern", p.pattern, "does not match")
                    if (p.type === "array") {
                        if (!Array.isArray(v))
                            return fail("type", "array", "must be a list")
                        if (p.minItems !== undefined && v.length < p.minItems)
                            return fail("minItems", p.minItems, "too few")
                        if (p.maxItems !== undefined && v.length > p.maxItems)
                            return fail("maxItems", p.maxItems, "too many")
                    }
                }
                return {}
            }
        }
    }

    Component {
        id: promptComponent
        QuestionPrompt {
            width: 480
        }
    }

    TestCase {
        id: testCase
        name: "QuestionPrompt"
        when: windowShown

        readonly property var colours: ({ answer: { type: "string",
                                                    "enum": ["Red", "Green", "Blue"] } })

        function make(message, schema, width) {
            const fake = createTemporaryObject(fakeComponent, testCase)
            const prompt = createTemporaryObject(promptComponent, stage,
                                                 { controller: fake, focusReturn: elsewhere,
                                                   width: width || 480 })
            verify(prompt)
            verify(!prompt.visible, "hidden while nothing waits")
            elsewhere.forceActiveFocus()
            if (message !== undefined) {
                fake.ask(message, schema)
                tryVerify(() => prompt.visible)
                tryVerify(() => !isPolishScheduled(prompt) && prompt.height > 0)
                waitForRendering(prompt) // the positioners have placed the controls
            }
            return { prompt: prompt, fake: fake }
        }
        function field(prompt, name) {
            return findChild(prompt, "field_" + name)
        }
        function focused() {
            return stage.Window.activeFocusItem
        }
        // Types `text` into the focused control, a key press per character.
        function typeText(text) {
            for (const c of text)
                keyClick(c)
        }

        function test_singleChoiceByTheKeyboardAlone() {
            const p = make("Which colour?", { type: "object", properties: colours,
                                              required: ["answer"] })
            verify(p.prompt.activeFocus, "the prompt took the focus")
            const f = field(p.prompt, "answer")
            const red = findChild(f, "option_0")
            const green = findChild(f, "option_1")
            const blue = findChild(f, "option_2")
            compare(red.text, "Red")
            verify(!findChild(p.prompt, "submitButton").enabled, "nothing chosen yet")
            keyClick(Qt.Key_Tab)
            compare(focused(), red, "Tab reaches the group at its first option")
            verify(!red.checked)
            keyClick(Qt.Key_Space)
            verify(red.checked, "Space chooses")
            compare(p.prompt.value.answer, "Red")
            keyClick(Qt.Key_Down)
            compare(focused(), green, "Down moves in the group")
            verify(green.checked && !red.checked, "and chooses")
            keyClick(Qt.Key_Down)
            keyClick(Qt.Key_Down)
            compare(focused(), red, "round the end")
            keyClick(Qt.Key_Up)
            compare(focused(), blue)
            verify(blue.visualFocus, "the ring shows")
            compare(p.prompt.value.answer, "Blue")
            verify(!red.activeFocusOnTab && !green.activeFocusOnTab && blue.activeFocusOnTab,
                   "the group is one Tab stop: the chosen option")
            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(p.prompt, "submitButton"), "Tab leaves the group")
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 1)
            compare(p.fake.answers[0].value, { answer: "Blue" })
            verify(!p.prompt.visible)
            tryVerify(() => elsewhere.activeFocus, 2000, "the focus went back")
        }

        function test_enumNamesAndTitledConstsLabelTheOptions() {
            const p = make("Size?", { type: "object", properties: {
                size: { type: "string", "enum": ["s", "m"], enumNames: ["Small", "Medium"] },
                tone: { type: "string", oneOf: [{ "const": "w", title: "Warm" },
                                                { "const": "c", title: "Cool" }] } } })
            compare(findChild(field(p.prompt, "size"), "option_1").text, "Medium")
            const cool = findChild(field(p.prompt, "tone"), "option_1")
            compare(cool.text, "Cool")
            mouseClick(cool)
            compare(p.prompt.value.tone, "c", "the value is the const")
        }

        function test_multipleChoiceWithMinItems() {
            const p = make("Which days?", { type: "object", required: ["answer"], properties: {
                answer: { type: "array", minItems: 2,
                          items: { type: "string", "enum": ["Mon", "Tue", "Wed", "Thu"] } } } })
            const submit = findChild(p.prompt, "submitButton")
            const reason = findChild(p.prompt, "questionProblem")
            verify(!submit.enabled)
            verify(reason.visible)
            compare(reason.text, "Answer: an answer is needed")
            const f = field(p.prompt, "answer")
            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(f, "option_0"), "the first check box")
            keyClick(Qt.Key_Space)
            compare(p.prompt.value.answer, ["Mon"])
            verify(!submit.enabled, "one is not enough")
            verify(reason.visible)
            compare(reason.text, "Answer: choose 2 or more")
            compare(submit.Accessible.description, reason.text, "Submit says why it is off")
            compare(String(reason.color), String(KoderTheme.errorColor(p.prompt.palette)))
            keyClick(Qt.Key_Tab)
            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(f, "option_2"), "each check box is a Tab stop")
            keyClick(Qt.Key_Space)
            verify(submit.enabled)
            verify(!reason.visible)
            compare(submit.Accessible.description, "Sends your answer to the agent")
            mouseClick(findChild(f, "option_1"))
            mouseClick(findChild(f, "option_0")) // unchecked again
            compare(p.prompt.value.answer, ["Tue", "Wed"], "in the order of the options")
            submit.forceActiveFocus(Qt.TabFocusReason)
            keyClick(Qt.Key_Enter)
            compare(p.fake.answers.length, 1)
            compare(p.fake.answers[0].value, { answer: ["Tue", "Wed"] })
        }

        // The ask_user tool with allowOther: the options as examples, and Other with a field.
        function test_optionsWithOther() {
            const p = make("Which editor?", { type: "object", required: ["answer"], properties: {
                answer: { type: "string", examples: ["Vim", "Emacs"] } } })
            const f = field(p.prompt, "answer")
            const other = findChild(f, "otherOption")
            const otherInput = findChild(f, "otherInput")
            verify(other.visible && otherInput.visible)
            compare(other.text, "Other…")
            compare(otherInput.Accessible.name, "Other answer")
            mouseClick(findChild(f, "option_1"))
            compare(p.prompt.value.answer, "Emacs")
            // Down from the last option reaches Other; nothing is typed yet.
            keyClick(Qt.Key_Down)
            compare(focused(), other)
            verify(other.checked)
            verify(p.prompt.isOther("answer"))
            compare(p.prompt.value.answer, undefined, "an empty Other is no answer")
            verify(!findChild(p.prompt, "submitButton").enabled)
            keyClick(Qt.Key_Tab)
            compare(focused(), otherInput)
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 0, "Enter does nothing while the answer is missing")
            typeText("Helix")
            compare(p.prompt.value.answer, "Helix")
            // Choosing an option and typing again comes back to Other.
            mouseClick(findChild(f, "option_0"))
            compare(p.prompt.value.answer, "Vim")
            verify(!other.checked)
            otherInput.forceActiveFocus()
            keyClick(Qt.Key_Exclam)
            verify(other.checked, "typing chooses Other")
            compare(p.prompt.value.answer, "Helix!")
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 1, "Enter in the field submits")
            compare(p.fake.answers[0].value, { answer: "Helix!" })
        }

        function test_numberWithBounds() {
            const p = make("How many?", { type: "object", required: ["count"], properties: {
                count: { type: "integer", title: "Copies", minimum: 1, maximum: 10 },
                ratio: { type: "number", title: "Ratio" } } })
            const count = findChild(field(p.prompt, "count"), "textInput")
            const ratio = findChild(field(p.prompt, "ratio"), "textInput")
            verify(count.visible && ratio.visible)
            compare(count.Accessible.name, "Copies")
            verify(count.Accessible.description.indexOf("From 1 to 10") >= 0,
                   count.Accessible.description)
            verify(count.Accessible.description.indexOf("Required") >= 0)
            compare(count.placeholderText, "From 1 to 10")
            compare(findChild(field(p.prompt, "count"), "fieldTitle").text, "Copies (required)")
            keyClick(Qt.Key_Tab)
            compare(focused(), count)
            keyClick(Qt.Key_0)
            compare(p.prompt.value.count, 0)
            compare(findChild(p.prompt, "questionProblem").text, "Copies: at least 1")
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 0, "out of bounds: Enter does nothing")
            keyClick(Qt.Key_Backspace)
            compare(p.prompt.value.count, undefined)
            keyClick(Qt.Key_7)
            keyClick(Qt.Key_Tab)
            compare(focused(), ratio)
            typeText("2.5")
            compare(p.prompt.value.ratio, 2.5)
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 1)
            compare(p.fake.answers[0].value, { count: 7, ratio: 2.5 })
            compare(typeof p.fake.answers[0].value.count, "number")
        }

        function test_boolean() {
            const p = make("Proceed?", { type: "object", properties: {
                agree: { type: "boolean", title: "I agree", description: "Read the terms first" },
                notify: { type: "boolean", title: "Notify me", "default": true } } })
            const agree = findChild(field(p.prompt, "agree"), "booleanInput")
            const notify = findChild(field(p.prompt, "notify"), "booleanInput")
            verify(agree.visible)
            verify(!findChild(field(p.prompt, "agree"), "fieldTitle").visible,
                   "the check box carries the title")
            compare(agree.text, "I agree")
            compare(agree.Accessible.name, "I agree")
            compare(agree.Accessible.description, "Read the terms first")
            verify(!agree.checked)
            verify(notify.checked, "the default")
            compare(p.prompt.value, { agree: false, notify: true })
            keyClick(Qt.Key_Tab)
            compare(focused(), agree)
            keyClick(Qt.Key_Space)
            verify(agree.checked)
            keyClick(Qt.Key_Tab)
            keyClick(Qt.Key_Space)
            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(p.prompt, "submitButton"))
            keyClick(Qt.Key_Space)
            compare(p.fake.answers[0].value, { agree: true, notify: false })
        }

        function test_requiredTextAndTextArea() {
            const p = make("Tell me", { type: "object", required: ["name"], properties: {
                name: { type: "string", title: "Name", minLength: 2 },
                story: { type: "string", title: "Story", maxLength: 2000 },
                mail: { type: "string", title: "Mail", format: "email" } } })
            const name = findChild(field(p.prompt, "name"), "textInput")
            const story = findChild(field(p.prompt, "story"), "textArea")
            const reason = findChild(p.prompt, "questionProblem")
            verify(!findChild(field(p.prompt, "story"), "textInput").visible)
            verify(story.visible, "a long text is a text area")
            compare(findChild(field(p.prompt, "mail"), "textInput").placeholderText,
                    "name@example.com")
            compare(reason.text, "Name: an answer is needed")
            name.forceActiveFocus()
            keyClick(Qt.Key_A)
            compare(reason.text, "Name: at least 2 characters")
            keyClick(Qt.Key_B)
            verify(!reason.visible)
            keyClick(Qt.Key_Backspace)
            keyClick(Qt.Key_Backspace)
            compare(p.prompt.value.name, undefined, "an empty field is left out")
            compare(reason.text, "Name: an answer is needed")
            typeText("Ada")
            // In the text area: Enter adds a line, Tab moves on, Ctrl+Enter submits.
            story.forceActiveFocus()
            typeText("Once")
            keyClick(Qt.Key_Return)
            typeText("upon")
            compare(p.prompt.value.story, "Once\nupon")
            compare(p.fake.answers.length, 0)
            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(field(p.prompt, "mail"), "textInput"))
            keyClick(Qt.Key_Backtab)
            compare(focused(), story)
            compare(p.prompt.value.story, "Once\nupon", "no tab was typed")
            keyClick(Qt.Key_Return, Qt.ControlModifier)
            compare(p.fake.answers.length, 1)
            compare(p.fake.answers[0].value, { name: "Ada", story: "Once\nupon" })
        }

        function test_declineButton() {
            const p = make("Which colour?", { type: "object", properties: colours })
            const decline = findChild(p.prompt, "declineButton")
            compare(decline.Accessible.name, "Decline")
            compare(decline.Accessible.description, "Tells the agent you will not answer")
            keyClick(Qt.Key_Return) // Enter on the prompt itself does nothing
            compare(p.fake.declined.length + p.fake.answers.length + p.fake.cancelled.length, 0)
            mouseClick(decline)
            compare(p.fake.declined.length, 1)
            compare(p.fake.answers.length, 0)
            verify(!p.prompt.visible)
            tryVerify(() => elsewhere.activeFocus)
        }

        function test_escapeCancels_data() {
            return [{ tag: "prompt", control: "" }, { tag: "radio", control: "option_0" },
                    { tag: "field", control: "otherInput" },
                    { tag: "submit", control: "submitButton" },
                    { tag: "decline", control: "declineButton" }]
        }
        function test_escapeCancels(data) {
            const p = make("Which editor?", { type: "object", properties: {
                answer: { type: "string", examples: ["Vim", "Emacs"] } } })
            if (data.control !== "")
                findChild(p.prompt, data.control).forceActiveFocus(Qt.TabFocusReason)
            keyClick(Qt.Key_Escape)
            compare(p.fake.cancelled.length, 1)
            compare(p.fake.declined.length, 0)
            verify(!p.prompt.visible)
            tryVerify(() => elsewhere.activeFocus)
        }

        // The focus moves in when a question appears, stays for the next, goes back at the end.
        function test_focusMovesInAndBack() {
            const p = make()
            elsewhere.forceActiveFocus()
            p.fake.ask("First?", { type: "object", properties: colours })
            p.fake.ask("Second?", { type: "object", properties: {
                note: { type: "string", title: "Note" } } })
            tryVerify(() => p.prompt.visible)
            verify(p.prompt.activeFocus, "the prompt took the focus")
            compare(findChild(p.prompt, "questionPosition").text, "Question 1 of 2")
            verify(findChild(p.prompt, "questionPosition").visible)
            compare(p.prompt.Accessible.description,
                    "Question 1 of 2. Answer, then choose Submit; or Decline. Escape cancels.")
            keyClick(Qt.Key_Tab)
            keyClick(Qt.Key_Space)
            compare(p.prompt.value.answer, "Red")
            keyClick(Qt.Key_Tab)
            keyClick(Qt.Key_Return)
            compare(p.fake.answers.length, 1)
            verify(p.prompt.visible, "the second question")
            compare(findChild(p.prompt, "questionText").text, "Second?")
            verify(!findChild(p.prompt, "questionPosition").visible)
            compare(p.prompt.value, {}, "a new draft")
            tryVerify(() => p.prompt.activeFocus && focused() === p.prompt, 2000,
                      "the prompt takes the focus for the next question")
            keyClick(Qt.Key_Tab)
            const note = findChild(field(p.prompt, "note"), "textInput")
            compare(focused(), note)
            typeText("ok")
            keyClick(Qt.Key_Return)
            compare(p.fake.answers[1].value, { note: "ok" })
            verify(!p.prompt.visible)
            tryVerify(() => elsewhere.activeFocus, 2000, "the focus went back")

            // Not taking the focus: the user keeps typing elsewhere.
            p.prompt.takesFocus = false
            p.fake.ask("Third?", { type: "object", properties: colours })
            tryVerify(() => p.prompt.visible)
            verify(elsewhere.activeFocus)
        }

        // Another question waiting behind the first keeps the first one's form and draft.
        function test_aNewInputBehindKeepsTheDraft() {
            const p = make("Name?", { type: "object", properties: {
                name: { type: "string", title: "Name" } } })
            const input = findChild(field(p.prompt, "name"), "textInput")
            input.forceActiveFocus()
            typeText("Ada")
            p.fake.ask("Later?", { type: "object", properties: colours })
            compare(findChild(field(p.prompt, "name"), "textInput"), input, "the same field")
            verify(input.activeFocus)
            compare(input.text, "Ada")
            compare(p.prompt.value.name, "Ada")
            compare(findChild(p.prompt, "questionPosition").text, "Question 1 of 2")
        }

        function test_noControllerListIsNoQuestion() {
            const p = make()
            p.prompt.controller = { pendingInputs: undefined }
            verify(!p.prompt.visible)
            compare(p.prompt.inputs, [])
            p.prompt.controller = null
            verify(!p.prompt.visible)
            verify(!p.prompt.submit() && !p.prompt.decline() && !p.prompt.cancel())
        }

        function test_theRootIsAnAlert() {
            const p = make("Which colour do you like?", { type: "object", properties: colours })
            compare(p.prompt.Accessible.role, Accessible.AlertMessage)
            compare(p.prompt.Accessible.name, "The agent asks: Which colour do you like?")
            compare(p.prompt.Accessible.description,
                    "Answer, then choose Submit; or Decline. Escape cancels.")
            const question = findChild(p.prompt, "questionText")
            compare(question.Accessible.role, Accessible.StaticText)
            compare(question.Accessible.name, "Which colour do you like?")
            const group = findChild(field(p.prompt, "answer"), "choices")
            compare(group.Accessible.role, Accessible.Grouping)
            compare(group.Accessible.name, "Answer")
        }

        // Every control a user can reach has a name, in a form with every kind of field.
        function test_everyControlIsNamed() {
            const p = make("All of it", { type: "object", required: ["a"], properties: {
                a: { type: "string", title: "Text" },
                b: { type: "string", title: "Long", maxLength: 1000 },
                c: { type: "integer", title: "Count" },
                d: { type: "boolean", title: "Flag" },
                e: { type: "string", title: "One", "enum": ["x", "y"] },
                f: { type: "string", title: "Or other", examples: ["p", "q"] },
                g: { type: "array", title: "Several", items: { anyOf: [
                    { "const": 1, title: "One" }, { "const": 2, title: "Two" }] } } } })
            let interactive = 0
            const unnamed = []
            function visit(item) {
                const controlLike = item.focusPolicy !== undefined ? item.focusPolicy !== Qt.NoFocus
                                                                   : item.activeFocusOnTab
                if (controlLike && item !== p.prompt) {
                    ++interactive
                    if (!item.Accessible.name)
                        unnamed.push(item.objectName + " " + item)
                }
                for (let i = 0; i < item.children.length; ++i)
                    visit(item.children[i])
            }
            visit(p.prompt)
            verify(interactive >= 14, "controls seen: " + interactive)
            compare(unnamed, [], "controls without an accessible name")
        }

        // Markup in the question (from the model) is shown as it is, never rendered.
        function test_theQuestionIsPlainText() {
            const message = "<img src=x> <b>bold</b> & <a href=\"http://e.com\">link</a>"
            const p = make(message, { type: "object", properties: colours })
            const question = findChild(p.prompt, "questionText")
            compare(question.textFormat, Text.PlainText)
            compare(question.text, message)
            verify(p.prompt.Accessible.name.indexOf(message) >= 0)
            // Titles, descriptions and options are plain text too.
            const q = make("?", { type: "object", properties: {
                answer: { type: "string", title: "<i>T</i>", description: "<b>d</b>",
                          "enum": ["<u>o</u>"] } } })
            const f = field(q.prompt, "answer")
            compare(findChild(f, "fieldTitle").textFormat, Text.PlainText)
            compare(findChild(f, "fieldDescription").textFormat, Text.PlainText)
            compare(findChild(f, "option_0").contentItem.textFormat, Text.PlainText)
            compare(findChild(f, "option_0").contentItem.text, "<u>o</u>")
        }

        // Every text stays inside the prompt, narrow and wide; the buttons too.
        function test_nothingIsClipped_data() {
            return [{ tag: "300", width: 300 }, { tag: "800", width: 800 }]
        }
        function test_nothingIsClipped(data) {
            const question0 = "A rather long question that has to wrap over several lines when the "
                         + "prompt is narrow, with an unbreakableverylongwordthatgoesonandon."
            const p = make(question0, { type: "object", required: ["answer"], properties: {
                answer: { type: "string", title: "A long title for the single choice field",
                          description: "Some help text that is also long enough to wrap "
                                       + "around at three hundred pixels wide.",
                          "enum": ["An option with a long label that wraps at 300 pixels",
                                   "Short"] },
                other: { type: "string", title: "Other", examples: ["One", "Two"] },
                many: { type: "array", title: "Several",
                        items: { "enum": ["A long option of a multiple choice that wraps",
                                          "B"] } },
                flag: { type: "boolean", title: "A check box whose text is long enough to wrap" }
            } }, data.width)
            tryVerify(() => !isPolishScheduled(p.prompt))
            let texts = 0
            const problems = []
            function visit(item) {
                if (!item.visible)
                    return
                const isText = item.wrapMode !== undefined && item.text !== undefined
                               && item.textFormat !== undefined && item.lineCount !== undefined
                const isButton = item.autoExclusive !== undefined
                if (isText || isButton) {
                    const at = item.mapToItem(p.prompt, 0, 0)
                    if (at.x < -0.5 || at.x + item.width > p.prompt.width + 0.5)
                        problems.push((item.objectName || item.text) + " at " + at.x + " + "
                                      + item.width)
                    if (isText && !isButton && item.contentWidth > item.width + 1
                            && item.wrapMode !== Text.NoWrap)
                        problems.push((item.objectName || item.text) + " overflows: "
                                      + item.contentWidth + " > " + item.width)
                    if (isText)
                        ++texts
                }
                for (let i = 0; i < item.children.length; ++i)
                    visit(item.children[i])
            }
            visit(p.prompt)
            verify(texts >= 8, "texts seen: " + texts)
            compare(problems, [], "inside the prompt at " + data.width + " pixels")
            verify(p.prompt.height <= p.prompt.implicitHeight + 0.5)
            const question = findChild(p.prompt, "questionText")
            if (data.width === 300)
                verify(question.lineCount > 1, "the question wraps")
        }

        // Many options: the form scrolls, capped in height, and Tab brings an option into view.
        function test_manyOptionsScroll() {
            const options = []
            for (let i = 0; i < 30; ++i)
                options.push("Option " + i)
            const p = make("Pick", { type: "object", properties: {
                answer: { type: "array", items: { "enum": options } } } })
            p.prompt.maximumFormHeight = 200
            const form = findChild(p.prompt, "questionForm")
            tryVerify(() => form.height <= 200 && form.interactive)
            verify(form.contentHeight > 200)
            const last = findChild(field(p.prompt, "answer"), "option_29")
            last.forceActiveFocus(Qt.TabFocusReason)
            const at = last.mapToItem(form, 0, 0)
            verify(at.y >= -0.5 && at.y + last.height <= form.height + 0.5,
                   "the focused option is in view: " + at.y)
            keyClick(Qt.Key_Space)
            compare(p.prompt.value.answer, ["Option 29"])
        }

        // Every button of the prompt is a target of 24 by 24 pixels or more.
        function test_targetSizes() {
            const p = make("All", { type: "object", properties: {
                d: { type: "boolean", title: "Flag" },
                e: { type: "string", title: "One", "enum": ["x", "y"] },
                f: { type: "string", title: "Or", examples: ["p"] },
                g: { type: "array", title: "Several", items: { "enum": ["m", "n"] } } } })
            tryVerify(() => !isPolishScheduled(p.prompt))
            const seen = []
            function visit(item) {
                if (!item.visible)
                    return
                if (item.autoExclusive !== undefined && item.checkable !== undefined) {
                    seen.push(item.objectName)
                    verify(item.width >= KoderTheme.minimumTargetSize
                           && item.height >= KoderTheme.minimumTargetSize,
                           item.objectName + " is " + item.width + " x " + item.height)
                }
                for (let i = 0; i < item.children.length; ++i)
                    visit(item.children[i])
            }
            visit(p.prompt)
            for (const name of ["booleanInput", "option_0", "otherOption", "submitButton",
                                "declineButton"])
                verify(seen.indexOf(name) >= 0, name + " was measured: " + seen.join(", "))
        }

        // WCAG 2.2's contrast ratio of two colours.
        function contrast(a, b) {
            function luminance(c) {
                const linear = v => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)
                return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
            }
            const la = luminance(a)
            const lb = luminance(b)
            return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
        }

        // The demo's palettes (demo-app/appearance.cpp).
        function test_outlines_data() {
            return [
                { tag: "light", window: "#f3f3f3", base: "#ffffff", alternateBase: "#f7f7f7",
                  text: "#1f1f1f", highlight: "#1a66c9", mid: "#b8b8b8" },
                { tag: "dark", window: "#202124", base: "#17181a", alternateBase: "#2a2b2e",
                  text: "#e8eaed", highlight: "#3367d6", mid: "#5f6368" }
            ]
        }
        // Fields, radio rings and check boxes are outlined at 3:1 or more, in the focus colour
        // while focused; the reason is in the error colour; the frame in the highlight.
        function test_outlines(data) {
            const p = make("Colours", { type: "object", required: ["name"], properties: {
                name: { type: "string", title: "Name" },
                answer: colours.answer,
                flag: { type: "boolean", title: "Flag" } } })
            for (const role of ["window", "base", "alternateBase", "text", "highlight", "mid"])
                p.prompt.palette[role] = data[role]
            p.prompt.palette.windowText = data.text
            const outline = KoderTheme.outlineColor(p.prompt.palette)
            const focus = KoderTheme.focusColor(p.prompt.palette)
            compare(String(p.prompt.background.color), data.base)
            compare(String(p.prompt.background.border.color), data.highlight)
            const frame = findChild(field(p.prompt, "name"), "textInputFrame")
            const ring = findChild(findChild(field(p.prompt, "answer"), "option_0"),
                                   "optionIndicator")
            const box = findChild(findChild(field(p.prompt, "flag"), "booleanInput"),
                                  "optionIndicator")
            for (const item of [frame, ring, box]) {
                compare(String(item.border.color), String(outline))
                verify(contrast(item.border.color, p.prompt.palette.base) >= 3)
            }
            const reason = findChild(p.prompt, "questionProblem")
            verify(reason.visible)
            compare(String(reason.color), String(KoderTheme.errorColor(p.prompt.palette)))
            verify(contrast(reason.color, p.prompt.palette.base) >= 4.5)
            compare(String(findChild(p.prompt, "questionText").color), data.text)

            keyClick(Qt.Key_Tab)
            compare(focused(), findChild(field(p.prompt, "name"), "textInput"))
            compare(String(frame.border.color), String(focus))
            compare(frame.border.width, 2)
            keyClick(Qt.Key_Tab)
            compare(String(ring.border.color), String(focus), "the radio's ring, by Tab")
            compare(ring.border.width, 2)
            keyClick(Qt.Key_Space)
            verify(findChild(ring, "optionMark").visible, "the chosen option's dot")
            verify(contrast(findChild(ring, "optionMark").color, p.prompt.palette.base) >= 3)
            keyClick(Qt.Key_Tab)
            compare(String(box.border.color), String(focus))

            waitForRendering(p.prompt)
            const image = grabImage(p.prompt)
            verify(image.width > 0 && image.height > 0)
            compare(String(image.pixel(p.prompt.leftPadding / 2, p.prompt.height / 2)), data.base)
        }
    }
}
