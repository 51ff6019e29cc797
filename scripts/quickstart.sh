#!/usr/bin/env bash
# Installs what TraitSandbox needs that is missing (SDL2), builds it in release mode and opens
# the demo window.
# Usage: scripts/quickstart.sh [sandbox arguments...]   (default: demo; e.g. "run" for headless)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH. Install Swift 6 from swift.org (Linux tarball or" >&2
  echo "swiftly), put its usr/bin on PATH, then run this script again." >&2
  exit 69
fi
version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\)\..*/\1/p' | head -n 1)
if [ "${version:-0}" -lt 6 ]; then
  echo "error: Swift 6 or later is needed; found: $(swift --version 2>&1 | head -n 1)" >&2
  exit 69
fi

# Debian packages the build needs; installed only when missing.
packages=(libsdl2-dev zlib1g-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${missing[@]}"
fi

swift build -c release --product sandbox
exec .build/release/sandbox "$@"
