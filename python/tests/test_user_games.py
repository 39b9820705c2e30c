# Games written in Python (grundy.Solver): contest games in a few lines,
# against pure-Python brute force, with cycles and draws, components and
# canonical forms; and the counters of the callback path.
from functools import lru_cache

from hypothesis import given, settings, strategies as st

import grundy
import brute


class Euclid:
    """Euclid's game: from (a, b), a >= b, subtract a positive multiple of b
    from a; who reaches a zero wins."""

    def moves(self, p):
        a, b = max(p), min(p)
        return [] if b == 0 else [(a - k * b, b) for k in range(1, a // b + 1)]


def euclid_first_player_wins(a, b):
    # The classic criterion: the mover wins iff a/b >= φ or a == b (with a >= b > 0).
    a, b = max(a, b), min(a, b)
    if b == 0:
        return False
    if a == b or a >= 2 * b:
        return True
    return not euclid_first_player_wins(b, a - b)


def test_euclid_in_a_few_lines():
    solver = grundy.Solver(Euclid())
    for a in range(1, 30):
        for b in range(1, 30):
            assert (solver.outcome((a, b)) == "N") == euclid_first_player_wins(a, b)
    assert solver.winning_moves((5, 3)) == [(2, 3)]


class Cutting:
    """A 2-D cutting game: cut a w x h chocolate bar along a grid line into two
    bars; a 1 x 1 bar cannot be cut. Bars are independent (components), and
    a bar turned round is the same game (canonical)."""

    def moves(self, bars):
        out = []
        for i, (w, h) in enumerate(bars):
            rest = bars[:i] + bars[i + 1:]
            out += [tuple(sorted(rest + ((k, h), (w - k, h)))) for k in range(1, w)]
            out += [tuple(sorted(rest + ((w, k), (w, h - k)))) for k in range(1, h)]
        return out

    def components(self, bars):
        return [(bar,) for bar in bars]

    def canonical(self, bars):
        return tuple(sorted(tuple(sorted(bar)) for bar in bars))


def test_cutting_game_with_components_and_canonical():
    solver = grundy.Solver(Cutting())
    # Every cut adds one bar, so a w x h bar always lasts w*h - 1 moves.
    for w in range(1, 6):
        for h in range(1, 6):
            assert solver.value(((w, h),)) == (w * h - 1) % 2
    assert solver.value(((2, 3), (4, 4))) == 1 ^ 1


def subtraction_moves(subtract):
    return lambda n: [n - s for s in subtract if s <= n]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 6), min_size=1, max_size=3), st.integers(0, 40))
def test_subtraction_games_against_brute_force(subtract, n):
    @lru_cache(maxsize=None)
    def g(m):
        return brute.mex(g(m - s) for s in subtract if s <= m)

    @lru_cache(maxsize=None)
    def misere_wins(m):
        options = [m - s for s in subtract if s <= m]
        return not options or any(not misere_wins(o) for o in options)

    solver = grundy.Solver(moves=subtraction_moves(subtract))
    assert solver.value(n) == g(n)
    assert solver.outcome(n, "misere") == ("N" if misere_wins(n) else "P")
    assert solver.outcome(n) == ("N" if g(n) else "P")
    for w in solver.winning_moves(n):
        assert g(w) == 0
    r = solver.remoteness(n)
    assert (r % 2 == 1) == (g(n) != 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14))))
def test_games_with_cycles_against_retrograde_twin(case):
    n, edges = case
    followers = [sorted({v for u, v in edges if u == x}) for x in range(n)]
    solver = grundy.Solver(moves=lambda u: followers[u])
    normal = brute.label_digraph(n, followers)
    misere = brute.label_digraph(n, followers, misere=True)
    graph = grundy.Graph(edges, vertices=range(n))
    for u in range(n):
        assert solver.outcome(u) == normal[u]
        assert solver.outcome(u, "misere") == misere[u]
        assert solver.value(u) == graph.value(u)  # the same γ as tokens on the graph
        assert (solver.remoteness(u) is None) == (normal[u] == "D")


def test_draw_in_a_two_cycle():
    solver = grundy.Solver(moves=lambda p: {"a": ["b"], "b": ["a"]}[p])
    assert solver.outcome("a") == "D"
    assert solver.value("a") == grundy.Infinity(())
    assert solver.remoteness("a") is None and solver.found_cycle


def test_the_throughput_counters_count_the_callback_path():
    # bench/python_bench.py turns these counters into positions per second;
    # here only that they count one call per new position (nothing is timed).
    solver = grundy.Solver(moves=lambda n: [n - 1, n - 2] if n >= 2 else ([0] if n == 1 else []))
    solver.value(20000)
    assert solver.positions_met == 20001 and 20000 <= solver.calls <= 20001
