#!/usr/bin/env python3
"""What a first press grabs, in the real window (review s35 A5, A12), run under Xvfb by CTest:

  mouse_grab_test.py --exe collision-lab --scenes DIR vertex --out DIR
      Narrow phase, nothing selected: a press on A's top vertex (vertex 3) and a drag down reshapes A on the first
      press (it moved the whole polygon); dragged on past the line of its neighbours the move is refused, and after
      the release the refusal and a "vertex N" label at each vertex it names are still in the view.
  mouse_grab_test.py --exe collision-lab --scenes DIR still --out DIR
      Continuous collision on ccd_02 (A a still circle): a press on A's centre and a drag move A (it set A's
      velocity: the end handle sat on the centre); A's end handle is parked beside A, and dragging it sets the
      velocity.
  mouse_grab_test.py --exe collision-lab --scenes DIR gizmo --out DIR
      Narrow phase 3D on 3d_03 (review s35 A10): B clicked, then pressed where the Z ring crosses the X arrow's
      shaft and dragged along it: B moves along x and does not turn; the world view says "B selected: ...".
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- mouse_grab_test.py ...).
"""

import json
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import fresh_directory, drag, dump_after, screenshot_dump, script_arguments, to_screen  # noqa: E402


def check_vertex(args):
    failures = []
    start = screenshot_dump(args.exe, args.out, "vertex_start", ["--lab", "Narrow phase"])
    view = start["views"][0]
    a = start["shapes"][0]
    if a["type"] != "polygon" or a["angle"] != 0:
        raise AssertionError(f"the default A should be an unturned polygon: {a}")
    local = a["vertices"][3]  # the top vertex
    top = (a["position"][0] + local[0], a["position"][1] + local[1])
    pixel = 1.0 / view["zoom"]
    press = to_screen(view, top)
    # Down to 0.2 above A's origin, below the line from vertex 2 to vertex 4: convex on the way, then refused.
    illegal = to_screen(view, (top[0], a["position"][1] + 0.2))
    home = fresh_directory(args.out, "home_vertex")
    dump = dump_after(args.exe, home, args.out, "vertex.json", ["--lab", "Narrow phase"],
                      lambda window: drag(window, press, illegal, 24))
    after = dump["shapes"][0]
    if after["position"] != a["position"]:
        failures.append(f"a press on A's vertex moved the whole polygon: {a['position']} -> {after['position']}")
    moved = after["vertices"][3] if after["type"] == "polygon" and len(after["vertices"]) == 5 else None
    if moved is None or not moved[1] < local[1] - 30 * pixel:
        failures.append(f"A's vertex 3 did not follow the press down (40 pixels and more): {local} -> {moved}")
    texts = [t["text"] for t in dump["views"][0]["texts"]]
    refusals = [t for t in texts if t.startswith("refused: ")]
    if not refusals:
        failures.append(f"no refusal in the view after dragging vertex 3 past its neighbours' line: {texts}")
    else:
        named = [word.strip(",") for word in refusals[0].split("vertex ")[1:]]
        for number in (n.split(" ")[0] for n in named):
            if f"vertex {number}" not in texts:
                failures.append(f"the refusal {refusals[0]!r} names vertex {number}, not labelled in the view: {texts}")
    print({"before": local, "after": moved, "position": after["position"], "refusals": refusals})
    return failures


