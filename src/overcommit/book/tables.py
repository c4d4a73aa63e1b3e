"""How the book shows a table: the one HTML rendering of every pandas DataFrame a chapter displays.

pandas' own HTML puts positions (0, 1, 2 ...) in a first column when the rows have no labels,
and a second header row holding only the index's name when they do: raw output a reader has
to decode. Here the row labels become an ordinary first column under their name, positions
are dropped, and numbers are written as a reader writes them (39,900 and 0.9138, not
39900.000000). Importing :mod:`overcommit.book` installs :func:`html` as IPython's HTML
formatter for DataFrames, so a chapter that ends a cell with a frame stores this table.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd


def cell(value) -> str:
    """A number as a table shows it: up to six significant digits, thousands separated, no
    trailing zeros, an empty cell for a missing value; anything else as ``str``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, (bool, np.bool_)):  # before the numbers: a bool is a number to Python
        return str(bool(value))
    if isinstance(value, (int, float)) or hasattr(value, "dtype"):
        try:
            v = float(value)
        except (TypeError, ValueError):
            return str(value)
        if math.isnan(v):
            return ""
        return f"{v:,.6g}"
    return str(value)


def labelled(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its row labels as its first column(s), under the index's name (or none),
    and positions 0, 1, 2 ... dropped."""
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"frame: {type(frame).__name__} is not accepted; expected a pandas DataFrame")
    out = frame.copy()
    out.columns.name = None  # a name over the column labels would take a header cell of its own
    if isinstance(frame.index, pd.RangeIndex) and frame.index.name is None:
        return out
    names = [n if n is not None else "" for n in frame.index.names]
    out.index = out.index.set_names(names)
    if set(names) & set(map(str, out.columns)):
        raise ValueError(f"frame: the index name(s) {names} repeat a column name; rename one of them")
    return out.reset_index()


def html(frame: pd.DataFrame) -> str:
    """The table's HTML: header row(s) of the column names, one row per row of ``frame``."""
    shown = labelled(frame)
    # every column: a transposed frame holds numbers in columns of mixed type
    formatters = {c: cell for c in shown.columns}
    return shown.to_html(index=False, border=0, formatters=formatters, na_rep="",
                         escape=True)


def install() -> bool:
    """Make :func:`html` IPython's HTML formatter for DataFrames; False outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency of the book
        return False
    shell = get_ipython()
    if shell is None:
        return False
    shell.display_formatter.formatters["text/html"].for_type(pd.DataFrame, html)
    return True
