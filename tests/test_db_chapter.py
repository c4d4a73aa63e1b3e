"""Facts the chapter "The database BI workload" states in prose: if the model changes and
one of them stops holding, the prose is wrong and this fails."""

from __future__ import annotations

import pytest

import overcommit as oc


def _x(cid, variant="db-bi", env="zvm63-edev"):
    return float(oc.simulate(cid, env=env).workloads.loc[variant, "relative_throughput"])


def test_database_gains_with_15_cpus_as_memory_shrinks_from_64_to_48():
    assert _x("48/15") > _x("64/15")
    # ... after losing a little from 512 GiB down to 64 GiB
    assert _x("512/15") > _x("64/15")


def test_neighbours_give_up_cpu_the_database_takes():
    a, b = oc.simulate("64/15").guests, oc.simulate("48/15").guests
    others = [n for n in a.index if n != "db-bi"]
    assert b.loc["db-bi", "cpu_load"] > a.loc["db-bi", "cpu_load"]
    assert b.loc[others, "cpu_load"].sum() < a.loc[others, "cpu_load"].sum()


def test_database_spins_at_512_20_and_gains_as_memory_shrinks():
    """'it uses X processors, more than its reference ... and runs at Y'; 'the host is full
    less often ... The database spins less ...: 64/20 and 48/20'."""
    a = oc.simulate("512/20")
    db = a.guests.loc["db-bi"]
    assert db["spin_factor"] > 1.3 and db["cpu_load"] > 2.82
    assert _x("512/20") < 0.7
    busy = {m: oc.simulate(f"{m}/20").system["all_cpus_busy"] for m in (512, 64, 48)}
    ref = oc.simulate("512/25").system["all_cpus_busy"]
    assert ref < busy[48] < busy[64] < busy[512]
    assert _x("48/20") > _x("64/20") > _x("512/20")
    # 'a point or two ... where the paper's rose to 0.70 at 96/20'
    assert _x("48/20") - _x("512/20") < 0.05
    assert _x("96/20") <= _x("512/20") + 1e-3


def test_the_misses_the_chapter_names():
    # just above the paper's 0.60 at 512/20; worse with 15 CPUs than with 20 (the paper: better)
    assert 0.60 <= _x("512/20") < 0.70
    assert _x("512/15") < _x("512/20")
    # 'With 15 CPUs the host is always full and the spinning cannot fall'
    assert oc.simulate("512/15").system["all_cpus_busy"] > 0.999


def test_ten_cpu_runs_fall_inside_the_papers_band():
    for m in (512, 256, 128, 112, 96, 64):
        assert 0.30 <= _x(f"{m}/10") <= 0.44 + 0.03


def test_database_uses_more_cpu_than_the_reference_with_20_cpus():
    """'... in the 20-CPU runs below 512 GiB ... it uses more processors than in the
    reference at a lower throughput; the model puts that at 512/20 too'."""
    ref = oc.simulate("512/25").guests.loc["db-bi", "cpu_load"]
    for m in (512, 256, 128, 112, 96, 64, 48):
        assert oc.simulate(f"{m}/20").guests.loc["db-bi", "cpu_load"] > ref
        assert _x(f"{m}/20") < 1.0


def test_memory_break_points_of_the_exercise():
    from overcommit import planning
    # with 20 and with 15 CPUs the database keeps 90 % of its 512 GiB throughput down to
    # where its 16 GiB hot set stops fitting
    for cpus in (20, 15):
        assert 16 < planning.memory_break_point("db-bi", 0.9, cpus, baseline="hi") < 24
    # 'At 24/20 the host is full only ... and the database runs ... better than at 512 GiB'
    assert oc.simulate("24/20").system["all_cpus_busy"] < oc.simulate("512/20").system["all_cpus_busy"]
    assert _x("24/20") > _x("512/20")
    # 'At 16 GiB the hot set no longer fits ... the database falls'
    assert _x("16/20") < 0.5 * _x("24/20")


# --- the page chart and the paper-vs-model table (the prose follows the table) -------------

def _obs(oid):
    from overcommit import data
    return float(data.observations().set_index("id").loc[oid, "value"])


