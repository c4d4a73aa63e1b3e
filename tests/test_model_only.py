"""One rule for "model only" (issue 44, item 4).

The rule lives in :mod:`overcommit.book.figures`: what the paper ran, per environment (its
grid of Table 16 without 48 GiB, on every environment; the reference run 512/25 on z/VM 6.3
with EDEV-SCSI paging only, since the paper gives ECKD paging and z/VM 6.2 relative to it),
as a Python function, as the matching Vega expression, and as one marking of a chart layer
(an open point, a pale outlined bar or cell, a legend entry, a shaded band where a whole
range of memory is the model's alone). Checked here:

- the rule per environment, and bad input refused;
- the Vega expressions give, host by host, what the Python function gives (evaluated by
  Node.js, as the browser would);
- every chart the book stores whose data has hosts (a memory and a CPU column) marks them
  with the helper: a layer computes the helper's expression and draws the model's own hosts
  open (a transparent fill or a pale bar), a legend shows a ring "model only", and a chart
  whose memory axis holds 48 GiB shades it as a band labelled "model only";
- the chapters describe the rule with the helper's words (glued), never typing them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from overcommit import data
from overcommit.book import figures as ff
from overcommit.model import ENVIRONMENTS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spec_utils import notebook_specs, walk  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "book" / "_scripts"
#: a data set shows hosts when it has one of these memory columns and one of these CPU columns
MEMORY_COLUMNS, CPU_COLUMNS = {"memory_gib", "m", "real_memory_gib"}, {"cpus", "c", "real_cpus"}
#: chapters of other documents' cases: their hosts are not the paper's grid
OTHER_DOCUMENTS = ("case_jvm", "case_xen", "case_zvm52")


# --- the rule ---------------------------------------------------------------------------

@pytest.mark.parametrize("memory, cpus, env, expected", [
    (512, 25, "zvm63-edev", ff.PAPER_RAN),   # the reference run
    (512, 25, "zvm63-eckd", ff.MODEL_ONLY),  # ECKD is given only relative to it
    (512, 25, "zvm62-edev", ff.MODEL_ONLY),  # so is z/VM 6.2
    (48, 20, "zvm63-edev", ff.MODEL_ONLY),   # Table 16 lists it, no result uses it
    (64, 20, "zvm63-edev", ff.PAPER_RAN),
    (64, 20, "zvm63-eckd", ff.PAPER_RAN),    # failed in the paper, but run
    (64, 20, "zvm62-edev", ff.PAPER_RAN),
    (16, 20, "zvm63-edev", ff.MODEL_ONLY),
    (512, 5, "zvm63-edev", ff.PAPER_RAN),
    (512, 5, "zvm62-edev", ff.PAPER_RAN),
    (72, 20, "zvm63-edev", ff.MODEL_ONLY),   # between the paper's hosts
    (64, 25, "zvm63-edev", ff.MODEL_ONLY),
    (512, 1, "zvm63-edev", ff.MODEL_ONLY),
    (63.5, 20, "zvm63-edev", ff.MODEL_ONLY),
])
def test_the_rule_per_environment(memory, cpus, env, expected):
    assert ff.provenance(memory, cpus, env) == expected


def test_512_5_is_in_table_16():
    grid = data.cid_grid().set_index("cid")
    assert grid.loc["512/5", "source"].endswith("Table 16") and grid.loc["512/25", "kind"] == "reference"


def test_the_hosts_the_paper_ran_per_environment():
    edev, eckd, old = (set(ff.paper_ran_cids(e)) for e in ENVIRONMENTS)
    assert eckd == old and edev == eckd | {"512/25"}
    assert len(eckd) == 24 and not any(c.startswith("48/") for c in edev)
    assert ff.paper_memory_floor(20, "zvm63-eckd") == 64 and ff.paper_memory_floor(25, "zvm63-edev") == 512
    assert ff.paper_memory_floor(25, "zvm63-eckd") is None and ff.paper_memory_floor(1, "zvm63-edev") is None


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="env: 'zvm64' is not accepted; expected one of zvm63-edev"):
        ff.provenance(64, 20, "zvm64")
    with pytest.raises(ValueError, match="env: 'edev' is not accepted"):
        ff.paper_ran_cids("edev")
    with pytest.raises(ValueError, match="marks: 'lines' is not accepted"):
        ff.model_only_description("lines")
    import altair as alt
    with pytest.raises(ValueError, match="chart: a line mark is not accepted"):
        ff.mark_model_only(alt.Chart().mark_line(), "datum.m", "datum.c", "datum.env")


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_vega_expressions_agree_with_the_python_rule():
    memories, cpus = list(range(8, 521, 8)) + [63.5], list(range(1, 27))
    hosts = [(m, c, e) for e in ENVIRONMENTS for c in cpus for m in memories]
    hosts += [(512, "20", "zvm63-eckd"), ("48", "15", "zvm63-edev"), (512, "25", "zvm63-edev")]  # text, as some charts keep it
    script = ("const toNumber = Number, indexof = (a, v) => a.indexOf(v);\n"  # Vega's, in JavaScript
              f"const ran = (m, c, e) => {ff.provenance_expr('m', 'c', 'e')};\n"
              f"const floor = (c, e) => {ff.paper_memory_floor_expr('c', 'e')};\n"
              f"const hosts = {json.dumps(hosts)};\n"
              "console.log(JSON.stringify([hosts.map(([m, c, e]) => ran(m, c, e)),"
              " hosts.map(([m, c, e]) => floor(c, e))]));")
    out = subprocess.run([NODE, "-e", script], capture_output=True, text=True, check=True, timeout=60).stdout
    words, floors = json.loads(out)
    assert words == [ff.provenance(float(m), int(c), e) for m, c, e in hosts]
    assert floors == [ff.paper_memory_floor(int(c), e) or 0 for _, c, e in hosts]


# --- every chart that shows hosts marks them with the helper --------------------------

def _specs() -> list[tuple[str, dict]]:
    return notebook_specs(nb for nb in sorted((ROOT / "book").glob("*.ipynb")) if nb.stem not in OTHER_DOCUMENTS)


def _columns(spec: dict) -> set[str]:
    """Every column of the spec's data: inline rows, and the any-host grid's files by name."""
    cols: set[str] = set()
    for node in walk(spec):
        values = node.get("values")
        if isinstance(values, list) and values and isinstance(values[0], dict):
            cols |= set(values[0])
        for rows in (node.get("datasets") or {}).values():
            if isinstance(rows, list) and rows and isinstance(rows[0], dict):
                cols |= set(rows[0])
        url = node.get("url")
        if isinstance(url, str) and url.endswith(".csv") and "/data/" in url:
            cols |= {"m", "c", "env"}  # the dense grid and its breakdowns (figures_results.write_any_cid)
    return cols


def shows_hosts(spec: dict) -> bool:
    cols = _columns(spec)
    return bool(cols & MEMORY_COLUMNS) and bool(cols & CPU_COLUMNS)


def marking(spec: dict) -> list[str]:
    """What the spec lacks of the rule's marking (empty when it has all of it)."""
    missing = []
    text = json.dumps(spec)
    computed = [n["calculate"] for n in walk(spec) if n.get("as") == ff.PROVENANCE_FIELD and "calculate" in n]
    if not computed or not all(f"'{ff.PAPER_RAN}' : '{ff.MODEL_ONLY}'" in c for c in computed):
        missing.append("a layer computing the helper's provenance expression")
    shapes = [n for n in walk(spec) if isinstance(n.get("shape"), dict) and n["shape"].get("field") == ff.PROVENANCE_FIELD]
    if not any(s["shape"].get("scale", {}).get("range") == ["circle", ff.RING] for s in shapes):
        missing.append("the rule's shapes (circle, ring)")
    if not any(s["shape"].get("legend", {}) is not None for s in shapes):
        missing.append("a legend entry for the rule")
    opened = [n for n in walk(spec) if isinstance(n.get("fillOpacity"), dict)
              and ff.PROVENANCE_FIELD in json.dumps(n["fillOpacity"].get("condition", {}))]
    if not opened:
        missing.append("marks drawn open where the paper did not run the host")
    if f'"{ff.MODEL_ONLY}"' not in text and f"'{ff.MODEL_ONLY}'" not in text:
        missing.append("the words model only")
    return missing


