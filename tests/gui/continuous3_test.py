#!/usr/bin/env python3
"""GUI tests of the continuous-collision lab in space ("Continuous collision 3D"), run under Xvfb by CTest.

  continuous3_test.py --exe collision-lab --scenes DIR lessons --out DIR
      Renders each curated 3D sweep (assets/scenes/ccd3d_*.json) with `collision-lab screenshot --dump-state` at its
      first and last step, and checks: the lab's cast is what `collision-lab cast` answers on the scene's pair line
      (hit, t and status), the first step draws the shapes at t = 0 and the last at the contact (the drawn time and
      pose move, and so do the pixels of the view), B's orange where the camera projects its pose at the step, the
      contact marker red at the contact point, and the panel's narration differs between the two steps. The
      screenshots stay in DIR for a person to look at.
  continuous3_test.py --exe collision-lab --scenes DIR drag --out DIR
      Starts the real app on a copy of ccd3d_01_bullet_through_slab.json, drags B's end pose (the sphere at t = 1)
      up with xdotool, so it ends above the slab, quits with Ctrl+Q and checks the dump: B's velocity follows the
      drag (the end pose stays under the mouse) and the cast now misses the slab. Then, on ccd3d_02 (the spinning
      bar), clicks B's end pose to select it and drags its gizmo's y ring a quarter turn: the angular velocity
      about y changes by pi / 2. Last, under the linear cast (the A - B pane beside the world), the same drag moves
      the pane's ray with B's velocity.
  continuous3_test.py --exe collision-lab --scenes DIR bounce --out DIR
      Both continuous labs' bounce (discrete frames on) at every curated sweep's last step, at 100 and 150 %: each
      bounce and its label's anchor lie in the view, the label says it is the body at t = 1; then D in the real
      window on ccd3d_06 (opened with the frames off) widens the view to the bounce, and so does D on ccd_06 opened
      with a scene view close on the start poses.
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- continuous3_test.py ...).
"""

import argparse
import glob
import json
import math
import os
import re
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import (read_png, pixel, count_near, differing, find_window, run_app, start_app,  # noqa: E402
                        fresh_directory, drag, quit_app, press)
from narrow_phase3_test import project, view_box, around, inside, orangish  # noqa: E402

WIDTH, HEIGHT = 1600, 1000
LAB = "Continuous collision 3D"
RED = (0xff, 0x5c, 0x5c)  # palette kHit: the contact


def screenshot(args, scene, step, out):
    """One frame at `step` (from 1; None: the first); returns (image, dump)."""
    dump_path = out.replace(".png", ".json")
    command = [args.exe, "screenshot", "--scene", scene, "--size", f"{WIDTH}x{HEIGHT}", "-o", out, "--dump-state", dump_path]
    if step is not None:
        command += ["--step", str(step)]
    result = run_app(command)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return read_png(out), json.load(open(dump_path))


def pair_line(scene):
    """The scene's pair as one line of `collision-lab cast` input (as Edit > Copy pair as JSON writes it)."""
    shapes = scene["shapes"]
    line = {"id": scene["title"]}
    for key, shape in zip(("a", "b"), shapes):
        line[key] = {k: v for k, v in shape.items() if k not in ("name", "motion")}
        if "motion" in shape:
            line["motion_" + key] = shape["motion"]
    return line


def cast(args, scene_path, algorithm):
    """`collision-lab cast --algo ALGORITHM` on the scene's pair line: its answer for that algorithm."""
    scene = json.load(open(scene_path))
    path = os.path.join(args.out, "line_" + os.path.basename(scene_path).replace(".json", ".jsonl"))
    with open(path, "w") as out:
        out.write(json.dumps(pair_line(scene)) + "\n")
    result = run_app([args.exe, "cast", "--algo", algorithm, path])
    if result.returncode != 0:
        raise AssertionError(f"collision-lab cast {path} failed ({result.returncode}): {result.stderr}")
    return json.loads(result.stdout.splitlines()[0])[algorithm]


