#!/usr/bin/env bash
# The network pipeline (docs/network.md): self-play data, training, and a match that tests a
# network against the engine as it is.
#
#   scripts/net.sh datagen [--jobs N] [--games N] [--nodes N] [--eval classic|embedded|NET] [--out DIR]
#       N processes of build/mainline_datagen (one per core by default), seeds 1..N plus --seed-base,
#       writing DIR/data-<seed>.txt (FEN | white's score | result). Runs until --games each.
#   scripts/net.sh generate --out DIR [--minutes M] [--nodes N] [--eval classic|embedded|NET]
#                           [--label-nodes N] [--labellers N] [--players N] [--seed S]
#       One generation's data on this machine: self-play processes of mainline_datagen (at N
#       nodes, default 2000, the embedded network), each appending to a file of its own
#       (DIR/positions.txt, positions-1.txt, ...), while the labellers (default: one per core) take
#       20,000-position slices of them in turn and score each position with Stockfish 15.1 at
#       --label-nodes (default 1000) into DIR/labelled*.txt, the trainer's input (FEN |
#       Stockfish's score | result). A self-play process pauses while more than ten of its slices
#       wait for labels. One self-play process feeds about two labellers (1,300 against 800
#       positions a second each), so --players defaults to one per three labellers (at least one).
#       Runs for M minutes (default 90) or until DIR/STOP exists; running it again on the same DIR
#       continues where it stopped.
#   scripts/net.sh pack --generation G --seed S --labeller TEXT --selfplay TEXT DIR
#       DIR/labelled*.txt -> nets/data/gen<G>-seed<S>.mlpk (a few bytes a position, checked by a
#       round trip) and a row of nets/data/manifest.json (scripts/tune/pack-data.mjs): the data
#       that lasts, in the repository, within 60 MB in all.
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
  generate)
    out='' minutes=90 nodes=2000 eval=embedded label_nodes=1000 labellers=$(nproc) players='' seed=1
    while (($#)); do
      case $1 in
        --out) out=$2; shift 2 ;; --minutes) minutes=$2; shift 2 ;; --nodes) nodes=$2; shift 2 ;;
        --eval) eval=$2; shift 2 ;; --label-nodes) label_nodes=$2; shift 2 ;;
        --labellers) labellers=$2; shift 2 ;; --players) players=$2; shift 2 ;; --seed) seed=$2; shift 2 ;;
        *) die "generate: unknown argument '$1'" ;;
      esac
    done
    [[ -n $out ]] || die "generate: give --out DIR"
    [[ $labellers =~ ^[1-9][0-9]*$ ]] || die "generate: --labellers must be a positive number (got '$labellers')"
    players=${players:-$(( (labellers + 2) / 3 ))}
    [[ $players =~ ^[1-9][0-9]*$ ]] || die "generate: --players must be a positive number (got '$players')"
    [[ -x /usr/games/stockfish ]] || die "generate: Stockfish 15.1 (/usr/games/stockfish) labels the positions: bash scripts/setup.sh installs it"
    build_tools mainline_datagen
    mkdir -p "$out"
    slice=20000
    # Self-play process k writes positions<suffix k>; its slices are counted in claimed<suffix k>
    # and labelled into labelled<suffix k>-<first line>.txt (process 0 has no suffix, so a
    # directory of a one-process run continues as it was).
    suffix() { (( $1 == 0 )) || printf -- '-%d' "$1"; }
    # Positions of self-play process k not yet claimed by a labeller.
    waiting() { local sfx; sfx=$(suffix "$1"); echo $(( $(wc -l < "$out/positions$sfx.txt") - $(cat "$out/claimed$sfx") )); }
    export -f suffix waiting  # the claim below runs in a bash of its own, under flock
    rm -f "$out/STOP"
    for ((k = 0; k < players; k++)); do
      sfx=$(suffix "$k")
      touch "$out/positions$sfx.txt"
      [[ -s $out/claimed$sfx ]] || echo 0 > "$out/claimed$sfx"
    done
    # A previous run may have stopped in the middle of a line: cut it, and relabel any slice
    # whose labelling did not finish.
    python3 - "$out"/positions*.txt <<'PY'
import sys
for name in sys.argv[1:]:
    with open(name, 'rb+') as f:
        data = f.read()
        if data and not data.endswith(b'\n'):
            f.truncate(data.rfind(b'\n') + 1)
