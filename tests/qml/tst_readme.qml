// SPDX-License-Identifier: MIT
// The QML example of the README and the reference (Getting Started), run as a test so neither can
// drift from the API.
import QtQuick
import QtTest
import Koder.Agent

TestCase {
    id: root
    name: "Readme"
    when: windowShown

    Component {
        id: example
        //! [twenty-lines]
        KoderAgentController {
            id: agent
            transport: KoderLocalAgent { reply: "It is 09:41 in Tokyo." }
            autoAccept: "onlyRead"              // read-only tools run, writing ones ask first
            systemPrompt: "You are a helpful assistant."

            KoderTool {
                name: "get_time"
                description: "The current time in a time zone"
                parameters: ({ type: "object", properties: { tz: { type: "string" } } })
                readOnly: true
                handler: function(args) { return "09:41" }
            }

            onStreamToken: (messageId, token) => console.debug(token)
            onStreamEnd: (messageId) => console.log("done:", messages.get(messages.count - 1).text)
            onRejected: (action, reason) => console.warn(action, reason)
        }
        //! [twenty-lines]
    }

    SignalSpy { id: ended; signalName: "streamEnd" }

    function test_example() {
        const agent = createTemporaryObject(example, root)
        ended.target = agent
        verify(agent.send("What time is it in Tokyo?"))
        ended.wait()
        compare(agent.messages.get(1).text, "It is 09:41 in Tokyo.")
        compare(agent.autoAccept, "onlyRead")
    }
}
