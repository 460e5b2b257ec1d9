#!/usr/bin/env bash
# Incremental build of every Mainline configuration:
#   build/        native Release (-O3 -mpopcnt)          -> build/mainline, build/mainline_tests
#   build-debug/  native Debug (asserts on)               -> skipped with --no-debug or MAINLINE_DEBUG_BUILD=0
#   build-wasm/   Emscripten Release, run under node      -> build-wasm/mainline.js (+ .wasm), mainline_tests.js
#                 and the web builds mainline_web, mainline_web_mt (threaded) (-> web/dist/)
# Usage: scripts/build.sh [--native-only | --wasm-only | --web-only] [--no-debug] [--sanitize] [--tsan]
#   --web-only   only the npm package's engine (build-wasm/'s mainline_web and mainline_web_mt, bundled
#                into web/dist/): what `npm pack` in web/ builds when web/dist/ is missing or stale
#   --sanitize   also build build-asan/ (native Debug, MAINLINE_SANITIZE=ON: ASan+UBSan)
#   --tsan       also build build-tsan/ (native, MAINLINE_SANITIZE_THREAD=ON: ThreadSanitizer; the UCI
#                binary and the tests only)
# Extra cmake configure arguments can be passed in MAINLINE_CMAKE_ARGS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# em++ -O2 and up runs a JS minifier that needs Debian's node-acorn, which node finds only through
# NODE_PATH ("Cannot find module 'acorn'" at link time otherwise)
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JOBS=${JOBS:-$(nproc)}
NODE_BIN=$(command -v node || echo /usr/bin/node)

native=1 wasm=1 web_only=0 debug=${MAINLINE_DEBUG_BUILD:-1} asan=0 tsan=0
for arg in "$@"; do
  case $arg in
    --native-only) wasm=0 ;;
    --wasm-only)   native=0 ;;
    --web-only)    native=0 web_only=1 ;;
    --no-debug)    debug=0 ;;
    --sanitize)    asan=1 ;;
    --tsan)        tsan=1 ;;
    -h|--help)     sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
# shellcheck disable=SC2206
extra=(${MAINLINE_CMAKE_ARGS:-})

# configure <dir> <cmake command...>: (re)configure only when needed; the generated build system
# re-runs cmake by itself when CMakeLists.txt changes, and file(GLOB CONFIGURE_DEPENDS) picks up new
# sources, so a plain `cmake --build` is incremental.
configure() {
  local dir=$1; shift
  if [[ -f $dir/CMakeCache.txt && -f $dir/Makefile ]]; then return 0; fi
  echo "build.sh: configuring $dir"
  "$@"
}

step() {  # step <label> <dir> [targets...]
  local label=$1 dir=$2 t0=$SECONDS
  shift 2
  echo "build.sh: building $label ($dir, -j$JOBS)"
  if (($#)); then cmake --build "$dir" -j"$JOBS" --target "$@"; else cmake --build "$dir" -j"$JOBS"; fi
  echo "build.sh: $label done in $((SECONDS - t0))s"
}

if ((native)); then
  configure build cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
  step "native Release" build
  if ((debug)); then
    configure build-debug cmake -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug "${extra[@]}"
    step "native Debug" build-debug
  fi
  if ((asan)); then
    configure build-asan cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMAINLINE_SANITIZE=ON "${extra[@]}"
    step "native ASan+UBSan" build-asan
  fi
  if ((tsan)); then
    # -O1 without asserts: ThreadSanitizer slows every access ~10x, and the asserts (a full network
    # evaluation beside every incremental one) another ~10x; the Debug and ASan builds check those.
    configure build-tsan cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
      -DMAINLINE_SANITIZE_THREAD=ON "${extra[@]}"
    step "native ThreadSanitizer" build-tsan mainline mainline_tests
  fi
fi

if ((wasm)); then
  configure build-wasm emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CROSSCOMPILING_EMULATOR="$NODE_BIN" "${extra[@]}"
  if ((web_only)); then step "web package's engine" build-wasm mainline_web mainline_web_mt mainline_rules
  else step "wasm Release" build-wasm
  fi
  # web package (web/): the CMake targets mainline_web and mainline_web_mt (threaded) copied
  # web/dist/mainline_web{,_mt}.{js,wasm} (+ mainline_web_mt.worker.js); bundle the browser
  # workers web/dist/worker.js and worker-mt.js from them (esbuild, from npm ci).
  # (--stamp: web/dist/BUILD.json records the sources this engine was built from, for npm pack)
  node web/scripts/bundle.mjs --stamp
fi
