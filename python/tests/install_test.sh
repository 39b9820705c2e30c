#!/usr/bin/env bash
# `cmake --install` puts the Python package where the interpreter finds it:
# installs the build into a temporary prefix and imports grundy from there.
# Usage: install_test.sh BUILD_DIR PYTHON PACKAGE_DIR (relative to the prefix)
set -euo pipefail
build=$1 python=$2 dir=$3
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/$dir/grundy/__init__.pyi"
test -f "$prefix/$dir/grundy/py.typed"
cd "$prefix"
out=$(PYTHONPATH="$prefix/$dir" "$python" -c "
import grundy
assert grundy.__file__.startswith('$prefix'), grundy.__file__
print(grundy.analyze('nim 3 4 5').outcome, grundy.values('0.6', 10).tolist())")
test "$out" = "N [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3]" || { echo "unexpected: $out"; exit 1; }
echo "installed package imports from $prefix/$dir"
