"""The chapter "How good is the model?" and its appendix "How the model is fitted and
checked" (figures_validation): the claims they render, the static CID chart, the facts the
prose states about the model's misses, and that what a reader sees is named as the book
names things (overcommit.names), in tables that become cards on a phone."""

from __future__ import annotations

import re

import pandas as pd
import pytest

import overcommit as oc
from overcommit import calibrate, names, validation
from overcommit import claims as claim_rules
from overcommit.book import figures_validation as fv
from pathlib import Path

from spec_utils import walk


def _params(chart) -> dict[str, dict]:
    out = {}
    for node in walk(chart.to_dict()):
        for p in node.get("params", []) if isinstance(node, dict) else []:
            if "bind" in p:
                out[p["name"]] = p
    return out


def test_claims_frame_keeps_calibration_apart_and_matches_validation():
    table = validation.evaluate()
    f = fv.claims_frame(table)
    assert len(f) == len(table)
    assert set(f.loc[f["kind"] == "calibration", "group"]) == {"calibration"}
    assert (f.loc[f["kind"] == "validation", "group"] == f.loc[f["kind"] == "validation", "topic"]).all()
    assert f.set_index("id")["passed"].equals(table.set_index("id").loc[f["id"], "passed"])
    valid, calib = fv.claims_tables(f, ids=True)
    assert len(valid) + len(calib) == len(table)
    assert set(calib.index) == set(table.loc[table["kind"] == "calibration", "id"])
    # as the chapter shows them: "Claim 16", numbered in the registry's order
    shown_valid, shown_calib = fv.claims_tables(f)
    assert list(shown_calib.index) == [names.claim(c) for c in calib.index]
    assert list(shown_valid.index) == [names.claim(c) for c in valid.index]
    assert shown_calib.equals(calib.set_axis(shown_calib.index))


def test_claims_frame_names_a_bad_table():
    with pytest.raises(ValueError, match="column 'passed' missing"):
        fv.claims_frame(validation.evaluate().drop(columns=["passed"]))
    bad = validation.evaluate().copy()
    bad.loc[0, "kind"] = "guess"
    with pytest.raises(ValueError, match="kind 'guess' is not accepted"):
        fv.claims_frame(bad)


def test_grid_frame_is_the_sweep_and_the_papers_statements(results):
    model, paper = fv.grid_frame()
    s = results
    row = s[(s.cid == "64/15") & (s.env == "zvm63-eckd") & (s.variant == "java-high")].iloc[0]
    got = model[(model.cid == "64/15") & (model.env == "zvm63-eckd") & (model.variant == "java-high")]["x"].iloc[0]
    assert got == pytest.approx(row["relative_throughput"], rel=1e-3)
    assert set(model["cid"]) == set(oc.data.cid_grid()["cid"])
    # The paper's 70 % at 96/20 for the database is drawn there and nowhere else.
    db9620 = paper[(paper.variant == "db-bi") & (paper.x == 0.7)]
    assert list(db9620["cid"]) == ["96/20"] and list(db9620["env"]) == ["zvm63-edev"]
    # Calibration targets are labelled as such.
    assert paper.loc[paper["kind"] == "calibration", "text"].str.endswith("(fitted)").all()


def test_grid_chart_binds_cid_and_environment_and_filters_on_both():
    chart = fv.grid_chart(cid="64/20", env="zvm63-eckd")
    params = _params(chart)
    assert params["cid"]["value"] == "64/20"
    assert params["cid"]["bind"]["options"] == list(oc.data.cid_grid()["cid"])
    assert params["env"]["value"] == "zvm63-eckd"
    filters = {str(t["filter"]) for node in walk(chart.to_dict()) if isinstance(node, dict)
               for t in node.get("transform", []) if "filter" in t}
    # bars, values and the paper's marks all follow both pickers
    assert filters == {"((datum.cid === cid) && (datum.env === env))"}
    with pytest.raises(ValueError, match="cid: '1/1' is not accepted"):
        fv.grid_chart(cid="1/1")
    with pytest.raises(ValueError, match="env: 'zvm99' is not accepted"):
        fv.grid_chart(env="zvm99")


