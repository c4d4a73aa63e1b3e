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

import altair as _alt

VEGALITE_MIME = "application/vnd.vegalite.v5+json"


def _renderer(spec: dict, **_: object) -> tuple[dict, dict]:
    label = spec.get("description") or spec.get("title") or "chart"
    if isinstance(label, dict):
        label = label.get("text", "chart")
    return {VEGALITE_MIME: spec, "text/plain": f"<Chart: {label}>"}, {}


_alt.renderers.register("overcommit", _renderer)
_alt.renderers.enable("overcommit")
