"""The built site served under a sub-path, as GitHub Pages serves a project's site
(https://<owner>.github.io/<repo>/): nothing may assume the site sits at the server's root.

A tiny server answers only below PREFIX (the site's root is PREFIX) and 404s everything
else. Every page is loaded there in headless Chromium: no request may fail or leave the
prefix (a root-absolute link such as ``/_static/x.js`` does both), nothing is logged as a
console error, every chart is drawn; every link of the page, as the browser resolved it
after the scripts ran, points below the prefix and answers 200, and each download (the
classroom kit, a page's source, any data file) is the file the build wrote. On the search
page a search is run, so the links the search script builds are checked too; on every page
with self-check boxes a seed is set through the box and its question must load. One page per
test: ``pytest -n 6`` spreads them over workers, each with its own server and browser.

Run after ``make book``; skipped, with the reason, when the site or Chromium is missing.
"""

from __future__ import annotations

import http.server
import re
import urllib.error
import urllib.request
from urllib.parse import unquote, urlsplit

import pytest

import test_browser as tb

pytestmark = pytest.mark.browser

PREFIX = "/some/sub/path/"
#: ms to wait for a self-check box to load its file: playwright's 5 s default is not enough
#: on a loaded 2-core machine
WAIT = 30_000
SITE = tb.SITE
#: the built site's Chromium, one per worker (test_browser's fixture)
browser = tb.browser


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site below PREFIX only, as a project's GitHub Pages site is served."""

    def log_message(self, *args):  # keep pytest output readable
        pass

    def send_head(self):  # GET and HEAD both come here
        if not urlsplit(self.path).path.startswith(PREFIX):
            self.send_error(404, "outside the site's sub-path")
            return None
        return super().send_head()  # its redirects (a folder without "/") keep the prefix

    def translate_path(self, path):
        return super().translate_path("/" + path[len(PREFIX):])


@pytest.fixture(scope="module")
def site_url():
    """The site's root URL, ending in PREFIX."""
    yield from tb.serve(_SubPathHandler, PREFIX)


