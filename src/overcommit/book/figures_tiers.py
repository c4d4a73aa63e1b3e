"""Figures of the chapter "Memory tiers and overcommitment" (``book/tiers.ipynb``).

Every number comes from the package: the split of real memory from
:func:`overcommit.tiers.split_real_memory`, the guests' memory from
:func:`overcommit.simulate`. The helpers here only reshape those results into the long
tables Altair draws and build the charts (conventions in :mod:`overcommit.book.figures`).
"""

from __future__ import annotations

import math
from functools import lru_cache

import altair as alt
import pandas as pd

from .. import names, tiers
from ..cids import parse_cid
from ..model import ENVIRONMENTS, NotConvergedError, simulate
from .figures import WIDE, picker, prose
from . import palette
from .palette import CP_GREY, FILLS, INK, MODEL, MUTED, ON_FILL, ON_PALE, WHITE, word

GIB = tiers.MIB_PER_GIB

#: Rows of the tiers chart, top to bottom.
HOST_ROW = "z/VM real memory"
ROWS = (
    HOST_ROW,
    "defined",
    "instantiated",
    "resident in the DPA",
    "in expanded storage",
    "stored on paging devices",
)
#: Colours: the host's parts first, then the five workloads.
HOST_PARTS = ("DPA", "CP's own structures", "expanded storage (XSTOR)")
WORKLOADS = ("database", "WebSphere", "file system", "Java", "network")
PART_COLOURS = tuple(palette.HOST_PARTS[p] for p in HOST_PARTS) + tuple(palette.WORKLOADS[w] for w in WORKLOADS)
#: the environments as the whole book names them (:func:`overcommit.names.environment`)
ENV_LABELS = {env: names.environment(env) for env in ENVIRONMENTS}
RATIO_NAIVE = "Σ defined : real memory"
RATIO_OCR = "ocr = Σ instantiated : Σ resident"


def workload_of(variant: str) -> str:
    """The workload (one of :data:`WORKLOADS`) a variant name such as ``was-high`` belongs to."""
    prefixes = {"db": "database", "was": "WebSphere", "fs": "file system", "java": "Java", "net": "network"}
    head = variant.split("-", 1)[0]
    if head not in prefixes:
        raise ValueError(f"variant: {variant!r} is not accepted; expected a name starting with "
                         + ", ".join(f"{p}-" for p in prefixes))
    return prefixes[head]


def split_table(sizes_gib=(48, 64, 96, 128, 256, 512), xstor_gib: float = 0.0) -> pd.DataFrame:
    """How :func:`overcommit.tiers.split_real_memory` divides each real memory size (MiB)."""
    rows = []
    for size in sizes_gib:
        s = tiers.split_real_memory(size, xstor_gib)
        rows.append(
            {
                "real memory (GiB)": size,
                "expanded storage (MiB)": round(s.xstor_mib),
                "CP keeps (MiB)": round(s.cp_mib),
                "DPA (MiB)": round(s.dpa_mib),
                "DPA / real memory": f"{s.dpa_mib / s.real_mib:.1%}",
            }
        )
    return pd.DataFrame(rows).set_index("real memory (GiB)")


def split_comparison(sizes_gib=(48, 64, 96, 128, 256, 512)) -> pd.DataFrame:
    """CP's part and the DPA for each size, z/VM 6.3 (no XSTOR) beside z/VM 6.2 (2 GiB XSTOR)."""
    z63 = split_table(sizes_gib)
    z62 = split_table(sizes_gib, xstor_gib=2)
    return pd.DataFrame(
        {
            "CP keeps, 6.3 (MiB)": z63["CP keeps (MiB)"],
            "DPA, 6.3 (MiB)": z63["DPA (MiB)"],
            "CP keeps, 6.2 (MiB)": z62["CP keeps (MiB)"],
            "DPA, 6.2 + 2 GiB XSTOR (MiB)": z62["DPA (MiB)"],
        }
    )


