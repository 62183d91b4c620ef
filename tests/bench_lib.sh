# Sourced by the bench's shell tests (bench_*.sh), which take PATH/TO/cltranspose-bench as $1: sets
# bench, a work directory removed on exit, an environment of the test's own (no user tuning file, no
# device or build options from the caller), fail MESSAGE, and skip_without_device (exit 77, which
# ctest reports as skipped, where the bench lists no default device). CLT_CACHE_DIR is off unless the
# test sets it after sourcing this.
bench=$1
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
export CLT_CACHE_DIR=off
unset CLT_DEVICE CLT_BUILD_OPTIONS

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

skip_without_device() {
  if ! "$bench" --list-devices 2>/dev/null | grep -q '^\*'; then
    echo "no OpenCL device: skipped"
    exit 77
  fi
}
