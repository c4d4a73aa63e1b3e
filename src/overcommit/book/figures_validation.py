"""Chart and table builders for the chapter "How good is the model?" (``results_model``)
and its appendix "How the model is fitted and checked" (``model_method``).

The chapter grades the model against the paper's written findings and keeps the two kinds
of evidence apart: the *calibration* subset (:mod:`overcommit.calibrate`: Table 17, the
CID 64/20 memory paragraphs, the Java 64/20 losses) and everything else, the *validation*
findings (:mod:`overcommit.validation`). The appendix shows the fit itself.

What a reader sees is named by :mod:`overcommit.names`: a claim is "Claim 12", a workload
"Database BI", a column "page reads (MiB/s)". The frames the chapters compute with keep the
package's identifiers (``id``, ``variant``, ``subject``); the ``*_table`` functions and the
charts turn them into display names, and :func:`text_table` renders a table that becomes a
column of cards on a phone.

* :func:`claims_frame` / :func:`claims_chart` / :func:`claims_tables` — the claims of
  :func:`overcommit.validation.evaluate`, as a scorecard grouped by topic (calibration
  claims in a row of their own) and as tables.
* :func:`observation_frame` / :func:`observation_chart` — every numeric CID 64/20 record of
  ``data/observations_000.csv`` with a value the model also computes, paper against model,
  each marked as a fit target or not.
* :func:`calibration_parameters` / :func:`calibration_chart` / :func:`calibration_report`
  — the fitted parameters against their start values, and how close the fit came to each
  of its targets.
* :func:`paper_statements` / :func:`explorer_chart` — the live explorer: the model's
  per-variant throughput for any host beside what the paper states for that CID.
* :func:`no_paging_claims` — the claims evaluated on a model whose memory never runs
  short (every run given 512 GiB), to see which claims test the memory mechanisms at all.
* :func:`eckd_path` and :func:`key_numbers` — the numbers behind the explanations of the
  largest misses.
* :func:`calibration_table`, :func:`pin_table`, :func:`no_paging_table` — the reader's
  tables of :func:`calibration_report`, :func:`paper_pin_check` and :func:`no_paging_claims`.

Controls are Vega-Lite parameters bound to inputs over data computed in advance; floats are
rounded (:func:`overcommit.book.figures_results._sig`) to keep the pages small.
"""

from __future__ import annotations

import html as _html
import math
import re
import textwrap
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import altair as alt
import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

from .. import calibrate, data, names, paging, validation, workloads
from ..model import ENVIRONMENTS, PATH_MIB_S, environment, simulate, sweep
from ..replacement import reclaim_weights
from .palette import ALERT, BAND, CATEGORIES, CP_GREY, INK, MODEL, MUTED, ON_FILL, PAPER, RUN_CELLS, WHITE, word
from . import tables
from .figures import WIDE, one_value_range, paper_cids as _paper_cids, sig, picker, prose, with_reason
from .figures_results import ENV_LABELS, env_picker

#: Claim groups in display order: the validation topics of overcommit.validation, then the
#: calibration claims in a group of their own.
GROUPS = ("failures", "environments", "overall", "paging", "cpu", "database", "WAS",
          "file system", "Java", "network", "calibration")
VERDICT_COLOURS = {"passes": MODEL, "misses": ALERT}
ROLE_FIT = "fit target"
ROLE_NOT_FIT = "not a fit target (same paragraphs)"
CALIBRATION_CID = calibrate.CALIBRATION_CID
CALIBRATION_ENV = calibrate.CALIBRATION_ENV
#: The observation quantities compared at CID 64/20, with their axis labels and units.
QUANTITIES = {
    "resident_fraction_pct": ("resident / instantiated memory", "%"),
    "stored_fraction_pct": ("stored / instantiated memory", "%"),
    "dpa_share_pct": ("share of the DPA", "%"),
    "page_read_share_pct": ("share of the system's page reads", "%"),
    "paged_in_fraction_per_s_pct": ("resident memory paged in per second", "%/s"),
    "page_read_mib_s": ("page read rate", "MiB/s"),
    "page_in_mib_s": ("page read rate", "MiB/s"),
    "throughput_degradation_pct": ("relative throughput", "%"),
}
QUANTITY_LABELS = list(dict.fromkeys(label for label, _ in QUANTITIES.values()))
QUANTITY_COLOURS = CATEGORIES + [CP_GREY]
#: How each kind of 64/20 record relates to the fit, for the records that are not targets.
ROLE_NOTES = {
    "resident_fraction_pct": "the paper's resident and instantiated memory set the guest's released share "
                             "(the book's table of guest behaviour) and its resident target",
    "stored_fraction_pct": "follows from the fitted residency",
    "dpa_share_pct": "restates the database's resident memory, a fit target",
    "page_read_share_pct": "restates the database's page-in rate, a fit target",
    "paged_in_fraction_per_s_pct": "page-in rate / resident memory: a ratio of two fitted quantities",
    "page_read_mib_s": "restates a fit target",
    "page_in_mib_s": "a fit target",
    "throughput_degradation_pct": "a fit target (blocking share of a Java stall)",
}
PARAMETERS = {
    "active_frac": "active share of the touched pages (fraction)",
    "median_rate_per_s": "median reference rate of an active page (per second)",
    "skew": "popularity skew of the active pages (dimensionless)",
    "blocking": "share of a page-fault stall that holds the virtual CPU (fraction)",
}
VARIANT_ORDER = ["db-bi", "was-medium", "was-high", "fs-pagecache-medium", "fs-direct-medium",
                 "fs-pagecache-high", "fs-direct-high", "java-medium", "java-high", "net-medium", "net-high"]
#: the same, as the charts name them (:func:`overcommit.names.variant`)
NAME_ORDER = [names.variant(v) for v in VARIANT_ORDER]
#: what a paper value of the grid chart was to the model, as its tooltip says it
USES = {"calibration": "fitted to it (a calibration target)", "validation": "not fitted: a test"}
#: Memory sizes of the paper's grid for which it reports results (its Table 16 lists
#: 48 GiB too, but no result below 64 GiB appears in the text).
REPORTED_MEMORY = validation.MEMORY_GIB
#: The validation claims that cover the rest of seed 000's written findings, beyond those
#: the other validation claims test. Their thresholds (:data:`overcommit.validation.ALMOST`,
#: :data:`~overcommit.validation.SLIGHT`) were read from the paper's words before the model
#: was evaluated on them, so the chapter counts them apart from the other validation claims.
LATER_CLAIMS = (
    "cpu-user-128", "cpu-cp-guest-flat", "cpu-system-rises", "cpu-user-94-eckd", "cpu-breakup-constant",
    "paging-progressive-eckd", "paging-below-96",
    "db-15-falls", "db-5-gains", "db-fewer-cpus", "db-cpu-15", "db-cpu-5", "db-cpu-halving",
    "was-cpu-20", "was-medium-was-cpu", "fs-memory-flat", "java-cpu-memory", "java-cpu-cpus",
    "net-memory-20", "net-medium-cpus", "net-high-15-regain", "net-high-below-ref", "net-high-cpu-20",
    "net-high-cpu-15",
)
#: Validation claims that only bound what a shortage of memory may do: something stays
#: (nearly) as it is, does not fall, or costs less than a limit. A model whose memory never
#: runs short meets them by doing nothing (:func:`no_paging_claims`); they test that the
#: model's paging does not do too much, not that it does enough.
BOUND_CLAIMS = (
    "fail-edev-none", "env-eckd-similar", "overall-flat", "paging-progressive", "paging-progressive-eckd",
    "cpu-system-9", "cpu-user-94", "cpu-user-94-eckd", "cpu-cp-guest-flat", "cpu-system-rises",
    "cpu-breakup-constant", "db-cpu-5", "was-tolerates-memory", "fs-memory-flat",
)
#: Validation claims the model misses although it moves the paper's way: the change it gives
#: is smaller than a direction needs (:data:`overcommit.claims.DIRECTION_MIN`). The chapter
#: lists them together and explains why memory moves so little in the model.
SHORT_CLAIMS = (
    "env-eckd-20cpu", "db-gains", "db-15-falls", "db-cpu-15", "fs-direct-gains", "fs-pagecache-loses",
    "java-cpu-memory", "net-high-cpu-20",
)


# --- the claims ----------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _evaluated() -> pd.DataFrame:
    return validation.evaluate()


