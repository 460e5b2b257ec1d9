#!/usr/bin/env bash
# The bench signature is a contract: the newest commit whose message carries a line
# `Bench: N` states how many nodes `bench` searches, and both builds must search exactly N.
# A change that alters the search changes N, and its commit message says so; a change that
# claims to leave the search alone keeps N, and this check holds it to that.
#
# Usage: scripts/bench-signature.sh   (from anywhere; runs in the repository root)
# Runs build/mainline bench and node build-wasm/mainline.js bench (build them first,
# scripts/build.sh). Exits 0 only when both print `Nodes searched  : N`. Fails, never skips,
# when no git history is available, when no commit message carries a signature, or when a
# build is missing, crashes or prints another count.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
NATIVE=build/mainline
WASM=build-wasm/mainline.js
BENCH_TIMEOUT=${MAINLINE_BENCH_TIMEOUT:-600}

fail() { echo "FAIL bench signature: $*"; exit 1; }

# ---- the expected signature: the newest `Bench: N` line in the commit messages -------------------
command -v git >/dev/null || fail "git is not installed: the expected node count comes from the 'Bench: N' line of a commit message"
if ! git rev-parse --verify --quiet HEAD >/dev/null 2>&1; then
  fail "no git history in $(pwd) (not a git work tree, or no commits): the expected node count comes from the 'Bench: N' line of a commit message, so the check cannot run without the repository's history"
fi
# Only this repository's history counts, not that of a repository the tree happens to lie in.
if ! [[ $(git rev-parse --show-toplevel 2>/dev/null) -ef . ]]; then
  fail "$(pwd) is not the top of a git work tree (it lies inside $(git rev-parse --show-toplevel)): the expected node count comes from this repository's commit messages, and its history is not here"
fi
# A line of its own, "Bench: 5421807"; git matches ^ and $ at the message's line ends.
SIGNATURE_LINE='^Bench:[[:space:]]*[0-9]+[[:space:]]*$'
commit=$(git log -1 -E --grep="$SIGNATURE_LINE" --format=%H HEAD) || fail "git log failed"
if [[ -z $commit ]]; then
  hint=""
  [[ $(git rev-parse --is-shallow-repository 2>/dev/null) == true ]] &&
    hint=" This is a shallow clone: fetch more history (git fetch --unshallow) and run it again."
  fail "no commit message reachable from HEAD ($(git rev-parse --short HEAD)) has a 'Bench: N' line. A commit that changes the engine ends its message with the node count 'build/mainline bench' prints, e.g. 'Bench: 5421807'.$hint"
fi
expected=$(git log -1 --format=%B "$commit" | sed -nE 's/^Bench:[[:space:]]*([0-9]+)[[:space:]]*$/\1/p' | tail -1)
[[ -n $expected ]] || fail "could not read the 'Bench: N' line of commit $commit"
short=$(git rev-parse --short "$commit")
subject=$(git log -1 --format=%s "$commit")
echo "bench signature: expected $expected, from the 'Bench:' line of commit $short \"$subject\""

# ---- both builds must search exactly that many nodes -----------------------------------------------
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
rc=0
check() {  # check <label> <command...>
  local label=$1; shift
  local out status actual
  out=$(timeout "$BENCH_TIMEOUT" "$@" bench 2>&1)
  status=$?
  if ((status != 0)); then
    echo "FAIL $label: '$* bench' exited with status $status$( ((status == 124)) && echo " (timed out after ${BENCH_TIMEOUT}s)"); its last lines:"
    printf '%s\n' "$out" | tail -5
    rc=1; return
  fi
  actual=$(printf '%s\n' "$out" | sed -nE 's/^Nodes searched[[:space:]]*:[[:space:]]*([0-9]+).*/\1/p' | tail -1)
  if [[ -z $actual ]]; then
    echo "FAIL $label: '$* bench' printed no 'Nodes searched : N' line; its last lines:"
    printf '%s\n' "$out" | tail -5
    rc=1
  elif [[ $actual != "$expected" ]]; then
    echo "FAIL $label: Nodes searched $actual, expected $expected (the 'Bench:' line of commit $short)."
    echo "     If the search was meant to change, the commit message must end with 'Bench: $actual'."
    rc=1
  else
    echo "ok   $label: Nodes searched $actual"
  fi
}
for f in "$NATIVE" "$WASM"; do
  [[ -f $f ]] || { echo "FAIL bench signature: $f is missing (build it with scripts/build.sh)"; rc=1; }
done
[[ -f $NATIVE ]] && check "native ($NATIVE bench)" "$NATIVE"
[[ -f $WASM ]] && check "wasm (node $WASM bench)" node "$WASM"
exit $rc
