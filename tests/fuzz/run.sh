#!/usr/bin/env bash
# tests/fuzz/run.sh — builds every tests/fuzz/fuzz_*.c harness with clang's libFuzzer,
# AddressSanitizer and UBSan, replays the committed regression inputs
# (tests/fuzz/corpus/<harness>/), then fuzzes. Two modes:
#
#   run.sh --runs N   deterministic (what ./build.sh test runs): seed 1, a fresh corpus,
#                     N executions per harness. The same commit gives the same result on
#                     every machine, so a green local run means a green CI run.
#   run.sh SECONDS    exploratory (./build.sh fuzz): random seeds, about SECONDS of wall time
#                     (the harnesses share the cores), a corpus that grows across runs on this
#                     machine.
#
# Then the JavaScript fuzzer of the untrusted files (fuzz_files.mjs, below).
# Prints the executions per harness; exits non-zero on any finding (the input is saved as
# build/fuzz/<harness>/crash-* — once fixed, copy it into tests/fuzz/corpus/<harness>/).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=build/fuzz
mkdir -p "$OUT/bin"
CC=$(command -v clang-14 || command -v clang)
harnesses=(tests/fuzz/fuzz_*.c)
if [ "${1:-}" = --runs ]; then
  # Deterministic needs all three: a fixed seed, no periodic corpus reload (a timer), and
  # no address-space randomisation (value profiling sees pointer comparisons).
  budget=(-seed=1 -reload=0 "-runs=${2:?run.sh --runs N}")
  norand=(setarch "$(uname -m)" -R)
  fresh=1
else
  per=$(( ${1:-20} * $(nproc) / ${#harnesses[@]} )) # the harnesses run one per core
  (( per >= 1 )) || per=1
  budget=("-max_total_time=$per")
  norand=()
  fresh=0
fi
flags=(-std=c99 -Wall -Wextra -Werror -pedantic -g -O1 -fno-sanitize-recover=all)
sanitizers=address,undefined,float-cast-overflow

fuzz_one() { # fuzz_one tests/fuzz/fuzz_NAME.c: builds the harness, replays its inputs, fuzzes
  local name bin corpus seeds log runs
  name=$(basename "$1" .c)
  bin=$OUT/bin/$name
  "$CC" "${flags[@]}" "-fsanitize=fuzzer,$sanitizers" -Ic -Itests/fuzz "$1" "$OUT/obj"/*.o -lm -o "$bin" || return 1
  corpus=$OUT/$name/corpus
  (( fresh )) && rm -rf "$corpus"
  seeds=tests/fuzz/corpus/$name
  mkdir -p "$corpus" "$seeds"
  log=$OUT/$name.log
  # -use_value_profile guides the search through the float comparisons; one process per
  # harness (the harnesses run side by side, one per core); stop at the first finding.
  if ( cd "$OUT/$name" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
       "${norand[@]}" "../bin/$name" "${budget[@]}" -use_value_profile=1 -print_final_stats=1 \
       -timeout=10 -rss_limit_mb=1024 corpus "../../../$seeds" ) >"$log" 2>&1; then
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
    echo "fuzz $name: $runs executions, no finding"
  else
    echo "fuzz $name: FINDING (log: $log)"
    grep -E 'fuzz:|ERROR|runtime error|args:|SUMMARY|Test unit written' "$log" | head -20
    return 1
  fi
}

source tests/jobs.sh
# c/*.c compiled once (with libFuzzer's coverage, without its main), then linked into each harness
c_objects "$OUT/obj" "$CC" "${flags[@]}" "-fsanitize=fuzzer-no-link,$sanitizers"
status=0
in_parallel fuzz_one "${harnesses[@]}" || status=1
# The package's untrusted-file entry points (parseBvh, MotionDatabase.fromBytes) are JavaScript:
# a mutational fuzzer seeded with CMU's takes and databases' bytes (tests/fuzz/fuzz_files.mjs),
# against the built dist/; deterministic with --runs (its own count: one input is a whole parse).
if [ "${1:-}" = --runs ]; then
  files=(--runs "${SPRUNG_FUZZ_FILES:-4000}")
else
  files=("$(( per / $(nproc) > 0 ? per / $(nproc) : 1 ))") # one process: a harness's share
fi
node tests/fuzz/fuzz_files.mjs "${files[@]}" || status=1
exit $status
