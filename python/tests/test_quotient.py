# Misère quotients from Python (grundy.quotient): the published quotient of
# 0.75, and the outcomes of sums against plain misère recursion over the
# whole sum, written here from the definition of octal codes (the twin).
import random
import re
import time
from functools import lru_cache

import pytest

import grundy


def octal_options(code, n):
    """The options of a heap of n in the octal game `code` ("0.75"): digit
    d_k of the code allows removing k tokens and leaving no heap (bit 1, only
    when k = n), one heap (bit 2) or two non-empty heaps (bit 4) (Winning
    Ways ch. 4)."""
    digits = code.split(".")[1]
    out = set()
    for k, ch in enumerate(digits, start=1):
        d, rest = int(ch), n - k
        if rest < 0:
            continue
        if d & 1 and rest == 0:
            out.add(())
        if d & 2 and rest > 0:
            out.add((rest,))
        if d & 4:
            for a in range(1, rest // 2 + 1):
                out.add((a, rest - a))
    return out


def misere_mover_wins(code):
    @lru_cache(maxsize=None)
    def wins(heaps):
        # Misère play: without a move the player to move has won.
        moved = False
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1:]
            for parts in octal_options(code, h):
                moved = True
                if not wins(tuple(sorted(rest + parts))):
                    return True
        return not moved
    return wins


def test_075_is_the_published_r8():
    # R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}:
    # T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games",
    # J. Combin. Theory Ser. A 115 (2008), the quotient of 0.75.
    q = grundy.quotient("0.75", max_heap=30)
    assert q.order == 8 and q.p_size == 2
    assert sorted(q.relations) == [("a^2", "1"), ("b^3", "b"), ("bc", "ab"), ("c^2", "b^2")]
    assert q.p_portion == ["a", "b^2"]
    assert [h for _, h in q.generators] == [1, 2, 5]
    assert q.presentation.startswith("<a, b, c | ")
    assert q.stopped is None and q.max_heap == 30
    assert q.period is not None and q.period.proven and q.whole_game


def test_outcomes_of_sums_agree_with_misere_recursion():
    rng = random.Random(15)
    for code, max_heap in (("0.75", 14), ("0.77", 9), ("0.31", 12), ("0.115", 10)):
        q = grundy.quotient(code, max_heap=max_heap)
        wins = misere_mover_wins(code)
        for _ in range(60):
            heaps = tuple(sorted(rng.randint(0, q.max_heap) for _ in range(rng.randint(1, 3))))
            expected = "N" if wins(tuple(h for h in heaps if h)) else "P"
            assert q.outcome(heaps) == expected, (code, heaps)
            assert q.is_p(q.element(heaps)) == (expected == "P")


def test_the_pretending_function_and_the_multiplication():
    q = grundy.quotient("0.75", max_heap=30)
    assert [q.phi(n) for n in range(31)] == q.pretending
    assert q.elements[0] == "1" and len(set(q.elements)) == q.order
    # Φ of a sum is the product of the Φ of its heaps.
    assert q.element([5, 7, 9]) == q.multiply(q.multiply(q.phi(5), q.phi(7)), q.phi(9))
    # The whole game's: heaps beyond the ones adjoined follow the period, as
    # the quotient of more heaps confirms.
    small = grundy.quotient("0.75", max_heap=24)
    assert small.whole_game and small.order == q.order
    assert [small.phi(n) for n in range(25, 31)] == q.pretending[25:31]
    big = 10**18
    assert small.covers(big)
    assert small.phi(big) == small.phi(big - small.period.period) == q.phi(30 - (big - 30) % 2)
    # A thousand heaps at once.
    heaps = [n % 29 + 1 for n in range(1000)]
    x = "1"
    for h in heaps:
        x = q.multiply(x, q.phi(h))
    assert q.element(heaps) == x and q.outcome(heaps) == ("P" if q.is_p(x) else "N")


def test_a_quotient_known_up_to_a_bound_only():
    q = grundy.quotient("kayles", max_heap=9)
    assert q.ruleset == "0.77" and q.max_heap == 9 and not q.whole_game
    assert not q.covers(10)
    with pytest.raises(grundy.LimitError):
        q.phi(10)
    assert "|Q| = " in repr(q) and "presentation: <" in str(q)


def test_bad_input_and_limits():
    with pytest.raises(ValueError, match="heap ruleset"):
        grundy.quotient("wythoff")
    with pytest.raises(ValueError):
        grundy.quotient(75)
    with pytest.raises(ValueError, match="not an integer"):
        grundy.quotient("0.75", max_heap="ten")
    with pytest.raises(grundy.LimitError, match="more than the limit of 4"):
        grundy.quotient("kayles", max_heap=9, max_elements=4)
    q = grundy.quotient("0.75", max_heap=6)
    with pytest.raises(ValueError, match="not an element"):
        q.multiply("a", "zz")


