#!/usr/bin/env bash
# AUTO on c128 tall sources before (BASE: the tiled kernel where rect's last tile column is partly
# empty above 64 columns, or where narrow would replace rect on a skewed destination of more than 20
# columns) and after rect stays there (NEW), alternating processes, two rounds, CLBlast in each.
# Usage: bench/results/h100/tuning/c128verify.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
shapes=516223x65,516222x65,140000x239,258111x130,335545x100,134217x250,186001x180,699051x24,1048575x31,1048575x33,1048575x40,524287x56,1048575x20,1048576x33,167773x200
for round in 1 2; do
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    echo "== $b round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$out/cache-$b "$bench" --device NVIDIA --type c128 --shape $shapes --variant auto --reps 20 -q \
      --json "$out/$b-c128-$round.json" >>"$out/log.txt" 2>&1
  done
done
