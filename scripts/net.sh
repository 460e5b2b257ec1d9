#!/usr/bin/env bash
# The network pipeline (docs/network.md): self-play data, training, and a match that tests a
# network against the engine as it is.
#
#   scripts/net.sh datagen [--jobs N] [--games N] [--nodes N] [--eval classic|embedded|NET] [--out DIR]
#       N processes of build/mainline_datagen (one per core by default), seeds 1..N plus --seed-base,
#       writing DIR/data-<seed>.txt (FEN | white's score | result). Runs until --games each.
#   scripts/net.sh train [trainer options] --out NET DATA...
#       build/mainline_nnue_train (see its --help); writes the quantised network NET.
#   scripts/net.sh test NET [--against classic|embedded|NET2] [--nodes N] [--games N] [--sprt ...]
#                           [--concurrency N]
#       A match at a fixed node count, NET (engine 1) against the classic evaluation or another
#       network (engine 2), SPRT [0, 10] by default, with the project's match tool, from 3000
#       random openings (scripts/tune/random-openings.mjs), each played with both colours.
# npm run net:datagen / net:train / net:test call these. Builds what they need first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

die() { printf 'net.sh: %s\n' "$*" >&2; exit 2; }
build_tools() { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j"$(nproc)" --target "$@" >/dev/null; }

cmd=${1:-}; shift || true
case $cmd in
  datagen)
    jobs=$(nproc) games=100000 nodes=6000 eval=classic out=/tmp/mainline-net-data seed_base=0
    while (($#)); do
      case $1 in
        --jobs) jobs=$2; shift 2 ;; --games) games=$2; shift 2 ;; --nodes) nodes=$2; shift 2 ;;
        --eval) eval=$2; shift 2 ;; --out) out=$2; shift 2 ;; --seed-base) seed_base=$2; shift 2 ;;
        *) die "datagen: unknown argument '$1'" ;;
      esac
    done
    build_tools mainline_datagen
    mkdir -p "$out"
    pids=()
    for ((i = 1; i <= jobs; i++)); do
      seed=$((seed_base + i))
      build/mainline_datagen --games "$games" --nodes "$nodes" --eval "$eval" --seed "$seed" \
        --out "$out/data-$seed.txt" 2>"$out/data-$seed.log" &
      pids+=($!)
    done
    echo "net.sh: $jobs datagen processes writing $out/data-*.txt (logs beside them)"
    wait "${pids[@]}"
    cat "$out"/data-*.txt | wc -l | xargs printf 'net.sh: %s positions\n'
    ;;
  train)
    build_tools mainline_nnue_train
    exec build/mainline_nnue_train "$@"
    ;;
  test)
    net=${1:-}; [[ -n $net && -f $net ]] || die "test: give a network file (got '${net}')"; shift
    against=classic nodes=20000 games=20000 sprt="elo0=0,elo1=10,alpha=0.05,beta=0.05" concurrency=$(nproc)
    while (($#)); do
      case $1 in
        --against) against=$2; shift 2 ;; --nodes) nodes=$2; shift 2 ;; --games) games=$2; shift 2 ;;
        --sprt) sprt=$2; shift 2 ;; --concurrency) concurrency=$2; shift 2 ;;
        *) die "test: unknown argument '$1'" ;;
      esac
    done
    build_tools mainline
    openings=build/net-test-openings.epd
    [[ -s $openings ]] || node scripts/tune/random-openings.mjs --count 3000 --seed 11 > "$openings"
    e1=(--e1opt "Use NNUE=true" --e1opt "EvalFile=$(realpath "$net")")
    case $against in
      classic) e2=(--e2opt "Use NNUE=false") ;;
      embedded) e2=(--e2opt "Use NNUE=true") ;;
      *) e2=(--e2opt "Use NNUE=true" --e2opt "EvalFile=$(realpath "$against")") ;;
    esac
    exec node scripts/match.mjs --engine1 build/mainline --engine2 build/mainline "${e1[@]}" "${e2[@]}" \
      --nodes "$nodes" --games "$games" --openings "$openings" --random --concurrency "$concurrency" --sprt "$sprt"
    ;;
  *) die "usage: scripts/net.sh datagen|train|test ... (see the comment at the top)" ;;
esac
