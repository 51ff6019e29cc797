#!/usr/bin/env bash
# Plays matches between two sandbox processes on the loopback: first two headless peers with
# scripted orders over simulated faults, which must end with the same state hash as each
# side's recording replays to; then a host in a window under Xvfb, its keys sent with xdotool,
# against a headless guest, whose recordings must replay to what each side printed.
# Usage: scripts/check_netplay.sh [ticks]   (needs xvfb-run and xdotool)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/netplay_lib.sh

ticks="${1:-1200}"
work=$(mktemp -d)
host_pid=""
cleanup() {
  if [ -n "$host_pid" ]; then kill "$host_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

swift build --product sandbox
sandbox=$(swift build --show-bin-path)/sandbox
faults="loss=5%,delay=50ms,jitter=20ms,duplicate=1%"

printf '%s\n' "# the host's orders" "30 order zap" "200 order munch" "420 order quirk" \
  "600 order zap" "601 cancel" "900 order munch" >"$work/host.txt"
printf '%s\n' "50 order munch" "250 order zap" "251 order quirk" "500 cancel" \
  "700 order munch" "1000 order zap" >"$work/join.txt"


# Both replays must end where their side did.
check_replays() {
  for side in host join; do
    "$sandbox" replay "$work/$side.rec" >"$work/$side-replay.txt"
    cat "$work/$side-replay.txt"
  done
}

# 1. Two headless peers, faults each way.
"$sandbox" host --listen 127.0.0.1 --port 0 --headless --inputs "$work/host.txt" \
  --ticks "$ticks" --record "$work/host.rec" --simulate "$faults" --wait 60 \
  >"$work/host-out.txt" 2>&1 &
host_pid=$!
read -r -a join <<<"$(join_line "$work/host-out.txt")"
"$sandbox" "${join[@]}" --headless --inputs "$work/join.txt" --record "$work/join.rec" \
  --simulate "$faults" >"$work/join-out.txt" 2>&1
wait "$host_pid"
host_pid=""
cat "$work/host-out.txt" "$work/join-out.txt"
host_hash=$(field "stateHash:" "$work/host-out.txt")
join_hash=$(field "stateHash:" "$work/join-out.txt")
if [ -z "$host_hash" ] || [ "$host_hash" != "$join_hash" ]; then
  echo "error: the peers ended with stateHash '$host_hash' and '$join_hash'" >&2
  exit 1
fi
check_replays
for side in host join; do
  if [ "$(field "stateHash:" "$work/$side-replay.txt")" != "$host_hash" ]; then
    echo "error: the $side's recording does not replay to $host_hash" >&2
    exit 1
  fi
done

# 2. The host in a window, bought for with key presses; the guest headless with its script.
window_status=0
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  set -euo pipefail
  "$1" host --listen 127.0.0.1 --port 0 --size 1280x720 --record "$2/host.rec" \
    >"$2/window-host.txt" 2>&1 &
  host=$!
  line=""
  for _ in $(seq 200); do
    line=$(sed -n "s/^  sandbox \(join .*\)$/\1/p" "$2/window-host.txt")
    [ -n "$line" ] && break
    sleep 0.1
  done
  if [ -z "$line" ]; then
    kill "$host"
    echo "error: the windowed host printed no join line" >&2
    exit 1
  fi
  read -r -a join <<<"$line"
  "$1" "${join[@]}" --headless --inputs "$2/join.txt" --record "$2/join.rec" \
    >"$2/window-join.txt" 2>&1 &
  guest=$!
  source "$3"
  if ! find_window "$2/window-host.txt"; then
    kill "$host" "$guest"
    echo "error: the host window did not appear" >&2
    exit 1
  fi
  sleep 1
  for key in 1 2 3 2; do
    press "$key"
    sleep 0.5
  done
  sleep 2
  press_to_close Escape
  wait "$host"
  wait "$guest"' _ "$sandbox" "$work" "$PWD/scripts/window_keys.sh" || window_status=$?
cat "$work/window-host.txt" "$work/window-join.txt"
if [ "$window_status" -ne 0 ]; then
  echo "error: the windowed match failed (status $window_status); both sides' output is above" >&2
  exit 1
fi
check_replays
for side in host join; do
  played=$(field "stateHash:" "$work/window-$side.txt")
  if [ -z "$played" ] || [ "$played" != "$(field "stateHash:" "$work/$side-replay.txt")" ]; then
    echo "error: the $side's recording does not replay to the stateHash it printed" >&2
    exit 1
  fi
done
# The host's keys reached its castle and the guest's script its own: the recording holds
# both players' orders.
left=$(sed -n 's/^inputs: .*(\([0-9]*\) left.*/\1/p' "$work/host-replay.txt")
right=$(sed -n 's/^inputs: .* \([0-9]*\) right.*/\1/p' "$work/host-replay.txt")
if [ "${left:-0}" -lt 1 ] || [ "${right:-0}" -lt 1 ]; then
  echo "error: the host's recording holds ${left:-0} orders of its own and ${right:-0} of" \
    "the guest's: the key presses or the script did not reach the match" >&2
  exit 1
fi
echo "netplay: both matches replay to what each side printed"
