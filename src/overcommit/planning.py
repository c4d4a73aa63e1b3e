r"""Break points of a workload: how much memory and how many CPUs it needs to keep a level.

The questions a capacity planner asks of the model, answered by running it repeatedly:

* :func:`memory_break_point` — with ``cpus`` real CPUs, below which real memory does a
  variant fall under ``level`` of its reference throughput? Memory is scanned downward from
  ``hi`` in steps of ``step`` GiB; the first step whose throughput is below the level is
  refined by bisection to ``tol`` GiB. The answer is the memory ``M*`` at which the
  throughput crosses the level, i.e. ``x(M*) ≈ level`` with ``x ≥ level`` on the scanned
  points above it.
* :func:`cpus_needed` — with ``memory_gib`` of real memory, the fewest whole real CPUs that
  keep a variant at or above ``level`` (bisection over integers, assuming more CPUs never
  hurt, which holds in the model: CPUs only enter through the water-filling of
  :mod:`overcommit.shares`).

Throughput is the model's relative throughput (:func:`overcommit.simulate`): 1.0 is what
the variant achieves unconstrained. The scan is needed because throughput need not fall
monotonically as memory shrinks (a workload can gain when its neighbours lose more).
"""

from __future__ import annotations

from typing import Iterable

from .model import ENVIRONMENTS, Host, simulate
from .workloads import Guest, Variant, study_guests

MIN_MEMORY_GIB = 8.0  #: the smallest real memory the scans try (CP needs some of it itself)


def _check(variant: str, level: float, env: str, guests) -> tuple[Guest, ...]:
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {', '.join(ENVIRONMENTS)}")
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level <= 1.5:
        raise ValueError(f"level: {level!r} is not accepted; expected a fraction in (0, 1.5]")
    guests = tuple(study_guests() if guests is None else guests)
    names = sorted({g.variant for g in guests})
    if variant not in names:
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {', '.join(names)}")
    return guests


def throughput(variant: str, memory_gib: float, cpus: int, env: str = "zvm63-edev",
               guests: Iterable[Guest] | None = None, variants: dict[str, Variant] | None = None) -> float:
    """Relative throughput of ``variant`` on a host of ``memory_gib`` GiB and ``cpus`` CPUs."""
    r = simulate(Host(memory_gib, cpus), env=env, guests=guests, variants=variants)
    return float(r.workloads.loc[variant, "relative_throughput"])


def memory_break_point(variant: str, level: float, cpus: int, env: str = "zvm63-edev",
                       guests: Iterable[Guest] | None = None, variants: dict[str, Variant] | None = None,
                       hi: float = 512.0, lo: float = MIN_MEMORY_GIB, step: float = 8.0,
                       tol: float = 0.5, baseline: str = "reference") -> float | None:
    """The real memory (GiB) below which ``variant`` falls under ``level`` with ``cpus`` CPUs.

    ``baseline="reference"`` measures ``level`` against the reference throughput (1.0);
    ``baseline="hi"`` against the variant's own throughput at ``hi`` GiB with the same CPUs,
    which separates the memory effect from the CPU effect ("loses a quarter of what it had").
    Returns ``hi`` if the variant is below the level already at ``hi`` (memory is not what
    limits it), ``None`` if it stays at or above the level down to ``lo``.
    """
    guests = _check(variant, level, env, guests)
    if not (isinstance(hi, (int, float)) and isinstance(lo, (int, float)) and MIN_MEMORY_GIB <= lo < hi):
        raise ValueError(f"lo, hi: ({lo!r}, {hi!r}) are not accepted; expected {MIN_MEMORY_GIB:g} <= lo < hi")
    if not (isinstance(step, (int, float)) and step > 0 and isinstance(tol, (int, float)) and tol > 0):
        raise ValueError(f"step, tol: ({step!r}, {tol!r}) are not accepted; expected positive numbers")

    if baseline not in ("reference", "hi"):
        raise ValueError(f"baseline: {baseline!r} is not accepted; expected 'reference' or 'hi'")

    def x(m: float) -> float:
        return throughput(variant, m, cpus, env, guests, variants)

    if baseline == "hi":
        level = level * x(hi)
    if x(hi) < level:
        return float(hi)
    upper = float(hi)
    m = hi - step
    while m > lo - 1e-9:
        if x(m) < level:
            lower = m
            while upper - lower > tol:  # x(upper) >= level > x(lower)
                mid = 0.5 * (upper + lower)
                if x(mid) < level:
                    lower = mid
                else:
                    upper = mid
            return round(0.5 * (upper + lower), 3)
        upper = m
        m -= step
    if upper > lo and x(lo) < level:
        lower = float(lo)
        while upper - lower > tol:
            mid = 0.5 * (upper + lower)
            if x(mid) < level:
                lower = mid
            else:
                upper = mid
        return round(0.5 * (upper + lower), 3)
    return None


def cpus_needed(variant: str, level: float, memory_gib: float, env: str = "zvm63-edev",
                guests: Iterable[Guest] | None = None, variants: dict[str, Variant] | None = None,
                max_cpus: int = 64) -> int | None:
    """The fewest real CPUs that keep ``variant`` at or above ``level`` with ``memory_gib`` GiB.

    ``None`` when even ``max_cpus`` CPUs are not enough (memory, not CPU, is the limit).
    """
    guests = _check(variant, level, env, guests)
    if isinstance(max_cpus, bool) or not isinstance(max_cpus, int) or max_cpus < 1:
        raise ValueError(f"max_cpus: {max_cpus!r} is not accepted; expected a whole number >= 1")

    def ok(c: int) -> bool:
        return throughput(variant, memory_gib, c, env, guests, variants) >= level

    if not ok(max_cpus):
        return None
    lo, hi = 0, max_cpus  # ok(hi) holds; ok(lo) is false or lo == 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


__all__ = ["MIN_MEMORY_GIB", "cpus_needed", "memory_break_point", "throughput"]
