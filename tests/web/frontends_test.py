#!/usr/bin/python3
"""The three front ends give the same answers and the same refusals.

The same requests go to the command line (`grundy analyze/period/values`),
the Python module (grundy.analyze/period/values) and the web page's module
(analyze, period, sequenceStart/sequenceExtend, run in node), and what each
answers is reduced to the facts the three share: the outcome, the value, the
number of winning moves, the suspense or remoteness; the period, its start,
saltus and proof; the values. A refusal must be a refusal in all three, for
the same reason: the message up to the advice that names a front end's own
setting (" (raise it with ...", "; use ...", which each front end words its
own way) is compared.

  /usr/bin/python3 tests/web/frontends_test.py --site build-web/site \\
      --grundy build/grundy --python build/python

The requests include answers from closed forms, tables, periods and
searches, in every convention the page offers, and refusals of bad input
and of requests over a budget (beyond a table with no proven period, a run
of days of work, a run over memory).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# (kind, game or ruleset, argument): analyze takes a convention, period the
# most values searched (None: not given), values the last heap size or
# (first, last).
REQUESTS = [
    ("analyze", "nim 3 4 5", "normal"),
    ("analyze", "kayles 5 + nim 3", "normal"),
    ("analyze", "0.07 30 12", "normal"),
    ("analyze", "wythoff 3 5", "normal"),
    ("analyze", "staircase 0 3 5 2", "normal"),
    ("analyze", "moore:2 3 5 6", "normal"),
    ("analyze", "subtract:1,3,4 100 + 0.6 50", "normal"),
    ("analyze", "bash:3 10", "normal"),
    ("analyze", "lasker 7 9", "normal"),
    ("analyze", "0.137 1000000000000", "normal"),
    ("analyze", "nim 9223372036854775807 1", "normal"),
    ("analyze", "0.16 123456789012345", "normal"),
    ("analyze", "nim 1 1", "misere"),
    ("analyze", "kayles 3 4", "misere"),
    ("analyze", "0.77 12 + nim 2", "misere"),
    ("analyze", "nim 5 + wythoff 2 3", "misere"),
    ("analyze", "kayles 3 4", "every"),
    ("analyze", "nim 3 5", "conjunctive"),
    ("analyze", "nim 2 3", "remoteness"),
    ("analyze", "0.07 9 + nim 4", "remoteness"),
    # refused: bad input
    ("analyze", "kayles -1", "normal"),
    ("analyze", "0.8x 3", "normal"),
    ("analyze", "nim 99999999999999999999", "normal"),
    ("analyze", "nosuchgame 3", "normal"),
    ("analyze", "kayles 3 (1 1", "every"),
    # refused: over a budget (no proven period of 0.6 is known)
    ("analyze", "0.6 10000000000", "normal"),
    ("period", "0.07", 100000),
    ("period", "0.16", 100000),
    ("period", "subtract:2,5", 100000),
    ("period", "4.[3]", 100000),
    ("period", "0.6", 5000),
    ("period", "kayles", 100000),
    ("period", "wythoff", 100000),
    ("period", "0.{2+}?", 5000),
    ("period", "0.{2+}?", None),  # no bound given: the default bound and work budget
    ("period", "0.16", None),
    ("period", "0.16", 8),
    ("values", "0.77", 200),
    ("values", "subtract:1,2,3", 100),
    ("values", "lasker", 50),
    ("values", "0.6", 20000),
    ("values", "moore:2", 40),
    # far ranges (from, to): from a proven period, or refused after the
    # period search; the page's Sequence starts at 0, so only the command
    # line and the module take these
    ("values", "0.07", (10**15, 10**15 + 40)),
    ("values", "kayles", (10**12, 10**12 + 30)),
    ("values", "0.{2+}?", (10**12, 10**12 + 5)),
    # refused: days of work on the split-set engine
    ("values", "0.{2+}?", 10**6),
    ("values", "nim 3", 10),
]

NODE_SCRIPT = r"""
const createGrundy = require(process.argv[1]);
const wasmBinary = require("fs").readFileSync(process.argv[1].replace(/\.js$/, ".wasm"));
createGrundy({wasmBinary}).then((m) => {
  for (const [kind, game, arg] of JSON.parse(process.argv[2])) {
    let out;
    if (Array.isArray(arg)) {
      out = {"not_offered": true};
    } else if (kind === "analyze") {
      out = JSON.parse(m.analyze(game, arg));
    } else if (kind === "period") {
      out = JSON.parse(m.period(game, arg === null ? 0 : arg, null));
    } else {
      out = JSON.parse(m.sequenceStart(game));
      if (!("error" in out)) out = JSON.parse(m.sequenceExtend(arg));
    }
    console.log(JSON.stringify(out));
  }
});
"""

# The advice that ends a refusal names a setting of one front end (" (raise
# it with --max-memory)", "; an observed pattern is accepted by ..."), and
# the command line says what its period search of a far range saw; the rest
# is the library's and must agree.
ADVICE = re.compile(r" \(raise it with [^)]*\)|; an observed pattern is accepted by .*$"
                    r"|, and no period of it is proven in G\(0\.\.\d+\)")


# A setting named in each front end's words: "--max" on the command line,
# "the max argument" in Python, "the command line's --max" on the page.
SETTING = [(re.compile(r"the command line's (--[\w-]+)"), lambda m: m.group(1)),
           (re.compile(r"the (\w+) argument"), lambda m: "--" + m.group(1).replace("_", "-"))]


# Where each front end lists the rulesets (FrontEndWords::catalogue).
CATALOGUE = re.compile(r" ?\(?see (?:'grundy help rulesets'|grundy\.rulesets\(\)"
                       r"|the list of rulesets in the Analyse view)\)?")


def refusal(message):
    message = ADVICE.sub("", message.strip())
    message = CATALOGUE.sub("", message)
    for pattern, named in SETTING:
        message = pattern.sub(named, message)
    return {"refused": message}


def exact(value):
    """The page writes integers past 2^53 - 1 as decimal strings."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, list):
        return [exact(v) for v in value]
    if isinstance(value, dict):
        return {k: exact(v) for k, v in value.items()}
    return value


