r"""Dispatching virtual CPUs on real CPUs: why real CPUs stand idle while guests wait.

Shares (:mod:`overcommit.shares`) divide the *average* CPU supply. But a virtual CPU is not
runnable all the time: it waits for its users, for I/O, for a page. At any instant the
number of runnable virtual CPUs ``R`` is random, and only ``min(R, c)`` of the ``c`` real
CPUs can be busy. If virtual CPU ``i`` is runnable a share ``q_i`` of the time,
independently of the others, ``R`` is a sum of Bernoulli variables (a Poisson binomial
distribution) and

    E[idle] = E[max(c − R, 0)] = (c − E[R])⁺ + I,    I = E[max(c − R, 0)] − (c − E[R])⁺ ≥ 0.

The first term is the idle time of a host with more CPUs than demand; the second, ``I``, is
the *fluctuation idle*: CPUs that stand idle in the moments when few virtual CPUs are
runnable, even though on average the guests want more than ``c``. Those CPU-seconds cannot
be given to anyone later, so a constrained host delivers at most ``c − I`` CPUs.

``I`` is largest when the mean demand is close to ``c`` and when paging takes virtual CPUs
out of the runnable set (a virtual CPU that waits for a page-in holds no real CPU): the
paper saw 0.5 real CPUs or more idle in memory-constrained runs with many CPUs, and reads
them as "CPUs waiting for prerequisite activities such as page-in operations" (seed 000,
Analysis of z/VM CPU load, Figure 6). With 20 real CPUs and the study's 36 virtual CPUs at
their reference loads (Table 17), ``I`` ≈ 0.4 CPUs; with 5 CPUs it is zero.

The independence of the virtual CPUs is an assumption: the finite-source (machine
repairman) model of queueing theory without its queue, that is, it ignores that a virtual
CPU kept waiting stays runnable longer.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike


def runnable_pmf(q: ArrayLike) -> np.ndarray:
    """P(R = r), r = 0..n, for n independent virtual CPUs runnable with probabilities ``q``."""
    q = np.clip(np.asarray(q, float).ravel(), 0.0, 1.0)
    if q.size and not np.all(np.isfinite(q)):
        raise ValueError("q: expected finite probabilities")
    if q.size <= 64:
        # plain Python floats: the model calls this in every pass of its loop, and for a few
        # dozen virtual CPUs a list is faster than NumPy slices (same operations, same bits;
        # the work grows with the square of the count, so large hosts take the slices below)
        p = [1.0] + [0.0] * q.size
        for i, qi in enumerate(q.tolist()):
            # one virtual CPU more: R stays (not runnable) or moves up by one
            stay = 1.0 - qi
            for r in range(i + 1, 0, -1):
                p[r] = p[r] * stay + p[r - 1] * qi
            p[0] *= stay
        return np.array(p)
    out = np.zeros(q.size + 1)
    out[0] = 1.0
    for i, qi in enumerate(q):
        out[1:i + 2] = out[1:i + 2] * (1.0 - qi) + out[:i + 1] * qi
        out[0] *= 1.0 - qi
    return out


def fluctuation_idle(real_cpus: float, q: ArrayLike) -> float:
    """``I = E[max(c − R, 0)] − max(c − E[R], 0)``: real CPUs lost to moments with fewer
    runnable virtual CPUs than real CPUs (see the module docstring)."""
    p = runnable_pmf(q)
    r = np.arange(p.size)
    mean = float(np.dot(p, r))
    return max(float(np.dot(p, np.maximum(real_cpus - r, 0.0))) - max(real_cpus - mean, 0.0), 0.0)


def vcpu_runnable(wanted: ArrayLike, vcpus: ArrayLike) -> np.ndarray:
    """Per virtual CPU, the share of time it is runnable: each guest's wanted CPUs spread
    evenly over its virtual CPUs (at most 1 each)."""
    wanted = np.asarray(wanted, float)
    vcpus = np.asarray(vcpus, int)
    return np.repeat(np.minimum(wanted / np.maximum(vcpus, 1), 1.0), vcpus)

