# The Python API against the command line's JSON answers (same library,
# checking the binding's conversions) and against pure-Python brute force
# (brute.py), with hypothesis for random small cases.
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import grundy
import brute


def test_analyze_matches_cli_in_every_convention(cli):
    game = "kayles 5 7 + nim 3 + wythoff 3 5"
    a = grundy.analyze(game)
    j = cli("analyze", *game.split())
    assert a.outcome == j["outcome"]
    assert a.value == j["value"]
    assert a.component_values == j["heap_values"]
    assert [m.description for m in a.winning_moves] == [m["description"] for m in j["winning_moves"]]
    assert a.method == j["method"] and a.proven == j["proven"]
    m = grundy.analyze(game, convention="misere", search_limit=4_000_000)
    jm = cli("analyze", *game.split(), "--misere")
    assert m.outcome == jm["outcome"] and m.value is None
    assert [x.description for x in m.winning_moves] == [x["description"] for x in jm["winning_moves"]]
    e = grundy.analyze("kayles 5 + nim 3", convention="every")
    je = cli("analyze", "kayles", "5", "+", "nim", "3", "--every")
    assert e.outcome == je["outcome"] and e.suspense == je["suspense"]
    c = grundy.analyze("kayles 5 + nim 3", convention="conjunctive")
    jc = cli("analyze", "kayles", "5", "+", "nim", "3", "--conjunctive")
    assert c.outcome == jc["outcome"] and c.remoteness == jc["remoteness"]
    r = grundy.analyze("kayles 5 + nim 3", remoteness=True)
    jr = cli("analyze", "kayles", "5", "+", "nim", "3", "--remoteness")
    assert r.remoteness == jr["remoteness"] and r.outcome == jr["outcome"]
    assert r.moves_left == jr["moves_left"]
    # Misère play: the game lasts one move less than the remoteness says
    # (a position without moves counts 1): misère nim 1 1 ends after 2 moves.
    m = grundy.analyze("nim 1 1", convention="misere", remoteness=True)
    assert (m.remoteness, m.moves_left) == (3, 2)
    assert r.best_move.description == jr["best_move"]["description"]


def test_winning_moves_name_component_and_position_after():
    a = grundy.analyze("kayles 5 + nim 3")
    assert a.outcome == "N" and a.value == brute.kayles(5) ^ 3
    for move in a.winning_moves:
        assert move.component in (0, 1)
        after = move.after
        assert grundy.analyze(after).outcome == "P"
        changed = [i for i, (x, y) in enumerate(zip(after.components, grundy.position("kayles 5 + nim 3").components)) if x != y]
        assert changed == [move.component]
    assert a.count == len(a.winning_moves)
    counted = grundy.analyze("nim 4 5 6", count=True)
    assert counted.count == len(grundy.analyze("nim 4 5 6").winning_moves)
    assert counted.winning_moves == []
    assert counted.count == 3
    cut = grundy.analyze("nim 4 5 6", max_moves=1)
    assert len(cut.winning_moves) == 1 and not cut.complete


def test_positions_by_name_numbers_and_sums():
    assert grundy.position("nim", 3, 4, 5) == grundy.position("nim 3 4 5")
    assert grundy.position("nim", [3, 4, 5]) == grundy.position("nim 3 4 5")
    s = grundy.position("kayles 5") + grundy.position("nim", 3) + "kayles 7"
    assert str(s) == "kayles 5 7 + nim 3"
    assert [str(c) for c in s.components] == ["0.77 5 7", "nim 3"]
    assert len(grundy.position("nim 2").options()) == 2


