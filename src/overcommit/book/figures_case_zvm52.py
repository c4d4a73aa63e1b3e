"""Chart builders for the case study "Scaling guests into memory overcommitment on z/VM 5.2".

Every number drawn comes from :mod:`overcommit.cases.zvm52` (which runs
:func:`overcommit.simulate`); the document's Table 1 values (seed 002) are drawn beside
them and marked "document". Controls are Vega-Lite parameters bound to drop-downs over data
computed in advance, rounded to four significant digits to keep the pages small.
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from ..cases import zvm52
from .palette import CPU_USE, HOST_PARTS, INK, IO_PARTS, MODEL, MUTED, PAGE_STATES, PAPER, USER_CYCLE, word
from .figures import WIDE, check_columns, picker, sig, prose

GUESTS = list(zvm52.GUEST_COUNTS)
MIB_PER_GIB = 1024
PAGES_PER_GIB = zvm52.PAGES_PER_GIB
DOC_COLOUR = PAPER
WHERE_COLOURS = {"XSTOR": PAGE_STATES["XSTOR"], "DASD": PAGE_STATES["DASD"]}
PARTS = ["guest pages in memory", "CP and free frames", "XSTOR", "DASD only", "DASD copy of a page in memory"]
PART_COLOURS = [PAGE_STATES["resident"], HOST_PARTS["CP's own structures"], PAGE_STATES["XSTOR"],
                PAGE_STATES["DASD"], PAGE_STATES["DASD copy"]]
DOC_PARTS = ["memory (all of it in use)", "DASD (the document cannot split it)"]
DOC_PART_COLOURS = [PAPER, MUTED]
CYCLE = ["think and own I/O", "CPU work", "waiting for DASD pages", "waiting for a CPU or XSTOR"]
CYCLE_COLOURS = [USER_CYCLE[c] for c in CYCLE]
CPU_PARTS = ["emulation", "CP attributed to guests", "CP system", "idle"]
CPU_COLOURS = list(CPU_USE.values())
KNEE_MEASURES = {
    "page_read_mib_s": "page reads from DASD (MiB/s)",
    "page_read_response_ms": "page read response time (ms)",
    "paging_device_utilisation_pct": "paging volume utilisation (%)",
    "dasd_mpages": "pages on DASD (millions)",
}


def guests_picker(value: int = 6, name: str = "guests") -> alt.Parameter:
    """A drop-down over the document's guest counts, 5 to 10."""
    return picker(name, GUESTS, value, "Database guests")


def _x_guests() -> alt.X:
    return alt.X("guests:O", title="database guests (number)", sort=GUESTS, scale=alt.Scale(domain=GUESTS),
                 axis=alt.Axis(labelAngle=0))


def _check(frame: pd.DataFrame, columns: list[str], name: str = "frame") -> None:
    check_columns(frame, columns, name, expected="the rows of overcommit.cases.zvm52.scaling()")


def model_frame(case: zvm52.Case | None = None) -> pd.DataFrame:
    """:func:`overcommit.cases.zvm52.scaling` for 5 to 10 guests with the document's Table 1
    values beside it (columns ``doc_*``), one row per guest count."""
    m = zvm52.scaling(GUESTS, case).reset_index()
    t = zvm52.table1().reset_index()
    f = m.merge(t[["guests", "xstor_pages", "dasd_pages", "real_overcommit_pct", "throughput_pct"]].rename(
        columns=lambda c: c if c == "guests" else "doc_" + c), on="guests", how="left")
    return f


# --------------------------------------------------------------------------------------
# Where the pages are


def _composition(frame: pd.DataFrame) -> pd.DataFrame:
    """Pages in use per guest count split into PARTS (model) and into memory / XSTOR / DASD
    (document), in GiB."""
    rows = []
    for r in frame.to_dict("records"):
        n = int(r["guests"])
        mem = float(r["resident_pages"] + r["cp_pages"] + r["free_pages"])
        model = [r["resident_pages"], r["cp_pages"] + r["free_pages"], r["xstor_pages"], r["dasd_only_pages"],
                 r["double_held_pages"]]
        for i, (part, pages) in enumerate(zip(PARTS, model)):
            rows.append({"guests": n, "source": "model", "part": part, "order": i, "gib": pages / PAGES_PER_GIB})
        if not np.isnan(r.get("doc_dasd_pages", np.nan)):
            doc = [(DOC_PARTS[0], mem), ("XSTOR", r["doc_xstor_pages"]), (DOC_PARTS[1], r["doc_dasd_pages"])]
            for i, (part, pages) in enumerate(doc):
                rows.append({"guests": n, "source": "document", "part": part, "order": i,
                             "gib": pages / PAGES_PER_GIB})
    out = pd.DataFrame(rows)
    out["gib"] = sig(out["gib"])
    return out


