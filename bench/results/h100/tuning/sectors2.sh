#!/usr/bin/env bash
# The final rule of sectors.sh (only 1- and 4-byte aligned-class matrices whose destination rows are
# off 32-byte sectors leave the vector kernel for rect: NEW) against the tree without it (BASE), on
# shapes it takes and shapes it must leave alone, alternating processes, two rounds.
# Usage: bench/results/h100/tuning/sectors2.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
declare -A shapes=(
  [f32]=16388x16384,16380x16388,8188x8196,16384x16388,68x1048576
  [f16]=16392x16384,16384x16392
  [u8]=16388x16384,16380x16388,8188x8196,16384x16388
)
for round in 1 2; do
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    for ty in f32 f16 u8; do
      echo "== $b $ty round $round [${SECONDS}s]" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/cache-$b "$bench" --device NVIDIA --type $ty --shape "${shapes[$ty]}" --variant auto \
        --reps 20 -q --json "$out/$b-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
  done
done
