"""Strict nbval really compares chart data.

A copy of a chapter notebook whose stored chart data has one number changed must fail
``pytest --nbval`` with the project's sanitize file; the unchanged copy must pass (so the
failure is the changed number, not an unrelated difference). The notebook is the study
chapter, one of the quickest to execute that stores a chart.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from overcommit.book import VEGALITE_MIME

ROOT = Path(__file__).resolve().parents[1]
SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"


NOTEBOOK = ROOT / "book" / "study.ipynb"

pytestmark = pytest.mark.slow


def _notebook_with_chart() -> Path:
    nb = json.loads(NOTEBOOK.read_text())
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if VEGALITE_MIME in out.get("data", {}):
                return NOTEBOOK
    pytest.fail(f"{NOTEBOOK.name} stores no chart: point NOTEBOOK at a quick chapter that does")


def _alter_first_number(nb: dict) -> str:
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            spec = out.get("data", {}).get(VEGALITE_MIME)
            if not spec:
                continue
            for rows in spec.get("datasets", {}).values():
                for row in rows:
                    for key, value in row.items():
                        if isinstance(value, (int, float)) and not isinstance(value, bool):
                            row[key] = value + 1
                            return key
    raise AssertionError("no number found in any stored chart dataset")


def _nbval(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(path.parent / "empty.ini"),
         "--rootdir", str(path.parent), "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(SANITIZE), str(path)],
        cwd=path.parent, capture_output=True, text=True, timeout=600,
    )


def test_changed_chart_number_fails_strict_nbval(tmp_path):
    source = _notebook_with_chart()
    (tmp_path / "empty.ini").write_text("[pytest]\n")
    original = tmp_path / "original.ipynb"
    original.write_text(source.read_text())
    nb = json.loads(source.read_text())
    field = _alter_first_number(nb)
    altered = tmp_path / "altered.ipynb"
    altered.write_text(json.dumps(nb))

    unchanged = _nbval(original)
    assert unchanged.returncode == 0, unchanged.stdout[-3000:]

    changed = _nbval(altered)
    assert changed.returncode != 0, f"changing {field!r} in a chart went unnoticed"
    assert VEGALITE_MIME in changed.stdout or "vegalite" in changed.stdout