def pages_chart(frame: pd.DataFrame, default_guests: int = 6) -> alt.VConcatChart:
    """Pages in XSTOR and on DASD, model lines against Table 1; below, what the pages in use
    are made of for the chosen number of guests."""
    _check(frame, ["guests", "xstor_pages", "dasd_pages", "doc_xstor_pages", "doc_dasd_pages", "resident_pages",
                   "cp_pages", "free_pages", "dasd_only_pages", "double_held_pages"])
    pick = guests_picker(default_guests)
    long = []
    for r in frame.to_dict("records"):
        for where in ("XSTOR", "DASD"):
            key = where.lower() + "_pages"
            long.append({"guests": int(r["guests"]), "where": where, "source": "model",
                         "mpages": r[key] / 1e6})
            long.append({"guests": int(r["guests"]), "where": where, "source": "document (Table 1)",
                         "mpages": r["doc_" + key] / 1e6})
    long = pd.DataFrame(long)
    long["mpages"] = sig(long["mpages"])
    colour = alt.Color("where:N", title="pages in", sort=["XSTOR", "DASD"],
                       scale=alt.Scale(domain=list(WHERE_COLOURS), range=list(WHERE_COLOURS.values())))
    tip = [alt.Tooltip("guests:O", title="guests"), alt.Tooltip("where:N", title="pages in"),
           alt.Tooltip("source:N"), alt.Tooltip("mpages:Q", title="millions of pages", format=".3f")]
    y = alt.Y("mpages:Q", title="pages out of memory (millions of 4 KiB pages)")
    base = alt.Chart(long)
    lines = base.transform_filter(alt.datum.source == "model").mark_line(point=True).encode(
        x=_x_guests(), y=y, color=colour, tooltip=tip)
    docs = base.transform_filter(alt.datum.source != "model").mark_point(
        shape="diamond", size=150, filled=False, strokeWidth=2, color=DOC_COLOUR).encode(
        x=_x_guests(), y=y, tooltip=tip)
    memory = pd.DataFrame({"mpages": [zvm52.parameters().memory_pages / 1e6],
                           "label": ["memory: 20.97 million pages (80 GiB)"]})
    mem_rule = alt.Chart(memory).mark_rule(strokeDash=[6, 4], color=MUTED).encode(y="mpages:Q")
    mem_text = alt.Chart(memory).mark_text(align="left", x=4, dy=-7, color=INK).encode(y="mpages:Q", text="label:N")
    chosen = alt.Chart(pd.DataFrame({"guests": GUESTS})).transform_filter(alt.datum.guests == pick).mark_rule(
        color=INK, strokeWidth=2, opacity=0.3).encode(x=_x_guests())
    top = alt.layer(chosen, mem_rule, mem_text, lines, docs).add_params(pick).properties(
        width=WIDE, height=220, title="Pages in XSTOR and on DASD (lines: model; diamonds: document)")

    comp = _composition(frame)
    parts = PARTS + DOC_PARTS
    pcol = alt.Color("part:N", title="what the pages are", sort=parts,
                     scale=alt.Scale(domain=parts, range=PART_COLOURS + DOC_PART_COLOURS),
                     legend=alt.Legend(orient="bottom", columns=2, labelLimit=260))
    bars = alt.Chart(comp).transform_filter(alt.datum.guests == pick).mark_bar(height=24).encode(
        y=alt.Y("source:N", title=None, sort=["document", "model"]),
        x=alt.X("gib:Q", stack="zero", title="pages in use (GiB of 4 KiB pages)"),
        color=pcol, order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("source:N"), alt.Tooltip("part:N"),
                 alt.Tooltip("gib:Q", title="GiB", format=".2f")])
    virtual = pd.DataFrame({"guests": GUESTS, "gib": [zvm52.parameters().defined_mib / MIB_PER_GIB * n
                                                     for n in GUESTS]})
    vrule = alt.Chart(virtual).transform_filter(alt.datum.guests == pick).mark_rule(
        color=INK, strokeDash=[4, 3], strokeWidth=2).encode(x="gib:Q")
    vtext = alt.Chart(virtual).transform_filter(alt.datum.guests == pick).transform_calculate(
        label="'guests\\' virtual memory ' + datum.gib + ' GiB'").mark_text(
        align="left", dx=4, dy=-34, color=INK).encode(x="gib:Q", text="label:N")
    bottom = alt.layer(bars, vrule, vtext).properties(
        width=WIDE, height=80, title="What the pages in use are made of, for the chosen number of guests")
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=prose(f"""
            Top: pages held in expanded storage (XSTOR) and on DASD paging volumes, in
            millions of 4 KiB pages, for 5 to 10 database guests. Lines are the model,
            {word(PAPER)} diamonds the document's Table 1; a dashed line marks the 20.97 million
            pages of memory. Bottom, for the number of guests chosen in the drop-down:
            the pages in use in GiB, for the document split into memory, XSTOR and DASD,
            for the model split into guest pages in memory, CP and free frames, XSTOR,
            pages only on DASD and DASD copies of pages that are also in memory; a {word(INK)}
            dashed line marks the guests' virtual memory.
            """))


