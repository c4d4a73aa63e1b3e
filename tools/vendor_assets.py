"""Copy the JavaScript the built book needs into book/_static/vendor/ (no CDN, ever).

- vega + vega-lite + vega-embed: one bundle from the PyPI package ``vl-convert-python``
  (``vl_convert.javascript_bundle``), pinned in requirements.txt; the Vega-Lite version is
  the one the pinned Altair writes its specs for.
- MathJax 3: from the npm package ``mathjax`` pinned in package.json / package-lock.json
  (``npm ci`` puts it in node_modules/).

Run by ``make vendor``; the output folder is not committed (it is rebuilt from the pins).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import altair
import vl_convert

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "book" / "_static" / "vendor"
MATHJAX_PARTS = ("tex-chtml.js", "input", "output", "ui", "a11y", "sre", "adaptors")


def main() -> int:
    VENDOR.mkdir(parents=True, exist_ok=True)
    vl_version = ".".join(altair.SCHEMA_VERSION.lstrip("v").split(".")[:2])
    bundle = vl_convert.javascript_bundle(vl_version=vl_version)
    (VENDOR / "vega-bundle.js").write_text(
        f"/* vega {vl_convert.get_vega_version()}, vega-lite {vl_version}, vega-embed "
        f"{vl_convert.get_vega_embed_version()}: bundled by vl-convert-python "
        f"{getattr(vl_convert, '__version__', '')} */\n"
        # A classic script shares one global scope with the theme's scripts: wrap the
        # bundle so its top-level names cannot collide (it exports through window.*).
        + "(function () {\n" + bundle + "\n})();\n",
        encoding="utf-8",
    )
    source = ROOT / "node_modules" / "mathjax" / "es5"
    if not source.is_dir():
        print("node_modules/mathjax missing: run `npm ci` first", file=sys.stderr)
        return 1
    target = VENDOR / "mathjax"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    for part in MATHJAX_PARTS:
        src = source / part
        if src.is_dir():
            shutil.copytree(src, target / part)
        else:
            shutil.copy2(src, target / part)
    print(f"vendored vega-lite {vl_version} bundle and MathJax into {VENDOR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
