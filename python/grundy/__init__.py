"""grundy: exact solutions of impartial combinatorial games, from Python.

The same library as the ``grundy`` command, as typed Python objects::

    >>> import grundy
    >>> a = grundy.analyze("kayles 5 + nim 3", convention="misere")
    >>> a.outcome, a.winning_moves[0].description
    ('N', 'kayles: take 2 from heap 1 (5 → 3)')
    >>> g = grundy.values("0.6", to=2**12)          # a NumPy array of G(0..2^12)
    >>> g[:8].tolist()
    [0, 0, 1, 2, 0, 1, 2, 3]
    >>> grundy.period("0.16").period               # proven by Guy-Smith
    149459

Main entry points
-----------------
analyze(game, ...)       who wins, the Grundy value, every winning move
best_move(game, ...)     the move good play makes, in every convention
values(ruleset, to=...)  G(0..to) of one heap, as a NumPy array
value(ruleset, n)        G(n) for one n up to 2^63-1
misere_values(r, to=...) G⁻(0..to) of one heap in misère play
genera(ruleset, to=...)  the misère genus of each heap, and tame or wild
genus(game, ...)         the misère genus of any position
quotient(ruleset, ...)   the misère quotient of heaps 0..N: presentation,
                         P-portion, pretending function; outcomes of sums
period(ruleset)          period, preperiod, saltus, and whether it is proven
plot(values)             G(n) against n as an SVG image (a string, or a file)
position(game, ...)      a position of built-in games (sums with ``+``)
Graph(edges)             tokens on a directed graph (cycles allowed)
Solver(game)             a game written in Python: values, outcomes, remoteness;
                         Solver.position(p) adds it to built-in games, in
                         every convention
nim_sum, nim_product, nim_square, nim_inverse    nim arithmetic below 2^64
rulesets()               every ruleset name the parser accepts

A game is written as the command line writes it: ``"nim 3 4 5"``,
``"kayles 5 + nim 3 + wythoff 3 5"``; or as a ruleset name and numbers,
``analyze("nim", 3, 4, 5)``; or as a :class:`Position`.  Conventions are
``"normal"``, ``"misere"``, ``"every"`` (Every-SG) and ``"conjunctive"``.

Bad input raises :class:`ValueError`, a computation beyond a stated limit
:class:`LimitError`, both with the one-line messages of the command line.
Long computations release the GIL, call a ``progress`` callback, and stop
cleanly on Ctrl-C (:class:`KeyboardInterrupt`); an analysis says why in
words (``Analysis.explanation``) and :func:`plot` draws G(n) as SVG.
docs/python.md is a tour.
"""

from __future__ import annotations

import html as _html
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as _np

from . import _grundy

__version__: str = _grundy.__version__

LimitError = _grundy.LimitError
LimitError.__module__ = "grundy"

__all__ = [
    "Analysis", "Genera", "Genus", "Graph", "Infinity", "LimitError", "Move", "Periodicity",
    "Position", "Quotient", "QuotientPeriod", "TameVerdict", "genera", "genus", "misere_values",
    "plot", "quotient",
    "Progress", "SearchProgress", "Solver", "ValueArray", "ValueInfo", "ValueStats", "analyze",
    "best_move",
    "nim_inverse", "nim_product", "nim_square", "nim_sum", "pattern", "period", "position",
    "rulesets",
    "value", "values",
]

CONVENTIONS = ("normal", "misere", "every", "conjunctive")


# --------------------------------------------------------------------------
# Nim arithmetic
# --------------------------------------------------------------------------

def nim_sum(*values: int) -> int:
    """The nim-sum (bitwise exclusive or) of nimbers 0 .. 2^64-1."""
    return _grundy.nim_sum(*values)


def nim_product(a: int, b: int) -> int:
    """a ⊗ b, the nim product in the field of nimbers below 2^64.

    Commutative, associative and distributive over :func:`nim_sum`, with 1 as
    identity.  ``ValueError`` unless both are integers 0 .. 2^64-1.
    """
    return _grundy.nim_product(a, b)


def nim_square(a: int) -> int:
    """a ⊗ a in the field of nimbers below 2^64."""
    return _grundy.nim_square(a)


def nim_inverse(a: int) -> int:
    """The nimber b with a ⊗ b = 1; ``ValueError`` for 0, which has none."""
    return _grundy.nim_inverse(a)


def rulesets() -> List[Tuple[str, str]]:
    """Every ruleset the parser accepts, as (pattern, one-line description)."""
    return [tuple(r) for r in _grundy.rulesets()]


# --------------------------------------------------------------------------
# Values of loopy games
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Infinity:
    """The generalised Grundy value ∞{K} of a position in a game with cycles.

    ``infinity_set`` is K, the finite values among the options.  The player
    to move wins iff 0 is in K; otherwise the position is a draw.
    """

    infinity_set: Tuple[int, ...]
    finite = False

    def __str__(self) -> str:
        # As the command and the web page write it (core/gamma.h, gamma_text).
        return "∞{" + ",".join(str(k) for k in self.infinity_set) + "}"

    def __repr__(self) -> str:
        return f"Infinity({self.infinity_set!r})"


def _gamma(raw: Any) -> Union[int, Infinity]:
    if isinstance(raw, tuple):
        return Infinity(tuple(raw[1]))
    return raw


# --------------------------------------------------------------------------
# Positions and moves
# --------------------------------------------------------------------------

class Position:
    """A position of built-in games: one ruleset and its numbers, or a sum.

    Make one with :func:`position`, :meth:`Graph.position`, or by adding
    positions: ``position("kayles 5") + position("nim", 3)``.  ``str()`` gives
    the command line's syntax, ``"kayles 5 + nim 3"``.
    """

    __slots__ = ("_handle",)

    def __init__(self, handle: Any) -> None:
        if not isinstance(handle, _grundy.GameHandle):
            raise TypeError("use grundy.position(...) to make a Position")
        self._handle = handle

    @property
    def ruleset(self) -> str:
        """The ruleset's name ("kayles + nim" for a sum)."""
        return self._handle.ruleset

    @property
    def numbers(self) -> List[int]:
        """The position's numbers (a sum: each component's length, then its numbers)."""
        return self._handle.numbers

    @property
    def components(self) -> List["Position"]:
        """The summands, one per game ([self] for a single game)."""
        return [Position(s[3]) for s in self._handle.summands()]

    @property
    def has_cycles(self) -> bool:
        """Whether play can return to a position (tokens on a graph with a cycle;
        a game written in Python is always taken to have them, see :class:`Solver`)."""
        return self._handle.has_cycles

    @property
    def user_position(self) -> Any:
        """The Python position of a game written in Python (made by
        :meth:`Solver.position`); None for built-in games and sums."""
        return self._handle.user_position

    def options(self, limit: int = 100_000) -> List["Move"]:
        """Every legal move (at most ``limit``), each with the position after it."""
        return [Move._from_whole(m) for m in self._handle.options(limit)]

    def __add__(self, other: Union["Position", str]) -> "Position":
        return Position(self._handle.plus(_handle(other, ())))

    def __radd__(self, other: str) -> "Position":
        return Position(_handle(other, ()).plus(self._handle))

    def _key(self) -> Tuple[Any, ...]:
        # Games written in Python are told apart by their solver, not their name.
        return (self.ruleset, tuple(self.numbers), tuple(self._handle.python_games))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return self._handle.text

    def __repr__(self) -> str:
        return f"grundy.position({self._handle.text!r})"


