#!/usr/bin/env bash
# Plays the app-team CI recipe (scripts/app-ci.sh) on Examples/custom-cache, as a team's pull
# requests would meet it: a copy of the package in a git repository of its own, depending on this
# checkout, and three changes to its LRU-2 policy judged against the first commit:
#   1. unchanged behaviour (a comment)               -> passes (exit 0)
#   2. the hit path made twice as expensive          -> caught by the instruction counts (exit 2)
#   3. the eviction rule changed (newest seen-once)  -> caught by the counts (exit 2)
# Each check builds both sides in app-ci.sh's one worktree: the second build of a check (and every
# build after the first) must compile none of workbench's modules, only the team's.
# Needs valgrind. Builds workbench in release once; takes several minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'git -C "$tmp/team" worktree prune 2>/dev/null || true; rm -rf "$tmp"' EXIT
team="$tmp/team"
mkdir -p "$team"
cp -r "$root/Examples/custom-cache/Package.swift" "$root/Examples/custom-cache/Sources" \
    "$root/Examples/custom-cache/Tests" "$root/Examples/custom-cache/scenarios" "$team/"
sed -i "s|path: \"../..\"|path: \"$root\"|" "$team/Package.swift"
policy="$team/Sources/CustomCache/LRU2Policy.swift"
cd "$team"
git init -q
git add -A && git -c user.name=ci -c user.email=ci@example.invalid commit -q -m base
commit() { git add -A && git -c user.name=ci -c user.email=ci@example.invalid commit -q -m "$1" && git rev-parse HEAD; }

# 1. A comment: behaviour and cost unchanged.
sed -i 's|^    public func didRemoveAll() { resident.removeAll() }|    /// Every entry left.\n    public func didRemoveAll() { resident.removeAll() }|' "$policy"
unchanged=$(commit "a comment")
# 2. The hit path does its work twice (same result, twice the instructions per hit).
python3 - "$policy" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = """        guard resident.contains(slot) else { return }
        clock += 1
        penultimate[slot] = last[slot]
        last[slot] = clock"""
new = """        var found = 0
        for _ in 0..<2 where resident.contains(slot) { found += 1 }
        guard found > 0 else { return }
        var first = last[slot]
        for _ in 0..<2 {
            penultimate[slot] = first
            last[slot] = clock + 1
            first = penultimate[slot]
        }
        clock += 1"""
assert old in s
open(p, "w").write(s.replace(old, new))
PY
slower=$(commit "the hit path twice as expensive")
git checkout -q "$unchanged" -- "$policy"
# 3. Among entries seen once, the newest goes first.
python3 - "$policy" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = "penultimate[slot] == 0 ? (0, last[slot])"
assert old in s
open(p, "w").write(s.replace(old, "penultimate[slot] == 0 ? (0, UInt64.max - last[slot])"))
PY
evicts=$(commit "evict the newest seen-once entry")

base=$(git rev-list --max-parents=0 HEAD)
fail=0
check() {  # check NAME HEAD EXPECTED-STATUS
    set +e
    "$root/scripts/app-ci.sh" --runner custom-workbench --work "$tmp/work" --out "$tmp/out-$1" \
        "$base" "$2" scenarios/ci-gate.yaml > "$tmp/$1.md" 2> "$tmp/$1.log"
    local status=$?
    set -e
    echo "== $1: exit $status (expected $3)"
    grep '^app-ci: built ' "$tmp/$1.log" || true
    sed -n '1,12p' "$tmp/$1.md"
    if [[ $status -ne $3 ]]; then tail -20 "$tmp/$1.log"; fail=1; fi
    # After the first build, workbench's modules are never compiled again.
    local rebuilt
    rebuilt=$(awk -v first="$first" 'first == 0 || seen { print } /^app-ci: built / { seen = 1 }' "$tmp/$1.log" \
        | grep -E 'Compiling (Models|Report|Scenarios|Workbench|WorkbenchKit) ' || true)
    if [[ -n "$rebuilt" ]]; then
        echo "$1: a build after the first compiled workbench again:"; sed -n '1,5p' <<<"$rebuilt"; fail=1
    fi
    first=0
}
first=1  # the first check's first build compiles workbench
# ONLY=name plays one of the three.
[[ -z "${ONLY:-}" || "$ONLY" == unchanged ]] && check unchanged "$unchanged" 0
[[ -z "${ONLY:-}" || "$ONLY" == slower ]] && check slower "$slower" 2
[[ -z "${ONLY:-}" || "$ONLY" == evicts ]] && check evicts "$evicts" 2
exit $fail
