"""Figures of the chapter "Relative shares" (``book/shares.ipynb``).

Every allocation comes from :func:`overcommit.shares.allocate` and
:func:`overcommit.shares.water_level`; the study's guests from
:func:`overcommit.data.virtual_systems_frame`; the model's CPU loads from
:func:`overcommit.simulate`. The helpers here only reshape those numbers into the long
tables Altair draws, and build the charts (conventions in :mod:`overcommit.book.figures`).

The *vessel* picture of water-filling: guest ``g`` is a vessel whose floor is as wide as its
share ``s_g`` and whose walls are ``c_g / s_g`` high (its cap in CPUs per unit of share).
Pouring the real CPUs in raises the water to the same level ``θ`` in every vessel that is
not yet full; the water in vessel ``g`` is then ``min(θ, c_g / s_g) · s_g = x_g`` CPUs.
Heights are drawn in CPUs per 100 units of share, the study's share of one virtual CPU.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names, shares
from ..model import simulate
from .figures import WIDE, paper_stops, picker, prose
from .palette import ALERT, CATEGORIES, IDLE, INK, MODEL, MUTED, ON_FILL, ON_PALE, WATER, WHITE, WORKLOADS as WORKLOAD_PALETTE, word

#: The two ways of assigning shares compared in the chapter.
SCHEME_PROPORTIONAL = "shares ∝ virtual CPUs"
SCHEME_EQUAL = "equal shares"
SCHEMES = (SCHEME_PROPORTIONAL, SCHEME_EQUAL)
WORKLOAD_LABELS = {"db-bi": "database", "was": "WebSphere", "fs": "file system", "java": "Java",
                   "net": "network"}
WORKLOADS = tuple(WORKLOAD_LABELS.values())
WORKLOAD_COLOURS = tuple(WORKLOAD_PALETTE[w] for w in WORKLOADS)
PER_SHARE = 100.0  # heights are CPUs per 100 units of share
CUT_CPUS = (5, 10, 15, 20, 25)
#: a row of the charts with one row per guest (px): room for its name on two lines; the 17
#: rows stay lower than :data:`WIDE`, so that a phone narrows these plots without shrinking them
GUEST_ROW = 26


def _guest_axis() -> alt.Axis:
    """The guests' names (:func:`overcommit.names.guest`) as a bar chart's row labels, a
    WebSphere or network guest's on two lines, workload above role ("WebSphere, medium:" /
    "database (DB2)"), so that the longest still leaves a phone's plot room beside it."""
    return alt.Axis(labelExpr="split(replace(datum.label, ': ', ':|'), '|')", labelLimit=200,
                    labelLineHeight=12)


def _workload_colour() -> alt.Scale:
    return alt.Scale(domain=list(WORKLOADS), range=list(WORKLOAD_COLOURS))


# --------------------------------------------------------------------------------------
# Data


def study_guests() -> pd.DataFrame:
    """The 17 guests with what this chapter needs: workload, vCPUs, share, demand (CPUs).

    The demand is the guest's CPU load in the unconstrained reference run (Table 17 of the
    paper): what it would use if nothing were short.
    """
    vs = data.virtual_systems_frame()
    return pd.DataFrame(
        {
            "guest": vs.index.astype(str),
            "workload": vs["workload"].map(WORKLOAD_LABELS).astype(str),
            "vcpus": vs["vcpus"].astype(int),
            "share": vs["share"].astype(float),
            "demand": vs["ref_cpu_load_cpus"].astype(float),
        }
    ).reset_index(drop=True)


def scheme_shares(guests: pd.DataFrame, scheme: str) -> np.ndarray:
    """Shares under ``scheme``: 100 per virtual CPU (the study's) or 100 for every guest."""
    if scheme == SCHEME_PROPORTIONAL:
        return 100.0 * guests["vcpus"].to_numpy(float)
    if scheme == SCHEME_EQUAL:
        return np.full(len(guests), 100.0)
    raise ValueError(f"scheme: {scheme!r} is not accepted; expected one of {list(SCHEMES)}")


