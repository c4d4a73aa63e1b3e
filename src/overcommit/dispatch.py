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


def runnable_pmf(q: ArrayLike, *, check: bool = True) -> np.ndarray:
    r"""P(R = r), r = 0..n, for n independent virtual CPUs runnable with probabilities ``q``.

    Adding one virtual CPU either leaves R where it was (probability ``1 − q_i``) or moves it
    up by one (``q_i``), so the probability generating function of R is a product:

    .. math::

        E[z^R] = \sum_r P(R = r)\, z^r = \prod_i (1 - q_i + q_i z).

    The product is a polynomial of degree n; evaluated at the n + 1 complex roots of unity
    ``z_k = e^{2πik/(n+1)}`` (one vectorised product), its coefficients P(R = r) come back
    from one discrete Fourier transform (a matrix product). That is the same distribution
    as adding the virtual CPUs one at a time (:func:`runnable_pmf_stepwise`; a test pins the
    two together, and both against listing every combination), in a few array operations
    instead of n²/2 steps: the model needs it in every pass of its loop. Rounding leaves
    errors of order 1e-16, clipped at 0.
    ``check=False`` takes ``q`` as given (the model's, from :func:`vcpu_runnable`).
    """
    if check:
        q = np.clip(np.asarray(q, float).ravel(), 0.0, 1.0)
        if q.size and not np.all(np.isfinite(q)):
            raise ValueError("q: expected finite probabilities")
    z_minus_1, transform = _roots(q.size + 1)
    generating = np.multiply.reduce(1.0 + np.multiply.outer(q, z_minus_1), axis=0)
    coefficients = transform @ generating if transform is not None else np.fft.fft(generating) / generating.size
    return np.maximum(coefficients.real, 0.0)


_ROOTS: dict[int, tuple[np.ndarray, "np.ndarray | None"]] = {}
_MATRIX_UP_TO = 128  #: above this many points an FFT call is cheaper than the matrix


def _roots(size: int) -> tuple[np.ndarray, "np.ndarray | None"]:
    """``z_k − 1`` for the ``size`` roots of unity, and (up to ``_MATRIX_UP_TO`` points)
    the matrix of the discrete Fourier transform that takes a polynomial's values there back
    to its coefficients, ``P(R = r) = (1/N) Σ_k z_k^{−r} E[z_k^R]`` (cached: the model asks
    for the same few sizes, and for a few dozen points one matrix product beats an FFT
    call)."""
    roots = _ROOTS.get(size)
    if roots is None:
        k = np.arange(size)
        transform = None
        if size <= _MATRIX_UP_TO:
            transform = np.exp(-2j * np.pi * (np.outer(k, k) % size) / size) / size
        roots = _ROOTS[size] = (np.exp(2j * np.pi * k / size) - 1.0, transform)
    return roots


def grouped_pmf(q: ArrayLike, vcpus: ArrayLike, rho: ArrayLike) -> np.ndarray:
    r"""P(R = r), r = 0..Σ vcpus, for guests whose virtual CPUs are runnable *together*.

    Guest ``g`` has a common on/off state, on with probability ``q_g``; each of its
    ``n_g`` virtual CPUs follows that state with probability ``rho_g`` and is otherwise
    runnable on its own with probability ``q_g``. The mean stays ``q_g``; two CPUs of one
    guest are correlated by ``rho_g²``; the generating function is, per guest,

    .. math::

        q (1 - p_1 + p_1 z)^n + (1 - q) (1 - p_0 + p_0 z)^n,\quad
        p_1 = \rho + (1 - \rho) q,\; p_0 = (1 - \rho) q,

    multiplied over the guests and inverted by one discrete Fourier transform, as in
    :func:`runnable_pmf` (``rho = 0`` gives exactly its distribution). Positively
    correlated virtual CPUs spread ``R``, and a wider ``R`` leaves more real CPUs idle at the
    same mean demand (the model's ``Mechanisms.correlated_runnability``).
    """
    q = np.clip(np.asarray(q, float), 0.0, 1.0)
    vcpus = np.asarray(vcpus, int)
    rho = np.clip(np.asarray(rho, float), 0.0, 1.0)
    size = int(vcpus.sum()) + 1
    z = np.exp(2j * np.pi * np.arange(size) / size)
    p1, p0 = rho + (1 - rho) * q, (1 - rho) * q
    on = (1 - p1[:, None] + p1[:, None] * z) ** vcpus[:, None]
    off = (1 - p0[:, None] + p0[:, None] * z) ** vcpus[:, None]
    generating = np.prod(q[:, None] * on + (1 - q[:, None]) * off, axis=0)
    return np.maximum(np.fft.fft(generating).real / size, 0.0)


