r"""The closed loop: throughput → page references → residency → faults → device waits →
stalls → CPU demand → share allocation → throughput, solved as a fixed point.

One pass of the loop, for a host (real memory, real CPUs) and an environment:

1. **Residency** (:mod:`overcommit.replacement`). Every guest's touched memory is split into
   popularity classes (:func:`overcommit.workloads.memory_classes`) whose reference rates
   scale with the variant's current throughput ``x``; the last class of every guest is its
   *hot core* (kernel and hot code, :data:`overcommit.workloads.HOT_CORE_MIB`). If
   everything fits in the DPA (:mod:`overcommit.tiers`), everything is resident. Otherwise
   each guest's pages age for its own reclaim time ``T_g = w_g T`` with
   ``w_g = (S_g / 4 GiB)^β`` (:func:`overcommit.replacement.reclaim_weights`: z/VM visits
   the guests' frame lists in turn, so a small guest's frames turn over faster), and one
   ``T`` solves ``Σ_c S_c h(λ_c w_g T) = DPA`` (global replacement); z/VM 6.3's
   global aging list is modelled as CLOCK, z/VM 6.2's demand scan as FIFO-like (it steals by
   guest and list position rather than by recent use of each frame), with its 2 GiB of
   expanded storage as a second tier solved with a second time ``T₁₂`` for DPA + XSTOR, and
   with *page reorder*: when CP reorders a guest's frame list it stops the guest for about
   one second per 8 GB resident (seed 003), once per turnover of its resident pages.
   Pages Linux has released are discarded first under pressure (they leave instantiated
   memory).
2. **Faults.** Guest ``g`` reads ``F_g = Σ_c S_c λ_c (1 − h_c)`` MiB/s from the paging
   devices; evicted pages that were changed while resident are written.
3. **Device and path waits** (:mod:`overcommit.paging`). The page-read response time
   ``R_p`` of the environment's paging devices at the current read, write and shared
   guest-I/O rates; and for every workload with I/O of its own, the factor ``s`` by which
   its transfers take longer than in the reference run on the storage path it shares with
   the other guests' I/O (and, on the paging path, with paging):
   ``s = (1 − ρ_ref) / (1 − ρ)`` (:func:`overcommit.paging.path_slowdown`), below 1 when the
   path is quieter than in the reference run.
4. **Stalls.** A variant with ``N`` users spends ``x φ R_p`` user-seconds per second waiting
   for pages (``φ`` paging I/Os per unit of work: z/VM reads a block of ``pages_per_io``
   pages in one I/O, and the thread that faulted waits once for the block). Page-fault
   handshaking lets the virtual CPU run another user meanwhile, except for the
   ``blocking`` share of a stall, which holds the virtual CPU, and for faults on the hot
   core, which stop it for the whole read.
5. **Throughput without CPU limits.** Users cycle through waiting (share ``a`` of the
   reference cycle), CPU work (``1 − a``, stretched by the environment's CPU cost factor)
   and stalls: ``x_open = 1 / (a·s + (1 − a)·k + φ R_p / N)`` (the waiting share ``a``
   includes the workload's own I/O, stretched by ``s``).
6. **CPU shares** (:mod:`overcommit.shares`). Guests ask for ``x_open`` times their
   reference CPU load (Table 17), capped by their virtual CPUs minus the blocked time; real
   CPUs minus CP's own system time and minus the *fluctuation idle* of
   :mod:`overcommit.dispatch` (CPUs that stand idle in the moments when fewer virtual CPUs
   are runnable than there are real CPUs) are shared by weighted water-filling. A multi-guest
   variant goes as fast as its slowest guest allows; guests that are not the bottleneck
   release what they cannot use, and the allocation is repeated.
7. ``x ← min(x_open, CPU-limited x)``, with an Anderson-accelerated step (the fixed point's
   unknowns are the throughputs, the fluctuation idle and the busy share), until none moves
   by more than ``1e-6``. Passes far from the answer solve T roughly (an inexact
   fixed-point iteration); the pass that converges solves it to 1e-9 of the capacity.

**Where the time goes** (:attr:`Result.breakdown`, :data:`BREAKDOWN_PARTS`): at the fixed
point a user's cycle, in reference cycles, is ``1/x = a·s + (1 − a)·k·m/m_ref + φ R_p / N +
(1/x − 1/x_open)``: waiting (think time or own I/O, ``a·s``), CPU work (Table 17's, split
into the work and the lock spin ``m``), page stalls, and the stretch the CPU allocation adds.
Times the variant's reference cycle, these are the seconds per unit of work each chapter
charts.

Relative throughput is ``x`` itself: 1.0 is the unconstrained reference run (CID 512/25 on
z/VM 6.3 with EDEV-SCSI), where nothing pages and every guest gets the CPU it asks for.
Failures are evaluated at the fixed point: a variant fails when its mean response time
exceeds its driver's time-out, when it runs too slowly to finish its work in the test's
hour, or, for the page-cached fio jobs, when the backlog it must clear at the end does not
fit in the time left: its dirty page cache that z/VM paged out must be read back, one
paging I/O per block and job, before Linux can write it (``drain_s`` against
``drain_limit_s``; see :class:`overcommit.workloads.Variant`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, NamedTuple, Sequence

import numpy as np
import pandas as pd
from scipy import optimize
from scipy.linalg import lapack

from . import data, dispatch, paging, replacement, shares, tiers
from .cids import CID, parse_cid
from .workloads import (
    PAGES_PER_MIB, Guest, Variant, class_regularity, is_jvm, memory_classes, study_guests, study_variants,
)

ENVIRONMENTS: tuple[str, ...] = ("zvm63-edev", "zvm63-eckd", "zvm62-edev")

# --- assumptions (documented in the book's model chapter; none is a paper number) ------
CP_SYSTEM_BASE_CPUS = 0.05  #: CP system time with no memory pressure (per real CPU: ×cpus/20)
STEAL_CPU_S_PER_PAGE = {"6.3": 4e-6, "6.2": 25e-6}  #: CP time to select and steal one frame
XSTOR_MOVE_CPU_S_PER_PAGE = 3e-6  #: CP time to move one page to or from expanded storage
XSTOR_READ_S = 20e-6  #: a page fault served from expanded storage (synchronous move)
CP_ATTRIBUTED_SHARE = 0.04  #: share of a guest's CPU load that is CP work on its behalf
FAULT_CP_CPU_S = 6e-6  #: CP time charged to the guest per page fault it takes
CPU_COST_FACTOR = {"6.3": 1.0, "6.2": 1.08}  #: CPU per unit of work (6.2 lacks HiperDispatch)
REORDER_S_PER_MIB = replacement.REORDER_S_PER_MIB  #: z/VM <= 6.2 page reorder: seconds of pause per resident MiB (seed 003)
PATH_MIB_S = {"scsi": 1600.0, "eckd": 500.0}  #: effective shared channel + storage-server rate
PATH_HEADROOM = 0.95  #: share of the shared path guest I/O plus paging can use before requests queue without bound
REFERENCE_CPUS = 25  #: real CPUs of the reference run (CID 512/25), where Table 17 was measured
#: the reference run's real CPUs left for the guests after CP's base time
REFERENCE_AVAILABLE_CPUS = REFERENCE_CPUS * (1 - CP_SYSTEM_BASE_CPUS / 20)
FIO_DATA_DISKS = 4  #: each fio guest's data files: 4 3390 model 9 volumes (seed 000, virtual systems table)
RUN_S = 3600.0  #: a run's execution phase: 5 + 50 + 5 minutes (seed 000, Test procedure)
MAX_ITERATIONS = 400
TOLERANCE = 1e-6
#: The solver's stages: (first pass, damping, history) of the Anderson-accelerated step.
#: Full steps with a long history settle the study's runs in the fewest passes (11 at 64/20);
#: a run still moving after ``SETTLE_PASSES`` (memory-hungry mixes whose copies trade
#: memory) starts its history again with half steps and a shorter history, which settles more
#: of them; after MAX_ITERATIONS // 4 passes (a limit cycle the accelerated step keeps jumping
#: over) it starts again with CAREFUL_DAMPING.
DAMPING = 1.0
HISTORY = 8
SETTLE_PASSES = 15
SETTLE_DAMPING = 0.5
SETTLE_HISTORY = 5
CAREFUL_DAMPING = 0.3
#: the solver for T matches Σ S·ρ to the capacity to MEMORY_TOLERANCE of it; passes made
#: while the unknowns still move by more than ROUGH_WHILE only to ROUGH_TOLERANCE
MEMORY_TOLERANCE = 1e-9
ROUGH_TOLERANCE = 1e-6
ROUGH_WHILE = 1e-3
#: Once the unknowns move by less than TOLERANCE, the iteration goes on (T matched to
#: POLISH_MEMORY_TOLERANCE) until they move by less than POLISH_TOLERANCE, for at most
#: POLISH_PASSES passes. Where within TOLERANCE a run stops depends on the last bits of
#: NumPy's and OpenBLAS's arithmetic, which differ from CPU to CPU; polished, two machines
#: agree to 1e-9 relative at worst (most figures to 1e-11), far below the digits the book
#: stores (``overcommit.book.STORED_DIGITS``).
POLISH_TOLERANCE = 1e-12
POLISH_MEMORY_TOLERANCE = 1e-14
POLISH_PASSES = 12


@dataclass(frozen=True)
class Mechanisms:
    """Switches for the model's alternative mechanisms, so that an experiment is an ordinary
    call: ``simulate("16/20", mechanisms=Mechanisms(query_coupling=True))``. Each switch is
    built, documented here and measured against the claims (:mod:`overcommit.validation`)
    and the sanity rules beyond the paper's grid (:mod:`overcommit.sanity`);
    ``tools/experiments/mechanisms.py`` prints both for every switch, and
    ``docs/model-validation.md`` records the figures. :data:`MECHANISMS`, the default, holds
    the switches the model keeps (the ones that remove breaches of the sanity rules without
    contradicting the paper).

    ``neighbour_relief``
        Lock-holder preemption spinning (:func:`overcommit.dispatch.lock_spin`) falls with
        the share of time every real CPU is busy, also below the reference run's share when
        other guests stall on paging and leave real CPUs idle: a coupled guest's CPU per
        unit of work then drops below Table 17's. Off: that share counts at least as in the
        reference run, so only the guest's own running share (fewer of its own virtual CPUs
        running against each other) can bring its cost below Table 17's.
    ``fault_holder``
        A page fault that holds a virtual CPU (a blocking stall, a fault on the hot core)
        keeps a lock holder from running just as a preemption does: the coupled siblings
        spin on it (the same coupling σ).
    ``query_coupling``
        A page fault in one stream of a user's parallel work (a parallel query's
        processes, which hand rows to one another) holds up the user's other streams:
        a variant's stalls are spread over ``users / fault_group`` independent users
        (:attr:`overcommit.workloads.Variant.fault_group`) instead of all its streams.
    ``reorder_in_run``
        A page reorder pause longer than the clients wait breaks them only if one happens
        during the run: CP reorders a guest's frame list once per turnover of its resident
        pages (resident / page-in rate), so a guest whose pages turn over less than once in
        the test's hour (:data:`RUN_S`) is never stopped. Off: the pause counts whenever the
        host is short of memory.
    ``dispatch_wait_s``
        The time slice τ (seconds; 0, the default, is off) of a wait for a real CPU at every
        wake-up: with ``R`` virtual CPUs runnable on ``c`` real CPUs (``R`` distributed as
        :func:`overcommit.dispatch.runnable_pmf`), a virtual CPU that wakes up queues behind
        the ``(R − c)⁺`` that have no real CPU, ``W = τ E[(R − c)⁺] / c`` (round robin,
        OSTEP ch. 7). A variant that wakes ``h`` times per user cycle
        (:attr:`overcommit.workloads.Variant.wakeups_per_cycle`) spends
        ``h (W − W_ref) / cycle_s`` more of its reference cycle waiting (512/25 keeps 1.0).
        The wait uses the last pass's runnable shares, under-relaxed (a lagged term outside
        the accelerated fixed point).
    ``batched_wakeups``
        With ``dispatch_wait_s``: a variant whose ready work is served in batches
        (:attr:`overcommit.workloads.Variant.batched`: the network's connections, fio's jobs)
        waits once per batch, not per request: its wake-ups per cycle are divided by its
        users per virtual CPU. Off: one wait per request, as for WebSphere.
    ``correlated_runnability``
        ``c`` from 0 (off, the default) to 1: the virtual CPUs of a guest whose work ties them
        together are runnable together, correlated by ``rho = c σ`` (σ the workload's
        coupling), for the fluctuation idle and the busy share
        (:func:`overcommit.dispatch.grouped_pmf`), in the reference run too.
    ``gc_sweep``
        ``k`` from 1 to 1000, or 0 (off, the default): the heap of every JVM guest (the Java
        workload's guests, WebSphere's application servers: :func:`overcommit.workloads.is_jvm`)
        is referenced like clockwork, Erlang-``k`` intervals between references to a page
        (:func:`overcommit.replacement.regular_residency`), instead of at random: each garbage
        collection touches the live heap once (seed 000: "substantial portions of the Java heap
        cannot be kept constantly resident … during a Java garbage collection"), so over a
        collection interval a JVM's working set is its heap (Denning's working set with the
        interval as its window). Measured with the fit made without it
        (``docs/model-validation.md``).
    ``hot_set``
        A guest's hot set (:attr:`overcommit.workloads.Guest.hot_set_mib`, in
        ``data/guest_behaviour.csv``): pages every unit of work touches once, so referenced
        at the rate the users complete their units of work
        (:func:`overcommit.workloads.hot_set_rate`). At the calibration host they stay
        resident, so the fit cannot see how hot they are; on a host too small to hold them
        they fault at that rate. Off: the hot set's pages belong to the guest's fitted
        popularity classes (measured with the fit made with it).
    ``writeback_flushers``
        The page-cached fio backlog at the end of a run is written back by Linux's flusher
        threads, one per data disk (:data:`FIO_DATA_DISKS`), not by the fio jobs: each
        faults the paged-out dirty pages back one paging I/O at a time, queued behind the
        rest of the paging at the paging read response time, and then writes them to the
        data disks at the variant's reference I/O rate. Off: the jobs read them back in
        parallel and the write is not counted.
    """

    neighbour_relief: bool = False
    fault_holder: bool = False
    query_coupling: bool = True
    reorder_in_run: bool = False
    dispatch_wait_s: float = 0.0
    batched_wakeups: bool = True
    correlated_runnability: float = 0.0
    writeback_flushers: bool = False
    gc_sweep: float = 0.0
    hot_set: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "gc_sweep":
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                        or not (value == 0 or 1 <= value <= 1000):
                    raise ValueError(f"mechanisms.gc_sweep: {value!r} is not accepted; expected 0 (off) or a "
                                     "regularity k from 1 to 1000")
                object.__setattr__(self, f.name, float(value))
            elif f.name in ("dispatch_wait_s", "correlated_runnability"):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                        or not 0 <= value <= 1:
                    what = "a time slice in seconds" if f.name == "dispatch_wait_s" else "a number"
                    raise ValueError(f"mechanisms.{f.name}: {value!r} is not accepted; expected {what} from 0 (off) to 1")
                object.__setattr__(self, f.name, float(value))
            elif not isinstance(value, bool):
                raise ValueError(f"mechanisms.{f.name}: {value!r} is not accepted; expected True or False")

    @property
    def key(self) -> str:
        """A short name of the setting, for file and cache names: the switches that are on."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "dispatch_wait_s":
                if value > 0:
                    parts.append(f"dispatch_wait_{value * 1000:g}ms".replace(".", "_"))
            elif f.name == "correlated_runnability":
                if value > 0:
                    parts.append(f"correlated_{value:g}".replace(".", "_"))
            elif f.name == "gc_sweep":
                if value > 0:
                    parts.append(f"gc_sweep_{value:g}".replace(".", "_"))
            elif f.name == "batched_wakeups":
                if self.dispatch_wait_s > 0 and value:
                    parts.append(f.name)
            elif value:
                parts.append(f.name)
        return "-".join(parts) or "none"


