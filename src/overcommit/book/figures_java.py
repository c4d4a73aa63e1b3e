"""Chart and table builders for the chapter "The Java workload" (the paper's Figures 24–28).

The shared figures (throughput, CPU load, pages, paper against model) come from
:mod:`overcommit.book.figures_workload`. This module adds what the Java chapter needs to
explain its two misses:

* :func:`limits_frame` / :func:`limits_chart` — the Java throughput of every run beside two
  counterfactual runs of the model: the same CPUs with all the memory (512 GiB: the CPU cut
  alone) and the same memory with more real CPUs than the guests have virtual CPUs
  (:data:`SPARE_CPUS`: the memory loss alone). The model's Java sits at about the *lower*
  of the two, not at their product: a page-fault stall costs nothing while the virtual CPU
  would wait for a real CPU anyway.
* :func:`cut_table` — who the share-based water-filling cuts when CPUs are short: per
  guest, its reference CPU demand per 100 shares (Table 17) and the share of that demand it
  receives in chosen runs.
* :func:`implied_clock_time` / :func:`residency_table` — what a resident share and a
  page-in rate imply for a uniformly touched heap under CLOCK replacement: how often each
  page is touched and how long an untouched page survives (the characteristic time). Applied
  to the paper's numbers for CID 64/20 and to the model's, beside the guest's own reclaim
  time ``T_g = w_g T`` in the model (:func:`overcommit.replacement.reclaim_weights`).
"""

from __future__ import annotations

import math
from functools import lru_cache

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names, replacement
from ..model import environment, simulate, sweep
from ..workloads import study_guests
from .figures import NO_RESULT_MEMORY, WIDE, mark_model_only, model_only_band, model_only_description, sig, picker
from .figures_workload import paper_place
from .palette import MODEL, MUTED, PAPER, RESOURCES, WHITE, word
from .figures_results import MEMORY_ORDER, MEMORY_TITLE, env_picker, memory_axis
from .figures_results import check_envs as _check_envs

LEVELS = ("java-medium", "java-high")
CPU_COUNTS = (20, 15, 10, 5)  # the paper's real-CPU settings below the reference's 25
#: Real CPUs of the "memory alone" runs: more than the 36 virtual CPUs of all 17 guests
#: (Table 6), so no guest is ever cut by the water-filling and only memory can slow it.
SPARE_CPUS = 40
CURVES = ("this run", "CPUs alone", "memory alone", "if the two losses multiplied")
CURVE_COLOURS = (MODEL, RESOURCES["real CPUs"], RESOURCES["real memory"], MUTED)
CURVE_DASHES = ((1, 0), (6, 3), (6, 3), (2, 2))



def _x(r, variant: str) -> float:
    return float(r.workloads.loc[variant, "relative_throughput"])


# --- the two limits ----------------------------------------------------------------------

def limits_frame(results: pd.DataFrame | None = None, envs=None) -> pd.DataFrame:
    """One row per (environment, real memory, real CPUs, Java level) of the paper's grid below
    25 CPUs: ``actual`` (the run M/C), ``cpu_only`` (512/C, the CPU cut without memory
    pressure), ``memory_only`` (M/:data:`SPARE_CPUS`, the memory loss without a CPU cut),
    ``multiplied`` (what the two losses would give if they multiplied) and ``lower`` (the lower
    of the two ceilings), all relative throughput against the level's own reference."""
    envs = _check_envs(envs)
    s = sweep(envs=envs) if results is None else results
    s = s[s["variant"].isin(LEVELS) & s["env"].isin(envs)]
    if s.empty:
        raise ValueError("results: no Java rows; expected rows of overcommit.sweep()")
    rows = []
    for env in envs:
        spare = {m: simulate((m, SPARE_CPUS), env=env) for m in MEMORY_ORDER}
        for cpus in CPU_COUNTS:
            for m in MEMORY_ORDER:
                for v in LEVELS:
                    def pick(mem):
                        hit = s[(s.env == env) & (s.variant == v) & (s.memory_gib == mem) & (s.cpus == cpus)]
                        if hit.empty:
                            raise ValueError(f"results: no row for {v} at {mem}/{cpus} on {env}; "
                                             "expected the full grid of overcommit.sweep()")
                        return float(hit["relative_throughput"].iloc[0])
                    actual, cpu_only = pick(m), pick(512)
                    mem_only = _x(spare[m], v)
                    rows.append({"env": env, "variant": v, "memory_gib": m, "cpus": cpus,
                                 "actual": actual, "cpu_only": cpu_only, "memory_only": mem_only,
                                 "multiplied": cpu_only * mem_only, "lower": min(cpu_only, mem_only)})
    f = pd.DataFrame(rows)
    for col in ("actual", "cpu_only", "memory_only", "multiplied", "lower"):
        f[col] = sig(f[col])
    return f


