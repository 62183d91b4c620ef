#!/usr/bin/env bash
# The measurement suite behind bench/results/: builds a Release cltranspose-bench (with the CLBlast
# column when CLBlast is installed) and runs the reference cases on one device, one JSON file per case.
# Usage: bench/suite.sh OUTDIR DEVICE SET [extra bench args]   SET: gpu | cpu | cpu-large
# Example: bench/suite.sh bench/results/h200 NVIDIA gpu --reps 50
# CLT_SUITE_ONLY="name ..." runs only the named cases of the set (to re-measure what a change touched).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?OUTDIR}; device=${2:?DEVICE}; set_name=${3:?SET}; shift 3
build=${CLT_SUITE_BUILD:-$here/build-suite}
mkdir -p "$out"

# name | type | shapes | batch
case $set_name in
gpu)
  cases=(
    "f32-square|f32|16384x16384|1"
    "f32-odd|f32|16383x16385,8191x8193|1"
    "f32-skinny|f32|64x1048576,1048576x64|1"
    "f64|f64|8192x8192,8191x8193|1"
    "f16|f16|16384x16384,16383x16385|1"
    "f16-skinny|f16|64x1048576,64x1048575,1048575x64|1"
    "u8|u8|16384x16384|1"
    "u8-skinny|u8|64x2097152,64x2097151,2097151x64|1"
    "c128|c128|8192x8192,8191x8193|1"
    "f32-batch|f32|1024x1024|64"
    "narrow-f32|f32|2097152x24,4194304x12,4194304x16,8388608x8,1048576x33,24x2097152,16x4194304|1"
    "narrow-f64|f64|2097152x16,2097152x12,2097152x32|1"
    "narrow-f16|f16|4194304x16,2097152x32,16x4194304|1"
    "narrow-u8|u8|8388608x16,2097152x64,16x8388608|1"
    "narrow-c128|c128|1048576x16,1048575x33|1"
  ) ;;
cpu)
  cases=("f32-cpu|f32|4096x4096,4097x4095|1") ;;
cpu-large)
  cases=("f32-cpu-large|f32|8192x8192|1") ;;
*)
  echo "unknown set '$set_name' (gpu, cpu, cpu-large)" >&2
  exit 2 ;;
esac

only=${CLT_SUITE_ONLY:-}
for c in "${cases[@]}"; do
  IFS='|' read -r name _ <<<"$c"
  only=$(echo " $only " | sed "s/ $name / /")
done
if [ -n "${only// /}" ]; then
  echo "CLT_SUITE_ONLY names cases the '$set_name' set does not have:$only" >&2
  exit 2
fi

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCLT_BUILD_TESTS=OFF -DCLT_BUILD_BENCH=ON \
  ${CLT_SUITE_CMAKE_ARGS:-} >"$out/configure.log"
cmake --build "$build" -j "$(nproc)" >"$out/build.log"
bench=$build/bench/cltranspose-bench

"$bench" --list-devices >"$out/devices.txt"
status=0
for c in "${cases[@]}"; do
  IFS='|' read -r name type shapes batch <<<"$c"
  if [ -n "${CLT_SUITE_ONLY:-}" ] && [[ " $CLT_SUITE_ONLY " != *" $name "* ]]; then
    continue
  fi
  echo "== $name: $type $shapes batch $batch" >&2
  "$bench" --device "$device" --type "$type" --shape "$shapes" --batch "$batch" --variant all \
    --json "$out/$name.json" "$@" | tee "$out/$name.txt" || status=1
done
exit $status