def run_frames(result) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One simulation result as the two long tables the tiers chart draws.

    The first has one row per bar segment (``row``, ``part``, ``gib``, ``k`` = stacking
    order); the second the two overcommitment ratios (``measure``, ``ratio``). Both carry
    ``cid`` and ``env``.
    """
    system, guests = result.system, result.guests
    cid, env = str(system["cid"]), str(system["env"])
    segments = [
        (HOST_ROW, "DPA", system["dpa_mib"], 0),
        (HOST_ROW, "CP's own structures", system["real_memory_mib"] - system["dpa_mib"] - system["xstor_mib"], 1),
        (HOST_ROW, "expanded storage (XSTOR)", system["xstor_mib"], 2),
    ]
    columns = {
        "defined": "virtual_mib",
        "instantiated": "instantiated_mib",
        "resident in the DPA": "resident_mib",
        "in expanded storage": "xstor_mib",
        "stored on paging devices": "stored_mib",
    }
    by_workload = guests.assign(workload=[workload_of(v) for v in guests["variant"]]).groupby("workload")
    for row, column in columns.items():
        sums = by_workload[column].sum()
        for k, workload in enumerate(WORKLOADS, start=3):
            segments.append((row, workload, float(sums.get(workload, 0.0)), k))
    frame = pd.DataFrame(segments, columns=["row", "part", "mib", "k"])
    frame["gib"] = (frame["mib"] / GIB).round(2)
    frame = frame[frame["gib"] > 0].drop(columns="mib")
    frame.insert(0, "env", env)
    frame.insert(0, "cid", cid)
    naive = guests["virtual_mib"].sum() / system["real_memory_mib"]
    ratios = pd.DataFrame(
        {
            "cid": cid,
            "env": env,
            "measure": [RATIO_NAIVE, RATIO_OCR],
            "ratio": [round(float(naive), 3), round(float(system["overcommit_ratio"]), 3)],
        }
    )
    return frame.reset_index(drop=True), ratios


@lru_cache(maxsize=4)
def _grid(cids: tuple[str, ...], envs: tuple[str, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    frames, ratios = [], []
    for env in envs:
        for cid in cids:
            f, r = run_frames(simulate(cid, env=env))
            frames.append(f)
            ratios.append(r)
    return pd.concat(frames, ignore_index=True), pd.concat(ratios, ignore_index=True)


def grid_frames(cids=None, envs=ENVIRONMENTS) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`run_frames` for every CID of the paper's grid (default) × environment."""
    import overcommit as oc

    cids = tuple(oc.PAPER_CIDS) if cids is None else tuple(str(parse_cid(c)) for c in cids)
    envs = tuple(envs)
    for env in envs:
        if env not in ENVIRONMENTS:
            raise ValueError(f"env: {env!r} is not accepted; expected one of {', '.join(ENVIRONMENTS)}")
    f, r = _grid(cids, envs)
    return f.copy(), r.copy()


def _bars(frame: pd.DataFrame, domain_gib: float, keep) -> alt.LayerChart:
    """The tiers panel; ``keep`` filters the data to one run (a predicate or None)."""
    base = alt.Chart(frame)
    if keep is not None:
        base = base.transform_filter(keep)
    y = alt.Y("row:N", sort=list(ROWS), title=None, scale=alt.Scale(domain=list(ROWS)),
              axis=alt.Axis(labelLimit=200))
    bars = base.mark_bar(stroke=WHITE, strokeWidth=0.5).encode(
        y=y,
        x=alt.X("sum(gib):Q", stack="zero", title="memory (GiB)",
                scale=alt.Scale(domain=[0, domain_gib], nice=False)),
        color=alt.Color(
            "part:N",
            title="Part",
            scale=alt.Scale(domain=list(HOST_PARTS + WORKLOADS), range=list(PART_COLOURS)),
            legend=alt.Legend(orient="bottom", columns=4, labelLimit=200, symbolType="square"),
        ),
        order=alt.Order("k:Q"),
        tooltip=[
            alt.Tooltip("row:N", title="row"),
            alt.Tooltip("part:N", title="part"),
            alt.Tooltip("sum(gib):Q", title="GiB", format=",.1f"),
        ],
    )
    totals = (
        base.transform_aggregate(total="sum(gib)", groupby=["row"])
        .mark_text(align="left", dx=4, fontSize=11)
        .encode(y=y, x=alt.X("total:Q"), text=alt.Text("total:Q", format=",.0f"))
    )
    dpa = (
        base.transform_filter(alt.datum.part == "DPA")
        .mark_rule(strokeDash=[5, 3], color=INK, strokeWidth=1.5)
        .encode(x=alt.X("gib:Q"), tooltip=[alt.Tooltip("gib:Q", title="DPA size (GiB)", format=",.1f")])
    )
    dpa_label = (
        base.transform_filter(alt.datum.part == "DPA")
        .transform_calculate(row=alt.expr.toString("in expanded storage"))
        .mark_text(align="left", dx=3, color=INK, fontSize=10, text="DPA size")
        .encode(x=alt.X("gib:Q"), y=y)
    )
    return alt.layer(bars, totals, dpa, dpa_label).properties(width=WIDE, height=200)


