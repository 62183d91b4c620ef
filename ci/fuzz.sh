#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/: descriptor validation, bench command line) with clang, ASan and
# UBSan into build-fuzz/, then runs each for FUZZ_SECONDS (default 60) from the checked-in seed corpus.
# Fails on any crash, sanitizer report, leak or timeout, leaving the input under build-fuzz/artifacts/.
# Usage: ci/fuzz.sh [TARGET...]   (targets: fuzz_validate fuzz_bench_args; default both)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
export DEBIAN_FRONTEND=noninteractive

echo "== set-up"
# libFuzzer and the sanitizer runtimes come with clang's compiler-rt.
bash "$here/setup.sh" clang libclang-rt-14-dev </dev/null

seconds=${FUZZ_SECONDS:-60}
targets=("$@")
((${#targets[@]})) || targets=(fuzz_validate fuzz_bench_args)
build="build-fuzz"

echo "== configure and build ($build/, clang)"
CC=clang cmake -S . -B "$build" -DCLT_BUILD_FUZZERS=ON -DCLT_BUILD_TESTS=OFF -DCLT_BUILD_BENCH=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"

# halt_on_error: the first UBSan report is the failure; detect_leaks: a leak in the parser fails too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# fuzz TARGET: one libFuzzer run; its one-line verdict goes to build-fuzz/TARGET.result and its status
# is the run's.
fuzz() {
  local t=$1 seeds work artifacts log rc runs rate cov
  seeds=fuzz/corpus/${t#fuzz_}
  # New inputs go to a scratch corpus in the build tree, so the checked-in seeds stay a handful.
  work=$build/corpus/${t#fuzz_}
  artifacts=$build/artifacts
  mkdir -p "$work" "$artifacts"
  log=$build/$t.log
  rm -f "$build/$t.result"
  set +e
  "$build/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$t-" "$work" "$seeds" >"$log" 2>&1
  rc=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
  if ((rc != 0)); then
    {
      echo "FAIL $t (exit $rc): the last lines of $log:"
      tail -n 40 "$log"
      echo "reproduce: $build/fuzz/$t $artifacts/$t-<crash-file>"
    } >"$build/$t.result"
  else
    echo "ok   $t: ${runs:-?} executions (${rate:-?}/s), ${cov:-cov: ?}, corpus $(find "$work" -type f | wc -l) files" \
      >"$build/$t.result"
  fi
  return "$rc"
}

# Each libFuzzer run is one process on one core: with a core per target they run side by side (each
# still gets its full FUZZ_SECONDS of a core), else one after another. Verdicts are printed in order.
jobs=$(nproc)
status=0
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  pids=()
  for t in "${batch[@]}"; do
    echo "== $t: ${seconds}s from fuzz/corpus/${t#fuzz_} (log: $build/$t.log)"
    fuzz "$t" &
    pids+=($!)
  done
  for k in "${!batch[@]}"; do
    t=${batch[k]}
    if wait "${pids[k]}"; then
      cat "$build/$t.result"
    else
      status=1
      cat "$build/$t.result" >&2
    fi
  done
done
exit "$status"
