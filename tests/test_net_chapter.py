"""The chapter "The network workload": its own figure builders (figures_net) and the facts
its prose states. If the model changes and one of those facts stops holding, the prose is
wrong and a test here fails."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest

import overcommit as oc
from overcommit import calibrate, data, planning, replacement
from overcommit.book import figures_net as fn
from overcommit.book import figures_workload as fw
from overcommit.model import fitted_reclaim_exponent
from overcommit.workloads import HOT_CORE_MIB, IDLE_RATE_PER_S, study_guests
from spec_utils import bound as _bound

NET = ("net-medium-client", "net-medium-server", "net-high-client", "net-high-server")


@pytest.fixture(scope="module")
def vframe(results):
    return fw.variant_frame("net", results)


@pytest.fixture(scope="module")
def sframe():
    return fn.share_frame()


@pytest.fixture(scope="module")
def levels():
    return fn.water_levels()




def _x(cid, variant, env="zvm63-edev", guests=None):
    return float(oc.simulate(cid, env=env, guests=guests).workloads.loc[variant, "relative_throughput"])


def _theta(cid, env="zvm63-edev"):
    g = oc.simulate(cid, env=env).guests
    return float((g["cpu_allocated"] / g["share"]).max()) * 100


def _d100(name):
    g = {g.name: g for g in study_guests()}[name]
    return 100 * g.cpu_load / g.share


# --- figures_net: frames ---------------------------------------------------------------

def test_share_frame_has_every_guest_of_every_run(sframe):
    assert len(sframe) == 17 * 29 * 3
    assert not sframe.duplicated(["env", "cid", "guest"]).any()
    assert set(sframe["group"]) == set(fn.GROUPS)
    assert set(sframe.loc[sframe["group"] != fn.GROUPS[2], "guest"]) == set(NET)


def test_share_frame_values_are_the_models(sframe):
    for env, cid in (("zvm63-edev", "512/15"), ("zvm62-edev", "64/20"), ("zvm63-eckd", "96/10")):
        r = oc.simulate(cid, env=env)
        f = sframe[(sframe.env == env) & (sframe.cid == cid)].set_index("guest")
        for name in ("db-bi", "java-high", "net-medium-server", "net-high-client"):
            assert f.loc[name, "use"] == pytest.approx(r.guests.loc[name, "cpu_load"], rel=1e-3)
            assert f.loc[name, "throughput"] == pytest.approx(
                r.workloads.loc[r.guests.loc[name, "variant"], "relative_throughput"], rel=1e-3)
    ref = sframe[(sframe.env == "zvm63-edev") & (sframe.cid == "512/25")].set_index("guest")
    for name in NET:
        assert ref.loc[name, "demand_per100"] == pytest.approx(_d100(name), rel=1e-3)
        assert ref.loc[name, "use"] == pytest.approx(ref.loc[name, "demand"], rel=1e-3)  # unconstrained: all it asks


def test_water_level_is_read_off_the_run(levels, sframe):
    lv = levels.set_index(["env", "cid"])
    assert np.isnan(lv.loc[("zvm63-edev", "512/25"), "water_level"])
    assert lv.loc[("zvm63-edev", "512/25"), "idle_cpu"] > 1
    assert "nobody is cut" in lv.loc[("zvm63-edev", "512/25"), "label"]
    for cid in ("512/20", "64/20", "512/15", "512/10"):
        assert lv.loc[("zvm63-edev", cid), "water_level"] == pytest.approx(_theta(cid), rel=1e-3)
    # guests marked cut use exactly the level times their share; the others use less
    f = sframe[(sframe.env == "zvm63-edev") & (sframe.cid == "512/15")]
    theta = lv.loc[("zvm63-edev", "512/15"), "water_level"]
    cut = f[f["cut"]]
    assert len(cut) >= 2
    assert np.allclose(100 * cut["use"] / cut["share"], theta, rtol=2e-3)
    assert (100 * f.loc[~f["cut"], "use"] / f.loc[~f["cut"], "share"] < theta).all()


def test_bad_input_is_rejected_with_the_field_named(vframe, results):
    with pytest.raises(ValueError, match="envs"):
        fn.share_frame(envs=["zvm99"])
    with pytest.raises(ValueError, match="cids"):
        fn.water_levels(cids=["13/7"])
    with pytest.raises(ValueError, match="default_memory"):
        fn.levels_chart(vframe, default_memory=100)
    with pytest.raises(ValueError, match="default_cid"):
        fn.share_chart(default_cid="1/1")
    with pytest.raises(ValueError, match="vframe"):
        fn.levels_chart(fw.variant_frame("java"))


# --- figures_net: charts ----------------------------------------------------------------

def test_levels_chart_binds_environment_and_memory_over_the_models_values(vframe):
    spec = fn.levels_chart(vframe).to_dict()
    params = _bound(spec)
    assert set(params) == {"env", "memory"}
    assert params["memory"]["value"] == 512
    assert spec["description"]
    rows = [r for rows in spec["datasets"].values() for r in rows]
    hit = [r for r in rows if r.get("cid") == "512/15" and r.get("env") == "zvm63-edev" and r.get("variant") == "net-high"
           and "throughput" in r]
    assert len(hit) == 1 and hit[0]["throughput"] == pytest.approx(_x("512/15", "net-high"), rel=1e-3)


def test_paper_marks_follow_the_papers_statements():
    m = fn.paper_level_marks()
    obs = data.observations().set_index("id")
    high = m[m.variant == "net-high"]
    assert set(high["cpus"]) == {15}
    assert np.allclose(high["y"], obs.loc["o000-nh-15", "value"] / 100)
    medium = m[m.variant == "net-medium"]
    assert 64 not in set(medium["memory_gib"])  # the paper's exception
    assert set(medium["cpus"]) == {15, 20}
    assert (m["env"] == "zvm63-edev").all()


def test_share_chart_binds_environment_and_cid_and_stays_small(sframe, levels):
    chart = fn.share_chart(sframe, levels, default_cid="512/15")
    spec = chart.to_dict()
    params = _bound(spec)
    assert set(params) == {"env", "cid"}
    assert params["cid"]["value"] == "512/15"
    assert "water level" in spec["description"]
    assert len(json.dumps(spec)) < 300_000
    rows = [r for rows in spec["datasets"].values() for r in rows]
    hit = [r for r in rows if r.get("cid") == "512/15" and r.get("env") == "zvm63-edev" and r.get("guest") == "net-high-server"]
    assert len(hit) == 1
    assert hit[0]["use"] == pytest.approx(oc.simulate("512/15").guests.loc["net-high-server", "cpu_load"], rel=1e-3)


# --- facts the prose states -------------------------------------------------------------

def _spin(cid, guest="net-high-server"):
    return float(oc.simulate(cid).guests.loc[guest, "spin_factor"])


def test_each_pair_runs_at_the_water_level_over_its_servers_demand_and_spinning():
    theta = _theta("512/15")
    # the medium pair: the level over its server's demand per share; its one-CPU guests never spin
    assert _spin("512/15", "net-medium-server") == 1.0 and _spin("512/15", "net-medium-client") == 1.0
    assert _x("512/15", "net-medium") == pytest.approx(theta / _d100("net-medium-server"), rel=2e-3)
    # the high pair: divided further by its server's spin factor
    spin = _spin("512/15")
    assert spin > 1.2
    assert _x("512/15", "net-high") == pytest.approx(theta / (_d100("net-high-server") * spin), rel=2e-3)
    for v in ("net-medium", "net-high"):
        assert _d100(f"{v}-server") > _d100(f"{v}-client")  # the server is the bottleneck
    # water-filling alone would cut the medium pair harder; the spinning reverses that
    assert theta / _d100("net-medium-server") < theta / _d100("net-high-server")
    assert _x("512/15", "net-high") < _x("512/15", "net-medium")
    # every real CPU busy almost all the time at 512/15, far more often than in the reference run
    assert oc.simulate("512/15").system["all_cpus_busy"] > 0.99
    assert oc.simulate("512/25").system["all_cpus_busy"] < 0.5
    assert _spin("512/25") == pytest.approx(1.0)


def test_medium_server_asks_most_per_share_and_high_server_less(sframe):
    ref = sframe[(sframe.env == "zvm63-edev") & (sframe.cid == "512/25")].sort_values("demand_per100", ascending=False)
    assert ref["guest"].iloc[0] == "net-medium-server"
    assert _d100("net-high-server") < _d100("net-medium-server")


def test_high_level_below_medium_with_20_and_15_cpus(vframe):
    f = vframe.assign(cpus=vframe["cid"].str.split("/").str[1].astype(int))
    p = f.pivot_table(index=["env", "cid", "cpus"], columns="variant", values="throughput").reset_index()
    d = p["net-medium"] - p["net-high"]
    assert (d[p["cpus"].isin([20, 15])] > 0.01).all()  # the high pair below the medium pair in every run
    assert (d[p["cpus"] == 10].abs() < 0.02).all()  # about level with 10 CPUs
    assert (d[p["cpus"] == 5] < 0).all()  # slightly above with 5
    # on z/VM 6.3 with EDEV-SCSI the medium pair never reaches its reference once CPUs are short
    assert (p.loc[(p["cpus"] <= 20) & (p["env"] == "zvm63-edev"), "net-medium"] < 0.99).all()
    # with 5 CPUs the high guests rarely have two virtual CPUs running: hardly any spinning
    assert _spin("512/5") < 1.05 < _spin("512/10") < _spin("512/15")
    # neither pair exceeds its reference: a one-CPU guest never spins, and a two-CPU guest spins
    # at least as much as in the reference run unless its own virtual CPUs run less
    assert set(vframe["variant"]) == {"net-medium", "net-high"}
    assert (vframe["throughput"] <= 1.0 + 1e-9).all()
    r = oc.simulate("512/40")
    assert r.system["all_cpus_busy"] < oc.simulate("512/25").system["all_cpus_busy"]  # even less often full ...
    assert _spin("512/40") == pytest.approx(1.0)  # ... the spin stays at the reference run's
    w = r.workloads["relative_throughput"]
    assert w["net-medium"] == pytest.approx(1.0) and w["net-high"] == pytest.approx(1.0)


def test_high_claim_misses_in_size_and_medium_claim_fails_as_the_prose_explains():
    from overcommit.claims import ABOUT

    obs = data.observations().set_index("id")
    paper_high = obs.loc["o000-nh-15", "value"] / 100
    # the high pair falls further than the medium one, towards the paper's about 0.40 but not
    # into the claim's band: the claim misses
    assert paper_high * (1 + ABOUT) < _x("512/15", "net-high") < _x("512/15", "net-medium")
    assert _x("512/15", "net-medium") < 0.97  # paper: at or above 1.0
    claims = fw.claims_table("net", ids=True)
    passed = claims["verdict"].str.startswith("✓")
    # the holds and misses the prose lists: both that hold are where processors decide; the
    # misses are the 15-CPU levels, the high level's CPU load at 20 CPUs and its reaction to memory
    assert set(claims.index[passed]) == {"net-high-below-ref", "net-medium-cpus"}
    assert set(claims.index[~passed]) == {"net-high-15", "net-medium-15", "net-memory-20", "net-high-15-regain",
                                          "net-high-cpu-20", "net-high-cpu-15"}
    assert claims.loc["net-medium-15", "verdict"] == "✗ misses"
    assert claims.loc["net-high-15", "verdict"] == "✗ misses"
    # without the spinning the high pair would run at the level over its server's demand, further still from 0.40
    assert _theta("512/15") / _d100("net-high-server") > _x("512/15", "net-high")
    assert (claims["kind"] == "validation").all()
    # "To fall all the way, its server would have had to receive" less than the level the others got
    theta = _theta("512/15")
    assert paper_high * _d100("net-high-server") * _spin("512/15") < 0.9 * theta
    # the coupling that makes the high level spin is an assumption of the model, 1 for both levels
    from overcommit.workloads import study_variants
    assert study_variants()["net-high"].coupling == 1.0


def test_throughput_falls_about_in_proportion_to_cpus():
    cpus = (20, 15, 10, 5)
    vals = [_x(f"512/{c}", "net-high") for c in cpus]
    assert vals == sorted(vals, reverse=True)
    per_cpu = [v / c for v, c in zip(vals, cpus)]
    assert max(per_cpu) / min(per_cpu) < 1.15  # "about in proportion to the CPUs"


PAGING = ("db-bi", "java-medium", "java-high", "fs-pagecache-medium", "fs-pagecache-high")


def _balance(cid, base="512/20"):
    """CPUs the heavily paging guests stop using against ``base``, and CPUs CP's system time
    and the idle real CPUs take in addition (the chapter's two opposing effects)."""
    a, b = oc.simulate(base), oc.simulate(cid)
    freed = float((a.guests["cpu_load"] - b.guests["cpu_load"])[list(PAGING)].sum())
    lost = lambda r: float(r.system["cp_system_cpu"] + r.system["idle_cpu"])  # noqa: E731
    return freed, lost(b) - lost(a)


def test_memory_at_20_cpus_medium_loses_high_gains_both_gain_at_48(levels):
    a, b = _x("512/20", "net-medium"), _x("64/20", "net-medium")
    assert 0.98 * a < b < a  # the medium level: a loss of a percent or two down to 64 GiB, as the paper saw
    a, b = _x("512/20", "net-high"), _x("64/20", "net-high")
    assert a < b < a + 0.02  # the high level: a small gain ...
    # ... because every real CPU is busy less often and its server spins less
    r512, r64 = oc.simulate("512/20"), oc.simulate("64/20")
    assert r64.system["all_cpus_busy"] < r512.system["all_cpus_busy"]
    assert _spin("64/20") < _spin("512/20")
    assert _spin("48/20") < _spin("64/20")  # which also adds to its gain at 48/20
    for v in ("net-medium", "net-high"):
        a, c = _x("512/20", v), _x("48/20", v)
        assert a < c < a + 0.05  # a small gain at 48 GiB
        assert c < 0.95  # not back at its reference
    loss = 1 - _x("64/20", "net-medium") / _x("512/20", "net-medium")
    assert 0 < loss < 0.02
    lv = levels.set_index(["env", "cid"])["water_level"]
    assert lv[("zvm63-edev", "64/20")] < lv[("zvm63-edev", "512/20")] < lv[("zvm63-edev", "48/20")]
    # the paging guests ask for less CPU, each of them ...
    a, b = oc.simulate("512/20").guests, oc.simulate("64/20").guests
    for name in PAGING:
        assert b.loc[name, "cpu_load"] < a.loc[name, "cpu_load"]
    # ... but at 64/20 CP's paging work and the idle CPUs take more than they leave; at 48/20 less
    freed, taken = _balance("64/20")
    assert 0 < freed < taken
    freed, taken = _balance("48/20")
    assert freed > taken > 0
    # the direct I/O fio jobs take part of the freed CPU and run above their reference
    w = oc.simulate("48/20").workloads["relative_throughput"]
    assert (w[["fs-direct-medium", "fs-direct-high"]] > 1.0).all()


def test_no_regain_with_15_cpus_as_the_prose_explains():
    """With 15 CPUs every real CPU stays busy, so the high server spins as before; the paging
    guests free less CPU than CP's paging work takes, the level falls, and the high pair's
    throughput and CPU load fall with it (the paper's regain does not appear)."""
    r512, r64 = oc.simulate("512/15"), oc.simulate("64/15")
    assert min(r512.system["all_cpus_busy"], r64.system["all_cpus_busy"]) > 0.99
    assert _spin("64/15") == pytest.approx(_spin("512/15"), rel=0.01)
    freed = float((r512.guests["cpu_load"] - r64.guests["cpu_load"])[list(PAGING)].sum())
    cp_more = float(r64.system["cp_system_cpu"] - r512.system["cp_system_cpu"])
    assert 0 < freed < cp_more
    assert _theta("64/15") < _theta("512/15")
    for m in (96, 64):
        w = oc.simulate(f"{m}/15").workloads.loc["net-high"]
        assert w["relative_throughput"] < r512.workloads.loc["net-high", "relative_throughput"]
        assert w["cpu_load"] < r512.workloads.loc["net-high", "cpu_load"]
    # at 20 CPUs, by contrast, real CPUs stand idle more often at 64 GiB and the spin falls
    assert oc.simulate("64/20").system["all_cpus_busy"] < oc.simulate("512/20").system["all_cpus_busy"] - 0.05
    assert _spin("64/20") < _spin("512/20")


def test_high_cpu_load_follows_the_water_level_with_10_cpus_or_fewer():
    for c in (10, 5):
        level = _theta(f"64/{c}") / _theta(f"512/{c}") - 1
        a = oc.simulate(f"512/{c}").workloads.loc["net-high", "cpu_load"]
        b = oc.simulate(f"64/{c}").workloads.loc["net-high", "cpu_load"]
        assert b / a - 1 == pytest.approx(level, abs=0.002)
        assert abs(b / a - 1) < 0.05


def test_cpu_load_trends_stated_in_prose(vframe):
    e = vframe[vframe.env == "zvm63-edev"].set_index(["variant", "cid"])["cpu_load"]
    # 20 CPUs: the high level's CPU load falls slightly to 64 GiB (the paper's direction), by less
    # than a claimed direction needs, and rises at 48 GiB
    from overcommit.claims import DIRECTION_MIN
    assert e[("net-high", "64/20")] < e[("net-high", "512/20")] - 0.005
    assert e[("net-high", "64/20")] > (1 - DIRECTION_MIN) * e[("net-high", "512/20")]
    assert e[("net-high", "48/20")] > e[("net-high", "512/20")]
    # 15 CPUs: falls slightly to 64 GiB, recovers only part of it at 48 GiB
    assert 0.01 < e[("net-high", "512/15")] - e[("net-high", "64/15")] < 0.1
    assert e[("net-high", "64/15")] < e[("net-high", "48/15")] < e[("net-high", "512/15")]
    # the high level's load falls less than its throughput when CPUs are short (it spins), the medium level's alike
    for c in (20, 15):
        th = vframe[(vframe.env == "zvm63-edev")].set_index(["variant", "cid"])["throughput"]
        assert e[("net-high", f"512/{c}")] / e[("net-high", "512/25")] > th[("net-high", f"512/{c}")] + 0.05
        assert e[("net-medium", f"512/{c}")] / e[("net-medium", "512/25")] == pytest.approx(
            th[("net-medium", f"512/{c}")], abs=0.01)
    # the medium level hardly depends on memory
    assert abs(e[("net-medium", "64/20")] - e[("net-medium", "512/20")]) < 0.02 * e[("net-medium", "512/20")]
    g = oc.simulate("64/20").guests
    for v in ("net-medium", "net-high"):
        assert g.loc[f"{v}-server", "cpu_load"] > g.loc[f"{v}-client", "cpu_load"]


def test_network_pages_are_the_hot_core_and_a_few_busy_buffers():
    r = oc.simulate("64/20")
    g = r.guests.loc[list(NET)]
    fitted = {x.name: x for x in study_guests()}
    touched = {n: fitted[n].touched_mib for n in fitted}
    hot = pd.Series({n: min(HOT_CORE_MIB, 0.25 * touched[n]) for n in NET})
    active = pd.Series({n: (touched[n] - hot[n]) * fitted[n].active_frac for n in NET})
    idle = pd.Series({n: touched[n] - hot[n] - active[n] for n in NET})
    frac = 100 * g["resident_mib"] / g["instantiated_mib"]
    beyond = g["resident_mib"] - hot
    obs = data.observations().set_index("id").loc["o000-n-res-frac"]
    assert (100 * hot / g["instantiated_mib"] < obs["lower"]).all()  # the hot core alone is less than the paper's share
    # the fit's two kinds of solution: a few busy buffers and an idle rest (the high pair) ...
    busy = ["net-high-client", "net-high-server"]
    assert [n for n in NET if fitted[n].active_frac < 0.5] == busy
    T = float(r.system["characteristic_time_s"])
    w = pd.Series(replacement.reclaim_weights(list(touched.values()), fitted_reclaim_exponent()), index=list(touched))
    for n in busy:
        assert fitted[n].active_frac < 0.1 and 20 < active[n] < 35
        # even the least popular active page is referenced far more often than once per reclaim time
        assert fitted[n].median_rate_per_s * 2 ** -fitted[n].skew > 10 / (T * w[n])
        assert abs(beyond[n] - active[n]) < 2.5  # they keep the hot core and the active pages ...
        assert abs(frac[n] - (obs["lower"] + obs["upper"]) / 2) < 1.0  # ... about the paper's share
        # "most of" their page reads are their idle pages' references, about once an hour
        x = r.workloads.loc[fitted[n].variant, "relative_throughput"]
        assert 0.7 * g.loc[n, "page_read_mib_s"] < idle[n] * IDLE_RATE_PER_S * x <= g.loc[n, "page_read_mib_s"]
    # ... and pages all active but hardly used (the medium pair): median page less than once
    # in ten days, steep skew; they keep the hot core and a little more, below the paper's share
    for ms in ("net-medium-client", "net-medium-server"):
        assert fitted[ms].active_frac > 0.9
        assert fitted[ms].median_rate_per_s < 1 / (10 * 86400) and fitted[ms].skew > 1.5
        assert 0 < beyond[ms] < 2.5 and frac[ms] < obs["lower"]
    # negligible reads, though each guest reads more than the fit's target
    assert g["page_read_mib_s"].sum() / r.system["page_read_mib_s"] < 0.02
    target = {t.guest_or_variant: t.value for t in calibrate.targets() if t.quantity == "page_read_mib_s"}
    assert all(target[n] < g.loc[n, "page_read_mib_s"] < 5 * target[n] for n in NET)
    # together the four miss the resident target from below, through the medium pair
    pv = fw.paper_vs_model("net")
    assert pv.loc["o000-n-res-frac", "verdict"] == "✗" and pv.loc["o000-n-nopaging", "verdict"] == "✓"
    assert float(pv.loc["o000-n-res-frac", "model"]) < obs["lower"]  # missed from below
    assert 100 * g["resident_mib"].sum() / g["instantiated_mib"].sum() == pytest.approx(
        float(pv.loc["o000-n-res-frac", "model"]), abs=0.06)
    assert (pv["use"] == "fitted").all()
    g48 = oc.simulate("48/20").guests.loc[list(NET)]
    assert (g48["resident_mib"] > g["resident_mib"] - 2).all()  # hot core and buffers survive at 48 GiB
    # per-guest reclaim time: beta about 1, the network guests' pages age for about a tenth of T,
    # the database's for far longer
    beta = fitted_reclaim_exponent()
    assert beta == pytest.approx(1.0, abs=0.1)
    wt = replacement.reclaim_weights([touched[n] for n in (*NET, "db-bi")], beta)
    assert (wt[:4] < 0.15).all() and wt[4] > 10


def test_the_network_trend_claims_and_what_they_hang_on():
    """The paper's network statements that span several runs are validation claims
    (overcommit.validation); what their verdicts hang on is pinned here."""
    from overcommit import validation

    t = validation.evaluate().set_index("id")
    trend = ["net-high-below-ref", "net-memory-20", "net-high-15-regain", "net-medium-cpus",
             "net-high-cpu-20", "net-high-cpu-15"]
    assert set(t.loc[trend].index[t.loc[trend, "passed"]]) == {"net-high-below-ref", "net-medium-cpus"}
    # "both levels lose" fails on the high level alone: the medium level loses, the high level gains
    assert _x("64/20", "net-medium") < _x("512/20", "net-medium")
    assert _x("64/20", "net-high") > _x("512/20", "net-high")
    # the high level's CPU-load claim misses at 20 CPUs only: it falls, by less than a claimed
    # direction needs; with 10 or fewer CPUs it stays within ALMOST at every memory size
    from overcommit.claims import ALMOST, DIRECTION_MIN, MEMORY_GIB
    r512, r64 = oc.simulate("512/20").workloads, oc.simulate("64/20").workloads
    assert 0 < 1 - r64.loc["net-high", "cpu_load"] / r512.loc["net-high", "cpu_load"] < DIRECTION_MIN
    worst = max(abs(oc.simulate(f"{m}/{c}").workloads.loc["net-high", "cpu_load"]
                    / oc.simulate(f"512/{c}").workloads.loc["net-high", "cpu_load"] - 1)
                for m in MEMORY_GIB[1:] for c in (10, 5))
    assert worst <= ALMOST
    # the regain with 15 CPUs does not appear: every run at 96 GiB or less is below 512/15
    assert all(_x(f"{m}/15", "net-high") < _x("512/15", "net-high") for m in (96, 64, 48))


def test_priority_what_if_reproduces_the_papers_15_cpu_numbers():
    factors = {"net-medium": 2.0, "net-high": 0.8}
    guests = tuple(dataclasses.replace(g, share=g.share * factors.get(g.variant, 1.0)) for g in study_guests())
    assert _x("512/15", "net-medium", guests=guests) == pytest.approx(1.0, abs=1e-3)
    assert _x("512/15", "net-high", guests=guests) == pytest.approx(0.40, abs=0.02)
    # without the spinning the same cut of the high pair's shares would leave it well above 0.40
    from overcommit.workloads import study_variants
    variants = dict(study_variants())
    variants["net-high"] = dataclasses.replace(variants["net-high"], coupling=0.0)
    no_spin = oc.simulate("512/15", guests=guests, variants=variants).workloads.loc["net-high", "relative_throughput"]
    assert no_spin > 0.45
    a = oc.simulate("512/15").guests
    b = oc.simulate("512/15", guests=guests).guests
    d = (b["cpu_load"] - a["cpu_load"]).groupby(a["variant"]).sum()
    others = [v for v in d.index if v not in fn.VARIANTS]
    assert -d["net-high"] > -d[others].sum() > 0  # the high pair pays the larger part, the others the rest


def test_high_level_needs_more_cpus_than_medium_level_because_it_spins():
    need_med, need_high = planning.cpus_needed("net-medium", 0.9, 512), planning.cpus_needed("net-high", 0.9, 512)
    assert need_high > need_med
    at_med = oc.simulate((512, need_med))
    # the medium server asks for more per share and gets 90 % of it at need_med ...
    assert 100 * at_med.guests.eval("cpu_allocated / share").max() >= 0.9 * _d100("net-medium-server")
    assert _d100("net-high-server") < _d100("net-medium-server")
    # ... but the high pair falls short there because its server spins
    assert at_med.workloads.loc["net-high", "relative_throughput"] < 0.9
    assert at_med.guests.loc["net-high-server", "spin_factor"] > 1.1
    # the paper's medium level kept its reference with 15 CPUs: the model's plan is far too pessimistic for it
    assert need_med > 20


def test_paper_view_scales_only_the_medium_level(vframe):
    s = fw.paper_scale("net")
    assert s["net-high"] == 1.0 and s["net-medium"] == pytest.approx(0.30)
    med = vframe[vframe.variant == "net-medium"]
    assert np.allclose(med["paper_view"], med["throughput"] * 0.30, rtol=2e-3)
    hi = vframe[vframe.variant == "net-high"]
    assert (hi["paper_view"] == hi["throughput"]).all()



def test_a_shared_guest_lan_raises_the_medium_levels_demand_but_not_its_throughput():
    """results_net, "A second lead ...": with both levels on one guest LAN the medium pair
    asks for more than its reference work at 512/15 but is held by its CPU share; its
    throughput does not move and no validation claim changes its verdict
    (tools/experiments/guest_lan.py)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / "experiments" / "guest_lan.py"
    spec = importlib.util.spec_from_file_location("guest_lan", path)
    lan = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lan)
    before = oc.simulate("512/15").workloads
    base, shared = lan.measure(None), lan.measure(0.8)
    assert base["lan_factor"] == 1.0 and shared["lan_factor"] < 0.6 and shared["open_x"] > 1.2
    b, s = (m["table"].set_index("id") for m in (base, shared))
    assert s.loc["net-medium-15", "model"] == b.loc["net-medium-15", "model"]
    valid = b["kind"] == "validation"
    assert (s.loc[valid, "passed"] == b.loc[valid, "passed"]).all()
    # the patch is undone: the model is the model again
    assert "lan" not in oc.model.PATH_MIB_S and oc.simulate("512/15").workloads.equals(before)
