"""The weight of the built site: what a reader's browser downloads, and what a host stores.

- The site has fewer than :data:`MAX_FILES` files. One file per exercise seed made it 17,309;
  the variants are packed a few seeds to a file (:func:`overcommit.exercises.web.write_bank`).
- Every file of variants, which a seed box loads whole, is under :data:`MAX_CHUNK` bytes, and
  a seed box loads one of them (and the small index that names it).
- A page loads MathJax only if it shows a formula, Vega and the chart code only if it has a
  chart, the self-check code only if it has a self-check box, and no page loads Font
  Awesome's JavaScript (1.5 MB): the theme's CSS and web fonts draw the icons
  (``book/_templates/layout.html``, :func:`overcommit.book.sphinxext._page_scripts`).
- A page with no displayed formula and at most three plain inline ones shows them as text
  and loads no MathJax (:func:`overcommit.book.sphinxext._plain_math`); a page with MathJax
  loads its startup and components, not the combined file with the context menu.
- The search index and Sphinx's search code are loaded by the search page only.
- Every page, loaded in Chromium at 390 px (a phone) from a local server, transfers at most
  :data:`MAX_PAGE` bytes, counting each text file (HTML, scripts, style sheets, JSON, CSV,
  SVG) as a static host sends it, gzip-compressed, and fonts and images as they are
  (:func:`transferred`). Before the budget the chapters with charts and formulas were
  1.0-1.05 MiB so counted, 3.1-4.4 MiB uncompressed.
- The header icons are drawn by the icon font, cut to the icons the pages show
  (``tools/vendor_assets.py``): each glyph is in the cut font.

Run after ``make book`` (and ``make book-instructor`` for that edition's files), like the
other tests of the built site.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

import test_browser
from test_browser import ROOT, SITE, _block_other_hosts, _pages

#: test_browser's fixtures (its local server of the built site, its Chromium), used here too
server, browser = test_browser.server, test_browser.browser

pytestmark = pytest.mark.site

INSTRUCTOR = ROOT / "_build" / "instructor" / "_build" / "html"
MAX_FILES = 3_000
MAX_CHUNK = 50_000
MAX_PAGE = int(0.8 * 2**20)
LANDING = "book/intro.html"
#: What a static host sends compressed (the rest, fonts and images, is compressed already).
TEXT_TYPES = (".html", ".js", ".css", ".json", ".csv", ".svg", ".txt", ".xml")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

#: What each kind of page must show for the scripts that work on it (written by Sphinx and
#: overcommit.book.mime, not by the code that chooses the scripts).
CHART = 'class="oc-vega-spec"'
SELFCHECK = 'class="oc-selfcheck"'
MATH = ('<span class="math notranslate nohighlight">', '<div class="math notranslate nohighlight">')

MATHJAX = "_static/vendor/mathjax/startup.js"
MATHJAX_COMBINED = "_static/vendor/mathjax/tex-chtml.js"
SEARCH_CODE = ("_static/searchtools.js", "_static/language_data.js", "searchindex.js")
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
                  SELFCHECK_CODE: SELFCHECK in html, FONTAWESOME_JS: False, MATHJAX_COMBINED: False}
        wanted.update({script: page == "search.html" for script in SEARCH_CODE})
        wrong += [f"{page}: {script} {'missing' if want else 'loaded'}"
                  for script, want in wanted.items() if (script in loaded) != want]
    assert wrong == [], wrong
    landing = (SITE / LANDING).read_text()
    assert CHART not in landing and not any(m in landing for m in MATH)
    assert not {MATHJAX, VEGA, CHART_CODE} & _scripts(landing)
    shares = (SITE / "book" / "shares.html").read_text()
    assert CHART in shares and any(m in shares for m in MATH)
    assert {MATHJAX, VEGA, CHART_CODE, SELFCHECK_CODE} <= _scripts(shares)


def test_mathjax_goes_only_where_the_formulas_need_it():
    """The rule of :func:`overcommit.book.sphinxext._plain_math` over the built pages: a page
    whose formulas were written as text loads no MathJax, and a page that loads MathJax has
    a displayed formula, more than MAX_TEXT_FORMULAS inline ones, or one that only TeX can
    set. shares, with displayed formulas, is one of the latter."""
    from overcommit.book import sphinxext

    pages = _pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    wrong, as_text = [], []
    for page in pages:
        html = (SITE / page).read_text(errors="replace")
        formulas = sphinxext.INLINE_MATH.findall(html)
        mathjax = MATHJAX in _scripts(html)
        if "oc-math-text" in html:
            as_text.append(page)
            if mathjax or formulas:
                wrong.append(f"{page}: formulas as text and still MathJax or TeX")
        elif mathjax:
            needed = (MATH[1] in html or len(formulas) > sphinxext.MAX_TEXT_FORMULAS
                      or any(sphinxext.plain_formula(tex) is None for tex in formulas))
            if not needed:
                wrong.append(f"{page}: MathJax for {formulas}, which could be text")
    assert wrong == [], wrong
    shares = (SITE / "book" / "shares.html").read_text()
    assert MATH[1] in shares and MATHJAX in _scripts(shares) and "oc-math-text" not in shares
    # what the written-as-text symbols look like: a variable each, in a <var>
    for page in as_text:
        spans = re.findall(r'<span class="oc-math-text" translate="no">(.*?)</span>', (SITE / page).read_text())
        assert spans and all("<var>" in s or s[:1].isdigit() for s in spans), (page, spans)


def transferred(page, site: Path, url: str, settle_ms: int = 500) -> list[tuple[int, str]]:
    """Load ``url`` in ``page`` (a fresh browser context: nothing cached) and return what
    came over the network, each file as ``(bytes, path)``: its size on disk under ``site``,
    gzip-compressed for a text type (:data:`TEXT_TYPES`), as a static host serves it.
    A response that brought no bytes over the network is not counted: the browser took it
    from its cache, or from the transfer of the same file another chart had asked for
    first (Chromium lets a second request for a file wait on the first)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen: dict[str, dict] = {}
    cdp.on("Network.responseReceived", lambda e: seen.setdefault(e["requestId"], {}).update(
        url=e["response"]["url"], cached=bool(e["response"].get("fromDiskCache") or e["response"].get("fromPrefetchCache"))))
    cdp.on("Network.requestServedFromCache", lambda e: seen.setdefault(e["requestId"], {}).update(cached=True))
    cdp.on("Network.loadingFinished", lambda e: seen.setdefault(e["requestId"], {}).update(
        done=True, received=e.get("encodedDataLength", 0)))
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(settle_ms)
    files = []
    for entry in seen.values():
        address = entry.get("url", "")
        if not address.startswith("http") or entry.get("cached") or not entry.get("received"):
            continue
        path = site / unquote(urlparse(address).path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            # the server's answer for a missing file (the browser's own request for a favicon
            # on the redirecting index page): as many bytes as came
            files.append((entry["received"], str(path.relative_to(site))))
            continue
        body = path.read_bytes()
        size = len(gzip.compress(body, compresslevel=9)) if path.suffix in TEXT_TYPES else len(body)
        files.append((size, str(path.relative_to(site))))
    return sorted(files, reverse=True)


#: Each Font Awesome icon of the page: drawn by a font glyph (the ::before content), its
#: size, and whether it was swapped for an SVG (what fontawesome.js does).
_ICONS = """() => [...document.querySelectorAll('.bd-header-article i[class*="fa-"], .bd-header i[class*="fa-"]')]
    .filter(i => i.offsetParent !== null)
    .map(i => ({cls: i.className, glyph: getComputedStyle(i, '::before').content,
                font: getComputedStyle(i, '::before').fontFamily, width: i.getBoundingClientRect().width}))"""


@pytest.mark.browser
@pytest.mark.parametrize("page_path", _pages() or ["(no site built)"])
def test_every_page_transfers_at_most_0_8_mib_to_a_phone(page_path, server, browser):
    """Loaded at 390 px from the local server (no request to another host), a page and all it
    fetches add up to at most MAX_PAGE bytes as a static host sends them (:func:`transferred`),
    every response a 200."""
    _site(SITE)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    # requests are watched, not routed: routing them (_block_other_hosts) turns the browser's
    # cache off, and a file two charts ask for was then counted twice
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if urlparse(r.url).hostname not in (None, "127.0.0.1") and r.url.startswith("http") else None)
    statuses: list[tuple[int, str]] = []
    page.on("response", lambda r: statuses.append((r.status, r.url)))
    files = transferred(page, SITE, f"{server}/{page_path}")
    context.close()
    total = sum(size for size, _ in files)
    assert outside == [], f"requests to other hosts: {outside}"
    assert all(status == 200 for status, _ in statuses), [x for x in statuses if x[0] != 200]
    assert files and any(name == page_path or name.endswith(page_path) for _, name in files), files[:3]
    assert total <= MAX_PAGE, (f"{page_path}: {total:,} bytes compressed in {len(files)} files, at most "
                               f"{MAX_PAGE:,} accepted; heaviest: {files[:6]}")


