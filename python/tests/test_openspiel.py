"""sowlab rules as OpenSpiel games: OpenSpiel's own checks, agreement with OpenSpiel's `mancala`
(Kalah) and `oware` move by move, and OpenSpiel algorithms playing Raja Pasu to the end."""

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason='OpenSpiel is not installed: pip install "sowlab[openspiel]" (PyPI open-spiel)'
)
np = pytest.importorskip("numpy")

import sowlab  # noqa: E402
import sowlab.openspiel  # noqa: E402,F401  (registers the game "sowlab")


def load(rule, options=""):
    return pyspiel.load_game("sowlab", {"rule": rule, "options": options})


@pytest.mark.parametrize(
    "rule,options,players",
    [
        ("kalah", "", 2),
        ("kalah", "holes=4,seeds=3", 2),
        ("oware", "", 2),
        ("raja_pasu_round", "", 2),
        ("tchuka_ruma", "", 1),
        ("tchoukaillon", "", 1),
        ("ruma", "players=3", 3),
        ("ruma", "players=4", 4),
    ],
)
def test_openspiels_random_simulation_checks_pass(rule, options, players):
    game = load(rule, options)
    assert game.num_players() == players
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    want = pyspiel.GameType.Utility.GENERAL_SUM if players == 1 else pyspiel.GameType.Utility.ZERO_SUM
    assert t.utility == want
    # OpenSpiel's own conformance test: random games, each state serialized and restored,
    # clones, legal actions, returns.
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_actions_are_holes_in_canonical_order_with_sowlabs_labels():
    game = load("ruma", "players=2")
    s = game.new_initial_state()
    assert game.num_distinct_actions() == 24
    # Player 1 owns S and N: actions 0-5 (S1..S6) and 12-17 (N1..N6).
    assert s.legal_actions() == list(range(0, 6)) + list(range(12, 18))
    assert [s.action_to_string(a) for a in (0, 5, 12)] == ["S1", "S6", "N1"]
    g = sowlab.Game("ruma", {"players": 2})
    assert sorted(g.legal_moves()) == sorted(s.action_to_string(a) for a in s.legal_actions())
    s.apply_action(3)
    g.play("S4")
    assert s.board.state() == g.state()


def test_kalah_options_reach_the_rule_and_survive_the_game_string():
    game = load("kalah", "holes=4,seeds=3")
    assert game.num_distinct_actions() == 8
    assert game.new_initial_state().board.state()["pits"] == [3] * 8
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.num_distinct_actions() == 8
    with pytest.raises(sowlab.SowlabError, match="holes"):
        load("kalah", "holes=banana")
    with pytest.raises(sowlab.SowlabError, match="name=value"):
        load("kalah", "holes")


def test_clone_serialize_and_pickle_keep_the_position():
    game = load("oware")
    s = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(25):
        s.apply_action(rng.choice(s.legal_actions()))
    c = s.clone()
    assert c.history() == s.history() and c.board.state() == s.board.state()
    c.apply_action(c.legal_actions()[0])
    assert c.history() != s.history() and len(s.history()) == 25  # the clone is its own
    text = pyspiel.serialize_game_and_state(game, s)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert s2.history() == s.history() and s2.board.state() == s.board.state()
    s3 = pickle.loads(pickle.dumps(s))
    assert s3.board.state() == s.board.state() and s3.board.actions == s.board.actions
    b = pickle.loads(pickle.dumps(s.board))
    assert b.state() == s.board.state() and b.legal_actions() == s.legal_actions()


def test_an_illegal_action_is_refused_and_changes_nothing():
    s = load("kalah").new_initial_state()
    s.apply_action(2)  # S3: 4 seeds, the last in the store: South again
    before = s.board.state()
    with pytest.raises(sowlab.SowlabError, match="not legal here"):
        s.board.apply(2)  # now empty
    with pytest.raises(IndexError, match="actions are 0 to 11"):
        s.board.apply(12)
    assert s.board.state() == before


def test_returns_are_win_draw_loss_zero_sum_and_solitaires_win_or_lose():
    s = load("tchuka_ruma").new_initial_state()
    for label in "3 4 3 4 2 4".split():
        s.apply_action(s.board.action(label))
    assert s.is_terminal() and s.returns() == [1.0]
    lost = load("tchuka_ruma").new_initial_state()
    lost.apply_action(0)  # hole 1: 2 seeds, the last in empty hole 3: lost
    assert lost.is_terminal() and lost.returns() == [0.0]
    four = load("ruma", "players=4")
    rng = random.Random(1)
    s = four.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    r = s.returns()
    assert abs(sum(r)) < 1e-9 and sorted(r) == [-1 / 3, -1 / 3, -1 / 3, 1.0]
    assert r.index(1.0) + 1 == s.board.winner


