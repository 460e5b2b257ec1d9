#!/usr/bin/env bash
# `npm start`: set up the machine, build the WebAssembly engine (web/dist/) and the board app
# (app/dist/, vite build), then serve the app at http://127.0.0.1:5173 until Ctrl+C.
#   PORT=8080 npm start          another port (HOST=0.0.0.0 to listen beyond this machine)
#   MAINLINE_COI=0 npm start     serve without COOP/COEP (the engine then stops searches by
#                                restarting its worker instead of through SharedArrayBuffer)
#   MAINLINE_SKIP_SETUP=1        skip scripts/setup.sh
# The native UCI engine: `npm run uci` (builds build/mainline, then runs it in this terminal).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ${MAINLINE_SKIP_SETUP:-0} != 1 ]]; then
  bash scripts/setup.sh
fi
bash scripts/build.sh --wasm-only --no-debug
args=(--build)
[[ ${MAINLINE_COI:-1} == 0 ]] && args+=(--no-isolation)
exec node app/server.mjs "${args[@]}"
