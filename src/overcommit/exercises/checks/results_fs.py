"""Fixed-answer exercises of the chapter ``results_fs`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import data
from . import Check, register


@register("results_fs-ex-ten")
def ten() -> Check:
    # the paper's own numbers at 64/20 (z/VM 6.3, EDEV-SCSI), as the question states them
    obs = data.observations(["observations_000.csv"]).set_index("id")["value"]
    system_reads = float(obs["o000-sys-pr"])      # MiB/s, all page reads of the system
    dpa = float(obs["o000-sys-dpa"])              # MiB
    read_share = float(obs["o000-fspm-pr-share"])  # % of all page reads
    dpa_share = float(obs["o000-fspm-dpa"])       # % of the DPA resident
    pin_frac = float(obs["o000-fspm-pin-frac"])   # % of its resident memory paged in per second
    from_share = read_share / 100 * system_reads
    resident = dpa_share / 100 * dpa
    from_pin = pin_frac / 100 * resident
    ratio = from_pin / from_share
    from ...model import simulate

    guest = simulate("64/20").guests.loc["fs-pagecache-medium"]
    model_pin = 100 * float(guest["page_read_mib_s"] / guest["resident_mib"])  # % per second
    below = pin_frac / model_pin
    return Check(
        id="results_fs-ex-ten",
        answer=[round(from_share, 3), round(from_pin, 2)],
        # a reader who rounds to two significant digits (2.0, 22) is accepted; reading the
        # share per minute, forgetting the 8.5 % or mixing up the two rates is not
        rel_tolerance=0.05, abs_tolerance=0.0, units=("MiB/s", "MiB/s"),
        values={"dpa": f"{dpa:,.0f}", "resident": f"{resident:,.0f}", "from_share": f"{from_share:.2f}",
                "from_pin": f"{from_pin:.1f}", "ratio": f"{ratio:.0f}"},
        solution=(
            f"From the read share: {read_share:g} % of {system_reads:g} MiB/s = {from_share:.2f} MiB/s. "
            f"From the paged-in fraction: the guest's resident memory is {dpa_share:g} % of {dpa:,.0f} MiB "
            f"= {resident:,.0f} MiB, and {pin_frac:g} % of it per second is {from_pin:.1f} MiB/s, about "
            f"{ratio:.0f} times as much. The two cannot both be right. The calibration took the rate from "
            f"the read share, so the model's paged-in fraction ({model_pin:.2f} % per second) comes out at "
            f"about 1/{below:.0f} of the paper's. "
            f"Answer: `{from_share:.2f}, {from_pin:.1f}`."
        ),
    )
