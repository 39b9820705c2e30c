#!/usr/bin/python3
"""Generated sums, timed: random `grundy analyze` requests of one to three
components, mixing every ruleset (heap games, take-and-break codes, Wythoff,
Moore, staircase, a graph with cycles) with sizes from 0 to 2^63 - 1, in
every convention, each under a 2 GiB address-space limit. The target
(docs/testing.md, "The work of a search") is an answer or a one-line refusal
within 2 s each. Prints the CPU, how many answered, refused, failed, and the
slowest requests; exits 1 if any took longer than --target or did not end
with status 0 or a one-line refusal (status 2).

tests/cli/generated_sums_test.cpp draws from the same families and checks
the statuses and lines, not the time (a timed test fails on a loaded
machine). Time on a quiet machine, one request at a time:

  /usr/bin/python3 bench/generated_sums.py [--build build] [--seed 1] [--count 150]
"""
import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

from machine import cpu_model  # bench/machine.py, beside this script

SIZES = [0, 1, 2, 3, 5, 7, 10, 30, 100, 1000, 10**6, 10**12, 2**63 - 1]
RULESETS = ["nim", "bash", "subtract:1,3,4", "allbut:2,3,7", "staircase", "wythoff", "moore",
            "lasker", "split", "grundy-game", "divisor", "squares", "fibonacci", "powers2",
            "kayles", "dawson", "0.137", "0.344", "4.[3]", "0.3F", "4!.0", "0.{2+}", "0.16",
            "0.6", "graph"]
CONVENTIONS = [[], ["--misere"], ["--every"], ["--conjunctive"], ["--remoteness"],
               ["--misere", "--remoteness"]]
GRAPH_VERTICES = 60


def write_graph(path, rng):
    edges = 150
    with open(path, "w") as f:
        f.write(f"{GRAPH_VERTICES} {edges}\n")
        for _ in range(edges):
            f.write(f"{rng.randrange(GRAPH_VERTICES)} {rng.randrange(GRAPH_VERTICES)}\n")


def component(rng, graph):
    r = rng.choice(RULESETS)
    size = lambda: str(rng.choice(SIZES))
    if r == "graph":
        tokens = [str(rng.randrange(GRAPH_VERTICES)) if rng.randrange(10) else size()
                  for _ in range(rng.randint(1, 3))]
        return ["graph:" + graph] + tokens
    if r == "bash":
        r = "bash:%d" % rng.choice([1, 2, 3, 8, 10**9, 2**63 - 1])
    elif r == "moore":
        r = "moore:%d" % rng.randint(1, 3)
    if r == "wythoff":
        count = 2
    elif r in ("staircase",) or r.startswith("moore"):
        count = rng.randint(1, 4)
    else:
        count = rng.randint(1, 3)
    return [r] + [size() for _ in range(count)]


def request(rng, graph):
    args = ["analyze"]
    for i in range(rng.randint(1, 3)):
        if i:
            args.append("+")
        args += component(rng, graph)
    return args + rng.choice(CONVENTIONS)


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--target", type=float, default=2.0, help="seconds (default 2)")
    parser.add_argument("--kill-after", type=float, default=60.0)
    a = parser.parse_args()
    grundy = os.path.join(a.build, "grundy")
    rng = random.Random(a.seed)
    times, bad = [], []
    answered = refused = 0
    with tempfile.TemporaryDirectory() as scratch:
        graph = os.path.join(scratch, "graph.txt")
        write_graph(graph, random.Random(7))
        for _ in range(a.count):
            args = request(rng, graph)
            start = time.perf_counter()
            try:
                run = subprocess.run([grundy] + args, capture_output=True, text=True,
                                     timeout=a.kill_after, preexec_fn=limit_memory)
                status, err = run.returncode, run.stderr
            except subprocess.TimeoutExpired:
                status, err = "killed", ""
            took = time.perf_counter() - start
            shown = "grundy " + " ".join(args)
            times.append((took, shown))
            if status == 0:
                answered += 1
            elif status == 2 and err.startswith("grundy: error: ") and err.count("\n") == 1:
                refused += 1
            else:
                bad.append(f"status {status}: {shown}\n    {err.strip()[:300]}")
    times.sort(reverse=True)
    over = [t for t in times if t[0] > a.target]
    print(f"{cpu_model()}, {os.cpu_count()} cores; seed {a.seed}, {a.count} requests")
    print(f"{answered} answered, {refused} refused, {len(bad)} failed; "
          f"{len(over)} over {a.target} s; slowest {times[0][0]:.2f} s")
    for took, shown in times[:10]:
        print(f"  {took:6.2f} s  {shown}")
    for line in bad:
        print("FAILED", line)
    return 1 if bad or over else 0


if __name__ == "__main__":
    sys.exit(main())
