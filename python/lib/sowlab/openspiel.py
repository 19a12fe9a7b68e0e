"""Every sowlab rule as an OpenSpiel game (``pip install "sowlab[openspiel]"``).

Importing this module registers the game ``sowlab`` with OpenSpiel::

    import pyspiel, sowlab.openspiel
    game = pyspiel.load_game("sowlab", {"rule": "raja_pasu"})
    game = pyspiel.load_game("sowlab", {"rule": "kalah", "options": "holes=4,seeds=3"})

Parameters: ``rule`` (a shipped rule or preset name, or a ``.rhai``/``.yaml`` path), ``options``
(``"name=value,name=value"``, the rule's own options; the game string writes them
``name:value;name:value``, which is accepted too), ``max_moves`` (a game still going after
this many moves ends as a draw; default 10,000, as ``sowlab simulate``), ``returns`` (``win``,
the default: win/draw/loss; ``score``: the rule's score, below).

The game is sequential, deterministic and of perfect information, for the rule's 1-4 players
(a solitaire is a one-player game). An action is the 0-based index of a hole in the canonical pit
order of sowlab's state JSON (South's holes then North's for two rows; Ruma: S, E, N, W), the same
number for every player; ``action_to_string`` gives sowlab's move label (``"3"``, ``"S3"``).
Returns are win/draw/loss: the winner gets 1 and the others -1/(players-1) (zero-sum), 0 each on a
draw; a solitaire returns 1 when won, 0 when lost. With ``returns=score`` they are the score at
the end: each player's seeds held (stores plus reserve) minus the mean of the others' (two
players: the seeds difference; zero-sum), a solitaire the seeds it stored; ``min_utility`` and
``max_utility`` are then what the game's seeds allow (``-total/(players-1)`` and ``total``; a
solitaire 0 and ``total``). A game cut at ``max_moves`` returns 0 each in both modes. ``score``
is refused for a rule whose winner is not the player holding the most seeds (a scripted end,
Ruma's emptied row). The observation tensor is
:meth:`sowlab.Board.observation`: seeds per hole, closed holes, stores/reserves, counters, game
variables, the player to move one-hot. States serialize as OpenSpiel's action history.

Underneath, each state holds a native :class:`sowlab.Board` (sowlab's own position, played by
sowlab's rule code); a clone copies one board.
"""

from __future__ import annotations

from typing import Dict

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        'sowlab.openspiel needs OpenSpiel: pip install "sowlab[openspiel]" (PyPI open-spiel)'
    ) from e

from . import Board, SowlabError

__all__ = ["SowlabGame", "SowlabState", "SowlabScoreState", "parse_options", "GAME_TYPE", "RETURNS"]

_DEFAULTS = {"rule": "kalah", "options": "", "max_moves": 10_000, "returns": "win"}

#: What the returns count: ``win`` (win/draw/loss) or ``score`` (the seeds held at the end).
RETURNS = ("win", "score")


def _game_type(players_min: int, players_max: int, utility) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name="sowlab",
        long_name="sowlab rule",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players_max,
        min_num_players=players_min,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


#: The type registered under ``sowlab`` (each loaded game reports its own player count and
#: utility: zero-sum, or general-sum for a solitaire).
GAME_TYPE = _game_type(1, 4, pyspiel.GameType.Utility.ZERO_SUM)


def parse_options(text: str) -> Dict[str, str]:
    """``"holes=4,seeds=3"`` (or ``"holes:4;seeds:3"``, the form game strings carry) as
    ``{"holes": "4", "seeds": "3"}`` (the rule checks names and values)."""
    out: Dict[str, str] = {}
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.replace(":", "=", 1).partition("=")
        if not eq or not key.strip():
            raise SowlabError(
                f"sowlab game: options: `{part}` is not name=value (e.g. \"holes=4,seeds=3\")"
            )
        out[key.strip()] = value.strip()
    return out


