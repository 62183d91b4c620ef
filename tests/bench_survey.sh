#!/usr/bin/env bash
# bench/survey.py end to end on the default OpenCL device: the same seed lists the same shapes, bad
# options are refused, --summary sorts shapes of several rounds by every pair of AUTO's and CLBlast's
# figures (made-up results) and names the files a stopped process left without a whole report, and a small
# survey runs every drawn shape exactly (each type's batch-1 shapes and each batched one in their own JSON
# files, two of one batch size among them, and with --rounds 2 each twice) and summarises them, --resume
# runs only the processes a stopped run left without a whole passing report, and --compare finds no move
# between a run and itself or its second rounds.
# Usage: bench_survey.sh PATH/TO/cltranspose-bench.
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
for bad in "--types f7" "--max-mib 0" "--bogus 1" "--seed x" "--rounds 0" "--resume"; do
  # shellcheck disable=SC2086 # the option and its value
  if python3 "$survey" --list $bad >"$work/out" 2>&1; then
    fail "survey.py --list $bad was accepted"
  fi
done

# Two rounds of made-up figures: AUTO ahead of CLBlast on every pair on 100x200, CLBlast on 300x400, either
# way on 500x600, whose medians put AUTO ahead; a shape's figure is the median of its rounds.
mkdir "$work/rounds"
for r in 1 2; do
  {
    printf '{"results": ['
    sep=""
    for spec in "100 200 9$r 8$r" "300 400 7$r 8$((r * 2))" "500 600 $((r == 1 ? 86 : 76)) 80"; do
      read -r rows cols auto clb <<<"$spec"
      for m in "cltranspose auto $auto" "clblast omatcopy $clb"; do
        read -r impl variant p <<<"$m"
        printf '%s{"type": "f32", "batch": 1, "rows": %d, "cols": %d, "impl": "%s", "variant": "%s", ' \
          "$sep" "$rows" "$cols" "$impl" "$variant"
        printf '"check": "PASS", "percent_of_copy": %s, "resolved_variant": "rect", "build_options": ""}' "$p"
        sep=", "
      done
    done
    printf ']}\n'
  } >"$work/rounds/f32-0-b1-00-r$r.json"
done
python3 "$survey" --summary "$work/rounds" >"$work/out" || fail "--summary of two rounds: $(cat "$work/out")"
grep -q '^over the rounds: AUTO ahead on every pair of figures on 1, CLBlast on 1, either way on 1$' \
  "$work/out" &&
  grep -q 'CLBlast ahead: f32   300x400  AUTO 71.0-72.0  CLBlast 82.0-84.0$' "$work/out" &&
  grep -q 'either way: f32   500x600  AUTO 76.0-86.0  CLBlast 80.0-80.0$' "$work/out" &&
  grep -Eq '^f32 +3 +71.5 ' "$work/out" || fail "--summary of two rounds: $(cat "$work/out")"
# A bench process stopped before writing its report (a timeout leaves an empty file, a crash part of one):
# --summary still summarises the rest, names the file, counts it as an error and exits 1.
cp -r "$work/rounds" "$work/cut"
: >"$work/cut/f64-0-b1-00.json"
printf '{"results": [' >"$work/cut/u8-0-b1-00.json"
if python3 "$survey" --summary "$work/cut" >"$work/out" 2>&1; then
  fail "--summary with files holding no whole report exited 0: $(cat "$work/out")"
fi
grep -q '^checks failed or errors: 2$' "$work/out" &&
  grep -q '^files with no whole report (counted above; their shapes are missing): f64-0-b1-00.json u8-0-b1-00.json$' \
    "$work/out" && grep -Eq '^f32 +3 +71.5 ' "$work/out" ||
  fail "--summary with files holding no whole report: $(cat "$work/out")"

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
# --resume: a run stopped part way (one report missing, one left empty) goes on where it stopped, keeping
# the other reports as they are but one whose checks did not pass; reports of another seed are all run again
cp -r "$work/sv" "$work/sv3"
rm "$work/sv3/f32-0-b1-00.json"
: >"$work/sv3/u8-0-b1-00.json"
sed -i 's/"PASS"/"FAIL"/g' "$work/sv3"/u8-1-*.json
kept=$(cd "$work/sv3" && md5sum f32-[12]-*.json u8-2-*.json)
python3 "$survey" "$bench" "$device" "$work/sv3" "${small[@]}" --reps 2 --resume >"$work/out" 2>"$work/err" ||
  fail "survey --resume: $(cat "$work/out" "$work/err")"
[[ $(grep -c '^== .* (kept)$' "$work/err") == 3 && $(grep -c '^== ' "$work/err") == 6 ]] &&
  grep -q '^== f32 batch 1: .*[0-9]$' "$work/err" && grep -q '^== u8 batch 1: .*[0-9]$' "$work/err" ||
  fail "survey --resume: not the three processes run and the three others kept: $(cat "$work/err")"
[[ $(cd "$work/sv3" && md5sum f32-[12]-*.json u8-2-*.json) == "$kept" ]] || fail "survey --resume rewrote a kept report"
grep -q '^checks failed or errors: 0$' "$work/sv3/summary.txt" && grep -Eq "^f32 +4 " "$work/sv3/summary.txt" &&
  grep -Eq "^u8 +4 " "$work/sv3/summary.txt" || fail "survey --resume: $(cat "$work/sv3/summary.txt")"
python3 "$survey" "$bench" "$device" "$work/sv3" "${small[@]}" --reps 2 --resume --seed 2 >"$work/out" \
  2>"$work/err" || fail "survey --resume --seed 2: $(cat "$work/out" "$work/err")"
grep -q '(kept)$' "$work/err" && fail "survey --resume kept reports of another seed: $(cat "$work/err")"
# --rounds 2: every bench process twice, a shape counted once
python3 "$survey" "$bench" "$device" "$work/sv2" "${small[@]}" --reps 2 --rounds 2 \
  >"$work/out" 2>"$work/err" ||
  fail "survey --rounds 2: $(cat "$work/out" "$work/err")"
n=$(find "$work/sv2" -name '*-r[12].json' | wc -l)
[[ $n == 12 ]] || fail "survey --rounds 2: $n JSON files of rounds 1 and 2, expected 12"
grep -Eq "^f32 +4 " "$work/sv2/summary.txt" &&
  grep -q '^checks failed or errors: 0$' "$work/sv2/summary.txt" ||
  fail "survey --rounds 2: $(cat "$work/sv2/summary.txt")"
python3 "$survey" --compare "$work/sv" "$work/sv2" >"$work/cmp" || fail "--compare: $(cat "$work/cmp")"
grep -q ' 8 shapes in both (0 in one only)$' "$work/cmp" && grep -q '^kernel changed on 0:$' "$work/cmp" ||
  fail "--compare of one round with two: $(cat "$work/cmp")"
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