def claims_frame(table: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per claim of :func:`overcommit.validation.evaluate` with its display group
    (the topic, or ``calibration`` for calibration claims), its slot within the group and
    its verdict (``passes`` / ``misses``)."""
    t = (_evaluated() if table is None else table).copy()
    need = {"id", "kind", "topic", "finding", "source", "paper", "model", "passed"}
    missing = need - set(t.columns)
    if missing:
        raise ValueError(f"table: column {sorted(missing)[0]!r} missing; expected the columns of "
                         "overcommit.validation.evaluate()")
    if t.empty:
        raise ValueError("table: empty; expected the rows of overcommit.validation.evaluate()")
    bad = set(t["kind"]) - {"calibration", "validation"}
    if bad:
        raise ValueError(f"table: kind {sorted(bad)[0]!r} is not accepted; expected 'calibration' or 'validation'")
    t["group"] = np.where(t["kind"] == "calibration", "calibration", t["topic"])
    unknown = set(t["group"]) - set(GROUPS)
    if unknown:
        raise ValueError(f"table: topic {sorted(unknown)[0]!r} is not accepted; expected one of {list(GROUPS)}")
    t["order"] = t["group"].map({g: i for i, g in enumerate(GROUPS)})
    t = t.sort_values("order", kind="stable").reset_index(drop=True)
    t["slot"] = t.groupby("group").cumcount() + 1
    t["verdict"] = np.where(t["passed"], "passes", "misses")
    t["symbol"] = np.where(t["passed"], "✓", "✗")
    t["model"] = t["model"].astype(str).map(one_value_range)
    t["paper"] = t["paper"].astype(str)
    t["where"] = t["source"].str.replace("seed 000, ", "", regex=False)
    t["name"] = t["id"].map(names.claim)
    return t


def claims_tables(frame: pd.DataFrame | None = None, ids: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(validation claims, calibration claims), each indexed by the claim as the book names
    it ("Claim 12", :func:`overcommit.names.claim`), or by its id with ``ids=True``, with the
    columns topic, finding, paper, model, verdict, source."""
    f = claims_frame() if frame is None else frame
    if "name" not in f.columns:
        f = f.assign(name=f["id"].map(names.claim))
    out = []
    for kind in ("validation", "calibration"):
        k = f[f["kind"] == kind]
        table = pd.DataFrame({
            "topic": k["topic"].to_numpy(), "finding (paraphrased)": k["finding"].to_numpy(),
            "paper": k["paper"].to_numpy(), "model": k["model"].to_numpy(),
            "verdict": np.where(k["passed"], "✓ passes", "✗ misses"),
            "where in the paper": k["where"].to_numpy(),
        }, index=pd.Index(k["id"] if ids else k["name"], name="claim"))
        out.append(table)
    return out[0], out[1]


def claim_names(ids) -> str:
    """Claims as a sentence names them: "Claim 3", "Claims 3 and 7", "Claims 3, 7 and 9"
    (in the order given)."""
    numbers = [names.claim(c).split(" ", 1)[1] for c in ids]
    if not numbers:
        raise ValueError("ids: empty; expected at least one claim id")
    if len(numbers) == 1:
        return f"Claim {numbers[0]}"
    return "Claims " + ", ".join(numbers[:-1]) + f" and {numbers[-1]}"


def coverage() -> pd.DataFrame:
    """What became of each record of ``data/observations_000.csv``: compared with by a
    validation claim, used by the fit (a calibration target or a calibration claim's record),
    or set aside under one of the reasons of :data:`overcommit.validation.NOT_CLAIMS`. One row
    per outcome with its number of records; the rows add up to every record (checked here,
    and for each record by the test
    ``test_every_record_of_the_paper_is_a_claim_a_target_or_set_aside_with_a_reason``)."""
    known = set(data.observations(["observations_000.csv"])["id"])
    claims = validation._claims()
    valid = {rid for c in claims if c.kind == "validation" for rid in c.observations}
    fitted = (calibrate.target_observations() | {rid for c in claims if c.kind == "calibration"
                                                  for rid in c.observations}) - valid
    rows = [("compared with by a validation claim", len(valid & known)),
            ("used by the fit: a calibration target or a calibration claim's record", len(fitted & known))]
    rows += [(f"set aside: {reason}", len(ids)) for reason, ids in validation.NOT_CLAIMS.items()]
    frame = pd.DataFrame(rows, columns=["what became of the record", "records"])
    if int(frame["records"].sum()) != len(known):
        raise ValueError(f"coverage: {int(frame['records'].sum())} records accounted for, "
                         f"{len(known)} in observations_000.csv; expected each record once")
    return frame.set_index("what became of the record")


def calibration_sensitivity() -> pd.DataFrame:
    """``data/calibration_sensitivity.csv`` for the chapter: the chosen fit and the refits
    around it (:func:`overcommit.calibrate.sensitivity`), with the claims each passes and
    the claims whose verdict it flips."""
    s = data.load_table("calibration_sensitivity.csv")
    n = _evaluated()["kind"].value_counts()
    # the pair names the fit (the first cell is a card's title on a phone, so it says what it is)
    return pd.DataFrame({
        "fit": [f"β = {b:g}, T = {t:g} s" for b, t in zip(s["beta"], s["T_s"])],
        "residual": s["cost"].to_numpy(),
        "settled": s["settled"].to_numpy(),
        "validation claims passed": [f"{int(v)} of {n['validation']}" if v == v else "no verdict"
                                     for v in s["validation_passed"]],
        "calibration claims passed": [f"{int(v)} of {n['calibration']}" if v == v else "no verdict"
                                      for v in s["calibration_passed"]],
        "verdicts that differ from the chosen fit's": s["flipped"].map(_named_flips).to_numpy(),
    })


_CLAIM_ID = re.compile(r"(?<![\w-])([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?= \(now )")


def _named_flips(text: str) -> str:
    """``paging-db-share (now fails); db-gains (now passes)`` as "Claim 17 (now fails);
    Claim 24 (now passes)"; "none" and "the chosen fit" as they are."""
    return _CLAIM_ID.sub(lambda m: names.claim(m.group(1)), str(text))


#: a cell longer than this many characters is "wide": on a phone's card it takes a line of
#: its own, where shorter cells share one
WIDE_CELL = 24


class _CardStyler(Styler):
    """A Styler whose HTML names each cell's column in a ``data-label`` attribute, so that
    on a phone ``_static/overcommit.css`` can lay each row out as a card of "column: value"
    lines (CSS cannot read a cell's header otherwise)."""

    labels: list[str] = []

    def to_html(self, buf=None, **kwargs):
        text = super().to_html(**kwargs)

        def label(match: re.Match) -> str:
            column = int(match.group(2))
            return f'{match.group(1)} data-label="{_html.escape(self.labels[column], quote=True)}"'

        text = re.sub(r'(<td id="T_\w+?_row\d+_col(\d+)" class="[^"]*")', label, text)
        if buf is None:
            return text
        if hasattr(buf, "write"):
            buf.write(text)
        else:
            Path(buf).write_text(text)
        return None


def text_table(frame: pd.DataFrame, name: str, cards: bool = False, key: str | None = None):
    """``frame`` as a pandas Styler for tables of sentences: left-aligned, top-aligned
    (CSS class ``oc-text-table`` in ``_static/overcommit.css``), with a fixed id ``name`` so
    that the stored HTML is the same on every run (a Styler's default id is random).

    ``cards=True``: on a phone (640 px or less) each row becomes a card (class ``oc-cards``):
    the first cell as its title, then every other cell in the table's order after its
    column's name (``data-label``), short ones side by side and long ones (class
    ``oc-wide``: longer than :data:`WIDE_CELL` characters) a line each. A six-column table
    of claims no longer puts its verdicts off a 390 px screen. ``key``: a column whose
    cells go on the title line beside the first cell, without their label (a claim's
    verdict: "Claim 4 ✗ misses")."""
    if not name.isidentifier():
        raise ValueError(f"name: {name!r} is not accepted; expected a Python identifier such as 'claims'")
    # the row labels as a named first column (overcommit.book.tables), numbers as a reader
    # writes them (39,900 rather than pandas' 39900.000000)
    shown = tables.labelled(frame)
    numbers = list(shown.select_dtypes("number").columns)
    if key is not None and (not cards or key not in shown.columns[1:]):
        raise ValueError(f"key: {key!r} is not accepted; expected None or, with cards=True, a column after the "
                         f"first of {list(map(str, shown.columns))}")
    if not cards:
        styler = shown.style.set_uuid(name).set_table_attributes('class="dataframe oc-text-table"')
        return styler.format(readable_number, subset=numbers).hide(axis="index")
    styler = _CardStyler(shown)
    styler.labels = [str(c) for c in shown.columns]
    keyed = " oc-keyed" if key is not None else ""
    styler = styler.set_uuid(name).set_table_attributes(f'class="dataframe oc-text-table oc-cards{keyed}"')
    text = shown.astype(object).map(lambda v: readable_number(v) if isinstance(v, (int, float, np.number))
                                    and not isinstance(v, (bool, np.bool_)) else str(v))
    classes = text.map(lambda t: "oc-wide" if len(t) > WIDE_CELL else "")
    if key is not None:
        classes[key] = "oc-key"
    styler = styler.set_td_classes(classes)
    return styler.format(readable_number, subset=numbers).hide(axis="index")


def readable_number(value) -> str:
    """A number for a table of sentences: thousands separated and no trailing zeros for large
    values (39,900), three significant digits for small ones (0.0123), an empty cell for a
    missing value."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    v = float(value)
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v):,}"
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"


def claim_lines(frame: pd.DataFrame, width: int = 74) -> pd.DataFrame:
    """The claims as lines of text for the scorecard's detail panel: per claim its finding,
    wrapped to ``width`` characters, then a line with the paper's and the model's value (two
    lines, one each, when one would be longer than ``width`` + 6 characters)."""
    if width < 30:
        raise ValueError(f"width: {width!r} is not accepted; expected at least 30 characters")
    rows = []
    for group, g in frame.groupby("group", sort=False):
        line = 0
        for r in g.itertuples():
            wrapped = textwrap.wrap(r.finding, width)
            for k, text in enumerate(wrapped):
                rows.append({"group": group, "line": line, "text": text, "kind": r.kind, "id": r.id,
                             "name": names.claim(r.id),
                             "symbol": r.symbol if k == 0 else "", "verdict": r.verdict, "style": "finding"})
                line += 1
            numbers = [f"paper: {r.paper}   model: {r.model}"]
            if len(numbers[0]) > width + 6:  # on two lines rather than cut short
                numbers = [f"paper: {r.paper}", f"model: {r.model}"]
            for text in numbers:
                rows.append({"group": group, "line": line, "text": textwrap.shorten(text, width + 6, placeholder=" …"),
                             "kind": r.kind, "id": r.id, "name": names.claim(r.id), "symbol": "", "verdict": r.verdict,
                             "style": "numbers"})
                line += 1
            line += 0.4
    return pd.DataFrame(rows)


def claims_chart(frame: pd.DataFrame | None = None, default_group: str = "database") -> alt.VConcatChart:
    """The scorecard: one square per claim, one row per topic (calibration claims in their
    own row, drawn hollow), blue for a pass and red for a miss (the palette's MODEL and ALERT); a drop-down picks a group
    and the panel below lists that group's claims with the paper's and the model's values.

    The spec carries a second layout for a phone screen in ``usermeta.narrow`` (see
    ``book/_static/overcommit.js``): the claims wrapped at 40 characters rather than 74,
    smaller squares and a shorter count beside them. Squeezed to a phone's width, the wide
    layout's claims ran past the chart's edge and were cut. Both layouts give every claim of
    the largest group a column of its own, so that no two squares overlap."""
    f = claims_frame() if frame is None else frame
    if default_group not in GROUPS:
        raise ValueError(f"default_group: {default_group!r} is not accepted; expected one of {list(GROUPS)}")
    wide = _claims_layout(f, default_group, compact=False)
    return wide.properties(usermeta={"narrow": _claims_layout(f, default_group, compact=True).to_dict()})


def _claims_layout(f: pd.DataFrame, default_group: str, compact: bool) -> alt.VConcatChart:
    """:func:`claims_chart`'s drawing, at full width or (``compact``) for a phone."""
    lines = claim_lines(f, width=40 if compact else 74)
    # one column of squares per claim of the largest group; on a phone narrower squares and
    # a shorter count beside them, so that the rows fit a 390 px screen without squeezing
    slot_px = 19 if compact else 32
    slots = int(f.groupby("group").size().max())
    square = {"size": 200, "hollow": 170, "stroke": 2, "font": 10} if compact else \
        {"size": 330, "hollow": 300, "stroke": 3, "font": 12}
    groups = [g for g in GROUPS if g in set(f["group"])]
    pick = picker("group", groups, default_group, "Claims about")
    tip = [alt.Tooltip("name:N", title="claim"), alt.Tooltip("kind:N"), alt.Tooltip("finding:N"),
           alt.Tooltip("paper:N", title="paper"), alt.Tooltip("model:N", title="model"),
           alt.Tooltip("verdict:N"), alt.Tooltip("where:N", title="where in the paper")]
    f = f if "name" in f.columns else f.assign(name=f["id"].map(names.claim))
    cells = f[["name", "kind", "group", "slot", "finding", "paper", "model", "verdict", "symbol", "where"]]
    y = alt.Y("group:N", sort=groups, title=None, axis=alt.Axis(labelFontSize=11))
    x = alt.X("slot:O", title="claims in the group (one square each)", axis=alt.Axis(labelAngle=0))
    colour = alt.Color("verdict:N", title="model", scale=alt.Scale(domain=list(VERDICT_COLOURS),
                                                                      range=list(VERDICT_COLOURS.values())))
    base = alt.Chart(cells)
    band = alt.Chart(pd.DataFrame({"group": groups})).mark_rect(color=BAND).encode(
        y=y, opacity=alt.condition(alt.datum.group == pick, alt.value(1.0), alt.value(0.0)))
    filled = base.transform_filter(alt.datum.kind == "validation").mark_square(size=square["size"], opacity=1).encode(
        x=x, y=y, color=colour, tooltip=tip)
    hollow = base.transform_filter(alt.datum.kind == "calibration").mark_square(
        size=square["hollow"], filled=False, strokeWidth=square["stroke"], opacity=1).encode(
        x=x, y=y, color=colour, tooltip=tip)
    marks = base.mark_text(fontSize=square["font"], fontWeight="bold").encode(
        x=x, y=y, text="symbol:N", tooltip=tip,
        color=alt.condition(alt.datum.kind == "validation", alt.value(ON_FILL), alt.value(INK)))
    counts = (f.groupby("group", sort=False)
              .agg(n=("passed", "size"), ok=("passed", "sum")).reset_index())
    # on a phone the subtitle alone says that the calibration claims were fitted, and the
    # count is written without "pass"
    counts["label"] = [f"{int(o)} of {n}" + ("" if compact else " pass")
                       + (" (fitted)" if g == "calibration" and not compact else "")
                       for g, o, n in zip(counts["group"], counts["ok"], counts["n"])]
    count_text = alt.Chart(counts).mark_text(align="left", dx=4, fontSize=11, color=INK).encode(
        y=y, x=alt.value(slots * slot_px + 2), text="label:N")
    top = alt.layer(band, filled, hollow, marks, count_text).add_params(pick).properties(
        width=slots * slot_px, height=len(groups) * 21,
        title=alt.TitleParams("The paper's findings as claims: does the model reproduce them?",
                              subtitle="hollow squares: calibration claims (fitted, not a test)"
                              + ("; beside each row: how many of its claims pass" if compact else ""),
                              anchor="start"))
    max_line = float(lines.groupby("group")["line"].max().max()) + 1
    ly = alt.Y("line:Q", scale=alt.Scale(domain=[-0.6, max_line], reverse=True, nice=False), axis=None)
    detail = alt.Chart(lines).transform_filter(alt.datum.group == pick)
    text = detail.mark_text(align="left", baseline="middle", fontSize=11).encode(
        x=alt.value(18), y=ly, text="text:N",
        color=alt.condition(alt.datum.style == "numbers", alt.value(CP_GREY), alt.value(INK)),
        tooltip=[alt.Tooltip("name:N", title="claim"), alt.Tooltip("kind:N")])
    symbol = detail.transform_filter(alt.datum.symbol != "").mark_text(
        align="left", baseline="middle", fontSize=14, fontWeight="bold").encode(
        x=alt.value(0), y=ly, text="symbol:N", color=colour)
    bottom = alt.layer(text, symbol).properties(
        width=250 if compact else WIDE, height=int(max_line * 15),
        title=alt.TitleParams(alt.expr("'The claims about ' + group"), anchor="start"))
    return alt.vconcat(top, bottom, spacing=12).properties(
        description=(
            f"A scorecard of the {len(f)} claims: one row per topic, one square "
            f"per claim, {word(VERDICT_COLOURS['passes'])} with a tick where the model reproduces the paper's finding and "
            f"{word(VERDICT_COLOURS['misses'])} with a cross "
            "where it misses; the last row holds the calibration claims, drawn hollow because the model was "
            "fitted to them. Beside each row the number of claims that pass. The drop-down picks a group; it "
            f"is highlighted in {word(BAND)} and the panel below lists its claims in words, each with the paper's and "
            "the model's value."
        )
    )


# --- paper against model at CID 64/20 ---------------------------------------------------------

def _subject_guests(subject: str, guests: pd.DataFrame) -> pd.Index:
    """The model guests a record's subject refers to (a guest, a variant, a WAS component
    such as ``was-ihs``, a workload prefix such as ``java``, or ``system``)."""
    if subject == "system":
        return guests.index
    if subject in guests.index:
        return pd.Index([subject])
    if subject in set(guests["variant"]):
        return guests.index[guests["variant"] == subject]
    if subject.startswith("was-"):
        comp = subject.split("-", 1)[1]
        hit = guests.index[guests["variant"].str.startswith("was-") & guests.index.str.endswith("-" + comp)]
        if len(hit):
            return hit
    hit = guests.index[guests["variant"].str.startswith(subject + "-") | (guests["variant"] == subject)]
    if len(hit):
        return hit
    raise ValueError(f"subject: {subject!r} is not accepted; expected a guest, a variant or a workload "
                     "of the study")


def _model_quantity(quantity: str, subject: str, result) -> float:
    g = result.guests
    s = result.system
    sel = g.loc[_subject_guests(subject, g)]
    res, inst, reads = sel["resident_mib"].sum(), sel["instantiated_mib"].sum(), sel["page_read_mib_s"].sum()
    if quantity == "resident_fraction_pct":
        return 100 * res / inst
    if quantity == "stored_fraction_pct":
        return 100 * sel["stored_mib"].sum() / inst
    if quantity == "dpa_share_pct":
        return 100 * res / float(s["dpa_mib"])
    if quantity == "page_read_share_pct":
        return 100 * reads / float(s["page_read_mib_s"])
    if quantity == "paged_in_fraction_per_s_pct":
        return 100 * reads / res
    if quantity in ("page_read_mib_s", "page_in_mib_s"):
        return float(s["page_read_mib_s"]) if subject == "system" else float(reads)
    if quantity == "throughput_degradation_pct":
        return 100 * float(result.workloads.loc[subject, "relative_throughput"])
    raise ValueError(f"quantity: {quantity!r} is not accepted; expected one of {list(QUANTITIES)}")


#: record subjects that are not one guest or variant, as a reader names them
SUBJECT_NAMES = {"system": "the whole system", "java": "Java, both levels", "net": "Network, all four guests",
                 "was": "WebSphere, both levels"}


def subject_name(subject: str) -> str:
    """Who a record of the paper is about, as the book names it: a guest or variant by
    :func:`overcommit.names.guest` ("WebSphere, medium: database (DB2)"), the others by
    :data:`SUBJECT_NAMES`."""
    if subject in SUBJECT_NAMES:
        return SUBJECT_NAMES[subject]
    return names.guest(subject)


def short_source(source: str) -> str:
    """A record's source without the seed and the CID the chapter already names:
    ``seed 000, section "Java workload", CID 64/20, Observations paragraph 1`` → "Java
    workload, observations paragraph 1"."""
    text = re.sub(r'^seed \d+, (section )?', "", str(source))
    text = re.sub(r', CID \d+/\d+', "", text).replace('"', "")
    return re.sub(r", (Observations|Conclusions)", lambda m: ", " + m.group(1).lower(), text)


_RECORD = re.compile(r"o\d{3}-[a-z0-9]+(?:-[a-z0-9]+)*")


def record_sources(text: str) -> str:
    """The records a calibration target is derived from (``o000-jm-dpa, o000-sys-dpa``), as
    the places in the paper they come from, each once, with the target's own note kept
    ("(negligible)")."""
    obs = _observations_by_id()
    places = list(dict.fromkeys(short_source(obs.loc[r, "source"]) for r in _RECORD.findall(str(text))))
    if not places:
        raise ValueError(f"text: {text!r} names no record of observations_000.csv; expected ids such as 'o000-db-pin'")
    note = re.search(r"\(([^()]*)\)\s*$", str(text))
    return "; ".join(places) + (f" ({note.group(1)})" if note else "")


@lru_cache(maxsize=1)
def _observations_by_id() -> pd.DataFrame:
    return data.observations(["observations_000.csv"]).set_index("id")


def _per_level(subject: str) -> list[str]:
    """The paper describes each WebSphere component (and the WebSphere workload) once for
    both levels; like :func:`overcommit.calibrate.targets`, read it as holding for each
    level, so one comparison per level."""
    if subject == "was":
        return ["was-medium", "was-high"]
    if subject in ("was-ihs", "was-was", "was-db2"):
        comp = subject.split("-")[1]
        return [f"was-medium-{comp}", f"was-high-{comp}"]
    return [subject]


def observation_frame(result=None) -> pd.DataFrame:
    """Every record of ``observations_000.csv`` at CID 64/20 (z/VM 6.3, EDEV-SCSI) with a
    positive value stated as ``=``, ``~`` or a range (midpoint) whose quantity the model
    computes (:data:`QUANTITIES`), beside the model's value from ``result`` (default
    ``simulate("64/20")``). A loss (``throughput_degradation_pct``) is shown as the relative
    throughput that remains. ``role`` says whether the record is a calibration target."""
    r = simulate(CALIBRATION_CID, env=CALIBRATION_ENV) if result is None else result
    if str(r.system["cid"]) != CALIBRATION_CID or r.env != CALIBRATION_ENV:
        raise ValueError(f"result: a run of {r.system['cid']} on {r.env} is not accepted; expected "
                         f"simulate({CALIBRATION_CID!r}, env={CALIBRATION_ENV!r})")
    obs = data.observations(["observations_000.csv"])
    obs = obs[(obs["cid"] == CALIBRATION_CID) & (obs["env"] == CALIBRATION_ENV)
              & obs["quantity"].isin(list(QUANTITIES)) & obs["relation"].isin(["=", "~", "between"])]
    targets = calibrate.target_observations()
    rows = []
    for o in obs.to_dict("records"):
        value = (o["lower"] + o["upper"]) / 2 if o["relation"] == "between" else o["value"]
        if not value > 0:
            continue  # "negligible" paging: no point on a log scale
        quantity = o["quantity"]
        paper = 100 - value if quantity == "throughput_degradation_pct" else value
        label, unit = QUANTITIES[quantity]
        fit = o["id"] in targets
        for subject in _per_level(o["subject"]):
            model = _model_quantity(quantity, subject, r)
            rows.append({
                "id": o["id"], "subject": subject, "who": subject_name(subject), "quantity": label, "unit": unit,
                "paper": float(paper), "model": float(model), "ratio": float(model / paper),
                "role": ROLE_FIT if fit else ROLE_NOT_FIT,
                "note": "fitted to this record" if fit else ROLE_NOTES[quantity],
                "relation": "≈ (range midpoint)" if o["relation"] == "between" else {"~": "≈"}.get(o["relation"], o["relation"]),
                "source": o["source"], "where": short_source(o["source"]),
            })
    f = pd.DataFrame(rows)
    for col in ("paper", "model", "ratio"):
        f[col] = sig(f[col], 3)
    f["model"] = f["model"].clip(lower=1e-3)  # keep every point on the log scale
    return f


def observation_chart(frame: pd.DataFrame | None = None, band: float = 0.25) -> alt.LayerChart:
    """Paper against model, log-log, with the line model = paper and a tolerance band whose
    width a slider sets; points outside the band are faded, and the count inside is written."""
    f = observation_frame() if frame is None else frame
    if not 0.05 <= band <= 0.9:
        raise ValueError(f"band: {band!r} is not accepted; expected a fraction between 0.05 and 0.9")
    if f.empty:
        raise ValueError("frame: empty; expected the rows of observation_frame()")
    tol = alt.param(name="band", value=band,
                    bind=alt.binding_range(min=0.05, max=0.9, step=0.05, name="tolerance band ± (fraction) "))
    lo, hi = 0.01, 300.0
    scale = alt.Scale(type="log", domain=[lo, hi], nice=False)
    xq = alt.X("paper:Q", scale=scale, title="the paper's value (%, %/s or MiB/s; log scale)")
    yq = alt.Y("model:Q", scale=scale, title="the model's value (same unit; log scale)")
    grid = alt.Chart(pd.DataFrame({"paper": [lo, hi]})).transform_calculate(
        model="datum.paper", low="datum.paper * (1 - band)", high="datum.paper * (1 + band)")
    area = grid.mark_area(color=MODEL, opacity=0.13).encode(
        x=xq, y=alt.Y("low:Q", scale=scale, title="the model's value (same unit; log scale)"), y2="high:Q")
    line = grid.mark_line(color=INK, strokeDash=[5, 3]).encode(x=xq, y=yq)
    inside = "(datum.model >= datum.paper * (1 - band)) && (datum.model <= datum.paper * (1 + band))"
    colour = alt.Color("quantity:N", title="quantity", scale=alt.Scale(domain=QUANTITY_LABELS, range=QUANTITY_COLOURS),
                       legend=alt.Legend(orient="bottom", columns=2, labelLimit=230))
    shape = alt.Shape("role:N", title="role in the fit", scale=alt.Scale(domain=[ROLE_FIT, ROLE_NOT_FIT],
                                                                         range=["circle", "triangle-up"]),
                      legend=alt.Legend(orient="bottom", columns=1, labelLimit=260))
    points = alt.Chart(f).transform_calculate(inside=inside).mark_point(filled=True, size=85).encode(
        x=xq, y=yq, color=colour, shape=shape,
        opacity=alt.condition(inside, alt.value(0.95), alt.value(0.3)),
        stroke=alt.condition(inside, alt.value(WHITE), alt.value(ALERT)),
        tooltip=[alt.Tooltip("who:N", title="guest or workload"), alt.Tooltip("quantity:N"),
                 alt.Tooltip("unit:N"), alt.Tooltip("relation:N", title="paper states"),
                 alt.Tooltip("paper:Q", title="paper"), alt.Tooltip("model:Q", title="model"),
                 alt.Tooltip("ratio:Q", title="model / paper", format=".2f"),
                 alt.Tooltip("role:N", title="role"), alt.Tooltip("note:N"), alt.Tooltip("where:N", title="source")],
    )
    count = alt.Chart(f).transform_calculate(inside=f"({inside}) ? 1 : 0").transform_aggregate(
        n="sum(inside)", total="count()").transform_calculate(
        label="datum.n + ' of ' + datum.total + ' records within ±' + format(band * 100, '.0f') + ' %'"
    ).mark_text(align="left", fontSize=12, fontWeight="bold").encode(
        x=alt.value(8), y=alt.value(12), text="label:N")
    return alt.layer(area, line, points, count).add_params(tol).properties(
        width=WIDE, height=WIDE,
        title=alt.TitleParams("CID 64/20 on z/VM 6.3, EDEV-SCSI: paper against model",
                              subtitle="dashed: model = paper; shaded: the tolerance band", anchor="start"),
        description=(
            f"A log-log scatter plot of {len(f)} numbers the paper states for CID 64/20 on z/VM 6.3 with "
            "EDEV-SCSI paging (x) against the model's value for the same quantity (y): resident and stored "
            "shares, shares of the DPA and of the page reads, paging rates and the Java throughputs. Colour "
            "gives the quantity, the shape whether the record was a calibration target. A dashed diagonal "
            "marks agreement and a shaded band the tolerance set by the slider; points outside the band are "
            f"faded with a {word(ALERT)} outline, and the number of records inside is written at the top left."
        ),
    )


# --- where the calibrated parameters came from --------------------------------------------

def calibration_parameters() -> pd.DataFrame:
    """Every fitted parameter (``data/calibrated_parameters.csv``) beside its start value
    (``data/guest_behaviour.csv`` for the guests, ``data/variant_drivers.csv`` for the Java
    ``blocking``) and the factor the fit moved it by. The host-wide reclaim exponent β
    (target ``zvm``) has no start value; :func:`calibration_scan` shows how it was chosen."""
    fitted = data.load_table("calibrated_parameters.csv")
    fitted = fitted[fitted["target"] != "zvm"]
    start_guests = {g.name: g for g in workloads.study_guests(calibrated=False)}
    start_variants = workloads.study_variants(calibrated=False)
    rows = []
    for r in fitted.to_dict("records"):
        name, par = r["target"], r["parameter"]
        if par != "blocking" and name in start_guests:
            start, origin = float(getattr(start_guests[name], par)), "data/guest_behaviour.csv"
        elif par == "blocking" and name in start_variants:
            start, origin = float(getattr(start_variants[name], par)), "data/variant_drivers.csv"
        else:
            raise ValueError(f"calibrated_parameters.csv: target {name!r} is neither a guest nor a variant")
        rows.append({"target": name, "guest": names.guest(name), "parameter": par, "start": start,
                     "fitted": float(r["value"]),
                     "factor": float(r["value"]) / start if start else math.nan, "start from": origin})
    f = pd.DataFrame(rows)
    for col in ("start", "fitted", "factor"):
        f[col] = sig(f[col], 3)
    return f


def calibration_chart(frame: pd.DataFrame | None = None, default: str = "median_rate_per_s") -> alt.LayerChart:
    """Start value (hollow) and fitted value (filled), joined by a line, per guest, for the
    parameter picked in the drop-down; log scale."""
    f = calibration_parameters() if frame is None else frame
    # where a start value comes from, as a reader names the table (not its file name)
    long = f.assign(description=f["parameter"].map(PARAMETERS),
                    **{"from": f["start from"].map(START_TABLES)})
    if "guest" not in long.columns:
        long = long.assign(guest=long["target"].map(names.guest))
    # rows in Table 17's order; on a phone (usermeta.narrowFields, overcommit.js) the
    # shorter names, or "WebSphere, medium: application server (WAS)" left the plot no room
    order = list(dict.fromkeys(long["guest"]))
    long = long.assign(row=long["guest"].map({g: i for i, g in enumerate(order)}),
                       guest_phone=long["guest"].map(short_guest))
    # the chart carries only what it draws or shows (not file names or the package's ids)
    long = long.drop(columns=["start from", "target"], errors="ignore")
    pick = picker("parameter", list(PARAMETERS), default, "Parameter", labels=list(PARAMETERS.values()),
                  field="default")
    base = alt.Chart(long).transform_filter(alt.datum.parameter == pick)
    x = alt.X("start:Q", scale=alt.Scale(type="log"), title="value (unit in the drop-down; log scale)")
    y = alt.Y("guest:N", sort=alt.EncodingSortField("row", op="min"), title="guest or workload (Table 17 order)",
              axis=alt.Axis(labelLimit=260))
    tip = [alt.Tooltip("guest:N", title="guest or workload"), alt.Tooltip("description:N", title="parameter"),
           alt.Tooltip("start:Q", title="start value"), alt.Tooltip("fitted:Q", title="fitted"),
           alt.Tooltip("factor:Q", title="fitted / start", format=".3g"), alt.Tooltip("from:N", title="start value from")]
    rule = base.mark_rule(color=MUTED, strokeWidth=2).encode(x=x, x2="fitted:Q", y=y)
    start = base.transform_calculate(what="'start value'").mark_point(size=70, filled=False, strokeWidth=2).encode(
        x=x, y=y, tooltip=tip, color=alt.Color("what:N", title=None, scale=alt.Scale(
            domain=["start value", "fitted value"], range=[MUTED, MODEL]), legend=alt.Legend(orient="top")))
    fit = base.transform_calculate(what="'fitted value'").mark_point(size=80, filled=True).encode(
        x=alt.X("fitted:Q", scale=alt.Scale(type="log")), y=y, tooltip=tip, color="what:N")
    return alt.layer(rule, start, fit).add_params(pick).properties(
        width=WIDE - 90, height=340, usermeta={"narrowFields": {"guest": "guest_phone"}},
        title=alt.TitleParams("Calibrated parameters: where the fit started and where it ended",
                              subtitle="fitted at CID 64/20 on z/VM 6.3, EDEV-SCSI", anchor="start"),
        description=prose(f"""
            For the parameter picked in the drop-down (a guest's active share of pages,
            the median reference rate of its active pages, the popularity skew, or the
            blocking share of a Java page-fault stall), one row per guest or Java
            variant with its start value from the data tables as a hollow {word(MUTED)} circle
            and the value the calibration fitted as a filled {word(MODEL)} circle, joined by
            a line, on a log scale.
            """),
    )


def short_guest(name: str) -> str:
    """A guest's display name for a phone's axis: a triplet's or pair's role by its short
    form, "WebSphere, medium: database (DB2)" → "WebSphere, medium: DB2"."""
    return re.sub(r": [^:()]*\(([^()]+)\)$", r": \1", name)


#: the data tables start values come from, as the chapter names them
START_TABLES = {"data/guest_behaviour.csv": "the book's table of guest behaviour",
                "data/variant_drivers.csv": "the book's table of workload drivers"}


def calibration_report(result=None) -> pd.DataFrame:
    """Every calibration target of :func:`overcommit.calibrate.targets` beside the model's
    value at CID 64/20 with the fitted parameters. Resident targets are shown as the paper
    states them and as the fit used them, scaled up to fill the DPA (``fill``)."""
    r = simulate(CALIBRATION_CID, env=CALIBRATION_ENV) if result is None else result
    tlist = calibrate.targets()
    touched = {g.name: g.touched_mib for g in workloads.study_guests(calibrated=False)}
    resident_like = ("resident_mib", "resident_fraction")
    total = sum(t.value if t.quantity == "resident_mib" else t.value * touched[t.guest_or_variant]
                for t in tlist if t.quantity in resident_like)
    fill = float(r.system["dpa_mib"]) / total
    rows = []
    for t in tlist:
        goal = t.value * fill if t.quantity in resident_like else t.value
        model = calibrate._model_value(r, t)
        rows.append({"subject": t.guest_or_variant, "quantity": t.quantity, "paper": t.value,
                     "target used": goal, "model": model,
                     "model / target": model / goal if goal else math.nan, "derived from": t.source})
    f = pd.DataFrame(rows)
    for col in ("paper", "target used", "model", "model / target"):
        f[col] = sig(f[col], 3)
    f.attrs["fill"] = fill
    return f


def calibration_table(report: pd.DataFrame | None = None) -> pd.DataFrame:
    """:func:`calibration_report` as the appendix shows it: one row per target, the guest and
    the quantity by their display names, the records it is derived from as the places in
    the paper they come from (:func:`record_sources`)."""
    r = calibration_report() if report is None else report
    return pd.DataFrame({
        "guest": r["subject"].map(names.guest).to_numpy(),
        "quantity": r["quantity"].map(names.quantity).to_numpy(),
        "paper": r["paper"].to_numpy(), "target used": r["target used"].to_numpy(),
        "model": r["model"].to_numpy(), "model / target": r["model / target"].to_numpy(),
        "derived from (the paper, CID 64/20)": r["derived from"].map(record_sources).to_numpy(),
    })


def paper_pin_check() -> pd.DataFrame:
    """Per guest the paper describes at CID 64/20 with a DPA share, a page-read share and a
    page-in fraction: the page-in fraction it states, and the one its other numbers imply,
    (page-read share x system page reads) / (DPA share x DPA), both in % of resident memory
    per second."""
    obs = data.observations(["observations_000.csv"]).set_index("id")
    reads, dpa = float(obs.loc["o000-sys-pr", "value"]), float(obs.loc["o000-sys-dpa", "value"])
    rows = []
    for subject, dpa_id, pr_id, pin_id in (
        ("fs-pagecache-medium", "o000-fspm-dpa", "o000-fspm-pr-share", "o000-fspm-pin-frac"),
        ("fs-pagecache-high", "o000-fsph-dpa", "o000-fsph-pr-share", "o000-fsph-pin-frac"),
        ("java-medium", "o000-jm-dpa", "o000-jm-pr-share", "o000-jm-pin-frac"),
        ("java-high", "o000-jh-dpa", "o000-jh-pr-share", "o000-jh-pin-frac"),
    ):
        resident = float(obs.loc[dpa_id, "value"]) / 100 * dpa
        read = float(obs.loc[pr_id, "value"]) / 100 * reads
        stated = float(obs.loc[pin_id, "value"])
        implied = 100 * read / resident
        rows.append({"guest": subject, "resident (MiB, from the DPA share)": round(resident),
                     "page reads (MiB/s, from the read share)": round(read, 2),
                     "paged in per second, implied (%)": round(implied, 3),
                     "paged in per second, stated (%)": stated,
                     "stated / implied": round(stated / implied, 1)})
    return pd.DataFrame(rows).set_index("guest")


def pin_table(pins: pd.DataFrame | None = None) -> pd.DataFrame:
    """:func:`paper_pin_check` with its guests named as the book names them."""
    p = paper_pin_check() if pins is None else pins
    return p.rename(index=names.guest)


# --- the live explorer -------------------------------------------------------------------

def _matches(pattern: str, cid: str) -> bool:
    pm, pc = pattern.split("/")
    m, c = cid.split("/")
    return (pm in ("*", m)) and (pc in ("*", c))


def paper_statements(cid: str, env: str = "zvm63-edev") -> pd.DataFrame:
    """What the paper's text states as a number for one workload variant's relative
    throughput at ``cid`` on ``env`` (a record's CID may be a pattern such as ``*/10``):
    variant, relation, value, lower, upper (as fractions of the reference), record id, kind
    (calibration / validation) and source. Empty when the paper states nothing."""
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    cid = str(cid)
    if cid.count("/") != 1:
        raise ValueError(f"cid: {cid!r} is not accepted; expected MEMORY/CPUS such as '96/20'")
    columns = ["variant", "relation", "value", "lower", "upper", "id", "kind", "source"]
    if cid not in _paper_cids() or int(cid.split("/")[0]) not in REPORTED_MEMORY:
        return pd.DataFrame(columns=columns)
    obs = data.observations(["observations_000.csv"])
    obs = obs[obs["quantity"].isin(["relative_throughput", "throughput_degradation_pct"])
              & obs["subject"].isin(VARIANT_ORDER) & obs["cid"].notna()
              & obs["env"].isin([env, "all"])]
    targets = calibrate.target_observations()
    rows = []
    for o in obs.to_dict("records"):
        if not _matches(o["cid"], cid):
            continue
        lower = o["lower"] / 100 if pd.notna(o["lower"]) else math.nan
        upper = o["upper"] / 100 if pd.notna(o["upper"]) else math.nan
        value = o["value"] / 100 if pd.notna(o["value"]) else math.nan
        if o["quantity"] == "throughput_degradation_pct":
            value = 1 - value
        rows.append({"variant": o["subject"], "relation": o["relation"], "value": value, "lower": lower,
                     "upper": upper, "id": o["id"],
                     "kind": "calibration" if o["id"] in targets else "validation", "source": o["source"]})
    return pd.DataFrame(rows, columns=columns)




_RELATION_SYMBOLS = {"~": "≈", "=": "=", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}


def _paper_mark(statement: dict) -> dict:
    """Where a row of :func:`paper_statements` is drawn (x to x2: one point, or the
    stated range) and its label, e.g. "paper: ≈ 0.55 (fitted)" for a calibration target."""
    if statement["relation"] == "between":
        x, x2 = float(statement["lower"]), float(statement["upper"])
        text = f"paper: {x:.2f}–{x2:.2f}"
    else:
        x = x2 = float(statement["value"])
        text = f"paper: {_RELATION_SYMBOLS[statement['relation']]} {x:.2f}"
    if statement["kind"] == "calibration":
        text += " (fitted)"
    return {"x": x, "x2": x2, "text": text}


def explorer_status(cid: str, env: str) -> str:
    """One sentence on what the paper says about ``cid`` on ``env``."""
    statements = paper_statements(cid, env)
    if cid not in _paper_cids():
        return "The paper did not run this configuration: nothing to compare."
    if int(cid.split("/")[0]) not in REPORTED_MEMORY:
        return "The paper lists this CID but reports no result for it."
    if statements.empty:
        if env != "zvm63-edev":
            return "The paper states per-workload numbers only for z/VM 6.3 with EDEV-SCSI."
        return "The paper ran this CID but states no per-workload number for it."
    n = len(statements)
    return f"The paper states {n} per-workload number{'s' if n > 1 else ''} for this CID ({word(PAPER)})."


def explorer_chart(memory_gib: float = 96, cpus: int = 20, env: str = "zvm63-edev") -> alt.LayerChart:
    """The live explorer: the model's relative throughput of every variant for any host,
    with the paper's stated values for that CID beside them (black; nothing where the paper
    states nothing)."""
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    r = simulate((memory_gib, cpus), env=env)
    cid = str(r.system["cid"])
    w = r.workloads.reindex(VARIANT_ORDER)
    model = pd.DataFrame({"variant": VARIANT_ORDER, "name": NAME_ORDER, "x": sig(w["relative_throughput"], 3).to_numpy(),
                          "status": np.where(w["failed"], "fails in the model", "completes")})
    model["run"] = with_reason(model["status"], w["failure_reason"].to_numpy())
    statements = paper_statements(cid, env)
    marks = []
    for s in statements.to_dict("records"):
        marks.append({"variant": s["variant"], "name": names.variant(s["variant"]), **_paper_mark(s)})
    paper = pd.DataFrame(marks, columns=["variant", "name", "x", "x2", "text"])
    top = max(1.2, float(model["x"].max()) * 1.1, float(paper["x2"].max()) * 1.1 if len(paper) else 0)
    x = alt.X("x:Q", title="relative throughput (1 = reference run 512/25)", scale=alt.Scale(domain=[0, top], nice=False))
    y = alt.Y("name:N", sort=NAME_ORDER, title=None, axis=alt.Axis(labelLimit=200))
    bars = alt.Chart(model).mark_bar(height=14).encode(
        x=x, y=y, color=alt.Color("status:N", title="model", scale=alt.Scale(
            domain=["completes", "fails in the model"], range=[MODEL, RUN_CELLS["failed"]]), legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("name:N", title="workload"), alt.Tooltip("x:Q", title="model", format=".3f"),
                 alt.Tooltip("run:N", title="model run")])
    values = alt.Chart(model).mark_text(align="left", dx=3, fontSize=10).encode(
        x=x, y=y, text=alt.Text("x:Q", format=".2f"))
    ref = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3], color=INK).encode(x="x:Q")
    layers = [bars, values, ref]
    if len(paper):
        pbase = alt.Chart(paper)
        layers.append(pbase.mark_rule(color=PAPER, strokeWidth=4).encode(x=x, x2="x2:Q", y=y))
        layers.append(pbase.mark_point(shape="diamond", size=120, filled=True, color=PAPER).encode(
            x=x, y=y, tooltip=[alt.Tooltip("name:N", title="workload"), alt.Tooltip("text:N", title="paper")]))
        layers.append(pbase.mark_text(align="left", dx=8, dy=-9, fontSize=10, color=PAPER).encode(
            x="x2:Q", y=y, text="text:N"))
    status = explorer_status(cid, env)
    failed = [names.variant(v) for v in VARIANT_ORDER if bool(w.loc[v, "failed"])]
    return alt.layer(*layers).properties(
        width=WIDE - 120, height=11 * 24,
        title=alt.TitleParams(f"Model at {cid} on {ENV_LABELS[env]}", subtitle=status, anchor="start"),
        description=(
            f"Horizontal bars of the model's relative throughput for the eleven workload variants at {cid} on "
            f"{ENV_LABELS[env]}, with a dashed line at the reference value 1. {status} "
            + ("Paper values: " + "; ".join(m["name"] + " " + m["text"] for m in marks) + ". " if marks else "")
            + (f"Failing in the model: {'; '.join(failed)}." if failed else "No variant fails in the model.")
        ),
    )


