"""Fixed-answer exercises of the chapter ``case_jvm`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ...cases import jvm
from . import Check, register

MEMORY_GIB = 152  #: the LPAR the exercise asks about, one of the memory figure's sizes


@register("case_jvm-ex-memory")
def memory() -> Check:
    case = jvm.calibrated()
    # the memory figure's own runs (jvm.memory_sweep) at one of its sizes, binaries in a DCSS
    sweep = jvm.memory_sweep(memories=[MEMORY_GIB], case=case)
    at = sweep[sweep["binaries"] == "dcss"].set_index("guests")
    fail = [int(n) for n in at.index[at["failed_share"] > 0]]
    ok = [int(n) for n in at.index[at["failed_share"] == 0]]
    pause4, pause10 = float(at.loc[4, "model_reorder_pause_s"]), float(at.loc[10, "model_reorder_pause_s"])
    resident4 = 8 * pause4  # the reorder rule: one second per 8 GiB resident
    limit = float(case.pause_limit_s)
    return Check(
        id="case_jvm-ex-memory",
        answer=[round(pause4, 2), round(pause10, 2)],
        # readings of the chart (4.7, 1.9) or the rule applied to the whole LPAR (152 / 4 / 8 =
        # 4.75) are accepted; the guests' touched memory instead of what is resident (4.9, 1.97),
        # or one guest's pause for the other's, is not
        rel_tolerance=0.03, abs_tolerance=0.0, units=("s", "s"),
        values={
            "at": f"{MEMORY_GIB}", "fail": ", ".join(map(str, fail)), "ok": ", ".join(map(str, ok)),
            "pause4": f"{pause4:.2f}", "pause10": f"{pause10:.2f}",
            "reads200": f"{at.loc[200, 'page_read_mib_s']:.1f}", "reads1": f"{at.loc[1, 'page_read_mib_s']:.1f}",
        },
        solution=(
            f"On {MEMORY_GIB} GiB with the binaries in a DCSS, the configurations with {', '.join(map(str, fail))} "
            f"guests fail (red crosses) and those with {', '.join(map(str, ok))} run. Once CP steals frames, "
            "page reorder runs on each guest, and it stops the guest for one second per 8 GiB it has resident. "
            f"The four guests share the DPA, about {resident4:.1f} GiB resident each, so a reorder stops one "
            f"for {pause4:.2f} s, longer than the clients' {limit:g} s; ten guests hold about "
            f"{8 * pause10:.1f} GiB each and stop for {pause10:.2f} s. Answer: `{pause4:.2f}, {pause10:.2f}`."
        ),
    )
