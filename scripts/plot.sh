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
# What to draw comes from the results themselves: plots.csv (the plot views the scenario's kind
# declares: which generic script draws which columns, with which titles and labels) and
# columns.csv (which way a column is better); results without them (written by an older
# workbench) are an error naming the missing file. Per scenario, next to its CSV files, one file
# per plot view (<view>.png, .svg, or .txt for ascii, each written to a temporary name and
# renamed); a view whose input is missing (no timeseries, latency or sweep values) is not drawn.
# The generic scripts:
#   hit-rate.gp    a hit rate over time per run, cumulative over per-interval, events marked
#   bars.gp        one or two summary columns per run as bars
#   throughput.gp  two rates per run as bars, then each over time
#   resident.gp    timeseries columns over time, a panel per quantity
#   latency.gp     the latency percentile spectrum per run and operation
#   sweep.gp       summary columns against sweep_value (only when summary.csv has it filled in)
#   curve.gp       one summary column against sweep_value, every run (a trace's miss-ratio curve)
#   heatmap.gp     a sweep's grid.csv: runs x sweep values coloured by the decision metric
#                  (drawn for every scenario with a grid.csv, whatever its kind)
# When summary.csv has <column>_ci_low and <column>_ci_high (a confidence interval of the
# column's median over repetitions), bars and sweeps draw it as error bars.
# Lines draw every run up to six; past six, one rule for every line plot, by the scenario's
# decision metric (decision.csv's, else grid.csv's, else the first metric plots.csv names;
# direction from columns.csv): the baseline (policy none), then at each sweep value from the
# smallest up the best and the worst run there, each run once, up to six (without a sweep: the
# best and the worst); the subtitle says which. Bars and curves draw every run.
# Labels a team reads (as PlotJob): a sweep of a byte count (the summary column its sweep_key
# names, or its last component, or <last component>_bytes, has unit bytes in columns.csv) gets
# sweep_unit='bytes', so swept values read 2 MiB; per-run bars (bars.gp, throughput.gp) of a
# summary of more than 12 rows get upright labels on a wider plot (xtics_angle=90,
# width=max(1000, 360+28*rows), height=640); a timeseries or sweep view's panel whose columns
# are 0 or empty in every row of its file is left out and the panels after it renumbered (all
# kept when every one is empty); a curve gets curve_unit, the columns.csv unit of its
# curve_column (default miss_ratio). The CLI's Plotter (Sources/Report/Plots) runs the same
# scripts with the same choices and the same variables.
#
# A results directory is data, never code (it may be a downloaded shard): plots.csv is read
# strictly, as the CLI reads it. A plot name must be a plain file name, a script a plain
# <name>.gp in scripts/, and the variables nothing but name='text' or name=12 assignments; a
# plots.csv holding anything else is refused (file:line, exit 1) and its scenario not drawn.
# Every value passed to gnuplot (paths, run and operation names, column names, the variables)
# is re-quoted here.
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

# A gnuplot string literal: single-quoted, quotes doubled (nothing else is special inside one:
# no backquote or @ macro is expanded), control characters (a line break) turned into spaces.
quote() {
    local text="${1//\'/\'\'}"
    printf "'%s'" "$(printf '%s' "$text" | LC_ALL=C tr '\000-\037\177' ' ')"
}

# The header of a CSV file, one column name a line, CR removed.
columns() { head -1 "$1" | tr -d '\r' | tr ',' '\n'; }

# Distinct run keys of a CSV file, in order of appearance: policy/in_use, or
# policy/in_use@sweep_value when $2 is 1.
runs_of() {
    tr -d '\r' <"$1" | awk -F, -v keyed="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            s = ("sweep_value" in col) ? $col["sweep_value"] : ""
            key = $col["policy"] "/" $col["in_use"] (keyed == 1 ? "@" s : "")
            if (!(key in seen)) { seen[key] = 1; printf "%s ", key }
        }'
}

