"""Chart and table builders for the chapter "The network workload" (the paper's Figures
29–34), beyond the shared ones of :mod:`overcommit.book.figures_workload`.

The network workload is CPU-bound, so its chapter is about how the model divides the real
CPUs. Three builders:

* :func:`levels_chart` draws the two levels' relative throughput over real CPUs for one
  memory size, each against its *own* reference, with the paper's statements beside them
  (high level about 40 % at 15 CPUs; medium level at or above its reference with 15 or more
  CPUs except at 64 GiB).
* :func:`share_frame` / :func:`water_levels` / :func:`share_chart` show the model's
  share-based water-filling (:mod:`overcommit.shares`) for one run: every guest's reference
  CPU demand per 100 shares (Table 17), what it uses in the chosen run, and the run's *water
  level*, the CPUs per 100 shares that every guest wanting more than that receives. The
  water level is read off the run, not recomputed: a guest that is cut uses exactly the
  level times its share, so the level is the largest use per share, provided no real CPU is
  idle beyond the fluctuation idle of :mod:`overcommit.dispatch` (if one is, nobody is cut
  and there is no level).
"""

from __future__ import annotations

from functools import lru_cache

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names
from ..model import simulate
from ..workloads import study_guests
from .figures import WIDE, display_expr, mark_model_only, model_only_description, sig, picker, prose
from .palette import ALERT, INK, MUTED, PAPER, WORKLOAD_LEVELS, word
from .figures_results import MEMORY_ORDER, _paper_cids, env_picker
from .figures_results import check_cids as _check_cids, check_envs as _check_envs
from .figures_workload import paper_place, variant_frame

VARIANTS = ("net-medium", "net-high")
GROUPS = ("network, medium level", "network, high level", "other workloads")
GROUP_COLOURS = (WORKLOAD_LEVELS["net-medium"], WORKLOAD_LEVELS["net-high"], MUTED)
LEVEL_COLOURS = {"net-medium": GROUP_COLOURS[0], "net-high": GROUP_COLOURS[1]}
CPU_TICKS = [5, 10, 15, 20, 25]
IDLE_TOLERANCE = 0.005  # share of the real CPUs: less idle than this counts as none (solver rounding)


def _group(variant: str) -> str:
    return {"net-medium": GROUPS[0], "net-high": GROUPS[1]}.get(variant, GROUPS[2])




# --- the two levels side by side ---------------------------------------------------------

def paper_level_marks() -> pd.DataFrame:
    """The paper's statements on the two network levels over real CPUs, one row per memory
    size and CPU count they apply to (z/VM 6.3 with EDEV-SCSI paging), on each level's own
    reference scale: ``kind`` ``about`` (the high level's ≈ 40 % at 15 CPUs, every memory
    size) or ``at least`` (the medium level at or above its reference with 15 or more CPUs,
    except at 64 GiB)."""
    obs = data.observations().set_index("id")
    high15 = obs.loc["o000-nh-15"]
    medium = obs.loc["o000-nm-gt-ref"]
    rows = []
    for m in MEMORY_ORDER:
        rows.append({"variant": "net-high", "memory_gib": m, "cpus": 15, "y": float(high15["value"]) / 100,
                     "kind": "about", "label": f"paper: about {high15['value']:g} % of its reference with 15 CPUs",
                     "source": paper_place(high15["source"])})
        if m == 64:
            continue  # the paper's exception
        for c in (20, 15):
            rows.append({"variant": "net-medium", "memory_gib": m, "cpus": c, "y": float(medium["value"]) / 100,
                         "kind": "at least",
                         "label": f"paper: at or above {medium['value']:g} % of its reference (15 or more CPUs, not at 64 GiB)",
                         "source": paper_place(medium["source"])})
    out = pd.DataFrame(rows)
    out["env"] = "zvm63-edev"
    return out