def test_observation_frame_marks_fit_targets_from_the_declared_subset():
    f = fv.observation_frame()
    targets = calibrate.target_observations()
    assert set(f.loc[f["role"] == fv.ROLE_FIT, "id"]) <= targets
    assert not set(f.loc[f["role"] != fv.ROLE_FIT, "id"]) & targets
    with pytest.raises(ValueError, match="band: 2 is not accepted"):
        fv.observation_chart(f, band=2)
    with pytest.raises(ValueError, match="result: a run of 96/20"):
        fv.observation_frame(oc.simulate("96/20"))


def test_paper_pin_check_finds_the_tenfold_inconsistency_the_chapter_describes():
    pins = fv.paper_pin_check()
    for guest in ("fs-pagecache-medium", "fs-pagecache-high"):
        assert 8 < pins.loc[guest, "stated / implied"] < 13
    for guest in ("java-medium", "java-high"):
        assert pins.loc[guest, "stated / implied"] == pytest.approx(1.0, abs=0.15)


def test_the_prose_on_the_largest_misses_holds():
    k = fv.key_numbers()
    # "How much paging": below the paper's 88 MiB/s and the targets' sum; "outside",
    # "inside" or "near the bottom of" the claim's band, whichever holds (with the shipped fit
    # near its bottom, 70.7 MiB/s, so `paging-6420-rate` passes); WebSphere furthest short of
    # its targets, the database less, Java a little above (21.2 of 20.1 MiB/s with the shipped
    # fit); against the short total the database's share comes out above the paper's and the
    # Java guests' at the top of its band (23 % ± 7 points), and both pass
    assert 0.75 * 88 <= k["page_reads_6420"] < 0.85 * 88
    assert k["page_reads_6420"] < k["page_reads_targets"]
    claims = fv.claims_frame().set_index("id")
    assert bool(claims.loc["paging-6420-rate", "passed"]) == (k["page_reads_6420"] >= 0.75 * 88)
    assert k["was_reads"] < k["was_reads_target"]
    assert k["java_reads_target"] < k["java_reads"] < 1.1 * k["java_reads_target"]
    db_reads = float(oc.simulate("64/20").guests.loc["db-bi", "page_read_mib_s"])
    assert k["was_reads"] / k["was_reads_target"] < db_reads / 20 < 1 < k["java_reads"] / k["java_reads_target"]
    assert db_reads / k["page_reads_6420"] > 20 / 88
    assert 29 < 100 * k["java_reads"] / k["page_reads_6420"] <= 30
    assert claims.loc[["paging-6420-rate", "paging-db-share", "paging-java-share"], "passed"].all()
    # per-guest reclaim times: the fitted exponent makes the database's own time many times
    # the global one, and the paper's Java pair implies less than the global time
    assert 0 < k["reclaim_exponent"] <= 1
    assert k["T_db_6420"] > 10 * k["T_6420"] > 10 * k["T_java_high_paper"]
    # the high Java guest keeps far less resident than the paper's 85 %
    assert k["java_high_resident_pct"] < 75
    # the fio drain backlog is measured and far below the procedure's five minutes
    assert 0 < k["drain_eckd_6420"] < k["drain_limit_s"] / 10
    # the model's 6.2 failures are the database's, never WebSphere's
    assert k["failed_62_variants"] == "db-bi"
    # "the database: more CPU for less work": at 512/20 the host is full most of the time,
    # the database spins and uses more CPU than its reference at a lower throughput; with
    # less memory the host is full less often, it spins a little less and gains a little, by
    # less than a direction needs ("`db-gains` misses"); its best run at the paper's sizes is
    # one step from 96/20, and 96/20 is inside the band ("`db-9620` passes")
    assert k["busy_51220"] > 0.5 and k["db_spin_51220"] > 1
    assert k["db_cpu_51220"] > k["db_cpu_ref"] and k["db_51220"] < 1
    assert k["busy_6420"] < k["busy_51220"] and 1 < k["db_spin_6420"] < k["db_spin_51220"]
    assert 0 < k["db_6420"] - k["db_51220"] < claim_rules.DIRECTION_MIN
    g = validation._grid()
    assert max(validation.RUN_CIDS, key=lambda c: g.x("db-bi", c)) in ("112/20", "64/20")
    # with 15 CPUs the host stays full: the database's throughput and CPU fall with memory, by
    # less than a direction needs, and its spinning hardly eases
    assert 0 < k["db_51215"] - k["db_6415"] < claim_rules.DIRECTION_MIN
    assert 0 < 1 - k["db_cpu_6415"] / k["db_cpu_51215"] < claim_rules.DIRECTION_MIN
    assert 0 < k["db_spin_51215"] - k["db_spin_6415"] < 0.05 and k["busy_6415"] > 0.99
    # halving the CPUs: the CPU falls below the band (fewer virtual CPUs run at once, so less
    # spinning), the throughput by less than half
    assert k["db_cpu_51210"] / k["db_cpu_51220"] < 0.5 * (1 - claim_rules.ABOUT)
    assert k["db_51210"] / k["db_51220"] > 0.5 and k["db_spin_51210"] < k["db_spin_51220"]
    # still missing: 512/20 just above the paper's 0.60, the peak at the grid's smallest
    # memory rather than 96 GiB, and 512/15 below 512/20 with less CPU and less spinning
    assert 0.60 <= k["db_51220"] < 0.65
    assert k["db_peak_20_gib"] == oc.data.cid_grid()["real_memory_gib"].min() < 96
    assert k["db_peak_20"] > k["db_9620"]
    assert k["db_51215"] < k["db_51220"]
    assert k["db_cpu_51215"] < k["db_cpu_51220"] and 1 < k["db_spin_51215"] < k["db_spin_51220"]
    # "Idle CPUs while guests wait": under half a CPU in every constrained EDEV-SCSI run the
    # paper reports, at least half a CPU in the same run with nothing coupled; ECKD idles more
    assert k["idle_edev"] < 0.5 <= k["idle_edev_no_spin"]
    assert k["idle_edev"] == pytest.approx(float(claims.loc["cpu-idle", "model"]), abs=0.005)
    assert "ECKD" in k["idle_any_where"] and k["idle_any"] > k["idle_edev"]
    # "Java and network with 15 CPUs": Java cut; the high network level spins, which takes it
    # below its share floor but not into the band around the paper's 0.40
    assert k["java_high_51215"] < k["java_high_51220"] < 1
    assert k["net_high_spin_51215"] > 1
    assert 0.40 * (1 + claim_rules.ABOUT) < k["net_high_51215"] < k["net_high_floor_51215"]
    # Java's CPU with 15 CPUs falls by less than a direction needs from 112 to 64 GiB, with
    # 20 CPUs by more
    assert 0 < k["java_cpu_fall_15"] < claim_rules.DIRECTION_MIN < k["java_cpu_fall_20"]
    # "the light guests keep theirs": fio served in full at 20 CPUs and mostly at 10; WebSphere
    # below its band, the overall mean above its band
    assert k["fsdh_51220"] == k["fsph_51220"] == 1 and k["fio_cpu_51210"] > 0.5 * k["fio_cpu_51220"]
    assert k["fio_min_51210"] > 0.5
    assert k["was_medium_51210"] / k["was_medium_51220"] < 0.5 * (1 - claim_rules.ABOUT)
    assert k["overall_5125"] / k["overall_51220"] > 0.25 * (1 + claim_rules.ABOUT)
    # "right direction, too small": ECKD below EDEV-SCSI at 96/20 by less than a direction,
    # more at 64/20; fio's two high levels move the paper's way by less than 3 points; the
    # high network level's CPU at 20 CPUs falls by less than 3 %
    gap = {m: k[f"overall_{m}20"] - k[f"overall_{m}20_eckd"] for m in (96, 64)}
    assert 0 < gap[96] < claim_rules.DIRECTION_MIN < gap[64]
    assert 0 < k["fsdh_6420"] - k["fsdh_51220"] < claim_rules.DIRECTION_MIN
    assert 0 < k["fsph_51220"] - k["fsph_6420"] < claim_rules.DIRECTION_MIN
    assert 0 < 1 - k["net_high_cpu_6420"] / k["net_high_cpu_51220"] < claim_rules.DIRECTION_MIN
    assert k["reads_9620"] < k["page_reads_6420"] < 88
    # the scorecard's sentences: one calibration claim misses (the high Java guest's
    # residency, quoted in "How much paging"), and Java is the weakest topic
    f = fv.claims_frame()
    assert set(f.loc[(f["kind"] == "calibration") & ~f["passed"], "id"]) == {"java-resident-6420"}
    by_group = f[f["kind"] == "validation"].groupby("group")["passed"].mean()
    assert by_group.idxmin() == "Java" and by_group.nsmallest(2).is_unique
    # the verdicts the section names
    passed = claims["passed"]
    assert passed[["db-9620", "db-cpu-20", "db-10cpu", "cpu-system-rises"]].all()
    assert not passed[["db-51220-low", "cpu-idle", "java-above-ref", "java-knee", "java-cpus", "net-medium-15",
                       "cpu-cp-guest-flat", "db-5-gains", "was-cpu-20", "was-medium-was-cpu", "java-cpu-cpus",
                       "net-memory-20", "net-high-15-regain", "net-high-cpu-15", "was-medium-64", "db-gains",
                       "net-high-15", "overall-linear-cpus", "was-linear-cpus", "db-cpu-halving", "db-15-falls",
                       "db-cpu-15", "java-cpu-memory", "net-high-cpu-20", "env-eckd-20cpu", "fs-direct-gains",
                       "fs-pagecache-loses"]].any()
    # "Right direction, too small" lists exactly the validation claims that miss although the
    # model moves the paper's way
    assert set(fv.SHORT_CLAIMS) <= set(f.loc[(f["kind"] == "validation") & ~f["passed"], "id"])
    # "a change of a point or two is within what one assumption moves a result by": the
    # database's coupling moved by a tenth (1 to 0.9) moves it at 512/20 by about as much as
    # its whole gain to 64/20, and by less than a direction
    from dataclasses import replace

    db = oc.study_variants()["db-bi"]
    nudged = {**oc.study_variants(), "db-bi": replace(db, coupling=0.9)}
    move = oc.simulate("512/20", variants=nudged).workloads.loc["db-bi", "relative_throughput"] - k["db_51220"]
    gain = k["db_6420"] - k["db_51220"]
    assert db.coupling == 1 and 0.75 * gain < move < claim_rules.DIRECTION_MIN
    # the later claims' misses: CP time per fault with a full host at 5 CPUs; the database
    # at 5 CPUs spins as much at 64 GiB as at 512; the high network level gains at 20 CPUs as
    # the host empties and slips at 15, where the host stays full and CP's work grows
    assert min(k["busy_5125"], k["busy_645"]) > 0.999 and k["cp_guest_645"] > (1 + validation.ALMOST) * k["cp_guest_5125"]
    assert k["db_645"] <= k["db_5125"] and abs(k["db_spin_645"] - k["db_spin_5125"]) < 0.02
    assert k["was_medium_was_cpu_9620"] < k["was_medium_was_cpu_51220"]
    # at 64/20 the CP time of its faults makes up for its lost work to within 1 % (the
    # chapter glues whether a little more or a little less)
    assert abs(k["was_medium_was_cpu_6420"] / k["was_medium_was_cpu_51220"] - 1) < 0.01
    assert k["net_high_6420"] > k["net_high_51220"] and k["net_high_spin_6420"] < k["net_high_spin_51220"]
    assert min(k["busy_51215"], k["busy_6415"]) > 0.99 and k["cp_6415"] > k["cp_51215"]
    assert k["net_high_6415"] < k["net_high_9615"] < k["net_high_51215"]
    e = fv.eckd_path()
    # even the paper's paging rate would not cross the fio I/O-error threshold
    assert e["utilisation"] < e["utilisation_at_paper_reads"] < e["threshold"]
    assert e["reads_needed_mib_s"] > 88
    with pytest.raises(ValueError, match="paper_reads_mib_s: 0 is not accepted"):
        fv.eckd_path(paper_reads_mib_s=0)