def test_the_fit_meets_the_resident_memory_and_the_page_reads():
    from overcommit.book import figures_workload as fw
    table = fw.paper_vs_model("db")
    # "Agreeing on the resident memory ... and on its page reads ... shows that the fit worked"
    assert table.loc["o000-db-resident", "verdict"] == "✓"
    assert table.loc["o000-db-pr", "verdict"] == "✓"
    # "comes out above the paper's because the model's whole system reads less"
    assert fw.guest_value("page_read_share_pct", ["db-bi"], "64/20") > _obs("o000-db-pr-share")
    assert oc.simulate("64/20").system["page_read_mib_s"] < _obs("o000-sys-pr")
    # "the model stores more ... than the paper's other half"
    assert fw.guest_value("stored_fraction_pct", ["db-bi"], "64/20") > _obs("o000-db-stored-frac")


def test_only_sweeps_let_the_database_meet_both_targets():
    """'With random references the fit could meet the resident memory or the page reads, not
    both ... random references read at most about X MiB/s'; the fit chose k > 1."""
    from overcommit import calibrate
    limit, model_reads = calibrate.random_read_limit("db-bi")
    assert limit < 0.75 * _obs("o000-db-pr") < model_reads
    db = next(g for g in oc.study_guests() if g.name == "db-bi")
    assert 1.5 < db.regularity <= calibrate.MAX_REGULARITY
    # every other guest is referenced at random
    assert all(g.regularity == 1.0 for g in oc.study_guests() if g.name != "db-bi")
    with pytest.raises(ValueError, match="name"):
        calibrate.random_read_limit("no-such-guest")


def test_at_48_20_the_database_pages_more_and_still_gains():
    from overcommit.book import figures_workload as fw
    res = {c: fw.guest_value("resident_mib", ["db-bi"], c) for c in ("64/20", "48/20")}
    reads = {c: fw.guest_value("page_read_mib_s", ["db-bi"], c) for c in ("64/20", "48/20")}
    assert res["48/20"] < res["64/20"] and reads["48/20"] > reads["64/20"]
    # '... yet its throughput rises'
    assert _x("48/20") > _x("64/20")
    # "keeps about half of what it touched resident" (the glued share must read as that)
    assert 40 <= fw.guest_value("resident_fraction_pct", ["db-bi"], "64/20") <= 60


# --- the claims and the miss with 5 CPUs (the claims table and the paragraph after it) ---

def test_claims_which_pass_and_which_miss_by_their_amount():
    """'... pass: the best result near 96/20, the 10-CPU band, the loss as CPUs are taken away,
    and the CPU load with 20 and with 5 CPUs. Four claims miss by their amount, not their
    direction'; 'the low start ... and the gain with 5 CPUs, which goes the other way'."""
    from overcommit import claims
    from overcommit.book import figures_workload as fw
    c = fw.claims_table("db", ids=True)
    passed = c["verdict"].str.startswith("✓")
    assert set(c.index[passed]) == {"db-9620", "db-10cpu", "db-fewer-cpus", "db-cpu-20", "db-cpu-5"}
    assert set(c.index[~passed]) == {"db-gains", "db-15-falls", "db-cpu-15", "db-cpu-halving",
                                     "db-51220-low", "db-5-gains"}
    step = claims.DIRECTION_MIN
    # the gain with 20 CPUs: the paper's direction, less than a direction needs by 64 GiB ...
    assert 0 < _x("64/20") - _x("512/20") < step
    # ... and the fall with 15 CPUs, and the fall of its CPU load with 15 CPUs
    assert 0 < _x("512/15") - _x("64/15") < step

    def cpu(cid):
        return float(oc.simulate(cid).guests.loc["db-bi", "cpu_load"])
    assert 0 < 1 - cpu("64/15") / cpu("512/15") < step
    # the halving overdone: just below the band around one half, because the throughput keeps
    # about half and the database spins less with 10 CPUs
    for m in (512, 256, 128, 112, 96, 64):
        ratio = cpu(f"{m}/10") / cpu(f"{m}/20")
        assert 0.5 * (1 - claims.ABOUT) - 0.05 < ratio < 0.5 * (1 - claims.ABOUT)
    assert 0.5 <= _x("512/10") / _x("512/20") < 0.6
    spin = {c: oc.simulate(f"512/{c}").guests.loc["db-bi", "spin_factor"] for c in (10, 20)}
    assert spin[10] < spin[20]
    # with 5 CPUs it goes the other way
    assert _x("64/5") < _x("512/5")


