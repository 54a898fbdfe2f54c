#!/usr/bin/env bash
# Checks that a `make dist` binary needs nothing from the Swift toolchain: ldd finds every
# library and names none under the toolchain's directory, and with that directory hidden (an
# empty directory mounted over it, in a private mount namespace) and a bare environment, the
# binary prints its version and runs a shipped scenario, writing its results.
#
#   scripts/test-dist.sh [BINARY]     default: .build/dist/workbench
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(realpath "${1:-$here/.build/dist/workbench}")"
swift_path="$(realpath "$(command -v "${SWIFT:-swift}")")"
toolchain="$(dirname "$(dirname "$(dirname "$swift_path")")")"   # <toolchain>/usr/bin/swift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "binary: $bin"
echo "toolchain: $toolchain (hidden while the binary runs)"
libraries="$(ldd "$bin")"
if grep -q "not found" <<<"$libraries"; then
    echo "FAIL: ldd cannot find a library:"; grep "not found" <<<"$libraries"; exit 1
fi
if grep -q "$toolchain" <<<"$libraries"; then
    echo "FAIL: the binary loads libraries from the toolchain:"; grep "$toolchain" <<<"$libraries"; exit 1
fi
echo "ok: ldd names no library under $toolchain"

mkdir -p "$work/empty"
cp "$here/scenarios/feed.yaml" "$work/feed.yaml"
inner="$work/inner.sh"
cat >"$inner" <<INNER
set -euo pipefail
mount --bind "$work/empty" "$toolchain"
[ -z "\$(ls -A "$toolchain")" ] || { echo "FAIL: $toolchain is not hidden"; exit 1; }
cd "$work"
env -i PATH=/usr/bin:/bin HOME="$work" "$bin" --version
env -i PATH=/usr/bin:/bin HOME="$work" "$bin" run feed.yaml --max-duration 1s --out results --quiet --no-plots >/dev/null || [ \$? -eq 2 ]  # 2: an expect line failed at 1 s
INNER
if [ "$(id -u)" = 0 ]; then unshare --mount bash "$inner"; else unshare --map-root-user --mount bash "$inner"; fi
[ -s "$work/results/feed/summary.csv" ] || { echo "FAIL: no results/feed/summary.csv"; exit 1; }
echo "ok: with $toolchain hidden, the binary ran feed.yaml: $(($(wc -l <"$work/results/feed/summary.csv") - 1)) runs in summary.csv"
