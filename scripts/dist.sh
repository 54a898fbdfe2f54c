#!/usr/bin/env bash
# Builds a workbench binary for nodes without the Swift toolchain: release, with the Swift
# standard library and Foundation linked statically (--static-swift-stdlib). jemalloc, Cairo,
# libpng, libcrypto and their dependencies stay shared libraries: a node needs libjemalloc2, libcairo2,
# libpng16-16, libssl3 and fonts-dejavu-core (Debian names).
#
#   scripts/dist.sh [DIR]     default: .build/dist; writes DIR/workbench
# The build has its own scratch directory (.build/dist-build), so it does not replace `make build`.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$here/.build/dist}"
swift="${SWIFT:-swift}"
scratch="$here/.build/dist-build"
flags=(-c release --product workbench --static-swift-stdlib --package-path "$here" --scratch-path "$scratch")
# jemalloc stays a shared library: linked statically from Debian's libjemalloc.a (its archive
# put first on the library path), the binary crashed at once (SIGSEGV on `--version`), so a node
# needs libjemalloc2.
"$swift" build "${flags[@]}"
bin="$("$swift" build "${flags[@]}" --show-bin-path)/workbench"
mkdir -p "$out"
cp "$bin" "$out/workbench"
echo "wrote $out/workbench; shared libraries it needs:"
ldd "$out/workbench" | sed 's/^/  /'
