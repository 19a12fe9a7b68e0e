"""sowlab rules as PettingZoo AEC environments: PettingZoo's api_test, and whole games played
through the environment that sowlab's own Game replays to the same end."""

import random
import warnings

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason='PettingZoo is not installed: pip install "sowlab[pettingzoo]"'
)
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import sowlab  # noqa: E402
import sowlab.pettingzoo as spz  # noqa: E402

# The two warnings api_test gives every environment whose observation is a dict with an
# action mask (PettingZoo's own board games get them too); anything else is a finding.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


@pytest.mark.parametrize(
    "rule,options,agents",
    [
        ("kalah", {}, 2),
        ("raja_pasu_round", {}, 2),
        ("ruma", {"players": 2}, 2),
        ("ruma", {"players": 3}, 3),
        ("ruma", {"players": 4}, 4),
        ("tchuka_ruma", {}, 1),
    ],
)
def test_pettingzoos_api_test_passes(rule, options, agents):
    env = spz.env(rule, **options)
    assert env.possible_agents == [f"player_{p}" for p in range(1, agents + 1)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=400)
    other = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)]
    assert other == [], other


def play_random(env, seed):
    """Plays one game through the AEC loop; returns the labels played and the final rewards."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    labels, final = [], {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        final[agent] = reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = [a for a, m in enumerate(mask) if m]
        assert legal and len(legal) == len(info["legal_moves"])
        a = rng.choice(legal)
        labels.append(env.unwrapped.board.label(a))
        env.step(a)
    return labels, final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_ruma_game_through_the_environment_is_sowlabs_game(players):
    env = spz.env("ruma", players=players)
    for seed in range(5):
        labels, final = play_random(env, seed)
        g = sowlab.Game("ruma", {"players": players})
        g.play(labels)
        assert g.over
        assert env.agents == []  # every agent done and removed
        rewards = [final[f"player_{p}"] for p in range(1, players + 1)]
        assert abs(sum(rewards)) < 1e-9
        assert rewards[g.winner - 1] == 1.0
        assert all(r == -1 / (players - 1) for i, r in enumerate(rewards) if i != g.winner - 1)


def test_only_the_agent_to_move_sees_legal_actions_and_rewards_come_at_the_end():
    env = spz.env("kalah", holes=3, seeds=2)
    env.reset(seed=0)
    assert env.agent_selection == "player_1"
    me = env.observe("player_1")
    other = env.observe("player_2")
    assert me["action_mask"].tolist() == [1, 1, 1, 0, 0, 0]
    assert other["action_mask"].tolist() == [0] * 6
    assert me["observation"].dtype == np.float32
    assert env.observation_space("player_1").contains(me)
    assert env.infos["player_1"]["legal_moves"] == ["1", "2", "3"]
    env.step(0)
    assert all(r == 0 for r in env.rewards.values())
    with pytest.raises(sowlab.SowlabError, match="not legal here"):
        env.step(0)  # player 2 to move; hole index 0 is player 1's


def test_a_long_game_is_truncated_at_max_moves():
    env = spz.env("raja_pasu", max_moves=5)
    env.reset(seed=0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(sowlab.SowlabError, match="holes"):
        spz.env("kalah", holes=0)
    with pytest.raises(sowlab.SowlabError, match="render_mode"):
        spz.env("kalah", render_mode="3d")
    env = spz.env("kalah", render_mode="ansi")
    env.reset()
    assert "4" in env.render()
    svg = spz.env("kalah", render_mode="svg")
    svg.reset()
    assert svg.render().startswith("<svg")


@pytest.mark.parametrize("rule,options", [("kalah", {}), ("kalah", {"holes": 4, "seeds": 3}), ("tchuka_ruma", {})])
def test_score_rewards_pass_the_api_test_and_are_the_final_score(rule, options):
    env = spz.env(rule, returns="score", **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=400)
    other = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)]
    assert other == [], other
    n = len(env.possible_agents)
    for seed in range(10):
        labels, final = play_random(env, seed)
        b = env.unwrapped.board
        h = b.scores()
        if n == 1:
            assert final == {"player_1": float(h[0])}
        else:
            assert [final[a] for a in env.possible_agents] == [h[0] - h[1], h[1] - h[0]]
            assert (h[0] > h[1], h[0] < h[1]) == (b.winner == 1, b.winner == 2)
        g = sowlab.Game(rule, options=options or None)
        g.play(labels)
        assert g.over and g.winner == b.winner


def test_score_rewards_are_refused_where_the_seeds_are_not_the_score():
    with pytest.raises(sowlab.SowlabError, match="returns=score: ruma"):
        spz.env("ruma", players=4, returns="score")
    with pytest.raises(sowlab.SowlabError, match="returns='points'"):
        spz.env("kalah", returns="points")


@pytest.mark.parametrize("action", [1.9, 2.0, "2", b"2", True, [2], np.float64(2.0), np.array([2])])
def test_step_takes_only_integer_actions(action):
    env = spz.env("kalah")
    env.reset(seed=0)
    before = env.unwrapped.board.copy()
    with pytest.raises(sowlab.SowlabError, match="the action must be an integer"):
        env.step(action)
    # Nothing was played: the same position, the same agent to move.
    assert env.unwrapped.board.plies == before.plies
    assert env.agent_selection == "player_1"


@pytest.mark.parametrize("action", [2, np.int64(2), np.int8(2), np.uint32(2), np.array(2)])
def test_step_takes_python_and_numpy_integers(action):
    env = spz.env("kalah")
    env.reset(seed=0)
    env.step(action)
    assert env.unwrapped.board.plies == 1
