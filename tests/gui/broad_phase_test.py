#!/usr/bin/env python3
"""GUI tests of the broad-phase lab, run under Xvfb by CTest.

  broad_phase_test.py --exe collision-lab --scenes DIR screenshots --out DIR
      Renders sap_small.json (24 boxes, paused, sweeping x) with `collision-lab screenshot --dump-state` at
      several steps and checks pixels: the endpoint ticks under the x axis (green min, orange max) at every
      object's interval ends; the sweep line's yellow at the current endpoint, moving between two steps; the
      pair overlap's red where two boxes of a reported pair overlap; and the dump's own checks.
  broad_phase_test.py --exe collision-lab --scenes DIR agreement --out DIR
      Every algorithm on moving scenes (bounce, floor, teleport; 40 to 1,000 objects) after the screenshot's
      frames: the pair set equals brute force, and for the recorded small scenes the traced update replays to
      the untraced one (the lab's own replay of the SAP events gives the same pairs and endpoint order).
  broad_phase_test.py --exe collision-lab --scenes DIR edit --out DIR
      The real window on sap_small.json with xdotool: Shift+click on empty space adds a box there, a drag moves
      object #0 about 60 px, N advances one frame (paused), Delete removes the dragged object; checked in the
      dump written on Ctrl+Q.
  broad_phase_test.py --exe collision-lab --scenes DIR timing --out DIR
      Starts the real window on drift_10k.json and drift_100k.json, lets each run, quits with Ctrl+Q and prints
      the lab's mean frame time and its update and draw times (wall clock and thread CPU time) from
      --dump-state; fails when 10,000 boxes take more than 16 ms of CPU per update.
All need a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- broad_phase_test.py ...).
"""

import argparse
import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import (fresh_directory, read_png, pixel, find_window, press, xdotool, quit_app, run_app,  # noqa: E402
                        start_app)

WIDTH, HEIGHT = 1600, 1000
GREEN, ORANGE, YELLOW, RED = (0x5f, 0xd6, 0x8a), (0xff, 0xa9, 0x4a), (0xf5, 0xd5, 0x47), (0xff, 0x5c, 0x5c)


