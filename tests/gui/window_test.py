#!/usr/bin/env python3
"""The real window driven with xdotool (run under Xvfb: tests/support/xvfb_run.py), checked through --dump-state.

  window_test.py --exe collision-lab --out DIR shapes       (CTest gui.shapes_end_to_end)
  window_test.py --exe collision-lab --out DIR spatial      (CTest gui.spatial_view_end_to_end)
  window_test.py --exe collision-lab --out DIR stalled      (CTest gui.stalled_frame_input)
  window_test.py --exe collision-lab --out DIR frame-time [--seconds S] [-- collision-lab arguments...]

- shapes: the Shapes lab; drags the circle, Shift-drags the box a quarter turn, steps with the arrow keys, hides
  the grid (G), opens the help (F1), quits with Ctrl+Q; then starts again with no arguments: the lab and the grid
  setting were remembered.
- spatial: the 3D narrow-phase lab; orbits with a left drag on empty space, pans with Shift+left drag, zooms with
  the wheel, looks from above (Alt+3), switches to orthographic (Alt+O); then the direction and projection are
  remembered (the framing is fitted to the scene again).
- stalled: the Shapes lab with the app stopped (SIGSTOP) while xdotool presses on the circle, moves and releases,
  then clicks the box and moves away: the frame after the stall must see each press where it happened
  (app/platform/input_queue.h), so the circle moves by the whole drag and the box is selected. Then the Narrow
  phase lab: double-click B's Position x, type 3 and Enter, all in one stall: the keys must reach the field the
  double-click opened (x = 3), not the lab's shortcut 3 (the algorithm stays); the same idle, and a number typed
  at xdotool's speed into the field idle, give what they gave before the queue took the keys. Last, in the Shapes
  lab: click the lab picker, move to "Narrow phase" in its list and click, all in one stall: the second click waits
  for the list to show (ImGui hides a new popup for a frame) and opens that lab.
- frame-time: not a test (tests never time things): drags in circles in a 1600x1000 window for S seconds and prints
  the shell's frameTimeMs (docs/PERFORMANCE.md).

[SECTION] A session: start the window, act, quit, read the dump
[SECTION] Shapes lab: drag, rotate, step, toggle, remembered
[SECTION] A spatial view: orbit, pan, zoom, preset, projection, remembered
[SECTION] Input during a stalled frame
[SECTION] Frame time
"""

import argparse
import contextlib
import json
import math
import os
import sys
import time

from lab_driver import drag, find_window, fresh_directory, press, quit_app, run_app, stalled, start_app, xdotool


# [SECTION] A session: start the window, act, quit, read the dump

class Window:
    """One run of the real window with its own settings folder (XDG_CONFIG_HOME), so runs see what earlier runs of
    the same test remembered and nothing else."""

    def __init__(self, exe, work):
        self.exe, self.work = exe, work
        self.config = os.path.join(work, "config")
        self.state = os.path.join(work, "state.json")
        self.environment = dict(os.environ, XDG_CONFIG_HOME=self.config)

    def settings(self):
        return json.load(open(os.path.join(self.config, "collision-lab", "settings.json")))

    def screenshot_layout(self, *arguments):
        """The dump of a `screenshot` of the window's size: it lays out the same frame as the window opens with."""
        layout = os.path.join(self.work, "layout.json")
        result = run_app([self.exe, "screenshot", *arguments, "--size", "1600x1000", "-o",
                          os.path.join(self.work, "layout.png"), "--dump-state", layout])
        assert result.returncode == 0, f"screenshot failed: {result.stderr}"
        return json.load(open(layout))

    def session(self, actions, *arguments):
        """Starts the window, lets `actions(window)` drive it, quits with Ctrl+Q and returns --dump-state."""
        if os.path.exists(self.state):
            os.remove(self.state)
        process = start_app([self.exe, *arguments, "--dump-state", self.state], self.environment)
        self.process = process  # for actions that stop it (stalled)
        try:
            window = find_window(process)
            actions(window)
            quit_app(process)
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 0, f"collision-lab exited with status {process.returncode}"
        assert os.path.exists(self.state), "no --dump-state file was written"
        return json.load(open(self.state))


def idle(window):
    pass


class Checks:
    def __init__(self):
        self.failures = []

    def __call__(self, holds, description, context):
        if not holds:
            self.failures.append(f"{description} ({context})")


# [SECTION] Shapes lab: drag, rotate, step, toggle, remembered

