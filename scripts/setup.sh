#!/usr/bin/env bash
# Idempotent machine set-up for Mainline (Debian 12). Installs only what is missing:
#   emscripten (em++, emcmake, node-acorn), cmake, g++, googletest (/usr/src/googletest),
#   libgtest-dev, zlib1g-dev, chromium, firefox-esr and libwebkit2gtk-4.1-0 with xvfb (the browser tests
#   run the package in Chromium, Firefox and WebKit: WebKitGTK's MiniBrowser on a virtual display),
#   wabt (wasm-objdump), stockfish, glaurung, toga2 (opponents for `npm run match`),
#   clang + libclang-rt-dev (libFuzzer, for scripts/fuzz.sh), nodejs >= 20, npm
# then runs `npm ci` when node_modules is missing or older than package-lock.json.
# A fast no-op when everything is present. Needs root (or password-less sudo) only to install.
#   --bench-extras   also linux-perf (native profiles: `node scripts/profile.mjs`); neither the
#                    build nor the tests need it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

extras=0
for arg in "$@"; do
  case $arg in
    --bench-extras) extras=1 ;;
    *) printf 'setup: ERROR: unknown option %s (known: --bench-extras)\n' "$arg" >&2; exit 2 ;;
  esac
done

NODE_MIN_MAJOR=20
log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }

have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_gtest_lib() { compgen -G '/usr/lib/*/libgtest.a' >/dev/null || compgen -G '/usr/lib/libgtest.a' >/dev/null; }
# libFuzzer's runtime (Debian: libclang-rt-14-dev, pulled in by libclang-rt-dev; clang only recommends it)
have_fuzzer_rt() { compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/*/libclang_rt.fuzzer*.a' >/dev/null; }
have_minibrowser() { compgen -G '/usr/lib/*/webkit2gtk-4.1/MiniBrowser' >/dev/null; }
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# check  <apt package>  <test...>   — one line per requirement
missing=()
check() {
  local pkg=$1; shift
  if ! "$@"; then
    [[ " ${missing[*]-} " == *" $pkg "* ]] || missing+=("$pkg")
  fi
}
run_checks() {
  missing=()
  check emscripten  have_cmd em++
  check emscripten  have_cmd emcmake
  check node-acorn  test -d /usr/share/nodejs/acorn      # em++ -O2+ needs it via NODE_PATH
  check cmake       have_cmd cmake
  check g++         have_cmd g++
  check googletest  test -f /usr/src/googletest/CMakeLists.txt
  check libgtest-dev test -f /usr/include/gtest/gtest.h
  check libgtest-dev have_gtest_lib
  check zlib1g-dev  test -f /usr/include/zlib.h      # the training data's packs are gzip-compressed
  check chromium    have_cmd chromium
  check firefox-esr have_cmd firefox-esr
  check libwebkit2gtk-4.1-0 have_minibrowser
  check xvfb        have_cmd Xvfb
  check wabt        have_cmd wasm-objdump
  check stockfish   test -x /usr/games/stockfish
  check glaurung    test -x /usr/games/glaurung
  check toga2       test -x /usr/games/toga2
  check clang       have_cmd clang++
  check libclang-rt-dev have_fuzzer_rt
  check nodejs      have_cmd node
  check npm         have_cmd npm
  if ((extras)); then
    check linux-perf  have_cmd perf
  fi
}

run_checks
if ((${#missing[@]})); then
  log "missing packages: ${missing[*]}"
  if [[ $(id -u) -eq 0 ]]; then
    SUDO=()
  elif have_cmd sudo && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    die "cannot install ${missing[*]}: not root and no password-less sudo. As root run:
  apt-get update && apt-get install -y ${missing[*]}"
  fi
  have_cmd apt-get || die "apt-get not found; install manually: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt_opts=(-o DPkg::Lock::Timeout=600)   # wait for a concurrent apt/dpkg instead of failing
  log "apt-get update"
  "${SUDO[@]}" apt-get "${apt_opts[@]}" update -q || die "apt-get update failed"
  log "apt-get install -y ${missing[*]}"
  if ! "${SUDO[@]}" apt-get "${apt_opts[@]}" install -y -q "${missing[@]}"; then
    die "apt-get install failed for: ${missing[*]}"
  fi
  run_checks
  ((${#missing[@]} == 0)) || die "still missing after apt-get install: ${missing[*]}"
fi

major=$(node_major)
if ((major < NODE_MIN_MAJOR)); then
  die "Node.js >= ${NODE_MIN_MAJOR} is required, found $(node --version 2>/dev/null || echo none) at $(command -v node).
  Debian 12's own nodejs is 18; install Node ${NODE_MIN_MAJOR}+ (e.g. the NodeSource nodejs package) and re-run."
fi

# npm dependencies: `npm ci` when node_modules is missing or older than the lockfile.
[[ -f package-lock.json ]] || die "package-lock.json is missing (run 'npm install' and commit it)"
needs_ci=0
if node -e 'const l=require("./package-lock.json");process.exit(Object.keys(l.packages||{}).some(k=>k!=="")?0:1)'; then
  stamp=node_modules/.package-lock.json        # npm ci/install rewrite this file
  if [[ ! -d node_modules || ! -f $stamp || package-lock.json -nt $stamp ]]; then needs_ci=1; fi
fi   # else: no dependencies in the lockfile yet, nothing to install
if ((needs_ci)); then
  log "npm ci"
  npm ci --no-audit --no-fund || die "npm ci failed"
fi

log "ok (em++ $(em++ --version 2>/dev/null | head -1 | grep -o '[0-9][0-9.]*' | head -1), cmake $(cmake --version | head -1 | awk '{print $3}'), node $(node --version), npm $(npm --version))"
