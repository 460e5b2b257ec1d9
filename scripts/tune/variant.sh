#!/usr/bin/env bash
# Builds a native `mainline` with one search or evaluation constant changed, for an A/B match
# against the unchanged engine (each selectivity feature is kept only if a match says it gains).
# Usage: scripts/tune/variant.sh NAME FILE 'sed expression' [more FILE 'sed' pairs...]
#   e.g. scripts/tune/variant.sh no-nmp engine/search_params.h 's/NULL_MOVE = true/NULL_MOVE = false/'
# Result: /tmp/mainline-variants/NAME/build/mainline (prints the path and its bench signature).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
name=$1; shift
dir=/tmp/mainline-variants/$name
rm -rf "$dir/src"; mkdir -p "$dir/src"
cp -r CMakeLists.txt cmake engine tools "$dir/src/"
while (($#)); do
  file=$1 expr=$2; shift 2
  before=$(md5sum "$dir/src/$file")
  sed -i "$expr" "$dir/src/$file"
  [[ $(md5sum "$dir/src/$file") != "$before" ]] || { echo "variant.sh: '$expr' changed nothing in $file" >&2; exit 1; }
done
cmake -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release -DMAINLINE_BUILD_TESTS=OFF >/dev/null
cmake --build "$dir/build" -j"${JOBS:-2}" --target mainline >/dev/null
echo "$dir/build/mainline $("$dir/build/mainline" bench 2>&1 | grep -E '^Nodes searched')"
