#!/usr/bin/env bash
# The bench's L2 reset between methods (bench/l2reset.c) on the default OpenCL device: wherever a
# method ran with the library's evict_last loads (-DL2LAST=1 in its build options), every method began
# with the L2 priorities reset (the JSON's settings.l2_reset and the table's line say so); on devices of
# other vendors there is no reset at all; and the results stay exact either way. Usage:
# bench_l2reset.sh PATH/TO/cltranspose-bench. Exit 77 (skipped) without an OpenCL device.
set -euo pipefail
# shellcheck source=tests/bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

skip_without_device

# Two methods of the library that take the policy on NVIDIA GPUs (the copy and AUTO's rect or vector),
# one that does not (naive), on a shape whose rows are misaligned as well as one that is aligned.
"$bench" --variant auto,naive --type f32 --shape 320x256,257x131 --reps 2 --warmup 1 -q \
  --json "$work/run.json" >"$work/out" || fail "bench: $(cat "$work/out")"
grep -Eq '^([0-9]+) cases: \1 passed' "$work/out" || fail "not every result exact: $(cat "$work/out")"

reset=$(tr -d ' \n' <"$work/run.json" | grep -o '"l2_reset":[a-z]*' | cut -d: -f2)
[[ $reset == true || $reset == false ]] || fail "settings.l2_reset missing from the JSON"
vendor=$(tr -d '\n' <"$work/run.json" | grep -o '"vendor": *"[^"]*"' | head -n 1 | cut -d'"' -f4)
line=0
grep -q '^L2 priorities reset to normal before each method' "$work/out" && line=1

if [[ $reset == true ]]; then
  [[ $line == 1 ]] || fail "l2_reset true but the table does not say so"
  [[ $vendor == *NVIDIA* ]] || fail "an L2 reset on a device of another vendor ($vendor)"
else
  [[ $line == 0 ]] || fail "the table announces a reset the JSON does not have"
  if grep -q -- '-DL2LAST=1' "$work/run.json"; then
    fail "methods ran with the evict_last policy, yet no method began with the L2 priorities reset"
  fi
fi
echo "bench_l2reset: passed (l2_reset $reset; vendor $vendor)"