def shapes_lab(app):
    """The Shapes lab as its window opens: the world view's zoom, a function from world points to window pixels,
    and the positions of its circle and its box."""
    layout = app.screenshot_layout("--lab", "Shapes")
    view = layout["views"][0]
    zoom = view["zoom"]

    def project(x, y):  # window pixels of world point (x, y) in the world view
        return (round(view["rect"][0] + view["rect"][2] / 2 + (x - view["center"][0]) * zoom),
                round(view["rect"][1] + view["rect"][3] / 2 - (y - view["center"][1]) * zoom))

    circle, box = layout["shapes"][2], layout["shapes"][4]
    assert (circle["type"], box["type"]) == ("circle", "box"), \
        "the Shapes lab's default scene changed: shape 2 must be the circle, shape 4 the box"
    return zoom, project, circle["position"], box["position"]


def check_shapes(args):
    app = Window(args.exe, fresh_directory(args.out, "shapes"))
    zoom, project, circle, box = shapes_lab(app)

    def actions(window):
        start = project(*circle)
        drag(window, start, (start[0] + 150, start[1] + 60), 6)
        # Shift-drag from the box's +x side to its +y side: a quarter turn counter-clockwise about its centre.
        xdotool("keydown", "shift")
        drag(window, project(box[0] + 0.8, box[1]), project(box[0], box[1] + 0.8), 6)
        xdotool("keyup", "shift")
        time.sleep(0.3)
        for key in ["Right", "Right", "Right", "Left", "g", "F1"]:
            press(key)
        # View > UI scale, for a projector: Ctrl+= twice is 150 % (last: it changes the layout the drags used).
        press("ctrl", "equal")
        press("ctrl", "equal")

    dump = app.session(actions, "--lab", "Shapes")
    check = Checks()
    moved, turned = dump["shapes"][2], dump["shapes"][4]
    context = json.dumps({key: dump.get(key) for key in ["lab", "step", "selected", "helpOpen", "showGrid"]} |
                         {"circle": moved, "box": turned})
    check(dump["lab"] == "Shapes", "the lab is Shapes", context)
    check(abs(moved["position"][0] - circle[0] - 150 / zoom) < 3 / zoom and
          abs(moved["position"][1] - circle[1] + 60 / zoom) < 3 / zoom, "the circle moved by the drag (150, 60) pixels", context)
    check(abs(turned["angle"] - math.pi / 2) < 0.05, "Shift-drag turned the box a quarter turn", context)
    check(abs(turned["position"][0] - box[0]) < 1e-9, "the box stayed in place while turning", context)
    check(dump["selected"] == 4, "the box is selected", context)
    check(dump["step"] == 2, "Right, Right, Right, Left: step 2", context)
    check(dump["showGrid"] is False, "G hid the grid", context)
    check(dump["helpOpen"] is True, "F1 opened the help", context)
    check(dump["uiScalePercent"] == 150, "Ctrl+= twice set the UI scale to 150 %", dump.get("uiScalePercent"))
    check(dump["fontSize"] >= 19, "the text is larger at 150 %", dump.get("fontSize"))
    print("first run:", context)

    settings = app.settings()
    check(settings.get("lastLab") == "Shapes" and settings.get("windowWidth") == 1600 and
          settings.get("windowHeight") == 1000, "the lab and the window size are remembered", json.dumps(settings))
    check(settings.get("uiScalePercent") == 150, "the UI scale is remembered", json.dumps(settings))
    again = app.session(idle)
    context = json.dumps({"lab": again["lab"], "showGrid": again["showGrid"]})
    check(again["lab"] == "Shapes", "the second run opened the last lab", context)
    check(again["showGrid"] is False, "the second run kept the grid hidden", context)
    check(again["uiScalePercent"] == 150, "the second run kept the UI scale", again.get("uiScalePercent"))
    print("second run:", context)
    return check.failures


# [SECTION] A spatial view: orbit, pan, zoom, preset, projection, remembered

