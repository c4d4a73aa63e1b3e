"""Where the time goes: charts of :attr:`overcommit.Result.breakdown`, one unit of a
workload's work split into its causes (:data:`overcommit.model.BREAKDOWN_PARTS`).

Three views, one data layout:

* :func:`time_chart`, the section "Where the time goes" of each results chapter: one stacked
  bar per memory size of the paper's grid at the CPUs and environment chosen, the reference
  run's bar on top;
* :func:`any_host_panel`, the same parts for every variant at any host of the dense grid,
  beside its reference bar, added to the "any host" charts
  (:func:`overcommit.book.figures_results.any_cid_chart`);
* :func:`time_bars`, the live explorers' panel, from one :func:`overcommit.simulate` run.

The static charts read the dense grid's breakdowns from per-workload files the build writes
(:func:`write_time_files`: ``_static/data/time_<workload>.csv``, and ``time_all.csv`` for the
eleven variants), so a page loads only its workload's parts. Each part is stored in
thousandths of the variant's reference cycle (whole numbers: the charts need no more, and a
part below a thousandth draws as nothing); a chart multiplies by the cycle to show seconds
or milliseconds.
"""

from __future__ import annotations

from pathlib import Path

import altair as alt
import pandas as pd

from .. import names
from ..model import BREAKDOWN_PARTS, ENVIRONMENTS, simulate
from ..workloads import VARIANTS, study_variants
from .figures import (MODEL_ONLY, WIDE, mark_model_only, model_only_description, model_only_key, picker,
                      prose, provenance_expr, sig)
from .figures_results import ANY_CPUS, ANY_MEMORY_GIB, CPU_SERIES, MEMORY_ORDER, env_picker
from .palette import MUTED, TIME_PARTS, word

#: the parts in stacking order, in words
PART_NAMES: list[str] = [names.time_part(p) for p in BREAKDOWN_PARTS]
PART_COLOURS: list[str] = [TIME_PARTS[p] for p in BREAKDOWN_PARTS]
#: the reference run (CID 512/25 on z/VM 6.3 with EDEV-SCSI), against which every part is measured
REFERENCE = ("512/25", "zvm63-edev")
REFERENCE_LABEL = "reference run"
#: the reference run's bar beside a host's, as a share of the host bar's thickness
REFERENCE_BAND = 0.45
#: parts are stored in thousandths of the reference cycle
PER_CYCLE = 1000
#: where the build writes the files, relative to the site's root; ``{key}`` is a workload
#: of :data:`overcommit.book.figures_workload.WORKLOADS` or ``all``
TIME_FILE = "_static/data/time_{key}.csv"
#: each workload's unit of work as its chapter names it: (unit, seconds in one unit)
UNITS: dict[str, tuple[str, float]] = {
    "db": ("s per query", 1.0),
    "was": ("ms per transaction", 1e-3),
    "fs": ("ms per I/O", 1e-3),
    "java": ("ms per transaction", 1e-3),
    "net": ("ms per transaction", 1e-3),
    "all": ("reference cycles", None),  # each variant in its own reference cycles
}


def _workload_variants(key: str) -> tuple[str, ...]:
    from .figures_workload import WORKLOADS

    if key == "all":
        return tuple(VARIANTS)
    if key not in WORKLOADS:
        raise ValueError(f"workload: {key!r} is not accepted; expected one of {', '.join([*WORKLOADS, 'all'])}")
    return WORKLOADS[key].variants


def column(variant: str, part: str) -> str:
    """The file's column of ``part`` of ``variant``: ``"db-bi:cpu_wait"``."""
    return f"{variant}:{part}"


def shares(breakdown: pd.DataFrame) -> pd.DataFrame:
    """A :attr:`overcommit.Result.breakdown`'s parts as shares of each variant's reference
    cycle (the reference run's parts sum to 1)."""
    return breakdown[list(BREAKDOWN_PARTS)].div(breakdown["reference"], axis=0)


