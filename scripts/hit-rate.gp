# Hit rate over time, one line per run; memory-pressure events are marked along the top.
#
#   gnuplot -e "kind='scrolling-table'; timeseries='results/feed/timeseries.csv'; scenario='feed'; \
#               runs='none/- lru/repopulate'; format='svg'; out='results/feed/hit_rate.svg'" scripts/hit-rate.gp
#
# Variables: kind ('scrolling-table', 'navigation' or 'drawing'), timeseries (CSV path), scenario
# (name, for the title), runs (the runs to draw, "policy/in_use ..."), and those of common.gp
# (format, out, ...).
#   scrolling-table: the interval's hit_rate column (empty, so skipped, when it had no requests).
#   navigation: view_cache_hits / (view_cache_hits + view_cache_misses) of the interval, rows with
#   no lookups skipped.
#   drawing: the interval's hit_rate column, (memory_hits + disk_hits) / requests (empty, so
#   skipped, when it had no requests); app restarts are marked too.
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"

if (kind eq "navigation") {
    lookups(dummy) = column("view_cache_hits") + column("view_cache_misses")
    rate(dummy) = lookups(0) > 0 ? column("view_cache_hits") / lookups(0) : NaN
    axis = "view-cache hit rate per interval (hits / lookups)"
} else {
    rate(dummy) = column("hit_rate")
    if (kind eq "drawing") {
        axis = "hit rate per interval ((memory + disk hits) / requests)"
    } else {
        axis = "hit rate per interval (hits / requests)"
    }
}
@find_restarts
marks = restart_marks(1.04)

set title "Hit rate over time: ".scenario
set xlabel "virtual time (s)"
set ylabel axis
set yrange [0:1.08]
set ytics 0, 0.2, 1
plot for [i = 1:words(runs)] timeseries using (runkey(0) eq word(runs, i) ? column("t_s") : NaN):(rate(0)) \
         with linespoints linetype i linewidth run_width(i, words(runs)) dashtype run_dash(i) pointtype 7 pointsize 0.3 title runtitle(word(runs, i)), \
     timeseries using (strcol("memory_pressure") ne "" ? column("t_s") : NaN):(1.04) @pressure_style title "memory pressure" @marks
