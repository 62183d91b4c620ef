#!/usr/bin/env bash
# The winners of classes.sh as built-in table entries (NEW: f16 aligned vector 128 x 8 x 16, f32 odd
# rect 64 x 64 x 1 x 4, f64 aligned rect units 64 x 16 x 2 x 16, f64 odd rect 32 x 32 x 1 x 8) against
# the commit before (BASE), AUTO with no tuning file and the CLBlast column, alternating processes,
# two rounds. Besides the suite's shapes: layouts the entries reach through AUTO's rules (one side
# misaligned, misaligned tall and wide f32 sources that take the odd entry, f16 sources in whole
# 4-element but not 8-element vectors).
# Usage: bench/results/h100/tuning/entries.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
declare -A shapes=(
  [f16]=16384x16384,8192x8192,12288x4096,16380x16388,16384x16388,8188x8196
  [f32]=16383x16385,8191x8193,8192x8191,16384x16383,4096x16383,4097x12289,10001x3001,1000x99999,64x1048575,128x524287,200x500001,1048575x64,524287x129
  [f64]=8192x8192,16384x4096,4096x4096,8191x8193,8192x8191,4097x6145,8191x8192,1000x99999
)
for round in 1 2; do
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    for ty in f16 f32 f64; do
      echo "== $b $ty round $round [${SECONDS}s]" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/cache-$b "$bench" --device NVIDIA --type $ty --shape "${shapes[$ty]}" --variant auto \
        --reps 20 -q --json "$out/$b-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
  done
done
