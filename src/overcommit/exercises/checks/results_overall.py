"""Fixed-answer exercises of the chapter ``results_overall`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ...model import simulate
from . import Check, register


@register("results_overall-ex-cpsystem")
def cp_factor() -> Check:
    edev = float(simulate("64/20", env="zvm63-edev").system["cp_system_cpu"])
    eckd = float(simulate("64/20", env="zvm63-eckd").system["cp_system_cpu"])
    factor = edev / eckd
    # read off a bar chart: a tenth either way
    return Check(
        id="results_overall-ex-cpsystem",
        answer=round(factor, 2),
        rel_tolerance=0.1, abs_tolerance=0.0,
        values={"edev": f"{edev:.2f}", "eckd": f"{eckd:.2f}", "factor": f"{factor:.1f}"},
        solution=(
            f"CP system CPU at 64/20 is {edev:.2f} CPUs with EDEV-SCSI paging and {eckd:.2f} with ECKD, "
            f"a factor of {factor:.1f}. Answer: `{factor:.2f}`."
        ),
    )
