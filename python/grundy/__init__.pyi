# Type stubs of the grundy package (the public API of python/grundy/__init__.py).
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

__version__: str
CONVENTIONS: Tuple[str, ...]

class LimitError(RuntimeError): ...

Number = Union[int, str, Sequence[int]]
GameLike = Union[str, "Position"]

def nim_sum(*values: int) -> int: ...
def nim_product(a: int, b: int) -> int: ...
def nim_square(a: int) -> int: ...
def nim_inverse(a: int) -> int: ...
def rulesets() -> List[Tuple[str, str]]: ...

class Infinity:
    infinity_set: Tuple[int, ...]
    finite: bool
    def __init__(self, infinity_set: Tuple[int, ...]) -> None: ...

class Position:
    @property
    def ruleset(self) -> str: ...
    @property
    def numbers(self) -> List[int]: ...
    @property
    def components(self) -> List[Position]: ...
    @property
    def has_cycles(self) -> bool: ...
    @property
    def user_position(self) -> Any: ...
    def options(self, limit: int = ...) -> List[Move]: ...
    def __add__(self, other: Union[Position, str]) -> Position: ...
    def __radd__(self, other: str) -> Position: ...

def position(game: GameLike, *numbers: Number) -> Position: ...

class Move:
    component: Optional[int]
    description: str
    note: str
    @property
    def after(self) -> Position: ...

class Analysis:
    position: Position
    convention: str
    outcome: str
    value: Optional[int]
    value_note: str
    component_values: Optional[List[int]]
    winning_moves: List[Move]
    complete: bool
    count: Optional[int]
    method: str
    proven: bool
    moves_note: str
    remoteness: Union[None, int, List[int]]
    moves_left: Optional[int]
    suspense: Optional[List[int]]
    best_move: Optional[Move]
    explanation: str
    facts: Optional[Dict[str, Any]]
    def _repr_html_(self) -> str: ...

class SearchProgress:
    search: str
    positions: int
    limit: int
    @property
    def fraction(self) -> float: ...

def analyze(game: GameLike, *numbers: Number, convention: str = ..., remoteness: bool = ...,
            max_moves: int = ..., count: bool = ..., search_limit: int = ...,
            proven_only: bool = ..., max: Optional[int] = ...,
            progress: Optional[Callable[[SearchProgress], Any]] = ...) -> Analysis: ...
def best_move(game: GameLike, *numbers: Number, convention: str = ...,
              search_limit: int = ...,
              progress: Optional[Callable[[SearchProgress], Any]] = ...) -> Optional[Move]: ...

class Progress:
    reached: int
    total: int
    rare_count: int
    mask: int
    @property
    def fraction(self) -> float: ...

class ValueStats:
    histogram: Dict[int, int]
    max_value: int
    rare_count: Optional[int]
    mask: Optional[int]

class ValueArray(np.ndarray):
    ruleset: str
    start: int
    method: str
    def stats(self) -> ValueStats: ...
    def _repr_html_(self) -> str: ...

def values(ruleset: str, to: int = ..., *, start: int = ..., threads: int = ...,
           progress: Optional[Callable[[Progress], Any]] = ..., checkpoint: Optional[str] = ...,
           checkpoint_every: float = ..., resume: Optional[str] = ...,
           max_memory: Optional[int] = ...) -> ValueArray: ...

class ValueInfo:
    value: int
    proven: bool
    method: str

def value(ruleset: str, n: int, *, max: Optional[int] = ..., observed: bool = ...,
          detail: bool = ...,
          progress: Optional[Callable[[Progress], Any]] = ...) -> Union[int, ValueInfo]: ...

class Periodicity:
    ruleset: str
    period: Optional[int]
    preperiod: Optional[int]
    saltus: int
    proven: bool
    checked_to: int
    proof_needs: Optional[int]
    criterion: str
    stopped: str
    values: np.ndarray
    @property
    def certificate(self) -> str: ...
    def histogram(self, to: int, *, start: int = ...) -> Dict[int, int]: ...
    def _repr_html_(self) -> str: ...

def plot(data: Union[ValueArray, Periodicity, Sequence[int], np.ndarray], path: Optional[str] = ...,
         *, title: Optional[str] = ..., start: Optional[int] = ...,
         period: Optional[Periodicity] = ...) -> str: ...

class Genus:
    value: int
    misere: Tuple[int, ...]
    alternates_from: int
    symbol: str
    tame: bool
    nim_like: bool
    @property
    def misere_value(self) -> int: ...
    def g(self, i: int) -> int: ...

