// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Templates as T

/*!
    \qmltype AbstractQuestionPrompt
    \inqmlmodule Koder.Agent
    \brief The behaviour of the question prompt, without a look: the question the agent waits
    on, the form its schema describes, the draft answer and why it cannot be sent yet, the
    Submit, Decline and Cancel commands, the keys, the focus it takes and gives back, and what
    a screen reader hears of it. \l QuestionPrompt is its default look.

    The template owns everything but the pixels:

    \list
    \li the state: \l controller, \l inputs, \l input, \l fields (the form: an entry for
        each property of the schema, in the order of the input's \c fields), the draft \l value
        (built from the schema's defaults, changed with setField() and the helpers below),
        \l problem (the controller's \c checkInputAnswer() of the draft), \l problemText (why
        the answer cannot be sent, translated) and \l canSubmit;
    \li the commands: \l submitAction, \l declineAction and \l cancelAction, and submit(),
        decline() and cancel();
    \li the keys: handleKey() (Escape cancels), handleSubmitKey() (Enter submits, on a Submit
        button only), handleFieldKey() (in a one-line field: Enter submits when the answer
        can be sent) and handleMultilineKey() (in a text area: Ctrl+Enter submits, Tab moves
        on);
    \li the focus: the prompt is visible only while a question waits, takes the keyboard focus
        when it appears (\l takesFocus, takeFocus()) and gives it to \l focusReturn when it
        hides; the
        control reached with Tab is scrolled into sight (reveal());
    \li the accessibility of the root: the role \c AlertMessage, the name \e{The agent asks:
        <question>}, the description \e{Answer, then choose Submit; or Decline. Escape
        cancels.} (preceded by \e{Question 1 of N.} when several wait).
    \endlist

    The root is a focus scope with a \l background and a \l contentItem placed inside its
    \l padding, as a Pane's are, the focus policy \c Qt.StrongFocus, and no click let
    through; a FocusScope and not a Qt Quick Controls Pane, because in Qt 6.4 a Control
    replaces the accessible role given to it, and the prompt must stay an \c AlertMessage (see
    AbstractPermissionPrompt). The template declares no Rectangle, colour, font or size;
    \l maximumFormHeight is the one length, the look's to use.

    \section2 The form

    The input's \c schema is an object schema (the subset MCP elicitation uses). Each of its
    \c properties becomes an entry of \l fields with a \c kind:

    \table
    \header \li Property schema \li kind \li Value
    \row \li \c{"type": "string"} (with \c minLength, \c maxLength, \c pattern, \c format
         \c email, \c uri, \c date or \c date-time) \li \c text (\c multiline when
         \c maxLength is over 200) \li a string; an empty field leaves the property out
    \row \li \c{"type": "number"} or \c{"integer"} (with \c minimum, \c maximum)
         \li \c number, \c integer \li a number
    \row \li \c{"type": "boolean"} \li \c boolean \li true or false (false unless the
         \c default says otherwise)
    \row \li \c enum (labelled by \c enumNames), or \c oneOf / \c anyOf of \c const and
         \c title \li \c single \li the chosen option's value
    \row \li a string with \c examples and no \c enum \li \c single with \c allowOther
         \li one of the examples, or the text typed under \e Other
    \row \li \c{"type": "array"} whose \c items are such a choice (with \c minItems,
         \c maxItems) \li \c multiple \li the chosen values, in the order of the options
    \endtable

    A property's \c title labels it (without one, its name; the \c ask_user tool's
    \c answer is labelled \e Answer), its \c description is the help text under it, its
    \c default the initial value; \c required is read from the object schema. A property of a
    type the form does not know is a \c text field.

    The \c ask_user tool's \c allowOther (options offered, any text accepted) is a string
    with the options as \c examples: \c{{"type": "string", "examples": ["Red",
    "Blue"]}}: the look shows a radio button per example and an \e Other one with a text
    field (chooseOption(), chooseOther(), isOther()).

    \section2 Writing a look

    A look sets \c background and \c contentItem and wires these pieces to the template:

    \list
    \li the question (\c{input.message}: untrusted text, shown as plain text) and
        \l positionText when several questions wait;
    \li a control per entry of \l fields, showing valueOf() or textOf() and calling
        setText(), setField(), chooseOption(), chooseOther() or setOptionChecked() as the
        user changes it; the one-line fields' key presses to handleFieldKey(), the text
        areas' to handleMultilineKey(), the other controls' to handleKey();
    \li the scrolling area of the form to \l formView, when it scrolls;
    \li \l problemText, shown while \l canSubmit is false;
    \li its buttons to the commands (\c{action: root.submitAction} and so on), the Submit
        button's key presses to handleSubmitKey().
    \endlist

    A bare look, from the tests:

    \snippet qml/tst_questionprompttemplate.qml custom-look

    \section2 Keyboard and focus

    When the prompt appears it takes the keyboard focus itself (takeFocus(); unless
    \l takesFocus is false), so a screen reader reads the question and the user can answer at
    once; Tab moves into the form, to its first control. Enter or Return on the Submit button submits (handleSubmitKey()); in a one-line
    text or number field it submits too, once the answer can be sent (handleFieldKey()); in a
    text area it adds a line and Ctrl+Enter submits (handleMultilineKey()). On other controls
    Enter does nothing. Escape cancels the question wherever it is pressed in the prompt
    (handleKey(), which the root applies to every key press its controls leave): the agent is
    told the user dismissed it, as with cancelInput(). When the question is answered and
    another waits, the new one's form replaces the old and the prompt takes the focus again;
    when the last is answered and the prompt hides while it had the focus, the focus goes to
    \l focusReturn.

    \sa QuestionPrompt, AbstractPermissionPrompt, {Accessibility}
*/
FocusScope {
    id: root

    /*!
        The look's item drawn behind the prompt (\l QuestionPrompt sets a frame). The prompt
        takes it as its child, below the content, and sizes it to itself less the insets
        (\l leftInset and the others). Default null: nothing is drawn.
    */
    property Item background: null
    /*!
        The look's item that shows the question, the form and the buttons. The prompt takes it
        as its child and places it inside the padding (\l leftPadding and the others): it is
        \l availableWidth wide and \l availableHeight high. Default null.
    */
    property Item contentItem: null
    /*!
        The space between the edges of the prompt and \l contentItem, on every side where no
        side's padding is set. Default 0.
    */
    property real padding: 0
    /*! The padding on the left and right, unless \l leftPadding or \l rightPadding is set.
        Default \l padding. */
    property real horizontalPadding: root.padding
    /*! The padding at the top and bottom, unless \l topPadding or \l bottomPadding is set.
        Default \l padding. */
    property real verticalPadding: root.padding
    /*! The space above \l contentItem. Default \l verticalPadding. */
    property real topPadding: root.verticalPadding
    /*! The space below \l contentItem. Default \l verticalPadding. */
    property real bottomPadding: root.verticalPadding
    /*! The space to the left of \l contentItem. Default \l horizontalPadding. */
    property real leftPadding: root.horizontalPadding
    /*! The space to the right of \l contentItem. Default \l horizontalPadding. */
    property real rightPadding: root.horizontalPadding
    /*! How far \l background stays inside the top edge. Default 0. */
    property real topInset: 0
    /*! How far \l background stays inside the bottom edge. Default 0. */
    property real bottomInset: 0
    /*! How far \l background stays inside the left edge. Default 0. */
    property real leftInset: 0
    /*! How far \l background stays inside the right edge. Default 0. */
    property real rightInset: 0
    /*!
        \readonly
        The width left for \l contentItem: the width less \l leftPadding and \l rightPadding.
    */
    readonly property real availableWidth: Math.max(0, root.width - root.leftPadding
                                                       - root.rightPadding)
    /*!
        \readonly
        The height left for \l contentItem: the height less \l topPadding and
        \l bottomPadding.
    */
    readonly property real availableHeight: Math.max(0, root.height - root.topPadding
                                                        - root.bottomPadding)
    /*!
        \readonly
        The implicit width of \l background, 0 without one.
    */
    readonly property real implicitBackgroundWidth: root.background
                                                    ? root.background.implicitWidth : 0
    /*!
        \readonly
        The implicit height of \l background, 0 without one.
    */
    readonly property real implicitBackgroundHeight: root.background
                                                     ? root.background.implicitHeight : 0
    /*!
        \readonly
        The implicit width of \l contentItem, 0 without one.
    */
    readonly property real implicitContentWidth: root.contentItem
                                                 ? root.contentItem.implicitWidth : 0
    /*!
        \readonly
        The implicit height of \l contentItem, 0 without one.
    */
    readonly property real implicitContentHeight: root.contentItem
                                                  ? root.contentItem.implicitHeight : 0
    /*! The width the content asks for, from which the prompt's implicit width follows.
        Default \l implicitContentWidth. */
    property real contentWidth: root.implicitContentWidth
    /*! The height the content asks for, from which the prompt's implicit height follows.
        Default \l implicitContentHeight. */
    property real contentHeight: root.implicitContentHeight
    /*!
        How the prompt itself takes the keyboard focus: \c Qt.StrongFocus (the default) by
        Tab and by a click on it, as a Pane does; a click outside its controls then gives the
        focus to the prompt, and Escape still cancels.
    */
    property int focusPolicy: Qt.StrongFocus

    /*!
        The controller whose pending questions the prompt shows and answers: a
        KoderAgentController (or any object with its \c pendingInputs, \c answerInput(),
        \c declineInput(), \c cancelInput() and \c checkInputAnswer()). Default null: the
        prompt stays hidden.
    */
    property var controller: null
    /*!
        \readonly
        The questions waiting, the controller's \c pendingInputs: a list of maps with \c id,
        \c kind (\c "question"), \c message (the question, plain text), \c schema (an object
        schema), \c fields (the names of its properties, in order), \c source and \c callId.
        Empty without a controller, or when the controller has no such list.
    */
    readonly property var inputs: {
        const list = root.controller ? root.controller.pendingInputs : undefined
        if (!list || typeof list.length !== "number")
            return []
        // Plain JavaScript values: a list from C++ arrives as a sequence, its schema's lists
        // too, and those are not Arrays (Array.isArray is false for them).
        return JSON.parse(JSON.stringify(Array.from(list)))
    }
    /*!
        \readonly
        The question shown: the first of \l inputs, or null when none waits. The prompt is
        visible exactly while it is not null.
    */
    readonly property var input: root.inputs.length > 0 ? root.inputs[0] : null
    /*!
        \readonly
        The form of \l input: one map per property of its schema, in the order of its
        \c fields (else of the schema's \c properties), with

        \list
        \li \c name, \c title (the property's \c title, else its name; \e Answer for the
            \c ask_user tool's \c answer), \c description (may be empty), \c required,
            \c schema (the property's schema as sent);
        \li \c kind: \c "text", \c "number", \c "integer", \c "boolean", \c "single" or
            \c "multiple" (see \l {The form});
        \li \c options (\c single and \c multiple: a list of \c{{value, label}}) and
            \c allowOther (\c single: an \e Other text is accepted);
        \li \c multiline (\c text), \c format (\c text: \c email, \c uri, \c date,
            \c date-time or empty), \c hint (a translated hint of the expected form or
            bounds, for a placeholder or a description; may be empty), and \c minimum,
            \c maximum, \c minItems, \c maxItems when the schema sets them.
        \endlist

        It is made anew only when another question is shown, so that an update of
        \l inputs that keeps the first question keeps the form and what is typed in it.
    */
    readonly property var fields: root._fields
    /*!
        The draft answer: the object the schema describes, with the schema's defaults at
        first, changed through setField() (and setText(), chooseOption(), chooseOther(),
        setOptionChecked()). submit() sends it. Assign a new object to change it (a change
        inside the object is not noticed). Each new question starts from its defaults.
    */
    property var value: ({})
    /*!
        The text typed for the \e Other choice of each \c allowOther field, by field name; a
        field without an entry has one of its options chosen (or none). Written by
        chooseOption() and chooseOther(); each new question starts empty.
    */
    property var others: ({})
    /*!
        \readonly
        Why \l value cannot be sent, as the controller's \c checkInputAnswer() says: an empty
        map when it fits the schema, otherwise \c field (the property, or empty for the
        whole answer), \c code (\c "required", \c "type", \c "minItems", ...), \c limit and
        \c text (English). Empty while no question waits, and when the controller has no
        \c checkInputAnswer(). Recomputed whenever \l value or \l input changes.
    */
    readonly property var problem: {
        const draft = root.value // re-checked as the answer changes
        const checker = root.controller ? root.controller.checkInputAnswer : undefined
        if (!root.input || typeof checker !== "function")
            return ({})
        const result = root.controller.checkInputAnswer(root.input.id, draft)
        return result && typeof result === "object" ? result : ({})
    }
    /*!
        \readonly
        \l problem in words, translated: the field's title and what it needs (\e{Colour:
        choose 2 or more}), the controller's English \c text for a reason the prompt
        does not phrase itself; empty when the answer can be sent.
    */
    readonly property string problemText: root.describeProblem(root.problem)
    /*!
        \readonly
        Whether the answer can be sent: a question waits, there is a controller and \l problem
        is empty. Submit is enabled only then.
    */
    readonly property bool canSubmit: root.input !== null && !!root.controller
                                      && Object.keys(root.problem).length === 0
    /*!
        \readonly
        \e{Question 1 of N} (translated) when several questions wait, else empty.
    */
    readonly property string positionText: root.inputs.length > 1
                                           ? qsTranslate("QuestionPrompt", "Question %1 of %2")
                                                 .arg(1).arg(root.inputs.length)
                                           : ""
    /*!
        Whether the prompt moves the keyboard focus into itself when it appears, or when
        another question takes the place of an answered one while it had the focus. Default
        true. ChatView sets it to false while the user is typing a message that the busy
        policy would accept during the turn.
    */
    property bool takesFocus: true
    /*!
        The item that gets the keyboard focus back when the prompt hides while the focus was
        in it. Default null: the focus is left where Qt puts it. ChatView sets the Sender's
        input.
    */
    property Item focusReturn: null
    /*!
        The height the form may take before it scrolls (long option lists, many fields).
        Default: 45% of the window's height, at least 160 pixels (the window counted as 640
        pixels high before it has a height).
    */
    property real maximumFormHeight: Math.max(160, (root.Window.height > 0 ? root.Window.height
                                                                           : 640) * 0.45)
    /*!
        \qmlproperty Flickable AbstractQuestionPrompt::formView

        The look's scrolling area of the form (object name \c questionForm in
        \l QuestionPrompt): reveal() scrolls it, and it is scrolled back to the top when a
        question appears. Default null: nothing scrolls.
    */
    property Flickable formView: null
    /*!
        Whether the keyboard focus is inside the prompt, as last seen while it was visible.
        Default false. The prompt keeps it up to date; when it hides with this true, the focus
        goes to \l focusReturn.
    */
    property bool holdsFocus: false

    // The form of the question shown, and that question's id: made anew only for another one.
    property var _fields: []
    property string _inputId: ""
    property bool _syncing: false

    /*!
        \readonly
        The Submit command: triggering it calls submit(). Its \c text is \e Submit; it is
        enabled while the answer can be sent (\l canSubmit).
    */
    readonly property T.Action submitAction: T.Action {
        text: qsTranslate("QuestionPrompt", "Submit")
        enabled: root.canSubmit
        onTriggered: root.submit()
    }
    /*!
        \readonly
        The Decline command: triggering it calls decline(), which tells the agent the user
        will not answer. Its \c text is \e Decline; it is enabled while a question waits.
    */
    readonly property T.Action declineAction: T.Action {
        text: qsTranslate("QuestionPrompt", "Decline")
        enabled: root.input !== null && !!root.controller
        onTriggered: root.decline()
    }
    /*!
        \readonly
        The Cancel command: triggering it calls cancel(), which dismisses the question
        without an answer or a decision (what Escape does). Its \c text is \e Cancel; it is
        enabled while a question waits.
    */
    readonly property T.Action cancelAction: T.Action {
        text: qsTranslate("QuestionPrompt", "Cancel")
        enabled: root.input !== null && !!root.controller
        onTriggered: root.cancel()
    }

    /*!
        Sends \l value as the answer to \l input (the controller's \c answerInput()). Returns
        false, sending nothing, while the answer cannot be sent (\l canSubmit); otherwise what
        the controller returned (false when it refused the answer: the question keeps
        waiting).
    */
    function submit() {
        if (!root.canSubmit)
            return false
        return root.controller.answerInput(root.input.id, root._copy(root.value))
    }
    /*!
        Declines to answer \l input (the controller's \c declineInput()): the agent is told
        the user will not answer. Returns false when no question waits.
    */
    function decline() {
        if (!root.input || !root.controller)
            return false
        return root.controller.declineInput(root.input.id)
    }
    /*!
        Cancels \l input (the controller's \c cancelInput()): the question is dismissed
        without an answer. Returns false when no question waits.
    */
    function cancel() {
        if (!root.input || !root.controller)
            return false
        return root.controller.cancelInput(root.input.id)
    }

    /*!
        Returns the entry of \l fields named \a name, or null.
    */
    function fieldByName(name) {
        for (let i = 0; i < root._fields.length; ++i)
            if (root._fields[i].name === name)
                return root._fields[i]
        return null
    }
    /*!
        Returns the value of the field \a name in the draft \l value (undefined when it is
        left out).
    */
    function valueOf(name) {
        return root.value[name]
    }
    /*!
        Sets the field \a name of the draft \l value to \a fieldValue; undefined leaves the
        field out of the answer.
    */
    function setField(name, fieldValue) {
        const next = Object.assign({}, root.value)
        if (fieldValue === undefined)
            delete next[name]
        else
            next[name] = fieldValue
        root.value = next
    }
    /*!
        Returns the text a text, number or integer field \a name shows for the draft value
        (a number in the locale's notation); empty when the field is left out.
    */
    function textOf(name) {
        const v = root.value[name]
        if (v === undefined || v === null)
            return ""
        if (typeof v === "number")
            return String(v).replace(".", Qt.locale().decimalPoint)
        return String(v)
    }
    /*!
        Sets the field \a name from the \a text typed into it: for a \c number or \c integer
        field the number it reads as in the locale (the text itself when it is not one, so
        that the answer says why), for other fields the text; an empty text leaves the field
        out.
    */
    function setText(name, text) {
        const field = root.fieldByName(name)
        if (text === "") {
            root.setField(name, undefined)
        } else if (field && (field.kind === "number" || field.kind === "integer")) {
            root.setField(name, root._parseNumber(text))
        } else {
            root.setField(name, text)
        }
    }
    /*!
        Returns whether the option \a optionValue is chosen in the field \a name: its value
        (a \c single field, unless \e Other is chosen) or one of its values (a \c multiple
        field).
    */
    function isChosen(name, optionValue) {
        const v = root.value[name]
        if (Array.isArray(v))
            return v.some(x => root._same(x, optionValue))
        return !root.isOther(name) && v !== undefined && root._same(v, optionValue)
    }
    /*!
        Chooses the option \a optionValue of the \c single field \a name (and not \e Other).
    */
    function chooseOption(name, optionValue) {
        if (root.others[name] !== undefined) {
            const next = Object.assign({}, root.others)
            delete next[name]
            root.others = next
        }
        root.setField(name, optionValue)
    }
    /*!
        Chooses \e Other in the \c allowOther field \a name, with the text \a text (default:
        the text typed for it before); an empty text leaves the field out of the answer.
    */
    function chooseOther(name, text) {
        const field = root.fieldByName(name)
        if (field && field.kind === "multiple")
            return root.setOtherChecked(name, true, text)
        const typed = text !== undefined ? text : root.otherText(name)
        const next = Object.assign({}, root.others)
        next[name] = typed
        root.others = next
        root.setField(name, typed === "" ? undefined : typed)
    }
    /*!
        Checks \e Other in the \c multiple field \a name (one with \c allowOther) when
        \a checked is true, or unchecks it, with the text \a text (default: the text typed for
        it before): the answer is the chosen options and, when \e Other is checked and its
        text is not empty, that text.
    */
    function setOtherChecked(name, checked, text) {
        const typed = text !== undefined ? text : root.otherText(name)
        const next = Object.assign({}, root.others)
        if (checked)
            next[name] = typed
        else
            delete next[name]
        root.others = next
        root.setField(name, root._multipleValue(name, root._chosenOptions(name), next[name]))
    }
    /*!
        Returns whether \e Other is chosen in the field \a name.
    */
    function isOther(name) {
        return root.others[name] !== undefined
    }
    /*!
        Returns the text typed for \e Other in the field \a name, or an empty string.
    */
    function otherText(name) {
        return root.others[name] !== undefined ? root.others[name] : ""
    }
    /*!
        Adds the option \a optionValue to the chosen values of the \c multiple field \a name
        when \a checked is true, or removes it; the values are kept in the order of the
        field's options.
    */
    function setOptionChecked(name, optionValue, checked) {
        const chosen = root._chosenOptions(name).filter(x => !root._same(x, optionValue))
        if (checked)
            chosen.push(optionValue)
        root.setField(name, root._multipleValue(name, chosen, root.others[name]))
    }
    // The options of the multiple field `name` chosen now (not the Other text).
    function _chosenOptions(name) {
        const field = root.fieldByName(name)
        const current = Array.isArray(root.value[name]) ? root.value[name] : []
        return field ? current.filter(v => field.options.some(o => root._same(o.value, v)))
                     : current.slice()
    }
    // A multiple field's answer: the chosen options in the order of the field's options,
    // then the Other text when there is one.
    function _multipleValue(name, chosen, other) {
        const field = root.fieldByName(name)
        const list = chosen.slice()
        if (field) {
            const order = v => field.options.findIndex(o => root._same(o.value, v))
            list.sort((a, b) => order(a) - order(b))
        }
        if (typeof other === "string" && other !== "" && !list.some(v => root._same(v, other)))
            list.push(other)
        return list
    }
    /*!
        Returns \a problem (as in \l problem) in words, translated: the field's title and
        what it needs. Codes the prompt does not phrase itself give the controller's English
        \c text. Returns an empty string for an empty \a problem.
    */
    function describeProblem(problem) {
        if (!problem || problem.code === undefined)
            return ""
        const field = problem.field ? root.fieldByName(problem.field) : null
        const title = field ? field.title : (problem.field ? String(problem.field) : "")
        const limit = problem.limit
        const count = typeof limit === "number" ? limit : Number(limit)
        const fallback = problem.text ? String(problem.text)
                                      : qsTranslate("QuestionPrompt",
                                                    "The answer does not fit the question")
        if (problem.code === "unknownInput")
            return qsTranslate("QuestionPrompt", "The question is no longer waiting")
        if (title === "")
            return fallback
        switch (problem.code) {
        case "required":
            return qsTranslate("QuestionPrompt", "%1: an answer is needed").arg(title)
        case "type":
            if (field && field.kind === "integer")
                return qsTranslate("QuestionPrompt", "%1: enter a whole number").arg(title)
            if (field && field.kind === "number")
                return qsTranslate("QuestionPrompt", "%1: enter a number").arg(title)
            return fallback
        case "enum":
        case "const":
            return qsTranslate("QuestionPrompt", "%1: choose one of the options").arg(title)
        case "minimum":
            return qsTranslate("QuestionPrompt", "%1: at least %2").replace("%2", root._numberText(limit))
                       .arg(title)
        case "maximum":
            return qsTranslate("QuestionPrompt", "%1: at most %2").replace("%2", root._numberText(limit))
                       .arg(title)
        case "exclusiveMinimum":
            return qsTranslate("QuestionPrompt", "%1: more than %2").replace("%2", root._numberText(limit))
                       .arg(title)
        case "exclusiveMaximum":
            return qsTranslate("QuestionPrompt", "%1: less than %2").replace("%2", root._numberText(limit))
                       .arg(title)
        case "minLength":
            return isNaN(count) ? fallback
                                : qsTranslate("QuestionPrompt", "%1: at least %n characters",
                                              "", count).arg(title)
        case "maxLength":
            return isNaN(count) ? fallback
                                : qsTranslate("QuestionPrompt", "%1: at most %n characters",
                                              "", count).arg(title)
        case "minItems":
            return isNaN(count) ? fallback
                                : qsTranslate("QuestionPrompt", "%1: choose %n or more",
                                              "", count).arg(title)
        case "maxItems":
            return isNaN(count) ? fallback
                                : qsTranslate("QuestionPrompt", "%1: choose no more than %n",
                                              "", count).arg(title)
        case "pattern":
            return qsTranslate("QuestionPrompt", "%1: not in the expected form").arg(title)
        case "format": {
            const format = field ? field.format : String(limit)
            if (format === "email")
                return qsTranslate("QuestionPrompt", "%1: enter an email address").arg(title)
            if (format === "uri")
                return qsTranslate("QuestionPrompt", "%1: enter a full address (URI)")
                           .arg(title)
            if (format === "date")
                return qsTranslate("QuestionPrompt", "%1: enter a date as YYYY-MM-DD")
                           .arg(title)
            if (format === "date-time")
                return qsTranslate("QuestionPrompt",
                                   "%1: enter a date and time as YYYY-MM-DDThh:mm:ssZ")
                           .arg(title)
            return fallback
        }
        default:
            return fallback
        }
    }
    /*!
        Returns the entries of \l fields for the object schema \a schema, in the order of
        \a order (a list of property names; default: the order of its \c properties). The
        prompt calls it when another question is shown; a look does not need to.
    */
    function fieldsOf(schema, order) {
        const properties = schema && typeof schema.properties === "object"
                           && schema.properties !== null ? schema.properties : {}
        const required = schema && Array.isArray(schema.required) ? schema.required : []
        const names = Array.isArray(order) && order.length > 0
                      ? order.filter(n => properties[n] !== undefined)
                      : Object.keys(properties)
        return names.map(name => root._fieldOf(name, properties[name] || {},
                                               required.indexOf(name) >= 0))
    }
    /*!
        Returns the draft answer that the fields \a fieldList start from: each field's
        \c default where it has one that fits, \c false for a boolean without one, and
        nothing for the others.
    */
    function defaultsOf(fieldList) {
        const draft = {}
        for (const field of fieldList) {
            const d = field.schema["default"]
            // Only a default the field can show and change: a value among its options (or, with
            // Other, any text), of the field's type.
            if (field.kind === "boolean")
                draft[field.name] = typeof d === "boolean" ? d : false
            else if (field.kind === "multiple" && Array.isArray(d))
                draft[field.name] = d.filter(v => field.options.some(o => root._same(o.value, v)))
            else if (field.kind === "single" && (field.options.some(o => root._same(o.value, d))
                                                 || field.allowOther && typeof d === "string"))
                draft[field.name] = d
            else if ((field.kind === "number" || field.kind === "integer") && typeof d === "number")
                draft[field.name] = d
            else if (field.kind === "text" && typeof d === "string")
                draft[field.name] = d
        }
        return draft
    }
    /*!
        Scrolls \l formView so that the rectangle \a rect of \a item (in the item's
        coordinates; default: all of it) is in sight, when \a item is inside the view's
        content and the form scrolls. The prompt calls it for the control that gets the
        focus.
    */
    function reveal(item, rect) {
        const view = root.formView
        if (!view || !item)
            return
        let inside = false
        for (let p = item; p; p = p.parent) {
            if (p === view.contentItem) {
                inside = true
                break
            }
        }
        if (!inside || view.contentHeight <= view.height)
            return
        const r = rect !== undefined ? rect : Qt.rect(0, 0, item.width, item.height)
        const top = item.mapToItem(view.contentItem, r.x, r.y).y
        const bottom = top + r.height
        if (top < view.contentY)
            view.contentY = Math.max(0, top)
        else if (bottom > view.contentY + view.height)
            view.contentY = Math.min(bottom - view.height, view.contentHeight - view.height)
    }
    /*!
        Gives the keyboard focus to the prompt itself, not to the control inside it that had
        it last, so that a screen reader reads the question (the root's name) and Tab starts
        at the first control. The prompt calls it when a question appears (with
        \l takesFocus).
    */
    function takeFocus() {
        root._dropFocusWithin(root)
        root.forceActiveFocus(Qt.OtherFocusReason)
    }
    // Clears the focus of the items inside `item`, so that the scope keeps none of them.
    function _dropFocusWithin(item) {
        for (let i = 0; i < item.children.length; ++i) {
            const child = item.children[i]
            if (child.focus)
                child.focus = false
            root._dropFocusWithin(child)
        }
    }
    /*!
        Returns whether the window's active focus item is the prompt or inside it.
    */
    function focusIsInside() {
        for (let item = root.Window.activeFocusItem; item; item = item.parent)
            if (item === root)
                return true
        return false
    }
    /*!
        The keys of the prompt as a whole; \a event is the key event. Escape cancels the
        question (cancel()) and accepts the event; other keys are left alone. The root applies
        it to every key press its controls leave; a look routes a control's key presses to it
        when the control would keep Escape to itself.
    */
    function handleKey(event) {
        if (event.key !== Qt.Key_Escape)
            return
        event.accepted = true
        root.cancel()
    }
    /*!
        The keys of a Submit button; \a event is the key event. Enter and Return submit (when
        the answer can be sent) and accept the event; Escape goes to handleKey(); other keys
        (Space) are left to the button.
    */
    function handleSubmitKey(event) {
        if (event.key !== Qt.Key_Return && event.key !== Qt.Key_Enter) {
            root.handleKey(event)
            return
        }
        event.accepted = true
        root.submit()
    }
    /*!
        The keys of a one-line text or number field; \a event is the key event. Enter and
        Return submit when the answer can be sent (\l canSubmit), and do nothing else; Escape
        goes to handleKey(); other keys are left to the field.
    */
    function handleFieldKey(event) {
        if (event.key !== Qt.Key_Return && event.key !== Qt.Key_Enter) {
            root.handleKey(event)
            return
        }
        event.accepted = true
        if (root.canSubmit)
            root.submit()
    }
    /*!
        The keys of a text area (a \c multiline field); \a event is the key event. Each of
        these accepts the event: Escape cancels (handleKey()); Tab and Shift+Tab move the
        focus to the next and the previous control instead of typing a tab; Ctrl+Enter and
        Ctrl+Return submit when the answer can be sent. Enter and Return, and other keys, are
        left to the text area (Enter adds a line).
    */
    function handleMultilineKey(event) {
        const control = (event.modifiers & Qt.ControlModifier) !== 0
        if (event.key === Qt.Key_Escape) {
            root.handleKey(event)
        } else if ((event.key === Qt.Key_Tab || event.key === Qt.Key_Backtab) && !control) {
            event.accepted = true
            const area = root.Window.activeFocusItem
            const forward = event.key === Qt.Key_Tab
                            && (event.modifiers & Qt.ShiftModifier) === 0
            const next = area ? area.nextItemInFocusChain(forward) : null
            if (next)
                next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
        } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && control) {
            event.accepted = true
            if (root.canSubmit)
                root.submit()
        }
    }

    // One entry of `fields` for the property `name` with the schema `prop`.
    function _fieldOf(name, prop, required) {
        const type = root._typeOf(prop)
        const field = {
            name: name,
            title: typeof prop.title === "string" && prop.title !== ""
                   ? prop.title
                   : (name === "answer" ? qsTranslate("QuestionPrompt", "Answer") : name),
            description: typeof prop.description === "string" ? prop.description : "",
            required: required,
            schema: prop,
            kind: "text",
            options: [],
            allowOther: false,
            multiline: false,
            format: "",
            hint: ""
        }
        for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                           "minItems", "maxItems", "minLength", "maxLength"])
            if (typeof prop[key] === "number")
                field[key] = prop[key]
        const options = root._optionsOf(prop)
        if (type === "array") {
            const items = prop.items && typeof prop.items === "object" ? prop.items : {}
            const itemOptions = root._optionsOf(items)
            if (itemOptions.length > 0) {
                field.kind = "multiple"
                field.options = itemOptions
                return field
            }
            // Texts with examples: the examples as check boxes, and Other for one's own.
            if (Array.isArray(items.examples) && items.examples.length > 0) {
                field.kind = "multiple"
                field.allowOther = true
                field.options = items.examples.filter(e => typeof e === "string")
                                              .map(e => ({ value: e, label: e }))
                return field
            }
        } else if (options.length > 0) {
            field.kind = "single"
            field.options = options
            return field
        } else if (type === "boolean") {
            field.kind = "boolean"
            return field
        } else if (type === "number" || type === "integer") {
            field.kind = type
            field.hint = root._boundsHint(field)
            return field
        } else if ((type === "string" || type === "") && Array.isArray(prop.examples)
                   && prop.examples.length > 0) {
            field.kind = "single"
            field.allowOther = true
            field.options = prop.examples.filter(e => typeof e === "string")
                                         .map(e => ({ value: e, label: e }))
            return field
        }
        field.kind = "text"
        field.format = typeof prop.format === "string" ? prop.format : ""
        field.multiline = field.format === "" && typeof prop.maxLength === "number"
                          && prop.maxLength > 200
        if (field.format === "email")
            field.hint = qsTranslate("QuestionPrompt", "name@example.com")
        else if (field.format === "uri")
            field.hint = qsTranslate("QuestionPrompt", "https://example.com")
        else if (field.format === "date")
            field.hint = qsTranslate("QuestionPrompt", "YYYY-MM-DD")
        else if (field.format === "date-time")
            field.hint = qsTranslate("QuestionPrompt", "YYYY-MM-DDThh:mm:ssZ")
        return field
    }
    // The type a property's schema names ("" for none; the first besides "null" of a list).
    function _typeOf(prop) {
        if (typeof prop.type === "string")
            return prop.type
        if (Array.isArray(prop.type)) {
            const named = prop.type.filter(t => t !== "null")
            return named.length > 0 ? String(named[0]) : ""
        }
        return ""
    }
    // The options of a choice: enum (labelled by enumNames), or oneOf / anyOf of const + title.
    function _optionsOf(prop) {
        if (Array.isArray(prop["enum"])) {
            const names = Array.isArray(prop.enumNames) ? prop.enumNames : []
            return prop["enum"].map((v, i) => ({
                value: v,
                label: typeof names[i] === "string" && names[i] !== "" ? names[i] : String(v)
            }))
        }
        const list = Array.isArray(prop.oneOf) ? prop.oneOf
                                               : Array.isArray(prop.anyOf) ? prop.anyOf : null
        if (list && list.length > 0 && list.every(o => o && o["const"] !== undefined)) {
            return list.map(o => ({
                value: o["const"],
                label: typeof o.title === "string" && o.title !== "" ? o.title
                                                                     : String(o["const"])
            }))
        }
        return []
    }
    // A number field's bounds in words, or "".
    function _boundsHint(field) {
        const low = field.minimum
        const high = field.maximum
        if (low !== undefined && high !== undefined)
            return qsTranslate("QuestionPrompt", "From %1 to %2").arg(root._numberText(low))
                       .arg(root._numberText(high))
        if (low !== undefined)
            return qsTranslate("QuestionPrompt", "%1 or more").arg(root._numberText(low))
        if (high !== undefined)
            return qsTranslate("QuestionPrompt", "%1 or less").arg(root._numberText(high))
        return ""
    }
    // A number in the locale's notation (its decimal point; no group separators).
    function _numberText(n) {
        return typeof n === "number" ? String(n).replace(".", Qt.locale().decimalPoint)
                                     : String(n)
    }
    // The number `text` reads as in the locale (or in C notation); the text when it is none.
    function _parseNumber(text) {
        const trimmed = text.trim()
        try {
            const n = Number.fromLocaleString(Qt.locale(), trimmed)
            if (isFinite(n))
                return n
        } catch (e) {
            // not in the locale's notation: try the C one
        }
        const n = Number(trimmed)
        return trimmed !== "" && isFinite(n) ? n : text
    }
    function _same(a, b) {
        return a === b || (typeof a === "object" && JSON.stringify(a) === JSON.stringify(b))
    }
    function _copy(v) {
        return JSON.parse(JSON.stringify(v))
    }
    // Another question is shown (or none): a new form from its schema, the draft from its
    // defaults; while the focus is in the prompt, the prompt takes it again for the new one.
    function _sync() {
        const id = root.input ? String(root.input.id) : ""
        if (id === root._inputId)
            return
        root._inputId = id
        // The controls of the old form go, and the focus with them: not a move of the user's.
        const hadFocus = root.holdsFocus
        root._syncing = true
        root._fields = root.input ? root.fieldsOf(root.input.schema, root.input.fields) : []
        // An allowOther field's default that is none of its options is the Other text.
        const draft = root.defaultsOf(root._fields)
        const others = {}
        for (const field of root._fields) {
            const d = draft[field.name]
            if (field.allowOther && typeof d === "string"
                    && !field.options.some(o => o.value === d))
                others[field.name] = d
        }
        root.others = others
        root.value = draft
        root._syncing = false
        root.holdsFocus = hadFocus
        if (root.input && root.visible) {
            if (root.formView)
                root.formView.contentY = 0
            if (hadFocus && root.takesFocus)
                takeFocusAgain.start()
        }
    }

    visible: root.input !== null
    implicitWidth: Math.max(root.implicitBackgroundWidth + root.leftInset + root.rightInset,
                            root.contentWidth + root.leftPadding + root.rightPadding)
    implicitHeight: Math.max(root.implicitBackgroundHeight + root.topInset + root.bottomInset,
                             root.contentHeight + root.topPadding + root.bottomPadding)
    activeFocusOnTab: (root.focusPolicy & Qt.TabFocus) === Qt.TabFocus
    onBackgroundChanged: {
        if (!root.background)
            return
        const item = root.background
        item.parent = root
        item.z = -1
        item.x = Qt.binding(() => root.leftInset)
        item.y = Qt.binding(() => root.topInset)
        item.width = Qt.binding(() => root.width - root.leftInset - root.rightInset)
        item.height = Qt.binding(() => root.height - root.topInset - root.bottomInset)
    }
    onContentItemChanged: {
        if (!root.contentItem)
            return
        const item = root.contentItem
        item.parent = root
        item.x = Qt.binding(() => root.leftPadding)
        item.y = Qt.binding(() => root.topPadding)
        item.width = Qt.binding(() => root.availableWidth)
        item.height = Qt.binding(() => root.availableHeight)
    }
    Accessible.role: Accessible.AlertMessage
    Accessible.name: root.input ? qsTranslate("QuestionPrompt", "The agent asks: %1")
                                      .arg(String(root.input.message ?? ""))
                                : ""
    Accessible.description: {
        if (!root.input)
            return ""
        const what = qsTranslate("QuestionPrompt",
                                 "Answer, then choose Submit; or Decline. Escape cancels.")
        return root.positionText !== "" ? root.positionText + ". " + what : what
    }
    Keys.onPressed: (event) => root.handleKey(event)

    onInputChanged: root._sync()
    Component.onCompleted: root._sync()
    onVisibleChanged: {
        if (root.visible) {
            giveFocusBack.stop() // a question again before the focus went back: it stays
            if (root.formView)
                root.formView.contentY = 0
            if (root.takesFocus)
                root.takeFocus()
        } else if (root.holdsFocus) {
            root.holdsFocus = false
            giveFocusBack.start()
        }
    }

    data: [
        // No click goes through the prompt to what lies under it; one on the prompt itself
        // (outside its controls) gives it the focus, as a click on a Pane does.
        MouseArea {
            z: -2
            anchors.fill: parent
            acceptedButtons: Qt.AllButtons
            onPressed: (mouse) => {
                if ((root.focusPolicy & Qt.ClickFocus) === Qt.ClickFocus)
                    root.forceActiveFocus(Qt.MouseFocusReason)
            }
        },
        Connections {
            target: root.Window.window
            function onActiveFocusItemChanged() {
                if (!root.visible || root._syncing)
                    return
                root.holdsFocus = root.focusIsInside()
                if (root.holdsFocus)
                    root.reveal(root.Window.activeFocusItem)
            }
        },
        // After the new form is built: the prompt takes the focus for the next question.
        Timer {
            id: takeFocusAgain
            interval: 0
            onTriggered: {
                if (root.visible)
                    root.takeFocus()
            }
        },
        // After the bindings settle: the input is enabled again once nothing waits.
        Timer {
            id: giveFocusBack
            interval: 0
            onTriggered: {
                if (root.focusReturn)
                    root.focusReturn.forceActiveFocus()
            }
        }
    ]
}
