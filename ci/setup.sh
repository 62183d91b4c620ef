#!/usr/bin/env bash
# Installs the Debian packages cltranspose's CI scripts need (compiler, CMake, OpenCL headers and ICD
# loader, POCL as a CPU device, Oclgrind, clinfo, cmocka, clang-format) plus any named as arguments,
# asking apt only for what dpkg says is missing, so a second run costs a few dpkg queries. Run it
# (`bash ci/setup.sh [PACKAGE...]`) or source it; sourced, it leaves the caller's shell options alone.

clt_setup_packages=(cmake gcc make pkg-config ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo
  libcmocka-dev oclgrind clang-format "$@")

clt_setup_deps() {
  local pkg status missing=() sudo=()
  for pkg in "${clt_setup_packages[@]}"; do
    # dpkg -s also succeeds for removed packages that left their configuration behind.
    status=$(dpkg -s "$pkg" 2>/dev/null | sed -n 's/^Status: //p') || status=
    [[ $status == "install ok installed" ]] || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    echo "setup: all ${#clt_setup_packages[@]} packages present"
    return 0
  fi
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "setup: missing ${missing[*]}; run as root or install sudo" >&2
      return 1
    fi
  fi
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q)
  echo "setup: installing ${missing[*]}"
  # Fresh images ship without package lists; otherwise try the lists we have before fetching new ones.
  if ! compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null; then
    "${apt[@]}" update || return 1
    "${apt[@]}" install -y --no-install-recommends "${missing[@]}" || return 1
  elif ! "${apt[@]}" install -y --no-install-recommends "${missing[@]}"; then
    "${apt[@]}" update || return 1
    "${apt[@]}" install -y --no-install-recommends "${missing[@]}" || return 1
  fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
fi
clt_setup_deps
