#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""What a screen reader hears of a ChatView, checked over AT-SPI.

Run inside a private X server and D-Bus session (the ctest does):
    xvfb-run -a -s -noreset dbus-run-session -- python3 atspi_check.py <a11y_app> [<QML import directory>]
Starts the accessibility bus, listens like a screen reader (text insertions, name changes and
`object:state-changed:focused`, the event a screen reader speaks the focused object on), drives
the app one step at a time through its stdin (a11y_app.cpp lists the commands; keys are sent by
the app to its own window) and asserts, each step waiting for what it expects with a deadline:

  reply       a streamed reply arrives as text insertions in whole phrases (never one per
              token) at the right offsets, and its final accessible name is the whole reply;
  input       focusInput() moves the focus to the message input: a text (or entry) named
              "Message";
  streaming   a long reply starts: the Send button is renamed "Stop";
  stop        Tab from the input while the reply streams lands on a push button named "Stop";
  back        Shift+Tab comes back to the input;
  escape      Escape in the input stops the reply: the button is renamed "Send";
  prompt      when a tool call that changes things waits for approval, the focus moves to the
              permission prompt: an object with the role alert named "The tool save_note wants
              to run" (or an object inside it);
  to-approve  Tab goes through the prompt (every stop inside the alert) to its push button
              "Approve";
  approve     Enter approves, and the focus comes back to the input (the last focus heard in
              the step, and the input's focused state);
  ran         the tool ran (its result is heard: "Result: saved notes.md"), so Enter approved.
  question    when the agent asks the user a question (the ask_user tool, KoderAskUserTool), the
              focus moves to the question prompt: the alert "The agent asks: Which colour should
              the note be?" (or a named object inside it). That is how the question is heard
              on Qt 6.4: the controller's assertive announcement "The agent asks you a
              question" is raised as an Alert event there, which Qt's AT-SPI bridge drops. The
              check listens for object:announcement too, and requires it with that text when
              the app's toolkit is Qt 6.8 or later (QAccessibleAnnouncementEvent).
  to-option   Tab from the prompt lands on the radio button "Red" (the options are one stop);
  choose      Down moves to the radio button "Green" (and chooses it);
  to-submit   Tab goes through the prompt (every stop inside the alert) to the push button
              "Submit";
  answer      Enter submits, and the focus comes back to the input;
  answered    the answer is the call's result ("Result: Green" is heard).

Focus moves to objects with no name (a screen reader says only their role) are reported as
notes: they are heard, but fail nothing.
"""
import os
import select
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402

REPLY = "Hello there. The weather is fine today! Anything else?"
PHRASES = ["Hello there.", " The weather is fine today!", " Anything else?"]
PROMPT_NAME = "The tool save_note wants to run"
QUESTION = "Which colour should the note be?"
QUESTION_NAME = "The agent asks: " + QUESTION
ANNOUNCEMENT = "The agent asks you a question"
STEP_TIMEOUT_S = 30  # per step: generous, the machine may be loaded
START_TIMEOUT_S = 60  # until the app is ready, and again until it is on the accessibility bus
POLL_MS = 50
MAX_TABS_IN_PROMPT = 12


class Heard:
    """What the listener heard, in order."""

    def __init__(self):
        self.inserts = []  # (offset, text) of the short reply
        self.reply_names = []  # the reply's whole text as an accessible name
        self.focus = []  # dicts: role, name, in_alert, source
        self.names = []  # (role, name) of name changes
        self.unnamed = []  # roles of focused objects that had no name
        self.announcements = []  # object:announcement texts (Qt 6.8 and later raise them)
        self.recording_reply = False


def describe(event):
    if event is None:
        return "nothing"
    return "%s %r%s" % (event["role"], event["name"],
                        " (inside an alert)" if event["in_alert"] and event["role"] != "alert"
                        else "")


def inside_alert(obj):
    try:
        depth = 0
        while obj is not None and depth < 40:
            if obj.getRole() == pyatspi.ROLE_ALERT:
                return True
            obj = obj.parent
            depth += 1
    except Exception:  # the object or an ancestor is gone
        pass
    return False


def is_input(event):
    return event["role"] in ("text", "entry") and event["name"] == "Message"


def is_button(name):
    return lambda event: event["role"] == "push button" and event["name"] == name


def is_prompt(event):
    return (event["role"] == "alert" and event["name"] == PROMPT_NAME) or event["in_alert"]


def is_question(event):
    # The prompt itself, or a named object inside it (an alert: the permission prompt is gone).
    return (event["role"] == "alert" and event["name"] == QUESTION_NAME) \
        or (event["in_alert"] and bool(event["name"]))


def has_focus(event):
    try:
        return event["source"].getState().contains(pyatspi.STATE_FOCUSED)
    except Exception:
        return False


class Check:
    """Sends one command per step and waits, polling, for what the step expects."""

    def __init__(self, app, heard):
        self.app = app
        self.heard = heard
        self.steps = []
        self.index = -1
        self.deadline = 0.0
        self.mark = 0  # the first focus event of the current step
        self.name_mark = 0
        self.name_marks = {}  # by step label
        self.tabs = 0
        self.toolkit_announces = False  # Qt 6.8 or later: announcements reach AT-SPI
        self.failures = []
        self.passed = []

    def send(self, command):
        print("->", command, flush=True)
        self.app.stdin.write(command + "\n")
        self.app.stdin.flush()

    def new_focus(self):
        return self.heard.focus[self.mark:]

    def new_names(self):
        return self.heard.names[self.name_mark:]

    def start_step(self):
        self.index += 1
        if self.index >= len(self.steps):
            pyatspi.Registry.stop()
            return
        label, command, _, _ = self.steps[self.index]
        print("step", label, flush=True)
        self.mark = len(self.heard.focus)
        self.name_mark = len(self.heard.names)
        self.name_marks[label] = self.name_mark
        self.tabs = 0
        self.deadline = time.monotonic() + STEP_TIMEOUT_S
        if command:
            self.send(command)

    def fail(self, message):
        self.failures.append(message)
        pyatspi.Registry.stop()

    def poll(self):
        if self.app.poll() is not None:
            self.fail("the app exited (%s) during step %s" % (self.app.returncode,
                                                               self.steps[self.index][0]))
            return False
        label, _, done, what = self.steps[self.index]
        result = done(self)
        if result is True:
            self.passed.append(label)
            self.start_step()
        elif result is False or time.monotonic() > self.deadline:
            focus = self.new_focus()
            self.fail("%s: %s; focus heard in this step: %s" % (
                label, what, ", ".join(describe(e) for e in focus) or "none"))
            return False
        return self.index < len(self.steps)


# Each step: (label, command sent at its start, done(check) -> True / None (not yet) / False,
# what it expects). Steps run one after the other.
def reply_heard(check):
    # The whole reply as the name, and insertions as long as the reply (the name may change
    # before the last phrase is inserted when the machine is loaded).
    inserted = sum(len(text) for _, text in check.heard.inserts)
    if check.heard.reply_names and inserted >= len(REPLY):
        check.heard.recording_reply = False
        return True
    return None


def focus_lands(predicate):
    # The last focus heard in the step matches, and that object still has the focus.
    def done(check):
        focus = check.new_focus()
        return True if focus and predicate(focus[-1]) and has_focus(focus[-1]) else None
    return done


def renamed(role, name, since=None):
    # A name change heard in this step (or since the start of the step labelled `since`).
    def done(check):
        names = check.heard.names[check.name_marks[since]:] if since else check.new_names()
        return True if any(n == name and role in (None, r) for r, n in names) else None
    return done


def tab_to(button, inside):
    # Tab until the push button `button` has the focus, every stop on the way `inside` the prompt.
    def done(check):
        focus = check.new_focus()
        if focus and is_button(button)(focus[-1]) and has_focus(focus[-1]):
            return True
        if focus and not inside(focus[-1]):
            return False  # Tab left the prompt before reaching the button
        # Tab again once the previous Tab was heard (or at the step's start).
        if check.tabs == 0 or len(focus) >= check.tabs:
            if check.tabs >= MAX_TABS_IN_PROMPT:
                return False
            check.tabs += 1
            check.send("tab")
        return None
    return done


def is_radio(name):
    return lambda event: event["role"] == "radio button" and event["name"] == name


def question_heard(check):
    # The prompt took the focus (as focus_lands), and on Qt 6.8 or later the announcement came.
    focus = check.new_focus()
    if not (focus and is_question(focus[-1]) and has_focus(focus[-1])):
        return None
    if check.toolkit_announces and ANNOUNCEMENT not in check.heard.announcements:
        return None
    return True


def start_recording_reply(check):
    check.heard.recording_reply = True


STEPS = [
    ("reply", "go", reply_heard,
     "the reply was not heard whole (as its accessible name and as text insertions)"),
    ("input", "focus-input", focus_lands(is_input),
     "focusInput() did not move the focus to the text 'Message'"),
    ("streaming", "long", renamed("push button", "Stop"),
     "the Send button was not renamed 'Stop' as the reply started"),
    ("stop", "tab", focus_lands(is_button("Stop")),
     "Tab from the input while a reply streams did not land on the push button 'Stop'"),
    ("back", "backtab", focus_lands(is_input),
     "Shift+Tab from Stop did not come back to the text 'Message'"),
    ("escape", "escape", renamed("push button", "Send"),
     "Escape in the input did not stop the reply (the button was not renamed 'Send')"),
    ("prompt", "tool", focus_lands(is_prompt),
     "the focus did not move to the alert %r (or into it) when the tool call waited"
     % PROMPT_NAME),
    ("to-approve", None, tab_to("Approve", is_prompt),
     "Tab did not reach the push button 'Approve' inside the prompt within %d presses"
     % MAX_TABS_IN_PROMPT),
    ("approve", "enter", focus_lands(is_input),
     "after Enter on Approve the focus did not come back to the text 'Message'"),
    ("ran", None, renamed(None, "Result: saved notes.md", since="approve"),
     "the approved tool's result 'Result: saved notes.md' was not heard"),
    ("question", "ask", question_heard,
     "the focus did not move to the alert %r (or a named object inside it) when the agent "
     "asked, or (Qt 6.8 and later) the announcement %r was not heard"
     % (QUESTION_NAME, ANNOUNCEMENT)),
    ("to-option", "tab", focus_lands(is_radio("Red")),
     "Tab from the question prompt did not land on the radio button 'Red'"),
    ("choose", "down", focus_lands(is_radio("Green")),
     "Down on 'Red' did not move to the radio button 'Green'"),
    ("to-submit", None, tab_to("Submit", lambda event: event["in_alert"]),
     "Tab did not reach the push button 'Submit' inside the question prompt within %d presses"
     % MAX_TABS_IN_PROMPT),
    ("answer", "enter", focus_lands(is_input),
     "after Enter on Submit the focus did not come back to the text 'Message'"),
    ("answered", None, renamed(None, "Result: Green", since="answer"),
     "the answer as the call's result 'Result: Green' was not heard"),
]


def toolkit_of(app):
    try:
        return app.get_toolkit_name() or "?", app.get_toolkit_version() or "?"
    except Exception:
        return "?", "?"


def announces(app):
    # Qt raises QAccessibleAnnouncementEvent (object:announcement) from 6.8 on.
    name, version = toolkit_of(app)
    try:
        major, minor = (int(part) for part in version.split(".")[:2])
    except ValueError:
        return False
    return name.lower().startswith("qt") and (major, minor) >= (6, 8)


def main():
    app_command = sys.argv[1:]  # the app, and the import directory to use if not its own
    launcher = "/usr/libexec/at-spi-bus-launcher"
    bus = subprocess.Popen([launcher, "--launch-immediately"])
    heard = Heard()

    def on_insert(event):
        if heard.recording_reply and event.any_data and event.any_data in REPLY:
            heard.inserts.append((event.detail1, event.any_data))

    def on_name(event):
        try:
            role, name = event.source.getRoleName(), event.source.name
        except Exception:  # the object may be gone already
            return
        heard.names.append((role, name))
        if heard.recording_reply and name == REPLY:
            heard.reply_names.append(name)

    def on_focus(event):
        if not event.detail1:
            return
        source = event.source
        try:
            role, name = source.getRoleName(), source.name
        except Exception:
            return
        entry = {"role": role, "name": name, "in_alert": inside_alert(source), "source": source}
        heard.focus.append(entry)
        print("   focus:", describe(entry), flush=True)
        if not name:
            # A screen reader would say only the role: the focus fell on a container on its way
            # (the controller signals the waiting call before the status that disables the
            # input, so the prompt takes the focus straight from the input).
            heard.unnamed.append(role)
            print("   the focus moved to a %s with no name (a screen reader says only '%s')"
                  % (role, role), flush=True)

    pyatspi.Registry.registerEventListener(on_insert, "object:text-changed:insert")
    pyatspi.Registry.registerEventListener(on_name, "object:property-change:accessible-name")
    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")

    def on_announcement(event):
        heard.announcements.append(event.any_data)
        print("   announcement:", repr(event.any_data), flush=True)

    pyatspi.Registry.registerEventListener(on_announcement, "object:announcement")

    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb",
               QT_ACCESSIBILITY="1")
    app = subprocess.Popen(app_command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                           text=True)
    # The app says "ready" once its window is active (it has the keyboard).
    started = select.select([app.stdout], [], [], START_TIMEOUT_S)[0]
    if not started or app.stdout.readline().strip() != "ready":
        print("FAIL: the app did not start (or its window never became active)")
        app.kill()
        bus.terminate()
        return 1

    check = Check(app, heard)
    check.steps = STEPS
    start_deadline = time.monotonic() + START_TIMEOUT_S

    def app_registered():
        desktop = pyatspi.Registry.getDesktop(0)
        for child in desktop:
            if child is not None and child.name == "koder-a11y-app":
                return child
        return None

    def wait_for_app():
        # Start only once the app is on the accessibility bus.
        registered = app_registered()
        if registered:
            check.toolkit_announces = announces(registered)
            print("toolkit: %s %s (announcement events: %s)"
                  % (toolkit_of(registered) + (check.toolkit_announces,)), flush=True)
            start_recording_reply(check)
            check.start_step()
            GLib.timeout_add(POLL_MS, check.poll)
            return False
        if time.monotonic() > start_deadline:
            check.fail("the app did not appear on the accessibility bus")
            return False
        return True

    GLib.timeout_add(POLL_MS, wait_for_app)
    pyatspi.Registry.start()

    if app.poll() is None:
        app.stdin.write("quit\n")
        app.stdin.flush()
    try:
        app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        app.kill()
        check.failures.append("the app did not quit")
    bus.terminate()
    bus.wait(timeout=20)

    print("inserts:", heard.inserts)
    print("final names:", heard.reply_names)
    print("announcements:", heard.announcements)
    print("steps passed:", ", ".join(check.passed) or "none")
    failures = list(check.failures)
    texts = [text for _, text in heard.inserts]
    if texts != PHRASES:
        failures.append("text insertions are not the phrases: %r" % texts)
    expected_offsets = [0, len(PHRASES[0]), len(PHRASES[0]) + len(PHRASES[1])]
    if [offset for offset, _ in heard.inserts] != expected_offsets[: len(heard.inserts)]:
        failures.append("offsets %r, expected %r"
                        % ([o for o, _ in heard.inserts], expected_offsets))
    if not heard.reply_names:
        failures.append("the reply's accessible name never became the whole reply")
    if heard.unnamed:
        failures.append("the focus moved to objects with no name: %s" % ", ".join(heard.unnamed))
    missing = [step[0] for step in STEPS if step[0] not in check.passed]
    if missing and not check.failures:
        failures.append("steps not run: %s" % ", ".join(missing))
    for f in failures:
        print("FAIL:", f)
    print("%d steps passed, %d failures" % (len(check.passed), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
