#!/usr/bin/env bash
# Sets up a Debian machine (ci/setup.sh), builds cltranspose, its tests and its bench with warnings as
# errors in build-test/, checks that an install serves a CMake project and a pkg-config build, then runs
# the whole test suite on the default OpenCL device (POCL on a machine without a GPU), the sources'
# clang-format check (label lint) included.
# Arguments go to ctest: `ci/test.sh -L unit`, `ci/test.sh -R plan -j 4`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
export DEBIAN_FRONTEND=noninteractive

echo "== set-up"
bash "$here/setup.sh" </dev/null

echo "== OpenCL devices"
clinfo -l || echo "clinfo failed: no OpenCL platform?"

build="build-test"
echo "== configure and build ($build/)"
cmake -S . -B "$build" -DCLT_WERROR=ON -DCLT_BUILD_TESTS=ON -DCLT_BUILD_BENCH=ON -DCLT_CHECK_FORMAT=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" --parallel "$(nproc)"

# Before the tests, so that a failing test still leaves the install checked and ctest's summary
# closes the log.
echo "== install smoke test"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix"

# 1. CMake: find_package(cltranspose CONFIG REQUIRED) + cltranspose::cltranspose.
cmake -S ci/consumer -B "$tmp/consumer-cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build "$tmp/consumer-cmake"
"$tmp/consumer-cmake/consumer"

# 2. pkg-config. The .pc names its directories from ${prefix}, which moved with --prefix.
pc=$(find "$prefix" -name cltranspose.pc -print -quit)
if [[ -z $pc ]]; then
  echo "cltranspose.pc was not installed under $prefix" >&2
  exit 1
fi
export PKG_CONFIG_PATH="${pc%/*}${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pkgconf=(pkg-config "--define-variable=prefix=$prefix")
echo "pkg-config: cltranspose $("${pkgconf[@]}" --modversion cltranspose)"
read -r -a cflags <<<"$("${pkgconf[@]}" --cflags cltranspose)"
read -r -a libs <<<"$("${pkgconf[@]}" --libs cltranspose)"
libdir=$("${pkgconf[@]}" --variable=libdir cltranspose)
"${CC:-cc}" -std=c11 -Wall -Wextra -Wpedantic -Werror "${cflags[@]}" ci/consumer/main.c \
  -o "$tmp/consumer-pc" "${libs[@]}"
LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/consumer-pc"

echo "== tests"
# POCL's kernel cache: POCL_CACHE_DIR where the caller sets one (.ci/run shares one with the sanitizer
# runs after this), else POCL's default under the home directory.
echo "POCL kernel cache: ${POCL_CACHE_DIR:-POCL default, under HOME}"
ctest --test-dir "$build" --output-on-failure --no-tests=error -j "$(nproc)" "$@"
