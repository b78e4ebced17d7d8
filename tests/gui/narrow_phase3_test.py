#!/usr/bin/env python3
"""GUI tests of the 3D narrow-phase lab ("Narrow phase 3D"), run under Xvfb by CTest.

  narrow_phase3_test.py --exe collision-lab --scenes DIR screenshots --out DIR
      Renders curated 3D scenes with `collision-lab screenshot --camera ... --dump-state` and checks pixels where
      the dump's cameras project things: A's blue and B's orange at their centres in the world view, A - B's
      purple in the Minkowski view, the origin marker green when A - B misses it and red when it holds it, GJK's
      simplex changing the Minkowski view between steps with the kept feature (from `collision-lab trace`) drawn
      in the accent colour, EPA's polytope adding its iteration colours with its closest face outlined, and
      another --camera giving another picture of the same step.
  narrow_phase3_test.py --exe collision-lab --scenes DIR drag --out DIR
      Starts the real app on a copy of 3d_01_far_apart.json with --dump-state, drags shape B onto A with xdotool,
      orbits by dragging empty space, saves with Ctrl+S (the scene file keeps B's position and the camera), steps
      with the Right arrow, picks the +X view with Alt+1, quits with Ctrl+Q and checks the saved scene and the dump.
  narrow_phase3_test.py --exe collision-lab --scenes DIR lesson --out DIR
      Drags B in the real window: the dump's lesson is no longer current and its notice says "moved B"; after
      Ctrl+Z it is current again (the shell's lesson notice, app/shell/lab_shell.cpp's drawLesson).
  narrow_phase3_test.py --exe collision-lab --scenes DIR refusals --out DIR
      A 3D scene in the 2D lab is refused saying it is 3D, a 2D scene in the 3D lab saying it is 2D; a scene that
      names its lab opens there whatever --lab says, with a one-line notice that --lab was not used.
  narrow_phase3_test.py --exe collision-lab --scenes DIR reduced --out DIR
      A mesh pair draws no A - B and no origin verdict, names B on the mesh, and the inspector's Type row turns the
      mesh into a box in the real window (saved with Ctrl+S); a hull of 16 points with 8 vertices warns which were
      dropped on opening and saves the 16.
  narrow_phase3_test.py --exe collision-lab --scenes DIR timing [--algorithm epa] --out DIR
      Drags one of two 64-point hulls (3d_08_hull_most_iterations.json) in many small moves and prints the
      re-record times (recordQuery per drag frame) and the frame times of the dump, with the scene's algorithm
      (GJK distance) or --algorithm's. Run by hand: tests never time.
All need a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- narrow_phase3_test.py ...).

[SECTION] The app: screenshots and the orbit camera's projection
[SECTION] Screenshots
[SECTION] Drag, orbit, keys in the real window
[SECTION] Refusals: a scene of the other space
[SECTION] Shapes the algorithms refuse or reduce: a mesh, a hull's dropped points
"""

import argparse
import json
import math
import os
import shutil
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import (read_png, pixel, count_near, differing, xdotool, press, find_window, run_app,  # noqa: E402
                        start_app, fresh_directory, drag, quit_app, dump_after)

WIDTH, HEIGHT = 1600, 1000
LAB = "Narrow phase 3D"
GREEN, RED = (0x5f, 0xd6, 0x8a), (0xff, 0x5c, 0x5c)  # palette kSeparated and kHit: the origin marker
BACKGROUND = (0x1b, 0x1e, 0x24)  # palette kBackground


# [SECTION] The app: screenshots and the orbit camera's projection

def screenshot(args, scene, algorithm, step, out, camera=None, extra=()):
    """Renders one frame; returns (image, dump) where the dump is the shell's --dump-state (views, cameras).
    `extra`: more options of the command (--no-follow, --ui-scale 200)."""
    dump_path = out.replace(".png", ".json")
    command = [args.exe, "screenshot", "--scene", scene, "--lab", LAB, "--algo", algorithm, "--size",
               f"{WIDTH}x{HEIGHT}", "-o", out, "--dump-state", dump_path]
    if step is not None:
        command += ["--step", str(step + 1)]  # `step` is the dump's index from 0; --step counts from 1
    if camera is not None:
        command += ["--camera", ",".join(str(value) for value in camera)]
    command += list(extra)
    result = run_app(command)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return read_png(out), json.load(open(dump_path))


def project(view, point):
    """Window pixel of a world point in a spatial view of the dump: app/render/orbit_camera.cpp's project()
    (yaw about +Y, yaw 0 looking down -Z, pitch above the horizon; a pinhole whose vertical field is 45 degrees;
    orthographic at the target's scale)."""
    yaw, pitch = math.radians(view["yaw"]), math.radians(view["pitch"])
    forward = (-math.cos(pitch) * math.sin(yaw), -math.sin(pitch), -math.cos(pitch) * math.cos(yaw))
    right = (math.cos(yaw), 0.0, -math.sin(yaw))
    up = (right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
          right[0] * forward[1] - right[1] * forward[0])
    eye = [t - view["distance"] * f for t, f in zip(view["target"], forward)]
    relative = [p - e for p, e in zip(point, eye)]
    x, y, z = (sum(a * b for a, b in zip(relative, axis)) for axis in (right, up, forward))
    left, top, width, height = view["rect"]
    focal = 0.5 * height / math.tan(math.radians(22.5))
    scale = focal / z if view["projection"] == "perspective" else focal / view["distance"]
    return round(left + 0.5 * width + scale * x), round(top + 0.5 * height - scale * y)


