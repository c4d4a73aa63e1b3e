"""Experiment: a wait for a real CPU at every wake-up.

The chapters name dispatch delay as the piece the model lacks (results_java, results_net,
case_xen): a virtual CPU that wakes up while every real CPU is taken waits for one, and a
request/response workload, which wakes up many times per unit of work, loses more to those
waits than a computing one, whose threads are always ready. ``validation.fairness_bound``
says what it would have to do for the paper's 512/15: hold WebSphere and fio at 68 % of
their reference *while they get all the CPU they ask for*, which leaves Java and network
medium the CPU to run at 1.0. A dispatch-latency term of another form was built and
measured (its code is not in the repository): with it Java reaches only 0.71–0.73. This
script builds one from the model's own pieces and measures it.

The mechanism (OSTEP, chapter "Scheduling: Introduction", round robin: a job that becomes
ready waits behind the ready queue, one time slice each). With ``R`` virtual CPUs runnable on
``c`` real CPUs (``R`` distributed as :func:`overcommit.dispatch.runnable_pmf` of the
virtual CPUs' runnable shares, the same distribution the model's fluctuation idle uses), the
``(R − c)⁺`` that do not run queue on the ``c`` CPUs, so a virtual CPU that wakes up waits
about

    W = τ · E[(R − c)⁺] / c

(τ the time slice). A variant that wakes up ``h`` times per user cycle of ``cycle_s``
seconds spends ``h (W − W_ref) / cycle_s`` more of its reference cycle waiting (the reference
run's waits are already in its cycle, so 512/25 stays exactly 1.0); that is added to the
cycle's non-CPU part, where page stalls already sit (``model`` step 5). Wake-ups per cycle
(assumptions): WebSphere 6 (a request goes IHS → WAS → DB2 and back), network 2 (a round trip
wakes the server's and the client's process), fio 1 (one I/O completion), Java and the
database 0 (computing threads; the database's 60 s cycles make a few wake-ups negligible).

A virtual CPU that waits for a real one is runnable, so the runnable shares (for the queue,
the fluctuation idle and the busy share) take each guest's demand without the wait. The
wait uses the runnable shares of the previous pass, under-relaxed (a lagged term the
accelerated fixed point does not carry: the script checks that every run of the paper's
grid in the three environments still converges). Nothing is refitted; τ is scanned.

Measured with the shipped fit (β = 1, T = 95.1 s; ``data/calibrated_parameters.csv``;
unpatched: validation 38 of 55, 22 of the 31 claims outside
``figures_validation.LATER_CLAIMS``, calibration 4 of 6). At 512/15:

=====  ==========  ==========  ====  ====  =====  ====  ==========  ===============
τ      validation  other 31    Java  WAS   fio    net   wait (ms)   idle at 512/20
=====  ==========  ==========  ====  ====  =====  ====  ==========  ===============
none   38          22          0.57  0.56  1.00   0.55  0           0.16
0.5    37          21          0.57  0.57  0.97   0.56  0.26        0.15
2      39          22          0.63  0.62  0.89   0.48  1.09        0.14
5      36          20          0.79  0.78  0.72   0.25  2.96        0.12
10     32          20          0.92  0.91  0.50   0.13  6.48        1.38
20     32          19          1.00  0.88  0.29   0.07  13.88       3.38
=====  ==========  ==========  ====  ====  =====  ====  ==========  ===============

(Java: the high level; WAS: the medium level; fio: the high page-cached level; net: the
medium level.) The waits fall where the paper says nothing fell: on the network levels and
fio, whose cycles last milliseconds. WebSphere, whose users think for half a second per
request, hardly waits, and gains with Java the CPU the others leave. At τ = 10 ms the three
Java claims the fairness bound rules out for share-based dispatching pass
(``java-above-ref``, ``java-knee``, ``java-cpus``), so the bound can be escaped this way,
but the network levels are left 0.13 of their reference (the paper's medium level ran
above its reference) and a dozen claims fail, the database's among them. At 2 ms the
count of 55 gains one (``net-high-15-regain`` and ``net-high-cpu-15`` pass,
``net-high-cpu-20`` fails), the 31 none. The paper's 512/15 needs the opposite of a
wait at every wake-up: WebSphere held back, the network spared. Not kept.

Run: ``OPENBLAS_CORETYPE=Haswell .venv/bin/python tools/experiments/dispatch_wait.py``
(about a minute).
"""

