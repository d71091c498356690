// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Templates as T
import Koder.Agent
import KoderDemo

/*
    Which agent the demo talks to (each server with its own URL, model and API key; an AG-UI
    agent with its URL and key), how tools are accepted (and each tool's own permission), the
    language and the theme. OK applies and keeps the choices; the API keys are kept only in the
    system's secret store, and only when the box says so. The MCP servers (from the
    configuration file main() read) are shown live: each one's status and tools, a switch that
    turns it on or off and a Restart button, which act at once (the switch is remembered); with
    none, where to add them. The voice: whether replies are read aloud, with which voice and how
    fast, and the speech-to-text server dictation sends the recording to (with no server, the
    message box has no microphone: the section says so).
*/
Dialog {
    id: dialog

    required property DemoSettings settings
    required property Appearance appearance
    /*! Whose tools get a permission each; without one the section is empty. */
    property KoderAgentController controller: null
    /*! The MCP configuration file: where it is and what was wrong with it (its servers are the
        controller's \c mcpServers). Null: the section says only how to add servers. */
    property McpConfiguration mcp: null
    /*! Reads replies aloud: its voices are offered (read when the dialog opens, which makes the
        speech engine). Null: the default voice only. */
    property KoderSpeech speech: null

    // For tests.
    readonly property alias agentBox: agentBox
    readonly property alias baseUrlField: baseUrl
    readonly property alias modelField: model
    readonly property alias apiKeyField: apiKey
    readonly property alias rememberBox: remember
    readonly property alias rememberNote: rememberNote
    readonly property alias thinkBox: think
    readonly property alias thinkingBudgetBox: thinkingBudget
    readonly property alias reasoningEffortBox: reasoningEffort
    readonly property alias reasoningSummaryBox: reasoningSummary
    readonly property alias wsUrlField: wsUrl
    readonly property alias languageBox: languageBox
    readonly property alias themeBox: themeBox
    readonly property alias busyBox: busyBox
    readonly property alias policyRows: policyRows
    readonly property alias resetPoliciesButton: resetPolicies
    readonly property alias grid: grid
    readonly property alias mcpHeading: mcpHeading
    readonly property alias mcpNote: mcpNote
    readonly property alias mcpProblemRows: mcpProblemRows
    readonly property alias mcpRows: mcpRows
    readonly property alias voiceHeading: voiceHeading
    readonly property alias readAloudBox: readAloud
    readonly property alias voiceBox: voiceBox
    readonly property alias rateSlider: rateSlider
    readonly property alias transcriptionHeading: transcriptionHeading
    readonly property alias transcriptionNote: transcriptionNote
    readonly property alias transcriptionUrlField: transcriptionUrl
    readonly property alias transcriptionModelField: transcriptionModel
    readonly property alias transcriptionKeyField: transcriptionKey
    readonly property alias transcriptionLanguageField: transcriptionLanguage

    /*!
        Opens the dialog with the keys in the voice section: on the speech-to-text server's URL
        when none is set (what dictation needs first), else on Read replies aloud.
    */
    function openVoiceSettings() {
        _focusVoice = true
        open()
    }
    property bool _focusVoice: false

    /*! The voices to choose from: the engine's default first, then the speech's voices (read
        when the dialog opens), and the kept one when the engine no longer lists it. */
    property var voices: [{ name: "", text: qsTr("Default voice") }]
    function readVoices() {
        const list = [{ name: "", text: qsTr("Default voice") }]
        const names = speech ? speech.voices : []
        for (let i = 0; i < names.length; ++i)
            list.push({ name: names[i], text: names[i] })
        const kept = settings ? settings.speechVoice : ""
        if (kept !== "" && !names.includes(kept))
            list.push({ name: kept, text: kept })
        voices = list
    }
    Connections {
        target: dialog.speech
        enabled: dialog.visible
        function onVoicesChanged() {
            const chosen = dialog.voices[voiceBox.currentIndex]
            dialog.readVoices()
            voiceBox.currentIndex = dialog.indexIn(dialog.voices, "name", chosen ? chosen.name : "")
        }
    }
    /*! The reading speed as the slider says it: "Normal", or the change in percent. */
    function rateText(rate: real): string {
        const percent = Math.round(rate * 100)
        if (percent === 0)
            return qsTr("Normal", "reading speed")
        return qsTr("%1%").arg((percent > 0 ? "+" : "") + Number(percent).toLocaleString(Qt.locale(), "f", 0))
    }

    /*! The controller's MCP servers (KoderAgentController.mcpServers). */
    readonly property var mcpServers: controller ? controller.mcpServers : []
    /*! The words for a server's status. */
    readonly property var mcpStatusTexts: ({
        disconnected: qsTr("Not connected", "MCP server status"),
        connecting: qsTr("Connecting…", "MCP server status"),
        ready: qsTr("Ready", "MCP server status"),
        failed: qsTr("Failed", "MCP server status")
    })
    /*! The configuration file's path as the section shows it. */
    readonly property string mcpPath: mcp && mcp.path !== "" ? mcp.path : "mcp.json"
    // The path inside a sentence, isolated left to right (LRI ... PDI): in Arabic its leading
    // slash stays where it belongs. (Made from code points: the compiled QML's C++ would hold
    // an unpaired bidirectional control, which compilers warn about.)
    readonly property string _mcpPathInText:
        String.fromCharCode(0x2066) + mcpPath + String.fromCharCode(0x2069)
    /*! What the section says above its servers, or (none) how to add them. */
    readonly property string mcpNoteText:
        mcpServers.length > 0
            ? qsTr("Read from %1. Turning a server on or off, and Restart, take effect at once; the switch is kept for the next start.").arg(_mcpPathInText)
        : mcp && mcp.loaded
            ? qsTr("No MCP servers in %1. Add them to its \"mcpServers\" object, as desktop MCP clients write it, and start the demo again.").arg(_mcpPathInText)
        : qsTr("No MCP servers. To add some, write %1 with an \"mcpServers\" object, as desktop MCP clients do, and start the demo again (or start it with --mcp-config <file>).").arg(_mcpPathInText)
    /*! A server's tools as the section lists them: how many, and the first names. */
    function mcpToolsText(tools: var): string {
        const count = tools ? tools.length : 0
        if (count === 0)
            return qsTr("No tools")
        const names = []
        for (let i = 0; i < Math.min(count, 12); ++i)
            names.push(tools[i].name)
        const list = names.join(", ") + (count > 12 ? ", …" : "")
        // English needs no catalogue: "1 tool" apart, "%n tools" with every other language's
        // plural forms.
        return count === 1 ? qsTr("1 tool: %1").arg(list) : qsTr("%n tools: %1", "", count).arg(list)
    }

    readonly property var policies: [
        { value: "", text: qsTr("As above") },
        { value: "ask", text: qsTr("Ask") },
        { value: "allow", text: qsTr("Allow") },
        { value: "deny", text: qsTr("Deny") }
    ]
    readonly property var toolNames: {
        const names = []
        const tools = controller ? controller.tools : []
        for (let i = 0; i < tools.length; ++i)
            // ask_user runs without an approval (asking is what it does): no permission to set.
            if (tools[i].name !== "ask_user")
                names.push(tools[i].name)
        return names
    }

    readonly property var agents: [
        { value: "local", text: qsTr("Offline local agent") },
        { value: "openai", text: qsTr("OpenAI-compatible server") },
        { value: "responses", text: qsTr("OpenAI Responses API") },
        { value: "ollama", text: qsTr("Ollama (native API)") },
        { value: "anthropic", text: qsTr("Anthropic (Claude)") },
        { value: "ws", text: qsTr("aichat.v1 WebSocket server") },
        { value: "agui", text: qsTr("AG-UI agent") }
    ]
    // What the URL and model fields suggest for each server (an AG-UI agent has no model: the
    // agent chooses).
    readonly property var serverHints: ({
        openai: { url: "https://api.openai.com/v1", model: "gpt-4.1-mini",
                  key: qsTr("Not needed for local servers") },
        responses: { url: "https://api.openai.com/v1", model: "gpt-5-mini", key: qsTr("Required") },
        ollama: { url: "http://127.0.0.1:11434", model: "llama3.2",
                  key: qsTr("Only for a server that asks for one") },
        anthropic: { url: "https://api.anthropic.com", model: "claude-sonnet-4-5",
                     key: qsTr("Required") },
        agui: { url: "http://127.0.0.1:8000/agent", key: qsTr("Only for an agent that asks for one") }
    })
    /*! The agent chosen in the box ("local", "openai", "responses", "ollama", "anthropic", "ws"
        or "agui"). */
    readonly property string chosenAgent: agentBox.currentIndex >= 0 ? agents[agentBox.currentIndex].value : "local"
    /*! Whether the chosen agent has a URL and an API key (and maybe a model) in the fields. */
    readonly property bool chosenServer: serverHints[chosenAgent] !== undefined
    readonly property bool chosenHasModel: chosenServer && serverHints[chosenAgent].model !== undefined
    // The URL field's label: an AG-UI agent's URL is its endpoint, not a server's base.
    readonly property string _serverUrlText: qsTr("Server URL")
    readonly property string _agentUrlText: qsTr("Agent URL")
    readonly property SecretStore secretStore: settings ? settings.secretStore : null
    readonly property bool canRemember: secretStore !== null && secretStore.available
    /*! Why the key cannot be remembered, or "" when it can. */
    readonly property string rememberUnavailableReason:
        canRemember ? ""
        : secretStore !== null && secretStore.state === "checking"
            ? qsTr("Looking for the system's secret store…")
        : qsTr("The key cannot be remembered: no secret store (such as GNOME Keyring or KWallet) is running. It is kept until the demo quits.")

    // Each server's URL, model and key while the dialog is open: the fields show the chosen one.
    property var drafts: ({})
    property string shownAgent: ""
    function keepFields() {
        if (drafts[shownAgent] !== undefined)
            drafts[shownAgent] = { url: baseUrl.text.trim(), model: model.text.trim(),
                                   key: apiKey.text }
    }
    function showFields() {
        keepFields()
        // Read from the box: in its change handler the chosenAgent binding may not have run yet.
        shownAgent = agentBox.currentIndex >= 0 ? agents[agentBox.currentIndex].value : "local"
        const draft = drafts[shownAgent]
        baseUrl.text = draft ? draft.url : ""
        model.text = draft ? draft.model : ""
        apiKey.text = draft ? draft.key : ""
    }

    // The Responses API's reasoning: how hard the model thinks, and whether a summary of it comes
    // with the reply ("" sends nothing: the server decides, or no summary).
    readonly property var reasoningEfforts: [
        { value: "", text: qsTr("Server default", "reasoning effort") },
        { value: "minimal", text: qsTr("Minimal", "reasoning effort") },
        { value: "low", text: qsTr("Low", "reasoning effort") },
        { value: "medium", text: qsTr("Medium", "reasoning effort") },
        { value: "high", text: qsTr("High", "reasoning effort") }
    ]
    readonly property var reasoningSummaries: [
        { value: "", text: qsTr("Off", "reasoning summary") },
        { value: "auto", text: qsTr("Automatic", "reasoning summary") },
        { value: "concise", text: qsTr("Concise", "reasoning summary") },
        { value: "detailed", text: qsTr("Detailed", "reasoning summary") }
    ]

    readonly property var acceptModes: [
        { value: "onlyRead", text: qsTr("Read-only tools run, others ask") },
        { value: "never", text: qsTr("Always ask") },
        { value: "always", text: qsTr("Never ask (all tools run)") }
    ]
    readonly property var busyPolicies: [
        { value: "queue", text: qsTr("Queue it for after the reply") },
        { value: "steer", text: qsTr("Add it to the running reply") },
        { value: "interrupt", text: qsTr("Stop the reply and send it") },
        { value: "reject", text: qsTr("Refuse it until the reply ends") }
    ]
    readonly property var themes: [
        { value: "system", text: qsTr("Follow the system") },
        { value: "light", text: qsTr("Light") },
        { value: "dark", text: qsTr("Dark") }
    ]
    readonly property var languages: {
        const list = [{ code: "", name: qsTr("System language") }]
        const offered = appearance ? appearance.languages() : []
        for (let i = 0; i < offered.length; ++i)
            list.push(offered[i])
        // Arabic, written right to left: the window mirrors (its words stay English until the
        // translation exists).
        if (!offered.some(language => language.code === "ar"))
            list.push({ code: "ar", name: Qt.locale("ar").nativeLanguageName })
        return list
    }

    function indexIn(list: var, key: string, value: string): int {
        for (let i = 0; i < list.length; ++i)
            if (list[i][key] === value)
                return i
        return 0
    }

    title: qsTr("Settings")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    parent: Overlay.overlay
    // The style's title elides, and a Text that elides works out its implicit width only when
    // asked, emitting the change then: asked by the dialog's implicitWidth binding (whenever the
    // content's width changed: the secret store's note at start, a language, a font), that
    // binding re-entered itself ("Binding loop detected for property implicitWidth"). The
    // dialog is never narrower than its title (its implicit width includes the header's), so
    // there is nothing to elide.
    Binding {
        target: dialog.header
        property: "elide"
        value: Text.ElideNone
        when: dialog.header instanceof Text
    }

    // Sized by its content: as wide as its widest row for any agent (so choosing another agent
    // does not resize it), and no wider than the window; two columns (labels beside the fields)
    // when they fit, else one (labels above). Taller content than the window scrolls.
    readonly property int _unit: Math.ceil(_metrics.height)
    readonly property FontMetrics _metrics: FontMetrics { font: dialog.font }
    readonly property real _margin: _unit
    // The window's size, read through an item inside (a binding to the overlay's width, the
    // popup's parent, loops while the popup is made).
    readonly property real _windowWidth: scroller.Window.width > 0 ? scroller.Window.width : 1e6
    readonly property real _windowHeight: scroller.Window.height > 0 ? scroller.Window.height : 1e6
    readonly property real _maximumContentWidth:
        Math.max(0, _windowWidth - 2 * _margin - leftPadding - rightPadding)
    // Every label of the first column, those of hidden rows included (both texts of the URL's).
    readonly property real _labelColumnWidth: Math.max(
        agentLabel.implicitWidth, baseUrlLabel.implicitWidth,
        Math.ceil(_metrics.advanceWidth(_serverUrlText)),
        Math.ceil(_metrics.advanceWidth(_agentUrlText)), modelLabel.implicitWidth,
        thinkingBudgetLabel.implicitWidth, reasoningEffortLabel.implicitWidth,
        reasoningSummaryLabel.implicitWidth, apiKeyLabel.implicitWidth, wsUrlLabel.implicitWidth,
        acceptLabel.implicitWidth, busyLabel.implicitWidth, contextWindowLabel.implicitWidth,
        autoCompactLabel.implicitWidth, languageLabel.implicitWidth,
        themeLabel.implicitWidth, voiceLabel.implicitWidth, rateLabel.implicitWidth,
        transcriptionUrlLabel.implicitWidth, transcriptionModelLabel.implicitWidth,
        transcriptionKeyLabel.implicitWidth, transcriptionLanguageLabel.implicitWidth)
    // Every field of the second column, those of hidden rows included.
    readonly property real _fieldColumnWidth: Math.max(
        agentBox.implicitWidth, baseUrl.implicitWidth, model.implicitWidth,
        think.implicitWidth, thinkingBudget.implicitWidth, reasoningEffort.implicitWidth,
        reasoningSummary.implicitWidth, apiKey.implicitWidth,
        remember.implicitWidth,
        // Measured, not read: a wrapping label lays itself out again when its implicit width is
        // read, which would re-enter this binding.
        Math.min(_metrics.advanceWidth(rememberNote.text) + rememberNote.leftPadding + rememberNote.rightPadding,
                 rememberNote.Layout.maximumWidth),
        wsUrl.implicitWidth, acceptBox.implicitWidth, busyBox.implicitWidth,
        contextWindow.implicitWidth, autoCompact.implicitWidth,
        resetPolicies.implicitWidth, languageBox.implicitWidth, themeBox.implicitWidth,
        readAloud.implicitWidth, voiceBox.implicitWidth, rateRow.implicitWidth,
        transcriptionUrl.implicitWidth, transcriptionModel.implicitWidth,
        transcriptionKey.implicitWidth, transcriptionLanguage.implicitWidth)
    // The rows across both columns: the same for every agent.
    readonly property real _spanningWidth: {
        let widest = Math.max(toolsHeading.implicitWidth, mcpHeading.implicitWidth,
                              voiceHeading.implicitWidth, transcriptionHeading.implicitWidth)
        for (let i = 0; i < policyRows.count; ++i) {
            const row = policyRows.itemAt(i)
            if (row)
                widest = Math.max(widest, row.implicitWidth)
        }
        for (let i = 0; i < mcpRows.count; ++i) {
            const row = mcpRows.itemAt(i)
            if (row)
                widest = Math.max(widest, row.fixedWidth)
        }
        return widest
    }
    // An MCP server's status takes the room of the widest status word: the dialog keeps its
    // width while the server connects.
    readonly property real _mcpStatusWidth: {
        void _metrics.font // measured again when the font changes
        let widest = 0
        for (const status in mcpStatusTexts)
            widest = Math.max(widest, _metrics.advanceWidth(mcpStatusTexts[status]))
        return Math.ceil(widest)
    }
    // A server's name is bold, and wraps beyond this width.
    readonly property real _mcpNameMaximumWidth: 14 * _unit
    readonly property FontMetrics _boldMetrics: FontMetrics {
        font: dialog.font.pixelSize > 0
              ? Qt.font({ family: dialog.font.family, pixelSize: dialog.font.pixelSize,
                          weight: Font.Bold })
              : Qt.font({ family: dialog.font.family, pointSize: dialog.font.pointSize,
                          weight: Font.Bold })
    }
    readonly property bool _twoColumns:
        _labelColumnWidth + grid.columnSpacing + _fieldColumnWidth <= _maximumContentWidth
    readonly property real _maximumContentHeight:
        Math.max(0, _windowHeight - 2 * _margin - topPadding - bottomPadding
                    - implicitHeaderHeight - implicitFooterHeight - 2 * spacing)
    readonly property bool _scrolls: grid.implicitHeight > _maximumContentHeight
    contentWidth: Math.min(_maximumContentWidth, Math.ceil(Math.max(
        _spanningWidth,
        _twoColumns ? _labelColumnWidth + grid.columnSpacing + _fieldColumnWidth
                    : Math.max(_labelColumnWidth, _fieldColumnWidth))
        + scrollBar.implicitWidth)) // room for the scroll bar, used or not: the width stays
    contentHeight: Math.min(grid.implicitHeight, _maximumContentHeight)

    onAboutToShow: {
        const keys = settings.apiKeys
        drafts = {
            openai: { url: settings.baseUrl, model: settings.model, key: keys.openai || "" },
            responses: { url: settings.responsesUrl, model: settings.responsesModel,
                         key: keys.responses || "" },
            ollama: { url: settings.ollamaUrl, model: settings.ollamaModel, key: keys.ollama || "" },
            anthropic: { url: settings.anthropicUrl, model: settings.anthropicModel,
                         key: keys.anthropic || "" },
            agui: { url: settings.aguiUrl, model: "", key: keys.agui || "" }
        }
        shownAgent = ""
        agentBox.currentIndex = indexIn(agents, "value", settings.agent)
        showFields()
        think.checked = settings.ollamaThink
        thinkingBudget.value = settings.anthropicThinkingBudget
        reasoningEffort.currentIndex = indexIn(reasoningEfforts, "value",
                                               settings.responsesReasoningEffort)
        reasoningSummary.currentIndex = indexIn(reasoningSummaries, "value",
                                                settings.responsesReasoningSummary)
        remember.checked = settings.rememberApiKey
        wsUrl.text = settings.wsUrl
        acceptBox.currentIndex = indexIn(acceptModes, "value", settings.autoAccept)
        busyBox.currentIndex = indexIn(busyPolicies, "value", settings.busyPolicy)
        contextWindow.value = settings.contextWindow
        autoCompact.value = settings.autoCompact
        languageBox.currentIndex = indexIn(languages, "code", settings.language)
        themeBox.currentIndex = indexIn(themes, "value", settings.theme)
        readAloud.checked = settings.readAloud
        readVoices()
        voiceBox.currentIndex = indexIn(voices, "name", settings.speechVoice)
        rateSlider.value = settings.speechRate
        transcriptionUrl.text = settings.transcriptionUrl
        transcriptionModel.text = settings.transcriptionModel
        transcriptionKey.text = keys.transcription || ""
        transcriptionLanguage.text = settings.transcriptionLanguage
        for (let i = 0; i < policyRows.count; ++i) {
            const box = policyRows.itemAt(i).box
            const policy = settings.toolPolicies[toolNames[i]]
            box.currentIndex = indexIn(policies, "value", policy === undefined ? "" : policy)
        }
        if (_focusVoice) {
            _focusVoice = false
            // As the keyboard moves it: the focus shows.
            if (transcriptionUrl.text.trim() === "")
                transcriptionUrl.forceActiveFocus(Qt.TabFocusReason)
            else
                readAloud.forceActiveFocus(Qt.TabFocusReason)
        } else {
            agentBox.forceActiveFocus()
        }
    }
    onAboutToHide: _focusVoice = false
    // The field given the keys as the dialog opened is in view once its content is laid out
    // (the voice's fields are at its end).
    onOpened: if (dialog._scrolls) scroller.reveal(scroller.Window.activeFocusItem)

    onAccepted: {
        keepFields()
        settings.agent = shownAgent
        settings.baseUrl = drafts.openai.url
        settings.model = drafts.openai.model
        settings.responsesUrl = drafts.responses.url
        settings.responsesModel = drafts.responses.model
        settings.ollamaUrl = drafts.ollama.url
        settings.ollamaModel = drafts.ollama.model
        settings.anthropicUrl = drafts.anthropic.url
        settings.anthropicModel = drafts.anthropic.model
        settings.aguiUrl = drafts.agui.url
        for (const provider of ["openai", "responses", "ollama", "anthropic", "agui"])
            settings.setApiKey(provider, drafts[provider].key)
        settings.setApiKey("transcription", transcriptionKey.text)
        settings.ollamaThink = think.checked
        settings.anthropicThinkingBudget = thinkingBudget.value
        settings.responsesReasoningEffort = reasoningEfforts[reasoningEffort.currentIndex].value
        settings.responsesReasoningSummary = reasoningSummaries[reasoningSummary.currentIndex].value
        // Only a secret store keeps a key; without one the box cannot be ticked.
        if (canRemember)
            settings.rememberApiKey = remember.checked
        settings.wsUrl = wsUrl.text.trim()
        settings.autoAccept = acceptModes[acceptBox.currentIndex].value
        settings.busyPolicy = busyPolicies[busyBox.currentIndex].value
        settings.contextWindow = contextWindow.value
        settings.autoCompact = autoCompact.value
        const chosen = {}
        for (let i = 0; i < policyRows.count; ++i) {
            const box = policyRows.itemAt(i).box
            if (policies[box.currentIndex].value !== "")
                chosen[toolNames[i]] = policies[box.currentIndex].value
        }
        settings.toolPolicies = chosen
        settings.readAloud = readAloud.checked
        settings.speechVoice = voices[voiceBox.currentIndex] ? voices[voiceBox.currentIndex].name : ""
        settings.speechRate = Math.round(rateSlider.value * 10) / 10
        settings.transcriptionUrl = transcriptionUrl.text.trim()
        settings.transcriptionModel = transcriptionModel.text.trim()
        settings.transcriptionLanguage = transcriptionLanguage.text.trim()
        const language = languages[languageBox.currentIndex].code
        const theme = themes[themeBox.currentIndex].value
        if (language !== settings.language) {
            settings.language = language
            appearance.applyLanguage(language)
        }
        if (theme !== settings.theme) {
            settings.theme = theme
            appearance.applyTheme(theme)
        }
        settings.save()
    }

    // The style outlines a check box in a shade of the window, which a dark theme all but hides,
    // and marks its keyboard focus faintly: a box of its own, in a colour that reads on light
    // and dark windows, thicker and in the highlight colour with the keyboard focus. Its check
    // mark is text: the style's is a tinted image (QQuickColorImage), whose texture Qt 6.4
    // never frees.
    component FramedCheckBox: CheckBox {
        id: checkBox
        indicator: Rectangle {
            implicitWidth: 14
            implicitHeight: 14
            x: checkBox.mirrored ? checkBox.width - width - checkBox.rightPadding
                                 : checkBox.leftPadding
            y: checkBox.topPadding + (checkBox.availableHeight - height) / 2
            radius: 2
            color: checkBox.palette.base
            border.width: checkBox.visualFocus ? 2 : 1
            border.color: checkBox.visualFocus ? checkBox.palette.highlight
                                               : checkBox.palette.placeholderText
            opacity: checkBox.enabled ? 1 : 0.45
            Label {
                anchors.centerIn: parent
                textFormat: Text.PlainText
                text: "\u2713"
                visible: checkBox.checked
                color: checkBox.palette.text
                font.pixelSize: parent.height
                Accessible.ignored: true
            }
        }
    }

    // A number with its up and down buttons drawn as text: the style's are tinted images
    // (QQuickColorImage), whose textures Qt 6.4 never frees once shown (the dialog scrolls
    // its fields into view).
    component SpinStep: Label {
        required property SpinBox spin
        textFormat: Text.PlainText
        width: 16
        height: spin.height / 2
        x: spin.mirrored ? spin.leftInset : spin.width - width - spin.rightInset
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        color: spin.palette.buttonText
        Accessible.ignored: true
    }
    component NumberBox: SpinBox {
        id: spin
        up.indicator: SpinStep {
            spin: spin
            y: 0
            text: "\u25B4"
            opacity: spin.value < spin.to ? 1 : 0.45
        }
        down.indicator: SpinStep {
            spin: spin
            y: spin.height / 2
            text: "\u25BE"
            opacity: spin.value > spin.from ? 1 : 0.45
        }
    }

    // A choice as wide as its widest entry, in the box and in its list (a ComboBox's implicit
    // width follows only the current text in Qt 6.4): no entry is cut in any language.
    component ChoiceBox: ComboBox {
        id: box
        // The arrow as text: the style's is a tinted image (QQuickColorImage), whose texture
        // Qt 6.4 never frees.
        indicator: Label {
            x: box.mirrored ? box.leftPadding : box.width - width - box.rightPadding
            y: box.topPadding + (box.availableHeight - height) / 2
            textFormat: Text.PlainText
            text: "\u25BE"
            color: box.palette.buttonText
            Accessible.ignored: true
        }
        readonly property FontMetrics _metrics: FontMetrics { font: box.font }
        // The list shows the current entry in bold.
        readonly property FontMetrics _boldMetrics: FontMetrics {
            font: box.font.pixelSize > 0
                  ? Qt.font({ family: box.font.family, pixelSize: box.font.pixelSize,
                              weight: Font.DemiBold })
                  : Qt.font({ family: box.font.family, pointSize: box.font.pointSize,
                              weight: Font.DemiBold })
        }
        function _widest(metrics: FontMetrics): real {
            let widest = 0
            const entries = box.model || []
            for (let i = 0; i < entries.length; ++i) {
                const entry = entries[i]
                widest = Math.max(widest, metrics.advanceWidth(box.textRole ? entry[box.textRole]
                                                                            : String(entry)))
            }
            return Math.ceil(widest)
        }
        /*! The width of the widest entry's text. */
        readonly property real widestTextWidth: {
            void box._metrics.font // measured again when the font changes
            return box._widest(box._metrics)
        }
        readonly property real _widestBoldWidth: {
            void box._boldMetrics.font
            return box._widest(box._boldMetrics)
        }
        // The text's own paddings in the box, and a list entry's (the style's MenuItem: 6 each
        // side, and the list's frame).
        readonly property T.TextField _field: contentItem as T.TextField // the style's
        readonly property real _textPadding: _field ? _field.leftPadding + _field.rightPadding : 0
        implicitWidth: Math.max(implicitBackgroundWidth + leftInset + rightInset,
                                widestTextWidth + _textPadding + leftPadding + rightPadding,
                                _widestBoldWidth + 2 * 6 + 2)
        // The style's text field reports no implicit height: the box would keep the
        // background's 24 px and cut a larger font's text.
        implicitHeight: Math.max(implicitBackgroundHeight + topInset + bottomInset,
                                 Math.ceil(_metrics.height)
                                 + (_field ? _field.topPadding + _field.bottomPadding : 0)
                                 + topPadding + bottomPadding,
                                 implicitIndicatorHeight + topPadding + bottomPadding)
    }

    Flickable {
        id: scroller
        anchors.fill: parent
        contentWidth: width
        contentHeight: grid.implicitHeight
        clip: dialog._scrolls
        interactive: dialog._scrolls
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {
            id: scrollBar
            policy: ScrollBar.AlwaysOn
            visible: dialog._scrolls
        }
        // The field the keys move to comes into view.
        Connections {
            target: scroller.Window.window
            enabled: dialog._scrolls && dialog.visible
            function onActiveFocusItemChanged() {
                scroller.reveal(scroller.Window.activeFocusItem)
            }
        }
        /*! Scrolls \a item, when it is a field of the dialog, into view. */
        function reveal(item: Item) {
            let inside = item
            while (inside && inside !== grid)
                inside = inside.parent
            if (!inside)
                return
            const top = item.mapToItem(grid, 0, 0).y
            if (top < scroller.contentY)
                scroller.contentY = top
            else if (top + item.height > scroller.contentY + scroller.height)
                scroller.contentY = top + item.height - scroller.height
        }

        GridLayout {
            id: grid
            width: scroller.width - scrollBar.implicitWidth
            columns: dialog._twoColumns ? 2 : 1
            columnSpacing: 12
            rowSpacing: 8

            Label { id: agentLabel; textFormat: Text.PlainText; text: qsTr("Agent") }
            ChoiceBox {
                id: agentBox
                Layout.fillWidth: true
                model: dialog.agents
                textRole: "text"
                Accessible.name: qsTr("Agent")
                onCurrentIndexChanged: if (dialog.shownAgent !== "") dialog.showFields()
            }

            Label {
                id: baseUrlLabel
                textFormat: Text.PlainText
                text: dialog.chosenAgent === "agui" ? dialog._agentUrlText : dialog._serverUrlText
                visible: dialog.chosenServer
            }
            TextField {
                id: baseUrl
                visible: dialog.chosenServer
                Layout.fillWidth: true
                implicitWidth: 20 * dialog._unit
                placeholderText: dialog.chosenServer ? dialog.serverHints[dialog.chosenAgent].url : ""
                Accessible.name: baseUrlLabel.text
            }
            Label {
                id: modelLabel
                textFormat: Text.PlainText
                text: qsTr("Model")
                visible: dialog.chosenHasModel
            }
            TextField {
                id: model
                visible: dialog.chosenHasModel
                Layout.fillWidth: true
                placeholderText: dialog.chosenHasModel ? dialog.serverHints[dialog.chosenAgent].model : ""
                Accessible.name: qsTr("Model")
            }
            Item { visible: dialog.chosenAgent === "ollama" && grid.columns > 1; implicitWidth: 1 }
            FramedCheckBox {
                id: think
                visible: dialog.chosenAgent === "ollama"
                text: qsTr("Think before answering (models that can)")
                Accessible.name: text
            }
            Label {
                id: thinkingBudgetLabel
                textFormat: Text.PlainText
                text: qsTr("Thinking budget")
                visible: dialog.chosenAgent === "anthropic"
            }
            NumberBox {
                id: thinkingBudget
                visible: dialog.chosenAgent === "anthropic"
                from: 0
                to: 64000
                stepSize: 1024
                editable: true
                Accessible.name: qsTr("Thinking budget")
                Accessible.description: qsTr("Tokens the model may think before answering; 0 turns thinking off")
                ToolTip.visible: hovered || activeFocus
                ToolTip.text: Accessible.description
            }
            Label {
                id: reasoningEffortLabel
                textFormat: Text.PlainText
                text: qsTr("Reasoning effort")
                visible: dialog.chosenAgent === "responses"
            }
            ChoiceBox {
                id: reasoningEffort
                visible: dialog.chosenAgent === "responses"
                Layout.fillWidth: true
                model: dialog.reasoningEfforts
                textRole: "text"
                Accessible.name: qsTr("Reasoning effort")
                Accessible.description: qsTr("How hard a reasoning model thinks before answering")
            }
            Label {
                id: reasoningSummaryLabel
                textFormat: Text.PlainText
                text: qsTr("Reasoning summary")
                visible: dialog.chosenAgent === "responses"
            }
            ChoiceBox {
                id: reasoningSummary
                visible: dialog.chosenAgent === "responses"
                Layout.fillWidth: true
                model: dialog.reasoningSummaries
                textRole: "text"
                Accessible.name: qsTr("Reasoning summary")
                Accessible.description: qsTr("Whether the reply comes with a summary of the model's reasoning")
            }
            Label {
                id: apiKeyLabel
                textFormat: Text.PlainText
                text: qsTr("API key")
                visible: dialog.chosenServer
            }
            TextField {
                id: apiKey
                visible: dialog.chosenServer
                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: dialog.chosenServer ? dialog.serverHints[dialog.chosenAgent].key : ""
                Accessible.name: qsTr("API key")
            }
            Item { visible: remember.visible && grid.columns > 1; implicitWidth: 1 }
            FramedCheckBox {
                id: remember
                // Also for the speech-to-text server's key (below), whatever the agent.
                visible: dialog.chosenServer || transcriptionKey.text !== ""
                enabled: dialog.canRemember
                text: qsTr("Remember the API keys in the system's secret store")
                Accessible.name: text
                Accessible.description: dialog.rememberUnavailableReason
            }
            Item { visible: rememberNote.visible && grid.columns > 1; implicitWidth: 1 }
            Label {
                id: rememberNote
                visible: remember.visible && dialog.rememberUnavailableReason !== ""
                textFormat: Text.PlainText
                text: dialog.rememberUnavailableReason
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignLeft
                opacity: 0.75
                Layout.fillWidth: true
                Layout.maximumWidth: 26 * dialog._unit
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }

            Label {
                id: wsUrlLabel
                textFormat: Text.PlainText
                text: qsTr("WebSocket URL")
                visible: dialog.chosenAgent === "ws"
            }
            TextField {
                id: wsUrl
                visible: dialog.chosenAgent === "ws"
                Layout.fillWidth: true
                implicitWidth: 20 * dialog._unit
                placeholderText: "ws://127.0.0.1:8765"
                Accessible.name: qsTr("WebSocket URL")
            }

            Label { id: acceptLabel; textFormat: Text.PlainText; text: qsTr("Tool permissions") }
            ChoiceBox {
                id: acceptBox
                Layout.fillWidth: true
                model: dialog.acceptModes
                textRole: "text"
                Accessible.name: qsTr("Tool permissions")
            }
            Label { id: busyLabel; textFormat: Text.PlainText; text: qsTr("Sending during a reply") }
            ChoiceBox {
                id: busyBox
                Layout.fillWidth: true
                model: dialog.busyPolicies
                textRole: "text"
                Accessible.name: qsTr("Sending during a reply")
            }
            Label {
                id: contextWindowLabel
                textFormat: Text.PlainText
                text: qsTr("Context window")
            }
            NumberBox {
                id: contextWindow
                objectName: "contextWindow"
                from: 0
                to: 2000000
                stepSize: 1000
                editable: true
                Accessible.name: qsTr("Context window")
                Accessible.description: qsTr("The model's context in tokens; 0 takes the agent's own")
                ToolTip.visible: hovered || activeFocus
                ToolTip.text: Accessible.description
            }
            Label {
                id: autoCompactLabel
                textFormat: Text.PlainText
                text: qsTr("Compact automatically at")
            }
            NumberBox {
                id: autoCompact
                objectName: "autoCompact"
                from: 0
                to: 100
                stepSize: 5
                // Up and Down (or the buttons) in steps of 5 %: no text to type and check.
                editable: false
                textFromValue: (value, locale) => value === 0
                    ? qsTr("Never") : qsTr("%1%").arg(Number(value).toLocaleString(locale, "f", 0))
                Accessible.name: qsTr("Compact automatically at")
                Accessible.description: qsTr("How full the context may get before the earlier messages are summarised; Never turns it off")
                ToolTip.visible: hovered || activeFocus
                ToolTip.text: Accessible.description
            }
            Label {
                id: toolsHeading
                textFormat: Text.PlainText
                text: qsTr("Each tool")
                visible: dialog.toolNames.length > 0
                Layout.columnSpan: grid.columns
                font.bold: true
            }
            Repeater {
                id: policyRows
                model: dialog.toolNames
                // One row per tool: its name and its permission.
                delegate: RowLayout {
                    id: policyRow
                    required property string modelData
                    property alias box: policyBox
                    Layout.columnSpan: grid.columns
                    Layout.fillWidth: true
                    spacing: grid.columnSpacing
                    Label {
                        textFormat: Text.PlainText
                        text: policyRow.modelData
                        horizontalAlignment: Text.AlignLeft // mirrors with the dialog
                        Layout.fillWidth: true
                    }
                    ChoiceBox {
                        id: policyBox
                        objectName: "policy_" + policyRow.modelData
                        model: dialog.policies
                        textRole: "text"
                        Accessible.name: qsTr("Permission for the tool %1").arg(policyRow.modelData)
                    }
                }
            }
            Item { visible: dialog.toolNames.length > 0 && grid.columns > 1; implicitWidth: 1 }
            Button {
                id: resetPolicies
                visible: dialog.toolNames.length > 0
                text: qsTr("Reset tool permissions")
                Accessible.name: text
                Accessible.description: qsTr("Every tool follows the setting above again")
                onClicked: {
                    for (let i = 0; i < policyRows.count; ++i)
                        policyRows.itemAt(i).box.currentIndex = 0
                }
            }
            Label { id: languageLabel; textFormat: Text.PlainText; text: qsTr("Language") }
            ChoiceBox {
                id: languageBox
                Layout.fillWidth: true
                model: dialog.languages
                textRole: "name"
                Accessible.name: qsTr("Language")
            }
            Label { id: themeLabel; textFormat: Text.PlainText; text: qsTr("Theme") }
            ChoiceBox {
                id: themeBox
                Layout.fillWidth: true
                model: dialog.themes
                textRole: "text"
                Accessible.name: qsTr("Theme")
            }

            // --- MCP servers: live, not applied by OK ---
            Label {
                id: mcpHeading
                textFormat: Text.PlainText
                text: qsTr("MCP servers")
                Layout.columnSpan: grid.columns
                Layout.topMargin: dialog._unit / 2
                font.bold: true
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Label {
                id: mcpNote
                objectName: "mcpNote"
                textFormat: Text.PlainText
                text: dialog.mcpNoteText
                wrapMode: Text.WrapAtWordBoundaryOrAnywhere // the path may be one long word
                horizontalAlignment: Text.AlignLeft
                opacity: 0.75
                Layout.columnSpan: grid.columns
                Layout.fillWidth: true
                Layout.preferredWidth: dialog._unit // the dialog's width decides, not the text
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
            // What was wrong with the configuration file (the servers it could read still run).
            Repeater {
                id: mcpProblemRows
                model: dialog.mcp ? dialog.mcp.problems : []
                delegate: RowLayout {
                    id: problemRow
                    required property string modelData
                    readonly property alias label: problemLabel
                    Layout.columnSpan: grid.columns
                    Layout.fillWidth: true
                    Layout.preferredWidth: dialog._unit
                    spacing: dialog._unit / 2
                    Label {
                        textFormat: Text.PlainText
                        text: "⚠"
                        color: KoderTheme.warningColor(dialog.palette)
                        Layout.alignment: Qt.AlignTop
                        Accessible.ignored: true
                    }
                    Label {
                        id: problemLabel
                        objectName: "mcpProblem"
                        textFormat: Text.PlainText
                        text: problemRow.modelData
                        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                        horizontalAlignment: Text.AlignLeft
                        Layout.fillWidth: true
                        Layout.preferredWidth: dialog._unit
                        Accessible.role: Accessible.StaticText
                        Accessible.name: qsTr("Problem in the MCP configuration: %1").arg(text)
                    }
                }
            }
            Repeater {
                id: mcpRows
                model: dialog.mcpServers
                // One server: its name, status, switch and Restart; below, its tools or its error.
                delegate: ColumnLayout {
                    id: mcpRow
                    required property KoderMcpServer modelData
                    readonly property KoderMcpServer server: modelData
                    readonly property bool failed: server.status === "failed"
                    // For tests.
                    readonly property alias nameLabel: mcpName
                    readonly property alias statusLabel: mcpStatus
                    readonly property alias detailsLabel: mcpDetails
                    readonly property alias enabledSwitch: mcpSwitch
                    readonly property alias restartButton: mcpRestart
                    /*! The width the row needs, its wrapping text apart; the same whatever the
                        status. */
                    readonly property real fixedWidth:
                        Math.min(Math.ceil(dialog._boldMetrics.advanceWidth(server.name)),
                                 dialog._mcpNameMaximumWidth)
                        + dialog._mcpStatusWidth + mcpSwitch.implicitWidth
                        + mcpRestart.implicitWidth + 3 * mcpLine.spacing
                    objectName: "mcpServer_" + server.name
                    Layout.columnSpan: grid.columns
                    Layout.fillWidth: true
                    Layout.preferredWidth: fixedWidth
                    spacing: 2

                    RowLayout {
                        id: mcpLine
                        Layout.fillWidth: true
                        spacing: grid.columnSpacing
                        Label {
                            id: mcpName
                            textFormat: Text.PlainText
                            text: mcpRow.server.name
                            font.bold: true
                            wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                            horizontalAlignment: Text.AlignLeft
                            Layout.preferredWidth: Math.min(
                                Math.ceil(dialog._boldMetrics.advanceWidth(text)),
                                dialog._mcpNameMaximumWidth)
                            Accessible.role: Accessible.StaticText
                            Accessible.name: qsTr("MCP server %1").arg(text)
                        }
                        Label {
                            id: mcpStatus
                            objectName: "mcpStatus"
                            textFormat: Text.PlainText
                            text: dialog.mcpStatusTexts[mcpRow.server.status]
                                  || mcpRow.server.status
                            horizontalAlignment: Text.AlignLeft
                            color: mcpRow.failed ? KoderTheme.errorColor(dialog.palette)
                                 : mcpRow.server.status === "ready"
                                   ? KoderTheme.successColor(dialog.palette)
                                   : dialog.palette.windowText
                            Layout.fillWidth: true
                            Layout.minimumWidth: dialog._mcpStatusWidth
                            Accessible.role: Accessible.StaticText
                            Accessible.name: qsTr("Status of %1: %2").arg(mcpRow.server.name).arg(text)
                        }
                        Switch {
                            id: mcpSwitch
                            objectName: "mcpSwitch"
                            checked: mcpRow.server.enabled
                            onToggled: {
                                mcpRow.server.enabled = checked
                                checked = Qt.binding(() => mcpRow.server.enabled)
                            }
                            Accessible.name: qsTr("Use the MCP server %1").arg(mcpRow.server.name)
                            Accessible.description: qsTr("Turns the server on or off; its tools are offered to the model only while it is on")
                            // The style outlines the switch in a shade of the window, which a dark
                            // window hides (an "off" switch all but vanished), and shows its focus
                            // as a thin line on the handle: a frame of its own, in a colour that
                            // reads at 3:1 or more on light and dark windows, thicker and in the
                            // highlight colour with the keyboard focus.
                            Rectangle {
                                parent: mcpSwitch.indicator
                                anchors.fill: parent
                                anchors.margins: mcpSwitch.visualFocus ? -2 : -1
                                radius: 3
                                color: "transparent"
                                border.width: mcpSwitch.visualFocus ? 2 : 1
                                border.color: mcpSwitch.visualFocus ? mcpSwitch.palette.highlight
                                                                    : mcpSwitch.palette.placeholderText
                                visible: mcpSwitch.enabled
                            }
                            // On hover only: shown on focus, it would cover the rows above.
                            ToolTip.visible: hovered
                            ToolTip.text: Accessible.description
                        }
                        Button {
                            id: mcpRestart
                            objectName: "mcpRestart"
                            text: qsTr("Restart")
                            enabled: mcpRow.server.enabled
                            // The style draws a disabled button like an enabled one here.
                            opacity: enabled ? 1 : 0.5
                            onClicked: mcpRow.server.restart()
                            Accessible.name: qsTr("Restart the MCP server %1").arg(mcpRow.server.name)
                        }
                    }
                    Label {
                        id: mcpDetails
                        objectName: "mcpDetails"
                        visible: text !== ""
                        textFormat: Text.PlainText
                        text: !mcpRow.server.enabled
                              ? qsTr("Turned off: its tools are not offered to the model.")
                              : mcpRow.failed ? mcpRow.server.errorString
                              : mcpRow.server.status === "ready"
                                ? dialog.mcpToolsText(mcpRow.server.tools) : ""
                        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                        horizontalAlignment: Text.AlignLeft
                        color: mcpRow.failed && mcpRow.server.enabled
                               ? KoderTheme.errorColor(dialog.palette) : dialog.palette.windowText
                        opacity: mcpRow.failed ? 1 : 0.75
                        Layout.fillWidth: true
                        Layout.preferredWidth: dialog._unit
                        Accessible.role: Accessible.StaticText
                        Accessible.name: mcpRow.failed && mcpRow.server.enabled
                                         ? qsTr("%1 failed: %2").arg(mcpRow.server.name).arg(text)
                                         : text
                        // The tools' descriptions, for the curious and for screen readers.
                        Accessible.description: {
                            if (mcpRow.server.status !== "ready")
                                return ""
                            const tools = mcpRow.server.tools || []
                            return tools.map(t => t.description ? t.name + ": " + t.description : t.name)
                                        .join("\n")
                        }
                    }
                }
            }

            // --- Voice: replies read aloud, and the speech-to-text server of dictation ---
            Label {
                id: voiceHeading
                textFormat: Text.PlainText
                text: qsTr("Reading aloud")
                Layout.columnSpan: grid.columns
                Layout.topMargin: dialog._unit / 2
                font.bold: true
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Item { visible: grid.columns > 1; implicitWidth: 1 }
            FramedCheckBox {
                id: readAloud
                objectName: "readAloud"
                text: qsTr("Read replies aloud")
                Accessible.name: text
                Accessible.description: qsTr("Each reply is spoken while it arrives")
            }
            Label { id: voiceLabel; textFormat: Text.PlainText; text: qsTr("Voice") }
            ChoiceBox {
                id: voiceBox
                objectName: "speechVoice"
                Layout.fillWidth: true
                model: dialog.voices
                textRole: "text"
                Accessible.name: qsTr("Voice")
            }
            Label { id: rateLabel; textFormat: Text.PlainText; text: qsTr("Speed") }
            RowLayout {
                id: rateRow
                spacing: grid.columnSpacing
                Layout.fillWidth: true
                Slider {
                    id: rateSlider
                    objectName: "speechRate"
                    from: -1
                    to: 1
                    stepSize: 0.1
                    snapMode: Slider.SnapAlways
                    Layout.fillWidth: true
                    Accessible.name: qsTr("Reading speed")
                    Accessible.description: rateValue.text
                }
                Label {
                    id: rateValue
                    textFormat: Text.PlainText
                    text: dialog.rateText(rateSlider.value)
                    // As wide as its widest text: the slider does not move while it is dragged.
                    Layout.preferredWidth: Math.ceil(Math.max(
                        dialog._metrics.advanceWidth(dialog.rateText(0)),
                        dialog._metrics.advanceWidth(dialog.rateText(-1)),
                        dialog._metrics.advanceWidth(dialog.rateText(1))))
                    horizontalAlignment: Text.AlignLeft
                    Accessible.ignored: true // the slider's description says it
                }
            }

            Label {
                id: transcriptionHeading
                textFormat: Text.PlainText
                text: qsTr("Speech to text")
                Layout.columnSpan: grid.columns
                Layout.topMargin: dialog._unit / 2
                font.bold: true
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Label {
                id: transcriptionNote
                objectName: "transcriptionNote"
                textFormat: Text.PlainText
                text: qsTr("To dictate, set a speech-to-text server here: an OpenAI-compatible one (OpenAI, or a Whisper server on your computer). The microphone button appears in the message box once a server is set; what you say is recorded and sent to this server only.")
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignLeft
                opacity: 0.75
                Layout.columnSpan: grid.columns
                Layout.fillWidth: true
                Layout.preferredWidth: dialog._unit // the dialog's width decides, not the text
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
            Label {
                id: transcriptionUrlLabel
                textFormat: Text.PlainText
                text: dialog._serverUrlText
            }
            TextField {
                id: transcriptionUrl
                objectName: "transcriptionUrl"
                Layout.fillWidth: true
                implicitWidth: 20 * dialog._unit
                placeholderText: "http://127.0.0.1:8000/v1"
                inputMethodHints: Qt.ImhUrlCharactersOnly
                Accessible.name: qsTr("Speech-to-text server URL")
                Accessible.description: qsTr("Empty: no dictation")
            }
            Label {
                id: transcriptionModelLabel
                textFormat: Text.PlainText
                text: qsTr("Model")
            }
            TextField {
                id: transcriptionModel
                objectName: "transcriptionModel"
                Layout.fillWidth: true
                placeholderText: "whisper-1"
                Accessible.name: qsTr("Speech-to-text model")
            }
            Label {
                id: transcriptionKeyLabel
                textFormat: Text.PlainText
                text: qsTr("API key")
            }
            TextField {
                id: transcriptionKey
                objectName: "transcriptionKey"
                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: qsTr("Only for a server that asks for one")
                Accessible.name: qsTr("Speech-to-text API key")
                Accessible.description: qsTr("Kept in the system's secret store only when “Remember the API keys” is ticked, like the agent's keys")
            }
            Label {
                id: transcriptionLanguageLabel
                textFormat: Text.PlainText
                text: qsTr("Spoken language")
            }
            TextField {
                id: transcriptionLanguage
                objectName: "transcriptionLanguage"
                Layout.fillWidth: true
                placeholderText: qsTr("Detected by the server")
                Accessible.name: qsTr("Spoken language")
                Accessible.description: qsTr("A language code such as en or de; empty: the server detects it")
                // On hover only: shown on focus, it would cover the key's field above.
                ToolTip.visible: hovered
                ToolTip.text: Accessible.description
            }
        }
    }
}
