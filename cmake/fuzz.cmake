# Fuzz targets (tests/fuzz/fuzz_<name>.cpp; docs/robustness.md). Included by CMakeLists.txt.
#
#   -DMAINLINE_FUZZ=ON (native, clang only): mainline_core and the targets are compiled with
#       -fsanitize=fuzzer-no-link,address,undefined; each target links libFuzzer and becomes
#       <build>/fuzz_<name>; the target `mainline_fuzzers` builds them all. scripts/fuzz.sh
#       configures build-fuzz/ this way and runs every target for a set time (`npm run fuzz`).
#   Otherwise, in native builds with tests: fuzz_<name>_replay is the same target linked with
#       tests/fuzz/replay_main.cpp, and ctest (label `fuzz`) replays the seed corpus
#       tests/fuzz/corpus/<name>/ through it, so the corpus is a regression test of every
#       native build (Release, Debug with asserts, ASan+UBSan).
option(MAINLINE_FUZZ "Native, clang: build the libFuzzer targets of tests/fuzz/ with ASan + UBSan" OFF)
set(MAINLINE_FUZZ_TARGETS fen uci san search)

if(MAINLINE_FUZZ)
  if(EMSCRIPTEN OR NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MAINLINE_FUZZ needs a native clang build (CXX=clang++), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  set(_mainline_fuzz_san -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_compile_options(mainline_flags INTERFACE ${_mainline_fuzz_san} -fsanitize=fuzzer-no-link)
  target_link_options(mainline_flags INTERFACE ${_mainline_fuzz_san})
  # Comparison tracing helps libFuzzer through the parsers, but in the board code's per-square
  # loops (the debug invariant check after every make/unmake, key recomputation, move generation)
  # it took 70% of the search target's time; coverage of those files is still recorded.
  set_source_files_properties(
    "${CMAKE_SOURCE_DIR}/engine/position.cpp" "${CMAKE_SOURCE_DIR}/engine/bitboard.cpp"
    "${CMAKE_SOURCE_DIR}/engine/movegen.cpp"
    PROPERTIES COMPILE_OPTIONS "-fno-sanitize-coverage=trace-cmp")
  add_custom_target(mainline_fuzzers)
  foreach(_name IN LISTS MAINLINE_FUZZ_TARGETS)
    add_executable(fuzz_${_name} "${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${_name}.cpp")
    target_link_libraries(fuzz_${_name} PRIVATE mainline_core)
    target_link_options(fuzz_${_name} PRIVATE -fsanitize=fuzzer)
    add_dependencies(mainline_fuzzers fuzz_${_name})
  endforeach()
elseif(MAINLINE_BUILD_TESTS AND NOT EMSCRIPTEN)
  foreach(_name IN LISTS MAINLINE_FUZZ_TARGETS)
    add_executable(fuzz_${_name}_replay "${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${_name}.cpp"
                                        "${CMAKE_SOURCE_DIR}/tests/fuzz/replay_main.cpp")
    target_link_libraries(fuzz_${_name}_replay PRIVATE mainline_core)
    add_test(NAME fuzz_corpus_${_name}
             COMMAND fuzz_${_name}_replay "${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${_name}")
    set_tests_properties(fuzz_corpus_${_name} PROPERTIES
      LABELS fuzz TIMEOUT 600 PASS_REGULAR_EXPRESSION "replayed [1-9][0-9]* inputs")
  endforeach()
endif()
