"""The reference run's yardsticks as the chapters' prose states them, from one computation.

Several chapters say what the seventeen guests used in the unconstrained run (about 133 GiB
of instantiated memory, about 21.6 CPUs) and how far a CID falls below it. Each of them
glues those numbers from :func:`texts` (through :func:`glue_all`), so a correction to the
data file (Table 17 of the paper) reaches every page at once. The arithmetic itself is
:mod:`overcommit.study`'s; this module only formats it.

Glue names (the same on every page that uses them):

``ref-guests``, ``ref-vcpus``
    guests and virtual CPUs of the mix ("17", "36");
``ref-cpus``
    Σ CPU load of the reference run, one decimal ("21.6");
``ref-gib``, ``ref-defined-gib``
    Σ instantiated and Σ defined memory in GiB, whole ("133", "389");
``ref-cpu-pct-<n>``
    real CPUs ``n`` of the grid as a percentage of the reference CPU load ("93 %");
``ref-mem-pct-<m>``
    real memory ``m`` GiB of the grid as a percentage of Σ instantiated memory ("84 %");
``ref-defined-ratio-<m>``
    Σ defined memory over real memory ``m`` GiB, the naive overcommit ratio ("6.1");
``ref-cpus-printed``, ``ref-cpus-stated``
    the 17 printed CPU loads added up ("21.58") and the paper's own Sum row ("21.57");
``ref-recovered-mib``
    the instantiated memory of the guest whose Table 17 cell was lost, as recovered from
    the Sum row ("12,288").
"""

from __future__ import annotations

from .. import data, study
from ..cids import parse_cid

MIB_PER_GIB = study.MIB_PER_GIB


def _pct(fraction: float) -> str:
    return f"{100 * fraction:.0f} %"


def texts() -> dict[str, str]:
    """Every ``ref-*`` glue name with its text (see the module docstring)."""
    totals = study.reference_totals()
    out = {
        "ref-guests": f"{int(totals['guests'])}",
        "ref-vcpus": f"{int(totals['vcpus'])}",
        "ref-cpus": f"{totals['cpu_load_cpus']:.1f}",
        "ref-gib": f"{totals['instantiated_gib']:.0f}",
        "ref-defined-gib": f"{totals['defined_mib'] / MIB_PER_GIB:.0f}",
    }
    grid = study.grid_pressure()
    for cpus in sorted(set(grid["real_cpus"])):
        out[f"ref-cpu-pct-{cpus}"] = _pct(cpus / totals["cpu_load_cpus"])
    for memory in sorted(set(grid["real_memory_gib"])):
        m = int(memory)
        out[f"ref-mem-pct-{m}"] = _pct(memory / totals["instantiated_gib"])
        out[f"ref-defined-ratio-{m}"] = f"{totals['defined_mib'] / (memory * MIB_PER_GIB):.2g}"
    stated = sum_row()
    out["ref-cpus-printed"] = f"{totals['cpu_load_cpus']:.2f}"
    out["ref-cpus-stated"] = f"{stated['ref_cpu_load_cpus']:g}"
    frame = data.virtual_systems_frame()
    recovered = frame[frame["note"].fillna("").str.startswith("recovered")]
    out["ref-recovered-mib"] = f"{int(recovered['ref_instantiated_mib'].iloc[0]):,}"
    return out


def sum_row() -> dict[str, float]:
    """The Sum row of the paper's Table 17 as the data file states it, by column."""
    sums = data.table_sums()
    rows = sums[(sums["table"] == "virtual_systems") & sums["source"].str.contains("Sum row")]
    return {r.column: float(r.stated_total) for r in rows.itertuples()}


def cid_texts(cid) -> dict[str, str]:
    """A CID's memory and CPUs as percentages of the reference run's use."""
    p = study.pressure(parse_cid(cid))
    return {"memory": _pct(p["memory_fraction"]), "cpus": _pct(p["cpu_fraction"])}


def glue_all() -> dict[str, str]:
    """Glue every ``ref-*`` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(texts())


__all__ = ["cid_texts", "glue_all", "sum_row", "texts"]
