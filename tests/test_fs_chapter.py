"""The chapter "The file-system I/O workload": its own figure builders (figures_fs) and the
facts its prose states. If the model changes and one of those facts stops holding, the prose
is wrong and a test here fails."""

from __future__ import annotations

import pytest

import overcommit as oc
from overcommit import data, paging, planning
from overcommit.book import figures_fs as ff
from overcommit.book import figures_workload as fw
from overcommit.model import PATH_MIB_S, environment
from overcommit.replacement import reclaim_weights
from overcommit.workloads import HOT_CORE_MIB, study_guests, study_variants
from spec_utils import bound as _bound

FS = ff.VARIANTS
PAGECACHE = ("fs-pagecache-medium", "fs-pagecache-high")
DIRECT = ("fs-direct-medium", "fs-direct-high")


@pytest.fixture(scope="module")
def vframe():
    return fw.variant_frame("fs")


@pytest.fixture(scope="module")
def mframe(vframe):
    return ff.modes_frame(vframe)


@pytest.fixture(scope="module")
def runs():
    return ff.path_runs()




def _x(cid, variant, env="zvm63-edev"):
    return float(oc.simulate(cid, env=env).workloads.loc[variant, "relative_throughput"])


def _run(runs, env, cid):
    return runs[(runs.env == env) & (runs.cid == cid)].iloc[0]


def _paper():
    return data.observations(["observations_000.csv"]).set_index("id")["value"].astype(float)


def _weight(name):
    """The guest's reclaim weight w_g: its pages age for w_g times the global time T."""
    g = {x.name: x for x in study_guests()}[name]
    return float(reclaim_weights([g.touched_mib], environment("zvm63-edev").reclaim_exponent)[0])


# --- figures_fs: the two modes --------------------------------------------------------------

def test_modes_frame_has_every_variant_of_every_run_but_the_reference(mframe):
    assert len(mframe) == 3 * 28 * 4
    assert "512/25" not in set(mframe["cid"])
    assert not mframe.duplicated(["env", "cid", "variant"]).any()
    assert dict(zip(mframe["variant"], mframe["mode"])) == {
        "fs-direct-medium": "direct I/O", "fs-direct-high": "direct I/O",
        "fs-pagecache-medium": "page-cached", "fs-pagecache-high": "page-cached"}
    assert set(mframe.loc[mframe["variant"].str.endswith("-high"), "level"]) == {"high"}


def test_modes_frame_values_are_the_models(mframe):
    for env, cid in (("zvm63-edev", "48/20"), ("zvm63-eckd", "64/20"), ("zvm62-edev", "96/10")):
        w = oc.simulate(cid, env=env).workloads
        f = mframe[(mframe.env == env) & (mframe.cid == cid)].set_index("variant")
        for v in FS:
            assert f.loc[v, "throughput"] == pytest.approx(w.loc[v, "relative_throughput"], rel=1e-3)
            assert f.loc[v, "page_read_mib_s"] == pytest.approx(w.loc[v, "page_read_mib_s"], rel=1e-3, abs=1e-6)


def test_modes_chart_binds_environment_and_cpus_and_draws_the_paper_mark(mframe):
    spec = ff.modes_chart(mframe).to_dict()
    params = _bound(spec)
    assert set(params) == {"env", "cpus"}
    assert params["cpus"]["value"] == 20
    assert params["cpus"]["bind"]["options"] == ff.CPU_OPTIONS
    assert spec["description"]
    marks = ff.paper_mode_marks()
    assert list(marks["variant"]) == ["fs-direct-high"] and float(marks["y"].iloc[0]) == 1.0
    assert "above 100 %" in marks["label"].iloc[0]


def test_modes_chart_rejects_bad_input(mframe):
    with pytest.raises(ValueError, match="default_cpus: 25"):
        ff.modes_chart(mframe, default_cpus=25)
    with pytest.raises(ValueError, match="mframe"):
        ff.modes_chart(mframe.iloc[0:0])
    with pytest.raises(ValueError, match="variant: 'java-high'"):
        ff.mode_of("java-high")
    with pytest.raises(ValueError, match="vframe"):
        ff.modes_frame(fw.variant_frame("java"))


# --- figures_fs: the shared storage path --------------------------------------------------

