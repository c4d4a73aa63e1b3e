"""The results chapters open with findings, not method.

For every results chapter in scope, parsed from its jupytext twin (``book/_scripts``):

- the first two second-level headings after the title are :data:`FOUND` and :data:`MODEL`;
- no inline code span or code block that names code (a module, function, column or file:
  see :func:`looks_like_code`) occurs in a Markdown cell outside a "Try it in Python" box
  (roles such as ``{glue:text}`x_y``` and ``{doc}`results_model``` are not code spans);
- the chapter's prose (Markdown outside Try-it boxes, exercises and solutions) is counted,
  reported, and kept short: results_java below :data:`JAVA_LIMIT` words, the others below
  :data:`LIMIT`.

Two checks reach beyond the results chapters. Every chapter twin of ``book/_scripts`` (a
mechanism, a case study, the appendix) is counted and kept below :data:`PAGE_LIMIT` words,
a page a reader can finish (issue 33: "How good is the model?" had grown to over 9,000
words, 51,000 px on a phone). And the pages of :data:`NAMED_PAGES`, which are not written
findings-first, keep code names inside their Try-it boxes too.

:func:`check` takes a twin's text, so the test can show that it fails on a method-first chapter.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "book" / "_scripts"
CHAPTERS = ("results_overall", "results_db", "results_was", "results_fs", "results_java", "results_net",
            "results_tolerance")
FOUND, MODEL = "What the paper found", "What the model says, and why"
TRY = "Try it in Python"
JAVA_LIMIT = 3500
#: no chapter of the "Results" part may grow past this many words of prose
LIMIT = 4500
#: no chapter of the book may grow past this many words of prose
PAGE_LIMIT = 5000
#: every chapter twin (every notebook page of the book)
ALL_CHAPTERS = tuple(sorted(p.stem for p in SCRIPTS.glob("*.py")))
#: pages outside :data:`CHAPTERS` whose prose names no code outside a Try-it box either
NAMED_PAGES = ("results_model", "model_method")
#: chapters not yet written findings-first: expected to fail until they are
PENDING: set[str] = set()


def _chapters():
    return [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason="not yet rewritten findings-first"))
            if c in PENDING else c for c in CHAPTERS]

_FENCE = re.compile(r"^(`{3,}|:{3,})\s*(\{[\w:-]+\})?\s*(.*)$")
_SPAN = re.compile(r"(?<![`}])(`+)([^`]+?)\1(?!`)")
_ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
_CODE = re.compile(r"overcommit|figures_|\.csv\b|\w\(|\(\)|\b[A-Za-z]\w*_\w+\b|^oc\.|\bexercises\.|\bplanning\.")


def looks_like_code(span: str) -> bool:
    """An inline code span that names code: the package, a figure module, a data file, a call,
    or an identifier with an underscore (a function or a column)."""
    return bool(_CODE.search(span))


def markdown_cells(text: str) -> list[str]:
    """The Markdown cells of a py:percent twin, without the comment marks."""
    cells = []
    for cell in re.split(r"^# %%", text, flags=re.M):
        if not cell.startswith(" [markdown]"):
            continue
        cells.append("\n".join(line[2:] if line.startswith("# ") else line[1:] if line == "#" else line
                               for line in cell.splitlines()[1:]))
    return cells


def blocks(cell: str):
    """(line, context) for every line of a Markdown cell; context is the set of enclosing
    kinds: "try" (a Try-it box), "exercise" (an exercise or solution), "code" (a code block)."""
    stack: list[tuple[str, str]] = []  # (fence, kind)
    for line in cell.split("\n"):
        m = _FENCE.match(line.strip())
        kinds = {k for _, k in stack}
        if m:
            fence, directive, arg = m.groups()
            if directive is None and not arg and stack and stack[-1][0] == fence:
                stack.pop()
                yield line, kinds | {"fence"}
                continue
            if directive or arg:
                if directive == "{admonition}" and arg.strip() == TRY:
                    kind = "try"
                elif directive in ("{exercise}", "{solution}"):
                    kind = "exercise"
                elif directive is None:
                    kind = "code"  # ```python and other code blocks
                else:
                    kind = directive
                stack.append((fence, kind))
                yield line, kinds | {"fence"}
                continue
        yield line, kinds


def check(text: str) -> dict:
    """What the test asserts, for one twin's ``text``: its second-level headings in order,
    the code names outside Try-it boxes, and its prose word count."""
    headings, stray, words = [], [], 0
    for cell in markdown_cells(text):
        in_code_block = []
        for line, kinds in blocks(cell):
            if "fence" in kinds:
                continue
            if "try" in kinds:
                continue
            if "code" in kinds:
                if looks_like_code(line):
                    in_code_block.append(line.strip())
                continue
            if not kinds and line.startswith("## "):
                headings.append(line[3:].strip())
            for m in _SPAN.finditer(_ROLE.sub("x", line)):
                if looks_like_code(m.group(2)):
                    stray.append(m.group(2))
            if "exercise" in kinds:
                continue
            if re.match(r"^:[\w-]+:", line.strip()):
                continue
            body = _ROLE.sub("x", line)
            body = re.sub(r"<[^>]+>|\$[^$]*\$", " x ", body)
            words += len(re.findall(r"[A-Za-z0-9][\w'’.,%/-]*", body))
        stray += in_code_block
    return {"headings": headings, "stray": stray, "words": words}


def _twin(chapter: str) -> str:
    return (SCRIPTS / f"{chapter}.py").read_text()


@pytest.mark.parametrize("chapter", _chapters())
def test_findings_come_first(chapter):
    assert check(_twin(chapter))["headings"][:2] == [FOUND, MODEL], chapter


@pytest.mark.parametrize("chapter", _chapters() + list(NAMED_PAGES))
def test_code_names_only_in_try_it_boxes(chapter):
    stray = check(_twin(chapter))["stray"]
    assert not stray, f"{chapter}: code names outside a '{TRY}' box: {stray}"


def limit(chapter: str) -> int:
    """The most words of prose ``chapter`` may have: the results chapters' stricter limits,
    :data:`PAGE_LIMIT` for every other page."""
    if chapter == "results_java":
        return JAVA_LIMIT
    return LIMIT if chapter in CHAPTERS else PAGE_LIMIT


@pytest.mark.parametrize("chapter", ALL_CHAPTERS)
def test_prose_is_short(chapter, capsys):
    words = check(_twin(chapter))["words"]
    with capsys.disabled():
        print(f"\n{chapter}: {words} words of prose (limit {limit(chapter)})")
    assert words < limit(chapter), f"{chapter}: {words} words of prose, limit {limit(chapter)}"


def test_every_page_of_the_book_is_counted():
    """The word limit reaches every notebook page of _toc.yml, not only the results part."""
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    pages = {Path(c["file"]).name for part in toc["parts"] for c in part["chapters"]}
    notebooks = {p for p in pages if (ROOT / "book" / f"{p}.ipynb").exists()}
    assert notebooks and notebooks <= set(ALL_CHAPTERS)
    assert set(CHAPTERS) | set(NAMED_PAGES) <= set(ALL_CHAPTERS)
    assert limit("results_java") < limit("results_db") < limit("shares") == PAGE_LIMIT


def test_the_word_limit_fails_on_a_page_too_long():
    """results_model as of commit 32614cc ran to more than 5,000 words of prose (and named
    claims, modules and files in it); a page of 5,001 plain words fails too."""
    long_page = "# %% [markdown]\n# # Title\n#\n# " + " ".join(["word"] * (PAGE_LIMIT + 1)) + "\n"
    assert check(long_page)["words"] > PAGE_LIMIT
    old = subprocess.run(["git", "-C", str(ROOT), "show", "32614cc:book/_scripts/results_model.py"],
                         capture_output=True, text=True)
    if old.returncode != 0:
        pytest.skip("the old version is not in this repository's history")
    found = check(old.stdout)
    assert found["words"] > PAGE_LIMIT
    assert any(looks_like_code(s) for s in found["stray"])


def test_the_checks_fail_on_a_method_first_chapter():
    """results_java as of commit 884a854: no findings first, code names in its prose, and far
    too long."""
    old = subprocess.run(["git", "-C", str(ROOT), "show", "884a854:book/_scripts/results_java.py"],
                         capture_output=True, text=True)
    if old.returncode != 0:
        pytest.skip("the old version is not in this repository's history")
    found = check(old.stdout)
    assert found["headings"][:2] != [FOUND, MODEL]
    assert any("figures_" in s or "overcommit" in s for s in found["stray"])
    assert found["words"] > JAVA_LIMIT


def test_checker_sees_try_it_boxes_roles_and_exercises():
    text = "\n".join("# " + line if line else "#" for line in [
        "# Title", "", "## What the paper found", "", "Glued {glue:text}`a_b` and {doc}`results_model`.",
        "", "```{admonition} Try it in Python", ":class: oc-try dropdown", "`figures_java.limits_frame()`", "```",
        "", ":::{exercise}", ":label: x", "Use `planning.memory_break_point`.", ":::", "",
        "## What the model says, and why", "", "Plain `db-bi` is fine, `paper_view` is not.",
    ])
    found = check("# %% [markdown]\n" + text + "\n")
    assert found["headings"] == [FOUND, MODEL]
    assert found["stray"] == ["planning.memory_break_point", "paper_view"]


#: the fewest inline formulas a page without display maths may load MathJax (1.2 MB) for;
#: below it a lone symbol is written as text ("*k*", "β")
MIN_INLINE_MATHS = 3
_DISPLAY = re.compile(r"^\s*(\$\$|`{3,}\{math\}|:{3,}\{math\})")
_INLINE = re.compile(r"(?<![\$\\])\$(?!\$)([^$\n]+?)(?<!\\)\$(?!\$)")


def maths(text: str) -> tuple[int, int]:
    """(inline formulas, display formulas) in the Markdown cells of a twin's ``text``: what
    makes Sphinx load MathJax on the page, Try-it boxes and exercises included."""
    inline = display = 0
    for cell in markdown_cells(text):
        for line in cell.splitlines():
            if _DISPLAY.match(line):
                display += 1
            else:
                inline += len(_INLINE.findall(line))
    return inline, display


def test_maths_counts_inline_and_display_formulas():
    twin = ("# %% [markdown]\n# The level $\\theta$ and $k$ = 2, at $5 a page; \\$3.\n#\n# $$\n# x = y\n# $$\n"
            "\n# %%\nx = '$a$'\n")
    assert maths(twin) == (2, 2)


@pytest.mark.parametrize("chapter", ALL_CHAPTERS)
def test_no_page_loads_mathjax_for_a_lone_symbol(chapter):
    """results_db loaded MathJax for one inline "k" (issue 44): a page with maths has a
    displayed formula or at least :data:`MIN_INLINE_MATHS` inline ones."""
    inline, display = maths(_twin(chapter))
    assert display or not inline or inline >= MIN_INLINE_MATHS, (
        f"{chapter}: {inline} inline formula(s) and no displayed one load MathJax; write the symbol as text")
