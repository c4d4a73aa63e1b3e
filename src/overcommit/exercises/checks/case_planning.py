"""Fixed-answer exercises of the chapter ``case_planning`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import planning
from . import Check, register

LEVEL, MEMORY_GIB, MORE_GIB = 0.9, 96, 128  #: the exercise's level and host, and the table's larger memory


@register("case_planning-ex-cpus")
def cpus() -> Check:
    # the same search the chapter's table runs (figures_planning.cpus_table)
    need = planning.cpus_needed("db-bi", LEVEL, MEMORY_GIB)
    more = planning.cpus_needed("db-bi", LEVEL, MORE_GIB)
    if need is None:
        raise ValueError(f"db-bi: no CPU count keeps it at {LEVEL:.0%} with {MEMORY_GIB} GiB")
    short = planning.throughput("db-bi", MEMORY_GIB, need - 1)
    return Check(
        id="case_planning-ex-cpus",
        answer=need,
        # a count of processors, read from the table: exact
        rel_tolerance=0.0, abs_tolerance=0.0, unit="CPUs",
        values={"cpus": str(need), "cpus_more": "more than 64" if more is None else str(more),
                "short": f"{short:.2f}"},
        solution=(
            f"{need} CPUs: the table's {MEMORY_GIB} GiB column, or "
            f"`planning.cpus_needed(\"db-bi\", {LEVEL}, {MEMORY_GIB})`. With {need - 1} the database reaches only "
            f"{short:.2f} of its unconstrained throughput. At {MEMORY_GIB} GiB it barely pages; what holds it "
            "back is its share of the processors, which water-filling cuts in proportion to the shares when "
            f"the guests together want more. More memory does not change the shares: for {MORE_GIB} GiB the "
            f"table gives {'more than 64' if more is None else more} CPUs{' as well' if more == need else ''}. "
            f"Answer: `{need}`."
        ),
    )
