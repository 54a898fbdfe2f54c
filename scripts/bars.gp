# What each run paid, as bars: one summary column on the left axis and, optionally, another on
# the right axis (bytes, say), one pair of bars per run of summary.csv.
#
#   gnuplot -e "summary='results/four-tab-app/summary.csv'; scenario='four-tab-app'; \
#               title='Controllers created and view-cache bytes per run'; \
#               left='creations'; left_title='creations'; left_label='creations (onCreate calls)'; left_unit='count'; \
#               right='view_cache_bytes_max'; right_scale=1024; right_title='view cache max KiB (right axis)'; \
#               right_label='view cache, largest sample (KiB)'; format='png'; out='creations.png'" scripts/bars.gp
#
# Variables: summary (CSV path), scenario (name, for the title), title; left and right (column
# names; right may be empty), each with _title (legend), _label (axis label), _scale (values are
# divided by it: 1024 for KiB; default 1) and _unit (columns.csv's unit: count ticks whole
# numbers); intervals (common.gp: error bars); values (1: each bar's value printed above it, for bars too different in height to
# read beside each other; default 0); and those of common.gp (format, out, short_names,
# keyed: label bars policy/in_use@sweep_value, sweep_unit), and xtics_angle (the run labels'
# angle: -35 by default; 90, upright, for many runs, which then get a wider plot: the plotter
# sets both so that no two labels overlap).
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("title")) title = "Per run"
if (!exists("left_title")) left_title = left
if (!exists("left_label")) left_label = left
if (!exists("left_scale")) left_scale = 1
if (!exists("left_unit")) left_unit = "count"
if (!exists("right")) right = ""
if (!exists("right_title")) right_title = right
if (!exists("right_label")) right_label = right
if (!exists("right_scale")) right_scale = 1
if (!exists("values")) values = 0
two = right ne ""
# Error bars where the summary has a column's confidence interval (intervals, common.gp).
any_ci = has_ci(left) || (two && has_ci(right))

count(dummy) = column(left) / left_scale
bytes(dummy) = two ? column(right) / right_scale : 0
set title title.": ".scenario
set ylabel left_label
if (two) { set y2label right_label }

set style data histograms
@bar_style
set style fill solid 0.8 border -1
set boxwidth 0.9
# Characters are scarce on a dumb terminal: short run labels (lru/rep), no right-axis label;
# runs named by policy alone keep their names in full (memory and memory+disk share a prefix).
if (format ne "ascii") {
    # Upright labels end at their bar (right-justified), so a long one never reaches the next.
    if (xtics_angle == 90) { set xtics rotate by 90 right scale 0 } else { set xtics rotate by xtics_angle scale 0 }
    label(dummy) = runtitle(runkey(0))
} else {
    set xtics scale 0
    unset y2label
    if (short_names) {
        label(dummy) = runtitle(runkey(0))
    } else {
        label(dummy) = strcol("policy")[1:3]."/".strcol("in_use")[1:3].(keyed ? "@".sweep_text(strcol("sweep_value")) : "")
    }
}
set grid noxtics
set xlabel run_label
yfile = summary
# The right axis first: stats filters by the y range, which @fit_unit then sets.
if (two) {
    stats yfile using (ci_high(right, right_scale)) nooutput
    if (STATS_max > 0) { set y2range [0:STATS_max * 1.1] } else { set y2range [0:1] }
    set ytics nomirror
    set y2tics
}
yvalue(dummy) = ci_high(left, left_scale); unit = left_unit; @fit_unit
# Values printed above the bars, with room left above the tallest; turned upright when more
# than six runs leave too little room beside each other.
labels = ""
if (values && format ne "ascii") {
    stats yfile using (count(0)) nooutput
    value_style = STATS_records > 6 ? "rotate by 90 left offset 0,0.4 font ',8'" : "center offset 0,0.7 font ',9'"
    if (STATS_max > 0) { set yrange [0:STATS_max * (STATS_records > 6 ? 1.2 : 1.1)] }
    labels = ", summary using ($0 - (two ? 1.0 / 6 : 0)):(count(0)):(sprintf('%.0f', count(0))) with labels ".value_style." axes x1y1 notitle"
    if (two) {
        stats yfile using (bytes(0)) nooutput
        if (STATS_max > 0) { set y2range [0:STATS_max * (STATS_records > 6 ? 1.2 : 1.1)] }
        labels = labels.", summary using ($0 + 1.0 / 6):(bytes(0)):(sprintf('%.1f', bytes(0))) with labels ".value_style." axes x1y2 notitle"
    }
}
# Each bar's using columns: its value, and with error bars the interval's ends.
left_using = any_ci ? "(count(0)):(ci_low(left, left_scale)):(ci_high(left, left_scale))" : "(count(0))"
right_using = any_ci ? "(bytes(0)):(ci_low(right, right_scale)):(ci_high(right, right_scale))" : "(bytes(0))"
if (two) {
    plot summary using @left_using:xtic(label(0)) title left_title axes x1y1, \
         '' using @right_using title right_title axes x1y2 @labels
} else {
    plot summary using @left_using:xtic(label(0)) title left_title axes x1y1 @labels
}
