"""Chart builders for the book's figures (Altair / Vega-Lite).

Conventions every figure follows:

- a ``description`` (read by screen readers: vega-embed puts it on the SVG's aria-label)
  that states what the chart shows, in words;
- units in every axis title;
- controls are Vega-Lite parameters bound to inputs, over data computed in advance, so they
  work in a static page with no kernel.
"""

from __future__ import annotations

import json
import math
import re

import altair as alt
import numpy as np
import pandas as pd

from .. import data, study
from .palette import CHOSEN, INK, MUTED, PHASES, RESOURCES, word

WIDTH = 320
WIDE = 470  # the book's text column is about 700 px wide, legends included
HEIGHT = 240


def check_columns(frame: pd.DataFrame, columns: list[str], name: str = "frame", expected: str = "a frame") -> None:
    """Refuse an empty frame or one without ``columns``, naming the argument, what is missing
    and (for an empty one) what was ``expected``."""
    if frame is None or len(frame) == 0:
        raise ValueError(f"{name}: empty; expected {expected}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{name}: lacks column(s) {', '.join(missing)}")


def parameter_table(provenance: pd.DataFrame, fitted) -> pd.DataFrame:
    """A case study's parameters as its chapter shows them: one row per parameter of its data
    file (``provenance``: parameter, value, unit, role, source), with the value the model
    runs with taken from the calibrated case ``fitted``, so that a fitted row shows the fit
    (and its start value) rather than only where the fit started."""
    check_columns(provenance, ["parameter", "value", "unit", "role", "source"], "provenance",
                  "a case module's provenance() table")
    rows = []
    for r in provenance.to_dict("records"):
        used = getattr(fitted, r["parameter"], r["value"])
        if isinstance(used, float):
            used = float(f"{used:.4g}")
        start = r["value"] if r["role"] == "fitted" else ""
        rows.append({"parameter": r["parameter"], "value in the model": used, "start value": start,
                     "unit": r["unit"], "role": r["role"], "source": r["source"]})
    out = pd.DataFrame(rows).fillna("")
    if not (out["start value"] != "").any():
        out = out.drop(columns=["start value"])
    return out


def with_reason(status, reason) -> np.ndarray:
    """A model run's status with why it failed where there is a reason ("failed: the
    clients time out"), the status alone otherwise. One tooltip row for both: Vega-Lite shows
    every field of a tooltip list, so a separate reason field would show an empty row for
    every run that did not fail."""
    status = pd.Series(status, dtype=object).reset_index(drop=True).astype(str)
    reason = pd.Series(reason, dtype=object).reset_index(drop=True).fillna("").astype(str).str.strip()
    if len(status) != len(reason):
        raise ValueError(f"reason: {len(reason)} values for {len(status)} statuses; expected one per status")
    return np.where(reason != "", status + ": " + reason, status)


def one_value_range(text) -> str:
    """A range whose two ends print the same ("0.41–0.41", "2.90–2.90 CPUs") as the one
    value it is ("0.41 throughout"): a reader takes "a–a" for a misprint. Other text is
    returned as it is."""
    m = re.fullmatch(r"(-?[\d.,]+)–(-?[\d.,]+)(.*)", str(text))
    if m and m.group(1) == m.group(2):
        return f"{m.group(1)}{m.group(3)} throughout"
    return str(text)


def paper_cids() -> list[str]:
    """The configuration IDs of the paper's grid (``data/cid_grid.csv``), in its order."""
    return list(data.cid_grid()["cid"])


#: the one rule for extrapolation, in words: a host the paper ran, or the model's alone
PAPER_RAN = "run by the paper"
MODEL_ONLY = "model only"
#: memory sizes of Table 16 with no result in the paper: it lists 48 GiB, but no results
#: section reports a 48 GiB run (data/cid_grid.csv)
NO_PAPER_RESULT_GIB: tuple[int, ...] = (48,)
#: those sizes in words ("48 GiB")
NO_RESULT_MEMORY = " and ".join(f"{m} GiB" for m in NO_PAPER_RESULT_GIB)
#: the one environment the paper ran its reference run on: it gives ECKD paging and z/VM 6.2
#: only relative to this run (data/environments.csv), so their 512/25 is the model's alone
REFERENCE_ENV = "zvm63-edev"
#: the field a marked layer computes, holding :data:`PAPER_RAN` or :data:`MODEL_ONLY`
PROVENANCE_FIELD = "provenance"
#: the legend's symbol of a host the paper did not run: a ring (a circle with a hole, drawn
#: filled, since a legend fills every symbol), beside a full circle; the marks themselves are
#: open circles
RING = "M-1,0A1,1 0 1,0 1,0A1,1 0 1,0 -1,0ZM-0.55,0A0.55,0.55 0 1,1 0.55,0A0.55,0.55 0 1,1 -0.55,0Z"
#: how much of its colour an open bar or cell keeps (an outline alone is lost on a thin bar)
OPEN_FILL = 0.15