def paper_example_table() -> pd.DataFrame:
    """The paper's worked example: guests C (1 vCPU) and D (4 vCPUs), three situations."""
    cases = [
        ("equal shares, 2 real CPUs", 2, [100, 100]),
        ("shares 100 and 400, 2 real CPUs", 2, [100, 400]),
        ("shares 100 and 400, 6 real CPUs", 6, [100, 400]),
    ]
    rows = []
    for label, cpus, s in cases:
        x = shares.allocate(cpus, [1, 4], s)
        per = shares.per_vcpu(x, [1, 4])
        rows.append(
            {
                "situation": label,
                "real CPUs": cpus,
                "share C": s[0],
                "share D": s[1],
                "C gets (CPUs)": round(float(x[0]), 3),
                "D gets (CPUs)": round(float(x[1]), 3),
                "per vCPU of C": round(float(per[0]), 3),
                "per vCPU of D": round(float(per[1]), 3),
                "idle (CPUs)": round(shares.idle(cpus, x), 3),
            }
        )
    return pd.DataFrame(rows).set_index("situation")


def vessels(
    real_cpus: float,
    vcpus: Sequence[float],
    share: Sequence[float],
    demand: Sequence[float] | None,
    names: Sequence[str],
    workloads: Sequence[str] | None = None,
) -> pd.DataFrame:
    """One row per guest: its vessel (``x0``..``x1`` in share units, wall height ``wall``)
    and its water (``water`` height, ``allocation`` CPUs), heights per 100 units of share.

    Vessels are laid out left to right by increasing wall height, the order in which
    water-filling caps them. ``level`` is the water level θ·100 (NaN when every guest is
    capped); ``idle`` the real CPUs nobody can use.
    """
    v = np.asarray(vcpus, float)
    s = np.asarray(share, float)
    alloc = shares.allocate(real_cpus, v, s, demand)  # validates every input
    theta = shares.water_level(real_cpus, v, s, demand)
    d = v if demand is None else np.asarray(demand, float)
    cap = np.minimum(v, d)
    if len(names) != len(v):
        raise ValueError(f"names: {len(names)} names are not accepted for {len(v)} guests; "
                         "expected one name per guest")
    wall = cap / s * PER_SHARE
    order = sorted(range(len(v)), key=lambda g: (wall[g], g))
    x0 = np.empty(len(v))
    position = 0.0
    for g in order:
        x0[g] = position
        position += s[g]
    frame = pd.DataFrame(
        {
            "guest": list(names),
            "workload": list(workloads) if workloads is not None else list(names),
            "vcpus": v,
            "share": s,
            "demand": d,
            "x0": x0,
            "x1": x0 + s,
            "wall": wall,
            "water": alloc / s * PER_SHARE,
            "allocation": alloc,
            "capped": alloc >= cap * (1 - 1e-12),
            "level": theta * PER_SHARE if math.isfinite(theta) else np.nan,
            "idle": shares.idle(real_cpus, alloc),
            "real_cpus": float(real_cpus),
        }
    )
    return frame


@lru_cache(maxsize=2)
def _study_grid(cpus: tuple[int, ...]) -> pd.DataFrame:
    guests = study_guests()
    frames = []
    for scheme in SCHEMES:
        s = scheme_shares(guests, scheme)
        for p in cpus:
            f = vessels(p, guests["vcpus"], s, guests["demand"], guests["guest"], guests["workload"])
            f.insert(0, "scheme", scheme)
            f.insert(0, "cpus", p)
            frames.append(f)
    grid = pd.concat(frames, ignore_index=True)
    grid["fraction"] = grid["allocation"] / grid["demand"]
    return grid


def study_grid(cpus: Sequence[int] = tuple(range(1, 26))) -> pd.DataFrame:
    """:func:`vessels` of the 17 guests (demand = reference CPU load) for every CPU count in
    ``cpus`` and both share schemes; ``fraction`` = allocation / demand."""
    return _study_grid(tuple(int(c) for c in cpus)).copy()


