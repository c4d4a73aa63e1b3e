"""Figures of the chapter "Dynamic address translation" (``book/dat.ipynb``).

The translation itself is :mod:`overcommit.dat`; this module draws a set-up's two page
tables and z/VM's real memory as three columns of cells and highlights the path one
address takes through them (conventions in :mod:`overcommit.book.figures`).
"""

from __future__ import annotations

import textwrap

import altair as alt
import pandas as pd

from .. import dat
from .figures import WIDE, picker
from .palette import CHOSEN, FILLS, MUTED, ON_PALE, WHITE, word

#: Cell colours by what an entry means for an access.
CATEGORIES = (
    "valid",
    "moved out (swap or paging slot)",
    "not touched yet",
    "not mapped",
    "frame of another guest or CP",
)
CATEGORY_COLOURS = (FILLS[2], FILLS[0], FILLS[4], FILLS[5], FILLS[1])
_CATEGORY = {
    dat.PRESENT: CATEGORIES[0], dat.RESIDENT: CATEGORIES[0],
    dat.SWAPPED: CATEGORIES[1], dat.PAGED_OUT: CATEGORIES[1],
    dat.UNTOUCHED: CATEGORIES[2], dat.NOT_INSTANTIATED: CATEGORIES[2],
    dat.UNMAPPED: CATEGORIES[3],
}
# Column geometry (x in chart units; y in "guest-page rows", so every column is as tall).
_COLUMNS = {"process": (0.0, 1.35), "guest": (2.1, 3.45), "host": (4.2, 5.55)}
_X_DOMAIN = [0, 5.55]


def _x(field: str) -> alt.X:
    return alt.X(f"{field}:Q", axis=None, scale=alt.Scale(domain=_X_DOMAIN, nice=False))


def _y(field: str, scale: alt.Scale) -> alt.Y:
    return alt.Y(f"{field}:Q", axis=None, scale=scale)


def _rows(setup: dat.Setup) -> dict[str, float]:
    """Row height of each column so that all three span the same height."""
    span = float(max(setup.process_pages, setup.guest_pages, setup.host_frames))
    return {"process": span / setup.process_pages, "guest": span / setup.guest_pages,
            "host": span / setup.host_frames, "span": span}


def cells_frame(setup: dat.Setup) -> pd.DataFrame:
    """One row per cell of the three columns: position, label and category."""
    h = _rows(setup)
    rows = []
    x0, x1 = _COLUMNS["process"]
    for e in setup.process:
        if e.valid:
            label = f"{e.page}: → guest page {e.frame}"
        else:
            label = f"{e.page}: {e.state}" + (f" (slot {e.slot})" if e.slot is not None else "")
        rows.append(("process", e.page, x0, x1, e.page * h["process"], (e.page + 1) * h["process"],
                     label, _CATEGORY[e.state]))
    x0, x1 = _COLUMNS["guest"]
    for e in setup.host:
        label = f"{e.page}: → frame {e.frame}" if e.valid else f"{e.page}: {e.state}"
        rows.append(("guest", e.page, x0, x1, e.page * h["guest"], (e.page + 1) * h["guest"],
                     label, _CATEGORY[e.state]))
    owner = {e.frame: e.page for e in setup.host if e.valid}
    x0, x1 = _COLUMNS["host"]
    for f in range(setup.host_frames):
        if f in owner:
            label, category = f"{f}: ← guest page {owner[f]}", CATEGORIES[0]
        else:
            label, category = f"{f}: another guest", CATEGORIES[4]
        rows.append(("host", f, x0, x1, f * h["host"], (f + 1) * h["host"], label, category))
    frame = pd.DataFrame(rows, columns=["column", "index", "x0", "x1", "y0", "y1", "label", "category"])
    frame["short"] = [_short(label) for label in frame["label"]]
    frame["xm"] = frame["x0"] + 0.06
    frame["ym"] = (frame["y0"] + frame["y1"]) / 2
    return frame


#: the phone layout's cell labels: the numbers and the arrow, the state in a word or two
_SHORTER = (("→ guest page ", "→ "), ("← guest page ", "← "), ("another guest", "other"),
            ("not instantiated", "not inst."))


def _short(label: str) -> str:
    for long, short in _SHORTER:
        label = label.replace(long, short)
    return label.split(" (slot")[0]


def links_frame(setup: dat.Setup) -> pd.DataFrame:
    """Every valid mapping as a line from one column's cell to the next column's."""
    h = _rows(setup)
    rows = []
    for e in setup.process:
        if e.valid:
            rows.append((_COLUMNS["process"][1], (e.page + 0.5) * h["process"],
                         _COLUMNS["guest"][0], (e.frame + 0.5) * h["guest"]))
    for e in setup.host:
        if e.valid:
            rows.append((_COLUMNS["guest"][1], (e.page + 0.5) * h["guest"],
                         _COLUMNS["host"][0], (e.frame + 0.5) * h["host"]))
    return pd.DataFrame(rows, columns=["x", "y", "x2", "y2"])


