// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype QuestionPrompt
    \inqmlmodule Koder.Agent
    \inherits AbstractQuestionPrompt
    \brief Shows a question the agent waits on (the \c ask_user tool, an MCP server's
    elicitation) with the form its schema describes: text and number fields, check boxes,
    radio buttons for one choice (with an \e Other text when any answer goes), check boxes for
    several; Submit sends the answer, Decline tells the agent the user will not answer, Escape
    cancels.

    QuestionPrompt is the default look of \l AbstractQuestionPrompt, which holds all of its
    behaviour: its properties, the form it makes of the schema, the commands, keys, focus
    handling and state are documented there. The look draws it with the palette and
    KoderTheme: a frame in the highlight colour on the base colour, the question (plain text,
    wrapped), \e{Question 1 of N} when several wait, a title and help text per field, the
    controls, why the answer cannot be sent yet (in KoderTheme.errorColor()), and the Submit and
    Decline buttons. Text fields, radio buttons and check boxes are outlined in
    KoderTheme.outlineColor() and, while focused, in KoderTheme.focusColor(); every button is
    at least KoderTheme.minimumTargetSize square. For another look, write your own on
    \l AbstractQuestionPrompt.

    The question, titles, descriptions and options come from the agent and are shown as plain
    text. The answer is checked against the schema as it is entered
    (the controller's \c checkInputAnswer()): while it does not fit, Submit is off and the
    reason is shown under the form.

    The prompt is visible only while \l {AbstractQuestionPrompt::controller}{controller} has a
    pending question; answering, declining or cancelling the last one hides it. \l ChatView
    places one between its messages and its \l Sender, beside the \l PermissionPrompt; on its
    own:

    \qml
    QuestionPrompt {
        width: parent.width
        controller: agent
        focusReturn: input
    }
    \endqml

    \section2 Keyboard and focus

    When a question appears the prompt takes the keyboard focus (unless
    \l {AbstractQuestionPrompt::takesFocus}{takesFocus} is false) and a screen reader reads
    it; Tab then moves through the fields, Submit and Decline. A group of radio buttons is one
    Tab stop (the chosen option, else the first): the arrow keys move in it and choose, Space
    chooses the focused one. Space toggles a check box. Enter or Return on Submit submits; in a
    one-line text or number field it submits too, once the answer fits; in a text area (a text
    of more than 200 characters) it adds a line, Ctrl+Enter submits, and Tab moves on. Escape
    cancels the question wherever the focus is in the prompt. When the last question is
    answered and the prompt hides while it had the focus, the focus goes to
    \l {AbstractQuestionPrompt::focusReturn}{focusReturn} (ChatView sets the Sender's input).

    \section2 Accessibility

    \list
    \li The prompt has the role \c AlertMessage, the name \e{The agent asks: <question>} and
        the description \e{Answer, then choose Submit; or Decline. Escape cancels.}, preceded
        by \e{Question 1 of N.} when several wait.
    \li The question is \c StaticText named by its text.
    \li A text or number field is named by its field's title and described by its help text,
        the expected form or bounds, and \e Required when it is. A check box is named by the
        title. A choice is a \c Grouping named by the title, its radio buttons or check boxes
        named by their options; \e Other is followed by a field named \e{Other answer}.
    \li Why the answer cannot be sent is \c StaticText, and the description of the Submit
        button while it is disabled; enabled, Submit is described \e{Sends your answer to the
        agent}, and Decline \e{Tells the agent you will not answer}.
    \endlist

    Object names for tests and automation: \c questionPosition, \c questionText,
    \c questionForm (the scrolling area of the form), \c field_<name> per field with
    \c fieldTitle, \c fieldDescription, \c textInput, \c textArea, \c booleanInput, \c choices
    (the group) with \c option_0, \c option_1, ... (radio buttons or check boxes),
    \c otherOption and \c otherInput; \c questionProblem, \c submitButton, \c declineButton.

    \sa AbstractQuestionPrompt, ChatView, PermissionPrompt, {Accessibility}
*/
AbstractQuestionPrompt {
    id: root

    formView: formFlickable
    padding: KoderTheme.largeSpacing
    contentWidth: KoderTheme.gridUnit * 20

    background: Rectangle {
        objectName: "questionBackground"
        color: root.palette.base
        border.color: root.palette.highlight
        border.width: 2
        radius: KoderTheme.smallRadius
    }

    // Moves the focus from `radio` to the radio button `step` places on in its group (round
    // the ends) and chooses it, as the arrow keys do in a group of radio buttons.
    function _moveInGroup(group, radio, step) {
        const radios = []
        for (let i = 0; i < group.children.length; ++i) {
            const child = group.children[i]
            if (child.visible && child.choiceRadio === true)
                radios.push(child)
        }
        const at = radios.indexOf(radio)
        if (at < 0 || radios.length < 2)
            return
        const next = radios[(at + step + radios.length) % radios.length]
        next.forceActiveFocus(Qt.TabFocusReason)
        next.choose()
    }
    // The keys of a radio button: the arrow keys move in its group; Escape cancels.
    function _radioKey(event, group, radio) {
        const back = radio.mirrored ? Qt.Key_Right : Qt.Key_Left
        const forth = radio.mirrored ? Qt.Key_Left : Qt.Key_Right
        if (event.key === Qt.Key_Up || event.key === back) {
            event.accepted = true
            root._moveInGroup(group, radio, -1)
        } else if (event.key === Qt.Key_Down || event.key === forth) {
            event.accepted = true
            root._moveInGroup(group, radio, 1)
        } else {
            root.handleKey(event)
        }
    }

    // A text the agent sent, wrapped, in the text colour.
    component PlainLabel: Label {
        textFormat: Text.PlainText
        wrapMode: Text.Wrap
        color: root.palette.text
        width: parent ? parent.width : 0
    }

    // The ring of a radio button or the box of a check box: in the outline colour, in the
    // focus colour and thicker while focused by the keyboard (the styles' is faint on dark
    // palettes).
    component Mark: Rectangle {
        id: mark
        required property T.AbstractButton control
        property bool round: false
        objectName: "optionIndicator"
        implicitWidth: Math.max(16, Math.round(KoderTheme.gridUnit * 1.1))
        implicitHeight: implicitWidth
        x: mark.control.mirrored ? mark.control.width - width - mark.control.rightPadding
                                 : mark.control.leftPadding
        y: mark.control.topPadding + (mark.control.availableHeight - height) / 2
        radius: mark.round ? width / 2 : KoderTheme.smallSpacing
        color: root.palette.base
        border.width: mark.control.visualFocus ? 2 : 1
        border.color: mark.control.visualFocus ? KoderTheme.focusColor(root.palette)
                                               : KoderTheme.outlineColor(root.palette)
        Rectangle {
            objectName: "optionMark"
            anchors.centerIn: parent
            width: Math.round(parent.width / 2)
            height: width
            radius: mark.round ? width / 2 : Math.max(1, KoderTheme.smallSpacing / 2)
            visible: mark.control.checked
            color: root.palette.text
        }
    }

    // The text beside a radio button or a check box: wrapped, clear of the indicator.
    component MarkLabel: Label {
        id: markLabel
        required property T.AbstractButton control
        textFormat: Text.PlainText
        wrapMode: Text.Wrap
        text: markLabel.control.text
        color: root.palette.text
        verticalAlignment: Text.AlignVCenter
        leftPadding: markLabel.control.indicator && !markLabel.control.mirrored
                     ? markLabel.control.indicator.width + markLabel.control.spacing : 0
        rightPadding: markLabel.control.indicator && markLabel.control.mirrored
                      ? markLabel.control.indicator.width + markLabel.control.spacing : 0
    }

    // A radio button of a single choice (an option, or Other).
    component ChoiceRadio: RadioButton {
        id: radio
        // Found by the arrow keys among the group's children.
        readonly property bool choiceRadio: true
        // Whether Tab stops here: the chosen option, else the group's first.
        property bool tabStop: false
        // Asks to choose this option (a click, Space or an arrow key): the delegate does.
        signal chooseRequested()
        function choose() {
            radio.chooseRequested()
        }
        width: parent ? parent.width : 0
        focusPolicy: radio.tabStop ? Qt.StrongFocus : Qt.ClickFocus
        implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                 radio.implicitContentHeight + radio.topPadding
                                 + radio.bottomPadding)
        indicator: Mark {
            control: radio
            round: true
        }
        contentItem: MarkLabel {
            control: radio
        }
        Accessible.name: radio.text
        onToggled: radio.choose()
    }

    // A check box of a multiple choice, or a boolean field.
    component Check: CheckBox {
        id: check
        width: parent ? parent.width : 0
        implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                 check.implicitContentHeight + check.topPadding
                                 + check.bottomPadding)
        indicator: Mark {
            control: check
        }
        contentItem: MarkLabel {
            control: check
        }
        Accessible.name: check.text
        Keys.onPressed: (event) => root.handleKey(event)
    }

    // A text field's frame: the outline, the focus ring while focused.
    component FieldFrame: Rectangle {
        id: frame
        required property Item control
        implicitWidth: KoderTheme.gridUnit * 10
        implicitHeight: KoderTheme.minimumTargetSize
        color: root.palette.base
        radius: KoderTheme.smallSpacing
        border.width: frame.control.activeFocus ? 2 : 1
        border.color: frame.control.activeFocus ? KoderTheme.focusColor(root.palette)
                                                : KoderTheme.outlineColor(root.palette)
    }

    // One field of the form: its title, its help text and its control.
    component FieldItem: Column {
        id: fieldItem

        required property var modelData
        readonly property var field: fieldItem.modelData
        readonly property string name: fieldItem.field.name
        readonly property string kind: fieldItem.field.kind
        readonly property bool lineField: fieldItem.kind === "number"
                                          || fieldItem.kind === "integer"
                                          || (fieldItem.kind === "text"
                                              && !fieldItem.field.multiline)
        readonly property bool areaField: fieldItem.kind === "text" && fieldItem.field.multiline
        // What a screen reader hears after the field's name: the help, the form, "Required".
        readonly property string details: [fieldItem.field.description, fieldItem.field.hint,
                                           fieldItem.field.required ? qsTr("Required") : ""]
                                          .filter(s => s !== "").join(". ")

        objectName: "field_" + fieldItem.name
        width: parent ? parent.width : 0
        spacing: KoderTheme.smallSpacing

        PlainLabel {
            objectName: "fieldTitle"
            visible: fieldItem.kind !== "boolean"
            text: fieldItem.field.required && root.fields.length > 1
                  ? qsTr("%1 (required)").arg(fieldItem.field.title)
                  : fieldItem.field.title
            font.bold: true
        }
        PlainLabel {
            objectName: "fieldDescription"
            visible: text !== ""
            text: fieldItem.field.description
        }

        TextField {
            id: lineInput
            objectName: "textInput"
            visible: fieldItem.lineField
            width: parent.width
            placeholderText: fieldItem.field.hint
            validator: fieldItem.kind === "integer" ? integerValidator
                                                    : fieldItem.kind === "number" ? numberValidator
                                                                                  : null
            inputMethodHints: fieldItem.kind === "integer" ? Qt.ImhFormattedNumbersOnly
                              : fieldItem.kind === "number" ? Qt.ImhFormattedNumbersOnly
                              : fieldItem.field.format === "email" ? Qt.ImhEmailCharactersOnly
                              : fieldItem.field.format === "uri" ? Qt.ImhUrlCharactersOnly
                              : fieldItem.field.format === "date" ? Qt.ImhDate
                              : fieldItem.field.format === "date-time"
                                ? (Qt.ImhDate | Qt.ImhTime) : Qt.ImhNone
            background: FieldFrame {
                objectName: "textInputFrame"
                control: lineInput
            }
            Accessible.name: fieldItem.field.title
            Accessible.description: fieldItem.details
            Component.onCompleted: lineInput.text = root.textOf(fieldItem.name)
            onTextChanged: {
                if (fieldItem.lineField && root.textOf(fieldItem.name) !== lineInput.text)
                    root.setText(fieldItem.name, lineInput.text)
            }
            Keys.onPressed: (event) => root.handleFieldKey(event)

            IntValidator {
                id: integerValidator
                bottom: fieldItem.field.minimum !== undefined
                        ? Math.min(2147483647, Math.max(-2147483647,
                                                        Math.ceil(fieldItem.field.minimum)))
                        : -2147483647
                top: fieldItem.field.maximum !== undefined
                     ? Math.min(2147483647, Math.floor(fieldItem.field.maximum))
                     : 2147483647
            }
            DoubleValidator {
                id: numberValidator
                bottom: fieldItem.field.minimum !== undefined ? fieldItem.field.minimum
                                                              : -Infinity
                top: fieldItem.field.maximum !== undefined ? fieldItem.field.maximum : Infinity
                notation: DoubleValidator.StandardNotation
            }
        }

        TextArea {
            id: areaInput
            objectName: "textArea"
            visible: fieldItem.areaField
            width: parent.width
            textFormat: TextEdit.PlainText
            wrapMode: TextEdit.Wrap
            placeholderText: fieldItem.field.hint
            background: FieldFrame {
                objectName: "textAreaFrame"
                control: areaInput
                implicitHeight: KoderTheme.minimumTargetSize * 3
            }
            Accessible.name: fieldItem.field.title
            Accessible.description: fieldItem.details
            Component.onCompleted: areaInput.text = root.textOf(fieldItem.name)
            onTextChanged: {
                if (fieldItem.areaField && root.textOf(fieldItem.name) !== areaInput.text)
                    root.setText(fieldItem.name, areaInput.text)
            }
            onCursorRectangleChanged: {
                if (areaInput.activeFocus)
                    root.reveal(areaInput, areaInput.cursorRectangle)
            }
            Keys.onPressed: (event) => root.handleMultilineKey(event)
        }

        Check {
            id: booleanInput
            objectName: "booleanInput"
            visible: fieldItem.kind === "boolean"
            text: fieldItem.field.title
            checked: root.valueOf(fieldItem.name) === true
            Accessible.description: fieldItem.details
            onToggled: root.setField(fieldItem.name, booleanInput.checked)
        }

        // One choice (radio buttons, and Other) or several (check boxes).
        Column {
            id: group
            objectName: "choices"
            // Whether one of the options (or Other) is chosen: the Tab stop is then that one.
            readonly property bool anyChosen: root.isOther(fieldItem.name)
                                              || fieldItem.field.options.some(
                                                  o => root.isChosen(fieldItem.name, o.value))
            // The Other field starts under the text of the Other option (a radio button, or a
            // check box where several may be chosen).
            readonly property real otherIndent: fieldItem.kind === "multiple"
                                                ? otherCheck.leftPadding
                                                  + otherCheck.indicator.implicitWidth
                                                  + otherCheck.spacing
                                                : otherOption.leftPadding
                                                  + otherOption.indicator.implicitWidth
                                                  + otherOption.spacing
            visible: fieldItem.kind === "single" || fieldItem.kind === "multiple"
            width: parent.width
            Accessible.role: Accessible.Grouping
            Accessible.name: fieldItem.field.title
            Accessible.description: fieldItem.details

            Repeater {
                model: fieldItem.kind === "single" ? fieldItem.field.options : []
                delegate: ChoiceRadio {
                    id: option
                    required property var modelData
                    required property int index
                    objectName: "option_" + option.index
                    text: option.modelData.label
                    checked: root.isChosen(fieldItem.name, option.modelData.value)
                    tabStop: option.checked || (!group.anyChosen && option.index === 0)
                    onChooseRequested: root.chooseOption(fieldItem.name, option.modelData.value)
                    Keys.onPressed: (event) => root._radioKey(event, group, option)
                }
            }
            Repeater {
                model: fieldItem.kind === "multiple" ? fieldItem.field.options : []
                delegate: Check {
                    id: box
                    required property var modelData
                    required property int index
                    objectName: "option_" + box.index
                    text: box.modelData.label
                    checked: root.isChosen(fieldItem.name, box.modelData.value)
                    onToggled: root.setOptionChecked(fieldItem.name, box.modelData.value,
                                                     box.checked)
                }
            }
            ChoiceRadio {
                id: otherOption
                objectName: "otherOption"
                visible: fieldItem.field.allowOther && fieldItem.kind === "single"
                text: qsTr("Other…")
                checked: root.isOther(fieldItem.name)
                tabStop: otherOption.checked
                onChooseRequested: root.chooseOther(fieldItem.name, otherInput.text)
                Accessible.description: qsTr("Type your own answer in the field that follows")
                Keys.onPressed: (event) => root._radioKey(event, group, otherOption)
            }
            Check {
                id: otherCheck
                objectName: "otherCheck"
                visible: fieldItem.field.allowOther && fieldItem.kind === "multiple"
                text: qsTr("Other…")
                checked: root.isOther(fieldItem.name)
                onToggled: root.setOtherChecked(fieldItem.name, otherCheck.checked,
                                                otherInput.text)
                Accessible.description: qsTr("Type your own answer in the field that follows")
            }
            TextField {
                id: otherInput
                objectName: "otherInput"
                visible: fieldItem.field.allowOther
                x: otherOption.mirrored ? 0 : group.otherIndent
                width: group.width - group.otherIndent
                placeholderText: qsTr("Your answer")
                background: FieldFrame {
                    objectName: "otherInputFrame"
                    control: otherInput
                }
                Accessible.name: qsTr("Other answer")
                Component.onCompleted: otherInput.text = root.otherText(fieldItem.name)
                // Typing here chooses Other.
                onTextEdited: root.chooseOther(fieldItem.name, otherInput.text)
                Keys.onPressed: (event) => root.handleFieldKey(event)
            }
        }
    }

    // Positioners and explicit widths, not layouts: the texts wrap, and a Qt 6.4 layout told
    // of a child's new height while it arranges keeps the old one (see Bubble).
    contentItem: Column {
        spacing: KoderTheme.spacing

        PlainLabel {
            objectName: "questionPosition"
            visible: root.positionText !== ""
            text: root.positionText
        }
        PlainLabel {
            id: questionText
            objectName: "questionText"
            text: root.input ? String(root.input.message ?? "") : ""
            font.bold: true
            Accessible.role: Accessible.StaticText
            Accessible.name: questionText.text
        }

        // The form; it scrolls when it needs more than maximumFormHeight (many options).
        Flickable {
            id: formFlickable
            objectName: "questionForm"
            width: parent.width
            height: Math.min(formColumn.implicitHeight, root.maximumFormHeight)
            visible: root.fields.length > 0
            contentWidth: width
            contentHeight: formColumn.implicitHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            interactive: contentHeight > height
            ScrollBar.vertical: ScrollBar {
                id: formScrollBar
                policy: formFlickable.interactive ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
            }

            Column {
                id: formColumn
                width: formFlickable.width
                       - (formFlickable.interactive ? formScrollBar.width : 0)
                spacing: KoderTheme.largeSpacing

                Repeater {
                    model: root.fields
                    delegate: FieldItem {}
                }
            }
        }

        PlainLabel {
            id: problemLabel
            objectName: "questionProblem"
            visible: !root.canSubmit && root.problemText !== ""
            text: root.problemText
            color: KoderTheme.errorColor(root.palette)
            Accessible.role: Accessible.StaticText
            Accessible.name: problemLabel.text
        }

        // The buttons take the template's commands; triggered from `clicked` (rather than
        // `action:`) so that code emitting a button's clicked() answers as a click does.
        Flow {
            width: parent.width
            spacing: KoderTheme.spacing
            Button {
                id: submitButton
                objectName: "submitButton"
                implicitWidth: Math.max(KoderTheme.minimumTargetSize,
                                        submitButton.implicitBackgroundWidth
                                        + submitButton.leftInset + submitButton.rightInset,
                                        submitButton.implicitContentWidth
                                        + submitButton.leftPadding + submitButton.rightPadding)
                implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                         submitButton.implicitBackgroundHeight
                                         + submitButton.topInset + submitButton.bottomInset,
                                         submitButton.implicitContentHeight
                                         + submitButton.topPadding + submitButton.bottomPadding)
                text: root.submitAction.text
                enabled: root.submitAction.enabled
                onClicked: root.submitAction.trigger()
                Accessible.name: submitButton.text
                Accessible.description: root.canSubmit ? qsTr("Sends your answer to the agent")
                                                       : root.problemText
                Keys.onPressed: (event) => root.handleSubmitKey(event)
            }
            Button {
                id: declineButton
                objectName: "declineButton"
                implicitWidth: Math.max(KoderTheme.minimumTargetSize,
                                        declineButton.implicitBackgroundWidth
                                        + declineButton.leftInset + declineButton.rightInset,
                                        declineButton.implicitContentWidth
                                        + declineButton.leftPadding + declineButton.rightPadding)
                implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                         declineButton.implicitBackgroundHeight
                                         + declineButton.topInset + declineButton.bottomInset,
                                         declineButton.implicitContentHeight
                                         + declineButton.topPadding
                                         + declineButton.bottomPadding)
                text: root.declineAction.text
                enabled: root.declineAction.enabled
                onClicked: root.declineAction.trigger()
                Accessible.name: declineButton.text
                Accessible.description: qsTr("Tells the agent you will not answer")
                Keys.onPressed: (event) => root.handleKey(event)
            }
        }
    }
}
