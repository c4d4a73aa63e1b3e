"""The chapter "The Java workload": its own builders (figures_java) and the facts its prose
states. If the model changes and one of those facts stops holding, the prose is wrong and a
test here fails."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

import overcommit as oc
from overcommit import data, planning, replacement
from overcommit.book import figures_java as fj
from overcommit.book import figures_workload as fw
from overcommit.model import ENVIRONMENTS
from overcommit.workloads import study_guests, study_variants
from spec_utils import walk, bound as _bound

LEVELS = ("java-medium", "java-high")


@pytest.fixture(scope="module")
def lframe(results):
    return fj.limits_frame(results)


def _x(cid, variant, env="zvm63-edev", variants=None):
    return float(oc.simulate(cid, env=env, variants=variants).workloads.loc[variant, "relative_throughput"])




# --- figures_java: the two limits ------------------------------------------------------------

def test_limits_frame_covers_the_grid_and_holds_the_models_values(lframe):
    assert len(lframe) == len(ENVIRONMENTS) * 7 * len(fj.CPU_COUNTS) * len(LEVELS)
    assert not lframe.duplicated(["env", "variant", "memory_gib", "cpus"]).any()
    row = lframe.set_index(["env", "variant", "memory_gib", "cpus"]).loc[("zvm63-eckd", "java-high", 64, 15)]
    assert row["actual"] == pytest.approx(_x("64/15", "java-high", "zvm63-eckd"), rel=1e-3)
    assert row["cpu_only"] == pytest.approx(_x("512/15", "java-high", "zvm63-eckd"), rel=1e-3)
    assert row["memory_only"] == pytest.approx(_x((64, fj.SPARE_CPUS), "java-high", "zvm63-eckd"), rel=1e-3)
    assert row["multiplied"] == pytest.approx(row["cpu_only"] * row["memory_only"], rel=2e-3)
    assert row["lower"] == pytest.approx(min(row["cpu_only"], row["memory_only"]), rel=1e-3)


def test_spare_cpus_cut_nobody():
    total_vcpus = sum(g.vcpus for g in study_guests())
    assert fj.SPARE_CPUS > total_vcpus
    for m in (512, 64, 48):
        assert oc.simulate((m, fj.SPARE_CPUS)).system["idle_cpu"] > 1.0


def test_model_runs_at_the_lower_ceiling_not_the_product_on_edev(lframe):
    e = lframe[lframe.env == "zvm63-edev"]
    above = e["actual"] - e["lower"]
    over = above > max(-above.min(), 0.0)  # the chapter's rule for the exceptions
    # within about 0.02 of the lower ceiling everywhere else ...
    assert above[~over].abs().max() < 0.025
    assert (~over).sum() >= 0.8 * len(e)
    # ... and the exceptions, of both levels and all at 64 or 48 GiB, run above their memory ceiling
    ex = e[over].set_index(["variant", "memory_gib", "cpus"])
    assert set(ex.index.get_level_values("variant")) == set(LEVELS)
    assert set(ex.index.get_level_values("memory_gib")) <= {64, 48}
    assert (ex["actual"] - ex["lower"]).min() > 0.02
    assert (ex["lower"] == ex["memory_only"]).all()
    # "memory alone": with CPUs to spare WebSphere and the network levels run at about their
    # reference, faster than in any run with fewer CPUs, and the DPA turns over faster than in the runs
    others = ["was-medium", "was-high", "net-medium", "net-high"]
    for m in (64, 48):
        spare = oc.simulate((m, fj.SPARE_CPUS))
        w = spare.workloads["relative_throughput"]
        assert w[others].min() > 0.99
        for c in (20, 15, 10):
            cut = oc.simulate((m, c))
            assert (w[others] > cut.workloads.loc[others, "relative_throughput"]).all()
            assert spare.system["characteristic_time_s"] < cut.system["characteristic_time_s"]
    # at 48 GiB the medium level runs faster with 15 CPUs than with 20, because the DPA turns over more slowly
    ie = e.set_index(["variant", "memory_gib", "cpus"])
    assert ie.loc[("java-medium", 48, 15), "actual"] > ie.loc[("java-medium", 48, 20), "actual"]
    T = {c: oc.simulate((48, c)).system["characteristic_time_s"] for c in (20, 15)}
    assert T[15] > 1.2 * T[20]
    row = e.set_index(["variant", "memory_gib", "cpus"]).loc[("java-medium", 64, 15)]
    assert row["actual"] - row["multiplied"] > 0.2
    high = e.set_index(["variant", "memory_gib", "cpus"]).loc[("java-high", 64, 15)]
    assert high["memory_only"] > high["cpu_only"]  # so 64 GiB costs the high level little ...
    assert 0 < high["cpu_only"] - high["actual"] < 0.03
    # ... only what CP's paging takes from everyone's water level
    assert fj.water_level("64/15") < fj.water_level("512/15")


def test_eckd_64_15_runs_above_the_lower_ceiling_because_the_water_level_rises(lframe):
    row = lframe.set_index(["env", "variant", "memory_gib", "cpus"]).loc[("zvm63-eckd", "java-medium", 64, 15)]
    assert row["actual"] - row["lower"] > 0.05
    assert fj.water_level("64/15", "zvm63-eckd") > fj.water_level("512/15", "zvm63-eckd")


def test_limits_chart_controls_and_description(lframe):
    spec = fj.limits_chart(lframe).to_dict()
    bound = _bound(spec)
    assert {"env", "variant", "cpus"} <= set(bound)
    assert bound["cpus"]["bind"]["options"] == [str(c) for c in fj.CPU_COUNTS]
    assert bound["variant"]["bind"]["options"] == list(LEVELS)
    assert "lower of the other two dashed lines" in spec["description"]
    titles = [n["title"] for n in walk(spec) if isinstance(n.get("title"), str) and "(" in n["title"]]
    assert any("GiB" in t for t in titles)


@pytest.mark.parametrize("kwargs, field", [
    ({"variant": "java-low"}, "variant"),
    ({"cpus": 25}, "cpus"),
])
def test_limits_chart_rejects_bad_choices(lframe, kwargs, field):
    with pytest.raises(ValueError, match=field):
        fj.limits_chart(lframe, **kwargs)


def test_limits_chart_rejects_a_wrong_frame(lframe):
    with pytest.raises(ValueError, match="frame"):
        fj.limits_chart(lframe.drop(columns=["memory_only"]))


def test_limits_frame_rejects_bad_envs():
    with pytest.raises(ValueError, match="envs"):
        fj.limits_frame(envs=["zvm64"])


def test_paper_marks_are_the_papers_losses():
    marks = fj._paper_marks()
    pts = marks[marks.kind == "point"].set_index("variant")["y"]
    obs = data.observations().set_index("id")
    assert pts["java-medium"] == pytest.approx(1 - obs.loc["o000-jm-degr", "value"] / 100)
    assert pts["java-high"] == pytest.approx(1 - obs.loc["o000-jh-degr", "value"] / 100)
    band = marks[marks.kind == "band"]
    assert set(band["memory_gib"]) == {512, 256, 128, 112} and set(band["cpus"]) == {"20", "15"}


# --- figures_java: who the water-filling cuts --------------------------------------------

def test_cut_table_is_sorted_and_holds_the_models_cpu():
    t = fj.cut_table(("512/20", "512/15"), ids=True)
    assert len(t) == 17
    assert list(t["per 100 shares"]) == sorted(t["per 100 shares"], reverse=True)
    ref = oc.simulate("512/25").guests["cpu_load"]
    run = oc.simulate("512/15").guests["cpu_load"]
    for g in ("java-medium", "db-bi", "fs-direct-high"):
        assert t.loc[g, "512/15: % of reference CPU"] == round(100 * run[g] / ref[g])
    # the prose: Java asks for almost the most per share, and is cut the hardest
    order = list(t.index)
    assert order.index("java-medium") < 3 and order.index("java-high") < 5
    assert t.loc["java-medium", "512/15: % of reference CPU"] < t.loc["db-bi", "512/15: % of reference CPU"]
    assert (t.loc[[g for g in t.index if g.startswith("fs-")], "512/15: % of reference CPU"] == 100).all()


def test_cut_table_rejects_bad_input():
    with pytest.raises(ValueError, match="env"):
        fj.cut_table(env="nowhere")
    with pytest.raises(ValueError, match="cids"):
        fj.cut_table(cids=())


def test_water_level():
    assert math.isnan(fj.water_level("512/25"))
    g = oc.simulate("512/15").guests
    assert fj.water_level("512/15") == pytest.approx(100 * g.loc["java-medium", "cpu_allocated"] / 100, rel=1e-6)
    assert fj.water_level("512/15") < fj.water_level("512/20")


# --- figures_java: what residency and page-ins imply -----------------------------------------

@pytest.mark.parametrize("policy", ["clock", "lru", "fifo"])
def test_implied_clock_time_inverts_the_hit_probability(policy):
    T, lam = 300.0, 0.004
    h = float(replacement.hit_probabilities(np.array([lam]), T, policy)[0])
    p = lam * (1 - h) / h
    t, touch = fj.implied_clock_time(h, p, policy)
    assert t == pytest.approx(T, rel=1e-6)
    assert touch == pytest.approx(1 / lam, rel=1e-9)


@pytest.mark.parametrize("args, field", [
    ((1.0, 0.01), "resident_frac"),
    ((0.0, 0.01), "resident_frac"),
    ((True, 0.01), "resident_frac"),
    ((0.5, 0.0), "paged_in_per_s"),
    ((0.5, float("nan")), "paged_in_per_s"),
])
def test_implied_clock_time_rejects_bad_input(args, field):
    with pytest.raises(ValueError, match=field):
        fj.implied_clock_time(*args)


def test_implied_clock_time_rejects_unknown_policy():
    with pytest.raises(ValueError, match="policy"):
        fj.implied_clock_time(0.5, 0.01, "opt")


def test_residency_table_model_recovers_T_g_and_paper_needs_two_different_times():
    t = fj.residency_table()
    r = oc.simulate("64/20")
    T = float(r.system["characteristic_time_s"])
    beta = oc.model.environment("zvm63-edev").reclaim_exponent
    g = {x.name: x for x in study_guests()}
    tg = {}
    for v in LEVELS:
        model = t.loc[(v, "model")]
        paper = t.loc[(v, "paper")]
        tg[v] = T * float(replacement.reclaim_weights([g[v].touched_mib], beta)[0])
        assert model[fj.TG_COLUMN] == pytest.approx(tg[v], abs=0.5)
        assert 0.8 < tg[v] / T < 0.9  # "about 0.87 of the global T" for a Java guest
        assert model["resident / instantiated (%)"] < paper["resident / instantiated (%)"]
    # the inversion of the model's own numbers returns about each level's own reclaim time
    mm, mh = t.loc[("java-medium", "model")], t.loc[("java-high", "model")]
    assert mh["implied characteristic time T (s)"] == pytest.approx(tg["java-high"], rel=0.05)
    assert mm["implied characteristic time T (s)"] == pytest.approx(tg["java-medium"], rel=0.05)
    # two guests of the same size: the same reclaim time in the model ...
    assert tg["java-medium"] == pytest.approx(tg["java-high"], rel=0.03)
    # ... but the paper's numbers need a longer one for the medium and a much shorter one for the high level
    pm, ph = t.loc[("java-medium", "paper")], t.loc[("java-high", "paper")]
    assert pm["implied characteristic time T (s)"] > 1.1 * tg["java-medium"]
    assert ph["implied characteristic time T (s)"] < 0.7 * tg["java-high"]
    # "much further apart" than the model's two
    gap_paper = pm["implied characteristic time T (s)"] - ph["implied characteristic time T (s)"]
    assert gap_paper > 3 * abs(mm["implied characteristic time T (s)"] - mh["implied characteristic time T (s)"])
    # at its own T_g, the paper's 85 % resident would mean far fewer page-ins than the paper's 0.5 %/s
    h = ph["resident / instantiated (%)"] / 100
    lam = ph["implied characteristic time T (s)"] / ph["implied touch interval (s)"] / tg["java-high"]
    need_pin = 100 * lam * (1 - h) / h
    assert need_pin < 0.7 * ph["resident memory paged in per second (%)"]
    # the fit sided with the page reads: the high level pages in about the paper's rate (within the
    # 25 % of "about"), far more than it would at the paper's residency, and keeps far less resident
    pin_m, pin_p = mh["resident memory paged in per second (%)"], ph["resident memory paged in per second (%)"]
    assert need_pin < 0.7 * pin_m
    assert abs(pin_m / pin_p - 1) < 0.25
    res_m, res_p = mh["resident / instantiated (%)"], ph["resident / instantiated (%)"]
    assert res_m < res_p - 15
    # the page reads it sided with: the high level's share of them was a calibration target, and it hits
    pvm = fw.paper_vs_model("java")
    assert pvm.loc["o000-jh-pr-share", "use"] == "fitted" and pvm.loc["o000-jh-pr-share", "verdict"] == "✓"
    # "at 96/20 the model's Java still keeps nearly all of its heap resident"
    g96 = oc.simulate("96/20").guests
    for v in LEVELS:
        assert g96.loc[v, "resident_mib"] / g96.loc[v, "instantiated_mib"] > 0.9


# --- facts the prose states ---------------------------------------------------------------------

def test_java_never_exceeds_its_reference(results):
    j = results[results.variant.isin(LEVELS)]
    assert j["relative_throughput"].max() <= 1.0 + 1e-9
    # not even with CPUs to spare: Java has no spinning to shed
    for cid in ("512/40", (64, fj.SPARE_CPUS)):
        r = oc.simulate(cid)
        assert r.workloads.loc[list(LEVELS), "relative_throughput"].max() <= 1.0 + 1e-9
        assert (r.guests.loc[list(LEVELS), "spin_factor"] == 1.0).all()
    # "a guest runs above its reference only where something it waited for in the reference run
    # waits less, as the direct-I/O fio jobs do": in the grid, only they exceed theirs
    above = results[results["relative_throughput"] > 1.0 + 1e-9]
    assert len(above) and set(above["variant"]) <= {"fs-direct-medium", "fs-direct-high"}


def test_no_java_run_fails(results):
    assert not results[results.variant.isin(LEVELS)]["failed"].any()


def test_knee_at_20_cpus_lies_between_96_and_64_gib():
    for v in LEVELS:
        top = _x("512/20", v)
        assert _x("96/20", v) >= 0.98 * top
        assert _x("64/20", v) < 0.95 * top
    # "steep for the medium level": it loses a third of its 512/20 throughput at 64/20
    assert _x("64/20", "java-medium") < 0.7 * _x("512/20", "java-medium")


def test_with_15_cpus_64_gib_is_almost_as_good_as_512():
    for v in LEVELS:
        assert 0 < _x("512/15", v) - _x("64/15", v) < 0.03


def test_cpu_cut_already_at_20_cpus():
    for v in LEVELS:
        assert _x("512/20", v) < 0.9
        assert _x("512/15", v) < 0.6


def test_claims_throughput_targets_pass_resident_target_and_validation_fail():
    c = fw.claims_table("java", ids=True)
    assert c.loc["java-6420-medium", "verdict"].startswith("✓")
    assert c.loc["java-6420-high", "verdict"].startswith("✓")
    assert c.loc["java-resident-6420", "verdict"].startswith("✗")
    assert c.loc["java-resident-6420", "kind"] == "calibration"
    # it fails on the high level alone; the medium level keeps less than the paper's 91 %, but
    # within the claim's 5 points
    frac = oc.simulate("64/20").guests
    frac = frac["resident_mib"] / frac["instantiated_mib"]
    assert 0.91 - 0.05 < frac["java-medium"] < 0.91
    assert frac["java-high"] < 0.85 - 0.05
    # every validation claim fails
    for claim in ("java-above-ref", "java-knee", "java-cpus", "java-cpu-memory", "java-cpu-cpus"):
        assert c.loc[claim, "verdict"].startswith("✗")
        assert c.loc[claim, "kind"] == "validation"
    assert float(c.loc["java-above-ref", "model"]) <= 1.0
    assert set(c[c["kind"] == "validation"].index) == {"java-above-ref", "java-knee", "java-cpus", "java-cpu-memory",
                                                       "java-cpu-cpus"}


def test_cpu_load_claims_as_the_prose_explains(results):
    e = results[results.env == "zvm63-edev"].set_index(["variant", "cid"])["cpu_load"]
    for v in LEVELS:
        # flat down to 112 GiB, with 20 and 15 CPUs
        for c in (20, 15):
            assert e[(v, f"112/{c}")] >= 0.95 * e[(v, f"512/{c}")]
        # lower at 64 GiB with 20 CPUs; with 15 lower too, but by less than the 3 % a direction
        # needs ("the CPU cut hides the memory loss here as it hides the knee")
        assert e[(v, "64/20")] < 0.95 * e[(v, "112/20")]
        assert 0.97 * e[(v, "112/15")] < e[(v, "64/15")] < e[(v, "112/15")]
        # fewer CPUs: the load is already cut at 15 CPUs (the miss) and falls faster than the CPUs below
        assert e[(v, "512/15")] / e[(v, "512/20")] < 0.95
        assert e[(v, "512/10")] / e[(v, "512/15")] < 10 / 15
    # "in direction only": at 20 CPUs the medium level's load falls with its throughput, far more than a little
    assert e[("java-medium", "64/20")] < 0.8 * e[("java-medium", "512/20")]
    ratio_load = e[("java-medium", "64/20")] / e[("java-medium", "512/20")]
    assert ratio_load == pytest.approx(_x("64/20", "java-medium") / _x("512/20", "java-medium"), abs=0.03)


def test_fitted_misses_and_the_split_of_page_reads():
    p = fw.paper_vs_model("java")
    fitted = p[p["use"] == "fitted"]
    # one miss per level among the fitted rows: the medium level reads too large a share of the
    # pages, the high level holds too little of the DPA; the other two shares and both losses hit
    assert set(fitted.index[fitted["verdict"] == "✗"]) == {"o000-jm-pr-share", "o000-jh-dpa"}
    assert set(fitted.index[fitted["verdict"] == "✓"]) == {"o000-jm-dpa", "o000-jh-pr-share",
                                                          "o000-jm-degr", "o000-jh-degr"}
    paper_value = data.observations().set_index("id")["value"]
    assert float(fitted.loc["o000-jm-pr-share", "model"]) > paper_value["o000-jm-pr-share"]
    assert float(fitted.loc["o000-jh-dpa", "model"]) < paper_value["o000-jh-dpa"]
    assert not (p["use"] == "validation").any()  # "the paper gives none for a single configuration"
    obs = data.observations().set_index("id")
    r = oc.simulate("64/20")
    total = float(obs.loc["o000-sys-pr", "value"])
    paper = {v: obs.loc[oid, "value"] / 100 * total
             for v, oid in (("java-medium", "o000-jm-pr-share"), ("java-high", "o000-jh-pr-share"))}
    # "split differently": the medium level reads too much, the high level too little and
    # keeps less resident
    assert r.guests.loc["java-medium", "page_read_mib_s"] > 1.3 * paper["java-medium"]
    assert r.guests.loc["java-high", "page_read_mib_s"] < 0.8 * paper["java-high"]
    high = r.guests.loc["java-high"]
    assert 100 * high["resident_mib"] / high["instantiated_mib"] < obs.loc["o000-jh-res-frac", "value"] - 5
    assert r.system["page_read_mib_s"] < total


def test_medium_loses_more_than_high():
    for cid in ("64/20", "48/20"):
        assert _x(cid, "java-medium") < _x(cid, "java-high")


def test_stalls_cost_nothing_at_64_15_but_bind_at_64_20():
    g15 = oc.simulate("64/15").guests.loc["java-medium"]
    g20 = oc.simulate("64/20").guests.loc["java-medium"]
    assert g15["vcpus"] - g15["blocked_vcpus"] > g15["cpu_allocated"] + 0.05
    assert g20["cpu_allocated"] == pytest.approx(g20["vcpus"] - g20["blocked_vcpus"], abs=0.01)


def test_cpu_cut_slows_the_turnover_of_the_dpa():
    r15, r20 = oc.simulate("64/15"), oc.simulate("64/20")
    assert r15.system["characteristic_time_s"] > r20.system["characteristic_time_s"]
    assert r15.guests.loc["java-medium", "page_read_mib_s"] < r20.guests.loc["java-medium", "page_read_mib_s"]


def test_fitted_blocking_and_the_second_virtual_cpu():
    v = study_variants()
    # the high level's share is the larger one, most of the stall (1 would be all of it)
    assert 1.0 > v["java-high"].blocking > max(0.5, v["java-medium"].blocking)
    same = dict(v)
    same["java-high"] = dataclasses.replace(v["java-high"], blocking=v["java-medium"].blocking)
    high, medium = _x("64/20", "java-high", variants=same), _x("64/20", "java-medium", variants=same)
    fitted_high = _x("64/20", "java-high")
    obs = data.observations().set_index("id")
    paper_high = 1 - obs.loc["o000-jh-degr", "value"] / 100
    # the fit's larger share takes some throughput off the high level, to the paper's loss
    assert 0 < high - fitted_high < 0.1
    assert fitted_high == pytest.approx(paper_high, abs=0.01)
    assert medium == pytest.approx(_x("64/20", "java-medium"), abs=0.02)
    # the second virtual CPU explains all of the gap between the paper's two losses, and more
    paper_gap = (obs.loc["o000-jm-degr", "value"] - obs.loc["o000-jh-degr", "value"]) / 100
    assert paper_gap < high - medium < 1.5 * paper_gap
    assert high > paper_high  # with the medium level's share it loses less than the paper's
    # the stalls take a smaller part of the high level's two virtual CPUs than of the medium's one
    g = oc.simulate("64/20", variants=same).guests
    assert g.loc["java-high", "blocked_vcpus"] / 2 < g.loc["java-medium", "blocked_vcpus"]


def test_quarter_break_points_with_15_cpus():
    for v in LEVELS:
        assert planning.memory_break_point(v, 0.75, 15) == 512.0
    m = planning.memory_break_point("java-medium", 0.75, 15, baseline="hi")
    h = planning.memory_break_point("java-high", 0.75, 15, baseline="hi")
    assert 48 < m < 96
    # the high level loses a quarter of its 512/15 throughput only far lower, or (the solution's
    # other wording) not at all down to the smallest memory the scan tries
    top = planning.throughput("java-high", 512, 15)
    assert planning.throughput("java-high", 48, 15) >= 0.75 * top
    assert planning.throughput("java-high", 24, 15) >= 0.75 * top
    at_min = planning.throughput("java-high", planning.MIN_MEMORY_GIB, 15)
    if h is None:
        assert at_min >= 0.75 * top
    else:
        assert planning.MIN_MEMORY_GIB < h < 24 and h < m / 2 and at_min < 0.75 * top
    # with 20 CPUs both levels do cross, the high level lower
    m20 = planning.memory_break_point("java-medium", 0.75, 20, baseline="hi")
    h20 = planning.memory_break_point("java-high", 0.75, 20, baseline="hi")
    assert h20 is not None and m20 is not None and h20 < m20


def test_cpus_needed():
    for v in LEVELS:
        assert planning.cpus_needed(v, 0.9, 64) is None
        assert 21 <= planning.cpus_needed(v, 0.9, 512) <= 23
    assert _x((64, 40), "java-medium") < 0.6
    # with 40 CPUs less than with 20: the other guests run faster and the DPA turns over faster
    assert _x((64, 40), "java-medium") < _x("64/20", "java-medium")
    r40, r20 = oc.simulate((64, 40)), oc.simulate("64/20")
    assert r40.system["characteristic_time_s"] < r20.system["characteristic_time_s"]
    # "they even add stalls": the medium level reads more pages back with 40 CPUs than with 20
    assert r40.guests.loc["java-medium", "page_read_mib_s"] > r20.guests.loc["java-medium", "page_read_mib_s"]


def test_cpu_load_follows_throughput(results):
    e = results[(results.env == "zvm63-edev")].set_index(["variant", "cid"])["cpu_load"]
    for v in LEVELS:
        loads = [e[(v, f"512/{c}")] for c in (25, 20, 15, 10, 5)]
        assert loads == sorted(loads, reverse=True)
        assert e[(v, "64/20")] < 0.95 * e[(v, "512/20")]  # falls with the throughput
    assert e[("java-medium", "64/20")] < 0.7 * e[("java-medium", "512/20")]  # not "a small decline"
    rm = e[("java-medium", "512/10")] / e[("java-medium", "512/15")]
    rh = e[("java-high", "512/10")] / e[("java-high", "512/15")]
    assert 0.55 < rm < 10 / 15  # a little more than in proportion
    assert rm == pytest.approx(rh, abs=0.02)  # the two levels decline alike


def test_java_heap_is_almost_unskewed_and_pages_are_kept_in_both_places():
    g = {x.name: x for x in study_guests()}
    nets = [g[n].skew for n in g if n.startswith("net-")]
    for v in LEVELS:
        assert g[v].skew < 0.3
        assert min(nets) > 4 * g[v].skew
        assert g["db-bi"].skew > g[v].skew  # the database's cache: more skewed ...
        assert g[v].regularity == 1 and g[v].hot_set_mib == 0  # Java's heap: neither swept nor hot
    # ... swept in regular rounds, and with a hot set that every query touches
    assert g["db-bi"].regularity > 1
    assert g["db-bi"].hot_set_mib > 0 and g["db-bi"].hot_set_rate_per_s > 0
    assert round(min(nets), 1) >= 1.5
    r = oc.simulate("64/20").guests.loc["java-medium"]
    assert r["resident_mib"] + r["stored_mib"] > r["instantiated_mib"]


def test_paper_view_scales_the_medium_level_only(results):
    f = fw.variant_frame("java", results)
    med = f[f.variant == "java-medium"]
    high = f[f.variant == "java-high"]
    assert np.allclose(med["paper_view"], med["throughput"] * 0.53, rtol=2e-3)
    assert np.allclose(high["paper_view"], high["throughput"])


def test_medium_memory_ceiling_far_below_its_cpu_share_at_64_15(lframe):
    """The quarter exercise's solution: 'the medium level has one virtual CPU, and at 64 GiB
    its memory ceiling already lies well below its CPU share' (15 CPUs), the slow turnover keeps
    it near its CPU share at 64 GiB but not at 48; the high level holds out with 'its two
    virtual CPUs'."""
    ix = lframe.set_index(["env", "variant", "memory_gib", "cpus"])
    row = ix.loc[("zvm63-edev", "java-medium", 64, 15)]
    assert row["memory_only"] < 0.6 * row["cpu_only"]
    assert row["cpu_only"] - 0.03 < row["actual"] < row["cpu_only"]
    # "at 48 GiB it has fallen to ...": below the level of a quarter lost against 512/15
    assert ix.loc[("zvm63-edev", "java-medium", 48, 15), "actual"] < min(0.75 * row["cpu_only"], row["actual"])
    above = lframe.set_index(["env", "variant", "memory_gib", "cpus"]).loc[("zvm63-edev", "java-medium", 96, 15)]
    assert above["memory_only"] > above["cpu_only"]
    vcpus = data.virtual_systems_frame()["vcpus"]
    assert (vcpus["java-medium"], vcpus["java-high"]) == (1, 2)