def scheme_comparison(real_cpus: float = 15) -> pd.DataFrame:
    """Allocation of each of the 17 guests under both schemes at ``real_cpus`` CPUs."""
    guests = study_guests()
    out = guests[["guest", "vcpus", "demand"]].copy()
    for scheme in SCHEMES:
        x = shares.allocate(real_cpus, guests["vcpus"], scheme_shares(guests, scheme), guests["demand"])
        out[scheme] = x
    out["demand per vCPU"] = out["demand"] / out["vcpus"]
    return out.set_index("guest")


def level_facts(real_cpus: float = 15) -> dict[str, float]:
    """The water level of the study's 17 guests at ``real_cpus`` CPUs, reference loads as
    demand, as the chapter states it: ``per_vcpu`` (shares ∝ virtual CPUs: CPUs per virtual
    CPU), ``per_guest`` (equal shares: CPUs per guest), and ``cut`` / ``cut_equal``, how many
    guests get less than their demand under each scheme."""
    guests = study_guests()
    out: dict[str, float] = {}
    for scheme, key, cut in ((SCHEME_PROPORTIONAL, "per_vcpu", "cut"), (SCHEME_EQUAL, "per_guest", "cut_equal")):
        sh = scheme_shares(guests, scheme)
        theta = shares.water_level(real_cpus, guests["vcpus"], sh, guests["demand"])
        out[key] = float(theta * PER_SHARE)
        x = shares.allocate(real_cpus, guests["vcpus"], sh, guests["demand"])
        out[cut] = int((x < guests["demand"].to_numpy(float) - 1e-9).sum())
    return out


def satisfied_at(guest: str = "db-bi", step: float = 0.25) -> dict[str, float]:
    """When ``guest`` gets its full reference load (the equal-shares exercise): its load per
    virtual CPU (``per_vcpu``, the level that satisfies it under the study's shares), the real
    CPUs that level takes, Σ min(d_g, level · v_g) (``exact``), and the first CPU count in
    steps of ``step`` from 1 at which :func:`overcommit.shares.allocate` gives it its load,
    under each scheme (``loop_proportional``, ``loop_equal``: what the exercise's loop prints)."""
    guests = study_guests()
    row = guests.index[guests["guest"] == guest][0]
    demand, vcpus = guests["demand"].to_numpy(float), guests["vcpus"].to_numpy(float)
    level = float(demand[row] / vcpus[row])
    out = {"per_vcpu": level, "exact": float(np.minimum(demand, level * vcpus).sum())}
    for scheme, key in ((SCHEME_PROPORTIONAL, "loop_proportional"), (SCHEME_EQUAL, "loop_equal")):
        sh = scheme_shares(guests, scheme)
        out[key] = float(next(p for p in np.arange(1, 26, step)
                              if shares.allocate(p, guests["vcpus"], sh, guests["demand"])[row] >= demand[row] - 1e-9))
    return out


@lru_cache(maxsize=2)
def _cut_table(cpus: tuple[int, ...]) -> pd.DataFrame:
    guests = study_guests()
    rows = []
    for p in cpus:
        x = shares.allocate(p, guests["vcpus"], guests["share"], guests["demand"])
        model = simulate(f"512/{p}").guests
        for i, g in guests.iterrows():
            rows.append(
                {
                    "cpus": p,
                    "guest": g["guest"],
                    "workload": g["workload"],
                    "vcpus": int(g["vcpus"]),
                    "demand": g["demand"],
                    "per_vcpu_demand": g["demand"] / g["vcpus"],
                    "rule": float(x[i]),
                    "model_allocated": float(model.loc[g["guest"], "cpu_allocated"]),
                    "model_load": float(model.loc[g["guest"], "cpu_load"]),
                }
            )
    table = pd.DataFrame(rows)
    for column in ("rule", "model_allocated", "model_load"):
        table[column + "_fraction"] = table[column] / table["demand"]
    return table.round(4)


