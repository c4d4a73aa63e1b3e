"""Where the time goes: ``simulate(...).breakdown`` splits each variant's unit of work into
its causes, and the parts add up to the time the throughput implies."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import overcommit as oc
from overcommit import paging
from overcommit.model import BREAKDOWN_PARTS
from overcommit.workloads import study_variants

COLUMNS = [*BREAKDOWN_PARTS, "reference", "failed"]

hosts = st.tuples(
    st.floats(8, 512, allow_nan=False).map(lambda m: round(m, 1)),
    st.integers(1, 40),
    st.sampled_from(oc.ENVIRONMENTS),
)


def _check_identity(r) -> int:
    """The parts of every variant that did not fail sum to reference / relative throughput;
    returns how many variants were checked."""
    b = r.breakdown
    assert list(b.columns) == COLUMNS
    x = r.workloads["relative_throughput"]
    assert (b[list(BREAKDOWN_PARTS)] >= -1e-12).all().all(), b
    ok = ~b["failed"]
    total = b.loc[ok, list(BREAKDOWN_PARTS)].sum(axis=1)
    np.testing.assert_allclose(total, b.loc[ok, "reference"] / x[ok], rtol=1e-6)
    # failed rows say so, the same as the workloads frame
    assert (b["failed"] == r.workloads["failed"]).all()
    return int(ok.sum())


@settings(max_examples=220, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hosts)
def test_parts_sum_to_the_time_the_throughput_implies(host):
    memory, cpus, env = host
    r = oc.simulate((memory, cpus), env=env, strict=False)
    if not r.converged:
        return
    _check_identity(r)


@pytest.mark.parametrize("cid", ["64/20", "64/5", "16/20", "512/10"])
@pytest.mark.parametrize("env", oc.ENVIRONMENTS)
def test_the_identity_holds_with_the_dispatch_wait_on(cid, env):
    """The queueing wait at every wake-up is part of the cycle too (``cpu_wait``)."""
    r = oc.simulate(cid, env=env, mechanisms=oc.Mechanisms(dispatch_wait_s=0.005))
    _check_identity(r)


def test_columns_and_units_at_64_20():
    b = oc.simulate("64/20").breakdown
    assert list(b.columns) == COLUMNS
    drivers = study_variants()
    # seconds per unit of work: the reference is the driver's cycle
    for v, row in b.iterrows():
        assert row["reference"] == pytest.approx(drivers[v].cycle_s)
    assert _check_identity(oc.simulate("64/20")) == len(b)


def test_the_reference_run_spends_its_cycle_on_cpu_and_waiting_only():
    r = oc.simulate("512/25")
    b = r.breakdown
    assert (b["cpu_wait"].abs() < 1e-9).all() and (b["paging"].abs() < 1e-9).all()
    np.testing.assert_allclose(b[list(BREAKDOWN_PARTS)].sum(axis=1), b["reference"], rtol=1e-9)
    drivers = study_variants()
    for v, row in b.iterrows():
        d = drivers[v]
        # the waiting share of Table 8-15's drivers, as think time or the workload's own I/O
        waiting = row["io"] if d.io_path else row["think"]
        assert waiting == pytest.approx(d.think_frac * d.cycle_s, rel=1e-9)
        assert (row["think"] if d.io_path else row["io"]) == 0
        # Table 17's CPU: the work and the spin the reference run already had
        assert row["running"] + row["spin"] == pytest.approx((1 - d.think_frac) * d.cycle_s, rel=1e-9)
    # only coupled guests with more than one virtual CPU spin
    assert b.loc["db-bi", "spin"] > 0 and b.loc["was-medium", "spin"] == 0


def test_own_io_is_the_waiting_share_stretched_by_the_path():
    for env in oc.ENVIRONMENTS:
        r = oc.simulate("64/20", env=env)
        b, w = r.breakdown, r.workloads
        for v, d in study_variants().items():
            if d.io_path:
                assert b.loc[v, "io"] == pytest.approx(d.think_frac * d.cycle_s * w.loc[v, "io_slowdown"], rel=1e-9)


def test_paging_is_each_users_wait_for_pages():
    """The paging part holds the device wait per effective user (the fix of
    ``device_wait_per_unit``: a database fault holds up its user's whole query)."""
    r = oc.simulate("64/20")
    b, w = r.breakdown, r.workloads
    for v in ("db-bi", "fs-pagecache-medium"):
        assert b.loc[v, "paging"] == pytest.approx(w.loc[v, "device_wait_per_unit"] * b.loc[v, "reference"], rel=1e-9)
    d = study_variants()["db-bi"]
    assert d.fault_group == 8
    # per effective user, not per stream: 8 times the per-stream figure
    ppi = paging.PagingConfig.from_data(oc.model.environment("zvm63-edev").paging_kind).pages_per_io
    stalls = r.system["page_read_response_ms"] / 1000 * w.loc["db-bi", "page_read_mib_s"] * 256 / ppi
    per_stream = stalls / w.loc["db-bi", "relative_throughput"] / d.users
    assert w.loc["db-bi", "device_wait_per_unit"] == pytest.approx(per_stream * 8, rel=1e-2)


def test_what_the_chapters_explain():
    """The findings the chapters explain with the breakdown: the database spins less as
    memory shrinks (other guests stall and leave real CPUs idle), Java's medium level loses
    its throughput to paging stalls, and five CPUs leave every workload waiting for one."""
    b512, b64 = oc.simulate("512/20").breakdown, oc.simulate("64/20").breakdown
    assert b64.loc["db-bi", "spin"] < b512.loc["db-bi", "spin"]
    b16 = oc.simulate("16/20").breakdown
    java = b16.loc["java-medium"]
    assert java["paging"] > max(java[p] for p in BREAKDOWN_PARTS if p != "paging")
    b5 = oc.simulate("64/5").breakdown
    assert (b5["cpu_wait"] > b64["cpu_wait"]).all()


def test_a_failed_variant_is_marked():
    r = oc.simulate("64/20", env="zvm62-edev")
    assert bool(r.breakdown.loc["db-bi", "failed"]) and r.workloads.loc["db-bi", "failed"]


def test_held_virtual_cpus_count_as_paging_not_cpu_wait():
    """Java's medium level at 16/20 has real CPUs to spare: what stretches its cycle is
    its virtual CPUs held by page faults (kernel faults and collection pauses hold them)."""
    r = oc.simulate("16/20")
    b = r.breakdown.loc["java-medium"]
    assert b["cpu_wait"] < 1e-9
    assert r.guests.loc[r.guests["variant"] == "java-medium", "blocked_vcpus"].sum() > 0
    assert b["paging"] > 0.5 * b["reference"] / r.workloads.loc["java-medium", "relative_throughput"]