#: the switches the model keeps (docs/model-validation.md, "Sanity beyond the paper's grid")
MECHANISMS = Mechanisms()


@dataclass(frozen=True)
class Host:
    """A z/VM host: ``memory_gib`` of real memory and ``cpus`` real CPUs.

    ``paging_devices`` overrides the number of paging devices of the environment's kind
    (16 EDEV-SCSI or 25 ECKD volumes in the study).
    """

    memory_gib: float
    cpus: int
    paging_devices: int | None = None

    def __post_init__(self) -> None:
        cid = parse_cid((self.memory_gib, self.cpus))
        object.__setattr__(self, "memory_gib", cid.memory_gib)
        object.__setattr__(self, "cpus", cid.cpus)
        if self.paging_devices is not None and (
            isinstance(self.paging_devices, bool) or not isinstance(self.paging_devices, int)
            or self.paging_devices < 1
        ):
            raise ValueError(
                f"paging_devices: {self.paging_devices!r} is not accepted; expected a whole number >= 1"
            )

    @property
    def cid(self) -> str:
        return str(CID(self.memory_gib, self.cpus))


@dataclass(frozen=True)
class Environment:
    """A z/VM environment: release, paging device kind and expanded storage.

    The study's three are named in :data:`ENVIRONMENTS` (``environment("zvm63-edev")``);
    other systems, such as the z/VM 5.2 host of the companion study, are built directly:
    ``Environment("zvm52-eckd", release="5.2", paging_kind="eckd", xstor_gib=...)``.
    Releases before 6.3 get the older memory management (``policy`` ``"fifo"``: demand
    scan by guest and list position, page reorder pauses, the older CPU costs); 6.3 and
    later the global aging list (``"clock"``). ``io_sharing_path`` is the guest-I/O path
    that shares the storage path with paging (default: that of the paging devices).
    ``reclaim_exponent`` is β of the per-guest reclaim time ``T_g = T (S_g / 4 GiB)^β``
    (:func:`overcommit.replacement.reclaim_weights`): 0, the default, is one global
    characteristic time; the study's environments use the value :mod:`overcommit.calibrate`
    fitted.
    """

    name: str
    release: str
    paging_kind: str
    xstor_gib: float = 0.0
    policy: str = ""
    io_sharing_path: str = ""
    reclaim_exponent: float = 0.0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name: {self.name!r} is not accepted; expected a non-empty string")
        try:
            version = tuple(int(p) for p in str(self.release).split("."))
        except ValueError:
            version = ()
        if len(version) < 2:
            raise ValueError(f"release: {self.release!r} is not accepted; expected a z/VM release such as '6.3' or '5.2'")
        if self.paging_kind not in paging.KINDS:
            raise ValueError(f"paging_kind: {self.paging_kind!r} is not accepted; expected one of "
                             + ", ".join(repr(k) for k in paging.KINDS))
        if isinstance(self.xstor_gib, bool) or not isinstance(self.xstor_gib, (int, float)) \
                or not math.isfinite(self.xstor_gib) or self.xstor_gib < 0:
            raise ValueError(f"xstor_gib: {self.xstor_gib!r} is not accepted; expected a number >= 0")
        policy = self.policy or ("clock" if version >= (6, 3) else "fifo")
        if policy not in ("clock", "fifo"):
            raise ValueError(f"policy: {self.policy!r} is not accepted; expected 'clock' or 'fifo'")
        path = self.io_sharing_path or ("scsi" if self.paging_kind == "edev-scsi" else "eckd")
        if path not in PATH_MIB_S:
            raise ValueError(f"io_sharing_path: {self.io_sharing_path!r} is not accepted; expected one of "
                             + ", ".join(repr(k) for k in PATH_MIB_S))
        if isinstance(self.reclaim_exponent, bool) or not isinstance(self.reclaim_exponent, (int, float)) \
                or not math.isfinite(self.reclaim_exponent) or not 0 <= self.reclaim_exponent <= 2:
            raise ValueError(f"reclaim_exponent: {self.reclaim_exponent!r} is not accepted; expected a number from 0 to 2")
        object.__setattr__(self, "reclaim_exponent", float(self.reclaim_exponent))
        object.__setattr__(self, "policy", policy)
        object.__setattr__(self, "io_sharing_path", path)

    @property
    def generation(self) -> str:
        """``"6.3"`` for the global aging list (6.3 and later), ``"6.2"`` for the older
        memory management: the key of the CPU-cost assumptions above."""
        version = tuple(int(p) for p in str(self.release).split("."))
        return "6.3" if version >= (6, 3) else "6.2"


def environment(name: "str | Environment") -> Environment:
    """The settings of one of :data:`ENVIRONMENTS` (from ``data/environments.csv``), or
    ``name`` itself if it already is an :class:`Environment`."""
    if isinstance(name, Environment):
        return name
    if not isinstance(name, str) or name not in ENVIRONMENTS:
        raise ValueError(
            f"env: {name!r} is not accepted; expected one of " + ", ".join(repr(e) for e in ENVIRONMENTS)
            + " or an overcommit.Environment"
        )
    return _environment(name, str(data.data_dir()))