def _check_env(env: str) -> str:
    from ..model import ENVIRONMENTS

    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {', '.join(ENVIRONMENTS)}")
    return env


def paper_ran_cids(env: str = REFERENCE_ENV) -> list[str]:
    """The hosts the paper reports results for on ``env``: its grid (Table 16) without the
    memory sizes of :data:`NO_PAPER_RESULT_GIB`, on every environment, and the reference run
    on :data:`REFERENCE_ENV` only."""
    _check_env(env)
    grid = data.cid_grid()
    ran = grid[~grid["real_memory_gib"].isin(NO_PAPER_RESULT_GIB)
               & ((grid["kind"] == "grid") | (env == REFERENCE_ENV))]
    return list(ran["cid"])


def _hosts(env: str) -> list[tuple[int, int]]:
    return [tuple(int(x) for x in c.split("/")) for c in paper_ran_cids(env)]


def paper_memory_floor(cpus: int, env: str) -> int | None:
    """The smallest memory (GiB) the paper ran with ``cpus`` CPUs on ``env``, or None where
    it ran no host with that many CPUs: below it, every host is the model's alone."""
    sizes = [m for m, c in _hosts(env) if c == cpus]
    return min(sizes) if sizes else None


def paper_stops(memory: str | None = None, cpus: str | None = None) -> dict[str, list[int]]:
    """The paper's hosts as stops of a chart's sliders, for its ``usermeta.stops``: the
    parameter named ``memory`` gets every memory size of :func:`paper_ran_cids` (GiB), the
    one named ``cpus`` every CPU count, each ascending. ``overcommit.js`` marks them on the
    slider (a ``<datalist>``), so a reader can find 96 GiB among 63 steps."""
    hosts = _hosts(REFERENCE_ENV)
    stops = {}
    if memory:
        stops[memory] = sorted({m for m, _ in hosts})
    if cpus:
        stops[cpus] = sorted({c for _, c in hosts})
    return stops


def provenance(memory_gib: float, cpus: int, env: str) -> str:
    """:data:`PAPER_RAN` for a host the paper reports results for on ``env``
    (:func:`paper_ran_cids`), :data:`MODEL_ONLY` for any other: below 64 GiB, between its
    hosts, at CPUs it did not run, and 512/25 on any environment but the reference's. Every
    chart, table and control that reaches such a host labels it with these words
    (:func:`provenance_expr` in the browser, :func:`mark_model_only` on a chart)."""
    ran = float(memory_gib).is_integer() and (int(memory_gib), int(cpus)) in _hosts(env)
    return PAPER_RAN if ran else MODEL_ONLY


def paper_ran_expr(memory: str, cpus: str, env: str) -> str:
    """Whether the paper ran the host, as a Vega expression of three expressions (a
    parameter's name such as ``"any_mem"``, a field such as ``"datum.m"``, or a quoted
    environment such as ``"'zvm63-edev'"``): the browser's :func:`provenance`."""
    every = _hosts("zvm63-eckd")
    sizes, counts = sorted({m for m, _ in every}), sorted({c for _, c in every})
    if len(every) == len(sizes) * len(counts):
        # a whole grid (every size with every count): two look-ups, not a term per host,
        # since the expression is repeated in every marked layer of a page
        # (toNumber: indexof compares strictly, and some charts keep their CPUs as text)
        grid = (f"(indexof({json.dumps(sizes)}, toNumber({memory})) >= 0 && "
                f"indexof({json.dumps(counts)}, toNumber({cpus})) >= 0)")
    else:
        grid = " || ".join(f"({memory} == {m} && {cpus} == {c})" for m, c in every)
    reference = [h for h in _hosts(REFERENCE_ENV) if h not in every]
    extra = "".join(f" || ({memory} == {m} && {cpus} == {c} && {env} == '{REFERENCE_ENV}')" for m, c in reference)
    return f"({grid}{extra})"


