#!/usr/bin/env bash
# Redraws the plots of results directories from their CSV files, without re-running anything.
#
#   scripts/plot.sh [--format png|svg|ascii|all]... RESULTS_DIR...
#
#   scripts/plot.sh results/                   every scenario under results/, PNG and SVG
#   scripts/plot.sh --format ascii results/feed one scenario, as text (dumb terminal)
#
# --format may be repeated (or given as png,svg); the default is png and svg, `all` is all three.
# A RESULTS_DIR holding summary.csv is one scenario; otherwise every sub-directory holding one is.
# The scenario kind comes from scenario.yaml (`kind:`), and which views to draw from columns.csv
# (its `views` column: hit_rate, bars, throughput, resident): results without them (written by an
# older workbench) are an error naming the missing file. Per scenario, next to its CSV files (<view>.png, .svg, or .txt for ascii, each written to a temporary name and
# renamed):
#   hit_rate            hit rate over time per run, memory-pressure events marked
#                       (not parallel-readers)                                     (hit-rate.gp)
#   instantiations      scrolling-table: instantiations and allocated MiB per run  (instantiations.gp)
#   creations           navigation: creations and largest view-cache KiB per run   (instantiations.gp)
#   fresh_draws         drawing: fresh draws and allocated MiB per run             (instantiations.gp)
#   throughput          parallel-readers: reads/s and writes/s per store design,
#                       and over time, memory-pressure events marked               (throughput.gp)
#   resident            scrolling-table: cached and pooled controllers over time;
#                       navigation: resident controllers, history depth, bytes;
#                       drawing: bytes per cache tier (memory, disk);
#                       parallel-readers: items in the store, items evicted        (resident.gp)
#   latency             latency percentile spectrum per run and operation          (latency.gp)
#   sweep               hit rate and instantiations/creations/fresh draws (parallel-
#                       readers: reads/s and get p99 latency) against sweep_value,
#                       only when summary.csv has sweep_key/sweep_value filled in  (sweep.gp)
# Views over time draw every run up to six; past six, one run per policy (its repopulate run, or
# its first). Latency and per-run bars draw every run. The CLI's Plotter (Sources/Report/Plots) runs the same scripts with the same choices.
#
# gnuplot runs with -d (no ~/.gnuplot or system init file), as the CLI runs it.
# Exit status: 0 when every plot was drawn, 1 when gnuplot is missing or a plot failed, 2 for
# bad usage.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

usage() {
    echo "usage: scripts/plot.sh [--format png|svg|ascii|all]... RESULTS_DIR..." >&2
    exit 2
}

formats=()
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --format|-f)
            [ $# -ge 2 ] || usage
            IFS=',' read -r -a chosen <<<"$2"
            for f in "${chosen[@]}"; do
                case "$f" in
                    png|svg|ascii) formats+=("$f") ;;
                    all) formats+=(png svg ascii) ;;
                    *) echo "plot.sh: unknown format '$f' (png, svg, ascii or all)" >&2; exit 2 ;;
                esac
            done
            shift 2 ;;
        --format=*) set -- --format "${1#--format=}" "${@:2}" ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        --) shift; targets+=("$@"); break ;;
        -*) echo "plot.sh: unknown option '$1'" >&2; usage ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -ge 1 ] || usage
