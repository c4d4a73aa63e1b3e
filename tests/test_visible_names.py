"""Every word a reader sees is the book's: no code identifier in a page's visible text.

Each page of the built site is opened in Chromium (after its charts are drawn and MathJax has
typeset it) and the text a reader sees is collected: the article's rendered text, the cells
of its tables, the labels, titles and legends drawn inside its charts (SVG ``text``), what
every chart's tooltips say for the marks drawn (each row's field names and values, from
``window.OC.tooltipRows`` of overcommit.js) and the entries of every drop-down. Left out are
the folded "Try it in Python" boxes and code cells, where code names belong, and typeset
mathematics (its subscripts are not identifiers).

A tooltip row whose value is empty, ``null``, ``undefined`` or ``NaN`` is a placeholder a
reader should never see: :func:`placeholders_in` finds them.

:func:`identifiers_in` flags what gives the machinery away (see :data:`PATTERNS`): a
snake_case word, a ``key = value`` argument list, a workload, guest, environment or claim id
(:func:`overcommit.names.identifiers`), a Python repr. A reader sees display names
(:mod:`overcommit.names`) instead. :func:`identifiers_in` is plain text in, findings out, so
the unit tests below show it fails on each kind.
"""

from __future__ import annotations

import re

import pytest

from overcommit import names

import test_browser as tb

# the site's server and the browser are test_browser's fixtures, shared
server, browser = tb.server, tb.browser

_IDS = sorted(set(names.identifiers()), key=len, reverse=True)

#: what gives the machinery away, by kind
PATTERNS: dict[str, re.Pattern] = {
    "snake_case word": re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w(-])"),
    "key = value list": re.compile(r"\b[a-z]\w* ?= ?[\w.'\"-]+ ?, ?[a-z]\w* ?="),
    "code identifier": re.compile(r"(?<![\w/.-])(?:" + "|".join(map(re.escape, _IDS)) + r")(?![\w-])"),
    "Python repr": re.compile(r"\{'[^']*': |\[\('|<overcommit\.|\barray\(|\bdtype[=:]|\bNone\b|\bTrue\b|\bFalse\b"),
    # a data file, where a reader needs the document and table it came from
    # (files a reader writes, such as an instructor's grades.csv, are not the machinery)
    "file path": re.compile(r"(?<![\w/.-])(?:data/[\w/.-]+\.(?:csv|parquet|json|txt)|[\w-]+\.(?:py|ipynb))\b"),
    "record id": re.compile(r"(?<![\w/.-])o\d{3}(?:-[a-z0-9]+)+(?![\w-])"),
    # the sources' file numbers: the book names a document by its authors and year
    # (an exercise's seed, such as 101, is the reader's own number)
    "document number": re.compile(r"\bseed 00[0-4]\b"),
    # (not the end of a range: "between 0.4 and 1 IFLs", "0.5 to 1 CPUs")
    "one with a plural": re.compile(r"(?<![\d.,–-])(?<!and )(?<!to )\b1 (?:CPUs|IFLs|GiBs|guests|runs|JVMs|claims|devices|pages|seconds)\b"),
}

#: The article's visible text without Try-it boxes, code cells and typeset maths; the text
#: drawn in its charts; the entries of its drop-downs.
_VISIBLE = """() => {
    const article = document.querySelector('article') || document.body;
    const copy = article.cloneNode(true);
    copy.querySelectorAll('.admonition').forEach(a => {
        const title = a.querySelector('.admonition-title');
        if (title && /Try it in Python/.test(title.textContent)) a.remove();
    });
    copy.querySelectorAll('.cell_input, mjx-container, .MathJax, script, style, .vega-embed, '
                          + '.vega-bindings, .headerlink').forEach(e => e.remove());
    // innerText needs layout: measure the copy in place, hidden
    copy.style.position = 'absolute'; copy.style.left = '-99999px';
    document.body.appendChild(copy);
    const prose = copy.innerText;
    // table cells one per line: innerText above runs a cell into its neighbours' words
    const cells = [...copy.querySelectorAll('td, th')].map(c => c.textContent.trim()).filter(Boolean);
    copy.remove();
    const charts = [...document.querySelectorAll('.vega-embed svg text')].map(t => t.textContent);
    const options = [...document.querySelectorAll('article select option')].map(o => o.textContent);
    const labels = [...document.querySelectorAll('.vega-bindings label, .vega-bind-name')].map(l => l.textContent);
    const tooltips = (window.OC ? window.OC.charts : []).map(c => ({
        chart: c.target.id, rows: window.OC.tooltipRows(c.target)}));
    return {prose, cells: cells.join('\\n'), charts: charts.join('\\n'),
            controls: options.concat(labels).join('\\n'), tooltips};
}"""


