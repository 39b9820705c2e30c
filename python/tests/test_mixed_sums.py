# Games written in Python in sums with built-in games, in every convention
# (Solver.position): the library's compound analyses (normal play by γ of
# each component, misère play and the Every-SG and conjunctive compounds by
# retrograde analysis) against a pure-Python search of the whole compound,
# written from the definitions (brute.py).
import pytest
from hypothesis import given, settings, strategies as st

import grundy
import brute


def nim_options(h):
    return range(h)


def subtraction(subtract):
    return lambda n: [n - s for s in subtract if s <= n]


def kayles_rows(rows):
    """Kayles as a Python game: a position is a sorted tuple of rows."""
    for i, n in enumerate(rows):
        for parts in brute.kayles_options(n):
            yield tuple(sorted(rows[:i] + rows[i + 1:] + parts))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=2), st.lists(st.integers(0, 4), min_size=1, max_size=2))
def test_a_python_kayles_plus_nim_matches_the_brute_force_of_the_whole_sum(rows, heaps):
    rows = tuple(sorted(rows))
    solver = grundy.Solver(moves=lambda p: list(kayles_rows(p)), name="rows")
    whole = solver.position(rows) + grundy.position("nim", heaps)
    for convention, misere in (("normal", False), ("misere", True)):
        expected = "N" if brute.mover_wins((rows, tuple(sorted(heaps))), misere) else "P"
        a = grundy.analyze(whole, convention=convention)
        assert a.outcome == expected, (convention, rows, heaps)
        for move in a.winning_moves:
            after = move.after
            user = after.components[0].user_position
            rest = tuple(sorted(after.components[1].numbers)) if len(after.components) > 1 else ()
            assert brute.mover_wins((user, rest), misere) is False
        best = grundy.best_move(whole, convention=convention)
        if best is not None and expected == "N":
            after = best.after
            rest = tuple(sorted(after.components[1].numbers)) if len(after.components) > 1 else ()
            assert not brute.mover_wins((after.components[0].user_position, rest), misere)
    # Normal play: the value is the nim-sum of the parts' (Sprague-Grundy).
    value = 0
    for n in rows:
        value ^= brute.kayles(n)
    for h in heaps:
        value ^= h
    assert grundy.analyze(whole).value == value


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(1, 4), min_size=1, max_size=2), st.integers(0, 9),
       st.lists(st.integers(0, 4), min_size=1, max_size=2))
def test_every_sg_and_conjunctive_compounds_with_a_python_game(subtract, n, heaps):
    solver = grundy.Solver(moves=subtraction(subtract), name="sub")
    whole = solver.position(n) + grundy.position("nim", heaps)
    # Every heap of a heap game is a component of its own (rules/compound.h).
    components = (n, *heaps)
    options = [subtraction(subtract)] + [nim_options] * len(heaps)
    for convention, conjunctive in (("every", False), ("conjunctive", True)):
        expected = brute.label_game(components, brute.every_options(options, conjunctive))
        a = grundy.analyze(whole, convention=convention)
        assert a.outcome == expected, (convention, subtract, n, heaps)
        if a.outcome == "N":
            assert a.best_move is not None


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=10),
    st.integers(0, n - 1))), st.integers(0, 3))
def test_sums_of_a_python_game_with_cycles_and_nim_have_draws_as_the_brute_force(case, heap):
    n, edges, start = case
    followers = [sorted({v for u, v in edges if u == x}) for x in range(n)]
    solver = grundy.Solver(moves=lambda u: followers[u], name="walk")
    whole = solver.position(start) + grundy.position("nim", heap)
    options = brute.sum_options([lambda u: followers[u], nim_options])
    for convention, misere in (("normal", False), ("misere", True)):
        expected = brute.label_game((start, heap), options, misere)
        assert grundy.analyze(whole, convention=convention).outcome == expected


def test_a_python_game_in_a_sum_is_shown_by_its_repr_and_comes_back():
    class Euclid:
        def moves(self, p):
            a, b = max(p), min(p)
            return [] if b == 0 else [(a - k * b, b) for k in range(1, a // b + 1)]

    solver = grundy.Solver(Euclid())
    p = solver.position((5, 3))
    assert str(p) == "Euclid (5, 3)" and p.user_position == (5, 3)
    total = p + "kayles 5"
    assert str(total) == "Euclid (5, 3) + kayles 5"
    assert [c.user_position for c in total.components] == [(5, 3), None]
    a = grundy.analyze(total, convention="misere")
    assert a.outcome in ("N", "P")
    # The remoteness of the sum agrees with its outcome (odd iff the mover wins).
    r = grundy.analyze(total, remoteness=True)
    assert (r.remoteness % 2 == 1) == (r.outcome == "N")
    # The same game's own solver agrees on the component alone.
    alone = grundy.analyze(p)
    assert alone.outcome == solver.outcome((5, 3)) and alone.value == solver.value((5, 3))


def test_an_exception_in_moves_during_a_sum_analysis_propagates_and_the_solver_stays_usable():
    calls = {"n": 0}

    def moves(n):
        calls["n"] += 1
        if n == 7 and calls["n"] < 50:
            raise KeyError("no moves from 7 today")
        return [n - 1] if n else []

    solver = grundy.Solver(moves=moves, name="line")
    with pytest.raises(KeyError, match="no moves from 7 today"):
        grundy.analyze(solver.position(9) + "nim 2", convention="misere")
    calls["n"] = 100
    assert grundy.analyze(solver.position(9) + "nim 2", convention="misere").outcome == \
        brute.label_game((9, 2), brute.sum_options([lambda n: [n - 1] if n else [], nim_options]),
                         misere=True)


def test_a_sum_search_beyond_its_limit_is_a_limit_error():
    solver = grundy.Solver(moves=lambda n: [n - 1, n - 2] if n >= 2 else [], name="steps")
    with pytest.raises(grundy.LimitError):
        grundy.analyze(solver.position(5000) + "nim 40", convention="misere", search_limit=1000)


def test_progress_of_a_sum_with_a_python_game_is_reported_and_can_stop_it():
    solver = grundy.Solver(moves=lambda n: [n - 1, n - 2] if n >= 2 else [], name="steps")
    seen = []

    def progress(p):
        seen.append(p)
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        grundy.analyze(solver.position(3000) + "kayles 12", convention="misere", progress=progress)
    assert len(seen) == 1 and seen[0].positions > 0 and seen[0].limit == 4_000_000


def test_positions_of_two_python_games_of_one_name_are_not_equal():
    a = grundy.Solver(moves=lambda n: [], name="g")
    b = grundy.Solver(moves=lambda n: [n - 1] if n else [], name="g")
    assert a.position(1) == a.position(1) and hash(a.position(1)) == hash(a.position(1))
    assert a.position(1) != b.position(1)
    assert a.position(1) + "nim 2" != b.position(1) + "nim 2"
    assert grundy.position("nim 3") == grundy.position("nim", 3)