@pytest.mark.slow  # the experiment evaluates every claim at seven settings of the wait
def test_a_wait_at_every_wake_up_buys_java_its_cpu_only_by_starving_the_network():
    """results_java, the Try-it box after the claims' misses: a wait for a real CPU at every
    wake-up (tools/experiments/dispatch_wait.py, round robin behind the runnable virtual CPUs
    that have no real CPU) costs the network and fio, whose cycles last milliseconds, and
    hardly touches WebSphere; the CPU they leave lifts Java at 512/15. A short slice makes
    several claims pass and only one fail, but leaves Java far from flat and the medium network
    level lower; a slice long enough to make Java flat leaves the network levels almost
    nothing and costs claims elsewhere; waits served in batches free hardly any CPU for Java."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / "experiments" / "dispatch_wait.py"
    spec = importlib.util.spec_from_file_location("dispatch_wait", path)
    wait = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wait)
    before = oc.simulate("512/15").workloads
    base = wait.measure(None)
    runs = {s: wait.measure(s) for s in wait.SLICES}
    assert base["converged"] and all(m["converged"] for m in runs.values())
    x0 = base["runs"]["512/15"][0]
    mid, long = runs[0.005], runs[max(wait.SLICES)]
    change = mid["runs"]["512/15"][0] - x0
    # the network levels and fio lose; Java and WebSphere gain the CPU they leave
    assert change[["net-medium", "net-high", "fs-pagecache-medium", "fs-pagecache-high"]].max() < -0.1
    assert change[["java-medium", "java-high", "was-medium", "was-high"]].min() > 0.1
    # waits of a few milliseconds per wake-up, against a WebSphere cycle of 0.6 s
    assert 0 < mid["runs"]["512/15"][2] < 0.005
    passed0 = base["table"].set_index("id")["passed"]
    # "a short slice (2 ms) makes several validation claims pass and only one fail that passed
    # without it, but Java stays far from flat and the medium network level falls further"
    short = runs[0.002]
    passed = short["table"].set_index("id")["passed"]
    assert (passed0 & ~passed).sum() == 1
    assert (passed & ~passed0).sum() >= 3
    x_short = short["runs"]["512/15"][0]
    assert x_short[["java-medium", "java-high"]].max() < 0.7
    assert x_short["net-medium"] < x0["net-medium"] - 0.03
    # Java flat at 15 CPUs only where the network levels are left almost nothing, and claims
    # that passed without the wait fail
    for m in (runs[0.01], long):
        x = m["runs"]["512/15"][0]
        assert x[["java-medium", "java-high"]].min() > 0.9 and x[["net-medium", "net-high"]].max() < 0.15
        lost = passed0 & ~m["table"].set_index("id")["passed"]
        assert lost.sum() >= 3
    for m in runs.values():
        assert not m["table"].set_index("id").loc["net-medium-15", "passed"]
    # in batches the waits free hardly any CPU for Java, even with the longest slice
    batched = wait.measure(max(wait.SLICES), True)
    assert (batched["runs"]["512/15"][0][["java-medium", "java-high"]] - x0[["java-medium", "java-high"]]).max() < 0.06
    # the experiment leaves the model as it was
    assert oc.simulate("512/15").workloads.equals(before)
