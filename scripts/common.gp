# Settings shared by the plot scripts (hit-rate.gp, bars.gp, throughput.gp, latency.gp,
# resident.gp, sweep.gp); each loads this file, from its own directory, before drawing. The
# scripts know no scenario kind: what they draw (columns, titles, axis labels, units) comes in
# their variables, which a kind declares as plot views (Sources/Scenarios/<Kind>/) and each
# results directory records in plots.csv.
#
# Variables (gnuplot -e "name='value'; ..."), all optional here:
#   format        'png' (pngcairo, the default), 'svg' or 'ascii' (the dumb terminal)
#   out           the output file; for 'ascii', '' or '-' (the default) writes to stdout.
#                 Without it, png and svg also go to stdout.
#   width, height size in pixels for png and svg (each script sets its own default)
#   ascii_width, ascii_height   size in characters for ascii (default 100 x 30)
#   keyed         1: a run is policy/in_use@sweep_value, for files holding a sweep's runs under
#                 one policy/in_use (their sweep_value column tells them apart); default 0
#   short_names   1: runs are named without "/-" (every run's in_use is "-"); default 0
#   runs_named    what the x axis of per-run bars calls a run ("store design"); default
#                 "run (policy)" or "run (policy/in_use)"
#   overlap       1: runs often draw the same line, so each is narrower than the one before and
#                 all but the first dashed; default 0
#   pressure      1: the timeseries has a memory_pressure column, marked by @find_pressure
#   event_column, event_title   a timeseries count column whose non-zero intervals are marked
#                 (black open triangles) and the legend's name for them; default none
#   intervals     the summary columns that have a confidence interval, <column>_ci_low and
#                 <column>_ci_high (space-separated): bars and sweeps draw it as error bars
#   unit          (per panel) the unit of a y axis as columns.csv gives it: `count` ticks whole
#                 numbers, `ratio` fits its values within 0 to 1, `per_s` and `ns` read 250k, 1.2M
#   xtics_angle   the angle of per-run bar labels (bars.gp, throughput.gp): -35 by default; 90
#                 (upright) for many runs, which the plotter gives a wider plot so none overlap
#   sweep_unit    'bytes': the swept values are byte counts, shown as 2 MiB (1024-based units)
#                 in tick labels, legends and bar labels; default '' (shown as written)
#
# It also defines runkey(0), the key of the current data row's run, which scripts compare with
# the words of their `runs` variable; runtitle(run), how a run is named in a legend;
# `find_pressure` (@find_pressure) and `find_events` (@find_events), then all_marks(y), the
# memory-pressure marks (moderate and warning apart) and event marks of a timeseries;
# `fit_y` (@fit_y) and `fit_unit` (@fit_unit), a y range from 0 that is never empty;
# `fit_ratio` (@fit_ratio), a ratio's y range fitted to its values within [0, 1]; bytes_text(v),
# a byte count as people read it (2 MiB); and `panel_margins` (@panel_margins), which lines up
# multiplot panels.

if (!exists("format")) format = "png"
if (!exists("out")) out = ""
if (!exists("width")) width = 1000
if (!exists("height")) height = 560
if (!exists("ascii_width")) ascii_width = 100
if (!exists("ascii_height")) ascii_height = 30
if (!exists("keyed")) keyed = 0
if (!exists("short_names")) short_names = 0
if (!exists("overlap")) overlap = 0
if (!exists("pressure")) pressure = 0
if (!exists("event_column")) event_column = ""
if (!exists("event_title")) event_title = ""
if (!exists("sweep_unit")) sweep_unit = ""
if (!exists("xtics_angle")) xtics_angle = -35

if (format eq "png") {
    set terminal pngcairo size width,height noenhanced font "sans,10" background rgb "white"
} else {
    if (format eq "svg") {
        set terminal svg size width,height noenhanced font "sans,10" background rgb "white"
    } else {
        if (format eq "ascii") {
            set terminal dumb size ascii_width,ascii_height noenhanced
        } else {
            print "common.gp: format must be 'png', 'svg' or 'ascii', not '".format."'"
            exit status 2
        }
    }
}
if (out eq "" || out eq "-") {
    set output
} else {
    set output out
}

