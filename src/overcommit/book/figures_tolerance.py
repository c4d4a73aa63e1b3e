"""Chart builders for the chapter "Which workloads tolerate overcommitment?".

* :func:`tolerance_frame` — both measures of :mod:`overcommit.tolerance` for every Table 2
  row at every CID of the paper's grid on the three environments, with the paper's classes.
* :func:`tolerance_chart` — the two measures as a scatter plot with the class boundaries
  (sliders) and the recomputed Table 2 below it, CID and environment picked in drop-downs;
  the classes are computed in the browser from the sliders, so moving a boundary moves the
  workloads between cells.
* :func:`explorer_chart` — the live version for any host (:func:`measures_frame`).
"""

from __future__ import annotations

from functools import lru_cache

import altair as alt
import pandas as pd

from .. import tolerance
from ..model import ENVIRONMENTS, simulate
from .palette import ALERT, MODEL, MUTED, WHITE, word
from .figures import WIDE, paper_cids as _paper_cids, sig, picker, prose
from .figures_results import ENV_LABELS, env_picker

SHORT = {
    "net": "Network", "fs-direct": "FS direct I/O", "was-db2": "DB2 (WAS)", "was-ihs": "Web server (IHS)",
    "fs-pagecache-medium": "FS page cache, medium", "fs-pagecache-high": "FS page cache, high",
    "db-bi": "Database BI", "was-was": "WebSphere AS", "java": "Java",
}
#: shorter names in the recomputed table, whose cells are about 80 px wide on a phone
CELL_NAMES = {"FS page cache, medium": "FS cache, medium", "FS page cache, high": "FS cache, high"}
AGREEMENT_COLOURS = {"same cell as the paper": MODEL, "another cell": ALERT}
READS_FLOOR = 0.01  # % per guest: "negligible" paging drawn at the bottom of the log scale
#: names right of this page-read share (% per guest) are written left of their point
LABEL_LEFT_FROM = 4
#: the scatter's plot on a phone (px, about 250 wide and 300 high) and a name's size:
#: :func:`label_positions` spreads names that would overlap in a plot of that size
PHONE_PLOT = (250.0, 300.0)
LABEL_PX_PER_CHAR, LABEL_HEIGHT_PX, LABEL_OFFSET_PX = 5.3, 12.0, 7.0




@lru_cache(maxsize=1)
def _frame() -> pd.DataFrame:
    return pd.concat([measures_frame(simulate(cid, env=env)) for env in ENVIRONMENTS for cid in _paper_cids()],
                     ignore_index=True)


def tolerance_frame() -> pd.DataFrame:
    """One row per (env, CID of the paper's grid, Table 2 row): read_share_pct (per guest,
    floored at :data:`READS_FLOOR` for the log scale), page_read_mib_s (the row's total),
    resident_remaining_pct, and the paper's two classes."""
    return _frame().copy()


def _boundary_params(b: tolerance.Boundaries) -> list[alt.Parameter]:
    def slider(name, value, lo, hi, step, label):
        return alt.param(name=name, value=value, bind=alt.binding_range(min=lo, max=hi, step=step, name=label))

    return [
        slider("reads_low", b.reads_low, 0.1, 3, 0.1, "page reads: low below (% per guest) "),
        slider("reads_high", b.reads_high, 3.5, 20, 0.5, "page reads: high from (% per guest) "),
        slider("resident_low", b.resident_low, 5, 45, 1, "resident: low below (%) "),
        slider("resident_high", b.resident_high, 50, 95, 1, "resident: high from (%) "),
    ]


