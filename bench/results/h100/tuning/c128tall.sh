#!/usr/bin/env bash
# c128 tall sources where AUTO takes the tiled kernel instead of rect (wide_16_byte_tiles_to_tiled and
# narrow_or_tiled in src/tuning.c, measured on an NVIDIA H200 before ACROSS): rect, now walking along
# its tile rows where the last tile column is partly empty, against tiled and narrow, two rounds.
# Usage: bench/results/h100/tuning/c128tall.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out/cache"
shapes=516223x65,516222x65,140000x239,258111x130,335545x100,134217x250,186001x180,699051x24,1048575x31,1048575x33,1048575x40,524287x56,167773x200,419431x80
for round in 1 2; do
  echo "== round $round" >>"$out/log.txt"
  CLT_CACHE_DIR=$out/cache "$bench" --device NVIDIA --type c128 --shape $shapes --variant auto,rect,tiled,narrow \
    --reps 20 -q --json "$out/c128-$round.json" >>"$out/log.txt" 2>&1
done