def test_wider_take_and_break_digits_against_brute_force():
    # CGSuite's {2+} digit: the '+' inside braces is part of the code, not a sum.
    for n in range(0, 22):
        assert grundy.value("0.{2+}", n) == brute.remove_one_split_two_or_more(n)
    a = grundy.analyze("0.{2+} 9 + nim 3")
    assert a.value == brute.remove_one_split_two_or_more(9) ^ 3
    assert a.winning_moves
    for move in a.winning_moves:
        assert grundy.analyze(move.after).outcome == "P"
    assert str(grundy.position("0.{2,3}!", 5)) == "0.C! 5"


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.integers(0, 7), max_size=2), heaps=st.lists(st.integers(0, 4), max_size=2))
def test_sums_against_brute_force(rows, heaps):
    text = " + ".join(([f"kayles {' '.join(map(str, rows))}"] if rows else [])
                      + ([f"nim {' '.join(map(str, heaps))}"] if heaps else [])) or "nim 0"
    value = 0
    for n in rows:
        value ^= brute.kayles(n)
    for h in heaps:
        value ^= h
    a = grundy.analyze(text)
    assert a.value == value and a.outcome == ("N" if value else "P")
    pos = (tuple(sorted(x for x in rows if x)), tuple(sorted(heaps)))
    m = grundy.analyze(text, convention="misere")
    assert m.outcome == ("N" if brute.mover_wins(pos, True) else "P")
    for move in m.winning_moves:
        assert grundy.analyze(move.after, convention="misere").outcome == "P"
    best = grundy.best_move(text, convention="misere")
    if m.outcome == "N" and best is not None:  # None: no move at all, a misère win
        assert grundy.analyze(best.after, convention="misere").outcome == "P"


def test_values_is_numpy_over_the_engine_buffer(cli):
    g = grundy.values("0.6", to=2**12)
    assert isinstance(g, np.ndarray) and isinstance(g, grundy.ValueArray)
    assert g.dtype == np.uint16 and len(g) == 2**12 + 1
    assert not g.flags.owndata  # the engine's buffer, kept alive by a capsule
    j = cli("values", "0.6", "--to", "200")
    assert g[:201].tolist() == j["values"]
    stats = grundy.values("0.6", to=2**12).stats()
    js = cli("values", "0.6", "--to", str(2**12), "--stats")
    assert stats.histogram == {int(k): v for k, v in js["histogram"].items()}
    assert stats.rare_count == js["rare_count"] and stats.mask == js["mask"]
    k = grundy.values("kayles", 40, start=10)
    assert k.start == 10 and k.tolist() == [brute.kayles(n) for n in range(10, 41)]
    n = grundy.values("nim", 10)
    assert n.dtype == np.uint64 and n.tolist() == list(range(11))
    assert "G(n) of 0.6" in g._repr_html_()


def test_values_progress_and_checkpoint(tmp_path):
    seen = []
    ck = str(tmp_path / "run.ck")
    g = grundy.values("0.6", to=2**16, progress=seen.append, checkpoint=ck, checkpoint_every=0.05)
    assert all(isinstance(p, grundy.Progress) for p in seen)
    # A new run never replaces the checkpoint; resuming it may save to it.
    with pytest.raises(ValueError, match="already exists"):
        grundy.values("0.6", to=2**16, checkpoint=ck)
    resumed = grundy.values("0.6", to=2**17, resume=ck)
    assert resumed[: len(g)].tolist() == g.tolist()
    assert resumed.tolist() == grundy.values("0.6", to=2**17, threads=1).tolist()


def test_period_and_value(cli):
    p = grundy.period("0.16")
    j = cli("period", "0.16")
    assert (p.period, p.preperiod, p.saltus, p.proven) == (j["period"], j["preperiod"], j["saltus"], j["proven"])
    assert p.period == 149459 and p.proven and "Guy-Smith" in p.certificate
    assert len(p.values) == p.checked_to
    lasker = grundy.period("4.[3]")
    assert (lasker.period, lasker.saltus, lasker.proven) == (4, 4, True)
    assert grundy.value("kayles", 10**18) == cli("value", "kayles", str(10**18))["value"]
    info = grundy.value("0.16", 10**18, detail=True)
    assert info.proven and info.value == p.values[p.preperiod + (10**18 - p.preperiod) % p.period]
    assert grundy.value("nim", 2**63 - 1) == 2**63 - 1
    # A max far past memory is lowered to what memory holds, not allocated:
    # Kayles proves its period long before.
    assert grundy.value("kayles", 10**6, max=10**12) == cli("value", "kayles", str(10**6))["value"]
    far = grundy.period("kayles", max=10**12)
    assert (far.period, far.preperiod, far.proven) == (12, 71, True)
    # A code on the split-set engine: the default bound is about a second of
    # work (0.209 to n = 13567, no proof of its pattern); a max given is the
    # bound, as for `grundy value --max`. The refusal names this module's
    # arguments, not the command's options.
    with pytest.raises(grundy.LimitError, match=r"values\(ruleset, to=14000\)") as refused:
        grundy.value("0.209", 14000)
    assert "observed=True" in str(refused.value) and "--" not in str(refused.value)
    with pytest.raises(grundy.LimitError, match="proven_only=True") as refused:
        grundy.analyze("grundy-game", 2**40, proven_only=True)
    assert "--" not in str(refused.value) and "values(ruleset" not in str(refused.value)
    # So do the refusals of exhaustive searches.
    with pytest.raises(grundy.LimitError, match=r"\(raise it with the search_limit argument\)$"):
        grundy.analyze("wythoff", 30, 40, convention="misere", search_limit=5)
    info = grundy.value("0.209", 14000, max=14001, detail=True)
    assert info.proven and info.value == cli("values", "0.209", "--from", "14000", "--to", "14000")["values"][0]
    assert not grundy.analyze("0.209", 14000, 5).proven
    exact = grundy.analyze("0.209", 14000, 5, max=14001)
    assert exact.proven and exact.component_values == [info.value, cli("values", "0.209", "--to", "5")["values"][5]]


