"""The Python API on every shipped rule; bad input raises SowlabError with sowlab's message."""

import json

import pytest

import sowlab
from sowlab import SowlabError

from reports import untimed


def test_every_shipped_rule_loads_plays_and_simulates(shipped):
    for name in shipped:
        rule = sowlab.load(name)
        assert rule.hash.startswith("sha256:") and len(rule.hash) == 71
        assert rule.meta["name"]
        g = sowlab.Game(rule)
        st = g.state()
        assert set(["pits", "stores", "to_move", "over", "winner"]) <= set(st)
        # Play the first legal move until the end (or 60 moves), checking undo on the way.
        for _ in range(60):
            if g.over:
                break
            legal = g.legal_moves()
            assert legal, name
            before = g.state()
            g.play(legal[0])
            assert g.trace(), f"{name}: every move has events"
            after = g.state()
            assert g.undo()
            assert g.state() == before
            assert g.redo()
            assert g.state() == after
        assert len(g.moves) >= 1
        rep = sowlab.simulate(name, games=6, seed=1, jobs=1)
        assert rep["record"]["command"] == "simulate" and rep["record"]["format"] == 1
        assert rep["rule"] == name and rep["rule_hash"] == rule.hash
        assert rep["games"] == 6
        assert sum(p["wins"]["count"] for p in rep["players"]) <= 6
        json.dumps(rep)  # plain data


def test_tchuka_ruma_is_won_and_solved():
    g = sowlab.Game("tchuka_ruma")
    assert g.legal_moves() == ["1", "2", "3", "4"]
    g.play("3 4 3 4")
    g.play(["2", "4"])
    assert g.over and g.winner == 1
    events = g.trace(1)
    assert events[0]["event"] == "pickup" and all("text" in e for e in events)
    assert "ruma" in str(g).lower() or str(g)
    s = sowlab.solve("tchuka_ruma")
    assert s["solvable"] is True and len(s["solution"]) == 6 and s["positions"] == 11
    s6 = sowlab.solve("tchuka_ruma", options={"seeds": 3})
    assert s6["options"]["seeds"] == 3
    v = sowlab.solve("kalah", options={"holes": 2, "seeds": 1}, depth=30)
    assert v["value"] in (-1, 0, 1)


def test_rules_from_a_file_and_from_text(tmp_path, text_rule):
    src = text_rule
    r = sowlab.Rule.from_source(src, name="mine.rhai")
    assert r.name == "mine"
    assert sowlab.solve(r)["solvable"] is False
    f = tmp_path / "mine.rhai"
    f.write_text(src)
    r2 = sowlab.Rule.load(str(f))
    assert r2.hash == r.hash, "same text, same hash"
    g = sowlab.Game(str(f))
    assert g.legal_moves() == ["1", "2", "3"]


def test_options_positions_and_copies():
    r = sowlab.load("kalah")
    assert {o["name"] for o in r.options} >= {"holes", "seeds"}
    assert r.resolve({"holes": 4})["holes"] == 4
    g = sowlab.Game("kalah", options={"holes": 3, "seeds": 2, "empty_capture": True})
    assert g.options["empty_capture"] is True
    h = g.copy()
    h.play(h.legal_moves()[0])
    assert g.moves == [] and len(h.moves) == 1
    pos = g.state()
    pos["pits"] = [0, 0, 1, 1, 0, 0]
    pos["stores"] = [5, 5]
    p = sowlab.Game("kalah", options={"holes": 3, "seeds": 2}, position=pos)
    assert p.legal_moves() == ["3"]


def test_compare_sweep_and_dataframes():
    c = sowlab.compare("raja_pasu", "raja_pasu_last_seed_no_four", games=8, jobs=1)
    assert c["record"]["command"] == "compare" and c["rows"]
    s = sowlab.sweep("kalah", {"holes": [2, 3], "empty_capture": [True, False]}, games=5, jobs=1)
    assert [p["vary"] for p in s["points"]][1] == {"holes": "2", "empty_capture": "false"}
    pd = pytest.importorskip("pandas")
    df = sowlab.to_dataframe(s)
    assert len(df) == 8 and {"holes", "empty_capture", "wins_rate", "moves_median"} <= set(df.columns)
    assert isinstance(sowlab.to_dataframe(c), pd.DataFrame)
    d = sowlab.to_dataframe(sowlab.simulate("kalah", games=4, jobs=1))
    assert list(d["player"]) == [1, 2]


