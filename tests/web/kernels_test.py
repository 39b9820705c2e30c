#!/usr/bin/python3
"""The WebAssembly build's vector kernels (Highway's WASM SIMD128 target,
src/solve/engines/sequence_kernels.cpp) against the native command: G(0..N) of a few
take-and-break codes, computed in node by the site's module with the vector
kernels and with the engine's portable ones, each equal to what
`grundy values CODE --to N --csv` prints. The native stress test
EveryVectorTargetAgreesWithThePortableKernels does the same for every target
the CPU runs; WASM runs only here. A few seconds.

  /usr/bin/python3 tests/web/kernels_test.py --site build-web/site --grundy build/grundy

The codes are those of the native test, long enough for values past 1024
(0.0404: the table kernel's one-at-a-time path) and the sparse codes' long
scans; each with the mask the engine chooses and with mask 1 (every even
value common), so that the scans see many values at once (the byte-shuffle
table) as well as few (the broadcast compare).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

CASES = [("0.6", 20000), ("0.16", 30000), ("4!.0", 20000), ("0.137", 20000),
         ("0.007", 20000), ("0.0404", 15000)]
MASKS = [-1, 1]

NODE_SCRIPT = r"""
const createGrundy = require(process.argv[1]);
// The module's bytes handed over: node's fetch takes no file paths.
const wasmBinary = require("fs").readFileSync(process.argv[1].replace(/\.js$/, ".wasm"));
createGrundy({wasmBinary}).then((m) => {
  for (const [code, last, mask] of JSON.parse(process.argv[2])) {
    for (const simd of [true, false]) {
      const out = JSON.parse(m.sequenceKernels(code, last, mask, simd));
      console.log(JSON.stringify({code, last, mask, simd, ...out}));
    }
  }
});
"""


def native_values(grundy, code, last):
    out = subprocess.run([grundy, "values", code, "--to", str(last), "--csv"], check=True,
                         capture_output=True, text=True).stdout.split()
    assert out[0] == "n,value", out[0]
    return [int(line.split(",")[1]) for line in out[1:]]


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"first difference at n = {i}: {x} vs {y}"
    return "sizes differ" if len(a) != len(b) else "equal"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--grundy", required=True)
    args = parser.parse_args()
    module = os.path.abspath(os.path.join(args.site, "grundy.js"))
    node = "/usr/bin/node" if os.path.exists("/usr/bin/node") else shutil.which("node")
    if not os.path.exists(module) or node is None:
        print(f"kernels_test: needs {module} (tools/web build) and node", file=sys.stderr)
        return 2
    cases = [(code, last, mask) for code, last in CASES for mask in MASKS]
    out = subprocess.run([node, "-e", NODE_SCRIPT, module, json.dumps(cases)], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    results = [json.loads(line) for line in out.splitlines()]
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    check(len(results) == 2 * len(cases), f"{2 * len(cases)} runs answered ({len(results)})")
    expected = {}
    for r in results:
        name = f"{r['code']} to {r['last']}, mask {r['mask']}, {'vector' if r['simd'] else 'portable'}"
        if "error" in r:
            check(False, f"{name}: {r['error']}")
            continue
        if r["code"] not in expected:
            expected[r["code"]] = native_values(args.grundy, r["code"], r["last"])
        want = expected[r["code"]]
        if r["simd"]:
            check(r["kernels"] == "WASM", f"{name}: the kernels are Highway's WASM ({r['kernels']!r})")
            check(r["scan_steps"] > 0, f"{name}: the scans ran ({r['scan_steps']} splits)")
        else:
            check(r["kernels"] == "portable", f"{name}: the engine's portable kernels ({r['kernels']!r})")
        check(r["values"] == want, f"{name}: the native command's values "
              f"({first_difference(r['values'], want)})")
    print(f"{failures} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
