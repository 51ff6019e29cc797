#!/usr/bin/env bash
# Proves on this machine that sweep.sbatch, run as a Slurm job array, reproduces a local
# `sandbox sweep` byte for byte: it brings up a throwaway one-node Slurm cluster (munge,
# slurmctld, slurmd, configured in a temporary folder), submits the array, waits for it,
# concatenates the shards in order and compares them with an unsharded sweep of the same seeds.
# Prints PASS or FAIL; exits 0 only on PASS. Needs root: it installs slurm-wlm and munge with
# apt-get when they are missing, and starts the daemons (stopped again on exit).
#
# Usage: sudo scripts/slurm/prove_sweep.sh
# Environment (all optional):
#   SANDBOX   a release sandbox executable (default: built with `swift build -c release`)
#   SEEDS     the seeds to sweep (default 1-40)
#   TASKS     how many array tasks, i.e. shards (default 4)
#   TICKS     --ticks for every match (default 2000)
#   TIMEOUT   seconds to wait for the cluster and for the array (default 300)
#   KEEP      1 keeps the temporary folder (configuration, logs, shards) for inspection
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seeds=${SEEDS:-1-40}
tasks=${TASKS:-4}
ticks=${TICKS:-2000}
timeout=${TIMEOUT:-300}

say() { echo "prove_sweep: $*"; }
fail() {
  echo "prove_sweep: FAIL: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (it installs packages and starts the Slurm daemons)"

# MARK: - Packages

missing=()
for package in slurm-wlm munge; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null
fi

# MARK: - The sandbox executable

sandbox=${SANDBOX:-}
if [ -z "$sandbox" ]; then
  say "building sandbox (release)"
  (cd "$root" && swift build -c release --product sandbox >/dev/null)
  sandbox="$(cd "$root" && swift build -c release --show-bin-path)/sandbox"
fi
[ -x "$sandbox" ] || fail "no sandbox executable at $sandbox"
sandbox=$(cd "$(dirname "$sandbox")" && pwd)/$(basename "$sandbox")
export SANDBOX_ASSETS=${SANDBOX_ASSETS:-$root/Assets}

# MARK: - Cleanup: stop only what this script started

workdir=$(mktemp -d /tmp/prove-sweep.XXXXXX)
munged_pid=""
slurmctld_pid=""
slurmd_pid=""
job_id=""

# Whether process $1 exists and has not exited (an exited child stays a zombie until reaped).
alive() {
  local state
  state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
  [[ $state != Z* ]]
}

# Stops process $2 (named $1 in messages), if it runs: SIGTERM, then SIGKILL after 10 s.
stop() {
  local name=$1 pid=$2
  [ -n "$pid" ] || return 0
  if alive "$pid"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      alive "$pid" || break
      sleep 0.2
    done
    if alive "$pid"; then
      say "$name (pid $pid) did not stop; killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  wait "$pid" 2>/dev/null || true # reaps the daemons started here as children
}

cleanup() {
  local status=$?
  set +e
  [ -n "$job_id" ] && [ -n "$slurmctld_pid" ] && scancel "$job_id" 2>/dev/null
  stop slurmd "$slurmd_pid"
  stop slurmctld "$slurmctld_pid"
  stop munged "$munged_pid"
  if [ "${KEEP:-0}" = 1 ] || [ "$status" -ne 0 ]; then
    say "kept $workdir (configuration, daemon logs, shards)"
  else
    rm -rf "$workdir"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# MARK: - munge

if munge -n </dev/null >/dev/null 2>&1; then
  say "munged is already running; using it"
else
  install -d -o munge -g munge -m 0755 /run/munge
  runuser -u munge -- munged
  for _ in $(seq 50); do
    [ -s /run/munge/munged.pid ] && break
    sleep 0.1
  done
  munged_pid=$(cat /run/munge/munged.pid 2>/dev/null || true)
  [ -n "$munged_pid" ] || fail "munged did not start (no /run/munge/munged.pid)"
fi
munge -n </dev/null | unmunge >/dev/null || fail "munge cannot encode and decode a credential"

# MARK: - A one-node cluster

host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
mkdir -p "$workdir/state" "$workdir/spool" "$workdir/log" "$workdir/run" "$workdir/shards"
export SLURM_CONF=$workdir/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=prove
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$workdir/state
SlurmdSpoolDir=$workdir/spool
SlurmctldPidFile=$workdir/run/slurmctld.pid
SlurmdPidFile=$workdir/run/slurmd.pid
SlurmctldLogFile=$workdir/log/slurmctld.log
SlurmdLogFile=$workdir/log/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$((memory * 9 / 10)) State=UNKNOWN
PartitionName=prove Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
  fail "a slurmctld or slurmd is already running on this machine; stop it first"
fi
slurmctld -D -f "$SLURM_CONF" >"$workdir/log/slurmctld.out" 2>&1 &
slurmctld_pid=$!
for _ in $(seq 50); do
  scontrol ping >/dev/null 2>&1 && break
  alive "$slurmctld_pid" || fail "slurmctld exited; see $workdir/log"
  sleep 0.2
done
slurmd -D -f "$SLURM_CONF" >"$workdir/log/slurmd.out" 2>&1 &
slurmd_pid=$!

deadline=$((SECONDS + timeout))
until [ "$(sinfo -h -n "$host" -o %T 2>/dev/null)" = idle ]; do
  alive "$slurmd_pid" || fail "slurmd exited; see $workdir/log"
  [ "$SECONDS" -lt "$deadline" ] || fail "node $host not idle after ${timeout}s; see $workdir/log"
  sleep 0.5
done
say "cluster up: node $host idle ($cpus CPUs); slurmctld pid $slurmctld_pid, slurmd pid $slurmd_pid"

# MARK: - The array

job_id=$(sbatch --parsable --array="1-$tasks" --chdir="$workdir/shards" \
  --output="$workdir/shards/sweep-%A_%a.log" \
  --export="ALL,SANDBOX=$sandbox,SANDBOX_ASSETS=$SANDBOX_ASSETS" \
  "$root/scripts/slurm/sweep.sbatch" --seeds "$seeds" --ticks "$ticks")
say "submitted job array $job_id: $tasks shards of seeds $seeds, --ticks $ticks"

deadline=$((SECONDS + timeout))
while [ -n "$(squeue -h -j "$job_id" 2>/dev/null)" ]; do
  [ "$SECONDS" -lt "$deadline" ] || fail "the array was not done after ${timeout}s"
  sleep 1
done
# Without an accounting database there is no sacct; slurmctld keeps finished jobs for a while.
pattern='.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*ExitCode=\([0-9:]*\).*'
states=$(scontrol -o show job "$job_id" | sed -n "s/$pattern/task \\1: \\2 exit \\3/p" |
  sort -t' ' -k2 -n)
echo "$states"
[ "$(grep -c 'COMPLETED exit 0:0' <<<"$states")" -eq "$tasks" ] || {
  tail -n 5 "$workdir"/shards/*.log >&2 || true
  fail "not every task completed"
}

# MARK: - Compare

for shard in $(seq 1 "$tasks"); do
  [ -f "$workdir/shards/sweep-$shard.jsonl" ] || fail "sweep-$shard.jsonl is missing"
  cat "$workdir/shards/sweep-$shard.jsonl"
done >"$workdir/sharded.jsonl"
"$sandbox" sweep --seeds "$seeds" --ticks "$ticks" --out "$workdir/local.jsonl" >/dev/null

lines=$(wc -l <"$workdir/sharded.jsonl")
say "shards: $(for shard in $(seq 1 "$tasks"); do
  printf '%s ' "$(wc -l <"$workdir/shards/sweep-$shard.jsonl")"
done)lines; concatenated: $lines lines; local: $(wc -l <"$workdir/local.jsonl") lines"
if cmp -s "$workdir/sharded.jsonl" "$workdir/local.jsonl"; then
  say "PASS: the $tasks shards, concatenated in order, are byte-identical to the local sweep" \
    "($(sha256sum <"$workdir/local.jsonl" | cut -c1-16))"
else
  diff <(cut -c1-100 "$workdir/sharded.jsonl") <(cut -c1-100 "$workdir/local.jsonl") |
    head >&2 || true
  fail "the concatenated shards differ from the local sweep"
fi
