#!/usr/bin/env python3
"""GUI tests of the narrow-phase lab, run under Xvfb by CTest.

  narrow_phase_test.py --exe collision-lab --scenes DIR screenshots --out DIR
      Renders scenes with `collision-lab screenshot` and checks pixels: A's and B's colours where the shapes
      are, the Minkowski view's colour in the right pane, and that the GJK simplex drawn at step N differs from
      step 0 in the Minkowski pane (and not in a far corner of the world pane).
  narrow_phase_test.py --exe collision-lab --scenes DIR drag --out DIR
      Starts the real app on apart.json with --dump-state, drags shape B onto A with xdotool, presses the arrow
      keys, quits with Ctrl+Q and checks the dump: B moved, the result became a hit, the step index changed.
  narrow_phase_test.py --exe collision-lab --scenes DIR timing --out DIR
      Same, on two 64-vertex polygons, dragging in many small moves; prints the re-record times of the dump
      (recordQuery per drag frame) and fails when the slowest exceeds 1 ms.
All need a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- narrow_phase_test.py ...).
"""

import argparse
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import (fresh_directory, read_png, pixel, count_near, differing, xdotool, press,  # noqa: E402
                        find_window, quit_app, drag, run_app, start_app)

WIDTH, HEIGHT = 1600, 1000


# [SECTION] Screenshots

def screenshot(args, scene, algorithm, step, out):
    command = [args.exe, "screenshot", "--scene", scene, "--lab", "GJK", "--algo", algorithm, "--size",
               f"{WIDTH}x{HEIGHT}", "-o", out]
    if step is not None:
        command += ["--step", str(step + 1)]  # `step` is the dump's index from 0; --step counts from 1
    result = run_app(command)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return read_png(out)


def panes(image):
    """The canvas right of the side panel, split in two views: (world box, minkowski box). The canvas is cleared
    to the palette background 0x1b1e24 exactly; the panel's background is a few steps lighter."""
    width, height = image[0], image[1]
    y = height // 2
    left = next(x for x in range(10, width // 2) if all(
        sum(abs(a - b) for a, b in zip(pixel(image, x + k, y), (0x1b, 0x1e, 0x24))) <= 3 for k in range(4)))
    middle = left + (width - left) // 2
    return (left + 4, 40, middle - 4, height - 60), (middle + 4, 40, width - 4, height - 60)


def check_screenshots(args):
    failures = []
    scene = os.path.join(args.scenes, "overlap.json")
    step0 = screenshot(args, scene, "gjk", 0, os.path.join(args.out, "narrow_gjk_step0.png"))
    step2 = screenshot(args, scene, "gjk", 2, os.path.join(args.out, "narrow_gjk_step2.png"))
    world, minkowski = panes(step0)
    # Shape colours where the shapes are: A (blue 0x4a9eff) and B (orange 0xffa94a) outlines in the world view,
    # the Minkowski difference (0xb48cff) in the right view.
    blue = count_near(step0, world, (0x4a, 0x9e, 0xff))
    orange = count_near(step0, world, (0xff, 0xa9, 0x4a))
    purple = count_near(step0, minkowski, (0xb4, 0x8c, 0xff))
    if blue < 200: failures.append(f"shape A's blue outline: only {blue} pixels in the world view")
    if orange < 200: failures.append(f"shape B's orange outline: only {orange} pixels in the world view")
    if purple < 200: failures.append(f"A - B's purple outline: only {purple} pixels in the Minkowski view")
    if count_near(step0, minkowski, (0x4a, 0x9e, 0xff), 20) > blue:
        failures.append("the Minkowski view shows more of A's blue than the world view")
    # The simplex at step 2 (a triangle with its Voronoi regions) differs from step 0 (one vertex).
    changed = differing(step0, step2, minkowski)
    if changed < 2000: failures.append(f"Minkowski view at step 2 differs from step 0 in only {changed} pixels")
    # The result panel and the canvas: a 64x64 corner of the world view far from the shapes stays unchanged.
    corner = (world[0] + 10, world[3] - 80, world[0] + 74, world[3] - 16)
    if differing(step0, step2, corner) > 0: failures.append("a far corner of the world view changed between steps")
    # EPA and SAT render, and a refusal (GJK on a sector wider than 90 degrees) still renders a frame.
    screenshot(args, os.path.join(args.scenes, "apart.json"), "epa", None, os.path.join(args.out, "narrow_epa.png"))
    sat = screenshot(args, scene, "sat", 1, os.path.join(args.out, "narrow_sat.png"))
    if differing(step0, sat, world) < 2000: failures.append("SAT's axis and shadows are not drawn in the world view")
    screenshot(args, os.path.join(args.scenes, "circle_sector.json"), "analytic", 1,
               os.path.join(args.out, "narrow_analytic.png"))
    # A refused pair shows no step: the command says so, and why ("step 1 (0 steps)" read as a step shown, s31 A18).
    refused = run_app([args.exe, "screenshot", "--scene", os.path.join(args.scenes, "circle_sector.json"), "--algo", "sat",
                       "--size", f"{WIDTH}x{HEIGHT}", "-o", os.path.join(args.out, "narrow_refused.png")])
    if refused.returncode != 0 or "no steps (refused: shape A: sat takes polytopes only" not in refused.stdout:
        failures.append(f"a refused pair's screenshot line: {refused.returncode} {refused.stdout!r} {refused.stderr!r}")
    return failures