def cut_table(cpus: Sequence[int] = CUT_CPUS) -> pd.DataFrame:
    """Who gets cut on ``512/P`` for each P in ``cpus``: the water-filling rule with the
    reference loads as demand (``rule``) against the model's ``cpu_allocated`` and
    ``cpu_load`` from ``oc.simulate("512/P")``, in CPUs and as fractions of demand."""
    return _cut_table(tuple(int(c) for c in cpus)).copy()


# --------------------------------------------------------------------------------------
# Charts


def paper_example_chart() -> alt.LayerChart:
    """The paper's three situations as stacked bars of real CPUs: C's part, D's, idle."""
    table = paper_example_table()
    parts = ["guest C (1 vCPU)", "guest D (4 vCPUs)", "idle"]
    rows = []
    for situation, r in table.iterrows():
        start = 0.0
        for part, value in zip(parts, (r["C gets (CPUs)"], r["D gets (CPUs)"], r["idle (CPUs)"])):
            if value <= 0:
                continue
            rows.append({"situation": situation, "part": part, "start": start, "end": start + value,
                         "cpus": value, "label": f"{value:g}"})
            start += value
    frame = pd.DataFrame(rows)
    frame["mid"] = (frame["start"] + frame["end"]) / 2
    y = alt.Y("situation:N", sort=list(table.index), title=None, axis=alt.Axis(labelLimit=240))
    bars = alt.Chart(frame).mark_bar(height=24, stroke=WHITE).encode(
        y=y,
        x=alt.X("start:Q", title="real CPUs", scale=alt.Scale(domain=[0, 6], nice=False),
                axis=alt.Axis(tickMinStep=1)),
        x2="end:Q",
        color=alt.Color("part:N", title=None, sort=parts,
                        scale=alt.Scale(domain=parts, range=CATEGORIES[:2] + [IDLE]),
                        legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("situation:N"), alt.Tooltip("part:N"), alt.Tooltip("cpus:Q", title="CPUs")],
    )
    # white on the first guest's blue, near-black on the orange, ink on the idle grey (which
    # darkens in dark mode while the ink lightens)
    on = (alt.when(alt.datum.part == parts[0]).then(alt.value(ON_FILL))
          .when(alt.datum.part == parts[2]).then(alt.value(INK)).otherwise(alt.value(ON_PALE)))
    text = alt.Chart(frame).mark_text(fontSize=11).encode(y=y, x="mid:Q", text="label:N", color=on)
    return alt.layer(bars, text).properties(
        width=300,
        height=120,
        title="The paper's example: guests with 1 and with 4 virtual CPUs",
        description=prose("""
            Three stacked bars of real CPUs. Equal shares on 2 real CPUs: guest C gets 1
            CPU, guest D gets 1 CPU, 0.25 per virtual CPU. Shares 100 and 400 on 2 real
            CPUs: C gets 0.4, D gets 1.6, 0.4 per virtual CPU for both. Shares 100 and
            400 on 6 real CPUs: C gets 1, D gets 4, and 1 real CPU stays idle.
            """),
    )