def overcommit_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Planned against real overcommitment: the model's real value as planned + CP's own
    memory + pages held twice, with the document's real value as a tick."""
    _check(frame, ["guests", "planned_overcommit_pct", "real_overcommit_pct", "doc_real_overcommit_pct",
                   "cp_pages", "free_pages", "double_held_pages"])
    mem = zvm52.parameters().memory_pages
    parts = ["planned (virtual : physical)", "CP's own memory and free frames", "pages held twice"]
    rows = []
    for r in frame.to_dict("records"):
        values = [r["planned_overcommit_pct"], 100 * (r["cp_pages"] + r["free_pages"]) / mem,
                  100 * r["double_held_pages"] / mem]
        for i, (p, v) in enumerate(zip(parts, values)):
            rows.append({"guests": int(r["guests"]), "part": p, "order": i, "pct": v,
                         "model_real": r["real_overcommit_pct"], "doc_real": r["doc_real_overcommit_pct"]})
    long = pd.DataFrame(rows)
    for c in ("pct", "model_real", "doc_real"):
        long[c] = sig(long[c])
    y = alt.Y("pct:Q", stack="zero", title="overcommitment (% above the memory)")
    tip = [alt.Tooltip("guests:O"), alt.Tooltip("part:N"), alt.Tooltip("pct:Q", format=".1f", title="%"),
           alt.Tooltip("model_real:Q", format=".1f", title="real, model (%)"),
           alt.Tooltip("doc_real:Q", format=".0f", title="real, document (%)")]
    bars = alt.Chart(long).mark_bar(size=34).encode(
        x=_x_guests(), y=y, order=alt.Order("order:Q"),
        color=alt.Color("part:N", title="model's real overcommitment", sort=parts,
                        scale=alt.Scale(domain=parts, range=[MUTED, HOST_PARTS["CP's own structures"], PAGE_STATES["DASD copy"]]),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=260)),
        tooltip=tip)
    doc = long.drop_duplicates("guests")
    ticks = alt.Chart(doc).mark_tick(color=DOC_COLOUR, thickness=3, size=44).encode(
        x=_x_guests(), y=alt.Y("doc_real:Q"), tooltip=tip[:1] + tip[-1:])
    text = alt.Chart(doc).transform_calculate(label="'doc ' + datum.doc_real").mark_text(
        dy=-10, color=DOC_COLOUR, fontSize=10).encode(x=_x_guests(), y="doc_real:Q", text="label:N")
    return alt.layer(bars, ticks, text).properties(
        width=WIDE, height=260, title="Planned and real overcommitment (bars: model; ticks: document)",
        description=prose("""
            Stacked bars for 5 to 10 database guests: the planned overcommitment (the
            guests' virtual memory over the 80 GiB of memory, minus one) plus, in the
            model, CP's own memory and free frames and the pages held both in memory and
            on DASD; the top of each bar is the model's real overcommitment. Black ticks
            mark the document's real overcommitment from Table 1.
            """))


# --------------------------------------------------------------------------------------
# Throughput and why it falls


def _parts_long(frame: pd.DataFrame, keys: list[str], labels: list[str], value: str) -> pd.DataFrame:
    """One row per guest count and part: the columns ``keys`` stacked under ``value``, named
    by ``labels``, with the stacking order."""
    long = frame.melt(id_vars=["guests"], value_vars=keys, var_name="part", value_name=value)
    long["part"] = long["part"].map(dict(zip(keys, labels)))
    long["order"] = long["part"].map({p: i for i, p in enumerate(labels)})
    long[value] = sig(long[value], 3)
    return long


def _cycle_long(frame: pd.DataFrame) -> pd.DataFrame:
    return _parts_long(frame, ["cycle_think", "cycle_cpu", "cycle_paging", "cycle_other"], CYCLE, "cycles")


