# A parameter sweep: summary columns against the swept value, one panel per column, one line per
# policy/in_use. Drawn only from summaries whose sweep_key/sweep_value columns are filled.
#
#   gnuplot -e "summary='results/feed/summary.csv'; scenario='feed'; runs='none/- lru/repopulate'; \
#               sweep_key='cache.capacity'; panels=2; panel1_column='hit_rate'; panel1_unit='ratio'; \
#               panel1_title='hit rate'; panel1_label='hit rate (hits / requests)'; \
#               panel2_column='instantiations'; panel2_unit='count'; panel2_title='instantiations'; \
#               panel2_label='instantiations (row controllers)'; format='png'; out='sweep.png'" scripts/sweep.gp
#
# Variables: summary (CSV path), scenario (name, for the title), runs (the policy/in_use pairs to
# draw, "policy/in_use ..."), sweep_key (the swept parameter's path, the x label; default
# "sweep_value"), panels (how many), and for panel i panel<i>_column (the summary column),
# panel<i>_title, panel<i>_label and panel<i>_unit (columns.csv's: a ratio runs from 0 to 1,
# rates and nanoseconds read 250k, 1.2M); and those of common.gp (format, out, intervals: error
# bars at the points of a column with a confidence interval, ...).
# Rows with an empty sweep_value are skipped; several rows at one value are averaged.
if (!exists("panels")) panels = 2
if (!exists("height")) height = 380 * panels
if (!exists("ascii_height")) ascii_height = 24 * panels
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("sweep_key")) sweep_key = "sweep_value"

# x of a row of pair `run`: its sweep value (NaN, so skipped, when empty or another pair's).
at(run) = pairkey(0) eq run && strcol("sweep_value") ne "" ? column("sweep_value") : NaN
n = words(runs)

set xlabel sweep_key
# Swept values are whole numbers: 1000000, not 1e+06; byte counts (sweep_unit 'bytes') read
# 2 MiB, a tick at each swept value.
set format x "%.10g"
@sweep_xtics
# A panel's values, for @fit_ratio: the column's, in the rows of the pairs drawn.
yfile = summary
drawn_pair(dummy) = strstrt(" ".runs." ", " ".pairkey(0)." ") > 0 && strcol("sweep_value") ne ""
yvalue(dummy) = drawn_pair(0) ? column(column_name) : NaN
@panel_margins
set multiplot layout panels,1 title "Sweep of ".sweep_key.": ".scenario.subtitle
do for [p = 1:panels] {
    column_name = setting(sprintf("panel%d_column", p), "")
    unit = setting(sprintf("panel%d_unit", p), "number")
    set title setting(sprintf("panel%d_title", p), column_name)
    set ylabel setting(sprintf("panel%d_label", p), column_name)
    set format y "% h"
    # A ratio fits its values within [0, 1] (@fit_ratio, common.gp).
    if (unit eq "ratio") { @fit_ratio } else { set autoscale y; set ytics autofreq; set yrange [0:*] }
    if (unit eq "per_s" || unit eq "ns") { set format y "%.1s%c" }
    # A column with a confidence interval (intervals, common.gp) gets error bars at its points
    # (the second iteration is empty without one).
    plot for [i = 1:n] summary using (at(word(runs, i))):(column(column_name)) smooth unique \
        with linespoints linetype i pointtype 7 pointsize 0.6 title runtitle(word(runs, i)), \
        for [i = 1:(has_ci(column_name) ? n : 0)] summary \
        using (at(word(runs, i))):(column(column_name)):(ci_low(column_name, 1)):(ci_high(column_name, 1)) \
        with yerrorbars linetype i pointtype 7 pointsize 0.6 notitle
}
unset multiplot