def position(game: Union[str, Position], *numbers: Union[int, str, Sequence[int]]) -> Position:
    """A position of built-in games.

    ``position("kayles 5 7 + nim 3")``, ``position("nim", 3, 4, 5)`` or
    ``position("nim", [3, 4, 5])``.  ``ValueError`` names the bad token.
    """
    return Position(_handle(game, numbers))


def _handle(game: Any, numbers: Sequence[Any]) -> Any:
    if isinstance(game, Position):
        if numbers:
            raise ValueError("a Position already has its numbers: give no more after it")
        return game._handle
    return _grundy.game(game, *numbers)


class Move:
    """A move: the component it changes, a description, the position after it.

    ``component`` is the index of the summand that changes (0 for a single
    game; None for a move of an Every-SG or conjunctive compound, which
    moves every component).  ``after`` is a :class:`Position`, computed when
    first asked for.  ``note`` says why a move is merely legal, when it is
    (the position was too large to search).
    """

    __slots__ = ("component", "description", "note", "_before", "_splice", "_after")

    def __init__(self, component: Optional[int], description: str, note: str = "") -> None:
        self.component = component
        self.description = description
        self.note = note
        self._before = None
        self._splice = None
        self._after = None

    @classmethod
    def _from_whole(cls, raw: Tuple[Any, str, Any, str]) -> "Move":
        move = cls(raw[0], raw[1], raw[3])
        move._after = Position(raw[2])
        return move

    @classmethod
    def _from_splice(cls, before: Any, raw: Tuple[Any, str, int, int, int, List[int]]) -> "Move":
        move = cls(raw[0], raw[1])
        move._before = before
        move._splice = raw[2:]
        return move

    @property
    def after(self) -> Position:
        """The position after the move."""
        if self._after is None:
            self._after = Position(self._before.apply(*self._splice))
        return self._after

    def __repr__(self) -> str:
        return f"Move({self.description!r} → {str(self.after)!r})"


# --------------------------------------------------------------------------
# analyze and best_move
# --------------------------------------------------------------------------

@dataclass
class Analysis:
    """The analysis of a position under one convention.

    outcome           "P" (the player to move loses), "N" (wins) or "D" (a draw)
    value             the normal-play Grundy value (None in misère play, for
                      Every-SG and conjunctive compounds, or an infinite γ)
    component_values  the values of the independent parts (heaps, stairs,
                      summands), where the position is such a sum
    winning_moves     list of Move (complete unless ``complete`` is False)
    count             the number of winning moves, when known exactly
    method            how the answer was obtained
    proven            False when a value came from an observed, unproven period
    remoteness        remoteness (int, with remoteness=True; per component,
                      list, for the conjunctive compound)
    moves_left        with remoteness=True: how many moves the game lasts with
                      good play (the remoteness in normal play, one less in
                      misère play, where a position without moves counts 1)
    suspense          Every-SG: each component's suspense number
    best_move         the move good play makes (also for a loser), if any
    explanation       why, in words, as ``grundy analyze --explain`` prints it
                      (normal and misère play): the nim-sum in binary columns
                      and the heap its highest 1 picks, misère Nim's case,
                      Wythoff's P-pair, Moore's column counts, or the method
    facts             the same facts as a dict: ``kind`` ("nim_sum",
                      "misere_nim", "wythoff", "moore", "staircase", "method")
                      and that rule's numbers (e.g. ``facts["sum"]["nim_sum"]``)
    """

    position: Position
    convention: str
    outcome: str
    value: Optional[int] = None
    value_note: str = ""
    component_values: Optional[List[int]] = None
    winning_moves: List[Move] = field(default_factory=list)
    complete: bool = True
    count: Optional[int] = None
    method: str = ""
    proven: bool = True
    moves_note: str = ""
    remoteness: Union[None, int, List[int]] = None
    moves_left: Optional[int] = None
    suspense: Optional[List[int]] = None
    best_move: Optional[Move] = None
    explanation: str = ""
    facts: Optional[Dict[str, Any]] = None

    def _lines(self) -> List[Tuple[str, str]]:
        words = {"P": "the other player wins", "N": "the player to move wins",
                 "D": "a draw: neither player can force a win"}
        rows = [("position", f"{self.position} ({self.convention})"),
                ("outcome", f"{self.outcome} — {words[self.outcome]}")]
        if self.value is not None:
            rows.append(("value", str(self.value)))
        elif self.value_note:
            rows.append(("value", f"none ({self.value_note})"))
        if self.component_values is not None and len(self.component_values) <= 24:
            rows.append(("component values", " ".join(map(str, self.component_values))))
        if self.suspense is not None:
            rows.append(("suspense", " ".join(map(str, self.suspense))))
        if self.remoteness is not None:
            rows.append(("remoteness", " ".join(map(str, self.remoteness))
                         if isinstance(self.remoteness, list) else str(self.remoteness)))
        if self.moves_left is not None:
            rows.append(("moves left", f"{self.moves_left} with good play"))
        rows.append(("method", self.method + ("" if self.proven else " (NOT PROVEN: observed period)")))
        if self.count is not None:
            rows.append(("winning moves", str(self.count)))
        return rows

    def _shown_moves(self, limit: int = 12) -> List[str]:
        return [f"{m.description}  →  {m.after}" for m in self.winning_moves[:limit]]

    def __repr__(self) -> str:
        text = "\n".join(f"{k}: {v}" for k, v in self._lines())
        moves = self._shown_moves()
        if moves:
            text += "\nwinning moves:\n" + "\n".join("  " + m for m in moves)
            if len(self.winning_moves) > len(moves) or not self.complete:
                text += "\n  …"
        elif self.best_move is not None:
            text += f"\nbest move: {self.best_move.description}  →  {self.best_move.after}"
        return text

    def _repr_html_(self) -> str:
        e = _html.escape
        rows = "".join(f"<tr><th style='text-align:left'>{e(k)}</th><td>{e(v)}</td></tr>"
                       for k, v in self._lines())
        moves = self._shown_moves()
        body = f"<table>{rows}</table>"
        if moves:
            more = "<li>…</li>" if len(self.winning_moves) > len(moves) or not self.complete else ""
            body += "<b>winning moves</b><ol>" + "".join(f"<li>{e(m)}</li>" for m in moves) + more + "</ol>"
        if self.explanation:
            body += f"<details><summary>why</summary><pre>{e(self.explanation)}</pre></details>"
        return body