def tolerance_chart(frame: pd.DataFrame | None = None, cid: str = "64/20", env: str = "zvm63-edev",
                    boundaries: tolerance.Boundaries = tolerance.BOUNDARIES,
                    cids: list[str] | None = None) -> alt.VConcatChart:
    """Top: each Table 2 row at ``cid`` on ``env`` by page-read share per guest (x, log)
    and remaining resident pages (y), the class boundaries as dashed lines. Bottom: Table 2
    recomputed, one name per row in its cell, blue where the paper put it in the same cell
    and red where not. Drop-downs pick CID (from ``cids``, default the paper's grid) and
    environment; sliders move the boundaries."""
    options = _paper_cids() if cids is None else list(cids)
    if cid not in options:
        raise ValueError(f"cid: {cid!r} is not accepted; expected one of the paper's grid {options}")
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    f = tolerance_frame() if frame is None else frame
    if cids is None:
        cid_pick = picker("cid", options, cid, "CID")
        env_pick = env_picker(env)
    else:  # one run (the explorer): the frame holds nothing to pick between
        cid_pick, env_pick = alt.param(name="cid", value=cid), alt.param(name="env", value=env)
    bounds = _boundary_params(boundaries)
    keep = (alt.datum.cid == cid_pick) & (alt.datum.env == env_pick)
    rc = ("datum.read_share_pct < reads_low ? 'low' : (datum.read_share_pct < reads_high ? 'medium' : 'high')")
    sc = ("datum.resident_remaining_pct < resident_low ? 'low' : "
          "(datum.resident_remaining_pct < resident_high ? 'medium' : 'high')")
    base = alt.Chart(f).transform_filter(keep).transform_calculate(rc=rc, sc=sc).transform_calculate(
        agreement="datum.rc == datum.paper_reads && datum.sc == datum.paper_resident ? "
                  "'same cell as the paper' : 'another cell'")
    colour = alt.Color("agreement:N", title="model's cell", scale=alt.Scale(
        domain=list(AGREEMENT_COLOURS), range=list(AGREEMENT_COLOURS.values())), legend=alt.Legend(orient="bottom"))
    tip = [alt.Tooltip("workload:N"), alt.Tooltip("read_share_pct:Q", title="page reads (% of all, per guest)"),
           alt.Tooltip("page_read_mib_s:Q", title="page reads of the row (MiB/s)"),
           alt.Tooltip("resident_remaining_pct:Q", title="remaining resident (%)"),
           alt.Tooltip("rc:N", title="page reads (model)"), alt.Tooltip("sc:N", title="resident (model)"),
           alt.Tooltip("paper_reads:N", title="page reads (paper, Table 2)"),
           alt.Tooltip("paper_resident:N", title="resident (paper, Table 2)")]
    x = alt.X("read_share_pct:Q", scale=alt.Scale(type="log", domain=[READS_FLOOR, 100], nice=False),
              title="page reads per guest (% of all page reads; log scale)")
    y = alt.Y("resident_remaining_pct:Q", scale=alt.Scale(domain=[0, 100]),
              title="remaining resident pages (% of instantiated)")
    points = base.mark_point(filled=True, size=90).encode(x=x, y=y, color=colour, tooltip=tip)
    # a name right of its point, or left of it in the right third: a name running past the
    # plot widened the drawing, and on a phone the whole chart was shrunk to make room for it
    right = f"datum.read_share_pct > {LABEL_LEFT_FROM}"
    # at the height label_positions gives it: names of rows close together (FS page cache at
    # medium and high, on a phone one over the other) are moved apart
    # (label_y for the page's width, label_y_phone where overcommit.js draws a phone's plot)
    names = base.mark_text(align=alt.expr(f"{right} ? 'right' : 'left'"), dx=alt.expr(f"{right} ? -7 : 7"),
                           baseline="middle", fontSize=10).encode(
        x=x, y=alt.Y("label_y:Q", scale=alt.Scale(domain=[0, 100])), text="workload:N", color=colour)
    lines = pd.DataFrame({"k": [0]})
    vrules = [alt.Chart(lines).transform_calculate(v=p.name).mark_rule(color=MUTED, strokeDash=[5, 3]).encode(
        x=alt.X("v:Q", scale=alt.Scale(type="log", domain=[READS_FLOOR, 100], nice=False))) for p in bounds[:2]]
    hrules = [alt.Chart(lines).transform_calculate(v=p.name).mark_rule(color=MUTED, strokeDash=[5, 3]).encode(
        y=alt.Y("v:Q", scale=alt.Scale(domain=[0, 100]))) for p in bounds[2:]]
    top = alt.layer(*vrules, *hrules, points, names).properties(
        width=WIDE, height=300,
        title=alt.TitleParams("The two measures of Table 2, per workload", anchor="start",
                              subtitle="dashed: class boundaries (sliders)"))
    order = {"low": 0, "medium": 1, "high": 2}
    rows_per_cell = 5
    names_js = "{" + ", ".join(f"'{k}': '{v}'" for k, v in CELL_NAMES.items()) + "}"
    grid = (base.transform_calculate(
        ri=f"{order}[datum.rc]".replace("'", '"'), si=f"{order}[datum.sc]".replace("'", '"'),
        cell=f"{names_js}[datum.workload] || datum.workload")
        .transform_window(rank="row_number()", groupby=["rc", "sc"], sort=[alt.SortField("workload")])
        .transform_calculate(gx="datum.si + 0.5", gy=f"datum.ri * {rows_per_cell} + datum.rank"))
    text = grid.mark_text(fontSize=11).encode(
        x=alt.X("gx:Q", scale=alt.Scale(domain=[0, 3], nice=False), axis=None),
        y=alt.Y("gy:Q", scale=alt.Scale(domain=[0, 3 * rows_per_cell], nice=False, reverse=True), axis=None),
        text="cell:N", color=colour, tooltip=tip)
    cells = pd.DataFrame([{"x0": i, "x1": i + 1, "y0": j * rows_per_cell, "y1": (j + 1) * rows_per_cell}
                          for i in range(3) for j in range(3)])
    boxes = alt.Chart(cells).mark_rect(fill=WHITE, stroke=MUTED, strokeWidth=1).encode(
        x=alt.X("x0:Q", scale=alt.Scale(domain=[0, 3], nice=False), axis=None), x2="x1:Q",
        y=alt.Y("y0:Q", scale=alt.Scale(domain=[0, 3 * rows_per_cell], nice=False, reverse=True), axis=None),
        y2="y1:Q")
    # headed like a two-way table: "remaining resident" over the columns low, medium, high and
    # "page reads" beside the rows; "resident: medium" over each column and "page reads:
    # medium" beside each row ran into each other and squeezed the cells on a phone
    levels = ["low", "medium", "high"]
    gx = alt.X("gx:Q", scale=alt.Scale(domain=[0, 3], nice=False), axis=None)
    col_heads = alt.Chart(pd.DataFrame({"label": levels, "gx": [0.5, 1.5, 2.5]})).mark_text(
        fontSize=11, dy=-8).encode(x=gx, y=alt.value(0), text="label:N")
    col_title = alt.Chart(pd.DataFrame({"label": ["remaining resident"], "gx": [1.5]})).mark_text(
        fontSize=11, fontWeight="bold", dy=-24).encode(x=gx, y=alt.value(0), text="label:N")
    side = pd.DataFrame({"label": levels, "gy": [rows_per_cell * (i + 0.5) for i in range(3)]})
    row_heads = alt.Chart(side).mark_text(fontSize=11, align="right").encode(
        x=alt.value(-6),
        y=alt.Y("gy:Q", scale=alt.Scale(domain=[0, 3 * rows_per_cell], nice=False, reverse=True), axis=None),
        text="label:N")
    row_title = alt.Chart(pd.DataFrame({"gy": [1.5 * rows_per_cell]})).mark_text(
        fontSize=11, fontWeight="bold", angle=270, baseline="bottom").encode(
        x=alt.value(-52),
        y=alt.Y("gy:Q", scale=alt.Scale(domain=[0, 3 * rows_per_cell], nice=False, reverse=True), axis=None),
        text=alt.value("page reads"))
    table = alt.layer(boxes, text, col_heads, col_title, row_heads, row_title).properties(
        width=WIDE - 60, height=3 * 15 * rows_per_cell,
        title=alt.TitleParams(alt.expr("'Table 2 recomputed: ' + cid + ' on ' + "
                                       + "({" + ", ".join(f"'{e}': '{ENV_LABELS[e]}'" for e in ENVIRONMENTS)
                                       + "})[env]"), anchor="start", offset=34,
                              subtitle="upper left tolerates memory overcommitment; lower right suffers first"))
    return alt.vconcat(top, table, spacing=14).add_params(cid_pick, env_pick, *bounds).properties(
        usermeta={"narrowFields": {"label_y": "label_y_phone"}},
        description=prose(f"""
            Two panels. Top: a scatter plot of the nine rows of the paper's Table 2
            (network, direct I/O, DB2, web server, the two page-cached file-system
            levels, database, WebSphere, Java) at the chosen configuration and
            environment, by their share of the system's page reads per guest (x, log
            scale) and their remaining resident pages as a percentage of the reference
            run (y), with dashed lines at the class boundaries set by four sliders.
            Bottom: the 3 by 3 Table 2 recomputed from those classes, rows page-read
            rate low to high, columns remaining resident low to high, each workload's
            name in its cell, {word(MODEL)} where the paper placed it in the same cell and {word(ALERT)}
            where not.
            """),
    )


