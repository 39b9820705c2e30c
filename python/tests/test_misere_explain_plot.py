# Misère values and genera, the explanation of an analysis, and plots: each
# against a pure-Python twin written from the definitions (brute.py) or the
# command line's own output.
import os
import subprocess
import xml.dom.minidom
from functools import lru_cache

import pytest

import grundy
import brute


@lru_cache(maxsize=None)
def misere_grundy(pos):
    """G⁻ of a sum of Kayles rows and nim heaps (rows, heaps), by its
    definition: 1 without a move, else the mex of the options' G⁻
    (Conway, ONAG ch. 12)."""
    options = set(brute.sum_positions_options(pos))
    if not options:
        return 1
    return brute.mex(misere_grundy(o) for o in options)


def test_misere_values_of_kayles_against_the_definition():
    got = grundy.misere_values("kayles", 14)
    assert got == [misere_grundy(((n,) if n else (), ())) for n in range(15)]
    assert grundy.misere_values("kayles", 14, start=10) == got[10:]


def test_genera_of_kayles_against_the_definition_and_the_verdict():
    table = grundy.genera("kayles", 9)
    assert table.ruleset == "0.77" and len(table.genera) == 10
    for n, g in enumerate(table.genera):
        rows = (n,) if n else ()
        assert g.value == brute.kayles(n)
        for i in range(5):  # g_i = G⁻(X + i·*2)
            assert g.g(i) == misere_grundy((rows, (2,) * i)), (n, i)
        assert g.misere_value == g.g(0)
    # Misère Kayles is wild: the verdict names the first heap reaching a wild
    # position, with its genus (Winning Ways ch. 13 lists Kayles as wild).
    assert not table.verdict.tame and table.verdict.wild_genus is not None
    assert table.verdict.text.startswith("wild:")
    assert "genus" in str(table) and "<table>" in table._repr_html_()
    nim = grundy.genera("nim", 6).verdict
    assert nim.tame and nim.misere_nim_rule and "misère Nim" in nim.text


def test_genus_of_a_position_and_of_a_python_game():
    g = grundy.genus("kayles 3 4")
    assert g.value == brute.kayles(3) ^ brute.kayles(4)
    assert g.misere_value == misere_grundy(((3, 4), ()))
    steps = grundy.Solver(moves=lambda n: [n - 1, n - 2] if n >= 2 else ([0] if n == 1 else []),
                          name="steps")
    # Subtraction {1, 2} is misère-tame with genus of *(n mod 3)... checked by definition:
    @lru_cache(maxsize=None)
    def m(n, twos):
        opts = [(k, twos) for k in ([n - 1, n - 2] if n >= 2 else ([0] if n == 1 else []))]
        opts += [(n, twos - 1)] * (twos > 0)
        if not opts and twos == 0:
            return 1
        vals = {m(*o) for o in opts}
        if twos > 0:  # X + (i-1)·*2 + *1
            vals.add(m(n, twos - 1) ^ 1)
        return brute.mex(vals)

    for n in range(8):
        gn = grundy.genus(steps.position(n))
        assert [gn.g(i) for i in range(4)] == [m(n, i) for i in range(4)], n
    loop = grundy.Graph([(0, 0)])
    with pytest.raises(ValueError, match="repeat"):
        grundy.genus(loop.position(0))


def test_the_explanation_is_the_command_lines():
    a = grundy.analyze("nim 3 4 5")
    facts = a.facts
    assert facts["kind"] == "nim_sum" and facts["nim"]
    # 3 ⊕ 4 ⊕ 5 = 2: the highest 1 is in column 1 (worth 2); the first heap
    # with a 1 there is 3, which goes to 3 ⊕ 2 = 1 (Bouton 1901).
    assert facts["sum"]["nim_sum"] == 2 and facts["sum"]["highest_bit"] == 1
    assert facts["sum"]["index"] == 0 and facts["sum"]["target"] == 1
    assert facts["move"] == a.winning_moves[0].description
    assert "<details><summary>why</summary><pre>Nim (Bouton 1901)" in a._repr_html_()
    cli = os.environ.get("GRUNDY_CLI")
    if cli:
        for args, kwargs in ((["nim", "3", "4", "5"], {}),
                             (["nim", "1", "1", "4"], {"convention": "misere"}),
                             (["wythoff", "3", "7"], {}),
                             (["kayles", "5", "9"], {})):
            out = subprocess.run([cli, "analyze", *args, "--explain"]
                                 + (["--misere"] if kwargs else []),
                                 check=True, capture_output=True, text=True).stdout
            text = grundy.analyze(" ".join(args), **kwargs).explanation
            assert text and text.strip() in out, (args, text, out)
    assert grundy.analyze("nim 1 1 4", convention="misere").facts["kind"] == "misere_nim"
    assert grundy.analyze("wythoff 3 7").facts["kind"] == "wythoff"


def test_plot_is_the_command_lines_svg(tmp_path):
    g = grundy.values("kayles", 100)
    svg = grundy.plot(g)
    dom = xml.dom.minidom.parseString(svg)  # well-formed XML
    assert dom.documentElement.tagName == "svg"
    assert "0.77: G(n), n = 0..100" in svg
    path = tmp_path / "k.svg"
    assert grundy.plot(g, str(path)) == svg and path.read_text(encoding="utf-8") == svg
    cli = os.environ.get("GRUNDY_CLI")
    if cli:  # the same dots as the command line's plot (which also marks nim's arithmetic period)
        out = tmp_path / "cli.svg"
        subprocess.run([cli, "values", "nim", "--to", "60", "--plot", str(out)], check=True,
                       capture_output=True)

        def dots(svg):
            return [line for line in svg.splitlines() if line.startswith('<path fill="none" stroke="#1d4f91"')]

        ours = dots(grundy.plot(grundy.values("nim", 60), title="nim"))
        assert ours and ours == dots(out.read_text(encoding="utf-8"))
    p = grundy.period("0.137")
    marked = grundy.plot(p)
    assert f"period {p.period} from n = {p.preperiod} (proven)" in marked
    assert "G(n), n = 10..12" in grundy.plot([3, 1, 2], start=10)
