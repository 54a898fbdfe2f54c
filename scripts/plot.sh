#!/usr/bin/env bash
# Redraws the plots of a results directory from its CSV files, without re-running anything.
#   scripts/plot.sh results/            every scenario under results/
#   scripts/plot.sh results/feed        one scenario
# Writes <scenario>/hit_rate.png and <scenario>/instantiations.png (gnuplot, pngcairo).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot is not installed (apt-get install gnuplot-nox)" >&2; exit 1; }
[ $# -ge 1 ] || { echo "usage: scripts/plot.sh RESULTS_DIR [...]" >&2; exit 1; }

plot_scenario() {
    local dir="$1"
    local summary="$dir/summary.csv" timeseries="$dir/timeseries.csv"
    [ -f "$summary" ] || return 0
    local name; name="$(basename "$dir")"
    # Runs to draw over time: 'none' and every policy's repopulate run (the seed's behaviour).
    local runs
    runs="$(awk -F, 'NR > 1 && ($3 == "-" || $3 == "repopulate") { printf "%s/%s ", $2, $3 }' "$summary" | tr -d '\r')"
    gnuplot -e "timeseries='$timeseries'; summary='$summary'; scenario='$name'; runs='$runs'; out='$dir'" \
        "$here/scrolling-table.gp"
    echo "plots: $dir/hit_rate.png $dir/instantiations.png"
}

for target in "$@"; do
    if [ -f "$target/summary.csv" ]; then
        plot_scenario "$target"
    else
        for dir in "$target"/*/; do plot_scenario "${dir%/}"; done
    fi
done