def test_the_fairness_bound_the_chapter_quotes_rules_out_the_papers_512_15():
    """'the host would have needed ... CPUs where ... are left after CP's own work. The
    outcome fits only if WebSphere and fio ran at no more than ... of their reference'."""
    b = validation.fairness_bound()
    assert b["cid"] == "512/15" and b["needed_cpus"] > b["available_cpus"]
    assert 0 < b["rest_fraction"] < 1


def test_the_grading_rule_the_chapter_states_is_the_registry_s():
    """'A direction ... counts only for a change of at least 3 points of relative throughput,
    or 3 % of a CPU load ... An "about x" finding passes inside a band of ±15 % ..., stated in
    the table's paper column. A "best at" finding passes when the model's best run is within
    one of the paper's steps'."""
    assert (claim_rules.DIRECTION_MIN, claim_rules.ABOUT) == (0.03, 0.15)
    assert claim_rules.rises(0.5, 0.53) and not claim_rules.rises(0.5, 0.529)
    assert claim_rules.falls(2.0, 1.94, relative=True) and not claim_rules.falls(2.0, 1.95, relative=True)
    paper = fv.claims_frame().set_index("id")["paper"]
    for claim in ("overall-linear-cpus", "db-9620", "db-cpu-halving", "was-linear-cpus", "net-high-15"):
        assert "(±15%: " in paper[claim], claim
    assert paper["db-9620"].startswith("best at 96/20 (±1 step)")
    for claim in ("db-gains", "db-5-gains", "net-high-15-regain", "fs-direct-gains", "fs-pagecache-loses"):
        assert "by 3 points or more" in paper[claim], claim


