#!/usr/bin/env bash
# Full test run (what `npm test` and .ci/run execute):
#   setup (skip with MAINLINE_SKIP_SETUP=1) -> build -> test stages -> summary "N passed, N failed".
# Exits non-zero if anything failed. Stages keep running after a failed test stage; a failed
# setup or build stops the run.
# Env: MAINLINE_DEBUG_BUILD=0  skip the native Debug (asserts) build and its ctest stage
#      CTEST_ARGS="-R Perft"   extra arguments for every ctest stage
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JOBS=${JOBS:-$(nproc)}
DEBUG_BUILD=${MAINLINE_DEBUG_BUILD:-1}
# shellcheck disable=SC2206
CTEST_EXTRA=(${CTEST_ARGS:-})
T0=$SECONDS

passed=0 failed=0 results=()
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
  # Search signature: if `mainline bench` prints "Nodes searched: N" it must agree too.
  local bench_out
  if bench_out=$(timeout 300 build/mainline bench 2>&1) && grep -Eq '^Nodes searched *:' <<<"$bench_out"; then
    local bn bw
    bn=$(grep -E '^Nodes searched *:' <<<"$bench_out" | tail -1)
    bw=$(timeout 600 node build-wasm/mainline.js bench 2>&1 | grep -E '^Nodes searched *:' | tail -1)
    if [[ $bn == "$bw" ]]; then echo "ok   bench signature: native == wasm ($bn)"
    else echo "FAIL bench signature: native '$bn' vs wasm '${bw:-<none>}'"; rc=1; fi
  else
    echo "skip bench signature: 'mainline bench' printed no 'Nodes searched: N' line"
  fi
  return $rc
}
stage "native/wasm perft + bench agreement" perft_agreement

# ---- JS / browser tests -----------------------------------------------------------------------
# >>> later issues: add JS stages here.
# web package (wasm_bindings/ + web/, built by scripts/build.sh into web/dist/): tests/js/engine-*.test.mjs
# run in the vitest stage below on the real WebAssembly build: structured API and stop (Node worker
# threads), UCI text mode and the mainline-uci binary (compared with build/mainline), `npm pack`
# consumer + TypeScript types, and Chromium through playwright-core (plain, COOP/COEP, strict CSP).
# match tool (scripts/match.mjs, scripts/lib/): Elo/SPRT math, adjudication, faults, PGN, a real match
stage "vitest (tests/js)" npx --no vitest run --dir tests/js
# <<<

summary
