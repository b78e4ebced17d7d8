"""GUI test of the Plots window's "skip idle frames" in the real window (review s32 C4: 1,600 idle frames before a drag
squeezed the drag into the plot's last 5 %).

Opens a copy of mid2_01_sah_vs_median.json in "Mid phase 2D" with the star B below the key (one box test, no pair),
leaves it idle for about two seconds, drags B along under the key in 20 moves (the counts hold: one box test, no
pair), leaves it idle again, quits with Ctrl+Q and checks the dump's `plots`: the idle frames were counted, not
recorded; the drag was recorded, a frame for most of its moves, though its results never changed (its inputs did);
the x axis says it counts recorded frames.
"""

import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import fresh_directory, drag, to_screen, dump_after, screenshot_dump, script_arguments  # noqa: E402

MOVES = 20


def main():
    args = script_arguments()
    home = fresh_directory(args.out, "home")
    scene_path = os.path.join(home, "key.json")
    scene = json.load(open(os.path.join(args.scenes, "mid2_01_sah_vs_median.json")))
    scene["lab_state"]["position_b"] = [1.6, -3.0]  # under the key: the roots' boxes apart
    json.dump(scene, open(scene_path, "w"))
    start = screenshot_dump(args.exe, args.out, "start", ["--scene", scene_path])
    view = start["views"][0]
    b = start["position_b"]

    def idle_drag_idle(window):
        time.sleep(2.0)  # idle
        drag(window, to_screen(view, b), to_screen(view, (b[0] - 3.2, b[1])), MOVES)
        time.sleep(0.7)  # idle again

    dump = dump_after(args.exe, home, args.out, "dump.json", ["--lab", "Mid phase 2D", "--scene", scene_path], idle_drag_idle)
    plots = dump["plots"]

    failures = []
    pixel = 1.0 / view["zoom"]
    if abs(dump["position_b"][0] - (b[0] - 3.2)) > 3 * pixel or (start["bv_tests"], start["pairs"]) != (1, 0) or \
            (dump["bv_tests"], dump["pairs"]) != (1, 0):
        failures.append(f"B was not dragged under the key with the counts held: B at {dump['position_b']}, "
                        f"{start['bv_tests']} then {dump['bv_tests']} box tests, {start['pairs']} then {dump['pairs']} pairs")
    if not plots.get("skipIdle"):
        failures.append(f"skip idle frames is not on by default: {plots}")
    if plots.get("idleSkipped", 0) < 60:
        failures.append(f"three idle seconds counted {plots.get('idleSkipped')} idle frames, not 60 or more")
    # The first frame, the drag's moves (a move may share a frame with the next), and its release.
    if not MOVES // 2 <= plots.get("frames", 0) <= MOVES + 12:
        failures.append(f"{plots.get('frames')} frames recorded for a drag of {MOVES} moves between idle stretches")
    if plots.get("xAxis") != "recorded frame (idle frames left out)":
        failures.append(f"the x axis reads {plots.get('xAxis')!r}")
    if failures:
        print("\n".join(failures))
        return 1
    print(f"ok: {plots['frames']} frames recorded, {plots['idleSkipped']} idle frames skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
