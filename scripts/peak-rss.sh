#!/usr/bin/env bash
# Peak resident memory of a run against the same run 10× longer, per kind that streams for a
# long time (scrolling-table: feed.yaml with --policy lru; parallel-readers: news-feed.yaml with
# --policy rwlock). Each length runs REPEAT times (default 5), alternating; prints the median and
# the min–max of "Maximum resident set size" (GNU time -v, the kernel's VmHWM) and the ratio of
# the medians. Run on the release build: make release (or swift build -c release).
#
#   scripts/peak-rss.sh [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${1:-5}
bin=.build/release/workbench
[ -x "$bin" ] || { echo "error: $bin not found: build it with swift build -c release" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time not found: apt-get install time" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name file policy duration-line short long
cases=(
  "scrolling-table scenarios/feed.yaml lru duration 120s 1200s"
  "parallel-readers scenarios/news-feed.yaml rwlock duration 3s 30s"
)

peak() { # file policy -> KB
  /usr/bin/time -v "$bin" run "$1" --policy "$2" --out "$work/out" -q --no-plots >/dev/null 2>"$work/time.txt" || true
  awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt"
}

stats() { # values... -> "median (min–max)"
  printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.0f %.0f %.0f", m, v[1], v[NR]}'
}

printf '%-17s %-8s %-28s %-28s %s\n' kind policy "short: median (min-max) KB" "10x: median (min-max) KB" ratio
for entry in "${cases[@]}"; do
  read -r kind file policy key short long <<<"$entry"
  sed "s/^$key: .*/$key: $short/" "$file" >"$work/short.yaml"
  sed "s/^$key: .*/$key: $long/" "$file" >"$work/long.yaml"
  shorts=(); longs=()
  for ((i = 0; i < repeat; i++)); do
    shorts+=("$(peak "$work/short.yaml" "$policy")")
    longs+=("$(peak "$work/long.yaml" "$policy")")
  done
  read -r sm smin smax <<<"$(stats "${shorts[@]}")"
  read -r lm lmin lmax <<<"$(stats "${longs[@]}")"
  printf '%-17s %-8s %-28s %-28s %.2f\n' "$kind ($short)" "$policy" "$sm ($smin-$smax)" "$lm ($lmin-$lmax, $long)" \
    "$(awk -v a="$lm" -v b="$sm" 'BEGIN {print a / b}')"
done
