"""A class from a roster file: the students' names and stable ids, from what an LMS exports.

:func:`read_roster` reads the exports instructors have at hand and finds in each a name
and an id that does not change during a term (the id, not the row, decides a student's
graded variant, :mod:`overcommit.exercises.graded`):

=============  ==========================================================  ================
kind           header (columns it needs; others are kept)                  id column
=============  ==========================================================  ================
``canvas``     ``Student, ID, SIS User ID, SIS Login ID, Section``          ``ID``
``moodle``     ``First name, Last name (or Surname), ID number, Email...``  ``ID number``, else
                                                                           ``Email address``
``blackboard`` ``Last Name, First Name, Username, Student ID, ...``         ``Username``
``plain``      ``student, id`` (or ``name``; without an id column the name  ``id``
               is the id)
=============  ==========================================================  ================

A file may be UTF-8 (with or without a byte-order mark), UTF-16 with a mark (Blackboard's
"xls" downloads are tab-separated UTF-16) or Latin-1/Windows-1252; separated by commas,
semicolons or tabs. Lines starting with ``#`` are comments. Canvas's "Points Possible" row
is not a student. A row with more fields than the header, in a file with one name column,
is a name with an unquoted comma (``O'Brien, Seán,42``): the extra fields go back into the
name.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

#: an id column's candidates, most stable first; the first whose every row is filled wins
ID_COLUMNS = ("id", "id number", "username", "student id", "email address", "email", "sis user id", "sis login id")
#: an LMS's own id columns, in the order tried (Canvas's ID is its user id, never empty)
KIND_ID_COLUMNS = {"canvas": ("id",), "moodle": ("id number", "email address", "username"),
                   "blackboard": ("username", "student id")}
#: columns that hold a whole name
NAME_COLUMNS = ("student", "name", "student name", "full name")
#: rows of a Canvas export that are not students
NOT_STUDENTS = ("points possible", "muted")


@dataclass(frozen=True)
class Student:
    name: str
    id: str
    #: the row as read (header → value), for a grades file in the LMS's own format
    fields: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Roster:
    kind: str  # canvas, moodle, blackboard or plain
    header: tuple[str, ...]
    students: tuple[Student, ...]
    id_column: str

    def by_id(self) -> dict[str, Student]:
        return {s.id: s for s in self.students}


def _text(raw: bytes) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _delimiter(header_line: str) -> str:
    counts = {d: header_line.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _kind(keys: list[str]) -> str:
    has = set(keys)
    if {"student", "id", "sis user id"} <= has:
        return "canvas"
    if "first name" in has and ("last name" in has or "surname" in has):
        return "blackboard" if keys.index("last name" if "last name" in has else "surname") < keys.index("first name") \
            and "username" in has else "moodle"
    return "plain"


def read_roster(path: str | Path) -> Roster:
    """The students of a roster file (see the module docstring for the formats)."""
    path = Path(path)
    where = f"roster: {str(path)!r}"
    if not path.is_file():
        raise ValueError(f"{where} is not a file; expected a CSV export of the class (Canvas, Moodle, Blackboard, "
                         "or a 'student,id' file)")
    lines = [line for line in _text(path.read_bytes()).splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise ValueError(f"{where} is empty; expected a header and one row per student")
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=_delimiter(lines[0])))
    header = [h.strip() for h in rows[0]]
    keys = [h.lower() for h in header]
    kind = _kind(keys)
    if kind in ("moodle", "blackboard"):
        first = keys.index("first name")
        last = keys.index("last name") if "last name" in keys else keys.index("surname")
        name_of = lambda r: f"{r[first]} {r[last]}".strip()  # noqa: E731
        name_cols = (first, last)
    else:
        col = next((keys.index(c) for c in NAME_COLUMNS if c in keys), None)
        if col is None:
            raise ValueError(f"{where} has no column of names; its header is {header}; expected 'student' or 'name' "
                             "(or 'First name' and 'Last name')")
        name_of = lambda r: r[col].strip()  # noqa: E731
        name_cols = (col,)
    records = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) > len(header) and len(name_cols) == 1:
            col, extra = name_cols[0], len(row) - len(header)
            row = row[:col] + [",".join(row[col:col + extra + 1])] + row[col + extra + 1:]
        row = [v.strip() for v in row] + [""] * (len(header) - len(row))
        if kind == "canvas" and name_of(row).lower() in NOT_STUDENTS:
            continue
        if not name_of(row):
            raise ValueError(f"{where} line {line} has an empty student name; expected a name in every row")
        records.append((line, row))
    if not records:
        raise ValueError(f"{where} lists no students; expected at least one row under the header")
    candidates = KIND_ID_COLUMNS.get(kind, ID_COLUMNS)
    id_col = next((keys.index(c) for c in candidates if c in keys
                   and all(row[keys.index(c)] for _, row in records)), None)
    if id_col is None and kind != "plain":
        tried = [header[keys.index(c)] for c in candidates if c in keys]
        raise ValueError(f"{where} has no id filled in for every student (tried {tried or 'none of its columns'}); "
                         f"expected one of the columns {', '.join(candidates)} filled in every row")
    if id_col is None and any(c in keys for c in ID_COLUMNS):
        line = next(line for line, row in records if not all(row[keys.index(c)] for c in ID_COLUMNS if c in keys))
        raise ValueError(f"{where} line {line} has an empty id; expected an id for every student")
    students, seen = [], {}
    for line, row in records:
        sid = row[id_col] if id_col is not None else name_of(row)
        if sid in seen:
            what = "id" if id_col is not None else "student"
            raise ValueError(f"{where}: {what} {sid!r} appears twice (lines {seen[sid]} and {line}); "
                             f"expected one row per student")
        seen[sid] = line
        students.append(Student(name_of(row), sid, dict(zip(header, row))))
    return Roster(kind, tuple(header), tuple(students), header[id_col] if id_col is not None else header[name_cols[0]])


def answer_text(answer) -> str:
    """An answer as the key and the command line print it: JSON, e.g. ``[37, "Linux"]``."""
    import json

    from . import plain_answer

    return json.dumps(plain_answer(answer), ensure_ascii=False)


__all__ = ["ID_COLUMNS", "NAME_COLUMNS", "Roster", "Student", "answer_text", "read_roster"]