# The runs a line plot draws of runs $1 (space-separated keys), by metric $2 of summary $3 with
# columns.csv $4 (as Sources/Report/Plots/RunSelection.swift): every run up to six; past six, the
# baseline (the first run of policy none), then at each sweep value from the smallest up the best
# and the worst run there by the metric, each run once, until six are chosen (without a sweep:
# the best and the worst), in their order; then a tab and the subtitle saying so.
choose_runs() {
    tr -d '\r' <"$3" | awk -F, -v runs="$1" -v metric="$2" -v described="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            s = ("sweep_value" in col) ? $col["sweep_value"] : ""
            if (s != "" && !(s in seen_value)) { seen_value[s] = 1; listed[++nlisted] = s }
            if (key == "" && ("sweep_key" in col) && s != "") key = $col["sweep_key"]
        }
        metric != "" && (metric in col) && $col[metric] ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ {
            k = $col["policy"] "/" $col["in_use"] "#" s
            if (!(k in val)) val[k] = $col[metric] + 0
        }
        function name(r) { sub(/\/-/, "", r); return r }
        function numeric(v) { return v ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
        END {
            n = split(runs, run, " ")
            if (n <= 6) { printf "%s", runs; exit }
            # Sweep values in increasing numeric order, those that are not numbers after them.
            np = 0
            for (i = 1; i <= nlisted; i++) if (numeric(listed[i])) {
                v = listed[i]; j = ++np
                while (j > 1 && point[j - 1] + 0 > v + 0) { point[j] = point[j - 1]; j-- }
                point[j] = v
            }
            for (i = 1; i <= nlisted; i++) if (!numeric(listed[i])) point[++np] = listed[i]
            if (np == 0) { point[1] = ""; np = 1 }
            base = 0; any = 0
            for (i = 1; i <= n; i++) {
                at = index(run[i], "@")
                pair[i] = at ? substr(run[i], 1, at - 1) : run[i]
                own[i] = at ? substr(run[i], at + 1) : ""
                keyed[i] = at > 0
                if (!base && run[i] ~ /^none\//) base = i
                for (p = 1; p <= np; p++) if ((!keyed[i] || own[i] == point[p]) && ((pair[i] "#" point[p]) in val)) any = 1
            }
            if (metric == "" || !any) {
                for (i = 1; i <= 6; i++) printf "%s ", run[i]
                printf "\t6 of %d runs: the first 6", n; exit
            }
            direction = "neutral"
            while ((getline line < described) > 0) {
                sub(/\r$/, "", line); split(line, f, ",")
                if (f[1] == "summary" && f[2] == metric) direction = f[5]
            }
            if (direction == "neutral") { bw = "highest"; ww = "lowest"; tail = "" }
            else { bw = "best"; ww = "worst"; tail = direction == "higher_is_better" ? " (higher is better)" : " (lower is better)" }
            chosen = 0; roles = ""; ncovered = 0; covered = ""
            if (base) { picked[base] = 1; chosen = 1; roles = "baseline " name(run[base]) }
            for (p = 1; p <= np; p++) {
                low = 0; high = 0
                for (i = 1; i <= n; i++) {
                    if (i == base || (keyed[i] && own[i] != point[p]) || !((pair[i] "#" point[p]) in val)) continue
                    v = val[pair[i] "#" point[p]]
                    if (!low || v < lowv) { low = i; lowv = v }
                    if (!high || v > highv) { high = i; highv = v }
                }
                if (!low) continue
                if (direction == "lower_is_better") { best = low; worst = high } else { best = high; worst = low }
                if (chosen < 6 && !(best in picked)) { picked[best] = 1; chosen++; roles = roles (roles == "" ? "" : ", ") bw " " name(run[best]) }
                if (chosen < 6 && !(worst in picked)) { picked[worst] = 1; chosen++; roles = roles (roles == "" ? "" : ", ") ww " " name(run[worst]) }
                if ((best in picked) && (worst in picked)) { ncovered++; covered = covered (covered == "" ? "" : ", ") point[p] }
            }
            for (i = 1; i <= n; i++) if (i in picked) printf "%s ", run[i]
            if (key == "" || np <= 1) { printf "\t%d of %d runs: %s by %s%s", chosen, n, roles, metric, tail; exit }
            at = ncovered == np ? "at each " key : "at " key " " covered " (of " np ")"
            printf "\t%d of %d runs: %s%s and %s %s by %s%s", chosen, n, base ? "baseline " name(run[base]) "; " : "", bw, ww, at, metric, tail
        }'
}

# The decision metric of scenario directory $1, which ranks the runs of every line plot (as
# DecisionReport.rankingMetric): the metric of its decision.csv, else of its grid.csv (the
# top-left cell), else the first metric its plot views $2 (views_of's lines) name.
ranking_metric() {
    local m=""
    if [ -f "$1/decision.csv" ]; then
        m="$(tr -d '\r' <"$1/decision.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "metric") c = i; next } NR == 2 && c { print $c; exit }')"
    fi
    if [ -z "$m" ] && [ -f "$1/grid.csv" ]; then
        m="$(head -1 "$1/grid.csv" | tr -d '\r' | cut -d, -f1)"
    fi
    if [ -z "$m" ]; then
        m="$(awk -F'\037' '$4 != "" { print $4; exit }' <<<"$2")"
    fi
    printf "%s" "$m"
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

