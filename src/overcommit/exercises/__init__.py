"""Seeded exercises: a seed generates a question, the same seed its answer.

In the spirit of OSTEP's homework simulators: an instructor hands every student a
different seed; the student calls :func:`generate` to get the question, works it out, and
calls :func:`check` on the answer in a live kernel; the instructor regenerates the answer
from the same seed.

    >>> from overcommit import exercises
    >>> ex = exercises.generate("shares", seed=7)      # doctest: +SKIP
    >>> print(ex.question)                             # doctest: +SKIP
    >>> exercises.check("shares", seed=7, answer=[0.4, 1.6])   # doctest: +SKIP

Each mechanism topic is a module of this package with a ``generate(seed) -> Exercise``
function; the results chapters' topics share :mod:`overcommit.exercises.results`,
the sections "Where the time goes" of the workload chapters :mod:`overcommit.exercises.time`
and the case studies' :mod:`overcommit.exercises.cases` (``generate(seed, topic)``). All
are listed in :data:`TOPICS`; a topic is named after its chapter, or after its chapter and
the section it reads (``results_db_time``), and :func:`chapter_of` gives the chapter.
Randomness comes only from :func:`overcommit.seeding.rng`.
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..seeding import variant_seeds
from . import answers

MECHANISM_TOPICS: tuple[str, ...] = ("tiers", "dat", "replacement", "shares", "paging")
RESULTS_TOPICS: tuple[str, ...] = ("results_overall", "results_db", "results_java", "results_was", "results_fs",
                                   "results_net", "results_tolerance", "results_model")
#: The workload chapters' sections "Where the time goes" (:mod:`overcommit.exercises.time`),
#: each a second topic of the chapter its name begins with.
TIME_TOPICS: tuple[str, ...] = ("results_db_time", "results_java_time", "results_was_time", "results_fs_time",
                                "results_net_time")
CASE_TOPICS: tuple[str, ...] = ("case_zvm52", "case_jvm", "case_xen", "case_planning")
#: Every seeded topic, in the book's order: a chapter's section topic right after the chapter's own.
TOPICS: tuple[str, ...] = (MECHANISM_TOPICS
                           + tuple(t for r in RESULTS_TOPICS for t in (r, f"{r}_time") if t in RESULTS_TOPICS + TIME_TOPICS)
                           + CASE_TOPICS)
#: The chapter of each topic that is not named after its own chapter.
_CHAPTERS: dict[str, str] = {t: t.removesuffix("_time") for t in TIME_TOPICS}
#: Each topic by its chapter's title (a section topic: the chapter's title, a colon and the
#: section), for what students are handed (handouts, notebooks); ``tests/test_curriculum.py``
#: holds them to the chapters' own titles.
CHAPTER_TITLES: dict[str, str] = {
    "tiers": "Memory tiers and overcommitment", "dat": "Dynamic address translation",
    "replacement": "Page replacement: how z/VM chooses what to page out", "shares": "Relative shares",
    "paging": "Paging devices", "results_overall": "Overall results across environments",
    "results_db": "The database BI workload", "results_java": "The Java workload",
    "results_was": "The transactional WebSphere workload", "results_fs": "The file-system I/O workload",
    "results_net": "The network workload", "results_tolerance": "Which workloads tolerate overcommitment?",
    "results_model": "How good is the model?",
    "results_db_time": "The database BI workload: where the time goes",
    "results_java_time": "The Java workload: where the time goes",
    "results_was_time": "The transactional WebSphere workload: where the time goes",
    "results_fs_time": "The file-system I/O workload: where the time goes",
    "results_net_time": "The network workload: where the time goes",
    "case_zvm52": "Scaling guests into memory overcommitment on z/VM 5.2",
    "case_jvm": "Horizontal or vertical? 200 JVMs on one z/VM LPAR", "case_xen": "Overcommitment on z/VM and Xen",
    "case_planning": "Capacity planning: design your own mix",
}
#: The practice seeds: the book's pages answer them (the static site holds their answers).
CLASS_SEEDS = range(1000)
#: The first graded seed (:mod:`overcommit.exercises.graded`); seeds below it are practice.
GRADED_BASE = 1_000_000


def chapter_of(topic: str) -> str:
    """The chapter ``topic`` belongs to, by its file name in ``book/``: the topic's own name,
    or for a section's topic the chapter's (``results_db_time`` → ``results_db``)."""
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    return _CHAPTERS.get(topic, topic)


def question_side(question: str) -> bool:
    """Which side a question text belongs to: False for practice, True for graded. A fixed
    bit of its SHA-256 (FIPS 180-4), so the two sides split every topic's questions about in
    half, whatever the generator, and never share one."""
    return bool(hashlib.sha256(question.encode("utf-8")).digest()[0] & 1)


@dataclass(frozen=True)
class Exercise:
    """One generated exercise. ``answer`` is a number, a sequence of numbers, or a string."""

    topic: str
    seed: int
    question: str  # Markdown
    answer: Any
    solution: str  # Markdown: the worked answer
    rel_tolerance: float = 0.01
    abs_tolerance: float = 1e-9
    parameters: dict = field(default_factory=dict)
    #: the answer before rounding (a number or list like ``answer``), where the generator
    #: rounded it: a value rounded from it either way is right (None: ``answer`` is exact)
    exact: Any = None
    #: the unit of each part of the answer, a key of :data:`overcommit.exercises.answers.UNITS`
    #: or None (a bare number, a name); a typed unit of the same kind is converted to it
    units: tuple = ()

    def _repr_markdown_(self) -> str:
        return f"**Exercise ({self.topic}, seed {self.seed}).** {self.question}"


@dataclass(frozen=True)
class CheckResult:
    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def _repr_markdown_(self) -> str:
        return ("✅ " if self.correct else "❌ ") + self.message


def first_worth_asking(seed: int, build: Callable[[int, int], "Exercise"],
                       not_worth: Callable[["Exercise"], str | None]) -> "Exercise":
    """The first variant for ``seed`` that is worth asking.

    ``build(seed, variant)`` makes the exercise from one of
    :func:`overcommit.seeding.variant_seeds`; ``not_worth(exercise)`` returns why a variant
    teaches nothing (a DAT question where every address translates, a shares question
    where nobody is short of CPU), or None. The student keeps ``seed``; the variant used is
    recorded in ``parameters["variant_seed"]``.

    Every question belongs to one side (:func:`question_side`): practice seeds (below
    :data:`GRADED_BASE`, the ones the site answers) ask only practice questions, graded
    seeds only graded ones, so no graded question, and no graded answer, is in the site.
    """
    tries, reason = 0, None
    graded = seed >= GRADED_BASE
    for tries, variant in enumerate(variant_seeds(seed), start=1):
        ex = build(seed, variant)
        reason = not_worth(ex)
        if reason is None and question_side(ex.question) != graded:
            reason = "its question belongs to the other side (practice or graded)"
        if reason is None:
            ex.parameters["variant_seed"] = variant
            return ex
    raise RuntimeError(f"seed {seed}: no variant worth asking in {tries} tries (last: {reason})")


def plain_answer(answer: Any) -> Any:
    """``answer`` with NumPy arrays and scalars turned into lists and Python numbers, ready
    for JSON (the roster's answer key, the static site's variants, the command line)."""
    if isinstance(answer, np.ndarray):
        return answer.tolist()
    if isinstance(answer, (list, tuple)):
        return [plain_answer(a) for a in answer]
    if isinstance(answer, np.generic):
        return answer.item()
    return answer


def _module(topic: str):
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    name = ("results" if topic in RESULTS_TOPICS else "time" if topic in TIME_TOPICS
            else "cases" if topic in CASE_TOPICS else topic)
    return importlib.import_module(f"{__name__}.{name}")


def generate(topic: str, seed: int = 0) -> Exercise:
    """The exercise of ``topic`` for ``seed`` (a whole number >= 0)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed: {seed!r} is not accepted; expected a whole number >= 0")
    if topic in RESULTS_TOPICS or topic in TIME_TOPICS or topic in CASE_TOPICS:
        return _module(topic).generate(int(seed), topic)
    return _module(topic).generate(int(seed))