def analysis_facts(j, convention):
    facts = {"outcome": j["outcome"]}
    if convention in ("normal", "misere"):
        facts["value"] = j.get("value")
        facts["winning_moves"] = j.get("winning_move_count")
    elif convention in ("every", "conjunctive"):
        facts["numbers"] = j.get("suspense") or j.get("remoteness")
    else:
        facts["remoteness"] = j.get("remoteness")
    return facts


def period_facts(j):
    return {k: j[k] for k in ("period", "preperiod", "saltus", "proven", "checked_to")}


def cli_answer(grundy, kind, game, arg, out_file):
    if kind == "analyze":
        flag = {"normal": [], "misere": ["--misere"], "every": ["--every"],
                "conjunctive": ["--conjunctive"], "remoteness": ["--remoteness"]}.get(
                    arg, ["--convention", arg])
        cmd = [grundy, "analyze", *game.split(), *flag, "--json"]
    elif kind == "period":
        bound = [] if arg is None else ["--max", str(arg)]
        cmd = [grundy, "period", game, *bound, "--threads", "1", "--json"]
    else:
        # Into a file, as the others hold the values (the terminal has a
        # listing limit of its own).
        first, last = arg if isinstance(arg, tuple) else (0, arg)
        cmd = [grundy, "values", game, "--from", str(first), "--to", str(last), "--out", out_file]
    if os.path.exists(out_file):
        os.remove(out_file)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"status {r.returncode}"
        return refusal(re.sub(r"^grundy: error: ", "", line))
    if kind == "analyze":
        return analysis_facts(json.loads(r.stdout), arg)
    if kind == "period":
        return period_facts(json.loads(r.stdout))
    with open(out_file) as f:
        lines = f.read().split()
    return {"values": [int(line.split(",")[1]) for line in lines[1:]]}


def python_answer(grundy, kind, game, arg):
    try:
        if kind == "analyze":
            if arg == "remoteness":
                a = grundy.analyze(game, remoteness=True)
                return {"outcome": a.outcome, "remoteness": a.remoteness}
            a = grundy.analyze(game, convention=arg)
            if arg in ("every", "conjunctive"):
                return {"outcome": a.outcome, "numbers": a.suspense or a.remoteness}
            return {"outcome": a.outcome, "value": a.value, "winning_moves": a.count}
        if kind == "period":
            p = grundy.period(game, max=arg, threads=1)
            return {"period": p.period, "preperiod": p.preperiod, "saltus": p.saltus,
                    "proven": p.proven, "checked_to": p.checked_to}
        first, last = arg if isinstance(arg, tuple) else (0, arg)
        return {"values": [int(v) for v in grundy.values(game, to=last, start=first)]}
    except (ValueError, grundy.LimitError) as e:
        return refusal(str(e))


def web_answer(j, kind, arg):
    if "not_offered" in j:
        return None
    j = exact(j)
    if "error" in j:
        return refusal(j["error"])
    if kind == "analyze":
        return analysis_facts(j, arg)
    if kind == "period":
        return period_facts(j)
    return {"values": j["values"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--grundy", required=True)
    parser.add_argument("--python", required=True, help="the directory holding the grundy package")
    args = parser.parse_args()
    module = os.path.abspath(os.path.join(args.site, "grundy.js"))
    node = "/usr/bin/node" if os.path.exists("/usr/bin/node") else shutil.which("node")
    if not os.path.exists(module) or node is None:
        print(f"frontends_test: needs {module} (tools/web build) and node", file=sys.stderr)
        return 2
    sys.path.insert(0, os.path.abspath(args.python))
    import grundy  # noqa: E402 (the built module, from --python)

    out = subprocess.run([node, "-e", NODE_SCRIPT, module, json.dumps(REQUESTS)], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    web = [json.loads(line) for line in out.splitlines()]
    if len(web) != len(REQUESTS):
        print(f"FAIL the page answered {len(web)} of {len(REQUESTS)} requests")
        return 1
    failures = refusals = 0
    work = tempfile.mkdtemp(prefix="grundy-frontends-")
    out_file = os.path.join(work, "values.csv")
    for (kind, game, arg), page in zip(REQUESTS, web):
        name = f"{kind} {game!r} {arg}"
        answers = {"command line": cli_answer(args.grundy, kind, game, arg, out_file),
                   "Python": python_answer(grundy, kind, game, arg),
                   "page": web_answer(page, kind, arg)}
        answers = {who: a for who, a in answers.items() if a is not None}
        first = answers["command line"]
        same = all(a == first for a in answers.values())
        refusals += "refused" in first
        shown = json.dumps(first)
        print(("ok   " if same else "FAIL ") + name + ": " + (shown if len(shown) < 160 else
                                                            shown[:157] + "..."))
        if not same:
            failures += 1
            for who, a in answers.items():
                print(f"       {who}: {json.dumps(a)[:400]}")
    shutil.rmtree(work, ignore_errors=True)
    print(f"{len(REQUESTS)} requests, {refusals} refused by the command line")
    print(f"{failures} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
