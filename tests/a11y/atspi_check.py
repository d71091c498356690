#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""What a screen reader hears of a streamed reply, checked over AT-SPI.

Run inside a private X server and D-Bus session (the ctest does):
    xvfb-run -a dbus-run-session -- python3 atspi_check.py <a11y_app>
Starts the accessibility bus, listens like a screen reader, drives the app through stdin and
asserts: the reply arrives as text insertions in whole phrases (never one per token) at the right
offsets, and the final accessible name of the reply is the whole reply.
"""
import os
import subprocess
import sys

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402

REPLY = "Hello there. The weather is fine today! Anything else?"
PHRASES = ["Hello there.", " The weather is fine today!", " Anything else?"]
TIMEOUT_MS = 30000


def main():
    app_path = sys.argv[1]
    launcher = "/usr/libexec/at-spi-bus-launcher"
    bus = subprocess.Popen([launcher, "--launch-immediately"])

    inserts = []  # (offset, text)
    names = []
    state = {"app": None, "started": False, "ok": False, "error": None}

    def on_insert(event):
        if event.any_data and event.any_data in REPLY:
            inserts.append((event.detail1, event.any_data))

    def on_name(event):
        try:
            name = event.source.name
        except Exception:  # the object may be gone already
            return
        if name == REPLY:
            names.append(name)

    pyatspi.Registry.registerEventListener(on_insert, "object:text-changed:insert")
    pyatspi.Registry.registerEventListener(on_name, "object:property-change:accessible-name")

    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb",
               QT_ACCESSIBILITY="1")
    app = subprocess.Popen([app_path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                           text=True)
    state["app"] = app
    if app.stdout.readline().strip() != "ready":
        print("the app did not start")
        return 1

    def app_registered():
        desktop = pyatspi.Registry.getDesktop(0)
        return any(child is not None and child.name == "koder-a11y-app" for child in desktop)

    def poll():
        if not state["started"]:
            # Start streaming only once the app is on the accessibility bus.
            if app_registered():
                state["started"] = True
                app.stdin.write("go\n")
                app.stdin.flush()
            return True
        if names:
            state["ok"] = True
            pyatspi.Registry.stop()
            return False
        return True

    def give_up():
        state["error"] = "timed out"
        pyatspi.Registry.stop()
        return False

    GLib.timeout_add(50, poll)
    GLib.timeout_add(TIMEOUT_MS, give_up)
    pyatspi.Registry.start()

    app.stdin.write("quit\n")
    app.stdin.flush()
    app.wait(timeout=10)
    bus.terminate()

    print("inserts:", inserts)
    print("final names:", names)
    failures = []
    if state["error"]:
        failures.append(state["error"])
    texts = [text for _, text in inserts]
    if texts != PHRASES:
        failures.append("text insertions are not the phrases: %r" % texts)
    expected_offsets = [0, len(PHRASES[0]), len(PHRASES[0]) + len(PHRASES[1])]
    if [offset for offset, _ in inserts] != expected_offsets[: len(inserts)]:
        failures.append("offsets %r, expected %r" % ([o for o, _ in inserts], expected_offsets))
    if not names:
        failures.append("the reply's accessible name never became the whole reply")
    for f in failures:
        print("FAIL:", f)
    print("1 passed, 0 failed" if not failures else "0 passed, 1 failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
