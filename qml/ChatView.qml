// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype ChatView
    \inqmlmodule Koder.Agent
    \brief A ready chat surface bound to a controller: the messages, the permission prompt and
    the input.

    \snippet qml/tst_docexamples.qml chat-view

    From top to bottom: the messages (a ListView of \l Bubble delegates over a
    KoderVisibleMessages of the controller's \c messages: user and assistant messages and
    tool results, no system messages or checkpoints), the \l PermissionPrompt (visible only
    while a tool call waits for the user) and the \l Sender. Everything is bound to
    \l controller; the view holds no state of the conversation itself. An empty conversation
    shows \l placeholderText and the \l suggestions to start from.

    The messages answer their own buttons: Regenerate calls the controller's
    \c regenerate(), Edit opens a dialog and calls \c edit() with the new text, Branch calls
    \c branch() and emits \l branched(), the version switcher calls \c switchVersion().
    Links are passed on through \l linkActivated() and never opened by the view.

    \section2 Scrolling

    The view stays pinned to the newest message while a reply streams or messages arrive. A
    gesture of the user unpins it at once (a reply that grows meanwhile does not pull the view
    back under the finger); where the gesture comes to rest decides: at the end, the view pins
    again; elsewhere, a \e{Jump to latest} button appears and brings it back. \l pinned says
    which. Delegates are reused as the list scrolls.

    \section2 Accessibility and keyboard

    The message list has the role \c List and the name \e Conversation; each message is a
    \l Bubble (role \c StaticText, named by its text; replies are live regions, see
    \l {Accessibility}). The \e{Jump to latest} button is named so. The edit dialog is titled
    \e{Edit message} and its text area is named \e{Message text}.

    Tab goes through the message list and the buttons of its messages, then the permission
    prompt's controls (while it shows), then the \l Sender: the buttons of queued messages, the
    input and the Send / Stop button. In the list, the Up and Down
    arrow keys move from message to message. When a tool call needs the user, the permission
    prompt takes the keyboard focus (unless the user is typing a message that the controller's
    \c busyPolicy would accept while the turn runs) and gives it back to the input when it is
    decided. The edit dialog takes the focus when it opens; OK saves the edit, Cancel or
    Escape discards it.

    \sa Bubble, Sender, PermissionPrompt, {Accessibility}
