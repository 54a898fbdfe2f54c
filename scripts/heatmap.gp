# A sweep's grid as a heat map: one row per run, one column per sweep value, each cell coloured by
# the decision metric (darker is better) and labelled with its value; the best run of each sweep
# value marked *, the runs tied with it = (grid.csv's best and tied rows). Drawn for every
# scenario directory holding a grid.csv (written by workbench run and workbench decide). On the
# dumb terminal (ascii), the labels alone: the grid as text.
#
#   gnuplot -e "grid='results/feed/grid.csv'; scenario='feed'; runs=10; values=7; \
#               sweep_key='cache.capacity'; metric='hit_rate'; better='higher'; unit='ratio'; \
#               format='png'; out='results/feed/heatmap.png'" scripts/heatmap.gp
#
# Variables: grid (CSV path: the metric, the sweep values and `knee` as header, one row per run,
# then `best` and `tied`), scenario (name, for the title), runs and values (how many run rows and
# sweep-value columns it has), sweep_key (the x label; with sweep_unit 'bytes' the values read
# 2 MiB), metric (the colour's column), better
# ('higher' or 'lower': which end of the scale is dark), unit (columns.csv's unit of the metric: a
# ratio's scale runs from 0 to 1), and those of common.gp (format, out, width, height, ...).
if (!exists("runs")) runs = 1
if (!exists("values")) values = 1
if (!exists("height")) height = 120 + 30 * runs
if (!exists("ascii_height")) ascii_height = 8 + 2 * runs
if (!exists("ascii_width")) ascii_width = 30 + 11 * values
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"
if (!exists("sweep_key")) sweep_key = "sweep_value"
if (!exists("metric")) metric = "value"
if (!exists("better")) better = "higher"
if (!exists("unit")) unit = "number"

# The best and tied runs of each sweep value, from the rows after the runs' (space-separated keys).
array best[values]
array tied[values]
do for [j = 1:values] {
    _cell = ""
    stats grid every ::runs::runs using (_cell = strcol(j + 1), 0) nooutput
    best[j] = _cell
    _cell = ""
    stats grid every ::(runs + 1)::(runs + 1) using (_cell = strcol(j + 1), 0) nooutput
    tied[j] = _cell
}
_has(list, run) = strstrt(" ".list." ", " ".run." ") > 0
mark(j) = _has(best[j], strcol(1)) ? "*" : (_has(tied[j], strcol(1)) ? "=" : "")
# A cell's text: a ratio or a small number with four significant digits, a large one as 435k.
number(x) = abs(x) >= 10000 ? gprintf("%.3s%c", x) : sprintf("%.4g", x)
label(j) = strcol(j + 1) eq "" ? "" : number(column(j + 1)).mark(j)
# Run i of the file is row runs - i from the bottom: the file's first run on top.
row(dummy) = runs - column(0)

set title "Grid of ".metric." by ".sweep_key.": ".scenario."\n* best at that ".sweep_key.", = tied with it; darker is better"
set xlabel sweep_key
set ylabel ""
set xrange [0.5:values + 0.5]
set yrange [0.5:runs + 0.5]
set grid noxtics noytics
set tics scale 0
set key off
if (better eq "lower") {
    set palette defined (0 "#1a7f37", 0.5 "#9fd8a8", 1 "#f7fcf5")
} else {
    set palette defined (0 "#f7fcf5", 0.5 "#9fd8a8", 1 "#1a7f37")
}
if (unit eq "ratio") { set cbrange [0:1] } else { set autoscale cb }
set cblabel metric
set lmargin 22
if (format eq "ascii") {
    unset colorbox
    plot for [j = 1:values] grid every ::0::(runs - 1) using (j):(row(0)):(label(j)):xtic(sweep_text(columnhead(j + 1))):ytic(runtitle(strcol(1))) \
        with labels
} else {
    plot for [j = 1:values] grid every ::0::(runs - 1) \
        using (j):(row(0)):(0.5):(0.5):(strcol(j + 1) eq "" ? NaN : column(j + 1)):xtic(sweep_text(columnhead(j + 1))):ytic(runtitle(strcol(1))) \
        with boxxyerror fillstyle solid 1.0 noborder fillcolor palette, \
        for [j = 1:values] grid every ::0::(runs - 1) using (j):(row(0)):(label(j)) with labels font "sans,9"
}