def _cpu_long(frame: pd.DataFrame) -> pd.DataFrame:
    return _parts_long(frame, ["emulation_cpu", "cp_guest_cpu", "cp_system_cpu", "idle_cpu"], CPU_PARTS, "cpus")


def throughput_chart(frame: pd.DataFrame, default_guests: int = 6) -> alt.VConcatChart:
    """Throughput relative to five guests, model against the document; below, for the chosen
    number of guests, a user's cycle and the split of the real CPUs."""
    _check(frame, ["guests", "throughput_pct", "doc_throughput_pct", "cycle_think", "cycle_cpu", "cycle_paging",
                   "cycle_other", "emulation_cpu", "cp_guest_cpu", "cp_system_cpu", "idle_cpu"])
    pick = guests_picker(default_guests)
    t = frame[["guests", "throughput_pct", "doc_throughput_pct"]].rename(
        columns={"throughput_pct": "model", "doc_throughput_pct": "document (Table 1)"}).melt(
        id_vars="guests", var_name="source", value_name="pct")
    t["pct"] = sig(t["pct"])
    role = {n: ("baseline" if n == 5 else "calibration" if n in zvm52.CALIBRATION_GUESTS else "validation")
            for n in GUESTS}
    t["role"] = t["guests"].map(role)
    y = alt.Y("pct:Q", title="throughput (% of five guests)", scale=alt.Scale(domain=[0, 110]))
    tip = [alt.Tooltip("guests:O"), alt.Tooltip("source:N"), alt.Tooltip("pct:Q", format=".1f", title="%"),
           alt.Tooltip("role:N", title="row used for")]
    base = alt.Chart(t)
    line = base.transform_filter(alt.datum.source == "model").mark_line(point=True, color=MODEL).encode(
        x=_x_guests(), y=y, tooltip=tip)
    doc = base.transform_filter(alt.datum.source != "model").mark_point(
        shape="diamond", size=150, filled=False, strokeWidth=2, color=DOC_COLOUR).encode(x=_x_guests(), y=y,
                                                                                          tooltip=tip)
    label = base.transform_filter(alt.datum.source != "model").mark_text(dx=16, align="left", fontSize=10).encode(
        x=_x_guests(), y=y, text=alt.Text("pct:Q", format=".0f"))
    chosen = alt.Chart(pd.DataFrame({"guests": GUESTS})).transform_filter(alt.datum.guests == pick).mark_rule(
        color=INK, strokeWidth=2, opacity=0.3).encode(x=_x_guests())
    top = alt.layer(chosen, line, doc, label).add_params(pick).properties(
        width=WIDE, height=210, title="Throughput (blue: model; diamonds: document, labelled)")
    cyc = alt.Chart(_cycle_long(frame)).transform_filter(alt.datum.guests == pick).mark_bar(height=26).encode(
        x=alt.X("cycles:Q", stack="zero", title="a user's cycle per unit of work (reference cycles)",
                scale=alt.Scale(domain=[0, float(frame[["cycle_think", "cycle_cpu", "cycle_paging", "cycle_other"]]
                                                 .sum(axis=1).max()) * 1.05], nice=False)),
        color=alt.Color("part:N", title="a user's time", sort=CYCLE, scale=alt.Scale(domain=CYCLE, range=CYCLE_COLOURS),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=240)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("part:N"), alt.Tooltip("cycles:Q", format=".2f")],
    ).properties(width=WIDE, height=40, title="Where a user's time goes (chosen number of guests)")
    cpu = alt.Chart(_cpu_long(frame)).transform_filter(alt.datum.guests == pick).mark_bar(height=26).encode(
        x=alt.X("cpus:Q", stack="zero", title="real CPUs (processors)",
                scale=alt.Scale(domain=[0, float(zvm52.parameters().cpus)], nice=False)),
        color=alt.Color("part:N", title="CPU used for", sort=CPU_PARTS,
                        scale=alt.Scale(domain=CPU_PARTS, range=CPU_COLOURS),
                        legend=alt.Legend(orient="bottom", columns=4)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("part:N"), alt.Tooltip("cpus:Q", format=".2f")],
    ).properties(width=WIDE, height=40, title="What the ten CPUs do (chosen number of guests)")
    return alt.vconcat(top, cyc, cpu).resolve_scale(color="independent").properties(
        description=prose(f"""
            Top: throughput of 5 to 10 database guests as a percentage of five guests;
            {word(MODEL)} line the model, {word(PAPER)} diamonds the document's Table 1 (100, 52, 47, 41,
            38, 31). The six-guest value was used to calibrate the model. Middle, for
            the number of guests chosen in the drop-down: a user's cycle per unit of
            work split into think time, CPU work, waiting for pages from DASD and
            waiting for a CPU or XSTOR. Bottom: the ten real CPUs split into emulation,
            CP work for the guests, CP system work and idle time.
            """))