def provenance_expr(memory: str, cpus: str, env: str) -> str:
    """:func:`provenance` as a Vega expression (see :func:`paper_ran_expr`)."""
    return f"({paper_ran_expr(memory, cpus, env)} ? '{PAPER_RAN}' : '{MODEL_ONLY}')"


def paper_memory_floor_expr(cpus: str, env: str) -> str:
    """:func:`paper_memory_floor` as a Vega expression, 0 where the paper ran no host with
    that many CPUs."""
    counts: dict[int, int] = {}
    for m, c in _hosts(REFERENCE_ENV):
        counts[c] = min(m, counts.get(c, m))
    every = {c: m for c, m in counts.items() if paper_memory_floor(c, "zvm63-eckd") == m}
    parts = [f"({cpus} == {c}) ? {m}" for c, m in sorted(every.items())]
    parts += [f"({cpus} == {c} && {env} == '{REFERENCE_ENV}') ? {m}" for c, m in sorted(counts.items()) if c not in every]
    return "(" + " : ".join(parts) + " : 0)"


def model_only_texts() -> dict[str, str]:
    """The rule as the chapters state it, glue names ``provenance-model-only`` and ``paper-ran`` (the
    words on the charts), ``paper-mem-min`` and ``paper-mem-max`` (the memory the paper ran,
    GiB), ``paper-cpus`` (its CPU counts), ``provenance-rule`` (what the paper ran, in one
    sentence) and ``provenance-marking`` (how a chart marks the rest, a clause that starts in
    lower case)."""
    hosts = _hosts("zvm63-eckd")
    memory, cpus = sorted({m for m, _ in hosts}), sorted({c for _, c in hosts})
    counts = ", ".join(map(str, cpus[:-1])) + f" and {cpus[-1]}"
    sizes = ", ".join(map(str, memory[::-1][:-1])) + f" and {memory[0]}"
    dropped = NO_RESULT_MEMORY
    from .. import names

    return {
        "provenance-model-only": MODEL_ONLY,
        "paper-ran": PAPER_RAN,
        "paper-mem-min": f"{memory[0]}",
        "paper-mem-max": f"{memory[-1]}",
        "paper-cpus": counts,
        "provenance-rule": (
            f"The paper ran {sizes} GiB of real memory, each with {counts} real CPUs, on each of the "
            f"three environments (its Table 16 also lists {dropped}, but no result uses it), and its "
            f"reference run, 512 GiB with 25 CPUs, on one environment only "
            f"({names.environment(REFERENCE_ENV)}): it gives the other two relative to that run."),
        "provenance-marking": (
            f"a host the paper did not run is the model's alone: its marks are drawn open, the legend calls them "
            f"\u201c{MODEL_ONLY}\u201d, and a shaded band labelled so covers a range of memory the paper "
            f"never ran."),
    }


def glue_model_only() -> dict[str, str]:
    """Glue every name of :func:`model_only_texts` (not displayed); returns the texts."""
    from . import glue_texts

    return glue_texts(model_only_texts())


#: how each kind of mark shows the rule, as a chart's description says it
MARKINGS = {"points": "full circles where the paper ran the host, rings where it did not",
            "bars": "solid where the paper ran the host, pale with an outline where it did not",
            "cells": "solid where the paper ran the host, pale with an outline where it did not"}


def model_only_description(marks: str = "points", band: str | None = None) -> str:
    """The rule's marking in a chart's description (one sentence): how ``marks`` (points,
    bars or cells) show a host the paper did not run, and the range ``band`` a shaded band
    covers, if any."""
    if marks not in MARKINGS:
        raise ValueError(f"marks: {marks!r} is not accepted; expected one of {', '.join(MARKINGS)}")
    text = f'{marks.capitalize()} are {MARKINGS[marks]} ("{MODEL_ONLY}")'
    if band:
        text += f'; a shaded band labelled "{MODEL_ONLY}" covers {band}'
    return text + "."


def model_only_legend(**legend) -> alt.Legend:
    """The legend entry of the rule: a full circle "run by the paper", a ring "model only"."""
    return alt.Legend(title=None, symbolFillColor=INK, symbolStrokeWidth=0, symbolOpacity=1,
                      symbolSize=90, **legend)


