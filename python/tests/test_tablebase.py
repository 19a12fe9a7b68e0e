"""Tablebases built as Dask tasks on a LocalCluster are the files `sowlab tablebase build` writes,
byte for byte; the chunk and write functions underneath check what they are given."""

import filecmp
import os
import shutil
import subprocess

import pytest

import sowlab

pytest.importorskip("dask.distributed", reason='Dask is an extra: pip install "sowlab[dask]"')
import sowlab.dask  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cli():
    """The `sowlab` program of this checkout (`.ci/run` builds it before the Python tests)."""
    here = [os.path.join(ROOT, "target", profile, "sowlab") for profile in ("release", "debug")]
    for p in (os.environ.get("SOWLAB_BIN"), *here, shutil.which("sowlab")):
        if p and os.path.isfile(p):
            return p
    pytest.skip("no sowlab program: build it with `cargo build --bin sowlab` (or set SOWLAB_BIN)")


def cli_build(tmp, rule, options, seeds):
    out = tmp / "cli"
    text = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
    sets = [a for k, v in text.items() for a in ("--set", f"{k}={v}")]
    subprocess.run(
        [cli(), "tablebase", "build", rule, *sets, "--seeds", str(seeds), "--out", str(out)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return out


def layer_files(d):
    return sorted(f for f in os.listdir(d) if f.endswith(".sowtb"))


@pytest.mark.parametrize(
    "options,seeds,chunks",
    [
        ({"holes": 4, "seeds": 3}, 12, 7),
        ({"holes": 4, "seeds": 3, "empty_capture": True}, 10, 3),
        ({"holes": 3, "seeds": 4}, 9, 16),
    ],
)
def test_a_dask_build_writes_the_files_of_the_command_line(client, tmp_path, options, seeds, chunks):
    want = cli_build(tmp_path, "kalah", options, seeds)
    out = tmp_path / "dask"
    rep = sowlab.dask.build_tablebase(
        client, "kalah", seeds, out, chunks=chunks, options=options, min_chunk=64
    )
    names = layer_files(want)
    assert names == [f"layer-{k:03}.sowtb" for k in range(seeds + 1)]
    assert layer_files(out) == names
    for n in names:
        assert filecmp.cmp(want / n, out / n, shallow=False), n
    assert rep["kept"] == 0 and [l["layer"] for l in rep["layers"]] == list(range(seeds + 1))
    sizes = sowlab.tablebase_layers("kalah", options, seeds)
    assert rep["positions"] == sum(sizes)
    # The big layers were cut into tasks of whole classes (the seeds in player 1's holes), at
    # most `chunks` of them; same-layer moves keep to their class, so every position was played
    # once, by the task of its class, in one round.
    # Kalah's sides are mirror images: player 1's positions are valued (each once), as by the
    # CLI, classes c and k - c in one task (player 2's of one are the images of player 1's of
    # the other).
    assert sowlab.tablebase_one_side("kalah", options)
    big = [l for l in rep["layers"] if sizes[l["layer"]] // 2 >= 64 * chunks]
    assert big and all(1 < l["chunks"] <= min(chunks, l["layer"] // 2 + 1) for l in big)
    assert all(2 * l["played"] == sizes[l["layer"]] and l["outside"] == 0 for l in rep["layers"])


def test_a_second_build_keeps_the_layers_there_and_adds_the_rest(client, tmp_path):
    options = {"holes": 3, "seeds": 3}
    want = cli_build(tmp_path, "kalah", options, 8)
    out = tmp_path / "dask"
    first = sowlab.dask.build_tablebase(client, "kalah", 5, out, chunks=3, options=options, min_chunk=8)
    assert first["kept"] == 0 and len(first["layers"]) == 6
    again = sowlab.dask.build_tablebase(client, "kalah", 8, out, chunks=3, options=options, min_chunk=8)
    assert again["kept"] == 6 and [l["layer"] for l in again["layers"]] == [6, 7, 8]
    for n in layer_files(want):
        assert filecmp.cmp(want / n, out / n, shallow=False), n


def test_a_damaged_layer_or_another_rules_folder_is_refused(client, tmp_path):
    options = {"holes": 3, "seeds": 3}
    out = tmp_path / "tb"
    sowlab.dask.build_tablebase(client, "kalah", 4, out, chunks=2, options=options, min_chunk=4)
    with pytest.raises(sowlab.SowlabError, match="built for kalah .*not for kalah"):
        sowlab.dask.build_tablebase(client, "kalah", 5, out, options={"holes": 4})
    path = out / "layer-003.sowtb"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(sowlab.SowlabError, match="layer-003.sowtb: the checksum does not match"):
        sowlab.dask.build_tablebase(client, "kalah", 5, out, options=options)


def test_a_layers_tasks_are_spread_over_the_workers_in_equal_shares():
    from sowlab._dask_tablebase import pack, spread

    # Kalah's layer 14 (6 holes a side) cut into 8 tasks of whole classes, for two workers of
    # one thread: each worker is asked to run tasks of about half the positions.
    sizes = sowlab.tablebase_classes("kalah", {"holes": 6, "seeds": 4}, 14)
    tasks = pack(sizes, 8, 1 << 14)
    loads = [sum(sizes[c] for c in t) for t in tasks]
    places = spread(loads, {"tcp://b:1": 1, "tcp://a:2": 1})
    share = {w: sum(n for n, p in zip(loads, places) if p == w) for w in set(places)}
    assert set(share) == {"tcp://a:2", "tcp://b:1"}
    assert max(share.values()) - min(share.values()) <= max(loads)
    assert abs(share["tcp://a:2"] - sum(loads) / 2) < 0.02 * sum(loads)
    # One side (Kalah's sides are mirror images): classes c and 14 - c in one task, each once.
    one = pack(sizes, 8, 1 << 14, one_side=True)
    assert sorted(c for t in one for c in t) == list(range(15))
    assert all(14 - c in t for t in one for c in t)
    assert 1 < len(one) <= 8
    # A worker of three threads takes three times the positions of one of a thread.
    places = spread([5] * 8, {"x": 3, "y": 1})
    assert places.count("x") == 6 and places.count("y") == 2
    # No worker to name (a client that cannot tell): the scheduler places the tasks.
    assert spread([3, 2], {}) == [None, None]


def test_chunks_and_layers_check_their_arguments(tmp_path):
    options = {"holes": 3, "seeds": 3}
    sizes = sowlab.tablebase_layers("kalah", options, 3)
    assert sizes == [2 * n for n in (1, 6, 21, 56)]  # C(k + 5, 5) positions a player
    with pytest.raises(sowlab.SowlabError, match="tablebases do not apply"):
        sowlab.tablebase_layers("raja_pasu", None, 3)
    with pytest.raises(sowlab.SowlabError, match="layer-000.sowtb: missing"):
        sowlab.tablebase_chunk("kalah", options, 1, 0, 4, str(tmp_path))
    layer0 = sowlab.tablebase_chunk("kalah", options, 0, 0, sizes[0], str(tmp_path))
    assert isinstance(layer0, bytes) and len(layer0) == sizes[0]
    with pytest.raises(sowlab.SowlabError, match="the chunks hold 1 positions, the layer 2"):
        sowlab.tablebase_write_layer("kalah", options, 0, [layer0[:1]], str(tmp_path))
    sowlab.tablebase_write_layer("kalah", options, 0, [layer0[:1], layer0[1:]], str(tmp_path))
    with pytest.raises(sowlab.SowlabError, match="not a range of its 12 positions"):
        sowlab.tablebase_chunk("kalah", options, 1, 5, 13, str(tmp_path))
    part, valued = sowlab.tablebase_chunk("kalah", options, 1, 0, 12, str(tmp_path), stats=True)
    assert len(part) == 12 and valued == 12
    classes = sowlab.tablebase_classes("kalah", options, 1)
    assert classes == [6, 6]  # the seed in player 2's holes (3 x 2 movers), or in player 1's
    # Kalah's sides are mirror images: a task values player 1's positions only, as the command
    # line does, and player 2's children of class 1 are the images of player 1's of class 0.
    assert sowlab.tablebase_one_side("kalah", options)
    ones, played, outside = sowlab.tablebase_chunk_classes("kalah", options, 1, [1], str(tmp_path))
    # (the seed in one of player 1's 3 holes: sown on in his row, it leaves player 2 no move,
    # and the game is over; into his store, layer 0)
    assert (len(ones), played, outside) == (3, 3, 0)
    # (this process keeps the layer's values: nothing is played again)
    again = sowlab.tablebase_chunk_classes("kalah", options, 1, [1], str(tmp_path))
    assert again == (ones, 0, 0)
    with pytest.raises(sowlab.SowlabError, match="not distinct classes of its 0 to 1"):
        sowlab.tablebase_chunk_classes("kalah", options, 1, [2], str(tmp_path))
    zero, played, outside = sowlab.tablebase_chunk_classes("kalah", options, 1, [0], str(tmp_path))
    assert (len(zero), played, outside) == (3, 3, 0)
    with pytest.raises(sowlab.SowlabError, match="class 0 is in no part"):
        sowlab.tablebase_write_layer("kalah", options, 1, [ones], str(tmp_path), classes=[[1]])
    with pytest.raises(sowlab.SowlabError, match="2 chunks but 1 lists of classes"):
        sowlab.tablebase_write_layer("kalah", options, 1, [ones, zero], str(tmp_path), classes=[[1]])
    path = sowlab.tablebase_write_layer("kalah", options, 1, [ones, zero], str(tmp_path), classes=[[1], [0]])
    with open(path, "rb") as f:
        by_classes = f.read()
    sowlab.tablebase_write_layer("kalah", options, 1, [part], str(tmp_path))
    with open(path, "rb") as f:
        assert f.read() == by_classes
    with pytest.raises(sowlab.SowlabError, match="not in parts"):
        sowlab.tablebase_classes(
            "oware", {"holes": 2, "seeds": 1, "repetition": True, "repetition_sweep": "none", "max_turns": 0}, 1
        )
    with pytest.raises(sowlab.SowlabError, match="at most 120 seeds"):
        sowlab.tablebase_layers("kalah", options, 121)
