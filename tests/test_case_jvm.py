"""The JVM stacking case (seed 003): data provenance, model objects, calibration on the four
declared numbers only, the model against the report within the tolerances the chapter
claims, charts and bad input."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import overcommit as oc
from overcommit.book import figures_case_jvm as fj
from overcommit.cases import jvm
from overcommit.model import CP_ATTRIBUTED_SHARE, CPU_COST_FACTOR, REORDER_S_PER_MIB
from case_utils import copy_data_file, rewrite as _rewrite
from spec_utils import walk, bound as _bound


@pytest.fixture(scope="module")
def case():
    return jvm.calibrated()


@pytest.fixture(scope="module")
def frame(case):
    return fj.model_frame(case)


@pytest.fixture(scope="module")
def comp(case):
    return jvm.comparison(case)


# --- data and provenance ------------------------------------------------------------------


def test_every_parameter_row_has_provenance():
    f = jvm.provenance()
    assert f["source"].str.contains(r"seed 00[0-4]").all()
    assert set(f["role"]) <= {"document", "recovered", "assumption", "borrowed", "fitted"}
    explained = f[f["role"].isin(["recovered", "assumption", "borrowed"])]
    assert explained["note"].notna().all() and (explained["note"].str.len() > 20).all()
    assert explained.loc[explained["role"] == "assumption", "note"].str.startswith("assumption").all()
    assert explained.loc[explained["role"] == "borrowed", "note"].str.startswith("borrowed").all()
    rows = f.set_index("parameter")
    assert set(rows.index[rows["role"] == "fitted"]) == set(jvm.FITTED)
    assert rows.loc[list(jvm.FITTED), "source"].str.contains("fitted by overcommit.cases.jvm.calibrate").all()
    assert rows.loc["release", "role"] == "document" and "5.4" in rows.loc["release", "note"]


def test_parameters_follow_the_document():
    p = jvm.parameters()
    obs = jvm.observations()
    assert p.cpus == obs.loc["o003-lpar-cpus", "value"] == 24
    assert p.lpar_memory_gib == obs.loc["o003-lpar-memory", "value"] == 200
    assert p.jvms_total == obs.loc["o003-jvms-total", "value"] == 200
    assert p.heap_mib == obs.loc["o003-jvm-heap", "value"] == 700
    t = jvm.scenarios()
    assert list(t.index) == list(jvm.GUEST_COUNTS)
    assert (t["jvms_per_guest"] * t.index == p.jvms_total).all()
    # the model's guests fit their Table 4 memory and, together, the DPA (no memory overcommitment)
    for n in jvm.GUEST_COUNTS:
        assert jvm.instantiated_mib(jvm.jvms_per_guest(n, p), p) <= jvm.defined_mib(n, p)
        assert jvm.defined_mib(n, p) == pytest.approx(t.loc[n, "guest_memory_gb"] * 1024)


@pytest.fixture
def data_copy(tmp_path):
    return copy_data_file(tmp_path, jvm.DATA_FILE)


def test_bad_role_applies_to_and_missing_note(data_copy):
    path = data_copy / jvm.DATA_FILE
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(("share,100,,guest,assumption,\"seed 003, not stated\",\n" if line.startswith("share,")
                             else line) for line in lines))
    with pytest.raises(ValueError, match=r"field 'note': empty; a assumption value"):
        jvm.parameters(data_copy)
    copy_data_file(data_copy, jvm.DATA_FILE)
    _rewrite(path, "cpus,24,IFLs,host,document", "cpus,24,IFLs,lpar,document")
    with pytest.raises(ValueError, match=r"row 2, field 'applies_to': 'lpar'"):
        jvm.parameters(data_copy)
    copy_data_file(data_copy, jvm.DATA_FILE)
    _rewrite(path, "cpus,24,IFLs,host,document", "cpus,24,IFLs,host,guessed")
    with pytest.raises(ValueError, match=r"row 2, field 'role': 'guessed'"):
        jvm.parameters(data_copy)


def test_case_rejects_bad_fields():
    with pytest.raises(ValueError, match="binaries"):
        jvm.parameters(binaries="nfs")
    with pytest.raises(ValueError, match="cpus"):
        jvm.parameters(cpus=0)
    with pytest.raises(ValueError, match="stacking"):
        jvm.parameters(stacking=-0.1)
    with pytest.raises(ValueError, match="overrides"):
        jvm.parameters(colour="red")
    with pytest.raises(ValueError, match="binaries"):
        jvm.calibrated("tape")


# --- the model's objects ------------------------------------------------------------------


def test_objects_are_the_packages(case):
    env = jvm.environment(case)
    assert isinstance(env, oc.Environment) and env.policy == "fifo" and env.generation == "6.2"
    h = jvm.host(case)
    assert isinstance(h, oc.Host) and h.memory_gib == 200 and h.cpus == 24
    gs = jvm.guests(20, case)
    real = [g for g in gs if g.name.startswith("lnx")]
    stand = [g for g in gs if g.name.startswith("cp")]
    assert len(real) == len(stand) == 20 and all(isinstance(g, oc.Guest) for g in gs)
    d = jvm.guest_demand(10, 2, case)
    assert real[0].cpu_load == pytest.approx(d) and real[0].vcpus == 2
    assert d == pytest.approx(10 * case.cpu_per_jvm * (1 + 9 * case.stacking) + 2 * case.cpu_per_vcpu)
    assert stand[0].variant == real[0].variant and stand[0].share == case.cp_share
    assert stand[0].cpu_load == pytest.approx(case.cp_vcpu_overhead * (40 / 24 - 1) * d)
    assert real[0].instantiated_mib == 10 * (700 + case.jvm_native_mib) + case.linux_base_mib
    # no stand-ins without CPU overcommitment; the minidisk adds the cached binaries
    assert all(g.name.startswith("lnx") for g in jvm.guests(4, case))
    md = jvm.guests(4, replace(case, binaries="minidisk"))
    assert md[0].instantiated_mib == jvm.guests(4, case)[0].instantiated_mib + case.binaries_cache_mib
    vs = jvm.variants(20, case)
    assert len(vs) == 20 and vs["lnx001"].users == case.users_per_jvm * 10


def test_bad_guest_counts_and_hosts():
    case = jvm.parameters()
    with pytest.raises(ValueError, match=r"guests: 3 does not divide"):
        jvm.guests(3, case)
    with pytest.raises(ValueError, match="guests: 0"):
        jvm.guests(0, case)
    with pytest.raises(ValueError, match="Table 4 has no row for 25"):
        jvm.run(25, case)
    with pytest.raises(ValueError, match=r"vcpus: 24 virtual CPUs per guest are more than the 12"):
        jvm.run(1, case, cpus=12)
    with pytest.raises(ValueError, match=r"vcpus: a guest with 200 JVMs asks for"):
        jvm.run(1, case, vcpus=2)
    with pytest.raises(ValueError, match="memory_gib"):
        jvm.host(case, memory_gib=-5)
    with pytest.raises(ValueError, match="real_memory_gib"):
        jvm.host(case, memory_gib=0.1)
    with pytest.raises(ValueError, match="counts: empty"):
        jvm.scaling([], case)
    with pytest.raises(ValueError, match="vcpus: empty"):
        jvm.vcpu_scan(20, [], case)


def test_measures_are_the_models(case):
    n = 100
    r = oc.simulate(oc.Host(200, 24, paging_devices=25), env=jvm.environment(case),
                    guests=jvm.guests(n, case), variants=jvm.variants(n, case))
    m = jvm.scaling([n], case).loc[n]
    s, g = r.system, r.guests
    assert m["lpar_load"] == pytest.approx(24 - s["idle_cpu"])
    assert m["lpar_load"] == pytest.approx(m["emulation"] + m["cp_attributed"] + m["cp_system"])
    stand = g.loc[g.index.str.startswith("cp"), "cpu_load"].sum()
    assert m["cp_dispatch"] == pytest.approx(stand)
    assert m["emulation"] == pytest.approx(s["emulation_cpu"] - stand * (1 - CP_ATTRIBUTED_SHARE))
    used = g.loc[g.index.str.startswith("lnx"), "cpu_load"].sum()
    assert m["jvm_work"] + m["stacking"] + m["vcpu"] == pytest.approx(used)
    k = CPU_COST_FACTOR["6.2"]
    x = r.workloads["relative_throughput"].mean()
    assert used == pytest.approx(n * jvm.guest_demand(2, 1, case) * k * x)
    assert m["throughput"] == pytest.approx(x)


def test_mechanisms_alone_see_no_difference(case):
    """Nothing is short at the report's size: every configuration runs at the same
    throughput, and the LPAR load is the guests' demand plus CP's work."""
    f = jvm.scaling(case=case)
    assert f["throughput"].max() - f["throughput"].min() < 1e-9
    assert (f["idle"] > 9).all() and (f["page_read_mib_s"] == 0).all()
    assert (f["model_reorder_pause_s"] == 0).all()


# --- calibration ---------------------------------------------------------------------------


def test_calibration_hits_the_four_numbers(case):
    t = jvm.targets()
    assert set(t) == set(jvm.CALIBRATION)
    f = jvm.scaling([1, 20], case)
    s3 = jvm.vcpu_scan(200, [1, 2], case)
    assert f.loc[1, "lpar_load"] == pytest.approx(t["o003-s1-lpar-max"], abs=0.01)
    assert f.loc[20, "lpar_load"] == pytest.approx(t["o003-s1-lpar-min"], abs=0.01)
    assert s3.loc[2, "emulation"] - s3.loc[1, "emulation"] == pytest.approx(t["o003-s3-emu-inc"], abs=0.01)
    assert s3.loc[2, "lpar_load"] - s3.loc[1, "lpar_load"] == pytest.approx(t["o003-s3-lpar-inc"], abs=0.01)
    start = jvm.parameters()
    assert all(getattr(case, f) != getattr(start, f) for f in jvm.FITTED)
    assert replace(case, **{f: getattr(start, f) for f in jvm.FITTED}) == start
    assert all(getattr(case, f) > 0 for f in jvm.FITTED)


def test_the_shipped_fit_is_the_file_and_meets_its_targets_as_written(case):
    shipped = jvm.fitted_values()
    assert set(shipped) == set(jvm.FITTED)
    assert {f: getattr(case, f) for f in jvm.FITTED} == shipped
    # stored to FIT_DIGITS digits, the four numbers are still met far inside the tolerance
    assert np.abs(jvm.residuals(case)).max() < jvm.FIT_TOLERANCE_IFL / 100
    rows = jvm.provenance().set_index("parameter")
    for name, value in shipped.items():
        assert float(f"{value:.{jvm.FIT_DIGITS}g}") == value  # no digit the fit does not determine
        assert value != float(rows.loc[name, "value"])  # a fitted value, not the start value


def test_a_shipped_fit_that_lost_a_row_is_refused(tmp_path):
    copy_data_file(tmp_path, jvm.FIT_FILE)
    text = (tmp_path / jvm.FIT_FILE).read_text()
    stacking = next(line for line in text.splitlines() if line.startswith("stacking,"))
    _rewrite(tmp_path / jvm.FIT_FILE, stacking + "\n", "")
    with pytest.raises(ValueError, match=r"case_jvm_fitted.csv: parameters .* expected one row for each of"):
        jvm.fitted_values(tmp_path)


@pytest.mark.slow
def test_a_fresh_fit_reproduces_the_shipped_values(case):
    fresh = jvm.calibrate()
    for f in jvm.FITTED:
        assert float(f"{getattr(fresh, f):.{jvm.FIT_DIGITS}g}") == getattr(case, f), f


@pytest.mark.slow
def test_calibration_uses_no_other_number(monkeypatch, case):
    real = jvm.observations()

    def scrambled():
        o = real.copy()
        others = [i for i in o.index if i not in jvm.CALIBRATION]
        o.loc[others, "value"] = 999.0
        return o

    monkeypatch.setattr(jvm, "observations", scrambled)
    fitted = jvm.calibrate()
    for f in jvm.FITTED:
        assert getattr(fitted, f) == pytest.approx(getattr(case, f), rel=1e-5)


@pytest.mark.slow
def test_calibration_says_when_nothing_fits(monkeypatch):
    real = jvm.observations()

    def impossible():
        o = real.copy()
        o.loc["o003-s1-lpar-min", "value"] = 20.0  # above the one-guest load: needs negative stacking
        return o

    monkeypatch.setattr(jvm, "observations", impossible)
    with pytest.raises(ValueError, match="cannot meet the four calibration numbers"):
        jvm.calibrate()


# --- the model against the report (the chapter's claims) ----------------------------------


def _row(comp, quantity):
    rows = comp[comp["quantity"] == quantity]
    assert len(rows) == 1, quantity
    return rows.iloc[0]


def test_comparison_roles_and_verdicts(comp):
    assert set(comp["role"]) == {"calibration", "validation", "input", "not modelled"}
    cal = comp[comp["role"] == "calibration"]
    # the four calibration numbers, plus the 1-to-200 spread that follows from two of them
    assert set(cal["record"]) == set(jvm.CALIBRATION) | {"o003-s1-lpar-spread"}
    assert (cal["ratio"].sub(1).abs() < 0.02).all() and (cal["verdict"] == "calibrated").all()
    numeric = comp[(comp["role"] == "validation") & comp["ratio"].notna()]
    assert (numeric["verdict"] == numeric["ratio"].map(jvm.verdict)).all()
    claims = comp[(comp["role"] == "validation") & comp["ratio"].isna()]
    assert set(claims["verdict"]) <= {"holds", "fails"}
    ids = set(jvm.observations().index)
    assert set(comp["record"]) <= ids
    assert jvm.verdict(1.09) == "close" and jvm.verdict(0.8) == "rough" and jvm.verdict(1.3) == "misses"
    assert jvm.verdict(math.nan) == "misses"
    # validation rows tied to a calibration record test something else (an ordering, a
    # throughput claim), never the calibrated number itself
    reused = comp[(comp["role"] == "validation") & comp["record"].isin(jvm.CALIBRATION)]
    assert reused["ratio"].isna().all()


def test_scenario1_within_the_claimed_tolerance(comp, case):
    for q in ("LPAR load spread, 10 to 200 guests (IFLs)", "LPAR load variation, 10 to 200 guests (% of the highest)",
              "Linux user + system spread, 1 against 20 guests (IFLs; 3.2 + 0.8)",
              "per-guest CPU, 200 against 100 guests: reduction (%; document: Linux system CPU only)"):
        assert _row(comp, q)["verdict"] == "rough", q
    assert _row(comp, "CP + system time, lowest over 1 to 200 guests (IFLs)")["verdict"] == "close"
    assert _row(comp, "CP + system time, highest over 1 to 200 guests (IFLs)")["verdict"] == "misses"
    assert _row(comp, "guests at the highest LPAR load")["verdict"] == "holds"
    # the minimum misses 20 guests, but "by a hair" as the chapter says
    f = jvm.scaling(case=case)
    assert int(f["lpar_load"].idxmin()) == 50
    assert 0 < f.loc[20, "lpar_load"] - f["lpar_load"].min() < 0.1
    # the U: falling to 20-50 guests, rising after
    assert (np.diff(f.loc[[1, 2, 4, 10, 20], "lpar_load"]) < 0).all()
    assert (np.diff(f.loc[[50, 100, 200], "lpar_load"]) > 0).all()
    assert f["cp_plus_system"].between(0.4, 1.0).all()


def test_misses_the_chapter_reports(comp):
    assert _row(comp, "LPAR load spread, 20 guests with 1 to 3 virtual CPUs (IFLs)")["ratio"] < 0.25
    assert _row(comp, "virtual CPUs at the lowest LPAR load (20 guests)")["verdict"] == "fails"
    assert _row(comp, "throughput spread over Table 4 (%)")["model"] == pytest.approx(0, abs=1e-9)
    assert _row(comp, "system time highest with 200 JVMs in one guest")["verdict"] == "fails"
    assert _row(comp, "page reorder stops the 200 GiB guest when memory is not short")["verdict"] == "fails"
    assert (comp.loc[comp["role"] == "not modelled", "record"].str.startswith(("o003-t2", "o003-s4"))).all()


def test_reorder_table(case):
    r = jvm.reorder_table(case)
    assert (r["pause_if_reordered_s"] == r["guest_resident_gib"] * 1024 * REORDER_S_PER_MIB).all()
    assert list(r.index[r["reorder_off_in_document"]]) == [1, 2, 4, 10, 20]
    assert (r.loc[r["reorder_off_in_document"], "pause_if_reordered_s"] > 0.9).all()
    assert (r.loc[~r["reorder_off_in_document"], "pause_if_reordered_s"] < 0.5).all()
    assert (r["model_pause_s"] == 0).all()


def test_memory_sweep_vertical_fails_horizontal_pages(case):
    s = jvm.memory_sweep([1, 10, 200], [152, 188, 200], case)
    assert len(s) == 2 * 3 * 3
    d = s[s["binaries"] == "dcss"].set_index(["guests", "memory_gib"])
    assert d.loc[(1, 152), "failed_share"] == 1 and d.loc[(1, 152), "model_reorder_pause_s"] > 10
    assert d.loc[(10, 152), "failed_share"] == 0 and d.loc[(200, 152), "failed_share"] == 0
    assert d.loc[(200, 152), "page_read_mib_s"] > d.loc[(1, 152), "page_read_mib_s"]
    md = s[s["binaries"] == "minidisk"].set_index(["guests", "memory_gib"])
    assert md.loc[(200, 188), "page_read_mib_s"] > 0 and d.loc[(200, 188), "page_read_mib_s"] == 0
    assert (s[s["memory_gib"] == 200]["page_read_mib_s"] == 0).all()
    with pytest.raises(ValueError, match="memories: empty"):
        jvm.memory_sweep([1], [])


# --- charts --------------------------------------------------------------------------------


def _axis_titles_have_units(spec):
    for node in walk(spec):
        enc = node.get("encoding") if isinstance(node.get("encoding"), dict) else {}
        for axis in ("x", "y"):
            e = enc.get(axis)
            if isinstance(e, dict) and e.get("title"):
                assert "(" in e["title"], e["title"]


def test_stacking_chart(frame):
    spec = fj.stacking_chart(frame).to_dict()
    bound = _bound(spec)
    assert set(bound) == {"view"} and bound["view"]["bind"]["options"] == fj.VIEWS
    assert "datum.view === view" in json.dumps(spec).replace("(", "").replace(")", "")
    assert spec["description"] and len(json.dumps(spec)) < 60_000
    _axis_titles_have_units(spec)
    long = fj.stack_long(frame)
    for view in fj.VIEWS:  # both splits add up to the model's LPAR load
        tot = long[long["view"] == view].groupby("guests")["ifl"].sum()
        assert tot.to_numpy() == pytest.approx(frame.set_index("guests")["lpar_load"].to_numpy(), rel=1e-3)


def test_vcpu_chart(case):
    f = fj.vcpu_frame(case)
    spec = fj.vcpu_chart(f).to_dict()
    bound = _bound(spec)
    assert set(bound) == {"scenario"} and bound["scenario"]["bind"]["options"] == list(fj.SCENARIOS)
    _axis_titles_have_units(spec)
    row = f[(f["scenario"] == list(fj.SCENARIOS)[1]) & (f["vcpus"] == 2) & (f["quantity"] == "emulation")].iloc[0]
    assert row["document"] == 1.9 and row["model"] == pytest.approx(1.9, abs=0.01)
    s2 = jvm.vcpu_scan(20, [2, 3], case)
    row = f[(f["scenario"] == list(fj.SCENARIOS)[0]) & (f["vcpus"] == 3) & (f["quantity"] == "LPAR load")].iloc[0]
    assert row["model"] == pytest.approx(s2.loc[3, "lpar_load"] - s2.loc[2, "lpar_load"], rel=1e-3)
    assert row["document"] == 3.6
    with pytest.raises(ValueError, match="default"):
        fj.vcpu_chart(f, default="scenario 9")


def test_zvm_and_memory_charts(frame, case):
    spec = fj.zvm_chart(frame, case).to_dict()
    assert not _bound(spec) and spec["description"]
    _axis_titles_have_units(spec)
    z = fj.zvm_frame(frame, case)
    tot = z.groupby("config")["ifl"].sum()
    assert tot["200"] == pytest.approx(frame.set_index("guests").loc[200, "cp_plus_system"], rel=1e-3)
    sweep = jvm.memory_sweep([1, 200], [152, 200], case)
    mspec = fj.memory_chart(sweep).to_dict()
    bound = _bound(mspec)
    assert set(bound) == {"guests"} and bound["guests"]["bind"]["options"] == fj.GUESTS
    assert "datum.guests === guests" in json.dumps(mspec).replace("(", "").replace(")", "")
    _axis_titles_have_units(mspec)
    with pytest.raises(ValueError, match="sweep: lacks"):
        fj.memory_chart(sweep.drop(columns="page_read_mib_s"))


def test_chart_input_errors(frame):
    with pytest.raises(ValueError, match="value: 3"):
        fj.guests_picker(3)
    with pytest.raises(ValueError, match="frame: empty"):
        fj.stacking_chart(frame.iloc[:0])
    with pytest.raises(ValueError, match="lacks column"):
        fj.stacking_chart(frame.drop(columns="stacking"))
    with pytest.raises(ValueError, match="default_view"):
        fj.stacking_chart(frame, default_view="pie")
    with pytest.raises(ValueError, match="part: 'all'"):
        fj.comparison_table(part="all")


def test_comparison_tables_keep_calibration_apart(case):
    cal = fj.comparison_table(case, "calibration")
    val = fj.comparison_table(case, "validation")
    off = fj.comparison_table(case, "not modelled")
    assert set(cal["verdict"]) <= {"calibrated", "input"}
    assert not set(val["verdict"]) & {"calibrated", "input", "not modelled"}
    assert set(off["verdict"]) == {"not modelled"}
    assert len(cal) + len(val) + len(off) == len(jvm.comparison(case))
    assert cal.set_index("quantity").loc["LPAR load, 1 guest (IFLs)", "document"] == "13.7"
    assert list(val.columns) == ["quantity", "document", "model", "model / document", "verdict"]
    assert isinstance(val, pd.DataFrame)


def test_explorer_chart(case):
    spec = fj.explorer_chart().to_dict()
    assert "(document: 8.8 IFLs)" in spec["description"]
    other = fj.explorer_chart(guests=50, vcpus=1, memory_gib=160, cpus=12, binaries="minidisk").to_dict()
    assert "(document:" not in other["description"]
    c = jvm.calibrated("minidisk")
    m = jvm.measures(jvm.run(50, c, vcpus=1, memory_gib=160, cpus=12), c)
    assert f"throughput {100 * m['throughput']:.1f} %" in other["description"]
    failing = fj.explorer_chart(guests=1, vcpus=24, memory_gib=140).to_dict()
    assert "clients time out" in failing["description"]
    with pytest.raises(ValueError, match="guests: 3 does not divide"):
        fj.explorer_chart(guests=3)
    with pytest.raises(ValueError, match="vcpus: 8 virtual CPUs per guest are more than the 4"):
        fj.explorer_chart(vcpus=8, cpus=4)
    with pytest.raises(ValueError, match="binaries"):
        fj.explorer_chart(binaries="nfs")


# --- the chapter's prose: the report's numbers by record id ----------------------------------


def test_document_texts_read_every_record():
    case = jvm.calibrated()
    texts = fj.document_texts(case)
    obs = jvm.observations()
    for rid, r in obs.iterrows():
        if r["relation"] == "between":
            assert texts[f"{rid}-lower"] == f"{r['lower']:g}" and texts[f"{rid}-upper"] == f"{r['upper']:g}"
        else:
            assert texts[rid] == f"{r['value']:g}"
    v = obs["value"]
    # the derived numbers the prose states: 13.7 - 8.8 and the CP part of scenario 3 (2.3 - 1.9)
    assert float(texts["jvm-doc-lpar-diff"]) == pytest.approx(v["o003-s1-lpar-max"] - v["o003-s1-lpar-min"])
    assert float(texts["jvm-doc-s3-cp-inc"]) == pytest.approx(v["o003-s3-lpar-inc"] - v["o003-s3-emu-inc"])
    # the model's inputs are the report's LPAR, and the single guest has every IFL as a virtual CPU
    assert case.cpus == v["o003-lpar-cpus"] and case.lpar_memory_gib == v["o003-lpar-memory"]
    assert case.heap_mib == v["o003-jvm-heap"] and case.jvms_total == v["o003-jvms-total"]
    assert texts["jvm-doc-t4-vcpus1"] == f"{case.cpus}"


def test_case_jvm_twin_types_no_report_number():
    from twin_text import twin_prose
    prose = twin_prose("case_jvm", headings=False, inline_code=False)
    for typed in ("13.7", "8.8", "4.9", "3.6", "3.2", "1.9", "2.3", "1.4", "2.2", "1.5", "16.7", "8.3", "0.4",
                  "3 %", "19 %", "700 MiB", "128 MiB", "64 MiB", "200 GB", "140", "22:1"):
        assert typed not in prose, typed
