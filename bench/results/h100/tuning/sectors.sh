#!/usr/bin/env bash
# Layouts of the aligned, tall and wide classes whose rows are on the vector kernel's vectors but not
# on 32-byte sectors (a leading dimension a multiple of 4 elements, not of 32 bytes): AUTO that sends
# them to rect (NEW) against AUTO that keeps the vector kernel (BASE: the same tree without that rule),
# alternating processes, two rounds; then the explicit vector and rect kernels on the same shapes once.
# Usage: bench/results/h100/tuning/sectors.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
declare -A shapes=(
  [f32]=16380x16388,16384x16388,16388x16384,8188x8196,1048576x68,68x1048576,16384x16384
  [f16]=16380x16388,16384x16388,16388x16384,16384x16392,16392x16384
  [u8]=16380x16388,16384x16388,16388x16384
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
for ty in f32 f16 u8; do
  echo "== explicit $ty [${SECONDS}s]" >>"$out/log.txt"
  CLT_CACHE_DIR=$out/cache-new "$new" --device NVIDIA --type $ty --shape "${shapes[$ty]}" --variant vector,rect \
    --reps 20 -q --json "$out/explicit-$ty.json" >>"$out/log.txt" 2>&1
done