def _ratio_bars(ratios: pd.DataFrame, keep, domain: float = 9.0) -> alt.LayerChart:
    base = alt.Chart(ratios)
    if keep is not None:
        base = base.transform_filter(keep)
    y = alt.Y("measure:N", title=None, sort=[RATIO_NAIVE, RATIO_OCR], axis=alt.Axis(labelLimit=220))
    bars = base.mark_bar(height=16).encode(
        y=y,
        x=alt.X("ratio:Q", title="overcommitment (x : 1)", scale=alt.Scale(domain=[0, domain], nice=False)),
        color=alt.Color("measure:N", legend=None,
                        scale=alt.Scale(domain=[RATIO_NAIVE, RATIO_OCR], range=[MUTED, MODEL])),
        tooltip=[alt.Tooltip("measure:N"), alt.Tooltip("ratio:Q", format=".2f")],
    )
    text = base.mark_text(align="left", dx=4, fontSize=11).encode(
        y=y, x="ratio:Q", text=alt.Text("ratio:Q", format=".2f")
    )
    one = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[6, 4], color=INK).encode(x="x:Q")
    return alt.layer(bars, text, one).properties(width=WIDE, height=60)


def _describe(extra: str) -> str:
    return (
        "Stacked horizontal bars, all on one scale in GiB. Top row: z/VM's real memory split "
        "into the dynamic paging area (DPA), CP's own structures and, on z/VM 6.2, 2 GiB of "
        "expanded storage. Below: the 17 guests' defined, instantiated, resident (in the DPA), "
        "expanded-storage and stored (paging device) memory, each split by workload; a dashed "
        f"{word(INK)} line marks the DPA size. A second panel compares the naive ratio Σ defined : real "
        "memory with the overcommit ratio Σ instantiated : Σ resident. " + extra
    )


def tiers_grid_chart(default_cid: str = "64/20", default_env: str = "zvm63-edev") -> alt.VConcatChart:
    """The tiers chart over the paper's grid; drop-downs pick the CID and the environment."""
    import overcommit as oc

    frame, ratios = grid_frames()
    options = list(oc.PAPER_CIDS)
    pick = picker("cid", options, default_cid, "Configuration (CID)", field="default_cid")
    env = picker("env", list(ENVIRONMENTS), default_env, "Environment", labels=[ENV_LABELS[e] for e in ENVIRONMENTS],
                 field="default_env")
    keep = (alt.datum.cid == pick) & (alt.datum.env == env)
    top = _bars(frame, 520, keep).add_params(pick, env).properties(
        title="Memory tiers of the chosen run (model)"
    )
    bottom = _ratio_bars(ratios, keep).properties(title="Two ways to measure overcommitment")
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=_describe(
            "Drop-downs choose one of the paper's 29 configurations and one of its three "
            "environments; the numbers are the overcommit package's simulation of that run."
        )
    )


