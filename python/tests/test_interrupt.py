# Long runs from Python: Ctrl-C (SIGINT) stops a run cleanly with a
# KeyboardInterrupt and a usable checkpoint; an exception in the progress
# callback stops it too. The interrupted run is a child process, so that the
# signal cannot reach pytest itself.
import os
import re
import signal
import subprocess
import sys

import pytest

import grundy

CHILD = r"""
import sys, grundy
started = False
def progress(p):
    global started
    if not started:
        started = True
        print("started", flush=True)
try:
    grundy.values("0.6", to=2**26, threads=1, progress=progress, checkpoint=sys.argv[1],
                  checkpoint_every=0.05)
    print("finished")
except KeyboardInterrupt as e:
    print("interrupted:", e)
"""


def test_ctrl_c_stops_cleanly_and_the_checkpoint_resumes(tmp_path):
    ck = str(tmp_path / "officers.ck")
    child = subprocess.Popen([sys.executable, "-c", CHILD, ck], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    assert child.stdout.readline().strip() == "started"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0, out
    if out.startswith("finished"):
        pytest.skip("the run finished before the signal arrived")
    match = re.match(r"interrupted: interrupted at n = (\d+); continue with resume='(.*)'", out)
    assert match, out
    reached = int(match.group(1))
    assert match.group(2) == ck and reached > 0
    resumed = grundy.values("0.6", to=min(reached, 2**16) - 1, resume=ck)
    assert resumed.tolist() == grundy.values("0.6", to=len(resumed) - 1).tolist()


def test_an_exception_in_the_progress_callback_stops_the_run():
    calls = []

    def progress(p):
        calls.append(p)
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.values("0.6", to=2**26, threads=1, progress=progress)
    assert len(calls) == 1
