"""Tests for overcommit.shares: the paper's example exactly, input checks, properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import shares
from overcommit.shares import allocate, idle, per_vcpu, water_level

# --------------------------------------------------------------------------------------
# The paper's worked example (seed 000, "Assignment of relative shares to virtual systems")


def test_equal_shares_two_cpus():
    x = allocate(2, [1, 4], [100, 100])
    assert x.tolist() == [1.0, 1.0]
    assert per_vcpu(x, [1, 4]).tolist() == [1.0, 0.25]
    assert idle(2, x) == 0.0


def test_shares_proportional_to_vcpus_two_cpus():
    x = allocate(2, [1, 4], [100, 400])
    assert x.tolist() == [0.4, 1.6]
    assert per_vcpu(x, [1, 4]).tolist() == [0.4, 0.4]
    assert water_level(2, [1, 4], [100, 400]) == 0.004


def test_six_cpus_caps_both_and_one_idles():
    x = allocate(6, [1, 4], [100, 400])
    assert x.tolist() == [1.0, 4.0]
    assert idle(6, x) == 1.0
    assert water_level(6, [1, 4], [100, 400]) == math.inf


def test_demand_below_vcpus_passes_power_on():
    # The 4-CPU guest only wants 0.5 CPU; the other gets the rest up to its cap.
    x = allocate(2, [1, 4], [100, 400], demand=[4, 0.5])
    assert x.tolist() == [1.0, 0.5]
    assert idle(2, x) == 0.5
    # Zero demand is allowed: that guest gets nothing.
    assert allocate(2, [2, 2], [100, 100], demand=[0, 2]).tolist() == [0.0, 2.0]


def test_returns_numpy_array_in_input_order():
    x = allocate(3, np.array([4, 1, 2]), (300, 100, 200))
    assert isinstance(x, np.ndarray)
    np.testing.assert_allclose(x, [1.5, 0.5, 1.0])


# --------------------------------------------------------------------------------------
# Bad input: ValueError naming the parameter and the value


@pytest.mark.parametrize(
    "kwargs, names",
    [
        (dict(real_cpus=0, vcpus=[1], shares=[100]), ["real_cpus", "0", "> 0"]),
        (dict(real_cpus=-2, vcpus=[1], shares=[100]), ["real_cpus", "-2"]),
        (dict(real_cpus=float("nan"), vcpus=[1], shares=[100]), ["real_cpus", "nan"]),
        (dict(real_cpus=float("inf"), vcpus=[1], shares=[100]), ["real_cpus", "inf"]),
        (dict(real_cpus="two", vcpus=[1], shares=[100]), ["real_cpus", "'two'"]),
        (dict(real_cpus=2, vcpus=[1, 0], shares=[100, 100]), ["vcpus", "element 1", ">= 1"]),
        (dict(real_cpus=2, vcpus=[1.5], shares=[100]), ["vcpus", "1.5", "whole"]),
        (dict(real_cpus=2, vcpus=[1, 4], shares=[100, -1]), ["shares", "-1", "> 0"]),
        (dict(real_cpus=2, vcpus=[1, 4], shares=[0, 100]), ["shares", "element 0", "> 0"]),
        (dict(real_cpus=2, vcpus=[1, 4], shares=[100]), ["shares", "1 values", "2 guests"]),
        (dict(real_cpus=2, vcpus=[], shares=[]), ["vcpus", "at least one guest"]),
        (
            dict(real_cpus=2, vcpus=[1, 4], shares=[1, 1], demand=[1, -0.5]),
            ["demand", "-0.5", ">= 0"],
        ),
        (dict(real_cpus=2, vcpus=[1, 4], shares=[1, 1], demand=[1]), ["demand", "1 values"]),
        (dict(real_cpus=2, vcpus=[[1, 4]], shares=[1, 1]), ["vcpus", "one-dimensional"]),
    ],
)
def test_bad_input_names_parameter(kwargs, names):
    with pytest.raises(ValueError) as info:
        allocate(**kwargs)
    for name in names:
        assert name in str(info.value)


def test_helpers_reject_bad_input():
    with pytest.raises(ValueError, match="allocation"):
        idle(2, [1.0, -1.0])
    with pytest.raises(ValueError, match="allocation.*more than real_cpus"):
        idle(2, [1.5, 1.5])
    with pytest.raises(ValueError, match="real_cpus"):
        idle(0, [0.0])
    with pytest.raises(ValueError, match="vcpus"):
        per_vcpu([1.0, 1.0], [1])
    with pytest.raises(ValueError, match="vcpus"):
        per_vcpu([1.0], [0])


# --------------------------------------------------------------------------------------
# Properties

TOL = 1e-9


@st.composite
def guests(draw, with_demand=True):
    n = draw(st.integers(1, 12))
    vcpus = draw(st.lists(st.integers(1, 16), min_size=n, max_size=n))
    shares = draw(
        st.lists(
            st.floats(0.01, 10_000, allow_nan=False, allow_infinity=False), min_size=n, max_size=n
        )
    )
    demand = None
    if with_demand and draw(st.booleans()):
        demand = draw(
            st.lists(
                st.floats(0, 20, allow_nan=False, allow_infinity=False), min_size=n, max_size=n
            )
        )
    real = draw(st.floats(0.01, 100, allow_nan=False, allow_infinity=False))
    return real, np.array(vcpus), np.array(shares), None if demand is None else np.array(demand)


def caps_of(vcpus, demand):
    return vcpus.astype(float) if demand is None else np.minimum(vcpus, demand)


@settings(max_examples=150, deadline=None)
@given(guests())
def test_never_more_than_real_cpus(case):
    real, v, s, d = case
    x = allocate(real, v, s, d)
    assert x.sum() <= real + TOL
    assert (x >= 0).all()


@settings(max_examples=150, deadline=None)
@given(guests())
def test_never_more_than_cap(case):
    real, v, s, d = case
    x = allocate(real, v, s, d)
    assert (x <= caps_of(v, d) + TOL).all()


@settings(max_examples=150, deadline=None)
@given(guests())
def test_work_conserving(case):
    real, v, s, d = case
    x = allocate(real, v, s, d)
    caps = caps_of(v, d)
    if caps.sum() >= real:
        assert math.isclose(x.sum(), real, rel_tol=1e-9, abs_tol=TOL)
        assert idle(real, x) <= 1e-9 * max(real, 1)
    else:
        np.testing.assert_allclose(x, caps, rtol=1e-12, atol=TOL)
        assert math.isclose(idle(real, x), real - caps.sum(), rel_tol=1e-9, abs_tol=TOL)


@settings(max_examples=150, deadline=None)
@given(guests())
def test_share_proportional_among_uncapped(case):
    real, v, s, d = case
    x = allocate(real, v, s, d)
    caps = caps_of(v, d)
    uncapped = x < caps - 1e-9 * np.maximum(caps, 1)
    if uncapped.any():
        theta = water_level(real, v, s, d)
        np.testing.assert_allclose(x[uncapped] / s[uncapped], theta, rtol=1e-9)
        # Capped guests are those whose level would exceed their cap.
        assert (caps[~uncapped] <= theta * s[~uncapped] * (1 + 1e-9) + TOL).all()


@settings(max_examples=150, deadline=None)
@given(guests(), st.floats(0, 50, allow_nan=False, allow_infinity=False))
def test_monotone_in_real_cpus(case, extra):
    real, v, s, d = case
    x = allocate(real, v, s, d)
    y = allocate(real + extra, v, s, d)
    assert (y >= x - 1e-9 * np.maximum(x, 1)).all()


@settings(max_examples=150, deadline=None)
@given(guests(), st.floats(1e-3, 1e3, allow_nan=False, allow_infinity=False))
def test_scale_invariant_in_shares(case, factor):
    real, v, s, d = case
    np.testing.assert_allclose(
        allocate(real, v, s * factor, d), allocate(real, v, s, d), rtol=1e-9, atol=1e-12
    )


@settings(max_examples=100, deadline=None)
@given(guests(with_demand=False))
def test_shares_proportional_to_vcpus_give_equal_per_vcpu_power(case):
    # The study's rule (share = 100 per virtual CPU) gives every busy virtual CPU the same
    # power, min(1, real / total virtual CPUs).
    real, v, _, _ = case
    x = allocate(real, v, 100 * v)
    np.testing.assert_allclose(per_vcpu(x, v), min(1.0, real / v.sum()), rtol=1e-9)


# --- the vectorised fast path used by the model --------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from overcommit.shares import allocate as _allocate, water_fill_caps  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(
    st.floats(0.1, 64),
    st.lists(st.tuples(st.integers(1, 8), st.floats(1, 1000), st.floats(0, 10)), min_size=1, max_size=20),
)
def test_water_fill_caps_matches_allocate(real_cpus, guests):
    vcpus = np.array([g[0] for g in guests], float)
    share = np.array([g[1] for g in guests])
    demand = np.array([g[2] for g in guests])
    exact = _allocate(real_cpus, vcpus, share, demand=demand)
    fast = water_fill_caps(real_cpus, np.minimum(vcpus, demand), share)
    assert np.allclose(fast, exact, rtol=1e-9, atol=1e-9)


# --- chain allocation (used by the model) ----------------------------------------------

def test_chain_allocate_is_water_filling_for_single_guest_chains():
    caps = np.array([1.0, 4.0, 2.0])
    sh = np.array([100.0, 400.0, 200.0])
    cost = np.ones(3)
    use, x = shares.chain_allocate(3.0, caps, sh, cost, np.zeros(3), np.arange(3), np.full(3, 10.0))
    np.testing.assert_allclose(use, shares.allocate(3.0, [1, 4, 2], sh, caps), rtol=1e-12)
    np.testing.assert_allclose(x, use, rtol=1e-12)


def test_chain_allocate_holds_a_chain_to_its_slowest_guest():
    # one workload on two guests; the first may use only 0.5 CPU, so the second must not hold more
    use, x = shares.chain_allocate(10.0, np.array([0.5, 4.0]), np.array([100.0, 100.0]),
                                   np.array([1.0, 2.0]), np.zeros(2), np.array([0, 0]), np.array([1.0]))
    assert x[0] == pytest.approx(0.5)
    np.testing.assert_allclose(use, [0.5, 1.0])


@given(st.lists(st.floats(0.05, 3.0), min_size=2, max_size=8), st.floats(0.5, 20.0))
@settings(max_examples=60, deadline=None)
def test_chain_allocate_never_gives_more_than_available_or_wanted(costs, cpus):
    n = len(costs)
    cost = np.array(costs)
    caps = np.full(n, 2.0)
    wanted = np.ones(n)
    use, x = shares.chain_allocate(cpus, caps, np.full(n, 100.0), cost, np.zeros(n), np.arange(n), wanted)
    assert use.sum() <= cpus + 1e-9
    assert np.all(x <= wanted + 1e-12) and np.all(use <= caps + 1e-12)
    # work-conserving: every workload gets what it wants or is at its cap, or all CPUs are used
    satisfied = (x >= wanted - 1e-9) | (use >= caps - 1e-9)
    assert satisfied.all() or use.sum() == pytest.approx(cpus, rel=1e-9)



@settings(max_examples=150, deadline=None)
@given(guests())
def test_every_guest_gets_at_least_its_guarantee(case):
    # the bound validation.share_floors relies on: water-filling never leaves a guest below
    # min(cap, P s_g / sum s), whatever the other guests want
    real, v, s, d = case
    x = allocate(real, v, s, d)
    floor = shares.guaranteed(real, v, s, d)
    assert (x >= floor - 1e-9 * max(real, 1)).all()
    assert (floor <= caps_of(v, d) + TOL).all()


def test_guarantee_is_tight_when_everyone_wants_everything():
    # every virtual CPU busy and more of them than real CPUs: each guest gets exactly its part
    x = allocate(10, [4, 8, 16], [100, 200, 400])
    np.testing.assert_allclose(x, shares.guaranteed(10, [4, 8, 16], [100, 200, 400]))


def test_guarantee_rejects_bad_input_by_name():
    with pytest.raises(ValueError, match="shares"):
        shares.guaranteed(2, [1, 4], [100, -1])
    with pytest.raises(ValueError, match="real_cpus"):
        shares.guaranteed(0, [1], [100])
