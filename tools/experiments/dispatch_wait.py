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

The mechanism is a switch of the model, ``overcommit.Mechanisms(dispatch_wait_s=τ)``
(``batched_wakeups``: the network's connections and fio's jobs served in batches, one wait
per wake-up for all the ready users of a virtual CPU; the wake-up counts are columns of
``data/variant_drivers.csv``); this script scans it, one wait per request (as first built)
and batched.

Measured with the model as it was before the database's hot set (β = 1, T = 103.7 s, the
claims graded strictly: validation 26 of 55, 15 of the 31 claims outside
``figures_validation.LATER_CLAIMS``, calibration 4 of 6; with the hot set and its refit a
2 ms wait per request gains six claims and loses one, ``cpu-breakup-constant``). At 512/15,
one wait per request:

=====  ==========  ==========  ====  ====  =====  ====  ==========
τ      validation  other 31    Java  WAS   fio    net   wait (ms)
=====  ==========  ==========  ====  ====  =====  ====  ==========
none   26          15          0.57  0.56  1.00   0.55  0
0.5    26          15          0.57  0.57  0.97   0.56  0.26
2      32          17          0.63  0.62  0.89   0.48  1.09
5      30          16          0.79  0.78  0.72   0.25  2.96
10     27          18          0.92  0.91  0.50   0.13  6.48
20     29          18          1.00  0.88  0.29   0.07  13.88
=====  ==========  ==========  ====  ====  =====  ====  ==========

(Java: the high level; WAS: the medium level; fio: the high page-cached level; net: the
medium level.) The waits fall where the paper says nothing fell: on the network levels and
fio, whose cycles last milliseconds. WebSphere, whose users think for half a second per
request, hardly waits, and gains with Java the CPU the others leave. At 2 ms six claims
pass that miss without the wait and none is lost, but Java stays at 0.63 at 512/15 and
the medium network level falls to 0.48; at 10–20 ms Java is flat, as the paper's, only
where the network levels are left 0.07–0.13 of their reference (the paper's medium level
ran above its reference). The paper's 512/15 needs the opposite of a wait at every
wake-up: WebSphere held back, the network spared.

Batched, as a network guest serves its connections (its 250 processes' round trips and
fio's jobs are served per wake-up, so their waits fall by their users per virtual CPU), the
waits hardly touch anyone: no verdict changes from 0.5 to 10 ms; at 20 ms (a slice no
document of the study gives) ``db-cpu-halving`` and ``was-linear-cpus`` pass, Java gains
0.04 at 512/15 and the network nothing, and the page-cached fio levels (8 and 16 jobs on 4
virtual CPUs) fall to 0.70. The batched form cannot free CPU for Java either. Not kept:
``dispatch_wait_s`` is 0 in the model.

Run: ``.venv/bin/python tools/experiments/dispatch_wait.py`` (about two minutes).
"""

from __future__ import annotations

from overcommit import Mechanisms, model, validation
from overcommit.book import figures_validation

#: time slices scanned (s)
SLICES = (0.0005, 0.002, 0.005, 0.01, 0.02)
SHOWN = ("java-above-ref", "java-cpus", "java-cpu-cpus", "net-medium-15", "net-high-15", "was-linear-cpus",
         "db-15-falls", "cpu-idle", "overall-linear-cpus")


def mechanisms(slice_s: "float | None", batched: bool = False) -> Mechanisms:
    """The model's switches with the wait at time slice ``slice_s`` (None: the model as it is)."""
    if slice_s is None:
        return model.MECHANISMS
    return Mechanisms(dispatch_wait_s=slice_s, batched_wakeups=batched)


def measure(slice_s: "float | None", batched: bool = False) -> dict:
    """Validation and a few read-offs with time slice ``slice_s`` (None: the model as it is),
    one wait per request or (``batched``) per batch of ready users."""
    m = mechanisms(slice_s, batched)
    table = validation.evaluate(m)
    converged = all(bool(model.simulate(cid, env=env, mechanisms=m, strict=False).converged)
                    for cid in validation.RUN_CIDS for env in model.ENVIRONMENTS)
    runs = {}
    for cid in ("512/20", "512/15", "512/10"):
        r = model.simulate(cid, mechanisms=m)
        runs[cid] = (r.workloads["relative_throughput"], float(r.system["idle_cpu"]),
                     None if slice_s is None else wait_per_wakeup(cid, m))
    counts = validation.summary(table)
    rows = table.set_index("id")
    earlier = rows[(rows["kind"] == "validation") & ~rows.index.isin(figures_validation.LATER_CLAIMS)]
    return {"table": table, "validation": counts["validation_passed"], "earlier": int(earlier["passed"].sum()),
            "calibration": counts["calibration_passed"], "converged": converged, "runs": runs,
            "shown": rows.loc[list(SHOWN), ["model", "passed"]],
            "w_ref": None if slice_s is None else reference_wait(m)}


def _waits(cid: str, m: Mechanisms):
    """The model's wait for ``cid`` (its last pass's wait per wake-up and the reference
    run's), as the solver leaves it in its solution's setup."""
    from overcommit.workloads import study_guests, study_variants

    return model._solve(model._host(cid), model.environment("zvm63-edev"), study_guests(), study_variants(),
                        m).setup.waits


def wait_per_wakeup(cid: str, m: Mechanisms) -> float:
    return _waits(cid, m).wait_s


def reference_wait(m: Mechanisms) -> float:
    return _waits("512/25", m).w_ref


def main() -> None:
    base = measure(None)
    for batched in (False, True):
        print("batched wake-ups (network, fio)" if batched else "one wait per request")
        for slice_s in (None,) + SLICES:
            try:
                m = base if slice_s is None else measure(slice_s, batched)
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