# The plot views of plots.csv $1, one a line: plot, script, input, metric and the gnuplot
# variables, separated by the unit separator (\037: not white space, so an empty metric stays a
# field), the variables re-written here from the assignments parsed (the last
# field, its CSV quotes removed). Read as strictly as PlotView.parse reads it: anything but plot
# views is refused with file:line on stderr and exit status 1.
views_of() {
    tr -d '\r' <"$1" | awk -v file="$1" '
        function refuse(reason) { printf "plot.sh: %s:%d: not a plots file: %s\n", file, NR, reason >"/dev/stderr"; bad = 1; exit 1 }
        BEGIN {
            split("format out scenario short_names intervals summary timeseries latency grid runs drawn keyed series_keyed pressure operations sweep_key", r, " ")
            for (i in r) reserved[r[i]] = 1
            split("timeseries summary summary+timeseries latency sweep curve", k, " ")
            for (i in k) inputs[k[i]] = 1
        }
        NR == 1 { if ($0 != "plot,script,input,metric,variables") refuse("the header is not plot,script,input,metric,variables"); next }
        $0 == "" { next }
        {
            rest = $0
            for (i = 1; i <= 4; i++) {
                p = index(rest, ",")
                if (!p) refuse("5 fields expected")
                field[i] = substr(rest, 1, p - 1); rest = substr(rest, p + 1)
            }
            if (field[1] !~ /^[A-Za-z0-9_][A-Za-z0-9_-]*$/) refuse("plot name '\''" field[1] "'\'' is not a plain file name (letters, digits, '\''_'\'' and '\''-'\'')")
            if (field[2] !~ /^[a-z0-9-]+\.gp$/) refuse("script '\''" field[2] "'\'' is not the name of a plot script (lowercase letters, digits and '\''-'\'', then .gp)")
            if (!(field[3] in inputs)) refuse("unknown input '\''" field[3] "'\''")
            if (field[4] ~ /[[:cntrl:]"]/) refuse("metric '\''" field[4] "'\'' holds a control character or a quote")
            if (substr(rest, 1, 1) == "\"") {
                if (length(rest) < 2 || substr(rest, length(rest), 1) != "\"") refuse("variables: a quoted field that does not end on its line")
                rest = substr(rest, 2, length(rest) - 2); gsub(/""/, "\"", rest)
            } else if (index(rest, "\"")) {
                refuse("variables: a double quote inside an unquoted field")
            }
            out = ""
            sub(/^ +/, "", rest)
            while (rest != "") {
                if (!match(rest, /^[A-Za-z0-9_]+=/)) refuse("variables: expected name='\''text'\'' or name=12 at '\''" substr(rest, 1, 20) "'\''; plots.csv holds values, never gnuplot source")
                name = substr(rest, 1, RLENGTH - 1); rest = substr(rest, RLENGTH + 1)
                if (name in reserved) refuse("variables: '\''" name "'\'' is set by the plotter from the results, not by plots.csv")
                if (name !~ /^[a-z][a-z0-9_]*$/) refuse("variables: '\''" name "'\'' is not a variable name (lowercase letters, digits and '\''_'\'', starting with a letter)")
                if (substr(rest, 1, 1) == "'\''") {
                    rest = substr(rest, 2); text = ""; closed = 0
                    while (rest != "") {
                        c = substr(rest, 1, 1)
                        if (c == "'\''") {
                            if (substr(rest, 2, 1) == "'\''") { text = text "'\'''\''"; rest = substr(rest, 3); continue }
                            rest = substr(rest, 2); closed = 1; break
                        }
                        text = text c; rest = substr(rest, 2)
                    }
                    if (!closed) refuse("variables: the text of '\''" name "'\'' is never closed (a '\'' inside text is written '\'''\'')")
                    if (text ~ /[[:cntrl:]]/) refuse("variables: the text of '\''" name "'\'' holds a control character")
                    value = "'\''" text "'\''"
                } else if (match(rest, /^-?[0-9]+/)) {
                    value = substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1)
                } else {
                    refuse("variables: the value of '\''" name "'\'' is neither '\''text'\'' nor an integer at '\''" substr(rest, 1, 20) "'\''")
                }
                out = out (out == "" ? "" : "; ") name "=" value
                sub(/^ +/, "", rest)
                if (rest == "") break
                if (substr(rest, 1, 1) != ";") refuse("variables: expected '\'';'\'' after '\''" name "'\'' at '\''" substr(rest, 1, 20) "'\''; plots.csv holds values, never gnuplot source")
                rest = substr(rest, 2); sub(/^ +/, "", rest)
            }
            print field[1] "\037" field[2] "\037" field[3] "\037" field[4] "\037" out
        }
        END { if (NR == 0) refuse("empty: no header") }'
}

# An awk function reading the gnuplot assignments views_of writes (name='text' with '' for a
# quote, or name=-12, joined by "; "): assignments(s) fills name[1..n] and value[1..n] (the
# value as written) and returns n; text(v) is the text of a quoted value. (The quote character
# comes in as awk variable q.)
assignments_awk='
function assignments(s,    n, eq, literal) {
    n = 0; literal = "^" q "([^" q "]|" q q ")*" q
    while (s != "") {
        eq = index(s, "=")
        if (!eq) break
        name[++n] = substr(s, 1, eq - 1); s = substr(s, eq + 1)
        if (match(s, literal) || match(s, /^-?[0-9]+/)) { value[n] = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1) }
        else { value[n] = s; s = "" }
        sub(/^; /, "", s)
    }
    return n
}
function text(v) { v = substr(v, 2, length(v) - 2); gsub(q q, q, v); return v }
function quoted(v) { return substr(v, 1, 1) == q }
'