def check_lessons(args):
    failures = []
    scenes = sorted(glob.glob(os.path.join(args.scenes, "ccd3d_*.json")))
    if len(scenes) < 5:
        failures.append(f"expected at least 5 curated 3D sweeps in {args.scenes}, found {len(scenes)}")
    for path in scenes:
        name = os.path.basename(path).replace(".json", "")
        first, first_dump = screenshot(args, path, None, os.path.join(args.out, name + "_first.png"))
        count = first_dump["step_count"]
        last, dump = screenshot(args, path, count, os.path.join(args.out, name + ".png"))
        if dump["lab"] != LAB:
            failures.append(f"{name}: opened in {dump['lab']}, not {LAB}")
            continue
        answer = cast(args, path, dump["algorithm"])
        result = dump["result"]
        if (answer["hit"], answer["t"], answer["status"]) != (result["hit"], result["t"], result["status"]):
            failures.append(f"{name}: the lab's cast {result} is not what `collision-lab cast` answers: {answer}")
        if not result["hit"]:
            failures.append(f"{name}: the lesson's cast should hit: {result}")
        # The iterative casts draw the shapes at each step's time: t = 0 at the first step, the contact at the last
        # (dynamic SAT and the moving spheres draw the entry time found so far, the contact from the first step).
        if dump["algorithm"] in ("toi", "linear"):
            if first_dump["drawn"]["t"] != 0.0:
                failures.append(f"{name}: the first step draws t = {first_dump['drawn']['t']}, not 0")
            if not dump["drawn"]["t"] > first_dump["drawn"]["t"]:
                failures.append(f"{name}: the last step draws t = {dump['drawn']['t']}, not after the first's "
                                f"{first_dump['drawn']['t']}")
        if abs(dump["drawn"]["t"] - result["t"]) > 1e-12:
            failures.append(f"{name}: the last step draws t = {dump['drawn']['t']}, not the contact's {result['t']}")
        world = dump["views"][0]
        box = view_box(world)
        if count > 1 and differing(first, last, box) < 200:
            failures.append(f"{name}: the view hardly changes between the first and the last step")
        if first_dump["narration"] == dump["narration"] and count > 1:
            failures.append(f"{name}: the first and last steps say the same: {dump['narration']!r}")
        # B (orange) where the camera projects its pose at the step; the contact red at the contact point.
        moving = dump["drawn"]["poses"][1]["position"]
        centre = project(world, moving)
        if not inside(world, centre):
            failures.append(f"{name}: B's pose at the step projects to {centre}, outside the view {world['rect']}")
        else:
            near = around(centre, 3)
            found = sum(orangish(pixel(last, x, y)) for y in range(near[1], near[3]) for x in range(near[0], near[2]))
            if found < 5:
                failures.append(f"{name}: only {found} of 49 pixels at B's pose {centre} are orange")
        contact = project(world, result["point"])
        if inside(world, contact) and count_near(last, around(contact, 6), RED, 60) < 10:
            failures.append(f"{name}: the contact point {contact} is not marked red")
        print(json.dumps({"scene": name, "algorithm": dump["algorithm"], "steps": count, "t": result["t"],
                          "cast": answer["t"], "drawn": [first_dump["drawn"]["t"], dump["drawn"]["t"]]}))
    return failures


def session(args, home, scene_path, dump_path, act):
    """Opens the scene in a real window of WIDTH x HEIGHT, runs act(window), quits (the dump is written)."""
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"), exist_ok=True)
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    process = start_app([args.exe, "--scene", scene_path, "--dump-state", dump_path], environment)
    try:
        window = find_window(process)
        act(window)
        time.sleep(0.3)
        quit_app(process)
    finally:
        if process.poll() is None:
            process.kill()
    return json.load(open(dump_path))


