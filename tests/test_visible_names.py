"""Every word a reader sees is the book's: no code identifier in a page's visible text.

Each page of the built site is opened in Chromium (after its charts are drawn and MathJax has
typeset it) and the text a reader sees is collected: the article's rendered text, the
labels, titles and legends drawn inside its charts (SVG ``text``) and the entries of every
drop-down. Left out are the folded "Try it in Python" boxes and code cells, where code
names belong, and typeset mathematics (its subscripts are not identifiers).

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
    copy.remove();
    const charts = [...document.querySelectorAll('.vega-embed svg text')].map(t => t.textContent);
    const options = [...document.querySelectorAll('article select option')].map(o => o.textContent);
    const labels = [...document.querySelectorAll('.vega-bindings label, .vega-bind-name')].map(l => l.textContent);
    return {prose, charts: charts.join('\\n'), controls: options.concat(labels).join('\\n')};
}"""


def identifiers_in(text: str) -> list[str]:
    """Every identifier :data:`PATTERNS` finds in ``text``, as "kind: match"."""
    found = []
    for kind, pattern in PATTERNS.items():
        found += [f"{kind}: {m.group(0)}" for m in pattern.finditer(text)]
    return found


@pytest.mark.parametrize("text, kind", [
    ("(memory_gib = 64, cpus = 20, env = zvm63-edev)", "key = value list"),
    ("the column page_read_mib_s rises", "snake_case word"),
    ("db-bi runs at 63 %", "code identifier"),
    ("claim fail-eckd-64 passes", "code identifier"),
    ("devices {'scsi': 1600.0, 'eckd': 500.0}", "Python repr"),
    ("fs-pagecache-medium loses", "code identifier"),
])
def test_identifiers_in_finds_each_kind(text, kind):
    assert any(f.startswith(kind) for f in identifiers_in(text)), (text, identifiers_in(text))


@pytest.mark.parametrize("text", [
    "Database BI runs at 63 % of its reference at 64 GiB, 20 CPUs on z/VM 6.3, EDEV-SCSI paging.",
    "fio, page cache, medium: 21 MiB/s; ratio 2.11:1; the 64/20 run; e-mail; z/VM 6.3",
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
    found = {where: identifiers_in(text) for where, text in seen.items()}
    found = {where: sorted(set(f)) for where, f in found.items() if f}
    assert not found, f"{page_path}: code names a reader sees: {found}"