def check_still(args):
    failures = []
    scene = os.path.join(args.scenes, "ccd_02_spinning_bar.json")
    start = screenshot_dump(args.exe, args.out, "still_start", ["--scene", scene])
    view = start["views"][0]
    a = start["motions"][0]
    if a["velocity"] != [0, 0]:
        raise AssertionError(f"ccd_02's A should be still: {a}")
    pixel = 1.0 / view["zoom"]
    a["start"] = json.load(open(scene))["shapes"][0]["position"]  # a circle: its anchor is its centre
    centre = to_screen(view, a["start"])
    left = (centre[0] - 80, centre[1])
    home = fresh_directory(args.out, "home_still")
    dump = dump_after(args.exe, home, args.out, "still.json", ["--scene", scene],
                      lambda window: drag(window, centre, left, 16))
    moved = dump["motions"][0]
    if moved["velocity"] != [0, 0]:
        failures.append(f"a press on the still A's centre set its velocity: {moved['velocity']}")
        return failures
    if abs(moved["start"][0] - (a["start"][0] - 80 * pixel)) > 3 * pixel or abs(moved["start"][1] - a["start"][1]) > 3 * pixel:
        failures.append(f"A did not follow the drag 80 pixels left: {a['start']} -> {moved['start']}")
    if not moved["end_parked"]:
        failures.append(f"the still A's end handle is not parked beside it: {moved}")
        return failures
    # The parked handle, dragged, sets the velocity: A's end goes where it is let go.
    handle = to_screen(dump["views"][0], moved["end_handle"])
    target_world = (moved["start"][0] - 1.0, moved["start"][1] - 1.0)
    home = fresh_directory(args.out, "home_still_end")
    ended = dump_after(args.exe, home, args.out, "still_end.json", ["--scene", scene],
                       lambda window: (drag(window, centre, left, 16),
                                       drag(window, handle, to_screen(dump["views"][0], target_world), 16)))
    velocity = ended["motions"][0]["velocity"]
    if abs(velocity[0] + 1.0) > 3 * pixel or abs(velocity[1] + 1.0) > 3 * pixel:
        failures.append(f"dragging the parked end handle should set A's velocity to (-1, -1): {velocity}")
    print({"start": [a["start"], moved["start"]], "velocity": [moved["velocity"], velocity],
           "end_handle": moved["end_handle"]})
    return failures


def check_gizmo(args):
    """Narrow phase 3D (3d_03): a click on B selects it; a press where the Z ring crosses the X arrow's shaft and a
    drag along the shaft move B along x (it turned B about z); the world view says what is selected."""
    from narrow_phase3_test import project  # the orbit camera's projection of a dump's view
    failures = []
    scene = os.path.join(args.scenes, "3d_03_edge_edge_crossing.json")
    start = screenshot_dump(args.exe, args.out, "gizmo_start", ["--scene", scene])
    view = start["views"][0]
    b = start["shapes"][1]
    centre = project(view, b["position"])
    # The gizmo's size in pixels at B's centre (app/widgets/gizmo3.h GizmoSize: rings of 60 pixels): the Z ring
    # meets the X shaft at 60 pixels along x, on screen where that world point projects.
    yaw, pitch = math.radians(view["yaw"]), math.radians(view["pitch"])
    forward = (-math.cos(pitch) * math.sin(yaw), -math.sin(pitch), -math.cos(pitch) * math.cos(yaw))
    focal = 0.5 * view["rect"][3] / math.tan(math.radians(22.5))
    depth = view["distance"] + sum((p - t) * f for p, t, f in zip(b["position"], view["target"], forward))
    unit = (depth if view["projection"] == "perspective" else view["distance"]) / focal
    crossing = project(view, (b["position"][0] + 60 * unit, b["position"][1], b["position"][2]))
    along = project(view, (b["position"][0] + 100 * unit, b["position"][1], b["position"][2]))
    home = fresh_directory(args.out, "home_gizmo")

    def act(window):
        drag(window, centre, centre, 1)  # a click: selects B
        drag(window, crossing, along, 12)
    dump = dump_after(args.exe, home, args.out, "gizmo.json", ["--scene", scene], act)
    after = dump["shapes"][1]
    turned = [round(x, 9) for x in after["rotation"]] != [round(x, 9) for x in b["rotation"]]
    if turned:
        failures.append(f"a press on the X shaft where the Z ring crosses it turned B: {b['rotation']} -> {after['rotation']}")
    moved = [a - s for a, s in zip(after["position"], b["position"])]
    if not moved[0] > 20 * unit or abs(moved[1]) > 1e-9 or abs(moved[2]) > 1e-9:
        failures.append(f"B did not move along x with the arrow: {b['position']} -> {after['position']}")
    captions = [t["text"] for t in dump["views"][0]["texts"] if t["kind"] == "caption"]
    if not any(text.startswith("B selected: drag moves in the view plane") for text in captions):
        failures.append(f"the world view does not say that B is selected and what a drag does: {captions}")
    print({"press": crossing, "moved": moved, "rotation": [b["rotation"], after["rotation"]], "captions": captions})
    return failures


def main():
    checks = {"vertex": check_vertex, "still": check_still, "gizmo": check_gizmo}
    args = script_arguments(modes=checks)
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    failures = checks[args.mode](args)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