# Result files are CSV with a header row (CRLF or LF line ends: gnuplot drops the CR). Columns
# are always found by name, with column("name") and strcol("name").
set datafile separator ","
set datafile columnheaders
# Scripts drop rows by mapping them to NaN (another run's row, an interval without lookups);
# lines then join the rows kept, around the dropped ones, and `smooth unique` sorts them.
set datafile missing NaN
set grid
# Legend beside the plot; below it on a dumb terminal, where width is scarce. Multi-panel plots
# fix their margins so the panels line up whatever their tick labels and legends.
if (format eq "ascii") {
    set key below
    panel_margins = "set lmargin 10; set rmargin"
} else {
    set key outside right top
    panel_margins = "set lmargin 12; set rmargin at screen 0.78"
}
# Run i of `runs` is drawn with line type i in every plot: ten distinct colours, then repeats.
set linetype 1 linecolor rgb "#1f77b4"
set linetype 2 linecolor rgb "#ff7f0e"
set linetype 3 linecolor rgb "#2ca02c"
set linetype 4 linecolor rgb "#d62728"
set linetype 5 linecolor rgb "#9467bd"
set linetype 6 linecolor rgb "#8c564b"
set linetype 7 linecolor rgb "#e377c2"
set linetype 8 linecolor rgb "#7f7f7f"
set linetype 9 linecolor rgb "#bcbd22"
set linetype 10 linecolor rgb "#17becf"
set linetype cycle 10
# The same ten colours, for a faint (translucent) line of run i: faint(i).
colours = "1f77b4 ff7f0e 2ca02c d62728 9467bd 8c564b e377c2 7f7f7f bcbd22 17becf"
faint(i) = "#C0".word(colours, (i - 1) % 10 + 1)
# `@fit_y` sets the y range to start at 0 and end 10% above the largest yvalue(0) of file `yfile`
# (all runs), so bars and lines at the maximum are not cut by the frame; [0:1] when every row is 0
# (an empty range otherwise). `@fit_count_y` does the same for a count axis and keeps its ticks
# on whole numbers.
fit_y = 'set autoscale y; set ytics autofreq; set format y "% h"; stats yfile using (yvalue(0)) nooutput; if (STATS_max > 0) { set yrange [0:STATS_max * 1.1] } else { set yrange [0:1] }'
fit_count_y = 'set autoscale y; stats yfile using (yvalue(0)) nooutput; if (STATS_max > 0) { set yrange [0:STATS_max * 1.1] } else { set yrange [0:1] }; if (STATS_max < 10) { set ytics 1 } else { set ytics autofreq }; set format y "%.0f"'
# Memory-pressure events: `moderate` as orange open circles, `warning` as red crosses (an
# interval with both shows both); see @find_pressure below.
moderate_style = "with points pointtype 6 pointsize 1.1 linecolor rgb '#ff7f00'"
pressure_style = "with points pointtype 2 pointsize 1.2 linecolor rgb '#e41a1c'"
# Events of column `event_column` (an app restart): black open triangles. For a timeseries file
# `timeseries`, `@find_events` sets events_seen (1 when an interval has one), and
# event_marks(y) is then ", <plot element>" marking them at height y, to append to a plot
# command as a macro (marks = event_marks(0); plot ... @marks); "" when there is nothing to mark.
# A macro is gnuplot source: it names variables (event_title), never pastes their text in.
event_style = "with points pointtype 8 pointsize 1.4 linecolor rgb '#000000'"
event_at(dummy) = column(event_column) > 0 ? column("t_s") : NaN
find_events = 'events_seen = 0; if (event_column ne "") { stats timeseries using (column(event_column)) nooutput; events_seen = STATS_max > 0 }'
events_seen = 0
event_marks(y) = events_seen ? sprintf(", timeseries using (event_at(0)):(%g) %s title event_title", y, event_style) : ""
# Every mark of a timeseries at height y, memory pressure and events, after
# `if (pressure) { @find_pressure }` and `@find_events`.
all_marks(y) = pressure_marks(y).event_marks(y)

