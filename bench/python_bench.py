#!/usr/bin/env python3
"""Python against the command line on the same run, and the throughput of
games written in Python (docs/python.md).

1. G(0..N) of a take-and-break code with the histogram, rare count and mask:
   `grundy values CODE --to N --stats` against grundy.values(CODE, to=N).stats(),
   alternately, best of --repeat runs each (the command's time includes
   starting the process; Python's is the call alone, after import). Prints
   the ratio Python / CLI; the target is at most 1.05.
2. Positions per second through Python callbacks: grundy.Solver on a
   subtraction game (take 1, 2 or 3) from a heap of --positions, and on a
   game whose positions are tuples (two heaps, take from either).
3. The same game in a sum with a built-in game (Solver.position(n) +
   "nim 3"), in misère play: the library's retrograde analysis of the whole
   sum through the UserRuleset path, in positions of the sum per second.

Run from the repository after a build:
    /usr/bin/python3 bench/python_bench.py [--build build] [--to 4194304]
"""
import argparse
import os
import subprocess
import sys
import time


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build", help="the build directory")
    parser.add_argument("--code", default="0.6")
    parser.add_argument("--to", type=int, default=2**22)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200_000)
    args = parser.parse_args()

    sys.path.insert(0, os.path.join(args.build, "python"))
    import grundy

    cli = os.path.join(args.build, "grundy")
    command = [cli, "values", args.code, "--to", str(args.to), "--stats", "--threads", str(args.threads)]

    def run_cli():
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    def run_python():
        grundy.values(args.code, to=args.to, threads=args.threads).stats()

    run_cli(), run_python()  # warm the caches once
    cli_times, py_times = [], []
    for _ in range(args.repeat):
        cli_times.append(best(run_cli, 1))
        py_times.append(best(run_python, 1))
    cli_best, py_best = min(cli_times), min(py_times)
    print(f"values {args.code} to {args.to} with stats, threads={args.threads}, best of {args.repeat}:")
    print(f"  CLI     {cli_best:8.3f} s")
    print(f"  Python  {py_best:8.3f} s")
    ratio = py_best / cli_best
    print(f"  ratio Python / CLI = {ratio:.3f} ({'within' if ratio <= 1.05 else 'OVER'} the 1.05 target)")

    n = args.positions
    solver = grundy.Solver(moves=lambda k: [k - s for s in (1, 2, 3) if s <= k])
    elapsed = best(lambda: solver.value(n), 1)
    print(f"user game, int positions (take 1-3 from a heap of {n}): "
          f"{solver.positions_met / elapsed:,.0f} positions/s ({solver.calls} calls)")

    side = int(n ** 0.5)

    def two_heaps(p):
        a, b = p
        return [(a - k, b) for k in range(1, min(a, 3) + 1)] + [(a, b - k) for k in range(1, min(b, 3) + 1)]

    solver = grundy.Solver(moves=two_heaps)
    elapsed = best(lambda: solver.value((side, side)), 1)
    print(f"user game, tuple positions (two heaps of {side}): "
          f"{solver.positions_met / elapsed:,.0f} positions/s ({solver.calls} calls)")

    heap = n // 4
    solver = grundy.Solver(moves=lambda k: [k - s for s in (1, 2, 3) if s <= k], name="take3")
    whole = solver.position(heap) + "nim 3"
    result = {}

    def misere_sum():
        # The limit counts positions, and with them the work the search may
        # do (8 steps a position): each option of the sum is a whole sum,
        # several numbers long, and 10 * n, once enough, is now refused.
        result["a"] = grundy.analyze(whole, convention="misere", search_limit=100 * n)

    elapsed = best(misere_sum, 1)
    stored = int(result["a"].method.split("(")[1].split()[0])
    print(f"user game in a sum, misère (take 1-3 from {heap} + nim 3, retrograde analysis): "
          f"{stored / elapsed:,.0f} positions of the sum/s ({stored} positions)")


if __name__ == "__main__":
    main()
