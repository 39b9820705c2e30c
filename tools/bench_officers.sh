#!/usr/bin/env bash
# Long measurements of the rare/common engine with bench_officers_run (builds
# nothing). Usage: tools/bench_officers.sh BUILD_DIR [LOG2N ...]
# Default: Officers (0.6) to 2^26 and 2^28 with one and two threads; each line
# prints the time, values/s and a checksum of the values (equal checksums for
# equal n mean equal sequences). 2^28 values take 512 MiB and minutes.
set -euo pipefail
build=${1:?usage: tools/bench_officers.sh BUILD_DIR [LOG2N ...]}
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(26 28)
run="$build/bench/bench_officers_run"
[ -x "$run" ] || { echo "no $run: build the target bench_officers_run first" >&2; exit 2; }
for log2n in "${sizes[@]}"; do
  for threads in 1 2; do
    echo "== 0.6 to 2^$log2n, $threads thread(s)"
    "$run" $(( (1 << log2n) - 1 )) 0.6 "$threads"
  done
done