[ ${#formats[@]} -ge 1 ] || formats=(png svg)

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plot.sh: gnuplot is not installed or not on PATH; install it (apt-get install gnuplot-nox, brew install gnuplot) and run scripts/plot.sh again" >&2
    exit 1
fi

# A gnuplot string literal: single-quoted, quotes doubled.
quote() { printf "'%s'" "${1//\'/\'\'}"; }

# The header of a CSV file, one column name a line, CR removed.
columns() { head -1 "$1" | tr -d '\r' | tr ',' '\n'; }

# Distinct run keys of a CSV file, in order of appearance: policy/in_use, or
# policy/in_use@sweep_value when $2 is 1. With $3 = one-per-policy, one run per policy (and sweep
# value): its repopulate run, or its first when it has none.
runs_of() {
    tr -d '\r' <"$1" | awk -F, -v keyed="$2" -v pick="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            p = $col["policy"]; u = $col["in_use"]; s = ("sweep_value" in col) ? $col["sweep_value"] : ""
            key = p "/" u (keyed == 1 ? "@" s : "")
            if (pick != "one-per-policy") {
                if (!(key in seen)) { seen[key] = 1; order[++n] = key }
                next
            }
            group = p "@" (keyed == 1 ? s : "")
            if (!(group in slot)) { slot[group] = ++n; order[n] = key; inuse[n] = u }
            else if (u == "repopulate" && inuse[slot[group]] != "repopulate") { order[slot[group]] = key; inuse[slot[group]] = u }
        }
        END { for (i = 1; i <= n; i++) printf "%s ", order[i] }'
}

# Distinct values of column $2 of CSV file $1, in order of appearance, space-separated.
values_of() {
    tr -d '\r' <"$1" | awk -F, -v name="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        c && $c != "" && !($c in seen) { seen[$c] = 1; printf "%s ", $c }'
}

# Distinct operations of latency file $1 in the order runs record them: each new operation goes
# right after the one its run recorded before it (as ResultsTable.operationsInRunOrder).
operations_of() {
    tr -d '\r' <"$1" | awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "operation") o = i; if ($i == "run") r = i }; next }
        o {
            name = $o; run = r ? $r : ""
            if (run != current) { current = run; previous = "" }
            if (name == "" || name == previous) next
            if (!(name in known)) {
                at = 1
                for (i = 1; i <= n; i++) if (order[i] == previous) at = i + 1
                for (i = n; i >= at; i--) order[i + 1] = order[i]
                order[at] = name; n++; known[name] = 1
            }
            previous = name
        }
        END { for (i = 1; i <= n; i++) printf "%s ", order[i] }'
}

# The columns of file $2 (summary, timeseries) that columns.csv $1 marks for view $3, one a line.
# The views field is the last (it never holds a comma); file and name are the first two.
marked() {
    tr -d '\r' <"$1" | awk -F, -v file="$2" -v view="$3" '
        NR > 1 && $1 == file { n = split($NF, v, " "); for (i = 1; i <= n; i++) if (v[i] == view) print $2 }'
}

failed=0

# Draws one view: draw VIEW SCRIPT DIR VARIABLES, in every chosen format.
draw() {
    local view="$1" script="$2" dir="$3" vars="$4" format ext target temporary status
    for format in "${formats[@]}"; do
        case "$format" in ascii) ext=txt ;; *) ext="$format" ;; esac
        target="$dir/$view.$ext"
        temporary="$dir/.$view.$ext.tmp-$$"
        if [ "$format" = ascii ]; then
            # The dumb terminal's text without its form feed, trailing blanks, and blank lines
            # before and after (the same text as Plotter's).
            gnuplot -d -e "$vars; format='ascii'; out=''" "$here/$script" | awk '
                { gsub(/\f/, ""); sub(/[ \r]+$/, ""); line[NR] = $0; if ($0 != "") { if (!first) first = NR; last = NR } }
                END { if (first) for (i = first; i <= last; i++) print line[i] }' >"$temporary" && status=0 || status=$?
        else
            gnuplot -d -e "$vars; format='$format'; out=$(quote "$temporary")" "$here/$script" && status=0 || status=$?
        fi
        if [ "$status" = 0 ]; then
            mv -f "$temporary" "$target"
            written+=("$target")
        else
            rm -f "$temporary"
            echo "plot.sh: gnuplot failed drawing $target with $script" >&2
            failed=1
        fi
    done
}