def model_only_shape(legend: bool = True, **options) -> alt.Shape:
    """The shape channel of :func:`mark_model_only`: a circle for a host the paper ran, a
    ring for the model's own, with their legend entry (none with ``legend=False``)."""
    return alt.Shape(f"{PROVENANCE_FIELD}:N", scale=alt.Scale(domain=[PAPER_RAN, MODEL_ONLY], range=["circle", RING]),
                     legend=model_only_legend(**options) if legend else None)


def _mark_type(chart: alt.Chart) -> str:
    mark = chart.mark
    return mark if isinstance(mark, str) else mark.type


def mark_model_only(chart: alt.Chart, memory: str, cpus: str, env: str, legend: bool = True,
                    host_tooltip: bool = True) -> alt.Chart:
    """The one marking of a host the paper did not run, on one layer of a chart whose marks
    are hosts: ``memory``, ``cpus`` and ``env`` are Vega expressions of the mark's host (see
    :func:`paper_ran_expr`).

    The layer computes :data:`PROVENANCE_FIELD`; points become a full circle where the paper
    ran the host and an open one (outlined, its fill transparent) where it did not, layered
    with the legend entry of :func:`model_only_key` (left out with ``legend=False``); bars
    and cells keep an outline in their colour and only :data:`OPEN_FILL` of their fill (a
    bar chart's legend entry comes from :func:`model_only_key`). With ``host_tooltip``, the
    tooltip gets a row "host" saying which."""
    marked = chart.transform_calculate(**{PROVENANCE_FIELD: provenance_expr(memory, cpus, env)})
    kind = _mark_type(chart)
    encoding: dict = {}
    ran = f"datum.{PROVENANCE_FIELD} == '{PAPER_RAN}'"
    if kind in ("point", "circle", "square"):
        # an open circle with a transparent fill, not a ring: a tap on its middle must still
        # reach the mark (a ring's hole would pass it to whatever lies under it)
        mark = chart.mark.to_dict() if not isinstance(chart.mark, str) else {"type": kind}
        mark.update(type="point", filled=True, shape="circle")
        mark.pop("fillOpacity", None)
        mark.setdefault("strokeWidth", 1.5)
        if "color" in mark:
            mark.setdefault("stroke", mark["color"])
        marked.mark = alt.MarkDef(**mark)
        encoding["fillOpacity"] = alt.condition(ran, alt.value(1.0), alt.value(0.0))
        colour = chart.encoding.color
        if colour is not alt.Undefined and getattr(colour, "field", alt.Undefined) is not alt.Undefined:
            encoding["stroke"] = alt.Stroke(**colour.to_dict())  # merged with the colour's legend
    elif kind in ("bar", "rect"):
        encoding["fillOpacity"] = alt.condition(ran, alt.value(1.0), alt.value(OPEN_FILL))
        # a host the paper ran keeps the mark's own edge (the status grid's white gaps)
        own = {} if isinstance(chart.mark, str) else chart.mark.to_dict()
        colour = chart.encoding.color
        if colour is not alt.Undefined and getattr(colour, "field", alt.Undefined) is not alt.Undefined:
            # the colour's own legend, not None: Vega-Lite merges the two, and a stroke
            # without a legend takes the colour's legend away with it (a concatenated chart
            # whose colours are independent needs its strokes independent too)
            stroke = colour.to_dict()
            encoding["stroke"] = alt.condition(f"!({ran})", alt.Stroke(**stroke),
                                               alt.value(own.get("stroke")))
        encoding["strokeWidth"] = alt.condition(ran, alt.value(own.get("strokeWidth", 0)), alt.value(1.5))
    else:
        raise ValueError(f"chart: a {kind} mark is not accepted; expected points, circles, squares, bars or cells")
    tip = chart.encoding.tooltip
    if host_tooltip and isinstance(tip, list):
        encoding["tooltip"] = [*tip, alt.Tooltip(f"{PROVENANCE_FIELD}:N", title="host")]
    marked = marked.encode(**encoding)
    return alt.layer(marked, model_only_key()) if legend and kind in ("point", "circle", "square") else marked


def model_only_key(**legend) -> alt.Chart:
    """A layer that draws nothing and gives a chart the rule's legend entry (a full circle
    "run by the paper", a ring "model only"): for bar charts, whose own marks have no
    shape."""
    # size 0: nothing to see, and nothing a tap could land on
    return alt.Chart(pd.DataFrame({PROVENANCE_FIELD: [PAPER_RAN, MODEL_ONLY]})).mark_point(
        filled=True, opacity=0, size=0, color=INK).encode(shape=model_only_shape(**legend))


