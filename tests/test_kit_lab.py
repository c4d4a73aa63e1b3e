"""The classroom kit in a real JupyterLab, as a reader gets it: the kit the book build wrote
(``_build/html/_static/overcommitted-kit.zip``) unzipped into a temporary folder, its wheel
installed into a folder of its own (the kernel imports the package from there, with the
wheel's data), JupyterLab started on ``notebooks/`` on 127.0.0.1 with a random token, and
one explorer chapter (``shares``) opened in headless Chromium through Playwright.

Checks: the wheel's JupyterLab extension (``labext/``) draws the charts, opening the chapter
leaves it unmodified (JupyterLab's own dirty flag, after the charts have been drawn), running every cell turns the explorer into controls, moving one
slider redraws the explorer's chart, the notebook file is byte-identical at the end, and no
Vega-Lite version warning reaches the console. JupyterLab is shut down through its API.

Runs in ``make test`` (after ``make book``; browser marker, like tests/test_browser.py);
skipped, with the reason, when the kit or Chromium is missing. About 30-40 s.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from overcommit.book import kit

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("OVERCOMMIT_SITE", ROOT / "_build" / "html"))
SHOTS = Path(os.environ.get("OVERCOMMIT_SHOTS", ROOT / "_build" / "screenshots"))
CHROMIUM = os.environ.get("OVERCOMMIT_CHROMIUM", "/usr/bin/chromium")
CHAPTER = "shares.ipynb"
JUPYTER = Path(sys.executable).parent / "jupyter"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.25)
    raise TimeoutError(f"jupyter lab did not answer {url} within {seconds} s")


@pytest.fixture(scope="module")
def lab_run(tmp_path_factory):
    """Everything the tests check, from one JupyterLab session."""
    zipped = SITE / kit.KIT_FILE
    if not zipped.exists():
        pytest.skip(f"no kit at {zipped}: run `make book` first")
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} not found: install Debian's chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    tmp = tmp_path_factory.mktemp("kit-lab")
    with zipfile.ZipFile(zipped) as archive:
        archive.extractall(tmp)
    folder = tmp / kit.FOLDER
    notebooks = folder / "notebooks"
    wheel = next(folder.glob("overcommit-*.whl"))
    site = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    home = tmp / "home"
    news = home / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)  # no "notified about official Jupyter news?" toast over the notebook
    (news / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = {k: v for k, v in os.environ.items() if k != "OVERCOMMIT_DATA"}
    # the wheel's JupyterLab extension (the Vega-Lite 6 renderer) lands in site/share/jupyter
    env.update(PYTHONPATH=str(site), JUPYTER_PATH=str(site / "share" / "jupyter"), JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), IPYTHONDIR=str(home / "ipython"))
    token, port = secrets.token_hex(16), _free_port()
    base = f"http://127.0.0.1:{port}"
    before = (notebooks / CHAPTER).read_bytes()
    log = (tmp / "lab.log").open("w")
    proc = subprocess.Popen(
        [str(JUPYTER), "lab", "--no-browser", f"--ServerApp.token={token}", "--ServerApp.ip=127.0.0.1", f"--port={port}",
         f"--ServerApp.root_dir={notebooks}", "--allow-root", "--LabApp.expose_app_in_browser=True"],
        cwd=notebooks, env=env, stdout=log, stderr=subprocess.STDOUT)
    found: dict = {"console": []}
    try:
        _wait_for(f"{base}/api/status?token={token}", proc)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.on("console", lambda m: found["console"].append(f"{m.type}: {m.text}"))
            page.goto(f"{base}/lab/workspaces/kit-test/tree/{CHAPTER}?token={token}&reset")
            app = "window.jupyterapp.shell.currentWidget"
            page.wait_for_function(f"() => window.jupyterapp && {app} && {app}.context && {app}.context.isReady", timeout=60_000)
            # the stored charts are drawn (and JupyterLab's own Vega renderer would have stored a PNG by now)
            page.wait_for_function("() => document.querySelectorAll('.vega-embed canvas, .vega-embed svg').length > 3", timeout=60_000)
            page.wait_for_timeout(2000)
            found["dirty_after_open"] = page.evaluate(f"() => {app}.context.model.dirty")
            found["renderers"] = page.evaluate("""() => ({ours: document.querySelectorAll('.oc-RenderedVegaLite6').length,
                                                         lab: document.querySelectorAll('.jp-RenderedVegaCommon5').length})""")
            page.wait_for_function(f"() => {app}.sessionContext.session?.kernel?.status === 'idle'", timeout=60_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            box = page.locator(".widget-vbox").first
            box.locator(".noUi-handle").first.wait_for(timeout=90_000)
            page.wait_for_function(f"() => {app}.sessionContext.session.kernel.status === 'idle'", timeout=90_000, polling=250)

            def chart() -> str:
                return page.evaluate("""() => { const o = document.querySelector('.widget-vbox .widget-output');
                    const s = o && o.querySelector('svg'); if (s) return s.outerHTML;
                    const c = o && o.querySelector('canvas'); return c ? c.toDataURL() : ''; }""")

            page.wait_for_function("() => document.querySelector('.widget-vbox .widget-output canvas, .widget-vbox .widget-output svg')",
                                   timeout=30_000)
            page.wait_for_timeout(1000)
            box.scroll_into_view_if_needed()
            found["before"] = chart()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "kit-lab-shares-1000.png"))
            handle = box.locator(".noUi-handle").first
            handle.focus()
            handle.press("End")  # the first slider (real CPUs) to its maximum
            found["after"] = found["before"]
            for _ in range(80):  # up to 20 s for the kernel to recompute and Lab to redraw
                page.wait_for_timeout(250)
                found["after"] = chart()
                if found["after"] and found["after"] != found["before"]:
                    break
            page.wait_for_timeout(500)
            page.screenshot(path=str(SHOTS / "kit-lab-shares-1000-moved.png"))
            browser.close()
    finally:
        try:  # a clean shutdown: kernels, then the server
            urllib.request.urlopen(urllib.request.Request(f"{base}/api/shutdown?token={token}", method="POST"), timeout=10)
            proc.wait(30)
        except Exception:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
    found["unchanged_on_disk"] = (notebooks / CHAPTER).read_bytes() == before
    found["exit"] = proc.returncode
    return found


def test_opening_a_chapter_modifies_nothing(lab_run):
    assert lab_run["dirty_after_open"] is False
    assert lab_run["unchanged_on_disk"], f"{CHAPTER} changed on disk"


def test_moving_an_explorer_slider_redraws_its_chart(lab_run):
    assert lab_run["before"], "the explorer drew no chart"
    assert lab_run["after"] != lab_run["before"], "the chart did not change when the slider moved"


def test_lab_shuts_down_cleanly(lab_run):
    assert lab_run["exit"] == 0


def test_charts_are_drawn_by_the_kits_vega_lite_6_renderer(lab_run):
    assert lab_run["renderers"]["ours"] > 3 and lab_run["renderers"]["lab"] == 0, lab_run["renderers"]


def test_no_vega_lite_version_warning(lab_run):
    warnings = [m for m in lab_run["console"] if "Vega-Lite v" in m]
    assert warnings == [], f"{len(warnings)} version warnings, the first: {warnings[0]}"
