#!/usr/bin/env bash
# Benchmarks cltranspose on this machine's default OpenCL device (POCL where there is no GPU): installs
# what is missing (ci/setup.sh), builds a Release tree in build-bench/ with warnings as errors, and runs
# cltranspose-bench on its default shapes. Arguments go to the bench: `ci/bench.sh --json out.json`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
build="$root/build-bench"

echo "== set-up" >&2
bash "$here/setup.sh" </dev/null >&2

echo "== configure and build ($build)" >&2
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCLT_BUILD_TESTS=OFF -DCLT_BUILD_BENCH=ON \
  -DCLT_WERROR=ON >&2
cmake --build "$build" --parallel "$(nproc)" >&2

# No cd: relative paths in the arguments (--json out.json) stay relative to the caller's directory.
echo "== cltranspose-bench $*" >&2
exec "$build/bench/cltranspose-bench" "$@"
