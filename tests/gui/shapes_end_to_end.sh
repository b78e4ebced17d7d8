#!/usr/bin/env bash
# End-to-end test of the window (CTest gui.shapes_end_to_end, under Xvfb): starts the real collision-lab on
# the Shapes lab, drags the circle and Shift-drags the box with xdotool, steps with the arrow keys, toggles the
# grid (G) and the help (F1), quits with Ctrl+Q, and checks --dump-state. Then starts it again with no
# arguments and checks that the lab and the grid setting were remembered.
# Usage: shapes_end_to_end.sh path/to/collision-lab
set -euo pipefail
exe=$1
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$work/config
fail() { echo "FAIL: $*" >&2; exit 1; }

# The window opens at 1600x1000 (the default size); a screenshot of that size lays out the same frame, so its
# dump tells where each world point lands on the screen.
"$exe" screenshot --lab Shapes --size 1600x1000 -o "$work/layout.png" --dump-state "$work/layout.json" >/dev/null
# project X Y -> "sx sy", window pixels of world point (X, Y) in the world view.
project() {
  jq -r --argjson x "$1" --argjson y "$2" '.views[0] as $v
    | [($v.rect[0] + $v.rect[2] / 2 + ($x - $v.center[0]) * $v.zoom),
       ($v.rect[1] + $v.rect[3] / 2 - ($y - $v.center[1]) * $v.zoom)] | map(round) | "\(.[0]) \(.[1])"' "$work/layout.json"
}
zoom=$(jq '.views[0].zoom' "$work/layout.json")
circle=$(jq -c '.shapes[2].position' "$work/layout.json")
box=$(jq -c '.shapes[4].position' "$work/layout.json")
[ "$(jq -r '.shapes[2].type, .shapes[4].type' "$work/layout.json" | tr '\n' ' ')" = "circle box " ] ||
  fail "the Shapes lab's default scene changed: shape 2 must be the circle, shape 4 the box"

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
  for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && xdotool key d  # the unsaved-changes prompt: Discard
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "Ctrl+Q did not close the window"
  wait "$pid" || fail "collision-lab exited with status $?"
  pid=
}
# drag FROM_X FROM_Y TO_X TO_Y in window pixels, in small moves, so every frame sees the mouse move.
drag() {
  xdotool mousemove --window "$window" --sync "$1" "$2"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.3
  for i in 1 2 3 4 5 6; do
    xdotool mousemove --window "$window" --sync $(($1 + ($3 - $1) * i / 6)) $(($2 + ($4 - $2) * i / 6))
    sleep 0.15
  done
  sleep 0.3
  xdotool mouseup 1
  sleep 0.3
}

# [SECTION] First run: drag, rotate, step, toggle, quit
start_app --lab Shapes
read -r cx cy < <(project "$(jq '.[0]' <<<"$circle")" "$(jq '.[1]' <<<"$circle")")
drag "$cx" "$cy" $((cx + 150)) $((cy + 60))

# Shift-drag from the box's +x side to its +y side: a quarter turn counter-clockwise about its centre.
read -r bx by < <(project "$(jq '.[0] + 0.8' <<<"$box")" "$(jq '.[1]' <<<"$box")")
read -r tx ty < <(project "$(jq '.[0]' <<<"$box")" "$(jq '.[1] + 0.8' <<<"$box")")
xdotool keydown shift
drag "$bx" "$by" "$tx" "$ty"
xdotool keyup shift
sleep 0.3

for key in Right Right Right Left g F1; do
  xdotool key "$key"
  sleep 0.25
done
quit_app

state=$work/state.json
[ -f "$state" ] || fail "no --dump-state file was written"
check() {  # check DESCRIPTION JQ_EXPRESSION (true when it holds)
  jq -e --argjson zoom "$zoom" --argjson circle "$circle" --argjson box "$box" "$2" "$state" >/dev/null ||
    fail "$1 (state: $(jq -c '{lab, step, selected, helpOpen, showGrid, circle: .shapes[2], box: .shapes[4]}' "$state"))"
}
check "the lab is Shapes" '.lab == "Shapes"'
check "the circle moved by the drag (150, 60) pixels" \
  '(.shapes[2].position[0] - $circle[0] - 150 / $zoom | fabs) < 3 / $zoom and
   (.shapes[2].position[1] - $circle[1] + 60 / $zoom | fabs) < 3 / $zoom'
check "Shift-drag turned the box a quarter turn" '(.shapes[4].angle - 1.5708 | fabs) < 0.05'
check "the box stayed in place while turning" '(.shapes[4].position[0] - $box[0] | fabs) < 1e-9'
check "the box is selected" '.selected == 4'
check "Right, Right, Right, Left: step 2" '.step == 2'
check "G hid the grid" '.showGrid == false'
check "F1 opened the help" '.helpOpen == true'
echo "first run: $(jq -c '{lab, step, selected, circle: .shapes[2].position, boxAngle: .shapes[4].angle}' "$state")"

# [SECTION] Second run: the lab and the grid setting are remembered
settings=$XDG_CONFIG_HOME/collision-lab/settings.json
[ -f "$settings" ] || fail "no settings file at $settings"
jq -e '.lastLab == "Shapes" and .windowWidth == 1600 and .windowHeight == 1000' "$settings" >/dev/null ||
  fail "settings not remembered: $(cat "$settings")"
rm -f "$state"
start_app
quit_app
check "the second run opened the last lab" '.lab == "Shapes"'
check "the second run kept the grid hidden" '.showGrid == false'
echo "second run: $(jq -c '{lab, showGrid}' "$state")"
echo "PASS"