@lru_cache(maxsize=8)
def _environment(name: str, directory: str) -> Environment:
    if name not in ENVIRONMENTS:
        raise ValueError(
            f"env: {name!r} is not accepted; expected one of " + ", ".join(repr(e) for e in ENVIRONMENTS)
        )
    row = data.environments().loc[name]
    release = str(row["zvm_release"])
    return Environment(
        name=name,
        release=release,
        paging_kind=str(row["paging_device"]),
        xstor_gib=float(row["xstor_gib"]),
        policy="clock" if release == "6.3" else "fifo",
        io_sharing_path="scsi" if row["paging_device"] == "edev-scsi" else "eckd",
        reclaim_exponent=fitted_reclaim_exponent(),
    )


def fitted_reclaim_exponent() -> float:
    """β of the per-guest reclaim time as :mod:`overcommit.calibrate` fitted it
    (``data/calibrated_parameters.csv``, target ``zvm``), 0 if it was not fitted."""
    from .workloads import calibrated_values

    return float(calibrated_values().get(("zvm", "reclaim_exponent"), 0.0))


@dataclass
class Result:
    """What :func:`simulate` returns: ``system`` (Series), ``workloads``, ``guests`` and
    ``breakdown`` (DataFrames), plus ``host``, ``env``, ``iterations`` and ``converged``."""

    _system: Callable[[], pd.Series]
    _workloads: Callable[[], pd.DataFrame]
    _guests: Callable[[], pd.DataFrame]
    host: Host
    env: str
    iterations: int
    converged: bool
    _breakdown: "Callable[[], pd.DataFrame] | None" = None

    @cached_property
    def system(self) -> pd.Series:
        return self._system()

    @cached_property
    def workloads(self) -> pd.DataFrame:
        return self._workloads()

    @cached_property
    def guests(self) -> pd.DataFrame:
        return self._guests()

    @cached_property
    def breakdown(self) -> pd.DataFrame:
        """Where the time of one unit of work goes, per variant: see :data:`BREAKDOWN_PARTS`."""
        if self._breakdown is None:
            raise ValueError("breakdown: this result was built without one")
        return self._breakdown()

    def __repr__(self) -> str:
        s = self.system
        return (
            f"<Result {self.host.cid} {self.env}: overall relative throughput "
            f"{s['overall_relative_throughput']:.3f}, page reads {s['page_read_mib_s']:.1f} MiB/s, "
            f"ocr {s['overcommit_ratio']:.2f}, failed={bool(s['failed'])}, converged={self.converged}>"
        )


#: The columns of :attr:`Result.breakdown`, seconds per unit of work (one user's request
#: cycle, ``Variant.cycle_s`` in the reference run), in the order charts stack them.
#:
#: ``running``
#:     on a real CPU doing the work: Table 17's CPU per unit (times the environment's CPU
#:     cost factor) less the lock spin the reference run already had in it;
#: ``spin``
#:     on a real CPU spinning for a preempted or stalled lock holder
#:     (:func:`overcommit.dispatch.lock_spin`): ``cost (m − 1) / m`` of each coupled guest;
#: ``cpu_wait``
#:     runnable but not served: in a fluid-share model no request queues, so this is the time
#:     the CPU allocation (:func:`overcommit.shares.chain_allocate`) leaves the work unserved,
#:     ``cycle (1/x − 1/x_open)``, the stretch from the throughput the rest of the cycle
#:     allows (``x_open``) down to what the real CPUs allocated serve; with
#:     ``Mechanisms.dispatch_wait_s`` also the queueing wait at each wake-up;
#: ``paging``
#:     stalled on page-ins (from the paging devices and expanded storage), spread over the
#:     users that hide them; and where a guest's virtual CPUs held by faults or by a z/VM
#:     6.2 page-reorder pause are what limits its allocation, the time that hold costs;
#: ``io``
#:     the workload's own I/O (for a variant with an ``io_path``: the model does not split
#:     its waiting share between its clients' think time and its I/O, and stretches all of
#:     it with the path it shares with the other guests' I/O and paging), and a wait for
#:     room on a saturated path;
#: ``think``
#:     waiting outside the host: the clients' think time (WebSphere, Java's short pauses)
#:     and, for the network, the time a message spends in the guest LAN;
#: ``reference``
#:     the same unit's total time in the reference run (512/25, z/VM 6.3 EDEV-SCSI).
#:
#: The parts sum to ``reference / relative_throughput`` (``tests/test_breakdown.py``).
#: ``failed`` says whether the variant failed; a failed variant's parts are its model run's
#: all the same, but the paper's test did not finish it.
BREAKDOWN_PARTS: tuple[str, ...] = ("running", "spin", "cpu_wait", "paging", "io", "think")


def _breakdown(vlist: Sequence[Variant], vcpus: np.ndarray, gv: np.ndarray, x: np.ndarray,
               state: "_State") -> pd.DataFrame:
    """:attr:`Result.breakdown` from the state of the pass that converged (see
    :data:`BREAKDOWN_PARTS`): every part is computed from the quantities that pass used,
    except ``cpu_wait``, the stretch from ``x_open`` to the allocated throughput."""
    n = len(vlist)
    cost, fault_cp = state.cost, state.fault_cp
    cycle = np.array([v.cycle_s for v in vlist])
    own_io = np.array([v.io_path is not None for v in vlist])
    # the virtual CPUs held by faults or a reorder pause: where they are what caps a guest,
    # the throughput it would reach with all its virtual CPUs (and the CPU it was given)
    per_cpu = np.where(cost > 0, cost, np.inf)
    capped = np.full(n, np.inf)
    free = np.full(n, np.inf)
    np.minimum.at(capped, gv, np.maximum(state.cap - fault_cp, 0.0) / per_cpu)
    np.minimum.at(free, gv, np.maximum(vcpus - fault_cp, 0.0) / per_cpu)
    held = (capped <= x * (1 + 1e-9)) & (capped < free)
    limited = 1.0 / x - 1.0 / state.x_open
    unheld = np.minimum(state.x_open, free)
    hold = np.where(held, np.clip(1.0 / x - 1.0 / unheld, 0.0, limited), 0.0)
    parts = {
        "running": state.work_share,
        "spin": state.cpu_share - state.work_share,
        "cpu_wait": limited - hold + (0.0 if state.queued is None else state.queued),
        "paging": state.stalled + hold,
        "io": np.where(own_io, state.waiting, 0.0) + (1.0 / state.x_open - 1.0 / state.x_unthrottled),
        "think": np.where(own_io, 0.0, state.waiting),
    }
    frame = pd.DataFrame({k: v * cycle for k, v in parts.items()}, index=pd.Index([v.name for v in vlist], name="variant"))
    frame["reference"] = cycle
    return frame


class NotConvergedError(RuntimeError):
    """The fixed point did not converge; the message says how far it got."""


# --------------------------------------------------------------------------------------
# Residency


def _solve_time(sizes: np.ndarray, rates: np.ndarray, capacity: float, policy: str, guess: float,
                regular=None, tolerance: float = MEMORY_TOLERANCE) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """T with Σ sizes·ρ(rates·T) = capacity (requires Σ sizes > capacity, every rate > 0),
    and the residency, miss share and slope dρ/d log T per class at that T.

    Newton's method on u = log T from ``guess`` (the loop's prediction from the last
    pass's T, see :func:`_tier_hits`), kept inside a bracket
    that shrinks at every step (so it cannot diverge); the left side is increasing in u.
    ``regular`` is :func:`overcommit.replacement.regular_classes` of the classes.
    The residency returned is the one the last step evaluated, so the memory the model
    reports is exactly what the solver matched to the capacity.
    """
    u = math.log(guess) if math.isfinite(guess) and guess > 0 else 0.0
    lo, hi = -math.inf, math.inf
    for _ in range(200):
        T = math.exp(u)
        h, slope, miss = replacement.resident_slope_miss(rates * T, policy, regular=regular)
        f = float(np.dot(sizes, h)) - capacity
        if abs(f) <= tolerance * capacity:
            return T, h, miss, slope
        if f > 0:
            hi = u
        else:
            lo = u
        d = float(np.dot(sizes, slope))
        step = -f / d if d > 0 else (-4.0 if f > 0 else 4.0)
        step = max(min(step, 4.0), -4.0)
        candidate = u + step
        if not (lo < candidate < hi):
            candidate = 0.5 * (lo + hi) if math.isfinite(lo) and math.isfinite(hi) else u + step
        if abs(candidate - u) < 1e-13:
            u = candidate
            break
        u = candidate
    T = math.exp(u)
    h, slope, miss = replacement.resident_slope_miss(rates * T, policy, regular=regular)
    return T, h, miss, slope


@dataclass
class _Memory:
    """One pass's memory: what the loop needs (T, the read, write and steal rates), and what
    only the result reports (per guest resident, stored, ...), computed when first asked
    (``placed``, from the function ``_split``), since most passes are not the one that
    converges."""

    T: float
    T12: float
    read_mib_s: np.ndarray  # per guest, from paging devices
    xstor_read_mib_s: np.ndarray
    write_mib_s: float
    steal_pages_s: float
    xstor_moves_pages_s: float
    #: per guest, MiB/s of those reads that are its hot core (kernel): they stop the vCPU
    hot_read_mib_s: np.ndarray
    _split: Callable[[], "_Placement"]
    #: per tier (DPA, DPA + XSTOR), −d log T / d log x per variant (_tier_hits), or None
    elasticity: tuple = (None, None)

    @cached_property
    def placed(self) -> "_Placement":
        return self._split()


class _Placement(NamedTuple):
    """Where each guest's memory is (MiB per guest), reported for the pass that converges."""

    resident: np.ndarray  #: in the DPA
    xstor: np.ndarray  #: in expanded storage
    instantiated: np.ndarray
    stored: np.ndarray
    #: out on the paging devices (or in XSTOR) and changed while resident: for a page
    #: cache, data Linux has not yet written to its files
    paged_out_dirty: np.ndarray


