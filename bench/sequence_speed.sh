#!/usr/bin/env bash
# grundy's speed on long heap-value sequences, to compare with any other
# program run on the same machine: for each code and size below (0.6 and
# 0.014 to 2^22; 0.034, 0.161 and 0.172 to 2^20; 0.16 to 2^26) it computes G(0..n-1) with the rare/common engine on 1
# and 2 threads and prints the seconds, the values per second and the vector
# kernel chosen (the instruction set Highway picked, or "portable").
#
# Usage: bench/sequence_speed.sh BUILD_DIR [-s SHIFT] [-r RUNS] [-p] [-t TARGET]
#   -s SHIFT  every n divided by 2^SHIFT (a quick look: -s 6)
#   -r RUNS   runs of each line, the median printed (default 3)
#   -p        the portable kernels instead of the vector ones
#   -t TARGET the vector kernels of one instruction set this CPU runs, by
#             Highway's name (AVX3 = AVX-512, AVX2, SSE4, ...), instead of
#             the best one: to compare instruction sets on one machine
# Needs the target bench_officers_run (cmake --build BUILD_DIR --target
# bench_officers_run); builds nothing. Run it on a quiet machine: every
# line is one process at a time, and other load changes the figures.
set -euo pipefail

build=${1:?usage: bench/sequence_speed.sh BUILD_DIR [-s SHIFT] [-r RUNS] [-p] [-t TARGET]}
shift
shift_by=0 runs=3 engine=fast target=()
while getopts "s:r:pt:" opt; do
  case $opt in
    s) shift_by=$OPTARG ;;
    r) runs=$OPTARG ;;
    p) engine=portable ;;
    t) target=("$OPTARG") ;;
    *) echo "usage: bench/sequence_speed.sh BUILD_DIR [-s SHIFT] [-r RUNS] [-p] [-t TARGET]" >&2; exit 2 ;;
  esac
done
[[ $shift_by =~ ^[0-9]+$ && $shift_by -lt 20 && $runs =~ ^[1-9][0-9]*$ ]] || {
  echo "sequence_speed.sh: SHIFT must be a whole number below 20, RUNS one from 1 on" >&2
  exit 2
}
run="$build/bench/bench_officers_run"
[ -x "$run" ] || { echo "sequence_speed.sh: no $run: build the target bench_officers_run first" >&2; exit 2; }
if [ ${#target[@]} -gt 0 ]; then  # an unknown target: the driver's one line, before any timing
  "$run" 0 0.6 1 "$engine" "${target[@]}" >/dev/null || exit 2
fi

# code and log2 of n, as in the table.
table=("0.6 22" "0.014 22" "0.034 20" "0.161 20" "0.172 20" "0.16 26")

printf '%-7s %-10s %-7s %-9s %-12s %-8s %s\n' code n threads seconds values/s kernel checksum
for line in "${table[@]}"; do
  read -r code log2n <<<"$line"
  n=$(( 1 << (log2n - shift_by) ))
  for threads in 1 2; do
    seconds=() kernel="" checksum=""
    for ((r = 0; r < runs; r++)); do
      out=$("$run" $((n - 1)) "$code" "$threads" "$engine" "${target[@]}" 2>/dev/null)
      seconds+=("$(awk '/^G\(0\.\./ { for (i = 1; i < NF; i++) if ($(i + 1) == "s") print $i }' <<<"$out")")
      kernel=$(awk '/^code / { for (i = 1; i < NF; i++) if ($i == "kernel") print $(i + 1) }' <<<"$out")
      checksum=$(awk '/checksum/ { print $NF }' <<<"$out")
    done
    median=$(printf '%s\n' "${seconds[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    rate=$(awk -v n="$n" -v s="$median" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "-" }')
    printf '%-7s %-10s %-7s %-9s %-12s %-8s %s\n' "$code" "2^$((log2n - shift_by))" "$threads" \
      "$median" "$rate" "$kernel" "$checksum"
  done
done
