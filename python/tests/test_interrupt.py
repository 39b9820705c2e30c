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
import brute

CHILD = r"""
import sys, grundy
started = False
def progress(p):
    global started
    if not started:
        started = True
        print("started", flush=True)
try:
    %s
    print("finished")
except KeyboardInterrupt as e:
    print("interrupted:", e)
"""


def interrupted_child(call, checkpoint):
    """Runs the grundy call `call` (one line, with progress=progress and
    checkpoint=sys.argv[1]) in a child process, sends it SIGINT once it has
    reported progress, and returns what it printed."""
    child = subprocess.Popen([sys.executable, "-c", CHILD % call, checkpoint],
                             stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    assert child.stdout.readline().strip() == "started"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0, out
    if out.startswith("finished"):
        pytest.skip("the run finished before the signal arrived")
    return out


def test_ctrl_c_stops_cleanly_and_the_checkpoint_resumes(tmp_path):
    ck = str(tmp_path / "officers.ck")
    out = interrupted_child('grundy.values("0.6", to=2**26, threads=1, progress=progress, '
                            'checkpoint=sys.argv[1], checkpoint_every=0.05)', ck)
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


SEARCH_CHILD = r"""
import sys, grundy
started = False
def progress(p):
    global started
    if not started:
        started = True
        print("started", p.search, flush=True)
if sys.argv[1] == "python":
    steps = grundy.Solver(moves=lambda n: [n - 1, n - 2] if n >= 2 else [], name="steps")
    game = steps.position(10**6) + "kayles 40 41"
else:
    # A sum of two games: no misère quotient applies, the whole sum is searched.
    game = "kayles 30 31 32 33 + nim 1"
try:
    grundy.analyze(game, convention="misere", search_limit=10**8, progress=progress)
    print("finished")
except KeyboardInterrupt as e:
    print("interrupted:", e)
# The interpreter still works: a small analysis after the interrupted one.
print(grundy.analyze("nim 1 2 3").outcome)
"""


@pytest.mark.parametrize("game", ["builtin", "python"])
def test_ctrl_c_stops_a_position_search_cleanly(game):
    # Built-in games: the search runs without the GIL on a thread of its own;
    # with a game written in Python, on the calling thread (SearchControl).
    child = subprocess.Popen([sys.executable, "-c", SEARCH_CHILD, game], stdout=subprocess.PIPE,
                             text=True, env=dict(os.environ))
    first = child.stdout.readline().strip()
    assert first.startswith("started"), first
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0, out
    if out.startswith("finished"):
        pytest.skip("the search finished before the signal arrived")
    assert out == "interrupted: analysis interrupted\nP\n"


def test_an_exception_in_the_progress_of_value_and_analyze_stops_them():
    def stop(p):
        raise RuntimeError("stop here")

    # Officers (0.6) has no proven period: its values are computed up to max.
    with pytest.raises(RuntimeError, match="stop here"):
        grundy.value("0.6", 10**18, max=2**24, progress=stop)
    # Dawson's Chess heaps past the quotients the analysis computes (heap 29 and up).
    with pytest.raises(RuntimeError, match="stop here"):
        grundy.analyze("0.137 40 50 60", convention="misere", search_limit=10**8,
                       progress=stop)
    with pytest.raises(RuntimeError, match="stop here"):
        grundy.best_move("0.137 40 50 60", convention="misere", search_limit=10**8,
                         progress=stop)
    # Nothing is left behind: the same calls answer afterwards.
    expected = "N" if brute.mover_wins(((3, 4), ()), True) else "P"
    assert grundy.analyze("kayles 3 4", convention="misere").outcome == expected


def test_ctrl_c_stops_a_quotient_and_its_checkpoint_resumes(tmp_path):
    # 0.14 to heap 40: heaps up to 21 within a second, then heap 22, which the
    # construction works on for about a minute before it stops there.
    ck = str(tmp_path / "q014.qck")
    out = interrupted_child('grundy.quotient("0.14", max_heap=40, progress=progress, '
                            'checkpoint=sys.argv[1], checkpoint_every=0.05)', ck)
    if out == "interrupted: quotient interrupted before heap 1; nothing saved\n":
        pytest.skip("the signal came before heap 1 was saved")
    match = re.match(r"interrupted: quotient interrupted; heaps 0\.\.(\d+) saved: "
                     r"continue with resume='(.*)'\n$", out)
    assert match, out
    saved = int(match.group(1))
    assert match.group(2) == ck and 1 <= saved <= 40
    # To the heaps saved (a larger bound may be asked for, never a smaller).
    resumed = grundy.quotient(resume=ck, max_heap=saved)
    direct = grundy.quotient("0.14", max_heap=saved)
    assert (resumed.order, resumed.presentation, resumed.pretending, resumed.p_portion) == \
        (direct.order, direct.presentation, direct.pretending, direct.p_portion)