def _vessel_layers(base: alt.Chart, y_max: float | None, height: int, color: alt.Color | None = None,
                   width: int = WIDE) -> alt.LayerChart:
    """Vessel walls, water and the level line over ``base`` (already filtered)."""
    if color is None:
        color = alt.Color("workload:N", title="Workload", scale=_workload_colour(),
                          legend=alt.Legend(orient="bottom", columns=5, symbolType="square"))
    yscale = alt.Scale(domain=[0, y_max], nice=False) if y_max else alt.Scale(nice=False, zero=True)
    x = alt.X("x0:Q", title="relative share (units, guests side by side)", scale=alt.Scale(nice=False, zero=True))
    tooltip = [
        alt.Tooltip("guest:N"),
        alt.Tooltip("vcpus:Q", title="virtual CPUs"),
        alt.Tooltip("share:Q", title="share"),
        alt.Tooltip("demand:Q", title="demand (CPUs)", format=".2f"),
        alt.Tooltip("allocation:Q", title="gets (CPUs)", format=".3f"),
        alt.Tooltip("capped:N", title="capped"),
    ]
    water = base.mark_rect(opacity=0.85).encode(
        x=x, x2="x1:Q",
        y=alt.Y("water:Q", title="CPUs per 100 units of share", scale=yscale), y2=alt.datum(0),
        color=color,
        tooltip=tooltip,
    )
    walls = base.mark_rect(fillOpacity=0, stroke=INK, strokeWidth=1).encode(
        x=x, x2="x1:Q", y=alt.Y("wall:Q", scale=yscale), y2=alt.datum(0), tooltip=tooltip
    )
    # With CPUs to spare nobody is cut and there is no water level: a rule over no rows left
    # the shared y scale an empty extent, which Vega logs as a warning ("Infinite extent
    # for field level", from 22 CPUs on in the study's chart). The one row stays, drawn
    # only when there is a level.
    level = (
        base.transform_aggregate(level="max(level)")
        .transform_calculate(shown="isValid(datum.level) && isFinite(datum.level)")
        .transform_calculate(y="datum.shown ? datum.level : 0")
        .mark_rule(color=INK, strokeDash=[6, 3], strokeWidth=2)
        .encode(y=alt.Y("y:Q", scale=yscale),
                strokeOpacity=alt.condition("datum.shown", alt.value(1), alt.value(0)))
    )
    note = (
        base.transform_aggregate(level="max(level)", idle="max(idle)")
        .transform_calculate(
            # in the axis's unit (per 100 units of share), not θ's per unit: one unit per chart
            text="isValid(datum.level) ? 'water level ' + format(datum.level, '.2f') + "
                 "' CPU|per 100 units of share (dashed)' : 'every vessel is full: ' + "
                 "format(datum.idle, '.2f') + ' real CPUs idle'",
        )
        # two lines ("|"), so that the note fits a plot narrowed for a phone
        .mark_text(align="left", baseline="top", color=INK, fontSize=11, lineBreak="|")
        .encode(x=alt.value(6), y=alt.value(4), text="text:N")
    )
    return alt.layer(water, walls, level, note).properties(width=width, height=height)


def water_level_chart(
    real_cpus: float,
    vcpus: Sequence[float],
    share: Sequence[float],
    demand: Sequence[float] | None,
    names: Sequence[str],
    title: str | None = None,
) -> alt.LayerChart:
    """The vessel picture for any small set of guests (static; one colour per guest)."""
    frame = vessels(real_cpus, vcpus, share, demand, names, names)
    top = float(frame["wall"].max())
    level = frame["level"].iloc[0]
    y_max = max(top, level if math.isfinite(level) else 0.0) * 1.35
    base = alt.Chart(frame)
    palette = CATEGORIES
    color = alt.Color("guest:N", title="Guest", sort=list(names),
                      scale=alt.Scale(domain=list(names), range=[palette[i % len(palette)] for i in range(len(names))]),
                      legend=alt.Legend(orient="bottom"))
    chart = _vessel_layers(base, y_max, 200, color)
    labels = base.transform_calculate(
        xm="(datum.x0 + datum.x1) / 2",
        text="format(datum.allocation, '.2f') + ' CPU'",
    ).mark_text(baseline="bottom", dy=-2, fontSize=11).encode(
        x=alt.X("xm:Q"), y=alt.Y("wall:Q"), text="text:N"
    )
    theta = frame["level"].iloc[0]
    summary = ", ".join(
        f"{r.guest} ({r.vcpus:g} vCPUs, share {r.share:g}, demand {r.demand:g}) gets {r.allocation:.2f} CPUs"
        for r in frame.itertuples()
    )
    return alt.layer(chart, labels).properties(
        title=title or f"Water-filling {real_cpus:g} real CPUs",
        description=(
            f"Vessel picture of water-filling {real_cpus:g} real CPUs. Each guest is a vessel as "
            "wide as its share and as high as its cap (virtual CPUs or demand, whichever is "
            "lower) per 100 units of share; the water in it is what it gets. "
            + (f"The water level is {theta:.2f} CPU per 100 units of share. " if math.isfinite(theta)
               else f"Every vessel is full and {frame['idle'].iloc[0]:.2f} CPUs stay idle. ")
            + summary + "."
        ),
    )


