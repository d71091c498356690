// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import Koder.Agent

/*!
    \qmltype Bubble
    \inqmlmodule Koder.Agent
    \inherits AbstractBubble
    \brief One message: alignment and colours by role, Markdown rendered safely block by block,
    code blocks with a Copy button, a collapsible reasoning section, tool cards with their
    status and result, the version switcher, and actions on hover and focus.

    Bubble is the module's look of \l AbstractBubble, which holds the properties, the actions,
    the keyboard and accessibility behaviour and the live region; everything documented there
    applies here.

    Only the Markdown body is rich text, and only as KoderText.toSafeHtml() renders it;
    everything else that comes from outside (reasoning, tool names, arguments and results,
    errors, code) is plain text, so no markup in it is interpreted and nothing is fetched.

    \section2 On its own or as a delegate

    A Bubble works on its own: every property has a default (\l {AbstractBubble::}{role}
    \c "assistant", the texts empty, the flags false, no tool calls), so a line or two shows a
    message:

    \snippet qml/tst_bubble.qml standalone

    As the delegate of a view over a KoderAgentController's \c messages (or a
    KoderVisibleMessages over them), a Bubble takes each property from the KoderMessageModel
    role of the same name when the delegate declares it \c required, as \l ChatView does:

    \snippet qml/tst_bubble.qml delegate

    A delegate that also sets \l {AbstractBubble::}{sourceModel} (the view's model) and
    \l {AbstractBubble::}{sourceRow} (its \c index), as \l ChatView does, has its Markdown
    read from the model directly: a streaming reply's text is converted once per update of the
    row and goes to the body's blocks in C++, not through a binding on
    \l {AbstractBubble::}{text}.

    \section2 Actions of the application

    \l {AbstractBubble::}{actions} adds the application's own buttons beside the built-in ones
    (a thumbs up, "Copy as Markdown", a bookmark): each is an \c Action, shown as a tool button
    with the action's text and icon and in the keyboard's Tab chain, named for a screen reader
    by the action's text.

    \section2 What it shows

    A user message sits on the right in the palette's highlight colours; every other message
    on the left (a tool result on the \c base colour, the rest on \c alternateBase). The reply's
    Markdown is shown block by block (KoderMarkdownBlocks): while a reply streams only its last
    block is rendered again, and a fenced code block is a card of its own in the monospace font
    on a tinted background, with its language and a \e Copy button.

    Above the text, the reasoning: a button (\e{Thinking…} while the model thinks, then
    \e{Thought for 4 s}, or \e Reasoning when the time is unknown) that opens and closes the
    reasoning, open while the model thinks and closed once the reply starts.

    Under the text, each tool call is a card: the tool's name, its status (\e{Waiting for
    approval}, \e{Waiting for your answer} for a question, \e Running with a spinner, \e Done,
    \e Failed, \e Denied), its arguments as
    indented JSON (the first lines only when they are long, with \e{Show all}), and the
    result under the call when it has come. An application shows its own card for its own
    tools with \l {AbstractBubble::}{toolDelegates}.

    Each tool the server ran itself (\l {AbstractBubble::}{serverTools}: a web or file search,
    an MCP call, the code interpreter...) is a card of the same look under the text: its name
    (\e{Web search}, \e{MCP tool <name>}, \e{Code interpreter}, or the type the server gave),
    the mark \e{Run by the server}, its status in words (\e Completed, \e{In progress},
    \e Searching, \e Failed, \e Incomplete, or as the server said it), what went in and what
    came out (the first lines only when they are long, with \e{Show all}), and its error. It
    has no buttons to approve or deny: the application does not run these tools.

    At the bottom: a busy indicator while the reply streams, a \e Stopped badge for an aborted
    reply, an \e{Error: <text>} badge and an error border for a failed one (or a tool result
    with \l {AbstractBubble::}{isError}), for a reply the model's output limit cut off the
    note \e{Cut off at the model's length limit} and, on the last message while no turn is
    open, a \e Continue button (\l {AbstractBubble::}{continueAction}), the tokens the reply used when the server said, the
    version switcher (\e{‹ 2/3 ›}) when there are versions, and the actions Copy, \e{Read
    aloud} (on replies, with a \l {AbstractBubble::}{speech}: a loudspeaker, a stop square
    while it reads), Regenerate, Edit and Branch with the application's own. The actions fade in on hover and when the
    keyboard focus enters the message; they stay in the Tab chain while faded, so Tab reveals
    them.

    A summary (\l {AbstractBubble::}{isSummary}, what compaction made of the earlier
    messages) is a card in the middle of the line: the marker \e{▸ Earlier messages
    summarised (N)}, a button that opens and closes the summary's text (plain text), and
    \e Undo (\l {AbstractBubble::}{undoCompactionAction}). The card is as wide as a
    readable line, open or closed; opening it makes it taller only.

    \section2 Accessibility

    The bubble itself is the message's accessible item (see \l AbstractBubble); the text items
    inside are hidden from assistive technology so the message is not read twice. The inner
    items a screen reader meets: the reasoning button (checkable, \e{Thought for 4 s}) and the
    reasoning (\e{Reasoning: <text>}), each code block's \e{Copy code} button, each tool card
    (role \c Grouping, \e{Tool call <name>}, described by its status), each card of a tool
    the server ran (role \c Grouping, \e{Tool run by the server: Web search, Completed}, with
    its \e{Input: ...}, \e{Output: ...} and \e{Error: ...}), the busy indicator
    (\e Writing), the version label (\c StaticText, \e{Version 2 of 3}), and the buttons
    \e{Previous version}, \e{Next version}, \e{Copy message}, \e{Read aloud} (or \e{Stop
    reading}), \e{Regenerate reply},
    \e{Edit message}, \e{Branch the conversation here} and \e{Continue the reply}. A
    summary's marker is a checkable button named \e{Earlier messages summarised (N)}, its
    text (while open) is \e{Summary: <text>}, and its Undo button is \e{Undo the summary}.

    Keyboard: every button is in the Tab chain and Space presses it. The version buttons are
    disabled at the first and last version and while a turn is open.

    \sa AbstractBubble, ChatView, KoderLiveRegion, KoderText, {Accessibility}
*/
AbstractBubble {
    id: root

    // Tool calls reach their cards as JSON text; long arguments fold after this many lines.
    readonly property int _foldedLines: 8
    // The widest any text or card inside the bubble gets: a readable line, and no more than
    // the bubble leaves for its card. Everything inside is sized from this and from its own
    // natural width, never from the card's: the card's width is theirs, so nothing depends on
    // itself and every size follows the content at once, whatever path changed it (a new
    // text, a reused delegate, a resize, a font). Positioners, not layouts: a layout that is
    // told of a child's new size while it is arranging keeps the old one (Qt 6.4), which left
    // bubbles at a stale width and height.
    readonly property real _textWidth: Math.max(KoderTheme.gridUnit * 4,
                                                Math.min(KoderTheme.readableWidth,
                                                         root.width * 0.85 - 2 * KoderTheme.largeSpacing))
    // Whether the card sits on the right: a user's message, or a reply under mirroring. An x,
    // not anchors that switch sides: a reused delegate that changes role would hold both
    // anchors for a moment, and they would stretch the card to the whole row and leave it so.
    readonly property bool _onRight: root.fromUser !== root.LayoutMirroring.enabled
    // Where a line of the card starts: at the card's left, or at its right under mirroring.
    function _startX(item, container) {
        return root.LayoutMirroring.enabled ? container.width - item.width : 0
    }

    // A text-less tool button of the bubble: at least the WCAG 2.2 target size, dimmed when
    // disabled so that an arrow at the end of the versions does not look pressable.
    component TargetButton: ToolButton {
        implicitWidth: Math.max(KoderTheme.minimumTargetSize,
                                implicitContentWidth + leftPadding + rightPadding)
        implicitHeight: Math.max(KoderTheme.minimumTargetSize,
                                 implicitContentHeight + topPadding + bottomPadding)
        opacity: enabled ? 1 : 0.4
        focusPolicy: root.actionsInTabChain ? Qt.StrongFocus : Qt.NoFocus
        Keys.onBacktabPressed: (event) => root._backtabFrom(this, event)
    }

    // A loudspeaker with two sound waves, drawn in `color` inside the item's square: the Read
    // aloud button (a text button would make the row of actions too wide for a narrow view).
    component SpeakerIcon: Item {
        id: speaker
        property color color: root.palette.buttonText
        readonly property real size: Math.min(width, height)
        readonly property real stroke: Math.max(1.5, Math.round(speaker.size / 10))
        implicitWidth: KoderTheme.gridUnit
        implicitHeight: KoderTheme.gridUnit
        Item {
            anchors.centerIn: parent
            width: speaker.size
            height: speaker.size
            Rectangle {
                x: speaker.size * 0.06
                y: speaker.size * 0.36
                width: speaker.size * 0.2
                height: speaker.size * 0.28
                color: speaker.color
            }
            Rectangle {
                x: speaker.size * 0.24
                y: speaker.size * 0.18
                width: speaker.size * 0.2
                height: speaker.size * 0.64
                radius: speaker.stroke / 2
                color: speaker.color
            }
            Repeater {
                model: [0.3, 0.5]
                // The right half of a ring around the cone's mouth.
                Item {
                    id: wave
                    required property real modelData
                    x: speaker.size * 0.5
                    y: speaker.size * (0.5 - wave.modelData)
                    width: speaker.size * wave.modelData
                    height: speaker.size * 2 * wave.modelData
                    clip: true
                    Rectangle {
                        x: -wave.width
                        width: 2 * wave.width
                        height: wave.height
                        radius: wave.width
                        color: "transparent"
                        border.width: speaker.stroke
                        border.color: speaker.color
                    }
                }
            }
        }
    }

    // A text a server sent, in plain text: selectable, and folded to its first `lines` lines
    // when longer, with Show all / Show less (the result's fold of the default tool card).
    component FoldingText: Column {
        id: folding
        property string text: ""
        property color textColor: root.palette.text
        property int lines: root._foldedLines
        // The text item's object name, its accessible name, and the toggle's names.
        property string textObjectName: ""
        property string accessibleName: ""
        property string showAllName: ""
        property string showLessName: ""
        property bool unfolded: false
        readonly property bool folds: foldingBody.lineCount > folding.lines
        // As wide as its longest line wants, up to a readable line (not the Column's implicit
        // width: the text takes the Column's width, so that would depend on itself).
        readonly property real naturalWidth: Math.min(Math.ceil(foldingBody.implicitWidth) + 1,
                                                      KoderTheme.readableWidth)
        spacing: KoderTheme.smallSpacing

        // Cut at a line's end when folded; else as high as the text.
        Item {
            width: parent.width
            height: folding.folds && !folding.unfolded
                    ? Math.ceil(foldingBody.lineHeight * folding.lines)
                    : foldingBody.implicitHeight
            clip: true
            TextEdit {
                id: foldingBody
                objectName: folding.textObjectName
                readonly property real lineHeight: lineCount > 0 ? contentHeight / lineCount : 0
                width: parent.width
                readOnly: true
                selectByMouse: true
                textFormat: TextEdit.PlainText
                text: folding.text
                font.family: KoderTheme.monospaceFont.family
                wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                color: folding.textColor
                selectionColor: root.palette.highlight
                Accessible.role: Accessible.StaticText
                Accessible.name: folding.accessibleName
            }
        }
        TargetButton {
            objectName: folding.textObjectName + "Toggle"
            x: root._startX(this, folding)
            visible: folding.folds
            text: folding.unfolded ? qsTr("Show less") : qsTr("Show all")
            Accessible.name: folding.unfolded ? folding.showLessName : folding.showAllName
            onClicked: folding.unfolded = !folding.unfolded
        }
    }

    // A value from a server as text to show: a string as it is, anything else as JSON.
    function _serverText(value) {
        if (value === undefined || value === null)
            return ""
        if (typeof value === "string")
            return value
        if (typeof value === "object") {
            try {
                return JSON.stringify(value, null, 2) ?? ""
            } catch (error) {
                return String(value)
            }
        }
        return String(value)
    }
    // JSON text of an object or an array, indented; any other text as it is.
    function _indentedJson(text) {
        if (!/^\s*[{[]/.test(text))
            return text
        try {
            return JSON.stringify(JSON.parse(text), null, 2)
        } catch (error) {
            return text
        }
    }
    // `pattern` with %1, %2... replaced by `values` in one pass: a value a server sent that
    // holds "%2" stays as it is (arg() after arg() would fill it in).
    function _fill(pattern, values) {
        return pattern.replace(/%([1-9])/g, (match, n) => n <= values.length ? values[n - 1] : match)
    }
    // The heading of a tool the server ran: a name for the types the server is known to run,
    // else its type as it came.
    function _serverToolTitle(type, name) {
        switch (type) {
        case "web_search_call":
            return qsTr("Web search")
        case "file_search_call":
            return qsTr("File search")
        case "mcp_call":
            return name !== "" ? qsTr("MCP tool %1").arg(name) : qsTr("MCP tool")
        case "mcp_list_tools":
            return qsTr("MCP tool list")
        case "mcp_approval_request":
            return qsTr("MCP approval request")
        case "code_interpreter_call":
            return qsTr("Code interpreter")
        case "custom_tool_call":
            return name !== "" ? qsTr("Custom tool %1").arg(name) : qsTr("Custom tool")
        default:
            return type !== "" ? type : qsTr("Server tool")
        }
    }
    // The status of a tool the server ran, in words for the common ones, else as it came.
    function _serverToolStatus(status) {
        switch (status) {
        case "completed":
            return qsTr("Completed")
        case "in_progress":
            return qsTr("In progress")
        case "searching":
            return qsTr("Searching")
        case "failed":
            return qsTr("Failed")
        case "incomplete":
            return qsTr("Incomplete")
        default:
            return status
        }
    }

    contentItem: Item {
        implicitWidth: card.width + 2 * KoderTheme.spacing
        implicitHeight: card.y + card.height + footer.height

        Rectangle {
            id: card
            objectName: "bubbleCard"
            y: KoderTheme.smallSpacing
            // A summary is a marker across the middle of the conversation, not anyone's message.
            x: root.isSummary ? Math.max(KoderTheme.spacing, (parent.width - width) / 2)
             : root._onRight ? parent.width - width - KoderTheme.spacing : KoderTheme.spacing
            width: Math.max(content.implicitWidth, KoderTheme.gridUnit * 7) + 2 * KoderTheme.largeSpacing
            height: content.implicitHeight + 2 * KoderTheme.spacing
            radius: KoderTheme.radius
            color: root.fromUser ? root.palette.highlight
                 : root.isTool || root.isSummary ? root.palette.base
                 : root.palette.alternateBase
            border.width: root.isError || root.errorText !== "" ? 2 : 1
            border.color: root.isError || root.errorText !== "" ? KoderTheme.errorColor(root.palette)
                                                                : root.palette.mid

            Column {
                id: content
                x: KoderTheme.largeSpacing
                y: KoderTheme.spacing
                width: card.width - 2 * KoderTheme.largeSpacing
                spacing: KoderTheme.smallSpacing

                // A summary: its marker (which opens the summary's text) and Undo, side by side
                // while they fit, else one under the other; then the text, while open. Both as
                // wide as a readable line, open or closed: opening it changes only the height.
                Flow {
                    id: summaryMarker
                    objectName: "summaryMarker"
                    visible: root.isSummary
                    width: root._textWidth
                    spacing: KoderTheme.smallSpacing

                    TargetButton {
                        id: summaryToggle
                        objectName: "summaryToggle"
                        width: Math.min(implicitWidth, summaryMarker.width)
                        action: root.toggleSummaryAction
                        text: (root.summaryExpanded ? "\u25be " : "\u25b8 ") + root.summaryTitle
                        padding: KoderTheme.smallSpacing
                        // A long title wraps inside the button rather than run out of the card.
                        contentItem: Label {
                            textFormat: Text.PlainText
                            text: summaryToggle.text
                            wrapMode: Text.Wrap
                            font.bold: true
                            color: root.palette.text
                            verticalAlignment: Text.AlignVCenter
                        }
                        Accessible.name: root.summaryTitle
                        Accessible.description: root.summaryExpanded ? qsTr("The summary is shown")
                                                                     : qsTr("Shows the summary")
                        Accessible.role: Accessible.CheckBox
                        Accessible.checkable: true
                        Accessible.checked: root.summaryExpanded
                        // Enter opens and closes it too, as Space does.
                        Keys.onReturnPressed: root.toggleSummaryAction.trigger()
                        Keys.onEnterPressed: root.toggleSummaryAction.trigger()
                    }
                    TargetButton {
                        objectName: "undoCompaction"
                        action: root.undoCompactionAction
                        Accessible.name: qsTr("Undo the summary")
                        Accessible.description: qsTr("The earlier messages are sent to the model again")
                    }
                }
                TextEdit {
                    objectName: "summaryText"
                    visible: root.summaryExpanded
                    width: root._textWidth
                    readOnly: true
                    selectByMouse: true
                    wrapMode: Text.Wrap
                    textFormat: TextEdit.PlainText
                    text: root.isSummary ? root.text : ""
                    color: root.palette.text
                    selectionColor: root.palette.highlight
                    Accessible.role: Accessible.StaticText
                    Accessible.name: qsTr("Summary: %1").arg(text)
                }

                Label {
                    objectName: "toolHeader"
                    visible: root.isTool
                    x: root._startX(this, content)
                    width: Math.min(Math.ceil(implicitWidth), root._textWidth)
                    textFormat: Text.PlainText
                    text: root.denied ? qsTr("Tool %1: denied").arg(root.toolName)
                                      : qsTr("Tool %1: result").arg(root.toolName)
                    font.bold: true
                    wrapMode: Text.Wrap
                    color: root.palette.text
                }

                TargetButton {
                    objectName: "reasoningToggle"
                    visible: root.reasoning !== ""
                    x: root._startX(this, content)
                    width: Math.min(implicitWidth, root._textWidth)
                    action: root.toggleReasoningAction
                    text: (root.reasoningExpanded ? "\u25be " : "\u25b8 ") + root.toggleReasoningAction.text
                    font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
                    padding: KoderTheme.smallSpacing
                    Accessible.name: root.toggleReasoningAction.text
                    Accessible.role: Accessible.CheckBox
                    Accessible.checkable: true
                    Accessible.checked: root.reasoningExpanded
                }

                Label {
                    objectName: "reasoningLabel"
                    visible: root.reasoning !== "" && root.reasoningExpanded
                    x: root._startX(this, content)
                    width: Math.min(Math.ceil(implicitWidth) + 1, root._textWidth)
                    textFormat: Text.PlainText
                    text: root.reasoning
                    wrapMode: Text.Wrap
                    font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
                    opacity: 0.75
                    color: root.palette.text
                    leftPadding: KoderTheme.spacing
                    Accessible.name: qsTr("Reasoning: %1").arg(root.reasoning)
                }

                // A tool result as it came, in plain text.
                TextEdit {
                    objectName: root.isTool ? "bubbleBody" : ""
                    visible: root.isTool && root.text !== ""
                    x: root._startX(this, content)
                    // Rounded up: a fractional width rounded down would wrap the last word.
                    width: Math.min(Math.ceil(implicitWidth) + 1, root._textWidth)
                    readOnly: true
                    selectByMouse: true
                    wrapMode: Text.Wrap
                    textFormat: TextEdit.PlainText
                    text: root.isTool ? root.text : ""
                    color: root.palette.text
                    selectionColor: root.palette.highlight
                    Accessible.ignored: true // the bubble itself speaks for the text
                }

                // The Markdown, block by block: a streaming reply renders only its last block. With
                // a source model the blocks read the row's text themselves, in C++, on each update
                // of the row; else they follow the text property.
                Repeater {
                    objectName: "bodyBlocks"
                    model: KoderMarkdownBlocks {
                        sourceModel: root.isTool || root.isSummary ? null : root.sourceModel
                        sourceRow: root.sourceRow
                        markdown: root.isTool || root.isSummary || root.sourceModel ? "" : root.text
                    }
                    delegate: Item {
                        id: block
                        required property string kind
                        required property string html
                        required property string code
                        required property string language
                        readonly property bool isCode: kind === "code"
                        x: root._startX(this, content)
                        width: block.isCode ? root._textWidth : markdownText.width
                        height: block.isCode ? codeCard.height : markdownText.height

                        TextEdit {
                            id: markdownText
                            objectName: "bubbleBody"
                            visible: !block.isCode
                            // Rounded up: a fractional width rounded down would wrap the last word.
                            width: Math.min(Math.ceil(implicitWidth) + 1, root._textWidth)
                            readOnly: true
                            selectByMouse: true
                            wrapMode: Text.Wrap
                            textFormat: TextEdit.RichText
                            text: visible ? block.html : ""
                            color: root.fromUser ? root.palette.highlightedText : root.palette.text
                            selectionColor: root.palette.highlight
                            Accessible.ignored: true // the bubble itself speaks for the text
                            onLinkActivated: (link) => root.linkActivated(link)
                        }

                        Rectangle {
                            id: codeCard
                            objectName: visible ? "codeBlock" : ""
                            visible: block.isCode
                            width: parent.width
                            height: codeHeader.height + codeBody.height + KoderTheme.spacing
                            radius: KoderTheme.smallRadius
                            color: KoderTheme.codeBackground(root.palette)
                            border.width: 1
                            border.color: root.palette.mid

                            Item {
                                id: codeHeader
                                x: KoderTheme.spacing
                                width: parent.width - 2 * KoderTheme.spacing
                                height: copyCode.height
                                Label {
                                    objectName: "codeLanguage"
                                    // At the line's start in either direction (mirrored too).
                                    horizontalAlignment: Text.AlignLeft
                                    anchors.left: parent.left
                                    anchors.right: copyCode.left
                                    anchors.verticalCenter: parent.verticalCenter
                                    textFormat: Text.PlainText
                                    text: block.language
                                    font.family: KoderTheme.monospaceFont.family
                                    opacity: 0.75
                                    color: root.palette.text
                                    elide: Text.ElideRight
                                }
                                TargetButton {
                                    id: copyCode
                                    objectName: "copyCode"
                                    anchors.right: parent.right
                                    property bool copied: false
                                    // A reused delegate shows other code: not copied yet.
                                    readonly property string code: block.code
                                    onCodeChanged: copied = false
                                    text: copied ? qsTr("Copied") : qsTr("Copy")
                                    Accessible.name: copied ? qsTr("Copied") : qsTr("Copy code")
                                    onClicked: {
                                        KoderText.copyToClipboard(block.code)
                                        copied = true
                                        copiedTimer.restart()
                                    }
                                    Timer {
                                        id: copiedTimer
                                        interval: 2000
                                        onTriggered: copyCode.copied = false
                                    }
                                }
                            }
                            TextEdit {
                                id: codeBody
                                objectName: "codeBody"
                                x: KoderTheme.spacing
                                y: codeHeader.height
                                width: parent.width - 2 * KoderTheme.spacing
                                readOnly: true
                                selectByMouse: true
                                textFormat: TextEdit.PlainText
                                text: block.code
                                wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                                font.family: KoderTheme.monospaceFont.family
                                color: root.palette.text
                                selectionColor: root.palette.highlight
                                Accessible.ignored: true
                            }
                        }
                    }
                }

                // The tools the server ran: what each is, that the server ran it (the app
                // neither runs nor approves them), its status, and its texts in plain text.
                Repeater {
                    objectName: "serverToolCards"
                    model: Array.isArray(root.serverTools) ? root.serverTools : []
                    delegate: Rectangle {
                        id: serverCard
                        objectName: "serverToolCard"
                        required property var modelData
                        readonly property var entry: modelData !== null && typeof modelData === "object"
                                                     ? modelData : ({})
                        readonly property string type: root._serverText(entry.type)
                        readonly property string status: root._serverText(entry.status)
                        readonly property string title: root._serverToolTitle(
                                                            type, root._serverText(entry.name))
                        readonly property string statusText: root._serverToolStatus(status)
                        // An MCP tool's arguments as indented JSON, like the default card's.
                        readonly property string input: type === "mcp_call" || type === "mcp_approval_request"
                                                        ? root._indentedJson(root._serverText(entry.input))
                                                        : root._serverText(entry.input)
                        readonly property string output: root._serverText(entry.output)
                        readonly property string error: root._serverText(entry.error)
                        readonly property bool failed: status === "failed" || error !== ""
                        readonly property bool busy: root.streaming
                                                     && (status === "in_progress" || status === "searching")

                        x: root._startX(this, content)
                        // As wide as its widest line wants, up to a readable line.
                        width: Math.min(Math.ceil(implicitWidth), root._textWidth)
                        implicitWidth: Math.max(serverHeader.implicitWidth, serverMark.implicitWidth,
                                                serverCard.input !== "" ? inputText.naturalWidth : 0,
                                                serverCard.output !== "" ? outputText.naturalWidth : 0,
                                                serverCard.error !== "" ? errorText.naturalWidth : 0)
                                       + 2 * KoderTheme.spacing
                        implicitHeight: serverColumn.implicitHeight + 2 * KoderTheme.spacing
                        radius: KoderTheme.smallRadius
                        color: KoderTheme.codeBackground(root.palette)
                        border.width: 1
                        border.color: serverCard.failed ? KoderTheme.errorColor(root.palette)
                                                        : root.palette.mid
                        Accessible.role: Accessible.Grouping
                        Accessible.name: serverCard.statusText !== ""
                                         ? root._fill(qsTr("Tool run by the server: %1, %2"),
                                                      [serverCard.title, serverCard.statusText])
                                         : qsTr("Tool run by the server: %1").arg(serverCard.title)

                        Column {
                            id: serverColumn
                            x: KoderTheme.spacing
                            y: KoderTheme.spacing
                            width: parent.width - 2 * KoderTheme.spacing
                            spacing: KoderTheme.smallSpacing

                            // The default card's header: anchors, not a RowLayout (Qt 6.4).
                            Item {
                                id: serverHeader
                                width: parent.width
                                implicitWidth: (serverSpinner.visible ? serverSpinner.implicitWidth
                                                                        + KoderTheme.smallSpacing : 0)
                                               + serverTitle.implicitWidth + KoderTheme.largeSpacing
                                               + serverStatus.implicitWidth
                                implicitHeight: Math.max(serverTitle.implicitHeight,
                                                         serverStatus.implicitHeight,
                                                         serverSpinner.visible ? serverSpinner.implicitHeight : 0)
                                BusyIndicator {
                                    id: serverSpinner
                                    anchors.left: parent.left
                                    anchors.verticalCenter: parent.verticalCenter
                                    visible: serverCard.busy
                                    running: visible
                                    implicitWidth: KoderTheme.gridUnit
                                    implicitHeight: KoderTheme.gridUnit
                                    Accessible.ignored: true
                                }
                                Label {
                                    id: serverTitle
                                    objectName: "serverToolName"
                                    anchors.left: serverSpinner.visible ? serverSpinner.right : parent.left
                                    anchors.leftMargin: serverSpinner.visible ? KoderTheme.smallSpacing : 0
                                    anchors.right: serverStatus.left
                                    anchors.rightMargin: KoderTheme.smallSpacing
                                    anchors.verticalCenter: parent.verticalCenter
                                    textFormat: Text.PlainText
                                    text: serverCard.title
                                    font.bold: true
                                    elide: Text.ElideRight
                                    color: root.palette.text
                                    Accessible.ignored: true // the card's name says it
                                }
                                Label {
                                    id: serverStatus
                                    objectName: "serverToolStatus"
                                    anchors.right: parent.right
                                    anchors.verticalCenter: parent.verticalCenter
                                    textFormat: Text.PlainText
                                    text: serverCard.statusText
                                    color: serverCard.failed ? KoderTheme.errorColor(root.palette)
                                         : serverCard.status === "incomplete" ? KoderTheme.warningColor(root.palette)
                                         : serverCard.status === "completed" ? KoderTheme.successColor(root.palette)
                                         : root.palette.text
                                    Accessible.ignored: true // the card's name says it
                                }
                            }
                            // Who ran it: the server, not the application.
                            Rectangle {
                                id: serverMark
                                objectName: "serverToolMark"
                                implicitWidth: serverMarkText.implicitWidth + 2 * KoderTheme.spacing
                                implicitHeight: serverMarkText.implicitHeight + KoderTheme.smallSpacing
                                width: Math.min(implicitWidth, parent.width)
                                height: implicitHeight
                                x: root._startX(this, serverColumn)
                                radius: height / 2
                                color: root.palette.base
                                border.width: 1
                                border.color: root.palette.mid
                                Label {
                                    id: serverMarkText
                                    anchors.centerIn: parent
                                    width: Math.min(implicitWidth, parent.width - 2 * KoderTheme.spacing)
                                    textFormat: Text.PlainText
                                    text: qsTr("Run by the server")
                                    elide: Text.ElideRight
                                    font.pixelSize: Math.round(KoderTheme.gridUnit * 0.7)
                                    color: root.palette.text
                                    Accessible.ignored: true // the card's name says it
                                }
                            }
                            FoldingText {
                                id: inputText
                                width: parent.width
                                visible: serverCard.input !== ""
                                text: serverCard.input
                                textObjectName: "serverToolInput"
                                accessibleName: qsTr("Input: %1").arg(serverCard.input)
                                showAllName: qsTr("Show all of the input")
                                showLessName: qsTr("Show less of the input")
                            }
                            // Between what went in and what came out.
                            Rectangle {
                                objectName: "serverToolDivider"
                                visible: inputText.visible && outputText.visible
                                width: parent.width
                                height: 1
                                color: root.palette.mid
                            }
                            FoldingText {
                                id: outputText
                                width: parent.width
                                visible: serverCard.output !== ""
                                text: serverCard.output
                                lines: root._foldedLines * 2
                                // What a failed tool said, in the error's colour (the default
                                // card's result of a failed call).
                                textColor: serverCard.status === "failed" ? KoderTheme.errorColor(root.palette)
                                                                         : root.palette.text
                                textObjectName: "serverToolOutput"
                                accessibleName: qsTr("Output: %1").arg(serverCard.output)
                                showAllName: qsTr("Show all of the output")
                                showLessName: qsTr("Show less of the output")
                            }
                            FoldingText {
                                id: errorText
                                width: parent.width
                                visible: serverCard.error !== ""
                                text: qsTr("Error: %1").arg(serverCard.error)
                                textColor: KoderTheme.errorColor(root.palette)
                                textObjectName: "serverToolError"
                                accessibleName: text
                                showAllName: qsTr("Show all of the error")
                                showLessName: qsTr("Show less of the error")
                            }
                        }
                    }
                }

                Repeater {
                    objectName: "toolCards"
                    model: root.toolCalls
                    delegate: Item {
                        id: slot
                        required property var modelData

                        // With a controller the call's state comes from it; a bubble on its own
                        // shows what its map says.
                        KoderToolCallState {
                            id: tracker
                            controller: root.controller
                            callId: root.controller ? String(slot.modelData.id) : ""
                            messageId: root.messageId
                        }
                        readonly property string status: root.controller ? tracker.status
                                                        : slot.modelData.status ?? ""
                        readonly property var result: root.controller ? tracker.result
                                                      : slot.modelData.result ?? null
                        // Only the application's own entry for this name, and only a component:
                        // a tool the model calls "constructor" or "__proto__" gets the default.
                        readonly property Component card: {
                            const cards = root.toolDelegates
                            const name = String(slot.modelData.name)
                            const own = cards && Object.prototype.hasOwnProperty.call(cards, name)
                                        ? cards[name] : null
                            return own && typeof own.createObject === "function" ? own
                                                                                 : defaultToolCard
                        }
                        property Item cardItem: null
                        property Component cardMadeFrom: null

                        // createObject() rather than a Loader: it makes the card in the context
                        // its component was declared in, which a bound component requires.
                        function makeCard() {
                            if (slot.cardItem && slot.cardMadeFrom === slot.card)
                                return
                            if (slot.cardItem) {
                                // destroy() is deferred: take the old card out of the tree now.
                                slot.cardItem.visible = false
                                slot.cardItem.parent = null
                                slot.cardItem.destroy()
                                slot.cardItem = null
                            }
                            slot.cardMadeFrom = slot.card
                            const item = slot.card ? slot.card.createObject(slot) : null
                            if (!item)
                                return
                            item.width = Qt.binding(() => slot.width)
                            if ("toolCall" in item)
                                item.toolCall = Qt.binding(() => slot.modelData)
                            if ("result" in item)
                                item.result = Qt.binding(() => slot.result)
                            if ("status" in item)
                                item.status = Qt.binding(() => slot.status)
                            slot.cardItem = item
                        }
                        onCardChanged: makeCard()
                        Component.onCompleted: makeCard()

                        // As wide as the card asks, up to a readable line; a card that asks
                        // nothing gets the whole line.
                        x: root._startX(this, content)
                        width: cardItem && cardItem.implicitWidth > 0
                               ? Math.min(Math.ceil(cardItem.implicitWidth), root._textWidth)
                               : root._textWidth
                        height: cardItem ? cardItem.implicitHeight : 0
                    }
                }
                // The state of the reply; the row takes no room when there is nothing to say.
                Row {
                    objectName: "replyState"
                    visible: root.streaming || root.aborted || root.errorText !== ""
                    x: root._startX(this, content)
                    spacing: KoderTheme.spacing

                    BusyIndicator {
                        objectName: "streamingIndicator"
                        visible: root.streaming
                        running: root.streaming
                        anchors.verticalCenter: parent.verticalCenter
                        implicitWidth: KoderTheme.minimumTargetSize
                        implicitHeight: KoderTheme.minimumTargetSize
                        Accessible.name: qsTr("Writing")
                    }
                    Label {
                        objectName: "streamingLabel"
                        visible: root.streaming
                        anchors.verticalCenter: parent.verticalCenter
                        textFormat: Text.PlainText
                        text: qsTr("Writing\u2026")
                        font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
                        opacity: 0.75
                        color: root.palette.text
                        Accessible.ignored: true // the indicator is named so
                    }
                    Label {
                        objectName: "stoppedBadge"
                        visible: root.aborted
                        anchors.verticalCenter: parent.verticalCenter
                        textFormat: Text.PlainText
                        text: qsTr("Stopped")
                        font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
                        color: root.palette.text
                    }
                    Label {
                        objectName: "errorBadge"
                        visible: root.errorText !== ""
                        width: Math.min(Math.ceil(implicitWidth) + 1, root._textWidth)
                        textFormat: Text.PlainText
                        text: qsTr("Error: %1").arg(root.errorText)
                        color: KoderTheme.errorColor(root.palette)
                        wrapMode: Text.Wrap
                    }
                }
                // A reply the model's output limit cut off: says so, and the last one offers
                // to go on (Continue, in the same message).
                Item {
                    id: cutOffState
                    objectName: "cutOffState"
                    visible: root.cutOff
                    x: root._startX(this, content)
                    // The note's natural width measured apart: a wrapping label's own implicit
                    // width follows the width it was given, which here follows it.
                    width: Math.min(Math.ceil(cutOffMetrics.advanceWidth) + 2
                                    + (continueButton.visible ? KoderTheme.spacing + continueButton.width : 0),
                                    root._textWidth)
                    height: Math.max(cutOffLabel.height, continueButton.visible ? continueButton.height : 0)

                    Label {
                        id: cutOffLabel
                        objectName: "cutOffNote"
                        anchors.left: parent.left
                        anchors.verticalCenter: parent.verticalCenter
                        width: parent.width - (continueButton.visible ? KoderTheme.spacing + continueButton.width : 0)
                        textFormat: Text.PlainText
                        text: qsTr("Cut off at the model's length limit")
                        wrapMode: Text.Wrap
                        font.italic: !root.LayoutMirroring.enabled // no italics in right-to-left scripts
                        color: root.palette.text
                    }
                    TextMetrics {
                        id: cutOffMetrics
                        font: cutOffLabel.font
                        text: cutOffLabel.text
                    }
                    TargetButton {
                        id: continueButton
                        objectName: "continueReply"
                        anchors.right: parent.right
                        anchors.verticalCenter: parent.verticalCenter
                        // Only while it can be pressed: the last reply, no turn open.
                        visible: root.continueAction.enabled
                        // The way on: drawn as a button (a flat tool button reads as text here).
                        highlighted: true
                        action: root.continueAction
                        Accessible.name: qsTr("Continue the reply")
                    }
                }
            }
        }

        // The keyboard is on the message itself (the current message of a list that has the
        // focus): a ring around its card.
        Rectangle {
            objectName: "focusRing"
            visible: root.activeFocus
            x: card.x - border.width - 1
            y: card.y - border.width - 1
            width: card.width + 2 * (border.width + 1)
            height: card.height + 2 * (border.width + 1)
            radius: KoderTheme.radius + border.width + 1
            color: "transparent"
            border.width: 2
            border.color: KoderTheme.focusColor(root.palette)
        }

        // Under the card, on its side: the versions and the actions, and the tokens used.
        Row {
            id: footer
            objectName: "bubbleFooter"
            y: card.y + card.height
            x: root._onRight ? card.x + card.width - width : card.x
            spacing: KoderTheme.smallSpacing

            Row {
                objectName: "versionSwitcher"
                visible: root.versionCount > 1
                anchors.verticalCenter: parent.verticalCenter
                TargetButton {
                    id: previousVersion
                    objectName: "previousVersion"
                    action: root.previousVersionAction
                    Accessible.name: qsTr("Previous version")
                    Accessible.role: Accessible.Button
                    // At the first version this button turns disabled: the keyboard goes on
                    // to the other arrow instead of nowhere (once both have their new state).
                    onEnabledChanged: {
                        if (!enabled && activeFocus)
                            focusToOtherArrow.restart()
                    }
                }
                Label {
                    objectName: "versionLabel"
                    anchors.verticalCenter: parent.verticalCenter
                    textFormat: Text.PlainText
                    text: qsTr("%1/%2").arg(root.versionIndex + 1).arg(root.versionCount)
                    color: root.palette.windowText
                    Accessible.role: Accessible.StaticText
                    Accessible.name: qsTr("Version %1 of %2").arg(root.versionIndex + 1)
                                                              .arg(root.versionCount)
                }
                TargetButton {
                    id: nextVersion
                    objectName: "nextVersion"
                    action: root.nextVersionAction
                    Accessible.name: qsTr("Next version")
                    Accessible.role: Accessible.Button
                    onEnabledChanged: {
                        if (!enabled && activeFocus)
                            focusToOtherArrow.restart()
                    }
                }
                // Once both arrows have their new state: the one that can still be pressed.
                Timer {
                    id: focusToOtherArrow
                    interval: 0
                    onTriggered: {
                        if (nextVersion.enabled && !previousVersion.enabled)
                            nextVersion.forceActiveFocus(Qt.TabFocusReason)
                        else if (previousVersion.enabled && !nextVersion.enabled)
                            previousVersion.forceActiveFocus(Qt.BacktabFocusReason)
                    }
                }
            }
            // Faded out, not hidden, when not shown: the keyboard still reaches them.
            Row {
                objectName: "actionBar"
                anchors.verticalCenter: parent.verticalCenter
                opacity: root.actionsShown ? 1 : 0
                Behavior on opacity { NumberAnimation { duration: 120 } }

                TargetButton {
                    objectName: "copyMessage"
                    visible: root.copyAction.enabled
                    action: root.copyAction
                    Accessible.name: qsTr("Copy message")
                }
                // A loudspeaker, or a stop square while the message is read; named by what
                // it does, Read aloud or Stop reading.
                TargetButton {
                    id: readAloudButton
                    objectName: "readAloud"
                    visible: root.readAloudAction.enabled
                    action: root.readAloudAction
                    Accessible.name: root.readAloudAction.text
                    ToolTip.text: root.readAloudAction.text
                    ToolTip.visible: readAloudButton.hovered || readAloudButton.visualFocus
                    ToolTip.delay: 500
                    contentItem: Item {
                        implicitWidth: KoderTheme.gridUnit
                        implicitHeight: KoderTheme.gridUnit
                        SpeakerIcon {
                            anchors.fill: parent
                            visible: !root._readingAloud
                        }
                        Rectangle {
                            objectName: "readAloudStop"
                            anchors.centerIn: parent
                            visible: root._readingAloud
                            width: Math.round(Math.min(parent.width, parent.height) * 0.6)
                            height: width
                            radius: KoderTheme.smallSpacing / 2
                            color: root.palette.buttonText
                        }
                    }
                }
                TargetButton {
                    objectName: "regenerate"
                    visible: root.regenerateAction.enabled
                    action: root.regenerateAction
                    Accessible.name: qsTr("Regenerate reply")
                }
                TargetButton {
                    objectName: "edit"
                    visible: root.editAction.enabled
                    action: root.editAction
                    Accessible.name: qsTr("Edit message")
                }
                TargetButton {
                    objectName: "branch"
                    visible: root.branchAction.enabled
                    action: root.branchAction
                    Accessible.name: qsTr("Branch the conversation here")
                }
                Repeater {
                    objectName: "appActions"
                    model: root.actions
                    TargetButton {
                        required property Action modelData
                        action: modelData
                        Accessible.name: modelData.text
                    }
                }
            }
            Label {
                objectName: "usageLabel"
                readonly property int total: root.usage && root.usage.totalTokens
                                             ? root.usage.totalTokens : 0
                visible: !root.streaming && total > 0
                anchors.verticalCenter: parent.verticalCenter
                textFormat: Text.PlainText
                text: qsTr("%n tokens", "", total)
                opacity: 0.7
                font.pixelSize: Math.round(KoderTheme.gridUnit * 0.7)
                color: root.palette.windowText
            }
        }
    }

    // The default card: name, status, arguments (folded when long), result.
    Component {
        id: defaultToolCard
        Rectangle {
            id: toolCard
            objectName: "toolCallCard"
            property var toolCall: ({})
            property var result: null
            property string status: ""
            property bool argumentsUnfolded: false
            property bool resultUnfolded: false
            readonly property bool hasResult: result !== null && result !== undefined
            readonly property string argumentsText: JSON.stringify(toolCard.toolCall.arguments ?? {}, null, 2)
            readonly property bool argumentsFold: argumentsText.split("\n").length > root._foldedLines
            // A server's progress report on a running call (MCP notifications/progress).
            readonly property var progress: toolCard.toolCall.progress
            readonly property var progressTotal: toolCard.toolCall.total
            readonly property string runningText: toolCard.progress === undefined ? qsTr("Running")
                : toolCard.progressTotal === undefined
                  ? qsTr("Running, %1").arg(Number(toolCard.progress).toLocaleString(Qt.locale(), "f", 0))
                  : qsTr("Running, %1 of %2").arg(Number(toolCard.progress).toLocaleString(Qt.locale(), "f", 0))
                                              .arg(Number(toolCard.progressTotal).toLocaleString(Qt.locale(), "f", 0))
            readonly property string statusText: toolCard.status === "running" ? toolCard.runningText
                                               : toolCard.status === "done" ? qsTr("Done")
                                               : toolCard.status === "error" ? qsTr("Failed")
                                               : toolCard.status === "denied" ? qsTr("Denied")
                                               : toolCard.status === "pending" ? qsTr("Waiting for approval")
                                               : toolCard.status === "asking" ? qsTr("Waiting for your answer")
                                               : "" // a bubble on its own that was told no status

            implicitHeight: cardColumn.implicitHeight + 2 * KoderTheme.spacing
            // As wide as its widest line wants (each line's natural width, not its width: the
            // lines take the card's width, so the card does not depend on itself).
            implicitWidth: Math.max(header.implicitWidth, argumentsLabel.implicitWidth,
                                    toolCard.hasResult ? resultBox.implicitWidth : 0)
                           + 2 * KoderTheme.spacing
            radius: KoderTheme.smallRadius
            color: KoderTheme.codeBackground(root.palette)
            border.width: 1
            border.color: toolCard.status === "error" ? KoderTheme.errorColor(root.palette)
                                                      : root.palette.mid
            Accessible.role: Accessible.Grouping
            Accessible.name: qsTr("Tool call %1").arg(toolCard.toolCall.name ?? "")
            Accessible.description: toolCard.statusText

            Column {
                id: cardColumn
                x: KoderTheme.spacing
                y: KoderTheme.spacing
                width: parent.width - 2 * KoderTheme.spacing
                spacing: KoderTheme.smallSpacing

                // Anchors, not a RowLayout: a layout made with the card missed the status's
                // change of width when it came right after (Qt 6.4), leaving it no room.
                Item {
                    id: header
                    width: parent.width
                    implicitWidth: (spinner.visible ? spinner.implicitWidth + KoderTheme.smallSpacing : 0)
                                   + callName.implicitWidth + KoderTheme.smallSpacing
                                   + callStatus.implicitWidth
                    implicitHeight: Math.max(callName.implicitHeight, callStatus.implicitHeight,
                                             spinner.visible ? spinner.implicitHeight : 0)
                    BusyIndicator {
                        id: spinner
                        objectName: "toolCallSpinner"
                        anchors.left: parent.left
                        anchors.verticalCenter: parent.verticalCenter
                        visible: toolCard.status === "running"
                        running: visible
                        implicitWidth: KoderTheme.gridUnit
                        implicitHeight: KoderTheme.gridUnit
                        Accessible.ignored: true
                    }
                    Label {
                        id: callName
                        objectName: "toolCallName"
                        anchors.left: spinner.visible ? spinner.right : parent.left
                        anchors.leftMargin: spinner.visible ? KoderTheme.smallSpacing : 0
                        anchors.right: callStatus.left
                        anchors.rightMargin: KoderTheme.smallSpacing
                        anchors.verticalCenter: parent.verticalCenter
                        textFormat: Text.PlainText
                        text: qsTr("Calls %1").arg(toolCard.toolCall.name ?? "")
                        font.bold: true
                        elide: Text.ElideRight
                        color: root.palette.text
                    }
                    Label {
                        id: callStatus
                        objectName: "toolCallStatus"
                        anchors.right: parent.right
                        anchors.verticalCenter: parent.verticalCenter
                        textFormat: Text.PlainText
                        text: toolCard.statusText
                        color: toolCard.status === "error" ? KoderTheme.errorColor(root.palette)
                             : toolCard.status === "denied" ? KoderTheme.warningColor(root.palette)
                             : toolCard.status === "done" ? KoderTheme.successColor(root.palette)
                             : root.palette.text
                        Accessible.ignored: true // the card's description says it
                    }
                }
                Label {
                    id: argumentsLabel
                    objectName: "toolCallArguments"
                    width: parent.width
                    textFormat: Text.PlainText
                    text: toolCard.argumentsText
                    font.family: KoderTheme.monospaceFont.family
                    wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                    maximumLineCount: toolCard.argumentsFold && !toolCard.argumentsUnfolded
                                      ? root._foldedLines : 100000
                    elide: Text.ElideRight
                    color: root.palette.text
                }
                TargetButton {
                    objectName: "toolCallArgumentsToggle"
                    visible: toolCard.argumentsFold
                    text: toolCard.argumentsUnfolded ? qsTr("Show less") : qsTr("Show all")
                    Accessible.name: toolCard.argumentsUnfolded ? qsTr("Show fewer arguments")
                                                               : qsTr("Show all arguments")
                    onClicked: toolCard.argumentsUnfolded = !toolCard.argumentsUnfolded
                }
                // The result, selectable; a long one folds like the arguments (the frame cuts it).
                Item {
                    id: resultBox
                    visible: toolCard.hasResult
                    width: parent.width
                    clip: true
                    implicitWidth: Math.min(Math.ceil(resultText.implicitWidth) + 1, KoderTheme.readableWidth)
                    implicitHeight: resultText.folds && !toolCard.resultUnfolded
                                    ? Math.ceil(resultText.lineHeight * root._foldedLines * 2)
                                    : resultText.implicitHeight

                    TextEdit {
                        id: resultText
                        objectName: "toolCallResult"
                        readonly property real lineHeight: lineCount > 0 ? contentHeight / lineCount : 0
                        readonly property bool folds: lineCount > root._foldedLines * 2
                        width: parent.width
                        readOnly: true
                        selectByMouse: true
                        textFormat: TextEdit.PlainText
                        text: toolCard.hasResult ? String(toolCard.result.text ?? "") : ""
                        font.family: KoderTheme.monospaceFont.family
                        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                        color: toolCard.status === "error" ? KoderTheme.errorColor(root.palette)
                                                           : root.palette.text
                        selectionColor: root.palette.highlight
                        Accessible.role: Accessible.StaticText
                        Accessible.name: qsTr("Result: %1").arg(text)
                    }
                }
                TargetButton {
                    objectName: "toolCallResultToggle"
                    visible: toolCard.hasResult && resultText.folds
                    text: toolCard.resultUnfolded ? qsTr("Show less") : qsTr("Show all")
                    Accessible.name: toolCard.resultUnfolded ? qsTr("Show less of the result")
                                                             : qsTr("Show the whole result")
                    onClicked: toolCard.resultUnfolded = !toolCard.resultUnfolded
                }
            }
        }
    }
}
