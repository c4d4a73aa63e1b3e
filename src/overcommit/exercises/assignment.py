"""An otter-grader autograder for a class's graded variants, for hosted graders.

``make assignments ROSTER=class.csv`` (the secret from ``OVERCOMMIT_SECRET``; default: every
seeded topic, ``CHAPTERS=shares`` or ``CHAPTERS=results_db_time`` for one) writes, per topic,
under ``_build/assignments/<topic>/``:

- ``<topic>.ipynb``: the otter-grader master notebook (format v1), built by
  :func:`master_notebook`; its only job is to produce the tests;
- ``answer_key.json``: every student's expected answer (:func:`answer_key`), keyed by id;
- ``dist/autograder/autograder.zip``: what grades a submission. It carries the package's
  wheel and the answer key, and its ``environment.yml`` installs the wheel with
  otter-grader, so a grader that installs only what the zip asks for (Gradescope, or a
  fresh virtual environment) can grade: ``otter run -a autograder.zip submission.ipynb``.

The students work in the notebooks of ``python -m overcommit assign`` (their own question,
``STUDENT_ID`` and ``answer``). The test looks the student up in the key: by the submitter
that a hosted grader records (Gradescope's ``submission_metadata.json``) when there is one,
else by the notebook's ``STUDENT_ID``, which a student could change. So for local grading
``python -m overcommit grade`` is the one to trust: it takes the student from the file the
LMS returned. Both give the same partial credit, the share of the answer's parts that
are right: the zip's tests are the rungs of a ladder (:func:`otter_check`,
:func:`credit_steps`).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell

from . import TOPICS, part_units, plain_answer
from .graded import exercise_for
from .roster import Roster

#: What ``make assignments CHAPTERS=...`` accepts: every seeded topic, one assignment each. A
#: chapter's own topic has the chapter's name; a section's has it and the section's
#: (``results_db_time``, :func:`overcommit.exercises.chapter_of`).
CHAPTERS: tuple[str, ...] = TOPICS
#: the answer key's file name, in the zip and in the folder where otter runs the notebook
KEY_FILE = "answer_key.json"
#: otter-grader as the zip installs it (the version this project pins)
OTTER_REQUIREMENT = "otter-grader[grading]==7.0.0"
#: the libraries an answer is computed with, pinned in the zip at the versions installed here
PINNED = ("numpy", "scipy", "pandas")
#: where a hosted grader (Gradescope) describes the submitter
SUBMISSION_METADATA = Path("/autograder/submission_metadata.json")


def _topic(chapter: str) -> str:
    """The topic an assignment named ``chapter`` (a word of ``CHAPTERS=...``) grades."""
    if chapter not in CHAPTERS:
        raise ValueError(f"chapter: {chapter!r} is not accepted; expected one of {', '.join(CHAPTERS)}")
    return chapter


def answer_key(topic: str, roster: Roster, secret: str) -> dict[str, dict]:
    """Every student's expected answer for ``topic``: id → answer, the values before
    rounding, and the tolerances (no seed, no question)."""
    key = {}
    for s in roster.students:
        ex = exercise_for(secret, topic, s.id)
        key[s.id] = {"answer": plain_answer(ex.answer), "exact": plain_answer(ex.exact),
                     "rel": ex.rel_tolerance, "abs": ex.abs_tolerance, "units": part_units(ex),
                     "also": _gradescope_ids(s.fields)}
    return key


def _gradescope_ids(fields: dict) -> list[str]:
    """The other names a hosted grader may know the student by (e-mail, login)."""
    wanted = ("email", "email address", "sis login id", "username")
    return sorted({v for k, v in fields.items() if k.lower() in wanted and v})


def _submitter(key: dict[str, dict], claimed: str) -> str:
    """The student to grade: the hosted grader's submitter when it records one, else the
    notebook's ``STUDENT_ID``."""
    if SUBMISSION_METADATA.is_file():
        users = json.loads(SUBMISSION_METADATA.read_text()).get("users", [])
        for user in users:
            for value in (user.get("sid"), user.get("email")):
                for sid, entry in key.items():
                    if value and (value == sid or value in entry.get("also", [])):
                        return sid
    return str(claimed)


