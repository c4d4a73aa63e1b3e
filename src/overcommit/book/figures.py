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


def paper_ran_cids() -> list[str]:
    """The hosts the paper reports results for: its grid (:func:`paper_cids`) without the
    memory sizes of :data:`NO_PAPER_RESULT_GIB`."""
    return [c for c in paper_cids() if int(c.split("/")[0]) not in NO_PAPER_RESULT_GIB]


def paper_stops(memory: str | None = None, cpus: str | None = None) -> dict[str, list[int]]:
    """The paper's hosts as stops of a chart's sliders, for its ``usermeta.stops``: the
    parameter named ``memory`` gets every memory size of :func:`paper_ran_cids` (GiB), the
    one named ``cpus`` every CPU count, each ascending. ``overcommit.js`` marks them on the
    slider (a ``<datalist>``), so a reader can find 96 GiB among 63 steps."""
    hosts = [tuple(int(x) for x in c.split("/")) for c in paper_ran_cids()]
    stops = {}
    if memory:
        stops[memory] = sorted({m for m, _ in hosts})
    if cpus:
        stops[cpus] = sorted({c for _, c in hosts})
    return stops


def provenance(memory_gib: float, cpus: int) -> str:
    """:data:`PAPER_RAN` for a host the paper reports results for (:func:`paper_ran_cids`),
    :data:`MODEL_ONLY` for any other: below its smallest memory, between its hosts, at
    48 GiB, or at CPUs it did not run. Every chart and control that reaches such a host
    labels it with these words (:func:`provenance_expr` in the browser)."""
    ran = float(memory_gib).is_integer() and f"{int(memory_gib)}/{int(cpus)}" in paper_ran_cids()
    return PAPER_RAN if ran else MODEL_ONLY


def provenance_expr(memory: str, cpus: str) -> str:
    """:func:`provenance` as a Vega expression of two expressions (a parameter's name such
    as ``"any_mem"``, or a field such as ``"datum.m"``), for charts whose host is chosen in
    the browser."""
    ran = " || ".join(f"({memory} == {c.split('/')[0]} && {cpus} == {c.split('/')[1]})" for c in paper_ran_cids())
    return f"(({ran}) ? '{PAPER_RAN}' : '{MODEL_ONLY}')"


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
    grid_panel = (points + vline + hline + labels).properties(
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
            chosen CID is drawn large and {word(CHOSEN)}. Bottom: the chosen CID's real memory and
            real CPUs as a percentage of those needs; 100 % is dashed.
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