def test_path_runs_name_who_shares_the_path(runs):
    assert len(runs) == 3 * 29
    eckd = runs[runs.env == "zvm63-eckd"]
    edev = runs[runs.env != "zvm63-eckd"]
    assert set(eckd["sharing_variants"]) == {", ".join(v for v in study_variants() if v.startswith("fs-"))}
    assert set(edev["sharing_variants"]) == {"db-bi"}
    assert set(eckd["bandwidth_mib_s"]) == {PATH_MIB_S["eckd"]}
    assert set(edev["bandwidth_mib_s"]) == {PATH_MIB_S["scsi"]}
    assert (eckd["threshold"] == 0.9).all() and edev["threshold"].isna().all()


def test_path_runs_use_the_models_rates(runs):
    variants = study_variants()
    for env, cid in (("zvm63-eckd", "64/20"), ("zvm63-edev", "48/20"), ("zvm62-edev", "64/10")):
        r = oc.simulate(cid, env=env)
        row = _run(runs, env, cid)
        assert row["page_read_mib_s"] == pytest.approx(r.system["page_read_mib_s"], rel=1e-3)
        assert row["page_write_mib_s"] == pytest.approx(r.system["page_write_mib_s"], rel=1e-3)
        sharing = row["sharing_variants"].split(", ")
        io = sum(variants[v].io_mib_s * r.workloads.loc[v, "relative_throughput"] for v in sharing)
        assert row["guest_io_mib_s"] == pytest.approx(io, rel=1e-3)
        total = row["page_read_mib_s"] + row["page_write_mib_s"] + row["guest_io_mib_s"]
        assert row["path_utilisation"] == pytest.approx(total / row["bandwidth_mib_s"], rel=1e-3)


def test_unpaged_eckd_run_is_fio_alone_on_the_path(runs):
    row = _run(runs, "zvm63-eckd", "512/20")
    assert row["guest_io_mib_s"] == pytest.approx(sum(study_variants()[v].io_mib_s for v in FS))
    assert row["path_utilisation"] == pytest.approx(row["guest_io_mib_s"] / PATH_MIB_S["eckd"])
    assert row["slowdown"] == pytest.approx(1.0)


def test_slowdown_explains_the_direct_io_loss_with_eckd_paging(runs):
    """The chapter predicts direct I/O's ECKD throughput from think_frac and the slowdown."""
    s = _run(runs, "zvm63-eckd", "64/20")["slowdown"]
    a = study_variants()["fs-direct-medium"].think_frac
    assert _x("64/20", "fs-direct-medium", "zvm63-eckd") == pytest.approx(1 / (a * s + 1 - a), abs=2e-3)
    assert _x("64/20", "fs-direct-medium", "zvm63-eckd") < 0.95 < 1.0 < _x("64/20", "fs-direct-medium")


def test_path_frame_stacks_to_the_utilisation(runs):
    f = ff.path_frame(runs)
    assert len(f) == 3 * len(runs)
    assert list(dict.fromkeys(f["component"])) == list(ff.COMPONENTS)
    total = f.groupby(["env", "cid"])["share"].sum()
    util = runs.set_index(["env", "cid"])["path_utilisation"]
    assert (abs(total - util.loc[total.index]) < 2e-3).all()


def test_path_chart_binds_environment_and_cpus_and_marks_the_eckd_failures(runs):
    spec = ff.path_chart(runs=runs).to_dict()
    params = _bound(spec)
    assert set(params) == {"env", "cpus"}
    assert params["env"]["value"] == "zvm63-eckd"
    marks = ff.paper_path_marks()
    assert set(marks["env"]) == {"zvm63-eckd"} and set(marks["memory_gib"]) == {64}
    assert sorted(marks["cpus"]) == sorted(ff.CPU_OPTIONS)
    with pytest.raises(ValueError, match="default_cpus: 7"):
        ff.path_chart(runs=runs, default_cpus=7)
    with pytest.raises(ValueError, match="value: 'nowhere'"):
        ff.path_chart(runs=runs, default_env="nowhere")
    with pytest.raises(ValueError, match="envs: 'zvm99'"):
        ff.path_runs(envs=["zvm99"])
    with pytest.raises(ValueError, match="cids: '64/21'"):
        ff.path_runs(cids=["64/21"])
    with pytest.raises(ValueError, match="runs: empty"):
        ff.path_frame(runs.iloc[0:0])


# --- facts the prose states ------------------------------------------------------------------

