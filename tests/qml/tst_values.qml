// SPDX-License-Identifier: MIT
// Values passed from QML where the contract takes `var` (JS objects, arrays, strings, numbers,
// Dates) arrive intact: checkpoints, attachments, chat messages, tool results. What JSON cannot
// hold (a function, a cycle, a symbol) is refused with a reason, never dropped in silence.
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Values"
    when: windowShown

    Component {
        id: agentComponent
        KoderAgentController {
            transport: KoderLocalAgent {}
        }
    }

    Component {
        id: toolComponent
        KoderTool {}
    }

    Component {
        id: spyComponent
        SignalSpy {}
    }

    function makeAgent(reply) {
        const agent = createTemporaryObject(agentComponent, root)
        agent.transport.reply = reply
        return agent
    }

    function spy(target, signalName) {
        return createTemporaryObject(spyComponent, root, { target: target, signalName: signalName })
    }

    // Stores `payload` as a checkpoint, restores it, and returns what checkpointRestored delivered
    // and the checkpoint's JSON text.
    function roundTrip(payload) {
        const agent = makeAgent("")
        const restored = spy(agent, "checkpointRestored")
        verify(agent.addCheckpoint(payload), "the checkpoint was stored")
        const checkpoint = agent.messages.get(agent.messages.count - 1)
        compare(checkpoint.role, "checkpoint")
        verify(agent.addUserMessage("after"))
        verify(agent.restoreCheckpoint(checkpoint.messageId))
        compare(restored.count, 1)
        return { value: restored.signalArguments[0][0], json: checkpoint.text }
    }

    function test_checkpointObjectRoundTrips() {
        const r = roundTrip({ doc: "v1", n: [1, 2, { x: true }] })
        compare(r.json, '{"doc":"v1","n":[1,2,{"x":true}]}')
        compare(r.value, { doc: "v1", n: [1, 2, { x: true }] })
        compare(typeof r.value.n[2].x, "boolean")
    }

    function test_checkpointNestedValuesOfEveryKind() {
        const payload = {
            text: "é \"quoted\" \n",
            int: 42, negative: -7, big: 3000000000, maxSafe: 9007199254740991, fraction: 0.1,
            yes: true, no: false, nothing: null,
            list: [[], {}, [{ deep: [{ deeper: "x" }] }]],
            when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6))
        }
        const r = roundTrip(payload)
        compare(r.json, '{"big":3000000000,"fraction":0.1,"int":42,"list":[[],{},[{"deep":'
                + '[{"deeper":"x"}]}]],"maxSafe":9007199254740991,"negative":-7,"no":false,'
                + '"nothing":null,"text":"é \\"quoted\\" \\n","when":"2024-01-02T03:04:05.006Z",'
                + '"yes":true}')
        compare(r.value.when, payload.when.toJSON())
        delete payload.when
        delete r.value.when
        compare(r.value, payload)
        compare(r.value.nothing, null)
    }

    function test_checkpointArrayRoundTrips() {
        const r = roundTrip([1, "two", { three: [3] }])
        compare(r.json, '[1,"two",{"three":[3]}]')
        compare(r.value, [1, "two", { three: [3] }])
    }

    function test_checkpointScalarsRoundTrip() {
        compare(roundTrip("just text").value, "just text")
        compare(roundTrip("just text").json, '"just text"')
        compare(roundTrip(42).json, "42")
        compare(roundTrip(42).value, 42)
        compare(roundTrip(3000000000).json, "3000000000")
        compare(roundTrip(2.5).value, 2.5)
        compare(roundTrip(true).value, true)
        compare(roundTrip(new Date(0)).value, "1970-01-01T00:00:00.000Z")
    }

    function test_sendCarriesAttachments() {
        const agent = makeAgent("")
        const end = spy(agent, "streamEnd")
        const attachments = [{ name: "a.png", url: "file:///x", size: 12, meta: { w: 1, h: 2 } }]
        verify(agent.send("hi", attachments))
        compare(agent.messages.get(0).role, "user")
        compare(agent.messages.get(0).text, "hi")
        compare(agent.messages.get(0).attachments, attachments)
        end.wait()
        compare(agent.messages.get(1).text, "You said: \"hi\"")
        compare(agent.messages.get(0).attachments, attachments)
    }

    function test_sendAttachmentsWithoutText() {
        const agent = makeAgent("Got it.")
        const end = spy(agent, "streamEnd")
        verify(agent.send("", [{ name: "a.png", url: "file:///x" }]))
        compare(agent.messages.get(0).text, "")
        compare(agent.messages.get(0).attachments, [{ name: "a.png", url: "file:///x" }])
        end.wait()
        compare(agent.messages.get(1).text, "Got it.")
    }

    function test_sendWithNothingIsRefused() {
        const agent = makeAgent("")
        const rejected = spy(agent, "rejected")
        verify(!agent.send("", []))
        verify(!agent.send("", null))
        verify(!agent.send(""))
        compare(rejected.count, 3)
        compare(agent.messages.count, 0)
    }

    function test_chatMessagesKeepEveryField() {
        const agent = makeAgent("")
        const first = [
            { role: "user", text: "look", attachments: [{ name: "a.png", url: "file:///x" }],
              metadata: { tags: ["t", { deep: [1, 2.5] }], flag: false, none: null } },
            { role: "assistant", text: "seen", metadata: { model: "m", usage: { total: 12 } } }
        ]
        verify(agent.setChatMessages(first))
        compare(agent.messages.count, 2)
        compare(agent.messages.get(0).attachments, first[0].attachments)
        compare(agent.messages.get(0).metadata, first[0].metadata)
        compare(agent.messages.get(1).metadata, first[1].metadata)

        const more = [{ id: "m-9", role: "user", text: "more",
                        metadata: { at: new Date(Date.UTC(2024, 0, 2)),
                                    list: [{ a: [{ b: "c" }] }] } }]
        verify(agent.addChatMessages(more))
        compare(agent.messages.count, 3)
        compare(agent.messages.get(2).messageId, "m-9")
        compare(agent.messages.get(2).metadata,
                { at: "2024-01-02T00:00:00.000Z", list: [{ a: [{ b: "c" }] }] })
    }

    function test_toolResultObjectIsItsJson() {
        const agent = makeAgent("done")
        const tool = createTemporaryObject(toolComponent, root, { name: "lookup", readOnly: true })
        tool.handler = function(args) {
            return { ok: true, query: args.q, hits: [1, { title: "t", score: 0.5 }], none: null }
        }
        agent.tools = [tool]
        agent.autoAccept = "always"
        agent.transport.toolCalls = [{ name: "lookup", arguments: { q: "cats" } }]
        const end = spy(agent, "streamEnd")
        verify(agent.send("find"))
        end.wait()
        compare(agent.messages.get(2).role, "tool")
        verify(!agent.messages.get(2).isError)
        compare(agent.messages.get(2).text,
                '{"hits":[1,{"score":0.5,"title":"t"}],"none":null,"ok":true,"query":"cats"}')
    }

    function test_toolResultPromiseOfAnArray() {
        const agent = makeAgent("done")
        const tool = createTemporaryObject(toolComponent, root, { name: "list", readOnly: true })
        tool.handler = function() { return Promise.resolve([{ id: 1 }, { id: 2 }]) }
        agent.tools = [tool]
        agent.autoAccept = "always"
        agent.transport.toolCalls = [{ name: "list" }]
        const end = spy(agent, "streamEnd")
        verify(agent.send("list"))
        end.wait()
        verify(!agent.messages.get(2).isError)
        compare(agent.messages.get(2).text, '[{"id":1},{"id":2}]')
    }

    function test_toolResultThatIsNotJsonIsAnError() {
        const agent = makeAgent("sorry")
        const tool = createTemporaryObject(toolComponent, root, { name: "odd", readOnly: true })
        tool.handler = function() { return { ok: true, callback: function() {} } }
        agent.tools = [tool]
        agent.autoAccept = "always"
        agent.transport.toolCalls = [{ name: "odd" }]
        const end = spy(agent, "streamEnd")
        verify(agent.send("go"))
        end.wait()
        verify(agent.messages.get(2).isError)
        verify(agent.messages.get(2).text.indexOf("callback") >= 0, agent.messages.get(2).text)
        verify(agent.messages.get(2).text.indexOf("function") >= 0, agent.messages.get(2).text)
    }

    function test_valuesJsonCannotHoldAreRefused() {
        const agent = makeAgent("")
        const rejected = spy(agent, "rejected")
        const cyclic = { name: "loop" }
        cyclic.self = cyclic

        verify(!agent.addCheckpoint(function() {}))
        verify(!agent.addCheckpoint({ doc: "v1", save: function() {} }))
        verify(!agent.addCheckpoint(cyclic))
        verify(!agent.addCheckpoint({ s: Symbol("s") }))
        verify(!agent.addCheckpoint([1, NaN]))
        verify(!agent.send("hi", [{ name: "a.png", read: function() {} }]))
        verify(!agent.setChatMessages([{ role: "user", text: "a",
                                         metadata: { f: function() {} } }]))
        verify(!agent.addChatMessages([{ role: "user", text: "a",
                                         metadata: { s: Symbol("s") } }]))
        compare(agent.messages.count, 0)

        compare(rejected.count, 8)
        const actions = rejected.signalArguments.map(function(a) { return a[0] })
        compare(actions, ["addCheckpoint", "addCheckpoint", "addCheckpoint", "addCheckpoint",
                          "addCheckpoint", "send", "setChatMessages", "addChatMessages"])
        const reasons = rejected.signalArguments.map(function(a) { return a[1] })
        compare(reasons[0], "The value is not valid. A function cannot be represented as JSON")
        compare(reasons[1],
                "The value is not valid. save: a function cannot be represented as JSON")
        verify(reasons[2].indexOf("self.self.self") >= 0, reasons[2])
        verify(reasons[2].indexOf("nested deeper than 128 levels") >= 0, reasons[2])
        compare(reasons[3], "The value is not valid. s: Symbol(s) cannot be represented as JSON")
        compare(reasons[4], "The value is not valid. [1]: NaN cannot be represented as JSON")
        compare(reasons[5],
                "The value is not valid. [0].read: a function cannot be represented as JSON")
        compare(reasons[6], "The messages are not valid. "
                            + "[0].metadata.f: a function cannot be represented as JSON")
        verify(reasons[7].indexOf("[0].metadata.s: Symbol(s)") >= 0, reasons[7])
    }

    function test_undefinedIsLeftOutAsInJson() {
        const r = roundTrip({ a: 1, gone: undefined, list: [undefined, 2] })
        compare(r.json, '{"a":1,"list":[null,2]}')
        compare(JSON.stringify(r.value),
                JSON.stringify({ a: 1, gone: undefined, list: [undefined, 2] }))
    }
}
