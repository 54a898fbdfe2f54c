#!/usr/bin/env bash
# Redraws the plots of a results directory from its CSV files, without re-running anything.
#   scripts/plot.sh results/            every scenario under results/
#   scripts/plot.sh results/feed        one scenario
# Writes, per scenario kind (recognised by its summary.csv columns), with gnuplot (pngcairo):
#   scrolling-table: hit_rate.png, instantiations.png
#   navigation:      resident.png, creations.png
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot is not installed (apt-get install gnuplot-nox)" >&2; exit 1; }
[ $# -ge 1 ] || { echo "usage: scripts/plot.sh RESULTS_DIR [...]" >&2; exit 1; }

plot_scenario() {
    local dir="$1"
    local summary="$dir/summary.csv" timeseries="$dir/timeseries.csv"
    [ -f "$summary" ] || return 0
    local name; name="$(basename "$dir")"
    local header; header="$(head -1 "$summary" | tr -d '\r')"
    local script outputs runs
    case ",$header," in
        *,view_cache_hits,*)
            # Every run: the policies differ in what they keep.
            script="navigation.gp"; outputs="resident.png creations.png"
            runs="$(awk -F, 'NR > 1 { printf "%s/%s ", $2, $3 }' "$summary" | tr -d '\r')" ;;
        *,hit_rate,*)
            # 'none' and every policy's repopulate run (the seed's behaviour).
            script="scrolling-table.gp"; outputs="hit_rate.png instantiations.png"
            runs="$(awk -F, 'NR > 1 && ($3 == "-" || $3 == "repopulate") { printf "%s/%s ", $2, $3 }' "$summary" | tr -d '\r')" ;;
        *)
            echo "plot.sh: $summary: unknown scenario kind, no plots" >&2; return 0 ;;
    esac
    gnuplot -e "timeseries='$timeseries'; summary='$summary'; scenario='$name'; runs='$runs'; out='$dir'" \
        "$here/$script"
    echo "plots: $(for f in $outputs; do printf '%s ' "$dir/$f"; done)"
}

for target in "$@"; do
    if [ -f "$target/summary.csv" ]; then
        plot_scenario "$target"
    else
        for dir in "$target"/*/; do plot_scenario "${dir%/}"; done
    fi
done
