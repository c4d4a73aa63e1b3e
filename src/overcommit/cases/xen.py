r"""CPU and memory overcommitment on z/VM 5.3 and Xen 3.1 (seed 004, backup slides).

The document
------------
The backup slides of IBM's *Linux on System z Performance Update Part 2: Networking and
Crypto* (2009; ``seed 004``, bib key ``ibm2009networkcrypto``) summarise a project that
overcommitted CPUs and memory on two hypervisors: z/VM 5.3 on an 8-way System z9 and
Xen 3.1 on an 8-way x3950. The workload is a chain of web, application and database
server, one Linux guest each (a *triplet*), with one workload generator per triplet. Two to
five triplets (6 to 15 guests) put 8 to 20 virtual CPUs on the 8 physical ones (1.0:1 to
2.5:1) and 9,196 to 22,990 MB of virtual memory on 20 GB (``data/xen_zvm_overcommit.csv``).
The written findings (``data/observations_004.csv``): z/VM reaches its highest throughput
with 12 guests, at nearly full CPU; Xen with 9 guests at 83 % CPU, after which more guests
only raise the CPU load (at most 92 %). Xen 3.1 cannot overcommit memory; z/VM backs only
11,355 MB of the 22,990 MB the 15 guests define and keeps its throughput while the memory
is cut to 7 GB.

The governing idea
------------------
Both hypervisors are the same :func:`overcommit.simulate` with different parameters
(``data/case_xen.csv``, every row with its provenance):

- **CPU.** The guests' CPU demand is shared out by weighted water-filling
  (:mod:`overcommit.shares`); a triplet runs as fast as its slowest guest allows. When
  there are more virtual than physical CPUs, the hypervisor spends extra CPU dispatching
  them: ``sched_overhead × (V/P − 1)`` CPU-seconds per CPU-second of guest work (V virtual,
  P physical CPUs). The model has no such term of its own, so each triplet's share of
  that work is carried by a stand-in guest in the triplet's chain (name ``hv<i>``) with a
  very large share: the hypervisor is served first and the triplet can only progress as
  fast as its scheduling work is done. z/VM's value is borrowed from seed 003; Xen's is
  fitted.
- **Memory.** z/VM backs only the pages a guest has touched (instantiated memory,
  :mod:`overcommit.tiers`) and pages the rest out through expanded storage to DASD. Xen 3.1
  backs every guest's whole defined memory when the guest starts, so instantiated equals
  defined and a configuration whose defined memory does not fit is impossible
  (:func:`run` raises ``ValueError``); nothing is ever paged.

Calibration and validation
--------------------------
:func:`calibrate` fits, per hypervisor, on declared statements only
(:data:`CALIBRATION`): for z/VM the CPUs a triplet asks for (``triplet_cpu``) so that 12
guests just fill the 8 CPUs ("nearly full"); for Xen ``triplet_cpu`` and
``sched_overhead`` so that 9 guests use 83 % of the CPUs and 12 guests deliver no more
than 9 (scaling stops at 1.5:1). Everything else in :func:`comparison` is validation or an
input, and says so.

References: seed 004 (above); seed 003 for z/VM's CP time under CPU overcommitment; the
model's mechanisms in :mod:`overcommit.model`, :mod:`overcommit.shares`,
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
from scipy.optimize import brentq

from .. import data, tiers
from ..model import Environment, Host, Result, simulate
# CLOSE and ROUGH are re-exported: each chapter states its grading bands.
from ._common import CLOSE, ROUGH, cell_value, check_provenance, number as _number, whole as _whole, verdict
from ..workloads import Guest, Variant, study_guests, study_variants

DATA_FILE = "case_xen.csv"
TABLE_FILE = "xen_zvm_overcommit.csv"
OBSERVATIONS_FILE = "observations_004.csv"
HYPERVISORS: tuple[str, ...] = ("zvm", "xen")
LABELS = {"zvm": "z/VM 5.3", "xen": "Xen 3.1"}
ENV_NAMES = {"zvm": "zvm53-z9", "xen": "xen31-x3950"}
ROLES: tuple[str, ...] = ("web", "app", "db")
ROLE_LABELS = {"web": "web server", "app": "application server", "db": "database server"}
GUESTS_PER_TRIPLET = 3
TABLE_TRIPLETS: tuple[int, ...] = (2, 3, 4, 5)
TABLE_GUESTS: tuple[int, ...] = tuple(GUESTS_PER_TRIPLET * t for t in TABLE_TRIPLETS)
TRIPLETS: tuple[int, ...] = tuple(range(1, 8))
#: "nearly full CPU" read as the point where the CPUs just fill
ZVM_FULL = 0.999
#: a guest count reaches the maximum when its throughput is within this share of the highest
WITHIN = 0.01
#: the declared calibration statements (observation ids of data/observations_004.csv)
CALIBRATION: dict[str, tuple[str, ...]] = {
    "zvm": ("o004-zvm-cpu-at-max",),
    "xen": ("o004-xen-cpu-at-max", "o004-xen-limit-ratio", "o004-xen-max-tput"),
}
FITTED: dict[str, tuple[str, ...]] = {"zvm": ("triplet_cpu",), "xen": ("triplet_cpu", "sched_overhead")}
STANDIN_MIB = 1e-3  #: memory of a stand-in guest (it has none; the model needs a positive size)
#: verdict bands on model / document

_TEXT = {"release", "paging_kind", "study_guest_web", "study_guest_app", "study_guest_db", "study_variant"}
_INTEGER = {"cpus", "paging_devices", "vcpus_per_triplet", "static_memory"}
_SHARED = ("cpus", "vcpus_per_triplet", "defined_mib_per_triplet", "study_guest_web", "study_guest_app",
           "study_guest_db", "study_variant", "hypervisor_share")
_OWN = ("release", "memory_gib", "xstor_gib", "paging_kind", "paging_devices", "static_memory", "share_web",
        "share_app", "share_db", "triplet_cpu", "sched_overhead")
_OPTIONAL = ("instantiated_mib_per_triplet",)





@dataclass(frozen=True)
class Hypervisor:
    """Every parameter of one hypervisor of the case (provenance: ``data/case_xen.csv``).

    ``memory_gib`` is central storage on z/VM (expanded storage, ``xstor_gib``, comes on
    top) and all memory on Xen. ``sched_overhead`` is the hypervisor's extra CPU per unit
    of guest CPU for each virtual CPU per physical CPU above one; ``triplet_cpu`` the CPUs
    one triplet's guests ask for at full speed. ``static_memory`` is True for Xen 3.1:
    every defined page is backed.
    """

    key: str
    release: str
    memory_gib: float
    xstor_gib: float
    paging_kind: str
    paging_devices: int
    cpus: int
    static_memory: bool
    shares: tuple[float, float, float]
    triplet_cpu: float
    sched_overhead: float
    vcpus_per_triplet: int
    defined_mib_per_triplet: float
    instantiated_mib_per_triplet: float
    study_guests: tuple[str, str, str]
    study_variant: str
    hypervisor_share: float

    def __post_init__(self) -> None:
        if self.key not in HYPERVISORS:
            raise ValueError(f"hypervisor: {self.key!r} is not accepted; expected one of {list(HYPERVISORS)}")
        for name in ("memory_gib", "triplet_cpu", "defined_mib_per_triplet", "instantiated_mib_per_triplet",
                     "hypervisor_share"):
            _number(name, getattr(self, name))
        for name in ("xstor_gib", "sched_overhead"):
            _number(name, getattr(self, name), strict=False)
        for name in ("paging_devices", "cpus", "vcpus_per_triplet"):
            _whole(name, getattr(self, name))
        if len(self.shares) != 3:
            raise ValueError(f"shares: {self.shares!r} is not accepted; expected three shares (web, app, db)")
        for role, s in zip(ROLES, self.shares):
            _number(f"share_{role}", s)
        if self.instantiated_mib_per_triplet > self.defined_mib_per_triplet:
            raise ValueError(
                f"instantiated_mib_per_triplet: {self.instantiated_mib_per_triplet:g} is not accepted; "
                f"expected at most the defined {self.defined_mib_per_triplet:g} MiB")
        if self.static_memory and self.instantiated_mib_per_triplet != self.defined_mib_per_triplet:
            raise ValueError("instantiated_mib_per_triplet: a hypervisor with static memory backs all "
                             "defined memory; expected it to equal defined_mib_per_triplet")

    @property
    def label(self) -> str:
        return LABELS[self.key]


# --------------------------------------------------------------------------------------
# The data file


def provenance(directory: Path | None = None) -> pd.DataFrame:
    """``data/case_xen.csv`` as loaded and checked by :func:`overcommit.data.load_table`
    against its schema in :data:`overcommit.data.TABLES` (columns, roles, choices)."""
    return data.load_table(DATA_FILE, directory)


def _rows(directory: Path | None) -> dict[str, dict[str, object]]:
    frame = provenance(directory)
    known = set(_SHARED) | set(_OWN) | set(_OPTIONAL)
    out: dict[str, dict[str, object]] = {"both": {}, "zvm": {}, "xen": {}}
    for number, row in enumerate(frame.to_dict("records"), start=1):
        where = f"{DATA_FILE}: row {number}"
        hv, name = row["hypervisor"], row["parameter"]
        if name not in known:
            raise ValueError(f"{where}, field 'parameter': {name!r} is not accepted; expected one of {sorted(known)}")
        if name in out[hv]:
            raise ValueError(f"{where}, field 'parameter': {name!r} appears twice for {hv!r}")
        check_provenance(where, row, note_roles=("recovered", "assumption", "borrowed", "fitted"))
        out[hv][name] = cell_value(where, name, row["value"], text=_TEXT, integer=_INTEGER)
    return out


def parameters(hypervisor: str, directory: Path | None = None, **overrides) -> Hypervisor:
    """One hypervisor's parameters from the data file (fitted ones at their start values).

    Raises ``ValueError`` naming the file, row and field for a bad cell, and naming the
    parameter for a missing or unknown one. ``overrides`` replace single fields of
    :class:`Hypervisor`.
    """
    if hypervisor not in HYPERVISORS:
        raise ValueError(f"hypervisor: {hypervisor!r} is not accepted; expected one of {list(HYPERVISORS)}")
    rows = _rows(directory)
    own = rows[hypervisor]
    absent = [f"{p} (both)" for p in _SHARED if p not in rows["both"]]
    absent += [f"{p} ({hypervisor})" for p in _OWN if p not in own]
    static = bool(own.get("static_memory", 0))
    if not static and "instantiated_mib_per_triplet" not in own:
        absent.append(f"instantiated_mib_per_triplet ({hypervisor})")
    if absent:
        raise ValueError(f"{DATA_FILE}: no row for parameter(s) {', '.join(absent)}")
    b = rows["both"]
    values = dict(
        key=hypervisor, release=str(own["release"]), memory_gib=float(own["memory_gib"]),
        xstor_gib=float(own["xstor_gib"]), paging_kind=str(own["paging_kind"]),
        paging_devices=int(own["paging_devices"]), cpus=int(b["cpus"]), static_memory=static,
        shares=tuple(float(own[f"share_{r}"]) for r in ROLES), triplet_cpu=float(own["triplet_cpu"]),
        sched_overhead=float(own["sched_overhead"]), vcpus_per_triplet=int(b["vcpus_per_triplet"]),
        defined_mib_per_triplet=float(b["defined_mib_per_triplet"]),
        instantiated_mib_per_triplet=float(b["defined_mib_per_triplet"] if static
                                           else own["instantiated_mib_per_triplet"]),
        study_guests=tuple(str(b[f"study_guest_{r}"]) for r in ROLES), study_variant=str(b["study_variant"]),
        hypervisor_share=float(b["hypervisor_share"]),
    )
    unknown = sorted(set(overrides) - {f.name for f in fields(Hypervisor)})
    if unknown:
        raise ValueError(f"overrides: {unknown[0]!r} is not accepted; expected fields of Hypervisor")
    values.update(overrides)
    return Hypervisor(**values)  # type: ignore[arg-type]


def table() -> pd.DataFrame:
    """The document's overcommitment table (``data/xen_zvm_overcommit.csv``) by guests."""
    return data.load_table(TABLE_FILE).set_index("guests")