def trace(args, scene, algorithm):
    """`collision-lab trace` of the scene's pair: every step with its simplex or polytope (what the lab draws)."""
    shapes = [{key: value for key, value in shape.items() if key not in ("name", "motion")}
              for shape in json.load(open(scene))["shapes"]]
    pair = os.path.join(args.out, "pair_" + os.path.basename(scene))
    json.dump({"id": os.path.basename(scene), "a": shapes[0], "b": shapes[1]}, open(pair, "w"))
    result = run_app([args.exe, "trace", pair, "--algo", algorithm])
    if result.returncode != 0:
        raise AssertionError(f"collision-lab trace {pair} failed ({result.returncode}): {result.stderr}")
    return json.loads(result.stdout)


def view_box(view, inset=6, title=30):
    """A view's rectangle less its border and title line: (x0, y0, x1, y1)."""
    left, top, width, height = (round(value) for value in view["rect"])
    return left + inset, top + title, left + width - inset, top + height - inset


def around(centre, half):
    return centre[0] - half, centre[1] - half, centre[0] + half + 1, centre[1] + half + 1


def inside(view, point, margin=20):
    box = view_box(view)
    return box[0] + margin <= point[0] < box[2] - margin and box[1] + margin <= point[1] < box[3] - margin


# Colour classes, by hue rather than exact values: the shapes are shaded and translucent, so their pixels are the
# palette colour lit and blended over the background (0x1b1e24), not the colour itself.
def bluish(c): return c[2] - c[0] >= 30 and c[2] > c[1] > c[0]                # A: 0x4a9eff (not A - B's purple)
def orangish(c): return c[0] - c[2] >= 40 and c[0] > c[1]                     # B: 0xffa94a
def purplish(c): return c[2] - c[1] >= 12 and c[2] > c[0] >= c[1]            # A - B: 0xb48cff
def redish(c): return c[0] - c[1] >= 60 and c[0] - c[2] >= 60                # kHit: 0xff5c5c, dimmed behind faces
def teal(c): return c[1] - c[0] >= 20 and c[2] >= c[1] - 10 and c[1] < 180   # EPA's iteration-1 face: 0x4ec9b0


def share(image, box, test, stride=1):
    hits = total = 0
    for y in range(box[1], box[3], stride):
        for x in range(box[0], box[2], stride):
            total += 1
            hits += test(pixel(image, x, y))
    return hits / max(total, 1)


def count(image, box, test, stride=2):
    return sum(test(pixel(image, x, y)) for y in range(box[1], box[3], stride) for x in range(box[0], box[2], stride))


# [SECTION] Screenshots

def accentish(c):
    """The accent colour, or the faint dashed look of its parts behind A - B's surface (renderer3d.h's on-top layer)."""
    return c[0] > 120 and c[0] - c[2] >= 50 and c[1] - c[2] >= 40


def check_segments(name, image, view, segments, markers, failures):
    """Each world segment drawn in the accent colour: 17 points between its ends, each within 2 pixels of an accent
    pixel (full, or faint where the segment is behind A - B's surface), except near the world points of `markers`
    (the origin and the closest point are drawn on top)."""
    covered = [project(view, marker) for marker in markers]
    for start, end in segments:
        a, b = project(view, start), project(view, end)
        found = tried = 0
        for i in range(17):
            t = 0.1 + 0.05 * i
            point = (round(a[0] + t * (b[0] - a[0])), round(a[1] + t * (b[1] - a[1])))
            if any(math.dist(point, marker) < 10 for marker in covered):
                continue
            tried += 1
            box = around(point, 2)
            found += any(accentish(pixel(image, x, y)) for y in range(box[1], box[3]) for x in range(box[0], box[2]))
        if tried < 5 or found < tried - 1:
            failures.append(f"{name}: the highlighted segment {a} - {b} is accent-coloured at {found} of {tried} points")


def check_shapes(name, image, dump, failures):
    """A's blue at A's centre, B's orange at B's centre, each where the world view's camera projects it."""
    world = dump["views"][0]
    for index, (label, test, other) in enumerate((("A's blue", bluish, orangish), ("B's orange", orangish, bluish))):
        centre = project(world, dump["shapes"][index]["position"])
        if not inside(world, centre):
            failures.append(f"{name}: shape {index} projects to {centre}, outside the world view {world['rect']}")
            continue
        box = around(centre, 10)
        if share(image, box, test) < 0.5:
            failures.append(f"{name}: {label} covers only {share(image, box, test):.0%} of 21x21 pixels at {centre}")
        if share(image, box, other) > 0.1:
            failures.append(f"{name}: the other shape's colour at {label[:3]} centre {centre}")


def check_origin(name, image, dump, colour, failures):
    """The origin marker in the Minkowski view, in the colour that says inside (red) or outside (green): a disc, or
    inside A - B (behind its surface) a ring of radius 6, so the pixels within 7 of it are counted."""
    minkowski = dump["views"][1]
    origin = project(minkowski, (0, 0, 0))
    if not inside(minkowski, origin):
        failures.append(f"{name}: the origin projects to {origin}, outside the Minkowski view {minkowski['rect']}")
        return
    wrong = GREEN if colour == RED else RED
    marker = count_near(image, around(origin, 7), colour, 40)
    if marker < 12: failures.append(f"{name}: only {marker} of 225 pixels at the origin {origin} are {colour}")
    if count_near(image, around(origin, 7), wrong, 40) > 0:
        failures.append(f"{name}: the origin marker at {origin} shows the colour {wrong} of the other answer")


