"""Fixed-answer exercises of the chapter ``results_was`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from . import Check, register


@register("results_was-ex-chain")
def chain() -> Check:
    from ...book import figures_was as fx

    c15 = fx.component_frame(cids=["512/15"], envs=["zvm63-edev"]).set_index("guest")
    level = float(c15["water_level"].iloc[0])
    predicted, necks = [], []
    for v in fx.LEVELS:
        neck = c15[(c15.level == v) & c15.bottleneck].index[0]
        predicted.append(level / float(c15.loc[neck, "demand_per100"]))
        necks.append(neck)
    # the question gives the level to three decimals; Table 17's loads are two-decimal numbers
    return Check(
        id="results_was-ex-chain",
        answer=[round(p, 3) for p in predicted],
        rel_tolerance=0.03, abs_tolerance=0.0, units=("fraction", "fraction"),
        values={"theta": f"{level:.3f}", "pred-m": f"{predicted[0]:.3f}", "pred-h": f"{predicted[1]:.3f}",
                "neck-m": necks[0], "neck-h": necks[1]},
        solution=(
            f"Each triplet runs as fast as its slowest component allows. With a water level of {level:.3f} CPUs "
            "per 100 shares, a component gets level ÷ (its reference load per 100 shares) of what it "
            f"asks for; the smallest ratio in each triplet limits it: `{necks[0]}` gives {predicted[0]:.3f} for the "
            f"medium level and `{necks[1]}` gives {predicted[1]:.3f} for the high level. "
            f"Answer: `[{predicted[0]:.3f}, {predicted[1]:.3f}]`."
        ),
    )
