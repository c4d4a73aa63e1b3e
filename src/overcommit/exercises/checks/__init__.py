"""Exercises with one fixed answer, checked in the static site.

The seeded exercises (:data:`overcommit.exercises.TOPICS`) give every student a variant;
most of the book's exercises instead ask about the study itself (at which memory does the
database fall below 90 %?). For at least one such exercise per chapter, this registry holds
the answer, computed by the package, so that

- the chapter glues the numbers of its folded solution from :func:`get` (one computation
  for the page and the check), and
- the static site's self-check box (``<div class="oc-selfcheck" data-check="ID">``) loads
  the same answer from ``_static/exercises/check/ID.json``, written at build time by
  :func:`overcommit.exercises.web.write_checks`.

One module per chapter (``checks/results_db.py`` for the chapter ``results_db``) registers
its exercises with :func:`register`; the id is the exercise's label in the chapter.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from .. import CheckResult, answers


@dataclass(frozen=True)
class Check:
    """The answer to one exercise: ``answer`` is a number, a list of numbers or a word;
    ``solution`` the worked answer (Markdown); ``values`` the intermediate numbers the
    chapter glues into its folded solution."""

    id: str
    answer: Any
    solution: str
    rel_tolerance: float = 0.01
    abs_tolerance: float = 1e-9
    values: dict = field(default_factory=dict)
    #: the unit of each part (:data:`overcommit.exercises.answers.UNITS`; None: a bare
    #: number or a name), as :attr:`overcommit.exercises.Exercise.units`
    units: tuple = ()

    def parts(self) -> list:
        return list(self.answer) if isinstance(self.answer, (list, tuple)) else [self.answer]

    def part_units(self) -> list:
        return answers.units_per_part(self.units, len(self.parts()), f"check {self.id!r}", required=True)


_REGISTRY: dict[str, Callable[[], Check]] = {}


def register(id: str) -> Callable[[Callable[[], Check]], Callable[[], Check]]:
    """Decorator: ``@register("results_db-ex-memory")`` on a function returning its :class:`Check`."""
    def decorate(function: Callable[[], Check]) -> Callable[[], Check]:
        if id in _REGISTRY:
            raise ValueError(f"check id {id!r} is registered twice")
        _REGISTRY[id] = function
        return function
    return decorate


def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def ids() -> tuple[str, ...]:
    """Every registered exercise id, sorted."""
    _load_all()
    return tuple(sorted(_REGISTRY))


@lru_cache(maxsize=None)
def get(id: str) -> Check:
    """The :class:`Check` of exercise ``id`` (see :func:`ids`)."""
    known = ids()
    if id not in _REGISTRY:
        raise ValueError(f"id: {id!r} is not accepted; expected one of {', '.join(known)}")
    check = _REGISTRY[id]()
    if check.id != id:
        raise ValueError(f"check {id!r} returned the answer of {check.id!r}")
    return check


def check_answer(id: str, answer: Any) -> CheckResult:
    """Compare a student's ``answer`` with exercise ``id``'s, with its tolerances."""
    c = get(id)
    v = answers.judge(answer, c.parts(), c.part_units(), c.rel_tolerance, c.abs_tolerance)
    if v.correct:
        return CheckResult(True, f"Correct: {c.answer!r}.")
    return CheckResult(False, "Not quite: " + answers.feedback(v, c.part_units()))


__all__ = ["Check", "check_answer", "get", "ids", "register"]
