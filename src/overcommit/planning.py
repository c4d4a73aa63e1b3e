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

A *mix* is a multiset of the study's workload variants (each copy brings all the guests of
its variant, e.g. the three guests of a WebSphere triplet) plus optional guests defined from
scratch (:func:`custom_guest`); :func:`build_mix` turns it into the ``guests`` and
``variants`` that :func:`overcommit.simulate` takes. :data:`MIXES` are the mixes the book
precomputes for its static figures; :func:`mix_grid` runs one over a grid of hosts.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Iterable, Mapping

import numpy as np
import pandas as pd

from .model import ENVIRONMENTS, Host, simulate
from .workloads import VARIANTS, Guest, Variant, study_guests, study_variants

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
    def bisect(lower: float, upper: float) -> float:
        while upper - lower > tol:  # x(upper) >= level > x(lower)
            mid = 0.5 * (upper + lower)
            if x(mid) < level:
                lower = mid
            else:
                upper = mid
        return round(0.5 * (upper + lower), 3)

    upper = float(hi)
    m = hi - step
    while m > lo - 1e-9:
        if x(m) < level:
            return bisect(m, upper)
        upper = m
        m -= step
    if upper > lo and x(lo) < level:
        return bisect(float(lo), upper)
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


# --- mixes --------------------------------------------------------------------------------

#: Mixes the book precomputes: counts of the study's variants. "study" is the paper's mix;
#: the other two have about the same instantiated memory (within 2 %) and unconstrained CPU
#: load (within 11 %) but use that memory differently: "memory-hungry" is all hot, often
#: re-referenced memory (page-cached I/O, Java heaps); "cold-heavy" is dominated by the
#: database's rarely-needed buffers next to small, CPU-bound guests.
MIXES: dict[str, dict[str, int]] = {
    "study": {v: 1 for v in VARIANTS},
    "memory-hungry": {"fs-pagecache-high": 5, "fs-pagecache-medium": 2, "java-high": 4, "java-medium": 4},
    "cold-heavy": {"db-bi": 1, "fs-pagecache-high": 2, "fs-direct-high": 4, "net-high": 3, "was-medium": 1},
}


def catalogue() -> pd.DataFrame:
    """The study's variants as building blocks: guests, instantiated memory (MiB), CPU load
    (processors) and virtual CPUs of one copy, from Table 17 and the fitted behaviour."""
    rows = []
    for v in VARIANTS:
        gs = [g for g in study_guests() if g.variant == v]
        rows.append({"variant": v, "guests": len(gs), "instantiated_mib": sum(g.instantiated_mib for g in gs),
                     "cpu_load": sum(g.cpu_load for g in gs), "vcpus": sum(g.vcpus for g in gs)})
    return pd.DataFrame(rows).set_index("variant")


