#!/usr/bin/env bash
# The H100's tall and wide classes (f32, f16) and the narrow kernel's knobs on c128 1048576x16:
# --tune per class into its own cache directory, then AUTO with each tuning file on the suite's
# skinny and narrow shapes (with the CLBlast column where the build has it), and AUTO with no file.
# Usage: bench/results/h100/tuning/skinny.sh BENCH OUTDIR
set -uo pipefail
bench=${1:?BENCH}; out=${2:?OUTDIR}; mkdir -p "$out"
reps=20
run() { echo "\$ $*" >>"$out/log.txt"; "$@" 2>&1 | tee -a "$out/log.txt" | grep -E "best:|auto\(|clblast|narrow t" ; }

# AUTO with no tuning file first (the heuristic and the built-in table)
base="$out/none"; mkdir -p "$base"
for ty in f32 f16; do
  CLT_CACHE_DIR=$base run "$bench" --device NVIDIA --type $ty --shape 64x1048576,1048576x64,64x1048575,1048575x64 --variant auto,vector,rect,narrow --reps $reps -q
done
CLT_CACHE_DIR=$base run "$bench" --device NVIDIA --type c128 --shape 1048576x16,1048575x33 --variant auto,narrow --reps $reps -q

for ty in f32 f16; do
  for sh in 1048576x64 64x1048576; do
    d="$out/tune-$ty-$sh"; mkdir -p "$d"
    CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --tune --type $ty --shape $sh --variant rect,vector,tiled,narrow --reps 10 -q
    cat "$d"/tuning-*.txt >>"$out/log.txt"
  done
done

# Both classes' winners in one file per type, then AUTO on the skinny and narrow shapes
for ty in f32 f16; do
  d="$out/auto-$ty"; mkdir -p "$d"
  f=$(ls "$out/tune-$ty-1048576x64"/tuning-*.txt); name=$(basename "$f")
  { grep -hv '^#' "$out/tune-$ty-1048576x64/$name" "$out/tune-$ty-64x1048576/$name"; } >"$d/$name"
  echo "== $ty file:" >>"$out/log.txt"; cat "$d/$name" >>"$out/log.txt"
  narrow=$([ $ty = f32 ] && echo 2097152x24,4194304x16,1048576x33,24x2097152,16x4194304 || echo 4194304x16,2097152x32,16x4194304)
  CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type $ty --shape 64x1048576,1048576x64,64x1048575,1048575x64,$narrow --variant auto --reps $reps -q
done

# c128 1048576x16: narrow knobs as one-line tuning files (AUTO keeps a narrow entry)
f=$(ls "$out/tune-f32-1048576x64"/tuning-*.txt); name=$(basename "$f")
for t in 8 16 32 64; do
  for x in 32 64 128 256; do
    d="$out/c128-t$t-x$x"; mkdir -p "$d"
    echo "16 tall narrow $t 0 1 0 $x 0 0" >"$d/$name"
    echo "== c128 narrow t$t x$x" >>"$out/log.txt"
    CLT_CACHE_DIR=$d run "$bench" --device NVIDIA --type c128 --shape 1048576x16 --variant auto --reps $reps -q
  done
done
