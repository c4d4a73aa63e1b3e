"""``make assignments``: otter-grader builds a student notebook and an autograder from a
chapter's seeded exercise, and the autograder grades submissions locally (no Docker):
full marks for the right answer to the student's own seed, none for a wrong answer or for
another seed's answer."""

from __future__ import annotations

import json

import nbformat
import pytest

from overcommit.exercises import assignment, generate, plain_answer

# otter-grader builds and grades notebooks: the slow tier (make test)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("assignments")
    return assignment.build("shares", out) / "dist"


def _submit(dist, tmp_path, seed: int, answer, name: str) -> dict:
    nb = nbformat.read(dist / "student" / "shares.ipynb", as_version=4)
    sources = [c.source for c in nb.cells if c.cell_type == "code"]
    assert "answer = ..." in sources, "the student notebook must not contain the solution"
    for cell in nb.cells:
        if cell.cell_type == "code" and "SEED =" in cell.source:
            cell.source = cell.source.split("SEED =")[0] + f"SEED = {seed}"
        elif cell.cell_type == "code" and cell.source.startswith("answer ="):
            cell.source = f"answer = {json.dumps(answer)}"
    path = tmp_path / f"{name}.ipynb"
    nbformat.write(nb, path)
    return assignment.grade(dist / "autograder" / "autograder.zip", path, tmp_path / f"out-{name}")


def test_student_notebook_and_autograder_exist(built):
    assert (built / "student" / "shares.ipynb").exists()
    assert (built / "autograder" / "autograder.zip").exists()


def test_right_answer_for_own_seed_gets_full_marks(built, tmp_path):
    result = _submit(built, tmp_path, 42, plain_answer(generate("shares", 42).answer), "right")
    assert result["possible"] == 1.0 and result["score"] == 1.0


def test_wrong_answer_gets_nothing(built, tmp_path):
    right = plain_answer(generate("shares", 42).answer)
    result = _submit(built, tmp_path, 42, [a * 1.5 + 1 for a in right], "wrong")
    assert result["possible"] == 1.0 and result["score"] == 0.0


def test_another_seeds_answer_gets_nothing(built, tmp_path):
    other = plain_answer(generate("shares", 43).answer)
    assert other != plain_answer(generate("shares", 42).answer)
    result = _submit(built, tmp_path, 42, other, "copied")
    assert result["score"] == 0.0


def test_unknown_chapter_is_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match=r"chapter: 'glossary' is not accepted; expected one of tiers, dat"):
        assignment.build("glossary", tmp_path)


@pytest.mark.parametrize("chapter", assignment.CHAPTERS)
def test_every_seeded_chapter_has_a_master_notebook(chapter):
    nb = assignment.master_notebook(chapter)
    raw = [c.source for c in nb.cells if c.cell_type == "raw"]
    assert raw[0].startswith("# ASSIGNMENT CONFIG") and f"# BEGIN QUESTION\nname: {chapter}\npoints: 1" in raw
