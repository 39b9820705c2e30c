#!/usr/bin/env bash
# Reading speed on a large Nim position: the plain iostream loop a typical
# AcWing 891 solution uses (compiled with g++ -O2) against the example program
# built from examples/acwing_891_nim.cpp and `grundy analyze nim --input FILE --count`, on the same 10^7 heaps of
# random values below 2^30. Prints the best of three wall-clock times of each
# and their ratios to the baseline, and checks that they agree. For reference
# it also times the same loop with ios::sync_with_stdio(false), the usual
# first fix for a slow cin.
#
# Usage: tools/bench_nim_file.sh [BUILD_DIR]   (default: build; a Release build
#        with the targets acwing_891_nim and grundy_cli)
# Environment: HEAPS (default 10000000), RUNS (default 3).
set -euo pipefail

build=${1:-build}
heaps=${HEAPS:-10000000}
runs=${RUNS:-3}
example="$build/examples/acwing_891_nim"
cli="$build/grundy"
for binary in "$example" "$cli"; do
  if [[ ! -x "$binary" ]]; then
    echo "error: $binary not found; build it first, e.g." \
         "cmake --build $build -j2 --target acwing_891_nim grundy_cli" >&2
    exit 2
  fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/bench-nim-file.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# The position, AcWing 891 format: the count, then the heaps on one line.
cat > "$scratch/generate.cpp" <<'CPP'
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
int main(int argc, char** argv) {
  const unsigned long count = std::strtoul(argv[1], nullptr, 10);
  std::mt19937 rng(20240611);  // fixed: every run times the same file
  std::string out = std::to_string(count) + "\n";
  for (unsigned long i = 0; i < count; ++i) {
    out += std::to_string(rng() >> 2);  // below 2^30
    out += i + 1 < count ? ' ' : '\n';
    if (out.size() > (1 << 20)) { std::fwrite(out.data(), 1, out.size(), stdout); out.clear(); }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
}
CPP
# The baseline: the typical contest loop, as such solutions are usually written.
cat > "$scratch/baseline.cpp" <<'CPP'
#include <bits/stdc++.h>
using namespace std;
int main() {
  int n, x, res = 0;
  cin >> n;
  while (n--) {
    cin >> x;
    res ^= x;
  }
  cout << (res ? "Yes" : "No");
  return 0;
}
CPP
sed 's/  cin >> n;/  ios::sync_with_stdio(false);\n  cin.tie(nullptr);\n  cin >> n;/' \
  "$scratch/baseline.cpp" > "$scratch/unsynced.cpp"
g++ -O2 -o "$scratch/generate" "$scratch/generate.cpp"
g++ -O2 -o "$scratch/baseline" "$scratch/baseline.cpp"
g++ -O2 -o "$scratch/unsynced" "$scratch/unsynced.cpp"
"$scratch/generate" "$heaps" > "$scratch/acwing.txt"
tail -n +2 "$scratch/acwing.txt" > "$scratch/heaps.txt"  # grundy's --input takes heaps only
echo "position: $heaps heaps below 2^30, $(stat -c %s "$scratch/acwing.txt") bytes"

# best_ms NAME INPUT COMMAND...: runs COMMAND with INPUT on stdin $runs times,
# keeps its output in $scratch/NAME.out, prints the best time in milliseconds.
best_ms() {
  local name=$1 input=$2 best="" start end ms
  shift 2
  for ((i = 0; i < runs; ++i)); do
    start=$(date +%s%N)
    "$@" < "$input" > "$scratch/$name.out"
    end=$(date +%s%N)
    ms=$(((end - start) / 1000000))
    if [[ -z $best || $ms -lt $best ]]; then best=$ms; fi
  done
  echo "$best"
}

baseline_ms=$(best_ms baseline "$scratch/acwing.txt" "$scratch/baseline")
unsynced_ms=$(best_ms unsynced "$scratch/acwing.txt" "$scratch/unsynced")
example_ms=$(best_ms example "$scratch/acwing.txt" "$example")
cli_ms=$(best_ms cli /dev/null "$cli" analyze nim --input "$scratch/heaps.txt" --count)

# Agreement: Yes/No from the two programs; the CLI's count of winning moves is
# non-zero exactly when the mover wins.
baseline_answer=$(tr -d '\n' < "$scratch/baseline.out")
unsynced_answer=$(tr -d '\n' < "$scratch/unsynced.out")
example_answer=$(tr -d '\n' < "$scratch/example.out")
cli_count=$(tr -d '\n' < "$scratch/cli.out")
cli_answer=$([[ $cli_count != 0 ]] && echo Yes || echo No)
if [[ $baseline_answer != "$example_answer" || $baseline_answer != "$cli_answer" ||
      $baseline_answer != "$unsynced_answer" ]]; then
  echo "error: answers differ: baseline '$baseline_answer', unsynced '$unsynced_answer'," \
       "example '$example_answer'," \
       "grundy analyze count '$cli_count'" >&2
  exit 1
fi
echo "answer: $baseline_answer (grundy analyze: $cli_count winning moves)"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }
printf '%-44s %8s ms\n' "typical cin >> loop (g++ -O2)" "$baseline_ms"
printf '%-44s %8s ms   %sx the baseline time\n' "  same loop, sync_with_stdio(false)" "$unsynced_ms" \
       "$(ratio "$unsynced_ms" "$baseline_ms")"
printf '%-44s %8s ms   %sx the baseline time\n' "example acwing_891_nim" "$example_ms" \
       "$(ratio "$example_ms" "$baseline_ms")"
printf '%-44s %8s ms   %sx the baseline time\n' "grundy analyze nim --input FILE --count" "$cli_ms" \
       "$(ratio "$cli_ms" "$baseline_ms")"