def observations() -> pd.DataFrame:
    """The document's written findings (``data/observations_004.csv``) by id."""
    return data.load_table(OBSERVATIONS_FILE).set_index("id")


# --------------------------------------------------------------------------------------
# Building the model's objects


@lru_cache(maxsize=8)
def _study_shape(names: tuple[str, str, str]) -> tuple[tuple[Guest, ...], np.ndarray, np.ndarray]:
    by_name = {g.name: g for g in study_guests()}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise ValueError(f"study_guest: {missing[0]!r} is not accepted; expected a guest of the study "
                         f"({', '.join(sorted(by_name))})")
    gs = tuple(by_name[n] for n in names)
    cpu = np.array([g.cpu_load for g in gs], float)
    mem = np.array([g.defined_mib for g in gs], float)
    return gs, cpu / cpu.sum(), mem / mem.sum()


def environment(hv: Hypervisor) -> Environment:
    """The hypervisor as an :class:`overcommit.Environment`: release, paging, XSTOR."""
    return Environment(ENV_NAMES[hv.key], release=hv.release, paging_kind=hv.paging_kind, xstor_gib=hv.xstor_gib)


def host(hv: Hypervisor, memory_gib: float | None = None, cpus: int | None = None) -> Host:
    """The machine: ``memory_gib`` (central storage on z/VM; XSTOR comes on top) and CPUs."""
    memory = hv.memory_gib if memory_gib is None else _number("memory_gib", memory_gib)
    cpus_ = hv.cpus if cpus is None else _whole("cpus", cpus)
    tiers.split_real_memory(memory + hv.xstor_gib, hv.xstor_gib)  # raises if too small for the hypervisor
    return Host(memory + hv.xstor_gib, cpus_, paging_devices=hv.paging_devices)


