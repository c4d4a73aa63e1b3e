r"""Scaling database guests into memory overcommitment on z/VM 5.2 (seed 002).

The document
------------
IBM's report *Scale guests into memory overcommitment on z/VM 5.2*
(``seed 002``; bib key ``ibm2006zvm52scaling``) runs five identical database server guests on
a z/VM 5.2 LPAR with 80 GiB of memory and ten CPUs; the five fill the memory. It then adds
guests one at a time, up to ten, spreading the same workload driver's users evenly over
them. Its Table 1 (``data/zvm52_guest_scaling.csv``) gives, for 5 to 10 guests, the pages
held in expanded storage (XSTOR) and on DASD, the *real* overcommitment (pages in use over
pages of memory, minus one), the *planned* one (virtual over physical memory, minus one) and
the throughput relative to five guests: 100, 52, 47, 41, 38 and 31 %.

The governing idea
------------------
Nothing in this module is new model logic: the host is an :class:`overcommit.Host`, the
system an :class:`overcommit.Environment` with ``release="5.2"`` (so the model's older
memory management applies: FIFO-like demand scan, expanded storage as a second tier, page
reorder pauses, the older CPU costs), the guests are :class:`overcommit.Guest` objects and
the workload is one :class:`overcommit.Variant` per guest, all solved by
:func:`overcommit.simulate`. The parameters, each with its provenance, are in
``data/case_zvm52.csv``.

Why one guest too many costs half the throughput: with five guests the guests' 80 GiB fit
in the dynamic paging area plus expanded storage, so no guest waits for DASD. With six,
about 13 GiB must live on DASD, and the 5.2 demand scan picks its victims by position, not
by use (FIFO): every page takes its turn on the way out, so about one reference in eight
misses memory, and each miss waits for a single-I/O ECKD volume. The users of a guest spend
their cycle waiting for pages instead of running, the CPUs go idle and throughput falls;
more guests raise the share of references that miss further.

Calibration and validation
--------------------------
:func:`calibrate` fits two guest memory-behaviour parameters on the **six-guest row of
Table 1 only** (:data:`CALIBRATION_GUESTS`): the reference rate of the median page
(``median_rate_per_s``) to the throughput of 52 %, and the share of references that change
a page (``write_frac``) to the 6,280,409 pages on DASD. The five-guest row and the rows for
7 to 10 guests (:data:`VALIDATION_GUESTS`) and the document's written observations
(``data/observations_002.csv``) are validation: :func:`comparison` lists every number
beside the model's with its ratio and verdict.

References: seed 002 (above); the model's mechanisms and their sources are in
:mod:`overcommit.model`, :mod:`overcommit.replacement`, :mod:`overcommit.paging` and
:mod:`overcommit.tiers`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd
from scipy.optimize import brentq

from .. import data, tiers
from ..model import CPU_COST_FACTOR, Environment, Host, Result, simulate
# CLOSE and ROUGH are re-exported: each chapter states its grading bands.
from ._common import CLOSE, ROUGH, case_parameters, verdict
from ..workloads import PAGES_PER_MIB, Guest, Variant

DATA_FILE = "case_zvm52.csv"
TABLE1_FILE = "zvm52_guest_scaling.csv"
OBSERVATIONS_FILE = "observations_002.csv"
ENV_NAME = "zvm52-xstor-eckd"
CALIBRATION_GUESTS: tuple[int, ...] = (6,)
VALIDATION_GUESTS: tuple[int, ...] = (5, 7, 8, 9, 10)
GUEST_COUNTS: tuple[int, ...] = (5, 6, 7, 8, 9, 10)
FITTED: tuple[str, ...] = ("median_rate_per_s", "write_frac")
LOADS = ("shared", "per-guest")
PAGES_PER_GIB = 1024 * PAGES_PER_MIB
#: verdict bands on model / document



@dataclass(frozen=True)
class Case:
    """Every parameter of the case (see ``data/case_zvm52.csv`` for provenance).

    ``load`` says how the workload grows with the guests: ``"shared"`` (the document's
    reading: the same users spread evenly, so each of n guests carries 1/n of the work and
    its pages are referenced 5/n times as often as with five guests) or ``"per-guest"``
    (every added guest brings a fifth of the five-guest load of its own). ``policy`` overrides
    the release's replacement policy (``""``: the release's own, FIFO-like for 5.2;
    ``"clock"``: z/VM 6.3's global aging list, for what-if questions).
    """

    central_memory_gib: float
    xstor_gib: float
    cpus: int
    release: str
    paging_kind: str
    paging_devices: int
    baseline_guests: int
    defined_mib: float
    instantiated_mib: float
    released_frac: float
    active_frac: float
    skew: float
    median_rate_per_s: float
    write_frac: float
    vcpus: int
    share: float
    cpu_total: float
    users_total: float
    think_frac: float
    blocking: float
    load: str = "shared"
    policy: str = ""

    def __post_init__(self) -> None:
        if self.policy not in ("", "fifo", "clock"):
            raise ValueError(f"policy: {self.policy!r} is not accepted; expected '', 'fifo' or 'clock'")
        if self.load not in LOADS:
            raise ValueError(f"load: {self.load!r} is not accepted; expected one of {list(LOADS)}")
        for name in ("central_memory_gib", "cpu_total", "users_total", "median_rate_per_s", "defined_mib",
                     "instantiated_mib", "share"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or value <= 0:
                raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number > 0")
        for name in ("cpus", "paging_devices", "baseline_guests", "vcpus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name}: {value!r} is not accepted; expected a whole number >= 1")

    @property
    def memory_pages(self) -> int:
        """Pages of memory the document counts against (central storage)."""
        return int(round(self.central_memory_gib * PAGES_PER_GIB))


_INTEGER = {"cpus", "paging_devices", "baseline_guests", "vcpus"}


_TEXT = {"release", "paging_kind"}


def provenance(directory: Path | None = None) -> pd.DataFrame:
    """``data/case_zvm52.csv``, checked against its schema (:func:`overcommit.data.load_table`)."""
    return data.load_table(DATA_FILE, directory)


def parameters(directory: Path | None = None, **overrides) -> Case:
    """The case's parameters from its data file, fitted ones at their start values, with
    ``overrides`` replacing single fields (errors: :func:`overcommit.cases._common.case_parameters`)."""
    wanted = {f.name for f in fields(Case)} - {"load", "policy"}
    return case_parameters(DATA_FILE, provenance(directory), Case, wanted, overrides, text=_TEXT,
                           integer=_INTEGER)


def table1() -> pd.DataFrame:
    """The document's Table 1 (``data/zvm52_guest_scaling.csv``), indexed by number of guests."""
    return data.load_table(TABLE1_FILE).set_index("guests")


