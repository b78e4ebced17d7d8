#!/usr/bin/env python3
"""GUI test of View > Follow the step in a 3D pane, in the real window, run under Xvfb by CTest:

  follow3_test.py --exe collision-lab --scenes DIR --out DIR

The 3D narrow-phase lab's A - B pane follows the step (Lab::followBounds3): on 3d_08_hull_most_iterations.json (GJK
distance, 11 steps) End eases it to the last step's frame. Three runs, each ending with Ctrl+Q and its --dump-state:
  pan:   End, a right-drag in the pane (a pan), Left: the pane stays where the pan put it, at the last step's
         distance (no re-framing of step 10), following is off, the remembered preference stays on;
  zoom:  End, the wheel over the pane, Left: the pane keeps the wheel's distance, following is off;
  reset: End, the wheel, Left, then View > Follow the step ticked again: the pane frames step 10 as
         `screenshot --step 10` does, following is on.
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- follow3_test.py ...).
"""

import json
import math
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import xdotool, press, find_window, run_app, start_app, fresh_config, drag, script_arguments  # noqa: E402

WIDTH, HEIGHT = 1600, 1000
SCENE = "3d_08_hull_most_iterations.json"
# The menu bar's "View" and its third item, "Follow the step" (after "Fit to scene" and "Grid"), at 100 % UI scale.
VIEW_MENU = (109, 11)
FOLLOW_ITEM = (140, 83)


def distance_between(a, b):
    return math.sqrt(sum((a[k] - b[k]) ** 2 for k in range(3)))


def framed(args, step):
    """The A - B pane as `screenshot --step` frames it (step counts from 1): the frame following settles on."""
    dump = os.path.join(args.out, f"step{step}.json")
    result = run_app([args.exe, "screenshot", "--scene", os.path.join(args.scenes, SCENE), "--step", str(step),
                      "--size", f"{WIDTH}x{HEIGHT}", "-o", os.path.join(args.out, f"step{step}.png"),
                      "--dump-state", dump])
    if result.returncode != 0:
        raise AssertionError(f"screenshot failed: {result.stderr}")
    return json.load(open(dump))["views"][1]


def run(args, name, actions):
    """The app in the window with a fresh configuration; `actions(window, pane)` after End has eased the pane to the
    last step. Returns the dump and the settings file as written on exit."""
    environment, settings_path = fresh_config(args.out, f"home_{name}", {"windowWidth": WIDTH, "windowHeight": HEIGHT})
    dump_path = os.path.join(args.out, f"dump_{name}.json")
    if os.path.exists(dump_path):
        os.remove(dump_path)
    command = [args.exe, "--lab", "Narrow phase 3D", "--scene", os.path.join(args.scenes, SCENE), "--dump-state", dump_path]
    process = start_app(command, environment)
    try:
        window = find_window(process)
        press("End")
        time.sleep(1.5)  # the ease settles in well under a second
        actions(window)
        press("ctrl", "q")
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    return json.load(open(dump_path)), json.load(open(settings_path))


def main():
    args = script_arguments()
    last, before = framed(args, 11), framed(args, 10)
    if distance_between(last["target"], before["target"]) < 0.02 * last["distance"] or \
            abs(last["distance"] / before["distance"] - 1) < 0.02:
        raise AssertionError(f"steps 10 and 11 should frame different places: {before['target']} at {before['distance']}, "
                             f"{last['target']} at {last['distance']}")
    left, top, width, height = last["rect"]
    empty = (round(left + 0.85 * width), round(top + 0.9 * height))  # empty space low in the A - B pane

    def pan(window):
        drag(window, empty, (empty[0] - 120, empty[1] - 80), 12, button=3)
        press("Left")
        time.sleep(1.0)

    def wheel(window):
        xdotool("mousemove", "--window", window, "--sync", str(empty[0]), str(empty[1]))
        time.sleep(0.3)
        for _ in range(3):
            xdotool("click", "4")
            time.sleep(0.1)
        time.sleep(0.3)
        press("Left")
        time.sleep(1.0)

    def wheel_then_follow_again(window):
        wheel(window)
        xdotool("mousemove", "--window", window, "--sync", str(VIEW_MENU[0]), str(VIEW_MENU[1]))
        time.sleep(0.3)
        xdotool("click", "1")
        time.sleep(0.5)
        xdotool("mousemove", "--window", window, "--sync", str(FOLLOW_ITEM[0]), str(FOLLOW_ITEM[1]))
        time.sleep(0.3)
        xdotool("click", "1")
        time.sleep(1.5)

    failures = []
    finals = {}
    for name, actions in (("pan", pan), ("zoom", wheel), ("reset", wheel_then_follow_again)):
        dump, saved = run(args, name, actions)
        got = dump["views"][1]
        finals[name] = got
        if dump["step"] != 9:
            failures.append(f"{name}: End then Left should show step 10 of 11 (index 9): {dump['step']}")
        if saved.get("followStep") is not True:
            failures.append(f"{name}: the remembered preference should stay on: settings.json followStep = {saved.get('followStep')}")
        moved = distance_between(got["target"], last["target"]) / last["distance"]
        if name == "pan":
            if dump.get("followStep") is not False:
                failures.append(f"pan: a pan should pause following: followStep = {dump.get('followStep')}")
            if abs(got["distance"] / last["distance"] - 1) > 1e-6:
                failures.append(f"pan: the pane should keep the last step's distance {last['distance']}: {got['distance']}")
            # 144 pixels of a 934-pixel-high pane, at the target: about a seventh of the distance (45-degree view).
            if not 0.05 < moved < 0.4:
                failures.append(f"pan: the target should move by the drag, about 0.15 of the distance: {moved}")
        elif name == "zoom":
            if dump.get("followStep") is not False:
                failures.append(f"zoom: the wheel should pause following: followStep = {dump.get('followStep')}")
            ratio = got["distance"] / last["distance"]
            if not 0.2 < ratio < 0.95:
                failures.append(f"zoom: three wheel notches in should bring the pane closer than step 11's frame: x{ratio}")
            if abs(got["distance"] / before["distance"] - 1) < 1e-3:
                failures.append(f"zoom: after Left the pane should not frame step 10 ({before['distance']}): {got['distance']}")
        else:
            if dump.get("followStep") is not True:
                failures.append(f"reset: ticking View > Follow the step should follow again: followStep = {dump.get('followStep')}")
            if distance_between(got["target"], before["target"]) > 1e-3 * before["distance"] or \
                    abs(got["distance"] / before["distance"] - 1) > 1e-3:
                failures.append(f"reset: following again, the pane should frame step 10 as the screenshot does: "
                                f"{got['target']} at {got['distance']}, not {before['target']} at {before['distance']}")
    print(json.dumps({"step11": {k: last[k] for k in ("target", "distance")},
                      "step10": {k: before[k] for k in ("target", "distance")},
                      "final": {name: {k: v[k] for k in ("target", "distance")} for name, v in finals.items()}}))
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
