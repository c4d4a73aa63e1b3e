"""What a reader reads: the one table of display names for the package's identifiers.

The package names things for code: ``db-bi``, ``fs-pagecache-medium``, ``zvm63-edev``,
``64/20``, ``page_read_mib_s``, ``fail-eckd-64``. A reader of the book sees "Database BI",
"fio, page cache, medium", "z/VM 6.3, EDEV-SCSI paging", "64 GiB, 20 CPUs", "page reads
(MiB/s)" and "Claim 1". Every chart, table, control and sentence of the book takes its names
from here (:func:`name` for any identifier, or the function for its kind), so one workload is
never called two things; code names appear only inside the folded "Try it in Python" boxes.

Environments take their names from ``data/environments.csv`` (column ``label``); workloads,
guests and quantities from the tables below; claims are numbered in the order of
:data:`overcommit.claims.CLAIMS`.
"""

from __future__ import annotations

from functools import lru_cache

#: the eleven workload variants of the study's mix (seed 000, Tables 8-14)
VARIANTS: dict[str, str] = {
    "db-bi": "Database BI",
    "was-medium": "WebSphere, medium",
    "was-high": "WebSphere, high",
    "fs-pagecache-medium": "fio, page cache, medium",
    "fs-direct-medium": "fio, direct I/O, medium",
    "fs-pagecache-high": "fio, page cache, high",
    "fs-direct-high": "fio, direct I/O, high",
    "java-medium": "Java, medium",
    "java-high": "Java, high",
    "net-medium": "Network, medium",
    "net-high": "Network, high",
}

#: the guest roles of the multi-guest variants: a WebSphere triplet and a uperf pair
ROLES: dict[str, str] = {
    "ihs": "web server (IHS)",
    "was": "application server (WAS)",
    "db2": "database (DB2)",
    "client": "client",
    "server": "server",
}

#: the model's per-run and per-guest quantities, as a column header or an axis title
QUANTITIES: dict[str, str] = {
    "relative_throughput": "throughput (share of reference)",
    "cpu_load": "CPU load (CPUs)",
    "cpu_allocated": "CPUs allotted",
    "failed": "failed",
    "failure_reason": "why it failed",
    "page_read_mib_s": "page reads (MiB/s)",
    "page_write_mib_s": "page writes (MiB/s)",
    "page_read_response_ms": "page-read response time (ms)",
    "paging_device_utilisation": "paging device utilisation",
    "resident_mib": "resident memory (MiB)",
    "resident_fraction": "resident share of instantiated memory",
    "instantiated_mib": "instantiated memory (MiB)",
    "virtual_mib": "virtual memory (MiB)",
    "defined_mib": "defined memory (MiB)",
    "stored_mib": "memory on paging devices (MiB)",
    "xstor_mib": "memory in expanded storage (MiB)",
    "dpa_mib": "dynamic paging area (MiB)",
    "overcommit_ratio": "overcommit ratio",
    "memory_gib": "real memory (GiB)",
    "cpus": "real CPUs",
    "env": "environment",
    "paging_device": "paging device",
    "vcpus": "virtual CPUs",
    "share": "relative share",
    "blocked_vcpus": "virtual CPUs held by page faults",
    "spin_factor": "CPU per unit of work (× reference)",
    "reorder_pause_s": "page-reorder pause (s)",
    "emulation_cpu": "emulation (CPUs)",
    "cp_guest_cpu": "CP time for guests (CPUs)",
    "cp_system_cpu": "CP system time (CPUs)",
    "idle_cpu": "idle (CPUs)",
    "response_time": "response time",
    "utilisation": "utilisation",
    "miss_ratio": "miss ratio",
    # how a guest uses its memory (overcommit.workloads.Guest)
    "released_frac": "released share of instantiated memory",
    "active_frac": "share of touched memory in use",
    "skew": "popularity skew of active pages",
    "median_rate_per_s": "references per second to the median active page",
    "write_frac": "share of references that change a page",
    "regularity": "regularity of references (1 = at random)",
}


#: where a unit of work's time goes (:data:`overcommit.model.BREAKDOWN_PARTS`), in their order
TIME_PARTS: dict[str, str] = {
    "running": "working on a CPU",
    "spin": "spinning on a lock",
    "cpu_wait": "waiting for a real CPU",
    "paging": "stalled on paging",
    "io": "own I/O",
    "think": "think time, network",
}


