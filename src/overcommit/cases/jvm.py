r"""Horizontal versus vertical JVM stacking on one z/VM LPAR (seed 003).

The document
------------
IBM's *WebSphere Application Server Horizontal Versus Vertical JVM Stacking Report*
(2012; ``seed 003``, bib key ``ibm2012jvmstacking``) runs the same 200 WebSphere JVMs on a
z196 LPAR with 24 IFLs and 200 GB, spread over 1, 2, 4, 10, 20, 50, 100 or 200 Linux guests
(Table 4, ``data/jvm_stacking_scenarios.csv``): 200 JVMs in one 24-way guest at one end,
one JVM in each of 200 one-way guests at the other, with 24 to 200 virtual CPUs on the 24
real ones (1.0:1 to 8.3:1). Memory is never overcommitted. Throughput differs by only 3 %,
but the LPAR's CPU load runs from 13.7 IFLs (one guest) down to 8.8 (20 guests) and up
again. Further scenarios vary the virtual CPUs of 20 guests (1 to 3) and of 200 guests
(1 to 2, up to 16.7:1), split z/VM's CPU into emulation, CP time attributed to guests and
system time, and test page reorder on the 200 GB guest (about one second per 8 GB
resident) and a DCSS against a shared minidisk for the WebSphere binaries. The written
numbers are in ``data/observations_003.csv``.

The governing idea
------------------
No new model logic. The LPAR is an :class:`overcommit.Host`, z/VM an
:class:`overcommit.Environment` older than 6.3 (FIFO-like demand scan, page reorder, the
older CPU cost factor), every Linux guest an :class:`overcommit.Guest` with its own
closed-loop driver (:class:`overcommit.Variant`), solved by :func:`overcommit.simulate`.
The parameters, each with its provenance, are in ``data/case_jvm.csv``.

With 8.8 to 13.7 IFLs of demand on 24 IFLs and every page resident, nothing in the
model's loop is short: every driver runs at its reference throughput, whatever the
stacking. So all the variation the report measures has to come from *what each guest asks
for*, and the model only knows that as an input (a guest's CPU load). This module writes
the input as a small cost law with the two mechanisms of the report's introduction plus
its virtual-CPU findings. A guest with ``J`` JVMs and ``v`` virtual CPUs asks for

.. math::

    D(J, v) = J\,u\,\bigl(1 + \sigma (J - 1)\bigr) + v\,o

IFLs at the reference throughput (``u`` = ``cpu_per_jvm``, ``σ`` = ``stacking``: Linux's
overhead and competition growing with the JVMs sharing one kernel; ``o`` =
``cpu_per_vcpu``: what each virtual CPU costs the guest whatever it runs). z/VM's extra
work to dispatch more virtual than real CPUs, ``ψ · max(V/P − 1, 0) · D`` (``ψ`` =
``cp_vcpu_overhead``), has no term in the model; as in the Xen chapter it is carried by a
stand-in guest in each guest's chain with a very large share (name ``cp<i>``), and reported
as CP time attributed to guests. z/VM's system time is the model's own (a small constant
without memory pressure).

Calibration and validation
--------------------------
:func:`calibrate` solves the four fitted parameters (:data:`FITTED`) on four declared
numbers only (:data:`CALIBRATION`): the LPAR load at one guest (13.7 IFLs) and at 20
guests (8.8 IFLs) of scenario 1, and the emulation (+1.9 IFLs) and LPAR (+2.3 IFLs)
increase when the 200 guests get a second virtual CPU (scenario 3). Every other number of
the report is validation, an input, or not modelled, and :func:`comparison` says which.

Memory matters only in what-if runs (the explorer shrinks the LPAR): each JVM touches its
700 MiB heap plus native memory, each guest a Linux base, and with the binaries on a
shared minidisk every guest also caches its own copy of them (a DCSS holds one copy for
all). Page reorder then stops a guest for about one second per 8 GiB resident
(:data:`overcommit.model.REORDER_S_PER_MIB`, taken from this report), so one large guest
stalls far longer than many small ones.

References: seed 003 (above); seed 000 for the borrowed WebSphere guest and driver
parameters; the model's mechanisms in :mod:`overcommit.model`, :mod:`overcommit.shares`,
:mod:`overcommit.tiers` and :mod:`overcommit.replacement`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd
from scipy.optimize import least_squares

from .. import data, replacement, tiers
from ..model import CP_ATTRIBUTED_SHARE, REORDER_S_PER_MIB, Environment, Host, Result, simulate
# CLOSE and ROUGH are re-exported: each chapter states its grading bands.
from ._common import CLOSE, ROUGH, case_parameters, number as _number, whole as _whole, verdict
from ..workloads import Guest, Variant

DATA_FILE = "case_jvm.csv"
#: the four fitted values as :func:`calibrate` found them, to :data:`FIT_DIGITS` significant
#: digits; regenerate with ``python -m overcommit calibrate jvm``
FIT_FILE = "case_jvm_fitted.csv"
FIT_DIGITS = 6
#: a fit meets its four calibration numbers when no residual exceeds this (IFLs)
FIT_TOLERANCE_IFL = 0.01
SCENARIO_FILE = "jvm_stacking_scenarios.csv"
OBSERVATIONS_FILE = "observations_003.csv"
ENV_NAME = "zvm61-z196"
#: Table 4's guest counts (scenario 1)
GUEST_COUNTS: tuple[int, ...] = (1, 2, 4, 10, 20, 50, 100, 200)
#: scenario 2: 20 guests with 1 to 3 virtual CPUs; scenario 3: 200 guests with 1 or 2
SCENARIO2: tuple[int, ...] = (1, 2, 3)
SCENARIO3: tuple[int, ...] = (1, 2)
BINARIES: tuple[str, ...] = ("dcss", "minidisk")
#: observation ids (data/observations_003.csv) the four fitted parameters are solved on
CALIBRATION: tuple[str, ...] = ("o003-s1-lpar-max", "o003-s1-lpar-min", "o003-s3-emu-inc", "o003-s3-lpar-inc")
FITTED: tuple[str, ...] = ("cpu_per_jvm", "stacking", "cpu_per_vcpu", "cp_vcpu_overhead")
STANDIN_MIB = 1e-3  #: memory of a stand-in guest (it has none; the model needs a positive size)
#: verdict bands on model / document

_TEXT = {"release", "paging_kind"}
_INTEGER = {"cpus", "paging_devices", "jvms_total"}





@dataclass(frozen=True)
class Case:
    """Every parameter of the case (see ``data/case_jvm.csv`` for provenance).

    ``binaries`` says where the WebSphere binaries come from: ``"dcss"`` (the report's
    default: one shared copy, mounted execute-in-place) or ``"minidisk"`` (every guest
    caches its own copy of ``binaries_cache_mib``).
    """

    lpar_memory_gib: float
    cpus: int
    xstor_gib: float
    paging_devices: int
    release: str
    paging_kind: str
    jvms_total: int
    heap_mib: float
    jvm_native_mib: float
    linux_base_mib: float
    binaries_cache_mib: float
    cpu_per_jvm: float
    stacking: float
    cpu_per_vcpu: float
    cp_vcpu_overhead: float
    cp_share: float
    share: float
    skew: float
    median_rate_per_s: float
    write_frac: float
    active_frac: float
    released_frac: float
    users_per_jvm: float
    think_frac: float
    blocking: float
    cycle_s: float
    timeout_s: float
    pause_limit_s: float
    binaries: str = "dcss"

    def __post_init__(self) -> None:
        if self.binaries not in BINARIES:
            raise ValueError(f"binaries: {self.binaries!r} is not accepted; expected one of {list(BINARIES)}")
        for name in ("lpar_memory_gib", "heap_mib", "cpu_per_jvm", "cp_share", "share", "median_rate_per_s",
                     "users_per_jvm", "cycle_s", "timeout_s", "pause_limit_s", "active_frac"):
            _number(name, getattr(self, name))
        for name in ("xstor_gib", "jvm_native_mib", "linux_base_mib", "binaries_cache_mib", "stacking",
                     "cpu_per_vcpu", "cp_vcpu_overhead", "skew", "write_frac", "released_frac", "think_frac",
                     "blocking"):
            _number(name, getattr(self, name), strict=False)
        for name in _INTEGER:
            _whole(name, getattr(self, name))


def provenance(directory: Path | None = None) -> pd.DataFrame:
    """``data/case_jvm.csv``, checked against its schema (:func:`overcommit.data.load_table`)."""
    return data.load_table(DATA_FILE, directory)


def parameters(directory: Path | None = None, **overrides) -> Case:
    """The case's parameters from its data file, fitted ones at their start values, with
    ``overrides`` replacing single fields (errors: :func:`overcommit.cases._common.case_parameters`)."""
    wanted = {f.name for f in fields(Case)} - {"binaries"}
    return case_parameters(DATA_FILE, provenance(directory), Case, wanted, overrides, text=_TEXT,
                           integer=_INTEGER, fitted_names_source=True)


def scenarios() -> pd.DataFrame:
    """Table 4 of the report (``data/jvm_stacking_scenarios.csv``), indexed by guests."""
    return data.load_table(SCENARIO_FILE).set_index("guests")


def observations() -> pd.DataFrame:
    """The report's written numbers (``data/observations_003.csv``), indexed by id."""
    return data.load_table(OBSERVATIONS_FILE).set_index("id")


