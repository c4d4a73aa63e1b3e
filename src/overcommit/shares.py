r"""How z/VM divides real CPUs among guests by relative share: water-filling.

When the virtual CPUs of all guests together want more processing power than the real CPUs
can give, z/VM hands out the real CPUs in proportion to the guests' *relative shares*
(seed 000, section "Assignment of relative shares to virtual systems"). Two facts from that
section shape the model:

1. The share belongs to the guest, not to its virtual CPUs. A guest with one virtual CPU and
   a guest with four virtual CPUs, both at share 100, get the *same* processing power when
   the CPUs are constrained.
2. A virtual CPU can never use more than one real CPU, whatever its share. Power that a
   guest cannot use is passed on to the others; if every guest is at its limit, real CPUs
   stay idle.

The rule that satisfies both is **weighted max-min fairness**, also called
**water-filling**. Guest :math:`g` has share :math:`s_g > 0` and a cap

.. math::

    c_g = \min(v_g,\; d_g),

where :math:`v_g` is its number of virtual CPUs and :math:`d_g` its demand in CPUs (by
default :math:`d_g = v_g`: every virtual CPU always has work). With :math:`P` real CPUs,
guest :math:`g` receives

.. math::

    x_g = \min(c_g,\; \theta\, s_g),

with the *water level* :math:`\theta` (CPUs per unit of share) chosen so that
:math:`\sum_g x_g = P`. If even :math:`\theta = \infty` gives :math:`\sum_g c_g < P`, every
guest is capped, :math:`x_g = c_g`, and :math:`P - \sum_g c_g` real CPUs are idle.

Picture each guest as a vessel whose floor area is its share and whose height is its cap
divided by its share; pour :math:`P` units of water into all of them at once. The water
rises at the same level :math:`\theta` everywhere until a vessel is full; that guest is
*capped*, and the remaining water keeps rising in the others.

**Computing it exactly.** The function :math:`\sum_g \min(c_g, \theta s_g)` is piecewise
linear in :math:`\theta` with breakpoints :math:`c_g / s_g`. Sort the guests by that
ratio and walk through them, keeping the CPUs :math:`P'` and the shares :math:`S'` not yet
handed out. The next guest in the sorted order is capped exactly when its breakpoint lies
at or below the level the rest would reach without it, :math:`c_g / s_g \le P' / S'`; then it
gets :math:`c_g` and leaves the pool. The first guest that is not capped fixes
:math:`\theta = P'/S'`, and it and all later guests get :math:`P' s_g / S'`. One sort, one
pass, no iteration to convergence, no tolerance.

**The paper's worked example** (guests C with one and D with four virtual CPUs, all
virtual CPUs busy):

- equal shares 100 and 100 on 2 real CPUs: :math:`\theta = 2/200`, both get 1 CPU; D's
  four virtual CPUs get 0.25 CPU each (:func:`per_vcpu`);
- shares 100 and 400 (share proportional to virtual CPUs, as in the study) on 2 real CPUs:
  C gets 0.4 and D 1.6, i.e. 0.4 CPU per virtual CPU for both;
- the same shares on 6 real CPUs: the level would be 6/500 per share, C would get 1.2 >
  its cap 1, so C is capped at 1, D is capped at 4, and one real CPU is idle (:func:`idle`).

What the model leaves out: z/VM's absolute shares and LIMITHARD/LIMITSOFT maximum shares,
the dispatcher's time slices and the short-term deviation from the long-run average, and
HiperDispatch topology. It gives the long-run average CPUs per guest.

References
----------
- C. A. Waldspurger and W. E. Weihl, "Lottery Scheduling: Flexible Proportional-Share
  Resource Management", *Proc. 1st USENIX Symposium on Operating Systems Design and
  Implementation (OSDI)*, 1994. Proportional share: a client with ticket fraction
  :math:`s_g / \sum s` receives that fraction of the processor.
- C. A. Waldspurger, *Lottery and Stride Scheduling: Flexible Proportional-Share Resource
  Management*, Ph.D. thesis, MIT, 1995 (MIT/LCS/TR-667). Stride scheduling: the
  deterministic counterpart; tickets of inactive clients are redistributed to active ones,
  which is the "capped guests pass their unused power on" rule above.
- D. Bertsekas and R. Gallager, *Data Networks*, 2nd ed., Prentice Hall, 1992, section
  6.5.2: max-min fairness and the water-filling algorithm (there for link bandwidth).
- IBM, *z/VM 6.3 Resource Overcommitment* (2014) = seed 000, section "Assignment of
  relative shares to virtual systems": the semantics of z/VM relative shares and the worked
  example reproduced above; z/VM 6.3 Performance for the share mechanism itself.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import numpy as np

__all__ = ["allocate", "chain_allocate", "guaranteed", "idle", "per_vcpu", "water_level"]

ArrayLike = Sequence[float] | np.ndarray


def _real_cpus(real_cpus: float) -> float:
    try:
        value = float(real_cpus)
    except (TypeError, ValueError):
        raise ValueError(
            f"real_cpus: {real_cpus!r} is not accepted; expected a finite number > 0"
        ) from None
    if isinstance(real_cpus, bool) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"real_cpus: {real_cpus!r} is not accepted; expected a finite number > 0")
    return value


def _vector(name: str, values: ArrayLike) -> np.ndarray:
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            f"{name}: {values!r} is not accepted; expected a one-dimensional sequence of numbers"
        ) from None
    if array.ndim != 1:
        raise ValueError(
            f"{name}: {values!r} is not accepted; expected a one-dimensional sequence of numbers"
        )
    return array


def _first_bad(array: np.ndarray, bad: np.ndarray) -> str:
    index = int(np.flatnonzero(bad)[0])
    return f"element {index} ({array[index]!r})"


def _validate(
    vcpus: ArrayLike, shares: ArrayLike, demand: ArrayLike | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    v = _vector("vcpus", vcpus)
    s = _vector("shares", shares)
    if v.size == 0:
        raise ValueError("vcpus: [] is not accepted; expected at least one guest")
    if s.size != v.size:
        raise ValueError(
            f"shares: {s.size} values are not accepted for {v.size} guests; expected one share "
            "per guest (same length as vcpus)"
        )
    bad = ~np.isfinite(v) | (v < 1) | (v != np.round(v))
    if bad.any():
        raise ValueError(
            f"vcpus: {_first_bad(v, bad)} is not accepted; expected whole numbers >= 1 "
            "(a guest has at least one virtual CPU)"
        )
    bad = ~np.isfinite(s) | (s <= 0)
    if bad.any():
        raise ValueError(
            f"shares: {_first_bad(s, bad)} is not accepted; expected finite numbers > 0 "
            "(relative shares, e.g. 100 per virtual CPU as in the study)"
        )
    if demand is None:
        d = v.copy()
    else:
        d = _vector("demand", demand)
        if d.size != v.size:
            raise ValueError(
                f"demand: {d.size} values are not accepted for {v.size} guests; expected one "
                "demand per guest (same length as vcpus) or None"
            )
        bad = np.isnan(d) | (d < 0)
        if bad.any():
            raise ValueError(
                f"demand: {_first_bad(d, bad)} is not accepted; expected numbers >= 0 "
                "(CPUs the guest's virtual CPUs would use if unconstrained; inf allowed)"
            )
    return v, s, d


def _water_fill(
    real_cpus: float, caps: np.ndarray, shares: np.ndarray
) -> tuple[np.ndarray, float]:
    """The sorted pass. Returns the allocation and the water level (inf if all capped)."""
    order = sorted(range(caps.size), key=lambda g: (caps[g] / shares[g], g))
    x = np.empty_like(caps)
    capped: list[float] = []
    for position, g in enumerate(order):
        # CPUs and shares not yet handed out; math.fsum keeps the sums exactly rounded.
        left_cpus = real_cpus - math.fsum(capped)
        left_shares = math.fsum(shares[h] for h in order[position:])
        # Capped iff its breakpoint c_g/s_g is at or below the level P'/S' of the rest;
        # compared by cross-multiplication so that no division rounds the decision.
        if caps[g] * left_shares <= left_cpus * shares[g]:
            x[g] = caps[g]
            capped.append(float(caps[g]))
            continue
        rest = order[position:]
        for h in rest:
            # P' s_h / S' rather than theta * s_h: 2*100/500 is exactly the float 0.4.
            x[h] = left_cpus * shares[h] / left_shares
        return x, left_cpus / left_shares
    return x, math.inf


def allocate(
    real_cpus: float,
    vcpus: ArrayLike,
    shares: ArrayLike,
    demand: ArrayLike | None = None,
) -> np.ndarray:
    """Real CPUs each guest receives under z/VM relative shares (weighted max-min fairness).

    Parameters
    ----------
    real_cpus
        Real CPUs available for dispatching guest work, a finite number > 0 (fractions are
        fine: 19.5 CPUs of capacity).
    vcpus
        Virtual CPUs per guest, whole numbers >= 1.
    shares
        Relative share per guest, finite numbers > 0. Only ratios matter.
    demand
        CPUs each guest would use if unconstrained, numbers >= 0 (``inf`` allowed).
        ``None`` (default) means every virtual CPU is always busy: demand = vcpus.

    Returns
    -------
    numpy.ndarray
        CPUs per guest, ``x_g = min(c_g, theta * s_g)`` with ``c_g = min(vcpus_g,
        demand_g)`` and ``theta`` such that the sum is ``real_cpus``, or every guest capped.

    Examples
    --------
    The paper's example: one guest with 1 and one with 4 virtual CPUs.

    >>> allocate(2, [1, 4], [100, 100]).tolist()
    [1.0, 1.0]
    >>> allocate(2, [1, 4], [100, 400]).tolist()
    [0.4, 1.6]
    >>> allocate(6, [1, 4], [100, 400]).tolist()
    [1.0, 4.0]
    >>> idle(6, allocate(6, [1, 4], [100, 400]))
    1.0
    """
    p = _real_cpus(real_cpus)
    v, s, d = _validate(vcpus, shares, demand)
    x, _ = _water_fill(p, np.minimum(v, d), s)
    return x


def water_level(
    real_cpus: float,
    vcpus: ArrayLike,
    shares: ArrayLike,
    demand: ArrayLike | None = None,
) -> float:
    """The water level theta: CPUs per unit of share that uncapped guests receive.

    ``math.inf`` when every guest is capped (the real CPUs exceed what the guests can use).
    Same parameters and checks as :func:`allocate`.

    >>> water_level(2, [1, 4], [100, 400])
    0.004
    """
    p = _real_cpus(real_cpus)
    v, s, d = _validate(vcpus, shares, demand)
    _, theta = _water_fill(p, np.minimum(v, d), s)
    return theta


def guaranteed(
    real_cpus: float,
    vcpus: ArrayLike,
    shares: ArrayLike,
    demand: ArrayLike | None = None,
) -> np.ndarray:
    r"""The least CPU water-filling gives each guest, whatever the other guests want:

    .. math::

        x_g \ge \min\Big(c_g,\; P\, \frac{s_g}{\sum_h s_h}\Big).

    If some guest is not capped, the level satisfies :math:`\theta \ge P / \sum_h s_h`: at
    a lower level even every guest taking :math:`\theta s_h` in full would hand out less than
    :math:`P`. So each guest gets its cap or at least its proportional part of the CPUs.
    Because the bound ignores the other guests' demands, it tests observations: a guest that
    wanted more CPU but ran on less than this was held back by something other than the
    shares, or needed more CPU per unit of work than assumed. Same parameters and checks as
    :func:`allocate`.

    >>> guaranteed(2, [1, 4], [100, 400]).tolist()
    [0.4, 1.6]
    >>> guaranteed(6, [1, 4], [100, 400], [0.5, 4]).tolist()
    [0.5, 4.0]
    """
    p = _real_cpus(real_cpus)
    v, s, d = _validate(vcpus, shares, demand)
    return np.minimum(np.minimum(v, d), p * s / math.fsum(s))


def idle(real_cpus: float, allocation: ArrayLike) -> float:
    """Real CPUs left unused by an allocation: ``max(0, real_cpus - sum(allocation))``.

    Differences below 1e-12 relative to ``real_cpus`` (float rounding) count as zero.

    >>> idle(2, [0.4, 1.6])
    0.0
    """
    p = _real_cpus(real_cpus)
    x = _vector("allocation", allocation)
    bad = np.isnan(x) | (x < 0)
    if bad.any():
        raise ValueError(
            f"allocation: {_first_bad(x, bad)} is not accepted; expected numbers >= 0 (CPUs per "
            "guest, as returned by allocate)"
        )
    spare = p - float(x.sum())
    if spare < -1e-9 * max(p, 1.0):
        raise ValueError(
            f"allocation: sums to {float(x.sum())!r}, more than real_cpus={p!r}; expected an "
            "allocation of at most real_cpus CPUs"
        )
    return 0.0 if spare <= 1e-12 * max(p, 1.0) else spare


def per_vcpu(allocation: ArrayLike, vcpus: ArrayLike) -> np.ndarray:
    """Real CPU per virtual CPU of each guest: ``allocation / vcpus``.

    Assumes the guest spreads its CPUs evenly over its virtual CPUs (all of them busy). In
    the paper's example with equal shares, the four-CPU guest gets 1 CPU, i.e. 0.25 per
    virtual CPU:

    >>> per_vcpu([1.0, 1.0], [1, 4]).tolist()
    [1.0, 0.25]
    """
    x = _vector("allocation", allocation)
    v = _vector("vcpus", vcpus)
    if x.size != v.size:
        raise ValueError(
            f"vcpus: {v.size} values are not accepted for an allocation of {x.size} guests; "
            "expected the same length"
        )
    bad = np.isnan(x) | (x < 0)
    if bad.any():
        raise ValueError(
            f"allocation: {_first_bad(x, bad)} is not accepted; expected numbers >= 0"
        )
    bad = ~np.isfinite(v) | (v < 1) | (v != np.round(v))
    if bad.any():
        raise ValueError(
            f"vcpus: {_first_bad(v, bad)} is not accepted; expected whole numbers >= 1"
        )
    return x / v


def water_fill_caps(real_cpus: float, caps: np.ndarray, shares: np.ndarray) -> np.ndarray:
    """Vectorised water-filling for trusted inputs (the model's inner loop).

    Same result as ``allocate(real_cpus, vcpus, shares, demand)`` with ``caps =
    min(vcpus, demand)``, to rounding: no validation and no exact-rounding care, so use
    :func:`allocate` everywhere else. Guests are sorted by breakpoint ``c_g / s_g``; the
    first ``k`` are capped where ``k`` is the first position whose breakpoint lies above the
    level ``(P − Σ_{i<k} c_i) / Σ_{i≥k} s_i`` of the rest.
    """
    caps = np.asarray(caps, float)
    shares = np.asarray(shares, float)
    order = np.argsort(caps / shares, kind="stable")
    c, s = caps[order], shares[order]
    capped_before = np.concatenate(([0.0], np.cumsum(c)[:-1]))
    shares_from = np.cumsum(s[::-1])[::-1]
    level = (real_cpus - capped_before) / shares_from
    free = c > level * s
    x = np.empty_like(caps)
    if not free.any():
        x[order] = c
        return x
    k = int(np.argmax(free))
    out = c.copy()
    out[k:] = level[k] * s[k:]
    x[order] = out
    return x


@lru_cache(maxsize=64)
def _chain_structure(key: bytes, dtype: str):
    """For a chain vector: its pairs of guests in one workload (g < h), the guests sorted by
    workload and where each workload starts in that order (for one reduceat)."""
    chain = np.frombuffer(key, dtype=np.dtype(dtype))
    g, h = np.nonzero(np.triu(chain[:, None] == chain[None, :], 1))
    order = np.argsort(chain, kind="stable")
    workloads, starts = np.unique(chain[order], return_index=True)
    return g, h, order, workloads, starts


def chain_allocate(available: float, caps: np.ndarray, shares: np.ndarray, cost: np.ndarray,
                   overhead: np.ndarray, chain: np.ndarray, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Water-filling where a guest uses only what its workload's *chain* can use.

    A workload may run on several guests (the WebSphere triplet IHS → WAS → DB2, the uperf
    client and server): every unit of its work needs ``cost[g]`` CPU-seconds on each of its
    guests, so it goes as fast as its slowest guest allows. With water level θ, guest g may
    use ``min(caps[g], θ shares[g])`` CPUs, so workload v runs at

        x_v(θ) = min(wanted_v, min_{g∈v} (min(caps[g], θ shares[g]) − overhead[g]) / cost[g])

    and each of its guests uses ``cost[g] x_v + overhead[g]``. Total use U(θ) is
    non-decreasing and piecewise linear in θ, with breakpoints where a guest reaches its cap
    or its chain reaches ``wanted``; the level is where U(θ) equals ``available`` (or the
    largest breakpoint, if every workload gets what it wants with CPUs to spare). Guests of
    a chain never hold CPU their slowest member cannot use, and no CPU is left idle while
    any guest still wants more: water-filling (:func:`allocate`) with the chain constraint.

    ``chain[g]`` is the index of guest g's workload in ``wanted``. Returns (CPUs used per
    guest, throughput per workload). Trusted inputs (the model's inner loop): no checks.
    """
    c = np.where(cost > 0, cost, 1e-12)
    # every kink of U(θ): a guest reaching its cap, its chain reaching what it wants, and a
    # guest's limit passing its fixed overhead (below it the guest can do no work at all)
    thetas = [caps / shares, (wanted[chain] * c + overhead) / shares, overhead / shares, [0.0]]
    # ... and where two guests of one chain swap as its slowest member: their lines
    # (θ s − f) / c cross (a kink of the chain's min that the list above misses)
    g, h, order, workloads, starts = _chain_structure(chain.tobytes(), chain.dtype.str)
    if g.size:
        per_share, per_overhead = shares / c, overhead / c
        slope = per_share[g] - per_share[h]
        crossing = slope != 0
        thetas.append((per_overhead[g] - per_overhead[h])[crossing] / slope[crossing])
    thetas = np.concatenate(thetas)
    # sorted; a repeated kink is harmless (a zero-length piece below)
    thetas = np.sort(thetas[np.isfinite(thetas) & (thetas >= 0)])
    per_guest_order = c[order]

    def usage(theta: np.ndarray):
        limit = np.minimum(caps, theta[:, None] * shares)
        per_guest_x = np.maximum(limit[:, order] - overhead[order], 0.0) / per_guest_order
        x = np.minimum(wanted, np.minimum.reduceat(per_guest_x, starts, axis=1)) if workloads.size == wanted.size \
            else _chain_min(wanted, theta.size, workloads, per_guest_x, starts)
        use = np.minimum(x[:, chain] * c + overhead, caps)
        return use.sum(axis=1), x, use

    total, xs, uses = usage(thetas)
    k = int(np.searchsorted(total, available))
    if k >= thetas.size:
        return uses[-1], xs[-1]
    if k == 0:
        return uses[0], xs[0]
    t0, t1, u0, u1 = thetas[k - 1], thetas[k], total[k - 1], total[k]
    theta = t0 + (available - u0) * (t1 - t0) / (u1 - u0) if u1 > u0 else t1
    # the same arithmetic as usage() for the one level found
    per_guest_x = np.maximum(np.minimum(caps, theta * shares)[order] - overhead[order], 0.0) / per_guest_order
    x = wanted.copy()
    x[workloads] = np.minimum(x[workloads], np.minimum.reduceat(per_guest_x, starts))
    return np.minimum(x[chain] * c + overhead, caps), x


def _chain_min(wanted: np.ndarray, rows: int, workloads: np.ndarray, per_guest_x: np.ndarray,
               starts: np.ndarray) -> np.ndarray:
    """Per row, ``wanted`` capped by each workload's slowest guest, for a chain vector that
    leaves some workloads without a guest (they keep what they want)."""
    x = np.tile(wanted, (rows, 1))
    x[:, workloads] = np.minimum(x[:, workloads], np.minimum.reduceat(per_guest_x, starts, axis=1))
    return x
