# What each kind's model holds over time, one line per run; memory-pressure events are marked.
#
#   gnuplot -e "kind='navigation'; timeseries='results/four-tab-app/timeseries.csv'; \
#               scenario='four-tab-app'; runs='forever/- lru/repopulate'; format='png'; \
#               out='results/four-tab-app/resident.png'" scripts/resident.gp
#
# Variables: kind ('scrolling-table', 'navigation', 'drawing' or 'parallel-readers'), timeseries
# (CSV path), scenario (name, for the title), runs ("policy/in_use ..."), and those of common.gp
# (format, out, ...).
#   scrolling-table: two panels, cached_controllers (row controllers in the cache store) and
#   pool_controllers (headers/footers in the reuse pool).
#   navigation: three panels, resident_controllers (the view cache), history_depth (the history
#   stack), then view_cache_bytes (solid) and history_bytes (dashed), in KiB (measured).
#   drawing: "bytes per cache tier", two panels, memory_bytes (the memory tier) and disk_bytes
#   (the disk tier), in KiB (measured); app restarts (the memory tier starts cold) are marked too.
#   parallel-readers: "items in the store", two panels, items (the store's size at the end of each
#   interval) and evicted_items (items evicted in the interval: by purges, the eviction rule and
#   memory pressure); runs named by their design.
panels = (exists("kind") && kind eq "navigation") ? 3 : 2
if (!exists("height")) height = 300 * panels
if (!exists("ascii_height")) ascii_height = 24 * panels
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"

at(run) = runkey(0) eq run ? column("t_s") : NaN
n = words(runs)

# Parallel-readers runs real threads: its time is the wall clock's, from the end of the warm-up.
set xlabel kind eq "parallel-readers" ? "time from the start of the run (s)" : "virtual time (s)"
yfile = timeseries
@find_restarts
marks = restart_marks(0)
# Parallel-readers: memory_pressure is the file's last column, so its marks come from
# @find_pressure (common.gp), appended to each plot as @marks.
if (kind eq "parallel-readers") {
    @find_pressure
    marks = pressure_marks(0)
}
@panel_margins
set multiplot layout panels,1 title (kind eq "drawing" ? "Bytes per cache tier: " : kind eq "parallel-readers" ? "Items in the store: "     : "What stays in memory: ").scenario.subtitle
if (kind eq "parallel-readers") {
    set title "store"
    set ylabel "items in the store"
    yvalue(dummy) = column("items"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("items")) with steps linetype i title runtitle(word(runs, i)) @marks
    set title "evictions (purges and the eviction rule)"
    set ylabel "items evicted per interval"
    yvalue(dummy) = column("evicted_items"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("evicted_items")) with steps linetype i title runtitle(word(runs, i)) @marks
} else { if (kind eq "drawing") {
    set title "memory tier"
    set ylabel "bytes in memory (KiB)"
    yvalue(dummy) = column("memory_bytes") / 1024.0; @fit_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("memory_bytes") / 1024.0) with steps linetype i linewidth run_width(i, n) dashtype run_dash(i) title runtitle(word(runs, i)), @pressure @marks
    set title "disk tier"
    set ylabel "bytes on disk (KiB)"
    yvalue(dummy) = column("disk_bytes") / 1024.0; @fit_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("disk_bytes") / 1024.0) with steps linetype i linewidth run_width(i, n) dashtype run_dash(i) title runtitle(word(runs, i)), @pressure @marks
} else { if (kind eq "navigation") {
    set title "view cache"
    set ylabel "resident controllers"
    yvalue(dummy) = column("resident_controllers"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("resident_controllers")) with steps linetype i title word(runs, i), @pressure
    set title "history stack"
    set ylabel "history depth (entries)"
    yvalue(dummy) = column("history_depth"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("history_depth")) with steps linetype i title word(runs, i), @pressure
    set title "bytes held (solid: view cache, dashed: history)"
    set ylabel "bytes held (KiB)"
    yvalue(dummy) = (column("view_cache_bytes") + column("history_bytes")) / 1024.0; @fit_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("view_cache_bytes") / 1024.0) with steps linetype i title word(runs, i)." view cache", \
         for [i = 1:n] timeseries using (at(word(runs, i))):(column("history_bytes") / 1024.0) with steps linetype i dashtype 2 title word(runs, i)." history"
} else {
    set title "controller cache"
    set ylabel "cached row controllers"
    yvalue(dummy) = column("cached_controllers"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("cached_controllers")) with steps linetype i title word(runs, i), @pressure
    set title "reuse pool"
    set ylabel "pooled header/footer controllers"
    yvalue(dummy) = column("pool_controllers"); @fit_count_y
    plot for [i = 1:n] timeseries using (at(word(runs, i))):(column("pool_controllers")) with steps linetype i title word(runs, i), @pressure
} } }
unset multiplot
