"""The weight of the built site: what a reader's browser downloads, and what a host stores.

- The site has fewer than :data:`MAX_FILES` files. One file per exercise seed made it 17,309;
  the variants are packed a few seeds to a file (:func:`overcommit.exercises.web.write_bank`).
- Every file of variants, which a seed box loads whole, is under :data:`MAX_CHUNK` bytes, and
  a seed box loads one of them (and the small index that names it).
- A page loads MathJax only if it shows a formula, Vega and the chart code only if it has a
  chart, the self-check code only if it has a self-check box, and no page loads Font
  Awesome's JavaScript (1.5 MB): the theme's CSS and web fonts draw the icons
  (``book/_templates/layout.html``, :func:`overcommit.book.sphinxext._page_scripts`).
- The landing page, loaded in Chromium from a local server, transfers at most
  :data:`MAX_LANDING` bytes (it was 4.4 MiB in 33 requests, with no chart and no formula),
  and its header icons are drawn.

Run after ``make book`` (and ``make book-instructor`` for that edition's files), like the
other tests of the built site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import test_browser
from test_browser import ROOT, SITE, _block_other_hosts, _pages

#: test_browser's fixtures (its local server of the built site, its Chromium), used here too
server, browser = test_browser.server, test_browser.browser

pytestmark = pytest.mark.site

INSTRUCTOR = ROOT / "_build" / "instructor" / "_build" / "html"
MAX_FILES = 3_000
MAX_CHUNK = 50_000
MAX_LANDING = int(1.5 * 2**20)
LANDING = "book/intro.html"

#: What each kind of page must show for the scripts that work on it (written by Sphinx and
#: overcommit.book.mime, not by the code that chooses the scripts).
CHART = 'class="oc-vega-spec"'
SELFCHECK = 'class="oc-selfcheck"'
MATH = ('<span class="math notranslate nohighlight">', '<div class="math notranslate nohighlight">')

MATHJAX = "_static/vendor/mathjax/tex-chtml.js"
VEGA = "_static/vendor/vega-bundle.js"
CHART_CODE = "_static/overcommit.js"
SELFCHECK_CODE = "_static/selfcheck.js"
FONTAWESOME_JS = "_static/scripts/fontawesome.js"


def _site(path: Path) -> Path:
    if not (path / "index.html").exists():
        pytest.skip(f"no built site at {path}: run `make book` (and `make book-instructor`)")
    return path


def _editions() -> list:
    return [pytest.param(SITE, id="student"), pytest.param(INSTRUCTOR, id="instructor")]


def _scripts(html: str) -> set[str]:
    """The scripts a page loads, from the site's root, without their cache-busting query."""
    return {re.sub(r"^(\.\./)+", "", src) for src in re.findall(r'<script\b[^>]*\bsrc="([^"?]+)', html)}


def _variant_files(site: Path) -> list[Path]:
    return [p for p in (site / "_static" / "exercises").glob("*/*.json") if p.parent.name != "check"]


@pytest.mark.parametrize("site", _editions())
def test_the_site_has_fewer_than_3000_files(site):
    site = _site(site)
    files = [p for p in site.rglob("*") if p.is_file()]
    variants = _variant_files(site)
    assert len(files) < MAX_FILES, (f"{site}: {len(files)} files, {len(variants)} of them exercise variants; "
                                    f"at most {MAX_FILES - 1} accepted")


@pytest.mark.parametrize("site", _editions())
def test_every_file_of_variants_is_under_50_kb_and_holds_its_seeds_once(site):
    """A seed box loads one file of variants whole: each stays under MAX_CHUNK bytes. The
    files hold every topic's seeds 0-999, each once, where the index says."""
    from overcommit.exercises import CLASS_SEEDS, TOPICS, web

    folder = _site(site) / "_static" / "exercises"
    index = json.loads((folder / "index.json").read_text())
    assert index.pop(web.READER_KEY)["units"], "the index carries the answer reader's grammar"
    assert sorted(index) == sorted(TOPICS)
    heavy = {str(p.relative_to(folder)): p.stat().st_size for p in _variant_files(site) if p.stat().st_size >= MAX_CHUNK}
    assert heavy == {}, f"files of variants of {MAX_CHUNK} bytes or more: {heavy}"
    for topic, entry in index.items():
        seeds = []
        for path in sorted((folder / topic).glob("*.json")):
            held = [v["seed"] for v in json.loads(path.read_text())]
            first = held[0] - held[0] % entry["per_chunk"]
            assert path.name == web.chunk_name(first, entry["per_chunk"], entry["last"]), (topic, path.name, held)
            seeds += held
        assert sorted(seeds) == list(CLASS_SEEDS), f"{topic}: seeds missing or held twice"


