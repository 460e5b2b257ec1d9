#!/usr/bin/env bash
# Training data on the lent device machine (16 cores, no Node, nothing to install), in one call:
#   here:    bash scripts/device/run.sh --kit          # gathers .devkit/: Stockfish 15.1, mainline_datagen,
#                                                      # mainline_data and the C libraries they run on
#   device:  bash scripts/device/run.sh --minutes M --players P --labellers L --seed S
#            (the device tool's run, carry [".devkit"]) plays, labels and packs into $OUT:
#            gen-<S>-<k>.mlpk.gz per self-play process, generate.log
#   here:    the packs are unpacked to labelled-<k>-0.txt and kept with `npm run net:pack` as usual.
# The programs run through the carried dynamic loader, so the device's own C library does not matter.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
kit=.devkit
if [[ ${1:-} == --kit ]]; then
  rm -rf "$kit"; mkdir -p "$kit/lib"
  cp /usr/games/stockfish build/mainline_datagen build/mainline_data "$kit/"
  for lib in $(ldd /usr/games/stockfish build/mainline_datagen build/mainline_data | awk '/=>/ {print $3} /ld-linux/ {print $1}' | sort -u); do
    cp -L "$lib" "$kit/lib/"
  done
  du -sh "$kit"; exit 0
fi
minutes=8 players=6 labellers=10 seed=7
while (($#)); do
  case $1 in
    --minutes) minutes=$2; shift 2 ;; --players) players=$2; shift 2 ;;
    --labellers) labellers=$2; shift 2 ;; --seed) seed=$2; shift 2 ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
out=${OUT:-/tmp/device-out}; work=/tmp/gen-device; rm -rf "$work"; mkdir -p "$out" "$work"
ld="$PWD/$kit/lib/ld-linux-x86-64.so.2 --library-path $PWD/$kit/lib"
nproc; uname -a
python3 scripts/device/generate.py --out "$work" --minutes "$minutes" --players "$players" \
  --labellers "$labellers" --seed "$seed" --datagen "$ld $PWD/$kit/mainline_datagen" \
  --stockfish "$ld $PWD/$kit/stockfish" 2>&1 | tee "$out/generate.log"
for ((k = 0; k < players; k++)); do
  files=$(ls "$work" | sed -n "s/^labelled-$k-\([0-9]*\)\.txt$/\1/p" | sort -n | sed "s|^|$work/labelled-$k-|; s|$|.txt|")
  [[ -n $files ]] || continue
  $ld "$kit/mainline_data" pack "$work/gen-$seed-$k.mlpk" $files | tee -a "$out/generate.log"
  gzip -9 -c "$work/gen-$seed-$k.mlpk" > "$out/gen-$seed-$k.mlpk.gz"
done
ls -la "$out"