def custom_guest(name: str, memory_gib: float, vcpus: int = 1, cpu_load: float = 0.5,
                 hot_frac: float = 0.3, touches_per_hour: float = 36.0, **more) -> tuple[Guest, Variant]:
    """A guest defined from scratch, in its own variant, with a few intuitive knobs.

    ``memory_gib`` it touches; ``cpu_load`` processors it uses unconstrained; ``hot_frac``
    the share of its memory in active use (the rest is touched about once an hour);
    ``touches_per_hour`` how often its median active page is referenced. Other
    :class:`Guest` or :class:`Variant` fields can be passed by keyword.
    """
    if not isinstance(name, str) or not name or "#" in name:
        raise ValueError(f"name: {name!r} is not accepted; expected a non-empty name without '#'")
    for field, value in (("memory_gib", memory_gib), ("cpu_load", cpu_load), ("touches_per_hour", touches_per_hour)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
            raise ValueError(f"{field}: {value!r} is not accepted; expected a positive number")
    if isinstance(hot_frac, bool) or not isinstance(hot_frac, (int, float)) or not 0 < hot_frac <= 1:
        raise ValueError(f"hot_frac: {hot_frac!r} is not accepted; expected a fraction in (0, 1]")
    guest_fields = set(Guest.__dataclass_fields__)
    variant_fields = set(Variant.__dataclass_fields__) - {"name"}
    unknown = sorted(set(more) - guest_fields - variant_fields)
    if unknown:
        raise ValueError(f"{unknown[0]}: is not accepted; expected a field of Guest or Variant")
    g = Guest(name=name, variant=name, vcpus=vcpus, share=100.0 * vcpus, instantiated_mib=memory_gib * 1024,
              cpu_load=cpu_load, active_frac=hot_frac, median_rate_per_s=touches_per_hour / 3600,
              **{k: v for k, v in more.items() if k in guest_fields})
    var = Variant(name=name, **{k: v for k, v in more.items() if k in variant_fields})
    return g, var


def build_mix(counts: Mapping[str, int], custom: Iterable[tuple[Guest, Variant]] = ()) -> tuple[tuple[Guest, ...], dict[str, Variant]]:
    """Guests and drivers for a mix: ``counts`` copies of each study variant (copies after the
    first are named ``variant#2``, ``variant#3``...), plus ``custom`` (guest, variant) pairs."""
    if not isinstance(counts, Mapping):
        raise ValueError(f"counts: {counts!r} is not accepted; expected a mapping of variant name to count")
    base_guests, base_variants = study_guests(), study_variants()
    guests: list[Guest] = []
    variants: dict[str, Variant] = {}
    for v, n in counts.items():
        if v not in base_variants:
            raise ValueError(f"counts: variant {v!r} is not accepted; expected one of {', '.join(VARIANTS)}")
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= 50:
            raise ValueError(f"counts[{v!r}]: {n!r} is not accepted; expected a whole number from 0 to 50")
        for k in range(1, int(n) + 1):
            vname = v if k == 1 else f"{v}#{k}"
            variants[vname] = replace(base_variants[v], name=vname)
            for g in base_guests:
                if g.variant == v:
                    guests.append(replace(g, name=g.name if k == 1 else f"{g.name}#{k}", variant=vname))
    for g, var in custom:
        if not isinstance(g, Guest) or not isinstance(var, Variant) or g.variant != var.name:
            raise ValueError("custom: expected (Guest, Variant) pairs whose guest belongs to the variant")
        if var.name in variants:
            raise ValueError(f"custom: variant name {var.name!r} is already in the mix")
        guests.append(g)
        variants[var.name] = var
    if not guests:
        raise ValueError("counts: the mix is empty; expected at least one variant with a count of 1 or more")
    return tuple(guests), variants


def mix_instantiated_mib(counts: Mapping[str, int]) -> float:
    """Instantiated memory of a mix in its unconstrained run (MiB)."""
    guests, _ = build_mix(counts)
    return float(sum(g.instantiated_mib for g in guests))


def mix_grid(name: str, memories: Iterable[float], cpus: Iterable[int], envs: Iterable[str] = ("zvm63-edev",),
             progress: bool = False) -> pd.DataFrame:
    """Run mix ``name`` of :data:`MIXES` on every host of the grid: one row per (env, memory,
    CPUs, workload type), with the mean relative throughput of the type's copies, and the
    mix's overall throughput and page reads. ``converged`` is False where the run found no
    steady state (a mix that thrashes can cycle between two ways of sharing memory; the
    numbers are then those of the last pass, see :func:`overcommit.simulate`)."""
    if name not in MIXES:
        raise ValueError(f"name: {name!r} is not accepted; expected one of {', '.join(MIXES)}")
    guests, variants = build_mix(MIXES[name])
    memories, cpus, envs = list(memories), list(cpus), list(envs)
    rows = []
    total = len(memories) * len(cpus) * len(envs)
    n = 0
    for env in envs:
        for c in cpus:
            for m in memories:
                n += 1
                r = simulate(Host(m, c), env=env, guests=guests, variants=variants, strict=False)
                w = r.workloads
                base = w.index.str.split("#").str[0]
                per = w.groupby(base)["relative_throughput"].mean()
                for v, x in per.items():
                    rows.append({"mix": name, "env": env, "memory_gib": m, "cpus": c, "variant": v,
                                 "throughput": float(x),
                                 "overall": float(r.system["overall_relative_throughput"]),
                                 "page_read_mib_s": float(r.system["page_read_mib_s"]),
                                 "ratio": float(r.system["overcommit_ratio"]),
                                 "converged": bool(r.converged)})
                if progress:
                    print(f"\r[{n}/{total}] {name} {env} {m:g}/{c}", end="", flush=True)
    if progress:
        print()
    return pd.DataFrame(rows)


__all__ = ["MIXES", "build_mix", "catalogue", "custom_guest", "mix_grid", "mix_instantiated_mib",
           "MIN_MEMORY_GIB", "cpus_needed", "memory_break_point", "throughput"]
