"""Copy the JavaScript the built book needs into book/_static/vendor/ (no CDN, ever).

- vega + vega-lite + vega-embed: one bundle from the PyPI package ``vl-convert-python``
  (``vl_convert.javascript_bundle``), pinned in requirements.txt; the Vega-Lite version is
  the one the pinned Altair writes its specs for.
- MathJax 3: from the npm package ``mathjax`` pinned in package.json / package-lock.json
  (``npm ci`` puts it in node_modules/). A page loads its ``startup.js`` and the components
  the book's configuration names (``mathjax3_config`` in ``_config.yml``), not the combined
  ``tex-chtml.js``, of which the context menu alone is 108 KB compressed.
- Font Awesome's solid web font, cut to the icons the book's pages can show
  (:func:`icon_codepoints`): the theme ships the whole font, 156 KB, and every page loads it
  for about fifteen header icons. The subset, written by the npm package ``subset-font``
  (HarfBuzz compiled to WebAssembly), replaces the theme's file in the built site, because
  Sphinx copies ``html_static_path`` over the theme's static files.

Run by ``make vendor``; the output folder is not committed (it is rebuilt from the pins).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import altair
import vl_convert

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "book" / "_static" / "vendor"
MATHJAX_PARTS = ("tex-chtml.js", "startup.js", "core.js", "input", "output", "ui", "a11y", "sre", "adaptors")
#: Where the theme keeps Font Awesome's fonts, under its static folder and so under the
#: built site's ``_static/``; the solid font is the one the pages' icons use.
FONT_DIR = Path("vendor") / "fontawesome" / "webfonts"
SOLID_FONT = "fa-solid-900.woff2"
#: Where icons are named: the themes' templates and Python (header buttons, the toctree's
#: chevrons), their scripts, and the book's own templates.
ICON_SOURCES = (".html", ".py", ".js")
#: A Font Awesome codepoint: the Private Use Area, written as a CSS escape or as the character.
_CODEPOINT = re.compile(r'\\([ef][0-9a-f]{3})\b|([\ue000-\uf8ff])', re.IGNORECASE)
#: A rule of Font Awesome's CSS that only names an icon's glyph (``.fa-sun:before{content:"\f185"}``).
_ICON_RULE = re.compile(r'([^{}]+)\{content:"([^"]+)"\}')


def _theme_roots() -> list[Path]:
    import pydata_sphinx_theme
    import sphinx_book_theme

    return [Path(pydata_sphinx_theme.__file__).parent, Path(sphinx_book_theme.__file__).parent]


def _codepoints(text: str) -> set[int]:
    return {int(escape, 16) if escape else ord(char) for escape, char in _CODEPOINT.findall(text)}


def icon_codepoints(theme_css: str, sources: list[Path], extra_css: list[str]) -> set[int]:
    """The solid font's glyphs a page of the book can show: every ``fa-NAME`` that the
    themes' and the book's templates, Python and scripts name, through the rule of
    ``theme_css`` that gives its glyph, and every codepoint the style sheets use directly
    (the admonitions' and links' icons, ``--pst-icon-...``). Font Awesome's own scripts are
    not sources: they name every icon."""
    glyph: dict[str, set[int]] = {}
    structural = theme_css
    for selectors, content in _ICON_RULE.findall(theme_css):
        names = re.findall(r"^\s*\.(fa-[a-z0-9-]+):{1,2}before\s*$", selectors.replace(",", "\n"), re.MULTILINE)
        # only a rule whose every selector is an icon's; any other keeps its glyph below
        if names and len(names) == selectors.count(",") + 1:
            for name in names:
                glyph.setdefault(name, set()).update(_codepoints(content))
            structural = structural.replace(selectors + '{content:"' + content + '"}', "", 1)
    named: set[str] = set()
    for path in sources:
        if "fontawesome" not in path.name:
            named.update(re.findall(r"\bfa-[a-z0-9-]+", path.read_text(encoding="utf-8", errors="replace")))
    kept = set().union(*(glyph.get(name, set()) for name in named))
    for css in (structural, *extra_css):
        kept |= _codepoints(css)
    return kept


def subset_icons(target: Path) -> int:
    """Write the solid font cut to :func:`icon_codepoints` into ``target``; returns its size."""
    roots = _theme_roots()
    theme = roots[0] / "theme" / "pydata_sphinx_theme" / "static"
    theme_css = (theme / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    sources = [p for root in roots for p in root.rglob("*") if p.suffix in ICON_SOURCES and p.is_file()]
    sources += sorted((ROOT / "book" / "_templates").glob("*.html"))
    extra_css = [p.read_text(encoding="utf-8") for root in roots for p in root.rglob("*.css")
                 if p.name != "pydata-sphinx-theme.css"]
    extra_css += [p.read_text(encoding="utf-8") for p in (ROOT / "book" / "_static").glob("*.css")]
    kept = icon_codepoints(theme_css, sources, extra_css)
    if len(kept) < 10:
        raise SystemExit(f"only {len(kept)} icons found in the themes: has their markup changed?")
    target.parent.mkdir(parents=True, exist_ok=True)
    script = ("const fs = require('fs'); const subset = require('subset-font');"
              "const [src, out, text] = process.argv.slice(1);"
              "subset(fs.readFileSync(src), text, {targetFormat: 'woff2'})"
              ".then(b => fs.writeFileSync(out, b)).catch(e => { console.error(e); process.exit(1); });")
    text = "".join(chr(c) for c in sorted(kept))
    subprocess.run(["node", "-e", script, str(theme / FONT_DIR / SOLID_FONT), str(target), text],
                   check=True, cwd=ROOT)
    return target.stat().st_size


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
    size = subset_icons(VENDOR / FONT_DIR.relative_to("vendor") / SOLID_FONT)
    print(f"vendored vega-lite {vl_version} bundle, MathJax and the icon font ({size // 1024} KiB) "
          f"into {VENDOR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
