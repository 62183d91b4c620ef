#!/usr/bin/env bash
# The final code (NEW) against the commit before ACROSS and misaligned_wide_to_element_loads (BASE),
# AUTO with the CLBlast column, alternating processes, two rounds: tall sources (ACROSS only where the
# last tile column is partly empty, so whole tile columns must come out level) and wide f32 sources
# off the vectors whose rows leave the last 32-row tile 1/4 or 1/2 full.
# Usage: bench/results/h100/tuning/verify.sh NEW_BENCH BASE_BENCH OUTDIR
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; mkdir -p "$out"
reps=20
declare -A shapes=(
  [f32]=524288x129,300000x150,1048576x97,1048576x255,262144x200,400000x100,1048576x128,1048575x64,200x500001,72x1048575,104x999999,136x524287,232x270001,80x999999,112x699051,176x524287
  [f64]=262144x129,131072x200,524288x128
  [f16]=1048576x129,1048575x128,1048576x200,1048575x64
  [u8]=2097152x129,2097151x200,2097151x64
  [c128]=167773x200,419431x80,1048575x33
)
for round in 1 2; do
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    for ty in f32 f64 f16 u8 c128; do
      echo "== $b $ty round $round" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/cache-$b "$bench" --device NVIDIA --type $ty --shape "${shapes[$ty]}" --variant auto \
        --reps $reps -q --json "$out/$b-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
  done
done
