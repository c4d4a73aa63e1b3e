"""Sphinx glue for the book (listed in ``_config.yml`` under ``sphinx.extra_extensions``).

Jupyter Book always loads sphinx-thebe, which adds its loader script twice per page (two
``const THEBE_JS_URL`` declarations: a console error) and points at a CDN. The book has
Thebe switched off and runs live in Jupyter instead, so this extension drops those assets
from every page.
"""

from __future__ import annotations

from typing import Any


def _is_thebe(asset: Any) -> bool:
    name = str(getattr(asset, "filename", asset) or "")
    body = str(getattr(asset, "attributes", {}).get("body", "")) if hasattr(asset, "attributes") else ""
    return "thebe" in name or "THEBE_JS_URL" in body


def _drop_thebe(app, pagename, templatename, context, doctree) -> None:
    for key in ("script_files", "css_files"):
        files = context.get(key)
        if files:
            files[:] = [asset for asset in files if not _is_thebe(asset)]


def setup(app) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
