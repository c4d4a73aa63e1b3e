"""Fixed-answer exercises of the chapter ``results_net`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import data
from ...book import figures_net as fn
from ...model import simulate
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
    # the high server's CPU per unit of work against Table 17: its two virtual CPUs spin on a
    # preempted sibling (lock-holder preemption); the one-CPU medium server never spins
    spin = float(simulate("512/15").guests.loc["net-high-server", "spin_factor"])
    # the question shows the level and the spin factor to three decimals; the reader divides what is shown
    theta_text, med_text, high_text, spin_text = f"{theta:.3f}", f"{d_med:.3f}", f"{d_high:.3f}", f"{spin:.3f}"
    shown, spin_shown = float(theta_text), float(spin_text)
    x_med, x_high = shown / d_med, shown / (d_high * spin_shown)
    paper_high = float(data.observations(["observations_000.csv"]).set_index("id").loc["o000-nh-15", "value"]) / 100
    needed = paper_high * d_high * spin_shown
    return Check(
        id="results_net-ex-level",
        answer=[round(x_med, 3), round(x_high, 3), round(needed, 3)],
        # two-decimal readings (0.55, 0.50, 0.42) are accepted; for the high pair, dividing by the
        # client's demand (0.55), forgetting its 200 shares (0.25) or its spinning (0.63, and 0.33
        # CPUs per 100 shares) is not
        rel_tolerance=0.03, abs_tolerance=0.0, units=("fraction", "fraction", "CPUs"),
        values={"theta": theta_text, "d100_medium": med_text, "d100_high": high_text, "spin": spin_text,
                "x_medium": f"{x_med:.2f}", "x_high": f"{x_high:.2f}", "needed": f"{needed:.2f}",
                "needed_frac": f"{100 * needed / theta:.0f} %", "paper_high": f"{100 * paper_high:.0f} %"},
        solution=(
            f"A pair runs as fast as its server. Per 100 shares the medium server asked for {med_text} CPUs "
            f"in the reference run ({med.cpu_load:g} processors, {med.share:g} shares), the high server for {high_text} "
            f"({high.cpu_load:g} processors, {high.share:g} shares). "
            f"Both want more than the level of {theta_text}, so both get the level. The medium pair runs at "
            f"{theta_text} / {med_text} = {x_med:.2f} of its reference. The high server needs {spin_text} times its "
            f"reference CPU per unit of work, because its virtual CPUs spin on a preempted sibling, so the high pair "
            f"runs at {theta_text} / ({high_text} × {spin_text}) = {x_high:.2f}. "
            f"For {100 * paper_high:.0f} % the high server would have needed "
            f"{paper_high:.2f} × {high_text} × {spin_text} = {needed:.2f} CPUs per 100 shares, "
            f"{100 * needed / theta:.0f} % of the level every other CPU-hungry guest gets. "
            f"Answer: `{x_med:.2f}, {x_high:.2f}, {needed:.2f}`."
        ),
    )