def _paper_marks() -> pd.DataFrame:
    """The paper's Java statements on the chart's scale (each level against its own
    reference): the CID 64/20 losses and 'at or slightly above the reference' for 112 GiB
    or more with 15 or more CPUs."""
    obs = data.observations().set_index("id")
    rows = []
    for v, oid in (("java-medium", "o000-jm-degr"), ("java-high", "o000-jh-degr")):
        loss = float(obs.loc[oid, "value"])
        rows.append({"variant": v, "cpus": "20", "memory_gib": 64, "y": round(1 - loss / 100, 4), "y2": None, "kind": "point",
                     "label": f"paper, 64/20: lost about {loss:g} %",
                     "source": paper_place(obs.loc[oid, "source"])})
    src = paper_place(obs.loc["o000-j-gt-ref", "source"])
    for v in LEVELS:
        for cpus in ("20", "15"):
            for m in (512, 256, 128, 112):
                rows.append({"variant": v, "cpus": cpus, "memory_gib": m, "y": 1.0, "y2": 1.05, "kind": "band",
                             "label": "paper: at or slightly above its reference (112 GiB or more, 15 CPUs or more)",
                             "source": src})
    out = pd.DataFrame(rows)
    out["env"] = "zvm63-edev"
    return out


def limits_chart(frame: pd.DataFrame, variant: str = "java-medium", cpus: int = 15) -> alt.LayerChart:
    """Over real memory, for the environment, Java level and CPU count chosen in three
    drop-downs: the model's Java throughput in the run itself, with the CPUs alone, with the
    memory alone, and the product of the two; the paper's statements as black marks."""
    if variant not in LEVELS:
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {list(LEVELS)}")
    if cpus not in CPU_COUNTS:
        raise ValueError(f"cpus: {cpus!r} is not accepted; expected one of {list(CPU_COUNTS)}")
    need = {"env", "variant", "memory_gib", "cpus", "actual", "cpu_only", "memory_only", "multiplied"}
    if frame.empty or not need <= set(frame.columns):
        raise ValueError(f"frame: expected the rows of limits_frame() with columns {sorted(need)}")
    long = frame.melt(id_vars=["env", "variant", "memory_gib", "cpus"],
                      value_vars=["actual", "cpu_only", "memory_only", "multiplied"], var_name="key", value_name="x")
    long["curve"] = long["key"].map(dict(zip(["actual", "cpu_only", "memory_only", "multiplied"], CURVES)))
    long["cpus"] = long["cpus"].astype(str)
    long = long.drop(columns="key")
    long["name"] = long["variant"].map(names.variant)
    env = env_picker()
    pick = picker("variant", list(LEVELS), variant, "Java level", labels=[names.variant(v) for v in LEVELS])
    ncpu = picker("cpus", [str(c) for c in CPU_COUNTS], str(cpus), "Real CPUs")
    chosen = (alt.datum.env == env) & (alt.datum.variant == pick) & (alt.datum.cpus == ncpu)
    x_mem = alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
                  title=MEMORY_TITLE, axis=memory_axis())
    y = alt.Y("x:Q", title="relative throughput (1 = the level's reference)", scale=alt.Scale(domain=[0, 1.1]),
              axis=alt.Axis(format=".1f"))
    tip = [alt.Tooltip("curve:N"), alt.Tooltip("name:N", title="variant"), alt.Tooltip("memory_gib:O", title="real memory (GiB)"),
           alt.Tooltip("cpus:N", title="real CPUs"), alt.Tooltip("x:Q", title="relative throughput", format=".3f")]
    legend = alt.Legend(orient="bottom", columns=2, symbolType="stroke", symbolStrokeWidth=3, symbolSize=400)
    enc = dict(
        x=x_mem, y=y,
        color=alt.Color("curve:N", sort=list(CURVES), title=None,
                        scale=alt.Scale(domain=list(CURVES), range=list(CURVE_COLOURS)), legend=legend),
        strokeDash=alt.StrokeDash("curve:N", sort=list(CURVES), title=None, legend=legend,
                                  scale=alt.Scale(domain=list(CURVES), range=[list(d) for d in CURVE_DASHES])),
        tooltip=tip,
    )
    base = alt.Chart(long).transform_filter(chosen)
    # the two ceilings and their product first, the run itself on top
    ceilings = base.transform_filter(alt.datum.curve != CURVES[0])
    ceilings = alt.layer(ceilings.mark_line(strokeWidth=2).encode(**enc),
                         mark_model_only(ceilings.mark_point(size=30).encode(**enc), "datum.memory_gib", "datum.cpus",
                                         "datum.env"))
    run = base.transform_filter(alt.datum.curve == CURVES[0])
    # every curve's points follow the rule of the host they stand at
    run = alt.layer(run.mark_line(strokeWidth=3).encode(**enc),
                    mark_model_only(run.mark_point(size=45).encode(**enc), "datum.memory_gib", "datum.cpus", "datum.env"))
    marks = alt.Chart(_paper_marks()).transform_filter(chosen)
    ptip = [alt.Tooltip("label:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")]
    band = marks.transform_filter(alt.datum.kind == "band").mark_area(color=PAPER, opacity=0.12).encode(
        x=x_mem, y=alt.Y("y:Q"), y2=alt.Y2("y2:Q"), tooltip=ptip)
    diamonds = marks.transform_filter(alt.datum.kind == "point").mark_point(
        shape="diamond", size=190, filled=True, color=WHITE, stroke=PAPER, strokeWidth=2).encode(
        x=x_mem, y=alt.Y("y:Q"), tooltip=ptip)
    return alt.layer(model_only_band(x_mem), band, ceilings, run, diamonds).add_params(env, pick, ncpu).properties(
        width=WIDE, height=250,
        title="Java: the CPU cut, the memory loss, and what the model makes of both",
        description=(
            "For the environment, Java level and real-CPU count chosen in the three drop-downs, "
            "relative throughput of the Java level over real memory (512 GiB on the left, 48 GiB on "
            f"the right), each against the level's own reference. Solid {word(CURVE_COLOURS[0])} line: the model's run at "
            f"that memory and CPU count. {word(CURVE_COLOURS[1]).capitalize()} dashed: the same CPUs with 512 GiB, "
            f"the CPU cut alone. {word(CURVE_COLOURS[2]).capitalize()} dashed: the same memory with {SPARE_CPUS} "
            f"real CPUs, the memory loss alone. {word(CURVE_COLOURS[3]).capitalize()} dotted: the product of the two, "
            "what the run would give if the two losses multiplied. "
            f"The {word(CURVE_COLOURS[0])} line follows the lower of the other two dashed lines. "
            f"{word(PAPER).capitalize()} marks, for z/VM 6.3 "
            "with EDEV-SCSI paging: a pale band from 1.0 to 1.05 where the paper reports throughput at or "
            "slightly above the reference (112 GiB or more with 15 or 20 CPUs), and a diamond at 64 GiB "
            "with 20 CPUs for the paper's loss at 64/20. The curves' "
            + model_only_description("points", NO_RESULT_MEMORY)[0].lower()
            + model_only_description("points", NO_RESULT_MEMORY)[1:]
        ),
    )