def test_page_cached_loses_a_little_more_as_memory_shrinks_while_direct_io_gains():
    for v in PAGECACHE:
        # a loss at 64/20 that grows at 48/20 but stays under a tenth: no collapse
        assert 0.9 < _x("48/20", v) < _x("64/20", v) < 1.0
    for v in DIRECT:
        # the paper's direct I/O gain at 64/20, a little larger at 48/20
        assert 1.0 < _x("64/20", v) < _x("48/20", v) < 1.05
        assert _x("48/15", v) > 1.0


def test_memory_matters_only_a_few_percent_even_with_20_cpus(vframe):
    edev = vframe[vframe.env == "zvm63-edev"]
    loss = {}
    for c in (20, 15, 10, 5):
        d = edev[(edev.cpus == c) & (edev.memory_gib >= 64)]
        base = d[d.memory_gib == 512].set_index("variant")["throughput"]
        loss[c] = float((1 - d["throughput"] / d["variant"].map(base)).max())
    # "the most of any CPU count", and still a few per cent (the flat-memory claim allows 5 %)
    assert 0 < max(loss[15], loss[10], loss[5]) < loss[20] < 0.05
    # "but only ... times the loss with 10 CPUs": the model singles out 20 CPUs, but weakly
    assert 1.2 * loss[10] < loss[20] < 2 * loss[10]
    # below 64 GiB the page-cached variants lose more with 15 CPUs as well
    for v in PAGECACHE:
        assert _x("48/15", v) < 1 - loss[15]


def _per_share(cid):
    g = oc.simulate(cid).guests
    return g["cpu_allocated"] / g["share"]


def test_the_two_20_cpu_claims_miss_by_their_amount_not_their_direction():
    """'Both move the paper's way, by less than the 3 points a direction needs: the high
    page-cached variant loses ..., the high direct I/O variant gains ...'; 'The direct I/O gain
    is smaller still ...: the direct I/O transfers take ... times as long'."""
    from overcommit import claims as cl
    claims = fw.claims_table("fs", ids=True)
    passed = claims["verdict"].str.startswith("✓")
    assert set(claims.index[~passed]) == {"fs-direct-gains", "fs-pagecache-loses"}
    gain = _x("64/20", "fs-direct-high") - _x("512/20", "fs-direct-high")
    loss = _x("512/20", "fs-pagecache-high") - _x("64/20", "fs-pagecache-high")
    assert 0 < gain < loss < cl.DIRECTION_MIN
    assert oc.simulate("64/20").workloads.loc["fs-direct-high", "io_slowdown"] < 1


def test_why_memory_matters_little_with_15_cpus_or_fewer():
    # the claim on it passes: with 15 CPUs or fewer no variant moves more than 5 % with memory
    claims = fw.claims_table("fs", ids=True)
    assert set(claims.index) == {"fs-direct-gains", "fs-pagecache-loses", "fs-memory-flat"}
    assert claims.loc["fs-memory-flat", "verdict"].startswith("✓")
    # 15 CPUs: the fio guests are not cut, and the page cache loses less than with 20 CPUs,
    # reading less back because its pages age longer
    for cid in ("512/15", "64/15"):
        s = _per_share(cid)
        assert (s[list(FS)] < 0.99 * s.max()).all()
    r15, r20 = oc.simulate("64/15"), oc.simulate("64/20")
    assert r15.system["characteristic_time_s"] > r20.system["characteristic_time_s"]
    for v in PAGECACHE:
        assert _x("64/20", v) / _x("512/20", v) < _x("64/15", v) / _x("512/15", v) < 1
        assert r15.guests.loc[v, "page_read_mib_s"] < r20.guests.loc[v, "page_read_mib_s"]
    # 10 and 5 CPUs: every fio guest is cut, and its loss at 64 GiB is mostly the water level's fall
    for c in (10, 5):
        hi, lo = _per_share(f"512/{c}"), _per_share(f"64/{c}")
        assert (hi[list(FS)] > 0.999 * hi.max()).all()
        level = lo.max() / hi.max() - 1
        assert level < 0
        assert oc.simulate(f"64/{c}").system["cp_system_cpu"] > oc.simulate(f"512/{c}").system["cp_system_cpu"]
        for v in FS:
            change = _x(f"64/{c}", v) / _x(f"512/{c}", v) - 1
            assert abs(change - level) < 0.5 * abs(level), (c, v)


def test_direct_io_hardly_pages(vframe):
    edev = vframe[vframe.env == "zvm63-edev"]
    direct = edev[edev.variant.isin(DIRECT)]["page_read_mib_s"].max()
    cached = edev[edev.variant.isin(PAGECACHE)]["page_read_mib_s"].max()
    # "at most a few tenths of a MiB/s in any run, against up to about ten for a page-cached guest"
    assert 0 < direct < 0.5
    assert cached > 5 and direct < 0.05 * cached