def tiers_run_chart(memory_gib: float = 64, cpus: int = 20, env: str = "zvm63-edev") -> alt.VConcatChart:
    """The tiers chart for one host of any size (the live explorer's render function)."""
    try:
        result = simulate((memory_gib, cpus), env=env)
    except NotConvergedError as exc:
        raise ValueError(f"memory_gib/cpus: {exc}; try a larger host") from None
    frame, ratios = run_frames(result)
    domain = max(520.0, math.ceil(result.system["real_memory_mib"] / GIB / 40) * 40 + 40)
    top = _bars(frame, domain, None).properties(
        title=f"Memory tiers at {result.host.cid}, {ENV_LABELS[env]} (model)"
    )
    ratio_max = max(9.0, float(ratios["ratio"].max()) * 1.15)
    bottom = _ratio_bars(ratios, None, ratio_max).properties(title="Two ways to measure overcommitment")
    ocr = float(ratios.loc[ratios["measure"] == RATIO_OCR, "ratio"].iloc[0])
    return alt.vconcat(top, bottom).resolve_scale(color="independent").properties(
        description=_describe(
            f"Host {result.host.cid} on {ENV_LABELS[env]}: DPA "
            f"{result.system['dpa_mib'] / GIB:,.1f} GiB, overcommit ratio {ocr:.2f} : 1."
        )
    )


def ratio_lines_chart(cpus: int = 20) -> alt.LayerChart:
    """Both ratios against real memory for the grid's runs with ``cpus`` real CPUs.

    The overcommit ratio is drawn for z/VM 6.3 with EDEV-SCSI paging; the description says
    how far the other two environments differ from it.
    """
    frame, ratios = grid_frames()
    ratios = ratios.copy()
    parsed = ratios["cid"].map(parse_cid)
    ratios["memory_gib"] = [c.memory_gib for c in parsed]
    ratios["cpus"] = [c.cpus for c in parsed]
    ratios = ratios[ratios["cpus"] == cpus]
    if ratios.empty:
        raise ValueError(f"cpus: {cpus!r} is not accepted; expected one of the grid's 5, 10, 15, 20, 25")
    ocr_all = ratios[ratios["measure"] == RATIO_OCR].pivot_table(index="cid", columns="env", values="ratio")
    spread = float((ocr_all.max(axis=1) - ocr_all.min(axis=1)).max())
    data = ratios[ratios["env"] == ENVIRONMENTS[0]][["memory_gib", "measure", "ratio"]]
    lines = [RATIO_NAIVE, RATIO_OCR]
    chart = alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("memory_gib:Q", title="z/VM real memory (GiB, log scale)",
                scale=alt.Scale(type="log", base=2, domain=[44, 560]),
                axis=alt.Axis(values=[48, 64, 96, 128, 256, 512])),
        y=alt.Y("ratio:Q", title="overcommitment (x : 1)", scale=alt.Scale(domain=[0, 9])),
        color=alt.Color("measure:N", title=None, sort=lines,
                        scale=alt.Scale(domain=lines, range=[MUTED, MODEL]),
                        legend=alt.Legend(orient="bottom", labelLimit=300)),
        # the same legend as the colour (one legend, its symbols dashed as the lines are)
        strokeDash=alt.StrokeDash("measure:N", sort=lines, title=None,
                                  scale=alt.Scale(domain=lines, range=[[6, 3], [1, 0]]),
                                  legend=alt.Legend(orient="bottom", labelLimit=300)),
        tooltip=[alt.Tooltip("measure:N"), alt.Tooltip("memory_gib:Q", title="real memory (GiB)"),
                 alt.Tooltip("ratio:Q", format=".2f")],
    )
    one = alt.Chart(pd.DataFrame({"y": [1.0]})).mark_rule(strokeDash=[2, 2], color=INK).encode(y="y:Q")
    ocr = data[data["measure"] == RATIO_OCR].set_index("memory_gib")["ratio"]
    return alt.layer(chart, one).properties(
        width=WIDE,
        height=230,
        title=f"Overcommitment as real memory shrinks ({cpus} CPUs, model)",
        description=(
            f"Line chart over the paper's grid with {cpus} real CPUs: real memory from 512 down to "
            "48 GiB (log scale) against two measures of overcommitment. The naive ratio of "
            f"defined to real memory climbs from {data.loc[data.measure == RATIO_NAIVE, 'ratio'].min():.2f} "
            f"to {data.loc[data.measure == RATIO_NAIVE, 'ratio'].max():.2f}; the overcommit ratio of "
            f"instantiated to resident memory stays at 1 down to 128 GiB and reaches "
            f"{ocr.get(64, float('nan')):.2f} at 64 GiB and {ocr.get(48, float('nan')):.2f} at 48 GiB. "
            f"Drawn for z/VM 6.3 with EDEV-SCSI paging; the other two environments differ by at "
            f"most {spread:.3f}."
        ),
    )