def analyze(game: Union[str, Position], *numbers: Union[int, str, Sequence[int]],
            convention: str = "normal", remoteness: bool = False, max_moves: int = 10_000,
            count: bool = False, search_limit: int = 4_000_000,
            proven_only: bool = False, max: Optional[int] = None,
            progress: Optional[Callable[["SearchProgress"], Any]] = None) -> Analysis:
    """Who wins a position, its Grundy value, and every winning move.

    ``game`` is a text such as ``"kayles 5 + nim 3"``, a ruleset name followed
    by numbers (``analyze("nim", 3, 4, 5)``), or a :class:`Position`.

    convention    "normal", "misere", "every" (Every-SG: move in every
                  component) or "conjunctive" (move in every component; the
                  game ends when one cannot move)
    remoteness    report Smith's remoteness of the whole position instead
                  (normal or misère play)
    max_moves     list at most this many winning moves (``complete`` says
                  whether the list was cut); with ``count``, count this many
    count         count the winning moves without listing them
    search_limit  most positions an exhaustive search may store
    proven_only   refuse values from a period observed but not proven
    max           compute up to this many values of a take-and-break code in
                  search of a proven period, whatever the work (by default
                  2^20, and about a second's work on the split-set engine)
    progress      called with a :class:`SearchProgress` while a position
                  search runs (about every 50 ms, or every 4096 positions)

    A position of built-in games is searched with the GIL released; Ctrl-C
    stops the search (KeyboardInterrupt, nothing half-stored).  A position
    containing a game written in Python (:meth:`Solver.position`) is
    searched on the calling thread, calling its ``moves``.  Raises
    ValueError for bad input and LimitError for a search beyond its limits.
    """
    handle = _handle(game, numbers)
    if convention not in CONVENTIONS and convention != "misère":
        raise ValueError(f"unknown convention '{convention}': use normal, misere, every or conjunctive")
    raw = _grundy.analyze(handle, convention, bool(remoteness), _count(max_moves, "max_moves"),
                          bool(count), _count(search_limit, "search_limit"), bool(proven_only),
                          0 if max is None else _count(max, "max"),
                          _search_progress_adapter(progress))
    pos = Position(handle)
    best = Move._from_whole(raw["best_move"]) if "best_move" in raw else None
    if "moves" not in raw:  # Every-SG, conjunctive, remoteness
        wins = [best] if best is not None and raw["outcome"] == "N" else []
        return Analysis(pos, convention, raw["outcome"], method=raw["method"], winning_moves=wins,
                        count=len(wins), remoteness=raw.get("remoteness"),
                        moves_left=raw.get("moves_left"),
                        suspense=raw.get("suspense"), best_move=best)
    moves = [Move._from_splice(handle, m) for m in raw["moves"]]
    return Analysis(pos, convention, raw["outcome"], value=raw["value"],
                    value_note=raw["value_note"], component_values=raw["component_values"],
                    winning_moves=moves, complete=raw["complete"], count=raw["count"],
                    method=raw["method"], proven=raw["proven"], moves_note=raw["moves_note"],
                    best_move=moves[0] if moves else None, explanation=raw["explanation"],
                    facts=raw["facts"])


def best_move(game: Union[str, Position], *numbers: Union[int, str, Sequence[int]],
              convention: str = "normal", search_limit: int = 4_000_000,
              progress: Optional[Callable[["SearchProgress"], Any]] = None) -> Optional[Move]:
    """The move good play makes, in any convention; None when there is no move.

    Normal and misère play: a winner hurries to the win (the option of least
    remoteness), a loser resists longest; with cycles, the fastest win, else
    a move that keeps the draw.  Every-SG and conjunctive: every component
    moved by its suspense number or remoteness.  ``move.note`` says when the
    position was too large to search and the move is merely legal.
    ``progress`` and Ctrl-C work as for :func:`analyze`.
    """
    handle = _handle(game, numbers)
    raw = _grundy.best_move(handle, convention, _count(search_limit, "search_limit"),
                            _search_progress_adapter(progress))
    return None if raw is None else Move._from_whole(raw)


@dataclass(frozen=True)
class SearchProgress:
    """Progress of a position search (analyze, best_move): ``search`` names
    it ("exhaustive search", "retrograde analysis", "genus search",
    "remoteness search", "suspense search", "exploration"); it holds
    ``positions`` of at most ``limit`` (the search_limit)."""

    search: str
    positions: int
    limit: int

    @property
    def fraction(self) -> float:
        """positions / limit: how near the search is to its limit (a search
        usually ends well before it)."""
        return self.positions / self.limit if self.limit else 0.0


def _search_progress_adapter(progress: Optional[Callable[[SearchProgress], Any]]) -> Optional[Callable[..., Any]]:
    if progress is None:
        return None
    if not callable(progress):
        raise ValueError("progress must be a function of a grundy.SearchProgress, or None")
    return lambda search, positions, limit: progress(SearchProgress(search, positions, limit))