class TameVerdict:
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

class Genera:
    ruleset: str
    start: int
    genera: List[Genus]
    verdict: TameVerdict
    def _repr_html_(self) -> str: ...

def misere_values(ruleset: str, to: int = ..., *, start: int = ..., search_limit: int = ...,
                  progress: Optional[Callable[[SearchProgress], Any]] = ...) -> List[int]: ...
def genera(ruleset: str, to: int = ..., *, start: int = ..., search_limit: int = ...,
           progress: Optional[Callable[[SearchProgress], Any]] = ...) -> Genera: ...
def genus(game: GameLike, *numbers: Number, search_limit: int = ...,
          progress: Optional[Callable[[SearchProgress], Any]] = ...) -> Genus: ...

class QuotientPeriod:
    period: int
    preperiod: int
    proven: bool

class Quotient:
    ruleset: str
    max_heap: int
    order: int
    elements: List[str]
    generators: List[Tuple[str, int]]
    relations: List[Tuple[str, str]]
    presentation: str
    p_portion: List[str]
    pretending: List[str]
    period: Optional[QuotientPeriod]
    whole_game: bool
    tame: Optional[bool]
    last_new_generator: Optional[int]
    stopped: Optional[str]
    out_of_time: bool
    @property
    def p_size(self) -> int: ...
    def covers(self, n: int) -> bool: ...
    def phi(self, n: int) -> str: ...
    def element(self, heaps: Iterable[int]) -> str: ...
    def multiply(self, x: str, y: str) -> str: ...
    def is_p(self, x: str) -> bool: ...
    def outcome(self, heaps: Iterable[int]) -> str: ...

def quotient(ruleset: Optional[str] = ..., *, max_heap: Optional[int] = ...,
             max_elements: Optional[int] = ...,
             progress: Optional[Callable[[SearchProgress], Any]] = ...,
             checkpoint: Optional[str] = ..., checkpoint_every: float = ...,
             resume: Optional[str] = ..., time: Optional[float] = ...,
             max_memory: Optional[int] = ...) -> Quotient: ...

def pattern(table: Union[str, Sequence[int]], *, start: int = ...) -> Dict[str, Any]: ...
def period(ruleset: str, *, max: int = ..., observe_to_max: Optional[bool] = ..., threads: int = ...,
           progress: Optional[Callable[[Progress], Any]] = ...) -> Periodicity: ...

class Graph:
    name: str
    nodes: List[Hashable]
    def __init__(self, edges: Iterable[Tuple[Hashable, Hashable]],
                 vertices: Optional[Iterable[Hashable]] = ..., name: Optional[str] = ...) -> None: ...
    @classmethod
    def from_networkx(cls, graph: Any, name: Optional[str] = ...) -> Graph: ...
    @property
    def vertex_count(self) -> int: ...
    @property
    def edge_count(self) -> int: ...
    def followers(self, vertex: Hashable) -> List[Hashable]: ...
    def values(self) -> Dict[Hashable, Union[int, Infinity]]: ...
    def value(self, vertex: Hashable) -> Union[int, Infinity]: ...
    @property
    def acyclic(self) -> bool: ...
    @property
    def cycle(self) -> List[Hashable]: ...
    def position(self, *tokens: Hashable) -> Position: ...

class Solver:
    game: Any
    name: str
    def __init__(self, game: Any = ..., *, moves: Optional[Callable[[Any], Iterable[Any]]] = ...,
                 components: Optional[Callable[[Any], Iterable[Any]]] = ...,
                 canonical: Optional[Callable[[Any], Any]] = ...,
                 position_limit: int = ..., name: Optional[str] = ...) -> None: ...
    def position(self, position: Hashable) -> Position: ...
    def value(self, position: Hashable) -> Union[int, Infinity]: ...
    def grundy_value(self, position: Hashable) -> Optional[int]: ...
    def outcome(self, position: Hashable, convention: str = ...) -> str: ...
    def winning_moves(self, position: Hashable, convention: str = ...) -> List[Any]: ...
    def remoteness(self, position: Hashable) -> Optional[int]: ...
    def analyze(self, position: Hashable, convention: str = ...) -> Analysis: ...
    @property
    def found_cycle(self) -> bool: ...
    @property
    def positions_stored(self) -> int: ...
    @property
    def positions_met(self) -> int: ...
    @property
    def calls(self) -> int: ...