def grid_frame(results: pd.DataFrame | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(model, paper) for the static version of the explorer: the model's relative
    throughput of every variant at every CID of the paper's grid on every environment
    (from :func:`overcommit.sweep`), and the paper's stated values per CID and environment
    (:func:`paper_statements`) with the text of their labels."""
    r = sweep() if results is None else results
    need = {"cid", "env", "variant", "relative_throughput", "failed", "failure_reason"}
    if need - set(r.columns):
        raise ValueError(f"results: column {sorted(need - set(r.columns))[0]!r} missing; expected overcommit.sweep()")
    m = r[r["variant"].isin(VARIANT_ORDER) & r["cid"].isin(_paper_cids())].copy()
    model = pd.DataFrame({
        "cid": m["cid"].to_numpy(), "env": m["env"].to_numpy(), "variant": m["variant"].to_numpy(),
        "name": m["variant"].map(names.variant).to_numpy(),
        "x": sig(m["relative_throughput"], 3).to_numpy(),
        "status": np.where(m["failed"], "fails in the model", "completes"),
    })
    model["run"] = with_reason(model["status"], m["failure_reason"].to_numpy())
    marks = []
    for env in ENVIRONMENTS:
        for cid in _paper_cids():
            for s in paper_statements(cid, env).to_dict("records"):
                mark = _paper_mark(s)
                marks.append({"cid": cid, "env": env, "variant": s["variant"], "name": names.variant(s["variant"]),
                              "x": round(mark["x"], 3), "x2": round(mark["x2"], 3), "text": mark["text"],
                              "kind": s["kind"], "use": USES[s["kind"]], "id": s["id"]})
    paper = pd.DataFrame(marks, columns=["cid", "env", "variant", "name", "x", "x2", "text", "kind", "use", "id"])
    return model, paper


def grid_chart(frames: tuple[pd.DataFrame, pd.DataFrame] | None = None, cid: str = "96/20",
               env: str = "zvm63-edev") -> alt.LayerChart:
    """The explorer's chart for any CID of the paper's grid, in static HTML: bars of the
    model's relative throughput per variant, the paper's stated values as black diamonds (a
    range as a black bar), CID and environment picked in drop-downs."""
    if env not in ENVIRONMENTS:
        raise ValueError(f"env: {env!r} is not accepted; expected one of {list(ENVIRONMENTS)}")
    if cid not in _paper_cids():
        raise ValueError(f"cid: {cid!r} is not accepted; expected one of the paper's grid {_paper_cids()}")
    model, paper = grid_frame() if frames is None else frames
    cid_pick = picker("cid", _paper_cids(), cid, "CID")
    env_pick = env_picker(env)
    keep = (alt.datum.cid == cid_pick) & (alt.datum.env == env_pick)
    top = max(1.2, float(model["x"].max()) * 1.05)
    x = alt.X("x:Q", title="relative throughput (1 = reference run 512/25)", scale=alt.Scale(domain=[0, top], nice=False))
    y = alt.Y("name:N", sort=NAME_ORDER, title=None, axis=alt.Axis(labelLimit=200))
    # the chart carries only what it draws or shows in a tooltip (not the package's ids)
    model = model.drop(columns=["variant"], errors="ignore")
    paper = paper.drop(columns=["variant", "kind", "id"], errors="ignore")
    base = alt.Chart(model).transform_filter(keep)
    bars = base.mark_bar(height=14).encode(
        x=x, y=y, color=alt.Color("status:N", title="model", scale=alt.Scale(
            domain=["completes", "fails in the model"], range=[MODEL, RUN_CELLS["failed"]]), legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("cid:N", title="CID"), alt.Tooltip("name:N", title="workload"),
                 alt.Tooltip("x:Q", title="model", format=".3f"),
                 alt.Tooltip("run:N", title="model run")])
    values = base.mark_text(align="left", dx=3, fontSize=10).encode(x=x, y=y, text=alt.Text("x:Q", format=".2f"))
    ref = alt.Chart(pd.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3], color=INK).encode(x="x:Q")
    pbase = alt.Chart(paper).transform_filter(keep)
    ptip = [alt.Tooltip("name:N", title="workload"), alt.Tooltip("text:N", title="paper"),
            alt.Tooltip("use:N", title="in the model")]
    prange = pbase.mark_rule(color=PAPER, strokeWidth=4).encode(x=x, x2="x2:Q", y=y)
    pdot = pbase.mark_point(shape="diamond", size=120, filled=True, color=PAPER).encode(x=x, y=y, tooltip=ptip)
    ptext = pbase.mark_text(align="left", dx=8, dy=-9, fontSize=10, color=PAPER).encode(x="x2:Q", y=y, text="text:N")
    count = alt.Chart(paper).transform_filter(keep).transform_aggregate(n="count()").transform_calculate(
        label=f"datum.n + (datum.n == 1 ? ' number' : ' numbers') + ' stated by the paper for this CID ({word(PAPER)})'"
    ).mark_text(align="left", fontSize=11, color=PAPER).encode(x=alt.value(0), y=alt.value(-8), text="label:N")
    return alt.layer(bars, values, ref, prange, pdot, ptext, count).add_params(cid_pick, env_pick).properties(
        width=WIDE - 120, height=11 * 24,
        title=alt.TitleParams(f"Every variant at one CID: model (bars) and paper ({word(PAPER)})",
                              subtitle="pick a CID of the paper's grid and an environment", anchor="start"),
        description=prose(f"""
            Horizontal bars of the model's relative throughput for the eleven workload
            variants at the CID and on the environment picked in the two drop-downs (all
            precomputed by overcommit.sweep), a dashed line at the reference value 1,
            bars in {word(RUN_CELLS["failed"])} where the variant fails in the model. {word(PAPER).capitalize()} diamonds and labels
            give the values the paper's text states for that CID ({word(PAPER)} bars for a stated
            range); most CIDs have none, and the paper states per-workload numbers only
            for z/VM 6.3 with EDEV-SCSI paging.
            """),
    )


# --- counterfactual: a model without memory pressure ---------------------------------------

class _NoPagingGrid(validation.Grid):
    """A grid whose every run is the run with the same CPUs and 512 GiB, for the claims
    that read the long frame and for those that read one run's guests."""

    def guests(self, cid: str, env: str = "zvm63-edev"):
        return super().guests(f"512/{cid.split('/')[1]}", env)


