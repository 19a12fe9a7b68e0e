"""Without an extra installed, its module says which extra to install (checked in a subprocess
where the extra's package cannot be imported)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module,blocked,extra",
    [
        ("sowlab.openspiel", "pyspiel", "sowlab[openspiel]"),
        ("sowlab.pettingzoo", "pettingzoo", "sowlab[pettingzoo]"),
    ],
)
def test_a_missing_extra_names_itself(module, blocked, extra):
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        f"try:\n    import {module}\nexcept ImportError as e:\n    print('ImportError:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ImportError:") and extra in out.stdout, out.stdout