def check_spatial(args):
    lab = "Narrow phase 3D"
    app = Window(args.exe, fresh_directory(args.out, "spatial"))
    check = Checks()
    opened = app.session(idle, "--lab", lab)["views"][0]
    assert opened["kind"] == "spatial", f"the {lab} lab's first view is not spatial: {opened}"
    # Empty space: the view's top-right corner, away from the shapes in the middle.
    x, y = round(opened["rect"][0] + opened["rect"][2] - 60), round(opened["rect"][1] + 80)

    turned = app.session(lambda window: drag(window, (x, y), (x - 100, y), 5))["views"][0]
    # Dragging left turns the scene left: the eye goes right, yaw grows by 100 * 0.008 rad.
    check(abs((turned["yaw"] - opened["yaw"]) - math.degrees(0.8)) < 0.5 and abs(turned["pitch"] - opened["pitch"]) < 1e-9,
          "a left drag on empty space orbits by 0.8 rad of yaw", f"{turned} from {opened}")
    # The next run starts from the remembered direction, fitted again (the distance that fits depends on the
    # direction): its starting camera is what a run that does nothing ends with.
    before = app.session(idle)["views"][0]

    def pan_and_zoom(window):
        xdotool("keydown", "shift")
        drag(window, (x, y), (x, y + 60), 5)
        xdotool("keyup", "shift")
        xdotool("mousemove", "--window", window, "--sync", str(x), str(y + 60))
        time.sleep(0.3)
        xdotool("click", "4")  # one wheel step toward the scene
        time.sleep(0.5)

    moved = app.session(pan_and_zoom)["views"][0]
    check(moved["target"] != before["target"] and abs(moved["yaw"] - before["yaw"]) < 1e-9,
          "Shift+left drag pans: the target moves, the direction stays", f"{moved} from {before}")
    check(abs(moved["distance"] * 1.15 - before["distance"]) < 1e-6 * before["distance"],
          "one wheel step zooms in by 1.15", f"{moved} from {before}")

    def preset_and_projection(window):
        press("alt", "3")
        press("alt", "o")

    dump = app.session(preset_and_projection)
    above = dump["views"][0]
    check(abs(above["pitch"] - 89) < 1e-6 and abs(above["yaw"]) < 1e-6, "Alt+3 looks from above", above)
    check(above["projection"] == "orthographic", "Alt+O switches to orthographic", above)
    check(dump["step"] == 0, "the lab's step did not change", dump["step"])
    print("after the moves:", {key: above[key] for key in ["yaw", "pitch", "distance", "projection"]})

    cameras = app.settings().get("cameras", {})
    check(cameras.get(lab, [{}])[0].get("projection") == "orthographic", "the camera is in the settings", cameras)
    again = app.session(idle)
    view = again["views"][0]
    check(again["lab"] == lab and abs(view["pitch"] - 89) < 1e-6 and view["projection"] == "orthographic",
          "the direction and projection were remembered", view)
    return check.failures


# [SECTION] Input during a stalled frame

def check_stalled(args):
    app = Window(args.exe, fresh_directory(args.out, "stalled"))
    zoom, project, circle, box = shapes_lab(app)

    def actions(window):
        start = project(*circle)
        end = (start[0] + 150, start[1] + 60)
        xdotool("mousemove", "--window", window, "--sync", *map(str, start))
        time.sleep(0.5)
        with stalled(app.process):  # press on the circle, drag and release: all in one frame
            xdotool("mousedown", "1")
            xdotool("mousemove", "--window", window, "--sync", *map(str, end))
            xdotool("mouseup", "1")
        on_box = project(*box)
        xdotool("mousemove", "--window", window, "--sync", *map(str, on_box))
        time.sleep(0.5)
        with stalled(app.process):  # click the box and leave it for empty space (where the circle was)
            xdotool("click", "1")
            xdotool("mousemove", "--window", window, "--sync", *map(str, start))

    dump = app.session(actions, "--lab", "Shapes")
    check = Checks()
    moved = dump["shapes"][2]["position"]
    context = json.dumps({"circle": moved, "from": circle, "selected": dump["selected"], "zoom": zoom})
    check(abs(moved[0] - circle[0] - 150 / zoom) < 3 / zoom and abs(moved[1] - circle[1] + 60 / zoom) < 3 / zoom,
          "a drag inside one stalled frame moved the circle by the whole drag (150, 60) pixels", context)
    check(dump["selected"] == 4, "a click inside one stalled frame selected the box it was on", context)
    print("stalled:", context)
    return check.failures + check_typing_after_a_click(args) + check_picking_from_a_new_popup(args)


