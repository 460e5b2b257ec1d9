#!/usr/bin/env bash
# Training data on the lent device machine (16 cores, no Node, nothing to install), in one call:
#   here:    bash scripts/device/run.sh --kit          # gathers .devkit/kit.tar.xz: Stockfish 15.1,
#                                                      # mainline_datagen, mainline_data and the C
#                                                      # libraries they run on (about 25 MB)
#   device:  bash scripts/device/run.sh --minutes M --players P --labellers L --seed S
#            (the device tool's run, carry [".devkit"]) plays, labels and packs into $OUT:
#            gen-<S>-<k>.mlpk.gz per self-play process, generate.log
#   here:    the packs are unpacked to labelled-<k>-0.txt and kept with `npm run net:pack` as usual.
# The programs run through the carried dynamic loader, so the device's own C library does not matter;
# the kit is unpacked there with Python's tarfile (the device has Python, not necessarily xz).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
kit=.devkit
if [[ ${1:-} == --kit ]]; then
  # Compressed (xz: Stockfish's 47 MB, most of it its network, become about 22): the working tree
  # the device receives is at most 64 MiB, and nets/data alone is tracked up to 60 MB, so the
  # uncompressed kit (51 MB) stopped fitting once nets/data passed about 12 MB, and this one
  # (about 24 MB) once it passed about 38 MB: then see docs/network.md (the device, session 17).
  stage=$(mktemp -d); mkdir -p "$stage/lib"
  cp /usr/games/stockfish build/mainline_datagen build/mainline_data "$stage/"
  for lib in $(ldd /usr/games/stockfish build/mainline_datagen build/mainline_data | awk '/=>/ {print $3} /ld-linux/ {print $1}' | sort -u); do
    cp -L "$lib" "$stage/lib/"
  done
  rm -rf "$kit"; mkdir -p "$kit"
  XZ_OPT="-6 -T0" tar -cJf "$kit/kit.tar.xz" -C "$stage" .
  rm -rf "$stage"
  tracked=$(git ls-files -z | du -cb --files0-from=- | tail -1 | cut -f1)
  kitbytes=$(stat -c %s "$kit/kit.tar.xz")
  echo "kit: $kitbytes bytes; with the $tracked tracked bytes the device receives $((tracked + kitbytes)) of $((64 << 20))"
  (( tracked + kitbytes <= 64 << 20 )) || { echo "run.sh: tracked files and kit pass the device's 64 MiB: keep nets/data from travelling for the call (docs/network.md)" >&2; exit 1; }
  exit 0
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
bin=/tmp/devkit; rm -rf "$bin"; mkdir -p "$bin"
python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2], filter="data")' "$kit/kit.tar.xz" "$bin"
ld="$bin/lib/ld-linux-x86-64.so.2 --library-path $bin/lib"
nproc; uname -a
python3 scripts/device/generate.py --out "$work" --minutes "$minutes" --players "$players" \
  --labellers "$labellers" --seed "$seed" --datagen "$ld $bin/mainline_datagen" \
  --stockfish "$ld $bin/stockfish" 2>&1 | tee "$out/generate.log"
for ((k = 0; k < players; k++)); do
  files=$(ls "$work" | sed -n "s/^labelled-$k-\([0-9]*\)\.txt$/\1/p" | sort -n | sed "s|^|$work/labelled-$k-|; s|$|.txt|")
  [[ -n $files ]] || continue
  $ld "$bin/mainline_data" pack "$work/gen-$seed-$k.mlpk" $files | tee -a "$out/generate.log"
  gzip -9 -c "$work/gen-$seed-$k.mlpk" > "$out/gen-$seed-$k.mlpk.gz"
done
ls -la "$out"