#: how a band of memory that is the model's alone is drawn, and its label at the plot's top
BAND = {"color": INK, "opacity": 0.08}
BAND_LABEL = {"baseline": "top", "dy": 3, "fontSize": 10, "color": INK}


def model_only_band(x: alt.X, memories=NO_PAPER_RESULT_GIB) -> alt.LayerChart:
    """A shaded band labelled :data:`MODEL_ONLY` over ``memories`` on an ordinal memory axis
    ``x`` (by default the sizes the paper never ran with any CPUs): a whole range of the axis
    that is the model's alone at every CPU count."""
    frame = pd.DataFrame({x.to_dict()["field"]: list(memories), "text": MODEL_ONLY})
    band = alt.Chart(frame).mark_rect(**BAND).encode(x=x)
    # one word a line: a phone's column is narrower than the two words
    label = alt.Chart(frame).mark_text(**BAND_LABEL, lineBreak=" ").encode(x=x, y=alt.value(0), text="text:N")
    return alt.layer(band, label)


def model_only_span(x_field: str, lo: float, hi: float) -> alt.LayerChart:
    """A shaded band labelled :data:`MODEL_ONLY` from ``lo`` to ``hi`` on a quantitative
    memory axis (field ``x_field``), for a chart without an environment or CPU control: a
    range the paper ran with no CPU count on any environment."""
    if not lo < hi:
        raise ValueError(f"hi: {hi!r} is not accepted; expected a memory above lo ({lo!r})")
    frame = pd.DataFrame({x_field: [lo], "hi": [hi], "mid": [(lo * hi) ** 0.5], "text": [MODEL_ONLY]})
    band = alt.Chart(frame).mark_rect(**BAND).encode(x=alt.X(f"{x_field}:Q"), x2="hi:Q")
    label = alt.Chart(frame).mark_text(**BAND_LABEL, lineBreak=" ").encode(
        x=alt.X("mid:Q"), y=alt.value(0), text="text:N")
    return alt.layer(band, label)


def model_only_range(x_field: str, lo: float, cpus: str, env: str, height: int, gap: float = 4.0) -> list[alt.Chart]:
    """On a quantitative memory axis from ``lo`` GiB, at the CPU count ``cpus`` and
    environment ``env`` chosen in the browser (Vega expressions): a shaded band labelled
    :data:`MODEL_ONLY` from ``lo`` to the smallest memory the paper ran with those CPUs; where
    it ran none, no band (it would suggest the hosts beside it were the paper's) but a line
    saying that every host at that CPU count is the model's alone. The band stops ``gap`` GiB
    short of the paper's smallest memory, so that the paper's point stands clear of it; the
    line stands at the foot of the plot, ``height`` px tall, below the curves' usual place."""
    floor = f"({paper_memory_floor_expr(cpus, env)} - {gap!r})"
    one = pd.DataFrame({"lo": [lo]})
    band = alt.Chart(one).transform_calculate(hi=floor).transform_filter(f"datum.hi > {lo}").transform_calculate(
        **{x_field: "datum.lo"})
    rect = band.mark_rect(**BAND).encode(x=alt.X(f"{x_field}:Q"), x2="hi:Q")
    label = band.transform_calculate(mid="(datum.lo + datum.hi) / 2", text=f"'{MODEL_ONLY}'").mark_text(
        **BAND_LABEL).encode(x=alt.X("mid:Q"), y=alt.value(0), text="text:N")
    note = alt.Chart(one).transform_calculate(hi=floor).transform_filter(f"datum.hi < {lo}").transform_calculate(
        # short lines: a phone's plot is about 230 px wide
        text=(f"'The paper ran no host with ' + {cpus} + ({cpus} == 1 ? ' CPU' : ' CPUs') + "
              f"'|on this environment: every point|is {MODEL_ONLY}'")).mark_text(
        # Vega sets a multi-line text's first line at the baseline, the others below it
        align="left", baseline="bottom", dx=4, dy=-3 - 2 * 12, fontSize=10, lineHeight=12, color=INK,
        lineBreak="|").encode(
        x=alt.value(0), y=alt.value(height), text="text:N")
    return [rect, label, note]


