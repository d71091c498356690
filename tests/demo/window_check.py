#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The real demo binary in a real X window, driven by real keys and checked over AT-SPI.

Run inside a private X server and D-Bus session (the ctest demo_window does):
    xvfb-run -a -s "-screen 0 1400x900x24 -noreset" dbus-run-session -- /usr/bin/python3 window_check.py \
        <koder-demo>
(the system's Python: it has pyatspi.)
The script puts itself under tests/a11y/with_atspi_bus.py (the accessibility bus up, as under a
screen reader), starts koder-demo (xcb, --language en --theme light, the offline agent) with a
private HOME, XDG_DATA_HOME and XDG_CONFIG_HOME and its own --store, gives its window the X
input focus (there is no window manager under Xvfb) and types through XTEST with xdotool.
Every wait polls with a deadline and fails saying which step it was and what it saw.

  launch and type  At launch the keys go to the input (the text "Message" is focused, nothing
                   is clicked): "hello there" and Return send it; the reply is shown in the
                   message list ("You said: “hello there”..."), and after Ctrl+Q (the app
                   exits with 0) the store holds the user message and the finished assistant
                   reply.
  waiting approval "Save a note: buy milk" and Return: the permission prompt appears (an alert
                   "The tool save_note wants to run"); Ctrl+Q; the store keeps the approval
                   waiting. Started again on the same store and folders: the prompt is back
                   (the last conversation is opened; a failure here is noted and the flow goes
                   on); Ctrl+N starts a new conversation (the
                   prompt goes, the keys are in the input again), and the conversation list
                   shows the waiting one as needing approval (its row's accessible name says
                   "needs approval").
  attach by keys   In that new conversation: Shift+Tab from the input lands on "Attach a file",
                   Space opens the file dialog (Qt Quick's own: no desktop is named, so no
                   platform dialog) and it takes the focus, Ctrl+L opens its path field, the
                   path of notes.txt and Return pick the file; the attached files list shows
                   "notes.txt, 28 bytes" and the focus is back in the input; "summarise this"
                   and Return send it and the reply comes. After Ctrl+Q the store has the user
                   message with notes.txt (its name and file URL) as its attachment.
  question by keys "Ask me a question" and Return: the offline agent calls ask_user and the
                   question prompt takes the focus (the alert "The agent asks: Which colour
                   should the next note be?"); Tab lands on the radio button "Red", Down on
                   "Green", Tab goes on (inside the prompt) to "Submit" and Return answers: the
                   focus is back in the input and the reply says "You chose “Green”". After
                   Ctrl+Q the store has the ask_user call's result "Green".
  mcp servers      Started with --mcp-config naming the scripted test server (node): Ctrl+,
                   opens Settings, which shows the server "Ready" and its tools ("6 tools:
                   noop, echo, ..."); Tab reaches its switch ("Use the MCP server scripted") and
                   Space turns it off at once ("Not connected"). Started again: the switch was
                   kept (the server is off, "Turned off: ..."), and Space turns it on again
                   ("Ready"). Started with a file that is not JSON: the window works and
                   Settings says the problem ("Problem in the MCP configuration: ... not
                   JSON"); Ctrl+Q ends it with 0 each time.
  search by keys   Two conversations ("Tell me about the kiwi bird", then "Tax return"); Tab
                   from the input reaches the field "Search messages", "kiwi" finds the question
                   and the reply of the first (the status says "2 results"), Down moves to the
                   first result (its name says where it is: 'In “Tell me about the kiwi
                   bird”, ...'), Return opens that conversation with the keys on the message
                   (a message of the chat, not the input), and Escape back in the field clears
                   it: the list is shown again. Ctrl+Q ends it with 0.
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
A11Y_DIR = os.path.join(HERE, "..", "a11y")
BUS_MARK = "KODER_WINDOW_CHECK_ON_BUS"

# The accessibility bus comes first: run again under with_atspi_bus.py (which starts the bus
# launcher, waits for it with a deadline and stops it afterwards).
if __name__ == "__main__" and os.environ.get(BUS_MARK) != "1":
    os.environ[BUS_MARK] = "1"
    os.execv(sys.executable, [sys.executable, os.path.join(A11Y_DIR, "with_atspi_bus.py"),
                              sys.executable, os.path.abspath(__file__)] + sys.argv[1:])

import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402

WINDOW_TITLE = "Koder Agent demo"
PROMPT_NAME = "The tool save_note wants to run"
QUESTION_NAME = "The agent asks: Which colour should the next note be?"
ANSWERED_REPLY = "You chose “Green”"
MAX_TABS_IN_PROMPT = 8
DEADLINE_S = 60  # per wait: generous, the machine may be loaded
QUIT_DEADLINE_S = 30
POLL_S = 0.1  # a poll interval under a deadline, never a wait for a state by itself
XDOTOOL_TIMEOUT_S = 30
STREAMING_FLAG = 8  # koderconversationstore.cpp: enum Flag { ..., Streaming = 8 }


class Failure(Exception):
    pass


# Failures of checks the flow can go on after (the flow's later checks still mean something).
later_failures = []


def log(*args):
    print(*args, flush=True)


# --- AT-SPI -------------------------------------------------------------------------------

def pump():
    """Lets pyatspi take in what the bus sent (cache updates come as events)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def states_of(obj):
    try:
        return obj.getState()
    except Exception:  # the object is gone
        return None


def is_showing(obj):
    states = states_of(obj)
    return states is not None and states.contains(pyatspi.STATE_SHOWING) \
        and states.contains(pyatspi.STATE_VISIBLE)


def has_focus(obj):
    states = states_of(obj)
    return states is not None and states.contains(pyatspi.STATE_FOCUSED)


def role_name(obj):
    try:
        return obj.getRoleName()
    except Exception:
        return "?"


def name_of(obj):
    try:
        return obj.name or ""
    except Exception:
        return ""


def walk(root, showing_only=True, limit=3000):
    """The objects under root, depth first; hidden subtrees are left out when showing_only."""
    stack = [root]
    seen = 0
    while stack and seen < limit:
        obj = stack.pop()
        seen += 1
        yield obj
        try:
            children = [obj.getChildAtIndex(i) for i in range(obj.childCount)]
        except Exception:
            continue
        for child in reversed(children):
            if child is None:
                continue
            if showing_only and not is_showing(child):
                continue
            stack.append(child)


def find(root, predicate, showing_only=True):
    for obj in walk(root, showing_only):
        try:
            if predicate(obj):
                return obj
        except Exception:
            continue
    return None


def describe_tree(root, limit=120):
    """What is showing: role, name and focus of each named (or focused) object."""
    lines = []
    for obj in walk(root):
        name = name_of(obj)
        focused = has_focus(obj)
        if name or focused:
            lines.append("%s %r%s" % (role_name(obj), name[:80], " (focused)" if focused else ""))
        if len(lines) >= limit:
            lines.append("...")
            break
    return "; ".join(lines) or "nothing"


def focused_objects(root):
    return [obj for obj in walk(root) if has_focus(obj)]


def describe_focus(root):
    return ", ".join("%s %r" % (role_name(o), name_of(o)) for o in focused_objects(root)) or \
        "nothing focused"


def by_role_name(role, name):
    return lambda obj: role_name(obj) == role and name_of(obj) == name


def the_input(obj):
    return role_name(obj) in ("text", "entry") and name_of(obj) == "Message"


# --- waiting ------------------------------------------------------------------------------

def wait_for(step, condition, seen, deadline_s=DEADLINE_S, app=None):
    """Polls condition() until it returns something true; fails with seen() after the deadline."""
    deadline = time.monotonic() + deadline_s
    while True:
        pump()
        if app is not None and app.process.poll() is not None:
            raise Failure("%s: the demo exited (%d) while waiting" % (step,
                                                                       app.process.returncode))
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise Failure("%s: not within %d s; seen: %s" % (step, deadline_s, seen()))
        time.sleep(POLL_S)


# --- X ------------------------------------------------------------------------------------

def xdotool(*args):
    result = subprocess.run(["xdotool"] + [str(a) for a in args], capture_output=True,
                            text=True, timeout=XDOTOOL_TIMEOUT_S)
    return result.returncode, result.stdout.strip()


def keys(*names):
    """Presses keys (xdotool names, e.g. ctrl+q, shift+Tab) through XTEST, to the focus."""
    log("   keys:", " ".join(names))
    rc, out = xdotool("key", "--delay", "60", *names)
    if rc != 0:
        raise Failure("xdotool key %s failed: %s" % (" ".join(names), out))


def type_text(text):
    log("   type: %r" % text)
    rc, out = xdotool("type", "--delay", "40", text)
    if rc != 0:
        raise Failure("xdotool type %r failed: %s" % (text, out))


# --- the demo -----------------------------------------------------------------------------

class Demo:
    """One run of koder-demo on the test's folders and store."""

    def __init__(self, binary, folder, label, extra_args=()):
        self.label = label
        self.folder = folder
        self.store = os.path.join(folder, "conversations.sqlite")
        env = dict(os.environ,
                   HOME=folder,
                   XDG_DATA_HOME=os.path.join(folder, "data"),
                   XDG_CONFIG_HOME=os.path.join(folder, "config"),
                   XDG_CACHE_HOME=os.path.join(folder, "cache"),
                   QT_QPA_PLATFORM="xcb",
                   QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
                   QT_ACCESSIBILITY="1",
                   LANGUAGE="en", LC_ALL="C.UTF-8")
        # No desktop named: Qt's own file dialog (Qt Quick's), not a platform's native one.
        for name in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORMTHEME", "XDG_CURRENT_DESKTOP",
                     "DESKTOP_SESSION", "GNOME_DESKTOP_SESSION_ID", "KDE_FULL_SESSION"):
            env.pop(name, None)
        os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
        self.log_path = os.path.join(folder, "logs",
                                     "%s.log" % "".join(c if c.isalnum() else "-" for c in label))
        self.log_file = open(self.log_path, "w")
        log("start demo (%s)" % label)
        self.process = subprocess.Popen(
            [binary, "--store", self.store, "--language", "en", "--theme", "light"]
            + list(extra_args),
            env=env, stdout=self.log_file, stderr=subprocess.STDOUT, cwd=folder)
        self.app = None
        self.frame = None
        self.window = None

    def ready_for_keys(self, why="the input has the keys"):
        """The window is up and active, and the message input has the keyboard focus."""
        self.wait_until_up()
        self.activate()
        self.wait_for_focus(why, the_input)

    def wait_until_up(self):
        step = "%s: the window is on the accessibility bus" % self.label
        pid = self.process.pid

        def registered():
            for child in pyatspi.Registry.getDesktop(0):
                try:
                    if child is not None and child.get_process_id() == pid:
                        return child
                except Exception:
                    continue
            return None
        self.app = wait_for(step, registered, lambda: "no application with the demo's pid",
                            app=self)

        def frame():
            return find(self.app, lambda o: role_name(o) == "frame"
                        and name_of(o) == WINDOW_TITLE)
        self.frame = wait_for("%s: its frame %r shows" % (self.label, WINDOW_TITLE), frame,
                              lambda: describe_tree(self.app), app=self)

        def x_window():
            rc, out = xdotool("search", "--onlyvisible", "--pid", pid, "--name",
                              "^%s$" % WINDOW_TITLE)
            return out.split()[0] if rc == 0 and out else None
        self.window = wait_for("%s: its X window is mapped" % self.label, x_window,
                               lambda: "no visible X window named %r" % WINDOW_TITLE, app=self)
        log("   window", self.window)

    def activate(self):
        """Gives the window the keyboard (what a window manager does) and waits until Qt has
        made it the active window."""
        step = "%s: the window becomes active" % self.label
        last = [0.0]

        def active():
            states = states_of(self.frame)
            if states is not None and states.contains(pyatspi.STATE_ACTIVE):
                return True
            if time.monotonic() - last[0] > 2:  # ask again now and then
                last[0] = time.monotonic()
                xdotool("windowfocus", self.window)
            return False
        wait_for(step, active, lambda: "the frame is not active", app=self)

    def find(self, predicate, showing_only=True):
        return find(self.app, predicate, showing_only)

    def wait_for(self, step, condition, seen=None, deadline_s=DEADLINE_S):
        return wait_for("%s: %s" % (self.label, step), condition,
                        seen or (lambda: describe_tree(self.app)), deadline_s, app=self)

    def check(self, step, condition, seen=None, deadline_s=DEADLINE_S):
        """As wait_for, but a failure is noted and the flow goes on."""
        try:
            return self.wait_for(step, condition, seen, deadline_s)
        except Failure as failure:
            later_failures.append(str(failure))
            log("FAIL (going on):", failure)
            return None

    def wait_for_focus(self, step, predicate):
        def focused():
            return any(predicate(o) for o in focused_objects(self.app))
        self.wait_for(step, focused, lambda: describe_focus(self.app))

    def quit(self):
        keys("ctrl+q")
        try:
            self.process.wait(timeout=QUIT_DEADLINE_S)
        except subprocess.TimeoutExpired:
            raise Failure("%s: Ctrl+Q did not end the demo within %d s"
                          % (self.label, QUIT_DEADLINE_S))
        if self.process.returncode != 0:
            raise Failure("%s: the demo exited with %d after Ctrl+Q (log: %s)"
                          % (self.label, self.process.returncode, self.output()))
        log("   the demo quit")

    def output(self):
        self.log_file.flush()
        with open(self.log_path, errors="replace") as f:
            return f.read()[-3000:]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log_file.close()


# --- the store ----------------------------------------------------------------------------

def read_store(path):
    """conversations: [{id, title, approvals, messages: [{role, text, flags, extras}]}]"""
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        conversations = []
        for cid, title, approvals in db.execute(
                "SELECT id, title, approvals FROM conversations ORDER BY updated_at"):
            messages = [{"role": r, "text": t, "flags": f,
                         "extras": json.loads(x) if x else {}}
                        for r, t, f, x in db.execute(
                            "SELECT role, text, flags, extras FROM messages "
                            "WHERE conversation_id = ? ORDER BY position", (cid,))]
            conversations.append({"id": cid, "title": title, "approvals": approvals,
                                  "messages": messages})
        return conversations
    finally:
        db.close()


def summary(conversations):
    return "; ".join("%s: %s" % (c["title"] or c["id"],
                                 [(m["role"], m["text"][:40], m["flags"]) for m in c["messages"]])
                     for c in conversations) or "no conversation"


def conversation_starting(conversations, text):
    for c in conversations:
        if c["messages"] and c["messages"][0]["role"] == "user" \
                and c["messages"][0]["text"] == text:
            return c
    return None


# --- the flows ----------------------------------------------------------------------------

def reply_start(text):
    """How the offline agent's reply to text starts (demo-app/Main.qml)."""
    return "You said: “%s”" % text


def wait_for_reply(demo, text):
    """Waits until the offline agent's reply to text is shown whole and the turn is over."""
    start = reply_start(text)
    demo.wait_for("the reply to %r is shown in the message list" % text,
                  lambda: demo.find(lambda o: name_of(o).startswith(start)))
    # It streams word by word: the turn is over once its last words are shown and the button
    # is Send again (Stop while it streams).
    demo.wait_for("the reply to %r is finished (its last words shown, the button is Send)" % text,
                  lambda: demo.find(lambda o: name_of(o).startswith(start)
                                    and name_of(o).rstrip().endswith("instead."))
                  and demo.find(by_role_name("push button", "Send")))


def launch_and_type(binary, folder):
    demo = Demo(binary, folder, "launch and type")
    try:
        demo.ready_for_keys("at launch the input has the keys (nothing clicked)")
        type_text("hello there")
        demo.wait_for("the typed text is in the input",
                      lambda: demo.find(lambda o: the_input(o) and
                                        o.queryText().getText(0, -1) == "hello there"),
                      lambda: describe_focus(demo.app))
        keys("Return")
        wait_for_reply(demo, "hello there")
        demo.quit()
    finally:
        demo.stop()

    conversations = read_store(demo.store)
    c = conversation_starting(conversations, "hello there")
    if c is None:
        raise Failure("launch and type: the store has no conversation starting with the user "
                      "message 'hello there': %s" % summary(conversations))
    replies = [m for m in c["messages"] if m["role"] == "assistant"]
    if not replies or not replies[-1]["text"].startswith(reply_start("hello there")) \
            or replies[-1]["flags"] & STREAMING_FLAG:
        raise Failure("launch and type: the store has no finished assistant reply: %s"
                      % summary([c]))
    log("PASS launch and type: 'hello there' sent by keys, the reply shown and stored")


def waiting_approval(binary, folder):
    demo = Demo(binary, folder, "approval, first run")
    try:
        demo.ready_for_keys()
        type_text("Save a note: buy milk")
        keys("Return")
        demo.wait_for("the permission prompt %r appears" % PROMPT_NAME,
                      lambda: demo.find(by_role_name("alert", PROMPT_NAME)))
        demo.quit()
    finally:
        demo.stop()
    conversations = read_store(demo.store)
    waiting = conversation_starting(conversations, "Save a note: buy milk")
    if waiting is None or not waiting["approvals"]:
        raise Failure("approval: the store does not keep the approval waiting: %s"
                      % summary(conversations))

    demo = Demo(binary, folder, "approval, after the restart")
    try:
        demo.wait_until_up()
        demo.activate()
        demo.check("the last conversation is opened with its prompt %r" % PROMPT_NAME,
                   lambda: demo.find(by_role_name("alert", PROMPT_NAME)))
        keys("ctrl+n")
        demo.wait_for("Ctrl+N shows a new, empty conversation (no prompt)",
                      lambda: not demo.find(by_role_name("alert", PROMPT_NAME))
                      and demo.find(by_role_name("label", "How can I help?")))
        demo.wait_for_focus("after Ctrl+N the input has the keys", the_input)

        def waiting_row():
            conversations_list = demo.find(by_role_name("list", "Conversations"))
            if conversations_list is None:
                return None
            return find(conversations_list,
                        lambda o: role_name(o) != "list"
                        and name_of(o).startswith("Save a note: buy milk")
                        and "needs approval" in name_of(o))
        row = demo.wait_for("the conversation list shows the waiting conversation as needing "
                            "approval", waiting_row,
                            lambda: describe_tree(demo.find(by_role_name("list",
                                                                         "Conversations"))
                                                  or demo.app))
        log("   row: %s %r" % (role_name(row), name_of(row)))
        log("PASS waiting approval: the prompt survives a restart, the list says "
            "'needs approval' while another conversation is shown")
        attach_by_keys(demo)
    finally:
        demo.stop()

    conversations = read_store(demo.store)
    c = conversation_starting(conversations, "summarise this")
    if c is None:
        raise Failure("attach: the store has no conversation starting with 'summarise this': "
                      "%s" % summary(conversations))
    attachments = c["messages"][0]["extras"].get("attachments", [])
    log("   stored attachments: %s" % json.dumps(attachments)[:300])
    notes_url = "file://" + os.path.join(folder, "notes.txt")
    if not any(isinstance(a, dict) and a.get("name") == "notes.txt"
               and a.get("url") == notes_url for a in attachments):
        raise Failure("attach: the stored user message has no attachment notes.txt: extras %s"
                      % json.dumps(c["messages"][0]["extras"])[:500])
    log("PASS attach by keys: notes.txt attached through the file dialog by keys, sent and "
        "stored with the message")


def attach_by_keys(demo):
    notes = os.path.join(demo.folder, "notes.txt")
    with open(notes, "w") as f:
        f.write("Buy milk.\nCall the plumber.\n")
    keys("shift+Tab")
    demo.wait_for_focus("Shift+Tab from the input lands on 'Attach a file'",
                        by_role_name("push button", "Attach a file"))
    keys("space")
    # The file dialog: Qt Quick's own (a popup in the window, there is no platform dialog
    # under Xvfb), a dialog named by its title that takes the focus (its list of files).
    dialog = demo.wait_for("Space opens the file dialog 'Attach files' and it takes the focus",
                           lambda: demo.find(lambda o: by_role_name("dialog", "Attach files")(o)
                                             and has_focus(o)),
                           lambda: describe_focus(demo.app))
    # Ctrl+L turns the dialog's folder bar into a path field (as in GTK's and Windows' dialogs).
    keys("ctrl+l")

    def path_field():
        return [o for o in focused_objects(dialog) if role_name(o) in ("text", "entry")]
    demo.wait_for("Ctrl+L focuses the dialog's path field", path_field,
                  lambda: describe_focus(demo.app))
    keys("ctrl+a")
    type_text(notes)
    demo.wait_for("the path is typed in the field",
                  lambda: any(o.queryText().getText(0, -1) == notes for o in path_field()),
                  lambda: "field: %r" % [o.queryText().getText(0, -1) for o in path_field()])
    keys("Return")
    demo.wait_for("Return on the path of a file picks it and closes the dialog",
                  lambda: not demo.find(by_role_name("dialog", "Attach files")))

    def attached():
        files = demo.find(by_role_name("list", "Attached files"))
        return files and find(files, lambda o: name_of(o).startswith("notes.txt, "))
    chip = demo.wait_for("the attached files list shows notes.txt with its size", attached)
    if "28" not in name_of(chip):
        raise Failure("attach: the chip %r does not give the file's size (28 bytes)"
                      % name_of(chip))
    log("   chip: %s %r" % (role_name(chip), name_of(chip)))
    if role_name(chip) != "list item":
        # Sender puts the role ListItem on a plain item (on a Control, Qt 6.4 replaces it).
        raise Failure("attach: the chip is heard as a %s, not a list item" % role_name(chip))
    demo.wait_for_focus("the focus is back in the input", the_input)
    type_text("summarise this")
    keys("Return")
    demo.wait_for("the message is sent (the attached files list is empty again)",
                  lambda: not attached())
    wait_for_reply(demo, "summarise this")
    demo.quit()


def inside_alert(obj):
    try:
        depth = 0
        while obj is not None and depth < 40:
            if role_name(obj) == "alert":
                return True
            obj = obj.parent
            depth += 1
    except Exception:  # the object or an ancestor is gone
        pass
    return False


def question_by_keys(binary, folder):
    demo = Demo(binary, folder, "question by keys")
    try:
        demo.ready_for_keys()
        type_text("Ask me a question")
        keys("Return")
        demo.wait_for_focus("the question prompt %r takes the focus" % QUESTION_NAME,
                            by_role_name("alert", QUESTION_NAME))
        keys("Tab")
        demo.wait_for_focus("Tab lands on the option 'Red'", by_role_name("radio button", "Red"))
        keys("Down")
        demo.wait_for_focus("Down moves to the option 'Green'",
                            by_role_name("radio button", "Green"))
        submit = by_role_name("push button", "Submit")
        stop = ("radio button", "Green")

        def moved_on():
            # The focus left the previous stop: each Tab is taken in before the next.
            now = [(role_name(o), name_of(o), o) for o in focused_objects(demo.app)
                   if role_name(o) != "alert"]
            return now if now and all((r, n) != stop for r, n, _ in now) else None
        for _ in range(MAX_TABS_IN_PROMPT):
            keys("Tab")
            focused = demo.wait_for("Tab moves on from %s %r" % stop, moved_on,
                                    lambda: describe_focus(demo.app))
            if any(submit(o) for _, _, o in focused):
                break
            if not all(inside_alert(o) for _, _, o in focused):
                raise Failure("question by keys: Tab left the prompt before 'Submit': %s"
                              % describe_focus(demo.app))
            stop = focused[0][:2]
        else:
            raise Failure("question by keys: Tab did not reach 'Submit' within %d presses: %s"
                          % (MAX_TABS_IN_PROMPT, describe_focus(demo.app)))
        keys("Return")
        demo.wait_for_focus("after Return on Submit the input has the keys again", the_input)
        demo.wait_for("the reply says what was chosen (%r)" % ANSWERED_REPLY,
                      lambda: demo.find(lambda o: name_of(o).startswith(ANSWERED_REPLY)))
        demo.wait_for("the question prompt is gone",
                      lambda: not demo.find(by_role_name("alert", QUESTION_NAME)))
        demo.quit()
    finally:
        demo.stop()
    conversations = read_store(demo.store)
    c = conversation_starting(conversations, "Ask me a question")
    results = [m["text"] for m in c["messages"] if m["role"] == "tool"] if c else []
    if results != ["Green"]:
        raise Failure("question by keys: the store does not have the answer 'Green' as the "
                      "call's result: %s" % summary(conversations))
    log("PASS question by keys: the question prompt took the focus, 'Green' chosen and "
        "submitted by keys, the reply says so, the answer is stored")


MAX_TABS_TO_MCP_SWITCH = 20


def named(name):
    return lambda obj: name_of(obj) == name


def tab_to(demo, step, predicate):
    """Presses Tab, one stop at a time (each taken in before the next), until the focus is on
    what predicate accepts."""
    for _ in range(MAX_TABS_TO_MCP_SWITCH):
        before = [(role_name(o), name_of(o)) for o in focused_objects(demo.app)]
        keys("Tab")
        focused = demo.wait_for(
            "%s: Tab moves on from %s" % (step, before),
            lambda: [o for o in focused_objects(demo.app)
                     if (role_name(o), name_of(o)) not in before],
            lambda: describe_focus(demo.app))
        if any(predicate(o) for o in focused):
            return
    raise Failure("%s: Tab did not get there within %d presses: %s"
                  % (step, MAX_TABS_TO_MCP_SWITCH, describe_focus(demo.app)))


def search_by_keys(binary, folder):
    question = "Tell me about the kiwi bird"
    search_field = lambda o: role_name(o) in ("text", "entry") \
        and name_of(o) == "Search messages"
    demo = Demo(binary, folder, "search by keys")
    try:
        demo.ready_for_keys()
        for text in (question, "Tax return"):
            if text != question:
                keys("ctrl+n")
                demo.wait_for_focus("Ctrl+N: the input has the keys", the_input)
            type_text(text)
            keys("Return")
            wait_for_reply(demo, text)
        tab_to(demo, "Tab reaches the search field", search_field)
        type_text("kiwi")
        demo.wait_for("the search says how many results it found",
                      lambda: demo.find(named("2 results")))
        where = "In “%s”, " % question
        keys("Down")
        demo.wait_for_focus("Down moves to the first result, which says where it is",
                            lambda o: name_of(o).startswith(where))
        keys("Return")

        def on_the_message():
            return any(role_name(o) not in ("text", "entry") and question in name_of(o)
                       and not name_of(o).startswith(where)
                       for o in focused_objects(demo.app))
        demo.wait_for("Return opens the conversation with the keys on the message",
                      on_the_message, lambda: describe_focus(demo.app))
        tab_to(demo, "Tab reaches the search field again", search_field)
        keys("Escape")
        demo.wait_for("Escape clears the field: the conversations are listed again",
                      lambda: demo.find(lambda o: role_name(o) in ("list", "list box")
                                        and name_of(o) == "Conversations"))
        demo.quit()
    finally:
        demo.stop()
    log("PASS search by keys: Tab to the field, 'kiwi' found 2 results, Down and Return opened "
        "the conversation on the message, Escape cleared the field")


def mcp_servers(binary, folder):
    node = os.environ.get("KODER_NODE_EXECUTABLE", "")
    servers = os.environ.get("KODER_MCP_SERVERS_DIR", "")
    script = os.path.join(servers, "scripted_server.mjs")
    if not node or not os.access(node, os.X_OK) or not os.path.isfile(script):
        raise Failure("mcp servers: node (KODER_NODE_EXECUTABLE=%r) or the scripted test server "
                      "(KODER_MCP_SERVERS_DIR=%r) is missing" % (node, servers))
    config = os.path.join(folder, "mcp.json")
    with open(config, "w") as f:
        json.dump({"mcpServers": {"scripted": {"command": node, "args": [script]}}}, f)
    ready = named("Status of scripted: Ready")
    off = named("Status of scripted: Not connected")
    switch = named("Use the MCP server scripted")

    demo = Demo(binary, folder, "mcp servers, first run", ["--mcp-config", config])
    try:
        demo.ready_for_keys()
        keys("ctrl+comma")
        demo.wait_for("Settings shows the server ready", lambda: demo.find(ready))
        demo.wait_for("Settings lists its tools",
                      lambda: demo.find(lambda o: name_of(o).startswith("6 tools: noop, echo")))
        tab_to(demo, "Tab reaches the server's switch", switch)
        keys("space")
        demo.wait_for("Space turns the server off at once", lambda: demo.find(off))
        keys("Escape")
        demo.wait_for_focus("Settings closed, the input has the keys", the_input)
        demo.quit()
    finally:
        demo.stop()

    demo = Demo(binary, folder, "mcp servers, second run", ["--mcp-config", config])
    try:
        demo.ready_for_keys()
        keys("ctrl+comma")
        demo.wait_for("the switch was kept: the server is off",
                      lambda: demo.find(off) and demo.find(
                          named("Turned off: its tools are not offered to the model.")))
        tab_to(demo, "Tab reaches the server's switch", switch)
        keys("space")
        demo.wait_for("Space turns the server on again", lambda: demo.find(ready))
        keys("Escape")
        demo.wait_for_focus("Settings closed, the input has the keys", the_input)
        demo.quit()
    finally:
        demo.stop()

    broken = os.path.join(folder, "broken.json")
    with open(broken, "w") as f:
        f.write('{ "mcpServers": { nope')
    demo = Demo(binary, folder, "mcp servers, a broken file", ["--mcp-config", broken])
    try:
        demo.ready_for_keys("with a broken file the window comes up and the input has the keys")
        keys("ctrl+comma")
        demo.wait_for("Settings says what is wrong with the file",
                      lambda: demo.find(lambda o: name_of(o).startswith(
                          "Problem in the MCP configuration: ") and "not JSON" in name_of(o)))
        keys("Escape")
        demo.wait_for_focus("Settings closed, the input has the keys", the_input)
        demo.quit()
    finally:
        demo.stop()
    log("PASS mcp servers: ready with its tools in Settings, switched off and on by keys and "
        "kept across a restart; a broken file said in Settings, no crash")


def main():
    if len(sys.argv) != 2:
        log("usage: window_check.py <koder-demo>")
        return 2
    binary = os.path.abspath(sys.argv[1])
    # Stopped from outside (a timeout): the flows' clean-up still stops the demo.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("window_check: terminated"))
    if not shutil.which("xdotool"):
        log("FAIL: xdotool is missing (scripts/setup installs it)")
        return 1
    started = time.monotonic()
    failures = []
    flows = (launch_and_type, waiting_approval, question_by_keys, mcp_servers, search_by_keys)
    # KODER_WINDOW_CHECK_FLOWS="search_by_keys ...": only those (while working on one).
    chosen = os.environ.get("KODER_WINDOW_CHECK_FLOWS", "").split()
    for flow in [f for f in flows if not chosen or f.__name__ in chosen]:
        folder = tempfile.mkdtemp(prefix="koder-window-check-")
        noted = len(failures) + len(later_failures)
        try:
            flow(binary, folder)
        except Failure as failure:
            failures.append(str(failure))
            log("FAIL:", failure)
        except Exception:
            failures.append("%s: %s" % (flow.__name__, traceback.format_exc()))
            log("FAIL:", failures[-1])
        finally:
            if len(failures) + len(later_failures) > noted:
                logs = os.path.join(folder, "logs")
                for name in sorted(os.listdir(logs)) if os.path.isdir(logs) else []:
                    with open(os.path.join(logs, name), errors="replace") as f:
                        log("--- the demo's output (%s):\n%s" % (name, f.read()[-3000:]))
            shutil.rmtree(folder, ignore_errors=True)
    failures += later_failures
    for failure in failures:
        log("FAIL:", failure)
    log("%d failures in %.1f s" % (len(failures), time.monotonic() - started))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