def test_no_paging_counterfactual_changes_some_claims_but_not_cpu_ones():
    n = fv.no_paging_claims()
    v = n[n["kind"] == "validation"]
    only_with_paging = v.index[v["passes"] & ~v["passes without paging"]]
    assert "overall-drop-64" in only_with_paging
    # the best database run near 96/20 needs paging; its CPU signature does not; the CPU
    # scaling misses and the too-small gain miss either way, with the same CPU ratio
    assert "db-9620" in only_with_paging
    assert bool(v.loc["db-cpu-20", "passes without paging"])
    for claim in ("overall-linear-cpus", "was-linear-cpus", "db-gains"):
        assert not v.loc[claim, "passes"] and not v.loc[claim, "passes without paging"], claim
    assert v.loc["overall-linear-cpus", "model"] == v.loc["overall-linear-cpus", "model without paging"]
    assert list(only_with_paging) == ["fail-62-most", "overall-drop-64", "paging-below-96", "paging-62-steeper",
                                      "db-9620"]
    # every claim, and the claims that read one run's guests see the 512 GiB run too: with
    # no paging there is no share of page reads to pass on
    assert len(n) == len(validation.evaluate())
    assert not n.loc[n["kind"] == "calibration", "passes without paging"].any()
    assert n.loc["was-medium-was-cpu", "model without paging"] != n.loc["was-medium-was-cpu", "model"]
    # the claims that only bound what paging may do are met by a model without it; one of
    # them is the claim the model's paging breaks
    assert v.loc[list(fv.BOUND_CLAIMS), "passes without paging"].all()
    assert list(v.index[~v["passes"] & v["passes without paging"]]) == ["cpu-cp-guest-flat"]


