"""Helpers shared by the tests that compare reports."""


def untimed(v):
    """A report without its timing fields, at any depth."""
    if isinstance(v, dict):
        return {k: untimed(x) for k, x in v.items() if k not in ("elapsed_secs", "moves_per_sec")}
    if isinstance(v, list):
        return [untimed(x) for x in v]
    return v
