"""The instructor's guide's numbers: which chapters, how long they take to read, which
exercises they have, where each can be done and how long it takes, and the lesson plans.

What a person decides (learning objectives, prerequisites, the lesson plans) is written in
``book/_data/curriculum.yml``; what can be measured is computed here from the chapters'
jupytext twins (``book/_scripts/*.py``), so the guide cannot drift from the pages:

- reading time: the words of the chapter's text (Markdown cells, without the folded
  solutions a student edition leaves out) at :data:`WORDS_PER_MINUTE`;
- exercises: every ``{exercise}`` with its label, its ``Where:`` tag (``oc-where-browser``
  or ``oc-where-jupyter``) and its self-check box (seeded or fixed answer, if any);
- exercise time: :data:`EXERCISE_MINUTES` by where it is done (a planning rule of thumb,
  not a measurement).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pandas as pd
import yaml

ROOT = Path(__file__).resolve().parents[3]
BOOK = ROOT / "book"
WORDS_PER_MINUTE = 200  #: MyST's default reading speed (``words_per_minute``)
EXERCISE_MINUTES = {"browser": 10, "jupyter": 20}  #: planning estimate per exercise
LESSON_MINUTES = 90
GUIDE = "instructor"  #: the guide itself, a page of the book but not a chapter it plans
#: How many different answers a class of 40 gets per topic where it is fewer than
#: :data:`ANSWERS_WANTED`: students ``s1`` to ``s40`` under ``tools/exercise_pools.py``'s
#: secret, measured by that tool (``tests/test_pools.py`` measures it again and fails when
#: a number here is no longer true). A fraction asked to two decimals has at most a hundred
#: values, so two students with different questions may share an answer.
ANSWERS_WANTED = 35
FEW_ANSWERS = {"results_overall": 28, "results_db": 27, "results_db_time": 31, "results_java": 30,
               "results_java_time": 30, "results_was": 26, "results_was_time": 32, "results_fs": 30,
               "results_fs_time": 29, "results_net": 31, "results_net_time": 33, "results_model": 26, "case_xen": 31,
               "case_planning": 27}

_EXERCISE = re.compile(r"^# :::\{exercise\}\n((?:#.*\n)*?)# :::\n", re.M)
_SOLUTION = re.compile(r"^# :::\{solution\}.*?\n(?:#.*\n)*?# :::\n", re.M)


@dataclass(frozen=True)
class Exercise:
    chapter: str
    label: str
    where: str  # "browser" or "jupyter"
    selfcheck: str  # "seeded", "fixed" or ""
    summary: str  # the first sentence of the question
    check: str = ""  # the fixed answer's id (overcommit.exercises.checks), if any
    topic: str = ""  # the seeded box's topic (overcommit.exercises.TOPICS), if any: a chapter may have several

    @property
    def minutes(self) -> int:
        return EXERCISE_MINUTES[self.where]


def _twin(chapter: str) -> Path:
    path = BOOK / "_scripts" / f"{chapter}.py"
    if not path.exists():
        raise ValueError(f"chapter: {chapter!r} is not accepted; expected one of {', '.join(chapters())}")
    return path


@lru_cache(maxsize=1)
def chapters() -> tuple[str, ...]:
    """The notebook chapters in the order of ``_toc.yml``."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    return tuple(Path(f).name for f in files
                 if Path(f).name != GUIDE and (BOOK / "_scripts" / f"{Path(f).name}.py").exists())


def title(chapter: str) -> str:
    """The chapter's title, its twin's first heading (a seeded topic's chapter:
    :func:`overcommit.exercises.chapter_of`)."""
    match = re.search(r"^# # (.+)$", _twin(chapter).read_text(), re.M)
    return match.group(1).strip() if match else chapter


def _markdown_words(text: str) -> int:
    text = _SOLUTION.sub("", text)
    words = 0
    for cell in re.split(r"^# %%", text, flags=re.M):
        if not cell.startswith(" [markdown]"):
            continue
        body = "\n".join(line[2:] for line in cell.splitlines()[1:] if line.startswith("# "))
        body = re.sub(r"\{[a-z:]+\}`[^`]*`", "x", body)  # a role counts as one word
        body = re.sub(r"^:[a-z-]+:.*$|^```.*$|^:::.*$|<[^>]+>", " ", body, flags=re.M)
        words += len(re.findall(r"[A-Za-z0-9][\w'’.,%/-]*", body))
    return words


def reading_minutes(chapter: str) -> int:
    """Minutes to read the chapter's text at :data:`WORDS_PER_MINUTE` (at least 1)."""
    return max(1, round(_markdown_words(_twin(chapter).read_text()) / WORDS_PER_MINUTE))


