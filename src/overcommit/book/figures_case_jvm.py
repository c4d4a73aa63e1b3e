"""Chart builders for the case study "Horizontal versus vertical JVM stacking" (seed 003).

Every number drawn comes from :mod:`overcommit.cases.jvm` (which runs
:func:`overcommit.simulate`); the document's numbers are drawn beside them and marked
"document". Controls are Vega-Lite parameters bound to drop-downs over data computed in
advance, rounded to four significant digits to keep the page small.
"""

from __future__ import annotations

import math

import altair as alt
import pandas as pd

from ..cases import jvm
from .palette import ALERT, CATEGORIES, CPU_COSTS, INK, MODEL, MUTED, PAGE_MEASURES, PAPER, word
from .figures import WIDE, zero_scale_by, check_columns, picker, sig, prose

GUESTS = list(jvm.GUEST_COUNTS)
DOC_COLOUR = PAPER
COST_PARTS = ["JVM work", "stacking overhead", "virtual CPU cost", "CP dispatching", "CP system time"]
ZVM_PARTS = ["emulation", "CP attributed to guests", "CP system time"]
COST_COLOURS = [CPU_COSTS[p] for p in COST_PARTS]
ZVM_COLOURS = [CPU_COSTS[p] for p in ZVM_PARTS]
VIEWS = ["cost law", "z/VM accounting"]
SCENARIOS = {"20 guests, 10 JVMs each (scenario 2)": (20, 2), "200 guests, 1 JVM each (scenario 3)": (200, 1)}
BINARY_LABELS = {"dcss": "binaries in a DCSS", "minidisk": "binaries on a shared minidisk"}
BINARY_COLOURS = CATEGORIES[:2]
EXTRA = "200, 2 v"  #: label of scenario 3's 200 guests with two virtual CPUs each


def _check(frame: pd.DataFrame, columns: list[str], name: str = "frame") -> None:
    check_columns(frame, columns, name, expected="the rows of overcommit.cases.jvm.scaling()")


def guests_picker(value: int = 1, name: str = "guests") -> alt.Parameter:
    """A drop-down over Table 4's guest counts."""
    return picker(name, GUESTS, value, "Linux guests")


def _x_guests(title: str = "Linux guests (number; below it the JVMs per guest)") -> alt.X:
    # the JVMs per guest as a bare number under the guests: "200 JVMs", "100 JVMs" ran into
    # each other on a phone, where a bar is about 30 px wide
    return alt.X("guests:O", title=title, sort=GUESTS, scale=alt.Scale(domain=GUESTS),
                 axis=alt.Axis(labelAngle=0, labelExpr="[datum.label, '' + (200 / datum.value)]"))


def model_frame(case: jvm.Case | None = None) -> pd.DataFrame:
    """:func:`overcommit.cases.jvm.scaling` for Table 4, one row per guest count (a column
    ``guests``)."""
    return jvm.scaling(GUESTS, case).reset_index()


# --------------------------------------------------------------------------------------
# Scenario 1: where the LPAR's CPU goes


