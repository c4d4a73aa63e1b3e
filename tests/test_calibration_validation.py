"""Calibration targets come from the data; the stored fit meets its targets; claims are evaluated."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import overcommit as oc
from overcommit import calibrate, validation
from overcommit.workloads import VARIANTS


def test_targets_are_derived_from_observation_records():
    t = {(x.guest_or_variant, x.quantity): x for x in calibrate.targets()}
    assert t[("db-bi", "resident_mib")].value == 39_936
    assert t[("db-bi", "page_read_mib_s")].value == pytest.approx(19.414)
    assert t[("java-high", "page_read_mib_s")].value == pytest.approx(0.172 * 88)
    assert t[("fs-pagecache-high", "resident_mib")].value == pytest.approx(0.145 * 64_783)
    assert t[("java-medium", "relative_throughput")].value == pytest.approx(0.55)
    assert all(x.source for x in t.values())


def test_stored_fit_reproduces_its_best_calibration_targets():
    """The calibrated parameters in data/ match what they were fitted to (for the targets
    the model can meet; Java and WAS page reads are known misses, see docs/model-validation.md)."""
    r = oc.simulate(calibrate.CALIBRATION_CID, env=calibrate.CALIBRATION_ENV)
    g = r.guests
    # the database's residency within 6 % and, with its buffer cache swept, its page reads
    # within 15 % of the paper's 19.4 MiB/s (about half of it with random references; its 16 GiB
    # hot set, resident at 64/20, takes memory the rest would have kept)
    assert g.loc["db-bi", "resident_mib"] == pytest.approx(39_936 * 1.02, rel=0.06)
    assert g.loc["db-bi", "page_read_mib_s"] == pytest.approx(19.414, rel=0.15)
    assert g.loc["fs-pagecache-high", "resident_mib"] == pytest.approx(0.145 * 64_783 * 1.02, rel=0.07)
    frac = g["resident_mib"] / g["instantiated_mib"]
    assert frac["was-medium-was"] == pytest.approx(0.33, abs=0.05)
    # Java: the residency is a known miss (86 % and 63 % for the paper's 91 % and 85 %), the degradations are
    # solved for (the high level lands 0.02 above: its blocking share is solved before the
    # last per-guest round moves its residency)
    assert frac["java-medium"] == pytest.approx(0.91, abs=0.12)
    assert r.workloads.loc["java-medium", "relative_throughput"] == pytest.approx(0.55, abs=0.01)
    assert r.workloads.loc["java-high", "relative_throughput"] == pytest.approx(0.74, abs=0.025)


def test_validation_table():
    table = validation.evaluate()
    assert {"id", "kind", "finding", "paper", "model", "passed", "source"} <= set(table.columns)
    assert table["id"].is_unique
    assert set(table["kind"]) == {"validation", "calibration"}
    assert table["source"].str.startswith("seed 000, ").all()
    assert not table["model"].astype(str).str.startswith("error").any()
    s = validation.summary(table)
    # the calibration claims the fit meets: the Java degradations it solves the blocking
    # share for, the total page reads and both shares of them; the Java residency is the
    # fit's known miss (see docs/model-validation.md)
    failed = set(table.loc[(table["kind"] == "calibration") & ~table["passed"], "id"])
    assert failed == {"java-resident-6420"}, failed
    # Pinned, not a goal: docs/model-validation.md and the chapter "How good is the model?"
    # report which claims fail and why, graded by one rule (claims.DIRECTION_MIN for a
    # direction, claims.ABOUT for an "about x", one paper step for "best at"). Of the 55, the
    # 24 of figures_validation.LATER_CLAIMS (11 pass) cover the rest of the paper's written
    # findings; their thresholds (validation.ALMOST, SLIGHT) were fixed before the model was
    # evaluated on them. The other 31 give 15 passes. A change in either direction must be
    # explained in both documents.
    assert s["validation"] == 55
    assert s["validation_passed"] == 26, table.loc[~table["passed"], ["id", "paper", "model"]]
    assert (s["calibration"], s["calibration_passed"]) == (6, 5)


@pytest.mark.slow
def test_fit_is_joint_and_reports_its_sensitivity():
    """beta and T are chosen together from a scan whose every point is kept, and the chosen
    pair is the one whose worst neighbour on the T grid is best (robust, not a knife edge)."""
    fitted, report = calibrate.fit(verbose=False, beta=1.0, rounds=1)
    scan = calibrate.fit.scan
    assert list(scan.columns) == ["beta", "T_s", "cost", "settled", "worst_of_neighbours", "stage", "chosen"]
    # the grid, and the refinement around its choice on steps of 2^(1/8)
    refined = scan[scan["stage"] == "refined"]
    centre = [t for t in refined["T_s"] if t in calibrate.T_GRID]
    assert len(centre) == 1
    assert tuple(sorted(refined["T_s"])) == calibrate.refine_trials(centre[0])
    assert len(scan) == len(calibrate.T_GRID) + 2 * calibrate.REFINE_SPAN
    if refined["settled"].any():  # a settled refined pair is preferred to any grid pair
        assert scan.loc[scan["chosen"], "stage"].item() == "refined"
    assert (scan["worst_of_neighbours"] >= scan["cost"]).all()
    assert scan["chosen"].sum() == 1
    assert fitted.iloc[0].tolist() == ["zvm", "reclaim_exponent", 1.0]
    # the fitted parameters are written as they were evaluated: six significant digits
    assert all(float(f"{v:.{calibrate.DIGITS}g}") == v for v in fitted["value"])


def test_the_stored_scan_and_sensitivity_belong_to_the_shipped_fit():
    """data/calibration_scan.csv marks one settled pair as chosen, and
    data/calibration_sensitivity.csv's row for it counts what `validate` counts today: both
    files were regenerated with the parameters in data/calibrated_parameters.csv."""
    from overcommit import data

    scan = data.load_table("calibration_scan.csv")
    chosen = scan[scan["chosen"] == "yes"]
    assert len(chosen) == 1 and chosen["settled"].iloc[0] == "yes"
    # a cost only where the fit settled: an unsettled pair's cost is not determined
    assert scan["cost"].notna().eq(scan["settled"] == "yes").all()
    beta = float(data.load_table("calibrated_parameters.csv").set_index(["target", "parameter"])
                 .loc[("zvm", "reclaim_exponent"), "value"])
    assert beta == float(chosen["beta"].iloc[0])
    sens = data.load_table("calibration_sensitivity.csv")
    mine = sens[sens["flipped"] == "the chosen fit"]
    assert len(mine) == 1
    assert (float(mine["beta"].iloc[0]), float(mine["T_s"].iloc[0])) == (beta, float(chosen["T_s"].iloc[0]))
    s = validation.summary()
    assert int(mine["validation_passed"].iloc[0]) == s["validation_passed"]
    assert int(mine["calibration_passed"].iloc[0]) == s["calibration_passed"]
    assert len(sens) >= 3  # T both ways, and β at least one way


def test_cli_sweep_writes_csv(tmp_path):
    from overcommit.__main__ import main

    out = tmp_path / "grid.csv"
    assert main(["sweep", "--env", "zvm63-edev", "--out", str(out)]) == 0
    text = out.read_text().splitlines()
    assert text[0].startswith("cid,env,memory_gib,cpus,variant,relative_throughput")
    assert len(text) == 1 + 29 * 11


def test_share_floors_are_the_guarantee_per_workload_and_sit_above_two_paper_values():
    f = validation.share_floors("512/20")
    guests = oc.study_guests()
    total = sum(g.share for g in guests)
    db = [g for g in guests if g.variant == "db-bi"][0]
    assert f.loc["db-bi", "floor"] == pytest.approx(20 * db.share / total / db.cpu_load)
    # a chain runs at the pace of its least-served guest
    was = [g for g in guests if g.variant == "was-medium"]
    assert f.loc["was-medium", "floor"] == pytest.approx(min(min(1.0, 20 * g.share / total / g.cpu_load) for g in was))
    assert (f["floor"] <= 1).all() and (f["guaranteed_cpus"] <= f["reference_cpus"] + 1e-12).all()
    # what docs/model-validation.md's misses say: the paper's database at 512/20 and high network
    # level at 512/15 ran below what the shares guarantee a CPU-bound workload
    obs = oc.data.observations().set_index("id")
    assert obs.loc["o000-db-tput-51220", "relation"] == "<"
    assert f.loc["db-bi", "floor"] > obs.loc["o000-db-tput-51220", "value"] / 100 + 0.15
    f15 = validation.share_floors("512/15")
    assert f15.loc["net-high", "floor"] > obs.loc["o000-nh-15", "value"] / 100 + 0.1
    assert f15.loc["db-bi", "floor"] < f.loc["db-bi", "floor"]


def test_only_swept_guests_get_a_fitted_regularity_and_it_is_pulled_towards_random():
    """calibrate._fit_guest fits the Erlang shape k of a swept guest (regularity > 1 in
    guest_behaviour.csv), and only of it; with targets that random references meet, the pull
    keeps k near 1, with targets they cannot meet, k rises and the targets are met."""
    from dataclasses import replace

    from overcommit import data, workloads

    frame = data.load_table("calibrated_parameters.csv")
    assert set(frame.loc[frame["parameter"] == "regularity", "target"]) == {"db-bi"}
    base = {g.name: g for g in workloads.study_guests(calibrated=False)}
    assert {n for n, g in base.items() if g.regularity > 1} == {"db-bi"}

    guest = base["db-bi"]
    T_g = 1500.0
    # targets made by a random-reference guest: the swept fit should stay close to random
    made = replace(guest, active_frac=0.6, skew=0.8, median_rate_per_s=2e-3, regularity=1.0)
    res, reads = calibrate._guest_memory(made, T_g, 1.0)
    targets = [calibrate.Target("db-bi", "resident_mib", res, "test"),
               calibrate.Target("db-bi", "page_read_mib_s", reads, "test")]
    fit = calibrate._fit_guest(guest, targets, T_g, 1.0, 1.0, swept=True)
    assert fit["regularity"] < 1.5
    # targets made by a swept guest (much more read back at the same residency)
    made = replace(guest, active_frac=0.99, skew=0.5, median_rate_per_s=3e-4, regularity=8.0)
    res, reads = calibrate._guest_memory(made, T_g, 1.0)
    targets = [calibrate.Target("db-bi", "resident_mib", res, "test"),
               calibrate.Target("db-bi", "page_read_mib_s", reads, "test")]
    fit = calibrate._fit_guest(guest, targets, T_g, 1.0, 1.0, swept=True)
    assert fit["regularity"] > 2
    got = calibrate._guest_memory(replace(guest, **fit), T_g, 1.0)
    assert got[0] == pytest.approx(res, rel=0.05) and got[1] == pytest.approx(reads, rel=0.1)
    # not swept: no regularity in the result
    assert "regularity" not in calibrate._fit_guest(guest, targets, T_g, 1.0, 1.0)


def test_fairness_bound_on_the_papers_512_15_outcome():
    """The paper's 512/15 (Java and network medium at their reference, database 0.60, network
    high 0.40) needs more CPUs under weighted max-min fairness than the host has, at Table
    17's CPU per unit of work: the argument for the CPU claims the model misses
    (docs/model-validation.md)."""
    b = validation.fairness_bound()
    served, observed = validation.paper_outcome_512_15()
    assert set(served) == {"java-medium", "java-high", "net-medium"} and all(v == 1.0 for v in served.values())
    assert observed == {"db-bi": pytest.approx(0.60), "net-high": pytest.approx(0.40)}
    # the level is set by the most demanding served guest per share: the medium network server
    server = next(g for g in oc.study_guests() if g.name == "net-medium-server")
    assert b["level_per_100_share"] == pytest.approx(100 * server.cpu_load / server.share)
    assert b["available_cpus"] == pytest.approx(15 - oc.simulate("512/15").system["cp_system_cpu"])
    assert b["needed_cpus"] > b["available_cpus"] + 3
    assert b["shortfall_cpus"] == pytest.approx(b["needed_cpus"] - b["available_cpus"])
    # WebSphere and fio, which the paper calls CPU-bound, would have had to run at most at
    # about two thirds of their reference for some reason other than CPU
    assert 0.6 < b["rest_fraction"] < 0.75
    # with 20 CPUs and the database's loss the same outcome nearly fits
    b20 = validation.fairness_bound("512/20", served, {"db-bi": observed["db-bi"]})
    assert 0 < b20["shortfall_cpus"] < 1 and b20["rest_fraction"] > 0.9


def test_fairness_bound_is_what_water_filling_gives_and_is_tight():
    """With exactly the CPUs the bound names, shares.allocate serves every served guest in
    full; with a little less, at least one of them is cut. A bound that fits returns 1.0."""
    import numpy as np

    from overcommit import shares

    guests = oc.study_guests()
    served = {"java-high": 1.0}
    b = validation.fairness_bound("512/20", served, {})
    demand = np.array([g.cpu_load for g in guests])
    vcpus = np.array([g.vcpus for g in guests])
    share = np.array([g.share for g in guests])
    mine = np.array([g.variant == "java-high" for g in guests])
    full = shares.allocate(b["needed_cpus"], vcpus, share, demand)
    assert np.allclose(full[mine], demand[mine])
    short = shares.allocate(b["needed_cpus"] - 1e-3, vcpus, share, demand)
    assert (short[mine] < demand[mine] - 1e-6).any()
    # a guest with little demand per share is served at a level the host easily reaches
    easy = validation.fairness_bound("512/20", {"fs-direct-high": 1.0}, {})
    assert easy["shortfall_cpus"] == 0.0 and easy["rest_fraction"] == 1.0


@pytest.mark.parametrize("args, field", [
    (("512/15", {}, {}), "served"),
    (("512/15", {"java": 1.0}, {}), "served"),
    (("512/15", {"java-high": 0.0}, {}), "served['java-high']"),
    (("512/15", {"java-high": float("nan")}, {}), "served['java-high']"),
    (("512/15", {"java-high": 1.0}, {"db-bi": True}), "observed['db-bi']"),
    (("512/15", {"java-high": 1.0}, {"java-high": 0.5}), "observed"),
    (("64/20", None, None), "served"),
])
def test_fairness_bound_rejects_bad_input_naming_the_field(args, field):
    with pytest.raises(ValueError) as err:
        validation.fairness_bound(*args)
    assert str(err.value).startswith(field + ":")



@settings(max_examples=40, deadline=None)
@given(picked=st.lists(st.sampled_from(VARIANTS), min_size=1, max_size=4, unique=True),
       x=st.floats(0.2, 1.5), more=st.floats(1.0, 1.5))
def test_fairness_bound_grows_with_what_the_served_get(picked, x, more):
    """Asking more for a served workload never lowers the CPUs fairness needs, and the need
    is at least the served workloads' own demand (capped by their virtual CPUs)."""
    guests = oc.study_guests()
    low = validation.fairness_bound("512/20", {v: x for v in picked}, {})
    high = validation.fairness_bound("512/20", {v: x * more for v in picked}, {})
    assert high["needed_cpus"] >= low["needed_cpus"] - 1e-9
    own = sum(min(g.cpu_load * x, g.vcpus) for g in guests if g.variant in picked)
    assert low["needed_cpus"] >= own - 1e-9
    assert 0.0 <= low["rest_fraction"] <= 1.0
    assert (low["shortfall_cpus"] == 0.0) == (low["needed_cpus"] <= low["available_cpus"])


