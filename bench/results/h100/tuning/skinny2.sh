#!/usr/bin/env bash
# The two H100 shapes where CLBlast led AUTO (f32 64x1048575, c128 1048576x16): every tuner candidate
# on each shape, rect knobs the tuner's grid leaves out as one-line tuning files, and AUTO with CLBlast.
# Usage: bench/results/h100/tuning/skinny2.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" 2>&1 | tee -a "$out/log.txt" | grep -E "best:|auto\(|clblast\(" ; }

d="$out/none"; mkdir -p "$d"
CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type f32 --shape 64x1048575,1048575x64 --variant auto --reps $reps -q --json "$out/auto-f32.json"
CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type c128 --shape 1048576x16 --variant auto --reps $reps -q --json "$out/auto-c128.json"

d="$out/tune-f32"; mkdir -p "$d"
CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --tune --type f32 --shape 64x1048575 --variant rect,tiled,narrow,vector --reps 10 -q
d="$out/tune-c128"; mkdir -p "$d"
CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --tune --type c128 --shape 1048576x16 --variant rect,tiled,narrow,vector --reps 10 -q
name=$(basename "$(ls "$out"/tune-f32/tuning-*.txt)")

# rect on f32 64x1048575 as a wide entry: tile columns 32 or 64 (at most the 64 tile rows), 4- to
# 16-byte loads, 4 to 16 rows of work-items
for tc in 32 64; do
  for vw in 1 2 4; do
    for y in 4 8 16; do
      x=$((tc / vw)); [ $((x * y)) -le 1024 ] || continue
      d="$out/f32-r$tc-v$vw-y$y"; mkdir -p "$d"
      echo "4 wide rect 64 $vw $y 1 $x 0 0" >"$d/$name"
      echo "== f32 wide rect tc$tc v$vw y$y" >>"$out/log.txt"
      CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type f32 --shape 64x1048575 --variant auto --reps $reps -q
    done
  done
done

# c128 1048576x16: the default narrow (t16 x64) against t16 x256, alternating, three rounds
for round in 1 2 3; do
  for x in 64 256; do
    d="$out/c128-t16-x$x"; mkdir -p "$d"
    echo "16 tall narrow 16 0 1 0 $x 0 0" >"$d/$name"
    echo "== c128 narrow t16 x$x round $round" >>"$out/log.txt"
    CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type c128 --shape 1048576x16 --variant auto --reps $reps -q
  done
done

# The H200's f32 tall and wide entry (vector 64 x 4 x 16) for f32 and f16 on the H100: AUTO on the
# suite's skinny and narrow shapes (misaligned ones should keep rect, narrow ones narrow)
for es in 4 2; do
  ty=$([ $es = 4 ] && echo f32 || echo f16)
  d="$out/vec-$ty"; mkdir -p "$d"
  printf "$es tall vector 64 4 16 0 0 0 0\n$es wide vector 64 4 16 0 0 0 0\n" >"$d/$name"
  narrow=$([ $ty = f32 ] && echo 2097152x24,4194304x16,1048576x33,24x2097152,16x4194304 || echo 4194304x16,2097152x32,16x4194304)
  CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type $ty --shape 64x1048576,1048576x64,64x1048575,1048575x64,$narrow --variant auto --reps $reps -q --json "$out/vec-$ty.json"
  CLT_CACHE_DIR=$out/none run "$bench" --device NVIDIA --type $ty --shape 64x1048576,1048576x64,64x1048575,1048575x64,$narrow --variant auto --reps $reps -q --json "$out/none-$ty.json"
done
