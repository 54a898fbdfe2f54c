#!/usr/bin/env bash
# Checks that a team's package can depend on workbench by version, as docs/your-cache-code.md
# shows: `.package(url: ..., from: "X.Y.Z")`. SwiftPM refuses a version-pinned dependency whose
# products' targets carry unsafe flags (`.unsafeFlags`), so this is what catches one coming back.
#
#   scripts/check-version-dependency.sh [extra swift build flags, e.g. -Xswiftc -warnings-as-errors]
#   scripts/check-version-dependency.sh --extract DIR   only write the page's files into DIR
#
# Clones this checkout into a temporary directory (its uncommitted changes to tracked files
# applied and committed there), tags the clone with the version workbench states
# (BuildInfo.version, what `workbench --version` prints), writes the package of
# docs/your-cache-code.md depending on the clone by `.package(url: "file://...", from: "X.Y.Z")`,
# builds it (debug), runs its tests and runs it: `policies` must list `mru`, and a trace scenario
# naming `mru` beside `lru` must meet its expect lines. The package's sources are the page's
# swift code blocks whose first line names their file (`// Sources/MyCache/MRUPolicy.swift`),
# as the page shows them: its policy, its runner and its tests (a parameter's among them).
# Dependencies resolve as the checkout's own do (their usual URLs). Builds workbench from scratch
# as a dependency: several minutes. Keeps the directory on failure (WORKBENCH_KEEP_TMP=1 always).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}

# The page's swift code blocks whose first line is `// <path>.swift`, each written to DIR/<path>.
extract() {
    awk -v dir="$1" '
        /^```swift$/ { block = 1; file = ""; next }
        /^```$/ { block = 0; file = ""; next }
        block && file == "" && /^\/\/ [A-Za-z0-9_\/.-]+\.swift$/ {
            file = dir "/" substr($0, 4)
            path = file; sub(/\/[^\/]*$/, "", path)
            system("mkdir -p \"" path "\"")
            printf "" > file
        }
        block && file != "" { print >> file }
        block && file == "" { block = 0 }
    ' "$root/docs/your-cache-code.md"
    for file in Sources/MyCache/MRUPolicy.swift Sources/MyWorkbench/main.swift Tests/MyCacheTests/MRUPolicyTests.swift; do
        if [[ ! -s "$1/$file" ]]; then
            echo "$0: docs/your-cache-code.md has no swift block starting with // $file" >&2
            exit 1
        fi
    done
}
if [[ "${1:-}" == --extract ]]; then
    [[ $# -eq 2 ]] || { echo "usage: $0 --extract DIR" >&2; exit 1; }
    extract "$2"
    exit 0
fi
version=$(sed -n 's/^ *static let version = "\([0-9][0-9.]*\)".*/\1/p' "$root/Sources/Workbench/Support/BuildInfo.swift")
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "$0: no X.Y.Z version in Sources/Workbench/Support/BuildInfo.swift" >&2
    exit 1
fi

# The page a team follows shows the line with this version.
if ! grep -q "\.package(url: \"[^\"]*\", from: \"$version\")" "$root/docs/your-cache-code.md"; then
    echo "$0: docs/your-cache-code.md does not show .package(url: ..., from: \"$version\")" >&2
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/workbench-version-dependency.XXXXXX")
keep=${WORKBENCH_KEEP_TMP:-0}
cleanup() {
    status=$?
    if [ "$status" -ne 0 ] || [ "$keep" = 1 ]; then
        echo "version dependency: kept $tmp" >&2
    else
        rm -rf "$tmp"
    fi
}
trap cleanup EXIT

start=$(date +%s)
# The clone, with the working tree's changes to tracked files, tagged with the stated version.
git clone --quiet --no-local "$root" "$tmp/workbench"
git -C "$root" diff HEAD --binary >"$tmp/changes.diff"
if [ -s "$tmp/changes.diff" ]; then
    git -C "$tmp/workbench" apply --index "$tmp/changes.diff"
    git -C "$tmp/workbench" -c user.name=check -c user.email=check@localhost \
        commit --quiet -m "uncommitted changes of $root"
fi
git -C "$tmp/workbench" tag -f "$version" >/dev/null

# The package of docs/your-cache-code.md, depending on the clone by version.
team=$tmp/my-cache
mkdir -p "$team/Sources/MyCache" "$team/Sources/MyWorkbench" "$team/Tests/MyCacheTests" "$team/scenarios"
cat >"$team/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "my-cache",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "my-workbench", targets: ["MyWorkbench"])],
    dependencies: [
        .package(url: "file://$tmp/workbench", from: "$version")
    ],
    targets: [
        .target(name: "MyCache", dependencies: [.product(name: "WorkbenchKit", package: "workbench")]),
        .executableTarget(
            name: "MyWorkbench",
            dependencies: ["MyCache", .product(name: "WorkbenchKit", package: "workbench")]),
        .testTarget(name: "MyCacheTests", dependencies: ["MyCache"]),
    ]
)
EOF
extract "$team"
cat >"$team/scenarios/mru.yaml" <<'EOF'
name: mru-vs-lru
kind: trace
generate: {distribution: zipf, alpha: 0.9, objects: 2000, requests: 20000, seed: 7}
cache:
  policies: [mru, lru]
  capacities: [100]
expect:
  lru@100: {miss_ratio: "< mru"}
EOF

cd "$team"
"$swift" build --build-tests "$@"
"$swift" test --skip-build "$@"
resolved=$(sed -n '/"identity" : "workbench"/,/}/p' Package.resolved)
if ! grep -q "\"version\" : \"$version\"" <<<"$resolved"; then
    echo "$0: workbench did not resolve by version $version:" >&2
    echo "$resolved" >&2
    exit 1
fi
runner=$("$swift" build "$@" --show-bin-path)/my-workbench
"$runner" --version | grep -q "^$version" || {
    echo "$0: my-workbench --version does not print $version" >&2
    exit 1
}
"$runner" policies | grep -q "^mru\b" || {
    echo "$0: my-workbench policies does not list mru:" >&2
    "$runner" policies >&2
    exit 1
}
"$runner" run scenarios/mru.yaml --out .build/results --quiet --no-plots
echo "version dependency: my-cache built on workbench $version (from: \"$version\") and ran mru in $(($(date +%s) - start)) s"
