"""Chart builders for the chapter "Capacity planning: design your own mix".

Static figures run the mixes of :data:`overcommit.planning.MIXES` over a grid of hosts
(:func:`mix_frame`, :func:`variant_frame`) and bind the choices (mix, environment, CPUs,
throughput level) to Vega-Lite parameters; break points are computed in the browser from
the grid (the largest memory of the grid at which a workload is below the level). The live
explorer (:func:`explorer_chart`) runs any mix, with guests defined from scratch, through
:func:`overcommit.simulate` and :mod:`overcommit.planning`.
"""

from __future__ import annotations

from functools import lru_cache

import altair as alt
import numpy as np
import pandas as pd

from .. import names, planning
from ..model import ENVIRONMENTS
from ..workloads import VARIANTS
from .figures import (WIDE, mark_model_only, model_only_description, model_only_range, picker, sig,
                      check_columns, prose)
from .palette import ALERT, CATEGORIES, CHOSEN, INK, MUTED, ON_FILL, WORKLOAD_LEVELS, word
from .figures_results import ENV_LABELS, env_picker

MEMORIES = (512, 256, 192, 160, 128, 112, 96, 88, 64, 48, 32)
#: the memory sizes the memory axis labels: on a log scale 192 and 160, or 112, 96 and 88,
#: stand so close that in a narrow plot (a phone's, or the break-point chart's beside its
#: legend) their labels ran together ("192160"). Every size of :data:`MEMORIES` keeps its
#: tick and grid line; these, about a doubling apart, keep their labels
MEMORY_LABELS = (512, 256, 128, 96, 64, 48, 32)
#: the least room between two labels of an axis (px); a label that would come closer to the
#: one before is left out (a guard, should a reader's font be larger than ours)
LABEL_SEPARATION = 4
CPUS = (25, 20, 15, 10, 5)
VARIANT_CPUS = (20, 15, 10)
MIX_COLOURS = dict(zip(("study", "memory-hungry", "cold-heavy"), CATEGORIES))
VARIANT_COLOURS = [WORKLOAD_LEVELS[v] for v in VARIANTS]
#: the workloads as a reader reads them (the break-point chart's legend and rows)
WORKLOAD_NAMES = [names.variant(v) for v in VARIANTS]
#: the break-point chart's default throughput level: with 20 CPUs, 80 % is a level several
#: workloads of the study's mix keep at 512 GiB and lose as memory shrinks, each at its own
#: memory size; at 90 % all but one of them are below it already at 512 GiB (limited by the
#: CPUs), and the chart would show almost nothing but that
BREAK_LEVEL = 0.8


@lru_cache(maxsize=1)
def _grid() -> pd.DataFrame:
    frames = [planning.mix_grid(name, MEMORIES, CPUS, ENVIRONMENTS) for name in planning.MIXES]
    return pd.concat(frames, ignore_index=True)


def steady_state_note() -> str:
    """A sentence for the captions: how many of the grid's runs found no steady state, and
    which (``planning.mix_grid``'s ``converged``); empty when all did."""
    g = _grid().drop_duplicates(["mix", "env", "memory_gib", "cpus"])
    bad = g[~g["converged"]]
    if bad.empty:
        return ""
    where = "; ".join(f"the {r.mix} mix at {r.memory_gib:g}/{r.cpus} on {ENV_LABELS[r.env]}"
                      for r in bad.itertuples())
    its = "its" if len(bad) == 1 else "their"
    return (f"{len(bad)} of the {len(g):,} runs found no steady state ({where}): {its} copies of one "
            f"guest keep trading memory back and forth, and the chart shows {its} last pass.")


def mix_frame() -> pd.DataFrame:
    """One row per (mix, env, memory, CPUs): overall throughput, page reads, overcommit ratio."""
    g = _grid().drop_duplicates(["mix", "env", "memory_gib", "cpus"])
    f = g[["mix", "env", "memory_gib", "cpus", "overall", "page_read_mib_s", "ratio"]].copy()
    for col in ("overall", "page_read_mib_s", "ratio"):
        f[col] = sig(f[col], 3)
    f["cpus"] = f["cpus"].astype(int)
    return f.reset_index(drop=True)


