"""The chapter "The transactional WebSphere workload": its own figure builders
(figures_was) and the facts its prose states. If the model changes and one of those facts
stops holding, the prose is wrong and a test here fails."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest

import overcommit as oc
from overcommit import data, planning
from overcommit.book import figures_was as fx
from overcommit.book.figures_results import _paper_cids
from overcommit.model import ENVIRONMENTS
from overcommit.workloads import study_guests, study_variants
from spec_utils import walk


@pytest.fixture(scope="module")
def results():
    return oc.sweep()


@pytest.fixture(scope="module")
def cframe():
    return fx.component_frame()


@pytest.fixture(scope="module")
def mframe():
    return fx.cpu_mix_frame()


def _x(cid, variant="was-medium", env="zvm63-edev", variants=None):
    return float(oc.simulate(cid, env=env, variants=variants).workloads.loc[variant, "relative_throughput"])


def _bound(spec):
    return {p["name"]: p for node in walk(spec) for p in node.get("params", []) if isinstance(p, dict) and "bind" in p}


def _d100(name):
    g = {g.name: g for g in study_guests()}[name]
    return 100 * g.cpu_load / g.share


# --- figures_was: frames -------------------------------------------------------------------

def test_component_frame_has_one_row_per_env_cid_and_websphere_guest(cframe):
    assert len(cframe) == len(ENVIRONMENTS) * len(_paper_cids()) * 6
    assert set(cframe["guest"]) == set(fx.GUESTS)
    assert set(cframe["component"]) == set(fx.COMPONENTS)
    assert not cframe.duplicated(["env", "cid", "guest"]).any()


def test_component_frame_values_are_the_models(cframe):
    for env, cid in (("zvm63-edev", "64/20"), ("zvm62-edev", "512/15"), ("zvm63-eckd", "48/20")):
        g = oc.simulate(cid, env=env).guests
        rows = cframe[(cframe.env == env) & (cframe.cid == cid)].set_index("guest")
        for name in fx.GUESTS:
            assert rows.loc[name, "cpu_load"] == pytest.approx(g.loc[name, "cpu_load"], rel=1e-3)
            assert rows.loc[name, "use_per100"] == pytest.approx(100 * g.loc[name, "cpu_allocated"] / g.loc[name, "share"],
                                                                 rel=1e-3)
            assert rows.loc[name, "demand_per100"] == pytest.approx(_d100(name), rel=1e-3)


def test_water_level_is_the_largest_cpu_per_share_or_nan_when_cpus_idle():
    r = oc.simulate("512/20")
    g = r.guests
    assert fx.water_level(r) == pytest.approx(100 * float((g["cpu_allocated"] / g["share"]).max()))
    # the only idle time at 512/20 is the fluctuation idle (overcommit.dispatch)
    assert r.system["idle_cpu"] == pytest.approx(r.system["fluctuation_idle_cpu"], abs=1e-6)
    assert r.system["idle_cpu"] > 0.3
    assert math.isnan(fx.water_level(oc.simulate("512/25")))  # the reference run leaves CPUs idle
    # at 48/20 the direct I/O fio jobs, faster on a quieter path, take the CPU the paging
    # guests free: the CPUs are short again
    assert not math.isnan(fx.water_level(oc.simulate("48/20")))


def test_bottleneck_is_the_guest_with_the_largest_demand_per_share(cframe):
    rows = cframe[(cframe.env == "zvm63-edev") & (cframe.cid == "512/15")]
    for level in fx.LEVELS:
        mine = rows[rows.level == level]
        assert mine["bottleneck"].sum() == 1
        neck = mine[mine.bottleneck]["guest"].iloc[0]
        assert neck == max((g for g in fx.GUESTS if g.startswith(level + "-")), key=_d100)
    assert rows.set_index("guest").loc["was-medium-db2", "bottleneck"]
    assert rows.set_index("guest").loc["was-high-ihs", "bottleneck"]
    # no water level, no bottleneck


def test_cpu_mix_adds_up_to_the_real_cpus(mframe):
    sums = mframe.groupby(["env", "cid"])["processors"].sum()
    cpus = mframe.groupby(["env", "cid"])["cpus"].first()
    assert np.allclose(sums, cpus, rtol=2e-3)
    assert set(mframe["group"]) == set(fx.GROUPS)
    r = oc.simulate("64/20")
    row = mframe[(mframe.env == "zvm63-edev") & (mframe.cid == "64/20")].set_index("group")
    assert row.loc["WAS medium", "processors"] == pytest.approx(r.workloads.loc["was-medium", "cpu_load"], rel=1e-3)
    assert row.loc["CP system", "processors"] == pytest.approx(r.system["cp_system_cpu"], rel=1e-3)


def test_component_pages_match_the_model_and_the_paper_only_at_64_20():
    p = fx.component_pages("64/20")
    g = oc.simulate("64/20").guests
    for name in fx.GUESTS:
        assert p.loc[name, "resident (%)"] == pytest.approx(100 * g.loc[name, "resident_mib"] / g.loc[name, "instantiated_mib"],
                                                             abs=0.06)
    obs = data.observations().set_index("id")
    assert p.loc["was-high-was", "paper: paged in (%/s)"] == obs.loc["o000-wash-was-pin-frac", "value"]
    assert p.loc["was-medium-db2", "paper: resident (%)"] == obs.loc["o000-db2-res-frac", "value"]
    other = fx.component_pages("48/20")
    assert other["paper: resident (%)"].isna().all()
    assert (other["resident (%)"] < p["resident (%)"] + 1e-9).all()


def test_trend_table_rows_verdicts_and_uses(results):
    t = fx.trend_table(results)
    assert set(t["verdict"]) <= {"✓", "✗"}
    assert set(t["use"]) <= {"validation", "fitted", "in-sample"}
    assert list(t["use"].iloc[-3:]) == ["in-sample", "fitted", "in-sample"]  # the caption says so
    ids = set(data.observations()["id"])
    assert set(t["observation"]) <= ids
    # verdicts the chapter's prose relies on
    for key in ("medium-moderate", "high-flat", "cpus-fall", "cpu-load-flat", "was-resident"):
        assert t.loc[key, "verdict"] == "✓", key
    for key in ("medium-drop-64", "high-tolerant", "cpus-low-memory", "cpu-load-20", "z62-fails",
                "errors-rise", "was-reads-3x", "stored-overlap", "was-cpu-rises"):
        assert t.loc[key, "verdict"] == "✗", key


# --- figures_was: charts ---------------------------------------------------------------------

def test_component_chart_has_three_bound_controls_and_a_description(cframe):
    spec = fx.component_chart(cframe).to_dict()
    assert set(_bound(spec)) == {"env", "level", "cpus"}
    assert "IHS" in spec["description"] and "water level" in spec["description"]
    assert len(json.dumps(spec)) < 400_000
    titles = [n["title"] for n in walk(spec) if isinstance(n.get("title"), str) and "(" in n["title"]]
    assert any("processors" in t for t in titles)


def test_cpu_mix_chart_has_env_and_cpu_controls(mframe):
    spec = fx.cpu_mix_chart(mframe, cpus=15).to_dict()
    assert set(_bound(spec)) == {"env", "cpus"}
    assert _bound(spec)["cpus"]["value"] == 15
    assert "stacked bar" in spec["description"]


def test_bad_input_raises_value_error_naming_the_field(cframe, mframe):
    with pytest.raises(ValueError, match="level"):
        fx.component_chart(cframe, level="was-low")
    with pytest.raises(ValueError, match="cpus"):
        fx.component_chart(cframe, cpus=25)
    with pytest.raises(ValueError, match="cpus"):
        fx.cpu_mix_chart(mframe, cpus=True)
    with pytest.raises(ValueError, match="frame"):
        fx.component_chart(cframe.iloc[0:0])
    with pytest.raises(ValueError, match="frame"):
        fx.cpu_mix_chart(cframe)
    with pytest.raises(ValueError, match="envs"):
        fx.component_frame(envs=["zvm99"])
    with pytest.raises(ValueError, match="cids"):
        fx.cpu_mix_frame(cids=["70/20"])
    with pytest.raises(ValueError, match="cid"):
        fx.component_pages("64/21")
    with pytest.raises(ValueError, match="results"):
        fx.trend_table(results=oc.sweep(cids=["512/20"], envs=["zvm63-edev"]))


# --- facts the prose states --------------------------------------------------------------------

def test_cpus_dominate_and_the_decline_is_near_linear():
    xs = [_x(f"512/{c}") for c in (20, 15, 10, 5)]
    assert all(b < a for a, b in zip(xs, xs[1:]))
    for c, x in zip((15, 10, 5), xs[1:]):
        assert c / 20 - 0.12 <= x / xs[0] <= c / 20  # "close to linear, a little steeper"


def test_no_loss_down_to_112_gib_and_under_one_percent_at_64_with_few_cpus():
    for c in fx.CPU_COUNTS:
        assert _x(f"112/{c}") / _x(f"512/{c}") >= 0.995
    for c in (15, 10, 5):
        assert 0.985 <= _x(f"64/{c}") / _x(f"512/{c}") <= 1.0


def test_with_20_cpus_the_triplets_gain_as_memory_shrinks():
    for v in fx.LEVELS:
        a, b, c, d = (_x(f"{m}/20", v) for m in (512, 96, 64, 48))
        assert a <= b + 1e-3 < c < d
        assert 0.93 < d <= 1.0


def test_neighbours_give_up_cpu_and_cpus_stand_idle_at_48_20():
    a, b = oc.simulate("512/20"), oc.simulate("64/20")
    java = [n for n in a.guests.index if n.startswith("java-")]
    assert b.guests.loc[java, "cpu_load"].sum() < a.guests.loc[java, "cpu_load"].sum()
    assert fx.water_level(b) > fx.water_level(a)
    assert oc.simulate("48/20").system["idle_cpu"] > 0.5


def test_throughput_is_water_level_over_the_bottlenecks_demand_per_share():
    for cid in ("512/20", "512/15", "64/10"):
        theta = fx.water_level(oc.simulate(cid))
        assert _x(cid, "was-medium") == pytest.approx(theta / _d100("was-medium-db2"), rel=2e-3)
        assert _x(cid, "was-high") == pytest.approx(theta / _d100("was-high-ihs"), rel=2e-3)


def test_levels_locked_in_one_ratio_and_components_in_one_proportion():
    ratio = _d100("was-medium-db2") / _d100("was-high-ihs")
    for cid in ("512/15", "64/10", "512/20"):
        assert _x(cid, "was-high") / _x(cid, "was-medium") == pytest.approx(ratio, rel=2e-3)
    a, b = oc.simulate("512/20").guests, oc.simulate("64/20").guests
    f = [b.loc[f"was-medium-{c}", "cpu_load"] / a.loc[f"was-medium-{c}", "cpu_load"] for c in fx.COMPONENTS]
    assert max(f) - min(f) < 0.005 and min(f) > 1.005


def test_cpu_load_rises_with_20_cpus(results):
    s = results[(results.env == "zvm63-edev") & (results.variant == "was-medium")].set_index("cid")["cpu_load"]
    assert s["64/20"] > s["96/20"] >= s["512/20"] - 1e-3


def test_pages_order_right_sizes_off_and_reads_far_below_the_paper():
    p = fx.component_pages("64/20")
    for lv in fx.LEVELS:
        assert p.loc[f"{lv}-was", "resident (%)"] > p.loc[f"{lv}-ihs", "resident (%)"] > p.loc[f"{lv}-db2", "resident (%)"]
        for c in fx.COMPONENTS:
            assert p.loc[f"{lv}-{c}", "resident (%)"] > p.loc[f"{lv}-{c}", "paper: resident (%)"]
        for c in ("ihs", "was"):
            assert p.loc[f"{lv}-{c}", "paged in (%/s)"] < p.loc[f"{lv}-{c}", "paper: paged in (%/s)"] / 2.5
    reads = oc.simulate("64/20").workloads.loc["was-medium", "page_read_mib_s"]
    assert reads < 0.25 * 88 / 6


def test_memory_alone_costs_the_triplet_almost_nothing_but_one_user_would_lose():
    assert _x((16, 40)) > 0.99
    assert planning.memory_break_point("was-medium", 0.9, 40) is None
    v = study_variants()
    one = dict(v)
    for lv in fx.LEVELS:
        one[lv] = dataclasses.replace(v[lv], users=1)
    assert _x("96/20", variants=one) == pytest.approx(_x("512/20"), abs=0.02)
    assert _x("64/20", variants=one) < 0.8 * _x("512/20")


def test_failures_only_when_cpus_are_starved():
    v = study_variants()["was-medium"]
    xstar = 1 / (v.timeout_s / v.cycle_s + v.think_frac)
    need = {(e, m): planning.cpus_needed("was-medium", xstar, m, env=e)
            for e in ("zvm63-edev", "zvm62-edev") for m in (512, 64)}
    assert need[("zvm63-edev", 512)] == need[("zvm63-edev", 64)] <= 5
    assert need[("zvm62-edev", 512)] == need[("zvm62-edev", 64)] <= 6
    assert "time-out" in oc.simulate("512/4", env="zvm62-edev").workloads.loc["was-medium", "failure_reason"]