def _count(n: Any, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n >= 2**63:
        raise ValueError(f"{what} must be a positive integer, not {n!r}")
    return n


# --------------------------------------------------------------------------
# Heap values: values, value, period
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Progress:
    """Progress of a long run: G(0..reached-1) of ``total`` values are known;
    ``rare_count`` and ``mask`` are the rare/common engine's (0 when unknown)."""

    reached: int
    total: int
    rare_count: int
    mask: int

    @property
    def fraction(self) -> float:
        """reached / total, for a progress bar."""
        return self.reached / self.total if self.total else 1.0


def _progress_adapter(progress: Optional[Callable[[Progress], Any]]) -> Optional[Callable[..., Any]]:
    if progress is None:
        return None
    if not callable(progress):
        raise ValueError("progress must be a function of a grundy.Progress, or None")
    return lambda reached, total, rare, mask: progress(Progress(reached, total, rare, mask))


@dataclass(frozen=True)
class ValueStats:
    """Statistics of a value sequence: ``histogram`` maps each value to how
    many heap sizes have it; ``rare_count`` and ``mask`` are the rare/common
    engine's over G(0..to) (None when the values did not come from it)."""

    histogram: Dict[int, int]
    max_value: int
    rare_count: Optional[int]
    mask: Optional[int]


class ValueArray(_np.ndarray):
    """G(start..to) of one heap: a NumPy array with the ruleset attached.

    For a take-and-break code the array is the research-scale engine's own
    buffer of 16-bit values (no copy); for other rulesets, and for values
    from a proven period, 64-bit values.
    ``array[i]`` is G(start + i).  Plain NumPy operations work as usual.
    """

    ruleset: str
    start: int
    method: str

    def __array_finalize__(self, obj: Any) -> None:
        self.ruleset = getattr(obj, "ruleset", "")
        self.start = getattr(obj, "start", 0)
        self.method = getattr(obj, "method", "")
        self._rare = getattr(obj, "_rare", None)

    def stats(self) -> ValueStats:
        """The histogram of the values, their maximum, and the engine's rare
        count and mask (as ``grundy values --stats`` prints them)."""
        plain = _np.asarray(self)
        if plain.size == 0:
            return ValueStats({}, 0, None, None)
        counts = _np.bincount(plain) if plain.dtype == _np.uint16 else None
        if counts is not None:
            histogram = {int(v): int(c) for v, c in enumerate(counts) if c}
        else:
            uniq, cnt = _np.unique(plain, return_counts=True)
            histogram = {int(v): int(c) for v, c in zip(uniq, cnt)}
        rare = self._rare
        return ValueStats(histogram, int(plain.max()), rare[0] if rare else None,
                          rare[1] if rare else None)

    def __repr__(self) -> str:
        n = len(self)
        head = f"G(n) of {self.ruleset} for n = {self.start}..{self.start + n - 1}"
        return f"{head}: {_np.array2string(_np.asarray(self), threshold=40, edgeitems=10)}"

    def _repr_html_(self) -> str:
        e = _html.escape
        n = len(self)
        plain = _np.asarray(self)
        shown = min(n, 100)
        cells = "".join(
            f"<tr><th>{self.start + row}</th>" + "".join(
                f"<td>{int(v)}</td>" for v in plain[row:min(row + 10, shown)]) + "</tr>"
            for row in range(0, shown, 10))
        more = f"<p>… {n - shown} more values</p>" if n > shown else ""
        return (f"<b>G(n) of {e(self.ruleset)}</b>, n = {self.start}..{self.start + n - 1} "
                f"({e(self.method)})<table>{cells}</table>{more}")


def values(ruleset: str, to: int = 30, *, start: int = 0, threads: int = 0,
           progress: Optional[Callable[[Progress], Any]] = None, checkpoint: Optional[str] = None,
           checkpoint_every: float = 60.0, resume: Optional[str] = None,
           max_memory: Optional[int] = None) -> ValueArray:
    """G(start..to) of a single heap of a heap ruleset, as a NumPy array.

    Take-and-break codes run on the research-scale engine (uint16 values, the
    engine's own buffer, no copy); closed forms and other rulesets give
    uint64 values.  A range past the values a period search computes first
    (as ``grundy values`` decides) comes from the code's proven period when
    the search finds one (uint64 values, method "proven period"), and is
    otherwise computed in full or refused as the command refuses it.
    ``.stats()`` gives the histogram, rare count and mask.

    threads           engine threads (0: one per core; values never depend on it)
    progress          called about every 50 ms with a :class:`Progress`
    checkpoint        save the state to this file every ``checkpoint_every``
                      seconds and when stopped (docs/sequence-file.md)
    resume            continue from such a file
    max_memory        refuse (LimitError) runs needing more bytes than this
                      (default: 3/4 of the machine's memory)

    The GIL is released while computing; Ctrl-C stops the run cleanly (the
    checkpoint is saved) and raises KeyboardInterrupt.
    """
    if not isinstance(ruleset, str):
        raise ValueError(f"values: the ruleset is a name such as '0.6', not {ruleset!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 1024:
        raise ValueError(f"threads must be an integer 0 .. 1024, not {threads!r}")
    if isinstance(checkpoint_every, bool) or not isinstance(checkpoint_every, (int, float)):
        raise ValueError("checkpoint_every is a number of seconds")
    array, name, method, rare, mask = _grundy.values(
        ruleset, start, to, threads, _progress_adapter(progress), checkpoint or "",
        float(checkpoint_every), resume or "", max_memory)
    result = array.view(ValueArray)
    result.ruleset, result.start, result.method = name, start, method
    result._rare = (rare, mask) if mask else None
    return result


@dataclass(frozen=True)
class ValueInfo:
    """G(n) with how it is known: ``proven`` is False only with observed=True
    when the value came from a period observed but not proven."""

    value: int
    proven: bool
    method: str


def value(ruleset: str, n: int, *, max: Optional[int] = None, observed: bool = False,
          detail: bool = False,
          progress: Optional[Callable[[Progress], Any]] = None) -> Union[int, ValueInfo]:
    """G(n) of one heap, for any n up to 2^63-1.

    Exact by a closed form, by computing, or by a proven period found among at
    most ``max`` values (2^22 by default, fewer for a code on the split-set
    engine, whose work is bounded to about a second unless ``max`` is given);
    otherwise LimitError, never a guess (``observed=True`` accepts an observed
    period).  ``detail=True`` returns a :class:`ValueInfo`.
    While a code's values are computed the GIL is released, ``progress`` is
    called with a :class:`Progress` (``total`` is ``max``), and Ctrl-C stops
    the computation with KeyboardInterrupt.
    """
    if not isinstance(ruleset, str):
        raise ValueError(f"value: the ruleset is a name such as 'kayles', not {ruleset!r}")
    v, proven, method = _grundy.value(ruleset, n, 2**22 if max is None else max, max is not None,
                                      bool(observed), _progress_adapter(progress))
    return ValueInfo(v, proven, method) if detail else v


@dataclass(frozen=True)
class Periodicity:
    """G(n + period) = G(n) + saltus for every n >= preperiod.

    ``period`` is None when none was seen.  ``proven`` says whether a theorem
    whose hypotheses were checked proves it for every n (``criterion`` names
    it); otherwise it was observed up to ``checked_to``.  ``certificate`` is
    that statement in words.  ``values`` is the computed G(0..checked_to-1).
    """

    ruleset: str
    period: Optional[int]
    preperiod: Optional[int]
    saltus: int
    proven: bool
    checked_to: int
    proof_needs: Optional[int]
    criterion: str
    stopped: str
    values: _np.ndarray = field(repr=False, compare=False)
    # The library's words for it (periodicity_certificate), as the command
    # line and the web page print them.
    _certificate: str = field(default="", repr=False, compare=False)

    @property
    def certificate(self) -> str:
        """Why the period holds (or how far it was only observed)."""
        return self._certificate

    def histogram(self, to: int, *, start: int = 0) -> Dict[int, int]:
        """How many heap sizes n, start <= n <= to, have each value.

        Exact for any ``to`` up to 2^63 - 1 when the period is proven and has
        no saltus: past the values computed each residue class of the period
        is counted at once.  Past ``checked_to`` without a proven period it
        raises :class:`LimitError`, as does a saltus over more than 10^8
        heaps (their values keep growing)."""
        period = None if self.period is None else (self.period, self.preperiod, self.saltus,
                                                   self.proven, self.checked_to)
        return _grundy.histogram(_np.ascontiguousarray(self.values, dtype=_np.uint16), period,
                                 start, to)

    def __str__(self) -> str:
        if self.period is None:
            return f"{self.ruleset}: {self.certificate}"
        s = f"{self.ruleset}: period {self.period}, preperiod {self.preperiod}"
        if self.saltus:
            s += f", saltus {self.saltus}"
        return s + "\n" + self.certificate

    def _repr_html_(self) -> str:
        return "<pre>" + _html.escape(str(self)) + "</pre>"


def period(ruleset: str, *, max: Optional[int] = None, observe_to_max: Optional[bool] = None,
           threads: int = 0, progress: Optional[Callable[[Progress], Any]] = None) -> Periodicity:
    """The period of G(n) of a take-and-break code or subtraction set.

    Values are computed (doubling, up to ``max``) until a period is proven
    (Guy-Smith, or a closed form of the code's game), or, for a code no
    criterion can prove, until a period is seen (``observe_to_max`` looks as
    far as ``max`` anyway; by default it does when ``max`` is given, as
    ``grundy period --max`` does).  Without ``max`` the search looks at most 2^22
    values, and for a code on the split-set engine (one whose moves can
    leave three heaps or more) at most what about a second of its work
    computes, as ``grundy period`` does; ``max`` sets the bound instead.  A
    ``max`` past what three quarters of the machine's memory holds (2 bytes a
    value) is lowered to that.  ``stopped`` says which bound the search met.
    Ctrl-C raises KeyboardInterrupt.
    """
    if not isinstance(ruleset, str):
        raise ValueError(f"period: the ruleset is a name such as '0.16', not {ruleset!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 1024:
        raise ValueError(f"threads must be an integer 0 .. 1024, not {threads!r}")
    observe = None if observe_to_max is None else bool(observe_to_max)
    raw = _grundy.period(ruleset, max, observe, threads, _progress_adapter(progress))
    found = raw["period"] != 0
    return Periodicity(raw["ruleset"], raw["period"] if found else None,
                       raw["preperiod"] if found else None, raw["saltus"], raw["proven"],
                       raw["checked_to"], raw["proof_needs"] or None, raw["criterion"],
                       raw["stopped"], raw["values"], raw["certificate"])


def plot(data: Union["ValueArray", Periodicity, Sequence[int], _np.ndarray],
         path: Optional[str] = None, *, title: Optional[str] = None, start: Optional[int] = None,
         period: Optional[Periodicity] = None) -> str:
    """G(n) against n as an SVG scatter plot, as ``grundy values --plot`` draws it.

    ``data`` is what :func:`values` returns (its ruleset and start are used),
    a :class:`Periodicity` (its values, with the period marked), or any
    sequence of non-negative integers G(start), G(start + 1), ...
    ``period`` marks a period on other data: a shaded band from the
    preperiod, a line every period and a legend saying whether it is proven.
    Returns the SVG text (valid XML; dots falling on one pixel are drawn
    once, so the size grows with the pixels covered, not the values); with
    ``path`` it is also written there (replaced at once, never half-written).
    Needs no plotting library; in a notebook,
    ``IPython.display.SVG(grundy.plot(g))`` shows it.
    """
    ruleset = getattr(data, "ruleset", "")
    if isinstance(data, Periodicity):
        period = data if period is None else period
        values_ = data.values
        first = 0
    else:
        values_ = data
        first = getattr(data, "start", 0) if isinstance(data, ValueArray) else 0
    if start is not None:
        first = start
    if isinstance(values_, (str, bytes)) or not hasattr(values_, "__len__"):
        raise ValueError(f"plot: data is a value sequence (an array or a list of integers), "
                         f"not {type(values_).__name__}")
    array = _np.asarray(values_)
    if array.ndim != 1:
        raise ValueError(f"plot: data is a one-dimensional sequence of values, not of shape {array.shape}")
    if array.size and array.dtype.kind not in "ui":
        if array.dtype.kind == "O" and all(isinstance(v, int) and not isinstance(v, bool) for v in values_):
            if any(v < 0 or v >= 2**64 for v in values_):
                raise ValueError("plot: every value is an integer from 0 to 2^64-1")
            array = _np.array(values_, dtype=_np.uint64)
        else:
            raise ValueError(f"plot: the values are integers, not {array.dtype}")
    if array.size and array.dtype.kind == "i" and array.min() < 0:
        raise ValueError(f"plot: the values are non-negative, not {int(array.min())}")
    if period is not None and not isinstance(period, Periodicity):
        raise ValueError("plot: period is a grundy.Periodicity (from grundy.period), or None")
    if title is None:
        last = first + len(array) - 1
        title = f"{ruleset}: G(n), n = {first}..{last}" if ruleset else f"G(n), n = {first}..{last}"
    if not isinstance(title, str):
        raise ValueError("plot: title is a string")
    if path is not None and not isinstance(path, str):
        raise ValueError("plot: path is a file name (a string), or None")
    marked = None
    if period is not None:
        marked = (period.period or 0, period.preperiod or 0, period.saltus, period.proven,
                  period.checked_to)
    return _grundy.plot(title, first, _np.ascontiguousarray(array, dtype=_np.uint64), marked,
                        path or "")


def pattern(table: Union[str, Sequence[int]], *, start: int = 0) -> Dict[str, Any]:
    """What a table of a family of positions shows (the table-and-pattern method).

    ``table`` is G(start), G(start + 1), ... (a list of values) or a string of
    outcome letters P, N, D.  The result: ``pattern`` (least ``period``, 0 when
    none was seen, ``preperiod`` in absolute n, ``saltus``), ``label``
    ("observed up to n = N, not proven": a table proves nothing),
    ``p_positions``, ``gaps``, ``gap_pattern``, ``sum_of_two_before_from``,
    ``draws`` and ``text`` (the report with a plot, as `grundy pattern` prints).
    """
    return dict(_grundy.pattern(table, start))


# --------------------------------------------------------------------------
# Misère play: G⁻(n), genera, the tame/wild verdict
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Genus:
    """Conway's misère genus g^(g0 g1 g2 ...) of a position X (ONAG ch. 12,
    Winning Ways ch. 13): ``value`` is g = G(X), ``misere`` lists
    g_i = G⁻(X + i·*2) up to the index where the sequence provably
    alternates for ever (``alternates_from``); ``misere[0]`` is G⁻(X), the
    misère Grundy value.  ``symbol`` is the genus as Winning Ways writes it
    ("0^120", "2^20"); ``tame`` says it is the genus of a nim position and
    ``nim_like`` that of a single nim heap."""

    value: int
    misere: Tuple[int, ...]
    alternates_from: int
    symbol: str
    tame: bool
    nim_like: bool

    @property
    def misere_value(self) -> int:
        """G⁻(X): who wins X alone in misère play (0: the player to move loses)."""
        return self.misere[0]

    def g(self, i: int) -> int:
        """g_i = G⁻(X + i·*2) for any i >= 0 (the sequence alternates)."""
        if isinstance(i, bool) or not isinstance(i, int) or i < 0:
            raise ValueError(f"genus index must be a non-negative integer, not {i!r}")
        a = self.alternates_from
        if i >= a and i >= len(self.misere):
            i = a + (i - a) % 2
        return self.misere[i]

    def __str__(self) -> str:
        return self.symbol


def _genus(raw: Tuple[Any, ...]) -> Genus:
    return Genus(raw[0], tuple(raw[1]), raw[2], raw[3], raw[4], raw[5])


@dataclass(frozen=True)
class TameVerdict:
    """Whether a heap game is tame on heaps 0..max_heap: every position
    reachable from them has a tame genus.  ``misere_nim_rule`` is True when,
    besides, every heap has the genus of a nim heap, so that sums of these
    heaps are won in misère play exactly as misère Nim with heaps G(n).
    When wild, ``wild_heap`` is the least heap reaching a wild position,
    ``wild_position`` the least such position (heap sizes) and
    ``wild_genus`` its genus.  ``text`` is the verdict in one line."""

    max_heap: int
    tame: bool
    nim_heaps: bool
    misere_nim_rule: bool
    firm_small_heap: Optional[int]
    firm_small_genus: Optional[Genus]
    wild_heap: Optional[int]
    wild_position: Optional[Tuple[int, ...]]
    wild_genus: Optional[Genus]
    positions: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Genera:
    """The misère genus of each heap ``start``..``start + len - 1`` of a heap
    game (``genera[i]`` is heap start + i) and the tame/wild verdict over
    heaps 0..to."""

    ruleset: str
    start: int
    genera: List[Genus]
    verdict: TameVerdict

    def __str__(self) -> str:
        rows = [f"{self.ruleset}: misère genus of a single heap, n = {self.start}.."
                f"{self.start + len(self.genera) - 1}",
                f"{'n':>8}  {'G(n)':>5}  {'G⁻(n)':>5}  genus"]
        rows += [f"{self.start + i:>8}  {g.value:>5}  {g.misere_value:>5}  {g.symbol}"
                 for i, g in enumerate(self.genera)]
        return "\n".join(rows + [str(self.verdict)])

    def _repr_html_(self) -> str:
        e = _html.escape
        cells = "".join(f"<tr><td>{self.start + i}</td><td>{g.value}</td><td>{g.misere_value}</td>"
                        f"<td>{e(g.symbol)}</td></tr>" for i, g in enumerate(self.genera[:200]))
        more = f"<p>… {len(self.genera) - 200} more heaps</p>" if len(self.genera) > 200 else ""
        return (f"<b>misère genera of {e(self.ruleset)}</b><table><tr><th>n</th><th>G(n)</th>"
                f"<th>G⁻(n)</th><th>genus</th></tr>{cells}</table>{more}<p>{e(self.verdict.text)}</p>")


def misere_values(ruleset: str, to: int = 30, *, start: int = 0, search_limit: int = 4_000_000,
                  progress: Optional[Callable[["SearchProgress"], Any]] = None) -> List[int]:
    """G⁻(start..to): the misère Grundy value of each single heap (0: the
    player to move loses that heap alone in misère play).

    Computed by the exhaustive genus search over every sum of heaps the heaps
    reach (docs/misere.md), bounded by ``search_limit`` positions (LimitError
    beyond it, at once when a counted lower bound already passes it).  The
    GIL is released; ``progress`` gets a :class:`SearchProgress`, and Ctrl-C
    raises KeyboardInterrupt.  Misère values do not add like normal ones:
    use :func:`analyze` with ``convention="misere"`` for sums.
    """
    if not isinstance(ruleset, str):
        raise ValueError(f"misere_values: the ruleset is a name such as 'kayles', not {ruleset!r}")
    return _grundy.misere_values(ruleset, start, to, _count(search_limit, "search_limit"),
                                 _search_progress_adapter(progress))


def genera(ruleset: str, to: int = 30, *, start: int = 0, search_limit: int = 4_000_000,
           progress: Optional[Callable[["SearchProgress"], Any]] = None) -> Genera:
    """The misère genus of each heap start..to, and the tame/wild verdict over
    heaps 0..to (as ``grundy values --misere --genus`` prints them).

    Same search, limits, progress and Ctrl-C as :func:`misere_values`.
    """
    if not isinstance(ruleset, str):
        raise ValueError(f"genera: the ruleset is a name such as 'kayles', not {ruleset!r}")
    name, raw, verdict = _grundy.genera(ruleset, start, to, _count(search_limit, "search_limit"),
                                        _search_progress_adapter(progress))
    v = dict(verdict)
    for key in ("firm_small_genus", "wild_genus"):
        if v[key] is not None:
            v[key] = _genus(v[key])
    if v["wild_position"] is not None:
        v["wild_position"] = tuple(v["wild_position"])
    return Genera(name, start, [_genus(g) for g in raw], TameVerdict(**v))


def genus(game: Union[str, Position], *numbers: Union[int, str, Sequence[int]],
          search_limit: int = 4_000_000,
          progress: Optional[Callable[["SearchProgress"], Any]] = None) -> Genus:
    """The misère genus of one position of any game that always ends (a sum,
    a game written in Python), by the exhaustive genus search; ValueError for
    a game whose positions can repeat.  ``genus("kayles 3 4").misere_value``
    is G⁻ of the whole position."""
    handle = _handle(game, numbers)
    raw, _positions = _grundy.genus(handle, _count(search_limit, "search_limit"),
                                    _search_progress_adapter(progress))
    return _genus(raw)


# --------------------------------------------------------------------------
# Misère quotients
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class QuotientPeriod:
    """Φ(n + period) = Φ(n) for n >= preperiod.  ``proven``: the periodicity
    criterion of docs/misere-quotients.md holds, so every larger heap follows
    the period and the quotient is the whole game's; otherwise the period is
    only observed on the heaps computed."""

    period: int
    preperiod: int
    proven: bool


class Quotient:
    """The misère quotient of a heap game restricted to heaps 0..max_heap
    (Plambeck and Siegel, JCTA 115 (2008); docs/misere-quotients.md), as
    ``grundy quotient`` prints it.  Elements are named by their shortest
    words in the generators ("1", "a", "ab^2"); ``elements[i]`` names
    element i.  Every quotient returned is verified: it decides the misère
    outcome of every sum of the heaps it covers.

    ``pretending[n]`` is Φ(n), the element of a single heap of n; ``phi(n)``
    also answers heaps beyond max_heap when the quotient is the whole game's.
    ``outcome(heaps)`` is "P" (the player to move loses) or "N" for a sum of
    heaps, by one product per heap."""

    def __init__(self, raw: Any) -> None:
        self._q = raw
        self.ruleset: str = raw.ruleset
        self.max_heap: int = raw.max_heap
        self.order: int = raw.order
        self.elements: List[str] = [raw.name(i) for i in range(raw.order)]
        self.generators: List[Tuple[str, int]] = [
            (self.elements[raw.heap_element(h)], h) for h in raw.generator_heaps]
        self.relations: List[Tuple[str, str]] = [tuple(r) for r in raw.relations]
        self.presentation: str = raw.presentation
        self.p_portion: List[str] = [self.elements[x] for x in raw.p_portion]
        self.pretending: List[str] = [self.elements[x] for x in raw.pretending]
        p = raw.period
        self.period: Optional[QuotientPeriod] = None if p is None else QuotientPeriod(*p)
        self.whole_game: bool = raw.whole_game
        self.tame: Optional[bool] = raw.tame
        self.last_new_generator: Optional[int] = raw.last_new_generator
        self.stopped: Optional[str] = raw.limit_note or None
        self.out_of_time: bool = raw.out_of_time

    @property
    def p_size(self) -> int:
        """|P|, the number of elements in the P-portion."""
        return len(self.p_portion)

    def covers(self, n: int) -> bool:
        """Whether Φ(n) is known: n <= max_heap, or any n for the whole game."""
        return self._q.covers(n)

    def phi(self, n: int) -> str:
        """Φ(n), the element of a single heap of n (LimitError when not covered)."""
        return self.elements[self._q.heap_element(n)]

    def element(self, heaps: Iterable[int]) -> str:
        """The element of the sum of these heaps (the product of their Φ)."""
        return self.elements[self._q.element_of(list(heaps))]

    def multiply(self, x: str, y: str) -> str:
        """The product of two elements, by name."""
        return self.elements[self._q.multiply(self._index(x), self._index(y))]

    def is_p(self, x: str) -> bool:
        """Whether the sums mapped to element x are misère P-positions."""
        return self._q.is_p(self._index(x))

    def outcome(self, heaps: Iterable[int]) -> str:
        """The misère outcome of the sum of these heaps: "P" or "N"."""
        return "P" if self._q.is_p(self._q.element_of(list(heaps))) else "N"

    def _index(self, x: str) -> int:
        try:
            return self.elements.index(x)
        except ValueError:
            raise ValueError(f"{x!r} is not an element of this quotient "
                             f"({', '.join(self.elements[:8])}{', ...' if self.order > 8 else ''})"
                             ) from None

    def __str__(self) -> str:
        rows = [f"{self.ruleset}: misère quotient of heaps 0..{self.max_heap}"]
        if self.stopped:
            rows.append(f"stopped: {self.stopped}")
        rows += [f"presentation: {self.presentation}",
                 f"order |Q| = {self.order}",
                 f"P-portion ({self.p_size}): {', '.join(self.p_portion)}",
                 f"pretending function: {' '.join(self.pretending)}"]
        if self.period is not None:
            rows.append(f"period: Φ(n + {self.period.period}) = Φ(n) for n >= "
                        f"{self.period.preperiod} ({'proven' if self.period.proven else 'observed'})")
        rows.append("tame or wild: " + ("not decided" if self.tame is None
                                         else "tame" if self.tame else "wild"))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return (f"<grundy.Quotient {self.ruleset} heaps 0..{self.max_heap}: |Q| = {self.order}, "
                f"|P| = {self.p_size}>")


def quotient(ruleset: Optional[str] = None, *, max_heap: Optional[int] = None,
             max_elements: Optional[int] = None,
             progress: Optional[Callable[["SearchProgress"], Any]] = None,
             checkpoint: Optional[str] = None, checkpoint_every: float = 60.0,
             resume: Optional[str] = None, time: Optional[float] = None,
             max_memory: Optional[int] = None) -> Quotient:
    """The misère quotient of the heaps 0..max_heap (default 30) of a heap
    game (a take-and-break code such as "0.75", "kayles", a subtraction set),
    as ``grundy quotient`` computes it (docs/misere-quotients.md).

    Where the construction cannot verify a heap, the quotient stops before
    it and ``stopped`` says why; what is returned is always verified.  More
    than ``max_elements`` (default 4096) elements is a LimitError.  The GIL
    is released; ``progress`` gets a :class:`SearchProgress` per heap, and
    Ctrl-C raises KeyboardInterrupt.

    ``checkpoint``: a file the state is saved to after a heap, at most every
    ``checkpoint_every`` seconds and when the run ends or is interrupted (the
    format of ``grundy quotient --checkpoint``; an existing file is never
    replaced by a new run).  ``resume``: such a file, whose recorded request
    is carried on (saving to it again); ``ruleset``, ``max_elements`` given
    with it must agree with the recorded ones, and ``max_heap`` may be
    larger.  The result is that of one uninterrupted run.

    ``time``: seconds the run may take; when they run out it returns the
    quotient verified so far, with ``stopped`` saying at which heap and
    ``out_of_time`` True (a checkpoint is saved as on Ctrl-C).
    ``max_memory``: bytes the run may hold (default: the machine's memory
    limit, as the command's ``--max-memory``); a quotient whose table would
    not fit is a LimitError, as ``max_elements``."""
    if ruleset is not None and not isinstance(ruleset, str):
        raise ValueError(f"quotient: the ruleset is a name such as 'kayles', not {ruleset!r}")
    if isinstance(checkpoint_every, bool) or not isinstance(checkpoint_every, (int, float)):
        raise ValueError("checkpoint_every is a number of seconds")
    if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float))):
        raise ValueError("quotient: time is a number of seconds")
    if resume is None:
        max_heap = 30 if max_heap is None else max_heap
        max_elements = 4096 if max_elements is None else max_elements
    return Quotient(_grundy.quotient(ruleset, max_heap, max_elements,
                                     _search_progress_adapter(progress), checkpoint or "",
                                     float(checkpoint_every), resume or "",
                                     None if time is None else float(time), max_memory))


