"""Fixed-answer exercises of the chapter ``results_db`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ...model import simulate
from . import Check, register


@register("results_db-ex-turnover")
def turnover() -> Check:
    db = simulate("64/20").guests.loc["db-bi"]
    resident, reads = float(db["resident_mib"]), float(db["page_read_mib_s"])
    # the question shows both numbers rounded (resident to 1 MiB, reads to 0.1 MiB/s)
    res_text, reads_text = f"{resident:,.0f}", f"{reads:.1f}"
    minutes = float(res_text.replace(",", "")) / float(reads_text) / 60
    return Check(
        id="results_db-ex-turnover",
        answer=round(minutes, 1),
        rel_tolerance=0.03, abs_tolerance=0.5, units=("min",),
        values={"resident": res_text, "reads": reads_text, "minutes": f"{minutes:.0f}"},
        solution=(
            f"{res_text} MiB ÷ {reads_text} MiB/s = {minutes * 60:,.0f} s, about {minutes:.0f} minutes. "
            "Only a small, hot part of the database's resident memory is being exchanged; most of "
            f"it stays resident for the whole run. Answer: `{minutes:.1f}`."
        ),
    )