def test_observation_tensor_is_the_board():
    game = load("kalah")
    s = game.new_initial_state()
    s.apply_action(0)
    obs = np.asarray(s.observation_tensor(0))
    assert obs.shape == (game.observation_tensor_size(),)
    st = s.board.state()
    holes = len(st["pits"])
    assert list(obs[:holes]) == st["pits"]
    assert list(obs[2 * holes : 2 * holes + 2]) == st["stores"]
    # the player to move, one-hot, at the end
    assert list(obs[-2:]) == [0.0, 1.0]
    assert s.observation_tensor(0) == s.observation_tensor(1)


# ---------------------------------------------------------------------------------------------
# The same game as OpenSpiel's own: every move of 100 random games.


def kalah_action(a):
    """OpenSpiel `mancala` action -> sowlab's. OpenSpiel's board: [0] North's store, [1..6]
    South's houses left to right, [7] South's store, [8..13] North's houses from North's left;
    sowlab's actions are the canonical holes S1..S6 (0..5), N1..N6 (6..11)."""
    assert 1 <= a <= 13 and a != 7
    return a - 1 if a <= 6 else a - 2


def oware_action(a, player):
    """OpenSpiel `oware` action (the mover's house 0..5 from his left) -> sowlab's."""
    return a if player == 0 else 6 + a


def test_kalah_plays_as_openspiels_mancala_move_by_move():
    ours, theirs = load("kalah"), pyspiel.load_game("mancala")
    rng = random.Random(2024)
    lengths = []
    for _ in range(100):
        o, t = ours.new_initial_state(), theirs.new_initial_state()
        while not t.is_terminal():
            assert not o.is_terminal()
            assert o.current_player() == t.current_player()
            assert o.legal_actions() == [kalah_action(a) for a in t.legal_actions()]
            board = [int(v) for v in t.observation_tensor(0)[:14]]
            st = o.board.state()
            assert st["pits"] == board[1:7] + board[8:14]
            assert st["stores"] == [board[7], board[0]]
            a = rng.choice(t.legal_actions())
            assert o.action_to_string(kalah_action(a)) == str(a if a <= 6 else a - 7)
            t.apply_action(a)
            o.apply_action(kalah_action(a))
        assert o.is_terminal()
        assert o.returns() == t.returns()
        board = [int(v) for v in t.observation_tensor(0)[:14]]
        # OpenSpiel counts the seeds left on each side for its owner; sowlab moves them there.
        assert o.board.state()["stores"] == [sum(board[1:8]), sum(board[8:14]) + board[0]]
        lengths.append(len(t.history()))
    assert min(lengths) > 10  # real games, not stopped at once


def test_oware_plays_as_openspiels_oware_move_by_move():
    # sowlab's oware with OpenSpiel's two readings switched on (see rules/oware.rhai, R8, R9),
    # and no move cap of its own (OpenSpiel's games stop at 1000 moves, like max_moves here).
    ours = pyspiel.load_game(
        "sowlab",
        {
            "rule": "oware",
            "options": "sweep_at_win=owners,repetition=true,max_turns=0",
            "max_moves": 1000,
        },
    )
    theirs = pyspiel.load_game("oware")
    rng = random.Random(7)
    ends = set()
    for _ in range(100):
        o, t = ours.new_initial_state(), theirs.new_initial_state()
        while not t.is_terminal():
            p = t.current_player()
            assert o.current_player() == p
            assert o.legal_actions() == sorted(oware_action(a, p) for a in t.legal_actions())
            v = [int(round(x * 48)) for x in t.observation_tensor(0)]
            st = o.board.state()
            assert st["pits"] == v[:12] and st["stores"] == v[12:14]
            a = rng.choice(t.legal_actions())
            label = o.action_to_string(oware_action(a, p))
            assert label == str(a + 1) and t.action_to_string(a).lower() == "abcdef"[a]
            t.apply_action(a)
            o.apply_action(oware_action(a, p))
        assert o.is_terminal(), o.board.state()
        assert o.returns() == t.returns()
        v = [int(round(x * 48)) for x in t.observation_tensor(0)]
        assert o.board.state()["stores"] == v[12:14]
        ends.add(o.board.winner)
    assert {1, 2} <= ends  # both players win some games


# ---------------------------------------------------------------------------------------------
# OpenSpiel's algorithms on a sowlab rule.


def reserves_value(state):
    """Player 1's reserve minus player 2's (Raja Pasu's captures), from the observation."""
    b = state.board
    st = b.state()
    return float(st["stores"][0] - st["stores"][1]) / 98.0