def vcpu_ratio(triplets: int, hv: Hypervisor, cpus: int | None = None) -> float:
    """Virtual CPUs of all guests over physical CPUs."""
    cpus_ = hv.cpus if cpus is None else _whole("cpus", cpus)
    return _whole("triplets", triplets) * hv.vcpus_per_triplet / cpus_


def sched_load(triplets: int, hv: Hypervisor, cpus: int | None = None) -> float:
    """CPUs of scheduling work one triplet causes at full speed:
    ``sched_overhead × max(V/P − 1, 0) × triplet_cpu``."""
    return hv.sched_overhead * max(vcpu_ratio(triplets, hv, cpus) - 1.0, 0.0) * hv.triplet_cpu


def guests(triplets: int, hv: Hypervisor, cpus: int | None = None) -> list[Guest]:
    """The guests of ``triplets`` triplets (web, app and db server each, shaped like the
    study's WebSphere triplet) plus, when the virtual CPUs outnumber the physical ones, one
    stand-in guest per triplet that carries the hypervisor's scheduling work for it."""
    triplets = _whole("triplets", triplets)
    cpus_ = hv.cpus if cpus is None else _whole("cpus", cpus)
    shape, w_cpu, w_mem = _study_shape(hv.study_guests)
    vcpus = [g.vcpus for g in shape]
    if sum(vcpus) != hv.vcpus_per_triplet:
        raise ValueError(f"study_guest: the study guests have {sum(vcpus)} virtual CPUs; expected "
                         f"vcpus_per_triplet = {hv.vcpus_per_triplet}")
    for role, g, w in zip(ROLES, shape, w_cpu):
        if hv.triplet_cpu * w > g.vcpus:
            raise ValueError(
                f"triplet_cpu: {hv.triplet_cpu:g} CPUs would ask the {role} guest for {hv.triplet_cpu * w:.2f} "
                f"CPUs, more than its {g.vcpus} virtual CPU(s); expected at most {g.vcpus / w:.2f}")
    inst_frac = hv.instantiated_mib_per_triplet / hv.defined_mib_per_triplet
    extra = sched_load(triplets, hv, cpus_)
    out = []
    for i in range(1, triplets + 1):
        variant = f"triplet{i}"
        for role, g, share, wc, wm in zip(ROLES, shape, hv.shares, w_cpu, w_mem):
            defined = hv.defined_mib_per_triplet * wm
            out.append(Guest(
                f"{role}{i}", variant, g.vcpus, share, defined * inst_frac, hv.triplet_cpu * wc,
                defined_mib=defined, released_frac=0.0 if hv.static_memory else g.released_frac, skew=g.skew,
                median_rate_per_s=g.median_rate_per_s, write_frac=g.write_frac, active_frac=g.active_frac))
        if extra > 0:
            out.append(Guest(f"hv{i}", variant, max(cpus_, math.ceil(extra)), hv.hypervisor_share, STANDIN_MIB,
                             extra, released_frac=0.0, write_frac=0.0, active_frac=1.0))
    return out


