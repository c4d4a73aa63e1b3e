"""The study's set-up as numbers: what the reference run needed, and how far a CID is below it.

Seed 000, section "Reference result": in the unconstrained run (CID 512/25) the 17 guests
used Σ CPU load = 21.57 CPUs and Σ instantiated memory = 136,456 MiB ≈ 133 GiB (Table 17).
A CID's *memory pressure* is how much of that instantiated memory its real memory could
hold at most,

    memory_fraction = real_memory / Σ instantiated_ref ,

and its *CPU pressure* how much of the reference CPU load its real CPUs could deliver,

    cpu_fraction = real_cpus / Σ cpu_load_ref .

These are upper bounds (CP keeps part of real memory for itself, see :mod:`overcommit.tiers`
once it exists); they say which runs the paper expected to be constrained, not by how much
throughput suffers.
"""

from __future__ import annotations

import pandas as pd

from . import data
from .cids import REFERENCE_CID, parse_cid

MIB_PER_GIB = 1024


def reference_totals() -> pd.Series:
    """Σ over the 17 guests of Table 17's columns, in the table's units."""
    frame = data.virtual_systems_frame()
    return pd.Series(
        {
            "guests": len(frame),
            "vcpus": int(frame["vcpus"].sum()),
            "cpu_load_cpus": float(frame["ref_cpu_load_cpus"].sum()),
            "defined_mib": int(frame["defined_mib"].sum()),
            "instantiated_mib": int(frame["ref_instantiated_mib"].sum()),
            "instantiated_gib": frame["ref_instantiated_mib"].sum() / MIB_PER_GIB,
        }
    )


def pressure(cid) -> pd.Series:
    """How a CID compares with what the reference run used (see the module docstring)."""
    parsed = parse_cid(cid)
    totals = reference_totals()
    return pd.Series(
        {
            "cid": str(parsed),
            "real_memory_gib": parsed.memory_gib,
            "real_cpus": parsed.cpus,
            "memory_fraction": parsed.memory_gib / totals["instantiated_gib"],
            "cpu_fraction": parsed.cpus / totals["cpu_load_cpus"],
            "defined_to_real_memory": totals["defined_mib"] / (parsed.memory_gib * MIB_PER_GIB),
            "virtual_to_real_cpus": totals["vcpus"] / parsed.cpus,
        }
    )


def grid_pressure() -> pd.DataFrame:
    """:func:`pressure` for every CID of Table 16 and the reference, with the grid's kind."""
    grid = data.cid_grid()
    rows = [pressure(c) for c in grid["cid"]]
    frame = pd.DataFrame(rows).reset_index(drop=True)
    frame["kind"] = list(grid["kind"])
    return frame


__all__ = ["REFERENCE_CID", "grid_pressure", "pressure", "reference_totals"]
