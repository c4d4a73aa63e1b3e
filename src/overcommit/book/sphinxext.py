"""Sphinx glue for the book (listed in ``_config.yml`` under ``sphinx.extra_extensions``).

Jupyter Book always loads sphinx-thebe, which adds its loader script twice per page (two
``const THEBE_JS_URL`` declarations: a console error) and points at a CDN. The book has
Thebe switched off and runs live in Jupyter instead, so this extension drops those assets
from every page. It also drops, page by page, the scripts a page does not use (MathJax,
Vega and the chart code, the self-check code: :func:`_page_scripts`).

It also writes the precomputed exercise variants the static site's self-check boxes load
(:func:`_write_exercise_bank`), writes the charts' dark-mode colours from
:mod:`overcommit.book.palette` into ``_static/overcommit-palette.js`` for ``overcommit.js``
(:func:`_write_dark_palette`), writes the classroom kit, a zip with the package's wheel and
the chapter notebooks (:func:`_write_kit`, :mod:`overcommit.book.kit`), and chooses the **edition** from the environment variable
``OVERCOMMIT_EDITION``:

- ``student`` (the default, ``make book``): every ``{solution}`` is left out
  (sphinx-exercise's ``hide_solutions``) and the self-check boxes say right or wrong
  without a worked solution;
- ``instructor`` (``make book-instructor``): the folded solutions and the self-check boxes'
  worked solutions are in. Built from the notebooks' stored outputs (no execution), which
  strict nbval checks against a fresh run in ``make test``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
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


#: Scripts a page loads only when it has what they work on (a marker in the page's HTML):
#: Vega (0.9 MB) and the chart code for a chart, the self-check code for a self-check box.
CHART_SCRIPTS = ("vendor/vega-bundle.js", "overcommit-palette.js", "overcommit.js")
CHART_MARK = 'class="oc-vega-spec"'
SELFCHECK_SCRIPTS = ("selfcheck.js",)
SELFCHECK_MARK = 'class="oc-selfcheck"'
#: An element MathJax typesets: Sphinx writes every formula as ``class="math ..."``.
MATH_MARK = re.compile(r'class="(?:[^"]*\s)?math(?:\s[^"]*)?"')


def _script_name(asset: Any) -> str:
    """A script's file as configured: Sphinx files a relative one under ``_static/``."""
    name = str(getattr(asset, "filename", asset) or "")
    return name.removeprefix("_static/")


def _has_math(app, pagename: str, body: str, as_text: bool = False) -> bool:
    """Whether the page itself shows a formula that MathJax sets. Sphinx's own test also
    counts the pages a page's toctree includes, so the introduction, whose toctree is the
    whole book, loaded MathJax (1.2 MB) without a formula of its own. ``as_text``: the page's
    formulas were all written as text (:func:`_plain_math`), so the math domain's count of
    the page's own formulas no longer asks for MathJax."""
    own = app.env.get_domain("math").data.get("has_equations", {}).get(pagename, False)
    return (bool(own) and not as_text) or MATH_MARK.search(body) is not None


