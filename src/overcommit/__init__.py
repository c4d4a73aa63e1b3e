"""overcommit: mechanistic models of memory and CPU overcommitment on IBM z/VM.

The package behind the book *Overcommitted*. It reads the numbers of the IBM white paper
*z/VM 6.3 Resource Overcommitment* (2014) and its companion documents from ``data/``
(:mod:`overcommit.data`) and models the mechanisms the book teaches.
"""

from __future__ import annotations

from . import data
from .cids import CID, REFERENCE_CID, parse_cid
from .model import BREAKDOWN_PARTS, ENVIRONMENTS, MECHANISMS, Environment, Host, Mechanisms, NotConvergedError, Result, simulate, sweep
from .seeding import rng
from .workloads import Guest, Variant, study_guests, study_variants

__version__ = "0.1.0"


def _paper_cids() -> tuple[str, ...]:
    grid = data.cid_grid()
    return tuple(grid["cid"])


def __getattr__(name: str):
    # Loaded lazily so that importing the package never fails on a data problem before the
    # caller asks for data.
    if name == "PAPER_CIDS":
        return _paper_cids()
    raise AttributeError(f"module 'overcommit' has no attribute {name!r}")


__all__ = [
    "BREAKDOWN_PARTS", "CID", "ENVIRONMENTS", "MECHANISMS", "Environment", "Guest", "Host", "Mechanisms", "NotConvergedError", "PAPER_CIDS", "REFERENCE_CID",
    "Result", "Variant", "data", "parse_cid", "rng", "simulate", "study_guests", "study_variants",
    "sweep",
]