def levels_chart(vframe: pd.DataFrame | None = None, default_memory: int = 512) -> alt.LayerChart:
    """Both network levels' relative throughput (each to its own reference) over real CPUs,
    for the environment and memory size chosen in two drop-downs, with the paper's marks."""
    if default_memory not in MEMORY_ORDER:
        raise ValueError(f"default_memory: {default_memory!r} is not accepted; expected one of {MEMORY_ORDER}")
    f = variant_frame("net") if vframe is None else vframe
    f = f[f["variant"].isin(VARIANTS)]
    if f.empty:
        raise ValueError("vframe: no rows for net-medium or net-high; expected figures_workload.variant_frame('net')")
    f = f[["env", "env_label", "cid", "variant", "name", "memory_gib", "cpus", "throughput", "cpu_load", "status"]]
    env = env_picker()
    mem = picker("memory", MEMORY_ORDER, default_memory, "Real memory (GiB)")
    colour = alt.Color("variant:N", title="level (model line, paper mark)", sort=list(VARIANTS),
                       scale=alt.Scale(domain=list(VARIANTS), range=[LEVEL_COLOURS[v] for v in VARIANTS]),
                       legend=alt.Legend(labelExpr=display_expr("datum.label", VARIANTS)))
    x = alt.X("cpus:Q", title="z/VM real CPUs (processors)", scale=alt.Scale(domain=[3, 26], nice=False),
              axis=alt.Axis(values=CPU_TICKS, format="d"))
    y = alt.Y("throughput:Q", title="relative throughput (1 = the level's own reference)",
              scale=alt.Scale(domain=[0, 1.1]), axis=alt.Axis(format=".1f"))
    base = alt.Chart(f).transform_filter((alt.datum.env == env) & (alt.datum.memory_gib == mem))
    tip = [alt.Tooltip("name:N", title="variant"), alt.Tooltip("cid:N", title="CID"), alt.Tooltip("env_label:N", title="environment"),
           alt.Tooltip("throughput:Q", title="relative throughput (model)", format=".3f"),
           alt.Tooltip("cpu_load:Q", title="CPU load of the pair (processors)", format=".2f"),
           alt.Tooltip("status:N", title="model run")]
    lines = alt.layer(base.mark_line().encode(x=x, y=y, color=colour),
                      mark_model_only(base.mark_point(size=50).encode(x=x, y=y, color=colour, tooltip=tip),
                                      "datum.memory_gib", "datum.cpus", "datum.env"))
    crosses = base.transform_filter(alt.datum.status == "failed").mark_point(
        shape="cross", size=160, color=ALERT, strokeWidth=2, filled=True).encode(x="cpus:Q", y="throughput:Q", tooltip=tip)
    ref = alt.Chart(pd.DataFrame({"y": [1.0]})).mark_rule(color=INK, strokeDash=[2, 2]).encode(y="y:Q")
    marks = alt.Chart(paper_level_marks()).transform_filter((alt.datum.env == env) & (alt.datum.memory_gib == mem))
    ptip = [alt.Tooltip("label:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")]
    about = marks.transform_filter(alt.datum.kind == "about").mark_point(
        shape="diamond", size=190, filled=True, stroke=PAPER, strokeWidth=2).encode(
        x="cpus:Q", y="y:Q", color=colour, tooltip=ptip)
    at_least = marks.transform_filter(alt.datum.kind == "at least").mark_point(
        shape="triangle-up", size=190, filled=True, stroke=PAPER, strokeWidth=2).encode(
        x="cpus:Q", y="y:Q", color=colour, tooltip=ptip)
    return alt.layer(ref, lines, crosses, about, at_least).add_params(env, mem).properties(
        width=WIDE, height=260, title="Network workload: medium and high level over real CPUs (model)",
        description=prose(f"""
            Relative throughput of the medium ({word(GROUP_COLOURS[0])}) and high ({word(GROUP_COLOURS[1])}) network level, each
            divided by its own throughput in the reference run, over the number of real
            CPUs (5 to 25), for the environment and real memory size chosen in the
            drop-downs. The dotted line is the reference. Paper marks for z/VM 6.3 with
            EDEV-SCSI paging: a diamond outlined in {word(PAPER)} at 0.40 and 15 CPUs for the high
            level, and upward triangles at 1.0 for 15 and 20 CPUs for the medium level
            (at or above its reference; the paper excludes 64 GiB, so there are none at
            64 GiB). {model_only_description("points")}
            """),
    )


# --- the water level ----------------------------------------------------------------------

