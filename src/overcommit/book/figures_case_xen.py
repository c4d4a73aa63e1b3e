"""Chart builders for the case study "Overcommitment on z/VM and Xen" (seed 004).

Every number drawn comes from :mod:`overcommit.cases.xen` (which runs
:func:`overcommit.simulate` for each hypervisor); the document's statements (seed 004,
backup slides) are drawn beside them and marked "document". Controls are Vega-Lite
parameters bound to drop-downs over data computed in advance, rounded to four significant
digits to keep the pages small.
"""

from __future__ import annotations

import math
import re

import altair as alt
import pandas as pd

from ..cases import xen
from .palette import CHOSEN, CPU_COSTS, CPU_USE, HYPERVISORS, IDLE, INK, MUTED, PAGE_STATES, PAPER, WHITE, word
from .figures import WIDE, zero_scale_by, check_columns, picker, sig, prose
from .figures_cases import DOCUMENTS as _CASE_DOCUMENTS, readable_value

HV_LABELS = [xen.LABELS[k] for k in xen.HYPERVISORS]
HV_COLOURS = [HYPERVISORS["z/VM"], HYPERVISORS["Xen"]]  # in the order of xen.HYPERVISORS
DOC_COLOUR = PAPER
GUESTS = [xen.GUESTS_PER_TRIPLET * t for t in xen.TRIPLETS]
TABLE_GUESTS = list(xen.TABLE_GUESTS)
CPU_PARTS = ["guest work", "scheduling virtual CPUs", "hypervisor system time", "idle"]
CPU_KEYS = ["guest_cpu", "sched_cpu", "system_cpu", "idle_cpu"]
CPU_COLOURS = [CPU_USE["guest work"], CPU_COSTS["CP dispatching"], CPU_USE["CP system"], CPU_USE["idle"]]
MEM_PARTS = ["resident in memory", "in expanded storage", "on DASD only", "defined, never touched"]
MEM_COLOURS = [PAGE_STATES["resident"], PAGE_STATES["XSTOR"], PAGE_STATES["DASD"], PAGE_STATES["never touched"]]
MEASURES = {
    "throughput": "throughput (triplets at full speed)",
    "cpu_util_pct": "CPU utilisation (% of the physical CPUs)",
    "per_triplet_pct": "throughput per triplet (% of full speed)",
}



def impossible_text(reason: str) -> str:
    """Why a configuration cannot run, as a tooltip says it: the model's error message
    without the argument it names and the advice to the caller ("memory_gib: 24 GiB cannot
    hold 18 guests ...; expected at most 5 triplets" → "24 GiB cannot hold 18 guests ...")."""
    text = re.sub(r"^[a-z_]+: ", "", str(reason))
    return re.sub(r"; expected .*$", "", text)

def _check(frame: pd.DataFrame, columns: list[str], name: str = "frame") -> None:
    check_columns(frame, columns, name, expected="the rows of overcommit.cases.xen")