def no_paging_claims() -> pd.DataFrame:
    """Every claim evaluated twice: on the model as it is, and on a model in which memory
    never runs short (each run, and the guests of each run a claim reads, is the run with the
    same CPUs and environment but 512 GiB). Columns: kind, topic, paper, model, passes, model
    without paging, passes without paging."""
    full = _evaluated().set_index("id")
    cpus = sorted({int(c.split("/")[1]) for c in _paper_cids()})
    base = sweep(cids=[f"512/{c}" for c in cpus])
    runs = []
    for cid in _paper_cids():
        mem, c = cid.split("/")
        run = base[base["cid"] == f"512/{c}"].copy()
        run["cid"], run["memory_gib"] = cid, float(mem)
        runs.append(run)
    grid = _NoPagingGrid(pd.concat(runs, ignore_index=True))
    rows = []
    for claim in validation._claims():
        try:
            value, ok = claim.check(grid)
        except Exception as exc:  # noqa: BLE001 - the same rule as validation.evaluate
            value, ok = f"error: {exc}", False
        rows.append({"claim": claim.id, "kind": claim.kind, "topic": claim.topic,
                     "paper": claim.paper, "model": str(full.loc[claim.id, "model"]),
                     "passes": bool(full.loc[claim.id, "passed"]),
                     "model without paging": str(value), "passes without paging": bool(ok)})
    return pd.DataFrame(rows).set_index("claim")