class _Catalogue:
    """Per-class arrays for a guest list, built once per simulation."""

    def __init__(self, guests: Sequence[Guest], variant_index: dict[str, int], reclaim_exponent: float):
        sizes, rates, owner, regularity = [], [], [], []
        for i, g in enumerate(guests):
            s, r = memory_classes(g)
            sizes.append(s)
            rates.append(r)
            regularity.append(class_regularity(g))
            owner.append(np.full(s.size, i))
        self.sizes = np.concatenate(sizes)
        self.rates = np.concatenate(rates)
        regular = np.concatenate(regularity)
        #: None when every page is referenced at random (the policies' own formulas)
        self.regularity = regular if (regular > 1.0).any() else None
        self.owner = np.concatenate(owner)
        self.n = len(guests)
        self.released = np.array([g.released_mib for g in guests])
        self.touched = np.array([g.touched_mib for g in guests])
        self.released_total = float(self.released.sum())
        self.touched_total = float(self.touched.sum())
        self.write_frac = np.array([g.write_frac for g in guests])[self.owner]
        #: log(1 − w): a page is left unchanged by n writes with probability e^{n log(1 − w)}
        with np.errstate(divide="ignore"):  # w = 1: every page is changed, log 0 = −inf
            self.log_unchanged = np.log1p(-self.write_frac)
        self.guest_variant = np.array([variant_index[g.variant] for g in guests])
        self.class_variant = self.guest_variant[self.owner]
        # the last class of every guest is its hot core (workloads.memory_classes)
        self.hot = np.zeros(self.sizes.size, bool)
        self.hot[np.cumsum([np.size(s) for s in sizes]) - 1] = True
        # summing per-class quantities per guest with one matrix product
        self.membership = np.zeros((self.n, self.sizes.size))
        self.membership[self.owner, np.arange(self.sizes.size)] = 1.0
        # per class: the guest's reclaim time relative to the global T
        self.reclaim = replacement.reclaim_weights(self.touched, reclaim_exponent)[self.owner]
        # touched pages nobody references (rate 0) are the first to go; the solver for T
        # sees the others only, with their regular classes looked up once
        self.active = self.rates > 0
        self.all_active = bool(self.active.all())
        self.active_sizes = self.sizes[self.active]
        self.active_total = float(self.active_sizes.sum())
        self.idle_total = float(self.sizes[~self.active].sum())
        self.variants = len(variant_index)
        self.active_variant = self.class_variant[self.active]
        self.active_regular = replacement.regular_classes(
            np.ones(self.active_sizes.size) if self.regularity is None else self.regularity[self.active])


@lru_cache(maxsize=64)
def _catalogue(guests: tuple[Guest, ...], names: tuple[str, ...], reclaim_exponent: float) -> _Catalogue:
    return _Catalogue(guests, {v: i for i, v in enumerate(names)}, reclaim_exponent)


def _tier_hits(cat: _Catalogue, rates: np.ndarray, capacity: float, policy: str, guess: float,
               tolerance: float = MEMORY_TOLERANCE):
    """Characteristic time, per-class resident share and miss share per reference for a
    memory of ``capacity``, and how T moves with each variant's throughput (below).

    Idle touched pages (rate 0) are the first to go; if all active pages fit, the idle ones
    fill what is left and T is infinite.

    The last item is ``e_v = −d log T / d log x_v``: the class loads are λ w T and ρ depends
    on them only, so keeping Σ S ρ = capacity when variant v's rates scale by (1 + ε) moves
    log T by −ε times v's share of Σ S·dρ/d log T. The loop uses it to start the next
    pass's solver near its answer (None when T is infinite).
    """
    if cat.active_total <= capacity:
        keep = min(1.0, (capacity - cat.active_total) / cat.idle_total) if cat.idle_total > 0 else 1.0
        resident = np.where(cat.active, 1.0, keep)
        return math.inf, resident, 1.0 - resident, None
    # a guest's pages age for T_g = w_g T: the load of a class is λ w_g T
    aged = rates * cat.reclaim
    if cat.all_active:
        T, rho, miss, slope = _solve_time(cat.active_sizes, aged, capacity, policy, guess, cat.active_regular,
                                          tolerance)
    else:
        T, rho_a, miss_a, slope = _solve_time(cat.active_sizes, aged[cat.active], capacity, policy, guess,
                                              cat.active_regular, tolerance)
        rho, miss = np.zeros(cat.sizes.size), np.ones(cat.sizes.size)
        rho[cat.active], miss[cat.active] = rho_a, miss_a
    weight = cat.active_sizes * slope
    total = float(weight.sum())
    elasticity = np.bincount(cat.active_variant, weight, cat.variants) / total if total > 0 else None
    return T, rho, miss, elasticity


def _memory(cat: _Catalogue, x: np.ndarray, dpa: float, xstor: float, policy: str,
            guess: tuple[float, float], tolerance: float = MEMORY_TOLERANCE) -> _Memory:
    touched_total, released_total = cat.touched_total, cat.released_total
    if touched_total <= dpa:
        zero = np.zeros(cat.n)
        if touched_total + released_total <= dpa:
            inst = cat.touched + cat.released
        else:
            # Released pages are discarded before any used page is stolen.
            inst = cat.touched + cat.released * ((dpa - touched_total) / released_total)
        return _Memory(math.inf, math.inf, zero, zero.copy(), 0.0, 0.0, 0.0, zero.copy(),
                       lambda: _Placement(inst, zero.copy(), inst, zero.copy(), zero.copy()))
    rates = cat.rates * x[cat.class_variant]
    T1, h1, m1, e1 = _tier_hits(cat, rates, dpa, policy, guess[0], tolerance)
    if xstor > 0:
        T12, h12, m12, e12 = _tier_hits(cat, rates, dpa + xstor, policy, guess[1], tolerance)
        h12, m12 = np.maximum(h12, h1), np.minimum(m12, m1)
    else:
        T12, h12, m12, e12 = T1, h1, m1, e1
    flow = cat.sizes * rates  # MiB/s of references per class
    # the page faults each class takes on pages in neither tier: MiB/s read from the paging devices
    fault_mib_s = flow * m12
    # An evicted page was changed while resident with probability 1-(1-w)^(1+λT).
    lam_t = rates * cat.reclaim * T1 if math.isfinite(T1) else np.where(rates > 0, 1e6, 0.0)
    dirty = -np.expm1(cat.log_unchanged * (1.0 + np.minimum(lam_t, 1e6)))
    if xstor > 0:
        # random pages: the same arithmetic as before regular pages existed (h12 − h1), so
        # the stored chapter outputs do not move in their last digits
        xread_c = flow * ((h12 - h1) if cat.regularity is None else (m1 - m12))
        xread = cat.membership @ xread_c
        xstor_moved = float(xread_c.sum())
    else:
        xread = np.zeros(cat.n)
        xstor_moved = 0.0

    def split() -> _Placement:
        clean = 1.0 - dirty
        if not cat.all_active:
            clean = clean * cat.active
        columns = np.stack((
            cat.sizes * h1,
            cat.sizes * (h12 - h1),
            # resident pages still valid on disk count as stored too
            cat.sizes * (1.0 - h12 + h1 * clean),
            cat.sizes * (1.0 - h1) * dirty,
        ), axis=1)
        per_guest = cat.membership @ columns
        return _Placement(per_guest[:, 0], per_guest[:, 1], cat.touched.copy(), per_guest[:, 2], per_guest[:, 3])

    return _Memory(
        T=T1, T12=T12, read_mib_s=cat.membership @ fault_mib_s, xstor_read_mib_s=xread,
        write_mib_s=float(np.dot(fault_mib_s, dirty)),  # steady state: what comes in goes out
        steal_pages_s=float((float(fault_mib_s.sum()) + xstor_moved) * PAGES_PER_MIB),
        xstor_moves_pages_s=float(2 * xstor_moved * PAGES_PER_MIB),
        hot_read_mib_s=cat.membership @ (fault_mib_s * cat.hot),
        _split=split,
        elasticity=(e1, e12),
    )


# --------------------------------------------------------------------------------------
# The loop


@lru_cache(maxsize=64)
def _paging_config(env: Environment, host: Host) -> paging.PagingConfig:
    overrides = {}
    if host.paging_devices is not None:
        overrides["devices"] = host.paging_devices
    overrides["path_bandwidth_mib_s"] = PATH_MIB_S[env.io_sharing_path]
    return paging.PagingConfig.from_data(env.paging_kind, **overrides)


class _State(NamedTuple):
    """What one pass of the loop leaves for :func:`_result` (the pass that converged)."""

    mem: _Memory
    pstate: paging.PagingState
    rp: float  #: page-read response time used for the stalls (s)
    alloc: np.ndarray  #: CPUs allocated per guest
    x_new: np.ndarray
    x_open: np.ndarray
    cp_system: float
    fault_cp: np.ndarray
    blocked: np.ndarray
    stall_per_unit: np.ndarray
    available: float
    lost: float  #: fluctuation idle (CPUs)
    io_slow: np.ndarray  #: per variant: I/O time against the reference run (paging.path_slowdown)
    shared_io: float  #: guest I/O on the paging path (MiB/s)
    device_wait: np.ndarray  #: per variant: user-seconds per unit of work waiting for the paging devices
    spin: np.ndarray  #: per guest: CPU per unit of work against Table 17 (lock spinning; 1 without)
    cost: np.ndarray  #: per guest: CPU-s per unit of work (Table 17 × cost factor × spin)
    busy: float  #: share of time every real CPU is busy (dispatch.all_busy)
    # where a unit of work's time goes (Result.breakdown), per variant, in reference cycles
    waiting: "np.ndarray | None" = None  #: think time and own I/O, stretched by the path (think × io_slow)
    stalled: "np.ndarray | None" = None  #: waiting for pages, spread over the users that hide it
    queued: "np.ndarray | None" = None  #: the dispatch wait at wake-ups (Mechanisms.dispatch_wait_s; None when off)
    cpu_share: "np.ndarray | None" = None  #: CPU work including lock spin
    work_share: "np.ndarray | None" = None  #: CPU work without any lock spin (Table 17 less the reference run's spin)
    x_unthrottled: "np.ndarray | None" = None  #: x_open before the path room limit (_within_path_room)
    cap: "np.ndarray | None" = None  #: per guest, the virtual CPUs not held by faults or a reorder pause


class _Solution(NamedTuple):
    """What :func:`_solve` hands to :func:`_result`: the variants it solved for, the run's
    setup (its catalogue, memory split, paging configuration and per-guest arrays), the
    state of the pass that converged (or the last), the throughputs and how the iteration
    ended."""

    names: list[str]  #: variant names, in the order of ``x``
    variants: list[Variant]
    setup: "_PassSetup"
    state: _State
    x: np.ndarray  #: relative throughput per variant
    iterations: int
    converged: bool
    #: how far the last pass moved the unknowns (throughputs, idle CPUs, busy share)
    residual: float


class _Setup(NamedTuple):
    """Per guest and per variant arrays :func:`_solve` needs, which depend only on the guests,
    their drivers and the CPU cost factor (cached: read-only arrays)."""

    vcpus: np.ndarray
    vcpu_count: np.ndarray  #: vcpus as whole numbers
    share: np.ndarray
    cpu_ref: np.ndarray  #: per guest, CPU-s per unit of work (Table 17 × the environment's cost factor)
    cpu_part: np.ndarray  #: per variant, a user's CPU time per unit of work, in reference cycles
    users: np.ndarray
    think: np.ndarray
    blocking_g: np.ndarray  #: per guest, its variant's blocking share
    used_paths: list  #: (path, member variants, their I/O in MiB/s) for paths with guest I/O
    reference_io: dict  #: each path's guest I/O in the reference run
    variant_cpu_ref: np.ndarray  #: cpu_ref summed per variant
    no_spin: np.ndarray
    coupling: np.ndarray
    spinning: bool
    reference_share: np.ndarray  #: each virtual CPU's running share in the reference run
    spin_ref: np.ndarray
    busy_ref: float  #: share of time every real CPU is busy in the reference run
    fault_group: np.ndarray  #: per variant, how many users one page fault holds up (Variant.fault_group)