def parse_exercises(chapter: str, text: str) -> list[Exercise]:
    """The ``{exercise}`` blocks of a twin's ``text``; raises ValueError naming the chapter
    and the exercise when one lacks a label or has not exactly one Where: tag."""
    found = []
    for block in _EXERCISE.finditer(text):
        body = block.group(1)
        label = re.search(r"^# :label: (\S+)", body, re.M)
        where = re.findall(r"^# :class: oc-where-(\w+)", body, re.M)
        if not label or where not in (["browser"], ["jupyter"]):
            raise ValueError(f"chapter {chapter!r}: exercise {label.group(1) if label else body[:60]!r} needs a label "
                             f"and exactly one Where: tag (':class: oc-where-browser' or 'oc-where-jupyter'); "
                             f"found {['oc-where-' + w for w in where]}")
        topic = re.search(r'data-topic="([^"]+)"', body)
        check = re.search(r'data-check="([^"]+)"', body)
        text_ = " ".join(line[2:] for line in body.splitlines()
                         if line.startswith("# ") and not line.startswith("# :") and "<div" not in line)
        text_ = re.sub(r"\{glue:?[a-z]*\}`[^`]*`", "…", text_)  # a glued number is not in the source
        text_ = re.sub(r"\{[a-z:]+\}`([^`]*)`", r"\1", text_).strip()
        first = re.split(r"(?<=[.?!])\s", text_, maxsplit=1)[0]
        found.append(Exercise(chapter, label.group(1), where[0], "seeded" if topic else "fixed" if check else "",
                              first, check.group(1) if check else "", topic.group(1) if topic else ""))
    return found


def exercises(chapter: str) -> list[Exercise]:
    """The chapter's exercises, in page order."""
    return parse_exercises(chapter, _twin(chapter).read_text())


@lru_cache(maxsize=1)
def _authored() -> dict:
    return yaml.safe_load((BOOK / "_data" / "curriculum.yml").read_text())


def chapter_frame() -> pd.DataFrame:
    """One row per chapter: title, objectives, prerequisites, reading minutes, exercises
    (browser / Jupyter / self-checked) and the minutes they take."""
    authored = _authored()["chapters"]
    rows = []
    for c in chapters():
        if c not in authored:
            raise ValueError(f"book/_data/curriculum.yml: no entry for chapter {c!r}")
        ex = exercises(c)
        rows.append({
            "chapter": c, "title": title(c),
            "objectives": list(authored[c]["objectives"]),
            "prerequisites": str(authored[c].get("prerequisites", "")),
            "reading_min": reading_minutes(c),
            "browser": sum(e.where == "browser" for e in ex),
            "jupyter": sum(e.where == "jupyter" for e in ex),
            "selfcheck": sum(bool(e.selfcheck) for e in ex),
            "exercise_min": sum(e.minutes for e in ex),
        })
    return pd.DataFrame(rows).set_index("chapter")


def exercise_frame() -> pd.DataFrame:
    """Every exercise of the book: chapter, label, where, self-check, minutes, summary."""
    return pd.DataFrame([{**e.__dict__, "minutes": e.minutes} for c in chapters() for e in exercises(c)])


def lesson_plans() -> list[dict]:
    """The lesson plans of ``curriculum.yml``, each segment's exercises checked to exist;
    raises ValueError naming a plan whose minutes do not add up to :data:`LESSON_MINUTES`."""
    labels = {e.label: e for c in chapters() for e in exercises(c)}
    plans = []
    for plan in _authored()["lesson_plans"]:
        total = sum(int(s["minutes"]) for s in plan["segments"])
        if total != LESSON_MINUTES:
            raise ValueError(f"lesson plan {plan['title']!r}: {total} minutes; expected {LESSON_MINUTES}")
        for s in plan["segments"]:
            if s["chapter"] not in chapters():
                raise ValueError(f"lesson plan {plan['title']!r}: chapter {s['chapter']!r} is not in _toc.yml")
            for label in s.get("exercises", []):
                if label not in labels:
                    raise ValueError(f"lesson plan {plan['title']!r}: no exercise {label!r}")
        plans.append(plan)
    return plans


def semester_plan() -> list[dict]:
    """The term of ``curriculum.yml``, week by week; raises ValueError naming a chapter
    that is not in ``_toc.yml``, a chapter no week reads, or a graded topic that is not a
    seeded one."""
    from ..exercises import TOPICS

    weeks = _authored()["semester_plan"]
    known, read = set(chapters()), []
    for w in weeks:
        for c in w["chapters"]:
            if c not in known:
                raise ValueError(f"semester plan, week {w['week']}: chapter {c!r} is not in _toc.yml")
            read.append(c)
        if w.get("graded") and w["graded"] not in TOPICS:
            raise ValueError(f"semester plan, week {w['week']}: graded {w['graded']!r} is not accepted; "
                             f"expected one of {', '.join(TOPICS)}")
    missing = [c for c in chapters() if c not in read]
    if missing:
        raise ValueError(f"semester plan: no week reads {', '.join(missing)}; expected every chapter")
    return weeks


