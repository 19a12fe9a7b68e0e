"""Every sowlab rule as a PettingZoo AEC environment (``pip install "sowlab[pettingzoo]"``).

::

    import sowlab.pettingzoo
    env = sowlab.pettingzoo.env("ruma", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``player_1`` ... ``player_N`` (sowlab's player numbers). An action is the 0-based
index of a hole in the canonical pit order of the state JSON (``Discrete(holes)``); the
observation is a dict: ``observation`` (:meth:`sowlab.Board.observation`: seeds per hole, closed
holes, stores/reserves, counters, game variables, the player to move one-hot) and
``action_mask`` (1 for each legal action of that agent; all 0 when it is not its turn). Rewards
come at the end: the winner 1, the others -1/(N-1), 0 each on a draw (a solitaire: 1 when won,
0 when lost); with ``returns="score"``, the score at the end instead: each player's seeds held
(stores plus reserve) minus the mean of the others' (two players: the seeds difference;
zero-sum), a solitaire the seeds it stored (refused for a rule whose winner is not the player
holding the most seeds). A game still going after ``max_moves`` moves is truncated. ``info`` carries the
move label of every legal action (``legal_moves``).
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        'sowlab.pettingzoo needs PettingZoo: pip install "sowlab[pettingzoo]"'
    ) from e

from . import Board, SowlabError

__all__ = ["env", "SowlabEnv"]

# The largest value a count, counter or variable can hold in sowlab (limits::MAX_VALUE).
_MAX_VALUE = float(1 << 53)


def env(
    rule,
    max_moves: int = 10_000,
    render_mode: Optional[str] = None,
    rules=None,
    returns: str = "win",
    **options,
):
    """The AEC environment of `rule` (a name, path or :class:`sowlab.Rule`) with its `options`;
    `returns`: ``"win"`` (win/draw/loss rewards) or ``"score"`` (the score at the end)."""
    return SowlabEnv(
        rule, options, max_moves=max_moves, render_mode=render_mode, rules=rules, returns=returns
    )


class SowlabEnv(AECEnv):
    """A sowlab rule as an AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human", "svg"], "name": "sowlab_v0", "is_parallelizable": False}

    def __init__(
        self,
        rule,
        options: Optional[Dict[str, Any]] = None,
        max_moves: int = 10_000,
        render_mode: Optional[str] = None,
        rules=None,
        returns: str = "win",
    ):
        super().__init__()
        if returns not in ("win", "score"):
            raise SowlabError(f"returns={returns!r}: choose one of 'win', 'score'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise SowlabError(
                f"render_mode {render_mode!r}: choose one of {self.metadata['render_modes']}"
            )
        if max_moves < 1:
            raise SowlabError("max_moves must be at least 1")
        self._start = Board(rule, options or None, rules=rules)
        if returns == "score" and self._start.score_refusal is not None:
            raise SowlabError(self._start.score_refusal)
        self.returns_mode = returns
        self.max_moves = max_moves
        self.render_mode = render_mode
        n = self._start.players
        self.possible_agents = [f"player_{p}" for p in range(1, n + 1)]
        size, actions = self._start.observation_size, self._start.num_actions
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-_MAX_VALUE, _MAX_VALUE, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._start.max_moves = max_moves
        self.board = self._start.copy()
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _agent_to_move(self) -> str:
        return self.possible_agents[self.board.to_move - 1]

    def _info(self) -> Dict[str, Any]:
        b = self.board
        return {"legal_moves": [b.label(a) for a in b.legal_actions()]}

    def reset(self, seed=None, options=None):
        # The game is deterministic: `seed` only seeds the action spaces (for `sample`).
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        self.board = self._start.copy()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()
        self.infos[self.agent_selection] = self._info()

    def observe(self, agent):
        b = self.board
        obs = np.asarray(b.observation(), dtype=np.float32)
        if not b.over and self.agents and agent == self.agent_selection and not self.truncations[agent]:
            mask = np.asarray(b.action_mask(), dtype=np.int8)
        else:
            mask = np.zeros(b.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise SowlabError(f"{agent} is to move: give an action (a hole index)")
        index = _action_index(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self.board.apply(index)
        b = self.board
        self.infos = {a: {} for a in self.agents}
        if b.over:
            final = b.score_returns() if self.returns_mode == "score" else b.returns()
            for a, r in zip(self.possible_agents, final):
                self.rewards[a] = r
                self.terminations[a] = True
        elif b.truncated:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._agent_to_move()
            self.infos[self.agent_selection] = self._info()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self.board.svg()
        text = self.board.picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def _action_index(agent, action) -> int:
    """An action as a hole index: a Python or NumPy integer only. ``int()`` would take ``1.9`` as
    1 and ``"2"`` as 2, moves the agent never chose; a bool is no index either."""
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise SowlabError(
        f"{agent}: the action must be an integer (a hole index), not {type(action).__name__} {action!r}"
    )