def idle_and_busy_grouped(real_cpus: float, wanted: ArrayLike, vcpus: ArrayLike, rho: ArrayLike) -> tuple[float, float]:
    """:func:`idle_and_busy` for guests wanting ``wanted`` CPUs on ``vcpus`` virtual CPUs
    each, their virtual CPUs correlated by ``rho`` (:func:`grouped_pmf`)."""
    vcpus = np.asarray(vcpus, int)
    q = np.minimum(np.asarray(wanted, float) / np.maximum(vcpus, 1), 1.0)
    return _idle_and_busy(real_cpus, grouped_pmf(q, vcpus, rho))


def runnable_pmf_stepwise(q: ArrayLike) -> np.ndarray:
    """:func:`runnable_pmf` by adding the virtual CPUs one at a time (the recursion its
    generating function encodes): the slow, obvious form the tests check it against."""
    q = np.clip(np.asarray(q, float).ravel(), 0.0, 1.0)
    p = [1.0] + [0.0] * q.size
    for i, qi in enumerate(q.tolist()):
        # one virtual CPU more: R stays (not runnable) or moves up by one
        stay = 1.0 - qi
        for r in range(i + 1, 0, -1):
            p[r] = p[r] * stay + p[r - 1] * qi
        p[0] *= stay
    return np.array(p)


def fluctuation_idle(real_cpus: float, q: ArrayLike) -> float:
    """``I = E[max(c − R, 0)] − max(c − E[R], 0)``: real CPUs lost to moments with fewer
    runnable virtual CPUs than real CPUs (see the module docstring)."""
    return _idle_and_busy(real_cpus, runnable_pmf(q))[0]


def idle_and_busy(real_cpus: float, q: ArrayLike, *, check: bool = True) -> tuple[float, float]:
    """:func:`fluctuation_idle` and :func:`all_busy` from one distribution of ``R`` (the
    model needs both in every pass of its loop; it passes ``check=False``: its ``q`` come
    from :func:`vcpu_runnable` and its CPUs are never negative)."""
    if check and (not np.isfinite(real_cpus) or real_cpus < 0):
        raise ValueError(f"real_cpus: {real_cpus!r} is not accepted; expected a finite number >= 0")
    return _idle_and_busy(real_cpus, runnable_pmf(q, check=check))


_COUNTS: dict[int, np.ndarray] = {}  #: 0, 1, ..., n for the distributions asked for


def _idle_and_busy(real_cpus: float, p: np.ndarray) -> tuple[float, float]:
    r = _COUNTS.get(p.size)
    if r is None:
        r = _COUNTS[p.size] = np.arange(p.size, dtype=float)
    mean = float(np.dot(p, r))
    # E[max(c − R, 0)] and E[clip(R − c + 1, 0, 1)] = 1 − E[min(max(c − R, 0), 1)]
    short = np.maximum(real_cpus - r, 0.0)
    idle = max(float(np.dot(p, short)) - max(real_cpus - mean, 0.0), 0.0)
    # rounding in the sum can pass 1 by an ulp
    busy = min(max(1.0 - float(np.dot(p, np.minimum(short, 1.0))), 0.0), 1.0)
    return idle, busy


