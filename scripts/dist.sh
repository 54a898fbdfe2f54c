#!/usr/bin/env bash
# Builds a workbench binary for nodes without the Swift toolchain: release, with the Swift
# standard library and Foundation linked statically (--static-swift-stdlib), and jemalloc linked
# statically too when its archive (libjemalloc.a, in Debian's libjemalloc-dev) is installed.
# Cairo, libpng and their dependencies stay shared libraries: a node needs libcairo2, libpng16-16
# and fonts-dejavu-core (Debian names), and libjemalloc2 when there is no libjemalloc.a.
#
#   scripts/dist.sh [DIR]     default: .build/dist; writes DIR/workbench
# The build has its own scratch directory (.build/dist-build), so it does not replace `make build`.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$here/.build/dist}"
swift="${SWIFT:-swift}"
scratch="$here/.build/dist-build"
flags=(-c release --product workbench --static-swift-stdlib --package-path "$here" --scratch-path "$scratch")
archive="$(pkg-config --variable=libdir jemalloc)/libjemalloc.a"
if [ -f "$archive" ]; then
    # A directory holding only the archive, searched first, so -ljemalloc finds it before the
    # shared library; jemalloc's profiling code needs libstdc++ and libm.
    mkdir -p "$scratch/static-libs"
    ln -sf "$archive" "$scratch/static-libs/libjemalloc.a"
    flags+=(-Xlinker -L"$scratch/static-libs" -Xlinker -lstdc++ -Xlinker -lm)
    echo "jemalloc: linked statically from $archive"
else
    echo "jemalloc: no $archive; nodes need the shared library (libjemalloc2)"
fi
"$swift" build "${flags[@]}"
bin="$("$swift" build "${flags[@]}" --show-bin-path)/workbench"
mkdir -p "$out"
cp "$bin" "$out/workbench"
echo "wrote $out/workbench; shared libraries it needs:"
ldd "$out/workbench" | sed 's/^/  /'
