"""Sphinx glue for the book (listed in ``_config.yml`` under ``sphinx.extra_extensions``).

Jupyter Book always loads sphinx-thebe, which adds its loader script twice per page (two
``const THEBE_JS_URL`` declarations: a console error) and points at a CDN. The book has
Thebe switched off and runs live in Jupyter instead, so this extension drops those assets
from every page.

It also writes the precomputed exercise variants the static site's self-check boxes load
(:func:`_write_exercise_bank`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.util import logging


def _is_thebe(asset: Any) -> bool:
    name = str(getattr(asset, "filename", asset) or "")
    body = str(getattr(asset, "attributes", {}).get("body", "")) if hasattr(asset, "attributes") else ""
    return "thebe" in name or "THEBE_JS_URL" in body


def _drop_thebe(app, pagename, templatename, context, doctree) -> None:
    for key in ("script_files", "css_files"):
        files = context.get(key)
        if files:
            files[:] = [asset for asset in files if not _is_thebe(asset)]


def _write_exercise_bank(app, exception) -> None:
    """Every seeded exercise's variants for seeds 0-999 under ``_static/exercises/`` (see
    :mod:`overcommit.exercises.web`), for the self-check boxes of the static site."""
    if exception is not None or app.builder.format != "html":
        return
    from ..exercises import web

    count = web.write_bank(Path(app.outdir) / "_static" / "exercises")
    logging.getLogger(__name__).info(f"overcommit: wrote {count} exercise variants for the self-check boxes")


def setup(app) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.connect("build-finished", _write_exercise_bank)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
