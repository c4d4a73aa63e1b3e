r"""Dynamic address translation (DAT) through two tiers, as a stepping simulator.

In the spirit of the homework simulators of *Operating Systems: Three Easy Pieces*
(Arpaci-Dusseau and Arpaci-Dusseau, 2018; ``paging-linear-translate.py``): a seed builds a
small random set-up, the same seed always builds the same one, and :func:`translate`
works an address through it step by step, so a student can check each step.

The set-up has two linear page tables (seed 000, sections "Memory overcommitment" and
"Dynamic address translation (simplified)"):

- **tier 2, Linux**: one process's page table, process page (VPN) → guest page. An entry
  is *valid* (the page is in guest memory) or invalid for one of three reasons: the page
  was *swapped* out by Linux (the entry keeps its swap slot), it was allocated but is
  still *untouched* (Linux backs it lazily, on first touch), or the address is *unmapped*
  (in no memory area of the process: a segmentation fault);
- **tier 1, z/VM**: the guest's page table kept by CP, guest page → host frame of z/VM's
  real memory. An entry is *valid* (resident) or invalid because the page was *paged out*
  to a paging device (the entry keeps the paging slot) or was never *instantiated*.

A guest page that a valid Linux entry points to holds the process's data, so it is
instantiated: resident or paged out, never "not instantiated".

Translating a process address ``a`` with page size ``P``:

    VPN = a // P, offset = a % P
    guest address = PFN_guest(VPN) · P + offset           (Linux fault if the entry is invalid)
    host address  = frame_host(PFN_guest) · P + offset    (z/VM fault if the entry is invalid)

:func:`shadow` composes the two tables into the one table a hypervisor can hand to the
hardware instead (process page → host frame; Waldspurger 2002 describes such *shadow
page tables* for VMware ESX, and the paper lists shadow DAT tables among z/VM's
refinements): an entry is valid only where both tiers are valid.

All randomness comes from :func:`overcommit.seeding.rng`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .seeding import rng

# Entry states
PRESENT, SWAPPED, UNTOUCHED, UNMAPPED = "present", "swapped", "untouched", "unmapped"
RESIDENT, PAGED_OUT, NOT_INSTANTIATED = "resident", "paged out", "not instantiated"
PROCESS_STATES = (PRESENT, SWAPPED, UNTOUCHED, UNMAPPED)
HOST_STATES = (RESIDENT, PAGED_OUT, NOT_INSTANTIATED)

LINUX, ZVM = "Linux", "z/VM"
HANDLER = {LINUX: "the Linux kernel", ZVM: "z/VM CP"}


@dataclass(frozen=True)
class Entry:
    """One page-table entry: ``page`` (its index), ``valid``, and ``frame`` when valid.

    ``state`` is one of :data:`PROCESS_STATES` or :data:`HOST_STATES`; ``slot`` is the swap
    or paging slot an invalid entry keeps for a page that was moved out (else None).
    """

    page: int
    valid: bool
    frame: int | None
    state: str
    slot: int | None = None

    def describe(self, target: str = "frame") -> str:
        """In words: ``valid, <target> 7`` or ``invalid, <why>``."""
        if self.valid:
            return f"valid, {target} {self.frame}"
        extra = {
            SWAPPED: f"swapped out to Linux swap slot {self.slot}",
            UNTOUCHED: "allocated but never touched",
            UNMAPPED: "not in any memory area of the process",
            PAGED_OUT: f"paged out to z/VM paging slot {self.slot}",
            NOT_INSTANTIATED: "never instantiated (or released)",
        }[self.state]
        return f"invalid, {extra}"


@dataclass(frozen=True)
class Setup:
    """A generated two-tier set-up; see the module docstring. Sizes in bytes and pages."""

    seed: int
    page_size: int
    process: tuple[Entry, ...]  # indexed by process page (VPN)
    host: tuple[Entry, ...]  # indexed by guest page
    host_frames: int
    addresses: tuple[int, ...]
    parameters: dict = field(default_factory=dict, compare=False)

    @property
    def process_pages(self) -> int:
        return len(self.process)

    @property
    def guest_pages(self) -> int:
        return len(self.host)

    @property
    def process_bytes(self) -> int:
        return self.process_pages * self.page_size

    @property
    def guest_bytes(self) -> int:
        return self.guest_pages * self.page_size

    @property
    def host_bytes(self) -> int:
        return self.host_frames * self.page_size

    @property
    def offset_bits(self) -> int:
        return self.page_size.bit_length() - 1

    def process_table(self) -> pd.DataFrame:
        """Tier 2 (Linux): one row per process page."""
        return _table(self.process, "process page (VPN)", "guest page")

    def host_table(self) -> pd.DataFrame:
        """Tier 1 (z/VM): one row per guest page."""
        return _table(self.host, "guest page", "host frame")

    def hex(self, address: int, space: str = "process") -> str:
        """``address`` in hex, padded to the width of ``space`` (process, guest or host)."""
        sizes = {"process": self.process_bytes, "guest": self.guest_bytes, "host": self.host_bytes,
                 "offset": self.page_size}
        if space not in sizes:
            raise ValueError(f"space: {space!r} is not accepted; expected one of {', '.join(sizes)}")
        size = sizes[space]
        digits = max(1, math.ceil((size - 1).bit_length() / 4))
        return f"0x{address:0{digits}x}"


def _table(entries: tuple[Entry, ...], index: str, target: str) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "valid": [int(e.valid) for e in entries],
            target: [e.frame if e.valid else None for e in entries],
            "state": [e.state for e in entries],
            "slot": [e.slot for e in entries],
        },
        index=pd.Index([e.page for e in entries], name=index),
    )
    frame[target] = frame[target].astype("Int64")
    frame["slot"] = frame["slot"].astype("Int64")
    return frame


# --- validation helpers -------------------------------------------------------------------


def _whole(name: str, value, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}")
    value = int(value)
    if value < minimum:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a whole number >= {minimum}")
    return value


def _fraction(name: str, value) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: {value!r} is not accepted; expected a number from 0 to 1") from None
    if isinstance(value, bool) or not math.isfinite(x) or not 0 <= x <= 1:
        raise ValueError(f"{name}: {value!r} is not accepted; expected a number from 0 to 1")
    return x


def _pages(name: str, size, page_size: int) -> int:
    size = _whole(name, size, page_size)
    if size % page_size:
        raise ValueError(
            f"{name}: {size!r} is not accepted; expected a multiple of the page size {page_size}"
        )
    return size // page_size


# --- generation ---------------------------------------------------------------------------


def generate(
    seed: int = 0,
    *,
    page_size: int = 4096,
    process_bytes: int = 16 * 4096,
    guest_bytes: int = 32 * 4096,
    host_bytes: int = 16 * 4096,
    used: float = 0.85,
    linux_present: float = 0.8,
    zvm_resident: float = 0.6,
    addresses: int = 5,
) -> Setup:
    """Build a random two-tier set-up (same ``seed`` and arguments → same set-up).

    ``page_size`` is a power of two >= 16 bytes; ``process_bytes`` (the process address
    space), ``guest_bytes`` (the guest's defined memory) and ``host_bytes`` (z/VM's real
    memory, shared with other guests) are multiples of it. ``used`` is the share of process
    pages in a memory area, ``linux_present`` the share of those that Linux holds in guest
    memory (the others are swapped or untouched in equal odds), ``zvm_resident`` the share
    of instantiated guest pages that z/VM holds in a frame. ``addresses`` process virtual
    addresses are drawn uniformly from the process address space.
    """
    generator = rng(seed)
    page_size = _whole("page_size", page_size, 16)
    if page_size & (page_size - 1):
        raise ValueError(f"page_size: {page_size!r} is not accepted; expected a power of two >= 16")
    n_proc = _pages("process_bytes", process_bytes, page_size)
    n_guest = _pages("guest_bytes", guest_bytes, page_size)
    n_host = _pages("host_bytes", host_bytes, page_size)
    if n_proc > 4096 or n_guest > 4096 or n_host > 4096:
        raise ValueError(
            "process_bytes/guest_bytes/host_bytes: more than 4096 pages is not accepted; this "
            "simulator is for tables a person can read"
        )
    used = _fraction("used", used)
    linux_present = _fraction("linux_present", linux_present)
    zvm_resident = _fraction("zvm_resident", zvm_resident)
    n_addresses = _whole("addresses", addresses, 0)

    # Tier 2: the process page table.
    mapped = generator.random(n_proc) < used
    present = mapped & (generator.random(n_proc) < linux_present)
    swapped_draw = generator.random(n_proc) < 0.5
    n_present = int(present.sum())
    if n_present > n_guest:
        raise ValueError(
            f"guest_bytes: {n_guest} guest pages cannot hold the {n_present} present process "
            "pages; give the guest more memory or lower used / linux_present"
        )
    guest_of = generator.permutation(n_guest)[:n_present]
    swap_slots = generator.permutation(max(n_proc, 1))
    process: list[Entry] = []
    k = 0
    for vpn in range(n_proc):
        if present[vpn]:
            process.append(Entry(vpn, True, int(guest_of[k]), PRESENT))
            k += 1
        elif mapped[vpn] and swapped_draw[vpn]:
            process.append(Entry(vpn, False, None, SWAPPED, int(swap_slots[vpn])))
        elif mapped[vpn]:
            process.append(Entry(vpn, False, None, UNTOUCHED))
        else:
            process.append(Entry(vpn, False, None, UNMAPPED))

    # Tier 1: z/VM's table for the guest. Pages the process uses are instantiated; the
    # others (the kernel's, other processes', free ones) are instantiated with odds 3/4.
    in_use = set(int(g) for g in guest_of)
    instantiated = [g in in_use or generator.random() < 0.75 for g in range(n_guest)]
    resident = [inst and generator.random() < zvm_resident for inst in instantiated]
    order = [g for g in generator.permutation(n_guest).tolist() if resident[g]]
    for g in order[n_host:]:  # more resident pages than frames: the rest are paged out
        resident[g] = False
    frames = generator.permutation(n_host).tolist()
    paging_slots = generator.permutation(4 * max(n_guest, 1)).tolist()
    host: list[Entry] = []
    f = 0
    for g in range(n_guest):
        if resident[g]:
            host.append(Entry(g, True, int(frames[f]), RESIDENT))
            f += 1
        elif instantiated[g]:
            host.append(Entry(g, False, None, PAGED_OUT, int(paging_slots[g])))
        else:
            host.append(Entry(g, False, None, NOT_INSTANTIATED))

    space = n_proc * page_size
    chosen = tuple(int(a) for a in generator.integers(0, space, size=n_addresses))
    return Setup(
        seed=int(seed),
        page_size=page_size,
        process=tuple(process),
        host=tuple(host),
        host_frames=n_host,
        addresses=chosen,
        parameters={
            "page_size": page_size, "process_bytes": n_proc * page_size,
            "guest_bytes": n_guest * page_size, "host_bytes": n_host * page_size, "used": used,
            "linux_present": linux_present, "zvm_resident": zvm_resident, "addresses": n_addresses,
        },
    )


# --- translation --------------------------------------------------------------------------


@dataclass(frozen=True)
class Translation:
    """The step-by-step record of one translation (see :func:`translate`).

    ``fault`` is None (translated), ``"Linux"`` (tier 2 faulted) or ``"z/VM"`` (tier 1
    faulted); ``handler`` says who handles it and ``action`` what it does.
    """

    address: int
    vpn: int
    offset: int
    process_entry: Entry
    guest_page: int | None
    guest_address: int | None
    host_entry: Entry | None
    host_frame: int | None
    host_address: int | None
    fault: str | None
    outcome: str
    handler: str
    action: str
    steps: tuple[str, ...]

    @property
    def answer(self):
        """The host real address (an int), or the tier that faults (``"Linux"``/``"z/VM"``)."""
        return self.host_address if self.fault is None else self.fault

    def _repr_markdown_(self) -> str:
        return "\n".join(f"{i}. {s}" for i, s in enumerate(self.steps, start=1))


_LINUX_ACTION = {
    SWAPPED: (
        "Linux page fault (swap-in)",
        "The Linux kernel takes the fault, picks a free guest page, reads the page back from "
        "its swap slot, makes the entry valid and restarts the instruction. z/VM only notices "
        "if the guest page Linux picks is itself not resident.",
    ),
    UNTOUCHED: (
        "Linux page fault (first touch)",
        "The Linux kernel takes the fault and backs the page now: it takes a free guest page, "
        "fills it with zeros, makes the entry valid and restarts the instruction. No disk "
        "is read.",
    ),
    UNMAPPED: (
        "segmentation fault",
        "The Linux kernel takes the fault, finds the address in none of the process's memory "
        "areas and sends the process a SIGSEGV signal; nothing is paged in.",
    ),
}
_ZVM_ACTION = {
    PAGED_OUT: (
        "z/VM page fault (page-in)",
        "z/VM CP takes the fault, reads the page from its paging device into a free frame of "
        "the DPA, makes its entry valid and resumes the guest. With page-fault handshaking CP "
        "first tells Linux, which runs another process until the page is back. Linux's own "
        "page table does not change: for Linux the page never left.",
    ),
    NOT_INSTANTIATED: (
        "z/VM page fault (first touch)",
        "z/VM CP takes the fault and gives the guest page a frame of the DPA filled with "
        "zeros; no paging device is read.",
    ),
}


def translate(setup: Setup, address: int) -> Translation:
    """Translate one process virtual ``address`` through both tiers of ``setup``.

    Raises ``ValueError`` for an address that is not a whole number inside the process
    address space, or when ``setup`` is not a :class:`Setup`.
    """
    if not isinstance(setup, Setup):
        raise ValueError(f"setup: {type(setup).__name__} is not accepted; expected overcommit.dat.generate(...)")
    address = _whole("address", address, 0)
    if address >= setup.process_bytes:
        raise ValueError(
            f"address: {address!r} ({setup.hex(address)}) is not accepted; expected 0 to "
            f"{setup.process_bytes - 1} ({setup.hex(setup.process_bytes - 1)}), the "
            f"{setup.process_pages}-page process address space"
        )
    P = setup.page_size
    vpn, offset = divmod(address, P)
    h = setup.hex
    steps = [
        f"Split the address: {h(address)} = {address}; with {P}-byte pages the VPN is "
        f"{address} // {P} = {vpn} and the offset {address} % {P} = {offset} ({h(offset, 'offset')})."
    ]
    pte = setup.process[vpn]
    steps.append(f"Tier 2, the process page table, entry {vpn}: {pte.describe('guest page')}.")
    if not pte.valid:
        outcome, action = _LINUX_ACTION[pte.state]
        steps.append(f"Fault in tier 2, a {outcome}, handled by {HANDLER[LINUX]}. {action}")
        return Translation(address, vpn, offset, pte, None, None, None, None, None, LINUX,
                           outcome, HANDLER[LINUX], action, tuple(steps))
    gpage = int(pte.frame)
    gaddr = gpage * P + offset
    steps.append(
        f"Guest address = {gpage} × {P} + {offset} = {gaddr} ({h(gaddr, 'guest')}); Linux "
        "believes this is a real address."
    )
    hpte = setup.host[gpage]
    steps.append(f"Tier 1, z/VM's page table for the guest, entry {gpage}: {hpte.describe('host frame')}.")
    if not hpte.valid:
        outcome, action = _ZVM_ACTION[hpte.state]
        steps.append(f"Fault in tier 1, a {outcome}, handled by {HANDLER[ZVM]}. {action}")
        return Translation(address, vpn, offset, pte, gpage, gaddr, hpte, None, None, ZVM,
                           outcome, HANDLER[ZVM], action, tuple(steps))
    frame = int(hpte.frame)
    haddr = frame * P + offset
    steps.append(
        f"Host real address = {frame} × {P} + {offset} = {haddr} ({h(haddr, 'host')}). "
        "No fault: the access goes to real memory."
    )
    return Translation(address, vpn, offset, pte, gpage, gaddr, hpte, frame, haddr, None,
                       "translated", "nobody (no fault)", "The memory access completes.", tuple(steps))


def translate_all(setup: Setup) -> pd.DataFrame:
    """:func:`translate` for every address of ``setup``: one row per address."""
    rows = []
    for i, a in enumerate(setup.addresses):
        t = translate(setup, a)
        rows.append(
            {
                "address": setup.hex(a),
                "VPN": t.vpn,
                "offset": setup.hex(t.offset, "offset"),
                "guest page": t.guest_page,
                "guest address": None if t.guest_address is None else setup.hex(t.guest_address, "guest"),
                "host frame": t.host_frame,
                "host address": None if t.host_address is None else setup.hex(t.host_address, "host"),
                "fault in": t.fault or "—",
                "outcome": t.outcome,
            }
        )
    frame = pd.DataFrame(rows, index=pd.RangeIndex(len(rows), name="#"))
    for column in ("guest page", "host frame"):
        frame[column] = frame[column].astype("Int64")
    return frame


# --- shadow table -------------------------------------------------------------------------


def shadow(setup: Setup) -> pd.DataFrame:
    """The shadow table: the two tiers composed, process page → host frame.

    One row per process page with ``valid``, ``host frame``, the ``guest page`` in between,
    ``invalid because`` (empty when valid) and ``fault goes to`` (who must act when the
    page is touched: Linux, z/VM or nobody).
    """
    if not isinstance(setup, Setup):
        raise ValueError(f"setup: {type(setup).__name__} is not accepted; expected overcommit.dat.generate(...)")
    rows = []
    for pte in setup.process:
        if not pte.valid:
            rows.append((pte.page, 0, None, None, f"Linux entry invalid ({pte.state})", LINUX))
            continue
        hpte = setup.host[pte.frame]
        if not hpte.valid:
            rows.append((pte.page, 0, None, pte.frame, f"guest page {pte.frame} {hpte.state}", ZVM))
        else:
            rows.append((pte.page, 1, hpte.frame, pte.frame, "", "nobody"))
    frame = pd.DataFrame(
        rows, columns=["process page (VPN)", "valid", "host frame", "guest page", "invalid because", "fault goes to"]
    ).set_index("process page (VPN)")
    for column in ("host frame", "guest page"):
        frame[column] = frame[column].astype("Int64")
    return frame


__all__ = [
    "Entry", "HOST_STATES", "LINUX", "PROCESS_STATES", "Setup", "Translation", "ZVM", "generate",
    "shadow", "translate", "translate_all",
]


# --- printing a set-up, as the OSTEP simulators do ------------------------------------------


def _note(entry: Entry) -> str:
    if entry.valid:
        return ""
    if entry.slot is not None:
        return f"{entry.state} (slot {entry.slot})"
    return entry.state


def tables_markdown(setup: Setup) -> str:
    """Both page tables of ``setup`` as Markdown (the z/VM table in two side-by-side halves)."""
    if not isinstance(setup, Setup):
        raise ValueError(f"setup: {type(setup).__name__} is not accepted; expected overcommit.dat.generate(...)")
    lines = [
        f"Page size {setup.page_size} bytes; the process has {setup.process_pages} pages "
        f"({setup.process_bytes} bytes), the guest {setup.guest_pages} pages, z/VM's real "
        f"memory {setup.host_frames} frames.",
        "",
        "**Tier 2: the Linux process page table** (process page → guest page)",
        "",
        "| VPN | valid | guest page | invalid because |",
        "|---:|:---:|---:|---|",
    ]
    for e in setup.process:
        lines.append(f"| {e.page} | {int(e.valid)} | {'' if e.frame is None else e.frame} | {_note(e)} |")
    lines += [
        "",
        "**Tier 1: z/VM's page table for the guest** (guest page → host frame)",
        "",
    ]
    half = math.ceil(setup.guest_pages / 2)
    lines += [
        "| guest page | valid | host frame | invalid because | guest page | valid | host frame | invalid because |",
        "|---:|:---:|---:|---|---:|:---:|---:|---|",
    ]
    for i in range(half):
        cells = []
        for j in (i, i + half):
            if j < setup.guest_pages:
                e = setup.host[j]
                cells.append(f"{e.page} | {int(e.valid)} | {'' if e.frame is None else e.frame} | {_note(e)}")
            else:
                cells.append(" |  |  | ")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def addresses_markdown(setup: Setup) -> str:
    """The set-up's process virtual addresses as a Markdown list (hex and decimal)."""
    return "\n".join(
        f"{i}. `{setup.hex(a)}` (decimal {a})" for i, a in enumerate(setup.addresses)
    )


__all__ += ["addresses_markdown", "tables_markdown"]