def _observed(record: str) -> float:
    return float(observations().loc[record, "value"])


# --------------------------------------------------------------------------------------
# The model's objects


def environment(case: Case) -> Environment:
    """z/VM on the z196 (release before 6.3: the older memory management)."""
    return Environment(ENV_NAME, release=case.release, paging_kind=case.paging_kind, xstor_gib=case.xstor_gib)


def host(case: Case, memory_gib: float | None = None, cpus: int | None = None) -> Host:
    """The LPAR; ``memory_gib`` and ``cpus`` override the report's 200 GiB and 24 IFLs."""
    memory = case.lpar_memory_gib if memory_gib is None else _number("memory_gib", memory_gib)
    cpus_ = case.cpus if cpus is None else _whole("cpus", cpus)
    tiers.split_real_memory(memory, case.xstor_gib)  # raises if too small for CP
    return Host(memory, cpus_, paging_devices=case.paging_devices)


def jvms_per_guest(n: int, case: Case) -> int:
    """JVMs in each of ``n`` guests (``n`` must divide the 200 JVMs)."""
    n = _whole("guests", n)
    if case.jvms_total % n:
        options = [d for d in range(1, case.jvms_total + 1) if case.jvms_total % d == 0]
        raise ValueError(f"guests: {n} does not divide the {case.jvms_total} JVMs evenly; expected one of {options}")
    return case.jvms_total // n