def test_later_claims_and_coverage_are_what_the_chapter_counts():
    """'the first 31 ... give 15; the last 24 ... 11 pass'; every record of seed 000 is a
    claim's, the fit's or set aside under a reason of validation.NOT_CLAIMS."""
    f = fv.claims_frame()
    v = f[f["kind"] == "validation"]
    later = v["id"].isin(fv.LATER_CLAIMS)
    assert later.sum() == len(fv.LATER_CLAIMS) == len(set(fv.LATER_CLAIMS))
    assert (int(v.loc[~later, "passed"].sum()), int((~later).sum())) == (15, 31)
    assert (int(v.loc[later, "passed"].sum()), int(later.sum())) == (11, 24)
    # the scorecard's sentences: every paging claim passes, and only those; Java passes none
    by_group = v.groupby("group")["passed"].agg(["sum", "size"])
    assert list(by_group.index[by_group["sum"] == by_group["size"]]) == ["paging"]
    assert by_group.loc["Java", "sum"] == 0
    assert set(fv.BOUND_CLAIMS) <= set(v["id"])
    cover = fv.coverage()
    assert int(cover["records"].sum()) == len(oc.data.observations(["observations_000.csv"]))
    assert len(cover) == 2 + len(validation.NOT_CLAIMS)


def test_calibration_sensitivity_table_is_the_stored_file_with_todays_totals():
    t = fv.calibration_sensitivity()
    sens = oc.data.load_table("calibration_sensitivity.csv")
    assert len(t) == len(sens)
    n = validation.evaluate()["kind"].value_counts()
    # a refit whose model has no steady state on the paper's grid has no verdicts: "no verdict"
    none = sens["validation_passed"].isna().to_numpy()
    assert none.any() and (sens.loc[none, "calibration_passed"].isna()).all()
    for column, kind in (("validation claims passed", "validation"), ("calibration claims passed", "calibration")):
        assert (t.loc[none, column] == "no verdict").all()
        assert t.loc[~none, column].str.endswith(f" of {n[kind]}").all()
    assert t.loc[none, "verdicts that differ from the chosen fit's"].str.startswith("no verdicts").all()
    # the chosen fit's row is today's totals
    passed = validation.summary()
    assert t.loc[0, "validation claims passed"] == f"{passed['validation_passed']} of {n['validation']}"
    assert t.loc[0, "calibration claims passed"] == f"{passed['calibration_passed']} of {n['calibration']}"


