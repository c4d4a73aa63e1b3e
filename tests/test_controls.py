"""The charts' sliders can be set exactly, by keyboard and by finger (issue 33, item 3).

A range slider alone cannot reach every value: the any-host memory slider had 63 steps of
8 GiB in 129 px, and 96 or 112 GiB could not be hit by dragging. ``overcommit.js`` puts a
number box beside every slider of a chart, bound to the same Vega signal, and marks the
paper's hosts on the memory and CPU sliders (a ``<datalist>``). On every page of the built
site with a slider, in Chromium:

- every slider has its number box, with the slider's minimum, maximum and step and a name
  for screen readers;
- on the sliders over the paper's grid (real memory, real CPUs), the marked stops are the
  paper's hosts, and typing each of them into the box sets the slider to exactly that value
  and redraws the chart;
- ArrowRight moves a slider by exactly one step, and the box follows;
- on a 390 px phone, the slider and the box are at least 44 px tall.

Screenshots of the any-host chart at 1280 and 390 px, light and dark, go to SHOTS
(``controls-any-host-<width>-<scheme>.png``) for a person to look at. Skipped, like
test_browser, when the site or Chromium is missing.
"""

from __future__ import annotations

import re

import pytest

import test_browser
from test_browser import SHOTS, SITE, _DRAWN, _SIGNATURE, _block_other_hosts, _offline_page, _open, _pages

#: test_browser's fixtures (its local server of the built site, its Chromium), used here too
server, browser = test_browser.server, test_browser.browser

pytestmark = pytest.mark.browser

#: the slider labels of the controls over the paper's grid, and which of the paper's
#: coordinates each takes (memory GiB, CPUs)
GRID_LABELS = {"Real memory (GiB)": 0, "Real CPUs": 1}


def _paper_hosts() -> tuple[list[int], list[int]]:
    """The memory sizes and CPU counts of the hosts the paper ran, from the package (not from
    the page: a page that marked the wrong stops must fail)."""
    from overcommit.book.figures import paper_ran_cids

    hosts = [tuple(int(x) for x in cid.split("/")) for cid in paper_ran_cids()]
    return sorted({m for m, _ in hosts}), sorted({c for _, c in hosts})


def _range_pages() -> list[str]:
    """Pages whose charts bind a parameter to a slider (Vega-Lite ``"input": "range"``)."""
    found = []
    for page in _pages():
        html = (SITE / page).read_text(errors="replace")
        for spec in re.findall(r'<script type="application/json" class="oc-vega-spec"[^>]*>(.*?)</script>', html, re.S):
            if '"input":"range"' in spec.replace(" ", ""):
                found.append(page)
                break
    return found


#: every slider of the page: its chart, its bound name (label), its range, its number box
_SLIDERS = """() => [...document.querySelectorAll('.vega-embed')].flatMap((embed, chart) =>
    [...embed.querySelectorAll('.vega-bind input[type=range]')].map((range, k) => {
        const bind = range.closest('.vega-bind'), box = bind.querySelector('input.oc-exact');
        const list = range.list;
        return {chart, k, name: range.name, label: (bind.querySelector('.vega-bind-name') || {}).textContent?.trim() || '',
                min: range.min, max: range.max, step: range.step, value: range.value,
                box: box && {type: box.type, min: box.min, max: box.max, step: box.step, value: box.value,
                             label: box.getAttribute('aria-label') || ''},
                stops: list ? [...list.options].map(o => +o.value) : null};
    }))"""


def _decimals(step: str) -> int:
    return len(step.split(".")[1]) if "." in step else 0