def check_world_labels(name, dump, failures):
    """The world view's labels (the dump's world_labels: text and window-pixel anchor): each shape's name lies nearer
    that shape's witness ("a: ..." for A) than the other's, and every dot of the result is named: the point on A and
    on B (labelled so, or the step's witness labels are at the same pixel). 3d_04's identical cubes put "shape A"
    beside "b: farthest on B along -n" and left the result's pair of dots unnamed (review s31, A14)."""
    labels = dump["world_labels"]
    at = lambda prefix: [label["anchor"] for label in labels if label["text"].startswith(prefix)]  # noqa: E731
    apart = lambda p, q: math.hypot(p[0] - q[0], p[1] - q[1])  # noqa: E731
    for own, other, shape in (("a: ", "b: ", "shape A"), ("b: ", "a: ", "shape B")):
        names, mine, theirs = at(shape), at(own), at(other)
        if len(names) != 1 or not mine or not theirs:
            failures.append(f"{name}: expected one '{shape}' and the witnesses '{own}...', '{other}...' in {labels}")
            continue
        if apart(names[0], mine[0]) >= apart(names[0], theirs[0]):
            failures.append(f"{name}: '{shape}' at {names[0]} is nearer the other shape's witness {theirs[0]} than its own "
                            f"{mine[0]}")
    view = dump["views"][0]
    for key, words in (("point_a", "point on A"), ("point_b", "point on B")):
        point = dump["result"][key]
        if point is None:
            continue
        dot = project(view, point)
        named = [label for label in labels if apart(label["anchor"], dot) < 2 and label["text"] != "depth " + str(dump["result"]["depth"])]
        if not named:
            failures.append(f"{name}: the result's {words} (pixel {dot}) is drawn with no label anchored on it: {labels}")


