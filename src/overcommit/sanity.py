"""Rules any model of overcommitment must keep wherever a reader can take it, checked over
a grid of hosts far wider than the paper's.

The paper ran 12 hosts between 64 and 512 GiB; the book's "any host" explorer lets a reader
go from 8 to 512 GiB and from 1 to 25 CPUs. There the model has no measurement to agree
with, only physics to obey:

``memory-bound``
    Below the paper's smallest host (:data:`SMALLEST_PAPER_GIB`) a workload whose working
    set cannot stay resident (:data:`MEMORY_BOUND`: the database, both WebSphere triplets,
    both page-cached fio levels, both Java levels) does not get faster as memory shrinks:
    one step of :data:`STEP_GIB` less memory, down to the grid's smallest host, may raise
    its relative throughput by at most :data:`STEP_TOLERANCE` (the model's own fixed-point
    noise is far smaller).
``small-host``
    On the smallest hosts (:data:`SMALL_HOSTS_GIB`, an eighth and a quarter of the paper's
    smallest) no workload that holds memory (:data:`HOLDS_MEMORY`) runs faster than at
    :data:`SMALLEST_PAPER_GIB` with the same CPUs and environment (by more than
    :data:`STEP_TOLERANCE`), unless it failed there: the steps of ``memory-bound`` may not
    add up to a gain.
``above-reference``
    No workload that holds memory (:data:`HOLDS_MEMORY`) runs faster than in the
    unconstrained reference run, where nothing pages and every guest gets the CPU it asks
    for: relative throughput at most 1 + :data:`REFERENCE_TOLERANCE`, or, where its I/O path
    is quieter than in the reference run (the others on it slowed down, ``io_slowdown`` below
    1), at most what the faster transfers explain, 1 / ``io_slowdown``.
``failure-heals``
    A workload that fails at some memory fails at every smaller memory (same environment
    and CPUs): what grows as memory shrinks (paging, stalls, backlogs) never makes a failure
    go away. The one exception is a failure whose reason is z/VM 6.2's page reorder pause
    (:data:`REORDER_REASON`), which is proportional to the guest's *resident* memory (seed
    003: CP stops the guest while it reorders its frames, "unless all the pages are
    resident"): a host too small to keep the guest resident pauses it more often but for
    less time than its clients wait.
``converged``
    Every run's fixed point converges.
``keeps-80``
    At 8 GiB and 20 CPUs (:data:`STARVED`) none of the memory-bound workloads keeps
    :data:`STARVED_LIMIT` of its reference.

:func:`violations` lists every breach on a grid (:func:`grid`); the fast tests require
none on :func:`default_grid`.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np
import pandas as pd

from .model import ENVIRONMENTS, Mechanisms, simulate

SMALLEST_PAPER_GIB = 64
STEP_GIB = 8
STEP_TOLERANCE = 0.02
REFERENCE_TOLERANCE = 1e-3
MEMORY_BOUND: tuple[str, ...] = ("db-bi", "was-medium", "was-high", "fs-pagecache-medium", "fs-pagecache-high",
                                  "java-medium", "java-high")
HOLDS_MEMORY: tuple[str, ...] = MEMORY_BOUND
SMALL_HOSTS_GIB: tuple[int, ...] = (8, 16)
STARVED = (8, 20)
STARVED_LIMIT = 0.8
GRID_MEMORY_GIB: tuple[int, ...] = tuple(range(8, 513, STEP_GIB))
GRID_CPUS: tuple[int, ...] = tuple(range(1, 26))
#: the words of :func:`overcommit.model.simulate`'s ``failure_reason`` for a reorder pause
REORDER_REASON = "page reorder"
RULES = ("memory-bound", "small-host", "above-reference", "failure-heals", "converged", "keeps-80")


def grid(memories: Iterable[int] = GRID_MEMORY_GIB, cpus: Iterable[int] = GRID_CPUS,
         envs: Iterable[str] = ENVIRONMENTS, mechanisms: Mechanisms | None = None) -> pd.DataFrame:
    """One row per run and variant: ``env``, ``memory_gib``, ``cpus``, ``variant``,
    ``relative_throughput``, ``failed``, ``converged``, ``reorder`` (the failure's
    reason is the reorder pause) and ``io_slowdown`` (the variant's I/O transfer time
    against the reference run's)."""
    rows = []
    for e in envs:
        for c in cpus:
            for m in memories:
                r = simulate((m, c), env=e, strict=False, mechanisms=mechanisms)
                w = r.workloads
                for v, x, f, why, io in zip(w.index, w["relative_throughput"], w["failed"], w["failure_reason"],
                                            w["io_slowdown"]):
                    rows.append((e, int(m), int(c), v, float(x), bool(f), bool(r.converged),
                                 bool(f) and REORDER_REASON in why, float(io)))
    return pd.DataFrame(rows, columns=COLUMNS)


COLUMNS = ["env", "memory_gib", "cpus", "variant", "relative_throughput", "failed", "converged", "reorder",
           "io_slowdown"]


def default_grid(mechanisms: Mechanisms | None = None) -> pd.DataFrame:
    """:func:`grid` on the any-host grid (8–512 GiB in 8 GiB steps × 1 to 25 CPUs × the
    three environments, 4,800 runs), cached on disk
    (:mod:`overcommit.cache`) for each version of the package and setting of the switches."""
    from .cache import cached
    from .model import MECHANISMS

    mechanisms = MECHANISMS if mechanisms is None else mechanisms

    def compute() -> pd.DataFrame:
        return grid(mechanisms=mechanisms)

    return cached(f"sanity-grid-{mechanisms.key}", compute)


def violations(frame: pd.DataFrame) -> pd.DataFrame:
    """Every breach of the rules above in ``frame`` (as :func:`grid` returns): one row per
    breach with the ``rule``, ``env``, ``cpus``, ``variant``, the ``memory_gib`` it is
    about and a ``detail`` a reader can check."""
    out: list[tuple] = []
    for (e, c, v), g in frame.groupby(["env", "cpus", "variant"], sort=True):
        g = g.sort_values("memory_gib")
        m = g["memory_gib"].to_numpy()
        x = g["relative_throughput"].to_numpy()
        failed = g["failed"].to_numpy()
        reorder = g["reorder"].to_numpy()
        if v in MEMORY_BOUND:
            for i in range(len(m) - 1):
                if m[i + 1] <= SMALLEST_PAPER_GIB and m[i + 1] - m[i] == STEP_GIB and m[i] >= GRID_MEMORY_GIB[0] \
                        and x[i] > x[i + 1] + STEP_TOLERANCE:
                    out.append(("memory-bound", e, c, v, int(m[i]),
                                f"{x[i + 1]:.3f} at {m[i + 1]} GiB, {x[i]:.3f} at {m[i]} GiB"))
        if v in HOLDS_MEMORY:
            at = np.flatnonzero(m == SMALLEST_PAPER_GIB)
            if at.size and not failed[at[0]]:
                for mi, xi in zip(m, x):
                    if mi in SMALL_HOSTS_GIB and xi > x[at[0]] + STEP_TOLERANCE:
                        out.append(("small-host", e, c, v, int(mi),
                                    f"{xi:.3f} at {mi} GiB, {x[at[0]]:.3f} at {SMALLEST_PAPER_GIB} GiB"))
            for mi, xi, si in zip(m, x, g["io_slowdown"].to_numpy()):
                if xi > max(1.0, 1.0 / si) + REFERENCE_TOLERANCE:
                    out.append(("above-reference", e, c, v, int(mi), f"{xi:.3f} of its reference"))
        lasting = failed & ~reorder
        if lasting.any():
            largest_failure = m[lasting].max()
            for mi, fi in zip(m, failed):
                if mi < largest_failure and not fi:
                    out.append(("failure-heals", e, c, v, int(mi),
                                f"fails at {largest_failure} GiB, runs at {mi} GiB"))
        if v in MEMORY_BOUND and (m == STARVED[0]).any() and c == STARVED[1]:
            xs = float(x[m == STARVED[0]][0])
            if xs >= STARVED_LIMIT:
                out.append(("keeps-80", e, c, v, STARVED[0], f"{xs:.3f} of its reference"))
    for (e, m, c), g in frame.groupby(["env", "memory_gib", "cpus"], sort=True):
        if not g["converged"].all():
            out.append(("converged", e, int(c), "", int(m), "the fixed point did not converge"))
    return pd.DataFrame(out, columns=["rule", "env", "cpus", "variant", "memory_gib", "detail"])


def summary(frame: pd.DataFrame) -> pd.Series:
    """Breaches per rule (every rule listed, 0 where none)."""
    v = violations(frame)
    return v["rule"].value_counts().reindex(list(RULES), fill_value=0)


__all__ = ["HOLDS_MEMORY", "MEMORY_BOUND", "RULES", "default_grid", "grid", "summary", "violations"]
