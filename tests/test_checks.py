"""Fixed-answer self-checks (overcommit.exercises.checks), the "Where:" tag of every
exercise, and the edition switch of the book's Sphinx extension."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from overcommit.book import sphinxext
from overcommit.exercises import checks, web

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "book" / "_scripts"
TWINS = sorted(SCRIPTS.glob("*.py"))
EXERCISE = re.compile(r"^# :::\{exercise\}\n((?:#.*\n)*?)# :::\n", re.M)


def _exercises(twin: Path) -> dict[str, str]:
    """label -> the exercise's text (comment markers removed)."""
    found = {}
    for block in EXERCISE.finditer(twin.read_text()):
        body = block.group(1)
        label = re.search(r"^# :label: (\S+)", body, re.M)
        assert label, f"{twin.name}: an exercise without a label"
        found[label.group(1)] = body
    return found


def _wrong(answer):
    if isinstance(answer, list):
        return [_wrong(answer[0])] + answer[1:]
    if isinstance(answer, str):
        return answer + "x"
    return answer * 1.5 + 7


@pytest.mark.parametrize("id", checks.ids())
def test_each_check_accepts_its_answer_and_refuses_a_wrong_one(id):
    c = checks.get(id)
    assert checks.check_answer(id, c.answer)
    assert not checks.check_answer(id, _wrong(c.answer))
    assert c.solution.rstrip().endswith("`.") and "Answer:" in c.solution
    data = web.fixed(id)
    assert json.loads(json.dumps(data))["answer"] == data["answer"]
    assert "solution" not in web.fixed(id, solution=False)


@pytest.mark.parametrize("id", checks.ids())
def test_each_check_is_placed_in_its_exercise(id):
    chapter = id.split("-ex-")[0]
    twin = SCRIPTS / f"{chapter}.py"
    assert twin.exists(), f"check {id!r}: no chapter {chapter!r}"
    body = _exercises(twin).get(id)
    assert body is not None, f"check {id!r}: no exercise with that label in {twin.name}"
    assert f'data-check="{id}"' in body
    assert "oc-where-browser" in body, f"{id}: a self-checked exercise should be doable in the browser"


def test_checks_are_computed_once_and_cached():
    id = checks.ids()[0]
    assert checks.get(id) is checks.get(id)


def test_unknown_check_is_refused_by_name():
    with pytest.raises(ValueError, match=r"id: 'nope' is not accepted; expected one of"):
        checks.get("nope")


@pytest.mark.parametrize("twin", TWINS, ids=[t.stem for t in TWINS])
def test_every_exercise_says_where_it_can_be_done(twin):
    for label, body in _exercises(twin).items():
        tags = re.findall(r"^# :class: (oc-where-\w+)", body, re.M)
        assert tags in (["oc-where-browser"], ["oc-where-jupyter"]), f"{twin.stem} {label}: {tags}"


@pytest.mark.parametrize("twin", TWINS, ids=[t.stem for t in TWINS])
def test_every_chapter_has_a_selfcheck_box(twin):
    exercises = _exercises(twin)
    if exercises:
        assert any('class="oc-selfcheck"' in body for body in exercises.values()), twin.stem


def test_seeded_variant_without_solution_for_the_student_edition():
    assert "solution" in web.variant("shares", 3)
    assert "solution" not in web.variant("shares", 3, solution=False)


@pytest.mark.parametrize("value, expected", [("", "student"), ("student", "student"), ("instructor", "instructor")])
def test_edition_from_the_environment(monkeypatch, value, expected):
    monkeypatch.setenv("OVERCOMMIT_EDITION", value)
    assert sphinxext.edition() == expected


def test_bad_edition_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("OVERCOMMIT_EDITION", "teacher")
    with pytest.raises(ValueError, match=r"OVERCOMMIT_EDITION: 'teacher' is not accepted; expected one of 'student', 'instructor'"):
        sphinxext.edition()
