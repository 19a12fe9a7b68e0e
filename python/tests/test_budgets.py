"""The memory budget (`sowlab.Budget` in the library, `--max-memory` / SOWLAB_SOLVE_MB on the
command line) asked by the Python entry points that allocate by their arguments (a tablebase
layer's size) and by the Dask build: a call over it raises SowlabError before it allocates,
never aborting the interpreter, and a call without `max_memory` gets the command line's default."""

import subprocess
import sys
import textwrap

import pytest

import sowlab

# Kalah with 12 holes a side: layer 60 alone is 2 x C(83, 23) positions (far past any memory).
BIG = {"holes": 12, "seeds": 4}


def run_alone(code):
    """Runs `code` in a fresh interpreter (an abort there must not take the test run with it)."""
    p = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )
    return p.returncode, p.stdout + p.stderr


@pytest.mark.parametrize(
    "call",
    [
        "sowlab.tablebase_chunk_round('kalah', {'holes': 12, 'seeds': 4}, 60, 0, 1, d)",
        "sowlab.tablebase_chunk('kalah', {'holes': 12, 'seeds': 4}, 60, 0, 1, d)",
        "sowlab.tablebase_write_layer('kalah', {'holes': 12, 'seeds': 4}, 60, [b'x'], d)",
        "sowlab.tablebase_layers('kalah', {'holes': 30, 'seeds': 4}, 120)",
    ],
)
def test_a_table_sized_past_the_budget_raises_instead_of_aborting(tmp_path, call):
    code, out = run_alone(
        f"""
        import sowlab
        d = {str(tmp_path)!r}
        try:
            {call}
        except sowlab.SowlabError as e:
            print("refused:", e)
        """
    )
    assert code == 0, out
    assert "refused: tablebase build: layers 0 to" in out, out
    assert "over the budget of 2048 MiB (--max-memory, SOWLAB_SOLVE_MB)" in out, out


def test_the_budget_is_the_command_lines_default_and_max_memory_changes_it():
    options = {"holes": 6, "seeds": 4}
    # Layers 0 to 30 of 12 holes: 21092 MiB, as `sowlab tablebase build kalah --seeds 30` says.
    with pytest.raises(sowlab.SowlabError, match="take 21092 MiB, over the budget of 2048 MiB"):
        sowlab.tablebase_layers("kalah", options, 30)
    with pytest.raises(sowlab.SowlabError, match="take 21092 MiB, over the budget of 64 MiB"):
        sowlab.tablebase_layers("kalah", options, 30, max_memory=64)
    sizes = sowlab.tablebase_layers("kalah", options, 30, max_memory=30000)
    assert len(sizes) == 31
    with pytest.raises(sowlab.SowlabError, match="over the budget of 1 MiB"):
        sowlab.tablebase_layers("kalah", options, 12, max_memory=1)


def test_a_dask_build_over_the_budget_is_refused_before_any_task(tmp_path):
    pytest.importorskip("dask.distributed", reason='Dask is an extra: pip install "sowlab[dask]"')
    import sowlab.dask

    class NoClient:
        def submit(self, *a, **k):
            raise AssertionError("a task was submitted")

        def ncores(self):
            return {"w": 1}

    out = tmp_path / "tb"
    with pytest.raises(sowlab.SowlabError, match="over the budget of 1 MiB"):
        sowlab.dask.build_tablebase(
            NoClient(), "kalah", 12, out, chunks=1, options={"holes": 6}, max_memory=1
        )
    assert not out.exists()
