"""Chart builders shared by the five workload chapters (database, WAS, file system, Java,
network): the paper's Figures 9–34 recomputed by the model.

Each workload chapter shows, for its variants,

* relative throughput and CPU load in the paper's two views: over real memory with one
  line per CPU count, and over real CPUs grouped by memory (:func:`throughput_chart`), over
  :func:`variant_frame`, one row per (environment, CID, variant) of
  :func:`overcommit.sweep`;
* the page distribution (resident, stored, instantiated, reference instantiated, and for
  z/VM 6.2 the pages in expanded storage) and page-read rate of every guest of the
  workload for a chosen environment and CID (:func:`pages_chart`), over
  :func:`guest_frame`;
* the paper's numbers beside the model's (:func:`paper_vs_model`, :func:`claims_table`);
* a live explorer for any host (:func:`explorer_chart`).

Controls are Vega-Lite parameters bound to inputs over inline data, so the figures work in
a static page. The paper's own normalisations are applied where it used them: the medium
Java and network levels are drawn relative to the *high* level's reference throughput
(Figures 24 and 29), with the ratio the paper states (observations
``o000-jm-ref-pct-high`` and ``o000-nm-ref-pct-high``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import re

import altair as alt
import numpy as np
import pandas as pd

from .. import calibrate, data, names, validation
from ..model import ENVIRONMENTS, simulate, sweep
from ..workloads import study_guests
from .palette import ALERT, BLUES, IO_PARTS, MODEL, MUTED, PAGE_MEASURES, PAPER, WHITE, word
from .figures import (NO_RESULT_MEMORY, WIDE, mark_model_only, model_only_band, model_only_description, one_value_range,
                      zero_scale_by, picker, sig, with_reason)
from .figures_results import CPU_COLOURS, CPU_SERIES, ENV_LABELS, MEMORY_ORDER, MEMORY_TITLE, _paper_cids, env_picker, memory_axis

MEASURES = ("resident", "stored", "instantiated", "reference instantiated", "expanded storage")
MEASURE_COLOURS = tuple(PAGE_MEASURES[m] for m in MEASURES)
MEMORY_COLOURS = BLUES[:6] + [MUTED]  # 48 GiB, which the paper did not run, in grey


@dataclass(frozen=True)
class Workload:
    """A workload of the study: its variants, validation topic and the paper's figures."""

    key: str
    title: str
    variants: tuple[str, ...]
    topic: str  # the validation topic of its claims
    figures: str  # the paper's figure numbers
    normalise: tuple[tuple[str, str, str], ...] = ()  # (variant, reference variant, observation id)


WORKLOADS: dict[str, Workload] = {
    "db": Workload("db", "Database BI", ("db-bi",), "database", "9–11"),
    "was": Workload("was", "Transactional WAS", ("was-medium", "was-high"), "WAS", "12–19"),
    "fs": Workload("fs", "File system I/O", ("fs-direct-medium", "fs-pagecache-medium", "fs-direct-high",
                                            "fs-pagecache-high"), "file system", "20–23"),
    "java": Workload("java", "Java", ("java-medium", "java-high"), "Java", "24–28",
                     (("java-medium", "java-high", "o000-jm-ref-pct-high"),)),
    "net": Workload("net", "Network", ("net-medium", "net-high"), "network", "29–34",
                    (("net-medium", "net-high", "o000-nm-ref-pct-high"),)),
}


def workload(key: str) -> Workload:
    """The :class:`Workload` named ``key`` (db, was, fs, java, net)."""
    if key not in WORKLOADS:
        raise ValueError(f"workload: {key!r} is not accepted; expected one of {', '.join(WORKLOADS)}")
    return WORKLOADS[key]


def paper_scale(key: str) -> dict[str, float]:
    """Per variant, the factor that turns the model's relative throughput into the paper's
    normalisation (1 unless the paper drew the variant against another variant's reference)."""
    w = workload(key)
    obs = data.observations().set_index("id")
    scale = {v: 1.0 for v in w.variants}
    for variant, _, oid in w.normalise:
        scale[variant] = float(obs.loc[oid, "value"]) / 100
    return scale