def turn_the_end_pose(args, home, failures):
    """Selects B's end pose in ccd3d_02 (the spinning bar) with a click, then drags its gizmo's y ring a quarter
    turn: the angular velocity about y changes by a quarter turn (pi / 2), the rest of it stays 0."""
    scene_path = os.path.join(home, "bar.json")
    scene = json.load(open(os.path.join(args.scenes, "ccd3d_02_spinning_bar.json")))
    json.dump(scene, open(scene_path, "w"))
    _, start = screenshot(args, scene_path, None, os.path.join(args.out, "turn_start.png"))
    world = start["views"][0]
    b = scene["shapes"][1]
    end = [p + v for p, v in zip(b["position"], b["motion"]["velocity"])]
    centre = project(world, end)
    # The ring's radius: 60 pixels at the pose's depth (widgets/gizmo3.h), in the plane y = end's y.
    yaw, pitch = math.radians(world["yaw"]), math.radians(world["pitch"])
    forward = (-math.cos(pitch) * math.sin(yaw), -math.sin(pitch), -math.cos(pitch) * math.cos(yaw))
    eye = [t - world["distance"] * f for t, f in zip(world["target"], forward)]
    depth = sum((p - e) * f for p, e, f in zip(end, eye, forward))
    focal = 0.5 * world["rect"][3] / math.tan(math.radians(22.5))
    radius = 60 * depth / focal
    # From 45 degrees round the ring to 135 (away from the x and z arrows, which run through the ring at 0 and 90).
    diagonal = radius / math.sqrt(2)
    first = project(world, (end[0] + diagonal, end[1], end[2] + diagonal))
    second = project(world, (end[0] - diagonal, end[1], end[2] + diagonal))

    def act(window):
        drag(window, centre, centre, 1)  # a click on the end pose selects it
        drag(window, first, second, 20)

    dump = session(args, home, scene_path, os.path.join(args.out, "turn.json"), act)
    before = b["motion"]["angular_velocity"]
    after = dump["motions"][1]["angular_velocity"]
    if dump["selected"] != 3:
        failures.append(f"a click on B's end pose should select it (3): {dump['selected']}")
    if abs(abs(after[1] - before[1]) - math.pi / 2) > 0.1 or abs(after[0]) > 1e-6 or abs(after[2]) > 1e-6:
        failures.append(f"a quarter turn of the end pose's y ring should change the angular velocity {before} by pi / 2 "
                        f"about y: {after}")
    print(json.dumps({"angular_velocity": [before, after], "ring": [first, second], "result": dump["result"]}))


def drag_with_the_pane(args, home, failures):
    """ccd3d_01 under the linear cast shows the A - B pane beside the world (two views); dragging B's end pose up in
    the world view changes B's motion relative to A, so the pane's ray (its translation, vB - vA) follows the drag and
    the cast, now clear of the slab, misses."""
    scene_path = os.path.join(home, "slab_linear.json")
    scene = json.load(open(os.path.join(args.scenes, "ccd3d_01_bullet_through_slab.json")))
    scene["algorithm"] = "linear"
    json.dump(scene, open(scene_path, "w"))
    _, start = screenshot(args, scene_path, None, os.path.join(args.out, "pane_start.png"))
    if len(start["views"]) != 2 or not start["views"][1]["title"].startswith("A - B"):
        failures.append(f"the linear cast should show an A - B pane beside the world: {[v['title'] for v in start['views']]}")
        return
    world = start["views"][0]
    b = scene["shapes"][1]
    velocity = b["motion"]["velocity"]
    if start["cast_space"]["translation"] != velocity:
        failures.append(f"the pane's ray {start['cast_space']['translation']} is not B's velocity {velocity} (A is still)")
    handle = project(world, [p + v for p, v in zip(b["position"], velocity)])
    target = (handle[0], handle[1] - 420)
    dump = session(args, home, scene_path, os.path.join(args.out, "pane_drag.json"),
                   lambda window: drag(window, handle, target, 25))
    got = dump["motions"][1]["velocity"]
    space = dump["cast_space"]
    if got == velocity:
        failures.append(f"the drag did not change B's velocity: {got}")
    if space is None or any(abs(t - v) > 1e-9 for t, v in zip(space["translation"], got)):
        failures.append(f"after the drag the pane's ray should be B's new velocity {got}: {space}")
    if dump["result"]["hit"]:
        failures.append(f"B now ends above the slab, yet the linear cast reports a contact: {dump['result']}")
    print(json.dumps({"pane": {"velocity": [velocity, got], "translation": space and space["translation"],
                               "result": dump["result"]}}))