@pytest.mark.parametrize("compact", [False, True])
def test_scorecard_gives_every_claim_a_column_and_fits_a_phone(compact):
    """With 11 claims about the database the squares of the largest row must not overlap, and
    the phone layout's rows (labels, squares, counts) must fit a 390 px screen's text column
    (about 340 px)."""
    f = fv.claims_frame()
    spec = fv.claims_chart(f).to_dict()
    layout = spec["usermeta"]["narrow"] if compact else spec
    top = layout["vconcat"][0]
    slots = int(f.groupby("group").size().max())
    slot_px = top["width"] / slots
    squares = [m["mark"] for m in walk(top) if isinstance(m, dict) and isinstance(m.get("mark"), dict)
               and m["mark"].get("type") == "square"]
    assert squares and all(m["size"] ** 0.5 < slot_px - 4 for m in squares)
    counts = next(m for m in walk(top) if isinstance(m, dict) and isinstance(m.get("mark"), dict)
                  and m["mark"].get("type") == "text" and m.get("encoding", {}).get("x", {}).get("value"))
    assert counts["encoding"]["x"]["value"] >= top["width"]
    if compact:
        # 11 px type: about 6 px a character (drawn at 390 px, the chart was 336 px wide)
        label_px = 6 * max(len(g) for g in fv.GROUPS) + 8
        longest = max(len(f"{int(o)} of {n}") for o, n in f.groupby("group")["passed"].agg(["sum", "size"]).values)
        assert label_px + top["width"] + 4 + 6 * longest <= 340


def test_claim_lines_put_long_numbers_on_two_lines_rather_than_cut_them():
    f = fv.claims_frame()
    lines = fv.claim_lines(f, width=40)
    numbers = lines[lines["style"] == "numbers"]
    assert (numbers["text"].str.len() <= 46).all()
    split = numbers.groupby("id").size()
    assert (split == 2).any() and (split <= 2).all()
    both = numbers[numbers["id"].isin(split[split == 2].index)]
    assert both.groupby("id")["text"].first().str.startswith("paper: ").all()
    assert both.groupby("id")["text"].last().str.startswith("model: ").all()


def test_text_table_has_a_fixed_id():
    frame = pd.DataFrame({"a": ["x"]})
    html = fv.text_table(frame, "claims").to_html()
    assert "T_claims" in html and "oc-text-table" in html
    assert fv.text_table(frame, "claims").to_html() == html
    with pytest.raises(ValueError, match="name: 'no good' is not accepted"):
        fv.text_table(frame, "no good")


def test_text_table_writes_numbers_as_a_reader_would():
    frame = pd.DataFrame({"target": [39900.0, 0.012345, 2.0, float("nan")], "what": ["a", "b", "c", "d"]})
    html = fv.text_table(frame, "numbers").to_html()
    assert "39,900" in html and "0.0123" in html and ">2<" in html
    assert "000000" not in html and "nan" not in html
    # positions as row labels are not shown; real labels become a first column under their name
    assert 'class="row_heading' not in html
    labelled = fv.text_table(frame.set_index("what"), "labelled").to_html()
    assert 'class="row_heading' not in labelled and ">what</th>" in labelled and ">a</td>" in labelled


@pytest.mark.parametrize("value,text", [(39900.0, "39,900"), (250.4, "250"), (1.5, "1.5"), (0.00012345, "0.000123"),
                                        (7, "7"), (float("nan"), ""), (None, "")])
def test_readable_number(value, text):
    assert fv.readable_number(value) == text