def movement_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Page reads from and writes to DASD against the number of guests."""
    _check(frame, ["guests", "page_read_mib_s", "page_write_mib_s"])
    long = frame.melt(id_vars=["guests"], value_vars=["page_read_mib_s", "page_write_mib_s"],
                      var_name="direction", value_name="mib_s")
    long["direction"] = long["direction"].map({"page_read_mib_s": "read back from DASD",
                                               "page_write_mib_s": "written to DASD"})
    long["mib_s"] = sig(long["mib_s"])
    lines = alt.Chart(long).mark_line(point=True).encode(
        x=_x_guests(), y=alt.Y("mib_s:Q", title="paging rate (MiB/s)"),
        color=alt.Color("direction:N", title="model", scale=alt.Scale(domain=["read back from DASD", "written to DASD"],
                                                                       range=[IO_PARTS["page reads"], IO_PARTS["page writes"]])),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("direction:N"), alt.Tooltip("mib_s:Q", title="paging rate (MiB/s)", format=".1f")])
    rule = alt.Chart(pd.DataFrame({"guests": [9], "label": ["document: most movement at 9 guests"]}))
    mark = rule.mark_rule(strokeDash=[6, 4], color=DOC_COLOUR).encode(x=_x_guests())
    text = rule.mark_text(align="right", dx=-4, y=12, color=DOC_COLOUR).encode(x=_x_guests(), text="label:N")
    return alt.layer(lines, mark, text).properties(
        width=WIDE, height=200, title="Paging traffic to and from DASD (model)",
        description=(
            "Model page reads from DASD and page writes to DASD in MiB/s for 5 to 10 database guests. A dashed "
            "line at nine guests marks where the document saw the highest page movement rate."
        ))


# --------------------------------------------------------------------------------------
# The knee over memory


def knee_frame(sweep: pd.DataFrame) -> pd.DataFrame:
    """The memory sweep in long form for :func:`knee_chart`."""
    _check(sweep, ["guests", "central_memory_gib", "throughput_pct", "page_read_mib_s", "page_read_response_ms",
                   "paging_device_utilisation", "dasd_pages"], "sweep")
    f = sweep.copy()
    f["paging_device_utilisation_pct"] = 100 * f["paging_device_utilisation"]
    f["dasd_mpages"] = f["dasd_pages"] / 1e6
    long = f.melt(id_vars=["guests", "central_memory_gib", "throughput_pct"], value_vars=list(KNEE_MEASURES),
                  var_name="measure", value_name="value")
    long["measure"] = long["measure"].map(KNEE_MEASURES)
    long["value"] = sig(long["value"])
    long["throughput_pct"] = sig(long["throughput_pct"])
    long["guests"] = long["guests"].astype(int)
    return long


def knee_chart(sweep: pd.DataFrame, default_guests: int = 6,
               default_measure: str = "page reads from DASD (MiB/s)") -> alt.VConcatChart:
    """Throughput and one paging measure against the size of central storage, for the chosen
    number of guests; the document's host (80 GiB) and its Table 1 value are marked."""
    long = knee_frame(sweep)
    measures = list(KNEE_MEASURES.values())
    if default_measure not in measures:
        raise ValueError(f"default_measure: {default_measure!r} is not accepted; expected one of {measures}")
    pick = guests_picker(default_guests)
    meas = picker("measure", measures, default_measure, "Paging measure")
    x = alt.X("central_memory_gib:Q", title="central storage (GiB; the document's host has 80)",
              scale=alt.Scale(domain=[float(long["central_memory_gib"].min()),
                                      float(long["central_memory_gib"].max())], nice=False))
    tput = long[long["measure"] == measures[0]][["guests", "central_memory_gib", "throughput_pct"]]
    top_line = alt.Chart(tput).transform_filter(alt.datum.guests == pick).mark_line(
        point=alt.OverlayMarkDef(size=20), color=MODEL).encode(
        x=x, y=alt.Y("throughput_pct:Q", title="throughput (% of five guests at 80 GiB)"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("central_memory_gib:Q", title="GiB"),
                 alt.Tooltip("throughput_pct:Q", format=".1f", title="throughput (%)")])
    table = zvm52.table1().reset_index()[["guests", "throughput_pct"]]
    table["central_memory_gib"] = zvm52.parameters().central_memory_gib
    table["label"] = "document: " + table["throughput_pct"].map("{:g}".format) + " %"
    doc = alt.Chart(table).transform_filter(alt.datum.guests == pick)
    diamond = doc.mark_point(shape="diamond", size=160, filled=False, strokeWidth=2, color=DOC_COLOUR).encode(
        x="central_memory_gib:Q", y="throughput_pct:Q", tooltip=[alt.Tooltip("label:N", title="document")])
    dtext = doc.mark_text(align="left", dx=10, dy=10, color=DOC_COLOUR).encode(
        x="central_memory_gib:Q", y="throughput_pct:Q", text="label:N")
    case = zvm52.parameters()
    need = pd.DataFrame({"guests": GUESTS,
                         "gib": [case.instantiated_mib / MIB_PER_GIB * n - case.xstor_gib for n in GUESTS]})
    nrule = alt.Chart(need).transform_filter(alt.datum.guests == pick).mark_rule(
        strokeDash=[6, 4], color=INK).encode(x="gib:Q")
    ntext = alt.Chart(need).transform_filter(alt.datum.guests == pick).transform_calculate(
        label="'guest pages minus XSTOR: ' + datum.gib + ' GiB'").mark_text(
        align="left", dx=4, y=8, color=INK).encode(x="gib:Q", text="label:N")
    top = alt.layer(top_line, nrule, ntext, diamond, dtext).add_params(pick, meas).properties(
        width=WIDE, height=200, title="Throughput against memory for the chosen number of guests (model)")
    bottom = alt.Chart(long).transform_filter(alt.datum.guests == pick).transform_filter(
        alt.datum.measure == meas).mark_line(point=alt.OverlayMarkDef(size=20), color=MODEL).encode(
        x=x, y=alt.Y("value:Q", title="chosen paging measure (units in the drop-down)"),
        tooltip=[alt.Tooltip("guests:O"), alt.Tooltip("central_memory_gib:Q", title="GiB"),
                 alt.Tooltip("measure:N"), alt.Tooltip("value:Q", format=".2f")])
    bottom = alt.layer(bottom, nrule).properties(width=WIDE, height=160, title="The chosen paging measure (model)")
    return alt.vconcat(top, bottom).properties(
        description=prose(f"""
            For the number of database guests chosen in the first drop-down, the model's
            throughput (top, % of five guests on the document's 80 GiB host) and a
            paging measure chosen in the second drop-down (bottom: page reads in MiB/s,
            page read response time in ms, paging volume utilisation in %, or pages on
            DASD in millions), against central storage from 48 to 176 GiB. A {word(INK)} dashed
            line marks where the guests' pages just fit in central storage plus XSTOR; a
            {word(PAPER)} diamond the document's Table 1 value at 80 GiB.
            """))


