#!/usr/bin/env bash
# The app-team CI recipe: judge a pull request of a Swift package that builds a workbench runner
# (an executable that registers the team's policies and calls WorkbenchCLI.main(), as
# Examples/custom-cache does) in one run per side.
#
#   scripts/app-ci.sh --runner PRODUCT [--package-dir DIR] [--out DIR] [--work DIR] BASE HEAD SCENARIO...
#
# BASE and HEAD are git revisions of the repository the current directory is in (a pull request:
# origin/main and HEAD). The runner is built in release at each revision in one worktree (under
# --work, reused when it is there already), checked out at BASE, then at HEAD, with one build
# directory: the second build compiles only what the change touched (the team's module and the
# runner), not workbench again (SwiftPM keys its build by absolute paths, so two worktrees could
# not share one). At each revision the runner runs the scenarios (paths relative to the package
# directory, --package-dir, default .) once with --instructions: every timed operation is
# counted in instructions under valgrind's callgrind, which repeat from run to run.
# Then HEAD's runner compares the two results: counts exactly (an eviction rule that changed), the
# instruction counts within 1% (a hit path made slower). The comparison's summary, in markdown,
# goes to stdout and to OUT/summary.md (append it to $GITHUB_STEP_SUMMARY).
#
# Exit status: 0 nothing regressed; 2 a count or an instruction count regressed, or HEAD's run
# failed one of its scenarios' expect lines; 1 a build or an input failed.
set -euo pipefail

runner="" package_dir="." out="app-ci" work=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runner) runner="$2"; shift 2 ;;
        --package-dir) package_dir="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) break ;;
    esac
done
if [[ -z "$runner" || $# -lt 3 ]]; then
    echo "usage: $0 --runner PRODUCT [--package-dir DIR] [--out DIR] [--work DIR] BASE HEAD SCENARIO..." >&2
    exit 1
fi
base_rev="$1" head_rev="$2"; shift 2
scenarios=("$@")
repo=$(git rev-parse --show-toplevel)
work=${work:-$(mktemp -d)}
mkdir -p "$work" "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/base" "$out/head"

# The one worktree both revisions are built in, at the same path each time.
tree="$work/tree"
if [[ ! -d "$tree" ]]; then
    git -C "$repo" worktree add --detach --force "$tree" "$(git -C "$repo" rev-parse --verify "$base_rev^{commit}")" >&2
fi

# Checks out a revision in the worktree (files that differ only: the build sees what changed) and
# builds its runner in release; prints the runner's path. Says how long the build took.
build() {
    local sha start
    sha=$(git -C "$repo" rev-parse --verify "$1^{commit}")
    git -C "$tree" checkout --quiet --detach --force "$sha"
    start=$(date +%s)
    (cd "$tree/$package_dir" && swift build -c release --product "$runner" >&2)
    echo "app-ci: built $runner at $1 in $(($(date +%s) - start)) s" >&2
    echo "$tree/$package_dir/.build/release/$runner"
}

# One run per side, each right after its build (the next checkout changes the files it reads).
# The base's own expect lines are not this change's business (exit 2 there only notes it); the
# head's are.
echo "app-ci: building $runner at $base_rev, then at $head_rev" >&2
status=0
base_bin=$(build "$base_rev")
(cd "$tree/$package_dir" && "$base_bin" run "${scenarios[@]}" --out "$out/base" --instructions --quiet --no-plots) \
    || { rc=$?; [[ $rc -eq 2 ]] || exit 1; echo "app-ci: the base failed an expect line of its own" >&2; }
head_bin=$(build "$head_rev")
(cd "$tree/$package_dir" && "$head_bin" run "${scenarios[@]}" --out "$out/head" --instructions --quiet --no-plots) \
    || { rc=$?; [[ $rc -eq 2 ]] || exit 1; echo "app-ci: the head failed an expect line" >&2; status=2; }

set +e
"$head_bin" compare "$out/base" "$out/head" --summary --format markdown > "$out/summary.md"
compared=$?
set -e
cat "$out/summary.md"
[[ $compared -eq 1 ]] && exit 1
[[ $compared -eq 2 ]] && status=2   # 3: the head adds a scenario, not a regression
exit $status
