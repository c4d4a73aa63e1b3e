"""Benchmarks of the package and of the built book against their speed targets
(``make bench``; docs/benchmarks.md).

Prints: median (and fastest) time of one ``simulate`` (CID 64/20 and the reference) with
its number of passes, the time of the full grid over three environments (``sweep``), and
LRU trace-simulation speed. Then, for the built site (``_build/html``, or ``--site``), per
chapter with a chart: the time from navigation to its first chart drawn, in headless
Chromium at 390 px (a phone) with the CPU slowed four times (Chromium's
``Emulation.setCPUThrottlingRate``), against the target of 1.5 s (:func:`first_chart_times`).
That part is skipped, with the reason, when Chromium or the built site is missing.

These are measurements, not tests: the figures depend on the machine and on what else it
runs (on a shared virtual machine, by a factor of two from minute to minute: compare the
fastest times, and run it twice).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import socketserver
import statistics
import threading
import time
from pathlib import Path

import overcommit as oc
from overcommit import replacement


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("OVERCOMMIT_CHROMIUM", "/usr/bin/chromium")
#: What marks a page with a chart (overcommit.book.mime writes each chart's spec so).
CHART_MARK = 'class="oc-vega-spec"'
#: A phone: the width the book's phone tests use, and a mid-range phone's CPU.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
THROTTLE = 4
FIRST_CHART_TARGET = 1.5
#: Run in the page before its own scripts: the time (ms since navigation started) at which
#: the first chart's SVG or canvas entered the page.
_WATCH_FIRST_CHART = """(() => {
  const seen = () => document.querySelector('.oc-vega svg, .oc-vega canvas');
  new MutationObserver((_, watch) => {
    if (!window.__ocFirstChart && seen()) { window.__ocFirstChart = performance.now(); watch.disconnect(); }
  }).observe(document, {childList: true, subtree: true});
})();"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # a context closed while a file was still being sent: the load was measured already
        pass


def chart_pages(site: Path) -> list[str]:
    """The site's chapters with a chart, as paths from the site's root."""
    return sorted(str(p.relative_to(site)) for p in (site / "book").glob("*.html")
                  if CHART_MARK in p.read_text(encoding="utf-8", errors="replace"))


def first_chart_times(site: Path, repeat: int = 3, chromium: str = CHROMIUM) -> dict[str, list[float]]:
    """For each chapter of ``site`` with a chart, ``repeat`` times (each in a new browser
    context, nothing cached): seconds from navigation to the first chart drawn at 390 px
    with the CPU throttled :data:`THROTTLE` times, served from a local server."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    httpd = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    times: dict[str, list[float]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
            for page_path in chart_pages(site):
                for _ in range(repeat):
                    context = browser.new_context(**PHONE)
                    context.add_init_script(_WATCH_FIRST_CHART)
                    page = context.new_page()
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                    page.goto(f"{base}/{page_path}", wait_until="commit")
                    page.wait_for_function("() => window.__ocFirstChart", timeout=120_000)
                    times.setdefault(page_path, []).append(page.evaluate("() => window.__ocFirstChart") / 1e3)
                    context.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return times


def site_benchmark(site: Path, repeat: int = 3) -> int:
    """Print :func:`first_chart_times` per chapter; skipped, with the reason, without Chromium,
    Playwright or the built site."""
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        print(f"first chart on a phone: skipped, {CHROMIUM} not found (install Debian's chromium)")
        return 0
    if not (site / "index.html").exists():
        print(f"first chart on a phone: skipped, no built site at {site} (make book)")
        return 0
    import importlib.util

    if importlib.util.find_spec("playwright") is None:
        print("first chart on a phone: skipped, playwright is not installed (make setup)")
        return 0
    times = first_chart_times(site, repeat=repeat)
    print(f"first chart drawn, 390 px, CPU throttled {THROTTLE}x, median of {repeat} cold loads "
          f"(fastest), target <= {FIRST_CHART_TARGET} s:")
    width = max(map(len, times), default=0)
    for page_path, seconds in times.items():
        median = statistics.median(seconds)
        flag = "" if median <= FIRST_CHART_TARGET else "  over target"
        print(f"  {page_path:<{width}}  {median:5.2f} s  (fastest {min(seconds):.2f}){flag}")
    over = sum(statistics.median(s) > FIRST_CHART_TARGET for s in times.values())
    print(f"  {len(times) - over} of {len(times)} chapters within {FIRST_CHART_TARGET} s")
    return 0


def model_benchmark() -> int:
    oc.simulate("64/20")  # warm caches (data files, guest catalogue)
    rows = []
    for cid in ("512/25", "96/20", "64/20", "64/5"):
        t = timed(lambda cid=cid: oc.simulate(cid), 21)
        passes = oc.simulate(cid).iterations
        # the target: 3 ms for the paper's most paging-heavy CID, 10 ms for the others
        target = "<= 3 ms" if cid == "64/20" else "<= 10 ms"
        rows.append((f"simulate('{cid}') median ({passes} passes)", statistics.median(t) * 1e3, min(t) * 1e3,
                     "ms", target))
    t = timed(lambda: oc.sweep(), 3)
    rows.append(("sweep(): 29 CIDs x 3 environments, median", statistics.median(t), min(t), "s", "<= 0.5 s"))
    rate = replacement.benchmark_lru(n_refs=100_000, frames=1000, repeat=7)
    rows.append(("replacement.run LRU, 100k refs, 1000 frames", rate / 1e6, None, "M refs/s", ">= 4 M refs/s"))
    width = max(len(r[0]) for r in rows)
    for name, value, fastest, unit, target in rows:
        best = f"(fastest {fastest:.2f})" if fastest is not None else ""
        print(f"{name:<{width}}  {value:8.2f} {unit:<9} {best:<16} target {target}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html",
                        help="the built site whose first-chart times are measured (default: _build/html)")
    parser.add_argument("--repeat", type=int, default=3, help="cold loads per chapter (default: 3)")
    parser.add_argument("--only", choices=("model", "site"), help="run one of the two parts")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")
    status = 0
    if args.only != "site":
        status |= model_benchmark()
    if args.only != "model":
        status |= site_benchmark(args.site, repeat=args.repeat)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