def stack_long(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`model_frame` as the stacking chart draws it: one row per guest count, view
    (``VIEWS``) and part of the CPU load, in IFLs as its tooltips show them."""
    rows = []
    for r in frame.to_dict("records"):
        n = int(r["guests"])
        tip = {"guests": n, "jvms": int(r["jvms_per_guest"]), "vcpus": int(r["vcpus_per_guest"]),
               "ratio": r["vcpu_ratio"], "total": r["lpar_load"]}
        cost = [r["jvm_work"], r["stacking"], r["vcpu"], r["cp_dispatch"], r["cp_system"]]
        # the guests' CPU includes the CP time charged to them (the model's share of guest CPU)
        for i, (part, value) in enumerate(zip(COST_PARTS, cost)):
            rows.append({**tip, "view": VIEWS[0], "part": part, "order": i, "ifl": value})
        zvm = [r["emulation"], r["cp_attributed"], r["cp_system"]]
        for i, (part, value) in enumerate(zip(ZVM_PARTS, zvm)):
            rows.append({**tip, "view": VIEWS[1], "part": part, "order": i, "ifl": value})
    out = pd.DataFrame(rows)
    for c in ("ifl", "ratio", "total"):
        out[c] = sig(out[c])
    return out


def stacking_chart(frame: pd.DataFrame, default_view: str = VIEWS[0]) -> alt.VConcatChart:
    """Scenario 1: the LPAR's CPU load for each guest count, split by the cost law or by
    z/VM's accounting (drop-down), with the document's numbers; below, throughput."""
    _check(frame, ["guests", "jvms_per_guest", "vcpus_per_guest", "vcpu_ratio", "lpar_load", "jvm_work", "stacking",
                   "vcpu", "cp_dispatch", "cp_system", "emulation", "cp_attributed", "throughput_pct"])
    if default_view not in VIEWS:
        raise ValueError(f"default_view: {default_view!r} is not accepted; expected one of {VIEWS}")
    obs = jvm.observations()
    hi, lo = float(obs.loc["o003-s1-lpar-max", "value"]), float(obs.loc["o003-s1-lpar-min", "value"])
    spread = float(obs.loc["o003-s1-lpar-spread-common", "value"])
    view = picker("view", VIEWS, default_view, "Split the CPU by")
    long = stack_long(frame)
    parts = COST_PARTS + [p for p in ZVM_PARTS if p not in COST_PARTS]
    colours = COST_COLOURS + [c for p, c in zip(ZVM_PARTS, ZVM_COLOURS) if p not in COST_PARTS]
    # bars a share of their band, not 36 px: on a phone the band is narrower and they merged
    bars = alt.Chart(long).transform_filter(alt.datum.view == view).mark_bar(width=alt.RelativeBandSize(0.7)).encode(
        x=_x_guests(),
        y=alt.Y("ifl:Q", stack="zero", title="LPAR CPU load (IFLs)", scale=alt.Scale(domain=[0, 15])),
        color=alt.Color("part:N", title="CPU used for", sort=parts,
                        scale=alt.Scale(domain=parts, range=colours),
                        legend=alt.Legend(orient="bottom", columns=3, labelLimit=200)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("jvms:Q", title="JVMs per guest"),
                 alt.Tooltip("vcpus:Q", title="virtual CPUs per guest"),
                 alt.Tooltip("ratio:Q", title="virtual : real CPUs", format=".2f"), alt.Tooltip("part:N"),
                 alt.Tooltip("ifl:Q", title="IFLs", format=".2f"),
                 alt.Tooltip("total:Q", title="LPAR load, model (IFLs)", format=".2f")])
    doc = pd.DataFrame({"guests": [1, 20], "ifl": [hi, lo],
                        "label": [f"document {hi:g} (calibration)", f"document {lo:g} (calibration)"]})
    dpoints = alt.Chart(doc).mark_point(shape="diamond", size=170, filled=False, strokeWidth=2,
                                        color=DOC_COLOUR).encode(
        x=_x_guests(), y="ifl:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    dtext = alt.Chart(doc).mark_text(dy=-14, color=DOC_COLOUR, fontSize=10).encode(
        x=_x_guests(), y="ifl:Q", text="label:N")
    band = pd.DataFrame({"guests": [10], "to": [200], "ifl": [lo + spread],
                         "label": [f"document: highest of 10 to 200 guests = {lo:g} + {spread:g} (validation)"],
                         "note": [f"document: highest of 10 to 200 guests\n= {lo:g} + {spread:g} (validation)"]})
    brule = alt.Chart(band).mark_rule(strokeDash=[6, 4], color=DOC_COLOUR, strokeWidth=1.5).encode(
        x=_x_guests(), x2="to:O", y="ifl:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    # Vega sets a multi-line text's first line on its baseline: dy lifts both lines (12 px each)
    btext = alt.Chart(band).mark_text(align="left", baseline="bottom", lineBreak="\n", dx=-10, dy=-16,
                                      color=DOC_COLOUR, fontSize=10).encode(
        x=_x_guests(), y="ifl:Q", text="note:N")
    top = alt.layer(bars, brule, btext, dpoints, dtext).add_params(view).properties(
        width=WIDE, height=260, title="LPAR CPU load of the 200 JVMs (bars: model; marks: document)")

    spread_t = float(obs.loc["o003-s1-tput-spread", "value"])
    t = frame[["guests", "throughput_pct"]].copy()
    t["throughput_pct"] = sig(t["throughput_pct"])
    tdoc = pd.DataFrame({"guests": [200, 10], "pct": [100.0, 100.0 - spread_t],
                         "label": ["document: highest", f"document: lowest, {spread_t:g} % below"]})
    line = alt.Chart(t).mark_line(point=True, color=MODEL).encode(
        x=_x_guests(), y=alt.Y("throughput_pct:Q", title="throughput (% of the best)",
                               scale=alt.Scale(domain=[94, 101], nice=False)),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("throughput_pct:Q", title="model (%)", format=".2f")])
    tp = alt.Chart(tdoc).mark_point(shape="diamond", size=150, filled=False, strokeWidth=2, color=DOC_COLOUR).encode(
        x=_x_guests(), y="pct:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    tt = alt.Chart(tdoc).mark_text(dy=12, color=DOC_COLOUR, fontSize=10).encode(x=_x_guests(), y="pct:Q",
                                                                                text="label:N")
    bottom = alt.layer(line, tp, tt).properties(
        width=WIDE, height=110, title="Throughput (blue: model; diamonds: document)")
    return alt.vconcat(top, bottom).properties(
        description=prose("""
            Top: the LPAR's CPU load in IFLs for 200 JVMs spread over 1, 2, 4, 10, 20,
            50, 100 and 200 Linux guests, as stacked model bars. The drop-down chooses
            the split: by the case's cost law (JVM work, the stacking overhead of JVMs
            sharing a guest, the cost of each virtual CPU, CP's work dispatching virtual
            CPUs beyond the real ones, CP system time) or by z/VM's accounting
            (emulation, CP time attributed to guests, CP system time). Black diamonds
            mark the document's 13.7 IFLs at one guest and 8.8 IFLs at 20 guests, used
            for calibration; a dashed line marks the document's highest load between 10
            and 200 guests, 10.8 IFLs. Bottom: throughput as a percentage of the best
            configuration; the model's line is flat at 100, the document's highest is at
            200 guests and its lowest, 3 % lower, at 10 guests.
            """))


# --------------------------------------------------------------------------------------
# Scenarios 2 and 3: virtual CPUs per guest


def vcpu_frame(case: jvm.Case | None = None) -> pd.DataFrame:
    """Scenarios 2 and 3 in long form: for each scenario and virtual-CPU count, the model's
    change in LPAR load and in emulation against the scenario's baseline (2 virtual CPUs
    for 20 guests, 1 for 200 guests), with the document's values where it gives them."""
    obs = jvm.observations()
    doc = {
        (20, 3, "LPAR load"): float(obs.loc["o003-s2-lpar-spread", "value"]),
        (20, 2, "LPAR load"): 0.0,
        (200, 2, "LPAR load"): float(obs.loc["o003-s3-lpar-inc", "value"]),
        (200, 2, "emulation"): float(obs.loc["o003-s3-emu-inc", "value"]),
        (200, 1, "LPAR load"): 0.0,
        (200, 1, "emulation"): 0.0,
    }
    rows = []
    for label, (n, base) in SCENARIOS.items():
        vs = jvm.SCENARIO2 if n == 20 else jvm.SCENARIO3
        f = jvm.vcpu_scan(n, vs, case)
        for v in vs:
            for q, col in (("LPAR load", "lpar_load"), ("emulation", "emulation")):
                rows.append({"scenario": label, "vcpus": v, "quantity": q,
                             "model": float(f.loc[v, col] - f.loc[base, col]),
                             "document": doc.get((n, v, q), math.nan),
                             "absolute": float(f.loc[v, col]), "ratio": float(f.loc[v, "vcpu_ratio"]),
                             "role": "calibration" if n == 200 else "validation"})
    out = pd.DataFrame(rows)
    for c in ("model", "absolute", "ratio"):
        out[c] = sig(out[c])
    return out


