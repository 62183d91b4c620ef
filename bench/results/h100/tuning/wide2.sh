#!/usr/bin/env bash
# f32 wide sources off the vectors whose rows are not a whole number of 32 (where CLBlast led AUTO in
# verify.sh): --tune on two of them, then AUTO with each winner as the wide entry of a tuning file
# against no file, on all of them, alternating, two rounds, CLBlast in each process.
# Usage: bench/results/h100/tuning/wide2.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out/none" "$out/t1" "$out/t2"
run() { echo "\$ $*" >>"$out/log.txt"; "$@" >>"$out/log.txt" 2>&1; }
CLT_CACHE_DIR=$out/t1 run "$bench" --device NVIDIA --tune --type f32 --shape 200x500001 --variant rect,tiled,vector,narrow --reps 10 -q
CLT_CACHE_DIR=$out/t2 run "$bench" --device NVIDIA --tune --type f32 --shape 112x699051 --variant rect,tiled,vector,narrow --reps 10 -q
for d in t1 t2; do echo "== $d: $(cat "$out"/$d/tuning-*.txt | grep -v '^#')" >>"$out/log.txt"; done
shapes=72x1048575,80x999999,104x999999,112x699051,136x524287,176x524287,200x500001,232x270001,248x270001
for round in 1 2; do
  for d in none t1 t2; do
    echo "== $d round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$out/$d run "$bench" --device NVIDIA --type f32 --shape $shapes --variant auto --reps 20 -q \
      --json "$out/$d-f32-$round.json"
  done
done