def variant_frame(key: str, results: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per (environment, CID, variant) of the workload: throughput, CPU, paging, status."""
    w = workload(key)
    s = sweep() if results is None else results
    s = s[s["variant"].isin(w.variants)]
    if s.empty:
        raise ValueError(f"results: no rows for the variants {list(w.variants)}; expected rows of overcommit.sweep()")
    scale = paper_scale(key)
    f = pd.DataFrame({
        "cid": s["cid"], "env": s["env"], "variant": s["variant"],
        "memory_gib": s["memory_gib"].astype(int), "cpus": s["cpus"].astype(int),
        "throughput": sig(s["relative_throughput"]),
        "paper_view": sig(s["relative_throughput"] * s["variant"].map(scale)),
        "cpu_load": sig(s["cpu_load"]),
        "page_read_mib_s": sig(s["page_read_mib_s"]),
        "failed": s["failed"].astype(bool),
        "failure_reason": s["failure_reason"].fillna(""),
    })
    f["name"] = f["variant"].map(names.variant)
    f["series"] = f["cpus"].astype(str)
    f["memory"] = f["memory_gib"].astype(str)
    f["env_label"] = f["env"].map(ENV_LABELS)
    f["status"] = np.where(f["failed"], "failed", "completed")
    f["run"] = with_reason(f["status"], f["failure_reason"])
    return f.reset_index(drop=True)


def value(frame: pd.DataFrame, cid: str, variant: str, column: str = "throughput",
          env: str = "zvm63-edev") -> float:
    """One number of a :func:`variant_frame`: ``column`` of ``variant`` at ``cid`` on ``env``.

    What the workload chapters glue into their prose; raises ``ValueError`` naming the row
    or column that is not in the frame.
    """
    if column not in frame.columns:
        raise ValueError(f"column: {column!r} is not accepted; expected one of {list(frame.columns)}")
    rows = frame[(frame["cid"] == cid) & (frame["env"] == env) & (frame["variant"] == variant)]
    if rows.empty:
        raise ValueError(f"cid, variant, env: ({cid!r}, {variant!r}, {env!r}) is not in the frame; "
                         f"expected a CID of {sorted(set(frame['cid']))}, a variant of "
                         f"{sorted(set(frame['variant']))} and an environment of {sorted(set(frame['env']))}")
    return float(rows[column].iloc[0])


def cid_tag(cid: str) -> str:
    """A CID as it appears in a glue name: ``"64/20"`` → ``"64-20"``."""
    return str(cid).replace("/", "-")


@lru_cache(maxsize=8)
def _guest_frame(key: str, cids: tuple[str, ...], envs: tuple[str, ...]) -> pd.DataFrame:
    w = workload(key)
    ref = simulate("512/25", env="zvm63-edev").guests
    rows = []
    for env in envs:
        for cid in cids:
            r = simulate(cid, env=env)
            g = r.guests[r.guests["variant"].isin(w.variants)]
            total_read = float(r.system["page_read_mib_s"])
            for name, row in g.iterrows():
                rows.append({
                    "env": env, "cid": cid, "guest": name, "variant": row["variant"],
                    "guest_name": names.guest(name),
                    "resident": row["resident_mib"], "stored": row["stored_mib"],
                    "instantiated": row["instantiated_mib"],
                    "reference instantiated": ref.loc[name, "instantiated_mib"],
                    "expanded storage": row["xstor_mib"],
                    "page_read_mib_s": row["page_read_mib_s"],
                    "read_share_pct": 100 * row["page_read_mib_s"] / total_read if total_read > 0 else 0.0,
                    "resident_pct": 100 * row["resident_mib"] / row["instantiated_mib"] if row["instantiated_mib"] > 0 else 0.0,
                    "paged_in_pct_s": 100 * row["page_read_mib_s"] / row["resident_mib"] if row["resident_mib"] > 0 else 0.0,
                })
    return pd.DataFrame(rows)


def guest_frame(key: str, cids=None, envs=None) -> pd.DataFrame:
    """One row per (environment, CID, guest): its memory in MiB by :data:`MEASURES`, its
    page-read rate (MiB/s), its share of the system's page reads (%), its resident share of
    instantiated memory (%) and the percentage of its resident memory paged in per second."""
    cids = tuple(_paper_cids() if cids is None else (str(c) for c in cids))
    envs = tuple(ENVIRONMENTS if envs is None else envs)
    for e in envs:
        if e not in ENVIRONMENTS:
            raise ValueError(f"envs: {e!r} is not accepted; expected one of {', '.join(ENVIRONMENTS)}")
    wide = _guest_frame(key, cids, envs).copy()
    for col in list(MEASURES) + ["page_read_mib_s", "read_share_pct", "resident_pct", "paged_in_pct_s"]:
        wide[col] = sig(wide[col], 3)
    return wide


# --- charts ------------------------------------------------------------------------------

def _cid_picker(default: str, name: str = "cid") -> alt.Parameter:
    return picker(name, _paper_cids(), default, "Configuration (CID)", field="default_cid")


def _variant_picker(variants: tuple[str, ...], value: str, name: str = "variant") -> alt.Parameter:
    return picker(name, variants, value, "Variant", field="variant", labels=[names.variant(v) for v in variants])


_MEASURE_FIELDS = {
    "throughput": ("paper_view", "relative throughput (1 = reference)", ".2f"),
    "cpu_load": ("cpu_load", "CPU load (processors)", ".2f"),
    "page_reads": ("page_read_mib_s", "page read rate (MiB/s)", ".1f"),
}


def _tooltip(field: str, title: str, fmt: str, throughput: tuple[str, str] | None) -> list:
    """A run's tooltip: the chart's measure, then the throughput (``(field, title)``: the
    same normalisation as the throughput chart's axis; ``None`` where the measure is that
    throughput) and the CPU load unless either is the measure, and the run's status with its
    reason."""
    tip = [alt.Tooltip("name:N", title="variant"), alt.Tooltip("cid:N", title="CID"),
           alt.Tooltip("env_label:N", title="environment"), alt.Tooltip(f"{field}:Q", title=title, format=fmt)]
    if throughput is not None:
        tip.append(alt.Tooltip(f"{throughput[0]}:Q", title=throughput[1], format=".3f"))
    if field != "cpu_load":
        tip.append(alt.Tooltip("cpu_load:Q", title="CPU load (processors)", format=".2f"))
    return tip + [alt.Tooltip("run:N", title="model run")]


def _at_this_memory(frame: pd.DataFrame, field: str, fmt: str) -> pd.Series:
    """For each run, every CPU count's value at its environment, variant and memory size, as
    one line ("20 CPUs 0.29, 15 CPUs 0.29, ..."): lines that meet at a memory size put their
    points on one another, and only the top one can be hovered."""
    order = {c: i for i, c in enumerate(CPU_SERIES)}
    spec = fmt.lstrip(".")

    def line(g: pd.DataFrame) -> str:
        g = g.sort_values("series", key=lambda c: c.map(order))
        return ", ".join(f"{c} CPU{'s' if c != 1 else ''} {v:.{spec}}" for c, v in zip(g["cpus"], g[field]))

    keys = ["env", "variant", "memory_gib"]
    lines = frame.groupby(keys, sort=False)[["cpus", "series", field]].apply(line).rename("at_memory")
    return frame[keys].join(lines, on=keys)["at_memory"]


def paper_points(key: str, measure: str = "throughput") -> pd.DataFrame:
    """The paper's stated values for the workload's variants (z/VM 6.3 EDEV-SCSI), on the
    same scale as :func:`throughput_chart`. ``kind`` is ``point`` for a value at one CID
    (``memory_gib``, ``cpus``) and ``rule`` for a value stated for every memory size at one
    CPU count (CID ``*/N``; a range gives two rules, its bounds), with a label and source."""
    w = workload(key)
    obs = data.observations()
    obs = obs[obs["subject"].isin(w.variants)]
    scale = paper_scale(key)
    rows = []
    for _, o in obs.iterrows():
        cid = o["cid"] if isinstance(o["cid"], str) else ""
        if not cid or cid.endswith("/*"):
            continue
        mem, cpus = cid.split("/")
        kind = "rule" if mem == "*" else "point"
        if measure == "throughput" and o["quantity"] in ("relative_throughput", "throughput_degradation_pct"):
            f = scale[o["subject"]] / 100
            # labelled on the axis's scale, a fraction of the reference the chart draws against
            # (a loss is a ratio, the same on either)
            pct = lambda v: f"{v * f:.2f}"  # noqa: E731
            rel = {"=": "", "~": "≈ "}.get(o["relation"], f"{o['relation']} ")
            if o["quantity"] == "throughput_degradation_pct":
                values, text = [100 - o["value"]], f"{pct(100 - o['value'])} (a {o['value']:g} % loss)"
            elif o["relation"] == "between":
                values, text = [o["lower"], o["upper"]], f"{pct(o['lower'])}–{pct(o['upper'])}"
            else:
                values = [o["value"]]
                text = f"{rel}{pct(o['value'])}"
            values = [v * f for v in values]
        elif measure == "cpu_load" and o["quantity"] == "cpu_load_cpus":
            values, text = [float(o["value"])], f"{o['relation']} {o['value']:g} CPUs"
        else:
            continue
        # a point stated as a bound ("< 60 %") is drawn as one, apart from a value at the same
        # height ("60 %" with another CPU count): the two would hide each other
        if kind == "point" and o["relation"] in ("<", "<=", ">", ">="):
            kind = "below" if o["relation"].startswith("<") else "above"
        for v in values:
            rows.append({"variant": o["subject"], "kind": kind,
                         "memory_gib": None if kind == "rule" else int(mem), "cpus": int(cpus),
                         "y": round(float(v), 4), "label": f"paper, {cpus} CPUs: {text}",
                         "source": paper_place(o["source"])})
    out = pd.DataFrame(rows, columns=["variant", "kind", "memory_gib", "cpus", "y", "label", "source"])
    out["series"] = out["cpus"].astype(str)
    out["env"] = "zvm63-edev"
    return out


#: how far right of its host's model points a paper mark is drawn (px)
PAPER_OFFSET = 12

#: the key to the paper's marks and the failed runs, under the chart's title (Vega-Lite
#: draws no legend for marks that share the CPU counts' colours)
PAPER_KEY = ["\u25c6 paper's value at one host   \u25bd \u25b3 paper's bound at one host",
             "- - - paper's value at every memory size   \u271a failed run (model)"]


def paper_place(source: str) -> str:
    """Where in the paper an observation is, as the book names it: ``seed 000, section
    "Java workload", CID 64/20, Conclusions paragraph 2`` → "Johanssen and Doelle 2014,
    section "Java workload", CID 64/20, conclusions paragraph 2"."""
    text = str(source)
    if not text.startswith("seed 000, "):
        raise ValueError(f"source: {source!r} is not accepted; expected a place in the paper, starting 'seed 000, '")
    text = re.sub(r", (Observations|Conclusions)", lambda m: ", " + m.group(1).lower(), text[len("seed 000, "):])
    return f"{PAPER_AUTHORS}, {text}"


#: the paper (seed document 000) as the book cites it
PAPER_AUTHORS = "Johanssen and Doelle 2014"


def throughput_chart(frame: pd.DataFrame, key: str, measure: str = "throughput",
                     variant: str | None = None) -> alt.VConcatChart:
    """The paper's two views of one measure for the chosen environment and variant.

    Top: over real memory (largest on the left), one line per real-CPU count. Bottom: the
    same values grouped by real CPUs, one bar per memory size within each group. The
    paper's stated values for z/VM 6.3 EDEV-SCSI are drawn as diamonds outlined in black (one
    CID) or dashed lines (every memory size at one CPU count), in the CPU count's colour.
    """
    if measure not in _MEASURE_FIELDS:
        raise ValueError(f"measure: {measure!r} is not accepted; expected one of {', '.join(_MEASURE_FIELDS)}")
    w = workload(key)
    field, ytitle, fmt = _MEASURE_FIELDS[measure]
    variant = w.variants[0] if variant is None else variant
    env = env_picker()
    params = [env]
    if len(w.variants) > 1:
        pick = _variant_picker(w.variants, variant)
        params.append(pick)
        paper = alt.Chart(paper_points(key, measure)).transform_filter(
            (alt.datum.env == env) & (alt.datum.variant == pick))
    else:
        paper = alt.Chart(paper_points(key, measure)).transform_filter(alt.datum.env == env)
    if measure == "throughput" and w.normalise:
        ytitle = "relative throughput (paper's normalisation)"
    if measure == "throughput":
        throughput = None
    elif w.normalise:
        throughput = ("paper_view", "relative throughput (paper's normalisation)")
    else:
        throughput = ("throughput", "relative throughput (1 = reference)")
    tip = _tooltip(field, ytitle, fmt, throughput)
    frame = frame.assign(at_memory=_at_this_memory(frame, field, fmt))
    base = alt.Chart(frame).transform_filter(alt.datum.env == env)
    if len(w.variants) > 1:
        base = base.transform_filter(alt.datum.variant == pick)
    line_tip = tip + [alt.Tooltip("at_memory:N", title="every CPU count at this memory")]
    x_mem = alt.X("memory_gib:O", sort=MEMORY_ORDER, scale=alt.Scale(domain=MEMORY_ORDER),
                  title=MEMORY_TITLE, axis=memory_axis())
    points = paper_points(key, measure)
    controls = [(env, "env")] + ([(pick, "variant")] if len(w.variants) > 1 else [])
    y_scale = zero_scale_by([(frame, field), (points, "y")], controls)
    y = alt.Y(f"{field}:Q", title=ytitle, axis=alt.Axis(format=fmt), scale=y_scale)
    colour = alt.Color("series:N", title="real CPUs", sort=CPU_SERIES,
                       scale=alt.Scale(domain=CPU_SERIES, range=CPU_COLOURS))
    lines = base.mark_line().encode(x=x_mem, y=y, color=colour)
    dots = mark_model_only(base.mark_point(size=40).encode(x=x_mem, y=y, color=colour, tooltip=line_tip),
                           "datum.memory_gib", "datum.cpus", "datum.env")
    crosses = base.transform_filter(alt.datum.failed).mark_point(
        shape="cross", size=160, color=ALERT, strokeWidth=2, filled=True).encode(x=x_mem, y=y, tooltip=tip)
    ptip = [alt.Tooltip("label:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")]
    # the paper's marks sit beside the model's points of their host, not on them: on top
    # they would take the hover of every model point they cover
    diamonds = paper.transform_filter(alt.datum.kind == "point").mark_point(
        shape="diamond", size=150, filled=True, stroke=PAPER, strokeWidth=2, opacity=0.95, xOffset=PAPER_OFFSET,
    ).encode(x=x_mem, y=alt.Y("y:Q", scale=y_scale), color=colour, tooltip=ptip)
    # bounds: an open triangle pointing where the value lies, larger than a diamond, so a
    # bound and a value at the same place both show
    bounds = [paper.transform_filter(alt.datum.kind == kind).mark_point(
        shape=shape, size=340, filled=False, strokeWidth=2.5, opacity=0.95, xOffset=PAPER_OFFSET,
    ).encode(x=x_mem, y=alt.Y("y:Q", scale=y_scale), color=colour, tooltip=ptip)
        for kind, shape in (("below", "triangle-down"), ("above", "triangle-up"))]
    rules = paper.transform_filter(alt.datum.kind == "rule").mark_rule(strokeDash=[6, 3], strokeWidth=2).encode(
        y=alt.Y("y:Q", scale=y_scale), color=colour, tooltip=ptip)
    top = alt.layer(model_only_band(x_mem), lines, dots, crosses, rules, *bounds, diamonds).add_params(*params).properties(
        width=WIDE, height=220, title=alt.Title("Over real memory, one line per CPU count", subtitle=PAPER_KEY))
    mem_series = [str(m) for m in MEMORY_ORDER]
    bars = mark_model_only(base.mark_bar().encode(
        x=alt.X("series:N", sort=CPU_SERIES, title="z/VM real CPUs (processors)", axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("memory:N", sort=mem_series),
        y=alt.Y(f"{field}:Q", title=ytitle, axis=alt.Axis(format=fmt)),
        color=alt.Color("memory:N", title="real memory (GiB)", sort=mem_series,
                        scale=alt.Scale(domain=mem_series, range=MEMORY_COLOURS)),
        tooltip=tip,
    ), "datum.memory_gib", "datum.cpus", "datum.env", legend=False)
    bottom = bars.properties(width=WIDE, height=200, title="Over real CPUs, grouped by memory")
    label = {"throughput": "relative throughput", "cpu_load": "CPU load", "page_reads": "page read rate"}[measure]
    what = "the variant chosen in the second drop-down" if len(w.variants) > 1 else names.variant(w.variants[0])
    norm = ""
    if measure == "throughput" and w.normalise:
        norm = (" Medium-level values are scaled to the high level's reference throughput, as in the "
                "paper.")
    return alt.vconcat(top, bottom).resolve_scale(color="independent", stroke="independent").properties(
        title=f"{w.title}: {label} (model)",
        description=(
            f"Two charts of the model's {label} of {what}, for the environment chosen in the first "
            f"drop-down. Top: real memory falls from 512 GiB on the left to 48 GiB on the right, "
            f"one line per number of real CPUs; {word(ALERT)} crosses mark runs in which a workload fails, "
            f"diamonds with a {word(PAPER)} outline the values the paper states for z/VM 6.3 with EDEV-SCSI "
            f"paging at one configuration, open triangles the bounds it states there (pointing down for "
            f"'less than'), dashed lines in a CPU count's colour the values (or "
            f"the bounds of a range) it states for all memory sizes at that CPU count. "
            f"Bottom: the same values grouped by real CPUs, one bar per memory size, darkest for "
            f"512 GiB.{norm} {model_only_description('points', NO_RESULT_MEMORY)} "
            f"{model_only_description('bars')}"
        ),
    )


def pages_chart(gframe: pd.DataFrame, key: str, default_cid: str = "64/20") -> alt.HConcatChart:
    """Page distribution and page-read rate of the workload's guests for a chosen env and CID."""
    w = workload(key)
    env = env_picker()
    cid = _cid_picker(default_cid)
    chosen = alt.Chart(gframe).transform_filter((alt.datum.env == env) & (alt.datum.cid == cid))
    base = chosen.transform_fold(list(MEASURES), as_=["measure", "mib"])
    guests = list(dict.fromkeys(gframe["guest_name"]))
    tip = [alt.Tooltip("guest_name:N", title="guest"), alt.Tooltip("cid:N", title="CID"), alt.Tooltip("measure:N"), alt.Tooltip("mib:Q", title="MiB", format=",.0f"),
           alt.Tooltip("resident_pct:Q", title="resident / instantiated (%)", format=".1f")]
    dist = base.mark_bar().encode(
        y=alt.Y("guest_name:N", sort=guests, title=None),
        yOffset=alt.YOffset("measure:N", sort=list(MEASURES)),
        x=alt.X("mib:Q", title="memory (MiB)", axis=alt.Axis(format=",.0f")),
        color=alt.Color("measure:N", sort=list(MEASURES), title="pages",
                        scale=alt.Scale(domain=list(MEASURES), range=list(MEASURE_COLOURS)),
                        legend=alt.Legend(orient="bottom", columns=3)),
        tooltip=tip,
    ).add_params(env, cid).properties(width=300, height=max(90, 62 * len(guests)),
                                      title="Page distribution")
    reads = chosen
    rtip = [alt.Tooltip("guest_name:N", title="guest"), alt.Tooltip("page_read_mib_s:Q", title="page reads (MiB/s)", format=".2f"),
            alt.Tooltip("read_share_pct:Q", title="share of all page reads (%)", format=".1f"),
            alt.Tooltip("paged_in_pct_s:Q", title="resident memory paged in per second (%)", format=".3f")]
    rbars = reads.mark_bar(color=IO_PARTS["page reads"]).encode(
        y=alt.Y("guest_name:N", sort=guests, title=None, axis=alt.Axis(labels=False, ticks=False)),
        x=alt.X("page_read_mib_s:Q", title="page reads (MiB/s)"), tooltip=rtip)
    # the value above the bar's middle, where the paper's diamond for it may sit
    rtext = reads.mark_text(align="left", dx=3, dy=-11, fontSize=10).encode(
        y=alt.Y("guest_name:N", sort=guests), x="page_read_mib_s:Q",
        text=alt.Text("page_read_mib_s:Q", format=".3~g"))
    right = [rbars, rtext]
    paper = paper_pages(key)
    said = ""
    if len(paper):
        # the paper's own numbers for its one breakdown (64/20 on z/VM 6.3, EDEV-SCSI), drawn
        # beside the model's bars when that run is picked, as the throughput charts draw theirs
        shown = alt.Chart(paper).transform_filter((alt.datum.env == env) & (alt.datum.cid == cid))
        ptip = [alt.Tooltip("guest_name:N", title="guest"), alt.Tooltip("measure:N"),
                alt.Tooltip("text:N", title="paper"), alt.Tooltip("source:N", title="where in the paper")]
        diamond = dict(shape="diamond", size=110, filled=True, color=PAPER, stroke=WHITE_EDGE, strokeWidth=1)
        marks = shown.transform_filter(alt.datum.measure != PAPER_READS).mark_point(**diamond).encode(
            y=alt.Y("guest_name:N", sort=guests), yOffset=alt.YOffset("measure:N", sort=list(MEASURES)),
            x="mib:Q", tooltip=ptip)
        dist = alt.layer(dist, marks)
        right.append(shown.transform_filter(alt.datum.measure == PAPER_READS).mark_point(**diamond).encode(
            y=alt.Y("guest_name:N", sort=guests), x="mib:Q", tooltip=ptip))
        said = (f" {word(PAPER).capitalize()} diamonds, shown when 64/20 on z/VM 6.3 with EDEV-SCSI paging is "
                "picked, are the paper's values for that run: "
                + "; ".join(f"{m} {t.removeprefix('paper: ')}" for m, t in zip(paper["measure"], paper["text"])) + ".")
    # each panel's axis ends where the chosen run's largest bar or diamond does, given as an
    # expression of the drop-downs: left to the data, Vega-Lite would take the extent of the
    # paper's layer too, which is empty for every other run ("Infinite extent" warnings)
    dist = dist.encode(x=alt.X("mib:Q", title="memory (MiB)", axis=alt.Axis(format=",.0f"),
                               scale=alt.Scale(domain=[0, _largest(gframe, paper, list(MEASURES), env, cid)], nice=True)))
    right[0] = right[0].encode(x=alt.X("page_read_mib_s:Q", title="page reads (MiB/s)",
                                       scale=alt.Scale(domain=[0, _largest(gframe, paper, ["page_read_mib_s"], env, cid, room=1.3)], nice=True)))
    right = alt.layer(*right).properties(width=130, height=max(90, 62 * len(guests)), title="Page reads")
    return alt.hconcat(dist, right).properties(
        title=alt.Title(f"{w.title}: pages of each guest (model)",
                        subtitle=["\u25c6 the paper's value (64/20 on z/VM 6.3, EDEV-SCSI)"] if len(paper) else []),
        description=(
            f"For the environment and configuration chosen in the drop-downs, one group of bars per "
            f"guest of the {w.title} workload ({'; '.join(guests)}): its resident memory, the memory "
            f"stored on the paging devices, its instantiated memory, its instantiated memory in the "
            f"reference run 512/25, and on z/VM 6.2 the memory in expanded storage, all in MiB. "
            f"Right: each guest's page read rate in MiB/s.{said}"
        ),
    )


def _largest(gframe: pd.DataFrame, paper: pd.DataFrame, columns: list[str], env: alt.Parameter,
             cid: alt.Parameter, room: float = 1.0) -> dict:
    """The largest value a panel of :func:`pages_chart` draws for each environment and CID
    (the model's ``columns`` and the paper's diamonds of that panel), times ``room`` (space
    for the value labels after the bars), as an expression of the two drop-downs (1 where
    nothing is drawn)."""
    model = gframe[["env", "cid"]].assign(value=gframe[columns].max(axis=1))
    reads = columns == ["page_read_mib_s"]
    if len(paper):
        mine = paper[(paper["measure"] == PAPER_READS) == reads]
        model = pd.concat([model, mine[["env", "cid"]].assign(value=mine["mib"])])
    top = model.groupby(["env", "cid"])["value"].max()
    table = ", ".join(f"'{e}|{c}': {float(v) * room if v > 0 else 1.0:.4g}" for (e, c), v in top.items())
    return {"expr": f"({{{table}}})[{env.name} + '|' + {cid.name}] || 1"}


#: the paper's page reads in :func:`paper_pages` (a measure of their own, on the right panel)
PAPER_READS = "page reads"
#: a thin light edge that keeps a black diamond apart from the dark bar under it
WHITE_EDGE = WHITE


def paper_pages(key: str) -> pd.DataFrame:
    """The paper's MiB values for the breakdown of :func:`pages_chart`: a guest's resident and
    instantiated memory at 64/20, its instantiated memory in the reference run 512/25 (the
    bar "reference instantiated"), and its page reads (MiB/s), for every guest of the
    workload the paper gives them for (z/VM 6.3, EDEV-SCSI; stated values only, not bounds)."""
    w = workload(key)
    obs = data.observations()
    mine = {g.name for g in study_guests() if g.variant in w.variants}
    which = {("resident_mib", "64/20"): "resident", ("instantiated_mib", "64/20"): "instantiated",
             ("instantiated_mib", "512/25"): "reference instantiated", ("page_read_mib_s", "64/20"): PAPER_READS}
    rows = []
    for o in obs.to_dict("records"):
        measure = which.get((o["quantity"], o["cid"]))
        if (measure is None or o["document"] != "seed 000" or o["env"] != "zvm63-edev"
                or o["relation"] not in ("=", "~") or o["subject"] not in mine):
            continue
        unit = "MiB/s" if measure == PAPER_READS else "MiB"
        about = "≈ " if o["relation"] == "~" else ""
        rows.append({"env": "zvm63-edev", "cid": "64/20", "guest_name": names.guest(o["subject"]), "measure": measure,
                     "mib": float(o["value"]), "text": (f"paper: {about}{o['value']:,.0f} {unit}" if unit == "MiB"
                                                       else f"paper: {about}{o['value']:g} {unit}")
                     + (" (in the reference run 512/25)" if o["cid"] == "512/25" else ""),
                     "source": paper_place(o["source"])})
    return pd.DataFrame(rows, columns=["env", "cid", "guest_name", "measure", "mib", "text", "source"])


# --- paper against model -----------------------------------------------------------------

_GUEST_QUANTITIES = {
    "resident_fraction_pct": ("resident / instantiated (%)", lambda g, s: 100 * g.resident_mib.sum() / g.instantiated_mib.sum()),
    "stored_fraction_pct": ("stored / instantiated (%)", lambda g, s: 100 * g.stored_mib.sum() / g.instantiated_mib.sum()),
    "dpa_share_pct": ("resident share of the DPA (%)", lambda g, s: 100 * g.resident_mib.sum() / s["dpa_mib"]),
    "page_read_share_pct": ("share of all page reads (%)", lambda g, s: 100 * g.page_read_mib_s.sum() / s["page_read_mib_s"]),
    "paged_in_fraction_per_s_pct": ("resident memory paged in per second (%)",
                                    lambda g, s: 100 * g.page_read_mib_s.sum() / g.resident_mib.sum()),
    "page_read_mib_s": ("page reads (MiB/s)", lambda g, s: g.page_read_mib_s.sum()),
    "page_in_mib_s": ("page-ins (MiB/s)", lambda g, s: g.page_read_mib_s.sum()),
    "resident_mib": ("resident memory (MiB)", lambda g, s: g.resident_mib.sum()),
    "instantiated_mib": ("instantiated memory (MiB)", lambda g, s: g.instantiated_mib.sum()),
}


def guest_value(quantity: str, names, cid, env: str = "zvm63-edev") -> float:
    """One of the guest quantities of :func:`paper_vs_model` (an observation's ``quantity``,
    such as ``"page_read_share_pct"``) for the guests ``names`` in the model's run ``cid``:
    the same computation as the table's model column, for the prose beside it."""
    r = simulate(cid, env=env)
    return float(_GUEST_QUANTITIES[quantity][1](r.guests.loc[list(names)], r.system))


def subject_guests(subject: str, guests=None) -> list[str]:
    """The model guests an observation's subject refers to: a guest, a variant, a component
    of both WAS levels (``was-ihs``, ``was-was``, ``was-db2``) or a family prefix (``java``)."""
    gs = study_guests() if guests is None else guests
    names = [g.name for g in gs]
    if subject in names:
        return [subject]
    by_variant = [g.name for g in gs if g.variant == subject]
    if by_variant:
        return by_variant
    if subject.startswith("was-") and subject.count("-") == 1:
        comp = subject.split("-")[1]
        return [n for n in names if n.startswith("was-") and n.endswith("-" + comp)]
    return [g.name for g in gs if g.variant.startswith(subject + "-") or g.variant == subject]


def _verdict(relation: str, paper: float, lower, upper, model: float) -> str:
    if relation == "between":
        return "✓" if lower <= model <= upper else "✗"
    if relation == "<":
        return "✓" if model < paper else "✗"
    if relation == ">":
        return "✓" if model > paper else "✗"
    if relation == ">=":
        return "✓" if model >= paper else "✗"
    if paper == 0:
        return "✓" if abs(model) < 1 else "✗"
    return "✓" if abs(model - paper) <= 0.25 * abs(paper) else "✗"


def _use(o, fitted: frozenset[str]) -> str:
    if o["id"] in fitted:
        return "fitted"
    if o["cid"] == "512/25" and o["quantity"] == "instantiated_mib":
        return "input"  # Table 17's reference instantiated memory is what the model starts from
    if (o["cid"] == calibrate.CALIBRATION_CID and o["env"] in (calibrate.CALIBRATION_ENV, None, "")
            and o["quantity"] not in ("relative_throughput", "throughput_degradation_pct")):
        return "in-sample"  # same run as the fit: restates or follows from fitted numbers
    return "validation"


def paper_vs_model(key: str) -> pd.DataFrame:
    """The paper's numbers for the workload's guests at concrete CIDs (z/VM 6.3 EDEV-SCSI)
    beside the model's. Verdict: ✓ when the model satisfies the paper's relation, taking
    "about" and "=" as within 25 %. ``use`` keeps calibration and validation apart:
    ``fitted`` (a calibration target, :func:`overcommit.calibrate.target_observations`),
    ``input`` (a number the model starts from), ``in-sample`` (the calibration run 64/20 on
    z/VM 6.3 EDEV-SCSI, so it restates or follows from fitted numbers) or ``validation``
    (nothing was fitted to it). Only ``validation`` rows test the model."""
    w = workload(key)
    obs = data.observations()
    gs = study_guests()
    mine = {g.name for g in gs if g.variant in w.variants}
    fitted = calibrate.target_observations()
    rows = []
    for _, o in obs.iterrows():
        cid = o["cid"] if isinstance(o["cid"], str) else ""
        if not cid or "*" in cid or o["document"] != "seed 000":
            continue
        names = subject_guests(o["subject"], gs)
        if not names or not set(names) <= mine:
            continue
        r = simulate(cid, env="zvm63-edev")
        q = o["quantity"]
        if q in _GUEST_QUANTITIES:
            label, fn = _GUEST_QUANTITIES[q]
            model = float(fn(r.guests.loc[names], r.system))
        elif q == "relative_throughput" and o["subject"] in w.variants:
            label, model = "relative throughput (%)", 100 * float(r.workloads.loc[o["subject"], "relative_throughput"])
        elif q == "throughput_degradation_pct" and o["subject"] in w.variants:
            label, model = "throughput loss (%)", 100 * (1 - float(r.workloads.loc[o["subject"], "relative_throughput"]))
        else:
            continue
        rel = {"~": "≈", "=": "", "between": ""}.get(o["relation"], o["relation"])
        paper = (f"{o['lower']:g}–{o['upper']:g}" if o["relation"] == "between" else f"{rel} {o['value']:g}".strip())
        rows.append({"subject": subject_name(o["subject"]), "CID": cid, "quantity": label, "paper": paper,
                     "model": f"{model:.3g}" if abs(model) < 1000 else f"{model:,.0f}",
                     "verdict": _verdict(o["relation"], o["value"], o["lower"], o["upper"], model),
                     "use": _use(o, fitted),
                     "source": str(o["source"]).replace("seed 000, ", ""), "id": o["id"]})
    out = pd.DataFrame(rows, columns=["id", "subject", "CID", "quantity", "paper", "model", "verdict", "use", "source"])
    return out.set_index("id")


def paper_vs_model_table(key: str) -> pd.DataFrame:
    """:func:`paper_vs_model` as a reader reads it: each row named by where the paper says it
    (the paragraph of the workload's section; the CID is a column) rather than by its record
    id, and a verdict on a value the paper states (=, ≈) that says how far the model is off,
    since ✓ allows 25 %: "✓ 21 % low" is a pass, not a match."""
    t = paper_vs_model(key)
    where = t["source"].map(lambda src: re.sub(
        r", (Observations|Conclusions)", lambda m: ", " + m.group(1).lower(),
        re.sub(r'(^|, )CID \d+/\d+', "", re.sub(r'^section "[^"]*",? ?', "", src))).lstrip(", ") or src)
    out = t.drop(columns=["source"]).copy()
    out["verdict"] = [_verdict_words(v, p, m) for v, p, m in zip(t["verdict"], t["paper"], t["model"])]
    out.index = pd.Index(where.str.replace(r"^(\w)", lambda m: m.group(1).upper(), regex=True).to_numpy(),
                         name="where in the paper")
    return out


def _verdict_words(verdict: str, paper: str, model: str) -> str:
    """A verdict with the distance from a stated value ("✓ 21 % low"); a bound or a range
    ("< 60", "30–44") keeps its bare mark."""
    try:
        stated = float(str(paper).replace("≈", "").replace(",", "").strip())
        value = float(str(model).replace(",", ""))
    except ValueError:
        return verdict
    if stated == 0:
        return verdict
    off = 100 * (value - stated) / stated
    if round(off) == 0:
        return f"{verdict} on the value"
    return f"{verdict} {abs(off):.0f} % {'low' if off < 0 else 'high'}"


def subject_name(subject: str) -> str:
    """An observation's subject as a reader names it: a guest or variant by
    :mod:`overcommit.names`, a component of both WAS levels (``was-ihs``) as "WebSphere: web
    server (IHS)", a family prefix (``java``) by its workload's title."""
    try:
        return names.name(subject)
    except ValueError:
        pass
    family, _, part = subject.partition("-")
    if family == "was" and part in names.ROLES:
        return f"WebSphere: {names.ROLES[part]}"
    family_of = [v for v in names.VARIANTS if v.startswith(subject + "-")]
    if family_of:
        # "fs-direct" is both direct-I/O levels: "fio, direct I/O (both levels)"
        stems = {names.variant(v).rsplit(", ", 1)[0] for v in family_of}
        if len(stems) == 1:
            return f"{stems.pop()} ({'both levels' if len(family_of) == 2 else 'every variant'})"
        titles = {w.variants[0].split("-")[0]: w.title for w in WORKLOADS.values()}
        if subject in titles:
            return titles[subject]
    raise ValueError(f"subject: {subject!r} is not accepted; expected a guest, a variant, a WAS component or a workload family")


def claims_table(key: str, ids: bool = False) -> pd.DataFrame:
    """The validation claims of the workload's topic (see :mod:`overcommit.validation`),
    indexed by the claim's number as the book shows it (:func:`overcommit.names.claim`), or by
    its id with ``ids``."""
    w = workload(key)
    v = validation.evaluate()
    v = v[v["topic"] == w.topic]
    out = pd.DataFrame({
        "claim (paper)": v["finding"], "kind": v["kind"], "paper": v["paper"], "model": v["model"].astype(str).map(one_value_range),
        "verdict": np.where(v["passed"], "✓ matches", "✗ misses"),
        "source": v["source"].str.replace("seed 000, ", "", regex=False),
    })
    out.index = pd.Index(v["id"] if ids else v["id"].map(names.claim), name="claim")
    return out


# --- the live explorer -----------------------------------------------------------------

def any_cid_chart(key: str, memory_gib: int = 64, cpus: int = 20) -> alt.VConcatChart:
    """The workload's variants at any host of the dense grid
    (:func:`overcommit.book.figures_results.any_cid_chart`), each against its own reference run."""
    from .figures_results import any_cid_chart as _any

    w = workload(key)
    return _any(variants=w.variants, memory_gib=memory_gib, cpus=cpus, title=f"{w.title} at any host", time_key=key)


def explorer_chart(key: str, memory_gib: float = 64, cpus: int = 20, env: str = "zvm63-edev") -> alt.VConcatChart:
    """Any host through :func:`overcommit.simulate`: the workload's throughput per variant
    and the page distribution of its guests."""
    w = workload(key)
    r = simulate((memory_gib, cpus), env=env)
    wl = r.workloads.loc[list(w.variants)]
    tp = pd.DataFrame({"variant": [names.variant(v) for v in w.variants], "throughput": sig(wl["relative_throughput"]).to_numpy(),
                       "status": np.where(wl["failed"], "fails", "completes")})
    tp["model run"] = with_reason(tp["status"], wl["failure_reason"].to_numpy())
    bars = alt.Chart(tp).mark_bar(height=16).encode(
        y=alt.Y("variant:N", sort=list(tp["variant"]), title=None),
        x=alt.X("throughput:Q", title="relative throughput (1 = reference)", scale=alt.Scale(domain=[0, 1.2])),
        color=alt.Color("status:N", scale=alt.Scale(domain=["completes", "fails"], range=[MODEL, ALERT]),
                        title="model run"),
        tooltip=["variant:N", alt.Tooltip("throughput:Q", format=".3f"), alt.Tooltip("model run:N")],
    )
    text = alt.Chart(tp).mark_text(align="left", dx=3).encode(
        y=alt.Y("variant:N", sort=list(tp["variant"])), x="throughput:Q", text=alt.Text("throughput:Q", format=".2f"))
    top = alt.layer(bars, text).properties(width=WIDE, height=28 * len(w.variants) + 10,
                                           title=f"{w.title} at {names.cid(r.system['cid'])} on {ENV_LABELS[env]}")
    ref = simulate("512/25").guests
    g = r.guests[r.guests["variant"].isin(w.variants)]
    pages = pd.DataFrame({
        "guest": np.repeat([names.guest(n) for n in g.index], 4),
        "measure": list(MEASURES[:4]) * len(g),
        "mib": np.column_stack([g["resident_mib"], g["stored_mib"], g["instantiated_mib"],
                                ref.loc[g.index, "instantiated_mib"]]).ravel(),
    })
    pages["mib"] = sig(pages["mib"], 3)
    dist = alt.Chart(pages).mark_bar().encode(
        y=alt.Y("guest:N", sort=[names.guest(n) for n in g.index], title=None),
        yOffset=alt.YOffset("measure:N", sort=list(MEASURES[:4])),
        x=alt.X("mib:Q", title="memory (MiB)", axis=alt.Axis(format=",.0f")),
        color=alt.Color("measure:N", sort=list(MEASURES[:4]), title="pages",
                        scale=alt.Scale(domain=list(MEASURES[:4]), range=list(MEASURE_COLOURS[:4])),
                        legend=alt.Legend(orient="bottom", columns=4)),
        tooltip=["guest:N", "measure:N", alt.Tooltip("mib:Q", format=",.0f")],
    ).properties(width=WIDE, height=max(80, 50 * len(g)), title="Page distribution of the workload's guests")
    from .figures_time import time_bars

    time = time_bars(r, key)
    return alt.vconcat(top, dist, time).resolve_scale(color="independent", opacity="independent").properties(
        description=(
            f"Model result for {names.cid(r.system['cid'])} on {ENV_LABELS[env]}: bars of the relative throughput "
            f"of each {w.title} variant ("
            # from the unrounded values: two roundings (4 digits, then 2) can differ from one
            + ", ".join(f"{v} {x:.2f}" for v, x in zip(tp['variant'], wl["relative_throughput"].to_numpy()))
            + "), then each guest's resident, stored, instantiated and reference instantiated memory in MiB"
            + ", then where the time of one unit of each variant's work goes (working on a CPU, spinning on a lock, "
            "waiting for a real CPU, stalled on paging, own I/O, think time and network) beside the reference run's."
        )
    )


__all__ = ["WORKLOADS", "Workload", "any_cid_chart", "cid_tag", "claims_table", "explorer_chart", "guest_frame", "pages_chart",
           "paper_pages", "paper_place", "paper_points", "paper_scale", "paper_vs_model", "paper_vs_model_table", "subject_guests", "throughput_chart",
           "value", "variant_frame", "workload"]
