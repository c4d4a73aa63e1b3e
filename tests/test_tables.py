"""Every table the chapters store reads as a table, not as pandas' raw output
(overcommit.book.tables): no column of positions 0, 1, 2 ..., no header row that holds only
the index's name, no numbers padded to six decimals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, strategies as st

from overcommit.book import tables

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "book").glob("*.ipynb"))


def _stored_tables():
    out = []
    for nb in NOTEBOOKS:
        for i, cell in enumerate(json.loads(nb.read_text())["cells"]):
            for output in cell.get("outputs", []):
                html = output.get("data", {}).get("text/html")
                if html is None:
                    continue
                html = "".join(html) if isinstance(html, list) else html
                for table in re.findall(r"<table.*?</table>", html, flags=re.S):
                    out.append((f"{nb.stem} cell {i}", table))
    return out


TABLES = _stored_tables()


def _rows(section: str) -> list[list[str]]:
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", section, flags=re.S)]


def _problems(table: str) -> list[str]:
    found = []
    head = re.search(r"<thead>(.*?)</thead>", table, flags=re.S)
    body = re.search(r"<tbody>(.*?)</tbody>", table, flags=re.S)
    head_rows = _rows(head.group(1)) if head else []
    body_rows = _rows(body.group(1)) if body else []
    for row in head_rows[1:]:
        if row and row[0] and not any(row[1:]):
            found.append(f"index-name header row {row[0]!r}")
    firsts = [r[0] for r in body_rows if r]
    unnamed = not head_rows or not head_rows[0] or not head_rows[0][0]
    if unnamed and len(firsts) >= 2 and firsts == [str(k) for k in range(len(firsts))]:
        found.append("a column of positions 0, 1, 2 ...")
    if re.search(r">\s*-?[\d,]+\.\d{3}000\s*<", table):
        found.append("a number padded with zeros")
    return found


def test_the_notebooks_store_tables():
    assert len(TABLES) >= 40, len(TABLES)


def test_no_stored_table_shows_pandas_raw_output():
    bad = {where: _problems(t) for where, t in TABLES if _problems(t)}
    assert not bad


def test_the_check_finds_pandas_raw_output():
    raw = pd.DataFrame({"x": [0.1234567, 39900.0]}, index=pd.Index(["a", "b"], name="claim")).to_html()
    assert _problems(raw) == ["index-name header row 'claim'", "a number padded with zeros"]
    assert "a column of positions 0, 1, 2 ..." in _problems(pd.DataFrame({"x": ["p", "q"]}).to_html())
    assert _problems(tables.html(pd.DataFrame({"x": [0.5, 39900.0]}, index=pd.Index(["a", "b"], name="claim")))) == []


def test_row_labels_become_a_named_first_column():
    f = pd.DataFrame({"value": [1.0, 2.5]}, index=pd.Index(["r1", "r2"], name="claim"))
    shown = tables.labelled(f)
    assert list(shown.columns) == ["claim", "value"]
    assert list(tables.labelled(pd.DataFrame({"v": [1]})).columns) == ["v"]


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12))
def test_a_cell_keeps_six_significant_digits(x):
    text = tables.cell(x)
    assert float(text.replace(",", "")) == pytest.approx(x, rel=1e-5, abs=1e-300)


def test_a_truth_value_stays_a_word():
    import numpy as np

    assert tables.cell(True) == "True" and tables.cell(np.bool_(False)) == "False"
    assert "<td>True</td>" in tables.html(pd.DataFrame({"passes": [True, False]}))


def test_a_missing_value_is_an_empty_cell():
    assert tables.cell(float("nan")) == "" and tables.cell(None) == ""


def test_bad_input_names_the_field():
    with pytest.raises(ValueError, match="^frame: list is not accepted"):
        tables.labelled([1, 2])
    with pytest.raises(ValueError, match="^frame: the index name"):
        tables.labelled(pd.DataFrame({"claim": [1]}, index=pd.Index(["a"], name="claim")))
