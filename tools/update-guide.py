#!/usr/bin/env python3
"""Re-runs every `$ grundy ...` command in docs/guide.md's console blocks and
writes the outputs back in place. tests/cli/guide_test.cpp checks that the
guide matches the program; run this (python3 tools/update-guide.py [BUILD])
after an intended change of output, and read the diff."""
import pathlib, shlex, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
grundy = str((root / (sys.argv[1] if len(sys.argv) > 1 else "build") / "grundy").resolve())
guide = root / "docs" / "guide.md"
out, block = [], None
for line in guide.read_text().splitlines():
    if block is None:
        out.append(line)
        if line == "```console":
            block = []
        continue
    if line == "```":
        for command in block:
            out.append("$ grundy " + command)
            run = subprocess.run([grundy] + shlex.split(command), cwd=root, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"'{command}' failed: {run.stderr}")
            out.extend(run.stdout.rstrip("\n").split("\n"))
        out.append("```")
        block = None
    elif line.startswith("$ grundy "):
        block.append(line[len("$ grundy "):])
guide.write_text("\n".join(out) + "\n")
