"""Chart and table builders for the chapter "The transactional WebSphere workload" (the
paper's Figures 12–19).

The shared figures (throughput, CPU load, pages, paper against model) come from
:mod:`overcommit.book.figures_workload`. This module adds what the WebSphere chapter needs:

* :func:`component_frame` / :func:`component_chart` — the CPU load of each component of a
  triplet (IHS, WAS, DB2), the paper's Figures 16 and 17, beside the same load per 100
  relative shares and the run's *water level* of the share-based water-filling. A triplet is
  a chain: it runs as fast as its slowest component lets it, and in the model the slowest
  component is the one that asked for the most CPU per share in the reference run.
* :func:`cpu_mix_frame` / :func:`cpu_mix_chart` — where the real CPUs go, per workload, over
  real memory: the CPU the paging workloads give up when they stall is what the WebSphere
  triplets gain in the model.
* :func:`component_pages` — the pages of every component at one run, with the paper's
  per-component numbers for CID 64/20 beside the model's.
* :func:`trend_table` — the paper's statements about the workload that span several runs
  (trends, knees, failures) and its per-component page statements, beside the model's.
"""

from __future__ import annotations

from functools import lru_cache

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names as display
from ..model import ENVIRONMENTS, simulate, sweep
from ..workloads import study_guests, study_variants
from . import figures_validation
from .figures import (NO_RESULT_MEMORY, WIDE, mark_model_only, model_only_band, model_only_description, model_only_key,
                      picker, sig, prose)
from .palette import CATEGORIES, CPU_USE, INK, WORKLOAD_LEVELS, WORKLOADS, word
from .figures_results import MEMORY_ORDER, MEMORY_TITLE, env_picker, memory_axis
from .figures_results import check_cids as _check_cids, check_envs as _check_envs

LEVELS = ("was-medium", "was-high")
COMPONENTS = ("ihs", "was", "db2")
COMPONENT_LABELS = {"ihs": "IHS (web server)", "was": "WAS (application server)", "db2": "DB2 (database)"}
COMPONENT_COLOURS = tuple(CATEGORIES[:3])
CPU_COUNTS = (20, 15, 10, 5)  # the paper's real-CPU settings below the reference's 25
#: Real CPUs count as idle above this fraction of the host's CPUs; then nobody is cut and
#: the run has no water level.
IDLE_TOLERANCE = 1e-4
GROUPS = ("WAS medium", "WAS high", "database", "file system", "Java", "network", "CP system", "idle")
GROUP_COLOURS = (WORKLOAD_LEVELS["was-medium"], WORKLOAD_LEVELS["was-high"], WORKLOADS["database"],
                 WORKLOADS["file system"], WORKLOADS["Java"], WORKLOADS["network"], CPU_USE["CP system"],
                 CPU_USE["idle"])
GUESTS = tuple(f"{level}-{c}" for level in LEVELS for c in COMPONENTS)


def _group(variant: str) -> str:
    if variant == "was-medium":
        return "WAS medium"
    if variant == "was-high":
        return "WAS high"
    for prefix, name in (("db", "database"), ("fs", "file system"), ("java", "Java"), ("net", "network")):
        if variant.startswith(prefix + "-"):
            return name
    raise ValueError(f"variant: {variant!r} is not accepted; expected a variant of the study")




def _check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"level: {level!r} is not accepted; expected one of {list(LEVELS)}")
    return level


def _check_cpus(cpus) -> int:
    if isinstance(cpus, bool) or cpus not in CPU_COUNTS:
        raise ValueError(f"cpus: {cpus!r} is not accepted; expected one of {list(CPU_COUNTS)}")
    return int(cpus)


def water_level(result) -> float:
    """A run's water level in CPUs per 100 shares: the largest CPU allocation per share of
    any guest, when no real CPU is idle beyond the fluctuation idle of
    :mod:`overcommit.dispatch` (every guest above it gets exactly the level times its share);
    NaN when real CPUs stand idle for want of work, so that nobody is cut."""
    if float(result.system["spare_cpu"]) > IDLE_TOLERANCE * float(result.system["real_cpus"]):
        return float("nan")
    g = result.guests
    return float(100 * (g["cpu_allocated"] / g["share"]).max())


