"""Configuration IDs (CIDs): ``"MEM/CPUS"``, real memory in GiB over real CPUs.

Seed 000 (section "Test configurations", Table 16) names every host configuration of the
study this way; ``512/25`` is the unconstrained reference run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

REFERENCE_CID = "512/25"


@dataclass(frozen=True, order=True)
class CID:
    """A host configuration: ``memory_gib`` of real memory and ``cpus`` real CPUs."""

    memory_gib: float
    cpus: int

    def __str__(self) -> str:
        mem = int(self.memory_gib) if float(self.memory_gib).is_integer() else self.memory_gib
        return f"{mem}/{self.cpus}"


def parse_cid(value: "str | tuple[float, int] | CID") -> CID:
    """Parse ``"64/20"``, ``(64, 20)`` or a :class:`CID`.

    Raises ``ValueError`` naming the field, the value and what is accepted.
    """
    if isinstance(value, CID):
        return value
    if isinstance(value, str):
        mem_text, sep, cpu_text = value.strip().partition("/")
        if not sep:
            raise ValueError(
                f"cid: {value!r} is not accepted; expected 'MEM/CPUS' such as '64/20' "
                "(real memory in GiB / real CPUs)"
            )
        try:
            memory = float(mem_text)
        except ValueError:
            raise ValueError(
                f"cid: memory {mem_text!r} in {value!r} is not a number; expected GiB > 0"
            ) from None
        try:
            cpus = int(cpu_text)
        except ValueError:
            raise ValueError(
                f"cid: CPUs {cpu_text!r} in {value!r} is not accepted; expected a whole number >= 1"
            ) from None
    elif isinstance(value, tuple) and len(value) == 2:
        memory, cpus = value
    else:
        raise ValueError(
            f"cid: {value!r} is not accepted; expected 'MEM/CPUS' or a (memory_gib, cpus) pair"
        )
    try:
        memory = float(memory)
    except (TypeError, ValueError):
        raise ValueError(f"cid: memory {memory!r} is not a number; expected GiB > 0") from None
    if not math.isfinite(memory) or memory <= 0:
        raise ValueError(f"cid: memory {memory!r} GiB is not accepted; expected a finite number > 0")
    if isinstance(cpus, float) and cpus.is_integer():
        cpus = int(cpus)
    if isinstance(cpus, bool) or not isinstance(cpus, int) or cpus < 1:
        raise ValueError(f"cid: CPUs {cpus!r} is not accepted; expected a whole number >= 1")
    return CID(memory, cpus)
