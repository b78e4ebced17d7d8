#!/usr/bin/env bash
# Measures the frame time of the real window while a shape is dragged in circles: starts collision-lab in a
# 1600x1000 window, moves the mouse with the button held for SECONDS, quits, and prints the shell's
# frameTimeMs (wall-clock time between frames) from --dump-state. Not a test (tests never time things).
# Usage (no display needed): xvfb-run -a -s "-screen 0 1600x1000x24" tests/gui/frame_time.sh EXE [SECONDS] [collision-lab arguments...]
#   e.g. ... tests/gui/frame_time.sh build/release/app/collision-lab 10 --scene assets/scenes/03_deep_overlap.json
set -euo pipefail
exe=$1
seconds=${2:-10}
shift $(( $# >= 2 ? 2 : 1 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config
"$exe" "$@" --dump-state "$work/state.json" &
pid=$!
window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Collision Lab$' | head -n 1)
xdotool windowmove --sync "$window" 0 0 || true
sleep 2
# Press at the middle of the canvas (a shape, or empty space: then the drag pans; both redraw every frame).
xdotool mousemove --window "$window" 950 500 mousedown 1
end=$((SECONDS + seconds))
angle=0
while [ $SECONDS -lt $end ]; do
  read -r x y < <(awk -v a="$angle" 'BEGIN { printf "%d %d\n", 950 + 120 * cos(a), 500 + 120 * sin(a) }')
  xdotool mousemove --window "$window" "$x" "$y"
  angle=$(awk -v a="$angle" 'BEGIN { print a + 0.2 }')
  sleep 0.01
done
xdotool mouseup 1 key ctrl+q
wait "$pid"
jq -c '{lab, frameTimeMs, window: "1600x1000"}' "$work/state.json"