SPECS = _specs()
HOST_SPECS = [(name, spec) for name, spec in SPECS if shows_hosts(spec)]


def test_the_book_has_charts_of_hosts():
    # the results chapters, planning, tolerance and the study: a collector that found
    # none would pass every test below
    pages = {name.split()[0] for name, _ in HOST_SPECS}
    assert {"results_overall", "results_db", "results_was", "results_fs", "results_java", "results_net",
            "case_planning", "results_tolerance", "study"} <= pages, sorted(pages)
    assert len(HOST_SPECS) >= 30, len(HOST_SPECS)


@pytest.mark.parametrize("name, spec", [s for s in HOST_SPECS if not s[0].startswith("study")],
                         ids=[s[0] for s in HOST_SPECS if not s[0].startswith("study")])
def test_every_chart_of_hosts_uses_the_helpers_marking(name, spec):
    assert marking(spec) == [], name


def test_the_study_chart_shades_what_the_paper_never_reported():
    # the configurations of Table 16, not model results: no provenance per point, but the
    # memory the paper reports no run for is the rule's band
    (name, spec), = [s for s in HOST_SPECS if s[0].startswith("study")]
    bands = [n for n in walk(spec) if n.get("mark") == {"type": "rect", "color": ff.INK, "opacity": 0.08}]
    assert bands and f'"{ff.MODEL_ONLY}"' in json.dumps(spec), name