# --- who the water-filling cuts --------------------------------------------------------

def cut_table(cids=("512/20", "512/15"), env: str = "zvm63-edev", ids: bool = False) -> pd.DataFrame:
    """Per guest (sorted by reference CPU demand per 100 shares, largest first): virtual
    CPUs, relative share, reference CPU load (Table 17, processors), that load per 100
    shares, and for each CID the percentage of its reference CPU load it uses in the run."""
    _check_envs([env])
    cids = [str(c) for c in cids]
    if not cids:
        raise ValueError("cids: empty; expected one or more CIDs such as '512/15'")
    gs = study_guests()
    f = pd.DataFrame({
        "guest": [g.name for g in gs], "virtual CPUs": [g.vcpus for g in gs], "share": [int(g.share) for g in gs],
        "reference CPU (processors)": [g.cpu_load for g in gs],
        "per 100 shares": [round(100 * g.cpu_load / g.share, 3) for g in gs],
    }).set_index("guest")
    ref = simulate("512/25", env=env).guests["cpu_load"]
    for cid in cids:
        r = simulate(cid, env=env).guests["cpu_load"]
        f[f"{cid}: % of reference CPU"] = (100 * r / ref).reindex(f.index).round(0).astype(int)
    if not ids:  # the guests as the book names them
        f.index = f.index.map(names.guest)
    return f.sort_values("per 100 shares", ascending=False)


