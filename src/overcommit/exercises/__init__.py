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
function; the results chapters' topics share :mod:`overcommit.exercises.results`
and the case studies' :mod:`overcommit.exercises.cases` (``generate(seed, topic)``). All are listed in :data:`TOPICS`, named after their chapter.
Randomness comes only from :func:`overcommit.seeding.rng`.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..seeding import variant_seeds

MECHANISM_TOPICS: tuple[str, ...] = ("tiers", "dat", "replacement", "shares", "paging")
RESULTS_TOPICS: tuple[str, ...] = ("results_overall", "results_db", "results_java", "results_was", "results_fs",
                                   "results_net", "results_tolerance", "results_model")
CASE_TOPICS: tuple[str, ...] = ("case_zvm52", "case_jvm", "case_xen", "case_planning")
#: Every seeded topic, in the book's order; a topic is named after its chapter.
TOPICS: tuple[str, ...] = MECHANISM_TOPICS + RESULTS_TOPICS + CASE_TOPICS
#: The seeds a class uses: the roster hands them out and the static site answers them.
CLASS_SEEDS = range(1000)


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
    """
    tries, reason = 0, None
    for tries, variant in enumerate(variant_seeds(seed), start=1):
        ex = build(seed, variant)
        reason = not_worth(ex)
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
    name = "results" if topic in RESULTS_TOPICS else "cases" if topic in CASE_TOPICS else topic
    return importlib.import_module(f"{__name__}.{name}")


def generate(topic: str, seed: int = 0) -> Exercise:
    """The exercise of ``topic`` for ``seed`` (a whole number >= 0)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed: {seed!r} is not accepted; expected a whole number >= 0")
    if topic in RESULTS_TOPICS or topic in CASE_TOPICS:
        return _module(topic).generate(int(seed), topic)
    return _module(topic).generate(int(seed))


def _words(text: str) -> str:
    """A name as compared: case, commas and runs of spaces do not count ("fio, page cache,
    high" is "FIO page cache high")."""
    return " ".join(text.replace(",", " ").lower().split())


def _close(given: Any, expected: Any, rel: float, abs_: float) -> bool:
    if isinstance(expected, str):
        return isinstance(given, str) and _words(given) == _words(expected)
    if isinstance(expected, (list, tuple, np.ndarray)):
        try:
            given_list = list(given)
        except TypeError:
            return False
        return len(given_list) == len(expected) and all(
            _close(g, e, rel, abs_) for g, e in zip(given_list, expected)
        )
    try:
        g = float(given)
    except (TypeError, ValueError):
        return False
    e = float(expected)
    if math.isinf(e):
        return math.isinf(g) and (g > 0) == (e > 0)
    return math.isfinite(g) and math.isclose(g, e, rel_tol=rel, abs_tol=abs_)


def not_worth_asking(topic: str, exercise: Exercise) -> str | None:
    """Why ``exercise`` would not be worth asking, by its topic's rule (None if it is)."""
    return _module(topic).not_worth(exercise)


def check(topic: str, seed: int, answer: Any) -> CheckResult:
    """Compare a student's ``answer`` with the answer for (``topic``, ``seed``)."""
    ex = generate(topic, seed)
    if _close(answer, ex.answer, ex.rel_tolerance, ex.abs_tolerance):
        return CheckResult(True, f"Correct: {ex.answer!r}.")
    return CheckResult(False, f"Not quite: {answer!r} is not the expected answer (within "
                              f"{ex.rel_tolerance:.0%}). Look again at the worked solution's first step.")


__all__ = ["CASE_TOPICS", "CLASS_SEEDS", "MECHANISM_TOPICS", "RESULTS_TOPICS", "TOPICS", "Exercise", "CheckResult", "generate", "check", "first_worth_asking",
           "not_worth_asking", "plain_answer"]
