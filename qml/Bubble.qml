// SPDX-License-Identifier: MIT
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent

/*!
    \qmltype Bubble
    \inqmlmodule Koder.Agent
    \brief One message: alignment and colours by role, Markdown rendered safely, streaming,
    stopped and error states, tool call and tool result cards, copy / regenerate / edit / branch,
    and the version switcher (‹ 2/3 ›) of a regenerated reply or an edited message.

    Only the Markdown body is rich text, and only as KoderText.toSafeHtml renders it; everything
    else that comes from outside (reasoning, tool names and arguments, errors) is plain text, so
    no markup in it is interpreted and nothing is fetched.

    \section2 On its own or as a delegate

    A Bubble works on its own: every property has a default (\l role \c "assistant", the
    texts empty, the flags false, no tool calls), so a line or two shows a message:

    \snippet qml/tst_bubble.qml standalone

    As the delegate of a view over a KoderAgentController's \c messages (or a
    KoderVisibleMessages over them), a Bubble takes each property from the KoderMessageModel
    role of the same name when the delegate declares it \c required, as \l ChatView does:

    \snippet qml/tst_bubble.qml delegate

    \section2 Actions of the application

    \l actions adds the application's own buttons beside the built-in ones (a thumbs up,
    "Copy as Markdown", a bookmark): each is an \c Action, shown as a tool button with the
    action's text and icon and in the keyboard's Tab chain, named for a screen reader by the
    action's text.

    The bubble only reports what the user asked for (regenerateRequested(),
    editRequested(), branchRequested(), versionRequested(), linkActivated()); the view decides
    what to do. Copy is the one action it carries out itself (KoderText.copyToClipboard()).

    \section2 What it shows

    A user message sits on the right in the palette's highlight colours; every other message
    on the left (a tool result on the \c base colour, the rest on \c alternateBase). The body is
    selectable. Under it: a busy indicator while the reply streams, a \e Stopped badge for an
    aborted reply, an \e{Error: <text>} badge and a red border for a failed one (or a tool
    result with \l isError), the version switcher (\e{‹ 2/3 ›}) when \l versionCount is more
    than one, and the buttons Copy (when there is text, not while streaming), Regenerate
    (replies, not while streaming), Edit (user messages) and Branch (not while streaming, not
    on tool results).
    A reply's reasoning is shown in italics above its text; each tool call the reply makes is a
    card with the tool's name and its arguments as indented JSON; a tool result carries the
    header \e{Tool <name>: result} or \e{Tool <name>: denied}.

    \section2 Accessibility

    The bubble itself is the message's accessible item, with the role \c StaticText (which
    gives it the text interface live-region events need); the text item inside is hidden from
    assistive technology so the message is not read twice.

    \list
    \li Name: the message's text; while a reply streams, \e{The assistant is writing a reply}.
    \li Description: \e{Your message}, \e{Assistant message}, \e{Result of the tool <name>},
        \e{System message} or \e{Checkpoint}.
    \li Live region: a reply (\c assistant) is a polite \l KoderLiveRegion for its
        \l controller and \l messageId: while it streams, its phrases arrive as text
        insertions, and when it ends the name changes to the whole reply. Other messages are
        silent (\c{Koder.Politeness.Off}).
    \li Inner items: the reasoning (\e{Reasoning: <text>}), each tool call card (role
        \c Grouping, \e{Tool call <name>}), the busy indicator (\e Writing), the version label
        (\c StaticText, \e{Version 2 of 3}), and the buttons \e{Previous version},
        \e{Next version}, \e{Copy message}, \e{Regenerate reply}, \e{Edit message} and
        \e{Branch the conversation here}.
    \endlist

    Keyboard: every button is in the Tab chain and Space presses it. The version buttons are
    disabled at the first and last version and while a turn is open (\l turnOpen), since the
    controller refuses to switch versions then.

    \sa ChatView, KoderLiveRegion, KoderText, {Accessibility}
*/
Item {
    id: root

    /*!
        The controller the message belongs to. Default null.

        It makes the bubble a live region for its reply (see KoderLiveRegion) and tells it
        when a turn is open (\l turnOpen). Without one the bubble shows the message and emits
        its signals, but raises no accessibility events.
    */
    property KoderAgentController controller
    /*!
        The message's id, from the \c messageId role. Every signal of the bubble passes it, and
        the live region listens for announcements about it.
    */
    property string messageId: ""
    /*!
        Who wrote the message, from the \c role role: \c "user", \c "assistant",
        \c "system", \c "tool" or \c "checkpoint". It decides the alignment, the colours,
        the buttons offered and the accessible description.
    */
    property string role: "assistant"
    /*!
        The message's text, from the \c text role: Markdown for user and assistant messages,
        rendered by KoderText.toSafeHtml(); a tool result's text (JSON text when the result is
        not a string) is shown as plain text. It is also the bubble's accessible name once the
        reply has ended.
    */
    property string text: ""
    /*!
        The model's reasoning for this reply, from the \c reasoning role; shown as plain
        text, in italics, above the text when not empty.
    */
    property string reasoning: ""
    /*!
        Whether this is the reply being streamed now, from the \c streaming role. While true
        the bubble shows a busy indicator, hides Copy, Regenerate and Branch, and its
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
        none. When set, the bubble shows \e{Error: <text>} and a red border.
    */
    property string errorText: ""
    /*!
        The tool calls this reply makes, from the \c toolCalls role: a list of maps with
        \c id, \c name, \c arguments (an object) and \c readOnly. Each is shown as a card
        with the tool's name and its arguments as indented JSON, in plain text.
    */
    property var toolCalls: []
    /*!
        For a tool result (\l role \c "tool"), the tool's name, from the \c toolName role;
        shown in the header \e{Tool <name>: result} and in the accessible description.
    */
    property string toolName: ""
    /*!
        For a tool result, whether the tool failed (it threw, was rejected or timed out, or the
        tool is unknown), from the \c isError role; the bubble gets a red border.
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
        The application's own actions for this message, shown after the built-in buttons
        (Copy, Regenerate, Edit, Branch), each as a tool button with the action's text and icon
        (a disabled action gives a disabled button). Empty by default.

        \qml
        Bubble { text: "Hello"; actions: [Action { text: qsTr("Helpful") }] }
        \endqml
    */
    property list<Action> actions

    /*!
        Emitted when the user activates a link in the message; \a url is its target, one of
        the \c http:, \c https: or \c mailto: links that KoderText.toSafeHtml() keeps. The
        bubble opens nothing itself: the application decides, for example with
        \c{if (KoderText.isSafeLink(url)) Qt.openUrlExternally(url)}.
    */
    signal linkActivated(string url)
    /*!
        Emitted when the user presses Regenerate on the reply \a messageId. A view answers
        with \c{controller.regenerate(messageId)}, which keeps this reply as an older version.
    */
    signal regenerateRequested(string messageId)
    /*!
        Emitted when the user presses Edit on the user message \a messageId; \a text is its
        current text, to start the editor with. A view lets the user change it and calls
        \c{controller.edit(messageId, newText)}.
    */
    signal editRequested(string messageId, string text)
    /*!
        Emitted when the user presses Branch on the message \a messageId. A view answers with
        \c{controller.branch(messageId)}, which copies the conversation up to that message
        into a new one.
    */
    signal branchRequested(string messageId)
    /*!
        Emitted when the user presses the previous- or next-version button of the message
        \a messageId; \a index is the 0-based version asked for. A view answers with
        \c{controller.switchVersion(messageId, index)}.
    */
    signal versionRequested(string messageId, int index)

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
        True while the \l controller has a turn open (its \c abortable). Versions cannot be
        switched then (the controller refuses it), so the version buttons are disabled.
    */
    readonly property bool turnOpen: controller !== null && controller.abortable

    implicitWidth: card.implicitWidth
    implicitHeight: card.implicitHeight + 8

    Accessible.role: Accessible.StaticText
    Accessible.name: streaming ? qsTr("The assistant is writing a reply") : root.text
    Accessible.description: fromUser ? qsTr("Your message")
                          : isTool ? qsTr("Result of the tool %1").arg(toolName)
                          : role === "system" ? qsTr("System message")
                          : role === "checkpoint" ? qsTr("Checkpoint")
                          : qsTr("Assistant message")
    KoderLiveRegion.controller: root.controller
    KoderLiveRegion.messageId: root.messageId
    KoderLiveRegion.politeness: root.isAssistant ? Koder.Politeness.Polite : Koder.Politeness.Off

    Rectangle {
        id: card
        objectName: "bubbleCard"
        anchors.right: root.fromUser ? parent.right : undefined
        anchors.left: root.fromUser ? undefined : parent.left
        anchors.margins: KoderTheme.spacing
        width: Math.min(implicitWidth, root.width * 0.85)
        implicitWidth: Math.max(content.implicitWidth, KoderTheme.gridUnit * 7)
                       + 2 * KoderTheme.largeSpacing
        implicitHeight: content.implicitHeight + 2 * KoderTheme.spacing
        radius: KoderTheme.radius
        color: root.fromUser ? palette.highlight
             : root.isTool ? palette.base
             : palette.alternateBase
        border.width: root.isError || root.errorText !== "" ? 2 : 1
        border.color: root.isError || root.errorText !== "" ? KoderTheme.errorColor(palette) : palette.mid

        ColumnLayout {
            id: content
            x: KoderTheme.largeSpacing
            y: KoderTheme.spacing
            width: parent.width - 2 * KoderTheme.largeSpacing
            spacing: KoderTheme.smallSpacing

            Label {
                objectName: "toolHeader"
                visible: root.isTool
                textFormat: Text.PlainText
                text: root.denied ? qsTr("Tool %1: denied").arg(root.toolName)
                                  : qsTr("Tool %1: result").arg(root.toolName)
                font.bold: true
                color: palette.text
                Layout.fillWidth: true
            }

            Label {
                objectName: "reasoningLabel"
                visible: root.reasoning !== ""
                textFormat: Text.PlainText
                text: root.reasoning
                wrapMode: Text.Wrap
                font.italic: true
                opacity: 0.7
                color: palette.text
                Layout.fillWidth: true
                Accessible.name: qsTr("Reasoning: %1").arg(root.reasoning)
            }

            TextEdit {
                id: body
                objectName: "bubbleBody"
                visible: root.text !== ""
                readOnly: true
                selectByMouse: true
                wrapMode: Text.Wrap
                textFormat: root.isTool ? TextEdit.PlainText : TextEdit.RichText
                text: root.isTool ? root.text : KoderText.toSafeHtml(root.text)
                color: root.fromUser ? palette.highlightedText : palette.text
                selectionColor: palette.highlight
                Layout.fillWidth: true
                Layout.preferredWidth: Math.min(implicitWidth, KoderTheme.readableWidth)
                Accessible.ignored: true // the bubble itself speaks for the text
                onLinkActivated: (link) => root.linkActivated(link)
            }

            Repeater {
                model: root.toolCalls
                delegate: Frame {
                    id: callCard
                    objectName: "toolCallCard"
                    required property var modelData
                    Layout.fillWidth: true
                    Accessible.role: Accessible.Grouping
                    Accessible.name: qsTr("Tool call %1").arg(callCard.modelData.name)
                    ColumnLayout {
                        anchors.fill: parent
                        Label {
                            objectName: "toolCallName"
                            textFormat: Text.PlainText
                            text: qsTr("Calls %1").arg(callCard.modelData.name)
                            font.bold: true
                            color: palette.text
                        }
                        Label {
                            objectName: "toolCallArguments"
                            textFormat: Text.PlainText
                            text: JSON.stringify(callCard.modelData.arguments, null, 2)
                            font.family: KoderTheme.monospaceFont.family
                            wrapMode: Text.WrapAnywhere
                            color: palette.text
                            Layout.fillWidth: true
                        }
                    }
                }
            }

            RowLayout {
                spacing: KoderTheme.spacing
                Layout.fillWidth: true

                BusyIndicator {
                    objectName: "streamingIndicator"
                    visible: root.streaming
                    running: root.streaming
                    implicitWidth: 20
                    implicitHeight: 20
                    Accessible.name: qsTr("Writing")
                }
                Label {
                    objectName: "stoppedBadge"
                    visible: root.aborted
                    textFormat: Text.PlainText
                    text: qsTr("Stopped")
                    font.italic: true
                    color: palette.text
                }
                Label {
                    objectName: "errorBadge"
                    visible: root.errorText !== ""
                    textFormat: Text.PlainText
                    text: qsTr("Error: %1").arg(root.errorText)
                    color: KoderTheme.errorColor(palette)
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Item { Layout.fillWidth: true }
                RowLayout {
                    objectName: "versionSwitcher"
                    visible: root.versionCount > 1
                    spacing: 0
                    ToolButton {
                        objectName: "previousVersion"
                        text: "\u2039"
                        enabled: root.versionIndex > 0 && !root.turnOpen
                        Accessible.name: qsTr("Previous version")
                        Accessible.role: Accessible.Button
                        onClicked: root.versionRequested(root.messageId, root.versionIndex - 1)
                    }
                    Label {
                        objectName: "versionLabel"
                        textFormat: Text.PlainText
                        text: qsTr("%1/%2").arg(root.versionIndex + 1).arg(root.versionCount)
                        color: palette.text
                        Accessible.role: Accessible.StaticText
                        Accessible.name: qsTr("Version %1 of %2").arg(root.versionIndex + 1)
                                                                  .arg(root.versionCount)
                    }
                    ToolButton {
                        objectName: "nextVersion"
                        text: "\u203a"
                        enabled: root.versionIndex < root.versionCount - 1 && !root.turnOpen
                        Accessible.name: qsTr("Next version")
                        Accessible.role: Accessible.Button
                        onClicked: root.versionRequested(root.messageId, root.versionIndex + 1)
                    }
                }
                ToolButton {
                    visible: !root.streaming && root.text !== ""
                    text: qsTr("Copy")
                    Accessible.name: qsTr("Copy message")
                    onClicked: KoderText.copyToClipboard(root.text)
                }
                ToolButton {
                    visible: root.isAssistant && !root.streaming
                    text: qsTr("Regenerate")
                    Accessible.name: qsTr("Regenerate reply")
                    onClicked: root.regenerateRequested(root.messageId)
                }
                ToolButton {
                    visible: root.fromUser
                    text: qsTr("Edit")
                    Accessible.name: qsTr("Edit message")
                    onClicked: root.editRequested(root.messageId, root.text)
                }
                ToolButton {
                    visible: !root.streaming && !root.isTool
                    text: qsTr("Branch")
                    Accessible.name: qsTr("Branch the conversation here")
                    onClicked: root.branchRequested(root.messageId)
                }
                Repeater {
                    objectName: "appActions"
                    model: root.actions
                    ToolButton {
                        required property Action modelData
                        action: modelData
                        Accessible.name: modelData.text
                    }
                }
            }
        }
    }
}
