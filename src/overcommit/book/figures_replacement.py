"""Figures and tables of the chapter "Page replacement" (``book/replacement.ipynb``).

Every number comes from :mod:`overcommit.replacement` (the trace simulator :func:`run` and
the characteristic-time approximation :func:`che`) or from :func:`overcommit.simulate`.
The functions here only arrange those results for display: they replay traces, sweep a
grid of settings and build Altair charts. Charts follow the conventions of
:mod:`overcommit.book.figures` (a ``description`` for screen readers, units in every axis
title, controls bound to Vega-Lite parameters over data computed in advance).
"""

from __future__ import annotations

import math
from typing import Sequence

import altair as alt
import numpy as np
import pandas as pd

from .. import data, replacement
from ..model import simulate
from ..seeding import DEFAULT_SEED
from .palette import ALERT, INK, MODEL, PAGE_MEASURES, PAPER, POLICIES, SIMULATED, word
from .figures import HEIGHT, WIDE, zero_scale_by, picker, prose

BELADY_TRACE: tuple[int, ...] = (1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5)
"""The reference string of Belady, Nelson and Shedler (1969)."""

EXAMPLE_TRACES: dict[str, tuple[int, ...]] = {
    "Belady's example": BELADY_TRACE,
    "a loop over five pages": (1, 2, 3, 4, 5) * 4,
    "three phases of locality": (1, 2, 3, 1, 2, 1, 3, 2, 4, 5, 4, 6, 5, 4, 6, 5, 1, 2, 1, 3, 2, 1),
}
"""Short traces for the anomaly chart, by the name its drop-down shows."""

LABELS = {"fifo": "FIFO", "lru": "LRU", "clock": "CLOCK", "opt": "OPT", "random": "random"}
POLICY_ORDER = ["FIFO", "LRU", "CLOCK", "random", "OPT"]
POLICY_COLORS = [POLICIES[p] for p in POLICY_ORDER]
POLICY_SCALE = alt.Scale(domain=POLICY_ORDER, range=POLICY_COLORS)

ALPHAS: tuple[float, ...] = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4)
"""Zipf skews of the precomputed miss-ratio curves."""
CURVE_PAGES = 400
CURVE_REFS = 20_000
CURVE_WARMUP = 4_000
CURVE_SIZES: tuple[int, ...] = (4, 8, 16, 32, 48, 64, 96, 128, 160, 200, 240, 280, 320, 360)


def _label(policy: str) -> str:
    return LABELS[policy]


# --------------------------------------------------------------------------------------
# Short traces: step by step, and Belady's anomaly


def step_table(trace: Sequence[int], frames: Sequence[int], policy: str = "fifo") -> pd.DataFrame:
    """Replay ``trace`` reference by reference for each memory size in ``frames``.

    One row per reference: the page, and for each size whether it hit and which pages are
    in memory afterwards, oldest load first. Computed by calling
    :func:`overcommit.replacement.run` on every prefix of the trace (short traces only).
    """
    trace = [int(p) for p in trace]
    if len(trace) > 200:
        raise ValueError(f"trace: {len(trace)} references is not accepted; expected at most 200")
    rows: dict[str, list] = {"page": trace}
    for c in frames:
        outcome, memory = [], []
        loaded_at: dict[int, int] = {}
        previous = 0
        for k in range(1, len(trace) + 1):
            result = replacement.run(trace[:k], c, policy, seed=DEFAULT_SEED)
            missed = result.misses > previous
            previous = result.misses
            if missed:
                loaded_at[trace[k - 1]] = k
            outcome.append("miss" if missed else "hit")
            memory.append(" ".join(str(p) for p in sorted(result.resident, key=loaded_at.get)))
        rows[f"{c} frames: hit or miss"] = outcome
        rows[f"{c} frames: in memory after"] = memory
    table = pd.DataFrame(rows, index=pd.RangeIndex(1, len(trace) + 1, name="reference"))
    return table


def anomaly_frame(traces: dict[str, Sequence[int]] | None = None, max_frames: int = 6,
                  random_seeds: int = 200) -> pd.DataFrame:
    """Misses of every policy for 1..``max_frames`` frames on each trace.

    Random replacement is averaged over ``random_seeds`` seeds (0, 1, ...). A column
    ``anomaly`` marks a size that faults more often than the size below it.
    """
    traces = EXAMPLE_TRACES if traces is None else traces
    records = []
    for name, trace in traces.items():
        for policy in replacement.POLICIES:
            previous = math.inf
            for c in range(1, max_frames + 1):
                if policy == "random":
                    misses = float(np.mean([replacement.run(trace, c, policy, seed=s).misses
                                            for s in range(random_seeds)]))
                else:
                    misses = float(replacement.run(trace, c, policy).misses)
                records.append(dict(trace=name, policy=_label(policy), frames=c, misses=misses,
                                    anomaly=bool(misses > previous + 1e-9)))
                previous = misses
    frame = pd.DataFrame(records)
    # spread coincident lines a little so that every policy stays visible
    offset = {p: (i - 2) * 0.07 for i, p in enumerate(POLICY_ORDER)}
    frame["x"] = frame["frames"] + frame["policy"].map(offset)
    return frame


