# The latency percentile spectrum of every run, as HdrHistogram plots are read: one panel per
# operation, one line per run. x is 1 / (1 - percentile/100) on a log axis, labelled with the
# percentile (0%, 90%, 99%, ...); y is the latency in ns, log scale. The percentile-100 row (the
# maximum) is left out: it sits at infinity on this axis.
#
#   gnuplot -e "latency='results/feed/latency.csv'; scenario='feed'; \
#               runs='none/- lru/repopulate'; operations='row_dequeue frame_work'; \
#               format='png'; out='results/feed/latency.png'" scripts/latency.gp
#
# With band_low and band_high (columns of the file: the smallest and largest of the
# repetitions' own values at each percentile), each run's line lies on a shaded band in its
# colour: the spread of the repetitions around the merged spectrum (not drawn in ascii).
#
# Variables: latency (CSV path), scenario (name, for the title), runs ("policy/in_use ..."),
# operations (the operation column's values to draw, one panel each, in order; list only
# operations the file has), title (default "Latency percentile spectrum"), band_low and
# band_high (optional, see above), and those of common.gp.
if (!exists("operations")) operations = ""
if (!exists("title")) title = "Latency percentile spectrum"
if (!exists("band_low")) band_low = ""
if (!exists("band_high")) band_high = ""
panels = words(operations)
if (!exists("height")) height = panels > 1 ? 330 * panels : 560
if (!exists("ascii_height")) ascii_height = panels > 1 ? 26 * panels : 30
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"

spectrum_x(p) = p < 100 ? 1.0 / (1.0 - p / 100.0) : NaN
set logscale xy 10
set xrange [1:*]
set xtics ("0%%" 1, "90%%" 10, "99%%" 100, "99.9%%" 1000, "99.99%%" 10000, "99.999%%" 100000, "99.9999%%" 1000000)
set format y "%.0s%c"
set xlabel "percentile (the maximum is not drawn)"
set ylabel "latency (ns)"
if (format ne "ascii") { set mxtics 10 }

@panel_margins
set multiplot layout panels,1 title title.": ".scenario.subtitle
band = band_low ne "" && band_high ne "" && format ne "ascii"
selected(operation, i) = strcol("operation") eq operation && runkey(0) eq word(runs, i)
positive(name) = column(name) > 0 ? column(name) : NaN
do for [operation in operations] {
    set title operation
    if (band) {
        plot for [i = 1:words(runs)] latency \
            using (selected(operation, i) ? spectrum_x(column("percentile")) : NaN):(positive(band_low)):(positive(band_high)) \
            with filledcurves linetype i fillstyle transparent solid 0.15 noborder notitle, \
            for [i = 1:words(runs)] latency \
            using (selected(operation, i) ? spectrum_x(column("percentile")) : NaN):(positive("latency_ns")) \
            with lines linetype i linewidth 1.5 title runtitle(word(runs, i))
    } else {
        plot for [i = 1:words(runs)] latency \
            using (selected(operation, i) ? spectrum_x(column("percentile")) : NaN):(positive("latency_ns")) \
            with lines linetype i linewidth 1.5 title runtitle(word(runs, i))
    }
}
unset multiplot
