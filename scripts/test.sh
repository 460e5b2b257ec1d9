#!/usr/bin/env bash
# Full test run (what `npm test` and .ci/run execute):
#   setup (skip with MAINLINE_SKIP_SETUP=1) -> build -> test stages -> summary "N passed, N failed".
# Exits non-zero if anything failed. Stages keep running after a failed test stage; a failed
# setup or build stops the run.
# Env: MAINLINE_DEBUG_BUILD=1  also the native Debug (asserts) build and its ctest stage (off by
#                              default: the ASan+UBSan build is a Debug build, asserts on, and runs the same suite)
#      MAINLINE_ASAN_BUILD=0   skip the ASan+UBSan build (build-asan/), its ctest and stress stages
#      MAINLINE_TSAN_BUILD=0   skip the ThreadSanitizer build (build-tsan/), its ctest and stress stages
#      MAINLINE_FUZZ_SECONDS=N seconds per fuzz target in the fuzz stage (default 20; 0 skips it)
#      CTEST_ARGS="-R Perft"   extra arguments for every ctest stage
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JOBS=${JOBS:-$(nproc)}
DEBUG_BUILD=${MAINLINE_DEBUG_BUILD:-0}
ASAN_BUILD=${MAINLINE_ASAN_BUILD:-1}
TSAN_BUILD=${MAINLINE_TSAN_BUILD:-1}
FUZZ_SECONDS=${MAINLINE_FUZZ_SECONDS:-20}
# shellcheck disable=SC2206
CTEST_EXTRA=(${CTEST_ARGS:-})
T0=$SECONDS