def anomaly_chart(frame: pd.DataFrame, default: str = "Belady's example") -> alt.LayerChart:
    """Misses against frames per policy; a drop-down picks the trace."""
    names = list(dict.fromkeys(frame["trace"]))
    pick = picker("trace", names, default, "Trace", field="default")
    base = alt.Chart(frame).transform_filter(alt.datum.trace == pick)
    x = alt.X("x:Q", title="memory size (frames)", scale=alt.Scale(domain=[0.6, 6.4]),
              axis=alt.Axis(values=list(range(1, 7)), format="d"))
    y = alt.Y("misses:Q", title="page faults (misses)", scale=zero_scale_by([(frame, "misses")], [(pick, "trace")]))
    color = alt.Color("policy:N", title="Policy", scale=POLICY_SCALE, sort=POLICY_ORDER)
    tooltip = [alt.Tooltip("trace:N"), alt.Tooltip("policy:N"), alt.Tooltip("frames:Q", title="frames"),
               alt.Tooltip("misses:Q", title="misses", format=".2f")]
    lines = base.mark_line(point=True, strokeWidth=2).encode(
        x=x, y=y, color=color,
        strokeDash=alt.StrokeDash("policy:N", sort=POLICY_ORDER, title="Policy",
                                  scale=alt.Scale(domain=POLICY_ORDER,
                                                  range=[[1, 0], [6, 3], [2, 2], [1, 0], [8, 2, 2, 2]])),
        tooltip=tooltip,
    )
    rings = base.transform_filter(alt.datum.anomaly).mark_point(
        size=380, strokeWidth=2, color=ALERT, filled=False
    ).encode(x=x, y=y, tooltip=tooltip)
    flagged = frame[frame["anomaly"]]
    labels = (flagged.groupby(["trace", "frames"], sort=False)
              .agg(misses=("misses", "max"), policies=("policy", lambda p: ", ".join(p)))
              .reset_index())
    labels["text"] = (f"{word(ALERT)} ring: one more frame, more faults (" + labels["policies"]
                      + ", " + labels["frames"].astype(str) + " frames)")
    notes = alt.Chart(labels).transform_filter(alt.datum.trace == pick).mark_text(
        align="left", color=INK, fontSize=11
    ).encode(x=alt.value(8), y=alt.value(HEIGHT - 14), text="text:N")
    return (lines + rings + notes).add_params(pick).properties(
        width=WIDE, height=HEIGHT, title="Page faults against memory size",
        description=prose(f"""
            Line chart of the number of page faults (misses) of FIFO, LRU, CLOCK, random
            replacement (mean of 200 seeds) and OPT for memories of 1 to 6 frames, on
            the trace chosen in the drop-down. {word(ALERT).capitalize()} rings mark a policy that faults more
            with one more frame (Belady's anomaly): on Belady's example FIFO and CLOCK
            fault 9 times with 3 frames and 10 times with 4; LRU and OPT never do this.
            """),
    )


# --------------------------------------------------------------------------------------
# Zipf traces: simulation against the characteristic-time approximation


def policy_curves(alphas: Sequence[float] = ALPHAS, n_pages: int = CURVE_PAGES,
                  n_refs: int = CURVE_REFS, warmup: int = CURVE_WARMUP,
                  sizes: Sequence[int] = CURVE_SIZES, seed: int = DEFAULT_SEED) -> pd.DataFrame:
    """Hit ratios of every policy on an IRM trace with Zipf(alpha) popularity.

    For each skew one trace of ``n_refs`` references over ``n_pages`` pages
    (:func:`~overcommit.replacement.irm_trace`, seeded); each policy is simulated at
    ``sizes`` frames with the first ``warmup`` references not counted (the approximation
    describes the steady state, not the cold start) and, except OPT, approximated on a
    finer grid of sizes by :func:`~overcommit.replacement.che`. Long format: alpha, policy,
    frames, source ("simulated" or "approximation"), hit_ratio, miss_ratio.
    """
    fine = np.unique(np.round(np.geomspace(2, n_pages - 1, 36)).astype(int))
    records = []
    for alpha in alphas:
        rates = replacement.zipf_rates(n_pages, alpha)
        trace = replacement.irm_trace(rates, n_refs, seed=seed)
        for policy in replacement.POLICIES:
            for c in sizes:
                r = replacement.run(trace, int(c), policy, seed=seed, warmup=warmup)
                records.append((alpha, _label(policy), int(c), "simulated", r.hit_ratio))
            if policy in replacement.ANALYTIC_POLICIES:
                for c in fine:
                    records.append((alpha, _label(policy), int(c), "approximation",
                                    replacement.che(rates, int(c), policy).hit_ratio))
    frame = pd.DataFrame(records, columns=["alpha", "policy", "frames", "source", "hit_ratio"])
    frame["alpha"] = frame["alpha"].round(2)
    frame["hit_ratio"] = frame["hit_ratio"].round(4)
    frame["miss_ratio"] = (1.0 - frame["hit_ratio"]).round(4)
    return frame


