// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype AbstractSender
    \inqmlmodule Koder.Agent
    \brief The behaviour of the message input, without a look: what Enter does, when a message
    can be sent, the Send and Stop commands, the queued messages and the notice above the
    input. \l Sender is its default look.

    The template owns everything but the pixels: the controller and the state derived from it
    (\l streaming, \l awaitingApproval, \l sendsWhileBusy, \l blocked, \l notice,
    \l queuedMessages), the text being written (\l text) and the files attached to it
    (\l attachments), the commands (\l sendAction, \l stopAction, \l dictateAction,
    \l conversationAction, removeQueued(), addAttachment(), removeAttachment()), the voice
    (\l dictation, \l speech, \l conversationMode, \l voiceStatus), the keyboard rules
    (handleKey()), the reason of a
    refused send or file (\l rejection) and the focus semantics: the root is a Pane (a focus scope that takes
    no focus itself and lets no click through), with the role \c Pane. It declares no
    Rectangle, colour, font or size.

    \section2 Writing a look

    A look sets \c background and \c contentItem, and wires three pieces to the template:

    \list
    \li its text area to \l inputItem, which keeps \l text and the area's text in step both
        ways (set either one);
    \li the text area's key presses to handleKey(), so that Enter sends and Shift+Enter
        starts a new line as in every look: \c{Keys.onPressed: (event) => root.handleKey(event)};
    \li its button to the commands: \c{action: root.streaming ? root.stopAction
        : root.sendAction} (the action's \c text is the button's name, \e Send or \e Stop,
        and its \c enabled follows the state). \l Sender binds the button's \c text and
        \c enabled to the action and calls its \c trigger() from \c onClicked instead, so
        that a \c clicked() emitted by code acts too.
    \endlist

    It also decides how to show \l notice (empty when there is nothing to say; give it the
    role \c AlertMessage so that a refusal is heard when it appears), whether the input is
    enabled (\c{!root.blocked}), how \l queuedMessages look, each with a button calling
    removeQueued(), and how the user attaches files: \l Sender has an Attach button with a
    file dialog and a drop area that call addAttachments(), and shows \l attachments as chips
    with a button calling removeAttachment(). With a \l dictation, it shows a button for
    \l dictateAction (named by its text), one for \l conversationAction and \l voiceStatus
    (give it the role \c AlertMessage too, so that \e Listening and \e Transcribing are
    heard). A bare look, from the tests:

    \snippet qml/tst_sendertemplate.qml custom-look

    \section2 Keyboard

    handleKey() applies the rules of \l Sender's keyboard section, in every look:

    \list
    \li Enter or Return (the keypad's Enter too) sends \l text and \l attachments, unless
        there is neither text (only white space counts as none) nor a file; while a reply
        streams Enter sends only when the controller's \c busyPolicy is not \c "reject".
    \li Shift+Enter is left to the text area: a new line.
    \li Tab and Shift+Tab move the keyboard focus to the next and the previous control (a
        text area would type a tab character): from the input, Tab reaches the Send / Stop
        button, so Stop is always reachable by keyboard. Ctrl+Tab is left alone.
    \li Escape while a recording or a transcription runs cancels it (nothing is sent) and
        ends \l conversationMode; in conversation mode it ends the mode and silences
        \l speech. Otherwise Escape stops the reply (\l stopAction) while one streams, and
        is left alone when none does, for a dialog or a prompt around the input to use.
    \li Ctrl+Shift+M starts and stops dictation (\l dictateAction), when there is a
        \l dictation.
    \li Ctrl+V (the platform's Paste) with an image on the clipboard, and no text, attaches
        the image as a PNG file (\e{Pasted image.png}) instead of pasting; anything else is
        pasted as text by the text area.
    \endlist

    Space presses the focused button; the Tab order of the look's other items is their own.

    \section2 Attachments

    The files sent with the next message are \l attachments, a list of maps with \c name,
    \c mimeType, \c url and \c size. addAttachment() and addAttachments() check each file
    before it is added (with KoderAttachmentHelper): the models take PNG, JPEG, GIF and WebP
    images and text files, each up to \l maximumAttachmentBytes. A file that cannot be sent
    is not added; \l rejection (and so \l notice) says why, naming the file, as the user
    attaches it, not when the message is sent. Sending passes the list to the controller's
    \c{send(text, attachments)} and empties it; a refused send keeps it.

    \section2 Voice

    Give the input a \l dictation (a KoderDictation with its KoderTranscriber) and the user
    can speak instead of typing:

    \list
    \li \l dictateAction is push to talk as a toggle: the first trigger silences \l speech
        and starts recording, the second stops it; the recording is then transcribed and the
        text is put into the input, after what is there, for the user to check and send. It
        is never sent by itself.
    \li \l conversationMode (\l conversationAction) is a spoken conversation: the input
        listens at once, the recording ends by itself when the user stops speaking, the text
        is sent, and when the reply has been read aloud (\l speech with \c readAloud on: its
        \c spoken signal) or, without reading aloud, when the reply has ended, it listens
        again; it listens again too when the reading is stopped (KoderSpeech's \c stop(),
        \e{Stop reading}) or its engine goes away after the reply has ended. It ends when
        the user says nothing (KoderDictation's \c heardNothing), on Escape, on an error,
        when the reply is stopped or fails, and when it is turned off (a recording is then
        dropped). When the input holds a draft the user typed, what was heard is not sent:
        it is added to the draft, the mode ends and \l rejection says so.
    \li \l voiceStatus says \e Listening or \e Transcribing meanwhile; an error (no
        microphone, the transcription service down) is shown as \l rejection, and so in
        \l notice.
    \endlist

    \qml
    Sender {
        controller: agent
        speech: KoderSpeech { controller: agent; readAloud: true }
        dictation: KoderDictation {
            transcriber: KoderTranscriber { baseUrl: "http://127.0.0.1:8080/v1" }
        }
    }
    \endqml

    \sa Sender, AbstractPermissionPrompt, KoderDictation, KoderSpeech, {Accessibility}
*/
T.Pane {
    id: root

    /*!
        The controller the input sends to and stops. Default null: nothing can be sent.
    */
    property KoderAgentController controller
    /*!
        The reason the controller gave for refusing the last send (its \c rejected signal for
        the action \c "send"), or why the files of the last addAttachments() (or
        addAttachment(), or a pasted image) could not be attached; shown above the input.
        Default empty; cleared by the next successful send and by the next attach. Also why
        dictation failed (KoderDictation's \c failed signal: no microphone, the transcription
        service down), that a recording heard nothing, that conversation mode ended to keep a
        typed draft, or that the speech could not speak; cleared when dictation starts.
    */
    property string rejection: ""
    /*!
        \readonly
        True while the controller streams a reply (its \c streaming): the button is Stop.
    */
    readonly property bool streaming: root.controller !== null && root.controller.streaming
    /*!
        \readonly
        True while a tool call waits for the user's decision (the controller's \c status is
        \c "reviewingToolCall").
    */
    readonly property bool awaitingApproval: root.controller !== null
                                             && root.controller.status === "reviewingToolCall"
    /*!
        \readonly
        True while a question of the agent waits for the user's answer (the controller's
        \c status is \c "awaitingInput").
    */
    readonly property bool awaitingAnswer: root.controller !== null
                                           && root.controller.status === "awaitingInput"
    /*!
        \readonly
        True when a send while a turn is open goes by the controller's \c busyPolicy
        (\c "queue", \c "interrupt" or \c "steer"), false with \c "reject" (the default) or
        without a controller.
    */
    readonly property bool sendsWhileBusy: root.controller !== null
                                           && root.controller.busyPolicy !== "reject"
    /*!
        \readonly
        True while the input is disabled: a tool call waits for the user (\l awaitingApproval)
        or a question for the answer (\l awaitingAnswer), and the busy policy is \c "reject".
        \l notice then says \e{Approve or deny the tool call first.} or \e{Answer or decline
        the question first.}
    */
    readonly property bool blocked: (root.awaitingApproval || root.awaitingAnswer)
                                    && !root.sendsWhileBusy
    /*!
        \readonly
        What the look shows above the input: \e{Approve or deny the tool call first.} or
        \e{Answer or decline the question first.} while the input is \l blocked, otherwise
        \l rejection (empty when there is nothing to say). A look names the item that shows
        it by this text (role \c StaticText).
    */
    readonly property string notice: !root.blocked ? root.rejection
                                     : root.awaitingApproval
                                       ? qsTranslate("Sender", "Approve or deny the tool call first.")
                                       : qsTranslate("Sender", "Answer or decline the question first.")
    /*!
        \readonly
        The messages waiting to be sent after the reply (busy policy \c "queue"), the
        controller's \c queuedMessages: a list of maps with \c id and \c text. Empty without a
        controller. A look shows each with a button calling removeQueued(). It is the
        controller's list itself: a reference kept to it reads the messages queued now.
    */
    // `?.` keeps this binding in the engine rather than the ahead-of-time compiler of Qt 6.4,
    // which would store a copy of the list instead of the controller's list itself.
    readonly property var queuedMessages: root.controller?.queuedMessages ?? []
    /*!
        The text being written, as plain text. Default empty. Setting it replaces the input's
        text; a successful send empties it. It follows \l inputItem's text both ways.
    */
    property string text: ""
    /*!
        \qmlproperty TextArea AbstractSender::inputItem

        The look's text area (object name \c senderInput in \l Sender), for moving the
        keyboard focus to it: \c{sender.inputItem.forceActiveFocus()}. ChatView gives it to
        the permission prompt as the place the focus returns to. The look sets it; the
        template then keeps the area's text and \l text the same. Default null.
    */
    property T.TextArea inputItem: null

    /*!
        The files to send with the next message: a list of maps with \c name, \c mimeType,
        \c url (a \c{file:} or \c{data:} URL, as text) and \c size (in bytes). Default
        empty. addAttachment(), addAttachments() and a pasted image add to it after checking
        each file, removeAttachment() removes one, a successful send empties it. Assigning a
        list replaces it unchecked (the controller still refuses what no model can take).
    */
    property var attachments: []
    /*!
        The largest file, in bytes, that addAttachment() accepts. Default: the
        \c maxAttachmentBytes of the controller's transport (what it would send), 20 MiB
        without a transport.
    */
    property double maximumAttachmentBytes: root.controller?.transport?.maxAttachmentBytes
                                            ?? 20 * 1024 * 1024

    /*!
        What records the user's voice and has it transcribed, for \l dictateAction and
        \l conversationMode. Default null: no dictation, and a look shows no microphone.
    */
    property KoderDictation dictation: null
    /*!
        What reads replies aloud. Dictation silences it before recording, and
        \l conversationMode listens again once it has read a reply to its end (when its
        \c readAloud is on). Default null.
    */
    property KoderSpeech speech: null
    /*!
        Whether the input holds a spoken conversation: it listens (\l dictation's
        \c{start(true)}, which ends when the user stops speaking), sends what it heard, and
        listens again when the reply has been read aloud by \l speech (or, when nothing reads
        aloud, when the reply has ended, or when the reading is stopped before its end).
        Default false. Turning it on listens at once (or once the open turn has ended); it
        turns off by itself when the user says nothing, on Escape, on an error, when the
        reply is stopped or fails, and when what was heard would replace a typed draft (it is
        added to the draft instead, unsent). Turning it off drops a recording. Needs a
        \l dictation: without one it stays false.
    */
    property bool conversationMode: false
    /*!
        \readonly
        What the voice is doing, for the look to show and announce: \e{Listening…} while
        \l dictation records, \e{Transcribing…} while the recording is being transcribed,
        empty otherwise.
    */
    readonly property string voiceStatus: root._recording
                                          ? qsTranslate("Sender", "Listening\u2026")
                                          : root._transcribing
                                            ? qsTranslate("Sender", "Transcribing\u2026") : ""

    /*!
        \readonly
        The Send command: triggering it calls submit(). Its \c text is \e Send; it is enabled
        while there is something to send that Enter would send: \l text is not only white
        space or there are \l attachments, the input is not \l blocked, and no reply streams
        unless \l sendsWhileBusy.
    */
    readonly property T.Action sendAction: T.Action {
        text: qsTranslate("Sender", "Send")
        enabled: !root.blocked && root._hasContent
                 && (!root.streaming || root.sendsWhileBusy)
        onTriggered: root.submit()
    }
    /*!
        \readonly
        The Stop command: triggering it stops the reply (the controller's \c abort()). Its
        \c text is \e Stop; it is enabled while a reply streams (\l streaming).
    */
    readonly property T.Action stopAction: T.Action {
        text: qsTranslate("Sender", "Stop")
        enabled: root.streaming
        onTriggered: {
            if (root.controller)
                root.controller.abort()
        }
    }
    /*!
        \readonly
        Dictation as push to talk, a toggle: triggering it while idle silences \l speech and
        starts recording (\l dictation's \c start()); triggering it while recording stops
        the recording, which is then transcribed, and the text is put into the input (or sent,
        in \l conversationMode). Its \c text is \e Dictate, or \e{Stop dictation} while
        recording. It is enabled when there is a \l dictation, no transcription runs and the
        input is not \l blocked (while recording, always: the recording can be stopped).
    */
    readonly property T.Action dictateAction: T.Action {
        text: root._recording ? qsTranslate("Sender", "Stop dictation")
                              : qsTranslate("Sender", "Dictate")
        enabled: root.dictation !== null
                 && (root._recording || (!root._transcribing && !root.blocked))
        onTriggered: {
            if (!root.dictation)
                return
            if (root.dictation.recording) {
                root.dictation.stop()
                return
            }
            root.speech?.stop()
            root.rejection = ""
            root.dictation.start()
        }
    }
    /*!
        \readonly
        Turns \l conversationMode on and off. Checkable, checked while the mode is on; its
        \c text is \e{Conversation mode}. It is enabled when there is a \l dictation and the
        input is not \l blocked (while the mode is on, always: it can be turned off).
    */
    readonly property T.Action conversationAction: T.Action {
        checkable: true
        checked: root.conversationMode
        text: qsTranslate("Sender", "Conversation mode")
        enabled: root.dictation !== null && (root.conversationMode || !root.blocked)
        // A checkable action toggles `checked` before it emits triggered().
        onTriggered: root.conversationMode = root.conversationAction.checked
    }

    /*!
        Sends \l text and \l attachments to the controller, as Enter and the Send button do.
        Returns false, and sends nothing, when there is no controller, the input is
        \l blocked, there is neither text (only white space counts as none) nor an attachment,
        or the controller refuses it (then \l rejection shows why, and the text and the files
        are kept); returns true when the controller accepted it, after emptying the input and
        \l attachments and clearing \l rejection.
    */
    function submit() {
        if (!root.controller || root.blocked || !root._hasContent)
            return false
        const files = root.attachments.map(a => ({ name: a.name, mimeType: a.mimeType,
                                                   url: a.url }))
        if (!root.controller.send(root.text, files.length > 0 ? files : undefined))
            return false
        if (root.inputItem)
            root.inputItem.clear() // also drops a half-composed input method text
        root.text = ""
        root.attachments = []
        root.rejection = ""
        return true
    }
    /*!
        Attaches the file at \a url (a \c{file:} or \c{data:} URL) to the next message,
        named \a name (optional: the file's name by default; give one for a \c{data:} URL).
        The file is checked first: it must be a PNG, JPEG, GIF or WebP image or a text file,
        at most \l maximumAttachmentBytes large, and readable. Returns true when it was added
        (or is attached already); returns false, adds nothing and sets \l rejection to the
        reason, naming the file, otherwise. Clears an earlier \l rejection when it succeeds.
    */
    function addAttachment(url, name) {
        return root.addAttachments([url], name ? [name] : []) === 1
    }
    /*!
        Attaches the files at \a urls (a list of \c{file:} or \c{data:} URLs, as a file
        dialog's \c selectedFiles or a drop's \c urls give them), optionally named by
        \a names (a list of the same length), as addAttachment() does for each. Returns how
        many were added. \l rejection then holds the reasons of the files refused, one
        sentence each, or is empty when none was.
    */
    function addAttachments(urls, names) {
        const reasons = []
        let added = 0
        const list = root.attachments.slice()
        for (let i = 0; i < urls.length; ++i) {
            const name = names && i < names.length ? names[i] : ""
            if (root._add(list, KoderAttachmentHelper.inspect(urls[i], root.maximumAttachmentBytes,
                                                             name ?? ""), reasons))
                ++added
        }
        root.attachments = list
        root.rejection = reasons.join(" ")
        return added
    }
    /*!
        Removes the attachment at \a index in \l attachments. Returns false when there is
        none there.
    */
    function removeAttachment(index) {
        if (index < 0 || index >= root.attachments.length)
            return false
        const list = root.attachments.slice()
        list.splice(index, 1)
        root.attachments = list
        return true
    }
    /*!
        Attaches the image on the clipboard as a PNG file (\e{Pasted image.png}), as Ctrl+V
        does in the input. Returns false, attaching nothing, when the clipboard holds no image
        or holds text too; a PNG larger than \l maximumAttachmentBytes is refused as
        addAttachment() refuses one (returns true then: the paste was taken, see
        \l rejection).
    */
    function pasteImage() {
        const image = KoderAttachmentHelper.clipboardImage(root.maximumAttachmentBytes)
        if (!("url" in image))
            return false
        const reasons = []
        const list = root.attachments.slice()
        root._add(list, image, reasons)
        root.attachments = list
        root.rejection = reasons.join(" ")
        return true
    }
    /*!
        Removes the queued message whose id is \a messageId (one of \l queuedMessages), so it
        is never sent (the controller's \c cancelQueued()). Returns false without a controller
        or when no such message waits.
    */
    function removeQueued(messageId) {
        return root.controller !== null && root.controller.cancelQueued(messageId)
    }
    /*!
        Cancels what the voice is doing, as Escape does: drops a recording or a transcription
        (nothing is sent) and ends \l conversationMode, silencing \l speech if the mode was
        on. Returns false, doing nothing, when there was nothing to cancel.
    */
    function cancelVoice() {
        const busy = root._recording || root._transcribing
        const conversing = root.conversationMode
        if (!busy && !conversing)
            return false
        root.conversationMode = false
        if (root.dictation)
            root.dictation.cancel()
        if (conversing)
            root.speech?.stop()
        return true
    }
    /*!
        The keyboard rules of the input, for the look's text area to route its key presses
        to: \c{Keys.onPressed: (event) => root.handleKey(event)}. \a event is the key event.
        Enter and Return go to onEnter(); Tab and Shift+Tab move the focus to the next and the
        previous control; Escape cancels the voice (cancelVoice()) when it records,
        transcribes or holds a conversation, else stops a streaming reply (and is left alone
        when none streams); Ctrl+Shift+M triggers \l dictateAction when there is a
        \l dictation; Paste with an image on the clipboard attaches it (pasteImage()). Every
        other key is left to the text area.
    */
    function handleKey(event) {
        const modifiers = event.modifiers & ~Qt.KeypadModifier
        if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
            root.onEnter(event)
        } else if ((event.key === Qt.Key_Tab && modifiers === Qt.NoModifier)
                   || (event.key === Qt.Key_Backtab
                       && (modifiers === Qt.NoModifier || modifiers === Qt.ShiftModifier))) {
            event.accepted = root._moveFocus(event.key === Qt.Key_Tab)
        } else if (event.key === Qt.Key_Escape && modifiers === Qt.NoModifier) {
            if (root.cancelVoice()) {
                event.accepted = true
            } else if (root.stopAction.enabled) {
                event.accepted = true
                root.stopAction.trigger()
            }
        } else if (event.key === Qt.Key_M
                   && modifiers === (Qt.ControlModifier | Qt.ShiftModifier)) {
            if (root.dictation) {
                event.accepted = true
                root.dictateAction.trigger()
            }
        } else if (event.matches(StandardKey.Paste)) {
            if (root.pasteImage())
                event.accepted = true
        }
    }
    /*!
        Handles Enter and Return pressed in the input; \a event is the key event. With Shift
        held, it leaves the event to the text area, which starts a new line. Otherwise it
        accepts the event and calls submit(), unless a reply streams and the controller's busy
        policy is \c "reject".
    */
    function onEnter(event) {
        if (event.modifiers & Qt.ShiftModifier) {
            event.accepted = false // the text area breaks the line
            return
        }
        event.accepted = true
        if (!root.streaming || root.sendsWhileBusy)
            root.submit()
    }

    // Whether there is something to send: text that is not only white space, or a file.
    readonly property bool _hasContent: root.text.trim().length > 0 || root.attachments.length > 0
    readonly property bool _recording: root.dictation !== null && root.dictation.recording
    readonly property bool _transcribing: root.dictation !== null && root.dictation.transcribing
    // A turn of the agent is open: conversation mode waits for it to end before it listens.
    readonly property bool _turnOpen: root.controller !== null && root.controller.abortable

    // Conversation mode: listens until the user stops speaking (speech is silenced first, so
    // that the microphone does not hear it). A start refused without a failure ends the mode.
    function _listen() {
        if (!root.conversationMode || !root.dictation || root._recording || root._transcribing)
            return
        root.speech?.stop()
        root.rejection = ""
        if (!root.dictation.start(true) && !root._recording && !root._transcribing)
            root.conversationMode = false
    }
    // The text of a recording: sent in conversation mode, else added to the input for the
    // user to check, after a space, with the keyboard focus at its end. A draft typed in the
    // input meanwhile is neither overwritten nor sent unchecked: the text is added to it and
    // conversation mode ends, saying why.
    function _takeTranscription(text) {
        if (root.conversationMode) {
            if (root.text.trim() === "") {
                root.text = text
                if (!root.submit())
                    root.conversationMode = false // the notice says why
                return
            }
            root.conversationMode = false
            root.rejection = qsTranslate(
                        "Sender", "Conversation mode ended: what you said was added to your draft.")
        }
        const current = root.text
        root.text = current === "" || /\s$/.test(current) ? current + text : current + " " + text
        if (root.inputItem) {
            root.inputItem.forceActiveFocus(Qt.OtherFocusReason)
            root.inputItem.cursorPosition = root.inputItem.length
        }
    }
    // Whether the reply is read aloud, so that conversation mode waits for speech's spoken().
    readonly property bool _readsAloud: root.speech !== null && root.speech.readAloud
    // Conversation mode: the speech fell silent without reading the reply to its end (the
    // user stopped it, its engine went away): once the turn is over, the user's turn to speak.
    // A reply read to its end was taken up by onSpoken() already (the recording runs).
    function _listenAfterSilence() {
        if (root.conversationMode && !root._turnOpen && !root.streaming
                && !(root.speech && root.speech.speaking))
            root._listen()
    }
    // A voice button that turns disabled while it has the keyboard focus (Stop dictation
    // becomes a disabled Dictate while the recording is transcribed) leaves the focus on the
    // Sender itself, where keys do nothing: the input takes it.
    function _keepFocusUseful() {
        if (root.Window.activeFocusItem === root && root.inputItem && root.inputItem.enabled)
            root.inputItem.forceActiveFocus(Qt.OtherFocusReason)
    }

    // Adds `info` (a KoderAttachmentHelper.inspect() map) to `list`, or its refusal to `reasons`.
    function _add(list, info, reasons) {
        if (info.error) {
            reasons.push(info.error)
            return false
        }
        if (!list.some(a => a.url === info.url))
            list.push({ name: info.name || qsTranslate("Sender", "Attachment"),
                        mimeType: info.mimeType, url: info.url, size: info.size })
        return true
    }
    // Moves the focus from the input to the next (or previous) item of the focus chain.
    function _moveFocus(forward) {
        if (!root.inputItem)
            return false
        const next = root.inputItem.nextItemInFocusChain(forward)
        if (!next || next === root.inputItem)
            return false
        next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
        return true
    }

    focusPolicy: Qt.NoFocus
    Accessible.role: Accessible.Pane

    // The text and the look's text area follow each other, whichever is set.
    onTextChanged: {
        if (root.inputItem && root.inputItem.text !== root.text)
            root.inputItem.text = root.text
    }
    onInputItemChanged: {
        if (root.inputItem && root.inputItem.text !== root.text)
            root.inputItem.text = root.text
    }
    onConversationModeChanged: {
        if (!root.conversationMode) {
            if (root.dictation)
                root.dictation.cancel()
            return
        }
        if (!root.dictation) {
            root.conversationMode = false
            return
        }
        // A recording or a transcription that runs ends in a send; an open turn first ends.
        if (!root._recording && !root._transcribing && !root._turnOpen)
            root._listen()
    }
    onDictationChanged: {
        if (!root.dictation)
            root.conversationMode = false
    }

    // Not children: a Pane's children go into the content item, which the look replaces.
    data: [
        Connections {
            target: root.inputItem
            function onTextChanged() {
                root.text = root.inputItem.text
            }
        },
        Connections {
            target: root.controller
            function onRejected(action, reason) {
                if (action === "send")
                    root.rejection = reason
            }
            // Conversation mode: the reply ended. Unless it is being read aloud still, the
            // user's turn to speak; a stopped or failed reply ends the mode.
            function onTurnFinished(outcome, messageId) {
                if (!root.conversationMode)
                    return
                if (outcome !== "streamEnd")
                    root.conversationMode = false
                else if (!root._readsAloud || !root.speech.speaking)
                    root._listen()
            }
        },
        Connections {
            target: root.dictation
            function onTranscribed(text) {
                root._takeTranscription(text)
            }
            // Said, so that a push to talk that caught nothing is not silent (the notice is
            // an alert: a screen reader hears it).
            function onHeardNothing() {
                root.rejection = root.conversationMode
                        ? qsTranslate("Sender", "Nothing was heard; conversation mode ended.")
                        : qsTranslate("Sender", "Nothing was heard.")
                root.conversationMode = false
            }
            function onFailed(code, message) {
                root.rejection = message
                root.conversationMode = false
            }
        },
        Connections {
            target: root.Window
            enabled: root.dictation !== null
            function onActiveFocusItemChanged() {
                if (root.Window.activeFocusItem === root)
                    keepFocusUseful.restart()
            }
        },
        // Once the focus change that left it on the Sender is over.
        Timer {
            id: keepFocusUseful
            interval: 0
            onTriggered: root._keepFocusUseful()
        },
        // After the speech's signals of the same change: spoken() comes after speakingChanged.
        Timer {
            id: listenAfterSilence
            interval: 0
            onTriggered: root._listenAfterSilence()
        },
        Connections {
            target: root.speech
            // Conversation mode: the reply was read to its end; listen again, unless the turn
            // goes on (a tool runs, another step follows).
            function onSpoken(messageId) {
                if (root.conversationMode && !root._turnOpen)
                    root._listen()
            }
            // Conversation mode: silenced before the reply was read to its end (Stop reading,
            // stop(), the engine gone), spoken() never comes; the Sender listens all the same.
            function onSpeakingChanged() {
                if (root.conversationMode && !root.speech.speaking)
                    listenAfterSilence.restart()
            }
            function onErrorOccurred(message) {
                root.rejection = message
                root.conversationMode = false
            }
        }
    ]
}
