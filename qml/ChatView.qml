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

    \qml
    ChatView {
        anchors.fill: parent
        controller: KoderAgentController { transport: KoderLocalAgent {} }
        // The app decides; KoderText.isSafeLink allows http:, https: and mailto: only.
        onLinkActivated: (url) => { if (KoderText.isSafeLink(url)) Qt.openUrlExternally(url) }
    }
    \endqml

    Stays pinned to the newest message while a reply streams, unless the user scrolled up; then
    a "Jump to latest" button brings it back. Messages offer copy, regenerate, edit and branch.
    Tab order: messages, prompt, input, button.
*/
FocusScope {
    id: chatView

    property KoderAgentController controller
    /*! Show tool results as cards between the replies. */
    property alias showToolResults: visibleMessages.showToolResults
    /*! The list of messages, for scrolling from outside. */
    readonly property alias listView: list
    /*! True while the view follows the newest message. */
    readonly property alias pinned: list.pinned

    /*! A link in a message was activated. The view opens nothing itself and passes every
        target on as it is: check it with KoderText.isSafeLink before opening it. */
    signal linkActivated(string url)
    /*! A branch was made; \a conversationId is the new conversation. */
    signal branched(string conversationId)

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
            spacing: 2
            boundsBehavior: Flickable.StopAtBounds
            keyNavigationEnabled: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversation")
            ScrollBar.vertical: ScrollBar {}

            delegate: Bubble {
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

            RoundButton {
                objectName: "jumpToLatest"
                anchors.right: parent.right
                anchors.bottom: parent.bottom
                anchors.margins: 12
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
            Layout.margins: 8
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