def approximation_errors(curves: pd.DataFrame, n_pages: int = CURVE_PAGES) -> pd.DataFrame:
    """Simulated minus approximated hit ratio at every simulated size (OPT excluded).

    ``curves`` is a :func:`policy_curves` frame made with ``n_pages`` pages.
    """
    keys = {v: k for k, v in LABELS.items()}
    sim = curves[(curves["source"] == "simulated") & (curves["policy"] != "OPT")]
    rows = []
    for (alpha, policy), group in sim.groupby(["alpha", "policy"], sort=False):
        rates = replacement.zipf_rates(n_pages, float(alpha))
        for c, h in zip(group["frames"], group["hit_ratio"]):
            rows.append((alpha, policy, int(c), h, replacement.che(rates, int(c), keys[policy]).hit_ratio))
    out = pd.DataFrame(rows, columns=["alpha", "policy", "frames", "simulated", "approximation"])
    out["approximation"] = out["approximation"].round(4)
    out["error"] = (out["simulated"] - out["approximation"]).round(4)
    return out


def agreement_chart(curves: pd.DataFrame, alpha: float = 0.8) -> alt.VConcatChart:
    """Static: every policy's simulated hit ratio (points) against its approximation (lines)
    at one skew, and below it the difference."""
    sub = curves[np.isclose(curves["alpha"], alpha)]
    if sub.empty:
        raise ValueError(f"alpha: {alpha!r} is not accepted; expected one of {sorted(set(curves['alpha']))}")
    sim = sub[sub["source"] == "simulated"]
    app = sub[(sub["source"] == "approximation") & (sub["policy"] != "random")].copy()
    errors = approximation_errors(sub)
    x = alt.X("frames:Q", title="memory size (frames, of 400 pages)", scale=alt.Scale(domain=[0, 400]))
    color = alt.Color("policy:N", title="Policy", scale=POLICY_SCALE, sort=POLICY_ORDER)
    lines = alt.Chart(app).mark_line(strokeWidth=1.8).encode(
        x=x, y=alt.Y("hit_ratio:Q", title="hit ratio (share of references)", scale=alt.Scale(domain=[0, 1])),
        color=color, detail="policy:N",
    )
    points = alt.Chart(sim).mark_point(size=45, filled=True, opacity=0.9).encode(
        x=x, y="hit_ratio:Q", color=color,
        shape=alt.Shape("policy:N", sort=POLICY_ORDER, legend=None),
        tooltip=["policy:N", alt.Tooltip("frames:Q", title="frames"),
                 alt.Tooltip("hit_ratio:Q", title="simulated hit ratio", format=".3f")],
    )
    top = (lines + points).properties(
        width=WIDE, height=HEIGHT,
        title=f"Simulated (points) and approximated (lines) hit ratio, Zipf skew {alpha:g}",
    )
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(color=INK, strokeDash=[4, 3]).encode(y="y:Q")
    diff = alt.Chart(errors).mark_line(point=True, strokeWidth=1).encode(
        x=x,
        y=alt.Y("error:Q", title="simulated − approximated (hit ratio)", scale=alt.Scale(domain=[-0.03, 0.03])),
        color=color,
        tooltip=["policy:N", alt.Tooltip("frames:Q"), alt.Tooltip("error:Q", format="+.4f")],
    )
    bottom = (zero + diff).properties(width=WIDE, height=140, title="Error of the approximation")
    return alt.vconcat(top, bottom).properties(
        description=(
            f"Top: hit ratio against memory size (frames, of 400 pages) for an IRM trace of "
            f"{CURVE_REFS:,} references with Zipf skew {alpha:g}; points are the trace simulator "
            "for FIFO, LRU, CLOCK, random and OPT, lines the characteristic-time approximation "
            "for LRU, CLOCK and FIFO (random has the same formula as FIFO). OPT lies well above "
            "all others; LRU and CLOCK nearly coincide above FIFO and random. Bottom: simulated "
            "minus approximated hit ratio; every point lies within about one hundredth of zero."
        )
    )


