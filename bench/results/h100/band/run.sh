#!/usr/bin/env bash
# One device call (from the repository root): bx on the odd shapes with band.cl configurations, the
# library's AUTO on the same shapes before and after in cltranspose-bench. Output under ${OUT:-/tmp/out}.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
B=bench/results/h100/band
gcc -O2 $B/bx.c -o /tmp/bx -lOpenCL 2>/dev/null || { echo "bx build failed"; exit 1; }
(cmake -S . -B /tmp/bb -DCMAKE_BUILD_TYPE=Release -DCLT_BUILD_TESTS=OFF -DCLT_BUILD_BENCH=ON >/dev/null &&
  cmake --build /tmp/bb -j16 >/dev/null) || { echo "library build failed"; exit 1; }
bench() {
  for ts in "f32 16383x16385,8191x8193" "f64 8191x8193" "f16 16383x16385"; do
    set -- $ts
    CLT_CACHE_DIR=/tmp/cc /tmp/bb/bench/cltranspose-bench --device NVIDIA --variant auto --type $1 --shape $2 --reps 20 -q
  done
}
echo "== bench before" | tee -a "$out/log"
bench 2>&1 | tee -a "$out/log" | grep -E "auto|copy"
G=$B/gen.sh
run() { # rows cols es configs...
  local r=$1 c=$2 e=$3; shift 3
  $G $r $c $e "$@" | REPS=${REPS:-20} /tmp/bx ${BXDEV:-NVIDIA} $r $c $e 2>&1 | tee -a "$out/log" |
    sed -E 's/.*-DCHB=([0-9]+) -DBR=([0-9]+) -DSK=([0-9]+) -DNSTEP=([0-9]+) -DWG=([0-9]+) -DDV=([0-9]+) -DTVD=[a-z0-9]+ -DPAD=([0-9]+)/chb \1 br \2 sk \3 ns \4 wg \5 dv \6 pad \7/'
}
echo "== bx" | tee -a "$out/log"
. $B/${PLAN:-plan1.sh}
echo "== bench after" | tee -a "$out/log"
bench 2>&1 | tee -a "$out/log" | grep -E "auto|copy"