def vcpu_chart(frame: pd.DataFrame, default: str = list(SCENARIOS)[0]) -> alt.LayerChart:
    """Change in LPAR load and emulation with the virtual CPUs per guest, for the scenario
    chosen in the drop-down; the document's values as diamonds, the document's unknown
    one-virtual-CPU value for 20 guests as a range."""
    _check(frame, ["scenario", "vcpus", "quantity", "model", "document", "absolute", "ratio"], "frame")
    pick = picker("scenario", list(SCENARIOS), default, "Scenario", field="default")
    x = alt.X("vcpus:O", title="virtual CPUs per guest (number)", axis=alt.Axis(labelAngle=0))
    y = alt.Y("model:Q", title="change against the baseline (IFLs)", scale=alt.Scale(domain=[-1, 4]))
    colour = alt.Color("quantity:N", title="model", scale=alt.Scale(domain=["LPAR load", "emulation"],
                                                                    range=CATEGORIES[:2]),
                       legend=alt.Legend(orient="right"))
    base = alt.Chart(frame).transform_filter(alt.datum.scenario == pick)
    tip = [alt.Tooltip("vcpus:O", title="virtual CPUs per guest"), alt.Tooltip("quantity:N"),
           alt.Tooltip("model:Q", title="model change (IFLs)", format="+.2f"),
           alt.Tooltip("absolute:Q", title="model value (IFLs)", format=".2f"),
           alt.Tooltip("ratio:Q", title="virtual : real CPUs", format=".2f"), alt.Tooltip("role:N", title="used for")]
    # the document's change only on the points where it gives one (elsewhere the row would
    # read "null")
    dtip = tip[:2] + [alt.Tooltip("document:Q", title="document change (IFLs)", format="+.1f")] + tip[2:]
    lines = base.mark_line(point=True).encode(x=x, y=y, color=colour, tooltip=tip)
    docs = base.transform_filter("isValid(datum.document)").mark_point(
        shape="diamond", size=170, filled=False, strokeWidth=2).encode(
        x=x, y=alt.Y("document:Q"), tooltip=dtip,
        color=alt.Color("quantity:N", scale=alt.Scale(domain=["LPAR load", "emulation"],
                                                      range=[DOC_COLOUR, MUTED]), legend=None))
    dtext = base.transform_filter("isValid(datum.document) && datum.document != 0").transform_calculate(
        label="'document ' + format(datum.document, '+.1f') + ' (' + datum.quantity + ')'").mark_text(
        align="right", dx=-12, color=DOC_COLOUR, fontSize=10).encode(x=x, y=alt.Y("document:Q"), text="label:N")
    top = float(frame["document"].max())
    unknown = pd.DataFrame({"scenario": [list(SCENARIOS)[0]], "vcpus": [1], "lo": [0.0], "hi": [top],
                            "mid": [top / 2], "label": ["document: in between (no number)"]})
    ubase = alt.Chart(unknown).transform_filter(alt.datum.scenario == pick)
    urange = ubase.mark_rule(color=DOC_COLOUR, strokeWidth=2, strokeDash=[3, 3]).encode(
        x=x, y="lo:Q", y2="hi:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    utext = ubase.mark_text(align="left", dx=8, color=DOC_COLOUR, fontSize=10).encode(
        x=x, y="mid:Q", text="label:N")
    return alt.layer(urange, utext, lines, docs, dtext).add_params(pick).resolve_scale(color="independent").properties(
        width=WIDE, height=230, title="Adding virtual CPUs per guest (lines: model; diamonds and dotted range: document)",
        description=prose("""
            For the scenario chosen in the drop-down, the change in the LPAR's CPU load
            and in emulation time, in IFLs, against the number of virtual CPUs per
            guest, relative to the scenario's baseline (2 virtual CPUs for 20 guests
            with 10 JVMs each, 1 for 200 guests with one JVM each). Lines are the model,
            diamonds the document: for 20 guests the LPAR load is 3.6 IFLs higher with 3
            virtual CPUs and somewhere in between with 1 (drawn as a dashed range); for
            200 guests the second virtual CPU adds 2.3 IFLs of LPAR load and 1.9 of
            emulation, which were used for calibration.
            """))


