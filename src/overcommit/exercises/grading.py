"""Graded assignments without Docker: a notebook per student, and a grader for a folder.

``python -m overcommit assign TOPIC --roster class.csv --secret S [--out notebooks]``
writes ``notebooks/<id>.ipynb`` for every student: their own question
(:mod:`overcommit.exercises.graded`) and an answer cell, with their name and id, never a
seed or the secret.

``python -m overcommit grade SUBMISSIONS --topic TOPIC --roster class.csv --secret S
[--out grades.csv]`` grades a folder of returned notebooks (:func:`grade_folder`):

- **who** handed a file in comes from its *file name*, by the id the LMS names its
  downloads by (:mod:`overcommit.exercises.submissions`: Canvas's user id, Blackboard's
  username, Moodle's participant number, or ``<id>.ipynb`` as ``assign`` names them),
  never from the name the student gave the file. A file whose submitter is not on the
  roster is listed and never replaces a student's file. Of a student's several files the
  newest by the LMS's order (Canvas's file id, Blackboard's attempt time) is graded;
- **whose notebook** it is comes from the id it carries (its metadata
  ``overcommit.student_id``, else its ``STUDENT_ID = "..."`` line; the metadata wins when
  they disagree): a notebook made for another student scores 0 for its submitter,
  whatever the file is called;
- **what** they answered is the last ``answer = ...`` of the notebook's code cells, read as
  a value (numbers, text, lists, arithmetic on numbers), never executed;
- **what is right** is recomputed from the roster's id and the secret, never from anything
  the notebook says about its question or seed;
- **how much** is per part: an answer of *n* values gives each 1/*n* of the points
  (:func:`score`), each checked as :func:`overcommit.exercises.check` checks it.

It writes the grades file in the roster's format (a Canvas roster gives the columns
Canvas's gradebook import reads: ``Student, ID, SIS User ID, SIS Login ID, Section`` and
the assignment; Moodle's grading worksheet comes back with its ``Grade`` filled in, for
"Upload grading worksheet") and ``<out>-details.csv``: a row per roster student with the
file graded, the answer read, every part and the reason (:data:`REASONS`), and a row per
file whose submitter is not on the roster. Every cell is safe to open in a spreadsheet
(:mod:`overcommit.exercises.sheets`).
"""

from __future__ import annotations

import ast
import json
import operator
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from . import CHAPTER_TITLES, TOPICS, Exercise, answer_parts, answers, chapter_of, part_units, plain_answer, verdict
from .graded import exercise_for
from .handouts import file_name
from .roster import Roster, Student
from .sheets import write_csv
from .submissions import HINTS, LMSES, Named, attribution_ids, parse

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
                          f"*{CHAPTER_TITLES[chapter_of(topic)]}* and its figures."),
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


class AnswerError(ValueError):
    """An answer that cannot be read, with the reason in a few words (``short``) for the
    details file."""

    def __init__(self, message: str, short: str):
        super().__init__(message)
        self.short = short


def read_answer(notebook: nbformat.NotebookNode) -> Any:
    """The value of the last ``answer = ...`` in ``notebook``'s code cells (not executed);
    an :class:`AnswerError` when there is none to read."""
    found = None
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        source = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!")))
        try:
            tree = ast.parse(source)
        except SyntaxError as exc:
            raise AnswerError(f"answer: a code cell does not parse ({exc.msg}, line {exc.lineno}); "
                              "expected Python such as answer = 0.42",
                              f"a code cell does not parse ({exc.msg}, line {exc.lineno})") from None
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "answer" for t in node.targets):
                found = node.value
    if found is None:
        raise AnswerError("answer: the notebook assigns no answer; expected a line answer = ... in a code cell",
                          "no answer = line (not answered)")
    if isinstance(found, ast.Constant) and found.value is None:
        raise AnswerError("answer: still None; the student did not answer", "answer still None (not answered)")
    try:
        return _value(found)
    except ValueError as exc:
        raise AnswerError(str(exc), f"answer is not a plain value, not run: {_clip(ast.unparse(found))}") from None