def variant_frame() -> pd.DataFrame:
    """One row per (mix, env, memory, CPUs in :data:`VARIANT_CPUS`, workload type): the mean
    relative throughput of the type's copies in the mix."""
    g = _grid()
    g = g[g["cpus"].isin(VARIANT_CPUS)]
    f = g[["mix", "env", "memory_gib", "cpus", "variant", "throughput"]].copy()
    f["throughput"] = sig(f["throughput"], 3)
    f["cpus"] = f["cpus"].astype(int)
    return f.reset_index(drop=True)


def _mix_picker(value: str = "study") -> alt.Parameter:
    return picker("mix", planning.MIXES, value, "Mix", field="mix")


def _cpu_picker(options, value: int = 20) -> alt.Parameter:
    return picker("cpus", options, value, "Real CPUs", field="cpus")


#: the left end of the memory axis (GiB), where a band of hosts the paper never ran starts
AXIS_LOW_GIB = 30
#: a point's host for the rule: the paper ran only the study's own mix, so a point of any
#: other mix stands at no host of the paper's (memory -1)
STUDY_HOST = ("(datum.mix == 'study' ? datum.memory_gib : -1)", "datum.cpus", "datum.env")


def _x_memory(title: str = "z/VM real memory (GiB)") -> alt.X:
    return alt.X("memory_gib:Q", scale=alt.Scale(type="log", domain=[AXIS_LOW_GIB, 540], reverse=True, nice=False),
                 axis=alt.Axis(values=list(MEMORIES), labelAngle=0, labelOverlap="greedy",
                               labelSeparation=LABEL_SEPARATION,
                               labelExpr=f"indexof({list(MEMORY_LABELS)}, datum.value) >= 0 ? datum.label : ''"),
                 title=title)


def _with_names(chart: alt.Chart) -> alt.Chart:
    """``chart`` with a field ``workload``: each row's variant by its display name."""
    table = alt.InlineData(values=[{"variant": v, "workload": names.variant(v)} for v in VARIANTS])
    return chart.transform_lookup(lookup="variant", from_=alt.LookupData(data=table, key="variant",
                                                                        fields=["workload"]))


def mixes_chart(frame: pd.DataFrame) -> alt.VConcatChart:
    """Overall throughput and page reads of the three mixes over memory (env, CPUs pickers)."""
    env, cpus = env_picker(), _cpu_picker(CPUS)
    base = alt.Chart(frame).transform_filter((alt.datum.env == env) & (alt.datum.cpus == cpus))
    colour = alt.Color("mix:N", title="mix", sort=list(planning.MIXES),
                       scale=alt.Scale(domain=list(MIX_COLOURS), range=list(MIX_COLOURS.values())))
    tip = [alt.Tooltip("mix:N"), alt.Tooltip("memory_gib:Q", title="real memory (GiB)"),
           alt.Tooltip("cpus:Q", title="real CPUs"), alt.Tooltip("overall:Q", title="overall relative throughput", format=".3f"),
           alt.Tooltip("ratio:Q", title="overcommit ratio", format=".2f"),
           alt.Tooltip("page_read_mib_s:Q", title="page reads (MiB/s)", format=".1f")]
    def panel(y: alt.Y, height: int) -> list:
        return [*model_only_range("memory_gib", AXIS_LOW_GIB, "cpus", "env", height),
                base.mark_line().encode(x=_x_memory(), y=y, color=colour),
                mark_model_only(base.mark_point(size=30).encode(x=_x_memory(), y=y, color=colour, tooltip=tip),
                                *STUDY_HOST)]

    top = alt.layer(*panel(alt.Y("overall:Q", title="overall relative throughput (1 = unconstrained)",
                                 scale=alt.Scale(domain=[0, 1.05])), 220)).add_params(env, cpus).properties(
        width=WIDE, height=220, title="Overall throughput of each mix")
    bottom = alt.layer(*panel(alt.Y("page_read_mib_s:Q", title="page read rate (MiB/s)"), 160)).properties(
        width=WIDE, height=160, title="Page reads")
    return alt.vconcat(top, bottom).properties(
        title="Three mixes of the same size on the same hosts (model)",
        description=prose(f"""
            Two line charts, real memory falling from 512 GiB on the left to 32 GiB on
            the right (log scale), for the environment and number of real CPUs chosen in
            the drop-downs. One line per mix: the study's own mix, a memory-hungry mix
            of page-cached file-system and Java guests, and a cold-heavy mix around the
            database; all three touch about 132 GiB unconstrained. Top: overall relative
            throughput (mean over the mix's workloads). Bottom: page read rate in MiB/s.
            The paper ran only the study's mix. {model_only_description(
                "points", "the memory below the smallest the paper ran with the chosen CPUs")}
            """),
    )