def test_page_cached_jobs_lose_to_their_own_waits_not_to_blocked_virtual_cpus_at_48_20():
    r = oc.simulate("48/20")
    g, w = r.guests, r.workloads
    v = study_variants()
    ppi = paging.PagingConfig.from_data(environment("zvm63-edev").paging_kind).pages_per_io
    rp = r.system["page_read_response_ms"] / 1000
    wait, per_job = {}, {}
    for name, vcpus in (("fs-pagecache-medium", 2), ("fs-pagecache-high", 4)):
        ios = g.loc[name, "page_read_mib_s"] * 256 / ppi  # one stall per paging I/O of ppi pages
        x = w.loc[name, "relative_throughput"]
        # kernel faults hold the virtual CPU for `blocking` of each stall (the hot core stays
        # resident, so no fault stops it outright) ...
        assert g.loc[name, "blocked_vcpus"] == pytest.approx(v[name].blocking * ios * rp, rel=1e-3)
        # ... but what is left is more than fio uses: the virtual CPUs are not the limit
        assert g.loc[name, "cpu_load"] < vcpus - g.loc[name, "blocked_vcpus"]
        # each synchronous job waits for its own page reads, and the throughput follows
        wait[name] = w.loc[name, "device_wait_per_unit"]
        assert wait[name] == pytest.approx(ios / x * rp / v[name].users, rel=1e-3)
        a = v[name].think_frac
        assert x == pytest.approx(1 / (a * w.loc[name, "io_slowdown"] + 1 - a + wait[name]), rel=1e-3)
        per_job[name] = g.loc[name, "page_read_mib_s"] / v[name].users
    # the high level's jobs each read back less and wait less, so it loses less
    assert per_job["fs-pagecache-high"] < per_job["fs-pagecache-medium"]
    assert wait["fs-pagecache-high"] < wait["fs-pagecache-medium"]
    assert _x("48/20", "fs-pagecache-high") > _x("48/20", "fs-pagecache-medium")
    # "the paging devices are not the problem": the response time is that of idle devices
    assert r.system["page_read_response_ms"] < 1.05 * oc.simulate("512/20").system["page_read_response_ms"]


def test_page_cache_residency_story():
    guests = {g.name: g for g in study_guests()}
    t64 = oc.simulate("64/20").system["characteristic_time_s"]
    t48 = oc.simulate("48/20").system["characteristic_time_s"]
    assert environment("zvm63-edev").reclaim_exponent > 0  # per-guest reclaim times
    for name in PAGECACHE:
        g = guests[name]
        assert 0.6 <= g.active_frac <= 0.75  # "about two thirds ... in active use"
        median = 1 / g.median_rate_per_s
        w = _weight(name)
        assert w > 1.5  # large guests: their pages age longer than T
        assert w * t64 > 1.5 * median  # own time well over the median interval at 64/20 ...
        # ... "only" about one at 48/20: "a typical cache page is touched about once" before it goes
        assert 0.75 * median < w * t48 < 1.5 * median
        assert w * t48 < 0.75 * w * t64
        assert 2 * g.skew < min(guests[d].skew for d in DIRECT)  # the cache is touched far more evenly
    assert _weight("fs-pagecache-high") > _weight("fs-pagecache-medium")
    for name in DIRECT:
        assert _weight(name) < 0.3  # small guests turn over fastest
    g64, g48 = oc.simulate("64/20").guests, oc.simulate("48/20").guests
    for name in PAGECACHE:
        assert 0.6 <= g64.loc[name, "resident_mib"] / g64.loc[name, "instantiated_mib"] <= 0.75
        # "resident memory shrinks and page reads climb" at 48/20
        assert g48.loc[name, "resident_mib"] < g64.loc[name, "resident_mib"]
        assert g48.loc[name, "page_read_mib_s"] > 2 * g64.loc[name, "page_read_mib_s"]


