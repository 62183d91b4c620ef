#!/usr/bin/env bash
# rect with 32 x 32 tiles, element loads and 8 rows of work-items (4 tile rows a work-item) as the
# odd, tall and wide entries of f32 and f64 on the H100, against the heuristic, alternating, two
# rounds: on layouts misaligned on the source side only, the destination side only, and both.
# Usage: bench/results/h100/tuning/onesided.sh BENCH OUTDIR TUNING_FILE_NAME
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; name=${3:?NAME}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" 2>&1 | tee -a "$out/log.txt" | grep -E "auto\(|clblast\(" ; }
f32=16384x16383,8192x8191,4096x16383,16383x16384,8191x8192,64x1048575,128x524287,100x999999,1048576x255,524288x129
f64=8192x8191,4096x8191,8191x8192,64x1048575,128x524287,100x999999,524288x255,262144x129
for es in 4 8; do
  mkdir -p "$out/none" "$out/t32-$es"
  printf "$es odd rect 32 1 8 1 32 0 0\n$es tall rect 32 1 8 1 32 0 0\n$es wide rect 32 1 8 1 32 0 0\n" >"$out/t32-$es/$name"
done
for round in 1 2; do
  for es in 4 8; do
    ty=$([ $es = 4 ] && echo f32 || echo f64); shapes=$([ $es = 4 ] && echo $f32 || echo $f64)
    for f in none t32-$es; do
      echo "== $ty $f round $round" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/$f run "$bench" --device NVIDIA --type $ty --shape $shapes --variant auto --reps $reps -q --json "$out/$ty-$f-$round.json"
    done
  done
done