#: a verdict in a table, as a word (a reader should not meet True and False)
VERDICT_WORDS = {True: "✓ passes", False: "✗ misses"}


def no_paging_table(frame: pd.DataFrame | None = None) -> pd.DataFrame:
    """:func:`no_paging_claims` as the chapter shows it: each claim by its name and finding,
    its kind, the model's value and verdict, and the same without paging, verdicts as words."""
    n = no_paging_claims() if frame is None else frame
    findings = _evaluated().set_index("id")["finding"]
    return pd.DataFrame({
        "finding (paraphrased)": findings.reindex(n.index).to_numpy(), "kind": n["kind"].to_numpy(),
        "model": n["model"].to_numpy(), "verdict": n["passes"].map(VERDICT_WORDS).to_numpy(),
        "model without paging": n["model without paging"].to_numpy(),
        "verdict without paging": n["passes without paging"].map(VERDICT_WORDS).to_numpy(),
    }, index=pd.Index(n.index.map(names.claim), name="claim"))


def no_paging_summary(frame: pd.DataFrame | None = None) -> pd.DataFrame:
    """:func:`no_paging_claims` by outcome, one row each: the validation claims that pass
    only with the memory mechanisms, those that pass either way (split into the ones that
    only bound what a shortage of memory may do, :data:`BOUND_CLAIMS`, and the others),
    those that miss either way and those that pass only without paging; last the
    calibration claims that pass without paging. Each row counts its claims and names them
    ("Claims 3, 10 and 14")."""
    n = no_paging_claims() if frame is None else frame
    v, c = n[n["kind"] == "validation"], n[n["kind"] == "calibration"]
    both = v["passes"] & v["passes without paging"]
    bound = v.index.isin(list(BOUND_CLAIMS))
    rows = [
        ("passes with the memory mechanisms, misses without them", v.index[v["passes"] & ~v["passes without paging"]]),
        ("passes either way; tests the CPU side or fixed costs", v.index[both & ~bound]),
        ("passes either way; only bounds what a shortage of memory may do", v.index[both & bound]),
        ("misses either way", v.index[~v["passes"] & ~v["passes without paging"]]),
        ("misses with the memory mechanisms, passes without them", v.index[~v["passes"] & v["passes without paging"]]),
        ("a calibration claim that passes without them", c.index[c["passes without paging"]]),
    ]
    return pd.DataFrame({
        "outcome": [what for what, _ in rows],
        "claims": [len(ids) for _, ids in rows],
        "which": [claim_names(ids) if len(ids) else "none" for _, ids in rows],
    })


