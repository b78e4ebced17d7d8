#!/usr/bin/env python3
"""Runs one command under its own virtual X display, without racing other tests for a display number.

  xvfb_run.py [--screen 1600x1000x24] -- COMMAND [ARGS...]

Xvfb picks a free display itself and tells us which (-displayfd), so tests started in parallel by CTest never
pick the same number (xvfb-run -a checks for a free number, then starts the server: two tests can both see
number 99 free). No retries: a failure to start is reported and the test fails. Exits with the command's status.
"""

import argparse
import os
import select
import subprocess
import sys


def start_xvfb(screen):
    """A running Xvfb and its display name (":N")."""
    read_end, write_end = os.pipe()
    # -noreset: by default the server resets when its last client leaves (the app quitting), and a client that
    # connects during the reset (xdotool releasing the keys of Ctrl+Q) is refused.
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp",
                               "-noreset"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(write_end)
    number = b""
    while not number.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], 30)
        chunk = os.read(read_end, 16) if ready else b""
        if not chunk:
            server.kill()
            message = server.communicate()[1].decode(errors="replace")
            sys.exit(f"xvfb_run: Xvfb did not start: {message.strip() or 'no display number within 30 s'}")
        number += chunk
    os.close(read_end)
    return server, ":" + number.decode().strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screen", default="1600x1000x24")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command given")
    server, display = start_xvfb(options.screen)
    try:
        environment = dict(os.environ, DISPLAY=display)
        environment.pop("WAYLAND_DISPLAY", None)
        return subprocess.call(command, env=environment)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    sys.exit(main())