def _views(spec, data=None, datasets=None):
    """Every unit view of the spec (a node with a mark), with the rows it draws (its own
    data, or the nearest enclosing chart's: Altair lifts data the layers share)."""
    if isinstance(spec, dict):
        datasets = datasets if datasets is not None else spec.get("datasets", {})
        source = spec.get("data", data)
        if "mark" in spec:
            rows = (source or {}).get("values") or datasets.get((source or {}).get("name"), [])
            yield spec, rows
        for key, value in spec.items():
            if key in ("layer", "vconcat", "hconcat", "concat", "spec"):
                for child in value if isinstance(value, list) else [value]:
                    yield from _views(child, source, datasets)


def _memory_axis(view: dict) -> bool:
    x = view.get("encoding", {}).get("x", {})
    return (x.get("field") == "memory_gib" and x.get("type") == "ordinal"
            and set(ff.NO_PAPER_RESULT_GIB) <= set(x.get("scale", {}).get("domain", [])))


@pytest.mark.parametrize("name, spec", HOST_SPECS, ids=[s[0] for s in HOST_SPECS])
def test_a_memory_axis_with_48_gib_shades_it(name, spec):
    """An ordinal memory axis that reaches a size the paper never ran has the band there,
    unless its marks are bars or cells that fill the column (drawn pale by the rule)."""
    views = list(_views(spec))
    if not any(_memory_axis(v) for v, _ in views):
        pytest.skip("no ordinal memory axis through 48 GiB")
    views = [({**v, "mark": v["mark"] if isinstance(v["mark"], dict) else {"type": v["mark"]}}, rows) for v, rows in views]
    band = any(_memory_axis(v) and v["mark"].get("type") == "rect" and v["mark"].get("opacity") == 0.08
               and [r.get("memory_gib") for r in rows] == list(ff.NO_PAPER_RESULT_GIB) for v, rows in views)
    filled = any(_memory_axis(v) and v["mark"].get("type") in ("bar", "rect")
                 and ff.PROVENANCE_FIELD in json.dumps(v["encoding"].get("fillOpacity", {})) for v, _ in views)
    assert band or filled, name


def test_the_marking_check_fails_on_a_chart_without_the_rule():
    """The check above is not vacuous: a results chart drawn as before the rule (filled
    points, a star on the axis) is found lacking."""
    import altair as alt
    import pandas as pd

    frame = pd.DataFrame({"memory_gib": [512, 48], "cpus": [20, 20], "env": ["zvm63-edev"] * 2, "y": [1.0, 0.8]})
    old = alt.Chart(frame).mark_line(point=True).encode(x="memory_gib:O", y="y:Q").to_dict()
    assert shows_hosts(old) and len(marking(old)) == 5
    new = ff.mark_model_only(alt.Chart(frame).mark_point().encode(x="memory_gib:O", y="y:Q"),
                             "datum.memory_gib", "datum.cpus", "datum.env").to_dict()
    assert marking(new) == []


# --- the words -------------------------------------------------------------------------

def test_the_texts_state_the_rule_from_the_data():
    t = ff.model_only_texts()
    assert t["provenance-model-only"] == ff.MODEL_ONLY and t["paper-ran"] == ff.PAPER_RAN
    assert (t["paper-mem-min"], t["paper-mem-max"], t["paper-cpus"]) == ("64", "512", "5, 10, 15 and 20")
    assert "512, 256, 128, 112, 96 and 64 GiB" in t["provenance-rule"] and "48 GiB" in t["provenance-rule"]
    assert "z/VM 6.3, EDEV-SCSI paging" in t["provenance-rule"]
    assert f"\u201c{ff.MODEL_ONLY}\u201d" in t["provenance-marking"] and t["provenance-marking"][0].islower()


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.py")), ids=lambda p: p.stem)
def test_no_chapter_types_the_rule(path):
    """The chapters glue the rule's words; none types them, nor the old claim that the grid
    takes memory down to 48 GiB."""
    text = path.read_text()
    prose = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    assert not re.search(r"\bmodel only\b|model's alone|run by the paper", prose), path.name
    assert not re.search(r"down to 48 GiB and CPUs", prose), path.name
    glued = set(re.findall(r"\{glue:text\}`((?:provenance-|paper-)[a-z-]*)`", text))
    assert glued <= set(ff.model_only_texts()), (path.name, glued)
    if glued:
        assert "glue_any_grid()" in text or "glue_model_only()" in text, path.name