def check_screenshots(args):
    failures = []
    out = lambda name: os.path.join(args.out, name)  # noqa: E731
    scene = lambda name: os.path.join(args.scenes, name)  # noqa: E731

    # Far apart, GJK boolean (one step): A and B where the camera puts them, A - B in purple, the origin outside.
    # --no-follow: these checks are about the whole of A - B, which following the step's one point zooms past.
    far, far_dump = screenshot(args, scene("3d_01_far_apart.json"), "gjk", 0, out("np3_far_gjk.png"), extra=("--no-follow",))
    world, minkowski = view_box(far_dump["views"][0]), view_box(far_dump["views"][1])
    check_shapes("far apart", far, far_dump, failures)
    if far_dump["minkowski"]["contains_origin"] or far_dump["hit"]:
        failures.append(f"far apart: the dump says the origin is inside: {far_dump['minkowski']}")
    check_origin("far apart", far, far_dump, GREEN, failures)
    purple = count(far, minkowski, purplish)
    if purple < 5000: failures.append(f"far apart: A - B's purple: only {purple} sampled pixels in the Minkowski view")
    if count(far, world, purplish) > 200: failures.append("far apart: A - B's purple in the world view")
    if count(far, minkowski, bluish) > 300: failures.append("far apart: A's blue in the Minkowski view")

    # The same step from another camera: the dump keeps the camera asked for, and the picture changes with it.
    camera = (120, 35, 20)
    turned, turned_dump = screenshot(args, scene("3d_01_far_apart.json"), "gjk", 0, out("np3_far_camera.png"), camera,
                                     extra=("--no-follow",))
    # The world view takes the direction and the distance. The A - B pane looks across GJK's answer from the side
    # nearest that direction (Lab::fitDirection3): turned from it by no more than the tilt and the way across, and
    # fitted along its own direction.
    world_view = turned_dump["views"][0]
    got = (world_view["yaw"], world_view["pitch"], world_view["distance"])
    if any(abs(a - b) > 1e-6 for a, b in zip(got, camera)):
        failures.append(f"--camera {camera}: the world view has yaw, pitch, distance {got}")

    def forward(yaw, pitch):
        yaw, pitch = math.radians(yaw), math.radians(pitch)
        return (-math.cos(pitch) * math.sin(yaw), -math.sin(pitch), -math.cos(pitch) * math.cos(yaw))
    pane = turned_dump["views"][1]
    turn = math.degrees(math.acos(min(1.0, sum(a * b for a, b in zip(forward(*camera[:2]), forward(pane["yaw"], pane["pitch"]))))))
    if turn > 60:
        failures.append(f"--camera {camera}: the A - B pane turned {turn:.1f} degrees from it, not the smallest turn across")
    check_shapes("far apart, camera 120,35,20", turned, turned_dump, failures)
    check_origin("far apart, camera 120,35,20", turned, turned_dump, GREEN, failures)
    for box, what in ((world, "world"), (minkowski, "Minkowski")):
        changed = differing(far, turned, box)
        if changed < 20000: failures.append(f"--camera {camera}: the {what} view differs in only {changed} pixels")

    # GJK distance on two round hulls (11 steps): the simplex at step 3 (an edge, its slab, a dropped vertex) is
    # another picture than step 0's single vertex in the Minkowski view; a far corner of the world view stays.
    hull0, hull_dump = screenshot(args, scene("3d_08_hull_most_iterations.json"), "distance", 0, out("np3_hull_step0.png"))
    hull3, hull3_dump = screenshot(args, scene("3d_08_hull_most_iterations.json"), "distance", 3, out("np3_hull_step3.png"))
    world, minkowski = view_box(hull_dump["views"][0]), view_box(hull_dump["views"][1])
    changed = differing(hull0, hull3, minkowski)
    if changed < 2000: failures.append(f"hulls: the Minkowski view at step 3 differs from step 0 in only {changed} pixels")
    corner = (world[0] + 10, world[3] - 80, world[0] + 74, world[3] - 16)
    if differing(hull0, hull3, corner) > 0: failures.append("hulls: a far corner of the world view changed between steps")
    # The feature the origin is closest to (the trace's region, e.g. "edge w3-w0") is highlighted where it projects.
    step = trace(args, scene("3d_08_hull_most_iterations.json"), "distance")["gjk"][3]
    vertices = {vertex["name"]: vertex["point"] for vertex in step["simplex_before"]}
    kind, joined = step["region"].split()
    names = joined.split("-")
    if kind != "edge":
        failures.append(f"hulls: step 3's region is {step['region']}; this check expects an edge")
    else:
        check_segments(f"hulls, step 3, {step['region']}", hull3, hull3_dump["views"][1],
                       [(vertices[names[0]], vertices[names[1]])], [(0, 0, 0), step["closest_point"]], failures)

    # Follow the step (the shell's, as in the plane): at step 6 the A - B pane frames the small simplex, so its
    # vertex labels (w0, w3, w4, w5 and v) spread over the pane instead of piling within 100 pixels of each other as
    # they do with --no-follow, framing all of A - B (review s31, A16).
    spreads = {}
    for follow in (True, False):
        _, dump = screenshot(args, scene("3d_08_hull_most_iterations.json"), "distance", 5,
                             out(f"np3_hull_step5_{'follow' if follow else 'still'}.png"),
                             extra=() if follow else ("--no-follow",))
        anchors = [label["anchor"] for label in dump["minkowski_labels"] if label["text"][0] in "wv"]
        spreads[follow] = (max((math.dist(p, q) for i, p in enumerate(anchors) for q in anchors[i + 1:]), default=0),
                           dump["views"][1]["distance"], len(anchors))
    if spreads[True][2] != 5 or spreads[True][0] < 180 or spreads[True][1] > 0.5 * spreads[False][1]:
        failures.append(f"hulls, step 5, following: the vertex labels spread over {spreads[True][0]:.0f} px (of "
                        f"{spreads[True][2]} labels; 180 wanted) at distance {spreads[True][1]:.3g} (still: "
                        f"{spreads[False][0]:.0f} px at {spreads[False][1]:.3g})")

    # The pane titles at 150 and 200 %: each inside its pane ("Minkowski difference A - B, and the o" was cut at 200 %),
    # and the band beside it, across the pane, free of the scene (3d_10's floor edge ran along the title at 150 %).
    for percent, name in ((150, "3d_10_sizes_1_to_1000.json"), (200, "3d_02_face_face_touching.json")):
        image, dump = screenshot(args, scene(name), "distance", 0, out(f"np3_titles_{percent}.png"),
                                 extra=("--ui-scale", str(percent)))
        for view in dump["views"]:
            left, top, width, height = view["rect"]
            box = view["title_box"]
            if box is None or box[2] > left + width - 4:
                failures.append(f"{name} at {percent} %: the title '{view['title']}' ({box}) does not fit its pane {view['rect']}")
                continue
            band = (round(box[2]) + 6, round(top) + 2, round(left + width) - 6, round(box[3]) - 1)
            scene_pixels = band_area = 0
            for y in range(band[1], band[3]):
                for x in range(band[0], band[2], 2):
                    band_area += 1
                    scene_pixels += sum(abs(a - b) for a, b in zip(pixel(image, x, y), BACKGROUND)) > 24
            if scene_pixels > 0:
                failures.append(f"{name} at {percent} %: {scene_pixels} of {band_area} pixels beside the title "
                                f"'{view['title']}' ({band}) are the scene's, not the background")

    # Identical cubes, GJK + EPA (2 GJK steps, then 8 EPA iterations): the origin inside, red; EPA's polytope at
    # step 7 has faces of later iterations (teal for the first) that GJK's last step does not.
    gjk_end, cubes_dump = screenshot(args, scene("3d_04_identical_cubes.json"), "epa", 1, out("np3_cubes_step1.png"))
    epa, epa_dump = screenshot(args, scene("3d_04_identical_cubes.json"), "epa", 7, out("np3_cubes_step7.png"))
    minkowski = view_box(cubes_dump["views"][1])
    if not cubes_dump["minkowski"]["contains_origin"] or not cubes_dump["hit"]:
        failures.append(f"identical cubes: the dump says the origin is outside: {cubes_dump['minkowski']}")
    check_origin("identical cubes, step 1", gjk_end, cubes_dump, RED, failures)
    before, after = count(gjk_end, minkowski, teal), count(epa, minkowski, teal)
    if after < 1000 or before > 200:
        failures.append(f"identical cubes: EPA's iteration colours: {before} teal pixels at step 1, {after} at step 7")
    # EPA's closest face outlined in the accent colour (index 7 is EPA's fifth iteration, after GJK's 2 steps and
    # EPA's start); its
    # edges on the horizon carry the horizon's red arrows on top.
    polytope = trace(args, scene("3d_04_identical_cubes.json"), "epa")["epa"][4]
    face = polytope["faces"][polytope["closest_face"]]["vertices"]
    horizon = {frozenset(edge) for edge in polytope["horizon"]}
    edges = [(face[i], face[(i + 1) % 3]) for i in range(3) if frozenset((face[i], face[(i + 1) % 3])) not in horizon]
    if not edges: failures.append("identical cubes, step 7: every edge of the closest face is on the horizon")
    check_segments("identical cubes, step 7, closest face", epa, epa_dump["views"][1],
                   [(polytope["vertices"][i]["point"], polytope["vertices"][j]["point"]) for i, j in edges],
                   [(0, 0, 0)], failures)
    # EPA's last step (index 10): n, red, from the origin down to the closest face at distance 2 (normal (0, -1, 0)),
    # as the plane's lab draws "n, distance 2". An unlabelled red arrow went up instead, to -depth x normal.
    last, last_dump = screenshot(args, scene("3d_04_identical_cubes.json"), "epa", 10, out("np3_cubes_last.png"))
    normal, depth = last_dump["result"]["normal"], last_dump["result"]["depth"]
    view = last_dump["views"][1]

    def red_along(sign):
        found = 0
        for i in range(9):
            t = 0.3 + 0.05 * i
            point = project(view, [sign * t * depth * n for n in normal])
            box = around(point, 2)  # red, full or dimmed behind A - B's surface
            found += any(redish(pixel(last, x, y)) for y in range(box[1], box[3]) for x in range(box[0], box[2]))
        return found
    # 3d_10's floor is 1000 wide: its name went to a point far off screen and the view was a blue expanse nobody
    # named. The name is anchored where the world view shows it, and the side panel's vertex table fits the panel.
    floor, floor_dump = screenshot(args, scene("3d_10_sizes_1_to_1000.json"), "distance", 5, out("np3_floor.png"))
    anchor = project(floor_dump["views"][0], floor_dump["name_anchors"][0])
    if not inside(floor_dump["views"][0], anchor):
        failures.append(f"floor: shape A's name is anchored at {anchor}, outside the world view {floor_dump['views'][0]['rect']}")
    block = floor_dump["step_block"]
    if block["right"] > block["panel_right"]:
        failures.append(f"floor: the vertex table reaches x = {block['right']}, past the panel's {block['panel_right']}")
    # Review s33, A3: a cube of half-extent 1000 and a unit cube B overlapping it by 0.5, opened with no view of its
    # own: the world view frames B and the contact (B's 2 units a third of the view's width or more), not A's 2000,
    # and says so.
    ratio_scene = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli", "data", "ratio_1_to_1000_3d.json")
    _, ratio_dump = screenshot(args, ratio_scene, "epa", None, out("np3_ratio.png"))
    ratio_view = ratio_dump["views"][0]
    left, right = project(ratio_view, [999.5, 0, 0]), project(ratio_view, [1001.5, 0, 0])
    if abs(right[0] - left[0]) < ratio_view["rect"][2] / 6:
        failures.append(f"1 : 1000: B is {abs(right[0] - left[0]):.0f} px wide in a {ratio_view['rect'][2]:.0f} px view")
    captions = [t["text"] for t in ratio_view["texts"] if t["kind"] == "caption"]
    if "framed on B and the contact; F shows both" not in captions:
        failures.append(f"1 : 1000: the world view does not say it is framed on B: {captions}")
    toward, away = red_along(1), red_along(-1)
    if toward < 7 or away > 1:
        failures.append(f"identical cubes, EPA's last step: red at {toward} of 9 points from O toward the closest face "
                        f"(depth x normal) and at {away} of 9 the other way")
    check_world_labels("identical cubes, EPA's last step", last_dump, failures)
    check_sat_edges(args, out, scene, failures)
    return failures