def _head(url: str) -> tuple[int, int | None]:
    """HTTP status and Content-Length of a HEAD request for ``url``."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=30) as answer:
            length = answer.headers.get("Content-Length")
            return answer.status, int(length) if length is not None else None
    except urllib.error.HTTPError as error:
        return error.code, None


def _check_links(hrefs: list[str], site_url: str) -> tuple[list[str], list[str], int]:
    """Same-server links outside the prefix, links that do not answer 200 (or, for a file
    other than a page, answer with another size than the built file's), and the number of
    downloads among them."""
    origin = site_url[: -len(PREFIX)]
    outside, broken, downloads = [], [], 0
    for url in sorted({h.split("#", 1)[0] for h in hrefs if h.startswith(origin + "/")}):
        if not url.startswith(site_url):
            outside.append(url)
            continue
        status, length = _head(url)
        relative = unquote(urlsplit(url).path[len(PREFIX):])
        if status != 200:
            broken.append(f"{status} {url}")
        elif relative and not relative.endswith((".html", "/")):
            downloads += 1
            if length != (SITE / relative).stat().st_size:
                broken.append(f"{url}: {length} bytes, the built file has {(SITE / relative).stat().st_size}")
    return outside, broken, downloads


#: Every link of the page as the browser resolves it, once the page's scripts have run.
_LINKS = "() => [...document.querySelectorAll('a[href]')].map(a => a.href)"


def _seed_boxes(page, expect) -> tuple[list[str], list[str]]:
    """Through the page's own controls: every seeded box shows the question for a seed other
    than its default, and every fixed-answer box loads its answer's shape. Returns the seeds
    whose question loaded and what went wrong (collected, not raised, so that the caller
    reports the failed requests behind it first)."""
    seeds, wrong = [], []
    boxes = page.locator(".oc-selfcheck")
    for k in range(boxes.count()):
        box = boxes.nth(k)
        name = box.get_attribute("data-check") or box.get_attribute("data-topic")
        try:
            if box.get_attribute("data-check"):
                expect(box.locator(".oc-sc-hint")).to_contain_text("Type ", timeout=WAIT)  # its answer file loaded
                continue
            seed = (int(box.get_attribute("data-seed") or 0) + 1) % 1000
            box.locator(".oc-sc-seed").fill(str(seed))
            box.locator(".oc-sc-show").click()
            question = box.locator(".oc-sc-question")
            expect(question).to_contain_text(f"Your question (seed {seed})", timeout=WAIT)
            expect(box.locator(".oc-sc-feedback")).to_have_text("")  # no "no variant for seed"
            assert len(question.inner_text()) > 60, f"an empty question: {question.inner_text()!r}"
            seeds.append(f"{name}:{seed}")
        except AssertionError as error:
            wrong.append(f"{name}: {str(error).splitlines()[0]} ({box.locator('.oc-sc-feedback').inner_text()!r})")
    return seeds, wrong


@pytest.mark.parametrize("page_path", tb._pages() or ["(no site built)"])
def test_page_works_under_a_sub_path(page_path, site_url, browser):
    from playwright.sync_api import expect

    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    context, page, other_hosts, errors = tb._offline_page(browser, 1280, 900, warnings=False)
    # errors, not warnings: a file missing under the sub-path is logged as an error, and
    # test_browser holds the pages to their warnings at the root already
    page.on("console", lambda msg: errors.append(f"{msg.type}: {msg.text}") if msg.type == "error" else None)
    outside, failed = [], []
    origin = site_url[: -len(PREFIX)]
    page.on("request", lambda r: outside.append(r.url)
            if r.url.startswith(origin + "/") and not r.url.startswith(site_url) else None)
    page.on("requestfailed", lambda r: failed.append(f"{r.failure} {r.url}"))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    tb._open(page, site_url.rstrip("/"), page_path)
    unrendered = page.evaluate(tb._UNRENDERED)
    charts = page.locator(".vega-embed").count()
    drawn = page.locator(".vega-embed svg, .vega-embed canvas").count()
    if page_path == "search.html":
        # the search script builds its results' links from the page's content root
        before = len(failed)
        page.goto(f"{site_url}search.html?q=memory", wait_until="load")
        # a request of the first load still in flight (the favicon, on a busy machine) is
        # aborted by this navigation: that is the test's doing, not a file missing
        failed[before:] = [f for f in failed[before:] if not f.startswith("net::ERR_ABORTED")]
        page.locator("#search-results ul.search li a").first.wait_for(timeout=60_000)
    seeds, boxes_wrong = _seed_boxes(page, expect)
    hrefs = page.evaluate(_LINKS)
    context.close()
    links_outside, broken, downloads = _check_links(hrefs, site_url)

    assert outside == [] and links_outside == [], f"{page_path}: outside {PREFIX}: {outside + links_outside}"
    assert failed == [], f"{page_path}: failed requests under {PREFIX}: {failed}"
    assert other_hosts == [], f"{page_path}: requests to other hosts: {other_hosts}"
    assert errors == [], f"{page_path}: console or page errors under {PREFIX}: {errors}"
    assert unrendered == [] and drawn >= charts, f"{page_path}: charts not drawn under {PREFIX}: {unrendered}"
    assert broken == [], f"{page_path}: links that do not answer under {PREFIX}: {broken}"
    html = (SITE / page_path).read_text(errors="replace")
    if "overcommitted-kit.zip" in html or "_sources/" in html:
        assert downloads >= 1, f"{page_path}: its downloads were not found among the links"
    assert boxes_wrong == [], f"{page_path}: self-check boxes under {PREFIX}: {boxes_wrong}"
    assert len(seeds) == len(re.findall(r'class="oc-selfcheck" data-topic=', html)), seeds


def test_the_pages_hold_what_the_sub_path_test_drives():
    """The browser test above only proves something if the pages still carry the things it
    drives: seed boxes, charts, the kit and the source downloads."""
    pages = tb._pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    text = {p: (SITE / p).read_text(errors="replace") for p in pages}
    assert sum('class="oc-selfcheck" data-topic=' in h for h in text.values()) >= 10
    assert sum('class="oc-vega' in h for h in text.values()) >= 15
    assert sum("_static/overcommitted-kit.zip" in h for h in text.values()) >= 15
    assert sum("_sources/book/" in h for h in text.values()) >= 20
    assert "search.html" in text
