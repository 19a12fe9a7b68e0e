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
