#!/usr/bin/env python3
"""The Experiments lab in the real window under Xvfb (CTest label "gui"), driven by xdotool:
Run finishes a batch, and a worst case's "Open" switches to the narrow-phase lab with that pair;
ticking an algorithm keeps the others ticked; a finished run and its worst cases are still there after a visit to
another lab; a family of space (boxes in 3D under SAT lite) opens its worst case in the 3D narrow-phase lab; the
worst-case list shows one algorithm's pairs, or the disagreements only; the summary says the gap realised; SAT's
axes tested are plotted on an x axis of their own.
  experiments_gui_test.py --exe build/app/collision-lab --out DIR
Each session starts the app, clicks, quits with Ctrl+Q and reads --dump-state. Where to click comes from the
previous session's dump (the layout is the same each time: same window size, same settings directory).
"""

import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import fresh_config, script_arguments, xdotool  # noqa: E402


def session(exe, out, name, clicks, wait_after_run, wait_between=1.0, env=None):
    """A session in `env` (fresh_config's; by default a home of `out`, shared by the sessions)."""
    state_path = os.path.join(out, name + ".json")
    env = env or dict(os.environ, HOME=out, XDG_CONFIG_HOME=os.path.join(out, "config"))
    app = subprocess.Popen([exe, "--lab", "Experiments", "--dump-state", state_path], env=env)
    time.sleep(3)
    for index, (x, y) in enumerate(clicks):
        xdotool("mousemove", str(int(x)), str(int(y)), "click", "1")
        time.sleep(wait_after_run if index == 0 else wait_between)
    xdotool("key", "ctrl+q")
    if app.wait(timeout=30) != 0:
        sys.exit(f"{name}: exit status {app.returncode}")
    with open(state_path) as file:
        return json.load(file)


