"""The chapter "Memory tiers and overcommitment": its figures and its seeded exercise."""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import overcommit as oc
from overcommit import exercises, names, tiers
from overcommit.book import figures_tiers as ft
from spec_utils import walk as _walk  # noqa: E402


def _axis_titles(spec):
    for node in _walk(spec):
        enc = node.get("encoding")
        if isinstance(enc, dict):
            for channel in ("x", "y"):
                e = enc.get(channel)
                if isinstance(e, dict) and e.get("axis", {}) is not None and e.get("title"):
                    yield e["title"]


# --- the frames the charts draw -------------------------------------------------------


@pytest.mark.parametrize("env", oc.ENVIRONMENTS)
@pytest.mark.parametrize("cid", ["512/25", "128/20", "64/20", "48/5"])
def test_run_frames_add_up(cid, env):
    result = oc.simulate(cid, env=env)
    frame, ratios = ft.run_frames(result)
    host = frame[frame["row"] == ft.HOST_ROW]
    assert host["gib"].sum() == pytest.approx(result.host.memory_gib, abs=0.02)
    dpa = float(host.loc[host["part"] == "DPA", "gib"].iloc[0])
    assert dpa == pytest.approx(result.system["dpa_mib"] / 1024, abs=0.01)
    resident = frame.loc[frame["row"] == "resident in the DPA", "gib"].sum()
    assert resident <= dpa + 0.05  # resident pages live in the DPA
    defined = frame.loc[frame["row"] == "defined", "gib"].sum()
    assert defined == pytest.approx(398_712 / 1024, abs=0.05)
    assert set(frame["part"]) <= set(ft.HOST_PARTS + ft.WORKLOADS)
    assert set(frame["row"]) <= set(ft.ROWS)
    ocr = ratios.set_index("measure")["ratio"]
    assert ocr[ft.RATIO_OCR] == pytest.approx(result.system["overcommit_ratio"], abs=1e-3)
    assert ocr[ft.RATIO_NAIVE] == pytest.approx(398_712 / (result.host.memory_gib * 1024), abs=1e-3)
    has_xstor = (frame["row"] == "in expanded storage").any()
    assert has_xstor == (env == "zvm62-edev" and result.system["overcommit_ratio"] > 1)


def test_the_paper_dpa_at_64_gib_is_the_host_row():
    frame, _ = ft.run_frames(oc.simulate("64/20"))
    dpa = frame[(frame["row"] == ft.HOST_ROW) & (frame["part"] == "DPA")]["gib"].iloc[0]
    assert dpa * 1024 == pytest.approx(64_783, abs=6)


def test_workload_of_maps_every_study_variant_and_rejects_others():
    assert {ft.workload_of(g.variant) for g in oc.study_guests()} == set(ft.WORKLOADS)
    with pytest.raises(ValueError, match="variant: 'xyz' is not accepted"):
        ft.workload_of("xyz")


def test_grid_frames_cover_the_grid_and_reject_unknown_environments():
    frame, ratios = ft.grid_frames()
    assert set(frame["cid"]) == set(oc.PAPER_CIDS)
    assert set(frame["env"]) == set(oc.ENVIRONMENTS)
    assert len(ratios) == 2 * len(oc.PAPER_CIDS) * len(oc.ENVIRONMENTS)
    with pytest.raises(ValueError, match="env: 'zvm99' is not accepted"):
        ft.grid_frames(envs=["zvm99"])


def test_split_tables_follow_the_tiers_module():
    table = ft.split_comparison()
    assert table.loc[64, "DPA, 6.3 (MiB)"] == 64_783
    assert table.loc[64, "DPA, 6.2 + 2 GiB XSTOR (MiB)"] == round(tiers.dpa_mib(64, 2))
    assert (table["DPA, 6.3 (MiB)"] > table["DPA, 6.2 + 2 GiB XSTOR (MiB)"]).all()


# --- the charts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "chart",
    [ft.tiers_grid_chart(), ft.tiers_run_chart(96, 10, "zvm62-edev"), ft.ratio_lines_chart(),
     ft.levels_diagram()],
    ids=["grid", "run", "ratio-lines", "levels"],
)
def test_charts_have_descriptions_titles_and_units(chart):
    spec = chart.to_dict()
    assert len(spec.get("description", "")) > 60
    assert any("title" in node for node in _walk(spec))
    for title in _axis_titles(spec):
        assert "(" in title and ")" in title, f"axis title without a unit: {title!r}"
    for node in _walk(spec):
        width = node.get("width")
        assert not isinstance(width, (int, float)) or width <= 470


