#!/usr/bin/python3
"""G(0..N) of a take-and-break code on one thread: the WebAssembly build
(build-web/site/grundy.wasm, run by node) against the native command
(build/grundy values --threads 1), in values per second, and their ratio.
The issue's target is a ratio within 2 (docs/web.md).

  /usr/bin/python3 bench/web_bench.py [CODE] [N]      (default: 0.6 4194304)

Needs the native build (tools/setup) and the web build (tools/web build).
Both runs compute the same values from nothing; the native time includes the
command's start and writing the values to a binary file (a few ms), the
WebAssembly time only the engine's run inside node (the module is loaded
first). Timings mean something only on a quiet machine.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE_SCRIPT = r"""
const createGrundy = require(process.argv[1]);
// The module's bytes handed over: node's fetch takes no file paths.
const wasmBinary = require("fs").readFileSync(process.argv[1].replace(/\.js$/, ".wasm"));
createGrundy({wasmBinary}).then((m) => {
  const start = JSON.parse(m.sequenceStart(process.argv[2]));
  if (start.error) { console.error(start.error); process.exit(2); }
  const t = process.hrtime.bigint();
  const out = JSON.parse(m.sequenceReach(Number(process.argv[3])));
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  if (out.error) { console.error(out.error); process.exit(2); }
  console.log(seconds);
});
"""


def main():
    code = sys.argv[1] if len(sys.argv) > 1 else "0.6"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4194304
    grundy = os.path.join(ROOT, "build", "grundy")
    module = os.path.join(ROOT, "build-web", "site", "grundy.js")
    node = "/usr/bin/node" if os.path.exists("/usr/bin/node") else shutil.which("node")
    if not os.path.exists(grundy) or not os.path.exists(module) or node is None:
        print("needs build/grundy (tools/setup), build-web/site/grundy.js (tools/web build) and node",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        subprocess.run([grundy, "values", code, "--to", str(n), "--threads", "1", "--out",
                        os.path.join(tmp, "values.bin")], check=True, stdout=subprocess.DEVNULL)
        native = time.perf_counter() - t
    out = subprocess.run([node, "-e", NODE_SCRIPT, module, code, str(n)], check=True,
                         capture_output=True, text=True)
    wasm = float(out.stdout.strip())
    count = n + 1
    print(f"G(0..{n}) of {code}, one thread")
    print(f"native:      {count / native:14,.0f} values/s  ({native:.3f} s)")
    print(f"WebAssembly: {count / wasm:14,.0f} values/s  ({wasm:.3f} s)")
    print(f"ratio native/WebAssembly: {native and wasm / native:.2f} (target: at most 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
