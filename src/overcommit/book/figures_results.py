"""Chart builders for the chapter "Overall results across environments".

Every figure is drawn over :func:`system_frame`, one row per (CID, environment) of
:func:`overcommit.sweep`, rounded to four significant digits so that the inline data stays
small; controls are Vega-Lite parameters bound to inputs (environment, CID).
"""

from __future__ import annotations

import math
from pathlib import Path

import altair as alt
import numpy as np
import pandas as pd

from .. import data, names, validation
from ..model import ENVIRONMENTS, simulate, sweep
from .palette import ALERT, CPU_COUNTS, CPU_USE, INK, MODEL, ON_FILL, ON_PALE, PAPER, RUN_CELLS, WHITE, word
from .figures import (NO_RESULT_MEMORY, WIDE, mark_model_only, model_only_band, model_only_key,
                      model_only_description, model_only_range, model_only_texts, zero_scale_by, paper_cids as _paper_cids, paper_stops, picker,
                      paper_ran_expr, provenance_expr, sig, prose, with_reason)



#: the environments as the book names them (:func:`overcommit.names.environment`)
ENV_LABELS = {env: names.environment(env) for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev")}
MEMORY_ORDER = [512, 256, 128, 112, 96, 64, 48]  # the paper's x axis: memory shrinks to the right
MEMORY_TITLE = "z/VM real memory (GiB)"


def memory_axis() -> alt.Axis:
    """The memory axis of the results charts. The sizes the paper has no result for are
    marked by the rule's band (:func:`overcommit.book.figures.model_only_band`), not on the
    axis: one marking, not two."""
    return alt.Axis(labelAngle=0)
CPU_SERIES = ["25", "20", "15", "10", "5"]
CPU_COLOURS = [CPU_COUNTS[c] for c in CPU_SERIES]
PARTS = ["emulation", "CP attributed to guests", "CP system", "idle"]
PART_COLOURS = list(CPU_USE.values())
PAPER_PAGE_READ_6420 = 88.0  # MiB/s, seed 000, "Database BI workload", CID 64/20, Observations 4
PAPER_SYSTEM_CPU_PCT = 9.0  # %, seed 000, "Analysis of z/VM CPU load", after Figure 7
VALIDATION_TOPICS = ("failures", "environments", "overall", "paging", "cpu")


def system_frame(results: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per (CID, environment): throughput, paging, the CPU split and failures."""
    s = sweep() if results is None else results
    if s.empty:
        raise ValueError("results: empty; expected the rows of overcommit.sweep()")
    failed = (
        s[s["failed"]]
        .groupby(["cid", "env"])
        .agg(failed_workloads=("variant", lambda v: "; ".join(map(names.variant, v))),
             failure_reason=("failure_reason", lambda r: "; ".join(dict.fromkeys(r))))
    )
    sysrows = s.drop_duplicates(["cid", "env"]).set_index(["cid", "env"])
    f = pd.DataFrame({
        "memory_gib": sysrows["memory_gib"].astype(int),
        "cpus": sysrows["cpus"].astype(int),
        "throughput": sysrows["system_overall_relative_throughput"],
        "page_read_mib_s": sysrows["system_page_read_mib_s"],
        "page_write_mib_s": sysrows["system_page_write_mib_s"],
        "emulation": sysrows["system_emulation_cpu"],
        "cp_guest": sysrows["system_cp_guest_cpu"],
        "cp_system": sysrows["system_cp_system_cpu"],
        "idle": sysrows["system_idle_cpu"].clip(lower=0),
        "failed": sysrows["system_failed"].astype(bool),
    }).join(failed).reset_index()
    f["failed_workloads"] = f["failed_workloads"].fillna("")
    f["failure_reason"] = f["failure_reason"].fillna("")
    f["user_cpu"] = f["emulation"] + f["cp_guest"]
    f["system_cpu_pct"] = 100 * f["cp_system"] / f["cpus"]
    f["user_share_pct"] = 100 * f["user_cpu"] / f["cpus"]
    for col in ("throughput", "page_read_mib_s", "page_write_mib_s", "emulation", "cp_guest",
                "cp_system", "idle", "user_cpu", "system_cpu_pct", "user_share_pct"):
        f[col] = sig(f[col])
    f["series"] = f["cpus"].astype(str)
    f["env_label"] = f["env"].map(ENV_LABELS)
    f["status"] = np.where(f["failed"], "failed", "completed")
    # which workloads failed, and why, joined to the status: a tooltip row of their own would
    # be empty for every run that completed
    f["run"] = with_reason(f["status"], f["failed_workloads"])
    why = np.where(f["failure_reason"] != "", " (" + f["failure_reason"] + ")", "")
    f["run_why"] = with_reason(f["status"], f["failed_workloads"] + why)
    order = {c: i for i, c in enumerate(_paper_cids())}
    f = f.sort_values(["env", "cid"], key=lambda c: c.map(order) if c.name == "cid"
                      else c.map({e: i for i, e in enumerate(ENVIRONMENTS)}))
    return f.reset_index(drop=True)


def check_envs(envs) -> tuple[str, ...]:
    """``envs`` as a tuple of environment names (all three for ``None``); an empty or
    unknown entry is a ValueError naming it."""
    envs = tuple(ENVIRONMENTS if envs is None else envs)
    if not envs:
        raise ValueError("envs: empty; expected one or more of " + ", ".join(ENVIRONMENTS))
    for e in envs:
        if e not in ENVIRONMENTS:
            raise ValueError(f"envs: {e!r} is not accepted; expected one of {', '.join(ENVIRONMENTS)}")
    return envs


def check_cids(cids) -> tuple[str, ...]:
    """``cids`` as a tuple of CIDs of the paper's grid (the whole grid for ``None``); an
    empty or unknown entry is a ValueError naming it."""
    grid = _paper_cids()
    cids = tuple(grid if cids is None else (str(c) for c in cids))
    if not cids:
        raise ValueError("cids: empty; expected one or more CIDs of the paper's grid such as '64/20'")
    for c in cids:
        if c not in grid:
            raise ValueError(f"cids: {c!r} is not accepted; expected one of {grid}")
    return cids


def env_picker(value: str = "zvm63-edev", name: str = "env") -> alt.Parameter:
    """A drop-down over the three environments."""
    return picker(name, ENVIRONMENTS, value, "Environment", labels=[ENV_LABELS[e] for e in ENVIRONMENTS])


def _x_memory() -> alt.X:
    return alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
                 title=MEMORY_TITLE, axis=memory_axis())


def _colour() -> alt.Color:
    return alt.Color("series:N", title="real CPUs", sort=CPU_SERIES,
                     scale=alt.Scale(domain=CPU_SERIES, range=CPU_COLOURS))


def _tooltip() -> list:
    return [
        alt.Tooltip("cid:N", title="CID"),
        alt.Tooltip("env_label:N", title="environment"),
        alt.Tooltip("throughput:Q", title="overall relative throughput", format=".3f"),
        alt.Tooltip("page_read_mib_s:Q", title="page reads (MiB/s)", format=".1f"),
        alt.Tooltip("system_cpu_pct:Q", title="CP system CPU (%)", format=".2f"),
        alt.Tooltip("run:N", title="model run"),
    ]


def status_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Figure 3: which runs complete or fail in the model, for the chosen environment."""
    env = env_picker()
    base = alt.Chart(frame).transform_filter(alt.datum.env == env)
    y = alt.Y("cpus:O", sort="descending", title="z/VM real CPUs (processors)")
    cells = mark_model_only(base.mark_rect(stroke=WHITE, strokeWidth=2).encode(
        x=_x_memory(), y=y,
        color=alt.Color("status:N", title="model run", scale=alt.Scale(
            domain=list(RUN_CELLS), range=list(RUN_CELLS.values()))),
        tooltip=_tooltip()[:-1] + [alt.Tooltip("run_why:N", title="model run")],
    ), "datum.memory_gib", "datum.cpus", "datum.env").add_params(env)
    # a model-only cell keeps little of its fill, so its label takes the page's ink (light
    # in dark mode), not the dark ink of a pale fill
    text = base.transform_calculate(ran=paper_ran_expr("datum.memory_gib", "datum.cpus", "datum.env")).mark_text(
        fontSize=10).encode(x=_x_memory(), y=y, text="cid:N",
                            color=alt.condition("datum.ran", alt.value(ON_PALE), alt.value(INK)))
    paper = pd.DataFrame({"memory_gib": [64] * 4, "cpus": [20, 15, 10, 5], "env": ["zvm63-eckd"] * 4,
                          "what": ["paper: failed"] * 4})
    ring = alt.Chart(paper).transform_filter(alt.datum.env == env).mark_point(
        shape="square", size=900, strokeWidth=3, color=PAPER, filled=False,
    ).encode(x=_x_memory(), y=y, tooltip=[alt.Tooltip("what:N", title="paper")])
    return alt.layer(cells, text, ring, model_only_key()).properties(
        width=WIDE, height=200, title="Completed and failed runs (model; framed: failed in the paper)",
        description=prose(f"""
            A grid of the study's configurations, real memory from 512 GiB on the left
            to 48 GiB on the right and real CPUs from 25 at the top to 5 at the bottom,
            for the environment chosen in the drop-down. {word(RUN_CELLS["completed"]).capitalize()} cells
            completed in the model, {word(RUN_CELLS["failed"])} cells failed. {word(PAPER).capitalize()} frames mark the runs the paper reports as
            failed: every 64 GiB run with ECKD paging. {model_only_description("cells")}
            """),
    )


def _line_panel(frame, env, field, title, y_title, fmt, height=210, log=False, also=()):
    """Lines per CPU count over memory for the chosen environment, crosses on failed runs;
    ``also``: (data, column) of other layers on the same axis."""
    base = alt.Chart(frame).transform_filter(alt.datum.env == env)
    y = alt.Y(f"{field}:Q", title=y_title, axis=alt.Axis(format=fmt),
              scale=zero_scale_by([(frame, field), *also], [(env, "env")]))
    lines = base.mark_line().encode(x=_x_memory(), y=y, color=_colour())
    points = mark_model_only(base.mark_point(size=40).encode(x=_x_memory(), y=y, color=_colour(), tooltip=_tooltip()),
                             "datum.memory_gib", "datum.cpus", "datum.env")
    crosses = base.transform_filter(alt.datum.failed).mark_point(
        shape="cross", size=160, color=ALERT, strokeWidth=2, filled=True,
    ).encode(x=_x_memory(), y=y, tooltip=_tooltip())
    return alt.layer(model_only_band(_x_memory()), lines, points, crosses).properties(
        width=WIDE, height=height, title=title)


def overall_chart(frame: pd.DataFrame) -> alt.VConcatChart:
    """Figures 4 and 5: overall relative throughput and page reads, paper's view."""
    env = env_picker()
    top = _line_panel(frame, env, "throughput", "Overall relative throughput (Figure 4)",
                      "overall relative throughput (1 = reference)", ".2f").add_params(env)
    paper = pd.DataFrame({"memory_gib": [64], "page_read_mib_s": [PAPER_PAGE_READ_6420],
                          "env": ["zvm63-edev"], "label": ["paper: 88 MiB/s at 64/20"]})
    bottom = _line_panel(frame, env, "page_read_mib_s", "Page reads from the paging devices (Figure 5)",
                         "page read rate (MiB/s)", ".0f", also=[(paper, "page_read_mib_s")])
    mark = alt.Chart(paper).transform_filter(alt.datum.env == env)
    diamond = mark.mark_point(shape="diamond", size=180, filled=True, color=PAPER).encode(
        x=_x_memory(), y="page_read_mib_s:Q", tooltip=[alt.Tooltip("label:N", title="paper")])
    label = mark.mark_text(align="right", dx=-10, color=PAPER).encode(
        x=_x_memory(), y="page_read_mib_s:Q", text="label:N")
    return alt.vconcat(top, alt.layer(bottom, diamond, label)).resolve_scale(color="shared").properties(
        description=prose(f"""
            Two line charts for the environment chosen in the drop-down, real memory
            falling from 512 GiB on the left to 48 GiB on the right, one line per number
            of real CPUs (25 is the single reference point). Top: overall relative
            throughput, the mean of the eleven workload variants relative to the
            reference run. Bottom: the page read rate from the paging devices in MiB/s;
            for z/VM 6.3 with EDEV-SCSI a {word(PAPER)} diamond marks the paper's 88 MiB/s at
            64/20. {word(ALERT).capitalize()} crosses mark runs that fail in the model.
            {model_only_description("points", NO_RESULT_MEMORY)}
            """)
    )


def cpu_chart(frame: pd.DataFrame) -> alt.VConcatChart:
    """Figures 6 and 7: user CPU, the part of it CP spends for the guests, and CP system CPU
    in %. The CP-attributed part is about a twentieth of the user CPU, so it has its own
    panel and axis (on the user CPU's axis its five lines lay on top of each other)."""
    env = env_picker()
    top = _line_panel(frame, env, "user_cpu", "User CPU (Figure 6)", "user CPU load (processors)", ".0f",
                      height=200).add_params(env)
    middle = _line_panel(frame, env, "cp_guest", "Of it, CP's work for the guests (Figure 6)",
                         "CP-attributed CPU (processors)", ".2f", height=150)
    bound = pd.DataFrame({"y": [PAPER_SYSTEM_CPU_PCT], "label": ["paper: below 9 % on 6.3"]})
    bottom = _line_panel(frame, env, "system_cpu_pct", "CP system CPU (Figure 7)",
                         "CP system CPU (% of real CPUs)", ".1f", height=180, also=[(bound, "y")])
    rule = alt.Chart(bound)
    line = rule.mark_rule(strokeDash=[6, 4], color=PAPER).encode(y="y:Q")
    text = rule.mark_text(align="left", x=4, dy=-7, color=PAPER).encode(y="y:Q", text="label:N")
    return alt.vconcat(top, middle, alt.layer(bottom, line, text)).resolve_scale(color="shared").properties(
        description=prose(f"""
            Three line charts for the environment chosen in the drop-down, real memory
            falling from 512 GiB on the left to 48 GiB on the right, one colour per
            number of real CPUs, {word(ALERT)} crosses on runs that fail in the model. Top: user CPU
            load in processors. Middle: the part of it CP spends on behalf of the guests,
            in processors, on its own axis. Bottom: CP system CPU load as a percentage of
            the real CPUs, with the paper's 9 % bound for z/VM 6.3 as a dashed {word(PAPER)} line.
            {model_only_description("points", NO_RESULT_MEMORY)}
            """)
    )


def breakup_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The CPU split of every run, long form, with each part's share of the real CPUs."""
    parts = dict(zip(["emulation", "cp_guest", "cp_system", "idle"], PARTS))
    long = frame.melt(id_vars=["cid", "env", "env_label", "memory_gib", "cpus"], value_vars=list(parts),
                      var_name="part", value_name="processors")
    long["part"] = long["part"].map(parts)
    total = long.groupby(["cid", "env"])["processors"].transform("sum")
    long["share"] = sig(long["processors"] / total, 3)
    long["order"] = long["part"].map({p: i for i, p in enumerate(PARTS)})
    return long


def breakup_chart(frame: pd.DataFrame, default_cid: str = "64/20") -> alt.VConcatChart:
    """Figure 8: the CPU breakup scaled to 100 %; environment and CID drop-downs."""
    if default_cid not in _paper_cids():
        raise ValueError(f"default_cid: {default_cid!r} is not accepted; expected one of {_paper_cids()}")
    long = breakup_frame(frame)
    env = env_picker()
    cid = picker("cid", _paper_cids(), default_cid, "Configuration (CID)")
    colour = alt.Color("part:N", title="CPU used for", sort=PARTS, scale=alt.Scale(domain=PARTS, range=PART_COLOURS),
                       legend=alt.Legend(orient="bottom", columns=4))
    tip = [alt.Tooltip("cid:N", title="CID"), alt.Tooltip("env_label:N", title="environment"),
           alt.Tooltip("part:N"), alt.Tooltip("share:Q", format=".1%"),
           alt.Tooltip("processors:Q", format=".2f", title="processors")]
    allcids = mark_model_only(alt.Chart(long).transform_filter(alt.datum.env == env).mark_bar().encode(
        # 29 labels in a phone's 220 px ran into each other: Vega drops every other one
        # (and again) until they fit; at full width all of them fit
        x=alt.X("cid:N", sort=_paper_cids(), title="configuration (CID: GiB / CPUs)",
                axis=alt.Axis(labelOverlap="parity", labelSeparation=2)),
        y=alt.Y("share:Q", stack="normalize", title="share of real CPU time (%)", axis=alt.Axis(format="%")),
        color=colour, order=alt.Order("order:Q"),
        opacity=alt.condition(alt.datum.cid == cid, alt.value(1.0), alt.value(0.45)),
        tooltip=tip,
    ), "datum.memory_gib", "datum.cpus", "datum.env").add_params(env, cid)
    allcids = alt.layer(allcids, model_only_key()).properties(
        width=WIDE, height=220, title="CPU breakup of every run, scaled to 100 % (Figure 8)")
    one = alt.Chart(long).transform_filter(alt.datum.cid == cid)
    bars = mark_model_only(one.mark_bar(height=22).encode(
        y=alt.Y("env_label:N", title=None, sort=[ENV_LABELS[e] for e in ENVIRONMENTS]),
        x=alt.X("share:Q", stack="normalize", title="share of real CPU time (%)", axis=alt.Axis(format="%")),
        color=colour, order=alt.Order("order:Q"), tooltip=tip,
    ), "datum.memory_gib", "datum.cpus", "datum.env")
    chosen = alt.Chart(long).transform_filter(alt.datum.cid == cid).transform_filter(
        alt.datum.part == "CP system").transform_calculate(
        label="'CP system ' + format(datum.share, '.1%')").mark_text(align="left", color=ON_FILL, fontWeight="bold").encode(
        y=alt.Y("env_label:N", sort=[ENV_LABELS[e] for e in ENVIRONMENTS]), x=alt.value(6),
        text="label:N")
    lower = alt.layer(bars, chosen).properties(width=WIDE, height=100,
                                               title="The chosen CID on the three environments")
    return alt.vconcat(allcids, lower).resolve_scale(color="shared").properties(
        description=prose(f"""
            Top: for the environment chosen in the first drop-down, one stacked bar per
            configuration of the study, each scaled to 100 % of the real CPU time and
            split into emulation, CP work attributed to guests, CP system work and idle
            time; the CID chosen in the second drop-down is drawn solid, the others
            faded. Bottom: the chosen CID's split on each of the three environments,
            with the CP system share written on the bar. {model_only_description("bars")}
            """)
    )


def failure_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The model's failed runs, one row per host: environment, host, the workloads that
    failed there and why (each reason once)."""
    failed = frame[frame["failed"]]
    columns = ["environment", "host", "failing workloads", "why (model)"]
    if failed.empty:
        return pd.DataFrame(columns=columns)
    rows = [{"environment": r.env_label, "host": names.cid(r.cid), "failing workloads": r.failed_workloads,
             "why (model)": r.failure_reason} for r in failed.itertuples()]
    return pd.DataFrame(rows, columns=columns)


def claims_table(topics: tuple[str, ...] = VALIDATION_TOPICS, ids: bool = False) -> pd.DataFrame:
    """The rows of :func:`overcommit.validation.evaluate` for this chapter's topics, with
    ``kind`` saying which compare with a record the fit was given (calibration); indexed by
    the claim's number as the book shows it, or by its id with ``ids``."""
    v = validation.evaluate()
    v = v[v["topic"].isin(topics)]
    out = pd.DataFrame({
        "claim (paper)": v["finding"], "paper": v["paper"], "model": v["model"],
        "verdict": np.where(v["passed"], "✓ matches", "✗ misses"),
        "kind": np.where(v["kind"] == "calibration", "calibration (fitted)", "validation"),
        "source": v["source"].str.replace("seed 000, ", "", regex=False),
    })
    out.index = pd.Index(v["id"] if ids else v["id"].map(names.claim), name="claim")
    return out


def paper_numbers(frame: pd.DataFrame) -> pd.DataFrame:
    """The paper's stated numbers for these figures beside the model's."""
    obs = data.observations().set_index("id")
    f = frame.set_index(["cid", "env"])
    six3 = frame[frame["env"] != "zvm62-edev"]
    worst = six3[six3["memory_gib"] == 64]
    ran = frame[frame["memory_gib"] >= 64]  # the paper reports no result below 64 GiB
    rows = [
        ("system page reads at 64/20, 6.3 EDEV-SCSI (MiB/s)", f"{obs.loc['o000-sys-pr', 'value']:g}",
         f"{f.loc[('64/20', 'zvm63-edev'), 'page_read_mib_s']:.0f}", obs.loc["o000-sys-pr", "source"]),
        ("CP system CPU, 6.3 environments (% of real CPUs)", f"< {obs.loc['o000-sys-cpu-lt9-edev', 'value']:g}",
         f"at most {six3['system_cpu_pct'].max():.1f}", obs.loc["o000-sys-cpu-lt9-edev", "source"]),
        ("CP system CPU, 6.2 (% of real CPUs)", "above 9 in places (implied)",
         f"at most {frame.loc[frame['env'] == 'zvm62-edev', 'system_cpu_pct'].max():.1f}",
         obs.loc["o000-sys-cpu-lt9-edev", "source"]),
        ("CPU used for guests at 64 GiB, 6.3 (% of real CPUs)", f"> {obs.loc['o000-user-share-gt94-edev', 'value']:g}",
         f"at least {worst['user_share_pct'].min():.1f}", obs.loc["o000-user-share-gt94-edev", "source"]),
        ("real CPUs idle in some constrained 64–256 GiB runs (processors)",
         f"≥ {obs.loc['o000-cpu-idle', 'value']:g}", f"at most {ran[ran['cid'] != '512/25']['idle'].max():.2f}",
         obs.loc["o000-cpu-idle", "source"]),
        ("failed runs at 64 GiB with ECKD paging", "4 of 4",
         f"{int(frame[(frame['env'] == 'zvm63-eckd') & (frame['memory_gib'] == 64)]['failed'].sum())} of 4",
         obs.loc["o000-eckd-64-fail", "source"]),
    ]
    return pd.DataFrame(rows, columns=["quantity", "paper", "model", "source"]).set_index("quantity")


def threshold_memory(frame: pd.DataFrame, cpus: int = 20, level: float = 0.9) -> pd.DataFrame:
    """Per environment: the largest memory (GiB) at ``cpus`` CPUs whose throughput is below ``level``."""
    if not 0 < level <= 1.5:
        raise ValueError(f"level: {level!r} is not accepted; expected a number in (0, 1.5]")
    rows = []
    for env in ENVIRONMENTS:
        g = frame[(frame["env"] == env) & (frame["cpus"] == cpus)].sort_values("memory_gib", ascending=False)
        if g.empty:
            raise ValueError(f"cpus: {cpus!r} is not accepted; expected one of 5, 10, 15, 20")
        below = g[g["throughput"] < level]
        rows.append({"environment": ENV_LABELS[env],
                     "throughput at 512 GiB": float(g["throughput"].iloc[0]),
                     "first memory below (GiB)": int(below["memory_gib"].iloc[0]) if len(below) else None,
                     "throughput there": float(below["throughput"].iloc[0]) if len(below) else None})
    return pd.DataFrame(rows).set_index("environment")


def overall_texts(frame: pd.DataFrame) -> dict[str, str]:
    """What the overall-results chapter says about the model's grid (``frame`` from
    :func:`system_frame`), each from the frame its charts draw:

    ``ov-first-paging-gib``
        the largest memory on the 20-CPU z/VM 6.3 EDEV-SCSI line with any page reads;
    ``ov-sys-max-63``, ``ov-sys-max-62``
        the highest CP system CPU (% of the real CPUs) at 96 GiB or more, on z/VM 6.3 (both
        paging kinds) and on z/VM 6.2;
    ``ov-level``
        the level of the threshold exercise: the highest multiple of 0.05 below the 20-CPU
        z/VM 6.3 EDEV-SCSI throughput at 512 GiB;
    ``ov-level-edev``, ``ov-level-eckd``, ``ov-level-62``
        :func:`threshold_memory` at 20 CPUs and that level, per environment (GiB);
    ``ov-62-512-20``, ``ov-63-512-20``
        z/VM 6.2's and z/VM 6.3 EDEV-SCSI's overall relative throughput at 512/20;
    ``ov-idle-512-20``, ``ov-idle-64-20``, ``ov-idle-64-20-eckd``
        idle real CPUs (processors) at 512/20 and 64/20 on z/VM 6.3 EDEV-SCSI, and at 64/20
        with ECKD paging.
    """
    line = frame[(frame["env"] == "zvm63-edev") & (frame["cpus"] == 20)]
    paging_at = line[line["page_read_mib_s"] > 0]["memory_gib"]
    high = frame[frame["memory_gib"] >= 96]
    new = high[high["env"].str.startswith("zvm63")]["system_cpu_pct"].max()
    old = high[high["env"] == "zvm62-edev"]["system_cpu_pct"].max()
    by_run = frame.set_index(["cid", "env"])
    z63 = float(by_run.loc[("512/20", "zvm63-edev"), "throughput"])
    level = round(math.ceil(20 * z63) / 20 - 0.05, 2)  # the highest multiple of 0.05 below it
    t = threshold_memory(frame, cpus=20, level=level)["first memory below (GiB)"]
    z62 = by_run.loc[("512/20", "zvm62-edev"), "throughput"]
    idle = by_run["idle"]
    return {
        "ov-first-paging-gib": f"{int(paging_at.max())}",
        "ov-sys-max-63": f"{new:.1f} %",
        "ov-sys-max-62": f"{old:.1f} %",
        "ov-level": f"{level:.2f}",
        "ov-level-edev": f"{int(t[ENV_LABELS['zvm63-edev']])}",
        "ov-level-eckd": f"{int(t[ENV_LABELS['zvm63-eckd']])}",
        "ov-level-62": f"{int(t[ENV_LABELS['zvm62-edev']])}",
        "ov-62-512-20": f"{float(z62):.2f}",
        "ov-63-512-20": f"{z63:.2f}",
        "ov-idle-512-20": f"{float(idle[('512/20', 'zvm63-edev')]):.2f}",
        "ov-idle-64-20": f"{float(idle[('64/20', 'zvm63-edev')]):.2f}",
        "ov-idle-64-20-eckd": f"{float(idle[('64/20', 'zvm63-eckd')]):.2f}",
    }


def explorer_chart(memory_gib: float = 64, cpus: int = 20, env: str = "zvm63-edev") -> alt.VConcatChart:
    """The live explorer: any host through :func:`overcommit.simulate`, CPU split and key metrics."""
    r = simulate((memory_gib, cpus), env=env)
    s = r.system
    split = pd.DataFrame({
        "part": PARTS,
        "processors": [float(s["emulation_cpu"]), float(s["cp_guest_cpu"]), float(s["cp_system_cpu"]),
                       max(float(s["idle_cpu"]), 0.0)],
    })
    split["processors"] = sig(split["processors"])
    split["order"] = range(len(PARTS))
    colour = alt.Color("part:N", title="CPU used for", sort=PARTS,
                       scale=alt.Scale(domain=PARTS, range=PART_COLOURS), legend=alt.Legend(orient="bottom", columns=4))
    bar = alt.Chart(split).mark_bar(height=30).encode(
        x=alt.X("processors:Q", stack="zero", title="real CPUs (processors)",
                scale=alt.Scale(domain=[0, float(s["real_cpus"])], nice=False)),
        color=colour, order=alt.Order("order:Q"),
        tooltip=["part:N", alt.Tooltip("processors:Q", format=".2f")],
    ).properties(width=WIDE, height=50, title=f"CPU split at {names.cid(s['cid'])} on {ENV_LABELS[env]}")
    failed = [names.variant(v) for v, row in r.workloads.iterrows() if bool(row["failed"])] if "failed" in r.workloads else []
    # numbers in different units: written as text, not bars on one axis
    metrics = pd.DataFrame({
        "text": [f"overall relative throughput: {s['overall_relative_throughput']:.3f}",
                 f"overcommit ratio: {s['overcommit_ratio']:.2f}",
                 f"page reads: {s['page_read_mib_s']:.1f} MiB/s",
                 f"CP system CPU: {100 * s['cp_system_cpu'] / s['real_cpus']:.2f} % of the real CPUs"],
        "row": range(4),
    })
    status = "failed: " + "; ".join(failed) if failed else "no workload fails"
    lower = alt.Chart(metrics).mark_text(align="left", baseline="middle", fontSize=13).encode(
        text="text:N", x=alt.value(0), y=alt.Y("row:O", axis=None)).properties(
        width=WIDE, height=90, title=f"Key numbers ({status})", view=alt.ViewBackground(stroke=None))
    from .figures_time import time_bars

    return alt.vconcat(bar, lower, time_bars(r, "all")).resolve_scale(color="independent", opacity="independent").properties(
        description=(
            f"Model result for {names.cid(s['cid'])} on {ENV_LABELS[env]}: a stacked bar splitting the "
            f"{int(s['real_cpus'])} real CPUs into emulation, CP attributed to guests, CP system and "
            f"idle, then the overall relative throughput ({s['overall_relative_throughput']:.3f}), "
            f"overcommit ratio, page reads and CP system CPU written out; {status}; last, where the time of one "
            "unit of each workload's work goes, in its reference cycles, beside the reference run's."
        )
    )


# --------------------------------------------------------------------------------------
# Any CID: a dense grid of model runs, loaded by the static site from one shared file

#: the dense grid the static site offers: every 8 GiB from 16 to 512 GiB × 1 to 25 CPUs
ANY_MEMORY_GIB: tuple[int, ...] = tuple(range(16, 513, 8))
ANY_CPUS: tuple[int, ...] = tuple(range(1, 26))
#: the grid's memory step (GiB)
ANY_MEMORY_STEP_GIB: int = ANY_MEMORY_GIB[1] - ANY_MEMORY_GIB[0]
#: where the build writes the grid, relative to the site's root (and the chart's data URL)
ANY_CID_FILE = "_static/data/any_cid.csv"


def any_grid_texts() -> dict[str, str]:
    """The dense grid as the chapters' prose states it ("16 to 512 GiB in steps of 8 GiB,
    1 to 25 CPUs"): glue names ``any-mem-min``, ``any-mem-max``, ``any-mem-step``,
    ``any-cpus-min`` and ``any-cpus-max``, the same on every page; and the size of the grid
    :func:`any_cid_frame` computes: ``any-mem-n`` memory sizes, ``any-cpus-n`` CPU counts,
    ``any-envs-n`` environments, ``any-runs`` runs in all."""
    return {
        "any-mem-min": f"{ANY_MEMORY_GIB[0]}",
        "any-mem-max": f"{ANY_MEMORY_GIB[-1]}",
        "any-mem-step": f"{ANY_MEMORY_STEP_GIB}",
        "any-cpus-min": f"{ANY_CPUS[0]}",
        "any-cpus-max": f"{ANY_CPUS[-1]}",
        "any-mem-n": f"{len(ANY_MEMORY_GIB)}",
        "any-cpus-n": f"{len(ANY_CPUS)}",
        "any-envs-n": f"{len(ENVIRONMENTS)}",
        "any-runs": f"{len(ANY_MEMORY_GIB) * len(ANY_CPUS) * len(ENVIRONMENTS):,}",
    }


def glue_any_grid() -> dict[str, str]:
    """Glue every ``any-*`` name of :func:`any_grid_texts` and, since a page with the any-host
    chart describes its marking, the rule's words (:func:`overcommit.book.figures.model_only_texts`);
    not displayed. Returns the texts."""
    from . import glue_texts

    return glue_texts({**any_grid_texts(), **model_only_texts()})


def any_cid_frame(memories=ANY_MEMORY_GIB, cpus=ANY_CPUS, envs=ENVIRONMENTS) -> pd.DataFrame:
    """The model at every (memory, CPUs, environment) of the dense grid, one row per run: the
    environment, memory ``m`` (GiB) and CPUs ``c``, the overall relative throughput, the
    page reads (MiB/s), the failed variants (space-separated), whether the fixed point
    converged, and each variant's relative throughput (three significant digits).

    About 4,700 runs; :func:`write_any_cid` stores them for the static site, whose charts
    filter them in the browser, so no page carries the data inline.
    """
    memories, cpus, envs = list(memories), list(cpus), list(envs)
    for e in envs:
        if e not in ENVIRONMENTS:
            raise ValueError(f"envs: {e!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    rows, variants = [], []
    for e in envs:
        for c in cpus:
            for m in memories:
                r = simulate((m, c), env=e, strict=False)
                w = r.workloads
                row = {"env": e, "m": int(m), "c": int(c),
                       "overall": float(r.system["overall_relative_throughput"]),
                       "reads": float(r.system["page_read_mib_s"]),
                       "failed": " ".join(w.index[w["failed"]]),
                       "converged": bool(r.converged)}
                row.update({v: float(x) for v, x in w["relative_throughput"].items()})
                rows.append(row)
                variants = list(w.index)
    f = pd.DataFrame(rows)
    for col in ["overall", "reads"] + variants:
        f[col] = sig(f[col], 3)
    return f


def write_any_cid(folder, frame: pd.DataFrame | None = None, time: bool = True) -> Path:
    """Write :func:`any_cid_frame` as ``folder/any_cid.csv`` (the build passes the site's
    ``_static/data``) and, with ``time``, the breakdowns the same charts load
    (:func:`overcommit.book.figures_time.write_time_files`); returns the grid's path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / Path(ANY_CID_FILE).name
    (any_cid_grid() if frame is None else frame).to_csv(path, index=False)
    if time:
        from .figures_time import write_time_files

        write_time_files(folder)
    return path


def any_cid_grid() -> pd.DataFrame:
    """:func:`any_cid_frame` on its default grid, from :mod:`overcommit.cache`: both editions
    and ``make lab`` write the same grid, so it is computed once per version of the package."""
    from ..cache import cached

    return cached("any-cid", any_cid_frame)


def any_cid_chart(variants: tuple[str, ...] | None = None, memory_gib: int = 64, cpus: int = 20,
                  url: str = ANY_CID_FILE, title: str = "Any host", time_key: str | None = "all") -> alt.VConcatChart:
    """Any CID of the dense grid, chosen with two sliders (memory, CPUs) and a drop-down
    (environment): top, each variant's relative throughput there (failed ones marked);
    bottom, the overall relative throughput (or, for a workload chapter's ``variants``,
    their mean) over memory at the chosen CPUs, with the chosen memory marked. The data is
    the file the build writes (:func:`write_any_cid`), loaded from ``url``: the chart does
    not carry it. A CID the paper did not run is labelled "model only"."""
    from ..workloads import VARIANTS

    chosen_variants = list(VARIANTS if variants is None else variants)
    for v in chosen_variants:
        if v not in VARIANTS:
            raise ValueError(f"variants: {v!r} is not accepted; expected some of {list(VARIANTS)}")
    if memory_gib not in ANY_MEMORY_GIB:
        raise ValueError(f"memory_gib: {memory_gib!r} is not accepted; expected one of "
                         f"{ANY_MEMORY_GIB[0]}, {ANY_MEMORY_GIB[1]}, ..., {ANY_MEMORY_GIB[-1]}")
    if cpus not in ANY_CPUS:
        raise ValueError(f"cpus: {cpus!r} is not accepted; expected a whole number from {ANY_CPUS[0]} to {ANY_CPUS[-1]}")
    shown = pd.DataFrame({"variant": chosen_variants, "name": [names.variant(v) for v in chosen_variants]})
    mem = alt.param(name="any_mem", value=memory_gib,
                    bind=alt.binding_range(min=ANY_MEMORY_GIB[0], max=ANY_MEMORY_GIB[-1], step=ANY_MEMORY_STEP_GIB,
                                           name="Real memory (GiB) "))
    cpu = alt.param(name="any_cpus", value=cpus,
                    bind=alt.binding_range(min=ANY_CPUS[0], max=ANY_CPUS[-1], step=1, name="Real CPUs "))
    env = env_picker(name="any_env")
    data_ = alt.UrlData(url, format=alt.CsvDataFormat(type="csv", parse={"m": "number", "c": "number"}))
    run = (alt.Chart(data_)
           .transform_filter((alt.datum.m == mem) & (alt.datum.c == cpu) & (alt.datum.env == env)))
    bars = mark_model_only(run.transform_fold(chosen_variants, as_=["variant", "x"]).transform_calculate(
        x="toNumber(datum.x)",
        state="indexof(split(datum.failed, ' '), datum.variant) >= 0 ? 'failed' : 'ran'",
    ).transform_lookup(
        # the bars are labelled with the book's names, the file keeps the package's ids
        lookup="variant", from_=alt.LookupData(shown, "variant", ["name"]),
    ).mark_bar(height=14).encode(
        y=alt.Y("name:N", title=None, sort=list(shown["name"])),
        x=alt.X("x:Q", title="relative throughput (1 = reference)", scale=alt.Scale(domain=[0, 1.2], clamp=True)),
        color=alt.Color("state:N", title="workload", scale=alt.Scale(domain=["ran", "failed"], range=[MODEL, ALERT]),
                        legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("name:N", title="workload"), alt.Tooltip("x:Q", title="relative throughput", format=".3f"),
                 alt.Tooltip("state:N", title="model run")],
    ), "any_mem", "any_cpus", "any_env")
    one = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3], color=INK).encode(x="x:Q")
    info = run.transform_calculate(
        # the whole mix, not the bars above it: a workload chapter's bars are its own variants
        text="'Whole mix: throughput ' + format(toNumber(datum.overall), '.2f') + ', page reads ' + format(toNumber(datum.reads), '.1f') + ' MiB/s'",
    ).mark_text(align="left", baseline="middle", fontSize=12).encode(
        text="text:N", x=alt.value(0), y=alt.value(10)).properties(width=WIDE, height=20, view=alt.ViewBackground(stroke=None))
    heading = alt.Title(alt.ExprRef(expr=f"any_mem + ' GiB, ' + any_cpus + (any_cpus == 1 ? ' CPU, ' : ' CPUs, ') + {provenance_expr('any_mem', 'any_cpus', 'any_env')}"),
                        subtitle=title)
    top = alt.layer(bars, one).properties(width=WIDE, height=max(18 * len(chosen_variants) + 10, 46), title=heading)
    over = alt.Chart(data_).transform_filter((alt.datum.c == cpu) & (alt.datum.env == env))
    if variants is None:
        over = over.transform_calculate(y="toNumber(datum.overall)")
        y_title = "overall relative throughput"
    else:
        over = over.transform_calculate(y="(" + " + ".join(f"toNumber(datum['{v}'])" for v in chosen_variants)
                                        + f") / {len(chosen_variants)}")
        y_title = "mean relative throughput"
    memory_x = alt.X("m:Q", title="z/VM real memory (GiB)",
                     scale=alt.Scale(domain=[ANY_MEMORY_GIB[0], ANY_MEMORY_GIB[-1]], reverse=True, nice=False))
    line = over.mark_line(color=MODEL).encode(x=memory_x, y=alt.Y("y:Q", title=y_title,
                                                                   scale=alt.Scale(domain=[0, 1.2], clamp=True)))
    points = mark_model_only(over.mark_point(size=30, color=MODEL).encode(
        x=memory_x, y="y:Q",
        tooltip=[alt.Tooltip("m:Q", title="memory (GiB)"), alt.Tooltip("y:Q", title="relative throughput", format=".3f")],
    ), "datum.m", "any_cpus", "any_env")
    # below the paper's smallest memory at the chosen CPUs, every point is the model's alone
    band = model_only_range("m", ANY_MEMORY_GIB[0], "any_cpus", "any_env", height=160)
    mark = alt.Chart(pd.DataFrame({"k": [0]})).mark_rule(color=INK, strokeWidth=2).encode(x=alt.X("m:Q"))\
        .transform_calculate(m="any_mem")
    bottom = alt.layer(*band, line, points, mark).properties(width=WIDE, height=160,
                                                                         title="Over memory at the chosen CPUs")
    what = "each workload variant" if variants is None else "; ".join(shown["name"])
    panels = [top, info, bottom]
    if time_key is not None:
        from .figures_time import TIME_FILE, any_host_panel

        # the breakdown files sit beside the grid's
        time_url = str(Path(url).parent / Path(TIME_FILE.format(key=time_key)).name)
        panels.append(any_host_panel(time_key, url=time_url))
    return alt.vconcat(*panels).resolve_scale(color="independent", opacity="independent", stroke="independent").add_params(
        mem, cpu, env).properties(
        # the paper's hosts, marked on the two sliders by overcommit.js
        usermeta={"stops": paper_stops(memory="any_mem", cpus="any_cpus")},
        description=prose(f"""
            Model results at any host of a dense grid, {ANY_MEMORY_GIB[0]} to {ANY_MEMORY_GIB[-1]} GiB of
            real memory in steps of {ANY_MEMORY_STEP_GIB} GiB and {ANY_CPUS[0]} to {ANY_CPUS[-1]} real CPUs,
            on the environment chosen in the drop-down. Top: the relative
            throughput of {what} at the memory and CPUs chosen with the two sliders (1 is the
            reference run, dashed line; a workload that failed is drawn in {word(ALERT)}), titled with the
            host and whether the paper ran it; below it the overall throughput and page
            reads of the whole mix of eleven workloads at that host. Bottom:
            throughput as memory shrinks at the chosen CPUs, the chosen memory marked by a {word(INK)}
            line. {model_only_description("bars")} {model_only_description(
                "points", "the memory below the smallest the paper ran with the chosen CPUs")}""")
        + ("" if time_key is None else " " + prose("""
            Last: where the time of one unit of work of each of these workloads goes at the chosen
            host, stacked in parts (working on a CPU, spinning on a lock, waiting for a real CPU,
            stalled on paging, own I/O, think time and network), beside the thinner bar of the
            reference run.""")))