def near(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def shoot(args, scene, name, step=None, algorithm=None):
    out = os.path.join(args.out, name + ".png")
    dump = os.path.join(args.out, name + ".json")
    command = [args.exe, "screenshot", "--scene", os.path.join(args.scenes, scene), "--size", f"{WIDTH}x{HEIGHT}",
               "-o", out, "--dump-state", dump]
    if step is not None:
        command += ["--step", str(step + 1)]  # `step` is the dump's index from 0; --step counts from 1
    if algorithm is not None:
        command += ["--algo", algorithm]
    result = run_app(command)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    with open(dump) as file:
        return read_png(out), json.load(file)


def project(state, x, y):
    view = state["views"][0]
    rect, zoom = view["rect"], view["zoom"]
    return (round(rect[0] + 0.5 * rect[2] + (x - view["center"][0]) * zoom),
            round(rect[1] + 0.5 * rect[3] - (y - view["center"][1]) * zoom))


def patch_count(image, centre, colour, radius=3, tolerance=40):
    width, height = image[0], image[1]
    count = 0
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            x, y = centre[0] + dx, centre[1] + dy
            if 0 <= x < width and 0 <= y < height and near(pixel(image, x, y), colour, tolerance):
                count += 1
    return count


def check_screenshots(args):
    failures = []
    _, first = shoot(args, "sap_small.json", "sap_step0", step=0)
    count = first["stepCount"]
    if count < 10:
        return [f"sap_small: expected a recorded sweep of at least 10 events, got {count}"]
    # Two steps inside the sweep (the sweep line shows) at different positions.
    steps = [s for s in range(count) if s < count - 2]
    image_a, a = shoot(args, "sap_small.json", "sap_step_a", step=steps[len(steps) // 3])
    image_b, b = shoot(args, "sap_small.json", "sap_step_b", step=steps[2 * len(steps) // 3])
    for image, state in ((image_a, a), (image_b, b)):
        sweep = state.get("sweep", {})
        if sweep.get("axis") != 0 or sweep.get("value") is None:
            failures.append(f"step {state['step']}: expected the sweep line on x, got {sweep}")
            continue
        tick_y = -sweep["tickOffset"]
        # The sweep line runs from the ticks up through the scene: yellow above the axis at its x.
        x, y = project(state, sweep["value"], tick_y)
        above = sum(patch_count(image, (x, y - k), YELLOW, radius=2) > 0 for k in range(20, 60, 5))
        if above < 6:
            failures.append(f"step {state['step']}: sweep line at x = {sweep['value']:.3f} not yellow above the axis")
        # Every object's interval ends as ticks: min green, max orange (or yellow: the current one).
        found, total = 0, 0
        for obj in state["objects"]:
            for end, colour in ((obj["min"][0], GREEN), (obj["max"][0], ORANGE)):
                total += 1
                centre = project(state, end, tick_y)
                if patch_count(image, centre, colour, radius=4) + patch_count(image, centre, YELLOW, radius=4) > 0:
                    found += 1
        if found < 0.85 * total:
            failures.append(f"step {state['step']}: only {found} of {total} endpoint ticks under the x axis")
        if not (state["bruteForceAgrees"] and state["replayAgrees"]):
            failures.append(f"step {state['step']}: brute force {state['bruteForceAgrees']}, "
                            f"replay {state['replayAgrees']}")
    if a["sweep"].get("value") == b["sweep"].get("value"):
        failures.append("the sweep line did not move between two steps")
    # The last step: the final pairs; each pair's overlap is filled red.
    image, last = shoot(args, "sap_small.json", "sap_last", step=count - 1)
    if not last["pairList"]:
        failures.append("sap_small: expected some pairs")
    boxes = {obj["id"]: obj for obj in last["objects"]}
    for first_id, second_id in last["pairList"]:
        p, q = boxes[first_id], boxes[second_id]
        low = (max(p["min"][0], q["min"][0]), max(p["min"][1], q["min"][1]))
        high = (min(p["max"][0], q["max"][0]), min(p["max"][1], q["max"][1]))
        corner_low, corner_high = project(last, low[0], high[1]), project(last, high[0], low[1])
        centre = ((corner_low[0] + corner_high[0]) // 2, (corner_low[1] + corner_high[1]) // 2)
        radius = max(0, min(corner_high[0] - corner_low[0], corner_high[1] - corner_low[1]) // 2 - 2)
        if radius >= 1 and patch_count(image, centre, RED, radius=radius, tolerance=60) == 0:
            failures.append(f"pair (#{first_id}, #{second_id}): no red where the boxes overlap at {centre}")
    # The same scene far from any object stays background: the red is not everywhere.
    corner = project(last, -0.5 * last["sweep"]["tickOffset"], 0.5 * (boxes[0]["min"][1] + boxes[0]["max"][1]))
    if patch_count(image, corner, RED, radius=2, tolerance=60) > 0:
        failures.append(f"red left of the scene at {corner}")
    return failures


def check_agreement(args):
    failures = []
    cases = [("bounce_1000.json", algorithm) for algorithm in ("sap", "grid", "bvh", "brute")]
    cases += [("floor_1000.json", "sap"), ("teleport_40.json", "sap"), ("teleport_40.json", "bvh"),
              ("grid_small.json", "grid"), ("bvh_small.json", "bvh"), ("sap_small.json", "sap")]
    for scene, algorithm in cases:
        _, state = shoot(args, scene, f"agree_{scene[:-5]}_{algorithm}", algorithm=algorithm)
        name = f"{scene} / {algorithm}"
        if state["algorithm"] != algorithm:
            failures.append(f"{name}: algorithm {state['algorithm']}")
        if not state["bruteForceChecked"] or not state["bruteForceAgrees"]:
            failures.append(f"{name}: pairs differ from brute force: {state['bruteForceMissing']} missing, "
                            f"{state['bruteForceExtra']} extra")
        if state["count"] <= 64 and not (state["replayChecked"] and state["replayAgrees"]):
            failures.append(f"{name}: the traced update does not replay to the untraced one")
        if state["running"] and state["frame"] < 3:
            failures.append(f"{name}: expected at least 3 simulated frames, got {state['frame']}")
        if state["pairs"] == 0 and state["count"] >= 1000:
            failures.append(f"{name}: no pairs in a dense scene")
        print(f"{name}: {state['count']} objects, frame {state['frame']}, {state['pairs']} pairs, "
              f"swaps {state['stats']['swaps']}, brute force agrees {state['bruteForceAgrees']}")
    return failures


def run_window(args, scene, seconds, action=None):
    dump = os.path.join(args.out, "timing_" + scene[:-5] + ".json")
    if os.path.exists(dump):
        os.remove(dump)
    # Fresh settings that open the window at 1600x1000.
    home = fresh_directory(args.out, "home_" + scene[:-5])
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"))
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    command = [args.exe, "--scene", os.path.join(args.scenes, scene), "--dump-state", dump]
    process = start_app(command, environment)
    try:
        window = find_window(process, settle=seconds)
        if action is not None:
            action(window)
        quit_app(process, timeout=60, hold=1.0)  # a 100,000-box frame may be slow: hold the keys across frames
    finally:
        if process.poll() is None:
            process.kill()
    with open(dump) as file:
        return json.load(file)


def check_edit(args):
    """The real window on sap_small.json (paused): Shift+click on empty space adds a box there, a drag moves
    object #0, Delete removes it, N advances a frame; the dump after Ctrl+Q shows all of it, and the scene unsaved.
    N alone leaves nothing unsaved (review s33 A10: the frame is the simulation's, not the scene's)."""
    _, state = shoot(args, "sap_small.json", "edit_start")
    objects = state["objects"]

    def inside(obj, x, y, margin=0.3):
        return obj["min"][0] - margin <= x <= obj["max"][0] + margin and obj["min"][1] - margin <= y <= obj["max"][1] + margin

    # An empty world point for the new box: the first grid point no object is near.
    empty = next((0.5 + 0.5 * i, 0.5 + 0.5 * j) for j in range(40) for i in range(40)
                 if not any(inside(obj, 0.5 + 0.5 * i, 0.5 + 0.5 * j) for obj in objects))
    first = objects[0]
    start_world = (0.5 * (first["min"][0] + first["max"][0]), 0.5 * (first["min"][1] + first["max"][1]))
    start, add_at = project(state, *start_world), project(state, *empty)

    def act(window):
        xdotool("mousemove", "--window", window, "--sync", str(add_at[0]), str(add_at[1]))
        xdotool("keydown", "shift")
        time.sleep(0.2)
        xdotool("click", "1")
        time.sleep(0.2)
        xdotool("keyup", "shift")
        time.sleep(0.3)
        xdotool("mousemove", "--window", window, "--sync", str(start[0]), str(start[1]))
        time.sleep(0.2)
        xdotool("mousedown", "1")
        time.sleep(0.2)
        for i in range(1, 11):
            xdotool("mousemove", "--window", window, "--sync", str(start[0] + 6 * i), str(start[1]))
            time.sleep(0.05)
        xdotool("mouseup", "1")
        time.sleep(0.3)
        press("n")

    end = run_window(args, "sap_small.json", 1.5, act)
    failures = []
    if end["frame"] != 1 or end["running"]:
        failures.append(f"N should advance one frame and stay paused: frame {end['frame']}, running {end['running']}")
    if end["selected"] < 0:
        failures.append("the dragged object is not selected")
    else:
        dragged = end["objects"][end["selected"]]
        moved = 0.5 * (dragged["min"][0] + dragged["max"][0]) - start_world[0]
        pixels = moved * state["views"][0]["zoom"]
        if dragged["id"] != first["id"] or not 40 <= pixels <= 80:
            failures.append(f"#{first['id']} should have moved about 60 px right: #{dragged['id']} moved {pixels:.0f} px")
    added = [obj for obj in end["objects"] if obj["id"] == len(objects)]
    if end["count"] != len(objects) + 1 or not added:
        failures.append(f"Shift+click should add object #{len(objects)}: count {end['count']}")
    elif not inside(added[0], *empty, margin=0.05):
        failures.append(f"the new box {added[0]} is not at the clicked point {empty}")
    if not (end["bruteForceAgrees"] and end["replayAgrees"]):
        failures.append("after the edits the pairs differ from brute force or the replay")
    if end.get("unsaved") != ["Broad phase"]:
        failures.append(f"boxes added and dragged by hand should leave the scene unsaved: {end.get('unsaved')}")
    print(f"edit: count {end['count']}, frame {end['frame']}, selected {end['selected']}, pairs {end['pairs']}")
    if failures:
        return failures
    # Next frame only advances the simulation: the scene (its settings) is unchanged, so quitting does not ask.
    advanced = run_window(args, "sap_small.json", 1.5, lambda window: (press("n"), press("n")))
    if advanced["frame"] != 2 or advanced.get("unsaved") != []:
        failures.append(f"N twice should reach frame 2 with nothing unsaved: frame {advanced['frame']}, "
                        f"unsaved {advanced.get('unsaved')}")
    # Delete removes the selected object.
    def delete(window):
        act(window)
        press("Delete")

    after = run_window(args, "sap_small.json", 1.5, delete)
    if after["count"] != len(objects) or any(obj["id"] == first["id"] for obj in after["objects"]):
        failures.append(f"Delete should remove #{first['id']}: count {after['count']}")
    return failures


def check_timing(args):
    failures = []
    for scene in ("drift_10k.json", "drift_100k.json"):
        state = run_window(args, scene, 12)
        timing = state["timing"]
        print(f"{scene}: {state['count']} objects, {timing['frames']} frames measured: frame "
              f"{timing['frameMilliseconds']:.2f} ms; wall clock: broad-phase update "
              f"{timing['updateMicroseconds'] / 1e3:.3f} ms, motion {timing['moveMicroseconds'] / 1e3:.3f} ms, "
              f"draw submit {timing['drawMicroseconds'] / 1e3:.3f} ms; thread CPU: update "
              f"{timing['updateCpuMicroseconds'] / 1e3:.3f} ms, draw submit {timing['drawCpuMicroseconds'] / 1e3:.3f} ms")
        if timing["frames"] < 5:
            failures.append(f"{scene}: only {timing['frames']} frames measured")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("mode", choices=["screenshots", "agreement", "edit", "timing"])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    checks = {"screenshots": check_screenshots, "agreement": check_agreement, "edit": check_edit,
              "timing": check_timing}
    failures = checks[args.mode](args)
    for failure in failures:
        print("FAIL:", failure)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