plot_scenario() {
    local dir="$1"
    local summary="$dir/summary.csv" timeseries="$dir/timeseries.csv" latency="$dir/latency.csv"
    local name kind cost header sweeps=0 keyed=0 ts_keyed=0 lat_keyed=0
    name="$(basename "$dir")"
    header="$(columns "$summary")"
    local described="$dir/columns.csv" yaml="$dir/scenario.yaml"
    for needed in "$described" "$yaml"; do
        if [ ! -f "$needed" ]; then
            echo "plot.sh: $needed: missing: these results do not describe their columns (written by an older workbench); run the scenario again to write columns.csv and scenario.yaml" >&2
            failed=1
            return 0
        fi
    done
    kind="$(sed -n "s/^kind: *//p" "$yaml" | head -1 | tr -d "\"'\r")"
    cost="$(marked "$described" summary bars | head -1)"
    if grep -qx sweep_value <<<"$header" && [ -n "$(values_of "$summary" sweep_value)" ]; then
        sweeps=1; keyed=1
        [ -f "$timeseries" ] && columns "$timeseries" | grep -qx sweep_value && ts_keyed=1
        [ -f "$latency" ] && columns "$latency" | grep -qx sweep_value && lat_keyed=1
    fi
    local common="kind='$kind'; scenario=$(quote "$name")"
    written=()

    local vars="" series=""
    if [ -f "$timeseries" ]; then
        local ts_runs drawn="" all_count; ts_runs="$(runs_of "$timeseries" "$ts_keyed" all)"
        all_count="$(wc -w <<<"$ts_runs")"
        # More than six runs: one per policy, its repopulate run or its first (as Plotter).
        if [ "$all_count" -gt 6 ]; then
            ts_runs="$(runs_of "$timeseries" "$ts_keyed" one-per-policy)"
            [ "$(wc -w <<<"$ts_runs")" -eq "$all_count" ] \
                || drawn="; drawn='$(wc -w <<<"$ts_runs") of $all_count runs drawn: one per policy'"
        fi
        if [ -n "$ts_runs" ]; then
            vars="$common; timeseries=$(quote "$timeseries"); runs='$ts_runs'; keyed=$ts_keyed$drawn"
            series="; timeseries=$(quote "$timeseries"); runs='$ts_runs'; series_keyed=$ts_keyed"
        fi
    fi
    # Each view where columns.csv marks a column for it.
    [ -z "$vars" ] || [ -z "$(marked "$described" timeseries hit_rate)" ] || draw hit_rate hit-rate.gp "$dir" "$vars"
    [ -z "$cost" ] || draw "$cost" instantiations.gp "$dir" "$common; summary=$(quote "$summary"); keyed=$keyed"
    [ -z "$(marked "$described" summary throughput)$(marked "$described" timeseries throughput)" ] \
        || draw throughput throughput.gp "$dir" "$common; summary=$(quote "$summary"); keyed=$keyed$series"
    [ -z "$vars" ] || [ -z "$(marked "$described" timeseries resident)" ] || draw resident resident.gp "$dir" "$vars"

    if [ -f "$latency" ]; then
        local operations lat_runs
        operations="$(operations_of "$latency")"
        lat_runs="$(runs_of "$latency" "$lat_keyed" all)"
        if [ -n "$operations" ] && [ -n "$lat_runs" ]; then
            draw latency latency.gp "$dir" \
                "$common; latency=$(quote "$latency"); runs='$lat_runs'; operations='$operations'; keyed=$lat_keyed"
        fi
    fi

    if [ "$sweeps" = 1 ]; then
        local sweep_key pairs
        sweep_key="$(values_of "$summary" sweep_key)"
        sweep_key="${sweep_key%% *}"
        [ -n "$sweep_key" ] || sweep_key=sweep_value
        pairs="$(runs_of "$summary" 0 all)"
        draw sweep sweep.gp "$dir" "$common; summary=$(quote "$summary"); runs='$pairs'; sweep_key=$(quote "$sweep_key")"
    fi
    [ ${#written[@]} -eq 0 ] || echo "plots: ${written[*]}"
}

for target in "${targets[@]}"; do
    target="${target%/}"
    if [ -f "$target/summary.csv" ]; then
        plot_scenario "$target"
    elif [ -d "$target" ]; then
        found=0
        for dir in "$target"/*/; do
            [ -f "$dir/summary.csv" ] || continue
            found=1
            plot_scenario "${dir%/}"
        done
        [ "$found" = 1 ] || echo "plot.sh: $target: no scenario results (no */summary.csv)" >&2
    else
        echo "plot.sh: $target: no such directory" >&2
        failed=1
    fi
done
exit "$failed"