# --- scoring -------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    points: float  # between 0 and possible
    possible: float
    parts: tuple[bool, ...]
    reason: str = ""  # what was read and what was expected, where a part is not right
    right: int = 0  # parts right
    out_of: int = 1  # what they are counted against: the parts asked, or more if more were given


def score(ex: Exercise, given: Any, points: float = 1.0) -> Score:
    """``given`` against ``ex``'s answer, part by part, read and judged as the page's box
    reads and judges a typed answer (:func:`overcommit.exercises.verdict`): each right part
    earns ``points / n`` of an answer of *n* parts; a value given beyond the *n* counts as
    one more wrong part, and a decimal comma (``38,8``) earns nothing."""
    v = verdict(ex, given)
    parts = tuple(p.ok and not v.problem for p in v.parts)
    expected = [a for a, _ in answer_parts(ex)]
    reason = "" if v.correct else answers.describe(v, given, expected, part_units(ex))
    return Score(round(points * v.right / v.out_of, 4), points, parts, reason, v.right, v.out_of)


# --- a folder of submissions ---------------------------------------------------------


#: the reason in the details file, by case (``{...}`` filled in)
REASONS = {
    "scored": "scored: {right} of {out_of} {parts} right",
    "other student": "made for {id} ({name})",
    "other topic": "made for another topic ({topic})",
    "unreadable": "not a readable notebook: {error}",
    "nothing": "nothing handed in",
    "no notebook": "no notebook handed in (other files: {files})",
    "not on roster": "not on the roster; not graded",
    "no lms ids": "not graded: the roster has no {lms} ids to tell whose file this is",
}


@dataclass
class Graded:
    """One row of the details file: a roster student's result (``points`` None: nothing
    handed in), or a file whose submitter is not on the roster (``on_roster`` False)."""

    student: Student
    file: str = ""
    points: float | None = None  # None: nothing handed in
    possible: float = 1.0
    parts: tuple[bool, ...] = ()
    notes: list[str] = field(default_factory=list)
    reason: str = REASONS["nothing"]
    answer: str = ""  # the answer as read
    lms: str = ""  # the LMS that named the file graded (plain: named by id)
    lms_id: str = ""  # the submitter's id in that LMS
    on_roster: bool = True


@dataclass
class FolderGrades:
    """What :func:`grade_folder` found: one :class:`Graded` per roster student, in the
    roster's order; the notebooks whose submitter is not on the roster; warnings to say
    once (an LMS's files that the roster cannot attribute)."""

    results: list[Graded]
    extras: list[Graded] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _skipped(path: Path, folder: Path) -> bool:
    """Not a submission: Jupyter's checkpoints, macOS's zip leftovers, hidden files."""
    parts = path.relative_to(folder).parts
    return any(p in (".ipynb_checkpoints", "__MACOSX") or p.startswith(".") for p in parts)


_STUDENT_ID = re.compile(r"""^[ \t]*STUDENT_ID[ \t]*=[ \t]*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""", re.M)


def embedded_id(notebook: nbformat.NotebookNode) -> tuple[str | None, str]:
    """The student a notebook was made for: its metadata ``overcommit.student_id``, else the
    last ``STUDENT_ID = "..."`` of its code cells (read, not run); and a note when the two
    disagree (the metadata wins)."""
    meta = notebook.metadata.get(METADATA)
    meta_id = meta.get("student_id") if isinstance(meta, dict) else None
    meta_id = None if meta_id is None else str(meta_id)
    code_id = None
    for cell in notebook.cells:
        if cell.get("cell_type") != "code":
            continue
        for m in _STUDENT_ID.finditer(str(cell.get("source", ""))):
            try:
                code_id = str(ast.literal_eval(m.group(1)))
            except (ValueError, SyntaxError):
                continue
    if meta_id is not None and code_id is not None and meta_id != code_id:
        return meta_id, (f"its metadata says it was made for {meta_id}, its STUDENT_ID line says {code_id}: "
                         "the metadata counts")
    return (meta_id if meta_id is not None else code_id), ""


