# What each run paid: controllers created, or views drawn afresh (left axis), and bytes (right
# axis), one pair of bars per run of summary.csv.
#
#   gnuplot -e "kind='navigation'; summary='results/four-tab-app/summary.csv'; scenario='four-tab-app'; \
#               format='png'; out='results/four-tab-app/creations.png'" scripts/instantiations.gp
#
# Variables: kind ('scrolling-table', 'navigation' or 'drawing'), summary (CSV path), scenario
# (name, for the title), and those of common.gp (format, out, keyed: label bars
# policy/in_use@sweep_value).
#   scrolling-table: instantiations (row controllers) and allocated_bytes (MiB, measured).
#   navigation: creations (onCreate calls) and view_cache_bytes_max (KiB, measured).
#   drawing: fresh_draws (draws not served by a cache tier) and allocated_bytes (MiB, measured);
#   bars are labelled by policy alone (drawing runs have no in-use mode).
_dir(s, i) = i < 1 ? "" : (s[i:i] eq "/" ? s[1:i] : _dir(s, i - 1))
load _dir(ARG0, strlen(ARG0))."common.gp"

if (kind eq "navigation") {
    count(dummy) = column("creations")
    bytes(dummy) = column("view_cache_bytes_max") / 1024.0
    set title "Controllers created and view-cache bytes per run: ".scenario
    set ylabel "creations (onCreate calls)"
    set y2label "view cache, largest sample (KiB)"
    count_title = "creations"
    bytes_title = "view cache max KiB (right axis)"
} else { if (kind eq "drawing") {
    count(dummy) = column("fresh_draws")
    bytes(dummy) = column("allocated_bytes") / 1048576.0
    set title "Fresh draws and bytes allocated per run: ".scenario
    set ylabel "fresh draws (views drawn, not served by the cache)"
    set y2label "allocated (MiB)"
    count_title = "fresh draws"
    bytes_title = "allocated MiB (right axis)"
} else {
    count(dummy) = column("instantiations")
    bytes(dummy) = column("allocated_bytes") / 1048576.0
    set title "Controllers instantiated and bytes allocated per run: ".scenario
    set ylabel "instantiations (row controllers)"
    set y2label "allocated (MiB)"
    count_title = "instantiations"
    bytes_title = "allocated MiB (right axis)"
} }

set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
# Characters are scarce on a dumb terminal: short run labels (lru/rep), no right-axis label.
# Drawing runs are named by policy alone, in full (memory and memory+disk share a prefix).
if (format ne "ascii") {
    set xtics rotate by -35 scale 0
    label(dummy) = runtitle(runkey(0))
} else {
    set xtics scale 0
    unset y2label
    if (kind eq "drawing") {
        label(dummy) = runtitle(runkey(0))
    } else {
        label(dummy) = strcol("policy")[1:3]."/".strcol("in_use")[1:3].(keyed ? "@".strcol("sweep_value") : "")
    }
}
set grid noxtics
set xlabel kind eq "drawing" ? (keyed ? "run (policy@sweep value)" : "run (policy)") : "run (policy/in_use)"
yfile = summary
# The right axis first: stats filters by the y range, which @fit_count_y then sets.
stats yfile using (bytes(0)) nooutput
if (STATS_max > 0) { set y2range [0:STATS_max * 1.1] } else { set y2range [0:1] }
yvalue(dummy) = count(0); @fit_count_y
set ytics nomirror
set y2tics
# Drawing: each bar's value is printed above it (a cached run's handful of fresh draws is a bar
# too low to read beside the uncached run's thousands), with room left above the tallest bars;
# turned upright when more than six runs leave too little room beside each other.
values = ""
if (kind eq "drawing" && format ne "ascii") {
    stats yfile using (count(0)) nooutput
    value_style = STATS_records > 6 ? "rotate by 90 left offset 0,0.4 font ',8'" : "center offset 0,0.7 font ',9'"
    if (STATS_max > 0) { set yrange [0:STATS_max * (STATS_records > 6 ? 1.2 : 1.1)] }
    stats yfile using (bytes(0)) nooutput
    if (STATS_max > 0) { set y2range [0:STATS_max * (STATS_records > 6 ? 1.2 : 1.1)] }
    values = ", summary using ($0 - 1.0 / 6):(count(0)):(sprintf('%.0f', count(0))) with labels ".value_style." axes x1y1 notitle"
    values = values.", summary using ($0 + 1.0 / 6):(bytes(0)):(sprintf('%.1f', bytes(0))) with labels ".value_style." axes x1y2 notitle"
}
plot summary using (count(0)):xtic(label(0)) title count_title axes x1y1, \
     '' using (bytes(0)) title bytes_title axes x1y2 @values