def mrc_chart(curves: pd.DataFrame, policy: str = "CLOCK", alpha: float = 0.8) -> alt.LayerChart:
    """Interactive miss-ratio curve: a drop-down picks the policy, a slider the Zipf skew.

    Points are simulated, the line is the approximation, the grey line is OPT (the lower
    bound no real policy can beat).
    """
    options = ["LRU", "CLOCK", "FIFO", "random"]
    if policy not in options:
        raise ValueError(f"policy: {policy!r} is not accepted; expected one of {options}")
    alphas = sorted(set(float(a) for a in curves["alpha"]))
    if not any(math.isclose(alpha, a) for a in alphas):
        raise ValueError(f"alpha: {alpha!r} is not accepted; expected one of {alphas}")
    step = round(alphas[1] - alphas[0], 6) if len(alphas) > 1 else 1.0
    pick = picker("policy", options, policy, "Policy")
    skew = alt.param(name="skew", value=alpha,
                     bind=alt.binding_range(min=alphas[0], max=alphas[-1], step=step,
                                            name="Zipf skew α "))
    near = f"abs(datum.alpha - skew) < {step / 4:g}"
    base = alt.Chart(curves[["alpha", "policy", "frames", "source", "miss_ratio"]]).transform_filter(near)
    x = alt.X("frames:Q", title="memory size (frames, of 400 pages)", scale=alt.Scale(domain=[0, 400]))
    y = alt.Y("miss_ratio:Q", title="miss ratio (share of references)", scale=alt.Scale(domain=[0, 1]))
    opt = base.transform_filter(alt.datum.policy == "OPT").mark_line(
        color=POLICIES["OPT"], strokeDash=[6, 3], strokeWidth=2
    ).encode(x=x, y=y, tooltip=[alt.Tooltip("frames:Q"), alt.Tooltip("miss_ratio:Q", title="OPT miss ratio", format=".3f")])
    chosen = base.transform_filter(alt.datum.policy == pick)
    line = chosen.transform_filter(alt.datum.source == "approximation").mark_line(
        color=MODEL, strokeWidth=2
    ).encode(x=x, y=y)
    points = chosen.transform_filter(alt.datum.source == "simulated").mark_point(
        color=SIMULATED, filled=True, size=55
    ).encode(x=x, y=y, tooltip=[alt.Tooltip("policy:N"), alt.Tooltip("alpha:Q", title="skew"),
                                 alt.Tooltip("frames:Q"),
                                 alt.Tooltip("miss_ratio:Q", title="simulated miss ratio", format=".3f")])
    return (opt + line + points).add_params(pick, skew).properties(
        width=WIDE, height=HEIGHT,
        title=alt.TitleParams(
            "Miss-ratio curve of one policy",
            subtitle=[f"{word(SIMULATED)} points: the trace simulator · {word(MODEL)} line: the approximation · "
                      f"{word(POLICIES['OPT'])} dashes: OPT"],
        ),
        description=(
            "Miss ratio against memory size (frames, of 400 pages) for an IRM trace of "
            f"{CURVE_REFS:,} references with Zipf popularity. The drop-down picks the policy "
            "(LRU, CLOCK, FIFO or random), the slider the skew α from 0 to 1.4. "
            f"{word(SIMULATED).capitalize()} points: the trace simulator; {word(MODEL)} line: the characteristic-time "
            f"approximation; {word(POLICIES['OPT'])} dashes: OPT. The more skewed the popularity, the faster the miss ratio falls "
            "with memory."
        ),
    )


def hit_shape_frame(points: int = 81) -> pd.DataFrame:
    """Hit probability h as a function of λT for each analytic policy (FIFO = random)."""
    x = np.geomspace(0.01, 100.0, points)
    rows = []
    for policy, name in (("lru", "LRU"), ("clock", "CLOCK"), ("fifo", "FIFO and random")):
        h = replacement.hit_probabilities(x, 1.0, policy)
        rows += [(name, float(a), float(b)) for a, b in zip(x, h)]
    return pd.DataFrame(rows, columns=["policy", "lambda_T", "hit"]).round(5)