# --- numbers behind the misses ------------------------------------------------------------

def eckd_path(cid: str = "64/20", paper_reads_mib_s: float = 88.0) -> dict[str, float]:
    """The shared channel and storage-server path of the ECKD environment at ``cid``: its
    utilisation at the model's paging and guest I/O rates, at the paper's page-read rate
    (writes scaled in the model's write/read proportion), the utilisation at which the
    page-cached fio variants fail with I/O errors, and the page-read rate that would reach it."""
    if not paper_reads_mib_s > 0:
        raise ValueError(f"paper_reads_mib_s: {paper_reads_mib_s!r} is not accepted; expected a rate > 0")
    env = environment("zvm63-eckd")
    r = simulate(cid, env=env.name)
    variants = workloads.study_variants()
    x = r.workloads["relative_throughput"]
    guest_io = sum(v.io_mib_s * float(x[name]) for name, v in variants.items()
                   if v.io_path == env.io_sharing_path and name in x.index)
    reads, writes = float(r.system["page_read_mib_s"]), float(r.system["page_write_mib_s"])
    config = paging.PagingConfig.from_data(env.paging_kind, path_bandwidth_mib_s=PATH_MIB_S[env.io_sharing_path])
    ratio = writes / reads if reads > 0 else 1.0
    threshold = min(v.io_error_utilisation for v in variants.values()
                    if v.io_error_utilisation is not None and v.io_path == env.io_sharing_path)
    now = paging.response_time(config, reads, writes, guest_io).path_utilisation
    paper = paging.response_time(config, paper_reads_mib_s, paper_reads_mib_s * ratio, guest_io).path_utilisation
    needed = (threshold * config.path_bandwidth_mib_s - guest_io) / (1 + ratio)
    return {"reads_mib_s": reads, "writes_mib_s": writes, "guest_io_mib_s": guest_io,
            "bandwidth_mib_s": float(config.path_bandwidth_mib_s), "utilisation": float(now),
            "utilisation_at_paper_reads": float(paper), "threshold": float(threshold),
            "reads_needed_mib_s": float(needed)}