def variants(triplets: int, hv: Hypervisor) -> dict[str, Variant]:
    """One workload generator per triplet: the study's driver (``study_variant``)."""
    triplets = _whole("triplets", triplets)
    drivers = study_variants()
    if hv.study_variant not in drivers:
        raise ValueError(f"study_variant: {hv.study_variant!r} is not accepted; expected one of {sorted(drivers)}")
    base = drivers[hv.study_variant]
    return {f"triplet{i}": replace(base, name=f"triplet{i}") for i in range(1, triplets + 1)}


def defined_mib(triplets: int, hv: Hypervisor) -> float:
    """Virtual memory the guests define (MiB)."""
    return _whole("triplets", triplets) * hv.defined_mib_per_triplet


def guest_memory_mib(memory_gib: float, hv: Hypervisor) -> float:
    """Memory left for guests once the hypervisor has taken its own (MiB): the model's DPA;
    on Xen it stands in for what Xen and domain 0 leave."""
    return tiers.split_real_memory(memory_gib + hv.xstor_gib, hv.xstor_gib).dpa_mib


def max_triplets(hv: Hypervisor, memory_gib: float | None = None) -> float:
    """How many triplets fit: ``inf`` on z/VM (memory is overcommitted), on Xen the most
    whose whole defined memory fits beside the hypervisor."""
    if not hv.static_memory:
        return math.inf
    memory = hv.memory_gib if memory_gib is None else memory_gib
    return float(math.floor(guest_memory_mib(memory, hv) / hv.defined_mib_per_triplet))