def center(rect):
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def main():
    options = script_arguments(scenes=False)
    shutil.rmtree(os.path.join(options.out, "config"), ignore_errors=True)  # the default configuration every run

    first = session(options.exe, options.out, "layout", [], 0)
    run_button = first["experiment"]["run_button"]
    if run_button[2] <= 0:
        sys.exit("no Run button in the dump: " + json.dumps(first["experiment"]))

    ran = session(options.exe, options.out, "run", [center(run_button)], 10)
    experiment = ran["experiment"]
    if experiment["running"] or experiment["trials_run"] != 100000 or experiment["worst_cases"] == 0:
        sys.exit("the run did not finish: " + json.dumps(experiment))
    worst = experiment["algorithms"][0]["max"]

    opened = session(options.exe, options.out, "open",
                     [center(run_button), center(experiment["first_open_button"])], 10)
    if opened["lab"] == "Experiments" or opened["stepCount"] < 1:
        sys.exit("Open in narrow-phase lab did not switch labs: " + json.dumps({k: opened[k] for k in ("lab", "stepCount")}))
    if len(opened.get("shapes", [])) != 2 or opened["shapes"][0]["type"] != "polygon":
        sys.exit("the opened scene is not the 8-gon pair: " + json.dumps(opened.get("shapes"))[:300])
    if opened["stepCount"] != worst:
        sys.exit(f"the opened pair has {opened['stepCount']} steps; the worst case took {worst} iterations")
    print("ok: ran 100000 trials, opened the worst case in", opened["lab"], "with", opened["stepCount"], "steps")

    # Ticking: untick the first chosen algorithm, tick it again, tick one that was not chosen: the others stay.
    chosen = first["experiment"]["chosen_algorithms"]
    boxes = first["experiment"]["algorithm_checkboxes"]
    unchosen = [name for name in boxes if name not in chosen]
    clicks = [center(boxes[chosen[0]]), center(boxes[chosen[0]])] + [center(boxes[name]) for name in unchosen[:1]]
    # Its own settings directory: the choice it leaves must not change the other sessions' runs.
    ticked = session(options.exe, options.out, "tick", clicks, 1.0, env=fresh_config(options.out, "tick_home")[0])
    expected = sorted(chosen + unchosen[:1])
    if sorted(ticked["experiment"]["chosen_algorithms"]) != expected:
        sys.exit(f"ticking kept {ticked['experiment']['chosen_algorithms']}, expected {expected}")
    print("ok: ticking", chosen[0], "again and", unchosen[:1], "kept", expected)

    # A finished run survives a visit to the narrow-phase lab (the side panel's picker, then back).
    picker = session(options.exe, options.out, "picker", [center(first["labPicker"]["combo"])], 1.0)["labPicker"]
    visit = [center(picker["combo"]), center(picker["items"]["Narrow phase"]), center(picker["combo"]),
             center(picker["items"]["Experiments"])]
    kept = session(options.exe, options.out, "kept", [center(run_button)] + visit, 10)
    if kept["lab"] != "Experiments" or kept["experiment"]["trials_run"] != 100000 or kept["experiment"]["worst_cases"] == 0:
        sys.exit("the run did not survive a visit to another lab: " + json.dumps({"lab": kept["lab"], **kept["experiment"]}))
    print("ok: the run and its", kept["experiment"]["worst_cases"], "worst cases are kept across labs")

    # A family of space: boxes in 3D under SAT lite. Its first worst case is a false positive (SAT lite says hit
    # where an edge-edge axis separates), and it opens in the 3D narrow-phase lab with SAT lite chosen.
    space_env, _ = fresh_config(options.out, "space_home", {
        "lastLab": "Experiments", "windowWidth": 1600, "windowHeight": 1000,
        "labs": {"Experiments": {"family": "boxes3d", "trials": 20000, "algorithms": ["distance", "sat-lite"]}}})
    # Its panel has no vertex slider, so its Run button sits elsewhere: a layout session, a run, then run and open.
    space_run_button = session(options.exe, options.out, "space_layout", [], 0, env=space_env)["experiment"]["run_button"]
    space_ran = session(options.exe, options.out, "space_run", [center(space_run_button)], 10, env=space_env)
    if space_ran["experiment"]["trials_run"] != 20000 or space_ran["experiment"]["worst_cases"] == 0:
        sys.exit("the 3D run did not finish: " + json.dumps(space_ran["experiment"]))
    space = session(options.exe, options.out, "space",
                    [center(space_run_button), center(space_ran["experiment"]["first_open_button"])], 10,
                    env=space_env)
    if space["lab"] != "Narrow phase 3D" or len(space.get("shapes", [])) != 2 or space["stepCount"] < 1:
        sys.exit("the 3D worst case did not open in the 3D lab: " +
                 json.dumps({k: space.get(k) for k in ("lab", "stepCount", "algorithm")}))
    if [shape["type"] for shape in space["shapes"]] != ["box", "box"] or space.get("algorithm") != "sat-lite":
        sys.exit("the opened 3D pair is not SAT lite on two boxes: " + json.dumps(space.get("shapes"))[:300] +
                 " algorithm " + str(space.get("algorithm")))
    print("ok: a 3D family ran, and its first worst case (a SAT-lite false positive) opened in", space["lab"])

    # The summary says the gap the pairs got beside the one asked (newcomer review s33, C3); "disagreements only"
    # lists SAT lite's disagreements alone, its false hits first.
    if space_ran["experiment"]["gap"] != "gap asked -0.25 to 0.25, realised -0.25 to 0.25":
        sys.exit("the gap line: " + json.dumps(space_ran["experiment"]["gap"]))
    if "distance" not in space_ran["experiment"]["worst_shown"]:
        sys.exit("the whole list has no distance rows: " + json.dumps(space_ran["experiment"]["worst_shown"]))
    only = session(options.exe, options.out, "space_disagreements",
                   [center(space_run_button), center(space_ran["experiment"]["disagreements_only_box"])], 10,
                   env=space_env)["experiment"]
    if (not only["disagreements_only"] or not only["worst_shown"] or set(only["worst_shown"]) != {"sat-lite"}
            or not all(only["worst_shown_disagree"])):
        sys.exit("disagreements only did not list SAT lite's disagreements alone: " +
                 json.dumps({k: only[k] for k in ("disagreements_only", "worst_shown", "worst_shown_disagree")}))
    print("ok: disagreements only lists", len(only["worst_shown"]), "SAT-lite disagreements")

    # Hulls under GJK and SAT: the whole list shows each algorithm's worst in turn (sorted together SAT's hundreds of
    # axes filled it, and on n-gons its ties at 16 axes: newcomer review s35, A8); its "gjk" button lists GJK's own
    # worst pairs (newcomer review s31, C2).
    hull_env, _ = fresh_config(options.out, "hull_home", {
        "lastLab": "Experiments", "windowWidth": 1600, "windowHeight": 1000,
        "labs": {"Experiments": {"family": "hull32", "trials": 2000, "algorithms": ["gjk", "sat"]}}})
    hull_run_button = session(options.exe, options.out, "hull_layout", [], 0, env=hull_env)["experiment"]["run_button"]
    hull_all = session(options.exe, options.out, "hull_all", [center(hull_run_button)], 10, env=hull_env)["experiment"]
    if hull_all["worst_of"] != "all" or hull_all["worst_shown"][:4] not in (["gjk", "sat"] * 2, ["sat", "gjk"] * 2):
        sys.exit("the whole list does not show each algorithm's worst in turn: " + json.dumps(hull_all["worst_shown"]))
    hull_gjk = session(options.exe, options.out, "hull_gjk",
                       [center(hull_run_button), center(hull_all["worst_of_buttons"]["gjk"])], 10, env=hull_env)["experiment"]
    if hull_gjk["worst_of"] != "gjk" or not hull_gjk["worst_shown"] or set(hull_gjk["worst_shown"]) != {"gjk"}:
        sys.exit("the gjk button did not list GJK's worst cases: " + json.dumps(hull_gjk))
    print("ok: the worst-case list shows one algorithm's pairs:", len(hull_gjk["worst_shown"]), "of GJK")
    # SAT's axes tested on an x axis of their own beside GJK's iterations (review s33, C6): GJK's axis ends at its own
    # counts, not at SAT's 190.
    plots = hull_all["plots"]
    if ([plot["x_label"] for plot in plots] != ["iterations", "axes tested (sat: not capped)"] or
            [plot["series"] for plot in plots] != [["gjk"], ["sat"]] or not plots[0]["x_max"] < 30 < plots[1]["x_max"]
            or not plots[0]["frame"][0] + plots[0]["frame"][2] <= plots[1]["frame"][0]):
        sys.exit("the plots are not side by side, one per kind of count: " + json.dumps(plots))
    print("ok: gjk's iterations to", plots[0]["x_max"], "beside sat's axes to", plots[1]["x_max"])


if __name__ == "__main__":
    main()
