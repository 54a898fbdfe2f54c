# Settings shared by the plot scripts (hit-rate.gp, instantiations.gp, throughput.gp, latency.gp,
# resident.gp, sweep.gp); each loads this file, from its own directory, before drawing.
#
# Variables (gnuplot -e "name='value'; ..."), all optional here:
#   format        'png' (pngcairo, the default), 'svg' or 'ascii' (the dumb terminal)
#   out           the output file; for 'ascii', '' or '-' (the default) writes to stdout.
#                 Without it, png and svg also go to stdout.
#   width, height size in pixels for png and svg (each script sets its own default)
#   ascii_width, ascii_height   size in characters for ascii (default 100 x 30)
#   keyed         1: a run is policy/in_use@sweep_value, for files holding a sweep's runs under
#                 one policy/in_use (their sweep_value column tells them apart); default 0
#
# It also defines runkey(0), the key of the current data row's run, which scripts compare with
# the words of their `runs` variable; runtitle(run), how a run is named in a legend;
# `pressure_style`, the plot style (a macro: @pressure_style) of memory-pressure marks;
# `restart_style` (@restart_style), that of app restarts (drawing); `find_pressure`
# (@find_pressure), the memory-pressure times (moderate and warning apart) of a timeseries ending in memory_pressure
# (parallel-readers); `fit_y` (@fit_y), a y range from 0 that is never empty; and
# `panel_margins` (@panel_margins), which lines up multiplot panels.

if (!exists("format")) format = "png"
if (!exists("out")) out = ""
if (!exists("width")) width = 1000
if (!exists("height")) height = 560
if (!exists("ascii_width")) ascii_width = 100
if (!exists("ascii_height")) ascii_height = 30
if (!exists("keyed")) keyed = 0
if (!exists("kind")) kind = ""

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
# interval with both shows both); pressure_style is the warning's. pressure_at(level) is the
# time of a timeseries row whose memory_pressure column names `level`, else NaN; `@pressure`
# (a macro to append to a plot command) marks both levels at height pressure_y.
moderate_style = "with points pointtype 6 pointsize 1.1 linecolor rgb '#ff7f00'"
pressure_style = "with points pointtype 2 pointsize 1.2 linecolor rgb '#e41a1c'"
pressure_at(level) = strstrt(strcol("memory_pressure"), level) > 0 ? column("t_s") : NaN
pressure_y = 0
pressure = "timeseries using (pressure_at('moderate')):(pressure_y) ".moderate_style." title 'memory pressure: moderate', timeseries using (pressure_at('warning')):(pressure_y) ".pressure_style." title 'memory pressure: warning'"
# App restarts (drawing's timeseries `restarts` column): black open triangles. For a timeseries
# file `timeseries`, `@find_restarts` sets restarts_seen (1 when a drawing run restarted), and
# restart_marks(y) is then ", <plot element>" marking them at height y, to append to a plot
# command as a macro (marks = restart_marks(0); plot ... @marks); "" when there is nothing to mark.
restart_style = "with points pointtype 8 pointsize 1.4 linecolor rgb '#000000'"
restart_at(dummy) = column("restarts") > 0 ? column("t_s") : NaN
find_restarts = 'restarts_seen = 0; if (kind eq "drawing") { stats timeseries using (column("restarts")) nooutput; restarts_seen = STATS_max > 0 }'
restart_marks(y) = restarts_seen ? sprintf(", timeseries using (restart_at(0)):(%g) %s title 'app restart'", y, restart_style) : ""

# Memory-pressure events of a timeseries whose memory_pressure column may be its last (parallel-
# readers): gnuplot 5.4 reads an empty last field as stale text (what the row before held
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
# by the caller, e.g. "4 of 8 runs drawn: one per policy").
subtitle = exists("drawn") ? "\n".drawn : ""

# The run a data row belongs to: "policy/in_use", or "policy/in_use@sweep_value" when keyed.
runkey(dummy) = strcol("policy")."/".strcol("in_use").(keyed ? "@".strcol("sweep_value") : "")
# The policy/in_use pair alone, whatever `keyed` says (sweep plots draw one line per pair).
pairkey(dummy) = strcol("policy")."/".strcol("in_use")
# The line width and dash type of run i of n over time: drawing runs often draw the same line
# (memory and memory+disk hit alike, and hold the same memory bytes, until a restart), so each
# run's line is narrower than the one before, and all but the first are dashed (2: dashes,
# 3: dash-dot, ...): a run drawn over another leaves it showing. Other kinds: width 1, solid.
run_width(i, n) = kind eq "drawing" ? 1.5 + 1.8 * (n - i) : 1
run_dash(i) = kind ne "drawing" || i == 1 ? 1 : (i == 2 ? 2 : i + 1)
# A run as legends and bar labels name it: its key, except that drawing and parallel-readers runs,
# which have no in-use mode (in_use is always "-"), drop the "/-": "memory+disk",
# "memory@4194304", "rwlock".
_cut(r, p) = p > 0 ? r[1:p - 1].r[p + 2:] : r
no_in_use = kind eq "drawing" || kind eq "parallel-readers"
runtitle(r) = no_in_use ? _cut(r, strstrt(r, "/-")) : r
