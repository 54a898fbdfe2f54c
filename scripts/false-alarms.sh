#!/usr/bin/env bash
# Measures how often `compare` and `ab` report a regression between two measurements of the same
# build (false alarms), and how often they catch a real change (every feed nib 50% larger), in a
# release build on this machine. One line per pair, then the totals.
#
# Usage: scripts/false-alarms.sh [PAIRS] [REPEAT]      (defaults: 20 pairs, --repeat 5)
#
# It runs shortened copies of two shipped scenarios so a pair takes seconds, not minutes:
# feed (scrolling-table; duration 20s of virtual time) and stock-ticker (parallel-readers; 20000
# operations per reader, 1s, two designs: gcd-barrier and big-reader).
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-20}
REPEAT=${2:-5}
BIN=.build/release/workbench
[ -x "$BIN" ] || { echo "build first: swift build -c release" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

sed -e 's/^duration: .*/duration: 20s/' scenarios/feed.yaml > "$WORK/feed.yaml"
sed -e 's/^duration: .*/duration: 1s/' -e 's/operations: [0-9]*/operations: 20000/' \
    -e 's/designs: \[.*\]/designs: [gcd-barrier, big-reader]/' scenarios/stock-ticker.yaml |
    awk '/^expect:/ { skip = 1; next } /^[a-z]/ { skip = 0 } !skip' > "$WORK/stock-ticker.yaml"   # its expect lines name other designs
# The real change: every nib of the feed 50% larger (more views to instantiate).
awk '{ if (match($0, /views: [0-9]+/)) { n = substr($0, RSTART + 7, RLENGTH - 7); sub(/views: [0-9]+/, "views: " int(n * 1.5)) } print }' \
    "$WORK/feed.yaml" > "$WORK/feed-larger.yaml"
sed -i 's/^name: .*/name: feed/' "$WORK/feed-larger.yaml"
FILES=("$WORK/feed.yaml" "$WORK/stock-ticker.yaml")

# compare's exit status: 0 no regression, 2 a regression (anything else stops the script).
judge() {
    local status=0
    "$BIN" compare "$1" "$2" > "$WORK/compare.txt" || status=$?
    [ "$status" -eq 0 ] || [ "$status" -eq 2 ] || { cat "$WORK/compare.txt" >&2; exit 1; }
    echo "$status"
}
run() { "$BIN" run "$@" --repeat "$REPEAT" --no-plots --quiet > /dev/null || [ $? -eq 2 ]; }

runs_alarms=0; ab_alarms=0; caught=0
for pair in $(seq "$PAIRS"); do
    rm -rf "$WORK/a" "$WORK/b" "$WORK/ab" "$WORK/big"
    run "${FILES[@]}" --out "$WORK/a"
    run "${FILES[@]}" --out "$WORK/b"
    status=$(judge "$WORK/a" "$WORK/b")
    [ "$status" -eq 2 ] && runs_alarms=$((runs_alarms + 1))
    echo "pair $pair: run + run + compare: exit $status ($(head -1 "$WORK/compare.txt"))"

    ab_status=0
    "$BIN" ab "$BIN" "$BIN" "${FILES[@]}" --repeat "$REPEAT" --out "$WORK/ab" > "$WORK/compare.txt" || ab_status=$?
    [ "$ab_status" -eq 2 ] && ab_alarms=$((ab_alarms + 1))
    echo "pair $pair: ab, same binary: exit $ab_status ($(head -1 "$WORK/compare.txt"))"

    run "$WORK/feed-larger.yaml" --out "$WORK/big"
    rm -rf "$WORK/a/stock-ticker"
    status=$(judge "$WORK/a" "$WORK/big")
    [ "$status" -eq 2 ] && grep -q '_ns ' "$WORK/compare.txt" && caught=$((caught + 1))
    echo "pair $pair: feed nibs 50% larger: exit $status ($(head -1 "$WORK/compare.txt"))"
done
echo "false alarms, run + run + compare: $runs_alarms of $PAIRS pairs (--repeat $REPEAT)"
echo "false alarms, ab with the same binary: $ab_alarms of $PAIRS pairs (--repeat $REPEAT)"
echo "real change caught (feed nibs 50% larger, a measured *_ns regression): $caught of $PAIRS pairs"