def check_sat_edges(args, out, scene, failures):
    """3d_03, SAT's step 8 (edge 0 of A x edge 1 of B, review s34 A8): the world view draws both edges thick and on top
    in their shapes' colours (A's 0x4a9eff, B's 0xffa94a) along the segments the dump names, and labels them as the
    narration names them. Thick: the shapes' own outlines run along the same edges in the same colours, a pixel or
    two wide, so the check counts the colour's width across the segment."""
    image, dump = screenshot(args, scene("3d_03_edge_edge_crossing.json"), "sat", 7, out("np3_sat_edges.png"))
    edges = dump.get("sat_edges")
    if not edges or [(e["shape"], e["index"]) for e in edges] != [("A", 0), ("B", 1)]:
        failures.append(f"3d_03 SAT step 8: the dump names no edges A 0 and B 1: {edges}")
        return
    view = dump["views"][0]
    colours = {"A": (0x4a, 0x9e, 0xff), "B": (0xff, 0xa9, 0x4a)}
    for edge in edges:
        a, b = project(view, edge["from"]), project(view, edge["to"])
        length = math.dist(a, b)
        if length < 40:
            failures.append(f"3d_03 SAT step 8: edge {edge['index']} of {edge['shape']} is {length:.0f} px long on screen")
            continue
        across = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)
        thick = 0
        for i in range(9):
            t = 0.1 + 0.1 * i
            centre = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            width = sum(math.dist(pixel(image, round(centre[0] + k * across[0]), round(centre[1] + k * across[1])),
                                  colours[edge["shape"]]) < 40 for k in range(-6, 7))
            thick += width >= 4
        if thick < 6:
            failures.append(f"3d_03 SAT step 8: edge {edge['index']} of {edge['shape']} ({a} - {b}) is drawn 4 px wide in "
                            f"its colour at {thick} of 9 points")
    labels = [label["text"] for label in dump["world_labels"]]
    for name in ("edge 0 of A", "edge 1 of B"):
        if name not in labels:
            failures.append(f"3d_03 SAT step 8: no world label {name!r}: {labels}")
    if "edge 0 of A (its local x, now (0.7071, 0.7071, 0))" not in dump["narration"]:
        failures.append(f"3d_03 SAT step 8: the narration gives no edge directions: {dump['narration']}")