def answer_parts(ex: "Exercise") -> list[tuple[Any, Any]]:
    """``ex``'s answer as its parts, each with its value before rounding (None: exact)."""
    answers = list(ex.answer) if isinstance(ex.answer, (list, tuple, np.ndarray)) else [ex.answer]
    if ex.exact is None:
        return [(a, None) for a in answers]
    exacts = list(ex.exact) if isinstance(ex.exact, (list, tuple, np.ndarray)) else [ex.exact]
    return list(zip(answers, exacts))


def part_units(ex: "Exercise") -> list[str | None]:
    """The unit of each part of ``ex``'s answer (:data:`overcommit.exercises.answers.UNITS`),
    None for a bare number or a name."""
    return answers.units_per_part(ex.units, len(answer_parts(ex)), f"{ex.topic} seed {ex.seed}")


def verdict(ex: "Exercise", given: Any) -> answers.Verdict:
    """``given`` (text as typed in the page, or a notebook's value) judged part by part
    against ``ex``'s answer, as the page's box judges it (:mod:`overcommit.exercises.answers`)."""
    parts = answer_parts(ex)
    return answers.judge(given, [a for a, _ in parts], part_units(ex), ex.rel_tolerance, ex.abs_tolerance,
                         [x for _, x in parts])


def not_worth_asking(topic: str, exercise: Exercise) -> str | None:
    """Why ``exercise`` would not be worth asking, by its topic's rule (None if it is)."""
    return _module(topic).not_worth(exercise)


def check(topic: str, seed: int, answer: Any) -> CheckResult:
    """Compare a student's ``answer`` with the answer for (``topic``, ``seed``), as the
    page's box does."""
    ex = generate(topic, seed)
    v = verdict(ex, answer)
    if v.correct:
        return CheckResult(True, f"Correct: {plain_answer(ex.answer)!r}.")
    return CheckResult(False, "Not quite: " + answers.feedback(v, part_units(ex)))


__all__ = ["CHAPTER_TITLES", "GRADED_BASE", "question_side", "answer_parts", "part_units", "verdict", "CASE_TOPICS", "CLASS_SEEDS", "MECHANISM_TOPICS", "RESULTS_TOPICS", "TIME_TOPICS", "TOPICS", "chapter_of", "Exercise", "CheckResult", "generate", "check", "first_worth_asking",
           "not_worth_asking", "plain_answer"]