# --------------------------------------------------------------------------------------
# z/VM's own CPU: CP and system time


def zvm_frame(frame: pd.DataFrame, case: jvm.Case | None = None) -> pd.DataFrame:
    """CP time attributed to guests and CP system time for Table 4 plus 200 guests with two
    virtual CPUs (scenario 3), in long form."""
    _check(frame, ["guests", "vcpus_per_guest", "vcpu_ratio", "cp_attributed", "cp_system", "cp_dispatch"])
    extra = jvm.vcpu_scan(200, [2], case).reset_index()
    rows = []
    configs = [(f"{int(r['guests'])}", r) for r in frame.to_dict("records")]
    configs.append((EXTRA, extra.iloc[0].to_dict()))
    for label, r in configs:
        for i, (part, value) in enumerate((("CP attributed: the model's share of guest CPU",
                                            r["cp_attributed"] - r["cp_dispatch"]),
                                           ("CP attributed: dispatching virtual CPUs", r["cp_dispatch"]),
                                           ("CP system time", r["cp_system"]))):
            rows.append({"config": label, "part": part, "order": i, "ifl": value,
                         "ratio": r["vcpu_ratio"], "vcpus": int(r["vcpus_per_guest"])})
    out = pd.DataFrame(rows)
    out["ifl"] = sig(out["ifl"])
    out["ratio"] = sig(out["ratio"], 3)
    return out


