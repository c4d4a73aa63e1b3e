"""The study's 17 guests and 11 workload variants, as the model sees them.

Each :class:`Guest` carries what the paper gives (virtual CPUs, share, defined memory, CPU
load and instantiated memory in the reference run, seed 000 Table 17) plus how it uses its
memory:

- ``released_frac``: the part of its reference instantiated memory that Linux has marked
  unused (CMMA, diagnose x'10'). Under memory pressure CP discards such pages instead of
  paging them, so they leave instantiated memory (seed 000, file-system CID 64/20
  conclusions).
- of the rest, the *touched* memory, a share ``active_frac`` is in use during the run; the
  other pages were touched at start-up and are referenced about once an hour, so under
  pressure they go to the paging devices and mostly stay there. Among active pages, page ``r`` in
  order of popularity is referenced ``λ_r = λ_½ (r / (n/2))^(−α)`` times per second at the
  reference throughput (a Zipf-like popularity with skew ``α``; ``λ_½`` is the rate of the
  median page). ``α ≈ 0`` is a workload that sweeps all its memory evenly (a Java heap
  under *optthruput* collection); large ``α`` a workload whose few buffers are used all the
  time and the rest hardly ever (direct I/O, network). References scale with throughput.
- ``regularity``: how regularly an active page's references come, the shape ``k`` of
  Erlang-k intervals between them (:func:`overcommit.replacement.regular_residency`):
  1 is random (independent references), a large ``k`` a page touched once per sweep of
  a loop. A garbage-collected Java heap is swept: the allocation pointer runs through it
  and every collection marks and compacts it, so each heap page is touched about once
  per collection cycle (an assumption per workload kind, see ``data/guest_behaviour.csv``).
- ``write_frac``: the share of references that change a page (a changed page must be
  written before its frame can be reused).

Each :class:`Variant` is the closed-loop driver of a workload (seed 000 Tables 8, 12–15):
``users`` that each cycle through waiting (think time, their own disk or network I/O: the
share ``think_frac`` of the reference cycle), CPU work and page-fault stalls, with
``blocking`` the share of a stall during which the virtual CPU cannot run anything else
(faults taken in the kernel, where page-fault handshaking does not help), and the failure
criterion the paper reports for it (HTTP time-outs, fio not finishing in time: ``drain_limit_s`` is the time a page-cached
fio job has after its run to write its dirty page cache, see :mod:`overcommit.model`).
``coupling`` is how tightly the work on one of its guests' virtual CPUs waits for the work on
the others (0: independent requests, jobs or threads; 1: every running virtual CPU soon
needs the one z/VM preempted), which decides how much CPU the guests burn spinning under
lock-holder preemption (:func:`overcommit.dispatch.lock_spin`), and ``streams_per_user`` how
many of the ``users`` are the concurrent streams of one user's work (a parallel query): with
coupling, a page fault in one stream holds up the others (:attr:`Variant.fault_group`).
``wakeups_per_cycle`` and ``batched`` serve only the dispatch-wait experiment
(:class:`overcommit.model.Mechanisms`): how often a user's cycle wakes a virtual CPU
(assumptions: WebSphere 6, IHS → WAS → DB2 and back; network 2, the server's and the
client's process; fio 1, an I/O completion; Java and the database 0, computing threads), and
whether one wake-up serves all the ready users of a virtual CPU (network connections, fio
jobs).

Parameters come from ``data/guest_behaviour.csv`` and ``data/variant_drivers.csv`` (each row
says whether a value is from the paper or an assumption), overridden by the values
``overcommit.calibrate`` fitted (``data/calibrated_parameters.csv``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd

from . import data

PAGES_PER_MIB = 256
MEMORY_BINS = 16
IDLE_RATE_PER_S = 1.0 / 3600  #: idle touched pages: about one reference per test run
#: every guest's hot core: kernel text and data, the running code, stacks and buffers it
#: touches on every unit of work, at most this many MiB: no more than the smallest resident
#: set the paper measured for a guest that ran at full speed without paging (the medium
#: direct-I/O fio guest kept 0.05 % of the 64,783 MiB DPA, about 32 MiB, at 64/20) ...
HOT_CORE_MIB = 32.0
#: ... each page touched about once a second at the reference throughput (an assumption:
#: resident under any pressure the paper applied, but a guest whose hot core is out pages
#: at up to 32 MiB/s and cannot run at speed)
HOT_CORE_RATE_PER_S = 1.0
VARIANTS = (
    "db-bi", "was-medium", "was-high", "fs-pagecache-medium", "fs-direct-medium",
    "fs-pagecache-high", "fs-direct-high", "java-medium", "java-high", "net-medium", "net-high",
)
IO_PATHS = ("scsi", "eckd")


def _finite(owner: str, name: str, value, minimum: float | None = None, maximum: float | None = None,
            strict: bool = False) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{owner}.{name}: {value!r} is not a number") from None
    ok = math.isfinite(number)
    if ok and minimum is not None:
        ok = number > minimum if strict else number >= minimum
    if ok and maximum is not None:
        ok = number <= maximum
    if not ok:
        bound = []
        if minimum is not None:
            bound.append(f"{'>' if strict else '>='} {minimum:g}")
        if maximum is not None:
            bound.append(f"<= {maximum:g}")
        raise ValueError(
            f"{owner}.{name}: {value!r} is not accepted; expected a finite number "
            + " and ".join(bound)
        )
    return number


@dataclass(frozen=True)
class Guest:
    """A virtual system. Sizes in MiB, CPU in real processors (see the module docstring)."""

    name: str
    variant: str
    vcpus: int
    share: float
    instantiated_mib: float
    cpu_load: float
    defined_mib: float | None = None
    released_frac: float = 0.0
    skew: float = 1.0
    median_rate_per_s: float = 0.01
    write_frac: float = 0.3
    active_frac: float = 1.0
    regularity: float = 1.0
    hot_set_mib: float = 0.0
    hot_set_rate_per_s: float = 0.0

    def __post_init__(self) -> None:
        owner = f"guest {self.name!r}"
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"guest.name: {self.name!r} is not accepted; expected a non-empty string")
        if not isinstance(self.variant, str) or not self.variant:
            raise ValueError(f"{owner}.variant: {self.variant!r} is not accepted; expected a name")
        if isinstance(self.vcpus, bool) or not isinstance(self.vcpus, (int, np.integer)) or self.vcpus < 1:
            raise ValueError(f"{owner}.vcpus: {self.vcpus!r} is not accepted; expected a whole number >= 1")
        set_ = object.__setattr__
        set_(self, "share", _finite(owner, "share", self.share, 0, strict=True))
        set_(self, "instantiated_mib", _finite(owner, "instantiated_mib", self.instantiated_mib, 0, strict=True))
        set_(self, "cpu_load", _finite(owner, "cpu_load", self.cpu_load, 0, self.vcpus, strict=True))
        if self.defined_mib is None:
            set_(self, "defined_mib", self.instantiated_mib)
        set_(self, "defined_mib", _finite(owner, "defined_mib", self.defined_mib, self.instantiated_mib))
        set_(self, "released_frac", _finite(owner, "released_frac", self.released_frac, 0, 0.99))
        set_(self, "skew", _finite(owner, "skew", self.skew, 0, 6))
        set_(self, "median_rate_per_s", _finite(owner, "median_rate_per_s", self.median_rate_per_s, 0, strict=True))
        set_(self, "write_frac", _finite(owner, "write_frac", self.write_frac, 0, 1))
        set_(self, "active_frac", _finite(owner, "active_frac", self.active_frac, 0, 1, strict=True))
        set_(self, "regularity", _finite(owner, "regularity", self.regularity, 1, 1000))
        room = self.touched_mib - min(HOT_CORE_MIB, 0.25 * self.touched_mib)
        set_(self, "hot_set_mib", _finite(owner, "hot_set_mib", self.hot_set_mib, 0, room))
        set_(self, "hot_set_rate_per_s", _finite(owner, "hot_set_rate_per_s", self.hot_set_rate_per_s, 0))

    @property
    def touched_mib(self) -> float:
        return self.instantiated_mib * (1.0 - self.released_frac)

    @property
    def released_mib(self) -> float:
        return self.instantiated_mib * self.released_frac


@dataclass(frozen=True)
class Variant:
    """The closed-loop driver of one workload variant (see the module docstring)."""

    name: str
    users: float = 10
    think_frac: float = 0.5
    blocking: float = 0.2
    io_path: str | None = None
    io_mib_s: float = 0.0
    cycle_s: float = 1.0
    timeout_s: float | None = None
    min_progress: float | None = None
    io_error_utilisation: float | None = None
    pause_limit_s: float | None = None
    drain_limit_s: float | None = None
    coupling: float = 0.0
    streams_per_user: int = 1
    wakeups_per_cycle: float = 0.0
    batched: bool = False

    def __post_init__(self) -> None:
        owner = f"variant {self.name!r}"
        set_ = object.__setattr__
        set_(self, "users", _finite(owner, "users", self.users, 0, strict=True))
        set_(self, "think_frac", _finite(owner, "think_frac", self.think_frac, 0, 0.999))
        set_(self, "blocking", _finite(owner, "blocking", self.blocking, 0, 1))
        if self.io_path is not None and self.io_path not in IO_PATHS:
            raise ValueError(f"{owner}.io_path: {self.io_path!r} is not accepted; expected None, 'scsi' or 'eckd'")
        set_(self, "io_mib_s", _finite(owner, "io_mib_s", self.io_mib_s, 0))
        set_(self, "cycle_s", _finite(owner, "cycle_s", self.cycle_s, 0, strict=True))
        if self.timeout_s is not None:
            set_(self, "timeout_s", _finite(owner, "timeout_s", self.timeout_s, 0, strict=True))
        if self.min_progress is not None:
            set_(self, "min_progress", _finite(owner, "min_progress", self.min_progress, 0, 1))
        if self.pause_limit_s is not None:
            set_(self, "pause_limit_s", _finite(owner, "pause_limit_s", self.pause_limit_s, 0, strict=True))
        if self.drain_limit_s is not None:
            set_(self, "drain_limit_s", _finite(owner, "drain_limit_s", self.drain_limit_s, 0, strict=True))
        if self.io_error_utilisation is not None:
            set_(self, "io_error_utilisation", _finite(owner, "io_error_utilisation", self.io_error_utilisation, 0, 1))
        set_(self, "coupling", _finite(owner, "coupling", self.coupling, 0, 1))
        streams = _finite(owner, "streams_per_user", self.streams_per_user, 1, 1024)
        if streams != int(streams):
            raise ValueError(f"{owner}.streams_per_user: {self.streams_per_user!r} is not accepted; "
                             "expected a whole number from 1 to 1024")
        set_(self, "streams_per_user", int(streams))
        set_(self, "wakeups_per_cycle", _finite(owner, "wakeups_per_cycle", self.wakeups_per_cycle, 0, 100))
        if not isinstance(self.batched, (bool, np.bool_)):
            raise ValueError(f"{owner}.batched: {self.batched!r} is not accepted; expected True or False")
        set_(self, "batched", bool(self.batched))

    @property
    def fault_group(self) -> float:
        """How many of the ``users`` one page fault holds up: the faulting stream and, with
        ``coupling`` σ, the other streams of its user's work that wait for its rows,
        ``1 + σ (streams_per_user − 1)``."""
        return 1.0 + self.coupling * (self.streams_per_user - 1)


def memory_classes(guest: Guest, bins: int = MEMORY_BINS) -> tuple[np.ndarray, np.ndarray]:
    """The guest's touched memory as classes: (sizes in MiB, reference rate per page).

    Active pages are ranked by popularity and grouped into ``bins`` bins of geometrically
    growing rank ranges; each bin gets the mean rate of its pages under
    ``λ_r = λ_½ (2r/n)^(−α)``. A last class holds the idle touched pages, referenced about once in the hour-long run
    (:data:`IDLE_RATE_PER_S`, an assumption); a guest with a hot set
    (:attr:`Guest.hot_set_mib`, pages every unit of work touches, at
    :attr:`Guest.hot_set_rate_per_s`) has it as the next class; the last class is the
    guest's hot core (:data:`HOT_CORE_MIB` at :data:`HOT_CORE_RATE_PER_S`), which it cannot
    run without.
    """
    hot = min(HOT_CORE_MIB, 0.25 * guest.touched_mib)
    hot_set = guest.hot_set_mib
    active = (guest.touched_mib - hot - hot_set) * guest.active_frac
    n = max(active * PAGES_PER_MIB, 2.0)
    edges = np.geomspace(1.0, n + 1.0, bins + 1)
    lo, hi = edges[:-1], edges[1:]
    a = guest.skew
    if abs(a - 1.0) < 1e-9:
        integral = np.log(hi / lo)
    else:
        integral = (hi ** (1 - a) - lo ** (1 - a)) / (1 - a)
    rates = guest.median_rate_per_s * integral / (hi - lo) * (n / 2.0) ** a
    sizes = (hi - lo) / PAGES_PER_MIB
    sizes *= active / sizes.sum()
    idle = guest.touched_mib - hot - hot_set - active
    if hot_set > 0:
        return (np.append(sizes, [idle, hot_set, hot]),
                np.append(rates, [IDLE_RATE_PER_S, guest.hot_set_rate_per_s, HOT_CORE_RATE_PER_S]))
    return np.append(sizes, [idle, hot]), np.append(rates, [IDLE_RATE_PER_S, HOT_CORE_RATE_PER_S])


#: exponents for which NumPy's power loop, given one scalar exponent, computes otherwise
_POWER_SHORTCUTS = (-1.0, 0.0, 0.5, 1.0, 2.0)


@lru_cache(maxsize=8)
def _edge_exponents(bins: int) -> np.ndarray:
    edges = np.arange(0, bins + 1, dtype=float)
    edges.flags.writeable = False
    return edges


def memory_class_rows(touched_mib: float, active_frac, skew, median_rate_per_s,
                      bins: int = MEMORY_BINS, hot_set_mib: float = 0.0,
                      hot_set_rate_per_s: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """:func:`memory_classes` of several parameter sets of one guest at once: row ``i`` of
    (sizes, rates) is what :func:`memory_classes` gives the guest of touched size
    ``touched_mib`` (and hot set) with ``active_frac[i]``, ``skew[i]`` and ``median_rate_per_s[i]``, bit for
    bit (a test pins them). A fit evaluates the classes of tens of thousands of parameter
    sets, a few at a time (a finite-difference Jacobian); building a :class:`Guest` for each
    (its checks) and ``np.geomspace``'s argument handling cost more than the arithmetic,
    so this does the same operations in the same order on arrays."""
    rows = len(active_frac)
    hot = min(HOT_CORE_MIB, 0.25 * touched_mib)
    free = touched_mib - hot - hot_set_mib
    active = [free * float(f) for f in active_frac]
    n = [max(a * PAGES_PER_MIB, 2.0) for a in active]
    skew = [float(a) for a in skew]
    # np.geomspace(1, n + 1, bins + 1): 10 ** linspace(0, log10(n + 1)) with exact ends
    top = np.array([m + 1.0 for m in n])
    log_stop = np.log10(top)
    edges = _edge_exponents(bins) * (log_stop / bins)[:, None]
    edges[:, -1] = log_stop
    edges = np.power(10.0, edges)
    edges[:, 0] = 1.0
    edges[:, -1] = top
    lo, hi = edges[:, :-1], edges[:, 1:]
    # hi ** (1 - a) with a scalar exponent: NumPy's power loop takes shortcuts (sqrt for
    # 0.5, a reciprocal for -1, ...) that an array of exponents does not, and the two can
    # differ in the last bit; those rows, and the log of a ≈ 1, go one at a time
    near_one = [abs(a - 1.0) < 1e-9 for a in skew]
    single = [i for i, a in enumerate(skew) if near_one[i] or 1 - a in _POWER_SHORTCUTS]
    if len(single) == rows:
        integral = np.empty((rows, bins))
    else:
        e = np.array([0.5 if near_one[i] else 1 - a for i, a in enumerate(skew)])[:, None]
        integral = (hi ** e - lo ** e) / e
    for i in single:
        if near_one[i]:
            integral[i] = np.log(hi[i] / lo[i])
        else:
            e = 1 - skew[i]
            integral[i] = (hi[i] ** e - lo[i] ** e) / e
    width = hi - lo
    scale = np.array([(m / 2.0) ** a for m, a in zip(n, skew)])
    extra = 3 if hot_set_mib > 0 else 2
    sizes = np.empty((rows, bins + extra))
    rates = np.empty((rows, bins + extra))
    rates[:, :bins] = np.asarray(median_rate_per_s, dtype=float)[:, None] * integral / width * scale[:, None]
    rates[:, bins] = IDLE_RATE_PER_S
    if hot_set_mib > 0:
        rates[:, bins + 1] = hot_set_rate_per_s
        sizes[:, bins + 1] = hot_set_mib
    rates[:, -1] = HOT_CORE_RATE_PER_S
    active_sizes = width / PAGES_PER_MIB
    for i in range(rows):
        # one row at a time: a sum along an axis of a 2-D array may add in another order
        active_sizes[i] *= active[i] / active_sizes[i].sum()
    sizes[:, :bins] = active_sizes
    sizes[:, bins] = [free - x for x in active]
    sizes[:, -1] = hot
    return sizes, rates


def is_jvm(guest: Guest) -> bool:
    """Whether ``guest`` runs a Java virtual machine whose heap a garbage collector sweeps:
    a guest of the Java workload, or a WebSphere triplet's application server (seed 000,
    Tables 10 and 14), by the study's guest names (``java-*``, ``*-was``)."""
    return guest.variant.startswith("java-") or (guest.variant.startswith("was-") and guest.name.endswith("-was"))