def check_typing_after_a_click(args):
    check = Checks()

    def type_into_field(stall, text, key_hold, field):
        def actions(window):
            xdotool("mousemove", "--window", window, "--sync", *field)
            time.sleep(0.5)
            with (stalled(app.process) if stall else contextlib.nullcontext()):
                xdotool("click", "--repeat", "2", "--delay", "70", "1")  # a double-click opens the field for typing
                if key_hold:  # hunt s30: each key held 50 ms
                    for key in text + ["Return"]:
                        xdotool("keydown", key)
                        time.sleep(key_hold)
                        xdotool("keyup", key)
                else:
                    time.sleep(0.3)
                    xdotool("type", "--delay", "12", "--", text)  # xdotool's own speed: taps shorter than a frame
                    xdotool("key", "Return")
            time.sleep(0.5)
        return actions

    for name, stall, text, key_hold, value in [("idle", False, ["3"], 0.05, 3.0),
                                               ("stalled", True, ["3"], 0.05, 3.0),
                                               ("typed idle", False, "-1.25", 0, -1.25)]:
        # Each in its own settings: a changed algorithm is remembered, and it lays the panel out differently.
        app = Window(args.exe, fresh_directory(args.out, "typing " + name))
        opened = app.session(idle, "--lab", "Narrow phase")
        # B's Position x where the inspector drew it (the dump's "inspector": shape, field, one rect per number).
        rect = opened["inspector"]["B"]["Position"][0]
        field = str(round(rect[0] + rect[2] / 2)), str(round(rect[1] + rect[3] / 2))
        dump = app.session(type_into_field(stall, text, key_hold, field), "--lab", "Narrow phase")
        x = dump["shapes"][1]["position"][0]
        context = json.dumps({"x": x, "algorithm": dump["algorithm"], "before": opened["algorithm"], "field": field})
        check(abs(x - value) < 1e-12, f"{name}: the field B's Position x opened by a double-click took {value}", context)
        check(dump["algorithm"] == opened["algorithm"], f"{name}: the lab's shortcut did not take the typing", context)
        print(f"typing, {name}:", context)
    return check.failures


def check_picking_from_a_new_popup(args):
    app = Window(args.exe, fresh_directory(args.out, "stalled_picker"))
    check = Checks()

    def centre(rect):
        return str(round(rect[0] + rect[2] / 2)), str(round(rect[1] + rect[3] / 2))

    combo = app.session(idle, "--lab", "Shapes")["labPicker"]["combo"]

    def open_picker(window):  # once, so the dump says where its entries are (the list is open when the app quits)
        xdotool("mousemove", "--window", window, "--sync", *centre(combo))
        time.sleep(0.3)
        xdotool("click", "1")
        time.sleep(0.5)

    entry = app.session(open_picker, "--lab", "Shapes")["labPicker"]["items"]["Narrow phase"]

    def pick_in_one_stall(window):
        xdotool("mousemove", "--window", window, "--sync", *centre(combo))
        time.sleep(0.5)
        with stalled(app.process):
            xdotool("click", "1")
            xdotool("mousemove", "--window", window, "--sync", *centre(entry))
            xdotool("click", "1")

    dump = app.session(pick_in_one_stall, "--lab", "Shapes")
    context = json.dumps({"lab": dump["lab"], "entry": entry, "combo": combo})
    check(dump["lab"] == "Narrow phase", "a click on the lab picker's entry, in the stall that opened it, picked it", context)
    print("picker in one stall:", context)
    return check.failures


# [SECTION] Frame time

def measure_frame_time(args):
    """Presses at the middle of the canvas (a shape, or empty space: then the drag pans or orbits; both redraw every
    frame) and moves in circles for the given seconds."""
    app = Window(args.exe, fresh_directory(args.out, "frame_time"))

    def circles(window):
        xdotool("mousemove", "--window", window, "--sync", "950", "500")
        xdotool("mousedown", "1")
        end, angle = time.time() + args.seconds, 0.0
        while time.time() < end:
            xdotool("mousemove", "--window", window, str(round(950 + 120 * math.cos(angle))),
                    str(round(500 + 120 * math.sin(angle))))
            angle += 0.2
            time.sleep(0.01)
        xdotool("mouseup", "1")

    dump = app.session(circles, *args.app_arguments)
    print(json.dumps({"lab": dump["lab"], "frameTimeMs": dump["frameTimeMs"], "window": "1600x1000"}))
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, default=10.0, help="frame-time: how long to drag")
    parser.add_argument("mode", choices=["shapes", "spatial", "stalled", "frame-time"])
    own = sys.argv[1:sys.argv.index("--")] if "--" in sys.argv else sys.argv[1:]
    args = parser.parse_args(own)
    args.app_arguments = sys.argv[len(own) + 2:]  # frame-time: collision-lab's arguments, after --
    failures = {"shapes": check_shapes, "spatial": check_spatial, "stalled": check_stalled,
                "frame-time": measure_frame_time}[args.mode](args)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    if not failures and args.mode != "frame-time":
        print("PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
