"""Fixed-answer exercises of the chapter ``study`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import data, study
from ...tiers import overcommit_ratio
from . import Check, register


@register("study-ex-ocr")
def ocr() -> Check:
    instantiated = int(study.reference_totals()["instantiated_mib"])
    records = data.observations(["observations_000.csv"]).set_index("id")
    dpa = float(records.loc["o000-sys-dpa", "value"])
    ratio = overcommit_ratio(instantiated, dpa)
    return Check(
        id="study-ex-ocr",
        answer=round(ratio, 2),
        rel_tolerance=0.01, abs_tolerance=0.0, units=("ratio",),
        values={"instantiated": f"{instantiated:,}", "dpa": f"{dpa:,.0f}", "ocr": f"{ratio:.2f}"},
        solution=(
            f"Σ instantiated in the reference run is {instantiated:,} MiB (Table 17), so the ratio would be "
            f"{instantiated:,} / {dpa:,.0f} ≈ {ratio:.2f} : 1. Under pressure CP takes back pages Linux "
            "has marked unused and the page-cached guests need less cache, so the true ratio is below "
            f"this estimate. Answer: `{ratio:.2f}`."
        ),
    )