def break_chart(frame: pd.DataFrame, level: float = BREAK_LEVEL) -> alt.VConcatChart:
    """Per workload type of a mix: throughput over memory, and the break point for a level."""
    if not 0.05 <= level <= 1.0:
        raise ValueError(f"level: {level!r} is not accepted; expected a fraction in [0.05, 1]")
    mix, env, cpus = _mix_picker(), env_picker(), _cpu_picker(VARIANT_CPUS)
    lvl = alt.param(name="level", value=level,
                    bind=alt.binding_range(min=0.5, max=1.0, step=0.05, name="Throughput level "))
    base = _with_names(alt.Chart(frame).transform_filter(
        (alt.datum.mix == mix) & (alt.datum.env == env) & (alt.datum.cpus == cpus)))
    colour = alt.Color("workload:N", title="workload", sort=WORKLOAD_NAMES,
                       scale=alt.Scale(domain=WORKLOAD_NAMES, range=VARIANT_COLOURS),
                       legend=alt.Legend(labelLimit=220))
    tip = [alt.Tooltip("workload:N", title="workload"), alt.Tooltip("memory_gib:Q", title="real memory (GiB)"),
           alt.Tooltip("throughput:Q", title="relative throughput", format=".3f")]
    # eleven colours are too many to tell apart by colour alone: the level is also the dash.
    # The points are a layer of their own: a line mark with points overlaid draws its
    # legend's symbols filled, without a stroke, and a dash legend of those shows nothing.
    level = alt.StrokeDash("level:N", title="level", sort=["high (or only)", "medium"],
                           scale=alt.Scale(domain=["high (or only)", "medium"], range=[[1, 0], [5, 3]]),
                           legend=alt.Legend(symbolType="stroke", symbolStrokeColor=INK, symbolStrokeWidth=2,
                                             symbolSize=300))
    x, y = _x_memory(), alt.Y("throughput:Q", title="relative throughput (1 = unconstrained)",
                              scale=alt.Scale(domain=[0, 1.05]))
    lines = base.transform_calculate(
        level="indexof(datum.variant, 'medium') >= 0 ? 'medium' : 'high (or only)'").mark_line().encode(
        x=x, y=y, color=colour, strokeDash=level, detail="variant:N", tooltip=tip)
    points = mark_model_only(base.mark_circle(size=25, opacity=1).encode(x=x, y=y, color=colour, tooltip=tip),
                             *STUDY_HOST)
    rule = alt.Chart(pd.DataFrame({"y": [0]})).transform_calculate(y="level").mark_rule(
        strokeDash=[6, 3], color=ALERT).encode(y="y:Q")
    top = alt.layer(*model_only_range("memory_gib", AXIS_LOW_GIB, "cpus", "env", 240), lines, points, rule).add_params(
        mix, env, cpus, lvl).properties(width=WIDE, height=240, title="Relative throughput of each workload in the mix (model)")
    # the largest grid memory at which a workload is below the level ("breaks below ... GiB")
    # A workload below the level already at the grid's largest memory is limited by CPU, not
    # memory: its bar is grey and says so, so it does not read as the worst memory break point.
    top_memory = max(MEMORIES)
    breaks = base.transform_filter(alt.datum.throughput < lvl).transform_aggregate(
        memory_gib="max(memory_gib)", groupby=["workload"]).transform_calculate(
        label=f"datum.memory_gib >= {top_memory} ? 'CPU-limited' : format(datum.memory_gib, '.0f')")
    cpu_limited = alt.datum.memory_gib >= top_memory
    rows = alt.Y("workload:N", title=None, sort=WORKLOAD_NAMES, axis=alt.Axis(labelLimit=220))
    bars = breaks.mark_bar().encode(
        y=rows,
        x=alt.X("memory_gib:Q", title="below the level from this memory down (GiB)",
                scale=alt.Scale(domain=[0, 520], nice=False),
                axis=alt.Axis(values=list(range(0, 501, 100)), labelOverlap="greedy",
                              labelSeparation=LABEL_SEPARATION)),
        color=alt.condition(cpu_limited, alt.value(MUTED),
                            alt.Color("workload:N", sort=WORKLOAD_NAMES,
                                      scale=alt.Scale(domain=WORKLOAD_NAMES, range=VARIANT_COLOURS), legend=None)),
        tooltip=[alt.Tooltip("workload:N", title="workload"),
                 alt.Tooltip("memory_gib:Q", title="largest memory below the level (GiB)"),
                 alt.Tooltip("label:N", title="break point")],
    )
    text = breaks.mark_text(align="right", dx=-3, color=ON_FILL).transform_filter(cpu_limited).encode(
        y=rows, x="memory_gib:Q", text="label:N")
    number = breaks.mark_text(align="left", dx=3).transform_filter(~cpu_limited).encode(
        y=rows, x="memory_gib:Q", text="label:N")
    bottom = alt.layer(bars, text, number).properties(
        width=WIDE, height=170,
        title=["Break points on the grid (absent: never below the level;",
               f"grey: below it already at {top_memory} GiB, so limited by CPU)"])
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=prose(f"""
            For the mix, environment and real-CPU count chosen in the drop-downs, and
            the throughput level chosen with the slider: top, one line per workload type
            of the mix (dashed for a medium level), its relative throughput as real memory falls from 512 to 32 GiB,
            with the level as a dashed {word(ALERT)} line; bottom, for each workload that falls
            below the level somewhere on the grid, the largest memory size at which it
            is below the level; a workload already below it at the largest memory is
            limited by CPU, and its bar is {word(MUTED)} and labelled CPU-limited. The paper
            ran only the study's mix. {model_only_description(
                "points", "the memory below the smallest the paper ran with the chosen CPUs")}
            """),
    )


