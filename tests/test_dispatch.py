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
    a, b = oc.simulate("512/20").system, oc.simulate("64/20").system
    assert b["idle_cpu"] >= 0.5 > a["idle_cpu"] > 0.3
    # at 512/20 all the idle time is fluctuation idle: guests are still cut
    assert a["idle_cpu"] == pytest.approx(a["fluctuation_idle_cpu"], abs=1e-6)
    assert a["spare_cpu"] == pytest.approx(a["idle_cpu"] - a["fluctuation_idle_cpu"], abs=1e-12)
    assert oc.simulate("512/5").system["idle_cpu"] < 0.01


def test_runnable_pmf_is_the_recurrence_bit_for_bit_on_small_and_large_hosts():
    """The model's fast path (Python floats up to 64 virtual CPUs) and the NumPy path above
    it compute the definition's recurrence with the same operations: equal to the last bit."""
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
        assert np.array_equal(dispatch.runnable_pmf(q), recurrence(q)), n
