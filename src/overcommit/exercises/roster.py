"""A class's seeds and answer key, from a roster of students.

``python -m overcommit exercise --roster students.csv`` gives every student one seed (the
same for every topic, so a student types one number everywhere), different from every other
student's and in 0–999, the range the book's pages answer without a kernel. The seeds
are a permutation of 0–999 drawn from ``--course-seed``: the same roster and course seed
always give the same seeds, and another course seed gives a new set for the next term.

It writes three files:

- ``seeds.csv``: student and seed, to hand out;
- ``answer_key.csv``: one row per student and topic, with the answer;
- ``answer_key.md``: a printable sheet, one section per student, with each question's
  answer and worked solution.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path

from ..seeding import rng
from . import CLASS_SEEDS, TOPICS, generate, plain_answer

MAX_SEED = CLASS_SEEDS[-1]


@dataclass(frozen=True)
class Assignment:
    student: str
    seed: int


def read_roster(path: str | Path) -> list[str]:
    """The student names of a roster CSV (a ``student`` column; other columns are ignored)."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"roster: {str(path)!r} is not a file; expected a CSV with a 'student' column")
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        if "student" not in header:
            raise ValueError(f"roster: {str(path)!r} has no 'student' column; its header is {header}")
        names = []
        for line, row in enumerate(reader, start=2):
            name = (row.get("student") or "").strip()
            if not name:
                raise ValueError(f"roster: {str(path)!r} line {line} has an empty student name; expected a name or id")
            names.append(name)
    if not names:
        raise ValueError(f"roster: {str(path)!r} lists no students; expected at least one row")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(f"roster: student {name!r} appears twice in {str(path)!r}; expected unique names")
        seen.add(name)
    if len(names) > MAX_SEED + 1:
        raise ValueError(f"roster: {len(names)} students is not accepted; at most {MAX_SEED + 1} get distinct seeds")
    return names


def assign(students: list[str], course_seed: int = 0) -> list[Assignment]:
    """Distinct seeds in 0–999 for ``students``, in roster order."""
    seeds = rng(course_seed).permutation(MAX_SEED + 1)[: len(students)]
    return [Assignment(s, int(seed)) for s, seed in zip(students, seeds)]


def answer_text(answer) -> str:
    """An answer as the key and the command line print it: JSON, e.g. ``[37, "Linux"]``."""
    return json.dumps(plain_answer(answer))


def write(assignments: list[Assignment], out: str | Path, topics: tuple[str, ...] = TOPICS) -> list[Path]:
    """Write ``seeds.csv``, ``answer_key.csv`` and ``answer_key.md`` into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    seeds_path, key_path, sheet_path = out / "seeds.csv", out / "answer_key.csv", out / "answer_key.md"
    with open(seeds_path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "seed"])
        writer.writerows((a.student, a.seed) for a in assignments)
    sheet = ["# Answer key", "", f"Topics: {', '.join(topics)}. Each student uses one seed for every topic.", ""]
    with open(key_path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "seed", "topic", "answer", "relative_tolerance", "absolute_tolerance"])
        for a in assignments:
            sheet += [f"## {a.student} (seed {a.seed})", ""]
            for topic in topics:
                ex = generate(topic, a.seed)
                writer.writerow([a.student, a.seed, topic, answer_text(ex.answer), ex.rel_tolerance, ex.abs_tolerance])
                sheet += [f"### {topic}", "", f"**Answer:** `{answer_text(ex.answer)}`", "", ex.solution, ""]
    sheet_path.write_text("\n".join(sheet), encoding="utf-8")
    return [seeds_path, key_path, sheet_path]


__all__ = ["Assignment", "MAX_SEED", "answer_text", "assign", "read_roster", "write"]