# Memory-pressure events of a timeseries whose memory_pressure column may be its last:
# gnuplot 5.4 reads an empty last field as stale text (what the row before held
# there), so strcol("memory_pressure") would mark pressure where there was none. For a timeseries
# file `timeseries`, `@find_pressure` reads each row as one whole line instead and fills datablocks
# $MODERATE and $WARNING with the t_s of every row whose memory_pressure field names that level,
# one a line, and sets moderate_seen, warning_seen and
# pressure_seen (1 when there is one); pressure_marks(y) is then ", <plot element>" marking
# them at height y, to append to a plot command as a macro (marks = pressure_marks(0);
# plot ... @marks); "" when there is nothing to mark. Fields are counted from the end of the
# line: only the first (the scenario name) may hold a quoted comma.
_rcomma(s, i) = i < 1 ? 0 : (s[i:i] eq "," ? i : _rcomma(s, i - 1))
_from_end(s, n) = n <= 0 ? s[_rcomma(s, strlen(s)) + 1:] : _from_end(s[1:_rcomma(s, strlen(s)) - 1], n - 1)
_after(h, name) = _rcomma(h, strlen(h)) == 0 || _from_end(h, 0) eq name ? 0 : 1 + _after(h[1:_rcomma(h, strlen(h)) - 1], name)
_chomp(s) = s[strlen(s):] eq "\r" ? s[1:strlen(s) - 1] : s
find_pressure = 'set datafile separator "\t"; set datafile nocolumnheaders; _pm = ""; _pw = ""; _t_back = 0; _p_back = 0; stats timeseries using (_l = _chomp(strcol(1)), column(0) == 0 ? (_t_back = _after(_l, "t_s"), _p_back = _after(_l, "memory_pressure")) : (_f = _from_end(_l, _p_back), strstrt(_f, "moderate") > 0 ? (_pm = _pm." "._from_end(_l, _t_back)) : 0, strstrt(_f, "warning") > 0 ? (_pw = _pw." "._from_end(_l, _t_back)) : 0), 0) nooutput; set datafile separator ","; set datafile columnheaders; set print $MODERATE; do for [_w in _pm] { print _w }; unset print; set print $WARNING; do for [_w in _pw] { print _w }; unset print; moderate_seen = _pm ne ""; warning_seen = _pw ne ""; pressure_seen = moderate_seen || warning_seen'
pressure_seen = 0
moderate_seen = 0
warning_seen = 0
pressure_marks(y) = (moderate_seen ? sprintf(", $MODERATE using 1:(%g) %s title 'memory pressure: moderate'", y, moderate_style) : "") \
    .(warning_seen ? sprintf(", $WARNING using 1:(%g) %s title 'memory pressure: warning'", y, pressure_style) : "")

# A title's second line saying which runs a plot over time draws, when not all (`drawn` is set
# by the caller, e.g. "3 of 8 runs: baseline none, best lru/pin, worst fifo/drop by hit_rate").
subtitle = exists("drawn") ? "\n".drawn : ""

# The run a data row belongs to: "policy/in_use", or "policy/in_use@sweep_value" when keyed.
runkey(dummy) = strcol("policy")."/".strcol("in_use").(keyed ? "@".strcol("sweep_value") : "")
# The policy/in_use pair alone, whatever `keyed` says (sweep plots draw one line per pair).
pairkey(dummy) = strcol("policy")."/".strcol("in_use")
# The line width and dash type of run i of n over time. With `overlap` (runs that often draw the
# same line: two cache tiers that hit alike until a restart), each run's line is narrower than
# the one before, and all but the first are dashed (2: dashes, 3: dash-dot, ...): a run drawn
# over another leaves it showing. Otherwise width 1, solid.
run_width(i, n) = overlap ? 1.5 + 1.8 * (n - i) : 1
run_dash(i) = !overlap || i == 1 ? 1 : (i == 2 ? 2 : i + 1)
# A run as legends and bar labels name it: its key, except that with `short_names` (no run has
# an in-use mode) the "/-" is dropped: "memory+disk", "memory@4194304", "rwlock".
_cut(r, p) = p > 0 ? r[1:p - 1].r[p + 2:] : r
# With `sweep_unit` 'bytes', the swept value after "@" reads as bytes: "lru/-@2 MiB".
_swept(r, p) = p > 0 ? r[1:p].sweep_text(r[p + 1:]) : r
_short(r) = short_names ? _cut(r, strstrt(r, "/-")) : r
runtitle(r) = _swept(_short(r), strstrt(_short(r), "@"))
# A byte count as people read it, in powers of 1024: 512 B, 1.5 KiB, 2 MiB, 1.25 GiB (at most
# two decimals, trailing zeros dropped).
_trim0(s) = s[strlen(s):] eq "0" ? _trim0(s[1:strlen(s) - 1]) : (s[strlen(s):] eq "." ? s[1:strlen(s) - 1] : s)
_in_unit(v, u) = _trim0(sprintf("%.2f", v / u))
bytes_text(v) = abs(v) >= 1024.0**4 ? _in_unit(v, 1024.0**4)." TiB" : abs(v) >= 1024.0**3 ? _in_unit(v, 1024.0**3)." GiB" \
    : abs(v) >= 1024.0**2 ? _in_unit(v, 1024.0**2)." MiB" : abs(v) >= 1024 ? _in_unit(v, 1024.0)." KiB" : sprintf("%.0f B", v)