def min_memory_gib(triplets: int, hv: Hypervisor) -> float:
    """The least memory (GiB) that can hold ``triplets`` triplets: on Xen their whole
    defined memory beside the hypervisor's own; on z/VM the smallest memory the model
    accepts at all (memory is overcommitted)."""
    triplets = _whole("triplets", triplets)
    if not hv.static_memory:
        return tiers.min_real_memory_gib(hv.xstor_gib) - hv.xstor_gib
    # DPA = central - CP_FIXED - central * FRAME_ENTRY_BYTES / PAGE_BYTES (overcommit.tiers)
    central = (defined_mib(triplets, hv) + tiers.CP_FIXED_MIB) / (1 - tiers.FRAME_ENTRY_BYTES / tiers.PAGE_BYTES)
    return central / tiers.MIB_PER_GIB - hv.xstor_gib


def check_fits(triplets: int, hv: Hypervisor, memory_gib: float | None = None) -> None:
    """Raise ``ValueError`` when a hypervisor with static memory cannot back the guests."""
    if not hv.static_memory:
        return
    memory = hv.memory_gib if memory_gib is None else _number("memory_gib", memory_gib)
    need, room = defined_mib(triplets, hv), guest_memory_mib(memory, hv)
    if need > room:
        raise ValueError(
            f"memory_gib: {memory:g} GiB cannot hold {GUESTS_PER_TRIPLET * triplets} guests on {hv.label}: it backs "
            f"every guest's whole defined memory ({need:,.0f} MiB) and only {room:,.0f} MiB are left beside the "
            f"hypervisor; expected at most {int(max_triplets(hv, memory))} triplets, or more memory")


def run(triplets: int, hv: Hypervisor | str | None = None, *, memory_gib: float | None = None,
        cpus: int | None = None) -> Result:
    """:func:`overcommit.simulate` for ``triplets`` triplets on one hypervisor (default:
    the calibrated z/VM). Raises ``ValueError`` for a configuration Xen cannot hold."""
    hv = _resolve(hv)
    triplets = _whole("triplets", triplets)
    h = host(hv, memory_gib, cpus)
    check_fits(triplets, hv, memory_gib)
    return _run(triplets, hv, h)


@lru_cache(maxsize=1024)
def _run(triplets: int, hv: Hypervisor, host_: Host) -> Result:
    return simulate(host_, env=environment(hv), guests=guests(triplets, hv, host_.cpus),
                    variants=variants(triplets, hv))


def _resolve(hv: Hypervisor | str | None) -> Hypervisor:
    if hv is None:
        return calibrated("zvm")
    if isinstance(hv, Hypervisor):
        return hv
    return calibrated(hv)


# --------------------------------------------------------------------------------------
# What the document measures


def measures(result: Result, hv: Hypervisor) -> dict[str, float]:
    """Throughput, the CPU split and where the guests' memory is, for one result.

    ``throughput`` is in triplets at full speed (the sum of the triplets' relative
    throughput); the CPU split covers all ``cpus``: ``guest_cpu`` (the guests' work,
    including CP work charged to them), ``sched_cpu`` (the per-virtual-CPU scheduling
    work of the stand-ins), ``system_cpu`` (the hypervisor's own system time) and
    ``idle_cpu``. Memory in MiB over the real guests only.
    """
    g, s, w = result.guests, result.system, result.workloads
    real = ~g.index.str.startswith("hv")
    cpus = int(s["real_cpus"])
    triplets = int(real.sum()) // GUESTS_PER_TRIPLET
    guest_cpu = float(g.loc[real, "cpu_load"].sum())
    sched_cpu = float(g.loc[~real, "cpu_load"].sum())
    system_cpu = float(s["cp_system_cpu"])
    idle = max(float(s["idle_cpu"]), 0.0)
    defined = float(g.loc[real, "virtual_mib"].sum())
    inst = float(g.loc[real, "instantiated_mib"].sum())
    res = float(g.loc[real, "resident_mib"].sum())
    xs = float(g.loc[real, "xstor_mib"].sum())
    x = w["relative_throughput"]
    return {
        "guests": GUESTS_PER_TRIPLET * triplets,
        "triplets": triplets,
        "cpus": cpus,
        "vcpus": triplets * hv.vcpus_per_triplet,
        "vcpu_ratio": triplets * hv.vcpus_per_triplet / cpus,
        "throughput": float(x.sum()),
        "throughput_per_triplet": float(x.mean()),
        "cpu_util_pct": 100.0 * (cpus - idle) / cpus,
        "guest_cpu": guest_cpu,
        "sched_cpu": sched_cpu,
        "system_cpu": system_cpu,
        "idle_cpu": idle,
        "defined_mib": defined,
        "instantiated_mib": inst,
        "resident_mib": res,
        "xstor_mib": xs,
        "dasd_only_mib": max(inst - res - xs, 0.0),
        "page_read_mib_s": float(s["page_read_mib_s"]),
        "overcommit_ratio": float(s["overcommit_ratio"]),
        "failed": bool(s["failed"]),
    }


