"""Memory tiers: real memory → CP's own structures → the DPA (→ XSTOR in z/VM 6.2) → guests.

z/VM first reserves real memory for its own data structures and gives the rest to the
*dynamic paging area* (DPA), which backs guest pages (seed 000, section "Size of the
dynamic paging area"). The largest of CP's structures grows with real memory: the frame
table keeps one entry per 4 KiB frame. So

    DPA = central − (fixed + frame_entry_bytes / 4096 · central),

where *central* is the real memory defined as central storage: all of it on z/VM 6.3, all
but the expanded storage on z/VM 6.2 (2 GiB in the study). ``frame_entry_bytes`` = 32 is an
assumption (the order of z/VM's frame-table entry); the fixed part is fitted to the one
size the paper reports, a DPA of 64,783 MiB at 64 GiB (seed 000, Database BI, CID 64/20
observations), which leaves 753 MiB for CP: 512 MiB of frame table and 241 MiB fixed.

Accounting per guest (seed 000, section "z/VM performance metrics"):

- *defined* ≥ *instantiated*: the memory the guest has touched and not released;
- *resident*: instantiated pages held in the DPA (or XSTOR, counted separately);
- *stored*: pages with a copy on the paging devices. A page can be both resident and
  stored, so resident + stored ≥ instantiated.

Overcommit ratio (seed 000, section "Memory overcommitment factor"):

    ocr = Σ instantiated : Σ resident  (= Σ instantiated : DPA when all guests are counted
                                          and memory is short).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

MIB_PER_GIB = 1024
PAGE_BYTES = 4096
FRAME_ENTRY_BYTES = 32
PAPER_DPA_MIB_AT_64GIB = 64_783  # seed 000, Database BI workload, CID 64/20 observations

# Fitted from the single reported DPA size (see the module docstring).
CP_FIXED_MIB = 64 * MIB_PER_GIB - PAPER_DPA_MIB_AT_64GIB - 64 * MIB_PER_GIB * FRAME_ENTRY_BYTES / PAGE_BYTES


def cp_reserved_mib(central_mib: float) -> float:
    """Real memory CP keeps for itself when ``central_mib`` of central storage is defined."""
    return CP_FIXED_MIB + central_mib * FRAME_ENTRY_BYTES / PAGE_BYTES


def min_real_memory_gib(xstor_gib: float = 0.0) -> float:
    """The smallest real memory that leaves a positive DPA."""
    central = CP_FIXED_MIB / (1 - FRAME_ENTRY_BYTES / PAGE_BYTES)
    return central / MIB_PER_GIB + xstor_gib


@dataclass(frozen=True)
class Tiers:
    """How a host's real memory is split (all sizes in MiB)."""

    real_mib: float
    xstor_mib: float
    central_mib: float
    cp_mib: float
    dpa_mib: float


def split_real_memory(real_memory_gib: float, xstor_gib: float = 0.0) -> Tiers:
    """Split real memory into CP, DPA and XSTOR.

    Raises ``ValueError`` when the memory is not a positive finite number or too small to
    leave any DPA after CP's own structures and the expanded storage.
    """
    try:
        real = float(real_memory_gib)
    except (TypeError, ValueError):
        raise ValueError(
            f"real_memory_gib: {real_memory_gib!r} is not a number; expected GiB > 0"
        ) from None
    if not math.isfinite(real) or real <= 0:
        raise ValueError(f"real_memory_gib: {real_memory_gib!r} is not accepted; expected GiB > 0")
    if not math.isfinite(xstor_gib) or xstor_gib < 0:
        raise ValueError(f"xstor_gib: {xstor_gib!r} is not accepted; expected GiB >= 0")
    smallest = min_real_memory_gib(xstor_gib)
    if real <= smallest:
        raise ValueError(
            f"real_memory_gib: {real:g} GiB is not accepted; CP needs about "
            f"{CP_FIXED_MIB:.0f} MiB plus its frame table"
            + (f" and {xstor_gib:g} GiB go to expanded storage" if xstor_gib else "")
            + f", so real memory must exceed {smallest:.2f} GiB"
        )
    real_mib = real * MIB_PER_GIB
    xstor_mib = xstor_gib * MIB_PER_GIB
    central = real_mib - xstor_mib
    cp = cp_reserved_mib(central)
    return Tiers(real_mib, xstor_mib, central, cp, central - cp)


def dpa_mib(real_memory_gib: float, xstor_gib: float = 0.0) -> float:
    """DPA size in MiB for a host (see :func:`split_real_memory`)."""
    return split_real_memory(real_memory_gib, xstor_gib).dpa_mib


def overcommit_ratio(instantiated_mib, resident_mib) -> float:
    """ocr = Σ instantiated : Σ resident (a number ≥ 0; inf when nothing is resident)."""
    inst = float(np.sum(instantiated_mib))
    res = float(np.sum(resident_mib))
    if inst < 0 or res < 0 or not (math.isfinite(inst) and math.isfinite(res)):
        raise ValueError(
            f"instantiated_mib/resident_mib: sums {inst!r}/{res!r} are not accepted; expected "
            "finite sizes >= 0"
        )
    if res == 0:
        return math.inf if inst > 0 else 1.0
    return inst / res
