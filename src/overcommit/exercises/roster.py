"""A class from a roster file: the students' names and stable ids, from what an LMS exports.

:func:`read_roster` reads the exports instructors have at hand and finds in each a name
and an id that does not change during a term (the id, not the row, decides a student's
graded variant, :mod:`overcommit.exercises.graded`), and the id the LMS names its
downloads by (:attr:`Student.aliases`), with which ``python -m overcommit grade`` tells
whose file is whose (:mod:`overcommit.exercises.submissions`):

====================  ===========================================  =====================  =============================
kind                  header (columns it needs; others are kept)   id column (seeds)      downloads matched against
====================  ===========================================  =====================  =============================
``canvas``            ``Student, ID, SIS User ID, SIS Login ID,    ``ID``: Canvas's user  ``ID``:
                      Section`` (the gradebook export)             id, digits             ``name_<ID>_<file id>_...``
``moodle``            ``First name, Last name`` (or ``Surname``),  ``ID number``, else    nothing: a gradebook
                      ``ID number, Email address`` (gradebook)     ``Email address``      export has no participant id
``moodle-worksheet``  ``Identifier, Full name, ID number, Email    ``ID number``, else    the number of ``Identifier``
                      address, Status, Grade, ...`` (the           ``Email address``      (``Participant 1234567``):
                      assignment's "Download grading worksheet")                          ``Name_1234567_assignsub...``
``blackboard``        ``Last Name, First Name, Username,           ``Username``, else     ``Username``:
                      Student ID, ...``                            ``Student ID``         ``Assignment_<username>_...``
``plain``             ``student, id`` (or ``name``; without an id  ``id``                 ``id``: ``<id>.ipynb`` as
                      column the name is the id)                                          ``assign`` names them; also
                                                                                          Canvas's and Blackboard's
                                                                                          ids, if that is what it holds
====================  ===========================================  =====================  =============================

A file may be UTF-8 (with or without a byte-order mark), UTF-16 with a mark (Blackboard's
"xls" downloads are tab-separated UTF-16) or Latin-1/Windows-1252; separated by commas,
semicolons or tabs. Lines starting with ``#`` are comments. Canvas's "Points Possible" and
"Manual Posting" rows are not students, and neither is Canvas's test student ("Student,
Test", the account of "Student View"): its row is skipped with a note
(:attr:`Roster.notes`) the commands print. A row with more fields than the header, in a
file with one name column, is a name with an unquoted comma (``O'Brien, Seán,42``): the
extra fields go back into the name. Every error names the file and the line.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

#: an id column's candidates, most stable first; the first whose every row is filled wins
ID_COLUMNS = ("id", "id number", "username", "student id", "email address", "email", "sis user id", "sis login id")
#: an LMS's own id columns, in the order tried (Canvas's ID is its user id, never empty)
KIND_ID_COLUMNS = {"canvas": ("id",), "moodle": ("id number", "email address", "username"),
                   "moodle-worksheet": ("id number", "email address"), "blackboard": ("username", "student id")}
#: the column whose value an LMS names its downloads by (Moodle's worksheet: the number of its Identifier)
ALIAS_COLUMNS = {"canvas": "id", "moodle-worksheet": "identifier", "blackboard": "username"}
#: the LMS whose downloads each kind of roster can attribute by id (:mod:`.submissions`)
KIND_LMS = {"canvas": "canvas", "moodle": "moodle", "moodle-worksheet": "moodle", "blackboard": "blackboard"}
#: columns that hold a whole name
NAME_COLUMNS = ("student", "name", "student name", "full name")
#: rows of a Canvas export that are not students (in the Student column, or in a row with no student and no ID)
NOT_STUDENTS = ("points possible", "muted", "manual posting")
#: Canvas's test student (Student View), as its gradebook export names it
TEST_STUDENTS = ("student, test", "test student")


@dataclass(frozen=True)
class Student:
    name: str
    id: str
    #: the row as read (header → value), for a grades file in the LMS's own format
    fields: dict = field(default_factory=dict, compare=False, repr=False)
    #: the ids the LMS names this student's downloads by (Canvas's user id, Blackboard's
    #: username, Moodle's participant number); used to attribute files, never to seed
    aliases: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Roster:
    kind: str  # canvas, moodle, moodle-worksheet, blackboard or plain
    header: tuple[str, ...]
    students: tuple[Student, ...]
    id_column: str
    #: what was read but is not a student, for the commands to print ("skipped Canvas's test student (line 3)")
    notes: tuple[str, ...] = ()

    def by_id(self) -> dict[str, Student]:
        return {s.id: s for s in self.students}

    @property
    def lms(self) -> str | None:
        """The LMS this roster was exported from (canvas, moodle, blackboard), None for plain."""
        return KIND_LMS.get(self.kind)


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
    if {"identifier", "full name"} <= has:
        return "moodle-worksheet"
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
    numbered = [(n, line) for n, line in enumerate(_text(path.read_bytes()).splitlines(), start=1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        raise ValueError(f"{where} is empty; expected a header and one row per student")
    rows = list(csv.reader(io.StringIO("\n".join(line for _, line in numbered)), delimiter=_delimiter(numbered[0][1])))
    if len(rows) != len(numbered):  # a quoted field over several lines: count rows instead
        numbered = [(k, "") for k in range(1, len(rows) + 1)]
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
    records, notes = [], []
    for (line, _), row in zip(numbered[1:], rows[1:]):
        if len(row) > len(header) and len(name_cols) == 1:
            col, extra = name_cols[0], len(row) - len(header)
            row = row[:col] + [",".join(row[col:col + extra + 1])] + row[col + extra + 1:]
        row = [v.strip() for v in row] + [""] * (len(header) - len(row))
        if kind == "canvas":
            if name_of(row).lower() in NOT_STUDENTS or (
                    not name_of(row) and not row[keys.index("id")] and any(v.lower() in NOT_STUDENTS for v in row)):
                continue
            if name_of(row).lower() in TEST_STUDENTS:
                notes.append(f"skipped Canvas's test student (line {line}: {name_of(row)!r})")
                continue
        if not name_of(row):
            raise ValueError(f"{where} line {line} has an empty student name; expected a name in every row")
        records.append((line, row))
    if not records:
        raise ValueError(f"{where} lists no students; expected at least one row under the header")
    candidates = KIND_ID_COLUMNS.get(kind, ID_COLUMNS)
    id_col = next((keys.index(c) for c in candidates if c in keys
                   and all(row[keys.index(c)] for _, row in records)), None)
    if id_col is None and (kind != "plain" or any(c in keys for c in ID_COLUMNS)):
        present = [c for c in candidates if c in keys]
        tried = [header[keys.index(c)] for c in present]
        if present:
            line = next(line for line, row in records if not row[keys.index(present[0])])
            raise ValueError(f"{where} line {line} has an empty id (tried {tried}); expected "
                             f"{' or '.join(repr(t) for t in tried)} filled in for every student")
        raise ValueError(f"{where} has no id column (its header is {header}); expected one of the columns "
                         f"{', '.join(candidates)} filled in every row")
    alias_col = keys.index(ALIAS_COLUMNS[kind]) if ALIAS_COLUMNS.get(kind) in keys else None
    students, seen, seen_alias = [], {}, {}
    for line, row in records:
        sid = row[id_col] if id_col is not None else name_of(row)
        if kind == "canvas" and not sid.isdigit():
            raise ValueError(f"{where} line {line}: ID {sid!r} is not accepted; expected Canvas's user id, digits "
                             "only (the ID column of the gradebook export, not the SIS User ID)")
        if sid in seen:
            what = "id" if id_col is not None else "student"
            raise ValueError(f"{where}: {what} {sid!r} appears twice (lines {seen[sid]} and {line}); "
                             f"expected one row per student")
        seen[sid] = line
        aliases: tuple[str, ...] = ()
        if alias_col is not None and row[alias_col]:
            alias = row[alias_col]
            if kind == "moodle-worksheet":
                number = re.search(r"([0-9]+)\s*$", alias)
                if not number:
                    raise ValueError(f"{where} line {line}: Identifier {alias!r} is not accepted; expected "
                                     "'Participant <number>' as Moodle's grading worksheet writes it")
                alias = number.group(1)
            if alias in seen_alias:
                raise ValueError(f"{where}: {header[alias_col]} {alias!r} appears twice (lines {seen_alias[alias]} "
                                 f"and {line}); expected one row per student")
            seen_alias[alias] = line
            aliases = (alias,)
        students.append(Student(name_of(row), sid, dict(zip(header, row)), aliases))
    return Roster(kind, tuple(header), tuple(students), header[id_col] if id_col is not None else header[name_cols[0]],
                  tuple(notes))


def answer_text(answer) -> str:
    """An answer as the key and the command line print it: JSON, e.g. ``[37, "Linux"]``."""
    import json

    from . import plain_answer

    return json.dumps(plain_answer(answer), ensure_ascii=False)


__all__ = ["ALIAS_COLUMNS", "ID_COLUMNS", "KIND_LMS", "NAME_COLUMNS", "TEST_STUDENTS", "Roster", "Student",
           "answer_text", "read_roster"]