def _allocation_bars(base: alt.Chart, x_max: float, guests_order: Sequence[str], height: int) -> alt.LayerChart:
    y = alt.Y("guest:N", sort=list(guests_order), title=None, axis=_guest_axis())
    xscale = alt.Scale(domain=[0, x_max], nice=False)
    bars = base.mark_bar(height=10).encode(
        y=y,
        x=alt.X("allocation:Q", title="real CPUs (bar: gets; tick: demand)", scale=xscale),
        color=alt.Color("workload:N", scale=_workload_colour(), legend=None),
        tooltip=[
            alt.Tooltip("guest:N"),
            alt.Tooltip("vcpus:Q", title="virtual CPUs"),
            alt.Tooltip("share:Q", title="share"),
            alt.Tooltip("demand:Q", title="demand (CPUs)", format=".2f"),
            alt.Tooltip("allocation:Q", title="gets (CPUs)", format=".3f"),
            alt.Tooltip("fraction:Q", title="of demand", format=".0%"),
        ],
    )
    ticks = base.mark_tick(color=INK, thickness=2, size=14).encode(y=y, x=alt.X("demand:Q", scale=xscale))
    text = base.transform_calculate(pct="format(datum.fraction, '.0%')").mark_text(
        align="left", dx=4, fontSize=10
    ).encode(
        y=y,
        x=alt.X("right:Q", scale=xscale),
        text="pct:N",
        color=alt.condition(alt.datum.fraction < 0.999, alt.value(ALERT), alt.value(INK)),
    ).transform_calculate(right="max(datum.allocation, datum.demand)")
    # wider than tall: on a phone overcommit.js shrinks the height of a plot at least as
    # tall as it is wide along with its width, and the rows got too low for two-line names
    return alt.layer(bars, ticks, text).properties(width=WIDE, height=height)


def study_allocation_chart(default_cpus: int = 15, default_scheme: str = SCHEME_PROPORTIONAL) -> alt.VConcatChart:
    """The 17 guests on 1-25 real CPUs: a slider for the CPUs, a drop-down for the scheme.

    Top: the vessel picture (water level drawn); bottom: each guest's CPUs against its
    demand (the reference run's CPU load). The grid is inlined once; the guests' fixed
    columns are joined in the browser with a lookup, to keep the page small.
    """
    if isinstance(default_cpus, bool) or not isinstance(default_cpus, (int, np.integer)) \
            or not 1 <= int(default_cpus) <= 25:
        raise ValueError(f"default_cpus: {default_cpus!r} is not accepted; expected a whole number 1..25")
    if default_scheme not in SCHEMES:
        raise ValueError(f"default_scheme: {default_scheme!r} is not accepted; expected one of {list(SCHEMES)}")
    codes = {SCHEME_PROPORTIONAL: "vcpu", SCHEME_EQUAL: "equal"}
    grid = study_grid()
    grid = pd.DataFrame(
        {
            "cpus": grid["cpus"],
            "scheme": grid["scheme"].map(codes),
            "guest": grid["guest"].map(names.guest),  # a reader's name, in bars and tooltips
            "share": grid["share"].round(0),
            "x0": grid["x0"].round(0),
            "x1": grid["x1"].round(0),
            "wall": grid["wall"].round(4),
            "water": grid["water"].round(4),
            "allocation": grid["allocation"].round(4),
            "fraction": grid["fraction"].round(4),
            "level": grid["level"].round(5),
            "idle": grid["idle"].round(3),
            "capped": grid["capped"],
        }
    )
    guests = study_guests()[["guest", "workload", "vcpus", "demand"]]
    guests = guests.assign(guest=guests["guest"].map(names.guest))
    cpus = alt.param(name="cpus", value=int(default_cpus),
                     bind=alt.binding_range(min=1, max=25, step=1, name="Real CPUs "))
    scheme = picker("scheme", list(codes.values()), codes[default_scheme], "Shares", labels=list(codes))
    base = (
        alt.Chart(grid)
        .transform_filter((alt.datum.cpus == cpus) & (alt.datum.scheme == scheme))
        .transform_lookup(lookup="guest",
                          from_=alt.LookupData(guests, "guest", ["workload", "vcpus", "demand"]))
    )
    top = _vessel_layers(base, None, 190).add_params(cpus, scheme).properties(
        title="Water-filling the real CPUs into the 17 guests"
    )
    order = list(guests["guest"])
    bottom = _allocation_bars(base, 3.0, order, 17 * GUEST_ROW).properties(
        title="What each guest gets against its reference CPU load"
    )
    # the bars below use the vessels' colours without a legend of their own
    return alt.vconcat(top, bottom).resolve_legend(color="independent").properties(
        usermeta={"stops": paper_stops(cpus="cpus")},  # the paper's CPU counts, marked on the slider
        description=prose(f"""
            Two panels for the study's 17 guests, with their reference-run CPU loads as
            demand. A slider sets the real CPUs from 1 to 25 and a drop-down chooses
            shares proportional to virtual CPUs (the study's 100 per virtual CPU) or
            equal shares of 100. Top: each guest is a vessel as wide as its share and as
            high as its demand per 100 units of share, sorted by that height; the water
            is what it gets and a dashed {word(INK)} line marks the water level. Bottom: one bar
            per guest with the CPUs it gets, a {word(INK)} tick at its demand and the
            percentage of demand it receives. With 15 CPUs and the study's shares every
            guest whose load per virtual CPU is above 0.44 is cut to 0.44 CPU per
            virtual CPU; from 22 CPUs on nobody is cut.
            """)
    )