def test_progress_must_be_callable():
    with pytest.raises(ValueError, match="progress must be a function"):
        grundy.quotient("0.75", max_heap=12, progress=3)
    # A callable is accepted (the quotient is too quick here to report).
    assert grundy.quotient("0.75", max_heap=12, progress=lambda p: None).order == 8


def _same(a, b):
    return (a.ruleset, a.max_heap, a.order, a.presentation, a.pretending, a.p_portion,
            a.stopped) == (b.ruleset, b.max_heap, b.order, b.presentation, b.pretending,
                           b.p_portion, b.stopped)


def test_checkpoint_resumes_to_the_uninterrupted_quotient(tmp_path):
    # The files of `grundy quotient --checkpoint` (docs/misere-quotients.md,
    # "Checkpoints"): a run to heap 20 saved, resumed to heap 40, and the
    # resumed file alone, give the quotient of one run to 40.
    ck = str(tmp_path / "kayles.qck")
    first = grundy.quotient("kayles", max_heap=20, checkpoint=ck, checkpoint_every=0.05)
    assert _same(first, grundy.quotient("kayles", max_heap=20))
    direct = grundy.quotient("kayles", max_heap=40)
    assert _same(grundy.quotient(resume=ck, max_heap=40), direct)
    assert _same(grundy.quotient(resume=ck), direct)  # saved again at heap 40
    assert _same(grundy.quotient("kayles", resume=ck, max_elements=4096), direct)
    # The same file as a new run's checkpoint is refused, not replaced; a
    # request that differs from the recorded one is refused.
    # Each message in this module's words, not the command's options.
    with pytest.raises(ValueError, match=f"already exists: continue it with resume='{re.escape(ck)}'"):
        grundy.quotient("kayles", max_heap=20, checkpoint=ck)
    with pytest.raises(ValueError, match=f"disagrees .*; give resume='{re.escape(ck)}' alone") as refused:
        grundy.quotient("0.75", resume=ck)
    assert "--" not in str(refused.value)
    with pytest.raises(ValueError,
                       match="max_elements=100 disagrees with .* made for max_elements=4096"):
        grundy.quotient(resume=ck, max_elements=100)
    with pytest.raises(ValueError, match="max_heap=10 is below the heaps 0..40") as refused:
        grundy.quotient(resume=ck, max_heap=10)
    assert "--" not in str(refused.value)
    with pytest.raises(grundy.LimitError, match=r"more than the limit of 3 \(raise it with the "
                                                r"max_elements argument\)"):
        grundy.quotient("0.137", max_heap=60, max_elements=3)
    with pytest.raises(ValueError, match="no-such.qck"):
        grundy.quotient(resume=str(tmp_path / "no-such.qck"))
    with pytest.raises(ValueError, match="needs a ruleset"):
        grundy.quotient()
    with pytest.raises(ValueError, match="checkpoint_every"):
        grundy.quotient("kayles", checkpoint=str(tmp_path / "x.qck"), checkpoint_every=0)
    # A checkpoint is the command's: `grundy quotient --resume` reads it too
    # (tested with the command in tests/cli); damaged, it is refused.
    with open(ck, "r+b") as f:
        f.seek(40)
        byte = f.read(1)
        f.seek(40)
        f.write(bytes([byte[0] ^ 1]))
    with pytest.raises(ValueError, match="checksum"):
        grundy.quotient(resume=ck)


def test_a_time_budget_returns_the_quotient_verified_so_far():
    # 0.54's quotient grows past heap 100 (docs/misere-quotients.md): a
    # fraction of a second stops it on the way, with what was verified.
    start = time.monotonic()
    q = grundy.quotient("0.54", max_heap=100000, time=0.3)
    assert time.monotonic() - start < 5
    assert q.out_of_time and q.stopped is not None and "time" in q.stopped
    assert 0 < q.max_heap < 100000
    # The same heaps without a budget: the same quotient.
    again = grundy.quotient("0.54", max_heap=q.max_heap)
    assert again.pretending == q.pretending and again.order == q.order
    assert not again.out_of_time and again.stopped is None


def test_memory_and_time_arguments_are_checked():
    # A table that cannot fit in the memory given stops the run as the
    # element limit does.
    with pytest.raises(grundy.LimitError, match=r"memory allowed \(0 MiB; raise it with the "
                                                r"max_memory argument\)"):
        grundy.quotient("0.54", max_heap=60, max_memory=1 << 12)
    for bad in (0, -1, "1", True):
        with pytest.raises(ValueError):
            grundy.quotient("0.75", max_heap=5, time=bad)