#: The most inline formulas a page may have, and no displayed one, for them to be written as
#: text instead of loading MathJax (340 KB compressed with its fonts). Up to three, a page names
#: a symbol in passing ("the exponent k", "β"); past that it works with formulas, and keeps
#: TeX's setting and the MathML that MathJax adds for screen readers. When the rule was set, the
#: chapters with plain symbols only had one or two of them (results_db, results_net,
#: model_method, case_zvm52) or six (case_xen, a derivation), so three parts the two kinds.
MAX_TEXT_FORMULAS = 3
INLINE_MATH = re.compile(r'<span class="math notranslate nohighlight">\\\((.*?)\\\)</span>', re.DOTALL)
#: TeX's names for the letters and operators a plain formula may use, as text.
GREEK = {name: chr(code) for name, code in (
    ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5),
    ("zeta", 0x3B6), ("eta", 0x3B7), ("theta", 0x3B8), ("kappa", 0x3BA), ("lambda", 0x3BB),
    ("mu", 0x3BC), ("nu", 0x3BD), ("xi", 0x3BE), ("pi", 0x3C0), ("rho", 0x3C1), ("sigma", 0x3C3),
    ("tau", 0x3C4), ("phi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9))}
UPRIGHT = {"Gamma": "\u0393", "Delta": "\u0394", "Theta": "\u0398", "Lambda": "\u039b", "Pi": "\u03a0",
           "Sigma": "\u03a3", "Phi": "\u03a6", "Psi": "\u03a8", "Omega": "\u03a9"}
RELATIONS = {"=": "=", "+": "+", "-": "\u2212", "<": "&lt;", ">": "&gt;", "\\cdot": "\u00b7",
             "\\times": "\u00d7", "\\le": "\u2264", "\\leq": "\u2264", "\\ge": "\u2265",
             "\\geq": "\u2265", "\\ne": "\u2260", "\\approx": "\u2248"}
_TEX_TOKEN = re.compile(r"\\[A-Za-z]+|\\,|[A-Za-z]|[0-9]+(?:\.[0-9]+)?|[=+\-<>/(),]|\s+|.")


def plain_formula(tex: str) -> str | None:
    """A formula of symbols, numbers and the operators of :data:`RELATIONS` as HTML text
    (each variable a ``<var>``, set in italics as TeX sets it); None for anything more
    (a subscript, a fraction, a function name): MathJax sets that."""
    import html

    out: list[str] = []
    for token in _TEX_TOKEN.findall(html.unescape(tex)):
        if token.isspace() or token == "\\,":
            continue
        if len(token) == 1 and token.isalpha():
            out.append(f"<var>{token}</var>")
        elif token.startswith("\\") and token[1:] in GREEK:
            out.append(f"<var>{GREEK[token[1:]]}</var>")
        elif token.startswith("\\") and token[1:] in UPRIGHT:
            out.append(UPRIGHT[token[1:]])
        elif token in RELATIONS:
            # a minus or plus that opens the formula or a bracket is a sign, not an operation
            sign = token in "+-" and (not out or out[-1] in ("(", " = "))
            out.append(RELATIONS[token] if sign else f" {RELATIONS[token]} ")
        elif token[0].isdigit() or token in "/(),":
            out.append(token + (" " if token == "," else ""))
        else:
            return None
    return "".join(out).strip() or None


def _plain_math(app, pagename, templatename, context, doctree) -> None:
    """Write a page's formulas as text when it has no displayed formula and at most
    :data:`MAX_TEXT_FORMULAS` inline ones, each plain (:func:`plain_formula`): the page then
    loads no MathJax (:func:`_page_scripts`). results_db loaded 1.2 MB of it for one "k"."""
    body = context.get("body") or ""
    formulas = INLINE_MATH.findall(body)
    if not formulas or len(formulas) > MAX_TEXT_FORMULAS or len(MATH_MARK.findall(body)) != len(formulas):
        return
    texts = [plain_formula(tex) for tex in formulas]
    if any(text is None for text in texts):
        return
    parts = iter(texts)
    context["body"] = INLINE_MATH.sub(
        lambda m: f'<span class="oc-math-text" translate="no">{next(parts)}</span>', body)
    context["oc_math_as_text"] = True


def _is_mathjax(app, asset: Any) -> bool:
    attributes = getattr(asset, "attributes", {}) or {}
    body = str(attributes.get("body", ""))
    # the script itself, and the configuration Sphinx puts before it (mathjax3_config)
    return ((bool(app.config.mathjax_path) and _script_name(asset) == _script_name(app.config.mathjax_path))
            or body.lstrip().startswith(("window.MathJax", "MathJax.Hub.Config"))
            or attributes.get("type") == "text/x-mathjax-config")


def _page_scripts(app, pagename, templatename, context, doctree) -> None:
    """Leave out of the page the scripts it does not use: Vega and ``overcommit.js`` without a
    chart, ``selfcheck.js`` without a self-check box, MathJax without a formula. The landing
    page had none of them and still loaded 2 MB of them."""
    files = context.get("script_files")
    if not files:
        return
    body = context.get("body") or ""
    drop: set[str] = set()
    if CHART_MARK not in body:
        drop.update(CHART_SCRIPTS)
    if SELFCHECK_MARK not in body:
        drop.update(SELFCHECK_SCRIPTS)
    math = _has_math(app, pagename, body, as_text=bool(context.get("oc_math_as_text")))
    files[:] = [asset for asset in files
                if _script_name(asset) not in drop and (math or not _is_mathjax(app, asset))]


EDITIONS = ("student", "instructor")


def edition() -> str:
    """The edition being built: ``OVERCOMMIT_EDITION``, default ``"student"``."""
    value = os.environ.get("OVERCOMMIT_EDITION", "").strip() or "student"
    if value not in EDITIONS:
        raise ValueError(
            f"OVERCOMMIT_EDITION: {value!r} is not accepted; expected one of "
            + ", ".join(repr(e) for e in EDITIONS)
        )
    return value


def _choose_edition(app, config) -> None:
    chosen = edition()
    config.hide_solutions = chosen == "student"
    if chosen == "instructor":
        # the stored outputs are the executed ones: strict nbval compares them with a fresh run
        config.nb_execution_mode = "off"
    logging.getLogger(__name__).info(f"overcommit: building the {chosen} edition")


def _scorer_path(app, config) -> None:
    """Sphinx opens ``html_search_scorer`` from the directory the build runs in; the book names
    it from its own folder, so that a build started elsewhere finds it too."""
    path = config.html_search_scorer
    if path and not os.path.isabs(path):
        config.html_search_scorer = str(Path(app.confdir or app.srcdir) / path)


def _bibliography_roles(app, pagename, templatename, context, doctree) -> None:
    """sphinxcontrib-bibtex marks its citation list ``role="list"`` but not its entries as list
    items (each is a ``doc-biblioentry``), which screen readers announce as an empty list and
    axe-core reports as a critical violation; the entries are a plain sequence, so the list
    role goes."""
    if context.get("body"):
        context["body"] = context["body"].replace('<div role="list" class="citation-list">', '<div class="citation-list">')


def _mark_edition(app, pagename, templatename, context, doctree) -> None:
    context["metatags"] = context.get("metatags", "") + f'\n<meta name="overcommit-edition" content="{edition()}">'


#: Where an exercise can be done: the ``:class:`` every exercise carries, and the line shown
#: at the top of it.
WHERE = {
    "oc-where-browser": "Where: in this page. The text, tables and charts here are all you need.",
    "oc-where-jupyter": "Where: in Jupyter. You run the book's Python package (make lab in a copy of the repository).",
}


def _where_line(app, doctree, docname) -> None:
    """Put the reader-visible "Where:" line at the top of every tagged exercise."""
    from docutils import nodes

    for node in doctree.findall(nodes.Element):
        tags = [c for c in node.get("classes", []) if c in WHERE]
        if not tags or not node.children:
            continue
        line = nodes.paragraph("", "", nodes.emphasis("", WHERE[tags[0]]), classes=["oc-where"])
        # after the exercise's title (docutils' or sphinx-exercise's own title node), before its text
        node.insert(1 if "title" in type(node.children[0]).__name__ else 0, line)


def _has_chart(cell) -> bool:
    from docutils import nodes

    # a Vega-Lite output (a live explorer's card is not a chart: see _join_explorer)
    return any("vegalite" in str(n.get("mime_type", "")) for n in cell.findall(nodes.container))


def _is_explorer(cell) -> bool:
    from docutils import nodes

    from .mime import STATIC_MIME

    return any(n.get("mime_type") == STATIC_MIME for n in cell.findall(nodes.container))


#: how the chapters open an explorer's caption; inside the card, which says it is a live
#: explorer, the rest of the caption's title stands alone
EXPLORER_PREFIXES = ("Live explorer:", "Explorer:")


def _join_explorer(parent, cell, caption) -> None:
    """A live explorer's card (overcommit.book.mime) and the caption after it become one box,
    ``<div class="oc-explorer">``, not a numbered chart: the static page has no chart to
    number, and a "Chart 7" that repeated Chart 5 at the same settings was what readers saw
    before. The caption stays, as what the live chart shows, its "Live explorer:" dropped."""
    from docutils import nodes

    lead = next(iter(caption.findall(nodes.strong)), None)
    text = lead.astext() if lead is not None else ""
    for prefix in EXPLORER_PREFIXES:
        if text.startswith(prefix):
            title = text.removeprefix(prefix).lstrip()
            lead.parent.replace(lead, nodes.strong("", title[:1].upper() + title[1:]))
            break
    caption["classes"] = [c for c in caption["classes"] if c != "oc-caption"] + ["oc-explorer-caption"]
    box = nodes.container(classes=["oc-explorer"])
    parent.replace(cell, box)
    parent.remove(caption)
    box += cell
    box += caption


def _caption_parts(container):
    """The caption line and the legend of an ``oc-caption`` container: its first paragraph's
    text, without the "Figure:" with which the chapters open it (the number replaces it), and
    the rest of its paragraphs."""
    from docutils import nodes

    paragraphs = [c for c in container.children if isinstance(c, nodes.paragraph)]
    first = paragraphs[0] if paragraphs else nodes.paragraph()
    inline = [child.deepcopy() for child in first.children]
    lead = next((i for i, child in enumerate(inline) if child.astext().strip()), None)
    if lead is not None and isinstance(inline[lead], nodes.strong):
        text = inline[lead].astext()
        if text.startswith("Figure:"):
            title = text.removeprefix("Figure:").lstrip()
            inline[lead] = nodes.strong("", title[:1].upper() + title[1:])  # after the bold "Chart N"
            del inline[:lead]
    rest = [child.deepcopy() for child in container.children if child is not first]
    return nodes.caption("", "", *inline), (nodes.legend("", *rest) if rest else None)


def _number_figures(app, doctree) -> None:
    """Every chart with its caption becomes one numbered figure.

    A chapter places a chart (a code cell whose output is a Vega-Lite chart) and, right after
    it, its caption in a ``{container} oc-caption`` block. This joins the two into a docutils
    figure: the HTML is a ``<figure>`` whose ``<figcaption>`` belongs to the chart, Sphinx
    numbers it ("Chart 3", ``numfig_format`` in ``_config.yml``), and a label an author puts before the chart cell
    (``(fig-name)=``) makes it a target for ``{numref}``. A live explorer's card and its
    caption become one unnumbered box instead (:func:`_join_explorer`).
    """
    from docutils import nodes

    for caption in list(doctree.findall(nodes.container)):
        if "oc-caption" not in caption.get("classes", []) or caption.parent is None:
            continue
        parent = caption.parent
        index = parent.index(caption)
        cell = parent[index - 1] if index > 0 else None
        if not (isinstance(cell, nodes.container) and "cell" in cell.get("classes", [])):
            continue
        if _is_explorer(cell) and not _has_chart(cell):
            _join_explorer(parent, cell, caption)
            continue
        if not _has_chart(cell):
            continue
        figure = nodes.figure(classes=["oc-figure"])
        figure["ids"], cell["ids"] = list(cell["ids"]), []
        figure["names"], cell["names"] = list(cell["names"]), []
        if not figure["ids"]:
            doctree.set_id(figure, suggested_prefix="figure")
        for key in figure["ids"]:
            doctree.ids[key] = figure
        title, legend = _caption_parts(caption)
        parent.remove(caption)
        parent.replace(cell, figure)
        figure += cell
        figure += title
        if legend is not None:
            figure += legend


def _write_exercise_bank(app, exception) -> None:
    """Every seeded exercise's variants for seeds 0-999 under ``_static/exercises/`` (see
    :mod:`overcommit.exercises.web`), for the self-check boxes of the static site."""
    if exception is not None or app.builder.format != "html":
        return
    from ..exercises import web

    folder, solutions = Path(app.outdir) / "_static" / "exercises", edition() == "instructor"
    # the folder is all ours: a build into an older site's folder would otherwise leave that
    # build's files (17,000 of them, when there was one file per seed) beside the new ones
    if folder.is_dir():
        shutil.rmtree(folder)
    count = web.write_bank(folder) + web.write_checks(folder, solutions=solutions)
    logging.getLogger(__name__).info(f"overcommit: wrote {count} exercise variants and answers for the self-check boxes")


def _write_any_cid(app, exception) -> None:
    """The dense grid of model runs the "any host" charts load (``_static/data/any_cid.csv``,
    :func:`overcommit.book.figures_results.write_any_cid`): one shared file, so no page
    carries it inline."""
    if exception is not None or app.builder.format != "html":
        return
    from .figures_results import ANY_CID_FILE, write_any_cid

    path = write_any_cid(Path(app.outdir) / Path(ANY_CID_FILE).parent)
    logging.getLogger(__name__).info(f"overcommit: wrote the any-host grid, {path.stat().st_size // 1024} KiB")


def _write_kit(app, exception) -> None:
    """The classroom kit (:mod:`overcommit.book.kit`) at ``_static/overcommitted-kit.zip``,
    which every live explorer and the introduction link: after :func:`_write_any_cid`, whose
    grid file it carries."""
    if exception is not None or app.builder.format != "html":
        return
    from . import kit

    outdir = Path(app.outdir)
    from .figures_results import ANY_CID_FILE

    path = kit.build(outdir / kit.KIT_FILE, grid=outdir / ANY_CID_FILE, solutions=edition() == "instructor")
    logging.getLogger(__name__).info(f"overcommit: wrote the classroom kit, {path.stat().st_size // 1024} KiB")


def _strip_downloaded_solutions(app, exception) -> None:
    """In the student edition, the notebooks the page's download button serves
    (``_sources/``) lose their ``{solution}`` blocks, as the pages do."""
    if exception is not None or app.builder.format != "html" or edition() != "student":
        return
    from .kit import student_notebook

    for notebook in Path(app.outdir, "_sources").rglob("*.ipynb"):
        text = notebook.read_text(encoding="utf-8")
        if "{solution}" in text:
            notebook.write_text(student_notebook(text), encoding="utf-8")


#: The script, under ``_static/``, that gives ``overcommit.js`` the palette's dark mode.
DARK_PALETTE_JS = "overcommit-palette.js"


def dark_palette() -> dict[str, Any]:
    """What ``overcommit.js`` needs to draw a chart on a dark page, from
    :mod:`overcommit.book.palette` (the one place the colours are written):

    - ``swap``: each colour a chart may name (lower case) that would vanish on a dark page,
      and its counterpart (``palette.DARK``);
    - ``text``: axis, legend and title text, axis lines and ticks, and the default colour of
      text and rule marks (``palette.DARK_TEXT``);
    - ``background``: the chart's background (``palette.DARK_BACKGROUND``);
    - ``grid``: grid lines and the plot's frame, which Vega draws in light mode in the
      palette's ``IDLE`` grey (``#ddd``): its dark counterpart.
    """
    from . import palette

    swap = {str(key).lower(): value for key, value in palette.DARK.items()}
    grid = swap[palette.IDLE.lower()]
    return {"swap": swap, "text": palette.DARK_TEXT, "background": palette.DARK_BACKGROUND, "grid": grid}


def _write_dark_palette(app) -> None:
    """``_static/overcommit-palette.js``: ``window.OC_DARK`` (:func:`dark_palette`), loaded on
    every page before ``overcommit.js`` (registered in :func:`setup`). Written when the
    builder starts, so that Sphinx finds the file for its cache-busting checksum."""
    if app.builder.format != "html":
        return
    folder = Path(app.outdir) / "_static"
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps(dark_palette(), sort_keys=True, indent=1)
    (folder / DARK_PALETTE_JS).write_text(
        "/* Generated by overcommit.book.sphinxext from overcommit.book.palette: edit the palette, not this file. */\n"
        f"window.OC_DARK = {body};\n",
        encoding="utf-8",
    )


#: MyST-NB's name for the ``<summary>`` of a hidden cell, which shows "Show ..." or "Hide ...".
_HIDDEN_CELL_SUMMARY = '<summary aria-label="Toggle hidden content">'


def _visit_hidden_cell(self, node) -> None:
    """MyST-NB's ``<details>`` around a hidden cell (``hide-input``, ``hide-output``), with a
    ``<summary>`` named by the prompt it shows ("Show every claim ...", then "Hide ...")
    rather than MyST-NB's fixed "Toggle hidden content", which does not contain it: axe-core
    4.14 reports that as label-content-name-mismatch (WCAG 2.5.3)."""
    from myst_nb.sphinx_ import visit_HideCellInput

    start = len(self.body)
    visit_HideCellInput(self, node)
    self.body[start:] = [part.replace(_HIDDEN_CELL_SUMMARY, "<summary>") for part in self.body[start:]]


def setup(app) -> dict[str, Any]:
    app.connect("config-inited", _choose_edition, priority=900)
    app.connect("config-inited", _scorer_path)
    app.connect("builder-inited", _write_dark_palette)
    # before the scripts of html_js_files (priority 800: the vega bundle, overcommit.js)
    app.add_js_file(DARK_PALETTE_JS, priority=700, defer="defer")
    app.connect("html-page-context", _drop_thebe, priority=900)
    # after sphinx.ext.mathjax (priority 500) has added MathJax to the page; a page's plain
    # formulas are written as text first, so that the page does without it
    app.connect("html-page-context", _plain_math, priority=890)
    app.connect("html-page-context", _page_scripts, priority=900)
    app.connect("html-page-context", _mark_edition)
    app.connect("html-page-context", _bibliography_roles)
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput

    # after myst_nb, which Jupyter Book loads before the extra extensions
    app.add_node(HideCodeCellNode, override=True, html=(_visit_hidden_cell, depart_HideCellInput))
    app.connect("doctree-read", _number_figures, priority=400)
    app.connect("doctree-resolved", _where_line)
    app.connect("build-finished", _write_exercise_bank)
    app.connect("build-finished", _write_any_cid)
    app.connect("build-finished", _write_kit)  # after the grid: the kit carries it
    app.connect("build-finished", _strip_downloaded_solutions)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
