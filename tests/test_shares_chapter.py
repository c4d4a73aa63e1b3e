"""The chapter "Relative shares": its figure data, its charts and its seeded exercise."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import overcommit as oc
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises, names, shares
from overcommit.book import figures_shares as fs
from spec_utils import walk as _walk  # noqa: E402


def _axis_titles(spec):
    for node in _walk(spec):
        encoding = node.get("encoding")
        if not isinstance(encoding, dict):
            continue
        for channel in ("x", "y"):
            enc = encoding.get(channel)
            if isinstance(enc, dict) and "field" in enc and enc.get("title", "") is not None:
                yield enc.get("title")


def _params(spec):
    return [p for node in _walk(spec) for p in node.get("params", []) if isinstance(p, dict) and "bind" in p]


# --------------------------------------------------------------------------------------
# Figure data


def test_paper_example_table_matches_the_paper():
    t = fs.paper_example_table()
    assert t["C gets (CPUs)"].tolist() == [1.0, 0.4, 1.0]
    assert t["D gets (CPUs)"].tolist() == [1.0, 1.6, 4.0]
    assert t["per vCPU of D"].tolist() == [0.25, 0.4, 1.0]
    assert t["idle (CPUs)"].tolist() == [0.0, 0.0, 1.0]


def test_study_guests_are_the_papers_seventeen():
    g = fs.study_guests()
    assert len(g) == 17
    assert g["vcpus"].sum() == 36
    assert (g["share"] == 100 * g["vcpus"]).all()
    assert g["demand"].sum() == pytest.approx(21.58)
    assert set(g["workload"]) == set(fs.WORKLOADS)


def test_scheme_shares_rejects_unknown_scheme():
    with pytest.raises(ValueError, match="scheme"):
        fs.scheme_shares(fs.study_guests(), "fair")


@settings(max_examples=60, deadline=None)
@given(
    real_cpus=st.floats(0.1, 30),
    guests=st.lists(
        st.tuples(st.integers(1, 8), st.floats(1, 1000), st.floats(0, 10)), min_size=1, max_size=6
    ),
)
def test_vessels_hold_exactly_the_allocation(real_cpus, guests):
    v, s, d = (list(x) for x in zip(*guests))
    f = fs.vessels(real_cpus, v, s, d, [f"g{i}" for i in range(len(v))])
    # water volume = allocation; water never above the wall; vessels side by side
    np.testing.assert_allclose(f["water"] * f["share"] / 100, f["allocation"], rtol=1e-9, atol=1e-12)
    assert (f["water"] <= f["wall"] * (1 + 1e-9) + 1e-12).all()
    ordered = f.sort_values("x0")
    np.testing.assert_allclose(ordered["x0"].iloc[1:].to_numpy(), ordered["x1"].iloc[:-1].to_numpy())
    assert (np.diff(ordered["wall"].to_numpy()) >= 0).all()
    # the allocation is allocate()'s, and uncapped guests sit exactly at the level
    np.testing.assert_allclose(f["allocation"], shares.allocate(real_cpus, v, s, d))
    level = f["level"].iloc[0]
    if math.isfinite(level):
        free = f[~f["capped"]]
        np.testing.assert_allclose(free["water"], level, rtol=1e-9)


def test_vessels_rejects_wrong_number_of_names():
    with pytest.raises(ValueError, match="names"):
        fs.vessels(2, [1, 4], [100, 400], None, ["C"])


def test_study_grid_uses_all_cpus_until_demand_is_met():
    grid = fs.study_grid()
    assert set(grid["cpus"]) == set(range(1, 26))
    assert set(grid["scheme"]) == set(fs.SCHEMES)
    totals = grid.groupby(["cpus", "scheme"])["allocation"].sum()
    for (cpus, _), total in totals.items():
        assert total == pytest.approx(min(cpus, 21.58))
    # the chapter's numbers: level 0.436 per vCPU at 15 CPUs; db-bi escapes the cut at 20
    at15 = grid[(grid.cpus == 15) & (grid.scheme == fs.SCHEME_PROPORTIONAL)]
    assert at15["level"].iloc[0] == pytest.approx(0.4358, abs=1e-4)
    assert sorted(at15.loc[at15["fraction"] > 0.9999, "guest"]) == [
        "fs-direct-high", "fs-pagecache-high", "was-high-was"]
    at20 = grid[(grid.cpus == 20) & (grid.scheme == fs.SCHEME_PROPORTIONAL)]
    assert (at20["fraction"] < 0.9999).sum() == 8
    assert at20.set_index("guest").loc["db-bi", "fraction"] == pytest.approx(1.0)


def test_scheme_comparison_at_15():
    c = fs.scheme_comparison(15)
    assert c.loc["db-bi", fs.SCHEME_EQUAL] == pytest.approx(0.915, abs=1e-3)
    assert c.loc["java-medium", fs.SCHEME_PROPORTIONAL] == pytest.approx(0.436, abs=1e-3)
    losers = c.index[c[fs.SCHEME_EQUAL] < c[fs.SCHEME_PROPORTIONAL] - 1e-9]
    assert set(losers) == set(c.index[c["vcpus"] == 4])


def test_cut_table_rule_and_model_allocation_agree():
    t = fs.cut_table([15])
    g = fs.study_guests()
    np.testing.assert_allclose(t["rule"], shares.allocate(15, g["vcpus"], g["share"], g["demand"]), atol=1e-4)
    # The model water-fills over chains: members of a held-back chain get only what the
    # chain uses, and the rest goes to guests still short, so no CPU is left idle.
    assert (t["model_load"] <= t["model_allocated"] + 1e-6).all()
    m = oc.simulate("512/15")
    assert m.system["idle_cpu"] < 0.05
    assert t["model_allocated"].sum() == pytest.approx(15 - m.system["cp_system_cpu"], abs=0.01)


# --------------------------------------------------------------------------------------
# Charts


CHARTS = {
    "example": lambda: fs.paper_example_chart(),
    "vessel": lambda: fs.water_level_chart(4, [1, 4, 2], [100, 400, 200], [1, 4, 0.3], ["A", "B", "C"]),
    "study": lambda: fs.study_allocation_chart(15),
    "cut": lambda: fs.cut_chart(15),
    "explorer": lambda: fs.explorer_chart(),
}


@pytest.mark.parametrize("name", list(CHARTS))
def test_chart_conventions(name):
    spec = CHARTS[name]().to_dict()
    assert spec.get("description"), "every chart needs a description"
    titles = [t for t in _axis_titles(spec) if t]
    assert titles, "axis titles expected"
    assert len(json.dumps(spec)) < 300_000


def test_study_chart_controls_filter_the_data():
    spec = fs.study_allocation_chart(15).to_dict()
    params = {p["name"]: p for p in _params(spec)}
    assert params["cpus"]["bind"]["input"] == "range"
    assert (params["cpus"]["bind"]["min"], params["cpus"]["bind"]["max"]) == (1, 25)
    assert params["scheme"]["bind"]["input"] == "select"
    assert len(params["scheme"]["bind"]["options"]) == 2
    filters = [t["filter"] for node in _walk(spec) for t in node.get("transform", []) if "filter" in t]
    text = json.dumps(filters)
    assert "cpus" in text and "scheme" in text


@pytest.mark.parametrize("chart", ["study", "cut"])
def test_guest_charts_name_guests_as_the_book_does(chart):
    """Rows, bars and tooltips name a guest "WebSphere, medium: database (DB2)", never by its
    id, and the row labels break after the workload, so a phone's plot keeps its room."""
    spec = CHARTS[chart]().to_dict()
    shown = {row["guest"] for data in spec.get("datasets", {}).values() for row in data if "guest" in row}
    assert shown == {names.guest(g) for g in fs.study_guests()["guest"]}
    sorts = [e["sort"] for node in _walk(spec) for e in (node.get("encoding") or {}).values()
             if isinstance(e, dict) and e.get("field") == "guest" and isinstance(e.get("sort"), list)]
    assert sorts and all(set(s) == shown for s in sorts)
    axes = [e["axis"] for node in _walk(spec) for e in (node.get("encoding") or {}).values()
            if isinstance(e, dict) and e.get("field") == "guest" and isinstance(e.get("axis"), dict)]
    assert axes and all("split(" in a["labelExpr"] for a in axes)
    # wider than tall, or a phone shrinks the rows with the width and the names overlap
    plots = [n for n in _walk(spec) if isinstance(n.get("height"), int) and n["height"] >= 17 * fs.GUEST_ROW]
    assert plots and all(n["width"] > n["height"] for n in plots)


