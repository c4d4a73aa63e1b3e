"""Fixed-answer exercises of the chapter ``results_overall`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ...model import simulate
from . import Check, register


@register("results_overall-ex-cpsystem")
def cp_factor() -> Check:
    edev_run = simulate("64/20", env="zvm63-edev").system
    eckd_run = simulate("64/20", env="zvm63-eckd").system
    edev, eckd = float(edev_run["cp_system_cpu"]), float(eckd_run["cp_system_cpu"])
    factor = edev / eckd
    cpus = int(edev_run["real_cpus"])
    # read off the charts (a line chart with one decimal on its % axis, or the CPU breakup's
    # "CP system 1.1 %" and "0.4 %" labels): about a tenth either way; the inverse ratio
    # (ECKD ÷ EDEV) or z/VM 6.2 against 6.3 is refused
    return Check(
        id="results_overall-ex-cpsystem",
        answer=round(factor, 2),
        rel_tolerance=0.1, abs_tolerance=0.0, units=("ratio",),
        values={"edev": f"{edev:.3f}", "eckd": f"{eckd:.3f}", "factor": f"{factor:.2f}",
                "reads-edev": f"{float(edev_run['page_read_mib_s']):.0f}",
                "reads-eckd": f"{float(eckd_run['page_read_mib_s']):.0f}"},
        solution=(
            f"CP system CPU at 64/20 is {edev:.3f} CPUs with EDEV-SCSI paging and {eckd:.3f} with ECKD "
            f"({100 * edev / cpus:.1f} % and {100 * eckd / cpus:.1f} % of the {cpus} real CPUs), a factor of "
            f"{factor:.2f}. Answer: `{factor:.2f}`."
        ),
    )
