"""Fixed-answer exercises of the appendix ``model_method`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ...book import figures_validation as fv
from . import Check, register

BANDS = (0.1, 0.5)


@register("model_method-ex-band")
def band() -> Check:
    # the frame the chart of the 64/20 records draws, with the chart's own test for "inside"
    obs = fv.observation_frame()
    counts = [int(((obs["model"] >= obs["paper"] * (1 - b)) & (obs["model"] <= obs["paper"] * (1 + b))).sum())
              for b in BANDS]
    worst = obs.assign(err=obs["ratio"].apply(lambda r: max(r, 1 / r))).sort_values("err", ascending=False).iloc[0]
    # named as the chart's tooltip names it: the guest and the quantity, not the record's id
    worst_text = (f"the {worst['quantity']} of {worst['who']} (paper {worst['paper']:g} {worst['unit']}, "
                  f"model {worst['model']:g} {worst['unit']})")
    target = worst["role"] == fv.ROLE_FIT
    return Check(
        id="model_method-ex-band",
        answer=counts,
        # counts read off the chart's label: exact
        rel_tolerance=0.0, abs_tolerance=0.0, units=("records", "records"),
        values={"band10": str(counts[0]), "band50": str(counts[1]), "n": str(len(obs)), "worst": worst_text},
        solution=(
            f"The chart's label counts {counts[0]} of {len(obs)} records within ±10 % and {counts[1]} within "
            f"±50 %. The furthest from the paper is {worst_text}, "
            + ("a calibration target. " if target else
               "not a calibration target; it restates fitted numbers in another unit. ")
            + f"Answer: `{counts[0]}, {counts[1]}`."
        ),
    )
