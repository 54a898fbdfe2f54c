# What a model holds over time, one line per run, in one panel per quantity; memory-pressure
# events (and events of `event_column`) are marked.
#
#   gnuplot -e "timeseries='results/four-tab-app/timeseries.csv'; scenario='four-tab-app'; \
#               runs='forever/- lru/repopulate'; title='What stays in memory'; panels=1; \
#               panel1_title='view cache'; panel1_label='resident controllers'; \
#               panel1_columns='resident_controllers'; panel1_unit='count'; pressure=1; \
#               format='png'; out='results/four-tab-app/resident.png'" scripts/resident.gp
#
# Variables: timeseries (CSV path), scenario (name, for the title), runs ("policy/in_use ..."),
# title, xlabel (default "virtual time (s)"), panels (how many), and for panel i:
#   panel<i>_title, panel<i>_label   the panel's title and y label
#   panel<i>_columns                 the columns it draws, by name, each a line per run: the first
#                                    solid, the others dashed
#   panel<i>_names                   with several columns, each one's name in the legend
#                                    (words, double-quoted with spaces: "view cache" history)
#   panel<i>_scale                   values are divided by it (1024: KiB); default 1
#   panel<i>_unit                    columns.csv's unit (count: whole-number ticks)
# and those of common.gp (format, out, short_names, overlap, pressure, event_column, ...).
if (!exists("panels")) panels = 1
if (!exists("height")) height = 300 * (panels > 1 ? panels : 2)
if (!exists("ascii_height")) ascii_height = 24 * (panels > 1 ? panels : 2)
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("title")) title = "Over time"
if (!exists("xlabel")) xlabel = "virtual time (s)"

at(run) = runkey(0) eq run ? column("t_s") : NaN
# The dash type of column c of run i: the first column as the run's, the others dashed.
column_dash(c, i) = c > 1 ? 2 : run_dash(i)
n = words(runs)

set xlabel xlabel
yfile = timeseries
if (pressure) { @find_pressure }
@find_events
marks = all_marks(0)
@panel_margins
set multiplot layout panels,1 title title.": ".scenario.subtitle
do for [p = 1:panels] {
    columns = setting(sprintf("panel%d_columns", p), "")
    names = setting(sprintf("panel%d_names", p), "")
    scale = setting(sprintf("panel%d_scale", p), 1)
    unit = setting(sprintf("panel%d_unit", p), "count")
    set title setting(sprintf("panel%d_title", p), "")
    set ylabel setting(sprintf("panel%d_label", p), "")
    # The panel's y range fits the sum of its columns (several columns share one axis).
    yvalue(dummy) = _sum_scaled(columns, 1)
    @fit_unit
    plot for [c = 1:words(columns)] for [i = 1:n] timeseries using (at(word(runs, i))):(column(word(columns, c)) / scale) \
        with steps linetype i linewidth run_width(i, n) dashtype column_dash(c, i) \
        title runtitle(word(runs, i)).(words(columns) > 1 ? " ".word(names, c) : "") @marks
}
unset multiplot
