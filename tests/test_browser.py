"""The built site in a real browser: Debian's Chromium, headless, driven by Playwright.

Every page of ``_build/html`` is visited twice. At 1280 px: no request to any host other
than 127.0.0.1 (all such requests are blocked and counted), no console error or warning, no
page error, every chart rendered (an SVG or a canvas inside each ``.vega-embed``), no file
missing, no ipywidget view, and no critical or serious axe-core violation in the light
colour scheme nor in the dark one; a full-page screenshot of the page as it loads goes to
``_build/screenshots/``. At 390 px, a phone: the page does not pan sideways, every chart
control is on the screen and above its chart, every bound control redraws its chart, no
console error or warning, and no critical or serious axe-core violation in the light colour
scheme nor in the dark one; a full-page screenshot of that goes to ``_build/screenshots/`` too, so that a person
can look at both. The visits are independent of each other: ``pytest -n 2`` (pytest-xdist)
runs them two at a time, each worker with its own server and browser.

Run after ``make book`` (``make test`` does both). Skipped, with the reason, when the site
or the browser is missing; CI installs Chromium (.ci/run) and builds first, so there it
runs.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import socketserver
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("OVERCOMMIT_SITE", ROOT / "_build" / "html"))
SHOTS = Path(os.environ.get("OVERCOMMIT_SHOTS", ROOT / "_build" / "screenshots"))
CHROMIUM = os.environ.get("OVERCOMMIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]

pytestmark = pytest.mark.browser


def _pages() -> list[str]:
    if not SITE.is_dir():
        return []
    return sorted(str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if "_static" not in p.parts)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output readable
        pass


def serve(handler_class, suffix: str = ""):
    """Serve the built site with ``handler_class`` on a free local port; yields its URL
    (with ``suffix``) until the generator is closed. Skips when no site is built."""
    if not (SITE / "index.html").exists():
        pytest.skip("no built site: run `make book` first")
    handler = functools.partial(handler_class, directory=str(SITE))
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}{suffix}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def server():
    yield from serve(_QuietHandler)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The axe-core release package.json pins: the file injected must be that release (`npm ci`
#: installs it from package-lock.json), so that the pin and the rules checked cannot drift.
AXE_PIN = json.loads((ROOT / "package.json").read_text())["dependencies"]["axe-core"]

#: What chart ``i`` shows (its SVG markup, or its canvas's pixels), as a JavaScript expression.
_SIGNATURE = """(i => { const el = document.querySelectorAll('.vega-embed')[i];
                       const svg = el && el.querySelector('svg');
                       if (svg) return svg.outerHTML;
                       const canvas = el && el.querySelector('canvas');
                       return canvas ? canvas.toDataURL() : ''; })"""

#: True once every chart has been drawn for colour scheme ``t`` (overcommit.js marks each
#: ``data-oc-theme`` when its drawing, narrowing for a phone included, is finished), or says
#: in text that it could not be drawn.
_DRAWN = """t => [...document.querySelectorAll('.oc-vega')].every(d =>
               (d.dataset.ocTheme === t && d.querySelector('svg, canvas')) || (!d.querySelector('svg, canvas') && d.textContent))"""

#: The charts of the page without an SVG or a canvas in their ``.vega-embed``.
_UNRENDERED = """() => Array.from(document.querySelectorAll('.oc-vega')).filter(
                     el => !el.classList.contains('vega-embed') || !el.querySelector('svg, canvas')
                 ).map(el => el.id)"""


def _shot(page_path: str, suffix: str = "") -> str:
    return str(SHOTS / (page_path.replace("/", "__").removesuffix(".html") + suffix + ".png"))


def _block_other_hosts(context, outside: list[str]) -> None:
    """Let requests to the local server (and data:/blob: URLs) through; abort every other
    one and record it in ``outside``."""

    def route(route):
        host = urlparse(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)


def _offline_page(browser, width: int, height: int, timeout: int = 90_000, warnings: bool = True):
    """A page in a new browser context of ``width`` x ``height`` (light colour scheme) that
    reaches only the local server. Returns (context, page, outside, errors): the requests
    aborted for another host, and the page's errors, with console errors and warnings when
    ``warnings``."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="light")
    outside: list[str] = []
    errors: list[str] = []
    _block_other_hosts(context, outside)
    context.set_default_timeout(timeout)
    page = context.new_page()
    if warnings:
        page.on("console", lambda msg: errors.append(f"{msg.type}: {msg.text}")
                if msg.type in ("error", "warning") else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, outside, errors


def _open(page, server: str, page_path: str) -> None:
    """Load the page (following the root index's redirect to the first chapter), wait until
    every chart is drawn, or at most a minute (a chart never drawn is reported by the
    caller's checks, not as a time-out), and until MathJax has typeset the page."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"{server}/{page_path}", wait_until="load")
    if "http-equiv=\"Refresh\"" in (SITE / page_path).read_text(errors="replace")[:500]:
        page.wait_for_url("**/book/*.html")  # the root index redirects to the first chapter
        page.wait_for_load_state("load")
    try:
        page.wait_for_function(_DRAWN, arg="light", timeout=60_000, polling=100)
    except PlaywrightTimeout:
        pass
    page.evaluate("""async () => {
        if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise;
        await document.fonts.ready; }""")


def _axe_violations(page) -> list[str]:
    version = page.evaluate("() => axe.version")
    assert version == AXE_PIN, f"{AXE} is axe-core {version}, package.json pins {AXE_PIN}: run `npm ci`"
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations'], preload: false})).violations
            .filter(v => v.impact === 'critical' || v.impact === 'serious')
            .map(v => v.id + ' (' + v.impact + ', ' + v.nodes.length + '): ' + v.nodes[0].html.slice(0, 120))"""
    )
    return list(found)