def _cpu_long(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """What the CPUs do in the feasible runs of ``frame``: one row per run (``keys``) and part."""
    cpu = frame[frame["feasible"]][keys + CPU_KEYS].melt(id_vars=keys, value_vars=CPU_KEYS, var_name="key",
                                                         value_name="cpus")
    cpu["part"] = cpu["key"].map(dict(zip(CPU_KEYS, CPU_PARTS)))
    cpu["order"] = cpu["key"].map({k: i for i, k in enumerate(CPU_KEYS)})
    cpu["cpus"] = sig(cpu["cpus"], 3)
    return cpu.drop(columns="key")


def _cpu_split(cpus: float, title: str, tooltip: list) -> dict:
    """The encoding of a stacked bar of what the physical CPUs do, on an axis to ``cpus``."""
    return dict(x=alt.X("cpus:Q", stack="zero", title="physical CPUs (processors)",
                        scale=alt.Scale(domain=[0, cpus], nice=False)),
                color=alt.Color("part:N", title=title, sort=CPU_PARTS, scale=alt.Scale(domain=CPU_PARTS, range=CPU_COLOURS),
                                legend=alt.Legend(orient="bottom", columns=2, labelLimit=260)),
                order=alt.Order("order:Q"), tooltip=tooltip)


def guests_picker(options: list[int], value: int, name: str = "guests") -> alt.Parameter:
    """A drop-down over guest counts."""
    return picker(name, options, value, "Guests")


def _x_guests(domain: list[int]) -> alt.X:
    return alt.X("guests:Q", title="guests (virtual : physical CPUs on 8 CPUs)",
                 scale=alt.Scale(domain=[min(domain) - 1, max(domain) + 1], nice=False),
                 axis=alt.Axis(values=domain, labelExpr="datum.value + ' (' + format(datum.value / 6, '.1f') + ':1)'",
                               labelFontSize=10, grid=False))


def _hv_colour(title: str = "hypervisor (model)", orient: str = "top") -> alt.Color:
    # above the plot, not in its top left corner: on a phone the corner is where Xen's line
    # climbs, and the legend's white box hid it
    return alt.Color("hypervisor:N", title=title, sort=HV_LABELS, scale=alt.Scale(domain=HV_LABELS, range=HV_COLOURS),
                     legend=alt.Legend(orient=orient, fillColor=WHITE,
                                       direction="horizontal" if orient in ("top", "bottom") else alt.Undefined))


def model_frame(hypervisors: dict[str, xen.Hypervisor] | None = None) -> pd.DataFrame:
    """:func:`overcommit.cases.xen.both` for 1 to 7 triplets with readable hypervisor names."""
    f = xen.both(xen.TRIPLETS, hypervisors=hypervisors)
    f["hypervisor"] = f["hypervisor"].map(xen.LABELS)
    f["per_triplet_pct"] = 100.0 * f["throughput_per_triplet"]
    return f


# --------------------------------------------------------------------------------------
# CPU overcommitment


def _doc_cpu_markers(frame: pd.DataFrame) -> pd.DataFrame:
    """Where the document puts each hypervisor's maximum, on every measure: the CPU
    utilisation the document gives there, or the model's value at that guest count."""
    obs = xen.observations()
    idx = frame.set_index(["hypervisor", "guests"])
    marks = [(xen.LABELS["zvm"], int(obs.loc["o004-zvm-max-tput", "value"]),
              float(obs.loc["o004-zvm-cpu-at-max", "value"]), "nearly full"),
             (xen.LABELS["xen"], int(obs.loc["o004-xen-max-tput", "value"]),
              float(obs.loc["o004-xen-cpu-at-max", "value"]), None)]
    rows = []
    for hv, g, cpu, words in marks:
        for key, label in MEASURES.items():
            if key == "cpu_util_pct":
                value = cpu
                text = f"document: {hv} maximum, " + (words or f"{cpu:g} %")
            else:
                value = float(idx.loc[(hv, g), key])
                text = f"document: {hv} maximum"
            rows.append({"hypervisor": hv, "guests": g, "measure": label, "value": value, "label": text})
    out = pd.DataFrame(rows)
    out["value"] = sig(out["value"])
    return out


def cpu_chart(frame: pd.DataFrame, default_guests: int = 12,
              default_measure: str = MEASURES["throughput"]) -> alt.VConcatChart:
    """Throughput (or CPU utilisation, or throughput per triplet) against the number of
    guests for both hypervisors, with the document's maximum-throughput markers; below,
    what the physical CPUs do for the chosen number of guests."""
    _check(frame, ["hypervisor", "guests", "feasible", "throughput", "cpu_util_pct", "per_triplet_pct", "reason",
                   "vcpu_ratio"] + CPU_KEYS)
    measures = list(MEASURES.values())
    if default_measure not in measures:
        raise ValueError(f"default_measure: {default_measure!r} is not accepted; expected one of {measures}")
    domain = sorted(int(g) for g in frame["guests"].unique())
    pick = guests_picker(domain, default_guests)
    meas = picker("measure", measures, default_measure, "Measure")
    ok = frame[frame["feasible"]]
    long = ok.melt(id_vars=["hypervisor", "guests", "vcpu_ratio"], value_vars=list(MEASURES), var_name="key",
                   value_name="value")
    long["measure"] = long["key"].map(MEASURES)
    long["value"] = sig(long["value"])
    long = long.drop(columns="key")
    x = _x_guests(domain)
    doc_markers = _doc_cpu_markers(frame)
    obs = xen.observations()
    highest = pd.DataFrame({"value": [float(obs.loc["o004-xen-max-cpu", "value"])],
                            "measure": [MEASURES["cpu_util_pct"]],
                            "label": ["document: Xen's highest CPU utilisation, "
                                      f"{obs.loc['o004-xen-max-cpu', 'value']:g} %"]})
    y = alt.Y("value:Q", title="chosen measure (units in the drop-down)",
              scale=zero_scale_by([(long, "value"), (doc_markers, "value"), (highest, "value")], [(meas, "measure")]))
    tip = [alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"), alt.Tooltip("vcpu_ratio:Q", title="virtual : physical",
                                                                             format=".2f"),
           alt.Tooltip("measure:N"), alt.Tooltip("value:Q", format=".3g")]
    band = alt.Chart(pd.DataFrame({"lo": [min(TABLE_GUESTS) - 0.5], "hi": [max(TABLE_GUESTS) + 0.5],
                                   "label": ["the document's table: 6 to 15 guests"]}))
    shade = band.mark_rect(color=IDLE, opacity=0.5).encode(x="lo:Q", x2="hi:Q")
    shade_text = band.mark_text(align="left", baseline="bottom", dx=3, y=-4, color=INK, fontSize=10).encode(
        x="lo:Q", text="label:N")
    lines = alt.Chart(long).transform_filter(alt.datum.measure == meas).mark_line(point=True).encode(
        x=x, y=y, color=_hv_colour(), tooltip=tip)
    docs = alt.Chart(doc_markers).transform_filter(alt.datum.measure == meas)
    diamonds = docs.mark_point(shape="diamond", size=220, filled=False, strokeWidth=2, color=DOC_COLOUR).encode(
        x=x, y="value:Q", tooltip=[alt.Tooltip("label:N", title="document"), alt.Tooltip("guests:Q")])
    dtext = docs.mark_text(align="left", dx=9, dy=14, fontSize=10, color=DOC_COLOUR).encode(
        x=x, y="value:Q", text="label:N")
    hrule = alt.Chart(highest).transform_filter(alt.datum.measure == meas).mark_rule(
        strokeDash=[6, 4], color=HV_COLOURS[1]).encode(y="value:Q")
    # "width": the plot's right edge, which a phone moves (a pixel position would not follow)
    htext = alt.Chart(highest).transform_filter(alt.datum.measure == meas).mark_text(
        align="right", x="width", dx=-4, dy=-7, fontSize=10, color=INK).encode(y="value:Q", text="label:N")
    bad = frame[~frame["feasible"]][["hypervisor", "guests", "reason"]].copy()
    bad["reason"] = bad["reason"].map(impossible_text)
    bad["value"] = 0.0
    nofit = alt.Chart(bad).mark_point(shape="cross", size=90, color=HV_COLOURS[1], filled=True).encode(
        x=x, y="value:Q", tooltip=[alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"),
                                   alt.Tooltip("reason:N", title="impossible")])
    chosen = alt.Chart(pd.DataFrame({"guests": domain})).transform_filter(alt.datum.guests == pick).mark_rule(
        color=INK, strokeWidth=2, opacity=0.3).encode(x=x)
    top = alt.layer(shade, shade_text, chosen, lines, hrule, htext, nofit, diamonds, dtext).add_params(
        pick, meas).properties(width=WIDE, height=250,
                               title="CPU overcommitment: lines model, diamonds where the document's maximum is")

    cpu = _cpu_long(frame, ["hypervisor", "guests"])
    cpus = float(frame["cpus"].max())
    ybar = alt.Y("hypervisor:N", title=None, sort=HV_LABELS)
    bars = alt.Chart(cpu).transform_filter(alt.datum.guests == pick).mark_bar(height=22).encode(
        y=ybar, **_cpu_split(cpus, "the CPUs do (model)",
                             [alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"), alt.Tooltip("part:N"),
                              alt.Tooltip("cpus:Q", format=".2f", title="CPUs")]))
    doc_ticks = pd.DataFrame({
        "hypervisor": HV_LABELS,
        "guests": [int(obs.loc["o004-zvm-max-tput", "value"]), int(obs.loc["o004-xen-max-tput", "value"])],
        "cpus": [cpus * float(obs.loc["o004-zvm-cpu-at-max", "value"]) / 100,
                 cpus * float(obs.loc["o004-xen-cpu-at-max", "value"]) / 100],
        "label": ["document: nearly full", f"document: {obs.loc['o004-xen-cpu-at-max', 'value']:g} %"]})
    ticks = alt.Chart(doc_ticks).transform_filter(alt.datum.guests == pick)
    tmark = ticks.mark_tick(color=DOC_COLOUR, thickness=3, size=30).encode(
        y=ybar, x="cpus:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    bad_bar = alt.Chart(bad.assign(label="cannot back the guests' memory in 24 GiB")).transform_filter(
        alt.datum.guests == pick).mark_text(align="left", dx=4, fontSize=11, color=INK).encode(
        y=ybar, x=alt.datum(0), text="label:N")
    bottom = alt.layer(bars, tmark, bad_bar).properties(
        width=WIDE, height=70, title="What the physical CPUs do for the chosen number of guests (tick: document)")
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=prose(f"""
            Top: for z/VM 5.3 ({word(HV_COLOURS[0])}) and Xen 3.1 ({word(HV_COLOURS[1])}), the model's throughput in
            triplets at full speed, its CPU utilisation in percent, or the throughput
            per triplet in percent of full speed (chosen in the Measure drop-down),
            against 3 to 21 guests, which is 0.5:1 to 3.5:1 virtual to physical CPUs on
            8 CPUs. The document's table covers 6 to 15 guests ({word(IDLE)} band). {word(PAPER).capitalize()}
            diamonds mark where the document puts each hypervisor's maximum throughput:
            z/VM at 12 guests with nearly full CPU, Xen at 9 guests with 83 % CPU; a
            dashed {word(HV_COLOURS[1])} line marks Xen's highest CPU utilisation, 92 %. {word(HV_COLOURS[1]).capitalize()} crosses
            mark Xen configurations whose memory does not fit. Bottom, for the number of
            guests chosen in the Guests drop-down: the 8 physical CPUs split into guest
            work, scheduling of virtual CPUs, hypervisor system time and idle time, with
            a {word(PAPER)} tick for the document's CPU utilisation.
            """))


