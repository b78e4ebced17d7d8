#!/usr/bin/env bash
# End-to-end test of a 3D view in the real window (CTest gui.spatial_view_end_to_end, under Xvfb): starts
# collision-lab on the 3D narrow-phase lab, orbits with a left drag on empty space, pans with a Shift+left drag,
# zooms with the wheel, jumps to the view from above (Alt+3) and to orthographic (Alt+O), quits with Ctrl+Q and
# checks --dump-state's camera. Then starts it again and checks that the direction and projection were remembered
# (the framing is fitted to the scene again).
# Usage: spatial_view_end_to_end.sh path/to/collision-lab
set -euo pipefail
exe=$1
lab="Narrow phase 3D"
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$work/config
fail() { echo "FAIL: $*" >&2; exit 1; }

start_app() {
  "$exe" "$@" --dump-state "$work/state.json" &
  pid=$!
  window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Collision Lab$' | head -n 1)
  [ -n "$window" ] || fail "no window appeared"
  xdotool windowmove --sync "$window" 0 0 || true
  xdotool windowfocus --sync "$window" || true
  sleep 1.5  # a few frames, so ImGui has laid out and the camera has been fitted
}
quit_app() {
  xdotool key ctrl+q
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "Ctrl+Q did not close the window"
  wait "$pid" || fail "collision-lab exited with status $?"
  pid=
}
# drag FROM_X FROM_Y DX DY in window pixels, in small moves, so every frame sees the mouse move.
drag() {
  xdotool mousemove --window "$window" --sync "$1" "$2"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.3
  for i in 1 2 3 4 5; do
    xdotool mousemove --window "$window" --sync $(($1 + $3 * i / 5)) $(($2 + $4 * i / 5))
    sleep 0.15
  done
  sleep 0.3
  xdotool mouseup 1
  sleep 0.3
}
state=$work/state.json
check() {  # check DESCRIPTION JQ_EXPRESSION (true when it holds; $before is the camera before)
  jq -e --argjson before "$before" "$2" "$state" >/dev/null || fail "$1 (view 0: $(jq -c '.views[0]' "$state"); before: $before)"
}

# [SECTION] The camera as the lab opens (fitted)
start_app --lab "$lab"
quit_app
jq -e '.views[0].kind == "spatial"' "$state" >/dev/null || fail "the $lab lab's first view is not spatial"
before=$(jq -c '.views[0]' "$state")
# Empty space: the view's top-right corner, away from the shapes in the middle.
read -r x y < <(jq -r '.views[0].rect | "\(.[0] + .[2] - 60 | round) \(.[1] + 80 | round)"' "$state")

# [SECTION] Orbit, pan, zoom, preset, projection
rm -f "$state"
start_app
drag "$x" "$y" -100 0  # dragging left turns the scene left: the eye goes right, yaw grows by 100 * 0.008 rad
quit_app
check "a left drag on empty space orbits by 0.8 rad of yaw" \
  '((.views[0].yaw - $before.yaw) - 45.8366 | fabs) < 0.5 and (.views[0].pitch - $before.pitch | fabs) < 1e-9'
# The next run starts from the remembered direction, fitted again (the distance that fits depends on the
# direction): its starting camera is what a run that does nothing ends with.
rm -f "$state"
start_app
quit_app
before=$(jq -c '.views[0]' "$state")

rm -f "$state"
start_app
xdotool keydown shift
drag "$x" "$y" 0 60
xdotool keyup shift
xdotool mousemove --window "$window" --sync "$x" $((y + 60))
sleep 0.3
xdotool click 4  # one wheel step toward the scene
sleep 0.5
quit_app
check "Shift+left drag pans: the target moves, the direction stays" \
  '(.views[0].target != $before.target) and (.views[0].yaw - $before.yaw | fabs) < 1e-9'
check "one wheel step zooms in by 1.15" '(.views[0].distance * 1.15 - $before.distance | fabs) < 1e-6 * $before.distance'

rm -f "$state"
start_app
xdotool key alt+3
sleep 0.3
xdotool key alt+o
sleep 0.5
quit_app
check "Alt+3 looks from above" '(.views[0].pitch - 89 | fabs) < 1e-6 and (.views[0].yaw | fabs) < 1e-6'
check "Alt+O switches to orthographic" '.views[0].projection == "orthographic"'
check "the lab's step did not change" '.step == 0'
echo "after the moves: $(jq -c '.views[0] | {yaw, pitch, distance, projection}' "$state")"

# [SECTION] Remembered: the direction and projection come back
settings=$XDG_CONFIG_HOME/collision-lab/settings.json
jq -e --arg lab "$lab" '.cameras[$lab][0].projection == "orthographic"' "$settings" >/dev/null ||
  fail "the camera is not in the settings: $(jq -c '.cameras' "$settings")"
rm -f "$state"
start_app
quit_app
check "the direction and projection were remembered" \
  '.lab == "Narrow phase 3D" and (.views[0].pitch - 89 | fabs) < 1e-6 and .views[0].projection == "orthographic"'
echo "PASS"