@lru_cache(maxsize=64)
def _setup(guests: tuple[Guest, ...], names: tuple[str, ...], vlist: tuple[Variant, ...], k: float,
           correlation: float = 0.0) -> _Setup:
    index = {name: i for i, name in enumerate(names)}
    gv = np.array([index[g.variant] for g in guests])
    vcpus = np.array([g.vcpus for g in guests], float)
    share = np.array([g.share for g in guests], float)
    cpu_ref = np.array([g.cpu_load for g in guests], float) * k  # CPU-s per unit of work
    users = np.array([v.users for v in vlist])
    think = np.array([v.think_frac for v in vlist])
    blocking = np.array([v.blocking for v in vlist])
    io_mib = np.array([v.io_mib_s for v in vlist])
    on_path = {p: np.array([v.io_path == p for v in vlist]) for p in PATH_MIB_S}
    # each path's guest I/O in the reference run (x = 1, nothing pages): the load against
    # which a workload's I/O time is measured (paging.path_slowdown)
    reference_io = {p: float(io_mib[on_path[p]].sum()) for p in PATH_MIB_S}
    used_paths = [(p, members, io_mib[members]) for p, members in on_path.items() if members.any()]
    # guests' reference CPU per unit of work summed per variant (the spin factor weighs it)
    variant_cpu_ref = np.bincount(gv, cpu_ref, len(names))
    no_spin = np.ones(len(guests))
    # lock-holder preemption: each guest's coupling, and its spinning in the reference run
    # (512/25: Table 17's loads, CP's base time), which Table 17's CPU per unit already holds
    coupling = np.array([vlist[i].coupling for i in gv], float)
    spinning = bool(np.any(coupling * (vcpus - 1) > 0))
    reference_load = np.minimum(cpu_ref / k, vcpus)
    reference_share = reference_load / vcpus
    if not spinning:
        busy_ref = 0.0
    elif correlation > 0:
        busy_ref = dispatch.idle_and_busy_grouped(REFERENCE_AVAILABLE_CPUS, reference_load, vcpus,
                                                  correlation * coupling)[1]
    else:
        busy_ref = dispatch.all_busy(REFERENCE_AVAILABLE_CPUS, dispatch.vcpu_runnable(reference_load, vcpus))
    spin_ref = dispatch.lock_spin(coupling, vcpus, busy_ref, reference_share)  # checks the guests once
    setup = _Setup(vcpus, vcpus.astype(int), share, cpu_ref, (1.0 - think) * k, users, think, blocking[gv],
                   used_paths, reference_io, variant_cpu_ref, no_spin, coupling, spinning, reference_share, spin_ref,
                   float(busy_ref), np.array([v.fault_group for v in vlist], float))
    for a in [v for v in setup if isinstance(v, np.ndarray)] + [a for path in used_paths for a in path[1:]]:
        a.flags.writeable = False
    return setup


# The steps of one pass (the module docstring's numbering), called by _pass.


def _path_slowdowns(x: np.ndarray, used_paths: list, reference_io: dict, sharing_path: str,
                    paging_mib_s: float) -> tuple[np.ndarray, dict, float]:
    """Step 3, the storage paths. Every guest's I/O shares its path with the other guests'
    I/O on it and, on the paging path, with paging (``paging_mib_s``, reads and writes):
    busier than in the reference run, it takes longer; quieter (another workload on it
    slowed down), it takes less time (:func:`overcommit.paging.path_slowdown`). A path
    carries at most PATH_HEADROOM of its bandwidth, guest I/O what paging leaves of it.
    Returns per variant the slowdown, per path the room left for guest I/O, and the guest
    I/O on the paging path (MiB/s)."""
    io_slow, room, shared_io = np.ones(x.size), {}, 0.0
    for p, members, members_io in used_paths:
        paging_p = paging_mib_s if p == sharing_path else 0.0
        usable = PATH_MIB_S[p] * PATH_HEADROOM
        room[p] = max(usable - paging_p, 0.0)
        guest_p = min(float(np.dot(members_io, x[members])), room[p])
        if p == sharing_path:
            shared_io = guest_p
        io_slow[members] = paging.path_slowdown(PATH_MIB_S[p], min(reference_io[p], usable), guest_p + paging_p,
                                                check=False)
    return io_slow, room, shared_io


def _stalls(mem: _Memory, x: np.ndarray, gv: np.ndarray, ios_per_mib: float, rp: float,
            has_xstor: bool) -> tuple[np.ndarray, np.ndarray]:
    """Step 4, the stalls: per variant, the paging I/Os per unit of work (one stall per
    paging I/O: the thread that faulted waits once for the whole block) and the
    user-seconds per unit of work spent waiting for pages (from the devices at the read
    response time ``rp``, and from expanded storage)."""
    n = x.size
    dev_pages = np.bincount(gv, mem.read_mib_s, n) * ios_per_mib / x
    stall_per_unit = dev_pages * rp
    if has_xstor:
        stall_per_unit = stall_per_unit + np.bincount(gv, mem.xstor_read_mib_s, n) * (
            PAGES_PER_MIB * XSTOR_READ_S) / x
    return dev_pages, stall_per_unit


def _cp_system(host: Host, pstate: paging.PagingState, mem: _Memory, generation: str) -> float:
    """CP's system time (real CPUs), taken before the guests are dispatched: its base time,
    the paging I/O, selecting and stealing frames, and moves to and from expanded storage."""
    return (CP_SYSTEM_BASE_CPUS * host.cpus / 20 + pstate.cp_cpu_cpus
            + mem.steal_pages_s * STEAL_CPU_S_PER_PAGE[generation]
            + mem.xstor_moves_pages_s * XSTOR_MOVE_CPU_S_PER_PAGE)