# The text of the first assignment named $1 in assignments $2 (views_of's), when it is text;
# exit status 1 without one.
text_variable() {
    PLOT_VARIABLES="$2" awk -v q="'" -v wanted="$1" "$assignments_awk"'
        BEGIN {
            n = assignments(ENVIRON["PLOT_VARIABLES"])
            for (i = 1; i <= n; i++) if (name[i] == wanted) { if (quoted(value[i])) { print text(value[i]); exit 0 } else exit 1 }
            exit 1
        }'
}

# Assignments $1 (views_of's) without the panels whose columns are zero or empty in every row of
# CSV file $2, the others renumbered (panelN_* renamed, `panels` the count kept), as
# PlotJob.droppingEmptyPanels: a panel's columns are the words of its first text panelN_columns
# or panelN_column; a panel without such columns, or naming a column the file lacks, is kept;
# when every panel is empty, or none is, or `panels` is not a positive integer, the assignments
# are as they were. Zero: a number that is 0 (0, 0.0, -0, 0e3).
drop_empty_panels() {
    tr -d '\r' <"$2" | PLOT_VARIABLES="$1" awk -F, -v q="'" "$assignments_awk"'
        function zero(v) {
            if (v ~ /^".*"$/) { v = substr(v, 2, length(v) - 2); gsub(/""/, "\"", v) }
            return (v ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/ && v + 0 == 0) \
                || v ~ /^[-+]?0[xX](0+[.]?0*|[.]0+)([pP][-+]?[0-9]+)?$/
        }
        BEGIN {
            n = assignments(ENVIRON["PLOT_VARIABLES"]); panels = 0
            for (i = 1; i <= n; i++) if (name[i] == "panels") { if (value[i] ~ /^-?[0-9]+$/) panels = value[i] + 0; break }
            for (p = 1; p <= panels; p++) {
                words[p] = 0
                for (i = 1; i <= n; i++) {
                    if ((name[i] == "panel" p "_columns" || name[i] == "panel" p "_column") && quoted(value[i])) {
                        words[p] = split(text(value[i]), word, " ")
                        for (w = 1; w <= words[p]; w++) { column[p, w] = word[w]; wanted[word[w]] = 1 }
                        break
                    }
                }
            }
        }
        panels < 1 { next }
        NR == 1 { for (i = 1; i <= NF; i++) if (!($i in at)) at[$i] = i; next }
        $0 != "" { for (c in wanted) if ((c in at) && $at[c] != "" && !zero($at[c])) filled[c] = 1 }
        END {
            kept = 0
            for (p = 1; p <= panels; p++) {
                empty = words[p] > 0
                for (w = 1; w <= words[p]; w++) if (!(column[p, w] in at) || (column[p, w] in filled)) empty = 0
                if (!empty) position[p] = ++kept
            }
            if (panels < 1 || kept == 0 || kept == panels) { print ENVIRON["PLOT_VARIABLES"]; exit }
            out = ""
            for (i = 1; i <= n; i++) {
                assignment = name[i] "=" value[i]
                if (name[i] == "panels") assignment = "panels=" kept
                else if (match(name[i], /^panel[0-9]+_/)) {
                    p = substr(name[i], 6, RLENGTH - 6) + 0
                    if (!(p in position)) continue
                    assignment = "panel" position[p] substr(name[i], RLENGTH) "=" value[i]
                }
                out = out (out == "" ? "" : "; ") assignment
            }
            print out
        }'
}

