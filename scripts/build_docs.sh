#!/usr/bin/env bash
# Builds the TraitSandbox module's documentation archive with DocC, offline, and fails on any
# DocC warning (a broken symbol link, a doc comment naming a parameter that does not exist).
# Usage: scripts/build_docs.sh [OUTPUT]   (default: .build/docs/TraitSandbox.doccarchive)
#
# SwiftPM's DocC plugin cannot be fetched here, so this does by hand what the plugin does: it
# has the compiler emit the module's symbol graph, then converts the catalog with it.
# SWIFT_SCRATCH_PATH, if set, is the build folder to use (`swift build --scratch-path`); by
# default the symbol graph is built in .build/docs/scratch, so that building it, which
# changes compiler flags, never invalidates the ordinary .build.
set -euo pipefail

module="TraitSandbox"
bundle_identifier="org.traitsandbox.TraitSandbox"

# OUTPUT is relative to where the script was called from; the defaults are relative to the
# repository.
output="${1:-}"
if [ -n "$output" ] && [ "${output#/}" = "$output" ]; then
  output="$PWD/$output"
fi
cd "$(dirname "$0")/.."
output="${output:-$PWD/.build/docs/$module.doccarchive}"
scratch="${SWIFT_SCRATCH_PATH:-$PWD/.build/docs/scratch}"
catalog="Sources/$module/$module.docc"
# The old archive is deleted before the new one moves in, so never take another folder's name.
case "$output" in
  *.doccarchive) ;;
  *)
    echo "error: OUTPUT must end in .doccarchive: $output" >&2
    exit 64
    ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH" >&2
  exit 69
fi
# The toolchain ships docc next to swift; it is often not on PATH itself.
docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
if [ ! -x "$docc" ]; then
  echo "error: docc not found on PATH or next to $(command -v swift)" >&2
  exit 69
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/$module-docs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir "$work/emitted" "$work/symbols"

echo "Building the $module symbol graph..."
swift build --scratch-path "$scratch" --target "$module" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/emitted"

# The compiler also writes the graphs of the modules TraitSandbox imports (Frames); DocC would
# document those as further modules, so keep only TraitSandbox's own graph and its extensions
# of other modules' types (TraitSandbox@Frames).
shopt -s nullglob
graphs=("$work/emitted/$module.symbols.json" "$work/emitted/$module"@*.symbols.json)
shopt -u nullglob
if [ ! -f "${graphs[0]}" ]; then
  echo "error: the build wrote no symbol graph for $module" >&2
  exit 1
fi
cp "${graphs[@]}" "$work/symbols/"

echo "Converting $catalog..."
"$docc" convert "$catalog" \
  --additional-symbol-graph-dir "$work/symbols" \
  --fallback-display-name "$module" \
  --fallback-bundle-identifier "$bundle_identifier" \
  --warnings-as-errors \
  --output-path "$work/$module.doccarchive"

# Replace the archive only once the new one is complete.
mkdir -p "$(dirname "$output")"
rm -rf "$output"
mv "$work/$module.doccarchive" "$output"
echo "Documentation archive: $output"
