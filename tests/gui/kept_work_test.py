#!/usr/bin/env python3
"""Work that is kept, in the real window under Xvfb (CTest label "gui"), driven by xdotool:
  kept_work_test.py --exe build/app/collision-lab --scenes tests/gui/narrow_phase_scenes --out DIR
- undo: B dragged onto A, Ctrl+Z puts it back, Ctrl+Shift+Z moves it again; the title gains a "*";
- labs: with the pair edited and a step chosen, Narrow phase -> Broad phase -> Narrow phase (the side panel's
  picker) brings back the same pair and step; Ctrl+Q then asks about the unsaved scene (Escape keeps the app
  running, D discards and quits);
- a bad file: File > Open (Ctrl+O), a missing file's name and Enter shows the error, which stays until dismissed;
- Save As: Enter saves with the focus in the title field, not only in the path field.
Where to click comes from a first session's --dump-state (same window size and settings each time).
"""

import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import drag, find_window, finish, fresh_directory, press, report, script_arguments, start_app, xdotool  # noqa: E402

WIDTH, HEIGHT = 1600, 1000


def start(options, name, scene):
    """Starts the app on `scene` with fresh settings at the screen's size; returns (process, window, dump path)."""
    home = fresh_directory(options.out, name)
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"))
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    dump = os.path.join(home, "dump.json")
    command = [options.exe, "--lab", "Narrow phase", "--dump-state", dump]
    if scene:
        command += ["--scene", scene]
    process = start_app(command, dict(os.environ, HOME=home, XDG_CONFIG_HOME=config))
    window = find_window(process)
    return process, window, dump


def to_screen(view, point):
    rect, center, zoom = view["rect"], view["center"], view["zoom"]
    return (int(rect[0] + rect[2] / 2 + (point[0] - center[0]) * zoom),
            int(rect[1] + rect[3] / 2 - (point[1] - center[1]) * zoom))


def centre(rect):
    return int(rect[0] + rect[2] / 2), int(rect[1] + rect[3] / 2)


def click(window, point):
    xdotool("mousemove", "--window", window, "--sync", str(point[0]), str(point[1]))
    time.sleep(0.2)
    xdotool("click", "1")
    time.sleep(0.5)


def title_has_star(window):
    name = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()
    return name == "*Collision Lab", name


def layout(options, scene):
    """The fitted view and the lab picker's entries (the picker is left open when the app quits)."""
    process, window, dump = start(options, "layout", scene)
    state_before = None
    try:
        xdotool("mousemove", "--window", window, "--sync", "5", "300")
        time.sleep(0.3)
        press("ctrl", "q")
        state_before = finish(process, dump)
    finally:
        if process.poll() is None:
            process.kill()
    process, window, dump = start(options, "picker", scene)
    click(window, centre(state_before["labPicker"]["combo"]))
    press("ctrl", "q")
    picker = finish(process, dump)["labPicker"]
    if "Broad phase" not in picker["items"] or "Narrow phase" not in picker["items"]:
        raise AssertionError("the lab picker's entries are not in the dump: " + json.dumps(picker))
    return state_before, picker