@lru_cache(maxsize=None)
def _environments() -> dict[str, str]:
    from .data import load_table

    frame = load_table("environments.csv")
    return dict(zip(frame["env"], frame["label"]))


@lru_cache(maxsize=None)
def _claims() -> dict[str, int]:
    from .claims import CLAIMS

    return {key: n for n, key in enumerate(CLAIMS, start=1)}


def _unknown(field: str, value, accepted) -> ValueError:
    accepted = list(accepted)
    shown = ", ".join(map(str, accepted[:12])) + (", ..." if len(accepted) > 12 else "")
    return ValueError(f"{field}: {value!r} is not accepted; expected one of {shown}")


def environment(env: str) -> str:
    """``zvm63-edev`` → "z/VM 6.3, EDEV-SCSI paging"."""
    table = _environments()
    if env not in table:
        raise _unknown("env", env, table)
    return table[env]


def variant(key: str) -> str:
    """``fs-pagecache-medium`` → "fio, page cache, medium"."""
    if key not in VARIANTS:
        raise _unknown("variant", key, VARIANTS)
    return VARIANTS[key]


def guest(key: str) -> str:
    """A guest of the mix: ``was-medium-db2`` → "WebSphere, medium: database (DB2)";
    a single-guest variant's guest is the variant (``db-bi`` → "Database BI")."""
    if key in VARIANTS:
        return VARIANTS[key]
    head, _, role = key.rpartition("-")
    if head in VARIANTS and role in ROLES:
        return f"{VARIANTS[head]}: {ROLES[role]}"
    raise _unknown("guest", key, list(VARIANTS) + [f"{v}-{r}" for v in ("was-medium", "net-medium") for r in ROLES])


def cid(value: str) -> str:
    """A configuration ID as a reader says it: ``64/20`` → "64 GiB, 20 CPUs"."""
    from .cids import parse_cid

    c = parse_cid(value)
    memory_gib, cpus = c.memory_gib, c.cpus
    return f"{memory_gib:g} GiB, {cpus} CPU{'s' if cpus != 1 else ''}"


def time_part(key: str) -> str:
    """A part of :attr:`overcommit.Result.breakdown`: ``cpu_wait`` → "waiting for a real CPU"."""
    if key not in TIME_PARTS:
        raise _unknown("part", key, TIME_PARTS)
    return TIME_PARTS[key]


def claim(key: str) -> str:
    """A claim of the validation: ``fail-eckd-64`` → "Claim 1" (numbered in registry order)."""
    table = _claims()
    if key not in table:
        raise _unknown("claim", key, table)
    return f"Claim {table[key]}"


def quantity(key: str) -> str:
    """A column or quantity: ``page_read_mib_s`` → "page reads (MiB/s)"."""
    if key not in QUANTITIES:
        raise _unknown("quantity", key, QUANTITIES)
    return QUANTITIES[key]


def name(key: str) -> str:
    """The display name of any identifier the book shows: an environment, a workload
    variant, a guest, a claim, a quantity or a CID."""
    for lookup in (environment, variant, guest, claim, quantity, cid):
        try:
            return lookup(key)
        except ValueError:
            continue
    raise ValueError(f"name: {key!r} is not a known environment, workload, guest, claim, quantity or CID")


def columns(frame):
    """``frame`` with its columns and index names shown by :func:`quantity` where known."""
    renamed = frame.rename(columns=lambda c: QUANTITIES.get(c, c))
    renamed.index = renamed.index.set_names([QUANTITIES.get(n, n) if n else n for n in renamed.index.names])
    return renamed


def identifiers() -> list[str]:
    """Every code identifier this table names (the browser test looks for them in visible text)."""
    return list(_environments()) + list(VARIANTS) + [
        f"{v}-{r}" for v in ("was-medium", "was-high") for r in ("ihs", "was", "db2")] + [
        f"{v}-{r}" for v in ("net-medium", "net-high") for r in ("client", "server")] + list(_claims())


__all__ = ["QUANTITIES", "ROLES", "TIME_PARTS", "VARIANTS", "cid", "claim", "columns", "environment", "guest", "identifiers",
           "name", "quantity", "time_part", "variant"]
