#!/usr/bin/env python3
"""GUI test of View > Follow the step in the real window, run under Xvfb by CTest:

  follow_test.py --exe collision-lab --scenes DIR --out DIR

Opens 09_gjk_most_iterations.json (a near-touching pair) in the narrow-phase lab and presses End: the A - B pane
eases to frame the last simplex (the zoom `screenshot --step 8` lands on). Then drags the A - B pane (a pan), which
turns following off, and steps back one step with Left: the pane stays where the pan put it (no re-framing at
the zoom of step 7, not step 6's). Ctrl+Q; the dump says following is off, while the remembered preference
(settings.json followStep) stays on, so the next run follows again.
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- follow_test.py ...).
"""

import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import press, find_window, run_app, start_app, fresh_config, drag, script_arguments  # noqa: E402

WIDTH, HEIGHT = 1600, 1000


def main():
    args = script_arguments()
    scene = os.path.join(args.scenes, "09_gjk_most_iterations.json")

    followed = {}
    for step in (6, 7):
        dump = os.path.join(args.out, f"step{step}.json")
        # `step` is the index from 0; --step counts from 1.
        result = run_app([args.exe, "screenshot", "--scene", scene, "--step", str(step + 1),
                          "-o", os.path.join(args.out, f"step{step}.png"), "--dump-state", dump])
        if result.returncode != 0:
            raise AssertionError(f"screenshot failed: {result.stderr}")
        followed[step] = json.load(open(dump))["views"][1]
    if abs(followed[6]["zoom"] / followed[7]["zoom"] - 1) < 0.1:
        raise AssertionError(f"steps 6 and 7 should frame at different zooms: {followed}")

    environment, settings_path = fresh_config(args.out, "home", {"windowWidth": WIDTH, "windowHeight": HEIGHT})
    dump_path = os.path.join(args.out, "dump.json")
    if os.path.exists(dump_path):
        os.remove(dump_path)
    command = [args.exe, "--lab", "Narrow phase", "--scene", scene, "--dump-state", dump_path]
    process = start_app(command, environment)
    view = followed[7]
    left, top, width, height = view["rect"]
    start = (round(left + 0.75 * width), round(top + 0.8 * height))  # empty space low in the A - B pane
    end = (start[0] - 120, start[1] - 80)
    try:
        window = find_window(process)
        press("End")
        time.sleep(1.5)  # the ease settles in well under a second
        drag(window, start, end, 12)
        press("Left")
        time.sleep(1.0)
        press("ctrl", "q")
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()

    dump = json.load(open(dump_path))
    saved = json.load(open(settings_path))
    got = dump["views"][1]
    failures = []
    if dump["step"] != 6:
        failures.append(f"End then Left should show step 7 of 8 (index 6): {dump['step']}")
    if dump.get("followStep") is not False:
        failures.append(f"a pan should turn following off: followStep = {dump.get('followStep')}")
    if saved.get("followStep") is not True:
        failures.append(f"the remembered preference should stay on: settings.json followStep = {saved.get('followStep')}")
    if abs(got["zoom"] / view["zoom"] - 1) > 1e-6:
        failures.append(f"after End the pane should have framed step 7 at zoom {view['zoom']} and kept it: {got['zoom']}")
    moved = [(got["center"][k] - view["center"][k]) * view["zoom"] for k in (0, 1)]
    if abs(moved[0] - 120) > 3 or abs(moved[1] + 80) > 3:
        failures.append(f"the pan should move the centre by (120, -80) pixels in the world: {moved}")
    print(json.dumps({"followed": followed, "final": got, "followStep": dump.get("followStep")}))
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
