#!/usr/bin/env bash
# Builds one libFuzzer target with AddressSanitizer and runs it for a while, starting from the
# seed corpus in Fuzz/Corpus/TARGET. Inputs it finds interesting go to .build/fuzz/corpus/TARGET
# (the seed corpus is never changed); a crash, a hang or a failed check stops it, saves the input
# under .build/fuzz/artifacts/TARGET, and exits non-zero.
# Usage: scripts/fuzz.sh TARGET SECONDS
#   TARGET: FuzzScenario, FuzzPNG, FuzzBMP, FuzzCommandLine, FuzzSnapshot, FuzzRecording or
#   FuzzPacket
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(FuzzScenario FuzzPNG FuzzBMP FuzzCommandLine FuzzSnapshot FuzzRecording FuzzPacket)
if [ "$#" -ne 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS   (TARGET: ${targets[*]})" >&2
  exit 64
fi
target="$1"
seconds="$2"
if ! printf '%s\n' "${targets[@]}" | grep -qx -- "$target"; then
  echo "error: unknown target '$target' (one of: ${targets[*]})" >&2
  exit 64
fi
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ] || [ "$seconds" -gt 604800 ]; then
  echo "error: SECONDS must be a whole number from 1 to 604800, not '$seconds'" >&2
  exit 64
fi

scratch=.build/fuzz
# -DFUZZING swaps each stub for libFuzzer's driver; -enable-testing lets the command-line
# target reach the parser's internals; lld links libFuzzer where gold fails.
swift build -c release --scratch-path "$scratch" --product "$target" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -enable-testing \
  -Xswiftc -use-ld=lld >&2
binary="$scratch/release/$target"

corpus="$scratch/corpus/$target"
artifacts="$scratch/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
# Leaks are not findings here: the Swift runtime keeps metadata for the process's lifetime.
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$binary" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$corpus" "Fuzz/Corpus/$target"
