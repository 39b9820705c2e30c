#!/usr/bin/env bash
# grundy as other projects use it (CTest label `install`, tests/CMakeLists.txt):
#
#   run.sh install      BUILD_DIR SOURCE_DIR CXX [LAUNCHER]
#     cmake --install BUILD_DIR into a temporary prefix (never the system),
#     then build tests/consumer against it twice: with CMake
#     (find_package(grundy 0.1), -DCMAKE_PREFIX_PATH=<prefix>) and with
#     pkg-config (`pkg-config --cflags --libs grundy`, the compiler by hand);
#     and, with MPI built, run the installed command's survey on two ranks.
#   run.sh subdirectory BUILD_DIR SOURCE_DIR CXX [LAUNCHER]
#     build tests/consumer with grundy's source tree as a subproject
#     (add_subdirectory), and check that a subproject builds nothing but
#     the library (no tests, examples or install rules).
#
# Each consumer's output is compared with what this script computes by brute
# force: the mex rule over every move, written here independently of the
# library (Kayles: a row of pins, a move knocks down one pin or two adjacent
# ones; the user game: subtract 1, 3 or 4 from one heap).
set -euo pipefail

mode=$1 build=$2 source=$3 cxx=$4 launcher=${5:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  echo "run.sh $mode: FAILED: $*" >&2
  exit 1
}

# --- the expected output, by brute force -----------------------------------
mex() {  # the least non-negative integer not among the arguments
  local m=0
  while [[ " $* " == *" $m "* ]]; do m=$((m + 1)); done
  echo "$m"
}
# A position as the consumer prints it: non-zero heaps, increasing.
show() { printf '%s\n' "$@" | grep -vx 0 | sort -n | paste -sd' ' || true; }
# Winning moves as the consumer prints them: sorted as strings, " | ".
show_moves() { LC_ALL=C sort -u | paste -sd'|' | sed 's/|/ | /g'; }

declare -a kayles user
for ((n = 0; n <= 20; n++)); do
  options=()
  for t in 1 2; do
    for ((a = 0; a + t <= n; a++)); do options+=($((kayles[a] ^ kayles[n - t - a]))); done
  done
  kayles[n]=$(mex "${options[@]}")
  options=()
  for t in 1 3 4; do
    if ((t <= n)); then options+=("${user[n - t]}"); fi
  done
  user[n]=$(mex "${options[@]}")
done
# Winning Ways, ch. 4: Kayles G(5) = 4; the brute force must agree.
[ "${kayles[5]}" = 4 ] || fail "the brute force gives Kayles G(5) = ${kayles[5]}, not 4"

kayles_wins() {  # heaps...: positions a winning move of Kayles leads to
  local heaps=("$@") x=0 i t a b
  for h in "${heaps[@]}"; do x=$((x ^ kayles[h])); done
  for i in "${!heaps[@]}"; do
    local h=${heaps[i]} others=("${heaps[@]:0:i}" "${heaps[@]:i+1}")
    for t in 1 2; do
      for ((a = 0; a + t <= h; a++)); do
        b=$((h - t - a))
        if ((!(x ^ kayles[h] ^ kayles[a] ^ kayles[b]))); then show "${others[@]}" "$a" "$b"; fi
      done
    done
  done | show_moves
}
user_wins() {
  local heaps=("$@") x=0 i t
  for h in "${heaps[@]}"; do x=$((x ^ user[h])); done
  for i in "${!heaps[@]}"; do
    local h=${heaps[i]} others=("${heaps[@]:0:i}" "${heaps[@]:i+1}")
    for t in 1 3 4; do
      if ((t <= h && !(x ^ user[h] ^ user[h - t]))); then show "${others[@]}" $((h - t)); fi
    done
  done | show_moves
}
letter() { if (($1)); then echo N; else echo P; fi; }

{
  echo "kayles name: 0.77"
  echo "kayles G(0..12): ${kayles[*]:0:13}"
  echo "kayles 5 7: outcome $(letter $((kayles[5] ^ kayles[7]))) value $((kayles[5] ^ kayles[7]))"
  echo "kayles 5 7 winning: $(kayles_wins 5 7)"
  echo "user G(0..20): ${user[*]}"
  v=$((user[5] ^ user[6] ^ user[9]))
  echo "user 5 6 9: outcome $(letter $v) value $v"
  echo "user 5 6 9 winning: $(user_wins 5 6 9)"
} > "$work/expected.txt"

# AcWing 893's published sample (examples/acwing_893_subtraction_set.cpp).
contest_input=$'2\n2 5\n3\n2 4 7\n'
check_contest() {  # program, how it was built
  local got
  got=$(printf '%s' "$contest_input" | "$1") || fail "$2: the contest program exited with status $?"
  [ "$got" = Yes ] || fail "$2: the contest program printed '$got', not the sample's 'Yes'"
  echo "run.sh $mode: $2: the contest program answers the sample"
}

check_output() {  # program, how it was built
  "$1" > "$work/actual.txt" || fail "$2: the consumer exited with status $?"
  diff -u "$work/expected.txt" "$work/actual.txt" || fail "$2: output differs from the brute force"
  echo "run.sh $mode: $2: output matches the brute force"
}

# --- building and running the consumer -------------------------------------
cmake_options=(-DCMAKE_CXX_COMPILER="$cxx")
if [ -n "$launcher" ]; then cmake_options+=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher"); fi

