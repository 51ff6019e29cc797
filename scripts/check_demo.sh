#!/usr/bin/env bash
# Opens the real demo window under Xvfb for a few hundred frames, saves its last frame, and
# checks it against the headless renderer's picture of the same tick.
# Then plays a session with key presses, records it and replays it headless.
# Usage: scripts/check_demo.sh [frames]   (needs xvfb-run, xdotool and python3)
set -euo pipefail
cd "$(dirname "$0")/.."

frames="${1:-300}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --product sandbox
sandbox=$(swift build --show-bin-path)/sandbox

# The AI plays both castles (--autoplay), so the match is the one 'sandbox render' plays. The
# window's status lines (top left) are left out: a render has none. Both drawing paths: the software one (which auto takes on a display whose OpenGL is Mesa in
# software, as Xvfb's is) and the GPU one through SDL's OpenGL renderer.
for renderer in auto gpu; do
  summary=$(xvfb-run -a -s "-screen 0 1280x720x24" \
    "$sandbox" demo --autoplay --frames "$frames" --size 1280x720 --renderer "$renderer" \
    --screenshot "$work/window-$renderer.png")
  echo "$summary"
  expected=$([ "$renderer" = gpu ] && echo gpu || echo software)
  if ! printf '%s\n' "$summary" | grep -q "^Renderer: $expected"; then
    echo "error: --renderer $renderer did not report drawing with the $expected renderer" >&2
    exit 1
  fi
  tick=$(printf '%s\n' "$summary" | sed -n 's/^tick: *\([0-9]*\).*/\1/p')
  if [ -z "$tick" ]; then
    echo "error: the demo did not report its last tick" >&2
    exit 1
  fi
  "$sandbox" render --tick "$tick" --size 1280x720 --out "$work/headless-$renderer.png"
  python3 scripts/check_png.py "$work/window-$renderer.png" >/dev/null
  python3 scripts/compare_images.py "$work/window-$renderer.png" "$work/headless-$renderer.png" \
    --max-mean 2.0 --max-share 0.05 --tolerance 8 --ignore 0,36,720,80
done

# A battle of 100,000 on both paths, the whole arena (dots) and zoomed in on the front
# (sprites, health bars), against the headless render of the same tick and view. The window's
# minimap (bottom right while zoomed in) and status lines are left out: a render has none.
for zoom in 1 8; do
  for renderer in software gpu; do
    summary=$(xvfb-run -a -s "-screen 0 1280x720x24" \
      "$sandbox" demo --scenario battle --entities 100000 --autoplay --frames 20 \
      --size 1280x720 --renderer "$renderer" --zoom "$zoom" \
      --screenshot "$work/battle-$renderer.png")
    echo "$summary"
    tick=$(printf '%s\n' "$summary" | sed -n 's/^tick: *\([0-9]*\).*/\1/p')
    "$sandbox" render --scenario battle --entities 100000 --tick "$tick" --size 1280x720 \
      --zoom "$zoom" --out "$work/battle-headless.png"
    python3 scripts/compare_images.py "$work/battle-$renderer.png" "$work/battle-headless.png" \
      --max-mean 2.0 --max-share 0.05 --tolerance 8 --ignore 1010,530,260,150 \
      --ignore 0,36,720,80
  done
done

# A played session: buy orders and a restart sent to the window as key presses and recorded;
# the headless replay must reach the state hash the demo printed when it quit.
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  "$1" demo --record "$2" --size 1280x720 >"$3" &
  demo=$!
  source "$4"
  if ! find_window "$3"; then
    kill "$demo"
    echo "error: the demo window did not appear" >&2
    exit 1
  fi
  sleep 0.5
  for key in 1 2 3 r 3 1; do
    press "$key"
    sleep 0.4
  done
  press_to_close Escape
  wait "$demo"' _ "$sandbox" "$work/session.rec" "$work/played.txt" \
  "$PWD/scripts/window_keys.sh"
cat "$work/played.txt"
replayed=$("$sandbox" replay "$work/session.rec")
echo "$replayed"
inputs=$(printf '%s\n' "$replayed" | sed -n 's/^inputs: *\([0-9]*\).*/\1/p')
if [ "${inputs:-0}" -lt 1 ]; then
  echo "error: the recording holds no inputs: the key presses did not reach the demo" >&2
  exit 1
fi
demo_hash=$(sed -n 's/^stateHash: *\([0-9a-f]*\).*/\1/p' "$work/played.txt")
replay_hash=$(printf '%s\n' "$replayed" | sed -n 's/^stateHash: *\([0-9a-f]*\).*/\1/p')
if [ -z "$demo_hash" ] || [ "$demo_hash" != "$replay_hash" ]; then
  echo "error: the demo ended with stateHash '$demo_hash', its replay with '$replay_hash'" >&2
  exit 1
fi
