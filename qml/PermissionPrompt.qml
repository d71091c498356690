// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype PermissionPrompt
    \inqmlmodule Koder.Agent
    \inherits AbstractPermissionPrompt
    \brief Asks the user about the pending tool calls of a step: each tool, what it does, its
    arguments, whether it only reads or also writes; Approve or Deny (with an optional reason),
    for how long (only this time, for this conversation, always), with the arguments edited
    first if the user wants. Several calls are listed, each with its own Approve and Deny, and
    "Approve all" / "Deny all" decide them at once.

    PermissionPrompt is the default look of \l AbstractPermissionPrompt, which holds all of
    its behaviour: its properties, commands, keys, focus handling and state are documented
    there. The look draws it with the palette and KoderTheme: a frame in the
    highlight colour on the base colour, a row per call, the scope choice, the reason field
    and the buttons, bound to the template's actions. The radio buttons, the reason field and
    the arguments editor are outlined in KoderTheme.outlineColor() and, while focused, in
    KoderTheme.focusColor() (both at 3:1 or more on light and dark palettes); why edited
    arguments cannot be approved is shown in KoderTheme.errorColor(); the buttons are at least
    KoderTheme.minimumTargetSize square. For another look, write your own on
    \l AbstractPermissionPrompt.

    Names, descriptions and arguments come from the model and the app and are shown as plain
    text. Edited arguments are checked against the tool's \c parameters schema as they are
    typed (KoderAgentController::checkToolArguments): while they do not fit, Approve is off and
    the reason is shown.

    The prompt is visible only while \l {AbstractPermissionPrompt::controller}{controller} has
    a pending tool call; deciding the last one hides it. \l ChatView places one between its
    messages and its \l Sender; on its own:

    \snippet qml/tst_docexamples.qml permission-prompt

    \section2 Keyboard and focus

    When the prompt appears it takes the keyboard focus (unless
    \l {AbstractPermissionPrompt::takesFocus}{takesFocus} is false), so the user can decide at
    once. Tab then moves through its controls: per call the \e{Edit arguments} button (and the
    editor, while editing) and, when several calls wait, its Approve and Deny buttons; then the
    three scope choices, the reason field, and Approve and Deny (or Approve all and Deny all).
    Space presses the focused button; Enter or Return on an Approve or Approve all button
    approves, and on no other control, so a stray Enter never approves (in the reason field it
    does nothing). Escape denies (all of them when several wait), except in the arguments
    editor, where it discards the edit. In the arguments editor Enter and Return add a line,
    Tab and Shift+Tab move to the next and the previous control (they type no tab), and
    Ctrl+Enter or Ctrl+Return approves that call with the edited arguments, once they fit the
    tool. Each new prompt starts at \e{Only this time}, whatever was chosen last. When
    the last call is decided and the prompt hides while it had the focus, the focus goes to
    \l {AbstractPermissionPrompt::focusReturn}{focusReturn} (ChatView sets the Sender's input).

    \section2 Accessibility

    \list
    \li The prompt has the role \c AlertMessage. Its name is \e{The tool <name> wants to
        run} (one call) or \e{N tools want to run}; its description \e{It only reads.},
        \e{It can change things.} or \e{Approve or deny each call, or all of them.}
    \li Each call is a \c Grouping named by its tool. In it: the arguments (\c StaticText,
        \e{Arguments: <JSON>}), a line saying whether the tool only reads or can change
        things, the \e{Edit arguments} / \e{Keep the model's arguments} button (described
        \e{Change the arguments before approving} / \e{Discards your changes to the
        arguments}), the editor (\e{Arguments (JSON)}, described \e{Edited arguments must be a
        JSON object that fits the tool}) and, when the edit does not fit, \e{Cannot approve:
        <reason>} (\c StaticText). With several calls, each has \e{Approve <name>} and
        \e{Deny <name>} buttons, described \e{Runs the tool} and \e{Tells the model the tool
        was not run}.
    \li The scope is a \c Grouping named \e{How long the approval holds} with three radio
        buttons: \e{Only this time}, \e{For this conversation}, \e Always.
    \li The reason field is named \e{Reason for denying}.
    \li The buttons are named \e Approve, \e Deny, \e{Approve all} and \e{Deny all}, each
        described by what it does (\e{Runs the tool}, \e{Tells the model the tool was not
        run}, \e{Runs every tool listed}, \e{Tells the model none of the tools was run}).
    \endlist

    A screen reader hears the prompt when it takes the focus; the controller also makes an
    assertive \e{A tool call needs your approval} announcement (heard on Qt 6.8 and later,
    see \l {Accessibility}).

    An edit in progress belongs to its call (by id): it stays while other calls are decided, and
    "Approve all" passes every call's edited arguments. The calls scroll when they need more
    height than \l {AbstractPermissionPrompt::maximumCallsHeight}{maximumCallsHeight} (long
    arguments, many calls); a control reached with Tab, and the editor's cursor, are scrolled
    into view.

    Object names for tests and automation: \c promptTitle, \c promptDescription,
    \c promptArguments, \c editArgumentsButton, \c argumentsEditor, \c argumentsError (inside
    each call's row, named \c call_0, \c call_1, ... in the order of the calls), \c promptCalls
    (the scrolling area of the rows), \c scopeChoice (with \c scope_once, \c scope_conversation,
    \c scope_always), \c denyReason, \c approveButton and \c denyButton (one call),
    \c approveCallButton and \c denyCallButton (in each row, several calls), \c promptHeading,
    \c approveAllButton and \c denyAllButton (several calls).

    \sa AbstractPermissionPrompt, ChatView, {Tools and Permissions}, {Accessibility}
*/
AbstractPermissionPrompt {
    id: root

    reasonItem: reasonField
    callsView: callsFlickable
    padding: KoderTheme.largeSpacing

    background: Rectangle {
        objectName: "promptBackground"
        color: root.palette.base
        border.color: root.palette.highlight
        border.width: 2
        radius: KoderTheme.smallRadius
    }

    component CallRow: ColumnLayout {
        id: row

        required property string callId
        required property int index
        readonly property var call: root.callById(row.callId)
        readonly property string toolName: row.call ? row.call.name : ""
        readonly property string originalText: row.call ? root.argumentsText(row.call.arguments)
                                                        : ""
        readonly property bool editing: root.isEditing(row.callId)
        readonly property string editedText: row.editing ? root.drafts[row.callId]
                                                         : row.originalText
        // Why the edited arguments cannot be approved, or "".
        readonly property string problem: root.problemOf(row.callId)

        // The editor starts from the draft: the model's arguments, or an edit kept.
        onEditingChanged: {
            if (row.editing)
                editor.text = row.editedText
        }
        Component.onCompleted: {
            if (row.editing)
                editor.text = row.editedText
        }

        objectName: "call_" + row.index
        spacing: KoderTheme.spacing
        Layout.fillWidth: true
        Accessible.role: Accessible.Grouping
        Accessible.name: row.toolName

        Rectangle { // between the calls
            visible: row.index > 0
            implicitHeight: 1
            color: root.palette.mid
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptTitle"
            textFormat: Text.PlainText
            text: root.calls.length > 1 ? row.toolName
                                        : qsTr("Allow the tool \"%1\" to run?").arg(row.toolName)
            font.bold: true
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            objectName: "promptDescription"
            visible: text !== ""
            textFormat: Text.PlainText
            text: root.callDescription(row.callId)
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            text: row.call && row.call.readOnly ? qsTr("Read-only: it changes nothing.")
                                                : qsTr("Writing: it can change things.")
            color: root.palette.text
            font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        Label {
            id: argumentsLabel
            objectName: "promptArguments"
            visible: !row.editing
            textFormat: Text.PlainText
            text: row.originalText
            font.family: KoderTheme.monospaceFont.family
            wrapMode: Text.WrapAnywhere
            color: root.palette.text
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Arguments: %1").arg(argumentsLabel.text)
        }
        Button {
            id: editButton
            objectName: "editArgumentsButton"
            text: row.editing ? qsTr("Keep the model's arguments") : qsTr("Edit arguments")
            Layout.minimumWidth: KoderTheme.minimumTargetSize
            Layout.minimumHeight: KoderTheme.minimumTargetSize
            Accessible.name: editButton.text
            Accessible.description: row.editing
                                    ? qsTr("Discards your changes to the arguments")
                                    : qsTr("Change the arguments before approving")
            onClicked: {
                if (row.editing) {
                    root.setDraft(row.callId, null)
                } else {
                    root.setDraft(row.callId, undefined)
                    editor.forceActiveFocus()
                }
            }
        }
        TextArea {
            id: editor
            objectName: "argumentsEditor"
            visible: row.editing
            textFormat: TextEdit.PlainText
            font.family: KoderTheme.monospaceFont.family
            wrapMode: TextEdit.WrapAnywhere
            selectByMouse: true
            Layout.fillWidth: true
            background: Rectangle {
                objectName: "argumentsEditorFrame"
                implicitWidth: KoderTheme.gridUnit * 10
                implicitHeight: KoderTheme.minimumTargetSize
                color: root.palette.base
                radius: KoderTheme.smallSpacing
                border.width: editor.activeFocus ? 2 : 1
                border.color: editor.activeFocus ? KoderTheme.focusColor(root.palette)
                                                 : KoderTheme.outlineColor(root.palette)
            }
            Accessible.name: qsTr("Arguments (JSON)")
            Accessible.description: qsTr("Edited arguments must be a JSON object that fits the tool")
            onTextChanged: {
                if (row.editing && editor.text !== root.drafts[row.callId])
                    root.setDraft(row.callId, editor.text)
            }
            onCursorRectangleChanged: {
                if (editor.activeFocus)
                    root.reveal(editor, editor.cursorRectangle)
            }
            Keys.onPressed: (event) => root.handleEditorKey(event, row.callId)
        }
        Label {
            id: errorLabel
            objectName: "argumentsError"
            visible: row.problem !== ""
            textFormat: Text.PlainText
            text: qsTr("Cannot approve: %1").arg(row.problem)
            color: KoderTheme.errorColor(root.palette)
            font.bold: true
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.StaticText
            Accessible.name: errorLabel.text
        }
        RowLayout {
            visible: root.calls.length > 1
            spacing: KoderTheme.spacing
            Button {
                objectName: "approveCallButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: qsTr("Approve")
                enabled: row.problem === ""
                Accessible.name: qsTr("Approve %1").arg(row.toolName)
                Accessible.description: qsTr("Runs the tool")
                onClicked: root.approve(row.callId)
                Keys.onPressed: (event) => root.handleApproveKey(event, row.callId)
            }
            Button {
                objectName: "denyCallButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: qsTr("Deny")
                Accessible.name: qsTr("Deny %1").arg(row.toolName)
                Accessible.description: qsTr("Tells the model the tool was not run")
                onClicked: root.deny(row.callId)
            }
        }
    }

    contentItem: ColumnLayout {
        spacing: KoderTheme.spacing

        Label {
            objectName: "promptHeading"
            visible: root.calls.length > 1
            textFormat: Text.PlainText
            text: qsTr("%n tools want to run", "", root.calls.length)
            font.bold: true
            color: root.palette.text
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        // The calls; they scroll when they need more than maximumCallsHeight.
        Flickable {
            id: callsFlickable
            objectName: "promptCalls"
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(callsColumn.implicitHeight, root.maximumCallsHeight)
            // Where the prompt gets less than it asks (a short view, large text), the calls
            // give up their room first and scroll; the choices and buttons stay in sight.

            contentWidth: width
            contentHeight: callsColumn.implicitHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            interactive: contentHeight > height
            ScrollBar.vertical: ScrollBar {
                id: callsScrollBar
                policy: callsFlickable.interactive ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
            }

            ColumnLayout {
                id: callsColumn
                width: callsFlickable.width
                       - (callsFlickable.interactive ? callsScrollBar.width : 0)
                spacing: KoderTheme.largeSpacing

                Repeater {
                    model: root.callRows
                    delegate: CallRow {}
                }
            }
        }

        // How long an approval holds: three radio buttons (one keystroke each, all in sight).
        Flow {
            objectName: "scopeChoice"
            spacing: KoderTheme.spacing
            Layout.fillWidth: true
            Accessible.role: Accessible.Grouping
            Accessible.name: qsTr("How long the approval holds")
            Label {
                id: scopeLabel
                textFormat: Text.PlainText
                text: qsTr("Allow")
                color: root.palette.text
                verticalAlignment: Text.AlignVCenter // as high as the buttons (below)
            }
            Repeater {
                model: [
                    { value: "once", text: qsTr("Only this time") },
                    { value: "conversation", text: qsTr("For this conversation") },
                    { value: "always", text: qsTr("Always") }
                ]
                delegate: RadioButton {
                    id: scopeButton
                    required property var modelData
                    objectName: "scope_" + scopeButton.modelData.value
                    text: scopeButton.modelData.text
                    checked: root.scope === scopeButton.modelData.value
                    implicitWidth: Math.max(KoderTheme.minimumTargetSize,
                                            scopeButton.implicitContentWidth
                                            + scopeButton.leftPadding + scopeButton.rightPadding)
                    implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                             scopeButton.implicitContentHeight
                                             + scopeButton.topPadding + scopeButton.bottomPadding,
                                             scopeButton.implicitIndicatorHeight
                                             + scopeButton.topPadding + scopeButton.bottomPadding)
                    // A ring in the outline colour (the styles' is faint on dark palettes), in
                    // the focus colour and thicker while focused by the keyboard.
                    indicator: Rectangle {
                        objectName: "scopeIndicator"
                        implicitWidth: Math.max(16, Math.round(KoderTheme.gridUnit * 1.1))
                        implicitHeight: implicitWidth
                        x: scopeButton.text
                           ? (scopeButton.mirrored
                              ? scopeButton.width - width - scopeButton.rightPadding
                              : scopeButton.leftPadding)
                           : scopeButton.leftPadding + (scopeButton.availableWidth - width) / 2
                        y: scopeButton.topPadding + (scopeButton.availableHeight - height) / 2
                        radius: width / 2
                        color: root.palette.base
                        border.width: scopeButton.visualFocus ? 2 : 1
                        border.color: scopeButton.visualFocus ? KoderTheme.focusColor(root.palette)
                                                              : KoderTheme.outlineColor(root.palette)
                        Rectangle {
                            objectName: "scopeDot"
                            anchors.centerIn: parent
                            width: Math.round(parent.width / 2)
                            height: width
                            radius: width / 2
                            visible: scopeButton.checked
                            color: root.palette.text
                        }
                    }
                    Accessible.name: scopeButton.text
                    onToggled: root.scope = scopeButton.modelData.value
                }
                onItemAdded: (index, item) => {
                    if (index === 0)
                        scopeLabel.height = Qt.binding(() => item.height)
                }
            }
        }
        TextField {
            id: reasonField
            objectName: "denyReason"
            placeholderText: qsTr("Reason for denying (optional)")
            Accessible.name: qsTr("Reason for denying")
            Layout.fillWidth: true
            background: Rectangle {
                objectName: "denyReasonFrame"
                implicitWidth: KoderTheme.gridUnit * 10
                implicitHeight: KoderTheme.minimumTargetSize
                color: root.palette.base
                radius: KoderTheme.smallSpacing
                border.width: reasonField.activeFocus ? 2 : 1
                border.color: reasonField.activeFocus ? KoderTheme.focusColor(root.palette)
                                                      : KoderTheme.outlineColor(root.palette)
            }
            Keys.onPressed: (event) => root.handleKey(event)
        }
        // The buttons take the template's commands; triggered from `clicked` (rather than
        // `action:`) so that code emitting a button's clicked() decides as a click does.
        RowLayout {
            visible: root.calls.length === 1
            spacing: KoderTheme.spacing
            Button {
                id: approveButton
                objectName: "approveButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: root.approveAction.text
                enabled: root.approveAction.enabled
                onClicked: root.approveAction.trigger()
                Accessible.name: approveButton.text
                Accessible.description: qsTr("Runs the tool")
                Keys.onPressed: (event) => root.handleApproveKey(event)
            }
            Button {
                id: denyButton
                objectName: "denyButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: root.denyAction.text
                enabled: root.denyAction.enabled
                onClicked: root.denyAction.trigger()
                Accessible.name: denyButton.text
                Accessible.description: qsTr("Tells the model the tool was not run")
                Keys.onPressed: (event) => root.handleKey(event)
            }
        }
        RowLayout {
            visible: root.calls.length > 1
            spacing: KoderTheme.spacing
            Button {
                id: approveAllButton
                objectName: "approveAllButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: root.approveAllAction.text
                enabled: root.approveAllAction.enabled
                onClicked: root.approveAllAction.trigger()
                Accessible.name: approveAllButton.text
                Accessible.description: qsTr("Runs every tool listed")
                Keys.onPressed: (event) => root.handleApproveKey(event)
            }
            Button {
                id: denyAllButton
                objectName: "denyAllButton"
                Layout.minimumWidth: KoderTheme.minimumTargetSize
                Layout.minimumHeight: KoderTheme.minimumTargetSize
                text: root.denyAllAction.text
                enabled: root.denyAllAction.enabled
                onClicked: root.denyAllAction.trigger()
                Accessible.name: denyAllButton.text
                Accessible.description: qsTr("Tells the model none of the tools was run")
                Keys.onPressed: (event) => root.handleKey(event)
            }
        }
    }
}