def measures_frame(result) -> pd.DataFrame:
    """:func:`tolerance_frame`'s rows for one model run (any host), for the live explorer."""
    paper = tolerance.paper_table()
    m = tolerance.measures(result)
    f = pd.DataFrame({
        "cid": str(result.system["cid"]), "env": result.env, "row": m.index, "workload": [SHORT[k] for k in m.index],
        "read_share_pct": sig(m["read_share_pct"].clip(lower=READS_FLOOR), 3).to_numpy(),
        "page_read_mib_s": sig(m["page_read_mib_s"], 3).to_numpy(),
        "resident_remaining_pct": sig(m["resident_remaining_pct"], 3).to_numpy(),
        "paper_reads": paper["page_read_rate"].reindex(m.index).to_numpy(),
        "paper_resident": paper["resident_remaining"].reindex(m.index).to_numpy(),
    })
    args = f["read_share_pct"].to_numpy(), f["resident_remaining_pct"].to_numpy(), list(f["workload"])
    f["label_y"] = label_positions(*args, plot_width=WIDE)
    f["label_y_phone"] = label_positions(*args, plot_width=PHONE_PLOT[0])
    return f


def label_positions(reads_pct, resident_pct, names, plot_width: float = PHONE_PLOT[0]) -> list[float]:
    """Heights (remaining resident %, the y axis) at which to write the scatter's names:
    each at its point's height, unless names would overlap in a plot ``plot_width`` px wide
    (a name runs right of its point, or left of it from :data:`LABEL_LEFT_FROM`): then the
    overlapping names are moved apart, keeping their order, until they are a line
    (:data:`LABEL_HEIGHT_PX`) apart, and kept inside the plot. On a phone
    (:data:`PHONE_PLOT`) the names of the two page-cached file-system rows ran into each
    other."""
    import math

    if not plot_width > 0:
        raise ValueError(f"plot_width: {plot_width!r} is not accepted; expected a width in px > 0")
    width, height = float(plot_width), PHONE_PLOT[1]
    n = len(names)
    if not n == len(reads_pct) == len(resident_pct):
        raise ValueError("reads_pct, resident_pct, names: expected one value each per row")
    spans, ys = [], []
    for x, y, name in zip(reads_pct, resident_pct, names):
        px = width * (math.log10(max(float(x), READS_FLOOR)) - math.log10(READS_FLOOR)) / 4
        w = LABEL_PX_PER_CHAR * len(name)
        spans.append((px - LABEL_OFFSET_PX - w, px - LABEL_OFFSET_PX) if x > LABEL_LEFT_FROM
                     else (px + LABEL_OFFSET_PX, px + LABEL_OFFSET_PX + w))
        ys.append(height * (1 - float(y) / 100))
    order = sorted(range(n), key=lambda i: (ys[i], i))  # top to bottom; ties in row order
    rank = {i: k for k, i in enumerate(order)}
    half = LABEL_HEIGHT_PX / 2
    for _ in range(200):
        moved = False
        for a in range(n):
            for b in range(a + 1, n):
                if min(spans[a][1], spans[b][1]) - max(spans[a][0], spans[b][0]) <= 0:
                    continue  # side by side
                gap = abs(ys[a] - ys[b])
                if gap >= LABEL_HEIGHT_PX - 0.01:
                    continue
                up, down = (a, b) if rank[a] < rank[b] else (b, a)  # names keep their order
                push = (LABEL_HEIGHT_PX - gap) / 2
                ys[up] -= push
                ys[down] += push
                moved = True
        ys = [min(max(v, half), height - half) for v in ys]
        if not moved:
            break
    return [round(100 * (1 - v / height), 2) for v in ys]


def explorer_chart(memory_gib: float = 64, cpus: int = 20, env: str = "zvm63-edev") -> alt.VConcatChart:
    """The live explorer: :func:`tolerance_chart` for any host, recomputed by the model."""
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    r = simulate((memory_gib, cpus), env=env)
    cid = str(r.system["cid"])
    return tolerance_chart(measures_frame(r), cid=cid, env=env, cids=[cid])