@pytest.mark.parametrize("page_path", _range_pages() or ["(no site built)"])
def test_every_slider_can_be_set_exactly(page_path, server, browser):
    if page_path == "(no site built)":
        pytest.skip("no built site with sliders: run `make book` first")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    memory_hosts, cpu_hosts = _paper_hosts()
    context, page, outside, errors = _offline_page(browser, 1280, 900)
    _open(page, server, page_path)
    sliders = page.evaluate(_SLIDERS)
    problems: list[str] = []
    assert sliders, f"{page_path}: no slider drawn"
    for s in sliders:
        where = f"chart {s['chart']}, {s['label'] or s['name']}"
        box = s["box"]
        if not box:
            problems.append(f"{where}: no number box")
            continue
        if (box["type"], box["min"], box["max"], box["step"]) != ("number", s["min"], s["max"], s["step"]):
            problems.append(f"{where}: number box {box} does not match the slider {s['min']}..{s['max']} by {s['step']}")
        if not box["label"].startswith(s["label"]) or not s["label"]:
            problems.append(f"{where}: number box named {box['label']!r}")
        if float(box["value"]) != float(s["value"]):
            problems.append(f"{where}: number box shows {box['value']}, slider {s['value']}")
    assert problems == [], f"{page_path}: {problems}"

    ranges = page.locator(".vega-embed .vega-bind input[type=range]")
    boxes = page.locator(".vega-embed .vega-bind input.oc-exact")
    for i, s in enumerate(sliders):
        where = f"chart {s['chart']}, {s['label']}"
        rng, box = ranges.nth(i), boxes.nth(i)
        # the keyboard: one step right (left at the top of the range), the box following
        lo, hi, step, digits = float(s["min"]), float(s["max"]), float(s["step"]), _decimals(s["step"])
        before = float(rng.input_value())
        key, expected = ("ArrowRight", before + step) if before + step <= hi + 1e-9 else ("ArrowLeft", before - step)
        rng.focus()
        rng.press(key)
        after = float(rng.input_value())
        if round(after - expected, digits + 3) != 0:
            problems.append(f"{where}: {key} moved {before} to {after}, expected {round(expected, digits)}")
        try:
            page.wait_for_function("([el, v]) => +el.value === v", arg=[box.element_handle(), after], timeout=5_000)
        except PlaywrightTimeout:
            problems.append(f"{where}: after {key} the box shows {box.input_value()}, the slider {after}")

        # exact values: the paper's hosts on the grid's sliders, else one step above the minimum
        kind = next((v for label, v in GRID_LABELS.items() if s["label"].startswith(label)), None)
        if kind is not None:
            expected_stops = (memory_hosts, cpu_hosts)[kind]
            if s["stops"] != expected_stops:
                problems.append(f"{where}: marked stops {s['stops']}, expected the paper's {expected_stops}")
            targets = [v for v in expected_stops if lo <= v <= hi]
        else:
            targets = [round(lo + step, digits)]
        for value in targets:
            current = float(rng.input_value())
            if current == value:  # nothing would redraw: start from a neighbour
                box.fill(str(round(value - step if value - step >= lo else value + step, digits)))
                box.press("Enter")
                page.wait_for_function("([el, v]) => +el.value !== v", arg=[rng.element_handle(), value], timeout=5_000)
            page.evaluate(f"i => {{ window.__ocBefore = {_SIGNATURE}(i); }}", s["chart"])
            box.fill(str(value))
            box.press("Enter")
            try:
                page.wait_for_function(f"i => {_SIGNATURE}(i) !== window.__ocBefore", arg=s["chart"], timeout=10_000,
                                       polling=50)
            except PlaywrightTimeout:
                if kind is not None:
                    problems.append(f"{where}: typing {value} did not redraw the chart")
            if float(rng.input_value()) != value or float(box.input_value()) != value:
                problems.append(f"{where}: typing {value} left the slider at {rng.input_value()}, the box at {box.input_value()}")
    context.close()
    assert problems == [], f"{page_path}: {problems}"
    assert errors == [] and outside == [], (errors, outside)


@pytest.mark.parametrize("page_path", _range_pages() or ["(no site built)"])
def test_sliders_and_number_boxes_are_finger_sized_on_a_phone(page_path, server, browser):
    """At 390 px every slider's box and every number box is at least 44 px tall (WCAG 2.5.5),
    and neither runs off the screen."""
    if page_path == "(no site built)":
        pytest.skip("no built site with sliders: run `make book` first")
    context, page, outside, errors = _offline_page(browser, 390, 844)
    _open(page, server, page_path)
    sizes = page.evaluate("""() => [...document.querySelectorAll('.vega-bind input[type=range], .vega-bind input.oc-exact')]
        .map(el => { const r = el.getBoundingClientRect();
                     return {what: el.type + ' ' + el.name + (el.getAttribute('aria-label') || ''),
                             height: r.height, left: r.left, right: r.right}; })""")
    context.close()
    assert sizes, f"{page_path}: no slider drawn at 390 px"
    small = [s for s in sizes if s["height"] < 44]
    off = [s for s in sizes if s["left"] < 0 or s["right"] > 390]
    assert small == [] and off == [], f"{page_path}: under 44 px {small}; off screen {off}"


def test_any_host_chart_screenshots_light_and_dark(server, browser):
    """The any-host chart of the results overview at 1280 and 390 px, in the light and the
    dark colour scheme (the browser's and the theme's), with its memory set to 96 GiB from
    the number box: screenshots for a person to look at, and the chart says the host."""
    page_path = "book/results_overall.html"
    if not (SITE / page_path).exists():
        pytest.skip("no built site: run `make book` first")
    for width, height in ((1280, 900), (390, 844)):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
            # the book opens in light mode whatever the browser prefers: the reader's switch,
            # remembered by the theme, sets the scheme
            context.add_init_script(f"localStorage.setItem('mode', '{scheme}'); localStorage.setItem('theme', '{scheme}');")
            _block_other_hosts(context, [])
            page = context.new_page()
            page.goto(f"{server}/{page_path}", wait_until="load")
            page.wait_for_function(_DRAWN, arg=scheme, timeout=60_000, polling=100)
            chart = page.locator(".oc-chart", has=page.locator("input.oc-exact")).first
            box = chart.locator("input.oc-exact").first
            box.fill("96")
            box.press("Enter")
            page.wait_for_function("el => el.innerText.includes('96 GiB') || el.querySelector('svg').textContent.includes('96 GiB')",
                                   arg=chart.element_handle(), timeout=10_000)
            chart.scroll_into_view_if_needed()
            chart.screenshot(path=str(SHOTS / f"controls-any-host-{width}-{scheme}.png"))
            assert chart.locator("input[type=range]").first.input_value() == "96"
            context.close()