#: The schematic's boxes: (x, x2, band, label, kind). Bands: 0 = 1st level (bottom), 1 =
#: 2nd, 2 = 3rd. Wide and phone layouts share them; the phone layout has its own x extents.
_LEVEL_BOXES = (
    (0, 70, 0, "DPA: backs guest pages", "host"),
    (70, 80, 0, "CP", "cp"),
    (80, 88, 0, "XSTOR", "xstor"),
    (91, 100, 0, "paging disks", "disk"),
    (0, 44, 1, "guest 1 (Linux)", "guest"),
    (46, 62, 1, "guest 2", "guest"),
    (64, 76, 1, "guest 3", "guest"),
    (78, 88, 1, "… 17", "guest"),
    (91, 100, 1, "swap", "disk"),
    (0, 13, 2, "process A", "process"),
    (15, 28, 2, "process B", "process"),
    (30, 44, 2, "kernel", "process"),
)
#: Phone layout: the same boxes across the whole width, so that each label fits its box
#: at a readable size ("paging disks" on two lines).
_NARROW_X = ((0, 55), (56, 66), (67, 83), (85, 100), (0, 36), (38, 54), (56, 72), (74, 84), (87, 100),
             (0, 30), (33, 63), (66, 96))
_LEVEL_TITLES = (
    "1st level: z/VM's real memory (the LPAR's memory)",
    "2nd level: each guest's virtual memory (Linux takes it for real)",
    "3rd level: the virtual memory of each Linux process",
)
_TIER_TEXTS = (
    "↓ tier 1: z/VM CP's page tables; it pages out to its paging disks",
    "↓ tier 2: the Linux kernel's page tables; it pages out to its swap disk",
)
_LEVEL_DESCRIPTION = prose("""
    Schematic with three bands. Bottom: z/VM's real memory, split into the
    dynamic paging area that backs guest pages, CP's own structures and (z/VM
    6.2 only) expanded storage, with paging disks beside it. Middle: the guests'
    virtual memories, which each Linux guest treats as its real memory, with a
    swap disk beside them. Top: the virtual memories of the processes inside one
    guest. Tier 1, run by z/VM CP, maps guest pages to real frames; tier 2, run
    by each Linux kernel, maps process pages to guest pages.
    """)
_LEVEL_TITLE = "Three levels of memory, two tiers of virtualisation (schematic, not to scale)"


def _levels_layer(boxes: pd.DataFrame, titles: pd.DataFrame, tier_text: pd.DataFrame, arrows: pd.DataFrame,
                  y_domain, width: int, height: int, title) -> alt.LayerChart:
    kinds = ["host", "cp", "xstor", "disk", "guest", "process"]
    colours = [FILLS[0], CP_GREY, FILLS[4], FILLS[5], FILLS[1], FILLS[2]]
    scale_x = alt.Scale(domain=[0, 100], nice=False)
    scale_y = alt.Scale(domain=list(y_domain), nice=False)
    rect = alt.Chart(boxes).mark_rect(stroke=INK, strokeWidth=0.6).encode(
        x=alt.X("x:Q", axis=None, scale=scale_x), x2="x2:Q",
        y=alt.Y("y:Q", axis=None, scale=scale_y), y2="y2:Q",
        color=alt.Color("kind:N", legend=None, scale=alt.Scale(domain=kinds, range=colours)),
        tooltip=[alt.Tooltip("tip:N", title="box")],
    )
    boxes = boxes.assign(xm=(boxes["x"] + boxes["x2"]) / 2, ym=(boxes["y"] + boxes["y2"]) / 2)
    text = alt.Chart(boxes).mark_text(fontSize=10, lineBreak="\n").encode(
        x=alt.X("xm:Q", scale=scale_x), y=alt.Y("ym:Q", scale=scale_y), text="label:N",
        color=alt.condition(alt.datum.kind == "cp", alt.value(ON_FILL), alt.value(ON_PALE)),
    )
    heads = alt.Chart(titles).mark_text(align="left", fontSize=11, fontWeight="bold", lineBreak="\n").encode(
        x=alt.X("x:Q", scale=scale_x), y=alt.Y("y:Q", scale=scale_y), text="text:N"
    )
    rules = alt.Chart(arrows).mark_rule(strokeWidth=2, color=INK).encode(
        x=alt.X("x:Q", scale=scale_x), y=alt.Y("y:Q", scale=scale_y), x2="x2:Q", y2="y2:Q"
    )
    tiers_ = alt.Chart(tier_text).mark_text(align="left", fontSize=10, fontStyle="italic", lineBreak="\n").encode(
        x=alt.X("x:Q", scale=scale_x), y=alt.Y("y:Q", scale=scale_y), text="text:N"
    )
    return alt.layer(rect, text, heads, rules, tiers_).properties(
        width=width, height=height, title=title, description=_LEVEL_DESCRIPTION)


