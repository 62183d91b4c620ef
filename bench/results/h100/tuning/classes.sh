#!/usr/bin/env bash
# The classes no H100 entry covers (odd for every element size, aligned f16 and f64): --tune each in
# its own cache directory on the suite's shape of that class, then AUTO with all the winners in one
# tuning file against none (the built-in table and the heuristic), alternating processes, two rounds.
# Usage: bench/results/h100/tuning/classes.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out/none" "$out/all"
run() { echo "\$ $* [${SECONDS}s]" >>"$out/log.txt"; "$@" >>"$out/log.txt" 2>&1; }
tunes=("f32 8191x8193 rect,tiled" "f64 8191x8193 rect,tiled" "f16 8191x8193 rect,tiled"
       "u8 16383x16385 rect,tiled" "c128 8191x8193 rect,tiled"
       "f16 16384x16384 rect,vector,tiled" "f64 8192x8192 rect,vector,tiled")
for t in "${tunes[@]}"; do
  set -- $t; d="$out/tune-$1-$2"; mkdir -p "$d"
  CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --tune --type $1 --shape $2 --variant $3 --reps 10 -q
done
f=$(ls "$out"/tune-*/tuning-*.txt | head -1); name=$(basename "$f")
{ head -4 "$f"; grep -hv '^#' "$out"/tune-*/"$name"; } >"$out/all/$name"
echo "== all: $(grep -v '^#' "$out/all/$name" | tr '\n' ';') [${SECONDS}s]" >>"$out/log.txt"
declare -A shapes=(
  [f32]=16383x16385,8191x8193,8192x8191,4097x12289,10001x3001
  [f64]=8191x8193,8192x8192,8192x8191,4097x6145
  [f16]=16383x16385,8191x8193,16384x16384,16384x16383,12289x4097
  [u8]=16383x16385,8191x8193,16384x16383
  [c128]=8191x8193,8192x8191,4097x3073
)
for round in 1 2; do
  for d in none all; do
    for ty in f32 f64 f16 u8 c128; do
      echo "== $d $ty round $round [${SECONDS}s]" >>"$out/log.txt"
      CLT_CACHE_DIR=$out/$d "$bench" --device NVIDIA --type $ty --shape "${shapes[$ty]}" --variant auto \
        --reps 20 -q --json "$out/$d-$ty-$round.json" >>"$out/log.txt" 2>&1
    done
  done
done