def _shown(given: Any) -> str:
    """An answer as the details file shows it: text as typed, anything else as JSON."""
    return _clip(given if isinstance(given, str) else json.dumps(plain_answer(given), ensure_ascii=False), 200)


def _newest(files: list[tuple[Named, Path]]) -> tuple[tuple[Named, Path], list[str]]:
    """The file to grade of one student's files, and a note for each one left out: the
    LMS's order when one LMS named them all (Canvas's file id, Blackboard's attempt time),
    else the files' times."""
    by_lms = len({n.lms for n, _ in files}) == 1 and all(n.order is not None for n, _ in files)
    key = (lambda f: (f[0].order, f[1].name)) if by_lms else (lambda f: (f[1].stat().st_mtime, f[1].name))
    ordered = sorted(files, key=key)
    chosen, notes = ordered[-1], []
    for named, path in reversed(ordered[:-1]):
        if named.lms == chosen[0].lms and named.order is not None and named.order == chosen[0].order:
            notes.append(f"another file of the same attempt, {path.name}, left out")
        elif named.lms == "moodle" and chosen[0].lms == "moodle":
            notes.append(f"another file of the submission, {path.name}, left out (the newest by file time is graded)")
        else:
            notes.append(f"older file {path.name} left out")
    return chosen, notes


def grade_file(path: Path, student: Student, topic: str, roster: Roster, secret: str, points: float = 1.0) -> Graded:
    """``student``'s notebook ``path`` graded for ``topic``: points, parts and the reason."""
    g = Graded(student, file=str(path), points=0.0, possible=points)
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as exc:  # noqa: BLE001 - any unreadable file scores 0 with its reason
        g.reason = REASONS["unreadable"].format(error=_clip(f"{type(exc).__name__}: {exc}", 120))
        return g
    made_for, note = embedded_id(nb)
    if note:
        g.notes.append(note)
    if made_for is not None and made_for != student.id:
        other = roster.by_id().get(made_for)
        g.reason = REASONS["other student"].format(id=made_for, name=other.name if other else "not on the roster")
        return g
    meta = nb.metadata.get(METADATA)
    nb_topic = meta.get("topic") if isinstance(meta, dict) else None
    if nb_topic not in (None, topic):
        g.reason = REASONS["other topic"].format(topic=nb_topic)
        return g
    try:
        given = read_answer(nb)
        g.answer = _shown(given)
        s = score(exercise_for(secret, topic, student.id), given, points)
    except AnswerError as exc:
        g.reason = exc.short
        return g
    except (ValueError, TypeError, RecursionError, MemoryError) as exc:  # a pathological answer: 0, not a crash
        g.answer, g.reason = "", f"answer could not be read: {_clip(f'{type(exc).__name__}: {exc}', 120)}"
        return g
    g.points, g.parts = s.points, s.parts
    g.reason = REASONS["scored"].format(right=s.right, out_of=s.out_of, parts="part" if s.out_of == 1 else "parts")
    if s.reason:
        g.reason += f"; {s.reason}"
    return g