def vcpu_runnable(wanted: ArrayLike, vcpus: ArrayLike) -> np.ndarray:
    """Per virtual CPU, the share of time it is runnable: each guest's wanted CPUs spread
    evenly over its virtual CPUs (at most 1 each)."""
    wanted = np.asarray(wanted, float)
    vcpus = np.asarray(vcpus, int)
    return np.repeat(np.minimum(wanted / np.maximum(vcpus, 1), 1.0), vcpus)


def all_busy(real_cpus: float, q: ArrayLike) -> float:
    """``P(R ≥ c)``: the share of time every one of the ``c`` real CPUs is busy, for virtual
    CPUs runnable with probabilities ``q`` (independent, as above). Between whole numbers of
    real CPUs (a host whose CP work takes part of one) it is interpolated linearly:
    ``E[clip(R − c + 1, 0, 1)]``. This is when z/VM takes a real CPU away from a virtual CPU
    at the end of its time slice: only when another virtual CPU is waiting for one."""
    return idle_and_busy(real_cpus, q)[1]


def lock_spin(coupling: ArrayLike, vcpus: ArrayLike, busy: float, running: ArrayLike, *,
              check: bool = True) -> np.ndarray:
    r"""CPU per unit of work of a guest whose virtual CPUs wait for one another, relative to
    a host where no virtual CPU is ever preempted:

    .. math::

        m = 1 + \sigma\,(n - 1)\;b\;u .

    *Lock-holder preemption* (Uhlig et al. 2004): a guest with ``n`` virtual CPUs protects
    shared data with spin locks (a database also with latches and the queues between its
    parallel query processes). The hypervisor does not know when a virtual CPU holds one; if
    it takes the real CPU away from the holder, the sibling virtual CPUs that need the lock
    spin, burning CPU without doing work, until the holder is dispatched again. Three
    factors make the expected spinning per unit of useful work:

    - ``b`` (:func:`all_busy`): z/VM preempts a virtual CPU at the end of its time slice only
      when another one is waiting, that is when every real CPU is busy; with a real CPU free
      the holder keeps running. ``b`` saturates at 1 once the host is overcommitted, so the
      spinning does not grow without bound as CPUs are taken away.
    - ``(n − 1) u``: the expected number of siblings running meanwhile (``u``, the share of
      time each virtual CPU of the guest is dispatched, its CPU use per virtual CPU). A guest
      squeezed to a small part of its virtual CPUs rarely has two of them running at once, so
      it spins less; a single-CPU guest (``n = 1``) never spins.
    - ``σ`` (``coupling``): how tightly the guest's work ties its virtual CPUs together, the
      share of a running sibling's work that needs the preempted one: close to 1 for a
      database's parallel query (its processes hand rows to one another) and for a guest
      whose virtual CPUs share one network device queue; close to 0 for independent requests,
      jobs or threads. An assumption per workload kind (``data/variant_drivers.csv``).

    The model measures CPU per unit of work against Table 17, taken in the reference run,
    which already had some of this spinning: it uses ``m / m_ref``. Spinning never blocks
    progress here (the holder always comes back); it costs CPU, and the wall time of the
    burnt CPU.

    Reference: V. Uhlig, J. LeVasseur, E. Skoglund and U. Dannowski, "Towards Scalable
    Multiprocessor Virtual Machines", *Proc. 3rd Virtual Machine Research and Technology
    Symposium (VM '04)*, USENIX, 2004: lock-holder preemption and why it costs a
    multiprocessor guest far more than its share of the lost time.

    ``check=False`` skips the argument checks: the model checks its guests once, then calls
    this in every pass of its loop.
    """
    if check:
        coupling = np.asarray(coupling, float)
        vcpus = np.asarray(vcpus, float)
        if not 0.0 <= busy <= 1.0:
            raise ValueError(f"busy: {busy!r} is not accepted; expected a probability from 0 to 1")
        if np.any(coupling < 0) or np.any(~np.isfinite(coupling)):
            raise ValueError("coupling: expected finite numbers >= 0")
        if np.any(vcpus < 1):
            raise ValueError("vcpus: expected whole numbers >= 1")
    return 1.0 + coupling * (vcpus - 1.0) * busy * np.minimum(np.maximum(running, 0.0), 1.0)
