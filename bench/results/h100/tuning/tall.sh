#!/usr/bin/env bash
# Tall sources (at most 256 columns, more rows): rect and vector with work-groups walking down the
# tile columns (BASE, a build of the commit before ACROSS) against walking along the tile rows (NEW,
# cl/common.cl's ACROSS), alternating, two rounds (the second AUTO only), with tiled and CLBlast in the
# same processes; then wide f32 sources off the vectors with 64 tile rows of element loads (a tuning
# file) against misaligned_wide_to_element_loads' 32.
# Usage: bench/results/h100/tuning/tall.sh NEW_BENCH BASE_BENCH OUTDIR TUNING_FILE_NAME
set -uo pipefail
new=${1:?NEW_BENCH}; base=${2:?BASE_BENCH}; out=${3:?OUTDIR}; name=${4:?NAME}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" >>"$out/log.txt" 2>&1; }
declare -A shapes=(
  [f32]=524288x129,300000x150,1048576x97,1048576x255,262144x200,400000x100,1048576x128,1048575x64
  [f64]=262144x129,131072x200,524288x128
  [f16]=1048576x129,1048575x128,1048576x200
  [u8]=2097152x129,2097151x200
  [c128]=167773x200,419431x80
)
for round in 1 2; do
  variants=$([ $round = 1 ] && echo auto,rect,tiled || echo auto)
  for b in base new; do
    bench=$([ $b = new ] && echo "$new" || echo "$base"); mkdir -p "$out/cache-$b"
    for ty in f32 f64 f16 u8 c128; do
      echo "== $b $ty round $round" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/cache-$b run "$bench" --device NVIDIA --type $ty --shape "${shapes[$ty]}" \
        --variant $variants --reps $reps -q --json "$out/tall-$b-$ty-$round.json"
    done
  done
done
mkdir -p "$out/t64"; cp -r "$out/cache-new/." "$out/t64/" 2>/dev/null; echo "4 wide rect 64 1 8 1 32 32 0" >"$out/t64/$name"
for b in new t64; do
  echo "== wide $b" >>"$out/log.txt"
  CLT_CACHE_DIR=$out/$([ $b = new ] && echo cache-new || echo t64) run "$new" --device NVIDIA --type f32 \
    --shape 64x1048575,128x524287,200x500001,248x270001,96x699051 --variant auto --reps $reps -q \
    --json "$out/wide-$b.json"
done
