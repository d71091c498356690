// SPDX-License-Identifier: MIT
// The controller's main scenarios, written against the QML API (contract names) only.
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Controller"
    when: windowShown

    Component {
        id: agentComponent
        KoderAgentController {
            property var log: []
            transport: KoderLocalAgent {}
            onUserMessage: log.push("userMessage")
            onStreamStart: log.push("streamStart")
            onStreamToken: if (log[log.length - 1] !== "streamToken") log.push("streamToken")
            onToolCall: log.push("toolCall")
            onStreamEnd: log.push("streamEnd")
            onError: log.push("error")
            onAborted: log.push("aborted")
        }
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

    function lastText(agent) {
        return agent.messages.get(agent.messages.count - 1).text
    }

    function test_sendStreamsInR4Order() {
        const agent = makeAgent("Hello from QML.")
        const end = spy(agent, "streamEnd")
        verify(agent.send("hi"))
        compare(agent.status, "streaming")
        verify(agent.streaming)
        verify(agent.abortable)
        end.wait()
        compare(agent.log, ["userMessage", "streamStart", "streamToken", "streamEnd"])
        compare(agent.status, "idle")
        verify(!agent.abortable)
        compare(agent.messages.count, 2)
        compare(lastText(agent), "Hello from QML.")
        compare(agent.messages.get(1).role, "assistant")
        compare(agent.lastError, null)
    }

    function test_secondSendIsRejected() {
        const agent = makeAgent("a b c d e f")
        agent.transport.tokensPerSecond = 20
        const rejected = spy(agent, "rejected")
        verify(agent.send("one"))
        verify(!agent.send("two"))
        compare(rejected.count, 1)
        compare(rejected.signalArguments[0][0], "send")
        compare(agent.messages.count, 2)
    }

    function test_abortKeepsPartialReply() {
        const agent = makeAgent("one two three four five six seven")
        agent.transport.tokensPerSecond = 100
        const token = spy(agent, "streamToken")
        const aborted = spy(agent, "aborted")
        agent.send("q")
        token.wait()
        agent.abort()
        compare(aborted.count, 1)
        compare(agent.status, "interrupted")
        const partial = lastText(agent)
        verify(partial.length > 0)
        verify(agent.messages.get(1).aborted)
        wait(100) // a window for late tokens to show up if the agent leaked any (none may)
        compare(lastText(agent), partial)
        compare(agent.log[agent.log.length - 1], "aborted")
    }

    function test_regenerateEditBranch() {
        const agent = makeAgent("answer")
        const end = spy(agent, "streamEnd")
        agent.send("q1")
        end.wait()
        agent.send("q2")
        end.wait()
        compare(agent.messages.count, 4)
        verify(agent.regenerate(agent.messages.get(1).messageId))
        compare(agent.messages.count, 2)
        compare(agent.messages.get(1).versionCount, 2) // the old reply is kept as version 1
        end.wait()
        const q1 = agent.messages.get(0).messageId
        verify(agent.edit(q1, "q1 edited"))
        end.wait()
        compare(agent.messages.get(0).text, "q1 edited")
        compare(agent.messages.get(0).versionIndex, 1)
        const edited = agent.messages.get(0).messageId
        verify(edited !== q1) // the edited text is a new version; q1 is off the shown path
        const original = agent.conversationId
        const fork = agent.branch(edited)
        verify(fork.length > 0)
        verify(fork !== original)
        agent.conversationId = fork
        compare(agent.messages.count, 1)
        agent.conversationId = original
        compare(agent.messages.count, 2)
    }

    function test_approveAndDenyToolCalls() {
        const agent = makeAgent("done")
        let writes = 0
        const tool = createTemporaryObject(toolComponent, root, { name: "save_note", readOnly: false })
        tool.handler = function(args) { writes++; return { saved: args.text } }
        agent.tools = [tool]
        agent.transport.toolCalls = [{ name: "save_note", arguments: { text: "hi" } }]
        const end = spy(agent, "streamEnd")
        agent.send("save it")
        tryCompare(agent, "status", "reviewingToolCall")
        compare(agent.pendingToolCalls.length, 1)
        compare(agent.pendingToolCalls[0].name, "save_note")
        compare(agent.pendingToolCalls[0].arguments.text, "hi")
        compare(agent.pendingToolCalls[0].readOnly, false)
        agent.approveToolCall(agent.pendingToolCalls[0].id)
        end.wait()
        compare(writes, 1)
        compare(agent.log, ["userMessage", "streamStart", "toolCall", "streamToken", "streamEnd"])
        compare(agent.messages.get(2).role, "tool")
        compare(JSON.parse(agent.messages.get(2).text).saved, "hi")
        compare(lastText(agent), "done")

        agent.send("again")
        tryCompare(agent, "status", "reviewingToolCall")
        agent.denyToolCall(agent.pendingToolCalls[0].id, "no thanks")
        end.wait()
        compare(writes, 1)
        verify(agent.messages.get(6).denied)
    }

    function test_onlyReadRunsReadOnlyToolsWithoutAsking() {
        const agent = makeAgent("ok")
        const clock = createTemporaryObject(toolComponent, root, { name: "clock", readOnly: true })
        clock.handler = function() { return Promise.resolve("09:41") }
        agent.tools = [clock]
        agent.autoAccept = "onlyRead"
        agent.transport.toolCalls = [{ name: "clock", arguments: {} }]
        const end = spy(agent, "streamEnd")
        agent.send("time?")
        end.wait()
        compare(agent.messages.get(2).text, "09:41")
        verify(!agent.messages.get(2).visible)
    }

    function test_toolThatThrowsGivesAnErrorResult() {
        const agent = makeAgent("sorry")
        const bad = createTemporaryObject(toolComponent, root, { name: "bad", readOnly: true })
        bad.handler = function() { throw new Error("nope") }
        agent.tools = [bad]
        agent.autoAccept = "always"
        agent.transport.toolCalls = [{ name: "bad" }]
        const end = spy(agent, "streamEnd")
        agent.send("try")
        end.wait()
        verify(agent.messages.get(2).isError)
        verify(agent.messages.get(2).text.indexOf("nope") >= 0)
    }

    function test_failureAndRetry() {
        const agent = makeAgent("x y z")
        agent.transport.failAfterTokens = 1
        const err = spy(agent, "error")
        agent.send("q")
        err.wait()
        compare(agent.status, "error")
        compare(agent.lastError.code, "transport")
        compare(err.signalArguments[0][0].code, "transport")
        // With a retry allowed, the failed attempt's partial text is dropped and the retry
        // streams the whole reply; no error reaches the app.
        agent.maxRetries = 1
        const token = spy(agent, "streamToken")
        const end = spy(agent, "streamEnd")
        agent.send("again")
        token.wait()
        tryVerify(function() { return lastText(agent) === "" }, 2000, "the failed attempt was dropped")
        compare(agent.status, "streaming")
        agent.transport.failAfterTokens = -1
        end.wait(3000)
        compare(err.count, 1)
        compare(agent.lastError, null)
        compare(lastText(agent), "x y z")
    }

    function test_hookSignalsInOrder() {
        const agent = makeAgent("ok")
        const clock = createTemporaryObject(toolComponent, root, { name: "clock", readOnly: true })
        clock.handler = function() { return "now" }
        agent.tools = [clock]
        agent.autoAccept = "always"
        agent.transport.toolCalls = [{ name: "clock" }]
        const hooks = []
        agent.turnStarting.connect(function(r) { hooks.push("turnStarting:" + r.step) })
        agent.stepFinished.connect(function(s) { hooks.push("stepFinished:" + s.finishReason) })
        agent.toolExecutionStarted.connect(function(c) { hooks.push("toolStart:" + c.name) })
        agent.toolExecutionFinished.connect(function(c, r) { hooks.push("toolEnd:" + r.result) })
        agent.turnFinished.connect(function(outcome) { hooks.push("finished:" + outcome) })
        const end = spy(agent, "streamEnd")
        agent.send("q")
        end.wait()
        compare(hooks, ["turnStarting:1", "stepFinished:tool_calls", "toolStart:clock",
                        "toolEnd:now", "stepFinished:stop", "finished:streamEnd"])
    }

    function test_streamingUpdatesAreCoalesced() {
        const words = []
        for (let i = 0; i < 400; ++i)
            words.push("w" + i)
        const agent = makeAgent(words.join(" "))
        let rowUpdates = 0
        let textAtEnd = ""
        agent.messages.dataChanged.connect(function(from) { if (from.row === 1) rowUpdates++ })
        agent.streamEnd.connect(function() { textAtEnd = lastText(agent) })
        const end = spy(agent, "streamEnd")
        agent.send("q")
        end.wait()
        compare(textAtEnd, words.join(" "))
        verify(rowUpdates <= 20, "400 tokens gave " + rowUpdates + " row updates")
    }

    function test_unknownCallAndBadAutoAcceptAreRejected() {
        const agent = makeAgent("x")
        const rejected = spy(agent, "rejected")
        agent.approveToolCall("nope")
        agent.autoAccept = "sometimes"
        compare(rejected.count, 2)
        compare(rejected.signalArguments[0][0], "approveToolCall")
        compare(agent.autoAccept, "never")
    }

    function test_toolTimeoutGivesAnErrorResult() {
        const agent = makeAgent("late")
        const slow = createTemporaryObject(toolComponent, root,
                                           { name: "slow", readOnly: true, timeoutMs: 30 })
        slow.handler = function() { return new Promise(function() {}) }
        agent.tools = [slow]
        agent.autoAccept = "onlyRead"
        agent.transport.toolCalls = [{ name: "slow" }]
        const end = spy(agent, "streamEnd")
        agent.send("q")
        end.wait()
        verify(agent.messages.get(2).isError)
        verify(agent.messages.get(2).text.indexOf("timed out") >= 0)
    }

    // `tools` is the controller's default property (the QML module adds it to the C++ class with
    // an extension object): tools declared inside the controller are its tools, in order, and
    // assigning a JS array replaces the list.
    Component {
        id: agentWithToolsComponent
        //! [tools-inside]
        KoderAgentController {
            transport: KoderLocalAgent {}
            KoderTool { name: "first"; readOnly: true; handler: () => "one" }
            KoderTool { name: "second"; handler: () => "two" }
        }
        //! [tools-inside]
    }

    function test_toolsIsTheDefaultProperty() {
        const agent = createTemporaryObject(agentWithToolsComponent, root)
        const changed = spy(agent, "toolsChanged")
        compare(agent.tools.length, 2)
        compare(agent.tools[0].name, "first")
        compare(agent.tools[1].name, "second")
        const other = createTemporaryObject(toolComponent, root, { name: "third" })
        agent.tools = [other]
        compare(agent.tools.length, 1)
        compare(agent.tools[0].name, "third")
        verify(changed.count > 0)
        agent.tools = []
        compare(agent.tools.length, 0)
    }

    // The typed enums of the Koder namespace (koderenums.h), scoped, beside the contract's
    // strings.
    function test_typedEnumsAreReachable() {
        compare(Koder.Status.Idle, 0)
        compare(Koder.Status.Streaming, 1)
        compare(Koder.Status.ReviewingToolCall, 2)
        compare(Koder.Status.Handoff, 6)
        compare(Koder.AutoAccept.OnlyRead, 2)
        compare(Koder.Role.Assistant, 1)
        compare(Koder.Politeness.Off, 0)
        compare(Koder.Politeness.Assertive, 2)
        compare(Koder.AnnouncementKind.ApprovalNeeded, 5)
        const agent = makeAgent("typed")
        const end = spy(agent, "streamEnd")
        //! [typed-enums]
        compare(agent.statusValue, Koder.Status.Idle)
        agent.send("q")
        compare(agent.statusValue, Koder.Status.Streaming)
        end.wait()
        compare(agent.statusValue, Koder.Status.Idle)
        //! [typed-enums]
    }

    Component {
        id: toolComponent
        KoderTool {}
    }
}