def table4_vcpus(n: int) -> int:
    """Virtual CPUs per guest of Table 4 for ``n`` guests."""
    t = scenarios()
    if n not in t.index:
        raise ValueError(f"vcpus: Table 4 has no row for {n} guests (it has {list(t.index)}); give vcpus explicitly")
    return int(t.loc[n, "vcpus_per_guest"])


def _vcpus(n: int, vcpus: int | None, cpus: int) -> int:
    v = table4_vcpus(n) if vcpus is None else _whole("vcpus", vcpus)
    if v > cpus:
        raise ValueError(f"vcpus: {v} virtual CPUs per guest are more than the {cpus} real CPUs; the report never "
                         f"gives a guest more virtual than real CPUs (expected at most {cpus})")
    return v


def demand_parts(jvms: int, vcpus: int, case: Case) -> dict[str, float]:
    """The cost law: what one guest with ``jvms`` JVMs and ``vcpus`` virtual CPUs asks for at
    the reference throughput, in IFLs, by part (before the release's CPU cost factor)."""
    j = _whole("jvms", jvms)
    v = _whole("vcpus", vcpus)
    work = j * case.cpu_per_jvm
    return {"jvm_work": work, "stacking": work * case.stacking * (j - 1), "vcpu": v * case.cpu_per_vcpu}


def guest_demand(jvms: int, vcpus: int, case: Case) -> float:
    """``D(J, v)`` of the module docstring (IFLs at the reference throughput)."""
    return float(sum(demand_parts(jvms, vcpus, case).values()))


def vcpu_ratio(n: int, vcpus: int, cpus: int) -> float:
    """Virtual CPUs of all guests over real CPUs."""
    return n * vcpus / cpus


def cp_demand(n: int, vcpus: int, demand: float, case: Case, cpus: int | None = None) -> float:
    """CP's dispatching work for one guest: ``ψ · max(V/P − 1, 0) · D``."""
    cpus_ = case.cpus if cpus is None else cpus
    return case.cp_vcpu_overhead * max(vcpu_ratio(n, vcpus, cpus_) - 1.0, 0.0) * demand


def instantiated_mib(jvms: int, case: Case) -> float:
    """Memory one guest touches: its JVMs' heaps and native memory, the Linux base and,
    with the binaries on a shared minidisk, its own cached copy of them."""
    cache = case.binaries_cache_mib if case.binaries == "minidisk" else 0.0
    return jvms * (case.heap_mib + case.jvm_native_mib) + case.linux_base_mib + cache


def defined_mib(n: int, case: Case) -> float:
    """Each guest's virtual memory: the report gives the guests the LPAR's memory in equal
    parts (Table 4), independent of any smaller LPAR a what-if run uses."""
    return case.lpar_memory_gib * 1024 / _whole("guests", n)


def guests(n: int, case: Case, vcpus: int | None = None, cpus: int | None = None) -> list[Guest]:
    """``n`` Linux guests with 200/n JVMs each, plus one CP stand-in per guest when the
    virtual CPUs outnumber the real ones."""
    cpus_ = case.cpus if cpus is None else _whole("cpus", cpus)
    j = jvms_per_guest(n, case)
    v = _vcpus(n, vcpus, cpus_)
    d = guest_demand(j, v, case)
    if d > v:
        raise ValueError(f"vcpus: a guest with {j} JVMs asks for {d:.2f} IFLs, more than its {v} virtual CPU(s); "
                         f"expected at least {math.ceil(d)} virtual CPUs")
    inst, defined = instantiated_mib(j, case), defined_mib(n, case)
    if inst > defined:
        raise ValueError(f"guests: {n} guests of {defined:,.0f} MiB cannot hold {j} JVMs touching {inst:,.0f} MiB; "
                         f"expected fewer guests")
    extra = cp_demand(n, v, d, case, cpus_)
    out = []
    for i in range(1, n + 1):
        name = f"lnx{i:03d}"
        out.append(Guest(name, name, v, case.share, inst, d, defined_mib=defined, released_frac=case.released_frac,
                         skew=case.skew, median_rate_per_s=case.median_rate_per_s, write_frac=case.write_frac,
                         active_frac=case.active_frac))
        if extra > 0:
            out.append(Guest(f"cp{i:03d}", name, cpus_, case.cp_share, STANDIN_MIB, extra, released_frac=0.0,
                             write_frac=0.0, active_frac=1.0))
    return out


def variants(n: int, case: Case) -> dict[str, Variant]:
    """One closed-loop driver per guest, with ``users_per_jvm`` clients per JVM."""
    j = jvms_per_guest(n, case)
    return {f"lnx{i:03d}": Variant(f"lnx{i:03d}", users=case.users_per_jvm * j, think_frac=case.think_frac,
                                   blocking=case.blocking, cycle_s=case.cycle_s, timeout_s=case.timeout_s,
                                   pause_limit_s=case.pause_limit_s)
            for i in range(1, n + 1)}


