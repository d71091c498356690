// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype AbstractSender
    \inqmlmodule Koder.Agent
    \brief The behaviour of the message input, without a look: what Enter does, when a message
    can be sent, the Send and Stop commands, the queued messages and the notice above the
    input. \l Sender is its default look.

    The template owns everything but the pixels: the controller and the state derived from it
    (\l streaming, \l awaitingApproval, \l sendsWhileBusy, \l blocked, \l notice,
    \l queuedMessages), the text being written (\l text), the commands (\l sendAction,
    \l stopAction, removeQueued()), the keyboard rules (handleKey()), the reason of a refused
    send (\l rejection) and the focus semantics: the root is a Pane (a focus scope that takes
    no focus itself and lets no click through), with the role \c Pane. It declares no
    Rectangle, colour, font or size.

    \section2 Writing a look

    A look sets \c background and \c contentItem, and wires three pieces to the template:

    \list
    \li its text area to \l inputItem, which keeps \l text and the area's text in step both
        ways (set either one);
    \li the text area's key presses to handleKey(), so that Enter sends and Shift+Enter
        starts a new line as in every look: \c{Keys.onPressed: (event) => root.handleKey(event)};
    \li its button to the commands: \c{action: root.streaming ? root.stopAction
        : root.sendAction} (the action's \c text is the button's name, \e Send or \e Stop,
        and its \c enabled follows the state). \l Sender binds the button's \c text and
        \c enabled to the action and calls its \c trigger() from \c onClicked instead, so
        that a \c clicked() emitted by code acts too.
    \endlist

    It also decides how to show \l notice (empty when there is nothing to say), whether the
    input is enabled (\c{!root.blocked}) and how \l queuedMessages look, each with a button
    calling removeQueued(). A bare look, from the tests:

    \snippet qml/tst_sendertemplate.qml custom-look

    \section2 Keyboard

    handleKey() applies the rules of \l Sender's keyboard section: Enter or Return (the
    keypad's Enter too) sends \l text unless it is empty or only white space, Shift+Enter is
    left to the text area (a new line), and while a reply streams Enter sends only when the
    controller's \c busyPolicy is not \c "reject". Tab order and Space are the look's items'
    own.

    \sa Sender, AbstractPermissionPrompt, {Accessibility}
