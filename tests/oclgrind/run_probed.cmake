# Runs a check program in full only if a cheap probe run of it shows that the full run can test what it
# is meant to. For pocl_exact_cbs (see CMakeLists.txt): a POCL without the work-group method asked for
# prints a message on every kernel compile and runs its default method instead, so the full check
# would take minutes (longer still under the sanitizers) and pass for the wrong reason.
# Usage:
#   cmake -DPROGRAM=... "-DPROGRAM_ARGS=a|b" "-DPROBE_ARGS=c|d" "-DSKIP_REGEX=..." -P run_probed.cmake
# The probe runs PROGRAM with PROGRAM_ARGS and then PROBE_ARGS. If its stdout or stderr matches
# SKIP_REGEX, or it exits 77 (the program's own "skip"), the script stops there with an error: the
# test's SKIP_REGULAR_EXPRESSION, which must match that output, reports it skipped, and without it the
# test fails rather than passes. (ctest's SKIP_RETURN_CODE cannot serve: cmake -P sets its own exit
# status only from CMake 3.29, cmake_language(EXIT).) Otherwise the full run, PROGRAM with
# PROGRAM_ARGS, is the test: it fails if that exits non-zero; its output is echoed as it runs.
# ("|" separates list items: a ";" would be split by add_test before it reaches this script.)
cmake_minimum_required(VERSION 3.20)

foreach(var PROGRAM PROBE_ARGS SKIP_REGEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_probed.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" program_args "${PROGRAM_ARGS}")
string(REPLACE "|" ";" probe_args "${PROBE_ARGS}")

set(cmd ${PROGRAM} ${program_args} ${probe_args})
string(REPLACE ";" " " shown "${cmd}")
message("probe: ${shown}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE)
if("${out}${err}" MATCHES "${SKIP_REGEX}")
  message(FATAL_ERROR "not run in full: the probe's output matches \"${SKIP_REGEX}\"")
endif()
if(rc EQUAL 77)
  message(FATAL_ERROR "not run in full: the probe exited with status 77 (skip)")
endif()

set(cmd ${PROGRAM} ${program_args})
string(REPLACE ";" " " shown "${cmd}")
message("running: ${shown}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the check exited with status ${rc}")
endif()
