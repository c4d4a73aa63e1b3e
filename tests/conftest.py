"""Fixtures shared by the test modules.

``results`` is the model's sweep over the paper's grid and the three environments: six
modules need it, and building it once per session instead of once per module saves most of
the time it costs. It is shared, so a test must not change it (copy it first).
"""

from __future__ import annotations

import pandas as pd
import pytest


@pytest.fixture(scope="session")
def results() -> pd.DataFrame:
    """``overcommit.sweep()``: every CID of the grid × the three environments."""
    import overcommit as oc

    return oc.sweep()
