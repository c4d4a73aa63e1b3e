"""Graded assignments without Docker: a notebook per student, and a grader for a folder.

``python -m overcommit assign TOPIC --roster class.csv --secret S --out DIR`` writes
``DIR/<id>.ipynb`` for every student: their own question (:mod:`overcommit.exercises.graded`)
and an answer cell, with their name and id, never a seed or the secret.

``python -m overcommit grade SUBMISSIONS --topic TOPIC --roster class.csv --secret S --out
grades.csv`` grades a folder of returned notebooks:

- **who** a notebook is from comes from its *file name*, as the LMS names downloads
  (Canvas: ``smithada_12345_678_shares.ipynb``, 12345 being the Canvas ID; or simply
  ``<id>.ipynb``): the one part of the name that is a roster id. The notebook's own
  metadata only serves to catch one student handing in another's notebook (score 0);
- **what** they answered is the last ``answer = ...`` of the notebook's code cells, read as
  a value (numbers, text, lists, arithmetic on numbers), never executed;
- **what is right** is recomputed from the roster's id and the secret, never from anything
  the notebook says about its question or seed;
- **how much** is per part: an answer of *n* values gives each 1/*n* of the points
  (:func:`score`), each checked as :func:`overcommit.exercises.check` checks it.

It writes the grades file in the roster's format (a Canvas roster gives the columns
Canvas's gradebook import reads: ``Student, ID, SIS User ID, SIS Login ID, Section`` and
the assignment) and ``<out>-details.csv`` with every part and the reason for each zero.
"""

from __future__ import annotations

import ast
import csv
import json
import operator
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from . import CHAPTER_TITLES, TOPICS, Exercise, answer_parts, part_correct
from .graded import exercise_for
from .handouts import file_name
from .roster import Roster, Student

#: the metadata key of an assignment notebook
METADATA = "overcommit"
#: Canvas gradebook import's identity columns, in its order
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


def assignment_notebook(topic: str, student: Student, secret: str, course: str = "") -> nbformat.NotebookNode:
    """``student``'s notebook for ``topic``: the question and an answer cell."""
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    ex = exercise_for(secret, topic, student.id)
    nb = new_notebook(cells=[
        new_markdown_cell(f"# {course or 'Overcommitted'}: {CHAPTER_TITLES[topic]}\n\nFor **{student.name}** "
                          f"(id {student.id}). This question is yours alone; work it out from the book's chapter "
                          f"*{CHAPTER_TITLES[topic]}* and its figures."),
        new_markdown_cell(f"## Your question\n\n{ex.question}"),
        new_markdown_cell("## Your answer\n\nAssign it to `answer` below: a number (`0.42`), text in quotes "
                          "(`\"Linux\"`) or, for several values, a list in the order the question asks "
                          "(`[0.42, 3.1]`). Each value earns its share of the points. Save the notebook and hand "
                          "it in under its own name."),
        new_code_cell(f"STUDENT_ID = {json.dumps(student.id, ensure_ascii=False)}  # who you are: leave it as it is\n"
                      "answer = None"),
    ])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata[METADATA] = {"topic": topic, "student_id": student.id, "student": student.name}
    return nb


def write_assignments(topic: str, roster: Roster, secret: str, out: str | Path, course: str = "") -> list[Path]:
    """Every student's notebook for ``topic``, as ``out/<id>.ipynb``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for s in roster.students:
        path = out / f"{file_name(s.id)}.ipynb"
        nbformat.write(assignment_notebook(topic, s, secret, course), path)
        paths.append(path)
    return paths


# --- reading an answer ---------------------------------------------------------------

_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.Pow: operator.pow, ast.USub: operator.neg, ast.UAdd: operator.pos}


def _value(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
        v = _value(node.operand)
        if isinstance(v, (int, float)):
            return _OPERATORS[type(node.op)](v)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        a, b = _value(node.left), _value(node.right)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not (isinstance(node.op, ast.Pow) and abs(b) > 64):
            return _OPERATORS[type(node.op)](a, b)
    raise ValueError(f"answer: {ast.unparse(node)!r} is not a plain value; expected a number, text in quotes or "
                     "a list of them (arithmetic on numbers is fine)")


def read_answer(notebook: nbformat.NotebookNode) -> Any:
    """The value of the last ``answer = ...`` in ``notebook``'s code cells (not executed)."""
    found = None
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        source = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!")))
        try:
            tree = ast.parse(source)
        except SyntaxError as exc:
            raise ValueError(f"answer: a code cell does not parse ({exc.msg}, line {exc.lineno}); "
                             "expected Python such as answer = 0.42") from None
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "answer" for t in node.targets):
                found = node.value
    if found is None:
        raise ValueError("answer: the notebook assigns no answer; expected a line answer = ... in a code cell")
    if isinstance(found, ast.Constant) and found.value is None:
        raise ValueError("answer: still None; the student did not answer")
    return _value(found)


