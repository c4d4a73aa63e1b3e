"""A phone in the hand: every control a thumb can hit, every wide table read as cards.

Each page of the built site is opened in Chromium as a 390 x 844 phone with a touch screen
(after its charts are drawn), and:

- every control a reader can see (drop-downs, buttons, fields, sliders, ``summary``
  elements, the theme's header buttons, ``role="button"``) has a box of at least 44 x 44
  CSS px (WCAG 2.5.5); the offenders are listed with their name and size. So are
  "Back to top" and the entries of the download menu, the site menu and "On this page",
  each of which opens on a tap;
- "Back to top" never lies over a chart while it is shown;
- every table of the article either reads as a table (no wider than its column, no row
  taller than 200 px) or is cards (cards.js, touch.css), and none is wider than the screen;
  a table made cards keeps its column names on its cells and is still a table to a screen
  reader (the accessibility tree);
- at 1280 px every table is laid out as a table.

Run against a build (``OVERCOMMIT_SITE``); skipped, with the reason, without one.
"""

from __future__ import annotations

import pytest

import test_browser as tb

# the site's server and the browser are test_browser's fixtures, shared
server, browser = tb.server, tb.browser

pytestmark = pytest.mark.browser

#: a finger's target, CSS px (WCAG 2.5.5); half a pixel for the browser's rounding
TARGET = 44
_ROUNDING = 0.5
#: a table row taller than this reads as words stacked one per line
TALL_ROW = 200

#: What a reader can press or type in.
CONTROLS = ("select, button, input:not([type=hidden]), textarea, summary, [role=button], "
            "a.btn, .dropdown-item")

#: Every control of ``root`` that is on show and smaller than a finger: its kind, its name
#: (as a screen reader would say it, near enough) and its size.
_SMALL_CONTROLS = """([selector, root, target]) => {
    const scope = document.querySelector(root) || document;
    const small = [];
    for (const el of scope.querySelectorAll(selector)) {
        const r = el.getBoundingClientRect(), style = getComputedStyle(el);
        if (!r.width || !r.height || style.visibility === 'hidden' || el.closest('[hidden]')) continue;
        if (r.width >= target && r.height >= target) continue;
        const name = (el.getAttribute('aria-label') || el.getAttribute('title') || el.innerText
                      || el.closest('label')?.innerText || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
        small.push(`${el.tagName.toLowerCase()}${el.type ? '[' + el.type + ']' : ''} "${name}" `
                   + `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return small;
}"""