*/
T.Pane {
    id: root

    /*!
        The controller the input sends to and stops. Default null: nothing can be sent.
    */
    property KoderAgentController controller
    /*!
        The reason the controller gave for refusing the last send (its \c rejected signal for
        the action \c "send"), shown above the input. Default empty; cleared by the next
        successful send.
    */
    property string rejection: ""
    /*!
        \readonly
        True while the controller streams a reply (its \c streaming): the button is Stop.
    */
    readonly property bool streaming: root.controller !== null && root.controller.streaming
    /*!
        \readonly
        True while a tool call waits for the user's decision (the controller's \c status is
        \c "reviewingToolCall").
    */
    readonly property bool awaitingApproval: root.controller !== null
                                             && root.controller.status === "reviewingToolCall"
    /*!
        \readonly
        True when a send while a turn is open goes by the controller's \c busyPolicy
        (\c "queue", \c "interrupt" or \c "steer"), false with \c "reject" (the default) or
        without a controller.
    */
    readonly property bool sendsWhileBusy: root.controller !== null
                                           && root.controller.busyPolicy !== "reject"
    /*!
        \readonly
        True while the input is disabled: a tool call waits for the user (\l awaitingApproval)
        and the busy policy is \c "reject". \l notice then says
        \e{Approve or deny the tool call first.}
    */
    readonly property bool blocked: root.awaitingApproval && !root.sendsWhileBusy
    /*!
        \readonly
        What the look shows above the input: \e{Approve or deny the tool call first.} while
        the input is \l blocked, otherwise \l rejection (empty when there is nothing to say).
        A look names the item that shows it by this text (role \c StaticText).
    */
    readonly property string notice: root.blocked
                                     ? qsTranslate("Sender", "Approve or deny the tool call first.")
                                     : root.rejection
    /*!
        \readonly
        The messages waiting to be sent after the reply (busy policy \c "queue"), the
        controller's \c queuedMessages: a list of maps with \c id and \c text. Empty without a
        controller. A look shows each with a button calling removeQueued(). It is the
        controller's list itself: a reference kept to it reads the messages queued now.
    */
    // `?.` keeps this binding in the engine rather than the ahead-of-time compiler of Qt 6.4,
    // which would store a copy of the list instead of the controller's list itself.
    readonly property var queuedMessages: root.controller?.queuedMessages ?? []
    /*!
        The text being written, as plain text. Default empty. Setting it replaces the input's
        text; a successful send empties it. It follows \l inputItem's text both ways.
    */
    property string text: ""
    /*!
        \qmlproperty TextArea AbstractSender::inputItem

        The look's text area (object name \c senderInput in \l Sender), for moving the
        keyboard focus to it: \c{sender.inputItem.forceActiveFocus()}. ChatView gives it to
        the permission prompt as the place the focus returns to. The look sets it; the
        template then keeps the area's text and \l text the same. Default null.
    */
    property T.TextArea inputItem: null

    /*!
        \readonly
        The Send command: triggering it calls submit(). Its \c text is \e Send; it is enabled
        while there is something to send that Enter would send: \l text is not only white
        space, the input is not \l blocked, and no reply streams unless \l sendsWhileBusy.
    */
    readonly property T.Action sendAction: T.Action {
        text: qsTranslate("Sender", "Send")
        enabled: !root.blocked && root.text.trim().length > 0
                 && (!root.streaming || root.sendsWhileBusy)
        onTriggered: root.submit()
    }
    /*!
        \readonly
        The Stop command: triggering it stops the reply (the controller's \c abort()). Its
        \c text is \e Stop; it is enabled while a reply streams (\l streaming).
    */
    readonly property T.Action stopAction: T.Action {
        text: qsTranslate("Sender", "Stop")
        enabled: root.streaming
        onTriggered: {
            if (root.controller)
                root.controller.abort()
        }
    }

    /*!
        Sends \l text to the controller, as Enter and the Send button do. Returns false, and
        sends nothing, when there is no controller, the input is \l blocked, the text is empty
        or only white space, or the controller refuses it (then \l rejection shows why);
        returns true when the controller accepted it, after emptying the input and clearing
        \l rejection.
    */
    function submit() {
        if (!root.controller || root.blocked || root.text.trim().length === 0)
            return false
        if (!root.controller.send(root.text, undefined))
            return false
        if (root.inputItem)
            root.inputItem.clear() // also drops a half-composed input method text
        root.text = ""
        root.rejection = ""
        return true
    }
    /*!
        Removes the queued message whose id is \a messageId (one of \l queuedMessages), so it
        is never sent (the controller's \c cancelQueued()). Returns false without a controller
        or when no such message waits.
    */
    function removeQueued(messageId) {
        return root.controller !== null && root.controller.cancelQueued(messageId)
    }
    /*!
        The keyboard rules of the input, for the look's text area to route its key presses
        to: \c{Keys.onPressed: (event) => root.handleKey(event)}. \a event is the key event.
        Enter and Return go to onEnter(); every other key is left to the text area.
    */
    function handleKey(event) {
        if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
            root.onEnter(event)
    }
    /*!
        Handles Enter and Return pressed in the input; \a event is the key event. With Shift
        held, it leaves the event to the text area, which starts a new line. Otherwise it
        accepts the event and calls submit(), unless a reply streams and the controller's busy
        policy is \c "reject".
    */
    function onEnter(event) {
        if (event.modifiers & Qt.ShiftModifier) {
            event.accepted = false // the text area breaks the line
            return
        }
        event.accepted = true
        if (!root.streaming || root.sendsWhileBusy)
            root.submit()
    }

    focusPolicy: Qt.NoFocus
    Accessible.role: Accessible.Pane

    // The text and the look's text area follow each other, whichever is set.
    onTextChanged: {
        if (root.inputItem && root.inputItem.text !== root.text)
            root.inputItem.text = root.text
    }
    onInputItemChanged: {
        if (root.inputItem && root.inputItem.text !== root.text)
            root.inputItem.text = root.text
    }

    // Not children: a Pane's children go into the content item, which the look replaces.
    data: [
        Connections {
            target: root.inputItem
            function onTextChanged() {
                root.text = root.inputItem.text
            }
        },
        Connections {
            target: root.controller
            function onRejected(action, reason) {
                if (action === "send")
                    root.rejection = reason
            }
        }
    ]
}
