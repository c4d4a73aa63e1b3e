"""Configuration IDs and the one random-seed helper."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from overcommit import rng
from overcommit.cids import CID, parse_cid


@pytest.mark.parametrize(
    "value, expected",
    [("64/20", CID(64, 20)), (" 512/25 ", CID(512, 25)), ((96, 15), CID(96, 15)), ("100.5/3", CID(100.5, 3))],
)
def test_parse(value, expected):
    assert parse_cid(value) == expected


def test_str_round_trip():
    assert str(parse_cid("64/20")) == "64/20"
    assert str(parse_cid((100.5, 3))) == "100.5/3"


@pytest.mark.parametrize(
    "value, fragment",
    [
        ("abc", "expected 'MEM/CPUS'"),
        ("64/0", "CPUs 0 is not accepted; expected a whole number >= 1"),
        ("-5/10", "memory -5.0 GiB is not accepted"),
        ("nan/10", "memory nan GiB is not accepted"),
        ("64/2.5", "CPUs '2.5'"),
        ("x/10", "memory 'x'"),
        ((64, True), "CPUs True"),
        ([64, 20], "expected 'MEM/CPUS' or a (memory_gib, cpus) pair"),
        ((math.inf, 5), "memory inf GiB"),
    ],
)
def test_bad_cids_name_field_value_and_what_is_accepted(value, fragment):
    with pytest.raises(ValueError) as err:
        parse_cid(value)
    assert str(err.value).startswith("cid:")
    assert fragment in str(err.value)


@given(st.integers(1, 4096), st.integers(1, 256))
def test_parse_accepts_every_positive_pair(mem, cpus):
    cid = parse_cid(f"{mem}/{cpus}")
    assert (cid.memory_gib, cid.cpus) == (mem, cpus)
    assert parse_cid(str(cid)) == cid


def test_rng_is_deterministic_and_seed_sensitive():
    assert np.array_equal(rng(7).random(5), rng(7).random(5))
    assert not np.array_equal(rng(7).random(5), rng(8).random(5))
    assert np.array_equal(rng().random(3), rng(None).random(3))


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True])
def test_rng_rejects_bad_seeds(seed):
    with pytest.raises(ValueError, match=r"^seed: .* expected a whole number >= 0"):
        rng(seed)
