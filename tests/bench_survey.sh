#!/usr/bin/env bash
# bench/survey.py end to end on the default OpenCL device: the same seed lists the same shapes, bad
# options are refused, and a small survey runs every drawn shape exactly (each type's batch-1 shapes and
# each batched one in their own JSON files, two of one batch size among them) and summarises them, and
# --compare finds no move between a run and itself. Usage: bench_survey.sh PATH/TO/cltranspose-bench.
# Exit 77 (skipped) without python3 or an OpenCL device.
set -euo pipefail
# shellcheck source=tests/bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"
survey=$(dirname "${BASH_SOURCE[0]}")/../bench/survey.py
if ! command -v python3 >/dev/null; then
  echo "no python3: skipped"
  exit 77
fi

small=(--per-type 2 --batched 2 --types "f32,u8" --min-mib 1 --max-mib 1)
python3 "$survey" --list "${small[@]}" >"$work/list1"
python3 "$survey" --list "${small[@]}" >"$work/list2"
cmp -s "$work/list1" "$work/list2" || fail "--list drew different shapes from one seed"
python3 "$survey" --list "${small[@]}" --seed 2 >"$work/list3"
cmp -s "$work/list1" "$work/list3" && fail "--seed 2 drew the shapes of seed 1"
[[ $(grep -c '^f32 batch 1: [0-9]*x[0-9]*,[0-9]*x[0-9]*$' "$work/list1") == 1 &&
  $(grep -c '^u8 batch [0-9]*: [0-9]*x[0-9]*$' "$work/list1") == 2 ]] ||
  fail "--list: not 2 shapes of batch 1 and 2 batched per type: $(cat "$work/list1")"
for bad in "--types f7" "--max-mib 0" "--bogus 1" "--seed x"; do
  # shellcheck disable=SC2086 # the option and its value
  if python3 "$survey" --list $bad >"$work/out" 2>&1; then
    fail "survey.py --list $bad was accepted"
  fi
done

skip_without_device
device=$("$bench" --list-devices | awk '$1 == "*" { print $2; exit }')
python3 "$survey" "$bench" "$device" "$work/sv" "${small[@]}" --reps 2 >"$work/out" 2>"$work/err" ||
  fail "survey: $(cat "$work/out" "$work/err")"
n=$(find "$work/sv" -name '*.json' | wc -l)
[[ $n == 6 ]] || fail "survey: $n JSON files, expected 6 (2 types x batch 1 and 2 batched)"
grep -q '^checks failed or errors: 0$' "$work/sv/summary.txt" || fail "survey: $(cat "$work/sv/summary.txt")"
for t in f32 u8; do
  grep -Eq "^$t +4 " "$work/sv/summary.txt" || fail "survey: no 4 $t shapes in $(cat "$work/sv/summary.txt")"
done
# --compare: a run against itself moves nothing; against a directory without results it fails
python3 "$survey" --compare "$work/sv" "$work/sv" >"$work/cmp" || fail "--compare: $(cat "$work/cmp")"
grep -q '^kernel changed on 0:$' "$work/cmp" && grep -q ' 8 shapes in both (0 in one only)$' "$work/cmp" &&
  grep -q 'kernel the same on 8: median move 0.0 points, 0 beyond 1' "$work/cmp" ||
  fail "--compare of a run with itself: $(cat "$work/cmp")"
mkdir "$work/empty"
if python3 "$survey" --compare "$work/sv" "$work/empty" >"$work/cmp" 2>&1; then
  fail "--compare against a directory without results was accepted"
fi
if python3 "$survey" --summary "$work/empty" >"$work/cmp" 2>&1; then
  fail "--summary of a directory without results was accepted"
fi
echo "bench_survey: passed"
