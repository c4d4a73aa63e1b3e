"""The results chapters' seeded exercises: each answer is the model's own number for the
setting the seed drew, recomputed here from ``simulate`` rather than from the generator's
helpers, and the rejection rules do reject."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overcommit import exercises, simulate, tolerance
from overcommit.exercises import results

KEEP_TOPICS = tuple(results.SUBJECTS)


def _x(subject: str, cid: str, env: str) -> float:
    r = simulate(cid, env=env)
    if subject == "overall":
        return float(r.system["overall_relative_throughput"])
    return float(r.workloads.loc[subject, "relative_throughput"])


@pytest.mark.parametrize("topic", KEEP_TOPICS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 999))
def test_keep_answer_is_the_models_ratio(topic, seed):
    ex = exercises.generate(topic, seed)
    p = ex.parameters
    if p["kind"] in ("reads", "host-reads"):  # the overall chapter asks for page reads too
        reads = float(simulate(p["cid"], env=p["env"]).system["page_read_mib_s"])
        assert topic == "results_overall" and reads >= 1.0
        assert ex.answer == pytest.approx(reads, rel=5e-3)  # the any-host figure keeps 3 digits
        assert not exercises.check(topic, seed, reads * 1.1)
        return
    if p["kind"] == "host":  # a host of the dense grid, read off the any-host figure
        value = _x(p["subject"], p["cid"], p["env"])
        assert ex.exact == pytest.approx(value, rel=5e-3) and ex.answer == round(ex.exact, 2)
        assert 0.05 <= value <= 1 - results.MIN_LOSS and not p["failed"]
        memory, cpus = p["cid"].split("/")
        assert f"{memory} GiB, {cpus} CPU" in ex.question
        assert exercises.check(topic, seed, f"{value:.2f}") and exercises.check(topic, seed, ex.answer)
        assert not exercises.check(topic, seed, ex.answer + 0.05)
        return
    ratio = _x(p["subject"], p["cid"], p["env"]) / _x(p["subject"], p["base_cid"], p["env"])
    assert ex.answer == pytest.approx(ratio, abs=0.005)
    assert ratio <= 1 - results.MIN_LOSS
    assert p["subject"] in results.SUBJECTS[topic]
    assert p["cid"] in ex.question and p["base_cid"] in ex.question
    assert exercises.check(topic, seed, ex.answer)
    assert not exercises.check(topic, seed, ex.answer + 0.05)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 999))
def test_slowest_variant_answer_is_the_models(seed):
    ex = exercises.generate("results_model", seed)
    p = ex.parameters
    x = simulate(p["cid"], env=p["env"]).workloads["relative_throughput"].sort_values()
    if p.get("kind") == "variant":  # one named variant's throughput at the CID
        assert ex.exact == pytest.approx(float(x[p["subject"]]), abs=1e-9)
        assert exercises.check("results_model", seed, f"{ex.exact:.2f}")
        assert not exercises.check("results_model", seed, ex.answer + 0.05)
        assert p["subject"] not in ex.question
        return
    assert p["slowest"] == x.index[0]
    assert ex.answer == pytest.approx(float(x.iloc[0]), abs=0.0005)
    assert float(x.iloc[1] - x.iloc[0]) >= results.SLOWEST_GAP
    # the value read off the chart (two decimals) is right; the next variant's value is not
    assert exercises.check("results_model", seed, round(float(x.iloc[0]), 2))
    assert not exercises.check("results_model", seed, round(float(x.iloc[1]), 2))
    # the question and the worked answer name variants as the book does, never by their ids
    assert x.index[0] not in ex.question + ex.solution.split("Reproduce it")[0]


@settings(max_examples=25, deadline=None)
@given(seed=st.one_of(st.integers(0, 999), st.integers(exercises.GRADED_BASE, exercises.GRADED_BASE + 10**12)))
def test_read_share_answer_is_table2s(seed):
    ex = exercises.generate("results_tolerance", seed)
    p = ex.parameters
    t = tolerance.table2(p["cid"], env=p["env"])
    if p.get("measure") == "row-reads":  # graded seeds only: the row's reads, from the tooltip
        assert seed >= exercises.GRADED_BASE
        reads = float(t.loc[p["row"], "page_read_mib_s"])
        assert reads >= 1.0 and ex.answer == pytest.approx(reads, rel=1e-3)
        assert not exercises.check("results_tolerance", seed, reads * 1.1)
        return
    if p.get("measure") == "resident":  # graded seeds only: the figure's other measure
        assert seed >= exercises.GRADED_BASE
        assert ex.answer[0] == t.loc[p["row"], "resident_class"]
        assert ex.answer[1] == pytest.approx(float(t.loc[p["row"], "resident_remaining_pct"]), rel=1e-3)
        assert not exercises.check("results_tolerance", seed, [ex.answer[0], ex.answer[1] * 1.1 + 1])
        return
    assert ex.answer[0] == t.loc[p["row"], "reads_class"]
    assert ex.answer[1] == pytest.approx(float(t.loc[p["row"], "read_share_pct"]), rel=1e-3)
    assert float(t.loc[p["row"], "read_share_pct"]) >= 1.0


@pytest.mark.parametrize("topic", exercises.RESULTS_TOPICS)
def test_a_class_gets_varied_questions_and_answers(topic):
    generated = [exercises.generate(topic, s) for s in range(60)]
    assert len({e.question for e in generated}) >= 12
    assert len({str(e.answer) for e in generated}) >= 5
    assert any(e.parameters["variant_seed"] != e.seed for e in generated), "the rejection rule never fires"


def test_cuts_that_cost_nothing_are_rejected():
    # On 6.3 with EDEV-SCSI the model loses nothing between 512 and 128 GiB.
    raw = results._build_keep(0, 0, "results_was")
    raw.parameters.update(ratio=0.999)
    assert "keeps more than" in results.not_worth(raw)
    raw.parameters.update(ratio=0.9)
    assert results.not_worth(raw) is None


def test_a_tie_for_slowest_and_a_boundary_share_are_rejected():
    ex = next(e for e in map(lambda s: exercises.generate("results_model", s), range(40))
              if e.parameters.get("kind") != "variant")
    ex.parameters.update(gap=0.004)
    assert results.not_worth(ex) == "two variants are about equally slow"
    ex = next(e for e in map(lambda s: exercises.generate("results_model", s), range(40))
              if e.parameters.get("kind") == "variant")
    ex.parameters.update(value=1.0)
    assert "reference speed" in results.not_worth(ex)
    ex = exercises.generate("results_tolerance", 0)
    ex.parameters.update(read_share_pct=tolerance.BOUNDARIES.reads_high * 1.05)
    assert "boundary" in results.not_worth(ex)
    ex.parameters.update(read_share_pct=0.5)
    assert "less than 1 %" in results.not_worth(ex)
    ex.parameters.update(measure="resident", resident_remaining_pct=tolerance.BOUNDARIES.resident_high * 0.95)
    assert "boundary" in results.not_worth(ex)
    ex.parameters.update(resident_remaining_pct=100.0)
    assert "still resident" in results.not_worth(ex)
    ex.parameters.update(measure="row-reads", page_read_mib_s=0.4)
    assert "less than 1 MiB/s" in results.not_worth(ex)


def test_unknown_results_topic_is_refused():
    with pytest.raises(ValueError, match="topic: 'results_cpu' is not accepted; expected one of results_overall"):
        results.generate(0, "results_cpu")
