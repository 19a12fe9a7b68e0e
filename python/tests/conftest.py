import pytest

import sowlab


@pytest.fixture(scope="session")
def shipped():
    """Every shipped rule and preset."""
    names = sowlab.rule_names()
    assert "tchuka_ruma" in names and "kalah" in names
    return names