PY
    for part in "$out"/labelled*.txt.part; do
      [[ -e $part ]] || continue
      name=${part##*/labelled}; name=${name%.txt.part}  # "-<start>" or "-<k>-<start>"
      if [[ $name =~ ^-([0-9]+)-([0-9]+)$ ]]; then echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
      else echo "0 ${name#-}"; fi >> "$out/retry"
      rm -f "$part"
    done
    # The datagen seeds differ per run and per process, so that a continued generation plays new games.
    run_seed=$((seed * 1000 + $(find "$out" -maxdepth 1 -name 'datagen-*.log' | wc -l)))
    cp build/mainline_datagen "$out/mainline_datagen"  # a rebuild meanwhile does not touch it
    datagen=()
    for ((k = 0; k < players; k++)); do
      "$out/mainline_datagen" --games 100000000 --nodes "$nodes" --eval "$eval" --seed "$((run_seed + k))" \
        --out "$out/positions$(suffix "$k").txt" 2>"$out/datagen-$((run_seed + k)).log" &
      datagen+=($!)
    done
    label_worker() {
      while [[ ! -e $out/STOP ]]; do
        local claim k start sfx
        # "k start": a retried slice first, else the next whole slice of the self-play file
        # with the most waiting (so that every process keeps playing).
        claim=$(flock "$out/claim.lock" bash -c '
          out=$1 slice=$2 players=$3
          if [[ -s $out/retry ]]; then head -1 "$out/retry"; sed -i 1d "$out/retry"; exit; fi
          best=-1 most=0
          for ((k = 0; k < players; k++)); do
            w=$(waiting "$k")
            if (( w >= slice && w > most )); then best=$k most=$w; fi
          done
          (( best >= 0 )) || exit 0
          sfx=$(suffix "$best")
          c=$(cat "$out/claimed$sfx"); echo $((c + slice)) > "$out/claimed$sfx"; echo "$best $c"' _ "$out" "$slice" "$players")
        if [[ -z $claim ]]; then sleep 5; continue; fi
        read -r k start <<< "$claim"
        sfx=$(suffix "$k")
        sed -n "$((start + 1)),$((start + slice))p" "$out/positions$sfx.txt" > "$out/slice$sfx-$start.txt"
        if node scripts/tune/label.mjs --nodes "$label_nodes" --jobs 1 --replace "$out/slice$sfx-$start.txt" \
             > "$out/labelled$sfx-$start.txt.part" 2> "$out/label$sfx-$start.log"; then
          mv "$out/labelled$sfx-$start.txt.part" "$out/labelled$sfx-$start.txt"
        fi
        rm -f "$out/slice$sfx-$start.txt"
      done
    }
    workers=()
    for ((i = 0; i < labellers; i++)); do label_worker & workers+=($!); done
    # Interrupted: stop everything now; an unfinished slice is labelled again by the next run.
    interrupted() {
      touch "$out/STOP"
      for d in "${datagen[@]}"; do kill -CONT "$d" 2>/dev/null; kill "$d" 2>/dev/null; done
      for w in "${workers[@]}"; do pkill -TERM -P "$w" 2>/dev/null; kill "$w" 2>/dev/null; done
      echo "net.sh: interrupted; run the same command again to continue" >&2
      exit 130
    }
    trap interrupted INT TERM
    echo "net.sh: $players self-play process(es) at $nodes nodes ($eval) into $out/positions*.txt," \
         "$labellers labeller(s) at $label_nodes nodes; until $(date -d "+$minutes minutes" +%H:%M) or $out/STOP"
    deadline=$(( $(date +%s) + minutes * 60 ))
    while [[ ! -e $out/STOP ]] && (( $(date +%s) < deadline )); do
      for ((k = 0; k < players; k++)); do
        backlog=$(waiting "$k")
        if (( backlog > 10 * slice )); then kill -STOP "${datagen[k]}" 2>/dev/null || true
        elif (( backlog < 3 * slice )); then kill -CONT "${datagen[k]}" 2>/dev/null || true; fi
      done
      sleep 10
    done
    touch "$out/STOP"
    for d in "${datagen[@]}"; do kill -CONT "$d" 2>/dev/null || true; kill "$d" 2>/dev/null || true; done
    # Labellers finish the slice they are on (at most a minute or so).
    wait "${workers[@]}" 2>/dev/null || true
    wait "${datagen[@]}" 2>/dev/null || true
    echo "net.sh: $(cat "$out"/positions*.txt | wc -l) positions played, $(cat "$out"/labelled*.txt 2>/dev/null | wc -l) labelled in $out/labelled*.txt"
    ;;
  pack)
    build_tools mainline_data
    exec node scripts/tune/pack-data.mjs "$@"
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
  *) die "usage: scripts/net.sh datagen|generate|pack|train|test ... (see the comment at the top)" ;;
esac
