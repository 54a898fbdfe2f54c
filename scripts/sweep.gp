# A parameter sweep: the summary's hit rate and instantiations (creations, fresh draws; for
# parallel-readers, read throughput and get p99 latency) against the swept value, one line per
# policy/in_use. Drawn only from summaries whose sweep_key/sweep_value columns are filled.
#
#   gnuplot -e "kind='scrolling-table'; summary='results/feed/summary.csv'; scenario='feed'; \
#               runs='none/- lru/repopulate'; sweep_key='cache.capacity'; format='png'; \
#               out='results/feed/sweep.png'" scripts/sweep.gp
#
# Variables: kind ('scrolling-table', 'navigation', 'drawing' or 'parallel-readers'), summary (CSV path), scenario
# (name, for the title), runs (the policy/in_use pairs to draw, "policy/in_use ..."), sweep_key (the swept
# parameter's path, the x label; default "sweep_value"), and those of common.gp (format, out, ...).
#   scrolling-table: hit_rate and instantiations.
#   navigation: view_cache_hit_rate and creations.
#   drawing: hit_rate ((memory + disk hits) / requests) and fresh_draws.
#   parallel-readers: read_ops_per_s (get + all_items per second) and get_p99_ns (ns), one line
#   per store design.
# Rows with an empty sweep_value are skipped; several rows at one value are averaged.
if (!exists("height")) height = 760
if (!exists("ascii_height")) ascii_height = 48
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("sweep_key")) sweep_key = "sweep_value"

rate_title = "hit rate"
if (kind eq "navigation") {
    rate(dummy) = column("view_cache_hit_rate")
    count(dummy) = column("creations")
    rate_label = "view-cache hit rate (hits / lookups)"
    count_title = "creations"
    count_label = "creations (onCreate calls)"
} else { if (kind eq "parallel-readers") {
    rate(dummy) = column("read_ops_per_s")
    count(dummy) = column("get_p99_ns")
    rate_title = "read throughput"
    rate_label = "reads per second (get + all_items)"
    count_title = "get latency, 99th percentile"
    count_label = "get p99 latency (ns)"
} else { if (kind eq "drawing") {
    rate(dummy) = column("hit_rate")
    count(dummy) = column("fresh_draws")
    rate_label = "hit rate ((memory + disk hits) / requests)"
    count_title = "fresh draws"
    count_label = "fresh draws (views drawn, not served by the cache)"
} else {
    rate(dummy) = column("hit_rate")
    count(dummy) = column("instantiations")
    rate_label = "hit rate (hits / requests)"
    count_title = "instantiations"
    count_label = "instantiations (row controllers)"
} } }
# x of a row of pair `run`: its sweep value (NaN, so skipped, when empty or another pair's).
at(run) = pairkey(0) eq run && strcol("sweep_value") ne "" ? column("sweep_value") : NaN
n = words(runs)

set xlabel sweep_key
# Drawing sweeps capacities in bytes: whole numbers, not 1e+06.
if (kind eq "drawing") { set format x "%.10g" }
@panel_margins
set multiplot layout 2,1 title "Sweep of ".sweep_key.": ".scenario
set title rate_title
set ylabel rate_label
# A rate is at most 1; a throughput from 0 up, in thousands or millions (250k, 1.2M).
if (kind eq "parallel-readers") {
    set yrange [0:*]
    set format y "%.1s%c"
} else {
    set yrange [0:1.05]
}
plot for [i = 1:n] summary using (at(word(runs, i))):(rate(0)) smooth unique with linespoints linetype i pointtype 7 pointsize 0.6 title runtitle(word(runs, i))
set title count_title
set ylabel count_label
set yrange [0:*]
plot for [i = 1:n] summary using (at(word(runs, i))):(count(0)) smooth unique with linespoints linetype i pointtype 7 pointsize 0.6 title runtitle(word(runs, i))
unset multiplot