from __future__ import annotations

import inspect
import textwrap

import numpy as np

from overcommit import dispatch, model, validation
from overcommit.book import figures_validation

#: wake-ups per user cycle, by workload kind (assumptions, see the module docstring)
WAKEUPS = {"db": 0.0, "was": 6.0, "fs": 1.0, "java": 0.0, "net": 2.0}
#: time slices scanned (s)
SLICES = (0.0005, 0.002, 0.005, 0.01, 0.02)
#: share of a pass's fresh wait taken (the rest is the last pass's)
RELAX = 0.5
SHOWN = ("java-above-ref", "java-cpus", "java-cpu-cpus", "net-medium-15", "net-high-15", "was-linear-cpus",
         "db-15-falls", "cpu-idle", "overall-linear-cpus")

_original_solve = model._solve


def queue_wait(real_cpus: float, q: np.ndarray, slice_s: float) -> float:
    """τ · E[(R − c)⁺] / c for virtual CPUs runnable with probabilities ``q``."""
    p = dispatch.runnable_pmf(q, check=False)
    r = np.arange(p.size)
    return slice_s * float(np.dot(p, np.maximum(r - real_cpus, 0.0))) / max(real_cpus, 1e-9)


class _Wait:
    """The lagged wait term: the last pass's runnable shares give this pass's waits."""

    def __init__(self, slice_s: float):
        self.slice_s = slice_s
        self.q = None
        self.cpus = None
        guests = model.study_guests()
        ref_load = np.array([min(g.cpu_load, g.vcpus) for g in guests])
        vcpus = np.array([g.vcpus for g in guests])
        cpus = model.REFERENCE_CPUS * (1 - model.CP_SYSTEM_BASE_CPUS / 20)
        self.w_ref = queue_wait(cpus, dispatch.vcpu_runnable(ref_load, vcpus), slice_s)
        self.w = None

    def reset(self) -> None:
        self.q = None
        self.w = None

    def record(self, wanted: np.ndarray, vcpu_count: np.ndarray, available: float) -> None:
        self.q = dispatch.vcpu_runnable(wanted, vcpu_count)
        self.cpus = available

    def __call__(self, vlist) -> np.ndarray:
        if self.q is None:
            return np.zeros(len(vlist))
        fresh = queue_wait(self.cpus, self.q, self.slice_s)
        # under-relaxed: the lagged term is outside the accelerated fixed point
        w = fresh if self.w is None else RELAX * fresh + (1 - RELAX) * self.w
        self.w = w
        extra = max(w - self.w_ref, 0.0)
        h = np.array([WAKEUPS[v.name.split("-")[0]] for v in vlist])
        cycle = np.array([v.cycle_s for v in vlist])
        return h * extra / cycle


