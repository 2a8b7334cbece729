# tests/jobs.sh — sourced by build.sh (test_c) and tests/fuzz/run.sh: the C sources compiled
# once per configuration, and jobs run as many at a time as the machine has cores.

# c_objects DIR COMPILER FLAG...: compiles every c/*.c once into DIR/<name>.o (DIR emptied
# first, so nothing stale is linked), for the tests to link. Prints the compilers' messages;
# fails when a file does not compile.
c_objects() {
  local dir=$1 src
  shift
  rm -rf "$dir"
  mkdir -p "$dir"
  for src in c/*.c; do basename "$src" .c; done |
    xargs -P "$(nproc)" -I{} "$@" -c c/{}.c -o "$dir/{}.o"
}

# in_parallel FUNCTION ARG...: calls FUNCTION ARG for each ARG, as many at a time as there are
# cores, each in a subshell with its output captured; then prints the outputs in the order of
# the ARGs, and fails if any call failed.
in_parallel() {
  local fn=$1 dir arg status=0 i=0 k
  shift
  dir=$(mktemp -d)
  for arg in "$@"; do
    while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || true; done
    (
      set +e
      "$fn" "$arg" >"$dir/$i.out" 2>&1
      echo $? >"$dir/$i.rc"
    ) &
    i=$((i + 1))
  done
  wait
  for ((k = 0; k < i; k++)); do
    cat "$dir/$k.out"
    [ "$(cat "$dir/$k.rc")" = 0 ] || status=1
  done
  rm -rf "$dir"
  return $status
}
