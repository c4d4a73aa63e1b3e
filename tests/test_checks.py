"""Fixed-answer self-checks (overcommit.exercises.checks), the "Where:" tag of every
exercise, and the edition switch of the book's Sphinx extension."""

from __future__ import annotations

import json

import pytest

from overcommit.book import curriculum, sphinxext
from overcommit.exercises import checks, web

CHAPTERS = curriculum.chapters()


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
    assert chapter in CHAPTERS, f"check {id!r}: no chapter {chapter!r}"
    exercise = {e.label: e for e in curriculum.exercises(chapter)}.get(id)
    assert exercise is not None, f"check {id!r}: no exercise with that label in {chapter}"
    assert exercise.check == id
    assert exercise.where == "browser", f"{id}: a self-checked exercise should be doable in the browser"


def test_checks_are_computed_once_and_cached():
    id = checks.ids()[0]
    assert checks.get(id) is checks.get(id)


def test_unknown_check_is_refused_by_name():
    with pytest.raises(ValueError, match=r"id: 'nope' is not accepted; expected one of"):
        checks.get("nope")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_exercise_says_where_it_can_be_done(chapter):
    exercises = curriculum.exercises(chapter)  # raises for a missing or doubled Where: tag
    assert exercises and {e.where for e in exercises} <= {"browser", "jupyter"}


@pytest.mark.parametrize("tags", [[], ["oc-where-browser", "oc-where-jupyter"], ["oc-where-phone"]])
def test_an_exercise_without_exactly_one_where_tag_is_refused(tags):
    text = "# :::{exercise}\n# :label: x-ex-a\n" + "".join(f"# :class: {t}\n" for t in tags) + "# Why?\n# :::\n"
    with pytest.raises(ValueError, match=r"chapter 'x': exercise 'x-ex-a' needs a label and exactly one Where: tag"):
        curriculum.parse_exercises("x", text)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_a_selfcheck_box(chapter):
    assert any(e.selfcheck for e in curriculum.exercises(chapter)), chapter


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