_NAN_KEYS = ("throughput", "throughput_per_triplet", "cpu_util_pct", "guest_cpu", "sched_cpu", "system_cpu",
             "idle_cpu", "instantiated_mib", "resident_mib", "xstor_mib", "dasd_only_mib", "page_read_mib_s",
             "overcommit_ratio")


def scaling(triplets: Iterable[int] = TRIPLETS, hv: Hypervisor | str | None = None, *,
            memory_gib: float | None = None, cpus: int | None = None) -> pd.DataFrame:
    """One row per number of triplets, indexed by guests: :func:`measures`, ``feasible``
    (False where Xen cannot back the guests' memory; the measures are then NaN and
    ``reason`` says why) and ``hypervisor``."""
    hv = _resolve(hv)
    counts = [_whole("triplets", t) for t in triplets]
    if not counts:
        raise ValueError("triplets: empty; expected at least one number of triplets")
    host(hv, memory_gib, cpus)  # validate the host once, with its own message
    rows = []
    for t in counts:
        try:
            r = run(t, hv, memory_gib=memory_gib, cpus=cpus)
        except ValueError as exc:
            if not hv.static_memory or "cannot hold" not in str(exc):
                raise
            cpus_ = hv.cpus if cpus is None else cpus
            row = {k: math.nan for k in _NAN_KEYS}
            row.update(guests=GUESTS_PER_TRIPLET * t, triplets=t, cpus=cpus_, vcpus=t * hv.vcpus_per_triplet,
                       vcpu_ratio=t * hv.vcpus_per_triplet / cpus_, defined_mib=defined_mib(t, hv),
                       failed=False, feasible=False, reason=str(exc))
            rows.append(row)
            continue
        m = measures(r, hv)
        m.update(feasible=True, reason="")
        rows.append(m)
    out = pd.DataFrame(rows).set_index("guests")
    out["hypervisor"] = hv.key
    return out


def stops_scaling_at(frame: pd.DataFrame) -> int:
    """The smallest guest count whose throughput is within :data:`WITHIN` of the highest
    (the document's "maximum throughput is reached with N guests")."""
    ok = frame[frame["feasible"]] if "feasible" in frame else frame
    if ok.empty:
        raise ValueError("frame: no feasible row; expected at least one configuration that runs")
    top = float(ok["throughput"].max())
    return int(ok.index[ok["throughput"] >= (1 - WITHIN) * top].min())


# --------------------------------------------------------------------------------------
# Calibration on declared statements


def _util(t: int, hv: Hypervisor) -> float:
    return measures(run(t, hv), hv)["cpu_util_pct"] / 100.0


def _tput(t: int, hv: Hypervisor) -> float:
    return measures(run(t, hv), hv)["throughput"]


def _max_triplet_cpu(hv: Hypervisor) -> float:
    shape, w_cpu, _ = _study_shape(hv.study_guests)
    return float(min(g.vcpus / w for g, w in zip(shape, w_cpu))) * (1 - 1e-9)


def _guests_of(observation: str) -> int:
    return int(observations().loc[observation, "value"])


def _calibrate_zvm(hv: Hypervisor) -> Hypervisor:
    t = _guests_of("o004-zvm-max-tput") // GUESTS_PER_TRIPLET
    hi = _max_triplet_cpu(hv)
    f = lambda d: _util(t, replace(hv, triplet_cpu=d)) - ZVM_FULL  # noqa: E731
    lo_v, hi_v = f(0.05), f(hi)
    if lo_v * hi_v > 0:
        raise ValueError(f"triplet_cpu: no value in [0.05, {hi:.2f}] makes {3 * t} guests {100 * ZVM_FULL:g} % busy")
    return replace(hv, triplet_cpu=brentq(f, 0.05, hi, xtol=1e-13))


def _calibrate_xen(hv: Hypervisor) -> Hypervisor:
    obs = observations()
    t_max = _guests_of("o004-xen-max-tput") // GUESTS_PER_TRIPLET
    target = float(obs.loc["o004-xen-cpu-at-max", "value"]) / 100.0
    limit = float(obs.loc["o004-xen-limit-ratio", "value"])
    if not math.isclose(vcpu_ratio(t_max, hv), limit):
        raise ValueError(f"o004-xen-limit-ratio: {limit:g} is not the ratio of {3 * t_max} guests")
    hi = _max_triplet_cpu(hv)

    def demand(sigma: float) -> Hypervisor:
        h = replace(hv, sched_overhead=sigma)
        f = lambda d: _util(t_max, replace(h, triplet_cpu=d)) - target  # noqa: E731
        if f(0.05) * f(hi) > 0:
            raise ValueError(f"triplet_cpu: no value in [0.05, {hi:.2f}] makes {3 * t_max} guests "
                             f"{100 * target:g} % busy at sched_overhead {sigma:g}")
        return replace(h, triplet_cpu=brentq(f, 0.05, hi, xtol=1e-13))

    def gain(sigma: float) -> float:
        h = demand(sigma)
        return _tput(t_max + 1, h) / _tput(t_max, h) - 1.0

    lo, up = 1e-3, 3.0
    if gain(lo) * gain(up) > 0:
        raise ValueError(f"sched_overhead: no value in [{lo:g}, {up:g}] stops Xen's throughput at {3 * t_max} guests")
    sigma = brentq(gain, lo, up, xtol=1e-13)
    return demand(sigma)