def cut_chart(default_cpus: int = 15) -> alt.LayerChart:
    """Who gets cut on 512/P: the rule (allocate with reference demand) against the model."""
    if int(default_cpus) not in CUT_CPUS:
        raise ValueError(f"default_cpus: {default_cpus!r} is not accepted; expected one of {list(CUT_CPUS)}")
    table = cut_table()
    long = table.melt(
        id_vars=["cpus", "guest", "workload", "vcpus", "demand", "per_vcpu_demand"],
        value_vars=["rule_fraction", "model_load_fraction"],
        var_name="what", value_name="fraction",
    )
    labels = {"rule_fraction": "water-filling rule, reference loads as demand",
              "model_load_fraction": "model: CPU load at 512/P"}
    long["what"] = long["what"].map(labels)
    long["guest"] = long["guest"].map(names.guest)  # a reader's name, in rows and tooltips
    cpus = picker("cut_cpus", list(CUT_CPUS), int(default_cpus), "Real CPUs (CID 512/P)")
    order = list(study_guests().sort_values(["demand"], key=lambda s: s).assign(
        pv=lambda d: d["demand"] / d["vcpus"]).sort_values("pv", ascending=False)["guest"].map(names.guest))
    base = alt.Chart(long).transform_filter(alt.datum.cpus == cpus)
    y = alt.Y("guest:N", sort=order, title=None, axis=_guest_axis())
    whats = list(labels.values())
    points = base.mark_point(size=70, filled=True).encode(
        y=y,
        x=alt.X("fraction:Q", title="CPUs received / reference CPU load (%)", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1.05], nice=False)),
        color=alt.Color("what:N", title=None, sort=whats,
                        scale=alt.Scale(domain=whats, range=[WATER, MODEL]),
                        legend=alt.Legend(orient="bottom", labelLimit=300)),
        # the same legend as the colour: one legend whose symbols have the marks' shapes
        shape=alt.Shape("what:N", sort=whats, title=None, scale=alt.Scale(domain=whats, range=["circle", "diamond"]),
                        legend=alt.Legend(orient="bottom", labelLimit=300)),
        tooltip=[
            alt.Tooltip("guest:N"),
            alt.Tooltip("what:N", title="source"),
            alt.Tooltip("vcpus:Q", title="virtual CPUs"),
            alt.Tooltip("demand:Q", title="reference load (CPUs)", format=".2f"),
            alt.Tooltip("per_vcpu_demand:Q", title="load per vCPU", format=".2f"),
            alt.Tooltip("fraction:Q", title="received / reference", format=".0%"),
        ],
    )
    full = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3], color=MUTED).encode(x="x:Q")
    return alt.layer(full, points.add_params(cpus)).properties(
        width=WIDE,  # wider than tall, as the bars above
        height=17 * GUEST_ROW,
        title="Who gets cut: the rule against the model",
        description=prose(f"""
            Dot plot, one row per guest, sorted by the guest's reference CPU load per
            virtual CPU, highest first. For the chosen number of real CPUs (CIDs 512/5
            to 512/25) a {word(WATER)} circle shows the share of its reference load the
            water-filling rule gives the guest and a {word(MODEL)} diamond the CPU load the
            overcommit model computes for it. The rule cuts the guests at the top, those
            with the highest load per virtual CPU; in the model the three-tier WebSphere
            chains and the network client guests use less than the rule gives them,
            because each workload runs only as fast as its slowest guest.
            """),
    )


