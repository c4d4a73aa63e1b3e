"""Every chart's values without a mouse: a tap opens a mark's tooltip, the keyboard opens a table.

Each page of the built site with charts is opened on a 390 x 844 touch screen (Chromium's
touch emulation: a tap fires pointer and touch events, never a hover). Per chart:

* a few marks that have a tooltip (at most :data:`TAPS_PER_CHART`, spread over the chart) are
  tapped where the finger would find them on the screen: the tooltip becomes visible, says
  what that mark's tooltip says, and lies inside the screen; a tap on the page outside the
  charts closes it, and so do a second tap on the same mark and Escape;
* the chart's "Show the numbers" button is reached with Tab from the control before it and
  opened with Enter: its table has one row per mark with a tooltip (``window.OC.tooltipRows``)
  holding the same values, its columns the tooltip's fields; moving one of the chart's
  controls changes the table with the chart, and switching to the dark colour scheme (which
  draws every chart again) leaves it open and right; with every table open, axe-core finds
  no critical or serious violation;
* the drawing is named in one sentence (``role="graphics-document"`` with an ``aria-label``);
* where marks with different tooltips lie on one spot, a tap there lists every one of them
  (one such spot per chart, in the tap test's page).

Reuses test_browser's server and browser fixtures (as test_visible_names does); skipped, as
those are, when the site or Chromium is missing.
"""

from __future__ import annotations

import json
import re

import pytest

import test_browser as tb

# the site's server and the browser are test_browser's fixtures, shared
server, browser = tb.server, tb.browser

pytestmark = pytest.mark.browser

#: marks tapped per chart: enough to catch a chart whose tooltips do not open, few enough
#: that a page of seven charts is done in seconds
TAPS_PER_CHART = 3

WIDTH, HEIGHT = 390, 844


def _chart_pages() -> list[str]:
    return [p for p in tb._pages() if 'class="oc-vega-spec"' in (tb.SITE / p).read_text(errors="replace")]