def _phone(browser, server: str, page_path: str):
    """A new 390 x 844 touch phone (light colour scheme, other hosts blocked) on
    ``page_path``, its charts drawn. Returns (context, page)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  color_scheme="light")
    tb._block_other_hosts(context, [])
    context.set_default_timeout(90_000)
    page = context.new_page()
    tb._open(page, server, page_path)
    return context, page


def _small(page, root: str = "body") -> list[str]:
    return page.evaluate(_SMALL_CONTROLS, [CONTROLS, root, TARGET - _ROUNDING])


def _skip_without_site(page_path: str) -> None:
    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")


@pytest.mark.parametrize("page_path", tb._pages() or ["(no site built)"])
def test_every_control_is_a_thumb_target_on_a_phone(page_path, server, browser):
    """Every control on show at 390 px, charts drawn, and "Back to top" once the reader
    scrolls up: 44 x 44 px at least."""
    _skip_without_site(page_path)
    context, page = _phone(browser, server, page_path)
    try:
        small = _small(page)
        # "Back to top" shows while the reader scrolls up, past the header
        page.evaluate("window.scrollTo(0, 1600)")
        page.wait_for_timeout(100)
        page.evaluate("window.scrollTo(0, 1500)")
        page.wait_for_timeout(100)
        small += [s for s in _small(page) if s not in small]
    finally:
        context.close()
    assert small == [], f"{page_path}: {len(small)} controls smaller than {TARGET} x {TARGET} px at 390 px: {small}"


#: The links of an open menu that are on show: how many, and those smaller than a finger.
_MENU_LINKS = """([root, target]) => {
    const links = [...document.querySelectorAll(root + ' a')].filter(a => a.getClientRects().length);
    return {shown: links.length, small: links.filter(a => a.getBoundingClientRect().height < target)
        .map(a => a.innerText.trim().slice(0, 30) + ' ' + Math.round(a.getBoundingClientRect().height))};
}"""


def test_the_menus_open_and_their_entries_are_thumb_targets_on_a_phone(server, browser):
    """The header's download menu, the site menu and "On this page", each opened by a tap on
    the button a phone shows: each opens (the theme listened on a hidden twin of the menu
    buttons only), and what it holds is a 44 px target."""
    context, page = _phone(browser, server, "book/results_db.html")
    found = {}
    try:
        page.set_default_timeout(10_000)
        page.locator(".bd-header-article .dropdown-toggle").first.tap()
        page.wait_for_timeout(300)
        found["download"] = {"shown": page.locator(".bd-header-article .dropdown-menu .dropdown-item:visible").count(),
                             "small": _small(page, ".bd-header-article .dropdown-menu")}
        page.keyboard.press("Escape")
        for button, dialog in ((".primary-toggle", "#pst-primary-sidebar-modal"),
                               (".secondary-toggle", "#pst-secondary-sidebar-modal")):
            page.locator(f"{button}:visible").first.tap()
            page.wait_for_timeout(500)
            opened = page.evaluate(f"() => document.querySelector('{dialog}').open")
            links = page.evaluate(_MENU_LINKS, [dialog, TARGET - _ROUNDING])
            found[button] = {"opened": opened, "shown": links["shown"],
                             "small": _small(page, dialog) + links["small"]}
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
    finally:
        context.close()
    assert found["download"]["shown"] >= 1 and found["download"]["small"] == [], found
    assert found[".primary-toggle"]["opened"] and found[".primary-toggle"]["shown"] > 10, found
    assert found[".secondary-toggle"]["opened"] and found[".secondary-toggle"]["shown"] > 3, found
    assert all(f["small"] == [] for f in found.values()), f"menu entries smaller than {TARGET} px: {found}"


#: "Back to top" and every chart's box, for the scroll position now: whether the button
#: is on show, and which charts it lies over.
_BACK_TO_TOP = """() => {
    const b = document.getElementById('pst-back-to-top');
    const shown = !!b && b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden'
                  && getComputedStyle(b).opacity !== '0';
    const r = b ? b.getBoundingClientRect() : null;
    const over = !shown ? [] : [...document.querySelectorAll('.vega-embed svg, .vega-embed canvas')]
        .map((c, i) => [i, c.getBoundingClientRect()])
        .filter(([i, c]) => c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom)
        .map(([i]) => i);
    const stepped = !!b && b.style.display !== 'none' && b.classList.contains('oc-over-chart');
    return {shown, over, stepped, size: r ? [Math.round(r.width), Math.round(r.height)] : null};
}"""


@pytest.mark.parametrize("page_path", ["book/results_db.html", "book/shares.html"])
def test_back_to_top_never_covers_a_chart_on_a_phone(page_path, server, browser):
    """Scrolled up a little from every 300 px of the page (the theme shows the button while
    the reader scrolls up): where it is shown it lies over no chart, and it is shown
    somewhere, as a 44 px target; and the pass met charts under it (it stepped aside)."""
    context, page = _phone(browser, server, page_path)
    try:
        height = page.evaluate("document.documentElement.scrollHeight")
        seen, stepped, covering, size = [], [], [], None
        for y in range(1200, height - 900, 300):
            page.evaluate(f"window.scrollTo(0, {y + 60})")
            page.wait_for_timeout(30)
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(80)  # the next frame places it
            state = page.evaluate(_BACK_TO_TOP)
            seen.append(state["shown"])
            stepped.append(state["stepped"])
            if state["over"]:
                covering.append((y, state["over"]))
            if state["shown"]:
                size = state["size"]
    finally:
        context.close()
    assert covering == [], f"{page_path}: Back to top over charts at scroll positions {covering}"
    assert any(seen), f"{page_path}: Back to top never shown while scrolling up"
    assert any(stepped), f"{page_path}: no scroll position put a chart under Back to top"
    assert min(size) >= TARGET - _ROUNDING, f"{page_path}: Back to top is {size}"


def _table_pages() -> list[str]:
    return [p for p in tb._pages() if "<table" in (tb.SITE / p).read_text(errors="replace")
            and "_static" not in p and p.startswith("book/")]


#: Every table of the article (the charts' "Show the numbers" tables are overcommit.js's):
#: how it is laid out, how wide against its column and the screen, its tallest row, and for
#: a table made cards, the cells whose label is not their column's name.
_TABLES = """() => [...document.querySelectorAll('.bd-article table')].filter(t => !t.closest('.oc-numbers'))
    .filter(t => t.getClientRects().length).map((t, i) => {
        const r = t.getBoundingClientRect();
        const rows = [...t.querySelectorAll(':scope > tbody > tr')];
        const head = t.tHead ? [...t.tHead.rows].pop() : null;
        const names = head ? [...head.cells].map(c => c.textContent.trim()) : [];
        const mislabelled = !t.classList.contains('oc-auto-cards') || t.tHead.rows.length !== 1 ? [] : rows.flatMap(
            row => [...row.cells].filter((c, k) => names[k] && c.dataset.label !== names[k])
                                 .map(c => c.textContent.trim().slice(0, 20)));
        return {table: i, caption: (t.tHead ? t.tHead.textContent : t.textContent).trim().replace(/\\s+/g, ' ').slice(0, 50),
                display: getComputedStyle(t).display, row: rows.length ? getComputedStyle(rows[0]).display : '',
                cards: t.classList.contains('oc-auto-cards') || t.classList.contains('oc-cards'),
                width: Math.round(r.width), column: t.parentElement.clientWidth, right: Math.round(r.right),
                screen: window.innerWidth,
                tallest: Math.round(Math.max(0, ...rows.map(x => x.getBoundingClientRect().height))),
                mislabelled};
    })"""


@pytest.mark.parametrize("page_path", _table_pages() or ["(no site built)"])
def test_wide_tables_are_cards_on_a_phone_and_tables_on_a_desktop(page_path, server, browser):
    _skip_without_site(page_path)
    context, page = _phone(browser, server, page_path)
    try:
        phone = page.evaluate(_TABLES)
    finally:
        context.close()
    context, page, _outside, _errors = tb._offline_page(browser, 1280, 900, warnings=False)
    try:
        tb._open(page, server, page_path)
        desktop = page.evaluate(_TABLES)
    finally:
        context.close()

    assert phone, f"{page_path}: no table found at 390 px"
    unread = [t for t in phone if t["row"] == "table-row"
              and (t["width"] > t["column"] + 1 or t["tallest"] > TALL_ROW)]
    past_screen = [t for t in phone if t["right"] > t["screen"]]
    mislabelled = [t for t in phone if t["mislabelled"]]
    as_tables = [t for t in desktop if t["display"] != "table" or t["row"] not in ("table-row", "")]
    assert unread == [], f"{page_path}: tables that neither fit a phone nor are cards: {unread}"
    assert past_screen == [], f"{page_path}: tables wider than the 390 px screen: {past_screen}"
    assert mislabelled == [], f"{page_path}: cells labelled with another column's name: {mislabelled}"
    assert as_tables == [], f"{page_path}: tables not laid out as tables at 1280 px: {as_tables}"


def test_a_table_made_cards_is_still_a_table_to_a_screen_reader(server, browser):
    """The accessibility tree of a phone's page: each table made cards is a table with its
    column headers and cells, as it is at 1280 px."""
    page_path = "book/results_db.html"
    counts = {}
    for width in (390, 1280):
        if width == 390:
            context, page = _phone(browser, server, page_path)
        else:
            context, page, _o, _e = tb._offline_page(browser, width, 900, warnings=False)
            tb._open(page, server, page_path)
        try:
            cards = page.evaluate("document.querySelectorAll('table.oc-auto-cards').length")
            cdp = context.new_cdp_session(page)
            nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        finally:
            context.close()
        roles = [n.get("role", {}).get("value") for n in nodes if not n.get("ignored")]
        counts[width] = {role: roles.count(role) for role in ("table", "columnheader", "cell", "row")}
        counts[width]["cards"] = cards
    assert counts[390]["cards"] >= 1, f"{page_path}: no table made cards at 390 px: {counts}"
    assert counts[1280]["cards"] == 0, f"cards.js marks tables only on a phone's screen: {counts}"
    for role in ("table", "columnheader", "cell", "row"):
        assert counts[390][role] == counts[1280][role] > 0, f"{page_path}: {role}s at 390 and 1280 px: {counts}"