def calibrate(hypervisor: str | Hypervisor) -> Hypervisor:
    """Fit :data:`FITTED` on the declared statements :data:`CALIBRATION` (root searches
    with :func:`scipy.optimize.brentq`):

    - z/VM: ``triplet_cpu`` so that 12 guests (the document's maximum) just fill the 8
      CPUs (:data:`ZVM_FULL` busy: "nearly full CPU utilization");
    - Xen: ``triplet_cpu`` so that 9 guests use 83 % of the CPUs and, around it,
      ``sched_overhead`` so that 12 guests (2.0:1) deliver exactly what 9 (1.5:1) do:
      "scalability is limited by CPU overcommitment (1.5:1)".
    """
    hv = parameters(hypervisor) if isinstance(hypervisor, str) else hypervisor
    return _calibrate_zvm(hv) if hv.key == "zvm" else _calibrate_xen(hv)


@lru_cache(maxsize=4)
def _calibrated(key: str) -> Hypervisor:
    return calibrate(parameters(key))


def calibrated(hypervisor: str = "zvm") -> Hypervisor:
    """A hypervisor with its fitted parameters (cached)."""
    if hypervisor not in HYPERVISORS:
        raise ValueError(f"hypervisor: {hypervisor!r} is not accepted; expected one of {list(HYPERVISORS)}")
    return _calibrated(hypervisor)


# --------------------------------------------------------------------------------------
# Sweeps


def both(triplets: Iterable[int] = TRIPLETS, *, memory_gib: float | None = None, cpus: int | None = None,
         hypervisors: dict[str, Hypervisor] | None = None) -> pd.DataFrame:
    """:func:`scaling` for both calibrated hypervisors, stacked (``hypervisor`` column).
    ``memory_gib`` applies to both (z/VM: central storage, XSTOR on top)."""
    hvs = hypervisors or {k: calibrated(k) for k in HYPERVISORS}
    frames = [scaling(triplets, hvs[k], memory_gib=memory_gib, cpus=cpus).reset_index() for k in HYPERVISORS]
    return pd.concat(frames, ignore_index=True)


def memory_sweep(memories: Iterable[float] | None = None, triplets: Iterable[int] = TRIPLETS,
                 hypervisors: dict[str, Hypervisor] | None = None) -> pd.DataFrame:
    """Throughput and memory for each number of triplets over a range of memory sizes (GiB;
    central storage on z/VM, all memory on Xen), for both hypervisors. ``throughput_pct``
    is relative to the same triplets on the hypervisor's document host."""
    memories = list(range(4, 25)) if memories is None else [float(m) for m in memories]
    if not memories:
        raise ValueError("memories: empty; expected memory sizes in GiB")
    hvs = hypervisors or {k: calibrated(k) for k in HYPERVISORS}
    frames = []
    for key in HYPERVISORS:
        hv = hvs[key]
        base = scaling(list(triplets), hv)
        for mem in memories:
            f = scaling(list(triplets), hv, memory_gib=mem).reset_index()
            f["memory_gib"] = float(mem)
            f["throughput_pct"] = 100.0 * f["throughput"].to_numpy() / base["throughput"].to_numpy()
            frames.append(f)
    return pd.concat(frames, ignore_index=True)


def overhead_sweep(overheads: Iterable[float], hv: Hypervisor | str = "xen",
                   triplets: Iterable[int] = TRIPLETS, memory_gib: float | None = None) -> pd.DataFrame:
    """Throughput against triplets for several per-virtual-CPU overheads, everything else
    as in ``hv``; ``stops_at`` is the guest count where each curve reaches its maximum."""
    hv = _resolve(hv)
    frames = []
    values = [float(s) for s in overheads]
    if not values:
        raise ValueError("overheads: empty; expected values of sched_overhead")
    for s in values:
        f = scaling(list(triplets), replace(hv, sched_overhead=_number("sched_overhead", s, strict=False)),
                    memory_gib=memory_gib)
        f["stops_at"] = stops_scaling_at(f)
        f["sched_overhead"] = s
        frames.append(f.reset_index())
    return pd.concat(frames, ignore_index=True)


# --------------------------------------------------------------------------------------
# The document against the model



