// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import Koder.Agent

/*!
    \qmltype AbstractBubble
    \inqmlmodule Koder.Agent
    \brief The template of a message: its data, what the user can do with it, its keyboard
    and accessibility behaviour and its live region, with no looks.

    \l Bubble is the module's look of this template. An application that wants messages that
    look its own way writes its own look: an AbstractBubble with a \l contentItem. The
    behaviour comes with the template and stays the same in every look:

    \list
    \li the message's properties, each with a default, taken from the roles of the same name
        when the delegate declares them \c required (see \l Bubble);
    \li the accessible role (\c StaticText), name (the text, or \e{The assistant is writing
        a reply} while it streams) and description (\e{Your message}, \e{Assistant message},
        ...), and the live region of a reply (a polite \l KoderLiveRegion for \l controller
        and \l messageId); a look hides its text items from assistive technology
        (\c{Accessible.ignored: true}) so the message is not read twice;
    \li the built-in commands as \c Action objects (\l copyAction, \l regenerateAction,
        \l editAction, \l branchAction, \l previousVersionAction, \l nextVersionAction,
        \l toggleReasoningAction, \l continueAction, \l toggleSummaryAction,
        \l undoCompactionAction, \l readAloudAction): a look binds buttons to them
        (\c{action: root.copyAction}) and shows a button while its action is enabled, except
        the version buttons, which stay visible and disabled at the ends;
    \li when the actions are shown (\l actionsShown: on hover and while the keyboard focus is
        inside the message), whether the reasoning is open (\l reasoningExpanded) and how long
        the model thought (\l reasoningSeconds);
    \li the signals that ask the view to act (regenerateRequested(), editRequested(),
        branchRequested(), versionRequested(), continueRequested(),
        undoCompactionRequested(), linkActivated()).
    \endlist

    \snippet qml/tst_bubbletemplate.qml own-look

    \sa Bubble, ChatView, {Accessibility}
*/
Item {
    id: root

    /*!
        The look: the item that shows the message, set by the look (\l Bubble sets its card and
        the buttons under it). The bubble takes it as its child, fills itself with it and takes
        its implicit size. Default null.

        (An Item, not a Qt Quick Controls \c Control: in Qt 6.4 a Control replaces the
        accessible role given to it, and the bubble must stay \c StaticText for its live
        region.)
    */
    property Item contentItem: null
    /*!
        \readonly
        True while the pointer is over the message.
    */
    readonly property bool hovered: hoverHandler.hovered

    /*!
        The controller the message belongs to. Default null.

        It makes the bubble a live region for its reply (see KoderLiveRegion) and tells it
        when a turn is open (\l turnOpen); the default tool card follows its tool calls with
        it (KoderToolCallState). Without one the bubble shows the message and emits its
        signals, but raises no accessibility events.
    */
    property KoderAgentController controller
    /*!
        What reads the message aloud on request (\l readAloudAction): a KoderSpeech on the
        same \l controller. Default null: no \e{Read aloud}. \l ChatView gives its own.
    */
    property KoderSpeech speech: null
    /*!
        The message's id, from the \c messageId role. Every signal of the bubble passes it, and
        the live region listens for announcements about it.
    */
    property string messageId: ""
    /*!
        Who wrote the message, from the \c role role: \c "user", \c "assistant",
        \c "system", \c "tool", \c "checkpoint" or \c "summary" (what compaction made of
        the earlier messages, see \l isSummary). It decides the alignment, the colours, the
        actions offered and the accessible description.
    */
    property string role: "assistant"
    /*!
        The message's text, from the \c text role: Markdown for user and assistant messages,
        rendered block by block with KoderMarkdownBlocks (safe HTML, see
        KoderText.toSafeHtml()); a tool result's text (JSON text when the result is not a
        string) is shown as plain text. It is also the bubble's accessible name once the reply
        has ended.
    */
    property string text: ""
    /*!
        \qmlproperty QAbstractItemModel AbstractBubble::sourceModel

        The model the message is a row of (at \l sourceRow): a KoderAgentController's
        \c messages, or a model over them such as KoderVisibleMessages. Default null.

        When set, the look reads the Markdown body straight from the model's \c text role
        (see KoderMarkdownBlocks::sourceModel): while a reply streams, each update of the row
        reaches the body's blocks in C++, converted once, without a binding through \l text.
        \l text is still needed, and must be the same row's text: copying, editing and the
        accessible name use it. \l ChatView sets both for its bubbles.
    */
    property var sourceModel: null
    /*!
        The message's row in \l sourceModel: a delegate's \c index. Default -1.
    */
    property int sourceRow: -1
    /*!
        The model's reasoning for this reply, from the \c reasoning role; shown as plain text
        in a section that is open while the model thinks and closes when the reply starts
        (\l reasoningExpanded).
    */
    property string reasoning: ""
    /*!
        Whether this is the reply being streamed now, from the \c streaming role. While true
        the bubble shows a busy indicator, Copy, Regenerate and Branch are disabled, and its
        accessible name is \e{The assistant is writing a reply}.
    */
    property bool streaming: false
    /*!
        Whether the reply was stopped before it ended (by the user, or cut off by a crash),
        from the \c aborted role; shows the \e Stopped badge. The partial text stays.
    */
    property bool aborted: false
    /*!
        The error that ended this reply, from the \c errorText role; empty when there was
        none. When set, the bubble shows \e{Error: <text>} and an error border.
    */
    property string errorText: ""
    /*!
        The tool calls this reply makes, from the \c toolCalls role: a list of maps with
        \c id, \c name, \c arguments (an object) and \c readOnly. Each is shown as a tool
        card (see \l toolDelegates) under the reply's text.

        Without a \l controller (a bubble on its own), a map may also carry \c status and
        \c result, shown as they are.
    */
    property var toolCalls: []
    /*!
        The tools the server ran for this reply, from the \c serverTools entry of the row's
        \c metadata role (\l ChatView passes it on): a list of maps, in the order the server ran
        them, each with \c type (as on the wire: \c web_search_call, \c file_search_call,
        \c mcp_call, \c mcp_list_tools, \c mcp_approval_request, \c code_interpreter_call,
        \c custom_tool_call, or another) and, when known, \c status, \c name (the tool's name
        or the MCP server's label), \c input (the query, arguments or code), \c output (what
        it returned) and \c error, all text. Empty by default.

        Each is shown as a card marked as run by the server, under the reply's text, with its
        texts as plain text. They are not the application's tools: it never runs them, and
        none waits for an approval.
    */
    property var serverTools: []
    /*!
        For a tool result (\l role \c "tool"), the tool's name, from the \c toolName role;
        shown in the header \e{Tool <name>: result} and in the accessible description.
    */
    property string toolName: ""
    /*!
        For a tool result, whether the tool failed (it threw, was rejected or timed out, or the
        tool is unknown), from the \c isError role; the bubble gets an error border.
    */
    property bool isError: false
    /*!
        For a tool result, whether the user (or a policy) denied the call, from the \c denied
        role; the header reads \e{Tool <name>: denied}.
    */
    property bool denied: false
    /*!
        Which version of its turn the message is, 0-based, from the \c versionIndex role when
        the delegate declares \c{required versionIndex}. Default 0.

        \sa versionCount, versionRequested()
    */
    property int versionIndex: 0
    /*!
        How many versions the message's turn has (regenerated replies, edited messages), from
        the \c versionCount role when the delegate declares \c{required versionCount}.
        Default 1. The version switcher (\e{‹ 2/3 ›}) shows when it is more than 1.

        \sa versionIndex
    */
    property int versionCount: 1
    /*!
        The reply's token usage, from the \c usage role: a map with \c promptTokens,
        \c completionTokens and \c totalTokens, empty (the default) when the server sent none.
        \l Bubble shows the total under a finished reply when it is known.
    */
    property var usage: ({})
    /*!
        Why the model stopped writing this reply, from the \c finishReason role: \c "stop",
        \c "length" (cut off by the model's output limit: \l continueAction offers to go on),
        \c "tool_calls", ...; empty when unknown (the default).

        \sa cutOff, latest
    */
    property string finishReason: ""
    /*!
        Whether the message is the last one of its conversation. Default true (a bubble on
        its own). \l ChatView sets it for each row: only the last reply, when it was cut off,
        can be continued (\l continueAction).
    */
    property bool latest: true
    /*!
        For a summary (\l isSummary), how many earlier messages it stands for, from the
        \c rows entry of the row's \c metadata (\l ChatView passes it on). Default 0
        (unknown).
    */
    property int summarizedCount: 0
    /*!
        The application's own actions for this message, shown after the built-in ones (Copy,
        Regenerate, Edit, Branch), each as a tool button with the action's text and icon
        (a disabled action gives a disabled button). Empty by default.

        \qml
        Bubble { text: "Hello"; actions: [Action { text: qsTr("Helpful") }] }
        \endqml
    */
    property list<Action> actions
    /*!
        The application's own cards for its own tools: a map from a tool's name to a
        \c Component, instantiated for each call of that tool in place of the default card.
        Empty by default. \l ChatView passes its own \l {AbstractChatView::}{toolDelegates} on.

        The component's root declares the properties it wants, set by the bubble and kept up
        to date:
        \list
        \li \c{property var toolCall}: the call, a map with \c id, \c name, \c arguments and
            \c readOnly;
        \li \c{property var result}: null until the call has a result, then a map with
            \c text, \c isError and \c denied;
        \li \c{property string status}: \c "pending", \c "running", \c "done", \c "error"
            or \c "denied".
        \endlist

        \snippet qml/tst_tooldelegates.qml weather-card
    */
    property var toolDelegates: ({})

    /*!
        Emitted when the user activates a link in the message; \a url is its target, one of
        the \c http:, \c https: or \c mailto: links that KoderText.toSafeHtml() keeps. The
        bubble opens nothing itself: the application decides, for example with
        \c{if (KoderText.isSafeLink(url)) Qt.openUrlExternally(url)}.
    */
    signal linkActivated(string url)
    /*!
        Emitted when the user triggers \l regenerateAction on the reply \a messageId. A view
        answers with \c{controller.regenerate(messageId)}, which keeps this reply as an older
        version.
    */
    signal regenerateRequested(string messageId)
    /*!
        Emitted when the user triggers \l editAction on the user message \a messageId; \a text
        is its current text, to start the editor with. A view lets the user change it and calls
        \c{controller.edit(messageId, newText)}.
    */
    signal editRequested(string messageId, string text)
    /*!
        Emitted when the user triggers \l branchAction on the message \a messageId. A view
        answers with \c{controller.branch(messageId)}, which copies the conversation up to that
        message into a new one.
    */
    signal branchRequested(string messageId)
    /*!
        Emitted when the user triggers \l previousVersionAction or \l nextVersionAction of the
        message \a messageId; \a index is the 0-based version asked for. A view answers with
        \c{controller.switchVersion(messageId, index)}.
    */
    signal versionRequested(string messageId, int index)
    /*!
        Emitted when the user triggers \l continueAction on the reply \a messageId, which the
        model's output limit cut off. A view answers with
        \c{controller.continueReply(messageId)}: the reply goes on in the same message.
    */
    signal continueRequested(string messageId)
    /*!
        Emitted when the user triggers \l undoCompactionAction on the summary \a messageId. A
        view answers with \c{controller.undoCompaction(messageId)}: the summary goes, and the
        messages it stood for are sent to the model again.
    */
    signal undoCompactionRequested(string messageId)

    /*!
        \readonly
        True for a user message (\l role \c "user"): aligned right, highlight colours, Edit
        offered.
    */
    readonly property bool fromUser: role === "user"
    /*!
        \readonly
        True for a tool result (\l role \c "tool"): shown as plain text under a tool header.
    */
    readonly property bool isTool: role === "tool"
    /*!
        \readonly
        True for a reply (\l role \c "assistant"): a live region, Regenerate offered.
    */
    readonly property bool isAssistant: role === "assistant"
    /*!
        \readonly
        True for a summary (\l role \c "summary"): what compaction made of the earlier
        messages, which are no longer sent to the model. A look shows it as a marker,
        \e{Earlier messages summarised (N)}, that opens to show the summary's text
        (\l toggleSummaryAction, \l summaryExpanded) and offers \l undoCompactionAction.
    */
    readonly property bool isSummary: role === "summary"
    /*!
        \readonly
        True for a finished reply that the model's output limit cut off (\l finishReason
        \c "length").
    */
    readonly property bool cutOff: isAssistant && finishReason === "length" && !streaming
    /*!
        \readonly
        Whether a summary's text is shown: closed until the user opens it
        (\l toggleSummaryAction).
    */
    readonly property bool summaryExpanded: isSummary && _summaryOpened
    /*!
        \readonly
        What a summary's marker says: \e{Earlier messages summarised (N)}, or
        \e{Earlier messages summarised} when \l summarizedCount is unknown. Empty for any
        other message.
    */
    readonly property string summaryTitle: !isSummary ? ""
        : summarizedCount > 0 ? qsTr("Earlier messages summarised (%1)")
                                .arg(Number(summarizedCount).toLocaleString(Qt.locale(), "f", 0))
        : qsTr("Earlier messages summarised")
    /*!
        \readonly
        True while the \l controller has a turn open (its \c abortable). Versions cannot be
        switched then (the controller refuses it), so the version actions are disabled.
    */
    readonly property bool turnOpen: controller !== null && controller.abortable
    /*!
        \readonly
        True while the model is thinking: the reply streams, has reasoning and no text yet.
    */
    readonly property bool thinking: streaming && reasoning !== "" && text === ""
    /*!
        \readonly
        Whether the reasoning section is open: while the model thinks, unless the user closed
        it; afterwards, only when the user opened it (\l toggleReasoningAction).
    */
    readonly property bool reasoningExpanded: thinking ? !_closedByUser : _openedByUser
    /*!
        \readonly
        How long the model thought before the reply started, in whole seconds, measured while
        the reply streamed in this bubble; -1 when unknown (a reply loaded from a store, or
        one whose reasoning came all at once). A look shows \e{Thought for 4 s} or, when
        unknown, \e{Reasoning}.
    */
    readonly property int reasoningSeconds: _thinkingEndedAt >= _thinkingStartedAt
                                            && _thinkingStartedAt > 0
                                            ? Math.round((_thinkingEndedAt - _thinkingStartedAt) / 1000)
                                            : -1
    /*!
        \readonly
        True while the keyboard focus is on the bubble or an item inside it.
    */
    readonly property bool focusWithin: {
        for (let item = Window.activeFocusItem; item; item = item.parent) {
            if (item === root)
                return true
        }
        return false
    }
    /*!
        \readonly
        Whether the actions should be shown: while the pointer is over the message or the
        keyboard focus is inside it, or always when \l alwaysShowActions is set. A look keeps
        the buttons in the keyboard's Tab chain and in the accessibility tree when they are not
        shown (it fades them, as \l Bubble does), so that the keyboard reaches them and reveals
        them.
    */
    readonly property bool actionsShown: alwaysShowActions || hovered || focusWithin
    /*!
        Show the actions all the time, not only on hover and focus (for touch screens, which
        have no hover). Default false.
    */
    property bool alwaysShowActions: false
    /*!
        Whether the message's buttons are stops of the keyboard's Tab chain. Default true (a
        bubble on its own). \l ChatView sets it for the current message of its list only:
        Tab goes from the list to that message's buttons and on to the input, the arrow keys
        move from message to message, and no button of a message scrolled out of sight takes
        the focus unseen. A look gives its buttons no focus when it is false (a click still
        presses them).
    */
    property bool actionsInTabChain: true

    /*!
        \readonly
        Copies the message's text (its Markdown) to the clipboard
        (KoderText.copyToClipboard()). Enabled when there is text and the reply is not
        streaming. Text \e Copy; the look names its button \e{Copy message}.
    */
    readonly property Action copyAction: Action {
        text: qsTr("Copy")
        enabled: !root.streaming && root.text !== ""
        onTriggered: KoderText.copyToClipboard(root.text)
    }
    /*!
        \readonly
        Asks for another reply (regenerateRequested()). Enabled on replies that are not
        streaming. Text \e Regenerate; the look names its button \e{Regenerate reply}.
    */
    readonly property Action regenerateAction: Action {
        text: qsTr("Regenerate")
        enabled: root.isAssistant && !root.streaming
        onTriggered: root.regenerateRequested(root.messageId)
    }
    /*!
        \readonly
        Asks to edit the message (editRequested()). Enabled on user messages. Text \e Edit; the
        look names its button \e{Edit message}.
    */
    readonly property Action editAction: Action {
        text: qsTr("Edit")
        enabled: root.fromUser
        onTriggered: root.editRequested(root.messageId, root.text)
    }
    /*!
        \readonly
        Asks to branch the conversation at this message (branchRequested()). Enabled when not
        streaming, except on tool results and summaries. Text \e Branch; the look names its button
        \e{Branch the conversation here}.
    */
    readonly property Action branchAction: Action {
        text: qsTr("Branch")
        enabled: !root.streaming && !root.isTool && !root.isSummary
        onTriggered: root.branchRequested(root.messageId)
    }
    /*!
        \readonly
        Asks for the previous version (versionRequested()). Enabled after the first version
        while no turn is open.
    */
    readonly property Action previousVersionAction: Action {
        text: "\u2039"
        enabled: root.versionIndex > 0 && !root.turnOpen
        onTriggered: root.versionRequested(root.messageId, root.versionIndex - 1)
    }
    /*!
        \readonly
        Asks for the next version (versionRequested()). Enabled before the last version while
        no turn is open.
    */
    readonly property Action nextVersionAction: Action {
        text: "\u203a"
        enabled: root.versionIndex < root.versionCount - 1 && !root.turnOpen
        onTriggered: root.versionRequested(root.messageId, root.versionIndex + 1)
    }
    /*!
        \readonly
        Opens or closes the reasoning section (\l reasoningExpanded). Checkable, checked while
        open; enabled when there is reasoning.
    */
    readonly property Action toggleReasoningAction: Action {
        checkable: true
        checked: root.reasoningExpanded
        enabled: root.reasoning !== ""
        text: root.thinking ? qsTr("Thinking\u2026")
              : root.reasoningSeconds >= 0 ? qsTr("Thought for %n s", "", root.reasoningSeconds)
              : qsTr("Reasoning")
        onTriggered: {
            if (root.thinking)
                root._closedByUser = !root._closedByUser
            else
                root._openedByUser = !root._openedByUser
        }
    }
    /*!
        \readonly
        Asks for the rest of a reply the model's output limit cut off (continueRequested()).
        Enabled on a \l cutOff reply that is the \l latest message, while no turn is open.
        Text \e Continue; the look names its button \e{Continue the reply}.
    */
    readonly property Action continueAction: Action {
        text: qsTr("Continue")
        enabled: root.cutOff && root.latest && !root.turnOpen
        onTriggered: root.continueRequested(root.messageId)
    }
    /*!
        \readonly
        Opens or closes a summary's text (\l summaryExpanded). Checkable, checked while open;
        enabled on summaries. Its text is the marker's, \l summaryTitle.
    */
    readonly property Action toggleSummaryAction: Action {
        checkable: true
        checked: root.summaryExpanded
        enabled: root.isSummary
        text: root.summaryTitle
        onTriggered: root._summaryOpened = !root._summaryOpened
    }
    /*!
        \readonly
        Removes a summary (undoCompactionRequested()): the messages before it are sent to the
        model again. Enabled on summaries while no turn is open and no compaction runs. Text
        \e Undo; the look names its button \e{Undo the summary}.
    */
    readonly property Action undoCompactionAction: Action {
        text: qsTr("Undo")
        enabled: root.isSummary && !root.turnOpen
                 && !(root.controller !== null && root.controller.compacting)
        onTriggered: root.undoCompactionRequested(root.messageId)
    }

    /*!
        \readonly
        Reads the reply aloud with \l speech (its \c speak()), or stops reading it (its
        \c stop()) while it is read. Text \e{Read aloud}, or \e{Stop reading} while the
        speech says this message (its \c speakingMessageId); enabled on replies with text
        when there is a \l speech.
    */
    readonly property Action readAloudAction: Action {
        text: root._readingAloud ? qsTr("Stop reading") : qsTr("Read aloud")
        enabled: root.speech !== null && root.isAssistant && root.text !== ""
        onTriggered: {
            if (root._readingAloud)
                root.speech.stop()
            else
                root.speech.speak(root.messageId)
        }
    }
    readonly property bool _readingAloud: root.speech !== null && root.messageId !== ""
                                          && root.speech.speakingMessageId === root.messageId

    /*!
        \internal
        Shift+Tab from \a item, a control of the look, with the key \a event: in a list, from
        the message's first control it goes to the message itself (Qt's chain would skip the
        list, an ancestor of the control, and leave the view). A look's buttons call it from
        \c{Keys.onBacktabPressed}.
    */
    function _backtabFrom(item, event) {
        event.accepted = false // a Keys handler accepts by default: Qt's chain goes on
        if (!root.ListView.view)
            return
        const previous = item.nextItemInFocusChain(false)
        for (let i = previous; i; i = i.parent) {
            if (i === root && previous !== root)
                return // another control of this message comes first
        }
        event.accepted = true
        root.forceActiveFocus(Qt.BacktabFocusReason)
    }

    // What the user did to the reasoning section, and when the thinking started and ended;
    // reset when a reused delegate shows another message.
    property bool _openedByUser: false
    property bool _closedByUser: false
    property bool _summaryOpened: false
    property double _thinkingStartedAt: 0
    property double _thinkingEndedAt: 0

    // A view may set the new message's id before or after its other roles: start over now, and
    // start the clock once all of them are in, if the new message is thinking.
    onMessageIdChanged: {
        _openedByUser = false
        _closedByUser = false
        _summaryOpened = false
        _thinkingStartedAt = 0
        _thinkingEndedAt = 0
        thinkingClockStart.restart()
    }
    onThinkingChanged: {
        if (thinking)
            _thinkingStartedAt = Date.now()
        else if (_thinkingStartedAt > 0 && _thinkingEndedAt === 0)
            _thinkingEndedAt = Date.now()
    }

    implicitWidth: contentItem ? contentItem.implicitWidth : 0
    implicitHeight: contentItem ? contentItem.implicitHeight : 0
    onContentItemChanged: {
        if (!contentItem)
            return
        contentItem.parent = root
        contentItem.anchors.fill = root
    }

    HoverHandler {
        id: hoverHandler
    }
    Timer {
        id: thinkingClockStart
        interval: 0
        onTriggered: {
            if (root.thinking && root._thinkingStartedAt === 0)
                root._thinkingStartedAt = Date.now()
        }
    }

    Accessible.role: Accessible.StaticText
    Accessible.name: streaming ? qsTr("The assistant is writing a reply")
                   : isSummary ? root.summaryTitle
                   : root.text
    Accessible.description: fromUser ? qsTr("Your message")
                          : isTool ? qsTr("Result of the tool %1").arg(toolName)
                          : isSummary ? qsTr("Summary of the earlier messages")
                          : role === "system" ? qsTr("System message")
                          : role === "checkpoint" ? qsTr("Checkpoint")
                          : qsTr("Assistant message")
    KoderLiveRegion.controller: root.controller
    KoderLiveRegion.messageId: root.messageId
    KoderLiveRegion.politeness: root.isAssistant ? Koder.Politeness.Polite : Koder.Politeness.Off
}