def explorer_chart(
    real_cpus: float = 5,
    a_vcpus: int = 1, a_share: float = 100, a_demand: float = 1.0,
    b_vcpus: int = 4, b_share: float = 100, b_demand: float = 4.0,
    c_vcpus: int = 2, c_share: float = 200, c_demand: float = 0.5,
) -> alt.VConcatChart:
    """The live explorer: three guests A, B, C and any number of real CPUs."""
    names = ["A", "B", "C"]
    vc = [a_vcpus, b_vcpus, c_vcpus]
    sh = [a_share, b_share, c_share]
    dm = [a_demand, b_demand, c_demand]
    vessel = water_level_chart(real_cpus, vc, sh, dm, names, title=f"Water-filling {real_cpus:g} real CPUs")
    frame = vessels(real_cpus, vc, sh, dm, names, names)
    frame["fraction"] = np.where(frame["demand"] > 0, frame["allocation"] / np.maximum(frame["demand"], 1e-12), 1.0)
    frame["proportional"] = float(real_cpus) * frame["share"] / frame["share"].sum()
    long = frame.melt(id_vars=["guest"], value_vars=["allocation", "proportional", "demand", "vcpus"],
                      var_name="what", value_name="cpus")
    names_what = {"allocation": "gets (water-filling)", "proportional": "plain share of the CPUs",
                  "demand": "demand", "vcpus": "virtual CPUs (cap)"}
    long["what"] = long["what"].map(names_what)
    whats = list(names_what.values())
    bars = alt.Chart(long).mark_bar().encode(
        y=alt.Y("what:N", sort=whats, title=None, axis=alt.Axis(labelLimit=200)),
        x=alt.X("cpus:Q", title="CPUs"),
        color=alt.Color("what:N", sort=whats, legend=None,
                        scale=alt.Scale(domain=whats, range=[WATER, MUTED, INK, IDLE])),
        row=alt.Row("guest:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left",
                                                             labelFontWeight="bold")),
        tooltip=[alt.Tooltip("guest:N"), alt.Tooltip("what:N"), alt.Tooltip("cpus:Q", format=".3f")],
    ).properties(width=300, height=56)
    return alt.vconcat(vessel, bars).resolve_scale(color="independent").properties(
        description=vessel.description
        + " Below, for each guest: what it gets, the plain proportional share of the real CPUs "
          "it would get if nobody were capped, its demand and its virtual CPUs."
    )


__all__ = [
    "SCHEMES", "SCHEME_EQUAL", "SCHEME_PROPORTIONAL", "CUT_CPUS", "cut_chart", "cut_table",
    "explorer_chart", "paper_example_chart", "paper_example_table", "scheme_comparison",
    "scheme_shares", "study_allocation_chart", "study_grid", "study_guests", "vessels",
    "water_level_chart",
]
