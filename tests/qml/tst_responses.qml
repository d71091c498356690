// SPDX-License-Identifier: MIT
// KoderResponsesTransport from QML, through the controller, against a local server speaking the
// Responses API: a tool loop of two steps whose second request carries the call, its
// function_call_output and the first step's reasoning item with its encrypted content; tools the
// server ran itself land in metadata.serverTools and are never run here; the server's errors
// keep their code.
import QtQuick
import QtTest
import Koder.Agent
import Koder.Test

// TestCase items are invisible: the view lives on this stage.
Item {
    id: stage
    width: 480
    height: 400

    TestCase {
        id: root
        name: "Responses"
        when: windowShown

        Component {
            id: serverComponent
            HttpTestServer {}
        }
        Component {
            id: chatComponent
            KoderAgentController {
                id: agent
                property var received: []
                property alias transportObject: responses
                autoAccept: "always"
                systemPrompt: "Be brief."
                transport: KoderResponsesTransport {
                    id: responses
                    model: "gpt-test"
                    apiKey: "sk-test-key"
                    reasoningEffort: "low"
                    reasoningSummary: "auto"
                }
                KoderTool {
                    name: "get_weather"
                    description: "The weather in a city"
                    parameters: ({
                        type: "object",
                        properties: { city: { type: "string" } },
                        required: ["city"]
                    })
                    handler: function (args) {
                        agent.received = agent.received.concat([args])
                        return "Sunny, 21 °C in " + args.city
                    }
                }
            }
        }

        Component {
            id: viewComponent
            ChatView { width: 480; height: 400 }
        }

        function setUp() {
            const server = createTemporaryObject(serverComponent, root)
            const agent = createTemporaryObject(chatComponent, root)
            agent.transportObject.baseUrl = server.openAiUrl
            return { server: server, agent: agent }
        }

        function item(outputIndex, type, item, done) {
            return { type: done ? "response.output_item.done" : "response.output_item.added",
                     output_index: outputIndex, item: Object.assign({ type: type }, item) }
        }

        function completed(output) {
            return { type: "response.completed",
                     response: { id: "resp_1", status: "completed", output: output || [],
                                 usage: { input_tokens: 40, output_tokens: 12, total_tokens: 52,
                                          input_tokens_details: { cached_tokens: 32 },
                                          output_tokens_details: { reasoning_tokens: 8 } } } }
        }

        // Step 1: reasoning (summary streamed, encrypted content on the finished item), then a call
        // whose id is rotated between its events (matched by output_index).
        function toolStep() {
            return [
                { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
                item(0, "reasoning", { id: "rs_1", summary: [] }, false),
                { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0,
                  item_id: "rs_1", delta: "The user wants " },
                { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0,
                  item_id: "rs_1", delta: "the weather." },
                item(0, "reasoning", { id: "rs_1", encrypted_content: "gAAAA-secret-reasoning",
                                       summary: [{ type: "summary_text", text: "The user wants the weather." }] }, true),
                item(1, "function_call", { id: "fc_1", call_id: "call_42", name: "get_weather", arguments: "" }, false),
                { type: "response.function_call_arguments.delta", output_index: 1, item_id: "fc_1",
                  delta: "{\"city\":" },
                { type: "response.function_call_arguments.delta", output_index: 1, item_id: "fc_ROTATED",
                  delta: "\"Lisbon\"}" },
                completed(),
            ]
        }

        function textStep(text) {
            return [
                { type: "response.created", response: { id: "resp_2", status: "in_progress", output: [] } },
                item(0, "message", { id: "msg_1", role: "assistant", content: [] }, false),
                { type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: "msg_1",
                  delta: text.slice(0, 5) },
                { type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: "msg_1",
                  delta: text.slice(5) },
                { type: "response.output_text.done", output_index: 0, content_index: 0, item_id: "msg_1",
                  text: text },
                completed(),
            ]
        }

        function test_aToolLoopOfTwoStepsSendsTheCallItsOutputAndTheReasoningBack() {
            const t = setUp()
            t.server.replyEvents(toolStep())
            t.server.replyEvents(textStep("It is sunny in Lisbon."))
            verify(t.agent.send("Weather in Lisbon?"))
            tryCompare(t.agent, "status", "idle", 10000)
            compare(t.server.requestCount, 2)
            compare(t.agent.received.length, 1)
            compare(t.agent.received[0].city, "Lisbon")

            const first = t.server.request(0)
            compare(first.path, "/v1/responses")
            compare(first.headers["authorization"], "Bearer sk-test-key")
            compare(first.body.model, "gpt-test")
            compare(first.body.stream, true)
            compare(first.body.store, false)
            compare(first.body.include, ["reasoning.encrypted_content"])
            compare(first.body.instructions, "Be brief.")
            compare(first.body.reasoning.effort, "low")
            compare(first.body.reasoning.summary, "auto")
            compare(first.body.tools.length, 1)
            compare(first.body.tools[0].type, "function")
            compare(first.body.tools[0].name, "get_weather")
            compare(first.body.tools[0].parameters.required, ["city"])
            compare(first.body.input.length, 1)
            compare(first.body.input[0].role, "user")
            compare(first.body.input[0].content[0].type, "input_text")
            compare(first.body.input[0].content[0].text, "Weather in Lisbon?")

            // Stateless: the second request carries everything again.
            const input = t.server.request(1).body.input
            const types = input.map(i => i.type)
            compare(types, ["message", "reasoning", "function_call", "function_call_output"])
            compare(input[1].id, undefined) // stateless: the server reads its encrypted content
            compare(input[1].encrypted_content, "gAAAA-secret-reasoning")
            compare(input[1].summary[0].text, "The user wants the weather.")
            compare(input[2].call_id, "call_42")
            compare(input[2].name, "get_weather")
            compare(JSON.parse(input[2].arguments).city, "Lisbon")
            compare(input[3].call_id, "call_42")
            compare(input[3].output, "Sunny, 21 °C in Lisbon")

            const messages = t.agent.messages
            compare(messages.count, 4) // user, assistant (call), tool, assistant
            const step1 = messages.get(1)
            compare(step1.reasoning, "The user wants the weather.")
            compare(step1.finishReason, "tool_calls")
            compare(step1.usage.promptTokens, 40)
            compare(step1.usage.cachedTokens, 32)
            compare(step1.usage.reasoningTokens, 8)
            compare(step1.metadata.responses.reasoning[0].encrypted_content, "gAAAA-secret-reasoning")
            compare(messages.get(2).role, "tool")
            const answer = messages.get(3)
            compare(answer.text, "It is sunny in Lisbon.")
            compare(answer.finishReason, "stop")
        }

        function test_serverToolsAreKeptNeverRun() {
            const t = setUp()
            t.server.replyEvents([
                item(0, "web_search_call", { id: "ws_1", status: "in_progress" }, false),
                { type: "response.web_search_call.searching", output_index: 0, item_id: "ws_1" },
                item(0, "web_search_call", { id: "ws_1", status: "completed",
                                             action: { type: "search", query: "weather Lisbon" } }, true),
                item(1, "mcp_call", { id: "mcp_1", name: "get_weather", server_label: "weather",
                                      arguments: "{\"city\":\"Lisbon\"}", output: "Sunny",
                                      status: "completed" }, true),
                item(2, "message", { id: "msg_1", role: "assistant",
                                     content: [{ type: "output_text", text: "Sunny <b>today</b>." }] }, true),
                completed(),
            ])
            verify(t.agent.send("Weather?"))
            tryCompare(t.agent, "status", "idle", 10000)
            compare(t.agent.received.length, 0) // get_weather is the app's tool, but not this call
            compare(t.agent.messages.count, 2)
            const reply = t.agent.messages.get(1)
            compare(reply.text, "Sunny <b>today</b>.")
            compare(reply.finishReason, "stop")
            compare(reply.toolCalls.length, 0)
            const tools = reply.metadata.serverTools
            compare(tools.length, 2)
            compare(tools[0].type, "web_search_call")
            compare(tools[0].status, "completed")
            compare(tools[0].input, "weather Lisbon")
            compare(tools[1].type, "mcp_call")
            compare(tools[1].name, "get_weather")
            compare(tools[1].output, "Sunny")
        }

        function test_theServersErrorKeepsItsCode_data() {
            return [
                { tag: "rate limit", code: "rate_limit_exceeded", retryable: true },
                { tag: "server error", code: "server_error", retryable: true },
                { tag: "quota", code: "insufficient_quota", retryable: false },
            ]
        }

        function test_theServersErrorKeepsItsCode(data) {
            const t = setUp()
            t.agent.maxRetries = 0
            t.server.replyEvents([
                { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
                { type: "error", code: data.code, message: "Stopped: " + data.tag, param: null },
                { type: "response.failed", response: { id: "resp_1", status: "failed",
                                                       error: { code: data.code, message: "again" } } },
            ])
            verify(t.agent.send("hi"))
            tryCompare(t.agent, "status", "error", 10000)
            compare(t.agent.lastError.code, data.code)
            compare(t.agent.lastError.message, "Stopped: " + data.tag)
            compare(t.agent.lastError.retryable, data.retryable)
        }

        // Where a .done restates a part differently from its deltas, the .done is the reply's text.
        function test_aDoneThatDisagreesWithItsDeltasWins() {
            const t = setUp()
            t.server.replyEvents([
                item(0, "message", { id: "msg_1", role: "assistant", content: [] }, false),
                { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "Helo " },
                { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "wrld" },
                { type: "response.output_text.done", output_index: 0, content_index: 0, text: "Hello world" },
                completed(),
            ])
            const view = createTemporaryObject(viewComponent, stage, { controller: t.agent })
            verify(t.agent.send("hi"))
            tryCompare(t.agent, "status", "idle", 10000)
            compare(t.agent.messages.get(1).text, "Hello world")
            // What the bubble shows follows: its Markdown blocks, fed by the model, are replaced.
            const list = findChild(view, "messageList")
            tryVerify(() => list.itemAtIndex(1) !== null)
            tryCompare(findChild(list.itemAtIndex(1), "bodyBlocks").model, "markdown", "Hello world")
        }
    
        // Each reasoning item goes back right before the call it led to; reasoning that led to
        // nothing (the reply was cut while the model thought) is not sent back at all.
        function test_reasoningGoesBackBeforeWhatItLedTo() {
            const t = setUp()
            const call = (index, id, city) => item(index, "function_call",
                { id: "fc_" + index, call_id: id, name: "get_weather",
                  arguments: JSON.stringify({ city: city }) }, true)
            const reasoning = (index, secret) => item(index, "reasoning",
                { id: "rs_" + index, summary: [], encrypted_content: secret }, true)
            t.server.replyEvents([reasoning(0, "enc-a"), call(1, "call_a", "Lisbon"),
                                  reasoning(2, "enc-b"), call(3, "call_b", "Porto"), completed()])
            t.server.replyEvents(textStep("Done."))
            t.server.replyEvents([
                reasoning(0, "enc-cut"),
                { type: "response.incomplete",
                  response: { id: "resp_3", status: "incomplete", output: [],
                              incomplete_details: { reason: "max_output_tokens" } } },
            ])
            t.server.replyEvents(textStep("Done again."))
            verify(t.agent.send("Two cities"))
            tryCompare(t.agent, "status", "idle", 10000)
            compare(t.server.requestCount, 2)
            let input = t.server.request(1).body.input
            compare(input.map(i => i.type === "reasoning" ? i.encrypted_content
                                 : i.type === "function_call" ? i.call_id
                                 : i.type === "function_call_output" ? "output " + i.call_id
                                 : i.type),
                    ["message", "enc-a", "call_a", "enc-b", "call_b", "output call_a",
                     "output call_b"])

            // A reply cut while it thought keeps nothing to send back.
            verify(t.agent.send("Again"))
            tryCompare(t.agent, "status", "idle", 10000)
            compare(t.agent.messages.get(t.agent.messages.count - 1).finishReason, "length")
            verify(t.agent.send("Once more"))
            tryCompare(t.agent, "status", "idle", 10000)
            input = t.server.request(3).body.input
            compare(input.filter(i => i.encrypted_content === "enc-cut").length, 0)
            compare(input.filter(i => i.type === "reasoning").length, 2)
        }
    }
}