def run(n: int, case: Case | None = None, *, vcpus: int | None = None, memory_gib: float | None = None,
        cpus: int | None = None) -> Result:
    """:func:`overcommit.simulate` for ``n`` guests (default case: :func:`calibrated`;
    default virtual CPUs: Table 4's)."""
    case = calibrated() if case is None else case
    h = host(case, memory_gib, cpus)
    v = _vcpus(_whole("guests", n), vcpus, h.cpus)
    return _run(int(n), v, case, h)


@lru_cache(maxsize=2048)
def _run(n: int, vcpus: int, case: Case, host_: Host) -> Result:
    return simulate(host_, env=environment(case), guests=guests(n, case, vcpus, host_.cpus),
                    variants=variants(n, case))


# --------------------------------------------------------------------------------------
# What the report measures, from a model result


def measures(result: Result, case: Case) -> dict[str, float]:
    """The report's quantities for one result (CPU in IFLs).

    ``emulation`` is the guests' own time, ``cp_attributed`` CP time charged to guests (the
    model's share of guest CPU plus the stand-ins' dispatching work), ``cp_system`` the
    model's CP system time; ``lpar_load`` their sum. ``throughput`` is the share of the 200
    JVMs' reference work done. ``jvm_work``, ``stacking`` and ``vcpu`` split the guests'
    CPU by the cost law. ``reorder_pause_s`` is how long page reorder would stop the largest
    guest if it ran (resident memory × the model's 1 s per 8 GiB);
    ``model_reorder_pause_s`` is the model's own, which is zero unless memory is short.
    """
    g, s, w = result.guests, result.system, result.workloads
    real = g.index.str.startswith("lnx")
    n = int(real.sum())
    j = case.jvms_total // n
    v = int(g.loc[real, "vcpus"].iloc[0])
    cpus = int(s["real_cpus"])
    used_real = g.loc[real, "cpu_load"].to_numpy()
    standin = float(g.loc[~real, "cpu_load"].sum())
    emulation = float(s["emulation_cpu"]) - standin * (1.0 - CP_ATTRIBUTED_SHARE)
    cp_attr = float(s["cp_guest_cpu"]) + standin * (1.0 - CP_ATTRIBUTED_SHARE)
    system = float(s["cp_system_cpu"])
    x = w["relative_throughput"].to_numpy()
    parts = demand_parts(j, v, case)
    d = sum(parts.values())
    scale = float(used_real.sum()) / d if d > 0 else 0.0  # guest-demand units actually used
    resident = g.loc[real, "resident_mib"].to_numpy()
    failed = w["failed"].to_numpy()
    reasons = [r for r in w["failure_reason"] if r]
    return {
        "guests": n,
        "jvms_per_guest": j,
        "vcpus_per_guest": v,
        "total_vcpus": n * v,
        "vcpu_ratio": vcpu_ratio(n, v, cpus),
        "cpus": cpus,
        "throughput": float(x.sum() * j / case.jvms_total),
        "emulation": emulation,
        "cp_attributed": cp_attr,
        "cp_dispatch": standin,
        "cp_system": system,
        "cp_plus_system": cp_attr + system,
        "lpar_load": emulation + cp_attr + system,
        "guest_load": float(used_real.mean()),
        "jvm_work": parts["jvm_work"] * scale,
        "stacking": parts["stacking"] * scale,
        "vcpu": parts["vcpu"] * scale,
        "cpu_per_jvm_used": float(used_real.sum()) / case.jvms_total,
        "instantiated_gib": float(g.loc[real, "instantiated_mib"].sum()) / 1024,
        "resident_gib": float(resident.sum()) / 1024,
        "dpa_gib": float(s["dpa_mib"]) / 1024,
        "guest_resident_gib": float(resident.max()) / 1024,
        "guest_virtual_gib": float(g.loc[real, "virtual_mib"].iloc[0]) / 1024,
        "reorder_pause_s": float(replacement.reorder_pause_s(float(resident.max()))),
        "model_reorder_pause_s": float(g.loc[real, "reorder_pause_s"].max()),
        "page_read_mib_s": float(s["page_read_mib_s"]),
        "failed_share": float(failed.mean()),
        "failure_reason": reasons[0] if reasons else "",
        "idle": max(float(s["idle_cpu"]), 0.0),
    }


def scaling(counts: Iterable[int] = GUEST_COUNTS, case: Case | None = None, *, vcpus: int | None = None,
            memory_gib: float | None = None, cpus: int | None = None) -> pd.DataFrame:
    """One row per guest count (:func:`measures`), indexed by guests; virtual CPUs per
    guest from Table 4 unless ``vcpus`` is given. ``throughput_pct`` is relative to the
    best configuration in the frame."""
    case = calibrated() if case is None else case
    counts = [_whole("guests", c) for c in counts]
    if not counts:
        raise ValueError("counts: empty; expected at least one guest count")
    rows = [measures(run(c, case, vcpus=vcpus, memory_gib=memory_gib, cpus=cpus), case) for c in counts]
    out = pd.DataFrame(rows).set_index("guests")
    out["throughput_pct"] = 100.0 * out["throughput"] / out["throughput"].max()
    return out