@lru_cache(maxsize=4)
def cpus_table(level: float = 0.9, memories: tuple[int, ...] = (128, 96, 64), env: str = "zvm63-edev") -> pd.DataFrame:
    """Fewest real CPUs that keep each workload of the study's mix at ``level`` of its
    unconstrained throughput, for a few memory sizes (:func:`overcommit.planning.cpus_needed`)."""
    rows = []
    for v in VARIANTS:
        row = {"workload": v}
        for m in memories:
            c = planning.cpus_needed(v, level, m, env, max_cpus=40)
            row[f"{m} GiB"] = "more than 40" if c is None else str(c)
        rows.append(row)
    return pd.DataFrame(rows).set_index("workload")


def shown(table: pd.DataFrame) -> pd.DataFrame:
    """A table indexed by workload variant (:func:`cpus_table`,
    :func:`overcommit.planning.catalogue`) as the chapter shows it: each workload by its
    display name, and the column names of :mod:`overcommit.names` where it has them."""
    out = table.rename(index=names.variant, columns=lambda c: names.QUANTITIES.get(c, c))
    out.index.name = "workload"
    return out


#: the mixes of :data:`overcommit.planning.MIXES` as the planner's drop-down names them
MIX_NAMES = {"study": "the study's mix", "memory-hungry": "the memory-hungry mix",
             "cold-heavy": "the cold-heavy mix"}


def workload_name(key: str) -> str:
    """A workload as the planner shows it: a study variant by its display name, a guest
    defined from scratch (``custom-2``) as "custom guest 2", a mix's further copy of a
    variant (``java-high#3``) with its copy number."""
    if key.startswith("custom-"):
        return f"custom guest {key.removeprefix('custom-')}"
    base, _, copy = key.partition("#")
    return f"{names.variant(base)}, copy {copy}" if copy else names.variant(base)


