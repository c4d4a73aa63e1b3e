"""What the case-study chapters share: their parameters and the model objects they build,
in a reader's words.

A case's data file (``data/case_*.csv``) names its parameters for code (``cpu_per_jvm``,
``central_memory_gib``), its documents by seed number (``seed 003``) and the study's guests
and workloads by their ids (``guest was-medium-was``). The chapters show each parameter by
what it means (a table of meanings per case), each document by author and year, as the
book's citations print it, and each guest or workload by its display name
(:mod:`overcommit.names`). The objects a case module builds, an
:class:`~overcommit.Environment`, a :class:`~overcommit.Host` and its guests, are shown as
small tables with the same names instead of their Python reprs. The data files themselves,
with their provenance, stay as they are.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pandas as pd

from .. import names
from .figures import parameter_table as _parameter_table

#: the documents the case files cite, by the seed numbers of data/README.md: the key in
#: book/references.bib and the author-year label the book's citations print
DOCUMENTS: dict[str, tuple[str, str]] = {
    "seed 004": ("ibm2009networkcrypto", "Weber 2009"),
    "seed 000": ("johanssen2014overcommit", "Johanssen and Doelle 2014"),
    "seed 003": ("ibm2012jvmstacking", "Doelle and Sadler 2012"),
    "seed 002": ("ibm2006zvm52scaling", "IBM Corporation 2006"),
}

#: the book's data files a case's sources pass through, as a reader names them (the document
#: and table are named beside them; a file name is the machinery's)
DATA_TABLES: dict[str, str] = {
    "data/calibrated_parameters.csv": "the study's calibration",
    "data/guest_behaviour.csv": "the book's table of guest behaviour",
    "data/variant_drivers.csv": "the book's table of workload drivers",
    "data/virtual_systems.csv": "the book's table of the study's guests",
    "data/paging_devices.csv": "the book's table of paging devices",
}

#: paging device kinds (:data:`overcommit.paging.KINDS`) as the book writes them
PAGING_KINDS = {"eckd": "ECKD", "edev-scsi": "EDEV-SCSI"}

#: an environment's memory management (``Environment.policy``)
POLICIES = {"fifo": "demand scan, FIFO-like, with page reorder (before 6.3)",
            "clock": "global aging list, CLOCK-like (6.3)"}

#: the fields of a guest a case chapter shows, in this order (names from :mod:`overcommit.names`)
GUEST_FIELDS = ("vcpus", "share", "defined_mib", "instantiated_mib", "cpu_load", "released_frac", "active_frac",
                "skew", "median_rate_per_s", "write_frac", "regularity")


@lru_cache(maxsize=1)
def _ids() -> re.Pattern:
    # longest first, so that a guest id wins over the workload id it starts with
    ids = sorted(set(names.identifiers()), key=len, reverse=True)
    return re.compile(r"(?<![\w/.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def readable(text: str) -> str:
    """``text`` with every document named by author and year (``seed 003`` → "Doelle and
    Sadler 2012"), every data file of :data:`DATA_TABLES` by what it holds, every workload, guest, environment or claim id by its display name
    (``guest was-medium-was`` → "guest WebSphere, medium: application server (WAS)") and
    "fitted by <function> to" as "fitted to"."""
    if not isinstance(text, str):
        return text
    for seed, (_, label) in DOCUMENTS.items():
        text = re.sub(rf"\b{seed}\b", label, text)
    for file, table in DATA_TABLES.items():
        text = text.replace(file, table)
    text = re.sub(r"fitted by [\w.]+ to", "fitted to", text)
    return _ids().sub(lambda m: names.name(m.group(1)), text)


def readable_value(v):
    """A parameter's value as a table shows it: a paging kind or an id by its name (see
    :func:`readable`), anything else as it is."""
    if isinstance(v, str):
        return PAGING_KINDS.get(v, readable(v))
    return v


def parameter_table(provenance: pd.DataFrame, fitted, meanings: dict[str, str]) -> pd.DataFrame:
    """:func:`overcommit.book.figures.parameter_table` as a reader reads it: each parameter by
    its meaning in ``meanings`` (every parameter of ``provenance`` must have one), values and
    sources through :func:`readable`."""
    missing = sorted(set(provenance["parameter"]) - set(meanings))
    if missing:
        raise ValueError(f"meanings: parameter {missing[0]!r} has no meaning; expected one for each of "
                         f"{', '.join(provenance['parameter'])}")
    out = _parameter_table(provenance, fitted)
    out["parameter"] = out["parameter"].map(meanings)
    out["value in the model"] = out["value in the model"].map(readable_value)
    out["source"] = out["source"].map(readable)
    return out


def _number(v) -> str:
    v = float(v)
    return f"{int(v):,}" if v.is_integer() else f"{v:.4g}"


def system_table(environment, host) -> pd.DataFrame:
    """An environment and a host as a two-column table: what, and its value."""
    kind = PAGING_KINDS[environment.paging_kind]
    devices = f"{host.paging_devices} {kind} volumes" if host.paging_devices else f"{kind} volumes"
    rows = {
        "z/VM release": str(environment.release),
        "memory management": POLICIES[environment.policy],
        "real memory, expanded storage included (GiB)": _number(host.memory_gib),
        "of it expanded storage (GiB)": _number(environment.xstor_gib),
        "real CPUs": _number(host.cpus),
        "paging devices": devices,
    }
    return pd.DataFrame({"value": list(rows.values())}, index=pd.Index(list(rows), name="the system"))


def guest_table(guests) -> pd.DataFrame:
    """Guests as a table with one column per guest and one row per field of
    :data:`GUEST_FIELDS`, each named by :func:`overcommit.names.quantity`."""
    guests = list(guests)
    return pd.DataFrame({g.name: [_number(getattr(g, f)) for f in GUEST_FIELDS] for g in guests},
                        index=pd.Index([names.quantity(f) for f in GUEST_FIELDS], name="guest"))


__all__ = ["DATA_TABLES", "DOCUMENTS", "GUEST_FIELDS", "PAGING_KINDS", "POLICIES", "guest_table", "parameter_table", "readable",
           "readable_value", "system_table"]