def main():
    options = script_arguments()
    os.makedirs(options.out, exist_ok=True)
    scene = os.path.join(options.scenes, "apart.json")
    failures = []

    before, picker = layout(options, scene)
    view = before["views"][0]
    a, b = before["positions"]
    start_b, end_b = to_screen(view, b), to_screen(view, a)

    # Undo and redo of a drag; the title's "*".
    process, window, dump = start(options, "edit", scene)
    try:
        drag(window, start_b, end_b, 20)
        star, name = title_has_star(window)
        if not star:
            failures.append(f"after a drag the title is {name!r}, not '*Collision Lab'")
        press("ctrl", "z")
        xdotool("mousemove", "--window", window, "--sync", "5", "300")  # off the canvas: no hover
        time.sleep(0.3)
        star, name = title_has_star(window)
        if star:
            failures.append(f"after Ctrl+Z undid the only edit the title is still {name!r}")
        press("ctrl", "shift", "z")
        # A step, then Narrow phase -> Broad phase -> Narrow phase with the side panel's picker.
        xdotool("mousemove", "--window", window, "--sync", str(end_b[0]), str(end_b[1] + 40))
        time.sleep(0.2)
        press("Home")
        press("Right")
        for lab in ("Broad phase", "Narrow phase"):
            click(window, centre(picker["combo"]))
            click(window, centre(picker["items"][lab]))
        press("ctrl", "q")
        time.sleep(1.0)
        if process.poll() is not None:
            failures.append("Ctrl+Q quit over an unsaved edit without asking")
        else:
            press("Escape")  # Cancel: the app keeps running
            time.sleep(0.5)
            if process.poll() is not None:
                failures.append("Cancel in the unsaved-changes prompt did not keep the app running")
            press("ctrl", "q")
            time.sleep(1.0)
            press("d")  # Discard
        edited = finish(process, dump)
    finally:
        if process.poll() is None:
            process.kill()
    moved = edited["positions"][1]
    if abs(moved[0] - b[0]) + abs(moved[1] - b[1]) < 0.5:
        failures.append(f"after redo and a round trip through Broad phase B is back at {moved}, not where it was dragged")
    if edited["lab"] != "Narrow phase" or edited["step_index"] != 1:
        failures.append(f"after the round trip: lab {edited['lab']}, step {edited['step_index']} (expected step 1)")
    if not edited["canUndo"] or edited["unsaved"] != ["Narrow phase"]:
        failures.append(f"the history did not come back: canUndo {edited['canUndo']}, unsaved {edited['unsaved']}")

    # Ctrl+Z alone restores the pair exactly.
    process, window, dump = start(options, "undo", scene)
    try:
        drag(window, start_b, end_b, 10)
        press("ctrl", "z")
        time.sleep(0.3)
        press("ctrl", "q")  # nothing unsaved any more: no prompt
        undone = finish(process, dump)
    finally:
        if process.poll() is None:
            process.kill()
    if undone["positions"] != before["positions"] or undone["unsaved"]:
        failures.append(f"Ctrl+Z did not restore B: {undone['positions']} vs {before['positions']}, unsaved {undone['unsaved']}")
    if not undone["canRedo"]:
        failures.append("after Ctrl+Z there is nothing to redo")

    # File > Open on a missing file with Enter: the error shows, and stays until dismissed.
    process, window, dump = start(options, "bad_file", scene)
    try:
        press("ctrl", "o")
        time.sleep(0.5)
        press("ctrl", "a")
        xdotool("type", "--delay", "30", "no-such-scene.json")
        press("Return")
        time.sleep(1.0)
        press("ctrl", "q")  # under the error dialog: still quits (the shell's shortcut)
        shown = finish(process, dump)
    finally:
        if process.poll() is None:
            process.kill()
    if "no-such-scene.json" not in shown.get("errorShown", ""):
        failures.append(f"File > Open then Enter on a missing file showed no error: {shown.get('errorShown')!r}")

    # Save As with the focus out of the path field (Tab to the title): Enter still acts as the Save button. It did
    # nothing unless the path field had the focus.
    process, window, dump = start(options, "save_as_enter", scene)
    target = os.path.join(options.out, "save_as_enter", "saved.json")
    try:
        press("ctrl", "shift", "s")
        time.sleep(0.5)
        press("ctrl", "a")
        xdotool("type", "--delay", "30", target)
        press("Tab")
        press("Return")
        time.sleep(1.0)
        press("ctrl", "q")
        finish(process, dump)
    finally:
        if process.poll() is None:
            process.kill()
    if not os.path.exists(target):
        failures.append("Save As, Tab to the title, Enter: the scene was not saved")

    report(failures, "undo/redo of a drag, the pair and step kept across labs, the unsaved prompt, the bad-file error")


if __name__ == "__main__":
    main()