def test_direct_io_guests_keep_their_hot_core_and_the_high_one_a_little_more():
    obs = _paper()
    dpa = obs["o000-sys-dpa"]
    r = oc.simulate("64/20")
    g = r.guests
    guests = {x.name: x for x in study_guests()}
    dm, dh = g.loc["fs-direct-medium", "resident_mib"], g.loc["fs-direct-high", "resident_mib"]
    paper_dm, paper_dh = (obs[f"o000-{k}-dpa"] / 100 * dpa for k in ("fsdm", "fsdh"))
    # the medium guest: its hot core and little more, the paper's amount (the core is sized on it)
    assert HOT_CORE_MIB <= dm < 1.05 * HOT_CORE_MIB
    assert dm == pytest.approx(paper_dm, rel=0.05)
    # the high guest: its hot core plus a part more ...
    assert 1.5 * HOT_CORE_MIB < dh
    # ... nearly all of what it touched active, but so steep a popularity that the median page
    # is touched less than once in the run; only the most popular few tens of MiB are touched at
    # least once per its reclaim time, and with the pages just below them they make up the rest
    h = guests["fs-direct-high"]
    active = (h.touched_mib - HOT_CORE_MIB) * h.active_frac
    assert h.active_frac > 0.9
    assert h.median_rate_per_s * 3600 < 0.01
    t_g = _weight("fs-direct-high") * r.system["characteristic_time_s"]
    x = r.workloads.loc["fs-direct-high", "relative_throughput"]
    busy = active / 2 * (h.median_rate_per_s * x * t_g) ** (1 / h.skew)
    assert 5 < busy < dh - HOT_CORE_MIB < 2 * busy
    # "The high one misses": less resident than the paper's, and more page reads than the
    # "no significant paging" the fit aims at, still a negligible share (that row passes)
    from overcommit import calibrate
    aim = [t.value for t in calibrate.targets()
           if t.guest_or_variant == "fs-direct-high" and t.quantity == "page_read_mib_s"]
    assert len(aim) == 1
    assert dh < 0.75 * paper_dh
    verdicts = fw.paper_vs_model("fs")["verdict"]
    assert verdicts["o000-fsdh-dpa"] == "✗" and verdicts["o000-fsdh-res-frac"] == "✗"
    assert verdicts["o000-fsd-nopaging"] == "✓"
    assert aim[0] < g.loc["fs-direct-high", "page_read_mib_s"] < 0.5
    assert g.loc["fs-direct-high", "page_read_mib_s"] < 0.02 * r.system["page_read_mib_s"]


def test_instantiated_memory_is_the_same_in_every_constrained_run():
    a, b = oc.simulate("64/20").guests, oc.simulate("48/20").guests
    guests = {g.name: g for g in study_guests()}
    for name in FS:
        assert a.loc[name, "instantiated_mib"] == pytest.approx(b.loc[name, "instantiated_mib"])
        assert a.loc[name, "instantiated_mib"] < 0.9 * guests[name].instantiated_mib


def test_eckd_path_regulates_itself_and_never_reaches_the_failure_threshold(runs):
    eckd = runs[runs.env == "zvm63-eckd"]
    a, b, c = (_run(runs, "zvm63-eckd", cid) for cid in ("512/20", "64/20", "48/20"))
    # fio gives back part of what paging takes, at 64/20 and at 48/20
    for r in (b, c):
        assert 0 < a["guest_io_mib_s"] - r["guest_io_mib_s"] < r["page_read_mib_s"] + r["page_write_mib_s"]
    # so the path gets busier as memory shrinks, but from 64/20 to 48/20 hardly at all
    assert a["path_utilisation"] < b["path_utilisation"] < c["path_utilisation"]
    assert c["path_utilisation"] - b["path_utilisation"] < (b["path_utilisation"] - a["path_utilisation"]) / 2
    assert eckd["path_utilisation"].max() < eckd["threshold"].min()
    assert not eckd["fs_failed"].any()
    assert _run(runs, "zvm63-edev", "64/20")["slowdown"] < 1.1 < b["slowdown"]


def test_the_dirty_cache_drains_in_seconds_not_minutes():
    """The end-of-run rule for the paper's ECKD failures at 64 GiB: it never comes close."""
    v = study_variants()
    drains = []
    for env in ("zvm63-edev", "zvm63-eckd", "zvm62-edev"):
        for c in ff.CPU_OPTIONS:
            w = oc.simulate(f"64/{c}", env=env).workloads
            for name in PAGECACHE:
                assert v[name].drain_limit_s == 300
                assert not w.loc[name, "failed"]
                drains.append(w.loc[name, "drain_s"])
            assert (w.loc[list(DIRECT), "drain_s"] == 0).all()  # no page cache to drain
    assert 0 < min(drains) and max(drains) < 300 / 20
    eckd = oc.simulate("64/20", env="zvm63-eckd").workloads
    assert 0 < eckd.loc["fs-pagecache-high", "drain_s"] < eckd.loc["fs-pagecache-medium", "drain_s"]