*/
FocusScope {
    id: chatView

    /*!
        The controller the view shows and drives. Default null: the view is empty and the
        input sends nothing. The messages, the permission prompt and the input all follow it;
        set its \c conversationId to show another conversation.
    */
    property KoderAgentController controller
    /*!
        \qmlproperty bool ChatView::showToolResults

        Whether tool results are shown as cards between the replies. Default true. System
        messages and checkpoints are never shown.
    */
    property alias showToolResults: visibleMessages.showToolResults
    /*!
        \qmlproperty ListView ChatView::listView
        \readonly

        The list of messages (object name \c messageList), for scrolling it from outside or
        finding its delegates in tests.
    */
    readonly property alias listView: list
    /*!
        \qmlproperty bool ChatView::pinned
        \readonly

        True while the view follows the newest message (the default); false after the user
        scrolled away from the end, until the view is scrolled back there or \e{Jump to
        latest} is pressed.
    */
    readonly property alias pinned: list.pinned

    /*!
        Emitted when the user activates a link in a message; \a url is its target, passed on
        as it is. The view opens nothing itself: check the target with
        KoderText.isSafeLink() before opening it, as in the example above.
    */
    signal linkActivated(string url)
    /*!
        Emitted after the user pressed Branch on a message and the controller made the branch;
        \a conversationId is the new conversation. The view keeps showing the current one:
        set the controller's \c conversationId to \a conversationId to go there.
    */
    signal branched(string conversationId)

    /*!
        What an empty conversation says, above the \l suggestions. Default
        \e{How can I help?} (translated).
    */
    property string placeholderText: qsTr("How can I help?")
    /*!
        Prompts an empty conversation offers to start from (a list of strings), shown as
        buttons under \l placeholderText; pressing one sends its text through the controller,
        as if the user had typed it. Empty by default.

        \qml
        ChatView { controller: agent; suggestions: [qsTr("Summarise this page"), qsTr("What can you do?")] }
        \endqml
    */
    property var suggestions: []

    implicitWidth: 480
    implicitHeight: 640

    KoderVisibleMessages {
        id: visibleMessages
        sourceModel: chatView.controller ? chatView.controller.messages : null
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ListView {
            id: list
            objectName: "messageList"

            property bool pinned: true

            function jumpToLatest() {
                list.pinned = true
                list.positionViewAtEnd()
            }

            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            reuseItems: true
            activeFocusOnTab: true
            focus: true
            model: visibleMessages
            spacing: KoderTheme.smallSpacing / 2
            boundsBehavior: Flickable.StopAtBounds
            keyNavigationEnabled: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversation")
            ScrollBar.vertical: ScrollBar {}

            delegate: Bubble {
                // The model's roles, injected by name (a Bubble has a default for each).
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
                width: ListView.view.width
                controller: chatView.controller
                onVersionRequested: (id, index) => chatView.controller.switchVersion(id, index)
                onLinkActivated: (url) => chatView.linkActivated(url)
                onRegenerateRequested: (id) => chatView.controller.regenerate(id)
                onEditRequested: (id, text) => editDialog.open(id, text)
                onBranchRequested: (id) => {
                    const conversation = chatView.controller.branch(id)
                    if (conversation !== "")
                        chatView.branched(conversation)
                }
            }

            // A gesture of the user unpins at once (a reply growing meanwhile must not pull the
            // view back under the finger); where it comes to rest decides: at the end pins again.
            onMovingChanged: pinned = !moving && atYEnd
            onContentHeightChanged: if (pinned) positionViewAtEnd()
            onCountChanged: if (pinned) positionViewAtEnd()

            // An empty conversation: a line and the suggestions to start from.
            ColumnLayout {
                objectName: "emptyState"
                anchors.centerIn: parent
                width: Math.min(parent.width - 2 * KoderTheme.largeSpacing, KoderTheme.readableWidth)
                visible: list.count === 0 && chatView.controller !== null
                spacing: KoderTheme.spacing

                Label {
                    objectName: "placeholder"
                    Layout.fillWidth: true
                    visible: text !== ""
                    horizontalAlignment: Text.AlignHCenter
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
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
                            Accessible.name: modelData
                            onClicked: chatView.controller.send(modelData)
                        }
                    }
                }
            }

            RoundButton {
                objectName: "jumpToLatest"
                anchors.right: parent.right
                anchors.bottom: parent.bottom
                anchors.margins: KoderTheme.largeSpacing
                visible: !list.pinned
                text: qsTr("Jump to latest")
                Accessible.name: text
                onClicked: list.jumpToLatest()
            }
        }

        PermissionPrompt {
            id: prompt
            objectName: "permissionPrompt"
            controller: chatView.controller
            focusReturn: sender.inputItem
            // Someone typing while a reply runs (a busy policy that takes it) keeps the focus;
            // the approval is still announced.
            takesFocus: !sender.sendsWhileBusy || sender.text.length === 0
            Layout.fillWidth: true
            Layout.margins: KoderTheme.spacing
        }

        Sender {
            id: sender
            controller: chatView.controller
            Layout.fillWidth: true
        }
    }

    Dialog {
        id: editDialog
        property string messageId
        function open(id, text) {
            editDialog.messageId = id
            editText.text = text
            editDialog.visible = true
            editText.forceActiveFocus()
        }
        anchors.centerIn: parent
        modal: true
        title: qsTr("Edit message")
        standardButtons: Dialog.Ok | Dialog.Cancel
        TextArea {
            id: editText
            implicitWidth: 360
            textFormat: TextEdit.PlainText
            wrapMode: TextArea.Wrap
            Accessible.name: qsTr("Message text")
        }
        onAccepted: chatView.controller.edit(editDialog.messageId, editText.text)
    }
}
