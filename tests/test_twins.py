"""Every chapter notebook equals its jupytext twin in ``book/_scripts/``, cell for cell.

The twins are what a maintainer edits and reviews (plain Python, readable diffs); the
notebooks carry the stored outputs that strict nbval checks. ``make notebooks`` rebuilds a
notebook's cells from a newer twin, but nothing else keeps the two equal: this test does.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))


def _cells(notebook) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.cell_type, c.source.strip(), tuple(c.metadata.get("tags", ()))) for c in notebook.cells]


def test_every_notebook_has_a_twin_and_every_twin_a_notebook():
    twins = {p.stem for p in (BOOK / "_scripts").glob("*.py")}
    assert twins == {p.stem for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_equals_its_twin(path):
    stored = _cells(nbformat.read(path, as_version=4))
    twin = _cells(jupytext.read(BOOK / "_scripts" / f"{path.stem}.py"))
    assert len(stored) == len(twin), f"{path.name}: {len(stored)} cells, its twin {len(twin)}"
    for index, (a, b) in enumerate(zip(stored, twin)):
        assert a == b, f"{path.name}, cell {index}: the notebook and book/_scripts/{path.stem}.py differ"


def test_a_changed_twin_is_caught(tmp_path):
    """The comparison can fail: one changed character in a twin's cell is a difference."""
    path = NOTEBOOKS[0]
    twin = jupytext.read(BOOK / "_scripts" / f"{path.stem}.py")
    code = next(i for i, c in enumerate(twin.cells) if c.cell_type == "code")
    twin.cells[code].source += "\n# drift"
    assert _cells(nbformat.read(path, as_version=4)) != _cells(twin)