# --------------------------------------------------------------------------------------
# Building the model's objects


def environment(case: Case) -> Environment:
    """The z/VM 5.2 system: release, paging device kind and expanded storage."""
    return Environment(ENV_NAME, release=case.release, paging_kind=case.paging_kind, xstor_gib=case.xstor_gib,
                       policy=case.policy)


def host(case: Case, central_memory_gib: float | None = None, cpus: int | None = None,
         paging_devices: int | None = None) -> Host:
    """The LPAR. The model's ``memory_gib`` is all real memory, expanded storage included,
    so it is central storage plus XSTOR."""
    central = case.central_memory_gib if central_memory_gib is None else central_memory_gib
    if isinstance(central, bool) or not isinstance(central, (int, float)) or not math.isfinite(central) \
            or central <= 0:
        raise ValueError(f"central_memory_gib: {central!r} is not accepted; expected GiB > 0")
    tiers.split_real_memory(central + case.xstor_gib, case.xstor_gib)  # raises if too small
    return Host(central + case.xstor_gib, case.cpus if cpus is None else cpus,
                paging_devices=case.paging_devices if paging_devices is None else paging_devices)


def _check_count(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"guests: {n!r} is not accepted; expected a whole number >= 1")
    return int(n)


def _work_per_guest(n: int, case: Case) -> float:
    """A guest's share of the work at the reference throughput, relative to the whole
    five-guest workload (1/n shared, 1/5 per guest)."""
    return 1.0 / n if case.load == "shared" else 1.0 / case.baseline_guests


