#!/usr/bin/python3
"""grundy quotient against MisereSolver, one program at a time, equal time.

MisereSolver (A. N. Siegel's program, part of CGSuite, which computed the
misère quotients Plambeck and Siegel published) is a reference to compare
against, never a part of this project: build it from CGSuite's source and
pass its jar with --jar (docs/misere-quotients.md says how it was built for
the tables there).

For each code: MisereSolver with --timeout T, then `grundy quotient CODE
--max-heap 100000 --time T`; the heap each reached (MisereSolver: its last
`Phi` line; grundy: "misère quotient of heaps 0..H"), |Q| and |P| there,
and whether a period was proven. Then `grundy quotient CODE --max-heap H`
at the heap MisereSolver reached (when grundy reached it too), whose |Q|
and |P| must equal MisereSolver's: the `agree` column. Nothing else should
run on the machine meanwhile (the figures are wall-clock).

    /usr/bin/python3 bench/misere_side_by_side.py --jar misere.jar --time 10 0.137 0.56
    /usr/bin/python3 bench/misere_side_by_side.py --jar misere.jar --time 10 --sample 30 --seed 1 0.ddd
"""
import argparse
import random
import re
import subprocess
import sys
import time


def family(pattern):
    """Every octal code of a family like 0.dd or 0.ddd (last digit not 0)."""
    digits = pattern.count("d")
    codes = []
    for n in range(8 ** digits):
        ds = [(n >> (3 * (digits - 1 - i))) & 7 for i in range(digits)]
        if ds[-1] != 0:
            codes.append("0." + "".join(map(str, ds)))
    return codes


def run(cmd, wall):
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=wall).stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    return out, time.monotonic() - start


def miseresolver(jar, code, seconds):
    out, took = run(["java", "-jar", jar, "--timeout", str(seconds), code], seconds * 3 + 30)
    heap, q, p = -1, None, None
    for line in out.splitlines():
        if line.startswith("Phi ="):
            heap = len(line.split()) - 3
        m = re.match(r"\|Q\| = (\d+); \|P\| = (\d+)", line)
        if m:
            q, p = int(m.group(1)), int(m.group(2))
    solved = "Timeout!" not in out and "StdForm" in out
    return heap, q, p, solved, took


def grundy(binary, code, args, wall):
    out, took = run([binary, "quotient", code] + args, wall)
    heap, q, p = -1, None, None
    m = re.search(r"misère quotient of heaps 0\.\.(\d+)", out)
    if m:
        heap = int(m.group(1))
    m = re.search(r"order \|Q\| = (\d+)", out)
    if m:
        q = int(m.group(1))
    m = re.search(r"P-portion \((\d+)\)", out)
    if m:
        p = int(m.group(1))
    proven = "quotient of the whole game" in out
    stop = ""
    m = re.search(r"^stopped: (.*)$", out, re.M)
    if m:
        stop = m.group(1)
        stop = "time" if "time budget" in stop else stop.split(";")[0][:60]
    return heap, q, p, proven, stop, took


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jar", required=True, help="MisereSolver's jar")
    ap.add_argument("--grundy", default="build/grundy")
    ap.add_argument("--time", type=int, default=10, help="seconds for each program")
    ap.add_argument("--sample", type=int, default=0, help="a random sample of this many codes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("codes", nargs="+", help="codes, or families such as 0.dd and 0.ddd")
    a = ap.parse_args()
    codes = []
    for c in a.codes:
        codes += family(c) if "d" in c else [c]
    if a.sample:
        codes = sorted(random.Random(a.seed).sample(codes, min(a.sample, len(codes))))
    print(f"{a.time} s each, one program at a time")
    print("| code | MisereSolver: heap, |Q|, |P| | grundy: heap, |Q|, |P| | grundy stopped | agree |")
    print("|---|---|---|---|---|")
    ahead = behind = level = disagree = 0
    for code in codes:
        mh, mq, mp, msolved, _ = miseresolver(a.jar, code, a.time)
        gh, gq, gp, gproven, stop, _ = grundy(
            a.grundy, code, ["--max-heap", "100000", "--time", str(a.time)], a.time * 3 + 30)
        agree = "-"
        if 0 <= mh <= gh and mq is not None:
            if mh == gh:
                hq, hp = gq, gp
            else:
                hh, hq, hp, _, _, _ = grundy(a.grundy, code, ["--max-heap", str(mh)], 600)
            agree = "yes" if (hq, hp) == (mq, mp) else f"NO ({hq}, {hp})"
            disagree += agree != "yes"
        ms = f"{mh}, {mq}, {mp}" + (" solved" if msolved else "")
        gr = f"{gh}, {gq}, {gp}" + (" solved" if gproven else "")
        if msolved and gproven:
            level += 1
        elif gproven or gh > mh:
            ahead += 1
        elif msolved or mh > gh:
            behind += 1
        else:
            level += 1
        print(f"| {code} | {ms} | {gr} | {stop or '-'} | {agree} |", flush=True)
    print(f"\ngrundy further on {ahead}, level on {level}, behind on {behind}; "
          f"{disagree} disagreements")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
