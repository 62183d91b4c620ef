# Runs one check program under Oclgrind and fails the test on ANY Oclgrind report. Oclgrind never changes
# the exit status of what it runs: out-of-bounds accesses, data races, uninitialized values, API misuse
# and its own fatal errors only appear on stderr. The check program writes nothing to stderr itself, so
# a non-empty stderr is a failure. Usage (see CMakeLists.txt):
#   cmake -DOCLGRIND=... "-DOCLGRIND_ARGS=a|b" -DPROGRAM=... "-DPROGRAM_ARGS=x|y" [-DCHECKS=...]
#         [-DEXPECT=cmocka] -P run_oclgrind.cmake
# EXPECT=cmocka marks a cmocka test program instead of clt_exact_check (what counts as a pass, below).
# CHECKS replaces the default checkers "--data-races|--uninitialized|--check-api" (only to drop one that
# Oclgrind itself gets wrong for a kernel, or one the program's own checks already cover, as
# CMakeLists.txt documents case by case).
# ("|" separates list items: a ";" would be split by add_test before it reaches this script.)
cmake_minimum_required(VERSION 3.20)

foreach(var OCLGRIND PROGRAM)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_oclgrind.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" oclgrind_args "${OCLGRIND_ARGS}")
string(REPLACE "|" ";" program_args "${PROGRAM_ARGS}")

# Every checker Oclgrind has (bounds checking is always on); device limits come in OCLGRIND_ARGS.
set(checks --data-races --uninitialized --check-api)
if(DEFINED CHECKS)
  string(REPLACE "|" ";" checks "${CHECKS}")
endif()
set(cmd ${OCLGRIND} ${checks} ${oclgrind_args} ${PROGRAM} ${program_args})
string(REPLACE ";" " " shown "${cmd}")
message("running: ${shown}")
# Echoed as it runs (a report lands right after the "case N:" line it belongs to) and kept for the check.
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE)

set(problems "")
if(NOT rc EQUAL 0)
  list(APPEND problems "the check program exited with status ${rc}")
endif()
# cmocka writes its closing "[  PASSED  ] N test(s)." line to stderr; any other line there is a report.
if(EXPECT STREQUAL "cmocka")
  string(REGEX REPLACE "(^|\n)\\[  PASSED  \\] [0-9]+ test\\(s\\)\\.(\n|$)" "\\1" err "${err}")
endif()
string(STRIP "${err}" err_stripped)
if(NOT err_stripped STREQUAL "")
  # A summary of the report headings (Oclgrind starts each report with an unindented line, e.g.
  # "Invalid read of size 4 at global memory address ...", "Read-write data race at local memory
  # address ...", "Uninitialized value written to global memory address ...", "Oclgrind - OpenCL
  # runtime error detected", "OCLGRIND FATAL ERROR (...)"); the addresses are cut so that repeats merge.
  string(REPLACE ";" "," err_text "${err_stripped}") # a ";" would split the CMake list below
  string(REGEX MATCHALL "(^|\n)[^\t\n ][^\n]*" headings "${err_text}")
  set(kinds "")
  foreach(h IN LISTS headings)
    string(STRIP "${h}" h)
    string(REGEX REPLACE "(global|local|private|constant) memory address 0x[0-9a-fA-F]+" "\\1 memory" h "${h}")
    list(APPEND kinds "${h}")
  endforeach()
  list(LENGTH kinds n)
  list(REMOVE_DUPLICATES kinds)
  list(JOIN kinds "\n  " kinds_text)
  list(APPEND problems "stderr is not empty: ${n} report heading(s), distinct ones:\n  ${kinds_text}")
endif()
# EXPECT=cmocka: the program is a cmocka test (test_transpose --filter ...) that must have run and
# passed at least one test; otherwise it is clt_exact_check, whose total must be clean.
if(EXPECT STREQUAL "cmocka")
  if(NOT out MATCHES "\\[       OK \\]" OR out MATCHES "\\[  FAILED  \\]")
    list(APPEND problems "the cmocka program did not pass at least one test")
  endif()
elseif(NOT out MATCHES "total: [1-9][0-9]* cases, 0 failed")
  list(APPEND problems "the check program did not report a clean total")
endif()

if(problems)
  list(JOIN problems "\n" text)
  message(FATAL_ERROR "FAILED under Oclgrind:\n${text}")
endif()
message("no Oclgrind reports")