# Whether a sweep over key $1 sweeps a byte count, by columns.csv $2 (as ByteCount.isByteSweep):
# the summary column the key names (the key itself, or its last dot-separated component:
# cache.capacity names capacity) has unit bytes, or, without such a column,
# <last component>_bytes does (a drawing's cache.capacity is its capacity_bytes).
byte_sweep() {
    tr -d '\r' <"$2" | PLOT_KEY="$1" awk -F, '
        $1 == "summary" && !($2 in unit) { unit[$2] = $3 }
        END {
            key = ENVIRON["PLOT_KEY"]
            if (key == "") exit 1
            last = key
            for (i = split(key, part, "[.]"); i >= 1; i--) if (part[i] != "") { last = part[i]; break }
            if (key in unit) exit (unit[key] != "bytes")
            if (last in unit) exit (unit[last] != "bytes")
            exit (unit[last "_bytes"] != "bytes")
        }'
}

failed=0

# Draws one view: draw VIEW SCRIPT DIR VARIABLES, in every chosen format.
draw() {
    local view="$1" script="$2" dir="$3" vars="$4" format ext target temporary status
    for format in "${formats[@]}"; do
        case "$format" in ascii) ext=txt ;; *) ext="$format" ;; esac
        target="$dir/$view.$ext"
        temporary="$dir/.$view.$ext.tmp-$$"
        if [ ! -f "$here/$script" ]; then
            echo "plot.sh: no plot script '$script' in $here" >&2
            failed=1
            return 0
        fi
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