def explorer_chart(mix: str = "study", memory_gib: float = 64, cpus: int = 20, env: str = "zvm63-edev",
                   extra_guests: int = 0, extra_gib: float = 16, extra_hot: float = 0.3,
                   extra_cpu: float = 0.5, target: str = "db-bi", level: float = 0.9) -> alt.VConcatChart:
    """The live planner: a precomputed mix plus ``extra_guests`` guests defined from scratch
    (``extra_gib`` GiB, ``extra_hot`` hot share, ``extra_cpu`` processors each) on any host;
    relative throughput per workload and, for ``target``, its memory break point at
    ``level`` with these CPUs and the CPUs it needs at this memory."""
    if mix not in planning.MIXES:
        raise ValueError(f"mix: {mix!r} is not accepted; expected one of {', '.join(planning.MIXES)}")
    if isinstance(extra_guests, bool) or not isinstance(extra_guests, (int, np.integer)) or not 0 <= extra_guests <= 20:
        raise ValueError(f"extra_guests: {extra_guests!r} is not accepted; expected a whole number from 0 to 20")
    custom = [planning.custom_guest(f"custom-{k + 1}", extra_gib, vcpus=max(1, int(np.ceil(extra_cpu))),
                                    cpu_load=extra_cpu, hot_frac=extra_hot) for k in range(int(extra_guests))]
    guests, variants = planning.build_mix(planning.MIXES[mix], custom)
    if target not in variants:
        raise ValueError(f"target: {target!r} is not in the mix {mix!r}; expected one of {', '.join(variants)}")
    from ..model import Host, simulate
    r = simulate(Host(memory_gib, cpus), env=env, guests=guests, variants=variants)
    w = r.workloads
    tp = pd.DataFrame({"workload": [workload_name(v) for v in w.index], "throughput": sig(w["relative_throughput"], 3).to_numpy(),
                       "status": np.where(w["failed"], "fails", "completes")})
    tp["target"] = np.where(w.index == target, "target", "other")
    brk = planning.memory_break_point(target, level, cpus, env, guests, variants, lo=8.0)
    need = planning.cpus_needed(target, level, memory_gib, env, guests, variants, max_cpus=64)
    brk_text = ("never below the level down to 8 GiB" if brk is None else
                "below the level even at 512 GiB" if brk >= 512 else f"below the level under {brk:.0f} GiB")
    need_text = "more than 64 CPUs" if need is None else f"{need} CPUs"
    bars = alt.Chart(tp).mark_bar().encode(
        y=alt.Y("workload:N", title=None, sort=list(tp["workload"])),
        x=alt.X("throughput:Q", title="relative throughput (1 = unconstrained)", scale=alt.Scale(domain=[0, 1.1])),
        color=alt.Color("target:N", scale=alt.Scale(domain=["target", "other"], range=[CHOSEN, MUTED]),
                        title=None),
        tooltip=["workload:N", alt.Tooltip("throughput:Q", format=".3f"), "status:N"],
    )
    rule = alt.Chart(pd.DataFrame({"level": [level]})).mark_rule(strokeDash=[6, 3]).encode(x="level:Q")
    s = r.system
    host, who, mix_name = names.cid(s["cid"]), workload_name(target), MIX_NAMES[mix]
    title = (f"{mix_name} + {extra_guests} custom guest(s) at {host}, {ENV_LABELS.get(env, env)}: "
             f"overcommit ratio {s['overcommit_ratio']:.2f}")
    chart = alt.layer(bars, rule).properties(width=WIDE, height=max(120, 14 * len(tp)), title=title)
    return alt.vconcat(chart).properties(
        title=alt.TitleParams(f"{who}: {brk_text} with {cpus} CPUs; needs {need_text} at {memory_gib:g} GiB "
                              f"to stay at {level:.0%}", anchor="start", fontSize=12),
        description=(
            f"Model result for the {mix_name} with {extra_guests} extra guest(s) on {host}: one bar per "
            f"workload with its relative throughput, the target {who} in {word(CHOSEN)}, the level {level:.0%} as a "
            f"dashed line. {who} is {brk_text} with {cpus} CPUs and needs {need_text} at "
            f"{memory_gib:g} GiB."
        ),
    )


