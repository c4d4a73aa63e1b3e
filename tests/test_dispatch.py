"""overcommit.dispatch: the runnable-count distribution and the fluctuation idle."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import overcommit as oc
from overcommit import dispatch
from overcommit.workloads import study_guests

probabilities = st.lists(st.floats(0.0, 1.0), min_size=0, max_size=40)


def _brute_force_idle(c: float, q: list[float]) -> float:
    """E[max(c - R, 0)] by listing every runnable/not-runnable combination."""
    total = 0.0
    for states in itertools.product((0, 1), repeat=len(q)):
        p = np.prod([qi if s else 1 - qi for qi, s in zip(q, states)])
        total += p * max(c - sum(states), 0.0)
    return total


@given(probabilities)
def test_pmf_is_a_distribution_with_the_mean_of_the_coin_flips(q):
    p = dispatch.runnable_pmf(q)
    assert p.size == len(q) + 1 and np.all(p >= -1e-15)
    assert p.sum() == pytest.approx(1.0)
    assert np.dot(p, np.arange(p.size)) == pytest.approx(sum(q), abs=1e-9)


@settings(max_examples=60)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=9), st.floats(0.0, 12.0))
def test_fluctuation_idle_matches_enumeration(q, c):
    expected = _brute_force_idle(c, q) - max(c - sum(q), 0.0)
    assert dispatch.fluctuation_idle(c, q) == pytest.approx(max(expected, 0.0), abs=1e-9)


@given(probabilities, st.floats(0.0, 50.0))
def test_fluctuation_idle_is_never_negative_and_never_more_than_the_cpus(q, c):
    i = dispatch.fluctuation_idle(c, q)
    assert 0.0 <= i <= c + 1e-12


@given(st.lists(st.sampled_from([0.0, 1.0]), max_size=30), st.floats(0.0, 40.0))
def test_no_fluctuation_without_randomness(q, c):
    # every virtual CPU always or never runnable: R is fixed, nothing is lost
    assert dispatch.fluctuation_idle(c, q) == pytest.approx(0.0, abs=1e-12)


def test_study_numbers_the_chapter_states():
    g = study_guests()
    q = dispatch.vcpu_runnable([x.cpu_load for x in g], [x.vcpus for x in g])
    assert q.size == 36 and np.all((q > 0) & (q <= 1))
    assert 0.3 < dispatch.fluctuation_idle(20, q) < 0.6  # "about 0.4 with 20 CPUs"
    assert dispatch.fluctuation_idle(5, q) < 1e-3
    assert dispatch.fluctuation_idle(20, q) > dispatch.fluctuation_idle(15, q) > dispatch.fluctuation_idle(10, q)


def test_vcpu_runnable_caps_each_virtual_cpu_at_one():
    assert list(dispatch.vcpu_runnable([3.0, 0.5], [2, 1])) == [1.0, 1.0, 0.5]


def test_bad_probabilities_are_refused_by_name():
    with pytest.raises(ValueError, match="q: expected finite"):
        dispatch.runnable_pmf([0.5, float("nan")])


def test_model_idles_cpus_while_guests_wait_and_leaves_the_reference_alone():
    ref = oc.simulate("512/25")
    assert np.allclose(ref.workloads["relative_throughput"], 1.0, atol=1e-9)
    # more paging, fewer runnable virtual CPUs, more idle: the paper's Figure 6 observation
    # (its 0.5 CPUs or more the model does not reach: the database's spinning virtual CPUs
    # are runnable, which leaves fewer moments with a real CPU free)
    a, b = oc.simulate("512/20").system, oc.simulate("64/20").system
    assert 0.5 > b["idle_cpu"] > a["idle_cpu"] > 0.1
    # at 512/20 all the idle time is fluctuation idle: guests are still cut
    assert a["idle_cpu"] == pytest.approx(a["fluctuation_idle_cpu"], abs=1e-6)
    assert a["spare_cpu"] == pytest.approx(a["idle_cpu"] - a["fluctuation_idle_cpu"], abs=1e-12)
    assert oc.simulate("512/5").system["idle_cpu"] < 0.01


def test_runnable_pmf_is_the_recurrence_on_small_and_large_hosts():
    """The generating function evaluated at the roots of unity and inverted by one FFT (the
    model's path) gives the recurrence's distribution (adding one virtual CPU at a time) to
    rounding, on the study's size and on large hosts."""
    from overcommit.seeding import rng

    def recurrence(q):
        p = np.zeros(q.size + 1)
        p[0] = 1.0
        for i, qi in enumerate(q):
            p[1:i + 2] = p[1:i + 2] * (1.0 - qi) + p[:i + 1] * qi
            p[0] *= 1.0 - qi
        return p

    gen = rng(3)
    for n in (0, 1, 2, 36, 64, 65, 250):
        q = gen.random(n)
        expected = recurrence(q)
        assert np.array_equal(dispatch.runnable_pmf_stepwise(q), expected), n
        assert np.allclose(dispatch.runnable_pmf(q), expected, rtol=0, atol=1e-14), n
        assert np.allclose(dispatch.runnable_pmf(q, check=False), expected, rtol=0, atol=1e-14), n


def test_runnable_pmf_is_exact_where_the_count_is_certain():
    # every virtual CPU always or never runnable: all the mass on one count, none elsewhere
    p = dispatch.runnable_pmf([1.0] * 7 + [0.0] * 5)
    assert p[7] == pytest.approx(1.0, abs=1e-14)
    assert np.all(np.delete(p, 7) < 1e-14) and np.all(p >= 0.0)


# --- lock-holder preemption: all_busy and lock_spin ------------------------------------


def _brute_force_busy(c: int, q: list[float]) -> float:
    """P(R >= c) by listing every runnable/not-runnable combination."""
    total = 0.0
    for states in itertools.product((0, 1), repeat=len(q)):
        if sum(states) >= c:
            total += np.prod([qi if s else 1 - qi for qi, s in zip(q, states)])
    return total


@settings(max_examples=60)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=9), st.integers(0, 10))
def test_all_busy_is_the_chance_of_at_least_c_runnable(q, c):
    assert dispatch.all_busy(c, q) == pytest.approx(min(_brute_force_busy(c, q), 1.0), abs=1e-9)