# The runs a line plot draws of file $1 keyed by $3 (1: sweep values too), by the scenario's
# decision metric ($rank_metric, whatever the view: one rule for every line plot), as gnuplot
# variables (`runs`, and `drawn` when not all), with prefix $4 for `runs`.
line_vars() {
    local all chosen note
    all="$(runs_of "$1" "$3")"
    [ -n "$all" ] || return 1
    IFS=$'\t' read -r chosen note <<<"$(choose_runs "$all" "$rank_metric" "$summary" "$described")" || true
    printf "; %sruns=%s" "$4" "$(quote "${chosen% }")"
    [ -z "$note" ] || printf "; drawn=%s" "$(quote "$note")"
}

plot_scenario() {
    local dir="$1"
    local summary="$dir/summary.csv" timeseries="$dir/timeseries.csv" latency="$dir/latency.csv"
    local described="$dir/columns.csv" yaml="$dir/scenario.yaml" plots="$dir/plots.csv"
    local name header column sweeps=0 short=1 ts_keyed=0 lat_keyed=0 sweep_key
    name="$(basename "$dir")"
    header="$(columns "$summary")"
    for needed in "$described" "$yaml" "$plots"; do
        if [ ! -f "$needed" ]; then
            echo "plot.sh: $needed: missing: these results do not describe their columns and plots (written by an older workbench); run the scenario again to write columns.csv, plots.csv and scenario.yaml" >&2
            failed=1
            return 0
        fi
    done
    if grep -qx sweep_value <<<"$header" && [ -n "$(values_of "$summary" sweep_value)" ]; then
        sweeps=1
        [ -f "$timeseries" ] && columns "$timeseries" | grep -qx sweep_value && ts_keyed=1
        [ -f "$latency" ] && columns "$latency" | grep -qx sweep_value && lat_keyed=1
        sweep_key="$(values_of "$summary" sweep_key)"
        sweep_key="${sweep_key%% *}"
        [ -n "$sweep_key" ] || sweep_key=sweep_value
    fi
    # Runs are named without "/-" when no run has an in-use mode.
    [ -z "$(values_of "$summary" in_use | tr ' ' '\n' | grep -vx -- '-' | grep -v '^$' || true)" ] || short=0
    local common="scenario=$(quote "$name"); short_names=$short" intervals=""
    # Columns with a confidence interval (<column>_ci_low, <column>_ci_high): error bars.
    while IFS= read -r column; do
        [ -n "$column" ] || continue
        grep -qxF -- "${column}_ci_low" <<<"$header" && grep -qxF -- "${column}_ci_high" <<<"$header" && intervals+="$column "
    done <<<"$header"
    [ -z "$intervals" ] || common+="; intervals=$(quote "${intervals% }")"
    # A sweep of a byte count (a capacity in bytes): its values read 2 MiB in every label.
    [ "$sweeps" = 1 ] && byte_sweep "$sweep_key" "$described" && common+="; sweep_unit='bytes'"
    # Per-run bars of more than 12 runs (summary rows): upright labels on a plot wide enough for
    # each, 28 pixels a run (PlotJob.barLayout).
    local rows layout=""
    rows="$(tr -d '\r' <"$summary" | awk 'NR > 1 && $0 != "" { n++ } END { print n + 0 }')"
    if [ "$rows" -gt 12 ]; then
        local width=$((360 + 28 * rows))
        [ "$width" -ge 1000 ] || width=1000
        layout="; xtics_angle=90; width=$width; height=640"
    fi
    # The plot views, read strictly: a plots.csv that is not plot views draws nothing.
    local views
    if ! views="$(views_of "$plots")"; then
        failed=1
        return 0
    fi
    local rank_metric
    rank_metric="$(ranking_metric "$dir" "$views")"
    local pressure=0 lat_ops=""
    [ -f "$timeseries" ] && columns "$timeseries" | grep -qx memory_pressure && pressure=1
    [ -f "$latency" ] && lat_ops="$(operations_of "$latency")"
    written=()

    local view script input metric variables data runs
    while IFS=$'\037' read -r view script input metric variables; do
        [ -n "$view" ] || continue
        data="$common"
        case "$script" in bars.gp|throughput.gp) data+="$layout" ;; esac
        case "$input" in
            timeseries)
                [ -f "$timeseries" ] || continue
                runs="$(line_vars "$timeseries" "$metric" "$ts_keyed" "")" || continue
                data+="; timeseries=$(quote "$timeseries")$runs; keyed=$ts_keyed; pressure=$pressure"
                # Panels of nothing (zero or empty in every row) are left out.
                variables="$(drop_empty_panels "$variables" "$timeseries")" ;;
            summary)
                data+="; summary=$(quote "$summary"); keyed=$sweeps" ;;
            summary+timeseries)
                data+="; summary=$(quote "$summary"); keyed=$sweeps"
                if [ -f "$timeseries" ] && runs="$(line_vars "$timeseries" "$metric" "$ts_keyed" "")"; then
                    data+="; timeseries=$(quote "$timeseries")$runs; series_keyed=$ts_keyed; pressure=$pressure"
                fi ;;
            latency)
                [ -f "$latency" ] && [ -n "$lat_ops" ] || continue
                runs="$(line_vars "$latency" "$metric" "$lat_keyed" "")" || continue
                data+="; latency=$(quote "$latency")$runs; operations=$(quote "${lat_ops% }"); keyed=$lat_keyed" ;;
            sweep)
                [ "$sweeps" = 1 ] || continue
                runs="$(line_vars "$summary" "$metric" 0 "")" || continue
                data+="; summary=$(quote "$summary")$runs; sweep_key=$(quote "$sweep_key")"
                variables="$(drop_empty_panels "$variables" "$summary")" ;;
            curve)
                # Every run: a curve compares all the policies.
                [ "$sweeps" = 1 ] || continue
                runs="$(runs_of "$summary" 0)"
                [ -n "$runs" ] || continue
                data+="; summary=$(quote "$summary"); runs=$(quote "${runs% }"); sweep_key=$(quote "$sweep_key")"
                # The curve's unit (columns.csv's, of curve_column, default miss_ratio): a
                # ratio's axis fits its values.
                local curve curve_unit
                curve="$(text_variable curve_column "$variables")" || curve=miss_ratio
                curve_unit="$(tr -d '\r' <"$described" | PLOT_COLUMN="$curve" awk -F, '!found && $1 == "summary" && $2 == ENVIRON["PLOT_COLUMN"] { unit = $3; found = 1 } END { if (found) print unit; exit !found }')" \
                    && data+="; curve_unit=$(quote "$curve_unit")" ;;
            *)
                echo "plot.sh: $plots: unknown input '$input' of plot $view" >&2
                failed=1
                continue ;;
        esac
        [ -z "$variables" ] || data+="; $variables"
        draw "$view" "$script" "$dir" "$data"
    done <<<"$views"
    # Every scenario with a grid.csv (a sweep) gets its heat map, whatever its kind.
    local grid="$dir/grid.csv"
    if [ -f "$grid" ]; then
        local grid_metric grid_runs grid_values better unit
        grid_metric="$(head -1 "$grid" | tr -d '\r' | cut -d, -f1)"
        grid_runs="$(tr -d '\r' <"$grid" | awk -F, 'NR > 1 && $1 == "best" { exit } NR > 1 { n++ } END { print n + 0 }')"
        grid_values="$(head -1 "$grid" | tr -d '\r' | awk -F, '{ print NF - 2 }')"
        better="$(tr -d '\r' <"$described" | awk -F, -v m="$grid_metric" '$1 == "summary" && $2 == m { print ($5 == "lower_is_better" ? "lower" : "higher"); exit }')"
        unit="$(tr -d '\r' <"$described" | awk -F, -v m="$grid_metric" '$1 == "summary" && $2 == m { print $3; exit }')"
        if [ -n "$grid_metric" ] && [ "$grid_runs" -gt 0 ] && [ "$grid_values" -gt 0 ]; then
            draw heatmap heatmap.gp "$dir" "$common; grid=$(quote "$grid"); runs=$grid_runs; values=$grid_values; sweep_key=$(quote "${sweep_key:-sweep_value}"); metric=$(quote "$grid_metric"); better=$(quote "${better:-higher}"); unit=$(quote "${unit:-number}")"
        fi
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