def comparison(hypervisors: dict[str, Hypervisor] | None = None) -> pd.DataFrame:
    """Every number of the document's overcommitment slides beside the model's: record,
    hypervisor, quantity, document, model, ratio, verdict, role (calibration, validation or
    input) and a note."""
    hvs = hypervisors or {k: calibrated(k) for k in HYPERVISORS}
    obs = observations()
    z, x = hvs["zvm"], hvs["xen"]
    fz = scaling(TABLE_TRIPLETS, z)
    fx = scaling(TABLE_TRIPLETS, x)
    rows = []

    def add(record, hv, quantity, document, model, role, note="", discrete=False):
        ratio = model / document if document else (1.0 if abs(model) < 1e-9 else math.inf)
        if discrete:
            v = "holds" if math.isclose(model, document) else "misses"
        else:
            v = verdict(ratio)
        rows.append({"record": record, "hypervisor": LABELS[hv], "quantity": quantity, "document": float(document),
                     "model": float(model), "ratio": ratio, "verdict": v, "role": role, "note": note})

    # CPU overcommitment
    add("o004-zvm-max-tput", "zvm", "guests at maximum throughput", obs.loc["o004-zvm-max-tput", "value"],
        stops_scaling_at(fz), "calibration",
        "implied by the fit: 12 guests just fill the CPUs, so 9 cannot and 15 cannot do more", discrete=True)
    add("o004-zvm-cpu-at-max", "zvm", "CPU utilisation at 12 guests (%)", obs.loc["o004-zvm-cpu-at-max", "value"],
        fz.loc[12, "cpu_util_pct"], "calibration", "'nearly full' read as just full")
    add("o004-xen-max-tput", "xen", "guests at maximum throughput", obs.loc["o004-xen-max-tput", "value"],
        stops_scaling_at(fx), "calibration", "12 guests fitted to deliver exactly what 9 do", discrete=True)
    add("o004-xen-cpu-at-max", "xen", "CPU utilisation at 9 guests (%)", obs.loc["o004-xen-cpu-at-max", "value"],
        fx.loc[9, "cpu_util_pct"], "calibration")
    add("o004-xen-limit-ratio", "xen", "virtual : physical CPUs where scaling stops",
        obs.loc["o004-xen-limit-ratio", "value"], fx.loc[stops_scaling_at(fx), "vcpu_ratio"], "calibration",
        discrete=True)
    add("o004-xen-max-cpu", "xen", "highest CPU utilisation, 6 to 15 guests (%)",
        obs.loc["o004-xen-max-cpu", "value"], fx["cpu_util_pct"].max(), "validation",
        "the model stops scaling only once the CPUs are full")
    # memory
    add("o004-defined-mem", "zvm", "memory the 15 guests define (MB)", obs.loc["o004-defined-mem", "value"],
        fz.loc[15, "defined_mib"], "input", "the guests' defined memory, from the table")
    add("o004-zvm-alloc-mem", "zvm", "memory z/VM backs for 15 guests (MB)", obs.loc["o004-zvm-alloc-mem", "value"],
        fz.loc[15, "instantiated_mib"], "input", "instantiated memory, set from this number")
    mem7 = float(obs.loc["o004-zvm-min-mem", "value"])
    at7 = scaling([5], z, memory_gib=mem7)
    add("o004-zvm-min-mem", "zvm", f"throughput at {mem7:g} GB, % of 20 GB, 15 guests (document: constant)",
        100.0,
        100.0 * at7.loc[15, "throughput"] / fz.loc[15, "throughput"], "validation",
        "the document: constant down to 7 GB")
    possible = 1.0
    try:  # 15 guests on a Xen host whose memory is just their defined memory (1.0:1, nothing to spare)
        check_fits(5, x, float(fx.loc[15, "defined_mib"]) / 1024)
    except ValueError:
        possible = 0.0
    add("o004-xen-mem-oc", "xen", "memory overcommitment possible (1 yes, 0 no)",
        obs.loc["o004-xen-mem-oc", "value"], possible, "input", "static memory is a modelling choice from this record",
        discrete=True)
    return pd.DataFrame(rows)


__all__ = [
    "CLOSE", "ROUGH", "HYPERVISORS", "LABELS", "ROLES", "TABLE_GUESTS", "TABLE_TRIPLETS", "TRIPLETS", "CALIBRATION", "FITTED",
    "Hypervisor", "provenance", "parameters", "table", "observations", "environment", "host", "vcpu_ratio",
    "sched_load", "guests", "variants", "defined_mib", "guest_memory_mib", "max_triplets", "min_memory_gib",
    "check_fits", "run",
    "measures", "scaling", "stops_scaling_at", "calibrate", "calibrated", "both", "memory_sweep",
    "overhead_sweep", "verdict", "comparison",
]