def test_values_and_period_cost_what_the_command_allows(cli):
    # One plan for both front ends (code_run_plan.h). A period search of a
    # code on the split-set engine stops at the command's default bound
    # (about a second of work), where it used to look at 2^22 values for
    # minutes; max= sets the bound, as --max does.
    p = grundy.period("0.209")
    j = cli("period", "0.209")
    assert not p.proven and p.checked_to == j["checked_to"] < 20000
    assert p.stopped.startswith("stopped at the default bound") and "max=N" in p.stopped
    assert grundy.period("0.209", max=1500).checked_to == 1500
    # A run the command refuses as days of work (0.*: digits past four
    # heaps) is refused here too, before any work, in this module's words.
    with pytest.raises(grundy.LimitError, match="partition-set engine") as refused:
        grundy.values("0.*", 10**6)
    assert "operations" in str(refused.value) and "--" not in str(refused.value)
    with pytest.raises(grundy.LimitError,
                       match=r"over the memory limit of 1024 MiB \(raise it with the max_memory"):
        grundy.values("0.6", 10**9, max_memory=2**30)
    # A closed form needs no run; the array it returns is what counts.
    with pytest.raises(grundy.LimitError,
                       match=r"MiB of values, over the memory limit of 1 MiB \(raise it with the max_memory"):
        grundy.values("nim", 10**6, max_memory=2**20)


def test_period_histogram_against_the_command_and_bincount(cli):
    # Far past the values computed, from the proven period: the command's
    # --stats over the same range counts the same.
    p = grundy.period("kayles")
    far = p.histogram(10**18)
    j = cli("values", "kayles", "--to", str(10**18), "--stats")
    assert far == {int(v): c for v, c in j["histogram"].items()}
    assert sum(far.values()) == 10**18 + 1
    # Within the values, the plain count of a NumPy array.
    g = grundy.values("0.137", 500)
    counts = np.bincount(np.asarray(g)[100:])
    assert grundy.period("0.137").histogram(500, start=100) == {
        v: int(c) for v, c in enumerate(counts) if c}
    with pytest.raises(grundy.LimitError):
        grundy.period("0.6", max=4096).histogram(10**6)
    with pytest.raises(grundy.LimitError):
        grundy.period("4.[3]").histogram(10**12)  # a saltus: new values every period
    with pytest.raises(ValueError):
        p.histogram(5, start=9)


