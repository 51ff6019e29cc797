#!/usr/bin/env bash
# Opens the real demo window under Xvfb for a few hundred frames, saves its last frame, and
# checks it against the headless renderer's picture of the same tick.
# Usage: scripts/check_demo.sh [frames]   (needs xvfb-run and python3)
set -euo pipefail
cd "$(dirname "$0")/.."

frames="${1:-300}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --product sandbox
sandbox=$(swift build --show-bin-path)/sandbox

# The AI plays both castles (--autoplay), so the match is the one 'sandbox render' plays.
summary=$(xvfb-run -a -s "-screen 0 1280x720x24" \
  "$sandbox" demo --autoplay --frames "$frames" --size 1280x720 --screenshot "$work/window.png")
echo "$summary"
tick=$(printf '%s\n' "$summary" | sed -n 's/.*last at tick \([0-9]*\).*/\1/p')
if [ -z "$tick" ]; then
  echo "error: the demo did not report its last tick" >&2
  exit 1
fi
"$sandbox" render --tick "$tick" --size 1280x720 --out "$work/headless.png"
python3 scripts/check_png.py "$work/window.png" >/dev/null
python3 scripts/compare_images.py "$work/window.png" "$work/headless.png" \
  --max-mean 2.0 --max-share 0.05 --tolerance 8
