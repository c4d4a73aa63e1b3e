"""Chart and table builders for the chapter "The file-system I/O workload" (the paper's
Figures 20–23), beyond the shared ones of :mod:`overcommit.book.figures_workload`.

The fio workload runs in four guests: direct I/O and page-cached I/O, each at a medium and
a high level. The chapter is about two contrasts, and each has a builder here:

* :func:`modes_frame` / :func:`modes_chart`: the two I/O modes side by side, as the paper's
  Figures 20 (medium) and 21 (high) draw them: relative throughput and page-read rate of all
  four variants over real memory, for one environment and one CPU count.
* :func:`path_runs` / :func:`path_frame` / :func:`path_chart`: the storage path that guest
  I/O shares with z/VM paging. In the ECKD environment the fio guests' 3390 volumes sit on
  the same storage server and FICON channels as the paging volumes; with EDEV-SCSI paging
  the database's SCSI disks share the path instead (``data/environments.csv``). For every
  run the builder reads the model's page reads and writes and the throughput of the guests
  whose I/O is on the shared path, and evaluates the path with
  :func:`overcommit.paging.response_time` at those rates: its utilisation, split by what
  uses it, and how much slower the sharing guests' own transfers are than without paging.
  Nothing is recomputed: the rates are the model's, and the path is evaluated with the
  package's own queueing function and the constants :mod:`overcommit.model` uses.
"""

from __future__ import annotations

import math
from functools import lru_cache

import altair as alt
import numpy as np
import pandas as pd

from .. import paging
from ..model import PATH_HEADROOM, PATH_MIB_S, environment, simulate
from ..workloads import study_variants
from .figures import (NO_RESULT_MEMORY, WIDE, mark_model_only, model_only_band, model_only_description, model_only_key,
                      sig, picker, prose)
from .palette import ALERT, CATEGORIES, INK, IO_PARTS, MODEL, PAPER, word
from .figures_results import ENV_LABELS, MEMORY_ORDER, MEMORY_TITLE, env_picker, memory_axis
from .figures_results import check_cids as _check_cids, check_envs as _check_envs
from .figures_workload import paper_place, variant_frame

VARIANTS = ("fs-direct-medium", "fs-pagecache-medium", "fs-direct-high", "fs-pagecache-high")
MODES = ("direct I/O", "page-cached")
MODE_COLOURS = tuple(CATEGORIES[:2])
LEVELS = ("medium", "high")
CPU_OPTIONS = [20, 15, 10, 5]  # the grid's CPU counts below the reference's 25
COMPONENTS = ("guest I/O", "page reads", "page writes")
COMPONENT_COLOURS = tuple(IO_PARTS[c] for c in COMPONENTS)
SHARING = {"scsi": "the database BI guest's SCSI disks", "eckd": "the four fio guests' ECKD volumes"}


def mode_of(variant: str) -> str:
    """``direct I/O`` or ``page-cached`` for a file-system variant."""
    if variant not in VARIANTS:
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {list(VARIANTS)}")
    return MODES[0] if "-direct-" in variant else MODES[1]


def level_of(variant: str) -> str:
    """``medium`` or ``high`` for a file-system variant."""
    if variant not in VARIANTS:
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {list(VARIANTS)}")
    return variant.rsplit("-", 1)[1]




def _check_cpus(cpus) -> int:
    if cpus not in CPU_OPTIONS:
        raise ValueError(f"default_cpus: {cpus!r} is not accepted; expected one of {CPU_OPTIONS}")
    return int(cpus)


# --- direct I/O and page-cached I/O side by side ---------------------------------------

def modes_frame(vframe: pd.DataFrame | None = None) -> pd.DataFrame:
    """The file-system rows of :func:`figures_workload.variant_frame` (all environments and
    CIDs but the reference 512/25), with the I/O ``mode`` and the ``level`` of each variant."""
    f = variant_frame("fs") if vframe is None else vframe
    f = f[f["variant"].isin(VARIANTS) & (f["cid"] != "512/25")]
    if f.empty:
        raise ValueError("vframe: no rows for the file-system variants; expected figures_workload.variant_frame('fs')")
    f = f[["env", "env_label", "cid", "variant", "name", "memory_gib", "cpus", "throughput", "cpu_load",
           "page_read_mib_s", "status", "failure_reason", "run"]].copy()
    f["mode"] = f["variant"].map(mode_of)
    f["level"] = f["variant"].map(level_of)
    return f.reset_index(drop=True)