# A swept value (text, as the files hold it) as labels show it: bytes_text with `sweep_unit`
# 'bytes', else as written.
sweep_text(s) = sweep_unit eq "bytes" && s ne "" ? bytes_text(real(s)) : s
# `@sweep_xtics`: with `sweep_unit` 'bytes', the x axis of a sweep of file `summary` gets a tick
# at each swept value, labelled as bytes (2 MiB); nothing otherwise.
sweep_xtics = 'if (sweep_unit eq "bytes") { _ticks = ""; stats summary using (strcol("sweep_value") ne "" && strstrt(_ticks, " ".strcol("sweep_value")." ") == 0 ? (_ticks = _ticks." ".strcol("sweep_value")." ", 0) : 0) nooutput; _list = ""; do for [_t in _ticks] { _list = _list.(_list eq "" ? "" : ", ").sprintf("\"%s\" %s", bytes_text(real(_t)), _t) }; if (_list ne "") { eval "set xtics (" . _list . ")" } }'
# What the bars of a run are labelled on the x axis (a kind may call its runs "store design").
run_label = exists("runs_named") ? runs_named.(keyed ? "@sweep value" : "") \
    : short_names ? (keyed ? "run (policy@sweep value)" : "run (policy)") : (keyed ? "run (policy/in_use@sweep value)" : "run (policy/in_use)")
# A ratio axis (hit rates, miss ratios: values in 0..1) fitted to its values, yvalue(0) of file
# `yfile` (NaN for rows not drawn): `@fit_ratio` sets ratio_low and ratio_high to a margin below
# the smallest and above the largest (a tenth of their spread, at least 0.02), clamped to [0, 1],
# so hit rates between 0.88 and 0.97 fill the panel instead of its top tenth; ticks at a round
# step inside it. Without values, 0 to 1. The scan keeps every row (it maps each to 0), so a
# file without drawn values never fails `stats`.
_ratio_seen(v) = (v == v ? (_rlo = v < _rlo ? v : _rlo, _rhi = v > _rhi ? v : _rhi) : 0, 0)
# The smallest round step at least `s` (a seventh of the range: at most eight ticks).
ratio_step(s) = s <= 0.005 ? 0.005 : s <= 0.01 ? 0.01 : s <= 0.02 ? 0.02 : s <= 0.05 ? 0.05 : s <= 0.1 ? 0.1 : 0.2
# Every figure here is a real: gnuplot divides integers as integers, and (1 - 0) / 7 would be a
# step of 0, ticking every 0.005.
ratio_low = 0.0
ratio_high = 1.0
fit_ratio = '_rlo = 1.0; _rhi = 0.0; stats yfile using (_ratio_seen(yvalue(0))) nooutput; if (_rhi < _rlo) { _rlo = 0.0; _rhi = 1.0 }; _rm = (_rhi - _rlo) * 0.1 < 0.02 ? 0.02 : (_rhi - _rlo) * 0.1; ratio_low = _rlo - _rm < 0 ? 0.0 : _rlo - _rm; ratio_high = _rhi + _rm > 1 ? 1.0 : _rhi + _rm; _rs = ratio_step((ratio_high - ratio_low) / 7.0); set autoscale y; set yrange [ratio_low:ratio_high]; set ytics ceil(ratio_low / _rs - 1e-9) * _rs, _rs, ratio_high + 1e-9; set format y "% h"'
# The y axis of a panel whose values (yvalue(0) of file `yfile`) are in `unit` (columns.csv's):
# `@fit_unit` fits it from 0 with headroom, ticks whole numbers for counts, fits ratios to their
# values (@fit_ratio), 250k and 1.2M for rates and nanoseconds.
fit_unit = 'if (unit eq "ratio") { @fit_ratio } else { if (unit eq "count") { @fit_count_y } else { @fit_y; if (unit eq "per_s" || unit eq "ns") { set format y "%.1s%c" } } }'
# The value of variable `name` (a panel's settings, panel1_label ...), or `default` without it.
setting(name, default) = exists(name) ? value(name) : default
# The sum of the columns named by the words of `names` in the current row, over `scale`.
_sum_scaled(names, i) = i > words(names) ? 0 : column(word(names, i)) / scale + _sum_scaled(names, i + 1)
# Confidence intervals: has_ci(c) is 1 when summary column c has <c>_ci_low and <c>_ci_high
# (`intervals` lists those columns); ci_low(c, scale) and ci_high(c, scale) are the interval's
# ends in the current row, over `scale` (the value itself for a column without one).
if (!exists("intervals")) intervals = ""
has_ci(c) = strstrt(" ".intervals." ", " ".c." ") > 0
ci_low(c, scale) = has_ci(c) ? column(c."_ci_low") / scale : column(c) / scale
ci_high(c, scale) = has_ci(c) ? column(c."_ci_high") / scale : column(c) / scale
# The histogram style of bars: clustered, with error bars when `any_ci`.
bar_style = 'if (any_ci) { set style histogram errorbars gap 1 lw 1 } else { set style histogram clustered gap 1 }'