def time_frame(memories=ANY_MEMORY_GIB, cpus=ANY_CPUS, envs=ENVIRONMENTS) -> pd.DataFrame:
    """The breakdown at every host of the dense grid, one row per run: ``env``, ``m``,
    ``c``, the failed variants (space-separated) and, per variant and part
    (:func:`column`), thousandths of the variant's reference cycle as whole numbers."""
    for e in envs:
        if e not in ENVIRONMENTS:
            raise ValueError(f"envs: {e!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    rows = []
    for e in envs:
        for c in cpus:
            for m in memories:
                r = simulate((m, c), env=e, strict=False)
                b = r.breakdown
                row = {"env": e, "m": int(m), "c": int(c), "failed": " ".join(b.index[b["failed"]])}
                part = shares(b)
                for v in b.index:
                    for p in BREAKDOWN_PARTS:
                        row[column(v, p)] = int(round(PER_CYCLE * float(part.loc[v, p])))
                rows.append(row)
    return pd.DataFrame(rows)


def time_grid() -> pd.DataFrame:
    """:func:`time_frame` on the dense grid, from :mod:`overcommit.cache`."""
    from ..cache import cached

    return cached("time-grid", time_frame)


def write_time_files(folder, frame: pd.DataFrame | None = None) -> list[Path]:
    """Write ``time_<workload>.csv`` for each workload and ``time_all.csv`` into ``folder``
    (the build passes the site's ``_static/data``); returns the paths."""
    from .figures_workload import WORKLOADS

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    frame = time_grid() if frame is None else frame
    paths = []
    for key in [*WORKLOADS, "all"]:
        variants = _workload_variants(key)
        path = folder / Path(TIME_FILE.format(key=key)).name
        frame[["env", "m", "c", "failed"] + [column(v, p) for v in variants for p in BREAKDOWN_PARTS]].to_csv(path, index=False)
        paths.append(path)
    return paths


def _cycle(variant: str) -> float:
    return study_variants()[variant].cycle_s


def unit_scale(key: str) -> tuple[str, dict[str, float]]:
    """The axis unit of workload ``key`` and, per variant, what one stored thousandth is in it."""
    unit, seconds = UNITS[key]
    variants = _workload_variants(key)
    if seconds is None:
        return unit, {v: 1.0 / PER_CYCLE for v in variants}
    return unit, {v: _cycle(v) / seconds / PER_CYCLE for v in variants}


def _long(breakdown: pd.DataFrame, key: str) -> pd.DataFrame:
    """The parts of one run's breakdown for the variants of ``key``, one row per variant and
    part (variant, name, part, order, value in the chart's unit, share of the reference
    cycle), each stored to a thousandth of the cycle as the static charts' files store it."""
    _, scale = unit_scale(key)
    part = shares(breakdown)
    rows = []
    for v in _workload_variants(key):
        for i, p in enumerate(BREAKDOWN_PARTS):
            stored = round(PER_CYCLE * float(part.loc[v, p]))
            rows.append({"variant": v, "name": names.variant(v), "part": names.time_part(p), "order": i,
                         "value": stored * scale[v], "share": stored / PER_CYCLE})
    return pd.DataFrame(rows)


def reference_frame(key: str) -> pd.DataFrame:
    """The reference run's parts for the variants of ``key`` (:func:`_long`)."""
    f = _long(simulate(REFERENCE[0], env=REFERENCE[1]).breakdown, key)
    f["value"] = sig(f["value"], 3)
    return f


def _colour() -> alt.Color:
    return alt.Color("part:N", title="where the time goes", sort=PART_NAMES,
                     scale=alt.Scale(domain=PART_NAMES, range=PART_COLOURS),
                     legend=alt.Legend(orient="bottom", columns=3, symbolStrokeColor=MUTED, symbolStrokeWidth=0.5))


def _fold(chart: alt.Chart, variants, scale: dict[str, float]) -> alt.Chart:
    """The file's wide rows folded into one row per variant and part, with the part's name,
    stacking order and value in the chart's unit."""
    keys = [column(v, p) for v in variants for p in BREAKDOWN_PARTS]
    order = {p: i for i, p in enumerate(BREAKDOWN_PARTS)}
    scale_js = "{" + ", ".join(f"'{v}': {scale[v]!r}" for v in variants) + "}"
    names_js = "{" + ", ".join(f"'{p}': '{names.time_part(p)}'" for p in BREAKDOWN_PARTS) + "}"
    order_js = "{" + ", ".join(f"'{p}': {i}" for p, i in order.items()) + "}"
    variant_js = "{" + ", ".join(f"'{v}': '{names.variant(v)}'" for v in variants) + "}"
    return chart.transform_fold(keys, as_=["key", "stored"]).transform_calculate(
        variant="split(datum.key, ':')[0]",
        code="split(datum.key, ':')[1]",
    ).transform_calculate(
        part=f"{names_js}[datum.code]",
        order=f"{order_js}[datum.code]",
        name=f"{variant_js}[datum.variant]",
        share=f"toNumber(datum.stored) / {PER_CYCLE}",
        value=f"toNumber(datum.stored) * {scale_js}[datum.variant]",
        fails="indexof(split(datum.failed, ' '), datum.variant) >= 0",
    )


def _tooltip(unit: str, fmt: str) -> list:
    return [alt.Tooltip("host:N", title="host"), alt.Tooltip("part:N", title="part"),
            alt.Tooltip("value:Q", title=unit, format=fmt),
            alt.Tooltip("share:Q", title="share of the reference cycle", format=".1%")]


#: per workload: the format of a time in its unit, and the unit's short name after a number (the
#: tooltips' and labels' format; the seeded exercises round their answers to it)
FORMATS: dict[str, tuple[str, str]] = {"db": (".1f", " s"), "was": (".0f", " ms"), "fs": (".2f", " ms"),
                                        "java": (".1f", " ms"), "net": (".2f", " ms"), "all": (".2f", "")}


def _format(key: str) -> str:
    return FORMATS[key][0]


def time_chart(key: str, cpus: int = 20, env: str = "zvm63-edev", variant: str | None = None,
               url: str | None = None) -> alt.LayerChart:
    """The section "Where the time goes": for the chosen variant (a drop-down when the
    workload has several), environment and CPU count, one stacked bar per memory size of
    the paper's grid, each part of a unit of work in words and in the palette's order, the
    reference run's bar on top; a label at each bar's end gives its total and says whether
    the variant failed there and whether the paper ran that host. ``key`` is a workload
    (db, was, fs, java, net) or ``all`` (the eleven variants, in their reference cycles)."""
    variants = _workload_variants(key)
    variant = variants[0] if variant is None else variant
    if variant not in variants:
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {list(variants)}")
    if str(cpus) not in CPU_SERIES:
        raise ValueError(f"cpus: {cpus!r} is not accepted; expected one of {', '.join(CPU_SERIES)}")
    unit, scale = unit_scale(key)
    fmt = _format(key)
    prefix = f"time_{key}"
    env_p = env_picker(env, name=f"{prefix}_env")
    cpu_p = picker(f"{prefix}_cpus", [int(c) for c in CPU_SERIES], int(cpus), "Real CPUs")
    params = [env_p, cpu_p]
    if len(variants) > 1:
        var_p = picker(f"{prefix}_variant", list(variants), variant, "Workload",
                       labels=[names.variant(v) for v in variants])
        params.insert(0, var_p)
        chosen = f"datum.variant == {prefix}_variant"
    else:
        chosen = "true"
    # both spellings of each size: the star follows the rule, which at some CPU counts and
    # environments takes in every size
    hosts = [h for m in MEMORY_ORDER for h in (f"{m} GiB", f"{m} GiB*")]
    order = [REFERENCE_LABEL, *hosts]
    data = alt.UrlData(url or TIME_FILE.format(key=key),
                       format=alt.CsvDataFormat(type="csv", parse={"m": "number", "c": "number"}))
    memory_list = "[" + ", ".join(str(m) for m in MEMORY_ORDER) + "]"
    base = _fold(alt.Chart(data).transform_filter(
        f"datum.env == {prefix}_env && datum.c == {prefix}_cpus && indexof({memory_list}, datum.m) >= 0"),
        variants, scale).transform_filter(chosen).transform_calculate(
        source=provenance_expr("datum.m", "datum.c", f"{prefix}_env"),
    ).transform_calculate(host=f"datum.m + ' GiB' + (datum.source == '{MODEL_ONLY}' ? '*' : '')")
    y = alt.Y("host:N", title=None, sort=order)
    x = alt.X("value:Q", title=f"{unit} ({names.variant(variant) if len(variants) == 1 else 'the chosen workload'})"
              if key != "all" else "reference cycles (1 = the reference run's)",
              stack="zero")
    bars = mark_model_only(base.mark_bar(height=18).encode(y=y, x=x, color=_colour(), order=alt.Order("order:Q"),
                                                           tooltip=_tooltip(unit, fmt)),
                           "datum.m", "datum.c", f"{prefix}_env")
    totals = base.transform_aggregate(total="sum(value)", groupby=["host", "m", "source", "fails"]).transform_calculate(
        label=f"format(datum.total, '{fmt}') + '{FORMATS[key][1]}' + (datum.fails ? ', fails' : '')").mark_text(align="left", baseline="middle", dx=4, fontSize=11).encode(y=y, x="total:Q", text="label:N")
    ref = reference_frame(key)
    ref["host"] = REFERENCE_LABEL
    ref_base = alt.Chart(ref).transform_filter(chosen)
    ref_bars = ref_base.mark_bar(height=18).encode(y=y, x="value:Q", color=_colour(), order=alt.Order("order:Q"),
                                                   tooltip=_tooltip(unit, fmt))
    ref_total = ref_base.transform_aggregate(total="sum(value)", groupby=["host"]).transform_calculate(
        label=f"format(datum.total, '{fmt}') + '{FORMATS[key][1]}'").mark_text(
        align="left", baseline="middle", dx=4, fontSize=11).encode(y=y, x="total:Q", text="label:N")
    what = names.variant(variant) if len(variants) == 1 else "the workload chosen in the first drop-down"
    return alt.layer(ref_bars, ref_total, bars, totals, model_only_key(orient="bottom")).add_params(*params).properties(
        width=WIDE, height=22 * (len(MEMORY_ORDER) + 1) + 10,
        title=alt.Title("Where the time goes", subtitle=[f"one unit of work, {unit}, at the paper's memory sizes",
                                                         f"reference run: 512 GiB, 25 CPUs; *: {MODEL_ONLY}"]),
        description=prose(f"""
            Stacked bars of where the time of one unit of work of {what} goes, in {unit}: {", ".join(
                f"{n} ({word(c)})" for n, c in zip(PART_NAMES, PART_COLOURS))}. The top bar is the
            reference run (512 GiB, 25 CPUs, z/VM 6.3 with EDEV-SCSI paging); below it one bar per
            real memory size from {MEMORY_ORDER[0]} to {MEMORY_ORDER[-1]} GiB at the real CPUs and on
            the environment chosen in the drop-downs. The label at the end of each bar gives its
            total and says when the workload fails there; a memory size marked with an asterisk is
            a host the paper did not run. {model_only_description("bars")}
            A longer bar is a lower throughput: the throughput is the reference bar's length divided
            by the bar's."""),
    )


def any_host_panel(key: str, mem: str = "any_mem", cpus: str = "any_cpus", env: str = "any_env",
                   url: str | None = None) -> alt.LayerChart:
    """The breakdown of every variant of ``key`` at the host chosen with the parameters
    ``mem``, ``cpus`` and ``env`` of an "any host" chart (which adds them), each bar beside
    the reference run's (for ``all``, in each variant's reference cycles)."""
    variants = _workload_variants(key)
    unit, scale = unit_scale(key)
    fmt = _format(key)
    data = alt.UrlData(url or TIME_FILE.format(key=key),
                       format=alt.CsvDataFormat(type="csv", parse={"m": "number", "c": "number"}))
    runs = ["this host", REFERENCE_LABEL]
    base = _fold(alt.Chart(data).transform_filter(f"datum.m == {mem} && datum.c == {cpus} && datum.env == {env}"),
                 variants, scale).transform_calculate(run="'this host'", host=f"{mem} + ' GiB, ' + {cpus} + ' CPUs'")
    ref = reference_frame(key)
    ref["run"] = REFERENCE_LABEL
    ref["host"] = "512 GiB, 25 CPUs (reference)"
    y = alt.Y("name:N", title=None, sort=[names.variant(v) for v in variants])
    offset = alt.YOffset("run:N", sort=runs, scale=alt.Scale(domain=runs, paddingInner=0.15))
    x = alt.X("value:Q", title=unit if key != "all" else "reference cycles (1 = each workload's reference cycle)",
              stack="zero")
    enc = dict(y=y, yOffset=offset, x=x, color=_colour(), order=alt.Order("order:Q"), tooltip=_tooltip(unit, fmt))
    # the any-host chart's title and legend say which host the paper ran; its bars follow
    here = mark_model_only(base.mark_bar().encode(**enc), mem, cpus, env, legend=False)
    # the reference run's bar thinner, not paler: a paler blue would read as another part's colour
    there = alt.Chart(ref).mark_bar(height={"band": REFERENCE_BAND}).encode(**enc)
    per_row = 2 * 11
    return alt.layer(there, here).properties(
        width=WIDE, height=per_row * len(variants) + 10,
        title=alt.Title("Where the time goes at this host",
                        subtitle=f"one unit of work, {unit}; thin bars: the reference run"))


def time_bars(result, key: str) -> alt.LayerChart:
    """The live explorers' panel: the breakdown of ``result`` (one :func:`overcommit.simulate`
    run) for the variants of ``key``, each bar beside the reference run's (thinner)."""
    variants = _workload_variants(key)
    unit, _ = unit_scale(key)
    fmt = _format(key)
    host = names.cid(result.host.cid)
    here = _long(result.breakdown, key).assign(run="this host", host=host)
    here = here[["name", "part", "order", "run", "host", "value", "share"]]
    ref = reference_frame(key)
    ref["run"] = REFERENCE_LABEL
    ref["host"] = "512 GiB, 25 CPUs (reference)"
    frame = pd.concat([here, ref[here.columns]], ignore_index=True)
    frame["value"] = sig(frame["value"], 3)
    runs = ["this host", REFERENCE_LABEL]
    enc = dict(y=alt.Y("name:N", title=None, sort=[names.variant(v) for v in variants]),
               yOffset=alt.YOffset("run:N", sort=runs, scale=alt.Scale(domain=runs)),
               x=alt.X("value:Q", title=unit, stack="zero"),
               color=_colour(), order=alt.Order("order:Q"), tooltip=_tooltip(unit, fmt))
    base = alt.Chart(frame)
    here = base.transform_filter(alt.datum.run == "this host").mark_bar().encode(**enc)
    there = base.transform_filter(alt.datum.run == REFERENCE_LABEL).mark_bar(height={"band": REFERENCE_BAND}).encode(**enc)
    return alt.layer(there, here).properties(
        width=WIDE, height=22 * len(variants) + 10,
        title=alt.Title(f"Where the time goes at {host}", subtitle=f"one unit of work, {unit}; thin bars: the reference run"))


def part_value(breakdown: pd.DataFrame, variant: str, part: str, key: str) -> float:
    """One part of a breakdown in the unit :data:`UNITS` gives workload ``key``."""
    if part not in (*BREAKDOWN_PARTS, "reference", "total"):
        raise ValueError(f"part: {part!r} is not accepted; expected one of {[*BREAKDOWN_PARTS, 'reference', 'total']}")
    row = breakdown.loc[variant]
    seconds = float(row[list(BREAKDOWN_PARTS)].sum()) if part == "total" else float(row[part])
    unit_s = UNITS[key][1]
    return seconds / float(row["reference"]) if unit_s is None else seconds / unit_s


def time_values(key: str, variant: str, cid: str, env: str = "zvm63-edev") -> dict[str, float]:
    """Every part of ``variant`` at ``cid`` on ``env``, and its ``total``, in the unit of
    workload ``key`` (the numbers a chapter's prose states and asserts)."""
    if variant not in _workload_variants(key):
        raise ValueError(f"variant: {variant!r} is not accepted; expected one of {list(_workload_variants(key))}")
    b = simulate(cid, env=env).breakdown
    return {p: part_value(b, variant, p, key) for p in (*BREAKDOWN_PARTS, "total", "reference")}


def time_texts(key: str, variant: str, cid: str, env: str = "zvm63-edev", tag: str | None = None,
               values: dict[str, float] | None = None) -> dict[str, str]:
    """:func:`time_values` (or ``values``, already computed) as the prose writes them, with
    the unit ("28.0 s", "137 ms"), under glue names ``t-<tag>-<part>`` (``tag`` defaults to
    ``<variant>-<cid>`` with the CID's slash as a dash, and the environment appended unless
    it is z/VM 6.3 EDEV-SCSI)."""
    fmt, unit = FORMATS[key]
    if tag is None:
        tag = f"{variant}-{cid.replace('/', '-')}" + ("" if env == "zvm63-edev" else f"-{env}")
    values = time_values(key, variant, cid, env) if values is None else values
    return {f"t-{tag}-{p}": f"{v:{fmt}}{unit}" for p, v in values.items()}


def glue_time(key: str, variant: str, cid: str, env: str = "zvm63-edev", tag: str | None = None) -> dict[str, float]:
    """Glue :func:`time_texts` (not displayed); returns :func:`time_values` for the
    chapter's assertions that keep its prose true."""
    from . import glue_texts

    values = time_values(key, variant, cid, env)
    glue_texts(time_texts(key, variant, cid, env, tag, values))
    return values


__all__ = ["FORMATS", "glue_time", "time_texts", "time_values", "unit_scale", "PART_NAMES", "REFERENCE_LABEL", "TIME_FILE", "UNITS", "any_host_panel", "column", "part_value",
           "reference_frame", "shares", "time_bars", "time_chart", "time_frame", "time_grid", "write_time_files"]