def paper_mode_marks() -> pd.DataFrame:
    """The paper's one number for a single configuration of the workload, on the scale of
    :func:`modes_chart`: the high-level direct-I/O variant slightly above its reference at
    64/20 on z/VM 6.3 with EDEV-SCSI paging (drawn at 1.0 as a lower bound)."""
    from .. import data

    o = data.observations().set_index("id").loc["o000-fsdh-6420-gt-ref"]
    return pd.DataFrame([{
        "env": "zvm63-edev", "variant": "fs-direct-high", "mode": mode_of("fs-direct-high"), "level": "high",
        "memory_gib": 64, "cpus": 20, "y": float(o["value"]) / 100,
        "label": f"paper: above {o['value']:g} % of its reference (high level, direct I/O, 64/20)",
        "source": paper_place(o["source"]),
    }])


def modes_chart(mframe: pd.DataFrame | None = None, default_cpus: int = 20) -> alt.VConcatChart:
    """Relative throughput (top) and page-read rate (bottom) of the four fio variants over
    real memory, for the environment and the real-CPU count chosen in two drop-downs. Colour
    is the I/O mode, the line style the level; the paper's mark at 64/20 is drawn beside."""
    cpus = _check_cpus(default_cpus)
    f = modes_frame() if mframe is None else mframe
    if f.empty or not set(f["variant"]) <= set(VARIANTS):
        raise ValueError("mframe: expected the rows of figures_fs.modes_frame()")
    env = env_picker()
    cpu = picker("cpus", CPU_OPTIONS, cpus, "Real CPUs")
    base = alt.Chart(f).transform_filter((alt.datum.env == env) & (alt.datum.cpus == cpu))
    x = alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
              title=MEMORY_TITLE, axis=memory_axis())
    colour = alt.Color("mode:N", title="I/O mode", sort=list(MODES),
                       scale=alt.Scale(domain=list(MODES), range=list(MODE_COLOURS)))
    dash = alt.StrokeDash("level:N", title="level", sort=list(LEVELS),
                          scale=alt.Scale(domain=list(LEVELS), range=[[5, 3], [1, 0]]),
                          legend=alt.Legend(symbolStrokeColor=INK, symbolStrokeWidth=2, symbolSize=400))
    tip = [alt.Tooltip("name:N", title="variant"), alt.Tooltip("cid:N", title="CID"), alt.Tooltip("env_label:N", title="environment"),
           alt.Tooltip("throughput:Q", title="relative throughput (model)", format=".3f"),
           alt.Tooltip("page_read_mib_s:Q", title="page reads (MiB/s)", format=".2f"),
           alt.Tooltip("cpu_load:Q", title="CPU load (processors)", format=".2f"),
           alt.Tooltip("run:N", title="model run")]
    ref = alt.Chart(pd.DataFrame({"y": [1.0]})).mark_rule(color=INK, strokeDash=[2, 2]).encode(y="y:Q")
    y_tp = alt.Y("throughput:Q", title="relative throughput (1 = own reference)",
                 scale=alt.Scale(domain=[0, 1.1]), axis=alt.Axis(format=".1f"))
    lines = base.mark_line().encode(x=x, y=y_tp, color=colour, strokeDash=dash, detail="variant:N", tooltip=tip)
    dots = mark_model_only(base.mark_point(size=45).encode(x=x, y=y_tp, color=colour, tooltip=tip), "datum.memory_gib", "datum.cpus", "datum.env")
    marks = alt.Chart(paper_mode_marks()).transform_filter((alt.datum.env == env) & (alt.datum.cpus == cpu))
    paper = marks.mark_point(shape="triangle-up", size=200, filled=True, stroke=PAPER, strokeWidth=2).encode(
        x=x, y="y:Q", color=colour, tooltip=[alt.Tooltip("label:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")])
    # runs that fail in the model, marked as on every line chart of the book
    crosses = base.transform_filter(alt.datum.status == "failed").mark_point(
        shape="cross", size=160, color=ALERT, strokeWidth=2, filled=True).encode(x=x, y=y_tp, tooltip=tip)
    top = alt.layer(model_only_band(x), ref, lines, dots, crosses, paper).add_params(env, cpu).properties(
        width=WIDE, height=230, title="Relative throughput")
    y_pr = alt.Y("page_read_mib_s:Q", title="page reads (MiB/s)")
    reads = alt.layer(
        base.mark_line().encode(x=x, y=y_pr, color=colour, strokeDash=dash, detail="variant:N", tooltip=tip),
        mark_model_only(base.mark_point(size=45).encode(x=x, y=y_pr, color=colour, tooltip=tip), "datum.memory_gib", "datum.cpus", "datum.env"),
    )
    reads = alt.layer(model_only_band(x), reads).properties(width=WIDE, height=150, title="Page reads from the paging devices")
    return alt.vconcat(top, reads).properties(
        title="File system I/O: direct I/O against page-cached I/O (model)",
        description=prose(f"""
            Two charts for the environment and number of real CPUs chosen in the
            drop-downs. Top: relative throughput of the four fio variants (1 = the
            variant's own reference throughput, dotted line) as real memory falls from
            512 GiB on the left to 48 GiB on the right; {word(MODE_COLOURS[0])} lines are direct I/O,
            {word(MODE_COLOURS[1])} lines page-cached I/O, dashed for the medium and solid for the high
            level. An upward triangle outlined in {word(PAPER)} at 64 GiB (20 CPUs, z/VM 6.3 with
            EDEV-SCSI paging) marks the paper's statement that the high-level direct-I/O
            variant ran slightly above its reference there. Bottom: the same variants'
            page-read rates in MiB/s. {model_only_description("points", NO_RESULT_MEMORY)}
            """),
    )