# --------------------------------------------------------------------------------------
# Tables

#: every parameter of data/case_zvm52.csv as the chapter's table names it (units are a
#: column of their own)
PARAMETER_MEANINGS = {
    "central_memory_gib": "central storage",
    "xstor_gib": "expanded storage (XSTOR)",
    "cpus": "real CPUs",
    "release": "z/VM release",
    "paging_kind": "paging device kind",
    "paging_devices": "paging volumes",
    "baseline_guests": "guests of the baseline (100 % throughput)",
    "defined_mib": "defined memory of a guest",
    "instantiated_mib": "instantiated memory of a guest",
    "released_frac": "released share of instantiated memory",
    "active_frac": "share of touched memory in use",
    "skew": "popularity skew of active pages",
    "median_rate_per_s": "references per second to the median page, at the five-guest load",
    "write_frac": "share of references that change a page",
    "vcpus": "virtual CPUs of a guest",
    "share": "relative share of each guest",
    "cpu_total": "CPU the whole workload asks for",
    "users_total": "users in all",
    "think_frac": "share of a user's cycle outside the guest's CPUs",
    "blocking": "share of a page-fault stall that holds the virtual CPU",
}


def parameter_table(case: zvm52.Case | None = None) -> pd.DataFrame:
    """The rows of data/case_zvm52.csv as the chapter shows them: each parameter by its
    meaning (:data:`PARAMETER_MEANINGS`), with the value the calibrated ``case`` runs with,
    the start value of a fitted one, its role and its source
    (:func:`overcommit.book.figures_cases.parameter_table`)."""
    from .figures_cases import parameter_table as table

    return table(zvm52.provenance(), zvm52.calibrated() if case is None else case, PARAMETER_MEANINGS)