def nice_ceiling(value: float) -> float:
    """The smallest 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k at or above ``value`` (> 0):
    a round axis end that leaves at most a third of the axis empty."""
    if not value > 0 or not math.isfinite(value):
        raise ValueError(f"value: {value!r} is not accepted; expected a finite number > 0")
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if step * power >= value * (1 - 1e-12):
            return float(f"{step * power:.12g}")  # 0.3, not 0.30000000000000004
    return 10.0 * power  # pragma: no cover - the loop ends at 10 x power >= value


def _js_string(value) -> str:
    """A control's value as JavaScript's String() writes it (7.0 is "7"), the key an
    expression builds from the control."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def zero_scale_by(frames: list[tuple[pd.DataFrame, str]], params: list[tuple[alt.Parameter, str]],
                  **scale) -> alt.Scale:
    """A quantitative scale from 0 to a round value above the values a reader sees for the
    current setting of ``params`` (each a drop-down and the column it filters on).

    ``frames`` are (data, value column) pairs: every layer's data that shares the axis. The
    upper end of each setting is computed here, in advance, and the chart picks it with an
    expression, so Vega never computes the extent of a layer the controls left empty (its
    'Infinite extent' warning), and the axis still fits each setting's data."""
    keys = [column for _, column in params]
    tops: dict[str, float] = {}
    everywhere = 0.0  # layers not filtered by the controls (a bound the paper states)
    for frame, field in frames:
        if frame.empty:
            continue
        if not set(keys) <= set(frame.columns):
            everywhere = max(everywhere, float(pd.to_numeric(frame[field], errors="coerce").max()))
            continue
        for key, group in frame.groupby([frame[k].map(_js_string) for k in keys], sort=False):
            key = "|".join(key) if isinstance(key, tuple) else str(key)
            value = float(pd.to_numeric(group[field], errors="coerce").max())
            if value == value and value > tops.get(key, 0.0):
                tops[key] = value
    ends = {key: nice_ceiling(max(top, everywhere)) for key, top in tops.items()}
    fallback = max(ends.values(), default=1.0)
    lookup = " + '|' + ".join(f"{param.name}" for param, _ in params)
    return alt.Scale(domain=[0, alt.ExprRef(f"({json.dumps(ends)}[{lookup}] || {fallback!r})")], **scale)


def prose(text: str) -> str:
    """A chart description written as a paragraph in the source: its line breaks and
    indentation become single spaces."""
    return " ".join(text.split())


def sig(values: pd.Series, digits: int = 4) -> pd.Series:
    """Round to ``digits`` significant digits (zeros and tiny values become 0): what a chart's
    data carries, so a tooltip never shows model noise in the 10th digit."""
    x = values.to_numpy(dtype=float)
    out = np.zeros_like(x)
    nz = np.abs(x) > 1e-9
    mag = np.floor(np.log10(np.abs(x[nz])))
    scale = 10.0 ** (digits - 1 - mag)
    out[nz] = np.round(x[nz] * scale) / scale
    return pd.Series(out, index=values.index)


def display_expr(value: str, keys) -> str:
    """A Vega expression that turns ``value`` (an expression such as ``datum.label``), when it
    is one of the identifiers ``keys``, into its display name (:func:`overcommit.names.name`),
    and leaves anything else as it is: for axis and legend labels over data that keeps the
    package's identifiers (filters and lookups compare those)."""
    from .. import names

    out = value
    for key in reversed(list(keys)):
        shown = names.name(key).replace("\\", "\\\\").replace("'", "\\'")
        out = f"({value} === '{key}' ? '{shown}' : {out})"
    return out


def picker(name: str, options, value, label: str, *, labels: list[str] | None = None,
           field: str = "value") -> alt.Parameter:
    """A drop-down bound to the chart parameter ``name``, with ``label`` before it.

    Every drop-down of the book is built here. ``value`` must be one of ``options``; if not,
    the error names ``field`` (the argument the caller was given), the value and the
    accepted options. ``labels`` are the texts shown for the options (default: the options).
    """
    options = list(options)
    if value not in options:
        raise ValueError(f"{field}: {value!r} is not accepted; expected one of {options}")
    extra = {"labels": list(labels)} if labels is not None else {}
    return alt.param(name=name, value=value,
                     bind=alt.binding_select(options=options, name=label + " ", **extra))