def _levels_narrow() -> alt.LayerChart:
    """The schematic laid out for a phone: every label at its full size, long ones on two
    lines, the boxes spread over the whole width (the page script draws it below 640 px)."""
    rows = []
    for (x, x2), (_, _, band, label, kind) in zip(_NARROW_X, _LEVEL_BOXES):
        y = (0.0, 11.0, 22.0)[band]
        rows.append((x, x2, y, y + 3.0, label.replace("paging disks", "paging\ndisks"), label, kind))
    boxes = pd.DataFrame(rows, columns=["x", "x2", "y", "y2", "label", "tip", "kind"])

    def two_lines(text, before):
        at = text.index(before)
        return text[:at].rstrip() + "\n" + text[at:]

    titles = pd.DataFrame(
        [(12, 5.6, two_lines(_LEVEL_TITLES[0], "(the")), (12, 16.6, two_lines(_LEVEL_TITLES[1], "(Linux")),
         (12, 27.6, two_lines(_LEVEL_TITLES[2], "of each"))],
        columns=["x", "y", "text"])
    tier_text = pd.DataFrame(
        [(12, 9.0, two_lines(_TIER_TEXTS[0], "it pages")), (12, 20.0, two_lines(_TIER_TEXTS[1], "it pages"))],
        columns=["x", "y", "text"])
    arrows = pd.DataFrame([(6, 22.0, 6, 14.0), (6, 11.0, 6, 3.0)], columns=["x", "y", "x2", "y2"])
    return _levels_layer(boxes, titles, tier_text, arrows, (-0.3, 29.2), 320, 330,
                         ["Three levels of memory, two tiers of", "virtualisation (schematic, not to scale)"])


def levels_diagram() -> alt.LayerChart:
    """A schematic (not to scale) of the three levels of memory and the two tiers between them.

    The spec carries a second layout for a phone screen in ``usermeta.narrow`` (see
    ``book/_static/overcommit.js``): squeezed to a phone's width, this one's labels shrank
    below legibility and ran out of their boxes."""
    ys = (0.0, 2.2, 4.4)
    boxes = pd.DataFrame(
        [(x, x2, ys[band], ys[band] + 1.0, label, label, kind) for x, x2, band, label, kind in _LEVEL_BOXES],
        columns=["x", "x2", "y", "y2", "label", "tip", "kind"],
    )
    titles = pd.DataFrame(
        [(12, 5.7, _LEVEL_TITLES[2]), (12, 3.5, _LEVEL_TITLES[1]), (12, 1.3, _LEVEL_TITLES[0])],
        columns=["x", "y", "text"],
    )
    tier_text = pd.DataFrame([(12, 3.95, _TIER_TEXTS[1]), (12, 1.75, _TIER_TEXTS[0])], columns=["x", "y", "text"])
    arrows = pd.DataFrame([(6, 4.4, 6, 3.2), (6, 2.2, 6, 1.0)], columns=["x", "y", "x2", "y2"])
    wide = _levels_layer(boxes, titles, tier_text, arrows, (-0.1, 6.0), WIDE, 260, _LEVEL_TITLE)
    return wide.properties(usermeta={"narrow": _levels_narrow().to_dict()})
