#!/usr/bin/env bash
# cltranspose-bench --tune end to end on the default OpenCL device: each winner reaches the device's
# tuning file as the knobs its plan ran with, a candidate that runs as an earlier one's kernel is not
# timed again, the next process's AUTO plan builds exactly the winner's kernel (the same build options
# as the winner's record), and a search of every family leaves out the grids of the families whose own
# knobs ran under half of the best family's. Usage: bench_tune.sh PATH/TO/cltranspose-bench. Exit 77
# (skipped) without an OpenCL device.
set -euo pipefail
# shellcheck source=tests/bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"
export CLT_CACHE_DIR=$work # a tuning file of its own, never the user's
skip_without_device

# The label|build options of each record of a --json document (one field per line, "variant" first).
# Readers take all of it (no early exit, no grep -q on a pipe): under pipefail a writer cut off by
# SIGPIPE fails the script once a long --tune fills the pipe.
records() {
  awk -F'"' '$2 == "variant" { label = $4 } $2 == "build_options" { print label "|" $4 }' "$1"
}

# tune VARIANT SHAPE: runs --tune on f32 SHAPE (an odd-class shape: both sides past 256, not multiples
# of 4); sets saved (the knobs label written to the file) and winner_opts (the winner's build options).
tune() {
  local variant=$1 shape=$2 out best ran
  out=$("$bench" --tune --variant "$variant" --type f32 --shape "$shape" --reps 2 --warmup 1 -q \
    --json "$work/$variant.json") || fail "--tune --variant $variant exited $?"
  printf '%s\n' "$out"
  best=$(printf '%s\n' "$out" | sed -n 's/^tune f32  *odd  *best: \(.*[0-9)]\)  *[0-9.]*% of copy.*$/\1/p')
  [[ -n $best ]] || fail "no 'tune f32 odd best:' line"
  ran=$(printf '%s\n' "$best" | sed -n 's/.*(ran as \(.*\))$/\1/p')
  best=${best%% (ran as*}
  best=${best%"${best##*[![:space:]]}"}
  saved=${ran:-$best}
  # Every candidate left untimed names a kernel that was timed in this run.
  while IFS= read -r line; do
    local original=${line#*: the kernel of }
    original=${original%, timed above}
    grep -q "^$shape  *f32  *$original(" <<<"$out" || fail "'$line': $original was not timed"
  done < <(printf '%s\n' "$out" | grep ': the kernel of ' || true)
  winner_opts=$(records "$work/$variant.json" | awk -F'|' -v l="$best" '$1 == l && !n++ { print $2 }')
  [[ -n $winner_opts ]] || fail "no record of the winner '$best' in the --json document"
}

# auto_options SHAPE: the build options of AUTO's plan in a new process.
auto_options() {
  "$bench" --variant auto --type f32 --shape "$1" --reps 1 --warmup 0 -q --json "$work/auto.json" >/dev/null ||
    fail "the AUTO run exited $?"
  records "$work/auto.json" | awk -F'|' '$1 == "auto" && !n++ { print $2 }'
}

# file_line: the tuning file's f32 odd entry.
file_line() {
  grep -h '^4 odd ' "$work"/tuning-*.txt || fail "no '4 odd' line in the tuning file"
}

# 1. The tiled kernel's knobs (tile, height, pad), saved in the file's columns and run by AUTO.
tune tiled 300x257
[[ $saved =~ ^tiled\ t([0-9]+)\ y([0-9]+)\ p([0-9]+)$ ]] || fail "unexpected tiled label '$saved'"
want="4 odd tiled ${BASH_REMATCH[1]} 0 ${BASH_REMATCH[2]} ${BASH_REMATCH[3]} 0 0 0 0"
line=$(file_line)
[[ $line == "$want" ]] || fail "tuning file has '$line', expected '$want'"
built=$(auto_options 300x257)
[[ $built == "$winner_opts" ]] || fail "AUTO built '$built', not the winner's '$winner_opts'"
echo "ok: tiled winner '$saved' saved as '$want', AUTO builds its kernel"

# 2. The block kernel, whose work-group shapes and tile columns a CPU driver's plan may change (its CPU
# tiles): the file gets the knobs that ran, and AUTO builds the winner's kernel from them.
tune block 300x257
[[ $saved =~ ^block\ (t([0-9]+)\ )?(c([0-9]+)\ )?v([0-9]+)\ x([0-9]+)\ y([0-9]+)$ ]] ||
  fail "unexpected block label '$saved'"
want="4 odd block ${BASH_REMATCH[2]:-0} ${BASH_REMATCH[5]} ${BASH_REMATCH[7]} 0 ${BASH_REMATCH[6]} 0 0 ${BASH_REMATCH[4]:-0}"
line=$(file_line)
[[ $line == "$want" ]] || fail "tuning file has '$line', expected '$want'"
built=$(auto_options 300x257)
[[ $built == "$winner_opts" ]] || fail "AUTO built '$built', not the winner's '$winner_opts'"
echo "ok: block winner '$saved' saved as '$want', AUTO builds its kernel"

# check_screen OUT JSON: a search of every family leaves out exactly the families whose own knobs ran
# under half of the best family's figure ('own knobs on' and 'not searched' lines of OUT), and times
# candidates of every other family but none of theirs (the knobs-labelled records of JSON). Within 0.1
# of the half either way is accepted: the figures are printed to 0.1.
check_screen() {
  local out=$1 json=$2 own left labels item fam pct best verdict
  own=$(printf '%s\n' "$out" | sed -n 's/^tune f32  *odd  *own knobs on 300x257: //p')
  [[ -n $own ]] || fail "no 'own knobs on 300x257' line in the full search"
  left=" $(printf '%s\n' "$out" | sed -n 's/^tune f32  *odd  *not searched, under half of [a-z]*.s [0-9.]*%: *//p') "
  labels=$(records "$json" | cut -d'|' -f1)
  best=$(printf '%s\n' "$own" | tr ',' '\n' | awk '$2 != "failed" { p = $2 + 0; if (p > b) b = p } END { print b + 0 }')
  IFS=',' read -r -a items <<<"$own"
  for item in "${items[@]}"; do
    read -r fam pct <<<"$item"
    verdict=$(awk -v p="${pct%\%}" -v b="$best" 'BEGIN {
      if (p == "failed") print "searched"; else if (p + 0.1 < b / 2) print "left"; else if (p > b / 2 + 0.1) print "searched"; else print "either" }')
    if [[ $left == *" $fam "* ]]; then
      [[ $verdict != searched ]] || fail "$fam ($pct) left out, against the best $best%"
      ! grep -q "^$fam " <<<"$labels" || fail "$fam was left out, yet candidates of it were timed"
    else
      [[ $verdict != left ]] || fail "$fam ($pct) searched, under half of the best $best%"
      grep -q "^$fam " <<<"$labels" || fail "$fam was searched, yet no candidate of it was timed"
    fi
  done
  [[ -n ${left// /} ]] || left=" nothing "
  echo "ok: the full search left out${left% } (own knobs: $own)"
}

# 3. A search of every family measures AUTO as it stands and saves a winner only where it is not
# AUTO's own kernel and leads AUTO by more than 1 point of the copy; otherwise the tuning file keeps
# what it had for the class. A tuning directory of its own, so AUTO in the first search is the
# built-in choice, not the winners saved above; the second search's AUTO runs what the first saved, if
# anything, so it often finds that kernel best again (and saves nothing). 10 runs a kernel: the
# families' own knobs decide which grids are searched, and with 2 runs under a parallel ctest POCL's
# tiled kernel read 24.6% of the copy (7.5% with 20 runs on a quiet machine).
export CLT_CACHE_DIR=$work/full
mkdir -p "$CLT_CACHE_DIR"
full_search() {
  local out line re label best auto before saved_line auto_opts best_opts
  before=$(grep -h '^4 odd ' "$CLT_CACHE_DIR"/tuning-*.txt 2>/dev/null || true)
  out=$("$bench" --tune --type f32 --shape 300x257 --reps 10 --warmup 1 -q --json "$work/full.json") ||
    fail "the full --tune exited $?"
  check_screen "$out" "$work/full.json"
  line=$(printf '%s\n' "$out" | grep '^tune f32  *odd  *best: ') || fail "no 'tune f32 odd best:' line"
  printf '%s\n' "$line"
  re='best: (.*[0-9)]) +([0-9.]+)% of copy.*; auto\(([a-z]+)\) ([0-9.]+)%'
  [[ $line =~ $re ]] || fail "no AUTO figure in '$line'"
  label=${BASH_REMATCH[1]} best=${BASH_REMATCH[2]} auto=${BASH_REMATCH[4]}
  label=${label%% (ran as*}
  label=${label%"${label##*[![:space:]]}"}
  saved_line=$(grep -h '^4 odd ' "$CLT_CACHE_DIR"/tuning-*.txt 2>/dev/null || true)
  if [[ $line == *"not saved, it is AUTO's kernel already"* ]]; then
    auto_opts=$(records "$work/full.json" | awk -F'|' '$1 == "auto" && !n++ { print $2 }')
    best_opts=$(records "$work/full.json" | awk -F'|' -v l="$label" '$1 == l && !n++ { print $2 }')
    [[ -n $auto_opts && $auto_opts == "$best_opts" ]] || fail "'$label' ran '$best_opts', AUTO '$auto_opts'"
    [[ $saved_line == "$before" ]] || fail "nothing was to be saved, yet the file went to '$saved_line'"
    echo "ok: full search found AUTO's own kernel best ($label), saved nothing"
  elif [[ $line == *"not saved, AUTO's choice stands"* ]]; then
    # The figures are printed to 0.1, so the printed lead may differ from the compared one by that much.
    awk -v b="$best" -v a="$auto" 'BEGIN { exit !(b <= a + 1.1) }' || fail "kept AUTO ($auto%) against $best%"
    [[ $saved_line == "$before" ]] || fail "AUTO's choice stood, yet the file went to '$saved_line'"
    echo "ok: full search kept AUTO's choice ($auto% against the best candidate's $best%)"
  else
    awk -v b="$best" -v a="$auto" 'BEGIN { exit !(b > a + 0.9) }' ||
      fail "saved $best%, not more than 1 point ahead of AUTO's $auto%"
    [[ -n $saved_line ]] || fail "a winner was reported saved, but the file has no '4 odd' line"
    echo "ok: full search saved a winner, $best% against AUTO's $auto% ('$saved_line')"
  fi
}
full_search
full_search