def check_drag(args):
    """Drags B's end pose in the real window; the dump after Ctrl+Q has the new velocity and no contact."""
    home = fresh_directory(args.out, "home")
    scene_path = os.path.join(home, "slab.json")
    scene = json.load(open(os.path.join(args.scenes, "ccd3d_01_bullet_through_slab.json")))
    json.dump(scene, open(scene_path, "w"))
    # Where B's end pose is: the screenshot renders the frame the window shows first (same size, same fitted view).
    _, start = screenshot(args, scene_path, None, os.path.join(args.out, "drag_start.png"))
    world = start["views"][0]
    b = scene["shapes"][1]
    velocity = b["motion"]["velocity"]
    end = [p + v for p, v in zip(b["position"], velocity)]
    handle = project(world, end)
    target = (handle[0], handle[1] - 420)  # up the screen, above the slab: B no longer crosses it
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"), exist_ok=True)
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    dump_path = os.path.join(args.out, "drag.json")
    process = start_app([args.exe, "--scene", scene_path, "--dump-state", dump_path], environment)
    try:
        window = find_window(process)
        drag(window, handle, target, 25)
        time.sleep(0.3)
        quit_app(process)
    finally:
        if process.poll() is None:
            process.kill()
    dump = json.load(open(dump_path))
    failures = []
    got = dump["motions"][1]["velocity"]
    moved_end = [p + v for p, v in zip(b["position"], got)]
    landed = project(dump["views"][0], moved_end)
    if math.dist(landed, target) > 6:
        failures.append(f"B's end pose now projects to {landed}, not under the mouse at {target} (velocity {got})")
    if got == velocity:
        failures.append(f"B's velocity did not change: {got}")
    if dump["selected"] != 3:
        failures.append(f"the dragged end pose should be selected (3): {dump['selected']}")
    if dump["result"]["hit"]:
        failures.append(f"B now ends above the slab, yet the cast reports a contact: {dump['result']}")
    print(json.dumps({"velocity": [velocity, got], "landed": landed, "target": target, "result": dump["result"]}))
    turn_the_end_pose(args, home, failures)
    drag_with_the_pane(args, home, failures)
    return failures


