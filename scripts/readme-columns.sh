#!/usr/bin/env bash
# Rewrites the README's column tables (between the BEGIN/END workbench columns markers) from
# `workbench columns --format markdown`, so they say what the kinds declare.
#
#   scripts/readme-columns.sh [WORKBENCH]     default: .build/debug/workbench
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
workbench="${1:-$here/.build/debug/workbench}"
readme="$here/README.md"
tables="$(mktemp)"
trap 'rm -f "$tables" "$readme.tmp"' EXIT
"$workbench" columns --format markdown >"$tables"
awk -v tables="$tables" '
    /^<!-- BEGIN workbench columns -->$/ { print; while ((getline line < tables) > 0) print line; skip = 1; next }
    /^<!-- END workbench columns -->$/ { skip = 0 }
    !skip' "$readme" >"$readme.tmp"
mv "$readme.tmp" "$readme"
