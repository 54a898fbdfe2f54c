# Hit rate over time, one line per run: the cumulative hit rate (solid) over the per-interval
# rate (faint, behind it, so the zigzag of small intervals does not hide the trend);
# memory-pressure events (and events of `event_column`) are marked along the top.
#
#   gnuplot -e "timeseries='results/feed/timeseries.csv'; scenario='feed'; runs='none/- lru/repopulate'; \
#               hits='hits'; lookups='requests'; axis='hit rate (hits / requests)'; pressure=1; \
#               format='svg'; out='results/feed/hit_rate.svg'" scripts/hit-rate.gp
#
# Variables: timeseries (CSV path), scenario (name, for the title), runs (the runs to draw,
# "policy/in_use ..."), title (default "Hit rate over time"), axis (the y label), xaxis (the x
# label, default "virtual time (s)"), and the
# columns, by name:
#   hits, lookups  columns summed into an interval's hits and lookups ("memory_hits disk_hits");
#                  the cumulative rate is the sums of hits over the sums of lookups
#   rate           the interval's rate column (empty, so skipped, without lookups); default
#                  hits / lookups. Without hits and lookups, the cumulative rate is the mean of
#                  the interval rates so far.
# and those of common.gp (format, out, short_names, overlap, pressure, event_column, ...).
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("title")) title = "Hit rate over time"
if (!exists("axis")) axis = "hit rate"
if (!exists("hits")) hits = ""
if (!exists("lookups")) lookups = ""
if (!exists("rate")) rate = ""
if (!exists("xaxis")) xaxis = "virtual time (s)"

# The sum of the columns named by the words of `names`, in the current row.
_sum(names, i) = i > words(names) ? 0 : column(word(names, i)) + _sum(names, i + 1)
summed = hits ne "" && lookups ne ""
hits_of(dummy) = summed ? _sum(hits, 1) : (strcol(rate) eq "" ? 0 : column(rate))
lookups_of(dummy) = summed ? _sum(lookups, 1) : (strcol(rate) eq "" ? 0 : 1)
rate_of(dummy) = rate ne "" ? column(rate) : (lookups_of(0) > 0 ? hits_of(0) / lookups_of(0) : NaN)
# Cumulative hit rate of run `run` at a row: hits over lookups since the run's first interval.
# The sums restart with each pass over the file (row 0), and only the run's rows add to them.
sum_hits = 0
sum_lookups = 0
cumulative_at(run) = (column(0) == 0 ? (sum_hits = 0, sum_lookups = 0) : 0, \
    runkey(0) eq run ? (sum_hits = sum_hits + hits_of(0), sum_lookups = sum_lookups + lookups_of(0), column("t_s")) : NaN)
cumulative(dummy) = sum_lookups > 0 ? sum_hits / sum_lookups : NaN
if (pressure) { @find_pressure }
@find_events

set title title.": ".scenario.subtitle
set xlabel xaxis
set ylabel axis." — solid: cumulative; faint: per interval"
# The y range fits the rates the drawn runs reach (@fit_ratio, common.gp: a margin around them,
# within [0, 1]), so rates between 0.88 and 0.97 fill the panel; the cumulative rate lies
# between its run's interval rates. From just below the range when it starts at 0, so a run
# that never hits (the baseline none) is a line above the frame; the marks along the top, above it.
drawn_run(dummy) = strstrt(" ".runs." ", " ".runkey(0)." ") > 0
yfile = timeseries
yvalue(dummy) = drawn_run(0) ? rate_of(0) : NaN
@fit_ratio
span = ratio_high - ratio_low
set yrange [ratio_low - (ratio_low == 0 ? 0.03 * span : 0):ratio_high + 0.08 * span]
marks = all_marks(ratio_high + 0.04 * span)
plot for [i = 1:words(runs)] timeseries using (runkey(0) eq word(runs, i) ? column("t_s") : NaN):(rate_of(0)) \
         with lines linecolor rgb faint(i) linewidth 1 notitle, \
     for [i = 1:words(runs)] timeseries using (cumulative_at(word(runs, i))):(cumulative(0)) \
         with lines linetype i linewidth run_width(i, words(runs)) + 1 dashtype run_dash(i) title runtitle(word(runs, i)) @marks
