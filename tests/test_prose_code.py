"""Every ```python block the chapters show in their prose runs, and says what it prints.

The chapters' code cells run under strict nbval; a block shown in a Markdown cell is text,
so nothing would notice if it stopped working or its printed result drifted. This test
collects every such block from the notebooks, runs it, and where a line ends in a comment
holding a Python literal (``expr   # [9, 10]``), checks that the expression equals it.
Comments that start with a word ("about 6.08 ...") are explanations and are not checked.
"""

from __future__ import annotations

import ast
import contextlib
import io
import math
import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(BOOK.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for n, m in enumerate(BLOCK.finditer(cell.source)):
                found.append((path.stem, n, m.group(1)))
    return found


BLOCKS = _blocks()


def _namespace(chapter: str) -> dict:
    """What the chapter's visible cells define before its prose blocks use them."""
    import overcommit as oc
    from overcommit import replacement
    from overcommit.book import figures_replacement

    ns = {"oc": oc, "np": np, "replacement": replacement}
    if chapter == "replacement":
        ns["BELADY"] = list(figures_replacement.BELADY_TRACE)
    return ns


def _equal(value, expected) -> bool:
    if isinstance(expected, (list, tuple)):
        value = list(np.asarray(value).tolist()) if not isinstance(value, (list, tuple)) else list(value)
        return len(value) == len(expected) and all(_equal(v, e) for v, e in zip(value, expected))
    if isinstance(expected, float) or isinstance(value, float):
        return math.isclose(float(value), float(expected), rel_tol=1e-6, abs_tol=1e-9)
    return value == expected


def _checked_lines(code: str) -> list[tuple[str, object]]:
    """(expression, literal) for every line ``expr  # literal``."""
    out = []
    for line in code.split("\n"):
        if "#" not in line or line.lstrip().startswith("#"):
            continue
        expr, comment = line.split("#", 1)
        try:
            literal = ast.literal_eval(comment.strip())
        except (ValueError, SyntaxError):
            continue
        out.append((expr.strip(), literal))
    return out


def test_the_chapters_show_code_blocks():
    assert len(BLOCKS) >= 10


@pytest.mark.parametrize("chapter,index,code", BLOCKS, ids=[f"{c}-{i}" for c, i, _ in BLOCKS])
def test_prose_code_block_runs_and_prints_what_it_says(chapter, index, code):
    ns = _namespace(chapter)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, f"<{chapter} block {index}>", "exec"), ns)
    # a literal comment on the line after an expression is what the expression gives
    lines = code.split("\n")
    pending = []
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#") and i > 0:
            try:
                pending.append((lines[i - 1].split("#")[0].strip(), ast.literal_eval(stripped[1:].strip())))
            except (ValueError, SyntaxError):
                pass
    for expr, literal in _checked_lines(code) + pending:
        value = eval(expr, ns)
        assert _equal(value, literal), f"{chapter} block {index}: {expr} gives {value!r}, the text says {literal!r}"


def test_a_wrong_literal_is_caught():
    ns = {}
    exec("x = [1, 2]", ns)
    assert not _equal(eval("x", ns), [1, 3])
    assert _checked_lines("x   # [1, 3]") == [("x", [1, 3])]