# --- the storage path shared by guest I/O and paging -------------------------------------

@lru_cache(maxsize=4)
def _path_runs(cids: tuple[str, ...], envs: tuple[str, ...]) -> pd.DataFrame:
    variants = study_variants()
    rows = []
    for name in envs:
        env = environment(name)
        config = paging.PagingConfig.from_data(env.paging_kind, path_bandwidth_mib_s=PATH_MIB_S[env.io_sharing_path])
        sharing = [v for v, d in variants.items() if d.io_path == env.io_sharing_path and d.io_mib_s > 0]
        limits = [variants[v].io_error_utilisation for v in sharing if variants[v].io_error_utilisation is not None]
        for cid in cids:
            r = simulate(cid, env=name)
            reads, writes = float(r.system["page_read_mib_s"]), float(r.system["page_write_mib_s"])
            # the model's own path state: what the loop used, not a second computation
            guest_io = float(r.system["paging_path_guest_io_mib_s"])
            slowdown = float(r.workloads.loc[sharing, "io_slowdown"].max()) if sharing else np.nan
            fs = r.workloads.loc[list(VARIANTS)]
            mem, cpus = cid.split("/")
            rows.append({
                "env": name, "env_label": ENV_LABELS[name], "cid": cid, "memory_gib": int(mem), "cpus": int(cpus),
                "sharing": SHARING[env.io_sharing_path], "sharing_variants": ", ".join(sharing),
                "bandwidth_mib_s": float(config.path_bandwidth_mib_s),
                "guest_io_mib_s": guest_io, "page_read_mib_s": reads, "page_write_mib_s": writes,
                "path_utilisation": float(r.system["path_utilisation"]),
                "slowdown": slowdown if math.isfinite(slowdown) else np.nan,
                "threshold": float(min(limits)) if limits else np.nan,
                "headroom": PATH_HEADROOM,
                "fs_failed": bool(fs["failed"].any()),
                "failure_reason": "; ".join(dict.fromkeys(r for r in fs["failure_reason"] if r)),
            })
    return pd.DataFrame(rows)