def comparison_table(case: zvm52.Case | None = None) -> pd.DataFrame:
    """:func:`overcommit.cases.zvm52.comparison` formatted for the page."""
    c = zvm52.comparison(case)

    def fmt(q, v, doc):
        return f"{v:,.0f}" if "pages" in q else f"{v:g}" if doc else f"{v:.1f}"

    out = pd.DataFrame({
        "guests": c["guests"],
        "quantity": c["quantity"],
        "document": [fmt(q, v, True) for q, v in zip(c["quantity"], c["document"])],
        "model": [fmt(q, v, False) for q, v in zip(c["quantity"], c["model"])],
        "ratio": c["ratio"].map("{:.2f}".format),
        "verdict": c["verdict"],
        "used for": c["role"],
    })
    return out.set_index(["guests", "quantity"])


# --------------------------------------------------------------------------------------
# The live explorer


def explorer_chart(guests: int = 6, central_memory_gib: float = 80, cpus: int = 10,
                   paging_devices: int = 25) -> alt.VConcatChart:
    """Any number of guests on any host: throughput against five guests on the document's
    host, where the pages are and where a user's time goes."""
    f = zvm52.scaling([guests], central_memory_gib=central_memory_gib, cpus=cpus,
                      paging_devices=paging_devices).reset_index()
    r = f.iloc[0]
    doc = zvm52.table1()
    at_doc_host = (central_memory_gib == 80 and cpus == 10 and paging_devices == 25 and guests in doc.index)
    kpi = pd.DataFrame({"what": ["model"], "pct": [float(r["throughput_pct"])]})
    if at_doc_host:
        kpi = pd.concat([kpi, pd.DataFrame({"what": ["document"], "pct": [float(doc.loc[guests, "throughput_pct"])]})])
    kpi["pct"] = sig(kpi["pct"])
    kpi["text"] = kpi["pct"].map("{:.0f} %".format)
    top = max(110.0, float(kpi["pct"].max()) * 1.1)
    kbar = alt.Chart(kpi).mark_bar(height=18).encode(
        y=alt.Y("what:N", title=None, sort=["document", "model"]),
        x=alt.X("pct:Q", title="throughput (% of five guests on the document's host)",
                scale=alt.Scale(domain=[0, top], nice=False)),
        color=alt.Color("what:N", legend=None, scale=alt.Scale(domain=["model", "document"],
                                                               range=[MODEL, DOC_COLOUR])))
    ktext = alt.Chart(kpi).mark_text(align="left", dx=4).encode(
        y=alt.Y("what:N", sort=["document", "model"]), x="pct:Q", text="text:N")
    first = alt.layer(kbar, ktext).properties(
        width=WIDE, height=50 if at_doc_host else 28,
        title=f"{guests} guests, {central_memory_gib:g} GiB + XSTOR, {cpus} CPUs, {paging_devices} paging volumes")
    comp = _composition(f.assign(doc_dasd_pages=np.nan, doc_xstor_pages=np.nan))
    pages = alt.Chart(comp).mark_bar(height=24).encode(
        x=alt.X("gib:Q", stack="zero", title="pages in use (GiB)"),
        color=alt.Color("part:N", title="what the pages are", sort=PARTS,
                        scale=alt.Scale(domain=PARTS, range=PART_COLOURS),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=260)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("part:N"), alt.Tooltip("gib:Q", format=".2f", title="GiB")],
    ).properties(width=WIDE, height=30, title="Where the pages are")
    cyc = alt.Chart(_cycle_long(f)).mark_bar(height=24).encode(
        x=alt.X("cycles:Q", stack="zero", title="a user's cycle per unit of work (reference cycles)"),
        color=alt.Color("part:N", title="a user's time", sort=CYCLE, scale=alt.Scale(domain=CYCLE, range=CYCLE_COLOURS),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=240)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("part:N"), alt.Tooltip("cycles:Q", format=".2f")],
    ).properties(width=WIDE, height=30, title="Where a user's time goes")
    return alt.vconcat(first, pages, cyc).resolve_scale(color="independent").properties(
        description=(
            f"Model result for {guests} database guests on {central_memory_gib:g} GiB of central storage plus "
            f"XSTOR, {cpus} CPUs and {paging_devices} paging volumes: throughput {r['throughput_pct']:.0f} % of "
            "five guests on the document's host"
            + (f" (document: {doc.loc[guests, 'throughput_pct']:g} %)" if at_doc_host else "")
            + f"; {r['dasd_pages'] / 1e6:.2f} million pages on DASD; a user spends "
            f"{r['cycle_paging']:.2f} reference cycles per unit of work waiting for DASD pages."
        ))


__all__ = [
    "GUESTS", "guests_picker", "model_frame", "pages_chart", "overcommit_chart", "throughput_chart",
    "movement_chart", "knee_frame", "knee_chart", "comparison_table", "explorer_chart", "PARAMETER_MEANINGS",
    "parameter_table",
]


