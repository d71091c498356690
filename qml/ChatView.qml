// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype ChatView
    \inqmlmodule Koder.Agent
    \inherits AbstractChatView
    \brief A ready chat surface bound to a controller: the messages, the permission prompt and
    the input.

    \snippet qml/tst_docexamples.qml chat-view

    ChatView is the module's look of \l AbstractChatView, which holds the properties, the
    answers to the bubbles' requests and the scrolling rule; everything documented there
    applies here.

    From top to bottom: the messages (a ListView of \l Bubble delegates over the template's
    \l {AbstractChatView::}{messages}: user and assistant messages, each tool call's result
    in its card, the tools the server ran for a reply, from the \c serverTools of its
    \c metadata, in theirs, and the summaries of compacted history as markers), the
    \l PermissionPrompt (visible only while a tool call waits for
    the user), the \l QuestionPrompt (visible only while the agent waits for the answer to a
    question: the \c ask_user tool, an MCP server's elicitation), the context bar and the
    \l Sender.

    Everything is bound to \l {AbstractChatView::}{controller}; the view holds no state of
    the conversation itself. An empty conversation shows
    \l {AbstractChatView::}{placeholderText} and the \l {AbstractChatView::}{suggestions}
    to start from, and \l {AbstractChatView::}{toolDelegates} gives an application's own
    tools their own cards. Under \c LayoutMirroring (which an application turns on for a
    right-to-left language) the whole view mirrors, the user's messages on the left; see
    \l {Components, Templates and Looks}.

    The messages answer their own buttons: Regenerate calls the controller's
    \c regenerate(), Edit opens a dialog and calls \c edit() with the new text, Branch calls
    \c branch() and emits \l {AbstractChatView::}{branched()}, the version switcher calls \c switchVersion().
    Links are passed on through \l {AbstractChatView::}{linkActivated()} and never opened
    by the view.

    \section2 The context budget

    While the controller knows its \c contextWindow, a row above the input shows a
    \l ContextMeter (how full the model's context is) and a \e Compact button, enabled
    when \l {AbstractChatView::}{canCompact}, which calls the controller's \c compact().
    While a compaction runs, the row says \e{Summarising earlier messages…} with a busy
    indicator. A compaction that fails, or that the controller refuses, says why in the
    row for a few seconds: \e{Not compacted: <the error's message>}. The summary arrives as
    a marker in the list, \e{Earlier messages summarised (N)}, which opens to show the summary and offers \e Undo (\c undoCompaction()). A
    reply the model's output limit cut off offers \e Continue when it is the last message
    (\c continueReply()). \l {AbstractChatView::}{showContextMeter} hides the meter and the
    button, for an application that shows them elsewhere.

    \section2 Scrolling

    The view stays pinned to the newest message while a reply streams or messages arrive. A
    gesture of the user unpins it at once (a reply that grows meanwhile does not pull the view
    back under the finger); where the gesture comes to rest decides: at the end, the view pins
    again; elsewhere, a \e{Jump to latest} button appears and brings it back. \l {AbstractChatView::}{pinned} says
    which. Delegates are reused as the list scrolls.

    \section2 Voice

    With a \l {AbstractChatView::}{dictation}, the \l Sender offers dictation (a
    microphone button) and a conversation mode, in which the view listens, sends what the
    user said, and listens again once the reply has been read aloud by
    \l {AbstractChatView::}{speech}; see \l {AbstractSender}'s Voice section.
    \l conversationMode, \l dictateAction, \l conversationAction and \l voiceStatus are
    the Sender's, here for an application's own controls. With a
    \l {AbstractChatView::}{speech}, each reply offers \e{Read aloud} (and \e{Stop
    reading} while it is read).

    \section2 Accessibility and keyboard

    The message list has the role \c List and the name \e Conversation; each message is a
    \l Bubble (role \c StaticText, named by its text; replies are live regions, see
    \l {Accessibility}). The \e{Jump to latest} button is named so. The context meter is a
    \c ProgressBar named \e{Context: about 8,200 of 10,000 tokens (82%)}, the Compact button
    \e{Compact the conversation}, and the busy indicator of a compaction \e{Summarising
    earlier messages}; a compaction's failure is an \c AlertMessage named by its text. The
    edit dialog is titled \e{Edit message} and its text area is named \e{Message text}.

    Tab goes to the message list, where the current message shows a ring, then through the
    buttons of that message only (the Up and Down arrow keys choose the message, and no button
    of a message out of sight is a Tab stop), then the permission prompt's and the question
    prompt's controls (while they show), then \e Compact (while the context bar shows it),
    then the \l Sender: the buttons of queued messages
    and attached files, Attach, the input, the microphone and conversation buttons (with a
    dictation) and the Send / Stop button. In the input, Tab and Shift+Tab move on (they type no tab
    character) and Escape stops a reply that streams. When the focused button goes away
    (Regenerate while the new reply streams, a version arrow at the first or last version, a
    row made anew by a version switch), the focus stays on that message: on the same button
    when it can still be pressed, on the other version arrow, or on the message itself. When
    a tool call needs the user, the permission
    prompt takes the keyboard focus (unless the user is typing a message that the controller's
    \c busyPolicy would accept while the turn runs) and gives it back to the input when it is
    decided. The question prompt does the same when the agent asks the user something, and
    gives the focus back once the question is answered, declined or cancelled (Escape). The
    edit dialog takes the focus when it opens; in its text area Enter (or OK)
    saves the edit, Shift+Enter breaks the line, Tab and Shift+Tab move to the buttons, and
    Cancel or Escape discards it; the focus then goes back to the input.

    \sa AbstractChatView, Bubble, Sender, PermissionPrompt, QuestionPrompt, {Accessibility}
*/
AbstractChatView {
    id: chatView

    /*!
        \qmlproperty ListView ChatView::listView
        \readonly

        The list of messages (object name \c messageList), for scrolling it from outside or
        finding its delegates in tests.
    */
    listView: list
    inputItem: sender.inputItem

    /*!
        \qmlproperty bool ChatView::conversationMode

        Whether the input holds a spoken conversation: the Sender's
        \l {AbstractSender::conversationMode}{conversationMode}. Default false.
    */
    property alias conversationMode: sender.conversationMode
    /*!
        \qmlproperty Action ChatView::dictateAction
        \readonly

        The Sender's \l {AbstractSender::dictateAction}{dictateAction}: starts and stops
        dictation.
    */
    readonly property alias dictateAction: sender.dictateAction
    /*!
        \qmlproperty Action ChatView::conversationAction
        \readonly

        The Sender's \l {AbstractSender::conversationAction}{conversationAction}: turns
        conversation mode on and off.
    */
    readonly property alias conversationAction: sender.conversationAction
    /*!
        \qmlproperty string ChatView::voiceStatus
        \readonly

        The Sender's \l {AbstractSender::voiceStatus}{voiceStatus}: \e{Listening…},
        \e{Transcribing…} or empty.
    */
    readonly property alias voiceStatus: sender.voiceStatus

    implicitWidth: 480
    implicitHeight: 640

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ListView {
            id: list
            objectName: "messageList"

            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            reuseItems: true
            activeFocusOnTab: true
            focus: true
            model: chatView.messages
            spacing: KoderTheme.smallSpacing / 2
            boundsBehavior: Flickable.StopAtBounds
            keyNavigationEnabled: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversation")
            ScrollBar.vertical: ScrollBar {}

            // Tabbing into the list lands on a message the user can see: the newest while the
            // view follows it, else the one in the middle of the view.
            onActiveFocusChanged: {
                if (!activeFocus || count === 0)
                    return
                const item = currentItem
                const seen = item && item.y + item.height > contentY && item.y < contentY + height
                if (!seen)
                    currentIndex = chatView.pinned ? count - 1
                                                   : Math.max(0, indexAt(width / 2, contentY + height / 2))
            }

            delegate: Bubble {
                id: bubble
                // The model's roles, injected by name (a Bubble has a default for each).
                required property int index
                required messageId
                required role
                required text
                required reasoning
                required streaming
                required aborted
                required errorText
                required toolCalls
                required toolName
                required isError
                required denied
                required versionIndex
                required versionCount
                required usage
                required finishReason
                // The row's metadata: the tools the server ran for a reply are in it.
                required property var metadata
                serverTools: metadata && Array.isArray(metadata.serverTools) ? metadata.serverTools : []
                // A summary's metadata says how many rows it stands for.
                summarizedCount: metadata && typeof metadata.rows === "number" ? metadata.rows : 0
                // Only the last reply can be continued.
                latest: index === list.count - 1
                width: ListView.view.width
                // The Markdown body reads the streaming reply from the model itself.
                sourceModel: chatView.messages
                sourceRow: index
                controller: chatView.controller
                speech: chatView.speech
                toolDelegates: chatView.toolDelegates
                alwaysShowActions: ListView.isCurrentItem && list.activeFocus
                actionsInTabChain: ListView.isCurrentItem
                // The keyboard in a message makes it the current one; when the focused button
                // goes (Regenerate hides while the new reply streams, a version switch
                // replaces the row), the focus stays on this row of the list, not nowhere.
                onFocusWithinChanged: {
                    if (focusWithin) {
                        list.currentIndex = bubble.index
                        chatView._noteFocus(bubble)
                    } else {
                        keepFocusInList.restart()
                    }
                }
                Connections {
                    target: bubble.Window
                    enabled: bubble.focusWithin
                    function onActiveFocusItemChanged() {
                        chatView._noteFocus(bubble)
                    }
                }
                onVersionRequested: (id, index) => chatView.switchVersion(id, index)
                onLinkActivated: (url) => chatView.linkActivated(url)
                onRegenerateRequested: (id) => chatView.regenerate(id)
                onEditRequested: (id, text) => editDialog.open(id, text)
                onBranchRequested: (id) => chatView.branch(id)
                onContinueRequested: (id) => chatView.continueReply(id)
                // The marker goes with its Undo button: the keyboard stays in the list, on
                // the message that takes its place.
                onUndoCompactionRequested: (id) => {
                    if (bubble.focusWithin)
                        bubble.forceActiveFocus(Qt.OtherFocusReason)
                    chatView.undoCompaction(id)
                }
            }

            // An empty conversation: a line and the suggestions to start from.
            ColumnLayout {
                objectName: "emptyState"
                anchors.centerIn: parent
                width: Math.min(parent.width - 2 * KoderTheme.largeSpacing, KoderTheme.readableWidth)
                visible: chatView.empty
                spacing: KoderTheme.spacing

                Label {
                    objectName: "placeholder"
                    Layout.fillWidth: true
                    visible: text !== ""
                    horizontalAlignment: Text.AlignHCenter
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    font.pixelSize: Math.round(KoderTheme.gridUnit * 1.3)
                    text: chatView.placeholderText
                }
                Flow {
                    Layout.fillWidth: true
                    spacing: KoderTheme.smallSpacing
                    Repeater {
                        objectName: "suggestions"
                        model: chatView.suggestions
                        Button {
                            required property string modelData
                            text: modelData
                            flat: false
                            Accessible.name: modelData
                            onClicked: chatView.sendSuggestion(modelData)
                        }
                    }
                }
            }

            RoundButton {
                objectName: "jumpToLatest"
                anchors.right: parent.right
                anchors.bottom: parent.bottom
                anchors.margins: KoderTheme.largeSpacing
                visible: !chatView.pinned
                text: qsTr("Jump to latest")
                Accessible.name: text
                onClicked: chatView.jumpToLatest()
            }
        }

        PermissionPrompt {
            id: prompt
            objectName: "permissionPrompt"
            controller: chatView.controller
            // A question that waits too gets the focus next (the input is off until it is
            // answered).
            focusReturn: questionPrompt.visible ? questionPrompt : sender.inputItem
            // Someone typing while a reply runs (a busy policy that takes it) keeps the focus;
            // the approval is still announced.
            takesFocus: !sender.sendsWhileBusy || sender.text.length === 0
            Layout.fillWidth: true
            Layout.margins: KoderTheme.spacing
            // Never so tall that it pushes the input out of the view: its calls scroll within
            // a third of what is left above the input and the context bar (the rest is for
            // the prompt's choices and buttons and a few lines of the conversation, with text
            // twice as large too), and never more than the template's 45 % of the window.
            // (Not measured from the prompt's own height: that would feed back into its
            // layout.)
            maximumCallsHeight: Math.max(KoderTheme.gridUnit * 3, Math.min(
                (chatView.Window.height > 0 ? chatView.Window.height : 640) * 0.45,
                (chatView.height - sender.implicitHeight - chatView._contextBarHeight) * 0.35))
        }

        QuestionPrompt {
            id: questionPrompt
            objectName: "questionPrompt"
            controller: chatView.controller
            // The approvals come first: while a tool call waits too, the permission prompt
            // keeps the focus and hands it here once decided.
            focusReturn: prompt.visible ? prompt : sender.inputItem
            // As the permission prompt: someone typing a message the busy policy takes keeps
            // the focus, and the form never pushes the input out of the view.
            takesFocus: (!sender.sendsWhileBusy || sender.text.length === 0) && !prompt.visible
            Layout.fillWidth: true
            Layout.margins: KoderTheme.spacing
            maximumFormHeight: Math.max(KoderTheme.gridUnit * 3, Math.min(
                (chatView.Window.height > 0 ? chatView.Window.height : 640) * 0.45,
                (chatView.height - sender.implicitHeight - chatView._contextBarHeight) * 0.35))
        }

        // How full the model's context is, and Compact, above the input; while a compaction
        // runs, a note that says so. A row of its own: it never covers the messages or the
        // input, and takes no room while there is nothing to show.
        RowLayout {
            id: contextBar
            objectName: "contextBar"
            readonly property bool compacting: chatView.controller !== null
                                               && chatView.controller.compacting
            // Not the meter's own visible: that is false while this row is hidden.
            readonly property bool meterShown: chatView.showContextMeter && meter.contextWindow > 0
            // Why the last compaction failed or was refused, for a few seconds; "" none.
            property string compactionError: ""
            readonly property bool errorShown: compactionError !== "" && !compacting
            visible: meterShown || compacting || errorShown
            Layout.fillWidth: true
            Layout.leftMargin: KoderTheme.spacing
            Layout.rightMargin: KoderTheme.spacing
            Layout.topMargin: KoderTheme.smallSpacing
            spacing: KoderTheme.spacing

            BusyIndicator {
                objectName: "compactingIndicator"
                visible: contextBar.compacting
                running: visible
                implicitWidth: KoderTheme.minimumTargetSize
                implicitHeight: KoderTheme.minimumTargetSize
                Accessible.name: qsTr("Summarising earlier messages")
            }
            Label {
                objectName: "compactingLabel"
                visible: contextBar.compacting
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: qsTr("Summarising earlier messages\u2026")
                elide: Text.ElideRight
                font.italic: !chatView.LayoutMirroring.enabled // no italics in right-to-left scripts
                color: chatView.palette.windowText
                Accessible.ignored: true // the indicator is named so
            }
            Label {
                id: compactionErrorLabel
                objectName: "compactionError"
                visible: contextBar.errorShown
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: qsTr("Not compacted: %1").arg(contextBar.compactionError)
                elide: Text.ElideRight
                color: KoderTheme.errorColor(chatView.palette)
                // Shown (and so said, as an alert) when it comes; the whole of it on hover.
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
                HoverHandler { id: compactionErrorHover }
                ToolTip.visible: compactionErrorHover.hovered && compactionErrorLabel.truncated
                ToolTip.text: text
            }
            Item {
                visible: !contextBar.compacting && !contextBar.errorShown
                Layout.fillWidth: true
            }
            ContextMeter {
                id: meter
                objectName: "contextMeter"
                controller: chatView.controller
                visible: contextBar.meterShown
            }
            Button {
                id: compactButton
                objectName: "compactButton"
                visible: contextBar.meterShown
                enabled: chatView.canCompact
                text: qsTr("Compact")
                flat: true
                // Qt 6.4's styles draw a disabled button like an enabled one: dimmed, it does
                // not look pressable.
                opacity: enabled ? 1 : 0.4
                Accessible.name: qsTr("Compact the conversation")
                Accessible.description: qsTr("Summarises the earlier messages to free the model's context")
                ToolTip.visible: hovered || visualFocus
                ToolTip.text: Accessible.description
                ToolTip.delay: 500
                onClicked: {
                    const fromKeyboard = compactButton.activeFocus
                    // The button turns disabled while it runs: the keys go back to the input.
                    if (chatView.compact() && fromKeyboard)
                        chatView.focusInput()
                }
            }

            function showCompactionError(message: string) {
                contextBar.compactionError = message
                compactionErrorTimer.restart()
            }
            Timer {
                id: compactionErrorTimer
                interval: 8000
                onTriggered: contextBar.compactionError = ""
            }
            // A compaction that failed, or one the controller refused, says why.
            Connections {
                target: chatView.controller
                function onCompactionFinished(summaryMessageId: string, error: var) {
                    if (error)
                        contextBar.showCompactionError(error.message || error.code || "")
                    else
                        contextBar.compactionError = ""
                }
                function onRejected(action: string, reason: string) {
                    if (action === "compact")
                        contextBar.showCompactionError(reason)
                }
                function onCompactingChanged() {
                    if (chatView.controller.compacting)
                        contextBar.compactionError = ""
                }
            }
        }

        Sender {
            id: sender
            objectName: "sender"
            controller: chatView.controller
            speech: chatView.speech
            dictation: chatView.dictation
            Layout.fillWidth: true
        }
    }

    // The room the context bar takes above the input while it shows (the prompts' caps leave
    // it out).
    readonly property real _contextBarHeight: contextBar.visible
                                              ? contextBar.implicitHeight + contextBar.Layout.topMargin : 0

    // After the focus left a message, once the view has settled: see _keepFocusInList().
    Timer {
        id: keepFocusInList
        interval: 0
        onTriggered: chatView._keepFocusInList()
    }

    // The control of a message that had the keyboard focus last, its object name and its row.
    property Item _focusedItem: null
    property string _focusedControl: ""
    property int _focusedRow: -1
    // Where the focus goes when the control that had it is disabled: its twin.
    readonly property var _focusFallbacks: ({ previousVersion: "nextVersion",
                                              nextVersion: "previousVersion" })

    function _noteFocus(bubble) {
        const item = bubble.Window.activeFocusItem
        if (!item || item === bubble)
            return
        chatView._focusedItem = item
        chatView._focusedControl = item.objectName
        chatView._focusedRow = bubble.index
    }
    function _isInside(item, ancestor) {
        for (let i = item; i; i = i.parent) {
            if (i === ancestor)
                return true
        }
        return false
    }

    // Called after the focus left a message. When the control that had it is gone (hidden,
    // disabled, or its row made anew by a version switch) and the focus went nowhere that the
    // user chose, it goes to the same control of that row when it can take it (or to its twin,
    // the other version arrow), else to the row itself, whose ring shows it.
    function _keepFocusInList() {
        const window = chatView.Window.window
        const focused = chatView.Window.activeFocusItem
        const control = chatView._focusedItem
        const row = chatView._focusedRow
        const rowItem = row >= 0 && row < list.count ? list.itemAtIndex(row) : null
        if (!window || control && control.visible && control.enabled
                       && rowItem && chatView._isInside(control, rowItem))
            return // it still could have the focus: the user moved it on
        const wentNowhere = focused === null || focused === window.contentItem
                            || focused === chatView || focused === list
                            || chatView._isInside(focused, list.contentItem)
                            || !focused.visible || !focused.enabled
        if (!wentNowhere)
            return
        if (rowItem)
            list.currentIndex = row
        const names = [chatView._focusedControl, chatView._focusFallbacks[chatView._focusedControl]]
        for (const name of names) {
            const candidate = name ? chatView._findShown(rowItem, name) : null
            if (candidate && candidate.enabled && candidate.focusPolicy !== Qt.NoFocus) {
                candidate.forceActiveFocus(Qt.TabFocusReason)
                chatView._noteFocus(rowItem)
                return
            }
        }
        list.forceActiveFocus(Qt.OtherFocusReason)
    }
    function _findShown(item, name) {
        if (!item || !item.visible)
            return null
        if (item.objectName === name)
            return item
        for (let i = 0; i < item.children.length; ++i) {
            const found = chatView._findShown(item.children[i], name)
            if (found)
                return found
        }
        return null
    }

    Dialog {
        id: editDialog
        objectName: "editDialog"
        property string messageId
        function open(id, text) {
            editDialog.messageId = id
            editText.text = text
            editText.cursorPosition = editText.length
            editDialog.visible = true
            editText.forceActiveFocus()
        }
        anchors.centerIn: parent
        // As wide as a readable line, never wider than the view; as high as the text needs,
        // up to most of the view (then it scrolls).
        width: Math.min(KoderTheme.readableWidth + 2 * KoderTheme.largeSpacing,
                        chatView.width - 2 * KoderTheme.spacing)
        modal: true
        title: qsTr("Edit message")
        standardButtons: Dialog.Ok | Dialog.Cancel
        ScrollView {
            id: editScroll
            anchors.fill: parent
            implicitHeight: Math.min(editText.implicitHeight,
                                     chatView.height * 0.6 - editDialog.implicitHeaderHeight
                                     - editDialog.implicitFooterHeight)
            TextArea {
                id: editText
                objectName: "editText"
                textFormat: TextEdit.PlainText
                wrapMode: TextArea.Wrap
                Accessible.name: qsTr("Message text")
                background: Rectangle {
                    color: editText.palette.base
                    radius: KoderTheme.smallRadius
                    border.width: editText.activeFocus ? 2 : 1
                    border.color: editText.activeFocus ? KoderTheme.focusColor(editText.palette)
                                                       : KoderTheme.outlineColor(editText.palette)
                }
                // The Sender's rules: Enter saves, Shift+Enter breaks the line, Tab and
                // Shift+Tab move to the buttons (a tab character is never what the user wants).
                Keys.onPressed: (event) => {
                    if (event.key === Qt.Key_Tab || event.key === Qt.Key_Backtab) {
                        const forward = event.key === Qt.Key_Tab
                                        && !(event.modifiers & Qt.ShiftModifier)
                        const next = editText.nextItemInFocusChain(forward)
                        if (next)
                            next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
                        event.accepted = true
                    } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                               && !(event.modifiers & Qt.ShiftModifier)) {
                        event.accepted = true
                        editDialog.accept()
                    }
                }
            }
        }
        onAccepted: chatView.edit(editDialog.messageId, editText.text)
        // The message's own buttons are gone or busy once the edit is answered: the keyboard
        // goes back to the input.
        onClosed: chatView.focusInput()
    }
}