def test_the_fairness_bound_is_drawn_as_the_sum_of_its_parts():
    """results_model, "Why a fluid share model ...": the bar's segments are the terms of the
    bound, they add up to the CPUs it needs, and the rule marks the CPUs available."""
    import json

    from overcommit import validation
    from overcommit.book import figures_validation as fv

    parts = validation.fairness_bound(parts=True)
    total = validation.fairness_bound()
    assert abs(parts["cpus"].sum() - total["needed_cpus"]) < 1e-9
    roles = parts.set_index("variant")["role"]
    assert set(roles[roles == "served in full"].index) == {"java-medium", "java-high", "net-medium"}
    assert set(roles[roles == "at the paper's value"].index) == {"db-bi", "net-high"}
    assert total["needed_cpus"] > total["available_cpus"] + 3
    text = json.dumps(fv.fairness_chart().to_dict())
    assert f"{total['available_cpus']:.1f} CPUs left after CP's work" in text
    assert f"{total['needed_cpus']:.1f} CPUs" in text


# --- what a reader sees: display names, words for verdicts, cards on a phone --------------

_IDS = sorted(set(names.identifiers()), key=len, reverse=True)
_CODE = re.compile(r"(?<![\w/.-])(?:" + "|".join(map(re.escape, _IDS)) + r")(?![\w-])"
                   r"|(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w(-])|\bTrue\b|\bFalse\b|\bo000-")


def _code_in(text: str) -> list[str]:
    """A package identifier, a snake_case word, a Python bool or a record id in ``text``."""
    return sorted({m.group(0) for m in _CODE.finditer(text)})


