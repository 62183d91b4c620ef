#!/usr/bin/env bash
# cltranspose-bench --pairs on the default OpenCL device: the runs rotate through at least the pairs
# asked for (the JSON's buffer_pairs), above the count the cache alone would ask for, every pair is
# checked, and a count outside 1..256 is refused before anything runs. Usage: bench_pairs.sh
# PATH/TO/cltranspose-bench. Exit 77 (skipped) without an OpenCL device.
set -euo pipefail
# shellcheck source=tests/bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

for bad in 0 257 x; do
  rc=0
  "$bench" --pairs "$bad" --shape 64x64 -q >"$work/out" 2>"$work/err" || rc=$?
  [[ $rc == 2 ]] || fail "--pairs $bad: exit status $rc, expected 2"
  grep -q -- '--pairs' "$work/err" || fail "--pairs $bad: no message naming the option: $(cat "$work/err")"
done

skip_without_device

# pairs SHAPE REPS N: the buffer_pairs of every record of a run of AUTO on f32 SHAPE with --pairs N
# (or none with N 0), REPS timed runs after one warm-up; fails the test if a result is wrong.
pairs() {
  local extra=()
  [[ $3 == 0 ]] || extra=(--pairs "$3")
  "$bench" --variant auto --type f32 --shape "$1" --reps "$2" --warmup 1 -q "${extra[@]}" \
    --json "$work/run.json" >"$work/out" || fail "$1 --pairs $3: $(cat "$work/out")"
  awk -F'[:,]' '/"buffer_pairs"/ { gsub(/ /, "", $2); print $2 }' "$work/run.json" | sort -u | tr '\n' ' '
}

# 2048x4096 f32, 64 MiB a pair: the cache asks for d pairs (at least 5, for 256 MiB and one more).
d=$(pairs 2048x4096 8 0)
d=${d% }
[[ $d =~ ^[0-9]+$ && $d -ge 5 ]] || fail "without --pairs: buffer_pairs '$d', expected one count of 5 or more"
reps=$((d + 2)) # d + 3 runs
got=$(pairs 2048x4096 $reps $((d + 2)))
[[ $got == "$((d + 2)) " ]] || fail "--pairs $((d + 2)) over $((d + 3)) runs: buffer_pairs $got"
got=$(pairs 2048x4096 $reps 256)
[[ $got == "$((d + 3)) " ]] || fail "--pairs 256 over $((d + 3)) runs: buffer_pairs $got, expected one a run"
echo "bench_pairs: passed ($d pairs for the cache, $((d + 2)) and $((d + 3)) asked for)"