# --- one pass over the grid ------------------------------------------------------------------

@lru_cache(maxsize=4)
def _runs(cids: tuple[str, ...], envs: tuple[str, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    table17 = {g.name: g for g in study_guests()}
    comp, mix = [], []
    for env in envs:
        for cid in cids:
            r = simulate(cid, env=env)
            g, w, s = r.guests, r.workloads, r.system
            theta = water_level(r)
            mem, cpus = int(r.host.memory_gib), int(r.host.cpus)
            for name in GUESTS:
                row, ref = g.loc[name], table17[name]
                use100 = 100 * row["cpu_allocated"] / row["share"]
                comp.append({
                    "env": env, "cid": cid, "memory_gib": mem, "cpus": cpus, "guest": name,
                    "guest_name": display.guest(name),
                    "level": row["variant"], "component": name.rsplit("-", 1)[1],
                    "share": float(row["share"]), "vcpus": int(row["vcpus"]),
                    "reference_cpu": ref.cpu_load, "demand_per100": 100 * ref.cpu_load / ref.share,
                    "cpu_load": float(row["cpu_load"]), "use_per100": float(use100),
                    "pct_of_reference": 100 * float(row["cpu_load"]) / ref.cpu_load,
                    "throughput": float(w.loc[row["variant"], "relative_throughput"]),
                    "water_level": theta,
                    "bottleneck": bool(np.isfinite(theta) and use100 >= theta * (1 - 1e-6)),
                })
            used = g.groupby(g["variant"].map(_group))["cpu_load"].sum()
            for group in GROUPS:
                if group == "CP system":
                    value = float(s["cp_system_cpu"])
                elif group == "idle":
                    value = float(s["idle_cpu"])
                else:
                    value = float(used.get(group, 0.0))
                mix.append({"env": env, "cid": cid, "memory_gib": mem, "cpus": cpus, "group": group,
                            "order": GROUPS.index(group), "processors": value, "water_level": theta})
    return pd.DataFrame(comp), pd.DataFrame(mix)


def component_frame(cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID, WebSphere guest): level, component (ihs, was, db2),
    relative share, virtual CPUs, reference CPU load (Table 17, processors) and that per 100
    shares (``demand_per100``), the CPU load in the run (processors) and per 100 shares
    (``use_per100``), the load as a percentage of the reference load, the level's relative
    throughput, the run's water level (CPUs per 100 shares, NaN when CPUs stand idle) and
    ``bottleneck`` (the component gets exactly the water level: it limits its triplet)."""
    f, _ = _runs(_check_cids(cids), _check_envs(envs))
    f = f.copy()
    for col in ("demand_per100", "cpu_load", "use_per100", "pct_of_reference", "throughput"):
        f[col] = sig(f[col])
    f["water_level"] = sig(f["water_level"].fillna(0)).where(f["water_level"].notna())
    f["label"] = f["component"].map(COMPONENT_LABELS)
    return f


def cpu_mix_frame(cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID, group of :data:`GROUPS`): the processors the group's
    guests use in the run (emulation plus CP time charged to them), CP's own system time, or
    idle real CPUs; the rows of one run add up to its real CPUs."""
    _, f = _runs(_check_cids(cids), _check_envs(envs))
    f = f.copy()
    f["processors"] = sig(f["processors"])
    f["water_level"] = sig(f["water_level"].fillna(0)).where(f["water_level"].notna())
    return f


# --- charts ---------------------------------------------------------------------------------

def _x_memory() -> alt.X:
    return alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
                 title=MEMORY_TITLE, axis=memory_axis())


def _pickers(level: str, cpus: int):
    env = env_picker()
    pick = picker("level", LEVELS, _check_level(level), "Level", field="level", labels=[display.variant(v) for v in LEVELS])
    ncpu = picker("cpus", CPU_COUNTS, _check_cpus(cpus), "Real CPUs", field="cpus")
    return env, pick, ncpu


def component_chart(frame: pd.DataFrame, level: str = "was-medium", cpus: int = 20) -> alt.VConcatChart:
    """The paper's Figures 16 and 17 from the model, for the environment, level and real-CPU
    count chosen in three drop-downs. Top: each component's CPU load over real memory, with
    its reference load (Table 17) as a dashed line. Bottom: the same load per 100 shares,
    with the run's water level; the component on the water level limits the triplet."""
    need = {"env", "cid", "memory_gib", "cpus", "level", "component", "cpu_load", "reference_cpu",
            "use_per100", "demand_per100", "water_level", "bottleneck", "throughput"}
    if frame.empty or not need <= set(frame.columns):
        raise ValueError(f"frame: expected the rows of component_frame() with columns {sorted(need)}")
    env, pick, ncpu = _pickers(level, cpus)
    chosen = (alt.datum.env == env) & (alt.datum.level == pick) & (alt.datum.cpus == ncpu)
    f = frame[frame["cpus"].isin(CPU_COUNTS)].copy()
    f["at_level"] = np.where(f["bottleneck"], "yes: it limits the triplet", "no")
    base = alt.Chart(f).transform_filter(chosen)
    names = [COMPONENT_LABELS[c] for c in COMPONENTS]
    colour = alt.Color("label:N", title="component", sort=names,
                       scale=alt.Scale(domain=names, range=list(COMPONENT_COLOURS)),
                       legend=alt.Legend(orient="bottom", columns=3))
    tip = [alt.Tooltip("guest_name:N", title="guest"), alt.Tooltip("cid:N", title="CID"),
           alt.Tooltip("cpu_load:Q", title="CPU load (processors)", format=".3f"),
           alt.Tooltip("reference_cpu:Q", title="reference CPU load (Table 17)", format=".2f"),
           alt.Tooltip("pct_of_reference:Q", title="% of its reference load", format=".1f"),
           alt.Tooltip("use_per100:Q", title="CPUs per 100 shares", format=".3f"),
           alt.Tooltip("water_level:Q", title="water level (CPUs per 100 shares)", format=".3f"),
           alt.Tooltip("at_level:N", title="at the water level"),
           alt.Tooltip("throughput:Q", title="the level's relative throughput", format=".3f")]
    x = _x_memory()
    y_load = alt.Y("cpu_load:Q", title="CPU load (processors)", axis=alt.Axis(format=".1f"))
    lines = alt.layer(base.mark_line().encode(x=x, y=y_load, color=colour),
                      mark_model_only(base.mark_point(size=40).encode(x=x, y=y_load, color=colour, tooltip=tip), "datum.memory_gib", "datum.cpus", "datum.env"))
    refs = base.transform_filter(alt.datum.memory_gib == 512).mark_rule(strokeDash=[6, 3], strokeWidth=1.5).encode(
        y=alt.Y("reference_cpu:Q"), color=colour,
        tooltip=[alt.Tooltip("label:N", title="component"),
                 alt.Tooltip("reference_cpu:Q", title="reference CPU load (Table 17)", format=".2f")])
    top = alt.layer(model_only_band(x), refs, lines).add_params(env, pick, ncpu).properties(
        width=WIDE, height=210, title="CPU load of each component (dashed: reference run, Table 17)")
    y_per = alt.Y("use_per100:Q", title="CPUs per 100 shares", axis=alt.Axis(format=".2f"))
    per = alt.layer(base.mark_line().encode(x=x, y=y_per, color=colour),
                    mark_model_only(base.mark_point(size=40).encode(x=x, y=y_per, color=colour, tooltip=tip), "datum.memory_gib", "datum.cpus", "datum.env"))
    ring = base.transform_filter(alt.datum.bottleneck).mark_point(
        size=190, shape="circle", filled=False, strokeWidth=2, color=INK).encode(
        x=x, y="use_per100:Q", tooltip=tip)
    lv = base.transform_filter((alt.datum.component == "ihs") & "isValid(datum.water_level)").mark_line(
        color=INK, strokeDash=[6, 3], strokeWidth=2).encode(
        x=x, y="water_level:Q",
        tooltip=[alt.Tooltip("cid:N", title="CID"),
                 alt.Tooltip("water_level:Q", title="water level (CPUs per 100 shares)", format=".3f")])
    bottom = alt.layer(model_only_band(x), lv, per, ring).properties(
        width=WIDE, height=210,
        title="Per 100 shares; dashes: water level, ring: the component that limits")
    return alt.vconcat(top, bottom).properties(
        title="WebSphere triplet: CPU load per component (model)",
        description=prose(f"""
            Two charts for the environment, WebSphere level and number of real CPUs
            chosen in the three drop-downs; real memory falls from 512 GiB on the left
            to 48 GiB on the right. Top: CPU load in processors of the IHS ({word(COMPONENT_COLOURS[0])}), WAS
            ({word(COMPONENT_COLOURS[1])}) and DB2 ({word(COMPONENT_COLOURS[2])}) guests of the level, each with a dashed line at its
            CPU load in the reference run (the paper's Table 17). Bottom: the same loads
            divided by the guests' relative shares, in CPUs per 100 shares, with the
            run's water level as a {word(INK)} dashed line (missing where real CPUs stand
            idle) and a {word(INK)} ring around the component that sits on the water level,
            the one that limits the triplet: DB2 for the medium level, IHS for the high
            level. {model_only_description("points", NO_RESULT_MEMORY)}
            """),
    )


def cpu_mix_chart(frame: pd.DataFrame, cpus: int = 20) -> alt.LayerChart:
    """Where the real CPUs go over real memory, for the environment and real-CPU count chosen
    in two drop-downs: stacked bars of the processors each workload's guests use, CP's system
    time and idle CPUs."""
    need = {"env", "cid", "memory_gib", "cpus", "group", "order", "processors"}
    if frame.empty or not need <= set(frame.columns):
        raise ValueError(f"frame: expected the rows of cpu_mix_frame() with columns {sorted(need)}")
    env = env_picker()
    ncpu = picker("cpus", list(CPU_COUNTS), _check_cpus(cpus), "Real CPUs")
    f = frame[frame["cpus"].isin(CPU_COUNTS)]
    base = alt.Chart(f).transform_filter((alt.datum.env == env) & (alt.datum.cpus == ncpu))
    tip = [alt.Tooltip("group:N", title="used by"), alt.Tooltip("cid:N", title="CID"),
           alt.Tooltip("processors:Q", title="processors", format=".2f"),
           alt.Tooltip("water_level:Q", title="water level (CPUs per 100 shares)", format=".3f")]
    bars = mark_model_only(base.mark_bar().encode(
        x=_x_memory(),
        y=alt.Y("processors:Q", title="real CPUs used (processors)", stack="zero"),
        color=alt.Color("group:N", title=None, sort=list(GROUPS),
                        scale=alt.Scale(domain=list(GROUPS), range=list(GROUP_COLOURS)),
                        legend=alt.Legend(orient="bottom", columns=4)),
        order=alt.Order("order:Q", sort="ascending"),
        tooltip=tip,
    ), "datum.memory_gib", "datum.cpus", "datum.env")
    return alt.layer(bars, model_only_key(orient="bottom")).add_params(env, ncpu).properties(
        width=WIDE, height=250, title="Where the real CPUs go (model)",
        description=prose(f"""
            For the environment and number of real CPUs chosen in the two drop-downs,
            one stacked bar per real memory size, 512 GiB on the left and 48 GiB on the
            right. Each bar adds up to the real CPUs: from the bottom, the processors
            used by the medium WebSphere triplet ({word(GROUP_COLOURS[0])}), the high triplet
            ({word(GROUP_COLOURS[1])}), the database, the file-system guests, the Java guests, the network
            guests (each in its workload's colour), CP's own system time ({word(GROUP_COLOURS[6])}) and idle
            CPUs ({word(GROUP_COLOURS[7])}). {model_only_description("bars")}
            """),
    )


# --- tables ---------------------------------------------------------------------------------

_PAPER_RESIDENT = {"ihs": "o000-ihs-res-frac", "was": "o000-was-res-frac", "db2": "o000-db2-res-frac"}
_PAPER_PAGED_IN = {"was-medium-ihs": "o000-ihs-pin-frac", "was-high-ihs": "o000-ihs-pin-frac",
                   "was-medium-was": "o000-wasm-was-pin-frac", "was-high-was": "o000-wash-was-pin-frac",
                   "was-medium-db2": "o000-db2-pin-frac", "was-high-db2": "o000-db2-pin-frac"}


def component_pages(cid: str = "64/20", env: str = "zvm63-edev") -> pd.DataFrame:
    """Per WebSphere guest at one run: instantiated, resident and stored memory (MiB),
    ``resident (%)`` (resident share of instantiated memory), ``(resident + stored) /
    instantiated``, page reads (MiB/s), ``paged in (%/s)`` (the share of its resident memory
    paged in per second) and ``WAS reads ÷ these`` (the page reads of the WAS guest of the
    same level divided by this guest's). For CID 64/20 on z/VM 6.3 with
    EDEV-SCSI paging the paper's resident shares and page-in shares stand beside the model's
    (columns marked "paper"); for other runs they are empty."""
    cid = _check_cids([cid])[0]
    env = _check_envs([env])[0]
    g = simulate(cid, env=env).guests.loc[list(GUESTS)]
    obs = data.observations().set_index("id")
    paper_run = cid == "64/20" and env == "zvm63-edev"
    rows = []
    for name, row in g.iterrows():
        level, comp = row["variant"], name.rsplit("-", 1)[1]
        inst, res, sto, reads = (float(row[c]) for c in ("instantiated_mib", "resident_mib", "stored_mib",
                                                          "page_read_mib_s"))
        was_reads = float(g.loc[f"{level}-was", "page_read_mib_s"])
        rows.append({
            "guest": name, "instantiated (MiB)": round(inst), "resident (MiB)": round(res),
            "stored (MiB)": round(sto),
            "resident (%)": round(100 * res / inst, 1),
            "paper: resident (%)": float(obs.loc[_PAPER_RESIDENT[comp], "value"]) if paper_run else np.nan,
            "(resident + stored) / instantiated": round((res + sto) / inst, 2),
            "page reads (MiB/s)": round(reads, 2),
            "paged in (%/s)": round(100 * reads / res, 3) if res > 0 else np.nan,
            "paper: paged in (%/s)": float(obs.loc[_PAPER_PAGED_IN[name], "value"]) if paper_run else np.nan,
            "WAS reads ÷ these": round(was_reads / reads, 1) if reads > 0 else np.nan,
        })
    return pd.DataFrame(rows).set_index("guest")


def _response_s(variant: str, x: float) -> float:
    v = study_variants()[variant]
    return v.cycle_s * (1.0 / x - v.think_frac)


def trend_table(results: pd.DataFrame | None = None) -> pd.DataFrame:
    """The paper's statements on the WebSphere workload that span several runs (z/VM 6.3
    EDEV-SCSI unless stated) and its per-component page statements at CID 64/20, beside the
    model's. Columns: the observation id of ``data/observations_000.csv`` it rests on, the
    statement, the paper's and the model's values, a verdict and ``use`` (``validation``
    unless the statement belongs to the calibration run 64/20: ``fitted`` when the fit
    aimed at it, ``in-sample`` otherwise). Indexed by a short key. The rows for findings that
    are validation claims (``cpus-fall``, ``cpu-load-20``, ``was-cpu-rises``, ``z62-fails``) take the claim's
    value and verdict from :func:`overcommit.validation.evaluate` (the study's own runs,
    whatever ``results`` holds), so one finding has one rule."""
    s = sweep() if results is None else results
    s = s[s["variant"].isin(LEVELS)]
    if s.empty or not set(ENVIRONMENTS) <= set(s["env"]):
        raise ValueError("results: expected the rows of overcommit.sweep() for was-medium and was-high "
                         f"in all environments ({', '.join(ENVIRONMENTS)})")
    obs = data.observations().set_index("id")
    idx = s.set_index(["env", "variant", "cid"])

    def x(variant, cid, col="relative_throughput", env="zvm63-edev"):
        return float(idx.loc[(env, variant, cid), col])

    rows = []

    def add(key, oid, statement, paper, model, ok, use="validation"):
        rows.append({"key": key, "observation": oid, "paper says": statement, "paper": paper, "model": model,
                     "verdict": "✓" if ok else "✗", "use": use,
                     "source": str(obs.loc[oid, "source"]).replace("seed 000, ", "")})

    m = "was-medium"
    r112 = {c: x(m, f"112/{c}") / x(m, f"512/{c}") for c in CPU_COUNTS}
    add("medium-moderate", "o000-wasm-knee", "Medium level: only a moderate loss down to 112 GiB.",
        "moderate", "112 vs 512 GiB: " + ", ".join(f"{r:.3f}" for r in r112.values()) + " (20, 15, 10, 5 CPUs)",
        min(r112.values()) >= 0.95)
    r64 = {c: x(m, f"64/{c}") / x(m, f"112/{c}") for c in CPU_COUNTS}
    add("medium-drop-64", "o000-wasm-knee", "Medium level: a clearly larger loss at 64 GiB.",
        "falls below 112 GiB", "64 vs 112 GiB: " + ", ".join(f"{r:.3f}" for r in r64.values()) + " (20, 15, 10, 5 CPUs)",
        max(r64.values()) < 0.97)
    rh = {c: x("was-high", f"64/{c}") / x("was-high", f"512/{c}") for c in CPU_COUNTS}
    add("high-flat", "o000-wash-flat", "High level: almost unaffected by memory down to 64 GiB with 15 CPUs or fewer.",
        "≈ 1", "64 vs 512 GiB: " + ", ".join(f"{rh[c]:.3f}" for c in (15, 10, 5)) + " (15, 10, 5 CPUs)",
        all(abs(rh[c] - 1) <= 0.05 for c in (15, 10, 5)))
    diff = {c: rh[c] - x(m, f"64/{c}") / x(m, f"512/{c}") for c in CPU_COUNTS}
    add("high-tolerant", "o000-wash-flat", "The high level tolerated memory cuts better than the medium level.",
        "high > medium", "64/512 GiB ratio, high minus medium: "
        + ", ".join(f"{d:+.3f}" for d in diff.values()), max(diff.values()) > 0.01)
    # four of the paper's statements are validation claims: their rows carry the claim's
    # value and verdict (one rule for one finding, overcommit.validation), and may add detail
    claims = figures_validation.claims_frame().set_index("id")

    def add_claim(key, claim_id, statement, paper, detail=""):
        add(key, claims.loc[claim_id, "observations"].split(", ")[0], statement, paper,
            f"{claims.loc[claim_id, 'model']} ({display.claim(claim_id)})" + (f"; {detail}" if detail else ""),
            bool(claims.loc[claim_id, "passed"]))

    per_cpu = [x(m, f"512/{c}") / x(m, "512/20") for c in (15, 10, 5)]
    add_claim("cpus-fall", "was-linear-cpus", "Throughput fell nearly linearly with the real CPUs (512 GiB, both levels).",
              "10 vs 20 CPUs: about 0.5 (0.75, 0.5, 0.25 if proportional)",
              "medium, 15, 10, 5 vs 20 CPUs: " + ", ".join(f"{v:.2f}" for v in per_cpu))
    sharp = {mem: x(m, f"{mem}/5") / x(m, f"{mem}/20") for mem in (512, 64)}
    add("cpus-low-memory", "o000-was-trend-cpus",
        "Below 96 GiB the loss with fewer CPUs was less sharp than above 96 GiB.",
        "5/20-CPU ratio larger at 64 GiB", f"5 vs 20 CPUs: {sharp[512]:.3f} at 512 GiB, {sharp[64]:.3f} at 64 GiB",
        sharp[64] > sharp[512])
    add_claim("cpu-load-20", "was-cpu-20", "With 20 CPUs the CPU load fell noticeably at 96 GiB or less.",
              "≥ 5 % below 512 GiB")
    flat = {c: x(m, f"64/{c}", "cpu_load") / x(m, f"512/{c}", "cpu_load") for c in (15, 10, 5)}
    add("cpu-load-flat", "o000-was-cpu-20", "With fewer than 20 CPUs the CPU load hardly depended on memory.", "≈ 1",
        "medium, 64 vs 512 GiB: " + ", ".join(f"{v:.3f}" for v in flat.values()) + " (15, 10, 5 CPUs)",
        all(abs(v - 1) <= 0.05 for v in flat.values()))
    add_claim("was-cpu-rises", "was-medium-was-cpu",
              "Medium level: the WAS component's CPU load rose as memory was cut to 96 GiB or less (unexpected).", "rises")
    z62 = s[s["env"] == "zvm62-edev"]
    worst = z62.loc[z62["relative_throughput"].idxmin()]
    resp = _response_s(worst["variant"], float(worst["relative_throughput"]))
    timeout = study_variants()[worst["variant"]].timeout_s
    # the row adds how close the worst run came to the time-out
    add_claim("z62-fails", "fail-62-was", "On z/VM 6.2 (EDEV-SCSI) the workload failed: too many HTTP errors.",
              "fails in some runs", f"longest mean response {resp:.1f} s ({display.variant(worst['variant'])}, {worst['cid']}), "
              f"time-out {timeout:g} s")
    before, after = _response_s(m, x(m, "512/20")), _response_s(m, x(m, "64/20"))
    add("errors-rise", "o000-edev-was-errors",
        "On z/VM 6.3 EDEV-SCSI, recoverable HTTP errors grew as memory was cut.", "rise",
        f"no errors in the model; mean response {before:.2f} → {after:.2f} s (medium, 512/20 → 64/20)", after > before)
    p = component_pages("64/20")
    order_ok = all(p.loc[f"{lv}-was", "resident (%)"] > p.loc[f"{lv}-{c}", "resident (%)"]
                   for lv in LEVELS for c in ("ihs", "db2"))
    add("was-resident", "o000-was-res-frac", "At 64/20 the WAS component kept the largest share of its memory resident.",
        "WAS > IHS > DB2 (33, 25, 6 %)", "medium " + ", ".join(
            f"{p.loc[f'was-medium-{c}', 'resident (%)']:.0f}" for c in ("was", "ihs", "db2")) + " %",
        order_ok, use="in-sample")
    ratios = [p.loc[f"{lv}-{c}", "WAS reads ÷ these"] for lv in LEVELS for c in ("ihs", "db2")]
    add("was-reads-3x", "o000-was-pr-ratio", "At 64/20 the WAS component read about three times as much as each other component.",
        "≈ 3", "vs IHS, DB2: medium " + f"{ratios[0]:.1f}, {ratios[1]:.1f}; high {ratios[2]:.1f}, {ratios[3]:.1f}",
        all(abs(r - 3) <= 0.75 for r in ratios), use="fitted")
    both = {c: p.loc[f"was-medium-{c}", "(resident + stored) / instantiated"] for c in COMPONENTS}
    add("stored-overlap", "o000-was-pr-ratio",
        "At 64/20 resident plus stored memory clearly exceeded instantiated memory for WAS only; for IHS and DB2 they "
        "about matched.", "WAS > 1; IHS, DB2 ≈ 1",
        "medium: " + ", ".join(f"{c.upper()} {v:.2f}" for c, v in both.items()),
        both["was"] > 1.1 and abs(both["ihs"] - 1) <= 0.1 and abs(both["db2"] - 1) <= 0.1, use="in-sample")
    return pd.DataFrame(rows).set_index("key")


__all__ = ["COMPONENTS", "CPU_COUNTS", "GROUPS", "GUESTS", "LEVELS", "component_chart", "component_frame",
           "component_pages", "cpu_mix_chart", "cpu_mix_frame", "trend_table", "water_level"]