def class_regularity(guest: Guest, bins: int = MEMORY_BINS) -> np.ndarray:
    """Per class of :func:`memory_classes`: the regularity of its references. The active
    classes have the guest's; idle pages, the hot set and the hot core are referenced at
    random."""
    return np.append(np.full(bins, guest.regularity), [1.0] * (3 if guest.hot_set_mib > 0 else 2))


# --------------------------------------------------------------------------------------
# The study's catalogue


def _records(name: str) -> dict[str, dict]:
    frame = data.load_table(name, data.data_dir())
    key = frame.columns[0]
    return {row[key]: row for row in frame.to_dict("records")}


def _calibrated() -> dict[tuple[str, str], float]:
    return dict(calibrated_values())


def calibrated_values() -> dict[tuple[str, str], float]:
    """``{(target, parameter): value}`` from ``data/calibrated_parameters.csv`` (empty if
    the file is missing)."""
    return _calibrated_values(str(data.data_dir()))


@lru_cache(maxsize=4)
def _calibrated_values(directory: str) -> dict[tuple[str, str], float]:
    path = Path(directory) / "calibrated_parameters.csv"
    if not path.exists():
        return {}
    frame = data.load_table("calibrated_parameters.csv")
    return {(r["target"], r["parameter"]): float(r["value"]) for r in frame.to_dict("records")}