def otter_check(topic: str, student_id: Any, answer: Any, step: int = 1, steps: int = 1,
                key_path: str | Path = KEY_FILE) -> bool:
    """One rung of the autograder's credit ladder: True when ``answer`` earns at least
    ``step / steps`` of the student's own answer to ``topic`` (the share of its parts that
    are right, as :func:`overcommit.exercises.verdict` judges them, the credit
    ``python -m overcommit grade`` gives); an ``AssertionError`` saying what is wrong
    otherwise. With the defaults: every part right."""
    from . import Exercise
    from .grading import score

    key = json.loads(Path(key_path).read_text(encoding="utf-8"))
    sid = _submitter(key, student_id)
    assert sid in key, f"student id {sid!r} is not in this course's key"
    entry = key[sid]
    ex = Exercise(topic=topic, seed=-1, question="", answer=entry["answer"], solution="",
                  rel_tolerance=entry["rel"], abs_tolerance=entry["abs"], exact=entry["exact"],
                  units=tuple(entry.get("units", ())))
    s = score(ex, answer)
    # integers, so that 2 of 3 parts reach the rung 4 of 6 exactly
    assert s.right * steps >= step * s.out_of, (
        f"{s.right} of the answer's {s.out_of} values are right" if s.right else "no value of the answer is right")
    return True


def credit_steps(key: dict[str, dict]) -> int:
    """How many rungs the credit ladder needs so that every student's share of right parts
    is a whole number of rungs: the least common multiple of the answers' part counts."""
    counts = {len(v["answer"]) if isinstance(v["answer"], list) else 1 for v in key.values()}
    return math.lcm(*counts) if counts else 1


def master_notebook(chapter: str, example_id: str, example_answer: Any, steps: int = 1) -> nbformat.NotebookNode:
    """The otter-grader master notebook for ``chapter``: the solution answers the question
    of student ``example_id`` (otter assign runs the tests on it). Its ``steps`` test cases
    are the rungs of :func:`otter_check`'s ladder; otter shares the question's point among
    them and counts the ones that pass, so a student with 2 of 4 parts right earns half."""
    topic = _topic(chapter)
    config = "\n".join([
        "# ASSIGNMENT CONFIG",
        "init_cell: false",
        "check_all_cell: false",
        "export_cell: false",
        "run_tests: true",
        "requirements: requirements.txt",
        "overwrite_requirements: true",
        "generate: true",
        "autograder_files:",
        f"  - {KEY_FILE}",
        f"  - {_wheel_name()}",
        "tests:",
        "  files: false",
    ])
    cells = [
        new_raw_cell(config),
        new_markdown_cell(f"# Graded: {chapter}\n\nThe autograder for the notebooks of "
                          f"`python -m overcommit assign {topic}`."),
        new_code_cell(f"STUDENT_ID = {json.dumps(example_id)}"),
        new_raw_cell(f"# BEGIN QUESTION\nname: {topic}\npoints: 1"),
        new_markdown_cell("Assign your answer to `answer`."),
        new_raw_cell("# BEGIN SOLUTION"),
        new_code_cell(f"answer = {json.dumps(example_answer)}  # SOLUTION"),
        new_raw_cell("# END SOLUTION"),
        new_raw_cell("# BEGIN TESTS"),
        *[new_code_cell("from overcommit.exercises import assignment as _oc\n"
                        f'assert _oc.otter_check("{topic}", STUDENT_ID, answer, {step}, {steps})')
          for step in range(1, steps + 1)],
        new_raw_cell("# END TESTS"),
        new_raw_cell("# END QUESTION"),
    ]
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    return nb


def _version() -> str:
    from importlib.metadata import version

    return version("overcommit")


def _wheel_name() -> str:
    return f"overcommit-{_version()}-py3-none-any.whl"


def build_wheel(folder: Path) -> Path:
    """The package's wheel, built from this checkout into ``folder``."""
    root = Path(__file__).resolve().parents[3]
    if not (root / "pyproject.toml").is_file():
        raise RuntimeError(f"no pyproject.toml at {root}: the autograder needs the package's source to build its wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(folder), str(root)],
         "building the package's wheel")
    wheel = folder / _wheel_name()
    if not wheel.is_file():
        raise RuntimeError(f"pip wrote no {wheel.name} into {folder}")
    return wheel