def test_graphs_from_edges_and_networkx():
    g = grundy.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    assert not g.acyclic and set(g.cycle) == {"a", "b", "c"}
    followers = {v: g.followers(v) for v in g.nodes}
    n = len(g.nodes)
    ids = {v: i for i, v in enumerate(g.nodes)}
    labels = brute.label_digraph(n, [[ids[w] for w in followers[v]] for v in g.nodes])
    for v in g.nodes:
        assert grundy.analyze(g.position(v)).outcome == labels[ids[v]]
    misere = brute.label_digraph(n, [[ids[w] for w in followers[v]] for v in g.nodes], misere=True)
    for v in g.nodes:
        assert grundy.analyze(g.position(v), convention="misere").outcome == misere[ids[v]]
    loop = grundy.Graph([(0, 0)])
    assert isinstance(loop.value(0), grundy.Infinity) and str(loop.value(0)) == "∞{}"
    assert grundy.analyze(loop.position(0)).outcome == "D"
    nx = pytest.importorskip("networkx")
    d = nx.DiGraph([(1, 2), (2, 3)])
    h = grundy.Graph.from_networkx(d)
    assert h.values() == {1: 0, 2: 1, 3: 0}


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12))))
def test_random_digraphs_against_retrograde_twin(case):
    n, edges = case
    g = grundy.Graph(edges, vertices=range(n))
    followers = [sorted({v for u, v in edges if u == x}) for x in range(n)]
    for convention, misere in (("normal", False), ("misere", True)):
        labels = brute.label_digraph(n, followers, misere)
        for v in range(n):
            assert grundy.analyze(g.position(v), convention=convention).outcome == labels[v]


def test_nim_arithmetic():
    assert grundy.nim_product(2, 2) == 3 and grundy.nim_product(8, 8) == 13
    assert grundy.nim_product(16, 16) == 24
    assert grundy.nim_sum(1, 2, 3) == 0
    top = 2**64 - 1
    assert grundy.nim_product(grundy.nim_inverse(top), top) == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_nim_product_against_brute_force(a, b):
    assert grundy.nim_product(a, b) == brute.nim_product(a, b)
    assert grundy.nim_square(a) == brute.nim_product(a, a)
    if a:
        assert brute.nim_product(a, grundy.nim_inverse(a)) == 1


def test_reprs_read_well():
    a = grundy.analyze("nim 3 4 5")
    text = repr(a)
    assert "outcome: N" in text and "take 2 from heap 1 (3 → 1)" in text
    assert "<table>" in a._repr_html_()
    assert repr(grundy.position("nim 3")) == "grundy.position('nim 3')"
    assert "149459" in str(grundy.period("0.16"))
    assert grundy.__doc__ and all(getattr(grundy, name).__doc__ for name in grundy.__all__ if name != "LimitError")


def test_networkx_digraphs_give_the_graph_of_their_edges():
    nx = pytest.importorskip("networkx")
    d = nx.gnp_random_graph(12, 0.2, seed=7, directed=True)
    d.add_node("isolated")
    g = grundy.Graph.from_networkx(d, name="random")
    assert g.nodes == list(d.nodes()) and g.edge_count == d.number_of_edges()
    same = grundy.Graph(list(d.edges()), vertices=list(d.nodes()))
    assert g.values() == same.values() and g.value("isolated") == 0
    followers = [[list(d.nodes()).index(w) for w in d.successors(v)] for v in d.nodes()]
    labels = brute.label_digraph(len(followers), followers)
    for i, v in enumerate(d.nodes()):
        assert grundy.analyze(g.position(v)).outcome == labels[i]
    multi = nx.MultiDiGraph([("a", "b"), ("a", "b"), ("b", "c")])
    assert grundy.Graph.from_networkx(multi).values() == {"a": 0, "b": 1, "c": 0}
    with pytest.raises(ValueError, match="directed"):
        grundy.Graph.from_networkx(nx.Graph([(1, 2)]))


def test_search_limit_past_memory_is_refused_before_the_search():
    # As on the command line (check_search_limit_fits): a limit that even
    # 64 bytes a position could not hold in memory is refused at once.
    with pytest.raises(grundy.LimitError, match=r"would be reached only after the memory ran out; lower it$"):
        grundy.analyze("bash:8 4294967295", convention="every", search_limit=2**62)


def test_period_certificate_is_the_commands(cli):
    # One wording of a period (periodicity_certificate), proven or observed,
    # for the module and the command line alike.
    assert grundy.period("0.07").certificate == cli("period", "0.07")["certificate"]
    # 0.209's pattern is only observed (and the module has no default work
    # bound, so both are given one).
    observed = grundy.period("0.209", max=5000).certificate
    assert observed == cli("period", "0.209", "--max", "5000")["certificate"]
    assert observed == "NOT proven: observed up to n = 4999; no criterion here applies"