def zvm_chart(frame: pd.DataFrame, case: jvm.Case | None = None) -> alt.LayerChart:
    """z/VM's CP and system time for each configuration with the document's 0.4 to 1 IFL range."""
    long = zvm_frame(frame, case)
    order = [f"{n}" for n in GUESTS] + [EXTRA]
    parts = list(dict.fromkeys(long["part"]))
    # each label: the guests, below them the virtual CPUs per real one without its ":1", and
    # under the extra bar "2 v": "200, 2 v" and "16.7:1" ran into their neighbours on a phone
    lines = {r["config"]: [r["config"], f"{r['ratio']:g}"] for r in long.drop_duplicates("config").to_dict("records")}
    lines[EXTRA] = [EXTRA.split(",")[0], lines[EXTRA][1], "2 v"]
    label = "{" + ", ".join(f"'{k}': [" + ", ".join(f"'{x}'" for x in v) + "]" for k, v in lines.items()) + "}"
    x = alt.X("config:N", sort=order, scale=alt.Scale(domain=order),
              title="Linux guests (below: virtual CPUs per real CPU)",
              axis=alt.Axis(labelAngle=0, labelExpr=f"{label}[datum.label]"))
    bars = alt.Chart(long).mark_bar(width=alt.RelativeBandSize(0.7)).encode(
        x=x, y=alt.Y("ifl:Q", stack="zero", title="CP and system time (IFLs)", scale=alt.Scale(domain=[0, 1.3])),
        color=alt.Color("part:N", title="model", sort=parts,
                        scale=alt.Scale(domain=parts, range=[CPU_COSTS["CP attributed to guests"], CPU_COSTS["CP dispatching"],
                                                         CPU_COSTS["CP system time"]]),
                        legend=alt.Legend(orient="bottom", columns=1, labelLimit=320)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("config:N", title="guests"), alt.Tooltip("vcpus:Q", title="virtual CPUs per guest"),
                 alt.Tooltip("ratio:Q", title="virtual : real CPUs"), alt.Tooltip("part:N"),
                 alt.Tooltip("ifl:Q", format=".3f", title="IFLs")])
    obs = jvm.observations().loc["o003-cp-sys-range"]
    band = pd.DataFrame({"config": ["1"], "to": [EXTRA], "lo": [float(obs["lower"])], "hi": [float(obs["upper"])],
                         "label": [f"document: CP + system between {obs['lower']:g} and {obs['upper']:g} IFLs "
                                   "over 1 to 200 guests"]})
    xb = alt.X("config:N", sort=order, scale=alt.Scale(domain=order), bandPosition=0)
    rect = alt.Chart(band).mark_rect(opacity=0.12, color=DOC_COLOUR).encode(
        x=xb, x2="to:N", y="lo:Q", y2="hi:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    lines = band.melt(id_vars=["config", "to", "label"], value_vars=["lo", "hi"], value_name="ifl")
    edges = alt.Chart(lines).mark_rule(color=DOC_COLOUR, strokeDash=[5, 3]).encode(x=xb, x2="to:N", y="ifl:Q")
    text = alt.Chart(band).mark_text(align="left", dx=4, dy=-8, color=DOC_COLOUR, fontSize=10).encode(
        x=xb, y="hi:Q", text="label:N")
    return alt.layer(rect, edges, bars, text).properties(
        width=WIDE, height=230, title="z/VM's own CPU: CP and system time (bars: model; grey band: document)",
        description=prose("""
            Stacked model bars of z/VM's CP time attributed to guests (the model's fixed
            share of guest CPU, and CP's work dispatching virtual CPUs beyond the real
            ones) and CP system time, in IFLs, for Table 4's eight configurations and
            for 200 guests with two virtual CPUs each (16.7 virtual CPUs per real one).
            A grey band marks the document's statement that CP plus system time stayed
            between 0.4 and 1 IFL over 1 to 200 guests.
            """))


# --------------------------------------------------------------------------------------
# Memory: page reorder and where the binaries live


def memory_long(sweep: pd.DataFrame) -> pd.DataFrame:
    """The memory sweep (:func:`overcommit.cases.jvm.memory_sweep`) trimmed for the chart."""
    _check(sweep, ["guests", "binaries", "memory_gib", "model_reorder_pause_s", "page_read_mib_s", "failed_share",
                   "instantiated_gib", "dpa_gib", "failure_reason"], "sweep")
    f = sweep[["guests", "binaries", "memory_gib", "model_reorder_pause_s", "page_read_mib_s", "failed_share",
               "instantiated_gib", "dpa_gib"]].copy()
    f["binaries"] = f["binaries"].map(BINARY_LABELS)
    f["failed"] = (f.pop("failed_share") > 0).map({True: "time-outs", False: "runs"})
    f["short_gib"] = (f["instantiated_gib"] - f["dpa_gib"]).clip(lower=0)
    for c in ("model_reorder_pause_s", "page_read_mib_s", "instantiated_gib", "short_gib"):
        f[c] = sig(f[c], 3)
    f["guests"] = f["guests"].astype(int)
    return f.drop(columns=["dpa_gib"])


def memory_chart(sweep: pd.DataFrame, default_guests: int = 1) -> alt.VConcatChart:
    """For the chosen guest count: the longest page-reorder pause and the page reads against
    the LPAR's memory, for both homes of the WebSphere binaries."""
    f = memory_long(sweep)
    pick = guests_picker(default_guests)
    x = alt.X("memory_gib:Q", title="LPAR memory (GiB; the document's LPAR has 200)",
              scale=alt.Scale(domain=[float(f["memory_gib"].min()), float(f["memory_gib"].max())], nice=False))
    colour = alt.Color("binaries:N", title=None, sort=list(BINARY_LABELS.values()),
                       scale=alt.Scale(domain=list(BINARY_LABELS.values()), range=BINARY_COLOURS),
                       legend=alt.Legend(orient="bottom"))
    tip = [alt.Tooltip("guests:O"), alt.Tooltip("binaries:N"), alt.Tooltip("memory_gib:Q", title="LPAR GiB"),
           alt.Tooltip("instantiated_gib:Q", title="guests touch (GiB)"),
           alt.Tooltip("short_gib:Q", title="short of the DPA by (GiB)"),
           alt.Tooltip("model_reorder_pause_s:Q", title="reorder pause (s)", format=".2f"),
           alt.Tooltip("page_read_mib_s:Q", title="page reads (MiB/s)", format=".2f"), alt.Tooltip("failed:N")]
    base = alt.Chart(f).transform_filter(alt.datum.guests == pick)
    limit = float(jvm.calibrated().pause_limit_s)
    dash = alt.StrokeDash("binaries:N", sort=list(BINARY_LABELS.values()), legend=None)
    lim = pd.DataFrame({"y": [limit], "label": [f"clients give up after {limit:g} s (borrowed)"]})
    y_pause = zero_scale_by([(f, "model_reorder_pause_s"), (lim, "y")], [(pick, "guests")])
    pause = base.mark_line(point=alt.OverlayMarkDef(size=25)).encode(
        x=x, y=alt.Y("model_reorder_pause_s:Q", title="longest reorder pause (s)", scale=y_pause), color=colour,
        strokeDash=dash, tooltip=tip)
    fails = base.transform_filter(alt.datum.failed == "time-outs").mark_point(
        shape="cross", size=90, color=ALERT, strokeWidth=2).encode(
        x=x, y="model_reorder_pause_s:Q", tooltip=tip)
    lrule = alt.Chart(lim).mark_rule(color=ALERT, strokeDash=[6, 4]).encode(y="y:Q")
    # the label in ink, not in the line's red: small red text on white is under 4.5:1
    ltext = alt.Chart(lim).mark_text(align="left", x=4, dy=-7, color=INK, fontSize=10).encode(
        y="y:Q", text="label:N")
    top = alt.layer(lrule, ltext, pause, fails).add_params(pick).properties(
        width=WIDE, height=180,
        title="Page reorder stops the largest guest (model; red crosses: its clients time out)")
    reads = base.mark_line(point=alt.OverlayMarkDef(size=25)).encode(
        x=x, y=alt.Y("page_read_mib_s:Q", title="page reads (MiB/s)"), color=colour,
        strokeDash=alt.StrokeDash("binaries:N", sort=list(BINARY_LABELS.values()), legend=None), tooltip=tip)
    bottom = reads.properties(width=WIDE, height=140, title="Paging once the guests' pages no longer fit (model)")
    return alt.vconcat(top, bottom).properties(
        description=prose(f"""
            For the number of Linux guests chosen in the drop-down (Table 4's
            configurations), against the LPAR's memory from 140 to 200 GiB: top, the
            longest page-reorder pause of a guest in seconds, with a {word(ALERT)} dashed line at
            the 4 seconds after which its clients time out and {word(ALERT)} crosses where they
            do; bottom, page reads from the paging volumes in MiB/s. {word(BINARY_COLOURS[0]).capitalize()} solid
            lines: WebSphere binaries in a DCSS; {word(BINARY_COLOURS[1])} dashed lines: on a shared minidisk,
            cached in every guest. All values are the model's; the document never ran
            short of memory.
            """))


# --------------------------------------------------------------------------------------
# Tables


TABLE_ROLES = {"calibration": ("calibration", "input"), "validation": ("validation",),
               "not modelled": ("not modelled",)}

#: every parameter of data/case_jvm.csv as the chapter's table names it (units are a column
#: of their own); the letters are the cost law's, as the chapter writes it
PARAMETER_MEANINGS = {
    "lpar_memory_gib": "LPAR memory",
    "cpus": "IFLs of the LPAR",
    "xstor_gib": "expanded storage",
    "paging_devices": "paging volumes",
    "release": "z/VM release",
    "paging_kind": "paging device kind",
    "jvms_total": "JVMs in all",
    "heap_mib": "heap of a JVM",
    "jvm_native_mib": "native memory of a JVM",
    "linux_base_mib": "memory of Linux itself, per guest",
    "binaries_cache_mib": "WebSphere binaries each guest caches from a shared minidisk",
    "cpu_per_jvm": "u: CPU of one JVM alone in its guest",
    "stacking": "σ: stacking overhead per further JVM in a guest",
    "cpu_per_vcpu": "o: CPU per virtual CPU of a guest",
    "cp_vcpu_overhead": "ψ: CP's work to dispatch virtual CPUs beyond the real ones",
    "cp_share": "relative share of the stand-in that carries CP's dispatching",
    "share": "relative share of each guest",
    "skew": "popularity skew of active pages",
    "median_rate_per_s": "references per second to the median active page",
    "write_frac": "share of references that change a page",
    "active_frac": "share of touched memory in use",
    "released_frac": "released share of instantiated memory",
    "users_per_jvm": "clients per JVM",
    "think_frac": "share of a client's cycle outside the guest's CPUs",
    "blocking": "share of a page-fault stall that holds the virtual CPU",
    "cycle_s": "a client's reference cycle",
    "timeout_s": "response time at which the clients' HTTP time-outs pile up",
    "pause_limit_s": "longest reorder pause the clients sit out",
}


def parameter_table(case: jvm.Case | None = None) -> pd.DataFrame:
    """The rows of data/case_jvm.csv as the chapter shows them: each parameter by its meaning
    (:data:`PARAMETER_MEANINGS`), with the value the calibrated ``case`` runs with, the start
    value of a fitted one, its role and its source (:func:`overcommit.book.figures_cases.parameter_table`)."""
    from .figures_cases import parameter_table as table

    return table(jvm.provenance(), jvm.calibrated() if case is None else case, PARAMETER_MEANINGS)


def comparison_table(case: jvm.Case | None = None, part: str = "validation") -> pd.DataFrame:
    """One part of :func:`overcommit.cases.jvm.comparison` formatted for the page:
    ``"calibration"`` (calibration rows and inputs), ``"validation"`` or ``"not modelled"``,
    so that calibration and validation are never mixed in one table."""
    if part not in TABLE_ROLES:
        raise ValueError(f"part: {part!r} is not accepted; expected one of {list(TABLE_ROLES)}")
    c = jvm.comparison(case)
    c = c[c["role"].isin(TABLE_ROLES[part])]

    def fmt(v):
        if isinstance(v, str):
            return v
        return f"{v:.2f}" if abs(v) < 100 else f"{v:.0f}"

    out = pd.DataFrame({
        "quantity": c["quantity"].to_numpy(),
        "document": c["document"].to_numpy(),
        "model": [fmt(v) for v in c["model"]],
        "model / document": [("" if not math.isfinite(r) else f"{r:.2f}") for r in c["ratio"]],
        "verdict": c["verdict"].to_numpy(),
    }, index=pd.Index(c["scenario"].to_numpy(), name="scenario"))
    return out


def cost_law_table(case: jvm.Case | None = None) -> pd.DataFrame:
    """The cost law's terms for each Table 4 configuration, per guest and for the LPAR (IFLs
    at the reference throughput, before the release's CPU cost factor)."""
    case = jvm.calibrated() if case is None else case
    t = jvm.scenarios()
    rows = []
    for n in GUESTS:
        j, v = jvm.jvms_per_guest(n, case), int(t.loc[n, "vcpus_per_guest"])
        p = jvm.demand_parts(j, v, case)
        d = sum(p.values())
        rows.append({"guests": n, "JVMs per guest": j, "virtual CPUs per guest": v,
                     "JVM work per guest": f"{p['jvm_work']:.3f}", "stacking per guest": f"{p['stacking']:.3f}",
                     "virtual CPU cost per guest": f"{p['vcpu']:.3f}", "guest asks for": f"{d:.3f}",
                     "CP dispatching per guest": f"{jvm.cp_demand(n, v, d, case):.4f}",
                     "all guests ask for": f"{n * d:.2f}"})
    return pd.DataFrame(rows).set_index("guests")


# --------------------------------------------------------------------------------------
# The live explorer


def explorer_chart(guests: int = 20, vcpus: int = 2, memory_gib: float = 200, cpus: int = 24,
                   binaries: str = "dcss") -> alt.VConcatChart:
    """Any stacking on any LPAR: where the CPUs go, throughput and what page reorder would do."""
    case = jvm.calibrated(binaries)
    m = jvm.measures(jvm.run(guests, case, vcpus=vcpus, memory_gib=memory_gib, cpus=cpus), case)
    obs = jvm.observations()
    doc = None
    if memory_gib == 200 and cpus == 24 and binaries == "dcss":
        known = {(1, 24): float(obs.loc["o003-s1-lpar-max", "value"]),
                 (20, 2): float(obs.loc["o003-s1-lpar-min", "value"]),
                 (20, 3): float(obs.loc["o003-s1-lpar-min", "value"] + obs.loc["o003-s2-lpar-spread", "value"])}
        doc = known.get((guests, vcpus))
    parts = COST_PARTS + ["idle"]
    values = [m["jvm_work"], m["stacking"], m["vcpu"], m["cp_dispatch"], m["cp_system"], m["idle"]]
    cpu = pd.DataFrame({"part": parts, "ifl": values, "order": range(len(parts))})
    cpu["ifl"] = sig(cpu["ifl"])
    bar = alt.Chart(cpu).mark_bar(height=26).encode(
        x=alt.X("ifl:Q", stack="zero", title="real CPUs of the LPAR (IFLs)",
                scale=alt.Scale(domain=[0, float(cpus)], nice=False)),
        color=alt.Color("part:N", title="CPU used for", sort=parts,
                        scale=alt.Scale(domain=parts, range=COST_COLOURS + [CPU_COSTS["idle"]]),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=240)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("part:N"), alt.Tooltip("ifl:Q", format=".2f", title="IFLs")])
    layers = [bar]
    if doc is not None:
        d = pd.DataFrame({"ifl": [doc], "label": [f"document {doc:g}"]})
        layers.append(alt.Chart(d).mark_tick(color=DOC_COLOUR, thickness=3, size=40).encode(x="ifl:Q"))
        layers.append(alt.Chart(d).mark_text(dy=-24, color=DOC_COLOUR, fontSize=10).encode(x="ifl:Q", text="label:N"))
    title = alt.Title([f"{guests} guests x {m['jvms_per_guest']} JVMs, {vcpus} virtual CPUs each "
                       f"({m['vcpu_ratio']:.2f}:1) on {cpus} IFLs:",
                       f"LPAR load {m['lpar_load']:.2f} IFLs, throughput {100 * m['throughput']:.1f} % of reference"])
    first = alt.layer(*layers).properties(width=WIDE, height=40, title=title)
    mem = pd.DataFrame({
        "what": ["the guests touch", "the DPA holds"],
        "gib": [m["instantiated_gib"], m["dpa_gib"]],
    })
    mem["gib"] = sig(mem["gib"])
    pause = m["model_reorder_pause_s"]
    status = (f"page reorder stops a guest for {pause:.1f} s" if pause > 0
              else f"everything resident; a reorder would stop the largest guest for {m['reorder_pause_s']:.1f} s")
    lines = [f"Memory, {BINARY_LABELS[binaries]}: {status[:1].upper() + status[1:]}"]
    if m["failure_reason"]:
        lines.append(f"Clients time out: {m['failure_reason']}")
        status += f"; clients time out ({m['failure_reason']})"
    mbar = alt.Chart(mem).mark_bar(height=18).encode(
        y=alt.Y("what:N", title=None, sort=["the guests touch", "the DPA holds"]),
        x=alt.X("gib:Q", title="memory (GiB)"),
        color=alt.Color("what:N", legend=None, scale=alt.Scale(domain=["the guests touch", "the DPA holds"],
                                                               range=[PAGE_MEASURES["instantiated"], MUTED])),
        tooltip=[alt.Tooltip("what:N"), alt.Tooltip("gib:Q", format=".1f", title="GiB")])
    second = mbar.properties(width=WIDE, height=50, title=alt.Title(lines))
    return alt.vconcat(first, second).resolve_scale(color="independent").properties(
        description=(
            f"Model result for {guests} Linux guests with {m['jvms_per_guest']} JVMs and {vcpus} virtual CPUs each on "
            f"{cpus} IFLs and {memory_gib:g} GiB ({BINARY_LABELS[binaries]}): the LPAR's CPUs split into JVM work "
            f"{m['jvm_work']:.2f}, stacking overhead {m['stacking']:.2f}, virtual CPU cost {m['vcpu']:.2f}, CP "
            f"dispatching {m['cp_dispatch']:.2f}, CP system time {m['cp_system']:.2f} and idle {m['idle']:.2f} IFLs"
            + (f" (document: {doc:g} IFLs)" if doc is not None else "")
            + f"; throughput {100 * m['throughput']:.1f} % of the reference; the guests touch "
            f"{m['instantiated_gib']:.1f} GiB of a {m['dpa_gib']:.1f} GiB DPA; {status}."
        ))


