// SPDX-License-Identifier: MIT
// The voice in the Sender and the ChatView: the microphone button (push to talk, by keyboard
// and by Ctrl+Shift+M), what the user hears and reads meanwhile (Listening…, Transcribing…),
// errors in the notice, Escape, conversation mode (listen, send, wait for the reply to be
// read aloud, listen again, end when nothing is heard), the look in light and dark palettes
// and at a narrow width, and the ChatView passing its speech and dictation on.
// The microphone is a WAV file of speech (FileAudioInput, tests/data/speech-16k.wav), the
// transcription service the scripted HTTP server, the voice a recording fake (FakeSpeechEngine).
import QtQuick
import QtQuick.Controls
import QtTest
import Koder.Agent
import Koder.Test

// TestCase items are invisible: what the tests click and read lives on this stage.
Item {
    id: stage
    width: 520
    height: 640

    TestCase {
        id: testCase
        name: "Voice"
        when: windowShown

        readonly property string wav: testDataDir + "/speech-16k.wav"

        // A Sender with a dictation and a speech, inside an item that counts the Escape presses
        // the Sender leaves to what is around it.
        Component {
            id: senderComponent
            Item {
                id: around
                property int escapes: 0
                readonly property Sender sender: theSender
                readonly property HttpTestServer server: transcriptionServer
                readonly property FileAudioInput microphone: audio
                readonly property FakeSpeechEngine voice: fakeVoice
                // The loudest the microphone was in the recording that runs, and for each
                // recording as it started: how many phrases had been said, whether the voice
                // still spoke, how many messages there were, whether a turn was open.
                property real loudest: 0
                property var listens: []
                // The room turns quiet once a recording has ended (the microphone plays no
                // more speech): for a conversation whose second turn hears nothing.
                property bool quietAfterOne: false
                width: 480
                height: 240
                Keys.onEscapePressed: around.escapes++

                HttpTestServer {
                    id: transcriptionServer
                }
                Sender {
                    id: theSender
                    width: parent.width
                    controller: KoderAgentController {
                        transport: KoderLocalAgent {
                            reply: "Sure. Here it is."
                            tokensPerSecond: 0
                        }
                    }
                    speech: KoderSpeech {
                        controller: theSender.controller
                        engine: FakeSpeechEngine {
                            id: fakeVoice
                        }
                    }
                    dictation: KoderDictation {
                        // Never reached while a test holds a push-to-talk recording open (the
                        // file plays one chunk per turn of the event loop).
                        maxDuration: 3600000
                        transcriber: KoderTranscriber {
                            baseUrl: transcriptionServer.openAiUrl
                        }
                        audioInput: FileAudioInput {
                            id: audio
                            file: testCase.wav
                        }
                    }
                }
                Connections {
                    target: theSender.dictation
                    function onLevelChanged() {
                        around.loudest = Math.max(around.loudest, theSender.dictation.level)
                    }
                    function onRecordingChanged() {
                        if (!theSender.dictation.recording) {
                            if (around.quietAfterOne)
                                audio.file = ""
                            return
                        }
                        around.loudest = 0
                        around.listens.push({ said: fakeVoice.said.length,
                                              speaking: fakeVoice.speaking,
                                              messages: theSender.controller.messages.count,
                                              turnOpen: theSender.controller.abortable })
                    }
                }
            }
        }

        function make() {
            const around = createTemporaryObject(senderComponent, stage)
            verify(around)
            const sender = around.sender
            return { around: around, sender: sender, dictation: sender.dictation,
                     speech: sender.speech, voice: around.voice, server: around.server,
                     microphone: around.microphone,
                     input: findChild(sender, "senderInput"),
                     dictate: findChild(sender, "dictateButton"),
                     conversation: findChild(sender, "conversationButton"),
                     send: findChild(sender, "senderButton"),
                     status: findChild(sender, "senderVoiceStatus"),
                     notice: findChild(sender, "senderNotice"),
                     level: findChild(sender, "dictationLevel") }
        }

        // The recording has heard speech (the WAV's voice is louder than the speech level).
        function waitForSpeech(s) {
            tryVerify(() => s.around.loudest >= 0.35, 5000, "the microphone hears speech")
        }

        function init() {
            failOnWarning(/./)
        }

        // Tab from the input reaches the microphone; Space starts recording, Space again stops
        // it; the text lands in the input, after what is there, and is not sent.
        function test_pushToTalkByKeyboard() {
            const s = make()
            verify(s.dictate.visible && s.conversation.visible)
            compare(s.dictate.Accessible.name, "Dictate")
            compare(s.dictate.Accessible.role, Accessible.Button)
            compare(s.sender.voiceStatus, "")
            verify(!s.status.visible)
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.sender.text = "Note:"
            s.input.forceActiveFocus()
            keyClick(Qt.Key_Tab)
            tryCompare(s.dictate, "activeFocus", true)
            compare(s.input.text, "Note:", "Tab typed nothing")
            verify(s.dictate.visualFocus)
            verify(findChild(s.dictate, "focusRing").visible, "a visible focus ring")

            keyClick(Qt.Key_Space)
            verify(s.dictation.recording)
            compare(s.microphone.started, 1)
            compare(s.sender.voiceStatus, "Listening\u2026")
            verify(s.status.visible)
            compare(s.status.text, "Listening\u2026")
            compare(s.status.Accessible.role, Accessible.AlertMessage)
            compare(s.status.Accessible.name, "Listening\u2026")
            compare(s.dictate.Accessible.name, "Stop dictation")
            compare(s.sender.dictateAction.text, "Stop dictation")
            verify(s.level.visible, "the level meter shows while recording")
            compare(s.level.Accessible.ignored, true)
            waitForSpeech(s)
            const fill = findChild(s.level, "dictationLevelFill")
            fuzzyCompare(fill.width, s.level.width * s.dictation.level, 0.5)

            keyClick(Qt.Key_Space)
            verify(!s.dictation.recording)
            verify(s.dictation.transcribing)
            // The button turns disabled meanwhile: the keys go to the input, not nowhere.
            tryCompare(s.input, "activeFocus", true)
            compare(s.sender.voiceStatus, "Transcribing\u2026")
            compare(s.status.Accessible.name, "Transcribing\u2026")
            compare(s.dictate.Accessible.name, "Dictate")
            verify(!s.dictate.enabled, "no new recording while one is transcribed")
            verify(!s.level.visible)

            tryCompare(s.sender, "text", "Note: hello there")
            compare(s.input.text, "Note: hello there")
            compare(s.sender.voiceStatus, "")
            verify(!s.status.visible)
            compare(s.sender.controller.messages.count, 0, "the text is not sent")
            tryCompare(s.input, "activeFocus", true)
            compare(s.input.cursorPosition, s.input.length, "the cursor at the end")
            verify(s.dictate.enabled)
            compare(s.server.requestCount, 1)
            verify(s.server.request(0).path.endsWith("/audio/transcriptions"),
                   s.server.request(0).path)
        }

        // Ctrl+Shift+M in the input starts and stops dictation; the text of an empty input is
        // the transcription alone.
        function test_ctrlShiftMToggles() {
            const s = make()
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.input.forceActiveFocus()
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            verify(s.dictation.recording)
            compare(s.input.text, "", "the shortcut typed nothing")
            waitForSpeech(s)
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            verify(!s.dictation.recording)
            verify(s.dictation.transcribing)
            tryCompare(s.input, "text", "hello there")
            compare(s.sender.controller.messages.count, 0)
        }

        // Starting to dictate silences the voice reading a reply.
        function test_dictationSilencesTheVoice() {
            const s = make()
            s.voice.autoFinish = false
            s.sender.text = "hi"
            verify(s.sender.submit())
            tryVerify(() => !s.sender.controller.abortable, 5000, "the reply ends")
            verify(s.speech.speak(s.sender.controller.messages.get(1).messageId))
            verify(s.speech.speaking)
            const stops = s.voice.stops
            s.sender.dictateAction.trigger()
            verify(s.dictation.recording)
            verify(!s.speech.speaking)
            verify(s.voice.stops > stops)
            s.dictation.cancel()
        }

        // Escape cancels a recording and a transcription (nothing lands, nothing is sent) and
        // is taken; with nothing to cancel it goes on to what is around the input.
        function test_escapeCancels() {
            const s = make()
            s.input.forceActiveFocus()
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            verify(s.dictation.recording)
            waitForSpeech(s)
            keyClick(Qt.Key_Escape)
            verify(!s.dictation.recording)
            verify(!s.dictation.transcribing)
            compare(s.sender.voiceStatus, "")
            compare(s.around.escapes, 0, "the Sender took it")
            compare(s.server.requestCount, 0, "nothing was sent to transcribe")

            // While transcribing: the text never lands.
            s.server.respond(200, JSON.stringify({ text: "too late" }))
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            waitForSpeech(s)
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            verify(s.dictation.transcribing)
            keyClick(Qt.Key_Escape)
            verify(!s.dictation.transcribing)
            compare(s.around.escapes, 0)
            compare(s.sender.voiceStatus, "")

            keyClick(Qt.Key_Escape)
            compare(s.around.escapes, 1, "nothing to cancel: Escape is left alone")
            compare(s.input.text, "")

            // On the microphone button too.
            s.sender.dictateAction.trigger()
            verify(s.dictation.recording)
            s.dictate.forceActiveFocus(Qt.TabFocusReason)
            keyClick(Qt.Key_Escape)
            verify(!s.dictation.recording)
            compare(s.around.escapes, 1)
        }

        // No microphone: the reason is in the notice (an alert), and starting again clears it.
        function test_noMicrophoneShowsInTheNotice() {
            const s = make()
            s.microphone.failWith = "noMicrophone"
            s.input.forceActiveFocus()
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            verify(!s.dictation.recording)
            compare(s.sender.voiceStatus, "")
            compare(s.sender.rejection, "test: noMicrophone")
            verify(s.notice.visible)
            compare(s.notice.text, "test: noMicrophone")
            compare(s.notice.Accessible.role, Accessible.AlertMessage)
            compare(s.notice.Accessible.name, "test: noMicrophone")
            compare(s.dictate.Accessible.name, "Dictate")

            s.microphone.failWith = ""
            s.sender.dictateAction.trigger()
            verify(s.dictation.recording)
            compare(s.sender.rejection, "", "a new recording clears the old error")
            verify(!s.notice.visible)
            s.dictation.cancel()
        }

        // The transcription service fails: the reason is in the notice; conversation mode ends.
        function test_aTranscriptionErrorShowsInTheNotice() {
            const s = make()
            ignoreWarning(/transcription failed: http/) // the library's log says it too
            s.server.respond(500, JSON.stringify({ error: { message: "the model is loading" } }))
            s.sender.conversationMode = true
            verify(s.dictation.recording)
            tryVerify(() => s.sender.rejection !== "", 10000, "the failure is shown")
            compare(s.server.requestCount, 1)
            verify(s.notice.visible)
            compare(s.notice.text, s.dictation.errorString)
            verify(!s.sender.conversationMode)
            compare(s.sender.voiceStatus, "")
            compare(s.sender.controller.messages.count, 0)
        }

        // Conversation mode: listens at once, sends what it heard, and after the reply was read
        // to its end it listens again; a recording in which nothing is said ends it.
        function test_conversationMode() {
            const s = make()
            s.speech.readAloud = true
            s.around.quietAfterOne = true
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            compare(s.conversation.Accessible.name, "Conversation mode")
            verify(!s.conversation.checked)
            s.input.forceActiveFocus()
            keyClick(Qt.Key_Tab)
            keyClick(Qt.Key_Tab)
            tryCompare(s.conversation, "activeFocus", true)
            keyClick(Qt.Key_Space)
            verify(s.sender.conversationMode)
            verify(s.sender.conversationAction.checked)
            verify(s.conversation.checked)
            verify(findChild(s.conversation, "conversationOn").visible)
            verify(s.dictation.recording, "it listens at once")
            compare(s.sender.voiceStatus, "Listening\u2026")

            // The recording ends by itself once the user stopped speaking, and is sent.
            tryCompare(s.sender.controller.messages, "count", 2, 10000)
            compare(s.sender.controller.messages.get(0).text, "hello there")
            compare(s.sender.text, "", "sent, not left in the input")

            // The reply is read aloud; once read to its end, the Sender listens again.
            tryCompare(s.microphone, "started", 2, 10000)
            compare(s.around.listens.length, 2)
            const again = s.around.listens[1]
            compare(again.messages, 2)
            verify(again.said > 0, "the reply was read first")
            compare(again.said, s.voice.said.length, "all of it")
            verify(!again.speaking, "to its end")
            verify(s.voice.said.join(" ").indexOf("Here it is") >= 0, s.voice.said.join("|"))

            // Nothing heard: the mode ends, nothing more is sent.
            tryCompare(s.sender, "conversationMode", false, 10000)
            verify(!s.dictation.recording)
            verify(!s.conversation.checked)
            compare(s.sender.voiceStatus, "")
            compare(s.server.requestCount, 1, "the silent recording was not sent")
            compare(s.sender.controller.messages.count, 2)
        }

        // Without reading aloud, the Sender listens again as soon as the reply has ended;
        // turning the mode off drops the recording.
        function test_conversationWithoutReadingAloud() {
            const s = make()
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.around.quietAfterOne = true
            s.sender.conversationAction.trigger()
            verify(s.sender.conversationMode)
            verify(s.dictation.recording)
            tryCompare(s.sender.controller.messages, "count", 2, 10000)
            tryCompare(s.microphone, "started", 2, 10000)
            compare(s.around.listens[1].messages, 2, "listens again once the reply has ended")
            compare(s.voice.said.length, 0, "nothing read aloud")
            tryCompare(s.sender, "conversationMode", false, 10000)

            // Turned on and off by its button: the recording is dropped.
            mouseClick(s.conversation)
            verify(s.sender.conversationMode)
            verify(s.dictation.recording)
            mouseClick(s.conversation)
            verify(!s.sender.conversationMode)
            verify(!s.conversation.checked)
            verify(!s.dictation.recording, "the recording was dropped")
            verify(!s.dictation.transcribing)
            compare(s.sender.voiceStatus, "")
            compare(s.server.requestCount, 1)
        }

        // The reply has ended while it is still read aloud, and the user stops the reading
        // (the bubble's Stop reading, a menu): spoken() never comes, yet the Sender listens
        // again, once.
        function test_conversationListensWhenReadingIsStopped() {
            const s = make()
            s.speech.readAloud = true
            s.voice.autoFinish = false
            s.around.quietAfterOne = true
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.sender.conversationMode = true
            verify(s.dictation.recording)
            tryCompare(s.sender.controller.messages, "count", 2, 10000)
            tryVerify(() => !s.sender.controller.abortable, 5000, "the reply ends")
            verify(s.speech.speaking, "the reply is still read aloud")
            verify(s.sender.conversationMode, "the mode waits for the reading")
            verify(!s.dictation.recording)
            verify(!s.dictation.transcribing)
            compare(s.microphone.started, 1)

            s.speech.stop()
            verify(!s.speech.speaking)
            tryCompare(s.microphone, "started", 2, 5000)
            compare(s.around.listens.length, 2, "it listens again")
            compare(s.around.listens[1].messages, 2)
            verify(!s.around.listens[1].speaking)

            // The room is quiet: nothing heard, the mode ends; it listened once more, not twice.
            tryCompare(s.sender, "conversationMode", false, 10000)
            compare(s.microphone.started, 2)
            compare(s.server.requestCount, 1)
            compare(s.sender.controller.messages.count, 2)
        }

        // The reading is stopped while the reply still streams: the Sender waits for the turn
        // to end before it listens.
        function test_conversationWaitsForTheTurnAfterStoppedReading() {
            const s = make()
            s.speech.readAloud = true
            s.voice.autoFinish = false
            s.around.quietAfterOne = true
            s.sender.controller.transport.tokensPerSecond = 4
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.sender.conversationMode = true
            tryVerify(() => s.speech.speaking, 10000, "the reply is read as it streams")
            verify(s.sender.controller.abortable, "the reply streams")
            s.speech.stop()
            verify(!s.speech.speaking)
            verify(s.sender.controller.abortable)
            // Stopping the reading does not listen while the reply streams; its end does.
            tryVerify(() => !s.sender.controller.abortable, 10000, "the reply ends")
            tryCompare(s.microphone, "started", 2, 5000)
            verify(!s.around.listens[1].turnOpen, "listens only once the reply has ended")
            tryCompare(s.sender, "conversationMode", false, 10000)
            compare(s.microphone.started, 2)
        }

        // A draft typed while conversation mode listens is neither replaced nor sent: what was
        // heard is added to it, the mode ends and the notice says why.
        function test_conversationKeepsTheDraft() {
            const s = make()
            s.server.respond(200, JSON.stringify({ text: "hello there" }))
            s.sender.conversationMode = true
            verify(s.dictation.recording)
            s.input.forceActiveFocus()
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_I)
            compare(s.sender.text, "hi")
            tryCompare(s.sender, "text", "hi hello there", 10000)
            compare(s.input.text, "hi hello there")
            verify(!s.sender.conversationMode)
            verify(!s.conversation.checked)
            compare(s.sender.controller.messages.count, 0, "nothing was sent")
            compare(s.sender.rejection,
                    "Conversation mode ended: what you said was added to your draft.")
            compare(s.notice.text, s.sender.rejection)
            verify(!s.dictation.recording)
            compare(s.microphone.started, 1)
            compare(s.input.cursorPosition, s.input.length, "the cursor at the end")

            // White space alone is no draft: what was heard is sent.
            s.sender.text = " "
            s.sender.conversationMode = true
            compare(s.sender.rejection, "", "listening clears the notice")
            s.sender.text = "  "
            s.around.quietAfterOne = true
            s.server.respond(200, JSON.stringify({ text: "send this" }))
            tryCompare(s.sender.controller.messages, "count", 2, 10000)
            compare(s.sender.controller.messages.get(0).text, "send this")
            compare(s.sender.text, "")
            tryCompare(s.sender, "conversationMode", false, 10000)
        }

        // The microphone's tooltip names its shortcut as the platform writes it.
        function test_dictateTooltip() {
            const s = make()
            const shortcut = Qt.platform.os === "osx" ? "\u21e7\u2318M" : "Ctrl+Shift+M"
            compare(s.dictate.ToolTip.text, "Dictate (" + shortcut + ")")
            s.sender.dictateAction.trigger()
            compare(s.dictate.ToolTip.text, "Stop dictation (" + shortcut + ")")
            s.dictation.cancel()
        }

        // Escape ends conversation mode (dropping what it recorded) and silences the voice.
        function test_escapeEndsConversationMode() {
            const s = make()
            s.input.forceActiveFocus()
            s.sender.conversationMode = true
            verify(s.dictation.recording)
            keyClick(Qt.Key_Escape)
            verify(!s.sender.conversationMode)
            verify(!s.dictation.recording)
            compare(s.around.escapes, 0)
            compare(s.server.requestCount, 0)
        }

        // Without a dictation there is no microphone and no conversation mode; Tab goes from
        // the input to Send, as before. With one: input, microphone, conversation, Send.
        Component {
            id: plainComponent
            Sender {
                width: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "ok" }
                }
            }
        }
        function test_theVoiceNeedsADictation() {
            const sender = createTemporaryObject(plainComponent, stage)
            const input = findChild(sender, "senderInput")
            verify(!findChild(sender, "dictateButton").visible)
            verify(!findChild(sender, "conversationButton").visible)
            verify(!sender.dictateAction.enabled)
            verify(!sender.conversationAction.enabled)
            sender.conversationMode = true
            verify(!sender.conversationMode, "no conversation without a dictation")
            sender.text = "hi" // Send can take the focus
            input.forceActiveFocus()
            keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
            compare(sender.text, "hi")
            keyClick(Qt.Key_Tab)
            tryCompare(findChild(sender, "senderButton"), "activeFocus", true)

            const s = make()
            s.sender.text = "hi"
            s.input.forceActiveFocus()
            const order = []
            for (let i = 0; i < 3; ++i) {
                keyClick(Qt.Key_Tab)
                order.push(s.around.Window.activeFocusItem.objectName)
            }
            compare(order, ["dictateButton", "conversationButton", "senderButton"])
        }

        // While the input is blocked (a tool call waits), dictation cannot start; a recording
        // that runs can still be stopped.
        Component {
            id: toolComponent
            Sender {
                width: 480
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "ok"; toolCalls: [{ name: "save_note" }] }
                    KoderTool { name: "save_note"; handler: function() { return "saved" } }
                }
                dictation: KoderDictation {
                    maxDuration: 3600000 // the recording still runs when the tool call waits
                    transcriber: KoderTranscriber { baseUrl: "http://127.0.0.1:9/v1" }
                    audioInput: FileAudioInput {}
                }
            }
        }
        function test_blockedInputCannotDictate() {
            const sender = createTemporaryObject(toolComponent, stage)
            sender.dictateAction.trigger()
            verify(sender.dictation.recording)
            sender.text = "save"
            verify(sender.submit())
            tryCompare(sender.controller, "status", "reviewingToolCall")
            verify(sender.blocked)
            verify(sender.dictateAction.enabled, "the recording can be stopped")
            sender.dictation.cancel()
            verify(!sender.dictateAction.enabled)
            verify(!sender.conversationAction.enabled)
            verify(!findChild(sender, "dictateButton").enabled)
        }

        // At a narrow width nothing overlaps or leaves the Sender, while idle and while the
        // status line shows; every button stays a target.
        function test_narrowWidth_data() {
            return [{ tag: "300", width: 300 }, { tag: "360", width: 360 }]
        }
        function test_narrowWidth(data) {
            const s = make()
            s.around.width = data.width
            s.sender.text = "A message long enough to wrap in a narrow input, on a few lines."
            const names = ["attachButton", "senderInputFrame", "dictateButton",
                           "conversationButton", "senderButton"]
            const check = (step) => {
                // The layouts of the Sender: its column, and the row of the input.
                waitForItemPolished(s.status.parent)
                waitForItemPolished(s.dictate.parent)
                const rects = names.map(name => {
                    const item = findChild(s.sender, name)
                    const p = item.mapToItem(s.sender, 0, 0)
                    return { name: name, x: p.x, y: p.y, w: item.width, h: item.height }
                })
                for (let i = 0; i < rects.length; ++i) {
                    const r = rects[i]
                    verify(r.x >= -0.5 && r.x + r.w <= s.sender.width + 0.5
                           && r.y >= -0.5 && r.y + r.h <= s.sender.height + 0.5,
                           step + ": " + r.name + " lies inside the Sender")
                    if (i + 1 < rects.length)
                        verify(r.x + r.w <= rects[i + 1].x + 0.5,
                               step + ": " + r.name + " ends at " + (r.x + r.w) + " after "
                               + rects[i + 1].name + " starts at " + rects[i + 1].x)
                    if (r.name !== "senderInputFrame") {
                        verify(r.w >= KoderTheme.minimumTargetSize, step + ": " + r.name + " " + r.w)
                        verify(r.h >= KoderTheme.minimumTargetSize, step + ": " + r.name + " " + r.h)
                    }
                }
                const frame = rects[1]
                verify(frame.w >= KoderTheme.gridUnit * 3, step + ": the input is " + frame.w + " wide")
                const status = s.status
                if (status.visible) {
                    const p = status.mapToItem(s.sender, 0, 0)
                    verify(p.x >= 0 && p.x + status.width <= s.sender.width + 0.5,
                           step + ": the status line lies inside the Sender")
                    verify(p.y + status.height <= frame.y + 0.5,
                           step + ": the status line (" + p.y + "+" + status.height
                           + ") is above the input (" + frame.y + ")")
                    verify(status.contentWidth <= status.width + 1, step + ": the status is not cut")
                }
            }
            check("idle")
            s.sender.dictateAction.trigger()
            verify(s.status.visible)
            check("listening")
            s.sender.conversationMode = true
            check("conversation mode")
            s.sender.conversationMode = false
        }

        // The voice's marks take their colours from the palette and KoderTheme, light and
        // dark: the stop square in the error colour, conversation mode in the highlight.
        function test_palettes_data() {
            return [
                { tag: "light", window: "#f3f3f3", text: "#1f1f1f", base: "#ffffff",
                  highlight: "#1a66c9", highlightedText: "#ffffff" },
                { tag: "dark", window: "#202124", text: "#e8eaed", base: "#17181a",
                  highlight: "#3367d6", highlightedText: "#ffffff" }
            ]
        }
        function luminance(c) {
            const linear = v => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)
            return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
        }
        function contrast(a, b) {
            const la = luminance(a)
            const lb = luminance(b)
            return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
        }
        function test_palettes(data) {
            const s = make()
            const p = s.sender.palette
            p.window = data.window
            p.windowText = data.text
            p.text = data.text
            p.buttonText = data.text
            p.base = data.base
            p.highlight = data.highlight
            p.highlightedText = data.highlightedText
            const near = (a, b) => Math.abs(a.r - b.r) < 0.03 && Math.abs(a.g - b.g) < 0.03
                                   && Math.abs(a.b - b.b) < 0.03
            // No waiting for a frame: the microphone delivers a chunk on every turn of the
            // event loop, and a recording held open long reaches its longest; grabImage()
            // renders the scene itself.
            const pixelAt = (item, x, y) => {
                const image = grabImage(s.sender)
                const point = item.mapToItem(s.sender, x, y)
                return image.pixel(Math.round(point.x), Math.round(point.y))
            }
            // Idle: the microphone is drawn in the button text colour.
            const window = Qt.color(data.window)
            verify(contrast(Qt.color(data.text), window) >= 3)
            // Recording: the stop square in the error colour, readable on the window.
            s.sender.dictateAction.trigger()
            const stop = findChild(s.dictate, "dictationStop")
            verify(stop.visible)
            const error = KoderTheme.errorColor(p)
            verify(Qt.colorEqual(stop.color, error))
            verify(contrast(error, window) >= 3, "the stop square stands out: " + contrast(error, window))
            let pixel = pixelAt(stop, stop.width / 2, stop.height / 2)
            grabImage(s.sender).save("/tmp/voice-" + data.tag + ".png")
            verify(near(pixel, error), "the stop square is drawn: " + pixel + " vs " + error)
            compare(String(s.status.color), data.text)
            s.dictation.cancel()
            // Conversation mode: the button filled in the highlight, its balloons in the
            // highlighted text colour.
            s.microphone.file = ""
            s.dictation.noSpeechTimeout = 3600000 // it listens (to silence) until turned off
            s.sender.conversationMode = true
            const on = findChild(s.conversation, "conversationOn")
            verify(on.visible)
            verify(Qt.colorEqual(on.color, data.highlight))
            verify(contrast(Qt.color(data.highlightedText), Qt.color(data.highlight)) >= 3)
            pixel = pixelAt(on, 1, on.height / 2)
            verify(near(pixel, Qt.color(data.highlight)), "the highlight is drawn: " + pixel)
            s.sender.conversationMode = false
        }

        // The ChatView gives its speech and dictation to its Sender, and offers the Sender's
        // voice API; with a speech, a reply can be read aloud and stopped from its bubble.
        Component {
            id: chatComponent
            ChatView {
                id: view
                width: 480
                height: 480
                readonly property FakeSpeechEngine voice: chatVoice
                controller: KoderAgentController {
                    transport: KoderLocalAgent { reply: "First sentence. Second sentence."; tokensPerSecond: 0 }
                }
                speech: KoderSpeech {
                    controller: view.controller
                    engine: FakeSpeechEngine {
                        id: chatVoice
                        autoFinish: false
                    }
                }
                dictation: KoderDictation {
                    transcriber: KoderTranscriber { baseUrl: "http://127.0.0.1:9/v1" }
                    audioInput: FileAudioInput { file: testCase.wav }
                }
            }
        }
        function test_chatViewPassesTheVoiceOn() {
            const view = createTemporaryObject(chatComponent, stage)
            const sender = findChild(view, "sender")
            compare(sender.speech, view.speech)
            compare(sender.dictation, view.dictation)
            verify(findChild(sender, "dictateButton").visible)
            compare(view.dictateAction, sender.dictateAction)
            compare(view.conversationAction, sender.conversationAction)
            view.dictateAction.trigger()
            compare(view.voiceStatus, "Listening\u2026")
            view.dictation.cancel()
            compare(view.voiceStatus, "")
            view.conversationMode = true
            verify(sender.conversationMode)
            verify(view.dictation.recording)
            view.conversationMode = false
            verify(!view.dictation.recording)
        }

        function test_bubbleReadsAloud() {
            const view = createTemporaryObject(chatComponent, stage)
            verify(view.controller.send("hi"))
            tryVerify(() => !view.controller.abortable, 5000, "the reply ends")
            const list = view.listView
            tryCompare(list, "count", 2)
            const reply = list.itemAtIndex(1)
            const user = list.itemAtIndex(0)
            verify(!findChild(user, "readAloud").visible, "the user's own message is not offered")
            const button = findChild(reply, "readAloud")
            verify(button.visible)
            compare(button.Accessible.name, "Read aloud")
            compare(reply.readAloudAction.text, "Read aloud")
            // By keyboard, as a user gets there (the bubble may still be settling from its
            // streaming layout): the list, the reply, Tab through its buttons.
            list.forceActiveFocus(Qt.TabFocusReason)
            list.currentIndex = 1
            for (let i = 0; i < 4 && !button.activeFocus; ++i)
                keyClick(Qt.Key_Tab)
            verify(button.activeFocus, "Read aloud is reached by Tab")
            keyClick(Qt.Key_Space)
            compare(view.speech.speakingMessageId, reply.messageId)
            compare(view.voice.said[0], "First sentence.")
            compare(button.Accessible.name, "Stop reading")
            compare(reply.readAloudAction.text, "Stop reading")
            const stops = view.voice.stops
            verify(button.activeFocus)
            keyClick(Qt.Key_Space)
            verify(!view.speech.speaking)
            verify(view.voice.stops > stops)
            compare(button.Accessible.name, "Read aloud")

            // The row of actions, the loudspeaker in it, fits a narrow view.
            view.width = 300
            const footer = findChild(reply, "bubbleFooter")
            tryVerify(() => {
                const p = footer.mapToItem(reply, 0, 0)
                return p.x >= 0 && p.x + footer.width <= reply.width
            }, 2000, "the actions lie inside the bubble: " + footer.width + " in " + reply.width)
            verify(button.width >= KoderTheme.minimumTargetSize)
        }
    }
}