# [SECTION] Drag, orbit, keys in the real window

def run_session(args, scene_name, actions, algorithm=None):
    """Opens a copy of scene_name (with `algorithm` instead of the scene's, when given) in the real window with
    fresh settings, runs actions(window, world view, window pixels of A and B), quits with Ctrl+Q; returns (the
    scene as it was, the copy as saved, the dump)."""
    home = fresh_directory(args.out, "home")
    # A copy of the scene: Ctrl+S writes B's position and the world view's camera back into it.
    scene_path = os.path.join(home, scene_name)
    scene = json.load(open(os.path.join(args.scenes, scene_name)))
    if algorithm is not None:
        scene["algorithm"] = algorithm
    json.dump(scene, open(scene_path, "w"))
    # Where A and B are: the screenshot renders the frame the window shows first (same size, same fitted cameras).
    image, start = screenshot(args, scene_path, scene["algorithm"], None, os.path.join(args.out, "drag_start.png"))
    world = start["views"][0]
    a, b = (project(world, shape["position"]) for shape in start["shapes"])
    if share(image, around(b, 10), orangish) < 0.5:
        raise AssertionError(f"B's centre projects to {b}, but the pixels there are not B's orange")

    dump_path = os.path.join(args.out, "dump_" + scene_name)
    if os.path.exists(dump_path):
        os.remove(dump_path)
    # Fresh settings that open the window at the screenshot's size, so the layout and the fitted cameras match.
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "collision-lab"))
    with open(os.path.join(config, "collision-lab", "settings.json"), "w") as settings:
        json.dump({"windowWidth": WIDTH, "windowHeight": HEIGHT}, settings)
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config)
    command = [args.exe, "--lab", LAB, "--scene", scene_path, "--dump-state", dump_path]
    process = start_app(command, environment)
    try:
        window = find_window(process)
        actions(window, world, a, b)
        quit_app(process)
    finally:
        if process.poll() is None:
            process.kill()
    return scene, json.load(open(scene_path)), json.load(open(dump_path))