# --- scoring -------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    points: float  # between 0 and possible
    possible: float
    parts: tuple[bool, ...]
    reason: str = ""


def score(ex: Exercise, given: Any, points: float = 1.0) -> Score:
    """``given`` against ``ex``'s answer, part by part: each of the answer's values earns
    ``points / n`` when it is right as :func:`overcommit.exercises.part_correct` judges it."""
    expected = answer_parts(ex)
    typed = given if isinstance(given, (list, tuple)) else [given]
    parts = tuple(k < len(typed) and part_correct(typed[k], ex, k) for k in range(len(expected)))
    reason = "" if len(typed) == len(expected) else f"{len(typed)} values given, {len(expected)} asked"
    return Score(round(points * sum(parts) / len(parts), 4), points, parts, reason)


# --- a folder of submissions ---------------------------------------------------------


@dataclass
class Graded:
    student: Student
    file: str = ""
    points: float | None = None  # None: nothing handed in
    possible: float = 1.0
    parts: tuple[bool, ...] = ()
    notes: list[str] = field(default_factory=list)


def submitter(path: Path, ids: dict[str, Student]) -> Student | None:
    """The roster's student a file is from: the one roster id among the parts of its name."""
    tokens = set(re.split(r"[_\-\s.]+", path.stem)) | {path.stem}
    hits = {ids[t].id: ids[t] for t in tokens if t in ids}
    return next(iter(hits.values())) if len(hits) == 1 else None


def grade_folder(folder: str | Path, topic: str, roster: Roster, secret: str, points: float = 1.0) -> tuple[list[Graded], list[str]]:
    """Grade every notebook under ``folder`` for ``topic``; one :class:`Graded` per student
    of ``roster`` (points None if they handed nothing in) and the files no student matched."""
    folder = Path(folder)
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    if not folder.is_dir():
        raise ValueError(f"submissions: {str(folder)!r} is not a folder; expected a folder of .ipynb files")
    ids = {file_name(s.id): s for s in roster.students} | {s.id: s for s in roster.students}
    results = {s.id: Graded(s, possible=points) for s in roster.students}
    unmatched, latest = [], {}
    for path in sorted(folder.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        who = submitter(path, ids)
        if who is None:
            unmatched.append(str(path))
            continue
        if who.id in latest and latest[who.id].stat().st_mtime >= path.stat().st_mtime:
            results[who.id].notes.append(f"older file {path.name} left out")
            continue
        if who.id in latest:
            results[who.id].notes.append(f"older file {latest[who.id].name} left out")
        latest[who.id] = path
    for sid, path in latest.items():
        g = results[sid]
        g.file, g.points, g.parts = str(path), 0.0, ()
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as exc:  # noqa: BLE001 - any unreadable file scores 0 with its reason
            g.notes.append(f"not a readable notebook: {exc}")
            continue
        meta = nb.metadata.get(METADATA, {})
        if meta.get("student_id") not in (None, g.student.id):
            g.notes.append(f"the notebook was made for another student (id {meta.get('student_id')})")
            continue
        if meta.get("topic") not in (None, topic):
            g.notes.append(f"the notebook is for another topic ({meta.get('topic')})")
            continue
        try:
            given = read_answer(nb)
        except ValueError as exc:
            g.notes.append(str(exc))
            continue
        s = score(exercise_for(secret, topic, g.student.id), given, points)
        g.points, g.parts = s.points, s.parts
        if s.reason:
            g.notes.append(s.reason)
    return list(results.values()), unmatched


def write_grades(results: list[Graded], roster: Roster, out: str | Path, assignment: str) -> list[Path]:
    """The grades file in ``roster``'s format and ``<out>-details.csv``."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fmt = lambda v: "" if v is None else f"{v:g}"  # noqa: E731 - blank: no change in the gradebook
    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if roster.kind == "canvas":
            writer.writerow([*CANVAS_COLUMNS, assignment])
            for g in results:
                writer.writerow([g.student.fields.get(c, "") for c in CANVAS_COLUMNS] + [fmt(g.points)])
        else:
            writer.writerow(["student", "id", assignment])
            for g in results:
                writer.writerow([g.student.name, g.student.id, fmt(g.points)])
    details = out.with_name(out.stem + "-details.csv")
    with open(details, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "id", "file", "points", "possible", "parts right", "notes"])
        for g in results:
            writer.writerow([g.student.name, g.student.id, g.file, fmt(g.points), fmt(g.possible),
                             " ".join("1" if p else "0" for p in g.parts),
                             "; ".join(g.notes) if g.points is not None else "nothing handed in"])
    return [out, details]


__all__ = ["CANVAS_COLUMNS", "METADATA", "Graded", "Score", "assignment_notebook", "grade_folder", "read_answer",
           "score", "submitter", "write_assignments", "write_grades"]
