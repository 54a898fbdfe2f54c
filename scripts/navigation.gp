# Plots of one navigation scenario, drawn from its CSV files.
# Variables (gnuplot -e): timeseries, summary (CSV paths), scenario (name), runs ("policy/in_use ..."), out (directory).
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 1000,760 enhanced font "sans,10"
set grid

# What the view cache and the history stack hold over time, one line per run.
set output out."/resident.png"
set multiplot layout 2,1 title "What stays in memory: ".scenario." (x marks memory pressure)"
set key outside right top
set xlabel "virtual time (s)"
set ylabel "controllers resident in the view cache"
set yrange [0:*]
plot for [run in runs] timeseries using (strcol("policy")."/".strcol("in_use") eq run ? column("t_s") : NaN):(column("resident_controllers")) \
         with steps title run, \
     timeseries using (strcol("memory_pressure") ne "" ? column("t_s") : NaN):(0) with points pointtype 2 pointsize 1.2 linecolor rgb "red" title "memory pressure"
set ylabel "bytes held (KiB)"
plot for [run in runs] timeseries using (strcol("policy")."/".strcol("in_use") eq run ? column("t_s") : NaN):(column("view_cache_bytes")/1024) \
         with steps title run." view cache", \
     for [run in runs] timeseries using (strcol("policy")."/".strcol("in_use") eq run ? column("t_s") : NaN):(column("history_bytes")/1024) \
         with steps dashtype 2 title run." history"
unset multiplot

# Creations (re-creations after evictions and flushes) per run.
set output out."/creations.png"
set terminal pngcairo size 1000,560 enhanced font "sans,10"
set title "Controllers created per run: ".scenario
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -35 scale 0
set yrange [0:*]
set ylabel "creations (onCreate calls)"
set xlabel ""
plot summary using (column("creations")):xtic(strcol("policy")."/".strcol("in_use")) title "creations", \
     '' using (column("failed_backs")) title "failed backs"