def key_numbers() -> dict[str, float | str]:
    """The model's numbers the chapter quotes when it explains the largest misses."""
    from .figures_java import implied_clock_time

    x = lambda r, v: float(r.workloads.loc[v, "relative_throughput"])  # noqa: E731
    r6420 = simulate("64/20")
    # the runs the text quotes (5 and 15 CPUs: the claims of LATER_CLAIMS that miss)
    runs = {cid: simulate(cid) for cid in ("512/20", "512/15", "96/20", "512/25", "512/5", "64/5", "96/15", "64/15",
                                           "512/10", "112/15")}
    eckd = simulate("64/20", env="zvm63-eckd")
    g = r6420.guests
    was = g[g["variant"].str.startswith("was-")]
    java = g[g["variant"].str.startswith("java-")]
    report = calibration_report(r6420)
    reads = report[report["quantity"] == "page_read_mib_s"]
    was_target = float(reads[reads["subject"].str.startswith("was-")]["target used"].sum())
    java_target = float(reads[reads["subject"].str.startswith("java-")]["target used"].sum())
    grid = sweep()
    runs_all = grid.drop_duplicates(["cid", "env"])
    reported = runs_all[runs_all["memory_gib"].isin(REPORTED_MEMORY) & (runs_all["cid"] != "512/25")]
    edev = reported[(reported["env"] == "zvm63-edev") & (reported["memory_gib"] <= 96)]
    busiest = reported.sort_values("system_idle_cpu", ascending=False).iloc[0]
    idlest_edev = edev.sort_values("system_idle_cpu", ascending=False).iloc[0]
    # the same run with every workload's coupling set to 0: no virtual CPU spins
    uncoupled = {name: replace(v, coupling=0.0) for name, v in workloads.study_variants().items()}
    no_spin = simulate(str(idlest_edev["cid"]), variants=uncoupled)
    db20 = grid.query("env == 'zvm63-edev' and cpus == 20 and variant == 'db-bi'").set_index("memory_gib")
    nh15 = runs["512/15"].guests[runs["512/15"].guests["variant"] == "net-high"]
    nh = lambda r: float(r.guests.loc[r.guests["variant"] == "net-high", "spin_factor"].max())  # noqa: E731
    eckd_runs = {cid: simulate(cid, env="zvm63-eckd") for cid in ("96/20", "64/20")}
    fio = [v for v in workloads.study_variants() if v.startswith("fs-")]
    obs = data.observations(["observations_000.csv"]).set_index("id")
    h = float(obs.loc["o000-jh-res-frac", "value"]) / 100
    p = float(obs.loc["o000-jh-pin-frac", "value"]) / 100
    return {
        "page_reads_6420": float(r6420.system["page_read_mib_s"]),
        "page_reads_targets": float(reads["target used"].sum()),
        "was_reads": float(was["page_read_mib_s"].sum()), "was_reads_target": was_target,
        "java_reads": float(java["page_read_mib_s"].sum()), "java_reads_target": java_target,
        "T_6420": float(r6420.system["characteristic_time_s"]),
        "T_java_high_paper": float(implied_clock_time(h, p)[0]),
        "db_51220": x(runs["512/20"], "db-bi"), "db_51215": x(runs["512/15"], "db-bi"),
        "db_9620": x(runs["96/20"], "db-bi"),
        "db_cpu_51220": float(runs["512/20"].workloads.loc["db-bi", "cpu_load"]),
        "fsdh_6420": x(r6420, "fs-direct-high"),
        "java_high_51220": x(runs["512/20"], "java-high"), "java_high_51215": x(runs["512/15"], "java-high"),
        "net_medium_51215": x(runs["512/15"], "net-medium"), "net_high_51215": x(runs["512/15"], "net-high"),
        "db_spin_51220": float(runs["512/20"].guests.loc["db-bi", "spin_factor"]),
        "db_spin_51215": float(runs["512/15"].guests.loc["db-bi", "spin_factor"]),
        "db_cpu_51215": float(runs["512/15"].workloads.loc["db-bi", "cpu_load"]),
        "db_cpu_ref": float(runs["512/25"].workloads.loc["db-bi", "cpu_load"]),
        "busy_51220": float(runs["512/20"].system["all_cpus_busy"]),
        "busy_6420": float(r6420.system["all_cpus_busy"]),
        "db_spin_6420": float(r6420.guests.loc["db-bi", "spin_factor"]),
        "db_6420": x(r6420, "db-bi"),
        "db_peak_20_gib": float(db20["relative_throughput"].idxmax()),
        "db_peak_20": float(db20["relative_throughput"].max()),
        "net_high_spin_51215": float(nh15["spin_factor"].max()),
        "idle_edev": float(edev["system_idle_cpu"].max()),
        "idle_edev_where": str(idlest_edev["cid"]),
        "idle_edev_no_spin": float(no_spin.system["idle_cpu"]),
        "idle_any": float(busiest["system_idle_cpu"]),
        "idle_any_where": f"{busiest['cid']} on {ENV_LABELS[busiest['env']]}",
        "max_relative_throughput": float(grid["relative_throughput"].max()),
        "reclaim_exponent": float(environment("zvm63-edev").reclaim_exponent),
        "T_db_6420": float(r6420.system["characteristic_time_s"])
        * float(reclaim_weights([_guest("db-bi").touched_mib], environment("zvm63-edev").reclaim_exponent)[0]),
        "java_high_resident_pct": 100 * float(g.loc["java-high", "resident_mib"] / g.loc["java-high", "instantiated_mib"]),
        "drain_eckd_6420": float(eckd.workloads.loc[["fs-pagecache-medium", "fs-pagecache-high"], "drain_s"].max()),
        "drain_limit_s": float(workloads.study_variants()["fs-pagecache-high"].drain_limit_s),
        "cp_guest_5125": float(runs["512/5"].system["cp_guest_cpu"]),
        "cp_guest_645": float(runs["64/5"].system["cp_guest_cpu"]),
        "reads_645": float(runs["64/5"].system["page_read_mib_s"]),
        "busy_5125": float(runs["512/5"].system["all_cpus_busy"]),
        "busy_645": float(runs["64/5"].system["all_cpus_busy"]),
        "busy_51215": float(runs["512/15"].system["all_cpus_busy"]),
        "busy_6415": float(runs["64/15"].system["all_cpus_busy"]),
        "db_5125": x(runs["512/5"], "db-bi"), "db_645": x(runs["64/5"], "db-bi"),
        "db_spin_5125": float(runs["512/5"].guests.loc["db-bi", "spin_factor"]),
        "db_spin_645": float(runs["64/5"].guests.loc["db-bi", "spin_factor"]),
        "was_medium_6420": x(r6420, "was-medium"), "was_high_6420": x(r6420, "was-high"),
        "was_medium_was_cpu_51220": float(runs["512/20"].guests.loc["was-medium-was", "cpu_load"]),
        "was_medium_was_cpu_9620": float(runs["96/20"].guests.loc["was-medium-was", "cpu_load"]),
        "was_medium_was_cpu_6420": float(g.loc["was-medium-was", "cpu_load"]),
        "net_high_6420": x(r6420, "net-high"), "net_high_51220": x(runs["512/20"], "net-high"),
        "net_high_spin_51220": nh(runs["512/20"]), "net_high_spin_6420": nh(r6420),
        "net_high_6415": x(runs["64/15"], "net-high"), "net_high_9615": x(runs["96/15"], "net-high"),
        "cp_51215": float(runs["512/15"].system["cp_guest_cpu"] + runs["512/15"].system["cp_system_cpu"]),
        "cp_6415": float(runs["64/15"].system["cp_guest_cpu"] + runs["64/15"].system["cp_system_cpu"]),
        "db_51210": x(runs["512/10"], "db-bi"),
        "db_cpu_51210": float(runs["512/10"].workloads.loc["db-bi", "cpu_load"]),
        "db_spin_51210": float(runs["512/10"].guests.loc["db-bi", "spin_factor"]),
        "db_6415": x(runs["64/15"], "db-bi"),
        "db_spin_6415": float(runs["64/15"].guests.loc["db-bi", "spin_factor"]),
        "db_cpu_6415": float(runs["64/15"].workloads.loc["db-bi", "cpu_load"]),
        "db_reads_6415": float(runs["64/15"].guests.loc["db-bi", "page_read_mib_s"]),
        "overall_51220": float(runs["512/20"].system["overall_relative_throughput"]),
        "overall_5125": float(runs["512/5"].system["overall_relative_throughput"]),
        "fio_cpu_51220": float(runs["512/20"].workloads.loc[fio, "cpu_load"].sum()),
        "fio_cpu_51210": float(runs["512/10"].workloads.loc[fio, "cpu_load"].sum()),
        "fio_min_51210": float(runs["512/10"].workloads.loc[fio, "relative_throughput"].min()),
        "was_medium_51220": x(runs["512/20"], "was-medium"), "was_medium_51210": x(runs["512/10"], "was-medium"),
        "overall_9620": float(runs["96/20"].system["overall_relative_throughput"]),
        "overall_6420": float(r6420.system["overall_relative_throughput"]),
        "overall_9620_eckd": float(eckd_runs["96/20"].system["overall_relative_throughput"]),
        "overall_6420_eckd": float(eckd_runs["64/20"].system["overall_relative_throughput"]),
        "reads_9620": float(runs["96/20"].system["page_read_mib_s"]),
        "net_high_cpu_51220": float(runs["512/20"].workloads.loc["net-high", "cpu_load"]),
        "net_high_cpu_6420": float(r6420.workloads.loc["net-high", "cpu_load"]),
        "java_cpu_fall_15": float(max(1 - runs["64/15"].workloads.loc[v, "cpu_load"]
                                          / runs["112/15"].workloads.loc[v, "cpu_load"] for v in ("java-medium", "java-high"))),
        "java_cpu_fall_20": float(min(1 - r6420.workloads.loc[v, "cpu_load"] / simulate("112/20").workloads.loc[v, "cpu_load"]
                                      for v in ("java-medium", "java-high"))),
        "net_high_floor_51215": float(validation.share_floors("512/15").loc["net-high", "floor"]),
        "fsdh_51220": x(runs["512/20"], "fs-direct-high"), "fsph_6420": x(r6420, "fs-pagecache-high"),
        "fsph_51220": x(runs["512/20"], "fs-pagecache-high"),
        "failed_62_variants": ", ".join(sorted({v for cid in validation.RUN_CIDS
                                                 for v in validation._grid().failed_variants(cid, "zvm62-edev")}))
        or "none",
    }


