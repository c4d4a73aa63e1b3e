"""The two editions as built by ``make book`` (student) and ``make book-instructor``:
the student edition has no solution in its pages and no fixed exercise's worked solution in
its self-check data (a practice seed's worked solution is there, offered after three wrong
tries), the instructor edition has one folded solution per exercise and every self-check's
worked solution; both say on every exercise where it can be done."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# reads the built editions: make test runs it after building them
pytestmark = pytest.mark.site
STUDENT = Path(os.environ.get("OVERCOMMIT_SITE", ROOT / "_build" / "html"))
INSTRUCTOR = ROOT / "_build" / "instructor" / "_build" / "html"


def _site(path: Path) -> Path:
    if not (path / "index.html").exists():
        pytest.skip(f"no built site at {path}: run `make book` and `make book-instructor` (make test does both)")
    return path


def _chapters(site: Path) -> dict[str, str]:
    return {p.stem: p.read_text(errors="replace") for p in sorted((site / "book").glob("*.html"))}


def _variants(site: Path) -> list[dict]:
    """Every seeded variant of every topic (a file holds a list of a few seeds' variants) and
    every fixed answer (one per file) the site's self-check boxes load."""
    folder, found = site / "_static/exercises", []
    for path in sorted(folder.glob("*/*.json")):
        stored = json.loads(path.read_text())
        found += stored if isinstance(stored, list) else [stored]
    assert sum("seed" in v for v in found) >= 17_000 and sum("id" in v for v in found) >= 13, len(found)
    return found


def _count(html: str, css_class: str) -> int:
    return len(re.findall(rf'class="{css_class}[ "]', html))


def test_student_edition_has_no_solutions():
    site = _site(STUDENT)
    pages = _chapters(site)
    assert sum(_count(h, "exercise") for h in pages.values()) >= 69
    with_solutions = [name for name, h in pages.items() if _count(h, "solution")]
    assert with_solutions == []
    assert all('name="overcommit-edition" content="student"' in h for h in pages.values())
    # the fixed exercises' answers are the chapters' exercises, whose solutions are the
    # instructor's; the practice seeds' worked solutions are public (the page offers one after
    # three wrong tries) and no graded seed is in the site (test_grading)
    for variant in _variants(site):
        assert ("solution" in variant) == ("seed" in variant), (variant.get("topic"), variant.get("seed"),
                                                                variant.get("id"))


def test_instructor_edition_has_a_solution_per_exercise():
    site = _site(INSTRUCTOR)
    for name, html in _chapters(site).items():
        assert _count(html, "solution") == _count(html, "exercise"), name
        assert 'name="overcommit-edition" content="instructor"' in html
    for variant in _variants(site):
        assert variant.get("solution"), (variant.get("topic"), variant.get("seed"), variant.get("id"))


@pytest.mark.parametrize("edition", ["student", "instructor"])
def test_every_exercise_says_where(edition):
    site = _site(STUDENT if edition == "student" else INSTRUCTOR)
    for name, html in _chapters(site).items():
        assert html.count('<p class="oc-where">') == _count(html, "exercise"), name


def test_student_downloads_carry_no_solutions():
    """The page's download button and the classroom kit serve notebooks: in the student
    edition neither carries a {solution} block; in the instructor edition both do."""
    import zipfile

    student, instructor = _site(STUDENT), _site(INSTRUCTOR)
    for site, wanted in ((student, False), (instructor, True)):
        sources = [p.read_text(errors="replace") for p in (site / "_sources" / "book").glob("*.ipynb")]
        assert len(sources) >= 18
        assert any("{solution}" in s for s in sources) is wanted, site
        with zipfile.ZipFile(site / "_static" / "overcommitted-kit.zip") as kit:
            notebooks = [kit.read(n).decode() for n in kit.namelist() if n.endswith(".ipynb")]
        assert len(notebooks) >= 18
        assert any("{solution}" in n for n in notebooks) is wanted, site
