// SPDX-License-Identifier: MIT
// Images and text files from QML (a JS array of {name, mimeType, url} passed as `var`) reach
// each of the four HTTP APIs in that API's format, the key in that API's header; each reply's
// usage and finish reason are its row's roles; a file no model can take is refused by send()
// before anything is sent.
import QtQuick
import QtTest
import Koder.Agent
import Koder.Test

TestCase {
    id: root
    name: "Attachments"

    // A 1x1 PNG.
    readonly property string png: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

    Component {
        id: openAi
        KoderOpenAiTransport { model: "gpt-test"; apiKey: "sk-openai-key" }
    }
    Component {
        id: responses
        KoderResponsesTransport { model: "gpt-test"; apiKey: "sk-responses-key" }
    }
    Component {
        id: anthropic
        KoderAnthropicTransport { model: "claude-test"; apiKey: "sk-ant-key" }
    }
    Component {
        id: ollama
        KoderOllamaTransport { model: "llava"; apiKey: "sk-ollama-key" }
    }
    Component {
        id: controller
        KoderAgentController {}
    }
    Component {
        id: serverComponent
        HttpTestServer {}
    }

    function setUp(transportComponent, dialect) {
        const server = createTemporaryObject(serverComponent, root)
        const transport = createTemporaryObject(transportComponent, root, {
            baseUrl: dialect === "openai" || dialect === "responses" ? server.openAiUrl : server.url
        })
        const agent = createTemporaryObject(controller, root, { transport: transport })
        return { server: server, transport: transport, agent: agent }
    }

    function test_anImageReachesEachApiInItsFormat_data() {
        return [
            { tag: "openai", transport: openAi, header: "authorization", key: "Bearer sk-openai-key" },
            { tag: "responses", transport: responses, header: "authorization", key: "Bearer sk-responses-key" },
            { tag: "anthropic", transport: anthropic, header: "x-api-key", key: "sk-ant-key" },
            { tag: "ollama", transport: ollama, header: "authorization", key: "Bearer sk-ollama-key" },
        ]
    }

    function test_anImageReachesEachApiInItsFormat(data) {
        const t = setUp(data.transport, data.tag)
        const image = t.server.writeFile("dot.png", root.png)
        const notes = t.server.writeFile("notes.txt", Qt.btoa("buy milk"))
        verify(image.startsWith("file:"))
        t.server.reply(data.tag, ["A green ", "dot."])
        verify(t.agent.send("What is in this picture?", [
            { name: "dot.png", mimeType: "image/png", url: image },
            { name: "notes.txt", mimeType: "text/plain", url: notes },
        ]))
        tryCompare(t.agent, "status", "idle", 10000)
        compare(t.server.requestCount, 1)

        const request = t.server.request(0)
        compare(request.headers[data.header], data.key)
        const history = data.tag === "responses" ? request.body.input : request.body.messages
        const user = history[history.length - 1]
        if (data.tag === "responses") {
            compare(user.type, "message")
            compare(user.role, "user")
            compare(user.content.length, 2)
            compare(user.content[0].type, "input_text")
            verify(user.content[0].text.indexOf("buy milk") > 0)
            compare(user.content[1].type, "input_image")
            compare(user.content[1].image_url, "data:image/png;base64," + root.png)
        } else if (data.tag === "openai") {
            compare(user.content.length, 2)
            compare(user.content[0].type, "text")
            verify(user.content[0].text.indexOf("buy milk") > 0)
            compare(user.content[1].type, "image_url")
            compare(user.content[1].image_url.url, "data:image/png;base64," + root.png)
        } else if (data.tag === "anthropic") {
            compare(request.headers["anthropic-version"], "2023-06-01")
            compare(user.content[0].type, "image")
            compare(user.content[0].source.type, "base64")
            compare(user.content[0].source.media_type, "image/png")
            compare(user.content[0].source.data, root.png)
            compare(user.content[1].type, "text")
            verify(user.content[1].text.indexOf("buy milk") > 0)
        } else {
            compare(user.images, [root.png])
            verify(user.content.indexOf("buy milk") > 0)
        }

        // The reply's own usage and why it ended; the user's row keeps the references.
        const reply = t.agent.messages.get(1)
        compare(reply.text, "A green dot.")
        compare(reply.finishReason, "stop")
        compare(reply.usage.promptTokens, 11)
        compare(reply.usage.completionTokens, 4)
        compare(reply.usage.totalTokens, 15)
        const stored = t.agent.messages.get(0).attachments
        compare(stored.length, 2)
        compare(stored[0].url, image)
        compare(stored[0].data, undefined)
    }

    function test_aFileNoModelCanTakeIsRefusedBeforeAnythingIsSent_data() {
        return [
            { tag: "openai", transport: openAi },
            { tag: "responses", transport: responses },
            { tag: "anthropic", transport: anthropic },
            { tag: "ollama", transport: ollama },
        ]
    }

    function test_aFileNoModelCanTakeIsRefusedBeforeAnythingIsSent(data) {
        const t = setUp(data.transport, data.tag)
        const archive = t.server.writeFile("backup.zip", Qt.btoa("PK\u0003\u0004"))
        let reason = ""
        t.agent.rejected.connect((action, why) => reason = why)
        verify(!t.agent.send("keep this", [{ name: "backup.zip", mimeType: "application/zip", url: archive }]))
        verify(reason.indexOf("backup.zip") >= 0, reason)
        compare(t.agent.messages.count, 0)
        compare(t.server.requestCount, 0)

        t.transport.maxAttachmentBytes = 10
        const image = t.server.writeFile("dot.png", root.png)
        verify(!t.agent.send("and this", [{ name: "dot.png", url: image }]))
        verify(reason.indexOf("dot.png") >= 0, reason)
        compare(t.server.requestCount, 0)
    }

    // Only the Responses API takes a PDF, as an input_file part; the others refuse it before
    // anything is sent.
    function test_aPdfGoesAsAFileToTheResponsesApiOnly_data() {
        return [
            { tag: "responses", transport: responses, taken: true },
            { tag: "openai", transport: openAi, taken: false },
            { tag: "anthropic", transport: anthropic, taken: false },
        ]
    }

    function test_aPdfGoesAsAFileToTheResponsesApiOnly(data) {
        const t = setUp(data.transport, data.tag)
        const pdf = t.server.writeFile("report.pdf", Qt.btoa("%PDF-1.4 tiny"))
        t.server.reply(data.tag, ["Read."])
        const attachments = [{ name: "report.pdf", mimeType: "application/pdf", url: pdf }]
        compare(t.agent.send("Summarise this", attachments), data.taken)
        if (!data.taken) {
            compare(t.server.requestCount, 0)
            return
        }
        tryCompare(t.agent, "status", "idle", 10000)
        const user = t.server.request(0).body.input[0]
        compare(user.content[0].type, "input_text")
        compare(user.content[0].text, "Summarise this")
        compare(user.content[1].type, "input_file")
        compare(user.content[1].filename, "report.pdf")
        compare(user.content[1].file_data, "data:application/pdf;base64," + Qt.btoa("%PDF-1.4 tiny"))

        // A document without a name of its own is named for the model.
        t.server.reply(data.tag, ["Read."])
        verify(t.agent.send("And this", [{ url: "data:application/pdf;base64," + Qt.btoa("%PDF-1.4 x/y") }]))
        tryCompare(t.agent, "status", "idle", 10000)
        const input = t.server.request(1).body.input
        compare(input[input.length - 1].content[1].filename, "document.pdf")
    }
}