def test_cut_chart_select_has_the_five_cids():
    spec = fs.cut_chart(10).to_dict()
    (param,) = _params(spec)
    assert param["bind"]["options"] == [5, 10, 15, 20, 25]
    assert param["value"] == 10


@pytest.mark.parametrize(
    "call",
    [
        lambda: fs.study_allocation_chart(0),
        lambda: fs.study_allocation_chart(15, "random"),
        lambda: fs.cut_chart(12),
        lambda: fs.explorer_chart(a_share=0),
        lambda: fs.explorer_chart(real_cpus=0),
        lambda: fs.explorer_chart(b_vcpus=0),
    ],
)
def test_invalid_values_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_explorer_chart_changes_with_its_inputs():
    a = json.dumps(fs.explorer_chart().to_dict(), sort_keys=True)
    b = json.dumps(fs.explorer_chart(c_demand=2.0).to_dict(), sort_keys=True)
    assert a != b


# --------------------------------------------------------------------------------------
# The seeded exercise


def test_same_seed_same_exercise():
    a, b = exercises.generate("shares", 11), exercises.generate("shares", 11)
    assert (a.question, a.answer, a.solution) == (b.question, b.answer, b.solution)


def test_seeds_give_different_questions():
    questions = {exercises.generate("shares", s).question for s in range(20)}
    assert len(questions) >= 18


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_answer_is_the_water_filling_of_the_question(seed):
    ex = exercises.generate("shares", seed)
    p = ex.parameters
    expected = shares.allocate(p["real_cpus"], p["vcpus"], p["shares"], p["demand"])
    np.testing.assert_allclose(ex.answer, expected, atol=1e-4)
    caps = np.minimum(p["vcpus"], p["demand"])
    assert (np.array(ex.answer) <= caps + 1e-4).all()
    assert sum(ex.answer) <= p["real_cpus"] + 1e-3  # answers are rounded to 4 decimals
    assert f"{p['real_cpus']} real CPU" in ex.question
    assert exercises.check("shares", seed, ex.answer)
    # a wrong answer is rejected: move 0.5 CPU from one guest to another
    wrong = list(ex.answer)
    wrong[0] += 0.5
    assert not exercises.check("shares", seed, wrong)
    assert not exercises.check("shares", seed, ex.answer[:-1])


