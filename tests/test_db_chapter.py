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


def test_database_is_not_cpu_limited_at_512_20_and_loses_with_memory():
    assert _x("512/20") == pytest.approx(1.0, abs=1e-3)
    assert _x("512/20") > _x("96/20") > _x("64/20") > _x("48/20")


def test_ten_cpu_runs_fall_inside_the_papers_band():
    for m in (512, 256, 128, 112, 96, 64):
        assert 0.30 <= _x(f"{m}/10") <= 0.44 + 0.03


def test_database_cpu_load_never_exceeds_the_reference():
    ref = oc.simulate("512/25").guests.loc["db-bi", "cpu_load"]
    for cid in ("96/20", "64/20", "48/20"):
        assert oc.simulate(cid).guests.loc["db-bi", "cpu_load"] <= ref + 1e-9


def test_memory_break_points_of_the_exercise():
    from overcommit import planning
    assert 8 < planning.memory_break_point("db-bi", 0.9, 20) < 64
    # with 15 CPUs the database keeps 90 % of its 512 GiB throughput down to the scan's end
    assert planning.memory_break_point("db-bi", 0.9, 15, baseline="hi") is None