@given(probabilities, st.floats(0.0, 40.0), st.floats(0.0, 5.0))
def test_all_busy_is_a_probability_that_falls_with_more_cpus(q, c, more):
    b = dispatch.all_busy(c, q)
    assert 0.0 <= b <= 1.0
    assert dispatch.all_busy(c + more, q) <= b + 1e-12


@given(probabilities, st.floats(0.0, 40.0), st.floats(0.0, 1.0))
def test_all_busy_rises_when_a_virtual_cpu_is_runnable_more(q, c, extra):
    more = [min(qi + extra, 1.0) for qi in q]
    assert dispatch.all_busy(c, more) >= dispatch.all_busy(c, q) - 1e-12


def test_idle_and_busy_is_both_functions_from_one_distribution():
    g = study_guests()
    q = dispatch.vcpu_runnable([x.cpu_load for x in g], [x.vcpus for x in g])
    for c in (5, 14.5, 20, 25, 40):
        assert dispatch.idle_and_busy(c, q) == (dispatch.fluctuation_idle(c, q), dispatch.all_busy(c, q))


def test_the_reference_host_is_seldom_full_and_a_20_cpu_host_mostly():
    """The book's numbers: with Table 17's loads every real CPU of the 25-CPU reference host is
    busy only part of the time, of a 20-CPU host most of the time, of 15 or fewer always."""
    g = study_guests()
    q = dispatch.vcpu_runnable([x.cpu_load for x in g], [x.vcpus for x in g])
    assert 0.05 < dispatch.all_busy(25, q) < 0.25
    assert 0.6 < dispatch.all_busy(20, q) < 0.9
    assert dispatch.all_busy(15, q) > 0.99 and dispatch.all_busy(10, q) > 0.9999


@given(st.floats(0.0, 1.0), st.integers(1, 8), st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_lock_spin_grows_with_each_factor_and_never_for_one_cpu(coupling, n, busy, running):
    m = float(dispatch.lock_spin(coupling, n, busy, running))
    assert m >= 1.0
    assert float(dispatch.lock_spin(coupling, 1, busy, running)) == 1.0  # nothing to spin
    assert float(dispatch.lock_spin(coupling, n + 1, busy, running)) >= m
    assert float(dispatch.lock_spin(coupling, n, min(busy + 0.1, 1.0), running)) >= m
    assert float(dispatch.lock_spin(coupling, n, busy, min(running + 0.1, 1.0))) >= m
    assert float(dispatch.lock_spin(0.0, n, busy, running)) == 1.0  # independent work


def test_lock_spin_formula_on_a_worked_example():
    # four virtual CPUs, fully coupled, host full 80 % of the time, siblings running 70 %
    assert float(dispatch.lock_spin(1.0, 4, 0.8, 0.7)) == pytest.approx(1 + 3 * 0.8 * 0.7)


def test_lock_spin_and_all_busy_refuse_bad_input_by_name():
    with pytest.raises(ValueError, match="busy"):
        dispatch.lock_spin(1.0, 4, 1.5, 0.5)
    with pytest.raises(ValueError, match="coupling"):
        dispatch.lock_spin(-1.0, 4, 0.5, 0.5)
    with pytest.raises(ValueError, match="vcpus"):
        dispatch.lock_spin(1.0, 0, 0.5, 0.5)
    with pytest.raises(ValueError, match="real_cpus"):
        dispatch.all_busy(float("nan"), [0.5])
    with pytest.raises(ValueError, match=r"variant 'x'\.coupling: 2 is not accepted"):
        oc.Variant("x", coupling=2)


def test_model_spins_only_coupled_guests_with_siblings_and_never_in_the_reference():
    ref = oc.simulate("512/25").guests
    assert np.allclose(ref["cpu_load"], [g.cpu_load for g in study_guests()])
    r = oc.simulate("512/20")
    spin = r.guests["spin_factor"]
    variants = oc.study_variants()
    for g in study_guests():
        if variants[g.variant].coupling == 0 or g.vcpus == 1:
            assert spin[g.name] == 1.0
    # the database burns more CPU per unit of work on a full 20-CPU host than in the reference
    db = r.guests.loc["db-bi"]
    assert spin["db-bi"] > 1.2
    assert db["cpu_load"] == pytest.approx(
        r.workloads.loc["db-bi", "relative_throughput"] * 2.82 * spin["db-bi"], rel=1e-6)
