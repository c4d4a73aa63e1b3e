"""Helpers for the book: chart conventions, offline rendering, live explorers.

Nothing in here models anything; chapters use it to present what the model computes.

Importing it switches Altair to the ``overcommit`` renderer: a notebook stores the Vega-Lite
spec itself under the ``application/vnd.vegalite.v5+json`` key (the key JupyterLab's
built-in Vega renderer draws in a live kernel) plus a one-line text description. The book's
MyST-NB plugin (:mod:`overcommit.book.mime`) draws the same spec with the vega bundle
vendored in ``_static/``. Altair's own HTML output would pull vega from a CDN, and its
``mimetype`` renderer writes a key (``...v6.json``) that nbformat rejects.
"""

from __future__ import annotations

import math as _math
from typing import Any as _Any

import altair as _alt
import numpy as _np

VEGALITE_MIME = "application/vnd.vegalite.v5+json"

#: Significant digits kept in every number a notebook stores (chart data and scales, glued
#: values). The model settles its fixed point to about 1e-12 (``model.POLISH_TOLERANCE``), and
#: two CPUs whose NumPy and OpenBLAS kernels round differently agree on its figures to 1e-9
#: relative at worst (tests/test_portability.py runs strict nbval on other kernels); six
#: digits leave a margin of a thousand below that, so the stored text is the same on every
#: machine.
STORED_DIGITS = 6
#: Magnitudes below this are stored as 0: what is left of a difference of equal numbers
#: (idle CPUs of 4e-15 on one CPU, 0 on another) is rounding, not a figure.
STORED_ZERO = 1e-9


def stable(value: _Any, digits: int = STORED_DIGITS) -> _Any:
    """Round every float inside ``value`` (nested dicts, lists, tuples) to ``digits``
    significant digits (magnitudes below :data:`STORED_ZERO` to 0); other values pass
    through unchanged."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (float, _np.floating)):
        x = float(value)
        if not _math.isfinite(x):
            return x
        if abs(x) < STORED_ZERO:
            return 0.0
        return float(f"{x:.{digits}g}")
    if isinstance(value, dict):
        return {k: stable(v, digits) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(stable(v, digits) for v in value)
    return value


def _renamed(value: _Any, names: dict[str, str]) -> _Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


def stored_spec(spec: dict) -> dict:
    """A Vega-Lite spec as a notebook stores it: numbers rounded by :func:`stable`, and each
    inline dataset named after what it holds once rounded. Altair names a dataset by a hash
    of its unrounded rows, so without the renaming the names would carry the last bits the
    rounding removes."""
    import hashlib
    import json

    spec = stable(spec)
    datasets = spec.get("datasets")
    if not isinstance(datasets, dict):
        return spec
    names = {name: "data-" + hashlib.md5(json.dumps(rows, sort_keys=True).encode()).hexdigest()
             for name, rows in datasets.items()}
    return _renamed(spec, names)


def glue(name: str, value: _Any, display: bool = False) -> None:
    """:func:`myst_nb.glue` with floats rounded by :func:`stable`, so a glued number's
    stored text is the same on every machine."""
    from myst_nb import glue as _glue

    _glue(name, stable(value), display=display)


def glue_texts(values: dict[str, str]) -> dict[str, str]:
    """Glue each ``name: text`` of ``values`` (not displayed) and return ``values``: how a
    chapter publishes a helper's whole set of prose numbers at once."""
    for name, text in values.items():
        glue(name, text, display=False)
    return values


def _renderer(spec: dict, **_: object) -> tuple[dict, dict]:
    spec = stored_spec(spec)
    label = spec.get("description") or spec.get("title") or "chart"
    if isinstance(label, dict):
        label = label.get("text", "chart")
    return {VEGALITE_MIME: spec, "text/plain": f"<Chart: {label}>"}, {}


_alt.renderers.register("overcommit", _renderer)
_alt.renderers.enable("overcommit")

# Every DataFrame a chapter displays is shown as the book's table (overcommit.book.tables):
# row labels as a named first column, no 0, 1, 2 ... column, readable numbers.
from . import tables as _tables  # noqa: E402

_tables.install()
