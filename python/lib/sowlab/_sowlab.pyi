"""Type hints of sowlab's native module (re-exported by ``sowlab``)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

Report = Dict[str, Any]
Options = Dict[str, Union[int, bool, str]]
RuleLike = Union["Rule", str]
Path = Union[str, PathLike]

class SowlabError(ValueError):
    """An error from sowlab, with its one-line message."""

class Rule:
    @staticmethod
    def load(spec: str, rules: Optional[Path] = None) -> Rule: ...
    @staticmethod
    def from_source(text: str, name: str = "inline.rhai", import_dir: Optional[Path] = None) -> Rule: ...
    @property
    def name(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def meta(self) -> Dict[str, Any]: ...
    @property
    def options(self) -> List[Dict[str, Any]]: ...
    def resolve(self, options: Optional[Options] = None) -> Options: ...
    def describe(self) -> str: ...

class Game:
    def __init__(
        self,
        rule: RuleLike,
        options: Optional[Options] = None,
        position: Optional[Dict[str, Any]] = None,
        rules: Optional[Path] = None,
    ) -> None: ...
    def legal_moves(self) -> List[str]: ...
    def play(self, moves: Union[str, int, Sequence[str]]) -> None: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    def state(self) -> Dict[str, Any]: ...
    def trace(self, n: Optional[int] = None) -> List[Dict[str, Any]]: ...
    def copy(self) -> Game: ...
    def picture(self) -> str: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def to_move(self) -> Optional[int]: ...
    @property
    def options(self) -> Options: ...
    @property
    def rule(self) -> Rule: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def move_svg(self, n: Optional[int] = None, lap: Optional[int] = None) -> Tuple[str, int]: ...

class Board:
    """A position for search libraries: integer actions (hole indices in canonical order)."""

    def __init__(
        self,
        rule: RuleLike,
        options: Optional[Options] = None,
        position: Optional[Dict[str, Any]] = None,
        rules: Optional[Path] = None,
    ) -> None: ...
    def legal_actions(self) -> List[int]: ...
    def action_mask(self) -> List[int]: ...
    def apply(self, action: int) -> None: ...
    def label(self, action: int) -> str: ...
    def action(self, label: str) -> int: ...
    def copy(self) -> Board: ...
    def returns(self) -> List[float]: ...
    def score_returns(self) -> List[float]: ...
    def scores(self) -> List[int]: ...
    @property
    def score_refusal(self) -> Optional[str]: ...
    @property
    def score_bounds(self) -> Tuple[float, float]: ...
    def observation(self) -> List[float]: ...
    def state(self) -> Dict[str, Any]: ...
    def picture(self) -> str: ...
    def svg(self) -> str: ...
    @property
    def to_move(self) -> Optional[int]: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def plies(self) -> int: ...
    @property
    def actions(self) -> List[int]: ...
    @property
    def players(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def total_seeds(self) -> int: ...
    @property
    def options(self) -> Options: ...
    @property
    def rule_name(self) -> str: ...

Agents = Union[str, Sequence[str]]
Shard = Union[Tuple[int, int], str]

def rule_names(rules: Optional[Path] = None) -> List[str]: ...
def rules_dir() -> str: ...
def simulate(
    rule: RuleLike,
    games: int = 100,
    agents: Optional[Agents] = None,
    seed: int = 0,
    options: Optional[Options] = None,
    jobs: Optional[int] = None,
    max_moves: int = 10000,
    rotate: bool = False,
    shard: Optional[Shard] = None,
    range: Optional[Tuple[int, int]] = None,
    position: Optional[Dict[str, Any]] = None,
    games_out: Optional[Path] = None,
    rules: Optional[Path] = None,
) -> Report: ...
def compare(
    rule_a: RuleLike,
    rule_b: RuleLike,
    games: int = 100,
    agents: Optional[Agents] = None,
    seed: int = 0,
    options: Optional[Options] = None,
    options_a: Optional[Options] = None,
    options_b: Optional[Options] = None,
    alpha: float = 0.05,
    jobs: Optional[int] = None,
    max_moves: int = 10000,
    rotate: bool = False,
    shard: Optional[Shard] = None,
    range: Optional[Tuple[int, int]] = None,
    rules: Optional[Path] = None,
) -> Report: ...
def sweep(
    rule: RuleLike,
    vary: Dict[str, List[Union[int, bool, str]]],
    games: int = 100,
    agents: Optional[Agents] = None,
    seed: int = 0,
    options: Optional[Options] = None,
    jobs: Optional[int] = None,
    max_moves: int = 10000,
    rotate: bool = False,
    shard: Optional[Shard] = None,
    range: Optional[Tuple[int, int]] = None,
    rules: Optional[Path] = None,
) -> Report: ...
def solve(
    rule: RuleLike,
    options: Optional[Options] = None,
    position: Optional[Dict[str, Any]] = None,
    max_positions: int = 0,
    max_nodes: int = 0,
    depth: int = 16,
    first: bool = False,
    rules: Optional[Path] = None,
) -> Report: ...
def merge(parts: Sequence[Report], partial: bool = False) -> Report: ...
def version() -> Tuple[str, str]: ...
def tablebase_layers(
    rule: RuleLike,
    options: Optional[Options] = None,
    seeds: int = 0,
    rules: Optional[Path] = None,
    max_memory: Optional[int] = None,
) -> List[int]: ...
def tablebase_layers_in(
    rule: RuleLike, options: Optional[Options], dir: Path, rules: Optional[Path] = None
) -> int: ...
def tablebase_chunk(
    rule: RuleLike,
    options: Optional[Options],
    layer: int,
    start: int,
    end: int,
    dir: Path,
    rules: Optional[Path] = None,
    stats: bool = False,
    max_memory: Optional[int] = None,
) -> Union[bytes, Tuple[bytes, int]]: ...
def tablebase_chunk_round(
    rule: RuleLike,
    options: Optional[Options],
    layer: int,
    start: int,
    end: int,
    dir: Path,
    known: Optional[Sequence[bytes]] = None,
    rules: Optional[Path] = None,
    max_memory: Optional[int] = None,
) -> Tuple[bytes, int, int, int]: ...
def tablebase_classes(
    rule: RuleLike, options: Optional[Options], layer: int, rules: Optional[Path] = None
) -> List[int]: ...
def tablebase_chunk_classes(
    rule: RuleLike,
    options: Optional[Options],
    layer: int,
    classes: Sequence[int],
    dir: Path,
    rules: Optional[Path] = None,
    max_memory: Optional[int] = None,
    trusted: Optional[Dict[int, str]] = None,
) -> Tuple[bytes, int, int]: ...
def tablebase_write_layer(
    rule: RuleLike,
    options: Optional[Options],
    layer: int,
    parts: Sequence[bytes],
    dir: Path,
    rules: Optional[Path] = None,
    max_memory: Optional[int] = None,
    classes: Optional[Sequence[Sequence[int]]] = None,
    with_sum: bool = False,
) -> Union[str, Tuple[str, str]]: ...
def tablebase_one_side(
    rule: RuleLike, options: Optional[Options] = None, rules: Optional[Path] = None
) -> bool: ...
def tablebase_options(
    rule: RuleLike, options: Optional[Options] = None, rules: Optional[Path] = None
) -> str: ...