def _clean(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return value


@lru_cache(maxsize=4)
def _study(directory: str, calibrated: bool = True) -> tuple[tuple[Guest, ...], dict[str, Variant]]:
    table = data.virtual_systems_frame()
    behaviour = _records("guest_behaviour.csv")
    drivers = _records("variant_drivers.csv")
    fitted = _calibrated() if calibrated else {}
    guests = []
    guest_fields = {f.name for f in fields(Guest)}
    for name, row in table.iterrows():
        b = behaviour.get(name)
        if b is None:
            raise data.DataError(f"guest_behaviour.csv: no row for guest {name!r}")
        values = dict(
            name=name, variant=row["variant"], vcpus=int(row["vcpus"]), share=float(row["share"]),
            instantiated_mib=float(row["ref_instantiated_mib"]), cpu_load=float(row["ref_cpu_load_cpus"]),
            defined_mib=float(row["defined_mib"]), released_frac=float(b["released_frac"]),
            skew=float(b["skew"]), median_rate_per_s=float(b["median_rate_per_s"]),
            write_frac=float(b["write_frac"]), active_frac=float(b.get("active_frac", 1.0) or 1.0),
            regularity=float(b.get("regularity", 1.0) or 1.0),
            hot_set_mib=float(b.get("hot_set_mib", 0.0) or 0.0),
        )
        for (target, parameter), value in fitted.items():
            if target == name and parameter in guest_fields:
                values[parameter] = value
        guests.append(Guest(**values))
    variants = {}
    variant_fields = {f.name for f in fields(Variant)}
    for name in VARIANTS:
        d = drivers.get(name)
        if d is None:
            raise data.DataError(f"variant_drivers.csv: no row for variant {name!r}")
        values = {k: _clean(d[k]) for k in variant_fields if k in d}
        for key in ("users", "think_frac", "blocking", "io_mib_s", "cycle_s", "timeout_s", "min_progress",
                    "io_error_utilisation", "pause_limit_s", "drain_limit_s", "coupling"):
            if values.get(key) is not None:
                values[key] = float(values[key])
        if values.get("streams_per_user") is not None:
            values["streams_per_user"] = int(float(values["streams_per_user"]))
        if values.get("wakeups_per_cycle") is not None:
            values["wakeups_per_cycle"] = float(values["wakeups_per_cycle"])
        if values.get("batched") is not None:
            values["batched"] = str(values["batched"]).strip().lower() in ("1", "true", "yes")
        values["name"] = name
        for (target, parameter), value in fitted.items():
            if target == name and parameter in variant_fields:
                values[parameter] = value
        variants[name] = Variant(**values)
    # every unit of work of every user touches its guest's hot set once
    guests = [replace(g, hot_set_rate_per_s=hot_set_rate(variants[g.variant])) if g.hot_set_mib > 0 else g
              for g in guests]
    return tuple(guests), variants


def hot_set_rate(variant: Variant) -> float:
    """References per second to each page of a hot set that every unit of work of every
    user touches once, at the reference throughput: the users' units of work per second,
    ``(users / streams_per_user) / cycle_s`` (a parallel query's streams share one)."""
    return variant.users / variant.streams_per_user / variant.cycle_s


def study_guests(calibrated: bool = True) -> tuple[Guest, ...]:
    """The 17 guests of the study with their fitted memory behaviour, in Table 17 order
    (``calibrated=False``: with the start values of ``data/guest_behaviour.csv``)."""
    return _study(str(data.data_dir()), calibrated)[0]


def study_variants(calibrated: bool = True) -> dict[str, Variant]:
    """The 11 workload variants' drivers, by name."""
    return dict(_study(str(data.data_dir()), calibrated)[1])


def guests_frame(guests=None) -> pd.DataFrame:
    """Guests as a DataFrame indexed by name."""
    guests = study_guests() if guests is None else guests
    return pd.DataFrame([g.__dict__ for g in guests]).set_index("name")


def with_parameters(guests, variants, overrides: dict[tuple[str, str], float]):
    """Copies of ``guests`` and ``variants`` with ``{(target, parameter): value}`` applied."""
    guest_fields = {f.name for f in fields(Guest)}
    variant_fields = {f.name for f in fields(Variant)}
    gs = []
    for g in guests:
        changes = {p: v for (t, p), v in overrides.items() if t == g.name and p in guest_fields}
        gs.append(replace(g, **changes) if changes else g)
    vs = {}
    for name, v in variants.items():
        changes = {p: val for (t, p), val in overrides.items() if t == name and p in variant_fields}
        vs[name] = replace(v, **changes) if changes else v
    return tuple(gs), vs


def scaled_shares(factors: dict[str, float], guests=None) -> tuple[Guest, ...]:
    """Copies of ``guests`` (default: the study's) with every guest of variant ``v`` given
    ``factors[v]`` times its relative share: a what-if for reprioritising workloads."""
    guests = tuple(study_guests() if guests is None else guests)
    variants = {g.variant for g in guests}
    for v, f in factors.items():
        if v not in variants:
            raise ValueError(f"factors: variant {v!r} is not accepted; expected one of {sorted(variants)}")
        if isinstance(f, bool) or not isinstance(f, (int, float)) or not math.isfinite(f) or f <= 0:
            raise ValueError(f"factors[{v!r}]: {f!r} is not accepted; expected a number > 0")
    return tuple(replace(g, share=g.share * factors[g.variant]) if g.variant in factors else g for g in guests)


__all__ = [
    "Guest", "Variant", "VARIANTS", "class_regularity", "is_jvm", "memory_classes", "scaled_shares", "study_guests",
    "study_variants", "guests_frame", "with_parameters",
]