#: Whether the icon font has each header icon's glyph: a glyph the cut font lacks is drawn
#: like a codepoint no font has (U+10FFFD), so the two drawings are compared pixel by pixel.
_GLYPHS_DRAWN = r"""async () => {
  await document.fonts.ready;
  const draw = (text, family) => {
    const canvas = document.createElement('canvas'); canvas.width = canvas.height = 48;
    const ctx = canvas.getContext('2d'); ctx.font = '900 32px ' + family; ctx.fillText(text, 4, 40);
    return canvas.toDataURL();
  };
  const missing = draw(String.fromCodePoint(0x10FFFD), '"Font Awesome 6 Free"');
  return [...document.querySelectorAll('i[class*="fa-"]')].map(i => {
    const content = getComputedStyle(i, '::before').content.replace(/^"|"$/g, '');
    const family = getComputedStyle(i, '::before').fontFamily;
    return {cls: i.className.replace(/\s+/g, ' '), drawn: !!content && content !== 'none' && draw(content, family) !== missing};
  });
}"""


@pytest.mark.browser
def test_the_header_icons_are_drawn_by_the_cut_icon_font(server, browser):
    """The landing page's and a chapter's header icons (Font Awesome, no JavaScript): each
    is drawn by the icon font, whose file is the cut one (a few KB, not the theme's 156 KB),
    and none was swapped for an SVG."""
    font = SITE / "_static" / "vendor" / "fontawesome" / "webfonts" / "fa-solid-900.woff2"
    _site(SITE)
    assert font.exists() and font.stat().st_size < 20_000, f"the icon font is not the cut one: {font}"
    context = browser.new_context(**PHONE)
    _block_other_hosts(context, [])
    page = context.new_page()
    for page_path in (LANDING, "book/shares.html"):
        page.goto(f"{server}/{page_path}", wait_until="load")
        page.wait_for_load_state("networkidle")
        icons = page.evaluate(_GLYPHS_DRAWN)
        header = page.evaluate(_ICONS)
        assert len(icons) >= 8 and page.locator("svg.svg-inline--fa").count() == 0, (page_path, icons)
        assert [i for i in icons if not i["drawn"]] == [], f"{page_path}: icons without a glyph"
        assert all("Font Awesome" in i["font"] for i in header), header
    context.close()


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