def test_a_claim_is_calibration_exactly_when_it_compares_with_a_fitted_record():
    from overcommit import data

    known = set(data.observations(["observations_000.csv"])["id"])
    fitted = calibrate.target_observations()
    for claim in validation._claims():
        assert claim.observations, f"{claim.id}: no observation records"
        unknown = set(claim.observations) - known
        assert not unknown, f"{claim.id}: records {sorted(unknown)} not in observations_000.csv"
        hit = set(claim.observations) & fitted
        assert (claim.kind == "calibration") == bool(hit), (
            f"{claim.id}: kind {claim.kind!r}, but its fitted records are {sorted(hit) or 'none'}")


def test_every_record_of_the_paper_is_a_claim_a_target_or_set_aside_with_a_reason():
    """A finding of seed 000 cannot drop out of the validation silently: each record of
    data/observations_000.csv is compared with by a claim, is a calibration target, or is in
    validation.NOT_CLAIMS under the reason it is not a claim (and only there)."""
    from overcommit import data

    known = set(data.observations(["observations_000.csv"])["id"])
    claimed = {rid for claim in validation._claims() for rid in claim.observations}
    fitted = calibrate.target_observations()
    set_aside = [rid for ids in validation.NOT_CLAIMS.values() for rid in ids]
    assert len(set_aside) == len(set(set_aside)), "a record is set aside under two reasons"
    assert not set(set_aside) - known, sorted(set(set_aside) - known)
    assert not set(set_aside) & (claimed | fitted), sorted(set(set_aside) & (claimed | fitted))
    uncovered = known - claimed - fitted - set(set_aside)
    assert not uncovered, f"records with no claim and no reason: {sorted(uncovered)}"
