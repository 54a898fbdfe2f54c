# A curve: one summary column (a trace's miss_ratio) against the swept value (its capacity),
# one line per policy, `optimal` (when it ran) drawn dashed as the bound. Drawn instead of
# sweep.gp for kinds that mark a summary column with the `curve` view.
#
#   gnuplot -e "summary='results/trace-a/summary.csv'; scenario='trace-a'; runs='lru/- sieve/- optimal/-'; \
#               sweep_key='capacity'; curve_column='miss_ratio'; format='png'; out='results/trace-a/curve.png'" scripts/curve.gp
#
# Variables: summary (CSV path), scenario (name, for the title), runs (the runs to draw,
# "policy/in_use ..."), sweep_key (the x label: capacity or capacity_bytes), curve_column (the
# summary column to draw, default miss_ratio), curve_unit (its unit, columns.csv's: a ratio's
# axis fits its values within [0, 1]), logx (1: a logarithmic capacity axis, the
# default when the capacities span more than a factor of 20), and those of common.gp.
if (!exists("height")) height = 560
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("sweep_key")) sweep_key = "sweep_value"
if (!exists("curve_column")) curve_column = "miss_ratio"
column_name = curve_column

at(run) = pairkey(0) eq run && strcol("sweep_value") ne "" ? column("sweep_value") : NaN
n = words(runs)
stats summary using (column("sweep_value")) nooutput
if (!exists("logx")) logx = (STATS_min > 0 && STATS_max / STATS_min > 20) ? 1 : 0
if (logx) { set logscale x }
set format x "%.10g"
# Byte capacities (sweep_unit 'bytes') read 2 MiB, a tick at each.
@sweep_xtics
set xlabel sweep_key
set ylabel column_name
# A ratio (miss_ratio) fits its values within [0, 1] (@fit_ratio, common.gp).
yfile = summary
yvalue(dummy) = strstrt(" ".runs." ", " ".pairkey(0)." ") > 0 && strcol("sweep_value") ne "" ? column(column_name) : NaN
if (exists("curve_unit") && curve_unit eq "ratio") { @fit_ratio } else { set yrange [0:*] }
set title "Miss-ratio curve: ".scenario
style(run) = run[1:8] eq "optimal/" ? 2 : 1
plot for [i = 1:n] summary using (at(word(runs, i))):(column(column_name)) smooth unique with linespoints \
    linetype i dashtype style(word(runs, i)) pointtype 7 pointsize 0.6 title runtitle(word(runs, i))