def test_grid_chart_binds_both_drop_downs_and_filters_on_them():
    spec = ft.tiers_grid_chart("96/10", "zvm62-edev").to_dict()
    params = {p["name"]: p for p in spec["params"]}
    assert params["cid"]["value"] == "96/10" and params["cid"]["bind"]["options"] == list(oc.PAPER_CIDS)
    assert params["env"]["value"] == "zvm62-edev"
    assert params["env"]["bind"]["options"] == list(oc.ENVIRONMENTS)
    filters = [t["filter"] for node in _walk(spec) for t in node.get("transform", []) if "filter" in t]
    assert any("cid" in json.dumps(f) and "env" in json.dumps(f) for f in filters)
    assert len(json.dumps(spec)) < 300_000
    with pytest.raises(ValueError, match="default_cid: '1/1'"):
        ft.tiers_grid_chart("1/1")
    with pytest.raises(ValueError, match="default_env"):
        ft.tiers_grid_chart("64/20", "zvm61")


def test_grid_chart_data_differ_between_the_choices_the_browser_test_makes():
    frame, _ = ft.grid_frames()

    def run(cid, env):
        part = frame[(frame["cid"] == cid) & (frame["env"] == env)]
        return part.set_index(["row", "part"])["gib"].to_dict()

    assert run("64/20", "zvm63-edev") != run("48/5", "zvm63-edev")
    assert run("64/20", "zvm63-edev") != run("64/20", "zvm62-edev")


def test_run_chart_rejects_bad_hosts_with_value_errors():
    with pytest.raises(ValueError):
        ft.tiers_run_chart(0, 20)
    with pytest.raises(ValueError):
        ft.tiers_run_chart(64, 0)
    with pytest.raises(ValueError, match="env"):
        ft.tiers_run_chart(64, 20, "nope")


@pytest.mark.parametrize("memory", [8, 640])
def test_run_chart_covers_the_explorer_range(memory):
    spec = ft.tiers_run_chart(memory, 1, "zvm62-edev").to_dict()
    assert "description" in spec


# --- the seeded exercise ---------------------------------------------------------------


def test_same_seed_same_exercise_and_different_seeds_differ():
    a, b = exercises.generate("tiers", seed=11), exercises.generate("tiers", seed=11)
    assert a.question == b.question and a.answer == b.answer and a.solution == b.solution
    assert len({exercises.generate("tiers", seed=s).question for s in range(8)}) == 8


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_exercise_answer_is_computed_by_the_tiers_module(seed):
    ex = exercises.generate("tiers", seed=seed)
    p = ex.parameters
    dpa = tiers.dpa_mib(p["real_gib"], p["xstor_gib"])
    total = sum(p["instantiated_mib"])
    assert ex.answer[0] == pytest.approx(dpa, abs=0.1)
    assert ex.answer[1] == pytest.approx(total / min(total, dpa), rel=1e-4)
    assert ex.answer[1] >= 1.0
    assert all(d >= i for d, i in zip(p["defined_mib"], p["instantiated_mib"]))
    assert f"{p['real_gib']} GiB" in ex.question
    assert exercises.check("tiers", seed, ex.answer)
    assert not exercises.check("tiers", seed, [ex.answer[0], ex.answer[1] * 1.1])
    central = p["real_gib"] * 1024 - p["xstor_gib"] * 1024
    assert not exercises.check("tiers", seed, [central, ex.answer[1]])  # forgot CP's part
    if p["xstor_gib"]:
        assert not exercises.check("tiers", seed, [ex.answer[0] + 2048, ex.answer[1]])  # forgot XSTOR


def test_question_asks_for_the_answer_in_words():
    """The question is a reader's text: it names the two numbers, not a code name for them."""
    for seed in range(10):
        question = exercises.generate("tiers", seed=seed).question
        assert "dpa_mib" not in question and "two numbers" in question
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", question), question


def test_environments_have_the_books_names():
    assert ft.ENV_LABELS == {e: names.environment(e) for e in oc.ENVIRONMENTS}
    spec = json.dumps(ft.tiers_grid_chart().to_dict())
    assert names.environment("zvm62-edev") in spec  # the drop-down's option, as the book says it


def test_some_seeds_fit_in_memory_and_some_do_not():
    answers = [exercises.generate("tiers", seed=s).answer[1] for s in range(200)]
    assert any(math.isclose(a, 1.0) for a in answers)
    assert any(a > 1.5 for a in answers)
    assert {exercises.generate("tiers", seed=s).parameters["release"] for s in range(20)} == {"6.2", "6.3"}
