#!/usr/bin/env bash
# Checks that a team's package can depend on workbench by version, as docs/your-cache-code.md
# shows: `.package(url: ..., from: "X.Y.Z")`. SwiftPM refuses a version-pinned dependency whose
# products' targets carry unsafe flags (`.unsafeFlags`), so this is what catches one coming back.
#
#   scripts/check-version-dependency.sh [extra swift build flags, e.g. -Xswiftc -warnings-as-errors]
#
# Clones this checkout into a temporary directory (its uncommitted changes to tracked files
# applied and committed there), tags the clone with the version workbench states
# (BuildInfo.version, what `workbench --version` prints), writes the package of
# docs/your-cache-code.md (its MRU policy, its runner) depending on the clone by
# `.package(url: "file://...", from: "X.Y.Z")`, builds it (debug) and runs it: `policies` must
# list `mru`, and a trace scenario naming `mru` beside `lru` must meet its expect lines.
# Dependencies resolve as the checkout's own do (their usual URLs). Builds workbench from scratch
# as a dependency: several minutes. Keeps the directory on failure (WORKBENCH_KEEP_TMP=1 always).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
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
cat >"$team/Sources/MyCache/MRUPolicy.swift" <<'EOF'
import Models

public final class MRUPolicy: RegisteredPolicy {
    public static let policyName: PolicyName = "mru"
    public static let summary = "Most recently used goes first."
    public static let reference = "Chou & DeWitt, VLDB 1985"
    public static let parameters = [
        PolicyParameter("depth", "Evict the depth-th most recently used entry.", kind: .integer(1...4), default: .integer(1))
    ]

    private var order: [Int] = []
    private let depth: Int

    public init(_ context: PolicyContext) {
        depth = context.settings.integer("depth", or: 1)
    }

    public func didInsert(_ slot: Int) { order.append(slot) }
    public func didAccess(_ slot: Int) {
        if let index = order.firstIndex(of: slot) { order.remove(at: index) }
        order.append(slot)
    }
    public func didRemove(_ slot: Int) { order.removeAll { $0 == slot } }
    public func didRemoveAll() { order.removeAll() }
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        let candidates = order.reversed().filter { !skip($0) }
        return candidates.isEmpty ? nil : candidates[min(depth, candidates.count) - 1]
    }
}
EOF
cat >"$team/Sources/MyWorkbench/main.swift" <<'EOF'
import Foundation
import Models
import MyCache
import Workbench

do {
    try PolicyRegistry.register(MRUPolicy.self)
} catch {
    FileHandle.standardError.write(Data("my-workbench: \(error)\n".utf8))
    exit(1)
}
WorkbenchCLI.main()
EOF
cat >"$team/Tests/MyCacheTests/MRUPolicyTests.swift" <<'EOF'
import Models
import MyCache
import Testing

@Test("the most recently used entry goes first")
func mostRecentGoesFirst() {
    let policy = MRUPolicy(PolicyContext())
    for slot in [0, 1, 2] { policy.didInsert(slot) }
    policy.didAccess(0)
    #expect(policy.victim(skipping: { _ in false }) == 0)
}
EOF
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
"$swift" build "$@"
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