# --------------------------------------------------------------------------------------
# Memory


def memory_long(sweep: pd.DataFrame) -> pd.DataFrame:
    """The memory sweep as stacked parts (MiB) per hypervisor, guests and memory size."""
    _check(sweep, ["hypervisor", "guests", "memory_gib", "feasible", "defined_mib", "resident_mib", "xstor_mib",
                   "dasd_only_mib", "instantiated_mib"], "sweep")
    f = sweep[sweep["feasible"]].copy()
    f["never_mib"] = f["defined_mib"] - f["instantiated_mib"]
    keys = ["resident_mib", "xstor_mib", "dasd_only_mib", "never_mib"]
    long = f.melt(id_vars=["hypervisor", "guests", "memory_gib"], value_vars=keys, var_name="key", value_name="mib")
    long["part"] = long["key"].map(dict(zip(keys, MEM_PARTS)))
    long["order"] = long["key"].map({k: i for i, k in enumerate(keys)})
    long["mib"] = sig(long["mib"]).round(0)
    long["hypervisor"] = long["hypervisor"].map(lambda h: xen.LABELS.get(h, h))
    return long.drop(columns="key")


def memory_chart(sweep: pd.DataFrame, default_guests: int = 15, default_memory: float = 7.0) -> alt.VConcatChart:
    """Throughput against memory for the chosen number of guests on both hypervisors, and
    where the guests' defined memory is at the chosen memory size."""
    _check(sweep, ["hypervisor", "guests", "memory_gib", "feasible", "throughput_pct", "page_read_mib_s"], "sweep")
    guests = sorted(int(g) for g in sweep["guests"].unique())
    memories = sorted(float(m) for m in sweep["memory_gib"].unique())
    pick = guests_picker(guests, default_guests)
    if float(default_memory) not in memories:
        raise ValueError(f"default_memory: {default_memory!r} is not accepted; expected one of {memories}")
    labels = [f"{m:g}" for m in memories]
    mpick = picker("memory", memories, float(default_memory), "Memory (GiB)", labels=labels)
    f = sweep[sweep["feasible"]].copy()
    f["hypervisor"] = f["hypervisor"].map(lambda h: xen.LABELS.get(h, h))
    f = f[["hypervisor", "guests", "memory_gib", "throughput_pct", "page_read_mib_s"]]
    f["throughput_pct"] = sig(f["throughput_pct"])
    f["page_read_mib_s"] = sig(f["page_read_mib_s"], 3)
    x = alt.X("memory_gib:Q", title="memory (GiB; z/VM: central storage, 2 GiB XSTOR on top)",
              scale=alt.Scale(domain=[min(memories), max(memories)], nice=False))
    y = alt.Y("throughput_pct:Q", title="throughput (% of the same guests on the document's host)",
              scale=alt.Scale(domain=[90, 101], nice=False, clamp=True))
    lines = alt.Chart(f).transform_filter(alt.datum.guests == pick).mark_line(
        point=alt.OverlayMarkDef(size=22)).encode(
        x=x, y=y, color=_hv_colour(orient="bottom-left"),
        tooltip=[alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"), alt.Tooltip("memory_gib:Q", title="GiB"),
                 alt.Tooltip("throughput_pct:Q", format=".2f", title="throughput (%)"),
                 alt.Tooltip("page_read_mib_s:Q", format=".2f", title="page reads (MiB/s)")])
    hv_x = xen.calibrated("xen")
    need = pd.DataFrame({"guests": guests,
                         "gib": [round(xen.min_memory_gib(g // xen.GUESTS_PER_TRIPLET, hv_x), 2) for g in guests]})
    need["label"] = "Xen needs " + need["gib"].map("{:.1f}".format) + " GiB"
    nsel = alt.Chart(need).transform_filter(alt.datum.guests == pick)
    nrule = nsel.mark_rule(color=HV_COLOURS[1], strokeDash=[6, 4]).encode(x="gib:Q")
    # at the foot of its dashed line: at the top, on a phone, it ran into the document's note
    ntext = nsel.mark_text(align="right", dx=-4, y="height", dy=-8, color=INK, fontSize=10).encode(
        x="gib:Q", text="label:N")
    obs = xen.observations()
    low = float(obs.loc["o004-zvm-min-mem", "value"])
    z = xen.calibrated("zvm")
    doc = pd.DataFrame({"memory_gib": [low, z.memory_gib], "throughput_pct": [100.0, 100.0],
                        "guests": [int(obs.loc["o004-zvm-min-mem", "cid"].split("=")[1])] * 2,
                        "label": [f"document: z/VM constant from {z.memory_gib:g} down to {low:g} GB", ""]})
    dsel = alt.Chart(doc).transform_filter(alt.datum.guests == pick)
    dline = dsel.mark_line(color=DOC_COLOUR, strokeWidth=5, opacity=0.35).encode(x=x, y=y)
    dtext = dsel.mark_text(align="left", dx=0, dy=-12, fontSize=10, color=DOC_COLOUR).encode(
        x=x, y=y, text="label:N")
    mrule = alt.Chart(pd.DataFrame({"memory_gib": memories})).transform_filter(
        alt.datum.memory_gib == mpick).mark_rule(color=INK, strokeWidth=2, opacity=0.3).encode(x=x)
    top = alt.layer(mrule, dline, dtext, nrule, ntext, lines).add_params(pick, mpick).properties(
        width=WIDE, height=210, title="Shrinking the memory (model; grey bar: the document's statement)")

    long = memory_long(sweep)
    ybar = alt.Y("hypervisor:N", title=None, sort=HV_LABELS)
    marks = pd.DataFrame({"mib": [float(obs.loc["o004-defined-mem", "value"]),
                                  float(obs.loc["o004-zvm-alloc-mem", "value"])],
                          "guests": [15, 15],
                          "label": [f"document: defined {obs.loc['o004-defined-mem', 'value']:,.0f} MB",
                                    f"document: z/VM backs {obs.loc['o004-zvm-alloc-mem', 'value']:,.0f} MB"]})
    stacks = long.groupby(["guests", "memory_gib", "hypervisor"], as_index=False)["mib"].sum()
    marks_each = marks.merge(pd.DataFrame({"memory_gib": memories}), how="cross")
    x_mib = zero_scale_by([(stacks, "mib"), (marks_each, "mib")], [(pick, "guests"), (mpick, "memory_gib")])
    bars = alt.Chart(long).transform_filter(alt.datum.guests == pick).transform_filter(
        alt.datum.memory_gib == mpick).mark_bar(height=22).encode(
        y=ybar, x=alt.X("mib:Q", stack="zero", title="the guests' defined memory (MiB, the document's MB)",
                        scale=x_mib),
        color=alt.Color("part:N", title="where the pages are (model)", sort=MEM_PARTS,
                        scale=alt.Scale(domain=MEM_PARTS, range=MEM_COLOURS),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=260)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"), alt.Tooltip("memory_gib:Q", title="GiB"),
                 alt.Tooltip("part:N"), alt.Tooltip("mib:Q", format=",.0f", title="MiB")])
    nofit = sweep[~sweep["feasible"]][["hypervisor", "guests", "memory_gib"]].copy()
    nofit["hypervisor"] = nofit["hypervisor"].map(lambda h: xen.LABELS.get(h, h))
    nofit["label"] = "impossible: the defined memory does not fit"
    ntxt = alt.Chart(nofit).transform_filter(alt.datum.guests == pick).transform_filter(
        alt.datum.memory_gib == mpick).mark_text(align="left", dx=4, fontSize=11, color=INK).encode(
        y=ybar, x=alt.datum(0), text="label:N")
    msel = alt.Chart(marks).transform_filter(alt.datum.guests == pick)
    mr = msel.mark_rule(color=DOC_COLOUR, strokeDash=[3, 3], strokeWidth=2).encode(x="mib:Q")
    mt = msel.mark_text(align="right", dx=-3, y=-6, fontSize=10, color=DOC_COLOUR).encode(x="mib:Q", text="label:N")
    bottom = alt.layer(bars, ntxt, mr, mt).properties(
        width=WIDE, height=70, title="Where the guests' memory is at the chosen memory size")
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=prose(f"""
            Top: the model's throughput, in percent of the same guests on the document's
            host, against memory from 4 to 24 GiB for the number of guests chosen in the
            Guests drop-down, for z/VM 5.3 ({word(HV_COLOURS[0])}; the memory is central storage, with 2
            GiB of expanded storage on top) and Xen 3.1 ({word(HV_COLOURS[1])}; the line exists only
            where Xen can back every guest's defined memory, which a dashed {word(HV_COLOURS[1])} line
            marks). For 15 guests a translucent {word(PAPER)} bar shows the document's statement that z/VM
            kept its throughput from 20 down to 7 GB. Bottom, at the memory chosen in
            the Memory drop-down: the guests' defined memory in MiB split into pages
            resident in memory, in expanded storage, only on DASD and never touched,
            with dashed {word(PAPER)} lines at the document's 22,990 MB defined and 11,355 MB
            backed by z/VM (15 guests).
            """))


# --------------------------------------------------------------------------------------
# How much overhead stops scaling where


def overhead_chart(sweep: pd.DataFrame, default: float | None = None) -> alt.VConcatChart:
    """Throughput against guests for several per-virtual-CPU overheads (Xen's triplet
    demand); below, where each curve stops scaling."""
    _check(sweep, ["sched_overhead", "guests", "throughput", "stops_at", "feasible"], "sweep")
    values = sorted(float(s) for s in sweep["sched_overhead"].unique())
    default = values[-1] if default is None else float(default)
    if default not in values:
        raise ValueError(f"default: {default!r} is not accepted; expected one of {values}")
    z, x = xen.calibrated("zvm"), xen.calibrated("xen")

    def name(s: float) -> str:
        if math.isclose(s, z.sched_overhead):
            return f"{s:.3g} (z/VM, borrowed)"
        if math.isclose(s, x.sched_overhead, rel_tol=1e-6):
            return f"{s:.3g} (Xen, fitted)"
        return f"{s:.3g}"

    pick = picker("overhead", values, default, "Scheduling overhead", labels=[name(s) for s in values])
    f = sweep[sweep["feasible"]][["sched_overhead", "guests", "throughput", "stops_at", "vcpu_ratio"]].copy()
    f["throughput"] = sig(f["throughput"])
    f["name"] = f["sched_overhead"].map(name)
    domain = sorted(int(g) for g in f["guests"].unique())
    xg = _x_guests(domain)
    tip = [alt.Tooltip("name:N", title="overhead"), alt.Tooltip("guests:Q"),
           alt.Tooltip("throughput:Q", format=".3f", title="triplets at full speed"),
           alt.Tooltip("stops_at:Q", title="stops scaling at (guests)")]
    base = alt.Chart(f)
    grey = base.mark_line(color=MUTED, strokeWidth=1, opacity=0.6).encode(
        x=xg, y=alt.Y("throughput:Q", title="throughput (triplets at full speed)"), detail="name:N", tooltip=tip)
    chosen = base.transform_filter(alt.datum.sched_overhead == pick).mark_line(
        point=alt.OverlayMarkDef(color=CHOSEN), color=CHOSEN, strokeWidth=3).encode(
        x=xg, y="throughput:Q", tooltip=tip)
    peak = base.transform_filter(alt.datum.sched_overhead == pick).transform_filter(
        alt.datum.guests == alt.datum.stops_at).mark_point(shape="triangle-down", size=200, filled=True,
                                                            color=CHOSEN, yOffset=-14).encode(
        x=xg, y="throughput:Q", tooltip=tip)
    top = alt.layer(grey, chosen, peak).add_params(pick).properties(
        width=WIDE, height=220, title="Per-virtual-CPU overhead and where scaling stops (model, Xen's triplets)")
    stops = f.drop_duplicates("sched_overhead")[["sched_overhead", "stops_at", "name"]]
    sx = alt.X("sched_overhead:Q", title="scheduling overhead (CPU per CPU of guest work per unit of V/P above 1)")
    sy = alt.Y("stops_at:Q", title="stops scaling at (guests)", scale=alt.Scale(domain=[0, max(domain)]))
    step = alt.Chart(stops).mark_line(interpolate="step-after", color=MUTED).encode(x=sx, y=sy)
    dots = alt.Chart(stops).mark_point(filled=True, size=60).encode(
        x=sx, y=sy, color=alt.condition(alt.datum.sched_overhead == pick, alt.value(CHOSEN), alt.value(MUTED)),
        size=alt.condition(alt.datum.sched_overhead == pick, alt.value(200), alt.value(60)),
        tooltip=[alt.Tooltip("name:N", title="overhead"), alt.Tooltip("stops_at:Q", title="stops at (guests)")])
    obs = xen.observations()
    docs = pd.DataFrame({"stops_at": [float(obs.loc["o004-zvm-max-tput", "value"]),
                                      float(obs.loc["o004-xen-max-tput", "value"])],
                         "label": ["document: z/VM stops at 12", "document: Xen stops at 9"],
                         "colour": HV_COLOURS})
    drules = alt.Chart(docs).mark_rule(strokeDash=[5, 3]).encode(
        y="stops_at:Q", color=alt.Color("colour:N", scale=None))
    dtext = alt.Chart(docs).mark_text(align="right", x="width", dx=-4, dy=-6, fontSize=10).encode(
        y="stops_at:Q", text="label:N", color=alt.Color("colour:N", scale=None))
    bottom = alt.layer(drules, dtext, step, dots).properties(width=WIDE, height=150,
                                                             title="Where each curve stops scaling")
    return alt.vconcat(top, bottom).properties(
        description=prose(f"""
            Top: the model's throughput in triplets at full speed against 3 to 21 guests
            on 8 CPUs, one {word(MUTED)} line per value of the per-virtual-CPU scheduling
            overhead, with Xen's triplet CPU demand and enough memory for every guest;
            the overhead chosen in the drop-down is drawn in {word(CHOSEN)} with a triangle where
            it stops scaling. Bottom: the guest count where throughput stops scaling
            against the overhead, with dashed lines at the document's 12 guests for z/VM
            and 9 for Xen.
            """))


# --------------------------------------------------------------------------------------
# Tables


def comparison_table(hypervisors: dict[str, xen.Hypervisor] | None = None) -> pd.DataFrame:
    """:func:`overcommit.cases.xen.comparison` formatted for the page."""
    c = xen.comparison(hypervisors)

    def fmt(v: float) -> str:
        return f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.3g}" if v != int(v) else f"{v:.0f}"

    out = pd.DataFrame({
        "quantity": [f"{h.split()[0]}: {q}" for h, q in zip(c["hypervisor"], c["quantity"])],
        "document": c["document"].map(fmt),
        "model": c["model"].map(fmt),
        "ratio": c["ratio"].map("{:.2f}".format),
        "verdict": c["verdict"],
        "used for": c["role"],
    })
    out.index = pd.RangeIndex(1, len(out) + 1, name="#")
    return out


PARAMETER_MEANINGS = {
    "cpus": "physical CPUs",
    "vcpus_per_triplet": "virtual CPUs per triplet",
    "defined_mib_per_triplet": "defined memory per triplet (MiB)",
    "instantiated_mib_per_triplet": "instantiated memory per triplet (MiB)",
    "static_memory": "backs all defined memory (1 yes, 0 no)",
    "study_guest_web": "web server modelled on",
    "study_guest_app": "application server modelled on",
    "study_guest_db": "database server modelled on",
    "study_variant": "workload driver of each triplet",
    "release": "release",
    "memory_gib": "memory (GiB; z/VM: central storage)",
    "xstor_gib": "expanded storage (GiB)",
    "paging_kind": "paging device kind",
    "paging_devices": "paging devices",
    "share_web": "share of the web server",
    "share_app": "share of the application server",
    "share_db": "share of the database server",
    "hypervisor_share": "share of the scheduling stand-in",
    "triplet_cpu": "CPUs a triplet asks for (fitted)",
    "sched_overhead": "scheduling overhead per V/P above 1",
}


#: the documents a parameter's source names, as the reader sees them: author and year, as
#: the book's author-year citations print them (keys in book/references.bib; the data file
#: names them by their seed numbers, see data/README.md)
DOCUMENTS: dict[str, tuple[str, str]] = {seed: _CASE_DOCUMENTS[seed] for seed in ("seed 004", "seed 000", "seed 003")}


def _source(row: dict) -> str:
    if row["role"] == "fitted":
        return f"fitted to {DOCUMENTS['seed 004'][1]}"
    return ", ".join(label for seed, (_, label) in DOCUMENTS.items() if seed in row["source"])


def parameter_table(hypervisors: dict[str, xen.Hypervisor] | None = None) -> pd.DataFrame:
    """The case's parameters side by side for both hypervisors: value (fitted ones as
    fitted, with the data file's start value), role and the documents they come from
    (full sources and notes: ``xen.provenance()``)."""
    hvs = hypervisors or {k: xen.calibrated(k) for k in xen.HYPERVISORS}
    prov = xen.provenance()
    missing = sorted(set(prov["parameter"]) - set(PARAMETER_MEANINGS))
    if missing:
        raise ValueError(f"parameter: {missing[0]!r} has no description; expected one of {sorted(PARAMETER_MEANINGS)}")
    rows: dict[str, dict[str, str]] = {}
    for rec in prov.to_dict("records"):
        name = rec["parameter"]
        row = rows.setdefault(name, {"parameter": PARAMETER_MEANINGS[name], "z/VM 5.3": "", "Xen 3.1": "",
                                     "role": "", "from": ""})
        value = readable_value(str(rec["value"]))  # a guest or workload id by its display name
        if rec["role"] == "fitted":
            fitted = getattr(hvs[rec["hypervisor"]], name)
            value = f"{fitted:.3g} (start {value})"
        keys = ["z/VM 5.3", "Xen 3.1"] if rec["hypervisor"] == "both" else [xen.LABELS[rec["hypervisor"]]]
        for k in keys:
            row[k] = value
        who = "" if rec["hypervisor"] == "both" else ("z/VM: " if rec["hypervisor"] == "zvm" else "Xen: ")
        row["role"] = (row["role"] + "; " if row["role"] else "") + who + rec["role"]
        src = _source(rec)
        row["from"] = src if not row["from"] or row["from"] == src else row["from"] + "; " + src
    for row in rows.values():
        parts = row["role"].split("; ")
        roles = {p.split(": ")[-1] for p in parts}
        if len(roles) == 1:
            row["role"] = roles.pop()
    if "instantiated_mib_per_triplet" in rows and rows["instantiated_mib_per_triplet"]["Xen 3.1"] == "":
        rows["instantiated_mib_per_triplet"]["Xen 3.1"] = "= defined (static)"
    out = pd.DataFrame(rows.values())
    out.index = pd.RangeIndex(1, len(out) + 1, name="#")
    return out


#: page replacement as the model runs it: both hypervisors get the model's older z/VM
#: memory management (Xen pages nothing, so it never matters there)
REPLACEMENT = {"fifo": "FIFO-like", "clock": "CLOCK-like"}


def system_table(hypervisors: dict[str, xen.Hypervisor] | None = None) -> pd.DataFrame:
    """What the case module builds for each hypervisor (:func:`overcommit.cases.xen.environment`
    and :func:`~overcommit.cases.xen.host`), one column per hypervisor, in a reader's words."""
    hvs = hypervisors or {k: xen.calibrated(k) for k in xen.HYPERVISORS}
    columns = {}
    for key in xen.HYPERVISORS:
        env, machine = xen.environment(hvs[key]), xen.host(hvs[key])
        columns[xen.LABELS[key]] = [str(env.release), REPLACEMENT[env.policy], f"{machine.memory_gib:g}",
                                    f"{env.xstor_gib:g}", f"{machine.cpus}"]
    rows = ["release", "page replacement in the model", "memory, expanded storage included (GiB)",
            "of it expanded storage (GiB)", "physical CPUs"]
    return pd.DataFrame(columns, index=pd.Index(rows, name="the machine"))


def triplet_table(triplets: int = 4, hv: xen.Hypervisor | None = None) -> pd.DataFrame:
    """The guests of the first triplet, its scheduling stand-in included, when ``triplets``
    triplets run on ``hv`` (default: Xen, calibrated): virtual CPUs, share, CPU load and
    instantiated memory, with the column names of :mod:`overcommit.names`."""
    from .. import names

    hv = xen.calibrated("xen") if hv is None else hv
    guests = [g for g in xen.guests(triplets, hv) if g.variant == "triplet1"]
    frame = pd.DataFrame({"vcpus": [g.vcpus for g in guests], "share": [f"{g.share:g}" for g in guests],
                          "cpu_load": [f"{g.cpu_load:.2f}" for g in guests],
                          "instantiated_mib": [f"{g.instantiated_mib:,.0f}" for g in guests]},
                         index=pd.Index([g.name for g in guests], name="guest of triplet 1"))
    return frame.rename(columns=names.quantity)


# --------------------------------------------------------------------------------------
# The live explorer


def explorer_chart(triplets: int = 5, cpus: int = 8, memory_gib: float = 20) -> alt.VConcatChart:
    """Both hypervisors on any machine: throughput for 1 to ``triplets`` triplets, and what
    the CPUs do at ``triplets``. ``memory_gib`` is z/VM's central storage (2 GiB XSTOR on
    top) and Xen's whole memory; Xen configurations that do not fit are marked."""
    triplets = xen._whole("triplets", triplets)
    if triplets > 12:
        raise ValueError(f"triplets: {triplets} is not accepted; expected at most 12")
    counts = list(range(1, triplets + 1))
    frame = xen.both(counts, memory_gib=memory_gib, cpus=cpus)
    frame["hypervisor"] = frame["hypervisor"].map(xen.LABELS)
    ok = frame[frame["feasible"]].copy()
    ok["throughput"] = sig(ok["throughput"])
    ok["cpu_util_pct"] = sig(ok["cpu_util_pct"])
    domain = [xen.GUESTS_PER_TRIPLET * t for t in counts]
    x = alt.X("guests:Q", title=f"guests (virtual : physical CPUs on {cpus} CPUs)",
              scale=alt.Scale(domain=[0, max(domain) + 1], nice=False),
              axis=alt.Axis(values=domain, labelExpr=f"datum.value + ' (' + format(datum.value * 4 / 3 / {cpus}, "
                                                     f"'.1f') + ':1)'", labelFontSize=9, labelAngle=-30, grid=False))
    tip = [alt.Tooltip("hypervisor:N"), alt.Tooltip("guests:Q"), alt.Tooltip("throughput:Q", format=".3f"),
           alt.Tooltip("cpu_util_pct:Q", format=".1f", title="CPU (%)")]
    lines = alt.Chart(ok).mark_line(point=True).encode(
        x=x, y=alt.Y("throughput:Q", title="throughput (triplets at full speed)"), color=_hv_colour(), tooltip=tip)
    stops = []
    for hv in HV_LABELS:
        sub = frame[frame["hypervisor"] == hv].set_index("guests")
        if sub["feasible"].any():
            g = xen.stops_scaling_at(sub)
            stops.append({"hypervisor": hv, "guests": g, "throughput": float(sub.loc[g, "throughput"]),
                          "label": f"{hv} stops at {g}"})
    stops = pd.DataFrame(stops, columns=["hypervisor", "guests", "throughput", "label"])
    stops["throughput"] = sig(stops["throughput"]) if len(stops) else stops["throughput"]
    peaks = alt.Chart(stops).mark_point(shape="triangle-down", size=180, filled=True, yOffset=-12).encode(
        x=x, y="throughput:Q", color=_hv_colour(), tooltip=[alt.Tooltip("label:N")])
    bad = frame[~frame["feasible"]][["hypervisor", "guests", "reason"]].copy()
    bad["reason"] = bad["reason"].map(impossible_text)
    bad["throughput"] = 0.0
    cross = alt.Chart(bad).mark_point(shape="cross", size=90, filled=True, color=HV_COLOURS[1]).encode(
        x=x, y="throughput:Q", tooltip=[alt.Tooltip("guests:Q"), alt.Tooltip("reason:N", title="impossible")])
    note = f"memory {memory_gib:g} GiB, {cpus} CPUs; triangles: where each stops scaling; crosses: Xen cannot hold"
    top = alt.layer(lines, peaks, cross).properties(width=WIDE, height=220, title=alt.Title(
        "Both hypervisors on this machine (model)", subtitle=note))
    last = frame[frame["guests"] == max(domain)]
    cpu = _cpu_long(last, ["hypervisor"])
    ybar = alt.Y("hypervisor:N", title=None, sort=HV_LABELS, scale=alt.Scale(domain=HV_LABELS))
    bars = alt.Chart(cpu).mark_bar(height=20).encode(
        y=ybar, **_cpu_split(cpus, "the CPUs do",
                             [alt.Tooltip("hypervisor:N"), alt.Tooltip("part:N"), alt.Tooltip("cpus:Q", format=".2f")]))
    nofit = last[~last["feasible"]][["hypervisor"]].assign(label="cannot back the guests' defined memory")
    ntext = alt.Chart(nofit).mark_text(align="left", dx=4, color=INK).encode(
        y=ybar, x=alt.datum(0), text="label:N")
    bottom = alt.layer(bars, ntext).properties(width=WIDE, height=60,
                                               title=f"What the CPUs do with {max(domain)} guests")
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=(
            f"Model throughput in triplets at full speed for z/VM 5.3 ({word(HV_COLOURS[0])}) and Xen 3.1 "
            f"({word(HV_COLOURS[1])}) with 1 to "
            f"{triplets} triplets on a machine with {cpus} physical CPUs and {memory_gib:g} GiB of memory, with a "
            "triangle where each stops scaling and crosses where Xen cannot back the guests' memory; below, the "
            f"physical CPUs for {max(domain)} guests split into guest work, scheduling of virtual CPUs, hypervisor "
            "system time and idle time."
        ))


def document_texts(hypervisors: dict[str, xen.Hypervisor] | None = None) -> dict[str, str]:
    """The document's numbers and the case's inputs as the chapter's prose states them,
    each read from one place: the slides' findings by record id
    (``data/observations_004.csv``), the overcommitment table by row
    (``data/xen_zvm_overcommit.csv``), the parameters (``data/case_xen.csv``) and, for
    z/VM's borrowed overhead, the JVM stacking report's records
    (``data/observations_003.csv``). Glue names ``xen-doc-*`` (document) and ``xen-in-*``
    (the model's inputs and grading bands)."""
    from .. import data

    hvs = hypervisors or {k: xen.calibrated(k) for k in xen.HYPERVISORS}
    z, x = hvs["zvm"], hvs["xen"]
    obs = xen.observations()["value"]
    o003 = data.observations(["observations_003.csv"]).set_index("id")
    t = xen.table()
    first, last = t.iloc[0], t.iloc[-1]

    def whole(v) -> str:
        return f"{float(v):,.0f}"

    cp = o003.loc["o003-cp-sys-range"]
    vcpus = {role: int(g.vcpus) for role, g in zip(xen.ROLES, xen._study_shape(z.study_guests)[0])}
    out = {
        # the overcommitment table
        "xen-doc-trip-min": f"{int(first['triplets'])}",
        "xen-doc-trip-max": f"{int(last['triplets'])}",
        "xen-doc-guests-min": f"{int(t.index[0])}",
        "xen-doc-guests-max": f"{int(t.index[-1])}",
        "xen-doc-ratio-max": f"{last['cpu_overcommit_ratio']:.1f}",
        "xen-doc-vcpus-max": f"{int(last['virtual_cpus'])}",
        "xen-doc-heading-gb": f"{int(last['physical_memory_gb'])}",
        "xen-doc-mb-12": whole(t.loc[12, "virtual_memory_mb"]),
        "xen-doc-ratio-12": f"{t.loc[12, 'cpu_overcommit_ratio']:.1f}",
        # the slides' findings
        "xen-doc-cpus": whole(obs["o004-zvm-cpus"]),
        "xen-doc-zvm-max": whole(obs["o004-zvm-max-tput"]),
        "xen-doc-xen-max": whole(obs["o004-xen-max-tput"]),
        "xen-doc-xen-cpu-at-max": whole(obs["o004-xen-cpu-at-max"]),
        "xen-doc-xen-limit": f"{obs['o004-xen-limit-ratio']:.1f}",
        "xen-doc-xen-max-cpu": whole(obs["o004-xen-max-cpu"]),
        "xen-doc-mem-guests": whole(obs["o004-mem-oc-guests"]),
        "xen-doc-defined-mb": whole(obs["o004-defined-mem"]),
        "xen-doc-alloc-mb": whole(obs["o004-zvm-alloc-mem"]),
        "xen-doc-min-gb": whole(obs["o004-zvm-min-mem"]),
        "xen-doc-min-mb": whole(obs["o004-zvm-min-mem"] * 1024),
        "xen-doc-zvm-gb": whole(obs["o004-zvm-mem"]),
        "xen-doc-zvm-extra-gb": whole(obs["o004-zvm-mem-extra"]),
        "xen-doc-xen-gb": whole(obs["o004-xen-mem"]),
        # the model's inputs (data/case_xen.csv) and grading bands
        "xen-in-vcpus-per-triplet": f"{z.vcpus_per_triplet}",
        "xen-in-vcpus-web": f"{vcpus['web']}",
        "xen-in-vcpus-app": f"{vcpus['app']}",
        "xen-in-vcpus-db": f"{vcpus['db']}",
        "xen-in-mb-per-triplet": whole(z.defined_mib_per_triplet),
        "xen-in-inst-pct": f"{100 * z.instantiated_mib_per_triplet / z.defined_mib_per_triplet:.0f}",
        "xen-in-zvm-share": f"{z.shares[0] / vcpus['web']:g}",
        "xen-in-xen-share": f"{x.shares[0]:g}",
        "xen-in-zvm-gib": f"{z.memory_gib:g}",
        "xen-in-xstor-gib": f"{z.xstor_gib:g}",
        "xen-in-xen-gib": f"{x.memory_gib:g}",
        "xen-in-full-pct": f"{100 * xen.ZVM_FULL:g}",
        "xen-in-within-pct": f"{100 * xen.WITHIN:g}",
        "xen-in-close-pct": f"{100 * xen.CLOSE:g}",
        "xen-in-rough-pct": f"{100 * xen.ROUGH:g}",
        "xen-in-trip-min": f"{min(xen.TRIPLETS)}",
        "xen-in-trip-max": f"{max(xen.TRIPLETS)}",
        # z/VM's borrowed overhead: CP and system time over the JVM report's range of ratios
        "xen-doc3-cp-growth": f"{cp['upper'] - cp['lower']:.1f}",
        "xen-doc3-ratio-max": f"{o003.loc['o003-s3-ratio-1', 'value']:.1f}",
    }
    return out


def glue_document_texts(hypervisors: dict[str, xen.Hypervisor] | None = None) -> dict[str, str]:
    """Glue every :func:`document_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(document_texts(hypervisors))