def guests(n: int, case: Case) -> list[Guest]:
    """n identical database guests. Each carries its share of the users; its CPU load and
    its pages' reference rates scale with that share (the rates in the data file are those
    at the five-guest load)."""
    n = _check_count(n)
    w = _work_per_guest(n, case)
    cpu = case.cpu_total * w
    if cpu > case.vcpus:
        raise ValueError(
            f"guests: {n} guests would each ask for {cpu:.2f} CPUs, more than their {case.vcpus} "
            f"virtual CPUs; expected at least {math.ceil(case.cpu_total / case.vcpus)} guests")
    rate = case.median_rate_per_s * w * case.baseline_guests
    return [
        Guest(f"db{i:02d}", f"db{i:02d}", case.vcpus, case.share, case.instantiated_mib, cpu,
              defined_mib=case.defined_mib, released_frac=case.released_frac, skew=case.skew,
              median_rate_per_s=rate, write_frac=case.write_frac, active_frac=case.active_frac)
        for i in range(1, n + 1)
    ]


def variants(n: int, case: Case) -> dict[str, Variant]:
    """One closed-loop driver per guest with that guest's share of the users."""
    n = _check_count(n)
    users = case.users_total * _work_per_guest(n, case)
    return {f"db{i:02d}": Variant(f"db{i:02d}", users=users, think_frac=case.think_frac, blocking=case.blocking)
            for i in range(1, n + 1)}


def run(n: int, case: Case | None = None, *, central_memory_gib: float | None = None, cpus: int | None = None,
        paging_devices: int | None = None) -> Result:
    """:func:`overcommit.simulate` for ``n`` guests (default case: :func:`calibrated`)."""
    case = calibrated() if case is None else case
    return _run(_check_count(n), case, host(case, central_memory_gib, cpus, paging_devices))


@lru_cache(maxsize=512)
def _run(n: int, case: Case, host_: Host) -> Result:
    return simulate(host_, env=environment(case), guests=guests(n, case), variants=variants(n, case))


def work_rate(result: Result, case: Case) -> float:
    """Throughput as a share of the whole workload at its reference throughput:
    the sum over guests of relative throughput times the guest's share of the work."""
    x = result.workloads["relative_throughput"].to_numpy()
    return float(x.sum() * _work_per_guest(len(x), case))


# --------------------------------------------------------------------------------------
# What the document measures, from a model result


def measures(result: Result, case: Case) -> dict[str, float]:
    """Table 1's quantities and the mechanism behind them for one result.

    Pages are 4 KiB pages. ``dasd_pages`` are pages with a copy on DASD (the model's
    *stored* memory): pages that are only there (``dasd_only_pages``) plus pages also held
    in memory (``double_held_pages``: read back and not changed since, so CP keeps the DASD
    copy). ``real_overcommit_pct`` uses the document's definition, (memory + XSTOR + DASD
    pages) / memory pages - 1, with memory = central storage.
    """
    g, s, w = result.guests, result.system, result.workloads
    n = len(g)
    mem = case.memory_pages
    resident = float(g["resident_mib"].sum()) * PAGES_PER_MIB
    xstor = float(g["xstor_mib"].sum()) * PAGES_PER_MIB
    dasd = float(g["stored_mib"].sum()) * PAGES_PER_MIB
    inst = float(g["instantiated_mib"].sum()) * PAGES_PER_MIB
    dasd_only = max(inst - resident - xstor, 0.0)
    x = w["relative_throughput"].to_numpy()
    # a user's cycle per unit of work (seconds of the reference cycle), averaged over guests
    reads = g["page_read_mib_s"].to_numpy() * PAGES_PER_MIB
    k = CPU_COST_FACTOR[environment(case).generation]
    think = case.think_frac
    cpu_work = (1 - think) * k
    # the model's own stall term: one wait per paging I/O, per user
    paging_wait = float(np.mean(w["device_wait_per_unit"].to_numpy()))
    cycle = float(np.mean(1.0 / x))
    other_wait = max(cycle - think - cpu_work - paging_wait, 0.0)
    total_refs = _reference_rate(result, case)
    return {
        "guests": n,
        "work_rate": work_rate(result, case),
        "resident_pages": resident,
        "xstor_pages": xstor,
        "dasd_pages": dasd,
        "dasd_only_pages": dasd_only,
        "double_held_pages": max(dasd - dasd_only, 0.0),
        "instantiated_pages": inst,
        "cp_pages": float(s["real_memory_mib"] - s["xstor_mib"] - s["dpa_mib"]) * PAGES_PER_MIB,
        "free_pages": max(float(s["dpa_mib"]) * PAGES_PER_MIB - resident, 0.0),
        "real_overcommit_pct": 100.0 * ((mem + xstor + dasd) / mem - 1.0),
        "planned_overcommit_pct": 100.0 * (n * case.defined_mib * PAGES_PER_MIB / mem - 1.0),
        "page_read_mib_s": float(s["page_read_mib_s"]),
        "page_write_mib_s": float(s["page_write_mib_s"]),
        "page_read_response_ms": float(s["page_read_response_ms"]),
        "paging_device_utilisation": float(s["paging_device_utilisation"]),
        "miss_share_pct": 100.0 * float(reads.sum()) / total_refs if total_refs > 0 else 0.0,
        "characteristic_time_s": float(s["characteristic_time_s"]),
        "emulation_cpu": float(s["emulation_cpu"]),
        "cp_guest_cpu": float(s["cp_guest_cpu"]),
        "cp_system_cpu": float(s["cp_system_cpu"]),
        "idle_cpu": max(float(s["idle_cpu"]), 0.0),
        "cycle_think": think,
        "cycle_cpu": cpu_work,
        "cycle_paging": paging_wait,
        "cycle_other": other_wait,
    }