def _phone(browser):
    """A touch phone of WIDTH x HEIGHT that reaches only the local server; returns
    (context, page, outside, errors)."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, color_scheme="light",
                                  has_touch=True, is_mobile=True)
    outside: list[str] = []
    errors: list[str] = []
    tb._block_other_hosts(context, outside)
    context.set_default_timeout(90_000)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(f"{msg.type}: {msg.text}") if msg.type == "error" else None)
    return context, page, outside, errors


#: The marks of chart ``i`` that have a tooltip and a place on the screen: a symbol, bar or
#: label is its own SVG element; the points of a line are one path, tapped at the point's
#: vertex. Kept in ``window.__ocTap``; returns how many.
_TAPPABLE = """i => {
    const view = OC.charts[i].result.view, found = [];
    const tip = item => item && item.tooltip !== undefined && item.tooltip !== null && item.tooltip !== '';
    const visit = mark => (mark.items || []).forEach(item => {
        if (mark.marktype === 'group') { (item.items || []).forEach(visit); return; }
        if (!tip(item) || mark.marktype === 'area' || mark.marktype === 'trail') return;
        const line = mark.marktype === 'line', el = line ? mark.items[0]._svg : item._svg;
        if (el) found.push({view, item, el, line});
    });
    visit(view.scenegraph().root);
    window.__ocTap = found;
    return found.length;
}"""

#: Mark ``k`` of ``window.__ocTap`` scrolled to the middle of the screen: where to tap it (the
#: middle of its box, or a line's vertex, in whole pixels), if a finger there finds it first
#: among the marks with a tooltip, and the values its tooltip gives; null if a finger cannot
#: single it out (under another mark, narrower than 3 px, off the screen).
_MARK_POINT = """k => {
    const {view, item, el, line} = window.__ocTap[k];
    const tip = d => { d = Array.isArray(d) ? d[0] : d; return d && d.tooltip !== undefined && d.tooltip !== null && d.tooltip !== ''; };
    const where = () => {
        if (!line) { const r = el.getBoundingClientRect();
                     return r.width < 3 || r.height < 3 ? null : [r.left + r.width / 2, r.top + r.height / 2]; }
        const svg = el.ownerSVGElement, r = svg.getBoundingClientRect(), o = view.origin(), pad = view.padding();
        let x = r.left + o[0] + pad.left + (item.x || 0), y = r.top + o[1] + pad.top + (item.y || 0);
        for (let g = item.mark.group; g; g = g.mark && g.mark.group) { x += g.x || 0; y += g.y || 0; }
        return [x, y];
    };
    let p = where();
    if (!p) return null;
    window.scrollBy(0, p[1] - innerHeight / 2);
    p = where();
    const x = Math.round(p[0]), y = Math.round(p[1]);
    if (x < 1 || y < 1 || x > innerWidth - 1 || y > innerHeight - 1) return null;
    const first = document.elementsFromPoint(x, y).find(e => el.ownerSVGElement.contains(e) && tip(e.__data__));
    if (first !== el) return null;
    const t = item.tooltip;
    const values = (typeof t === 'object' && !Array.isArray(t) ? Object.values(t) : [t])
        .filter(v => v !== undefined && v !== null && String(v).trim() !== '').map(v => String(v));
    return {x, y, values};
}"""

#: A point on the screen a tap may land on without doing anything: in the page (a chart's
#: axes and empty plot area count), on no mark with a tooltip, and with no control, link or
#: the tooltip itself within 24 px (a phone moves a tap that lands near a link onto it).
_QUIET_POINT = """() => {
    const busy = 'a, button, input, select, summary, label, textarea, [role=button], #vg-tooltip-element, header, nav';
    const tip = d => { d = Array.isArray(d) ? d[0] : d; return d && d.tooltip !== undefined && d.tooltip !== null && d.tooltip !== ''; };
    const calm = (x, y) => { const hit = document.elementFromPoint(x, y);
                             return hit && hit.closest('article') && !hit.closest(busy); };
    const around = [-24, 0, 24];
    for (let y = 120; y < innerHeight - 40; y += 23)
        for (let x = 30; x < innerWidth - 30; x += 19)
            if (around.every(dx => around.every(dy => calm(x + dx, y + dy)))
                && !document.elementsFromPoint(x, y).some(e => tip(e.__data__))) return {x, y};
    return null;
}"""

_TIP = """() => { const el = document.getElementById('vg-tooltip-element');
    if (!el || !el.classList.contains('visible') || getComputedStyle(el).visibility === 'hidden') return null;
    const r = el.getBoundingClientRect();
    return {text: el.innerText, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }"""


def _norm(text: str) -> str:
    return " ".join(text.split())


def _tap_and_read(page, x: float, y: float) -> dict | None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.touchscreen.tap(x, y)
    try:
        page.wait_for_function(f"({_TIP})() !== null", timeout=3_000, polling=50)
    except PlaywrightTimeout:
        return None
    return page.evaluate(_TIP)


def _closed(page) -> bool:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"({_TIP})() === null", timeout=3_000, polling=50)
        return True
    except PlaywrightTimeout:
        return False


def _spread(n: int, cap: int) -> list[int]:
    """Up to ``cap`` indices out of ``n``, first, last and between."""
    if n <= cap:
        return list(range(n))
    return sorted({round(j * (n - 1) / (cap - 1)) for j in range(cap)})


@pytest.mark.parametrize("page_path", _chart_pages() or ["(no site built)"])
def test_a_tap_opens_a_marks_tooltip_inside_the_screen_and_a_tap_elsewhere_closes_it(page_path, server, browser):
    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    context, page, outside, errors = _phone(browser)
    tb._open(page, server, page_path)
    problems: list[str] = []
    taps = with_tips = 0
    lost = ""
    charts = page.evaluate("() => OC.charts.length")
    for i in range(charts):
        rows = page.evaluate("i => OC.tooltipRows(OC.charts[i].target).length", i)
        n = page.evaluate(_TAPPABLE, i)
        with_tips += bool(rows)
        if rows and not n:
            problems.append(f"chart {i}: {rows} tooltip rows but no mark a finger can tap")
            continue
        tapped = 0
        for k in _spread(n, TAPS_PER_CHART * 3):
            if tapped == TAPS_PER_CHART:
                break
            point = page.evaluate(_MARK_POINT, k)
            if point is None:
                continue  # under another mark, or off the screen: the next one
            tapped += 1
            taps += 1
            tip = _tap_and_read(page, point["x"], point["y"])
            if tip is None:
                problems.append(f"chart {i}, mark {k}: a tap opened no tooltip")
                continue
            said = _norm(tip["text"])
            missing = [v for v in point["values"] if _norm(v) not in said]
            if missing:
                problems.append(f"chart {i}, mark {k}: the tooltip lacks {missing[:3]}: {said[:120]}")
            if tip["left"] < 0 or tip["top"] < 0 or tip["right"] > WIDTH or tip["bottom"] > HEIGHT:
                problems.append(f"chart {i}, mark {k}: the tooltip runs off the screen: {tip}")
            quiet = page.evaluate(_QUIET_POINT)
            if quiet is None:
                problems.append(f"chart {i}: nowhere on the screen to tap beside the chart")
                continue
            page.touchscreen.tap(quiet["x"], quiet["y"])
            if not _closed(page):
                problems.append(f"chart {i}, mark {k}: a tap beside the chart left the tooltip open")
            # a tooltip past the screen's edge made the phone zoom the page out, and the
            # next taps landed elsewhere (on a link, once)
            screen = page.evaluate("() => [location.pathname, innerWidth, visualViewport.scale]")
            if not screen[0].endswith(page_path) or screen[1:] != [WIDTH, 1]:
                lost = f"chart {i}, mark {k}: after the taps the page is {screen}"
                break
        if lost:
            problems.append(lost)
            break
        if rows and not tapped:
            problems.append(f"chart {i}: no mark with a tooltip could be tapped (all covered or off the screen)")

    # on the first chart with a mark to tap: the same mark twice, and Escape, close it
    point, i = None, 0
    while not lost and point is None and i < charts:
        n = page.evaluate(_TAPPABLE, i)
        point = next((p for p in (page.evaluate(_MARK_POINT, k) for k in range(min(5, n))) if p), None)
        i += 1
    if point:
        if _tap_and_read(page, point["x"], point["y"]) is None:
            problems.append(f"chart {i - 1}: a tap opened no tooltip")
        else:
            page.touchscreen.tap(point["x"], point["y"])
            if not _closed(page):
                problems.append(f"chart {i - 1}: a second tap on the same mark left its tooltip open")
            if _tap_and_read(page, point["x"], point["y"]) is None:
                problems.append(f"chart {i - 1}: a third tap opened no tooltip")
            page.keyboard.press("Escape")
            if not _closed(page):
                problems.append(f"chart {i - 1}: Escape left the tooltip open")
    if not lost:
        spots, on_one_spot = _one_spot_problems(page)
        problems += on_one_spot
    context.close()

    assert taps > 0 or not with_tips, f"{page_path}: no mark tapped"
    assert problems == [], f"{page_path}: {taps} taps at {WIDTH} px: " + "; ".join(problems)
    assert outside == [] and errors == [], f"{page_path}: {outside} {errors}"


#: The table chart ``i``'s button opened: its headers and cells, whether it is showing, and
#: what the chart's tooltips say now.
_TABLE = """i => {
    const chart = OC.charts[i], button = chart.numbers && chart.numbers.button;
    const panel = button && document.getElementById(button.getAttribute('aria-controls'));
    const table = panel && panel.querySelector('table');
    return {
        expanded: button ? button.getAttribute('aria-expanded') : null,
        shown: !!(panel && !panel.hidden && panel.getBoundingClientRect().height > 0),
        caption: table && table.caption ? table.caption.textContent : '',
        headers: table ? [...table.querySelectorAll('thead th')].map(th => [th.scope, th.textContent]) : [],
        cells: table ? [...table.querySelectorAll('tbody tr')].map(tr => [...tr.cells].map(td => td.textContent)) : [],
        rows: OC.tooltipRows(chart.target),
    };
}"""


def _table_problems(i: int, got: dict) -> list[str]:
    """What is wrong with chart ``i``'s open numbers table against its tooltips."""
    rows = got["rows"]
    fields: list[str] = []
    for row in rows:
        fields += [k for k in row if k not in fields and any(r.get(k, "") != "" for r in rows)]
    problems = []
    if got["expanded"] != "true" or not got["shown"]:
        problems.append(f"chart {i}: the numbers are not showing ({got['expanded']}, {got['shown']})")
    if any(scope != "col" for scope, _ in got["headers"]):
        problems.append(f"chart {i}: a column header without scope=col")
    headers = [h for _, h in got["headers"]]
    if headers != fields:
        problems.append(f"chart {i}: columns {headers}, the tooltips' fields {fields}")
    expected = [[row.get(k, "") for k in fields] for row in rows]
    if got["cells"] != expected:
        first = next((j for j, (a, b) in enumerate(zip(got["cells"], expected)) if a != b), min(len(got["cells"]), len(expected)))
        problems.append(f"chart {i}: {len(got['cells'])} table rows against {len(expected)} marks with a tooltip; "
                        f"row {first}: {got['cells'][first:first + 1]} against {expected[first:first + 1]}")
    if not got["caption"].strip():
        problems.append(f"chart {i}: the table has no caption")
    return problems


def _move_a_control(page, i: int) -> str | None:
    """Change the controls of chart ``i`` one after another until what its tooltips say
    changes; the name of the control that did it, or None."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    controls = page.locator(".oc-vega").nth(i).locator(".vega-bindings select, .vega-bindings input[type=range]")
    for c in range(controls.count()):
        control = controls.nth(c)
        before = json.dumps(page.evaluate("i => OC.tooltipRows(OC.charts[i].target)", i))
        page.evaluate("s => { window.__ocRows = s; }", before)
        info = control.evaluate("el => ({tag: el.tagName, value: el.value, name: el.name, "
                                "options: el.tagName === 'SELECT' ? [...el.options].map(o => o.value) : []})")
        if info["tag"] == "SELECT":
            others = [o for o in info["options"] if o != info["value"]]
            if not others:
                continue
            control.select_option(others[-1])
        else:
            control.evaluate("""el => { const lo = +el.min, hi = +el.max, v = +el.value;
                el.value = (v - lo < hi - v) ? hi : lo;
                el.dispatchEvent(new Event('input', {bubbles: true}));
                el.dispatchEvent(new Event('change', {bubbles: true})); }""")
        try:
            page.wait_for_function("i => JSON.stringify(OC.tooltipRows(OC.charts[i].target)) !== window.__ocRows",
                                   arg=i, timeout=10_000, polling=100)
            return info["name"] or f"control {c}"
        except PlaywrightTimeout:
            continue
    return None


def _settled(page, i: int) -> dict:
    """Chart ``i``'s table once it agrees with the tooltips, or as it is after 5 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            """i => { const rows = OC.tooltipRows(OC.charts[i].target), fields = [];
                      rows.forEach(r => Object.keys(r).forEach(k => {
                          if (!fields.includes(k) && rows.some(q => (q[k] || '') !== '')) fields.push(k); }));
                      const want = JSON.stringify(rows.map(r => fields.map(k => r[k] === undefined ? '' : r[k])));
                      const panel = document.getElementById(OC.charts[i].numbers.button.getAttribute('aria-controls'));
                      const table = panel.querySelector('.oc-numbers-scroll > table');
                      const cells = table ? [...table.tBodies[0].rows].map(tr => [...tr.cells].map(td => td.textContent)) : [];
                      return JSON.stringify(cells) === want; }""",
            arg=i, timeout=5_000, polling=100)
    except PlaywrightTimeout:
        pass
    return page.evaluate(_TABLE, i)


@pytest.mark.parametrize("page_path", _chart_pages() or ["(no site built)"])
def test_the_keyboard_opens_each_charts_numbers_which_follow_its_controls(page_path, server, browser):
    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    context, page, outside, errors = _phone(browser)
    tb._open(page, server, page_path)
    problems: list[str] = []
    charts = page.evaluate("() => OC.charts.length")
    opened = []
    for i in range(charts):
        has_rows = page.evaluate("i => OC.tooltipRows(OC.charts[i].target).length > 0", i)
        panel_id = page.evaluate("i => OC.charts[i].target.id", i) + "-numbers"
        toggle = page.locator(f"button[aria-controls='{panel_id}']")
        if not has_rows:
            if toggle.count():
                problems.append(f"chart {i}: a numbers button on a chart without tooltips")
            continue
        if toggle.count() != 1:
            problems.append(f"chart {i}: {toggle.count()} numbers buttons")
            continue
        # from the focusable element before the button, one Tab reaches it
        reached = page.evaluate(
            """id => { const button = document.querySelector(`button[aria-controls='${id}']`);
                const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
                    .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
                // the nearest before it that takes focus (a heading's link shows only on hover)
                for (let k = all.indexOf(button) - 1; k >= 0; k--) {
                    all[k].focus();
                    if (document.activeElement === all[k]) return true;
                }
                return false; }""", panel_id)
        if not reached:
            problems.append(f"chart {i}: no focusable element before its numbers button")
            continue
        page.keyboard.press("Tab")
        if not toggle.evaluate("b => document.activeElement === b"):
            problems.append(f"chart {i}: Tab from the control before it did not reach the numbers button "
                            f"({page.evaluate('() => document.activeElement.outerHTML.slice(0, 80)')})")
            continue
        box = toggle.bounding_box()
        if box["height"] < 44:
            problems.append(f"chart {i}: the numbers button is {box['height']:.0f} px tall")
        if not _norm(toggle.inner_text()).startswith("Show the numbers"):
            problems.append(f"chart {i}: the button says {toggle.inner_text()!r}")
        page.keyboard.press("Enter")
        got = _settled(page, i)
        problems += _table_problems(i, got)
        # the table's scroll box is the next stop, named after the table
        page.keyboard.press("Tab")
        focus = page.evaluate("""() => { const e = document.activeElement;
            return {region: e.getAttribute('role'), name: e.getAttribute('aria-labelledby') &&
                    document.getElementById(e.getAttribute('aria-labelledby')).textContent,
                    inside: !!e.closest('.oc-numbers')}; }""")
        if not (focus["inside"] and focus["region"] == "region" and focus["name"]):
            problems.append(f"chart {i}: Tab after the button did not reach the table's named scroll box: {focus}")
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        if wide > WIDTH:
            problems.append(f"chart {i}: with its numbers open the page is {wide} px wide")
        moved = _move_a_control(page, i)
        if moved:
            after = _settled(page, i)
            problems += [p + f" (after moving {moved})" for p in _table_problems(i, after)]
        opened.append(i)

    # the dark colour scheme draws every chart again: the tables stay open and right
    tb._switch_theme(page, "dark")
    for i in opened:
        problems += [p + " (after the switch to dark)" for p in _table_problems(i, _settled(page, i))]

    # with every table open, in the dark scheme, nothing axe-core rates critical or serious
    page.add_script_tag(path=str(tb.AXE))
    violations = tb._axe_violations(page)

    # the drawing's name: one sentence, on the SVG itself
    names = page.evaluate("""() => OC.charts.map(c => { const svg = c.target.querySelector('svg.marks');
        return {role: svg && svg.getAttribute('role'), name: svg && svg.getAttribute('aria-label'),
                doubled: c.target.querySelectorAll('[role=graphics-document]').length}; })""")
    context.close()
    for i, n in enumerate(names):
        name = (n["name"] or "").strip()
        if n["role"] != "graphics-document" or not name:
            problems.append(f"chart {i}: the drawing has no name ({n})")
        elif re.search(r"[.!?]\s+[A-Z]", name) or not re.search(r"[.!?)]$", name):
            problems.append(f"chart {i}: the drawing's name is not one sentence: {name!r}")
        if n["doubled"] != 1:
            problems.append(f"chart {i}: {n['doubled']} elements named as the visualization")

    assert opened or charts == 0, f"{page_path}: no chart's numbers opened"
    assert violations == [], f"{page_path}: axe-core {tb.AXE_PIN}, numbers open, dark, {WIDTH} px: {violations}"
    assert problems == [], f"{page_path}: " + "; ".join(problems)
    assert outside == [] and errors == [], f"{page_path}: {outside} {errors}"


#: Chart ``i``'s first spot where two marks with different tooltips lie one on the other (a
#: finger or pointer there reaches both elements), scrolled to the middle of the screen:
#: where to tap, and the values of the one underneath that differ from the top one's; null
#: where no marks overlap.
_OVERLAP = """i => {
    const view = OC.charts[i].result.view, items = [];
    const tip = d => { d = Array.isArray(d) ? d[0] : d; return d && d.tooltip !== undefined && d.tooltip !== null && d.tooltip !== ''; };
    const visit = mark => (mark.items || []).forEach(item => {
        if (mark.marktype === 'group') { (item.items || []).forEach(visit); return; }
        if (!tip(item) || ['line', 'area', 'trail', 'rule'].includes(mark.marktype) || !item._svg) return;
        items.push(item);
    });
    visit(view.scenegraph().root);
    const box = item => { const r = item._svg.getBoundingClientRect();
                          return r.width < 3 || r.height < 3 ? null : [r.left + r.width / 2, r.top + r.height / 2]; };
    const fields = t => typeof t === 'object' && !Array.isArray(t) ? t : {Value: t};
    for (const a of items) {
        const p = box(a);
        if (!p) continue;
        for (const b of items) {
            const q = box(b);
            if (a === b || !q || Math.hypot(p[0] - q[0], p[1] - q[1]) > 1
                || JSON.stringify(a.tooltip) === JSON.stringify(b.tooltip)) continue;
            window.scrollBy(0, p[1] - innerHeight / 2);
            const [x, y] = box(a).map(Math.round);
            if (x < 1 || y < 1 || x > innerWidth - 1 || y > innerHeight - 1) continue;
            const under = document.elementsFromPoint(x, y).filter(e => tip(e.__data__));
            const top = under[0] && (Array.isArray(under[0].__data__) ? under[0].__data__[0] : under[0].__data__);
            if (!under.includes(a._svg) || !under.includes(b._svg) || !top || top.mark.marktype === 'line') continue;
            const other = top === a ? b : a, ta = fields(top.tooltip), tb = fields(other.tooltip);
            const values = Object.keys(tb).filter(k => String(tb[k]) !== String(ta[k]) && String(tb[k]).trim() !== '')
                .map(k => String(tb[k]));
            return {x, y, values};
        }
    }
    return null;
}"""


def _one_spot_problems(page) -> tuple[int, list[str]]:
    """Where marks with different tooltips lie on one spot (five CPU counts at 0 MiB/s, a
    model's point under the paper's diamond), a tap there lists every one of them: the
    values of the mark underneath are in the tooltip too. Returns how many spots were
    tapped (one per chart at most) and what was wrong."""
    problems, spots = [], 0
    for i in range(page.evaluate("() => OC.charts.length")):
        spot = page.evaluate(_OVERLAP, i)
        if spot is None:
            continue
        spots += 1
        tip = _tap_and_read(page, spot["x"], spot["y"])
        if tip is None:
            problems.append(f"chart {i}: a tap on marks lying on one spot opened no tooltip")
            continue
        said = _norm(tip["text"])
        missing = [v for v in spot["values"] if _norm(v) not in said]
        if missing or "also at this spot" not in said:
            problems.append(f"chart {i}: the tooltip lacks the mark underneath ({missing[:3]}): {said[:160]}")
        page.keyboard.press("Escape")
        _closed(page)
    return spots, problems