def check_drag(args):
    failures = []
    world = None

    def actions(window, view, a, b):
        nonlocal world
        world = view
        drag(window, b, a, 20)  # B onto A, on the plane through the grabbed point facing the camera
        # B's grabbed point stays at its depth, in front of A: Shift-drag up the screen pushes it away from the
        # camera, into A (one pixel per pixel at its depth; ~100 pixels are ~1.6 units at this zoom).
        xdotool("keydown", "shift")
        try:
            drag(window, a, (a[0], a[1] - 100), 10)
        finally:
            xdotool("keyup", "shift")
        box = view_box(world)
        empty = (box[0] + (box[2] - box[0]) // 2, box[1] + 120)  # above the shapes, below the view's title
        drag(window, empty, (empty[0] + 120, empty[1] + 60), 10)  # orbit: yaw -0.96 rad, pitch +0.48 rad
        press("ctrl", "s")
        press("Right")
        press("alt", "1")  # View from +X: yaw 90 degrees, pitch 0
        time.sleep(0.3)

    scene, saved, dump = run_session(args, "3d_01_far_apart.json", actions)
    # Ctrl+S after the drag and the orbit: B moved toward A, and the camera turned.
    before, after = scene["shapes"][1]["position"], saved["shapes"][1]["position"]
    if math.dist(before, after) < 1.0: failures.append(f"B did not move: {before} -> {after}")
    if "view" not in saved:
        failures.append("the saved scene has no view")
    else:
        turned = saved["view"]
        if abs(turned["yaw"] - world["yaw"]) < 10 or abs(turned["pitch"] - world["pitch"]) < 5:
            failures.append(f"orbiting did not turn the camera: yaw {world['yaw']:.1f} -> {turned['yaw']:.1f}, "
                            f"pitch {world['pitch']:.1f} -> {turned['pitch']:.1f}")
    # The dump at Ctrl+Q: B where it was saved, now touching A; the step moved; Alt+1 looks from +X.
    if dump["lab"] != LAB: failures.append(f"the dump is of the lab {dump['lab']}")
    if math.dist(dump["shapes"][1]["position"], after) > 1e-9:
        failures.append(f"B moved after the save: {after} -> {dump['shapes'][1]['position']}")
    if not dump["hit"]: failures.append(f"dragging B onto A did not make a hit: {dump['result']}")
    if dump["step_index"] == 0:
        failures.append(f"the Right arrow did not change the step index (step count {dump['step_count']})")
    for view in dump["views"]:
        if abs(view["yaw"] - 90) > 1e-6 or abs(view["pitch"]) > 1e-6:
            failures.append(f"Alt+1: the view '{view['title']}' has yaw {view['yaw']}, pitch {view['pitch']}")
    if not dump.get("narration"): failures.append("the dump has no narration")
    print(json.dumps({"b": [before, after], "view": saved.get("view"), "hit": dump["hit"],
                      "step": [dump["step_index"], dump["step_count"]],
                      "cameras": [(v["yaw"], v["pitch"]) for v in dump["views"]]}))
    return failures


def check_lesson(args):
    """The scene's lesson is about the scene as opened: after a drag of B it says so (dimmed under a notice naming
    what moved), and after Ctrl+Z it describes the screen again."""
    failures = []
    scene_name = "3d_01_far_apart.json"

    def dragged(window, world, a, b):
        drag(window, b, a, 10)

    def dragged_and_undone(window, world, a, b):
        drag(window, b, a, 10)
        press("ctrl", "z")
        time.sleep(0.3)

    _, _, moved = run_session(args, scene_name, dragged)
    _, _, undone = run_session(args, scene_name, dragged_and_undone)
    scene = json.load(open(os.path.join(args.scenes, scene_name)))
    for name, dump, current in (("after the drag", moved, False), ("after Ctrl+Z", undone, True)):
        lesson = dump["lesson"]
        if lesson["text"] != scene["lesson"]: failures.append(f"{name}: the lesson is {lesson['text']!r}")
        if lesson["current"] != current:
            failures.append(f"{name}: the lesson is {'not ' if current else ''}current: {lesson}")
    if math.dist(moved["shapes"][1]["position"], scene["shapes"][1]["position"]) < 0.5:
        failures.append(f"the drag did not move B: {moved['shapes'][1]['position']}")
    if moved["lesson"]["changes"] != "moved B":
        failures.append(f"after the drag the notice says {moved['lesson']['changes']!r}, expected 'moved B'")
    if math.dist(undone["shapes"][1]["position"], scene["shapes"][1]["position"]) > 1e-9:
        failures.append(f"Ctrl+Z did not put B back: {undone['shapes'][1]['position']}")
    print(json.dumps({"after drag": moved["lesson"], "after undo": undone["lesson"]}))
    return failures


def check_timing(args):
    """Two 64-point hulls (3d_08): B dragged across A in many small moves, re-recorded on every drag frame, with
    the scene's algorithm (GJK distance) or --algorithm's (epa: the polytope and its labels drawn)."""
    def actions(window, world, a, b):
        drag(window, b, a, 60)

    _, _, dump = run_session(args, "3d_08_hull_most_iterations.json", actions, args.algorithm)
    record, frames = dump["record_time_us"], dump["frameTimeMs"]
    print(f"two 64-point hulls, {dump['algorithm']}: {record['count']} recordings, last {record['last']:.1f} us, "
          f"max {record['max']:.1f} us; frames at {WIDTH}x{HEIGHT}: mean {frames['mean']:.2f} ms, "
          f"max {frames['max']:.2f} ms over {frames['frames']} frames; processor time {frames['cpuMean']:.2f} ms "
          f"per frame (all the app's threads)")
    failures = []
    if record["count"] < 10:
        failures.append(f"only {record['count']} recordings: the drag did not reach the shape")
    return failures


# [SECTION] Refusals: a scene of the other space

def check_refusals(args):
    """A scene's "lab" picks its lab (a --lab naming another is said to be unused); without one, --lab does, and the
    lab refuses shapes of the other space."""
    failures = []
    work = fresh_directory(args.out, "scenes")
    cases = (("3d_01_far_apart.json", "Narrow phase", "3D"), ("01_far_apart.json", LAB, "2D"))
    for name, lab, space in cases:
        scene = json.load(open(os.path.join(args.scenes, name)))
        for variant, lab_field in (("no lab", None), ("the other lab", lab)):
            copy = os.path.join(work, f"{variant.replace(' ', '_')}_{name}")
            if lab_field is None:
                scene.pop("lab", None)
            else:
                scene["lab"] = lab_field
            json.dump(scene, open(copy, "w"))
            command = [args.exe, "screenshot", "--lab", lab, "--scene", copy, "--size", "400x300",
                       "-o", os.path.join(args.out, "refused.png")]
            result = run_app(command)
            what = f"a {space} scene ({variant}) in \"{lab}\""
            if result.returncode != 1:
                failures.append(f"{what}: exit {result.returncode}, expected 1: {result.stdout}{result.stderr}")
            elif f"shapes are {space}" not in result.stderr or copy not in result.stderr:
                failures.append(f"{what}: the message does not name the file and say the shapes are {space}: "
                                f"{result.stderr}")
    # A scene that names its lab opens there whatever --lab says, with a one-line notice; no notice when they agree.
    scene = json.load(open(os.path.join(args.scenes, "3d_01_far_apart.json")))
    copy = os.path.join(work, "named_lab_3d_01_far_apart.json")
    json.dump(scene, open(copy, "w"))
    for requested, notice in (("Shapes", True), (LAB, False)):
        dump_path = os.path.join(args.out, "named_lab.json")
        command = [args.exe, "screenshot", "--lab", requested, "--scene", copy, "--size", "400x300",
                   "-o", os.path.join(args.out, "named_lab.png"), "--dump-state", dump_path]
        result = run_app(command)
        what = f"--lab \"{requested}\" with a scene naming \"{scene['lab']}\""
        if result.returncode != 0:
            failures.append(f"{what}: exit {result.returncode}: {result.stderr}")
            continue
        if json.load(open(dump_path))["lab"] != scene["lab"]:
            failures.append(f"{what}: the scene did not open in its lab")
        said = f'--lab "{requested}" was not used' in result.stderr and scene["lab"] in result.stderr
        if said != notice:
            failures.append(f"{what}: expected {'a' if notice else 'no'} notice, got {result.stderr!r}")
    return failures


# [SECTION] Shapes the algorithms refuse or reduce: a mesh, a hull's dropped points

MESH_FAR = {"format": "collision-lab-scene", "version": 2, "title": "mesh far", "lab": LAB, "algorithm": "epa",
            "shapes": [{"name": "A", "type": "box", "half_extents": [1, 1, 1]},
                       {"name": "B", "type": "mesh", "vertices": [[-2, 0, 5], [2, 0, 5], [0, 0.5, 5], [0, 0.5, 6]],
                        "triangles": [[0, 1, 2], [0, 1, 3]]}]}
CUBE = [[x, y, z] for z in (-0.5, 0.5) for y in (-0.5, 0.5) for x in (-0.5, 0.5)]
HULL_16 = CUBE + [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0, 0, 0.5], [0, 0, -0.5], [0.5, 0, 0], [0, 0.5, 0.5],
                  [0.25, 0.25, 0.5], [0, 0, 0]]
