// SPDX-License-Identifier: MIT
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Templates as T
import Koder.Agent

/*!
    \qmltype AbstractPermissionPrompt
    \inqmlmodule Koder.Agent
    \brief The behaviour of the permission prompt, without a look: the pending tool calls and
    their edited arguments, the Approve and Deny commands, the scope of an approval, the keys,
    the focus it takes and gives back, and what a screen reader hears of it.
    \l PermissionPrompt is its default look.

    The template owns everything but the pixels:

    \list
    \li the state: \l controller, \l calls, \l call, \l scope, \l drafts (the arguments being
        edited, by call id, checked against the tool as they are typed: problemOf()),
        \l reason (the reason for denying), and \l callRows, one row per call kept by id so
        that deciding one call leaves the others' rows, edits and focus alone;
    \li the commands: \l approveAction, \l denyAction, \l approveAllAction and
        \l denyAllAction, and per call approve() and deny() with its id;
    \li the keys: handleKey() (Escape denies), handleApproveKey() (Enter approves, on an
        Approve button only) and handleEditorKey() (in the arguments editor: Escape discards
        the edit, Tab and Shift+Tab move the focus, Ctrl+Enter approves);
    \li the focus: the prompt is visible only while a call waits, takes the keyboard focus
        when it appears (\l takesFocus) and gives it to \l focusReturn when it hides; the
        control reached with Tab is scrolled into sight (reveal());
    \li the accessibility of the root: the role \c AlertMessage, the name \e{The tool <name>
        wants to run} (one call) or \e{N tools want to run}, the description \e{It only
        reads.}, \e{It can change things.} or \e{Approve or deny each call, or all of
        them.} The controller makes the assertive \e{A tool call needs your approval}
        announcement.
    \endlist

    The root is a focus scope (the control focused last inside it gets the focus back when the
    prompt takes it) with a \l background and a \l contentItem placed inside its
    \l padding, as a Pane's are, the focus policy \c Qt.StrongFocus, and no click let
    through. (A FocusScope, not a Qt Quick Controls Pane: in Qt 6.4 a Control replaces the
    accessible role given to it by its own when a screen reader is running, and the prompt
    must stay an \c AlertMessage.) The template declares no Rectangle, colour, font or size;
    \l maximumCallsHeight is the one length, the look's to use.

    \section2 Writing a look

    A look sets \c background and \c contentItem and wires these pieces to the template:

    \list
    \li a view of \l callRows (a Repeater or a ListView; each row has the role \c callId),
        each row showing the call (callById(), argumentsText(), callDescription()) with
        approve() and deny() for that call when several wait, and an editor of its
        arguments: setDraft() starts, updates and stops an edit, isEditing() and problemOf()
        say where it stands, handleEditorKey() takes the editor's key presses;
    \li the scrolling area of the rows to \l callsView, when the rows scroll;
    \li its reason field to \l reasonItem, which keeps \l reason and the field's text in step;
    \li its buttons to the commands, \c{action: root.approveAction} and so on (the action's
        \c text is the button's name), the Approve buttons' key presses to
        handleApproveKey() and the other controls' to handleKey(). \l PermissionPrompt binds
        each button's \c text and \c enabled to its action and calls \c trigger() from
        \c onClicked instead, so that a \c clicked() emitted by code decides too.
    \endlist

    A bare look, from the tests:

    \snippet qml/tst_permissionprompttemplate.qml custom-look

    \section2 Keyboard and focus

    When the prompt appears it takes the keyboard focus (unless \l takesFocus is false), so the
    user can decide at once. Enter or Return on an Approve or Approve all button approves
    (handleApproveKey()), and on no other control, so a stray Enter never approves. Escape
    denies (all of them when several wait) wherever it is pressed in the prompt (handleKey(),
    which the root applies to every key press its controls leave), except in the arguments
    editor, where it discards the edit (handleEditorKey()). When the last call is decided and
    the prompt hides while it had the focus, the focus goes to \l focusReturn.

    In the arguments editor (handleEditorKey()) Enter and Return add a line, Tab and Shift+Tab
    move the focus on (they type no tab), and Ctrl+Enter or Ctrl+Return approves that call with
    the edited arguments, once they fit the tool. In the reason field Enter does nothing and
    Escape denies, as elsewhere in the prompt.

    \sa PermissionPrompt, AbstractSender, {Tools and Permissions}, {Accessibility}
*/
FocusScope {
    id: root

    /*!
        The look's item drawn behind the prompt (\l PermissionPrompt sets a frame). The
        prompt takes it as its child, below the content, and sizes it to itself less the
        insets (\l leftInset and the others). Default null: nothing is drawn.
    */
    property Item background: null
    /*!
        The look's item that shows the calls and the controls. The prompt takes it as its
        child and places it inside the padding (\l leftPadding and the others): it is
        \l availableWidth wide and \l availableHeight high. Default null.
    */
    property Item contentItem: null
    /*!
        The space between the edges of the prompt and \l contentItem, on every side where no
        side's padding is set. Default 0.
    */
    property real padding: 0
    /*! The padding on the left and right, unless \l leftPadding or \l rightPadding is set.
        Default \l padding. */
    property real horizontalPadding: root.padding
    /*! The padding at the top and bottom, unless \l topPadding or \l bottomPadding is set.
        Default \l padding. */
    property real verticalPadding: root.padding
    /*! The space above \l contentItem. Default \l verticalPadding. */
    property real topPadding: root.verticalPadding
    /*! The space below \l contentItem. Default \l verticalPadding. */
    property real bottomPadding: root.verticalPadding
    /*! The space to the left of \l contentItem. Default \l horizontalPadding. */
    property real leftPadding: root.horizontalPadding
    /*! The space to the right of \l contentItem. Default \l horizontalPadding. */
    property real rightPadding: root.horizontalPadding
    /*! How far \l background stays inside the top edge. Default 0. */
    property real topInset: 0
    /*! How far \l background stays inside the bottom edge. Default 0. */
    property real bottomInset: 0
    /*! How far \l background stays inside the left edge. Default 0. */
    property real leftInset: 0
    /*! How far \l background stays inside the right edge. Default 0. */
    property real rightInset: 0
    /*!
        \readonly
        The width left for \l contentItem: the width less \l leftPadding and \l rightPadding.
    */
    readonly property real availableWidth: Math.max(0, root.width - root.leftPadding
                                                       - root.rightPadding)
    /*!
        \readonly
        The height left for \l contentItem: the height less \l topPadding and
        \l bottomPadding.
    */
    readonly property real availableHeight: Math.max(0, root.height - root.topPadding
                                                        - root.bottomPadding)
    /*!
        \readonly
        The implicit width of \l background, 0 without one.
    */
    readonly property real implicitBackgroundWidth: root.background
                                                    ? root.background.implicitWidth : 0
    /*!
        \readonly
        The implicit height of \l background, 0 without one.
    */
    readonly property real implicitBackgroundHeight: root.background
                                                     ? root.background.implicitHeight : 0
    /*!
        \readonly
        The implicit width of \l contentItem, 0 without one.
    */
    readonly property real implicitContentWidth: root.contentItem
                                                 ? root.contentItem.implicitWidth : 0
    /*!
        \readonly
        The implicit height of \l contentItem, 0 without one.
    */
    readonly property real implicitContentHeight: root.contentItem
                                                  ? root.contentItem.implicitHeight : 0
    /*! The width the content asks for, from which the prompt's implicit width follows.
        Default \l implicitContentWidth. */
    property real contentWidth: root.implicitContentWidth
    /*! The height the content asks for, from which the prompt's implicit height follows.
        Default \l implicitContentHeight. */
    property real contentHeight: root.implicitContentHeight
    /*!
        How the prompt itself takes the keyboard focus: \c Qt.StrongFocus (the default) by
        Tab and by a click on it, as a Pane does; a click outside its controls then gives the
        focus to the prompt, and Escape still denies.
    */
    property int focusPolicy: Qt.StrongFocus

    /*!
        The controller whose pending tool calls the prompt shows and decides. Default null: the
        prompt stays hidden. Switching its conversation drops the rows and every edit.
    */
    property KoderAgentController controller
    /*!
        \readonly
        The pending calls, the controller's \c pendingToolCalls: a list of maps with \c id,
        \c name, \c arguments (an object), \c readOnly and, for a registered tool,
        \c description and \c parameters (its JSON schema). Empty without a controller. It is
        the controller's list itself: a reference kept to it reads the calls waiting now.
    */
    // `?.` keeps this binding in the engine rather than the ahead-of-time compiler of Qt 6.4,
    // which would store a copy of the list instead of the controller's list itself.
    readonly property var calls: root.controller?.pendingToolCalls ?? []
    /*!
        \readonly
        The first call waiting (the first of \l calls), or null when none waits. The prompt is
        visible exactly while it is not null.
    */
    readonly property var call: root.calls.length > 0 ? root.calls[0] : null
    /*!
        How long an approval holds, passed as the \c scope option of every approval:
        \c "once" (the default: only this call), \c "conversation" (the same tool runs without
        asking for the rest of the conversation) or \c "always" (the tool's policy becomes
        \c "allow"). The three radio buttons set it. Each new prompt starts at \c "once":
        when calls wait again after none did, or in another conversation, it is set back to
        \c "once" (so a longer approval is always chosen for the calls in sight); while the
        calls of one prompt are decided one by one, it stays as chosen.
    */
    property string scope: "once"
    /*!
        Whether the prompt moves the keyboard focus into itself when it appears. Default true.
        ChatView sets it to false while the user is typing a message that the busy policy
        would accept during the turn, so typing is not interrupted.
    */
    property bool takesFocus: true
    /*!
        The item that gets the keyboard focus back when the prompt hides while the focus was
        in it. Default null: the focus is left where Qt puts it. ChatView sets the Sender's
        input.
    */
    property Item focusReturn: null
    /*!
        The height the calls may take before they scroll. Default: 45% of the window's height,
        at least 160 pixels (the window counted as 640 pixels high before it has a height).
    */
    property real maximumCallsHeight: Math.max(160, (root.Window.height > 0 ? root.Window.height
                                                                          : 640) * 0.45)
    /*!
        The arguments being edited, by call id: the text as typed. A call without an entry is
        not being edited. Default an empty object. Written by the rows through setDraft();
        entries of calls no longer waiting are dropped. Assign a new object to change it (a
        change inside the object is not noticed).
    */
    property var drafts: ({})
    /*!
        The reason for denying, as typed (may be empty): deny() and denyAll() pass it to the
        controller and empty it. Default empty. It follows \l reasonItem's text both ways.
    */
    property string reason: ""
    /*!
        \qmlproperty TextField AbstractPermissionPrompt::reasonItem

        The look's reason field (object name \c denyReason in \l PermissionPrompt). The look
        sets it; the template then keeps the field's text and \l reason the same. Default
        null.
    */
    property T.TextField reasonItem: null
    /*!
        \qmlproperty Flickable AbstractPermissionPrompt::callsView

        The look's scrolling area of the rows (object name \c promptCalls in
        \l PermissionPrompt): reveal() scrolls it, and it is scrolled back to the top when the
        prompt appears. Default null: nothing scrolls.
    */
    property Flickable callsView: null
    /*!
        \qmlproperty ListModel AbstractPermissionPrompt::callRows
        \readonly

        One row per pending call, in the order of \l calls, with the role \c callId: the model
        of the look's rows. Rows are kept by id (syncRows()), so that deciding one call leaves
        the others' rows, their edits and the focus in them, as they are.
    */
    readonly property ListModel callRows: ListModel {}
    /*!
        Whether the keyboard focus is inside the prompt, as last seen while it was visible
        (the focus may leave with the controls that hide when the last call is decided).
        Default false. The prompt keeps it up to date; when it hides with this true, the focus
        goes to \l focusReturn.
    */
    property bool holdsFocus: false
    // Set once the prompt is complete: a scope declared for the first calls is kept.
    property bool _completed: false

    /*!
        \readonly
        The Approve command of a single call: triggering it calls approve() for \l call. Its
        \c text is \e Approve; it is enabled while a call waits and its edited arguments (if
        any) fit the tool.
    */
    readonly property T.Action approveAction: T.Action {
        text: qsTranslate("PermissionPrompt", "Approve")
        enabled: {
            root.drafts // re-checked as the arguments are edited
            return root.call !== null && root.problemOf(root.call.id) === ""
        }
        onTriggered: root.approve()
    }
    /*!
        \readonly
        The Deny command of a single call: triggering it calls deny() for \l call, with
        \l reason. Its \c text is \e Deny; it is enabled whenever there is a controller.
    */
    readonly property T.Action denyAction: T.Action {
        text: qsTranslate("PermissionPrompt", "Deny")
        enabled: root.controller !== null
        onTriggered: root.deny()
    }
    /*!
        \readonly
        The Approve all command: triggering it calls approveAll(). Its \c text is
        \e{Approve all}; it is enabled while calls wait and every edit fits its tool
        (allApprovable()).
    */
    readonly property T.Action approveAllAction: T.Action {
        text: qsTranslate("PermissionPrompt", "Approve all")
        enabled: {
            root.drafts // re-checked as the arguments are edited
            return root.calls.length > 0 && root.allApprovable()
        }
        onTriggered: root.approveAll()
    }
    /*!
        \readonly
        The Deny all command: triggering it calls denyAll(), with \l reason. Its \c text is
        \e{Deny all}; it is enabled whenever there is a controller.
    */
    readonly property T.Action denyAllAction: T.Action {
        text: qsTranslate("PermissionPrompt", "Deny all")
        enabled: root.controller !== null
        onTriggered: root.denyAll()
    }

    /*!
        Approves the call \a callId (default: the first call), with the scope in \l scope and
        its edited arguments when they differ from the model's. Returns false, approving
        nothing, when there is no controller or no such call, or when the edited arguments do
        not fit the tool (problemOf()); otherwise returns what the controller's
        \c approveToolCall() returned.
    */
    function approve(callId) {
        const id = callId === undefined ? (root.call ? root.call.id : "") : callId
        if (!root.controller || !root.callById(id) || root.problemOf(id) !== "")
            return false
        const options = { scope: root.scope }
        if (root.isEdited(id))
            options.arguments = root.drafts[id] // the text: the controller parses it exactly
        return root.controller.approveToolCall(id, options)
    }
    /*!
        Denies the call \a callId (default: the first call) with \l reason (may be empty), and
        empties it. The model is told the tool was not run. Returns false without a controller
        or a call; otherwise what the controller's \c denyToolCall() returned.
    */
    function deny(callId) {
        const id = callId === undefined ? (root.call ? root.call.id : "") : callId
        if (!root.controller || id === "")
            return false
        const done = root.controller.denyToolCall(id, root.reason)
        root.clearReason()
        return done
    }
    /*!
        Approves every pending call with the scope in \l scope, each edited one with its
        edits. Returns false, approving nothing, while one of the edits does not fit its tool
        (allApprovable()) or when nothing waits; false also when the controller refuses one.
    */
    function approveAll() {
        if (!root.controller || root.calls.length === 0 || !root.allApprovable())
            return false
        // Taken first: each approval changes the calls (and may decide others by policy).
        const edited = root.calls.filter(c => root.isEdited(c.id))
                                 .map(c => ({ id: c.id, text: root.drafts[c.id] }))
        for (const edit of edited) {
            if (!root.controller.approveToolCall(edit.id, { scope: root.scope,
                                                            arguments: edit.text }))
                return false
        }
        return root.calls.length === 0 || root.controller.approveAll({ scope: root.scope })
    }
    /*!
        Returns whether every pending call can be approved as it stands: no call has edited
        arguments that do not fit its tool. Approve all is enabled only then.
    */
    function allApprovable() {
        return root.calls.every(c => root.problemOf(c.id) === "")
    }
    /*!
        Denies every pending call with \l reason, and empties it. Returns false without a
        controller; otherwise what the controller's \c denyAll() returned.
    */
    function denyAll() {
        if (!root.controller)
            return false
        const done = root.controller.denyAll(root.reason)
        root.clearReason()
        return done
    }
    /*!
        Empties \l reason and the look's reason field (\l reasonItem), as a decision does.
    */
    function clearReason() {
        if (root.reasonItem)
            root.reasonItem.clear() // also drops a half-composed input method text
        root.reason = ""
    }
    /*!
        Returns the description of the tool named \a name among the controller's \c tools, or
        an empty string when no such tool is registered.
    */
    function descriptionOf(name) {
        if (!root.controller)
            return ""
        const tools = root.controller.tools
        for (let i = 0; i < tools.length; ++i)
            if (tools[i].name === name)
                return tools[i].description
        return ""
    }
    /*!
        Returns what the tool of the call \a callId does, as the prompt shows it: the call's
        own \c description when it has one (a registered tool's), otherwise descriptionOf()
        its name; empty when the call is not waiting or nothing describes it.
    */
    function callDescription(callId) {
        const call = root.callById(callId)
        if (!call)
            return ""
        return call.description !== undefined ? call.description : root.descriptionOf(call.name)
    }
    /*!
        Returns the pending call whose id is \a callId (a map, as in \l calls), or null.
    */
    function callById(callId) {
        for (let i = 0; i < root.calls.length; ++i)
            if (root.calls[i].id === callId)
                return root.calls[i]
        return null
    }
    /*!
        Returns the arguments \a args as the prompt shows them: JSON indented by two spaces.
        An object is written out; a string is parsed and written out again, or returned as it
        is when it is not JSON; no arguments give \c{{}}.
    */
    function argumentsText(args) {
        if (typeof args === "string") {
            try {
                return JSON.stringify(JSON.parse(args), null, 2)
            } catch (e) {
                return args // shown as they came
            }
        }
        return JSON.stringify(args === undefined ? {} : args, null, 2)
    }
    /*!
        Returns whether an edit of the arguments of the call \a callId is open (\l drafts has
        an entry for it), whether or not the text differs from the model's yet.
    */
    function isEditing(callId) {
        return root.drafts[callId] !== undefined
    }
    /*!
        Returns whether the arguments of the call \a callId are being edited and differ from
        the model's (as argumentsText() shows them).
    */
    function isEdited(callId) {
        const text = root.drafts[callId]
        const call = root.callById(callId)
        return text !== undefined && call !== null && text !== root.argumentsText(call.arguments)
    }
    /*!
        Returns why the call \a callId cannot be approved with its edited arguments, as the
        controller's \c checkToolArguments() says it (not JSON, not an object, or not fitting
        the tool's \c parameters schema), or an empty string when it can, or when it is not
        edited.
    */
    function problemOf(callId) {
        if (!root.controller || !root.isEdited(callId))
            return ""
        return root.controller.checkToolArguments(root.callById(callId).name, root.drafts[callId])
    }
    /*!
        Starts or updates the edit of the arguments of the call \a callId with \a text; with
        \a text undefined the edit starts from the model's arguments, and with \a text null
        the edit stops and is forgotten (the model's arguments are used again).
    */
    function setDraft(callId, text) {
        const next = Object.assign({}, root.drafts)
        if (text === null) {
            delete next[callId]
        } else {
            const call = root.callById(callId)
            next[callId] = text !== undefined ? text
                                              : root.argumentsText(call ? call.arguments : {})
        }
        root.drafts = next
    }
    /*!
        Brings \l callRows (one per pending call, kept by id, so that deciding one call
        leaves the others' edits and focus alone) in line with \l calls, drops the
        \l drafts of calls that no longer wait, and sets \l scope back to \c "once" when a
        new prompt starts. The prompt calls it whenever \l calls changes;
        an application does not need to.
    */
    function syncRows() {
        const rows = root.callRows
        const ids = root.calls.map(c => c.id)
        // A new prompt: calls wait where none did (or the rows were dropped for another
        // conversation).
        const fresh = rows.count === 0 && ids.length > 0
        for (let i = rows.count - 1; i >= 0; --i)
            if (ids.indexOf(rows.get(i).callId) < 0)
                rows.remove(i)
        for (let i = 0; i < ids.length; ++i) {
            if (i < rows.count && rows.get(i).callId === ids[i])
                continue
            let found = -1
            for (let j = i + 1; j < rows.count; ++j)
                if (rows.get(j).callId === ids[i])
                    found = j
            if (found >= 0)
                rows.move(found, i, 1)
            else
                rows.insert(i, { callId: ids[i] })
        }
        const kept = {}
        let dropped = false
        for (const id in root.drafts) {
            if (ids.indexOf(id) >= 0)
                kept[id] = root.drafts[id]
            else
                dropped = true
        }
        if (dropped)
            root.drafts = kept
        if (fresh && root._completed)
            root.scope = "once"
    }
    /*!
        Scrolls \l callsView so that the rectangle \a rect of \a item (in the item's
        coordinates; default: all of it) is in sight, when \a item is inside the view's
        content and the calls scroll. The prompt calls it for the control that gets the focus;
        a look calls it for its editor's cursor.
    */
    function reveal(item, rect) {
        const view = root.callsView
        if (!view || !item)
            return
        let inside = false
        for (let p = item; p; p = p.parent) {
            if (p === view.contentItem) {
                inside = true
                break
            }
        }
        if (!inside || view.contentHeight <= view.height)
            return
        const r = rect !== undefined ? rect : Qt.rect(0, 0, item.width, item.height)
        const top = item.mapToItem(view.contentItem, r.x, r.y).y
        const bottom = top + r.height
        if (top < view.contentY)
            view.contentY = Math.max(0, top)
        else if (bottom > view.contentY + view.height)
            view.contentY = Math.min(bottom - view.height, view.contentHeight - view.height)
    }
    /*!
        Returns whether the window's active focus item is the prompt or inside it.
    */
    function focusIsInside() {
        for (let item = root.Window.activeFocusItem; item; item = item.parent)
            if (item === root)
                return true
        return false
    }
    /*!
        The keys of the prompt as a whole; \a event is the key event. Escape denies the call,
        or every call when several wait, and accepts the event; other keys are left alone.
        The root applies it to every key press its controls leave; a look routes a control's
        key presses to it when the control would keep Escape to itself.
    */
    function handleKey(event) {
        if (event.key !== Qt.Key_Escape)
            return
        event.accepted = true
        if (root.calls.length > 1)
            root.denyAll()
        else
            root.deny()
    }
    /*!
        The keys of an Approve button, for the look to route the button's key presses to;
        \a event is the key event. Enter and Return approve, and accept the event: the call
        \a callId when it is given (a row's own button), otherwise every call when several
        wait (Approve all) or the call (Approve). Escape goes to handleKey(); other keys
        (Space) are left to the button.
    */
    function handleApproveKey(event, callId) {
        if (event.key !== Qt.Key_Return && event.key !== Qt.Key_Enter) {
            root.handleKey(event)
            return
        }
        event.accepted = true
        if (callId !== undefined)
            root.approve(callId)
        else if (root.calls.length > 1)
            root.approveAll()
        else
            root.approve()
    }
    /*!
        The keys of the arguments editor of the call \a callId, for the look to route the
        editor's key presses to; \a event is the key event. Each of these accepts the event:

        \list
        \li Escape stops the edit, forgetting it (setDraft() with null), and denies nothing;
        \li Tab and Shift+Tab (Backtab) move the focus to the next and the previous control,
            instead of typing a tab;
        \li Ctrl+Enter and Ctrl+Return approve the call \a callId with the edited arguments,
            as approve() does: not while they do not fit the tool (problemOf()), and without
            adding a line either way.
        \endlist

        Other keys, Enter and Return among them (they add a line), are left to the editor.
    */
    function handleEditorKey(event, callId) {
        const shift = (event.modifiers & Qt.ShiftModifier) !== 0
        const control = (event.modifiers & Qt.ControlModifier) !== 0
        if (event.key === Qt.Key_Escape) {
            event.accepted = true
            root.setDraft(callId, null)
        } else if ((event.key === Qt.Key_Tab || event.key === Qt.Key_Backtab) && !control) {
            event.accepted = true
            const editor = root.Window.activeFocusItem
            const forward = event.key === Qt.Key_Tab && !shift
            const next = editor ? editor.nextItemInFocusChain(forward) : null
            if (next)
                next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
        } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && control) {
            event.accepted = true
            root.approve(callId)
        }
    }

    visible: root.call !== null
    implicitWidth: Math.max(root.implicitBackgroundWidth + root.leftInset + root.rightInset,
                            root.contentWidth + root.leftPadding + root.rightPadding)
    implicitHeight: Math.max(root.implicitBackgroundHeight + root.topInset + root.bottomInset,
                             root.contentHeight + root.topPadding + root.bottomPadding)
    activeFocusOnTab: (root.focusPolicy & Qt.TabFocus) === Qt.TabFocus
    onBackgroundChanged: {
        if (!root.background)
            return
        const item = root.background
        item.parent = root
        item.z = -1
        item.x = Qt.binding(() => root.leftInset)
        item.y = Qt.binding(() => root.topInset)
        item.width = Qt.binding(() => root.width - root.leftInset - root.rightInset)
        item.height = Qt.binding(() => root.height - root.topInset - root.bottomInset)
    }
    onContentItemChanged: {
        if (!root.contentItem)
            return
        const item = root.contentItem
        item.parent = root
        item.x = Qt.binding(() => root.leftPadding)
        item.y = Qt.binding(() => root.topPadding)
        item.width = Qt.binding(() => root.availableWidth)
        item.height = Qt.binding(() => root.availableHeight)
    }
    Accessible.role: Accessible.AlertMessage
    Accessible.name: root.calls.length > 1
                     ? qsTranslate("PermissionPrompt", "%n tools want to run", "",
                                   root.calls.length)
                     : root.call ? qsTranslate("PermissionPrompt", "The tool %1 wants to run")
                                       .arg(root.call.name)
                                 : ""
    Accessible.description: root.calls.length > 1
                            ? qsTranslate("PermissionPrompt",
                                          "Approve or deny each call, or all of them.")
                            : root.call ? (root.call.readOnly
                                           ? qsTranslate("PermissionPrompt", "It only reads.")
                                           : qsTranslate("PermissionPrompt",
                                                         "It can change things."))
                                        : ""
    Keys.onPressed: (event) => root.handleKey(event)

    onCallsChanged: root.syncRows()
    Component.onCompleted: {
        root.syncRows()
        root._completed = true
    }
    onReasonChanged: {
        if (root.reasonItem && root.reasonItem.text !== root.reason)
            root.reasonItem.text = root.reason
    }
    onReasonItemChanged: {
        if (root.reasonItem && root.reasonItem.text !== root.reason)
            root.reasonItem.text = root.reason
    }
    onVisibleChanged: {
        if (root.visible) {
            if (root.callsView)
                root.callsView.contentY = 0
            if (root.takesFocus)
                root.forceActiveFocus()
        } else if (root.holdsFocus) {
            root.holdsFocus = false
            giveFocusBack.start()
        }
    }

    data: [
        // No click goes through the prompt to what lies under it; one on the prompt itself
        // (outside its controls) gives it the focus, as a click on a Pane does.
        MouseArea {
            z: -2
            anchors.fill: parent
            acceptedButtons: Qt.AllButtons
            onPressed: (mouse) => {
                if ((root.focusPolicy & Qt.ClickFocus) === Qt.ClickFocus)
                    root.forceActiveFocus(Qt.MouseFocusReason)
            }
        },
        Connections {
            target: root.reasonItem
            function onTextChanged() {
                root.reason = root.reasonItem.text
            }
        },
        Connections {
            target: root.controller
            // Another conversation: its calls may reuse ids, none of the rows or edits carry over.
            function onConversationIdChanged() {
                root.callRows.clear()
                root.drafts = {}
                root.syncRows()
            }
        },
        Connections {
            target: root.Window.window
            function onActiveFocusItemChanged() {
                if (!root.visible)
                    return
                root.holdsFocus = root.focusIsInside()
                if (root.holdsFocus)
                    root.reveal(root.Window.activeFocusItem)
            }
        },
        // After the bindings settle: the input is enabled again once nothing waits.
        Timer {
            id: giveFocusBack
            interval: 0
            onTriggered: {
                if (root.focusReturn)
                    root.focusReturn.forceActiveFocus()
            }
        }
    ]
}