case $mode in
  install)
    # Up to date in the normal flow (tools/setup builds everything); built
    # here so that the test also stands alone after a partial build.
    cmake --build "$build" --target grundy grundy_cli
    prefix=$work/prefix
    cmake --install "$build" --prefix "$prefix"
    [ -x "$prefix/bin/grundy" ] || fail "no bin/grundy in the installed tree"
    "$prefix/bin/grundy" --version | grep -q '^grundy ' || fail "the installed grundy does not run"
    [ -f "$prefix/include/grundy/grundy.h" ] || fail "no include/grundy/grundy.h installed"
    # The MPI back end of `grundy survey`, a plugin the command loads under
    # an MPI launcher (docs/survey.md): installed where the installed command
    # looks, and found there by a two-rank survey.
    if [ -e "$build/grundy-mpi.so" ]; then
      [ -n "$(find "$prefix" -path '*/grundy/grundy-mpi.so')" ] ||
        fail "grundy-mpi.so is built but not installed"
      if command -v mpiexec >/dev/null; then
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
          mpiexec --oversubscribe -n 2 "$prefix/bin/grundy" survey 0.d --max 4096 \
          --no-times --out "$work/survey.csv" >"$work/survey.txt" ||
          fail "the installed grundy's survey under mpiexec -n 2"
        grep -q '^0.4,0.4,,proven,34,54,' "$work/survey.csv" ||
          fail "the installed grundy's MPI survey lacks 0.4 (period 34 from 54)"
        echo "run.sh $mode: the installed grundy surveys 0.d on two MPI ranks"
      fi
    fi
    config=$(find "$prefix" -name grundyConfig.cmake)
    [ -n "$config" ] && [ -f "$(dirname "$config")/grundyConfigVersion.cmake" ] ||
      fail "no grundyConfig.cmake and grundyConfigVersion.cmake installed"

    # The consumers unoptimised, here and below: the test is whether they
    # find, compile against, link and run the installed library (compiled
    # in Release, as installed); their own code at -O0 compiles in half the
    # time -O3 takes (main.cpp: 4.6 CPU-seconds against 9.5).
    cmake -S "$source/tests/consumer" -B "$work/cmake" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DCMAKE_PREFIX_PATH="$prefix" "${cmake_options[@]}"
    cmake --build "$work/cmake" -j2
    check_output "$work/cmake/consumer" "find_package"
    check_contest "$work/cmake/contest" "find_package"

    pc=$(find "$prefix" -name grundy.pc)
    [ -n "$pc" ] || fail "no grundy.pc installed"
    export PKG_CONFIG_PATH=$(dirname "$pc")
    flags=$(pkg-config --cflags --libs grundy) || fail "pkg-config --cflags --libs grundy"
    echo "pkg-config --cflags --libs grundy: $flags"
    libdir=$(pkg-config --variable=libdir grundy)
    # shellcheck disable=SC2086 # the flags are words
    $launcher "$cxx" -std=c++20 -O0 "$source/tests/consumer/main.cpp" $flags -o "$work/consumer-pc"
    LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      check_output "$work/consumer-pc" "pkg-config"
    # The contest program, with the static flags (docs/contest.md).
    static_flags=$(pkg-config --cflags --libs --static grundy) ||
      fail "pkg-config --cflags --libs --static grundy"
    # shellcheck disable=SC2086 # the flags are words
    $launcher "$cxx" -std=c++20 -O0 -I"$source/examples" \
      "$source/examples/acwing_893_subtraction_set.cpp" $static_flags -o "$work/contest-pc"
    LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      check_contest "$work/contest-pc" "pkg-config --static"

    # The plain command line of docs/contest.md, no pkg-config: the library,
    # then fmt, then Highway (a static libgrundy needs both; -lhwy only when
    # the build used Highway, as the installed grundy.pc says).
    plain_libs=(-lgrundy -lfmt)
    if grep -q libhwy "$pc"; then plain_libs+=(-lhwy); fi
    $launcher "$cxx" -std=c++20 -O0 -I"$prefix/include" -I"$source/examples" \
      "$source/examples/acwing_893_subtraction_set.cpp" -L"$libdir" "${plain_libs[@]}" \
      -o "$work/contest-plain"
    LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      check_contest "$work/contest-plain" "c++ ... ${plain_libs[*]}"
    ;;
  subdirectory)
    # Debug: the subproject's library compiles faster unoptimised.
    # Debug without debug information: the test checks that the subproject
    # builds, links and runs; -g would add a fifth to its compile time.
    # One batch of every file (100 is more than the library has): unoptimised,
    # parsing the headers is most of the work, and one batch parses them once
    # (49 CPU-seconds against 63 in batches of 32; CMakeLists.txt).
    cmake -S "$source/tests/consumer" -B "$work/cmake" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DGRUNDY_UNITY_BUILD_BATCH_SIZE=100 \
      -DGRUNDY_SOURCE_DIR="$source" "${cmake_options[@]}"
    sub=$work/cmake/grundy-build
    for d in tests examples bench; do
      [ ! -e "$sub/$d" ] || fail "the subproject configured its $d (options must default off)"
    done
    [ ! -e "$sub/grundy.pc" ] || fail "the subproject generated install rules"
    cmake --build "$work/cmake" -j2
    [ ! -e "$sub/grundy" ] || fail "the subproject built the grundy command"
    check_output "$work/cmake/consumer" "add_subdirectory"
    check_contest "$work/cmake/contest" "add_subdirectory"
    ;;
  *)
    fail "unknown mode (install or subdirectory)"
    ;;
esac