def path_runs(cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID): which guests' I/O shares the storage path with
    paging, the path's bandwidth (MiB/s), the model's shared guest I/O, page reads and page
    writes (MiB/s), the path's utilisation (fraction), the sharing guests' transfer
    ``slowdown`` (transfer time against the reference run, :func:`overcommit.paging.path_slowdown`), the utilisation from which a
    sharing variant fails with I/O errors (``threshold``, NaN if none does), and whether a
    file-system variant fails in the run."""
    w = _path_runs(_check_cids(cids), _check_envs(envs)).copy()
    for col in ("guest_io_mib_s", "page_read_mib_s", "page_write_mib_s", "path_utilisation", "slowdown"):
        w[col] = sig(w[col].fillna(0)).where(w[col].notna())
    return w


def path_frame(runs: pd.DataFrame | None = None) -> pd.DataFrame:
    """:func:`path_runs` in long form: one row per (environment, CID, component) with the
    component's rate (MiB/s) and its share of the path's bandwidth (fraction)."""
    w = path_runs() if runs is None else runs
    if w.empty:
        raise ValueError("runs: empty; expected the rows of figures_fs.path_runs()")
    cols = {"guest I/O": "guest_io_mib_s", "page reads": "page_read_mib_s", "page writes": "page_write_mib_s"}
    parts = []
    for k, (component, col) in enumerate(cols.items()):
        p = w[["env", "env_label", "cid", "memory_gib", "cpus", "sharing", "bandwidth_mib_s",
               "path_utilisation", "slowdown"]].copy()
        p["component"], p["order"], p["mib_s"] = component, k, w[col]
        p["share"] = sig(w[col] / w["bandwidth_mib_s"])
        parts.append(p)
    return pd.concat(parts, ignore_index=True)


def paper_path_marks() -> pd.DataFrame:
    """The paper's failures in the ECKD environment: every run with 64 GiB, whatever the
    number of CPUs (the high-level page-cached fio variant did not finish in time)."""
    from .. import data

    o = data.observations().set_index("id").loc["o000-eckd-64-fail"]
    return pd.DataFrame([{"env": "zvm63-eckd", "memory_gib": 64, "cpus": c, "y": 1.0,
                          "label": "paper: failed (page-cached fio, high level, did not finish in time)",
                          "source": paper_place(o["source"])} for c in CPU_OPTIONS])


def path_chart(pframe: pd.DataFrame | None = None, runs: pd.DataFrame | None = None,
               default_cpus: int = 20, default_env: str = "zvm63-eckd") -> alt.VConcatChart:
    """The shared storage path over real memory for the environment and CPU count chosen in
    two drop-downs. Top: its utilisation, stacked by shared guest I/O, page reads and page
    writes, with the model's limits; bottom: how much slower the sharing guests' transfers
    are than without paging."""
    cpus = _check_cpus(default_cpus)
    w = path_runs() if runs is None else runs
    f = path_frame(w) if pframe is None else pframe
    env = env_picker(default_env)
    cpu = picker("cpus", CPU_OPTIONS, cpus, "Real CPUs")
    chosen = (alt.datum.env == env) & (alt.datum.cpus == cpu)
    x = alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
              title=MEMORY_TITLE, axis=memory_axis())
    tip = [alt.Tooltip("cid:N", title="CID"), alt.Tooltip("env_label:N", title="environment"),
           alt.Tooltip("component:N"), alt.Tooltip("mib_s:Q", title="MiB/s", format=".1f"),
           alt.Tooltip("share:Q", title="share of the path", format=".3f"),
           alt.Tooltip("path_utilisation:Q", title="path utilisation (all)", format=".3f"),
           alt.Tooltip("sharing:N", title="guest I/O on the path")]
    bars = mark_model_only(alt.Chart(f).transform_filter(chosen).mark_bar().encode(
        x=x, y=alt.Y("share:Q", title="share of the path's bandwidth (fraction)", stack="zero",
                     scale=alt.Scale(domain=[0, 1.05]), axis=alt.Axis(format=".1f")),
        color=alt.Color("component:N", title="traffic", sort=list(COMPONENTS),
                        scale=alt.Scale(domain=list(COMPONENTS), range=list(COMPONENT_COLOURS))),
        order=alt.Order("order:Q"), tooltip=tip), "datum.memory_gib", "datum.cpus", "datum.env")
    limits = w[["env", "cpus", "threshold", "headroom"]].drop_duplicates(["env", "cpus"]).melt(
        id_vars=["env", "cpus"], var_name="limit", value_name="y").dropna()
    limits["label"] = limits["limit"].map({
        "threshold": "fio fails with I/O errors from this utilisation (model assumption)",
        "headroom": "guest I/O gets at most what paging leaves of this share (model)"})
    limits["text"] = limits.apply(lambda r: f"{'fio I/O errors' if r['limit'] == 'threshold' else 'headroom'} "
                                            f"{r['y']:.2f}", axis=1)
    ltip = [alt.Tooltip("label:N", title="limit"), alt.Tooltip("y:Q", title="utilisation", format=".2f")]
    lim = alt.Chart(limits).transform_filter(chosen)
    layers = []
    for name, colour, baseline, dy in (("threshold", ALERT, "top", 3), ("headroom", INK, "bottom", -3)):
        one = lim.transform_filter(alt.datum.limit == name)
        layers.append(one.mark_rule(strokeDash=[6, 3], strokeWidth=2, color=colour).encode(y="y:Q", tooltip=ltip))
        layers.append(one.mark_text(align="left", baseline=baseline, dx=4, dy=dy, fontSize=10, color=INK).encode(
            x=alt.value(0), y="y:Q", text="text:N", tooltip=ltip))
    ptip = [alt.Tooltip("label:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")]
    paper = alt.Chart(paper_path_marks()).transform_filter(chosen)
    marks = paper.mark_point(shape="M-1,-1L1,1M-1,1L1,-1", size=120, filled=False, color=ALERT,
                             strokeWidth=3).encode(x=x, y="y:Q", tooltip=ptip)
    mark_text = paper.mark_text(align="right", dx=-10, fontSize=10, color=INK).encode(
        x=x, y="y:Q", text=alt.value("failed (paper)"), tooltip=ptip)
    top = alt.layer(bars, *layers, marks, mark_text, model_only_key()).add_params(env, cpu).properties(
        width=WIDE, height=220, title="Utilisation of the shared path")
    slow_base = alt.Chart(w).transform_filter(chosen)
    y_slow = alt.Y("slowdown:Q", title="transfer time ÷ without paging", scale=alt.Scale(zero=False),
                   axis=alt.Axis(format=".2f"))
    slow_tip = [alt.Tooltip("cid:N", title="CID"), alt.Tooltip("sharing:N", title="guest I/O on the path"),
                alt.Tooltip("slowdown:Q", title="slowdown (factor)", format=".3f"),
                alt.Tooltip("guest_io_mib_s:Q", title="guest I/O (MiB/s)", format=".1f")]
    slow = alt.layer(
        model_only_band(x), slow_base.mark_line(color=MODEL).encode(x=x, y=y_slow),
        mark_model_only(slow_base.mark_point(size=45, color=MODEL).encode(x=x, y=y_slow, tooltip=slow_tip), "datum.memory_gib", "datum.cpus", "datum.env"),
    ).properties(width=WIDE, height=130, title="Slowdown of the sharing guests' own I/O")
    return alt.vconcat(top, slow).properties(
        title="The storage path shared by guest I/O and paging (model)",
        description=prose(f"""
            Two charts for the environment and number of real CPUs chosen in the
            drop-downs, real memory falling from 512 GiB on the left to 48 GiB on the
            right. Top: stacked bars of the share of the channel and storage-server path
            used by the guests' own I/O on it ({word(IO_PARTS["guest I/O"])}; the four fio guests with ECKD
            paging, the database with EDEV-SCSI paging), by page reads ({word(IO_PARTS["page reads"])}) and page
            writes ({word(IO_PARTS["page writes"])}). A {word(INK)} dashed line at 0.95 marks the share beyond which the
            model lets guest I/O have only what paging leaves; with ECKD paging a {word(ALERT)}
            dashed line at 0.90 marks the utilisation from which the model's fio
            variants fail with I/O errors, and {word(ALERT)} crosses labelled 'failed (paper)' at
            64 GiB the runs the paper reports as failed. Bottom: how many times longer a
            transfer of the sharing guests takes than it would without the paging
            traffic. {model_only_description("bars")} {model_only_description("points", NO_RESULT_MEMORY)}
            """),
    )


__all__ = ["COMPONENTS", "CPU_OPTIONS", "LEVELS", "MODES", "VARIANTS", "level_of", "mode_of", "modes_chart",
           "modes_frame", "paper_mode_marks", "paper_path_marks", "path_chart", "path_frame", "path_runs"]
