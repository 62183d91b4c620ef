#!/usr/bin/env bash
# f32 wide sources (at most 256 rows) whose rows are off rect's 2-element vectors, destinations on
# 32-byte sectors: AUTO before misaligned_wide_to_element_loads (src/tuning.c; BASE, a build of the
# commit before it) against AUTO with it (NEW), alternating, two rounds, CLBlast in each process; then
# every variant on tall sources of 4- and 8-byte elements with misaligned rows and on wide c128.
# Usage: bench/results/h100/tuning/wide.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" >>"$out/log.txt" 2>&1; }
wide=64x1048575,128x524287,256x262143,96x699051,64x999999,200x500001,160x655359,248x270001,64x1048576,100x999999,250x262143
for round in 1 2; do
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    echo "== $b round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$out/cache-$b run "$bench" --device NVIDIA --type f32 --shape $wide --variant auto \
      --reps $reps -q --json "$out/wide-$b-$round.json"
    echo "== $b src-pad 1 round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$out/cache-$b run "$bench" --device NVIDIA --type f32 --shape 64x1048576,128x524288 \
      --src-pad 1 --variant auto --reps $reps -q --json "$out/pad-$b-$round.json"
  done
done
echo "== tall, every variant" >>"$out/log.txt"
CLT_CACHE_DIR=$out/cache-new run "$new" --device NVIDIA --type f32 \
  --shape 524288x129,1048576x255,262144x200,400000x100,300000x150,1048576x97,524288x130 --variant all \
  --reps $reps -q --json "$out/tall-f32.json"
CLT_CACHE_DIR=$out/cache-new run "$new" --device NVIDIA --type f64 --shape 262144x129,131072x200,262144x100 \
  --variant all --reps $reps -q --json "$out/tall-f64.json"
CLT_CACHE_DIR=$out/cache-new run "$new" --device NVIDIA --type c128 --shape 300x99999,256x100001,1000x29999 \
  --variant all --reps $reps -q --json "$out/wide-c128.json"