def test_each_page_loads_only_the_scripts_it_uses():
    """MathJax with a formula, Vega and overcommit.js with a chart, selfcheck.js with a
    self-check box, on no other page; Font Awesome's JavaScript on none. The landing page
    has neither formula nor chart (and loads neither), a chapter such as shares has both."""
    pages = _pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    wrong = []
    for page in pages:
        html = (SITE / page).read_text(errors="replace")
        loaded = _scripts(html)
        wanted = {MATHJAX: any(m in html for m in MATH), VEGA: CHART in html, CHART_CODE: CHART in html,
                  SELFCHECK_CODE: SELFCHECK in html, FONTAWESOME_JS: False}
        wrong += [f"{page}: {script} {'missing' if want else 'loaded'}"
                  for script, want in wanted.items() if (script in loaded) != want]
    assert wrong == [], wrong
    landing = (SITE / LANDING).read_text()
    assert CHART not in landing and not any(m in landing for m in MATH)
    assert not {MATHJAX, VEGA, CHART_CODE} & _scripts(landing)
    shares = (SITE / "book" / "shares.html").read_text()
    assert CHART in shares and any(m in shares for m in MATH)
    assert {MATHJAX, VEGA, CHART_CODE, SELFCHECK_CODE} <= _scripts(shares)


#: Each Font Awesome icon of the page: drawn by a font glyph (the ::before content), its
#: size, and whether it was swapped for an SVG (what fontawesome.js does).
_ICONS = """() => [...document.querySelectorAll('.bd-header-article i[class*="fa-"], .bd-header i[class*="fa-"]')]
    .filter(i => i.offsetParent !== null)
    .map(i => ({cls: i.className, glyph: getComputedStyle(i, '::before').content,
                font: getComputedStyle(i, '::before').fontFamily, width: i.getBoundingClientRect().width}))"""


@pytest.mark.browser
def test_the_landing_page_transfers_at_most_one_and_a_half_mib(server, browser):
    """Loaded in Chromium from the local server (every other host blocked), the landing page
    and everything it fetches add up to at most MAX_LANDING bytes, and the icons of its
    header are still drawn, by Font Awesome's web font."""
    _site(SITE)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    _block_other_hosts(context, outside)
    page = context.new_page()
    loaded: list[tuple[int, int, str]] = []
    page.on("requestfinished", lambda r: loaded.append((len(r.response().body()), r.response().status, r.url)))
    page.goto(f"{server}/{LANDING}", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.evaluate("async () => { await document.fonts.ready; }")
    icons = page.evaluate(_ICONS)
    font_ready = page.evaluate("() => document.fonts.check('900 16px \"Font Awesome 6 Free\"')")
    svgs = page.locator("svg.svg-inline--fa").count()
    context.close()

    total = sum(size for size, _, _ in loaded)
    heaviest = sorted(loaded, reverse=True)[:5]
    assert outside == [], f"requests to other hosts: {outside}"
    assert all(status == 200 for _, status, _ in loaded), [x for x in loaded if x[1] != 200]
    assert total <= MAX_LANDING, (f"{LANDING}: {total:,} bytes in {len(loaded)} requests, at most {MAX_LANDING:,} "
                                  f"accepted; heaviest: {heaviest}")
    assert len(icons) >= 3 and svgs == 0, icons
    blank = [i for i in icons if i["glyph"] in ("none", "normal", '""') or i["width"] < 4 or "Font Awesome" not in i["font"]]
    assert blank == [] and font_ready, f"header icons not drawn by the icon font: {blank}"


@pytest.mark.browser
def test_a_seed_box_loads_one_small_file_of_variants(server, browser):
    """Asking for a seed fetches the index and the one file that holds the seed, under
    MAX_CHUNK bytes, and shows that seed's question."""
    from overcommit.exercises import web

    _site(SITE)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _block_other_hosts(context, [])
    page = context.new_page()
    fetched: list[tuple[str, int]] = []
    page.on("requestfinished", lambda r: fetched.append((r.url, len(r.response().body())))
            if "/_static/exercises/" in r.url else None)
    page.goto(f"{server}/book/dat.html", wait_until="load")
    box = page.locator('.oc-selfcheck[data-topic="dat"]').first
    box.locator(".oc-sc-seed").fill("500")
    box.locator(".oc-sc-show").click()
    page.wait_for_function("() => document.body.innerText.includes('Your question (seed 500)')")
    context.close()

    expected = web.read_variant(SITE / "_static" / "exercises", "dat", 500)
    names = sorted(url.split("/_static/exercises/", 1)[1] for url, _ in fetched)
    index = json.loads((SITE / "_static" / "exercises" / "index.json").read_text())["dat"]
    first = 500 - 500 % index["per_chunk"]
    assert names == sorted(["index.json", "dat/" + web.chunk_name(first, index["per_chunk"], index["last"])]), names
    assert all(size < MAX_CHUNK for _, size in fetched), fetched
    assert expected["seed"] == 500
