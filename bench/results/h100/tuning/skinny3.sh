#!/usr/bin/env bash
# f32 rect with 32 x 32 tiles of 4-byte loads, 8 rows of work-items (the tuner's best on 64x1048575,
# 95.0% of the copy against CLBlast's 93.6-94.0%) on the H100: as the odd entry (which misaligned wide
# and tall layouts take where the class's entry is the vector kernel) and as the wide entry, against
# the heuristic, alternating, two rounds; then rect knobs near it on 64x1048575.
# Usage: bench/results/h100/tuning/skinny3.sh BENCH OUTDIR TUNING_FILE_NAME
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; name=${3:?NAME}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" 2>&1 | tee -a "$out/log.txt" | grep -E "auto\(|clblast\(" ; }
shapes=64x1048575,64x1048576,1048575x64,1048576x64,16383x16385,8191x8193,128x524287,256x262143,96x699051,64x999999,1048575x128
mkdir -p "$out/none" "$out/odd" "$out/wide"
printf "4 tall vector 64 4 16 0 0 0 0\n4 wide vector 64 4 16 0 0 0 0\n4 odd rect 32 1 8 1 32 0 0\n" >"$out/odd/$name"
printf "4 wide rect 32 1 8 1 32 0 0\n" >"$out/wide/$name"
for round in 1 2; do
  for f in none odd wide; do
    echo "== $f round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$out/$f run "$bench" --device NVIDIA --type f32 --shape $shapes --variant auto --reps $reps -q --json "$out/$f-$round.json"
  done
done
for k in "32 1 4 1 32" "32 1 16 1 32" "32 2 8 1 16" "32 4 8 1 8" "32 1 8 1 16" "32 2 8 1 8" "64 1 8 1 32" "64 2 8 1 32" "32 1 8 1 32"; do
  d="$out/k-${k// /-}"; mkdir -p "$d"
  echo "4 wide rect $k 0 0" >"$d/$name"
  echo "== wide rect $k" >>"$out/log.txt"
  CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type f32 --shape 64x1048575 --variant auto --reps $reps -q
done