def test_worked_solution_ends_with_the_answer():
    ex = exercises.generate("shares", 7)
    assert ex.answer == [4.0, 2.65, 2.65, 0.7]
    assert "Answer: `[4, 2.65, 2.65, 0.7]`" in ex.solution
    assert "capped" in ex.solution


def test_level_facts_and_the_databases_satisfaction_follow_the_allocation():
    """The prose and the equal-shares solution, glued from level_facts and satisfied_at."""
    guests = fs.study_guests()
    cmp15 = fs.scheme_comparison(15)
    lv15, lv20 = fs.level_facts(15), fs.level_facts(20)
    # every guest that is cut gets exactly the level per virtual CPU (or per guest)
    cut = cmp15[cmp15[fs.SCHEME_PROPORTIONAL] < cmp15["demand"] - 1e-9]
    assert len(cut) == lv15["cut"]
    assert np.allclose(cut[fs.SCHEME_PROPORTIONAL] / cut["vcpus"], lv15["per_vcpu"])
    cut_eq = cmp15[cmp15[fs.SCHEME_EQUAL] < cmp15["demand"] - 1e-9]
    assert np.allclose(cut_eq[fs.SCHEME_EQUAL], lv15["per_guest"])
    # 'two virtual CPUs at the level are less than the equal share'
    assert 2 * lv15["per_vcpu"] < lv15["per_guest"]
    sat = fs.satisfied_at("db-bi")
    # 'the database, at <per_vcpu>, just escapes' at 20 CPUs
    assert sat["per_vcpu"] < lv20["per_vcpu"] < sat["per_vcpu"] + 0.01
    # the exact need lies just below the loop's answer in steps of 0.25
    assert sat["loop_proportional"] - 0.25 < sat["exact"] <= sat["loop_proportional"]
    # under equal shares it is the last guest satisfied: at the sum of all demands
    assert sat["loop_equal"] - 0.25 < guests["demand"].sum() <= sat["loop_equal"]
    assert guests.set_index("guest")["demand"].idxmax() == "db-bi"


