"""Whose file is this: a downloaded submission's student, from the name the LMS gave it.

An LMS's bulk download names every file after the submitter, by the LMS's own id, and
keeps the name the student gave the file at the end. :func:`parse` reads those names;
the id, never the student's own file name, says who handed the file in, so a notebook
handed in unrenamed (``104210.ipynb``, made by ``assign`` for another student) is
attributed to its submitter, and the grader then sees it was made for someone else.

==========  ============================================================  ================  ====================
LMS         file name                                                     submitter         newest (order key)
==========  ============================================================  ================  ====================
Moodle      ``Full Name_<participant>_assignsubmission_file_<original>``  the participant   the file's time
            (``_onlinetext_`` for online text; or the same name as a      number (per
            folder holding ``<original>``)                                assignment)
Blackboard  ``Assignment_<username>_attempt_YYYY-MM-DD-HH-MM-SS``         the username      the attempt's time
            (then ``_<original>``, or none; and a ``.txt`` receipt)
Canvas      ``<name>[_LATE]_<user id>_<file id>_<original>``              Canvas's user id  the file id (larger:
            (a repeated name gets ``-1``, ``-2``: ``..._shares-1``)                         newer), then ``-N``
plain       ``<id>.ipynb``: the whole name is a roster id, as ``assign``  the roster's id   the file's time
            names notebooks
==========  ============================================================  ================  ====================

The markers are tried in that order: Moodle's ``_<number>_assignsubmission_`` and
Blackboard's ``_attempt_<date and time>``, then Canvas's ``_<digits>_<digits>_`` (the
first such, so an original name that is itself a Canvas name is never read as the
submitter), then plain. Canvas's name part is the sortable name, lower case, with
everything but letters, digits and underscores removed (``lovelaceada``); with anonymous
grading it is ``anon_<id>`` and no student can be told. A Blackboard username may contain
underscores, and so may the assignment's name: the longest ``_``-joined suffix before
``_attempt_`` that is a roster username wins, else the last field.

:func:`attribution_ids` says which roster ids each LMS's names are matched against
(:mod:`overcommit.exercises.roster`): Canvas's user id is the ``ID`` column of its
gradebook export, Blackboard's username its ``Username`` column, Moodle's participant
number the ``Identifier`` of the assignment's grading worksheet (a Moodle gradebook
export has none). Zip extraction sets file times at will, so only plain names (and
Moodle's several files of one submission) fall back to them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Collection

from .handouts import file_name
from .roster import Roster, Student

#: the LMSes :func:`parse` tells apart, in the order their markers are tried
LMSES = ("moodle", "blackboard", "canvas", "plain")

_MOODLE = re.compile(r"^(?P<name>.*?)_(?P<id>[0-9]+)_assignsubmission_(?P<plugin>file|onlinetext)(?:_(?P<original>.*))?$",
                     re.S)
_BLACKBOARD = re.compile(r"^(?P<head>.+?)_attempt_(?P<when>[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2})"
                         r"(?:_(?P<original>.*)|\.[A-Za-z0-9]+)?$", re.S)
#: an anonymous id is five letters and digits; five digits alone read as a name "anon" and a user id
_CANVAS_ANON = re.compile(r"^(?P<id>anon_(?![0-9]{5}_)[A-Za-z0-9]{5})_(?P<file>[0-9]+)_(?P<original>.+)$", re.S)
_CANVAS = re.compile(r"^(?P<name>.*?)(?P<late>_LATE)?_(?P<id>[0-9]+)_(?P<file>[0-9]+)_(?P<original>.+)$", re.S)
#: Canvas's mark on a repeated name: ``shares-1.ipynb``
_REPEAT = re.compile(r"-([0-9]+)(\.[^.]*)?$")


@dataclass(frozen=True)
class Named:
    """What a downloaded file's name says: the LMS that named it, the submitter's id in
    that LMS, the name part (a person's name, or Blackboard's assignment), the key that
    orders one submitter's files (None: the file's time decides), and the name the
    student gave the file."""

    lms: str
    submitter: str
    name: str = ""
    order: Any = None
    original: str = ""
    late: bool = False


def parse(path: str | Path, usernames: Collection[str] = ()) -> Named:
    """``path``'s name as an LMS wrote it (see the module docstring). ``usernames``: the
    roster's Blackboard usernames, to find one that contains underscores. A name no LMS
    wrote is "plain": its whole stem is the submitter."""
    path = Path(path)
    name = path.name
    m = _MOODLE.match(name)
    if m is None and path.parent.name:
        folder = _MOODLE.match(path.parent.name)  # Moodle's "download submissions in folders"
        if folder is not None and folder.group("original") is None:
            return Named("moodle", folder.group("id"), folder.group("name"), None, name)
    if m is not None:
        return Named("moodle", m.group("id"), m.group("name"), None, m.group("original") or "")
    m = _BLACKBOARD.match(name)
    if m is not None:
        fields = m.group("head").split("_")
        user = next(("_".join(fields[k:]) for k in range(1, len(fields)) if "_".join(fields[k:]) in usernames),
                    fields[-1])
        head = m.group("head")[:-len(user) - 1] if len(fields) > 1 else ""
        when = datetime.strptime(m.group("when"), "%Y-%m-%d-%H-%M-%S")
        return Named("blackboard", user, head, when, m.group("original") or "")
    m = _CANVAS_ANON.match(name)
    if m is not None:
        return Named("canvas", m.group("id"), "", (int(m.group("file")), _repeat(m.group("original"))),
                     m.group("original"))
    m = _CANVAS.match(name)
    if m is not None:
        return Named("canvas", m.group("id"), m.group("name"), (int(m.group("file")), _repeat(m.group("original"))),
                     m.group("original"), bool(m.group("late")))
    stem = name[:-len(path.suffix)] if path.suffix else name
    return Named("plain", stem, "", None, name)


def _repeat(original: str) -> int:
    m = _REPEAT.search(original)
    return int(m.group(1)) if m else 0


def attribution_ids(roster: Roster, lms: str) -> dict[str, Student]:
    """The ids ``lms``'s file names are matched against, each with its student:

    - plain: the roster's id (and the id as ``assign`` writes it in a file name);
    - the roster's own LMS: the ids that LMS names downloads by (:attr:`Student.aliases`:
      Canvas's user id, Blackboard's username, Moodle's participant number);
    - Canvas or Blackboard with a plain roster: its id column, if that is what it holds;
    - anything else: nothing (a Moodle gradebook export has no participant ids, and a
      Canvas roster's ids are not Blackboard usernames)."""
    if lms == "plain":
        return {file_name(s.id): s for s in roster.students} | {s.id: s for s in roster.students}
    if roster.lms == lms:
        return {alias: s for s in roster.students for alias in s.aliases}
    if roster.lms is None and lms in ("canvas", "blackboard"):
        return {s.id: s for s in roster.students}
    return {}


#: what to do when an LMS's files name no roster student, said once per LMS
HINTS = {
    "moodle": ("Moodle names downloads by the participant number of the assignment "
               "(Name_<participant>_assignsubmission_file_...), which a Moodle gradebook export does not have: "
               "these files are not graded. Pass the assignment's grading worksheet (Assignment > View all "
               "submissions > Download grading worksheet) as --roster"),
    "canvas": ("Canvas names downloads by its user id (name_<user id>_<file id>_...), the ID column of a Canvas "
               "gradebook export; pass that export as --roster (a roster of student numbers or logins does not "
               "hold Canvas's user ids)"),
    "canvas-anon": ("Canvas names downloads of an anonymously graded assignment anon_<id>_..., which names no "
                    "student: turn off anonymous grading (or post the grades) and download again"),
    "blackboard": ("Blackboard names downloads by username (Assignment_<username>_attempt_...), the Username "
                   "column of a Blackboard export; pass that export as --roster"),
}


__all__ = ["HINTS", "LMSES", "Named", "attribution_ids", "parse"]
