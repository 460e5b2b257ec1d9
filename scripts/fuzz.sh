#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/, clang, ASan + UBSan, asserts on) in build-fuzz/ and
# runs each for a set time, JOBS targets at once (one core each), at nice 10. What `npm run fuzz` runs; the test
# stage runs it with a short time so that regressions show.
# Usage: scripts/fuzz.sh [--seconds N] [target...]      targets: fen uci san search (default: all)
# Env:   FUZZ_SECONDS   seconds per target (default 60; --seconds wins)
#        FUZZ_ARGS      extra libFuzzer arguments, e.g. "-jobs=1 -use_value_profile=1"
# Inputs: the seed corpus tests/fuzz/corpus/<target>/ (read only) and build-fuzz/corpus/<target>/,
# where new inputs accumulate from run to run. A crash, sanitizer report, failed FUZZ_CHECK or
# timeout stops that target, saves the input as build-fuzz/artifacts/<target>-*, and fails the run.
# Once fixed, copy the input into tests/fuzz/corpus/<target>/: ctest replays that corpus in every
# native build. The summary gives executions, coverage and corpus size per target; every run
# appends them to build-fuzz/history.log (docs/robustness.md records them).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
JOBS=${JOBS:-$(nproc)}
seconds=${FUZZ_SECONDS:-60}
targets=()
while (($#)); do
  case $1 in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --seconds=*) seconds=${1#*=}; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    fen|uci|san|search) targets+=("$1"); shift ;;
    *) echo "fuzz.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
((${#targets[@]})) || targets=(fen uci san search)
[[ $seconds =~ ^[0-9]+$ ]] && ((seconds > 0)) || { echo "fuzz.sh: --seconds must be a positive number" >&2; exit 2; }
# shellcheck disable=SC2206
extra=(${FUZZ_ARGS:-})

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ not found (scripts/setup.sh installs clang and libclang-rt-dev)" >&2; exit 1; }
if [[ ! -f build-fuzz/CMakeCache.txt || ! -f build-fuzz/Makefile ]]; then
  echo "fuzz.sh: configuring build-fuzz"
  CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DMAINLINE_FUZZ=ON -DMAINLINE_BUILD_TESTS=OFF \
    >build-fuzz.configure.log 2>&1 || { cat build-fuzz.configure.log; rm -f build-fuzz.configure.log; exit 1; }
  rm -f build-fuzz.configure.log
fi
t0=$SECONDS
nice -n 10 cmake --build build-fuzz --target mainline_fuzzers -j"$JOBS" || exit 1
echo "fuzz.sh: build done in $((SECONDS - t0))s"

# Per target: the longest input and the per-input time limit (a search input must never take this long).
declare -A max_len=([fen]=256 [uci]=2048 [san]=2048 [search]=1024)
timeout_s=30
mkdir -p build-fuzz/artifacts build-fuzz/logs
# fuzz_one <target>: runs one target; its summary line goes to build-fuzz/logs/<target>.result.
fuzz_one() {
  local t=$1 log=build-fuzz/logs/$1.log dict=() start code took execs cov
  mkdir -p "build-fuzz/corpus/$t"
  [[ -f tests/fuzz/dict/$t.dict ]] && dict=("-dict=tests/fuzz/dict/$t.dict")
  echo "fuzz.sh: fuzz_$t for ${seconds}s (log: $log)"
  start=$SECONDS
  # The first corpus directory receives the new inputs; the seed corpus in the repo stays as it is.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    nice -n 10 "build-fuzz/fuzz_$t" "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" "${dict[@]}" \
    -max_total_time="$seconds" -timeout="$timeout_s" -rss_limit_mb=2048 -max_len="${max_len[$t]}" \
    -artifact_prefix="build-fuzz/artifacts/$t-" -print_final_stats=1 "${extra[@]}" >"$log" 2>&1
  code=$?
  took=$((SECONDS - start))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
  # One line per run, kept across runs: the totals of docs/robustness.md come from here.
  echo "$(date -u +%FT%TZ) $t ${took}s ${execs:-?} execs $cov exit=$code" >>build-fuzz/history.log
  if ((code == 0)); then
    printf '%-7s ok    %4ss  %10s execs  %s\n' "$t" "$took" "${execs:-?}" "$cov" >"build-fuzz/logs/$t.result"
  else
    printf '%-7s FAIL  %4ss  %10s execs  %s  (exit %s)\n' "$t" "$took" "${execs:-?}" "$cov" "$code" >"build-fuzz/logs/$t.result"
    echo "fuzz.sh: fuzz_$t FAILED (exit $code); end of $log:"
    tail -n 40 "$log"
    grep -Eo "Test unit written to [^ ]+" "$log" | sed 's/^/fuzz.sh: /'
  fi
}
# Each target is one libFuzzer process on one core: JOBS of them run at once.
running=0
for t in "${targets[@]}"; do
  rm -f "build-fuzz/logs/$t.result"
  if ((running >= JOBS)); then wait -n; running=$((running - 1)); fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait
rc=0 summary=()
for t in "${targets[@]}"; do
  line=$(cat "build-fuzz/logs/$t.result" 2>/dev/null || printf '%-7s FAIL  (no result)' "$t")
  [[ $line == *" ok "* ]] || rc=1
  summary+=("$line")
done
echo
echo "fuzz.sh: ${seconds}s per target"
printf '  %s\n' "${summary[@]}"
exit $rc