def breaks_sentence(frame: pd.DataFrame, mix: str, cpus: int = 20, level: float = BREAK_LEVEL,
                    env: str = "zvm63-edev") -> str:
    """What the break-point chart shows for ``mix`` at ``cpus`` on ``env``, as a Markdown
    list: the workloads already under ``level`` at 512 GiB (limited by CPU, not memory),
    those that fall under it as memory shrinks (largest break point first) and those never
    under it on the grid, each by its display name (:func:`overcommit.names.variant`; a
    workload the mix defines itself by its own name), separated by semicolons because the
    names hold commas. ``frame`` is :func:`variant_frame`."""
    check_columns(frame, ["mix", "cpus", "env", "variant", "memory_gib", "throughput"], "frame",
                  expected="the rows of figures_planning.variant_frame()")
    f = frame[(frame["mix"] == mix) & (frame["cpus"] == cpus) & (frame["env"] == env)]
    if f.empty:
        raise ValueError(f"mix, cpus, env: ({mix!r}, {cpus!r}, {env!r}) is not in the frame; expected a mix of "
                         f"{sorted(set(frame['mix']))}, CPUs of {sorted(set(frame['cpus']))} and an environment of "
                         f"{sorted(set(frame['env']))}")
    below = f[f["throughput"] < level].groupby("variant")["memory_gib"].max()
    cpu_limited = [v for v, m in below.items() if m >= 512]
    memory = sorted(((int(m), v) for v, m in below.items() if m < 512), reverse=True)
    never = sorted(set(f["variant"]) - set(below.index))
    shown = lambda v: names.VARIANTS.get(v, v)  # noqa: E731
    parts = []
    if cpu_limited:
        parts.append("below the level already at 512 GiB: " + "; ".join(shown(v) for v in cpu_limited))
    if memory:
        parts.append("breaking as memory shrinks: " + "; ".join(f"{shown(v)} at {m} GiB" for m, v in memory))
    if never:
        parts.append("never below it on the grid: " + "; ".join(shown(v) for v in never))
    return "\n".join(f"- {p}" for p in parts)


#: a mix "keeps its throughput" at a memory size while it stays within this share of its
#: throughput with the grid's largest memory
KEEP = 0.99


def overall_texts(frame: pd.DataFrame | None = None, cpus: int = 20, starved_cpus: int = 10,
                  env: str = "zvm63-edev") -> dict[str, str]:
    """The facts the chapter's prose states about the mixes chart, from the frame it draws
    (:func:`mix_frame`) on ``env``:

    ``plan-keep-pct``
        the tolerance of :data:`KEEP` ("1");
    ``plan-keep-gib``
        the smallest memory of the grid down to which every mix, with ``cpus`` CPUs, keeps
        its throughput (all larger sizes too);
    ``plan-keep-ratio-min``, ``plan-keep-ratio-max``
        the mixes' overcommit ratios (instantiated over resident) at that memory;
    ``plan-starved-min``, ``plan-starved-max``
        the mixes' overall throughput with ``starved_cpus`` CPUs and the largest memory;
    ``plan-grid-memories``
        how many memory sizes the grid has.
    """
    f = mix_frame() if frame is None else frame
    f = f[f["env"] == env]
    top = max(MEMORIES)
    keep = None
    for m in sorted(MEMORIES, reverse=True):
        ok = True
        for mix in planning.MIXES:
            sub = f[(f["mix"] == mix) & (f["cpus"] == cpus)].set_index("memory_gib")["overall"]
            if (sub[sub.index >= m] < KEEP * sub.loc[top]).any():
                ok = False
        if not ok:
            break
        keep = m
    if keep is None:
        raise ValueError(f"overall_texts: no mix keeps its throughput below {top} GiB with {cpus} CPUs")
    at = f[(f["cpus"] == cpus) & (f["memory_gib"] == keep)]["ratio"]
    starved = f[(f["cpus"] == starved_cpus) & (f["memory_gib"] == top)]["overall"]
    return {
        "plan-keep-pct": f"{100 * (1 - KEEP):.0f}",
        "plan-keep-gib": f"{keep:g}",
        "plan-keep-ratio-min": f"{at.min():.1f}",
        "plan-keep-ratio-max": f"{at.max():.1f}",
        "plan-starved-min": f"{starved.min():.2f}",
        "plan-starved-max": f"{starved.max():.2f}",
        "plan-grid-memories": f"{len(MEMORIES)}",
    }


__all__ = ["BREAK_LEVEL", "CPUS", "KEEP", "LABEL_SEPARATION", "MEMORIES", "MEMORY_LABELS", "break_chart", "breaks_sentence", "cpus_table",
           "explorer_chart", "mix_frame", "shown",
           "mixes_chart", "overall_texts", "variant_frame"]
