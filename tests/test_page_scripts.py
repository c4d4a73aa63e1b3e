"""Which scripts a page keeps (:func:`overcommit.book.sphinxext._page_scripts`), on the
script lists Sphinx hands the ``html-page-context`` event, without building the book:
``tests/test_site_weight.py`` checks the built pages."""

from __future__ import annotations

from types import SimpleNamespace

from sphinx.builders.html._assets import _JavaScript

from overcommit.book import sphinxext

MATHJAX = "vendor/mathjax/tex-chtml.js"
ALWAYS = ("documentation_options.js", "scrollhint.js")


def _app(has_equations: dict[str, bool]):
    domain = SimpleNamespace(data={"has_equations": has_equations})
    return SimpleNamespace(env=SimpleNamespace(get_domain=lambda name: domain),
                           config=SimpleNamespace(mathjax_path=MATHJAX))


def _kept(body: str, own_equations: bool = False) -> list[str]:
    """The scripts of a page with ``body`` that Sphinx gave every script of the book, as it
    does for a page whose toctree reaches a formula."""
    # files as Sphinx lists them, under _static/ (where it puts a configured relative file)
    names = (*ALWAYS, *sphinxext.CHART_SCRIPTS, *sphinxext.SELFCHECK_SCRIPTS)
    files = [_JavaScript(f"_static/{name}", priority=500) for name in names]
    files += [_JavaScript("", body="window.MathJax = {}"), _JavaScript(f"_static/{MATHJAX}", defer="defer")]
    context = {"script_files": files, "body": body}
    sphinxext._page_scripts(_app({"page": own_equations}), "page", "page.html", context, None)
    return [str(a.filename).removeprefix("_static/") or a.attributes.get("body", "") for a in context["script_files"]]


def test_a_page_without_chart_formula_or_box_keeps_only_the_common_scripts():
    # the landing page: Sphinx adds MathJax because its toctree holds the chapters' formulas
    assert _kept("<p>Overcommitted</p>") == list(ALWAYS)


def test_a_chart_keeps_vega_and_the_chart_code():
    kept = _kept('<div class="oc-vega" id="oc-vega-1"></div><script type="application/json" class="oc-vega-spec">{}</script>')
    assert kept == [*ALWAYS, *sphinxext.CHART_SCRIPTS]


def test_a_selfcheck_box_keeps_the_selfcheck_code():
    assert _kept('<div class="oc-selfcheck" data-topic="dat" data-seed="1"></div>') == [*ALWAYS, "selfcheck.js"]


def test_a_formula_keeps_mathjax_and_its_configuration():
    with_math = [*ALWAYS, "window.MathJax = {}", MATHJAX]
    assert _kept('<span class="math notranslate nohighlight">\\(x\\)</span>') == with_math
    # a formula the math domain counted for the page itself (a solution's title, say)
    assert _kept("<p>no markup</p>", own_equations=True) == with_math
    # a class that merely starts with "math" is not a formula
    assert _kept('<div class="mathjax_ignore">$5</div>') == list(ALWAYS)


def test_the_palette_goes_with_the_chart_code():
    # overcommit.js reads the palette's dark mode: a page with one has the other
    assert sphinxext.DARK_PALETTE_JS in sphinxext.CHART_SCRIPTS and "overcommit.js" in sphinxext.CHART_SCRIPTS


INLINE = '<span class="math notranslate nohighlight">\\({}\\)</span>'
DISPLAY = '<div class="math notranslate nohighlight">\\[x = y\\]</div>'


def _as_text(body: str) -> tuple[str, bool]:
    """The page's body after :func:`sphinxext._plain_math`, and whether its formulas became text."""
    context = {"body": body}
    sphinxext._plain_math(None, "page", "page.html", context, None)
    return context["body"], bool(context.get("oc_math_as_text"))


def test_plain_formulas_are_written_as_text():
    assert sphinxext.plain_formula("k") == "<var>k</var>"
    assert sphinxext.plain_formula("\\beta") == "<var>\u03b2</var>"
    assert sphinxext.plain_formula("P = 4096") == "<var>P</var> = 4096"
    assert sphinxext.plain_formula("\\psi \\cdot (V/P - 1)") == "<var>\u03c8</var> \u00b7 (<var>V</var>/<var>P</var> \u2212 1)"
    assert sphinxext.plain_formula("-1") == "\u22121"
    assert sphinxext.plain_formula("\\tau &lt; T") == "<var>\u03c4</var> &lt; <var>T</var>"
    # what only TeX sets: a subscript, a power, a function's name, a fraction, text
    for tex in ("T_g", "x^2", "\\max(y, 0)", "\\frac{a}{b}", "\\text{IM}", "\\sum_i x", ""):
        assert sphinxext.plain_formula(tex) is None, tex


def test_a_page_with_a_few_plain_formulas_shows_them_as_text_and_keeps_no_mathjax():
    body, as_text = _as_text("<p>the exponent " + INLINE.format("k") + " and " + INLINE.format("\\beta") + "</p>")
    assert as_text and body == ('<p>the exponent <span class="oc-math-text" translate="no"><var>k</var></span> and '
                                '<span class="oc-math-text" translate="no"><var>\u03b2</var></span></p>')
    # the math domain counted the page's formula, but it is text now: no MathJax
    context = {"script_files": [_JavaScript("", body="window.MathJax = {}"), _JavaScript(f"_static/{MATHJAX}")],
               "body": body, "oc_math_as_text": True}
    sphinxext._page_scripts(_app({"page": True}), "page", "page.html", context, None)
    assert context["script_files"] == []


def test_displayed_many_or_rich_formulas_keep_mathjax():
    few = sphinxext.MAX_TEXT_FORMULAS
    cases = {
        "a displayed formula": INLINE.format("k") + DISPLAY,
        f"{few + 1} inline formulas": INLINE.format("k") * (few + 1),
        "a subscript": INLINE.format("k") + INLINE.format("T_g"),
    }
    for why, body in cases.items():
        assert _as_text(body) == (body, False), why
    assert _as_text(INLINE.format("k") * few)[1], f"{few} plain formulas are text"
    assert _as_text("<p>no formula</p>") == ("<p>no formula</p>", False)