def vcpu_scan(n: int, vcpus: Iterable[int], case: Case | None = None, *, memory_gib: float | None = None,
              cpus: int | None = None) -> pd.DataFrame:
    """One row per virtual-CPU count for ``n`` guests (scenarios 2 and 3), indexed by
    ``vcpus_per_guest``."""
    case = calibrated() if case is None else case
    vs = [_whole("vcpus", v) for v in vcpus]
    if not vs:
        raise ValueError("vcpus: empty; expected at least one virtual CPU count")
    rows = [measures(run(n, case, vcpus=v, memory_gib=memory_gib, cpus=cpus), case) for v in vs]
    out = pd.DataFrame(rows).set_index("vcpus_per_guest")
    out["throughput_pct"] = 100.0 * out["throughput"] / out["throughput"].max()
    return out


# --------------------------------------------------------------------------------------
# Calibration on four declared numbers


def targets() -> dict[str, float]:
    """The calibration numbers, read from ``data/observations_003.csv`` (:data:`CALIBRATION`)."""
    return {k: _observed(k) for k in CALIBRATION}


def residuals(case: Case) -> np.ndarray:
    """Model minus document for the four :data:`CALIBRATION` numbers (IFLs), in their order."""
    t = targets()
    one, twenty = measures(run(1, case), case), measures(run(20, case), case)
    s3 = [measures(run(200, case, vcpus=v), case) for v in SCENARIO3]
    return np.array([
        one["lpar_load"] - t["o003-s1-lpar-max"],
        twenty["lpar_load"] - t["o003-s1-lpar-min"],
        s3[1]["emulation"] - s3[0]["emulation"] - t["o003-s3-emu-inc"],
        s3[1]["lpar_load"] - s3[0]["lpar_load"] - t["o003-s3-lpar-inc"],
    ])


def calibrate(case: Case | None = None) -> Case:
    """Solve :data:`FITTED` (CPU per JVM, stacking, CPU per virtual CPU, CP dispatching
    overhead) so that the model gives the four :data:`CALIBRATION` numbers: 13.7 IFLs at one
    guest, 8.8 at 20 guests, and +1.9 IFLs emulation, +2.3 IFLs LPAR load from one to two
    virtual CPUs for 200 guests. Bounded least squares (:func:`scipy.optimize.least_squares`)
    from the data file's start values, parameters ≥ 0. Raises ``ValueError`` when the four
    cannot be met (residual above :data:`FIT_TOLERANCE_IFL`). About 20 s: the book reads the
    result from :data:`FIT_FILE` (:func:`calibrated`)."""
    case = parameters() if case is None else case
    start = np.array([getattr(case, f) for f in FITTED])
    scale = np.where(start > 0, start, 1e-3)

    def f(z):
        return residuals(replace(case, **dict(zip(FITTED, z * scale))))

    fit = least_squares(f, start / scale, bounds=(0.0, np.inf), xtol=1e-12, ftol=1e-12, gtol=1e-12)
    fitted = replace(case, **dict(zip(FITTED, fit.x * scale)))
    worst = float(np.max(np.abs(residuals(fitted))))
    if worst > FIT_TOLERANCE_IFL:
        raise ValueError(f"calibrate: the cost law cannot meet the four calibration numbers (worst residual "
                         f"{worst:.3f} IFL); check {', '.join(CALIBRATION)}")
    return fitted


def write_fit(case: Case, directory: Path | None = None) -> Path:
    """Write the fitted values of ``case`` to :data:`FIT_FILE` (:data:`FIT_DIGITS` digits)."""
    import csv

    path = (data.data_dir() if directory is None else Path(directory)) / FIT_FILE
    units = provenance().set_index("parameter")["unit"]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["parameter", "value", "unit", "source", "note"])
        for name in FITTED:
            unit = units.get(name)
            writer.writerow([name, f"{getattr(case, name):.{FIT_DIGITS}g}", "" if pd.isna(unit) else unit,
                             "fitted by overcommit.cases.jvm.calibrate to seed 003, observations "
                             + ", ".join(CALIBRATION) + " (data/observations_003.csv)",
                             "regenerate with: python -m overcommit calibrate jvm"])
    return path


def fitted_values(directory: Path | None = None) -> dict[str, float]:
    """The fitted values :data:`FIT_FILE` ships, one per name of :data:`FITTED`."""
    frame = data.load_table(FIT_FILE, directory)
    names = list(frame["parameter"])
    if sorted(names) != sorted(FITTED):
        raise ValueError(f"{FIT_FILE}: parameters {names} are not accepted; expected one row for each of "
                         f"{list(FITTED)} (regenerate with: python -m overcommit calibrate jvm)")
    return {str(row["parameter"]): float(row["value"]) for row in frame.to_dict("records")}


@lru_cache(maxsize=4)
def _calibrated(binaries: str) -> Case:
    # The fit is the same for both setups (memory does not enter it); only binaries differs.
    return replace(parameters(**fitted_values()), binaries=binaries)