HULL_DUP = {"format": "collision-lab-scene", "version": 2, "title": "hulldup", "lab": LAB, "algorithm": "epa",
            "shapes": [{"name": "A", "type": "hull", "points": HULL_16},
                       {"name": "B", "type": "box", "position": [0.1, 0.2, 0.75], "half_extents": [0.5, 0.5, 0.5]}]}


def check_reduced_shapes(args):
    """A mesh pair (review s34, A1): the Minkowski view draws no A - B and gives the origin no verdict, the world's
    "shape B" sits on the mesh, and the inspector's Type row (filed in the dump's "inspector") turns the mesh into a
    box in the real window. A hull of 16 points with 8 vertices (A11): opening it warns which were dropped, and
    Ctrl+S writes the 16 points back."""
    failures = []
    work = fresh_directory(args.out, "reduced")
    mesh_path = os.path.join(work, "mesh_far.json")
    json.dump(MESH_FAR, open(mesh_path, "w"))
    image, dump = screenshot(args, mesh_path, "epa", None, os.path.join(args.out, "np3_mesh_far.png"))
    minkowski = dump["views"][1]
    if dump["minkowski"].get("absent") != "no A - B: B is a mesh, which has no support function":
        failures.append(f"mesh pair: the Minkowski dump says {dump['minkowski']}")
    verdicts = [label["text"] for label in dump["minkowski_labels"] if label["text"].startswith("origin:")]
    if verdicts: failures.append(f"mesh pair: the Minkowski view gives the origin a verdict: {verdicts}")
    purple = share(image, view_box(minkowski), purplish, stride=3)
    if purple > 0.002: failures.append(f"mesh pair: {purple:.1%} of the Minkowski view is A - B's purple")
    if dump["name_anchors"][1][2] < 5.0:
        failures.append(f"mesh pair: 'shape B' is anchored at {dump['name_anchors'][1]}, not on the mesh (z 5 to 6)")
    type_row = dump["inspector"].get("B", {}).get("Type")
    if not type_row:
        failures.append(f"mesh pair: no Type row filed for B in {dump['inspector'].get('B')}")
        return failures
    centre = lambda rect: (round(rect[0] + rect[2] / 2), round(rect[1] + rect[3] / 2))  # noqa: E731  [x, y, w, h]

    def click(window, at):
        xdotool("mousemove", "--window", window, "--sync", str(at[0]), str(at[1]))
        time.sleep(0.2)
        xdotool("click", "1")
        time.sleep(0.5)

    # The open list's entries, filed while it is open; then a box picked from it and saved.
    home = fresh_directory(work, "home")
    opened = dump_after(args.exe, home, args.out, "np3_mesh_type_open.json", ["--lab", LAB, "--scene", mesh_path],
                        lambda window: click(window, centre(type_row[0])))
    items = opened["inspector"].get("B", {}).get("Type items", [])
    if len(items) != 9:
        failures.append(f"mesh pair: the open Type list files {len(items)} entries, expected the 9 types with a support")
        return failures

    def pick_box(window):
        click(window, centre(type_row[0]))
        click(window, centre(items[5]))  # box
        press("ctrl", "s")

    picked = dump_after(args.exe, fresh_directory(work, "home2"), args.out, "np3_mesh_to_box.json",
                        ["--lab", LAB, "--scene", mesh_path], pick_box)
    saved = json.load(open(mesh_path))
    if picked["shapes"][1]["type"] != "box" or saved["shapes"][1]["type"] != "box":
        failures.append(f"mesh pair: picking box in the Type row left B a {picked['shapes'][1]['type']} "
                        f"(saved: {saved['shapes'][1]['type']})")
    if not picked["result"]["ok"]: failures.append(f"mesh turned box: still refused: {picked['result']}")

    # The hull: a warning on opening, and the 16 points saved.
    hull_path = os.path.join(work, "hulldup.json")
    json.dump(HULL_DUP, open(hull_path, "w"))
    shown = dump_after(args.exe, fresh_directory(work, "home3"), args.out, "np3_hull_opened.json",
                       ["--lab", LAB, "--scene", hull_path], lambda window: None)
    dropped = "16 points given: 8 vertices; dropped: points 8 and 9 (= point 7), 10-14 on a face or an edge, 15 inside"
    if dropped not in shown.get("warningShown", ""):
        failures.append(f"hull: the app never said '{dropped}': warning {shown.get('warningShown')!r}")
    dump_after(args.exe, fresh_directory(work, "home4"), args.out, "np3_hull_saved.json",
               ["--lab", LAB, "--scene", hull_path], lambda window: (press("Escape"), press("ctrl", "s")))
    points = json.load(open(hull_path))["shapes"][0]["points"]
    if points != HULL_16:
        failures.append(f"hull: Ctrl+S wrote {len(points)} points, not the 16 given: {points}")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("mode", choices=["screenshots", "drag", "lesson", "refusals", "reduced", "timing"])
    parser.add_argument("--out", required=True)
    parser.add_argument("--algorithm", help="timing: run the scene with this algorithm (e.g. epa) instead of its own")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    modes = {"screenshots": check_screenshots, "drag": check_drag, "lesson": check_lesson, "refusals": check_refusals,
             "reduced": check_reduced_shapes, "timing": check_timing}
    failures = modes[args.mode](args)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
