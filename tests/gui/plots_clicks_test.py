"""GUI test of what the Plots window records while the lab's scene does not change (newcomer review s35, A6).

Opens mid2_01_sah_vs_median.json in "Mid phase 2D" with the Plots window open (--plots), leaves it idle, then clicks
Fit, the plot three times and Export csv (into the session's own directory): nothing in the lab changed, so the
recording holds its first frame only (every click recorded two frames: 85 frames in a PNG, 87 in a CSV exported a
second later). Then drags B with a move every 0.05 s (frames without a move in between, idle) and leaves it idle:
the x axis breaks where the recording was idle for more than half a second (before the drag, after it), not at the
frames without a move inside the drag (a break at almost every frame).
"""

import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import fresh_directory, drag, to_screen, dump_after, screenshot_dump, script_arguments, xdotool  # noqa: E402

MOVES = 20


def centre(rect):
    return int(rect[0] + rect[2] / 2), int(rect[1] + rect[3] / 2)


def click(window, point):
    xdotool("mousemove", "--window", window, "--sync", str(point[0]), str(point[1]))
    time.sleep(0.2)
    xdotool("click", "1")
    time.sleep(0.6)


def main():
    args = script_arguments()
    home = fresh_directory(args.out, "home")
    os.chdir(home)  # Export writes beside the session, not into the build tree
    scene = os.path.join(home, "raised.json")
    lesson = json.load(open(os.path.join(args.scenes, "mid2_01_sah_vs_median.json")))
    lesson["lab_state"]["position_b"] = [1.6, 0.5]  # above the Plots window, which opens over the view's lower right
    json.dump(lesson, open(scene, "w"))
    start = screenshot_dump(args.exe, args.out, "start", ["--scene", scene, "--plots"])
    plots = start["plots"]
    view = start["views"][0]
    b = start["position_b"]
    window_rect = plots["window"]
    grab = to_screen(view, b)
    if window_rect[0] <= grab[0] <= window_rect[0] + window_rect[2] and window_rect[1] <= grab[1] <= window_rect[1] + window_rect[3]:
        sys.exit(f"B at {grab} is under the Plots window {window_rect}")

    def clicks_only(window):
        time.sleep(1.0)
        click(window, centre(plots["buttons"]["Fit"]))
        data = plots["plotData"]
        for k in range(3):
            click(window, (int(data[0] + data[2] * (0.3 + 0.2 * k)), int(data[1] + data[3] * 0.5)))
        click(window, centre(plots["buttons"]["Export csv"]))
        time.sleep(0.5)

    clicked = dump_after(args.exe, home, args.out, "clicks.json", ["--scene", scene, "--plots"], clicks_only)["plots"]

    def idle_drag_idle(window):
        time.sleep(1.5)
        drag(window, grab, (grab[0] - 160, grab[1]), MOVES)
        time.sleep(1.5)

    dragged = dump_after(args.exe, home, args.out, "drag.json", ["--scene", scene, "--plots"], idle_drag_idle)["plots"]

    failures = []
    if clicked.get("frames") != 1:
        failures.append(f"clicks in the Plots window recorded frames: {clicked.get('frames')} frames, not the first only")
    if not clicked.get("exportMessage", "").startswith("wrote "):
        failures.append(f"Export csv did not write: {clicked.get('exportMessage')!r}")
    if not MOVES // 2 <= dragged.get("frames", 0) <= MOVES + 12:
        failures.append(f"{dragged.get('frames')} frames recorded for a drag of {MOVES} moves")
    breaks = dragged.get("xBreaks", [])
    if not 1 <= len(breaks) <= 2:
        failures.append(f"{len(breaks)} breaks on the x axis for one drag between two idle stretches: {breaks}")
    if failures:
        print("\n".join(failures))
        return 1
    print(f"ok: clicks kept {clicked['frames']} frame; the drag recorded {dragged['frames']} frames with breaks at {breaks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
