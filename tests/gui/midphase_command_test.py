#!/usr/bin/env python3
"""The mid-phase labs' "Copy as command" (Edit menu; Ctrl+C there) run on the command line gives the lab's counts:

  midphase_command_test.py --exe collision-lab --scenes DIR --out DIR

For every curated mid_* and mid2_* scene (the cloth of mid_06 aside: its dump says why it has no command), and for
scenes whose state the sliders and drags make (an edited outline, a leaf size of 3, SAT as the part test, B turned by
33.3 degrees, float slider values such as 0.1), takes the command the lab's --dump-state holds (the text Copy as
command writes), runs it with --json, and checks its box or BV tests, part or triangle tests, pairs (and SAT lite's
false positives) equal the dump's. Needs a display (tests/support/xvfb_run.py).
"""

import glob
import json
import os
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import script_arguments  # noqa: E402


def dump_of(exe, scene, out):
    path = os.path.join(out, os.path.basename(scene).replace(".json", ".dump.json"))
    png = path.replace(".dump.json", ".png")
    environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config"))
    subprocess.run([exe, "screenshot", "--scene", scene, "--size", "800x600", "-o", png, "--dump-state", path],
                   check=True, capture_output=True, env=environment, timeout=120)
    return json.load(open(path))


def run_command(exe, command):
    words = shlex.split(command)
    assert words[:2] == ["collision-lab", "midphase"], command
    result = subprocess.run([exe, *words[1:], "--json", "--no-time"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{command}: {result.stderr}"
    return json.loads(result.stdout)["query"]


def check(exe, scene, out, failures):
    dump = dump_of(exe, scene, out)
    command = dump.get("command", "")
    name = os.path.basename(scene)
    if dump.get("a") == "cloth":
        if "cloth" not in command or command.startswith("collision-lab"):
            failures.append(f"{name}: the cloth has no command and the dump should say why, got {command!r}")
        return
    if not command.startswith("collision-lab midphase"):
        failures.append(f"{name}: no command in the dump: {command!r}")
        return
    query = run_command(exe, command)
    planar = "part_tests" in dump
    pairs = {"bv_tests": query["bv_tests"], "pairs": query["overlapping_pairs"]}
    expected = {"bv_tests": dump["bv_tests"], "pairs": dump["pairs"]}
    if planar:
        pairs["part_tests"], expected["part_tests"] = query["part_tests"], dump["part_tests"]
    else:
        pairs["primitive_tests"], expected["primitive_tests"] = query["primitive_tests"], dump["primitive_tests"]
        pairs["false_positives"] = query["sat_lite_false_positives"]
        expected["false_positives"] = dump["sat_lite_false_positives"]
    if pairs != expected:
        failures.append(f"{name}: the lab has {expected}, `{command}` gives {pairs}")
    else:
        print(f"{name}: {expected} from `{command}`")


def variant(scenes, out, base, name, state):
    scene = json.load(open(os.path.join(scenes, base)))
    scene["lab_state"].update(state)
    path = os.path.join(out, name)
    json.dump(scene, open(path, "w"))
    return path


def main():
    args = script_arguments()
    scenes = sorted(glob.glob(os.path.join(args.scenes, "mid_*.json")) + glob.glob(os.path.join(args.scenes, "mid2_*.json")))
    assert len(scenes) >= 10, scenes
    # States a scene file does not hold as typed numbers: a drag's angle, an edited outline, the other options.
    letter_e = [[-1, -1.5], [1, -1.5], [1, -1], [-0.4, -1], [-0.4, -0.25], [0.6, -0.25], [0.6, 0.25], [-0.4, 0.25],
                [-0.4, 1], [1.1, 1.2], [1, 1.5], [-1, 1.5]]
    scenes.append(variant(args.scenes, args.out, "mid2_01_sah_vs_median.json", "edited_2d.json",
                          {"a": "letter-e", "outline_a": letter_e, "b": "comb", "position_b": [0.3, 0.1],
                           "rotation_b_degrees": 33.3, "build": "sah", "leaf_size": 3, "narrow_phase": "sat"}))
    scenes.append(variant(args.scenes, args.out, "mid2_03_budget_partial_answer.json", "key_gear.json",
                          {"a": "key", "b": "gear", "position_b": [0.7, -0.3], "rotation_b_degrees": -71.7,
                           "build": "bottom-up", "budget": 20, "largest_first": False}))
    scenes.append(variant(args.scenes, args.out, "mid_02_sat_lite_false_positive.json", "turned_3d.json",
                          {"a": "sphere", "b": "torus", "position_b": [0.1, 0.7, -0.3], "rotation_b_degrees": [12.5, -33.3, 71],
                           "build": "median", "bv": "obb", "sat_lite": False}))
    failures = []
    for scene in scenes:
        check(args.exe, scene, args.out, failures)
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
