// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import Koder.Agent

/*!
    \qmltype AbstractChatView
    \inqmlmodule Koder.Agent
    \brief The template of a chat surface: the controller, the messages a view shows, what the
    view does when a message asks for something, the empty state's content and the scrolling
    rule, with no looks.

    \l ChatView is the module's look of this template. A look provides the list of messages
    (and sets \l listView to it, which the scrolling rule follows), the bubbles, the
    permission prompt, the question prompt and the input, in that Tab order (messages,
    prompts, input); the template provides:

    \list
    \li \l messages, a KoderVisibleMessages of the controller's messages (no system messages
        or checkpoints; tool results only with \l showToolResults), the model of the list;
    \li the answers to a bubble's requests: regenerate(), edit(), switchVersion(), branch()
        (which emits \l branched()), continueReply() and undoCompaction(), and
        sendSuggestion() for the empty state;
    \li the context budget: compact() and whether it can be offered now (\l canCompact);
    \li the scrolling rule: the list stays pinned to the newest message while a reply
        streams; a gesture of the user unpins it at once, and where the gesture comes to rest
        decides: at the end it pins again, elsewhere \l pinned turns false until
        jumpToLatest();
    \li \l placeholderText, \l suggestions and \l toolDelegates for the look to show, and
        \l empty;
    \li the voice: \l speech (reads replies aloud) and \l dictation (the user speaks), for
        the look to give its input and its bubbles.
    \endlist

    \snippet qml/tst_chatviewtemplate.qml own-look

    \sa ChatView, AbstractBubble
*/
FocusScope {
    id: root

    /*!
        The controller the view shows and drives. Default null: the view is empty and the
        input sends nothing. Set its \c conversationId to show another conversation.
    */
    property KoderAgentController controller
    /*!
        \qmlproperty bool AbstractChatView::showToolResults

        Whether tool results are shown as messages of their own between the replies. Default
        false: each result is shown under its call, in the call's tool card. System messages
        and checkpoints are never shown.
    */
    property alias showToolResults: visibleMessages.showToolResults
    /*!
        \readonly
        The messages the view shows, the model of its list: the controller's \c messages
        through a KoderVisibleMessages.
    */
    readonly property KoderVisibleMessages messages: KoderVisibleMessages {
        id: visibleMessages
        sourceModel: root.controller ? root.controller.messages : null
        showToolResults: false
    }
    /*!
        The list that shows \l messages, set by the look; the scrolling rule (\l pinned)
        follows it. Default null.
    */
    property ListView listView: null
    /*!
        The item the user types messages in, set by the look (\l ChatView sets its Sender's
        text area); focusInput() gives it the keyboard focus. Default null.
    */
    property Item inputItem: null
    /*!
        \readonly
        True while the view follows the newest message (the default); false after the user
        scrolled away from the end, until the view is scrolled back there or jumpToLatest() is
        called.
    */
    readonly property bool pinned: _pinned
    /*!
        \readonly
        True when a controller is set and its conversation shows no message: the look shows
        \l placeholderText and \l suggestions then.
    */
    readonly property bool empty: controller !== null && visibleMessages.count === 0
    /*!
        What an empty conversation says, above the \l suggestions. Default
        \e{How can I help?} (translated).
    */
    property string placeholderText: qsTr("How can I help?")
    /*!
        Prompts an empty conversation offers to start from (a list of strings), shown as
        buttons under \l placeholderText; pressing one sends its text through the controller
        (sendSuggestion()), as if the user had typed it. Empty by default.

        \qml
        ChatView { controller: agent; suggestions: [qsTr("Summarise this page"), qsTr("What can you do?")] }
        \endqml
    */
    property var suggestions: []
    /*!
        The application's own cards for its own tools: a map from a tool's name to a
        \c Component, used for that tool's calls in place of the default card. The component's
        root declares \c{property var toolCall} (\c id, \c name, \c arguments),
        \c{property var result} (null while there is none; then \c text, \c isError,
        \c denied) and \c{property string status} (\c "pending", \c "running", \c "done",
        \c "error" or \c "denied"), which the view sets and keeps up to date. Empty by
        default; see \l {AbstractBubble::}{toolDelegates}.

        \snippet qml/tst_tooldelegates.qml chat-view
    */
    property var toolDelegates: ({})
    /*!
        Whether the look shows how full the model's context is: \l ContextMeter, with a
        \e Compact button beside it (\l canCompact), while the controller knows its
        \c contextWindow. Default true. An application that shows the meter elsewhere (in
        its header, as the demo does) turns it off; the note that a compaction runs stays.
    */
    property bool showContextMeter: true
    /*!
        What reads replies aloud (a KoderSpeech, usually on the same \l controller with
        \c readAloud as the user chose). The look gives it to its input, whose dictation
        silences it and whose conversation mode waits for it, and to its bubbles, whose
        \e{Read aloud} button reads a reply on request. Default null.
    */
    property KoderSpeech speech: null
    /*!
        What records the user's voice and has it transcribed (a KoderDictation with a
        KoderTranscriber). The look gives it to its input, which then offers dictation and a
        conversation mode (see AbstractSender). Default null: no microphone.
    */
    property KoderDictation dictation: null
    /*!
        \readonly
        True when compact() can be offered: a controller is set and its \c canCompact says
        a compaction would start (none runs, the conversation is loaded, there are messages
        before the ones compaction keeps, and the transport summarises: an agent that keeps
        its own context does not).
    */
    readonly property bool canCompact: controller !== null && controller.canCompact

    /*!
        Emitted when the user activates a link in a message; \a url is its target, passed on
        as it is. The view opens nothing itself: check the target with
        KoderText.isSafeLink() before opening it.
    */
    signal linkActivated(string url)
    /*!
        Emitted after branch() made a branch; \a conversationId is the new conversation. The
        view keeps showing the current one: set the controller's \c conversationId to
        \a conversationId to go there.
    */
    signal branched(string conversationId)

    /*!
        Asks the controller for another reply in place of \a messageId (its \c regenerate()).
    */
    function regenerate(messageId) {
        if (root.controller)
            root.controller.regenerate(messageId)
    }
    /*!
        Replaces the user message \a messageId with \a text and answers it again (the
        controller's \c edit()).
    */
    function edit(messageId, text) {
        if (root.controller)
            root.controller.edit(messageId, text)
    }
    /*!
        Shows version \a index of the turn of \a messageId (the controller's
        \c switchVersion()).
    */
    function switchVersion(messageId, index) {
        if (root.controller)
            root.controller.switchVersion(messageId, index)
    }
    /*!
        Copies the conversation up to \a messageId into a new one (the controller's
        \c branch()) and emits \l branched() with its id.
    */
    function branch(messageId) {
        const conversation = root.controller ? root.controller.branch(messageId) : ""
        if (conversation !== "")
            root.branched(conversation)
    }
    /*!
        Continues the reply \a messageId, which the model's output limit cut off, in the same
        message (the controller's \c continueReply()).
    */
    function continueReply(messageId) {
        if (root.controller)
            root.controller.continueReply(messageId)
    }
    /*!
        Removes the summary \a messageId: the messages before it are sent again (the
        controller's \c undoCompaction()).
    */
    function undoCompaction(messageId) {
        if (root.controller)
            root.controller.undoCompaction(messageId)
    }
    /*!
        Summarises the earlier messages into one, to free the model's context (the
        controller's \c compact()); returns whether the controller started it.
    */
    function compact() {
        return root.controller ? root.controller.compact() : false
    }
    /*!
        Sends \a text as the user's message: what a suggestion does.
    */
    function sendSuggestion(text) {
        if (root.controller)
            root.controller.send(text)
    }
    /*!
        Moves the keyboard focus to the input (\l inputItem), where the user types: what an
        application calls after it opened another conversation or started a new one, so the
        next keys go to the message.
    */
    function focusInput() {
        if (root.inputItem)
            root.inputItem.forceActiveFocus(Qt.OtherFocusReason)
    }
    /*!
        Scrolls to the message \a messageId (or, for a message the view hides, to the one
        shown before it), makes it the current message and gives it the keyboard focus, so a
        screen reader reads it. The view stays there while replies grow (\l pinned turns
        false) unless it is the newest message. Returns false when no row shows it.

        The view calls it when its controller's \c openMessage() showed a message (a search
        result, say).
    */
    function showMessage(messageId) {
        const row = root.listView ? visibleMessages.rowOf(messageId) : -1
        if (row < 0)
            return false
        root._pinned = row === visibleMessages.count - 1
        root.listView.currentIndex = row
        root.listView.positionViewAtIndex(row, ListView.Center)
        const item = root.listView.currentItem
        if (item)
            item.forceActiveFocus(Qt.OtherFocusReason)
        else
            root.listView.forceActiveFocus(Qt.OtherFocusReason)
        return true
    }
    Connections {
        target: root.controller
        function onMessageOpened(messageId: string) {
            root.showMessage(messageId)
        }
    }
    /*!
        Pins the view to the newest message again and scrolls there.
    */
    function jumpToLatest() {
        root._pinned = true
        if (root.listView)
            root.listView.positionViewAtEnd()
    }

    property bool _pinned: true

    // A gesture of the user unpins at once (a reply growing meanwhile must not pull the view
    // back under the finger); where it comes to rest decides: at the end pins again.
    Connections {
        target: root.listView
        function onMovingChanged() {
            root._pinned = !root.listView.moving && root.listView.atYEnd
        }
        function onContentHeightChanged() {
            if (root._pinned)
                root.listView.positionViewAtEnd()
        }
        function onCountChanged() {
            if (root._pinned)
                root.listView.positionViewAtEnd()
        }
        // A row that shows or goes under the list (a prompt, the context bar) makes it
        // shorter or taller: the newest message stays in view.
        function onHeightChanged() {
            if (root._pinned)
                root.listView.positionViewAtEnd()
        }
    }
}
