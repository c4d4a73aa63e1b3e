"""``make assignments``: an otter-grader autograder for a class's graded variants that
installs what it needs (the package's wheel is inside the zip) and grades a student's own
notebook: full marks for the student's answer, a share for a partly right one, and none
for a classmate's (but the parts that happen to agree)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from overcommit.exercises import assignment, graded, grading, plain_answer, roster

# otter-grader builds and grades notebooks, and a virtual environment is installed: the slow tier
pytestmark = pytest.mark.slow

SECRET = "a course secret for tests"
TOPIC = "shares"


@pytest.fixture(scope="module")
def roster_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("roster") / "class.csv"
    path.write_text("student,id\nAda Lovelace,101\nAlan Turing,103\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def klass(roster_path):
    return roster.read_roster(roster_path)


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(roster_path):
    """``make -C <project> assignments ROSTER=class.csv CHAPTERS=shares`` run from the
    roster's folder, as the README says: a relative roster, another directory."""
    import os

    roster_dir = roster_path.parent
    done = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), "assignments", "ROSTER=class.csv",
                           f"CHAPTERS={TOPIC}"], cwd=roster_dir, capture_output=True, text=True,
                          env={**os.environ, "OVERCOMMIT_SECRET": SECRET, "PWD": str(roster_dir)})
    assert done.returncode == 0, done.stdout + done.stderr
    folder = ROOT / "_build" / "assignments" / TOPIC
    assert f"{TOPIC}: autograder in {folder / 'dist' / 'autograder' / 'autograder.zip'}" in done.stdout
    return folder


@pytest.fixture(scope="module")
def clean_python(tmp_path_factory, built):
    """A fresh virtual environment with only what the zip's environment.yml installs, run
    from the unpacked zip as a hosted grader runs it."""
    import yaml

    source = tmp_path_factory.mktemp("source")
    with zipfile.ZipFile(built / "dist" / "autograder" / "autograder.zip") as zf:
        zf.extractall(source)
    pip_deps = next(d["pip"] for d in yaml.safe_load((source / "environment.yml").read_text())["dependencies"]
                    if isinstance(d, dict))
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pip_deps],
                   check=True, cwd=source, capture_output=True)
    return python


def _submission(tmp_path: Path, klass, owner: str, answer) -> Path:
    student = next(s for s in klass.students if s.id == owner)
    nb = grading.assignment_notebook(TOPIC, student, SECRET)
    nb.cells[-1].source = nb.cells[-1].source.replace("answer = None", f"answer = {json.dumps(answer)}")
    path = tmp_path / f"{owner}.ipynb"
    nbformat.write(nb, path)
    return path


def test_the_zip_carries_the_wheel_and_the_key_and_no_secret(built):
    with zipfile.ZipFile(built / "dist" / "autograder" / "autograder.zip") as zf:
        names = zf.namelist()
        env = zf.read("environment.yml").decode()
        key = json.loads(zf.read(f"files/{assignment.KEY_FILE}"))
        text = b"".join(zf.read(n) for n in names if not n.endswith(".whl"))
    assert any(n.startswith("files/overcommit-") and n.endswith(".whl") for n in names)
    assert "./files/overcommit-" in env and "otter-grader" in env
    from importlib.metadata import version

    # the libraries the answers were computed with, at the versions they were computed with
    for name in assignment.PINNED:
        assert f"{name}=={version(name)}" in env, name
    assert set(key) == {"101", "103"} and SECRET.encode() not in text
    assert str(graded.seed_for(SECRET, TOPIC, "101")).encode() not in text


def test_the_zip_grades_in_a_clean_environment(built, clean_python, klass, tmp_path):
    mine = graded.exercise_for(SECRET, TOPIC, "101")
    own = plain_answer(mine.answer)
    other = plain_answer(graded.exercise_for(SECRET, TOPIC, "103").answer)
    assert own != other
    zip_path = built / "dist" / "autograder" / "autograder.zip"
    right = assignment.grade(zip_path, _submission(tmp_path, klass, "101", own), tmp_path / "right", clean_python)
    assert right["possible"] == 1.0 and right["score"] == 1.0
    # a classmate's answer earns only the parts that happen to be the same number
    copied = assignment.grade(zip_path, _submission(tmp_path, klass, "101", other), tmp_path / "copied", clean_python)
    assert copied["score"] == pytest.approx(grading.score(mine, other).points, abs=1e-9) and copied["score"] < 1
    # partial credit: one part wrong of n earns (n - 1) / n, as `grade` gives it
    one_wrong = [own[0] + 1.0, *own[1:]]
    partial = assignment.grade(zip_path, _submission(tmp_path, klass, "101", one_wrong), tmp_path / "partial",
                               clean_python)
    assert partial["score"] == pytest.approx((len(own) - 1) / len(own))
    assert partial["score"] == pytest.approx(grading.score(mine, one_wrong).points)


def test_the_credit_ladder_has_a_rung_for_every_share_of_parts():
    key = {"a": {"answer": [1, 2, 3]}, "b": {"answer": [1, 2, 3, 4]}, "c": {"answer": 5}}
    assert assignment.credit_steps(key) == 12
    nb = assignment.master_notebook(TOPIC, "a", [1, 2, 3], 12)
    rungs = [c.source for c in nb.cells if "otter_check" in c.source]
    assert len(rungs) == 12 and rungs[-1].endswith(", 12, 12)")


def test_otters_own_message_is_shown_when_it_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(assignment.sys, "executable", "/bin/false")
    with pytest.raises(RuntimeError, match="building the package's wheel failed"):
        assignment.build_wheel(tmp_path)


def test_unknown_chapter_is_refused_by_name(tmp_path, klass):
    with pytest.raises(ValueError, match=r"chapter: 'glossary' is not accepted; expected one of tiers, dat"):
        assignment.build("glossary", tmp_path, klass, SECRET)
