# Reader (and writer) throughput per store design, for parallel-readers scenarios: one bar pair per
# run of summary.csv (mean reads/s, left axis, and writes/s, right axis, over the measured
# window), then, from timeseries.csv, reads/s and writes/s per interval, one line per run, with
# memory-pressure events marked. Without a timeseries, the bars alone.
#
#   gnuplot -e "kind='parallel-readers'; summary='results/stock-ticker/summary.csv'; \
#               timeseries='results/stock-ticker/timeseries.csv'; scenario='stock-ticker'; \
#               runs='gcd-barrier/- rwlock/- mutex/- big-reader/-'; format='png'; \
#               out='results/stock-ticker/throughput.png'" scripts/throughput.gp
#
# Variables: summary (CSV path), scenario (name, for the title), timeseries (CSV path, optional),
# runs (the timeseries runs to draw, "policy/in_use ..."; with timeseries), series_keyed (1: the
# timeseries runs are policy/in_use@sweep_value; default 0), and those of common.gp (format, out,
# keyed: label bars design@sweep_value). Runs are named by their design (policy) alone.
#   reads: get + all_items (read_ops_per_s); writes: set + remove + bulk_add + purge
#   (write_ops_per_s). An interval's rate is its operations over its length.
if (!exists("kind")) kind = "parallel-readers"
over_time = exists("timeseries") && exists("runs")
panels = over_time ? 3 : 1
if (!exists("height")) height = panels > 1 ? 320 * panels : 560
if (!exists("ascii_height")) ascii_height = panels > 1 ? 26 * panels : 30
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("series_keyed")) series_keyed = 0

reads(dummy) = column("read_ops_per_s")
writes(dummy) = column("write_ops_per_s")
# Rates run to thousands or millions: 250.0k, 1.2M.
set format y "%.1s%c"
set format y2 "%.1s%c"

if (over_time) {
    @find_pressure
    marks = pressure_marks(0)
    @panel_margins
    set multiplot layout panels,1 title "Throughput per store design: ".scenario
    set title "mean over the measured window (reads: get + all_items; writes: set + remove + bulk_add + purge)"
} else {
    set title "Throughput per store design: ".scenario."\nreads: get + all_items; writes: set + remove + bulk_add + purge"
}

# Bars: reads/s and writes/s of each run (writes are far fewer: their own axis, on the right,
# and the legend above the bars).
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid noxtics
if (format ne "ascii") {
    set xtics rotate by -35 scale 0
    set key above
} else {
    set xtics scale 0
}
set xlabel keyed ? "store design@sweep value" : "store design"
set ylabel "reads per second"
set y2label "writes per second"
# Characters are scarce on a dumb terminal: no right-axis label (the legend names the axis).
if (format eq "ascii") { unset y2label }
yfile = summary
# The right axis first: stats filters by the y range, which @fit_y then sets.
stats yfile using (writes(0)) nooutput
if (STATS_max > 0) { set y2range [0:STATS_max * 1.1] } else { set y2range [0:1] }
yvalue(dummy) = reads(0); @fit_y
set ytics nomirror
set y2tics
# Clusters sit at x = 0, 1, ...: no empty cluster's width beside the first and the last.
set autoscale y
stats yfile using (reads(0)) nooutput
@fit_y
set xrange [-0.6:STATS_records - 0.4]
plot summary using (reads(0)):xtic(runtitle(runkey(0))) title "reads/s" axes x1y1, \
     '' using (writes(0)) title "writes/s (right axis)" axes x1y2

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
    set xlabel "time from the start of the run (s)"

    set title "reads (get + all_items) per interval"
    set ylabel "reads per second"
    yvalue(dummy) = reads(0); @fit_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(reads(0)) with linespoints linetype i pointtype 7 pointsize 0.3 title runtitle(word(runs, i)) @marks

    set title "writes (set + remove + bulk_add + purge) per interval"
    set ylabel "writes per second"
    yvalue(dummy) = writes(0); @fit_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(writes(0)) with linespoints linetype i pointtype 7 pointsize 0.3 title runtitle(word(runs, i)) @marks
    unset multiplot
}
