#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Runs a command with a screen reader's accessibility bus up, and returns its exit code.

Run inside a private X server and D-Bus session (the ctest does):
    xvfb-run -a -s -noreset dbus-run-session -- python3 with_atspi_bus.py <command> [<argument>...]
Starts the AT-SPI bus launcher, waits until it answers org.a11y.Bus.GetAddress with the
accessibility bus's address (polling over the session bus, with a deadline; the call does not
start the launcher by D-Bus activation, so the one answering is ours), then runs the command
and stops the launcher. Qt apps started so (with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 and the xcb
platform) turn their accessibility on as under a screen reader.
"""
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
DEADLINE_S = 60  # generous: the machine may be loaded
POLL_S = 0.05


def accessibility_bus_address(session):
    """The accessibility bus's address, or "" while the launcher does not answer yet."""
    try:
        reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                  None, GLib.VariantType("(s)"),
                                  Gio.DBusCallFlags.NO_AUTO_START, 5000, None)
    except GLib.Error:  # the name has no owner yet
        return ""
    return reply.unpack()[0]


def main():
    if len(sys.argv) < 2:
        print("usage: with_atspi_bus.py <command> [<argument>...]", file=sys.stderr)
        return 2
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"])
    try:
        deadline = time.monotonic() + DEADLINE_S
        address = ""
        while not address:
            if launcher.poll() is not None:
                print("with_atspi_bus: the bus launcher exited (%d)" % launcher.returncode,
                      file=sys.stderr)
                return 1
            if time.monotonic() > deadline:
                print("with_atspi_bus: the accessibility bus was not up after %d s"
                      % DEADLINE_S, file=sys.stderr)
                return 1
            address = accessibility_bus_address(session)
            if not address:
                time.sleep(POLL_S)  # a poll interval under the deadline, not a wait for a state
        print("with_atspi_bus: accessibility bus at %s" % address, flush=True)
        return subprocess.call(sys.argv[1:])
    finally:
        launcher.terminate()
        try:
            launcher.wait(timeout=20)
        except subprocess.TimeoutExpired:
            launcher.kill()


if __name__ == "__main__":
    sys.exit(main())
