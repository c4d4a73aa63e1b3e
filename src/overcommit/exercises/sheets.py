"""Spreadsheets safe to open, and roster data kept out of the repository.

Every CSV file the class commands write (``grades.csv`` and its details file, the answer
key ``answer_key.csv``, ``seeds.csv``) goes through :func:`write_csv`. A roster's names
come from students, and a notebook's answer is whatever a student typed, so a cell may
start like a formula (``=HYPERLINK("http://x","y")``, ``+SUM(1)``, ``@cmd``): a
spreadsheet opening the file would run it. :func:`cell` neutralises such a cell as OWASP
recommends (CSV injection): a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or
a carriage return gets a leading ``'``, which spreadsheets read as "this is text".

**Numbers stay numbers.** A cell that is a plain number (``-0.5``, ``+3``, ``1e-05``, an
``int`` or ``float``; :data:`PLAIN_NUMBER`) is data, not a formula, and is written as it
is: a grade, a seed or a tolerance is never turned into text. ``-2+3`` is not a plain
number, so it gets the ``'``.

**Ids.** An LMS import matches the grades file's rows by id, so an id is written as it is
when it is safe, which every Canvas user id (digits, checked when the roster is read),
Moodle participant id and usual username is. An id that begins like a formula gets the
``'`` too (safety first): its row then no longer matches in the LMS, and the instructor
sees it.

:func:`repo_warning` is the other half of keeping roster data safe: it says when a file
of names, ids or answers was written inside a git work tree where git does not ignore it
(``git status`` would offer it for a commit).
"""

from __future__ import annotations

import csv
import re
import subprocess
from pathlib import Path
from typing import Any, Iterable

#: what a cell may begin with that a spreadsheet reads as a formula (OWASP)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: a plain number: written as it is (a negative number is data, not a formula)
PLAIN_NUMBER = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
_PLAIN_NUMBER = re.compile(PLAIN_NUMBER)


def cell(value: Any) -> str:
    """``value`` as a CSV cell a spreadsheet will not run: None is empty, a number and a
    text that is a plain number are kept, a text that begins like a formula gets a leading
    ``'``."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value) if isinstance(value, float) else str(value)
    text = str(value)
    if text.startswith(FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def write_csv(path: str | Path, header: Iterable[Any], rows: Iterable[Iterable[Any]]) -> Path:
    """``header`` and ``rows`` into ``path`` as UTF-8 CSV, every cell through :func:`cell`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([cell(v) for v in header])
        for row in rows:
            writer.writerow([cell(v) for v in row])
    return path


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None  # no git on this machine: nothing to say


def in_repository(path: str | Path) -> bool:
    """True when ``path`` (written already, or its nearest existing folder) lies inside a
    git work tree and git does not ignore it: ``git status`` shows it, ``git add .`` takes
    it. No git, or not a work tree: False."""
    path = Path(path).resolve()
    folder = path if path.is_dir() else path.parent
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    inside = _git(folder, "rev-parse", "--is-inside-work-tree")
    if inside is None or inside.returncode != 0 or inside.stdout.strip() != "true":
        return False
    ignored = _git(folder, "check-ignore", "-q", str(path))
    return ignored is not None and ignored.returncode == 1  # 0: ignored, 128: outside the tree or an error


def repo_warning(path: str | Path, what: str = "roster data (names, ids, answers)") -> str | None:
    """A warning for the command's stderr when ``path`` holds ``what`` inside a git work
    tree and is not ignored there; None when it is safe."""
    if not in_repository(path):
        return None
    return (f"warning: {path} holds {what} and lies inside a git repository without being ignored by it "
            f"(`git status` shows it); write it to a folder outside the repository (--out ~/course/...) "
            f"or add it to .gitignore")


__all__ = ["FORMULA_START", "PLAIN_NUMBER", "cell", "in_repository", "repo_warning", "write_csv"]
