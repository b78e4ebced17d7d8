"""Shared by the GUI tests (tests/gui/*_test.py): reading the app's PNG screenshots and driving the real window
with xdotool. Written once here; the tests import what they use:
  from lab_driver import read_png, pixel, count_near, differing, xdotool, press, find_window, quit_app
  from lab_driver import to_screen, run_window, dump_after, screenshot_dump, finish, report
Needs a display for the xdotool part (CTest runs each test under tests/support/xvfb_run.py).
"""

import argparse
import contextlib
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib


# [SECTION] PNG reading (8-bit RGB/RGBA, non-interlaced: what stb_image_write produces)

def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unsupported PNG {header}"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def pixel(image, x, y):
    _, _, channels, rows = image
    return tuple(rows[y][x * channels:x * channels + 3])


def count_near(image, box, colour, tolerance=60):
    """Pixels in box = (x0, y0, x1, y1) whose colour is within `tolerance` (sum of channel differences)."""
    found = 0
    for y in range(box[1], box[3]):
        for x in range(box[0], box[2]):
            if sum(abs(a - b) for a, b in zip(pixel(image, x, y), colour)) <= tolerance:
                found += 1
    return found


def differing(first, second, box):
    changed = 0
    for y in range(box[1], box[3]):
        row_a, row_b, channels = first[3][y], second[3][y], first[2]
        for x in range(box[0], box[2]):
            if row_a[x * channels:x * channels + 3] != row_b[x * channels:x * channels + 3]:
                changed += 1
    return changed


# [SECTION] The real window, driven by xdotool

def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, timeout=30)


def press(*keys, hold=0.15):
    """Holds the keys across a few frames, as a person does (the app's input queue hands a tap inside one frame to
    ImGui as a press, then a release, but a held key is what the tests mean)."""
    for key in keys:
        xdotool("keydown", key)
    time.sleep(hold)
    for key in reversed(keys):
        xdotool("keyup", key)
    time.sleep(0.15)


def quit_app(process, timeout=30, hold=0.15):
    """Ctrl+Q; when the app asks about unsaved changes (Save / Discard / Cancel), Discard with D."""
    press("ctrl", "q", hold=hold)
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        press("d")
        process.wait(timeout=timeout)


