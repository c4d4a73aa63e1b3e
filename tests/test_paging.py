"""Tests for overcommit.paging: queueing formulas, the paging model, and the simulation."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import paging
from overcommit.paging import (
    DEFAULT_EDEV_SERVERS,
    PAGES_PER_MIB,
    PagingConfig,
    channel_bandwidth_mib_s,
    device_response_time,
    erlang_c,
    mg1_response,
    mg1_wait,
    mm1_response,
    mmc_response,
    mmc_wait,
    response_time,
    simulate_devices,
)

# --------------------------------------------------------------------------------------
# Erlang C and the single-queue formulas


def erlang_c_textbook(c: int, a: float) -> float:
    """Erlang C straight from the textbook formula (factorials), for comparison."""
    top = a**c / math.factorial(c) * c / (c - a)
    return top / (sum(a**k / math.factorial(k) for k in range(c)) + top)


@pytest.mark.parametrize("a", [0.0, 0.1, 0.5, 0.9, 0.999])
def test_erlang_c_one_server_is_utilisation(a):
    assert erlang_c(1, a) == pytest.approx(a, rel=1e-12, abs=0)


def test_erlang_c_known_values():
    assert erlang_c(2, 1.0) == pytest.approx(1 / 3, rel=1e-12)
    assert erlang_c(3, 2.0) == pytest.approx(4 / 9, rel=1e-12)
    assert erlang_c(4, 0.0) == 0.0
    assert erlang_c(4, 4.0) == 1.0  # at and beyond saturation every arrival waits
    assert erlang_c(4, 9.0) == 1.0


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 40), st.floats(0.001, 0.999))
def test_erlang_c_matches_textbook_formula(c, rho):
    a = rho * c
    value = erlang_c(c, a)
    assert 0.0 <= value <= 1.0
    assert value == pytest.approx(erlang_c_textbook(c, a), rel=1e-9)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), st.floats(0.01, 0.98), st.floats(0.001, 0.01))
def test_erlang_c_grows_with_load(c, rho, step):
    assert erlang_c(c, rho * c) <= erlang_c(c, min(rho + step, 0.999) * c) + 1e-12


def test_mm1_response_formula():
    assert mm1_response(500.0, 1e-3) == pytest.approx(1e-3 / (1 - 0.5))
    assert mm1_response(0.0, 2e-3) == 2e-3
    # M/M/c with one server is M/M/1; P-K with scv=1 is M/M/1 as well.
    for lam in (100.0, 400.0, 900.0):
        assert mmc_response(lam, 1e-3, 1) == pytest.approx(mm1_response(lam, 1e-3), rel=1e-12)
        assert mg1_response(lam, 1e-3, 1.0) == pytest.approx(mm1_response(lam, 1e-3), rel=1e-12)


def test_mmc_wait_formula():
    # lambda = 1000/s, S = 1 ms, c = 2: a = 1, W_q = C(2,1) * S / (2 - 1) = S / 3
    assert mmc_wait(1000.0, 1e-3, 2) == pytest.approx(1e-3 / 3, rel=1e-12)
    assert mmc_wait(0.0, 1e-3, 4) == 0.0


def test_pollaczek_khinchine():
    lam, s = 600.0, 1e-3  # rho = 0.6
    assert mg1_wait(lam, s, 1.0) == pytest.approx(0.6 / 0.4 * s, rel=1e-12)
    assert mg1_wait(lam, s, 0.0) == pytest.approx(0.5 * mg1_wait(lam, s, 1.0), rel=1e-12)
    assert mg1_wait(lam, s, 3.0) == pytest.approx(2.0 * mg1_wait(lam, s, 1.0), rel=1e-12)


@pytest.mark.parametrize(
    "call",
    [
        lambda: mm1_response(1000.0, 1e-3),
        lambda: mm1_response(2000.0, 1e-3),
        lambda: mmc_wait(4000.0, 1e-3, 4),
        lambda: mmc_response(5000.0, 1e-3, 4),
        lambda: mg1_wait(1000.0, 1e-3, 0.5),
        lambda: mg1_response(1500.0, 1e-3, 0.0),
    ],
)
def test_unstable_is_inf(call):
    assert call() == math.inf


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: erlang_c(0, 0.5), "servers"),
        (lambda: erlang_c(1.5, 0.5), "servers"),
        (lambda: erlang_c(2, -0.1), "offered_load"),
        (lambda: erlang_c(2, float("nan")), "offered_load"),
        (lambda: mmc_wait(-1.0, 1e-3, 2), "arrival_rate"),
        (lambda: mmc_wait(1.0, -1e-3, 2), "service_time"),
        (lambda: mmc_wait(1.0, 1e-3, 0), "servers"),
        (lambda: mm1_response(-5.0, 1e-3), "arrival_rate"),
        (lambda: mm1_response(5.0, float("inf")), "service_time"),
        (lambda: mg1_wait(1.0, 1e-3, -0.5), "scv"),
        (lambda: mg1_wait(-1.0, 1e-3, 1.0), "arrival_rate"),
    ],
)
def test_bad_queue_input_names_parameter(call, name):
    with pytest.raises(ValueError, match=rf"^{name}: .* is not accepted; expected"):
        call()


# --------------------------------------------------------------------------------------
# PagingConfig


def test_from_data_eckd():
    cfg = PagingConfig.from_data("eckd")
    assert cfg.devices == 25
    assert cfg.servers_per_device == 1
    assert cfg.cp_cpu_s_per_page == 0.0
    assert cfg.device_gib == pytest.approx(30051 * 180 * 4 / 2**20)
    assert cfg.total_gib == pytest.approx(516, abs=0.5)
    assert cfg.path_bandwidth_mib_s == pytest.approx(channel_bandwidth_mib_s(4, 8))


def test_from_data_edev():
    cfg = PagingConfig.from_data("edev-scsi")
    assert cfg.devices == 16
    assert cfg.servers_per_device == DEFAULT_EDEV_SERVERS
    assert cfg.cp_cpu_s_per_page > 0
    assert cfg.total_gib == 512
    assert PagingConfig.from_data("edev-scsi", servers_per_device=8).servers_per_device == 8


def test_config_is_frozen_and_checked():
    cfg = PagingConfig("eckd", 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.devices = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="servers_per_device: 4 .*'eckd'.*expected 1"):
        PagingConfig("eckd", 10, servers_per_device=4)
    with pytest.raises(ValueError, match="kind: 'xstor' is not accepted"):
        PagingConfig.from_data("xstor")
    with pytest.raises(ValueError, match="kind: 'fba'"):
        PagingConfig("fba", 4)
    with pytest.raises(ValueError, match="devices: 0 is not accepted"):
        PagingConfig("edev-scsi", 0)
    with pytest.raises(ValueError, match="pages_per_io: 0.5"):
        PagingConfig("edev-scsi", 4, pages_per_io=0.5)
    with pytest.raises(ValueError, match="io_overhead_s: -1"):
        PagingConfig("edev-scsi", 4, io_overhead_s=-1)
    with pytest.raises(ValueError, match="path_bandwidth_mib_s: 0"):
        PagingConfig("edev-scsi", 4, path_bandwidth_mib_s=0)
    with pytest.raises(ValueError, match="cp_cpu_s_per_page: -1e-06"):
        PagingConfig("edev-scsi", 4, cp_cpu_s_per_page=-1e-6)
    with pytest.raises(ValueError, match="overrides: 'speed'"):
        PagingConfig.from_data("eckd", speed=3)


# --------------------------------------------------------------------------------------
# response_time

ECKD = PagingConfig.from_data("eckd")
EDEV = PagingConfig.from_data("edev-scsi")


@pytest.mark.parametrize("cfg", [ECKD, EDEV], ids=["eckd", "edev"])
def test_response_time_grows_with_page_rate(cfg):
    rates = [0, 10, 40, 80, 120, 160, 180]
    times = [response_time(cfg, r, r).read_response_s for r in rates]
    assert times[0] == pytest.approx(cfg.service_time_s)
    assert all(a < b for a, b in zip(times, times[1:]))
    assert all(t >= cfg.service_time_s for t in times)


def test_eckd_slower_than_edev_at_equal_load_and_device_parameters():
    eckd = PagingConfig("eckd", 16)
    edev = PagingConfig("edev-scsi", 16, servers_per_device=4)
    for rate in (20.0, 60.0, 100.0, 140.0):
        slow = response_time(eckd, rate, rate)
        fast = response_time(edev, rate, rate)
        assert slow.read_response_s > fast.read_response_s
        assert slow.device_utilisation == pytest.approx(4 * fast.device_utilisation)
    # ... and the study's configurations (25 ECKD volumes against 16 EDEV devices) as well.
    assert response_time(ECKD, 88, 88).read_response_s > response_time(EDEV, 88, 88).read_response_s
    # ECKD saturates first.
    assert ECKD.device_capacity_mib_s < EDEV.device_capacity_mib_s


def test_saturation_is_flagged_and_inf():
    over = ECKD.device_capacity_mib_s  # reads + writes = 1.5 x capacity
    state = response_time(ECKD, over, over / 2)
    assert state.saturated
    assert state.read_response_s == math.inf
    assert state.device_utilisation == pytest.approx(1.5)
    assert state.bottleneck == "devices"
    assert state.effective_mib_s == pytest.approx(ECKD.device_capacity_mib_s)
    # The same load does not saturate the EDEV devices.
    assert not response_time(EDEV, over, over / 2).saturated


def test_path_saturation_by_guest_io():
    state = response_time(EDEV, 50, 50, guest_io_mib_s=EDEV.path_bandwidth_mib_s)
    assert state.saturated and state.bottleneck == "path"
    assert state.read_response_s == math.inf
    assert state.guest_io_slowdown == math.inf


def test_cp_cpu_zero_for_eckd_positive_for_edev():
    assert response_time(ECKD, 88, 88).cp_cpu_cpus == 0.0
    load = response_time(EDEV, 88, 88).cp_cpu_cpus
    assert load > 0
    assert load == pytest.approx(EDEV.cp_cpu_s_per_page * 176 * PAGES_PER_MIB)
    assert response_time(EDEV, 176, 176).cp_cpu_cpus == pytest.approx(2 * load)


def test_interference_with_guest_io():
    alone = response_time(EDEV, 0, 0, guest_io_mib_s=300)
    assert alone.guest_io_slowdown == pytest.approx(1.0)
    assert alone.guest_io_extra_s_per_mib == pytest.approx(0.0, abs=1e-15)
    light = response_time(EDEV, 50, 50, guest_io_mib_s=300)
    heavy = response_time(EDEV, 200, 200, guest_io_mib_s=300)
    assert 1.0 < light.guest_io_slowdown < heavy.guest_io_slowdown
    assert 0 < light.guest_io_extra_s_per_mib < heavy.guest_io_extra_s_per_mib
    # Guest I/O on the path slows page reads too.
    assert (
        response_time(EDEV, 50, 50, guest_io_mib_s=2000).read_response_s
        > response_time(EDEV, 50, 50).read_response_s
    )
    assert light.path_utilisation == pytest.approx(400 / EDEV.path_bandwidth_mib_s)


@pytest.mark.parametrize(
    "args, name",
    [
        ((ECKD, -1.0, 0.0), "page_read_mib_s"),
        ((ECKD, 1.0, -2.0), "page_write_mib_s"),
        ((ECKD, 1.0, 1.0, -3.0), "guest_io_mib_s"),
        ((ECKD, float("nan"), 1.0), "page_read_mib_s"),
        (("eckd", 1.0, 1.0), "config"),
    ],
)
def test_response_time_bad_input_names_parameter(args, name):
    with pytest.raises(ValueError, match=rf"^{name}: .* is not accepted"):
        response_time(*args)


# --------------------------------------------------------------------------------------
# simulate_devices against the formulas


def pages_for(cfg: PagingConfig, rho: float) -> float:
    """Pages per second (reads + writes) that load each device to utilisation rho."""
    return rho * cfg.servers_per_device / cfg.service_time_s * cfg.pages_per_io * cfg.devices


def test_simulation_matches_mm1_for_eckd():
    pages = pages_for(ECKD, 0.5)
    sim = simulate_devices(ECKD, pages, duration_s=15.0, seed=11)
    lam = pages / ECKD.pages_per_io / ECKD.devices
    assert sim == pytest.approx(mm1_response(lam, ECKD.service_time_s), rel=0.05)


def test_simulation_matches_mmc_for_edev():
    pages = pages_for(EDEV, 0.6)
    sim = simulate_devices(EDEV, pages, duration_s=5.0, seed=12)
    assert sim == pytest.approx(device_response_time(EDEV, pages), rel=0.05)


def test_deterministic_service_matches_pollaczek_khinchine():
    pages = pages_for(ECKD, 0.6)
    sim = simulate_devices(ECKD, pages, duration_s=10.0, seed=13, service="deterministic")
    lam = pages / ECKD.pages_per_io / ECKD.devices
    assert sim == pytest.approx(mg1_response(lam, ECKD.service_time_s, 0.0), rel=0.05)


def test_simulation_reproducible_and_seeded():
    pages = pages_for(ECKD, 0.4)
    a = simulate_devices(ECKD, pages, 1.0, seed=5)
    assert a == simulate_devices(ECKD, pages, 1.0, seed=5)
    assert a != simulate_devices(ECKD, pages, 1.0, seed=6)
    assert math.isnan(simulate_devices(ECKD, 0.0, 1.0, seed=5))


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(page_rate_per_s=-1.0, duration_s=1.0), "page_rate_per_s"),
        (dict(page_rate_per_s=1.0, duration_s=0.0), "duration_s"),
        (dict(page_rate_per_s=1.0, duration_s=1.0, service="gamma"), "service"),
        (dict(page_rate_per_s=1.0, duration_s=1.0, warmup_fraction=1.0), "warmup_fraction"),
        (dict(page_rate_per_s=1.0, duration_s=1.0, seed=-3), "seed"),
    ],
)
def test_simulation_bad_input_names_parameter(kwargs, name):
    with pytest.raises(ValueError, match=rf"^{name}: .* is not accepted"):
        simulate_devices(ECKD, **kwargs)


# --- path_slowdown: a guest's transfer time against the reference run ----------------------

@settings(max_examples=60, deadline=None)
@given(bw=st.floats(10, 5000), ref=st.floats(0, 0.95), a=st.floats(0, 0.99), b=st.floats(0, 0.99))
def test_path_slowdown_is_one_at_the_reference_and_grows_with_the_load(bw, ref, a, b):
    reference = ref * bw
    assert paging.path_slowdown(bw, reference, reference) == pytest.approx(1.0)
    lo, hi = sorted((a * bw, b * bw))
    assert paging.path_slowdown(bw, reference, lo) <= paging.path_slowdown(bw, reference, hi)
    # quieter than the reference run: faster than there
    if lo < reference - 1e-6 * bw:
        assert paging.path_slowdown(bw, reference, lo) < 1.0


def test_path_slowdown_values_and_limits():
    assert paging.path_slowdown(500.0, 320.0, 400.0) == pytest.approx(0.36 / 0.2)
    assert paging.path_slowdown(500.0, 320.0, 300.0) == pytest.approx(0.36 / 0.4)
    assert paging.path_slowdown(500.0, 320.0, 500.0) == math.inf
    with pytest.raises(ValueError, match="bandwidth_mib_s: 0.0 is not accepted"):
        paging.path_slowdown(0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="reference_mib_s: 600.0 is not accepted; expected less than the bandwidth 500"):
        paging.path_slowdown(500.0, 600.0, 100.0)
    with pytest.raises(ValueError, match="load_mib_s: -1 is not accepted"):
        paging.path_slowdown(500.0, 100.0, -1)


@settings(max_examples=40, deadline=None)
@given(reads=st.floats(0, 300), writes=st.floats(0, 300), guest=st.floats(0, 400))
def test_response_time_slowdown_is_path_slowdown_against_no_paging(reads, writes, guest):
    """One formula in one place: the paging state's guest slowdown is path_slowdown with the
    same guest I/O without paging as the reference."""
    config = paging.PagingConfig.from_data("eckd", path_bandwidth_mib_s=1000.0)
    s = paging.response_time(config, reads, writes, guest)
    assert s.guest_io_slowdown == pytest.approx(paging.path_slowdown(1000.0, guest, reads + writes + guest))