def _reference_rate(result: Result, case: Case) -> float:
    """Page references per second of all guests at their current throughput."""
    from ..workloads import memory_classes

    total = 0.0
    x = result.workloads["relative_throughput"]
    for gst in guests(len(result.guests), case):
        sizes, rates = memory_classes(gst)
        total += float(np.dot(sizes * PAGES_PER_MIB, rates)) * float(x[gst.variant])
    return total


def scaling(counts: Iterable[int] = GUEST_COUNTS, case: Case | None = None, *,
            central_memory_gib: float | None = None, cpus: int | None = None,
            paging_devices: int | None = None) -> pd.DataFrame:
    """One row per guest count: :func:`measures` plus ``throughput_pct``, the throughput
    relative to the case's five guests on the document's host (so a different host shows
    its absolute effect)."""
    case = calibrated() if case is None else case
    counts = [_check_count(n) for n in counts]
    if not counts:
        raise ValueError("counts: empty; expected at least one guest count")
    base = work_rate(run(case.baseline_guests, case), case)
    rows = []
    for n in counts:
        r = run(n, case, central_memory_gib=central_memory_gib, cpus=cpus, paging_devices=paging_devices)
        m = measures(r, case)
        m["throughput_pct"] = 100.0 * m["work_rate"] / base
        rows.append(m)
    return pd.DataFrame(rows).set_index("guests")


# --------------------------------------------------------------------------------------
# Calibration on the six-guest row


def _targets() -> dict[str, float]:
    t = table1()
    row = t.loc[CALIBRATION_GUESTS[0]]
    return {"throughput_pct": float(row["throughput_pct"]), "dasd_pages": float(row["dasd_pages"])}


def _fit(case: Case, iterations: int = 40) -> Case:
    n = CALIBRATION_GUESTS[0]
    target = _targets()

    def tput(c: Case) -> float:
        base = work_rate(run(c.baseline_guests, c), c)
        return 100.0 * work_rate(run(n, c), c) / base

    def dasd(c: Case) -> float:
        return measures(run(n, c), c)["dasd_pages"]

    fitted = case
    bounds = (1e-4, 1.0)
    for _ in range(iterations):
        previous = fitted
        ends = [tput(replace(fitted, median_rate_per_s=b)) - target["throughput_pct"] for b in bounds]
        if ends[0] * ends[1] > 0:
            raise ValueError(
                f"median_rate_per_s: no value in [{bounds[0]:g}, {bounds[1]:g}] gives "
                f"{target['throughput_pct']:g} % at {n} guests (model range "
                f"{min(ends) + target['throughput_pct']:.1f} to {max(ends) + target['throughput_pct']:.1f} %)")
        log_rate = brentq(lambda u: tput(replace(fitted, median_rate_per_s=math.exp(u))) - target["throughput_pct"],
                          math.log(1e-4), math.log(1.0), xtol=1e-13)
        fitted = replace(fitted, median_rate_per_s=math.exp(log_rate))
        lo, hi = dasd(replace(fitted, write_frac=0.0)), dasd(replace(fitted, write_frac=1.0))
        if (lo - target["dasd_pages"]) * (hi - target["dasd_pages"]) > 0:
            raise ValueError(
                f"write_frac: no value in [0, 1] gives {target['dasd_pages']:.0f} DASD pages at {n} guests "
                f"(model range {min(lo, hi):.0f} to {max(lo, hi):.0f})")
        wf = brentq(lambda v: dasd(replace(fitted, write_frac=v)) - target["dasd_pages"], 0.0, 1.0, xtol=1e-13)
        fitted = replace(fitted, write_frac=wf)
        if (abs(math.log(fitted.median_rate_per_s / previous.median_rate_per_s)) < 1e-12
                and abs(fitted.write_frac - previous.write_frac) < 1e-12):
            break
    return fitted


