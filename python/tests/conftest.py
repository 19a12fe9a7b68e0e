import pytest

import sowlab


@pytest.fixture(scope="session")
def shipped():
    """Every shipped rule and preset."""
    names = sowlab.rule_names()
    assert "tchuka_ruma" in names and "kalah" in names
    return names


# Tchuka Ruma without relays (from the library's documentation): a rule that exists only as text.
TEXT_RULE = """
fn setup() {
    this.players = 1;
    this.shape = "row";
    this.add_row("", 1, 3, 1);
    this.add_store("ruma", 1);
    this.sowing(#{ stores: "all", relay: "none" });
}
fn play(pit) {
    let last = this.sow(pit);
    if !this.is_store(last) { this.end(0) } else if this.seeds_of(1) == 0 { this.end(1) }
}
"""


@pytest.fixture
def text_rule():
    """The source of a rule that exists only as text."""
    return TEXT_RULE


@pytest.fixture(scope="session")
def client():
    """A Dask client to a LocalCluster of two worker processes, one thread each (shared by every
    test module that asks for it; the tests that use it skip when Dask is not installed)."""
    distributed = pytest.importorskip("dask.distributed", reason='Dask is an extra: pip install "sowlab[dask]"')
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()