def cid_picker(options: list[str], value: str, name: str = "cid") -> alt.Parameter:
    """A drop-down over configuration IDs."""
    return picker(name, options, value, "Configuration (CID)")


def _need_bars(base: alt.Chart, axis: alt.Axis, domain: list[float], tooltip: list | None = None) -> alt.LayerChart:
    """Real memory and real CPUs as bars of ``fraction`` (available / used by the reference
    run), labelled, with the 100 % line: the right-hand panel of the CID charts."""
    encoding = dict(
        y=alt.Y("resource:N", title=None, sort=["real memory", "real CPUs"]),
        x=alt.X("fraction:Q", title="available / used by the reference run (%)", axis=axis,
                scale=alt.Scale(domain=domain)),
        color=alt.Color("resource:N", legend=None,
                        scale=alt.Scale(domain=["real memory", "real CPUs"], range=[RESOURCES["real memory"], RESOURCES["real CPUs"]])),
    )
    if tooltip is not None:
        encoding["tooltip"] = tooltip
    bars = base.mark_bar().encode(**encoding)
    text = bars.mark_text(align="left", dx=4).encode(text=alt.Text("fraction:Q", format=".0%"), color=alt.value(INK))
    rule = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[6, 4], color=INK).encode(x="x:Q")
    return bars + text + rule


def cid_grid_chart(default_cid: str = "64/20") -> alt.VConcatChart:
    """The study's CID grid against what the reference run used; a drop-down picks a CID."""
    grid = study.grid_pressure()
    totals = study.reference_totals()
    pick = cid_picker(list(grid["cid"]), default_cid)

    base = alt.Chart(grid)
    points = (
        base.mark_point(filled=True, size=90)
        .encode(
            x=alt.X(
                "real_memory_gib:Q",
                scale=alt.Scale(type="log", base=2, domain=[40, 600]),
                axis=alt.Axis(values=[48, 64, 96, 128, 256, 512]),
                title="z/VM real memory (GiB, log scale)",
            ),
            y=alt.Y(
                "real_cpus:Q",
                scale=alt.Scale(domain=[0, 27]),
                title="z/VM real CPUs (processors)",
            ),
            color=alt.condition(
                alt.datum.cid == pick, alt.value(CHOSEN), alt.value(MUTED)
            ),
            size=alt.condition(alt.datum.cid == pick, alt.value(260), alt.value(90)),
            shape=alt.Shape(
                "kind:N",
                title="Run",
                scale=alt.Scale(domain=["reference", "grid"], range=["diamond", "circle"]),
            ),
            tooltip=[
                alt.Tooltip("cid:N", title="CID"),
                alt.Tooltip("real_memory_gib:Q", title="memory (GiB)"),
                alt.Tooltip("real_cpus:Q", title="CPUs"),
                alt.Tooltip("memory_fraction:Q", title="memory / reference need", format=".0%"),
                alt.Tooltip("cpu_fraction:Q", title="CPUs / reference need", format=".0%"),
            ],
        )
        .add_params(pick)
    )
    need = pd.DataFrame(
        {
            "what": ["reference instantiated memory", "reference CPU load"],
            "memory": [totals["instantiated_gib"], None],
            "cpus": [None, totals["cpu_load_cpus"]],
        }
    )
    vline = (
        alt.Chart(need.dropna(subset=["memory"]))
        .mark_rule(strokeDash=[6, 4], color=INK)
        .encode(x="memory:Q")
    )
    hline = (
        alt.Chart(need.dropna(subset=["cpus"]))
        .mark_rule(strokeDash=[6, 4], color=INK)
        .encode(y="cpus:Q")
    )
    labels = alt.Chart(
        pd.DataFrame(
            {
                "x": [totals["instantiated_gib"], 41],
                "y": [1.2, totals["cpu_load_cpus"] + 0.8],
                "text": [
                    f"needed: {totals['instantiated_gib']:.0f} GiB",
                    f"needed: {totals['cpu_load_cpus']:.1f} CPUs",
                ],
            }
        )
    ).mark_text(align="left", dx=4, color=INK, fontSize=11).encode(
        x="x:Q", y="y:Q", text="text:N"
    )
    # the sizes of Table 16 the paper reports no run for: from the axis's end to halfway (on
    # the log axis) to the smallest size it did report
    smallest = min(m for m, _ in _hosts(REFERENCE_ENV))
    band = model_only_span("real_memory_gib", 40, (max(NO_PAPER_RESULT_GIB) * smallest) ** 0.5)
    grid_panel = alt.layer(band, points, vline, hline, labels).properties(
        width=WIDE, height=HEIGHT, title="The study's configurations"
    )

    bars_data = grid.melt(
        id_vars=["cid"],
        value_vars=["memory_fraction", "cpu_fraction"],
        var_name="resource",
        value_name="fraction",
    )
    bars_data["resource"] = bars_data["resource"].map(
        {"memory_fraction": "real memory", "cpu_fraction": "real CPUs"}
    )
    tooltip = [alt.Tooltip("cid:N", title="CID"), alt.Tooltip("resource:N"),
               alt.Tooltip("fraction:Q", format=".0%", title="available / needed")]
    bar_panel = _need_bars(alt.Chart(bars_data).transform_filter(alt.datum.cid == pick),
                           alt.Axis(format="%"), [0, 4], tooltip).properties(
        width=WIDE, height=70, title="Chosen CID against the reference need"
    )
    return alt.vconcat(grid_panel, bar_panel).properties(
        description=prose(f"""
            Top: the 28 configurations of the study's Table 16 plus the reference
            512/25, real memory (GiB, log scale) against real CPUs, with dashed lines at
            what the reference run used ({totals['instantiated_gib']:.0f} GiB instantiated memory,
            {totals['cpu_load_cpus']:.1f} CPUs); the
            chosen CID is drawn large and {word(CHOSEN)}. A shaded band labelled "{MODEL_ONLY}" covers
            {NO_RESULT_MEMORY}, which the paper lists but reports no run for. Bottom: the chosen CID's real
            memory and real CPUs as a percentage of those needs; 100 % is dashed.
            """)
    )


