"""The shared builders of the workload chapters (figures_workload) and the break-point
scans behind their exercises (planning)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import overcommit as oc
from overcommit import calibrate, planning
from overcommit.book import figures_workload as fw
from spec_utils import bound


def _bound(spec):
    return list(bound(spec))


@pytest.mark.parametrize("key", list(fw.WORKLOADS))
def test_variant_frame_holds_every_run_of_the_workload(results, key):
    f = fw.variant_frame(key, results)
    w = fw.workload(key)
    assert len(f) == 29 * 3 * len(w.variants)
    assert set(f["variant"]) == set(w.variants)
    ref = f[(f.cid == "512/25") & (f.env == "zvm63-edev")]
    assert np.allclose(ref["throughput"], 1.0)


def test_variant_frame_values_are_the_models(results):
    f = fw.variant_frame("java", results)
    row = f[(f.cid == "96/10") & (f.env == "zvm62-edev") & (f.variant == "java-high")].iloc[0]
    direct = oc.simulate("96/10", env="zvm62-edev").workloads.loc["java-high"]
    assert row["throughput"] == pytest.approx(direct["relative_throughput"], rel=1e-3)
    assert row["cpu_load"] == pytest.approx(direct["cpu_load"], rel=1e-3)


def test_paper_normalisation_scales_only_the_medium_levels(results):
    f = fw.variant_frame("java", results)
    medium = f[f.variant == "java-medium"]
    assert np.allclose(medium["paper_view"], medium["throughput"] * 0.53, rtol=2e-3)
    high = f[f.variant == "java-high"]
    assert np.allclose(high["paper_view"], high["throughput"])
    assert fw.paper_scale("net") == {"net-medium": 0.30, "net-high": 1.0}
    assert fw.paper_scale("db") == {"db-bi": 1.0}


def test_guest_frame_matches_simulate():
    g = fw.guest_frame("was", cids=["64/20"], envs=["zvm62-edev"])
    r = oc.simulate("64/20", env="zvm62-edev").guests
    row = g[g.guest == "was-high-was"].iloc[0]
    assert row["resident"] == pytest.approx(r.loc["was-high-was", "resident_mib"], rel=5e-3)  # 3 significant digits
    # rounded to 3 significant digits too: at most half a unit in the third digit, 1/200
    # of the value for a leading 1 (15.24 -> 15.2 is 2.4e-3 off)
    assert row["expanded storage"] == pytest.approx(r.loc["was-high-was", "xstor_mib"], rel=5e-3, abs=1e-6)
    assert row["reference instantiated"] == pytest.approx(
        oc.simulate("512/25").guests.loc["was-high-was", "instantiated_mib"], rel=2e-3)
    assert set(g["guest"]) == {n for n in r.index if n.startswith("was-")}


def test_guest_frame_rejects_unknown_environment():
    with pytest.raises(ValueError, match="envs: 'zvm64'"):
        fw.guest_frame("db", envs=["zvm64"])


def test_unknown_workload_is_refused():
    with pytest.raises(ValueError, match="workload: 'web'"):
        fw.variant_frame("web")


@pytest.mark.parametrize("key", list(fw.WORKLOADS))
def test_charts_bind_their_controls_and_stay_small(results, key):
    vf, gf = fw.variant_frame(key, results), fw.guest_frame(key)
    t = fw.throughput_chart(vf, key).to_dict()
    expected = {"env", "variant"} if len(fw.workload(key).variants) > 1 else {"env"}
    assert set(_bound(t)) == expected
    p = fw.pages_chart(gf, key).to_dict()
    assert set(_bound(p)) == {"env", "cid"}
    assert len(json.dumps(p)) < 250_000
    assert "description" in t and "description" in p


def test_chart_arguments_are_checked(results):
    vf = fw.variant_frame("was", results)
    with pytest.raises(ValueError, match="measure: 'speed'"):
        fw.throughput_chart(vf, "was", "speed")
    with pytest.raises(ValueError, match="variant: 'was-low'"):
        fw.throughput_chart(vf, "was", variant="was-low")
    with pytest.raises(ValueError, match="default_cid: '60/20'"):
        fw.pages_chart(fw.guest_frame("db"), "db", default_cid="60/20")


def test_paper_points_carry_the_papers_values():
    p = fw.paper_points("db")
    point = p[(p.kind == "point") & (p.memory_gib == 96)].iloc[0]
    assert point["y"] == pytest.approx(0.70) and point["cpus"] == 20
    band = p[p.kind == "rule"]
    assert sorted(band["y"]) == pytest.approx([0.30, 0.44]) and set(band["cpus"]) == {10}
    j = fw.paper_points("java")
    medium = j[j.variant == "java-medium"].iloc[0]
    assert medium["y"] == pytest.approx(0.55 * 0.53)  # paper's 45 % loss on the high-level scale


def test_subject_guests_resolves_components_and_families():
    assert fw.subject_guests("was-ihs") == ["was-medium-ihs", "was-high-ihs"]
    assert fw.subject_guests("fs-direct") == ["fs-direct-medium", "fs-direct-high"]
    assert fw.subject_guests("java-high") == ["java-high"]
    assert len(fw.subject_guests("net")) == 4


def test_paper_vs_model_keeps_calibration_and_validation_apart():
    t = fw.paper_vs_model("db")
    assert t.loc["o000-db-resident", "use"] == "fitted"
    assert t.loc["o000-db-inst-ref", "use"] == "input"
    assert t.loc["o000-db-res-frac", "use"] == "in-sample"
    assert t.loc["o000-db-tput-9620", "use"] == "validation"
    # the model's 0.63 against the paper's 0.70 (within the ±10 % the table allows); 512/20 misses
    assert t.loc["o000-db-tput-9620", "verdict"] == "✓"
    assert t.loc["o000-db-tput-51220", "verdict"] == "✗"
    fitted = calibrate.target_observations()
    assert {"o000-db-resident", "o000-jm-degr"} <= fitted
    assert all(i.startswith("o000-") for i in fitted)


def test_verdict_relations():
    assert fw._verdict("~", 20, None, None, 24) == "✓"
    assert fw._verdict("~", 20, None, None, 26) == "✗"
    assert fw._verdict("between", 0, 30, 44, 29.9) == "✗"
    assert fw._verdict("<", 60, None, None, 59) == "✓"
    assert fw._verdict(">", 2.82, None, None, 2.82) == "✗"


def test_explorer_chart_reports_the_model_and_refuses_bad_hosts():
    spec = fw.explorer_chart("net", 64, 15, "zvm63-eckd").to_dict()
    x = oc.simulate("64/15", env="zvm63-eckd").workloads.loc["net-high", "relative_throughput"]
    assert f"Network, high {x:.2f}" in spec["description"]
    with pytest.raises(ValueError):
        fw.explorer_chart("net", 64, 0, "zvm63-edev")


# --- planning ------------------------------------------------------------------------------

def test_memory_break_point_is_where_throughput_crosses_the_level():
    m = planning.memory_break_point("java-medium", 0.75, 15, baseline="hi")
    top = planning.throughput("java-medium", 512, 15)
    assert planning.throughput("java-medium", m + 0.5, 15) >= 0.75 * top - 1e-9
    assert planning.throughput("java-medium", m - 0.5, 15) < 0.75 * top


def test_memory_break_point_edges():
    # already below the level with all the memory: the CPUs, not memory, limit it
    assert planning.memory_break_point("java-high", 0.9, 15) == 512.0
    # never below: the network guests barely page
    assert planning.memory_break_point("net-high", 0.5, 20, lo=32) is None


def test_cpus_needed_is_the_smallest_sufficient_count():
    # at 64 GiB the database's page stalls keep it below 0.9 with any CPU count; 0.85 it reaches
    assert planning.cpus_needed("db-bi", 0.9, 64) is None
    c = planning.cpus_needed("db-bi", 0.85, 64)
    assert planning.throughput("db-bi", 64, c) >= 0.85
    assert planning.throughput("db-bi", 64, c - 1) < 0.85
    assert planning.cpus_needed("java-medium", 0.99, 16, max_cpus=8) is None


@pytest.mark.parametrize("kwargs, field", [
    (dict(variant="web", level=0.9, cpus=20), "variant: 'web'"),
    (dict(variant="db-bi", level=0, cpus=20), "level: 0"),
    (dict(variant="db-bi", level=0.9, cpus=20, env="zvm7"), "env: 'zvm7'"),
    (dict(variant="db-bi", level=0.9, cpus=20, lo=600), "lo, hi"),
    (dict(variant="db-bi", level=0.9, cpus=20, baseline="best"), "baseline: 'best'"),
])
def test_memory_break_point_refuses_bad_input(kwargs, field):
    with pytest.raises(ValueError, match=field):
        planning.memory_break_point(**kwargs)


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=64, max_value=512), st.integers(min_value=4, max_value=24))
def test_another_cpu_costs_websphere_at_most_a_trace(memory, cpus):
    # WebSphere is CPU-bound: another CPU never costs it more than a trace. Not exactly
    # nothing under memory pressure: the extra CPU lets the database and Java run faster and
    # touch their pages more often, so WebSphere's pages age a little faster (the WAS
    # chapter's one-user exercise); with the shipped fit that costs up to about 7e-5 (80/23).
    # (Other variants can lose much more: Java near its bistable edge, direct-I/O fio when
    # page-cached fio, sped up, takes more of their shared path.)
    lo = planning.throughput("was-high", memory, cpus)
    hi = planning.throughput("was-high", memory, cpus + 1)
    assert hi >= lo - 1e-4


def _tooltips(spec) -> list[list[dict]]:
    from spec_utils import walk
    return [node["tooltip"] for node in walk(spec) if isinstance(node.get("tooltip"), list)]


def test_paper_vs_model_table_names_rows_by_the_paper_not_by_record_ids():
    """Issue 44: record ids ("o000-db-tput-9620") filled the first column of the tables."""
    t = fw.paper_vs_model_table("db")
    assert t.index.name == "where in the paper" and "source" not in t.columns
    assert not any(i.startswith("o000") for i in t.index)
    assert t.index[0] == "Workload analysis, observations paragraph 3 (Figure 9)"
    assert len(t) == len(fw.paper_vs_model("db"))
    # 512/15: the paper's 60 against the model's 47.6 passes the 25 % tolerance; the verdict
    # says by how much, where a bare ✓ read as a match
    row = t[t["CID"] == "512/15"].iloc[0]
    assert (row["paper"], row["verdict"]) == ("60", "✓ 21 % low")
    assert t[t["CID"] == "512/20"]["verdict"].iloc[0] == "✗"  # a bound keeps its bare mark
    for key in fw.WORKLOADS:
        assert not fw.paper_vs_model_table(key).index.str.contains(r"o\d{3}-|seed \d").any(), key


def test_paper_marks_name_the_paper_and_use_the_axis_normalisation():
    """Issue 44: the Java chart's axis used the paper's normalisation while its paper label
    said 55 % against the level's own reference, and tooltips said "seed 000"."""
    j = fw.paper_points("java")
    medium = j[j.variant == "java-medium"].iloc[0]
    assert medium["label"] == f"paper, 20 CPUs: {0.55 * 0.53:.2f} (a 45 % loss)"
    assert all(s.startswith(fw.PAPER_AUTHORS + ", section") for s in j["source"])
    db = fw.paper_points("db")
    assert set(db.loc[db.kind == "rule", "label"]) == {"paper, 10 CPUs: 0.30–0.44"}
    with pytest.raises(ValueError, match="source: 'seed 003"):
        fw.paper_place("seed 003, Table 4")


