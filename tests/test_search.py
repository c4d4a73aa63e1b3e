"""The book's search, in Chromium on the built site: a page whose title the query is, or
spells out (DAT: Dynamic Address Translation), comes first (book/_templates/search_scorer.js,
Sphinx's ``html_search_scorer``). Before, "DAT" listed the database chapter first: its title
word "database" matched "dat" in part, which Sphinx scored above the DAT chapter's own uses
of the word. Run after ``make book``."""

from __future__ import annotations

import pytest

import test_browser
from test_browser import SITE, _block_other_hosts

#: test_browser's fixtures (its local server of the built site, its Chromium), used here too
server, browser = test_browser.server, test_browser.browser

pytestmark = pytest.mark.browser

_RESULTS = """() => [...document.querySelectorAll('#search-results ul.search > li > a')]
                   .map(a => ({title: a.textContent.trim(), href: a.getAttribute('href'),
                               score: Number(a.dataset.score)}))"""
#: What search_scorer.js adds for a title that answers the query.
BOOST = 200


def _search(browser, server: str, query: str) -> list[dict]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    _block_other_hosts(context, outside)
    page = context.new_page()
    page.goto(f"{server}/search.html?q={query}", wait_until="load")
    page.wait_for_selector("#search-results ul.search > li", timeout=30_000)
    # results are added in batches: wait until the count says the search has finished
    page.wait_for_function("() => /found \\d+ page/i.test(document.querySelector('#search-results').textContent)",
                           timeout=30_000)
    results = page.evaluate(_RESULTS)
    context.close()
    assert outside == [], outside
    return results


@pytest.mark.parametrize("query, first", [
    ("DAT", "book/dat.html"),  # the title's initials, not "database"
    ("dat", "book/dat.html"),
    ("database", "book/results_db.html"),  # a whole word of the title
    ("paging", "book/paging.html"),
])
def test_a_chapter_whose_title_answers_the_query_comes_first(server, browser, query, first):
    if not (SITE / "search.html").exists():
        pytest.skip("no built site: run `make book` first")
    results = _search(browser, server, query)
    assert results, f"no result for {query!r}"
    assert results[0]["href"].split("#")[0].split("?")[0] == first, (query, results[:4])
    assert results[0]["score"] >= BOOST and all(r["score"] < BOOST for r in results[1:]), results[:4]


def test_a_query_no_title_answers_keeps_sphinxs_scores(server, browser):
    """A word in no title ("LRU") gets no boost, and the database chapter none for "DAT"."""
    if not (SITE / "search.html").exists():
        pytest.skip("no built site: run `make book` first")
    results = _search(browser, server, "LRU")
    assert results and all(r["score"] < BOOST for r in results), results
    assert "book/replacement.html" in {r["href"].split("?")[0] for r in results}
    database = [r for r in _search(browser, server, "DAT") if r["href"].startswith("book/results_db.html")]
    assert database and all(r["score"] < BOOST for r in database), database