def hit_shape_chart() -> alt.Chart:
    """h(λT) for LRU, CLOCK and FIFO/random on a log axis."""
    frame = hit_shape_frame()
    return alt.Chart(frame).mark_line(strokeWidth=2.2).encode(
        x=alt.X("lambda_T:Q", title="λT: references expected within one characteristic time (log scale)",
                scale=alt.Scale(type="log"), axis=alt.Axis(values=[0.01, 0.1, 1, 10, 100])),
        y=alt.Y("hit:Q", title="hit probability of the page (share of references)", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("policy:N", title="Policy",
                        scale=alt.Scale(domain=["LRU", "CLOCK", "FIFO and random"],
                                        range=[POLICIES["LRU"], POLICIES["CLOCK"], POLICIES["FIFO"]])),
        strokeDash=alt.StrokeDash("policy:N", title="Policy",
                                  scale=alt.Scale(domain=["LRU", "CLOCK", "FIFO and random"],
                                                  range=[[1, 0], [6, 3], [2, 2]])),
        tooltip=["policy:N", alt.Tooltip("lambda_T:Q", title="λT", format=".3g"),
                 alt.Tooltip("hit:Q", title="hit probability", format=".3f")],
    ).properties(
        width=WIDE, height=210, title="How hot a page must be to stay",
        description=prose("""
            Hit probability of one page against λT, its reference rate times the
            characteristic time, on a log axis from 0.01 to 100, for LRU (1 − e^(−λT)),
            CLOCK and FIFO or random (λT / (1 + λT)). All three rise from 0 to 1 around
            λT = 1; LRU and CLOCK rise steeply, FIFO and random gradually, so they keep
            more cold pages and lose more hot ones.
            """),
    )


# --------------------------------------------------------------------------------------
# The live explorer


def explore_policy(alpha: float = 0.8, pages: int = 400, frames: int = 100,
                   policy: str = "clock") -> alt.LayerChart:
    """Simulate one policy on a fresh Zipf trace and compare it with the approximation.

    The trace has 25 references per page (at least 5,000, at most 40,000); the first fifth
    is warm-up. Raises ``ValueError`` for values the package does not accept.
    """
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 <= alpha <= 3:
        raise ValueError(f"alpha: {alpha!r} is not accepted; expected a skew between 0 and 3")
    if isinstance(pages, bool) or not isinstance(pages, int) or not 10 <= pages <= 5000:
        raise ValueError(f"pages: {pages!r} is not accepted; expected a whole number from 10 to 5000")
    if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= pages:
        raise ValueError(
            f"frames: {frames!r} is not accepted; expected a whole number from 1 to the number "
            f"of pages ({pages})"
        )
    if policy not in replacement.POLICIES:
        raise ValueError(f"policy: {policy!r} is not accepted; expected one of {', '.join(replacement.POLICIES)}")
    n_refs = int(min(max(25 * pages, 5000), 40000))
    warmup = n_refs // 5
    rates = replacement.zipf_rates(pages, float(alpha))
    trace = replacement.irm_trace(rates, n_refs, seed=DEFAULT_SEED)
    sizes = sorted(set(np.round(np.geomspace(1, pages, 10)).astype(int).tolist()) | {frames})
    rows = []
    for c in sizes:
        for p in dict.fromkeys([policy, "opt"]):
            r = replacement.run(trace, c, p, seed=DEFAULT_SEED, warmup=warmup)
            rows.append((_label(p) + (" (simulated)" if p != "opt" else " (simulated bound)"), c, r.miss_ratio))
    analytic = policy in replacement.ANALYTIC_POLICIES
    if analytic:
        for c in np.unique(np.round(np.geomspace(1, pages, 40)).astype(int)):
            rows.append((_label(policy) + " (approximation)", int(c), 1 - replacement.che(rates, int(c), policy).hit_ratio))
    frame = pd.DataFrame(rows, columns=["series", "frames", "miss_ratio"])
    frame["kind"] = np.select(
        [frame["series"].str.endswith("bound)"), frame["series"].str.endswith("(approximation)")],
        ["bound", "approximation"], "simulated")
    frame["miss_ratio"] = frame["miss_ratio"].round(4)
    sim_here = replacement.run(trace, frames, policy, seed=DEFAULT_SEED, warmup=warmup).hit_ratio
    text = f"{frames} frames: simulated hit ratio {sim_here:.3f}"
    if analytic:
        est = replacement.che(rates, frames, policy)
        t_text = "∞" if math.isinf(est.T) else f"{est.T:,.0f} references"
        text += f", approximation {est.hit_ratio:.3f} (T = {t_text})"
    else:
        text += " (OPT has no characteristic-time formula)"
    names = list(dict.fromkeys(frame["series"]))
    palette = {" (simulated)": SIMULATED, " (approximation)": MODEL, " (simulated bound)": POLICIES["OPT"]}
    colors = [next(v for k, v in palette.items() if n.endswith(k)) for n in names]
    x = alt.X("frames:Q", title=f"memory size (frames, of {pages} pages)", scale=alt.Scale(domain=[0, pages]))
    y = alt.Y("miss_ratio:Q", title="miss ratio (share of references)", scale=alt.Scale(domain=[0, 1]))
    color = alt.Color("series:N", title=None, scale=alt.Scale(domain=names, range=colors),
                      legend=alt.Legend(orient="top", labelLimit=260))
    tooltip = ["series:N", "frames:Q", alt.Tooltip("miss_ratio:Q", title="miss ratio", format=".3f")]
    base = alt.Chart(frame)
    bound = base.transform_filter(alt.datum.kind == "bound").mark_line(
        strokeDash=[6, 3], strokeWidth=2).encode(x=x, y=y, color=color, tooltip=tooltip)
    approx = base.transform_filter(alt.datum.kind == "approximation").mark_line(
        strokeWidth=2).encode(x=x, y=y, color=color, tooltip=tooltip)
    points = base.transform_filter(alt.datum.kind == "simulated").mark_point(
        filled=True, size=60).encode(x=x, y=y, color=color, tooltip=tooltip)
    lines = bound + approx + points
    rule = alt.Chart(pd.DataFrame({"frames": [frames]})).mark_rule(color=INK, strokeDash=[4, 3]).encode(x="frames:Q")
    return (lines + rule).properties(
        width=WIDE, height=HEIGHT,
        title=alt.TitleParams(f"{_label(policy)} on a Zipf({alpha:g}) trace of {n_refs:,} references",
                              subtitle=[text]),
        description=(
            f"Miss ratio against memory size for {_label(policy)} on an IRM trace over {pages} "
            f"pages with Zipf skew {alpha:g}: simulated points, "
            + ("the characteristic-time approximation as a line, " if analytic else "")
            + f"and OPT as a lower bound. At {frames} frames (dashed rule) the simulated hit "
            f"ratio is {sim_here:.3f}."
        ),
    )


# --------------------------------------------------------------------------------------
# Many guests, one memory


DEMO_GUESTS: tuple[tuple[str, int, float, float], ...] = (
    ("A (small, hot)", 100, 0.8, 0.5),
    ("B (large, warm)", 1000, 0.8, 0.4),
    ("C (large, cold)", 1000, 0.5, 0.1),
)
"""(name, pages, Zipf skew, share of all references) of the shared-memory example."""


def shared_memory_check(guests: Sequence[tuple[str, int, float, float]] = DEMO_GUESTS,
                        frames: int = 300, policy: str = "clock", n_refs: int = 60_000,
                        checkpoints: int = 12, seed: int = DEFAULT_SEED) -> pd.DataFrame:
    """Frames each guest holds under one global policy: approximation and simulation.

    The approximation is :func:`~overcommit.replacement.shared_memory` (one characteristic
    time for the whole memory). The simulation merges the guests' references into one IRM
    trace, replays it with :func:`~overcommit.replacement.run` (which knows nothing about
    guests) and counts each guest's resident pages at ``checkpoints`` evenly spaced points
    of the second half of the trace. The last column is what each guest would get from the
    same memory split in proportion to its size instead (each part solved alone).
    """
    groups = [replacement.zipf_rates(pages, alpha, share) for _, pages, alpha, share in guests]
    owner = np.concatenate([np.full(g.size, k) for k, g in enumerate(groups)])
    trace = replacement.irm_trace(np.concatenate(groups), n_refs, seed=seed)
    held = np.zeros(len(groups))
    for k in np.linspace(n_refs // 2, n_refs, checkpoints).astype(int):
        resident = replacement.run(trace[:k], frames, policy).resident
        held += np.bincount(owner[list(resident)], minlength=len(groups))
    held /= checkpoints
    shared = replacement.shared_memory(groups, frames, policy)
    total_pages = sum(g.size for g in groups)
    split = [replacement.che(g, frames * g.size / total_pages, policy).hit_ratio for g in groups]
    return pd.DataFrame(
        {
            "pages": [g.size for g in groups],
            "references (%)": [round(100 * share, 1) for *_, share in guests],
            "frames: formula": shared.resident.round(1),
            "frames: simulated": held.round(1),
            "hit ratio: global": shared.hit_ratio.round(3),
            "hit ratio: split by size": np.round(split, 3),
        },
        index=pd.Index([name for name, *_ in guests], name="guest"),
    )


def reclaim_demo(betas: Sequence[float] = (0.0, 0.5, 1.0),
                 guests: Sequence[tuple[str, int, float, float]] = DEMO_GUESTS,
                 frames: int = 300, policy: str = "clock") -> pd.DataFrame:
    """Frames each demo guest holds when its pages age for its own reclaim time
    ``T_g = w_g T``, ``w_g = (pages_g / pages_ref)^β`` (:func:`overcommit.replacement.reclaim_weights`
    and :func:`~overcommit.replacement.shared_memory` with ``weights``), one column per β."""
    groups = [replacement.zipf_rates(pages, alpha, share) for _, pages, alpha, share in guests]
    sizes = np.array([g.size for g in groups], float)
    columns = {"pages": sizes.astype(int)}
    for beta in betas:
        w = replacement.reclaim_weights(sizes, beta, reference_mib=float(sizes.min()))
        columns[f"frames, β = {beta:g}"] = replacement.shared_memory(groups, frames, policy, weights=w).resident.round(1)
    return pd.DataFrame(columns, index=pd.Index([name for name, *_ in guests], name="guest"))


WORKLOAD_GROUPS = {
    "db-bi": "database BI",
    "was": "transactional WAS (6 guests)",
    "fs-pagecache": "file system, page cache (2)",
    "fs-direct": "file system, direct I/O (2)",
    "java": "Java (2)",
    "net": "network (4)",
}
DPA_CIDS: tuple[str, ...] = ("64/20", "96/20", "112/20", "128/20", "256/20", "512/20")


def _group(variant: str) -> str:
    for prefix, name in WORKLOAD_GROUPS.items():
        if variant.startswith(prefix):
            return name
    raise ValueError(f"variant: {variant!r} belongs to no workload group")


def dpa_frame(cids: Sequence[str] = DPA_CIDS, env: str = "zvm63-edev") -> pd.DataFrame:
    """Per workload and CID: instantiated and resident memory (GiB) in the model, the share
    of the DPA held, the DPA and the characteristic time T of that run."""
    rows = []
    for cid in cids:
        result = simulate(cid, env=env)
        g = result.guests.assign(group=lambda d: d["variant"].map(_group))
        per = g.groupby("group", sort=False)[["instantiated_mib", "resident_mib"]].sum()
        dpa = float(result.system["dpa_mib"])
        T = float(result.system["characteristic_time_s"])
        for name, row in per.iterrows():
            rows.append(dict(
                cid=cid, group=name,
                instantiated_gib=round(row["instantiated_mib"] / 1024, 2),
                resident_gib=round(row["resident_mib"] / 1024, 2),
                dpa_share=round(row["resident_mib"] / dpa, 4),
                dpa_gib=round(dpa / 1024, 2),
                T_s=None if math.isinf(T) else round(T, 1),
                # two lines (the chart breaks at "\n"): on one, the note ran past a phone's edge
                label=("everything fits: no page is taken\n(T = ∞)" if math.isinf(T)
                       else f"characteristic time T = {T:,.0f} s\n(one sweep of the aging list)"),
            ))
    return pd.DataFrame(rows)


def dpa_chart(frame: pd.DataFrame, default: str = "64/20") -> alt.LayerChart:
    """Instantiated against resident memory per workload; a drop-down picks the CID."""
    cids = list(dict.fromkeys(frame["cid"]))
    pick = picker("dpa_cid", cids, default, "Configuration (CID)", field="default")
    order = list(WORKLOAD_GROUPS.values())
    base = alt.Chart(frame).transform_filter(alt.datum.cid == pick)
    y = alt.Y("group:N", title=None, sort=order, axis=alt.Axis(labelLimit=200))
    xscale = alt.Scale(domain=[0, 90])
    inst = base.mark_bar(color=PAGE_MEASURES["instantiated"], height=18).encode(
        x=alt.X("instantiated_gib:Q", title="memory (GiB)", scale=xscale), y=y,
        tooltip=[alt.Tooltip("group:N", title="workload"),
                 alt.Tooltip("instantiated_gib:Q", title="instantiated (GiB)", format=".1f"),
                 alt.Tooltip("resident_gib:Q", title="resident (GiB)", format=".1f")],
    )
    res = base.mark_bar(color=PAGE_MEASURES["resident"], height=10).encode(
        x=alt.X("resident_gib:Q", scale=xscale), y=y,
        tooltip=[alt.Tooltip("group:N", title="workload"),
                 alt.Tooltip("resident_gib:Q", title="resident (GiB)", format=".1f"),
                 alt.Tooltip("dpa_share:Q", title="share of the DPA", format=".0%")],
    )
    share = base.mark_text(align="left", dx=4, fontSize=11).encode(
        x=alt.X("instantiated_gib:Q", scale=xscale), y=y,
        text=alt.Text("dpa_share:Q", format=".1%"),
    )
    paper = data.observations()
    observed_mib = float(paper.loc[paper["id"] == "o000-db-resident", "value"].iloc[0])
    observed = observed_mib / 1024
    mark = alt.Chart(pd.DataFrame({"cid": ["64/20"], "group": ["database BI"], "gib": [round(observed, 2)]})) \
        .transform_filter(alt.datum.cid == pick).mark_tick(color=PAPER, thickness=3, size=26) \
        .encode(x=alt.X("gib:Q", scale=xscale), y=y,
                tooltip=[alt.Tooltip("gib:Q", title="paper: database resident at 64/20 (GiB)", format=".1f")])
    caption = base.transform_filter(alt.datum.group == "database BI").mark_text(
        align="left", baseline="bottom", lineBreak="\n", fontSize=11, color=INK
    ).encode(x=alt.value(4), y=alt.value(-20), text="label:N")  # the first of two 13 px lines
    return (inst + res + share + mark + caption).add_params(pick).properties(
        width=WIDE, height=200,
        title=alt.TitleParams("Who holds the DPA (model, z/VM 6.3)", offset=38,
                              subtitle=[f"{word(PAGE_MEASURES['instantiated'])}: instantiated · "
                                        f"{word(PAGE_MEASURES['resident'])}: resident · label: share of the "
                                        f"DPA · {word(PAPER)} tick: measured (paper)"]),
        description=prose(f"""
            Horizontal bars per workload of the study: {word(PAGE_MEASURES['instantiated'])} the instantiated
            memory, {word(PAGE_MEASURES['resident'])} the part z/VM keeps resident, in GiB, for the CID chosen in the
            drop-down (20 real CPUs, 64 to 512 GiB), from overcommit.simulate on z/VM
            6.3 with EDEV-SCSI paging; the label gives each workload's share of the DPA,
            a {word(PAPER)} tick the database's resident memory measured at 64/20 ({observed_mib:,.0f} MiB). At
            64/20 the database holds about two thirds of the DPA.
            """),
    )


RELEASE_ENVS: tuple[tuple[str, str], ...] = (
    ("zvm63-edev", "z/VM 6.3: CLOCK, no XSTOR"),
    ("zvm62-edev", "z/VM 6.2: FIFO-like, 2 GiB XSTOR"),
)


def release_runs(cid: str = "64/20") -> dict[str, dict]:
    """The model's z/VM 6.3 and 6.2 runs of one CID (EDEV-SCSI paging), as the numbers
    :func:`release_table` shows and the chapter's prose states: by environment, the DPA and
    expanded storage (MiB), characteristic time (s), the database's resident memory (MiB),
    what expanded storage holds (MiB), page reads (MiB/s), the longest page-reorder stop
    (s) and the guest it stops, the overall relative throughput and the variants that fail."""
    out = {}
    for env, _ in RELEASE_ENVS:
        r = simulate(cid, env=env, strict=False)
        s, g = r.system, r.guests
        out[env] = {
            "dpa_mib": float(s["dpa_mib"]),
            "xstor_mib": float(s["xstor_mib"]),
            "characteristic_time_s": float(s["characteristic_time_s"]),
            "db_resident_mib": float(g.loc["db-bi", "resident_mib"]),
            "xstor_held_mib": float(g["xstor_mib"].sum()),
            "page_read_mib_s": float(s["page_read_mib_s"]),
            "longest_reorder_s": float(g["reorder_pause_s"].max()),
            "longest_reorder_guest": str(g["reorder_pause_s"].idxmax()),
            "overall_relative_throughput": float(s["overall_relative_throughput"]),
            "failed": bool(s["failed"]),
            "failed_variants": [str(v) for v in r.workloads.index[r.workloads["failed"].astype(bool)]],
        }
    return out


def release_table(cid: str = "64/20") -> pd.DataFrame:
    """The model's z/VM 6.3 and 6.2 runs of one CID side by side (EDEV-SCSI paging), from
    :func:`release_runs`."""
    runs = release_runs(cid)
    columns = {}
    for env, name in RELEASE_ENVS:
        x = runs[env]
        columns[name] = {
            "DPA (MiB)": f"{x['dpa_mib']:,.0f}",
            "expanded storage (MiB)": f"{x['xstor_mib']:,.0f}",
            "characteristic time T (s)": f"{x['characteristic_time_s']:,.0f}",
            "database resident (MiB)": f"{x['db_resident_mib']:,.0f}",
            "held in expanded storage (MiB)": f"{x['xstor_held_mib']:,.0f}",
            "page reads from the paging devices (MiB/s)": f"{x['page_read_mib_s']:.1f}",
            "longest page-reorder stop (s)": f"{x['longest_reorder_s']:.1f}",
            "overall relative throughput": f"{x['overall_relative_throughput']:.2f}",
            "a workload failed": "yes" if x["failed"] else "no",
        }
    table = pd.DataFrame(columns)
    table.index.name = f"model, CID {cid}"
    return table


def release_texts(cid: str = "64/20") -> dict[str, str]:
    """What the chapter says about the two releases at ``cid``, from :func:`release_runs`
    (the table's numbers): glue names ``release-T-ratio`` (z/VM 6.2's characteristic time
    over 6.3's), ``release-reorder-s`` (6.2's longest reorder stop, as the table rounds it),
    ``release-pause-limit-s`` (how long the stopped guest's clients wait) and
    ``release-dpa-xstor`` (6.2's DPA over its expanded storage)."""
    runs = release_runs(cid)
    new, old = runs["zvm63-edev"], runs["zvm62-edev"]
    variant = data.virtual_systems_frame().loc[old["longest_reorder_guest"], "variant"]
    drivers = data.load_table("variant_drivers.csv").set_index("variant")
    return {
        "release-T-ratio": f"{old['characteristic_time_s'] / new['characteristic_time_s']:.1f}",
        "release-reorder-s": f"{old['longest_reorder_s']:.1f}",
        "release-pause-limit-s": f"{float(drivers.loc[variant, 'pause_limit_s']):g}",
        "release-dpa-xstor": f"{old['dpa_mib'] / old['xstor_mib']:.0f}",
    }


REGULARITIES: tuple[float, ...] = (1.0, 3.0, 10.0, 100.0)


def _load_at(resident: float, k: float) -> float:
    """λT at which pages of regularity ``k`` are ``resident`` (a share) in memory."""
    from scipy.optimize import brentq

    return brentq(lambda y: float(replacement.regular_residency(np.array([y]), k)[0][0]) - resident, 1e-9, 1e3)


def java_reclaim_times(regularities: Sequence[float] = REGULARITIES) -> pd.DataFrame:
    """The reclaim time each Java guest's CID 64/20 pair (resident share ρ, share of its
    resident memory paged in per second p; seed 000, Java CID 64/20 paragraphs) implies when
    its heap pages are referenced with regularity k: T = λT·m / (ρ p), m the miss share
    (:func:`overcommit.replacement.regular_residency`). Both guests have the same size, so
    any size-based reclaim time gives them the same T."""
    obs = data.observations(["observations_000.csv"]).set_index("id")["value"]
    pairs = {level: (float(obs[f"o000-j{level[0]}-res-frac"]) / 100, float(obs[f"o000-j{level[0]}-pin-frac"]) / 100)
             for level in ("medium", "high")}
    rows = []
    for k in regularities:
        row = {"regularity k": f"{k:g}"}
        for level, (rho, p) in pairs.items():
            y = _load_at(rho, k)
            miss = float(replacement.regular_residency(np.array([y]), k)[2][0])
            row[f"T, Java {level} (s)"] = y * miss / (rho * p)
        row["medium / high"] = row["T, Java medium (s)"] / row["T, Java high (s)"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("regularity k").round({"T, Java medium (s)": 0, "T, Java high (s)": 0,
                                                               "medium / high": 2})


__all__ = [
    "BELADY_TRACE", "EXAMPLE_TRACES", "step_table", "anomaly_frame", "anomaly_chart",
    "policy_curves", "approximation_errors", "agreement_chart", "mrc_chart", "hit_shape_frame",
    "hit_shape_chart", "explore_policy", "shared_memory_check", "reclaim_demo", "dpa_frame", "dpa_chart",
    "release_table", "release_runs", "release_texts", "RELEASE_ENVS", "REGULARITIES", "java_reclaim_times",
    "zvm62_read_ratio",
]



def zvm62_read_ratio(cid: str = "64/20") -> float:
    """How many times as much the model's z/VM 6.2 environment reads from the paging devices
    as z/VM 6.3 (both EDEV-SCSI) at ``cid``: the one computation behind the ratio the paging
    and replacement chapters state (glue name ``zvm62-read-ratio``), from the runs
    :func:`release_table` shows."""
    runs = release_runs(cid)
    return runs["zvm62-edev"]["page_read_mib_s"] / runs["zvm63-edev"]["page_read_mib_s"]
