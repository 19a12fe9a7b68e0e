"""The package under interruption, threads, Dask and bad files: Ctrl-C stops a long call with
KeyboardInterrupt; threads may share one Game; a Rule from source text works on Dask workers;
a Dask run with a games file loses no game; a games file at a named pipe is refused; a key
given twice in a data rule is reported as such."""

import json
import os
import pickle
import stat
import subprocess
import sys
import threading

import pytest

import sowlab



def run_python(code: str, timeout: int = 120) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter; one that does not end in `timeout` s hangs: a failure."""
    try:
        return subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the call did not end within {timeout} s:\n{code}")


def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt():
    # A hundred million games cannot finish: only the interrupt ends the call.
    code = """
import os, signal, sys, threading, time
import sowlab
calling = threading.Event()
def poke():
    while True:
        calling.wait()
        time.sleep(0.5)
        if calling.is_set():
            os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=poke, daemon=True).start()
for call in (lambda: sowlab.simulate("kalah", games=10**8, jobs=1),
             lambda: sowlab.sweep("kalah", {"holes": [6, 7]}, games=10**7, jobs=1)):
    try:
        # (Inside the try: however long the machine pauses before the call, the signal is
        # caught here.)
        calling.set()
        call()
    except KeyboardInterrupt:
        calling.clear()
        print("interrupted")
        continue
    print("finished")
    sys.exit(1)
# After it, sowlab works as ever.
print(sowlab.simulate("kalah", games=3)["games"])
"""
    r = run_python(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["interrupted", "interrupted", "3"], r.stdout + r.stderr


def test_games_out_at_a_named_pipe_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    code = f"""
import sowlab
try:
    sowlab.simulate("kalah", games=3, games_out={str(fifo)!r})
except sowlab.SowlabError as e:
    print(e)
"""
    r = run_python(code, timeout=60)
    assert "not a regular file" in r.stdout, r.stdout + r.stderr


def test_threads_may_share_one_game():
    sys_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        g = sowlab.Game("kalah")
        failures = []

        def work():
            for _ in range(300):
                try:
                    g.state()
                    moves = g.legal_moves()
                    if moves:
                        try:
                            g.play(moves[0])
                        except sowlab.SowlabError:
                            pass  # another thread moved first: no longer legal
                    g.trace() if g.moves else None
                    repr(g)
                    g.undo()
                except sowlab.SowlabError:
                    pass
                except Exception as e:  # noqa: BLE001 - what must never happen
                    failures.append(repr(e))

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(sys_interval)
    assert failures == []
    assert g.state()["pits"] is not None


def test_a_rule_from_source_pickles_as_its_text(text_rule):
    r = sowlab.Rule.from_source(text_rule, "mine.rhai")
    back = pickle.loads(pickle.dumps(r))
    assert back.hash == r.hash and back.name == "mine"
    loaded = pickle.loads(pickle.dumps(sowlab.Rule.load("kalah")))
    assert loaded.hash == sowlab.Rule.load("kalah").hash
    # A game's rule too.
    assert pickle.loads(pickle.dumps(sowlab.Game(r).rule)).hash == r.hash


def test_a_key_given_twice_in_a_data_rule_is_named(tmp_path):
    here = os.path.dirname(os.path.abspath(__file__))
    shipped = open(os.path.join(here, "..", "..", "rules", "kalah_data.yaml")).read()
    text = shipped.replace("players: 2\n", "players: 2\nplayers: 3\n", 1)
    line = text.splitlines().index("players: 3") + 1
    path = tmp_path / "dup.yaml"
    path.write_text(text)
    with pytest.raises(sowlab.SowlabError) as e:
        sowlab.Rule.load(str(path))
    msg = str(e.value)
    assert f"dup.yaml:{line}:" in msg and "duplicated key `players`" in msg, msg
    assert "preset" not in msg, msg


import sowlab.dask  # noqa: E402
from reports import untimed  # noqa: E402


def test_a_rule_from_source_text_runs_on_dask_workers(client, text_rule):
    r = sowlab.Rule.from_source(text_rule, "mine.rhai")
    on = sowlab.dask.simulate(client, r, games=20, shards=3, seed=2)
    assert untimed(on) == untimed(sowlab.simulate(r, games=20, seed=2))


def test_a_dask_run_with_a_games_file_loses_no_game(client, tmp_path):
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    many.write_text("the previous run\n")
    kw = dict(games=40, seed=3, agents="greedy,random")
    sowlab.simulate("kalah", games_out=str(one), **kw)
    sowlab.dask.simulate(client, "kalah", shards=5, games_out=str(many), **kw)
    lines = many.read_text().splitlines()
    assert [json.loads(x)["index"] for x in lines] == list(range(40))
    assert many.read_text() == one.read_text()
    assert sorted(os.listdir(tmp_path)) == ["many.jsonl", "one.jsonl"], "shard files left behind"


def test_a_dask_games_file_onto_a_pipe_is_refused_and_the_pipe_stays(client, tmp_path):
    # The shards' games are joined through sowlab's safe writer: a pipe at games_out is refused,
    # never replaced by a regular file (nor opened: writing into it would block).
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(sowlab.SowlabError, match="not a regular file"):
        sowlab.dask.simulate(client, "kalah", games=6, shards=2, seed=1, games_out=str(fifo))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced"
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"], "shard files left behind"


def test_links_planted_at_shard_names_are_not_followed(client, tmp_path):
    # The shards' files have unpredictable names: links planted where the old names were are
    # neither written through nor removed.
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched\n")
    out = tmp_path / "games.jsonl"
    links = [tmp_path / f"games.jsonl.shard-{k}-of-2" for k in (1, 2)]
    for link in links:
        os.symlink(victim, link)
    sowlab.dask.simulate(client, "kalah", games=6, shards=2, seed=1, games_out=str(out))
    assert victim.read_text() == "untouched\n"
    assert all(os.path.islink(link) for link in links)
    assert len(out.read_text().splitlines()) == 6
