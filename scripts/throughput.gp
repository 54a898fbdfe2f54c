# Two rates per run as bars (left column on the left axis, right column on the right axis: the
# means over the measured window, from summary.csv), then, from timeseries.csv, each rate per
# interval in a panel of its own, one line per run, with memory-pressure events marked. Without
# a timeseries, the bars alone.
#
#   gnuplot -e "summary='results/stock-ticker/summary.csv'; timeseries='results/stock-ticker/timeseries.csv'; \
#               scenario='stock-ticker'; runs='gcd-barrier/- rwlock/-'; title='Throughput per store design'; \
#               left='read_ops_per_s'; left_title='reads/s'; left_label='reads per second'; \
#               right='write_ops_per_s'; right_title='writes/s (right axis)'; right_label='writes per second'; \
#               short_names=1; pressure=1; format='png'; out='throughput.png'" scripts/throughput.gp
#
# Variables: summary (CSV path), scenario (name, for the title), title, note (what the bars
# count, the line under the title), left and right (column names, each in summary.csv and
# timeseries.csv) with _title (legend), _label (axis label), _panel (the title of its panel
# over time) and _unit (columns.csv's; default per_s: 250.0k, 1.2M); timeseries (CSV path, optional), runs (the timeseries runs to draw,
# "policy/in_use ..."; with timeseries), series_keyed (1: the timeseries runs are
# policy/in_use@sweep_value; default 0), xlabel (of the panels over time; default "time from the
# start of the run (s)"), and those of common.gp (format, out, short_names, pressure,
# keyed: label bars policy@sweep_value, xtics_angle).
over_time = exists("timeseries") && exists("runs")
panels = over_time ? 3 : 1
if (!exists("height")) height = panels > 1 ? 320 * panels : 560
if (!exists("ascii_height")) ascii_height = panels > 1 ? 26 * panels : 30
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("series_keyed")) series_keyed = 0
if (!exists("title")) title = "Per run"
if (!exists("note")) note = ""
if (!exists("left_title")) left_title = left
if (!exists("left_label")) left_label = left
if (!exists("left_panel")) left_panel = left_label
if (!exists("right_title")) right_title = right
if (!exists("right_label")) right_label = right
if (!exists("right_panel")) right_panel = right_label
if (!exists("xlabel")) xlabel = "time from the start of the run (s)"

reads(dummy) = column(left)
writes(dummy) = column(right)
# Error bars where the summary has a column's confidence interval (intervals, common.gp).
any_ci = has_ci(left) || has_ci(right)
# Rates run to thousands or millions: 250.0k, 1.2M.
# Rates run to thousands or millions: 250.0k, 1.2M (@fit_unit sets the left axis's format
# from its unit, columns.csv's).
if (!exists("left_unit")) left_unit = "per_s"
if (!exists("right_unit")) right_unit = "per_s"
set format y2 (right_unit eq "per_s" || right_unit eq "ns" ? "%.1s%c" : "% h")

if (over_time) {
    if (pressure) { @find_pressure }
    @find_events
    marks = all_marks(0)
    @panel_margins
    set multiplot layout panels,1 title title.": ".scenario.subtitle
    set title "mean over the measured window".(note ne "" ? " (".note.")" : "")
} else {
    set title title.": ".scenario.(note ne "" ? "\n".note : "")
}

# Bars: reads/s and writes/s of each run (writes are far fewer: their own axis, on the right,
# and the legend above the bars).
set style data histograms
@bar_style
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid noxtics
if (format ne "ascii") {
    # Upright labels for many runs (xtics_angle 90, as bars.gp), right-justified at their bars.
    if (xtics_angle == 90) { set xtics rotate by 90 right scale 0 } else { set xtics rotate by xtics_angle scale 0 }
    set key above
} else {
    set xtics scale 0
}
set xlabel run_label
set ylabel left_label
set y2label right_label
# Characters are scarce on a dumb terminal: no right-axis label (the legend names the axis).
if (format eq "ascii") { unset y2label }
yfile = summary
# The right axis first: stats filters by the y range, which @fit_unit then sets.
stats yfile using (ci_high(right, 1)) nooutput
if (STATS_max > 0) { set y2range [0:STATS_max * 1.1] } else { set y2range [0:1] }
yvalue(dummy) = ci_high(left, 1); unit = left_unit; @fit_unit
set ytics nomirror
set y2tics
# Clusters sit at x = 0, 1, ...: no empty cluster's width beside the first and the last.
set autoscale y
stats yfile using (ci_high(left, 1)) nooutput
@fit_unit
set xrange [-0.6:STATS_records - 0.4]
# Each bar's using columns: its value, and with error bars the interval's ends.
left_using = any_ci ? "(reads(0)):(ci_low(left, 1)):(ci_high(left, 1))" : "(reads(0))"
right_using = any_ci ? "(writes(0)):(ci_low(right, 1)):(ci_high(right, 1))" : "(writes(0))"
plot summary using @left_using:xtic(runtitle(runkey(0))) title left_title axes x1y1, \
     '' using @right_using title right_title axes x1y2

if (over_time) {
    # Lines over time, one per run, keyed as the timeseries is; the legend back beside the plot.
    keyed = series_keyed
    set style data lines
    set xtics norotate autofreq scale default
    set autoscale x
    set grid xtics ytics
    unset y2tics
    unset y2label
    set ytics mirror
    set key default
    if (format ne "ascii") { set key outside right top } else { set key below }
    at(run) = runkey(0) eq run ? column("t_s") : NaN
    n = words(runs)
    yfile = timeseries
    set xlabel xlabel

    set title left_panel
    set ylabel left_label
    yvalue(dummy) = reads(0); unit = left_unit; @fit_unit
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(reads(0)) with linespoints linetype i pointtype 7 pointsize 0.3 title runtitle(word(runs, i)) @marks

    set title right_panel
    set ylabel right_label
    yvalue(dummy) = writes(0); unit = right_unit; @fit_unit
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(writes(0)) with linespoints linetype i pointtype 7 pointsize 0.3 title runtitle(word(runs, i)) @marks
    unset multiplot
}
