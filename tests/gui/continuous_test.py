#!/usr/bin/env python3
"""GUI test of the continuous-collision lab in the real window, run under Xvfb by CTest:

  continuous_test.py --exe collision-lab --scenes DIR --out DIR

Opens a copy of ccd_01_bullet_through_paper.json with --dump-state, drags B's end-position handle (the filled disc
where B ends at t = 1) back to in front of the wall, so B no longer reaches it, presses 2 (the linear cast) and
Ctrl+Q, and checks the dump: B's velocity follows the handle, the cast finds no contact, the algorithm changed, and
the window shows the A - B pane beside the world (the linear cast iterates in A - B; the time of impact had one view).
Then, in a second window on the same scene, drags the wall's rotation handle (the ring 40 pixels from its end
handle, parked beside the still wall, at its end angle) a quarter turn counter-clockwise and checks the dump: A's angular velocity is that
quarter turn, the time of impact still runs (no refusal) and, the wall's top now leaning toward the bullet, finds
the contact earlier.
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- continuous_test.py ...).
"""

import json
import math
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import xdotool, press, find_window, run_app, start_app, fresh_directory, drag, quit_app, script_arguments  # noqa: E402

WIDTH, HEIGHT = 1600, 1000
LAB = "Continuous collision"


def to_screen(view, point):
    """Window pixel of a world point in a planar view of the dump (app/render/camera.h: y up in the world)."""
    left, top, width, height = view["rect"]
    return (round(left + 0.5 * width + (point[0] - view["center"][0]) * view["zoom"]),
            round(top + 0.5 * height - (point[1] - view["center"][1]) * view["zoom"]))


def session(exe, home, scene_path, dump_path, act):
    """Opens the lab on the scene in a real window of WIDTH x HEIGHT, runs act(window), quits (the dump is written)."""
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"), exist_ok=True)
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    if os.path.exists(dump_path):
        os.remove(dump_path)
    command = [exe, "--lab", LAB, "--scene", scene_path, "--dump-state", dump_path]
    process = start_app(command, environment)
    try:
        window = find_window(process)
        act(window)
        time.sleep(0.3)
        quit_app(process)
    finally:
        if process.poll() is None:
            process.kill()


def spin_the_wall(args, home, scene_path, start, view, failures):
    """Drags A's rotation handle a quarter turn counter-clockwise about A's end position."""
    wall = start["motions"][0]
    if wall["velocity"] != [0, 0] or wall["angular_velocity"] != 0:
        raise AssertionError(f"the wall should start still: {wall}")
    end = to_screen(view, wall["end_handle"])  # A's end handle: still, it is parked beside the wall (A12)
    radius = 40  # pixels from the end position (ContinuousLab::spinHandle), at the end angle 0
    handle = (end[0] + radius, end[1])
    turned = (end[0], end[1] - radius)  # a quarter turn counter-clockwise (screen y runs down)
    dump_path = os.path.join(args.out, "spin.json")
    session(args.exe, home, scene_path, dump_path, lambda window: drag(window, handle, turned, 20))
    dump = json.load(open(dump_path))
    spin = dump["motions"][0]["angular_velocity"]
    if abs(spin - math.pi / 2) > 0.06:
        failures.append(f"A's angular velocity {spin} is not the quarter turn the handle made ({math.pi / 2})")
    if dump["algorithm"] != "toi" or dump["refusal"]:
        failures.append(f"the time of impact should take the turning wall: {dump['algorithm']}, {dump['refusal']!r}")
    if not dump["result"]["hit"] or not dump["result"]["t"] < start["result"]["t"] - 0.005:
        failures.append(f"the wall leaning toward the bullet should meet it earlier than t = {start['result']['t']}: "
                        f"{dump['result']}")
    return {"spin": spin, "result": dump["result"]}


def main():
    args = script_arguments()
    home = fresh_directory(args.out, "home")
    scene_path = os.path.join(home, "bullet.json")
    scene = json.load(open(os.path.join(args.scenes, "ccd_01_bullet_through_paper.json")))
    json.dump(scene, open(scene_path, "w"))

    # Where the handle is: the screenshot renders the frame the window shows first (same size, same fitted view).
    start_dump = os.path.join(args.out, "start.json")
    result = run_app([args.exe, "screenshot", "--scene", scene_path, "--size", f"{WIDTH}x{HEIGHT}",
                      "-o", os.path.join(args.out, "start.png"), "--dump-state", start_dump])
    if result.returncode != 0:
        raise AssertionError(f"screenshot failed ({result.returncode}): {result.stderr}")
    start = json.load(open(start_dump))
    view = start["views"][0]
    b = scene["shapes"][1]
    velocity = start["motions"][1]["velocity"]
    handle = to_screen(view, (b["position"][0] + velocity[0], b["position"][1] + velocity[1]))
    target_world = (-2.0, b["position"][1])  # in front of the wall at x = 0: B stops short of it
    target = to_screen(view, target_world)
    if not start["result"]["hit"]:
        raise AssertionError(f"the scene should start with a contact: {start['result']}")

    dump_path = os.path.join(args.out, "dump.json")
    session(args.exe, home, scene_path, dump_path, lambda window: (drag(window, handle, target, 20), press("2")))
    dump = json.load(open(dump_path))
    failures = []
    pixel = 1.0 / view["zoom"]
    got = dump["motions"][1]["velocity"]
    wanted = (target_world[0] - b["position"][0], target_world[1] - b["position"][1])
    if any(abs(g - w) > 3 * pixel for g, w in zip(got, wanted)):
        failures.append(f"B's velocity {got} does not follow the handle to {wanted} (within 3 pixels)")
    if dump["result"]["hit"]:
        failures.append(f"B now ends in front of the wall, yet the cast reports a contact: {dump['result']}")
    if dump["algorithm"] != "linear":
        failures.append(f"the key 2 did not pick the linear cast: {dump['algorithm']}")
    if not dump.get("narration"):
        failures.append("the dump has no narration")
    # The time of impact has one view; the linear cast iterates in A - B, and the window adds its pane at once.
    if len(start["views"]) != 1:
        failures.append(f"the time of impact should show the world alone: {[v['title'] for v in start['views']]}")
    titles = [v["title"] for v in dump["views"]]
    if len(titles) != 2 or not titles[1].startswith("A - B") or not dump["views"][1]["texts"]:
        failures.append(f"after key 2 the window should show the A - B pane beside the world: {titles}")
    print(json.dumps({"velocity": [velocity, got], "result": dump["result"], "algorithm": dump["algorithm"]}))
    print(json.dumps(spin_the_wall(args, home, scene_path, start, view, failures)))
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
