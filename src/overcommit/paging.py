r"""The z/VM paging subsystem as a set of queues.

When z/VM real memory is overcommitted, CP moves guest pages to and from its paging
devices. A guest that touches a page that is out on a paging device waits for a *page
read*; page writes (evictions) happen in the background but occupy the same devices. How
long a page read takes is therefore a queueing question: how busy are the devices, how
many I/Os can each device work on at once, and what else shares the path to the storage
server. This module answers it with three textbook results and one simulation that checks
them.

The queues
----------
Write :math:`R` and :math:`W` for the page read and page write rates in MiB/s (the paper's
units, seed 000 glossary), :math:`n` for the number of paging devices, :math:`b` for the
pages moved per I/O (z/VM moves pages in blocks) and :math:`S` for the service time of one
paging I/O,

.. math::

    S = t_{\text{io}} + b\, t_{\text{page}},

a fixed per-I/O overhead plus a transfer time per 4 KiB page. z/VM spreads paging over all
its paging volumes, so each device receives I/Os at the rate

.. math::

    \lambda_d = \frac{256\,(R + W)}{b\, n} \quad \text{per second}

(256 pages of 4 KiB per MiB). Both directions occupy the devices; only reads stall guests.

**ECKD: one I/O at a time, M/M/1.** z/VM 6.3 has no PAV or HyperPAV for paging volumes, so
an ECKD paging volume has exactly one I/O in progress (seed 000, "z/VM host configuration").
Each volume is a single-server queue with utilisation :math:`\rho = \lambda_d S` and mean
response time (queueing plus service)

.. math::

    T_{\text{M/M/1}} = \frac{S}{1 - \rho}.

**EDEV-SCSI: overlapping I/O, M/M/k.** z/VM issues overlapping I/O to each EDEV-SCSI
device (same section), so a device behaves like :math:`k` servers sharing one queue. With
offered load :math:`a = \lambda_d S` (in servers' worth of work) and :math:`\rho = a / k`,
an arriving I/O has to wait with the Erlang C probability

.. math::

    C(k, a) = \frac{\dfrac{a^k}{k!}\dfrac{k}{k - a}}
                   {\sum_{j=0}^{k-1} \dfrac{a^j}{j!} + \dfrac{a^k}{k!}\dfrac{k}{k - a}},
    \qquad
    T_{\text{M/M/k}} = S + C(k, a)\,\frac{S}{k - a}.

For :math:`k = 1`, :math:`C(1, a) = a = \rho` and this is the M/M/1 formula again.

**Why ECKD saturates first.** At the same per-device rate and the same :math:`S`, the ECKD
volume reaches :math:`\rho = 1` at :math:`\lambda_d = 1/S`, the EDEV device only at
:math:`k/S`. Long before that the difference shows: at :math:`\lambda_d S = 0.8` the ECKD
volume answers in :math:`5S`, while an EDEV device with :math:`k = 4` is at
:math:`\rho = 0.2` and answers in about :math:`1.003\,S`. Response time grows like
:math:`1/(1-\rho)`, and the single server is the one whose :math:`\rho` runs away. (The
study's ECKD variant had 25 volumes against 16 EDEV devices, i.e. 25 servers against
:math:`16k`.)

**Service-time variability: M/G/1.** Real paging I/O is neither exponential nor constant.
The Pollaczek-Khinchine formula gives the mean queueing delay of a single server for any
service distribution with squared coefficient of variation :math:`C_s^2`:

.. math::

    W_q = \frac{\rho}{1 - \rho}\cdot\frac{1 + C_s^2}{2}\cdot S.

Exponential service (:math:`C_s^2 = 1`) is the M/M/1 case; constant service
(:math:`C_s^2 = 0`) halves the wait.

**Unstable queues.** At :math:`\rho \ge 1` the queue grows without bound in the long run.
The functions here then return ``math.inf`` (not an exception), and :func:`response_time`
flags the state as saturated: in a real system the page rate cannot exceed the capacity,
the guests slow down instead.

The shared path and interference
--------------------------------
The paging devices are LUNs or volumes on the same storage server as the guests' own disks,
reached over the same channels: four FICON Express8 8 Gbit cards to an FCP switch for SCSI,
four to a FICON switch for ECKD (seed 000, "Hardware"). In the EDEV environment the
database BI guest's SCSI disks share that path with paging, in the ECKD environment the fio
guests' 3390 disks (data/environments.csv). The model treats the path (channels plus the
storage server front end) as one processor-sharing server of bandwidth :math:`B` whose
utilisation counts both,

.. math::

    \rho_{\text{path}} = \frac{R + W + G}{B},

with :math:`G` the guest I/O rate in MiB/s. Under processor sharing a transfer that takes
:math:`t` on an idle path takes :math:`t / (1 - \rho_{\text{path}})` on average, whatever
the distribution of transfer sizes (the insensitivity of M/G/1-PS). A paging I/O therefore
gets the extra congestion delay :math:`t\,\rho_{\text{path}}/(1-\rho_{\text{path}})` on top
of its device response, with :math:`t = b \cdot 4\,\text{KiB} / B` (the unloaded transfer
is part of :math:`S`). The guest's own I/O is slowed by the factor
:math:`(1 - G/B)/(1 - \rho_{\text{path}})` compared with the path without paging: that is
the *interference* (seed 000, "Comparison of different z/VM environments", conclusions:
no strong degradation with EDEV, a failing file system workload with ECKD at 64 GiB).

CP CPU cost of paging
---------------------
For EDEV-SCSI paging, CP drives the SCSI I/O itself on real CPUs; for ECKD paging the
channel subsystem's system assist processors (SAPs) take over much of the I/O work. The
paper expects the system CPU load to rise with EDEV-SCSI paging "because SCSI I/O implies
real CPU activity for data transfer operations", while ECKD paging is "relieved of many
I/O related activities through the use of system assist processors (SAPs)" (seed 000,
"Analysis of z/VM CPU load", conclusions for user and system CPU load). The model charges
:math:`\kappa` CPU seconds per page moved, so paging costs :math:`256\,\kappa\,(R + W)`
real CPUs. This is only the I/O-driving part; CP's page management itself (aging list,
fault handling), which the paper saw rise for ECKD too, is not in it.

Parameters: what comes from the paper and what is assumed
---------------------------------------------------------
From the paper (through :func:`overcommit.data.paging_devices`): the number and size of
devices, one I/O at a time for ECKD, overlapping I/O for EDEV-SCSI, four 8 Gbit channel
cards. **Assumed, to be calibrated** (the paper reports none of them): the servers per
EDEV device, the per-I/O overhead, the per-page transfer time, the pages per I/O, the
usable path bandwidth and the CP CPU per page. The defaults are the ``DEFAULT_*``
constants below, each with its reasoning.

References
----------
- A. K. Erlang, "Solution of some problems in the theory of probabilities of significance
  in automatic telephone exchanges", *Elektroteknikeren* 13, 1917 (Erlang C).
- F. Pollaczek, 1930, and A. Y. Khinchine, 1932: the mean waiting time of M/G/1.
- M. Harchol-Balter, *Performance Modeling and Design of Computer Systems: Queueing Theory
  in Action*, Cambridge University Press, 2013: M/M/1, M/M/k and Erlang C, M/G/1 and the
  P-K formula, processor sharing and its insensitivity.
- E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, *Quantitative System
  Performance*, Prentice Hall, 1984: the utilisation law :math:`U = X S` and the
  single-server response time :math:`S / (1 - U)` used for every device here.
- IBM, *z/VM 6.3 Resource Overcommitment* (2014) = seed 000: the paging configurations,
  the I/O concurrency per device, the channels, and the CPU-load conclusions cited above.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, fields

from .seeding import rng

__all__ = [
    "PAGE_KIB",
    "PAGES_PER_MIB",
    "KINDS",
    "DEFAULT_EDEV_SERVERS",
    "DEFAULT_IO_OVERHEAD_S",
    "DEFAULT_PAGE_TRANSFER_S",
    "DEFAULT_PAGES_PER_IO",
    "DEFAULT_PATH_BANDWIDTH_MIB_S",
    "DEFAULT_CP_CPU_S_PER_PAGE",
    "erlang_c",
    "mmc_wait",
    "mmc_response",
    "mm1_response",
    "mg1_wait",
    "mg1_response",
    "channel_bandwidth_mib_s",
    "PagingConfig",
    "PagingState",
    "device_response_time",
    "path_slowdown",
    "response_time",
    "simulate_devices",
]

PAGE_KIB = 4
PAGES_PER_MIB = 1024 // PAGE_KIB  # 256 pages of 4 KiB per MiB
KINDS = ("edev-scsi", "eckd")

# ---------------------------------------------------------------------------------------
# Default timing parameters. ASSUMPTIONS, to be calibrated: the paper reports none of them.

#: Concurrent I/Os per EDEV-SCSI device. The paper says only that z/VM issues
#: "overlapping" I/O per EDEV device; 4 is a conservative guess for a LUN in a striped
#: DS8800 pool (the brief's range is 4-8). ECKD is fixed at 1 (no PAV/HyperPAV in 6.3).
DEFAULT_EDEV_SERVERS = 4

#: Fixed time per paging I/O in seconds: channel program or FCP command, storage-server
#: cache lookup and, for reads that miss the cache, the back-end disk access. 1 ms is an
#: order-of-magnitude blend of fast writes into the storage server's cache (well under a
#: millisecond) and random page reads from striped disk ranks (several milliseconds).
DEFAULT_IO_OVERHEAD_S = 1.0e-3

#: Transfer time per 4 KiB page in seconds: 4 KiB at about 200 MiB/s per I/O stream.
DEFAULT_PAGE_TRANSFER_S = 20e-6

#: Pages moved per paging I/O (z/VM reads and writes pages in blocks). 4 is a modest
#: average for page reads in z/VM 6.3; writes are usually larger blocks, which this single
#: parameter ignores.
DEFAULT_PAGES_PER_IO = 4.0

#: CP CPU seconds per page moved. EDEV-SCSI: CP drives the SCSI I/O on real CPUs; ten
#: microseconds per 4 KiB page is an assumed path length. ECKD: the I/O work is offloaded
#: to the SAPs, so the I/O-driving cost on real CPUs is taken as zero.
DEFAULT_CP_CPU_S_PER_PAGE = {"edev-scsi": 1.0e-5, "eckd": 0.0}

#: Fibre Channel at "8 Gbit" signals 8.5 Gbaud with 8b/10b encoding: 800 MB/s of payload
#: per direction and link.
FC_PAYLOAD_BYTES_PER_GBIT = 100e6


def channel_bandwidth_mib_s(cards: int, gbit: float) -> float:
    """Payload bandwidth in MiB/s of ``cards`` Fibre Channel links of ``gbit`` Gbit/s.

    The nominal line rate after 8b/10b encoding (100 MB/s per Gbit), one direction. An
    upper bound: sustained throughput of a FICON or FCP channel is lower, and small paging
    I/Os are limited by I/O rate before bandwidth. Four FICON Express8 8 Gbit cards, as in
    the study:

    >>> round(channel_bandwidth_mib_s(4, 8), 1)
    3051.8
    """
    cards = _whole("cards", cards, 1)
    gbit = _positive("gbit", gbit)
    return cards * gbit * FC_PAYLOAD_BYTES_PER_GBIT / 2**20


#: Usable path bandwidth: the line rate of the study's four FICON Express8 8 Gbit cards.
#: An optimistic upper bound (see :func:`channel_bandwidth_mib_s`); calibrate it.
DEFAULT_PATH_BANDWIDTH_MIB_S = 4 * 8 * FC_PAYLOAD_BYTES_PER_GBIT / 2**20

# ---------------------------------------------------------------------------------------
# Input checks: a ValueError names the parameter, the value and what is accepted.


def _number(name: str, value: object) -> float:
    if isinstance(value, bool):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number")
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number") from None
    if not math.isfinite(number):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number")
    return number


def _nonnegative(name: str, value: object) -> float:
    number = _number(name, value)
    if number < 0:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number >= 0")
    return number


def _positive(name: str, value: object) -> float:
    number = _number(name, value)
    if number <= 0:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a finite number > 0")
    return number


def _whole(name: str, value: object, minimum: int) -> int:
    ok = not isinstance(value, bool)
    try:
        number = float(value)  # type: ignore[arg-type]
        ok = ok and math.isfinite(number) and number == int(number) and number >= minimum
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}")
    return int(number)


# ---------------------------------------------------------------------------------------
# Queueing formulas


def erlang_c(servers: int, offered_load: float) -> float:
    """Erlang C: the probability that an arrival to an M/M/c queue has to wait.

    ``offered_load`` is :math:`a = \\lambda S` in servers' worth of work (Erlangs). Computed
    with the Erlang B recursion :math:`B_0 = 1`, :math:`B_j = a B_{j-1} / (j + a B_{j-1})`
    and :math:`C = c B_c / (c - a (1 - B_c))`, which never forms :math:`a^c` or :math:`c!`.
    Returns 1.0 when :math:`a \\ge c` (every arrival waits: the limit as :math:`a \\to c`).

    >>> erlang_c(1, 0.7)  # one server: the utilisation
    0.7
    >>> round(erlang_c(2, 1.0), 12)
    0.333333333333
    """
    return _erlang_c(_whole("servers", servers, 1), _nonnegative("offered_load", offered_load))


def _erlang_c(c: int, a: float) -> float:
    if a == 0:
        return 0.0
    if a >= c:
        return 1.0
    b = 1.0
    for j in range(1, c + 1):
        b = a * b / (j + a * b)
    return c * b / (c - a * (1.0 - b))


def mmc_wait(arrival_rate: float, service_time: float, servers: int) -> float:
    """Mean time an arrival waits in the queue of an M/M/c system (service excluded).

    :math:`W_q = C(c, a)\\, S / (c - a)` with :math:`a = \\lambda S`. ``math.inf`` when
    :math:`\\rho = a/c \\ge 1` (unstable). Raises ValueError for negative or non-finite
    rates and times and for ``servers`` < 1.
    """
    return _mmc_wait(_nonnegative("arrival_rate", arrival_rate), _nonnegative("service_time", service_time),
                     _whole("servers", servers, 1))


def _mmc_wait(lam: float, s: float, c: int) -> float:
    a = lam * s
    if a == 0:
        return 0.0
    if a >= c:
        return math.inf
    return _erlang_c(c, a) * s / (c - a)


def mmc_response(arrival_rate: float, service_time: float, servers: int) -> float:
    """Mean response time (wait + service) of an M/M/c queue; ``math.inf`` if unstable."""
    return mmc_wait(arrival_rate, service_time, servers) + _nonnegative(
        "service_time", service_time
    )


def mm1_response(arrival_rate: float, service_time: float) -> float:
    """Mean response time of an M/M/1 queue, :math:`S / (1 - \\rho)` with
    :math:`\\rho = \\lambda S`; ``math.inf`` when :math:`\\rho \\ge 1`.

    >>> mm1_response(500.0, 1e-3)
    0.002
    """
    lam = _nonnegative("arrival_rate", arrival_rate)
    s = _nonnegative("service_time", service_time)
    rho = lam * s
    if rho >= 1:
        return math.inf
    return s / (1.0 - rho)


def mg1_wait(arrival_rate: float, service_time: float, scv: float) -> float:
    """Mean queueing delay of an M/G/1 queue (Pollaczek-Khinchine).

    :math:`W_q = \\frac{\\rho}{1-\\rho}\\cdot\\frac{1 + C_s^2}{2}\\cdot S`, where ``scv`` is
    the squared coefficient of variation :math:`C_s^2` of the service time (1 for
    exponential, 0 for constant). ``math.inf`` when :math:`\\rho \\ge 1`.
    """
    lam = _nonnegative("arrival_rate", arrival_rate)
    s = _nonnegative("service_time", service_time)
    cs2 = _nonnegative("scv", scv)
    rho = lam * s
    if rho == 0:
        return 0.0
    if rho >= 1:
        return math.inf
    return rho / (1.0 - rho) * (1.0 + cs2) / 2.0 * s


def mg1_response(arrival_rate: float, service_time: float, scv: float) -> float:
    """Mean response time of an M/G/1 queue: :func:`mg1_wait` plus the service time."""
    return mg1_wait(arrival_rate, service_time, scv) + _nonnegative("service_time", service_time)


# ---------------------------------------------------------------------------------------
# The paging subsystem


@dataclass(frozen=True)
class PagingConfig:
    """A z/VM paging subsystem: its devices, their concurrency, timing and shared path.

    ``servers_per_device`` and ``cp_cpu_s_per_page`` default by ``kind`` (None means "the
    default for this kind"): EDEV-SCSI :data:`DEFAULT_EDEV_SERVERS` and 1e-5 s, ECKD 1 and
    0 s. ECKD volumes accept only ``servers_per_device=1``: z/VM 6.3 has no PAV or HyperPAV
    for paging, one I/O at a time per volume.

    Attributes
    ----------
    kind
        ``"edev-scsi"`` or ``"eckd"``.
    devices
        Number of paging devices; paging is spread evenly over them.
    servers_per_device
        I/Os a device works on at the same time (M/M/k servers).
    io_overhead_s
        Fixed service time per paging I/O, seconds (assumed).
    page_transfer_s
        Additional service time per 4 KiB page in the I/O, seconds (assumed).
    pages_per_io
        Average pages moved per paging I/O, >= 1 (assumed).
    path_bandwidth_mib_s
        Bandwidth of the channels and storage-server path shared by paging and guest I/O,
        MiB/s (default: line rate of four 8 Gbit links, an upper bound).
    cp_cpu_s_per_page
        Real-CPU seconds CP spends driving the I/O of one page moved (assumed).
    device_gib
        Size of one device in GiB, for information (None if unknown).
    """

    kind: str
    devices: int
    servers_per_device: int | None = None
    io_overhead_s: float = DEFAULT_IO_OVERHEAD_S
    page_transfer_s: float = DEFAULT_PAGE_TRANSFER_S
    pages_per_io: float = DEFAULT_PAGES_PER_IO
    path_bandwidth_mib_s: float = DEFAULT_PATH_BANDWIDTH_MIB_S
    cp_cpu_s_per_page: float | None = None
    device_gib: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"kind: {self.kind!r} is not accepted; expected one of "
                + ", ".join(repr(k) for k in KINDS)
            )
        set_ = object.__setattr__
        set_(self, "devices", _whole("devices", self.devices, 1))
        if self.servers_per_device is None:
            default = DEFAULT_EDEV_SERVERS if self.kind == "edev-scsi" else 1
            set_(self, "servers_per_device", default)
        servers = _whole("servers_per_device", self.servers_per_device, 1)
        if self.kind == "eckd" and servers != 1:
            raise ValueError(
                f"servers_per_device: {self.servers_per_device!r} is not accepted for kind "
                "'eckd'; expected 1 (z/VM 6.3 has no PAV or HyperPAV for paging volumes, so "
                "one I/O at a time per volume)"
            )
        set_(self, "servers_per_device", servers)
        set_(self, "io_overhead_s", _nonnegative("io_overhead_s", self.io_overhead_s))
        set_(self, "page_transfer_s", _nonnegative("page_transfer_s", self.page_transfer_s))
        ppi = _number("pages_per_io", self.pages_per_io)
        if ppi < 1:
            raise ValueError(
                f"pages_per_io: {self.pages_per_io!r} is not accepted; expected a finite "
                "number >= 1"
            )
        set_(self, "pages_per_io", ppi)
        if self.io_overhead_s + ppi * self.page_transfer_s <= 0:
            raise ValueError(
                "io_overhead_s: 0 together with page_transfer_s: 0 is not accepted; expected "
                "a positive service time per I/O"
            )
        set_(
            self,
            "path_bandwidth_mib_s",
            _positive("path_bandwidth_mib_s", self.path_bandwidth_mib_s),
        )
        if self.cp_cpu_s_per_page is None:
            set_(self, "cp_cpu_s_per_page", DEFAULT_CP_CPU_S_PER_PAGE[self.kind])
        set_(self, "cp_cpu_s_per_page", _nonnegative("cp_cpu_s_per_page", self.cp_cpu_s_per_page))
        if self.device_gib is not None:
            set_(self, "device_gib", _positive("device_gib", self.device_gib))

    @classmethod
    def from_data(cls, kind: str, **overrides: object) -> "PagingConfig":
        """The study's paging subsystem of ``kind`` from ``data/paging_devices.csv``.

        Device count, device size, the I/O concurrency (``1`` for ECKD, ``overlapping``
        for EDEV-SCSI, which becomes :data:`DEFAULT_EDEV_SERVERS`) and the channel cards
        come from the data; the timing parameters are the documented ``DEFAULT_*``
        assumptions. Any field can be overridden by keyword, e.g.
        ``PagingConfig.from_data("edev-scsi", servers_per_device=8)``.
        """
        if kind not in KINDS:
            raise ValueError(
                f"kind: {kind!r} is not accepted; expected one of "
                + ", ".join(repr(k) for k in KINDS)
            )
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(overrides) - names)
        if unknown:
            raise ValueError(
                f"overrides: {unknown[0]!r} is not accepted; expected field names of "
                "PagingConfig: " + ", ".join(sorted(names - {"kind"}))
            )
        import pandas as pd

        from . import data  # late import: the formulas work without the data files

        row = data.paging_devices().loc[kind]
        concurrency = str(row["concurrent_io_per_device"] or "").strip()
        if concurrency == "overlapping":
            servers = DEFAULT_EDEV_SERVERS
        else:
            servers = _whole("concurrent_io_per_device", concurrency, 1)
        values: dict[str, object] = {
            "kind": kind,
            "devices": int(row["devices"]),
            "servers_per_device": servers,
            "device_gib": float(row["device_size_gib"]),
        }
        cylinders, per_cylinder = row["cylinders_per_device"], row["pages_per_cylinder"]
        if not (pd.isna(cylinders) or pd.isna(per_cylinder)):
            # 30051 cylinders x 180 pages x 4 KiB = 20.63 GiB, more exact than the rounded 20.6
            values["device_gib"] = int(cylinders) * int(per_cylinder) * PAGE_KIB / 2**20
        cards, gbit = row["channel_cards"], row["channel_gbit"]
        if not (pd.isna(cards) or pd.isna(gbit)):
            values["path_bandwidth_mib_s"] = channel_bandwidth_mib_s(int(cards), float(gbit))
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]

    @property
    def service_time_s(self) -> float:
        """Mean service time of one paging I/O: ``io_overhead_s + pages_per_io *
        page_transfer_s``."""
        return self.io_overhead_s + self.pages_per_io * self.page_transfer_s

    @property
    def servers(self) -> int:
        """Concurrent paging I/Os over all devices."""
        return self.devices * self.servers_per_device  # type: ignore[operator]

    @property
    def device_capacity_mib_s(self) -> float:
        """Page traffic (reads + writes) at which the devices reach utilisation 1."""
        ios_per_s = self.servers / self.service_time_s
        return ios_per_s * self.pages_per_io / PAGES_PER_MIB

    @property
    def total_gib(self) -> float | None:
        """Paging space in GiB, if the device size is known."""
        return None if self.device_gib is None else self.devices * self.device_gib


@dataclass(frozen=True)
class PagingState:
    """The paging subsystem under a given load (see :func:`response_time`).

    Times are in seconds, rates in MiB/s, utilisations are *offered* utilisations (they
    exceed 1 when the offered load is more than the resource can do).
    """

    page_read_mib_s: float
    page_write_mib_s: float
    guest_io_mib_s: float
    io_rate_per_device: float  #: paging I/Os per second per device
    service_s: float  #: service time of one paging I/O
    device_utilisation: float  #: per device (equal for all: load is spread evenly)
    path_utilisation: float  #: channels + storage server, paging and guest I/O together
    read_wait_s: float  #: mean delay before and besides service: device queue + path congestion
    read_response_s: float  #: mean wait + service per page read; inf when saturated
    offered_mib_s: float  #: page reads + page writes asked for
    capacity_mib_s: float  #: paging traffic the devices and the path left by guest I/O allow
    effective_mib_s: float  #: min(offered, capacity): what the paging subsystem can move
    saturated: bool  #: a device or the path is at utilisation >= 1
    bottleneck: str  #: "devices" or "path", whichever is more utilised
    cp_cpu_cpus: float  #: real CPUs CP spends driving paging I/O (of effective traffic)
    guest_io_slowdown: float  #: guest transfer time with paging / without paging (>= 1)
    guest_io_extra_s_per_mib: float  #: extra seconds per MiB of guest I/O caused by paging


def device_response_time(config: PagingConfig, page_rate_per_s: float) -> float:
    """Mean response time (wait + service) of one paging I/O at the devices alone.

    ``page_rate_per_s`` counts pages (reads + writes) per second for the whole subsystem.
    Each device is M/M/k with k = ``servers_per_device`` (M/M/1 for ECKD) at the rate
    ``page_rate_per_s / pages_per_io / devices``; ``math.inf`` when a device is saturated.
    This is what :func:`simulate_devices` estimates.
    """
    _check_config(config)
    pages = _nonnegative("page_rate_per_s", page_rate_per_s)
    lam = pages / config.pages_per_io / config.devices
    servers = int(config.servers_per_device)  # type: ignore[arg-type]
    return mmc_response(lam, config.service_time_s, servers)


def path_slowdown(bandwidth_mib_s: float, reference_mib_s: float, load_mib_s: float, *,
                  check: bool = True) -> float:
    r"""How much longer a guest's I/O transfer takes on a shared path carrying ``load_mib_s``
    than it took when the path carried ``reference_mib_s``.

    The channel paths and the storage server are one queue (M/M/1) for every guest that
    uses them and for paging when it shares them: a transfer takes ``t / (1 − ρ)`` with
    ``ρ = load / bandwidth``, so against the reference load

        slowdown = (1 − ρ_ref) / (1 − ρ),

    above 1 when the path is busier than in the reference run (paging added to it) and
    *below* 1 when it is quieter: if one guest's I/O slows down for another reason (the
    page-cached fio jobs waiting for page faults at 64 GiB), the direct-I/O jobs on the same
    path see their I/O served faster and can run above their reference (the paper's
    direct-I/O fio at 64/20). ``math.inf`` when the load reaches the bandwidth.

    >>> round(path_slowdown(500.0, 320.0, 400.0), 3), round(path_slowdown(500.0, 320.0, 300.0), 3)
    (1.8, 0.9)

    ``check=False`` skips the argument checks (the model's loop, whose rates are never
    negative and whose reference load is below the bandwidth).
    """
    if not check:
        bandwidth, reference, load = bandwidth_mib_s, reference_mib_s, load_mib_s
    else:
        bandwidth = _positive("bandwidth_mib_s", bandwidth_mib_s)
        reference = _nonnegative("reference_mib_s", reference_mib_s)
        load = _nonnegative("load_mib_s", load_mib_s)
    if check and reference >= bandwidth:
        raise ValueError(f"reference_mib_s: {reference_mib_s!r} is not accepted; expected less than the "
                         f"bandwidth {bandwidth:g} MiB/s")
    if load >= bandwidth:
        return math.inf
    return (1.0 - reference / bandwidth) / (1.0 - load / bandwidth)


def response_time(
    config: PagingConfig,
    page_read_mib_s: float,
    page_write_mib_s: float,
    guest_io_mib_s: float = 0.0,
    *,
    check: bool = True,
) -> PagingState:
    """The paging subsystem ``config`` at the given page read, page write and guest I/O rates.

    Page reads and writes (MiB/s, the paper's units) are spread evenly over the devices and
    both occupy them; ``guest_io_mib_s`` is the guests' own I/O that shares the channels and
    the storage server (not the paging devices). Returns a :class:`PagingState`. When a
    device or the path is at utilisation >= 1 the state is ``saturated`` and the page-read
    response time is ``math.inf``.

    >>> s = response_time(PagingConfig.from_data("eckd"), 88.0, 88.0)
    >>> round(s.device_utilisation, 3), s.saturated, s.cp_cpu_cpus
    (0.487, False, 0.0)

    ``check=False`` skips the argument checks: the model's loop calls this in every pass
    with rates it computed (never negative).
    """
    if check:
        _check_config(config)
        reads = _nonnegative("page_read_mib_s", page_read_mib_s)
        writes = _nonnegative("page_write_mib_s", page_write_mib_s)
        guest = _nonnegative("guest_io_mib_s", guest_io_mib_s)
    else:
        reads, writes, guest = float(page_read_mib_s), float(page_write_mib_s), float(guest_io_mib_s)

    s = config.service_time_s
    k = config.servers_per_device
    bandwidth = config.path_bandwidth_mib_s
    offered = reads + writes
    lam = offered * PAGES_PER_MIB / config.pages_per_io / config.devices
    rho_dev = lam * s / k  # type: ignore[operator]
    rho_path = (offered + guest) / bandwidth
    rho_guest = guest / bandwidth

    device_wait = _mmc_wait(lam, s, k)  # type: ignore[arg-type]
    transfer = config.pages_per_io / PAGES_PER_MIB / bandwidth  # seconds on an idle path
    path_delay = math.inf if rho_path >= 1 else transfer * rho_path / (1.0 - rho_path)
    wait = device_wait + path_delay

    capacity = min(config.device_capacity_mib_s, max(bandwidth - guest, 0.0))
    effective = min(offered, capacity)

    if rho_path >= 1:
        slowdown = extra = math.inf
    else:
        # against the same guest I/O without paging (rho_path < 1, so guest < bandwidth)
        slowdown = path_slowdown(bandwidth, guest, offered + guest, check=False)
        extra = (1.0 / (1.0 - rho_path) - 1.0 / (1.0 - rho_guest)) / bandwidth

    return PagingState(
        page_read_mib_s=reads,
        page_write_mib_s=writes,
        guest_io_mib_s=guest,
        io_rate_per_device=lam,
        service_s=s,
        device_utilisation=rho_dev,
        path_utilisation=rho_path,
        read_wait_s=wait,
        read_response_s=wait + s,
        offered_mib_s=offered,
        capacity_mib_s=capacity,
        effective_mib_s=effective,
        saturated=rho_dev >= 1 or rho_path >= 1,
        bottleneck="devices" if rho_dev >= rho_path else "path",
        cp_cpu_cpus=config.cp_cpu_s_per_page * effective * PAGES_PER_MIB,  # type: ignore[operator]
        guest_io_slowdown=slowdown,
        guest_io_extra_s_per_mib=extra,
    )


def _check_config(config: object) -> None:
    if not isinstance(config, PagingConfig):
        raise ValueError(
            f"config: {config!r} is not accepted; expected a PagingConfig, e.g. "
            "PagingConfig.from_data('eckd')"
        )


# ---------------------------------------------------------------------------------------
# A discrete-event check of the formulas

SERVICE_DISTRIBUTIONS = ("exponential", "deterministic")


def simulate_devices(
    config: PagingConfig,
    page_rate_per_s: float,
    duration_s: float,
    seed: int | None = None,
    service: str = "exponential",
    warmup_fraction: float = 0.1,
) -> float:
    """Simulate the paging devices and return the mean response time of a paging I/O.

    Paging I/Os arrive as a Poisson process of rate ``page_rate_per_s / pages_per_io``;
    each goes to a device chosen uniformly at random (random splitting keeps each device's
    arrivals Poisson, matching the formulas; z/VM's own spreading is more even). Each device
    has ``servers_per_device`` servers and one FCFS queue; service times are exponential or
    deterministic with mean ``service_time_s``.

    The event machinery: each device keeps a heap (``heapq``) of the times at which its
    servers next become free. Arrivals are processed in time order; an arrival starts at
    ``max(arrival, earliest free time)``, which is exactly FCFS with k servers, and pushes
    its completion back onto the heap. I/Os arriving in the first ``warmup_fraction`` of the
    run are left out of the mean (the system starts empty).

    All randomness comes from :func:`overcommit.seeding.rng` (``seed``). An offered load at
    or above capacity gives a finite but meaningless number that grows with ``duration_s``.
    """
    _check_config(config)
    pages = _nonnegative("page_rate_per_s", page_rate_per_s)
    duration = _positive("duration_s", duration_s)
    if service not in SERVICE_DISTRIBUTIONS:
        raise ValueError(
            f"service: {service!r} is not accepted; expected one of "
            + ", ".join(repr(d) for d in SERVICE_DISTRIBUTIONS)
        )
    warmup = _nonnegative("warmup_fraction", warmup_fraction)
    if warmup >= 1:
        raise ValueError(
            f"warmup_fraction: {warmup_fraction!r} is not accepted; expected a number in [0, 1)"
        )
    gen = rng(seed)
    io_rate = pages / config.pages_per_io
    n = int(gen.poisson(io_rate * duration))
    if n == 0:
        return math.nan
    # Given their number, the arrival times of a Poisson process are sorted uniforms.
    arrivals = gen.uniform(0.0, duration, n)
    arrivals.sort()
    device = gen.integers(0, config.devices, n)
    mean = config.service_time_s
    if service == "exponential":
        services = gen.exponential(mean, n)
    else:
        services = [mean] * n
    servers_per_device = int(config.servers_per_device)  # type: ignore[arg-type]
    free = [[0.0] * servers_per_device for _ in range(config.devices)]
    start_counting = warmup * duration
    total = 0.0
    counted = 0
    for t, d, s in zip(arrivals.tolist(), device.tolist(), list(services)):
        servers = free[d]
        start = t if t > servers[0] else servers[0]
        done = start + s
        heapq.heapreplace(servers, done)
        if t >= start_counting:
            total += done - t
            counted += 1
    return total / counted if counted else math.nan
