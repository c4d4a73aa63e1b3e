"""Fixed-answer exercises of the chapter ``results_tolerance`` (see :mod:`overcommit.exercises.checks`)."""

from __future__ import annotations

from ... import tolerance
from . import Check, register


@register("results_tolerance-ex-was")
def was() -> Check:
    # the other reading of "about one sixth": for both WebSphere triplets together
    both = tolerance.paper_measures(was_split=2)
    per_level = tolerance.paper_measures(was_split=1)
    b = tolerance.BOUNDARIES
    was2, ihs2 = float(both.loc["was-was", "read_share_pct"]), float(both.loc["was-ihs", "read_share_pct"])
    classes = {}
    for key in ("was-was", "was-ihs", "was-db2"):
        classes[key] = tuple(str(tolerance.classify(m.loc[key, "read_share_pct"], b.reads_low, b.reads_high))
                             for m in (per_level, both))
    unchanged = all(c[0] == c[1] for c in classes.values())
    return Check(
        id="results_tolerance-ex-was",
        answer=[round(was2, 2), round(ihs2, 2)],
        # 5 and 1.7 are accepted; the per-level reading (twice as much) or an even split over
        # the guests (2.8 each) is not
        rel_tolerance=0.03, abs_tolerance=0.0, units=("%", "%"),
        values={"was2": f"{was2:.1f}", "ihs2": f"{ihs2:.1f}", "was_class": classes["was-was"][1],
                "ihs_class": classes["was-ihs"][1]},
        solution=(
            f"One sixth for both triplets together is one twelfth per triplet; of it the WebSphere guest reads "
            f"three fifths and IHS and DB2 one fifth each, so the WebSphere guest reads {was2:.1f} % of the page "
            f"reads and IHS and DB2 {ihs2:.1f} % each. With the boundaries at {b.reads_low:g} % and "
            f"{b.reads_high:g} % WebSphere is {classes['was-was'][1]} and IHS and DB2 are "
            f"{classes['was-ihs'][1]}, " + ("as with the other reading: the table does not depend on the ambiguity. "
                                            if unchanged else "unlike with the other reading. ")
            + f"Answer: `{was2:.1f}, {ihs2:.1f}`."
        ),
    )
