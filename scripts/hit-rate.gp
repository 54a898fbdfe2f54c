# Hit rate over time, one line per run: the cumulative hit rate (solid) over the per-interval
# rate (faint, behind it, so the zigzag of small intervals does not hide the trend);
# memory-pressure events are marked along the top, moderate and warning apart.
#
#   gnuplot -e "kind='scrolling-table'; timeseries='results/feed/timeseries.csv'; scenario='feed'; \
#               runs='none/- lru/repopulate'; format='svg'; out='results/feed/hit_rate.svg'" scripts/hit-rate.gp
#
# Variables: kind ('scrolling-table', 'navigation' or 'drawing'), timeseries (CSV path), scenario
# (name, for the title), runs (the runs to draw, "policy/in_use ..."), and those of common.gp
# (format, out, ...).
#   scrolling-table (and any other kind): the interval's hit_rate column (empty, so skipped, when
#   it had no requests); cumulative: the sums of hits over the sums of requests.
#   navigation: view_cache_hits / (view_cache_hits + view_cache_misses), rows with no lookups
#   skipped.
#   drawing: the interval's hit_rate column, (memory_hits + disk_hits) / requests; app restarts
#   are marked too.
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"

# Per kind, the interval's hits and lookups, from which the cumulative rate is summed.
if (kind eq "navigation") {
    hits(dummy) = column("view_cache_hits")
    lookups(dummy) = column("view_cache_hits") + column("view_cache_misses")
    rate(dummy) = lookups(0) > 0 ? hits(0) / lookups(0) : NaN
    axis = "view-cache hit rate (hits / lookups)"
} else { if (kind eq "drawing") {
    hits(dummy) = column("memory_hits") + column("disk_hits")
    lookups(dummy) = column("requests")
    rate(dummy) = column("hit_rate")
    axis = "hit rate ((memory + disk hits) / requests)"
} else {
    hits(dummy) = column("hits")
    lookups(dummy) = column("requests")
    rate(dummy) = column("hit_rate")
    axis = "hit rate (hits / requests)"
} }
# Cumulative hit rate of run `run` at a row: hits over lookups since the run's first interval.
# The sums restart with each pass over the file (row 0), and only the run's rows add to them.
sum_hits = 0
sum_lookups = 0
cumulative_at(run) = (column(0) == 0 ? (sum_hits = 0, sum_lookups = 0) : 0, \
    runkey(0) eq run ? (sum_hits = sum_hits + hits(0), sum_lookups = sum_lookups + lookups(0), column("t_s")) : NaN)
cumulative(dummy) = sum_lookups > 0 ? sum_hits / sum_lookups : NaN
@find_restarts
marks = restart_marks(1.04)
pressure_y = 1.04

set title "Hit rate over time: ".scenario.subtitle
set xlabel "virtual time (s)"
set ylabel axis." — solid: cumulative; faint: per interval"
set yrange [0:1.08]
set ytics 0, 0.2, 1
plot for [i = 1:words(runs)] timeseries using (runkey(0) eq word(runs, i) ? column("t_s") : NaN):(rate(0)) \
         with lines linecolor rgb faint(i) linewidth 1 notitle, \
     for [i = 1:words(runs)] timeseries using (cumulative_at(word(runs, i))):(cumulative(0)) \
         with lines linetype i linewidth run_width(i, words(runs)) + 1 dashtype run_dash(i) title runtitle(word(runs, i)), \
     @pressure @marks