def _switch_theme(page, theme: str) -> None:
    """Switch the page to the ``theme`` colour scheme as the theme's own switch does, and wait
    until overcommit.js has redrawn every chart for it (it marks each ``data-oc-theme``; a
    chart that could not be drawn says so in text instead)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.evaluate("t => { document.documentElement.dataset.theme = t; document.documentElement.dataset.mode = t; }", theme)
    page.wait_for_function(_DRAWN, arg=theme, timeout=60_000, polling=100)
    # the theme fades its colours from one scheme to the other (CSS transitions): a page
    # checked half-way had the search button's grey words on a background still white
    try:
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running' || a.effect"
                               " && a.effect.getTiming().iterations === Infinity)", timeout=5_000, polling=100)
    except PlaywrightTimeout:
        pass


def _exercise_controls(page, index: int) -> list[str]:
    """Change every bound control of chart ``index`` once; return the ones after which the
    chart did not change within 10 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    embed = page.locator(".vega-embed").nth(index)
    dead = []
    controls = embed.locator(".vega-bindings select, .vega-bindings input")
    for k in range(controls.count()):
        control = controls.nth(k)
        info = control.evaluate(
            """el => ({tag: el.tagName.toLowerCase(), kind: el.type, value: el.value,
                       name: el.name || el.closest('label')?.innerText || '',
                       options: el.tagName === 'SELECT' ? Array.from(el.options).map(o => o.value) : []})""")
        name = info["name"] or f"control {k}"
        page.evaluate(f"i => {{ window.__ocBefore = {_SIGNATURE}(i); }}", index)
        if info["tag"] == "select":
            options, current = info["options"], info["value"]
            others = [o for o in options if o != current]
            if not others:
                dead.append(f"{name} (a select with one option)")
                continue
            # Try the option farthest away in the list: neighbours may legitimately agree.
            control.select_option(others[-1] if options.index(current) < len(options) / 2 else others[0])
        elif info["kind"] == "range":
            control.evaluate(
                """el => { const lo = +el.min, hi = +el.max, v = +el.value;
                           el.value = (v - lo < hi - v) ? hi : lo;
                           el.dispatchEvent(new Event('input', {bubbles: true}));
                           el.dispatchEvent(new Event('change', {bubbles: true})); }"""
            )
        elif info["kind"] in ("checkbox", "radio"):
            control.click()
        else:
            continue
        try:  # up to 10 s for the redraw on a loaded machine
            page.wait_for_function(f"i => {_SIGNATURE}(i) !== window.__ocBefore", arg=index,
                                   timeout=10_000, polling=50)
        except PlaywrightTimeout:
            dead.append(name)
    return dead