def calibrated(binaries: str = "dcss") -> Case:
    """The case with the fitted parameters :data:`FIT_FILE` ships (cached); ``binaries`` as
    in :class:`Case`."""
    if binaries not in BINARIES:
        raise ValueError(f"binaries: {binaries!r} is not accepted; expected one of {list(BINARIES)}")
    return _calibrated(binaries)


# --------------------------------------------------------------------------------------
# The document against the model



def _spread_pct(values: pd.Series) -> float:
    return 100.0 * float(values.max() - values.min()) / float(values.max())


def comparison(case: Case | None = None) -> pd.DataFrame:
    """Every number of the report beside the model's: quantity, scenario, document value,
    model value, ratio (model / document; NaN for orderings and yes/no claims), verdict and
    role (``calibration``, ``validation``, ``input`` or ``not modelled``) with the
    observation record it comes from."""
    case = calibrated() if case is None else case
    obs = observations()
    s1 = scaling(GUEST_COUNTS, case)
    s2 = vcpu_scan(20, SCENARIO2, case)
    s3 = vcpu_scan(200, SCENARIO3, case)
    ten3 = measures(run(10, case, vcpus=3), case)
    common = s1.loc[[10, 20, 50, 100, 200]]
    rows: list[dict] = []

    def num(record, quantity, scenario, doc, model, role):
        ratio = model / doc if doc else (1.0 if abs(model) < 0.05 else math.inf)
        rows.append({"record": record, "quantity": quantity, "scenario": scenario, "document": f"{doc:g}",
                     "model": model, "ratio": ratio,
                     "verdict": "calibrated" if role == "calibration" else verdict(ratio), "role": role})

    def claim(record, quantity, scenario, doc, model, holds, role="validation"):
        rows.append({"record": record, "quantity": quantity, "scenario": scenario, "document": doc,
                     "model": model, "ratio": math.nan,
                     "verdict": "holds" if holds else "fails", "role": role})

    def absent(record, quantity, scenario, doc, why):
        rows.append({"record": record, "quantity": quantity, "scenario": scenario, "document": doc,
                     "model": why, "ratio": math.nan, "verdict": "not modelled", "role": "not modelled"})

    v = lambda k: float(obs.loc[k, "value"])  # noqa: E731
    # scenario 1
    num("o003-s1-lpar-max", "LPAR load, 1 guest (IFLs)", "1", v("o003-s1-lpar-max"), s1.loc[1, "lpar_load"],
        "calibration")
    num("o003-s1-lpar-min", "LPAR load, 20 guests (IFLs)", "1", v("o003-s1-lpar-min"), s1.loc[20, "lpar_load"],
        "calibration")
    claim("o003-s1-lpar-max", "guests at the highest LPAR load", "1", "1", f"{int(s1['lpar_load'].idxmax())}",
          int(s1["lpar_load"].idxmax()) == 1)
    claim("o003-best-setup", "guests at the lowest LPAR load", "1", f"{v('o003-best-setup'):g}",
          f"{int(s1['lpar_load'].idxmin())}", int(s1["lpar_load"].idxmin()) == int(v("o003-best-setup")))
    num("o003-s1-lpar-spread-common", "LPAR load spread, 10 to 200 guests (IFLs)", "1",
        v("o003-s1-lpar-spread-common"), float(common["lpar_load"].max() - common["lpar_load"].min()), "validation")
    num("o003-s1-lpar-var-common", "LPAR load variation, 10 to 200 guests (% of the highest)", "1",
        v("o003-s1-lpar-var-common"), _spread_pct(common["lpar_load"]), "validation")
    num("o003-s1-lpar-spread", "LPAR load spread, 1 to 200 guests (IFLs; 'nearly 4', its own numbers give 4.9)",
        "1", v("o003-s1-lpar-max") - v("o003-s1-lpar-min"),
        float(s1["lpar_load"].max() - s1["lpar_load"].min()), "calibration")
    num("o003-linux-user-spread", "Linux user + system spread, 1 against 20 guests (IFLs; 3.2 + 0.8)", "1",
        v("o003-linux-user-spread") + v("o003-linux-sys-spread"),
        float(s1.loc[1, "emulation"] - s1.loc[20, "emulation"]), "validation")
    lo, hi = float(obs.loc["o003-cp-sys-range", "lower"]), float(obs.loc["o003-cp-sys-range", "upper"])
    num("o003-cp-sys-range", "CP + system time, lowest over 1 to 200 guests (IFLs)", "1", lo,
        float(s1["cp_plus_system"].min()), "validation")
    num("o003-cp-sys-range", "CP + system time, highest over 1 to 200 guests (IFLs)", "1", hi,
        float(s1["cp_plus_system"].max()), "validation")
    above = s1[s1["vcpu_ratio"] > v("o003-cp-rise-ratio")]
    flat = s1.loc[[2, 4, 10, 20]]
    rise = float(above["cp_attributed"].max() - flat["cp_attributed"].max())
    claim("o003-cp-rise-ratio", "CP time attributed to guests rises beyond 2:1 (IFLs above the 2-20 guest level)",
          "1", "rises heavily", f"+{rise:.2f}", rise > 0.1)
    sys_one = float(s1.loc[1, "cp_system"])
    claim("o003-cp-rise-ratio", "system time highest with 200 JVMs in one guest", "1", "highest, well above CP",
          f"{sys_one:.2f} everywhere", bool(s1["cp_system"].idxmax() == 1 and sys_one > s1.loc[1, "cp_attributed"]))
    num("o003-ratio-ideal", "LPAR load at 1.7:1 (20 guests) over load at 1.2:1 (10 guests)", "1", 1.0,
        float(s1.loc[20, "lpar_load"] / s1.loc[10, "lpar_load"]), "validation")
    rows[-1]["document"] = "< 1"
    rows[-1]["verdict"] = "holds" if s1.loc[20, "lpar_load"] < s1.loc[10, "lpar_load"] else "fails"
    rows[-1]["ratio"] = math.nan
    per_guest = 100.0 * (1 - (s1.loc[200, "emulation"] / 200) / (s1.loc[100, "emulation"] / 100))
    num("o003-linux-sys-per-guest-200", "per-guest CPU, 200 against 100 guests: reduction (%; document: Linux "
        "system CPU only)", "1", v("o003-linux-sys-per-guest-200"), per_guest, "validation")
    num("o003-s1-tput-spread", "throughput spread over Table 4 (%)", "1", v("o003-s1-tput-spread"),
        _spread_pct(s1["throughput"]), "validation")
    # scenario 2
    num("o003-s2-lpar-spread", "LPAR load spread, 20 guests with 1 to 3 virtual CPUs (IFLs)", "2",
        v("o003-s2-lpar-spread"), float(s2["lpar_load"].max() - s2["lpar_load"].min()), "validation")
    claim("o003-s2-lpar-min-vcpu", "virtual CPUs at the lowest LPAR load (20 guests)", "2",
          f"{v('o003-s2-lpar-min-vcpu'):g}", f"{int(s2['lpar_load'].idxmin())}",
          int(s2["lpar_load"].idxmin()) == int(v("o003-s2-lpar-min-vcpu")))
    claim("o003-s2-lpar-max-vcpu", "virtual CPUs at the highest LPAR load (20 guests)", "2",
          f"{v('o003-s2-lpar-max-vcpu'):g}", f"{int(s2['lpar_load'].idxmax())}",
          int(s2["lpar_load"].idxmax()) == int(v("o003-s2-lpar-max-vcpu")))
    cp_range = float(s2["cp_plus_system"].max() - s2["cp_plus_system"].min())
    claim("o003-s2-lpar-spread", "CP effort nearly constant over 1 to 3 virtual CPUs (IFLs of change)", "2",
          "nearly constant", f"{cp_range:.2f}", cp_range < 0.25 * max(float(s2["lpar_load"].max()
                                                                         - s2["lpar_load"].min()), 0.4))
    num("o003-s2-20vs10", "LPAR load, 20 guests minus 10 guests, both with 3 virtual CPUs (IFLs)", "2",
        v("o003-s2-20vs10"), float(s2.loc[3, "lpar_load"] - ten3["lpar_load"]), "validation")
    num("o003-s2-tput-spread", "throughput spread, 20 guests with 1 to 3 virtual CPUs (%)", "2",
        v("o003-s2-tput-spread"), _spread_pct(s2["throughput"]), "validation")
    claim("o003-s2-guest-load", "load of one guest, 20 guests (IFLs)", "2", f"< {v('o003-s2-guest-load'):g}",
          f"{s1.loc[20, 'guest_load']:.2f}", s1.loc[20, "guest_load"] < v("o003-s2-guest-load"))
    # scenario 3
    num("o003-s3-emu-inc", "emulation increase, 200 guests from 1 to 2 virtual CPUs (IFLs)", "3",
        v("o003-s3-emu-inc"), float(s3.loc[2, "emulation"] - s3.loc[1, "emulation"]), "calibration")
    num("o003-s3-lpar-inc", "LPAR load increase, 200 guests from 1 to 2 virtual CPUs (IFLs)", "3",
        v("o003-s3-lpar-inc"), float(s3.loc[2, "lpar_load"] - s3.loc[1, "lpar_load"]), "calibration")
    num("o003-s3-ratio-2", "virtual to real CPUs, 200 guests with 2 virtual CPUs", "3", v("o003-s3-ratio-2"),
        float(s3.loc[2, "vcpu_ratio"]), "input")
    rows[-1]["verdict"] = "input"
    tdrop = float(s3.loc[1, "throughput"] - s3.loc[2, "throughput"])
    claim("o003-s3-lpar-inc", "throughput slightly lower with 2 virtual CPUs (200 guests, % points)", "3",
          "slightly lower", f"{100 * tdrop:+.2f}", tdrop > 0)
    # scenario 4: CPU seconds of the WebSphere threads
    j20 = {vv: measures(run(20, case, vcpus=vv), case)["cpu_per_jvm_used"] for vv in (1, 3)}
    num("o003-s4-cpusec-3", "CPU per JVM, 20 guests with 3 against 1 virtual CPU: increase (%)", "4",
        v("o003-s4-cpusec-3"), 100.0 * (j20[3] / j20[1] - 1), "validation")
    num("o003-s4-cpusec-24", "CPU per JVM, 1 guest with 24 virtual CPUs against 20 guests with 1: increase (%)",
        "4", v("o003-s4-cpusec-24"), 100.0 * (s1.loc[1, "cpu_per_jvm_used"] / j20[1] - 1), "validation")
    absent("o003-s4-threads-3", "thread count, 3 against 1 virtual CPU: increase (%)", "4",
           f"{v('o003-s4-threads-3'):g}", "the model has no threads")
    # setup tests
    num("o003-t1-reorder-cost", "page reorder, seconds per 8 GiB resident", "setup 1",
        v("o003-t1-reorder-cost"), REORDER_S_PER_MIB * 8192, "input")
    rows[-1]["verdict"] = "input"
    pause1 = float(s1.loc[1, "reorder_pause_s"])
    claim("o003-t1-reorder-cost", "page reorder stops the 200 GiB guest when memory is not short", "setup 1",
          "spikes at regular intervals", f"{float(s1.loc[1, 'model_reorder_pause_s']):.1f} s "
          f"(would be {pause1:.0f} s per reorder)", float(s1.loc[1, "model_reorder_pause_s"]) > 0)
    absent("o003-t2-md-small", "shared minidisk against DCSS, 1 to 4 guests (IFLs)", "setup 2",
           f"{v('o003-t2-md-small'):g} against {v('o003-t2-dcss-small'):g}", "no DCSS or minidisk CPU costs")
    absent("o003-t2-dcss-large", "DCSS against shared minidisk, more than 10 guests (IFLs)", "setup 2",
           f"{v('o003-t2-dcss-large'):g} against {v('o003-t2-md-large'):g}", "no DCSS or minidisk CPU costs")
    absent("o003-t2-breakeven", "guests at the DCSS break-even", "setup 2", f"{v('o003-t2-breakeven'):g}",
           "no DCSS or minidisk CPU costs")
    out = pd.DataFrame(rows)
    out["model"] = [m if isinstance(m, str) else float(m) for m in out["model"]]
    return out