def find_window(process, settle=1.5, timeout=30):
    """The app's window, moved to the screen's corner and focused (no window manager under Xvfb: keys go to the
    focused window), after `settle` seconds of frames, so ImGui has laid out and the views are fitted."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"collision-lab exited early with {process.returncode}")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Collision Lab$"],
                               capture_output=True, text=True)
        if found.stdout.split():
            window = found.stdout.split()[0]
            xdotool("windowmove", "--sync", window, "0", "0")
            xdotool("windowfocus", "--sync", window)
            time.sleep(settle)
            return window
        time.sleep(0.3)
    raise AssertionError("the collision-lab window did not appear")


# [SECTION] Shared by the lab tests: running the app, scratch directories, mouse drags

def start_app(command, environment):
    """The app's window process, started again when it exits with 2 (no display: Xvfb resets when its last client
    leaves, and a connection right then fails)."""
    for _ in range(3):
        process = subprocess.Popen(command, env=environment)
        time.sleep(1.0)
        if process.poll() != 2:
            break
    return process


def run_app(command):
    for _ in range(3):
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if result.returncode != 2:
            break
        time.sleep(1.0)  # Xvfb resets when its last client leaves: a connection right then fails; try again
    return result


@contextlib.contextmanager
def stalled(process):
    """Stops the app (SIGSTOP) while the block runs, so what xdotool does meanwhile reaches it between two frames, as
    when a frame stalls on a machine under load; the frame after SIGCONT sees all of it at once."""
    os.kill(process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(process.pid, signal.SIGCONT)
    time.sleep(0.5)


def fresh_directory(parent, name):
    """An empty directory under the test's output directory (no leftovers in /tmp; the next run starts clean)."""
    path = os.path.join(parent, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def script_arguments(scenes=True, modes=None):
    """The arguments CTest gives a GUI script (gui_script_test): --exe, --scenes (not to a script that makes its own
    scenes: `scenes` False), the MODE when the script has `modes` (its choices), and --out, the last made."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    if scenes:
        parser.add_argument("--scenes", required=True)
    if modes:
        parser.add_argument("mode", choices=list(modes))
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    return args


def fresh_config(parent, name, settings=None):
    """A fresh home under the test's output directory with `settings` as the app's settings.json (none: the app's
    first start). Returns the environment to start the app in and the settings file's path (the app rewrites it on
    exit)."""
    home = fresh_directory(parent, name)
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"))
    settings_path = os.path.join(config, "collision-lab", "settings.json")
    if settings is not None:
        with open(settings_path, "w") as out:
            json.dump(settings, out)
    return dict(os.environ, HOME=home, XDG_CONFIG_HOME=config), settings_path


def drag(window, start, end, moves, button=1):
    """A drag with `button` held (1 left, 2 middle, 3 right: in 3D views the right button pans)."""
    xdotool("mousemove", "--window", window, "--sync", str(start[0]), str(start[1]))
    time.sleep(0.3)
    xdotool("mousedown", str(button))
    time.sleep(0.3)
    for i in range(1, moves + 1):
        x = start[0] + (end[0] - start[0]) * i // moves
        y = start[1] + (end[1] - start[1]) * i // moves
        xdotool("mousemove", "--window", window, "--sync", str(x), str(y))
        time.sleep(0.05)
    xdotool("mouseup", str(button))
    time.sleep(0.3)


# [SECTION] Runs in the real window: a view's pixels, a session ended by Ctrl+Q and its --dump-state

def to_screen(view, point):
    """Window pixel of a world point in a planar view of the dump (app/render/camera.h: y up in the world)."""
    left, top, width, height = view["rect"]
    return (round(left + 0.5 * width + (point[0] - view["center"][0]) * view["zoom"]),
            round(top + 0.5 * height - (point[1] - view["center"][1]) * view["zoom"]))


def run_window(exe, home, arguments, actions, size=(1600, 1000)):
    """Runs the app in the real window of `size` with its settings under `home`, performs `actions(window)`, quits
    with Ctrl+Q."""
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"), exist_ok=True)
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": size[0], "windowHeight": size[1]}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    process = start_app([exe, *arguments], environment)
    try:
        window = find_window(process)
        actions(window)
        time.sleep(0.3)
        quit_app(process)  # Discard when asked about the unsaved drag
    finally:
        if process.poll() is None:
            process.kill()


def dump_after(exe, home, out, name, arguments, actions):
    """Runs the app in the real window with `arguments`, performs `actions`, quits, and returns its --dump-state."""
    path = os.path.join(out, name)
    if os.path.exists(path):
        os.remove(path)
    run_window(exe, home, [*arguments, "--dump-state", path], actions)
    return json.load(open(path))


def screenshot_dump(exe, out, name, arguments, size=(1600, 1000)):
    """Runs `collision-lab screenshot` with `arguments` at `size`, writing NAME.png and NAME.json under `out`, and
    returns its --dump-state (what the window's first frame shows: where to drag, what a test starts from)."""
    path = os.path.join(out, name + ".json")
    result = run_app([exe, "screenshot", *arguments, "--size", f"{size[0]}x{size[1]}",
                      "-o", os.path.join(out, name + ".png"), "--dump-state", path])
    if result.returncode != 0:
        raise AssertionError(f"screenshot failed ({result.returncode}): {result.stderr}")
    return json.load(open(path))


def finish(process, dump):
    """Waits for the app to quit (Ctrl+Q was pressed), killing it if it does not, and returns its --dump-state."""
    try:
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    with open(dump) as file:
        return json.load(file)


def report(failures, ok):
    """Ends a test script: each failure on its own line and exit status 1, or the `ok` line."""
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        sys.exit(1)
    print("ok:", ok)