def grade_folder(folder: str | Path, topic: str, roster: Roster, secret: str, points: float = 1.0) -> FolderGrades:
    """Grade every notebook under ``folder`` for ``topic`` (see the module docstring): a
    :class:`Graded` per student of ``roster`` with its reason, a row per notebook whose
    submitter is not on the roster, and what to warn about."""
    folder = Path(folder)
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    if not folder.is_dir():
        raise ValueError(f"submissions: {str(folder)!r} is not a folder; expected a folder of .ipynb files")
    ids = {lms: attribution_ids(roster, lms) for lms in LMSES}
    usernames = set(ids["blackboard"])
    files: dict[str, list[tuple[Named, Path]]] = {}
    others: dict[str, list[str]] = {}
    extras: list[Graded] = []
    seen: dict[str, int] = {}
    matched: set[str] = set()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not _skipped(p, folder)):
        named = parse(path.relative_to(folder), usernames)
        who = ids[named.lms].get(named.submitter)
        if path.suffix.lower() != ".ipynb":
            if who is not None and (named.original or named.lms == "plain"):  # not Blackboard's receipt
                others.setdefault(who.id, []).append(path.name)
            continue
        anonymous = named.lms == "canvas" and named.submitter.startswith("anon_")
        kind = "canvas-anon" if anonymous else named.lms
        seen[kind] = seen.get(kind, 0) + 1
        if who is None:
            reason = REASONS["no lms ids"].format(lms="Moodle participant") if named.lms == "moodle" \
                and not ids["moodle"] else REASONS["not on roster"]
            extras.append(Graded(Student(named.name, ""), file=str(path), points=None, possible=points,
                                 reason=reason, lms=named.lms, lms_id=named.submitter, on_roster=False))
            continue
        matched.add(named.lms)
        files.setdefault(who.id, []).append((named, path))
    results = []
    for s in roster.students:
        if s.id not in files:
            g = Graded(s, possible=points)
            if s.id in others:
                g.reason = REASONS["no notebook"].format(files=", ".join(others[s.id]))
            results.append(g)
            continue
        (named, path), notes = _newest(files[s.id])
        g = grade_file(path, s, topic, roster, secret, points)
        g.lms, g.lms_id, g.notes = named.lms, named.submitter, g.notes + notes
        results.append(g)
    warnings = []
    for kind, count in seen.items():
        lms = "canvas" if kind == "canvas-anon" else kind
        if kind == "canvas-anon" or (kind in HINTS and lms not in matched):
            warnings.append(f"{count} notebook{'s' if count != 1 else ''} named by {lms.capitalize()} "
                            f"match{'' if count != 1 else 'es'} no student of this roster. {HINTS[kind]}")
    return FolderGrades(results, extras, warnings)


def write_grades(results: list[Graded], roster: Roster, out: str | Path, assignment: str,
                 extras: list[Graded] = ()) -> list[Path]:
    """The grades file in ``roster``'s format and ``<out>-details.csv`` (every cell safe to
    open in a spreadsheet, :func:`overcommit.exercises.sheets.cell`)."""
    out = Path(out)
    fmt = lambda v: "" if v is None else f"{v:g}"  # noqa: E731 - blank: no change in the gradebook
    keys = [h.lower() for h in roster.header]
    if roster.kind == "canvas":
        write_csv(out, [*CANVAS_COLUMNS, assignment],
                  ([g.student.fields.get(c, "") for c in CANVAS_COLUMNS] + [fmt(g.points)] for g in results))
    elif roster.kind == "moodle-worksheet" and "grade" in keys:
        grade = roster.header[keys.index("grade")]
        write_csv(out, roster.header, ([g.student.fields.get(h, "") if h != grade or g.points is None else fmt(g.points)
                                        for h in roster.header] for g in results))
    else:
        write_csv(out, ["student", "id", assignment], ([g.student.name, g.student.id, fmt(g.points)] for g in results))
    details = out.with_name(out.stem + "-details.csv")
    write_csv(details, ["student", "id", "lms", "lms id", "file", "points", "possible", "parts right", "answer",
                        "reason", "notes"],
              ([g.student.name, g.student.id, g.lms, g.lms_id, g.file, fmt(g.points),
                fmt(g.possible) if g.on_roster else "", " ".join("1" if p else "0" for p in g.parts), g.answer,
                g.reason, "; ".join(g.notes)] for g in [*results, *extras]))
    return [out, details]


__all__ = ["CANVAS_COLUMNS", "METADATA", "REASONS", "AnswerError", "FolderGrades", "Graded", "Score",
           "assignment_notebook", "embedded_id", "grade_file", "grade_folder", "read_answer", "score",
           "write_assignments", "write_grades"]