# --------------------------------------------------------------------------
# Graphs
# --------------------------------------------------------------------------

_graph_count = 0


class Graph:
    """Tokens on a directed graph: a move slides one token along an edge.

    ``Graph(edges)`` with edges as (u, v) pairs of vertices: integers
    0 .. n-1, or any hashable objects (names).  ``vertices`` fixes the
    vertices and their order (isolated ones too).  Cycles are allowed: values
    are then generalised Grundy values, and positions may be draws.
    ``Graph.from_networkx(g)`` takes a networkx DiGraph.
    """

    def __init__(self, edges: Iterable[Tuple[Hashable, Hashable]],
                 vertices: Optional[Iterable[Hashable]] = None, name: Optional[str] = None) -> None:
        global _graph_count
        edge_list = [tuple(e) for e in edges] if not isinstance(edges, _np.ndarray) else edges.tolist()
        for i, e in enumerate(edge_list):
            if len(e) != 2:
                raise ValueError(f"edge {i}: {e!r} is not a pair (u, v)")
        if vertices is None:
            plain = all(isinstance(x, int) and not isinstance(x, bool) for e in edge_list for x in e)
            if plain:
                for i, e in enumerate(edge_list):
                    for x in e:
                        if x < 0:
                            raise ValueError(f"edge {i}: vertex {x} is negative")
                n = 1 + max((x for e in edge_list for x in e), default=-1)
                nodes: List[Hashable] = list(range(n))
            else:
                nodes = list(dict.fromkeys(x for e in edge_list for x in e))
        else:
            nodes = list(vertices)
        index: Dict[Hashable, int] = {}
        for i, v in enumerate(nodes):
            try:
                if v in index:
                    raise ValueError(f"vertex {v!r} is listed twice")
            except TypeError:
                raise ValueError(f"vertex {v!r} is not hashable") from None
            index[v] = i
        pairs = []
        for i, (u, v) in enumerate(edge_list):
            try:
                pairs.append((index[u], index[v]))
            except (KeyError, TypeError):
                raise ValueError(f"edge {i}: ({u!r}, {v!r}) names a vertex not in the graph") from None
        names = [(i, str(v)) for i, v in enumerate(nodes)
                 if not (isinstance(v, int) and v == i) and _is_name(str(v))]
        if name is None:
            _graph_count += 1
            name = f"g{_graph_count}"
        self.name: str = name
        self.nodes: List[Hashable] = nodes
        self._index = index
        self._handle = _grundy.GraphHandle(len(nodes), pairs, names, name)
        self._values: Optional[Tuple[list, bool, list]] = None

    @classmethod
    def from_networkx(cls, graph: Any, name: Optional[str] = None) -> "Graph":
        """The graph of a networkx DiGraph (its nodes in their order)."""
        if not hasattr(graph, "edges") or not hasattr(graph, "nodes"):
            raise ValueError("from_networkx needs a networkx DiGraph")
        if hasattr(graph, "is_directed") and not graph.is_directed():
            raise ValueError("from_networkx needs a directed graph (a networkx DiGraph)")
        return cls(list(graph.edges()), vertices=list(graph.nodes()), name=name)

    @property
    def vertex_count(self) -> int:
        """Number of vertices."""
        return self._handle.vertex_count

    @property
    def edge_count(self) -> int:
        """Number of distinct edges."""
        return self._handle.edge_count

    def followers(self, vertex: Hashable) -> List[Hashable]:
        """The vertices one move away from ``vertex``."""
        return [self.nodes[i] for i in self._handle.followers(self._id(vertex))]

    def _solved(self) -> Tuple[list, bool, list]:
        if self._values is None:
            self._values = self._handle.values()
        return self._values

    def values(self) -> Dict[Hashable, Union[int, Infinity]]:
        """γ of every vertex: its Grundy value, or ∞{K} on a cycle."""
        gamma = self._solved()[0]
        return {v: _gamma(g) for v, g in zip(self.nodes, gamma)}

    def value(self, vertex: Hashable) -> Union[int, Infinity]:
        """γ of one vertex (one token on it)."""
        return _gamma(self._solved()[0][self._id(vertex)])

    @property
    def acyclic(self) -> bool:
        """Whether the graph has no directed cycle."""
        return self._solved()[1]

    @property
    def cycle(self) -> List[Hashable]:
        """A directed cycle when the graph has one (else [])."""
        return [self.nodes[i] for i in self._solved()[2]]

    def position(self, *tokens: Hashable) -> Position:
        """Tokens on these vertices (repeats allowed), for analyze and sums."""
        if len(tokens) == 1 and isinstance(tokens[0], (list, tuple)) and tokens[0] not in self._index:
            tokens = tuple(tokens[0])
        return Position(self._handle.position([self._id(t) for t in tokens]))

    def _id(self, vertex: Hashable) -> int:
        try:
            return self._index[vertex]
        except (KeyError, TypeError):
            raise ValueError(f"{vertex!r} is not a vertex of graph {self.name}") from None

    def __repr__(self) -> str:
        return f"Graph({self.name}: {self.vertex_count} vertices, {self.edge_count} edges)"


