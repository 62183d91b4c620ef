#!/usr/bin/env bash
# The f32 layouts where CLBlast led AUTO on the H100 (onesided.sh): every named variant against it,
# and every tuner candidate on the source-only misaligned 4096x16383 and on 100x999999.
# Usage: bench/results/h100/tuning/clblast-leads.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out/none" "$out/t1" "$out/t2"
run() { echo "\$ $*" >>"$out/log.txt"; "$@" >>"$out/log.txt" 2>&1; }
CLT_CACHE_DIR=$out/none run "$bench" --device NVIDIA --type f32 --shape 100x999999,524288x129,8192x8191,4096x16383,16384x16383 --variant all --reps 20 -q --json "$out/all.json"
CLT_CACHE_DIR=$out/t1 run "$bench" --device NVIDIA --tune --type f32 --shape 4096x16383 --variant rect,tiled,vector,narrow --reps 10 -q
CLT_CACHE_DIR=$out/t2 run "$bench" --device NVIDIA --tune --type f32 --shape 100x999999 --variant rect,tiled,vector,narrow --reps 10 -q