def identifiers_in(text: str) -> list[str]:
    """Every identifier :data:`PATTERNS` finds in ``text``, as "kind: match"."""
    found = []
    for kind, pattern in PATTERNS.items():
        found += [f"{kind}: {m.group(0)}" for m in pattern.finditer(text)]
    return found


#: tooltip values that say a field was missing, not what it is
_PLACEHOLDER = re.compile(r"^\s*(?:|null|undefined|NaN|None|nan)\s*$")


def placeholders_in(tooltips: list[dict]) -> list[str]:
    """The rows of ``tooltips`` (one ``{"chart": id, "rows": [{field: value}]}`` per chart)
    with an empty or placeholder value, as "chart: field = value"."""
    return [f"{t['chart']}: {field} = {value!r}"
            for t in tooltips for row in t["rows"] for field, value in row.items()
            if _PLACEHOLDER.match(value) or _PLACEHOLDER.match(field)]


def tooltip_text(tooltips: list[dict]) -> str:
    """Every field name and value of ``tooltips``, one per line, for :func:`identifiers_in`."""
    return "\n".join(part for t in tooltips for row in t["rows"] for item in row.items() for part in item)


def test_placeholders_in_finds_empty_and_null_rows():
    tips = [{"chart": "c1", "rows": [{"why (model)": "", "throughput": "0.6"},
                                     {"document change (IFLs)": "null"}, {"x": "NaN"}]},
            {"chart": "c2", "rows": [{"CPUs": "20", "source": "the paper, Table 3"}]}]
    assert placeholders_in(tips) == ["c1: why (model) = ''", "c1: document change (IFLs) = 'null'", "c1: x = 'NaN'"]
    assert tooltip_text(tips).splitlines() == [
        "why (model)", "", "throughput", "0.6", "document change (IFLs)", "null", "x", "NaN",
        "CPUs", "20", "source", "the paper, Table 3"]


@pytest.mark.parametrize("text, kind", [
    ("(memory_gib = 64, cpus = 20, env = zvm63-edev)", "key = value list"),
    ("the column page_read_mib_s rises", "snake_case word"),
    ("db-bi runs at 63 %", "code identifier"),
    ("claim fail-eckd-64 passes", "code identifier"),
    ("devices {'scsi': 1600.0, 'eckd': 500.0}", "Python repr"),
    ("fs-pagecache-medium loses", "code identifier"),
    ("source: data/calibrated_parameters.csv", "file path"),
    ("source (seed 000)", "document number"),
    ("o000-db-tput-9620 | Database BI | 96/20", "record id"),
    ("assumed (paging.py)", "file path"),
    ("64 GiB, 1 CPUs", "one with a plural"),
])
def test_identifiers_in_finds_each_kind(text, kind):
    assert any(f.startswith(kind) for f in identifiers_in(text)), (text, identifiers_in(text))


@pytest.mark.parametrize("text", [
    "Database BI runs at 63 % of its reference at 64 GiB, 20 CPUs on z/VM 6.3, EDEV-SCSI paging.",
    "fio, page cache, medium: 21 MiB/s; ratio 2.11:1; the 64/20 run; e-mail; z/VM 6.3",
    "64 GiB, 1 CPU; 0.1 CPUs; 21 CPUs; Johanssen and Doelle 2014, Table 3",
    "the question for seed 101; write grades.csv; Claim 12; o-ring",
    "CP + system between 0.4 and 1 IFLs; 0.5 to 1 CPUs; 0.5–1 CPUs",
])
def test_identifiers_in_passes_a_readers_text(text):
    assert identifiers_in(text) == []


