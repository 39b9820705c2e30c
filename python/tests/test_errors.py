# Malformed calls: each raises a Python exception with a clear one-line
# message, never a crash of the interpreter (a crash would end this run).
import pytest

import grundy

BAD_INPUT = [
    (lambda: grundy.analyze("nosuchgame 3"), "nosuchgame"),
    (lambda: grundy.analyze("kayles 5 +"), "'+'"),
    (lambda: grundy.analyze("+ nim 3"), "'+'"),
    (lambda: grundy.analyze(""), "a game is needed"),
    (lambda: grundy.analyze("nim -3"), "-3"),
    (lambda: grundy.analyze("nim 3.5"), "3.5"),
    (lambda: grundy.analyze("nim 99999999999999999999"), "99999999999999999999"),
    (lambda: grundy.analyze("wythoff 1 2 3"), "wythoff"),
    (lambda: grundy.analyze("nim", -1), "-1"),
    (lambda: grundy.analyze("nim", 2**63), str(2**63)),
    (lambda: grundy.analyze("nim", 1.5), "1.5"),
    (lambda: grundy.analyze("nim", True), "True"),
    (lambda: grundy.analyze("nim", [[1, 2]]), "not of lists"),
    (lambda: grundy.analyze("nim", None), "None"),
    (lambda: grundy.analyze(42), "42"),
    (lambda: grundy.analyze(None), "None"),
    (lambda: grundy.analyze("nim 3", convention="sideways"), "sideways"),
    (lambda: grundy.analyze("nim 3", max_moves=0), "max_moves"),
    (lambda: grundy.analyze("nim 3", search_limit=-5), "search_limit"),
    (lambda: grundy.analyze("nim 3", convention="every", remoteness=True), "remoteness"),
    (lambda: grundy.analyze("graph:/no/such/file a"), "/no/such/file"),
    (lambda: grundy.analyze(grundy.position("nim 3"), 4), "already has"),
    (lambda: grundy.best_move("nim 3", convention="upside-down"), "upside-down"),
    (lambda: grundy.position("kayles", "x"), "x"),
    (lambda: grundy.position("nim 3") + 5, "5"),
    (lambda: grundy.values("nosuch", 10), "nosuch"),
    (lambda: grundy.values("wythoff", 10), "heap ruleset"),
    (lambda: grundy.values("0.6", -1), "-1"),
    (lambda: grundy.values("0.6", 5, start=9), "smaller"),
    (lambda: grundy.values("0.6", 2**64), str(2**64)),
    (lambda: grundy.values("0.6", 10, threads=-1), "threads"),
    (lambda: grundy.values("0.6", 10, progress=5), "progress"),
    (lambda: grundy.values("nim", 10, checkpoint="x.ck"), "closed form"),
    (lambda: grundy.values("0.6", 10, resume="/no/such/checkpoint"), "/no/such/checkpoint"),
    (lambda: grundy.values(6, 10), "ruleset"),
    (lambda: grundy.value("kayles", -1), "-1"),
    (lambda: grundy.value("kayles", 2**63), str(2**63)),
    (lambda: grundy.value("wythoff", 3), "heap ruleset"),
    (lambda: grundy.period("nim:3"), "nim:3"),
    (lambda: grundy.period("lasker", max=3), "16"),
    (lambda: grundy.period("split"), "neither"),
    (lambda: grundy.nim_product(-1, 2), "-1"),
    (lambda: grundy.nim_product(2**64, 2), str(2**64)),
    (lambda: grundy.nim_product("3", 2), "'3'"),
    (lambda: grundy.nim_inverse(0), "0 has no inverse"),
    (lambda: grundy.nim_sum(1, -2), "-2"),
    (lambda: grundy.Graph([(0, 1, 2)]), "pair"),
    (lambda: grundy.Graph([(0, -1)]), "negative"),
    (lambda: grundy.Graph([("a", "b")], vertices=["a"]), "not in the graph"),
    (lambda: grundy.Graph([("a", "b")]).position("zz"), "zz"),
    (lambda: grundy.Graph([], vertices=[1, 1]), "twice"),
    (lambda: grundy.Graph.from_networkx(42), "networkx"),
    (lambda: grundy.Solver(), "moves"),
    (lambda: grundy.Solver(moves=5), "moves"),
    (lambda: grundy.Solver(moves=lambda p: [], position_limit=0), "position_limit"),
    (lambda: grundy.Solver(moves=lambda p: []).outcome(1, "every"), "every"),
    (lambda: grundy.Solver(moves=lambda p: 5).value(1), "moves()"),
    (lambda: grundy.Solver(moves=lambda p: [], name="two words"), "name"),
    (lambda: grundy.Solver(moves=lambda p: [], name=""), "name"),
    (lambda: grundy.analyze("nim 3", progress=5), "progress"),
    (lambda: grundy.best_move("nim 3", progress="x"), "progress"),
    (lambda: grundy.value("0.6", 10, progress=1), "progress"),
    (lambda: grundy.analyze(grundy.Solver(moves=lambda p: []).position(1) + "nim 2",
                            convention="every", remoteness=True), "remoteness"),
    (lambda: grundy.misere_values("wythoff", 5), "heap ruleset"),
    (lambda: grundy.misere_values("kayles", 5, start=9), "smaller"),
    (lambda: grundy.misere_values("kayles", -1), "-1"),
    (lambda: grundy.misere_values(77, 5), "ruleset"),
    (lambda: grundy.misere_values("kayles", 5, search_limit=0), "search_limit"),
    (lambda: grundy.genera("nosuch", 5), "nosuch"),
    (lambda: grundy.genera("kayles", 2**64), str(2**64)),
    (lambda: grundy.genus("nim 3", search_limit=True), "search_limit"),
    (lambda: grundy.genus(grundy.Graph([(0, 0)]).position(0)), "repeat"),
    (lambda: grundy.genera("kayles", 3).genera[0].g(-1), "-1"),
    (lambda: grundy.plot("0.6"), "value sequence"),
    (lambda: grundy.plot(5), "value sequence"),
    (lambda: grundy.plot([1, -2]), "-2"),
    (lambda: grundy.plot([[1, 2], [3, 4]]), "one-dimensional"),
    (lambda: grundy.plot([1.5, 2.0]), "integers"),
    (lambda: grundy.plot([1, 2**64]), "2^64"),
    (lambda: grundy.plot([1, 2], period=12), "Periodicity"),
    (lambda: grundy.plot([1, 2], title=3), "title"),
    (lambda: grundy.plot([1, 2], start=-1), "-1"),
    (lambda: grundy.plot([1, 2], start=2**63), "2^63-1"),
    (lambda: grundy.plot([1, 2], "/no/such/dir/plot.svg"), "/no/such/dir/plot.svg"),
]


