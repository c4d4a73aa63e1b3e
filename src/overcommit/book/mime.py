"""A MyST-NB mime renderer that keeps the built book offline.

Registered through the ``myst_nb.mime_renderers`` entry point in ``pyproject.toml``.

- Vega-Lite outputs (what Altair's default renderer stores in a notebook) become a ``<div>``
  plus the spec in a ``<script type="application/json">``; ``_static/overcommit.js`` embeds
  them with the vega bundle served from ``_static/vendor/`` — never from a CDN.
- Live explorers (:mod:`overcommit.book.explore`) store, beside their widget view, a static
  bundle (``application/vnd.overcommit.static+json``) with one sentence, what the live
  version adds. HTML builds render it as a short card (:func:`explorer_card`) and drop the
  widget view: no chart frozen at the defaults (it repeated the chapter's own charts with
  nothing to move) and no control that does nothing. The card says how to open the
  explorer: the classroom kit (:mod:`overcommit.book.kit`), linked relative to the page so
  that it works in any copy of the site, or ``make lab`` in a copy of the repository. A
  bundle stored before the sentence existed (a note and a chart) gets the card too, with
  :data:`ADDS_UNKNOWN`, until the notebook is executed again.

Element ids are derived from the spec and the cell position, so the HTML is reproducible.
"""

from __future__ import annotations

import hashlib
import html
import json
from typing import Any

from docutils import nodes

VEGALITE_MIMES = (
    "application/vnd.vegalite.v6.json",
    "application/vnd.vegalite.v6+json",
    "application/vnd.vegalite.v5+json",
)
STATIC_MIME = "application/vnd.overcommit.static+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_HTML_BUILDERS = ("html", "dirhtml", "singlehtml")


#: the card's title
CARD_TITLE = "Live explorer, in Jupyter"
#: how to open an explorer; {link} is the kit's link
KIT_TEXT = (
    "To use it, {link}, unzip it and run the two commands of its README: JupyterLab opens "
    "with every chapter as a notebook. In a copy of the repository, <code>make lab</code> "
    "does the same."
)
#: what the live version adds, for a bundle stored without the sentence
ADDS_UNKNOWN = "Its sliders and menus run the model afresh for any setting you choose."


def kit_href(renderer: Any = None) -> str:
    """The kit's URL relative to the page being rendered (``_static/...`` from the site's
    root, as Sphinx would write a link to it), or from the root without a Sphinx builder."""
    from .kit import KIT_FILE

    # MyST-NB passes its NbElementRenderer, whose renderer holds the Sphinx environment
    env = getattr(getattr(renderer, "renderer", None), "sphinx_env", None)
    builder = getattr(getattr(env, "app", None), "builder", None)
    if builder is None or not getattr(env, "docname", None):
        return KIT_FILE
    from sphinx.util.osutil import relative_uri

    return relative_uri(builder.get_target_uri(env.docname), KIT_FILE)


def kit_html(href: str) -> str:
    link = (f'<a class="oc-kit-link" href="{html.escape(href, quote=True)}" download>'
            "download the classroom kit (zip, from this site)</a>")
    return f'<p class="oc-explorer-kit">{KIT_TEXT.format(link=link)}</p>'


def explorer_card(bundle: dict, href: str) -> str:
    """The static page's card for a live explorer: a title, what the live version adds
    (``bundle["adds"]``, else :data:`ADDS_UNKNOWN`) and how to open it (:func:`kit_html`).
    A chart or note a bundle of an older version stored is left out."""
    adds = str(bundle.get("adds") or ADDS_UNKNOWN)
    return (
        '<div class="oc-explorer-card">'
        f'<p class="oc-explorer-title"><strong>{html.escape(CARD_TITLE)}</strong></p>'
        f'<p class="oc-explorer-adds">{html.escape(adds)}</p>'
        f"{kit_html(href)}</div>"
    )


def _as_dict(content: Any) -> dict:
    if isinstance(content, (str, bytes)):
        return json.loads(content)
    return dict(content)


def chart_html(spec: dict, key: str) -> str:
    """The HTML for one chart: a target div and its spec, embedded by overcommit.js."""
    payload = json.dumps(spec, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha1(f"{key}:{payload}".encode()).hexdigest()[:12]
    description = spec.get("description") or (
        spec.get("title", {}).get("text") if isinstance(spec.get("title"), dict) else spec.get("title")
    )
    label = html.escape(str(description or "Interactive chart"), quote=True)
    safe = payload.replace("</", "<\\/")
    return (
        f'<div class="oc-chart" role="figure" aria-label="{label}">'
        f'<div class="oc-vega" id="oc-vega-{digest}"></div>'
        f'<script type="application/json" class="oc-vega-spec" data-target="oc-vega-{digest}">'
        f"{safe}</script></div>"
    )


class OfflineMimeRenderer:
    """Render Vega-Lite and explorer outputs without any request to another host."""

    mime_priority_overrides = (
        [(b, STATIC_MIME, 1) for b in _HTML_BUILDERS]
        + [(b, m, 5) for b in _HTML_BUILDERS for m in VEGALITE_MIMES]
        # In static HTML no Python runs: a widget view would be a dead control.
        + [(b, WIDGET_VIEW, None) for b in _HTML_BUILDERS]
    )

    @staticmethod
    def handle_mime(renderer, data, inline) -> list[nodes.Element] | None:
        if data.mime_type in VEGALITE_MIMES:
            spec = _as_dict(data.content)
            key = f"{data.cell_index}:{data.output_index}"
            return [nodes.raw(text=chart_html(spec, key), format="html", classes=["output"])]
        if data.mime_type == STATIC_MIME:
            card = explorer_card(_as_dict(data.content), kit_href(renderer))
            return [nodes.raw(text=card, format="html", classes=["output"])]
        return None
