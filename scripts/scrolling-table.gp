# Plots of one scrolling-table scenario, drawn from its CSV files.
# Variables (gnuplot -e): timeseries, summary (CSV paths), scenario (name), runs ("policy/in_use ..."), out (directory).
set datafile separator ","
set datafile columnheaders
set terminal pngcairo size 1000,560 enhanced font "sans,10"
set key outside right top
set grid

# Hit rate over time, one line per run. Columns are found by their header names.
set output out."/hit_rate.png"
set title "Hit rate over time: ".scenario." (sampled per interval; x marks memory pressure)"
set xlabel "virtual time (s)"
set ylabel "hit rate (hits / requests)"
set yrange [0:1.05]
plot for [run in runs] timeseries using (strcol("policy")."/".strcol("in_use") eq run ? column("t_s") : NaN):(column("hit_rate")) \
         with linespoints pointsize 0.4 title run, \
     timeseries using (strcol("memory_pressure") ne "" ? column("t_s") : NaN):(1.02) with points pointtype 2 pointsize 1.2 linecolor rgb "red" title "memory pressure"

# Instantiations and allocated bytes per run.
set output out."/instantiations.png"
set title "Controllers instantiated and bytes allocated per run: ".scenario
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -35 scale 0
set yrange [0:*]
set ylabel "instantiations (rows)"
set y2label "allocated (MiB)"
set y2tics
set y2range [0:*]
set xlabel ""
plot summary using (column("instantiations")):xtic(strcol("policy")."/".strcol("in_use")) title "instantiations" axes x1y1, \
     '' using (column("allocated_bytes")/1048576) title "allocated MiB" axes x1y2
