// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Koder.Agent
import KoderDemo

/*
    Which agent the demo talks to, how tools are accepted (and each tool's own permission), the
    language and the theme. OK applies and keeps the choices; the API key is kept on disk only
    when the box says so.
*/
Dialog {
    id: dialog

    required property DemoSettings settings
    required property Appearance appearance
    /*! Whose tools get a permission each; without one the section is empty. */
    property KoderAgentController controller: null

    // For tests.
    readonly property alias agentBox: agentBox
    readonly property alias baseUrlField: baseUrl
    readonly property alias apiKeyField: apiKey
    readonly property alias rememberBox: remember
    readonly property alias languageBox: languageBox
    readonly property alias themeBox: themeBox
    readonly property alias busyBox: busyBox
    readonly property alias policyRows: policyRows
    readonly property alias resetPoliciesButton: resetPolicies

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
            names.push(tools[i].name)
        return names
    }

    readonly property var agents: [
        { value: "local", text: qsTr("Offline local agent") },
        { value: "openai", text: qsTr("OpenAI-compatible server") },
        { value: "ws", text: qsTr("aichat.v1 WebSocket server") }
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

    onAboutToShow: {
        agentBox.currentIndex = indexIn(agents, "value", settings.agent)
        baseUrl.text = settings.baseUrl
        model.text = settings.model
        apiKey.text = settings.apiKey
        remember.checked = settings.rememberApiKey
        wsUrl.text = settings.wsUrl
        acceptBox.currentIndex = indexIn(acceptModes, "value", settings.autoAccept)
        busyBox.currentIndex = indexIn(busyPolicies, "value", settings.busyPolicy)
        languageBox.currentIndex = indexIn(languages, "code", settings.language)
        themeBox.currentIndex = indexIn(themes, "value", settings.theme)
        for (let i = 0; i < policyRows.count; ++i) {
            const box = policyRows.itemAt(i).box
            const policy = settings.toolPolicies[toolNames[i]]
            box.currentIndex = indexIn(policies, "value", policy === undefined ? "" : policy)
        }
        agentBox.forceActiveFocus()
    }

    onAccepted: {
        settings.agent = agents[agentBox.currentIndex].value
        settings.baseUrl = baseUrl.text.trim()
        settings.model = model.text.trim()
        settings.apiKey = apiKey.text
        settings.rememberApiKey = remember.checked
        settings.wsUrl = wsUrl.text.trim()
        settings.autoAccept = acceptModes[acceptBox.currentIndex].value
        settings.busyPolicy = busyPolicies[busyBox.currentIndex].value
        const chosen = {}
        for (let i = 0; i < policyRows.count; ++i) {
            const box = policyRows.itemAt(i).box
            if (policies[box.currentIndex].value !== "")
                chosen[toolNames[i]] = policies[box.currentIndex].value
        }
        settings.toolPolicies = chosen
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

    GridLayout {
        columns: 2
        columnSpacing: 12
        rowSpacing: 8

        Label { textFormat: Text.PlainText; text: qsTr("Agent") }
        ComboBox {
            id: agentBox
            Layout.fillWidth: true
            model: dialog.agents
            textRole: "text"
            Accessible.name: qsTr("Agent")
        }

        Label { textFormat: Text.PlainText; text: qsTr("Server URL"); visible: agentBox.currentIndex === 1 }
        TextField {
            id: baseUrl
            visible: agentBox.currentIndex === 1
            Layout.fillWidth: true
            Layout.minimumWidth: 320
            placeholderText: "http://127.0.0.1:11434/v1"
            Accessible.name: qsTr("Server URL")
        }
        Label { textFormat: Text.PlainText; text: qsTr("Model"); visible: agentBox.currentIndex === 1 }
        TextField {
            id: model
            visible: agentBox.currentIndex === 1
            Layout.fillWidth: true
            placeholderText: "qwen3:8b"
            Accessible.name: qsTr("Model")
        }
        Label { textFormat: Text.PlainText; text: qsTr("API key"); visible: agentBox.currentIndex === 1 }
        TextField {
            id: apiKey
            visible: agentBox.currentIndex === 1
            Layout.fillWidth: true
            echoMode: TextInput.Password
            placeholderText: qsTr("Not needed for local servers")
            Accessible.name: qsTr("API key")
        }
        Item { visible: agentBox.currentIndex === 1; implicitWidth: 1 }
        CheckBox {
            id: remember
            visible: agentBox.currentIndex === 1
            text: qsTr("Remember the API key on this computer (kept unencrypted in the settings file)")
        }

        Label { textFormat: Text.PlainText; text: qsTr("WebSocket URL"); visible: agentBox.currentIndex === 2 }
        TextField {
            id: wsUrl
            visible: agentBox.currentIndex === 2
            Layout.fillWidth: true
            Layout.minimumWidth: 320
            placeholderText: "ws://127.0.0.1:8765"
            Accessible.name: qsTr("WebSocket URL")
        }

        Label { textFormat: Text.PlainText; text: qsTr("Tool permissions") }
        ComboBox {
            id: acceptBox
            Layout.fillWidth: true
            model: dialog.acceptModes
            textRole: "text"
            Accessible.name: qsTr("Tool permissions")
        }
        Label { textFormat: Text.PlainText; text: qsTr("Sending during a reply") }
        ComboBox {
            id: busyBox
            Layout.fillWidth: true
            model: dialog.busyPolicies
            textRole: "text"
            Accessible.name: qsTr("Sending during a reply")
        }
        Label {
            textFormat: Text.PlainText
            text: qsTr("Each tool")
            visible: dialog.toolNames.length > 0
            Layout.columnSpan: 2
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
                Layout.columnSpan: 2
                Layout.fillWidth: true
                Label {
                    textFormat: Text.PlainText
                    text: policyRow.modelData
                    Layout.fillWidth: true
                }
                ComboBox {
                    id: policyBox
                    objectName: "policy_" + policyRow.modelData
                    model: dialog.policies
                    textRole: "text"
                    Accessible.name: qsTr("Permission for the tool %1").arg(policyRow.modelData)
                }
            }
        }
        Item { visible: dialog.toolNames.length > 0; implicitWidth: 1 }
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
        Label { textFormat: Text.PlainText; text: qsTr("Language") }
        ComboBox {
            id: languageBox
            Layout.fillWidth: true
            model: dialog.languages
            textRole: "name"
            Accessible.name: qsTr("Language")
        }
        Label { textFormat: Text.PlainText; text: qsTr("Theme") }
        ComboBox {
            id: themeBox
            Layout.fillWidth: true
            model: dialog.themes
            textRole: "text"
            Accessible.name: qsTr("Theme")
        }
    }
}