def test_a_page_fault_holds_up_the_whole_query():
    """'one fault holds up N streams ... spread over 16 independent users, not over all 128';
    with 25 CPUs it costs at 64 GiB; with 20 CPUs it helps a little down to 48 GiB (the host is
    full less often, the database spins less), about even at 32 GiB, and costs below."""
    v = oc.workloads.study_variants()["db-bi"]
    assert v.fault_group == v.streams_per_user == 8
    assert v.users / v.fault_group == 16 and v.users == 128
    # every other variant: a fault holds up only its own user
    assert all(w.fault_group == 1 for n, w in oc.workloads.study_variants().items() if n != "db-bi")
    free = oc.Mechanisms(query_coupling=False)
    assert oc.Mechanisms().query_coupling

    def pair(cid):
        return oc.simulate(cid), oc.simulate(cid, mechanisms=free)

    def x(r):
        return float(r.workloads.loc["db-bi", "relative_throughput"])
    a, b = pair("64/25")
    assert x(a) < x(b) - 0.03
    # 'where the host is full no more often than in the reference run'
    assert a.system["all_cpus_busy"] <= oc.simulate("512/25").system["all_cpus_busy"]
    for cid in ("64/20", "48/20"):
        a, b = pair(cid)
        assert x(a) > x(b)
        assert a.system["all_cpus_busy"] < b.system["all_cpus_busy"]
        assert a.guests.loc["db-bi", "spin_factor"] < b.guests.loc["db-bi", "spin_factor"]
    a, b = pair("32/20")
    assert x(a) == pytest.approx(x(b), abs=0.005)
    for cid in ("24/20", "16/20", "8/20"):
        a, b = pair(cid)
        assert x(a) < x(b)
    a, b = pair("8/20")
    assert x(a) < x(b) - 0.03


def test_with_5_cpus_the_database_follows_a_falling_water_level():
    """'with 5 CPUs the host is always full, and its spin factor hardly moves'; 'with 5 CPUs
    none does [drop below the water level]'; 'The guests below the water level use only ...
    less, while CP's paging takes ... more'; 'held to exactly that level times its share'."""
    from overcommit.book.figures_was import water_level
    runs = {m: oc.simulate(f"{m}/5") for m in (512, 64)}
    below = {}
    for m, r in runs.items():
        g, level = r.guests, water_level(r)
        assert r.system["all_cpus_busy"] > 0.999
        assert g.loc["db-bi", "cpu_allocated"] == pytest.approx(level / 100 * g.loc["db-bi", "share"], rel=1e-6)
        below[m] = 100 * g["cpu_allocated"] / g["share"] < level * (1 - 1e-6)
    assert (below[512] == below[64]).all() and not below[64][["java-medium", "java-high"]].any()
    freed = runs[512].guests["cpu_load"][below[512]].sum() - runs[64].guests["cpu_load"][below[64]].sum()
    cp = runs[64].system["cp_system_cpu"] - runs[512].system["cp_system_cpu"]
    assert 0 < freed < cp / 2
    assert water_level(runs[64]) < water_level(runs[512])
    spin = [runs[m].guests.loc["db-bi", "spin_factor"] for m in (512, 64)]
    assert 0 < spin[0] - spin[1] < 0.01 * spin[0]
    assert _x("64/5") < _x("512/5") == pytest.approx(_x("128/5"), abs=5e-4)
    # with 20 CPUs, by contrast, the Java guests drop below the water level at 64 GiB
    r = oc.simulate("64/20")
    g = r.guests.loc["java-medium"]
    assert 100 * g["cpu_allocated"] / g["share"] < water_level(r) * (1 - 1e-6)


def test_with_15_and_5_cpus_the_cpu_load_falls_with_the_water_level():
    """'with 15 CPUs from ... at 512 GiB to ... at 112 GiB and ... at 64 GiB, a little at
    112 GiB and more below'; 'with 5 CPUs by at most ...; in proportion that is about as much
    as with 15 CPUs'."""
    def cpu(cid):
        return float(oc.simulate(cid).guests.loc["db-bi", "cpu_load"])
    a, b, c = (cpu(f"{m}/15") for m in (512, 112, 64))
    assert a > b > c and a - b < (b - c) / 3
    worst5 = max(abs(cpu(f"{m}/5") / cpu("512/5") - 1) for m in (256, 128, 112, 96, 64))
    assert worst5 < 0.05
    assert 0.5 < (1 - cpu("64/5") / cpu("512/5")) / (1 - c / a) < 1.5
