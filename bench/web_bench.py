#!/usr/bin/python3
"""G(0..N) of a take-and-break code on one thread: the WebAssembly build
(build-web/site/grundy.wasm, run by node) against the native engine
(build/bench/bench_officers_run, one thread), in values per second, and
their ratio, for each vector kernel the CPU runs natively (Highway's names:
AVX3 is AVX-512, AVX2, SSE4; the first is the one `grundy` picks) against
the WebAssembly module's (Highway's WASM target, 128-bit SIMD). The aim is
a ratio within 2 against the kernel `grundy` picks (docs/web.md).

  /usr/bin/python3 bench/web_bench.py [CODE] [N] [TARGET...]   (default: 0.6 4194304, every target)

Needs the native build with its benchmarks (tools/setup) and the web build
(tools/web build). Both runs compute the same values from nothing and time
the engine's run alone (the module is loaded first). Timings mean something
only on a quiet machine; the script prints the CPU's model.
"""
import os
import re
import shutil
import subprocess
import sys

from machine import cpu_model  # bench/machine.py, beside this script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE_SCRIPT = r"""
const createGrundy = require(process.argv[1]);
// The module's bytes handed over: node's fetch takes no file paths.
const wasmBinary = require("fs").readFileSync(process.argv[1].replace(/\.js$/, ".wasm"));
createGrundy({wasmBinary}).then((m) => {
  // The kernel the module's engine runs (the same engine, a few values).
  const kernels = JSON.parse(m.sequenceKernels(process.argv[2], 64, -1, true));
  const start = JSON.parse(m.sequenceStart(process.argv[2]));
  if (start.error) { console.error(start.error); process.exit(2); }
  const t = process.hrtime.bigint();
  const out = JSON.parse(m.sequenceReach(Number(process.argv[3])));
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  if (out.error) { console.error(out.error); process.exit(2); }
  console.log(seconds, kernels.kernels || "?");
});
"""


def native_run(program, code, n, target):
    """Seconds of the engine's run and the kernel it ran, from bench_officers_run."""
    out = subprocess.run([program, str(n), code, "1", "fast", target], check=True,
                         capture_output=True, text=True).stdout
    kernel = re.search(r"kernel (\S+)", out).group(1)
    seconds = float(re.search(r"\)\s+([0-9.]+) s", out).group(1))
    return seconds, kernel


def main():
    code = sys.argv[1] if len(sys.argv) > 1 else "0.6"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4194304
    program = os.path.join(ROOT, "build", "bench", "bench_officers_run")
    module = os.path.join(ROOT, "build-web", "site", "grundy.js")
    node = "/usr/bin/node" if os.path.exists("/usr/bin/node") else shutil.which("node")
    if not os.path.exists(program) or not os.path.exists(module) or node is None:
        print("needs build/bench/bench_officers_run (tools/setup), build-web/site/grundy.js "
              "(tools/web build) and node", file=sys.stderr)
        return 2
    runnable = subprocess.run([program, "1", code, "1", "fast", "list"], check=True,
                              capture_output=True, text=True).stdout.split()
    targets = [t for t in (sys.argv[3:] or runnable) if t != "SCALAR"]
    out = subprocess.run([node, "-e", NODE_SCRIPT, module, code, str(n)], check=True,
                         capture_output=True, text=True)
    wasm_text, wasm_kernel = out.stdout.split()
    wasm = float(wasm_text)
    count = n + 1
    print(f"G(0..{n}) of {code}, one thread, {cpu_model()}")
    print(f"WebAssembly ({wasm_kernel}): {count / wasm:14,.0f} values/s  ({wasm:.3f} s)")
    for target in targets:
        native, kernel = native_run(program, code, n, target)
        picked = " (the one grundy picks)" if runnable and target == runnable[0] else ""
        print(f"native {kernel}{picked}: {count / native:14,.0f} values/s  ({native:.3f} s), "
              f"ratio native/WebAssembly {wasm / native:.2f}")
    print("target: a ratio of at most 2 against the kernel grundy picks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