def procedure_timeline() -> alt.LayerChart:
    """The test procedure of every run as a timeline (seed 000, section "Test procedure")."""
    phases = pd.DataFrame(
        [
            ("workloads", "start-up (not measured)", 0, 5),
            ("workloads", "measured by the z/VM monitor", 5, 55),
            ("workloads", "run-out (not measured)", 55, 60),
            ("workloads", "terminate, let running work finish", 60, 80),
            ("z/VM monitor", "monitor on", 5, 55),
        ],
        columns=["track", "phase", "start_min", "end_min"],
    )
    bars = (
        alt.Chart(phases)
        .mark_bar(height=22)
        .encode(
            x=alt.X("start_min:Q", title="time since the workloads started (minutes)",
                    scale=alt.Scale(domain=[0, 80])),
            x2="end_min:Q",
            y=alt.Y("track:N", title=None, sort=["workloads", "z/VM monitor"]),
            color=alt.Color(
                "phase:N",
                title="Phase",
                sort=list(phases["phase"]),
                legend=alt.Legend(orient="bottom", columns=2, labelLimit=260),
                scale=alt.Scale(domain=list(PHASES), range=list(PHASES.values())),
            ),
            tooltip=["phase:N", alt.Tooltip("start_min:Q", title="from (min)"),
                     alt.Tooltip("end_min:Q", title="to (min)")],
        )
    )
    return bars.properties(
        width=WIDE,
        height=90,
        title="One test run",
        description=prose("""
            Timeline of one run: z/VM is IPLed and reconfigured, the 17 guests'
            workloads start at minute 0, the z/VM monitor records from minute 5 to
            minute 55, the workloads are stopped at minute 60 and long database
            transactions may run on for 20 minutes or more.
            """),
    )


def pressure_chart(memory_gib: float, cpus: int) -> alt.Chart:
    """One host against the reference need: real memory and CPUs as % of what was used."""
    row = study.pressure((memory_gib, cpus))
    frame = pd.DataFrame(
        {
            "resource": ["real memory", "real CPUs"],
            "fraction": [row["memory_fraction"], row["cpu_fraction"]],
        }
    )
    return _need_bars(alt.Chart(frame), alt.Axis(format="%", tickCount=5),
                      [0, max(4.0, float(frame["fraction"].max()) * 1.1)]).properties(
        width=WIDE,
        height=110,
        title=f"Host {row['cid']} against the reference need",
        description=(
            f"A host with {memory_gib:g} GiB and {cpus} CPUs offers "
            f"{row['memory_fraction']:.0%} of the memory and {row['cpu_fraction']:.0%} of "
            "the CPUs the reference run used."
        ),
    )
