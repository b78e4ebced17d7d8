#!/usr/bin/env python3
"""The Broad phase labs' "Copy as command" (Edit menu; Ctrl+C there) run on the command line gives the lab's counters:

  broad_phase_command_test.py --exe collision-lab --out DIR

For scenes of both labs (2D and 3D; every algorithm; drift, bounce, floor and teleport; a fixed sweep axis; a spacing
the slider makes, 2.3f; frame 0, the scene as generated, and frames 1 and 3), takes the command the lab's
--dump-state holds (the text Copy as command writes), runs it, and checks that its pairs, box tests, swaps,
sweep-axis candidates, cells and node pairs equal the dump's: the CLI makes the lab's scene from the same count,
seed, motion and spacing (review s33 A8). Also: the lab's defaults, 24 boxes, drift, seed 1, equal
`broadphase --count 24 --seed 1 --motion drift --frames 0` typed without --spacing; and a scene edited by hand has no
command, its dump says why. Needs a display (tests/support/xvfb_run.py).
"""

import csv
import io
import json
import os
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import screenshot_dump, script_arguments  # noqa: E402

# The dump's "stats" keys and the CSV's columns: the same counters (broad_phase_counters.h).
COUNTERS = {"boxTests": "box_tests", "swaps": "swaps", "candidatesSweepAxis": "candidates_sweep_axis",
            "cellsTouched": "cells_touched", "occupiedCells": "occupied_cells", "nodesVisited": "nodes_visited",
            "reinsertions": "reinsertions"}


def dump_of(exe, scene, out, name):
    path = os.path.join(out, name + ".scene.json")
    with open(path, "w") as file:
        json.dump(scene, file)
    return screenshot_dump(exe, out, name, ["--scene", path], size=(800, 600))


def last_row(exe, words):
    """The counters of the command's last frame, from its CSV."""
    assert words[:2] == ["collision-lab", "broadphase"], words
    if "--csv" not in words:
        words = words + ["--csv", "-"]
    result = subprocess.run([exe, *words[1:]], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{words}: {result.stderr}"
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    return rows[-1]


def counters_of_row(row):
    values = {key: int(float(row[column])) for key, column in COUNTERS.items()}
    values["pairs"] = int(float(row["pairs"]))
    values["frame"] = int(float(row["frame"]))
    return values


def counters_of_dump(dump):
    values = {key: dump["stats"][key] for key in COUNTERS}
    values["pairs"] = dump["pairs"]
    values["frame"] = dump["frame"]
    return values


def scene(lab, algorithm, state):
    return {"format": "collision-lab-scene", "version": 2, "lab": lab, "algorithm": algorithm, "shapes": [],
            "lab_state": dict({"count": 24, "motion": "drift", "seed": 1, "paused": True}, **state)}


def main():
    args = script_arguments(scenes=False)
    cases = []
    for lab, tag in (("Broad phase", "2d"), ("Broad phase 3D", "3d")):
        for algorithm in ("sap", "grid", "bvh", "brute"):
            for frames in (0, 1, 3):
                cases.append((f"{tag}_{algorithm}_f{frames}", scene(lab, algorithm, {"frames": frames})))
        for motion, seed, count in (("bounce", 4, 40), ("floor", 2, 30), ("teleport", 9, 24)):
            cases.append((f"{tag}_sap_{motion}", scene(lab, "sap", {"motion": motion, "seed": seed, "count": count,
                                                                    "frames": 2})))
        cases.append((f"{tag}_spacing_float", scene(lab, "sap", {"spacing": 2.299999952316284, "count": 30, "frames": 1})))
    cases.append(("2d_sweep_y", scene("Broad phase", "sap", {"axis": "y", "frames": 1})))
    failures = []
    for name, state in cases:
        dump = dump_of(args.exe, state, args.out, name)
        command = dump.get("command", "")
        if not command.startswith("collision-lab broadphase"):
            failures.append(f"{name}: no command in the dump: {command!r}")
            continue
        expected = counters_of_dump(dump)
        got = counters_of_row(last_row(args.exe, shlex.split(command)))
        if got != expected:
            failures.append(f"{name}: the lab has {expected}, `{command}` gives {got}")
        else:
            print(f"{name}: {expected} from `{command}`")
    # The lab's defaults equal the command typed without --spacing, as the review typed it.
    dump = dump_of(args.exe, scene("Broad phase", "sap", {}), args.out, "defaults")
    got = counters_of_row(last_row(args.exe, shlex.split(
        "collision-lab broadphase --algo sap --count 24 --seed 1 --motion drift --frames 0")))
    if got != counters_of_dump(dump) or got["pairs"] != 8 or got["candidatesSweepAxis"] != 37:
        failures.append(f"defaults: the lab has {counters_of_dump(dump)}, the typed command gives {got}")
    # A scene of boxes placed by hand has no command; the dump says why.
    edited = scene("Broad phase", "sap", {})
    edited["shapes"] = [{"name": f"#{i}", "type": "box", "position": [1.0 + 0.5 * i, 1.0], "angle": 0,
                         "half_extents": [0.3, 0.2]} for i in range(10)]
    dump = dump_of(args.exe, edited, args.out, "edited")
    if dump.get("command", "").startswith("collision-lab") or "by hand" not in dump.get("command", ""):
        failures.append(f"edited: expected no command and why, got {dump.get('command')!r}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