def reorder_table(case: Case | None = None) -> pd.DataFrame:
    """For each Table 4 configuration: a guest's virtual and resident memory (GiB), how long
    page reorder would stop it (resident × the model's 1 s per 8 GiB, which is the report's
    rule of thumb), whether the report ran it with reorder off (virtual memory of at least
    8 GB, ``o003-t1-reorder-off``) and the model's own pause at the report's memory size
    (zero: the model reorders only when pages are stolen)."""
    case = calibrated() if case is None else case
    limit = _observed("o003-t1-reorder-off")
    s1 = scaling(GUEST_COUNTS, case)
    out = pd.DataFrame({
        "jvms_per_guest": s1["jvms_per_guest"],
        "guest_virtual_gib": s1["guest_virtual_gib"],
        "guest_resident_gib": s1["guest_resident_gib"],
        "pause_if_reordered_s": s1["reorder_pause_s"],
        "reorder_off_in_document": s1["guest_virtual_gib"] >= limit,
        "model_pause_s": s1["model_reorder_pause_s"],
    })
    return out


def memory_sweep(counts: Iterable[int] = GUEST_COUNTS, memories: Iterable[float] | None = None,
                 case: Case | None = None) -> pd.DataFrame:
    """Throughput, failures and reorder pauses for each guest count (Table 4 virtual CPUs),
    both binaries setups and a range of LPAR memory sizes (GiB): the what-if the report
    could not run, because it never overcommitted memory."""
    counts = tuple(counts)
    if (case is None or case == calibrated()) and memories is None and counts == GUEST_COUNTS:
        from ..cache import cached

        # 496 runs of up to 200 guests (about 40 s): the chapter, its exercises and the
        # tests all ask for this one
        return cached("jvm-memory-sweep", lambda: _memory_sweep(GUEST_COUNTS, None, calibrated())).copy()
    return _memory_sweep(counts, memories, calibrated() if case is None else case)


def _memory_sweep(counts: Iterable[int], memories: Iterable[float] | None, case: Case) -> pd.DataFrame:
    memories = list(range(140, 201, 2)) if memories is None else [float(m) for m in memories]
    if not memories:
        raise ValueError("memories: empty; expected LPAR memory sizes in GiB")
    rows = []
    for b in BINARIES:
        c = replace(case, binaries=b)
        for n in [_whole("guests", k) for k in counts]:
            for mem in memories:
                m = measures(run(n, c, memory_gib=mem), c)
                m.update(binaries=b, memory_gib=float(mem))
                rows.append(m)
    return pd.DataFrame(rows)


__all__ = [
    "CLOSE", "ROUGH", "GUEST_COUNTS", "SCENARIO2", "SCENARIO3", "BINARIES", "CALIBRATION", "FITTED", "Case", "provenance",
    "parameters", "scenarios", "observations", "environment", "host", "jvms_per_guest", "table4_vcpus",
    "demand_parts", "guest_demand", "vcpu_ratio", "cp_demand", "instantiated_mib", "defined_mib", "guests",
    "variants", "run", "measures", "scaling", "vcpu_scan", "targets", "calibrate", "calibrated", "verdict",
    "comparison", "reorder_table", "memory_sweep",
]
