// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent
import KoderDemo
import "usage.js" as Usage

/*
    The demo window: conversations on the left, the chat in the middle, the core's event log on
    the right (View > Debug panel). Everything the library offers is wired here in plain QML.
*/
ApplicationWindow {
    id: window

    required property DemoSettings settings
    required property Appearance appearance
    required property NoteBook notes
    required property string storePath
    /*! The MCP servers' configuration file (main() reads it and adds its servers to the
        controller); null: none. Settings shows its servers, its problems and where it is. */
    property McpConfiguration mcp: null
    /*! The controller, for main() and the headless mode. */
    readonly property alias agent: agent
    // For tests.
    readonly property alias store: store
    readonly property alias conversationPane: conversations
    readonly property alias chatView: chat
    readonly property alias debugPanel: debugPanel
    readonly property alias settingsDialog: settingsDialog
    readonly property alias linkDialog: linkDialog
    readonly property alias speech: speech
    readonly property alias dictation: dictation
    readonly property alias transcriber: transcriber
    readonly property alias voiceMenu: voiceMenu
    readonly property alias conversationModeAction: conversationModeAction
    readonly property alias readAloudAction: readAloudAction

    /*! The key the settings hold for \a provider (openai, responses, ollama, anthropic, agui),
        or "". */
    function apiKey(provider: string): string {
        const keys = settings.apiKeys
        return keys[provider] || ""
    }

    /*! Sends \a text (the command line's --send) in a new conversation. */
    function sendText(text: var) {
        if (agent.messages.count > 0)
            conversations.startNew()
        agent.send(String(text))
    }

    /*!
        Gives the keyboard focus to where the user goes on after a conversation was opened or
        started: the permission prompt or the question prompt when it waits and took the focus,
        else the message input.
    */
    function focusWhereTheUserTypes() {
        if ((agent.status === "reviewingToolCall" || agent.status === "awaitingInput")
                && window.focusIsIn(chat))
            return // the prompt took it: the user decides or answers first
        chat.focusInput()
    }
    function focusIsIn(item: Item): bool {
        for (let focused = window.activeFocusItem; focused; focused = focused.parent)
            if (focused === item)
                return true
        return false
    }

    /*! Opens the conversation \a id and puts the focus where the user types. */
    function openConversation(id: string) {
        agent.conversationId = id
        focusWhereTheUserTypes()
    }

    /*!
        True when the UI's language is written right to left: the window is mirrored then. The
        chosen language's script decides; with the system's language, the application's layout
        direction (which an Arabic or Hebrew translation sets).
    */
    readonly property bool rightToLeft: settings.language !== ""
                                        ? Qt.locale(settings.language).textDirection === Qt.RightToLeft
                                        : Qt.application.layoutDirection === Qt.RightToLeft
    LayoutMirroring.enabled: rightToLeft
    LayoutMirroring.childrenInherit: true
    onRightToLeftChanged: orderPanes()

    // SplitView does not mirror in Qt 6.4: the panes change places instead (the list at the
    // start of the line, the debug panel at its end).
    function orderPanes() {
        const wanted = rightToLeft ? [debugPanel, chat, conversations]
                                   : [conversations, chat, debugPanel]
        for (let i = 0; i < wanted.length; ++i) {
            for (let at = i; at < split.count; ++at) {
                if (split.itemAt(at) === wanted[i]) {
                    if (at !== i)
                        split.moveItem(at, i)
                    break
                }
            }
        }
    }

    // At launch the last conversation comes back (the newest stored one, say one that waits for
    // an approval), and the keys go where the user types.
    Component.onCompleted: {
        const stored = store.conversations()
        if (stored.length > 0 && agent.messages.count === 0)
            agent.conversationId = stored[0].id
        orderPanes()
        focusWhereTheUserTypes()
    }

    // The offline agent has no model: it calls a tool when the words ask for one, and answers
    // with a fixed reply. A real server decides this itself.
    function prepareLocalAgent() {
        if (agent.transport !== localAgent)
            return
        let text = ""
        for (let row = agent.messages.count - 1; row >= 0 && text === ""; --row) {
            const message = agent.messages.get(row)
            if (message.role === "user")
                text = message.text
        }
        const note = /^\s*((save|speichere?|guardar?|salvar?|احفظ)\s+((a|eine|una|uma)\s+)?)?(note|notiz|nota|ملاحظة)\s*:?\s*/i
        if (note.test(text)) {
            localAgent.toolCalls = [{ name: "save_note", arguments: { text: text.replace(note, "") } }]
            // Said after the tool's answer (the reply streams in the step after it), so it
            // can say what happened; this is what it says when the call was not run.
            localAgent.reply = qsTr("The save_note tool did not run, so nothing was saved.")
        } else if (/\b(ask me|frag mich|me pergunte|pergunte-me)\b|pregúntame|preguntame|اسألني|اسالني/i.test(text)) {
            localAgent.toolCalls = [{ name: "ask_user", arguments: {
                question: qsTr("Which colour should the next note be?"),
                options: [qsTr("Red"), qsTr("Green"), qsTr("Blue")],
                allowOther: true
            } }]
            // Replaced by what the user answered (readAnswer()); this is what it says when the
            // question was never asked.
            localAgent.reply = qsTr("The ask_user tool did not run, so I could not ask you anything.")
        } else if (/time|clock|hora|uhr|spät|reloj|relógio|الساعة|الوقت/i.test(text)) {
            localAgent.toolCalls = [{ name: "get_time", arguments: {} }]
            localAgent.reply = qsTr("I read the clock with the get_time tool, which may run without asking because it only reads. Its answer is above.")
        } else {
            localAgent.toolCalls = []
            localAgent.reply = qsTr("You said: “%1”\n\nI am the **offline demo agent**: this reply streams word by word, with no network and no model. Try:\n\n- *What time is it?* — a read-only tool runs at once\n- *Save a note: buy milk* — a writing tool asks for your permission first\n- *Ask me a question* — the agent asks you something and waits for your answer\n\nOpen **Settings** to talk to a real model instead.")
                                   .arg(text)
        }
    }

    /*!
        The offline agent's reply after its question says what the user answered. The ask_user
        call's result (the answer, or that none came) is a tool row, inserted before the step
        after it starts and reads the agent's reply; rows \a first to \a last were inserted.
    */
    function readAnswer(first: int, last: int) {
        if (agent.transport !== localAgent)
            return
        for (let row = first; row <= last; ++row) {
            const message = agent.messages.get(row)
            if (message.role !== "tool" || message.toolName !== "ask_user")
                continue
            const input = message.metadata ? message.metadata.input : undefined
            localAgent.reply = input && input.decision === "answered"
                ? qsTr("You chose “%1”: your answer came back to me as the result of the ask_user tool.").arg(message.text)
                : qsTr("You did not answer, and that is fine: the ask_user tool told me so, and I go on without it.")
        }
    }

    width: 1100
    height: 720
    minimumWidth: 560
    minimumHeight: 400
    visible: true
    title: qsTr("Koder Agent demo")

    readonly property var colors: appearance ? appearance.colors : ({})
    // A chosen theme sets every role; "system" leaves them unset (undefined resets a role).
    palette {
        window: window.colors.window
        windowText: window.colors.windowText
        base: window.colors.base
        alternateBase: window.colors.alternateBase
        text: window.colors.text
        button: window.colors.button
        buttonText: window.colors.buttonText
        brightText: window.colors.brightText
        highlight: window.colors.highlight
        highlightedText: window.colors.highlightedText
        link: window.colors.link
        linkVisited: window.colors.linkVisited
        placeholderText: window.colors.placeholderText
        toolTipBase: window.colors.toolTipBase
        toolTipText: window.colors.toolTipText
        mid: window.colors.mid
        midlight: window.colors.midlight
        light: window.colors.light
        dark: window.colors.dark
        shadow: window.colors.shadow
        disabled.text: window.colors.disabledText
        disabled.windowText: window.colors.disabledText
        disabled.buttonText: window.colors.disabledText
    }

    KoderConversationStore {
        id: store
        path: window.storePath
    }

    //! [local-agent]
    KoderLocalAgent {
        id: localAgent
        tokensPerSecond: 40
    }
    //! [local-agent]
    //! [openai-transport]
    KoderOpenAiTransport {
        id: openAi
        baseUrl: window.settings.baseUrl
        model: window.settings.model
        apiKey: window.apiKey("openai")
    }
    //! [openai-transport]
    //! [responses-transport]
    KoderResponsesTransport {
        id: responses
        baseUrl: window.settings.responsesUrl
        model: window.settings.responsesModel
        reasoningEffort: window.settings.responsesReasoningEffort
        reasoningSummary: window.settings.responsesReasoningSummary
        apiKey: window.apiKey("responses")
    }
    //! [responses-transport]
    //! [ollama-transport]
    KoderOllamaTransport {
        id: ollama
        baseUrl: window.settings.ollamaUrl
        model: window.settings.ollamaModel
        think: window.settings.ollamaThink
        apiKey: window.apiKey("ollama")
    }
    //! [ollama-transport]
    //! [anthropic-transport]
    KoderAnthropicTransport {
        id: anthropic
        baseUrl: window.settings.anthropicUrl
        model: window.settings.anthropicModel
        thinkingBudget: window.settings.anthropicThinkingBudget
        apiKey: window.apiKey("anthropic")
    }
    //! [anthropic-transport]
    //! [websocket-transport]
    KoderWebSocketTransport {
        id: webSocket
        url: window.settings.wsUrl
    }
    //! [websocket-transport]
    //! [agui-transport]
    KoderAgUiTransport {
        id: agUi
        url: window.settings.aguiUrl
        apiKey: window.apiKey("agui")
    }
    //! [agui-transport]

    // The voice. Replies are read aloud as they stream when the settings say so; dictation
    // sends what the user says to the speech-to-text server of the settings. Without a server
    // the chat gets no dictation, so the message box shows no microphone that could only fail:
    // Voice > Set up dictation… and the settings say where to set one. What goes wrong (no
    // microphone, the server down, a voice that cannot speak) the message box says above the
    // input, as an alert.
    //! [voice]
    KoderSpeech {
        id: speech
        controller: agent
        readAloud: window.settings.readAloud
        voice: window.settings.speechVoice
        rate: window.settings.speechRate
    }
    KoderTranscriber {
        id: transcriber
        baseUrl: window.settings.transcriptionUrl
        model: window.settings.transcriptionModel || "whisper-1"
        language: window.settings.transcriptionLanguage
        apiKey: window.apiKey("transcription")
    }
    KoderDictation {
        id: dictation
        speech: speech
        transcriber: transcriber
    }
    //! [voice]
    /*! Whether dictation is offered: a speech-to-text server is set. */
    readonly property bool dictationAvailable: settings.transcriptionUrl !== ""
    // The server was taken away: a recording under way is dropped (the chat's conversation
    // mode ends by itself).
    onDictationAvailableChanged: {
        if (!dictationAvailable)
            dictation.cancel()
    }

    /*! The transport of each agent the settings offer. */
    //! [transport-choice]
    readonly property var transports: ({ local: localAgent, openai: openAi, responses: responses,
                                         ollama: ollama, anthropic: anthropic, ws: webSocket,
                                         agui: agUi })
    //! [transport-choice]
    /*! What the header says the demo talks to. */
    readonly property string agentName: {
        switch (settings.agent) {
        case "openai": return qsTr("OpenAI-compatible: %1").arg(settings.model || settings.baseUrl)
        case "responses": return qsTr("OpenAI Responses: %1").arg(settings.responsesModel || settings.responsesUrl)
        case "ollama": return qsTr("Ollama: %1").arg(settings.ollamaModel)
        case "anthropic": return qsTr("Anthropic: %1").arg(settings.anthropicModel)
        case "ws": return qsTr("WebSocket: %1").arg(settings.wsUrl)
        case "agui": return qsTr("AG-UI agent: %1").arg(settings.aguiUrl)
        default: return qsTr("Offline local agent")
        }
    }

    // Tokens: each assistant reply's usage (the debug panel lists them, the status bar shows the
    // last one) and their sum for the conversation on screen (the header). Read again when a
    // reply ends, the conversation changes or its rows change (not per streamed token).
    /*! {messageId, usage, total, refused, finishReason} per assistant reply, oldest first. */
    property var replyUsage: []
    property int conversationTokens: 0
    readonly property var lastReply: replyUsage.length > 0 ? replyUsage[replyUsage.length - 1] : null

    function readUsage() {
        const replies = []
        let total = 0
        const rows = agent.messages
        for (let row = 0; row < rows.count; ++row) {
            const message = rows.get(row)
            if (message.role !== "assistant" || message.streaming)
                continue
            const tokens = Usage.tokensOf(message.usage)
            const refused = !!(message.metadata && message.metadata.refusal)
            total += tokens
            if (tokens > 0 || refused)
                replies.push({ messageId: message.messageId, usage: message.usage || {},
                               total: tokens, refused: refused,
                               finishReason: message.finishReason || "" })
        }
        replyUsage = replies
        conversationTokens = total
    }
    Timer {
        id: usageRead
        interval: 150
        onTriggered: window.readUsage()
    }
    Connections {
        target: agent.messages
        function onCountChanged() { usageRead.restart() }
        function onRowsInserted(parent: var, first: int, last: int) { window.readAnswer(first, last) }
        function onModelReset() { usageRead.restart() }
        function onDataChanged() { usageRead.restart() }
    }

    // The model's context window: the one set in Settings; else, for the offline agent, a
    // small one, so that the meter and compaction can be tried without a model; else 0, which
    // tells the controller to use the one its transport reports.
    readonly property int contextWindow: settings.contextWindow > 0 ? settings.contextWindow
                                         : agent.transport === localAgent ? 4000 : 0
    Binding {
        target: agent
        property: "contextWindow"
        value: window.contextWindow
    }
    /*! The reply that failed because the prompt was too long (the error's messageId); "" when
        there is none, or another reply started since. */
    property string contextFailedReply: ""
    /*! Compact and retry was asked: once the compaction ends with a summary, the failed reply
        is asked for again. */
    property bool retryAfterCompaction: false
    readonly property bool contextTooLong: !!agent.lastError && agent.lastError.code === "context_length"
    /*! Summarises the earlier messages, then asks for the failed reply again (when there is
        one). Returns whether the compaction started. */
    function compactAndRetry(): bool {
        // Set first: a compaction that ends at once still finds it.
        retryAfterCompaction = contextFailedReply !== ""
        const started = agent.compact()
        if (!started)
            retryAfterCompaction = false
        return started
    }
    /*! Why the last compaction failed or was refused, shown in the status bar for a few
        seconds; "" none. */
    property string compactionError: ""
    function showCompactionError(message: string) {
        compactionError = message
        compactionErrorTimer.restart()
    }
    Timer {
        id: compactionErrorTimer
        interval: 8000
        onTriggered: window.compactionError = ""
    }
    /*! The conversation's cost, in dollars with four decimals, as the language writes
        numbers. */
    function costText(cost: real): string {
        return qsTr("$%1").arg(Number(cost).toLocaleString(Qt.locale(), "f", 4))
    }

    KoderAgentController {
        id: agent
        store: store
        //! [controller-transport]
        transport: window.transports[window.settings.agent] || localAgent
        //! [controller-transport]
        autoAccept: window.settings.autoAccept
        toolPolicies: window.settings.toolPolicies
        busyPolicy: window.settings.busyPolicy
        // "Always" in the permission prompt changes a tool's policy: the demo keeps it.
        onToolPoliciesChanged: {
            if (JSON.stringify(toolPolicies) === JSON.stringify(window.settings.toolPolicies))
                return
            window.settings.toolPolicies = toolPolicies
            window.settings.save()
        }
        // The offline agent's answer to a note follows what the tool did (its reply is read
        // when the step after the tool's result starts).
        onToolExecutionFinished: (call, result) => {
            if (agent.transport !== localAgent || call.name !== "save_note")
                return
            localAgent.reply = result.isError
                ? qsTr("The save_note tool could not save the note: %1").arg(result.result)
                : qsTr("That was the save_note tool: your note is in your notes file.")
        }
        systemPrompt: "You are the assistant of the Koder Agent demo. You can read the clock, "
                      + "save notes for the user and ask the user a question with your tools."

        //! [demo-tools]
        KoderTool {
            name: "get_time"
            description: qsTr("The current date and time on the user's computer")
            parameters: ({ type: "object", properties: {} })
            readOnly: true
            handler: function() { return new Date().toLocaleString(Qt.locale()) }
        }
        KoderTool {
            name: "save_note"
            description: qsTr("Saves a note for the user in their notes file")
            parameters: ({ type: "object", properties: { text: { type: "string" } },
                           required: ["text"] })
            readOnly: false // writes a file: asks first unless auto-accept is "always"
            handler: function(args) { return window.notes.save(args.text) }
        }
        // ask_user: the agent asks the user a question (the question prompt shows it) and
        // reads the answer as the call's result.
        KoderAskUserTool {}
        //! [demo-tools]

        autoCompact: window.settings.autoCompact / 100
        // A prompt too long for the model: the status bar offers to compact and retry that
        // reply.
        onError: (error) => {
            if (error.code === "context_length")
                window.contextFailedReply = error.messageId || ""
        }
        onCompactionFinished: (summaryMessageId, error) => {
            const retry = window.retryAfterCompaction
            window.retryAfterCompaction = false
            if (error)
                window.showCompactionError(error.message || error.code || "")
            else
                window.compactionError = ""
            // Asked again only while nothing else runs and the failed reply is still the
            // last message: the user may have gone on meanwhile.
            const rows = agent.messages
            const failed = window.contextFailedReply
            if (retry && summaryMessageId !== "" && failed !== "" && !agent.abortable
                    && rows.count > 0 && rows.get(rows.count - 1).messageId === failed)
                agent.regenerate(failed)
        }
        onRejected: (action, reason) => {
            if (action === "compact")
                window.showCompactionError(reason)
        }
        // Another reply started: the failed one is no longer the one to retry.
        onStreamStart: window.contextFailedReply = ""

        // The offline agent has no model behind it: this hook tells it what to do this turn.
        onTurnStarting: window.prepareLocalAgent()
        onStreamEnd: window.readUsage()
        onConversationIdChanged: window.readUsage()
    }

    // Qt 6.4's Fusion draws a disabled menu item like an enabled one: faded here, so that
    // Export without a conversation, or Dictate without a speech-to-text server, looks off.
    // Its check box is outlined in a shade of the window, which a dark theme hides (an
    // unchecked Conversation mode showed no box at all), and its check mark is a tinted image
    // (QQuickColorImage) whose texture Qt 6.4 never frees: a box of its own here, framed in a
    // colour that reads on light and dark windows, with a text check mark.
    component MenuEntry: MenuItem {
        id: entry
        opacity: enabled ? 1 : 0.45
        arrow: null // no submenus here; the style's arrow is such a tinted image too
        indicator: Rectangle {
            implicitWidth: 14
            implicitHeight: 14
            x: entry.mirrored ? entry.width - width - entry.rightPadding : entry.leftPadding
            y: entry.topPadding + (entry.availableHeight - height) / 2
            visible: entry.checkable
            radius: 2
            color: "transparent"
            border.width: 1
            border.color: entry.palette.placeholderText
            Label {
                anchors.centerIn: parent
                textFormat: Text.PlainText
                text: "\u2713"
                visible: entry.checked
                color: entry.palette.windowText
                font.pixelSize: parent.height
                Accessible.ignored: true
            }
        }
    }

    menuBar: MenuBar {
        Menu {
            title: qsTr("&File")
            delegate: MenuEntry {}
            Action {
                text: qsTr("&New conversation")
                shortcut: "Ctrl+N"
                onTriggered: conversations.startNew()
            }
            Action {
                text: qsTr("&Settings…")
                shortcut: "Ctrl+,"
                onTriggered: settingsDialog.open()
            }
            MenuSeparator {}
            // The conversation shown; its row's menu in the list has the same.
            Action {
                text: qsTr("Export as &Markdown…")
                enabled: conversations.currentStored
                onTriggered: conversations.exportConversation(agent.conversationId, "markdown")
            }
            Action {
                text: qsTr("Export as &HTML…")
                enabled: conversations.currentStored
                onTriggered: conversations.exportConversation(agent.conversationId, "html")
            }
            MenuSeparator {}
            Action {
                text: qsTr("&Quit")
                shortcut: "Ctrl+Q"
                onTriggered: Qt.quit()
            }
        }
        // Dictation (the message box's microphone, Ctrl+Shift+M in the input), conversation mode
        // and reading aloud; both need a speech-to-text server, which the last item sets up.
        Menu {
            id: voiceMenu
            objectName: "voiceMenu"
            title: qsTr("V&oice")
            delegate: MenuEntry {}
            // "Dictate", or "Stop dictation" while recording: the chat's own command.
            MenuEntry {
                objectName: "dictateItem"
                action: chat.dictateAction
            }
            Action {
                id: conversationModeAction
                text: qsTr("&Conversation mode")
                checkable: true
                // Listening needs dictation, which needs a speech-to-text server.
                enabled: chat.conversationAction.enabled
                checked: chat.conversationMode
                shortcut: "Ctrl+Shift+L"
                onToggled: {
                    chat.conversationMode = checked
                    checked = Qt.binding(() => chat.conversationMode)
                }
            }
            MenuSeparator {}
            Action {
                id: readAloudAction
                text: qsTr("&Read replies aloud")
                checkable: true
                checked: window.settings.readAloud
                shortcut: "Ctrl+Shift+R"
                onToggled: {
                    window.settings.readAloud = checked
                    window.settings.saveSetting("readAloud")
                    if (!checked)
                        speech.stop()
                    // Settings may change it too.
                    checked = Qt.binding(() => window.settings.readAloud)
                }
            }
            Action {
                text: qsTr("&Stop reading")
                enabled: speech.speaking
                onTriggered: speech.stop()
            }
            MenuSeparator {}
            Action {
                text: window.dictationAvailable ? qsTr("&Voice settings…") : qsTr("Set up &dictation…")
                onTriggered: settingsDialog.openVoiceSettings()
            }
        }
        Menu {
            title: qsTr("&View")
            delegate: MenuEntry {}
            Action {
                text: qsTr("&Debug panel")
                checkable: true
                checked: window.settings.showDebug
                shortcut: "Ctrl+D"
                onToggled: {
                    window.settings.showDebug = checked
                    window.settings.save()
                }
            }
            Action {
                text: qsTr("Show &tool results")
                checkable: true
                checked: chat.showToolResults
                onToggled: chat.showToolResults = checked
            }
        }
    }

    header: ToolBar {
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: 8
            anchors.rightMargin: 8
            spacing: KoderTheme.largeSpacing
            // Everything here shrinks (the labels elide) rather than overlap at the window's
            // minimum width; the title takes what is left.
            Label {
                objectName: "conversationTitle"
                Layout.fillWidth: true
                Layout.minimumWidth: KoderTheme.gridUnit * 3
                elide: Text.ElideRight
                // At the start of the line whatever the title's own script: an Arabic title in an
                // English window does not run into the agent's name (and mirrors with the window).
                horizontalAlignment: Text.AlignLeft
                font.bold: true
                textFormat: Text.PlainText
                text: conversations.currentTitle || qsTr("New conversation")
                Accessible.role: Accessible.Heading
            }
            Label {
                id: totalLabel
                objectName: "conversationTokens"
                visible: window.conversationTokens > 0
                Layout.fillWidth: true
                Layout.maximumWidth: implicitWidth
                Layout.minimumWidth: Math.min(implicitWidth, KoderTheme.gridUnit * 2)
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: qsTr("This conversation: %1").arg(Usage.tokenText(window.conversationTokens))
                opacity: 0.75
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
            // How full the model's context is, and Compact beside it.
            ContextMeter {
                id: headerMeter
                objectName: "headerContextMeter"
                controller: agent
                Layout.minimumWidth: KoderTheme.gridUnit * 4
            }
            ToolButton {
                objectName: "headerCompact"
                visible: headerMeter.visible
                enabled: agent.canCompact
                opacity: enabled ? 1 : 0.4 // Qt 6.4 draws a disabled tool button as an enabled one
                text: qsTr("Compact")
                onClicked: {
                    const fromKeyboard = activeFocus
                    // It turns disabled while the compaction runs: the keys go to the input.
                    if (chat.compact() && fromKeyboard)
                        chat.focusInput()
                }
                Accessible.name: qsTr("Compact the conversation")
                Accessible.description: qsTr("Summarises the earlier messages to free the model's context")
                ToolTip.visible: hovered || visualFocus
                ToolTip.text: Accessible.description
                ToolTip.delay: 500
            }
            Label {
                objectName: "conversationCost"
                visible: Object.keys(agent.pricing).length > 0
                Layout.fillWidth: true
                Layout.maximumWidth: implicitWidth
                Layout.minimumWidth: Math.min(implicitWidth, KoderTheme.gridUnit * 2)
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: qsTr("Cost: %1").arg(window.costText(agent.cost))
                opacity: 0.75
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
            Label {
                objectName: "agentLabel"
                Layout.fillWidth: true
                Layout.maximumWidth: implicitWidth
                Layout.minimumWidth: Math.min(implicitWidth, KoderTheme.gridUnit * 2)
                elide: Text.ElideRight
                textFormat: Text.PlainText
                text: window.agentName
                opacity: 0.75
                Accessible.role: Accessible.StaticText
                Accessible.name: qsTr("Agent: %1").arg(text)
            }
            ToolButton {
                objectName: "headerSettings"
                text: qsTr("Settings")
                onClicked: settingsDialog.open()
                Accessible.name: text
            }
        }
    }

    // The status bar: the last reply's tokens (and whether the model declined), and a store
    // problem (cannot open, cannot write, a damaged row), which is said, never hidden.
    footer: Pane {
        visible: store.error !== "" || window.lastReply !== null || window.contextTooLong
                 || window.compactionError !== ""
        padding: 4
        leftPadding: 8
        rightPadding: 8
        ColumnLayout {
            anchors.fill: parent
            spacing: 2
            RowLayout {
                visible: window.lastReply !== null
                Layout.fillWidth: true
                spacing: 12
                Label {
                    id: lastReplyLabel
                    objectName: "lastReplyTokens"
                    visible: window.lastReply !== null && window.lastReply.total > 0
                    textFormat: Text.PlainText
                    text: window.lastReply ? qsTr("Last reply: %1").arg(Usage.tokenText(window.lastReply.total)) : ""
                    opacity: 0.75
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                    Accessible.description: window.lastReply ? Usage.details(window.lastReply.usage) : ""
                    HoverHandler { id: lastReplyHover }
                    ToolTip.visible: lastReplyHover.hovered && Accessible.description !== ""
                    ToolTip.text: Accessible.description
                }
                Label {
                    objectName: "declinedNote"
                    visible: window.lastReply !== null && window.lastReply.refused
                    textFormat: Text.PlainText
                    text: qsTr("Declined")
                    font.italic: !LayoutMirroring.enabled // no italics in right-to-left scripts
                    Accessible.role: Accessible.StaticText
                    Accessible.name: qsTr("The model declined to answer")
                }
            }
            // The prompt no longer fits the model: compact the earlier messages, then ask for
            // the reply again.
            RowLayout {
                objectName: "contextTooLong"
                visible: window.contextTooLong
                // Qt 6.4 keeps a wrapping label's height stale in a row that does not fill.
                Layout.fillWidth: true
                spacing: 12
                Label {
                    objectName: "contextTooLongNote"
                    Layout.fillWidth: true
                    textFormat: Text.PlainText
                    text: qsTr("The conversation is too long for the model's context.")
                    wrapMode: Text.Wrap
                    color: KoderTheme.errorColor(palette)
                    Accessible.role: Accessible.AlertMessage
                    Accessible.name: text
                }
                Button {
                    objectName: "compactAndRetry"
                    // Without a failed reply to ask for again (it was not said which, or
                    // another reply started since), it only compacts.
                    text: window.contextFailedReply !== "" ? qsTr("Compact and retry") : qsTr("Compact")
                    enabled: agent.canCompact && !window.retryAfterCompaction
                    opacity: enabled ? 1 : 0.4
                    Accessible.name: text
                    Accessible.description: window.contextFailedReply !== ""
                                            ? qsTr("Summarises the earlier messages, then asks for the reply again")
                                            : qsTr("Summarises the earlier messages to free the model's context")
                    onClicked: window.compactAndRetry()
                }
            }
            // A compaction that failed or was refused says why, for a few seconds.
            Label {
                objectName: "compactionError"
                visible: window.compactionError !== ""
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: qsTr("Not compacted: %1").arg(window.compactionError)
                wrapMode: Text.Wrap
                color: KoderTheme.errorColor(palette)
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
            Label {
                visible: store.error !== ""
                Layout.fillWidth: true
                textFormat: Text.PlainText
                text: qsTr("Conversation store: %1").arg(store.error)
                wrapMode: Text.Wrap
                color: window.palette.brightText
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
        }
    }

    SplitView {
        id: split
        anchors.fill: parent

        ConversationPane {
            id: conversations
            SplitView.preferredWidth: 260
            SplitView.minimumWidth: 180
            store: store
            controller: agent
            // A search result: the chat shows the message and gives it the keys (so a screen
            // reader reads it); a conversation: the keys go where the user types.
            onOpened: (messageId) => {
                if (messageId === "" || !chat.showMessage(messageId))
                    window.focusWhereTheUserTypes()
            }
        }

        ChatView {
            id: chat
            SplitView.fillWidth: true
            SplitView.minimumWidth: 300
            controller: agent
            focus: true
            showContextMeter: false // the header shows it
            speech: speech
            dictation: window.dictationAvailable ? dictation : null
            onBranched: (conversationId) => window.openConversation(conversationId)
            onLinkActivated: (url) => linkDialog.ask(url) // the user clicked it: ask first
        }

        DebugPanel {
            id: debugPanel
            visible: window.settings.showDebug
            SplitView.preferredWidth: 280
            controller: agent
            replies: window.replyUsage
            // The agent's shared state, while the demo talks to an AG-UI agent.
            agUiTransport: agent.transport === agUi ? agUi : null
        }
    }

    SettingsDialog {
        id: settingsDialog
        settings: window.settings
        appearance: window.appearance
        controller: agent
        mcp: window.mcp
        speech: speech
        anchors.centerIn: parent
    }

    // A link from a message opens only when the user says so, after seeing where it goes; only
    // web and e-mail addresses (KoderText.isSafeLink) can be opened at all.
    Dialog {
        id: linkDialog
        objectName: "linkDialog"
        property string target
        // For tests.
        readonly property alias openButton: openButton
        readonly property alias cancelButton: cancelButton
        readonly property alias targetLabel: targetLabel
        readonly property bool openable: KoderText.isSafeLink(target)
        function ask(url: string) {
            target = url
            open()
        }
        function openTarget() {
            if (openable)
                Qt.openUrlExternally(target)
        }
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Open link?")
        onOpened: cancelButton.forceActiveFocus() // the safe choice has the focus
        onAccepted: openTarget()

        ColumnLayout {
            spacing: 8
            Label {
                textFormat: Text.PlainText
                text: linkDialog.openable ? qsTr("This link goes to:")
                                          : qsTr("This link cannot be opened: only web and e-mail addresses can.")
                wrapMode: Text.Wrap
                Layout.preferredWidth: 360
            }
            Label {
                id: targetLabel
                objectName: "linkTarget"
                textFormat: Text.PlainText
                text: linkDialog.target
                font.family: "monospace"
                wrapMode: Text.WrapAnywhere
                maximumLineCount: 6
                elide: Text.ElideRight
                Layout.preferredWidth: 360
                Accessible.role: Accessible.StaticText
                Accessible.name: qsTr("Link address: %1").arg(text)
            }
        }

        footer: RowLayout {
            spacing: 8
            Item { Layout.fillWidth: true }
            Button {
                id: openButton
                objectName: "openLinkButton"
                text: qsTr("Open")
                enabled: linkDialog.openable
                Accessible.name: qsTr("Open the link")
                onClicked: linkDialog.accept()
                Keys.onReturnPressed: linkDialog.accept()
                Keys.onEnterPressed: linkDialog.accept()
                Layout.bottomMargin: 12
            }
            Button {
                id: cancelButton
                objectName: "cancelLinkButton"
                text: qsTr("Cancel")
                Accessible.name: qsTr("Do not open the link")
                onClicked: linkDialog.reject()
                Keys.onReturnPressed: linkDialog.reject()
                Keys.onEnterPressed: linkDialog.reject()
                Layout.rightMargin: 12
                Layout.bottomMargin: 12
            }
        }
    }
}