def _cells(html: str) -> str:
    return " | ".join(re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[hd][^>]*>.*?</t[hd]>", html, flags=re.S))


def test_code_in_finds_what_a_reader_should_not_see():
    assert _code_in("claim db-gains | page_read_mib_s | True | o000-db-pin | fs-pagecache-medium") == [
        "True", "db-gains", "fs-pagecache-medium", "o000-", "page_read_mib_s"]
    assert _code_in("Claim 27 | page reads (MiB/s) | ✓ passes | fio, page cache, medium | 64/20") == []


@pytest.mark.parametrize("table", ["validation", "calibration", "short", "no_paging", "calibration_report",
                                   "pins", "scan", "sensitivity", "coverage"])
def test_the_reader_s_tables_name_no_code(table):
    """Every table results_model and model_method show, as rendered: claims by number and
    finding, guests and quantities by display name, places in the paper rather than record
    ids, verdicts as words."""
    f = fv.claims_frame()
    valid, calib = fv.claims_tables(f)
    frame = {
        "validation": lambda: valid.drop(columns=["topic"]),
        "calibration": lambda: calib.drop(columns=["topic"]),
        "short": lambda: valid.loc[[names.claim(c) for c in fv.SHORT_CLAIMS], ["finding (paraphrased)", "paper", "model"]],
        "no_paging": fv.no_paging_table,
        "calibration_report": fv.calibration_table,
        "pins": fv.pin_table,
        "scan": fv.calibration_scan,
        "sensitivity": fv.calibration_sensitivity,
        "coverage": fv.coverage,
    }[table]()
    text = _cells(fv.text_table(frame, table, cards=True).to_html())
    assert _code_in(text) == [], table


def test_the_raw_frames_would_show_code():
    """The check above can fail: the frames the chapters compute with carry the ids."""
    raw = [fv.no_paging_claims(), fv.calibration_report(), fv.paper_pin_check()]
    assert all(_code_in(_cells(fv.text_table(r, "raw").to_html())) for r in raw)


def test_no_paging_table_says_passes_and_misses():
    n = fv.no_paging_claims()
    t = fv.no_paging_table(n)
    assert list(t.index) == [names.claim(c) for c in n.index]
    assert set(t["verdict"]) | set(t["verdict without paging"]) <= {"✓ passes", "✗ misses"}
    assert (t["verdict"] == "✓ passes").sum() == n["passes"].sum()
    assert (t["verdict without paging"] == "✓ passes").sum() == n["passes without paging"].sum()


def test_calibration_table_is_the_report_with_names_and_places():
    r = fv.calibration_report()
    t = fv.calibration_table(r)
    assert len(t) == len(r) and list(t["model"]) == list(r["model"])
    assert list(t["guest"]) == [names.guest(s) for s in r["subject"]]
    assert list(t["quantity"]) == [names.quantity(q) for q in r["quantity"]]
    # "o000-jm-dpa, o000-sys-dpa": the Java section's paragraph, then the database section's
    assert fv.record_sources("o000-jm-dpa, o000-sys-dpa") == (
        "Java workload, observations paragraph 1; Database BI workload, observations paragraph 1 (Figure 11)")
    assert fv.record_sources("o000-fsd-nopaging / o000-n-nopaging (negligible)").endswith("(negligible)")
    with pytest.raises(ValueError, match="names no record"):
        fv.record_sources("page_read_mib_s")


def test_claim_names_and_the_sensitivity_flips_read_as_sentences():
    assert fv.claim_names(["db-gains"]) == names.claim("db-gains")
    n = [names.claim(c).split()[1] for c in ("db-gains", "cpu-idle", "fail-eckd-64")]
    assert fv.claim_names(["db-gains", "cpu-idle", "fail-eckd-64"]) == f"Claims {n[0]}, {n[1]} and {n[2]}"
    with pytest.raises(ValueError, match="ids: empty"):
        fv.claim_names([])
    flips = list(fv.calibration_sensitivity()["verdicts that differ from the chosen fit's"])
    assert flips[-1] == f"{names.claim('paging-6420-rate')} (now fails); {names.claim('paging-db-share')} (now fails)"
    assert "no verdicts: the refit model does not converge on the paper's grid" in flips


def test_text_table_cards_label_every_cell_with_its_column():
    frame = pd.DataFrame({"claim": ["Claim 1", "Claim 2"], "finding": ["short", "a finding far longer than a card's line"],
                          "verdict": ["✓ passes", "✗ misses"]})
    html = fv.text_table(frame, "cards", cards=True).to_html()
    assert 'class="dataframe oc-text-table oc-cards"' in html
    cells = re.findall(r'<td id="T_cards_row(\d)_col(\d)" class="([^"]*)" data-label="([^"]*)" >([^<]*)</td>', html)
    assert len(cells) == 6
    for row, col, classes, label, text in cells:
        assert label == frame.columns[int(col)] and text == frame.iloc[int(row), int(col)]
        assert ("oc-wide" in classes) == (len(text) > fv.WIDE_CELL)
    # without cards: the table as before, no labels
    plain = fv.text_table(frame, "plain").to_html()
    assert "data-label" not in plain and "oc-cards" not in plain
    # a label is HTML-escaped
    quoted = fv.text_table(pd.DataFrame({'a "b" <c>': ["x"]}), "quoted", cards=True).to_html()
    assert 'data-label="a &quot;b&quot; &lt;c&gt;"' in quoted


def test_the_phone_css_lays_cards_out_from_the_labels():
    """overcommit.css turns an oc-cards table into cards under 640 px, from data-label."""
    css = (Path(__file__).resolve().parents[1] / "book" / "_static" / "overcommit.css").read_text()
    start = css.index(".oc-cards")
    media = css[:start].rindex("@media")
    assert css[media:start].startswith("@media (max-width: 640px)") and "}" not in css[media:start]
    block = css[start:css.index("\n}", start)]
    assert "attr(data-label)" in block and "td.oc-wide" in block


@pytest.mark.parametrize("build, field, expected", [
    (lambda: fv.grid_chart(), "name", fv.NAME_ORDER),
    (lambda: fv.explorer_chart(), "name", fv.NAME_ORDER),
    (lambda: fv.calibration_chart(), "guest", None),
])
def test_charts_draw_display_names(build, field, expected):
    """The rows of the variant charts and of the calibration chart are named as the book
    names them; no dataset the chart carries holds a package id in a field it shows."""
    spec = build().to_dict()
    ys = [n["encoding"]["y"] for n in walk(spec) if isinstance(n, dict) and isinstance(n.get("encoding"), dict)
          and isinstance(n["encoding"].get("y"), dict) and n["encoding"]["y"].get("field") in (field, "variant", "target")]
    assert ys and {y["field"] for y in ys} == {field}
    if expected is not None:
        assert all(y["sort"] == expected for y in ys)
    shown = {t["field"] for n in walk(spec) if isinstance(n, dict) for t in n.get("tooltip", []) or []
             if isinstance(t, dict) and "field" in t} | {field}
    for rows in spec.get("datasets", {}).values():
        for row in rows:
            for key in shown & set(row):
                assert _code_in(str(row[key])) == [], (key, row[key])