@pytest.mark.browser
@pytest.mark.parametrize("page_path", tb._pages() or ["(no site built)"])
def test_no_code_identifier_in_visible_text(page_path, server, browser):
    context, page, _outside, _errors = tb._offline_page(browser, 1280, 900, warnings=False)
    try:
        tb._open(page, server, page_path)
        seen = page.evaluate(_VISIBLE)
    finally:
        context.close()
    tooltips = seen.pop("tooltips")
    seen["tooltips"] = tooltip_text(tooltips)
    found = {where: identifiers_in(text) for where, text in seen.items()}
    found = {where: sorted(set(f)) for where, f in found.items() if f}
    empty = placeholders_in(tooltips)
    if empty:
        found["placeholder in a tooltip"] = sorted(set(empty))
    assert not found, f"{page_path}: code names a reader sees: {found}"


#: the dark theme's page background, behind a chart drawn for a dark page (its background is
#: transparent, palette.DARK_BACKGROUND)
DARK_PAGE = "#121212"
#: WCAG 2's minimum contrast for text under 18 pt (a chart's labels are 10-12 px)
MIN_CONTRAST = 4.5


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours."""
    def luminance(colour: str) -> float:
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_matches_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#d55e00", "#ffffff") == pytest.approx(3.87, abs=0.01)  # the palette's red


def _text_colours():
    """(where, colour) of every text mark with a colour of its own in the charts the notebooks
    store (the colours a reader must read small text in)."""
    from overcommit.book import palette
    from test_palette import SPECS
    from spec_utils import walk

    named = {"black": palette.BLACK, "white": palette.WHITE}
    for where, spec in SPECS:
        for node in walk(spec):
            mark = node.get("mark")
            if isinstance(mark, dict) and mark.get("type") == "text" and isinstance(mark.get("color"), str):
                yield where, named.get(mark["color"], mark["color"]).lower()


def test_chart_text_is_readable_in_light_and_dark():
    """Issue 44: the red "clients give up after 4 s" label was 3.87:1 at 10 px. Every text
    mark's own colour reaches 4.5:1 on a light page and, as overcommit.js recolours it
    (palette.DARK), on a dark one; text on a coloured fill (palette.ON_FILL, ON_PALE) is
    read against its fill, not the page, and is left out."""
    from overcommit.book import palette

    on_fills = {palette.ON_FILL, palette.ON_PALE}
    dark = {k.lower(): v.lower() for k, v in palette.DARK.items()}
    low = sorted({f"{where}: {c} ({contrast(c, '#ffffff'):.2f}:1 light, {contrast(dark.get(c, c), DARK_PAGE):.2f}:1 dark)"
                  for where, c in _text_colours() if c not in on_fills
                  and min(contrast(c, "#ffffff"), contrast(dark.get(c, c), DARK_PAGE)) < MIN_CONTRAST})
    assert not low, low


def _untitled_tooltip_fields():
    """(where, field) of every tooltip field in the charts the notebooks store that would show
    its code name: a field a reader sees titled by nothing but itself. Checks every state of
    a chart, where the browser test sees only the marks drawn at the start."""
    from test_palette import SPECS
    from spec_utils import walk

    for where, spec in SPECS:
        for node in walk(spec):
            tips = node.get("tooltip")
            for tip in tips if isinstance(tips, list) else [tips] if isinstance(tips, dict) else []:
                if isinstance(tip, dict) and "field" in tip and "title" not in tip and identifiers_in(str(tip["field"])):
                    yield where, tip["field"]


def test_every_tooltip_field_a_reader_sees_has_a_readable_title():
    found = sorted({f"{where}: {field}" for where, field in _untitled_tooltip_fields()})
    assert not found, found
