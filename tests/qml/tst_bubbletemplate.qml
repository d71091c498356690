// SPDX-License-Identifier: MIT
// AbstractBubble under a look written here: the behaviour (accessibility, live region, actions,
// keyboard, when actions show, the reasoning section) comes with the template, not the look.
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent

Item {
    id: stage
    width: 480
    height: 300

    Component {
        id: ownLook
        Item {
            width: 480
            height: 120
            property alias bubble: plain
            property alias copyButton: copyButton
            property alias regenerateButton: regenerateButton
            //! [own-look]
            AbstractBubble {
                id: plain
                width: parent.width
                text: "Hello"
                contentItem: Column {
                    spacing: 4
                    Text {
                        textFormat: Text.PlainText
                        text: plain.text
                        Accessible.ignored: true // the bubble speaks for its text
                    }
                    Row {
                        Button {
                            id: copyButton
                            action: plain.copyAction
                            visible: plain.copyAction.enabled
                            opacity: plain.actionsShown ? 1 : 0.2
                        }
                        Button {
                            id: regenerateButton
                            action: plain.regenerateAction
                            visible: plain.regenerateAction.enabled
                            opacity: plain.actionsShown ? 1 : 0.2
                        }
                    }
                }
            }
            //! [own-look]
        }
    }

    TestCase {
        id: testCase
        name: "BubbleTemplate"
        when: windowShown

        function make(props) {
            const holder = createTemporaryObject(ownLook, stage)
            verify(holder)
            for (const key in props || {})
                holder.bubble[key] = props[key]
            return holder
        }

        function spyOn(target, signalName) {
            const spy = createTemporaryQmlObject("import QtTest; SignalSpy {}", testCase)
            spy.target = target
            spy.signalName = signalName
            return spy
        }

        function test_accessibilityComesWithTheTemplate() {
            const b = make({ streaming: true, text: "partial" }).bubble
            compare(b.Accessible.role, Accessible.StaticText)
            compare(b.Accessible.name, "The assistant is writing a reply")
            compare(b.Accessible.description, "Assistant message")
            compare(b.KoderLiveRegion.politeness, Koder.Politeness.Polite)
            b.streaming = false
            compare(b.Accessible.name, "partial")
            b.role = "user"
            compare(b.Accessible.description, "Your message")
            compare(b.KoderLiveRegion.politeness, Koder.Politeness.Off)
            b.role = "tool"
            b.toolName = "get_time"
            compare(b.Accessible.description, "Result of the tool get_time")
        }

        function test_actionsFollowTheMessage() {
            const b = make().bubble
            verify(b.copyAction.enabled)
            verify(b.regenerateAction.enabled)
            verify(!b.editAction.enabled, "only the user's messages are edited")
            verify(b.branchAction.enabled)
            b.streaming = true
            verify(!b.copyAction.enabled)
            verify(!b.regenerateAction.enabled)
            verify(!b.branchAction.enabled)
            b.streaming = false
            b.role = "user"
            verify(b.editAction.enabled)
            verify(!b.regenerateAction.enabled)
            b.role = "tool"
            verify(!b.branchAction.enabled)
        }

        function test_keyboardTriggersTheTemplatesSignals() {
            const holder = make({ messageId: "m7" })
            const spy = spyOn(holder.bubble, "regenerateRequested")
            holder.regenerateButton.forceActiveFocus()
            keyClick(Qt.Key_Space)
            compare(spy.count, 1)
            compare(spy.signalArguments[0][0], "m7")
        }

        function test_actionsShowOnHoverAndFocus() {
            const holder = make()
            const b = holder.bubble
            mouseMove(stage, stage.width - 1, stage.height - 1)
            tryCompare(b, "actionsShown", false)
            verify(holder.copyButton.visible, "faded, still in the Tab chain")
            mouseMove(b, 10, 10)
            tryCompare(b, "actionsShown", true)
            mouseMove(stage, stage.width - 1, stage.height - 1)
            tryCompare(b, "actionsShown", false)
            holder.copyButton.forceActiveFocus()
            verify(b.focusWithin)
            verify(b.actionsShown)
            holder.copyButton.focus = false
            stage.forceActiveFocus()
            verify(!b.actionsShown)
            b.alwaysShowActions = true
            verify(b.actionsShown)
        }

        function test_versionsAreDisabledAtTheEnds() {
            const b = make({ messageId: "r", versionCount: 3, versionIndex: 0 }).bubble
            verify(!b.previousVersionAction.enabled)
            verify(b.nextVersionAction.enabled)
            const spy = spyOn(b, "versionRequested")
            b.nextVersionAction.trigger()
            compare(spy.signalArguments[0][1], 1)
            b.versionIndex = 2
            verify(b.previousVersionAction.enabled)
            verify(!b.nextVersionAction.enabled)
        }

        function test_reasoningIsOpenWhileThinkingAndClosesWhenTheReplyStarts() {
            const b = make({ messageId: "r", text: "", reasoning: "Let me see", streaming: true }).bubble
            verify(b.thinking)
            verify(b.reasoningExpanded)
            compare(b.toggleReasoningAction.text, "Thinking\u2026")
            compare(b.reasoningSeconds, -1, "not known before the thinking ends")
            b.text = "The answer"
            verify(!b.thinking)
            verify(!b.reasoningExpanded, "closed when the reply starts")
            verify(b.reasoningSeconds >= 0)
            verify(b.toggleReasoningAction.text.indexOf("Thought for") === 0,
                   b.toggleReasoningAction.text)
            b.toggleReasoningAction.trigger()
            verify(b.reasoningExpanded)
            verify(b.toggleReasoningAction.checked)
            b.toggleReasoningAction.trigger()
            verify(!b.reasoningExpanded)
            // A reused delegate showing another message starts over; a loaded reply's thinking
            // time is unknown.
            b.streaming = false
            b.messageId = "other"
            compare(b.reasoningSeconds, -1)
            compare(b.toggleReasoningAction.text, "Reasoning")
            verify(!b.reasoningExpanded)
        }

        function test_theUserCanCloseTheReasoningWhileItStreams() {
            const b = make({ text: "", reasoning: "Hmm", streaming: true }).bubble
            b.toggleReasoningAction.trigger()
            verify(!b.reasoningExpanded)
            verify(b.toggleReasoningAction.enabled)
        }

        // A reused delegate: the view sets the new message's id before its other roles.
        function test_aReusedDelegateDoesNotCarryTheThinkingTimeOver() {
            const b = make({ messageId: "r", text: "", reasoning: "Let me see", streaming: true }).bubble
            verify(b.thinking)
            b.messageId = "stored"
            b.streaming = false
            b.text = "An old answer"
            b.reasoning = "Old thoughts"
            compare(b.reasoningSeconds, -1, "a stored reply's thinking time is unknown")
            compare(b.toggleReasoningAction.text, "Reasoning")
            // The other way round: a delegate that showed a stored reply gets a thinking one.
            b.messageId = "live"
            b.text = ""
            b.streaming = true
            tryVerify(() => b._thinkingStartedAt > 0, 1000, "the clock starts")
            b.text = "Now"
            verify(b.reasoningSeconds >= 0)
        }
    }
}
