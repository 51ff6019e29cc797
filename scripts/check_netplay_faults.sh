#!/usr/bin/env bash
# A match between sandbox processes on the loopback that meets what the internet does to one:
# the guest's process is killed (SIGKILL) at 20 s and a new one joins again with the same
# line at 30 s, which loads the host's state; a spectator joins at 60 s and watches to the
# end; and the rejoined guest's game runs one tick more on purpose (--perturb-tick, a debug
# build's), a desync the host's state recovers. Both players, and the spectator, must end on
# one stateHash, and both players' recordings must replay to it.
# Usage: scripts/check_netplay_faults.sh [seconds]   (the match's length, at least 70)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/netplay_lib.sh

seconds="${1:-80}"
if [ "$seconds" -lt 70 ]; then
  echo "error: the match must last at least 70 s, for a spectator to join at 60 s" >&2
  exit 2
fi
ticks=$((seconds * 60))
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

swift build --product sandbox
sandbox=$(swift build --show-bin-path)/sandbox
# Each side saves its desync report in the working directory.
cd "$work"
faults="loss=3%,delay=30ms,jitter=10ms"

printf '%s\n' "30 order zap" "400 order munch" "1500 order quirk" "2500 order zap" \
  "3000 order munch" "3900 order zap" >"$work/host.txt"
printf '%s\n' "60 order munch" "700 order zap" "1900 order quirk" "2800 order munch" \
  "3500 order zap" >"$work/join.txt"


"$sandbox" host --listen 127.0.0.1 --port 0 --headless --inputs "$work/host.txt" \
  --ticks "$ticks" --record "$work/host.rec" --simulate "$faults" --on-desync recover \
  >"$work/host-out.txt" 2>&1 &
host_pid=$!
pids+=("$host_pid")
read -r -a join <<<"$(join_line "$work/host-out.txt")"
started=$(date +%s)
at() {
  local wait=$(($1 - ($(date +%s) - started)))
  if [ "$wait" -gt 0 ]; then sleep "$wait"; fi
}

# The first guest, killed with no word at 20 s.
"$sandbox" "${join[@]}" --headless --inputs "$work/join.txt" --simulate "$faults" \
  --on-desync recover >"$work/first-out.txt" 2>&1 &
first_pid=$!
pids+=("$first_pid")
at 20
kill -9 "$first_pid"
wait "$first_pid" 2>/dev/null || true

# The same line again at 30 s, from a new process on a new port; its game differs at 45 s.
at 30
"$sandbox" "${join[@]}" --headless --inputs "$work/join.txt" --simulate "$faults" \
  --on-desync recover --perturb-tick $((45 * 60)) --record "$work/join.rec" \
  >"$work/join-out.txt" 2>&1 &
join_pid=$!
pids+=("$join_pid")

# A spectator at 60 s.
at 60
"$sandbox" "${join[@]}" --headless --spectate >"$work/spectator-out.txt" 2>&1 &
spectator_pid=$!
pids+=("$spectator_pid")

status=0
for pid in "$host_pid" "$join_pid" "$spectator_pid"; do wait "$pid" || status=$?; done
for side in host first join spectator; do
  echo "--- $side"
  cat "$work/$side-out.txt"
done
if [ "$status" -ne 0 ]; then
  echo "error: a process failed (status $status); the output is above" >&2
  exit 1
fi
host_hash=$(field "stateHash:" "$work/host-out.txt")
for side in join spectator; do
  hash=$(field "stateHash:" "$work/$side-out.txt")
  if [ -z "$host_hash" ] || [ "$hash" != "$host_hash" ]; then
    echo "error: the $side ended on stateHash '$hash', the host on '$host_hash'" >&2
    exit 1
  fi
done
for side in host join; do
  "$sandbox" replay "$work/$side.rec" >"$work/$side-replay.txt"
  if [ "$(field "stateHash:" "$work/$side-replay.txt")" != "$host_hash" ]; then
    cat "$work/$side-replay.txt"
    echo "error: the $side's recording does not replay to $host_hash" >&2
    exit 1
  fi
done
# The rejoin and the desync happened, and were recovered from; each side that saw the desync
# saved its report, and at least one side saw it. A side may not see it over a lossy link:
# the host when the guest's request for its state comes before the guest's hash of the tick
# that differs, the guest when the host's state comes before the host's hash of that tick
# (lost on the way); that side says "0 seen here" and sends or loads the state all the same.
seen=0
for pair in host:left join:right; do
  if ! grep -q "^Desyncs: *0 seen here" "$work/${pair%%:*}-out.txt"; then
    ls "$work"/desync-"${pair##*:}"-*.recording >/dev/null
    seen=$((seen + 1))
  fi
done
if [ "$seen" -eq 0 ]; then
  echo "error: neither side saw the desync" >&2
  exit 1
fi
grep -q "^Rejoined:" "$work/join-out.txt" || {
  echo "error: the second guest did not say it joined again" >&2
  exit 1
}
grep -q "^Desyncs: " "$work/host-out.txt" || {
  echo "error: no desync was seen and recovered" >&2
  exit 1
}
echo "netplay faults: killed and rejoined, watched, desynced and recovered; one stateHash" \
  "$host_hash for the host, the guest, the spectator and both recordings"