def test_shards_merge_to_the_whole_run(tmp_path):
    whole = sowlab.simulate("oware", games=9, seed=3, agents="greedy,random", rotate=True)
    parts = [sowlab.simulate("oware", games=9, seed=3, agents=["greedy", "random"], rotate=True, shard=(k, 4)) for k in range(1, 5)]
    assert untimed(sowlab.merge(parts)) == untimed(whole)
    sw = dict(vary={"seeds": [2, 3, 4]}, games=5, seed=2)
    wsw = sowlab.sweep("kalah", **sw)
    psw = [sowlab.sweep("kalah", shard=f"{k}/7", **sw) for k in range(1, 8)]
    assert untimed(sowlab.merge(psw)) == untimed(wsw)
    # Games out: one line per game.
    out = tmp_path / "games.jsonl"
    sowlab.simulate("kalah", games=5, range=(1, 4), games_out=str(out))
    lines = [json.loads(l) for l in out.read_text().splitlines()]
    assert [l["index"] for l in lines] == [1, 2, 3]
    g = sowlab.Game("kalah")
    g.play(lines[0]["moves"])
    assert g.winner == lines[0]["winner"]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sowlab.load("kalha"), "unknown rule `kalha`; did you mean `kalah`?"),
        (lambda: sowlab.Game("kalah", options={"holes": 99}), "option `holes`: `99` is not allowed"),
        (lambda: sowlab.Game("kalah", options={"nope": 1}), "nope"),
        (lambda: sowlab.Game("kalah").play("9"), "9"),
        (lambda: sowlab.simulate("kalah", agents="genius"), "genius"),
        (lambda: sowlab.simulate("kalah", games=0), "the number of games must be from 1"),
        (lambda: sowlab.simulate("kalah", shard=(3, 2)), "bad --shard `3/2`"),
        (lambda: sowlab.simulate("kalah", games=5, range=(2, 9)), "ends past the run's 5 games"),
        (lambda: sowlab.simulate("kalah", agents=["random"] * 3), "3 agents given for 2 players"),
        (lambda: sowlab.sweep("kalah", {"holes": []}), "no values for `holes`"),
        (lambda: sowlab.Rule.from_source("fn setup( {", name="bad.rhai"), "bad.rhai"),
        (lambda: sowlab.Game("tchuka_ruma").trace(), "trace: no move yet"),
        (lambda: sowlab.merge([]), "give the parts of a run"),
        (lambda: sowlab.merge([{"rule": "kalah"}]), "not a sowlab JSON report"),
    ],
)
def test_bad_input_raises_with_sowlabs_message(call, message):
    with pytest.raises(SowlabError) as e:
        call()
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)
    assert "\n" not in str(e.value), "one line"


def test_merge_refuses_parts_of_other_runs():
    a = sowlab.simulate("kalah", games=4, seed=1, shard=(1, 2))
    b = sowlab.simulate("kalah", games=4, seed=2, shard=(2, 2))
    with pytest.raises(SowlabError, match="part 2 is not a part of the same run as part 1: seed is 2 there, 1 in part 1"):
        sowlab.merge([a, b])
    with pytest.raises(SowlabError, match="games 2..4 of the run are missing"):
        sowlab.merge([a])
    game = sowlab.Game("kalah")
    before = game.state()
    with pytest.raises(SowlabError):
        game.play("1 99")
    assert len(game.moves) == 1, "the good move stays, the bad one changes nothing"
    assert game.state() != before


def test_moves_that_are_no_hole_are_actions_after_the_holes():
    # Bao la Kiswahili: a hole, then a decision of the same player (`cw`/`ccw`, `left`/`right`,
    # `stop`/`go`): the rule's named moves are the actions after its 32 holes, in their order.
    b = sowlab.Board("bao_la_kiswahili")
    assert b.num_actions == 32 + 6
    assert [b.label(a) for a in b.legal_actions()] == ["SI6", "SI7"]
    b.apply(b.action("SI6"))
    assert b.legal_actions() == [32, 33]
    assert [b.label(a) for a in b.legal_actions()] == ["cw", "ccw"]
    mask = b.action_mask()
    assert len(mask) == 38 and mask[32] == 1 and mask[33] == 1 and sum(mask) == 2
    b.apply(33)
    assert [b.label(a) for a in b.legal_actions()] == ["NI5", "NI6"]
    # The game's moves by their labels.
    g = sowlab.Game("bao_la_kiswahili")
    g.play(["SI6", "ccw", "NI6", "left"])
    assert g.moves == ["SI6", "ccw", "NI6", "left"]