def test_throughput_chart_tooltips_one_normalisation_no_empty_row(results):
    java = fw.throughput_chart(fw.variant_frame("java", results), "java").to_dict()
    titles = {t.get("title") for tip in _tooltips(java) for t in tip}
    assert "relative throughput (paper's normalisation)" in titles
    assert "relative to its own reference" not in titles and "why (model)" not in titles
    cpu = fw.throughput_chart(fw.variant_frame("java", results), "java", "cpu_load").to_dict()
    ctitles = {t.get("title") for tip in _tooltips(cpu) for t in tip}
    assert "relative throughput (paper's normalisation)" in ctitles
    assert "relative throughput (1 = reference)" not in ctitles


def test_paper_marks_sit_beside_the_model_points_and_every_point_lists_its_neighbours(results):
    """Issue 44: at 64 GiB the Java 15- and 20-CPU points and the paper's diamond lay on one
    another, and the diamond took the hover of the 15-CPU point."""
    from spec_utils import walk
    spec = fw.throughput_chart(fw.variant_frame("java", results), "java").to_dict()
    shapes = [n["mark"] for n in walk(spec) if isinstance(n.get("mark"), dict) and n["mark"].get("shape") in
              ("diamond", "triangle-down", "triangle-up")]
    assert shapes and all(m["xOffset"] == fw.PAPER_OFFSET for m in shapes)
    f = fw.variant_frame("java", results)
    line = fw._at_this_memory(f, "paper_view", ".2f")
    at = line[(f.cid == "64/20") & (f.env == "zvm63-edev") & (f.variant == "java-medium")].iloc[0]
    assert at == "20 CPUs 0.29, 15 CPUs 0.29, 10 CPUs 0.17, 5 CPUs 0.09"