def water_level(cid: str, env: str = "zvm63-edev") -> float:
    """The run's water level in CPUs per 100 shares: the largest CPU allocation per share of
    any guest, when no real CPU is idle beyond the fluctuation idle of
    :mod:`overcommit.dispatch`; NaN when CPUs stand idle for want of work (nobody is cut)."""
    _check_envs([env])
    r = simulate(cid, env=env)
    if r.system["spare_cpu"] > 1e-6:
        return math.nan
    g = r.guests
    return float(100 * (g["cpu_allocated"] / g["share"]).max())


# --- what residency and page-ins imply -------------------------------------------------------

#: The inversion lives in :mod:`overcommit.replacement` beside the hit formula it inverts.
implied_clock_time = replacement.implied_time
#: the column of :func:`residency_table` with the model's own reclaim time of the guest
TG_COLUMN = "model's reclaim time T_g of the guest (s)"


@lru_cache(maxsize=4)
def _residency(env: str) -> pd.DataFrame:
    obs = data.observations().set_index("id")
    r = simulate("64/20", env=env)
    T = float(r.system["characteristic_time_s"])
    guests = {g.name: g for g in study_guests()}
    beta = environment(env).reclaim_exponent
    rows = []
    for v, res_id, pin_id in (("java-medium", "o000-jm-res-frac", "o000-jm-pin-frac"),
                              ("java-high", "o000-jh-res-frac", "o000-jh-pin-frac")):
        h, p = float(obs.loc[res_id, "value"]) / 100, float(obs.loc[pin_id, "value"]) / 100
        t, touch = implied_clock_time(h, p)
        rows.append({"level": v, "from": "paper", "resident / instantiated (%)": 100 * h,
                     "resident memory paged in per second (%)": 100 * p,
                     "implied touch interval (s)": touch, "implied characteristic time T (s)": t,
                     TG_COLUMN: np.nan})
        g = r.guests.loc[v]
        hm, pm = g["resident_mib"] / g["instantiated_mib"], g["page_read_mib_s"] / g["resident_mib"]
        t, touch = implied_clock_time(float(hm), float(pm))
        rows.append({"level": v, "from": "model", "resident / instantiated (%)": 100 * hm,
                     "resident memory paged in per second (%)": 100 * pm,
                     "implied touch interval (s)": touch, "implied characteristic time T (s)": t,
                     TG_COLUMN: T * float(replacement.reclaim_weights([guests[v].touched_mib], beta)[0])})
    return pd.DataFrame(rows)


def residency_table(env: str = "zvm63-edev") -> pd.DataFrame:
    """At CID 64/20, per Java level, the paper's and the model's resident share and page-in
    rate, the touch interval and characteristic time they imply for a uniformly touched heap
    under CLOCK (:func:`implied_clock_time`), and the model's reclaim time ``T_g = w_g T`` of
    that guest (column :data:`TG_COLUMN`)."""
    _check_envs([env])
    f = _residency(env).copy()
    for col, nd in (("resident / instantiated (%)", 1), ("resident memory paged in per second (%)", 3),
                    ("implied touch interval (s)", 0), ("implied characteristic time T (s)", 0),
                    (TG_COLUMN, 0)):
        f[col] = f[col].round(nd)
    return f.set_index(["level", "from"])


__all__ = ["CPU_COUNTS", "CURVES", "LEVELS", "SPARE_CPUS", "TG_COLUMN", "cut_table", "implied_clock_time", "limits_chart",
           "limits_frame", "residency_table", "water_level"]
