#!/usr/bin/env bash
# rect's edge path as committed (EDGE_VEC 1 and EDGE_ROWS 4 where the destination is skewed or the
# vectors are 1 element) against the loop before it (-DEDGE_VEC=0 -DEDGE_ROWS=1 through
# CLT_BUILD_OPTIONS), alternating, two rounds, AUTO with the CLBlast column; and the H200's f16 odd
# entry (rect 128 x 128, 4-element shifted vectors) on the H100 through a tuning file.
# Usage: bench/results/h100/tuning/edge2.sh BENCH OUTDIR TUNING_FILE_NAME
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; name=${3:?NAME}; mkdir -p "$out"
reps=20
declare -A shapes=(
  [f32]=100x999999,524288x129,1048575x64,64x1048575,16383x16385,8191x8193,1000x99999,16384x16383,4096x16383,128x524287
  [f16]=100x999999,64x1048575,1048575x64,16383x16385,8191x8193
  [u8]=64x2097151,2097151x64,16383x16385,16384x16384
  [f64]=100x999999,262144x129,8191x8193,8192x8191
  [c128]=8191x8193,300x99999,1048575x33
)
configs=("base|-DEDGE_VEC=0 -DEDGE_ROWS=1" "new|")
mkdir -p "$out/h200f16"; echo "2 odd rect 128 4 8 1 32 0 0" >"$out/h200f16/$name"
for round in 1 2; do
  for c in "${configs[@]}"; do
    IFS='|' read -r cname opts <<<"$c"
    mkdir -p "$out/cache-$cname"
    for ty in f32 f16 u8 f64 c128; do
      echo "== $cname ($opts) $ty round $round" >>"$out/log.txt"
      CLT_BUILD_OPTIONS="$opts" CLT_CACHE_DIR="$out/cache-$cname" "$bench" --device NVIDIA --type $ty \
        --shape "${shapes[$ty]}" --variant auto --reps $reps -q --json "$out/$cname-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
    echo "== $cname ($opts) f16 H200 odd entry round $round" >>"$out/log.txt"
    CLT_BUILD_OPTIONS="$opts" CLT_CACHE_DIR="$out/h200f16" "$bench" --device NVIDIA --type f16 \
      --shape 16383x16385,8191x8193 --variant auto --reps $reps -q --json "$out/$cname-h200f16-$round.json" >>"$out/log.txt" 2>&1
  done
done