def test_failure_reason_joins_the_status_and_no_row_is_left_empty(results):
    from overcommit.book.figures import with_reason
    assert list(with_reason(["failed", "completed"], ["clients time out", None])) == [
        "failed: clients time out", "completed"]
    with pytest.raises(ValueError, match="reason: 1 values for 2 statuses"):
        with_reason(["failed", "completed"], ["x"])
    f = fw.variant_frame("was", results)
    assert (f.loc[~f.failed, "run"] == "completed").all()
    assert f.loc[f.failed, "run"].str.startswith("failed: ").all()


def test_one_value_range_is_shown_as_one_value():
    """Issue 44: Claim 37 showed "0.41–0.41"."""
    from overcommit.book.figures import one_value_range
    assert one_value_range("0.41–0.41") == "0.41 throughout"
    assert one_value_range("2.90–2.90 CPUs") == "2.90 CPUs throughout"
    assert one_value_range("0.40–0.41") == "0.40–0.41"
    assert one_value_range(0.5) == "0.5"


def test_pages_chart_draws_the_papers_breakdown():
    """Issue 44: Figure 11 gave the paper's 64/20 values only in its caption."""
    p = fw.paper_pages("db")
    assert dict(zip(p["measure"], p["mib"])) == {"resident": 39936, "instantiated": 80896,
                                                 "reference instantiated": 83968, "page reads": 20}
    assert fw.paper_pages("java").empty
    spec = json.dumps(fw.pages_chart(fw.guest_frame("db"), "db").to_dict(), ensure_ascii=False)
    assert "paper: 39,936 MiB" in spec and "paper: ≈ 20 MiB/s" in spec
