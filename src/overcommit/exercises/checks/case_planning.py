"""Fixed-answer exercises of the chapter ``case_planning`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import planning
from . import Check, register

LEVEL, MEMORY_GIB, MORE_GIB = 0.9, 96, 128  #: the exercise's level and host, and the table's larger memory


@register("case_planning-ex-cpus")
def cpus() -> Check:
    from ...model import simulate

    # the same search the chapter's table runs (figures_planning.cpus_table)
    need = planning.cpus_needed("db-bi", LEVEL, MEMORY_GIB)
    more = planning.cpus_needed("db-bi", LEVEL, MORE_GIB)
    if need is None:
        raise ValueError(f"db-bi: no CPU count keeps it at {LEVEL:.0%} with {MEMORY_GIB} GiB")
    # one CPU short: how far the database falls, whether water-filling cuts anyone (spare
    # CPUs beyond the fluctuation idle), how often every real CPU is busy, how much CPU per
    # unit of work it burns spinning (against Table 17) and how much it pages
    r = simulate((MEMORY_GIB, need - 1))
    short = float(r.workloads.loc["db-bi", "relative_throughput"])
    spare, busy = float(r.system["spare_cpu"]), float(r.system["all_cpus_busy"])
    spin, reads = float(r.guests.loc["db-bi", "spin_factor"]), float(r.guests.loc["db-bi", "page_read_mib_s"])
    if spare < 1e-6:
        cut, hold = "water-filling cuts it to its share", "It also loses to its own CPU per unit of work"
    else:
        cut = f"{spare:.2f} real CPUs stand idle for want of work, so water-filling cuts nobody"
        hold = "What holds it back is its own CPU per unit of work"
    busy_pct = f"{100 * busy:.0f} %"
    if more is None:
        more_text = f"At {MORE_GIB} GiB not even 64 CPUs are enough."
    elif more < need:
        more_text = (f"At {MORE_GIB} GiB, where it does not page, {more} CPUs are enough: here memory costs "
                     f"{need - more} CPU{'s' if need - more > 1 else ''}.")
    else:
        more_text = f"At {MORE_GIB} GiB it needs {more} CPUs{' as well' if more == need else ''}."
    return Check(
        id="case_planning-ex-cpus",
        answer=need,
        # a count of processors, read from the table: exact
        rel_tolerance=0.0, abs_tolerance=0.0, units=("CPUs",),
        values={"cpus": str(need), "cpus_short": str(need - 1), "cpus_more": "more than 64" if more is None else str(more),
                "short": f"{short:.2f}", "spare": f"{spare:.2f}", "busy": busy_pct, "spin": f"{spin:.2f}",
                "reads": f"{reads:.1f}"},
        solution=(
            f"{need} CPUs: the table's {MEMORY_GIB} GiB column, or "
            f"`planning.cpus_needed(\"db-bi\", {LEVEL}, {MEMORY_GIB})`. With {need - 1} the database reaches only "
            f"{short:.2f} of its unconstrained throughput, and {cut}. {hold}: every real CPU is still busy "
            f"{busy_pct} of the time, so z/VM preempts virtual CPUs, and the "
            f"database's virtual CPUs spin on the preempted ones, burning {spin:.2f} times its reference CPU per unit "
            f"of work; at {MEMORY_GIB} GiB it also waits for a few page reads ({reads:.1f} MiB/s). {more_text} "
            f"Answer: `{need}`."
        ),
    )