def _game_string_options(options: Dict[str, str]) -> str:
    # A game string (`sowlab(options=...,rule=kalah)`) cannot hold `=` or `,` in a value.
    for k, v in options.items():
        if any(c in k + v for c in "=,;:()"):
            raise SowlabError(
                f"sowlab game: option {k}={v}: names and values cannot hold = , ; : ( )"
            )
    return ";".join(f"{k}:{v}" for k, v in options.items())


class SowlabGame(pyspiel.Game):
    """A sowlab rule with its options, as a ``pyspiel.Game``."""

    def __init__(self, params=None):
        p = dict(_DEFAULTS)
        p.update(params or {})
        max_moves = int(p["max_moves"])
        if max_moves < 1:
            raise SowlabError("sowlab game: max_moves must be at least 1")
        returns = str(p["returns"])
        if returns not in RETURNS:
            raise SowlabError(
                f"sowlab game: returns={returns}: choose one of {', '.join(RETURNS)}"
            )
        options = parse_options(str(p["options"]))
        p["options"] = _game_string_options(options)
        start = Board(str(p["rule"]), options)
        start.max_moves = max_moves
        n = start.players
        utility = (
            pyspiel.GameType.Utility.GENERAL_SUM if n == 1 else pyspiel.GameType.Utility.ZERO_SUM
        )
        if returns == "score":
            if start.score_refusal is not None:
                raise SowlabError(f"sowlab game: {start.score_refusal}")
            low, high = start.score_bounds
        else:
            low, high = (0.0 if n == 1 else -1.0), 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_actions,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=None if n == 1 else 0.0,
            max_game_length=max_moves,
        )
        super().__init__(_game_type(n, n, utility), info, p)
        self.start = start
        self._state = SowlabScoreState if returns == "score" else SowlabState

    def new_initial_state(self):
        return self._state(self, self.start.copy())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.start.observation_size, params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SowlabState(pyspiel.State):
    """A position of a :class:`SowlabGame`: a native :class:`sowlab.Board` inside.

    The board is the state's only Python attribute: OpenSpiel clones a Python state by
    deep-copying each attribute (``Board.__deepcopy__`` copies one native board) and serializes
    it by pickling them (a board pickles as its rule, options and actions)."""

    def __init__(self, game: SowlabGame, board: Board):
        super().__init__(game)
        self.board = board

    # The hot calls answer in one native call each: current_player and is_terminal also count
    # the move cap (`max_moves`, kept by the board).
    def current_player(self):
        return self.board.current_player

    def is_terminal(self):
        return self.board.done

    # Also answered here, not only through `_legal_actions`, so that a Python caller skips the
    # C++ round trip (the same answer: the player to move's actions, none for another player).
    def legal_actions(self, player=None):
        if player is None:
            return self.board.legal_actions()
        return self.board.legal_actions_of(player)

    def _legal_actions(self, player):
        return self.board.legal_actions_of(player)

    def legal_actions_mask(self, player=None):
        b = self.board
        if player is None or player == b.current_player:
            return b.action_mask()
        return [0] * b.num_actions

    def _apply_action(self, action):
        self.board.apply(action)

    def _action_to_string(self, player, action):
        return self.board.label(action)

    def returns(self):
        return self.board.returns()

    def rewards(self):
        # Terminal rewards: the returns, at the end.
        return self.board.returns()

    def __str__(self):
        return self.board.picture()

    def _repr_svg_(self):
        return self.board.svg()


class SowlabScoreState(SowlabState):
    """A position of a game loaded with ``returns=score``: the returns are the score at the end
    (:meth:`sowlab.Board.score_returns`)."""

    def returns(self):
        return self.board.score_returns()

    def rewards(self):
        return self.board.score_returns()


class BoardObserver:
    """The observation of a position (the same for every player: perfect information)."""

    def __init__(self, size: int, params=None):
        if params:
            raise ValueError(f"sowlab game: observation parameters are not supported ({params})")
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        del player
        self.tensor[:] = state.board.observation()

    def string_from(self, state, player):
        del player
        return state.board.picture()


pyspiel.register_game(GAME_TYPE, SowlabGame)