__all__ = [
    "GUESTS", "VIEWS", "SCENARIOS", "guests_picker", "model_frame", "stack_long", "stacking_chart", "vcpu_frame", "vcpu_chart",
    "zvm_frame", "zvm_chart", "memory_long", "memory_chart", "TABLE_ROLES", "comparison_table", "cost_law_table",
    "explorer_chart", "PARAMETER_MEANINGS", "parameter_table",
]


def document_texts(case: jvm.Case | None = None) -> dict[str, str]:
    """The report's numbers and the case's inputs as the chapter's prose states them, each
    read from one place. Every record of ``data/observations_003.csv`` is glued under its
    own id (``o003-s1-lpar-max`` is "13.7"); a range gives ``<id>-lower`` and
    ``<id>-upper``. The case's inputs (``data/case_jvm.csv``) are ``jvm-in-<parameter>``;
    ``jvm-doc-*`` are the few numbers the prose derives from the records (the LPAR spread
    the report rounds, the CP part of scenario 3's increase) and Table 4's rows."""
    case = case or jvm.calibrated()
    out: dict[str, str] = {}
    obs = jvm.observations()
    for rid, r in obs.iterrows():
        if r["relation"] == "between":
            out[f"{rid}-lower"] = f"{r['lower']:g}"
            out[f"{rid}-upper"] = f"{r['upper']:g}"
        else:
            out[rid] = f"{r['value']:g}"
    v = obs["value"]
    out["jvm-doc-lpar-diff"] = f"{v['o003-s1-lpar-max'] - v['o003-s1-lpar-min']:.1f}"
    out["jvm-doc-s3-cp-inc"] = f"{v['o003-s3-lpar-inc'] - v['o003-s3-emu-inc']:.1f}"
    t4 = jvm.scenarios()
    out["jvm-doc-t4-configs"] = f"{len(t4)}"
    out["jvm-doc-t4-vcpus1"] = f"{jvm.table4_vcpus(int(t4.index.min()))}"
    for name in ("lpar_memory_gib", "cpus", "jvms_total", "heap_mib", "jvm_native_mib", "linux_base_mib",
                 "binaries_cache_mib", "timeout_s", "pause_limit_s"):
        out[f"jvm-in-{name.replace('_', '-')}"] = f"{getattr(case, name):g}"
    return out


def glue_document_texts(case: jvm.Case | None = None) -> dict[str, str]:
    """Glue every :func:`document_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(document_texts(case))