def _guest(name: str):
    return next(g for g in workloads.study_guests() if g.name == name)


def calibration_scan() -> pd.DataFrame:
    """The fit's sensitivity (``data/calibration_scan.csv``): the total residual for every
    (β, T) pair tried, one row per T and one column per β, as text: a pair whose fit did not
    settle (a Java level more than :data:`overcommit.calibrate.SETTLED_JAVA_GAP` from its
    target) shows "not settled" and no cost (it has none that a rerun would reproduce), the
    chosen pair "chosen"; the T values only the
    refinement around the grid's choice tried are marked "(refined)", their other β "–"."""
    scan = data.load_table("calibration_scan.csv")
    chosen = chosen_pair(scan)

    def cell(row) -> str:
        if row["settled"] != "yes":
            return "not settled"
        text = readable_number(round(float(row["cost"]), 1))
        if (row["beta"], row["T_s"]) == chosen:
            text += " (chosen)"
        return text

    scan = scan.assign(text=scan.apply(cell, axis=1))
    table = scan.pivot(index="T_s", columns="beta", values="text")
    # the refinement tried only the chosen β: its other cells were not fitted
    table = table.astype(object).where(table.notna(), "–")
    refined = set(scan.loc[scan["stage"] == "refined", "T_s"]) - set(scan.loc[scan["stage"] == "grid", "T_s"])
    table.index = pd.Index([f"T = {t:g} s" + (" (refined)" if t in refined else "") for t in table.index], name="T")
    table.columns = pd.Index([f"β = {b:g}" for b in table.columns], name=None)
    return table


def chosen_pair(scan: pd.DataFrame | None = None) -> tuple[float, float]:
    """(β, T) whose fit is in ``data/calibrated_parameters.csv``, as the scan
    (``data/calibration_scan.csv``) marks it (:func:`overcommit.calibrate.fit`)."""
    scan = data.load_table("calibration_scan.csv") if scan is None else scan
    chosen = scan[scan["chosen"] == "yes"]
    if len(chosen) != 1:
        raise ValueError(f"calibration_scan.csv: {len(chosen)} rows marked chosen; expected exactly one")
    return float(chosen["beta"].iloc[0]), float(chosen["T_s"].iloc[0])


__all__ = ["BOUND_CLAIMS", "GROUPS", "LATER_CLAIMS", "NAME_ORDER", "PARAMETERS", "QUANTITIES", "SHORT_CLAIMS",
           "SUBJECT_NAMES", "VERDICT_WORDS", "calibration_chart", "calibration_parameters", "calibration_report",
           "calibration_scan", "calibration_sensitivity", "calibration_table", "chosen_pair", "claim_lines",
           "claim_names", "claims_chart", "claims_frame", "claims_tables", "coverage", "eckd_path", "explorer_chart",
           "explorer_status", "fairness_chart", "grid_chart", "grid_frame", "key_numbers", "no_paging_claims",
           "no_paging_summary", "no_paging_table", "observation_chart", "observation_frame", "paper_pin_check", "paper_statements",
           "pin_table", "record_sources", "short_source", "subject_name", "text_table"]


def fairness_chart(cid: str = "512/15") -> alt.LayerChart:
    """The fairness bound (:func:`overcommit.validation.fairness_bound`) as one bar: the CPUs
    weighted max-min fairness needs for the paper's outcome at Table 17's costs, stacked by
    workload and coloured by its role in the outcome, against the CPUs the host has after
    CP's own work (a rule)."""
    parts = validation.fairness_bound(cid, parts=True)
    total = validation.fairness_bound(cid)
    roles = ["served in full", "at the paper's value", "at its reference"]
    frame = parts.assign(order=parts["role"].map({r: i for i, r in enumerate(roles)}),
                         what="needed at Table 17's costs", cpus=sig(parts["cpus"], 3),
                         workload=parts["variant"].map(names.variant))
    bars = alt.Chart(frame).mark_bar(stroke=WHITE, strokeWidth=0.5).encode(
        y=alt.Y("what:N", title=None),
        x=alt.X("sum(cpus):Q", title="real CPUs", scale=alt.Scale(domain=[0, math.ceil(total["needed_cpus"]) + 1])),
        color=alt.Color("role:N", title="in the paper's outcome", sort=roles,
                        scale=alt.Scale(domain=roles, range=[MODEL, PAPER, MUTED]),
                        legend=alt.Legend(orient="bottom", columns=1)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("workload:N", title="workload"), alt.Tooltip("role:N", title="in the outcome"),
                 alt.Tooltip("cpus:Q", title="CPUs needed", format=".2f")],
    )
    available = alt.Chart(pd.DataFrame({"x": [round(float(total["available_cpus"]), 3)],
                                        "label": [f"{total['available_cpus']:.1f} CPUs left after CP's work"]}))
    rule = available.mark_rule(color=INK, strokeWidth=2).encode(x="x:Q")
    label = available.mark_text(align="right", baseline="bottom", dx=-4, color=INK, fontSize=11).encode(
        x="x:Q", y=alt.value(-4), text="label:N")
    return alt.layer(bars, rule, label).properties(
        width=WIDE, height=60,
        title=alt.Title(f"What the paper's {cid} asks of fair shares: {total['needed_cpus']:.1f} CPUs",
                        subtitle="each workload's CPUs at the level that serves Java and network medium in full",
                        offset=20),
        description=prose(f"""
            A single stacked bar: the real CPUs weighted max-min fairness would need for the
            paper's outcome at {cid} at Table 17's fixed CPU per unit of work, one segment per
            workload, coloured by its role in the outcome (served in full: Java and the medium
            network level; at the paper's value: the database and the high network level; at
            its reference: the others). A {word(INK)} rule marks the CPUs left after CP's own
            work, {total['available_cpus']:.1f}; the bar needs {total['needed_cpus']:.1f}."""))