def _is_name(s: str) -> bool:
    return bool(s) and not s[0].isdigit() and "#" not in s and not any(c.isspace() for c in s)


# --------------------------------------------------------------------------
# Games written in Python
# --------------------------------------------------------------------------

class Solver:
    """Solves a game written in Python, with the library's user-game solver.

    Give a game object with ``moves(position)`` (every position one move
    away, as a list or any iterable) and, optionally, ``components(position)``
    (independent parts whose sum it is) and ``canonical(position)`` (a
    representative: equal for positions that are the same game); or give
    those functions as keywords.  Positions are any hashable Python values.

        >>> class Euclid:                      # (a, b): subtract a multiple
        ...     def moves(self, p):
        ...         a, b = max(p), min(p)
        ...         return [] if b == 0 else [(a - k * b, b) for k in range(1, a // b + 1)]
        >>> grundy.Solver(Euclid()).outcome((5, 3))
        'N'

    Everything is memoised across calls.  Games with cycles are solved as
    loopy games: values ∞{K} (:class:`Infinity`) and draws ("D").  More than
    ``position_limit`` positions raise LimitError; an exception raised by the
    game's functions (or Ctrl-C) propagates and leaves the solver usable.

    :meth:`position` makes a :class:`Position` of the game, which adds to
    built-in games (``solver.position(p) + "kayles 5"``) and goes to
    :func:`analyze` and :func:`best_move` in every convention: misère play,
    Every-SG, the conjunctive compound, remoteness.  Those analyses take the
    game to have cycles (it cannot be known in advance) and so use the exact
    retrograde analysis, bounded by their ``search_limit``.  ``name`` is the
    game's name in sums (default: the game object's class name).
    """

    def __init__(self, game: Any = None, *, moves: Optional[Callable[[Any], Iterable[Any]]] = None,
                 components: Optional[Callable[[Any], Iterable[Any]]] = None,
                 canonical: Optional[Callable[[Any], Any]] = None,
                 position_limit: int = 1_000_000, name: Optional[str] = None) -> None:
        if game is not None:
            moves = moves or getattr(game, "moves", None)
            components = components or getattr(game, "components", None)
            canonical = canonical or getattr(game, "canonical", None)
        if moves is None:
            raise ValueError("a game needs moves(position): give a game object or moves=...")
        if name is None:
            name = type(game).__name__ if game is not None else "game"
        if not isinstance(name, str) or not name or any(c.isspace() or c == "+" for c in name):
            raise ValueError(f"a game's name is a word without spaces or '+', not {name!r}")
        self.game = game
        self.name = name
        self._solver = _grundy.UserSolver(moves, canonical, components, position_limit, name)

    def position(self, position: Hashable) -> Position:
        """``position`` as a :class:`Position`, for sums with other games and
        :func:`analyze` / :func:`best_move` in every convention.  Its
        ``user_position`` is ``position`` again."""
        return Position(self._solver.position(position))

    def value(self, position: Hashable) -> Union[int, Infinity]:
        """γ: the Grundy value, or ∞{K} in a game with cycles."""
        return _gamma(self._solver.value(position))

    def grundy_value(self, position: Hashable) -> Optional[int]:
        """The normal-play Grundy value; None when γ is infinite."""
        v = self.value(position)
        return v if isinstance(v, int) else None

    def outcome(self, position: Hashable, convention: str = "normal") -> str:
        """"P", "N" or "D" (a draw) in normal or misère play."""
        return self._solver.outcome(position, convention)

    def winning_moves(self, position: Hashable, convention: str = "normal") -> List[Any]:
        """The options that are P-positions: every winning move."""
        return self._solver.winning_moves(position, convention)

    def remoteness(self, position: Hashable) -> Optional[int]:
        """Normal-play remoteness (odd iff the mover wins); None for a draw."""
        return self._solver.remoteness(position)

    def analyze(self, position: Hashable, convention: str = "normal") -> Analysis:
        """An :class:`Analysis` of one position (moves as Python positions in
        ``winning_moves``' descriptions).  Every-SG and conjunctive
        ("every", "conjunctive") go to :func:`analyze` of :meth:`position`."""
        if convention in ("every", "conjunctive"):
            return analyze(self.position(position), convention=convention)
        outcome = self.outcome(position, convention)
        wins = self.winning_moves(position, convention)
        v = self.value(position) if convention == "normal" else None
        moves = []
        for w in wins:
            m = Move(0, f"to {w!r}")
            m._after = w
            moves.append(m)
        return Analysis(_UserPosition(position), convention, outcome,
                        value=v if isinstance(v, int) else None,
                        value_note="" if isinstance(v, int) or v is None else f"γ = {v}",
                        winning_moves=moves, count=len(moves), method="user-game solver",
                        remoteness=self.remoteness(position) if convention == "normal" else None)

    @property
    def found_cycle(self) -> bool:
        """Whether some query had to be solved as a loopy game."""
        return self._solver.found_cycle

    @property
    def positions_stored(self) -> int:
        """Positions held in the solver's memo tables."""
        return self._solver.positions_stored

    @property
    def positions_met(self) -> int:
        """Distinct Python positions seen so far."""
        return self._solver.positions_met

    @property
    def calls(self) -> int:
        """Calls of the game's functions so far (for throughput measurements)."""
        return self._solver.calls

    def __repr__(self) -> str:
        return f"Solver({self.name}: {self.positions_met} positions met)"


class _UserPosition:
    """A user position shown in an Analysis."""

    def __init__(self, p: Any) -> None:
        self.p = p

    def __str__(self) -> str:
        return repr(self.p)