@pytest.mark.parametrize("call,needle", BAD_INPUT, ids=[str(i) for i in range(len(BAD_INPUT))])
def test_bad_input_is_a_value_error_with_a_clear_message(call, needle):
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert needle in message
    assert "\n" not in message and len(message) < 300


def test_at_least_thirty_malformed_calls():
    assert len(BAD_INPUT) >= 30


def test_refused_computations_are_limit_errors():
    with pytest.raises(grundy.LimitError):
        grundy.misere_values("kayles", 300, search_limit=1000)
    with pytest.raises(grundy.LimitError, match="positions"):
        grundy.analyze("0.137 40 40 40 40", convention="misere", search_limit=1000)
    with pytest.raises(grundy.LimitError, match="max_memory"):
        grundy.values("0.6", 2**40, max_memory=2**30)
    with pytest.raises(grundy.LimitError):
        grundy.value("0.6", 10**18, max=2**10)
    # In this module's words: position_limit, not the C++ GameLimits.
    with pytest.raises(grundy.LimitError,
                       match=r"position limit \(raise it with the position_limit argument of "
                             r"Solver\)$"):
        grundy.Solver(moves=lambda n: range(n), position_limit=10).value(100)
    assert issubclass(grundy.LimitError, RuntimeError)


def test_a_limit_error_carries_the_setting_to_raise():
    # The library's ExceededLimit (core/error.h) as attributes: the keyword
    # argument, its value, and what the request needs when that is known.
    with pytest.raises(grundy.LimitError) as refused:
        grundy.analyze("0.137 40 40 40 40", convention="misere", search_limit=1000)
    assert (refused.value.setting, refused.value.limit, refused.value.needed) == \
        ("search_limit", 1000, None)
    with pytest.raises(grundy.LimitError) as refused:
        grundy.values("0.6", 2**40, max_memory=2**30)
    assert refused.value.setting == "max_memory" and refused.value.limit == 2**30
    assert refused.value.needed > 2**30
    with pytest.raises(grundy.LimitError) as refused:
        grundy.Solver(moves=lambda n: range(n), position_limit=10).value(100)
    assert (refused.value.setting, refused.value.limit) == ("position_limit", 10)
    # A refusal no one setting lifts carries none.
    with pytest.raises(grundy.LimitError) as refused:
        grundy.value("0.6", 10**18, max=2**10)
    assert (refused.value.setting, refused.value.limit, refused.value.needed) == (None, None, None)


def test_unhashable_positions_and_failing_callbacks_are_python_errors():
    solver = grundy.Solver(moves=lambda p: [[1]])
    with pytest.raises(TypeError, match="unhashable"):
        solver.value(0)

    def moves(n):
        if n == 7:
            raise RuntimeError("no moves from 7")
        return range(n)

    solver = grundy.Solver(moves=moves)
    with pytest.raises(RuntimeError, match="no moves from 7"):
        solver.value(9)
    assert solver.value(6) == 6  # still usable, nothing half-stored