# --- the guide's Markdown (MyST: {doc} and {ref} links resolve in the built book) -------


def _where(e: Exercise) -> str:
    return "browser" if e.where == "browser" else "Jupyter"


def chapters_md() -> str:
    """The chapters at a glance: reading time, exercises by where they are done, their time."""
    f = chapter_frame()
    lines = ["| Chapter | Read (min) | Exercises: browser / Jupyter | Self-check | Exercises (min) |",
             "|:--|--:|--:|--:|--:|"]
    for c, r in f.iterrows():
        lines.append(f"| {{doc}}`{c}` | {r.reading_min} | {r.browser} / {r.jupyter} | {r.selfcheck} | {r.exercise_min} |")
    lines.append(f"| **All {len(f)} chapters** | **{f.reading_min.sum()}** | **{f.browser.sum()} / {f.jupyter.sum()}** "
                 f"| **{f.selfcheck.sum()}** | **{f.exercise_min.sum()}** |")
    return "\n".join(lines)


def prerequisites_md(text: str) -> str:
    """``curriculum.yml``'s prerequisites as a reader reads them: every chapter named by its
    file ("results_overall, shares") becomes a link showing the chapter's title, the rest
    stays as written."""
    known = set(chapters())
    return re.sub(r"(?<![\w/.-])[a-z][a-z0-9_]*(?![\w/-])",
                  lambda m: f"{{doc}}`{m.group(0)}`" if m.group(0) in known else m.group(0), text)


def objectives_md() -> str:
    """Per chapter: what a student can do after it, and what to know before."""
    out = []
    for c, r in chapter_frame().iterrows():
        out.append(f"**{{doc}}`{c}`** (reading {r.reading_min} min; before it: {prerequisites_md(r.prerequisites)})\n")
        out += [f"- {o}" for o in r.objectives]
        out.append("")
    return "\n".join(out)


def lesson_plan_md(index: int) -> str:
    """Lesson plan ``index`` (0, 1, 2) as a numbered list of segments with their running
    time: a list, not a table, so that the exercises stay on screen on a 390 px phone."""
    plan = lesson_plans()[index]
    lines = [f"*{plan['before']}*", ""]
    start = 0
    for number, seg in enumerate(plan["segments"], start=1):
        end = start + int(seg["minutes"])
        ex = ", ".join(f"{{ref}}`{label}`" for label in seg.get("exercises", []))
        activity = seg["activity"] if seg["activity"].endswith((".", "?", "!")) else seg["activity"] + "."
        lines.append(f"{number}. **{start}–{end} min**, {{doc}}`{seg['chapter']}`: {activity}"
                     + (f" Exercises: {ex}." if ex else ""))
        start = end
    return "\n".join(lines)


def semester_plan_md() -> str:
    """The term as a list of weeks (a list, not a table, for a phone): the chapters to read,
    the meeting's focus and the graded variant handed out that week."""
    from ..exercises import CHAPTER_TITLES, chapter_of

    lines = []
    for w in semester_plan():
        read = ", ".join(f"{{doc}}`{c}`" for c in w["chapters"])
        graded = ""
        if w.get("graded"):
            chapter = chapter_of(w["graded"])
            # a section's topic: the chapter's link, then the section its title names
            section = CHAPTER_TITLES[w["graded"]].removeprefix(CHAPTER_TITLES[chapter]).removeprefix(": ")
            graded = (f" Graded: the {{doc}}`{chapter}` exercise" + (f" on {section}" if section else "")
                      + ", each student's own variant.")
        lines.append(f"{w['week']}. **Read** {read}. {w['focus']}{graded}")
    return "\n".join(lines)


def few_answers_md() -> str:
    """The topics of :data:`FEW_ANSWERS` as the guide names them: "*The database BI
    workload* 28", ... in the book's order."""
    from ..exercises import CHAPTER_TITLES, TOPICS

    return ", ".join(f"*{CHAPTER_TITLES[t]}* {FEW_ANSWERS[t]}" for t in TOPICS if t in FEW_ANSWERS)


def exercises_md() -> str:
    """Every exercise, chapter by chapter: where it can be done and whether it checks itself."""
    kinds = {"seeded": "seeded, in the page", "fixed": "in the page", "": "–"}
    lines = ["| Exercise | Where | Self-check | Minutes |", "|:--|:--|:--|--:|"]
    for c in chapters():
        for e in exercises(c):
            lines.append(f"| {{ref}}`{e.label}` | {_where(e)} | {kinds[e.selfcheck]} | {e.minutes} |")
    return "\n".join(lines)


__all__ = ["EXERCISE_MINUTES", "LESSON_MINUTES", "WORDS_PER_MINUTE", "Exercise", "chapter_frame", "chapters",
           "chapters_md", "exercise_frame", "exercises", "parse_exercises", "exercises_md", "lesson_plan_md", "lesson_plans", "objectives_md", "prerequisites_md", "reading_minutes", "title"]
