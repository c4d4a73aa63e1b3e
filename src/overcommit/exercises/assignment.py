"""Graded assignments with otter-grader: a chapter's seeded exercise as a Jupyter
notebook a student fills in, and an autograder that grades it on the instructor's machine.

``make assignments`` (default: every chapter with a seeded exercise; ``CHAPTERS=shares``
for one) writes, per chapter, under ``_build/assignments/<chapter>/``:

- ``<chapter>.ipynb``: the otter-grader master notebook (format v1: raw ``# BEGIN QUESTION``
  / ``# BEGIN TESTS`` cells), built by :func:`master_notebook`;
- ``dist/student/<chapter>.ipynb``: what the student gets, from ``otter assign``;
- ``dist/autograder/autograder.zip``: what grades a submission, locally and without
  Docker: ``otter run -a dist/autograder/autograder.zip submission.ipynb`` writes
  ``results.json`` with the score.

The student types the seed the instructor gave (the roster of ``python -m overcommit
exercise --roster``), reads their own question and assigns ``answer``; the tests call
:func:`overcommit.exercises.check` for that seed, so one autograder grades every
student's variant. The package is in the student's environment, so a determined student
can ask it for the answer: use these for practice and homework, and a roster's printed
answer key for anything that counts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell

from . import TOPICS, generate, plain_answer

#: The chapter each seeded topic belongs to (the chapter and the topic share their name).
CHAPTERS: tuple[str, ...] = TOPICS


def _topic(chapter: str) -> str:
    if chapter not in CHAPTERS:
        raise ValueError(f"chapter: {chapter!r} is not accepted; expected one of {', '.join(CHAPTERS)}")
    return chapter


def master_notebook(chapter: str, example_seed: int = 0) -> nbformat.NotebookNode:
    """The otter-grader master notebook for ``chapter``'s seeded exercise; the solution
    cell answers ``example_seed`` (otter assign runs the tests on it)."""
    topic = _topic(chapter)
    answer = json.dumps(plain_answer(generate(topic, example_seed).answer))
    config = "\n".join([
        "# ASSIGNMENT CONFIG",
        "init_cell: true",
        "check_all_cell: false",
        "export_cell: false",
        "run_tests: true",
        "generate: true",
        "tests:",
        "  files: false",
    ])
    cells = [
        new_raw_cell(config),
        new_markdown_cell(
            f"# Assignment: {chapter}\n\n"
            f"This notebook asks the seeded exercise of the chapter *{chapter}* of *Overcommitted*. "
            "Set `SEED` to the seed your instructor gave you, run the cells, and assign your "
            "answer to `answer` in the form the question asks for (a number or a list)."),
        new_code_cell("from overcommit import exercises\n\nSEED = " + str(example_seed) + "  # your seed from the instructor (0-999)"),
        new_code_cell(f'print(exercises.generate("{topic}", SEED).question)'),
        new_raw_cell(f"# BEGIN QUESTION\nname: {topic}\npoints: 1"),
        new_markdown_cell("Assign your answer to `answer`."),
        new_raw_cell("# BEGIN SOLUTION"),
        new_code_cell(f"answer = {answer}  # SOLUTION"),
        new_raw_cell("# END SOLUTION"),
        new_raw_cell("# BEGIN TESTS"),
        new_code_cell('assert isinstance(SEED, int) and 0 <= SEED <= 999, "SEED must be the whole number 0-999 you were given"\n'
                      f'assert exercises.check("{topic}", SEED, answer).correct, "not the answer for your seed"'),
        new_raw_cell("# END TESTS"),
        new_raw_cell("# END QUESTION"),
    ]
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    return nb


def build(chapter: str, directory: str | Path) -> Path:
    """Write the master notebook and run ``otter assign`` into ``directory/<chapter>``;
    returns the assignment's folder."""
    folder = Path(directory) / _topic(chapter)
    folder.mkdir(parents=True, exist_ok=True)
    master = folder / f"{chapter}.ipynb"  # otter's grader.check finds its tests by this name
    nbformat.write(master_notebook(chapter), master)
    dist = folder / "dist"
    subprocess.run([sys.executable, "-m", "otter", "assign", "--no-pdfs", str(master), str(dist)],
                   check=True, cwd=folder)
    # otter names the zip after the notebook and the time; one stable name for the instructor
    zips = sorted((dist / "autograder").glob("*.zip"))
    if not zips:
        raise RuntimeError(f"otter assign wrote no autograder zip under {dist / 'autograder'}")
    zips[-1].replace(dist / "autograder" / "autograder.zip")
    return folder


def grade(autograder_zip: str | Path, submission: str | Path, output_dir: str | Path) -> dict:
    """Grade one submission locally (``otter run``, no Docker); otter's results as a dict
    with ``score`` and ``possible`` added."""
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "otter", "run", "--no-logo", "-a", str(autograder_zip),
                    "-o", str(out), str(submission)], check=True, capture_output=True)
    results = json.loads((out / "results.json").read_text())
    tests = results.get("tests", [])
    results["score"] = sum(float(t.get("score", 0)) for t in tests)
    results["possible"] = sum(float(t.get("max_score", 0)) for t in tests)
    return results


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m overcommit.exercises.assignment",
                                     description="Build otter-grader assignments from the seeded exercises.")
    parser.add_argument("chapters", nargs="*", default=list(CHAPTERS), help=f"default: {' '.join(CHAPTERS)}")
    parser.add_argument("--out", default="_build/assignments")
    args = parser.parse_args(argv)
    for chapter in args.chapters:
        try:
            folder = build(chapter, args.out)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        print(f"{chapter}: student notebook and autograder in {folder / 'dist'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["CHAPTERS", "build", "grade", "master_notebook"]
