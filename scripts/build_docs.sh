#!/usr/bin/env bash
# Builds the documentation archives of the TraitSandbox, Gameplay and MonsterWars modules with
# DocC, offline, and fails on any DocC warning (a broken symbol link, a doc comment naming a
# parameter that does not exist).
# Usage: scripts/build_docs.sh [MODULE ...]   (default: TraitSandbox Gameplay MonsterWars)
# Each archive goes to $DOCS_OUTPUT/MODULE.doccarchive (default: .build/docs).
#
# SwiftPM's DocC plugin cannot be fetched here, so this does by hand what the plugin does: it
# has the compiler emit the module's symbol graph, then converts the catalog with it.
# SWIFT_SCRATCH_PATH, if set, is the build folder to use (`swift build --scratch-path`); by
# default the symbol graphs are built in .build/docs/scratch, so that building them, which
# changes compiler flags, never invalidates the ordinary .build.
set -euo pipefail

# The output folder is relative to where the script was called from; the defaults are
# relative to the repository.
output_folder="${DOCS_OUTPUT:-}"
if [ -n "$output_folder" ] && [ "${output_folder#/}" = "$output_folder" ]; then
  output_folder="$PWD/$output_folder"
fi
cd "$(dirname "$0")/.."
output_folder="${output_folder:-$PWD/.build/docs}"
scratch="${SWIFT_SCRATCH_PATH:-$PWD/.build/docs/scratch}"
modules=("$@")
if [ "${#modules[@]}" -eq 0 ]; then modules=(TraitSandbox Gameplay MonsterWars); fi
for module in "${modules[@]}"; do
  if [ ! -d "Sources/$module/$module.docc" ]; then
    echo "error: no documentation catalog Sources/$module/$module.docc" >&2
    exit 64
  fi
done

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

# Every scratch folder is removed when the script ends, however it ends.
work_folders=()
trap 'rm -rf "${work_folders[@]}"' EXIT

build_archive() {
  local module="$1"
  local bundle_identifier="org.traitsandbox.$module"
  local catalog="Sources/$module/$module.docc"
  local output="$output_folder/$module.doccarchive"
  local work
  work="$(mktemp -d "${TMPDIR:-/tmp}/$module-docs.XXXXXX")"
  work_folders+=("$work")
  mkdir "$work/emitted" "$work/symbols"

  echo "Building the $module symbol graph..."
  swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/emitted"

  # The compiler also writes the graphs of the modules the module imports; DocC would document
  # those as further modules, so keep only the module's own graph and its extensions of other
  # modules' types (TraitSandbox@Frames).
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
}

for module in "${modules[@]}"; do build_archive "$module"; done
