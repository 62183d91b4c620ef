#!/usr/bin/env bash
# rect's edge path (tiles across the matrix's edge, or above its first row where the skew reaches) on
# the H100: the committed element-by-element loop against whole vectors (-DEDGE_VEC=1) and against
# 4 rows of loads in flight (-DEDGE_ROWS=4), through CLT_BUILD_OPTIONS, alternating, two rounds, AUTO
# (the heuristic and the built-in table) with the CLBlast column.
# Usage: bench/results/h100/tuning/edge.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out"
reps=20
declare -A shapes=(
  [f32]=100x999999,524288x129,1048575x64,64x1048575,16383x16385,8191x8193,1000x99999
  [f16]=100x999999,64x1048575,1048575x64,16383x16385
  [u8]=64x2097151,2097151x64,16383x16385
  [f64]=100x999999,262144x129,8191x8193
  [c128]=8191x8193,300x99999
)
configs=("base|" "vec|-DEDGE_VEC=1" "vec4|-DEDGE_VEC=1 -DEDGE_ROWS=4" "rows4|-DEDGE_ROWS=4")
for round in 1 2; do
  for c in "${configs[@]}"; do
    IFS='|' read -r name opts <<<"$c"
    mkdir -p "$out/cache-$name"
    for ty in f32 f16 u8 f64 c128; do
      echo "== $name ($opts) $ty round $round" >>"$out/log.txt"
      CLT_BUILD_OPTIONS="$opts" CLT_CACHE_DIR="$out/cache-$name" "$bench" --device NVIDIA --type $ty \
        --shape "${shapes[$ty]}" --variant auto --reps $reps -q --json "$out/$name-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
  done
done