@lru_cache(maxsize=4)
def _runs(cids: tuple[str, ...], envs: tuple[str, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    table17 = {g.name: g for g in study_guests()}
    guests, levels = [], []
    for env in envs:
        for cid in cids:
            r = simulate(cid, env=env)
            g = r.guests
            x = r.workloads["relative_throughput"]
            idle = float(r.system["idle_cpu"])
            per_share = g["cpu_allocated"] / g["share"]
            theta = float(per_share.max()) if float(r.system["spare_cpu"]) <= IDLE_TOLERANCE * float(r.system["real_cpus"]) else np.nan
            levels.append({"env": env, "cid": cid, "real_cpus": int(r.system["real_cpus"]),
                           "guest_cpus": float(g["cpu_load"].sum()), "cp_system_cpu": float(r.system["cp_system_cpu"]),
                           "idle_cpu": idle, "water_level": 100 * theta})
            for name, row in g.iterrows():
                demand = table17[name].cpu_load
                guests.append({
                    "env": env, "cid": cid, "guest": name, "guest_name": names.guest(name), "variant": row["variant"],
                    "group": _group(row["variant"]),
                    "share": row["share"], "vcpus": int(row["vcpus"]),
                    "demand": demand, "demand_per100": 100 * demand / row["share"],
                    "use": row["cpu_load"], "use_per100": 100 * row["cpu_load"] / row["share"],
                    "throughput": float(x[row["variant"]]),
                    "cut": bool(np.isfinite(theta) and row["cpu_allocated"] / row["share"] >= theta * (1 - 1e-6)),
                })
    return pd.DataFrame(guests), pd.DataFrame(levels)


def share_frame(cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID, guest) of all 17 guests: share, reference CPU demand
    (Table 17, processors) and per 100 shares, CPU used in the run and per 100 shares, the
    relative throughput of the guest's variant, and ``cut`` (the guest gets exactly the
    run's water level times its share: it wanted more)."""
    g, _ = _runs(_check_cids(cids), _check_envs(envs))
    g = g.copy()
    for col in ("demand_per100", "use", "use_per100", "throughput"):
        g[col] = sig(g[col])
    return g


def water_levels(cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID): real CPUs, CPUs the guests use, CP system CPU, idle
    CPUs and the water level in CPUs per 100 shares (NaN when real CPUs stand idle, so that
    nobody is cut), with a one-line ``label``."""
    _, w = _runs(_check_cids(cids), _check_envs(envs))
    w = w.copy()
    for col in ("guest_cpus", "cp_system_cpu", "idle_cpu", "water_level"):
        w[col] = sig(w[col].fillna(0)).where(w[col].notna())
    w["label"] = np.where(
        w["water_level"].notna(),
        "water level: " + w["water_level"].map(lambda v: f"{v:.3f}") + " CPUs per 100 shares",
        "no water level: nobody is cut, " + w["idle_cpu"].map(lambda v: f"{v:.2f}") + " real CPUs idle",
    )
    return w


def share_chart(sframe: pd.DataFrame | None = None, levels: pd.DataFrame | None = None,
                default_cid: str = "512/15") -> alt.LayerChart:
    """Who the water-filling cuts in one run: per guest (sorted by reference demand per share)
    its reference CPU demand and its use in the chosen run, both per 100 shares, and the
    run's water level, for the environment and CID chosen in two drop-downs."""
    sframe = share_frame() if sframe is None else sframe
    levels = water_levels() if levels is None else levels
    cids = _paper_cids()
    if default_cid not in cids:
        raise ValueError(f"default_cid: {default_cid!r} is not accepted; expected one of {cids}")
    if sframe.empty or levels.empty:
        raise ValueError("sframe, levels: empty; expected share_frame() and water_levels()")
    env = env_picker()
    cid = picker("cid", cids, default_cid, "Configuration (CID)")
    static = sframe.drop_duplicates("guest").sort_values("demand_per100", ascending=False)
    order = list(static["guest"])
    # per run only what changes; the guests' fixed numbers are joined in the browser
    runs = sframe[["env", "cid", "guest", "use", "throughput", "cut"]]
    fixed = ["guest_name", "group", "share", "demand", "demand_per100"]
    chosen = alt.Chart(runs).transform_filter((alt.datum.env == env) & (alt.datum.cid == cid)).transform_lookup(
        lookup="guest", from_=alt.LookupData(static[["guest"] + fixed], "guest", fixed)).transform_calculate(
        use_per100="round(100000 * datum.use / datum.share) / 1000")
    y = alt.Y("guest:N", sort=order, title=None, axis=alt.Axis(labelLimit=170, labelExpr=display_expr("datum.label", order)))
    xs = alt.Scale(domain=[0, 1.05], nice=False)
    colour = alt.Color("group:N", title="guest", sort=list(GROUPS),
                       scale=alt.Scale(domain=list(GROUPS), range=list(GROUP_COLOURS)),
                       legend=alt.Legend(orient="bottom", columns=3))
    tip = [alt.Tooltip("guest_name:N", title="guest"), alt.Tooltip("cid:N", title="CID"), alt.Tooltip("share:Q", title="relative share"),
           alt.Tooltip("demand:Q", title="reference CPU demand (processors, Table 17)", format=".2f"),
           alt.Tooltip("demand_per100:Q", title="reference demand per 100 shares", format=".3f"),
           alt.Tooltip("use:Q", title="CPU used in this run (processors)", format=".3f"),
           alt.Tooltip("use_per100:Q", title="used per 100 shares", format=".3f"),
           alt.Tooltip("cut:N", title="cut to the water level"),
           alt.Tooltip("throughput:Q", title="its workload's relative throughput", format=".3f")]
    gap = chosen.mark_rule(strokeWidth=2, opacity=0.5).encode(
        y=y, x=alt.X("use_per100:Q", scale=xs), x2="demand_per100:Q", color=colour, tooltip=tip)
    demand = chosen.mark_point(shape="circle", size=70, filled=False, strokeWidth=2).encode(
        y=y, x=alt.X("demand_per100:Q", scale=xs), color=colour, tooltip=tip)
    use = chosen.mark_point(shape="circle", size=70, filled=True, opacity=1).encode(
        y=y, x=alt.X("use_per100:Q", scale=xs, title="CPUs per 100 shares (processors)"), color=colour, tooltip=tip)
    lv = alt.Chart(levels).transform_filter((alt.datum.env == env) & (alt.datum.cid == cid))
    ltip = [alt.Tooltip("label:N", title="run"), alt.Tooltip("real_cpus:Q", title="real CPUs"),
            alt.Tooltip("guest_cpus:Q", title="used by guests (processors)", format=".2f"),
            alt.Tooltip("cp_system_cpu:Q", title="CP system (processors)", format=".2f"),
            alt.Tooltip("idle_cpu:Q", title="idle (processors)", format=".2f")]
    rule = lv.transform_filter("isValid(datum.water_level)").mark_rule(
        color=INK, strokeDash=[6, 3], strokeWidth=2).encode(x=alt.X("water_level:Q", scale=xs), tooltip=ltip)
    text = lv.mark_text(align="left", baseline="bottom", dx=0, dy=-4, fontSize=11, fontWeight="bold").encode(
        x=alt.value(0), y=alt.value(0), text="label:N", tooltip=ltip)
    return alt.layer(gap, rule, demand, use, text).add_params(env, cid).properties(
        width=WIDE, height=17 * 20,
        title=alt.TitleParams("Who the water-filling cuts (model)", offset=18),
        description=prose(f"""
            One row per guest of the study, sorted by its reference CPU demand per 100
            shares, most demanding at the top; the two network levels in {word(GROUP_COLOURS[0])} (medium)
            and {word(GROUP_COLOURS[1])} (high), the other workloads in {word(GROUP_COLOURS[2])}. Hollow circle: the guest's CPU
            load in the reference run (Table 17) per 100 shares. Filled circle: what it
            uses in the run chosen in the drop-downs (environment and configuration),
            per 100 shares; a line joins the two. Dashed {word(INK)} line: the run's water
            level, the CPUs per 100 shares that every guest wanting more receives; the
            text above the chart gives it, or says that real CPUs stand idle and nobody
            is cut.
            """),
    )


__all__ = ["GROUPS", "VARIANTS", "levels_chart", "paper_level_marks", "share_chart", "share_frame",
           "water_levels"]