def document_texts(case: zvm52.Case | None = None, frame: pd.DataFrame | None = None) -> dict[str, str]:
    """The report's numbers, the case's inputs and the few model quantities the chapter's
    prose states in words, each read from one place: Table 1 by row
    (``data/zvm52_guest_scaling.csv``), the written findings by record id
    (``data/observations_002.csv``), the parameters (``data/case_zvm52.csv``) and the model
    frame the charts draw (:func:`model_frame`). Glue names ``zvm52-doc-*``, ``zvm52-in-*``
    and ``zvm52-mod-*``."""
    import math

    from .. import data

    case = case or zvm52.calibrated()
    m = (model_frame(case) if frame is None else frame).set_index("guests")
    t = zvm52.table1()
    obs = data.observations(["observations_002.csv"]).set_index("id")
    gib = zvm52.PAGES_PER_GIB
    excess = t["real_overcommit_pct"] - t["planned_overcommit_pct"]
    after = [n for n in t.index if n > case.baseline_guests]
    xs = t.loc[after, "xstor_pages"]
    planned = t["planned_overcommit_pct"]
    return {
        "zvm52-doc-tp-list": ", ".join(f"{v:g}" for v in t["throughput_pct"]),
        "zvm52-doc-tp-after": ", ".join(f"{t.loc[n, 'throughput_pct']:g}" for n in after),
        "zvm52-doc-tp-last": f"{t['throughput_pct'].iloc[-1]:g}",
        "zvm52-doc-memory-gb": f"{obs.loc['o002-total-memory-gb', 'value']:g}",
        "zvm52-doc-memory-pages": f"{obs.loc['o002-total-memory-pages', 'value']:,.0f}",
        "zvm52-doc-cpus": f"{obs.loc['o002-lpar-cpus', 'value']:g}",
        "zvm52-doc-xstor-min-m": f"{xs.min() / 1e6:.3f}",
        "zvm52-doc-xstor-max-m": f"{xs.max() / 1e6:.3f}",
        "zvm52-doc-planned-first": f"{planned.iloc[0]:g}",
        "zvm52-doc-planned-step": f"{planned.diff().dropna().unique()[0]:g}",
        "zvm52-doc-planned-last": f"{planned.iloc[-1]:g}",
        "zvm52-doc-real-first": f"{t['real_overcommit_pct'].iloc[0]:g}",
        "zvm52-doc-excess8": f"{excess.loc[8]:g}",
        "zvm52-doc-excess10": f"{excess.loc[10]:g}",
        "zvm52-in-guests": f"{case.baseline_guests}",
        "zvm52-in-memory-gib": f"{case.central_memory_gib:g}",
        "zvm52-in-xstor-gib": f"{case.xstor_gib:g}",
        "zvm52-in-xstor-pages": f"{case.xstor_gib * gib:,.0f}",
        "zvm52-in-guest-gib": f"{case.defined_mib / 1024:g}",
        "zvm52-in-guests-gib-6": f"{6 * case.defined_mib / 1024:g}",
        "zvm52-in-guests-gib-10": f"{10 * case.defined_mib / 1024:g}",
        "zvm52-in-devices": f"{case.paging_devices}",
        "zvm52-in-min-guests": f"{math.ceil(case.cpu_total / case.vcpus)}",
        "zvm52-in-close-pct": f"{100 * zvm52.CLOSE:g}",
        "zvm52-in-rough-pct": f"{100 * zvm52.ROUGH:g}",
        "zvm52-mod-dasd-only6": f"{m.loc[6, 'dasd_only_pages'] / gib:.0f}",
        "zvm52-mod-dasd-step": f"{(m.loc[10, 'dasd_pages'] - m.loc[8, 'dasd_pages']) / 2 / 1e6:.0f}",
        "zvm52-mod-cp-pct": f"{100 * m.loc[5, 'cp_pages'] / (case.central_memory_gib * gib):.0f}",
        "zvm52-mod-cp-gib": f"{m.loc[5, 'cp_pages'] / gib:.0f}",
        "zvm52-mod-x5-low": f"{100 * (1 - m.loc[5, 'xstor_pages'] / t.loc[5, 'xstor_pages']):.0f}",
    }


def glue_document_texts(case: zvm52.Case | None = None, frame: pd.DataFrame | None = None) -> dict[str, str]:
    """Glue every :func:`document_texts` name (not displayed) and return the texts."""
    from . import glue_texts

    return glue_texts(document_texts(case, frame))
