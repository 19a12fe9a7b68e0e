"""A Dask LocalCluster with two worker processes gives exactly the single-process report."""

import pytest

import sowlab

pytest.importorskip("dask.distributed", reason='Dask is an extra: pip install "sowlab[dask]"')
import sowlab.dask  # noqa: E402
from reports import untimed  # noqa: E402


def test_simulate_on_the_cluster_equals_one_process(client):
    kw = dict(games=60, seed=7, agents="greedy,random", rotate=True)
    one = sowlab.simulate("kalah", jobs=1, **kw)
    for shards in (1, 5, 61):  # 61 shards of 60 games: one is empty
        on = sowlab.dask.simulate(client, "kalah", shards=shards, **kw)
        assert untimed(on) == untimed(one), shards
    assert len(client.nthreads()) == 2


def test_sweep_and_compare_on_the_cluster_equal_one_process(client):
    kw = dict(vary={"holes": [3, 4], "seeds": [2, 3]}, games=10, seed=1)
    assert untimed(sowlab.dask.sweep(client, "kalah", shards=7, **kw)) == untimed(sowlab.sweep("kalah", **kw))
    kw = dict(games=12, seed=4)
    on = sowlab.dask.compare(client, "raja_pasu", "raja_pasu_last_seed_no_four", shards=3, **kw)
    assert untimed(on) == untimed(sowlab.compare("raja_pasu", "raja_pasu_last_seed_no_four", **kw))


def test_errors_on_workers_reach_the_client(client):
    with pytest.raises(sowlab.SowlabError, match="unknown rule"):
        sowlab.dask.simulate(client, "no_such_rule", games=4, shards=2)
    with pytest.raises(sowlab.SowlabError, match="give no shard or range"):
        sowlab.dask.simulate(client, "kalah", games=4, shard=(1, 2))
