# grundy.pattern, the table-and-pattern report, against closed forms:
# Bachet's game G(n) = n mod 4 (Winning Ways ch. 3), Nim G(n) = n, and the
# Fibonacci P-positions of Fibonacci Nim (Whinihan, Fibonacci Quarterly 1, 1963).
import pytest

import grundy


def test_values_of_bachets_game():
    r = grundy.pattern([n % 4 for n in range(101)])
    assert r["pattern"] == {"period": 4, "preperiod": 0, "saltus": 0}
    assert r["label"] == "observed up to n = 100, not proven"
    assert r["p_positions"] == list(range(0, 101, 4))
    assert r["gaps"] == [4] * 25
    assert "pattern: period 4 from n = 0; observed up to n = 100, not proven" in r["text"]


def test_nim_has_saltus_one_from_an_offset():
    r = grundy.pattern(list(range(5, 45)), start=5)
    assert r["pattern"] == {"period": 1, "preperiod": 5, "saltus": 1}
    assert r["p_positions"] == []


def test_fibonacci_outcomes():
    fib = [1, 2]
    while fib[-1] + fib[-2] <= 1000:
        fib.append(fib[-1] + fib[-2])
    table = "".join("P" if n in fib else "N" for n in range(1, 1001))
    r = grundy.pattern(table, start=1)
    assert r["p_positions"] == fib
    assert r["sum_of_two_before_from"] == 2
    assert r["draws"] == 0


def test_bad_tables():
    with pytest.raises(ValueError):
        grundy.pattern("PNX")
    with pytest.raises((ValueError, TypeError, OverflowError)):
        grundy.pattern([1, -2])
