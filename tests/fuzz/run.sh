#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS — builds every tests/fuzz/fuzz_*.c harness with clang's
# libFuzzer, AddressSanitizer and UBSan, replays the committed regression inputs
# (tests/fuzz/corpus/<harness>/), then fuzzes for SECONDS in total, shared between the
# harnesses. Prints the executions per harness; exits non-zero on any finding (the input
# is saved as build/fuzz/<harness>/crash-* — copy it into the corpus once fixed).
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_TOTAL=${1:-20}
OUT=build/fuzz
mkdir -p "$OUT/bin"
CC=$(command -v clang-14 || command -v clang)
harnesses=(tests/fuzz/fuzz_*.c)
per=$(( SECONDS_TOTAL / ${#harnesses[@]} ))
(( per >= 1 )) || per=1
status=0
for src in "${harnesses[@]}"; do
  name=$(basename "$src" .c)
  bin=$OUT/bin/$name
  "$CC" -std=c99 -Wall -Wextra -Werror -pedantic -g -O1 \
    -fsanitize=fuzzer,address,undefined,float-cast-overflow -fno-sanitize-recover=all \
    -Ic -Itests/fuzz "$src" c/*.c -lm -o "$bin"
  corpus=$OUT/$name/corpus   # grows across runs on this machine; not committed
  seeds=tests/fuzz/corpus/$name
  mkdir -p "$corpus" "$seeds"
  log=$OUT/$name.log
  # -use_value_profile guides the search through the float comparisons; one process (the
  # machine is shared); stop at the first finding.
  if ( cd "$OUT/$name" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
       "../bin/$name" -max_total_time="$per" -use_value_profile=1 -print_final_stats=1 \
       -timeout=10 -rss_limit_mb=1024 corpus "../../../$seeds" ) >"$log" 2>&1; then
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
    echo "fuzz $name: $runs executions in ${per}s, no finding"
  else
    status=1
    echo "fuzz $name: FINDING (log: $log)"
    grep -E 'fuzz:|ERROR|runtime error|args:|SUMMARY|Test unit written' "$log" | head -20
  fi
done
exit $status