def test_direct_high_alone_keeps_its_reference_with_10_cpus():
    g = oc.simulate("512/10").guests
    level = float((g["cpu_allocated"] / g["share"]).max())
    guests = {x.name: x for x in study_guests()}
    # above its reference: the other three, CPU-bound, leave the shared path quieter
    assert 1.0 < _x("512/10", "fs-direct-high") < 1.05
    assert guests["fs-direct-high"].cpu_load / guests["fs-direct-high"].share < level
    for name in ("fs-pagecache-medium", "fs-direct-medium", "fs-pagecache-high"):
        demand = guests[name].cpu_load / guests[name].share
        assert demand > level
        assert _x("512/10", name) == pytest.approx(level / demand, rel=5e-3)


def test_sharing_the_path_costs_memory():
    ph_edev = planning.memory_break_point("fs-pagecache-high", 0.9, 20)
    ph_eckd = planning.memory_break_point("fs-pagecache-high", 0.9, 20, env="zvm63-eckd")
    assert ph_eckd > ph_edev
    assert planning.memory_break_point("fs-direct-high", 0.9, 20) is None
    assert planning.memory_break_point("fs-direct-high", 0.9, 20, env="zvm63-eckd") is not None


def test_page_cached_reads_overshoot_the_share_based_targets_and_miss_the_paged_in_fractions():
    """'The calibration aimed at the guests' own rates ... and met them at the characteristic
    time it assumed. The model's own 64/20 run settles at ... s: at ... s the guests would need
    more memory than there is, mostly because the database keeps more than the fit aimed at.
    ... the guests read ... about twice the target'; 'the model, which reads about twice the
    smaller rate, misses the larger by about half that factor'."""
    from overcommit import calibrate
    from overcommit.book.figures_validation import chosen_pair

    obs = _paper()
    r = oc.simulate("64/20")
    g = r.guests
    total = float(r.system["page_read_mib_s"])
    assert total < obs["o000-sys-pr"]  # the model's whole system pages too little
    # the fit's characteristic time is longer than the run's: at the fit's, memory overflows,
    # more than half of it the database's resident memory beyond its target
    _, t_fit = chosen_pair()
    t_run = float(r.system["characteristic_time_s"])
    assert t_run < 0.8 * t_fit
    x = {v: float(r.workloads.loc[v, "relative_throughput"]) for v in r.workloads.index}
    at_fit = {n: calibrate._guest_memory(q, _weight(n) * t_fit, x[q.variant]) for n, q in
              {q.name: q for q in study_guests()}.items()}
    overflow = sum(res for res, _ in at_fit.values()) - float(r.system["dpa_mib"])
    db_target = [t.value for t in calibrate.targets() if t.guest_or_variant == "db-bi" and t.quantity == "resident_mib"]
    assert overflow > 0 and at_fit["db-bi"][0] - db_target[0] > overflow / 2
    for name, key in (("fs-pagecache-medium", "fspm"), ("fs-pagecache-high", "fsph")):
        reads = g.loc[name, "page_read_mib_s"]
        target = obs[f"o000-{key}-pr-share"] / 100 * obs["o000-sys-pr"]  # what the fit aimed at
        from_pin = obs[f"o000-{key}-pin-frac"] / 100 * obs[f"o000-{key}-dpa"] / 100 * obs["o000-sys-dpa"]
        # at the fit's own time the guest meets the share-based target ...
        assert at_fit[name][1] == pytest.approx(target, rel=0.05)
        # ... in the run, whose pages age for less, it reads about twice that, far below the
        # rate of the paged-in fraction
        assert 1.5 < reads / target < 2.5
        assert reads < from_pin / 3
        # its share of all reads misses high, the more so as the total is too low
        assert 100 * reads / total > 100 * reads / obs["o000-sys-pr"] > 1.5 * obs[f"o000-{key}-pr-share"]
        # its paged-in fraction misses by about half the factor between the paper's two
        # readings, by more than it overshoots the first: it is nearer the first reading
        miss = obs[f"o000-{key}-pin-frac"] / (100 * reads / g.loc[name, "resident_mib"])
        assert reads / target < miss
        assert 0.4 * from_pin / target < miss < 0.6 * from_pin / target
