#!/usr/bin/env python3
"""GUI test of the mid-phase labs in the real window, run under Xvfb by CTest:

  midphase2_test.py --exe collision-lab --scenes DIR --out DIR

1. "Mid phase 2D": opens a copy of mid2_01_sah_vs_median.json with --dump-state, drags the star B by its body up and
   to the right, off the key's teeth, quits with Ctrl+Q and checks the dump: B moved with the pointer, the
   traversal re-ran and found other part pairs, fewer of them, and the answer is complete.
2. "Mid phase" (3D): opens the lab, presses Home then Right three times on the shared timeline, quits and checks
   the dump: the lab stands at step 3 of its traversal with a sentence for it.
3. "Mid phase" (3D) on mid_06_refit_drift.json: presses P (Play frames), waits, presses P again, quits and checks
   the dump: the cloth moved on from the scene's frame 36 and stopped, and its three strategies agree there.
4. "Mid phase 2D" on mid2_03_budget_partial_answer.json (screenshots): the legend names the red cut at the root's
   split step and none at a leaf's step, where nothing is cut.
5. "Mid phase" on mid_06_refit_drift.json (screenshot): the SAH cost plot's y range shows the refit's gap over a
   fresh build.
6. The timeline's jumps in the real window: on mid_02_sat_lite_false_positive.json, Home then Shift+Right lands on
   the first SAT-lite false positive (the kind the scene opens on), as does Shift+Right at once (the scene opens on
   its last step, and the jump wraps round); on mid2_01_sah_vs_median.json, Shift+Right twice
   from Home lands on the traversal's first step (phases), and Shift+Down (the next kind: leaf test) then
   Shift+Right on its first leaf pair. Each landing is checked against the core's event at that step in the dump.
7. The legend folds (newcomer review s34 A10: at 150 % its eight lines covered a third of mid_02's view): a click on
   its header line in the real window folds it to that one line, and the app remembers it: the next run (a
   screenshot with the same settings) opens it folded.
Needs a display (DISPLAY set, e.g. tests/support/xvfb_run.py -- midphase2_test.py ...).
"""

import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import press, fresh_directory, drag, to_screen, dump_after, screenshot_dump, script_arguments, xdotool  # noqa: E402
from lab_driver import start_app, find_window, quit_app  # noqa: E402


