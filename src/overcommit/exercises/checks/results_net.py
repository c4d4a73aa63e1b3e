"""Fixed-answer exercises of the chapter ``results_net`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import data
from ...book import figures_net as fn
from ...workloads import study_guests
from . import Check, register


@register("results_net-ex-level")
def level() -> Check:
    levels = fn.water_levels(cids=["512/15"], envs=["zvm63-edev"]).set_index("cid")
    theta = float(levels.loc["512/15", "water_level"])
    guests = {g.name: g for g in study_guests()}
    # reference CPU load (Table 17) per 100 shares; the server is the slower member of a pair
    med, high = guests["net-medium-server"], guests["net-high-server"]
    d_med = 100 * med.cpu_load / med.share
    d_high = 100 * high.cpu_load / high.share
    # the question shows the level to three decimals; the reader divides what is shown
    theta_text, med_text, high_text = f"{theta:.3f}", f"{d_med:.3f}", f"{d_high:.3f}"
    shown = float(theta_text)
    x_med, x_high = shown / d_med, shown / d_high
    paper_high = float(data.observations(["observations_000.csv"]).set_index("id").loc["o000-nh-15", "value"]) / 100
    needed = paper_high * d_high
    return Check(
        id="results_net-ex-level",
        answer=[round(x_med, 3), round(x_high, 3), round(needed, 3)],
        # two-decimal readings (0.55, 0.63, 0.33) are accepted; dividing by the client's demand
        # (0.65, 0.69) or forgetting the high pair's 200 shares (0.31, 0.66) is not
        rel_tolerance=0.03, abs_tolerance=0.0, unit="",
        values={"theta": theta_text, "d100_medium": med_text, "d100_high": high_text,
                "x_medium": f"{x_med:.2f}", "x_high": f"{x_high:.2f}", "needed": f"{needed:.2f}",
                "needed_frac": f"{100 * needed / theta:.0f} %", "paper_high": f"{100 * paper_high:.0f} %"},
        solution=(
            f"A pair runs as fast as its server. Per 100 shares the medium server asked for {med_text} CPUs "
            f"in the reference run ({med.cpu_load:g} processors, {med.share:g} shares), the high server for {high_text} "
            f"({high.cpu_load:g} processors, {high.share:g} shares). "
            f"Both want more than the level of {theta_text}, so both get the level, and the pairs run at "
            f"{theta_text} / {med_text} = {x_med:.2f} and {theta_text} / {high_text} = {x_high:.2f} of their "
            f"reference. For {100 * paper_high:.0f} % the high server would have needed "
            f"{paper_high:.2f} × {high_text} = {needed:.2f} CPUs per 100 shares, {100 * needed / theta:.0f} % of the "
            f"level every other CPU-hungry guest gets. Answer: `{x_med:.2f}, {x_high:.2f}, {needed:.2f}`."
        ),
    )
