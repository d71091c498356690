// SPDX-License-Identifier: MIT
// The window a11y_app shows: a ChatView on the local agent, with the commands the AT-SPI check
// sends on stdin (a11y_app.cpp passes every line but the keys to command()).
import QtQuick
import QtQuick.Window
import Koder.Agent

Window {
    id: window
    width: 480
    height: 560
    visible: true
    title: "koder-a11y-app"

    // The short reply whose phrases the check hears; a long one to stop; the tool call; the
    // question.
    readonly property string shortReply: "Hello there. The weather is fine today! Anything else?"
    readonly property string longReply: "word ".repeat(2000).trim()

    // Runs one stdin command; false when it is unknown.
    function command(name) {
        const agent = chat.controller.transport
        switch (name) {
        case "go": // the short reply, no tool call
            agent.toolCalls = []
            agent.reply = window.shortReply
            agent.tokensPerSecond = 40
            return chat.controller.send("How is it?")
        case "focus-input":
            chat.focusInput()
            return true
        case "long": // a reply that streams for a minute, to stop
            agent.toolCalls = []
            agent.reply = window.longReply
            agent.tokensPerSecond = 30
            return chat.controller.send("Tell me everything.")
        case "tool": // a turn whose first step asks for a tool that changes things
            agent.reply = "Saved."
            agent.tokensPerSecond = 0
            agent.toolCalls = [{ name: "save_note", arguments: { path: "notes.md" } }]
            return chat.controller.send("Save it.")
        case "ask": // a turn whose first step asks the user a question (ask_user)
            agent.reply = "Green it is."
            agent.tokensPerSecond = 0
            agent.toolCalls = [{ name: "ask_user", arguments: {
                question: "Which colour should the note be?",
                options: ["Red", "Green", "Blue"]
            } }]
            return chat.controller.send("Ask me.")
        }
        return false
    }

    ChatView {
        id: chat
        anchors.fill: parent
        controller: KoderAgentController {
            transport: KoderLocalAgent {}
            KoderTool {
                name: "save_note"
                description: "Saves a note"
                readOnly: false
                handler: function (args) { return "saved " + args.path }
            }
            KoderAskUserTool {}
        }
    }
}