def test_lock_holder_preemption_section_statements():
    """The section "When a guest's virtual CPUs wait for each other": the busy share grows
    from the 25-CPU reference host to 20 and 15 CPUs; the database's spin factor peaks where
    the host is just short of CPUs (20) and falls with 15 and 10; at 512/20 it uses more than
    its reference load at a lower throughput; the medium network guests, with one virtual CPU
    each, never spin."""
    from overcommit import dispatch
    from overcommit.workloads import study_guests

    g = study_guests()
    q = dispatch.vcpu_runnable([x.cpu_load for x in g], [x.vcpus for x in g])
    b = {c: dispatch.all_busy(c, q) for c in (25, 20, 15)}
    assert b[25] < 0.25 < b[20] < b[15]
    runs = {c: oc.simulate(f"512/{c}") for c in (20, 15, 10)}
    spin = {c: r.guests.loc["db-bi", "spin_factor"] for c, r in runs.items()}
    assert spin[20] > spin[15] > spin[10] > 1.0
    db = runs[20].guests.loc["db-bi"]
    assert db["cpu_load"] > 2.82 and runs[20].workloads.loc["db-bi", "relative_throughput"] < 1.0
    assert runs[15].system["all_cpus_busy"] > runs[20].system["all_cpus_busy"]
    net = runs[15].guests
    assert (net.loc[["net-medium-client", "net-medium-server"], "spin_factor"] == 1.0).all()
    coupled = sorted(n for n, v in oc.study_variants().items() if v.coupling > 0)
    assert coupled == ["db-bi", "net-high", "net-medium"]


def test_the_water_level_is_said_in_the_axis_unit():
    """Issue 44: the vessel chart's note gave θ per unit of share (0.0074) under an axis and a
    text in CPUs per 100 units of share (0.74)."""
    chart = fs.water_level_chart(4, [4, 4], [100, 400], [4, 4], ["A", "B"])
    spec = json.dumps(chart.to_dict(), ensure_ascii=False)
    theta = shares.water_level(4, [4, 4], [100, 400], [4, 4])
    assert math.isfinite(theta)
    assert "per unit of share" not in spec
    assert f"The water level is {100 * theta:.2f} CPU per 100 units of share." in spec
    notes = [n["calculate"] for n in _walk(chart.to_dict()) if "water level" in str(n.get("calculate", ""))]
    assert notes and all("format(datum.level, '.2f')" in n and "per 100 units of share" in n for n in notes)
    assert any("CPUs per 100 units of share" == t for t in _axis_titles(chart.to_dict()))