def test_openspiels_alpha_beta_plays_a_raja_pasu_match_to_the_end_and_beats_random():
    from open_spiel.python.algorithms import minimax

    game = load("raja_pasu")
    rng = random.Random(5)
    s = game.new_initial_state()
    moves = 0
    while not s.is_terminal():
        if s.current_player() == 0:
            _, a = minimax.alpha_beta_search(
                game, state=s.clone(), value_function=reserves_value, maximum_depth=2,
                maximizing_player_id=0,
            )
        else:
            a = rng.choice(s.legal_actions())
        assert a in s.legal_actions()
        s.apply_action(a)
        moves += 1
    assert s.board.over and s.board.plies == moves
    assert s.returns() == [1.0, -1.0], s.board.state()


def test_openspiels_mcts_bot_plays_raja_pasu_to_the_end():
    from open_spiel.python.algorithms import mcts

    game = load("raja_pasu")
    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=10,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    rng = random.Random(9)
    s = game.new_initial_state()
    while not s.is_terminal():
        a = bot.step(s) if s.current_player() == 0 else rng.choice(s.legal_actions())
        s.apply_action(a)
    assert s.board.over and s.board.state()["over"]
    r = s.returns()
    assert sum(r) == 0 and sorted(r) in ([0.0, 0.0], [-1.0, 1.0])
    # A match ends when a player cannot fill one hole: the loser holds fewer than 7 seeds.
    loser = r.index(-1.0) if -1.0 in r else None
    if loser is not None:
        assert s.board.state()["stores"][loser] < 7


# ---------------------------------------------------------------------------------------------
# Returns as the rule's score (`returns=score`).


def load_score(rule, options=""):
    return pyspiel.load_game("sowlab", {"rule": rule, "options": options, "returns": "score"})


def held(state_json, players):
    """Seeds each player holds at the end, read from the state JSON (stores, or reserves)."""
    stores = state_json.get("stores") or []
    reserves = state_json.get("reserves") or []
    return [
        (stores[p] if p < len(stores) else 0) + (reserves[p] if p < len(reserves) else 0)
        for p in range(players)
    ]


@pytest.mark.parametrize(
    "rule,options,total",
    [
        ("kalah", "", 48),
        ("kalah", "holes=4,seeds=3", 24),
        ("kalah", "holes=3,seeds=2,empty_capture=true", 12),
        ("oware", "sweep_at_win=owners,repetition=true,max_turns=0", 48),
        ("raja_pasu_round", "", 98),
        ("raja_pasu", "", 98),
        ("tchuka_ruma", "", 8),
    ],
)
def test_score_returns_pass_openspiels_checks_and_are_the_final_score(rule, options, total):
    game = load_score(rule, options)
    n = game.num_players()
    assert game.new_initial_state().board.total_seeds == total
    # The seeds of the game bound the score: two players -total..total, a solitaire 0..total.
    assert (game.min_utility(), game.max_utility()) == ((0.0, total) if n == 1 else (-total, total))
    assert game.get_type().utility == (
        pyspiel.GameType.Utility.GENERAL_SUM if n == 1 else pyspiel.GameType.Utility.ZERO_SUM
    )
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)
    rng = random.Random(5)
    margins = set()
    for _ in range(30):
        s = game.new_initial_state()
        while not s.is_terminal():
            assert s.returns() == [0.0] * n
            s.apply_action(rng.choice(s.legal_actions()))
        r = s.returns()
        h = held(s.board.state(), n)
        assert s.board.scores() == h
        if n == 1:
            assert r == [float(h[0])]
            continue
        assert r == [h[0] - h[1], h[1] - h[0]] and s.rewards() == r
        assert game.min_utility() <= r[0] <= game.max_utility()
        # The score agrees with the winner: the player holding more seeds won.
        w = s.board.winner
        assert (r[0] > 0, r[0] < 0) == (w == 1, w == 2), (r, w)
        margins.add(r[0])
    if n == 2:
        assert len(margins) > 3, margins  # the margins vary, not only the sign


def test_score_returns_is_refused_where_the_seeds_are_not_the_score_and_the_default_is_win():
    with pytest.raises(sowlab.SowlabError, match=r"returns=score: ruma: an end of the rule .* most seeds"):
        load_score("ruma", "players=3")
    with pytest.raises(sowlab.SowlabError, match="returns=points: choose one of win, score"):
        pyspiel.load_game("sowlab", {"rule": "kalah", "returns": "points"})
    game = load("kalah", "holes=3,seeds=2")
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    rng = random.Random(3)
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    # A game string with the option loads the same game again.
    again = pyspiel.load_game(str(load_score("kalah", "holes=3,seeds=2")))
    assert again.max_utility() == 12.0
