# Runs a program with INPUT piped into its stdin through a real pipe (like `cat INPUT | prog`),
# echoes its output and fails if it exits non-zero.
#   cmake -DCMD=<program> [-DEMULATOR=<node>] -DINPUT=<file> -P run-with-stdin.cmake
if(NOT CMD OR NOT INPUT)
  message(FATAL_ERROR "usage: cmake -DCMD=prog [-DEMULATOR=node] -DINPUT=file -P run-with-stdin.cmake")
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E cat "${INPUT}"
  COMMAND ${EMULATOR} "${CMD}"
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err
  RESULTS_VARIABLE rcs
  TIMEOUT 50)
message("${out}")
if(err)
  message("stderr:\n${err}")
endif()
list(GET rcs 1 rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "program exited with '${rc}'")
endif()