@pytest.mark.parametrize("page_path", _pages() or ["(no site built)"])
def test_page_offline_drawn_complete_and_accessible_in_light_mode(page_path, server, browser):
    """At 1280 px the page asks no other host for anything (every such request is blocked
    and counted), logs no console error or warning and throws no error, draws every chart
    (an SVG or a canvas), finds every file it asks for, carries no ipywidget view, and
    axe-core's default rules (WCAG 2 A and AA, best practices) find no critical or serious
    violation in the light colour scheme, nor in the dark one. A full-page screenshot of
    the page as it loads goes to SHOTS."""
    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    assert AXE.exists(), f"{AXE} missing: `npm ci` (make vendor) installs axe-core"
    # Generous timeouts: on a busy 2-core machine a page with several charts can take a
    # while; "networkidle" is not used because it waits on timers, not on our content.
    context, page, outside, errors = _offline_page(browser, 1280, 900)
    missing: list[str] = []
    page.on("response", lambda r: missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    _open(page, server, page_path)
    unrendered = page.evaluate(_UNRENDERED)
    widget_views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    page.screenshot(path=_shot(page_path), full_page=True)
    missing_before_axe = list(missing)  # axe's own fetches are not the page's
    page.add_script_tag(path=str(AXE))
    violations = _axe_violations(page)
    _switch_theme(page, "dark")  # the wide page in dark colours too: 1280 px, both schemes
    dark_violations = _axe_violations(page)
    context.close()

    assert outside == [], f"{page_path}: requests to other hosts: {outside}"
    assert missing_before_axe == [], f"{page_path}: missing files: {missing_before_axe}"
    assert errors == [], f"{page_path}: console errors or warnings: {errors}"
    assert unrendered == [], f"{page_path}: charts without SVG/canvas: {unrendered}"
    assert widget_views == 0, f"{page_path}: {widget_views} ipywidget view(s) in static HTML"
    assert violations == [], f"{page_path}: axe-core {AXE_PIN}, light mode: {violations}"
    assert dark_violations == [], f"{page_path}: axe-core {AXE_PIN}, dark mode, 1280 px: {dark_violations}"


@pytest.mark.parametrize("page_path", _pages() or ["(no site built)"])
def test_phone_layout_controls_and_dark_mode(page_path, server, browser):
    """On a 390 x 844 phone screen: the page does not pan sideways, every chart control is
    inside the screen (controls sit above their chart and wrap), every bound control
    redraws its (narrowed) chart, nothing is logged as a console error or warning, no other
    host is asked for anything, and axe-core's default rules (WCAG 2 A and AA, best
    practices) find no critical or serious violation, in the light colour scheme and
    switched to the dark one. A
    full-page screenshot of the dark phone page, its controls moved, goes to SHOTS as
    ``<page>-390.png``."""
    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    assert AXE.exists(), f"{AXE} missing: `npm ci` (make vendor) installs axe-core"
    # errors and warnings, as at 1280 px: the phone layout draws every chart narrower, and
    # Vega logs a chart's problems (a layer a control leaves empty, conflicting legends) as
    # console warnings
    context, page, outside, errors = _offline_page(browser, 390, 844)
    _open(page, server, page_path)
    layout = page.evaluate(
        """() => ({
            width: document.documentElement.scrollWidth,
            outside: [...document.querySelectorAll('.vega-bindings select, .vega-bindings input')]
                .filter(c => { const r = c.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; })
                .map(c => c.closest('label')?.innerText.trim().slice(0, 40) || c.name),
            below: [...document.querySelectorAll('.vega-embed .chart-wrapper')]
                .filter(w => { const b = w.querySelector('.vega-bindings'), s = w.querySelector('svg, canvas');
                               return b && s && b.getBoundingClientRect().top > s.getBoundingClientRect().top; }).length,
        })"""
    )
    unrendered = page.evaluate(_UNRENDERED)
    dead = [f"chart {i}: {name}" for i in range(page.locator(".vega-embed").count())
            for name in _exercise_controls(page, i)]
    page.add_script_tag(path=str(AXE))
    light_violations = _axe_violations(page)  # the phone in light colours too: 390 px, both schemes
    _switch_theme(page, "dark")  # overcommit.js redraws every chart in dark colours
    violations = _axe_violations(page)
    page.screenshot(path=_shot(page_path, "-390"), full_page=True)
    context.close()

    assert outside == [], f"{page_path}: requests to other hosts: {outside}"
    assert layout["width"] <= 390, f"{page_path}: the page is {layout['width']} px wide at 390"
    assert layout["outside"] == [] and layout["below"] == 0, f"{page_path}: {layout}"
    assert unrendered == [], f"{page_path}: charts without SVG/canvas at 390 px: {unrendered}"
    assert dead == [], f"{page_path}: controls that change nothing: {dead}"
    assert errors == [], f"{page_path}: console errors or warnings at 390 px: {errors}"
    assert light_violations == [], f"{page_path}: axe-core {AXE_PIN}, light mode, 390 px: {light_violations}"
    assert violations == [], f"{page_path}: axe-core {AXE_PIN}, dark mode: {violations}"


# --- self-check boxes: seeded exercises and fixed answers -------------------------------------


def _selfcheck_pages() -> list[str]:
    return [p for p in _pages() if 'class="oc-selfcheck"' in (SITE / p).read_text(errors="replace")]


def _bank(topic: str, seed) -> dict:
    """A seeded variant (``topic``, ``seed``), from the file of a few seeds that holds it, or,
    with topic ``"check"``, a fixed answer."""
    import json

    from overcommit.exercises import web

    if topic == "check":
        return json.loads((SITE / "_static" / "exercises" / topic / f"{seed}.json").read_text())
    return web.read_variant(SITE / "_static" / "exercises", topic, int(seed))


def _wrong(answer):
    """A clearly wrong answer of the same shape: numbers moved far outside any tolerance,
    the fault tiers swapped."""
    items = answer if isinstance(answer, list) else [answer]
    first = items[0]
    if isinstance(first, str):
        changed = "z/VM" if first.lower() == "linux" else "Linux"
    else:
        changed = first * 1.5 + 7
    return [changed] + items[1:] if isinstance(answer, list) else changed


def _check_fixed_box(box, expect) -> None:
    """A fixed-answer box: says how many answers it wants, refuses a wrong answer, accepts
    the package's, and (student edition) shows no worked solution."""
    import json

    key = box.get_attribute("data-check")
    expected = _bank("check", key)
    items = len(expected["answer"]) if isinstance(expected["answer"], list) else 1
    expect(box.locator(".oc-sc-hint")).to_contain_text("Type one answer" if items == 1 else f"Type {items} answers")
    feedback = box.locator(".oc-sc-feedback")
    box.locator(".oc-sc-answer").fill(json.dumps(_wrong(expected["answer"])))
    box.locator(".oc-sc-check").click()
    expect(feedback).to_contain_text("Not quite")
    box.locator(".oc-sc-answer").fill(json.dumps(expected["answer"]))
    box.locator(".oc-sc-check").click()
    expect(feedback).to_contain_text("Correct (checked:")
    assert ("solution" in expected) == box.locator(".oc-sc-solution").is_visible(), f"{key}: worked solution shown in the wrong edition"


def test_every_chapter_has_a_selfcheck_box():
    """Every chapter with exercises lets a reader check at least one answer in the page."""
    if not SITE.is_dir():
        pytest.skip("no built site: run `make book` first")
    with_exercises = [p for p in _pages() if 'class="exercise' in (SITE / p).read_text(errors="replace")]
    without = sorted(set(with_exercises) - set(_selfcheck_pages()))
    assert len(with_exercises) >= 18 and without == [], f"chapters with exercises but no self-check box: {without}"


def test_selfcheck_pages_exist():
    if not SITE.is_dir():
        pytest.skip("no built site: run `make book` first")
    pages = _selfcheck_pages()
    assert len(pages) >= 5, f"self-check boxes on {pages}"
    assert _bank("dat", 999)["seed"] == 999


@pytest.mark.parametrize("page_path", _selfcheck_pages() or ["(no site built)"])
def test_selfcheck_boxes_answer_every_seed(page_path, server, browser):
    """For every box: another seed shows another question (the package's, for that seed);
    the right answer is accepted and a wrong one refused, with the tolerance named; a bad
    seed gets a clear message. No request leaves 127.0.0.1."""
    import json

    from playwright.sync_api import expect

    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    context, page, outside, errors = _offline_page(browser, 390, 844, timeout=60_000, warnings=False)
    page.goto(f"{server}/{page_path}", wait_until="load")
    boxes = page.locator(".oc-selfcheck")
    assert boxes.count() >= 1
    for k in range(boxes.count()):
        box = boxes.nth(k)
        if box.get_attribute("data-check"):
            _check_fixed_box(box, expect)
            continue
        box.locator(".oc-sc-seed").wait_for()
        topic = box.get_attribute("data-topic")
        default = int(box.get_attribute("data-seed"))
        questions = []
        # 999: the last file of variants, which holds fewer seeds than the others
        for seed in ((default + 1) % 1000, (default + 500) % 1000, 999):
            expected = _bank(topic, seed)
            box.locator(".oc-sc-seed").fill(str(seed))
            box.locator(".oc-sc-show").click()
            expect(box.locator(".oc-sc-question")).to_contain_text(f"Your question (seed {seed})")
            shown = box.locator(".oc-sc-question").inner_html()
            assert expected["question"].strip()[:200] in shown, f"{topic} seed {seed}: question is not the package's"
            questions.append(shown)
            feedback = box.locator(".oc-sc-feedback")
            box.locator(".oc-sc-answer").fill(json.dumps(_wrong(expected["answer"])))
            box.locator(".oc-sc-check").click()
            expect(feedback).to_contain_text("Not quite")  # a wrong answer is refused
            box.locator(".oc-sc-answer").fill(json.dumps(expected["answer"]))
            box.locator(".oc-sc-check").click()
            expect(feedback).to_contain_text("Correct (checked:")
            unit = (expected.get("units") or [None])[0]
            if isinstance(expected["answer"], (int, float)) and unit is not None:  # as a person writes it, with a unit
                typed = {"fraction": f"{expected['answer'] * 100:g} %", "ratio": f"{expected['answer']}:1"}.get(
                    unit, f"{expected['answer']} {unit}")
                box.locator(".oc-sc-answer").fill(typed)
                box.locator(".oc-sc-check").click()
                expect(feedback).to_contain_text("Correct (checked:")
                box.locator(".oc-sc-answer").fill(f"{expected['answer']} {'GiB' if unit in ('s', 'ms', 'min') else 's'}")
                box.locator(".oc-sc-check").click()
                expect(feedback).to_contain_text("Not quite: not ")  # a unit of another kind is refused
        assert questions[0] != questions[1], f"{topic}: two seeds showed the same question"
        box.locator(".oc-sc-seed").fill("1000")
        box.locator(".oc-sc-show").click()
        expect(box.locator(".oc-sc-feedback")).to_contain_text("is not accepted; type a whole number from 0 to 999")
    page.screenshot(path=str(SHOTS / (page_path.replace("/", "__").removesuffix(".html") + "-selfcheck-390.png")), full_page=False)
    context.close()
    assert outside == [], f"{page_path}: requests to other hosts: {outside}"
    assert errors == [], f"{page_path}: page errors: {errors}"


def test_a_practice_seed_offers_its_worked_solution_after_three_wrong_tries(server, browser):
    """Student edition: Enter in the seed box shows the question, Enter in the answer box
    checks; after a wrong try the box says which part is off and how; the practice seed's
    worked solution is offered after the third wrong try, not before, and a fixed exercise's
    (whose solution is the instructor's) never is. The hint states units and tolerance
    before any Check."""
    from playwright.sync_api import expect

    context, page, outside, errors = _offline_page(browser, 390, 844, timeout=30_000)
    page.goto(f"{server}/book/paging.html", wait_until="load")
    box = page.locator('.oc-selfcheck[data-topic="paging"]').first
    expected = _bank("paging", 17)
    assert expected.get("solution"), "the student edition carries the practice seeds' worked solutions"
    box.locator(".oc-sc-seed").fill("17")
    box.locator(".oc-sc-seed").press("Enter")
    expect(box.locator(".oc-sc-question")).to_contain_text("Your question (seed 17)")
    expect(box.locator(".oc-sc-hint")).to_contain_text("Type 2 answers, separated by commas")
    expect(box.locator(".oc-sc-hint")).to_contain_text("within")
    answer, feedback, solution = box.locator(".oc-sc-answer"), box.locator(".oc-sc-feedback"), box.locator(".oc-sc-solution")
    rho, ms = expected["answer"]
    for k, typed in enumerate([f"{rho}, {ms * 2} ms", f"{rho}, {ms / 2}", f"{rho * 3}, {ms}"], start=1):
        answer.fill(typed)
        answer.press("Enter")
        expect(feedback).to_contain_text("Not quite")
        expect(feedback).to_contain_text(["part 2 is too high", "part 2 is too low", "part 1 is too high"][k - 1])
        if k < 3:
            expect(solution).to_be_hidden()
    expect(solution).to_be_visible()
    assert not solution.evaluate("d => d.open"), "offered folded, for the student to open"
    solution.locator("summary").click()
    assert expected["solution"].replace("\n", "")[:80] in solution.inner_html().replace("\n", "")
    answer.fill(f"{rho * 100:.2f} %, {ms / 1000} s")
    answer.press("Enter")
    expect(feedback).to_contain_text("Correct (checked:")
    # a fixed exercise: no worked solution in the student edition, however many tries
    page.goto(f"{server}/book/results_db.html", wait_until="load")
    fixed = page.locator(".oc-selfcheck[data-check]").first
    expect(fixed.locator(".oc-sc-hint")).to_contain_text("(in min)")
    for _ in range(4):
        fixed.locator(".oc-sc-answer").fill("1 kg")
        fixed.locator(".oc-sc-answer").press("Enter")
        expect(fixed.locator(".oc-sc-feedback")).to_contain_text("not in min")
    expect(fixed.locator(".oc-sc-solution")).to_be_hidden()
    context.close()
    assert outside == [] and errors == [], (outside, errors)


# --- raw output, figures, page size ------------------------------------------------------

#: Text that only appears when Python or pandas output reaches the page unformatted.
RAW_OUTPUT = ("np.float64(", "np.int64(", "dtype:", "array([", "Name: ", "&lt;NA&gt;", ".000000<")


@pytest.mark.parametrize("page_path", _pages() or ["(no site built)"])
def test_no_raw_python_output_in_the_text(page_path):
    """Numbers reach the reader formatted: no NumPy reprs, pandas dtype lines or six-decimal
    floats, no Markdown table printed as a paragraph, and no cross-reference left
    unresolved."""
    import re

    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    html = (SITE / page_path).read_text(errors="replace")
    body = html.split('<main', 1)[-1]
    found = [p for p in RAW_OUTPUT if p in body]
    # a table's rule row as text: only prose gets its "---" turned into dashes, so code
    # blocks (which keep hyphens) cannot match
    found += re.findall(r"\|:?[—–]+:?\|", body)[:1]
    unresolved = [m.group(0)[:120] for m in re.finditer(r'<span class="xref[^"]*">[^<]*</span>', body)
                  if not re.search(r'<a [^>]*>\s*$', body[max(0, m.start() - 400):m.start()])]
    assert found == [] and unresolved == [], f"{page_path}: raw output {found}, unresolved references {unresolved}"


@pytest.mark.parametrize("page_path", _pages() or ["(no site built)"])
def test_every_chart_is_a_numbered_figure_with_its_caption(page_path):
    """Each chart sits in a ``<figure>`` whose ``<figcaption>`` starts with its number
    ("Chart N"), so a screen reader ties the caption to the chart and the text can point at
    it ({numref}); numbers are unique across the book."""
    from bs4 import BeautifulSoup

    if page_path == "(no site built)":
        pytest.skip("no built site: run `make book` first")
    soup = BeautifulSoup((SITE / page_path).read_text(errors="replace"), "html.parser")
    loose, numbers = [], []
    for chart in soup.select("div.oc-chart"):
        figure = chart.find_parent("figure")
        caption = figure.find("figcaption") if figure else None
        number = caption.select_one(".caption-number") if caption else None
        if number is None:
            loose.append(chart.get("aria-label", "")[:60])
        else:
            numbers.append(number.get_text(strip=True))
    assert loose == [], f"{page_path}: charts outside a numbered figure: {loose}"
    assert all(n.startswith("Chart ") for n in numbers) and len(set(numbers)) == len(numbers), numbers


def test_every_page_stays_under_one_and_a_half_megabytes():
    """No page reaches 1.5 MB: the runs behind the "any host" charts are one shared data
    file (``_static/data/any_cid.csv``), not data inlined in the page."""
    pages = _pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    heavy = {p: (SITE / p).stat().st_size for p in pages if (SITE / p).stat().st_size >= 1_500_000}
    assert not heavy, heavy
    grid = SITE / "_static" / "data" / "any_cid.csv"
    assert grid.exists() and grid.stat().st_size > 100_000


#: pages with a live explorer (each links the classroom kit)
EXPLORER_PAGES = 18


def test_every_explorer_box_and_the_intro_link_the_classroom_kit(server, browser):
    """Every live-explorer card and the introduction link the kit, the link resolves from the
    page (HTTP 200, a zip, the file the build wrote), and a reader sees it at 1280 and at
    390 px. A card is no frozen copy of the explorer: no chart, no control, no numbered
    figure, no "key = value" list of its settings."""
    import urllib.request
    from urllib.parse import urljoin

    from bs4 import BeautifulSoup

    pages = _pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    kit = SITE / "_static" / "overcommitted-kit.zip"
    assert kit.exists(), "no classroom kit in the site"
    with_explorers, targets = [], set()
    for page_path in pages:
        soup = BeautifulSoup((SITE / page_path).read_text(encoding="utf-8"), "html.parser")
        boxes = soup.select(".oc-explorer-card")
        if boxes:
            with_explorers.append(page_path)
        links = [box.select_one("a.oc-kit-link") for box in boxes]
        assert all(links), f"{page_path}: an explorer box without the kit link"
        for box in boxes:
            frozen = box.find_parent(class_="oc-explorer") or box
            assert not frozen.select(".oc-chart, input, select") and not box.find_parent("figure"), \
                f"{page_path}: an explorer card with a chart, a control or a figure number"
            assert "=" not in box.get_text() and "make lab" in box.get_text(), f"{page_path}: {box.get_text()[:200]}"
        if page_path == "book/intro.html":
            links = soup.select("a.oc-kit-link")
            assert links, "the introduction does not link the kit"
        targets |= {urljoin(f"{server}/{page_path}", link["href"]) for link in links}
    assert len(with_explorers) == EXPLORER_PAGES, with_explorers
    assert targets == {f"{server}/_static/overcommitted-kit.zip"}, targets
    with urllib.request.urlopen(next(iter(targets)), timeout=30) as answer:
        body = answer.read()
        assert answer.status == 200 and body[:2] == b"PK" and body == kit.read_bytes()
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        _block_other_hosts(context, [])
        page = context.new_page()
        page.goto(f"{server}/book/shares.html", wait_until="load")
        link = page.locator(".oc-explorer-card a.oc-kit-link").first
        link.scroll_into_view_if_needed()
        assert link.is_visible()
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, f"kit link off screen at {width} px: {box}"
        page.locator(".oc-explorer").first.screenshot(path=str(SHOTS / f"explorer-kit-link-{width}.png"))
        context.close()


def test_any_host_chart_loads_the_grid_and_says_whether_the_paper_ran_the_host(server, browser):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if not (SITE / "book" / "results_overall.html").exists():
        pytest.skip("no built site: run `make book` first")
    context = browser.new_context(viewport={"width": 390, "height": 900})
    outside: list[str] = []
    _block_other_hosts(context, outside)
    loaded: list[tuple[str, int]] = []
    page = context.new_page()
    page.on("response", lambda r: loaded.append((r.url, r.status)) if "any_cid.csv" in r.url else None)
    page.goto(f"{server}/book/results_overall.html", wait_until="load")
    chart = page.locator(".vega-embed", has=page.locator("input[type=range]")).first
    chart.scroll_into_view_if_needed()
    page.wait_for_function("() => document.body.innerText.includes('run by the paper')")

    def set_memory(gib: int, expected: str) -> str:
        """Move the memory slider to ``gib``; what the chart says once it says ``expected``,
        or after 10 s."""
        chart.locator("input[type=range]").first.evaluate(
            f"el => {{ el.value = {gib}; el.dispatchEvent(new Event('input', {{bubbles: true}})); }}")
        try:
            page.wait_for_function(
                "([el, text]) => (el.innerText + el.querySelector('svg').textContent).includes(text)",
                arg=[chart.element_handle(), expected], timeout=10_000, polling=50)
        except PlaywrightTimeout:
            pass
        return chart.inner_text() + chart.evaluate("el => el.querySelector('svg').textContent")

    for gib, expected in ((72, "72 GiB, 20 CPUs, model only"), (128, "128 GiB, 20 CPUs, run by the paper")):
        assert expected in set_memory(gib, expected), f"at {gib} GiB the chart does not say {expected!r}"
    assert loaded and all(status == 200 for _, status in loaded), loaded
    assert all(url.startswith(server + "/_static/data/") for url, _ in loaded), loaded
    assert not outside
    context.close()


#: What the charts of a page draw, per SVG: axis label fills, rule strokes, and the
#: backgrounds (the chart's, which Vega sets as the SVG's background-color, any <rect> drawn
#: behind it, and the fills of the views' background paths).
_CHART_COLOURS = """() => [...document.querySelectorAll('.oc-vega svg.marks')].map(svg => ({
    labels: [...svg.querySelectorAll('.role-axis-label text')].map(t => t.getAttribute('fill')),
    rules: [...svg.querySelectorAll('.mark-rule.role-mark line, .mark-rule.role-mark path')].map(l => l.getAttribute('stroke')),
    backgrounds: [svg.style.backgroundColor,
                  ...[...svg.querySelectorAll(':scope > rect, path.background')].map(r => r.getAttribute('fill'))],
}))"""


def _rgb(colour: str | None) -> tuple[int, int, int] | None:
    """An SVG colour attribute as (r, g, b), or None for none/transparent/unset."""
    import re

    names = {"white": "#ffffff", "black": "#000000"}
    colour = names.get((colour or "").strip().lower(), (colour or "").strip().lower())
    if re.fullmatch(r"#[0-9a-f]{3}", colour):
        colour = "#" + "".join(c * 2 for c in colour[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", colour):
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    found = re.fullmatch(r"rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)", colour)
    if found and (found.group(4) is None or float(found.group(4)) > 0):
        return tuple(int(found.group(i)) for i in (1, 2, 3))
    return None


def test_charts_follow_dark_mode_in_the_palettes_colours(server, browser):
    """Switched to dark, every chart is redrawn from the palette's dark mode (overcommit.js,
    given palette.DARK by the Sphinx extension): axis labels in DARK_TEXT, no white
    background, the INK rule in its DARK counterpart; switched back, exactly the light
    drawing again."""
    from overcommit.book.palette import DARK, DARK_TEXT, INK

    if not (SITE / "book" / "results_overall.html").exists():
        pytest.skip("no built site: run `make book` first")
    context, page, outside, errors = _offline_page(browser, 1280, 900)
    page.goto(f"{server}/book/results_overall.html", wait_until="load")
    page.wait_for_function("() => [...document.querySelectorAll('.oc-vega')].every(d => d.dataset.ocTheme === 'light')")
    assert page.locator(".oc-vega svg.marks").count() >= 3
    light = page.evaluate(_CHART_COLOURS)
    white = _rgb("white")
    assert any(_rgb(c) == white for chart in light for c in chart["backgrounds"]), "light mode lost its white background"
    assert any(stroke.lower() == INK for chart in light for stroke in chart["rules"]), "no rule drawn in palette.INK"
    # a reader's setting of a control survives the redrawing
    slider = page.locator(".vega-embed input[type=range]").first
    slider.evaluate("el => { el.value = 128; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.wait_for_function("() => document.body.innerText.includes('128 GiB, 20 CPUs')")

    _switch_theme(page, "dark")
    assert slider.input_value() == "128" and "128 GiB, 20 CPUs" in page.locator("main").inner_text()
    dark = page.evaluate(_CHART_COLOURS)
    labels = [fill for chart in dark for fill in chart["labels"]]
    assert labels and {fill.lower() for fill in labels} == {DARK_TEXT.lower()}, sorted(set(labels))
    on_white = [i for i, chart in enumerate(dark) if any(_rgb(c) == white for c in chart["backgrounds"])]
    assert on_white == [], f"charts {on_white} still on a white background in dark mode"
    strokes = {stroke.lower() for chart in dark for stroke in chart["rules"]}
    assert DARK[INK].lower() in strokes and INK not in strokes, sorted(strokes)

    slider.evaluate("el => { el.value = 64; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.wait_for_function("() => document.body.innerText.includes('64 GiB, 20 CPUs')")
    _switch_theme(page, "light")
    again = page.evaluate(_CHART_COLOURS)
    context.close()
    assert again == light, "switched back to light, the charts are not drawn as before"
    dark_labels = [fill for chart in again for fill in chart["labels"] if sum(_rgb(fill) or (255, 255, 255)) / 3 < 96]
    assert len(dark_labels) == sum(len(chart["labels"]) for chart in again), "light-mode axis labels are not dark"
    assert errors == [] and outside == [], (errors, outside)


def test_every_page_loads_the_palettes_dark_mode_before_overcommit_js():
    """The dark-mode colours reach the pages from overcommit.book.palette alone: the built
    _static/overcommit-palette.js is :func:`sphinxext.dark_palette`, served from the site
    itself, and every page loads it before overcommit.js."""
    import json
    import re

    from overcommit.book.sphinxext import DARK_PALETTE_JS, dark_palette

    pages = _pages()
    if not pages:
        pytest.skip("no built site: run `make book` first")
    script = (SITE / "_static" / DARK_PALETTE_JS).read_text()
    assert json.loads(script.split("window.OC_DARK = ", 1)[1].rstrip().rstrip(";")) == dark_palette()
    late = []
    for page in pages:
        html = (SITE / page).read_text(errors="replace")
        sources = re.findall(r'<script [^>]*src="([^"?]+)', html)
        names = [s.rsplit("/", 1)[-1] for s in sources]
        if "overcommit.js" in names and (DARK_PALETTE_JS not in names or names.index(DARK_PALETTE_JS) > names.index("overcommit.js")):
            late.append(page)
        assert not any(s.endswith(DARK_PALETTE_JS) and "://" in s for s in sources), page
    assert late == [], f"pages without the palette before overcommit.js: {late}"


def test_where_the_time_goes_redraws_with_the_models_parts(server, browser):
    """The network chapter's "where the time goes" chart, set to the high level at 5 CPUs on
    z/VM 6.3 with EDEV-SCSI paging, labels the 64 GiB bar with the model's time per
    transaction (the parts the build stored, in thousandths of the reference cycle, sum
    to within a few thousandths of it), and the 64/20 bar before the change with its own."""
    import re

    from overcommit.book import figures_time

    if not (SITE / "book" / "results_net.html").exists():
        pytest.skip("no built site: run `make book` first")
    context, page, outside, errors = _offline_page(browser, 390, 844)
    _open(page, server, "book/results_net.html")
    chart = page.locator("section#where-the-time-goes .vega-embed").first
    chart.scroll_into_view_if_needed()

    def label_at_64() -> float:
        """The total written at the end of the 64 GiB bar: the label level with the axis's."""
        texts = chart.evaluate("""el => [...el.querySelectorAll('svg text')].map(t => {
            const r = t.getBoundingClientRect(); return [t.textContent, r.top + r.height / 2]; })""")
        row = next(y for t, y in texts if t == "64 GiB")
        labels = [(abs(y - row), float(m.group(1))) for t, y in texts if (m := re.fullmatch(r"([\d.]+) ms(, fails)?", t))]
        assert len(labels) == 8, texts  # the reference run and the seven memory sizes
        return min(labels)[1]

    def model_total(cid: str) -> float:
        return figures_time.time_values("net", "net-high", cid)["total"]

    chart.locator("select").nth(0).select_option(label="Network, high")
    page.wait_for_timeout(500)
    assert label_at_64() == pytest.approx(model_total("64/20"), abs=0.02)
    chart.locator("select").nth(2).select_option(label="5")
    page.wait_for_function("([el, old]) => !el.querySelector('svg').textContent.includes(old)",
                           arg=[chart.element_handle(), f"{model_total('64/20'):.2f} ms"], timeout=10_000)
    assert label_at_64() == pytest.approx(model_total("64/5"), abs=0.02)
    assert model_total("64/5") > 3 * model_total("64/20")
    context.close()
    assert outside == [] and errors == [], (outside, errors)