def summary(setup: dat.Setup, t: dat.Translation) -> str:
    """Two lines on what happened to one address (for the chart)."""
    hx = setup.hex
    first = f"{hx(t.address)}: VPN {t.vpn}, offset {hx(t.offset, 'offset')}"
    if t.fault == dat.LINUX:
        return f"{first}; Linux entry invalid ({t.process_entry.state})\n→ {t.outcome}, handled by {t.handler}"
    first += f" → guest address {hx(t.guest_address, 'guest')} (guest page {t.guest_page})"
    if t.fault == dat.ZVM:
        return f"{first}\n→ z/VM entry invalid ({t.host_entry.state}): {t.outcome}, handled by {t.handler}"
    return f"{first}\n→ host frame {t.host_frame}, host real address {hx(t.host_address, 'host')}: no fault"


def path_frames(setup: dat.Setup, addresses) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """For each address (by position ``addr``): the cells to outline, the links to
    highlight and the summary text."""
    h = _rows(setup)
    outline, links, texts = [], [], []
    for i, a in enumerate(addresses):
        t = dat.translate(setup, a)
        x0, x1 = _COLUMNS["process"]
        outline.append((i, x0, x1, t.vpn * h["process"], (t.vpn + 1) * h["process"]))
        if t.guest_page is not None:
            links.append((i, x1, (t.vpn + 0.5) * h["process"], _COLUMNS["guest"][0],
                          (t.guest_page + 0.5) * h["guest"]))
            g0, g1 = _COLUMNS["guest"]
            outline.append((i, g0, g1, t.guest_page * h["guest"], (t.guest_page + 1) * h["guest"]))
        if t.host_frame is not None:
            links.append((i, _COLUMNS["guest"][1], (t.guest_page + 0.5) * h["guest"], _COLUMNS["host"][0],
                          (t.host_frame + 0.5) * h["host"]))
            f0, f1 = _COLUMNS["host"]
            outline.append((i, f0, f1, t.host_frame * h["host"], (t.host_frame + 1) * h["host"]))
        texts.append((i, summary(setup, t), t.fault or "none"))
    return (
        pd.DataFrame(outline, columns=["addr", "x0", "x1", "y0", "y1"]),
        pd.DataFrame(links, columns=["addr", "x", "y", "x2", "y2"]),
        pd.DataFrame(texts, columns=["addr", "text", "fault"]),
    )


def path_chart(setup: dat.Setup, addresses=None, default: int = 0, bind: bool = True) -> alt.LayerChart:
    """The three columns with the path of one address highlighted.

    With ``bind`` (the default) a drop-down picks one of ``addresses`` (default: the
    set-up's own list) in the static page; without it the first address is drawn.

    The spec carries a second layout for a phone screen in ``usermeta.narrow`` (see
    ``book/_static/overcommit.js``), 300 px wide: cell labels shortened ("7: → 19" for
    "7: → guest page 19"), column heads and the note on several lines. Squeezed to a
    phone's width, the wide layout's labels shrank to 8 px.
    """
    if not isinstance(setup, dat.Setup):
        raise ValueError(f"setup: {type(setup).__name__} is not accepted; expected overcommit.dat.generate(...)")
    addresses = list(setup.addresses if addresses is None else addresses)
    if not addresses:
        raise ValueError("addresses: empty; expected at least one process virtual address")
    if not 0 <= default < len(addresses):
        raise ValueError(f"default: {default!r} is not accepted; expected 0 to {len(addresses) - 1}")
    wide = _path_layout(setup, addresses, default, bind, compact=False)
    return wide.properties(usermeta={"narrow": _path_layout(setup, addresses, default, bind, compact=True).to_dict()})