def calibrate(case: Case | None = None) -> Case:
    """Fit ``median_rate_per_s`` and ``write_frac`` (:data:`FITTED`) on the six-guest row of
    Table 1 (:data:`CALIBRATION_GUESTS`): throughput 52 % of five guests and 6,280,409 pages
    on DASD. Alternates two one-dimensional root searches (:func:`scipy.optimize.brentq`),
    because the DASD count depends a little on throughput and throughput on the DASD
    copies only through the rates. Returns the case with the fitted values."""
    return _fit(parameters() if case is None else case)


@lru_cache(maxsize=4)
def _calibrated(load: str) -> Case:
    return calibrate(parameters(load=load))


def calibrated(load: str = "shared") -> Case:
    """The case with its fitted parameters (cached)."""
    if load not in LOADS:
        raise ValueError(f"load: {load!r} is not accepted; expected one of {list(LOADS)}")
    return _calibrated(load)


# --------------------------------------------------------------------------------------
# The document against the model



_QUANTITIES = {
    "xstor_pages": "XSTOR pages",
    "dasd_pages": "DASD pages",
    "real_overcommit_pct": "real overcommit %",
    "throughput_pct": "throughput %",
}


def comparison(case: Case | None = None) -> pd.DataFrame:
    """Every number of Table 1 beside the model's: document value, model value, ratio,
    verdict and whether the row was used for calibration. The planned overcommitment is an
    input (the guests' virtual memory) and left out; a document value of 0 is matched when
    the model's is below 0.5."""
    case = calibrated() if case is None else case
    t = table1()
    model = scaling(GUEST_COUNTS, case)
    rows = []
    for n in GUEST_COUNTS:
        for q, label in _QUANTITIES.items():
            doc, mod = float(t.loc[n, q]), float(model.loc[n, q])
            if q == "throughput_pct" and n == case.baseline_guests:
                continue  # the baseline is 100 by definition
            ratio = mod / doc if doc else (1.0 if abs(mod) < 0.5 else math.inf)
            # the six-guest real overcommitment is mostly the fitted DASD count, so it counts as
            # calibration too
            role = "calibration" if (n in CALIBRATION_GUESTS and q != "xstor_pages") else "validation"
            rows.append({"guests": n, "quantity": label, "document": doc, "model": mod, "ratio": ratio,
                         "verdict": verdict(ratio), "role": role})
    return pd.DataFrame(rows)


