"""Which icons the cut icon font keeps (tools/vendor_assets.py, :func:`icon_codepoints`), on
small style sheets and templates; tests/test_site_weight.py checks the built site's font."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import vendor_assets  # noqa: E402

#: Font Awesome's rules as the theme's style sheet writes them, and one rule of the theme's
#: own that draws a glyph without an icon class (an admonition's).
THEME_CSS = ('.fa-sun:before{content:"\\f185"}.fa-moon:before{content:"\\f186"}'
             '.fa-magnifying-glass:before,.fa-search:before{content:"\\f002"}'
             '.fa-rocket:before{content:"\\f135"}'
             ':root{--pst-icon-info-circle:"\uf05a"}.admonition>.admonition-title:after{content:"\\f071"}')


def test_the_font_keeps_the_named_icons_and_the_glyphs_the_style_sheets_use(tmp_path):
    template = tmp_path / "header.html"
    template.write_text('<i class="fa-solid fa-sun"></i><i class="fa-solid fa-search"></i>')
    fontawesome_js = tmp_path / "fontawesome.js"  # names every icon: not a source
    fontawesome_js.write_text('"fa-rocket"')
    kept = vendor_assets.icon_codepoints(THEME_CSS, [template, fontawesome_js], ['.x:before{content:"\\e5ae"}'])
    # sun and the search glass by their classes (an alias names the glass too), the info
    # circle, the warning triangle and the extra sheet's glyph as used; moon and rocket unnamed
    assert kept == {0xF185, 0xF002, 0xF05A, 0xF071, 0xE5AE}


def test_no_icon_named_keeps_only_the_style_sheets_glyphs(tmp_path):
    empty = tmp_path / "empty.html"
    empty.write_text("<p>no icon</p>")
    assert vendor_assets.icon_codepoints(THEME_CSS, [empty], []) == {0xF05A, 0xF071}