def _run(command: list[str], what: str, cwd: Path | None = None) -> None:
    """Run ``command``; on failure a ``RuntimeError`` that carries the tool's own message."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        said = "\n".join(part.strip() for part in (done.stdout, done.stderr) if part.strip())
        raise RuntimeError(f"{what} failed (exit {done.returncode}): {' '.join(command)}\n{said}")


def pinned_requirements() -> list[str]:
    """What the zip installs: otter-grader, and the NumPy, SciPy and pandas this package's
    answers were computed with (a later NumPy could move a recomputed answer)."""
    from importlib.metadata import version

    return [OTTER_REQUIREMENT, *(f"{name}=={version(name)}" for name in PINNED)]


def build(chapter: str, directory: str | Path, roster: Roster, secret: str) -> Path:
    """Write the master notebook, the key and the wheel, and run ``otter assign`` into
    ``directory/<topic>``; returns the assignment's folder (an absolute path)."""
    topic = _topic(chapter)
    folder = (Path(directory) / topic).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    key = answer_key(topic, roster, secret)
    (folder / KEY_FILE).write_text(json.dumps(key, indent=1, ensure_ascii=False), encoding="utf-8")
    build_wheel(folder)
    (folder / "requirements.txt").write_text("\n".join([*pinned_requirements(), f"./files/{_wheel_name()}"]) + "\n",
                                             encoding="utf-8")
    example = roster.students[0].id
    master = folder / f"{chapter}.ipynb"  # otter's grader.check finds its tests by this name
    nbformat.write(master_notebook(chapter, example, key[example]["answer"], credit_steps(key)), master)
    dist = folder / "dist"
    _run([sys.executable, "-m", "otter", "assign", "--no-pdfs", str(master), str(dist)], "otter assign", cwd=folder)
    # otter names the zip after the notebook and the time; one stable name for the instructor
    zips = sorted((dist / "autograder").glob("*.zip"))
    if not zips:
        raise RuntimeError(f"otter assign wrote no autograder zip under {dist / 'autograder'}")
    zips[-1].replace(dist / "autograder" / "autograder.zip")
    return folder


def grade(autograder_zip: str | Path, submission: str | Path, output_dir: str | Path,
          python: str | Path = sys.executable) -> dict:
    """Grade one submission with ``python``'s otter (``otter run``, no Docker); otter's
    results as a dict with ``score`` and ``possible`` added."""
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(python), "-m", "otter", "run", "--no-logo", "-a", str(autograder_zip),
                    "-o", str(out), str(submission)], check=True, capture_output=True,
                   env={**os.environ, "PYTHONNOUSERSITE": "1"})
    results = json.loads((out / "results.json").read_text())
    tests = results.get("tests", [])
    results["score"] = sum(float(t.get("score", 0)) for t in tests)
    results["possible"] = sum(float(t.get("max_score", 0)) for t in tests)
    return results


def main(argv: list[str] | None = None) -> int:
    import argparse

    from .graded import secret_from
    from .roster import read_roster

    parser = argparse.ArgumentParser(prog="python -m overcommit.exercises.assignment",
                                     description="Build otter-grader autograders for a class's graded variants.")
    parser.add_argument("chapters", nargs="*", default=list(CHAPTERS), help=f"default: {' '.join(CHAPTERS)}")
    parser.add_argument("--roster", required=True, help="the class export (Canvas, Moodle, Blackboard, student,id)")
    parser.add_argument("--secret", help="the course secret (else $OVERCOMMIT_SECRET)")
    parser.add_argument("--out", default="_build/assignments")
    args = parser.parse_args(argv)
    try:
        roster = read_roster(args.roster)
        secret = secret_from(args.secret)
        for chapter in args.chapters:
            folder = build(chapter, args.out, roster, secret)
            print(f"{chapter}: autograder in {folder / 'dist' / 'autograder' / 'autograder.zip'}")
    except ValueError as exc:
        where = f" (relative paths are read from {Path.cwd()})" if not Path(args.roster).is_absolute() else ""
        print(f"error: {exc}{where if 'roster' in str(exc) else ''}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["CHAPTERS", "KEY_FILE", "PINNED", "answer_key", "build", "build_wheel", "grade", "master_notebook",
           "otter_check", "pinned_requirements"]