def observations_check(case: Case | None = None) -> pd.DataFrame:
    """The document's written observations (``data/observations_002.csv`` and the prose of
    seed 002) against the model: claim, document, model, holds."""
    case = calibrated() if case is None else case
    obs = data.load_table(OBSERVATIONS_FILE).set_index("id")
    t = table1()
    m = scaling(GUEST_COUNTS, case)
    used5 = m.loc[5, "emulation_cpu"] + m.loc[5, "cp_guest_cpu"] + m.loc[5, "cp_system_cpu"]
    guest_cpu = m["emulation_cpu"] + m["cp_guest_cpu"]
    movement = m["page_write_mib_s"] + m["page_read_mib_s"]
    peak = int(movement.idxmax())
    yes = {True: "yes", False: "no"}
    drop = 100 - m.loc[6, "throughput_pct"]
    rows = [
        ("CPU use with five guests (% of one CPU)", f"> {obs.loc['o002-cpu-util-5', 'value']:g}",
         f"{100 * used5:.0f}", yes[bool(100 * used5 > obs.loc["o002-cpu-util-5", "value"])], "o002-cpu-util-5"),
        ("guests' CPU falls as guests are added (CPUs)", "falls", f"{guest_cpu[5]:.1f} → {guest_cpu[10]:.1f}",
         yes[bool((np.diff(guest_cpu.to_numpy()) < 0).all())], "o002-cpu-util-5"),
        ("z/VM overhead rises as guests are added (CP system CPUs)", "rises",
         f"{m.loc[5, 'cp_system_cpu']:.2f} → {m.loc[10, 'cp_system_cpu']:.2f}",
         yes[bool(m.loc[10, "cp_system_cpu"] > m.loc[5, "cp_system_cpu"])], "o002-cpu-util-5"),
        ("throughput drop from five to six guests (%)",
         f"> {obs.loc['o002-tput-drop-6', 'value']:g}; {obs.loc['o002-tput-reduction-6', 'value']:g} in Table 1",
         f"{drop:.0f}", "calibrated", "o002-tput-drop-6, o002-tput-reduction-6"),
        ("DASD pages : memory pages at ten guests", "≈ 1",
         f"{m.loc[10, 'dasd_pages'] / case.memory_pages:.2f}",
         yes[bool(abs(m.loc[10, "dasd_pages"] / case.memory_pages - 1) <= ROUGH)], "o002-dasd-eq-mem-10"),
        ("guests at the highest page movement (model: DASD reads + writes)", f"{obs.loc['o002-max-page-movement', 'value']:g}",
         f"{peak}", yes[peak == int(obs.loc["o002-max-page-movement", "value"])],
         "o002-max-page-movement"),
        ("page movement lower at ten than at nine guests (MiB/s)", "yes",
         f"{movement[9]:.0f} → {movement[10]:.0f}", yes[bool(movement[10] < movement[9])],
         "o002-page-movement-drop-10"),
        ("real overcommit above planned, 6 to 10 guests (points)",
         "yes: " + ", ".join(f"{t.loc[n, 'real_overcommit_pct'] - t.loc[n, 'planned_overcommit_pct']:.0f}"
                             for n in range(6, 11)),
         ", ".join(f"{m.loc[n, 'real_overcommit_pct'] - m.loc[n, 'planned_overcommit_pct']:.0f}" for n in range(6, 11)),
         yes[bool((m.loc[6:10, "real_overcommit_pct"] > m.loc[6:10, "planned_overcommit_pct"]).all())],
         "o002-real-gt-planned"),
        ("pages read back: few beside pages moved out (8 guests, MiB/s)", "very low",
         f"{m.loc[8, 'page_read_mib_s']:.0f} read, {m.loc[8, 'page_write_mib_s']:.0f} written",
         yes[bool(m.loc[8, "page_read_mib_s"] < 0.5 * m.loc[8, "page_write_mib_s"])],
         "seed 002, section \"Conclusion\", last paragraph"),
    ]
    out = pd.DataFrame(rows, columns=["claim (document)", "document", "model", "holds", "record"])
    return out


def memory_sweep(counts: Iterable[int] = GUEST_COUNTS, memories: Iterable[float] | None = None,
                 case: Case | None = None) -> pd.DataFrame:
    """Throughput and paging for each guest count over a range of central-storage sizes
    (GiB): the knee moves with the memory the guests' pages need."""
    case = calibrated() if case is None else case
    memories = list(range(48, 177, 4)) if memories is None else list(memories)
    if not memories:
        raise ValueError("memories: empty; expected central-storage sizes in GiB")
    frames = []
    for n in [_check_count(c) for c in counts]:
        rows = []
        for mem in memories:
            f = scaling([n], case, central_memory_gib=float(mem))
            row = f.iloc[0].to_dict()
            row.update(guests=n, central_memory_gib=float(mem))
            rows.append(row)
        frames.append(pd.DataFrame(rows))
    return pd.concat(frames, ignore_index=True)


__all__ = [
    "CLOSE", "ROUGH", "CALIBRATION_GUESTS", "VALIDATION_GUESTS", "GUEST_COUNTS", "FITTED", "Case", "provenance",
    "parameters",
    "table1", "environment", "host", "guests", "variants", "run", "work_rate", "measures", "scaling",
    "calibrate", "calibrated", "verdict", "comparison", "observations_check", "memory_sweep",
]