def main():
    args = script_arguments()
    failures = []

    # 1. The 2D lab: drag B.
    home = fresh_directory(args.out, "home2d")
    scene_path = os.path.join(home, "key.json")
    json.dump(json.load(open(os.path.join(args.scenes, "mid2_01_sah_vs_median.json"))), open(scene_path, "w"))
    start = screenshot_dump(args.exe, args.out, "start2d", ["--scene", scene_path])
    view = start["views"][0]
    b = start["position_b"]
    target_world = (b[0] + 1.0, b[1] + 2.2)  # above the key: only the shaft, if anything, under the star
    dump = dump_after(args.exe, home, args.out, "dump2d.json", ["--lab", "Mid phase 2D", "--scene", scene_path],
                      lambda window: drag(window, to_screen(view, b), to_screen(view, target_world), 20))
    pixel = 1.0 / view["zoom"]
    if any(abs(g - w) > 3 * pixel for g, w in zip(dump["position_b"], target_world)):
        failures.append(f"B at {dump['position_b']} did not follow the pointer to {target_world} (within 3 pixels)")
    if dump["pair_list"] == start["pair_list"]:
        failures.append(f"the part pairs did not change when B moved: {dump['pair_list']}")
    if dump["pairs"] >= start["pairs"]:
        failures.append(f"B moved off the teeth, yet {dump['pairs']} pairs against {start['pairs']} before")
    if dump["status"] != "converged" or dump["at_step"]["phase"] != "traversal":
        failures.append(f"the re-run traversal did not end complete: {dump['status']}, {dump['at_step']}")

    # 2. The 3D lab: step its timeline.
    def step(window):
        press("Home")
        for _ in range(3):
            press("Right")

    dump3 = dump_after(args.exe, fresh_directory(args.out, "home3d"), args.out, "dump3d.json", ["--lab", "Mid phase"], step)
    if dump3.get("lab") != "Mid phase" or dump3.get("step_index") != 3 or dump3.get("step_count", 0) <= 3:
        failures.append(f"the 3D mid-phase lab is not at step 3: {dump3.get('lab')}, {dump3.get('step_index')} "
                        f"of {dump3.get('step_count')}")
    if not dump3.get("at_step", {}).get("narration"):
        failures.append("the 3D mid-phase lab's step has no sentence")

    # 3. The 3D lab's cloth: Play frames (P) moves the cloth on by itself, a second P pauses it.
    def play(window):
        press("p")
        time.sleep(0.6)
        press("p")

    cloth = dump_after(args.exe, fresh_directory(args.out, "homecloth"), args.out, "cloth.json",
                       ["--lab", "Mid phase", "--scene", os.path.join(args.scenes, "mid_06_refit_drift.json")], play).get("cloth", {})
    if cloth.get("frame", 36) == 36 or cloth.get("playing", True):
        failures.append(f"Play frames did not move the cloth on from frame 36 and stop: {cloth.get('frame')}, "
                        f"playing {cloth.get('playing')}")
    if not cloth.get("pairs_agree") or cloth.get("refit_check"):
        failures.append(f"at frame {cloth.get('frame')} refit, hybrid and rebuild disagree: {cloth.get('strategies')}")

    # 4. The 2D lab's legend names what the step draws: a cut at a split, none at a leaf.
    legends = {}
    for shown in (1, 5):  # the root's split; node 4, a leaf of one part
        legends[shown] = screenshot_dump(args.exe, args.out, f"legend{shown}", [
            "--scene", os.path.join(args.scenes, "mid2_03_budget_partial_answer.json"), "--step", str(shown)]).get("legend", [])
    if not any("where it is cut" in line for line in legends[1]):
        failures.append(f"the root's split step names no cut: {legends[1]}")
    if any("cut" in line for line in legends[5]) or not any("leaf" in line for line in legends[5]):
        failures.append(f"a leaf step's legend names a cut the picture does not draw: {legends[5]}")

    # 5. The 3D lab's SAH cost plot on mid_06's last frame: its y range is the costs' own, so the refitted tree's
    #    16% over the fresh build's is a visible gap (from 0 the two curves drew as one line).
    refit = screenshot_dump(args.exe, args.out, "refit_plot", ["--scene", os.path.join(args.scenes, "mid_06_refit_drift.json")]).get("cloth", {})
    low, high = refit.get("plot_y_range", [0, 1])
    gap = abs(refit.get("sah_refit", 0) - refit.get("sah_fresh", 0))
    if not (low > 0 and gap > 0.05 * (high - low)):
        failures.append(f"the refit and fresh costs ({refit.get('sah_refit')}, {refit.get('sah_fresh')}) are within a "
                        f"twentieth of the plot's range {low} to {high}: drawn as one line")

    # 6. Jumps to a step of a kind, with their keys, from the first step.
    def after_keys(name, scene, *presses, home=True):
        def actions(window):
            if home:
                press("Home")
            for keys in presses:
                press(*keys)
        return dump_after(args.exe, fresh_directory(args.out, "home" + name), args.out, name + ".json",
                          ["--scene", os.path.join(args.scenes, scene)], actions)

    fooled = after_keys("jump3d", "mid_02_sat_lite_false_positive.json", ("shift", "Right"))
    event = fooled.get("at_step", {}).get("event", {})
    if not (event.get("type") == "bv_test" and event.get("lite_false_positive")
            and fooled["at_step"].get("sat_lite_false_positives") == 1):
        failures.append(f"Shift+Right from step 1 of mid_02 did not land on its first false positive: step "
                        f"{fooled.get('step_index')}, {event}, {fooled.get('at_step', {}).get('sat_lite_false_positives')} so far")

    # The scene opens on its last step; Shift+Right at once wraps round to the first false positive.
    wrapped = after_keys("jumpwrap", "mid_02_sat_lite_false_positive.json", ("shift", "Right"), home=False)
    if wrapped.get("step_index") != fooled.get("step_index"):
        failures.append(f"Shift+Right on opening mid_02 (its last step) did not wrap round to its first false positive "
                        f"(step {fooled.get('step_index')}): step {wrapped.get('step_index')}")

    phases = after_keys("jump2d", "mid2_01_sah_vs_median.json", ("shift", "Right"), ("shift", "Right"))
    if phases.get("at_step", {}).get("phase") != "traversal" or phases.get("step_index") != sum(phases.get("build_steps", [])):
        failures.append(f"Shift+Right twice from step 1 of mid2_01 did not land on the traversal's first step: step "
                        f"{phases.get('step_index')}, {phases.get('at_step', {}).get('phase')}, builds {phases.get('build_steps')}")

    leaf = after_keys("jumpleaf", "mid2_01_sah_vs_median.json", ("shift", "Down"), ("shift", "Right"))
    leaf_kind = next((k for k in leaf.get("stepJump", {}).get("kinds", []) if k["name"] == "leaf test"), {})
    if (leaf.get("stepJump", {}).get("kind") != "leaf test" or leaf.get("at_step", {}).get("event", {}).get("type") != "leaf_pair"
            or not (leaf_kind.get("previous") or -1) > leaf.get("step_index", 0)):  # the first: Shift+Left wraps round
        failures.append(f"Shift+Down then Shift+Right from step 1 of mid2_01 did not land on its first leaf pair: "
                        f"{leaf.get('stepJump', {}).get('kind')}, step {leaf.get('step_index')}, {leaf.get('at_step', {}).get('event')}")

    # 7. The legend folds with a click, remembered.
    mid02 = os.path.join(args.scenes, "mid_02_sat_lite_false_positive.json")
    opened = screenshot_dump(args.exe, args.out, "legend_open", ["--scene", mid02])
    captions = [t for t in opened["views"][0]["texts"] if t["kind"] == "caption"]
    header = next((t for t in captions if t["text"].startswith("Colours (click here to fold)")), None)
    if header is None or opened.get("legend_folded") is not False:
        failures.append(f"mid_02's legend has no header to click, or opened folded: {captions}")
    else:
        box = header["box"]
        click_at = (round(0.5 * (box[0] + box[2])), round(0.5 * (box[1] + box[3])))

        def click(window):
            xdotool("mousemove", "--window", window, "--sync", str(click_at[0]), str(click_at[1]))
            time.sleep(0.3)
            xdotool("click", "1")
            time.sleep(0.5)

        home = fresh_directory(args.out, "homelegend")
        folded = dump_after(args.exe, home, args.out, "legend_folded.json", ["--scene", mid02], click)
        folded_captions = [t for t in folded["views"][0]["texts"] if t["kind"] == "caption"]
        if folded.get("legend_folded") is not True or len(folded_captions) != 1:
            failures.append(f"a click on the legend's header did not fold it to one line: {folded.get('legend_folded')}, {folded_captions}")
        # The next run, with the settings the first wrote on quitting (kept: run_window would write new ones), opens
        # the legend folded. (The screenshot command takes default settings by design, so it is the window again.)
        path = os.path.join(args.out, "legend_again.json")
        if os.path.exists(path):
            os.remove(path)
        environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        process = start_app([args.exe, "--scene", mid02, "--dump-state", path], environment)
        try:
            find_window(process)
            quit_app(process)
        finally:
            if process.poll() is None:
                process.kill()
        if not os.path.exists(path) or json.load(open(path)).get("legend_folded") is not True:
            failures.append("the folded legend was not remembered: the next run opened it unfolded")

    print(json.dumps({"b": [b, dump["position_b"]], "pairs": [start["pairs"], dump["pairs"]],
                      "step3d": [dump3.get("step_index"), dump3.get("at_step", {}).get("narration")],
                      "cloth_frame": cloth.get("frame"),
                      "jumps": [fooled.get("step_index"), wrapped.get("step_index"), phases.get("step_index"), leaf.get("step_index")]}))
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