def shape_centres(args, scene_name):
    """Where A and B are in the window: the screenshot command renders the same frame the window shows first
    (same size, same fit), so the centroids of A's and B's translucent fills (22% blue or orange over the
    background; labels and arrows are drawn in the full colours) locate the shapes."""
    image = screenshot(args, os.path.join(args.scenes, scene_name), json.load(
        open(os.path.join(args.scenes, scene_name)))["algorithm"], None, os.path.join(args.out, "drag_start.png"))
    world, _ = panes(image)
    centres = {}
    for name, colour in (("a", (37, 58, 84)), ("b", (77, 61, 44))):
        xs, ys = [], []
        for y in range(world[1], world[3], 2):
            for x in range(world[0], world[2], 2):
                if sum(abs(p - q) for p, q in zip(pixel(image, x, y), colour)) <= 12:
                    xs.append(x)
                    ys.append(y)
        assert xs, f"shape {name} not found in the world view"
        centres[name] = (sum(xs) // len(xs), sum(ys) // len(ys))
    return centres


def run_drag(args, scene_name, moves, settle):
    """Opens scene_name, drags B onto A in `moves` steps, presses Right twice, quits; returns the dump."""
    centres = shape_centres(args, scene_name)
    home = fresh_directory(args.out, "home_" + scene_name.replace(".json", ""))
    dump_path = os.path.join(args.out, f"dump_{scene_name.replace('.json', '')}.json")
    if os.path.exists(dump_path):
        os.remove(dump_path)
    # Fresh settings that open the window at the screenshot's size, so the layout and the fitted cameras match.
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"))
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    command = [args.exe, "--scene", os.path.join(args.scenes, scene_name), "--lab", "GJK", "--dump-state", dump_path]
    process = start_app(command, environment)
    try:
        window = find_window(process, settle=settle)
        drag(window, centres["b"], centres["a"], moves)
        # Step with the arrow keys (the mouse over the canvas, so ImGui does not hold the keyboard).
        for _ in range(2):
            press("Right")
        quit_app(process)
    finally:
        if process.poll() is None:
            process.kill()
    return json.load(open(dump_path))


def check_drag(args):
    failures = []
    scene = json.load(open(os.path.join(args.scenes, "apart.json")))
    dump = run_drag(args, "apart.json", 20, 1.5)
    before = scene["shapes"][1]["position"]
    after = dump["positions"][1]
    if abs(after[0] - before[0]) + abs(after[1] - before[1]) < 0.5:
        failures.append(f"B did not move: {before} -> {after}")
    if not dump["hit"]:
        failures.append(f"the result did not become a hit: {dump['result']}")
    if dump["step_index"] == 0:
        failures.append(f"the arrow keys did not change the step index (step count {dump['step_count']})")
    if "narration" not in dump or not dump["narration"]:
        failures.append("the dump has no narration")
    print(json.dumps({key: dump[key] for key in ("positions", "hit", "algorithm", "step_index", "step_count",
                                                 "record_time_us", "frame_time_ms")}))
    return failures


def check_timing(args):
    dump = run_drag(args, "polygons_64.json", 60, 1.5)
    record = dump["record_time_us"]
    print(f"two 64-gons, {dump['algorithm']}: {record['count']} recordings, last {record['last']:.1f} us, "
          f"max {record['max']:.1f} us; frames: mean {dump['frame_time_ms']['mean']:.2f} ms, "
          f"max {dump['frame_time_ms']['max']:.2f} ms over {dump['frame_time_ms']['count']} frames")
    failures = []
    if record["count"] < 10:
        failures.append(f"only {record['count']} recordings: the drag did not reach the shape")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("mode", choices=["screenshots", "drag", "timing"])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    failures = {"screenshots": check_screenshots, "drag": check_drag, "timing": check_timing}[args.mode](args)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