def check_bounce(args):
    """Both continuous labs' bounce after the contact (drawn with the discrete frames): in every curated sweep
    (ccd_*, ccd3d_*) with "discrete_frames": true, at the last step, at UI scale 100 and 150 %, each bounce the lab
    names (after_contact, which says it is the body at t = 1) lies in the view with its label at it (a label
    anchored outside the view was dropped: ccd3d_06's sphere bounced off the top, its label with it; newcomer review
    s30, A4). Zoomed in on ccd3d_06 the bounce leaves the view and its label stays, at the view's edge with a line to
    it. Then in the real window ccd3d_06 opens with the frames off (its camera set for that) and D shows them:
    the view is widened to the bounce."""
    failures = []
    home = fresh_directory(args.out, "bounce")
    scenes = sorted(glob.glob(os.path.join(args.scenes, "ccd_*.json")) + glob.glob(os.path.join(args.scenes, "ccd3d_*.json")))
    for path in scenes:
        name = os.path.basename(path).replace(".json", "")
        scene = json.load(open(path))
        scene.setdefault("lab_state", {})["discrete_frames"] = True
        scene_path = os.path.join(home, name + ".json")
        json.dump(scene, open(scene_path, "w"))
        for scale in (100, 150):
            out = os.path.join(args.out, f"bounce_{name}_{scale}.png")
            dump_path = out.replace(".png", ".json")
            command = [args.exe, "screenshot", "--scene", scene_path, "--size", f"{WIDTH}x{HEIGHT}", "-o", out,
                       "--dump-state", dump_path, "--ui-scale", str(scale)]
            probe = run_app(command + ["--step", "100000"])  # refused, naming the step count
            steps = re.search(r"has (\d+) steps?", probe.stderr)
            result = run_app(command + ["--step", steps.group(1) if steps else "1"])
            if result.returncode != 0:
                failures.append(f"{name}: {' '.join(command)} failed: {result.stderr}")
                continue
            dump = json.load(open(dump_path))
            labels, shown = dump["after_contact"], dump.get("bounce_in_view", [])
            if len(shown) != len(labels):
                failures.append(f"{name} at {scale} %: {len(labels)} bodies bounce ({labels}), {len(shown)} drawn")
            for label in labels:
                if " at t = 1, after the contact:" not in label:
                    failures.append(f"{name}: the bounce's label does not say it is the body at t = 1: {label!r}")
            # One body's bounce is said in its whole sentence: a still post's words were merged into B's and B's
            # ghost read "B after the contact" alone (ccd3d_02).
            drawn = [t["text"] for v in dump["views"] for t in v.get("texts", []) if "after the contact" in t["text"]]
            if len(labels) == 1 and any(": " not in text for text in drawn):
                failures.append(f"{name} at {scale} %: one body bounces but its label is cut short: {drawn}")
            # Beside a bounce the frames step back (ccd3d_04: a dozen tangled outlines, review s30 C6).
            opacity = dump.get("discrete_frames_opacity")
            if opacity is None or abs(opacity - (0.3 if labels else 1.0)) > 1e-6:
                failures.append(f"{name}: the discrete frames' opacity beside the bounce {labels}: {opacity}")
            for ghost in shown:
                if not (ghost["shape"] and ghost["label"] == "at the bounce"):
                    failures.append(f"{name} at {scale} %: {ghost['body']}'s bounce (shape, label) in the view: "
                                    f"{ghost['shape']}, {ghost['label']}")
            print(json.dumps({"scene": name, "scale": scale, "bounce_in_view": shown}))

    # Zoomed in (--camera's distance applies after the fit), the bounce leaves the view: its label stays, at the
    # view's edge with a line to the bounce, rather than dropped.
    out = os.path.join(args.out, "bounce_zoomed_in.png")
    command = [args.exe, "screenshot", "--scene", os.path.join(home, "ccd3d_06_sphere_past_a_triangle_corner.json"),
               "--size", f"{WIDTH}x{HEIGHT}", "-o", out, "--dump-state", out.replace(".png", ".json"), "--step", "7",
               "--camera", "35,20,5"]
    result = run_app(command)
    if result.returncode != 0:
        failures.append(f"{' '.join(command)} failed: {result.stderr}")
    else:
        zoomed = json.load(open(out.replace(".png", ".json")))["bounce_in_view"]
        if len(zoomed) != 1 or zoomed[0]["shape"] or zoomed[0]["label"] != "at the view's edge, with a line to the bounce":
            failures.append(f"zoomed in on ccd3d_06, the bounce should leave the view with its label at the edge: {zoomed}")
        print(json.dumps({"zoomed_in": zoomed}))

    scene_path = os.path.join(home, "corner.json")
    json.dump(json.load(open(os.path.join(args.scenes, "ccd3d_06_sphere_past_a_triangle_corner.json"))), open(scene_path, "w"))

    def show_the_frames(window):
        press("End")  # the last step, where the contact is
        press("d")

    dump = session(args, home, scene_path, os.path.join(args.out, "bounce_key_d.json"), show_the_frames)
    if not dump["discrete_frames"] or len(dump["bounce_in_view"]) != 1:
        failures.append(f"D in ccd3d_06 should show A's bounce: {dump['discrete_frames']}, {dump['bounce_in_view']}")
    elif not (dump["bounce_in_view"][0]["shape"] and dump["bounce_in_view"][0]["label"] == "at the bounce"):
        failures.append(f"after D in ccd3d_06 the bounce is not framed: {dump['bounce_in_view']}, view {dump['views'][0]}")
    print(json.dumps({"key_d": dump["bounce_in_view"], "view": dump["views"][0]}))

    # The plane's twin (Lab::mustShow): ccd_06 with a scene view set close on the start poses and the frames off;
    # D shows both bounces, which the scene's view leaves out: the shell widens it to them.
    scene = json.load(open(os.path.join(args.scenes, "ccd_06_spheres_head_on.json")))
    scene["view"] = {"center": [0, 0], "zoom": 300}
    scene_path = os.path.join(home, "head_on_close.json")
    json.dump(scene, open(scene_path, "w"))
    dump = session(args, home, scene_path, os.path.join(args.out, "bounce_key_d_plane.json"), show_the_frames)
    shown = dump["bounce_in_view"]
    if len(shown) != 2 or not all(g["shape"] and g["label"] == "at the bounce" for g in shown):
        failures.append(f"after D in ccd_06 with a close scene view the bounces are not framed: {shown}, view {dump['views'][0]}")
    print(json.dumps({"key_d_plane": shown, "view": dump["views"][0]}))
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("mode", choices=["lessons", "drag", "bounce"])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    modes = {"lessons": check_lessons, "drag": check_drag, "bounce": check_bounce}
    failures = modes[args.mode](args)
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
