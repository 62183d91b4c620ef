#!/usr/bin/env bash
# Sanitizer runs on the default OpenCL device (POCL on a machine without a GPU):
#  1. build-asan/: library, bench and tests with AddressSanitizer + UndefinedBehaviorSanitizer (leak
#     checking on), the whole ctest suite but the `oclgrind` label, and a short bench run;
#  2. build-tsan/: the concurrency suite (ctest -R threads) with ThreadSanitizer.
# Any sanitizer report fails the script. Suppressions: ci/lsan.supp, ci/tsan.supp (driver internals only).
# Usage: ci/sanitize.sh [asan|tsan]... (default both). CC picks the compiler (default gcc).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
export DEBIAN_FRONTEND=noninteractive

pocl_cache=${POCL_CACHE_DIR:-} # the caller's POCL kernel cache, if any
steps=("$@")
((${#steps[@]})) || steps=(asan tsan)

echo "== set-up"
# gcc's sanitizer runtimes (libasan8, libubsan1, libtsan2) come with gcc itself on Debian 12; with
# CC=clang they come with libclang-rt-14-dev.
export CC=${CC:-gcc}
if [[ $CC == *clang* ]]; then
  bash "$here/setup.sh" clang libclang-rt-14-dev </dev/null
else
  bash "$here/setup.sh" </dev/null
fi
echo "compiler: $("$CC" --version | head -n 1)"
clinfo -l || echo "clinfo failed: no OpenCL platform?"

# A report in any test's output fails the run even if that test's exit status hid it (a child process,
# a handler that exits 0). Matches ASan/LSan/TSan headers and UBSan's "runtime error:" lines.
reports='ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|ThreadSanitizer: reported|runtime error:'

# configure DIR FLAGS...: a RelWithDebInfo tree whose every target gets FLAGS (compile and link).
configure() {
  local dir=$1
  shift
  local flags="$*"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLT_BUILD_TESTS=ON -DCLT_BUILD_BENCH=ON \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_EXE_LINKER_FLAGS=$flags" "-DCMAKE_SHARED_LINKER_FLAGS=$flags"
}

# check_log DIR: fails if ctest's log of the last run holds a sanitizer report.
check_log() {
  local log=$1/Testing/Temporary/LastTest.log
  if grep -Eq "$reports" "$log"; then
    echo "sanitizer reports in $log:" >&2
    grep -En "$reports" "$log" | head -n 20 >&2
    return 1
  fi
  echo "no sanitizer reports in $log"
}

run_asan() {
  local dir=build-asan
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer ($dir/)"
  configure "$dir" -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g
  cmake --build "$dir" --parallel "$(nproc)"
  # detect_leaks: LSan at exit. detect_stack_use_after_return: catches pointers to dead stack frames.
  # protect_shadow_gap stays on: POCL 3.1's LLVM JIT runs fine under ASan here. A driver that maps
  # memory into the shadow gap (some GPU drivers do) needs ASAN_OPTIONS=...:protect_shadow_gap=0.
  # intercept_tls_get_addr=0: the __tls_get_addr interceptor of the sanitizer runtimes of Debian 12's
  # GCC 12 and clang 14 takes a dynamic TLS block that starts 16 bytes into a page for an old glibc's and
  # reads the two words before it (an ASan chunk header) as the block's address and size; LSan's
  # stop-the-world tracer then scans that bogus range at exit and dies ("Tracer caught signal 11").
  # Dynamic TLS blocks are malloc'd, so whether one lands there is chance: POCL and LLVM, dlopen'ed,
  # allocate several per thread. The blocks stay reachable through glibc's DTV, so LSan still scans
  # them as heap; nothing is lost.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:intercept_tls_get_addr=0}
  export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/ci/lsan.supp:print_suppressions=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
  # POCL's kernel cache: the caller's (.ci/run's, warm from ci/test.sh's run), else one with the tree,
  # warm on a rerun and empty (every kernel compiled under ASan) on a fresh machine.
  export POCL_CACHE_DIR=${pocl_cache:-$root/$dir/pocl-cache}
  # The oclgrind label cannot run here: oclgrind preloads its OpenCL runtime, and ASan refuses to start
  # unless its own runtime comes first ("ASan runtime does not come first in initial library list").
  # ci/test.sh runs that label without sanitizers.
  local rc=0
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$(nproc)" -LE oclgrind || rc=1
  check_log "$dir" || rc=1
  # The bench's tables are not a ctest entry (its --tune is: bench_tune): short exact-checked runs over
  # every type and variant, dense and with padded rows on both sides (whose padding must come back
  # unchanged).
  echo "== bench under ASan/UBSan"
  local bench=("$dir/bench/cltranspose-bench" --shape "33x31,64x64" --type all --reps 2 --warmup 1 --quiet)
  "${bench[@]}" >"$dir/bench.log" 2>&1 || rc=1
  "${bench[@]}" --src-pad 3 --dst-pad 5 >>"$dir/bench.log" 2>&1 || rc=1
  if grep -Eq "$reports" "$dir/bench.log"; then rc=1; fi
  grep -E "cases:|FAIL|ERROR" "$dir/bench.log" | tail -n 12
  return "$rc"
}

run_tsan() {
  local dir=build-tsan
  echo "== ThreadSanitizer ($dir/, ctest -R threads)"
  configure "$dir" -fsanitize=thread -fno-omit-frame-pointer -g
  cmake --build "$dir" --parallel "$(nproc)" --target test_threads
  export TSAN_OPTIONS=${TSAN_OPTIONS:-suppressions=$root/ci/tsan.supp:halt_on_error=1:second_deadlock_stack=1}
  export POCL_CACHE_DIR=${pocl_cache:-$root/$dir/pocl-cache}
  local rc=0
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -R threads || rc=1
  check_log "$dir" || rc=1
  return "$rc"
}

status=0
for step in "${steps[@]}"; do
  case $step in
  asan) run_asan || status=1 ;;
  tsan) run_tsan || status=1 ;;
  *)
    echo "unknown step '$step' (asan, tsan)" >&2
    exit 2
    ;;
  esac
done
if ((status)); then
  echo "== sanitizers: FAILED" >&2
else
  echo "== sanitizers: clean"
fi
exit "$status"