def _blocked_vcpus(mem: _Memory, rp: float, ios_per_mib: float, blocking_g: np.ndarray, vcpus: np.ndarray,
                   has_xstor: bool, generation: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per guest: the MiB/s it faults in (from the devices and expanded storage), the
    virtual CPUs its faults hold (the blocking share of a stall, and every fault on the hot
    core: a fault in the kernel cannot be handed back to Linux by page-fault handshaking),
    and those plus, on z/VM 6.2, the page reorder's stops: each time CP reorders a guest's
    frame list (once per turnover of its resident pages) the guest stops for resident / 8 GiB
    seconds, so the stopped share of time is the pages stolen per second times the seconds
    per MiB."""
    guest_pages = mem.read_mib_s * (ios_per_mib * rp)
    faults = mem.read_mib_s
    if has_xstor:
        guest_pages = guest_pages + mem.xstor_read_mib_s * (PAGES_PER_MIB * XSTOR_READ_S)
        faults = faults + mem.xstor_read_mib_s
    hot_wait = mem.hot_read_mib_s * (ios_per_mib * rp)
    fault_blocked = blocking_g * (guest_pages - hot_wait) + hot_wait
    blocked = fault_blocked
    if generation == "6.2" and math.isfinite(mem.T):
        blocked = blocked + vcpus * replacement.reorder_duty(faults)
    return faults, fault_blocked, blocked


def _within_path_room(x_open: np.ndarray, used_paths: list, room: dict) -> np.ndarray:
    """Step 5's last limit: workloads whose I/O asks for more than the room left on their
    path share that room in proportion to their demand."""
    for p, members, members_io in used_paths:
        demand = float(np.dot(members_io, x_open[members]))
        if demand > room[p]:
            x_open = np.where(members, x_open * room[p] / demand, x_open)
    return x_open


def _spin_factor(mechanisms: Mechanisms, busy: float, busy_ref: float, fault_blocked: np.ndarray,
                 coupling: np.ndarray, vcpus: np.ndarray, running: np.ndarray, spin_ref: np.ndarray) -> np.ndarray:
    """Step 6's lock-holder preemption (:func:`overcommit.dispatch.lock_spin`): per guest,
    CPU per unit of work against Table 17's. What keeps a lock holder from running is
    preemption while every real CPU is busy (``busy``; at least the reference run's
    ``busy_ref`` unless ``neighbour_relief``) and, with ``fault_holder``, a blocking page
    fault that holds its virtual CPU. The siblings that reach a held lock are the ones making
    progress (``running``: their reference running share scaled by their work now)."""
    held = busy if mechanisms.neighbour_relief else max(busy, busy_ref)
    if mechanisms.fault_holder:
        held = np.minimum(held + fault_blocked / vcpus, 1.0)
    return dispatch.lock_spin(coupling, vcpus, held, running, check=False) / spin_ref


def _clip_aux(values: np.ndarray) -> np.ndarray:
    """The fixed point's unknowns besides the throughputs, kept in range: idle CPUs are
    never negative; the busy share is a probability."""
    out = np.maximum(np.asarray(values, float), 0.0)
    if out.size > 1:
        out[1] = min(out[1], 1.0)
    return out


def _root_of(G: Callable, n: int, start: np.ndarray):
    """Step 7's finish: Powell's hybrid method on G(z) − z from ``start`` (``G`` one pass,
    :class:`_Threaded`; ``n`` the number of throughputs in z). Returns the pass at its
    answer, that pass's state, how far it moved the unknowns, and the passes the
    root-finder made."""
    def gap(z: np.ndarray) -> np.ndarray:
        xz = np.clip(z[:n], 1e-6, 4.0)
        x_next, fresh_z, _, _ = G(xz, _clip_aux(z[n:]))
        return np.append(x_next - z[:n], fresh_z - z[n:])

    sol = optimize.root(gap, start, method="hybr", options={"xtol": POLISH_TOLERANCE})
    x_try = np.clip(sol.x[:n], 1e-6, 4.0)
    x_next, fresh_z, used_z, state_z = G(x_try, _clip_aux(sol.x[n:]))
    moved = max(float(np.max(np.abs(x_next - x_try))), float(np.max(np.abs(fresh_z - used_z))))
    return x_next, state_z, moved, sol.nfev


class _Anderson:
    """Step 7's accelerated step: Anderson acceleration on the residual ``f = G(z) − z`` of
    the unknowns ``z`` (throughputs, idle CPUs, busy share), with a damped step as the base
    (the stall ↔ throughput feedback can oscillate under heavy paging, and plain damping
    then needs dozens of passes), in the stages of DAMPING / HISTORY, SETTLE_* and
    CAREFUL_DAMPING (each stage starts its history afresh)."""

    def __init__(self) -> None:
        self.history_z: list[np.ndarray] = []
        self.history_f: list[np.ndarray] = []

    def step(self, iteration: int, z: np.ndarray, f: np.ndarray) -> np.ndarray:
        if iteration > MAX_ITERATIONS // 4:
            damping, depth, restart = CAREFUL_DAMPING, SETTLE_HISTORY, MAX_ITERATIONS // 4 + 1
        elif iteration > SETTLE_PASSES:
            damping, depth, restart = SETTLE_DAMPING, SETTLE_HISTORY, SETTLE_PASSES + 1
        else:
            damping, depth, restart = DAMPING, HISTORY, 1
        if iteration == restart:
            self.history_z, self.history_f = [], []
        self.history_z.append(z)
        self.history_f.append(f)
        if len(self.history_z) > depth:
            self.history_z.pop(0)
            self.history_f.pop(0)
        step = z + damping * f
        if len(self.history_z) >= 2:
            zs, fs = np.array(self.history_z), np.array(self.history_f)
            dX, dF = (zs[1:] - zs[:-1]).T, (fs[1:] - fs[:-1]).T
            gamma = _least_squares(dF, f)
            candidate = step - (dX + damping * dF) @ gamma
            if math.isfinite(float(candidate.sum())):
                step = candidate
        return step


class _DispatchWait:
    """The lagged wait for a real CPU at every wake-up (:class:`Mechanisms`,
    ``dispatch_wait_s``): the last pass's runnable shares give this pass's wait."""

    #: share of a pass's fresh wait taken (the rest is the last pass's)
    RELAX = 0.5

    def __init__(self, mechanisms: Mechanisms, vlist: Sequence[Variant], guests: Sequence[Guest], gv: np.ndarray):
        self.slice_s = mechanisms.dispatch_wait_s
        ref_load = np.array([min(g.cpu_load, g.vcpus) for g in guests])
        vcpus = np.array([g.vcpus for g in guests])
        self.w_ref = self.queue_wait(REFERENCE_AVAILABLE_CPUS, dispatch.vcpu_runnable(ref_load, vcpus))
        wakeups = np.array([v.wakeups_per_cycle for v in vlist], float)
        if mechanisms.batched_wakeups:
            # one wake-up serves the ready users of a virtual CPU at once
            per_vcpu = np.array([v.users for v in vlist]) / np.maximum(np.bincount(gv, vcpus, len(vlist)), 1)
            batched = np.array([v.batched for v in vlist])
            wakeups = np.where(batched, wakeups / np.maximum(per_vcpu, 1.0), wakeups)
        self.per_cycle = wakeups / np.array([v.cycle_s for v in vlist])
        self.q = None
        self.cpus = 0.0
        self.w = None

    def queue_wait(self, real_cpus: float, q: np.ndarray) -> float:
        """τ · E[(R − c)⁺] / c for virtual CPUs runnable with probabilities ``q``."""
        p = dispatch.runnable_pmf(q, check=False)
        r = np.arange(p.size)
        return self.slice_s * float(np.dot(p, np.maximum(r - real_cpus, 0.0))) / max(real_cpus, 1e-9)

    def record(self, wanted: np.ndarray, vcpu_count: np.ndarray, available: float) -> None:
        self.q = dispatch.vcpu_runnable(wanted, vcpu_count)
        self.cpus = available

    def term(self) -> np.ndarray:
        """Per variant, the added waiting share of a reference cycle."""
        if self.q is None:
            return np.zeros(self.per_cycle.size)
        fresh = self.queue_wait(self.cpus, self.q)
        self.w = fresh if self.w is None else self.RELAX * fresh + (1 - self.RELAX) * self.w
        return self.per_cycle * max(self.w - self.w_ref, 0.0)

    @property
    def wait_s(self) -> float:
        """The wait per wake-up of the last pass (s)."""
        return 0.0 if self.w is None else self.w


def _hiding_users(vlist: Sequence[Variant], mechanisms: Mechanisms) -> np.ndarray:
    """Per variant, the users a page-fault stall is spread over: all of them, or with
    ``query_coupling`` one per fault group (a fault holds up its user's coupled streams too,
    so fewer independent users hide it)."""
    users = np.array([v.users for v in vlist], float)
    if mechanisms.query_coupling:
        return users / np.array([v.fault_group for v in vlist], float)
    return users


@dataclass(frozen=True)
class _PassSetup:
    """What every pass of one run's fixed point reads and none changes: the host, the
    environment and the switches, the guests' memory classes, the paging devices, the
    per-guest and per-variant arrays of :func:`_setup` (``arrays``) and what follows from
    them for this run. Built once per run by :func:`_solve`."""

    host: Host
    env: Environment
    mechanisms: Mechanisms
    cat: _Catalogue
    split: tiers.Tiers
    config: paging.PagingConfig
    arrays: _Setup
    ios_per_mib: float
    #: per variant, a unit of work's CPU without any lock spin, in reference cycles
    work_share: np.ndarray
    #: per guest, how its virtual CPUs' runnability is correlated (correlated_runnability)
    rho: np.ndarray
    #: per variant, the independent users its stalls are spread over (_hiding_users)
    hiding_users: np.ndarray
    #: the dispatch wait's lagged term (Mechanisms.dispatch_wait_s), or None: the one part of
    #: a pass that remembers the passes before it, by design outside the fixed point
    waits: "_DispatchWait | None"

    def idle_busy(self, cpus: float, wanted_cpus: np.ndarray) -> tuple[float, float]:
        """Fluctuation idle and busy share for the guests' wanted CPUs: independent virtual
        CPUs, or with correlated_runnability those of one guest runnable together."""
        if self.mechanisms.correlated_runnability > 0:
            return dispatch.idle_and_busy_grouped(cpus, wanted_cpus, self.arrays.vcpu_count, self.rho)
        return dispatch.idle_and_busy(cpus, dispatch.vcpu_runnable(wanted_cpus, self.arrays.vcpu_count), check=False)


@dataclass(frozen=True)
class _Warm:
    """Where a pass starts its solver for T, handed from pass to pass (not an unknown of the
    fixed point: it changes how fast a pass finds T, within the tolerance it asks for): the
    last T found for each tier, the last pass's throughputs with how T moved with them
    (``previous``), how far the last pass moved the unknowns (``last_delta``: while more
    than ROUGH_WHILE, T is solved roughly) and whether the run is polishing."""

    guess: tuple[float, float] = (100.0, 100.0)
    previous: "tuple[np.ndarray, Any] | None" = None
    last_delta: float = math.inf
    polishing: bool = False


def _pass(setup: _PassSetup, warm: _Warm, x: np.ndarray, aux: "np.ndarray | None"):
    """The fixed-point map G: from throughputs ``x`` and the idle time and busy share
    ``aux`` (None on the first pass: take what the pass computes) to the throughputs the
    resources allow and the idle time and busy share they leave. Returns (new ``x``, fresh
    ``aux``, the ``aux`` used, the pass's state, the :class:`_Warm` for the next pass, and
    whether T was solved roughly)."""
    host, env, mechanisms, cat = setup.host, setup.env, setup.mechanisms, setup.cat
    a = setup.arrays
    gv, n_variants, spinning = cat.guest_variant, cat.variants, a.spinning
    guess = warm.guess
    lost = None if aux is None else float(aux[0])
    busy = None if aux is None or not spinning else float(aux[1])
    if warm.previous is not None:
        # start the solver for T where the last pass's T moves with the new throughputs
        # (first order, _tier_hits); without this each pass takes one solver step more
        step = np.log(x / warm.previous[0])
        guess = tuple(T if e is None else T * math.exp(-float(np.dot(e, step)))
                      for T, e in zip(guess, warm.previous[1]))
    # an inexact fixed-point iteration: while the unknowns still move by more than
    # ROUGH_WHILE, T is matched to the capacity to ROUGH_TOLERANCE of it (a pass that
    # far from the answer gains nothing from more), then to MEMORY_TOLERANCE
    rough = warm.last_delta > ROUGH_WHILE
    mem = _memory(cat, x, setup.split.dpa_mib, setup.split.xstor_mib, env.policy, guess,
                  POLISH_MEMORY_TOLERANCE if warm.polishing else ROUGH_TOLERANCE if rough else MEMORY_TOLERANCE)
    if not math.isfinite(mem.T):
        rough = False  # everything fits: no T was solved, roughly or not
    guess = (mem.T if math.isfinite(mem.T) else guess[0], mem.T12 if math.isfinite(mem.T12) else guess[1])
    warm_next = replace(warm, guess=guess, previous=(x, mem.elasticity))
    reads = float(mem.read_mib_s.sum())
    # Every guest's I/O shares its path with the other guests' I/O on it and, on the
    # paging path, with paging: busier than in the reference run, it takes longer;
    # quieter (another workload on it slowed down), it takes less time. A path carries at
    # most PATH_HEADROOM of its bandwidth, guest I/O what paging leaves of it; guests
    # asking for more share that in proportion to their demand (below).
    io_slow, room, shared_io = _path_slowdowns(x, a.used_paths, a.reference_io, env.io_sharing_path,
                                               reads + mem.write_mib_s)
    pstate = paging.response_time(setup.config, reads, mem.write_mib_s, shared_io, check=False)
    rp = pstate.read_response_s if math.isfinite(pstate.read_response_s) else 60.0
    # pages waited for per unit of work, per variant (x > 0 always)
    # one stall per paging I/O: the thread that faulted waits once for the whole block
    has_xstor = setup.split.xstor_mib > 0  # without it, nothing is read from expanded storage
    dev_pages, stall_per_unit = _stalls(mem, x, gv, setup.ios_per_mib, rp, has_xstor)
    # a user's cycle per unit of work: waiting (own I/O stretched by the path) and stalls,
    # plus the CPU part below
    waiting, stalled = a.think * io_slow, stall_per_unit / setup.hiding_users
    not_cpu = waiting + stalled
    wait_term = None
    if setup.waits is not None:
        wait_term = setup.waits.term()
        not_cpu = not_cpu + wait_term
    # CP system time takes real CPUs before the guests are dispatched.
    cp_system = _cp_system(host, pstate, mem, env.generation)
    faults, fault_blocked, blocked = _blocked_vcpus(mem, rp, setup.ios_per_mib, a.blocking_g, a.vcpus,
                                                    has_xstor, env.generation)
    # Lock-holder preemption (dispatch.lock_spin): coupled guests burn CPU spinning on
    # siblings that z/VM preempted, which happens only while every real CPU is busy. The
    # runnable virtual CPUs include the spinning ones, so the share of time every real
    # CPU is busy is carried from pass to pass and settles with the throughputs.
    if spinning:
        if busy is None:
            x_plain = 1.0 / (not_cpu + a.cpu_part)
            busy = setup.idle_busy(max(host.cpus - cp_system, 0.0),
                                   np.minimum(x_plain[gv] * a.cpu_ref, a.vcpus))[1]
        spin = _spin_factor(mechanisms, busy, a.busy_ref, fault_blocked, a.coupling, a.vcpus,
                            x[gv] * a.reference_share, a.spin_ref)
        cost = a.cpu_ref * spin
        # the burnt CPU also stretches the CPU part of each unit of work
        cpu_share = a.cpu_part * np.bincount(gv, cost, n_variants) / a.variant_cpu_ref
    else:
        spin, cost = a.no_spin, a.cpu_ref
        cpu_share = a.cpu_part
    x_unthrottled = 1.0 / (not_cpu + cpu_share)
    x_open = _within_path_room(x_unthrottled, a.used_paths, room)
    # blocked >= 0, so the cap never exceeds the virtual CPUs
    cap = np.minimum(np.maximum(a.vcpus - blocked, 0.0), a.vcpus)
    fault_cp = faults * (PAGES_PER_MIB * FAULT_CP_CPU_S)
    available = max(host.cpus - cp_system, 1e-6)
    # Real CPUs stand idle in the moments when fewer virtual CPUs are runnable than there
    # are real CPUs; that time cannot be handed to anyone later (overcommit.dispatch).
    wanted = np.minimum(x_open[gv] * cost + fault_cp, cap)
    if setup.waits is not None:
        # a virtual CPU waiting for a real one is runnable: the runnable shares take
        # each guest's demand without the wait
        wanted = np.minimum(cost / np.maximum(1.0 / x_open - wait_term, 1e-9)[gv] + fault_cp, cap)
        setup.waits.record(wanted, a.vcpu_count, available)
    fresh, busy_next = setup.idle_busy(available, wanted)
    # The idle time feeds back on the demand it is computed from, so it is an unknown of
    # the fixed point like the throughputs (stepped and accelerated with them, in _solve).
    if lost is None:
        lost = fresh
    available = max(available - lost, 1e-6)
    # share allocation with chained variants: repeat so non-bottleneck guests release CPU
    alloc, x_new = shares.chain_allocate(available, cap, a.share, cost, fault_cp, gv, x_open)
    x_new = np.maximum(x_new, 1e-6)
    state = _State(mem, pstate, rp, alloc, x_new, x_open, cp_system, fault_cp, blocked, stall_per_unit,
                   available, lost, io_slow, shared_io, dev_pages * rp, spin, cost,
                   busy if spinning else busy_next,
                   waiting=waiting, stalled=stalled, queued=wait_term,
                   cpu_share=cpu_share, work_share=setup.work_share, x_unthrottled=x_unthrottled, cap=cap)
    if spinning:
        return x_new, np.array([fresh, busy_next]), np.array([lost, busy]), state, warm_next, rough
    return x_new, np.array([fresh]), np.array([lost]), state, warm_next, rough


class _Threaded:
    """G for the root finder (:func:`_root_of`): :func:`_pass` with each call starting its
    solver for T where the call before it ended, as the stepping passes do."""

    def __init__(self, setup: _PassSetup, warm: _Warm) -> None:
        self.setup, self.warm = setup, warm

    def __call__(self, x: np.ndarray, aux: "np.ndarray | None"):
        x_new, fresh, used, state, self.warm, _ = _pass(self.setup, self.warm, x, aux)
        return x_new, fresh, used, state


def _solve(host: Host, env: Environment, guests: Sequence[Guest], variants: dict[str, Variant],
           mechanisms: "Mechanisms | None" = None) -> _Solution:
    """Step 7: the run's fixed point, z = G(z) with z the throughputs, the fluctuation idle
    and (when a guest can spin) the busy share, G one :func:`_pass`; stepped with Anderson
    acceleration (:class:`_Anderson`), then polished, and where stepping circles, found as a
    root of G(z) − z (:func:`_root_of`). The iteration is kept apart from the map, as
    QuantEcon's ``compute_fixed_point`` does: :func:`_pass` reads a :class:`_PassSetup` built
    here once and the :class:`_Warm` start the loop hands it."""
    mechanisms = MECHANISMS if mechanisms is None else mechanisms
    names = list(dict.fromkeys(g.variant for g in guests))
    missing = [v for v in names if v not in variants]
    if missing:
        raise ValueError(f"guests: variant {missing[0]!r} has no driver; expected one of {sorted(variants)}")
    vlist = [variants[v] for v in names]
    cat = _catalogue(tuple(guests), tuple(names), env.reclaim_exponent)
    split = tiers.split_real_memory(host.memory_gib, env.xstor_gib)
    config = _paging_config(env, host)
    k = CPU_COST_FACTOR[env.generation]

    arrays = _setup(tuple(guests), tuple(names), tuple(vlist), k, mechanisms.correlated_runnability)
    gv = cat.guest_variant
    setup = _PassSetup(
        host=host, env=env, mechanisms=mechanisms, cat=cat, split=split, config=config, arrays=arrays,
        ios_per_mib=PAGES_PER_MIB / config.pages_per_io,
        # a unit of work's CPU without any lock spin: Table 17's cost holds the reference run's
        work_share=arrays.cpu_part * np.bincount(gv, arrays.cpu_ref / arrays.spin_ref, len(names))
        / arrays.variant_cpu_ref,
        rho=mechanisms.correlated_runnability * arrays.coupling,
        # the users a stall is spread over: with query_coupling, a fault holds up its user's
        # coupled streams too, so the stalls are hidden by fewer independent users
        hiding_users=_hiding_users(vlist, mechanisms),
        waits=_DispatchWait(mechanisms, vlist, guests, gv) if mechanisms.dispatch_wait_s > 0 else None)
    x = np.ones(len(names))
    warm = _Warm()
    polish_left = POLISH_PASSES
    residual = math.inf
    state = None
    #: the fixed point's unknowns besides the throughputs: the fluctuation idle and, when a
    #: guest can spin, the share of time every real CPU is busy
    n_aux = 2 if arrays.spinning else 1
    aux = None
    converged = False
    accelerator = _Anderson()
    n = len(names)

    for iteration in range(1, MAX_ITERATIONS + 1):
        x_new, fresh, used, state, warm, rough = _pass(setup, warm, x, aux)
        dx, daux = x_new - x, fresh - used
        delta = float(np.abs(dx).max())
        aux_delta = float(np.abs(daux).max())
        # converged when the throughputs and the idle time (and busy share) have all settled
        # (they are state of their own: a run may stop moving in x a pass before they do)
        residual = max(delta, aux_delta)
        if warm.polishing:
            if residual < POLISH_TOLERANCE or polish_left == 0 or iteration == MAX_ITERATIONS:
                x = x_new
                break
            polish_left -= 1
        elif delta < TOLERANCE and aux_delta < TOLERANCE and not rough:
            converged = True
            warm = replace(warm, polishing=True)
        warm = replace(warm, last_delta=residual)
        # Anderson acceleration (the stages above) on the residual G(z) - z of z = (x, idle[, busy]), with a damped step as
        # the base: the stall <-> throughput feedback can oscillate under heavy paging,
        # and plain damping then needs dozens of passes.
        step = accelerator.step(iteration, np.concatenate((x, used)), np.concatenate((dx, daux)))
        x = np.minimum(np.maximum(step[:n], 1e-6), 4.0)
        aux = _clip_aux(step[n:])
    root_map = _Threaded(setup, replace(warm, last_delta=0.0, polishing=True))

    if not converged:
        # A limit cycle: under heavy paging two branches of the stall <-> throughput feedback
        # can take turns (copies of one guest trading memory back and forth), and stepping
        # along G never settles. The fixed point still exists; find it as a root of G(z) - z
        # from the mean of the cycle.
        zs = np.array(accelerator.history_z) if accelerator.history_z else np.append(x, np.zeros(n_aux) if aux is None else aux)[None, :]
        x_root, state, residual, calls = _root_of(root_map, n, zs.mean(axis=0))
        iteration += calls
        if residual < TOLERANCE:
            x, converged = x_root, True
    elif residual >= POLISH_TOLERANCE:
        # Polishing stalled: the run circles its fixed point closer than TOLERANCE but
        # does not close in. From there a root-finder does (and the last digits no longer
        # depend on which CPU ran the passes).
        x_root, state_root, moved, calls = _root_of(root_map, n, np.concatenate((x, fresh)))
        iteration += calls
        if moved < residual:
            x, state, residual = x_root, state_root, moved
    return _Solution(names, vlist, setup, state, x, iteration, converged, residual)


@lru_cache(maxsize=32)
def _gelsd_work(rows: int, columns: int) -> tuple[int, int]:
    work, iwork, _ = lapack.dgelsd_lwork(rows, columns, 1, -1)
    return int(work), int(iwork)


def _least_squares(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.linalg.lstsq(a, b, rcond=None)[0]``: the same LAPACK routine (gelsd, singular
    values below machine epsilon × max(shape) of the largest treated as zero) called
    directly, without the wrapper's checks that cost as much as the solve at this size."""
    rows, columns = a.shape
    # gelsd wants room for the solution in its right-hand side
    room = b if rows >= columns else np.concatenate((b, np.zeros(columns - rows)))
    solution, _, _, info = lapack.dgelsd(a, room, *_gelsd_work(rows, columns),
                                         np.finfo(float).eps * max(rows, columns))
    if info != 0:
        return np.linalg.lstsq(a, b, rcond=None)[0]
    return solution[:columns]


def _result(host: Host, env: Environment, guests, solution: _Solution, mechanisms: "Mechanisms | None" = None) -> Result:
    mechanisms = MECHANISMS if mechanisms is None else mechanisms
    names, vlist, setup = solution.names, solution.variants, solution.setup
    cat, split = setup.cat, setup.split
    state, x, iterations, converged = solution.state, solution.x, solution.iterations, solution.converged
    mem, pstate, rp, alloc, cp_system, fault_cp, lost = (state.mem, state.pstate, state.rp, state.alloc,
                                                         state.cp_system, state.fault_cp, state.lost)
    blocked = state.blocked
    placed = mem.placed
    gv = cat.guest_variant
    used = np.minimum(x[gv] * state.cost + fault_cp, alloc)
    cp_attr = used * CP_ATTRIBUTED_SHARE + fault_cp
    emulation = used - cp_attr
    idle = max(host.cpus - cp_system - used.sum(), 0.0)

    # failures
    failed = np.zeros(len(names), bool)
    reason = [""] * len(names)
    drain = np.zeros(len(names))
    ios_per_mib = setup.ios_per_mib
    constrained = math.isfinite(mem.T)
    pause = replacement.reorder_pause_s(placed.resident) if (env.generation == "6.2" and constrained) else np.zeros(len(guests))
    if mechanisms.reorder_in_run and pause.any():
        # a pause happens once per turnover of the guest's resident pages
        turnovers = RUN_S * replacement.reorder_rate_per_s(mem.read_mib_s + mem.xstor_read_mib_s, placed.resident)
        pause = np.where(turnovers >= 1.0, pause, 0.0)
    longest_pause = np.zeros(len(names))
    np.maximum.at(longest_pause, gv, pause)
    dirty_out = None
    for i, v in enumerate(vlist):
        response = v.cycle_s * (1.0 / x[i] - v.think_frac)
        longest = float(longest_pause[i])
        if v.timeout_s is not None and response > v.timeout_s:
            failed[i], reason[i] = True, f"mean response {response:.2f} s above the {v.timeout_s:g} s time-out"
        elif v.pause_limit_s is not None and longest > v.pause_limit_s:
            failed[i], reason[i] = True, (
                f"page reorder stops a guest for {longest:.1f} s, longer than the {v.pause_limit_s:g} s its clients wait")
        if v.min_progress is not None and x[i] < v.min_progress:
            failed[i], reason[i] = True, f"ran at {x[i]:.0%} of its reference speed, too slow to finish (needs {v.min_progress:.0%})"
        if v.drain_limit_s is not None and constrained:
            # When fio stops, Linux writes its dirty page cache to the files; the dirty pages
            # z/VM has paged out must first be read back, one paging I/O per block, by each
            # of the variant's synchronous jobs in turn, at the paging read response time.
            if dirty_out is None:
                dirty_out = np.bincount(gv, placed.paged_out_dirty, len(names))
            if mechanisms.writeback_flushers:
                # Linux's flusher threads, one per data disk, fault the pages back one
                # block at a time, then write them to the data disks at their reference rate
                drain[i] = (float(dirty_out[i]) * ios_per_mib * rp / FIO_DATA_DISKS
                            + float(dirty_out[i]) / max(v.io_mib_s, 1e-9))
            else:
                drain[i] = float(dirty_out[i]) * ios_per_mib * rp / v.users
            if drain[i] > v.drain_limit_s:
                failed[i], reason[i] = True, (
                    f"its dirty page cache paged out by z/VM takes {drain[i]:.0f} s to read back and write, "
                    f"longer than the {v.drain_limit_s:g} s it has to finish")
        if (v.io_error_utilisation is not None and v.io_path == env.io_sharing_path
                and pstate.path_utilisation >= v.io_error_utilisation):
            failed[i], reason[i] = True, (
                f"its disks share the storage path with paging, which is {pstate.path_utilisation:.0%} "
                f"busy: I/O errors and time-outs from {v.io_error_utilisation:.0%}")

    # pandas objects are built on first access: constructing them costs more than the
    # fixed point itself, and sweep() and calibration do not need most of them.
    workloads = lambda: pd.DataFrame(  # noqa: E731
        {
            "relative_throughput": x,
            "cpu_load": np.bincount(gv, used, len(names)),
            "failed": failed,
            "failure_reason": reason,
            "page_read_mib_s": np.bincount(gv, mem.read_mib_s, len(names)),
            "io_slowdown": state.io_slow,
            # a user's wait for the paging devices per unit of work (x_open's stall term
            # without expanded storage)
            "device_wait_per_unit": state.device_wait / _hiding_users(vlist, mechanisms),
            "drain_s": drain,
        },
        index=pd.Index(names, name="variant"),
    )
    guests_df = lambda: pd.DataFrame(  # noqa: E731
        {
            "variant": [g.variant for g in guests],
            "vcpus": [g.vcpus for g in guests],
            "share": [g.share for g in guests],
            "virtual_mib": [g.defined_mib for g in guests],
            "instantiated_mib": placed.instantiated,
            "resident_mib": placed.resident,
            "stored_mib": placed.stored,
            "xstor_mib": placed.xstor,
            "page_read_mib_s": mem.read_mib_s,
            "cpu_load": used,
            "cpu_allocated": alloc,
            "blocked_vcpus": blocked,
            # CPU per unit of work against Table 17: lock-holder preemption (dispatch.lock_spin)
            "spin_factor": state.spin,
            "reorder_pause_s": pause,
        },
        index=pd.Index([g.name for g in guests], name="guest"),
    )
    inst = placed.instantiated.sum()
    res = placed.resident.sum()
    system = lambda: pd.Series(  # noqa: E731
        {
            "cid": host.cid,
            "env": env.name,
            "real_memory_mib": split.real_mib,
            "dpa_mib": split.dpa_mib,
            "xstor_mib": split.xstor_mib,
            "real_cpus": host.cpus,
            "overcommit_ratio": tiers.overcommit_ratio(inst, res + placed.xstor.sum()),
            "characteristic_time_s": mem.T,
            "page_read_mib_s": float(mem.read_mib_s.sum()),
            "page_write_mib_s": float(mem.write_mib_s),
            "page_read_response_ms": rp * 1e3,
            "paging_device_utilisation": pstate.device_utilisation,
            "path_utilisation": pstate.path_utilisation,
            "paging_path_guest_io_mib_s": float(state.shared_io),
            "emulation_cpu": float(emulation.sum()),
            "cp_guest_cpu": float(cp_attr.sum()),
            "cp_system_cpu": float(cp_system),
            "idle_cpu": float(idle),
            "fluctuation_idle_cpu": float(min(lost, idle)),
            # share of time every real CPU is busy: when z/VM preempts at a time slice's end
            "all_cpus_busy": float(state.busy),
            # idle for want of work: no guest is cut, so there is no water level
            "spare_cpu": float(idle - min(lost, idle)),
            "overall_relative_throughput": float(np.mean(x)),
            "failed": bool(failed.any()),
            "converged": converged,
            "iterations": iterations,
            # how far the last pass moved the unknowns: below POLISH_TOLERANCE a run is
            # settled to the digits every machine agrees on
            "residual": float(solution.residual),
        }
    )
    def breakdown() -> pd.DataFrame:
        frame = _breakdown(vlist, setup.arrays.vcpus, gv, x, state)
        frame["failed"] = failed
        return frame

    return Result(system, workloads, guests_df, host, env.name, iterations, converged, breakdown)


def _host(config) -> Host:
    if isinstance(config, Host):
        return config
    cid = parse_cid(config)
    return Host(cid.memory_gib, cid.cpus)


def simulate(config="64/20", env: "str | Environment" = "zvm63-edev", guests: Iterable[Guest] | None = None,
             variants: dict[str, Variant] | None = None, *, strict: bool = True,
             mechanisms: Mechanisms | None = None) -> Result:
    """Run the model for one host configuration.

    ``config`` is a CID (``"64/20"`` or ``(64, 20)``) or a :class:`Host`; ``env`` one of
    :data:`ENVIRONMENTS` or an :class:`Environment`; ``guests`` a list of :class:`~overcommit.workloads.Guest` (default:
    the study's 17) and ``variants`` their drivers by variant name (default: the study's).
    Raises ``ValueError`` for bad input and :class:`NotConvergedError` when the fixed point
    does not converge (with ``strict=False`` the result is returned with ``converged`` False).
    """
    host = _host(config)
    environment_ = environment(env)
    if guests is None:
        guests = study_guests()
    guests = tuple(guests)
    if not guests:
        raise ValueError("guests: empty; expected at least one Guest")
    for g in guests:
        if not isinstance(g, Guest):
            raise ValueError(f"guests: {g!r} is not accepted; expected overcommit.Guest objects")
    if len({g.name for g in guests}) != len(guests):
        raise ValueError("guests: guest names repeat; expected unique names")
    drivers = study_variants() if variants is None else dict(variants)
    if mechanisms is not None and not isinstance(mechanisms, Mechanisms):
        raise ValueError(f"mechanisms: {mechanisms!r} is not accepted; expected an overcommit.Mechanisms")
    if mechanisms is not None and mechanisms.gc_sweep > 0:
        guests = tuple(replace(g, regularity=mechanisms.gc_sweep) if is_jvm(g) else g for g in guests)
    if mechanisms is not None and not mechanisms.hot_set:
        guests = tuple(replace(g, hot_set_mib=0.0) if g.hot_set_mib > 0 else g for g in guests)
    solution = _solve(host, environment_, guests, drivers, mechanisms)
    result = _result(host, environment_, guests, solution, mechanisms)
    iterations, converged = solution.iterations, solution.converged
    if not converged and strict:
        raise NotConvergedError(
            f"simulate({host.cid!r}, env={env!r}) did not converge in {iterations} iterations"
        )
    return result


def sweep(cids: Iterable | None = None, envs: Iterable[str] | None = None, progress: bool = False,
          mechanisms: Mechanisms | None = None) -> pd.DataFrame:
    """Simulate every CID × environment; a long DataFrame with one row per variant and run.

    Columns: cid, env, memory_gib, cpus, variant, relative_throughput, cpu_load, failed,
    failure_reason, page_read_mib_s, and the run's system metrics prefixed ``system_``.
    """
    cids = list(data.cid_grid()["cid"]) if cids is None else [str(parse_cid(c)) for c in cids]
    envs = list(ENVIRONMENTS) if envs is None else list(envs)
    for e in envs:
        environment(e)
    keys = ("overall_relative_throughput", "page_read_mib_s", "page_write_mib_s", "overcommit_ratio",
            "dpa_mib", "emulation_cpu", "cp_guest_cpu", "cp_system_cpu", "idle_cpu", "failed")
    columns: dict[str, list] = {k: [] for k in ("cid", "env", "memory_gib", "cpus", "variant",
                                                 "relative_throughput", "cpu_load", "failed",
                                                 "failure_reason", "page_read_mib_s")}
    columns.update({"system_" + k: [] for k in keys})
    total = len(cids) * len(envs)
    for n, (e, c) in enumerate(((e, c) for e in envs for c in cids), start=1):
        r = simulate(c, env=e, mechanisms=mechanisms)
        w = r.workloads
        count = len(w)
        columns["cid"] += [c] * count
        columns["env"] += [e] * count
        columns["memory_gib"] += [r.host.memory_gib] * count
        columns["cpus"] += [r.host.cpus] * count
        columns["variant"] += list(w.index)
        for k in ("relative_throughput", "cpu_load", "failed", "failure_reason", "page_read_mib_s"):
            columns[k] += list(w[k])
        for k in keys:
            columns["system_" + k] += [r.system[k]] * count
        if progress:
            print(f"\r[{n}/{total}] {e} {c}", end="", flush=True)
    if progress:
        print()
    return pd.DataFrame(columns)


__all__ = ["BREAKDOWN_PARTS", "ENVIRONMENTS", "MECHANISMS", "Environment", "Host", "Mechanisms", "NotConvergedError", "Result", "environment", "simulate", "sweep"]
