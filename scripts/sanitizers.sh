#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then under ThreadSanitizer, each in its own
# build folder so the ordinary .build is never rebuilt. Fails if either run reports anything.
# Usage: scripts/sanitizers.sh [address|thread]...   (default: both)
#
# The demo's window tests open SDL with its dummy driver; they run under both sanitizers too.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
if [ "${#sanitizers[@]}" -eq 0 ]; then
  sanitizers=(address thread)
fi

for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address | thread) ;;
    *)
      echo "error: unknown sanitizer '$sanitizer' (use address or thread)" >&2
      exit 64
      ;;
  esac
  echo "== swift test --sanitize=$sanitizer"
  # halt_on_error: the first report fails the run instead of scrolling past. No leak checks:
  # the Swift runtime and the system's SDL and D-Bus keep allocations for the process's
  # lifetime, which LeakSanitizer reports as leaks.
  ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=0}" \
    TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" \
    swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer"
done
echo "Sanitizers clean: ${sanitizers[*]}"