def _path_layout(setup: dat.Setup, addresses: list, default: int, bind: bool, compact: bool) -> alt.LayerChart:
    """:func:`path_chart`'s drawing, at full width or (``compact``) for a phone."""
    h = _rows(setup)
    span = h["span"]
    cells = cells_frame(setup)
    outline, hlinks, texts = path_frames(setup, addresses)
    if compact:  # the note on lines of at most 46 characters
        texts["text"] = ["\n".join(textwrap.fill(line, 46) for line in t.split("\n")) for t in texts["text"]]
    lines = int(texts["text"].str.count("\n").max()) + 1
    top = -2.6 if compact else -1.6
    y_scale = alt.Scale(domain=[top, span + 1.2 + 1.0 * lines], nice=False, reverse=True)
    x, y = _x("x0"), _y("y0", y_scale)

    if bind:
        pick = picker("addr", list(range(len(addresses))), default, "Process virtual address", labels=[f"{i}: {setup.hex(a)}" for i, a in enumerate(addresses)])
        keep = alt.datum.addr == pick
    else:
        pick, keep = None, alt.datum.addr == default

    rect = alt.Chart(cells).mark_rect(stroke=WHITE, strokeWidth=0.8).encode(
        x=x, x2="x1:Q", y=y, y2="y1:Q",
        color=alt.Color("category:N", title="Entry or frame",
                        scale=alt.Scale(domain=list(CATEGORIES), range=list(CATEGORY_COLOURS)),
                        legend=alt.Legend(orient="bottom", columns=3, labelLimit=220, symbolType="square")),
        tooltip=[alt.Tooltip("column:N"), alt.Tooltip("label:N", title="entry")],
    )
    labels = alt.Chart(cells).mark_text(align="left", baseline="middle", fontSize=10, color=ON_PALE).encode(
        x=_x("xm"),
        y=_y("ym", y_scale), text="short:N" if compact else "label:N",
    )
    links = alt.Chart(links_frame(setup)).mark_rule(color=MUTED, strokeWidth=0.7).encode(
        x=_x("x"), x2="x2:Q",
        y=_y("y", y_scale), y2="y2:Q",
    )
    path = alt.Chart(hlinks).transform_filter(keep).mark_rule(color=CHOSEN, strokeWidth=2.5).encode(
        x=_x("x"), x2="x2:Q",
        y=_y("y", y_scale), y2="y2:Q",
    )
    boxes = alt.Chart(outline).transform_filter(keep).mark_rect(
        fillOpacity=0, stroke=CHOSEN, strokeWidth=2.5
    ).encode(x=x, x2="x1:Q", y=y, y2="y1:Q")
    heads = pd.DataFrame(
        {
            "x": [_COLUMNS[c][0] for c in ("process", "guest", "host")],
            "y": [-1.9 if compact else -0.9] * 3,
            "text": (["process page\ntable (Linux)", "z/VM table\nfor the guest", "host frames\n(z/VM)"] if compact
                     else ["process page table (Linux)", "z/VM table for the guest", "host frames (z/VM)"]),
        }
    )
    titles = alt.Chart(heads).mark_text(align="left", fontSize=11, fontWeight="bold", lineBreak="\n").encode(
        x=_x("x"), y=_y("y", y_scale),
        text="text:N",
    )
    note = (
        alt.Chart(texts).transform_filter(keep)
        .transform_calculate(x=alt.expr.toNumber(0), y=alt.expr.toNumber(span + 1.2))
        .mark_text(align="left", baseline="top", fontSize=11, lineBreak="\n", color=CHOSEN)
        .encode(x=_x("x"),
                y=_y("y", y_scale), text="text:N")
    )
    chart = alt.layer(rect, links, labels, path, boxes, titles, note)
    if pick is not None:
        chart = chart.add_params(pick)
    return chart.properties(
        width=300 if compact else WIDE,
        height=int(15 * span + 40 + 15 * lines + (15 if compact else 0)),
        title=f"One address through both tiers (seed {setup.seed})",
        description=(
            f"Diagram of the seed-{setup.seed} set-up in three columns: the process page table "
            f"({setup.process_pages} entries), z/VM's page table for the guest "
            f"({setup.guest_pages} entries) and z/VM's real memory ({setup.host_frames} "
            "frames). Cells are coloured by state (valid, moved out to a swap or paging slot, "
            f"not touched yet, not mapped, another guest's frame); {word(MUTED)} lines join every valid "
            f"mapping. The chosen address's path is drawn in {word(CHOSEN)}, and a {word(CHOSEN)} note below says "
            "where it ends: a host real address, a Linux page fault or a z/VM page fault."
            + (" A drop-down picks the address." if pick is not None else "")
        ),
    )


def shadow_display(setup: dat.Setup) -> pd.DataFrame:
    """:func:`overcommit.dat.shadow` for reading: blanks instead of missing numbers."""
    table = dat.shadow(setup)
    shown = table.astype(object)
    for column in ("host frame", "guest page"):
        shown[column] = [("" if pd.isna(v) else int(v)) for v in table[column]]
    return shown


def explore_chart(seed: int = 0, address: int = 0x81E9) -> alt.LayerChart:
    """The live explorer's render function: a fresh set-up for ``seed`` and any address."""
    setup = dat.generate(seed)
    dat.translate(setup, address)  # raises ValueError for an address outside the space
    return path_chart(setup, [address], bind=False)


__all__ = ["CATEGORIES", "cells_frame", "explore_chart", "links_frame", "path_chart", "path_frames", "shadow_display",
           "summary"]
