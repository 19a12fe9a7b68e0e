"""What a notebook shows: games and moves as SVG, reports as tables; and the example notebook
(python/examples/research.ipynb) executed top to bottom, so it cannot rot."""

import json
import pickle
from pathlib import Path

import pytest

import sowlab

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "research.ipynb"


def test_a_game_draws_itself_with_its_legal_holes():
    g = sowlab.Game("tchuka_ruma")
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg == g.svg()
    import re

    legal = re.findall(r'class="hole legal" data-pit="\d+" data-move="(\w+)"', svg)
    assert legal == g.legal_moves() == ["1", "2", "3", "4"]
    g.play("3 4 3 4 2 4")
    assert g.over and 'class="hole legal"' not in g._repr_svg_()  # over: nothing to click


def test_a_move_shows_lap_by_lap():
    g = sowlab.Game("tchuka_ruma")
    g.play("3 4 3")  # the third move relays
    events = g.trace()
    laps = sum(1 for e in events if e["event"] == "lap_end")
    whole, count = g.move_svg()
    assert count == laps and count >= 2
    view = sowlab.laps(g)
    assert len(view) == count + 1  # before, then each lap
    assert view.frames[-1] == g.move_svg(3, count)[0]
    html = view._repr_html_()
    assert html.count("<svg") == count + 1 and "lap 1" in html and "before" in html
    assert sowlab.laps(g, 1).label == "3"
    with pytest.raises(sowlab.SowlabError, match="the game has 3 moves"):
        g.move_svg(4)
    with pytest.raises(sowlab.SowlabError, match=f"has {count} laps"):
        g.move_svg(3, count + 1)
    with pytest.raises(sowlab.SowlabError, match="0 moves"):
        sowlab.Game("kalah").move_svg()


def test_reports_are_the_same_dicts_and_show_as_tables():
    rep = sowlab.simulate("kalah", games=20, seed=3, jobs=1)
    assert isinstance(rep, sowlab.Report) and isinstance(rep, dict)
    plain = json.loads(json.dumps(rep))
    assert plain == rep and pickle.loads(pickle.dumps(rep)) == rep
    html = rep._repr_html_()
    assert html.count("<tr>") == 1 + len(rep["players"])  # header + one row per player
    wins = rep["players"][0]["wins"]["count"]
    assert f"<td>{wins}</td>" in html and "sowlab simulate" in html
    parts = [sowlab.simulate("kalah", games=20, seed=3, jobs=1, shard=(k, 2)) for k in (1, 2)]
    merged = sowlab.merge(parts)
    assert isinstance(merged, sowlab.Report) and merged["players"] == rep["players"]
    sw = sowlab.sweep("kalah", {"holes": [3, 4]}, games=10, jobs=1)
    assert "<th>holes</th>" in sw._repr_html_()
    solved = sowlab.solve("tchuka_ruma")
    assert "solvable" in solved._repr_html_()


def test_reports_become_dataframes():
    pd = pytest.importorskip("pandas", reason='pandas is not installed: pip install "sowlab[notebook]"')
    sw = sowlab.sweep("kalah", {"holes": [3, 4]}, games=10, jobs=1)
    df = sw.to_dataframe()
    assert isinstance(df, pd.DataFrame) and list(df["holes"]) == ["3", "3", "4", "4"]  # as the sweep report writes them


def test_the_example_notebook_runs_top_to_bottom():
    nbformat = pytest.importorskip(
        "nbformat", reason='Jupyter is not installed: pip install "sowlab[notebook]"'
    )
    nbclient = pytest.importorskip(
        "nbclient", reason='Jupyter is not installed: pip install "sowlab[notebook]"'
    )
    for need in ("pyspiel", "pettingzoo", "matplotlib", "pandas", "ipykernel"):
        pytest.importorskip(need, reason=f'the example needs {need}: pip install "sowlab[notebook,openspiel,pettingzoo]"')
    nb = nbformat.read(EXAMPLE, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLE.parent)}}
    )
    client.execute()  # raises CellExecutionError on any failing cell
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    shown = [o.get("data", {}) for o in outputs if o.get("output_type") == "execute_result"]
    assert any("image/svg+xml" in d for d in shown), "a Game shows as SVG"
    assert any("<table>" in d.get("text/html", "") for d in shown), "a report shows as a table"
    assert any("image/png" in o.get("data", {}) for o in outputs), "the sweep is plotted"
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    assert "MCTS won" in text


def test_pictures_past_the_bound_are_refused_not_built_whole(tmp_path):
    # One move of 100 000 seeds: 100 000 sowing events, a picture of over 10 MB.
    g = sowlab.Game("kalah", options={"holes": 64, "seeds": 100000})
    g.play("1")
    with pytest.raises(ValueError, match=r"move 1 up to lap 1 is 100\d+ sowing events, more than one picture draws \(20000\)"):
        g.move_svg()
    assert g.move_svg(1, 0)[0].startswith("<svg")  # the position before it is drawn
    # A board of 96 002 pits (1 500 rows of 64 holes): its picture is refused, not drawn whole.
    def row(i):
        s = ""
        while True:
            s = chr(ord("a") + i % 26) + s
            i //= 26
            if i == 0:
                return s

    pits = "".join(
        f"    - {{ row: {row(i)}, owner: {1 + i % 2}, holes: 64, seeds: 1 }}\n" for i in range(1500)
    )
    (tmp_path / "rows.yaml").write_text(
        "name: Rows\nplayers: 2\ndescription: \"rows upon rows\"\nboard:\n  players: 2\n"
        f"  shape: two_rows\n  pits:\n{pits}    - {{ store: s1, owner: 1 }}\n"
        "    - { store: s2, owner: 2 }\nsowing:\n  stores: own\npipeline:\n  extra_turn: store\n"
        "  end:\n    - { when: side_empty, sweep: owners, then: most_seeds }\n"
    )
    big = sowlab.Game("rows", rules=str(tmp_path))
    with pytest.raises(ValueError, match=r"the board has 96002 pits, more than one picture draws \(4096\)"):
        big.svg()
    big.play("a1")
    with pytest.raises(ValueError, match=r"the board has 96002 pits"):
        big.move_svg()