passed=0 failed=0 results=() notes=()
stage() {  # stage <name> <command...>
  local name=$1; shift
  local t0=$SECONDS
  printf '\n=== stage: %s\n' "$name"
  if "$@"; then
    passed=$((passed + 1)); results+=("PASS  $name ($((SECONDS - t0))s)")
    return 0
  else
    failed=$((failed + 1)); results+=("FAIL  $name ($((SECONDS - t0))s)")
    return 1
  fi
}
summary() {
  printf '\n=== summary (%ss total)\n' "$((SECONDS - T0))"
  printf '  %s\n' "${results[@]}"
  ((${#notes[@]})) && printf '  %s\n' "${notes[@]}"
  echo "$passed passed, $failed failed"
  ((failed == 0))
  exit $?
}

# ---- set-up and build (a failure here ends the run) -------------------------------------------
if [[ ${MAINLINE_SKIP_SETUP:-0} != 1 ]]; then
  stage setup bash scripts/setup.sh || summary
fi
build_args=()
((DEBUG_BUILD)) || build_args+=(--no-debug)
((ASAN_BUILD)) && build_args+=(--sanitize)
((TSAN_BUILD)) && build_args+=(--tsan)
stage build bash scripts/build.sh "${build_args[@]}" || summary

# ---- C++ tests --------------------------------------------------------------------------------
stage "ctest native Release (build/)" \
  ctest --test-dir build --output-on-failure -j"$JOBS" "${CTEST_EXTRA[@]}"
if ((DEBUG_BUILD)); then
  stage "ctest native Debug, asserts on (build-debug/)" \
    ctest --test-dir build-debug --output-on-failure -j"$JOBS" "${CTEST_EXTRA[@]}"
fi
stage "ctest wasm under node (build-wasm/)" \
  ctest --test-dir build-wasm --output-on-failure -j"$JOBS" "${CTEST_EXTRA[@]}"
# AddressSanitizer + UndefinedBehaviorSanitizer (native Debug, asserts on): the whole suite, the
# fuzz corpus replays and the CLI tests. Any report fails the test that caused it (UBSan does not
# recover, ASan halts on the first error, leaks are reported at exit).
if ((ASAN_BUILD)); then
  stage "ctest native ASan+UBSan (build-asan/)" \
    env ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
        UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    ctest --test-dir build-asan --output-on-failure -j"$JOBS" "${CTEST_EXTRA[@]}"
fi

# ThreadSanitizer: the cases that run threads (Lazy SMP with 2 and 3 threads, the UCI search
# thread) and the CLI tests; any data race report fails the test (halt_on_error).
if ((TSAN_BUILD)); then
  stage "ctest native ThreadSanitizer, thread tests (build-tsan/)" \
    env TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" \
    ctest --test-dir build-tsan --output-on-failure -j"$JOBS" -R '^(mainline_tests_threads|cli_)' "${CTEST_EXTRA[@]}"
fi

# ---- native vs wasm agreement -----------------------------------------------------------------
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# Output of `mainline <commands...>` for native and wasm must be identical (perft prints no times).
same_output() {  # same_output <label> <expected "Nodes searched" or -> <uci command>...
  local label=$1 expect=$2; shift 2
  local nat wasm rc=0
  nat=$(build/mainline "$@") || { echo "FAIL $label: native exited $?"; return 1; }
  wasm=$(node build-wasm/mainline.js "$@") || { echo "FAIL $label: wasm exited $?"; return 1; }
  if [[ $nat != "$wasm" ]]; then
    echo "FAIL $label: native and wasm output differ:"
    diff <(printf '%s\n' "$nat") <(printf '%s\n' "$wasm") | head -40
    rc=1
  fi
  local nodes
  nodes=$(printf '%s\n' "$nat" | sed -n 's/^Nodes searched *: *\([0-9][0-9]*\).*/\1/p' | tail -1)
  if [[ -z $nodes ]]; then
    echo "FAIL $label: no 'Nodes searched: N' line in output:"; printf '%s\n' "$nat" | tail -5; rc=1
  elif [[ $expect != - && $nodes != "$expect" ]]; then
    echo "FAIL $label: Nodes searched $nodes, expected $expect"; rc=1
  fi
  ((rc)) || echo "ok   $label: native == wasm ($(printf '%s\n' "$nat" | wc -l) lines, Nodes searched: $nodes)"
  return $rc
}
perft_agreement() {
  local rc=0
  same_output "startpos perft 4" 197281 "position startpos" "go perft 4" || rc=1
  same_output "kiwipete perft 4" 4085603 "position fen $KIWIPETE" "go perft 4" || rc=1
  return $rc
}
stage "native/wasm perft agreement" perft_agreement
# The bench signature: both builds search exactly the node count of the newest commit message's
# `Bench: N` line (no history or no such line fails too).
stage "bench signature (native + wasm = the commit's Bench: line)" bash scripts/bench-signature.sh

# ---- robustness: stress and fuzzing (docs/robustness.md) --------------------------------------
# 10,000 rapid go/stop cycles mixed with position/setoption/ucinewgame through the real binary
# over a pipe: one legal bestmove per go, no deadlock, memory flat (scripts/lib/uci-stress.mjs).
# And the worker API under the same stress, in Node worker threads: 10,000 go/stop cycles through
# the UCI text mode, the respawn stop mode, and analyze/stop cycles through the structured API
# (tests/js/worker-stress.test.mjs). Each run mostly waits on its engine's replies (about half a
# core), none of them checks a latency, and each has its own engine and deadlock timeout, so they
# run at once. (The worker stress stays out of the vitest stage, whose stop checks it would disturb.)
together() {  # together <label> <command> [<label> <command>]...: all at once; fails if any fails
  local dir i=0 rc=0 pids=() labels=()
  dir=$(mktemp -d)
  while (($#)); do
    labels+=("$1"); bash -c "$2" >"$dir/$i" 2>&1 & pids+=($!)
    i=$((i + 1)); shift 2
  done
  for i in "${!pids[@]}"; do
    local r=0
    wait "${pids[$i]}" || r=$?
    printf -- '--- %s (exit %s)\n' "${labels[$i]}" "$r"; cat "$dir/$i"
    ((r == 0)) || rc=1
  done
  rm -rf "$dir"
  return $rc
}
# The same under the sanitizers (use-after-free or races on the search thread's data would show
# here). ASan keeps freed memory in quarantine, so memory is reported, not checked. Each sanitizer
# run follows a native one in the same chain, so the stage keeps the three jobs at a time that the
# native runs and the worker stress alone had (the worker stress, about 110 s, is the longest; two
# stages one after the other took 40 s more on 2 cores).
asan_stress="env ASAN_OPTIONS='${ASAN_OPTIONS:-detect_leaks=1}' UBSAN_OPTIONS='${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}' \
  node scripts/stress.mjs --engine build-asan/mainline --cycles 5000 --max-growth-mb=-1"
tsan_stress="env TSAN_OPTIONS='${TSAN_OPTIONS:-halt_on_error=1}' \
  node scripts/stress.mjs --engine build-tsan/mainline --cycles 2000 --threads 2 --seed 3 --max-growth-mb=-1"
native1="node scripts/stress.mjs --engine build/mainline --cycles 10000"
native2="node scripts/stress.mjs --engine build/mainline --cycles 10000 --threads 2 --seed 2"
name1="native Threads 1" name2="native Threads 2" title="native UCI 10,000 go/stop cycles with Threads 1 and 2 (build/mainline)"
if ((ASAN_BUILD)); then
  native1="$native1 && echo '--- then ASan+UBSan (build-asan/mainline)' && $asan_stress"
  name1="$name1, then ASan+UBSan"; title="$title, ASan+UBSan UCI 5,000"
fi
if ((TSAN_BUILD)); then
  native2="$native2 && echo '--- then ThreadSanitizer, Threads 2 (build-tsan/mainline)' && $tsan_stress"
  name2="$name2, then ThreadSanitizer"; title="$title, ThreadSanitizer UCI 2,000 with Threads 2"
fi
stage "stress: $title, and the worker API (vitest), at once" \
  together "$name1" "$native1" "$name2" "$native2" \
           "worker API" "MAINLINE_STRESS=1 npx --no vitest run tests/js/worker-stress.test.mjs"
# libFuzzer (clang, ASan+UBSan, asserts on): FEN, UCI lines, SAN/PGN movetext, perft+search,
# each for FUZZ_SECONDS from the seed corpus in tests/fuzz/corpus/.
if ((FUZZ_SECONDS > 0)); then
  stage "fuzz: 4 targets x ${FUZZ_SECONDS}s (build-fuzz/)" bash scripts/fuzz.sh --seconds "$FUZZ_SECONDS"
fi

# ---- JS / browser tests -----------------------------------------------------------------------
# >>> JS stages (they run on the builds above).
# web package (wasm_bindings/ + web/, built by scripts/build.sh into web/dist/): tests/js/engine-*.test.mjs
# run in the vitest stage below on the real WebAssembly build: structured API and stop (Node worker
# threads), UCI text mode and the mainline-uci binary (compared with build/mainline), `npm pack`
# consumer + TypeScript types, and Chromium through playwright-core (plain, COOP/COEP, strict CSP).
# match tool (scripts/match.mjs, scripts/lib/): Elo/SPRT math, adjudication, faults, PGN, a real match
# board app (app/): built by the stage below (vite build, when stale); tests/js/app-e2e.test.mjs serves
# it as `npm start` does (app/server.mjs), then drives it in Chromium; screenshots: test-results/app-*.png
# offline app (service worker, IndexedDB, library, whole-game analysis): tests/js/app-offline.test.mjs
# (Chromium), app-storage.test.mjs (fake-indexeddb), annotate.test.mjs, mainline-analyse.test.mjs
# embedding: element.test.mjs (<mainline-analysis> on plain pages, plain / COOP+COEP / strict CSP,
# and through an import map); consumers.test.mjs (the packed tarball built by Vite, webpack,
# esbuild, Rollup and Next.js from tests/consumers/, whose lockfile pins them: `npm ci` from the
# npm registry into a scratch folder; Node import and require; tsc --strict)
# the app's JavaScript against its JSDoc types (app/tsconfig.json; nothing emitted)
stage "typecheck the board app (tsc -p app)" npx --no -- tsc -p app
# The board app's build, once before the vitest stage: its test files (app-e2e, app-offline,
# app-features) run in parallel workers, and each would otherwise start a vite build of a missing
# or stale app/dist, the builds emptying app/dist under each other. Their own build check is then
# a no-op (it still builds when one of them is run alone).
stage "build the board app (app/dist, vite build when stale)" node app/server.mjs --build --no-serve
# The failed tests are named in the summary (CI shows only the run's tail). A file with a failed
# test is run once more, alone: the browser tests drive a live engine, and under this run's load a
# test has read the page mid-update four times (each then fixed in the test). The stage passes only
# if that second run passes, and the summary still names the first failure, so nothing is hidden.
note_failures() {  # note_failures <prefix> <vitest JSON report>: one summary note per failed test
  local line
  while IFS= read -r line; do notes+=("$1: $line"); done < <(node scripts/vitest-failures.mjs "$2")
}
vitest_all() {
  local report=build/vitest-report.json again=build/vitest-again.json files=()
  rm -f "$report" "$again"
  npx --no vitest run --dir tests/js --reporter=default --reporter=json --outputFile.json="$report" && return 0
  note_failures "vitest failed" "$report"
  mapfile -t files < <(node scripts/vitest-failures.mjs --files "$report")
  if ((${#files[@]} == 0)); then
    notes+=("vitest failed with no failed test named (an error outside the tests: see vitest's own output)")
    return 1
  fi
  printf '\n=== vitest: the failed files once more, alone: %s\n' "${files[*]}"
  if npx --no vitest run "${files[@]}" --reporter=default --reporter=json --outputFile.json="$again"; then
    notes+=("vitest: those passed when run again alone (flaky under load: fix the test)")
    return 0
  fi
  note_failures "vitest failed again" "$again"
  return 1
}
stage "vitest (tests/js)" vitest_all
# <<<

summary
