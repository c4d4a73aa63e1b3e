"""The model's sanity rules (overcommit.sanity) over the any-host grid, and the checker
itself on frames made to break each rule.

The model (``overcommit.MECHANISMS``) still breaks the rules
in places (docs/model-validation.md, "Sanity beyond the paper's grid"); its breaches are
listed in ``sanity_known_breaches.csv``. The test fails on any breach not listed, and on a
listed one that has gone (so the list only shrinks and never hides a new one).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import overcommit as oc
from overcommit import sanity

KNOWN = Path(__file__).with_name("sanity_known_breaches.csv")
KEY = ["rule", "env", "cpus", "variant", "memory_gib"]


@pytest.fixture(scope="module")
def breaches() -> pd.DataFrame:
    return sanity.violations(sanity.default_grid())


#: hosts whose fixed point is ill-conditioned (the medium Java level's map nearly neutral,
#: docs/model-validation.md): whether the solver settles there, and where, depends on the
#: machine's arithmetic, so breaches at them or in a step to them are not compared
ILL_CONDITIONED = {("zvm63-eckd", cpus, memory) for cpus in (23, 24, 25) for memory in (72, 80)}


def _keys(frame: pd.DataFrame) -> set[tuple]:
    return {tuple(r) for r in frame[KEY].fillna("").astype(str).itertuples(index=False)
            if (r.env, int(r.cpus), int(r.memory_gib)) not in ILL_CONDITIONED}


def test_grid_covers_the_any_host_grid():
    f = sanity.default_grid()
    runs = f.drop_duplicates(["env", "memory_gib", "cpus"])
    assert len(runs) == 64 * 25 * 3
    assert runs["memory_gib"].min() == 8 and runs["memory_gib"].max() == 512
    assert set(f["variant"]) == set(oc.workloads.VARIANTS)


def test_no_breach_beyond_the_known_ones(breaches):
    known = _keys(pd.read_csv(KNOWN, dtype=str, keep_default_na=False))
    found = _keys(breaches)
    new = found - known
    gone = known - found
    assert not new, f"new breaches of the sanity rules: {sorted(new)[:10]}"
    assert not gone, f"breaches no longer found (remove them from {KNOWN.name}): {sorted(gone)[:10]}"


def test_every_run_converges_but_at_80_gib_on_eckd_with_23_to_25_cpus(breaches):
    # docs/model-validation.md: there the medium Java level's map is nearly neutral and the
    # solver may circle without settling (on this project's machines at 23 and 24 CPUs, or
    # 23 to 25 with an older CPU's kernels)
    stuck = breaches[breaches["rule"] == "converged"]
    assert {(e, int(c), int(m)) for e, c, m in zip(stuck["env"], stuck["cpus"], stuck["memory_gib"])} <= ILL_CONDITIONED


def test_no_memory_holder_gains_on_a_small_host_and_the_starved_host_loses_them(breaches):
    assert not breaches["rule"].isin(["small-host", "keeps-80", "failure-heals"]).any()
    f = sanity.default_grid()
    starved = f[(f.memory_gib == 8) & (f.cpus == 20) & f.variant.isin(sanity.MEMORY_BOUND)]
    assert len(starved) == 3 * len(sanity.MEMORY_BOUND)
    assert (starved["relative_throughput"] < sanity.STARVED_LIMIT).all()
    assert not (breaches["rule"] == "above-reference").any()
    # the high page-cached fio level runs above its reference at 13 CPUs, which its quieter
    # data-disk path explains (docs/model-validation.md)
    f13 = f[(f.variant == "fs-pagecache-high") & (f.cpus == 13) & (f.memory_gib == 512)]
    assert (f13["relative_throughput"] > 1.005).any() and (f13["io_slowdown"] < 0.99).all()


def test_no_failure_heals_but_the_reorder_pause():
    # the z/VM 6.2 database failure whose reason is the reorder pause heals where the
    # pause, proportional to resident memory, falls under its clients' 4 s
    f = sanity.default_grid()
    healed = f[f["reorder"]]
    assert set(healed["env"]) == {"zvm62-edev"} and set(healed["variant"]) == {"db-bi"}
    assert (healed["memory_gib"] >= 48).all()


def _frame(rows):
    rows = [r + (False, 1.0)[len(r) - 7:] for r in rows]
    return pd.DataFrame(rows, columns=sanity.COLUMNS)


def test_checker_finds_a_memory_bound_workload_that_speeds_up():
    f = _frame([("e", 64, 20, "db-bi", 0.60, False, True), ("e", 56, 20, "db-bi", 0.63, False, True),
                ("e", 48, 20, "db-bi", 0.64, False, True)])
    v = sanity.violations(f)
    assert list(v["rule"]) == ["memory-bound"] and list(v["memory_gib"]) == [56]


def test_checker_finds_a_workload_above_its_reference():
    f = _frame([("e", 128, 20, "was-high", 1.01, False, True), ("e", 120, 20, "was-high", 0.90, False, True)])
    v = sanity.violations(f)
    assert list(v["rule"]) == ["above-reference"] and list(v["memory_gib"]) == [128]
    # a quieter I/O path explains a gain up to 1 / io_slowdown, and no more
    quiet = _frame([("e", 512, 13, "fs-pagecache-high", 1.014, False, True, False, 0.976),
                    ("e", 504, 13, "fs-pagecache-high", 1.030, False, True, False, 0.976)])
    v = sanity.violations(quiet)
    assert list(v["rule"]) == ["above-reference"] and list(v["memory_gib"]) == [504]


def test_checker_finds_small_steps_that_add_up_to_a_gain_on_a_small_host():
    steps = [("e", m, 20, "was-medium", 0.60 + 0.015 * (64 - m) / 8, False, True) for m in range(64, 7, -8)]
    v = sanity.violations(_frame(steps))
    assert list(v["rule"]) == ["small-host", "small-host"] and sorted(v["memory_gib"]) == [8, 16]
    # unless it failed at 64 GiB (by a reorder pause, so that its healing is no breach)
    failed = [r[:5] + (r[1] == 64, True, r[1] == 64) for r in steps]
    assert sanity.violations(_frame(failed)).empty


def test_checker_finds_a_failure_that_heals():
    f = _frame([("e", 64, 5, "db-bi", 0.5, True, True), ("e", 56, 5, "db-bi", 0.5, False, True),
                ("e", 48, 5, "db-bi", 0.5, True, True)])
    v = sanity.violations(f)
    assert list(v["rule"]) == ["failure-heals"] and list(v["memory_gib"]) == [56]


def test_checker_lets_only_a_reorder_pause_failure_heal():
    pause = [("e", 64, 5, "db-bi", 0.5, True, True, True), ("e", 56, 5, "db-bi", 0.5, False, True, False)]
    assert sanity.violations(_frame(pause)).empty
    # a time-out at 64 GiB under a pause at 72: the run at 56 GiB heals the time-out
    mixed = [("e", 72, 5, "db-bi", 0.5, True, True, True)] + [(*pause[0][:7], False), pause[1]]
    v = sanity.violations(_frame(mixed))
    assert list(v["rule"]) == ["failure-heals"] and list(v["memory_gib"]) == [56]


def test_checker_finds_an_unconverged_run_and_a_starved_survivor():
    f = _frame([("e", 8, 20, "java-high", 0.9, False, False)])
    assert sorted(sanity.violations(f)["rule"]) == ["converged", "keeps-80"]


def test_mechanisms_reject_a_non_switch():
    with pytest.raises(ValueError, match="mechanisms.query_coupling: 'yes'"):
        oc.Mechanisms(query_coupling="yes")
    with pytest.raises(ValueError, match="mechanisms: 3 is not accepted"):
        oc.simulate("64/20", mechanisms=3)


def test_each_switch_changes_the_model_where_it_should():
    kept = oc.simulate("16/20", env="zvm63-edev").workloads["relative_throughput"]
    uncoupled = oc.simulate("16/20", env="zvm63-edev",
                            mechanisms=oc.Mechanisms(query_coupling=False)).workloads["relative_throughput"]
    # coupled streams hide fewer stalls: the database is slower with them
    assert kept["db-bi"] < uncoupled["db-bi"] - 0.02
    # with neighbour relief the database's spinning falls below the reference run's when
    # the others stall on ECKD paging, and it runs faster; without, it stays below its reference
    relief = oc.simulate("64/25", env="zvm63-eckd", mechanisms=oc.Mechanisms(neighbour_relief=True))
    floor = oc.simulate("64/25", env="zvm63-eckd")
    assert (relief.workloads.loc["db-bi", "relative_throughput"]
            > floor.workloads.loc["db-bi", "relative_throughput"] + 0.02)
    assert floor.workloads.loc["db-bi", "relative_throughput"] <= 1.0
    assert relief.guests.loc["db-bi", "spin_factor"] < 0.95
    # below Table 17's cost only by its own running share: at most what running at x
    # instead of 1 saves (the database runs at about 0.97 here)
    assert floor.guests["spin_factor"].min() > 0.95
    # a blocking fault on a lock holder makes the coupled database spin more
    held = oc.simulate("16/20", mechanisms=oc.Mechanisms(fault_holder=True)).guests.loc["db-bi", "spin_factor"]
    assert held > oc.simulate("16/20").guests.loc["db-bi", "spin_factor"]
    # a pause that happens less than once in the run breaks nobody: at 120/20 on 6.2 the
    # database's pages do not turn over, so with reorder_in_run it does not fail there
    r = oc.simulate("120/20", env="zvm62-edev")
    assert r.workloads.loc["db-bi", "failed"]
    assert not oc.simulate("120/20", env="zvm62-edev",
                           mechanisms=oc.Mechanisms(reorder_in_run=True)).workloads.loc["db-bi", "failed"]
    assert oc.Mechanisms().key == "query_coupling-hot_set"
    # the database's hot set: resident at 64/20, so the switch changes little there; on a
    # host too small to hold it, it faults at the rate the queries run and the database collapses
    cold = oc.Mechanisms(hot_set=False)
    def db(cid, mechanisms=None):
        return oc.simulate(cid, mechanisms=mechanisms).workloads.loc["db-bi", "relative_throughput"]

    assert abs(db("64/20", cold) - db("64/20")) < 0.05
    assert db("16/20", cold) - db("16/20") > 0.2