def patch(slice_s: float) -> _Wait:
    """Replace ``model._solve`` by a copy with the wait term (its source with a few lines
    added: the reset, the wait in the cycle, the runnable shares that include the wait)."""
    source = textwrap.dedent(inspect.getsource(_original_solve))
    edits = [
        ("    names = list(dict.fromkeys(g.variant for g in guests))\n",
         "    names = list(dict.fromkeys(g.variant for g in guests))\n    _DISPATCH_WAIT.reset()\n"),
        ("        not_cpu = think * io_slow + stall_per_unit / users\n",
         "        wait_term = _DISPATCH_WAIT(vlist)\n"
         "        not_cpu = think * io_slow + stall_per_unit / users + wait_term\n"),
        # a virtual CPU waiting for a real one is runnable: the runnable shares (fluctuation
        # idle, busy share, the queue) take the demand without the wait
        ("        fresh, busy_next = dispatch.idle_and_busy(available, dispatch.vcpu_runnable(wanted, vcpu_count), check=False)\n",
         "        runnable = np.minimum(cost / np.maximum(1.0 / x_open - wait_term, 1e-9)[gv] + fault_cp, cap)\n"
         "        _DISPATCH_WAIT.record(runnable, vcpu_count, available)\n"
         "        fresh, busy_next = dispatch.idle_and_busy(available, dispatch.vcpu_runnable(runnable, vcpu_count), check=False)\n"),
    ]
    for old, new in edits:
        if source.count(old) != 1:
            raise RuntimeError(f"model._solve changed: the line {old.strip()!r} is not there once")
        source = source.replace(old, new)
    wait = _Wait(slice_s)
    namespace = dict(vars(model))
    namespace["_DISPATCH_WAIT"] = wait
    exec(compile(source, model.__file__, "exec"), namespace)  # noqa: S102 - an experiment's patch
    model._solve = namespace["_solve"]
    return wait


def unpatch() -> None:
    model._solve = _original_solve


def _clear() -> None:
    model._setup.cache_clear()
    validation._grid.cache_clear()


def measure(slice_s: "float | None") -> dict:
    """Validation and a few read-offs with time slice ``slice_s`` (None: the model as it is)."""
    _clear()
    wait = patch(slice_s) if slice_s is not None else None
    try:
        table = validation.evaluate()
        converged = all(bool(model.simulate(cid, env=env).system["converged"])
                        for cid in validation.RUN_CIDS for env in model.ENVIRONMENTS)
        runs = {}
        for cid in ("512/20", "512/15", "512/10"):
            r = model.simulate(cid)
            runs[cid] = (r.workloads["relative_throughput"], float(r.system["idle_cpu"]),
                         None if wait is None else wait.w)
    finally:
        unpatch()
        _clear()
    counts = validation.summary(table)
    rows = table.set_index("id")
    earlier = rows[(rows["kind"] == "validation") & ~rows.index.isin(figures_validation.LATER_CLAIMS)]
    return {"table": table, "validation": counts["validation_passed"], "earlier": int(earlier["passed"].sum()),
            "calibration": counts["calibration_passed"], "converged": converged, "runs": runs,
            "shown": rows.loc[list(SHOWN), ["model", "passed"]], "w_ref": None if wait is None else wait.w_ref}


def main() -> None:
    base = measure(None)
    for slice_s in (None,) + SLICES:
        try:
            m = base if slice_s is None else measure(slice_s)
        except model.NotConvergedError as error:
            print(f"slice {slice_s * 1000:g} ms: {error}")
            continue
        label = "model" if slice_s is None else f"slice {slice_s * 1000:g} ms"
        print(f"{label}: validation {m['validation']} (other 31: {m['earlier']}), calibration {m['calibration']}, "
              f"grid converged: {m['converged']}")
        for cid, (x, idle, w) in m["runs"].items():
            wtxt = "" if w is None else f", wait per wake-up {w * 1000:.2f} ms (ref {m['w_ref'] * 1000:.3f})"
            print(f"    {cid}: " + ", ".join(f"{k} {v:.2f}" for k, v in x.items()) + f"; idle {idle:.2f}{wtxt}")
        for claim, (value, passed) in m["shown"].iterrows():
            print(f"    {claim:20s} {value!s:>30s}  {'passes' if passed else 'fails'}")
        flips = [f"{c} ({'passes' if b else 'fails'})" for c, a, b in
                 zip(base["table"]["id"], base["table"]["passed"], m["table"]["passed"]) if a != b]
        if flips:
            print("    verdicts that flip:", ", ".join(flips))


if __name__ == "__main__":
    main()
