#!/usr/bin/env bash
# tests/c/objects.sh DIR COMPILER FLAG... — compiles every c/*.c once into DIR/<name>.o (DIR is
# emptied first), as many at a time as the machine has cores, for the tests to link: build.sh's
# test_c (gcc, AddressSanitizer + UBSan) and tests/fuzz/run.sh (clang, libFuzzer's coverage).
# Every compiler message is printed; exits non-zero when a file does not compile.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$1
shift
rm -rf "$dir"
mkdir -p "$dir"
for src in c/*.c; do basename "$src" .c; done |
  xargs -P "$(nproc)" -I{} "$@" -c c/{}.c -o "$dir/{}.o"
